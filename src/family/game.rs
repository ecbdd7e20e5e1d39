//! A family game: its state, its spinner (the game's own seeded dice) and the
//! record of what was played. A game is exactly its board, setup, position,
//! seed and commands.

use super::state::{self, State};
use super::{Command, Event, FamilyScenario, Illegal, Phase, Position, Setup};
use crate::common::dice::Dice;
use crate::common::game::replayed;
use crate::common::game::{GameKind, Rules};
use std::sync::Arc;

/// A game of Spitfires against the spinner's bombers: the state, the spinner
/// and the record. It reads as its state (`Deref`).
#[derive(Clone)]
pub struct Game {
    state: State,
    position: Option<Position>,
    seed: u64,
    dice: Dice,
    events: Vec<Event>,
    keep_events: bool,
    commands: Vec<Command>,
    command_rolled: Vec<bool>,
    rolls: usize,
}

impl std::ops::Deref for Game {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl Game {
    pub fn new(scenario: Arc<FamilyScenario>, setup: Setup, seed: u64) -> Result<Game, String> {
        Game::build(scenario, setup, None, seed, true)
    }

    /// A game starting from `position` instead of the opening set-up.
    pub fn with_position(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Position,
        seed: u64,
    ) -> Result<Game, String> {
        Game::build(scenario, setup, Some(position), seed, true)
    }

    /// A game from `position` without the event and roll logs (for bulk
    /// simulation).
    pub fn with_position_quiet(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Position,
        seed: u64,
    ) -> Result<Game, String> {
        Game::build(scenario, setup, Some(position), seed, false)
    }

    /// The same game without the event and roll logs (for bulk simulation).
    pub fn new_quiet(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        seed: u64,
    ) -> Result<Game, String> {
        Game::build(scenario, setup, None, seed, false)
    }

    fn build(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Option<Position>,
        seed: u64,
        keep: bool,
    ) -> Result<Game, String> {
        setup.validate(&scenario)?;
        let mut state = State::new(scenario, setup);
        if let Some(p) = &position {
            state.place(p)?;
        }
        let mut g = Game {
            state,
            position,
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
            rolls: 0,
        };
        g.advance();
        Ok(g)
    }

    /// The same game (board, setup, position, seed) before its first command.
    pub fn restart(&self, keep_events: bool) -> Game {
        Game::build(
            self.scenario().clone(),
            self.setup().clone(),
            self.position.clone(),
            self.seed,
            keep_events,
        )
        .expect("the game was built from this setup and position before")
    }

    /// The game as it was after its first `n` commands (with the same logs).
    pub fn rebuilt(&self, n: usize) -> Game {
        replayed(self.restart(self.keep_events), &self.commands, n)
    }

    /// The state, for code that needs it by name (the game also reads as it).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Applies an event and logs it: the only way execute changes the state.
    pub(super) fn emit(&mut self, ev: Event) {
        state::apply(&mut self.state, &ev);
        if self.keep_events {
            self.events.push(ev);
        }
    }

    /// Spins the flight indicator: the game's own stream (counted, for undo).
    pub(super) fn roll(&mut self, sides: u8) -> u8 {
        self.rolls += 1;
        self.dice.roll(crate::common::dice::DieKind::Spinner, sides)
    }

    pub(super) fn rolls(&self) -> usize {
        self.rolls
    }

    /// Records a played command and whether it spun.
    pub(super) fn record_command(&mut self, cmd: Command, rolls_before: usize) {
        self.commands.push(cmd);
        self.command_rolled.push(self.rolls != rolls_before);
    }

    /// A copy to try commands on (no logs): what the AI and the screen's
    /// previews use. Commanders' commands roll no dice, so a probe never
    /// peeks at a spin to come.
    pub fn probe(&self) -> Game {
        Game {
            state: self.state.clone(),
            position: None,
            seed: self.seed,
            dice: self.dice.clone_without_log(),
            events: Vec::new(),
            keep_events: false,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolls: self.rolls,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
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

    /// Takes back the last command, if it spun no bomber: the game is rebuilt
    /// from its seed and the earlier commands, so no spin is ever re-spun.
    pub fn undo(&self) -> Option<Game> {
        if !self.can_undo() {
            return None;
        }
        Some(self.rebuilt(self.commands.len() - 1))
    }

    pub fn can_undo(&self) -> bool {
        matches!(self.command_rolled.last(), Some(false))
    }
}

/// Who the family game waits for: the bombers' spin (which the table plays
/// itself), or a commander.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Bombers,
    Commander(u8),
}

impl Rules for Game {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Seat;
    const KIND: GameKind = GameKind::Family;

    fn state(&self) -> &State {
        &self.state
    }
    fn initial_state(&self) -> State {
        let mut s = State::new(self.scenario().clone(), self.setup().clone());
        if let Some(p) = &self.position {
            s.place(p).expect("the game was built from this position");
        }
        s
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
        match self.phase() {
            Phase::Over { .. } => None,
            Phase::Spin { .. } => Some(Seat::Bombers),
            _ => self.commander().map(Seat::Commander),
        }
    }
    fn is_over(&self) -> bool {
        State::is_over(self)
    }
    /// The spinner is the only die, and nothing is hidden.
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
