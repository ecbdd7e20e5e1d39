//! A night Blitz campaign as a game: the nights from the Coventry raid to
//! the tour's end, each mission flown zone by zone through the tables, the
//! crew deciding (route, height, evasive action, abort, bomb or jettison)
//! and the game's own seeded dice throwing every table. A game is its
//! tables, setup, seed and commands (docs/RULES.md, "The night Blitz").

use super::bomber::{Abort, Heading, Leg};
use super::command::{Command, Illegal};
use super::crew::{relieve_pilot, Position, Relief, Wound};
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
use crate::common::dice::Dice;
use crate::common::game::{replayed, GameKind, Rules};
use std::fmt::Debug;
use std::sync::Arc;

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

/// A campaign: the state, the dice and the record. It reads as its state.
#[derive(Clone)]
pub struct Game {
    state: State,
    seed: u64,
    dice: Dice,
    events: Vec<Event>,
    keep_events: bool,
    commands: Vec<Command>,
    command_rolled: Vec<bool>,
    rolled: bool,
}

impl std::ops::Deref for Game {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl Game {
    pub fn new(tables: Arc<Tables>, setup: Setup, seed: u64) -> Game {
        Game::build(tables, setup, seed, true)
    }

    /// The same game without the event log (for bulk simulation).
    pub fn new_quiet(tables: Arc<Tables>, setup: Setup, seed: u64) -> Game {
        Game::build(tables, setup, seed, false)
    }

    fn build(tables: Arc<Tables>, setup: Setup, seed: u64, keep: bool) -> Game {
        let first = tables.calendar.first_night;
        let mut g = Game {
            state: State::new(tables, setup),
            seed,
            dice: if keep {
                Dice::new(seed)
            } else {
                Dice::without_log(seed)
            },
            events: Vec::new(),
            keep_events: keep,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolled: false,
        };
        g.start_night(first);
        g
    }

    /// The same game before its first command.
    pub fn restart(&self) -> Game {
        Game::build(
            self.state.tables().clone(),
            self.state.setup().clone(),
            self.seed,
            self.keep_events,
        )
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// A copy to try the future on (`forecast`): the same position with
    /// no log and no record, throwing dice seeded by `seed` rather than
    /// the game's, so it tells nothing of the game's own coming throws.
    pub fn what_if(&self, seed: u64) -> Game {
        Game {
            state: self.state.clone(),
            seed,
            dice: Dice::without_log(seed),
            events: Vec::new(),
            keep_events: false,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolled: false,
        }
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    fn emit(&mut self, ev: Event) {
        state::apply(&mut self.state, &ev);
        if self.keep_events {
            self.events.push(ev);
        }
    }

    /// The game's dice, marking the command as one that rolled.
    fn dice(&mut self) -> &mut Dice {
        self.rolled = true;
        &mut self.dice
    }

    fn thrown(&mut self, table: TableId, rolled: &Rolled, modifier: i16, read: impl Into<Reading>) {
        if self.keep_events {
            self.emit(Event::Thrown(Thrown {
                table,
                faces: rolled.faces.clone(),
                modifier,
                read: read.into(),
            }));
        }
    }

    fn t(&self) -> Arc<Tables> {
        self.state.tables().clone()
    }

    fn sit(&self) -> Situation {
        self.situation().expect("the bomber is flying")
    }

    /// A man at `p` who has not been killed this mission.
    fn alive(&self, p: Position) -> bool {
        self.state
            .crew()
            .at(p)
            .is_some_and(|m| m.wound != Some(Wound::Killed))
    }

    /// What the man at `p` adds from his experience (`what`: a pair of
    /// the crew file's `experience`).
    fn skill(&self, p: Position, what: (i16, i16)) -> i16 {
        let e = &self.t().crew.experience;
        self.state.crew().skill(p, e, what)
    }

    fn able(&self, p: Position) -> bool {
        self.state.crew().at(p).is_some_and(|m| m.able())
    }

    fn lost(&self) -> bool {
        self.state.mission().is_none_or(|m| m.ending.is_some())
    }

    /// The airfields: land zones of the Green Zone (N6 and N9 on the
    /// sheet's map).
    pub fn is_airfield(&self, z: Zone) -> bool {
        let map = &self.state.tables().map;
        map.is_green(z) && map.kind(z) == Some(ZoneKind::Land)
    }

    /// How many commands can no longer be taken back: those up to the
    /// last that rolled.
    pub fn undo_point(&self) -> usize {
        self.command_rolled
            .iter()
            .rposition(|&r| r)
            .map_or(0, |i| i + 1)
    }

    /// The game before its last command, if that command rolled nothing.
    pub fn undo(&self) -> Option<Game> {
        if !matches!(self.command_rolled.last(), Some(false)) {
            return None;
        }
        Some(replayed(
            self.restart(),
            &self.commands,
            self.commands.len() - 1,
        ))
    }
}

impl Rules for Game {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Seat;
    const KIND: GameKind = GameKind::Blitz;

    fn state(&self) -> &State {
        &self.state
    }
    fn initial_state(&self) -> State {
        State::new(self.state.tables().clone(), self.state.setup().clone())
    }
    fn apply(state: &mut State, event: &Event) {
        state::apply(state, event)
    }
    fn check(&self, command: &Command) -> Result<(), Illegal> {
        Game::check(self, command)
    }
    fn play(&mut self, command: Command) -> Result<(), Illegal> {
        Game::play(self, command)
    }
    fn legal_commands(&self) -> Vec<Command> {
        Game::legal_commands(self)
    }
    fn events(&self) -> &[Event] {
        &self.events
    }
    fn commands(&self) -> &[Command] {
        &self.commands
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn to_act(&self) -> Option<Seat> {
        (!self.state.is_over()).then_some(Seat::Crew)
    }
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    fn undo_point(&self) -> usize {
        Game::undo_point(self)
    }
    fn undo(&self) -> Option<Game> {
        Game::undo(self)
    }
}
