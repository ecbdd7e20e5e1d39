//! The traits every game implements, so that the screens, the opponents'
//! play-out, records (saves and replays) and the simulator are written once.
//!
//! A game is a state that only events change:
//!
//! ```text
//! Command ──check──▶ ok ──execute──▶ Events ──apply──▶ State
//! ```
//!
//! - [`Rules::check`] is the one legality test, with a flat error enum that
//!   displays as a sentence ([`Rules::Illegal`]).
//! - [`Rules::play`] checks a command, turns it into events and applies them,
//!   then runs the automatic steps up to the next decision.
//! - [`Rules::apply`] is the only writer of [`Rules::State`]: each game keeps
//!   its state's fields private to a `state` module whose child `apply` is
//!   the only code that can reach them, so the compiler keeps the rule.
//! - Every decision is recorded as an event, so the event log is the whole
//!   history: a digest of it changes if any recorded command is edited.
//! - A game is its setup, its seed and its commands; dice are the game's own
//!   seeded stream, and undo rebuilds from the record, so no die is re-rolled.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which game a record (a save or a replay) holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum GameKind {
    SimpleHex,
    Family,
    Campaign,
    /// The night Blitz: a solo bomber campaign.
    Blitz,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::SimpleHex,
        GameKind::Family,
        GameKind::Campaign,
        GameKind::Blitz,
    ];

    /// The game's name, as the menus say it.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::SimpleHex => "Simple Hex dogfight",
            GameKind::Family => "Family game",
            GameKind::Campaign => "Campaign",
            GameKind::Blitz => "Night Blitz",
        }
    }

    /// The game's name in file and folder names.
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::SimpleHex => "simple-hex",
            GameKind::Family => "family",
            GameKind::Campaign => "campaign",
            GameKind::Blitz => "blitz",
        }
    }
}

/// A game's rules: its commands, events, state and legality test.
pub trait Rules: Clone + Send + 'static {
    /// A decision of a player or an opponent.
    type Command: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What happened; the only way the state changes.
    type Event: Clone + PartialEq + fmt::Debug + Serialize;
    /// Why a command is refused: a flat enum that displays as a sentence.
    type Illegal: std::error::Error + Clone + PartialEq;
    /// Everything `apply` writes.
    type State: Clone + PartialEq + fmt::Debug;
    /// Who decides: a side, or a seat at the table.
    type Seat: Copy + Eq + fmt::Debug + Send + Sync;

    /// Which game this is, for records.
    const KIND: GameKind;

    /// The state as the events so far have made it.
    fn state(&self) -> &Self::State;
    /// The state before the first event (the events applied to it in order
    /// give `state`).
    fn initial_state(&self) -> Self::State;
    /// The only writer of the state: one event applied.
    fn apply(state: &mut Self::State, event: &Self::Event);

    /// The one legality test.
    fn check(&self, command: &Self::Command) -> Result<(), Self::Illegal>;
    /// Checks and plays a command, then the automatic steps up to the next
    /// decision. A refused command changes nothing.
    fn play(&mut self, command: Self::Command) -> Result<(), Self::Illegal>;
    /// Every command `check` accepts now (moves with a free target, such as
    /// a square, may be listed over the squares in reach).
    fn legal_commands(&self) -> Vec<Self::Command>;

    /// The events so far (empty for a quiet game, built for the simulator).
    fn events(&self) -> &[Self::Event];
    /// The commands played so far.
    fn commands(&self) -> &[Self::Command];
    /// The seed of the game's dice.
    fn seed(&self) -> u64;
    /// Whose decision the game waits for; `None` when it is over.
    fn to_act(&self) -> Option<Self::Seat>;
    fn is_over(&self) -> bool;

    /// How many of the commands can no longer be taken back: those up to and
    /// including the last that rolled a die or showed hidden information.
    fn undo_point(&self) -> usize;
    /// The game as it was before its last command, if that command may be
    /// taken back (it comes after the undo point). Rebuilt from the setup,
    /// seed and earlier commands, so no die is ever re-rolled.
    fn undo(&self) -> Option<Self>;
    /// The trail and digest of the event log as a record keeps them, if
    /// the game worked them out as it was played (see `Shell::log_hashes`);
    /// none: a record replays the game to work them out.
    fn log_hashes(&self) -> Option<(String, String)> {
        None
    }
}

