//! The one game shell: what every game keeps besides its rules. A
//! [`Shell`] owns the seed and the game's dice, the event log, the commands
//! played, what each command fixed (it threw a die or showed a side
//! something hidden), the undo point, undo, and rebuilding a game from its
//! setup, seed and commands. Each game supplies an [`Engine`]: its setup,
//! its legality test, what a command does, `apply`, and whose turn it is;
//! [`Rules`] is implemented here once for every game.
//!
//! ```text
//! Setup ──open──▶ State ──begin──▶ Events ──apply──▶ State (first decision)
//! Command ──check──▶ ok ──execute──▶ Events ──apply──▶ State
//! ```

use super::dice::Dice;
use super::game::{replayed, GameKind, Rules};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// A game's own part: its rules, plugged into the shell. The engine value
/// itself holds what the game keeps beside its state that is not history
/// (a path-finding cache, the battle fought on a board, where the active
/// plane's plan began).
pub trait Engine: Sized + Clone + Send + 'static {
    /// A decision of a player or an opponent.
    type Command: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What happened; the only way the state changes.
    type Event: Clone + PartialEq + fmt::Debug + Serialize + Send;
    /// Why a command is refused: a flat enum that displays as a sentence.
    type Illegal: std::error::Error + Clone + PartialEq;
    /// Everything `apply` writes.
    type State: Clone + PartialEq + fmt::Debug + Send;
    /// Who decides: a side, or a seat at the table.
    type Seat: Copy + Eq + fmt::Debug + Send + Sync;
    /// What a game is built from besides its seed: its boards, tables,
    /// options and starting position.
    type Setup: Clone + Send + Sync;
    /// Why a setup cannot be played.
    type SetupError: fmt::Debug;

    /// Which game this is, for records.
    const KIND: GameKind;
    /// Whether a command is fixed once the next decision is another seat's
    /// (the campaign: a side never takes back what the other has seen).
    const HANDOVER_FIXES: bool = false;

    /// Where a game stands, as a save keeps it for a later version whose
    /// rules play its commands into another game (see `record::load`):
    /// what the state holds besides the data it is played on, which the
    /// setup brings back.
    type Snapshot: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync;

    /// The engine and the state before the first event.
    fn open(setup: &Self::Setup) -> Result<(Self, Self::State), Self::SetupError>;
    /// Where the game stands now, and after how many of its commands: all
    /// of them, unless the game is kept only at some moments (a campaign
    /// at the start of each turn).
    fn snapshot(game: &Shell<Self>) -> (usize, Self::Snapshot);
    /// The engine and state of a game going on from a snapshot, checked:
    /// one no game of this setup could reach is refused with a sentence.
    fn resume(
        setup: &Self::Setup,
        snapshot: &Self::Snapshot,
    ) -> Result<(Self, Self::State), String>;
    /// The automatic steps from the setup to the first decision.
    fn begin(game: &mut Shell<Self>) -> Result<(), Self::SetupError>;
    /// The only writer of the state: one event applied.
    fn apply(state: &mut Self::State, event: &Self::Event);
    /// The one legality test.
    fn check(game: &Shell<Self>, command: &Self::Command) -> Result<(), Self::Illegal>;
    /// What an accepted command does, and the automatic steps after it up
    /// to the next decision: events emitted through [`Shell::emit`], dice
    /// thrown through [`Shell::dice_mut`].
    fn execute(game: &mut Shell<Self>, command: Self::Command);
    /// Every command `check` accepts now.
    fn legal_commands(game: &Shell<Self>) -> Vec<Self::Command>;
    /// Whose decision the game waits for; `None` when it is over.
    fn to_act(game: &Shell<Self>) -> Option<Self::Seat>;
    /// Whether the game is over.
    fn is_over(state: &Self::State) -> bool;
}

/// What one command did, for undo: who made it, and whether it threw a die
/// or showed something hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played<S> {
    seat: Option<S>,
    fixed: bool,
}

/// A game: its engine, state, dice and record. It reads as its state
/// (`Deref`), so the state's accessors may be called on it.
#[derive(Clone)]
pub struct Shell<E: Engine> {
    engine: E,
    setup: E::Setup,
    state: E::State,
    seed: u64,
    dice: Dice,
    events: Vec<E::Event>,
    keep_events: bool,
    commands: Vec<E::Command>,
    played: Vec<Played<E::Seat>>,
    /// The command being executed threw a die or showed something hidden.
    fixed: bool,
    /// Where each command's events begin in the log.
    marks: Vec<usize>,
    /// The hashes a record keeps of the event log, as far as they were
    /// last asked for.
    hashes: HashCache,
    /// The snapshot the game went on from (a save of an earlier version's
    /// rules), instead of its setup's opening.
    resumed: Option<std::sync::Arc<E::Snapshot>>,
}

