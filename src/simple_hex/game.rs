//! A game of Simple Hex: its state, its own dice, and the record of what was
//! played (commands and events). A game is exactly its scenario, options,
//! seed and commands.

use super::state::{self, Snapshot, State};
use super::{Command, Event, Illegal, Options, Scenario, Search, Side};
use crate::common::game::GameKind;
use crate::common::shell::{Engine, Shell};
use std::cell::RefCell;
use std::convert::Infallible;
use std::sync::Arc;

/// Simple Hex's engine, plugged into the game shell, with what a game
/// keeps beside its state that is not history: the path-finding cache, and
/// where the active plane's plan began.
#[derive(Clone)]
pub struct SimpleHexEngine {
    /// The commands played when the active plane's move (or its flight after
    /// firing) began: where an opponent's plan for it starts.
    plan_origin: usize,
    moves_begun: u32,
    search: RefCell<Search>,
}

impl SimpleHexEngine {
    /// The engine beside a state: its path search on the state's mat.
    fn for_state(state: &State) -> SimpleHexEngine {
        let search = Search::new(state.board(), state.scenario().max_allowance);
        SimpleHexEngine {
            plan_origin: 0,
            moves_begun: 0,
            search: RefCell::new(search),
        }
    }
}

/// What a game of Simple Hex is built from besides its seed.
#[derive(Clone)]
pub struct Start {
    pub scenario: Arc<Scenario>,
    pub options: Options,
}

/// A game of Simple Hex: the state, the dice and the record. It reads as its
/// state (`Deref`), so `game.planes()` and the like are the state's.
pub type Game = Shell<SimpleHexEngine>;

impl Engine for SimpleHexEngine {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Side;
    type Setup = Start;
    type SetupError = Infallible;
    type Snapshot = Snapshot;
    const KIND: GameKind = GameKind::SimpleHex;

    fn open(start: &Start) -> Result<(SimpleHexEngine, State), Infallible> {
        let state = State::new(start.scenario.clone(), start.options);
        Ok((SimpleHexEngine::for_state(&state), state))
    }
    fn snapshot(game: &Game) -> (usize, Snapshot) {
        (game.commands().len(), game.state().snapshot())
    }
    fn resume(start: &Start, snap: &Snapshot) -> Result<(SimpleHexEngine, State), String> {
        let state = State::from_snapshot(start.scenario.clone(), start.options, snap)?;
        Ok((SimpleHexEngine::for_state(&state), state))
    }
    /// The first attack's repair and activation rolls happen now.
    fn begin(game: &mut Game) -> Result<(), Infallible> {
        game.begin_attack(1);
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
    fn to_act(game: &Game) -> Option<Side> {
        game.state().to_act()
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
}

impl Game {
    /// Starts a game: the first attack's repair and activation rolls happen now.
    pub fn new(scenario: Arc<Scenario>, options: Options, seed: u64) -> Game {
        Game::from_start(scenario, options, seed, true)
    }

    /// The same game without the event and roll logs (for bulk simulation).
    pub fn new_quiet(scenario: Arc<Scenario>, options: Options, seed: u64) -> Game {
        Game::from_start(scenario, options, seed, false)
    }

    fn from_start(scenario: Arc<Scenario>, options: Options, seed: u64, keep: bool) -> Game {
        let Ok(game) = Shell::from_setup(Start { scenario, options }, seed, keep);
        game
    }

    pub(super) fn search(&self) -> &RefCell<Search> {
        &self.engine().search
    }

    /// Rolls a die from the game's own stream.
    pub(super) fn roll(&mut self, kind: crate::common::dice::DieKind) -> u8 {
        self.dice_mut().d6(kind)
    }

    /// Counts a move begun (for `plan_origin`).
    pub(super) fn move_begun(&mut self) {
        self.engine_mut().moves_begun += 1;
    }

    pub(super) fn moves_begun(&self) -> u32 {
        self.engine().moves_begun
    }

    /// The active plane's plan begins with the command being played.
    pub(super) fn plan_begins(&mut self) {
        let n = self.commands().len();
        self.engine_mut().plan_origin = n;
    }

    /// How many commands had been played when the active plane's current plan
    /// began: the start of its move, or its shot.
    pub fn plan_origin(&self) -> usize {
        self.engine().plan_origin
    }
}