/// An opponent: the computer's decisions for any seat of a game.
///
/// `decide` must depend only on the game (its setup, seed and commands),
/// never on what this opponent decided before: a fresh opponent asked in the
/// middle of a game decides exactly as one that played the whole game. That
/// is what lets a saved game resume with the opponent doing what it did
/// before. Its dice are drawn from streams seeded by the game's seed and
/// position; an opponent may keep caches, nothing else.
pub trait Opponent<G: Rules> {
    /// The command for `seat` now; `None` only if `seat` has no decision.
    fn decide(&mut self, game: &G, seat: G::Seat) -> Option<G::Command>;
}

/// Why a play-out stopped before the end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayOutError {
    /// The opponent had nothing to play for the seat to act.
    NoDecision { command: usize, seat: String },
    /// The opponent's command was refused: it is reported, never replaced.
    Refused {
        command: usize,
        proposed: String,
        reason: String,
    },
    /// The game went on past the limit of commands.
    TooLong { commands: usize },
}

impl fmt::Display for PlayOutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayOutError::NoDecision { command, seat } => write!(
                f,
                "the opponent had no decision for {seat} at command {}",
                command + 1
            ),
            PlayOutError::Refused {
                command,
                proposed,
                reason,
            } => write!(
                f,
                "the opponent's command {} ({proposed}) was refused: {reason}",
                command + 1
            ),
            PlayOutError::TooLong { commands } => {
                write!(f, "the game did not end within {commands} commands")
            }
        }
    }
}

impl std::error::Error for PlayOutError {}

/// Plays the game to its end (or `limit` commands), the opponent deciding
/// for every seat. Every command goes through `play`, and so through
/// `check`; a refused command stops the play-out with the reason, and is
/// never swapped for another. Returns the commands played.
pub fn play_out<G: Rules>(
    game: &mut G,
    opponent: &mut impl Opponent<G>,
    limit: usize,
) -> Result<usize, PlayOutError> {
    play_out_while(game, opponent, limit, |_| true)
}

/// Like [`play_out`], but stops (without error) as soon as `go_on` says so.
pub fn play_out_while<G: Rules>(
    game: &mut G,
    opponent: &mut impl Opponent<G>,
    limit: usize,
    mut go_on: impl FnMut(&G) -> bool,
) -> Result<usize, PlayOutError> {
    let mut played = 0;
    while let Some(seat) = game.to_act() {
        if !go_on(game) {
            break;
        }
        if played >= limit {
            return Err(PlayOutError::TooLong { commands: played });
        }
        let command = game.commands().len();
        let Some(cmd) = opponent.decide(game, seat) else {
            return Err(PlayOutError::NoDecision {
                command,
                seat: format!("{seat:?}"),
            });
        };
        if let Err(e) = game.play(cmd.clone()) {
            return Err(PlayOutError::Refused {
                command,
                proposed: format!("{cmd:?}"),
                reason: e.to_string(),
            });
        }
        played += 1;
    }
    Ok(played)
}

/// Rebuilds a game from its start: `fresh` is the game before any command;
/// the first `n` of `commands` are played on it. For `undo` and for
/// opponents that plan from an earlier position.
pub fn replayed<G: Rules>(mut fresh: G, commands: &[G::Command], n: usize) -> G {
    for c in &commands[..n.min(commands.len())] {
        fresh
            .play(c.clone())
            .expect("a command the game accepted before replays");
    }
    fresh
}