/// What a record keeps of a game's event log (see `record`): for each
/// command, four hex digits of the FNV-1a of its events written as RON
/// (the trail), and the FNV-1a of the whole log written as RON (the
/// digest). Both are worked out when a record asks for them, from where
/// they were last worked out to: so writing a record (after every
/// command) never replays the game, and a game never recorded (the
/// simulator's, the tests') pays nothing for them.
#[derive(Clone, Debug)]
struct Hashes {
    trail: String,
    /// The commands the trail covers.
    commands: usize,
    /// FNV-1a so far of the log's RON text, `[` and the events with their
    /// commas.
    log: u64,
    /// The events the log's hash covers.
    events: usize,
}

/// FNV-1a (64 bits), one more stretch of bytes.
pub(crate) fn fnv_more(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a's starting value.
pub(crate) const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The hashes, worked out as far as last asked for: a copy of the game
/// gets a copy of them (never shared: the copies' logs go apart).
#[derive(Debug, Default)]
struct HashCache(std::sync::Mutex<Hashes>);

impl HashCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, Hashes> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for HashCache {
    fn clone(&self) -> HashCache {
        HashCache(std::sync::Mutex::new(self.lock().clone()))
    }
}

impl Default for Hashes {
    fn default() -> Hashes {
        Hashes::new()
    }
}

impl Hashes {
    fn new() -> Hashes {
        Hashes {
            trail: String::new(),
            commands: 0,
            log: fnv_more(FNV_START, b"["),
            events: 0,
        }
    }

    /// Brought up to `events`, whose commands begin at `marks`.
    fn catch_up<E: Serialize>(&mut self, events: &[E], marks: &[usize]) {
        for (i, e) in events.iter().enumerate().skip(self.events) {
            if i > 0 {
                self.log = fnv_more(self.log, b",");
            }
            let text = ron::to_string(e).expect("events serialise");
            self.log = fnv_more(self.log, text.as_bytes());
        }
        self.events = events.len();
        for (i, &from) in marks.iter().enumerate().skip(self.commands) {
            let to = marks.get(i + 1).copied().unwrap_or(events.len());
            self.trail
                .push_str(&crate::record::trail_entry(&events[from..to]));
        }
        self.commands = marks.len();
    }
}

impl<E: Engine> std::ops::Deref for Shell<E> {
    type Target = E::State;
    fn deref(&self) -> &E::State {
        &self.state
    }
}

impl<E: Engine> Shell<E> {
    /// A game from its setup and seed, played to its first decision; with
    /// `keep_events` false it keeps no event log nor roll log (for bulk
    /// simulation), throwing the same dice.
    pub fn from_setup(
        setup: E::Setup,
        seed: u64,
        keep_events: bool,
    ) -> Result<Self, E::SetupError> {
        let (engine, state) = E::open(&setup)?;
        let mut game = Shell::unplayed(engine, setup, state, seed, keep_events, None);
        E::begin(&mut game)?;
        game.fixed = false;
        Ok(game)
    }

    /// A game going on from `snapshot` (see `Engine::resume`): no
    /// automatic step is taken, the position is the snapshot's.
    pub fn from_snapshot(
        setup: E::Setup,
        snapshot: &E::Snapshot,
        seed: u64,
        keep_events: bool,
    ) -> Result<Self, String> {
        let (engine, state) = E::resume(&setup, snapshot)?;
        let resumed = Some(std::sync::Arc::new(snapshot.clone()));
        Ok(Shell::unplayed(
            engine,
            setup,
            state,
            seed,
            keep_events,
            resumed,
        ))
    }

    /// A game with no command played and no event logged yet.
    fn unplayed(
        engine: E,
        setup: E::Setup,
        state: E::State,
        seed: u64,
        keep_events: bool,
        resumed: Option<std::sync::Arc<E::Snapshot>>,
    ) -> Self {
        Shell {
            engine,
            setup,
            state,
            seed,
            dice: if keep_events {
                Dice::new(seed)
            } else {
                Dice::without_log(seed)
            },
            events: Vec::new(),
            keep_events,
            commands: Vec::new(),
            played: Vec::new(),
            fixed: false,
            marks: Vec::new(),
            hashes: Default::default(),
            resumed,
        }
    }

    /// Where the game stands, as a save keeps it: after how many commands,
    /// and the snapshot.
    pub fn snapshot(&self) -> (usize, E::Snapshot) {
        E::snapshot(self)
    }

    /// The snapshot the game went on from, if it did not start from its
    /// setup's opening.
    pub fn resumed_from(&self) -> Option<&E::Snapshot> {
        self.resumed.as_deref()
    }

    // ----- what the game is -----

    /// The state as the events so far have made it.
    pub fn state(&self) -> &E::State {
        &self.state
    }
    /// What the game was built from, besides its seed.
    pub fn origin(&self) -> &E::Setup {
        &self.setup
    }
    /// The game's own part beside its state.
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The seed of the game's dice.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The events so far (none kept for a quiet game).
    pub fn events(&self) -> &[E::Event] {
        &self.events
    }
    /// The commands played so far.
    pub fn commands(&self) -> &[E::Command] {
        &self.commands
    }
    /// The game's dice, with the log of every roll (none kept when quiet).
    pub fn dice(&self) -> &Dice {
        &self.dice
    }
    /// Whether the game keeps its event log (false for bulk simulation).
    pub fn keeps_events(&self) -> bool {
        self.keep_events
    }
    /// The state before the first event.
    pub fn initial_state(&self) -> E::State {
        match &self.resumed {
            Some(snap) => {
                E::resume(&self.setup, snap.as_ref())
                    .expect("the game went on from this snapshot before")
                    .1
            }
            None => {
                E::open(&self.setup)
                    .expect("the game was opened from this setup before")
                    .1
            }
        }
    }

    // ----- commands -----

    /// The one legality test.
    pub fn check(&self, command: &E::Command) -> Result<(), E::Illegal> {
        E::check(self, command)
    }
    /// Every command `check` accepts now.
    pub fn legal_commands(&self) -> Vec<E::Command> {
        E::legal_commands(self)
    }
    /// Whose decision the game waits for; `None` when it is over.
    pub fn to_act(&self) -> Option<E::Seat> {
        E::to_act(self)
    }
    pub fn is_over(&self) -> bool {
        E::is_over(&self.state)
    }

    /// Checks and plays a command, then the automatic steps up to the next
    /// decision. A refused command changes nothing.
    pub fn play(&mut self, command: E::Command) -> Result<(), E::Illegal> {
        self.check(&command)?;
        // Only an engine where handing over fixes a command needs its seat.
        let seat = if E::HANDOVER_FIXES {
            self.to_act()
        } else {
            None
        };
        self.commands.push(command.clone());
        self.fixed = false;
        if self.keep_events {
            self.marks.push(self.events.len());
        }
        E::execute(self, command);
        self.played.push(Played {
            seat,
            fixed: self.fixed,
        });
        self.fixed = false;
        Ok(())
    }

    // ----- what the engine uses -----

    /// The engine's own part, to change.
    pub(crate) fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }
    /// Applies an event and logs it: the only way a game's execution
    /// changes the state.
    pub(crate) fn emit(&mut self, event: E::Event) {
        E::apply(&mut self.state, &event);
        if self.keep_events {
            self.events.push(event);
        }
    }
    /// The game's dice, to throw: the command can no longer be taken back.
    pub(crate) fn dice_mut(&mut self) -> &mut Dice {
        self.fixed = true;
        &mut self.dice
    }
    /// The state to read and the dice to throw, together (a die is thrown).
    pub(crate) fn state_and_dice(&mut self) -> (&E::State, &mut Dice) {
        self.fixed = true;
        (&self.state, &mut self.dice)
    }
    /// Something hidden from a side is shown: the command can no longer be
    /// taken back.
    pub(crate) fn reveal(&mut self) {
        self.fixed = true;
    }
    /// Whether the command being executed has thrown a die or shown
    /// something hidden so far.
    pub fn fixed(&self) -> bool {
        self.fixed
    }

    // ----- history -----

    /// How many of the commands can no longer be taken back: those up to
    /// and including the last that threw a die or showed something hidden
    /// (and, where handing over fixes a command, the last made by another
    /// seat than the command after it, or than the decision now awaited).
    pub fn undo_point(&self) -> usize {
        let next = if E::HANDOVER_FIXES {
            self.to_act()
        } else {
            None
        };
        let mut point = 0;
        for (i, p) in self.played.iter().enumerate() {
            let handed_over =
                E::HANDOVER_FIXES && self.played.get(i + 1).map_or(next, |q| q.seat) != p.seat;
            if p.fixed || handed_over {
                point = i + 1;
            }
        }
        point
    }
    /// Whether the last command may be taken back.
    pub fn can_undo(&self) -> bool {
        self.commands.len() > self.undo_point()
    }
    /// The game as it was before its last command, if that command comes
    /// after the undo point: rebuilt from the setup, seed and earlier
    /// commands, so no die is ever thrown again.
    pub fn undo(&self) -> Option<Self> {
        self.can_undo()
            .then(|| self.rebuilt(self.commands.len() - 1))
    }
    /// The same game before its first command, with or without its logs.
    pub fn restart(&self, keep_events: bool) -> Self {
        match &self.resumed {
            Some(snap) => {
                Shell::from_snapshot(self.setup.clone(), snap.as_ref(), self.seed, keep_events)
                    .expect("the game went on from this snapshot before")
            }
            None => Shell::from_setup(self.setup.clone(), self.seed, keep_events)
                .expect("the game was started from this setup before"),
        }
    }
    /// The game as it was after its first `n` commands (with the same logs).
    pub fn rebuilt(&self, n: usize) -> Self {
        replayed(self.restart(self.keep_events), &self.commands, n)
    }
    /// A copy to try commands on: the same position and dice stream from
    /// here, with no logs and no record (what the opponents and the
    /// screens' previews use).
    pub fn probe(&self) -> Self {
        self.probe_with(self.seed, self.dice.clone_without_log())
    }
    /// A copy to try the future on, throwing dice seeded by `seed` rather
    /// than the game's, so it tells nothing of the game's own coming throws.
    pub fn what_if(&self, seed: u64) -> Self {
        self.probe_with(seed, Dice::without_log(seed))
    }
    fn probe_with(&self, seed: u64, dice: Dice) -> Self {
        Shell {
            engine: self.engine.clone(),
            setup: self.setup.clone(),
            state: self.state.clone(),
            seed,
            dice,
            events: Vec::new(),
            keep_events: false,
            commands: Vec::new(),
            played: Vec::new(),
            fixed: false,
            marks: Vec::new(),
            hashes: Default::default(),
            resumed: self.resumed.clone(),
        }
    }

    /// The trail and the digest of the event log, as a record keeps them
    /// (`record::trail_of`, `record::digest`), worked out as the game was
    /// played; none for a game that keeps no event log.
    pub fn log_hashes(&self) -> Option<(String, String)> {
        if !self.keep_events {
            return None;
        }
        let mut h = self.hashes.lock();
        h.catch_up(&self.events, &self.marks);
        let digest = fnv_more(fnv_more(h.log, b"]"), &[0]);
        Some((h.trail.clone(), format!("{digest:016x}")))
    }
}

