//! The Simple Hex dogfight (Mike Crane, "Battle of Britain — Simple Hex Rules").
//!
//! Commands in, events out, in one file per job:
//! - `command`, `event`: what a player decides and what happens;
//! - `state`: the state, whose fields only `state::apply` can write;
//! - `check`: the one legality test and why a command is refused;
//! - `execute`: a legal command and the automatic sequence of play as events;
//! - `preview`: reach, attack angles and odds, for the screens and opponents;
//! - `game`: the game (state, dice, record), undo, and the `Rules` trait;
//! - `movement`: the step rule and the move search; `scenario`: the data;
//!   `ai`: the opponent.
//!
//! The dice are the game's own seeded stream, so a game is exactly its
//! scenario, options, seed and commands.

pub mod ai;
mod check;
mod command;
mod event;
mod execute;
pub mod forces;
mod game;
pub mod movement;
pub mod preview;
pub mod report;
pub mod scenario;
pub mod search;
pub mod state;

pub use check::Illegal;
pub use command::Command;
pub use event::{Event, Loss};
pub use game::{Game, Start};
pub use movement::{Mover, Step, StepTo};
pub use preview::{
    AttackOption, AttackPreview, Effect, Fire, Forecast, MoveOptions, NoReturn, Reach,
};
pub use report::Report;
pub use scenario::*;
pub use search::{Node, Search};
pub use state::{ActiveMove, Loc, Phase, Plane, PlaneId, PlaneNow, Snapshot, State, UnitId};

use crate::common::game::Rules;

/// A game that is a battle of Simple Hex: its commands, events and state
/// are Simple Hex's, and it can be read as a game of Simple Hex. A game of
/// its own is one; so is a campaign's intercept fought on the board
/// (`campaign::OnTheBoard`), whose moves go to the campaign.
pub trait HexGame: Rules<Command = Command, Event = Event, State = State, Seat = Side> {
    /// The battle as a game of Simple Hex, to read.
    fn hex(&self) -> &Game;

    /// The gruppe a plane flies in while its gruppe is face down to the
    /// RAF (a campaign dogfight on the board); None when it can be seen.
    fn face_down(&self, _plane: PlaneId) -> Option<u8> {
        None
    }
}

impl HexGame for Game {
    fn hex(&self) -> &Game {
        self
    }
}
