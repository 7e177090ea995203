//! Turning other programs' game states into boards (`attackopt import`).

pub mod forge;
pub mod names;
