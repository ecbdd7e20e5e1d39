//! A game of Simple Hex: its state, its own dice, and the record of what was
//! played (commands and events). A game is exactly its scenario, options,
//! seed and commands.

use super::state::{self, State};
use super::{Command, Event, Illegal, Options, Scenario, Search, Side};
use crate::common::dice::Dice;
use crate::common::game::{replayed, GameKind, Rules};
use std::cell::RefCell;
use std::sync::Arc;

/// A game of Simple Hex: the state, the dice and the record. It reads as its
/// state (`Deref`), so `game.planes()` and the like are the state's.
#[derive(Clone)]
pub struct Game {
    state: State,
    seed: u64,
    dice: Dice,
    events: Vec<Event>,
    keep_events: bool,
    commands: Vec<Command>,
    /// For each command, whether its events rolled dice.
    command_rolled: Vec<bool>,
    roll_counter: usize,
    /// The commands played when the active plane's move (or its flight after
    /// firing) began: where an opponent's plan for it starts.
    plan_origin: usize,
    moves_begun: u32,
    search: RefCell<Search>,
}

impl std::ops::Deref for Game {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl Game {
    /// Starts a game: the first attack's repair and activation rolls happen now.
    pub fn new(scenario: Arc<Scenario>, options: Options, seed: u64) -> Game {
        Game::build(scenario, options, seed, true)
    }

    /// The same game without the event and roll logs (for bulk simulation).
    pub fn new_quiet(scenario: Arc<Scenario>, options: Options, seed: u64) -> Game {
        Game::build(scenario, options, seed, false)
    }

    fn build(scenario: Arc<Scenario>, options: Options, seed: u64, keep: bool) -> Game {
        let state = State::new(scenario, options);
        let search = Search::new(state.board(), state.scenario().max_allowance);
        let mut g = Game {
            state,
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
            roll_counter: 0,
            plan_origin: 0,
            moves_begun: 0,
            search: RefCell::new(search),
        };
        g.begin_attack(1);
        g.advance();
        g
    }

    /// The same game (scenario, options, seed) before its first command,
    /// with or without its logs.
    pub fn restart(&self, keep_events: bool) -> Game {
        Game::build(
            self.scenario().clone(),
            self.options(),
            self.seed,
            keep_events,
        )
    }

    /// The state, for code that needs it by name (the game also reads as it).
    pub fn state(&self) -> &State {
        &self.state
    }

    pub(super) fn roll_counter(&self) -> usize {
        self.roll_counter
    }

    pub(super) fn search(&self) -> &RefCell<Search> {
        &self.search
    }

    /// Applies an event and logs it: the only way execute changes the state.
    pub(super) fn emit(&mut self, ev: Event) {
        state::apply(&mut self.state, &ev);
        if self.keep_events {
            self.events.push(ev);
        }
    }

    /// Rolls a die from the game's own stream (counted, for undo).
    pub(super) fn roll(&mut self, kind: crate::common::dice::DieKind) -> u8 {
        self.roll_counter += 1;
        self.dice.d6(kind)
    }

    /// Records a played command: whether it rolled dice (so undo knows), and
    /// where the active plane's plan begins (a move began, or it fired).
    /// Records a command played: whether it threw a die or showed a
    /// face-down formation (`shown`) stops an undo before it.
    pub(super) fn record_command(
        &mut self,
        cmd: Command,
        rolls_before: usize,
        moves_before: u32,
        shown: bool,
    ) {
        self.commands.push(cmd);
        self.command_rolled
            .push(self.roll_counter != rolls_before || shown);
        if self.moves_begun != moves_before || matches!(cmd, Command::Attack { .. }) {
            self.plan_origin = self.commands.len();
        }
    }

    /// Counts a move begun (for `plan_origin`).
    pub(super) fn move_begun(&mut self) {
        self.moves_begun += 1;
    }

    pub(super) fn moves_begun(&self) -> u32 {
        self.moves_begun
    }

    /// How many commands had been played when the active plane's current plan
    /// began: the start of its move, or its shot.
    pub fn plan_origin(&self) -> usize {
        self.plan_origin
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Takes back the last command, if it rolled no dice: the game is rebuilt
    /// from its seed and the earlier commands, so no die is ever re-rolled.
    pub fn undo(&self) -> Option<Game> {
        if *self.command_rolled.last()? {
            return None;
        }
        Some(self.rebuilt(self.commands.len() - 1))
    }

    /// The game as it was after its first `n` commands (with the same logs).
    pub fn rebuilt(&self, n: usize) -> Game {
        replayed(self.restart(self.keep_events), &self.commands, n)
    }

    pub fn can_undo(&self) -> bool {
        matches!(self.command_rolled.last(), Some(false))
    }
}

impl Rules for Game {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Side;
    const KIND: GameKind = GameKind::SimpleHex;

    fn state(&self) -> &State {
        &self.state
    }
    fn initial_state(&self) -> State {
        State::new(self.scenario().clone(), self.options())
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
    fn to_act(&self) -> Option<Side> {
        State::to_act(self)
    }
    fn is_over(&self) -> bool {
        State::is_over(self)
    }
    /// Every die is rolled in the open, so only dice stop an undo.
    fn undo_point(&self) -> usize {
        self.command_rolled
            .iter()
            .rposition(|&rolled| rolled)
            .map_or(0, |i| i + 1)
    }
    fn undo(&self) -> Option<Game> {
        Game::undo(self)
    }
}
