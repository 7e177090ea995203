//! attackopt decides and optimizes declarations of attackers in Magic: The Gathering
//! (CR 508.1), exactly.
//!
//! The pipeline flows one way: [`board`] (formats, validation) → [`rules`] (plain requirements,
//! restrictions and cost instances, with [`cards`] for named cards) → [`mana`] (payment) →
//! [`legality`] (maximum, check, witness) → report.

pub mod api;
pub mod baseline_dfs;
pub mod board;
pub mod cards;
pub mod debug;
pub mod generate;
pub mod ilp;
pub mod import;
pub mod legality;
pub mod mana;
pub mod position;
pub mod rules;
pub mod schema;
pub mod solve;
pub mod view;
pub mod vocab;

pub use api::request;
pub use api::{Enumeration, Error, MaximumReport, Method, Options};
pub use board::{Declaration, InputError, ValidBoard};
pub use legality::{check, Baseline, CheckResult};
pub use position::Position;
pub use request::{Answer, Exit, JsonOptions, OptionError, Outcome, Request};
pub use solve::{Objective, SolveResult};
