//! A night Blitz campaign as a game: the nights from the Coventry raid to
//! the tour's end, each mission flown zone by zone through the tables, the
//! crew deciding (route, height, evasive action, abort, bomb or jettison)
//! and the game's own seeded dice throwing every table. A game is its
//! tables, setup, seed and commands (docs/RULES.md, "The night Blitz").

use super::bomber::{Abort, Heading, Leg};
use super::command::{Command, Illegal};
use super::crew::{relieve_pilot, Relief, Station, Wound};
use super::defences::{Detection, Evasion, Fighter, Flak, Interception, Situation};
use super::event::{Cause, Ending, Event, Phase, TableId, Thrown};
use super::flight::{Failure, Icing, Lightning, TakeOff, Weather};
use super::map::{Zone, ZoneKind};
use super::mission_end::{Beam, BombRun, Fate, Jump, Landing};
use super::nights::{Night, Orders};
use super::reading::Reading;
use super::state::{self, Setup, State};
use super::table::Rolled;
use super::Tables;
use crate::common::game::GameKind;
use crate::common::shell::{Engine, Shell};
use std::convert::Infallible;
use std::fmt::Debug;
use std::sync::Arc;

mod aboard;
mod check;
mod execute;
mod flight;
mod mission_end;
mod nights;
mod target;

/// Who decides: the crew (the only seat; the tables play the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Crew,
}

/// The night Blitz's engine, plugged into the game shell: the tables
/// throw every die; the crew is the only seat.
#[derive(Clone, Debug)]
pub struct BlitzEngine;

/// What a Blitz campaign is built from besides its seed.
#[derive(Clone)]
pub struct Start {
    pub tables: Arc<Tables>,
    pub setup: Setup,
}

/// A campaign: the state, the dice and the record. It reads as its state.
pub type Game = Shell<BlitzEngine>;

impl Engine for BlitzEngine {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Seat;
    type Setup = Start;
    type SetupError = Infallible;
    type Snapshot = crate::blitz::state::Snapshot;
    const KIND: GameKind = GameKind::Blitz;

    fn open(start: &Start) -> Result<(BlitzEngine, State), Infallible> {
        Ok((
            BlitzEngine,
            State::new(start.tables.clone(), start.setup.clone()),
        ))
    }
    fn snapshot(game: &Game) -> (usize, Self::Snapshot) {
        (game.commands().len(), game.state().snapshot())
    }
    fn resume(start: &Start, snap: &Self::Snapshot) -> Result<(BlitzEngine, State), String> {
        let state = State::from_snapshot(start.tables.clone(), start.setup.clone(), snap)?;
        Ok((BlitzEngine, state))
    }
    fn begin(game: &mut Game) -> Result<(), Infallible> {
        game.start_night(game.state().tables().calendar.first_night);
        Ok(())
    }
    fn apply(state: &mut State, event: &Event) {
        state::apply(state, event)
    }
    fn check(game: &Game, command: &Command) -> Result<(), Illegal> {
        game.check_command(command)
    }
    fn execute(game: &mut Game, command: Command) {
        game.execute(command)
    }
    fn legal_commands(game: &Game) -> Vec<Command> {
        game.list_legal()
    }
    fn to_act(game: &Game) -> Option<Seat> {
        (!game.state().is_over()).then_some(Seat::Crew)
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
}

impl Game {
    pub fn new(tables: Arc<Tables>, setup: Setup, seed: u64) -> Game {
        Self::from_start(tables, setup, seed, true)
    }

    /// The same game without the event log (for bulk simulation).
    pub fn new_quiet(tables: Arc<Tables>, setup: Setup, seed: u64) -> Game {
        Self::from_start(tables, setup, seed, false)
    }

    fn from_start(tables: Arc<Tables>, setup: Setup, seed: u64, keep: bool) -> Game {
        let Ok(game) = Shell::from_setup(Start { tables, setup }, seed, keep);
        game
    }
}
