//! The family game: one to four sector commanders, each with a Spitfire,
//! against bombers steered by a spinner (the flight indicator).
//!
//! The same shape as Simple Hex, one file per job: `command`, `event`,
//! `state` (whose fields only `state::apply` can write), `check`, `execute`,
//! `flight` (the spinner's flights), `game` (state, spinner, record, undo and
//! the `Rules` trait), `setup`, `scenario` (the boards) and `ai`. The spinner
//! is the game's own seeded dice stream, so a game is exactly its board,
//! setup, seed and commands.

pub mod ai;
mod check;
mod command;
mod event;
mod execute;
mod flight;
mod game;
mod preview;
pub mod scenario;
mod setup;
pub mod state;

pub use check::Illegal;
pub use command::Command;
pub use event::{Cause, Event, Return};
pub use flight::{FlightEnd, FlightPlan, Plane, MAX_BOMBER_SQUARES};
pub use game::{Game, Seat};
pub use preview::Choice;
pub use scenario::*;
pub use setup::{BomberAt, Position, SeatSetup, Setup, SpitfireAt};
pub use state::{Bomber, Ending, Order, Phase, Spitfire, State};
