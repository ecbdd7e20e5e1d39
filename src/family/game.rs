//! A family game: its state, its spinner (the game's own seeded dice) and the
//! record of what was played. A game is exactly its board, setup, position,
//! seed and commands.

use super::state::{self, State};
use super::{Command, Event, FamilyScenario, Illegal, Phase, Position, Setup};
use crate::common::game::GameKind;
use crate::common::shell::{Engine, Shell};
use std::sync::Arc;

/// The family game's engine, plugged into the game shell: the spinner is
/// its only die, and nothing is hidden.
#[derive(Clone, Debug)]
pub struct FamilyEngine;

/// What a family game is built from besides its seed: the board, the
/// table's setup, and the position it starts from (the opening set-up
/// when `None`).
#[derive(Clone)]
pub struct Start {
    pub scenario: Arc<FamilyScenario>,
    pub setup: Setup,
    pub position: Option<Position>,
}

/// A game of Spitfires against the spinner's bombers: the state, the spinner
/// and the record. It reads as its state (`Deref`).
pub type Game = Shell<FamilyEngine>;

impl Engine for FamilyEngine {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Seat;
    type Setup = Start;
    type SetupError = String;
    type Snapshot = state::Snapshot;
    const KIND: GameKind = GameKind::Family;

    fn open(start: &Start) -> Result<(FamilyEngine, State), String> {
        start.setup.validate(&start.scenario)?;
        let state = State::new(start.scenario.clone(), start.setup.clone());
        Ok((FamilyEngine, state))
    }
    fn snapshot(game: &Game) -> (usize, state::Snapshot) {
        (game.commands().len(), game.state().snapshot())
    }
    fn resume(start: &Start, snap: &state::Snapshot) -> Result<(FamilyEngine, State), String> {
        start.setup.validate(&start.scenario)?;
        let state = State::from_snapshot(start.scenario.clone(), start.setup.clone(), snap)?;
        Ok((FamilyEngine, state))
    }
    /// A position part-way is set up by its events, then play runs to the
    /// first decision.
    fn begin(game: &mut Game) -> Result<(), String> {
        if let Some(p) = &game.origin().position {
            for e in game.state().placing(p)? {
                game.emit(e);
            }
            game.state().check_placed()?;
        }
        game.advance();
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
        match game.phase() {
            Phase::Over { .. } => None,
            Phase::Spin { .. } => Some(Seat::Bombers),
            _ => game.commander().map(Seat::Commander),
        }
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
}

impl Game {
    pub fn new(scenario: Arc<FamilyScenario>, setup: Setup, seed: u64) -> Result<Game, String> {
        Shell::from_setup(Start::new(scenario, setup, None), seed, true)
    }

    /// A game starting from `position` instead of the opening set-up.
    pub fn with_position(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Position,
        seed: u64,
    ) -> Result<Game, String> {
        Shell::from_setup(Start::new(scenario, setup, Some(position)), seed, true)
    }

    /// A game from `position` without the event and roll logs (for bulk
    /// simulation).
    pub fn with_position_quiet(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Position,
        seed: u64,
    ) -> Result<Game, String> {
        Shell::from_setup(Start::new(scenario, setup, Some(position)), seed, false)
    }

    /// The same game without the event and roll logs (for bulk simulation).
    pub fn new_quiet(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        seed: u64,
    ) -> Result<Game, String> {
        Shell::from_setup(Start::new(scenario, setup, None), seed, false)
    }

    /// The position the game started from, if not the opening set-up.
    pub fn position(&self) -> Option<&Position> {
        self.origin().position.as_ref()
    }

    /// Spins the flight indicator: the game's own stream.
    pub(super) fn roll(&mut self, sides: u8) -> u8 {
        self.dice_mut()
            .roll(crate::common::dice::DieKind::Spinner, sides)
    }
}

impl Start {
    pub fn new(scenario: Arc<FamilyScenario>, setup: Setup, position: Option<Position>) -> Start {
        Start {
            scenario,
            setup,
            position,
        }
    }
}

/// Who the family game waits for: the bombers' spin (which the table plays
/// itself), or a commander.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Bombers,
    Commander(u8),
}
