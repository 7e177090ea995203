//! The vocabulary boards are written in, below every other module: mana symbols, the effect
//! language (selectors, target sets, effect kinds) and the JSON Schema shapes of the fields
//! whose form varies. `board` parses into these types; `cards`, `rules`, `mana` and `schema`
//! read them. Nothing here depends on any other module of the crate, which keeps the module
//! graph acyclic (`tests/it/architecture.rs` checks it).

pub mod effects;
pub mod fields;
pub mod symbol;
