//! Replays: a game written as its level, options, seed and commands (RON), with
//! the result it reached, so that `tally-ho replay FILE` can re-run it and
//! confirm it reproduces exactly (same winner, score, losses and event log).

use crate::data::{self, LoadErrors};
use crate::rules::dogfight::{Command, Event, Game, Options, Scenario, Side};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// What a game came to; a re-run must match it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recorded {
    pub winner: Option<Side>,
    pub score: u32,
    /// Planes lost per aircraft type, by name.
    pub losses: Vec<(String, u32)>,
    pub events: usize,
    /// FNV-1a (64-bit) of the event log written as RON.
    pub digest: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// A shipped level's name, or a path to a level file.
    pub level: String,
    pub options: Options,
    pub seed: u64,
    pub commands: Vec<Command>,
    pub result: Recorded,
}

/// FNV-1a over the RON text of the events: stable across runs and machines.
pub fn digest(events: &[Event]) -> String {
    let text = ron::to_string(events).expect("events serialise");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

pub fn recorded(game: &Game) -> Recorded {
    let sc = game.scenario();
    Recorded {
        winner: game.winner(),
        score: game.score(),
        losses: sc
            .aircraft
            .iter()
            .zip(game.losses())
            .filter(|(_, n)| *n > 0)
            .map(|(a, n)| (a.name.clone(), n))
            .collect(),
        events: game.events().len(),
        digest: digest(game.events()),
    }
}

/// A replay of `game`, which must have kept its event log (`Game::new`).
pub fn record(game: &Game, level: &str) -> Replay {
    Replay {
        level: level.to_string(),
        options: game.options(),
        seed: game.seed(),
        commands: game.commands().to_vec(),
        result: recorded(game),
    }
}

#[derive(Debug)]
pub enum ReplayError {
    Load(LoadErrors),
    Illegal {
        index: usize,
        reason: String,
    },
    Differs {
        recorded: Box<Recorded>,
        now: Box<Recorded>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Load(e) => write!(f, "{e}"),
            ReplayError::Illegal { index, reason } => {
                write!(f, "command {index} is not legal on re-run: {reason}")
            }
            ReplayError::Differs { recorded, now } => write!(
                f,
                "the re-run differs from the recording:\n  recorded: {recorded:?}\n  re-run:   {now:?}"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Re-runs the commands on a fresh game from the same seed.
pub fn rerun_on(scenario: Arc<Scenario>, replay: &Replay) -> Result<Game, ReplayError> {
    let mut game = Game::new(scenario, replay.options, replay.seed);
    for (index, &cmd) in replay.commands.iter().enumerate() {
        game.play(cmd).map_err(|e| ReplayError::Illegal {
            index,
            reason: e.to_string(),
        })?;
    }
    Ok(game)
}

/// Loads the replay's level, re-runs it and checks that it reproduces the result.
pub fn verify(replay: &Replay) -> Result<Game, ReplayError> {
    let scenario = data::load_simple_hex(&replay.level).map_err(ReplayError::Load)?;
    let game = rerun_on(Arc::new(scenario), replay)?;
    let now = recorded(&game);
    if now != replay.result {
        return Err(ReplayError::Differs {
            recorded: Box::new(replay.result.clone()),
            now: Box::new(now),
        });
    }
    Ok(game)
}

pub fn parse(file: &str, text: &str) -> Result<Replay, LoadErrors> {
    data::parse(file, text).map_err(LoadErrors::from)
}