impl<E: Engine> Rules for Shell<E> {
    type Command = E::Command;
    type Event = E::Event;
    type Illegal = E::Illegal;
    type State = E::State;
    type Seat = E::Seat;
    const KIND: GameKind = E::KIND;

    fn state(&self) -> &E::State {
        &self.state
    }
    fn initial_state(&self) -> E::State {
        Shell::initial_state(self)
    }
    fn apply(state: &mut E::State, event: &E::Event) {
        E::apply(state, event)
    }
    fn check(&self, command: &E::Command) -> Result<(), E::Illegal> {
        E::check(self, command)
    }
    fn play(&mut self, command: E::Command) -> Result<(), E::Illegal> {
        Shell::play(self, command)
    }
    fn legal_commands(&self) -> Vec<E::Command> {
        E::legal_commands(self)
    }
    fn events(&self) -> &[E::Event] {
        &self.events
    }
    fn commands(&self) -> &[E::Command] {
        &self.commands
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn to_act(&self) -> Option<E::Seat> {
        E::to_act(self)
    }
    fn is_over(&self) -> bool {
        Shell::is_over(self)
    }
    fn undo_point(&self) -> usize {
        Shell::undo_point(self)
    }
    fn undo(&self) -> Option<Self> {
        Shell::undo(self)
    }
    fn log_hashes(&self) -> Option<(String, String)> {
        Shell::log_hashes(self)
    }
}
