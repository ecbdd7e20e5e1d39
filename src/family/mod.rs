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
pub mod spread;
pub mod state;

pub use check::Illegal;
pub use command::Command;
pub use event::{Cause, Event, Return};
pub use flight::{FlightEnd, FlightPlan, Plane, MAX_BOMBER_SQUARES};
pub use game::{Game, Seat, Start};
pub use preview::Choice;
pub use scenario::*;
pub use setup::{BomberAt, Position, SeatSetup, Setup, SpitfireAt};
pub use state::{Bomber, Ending, Order, Phase, Spitfire, State};

use crate::common::game::Rules;

/// A game the family table can play: a family game itself, or a campaign
/// while one of its intercepts is fought on the family board.
pub trait FamilyGame: Rules<Command = Command, Event = Event, State = State, Seat = Seat> {
    /// The battle as a family game, to read.
    fn family(&self) -> &Game;
}

impl FamilyGame for Game {
    fn family(&self) -> &Game {
        self
    }
}
