//! Replays: a game written as its level, options, seed and commands (RON), with
//! the result it reached, so that `tally-ho replay FILE` can re-run it and
//! confirm it reproduces exactly (same winner, score, losses and event log).
//!
//! A replay also carries a fingerprint of the level, aircraft and rule files it
//! was played with, so an edited table is reported as such. The event digest
//! hashes the RON text of the events, so it is tied to the versions of ron,
//! hexx and rand pinned in Cargo.lock.
//!
//! This file holds the Simple Hex replay (`Replay`, whose files have no `game`
//! field) and what the games share; `family` holds the family game's
//! (`FamilyReplay`, whose files say `game: Family`) and `campaign` the
//! campaign's (`CampaignReplay`, `game: Campaign`). `parse_any` tells
//! them apart by the `game` field's value.

pub mod campaign;
pub mod family;

pub use campaign::{CampaignRecorded, CampaignReplay};
pub use family::{FamilyRecorded, FamilyReplay};

use crate::data::{self, LoadErrors};
use crate::simple_hex::{Command, Event, Game, Options, Scenario, Side};
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Which board game a replay file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameKind {
    SimpleHex,
    Family,
    Campaign,
}

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
    /// FNV-1a of the level, aircraft and rule files' text.
    pub fingerprint: String,
    pub options: Options,
    pub seed: u64,
    pub commands: Vec<Command>,
    pub result: Recorded,
}

pub(crate) fn fnv(texts: &[&str]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for t in texts {
        for b in t.bytes().chain([0]) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// FNV-1a over the RON text of the events: stable across runs and machines.
pub fn digest(events: &[Event]) -> String {
    fnv(&[&ron::to_string(events).expect("events serialise")])
}

/// FNV-1a of the files a level is played with.
pub fn fingerprint(level: &str) -> Result<String, LoadErrors> {
    let scenario = data::scenario_source(level)?;
    Ok(fnv(&[
        &scenario.text,
        &data::aircraft_source().text,
        &data::rules_source().text,
    ]))
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

/// A replay of `game`, which must have kept its event log (`Game::new`) and
/// been played on `level`.
pub fn record(game: &Game, level: &str) -> Result<Replay, LoadErrors> {
    Ok(Replay {
        level: level.to_string(),
        fingerprint: fingerprint(level)?,
        options: game.options(),
        seed: game.seed(),
        commands: game.commands().to_vec(),
        result: recorded(game),
    })
}

#[derive(Debug)]
pub enum ReplayError {
    Load(LoadErrors),
    FilesChanged {
        level: String,
    },
    Illegal {
        index: usize,
        reason: String,
    },
    Differs {
        recorded: Box<Recorded>,
        now: Box<Recorded>,
    },
    /// A family replay whose board or the family rules were edited.
    BoardChanged {
        board: String,
    },
    /// A family replay's set-up does not fit its board.
    BadSetup(String),
    /// A family replay whose re-run reached another result.
    FamilyDiffers {
        recorded: Box<FamilyRecorded>,
        now: Box<FamilyRecorded>,
    },
    /// A campaign replay whose map, targets, order of battle or rules were
    /// edited.
    CampaignChanged,
    /// A campaign replay whose re-run reached another result.
    CampaignDiffers {
        recorded: Box<CampaignRecorded>,
        now: Box<CampaignRecorded>,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Load(e) => write!(f, "{e}"),
            ReplayError::FilesChanged { level } => write!(
                f,
                "the level \"{level}\" or the aircraft and rule tables have changed since this replay was recorded"
            ),
            ReplayError::Illegal { index, reason } => {
                // Counted from 1, as a save's commands are.
                write!(
                    f,
                    "command {} of the replay is not legal on re-run: {reason}",
                    index + 1
                )
            }
            ReplayError::Differs { recorded, now } => write!(
                f,
                "the re-run differs from the recording:\n  recorded: {recorded:?}\n  re-run:   {now:?}"
            ),
            ReplayError::BoardChanged { board } => write!(
                f,
                "the board \"{board}\" or the family rules have changed since this replay was recorded"
            ),
            ReplayError::BadSetup(e) => write!(f, "the replay's set-up does not fit: {e}"),
            ReplayError::FamilyDiffers { recorded, now } => write!(
                f,
                "the re-run differs from the recording:\n  recorded: {recorded:?}\n  re-run:   {now:?}"
            ),
            ReplayError::CampaignChanged => write!(
                f,
                "the campaign's map, target cards, order of battle or rules have changed since this replay was recorded"
            ),
            ReplayError::CampaignDiffers { recorded, now } => write!(
                f,
                "the re-run differs from the recording:\n  recorded: {recorded:?}\n  re-run:   {now:?}"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays recorded commands in order (a replay's, or a save's); the first one
/// refused stops it, with its index and the reason.
pub fn play_all<C: Copy, E: fmt::Display>(
    commands: &[C],
    mut play: impl FnMut(C) -> Result<(), E>,
) -> Result<(), ReplayError> {
    for (index, &cmd) in commands.iter().enumerate() {
        play(cmd).map_err(|e| ReplayError::Illegal {
            index,
            reason: e.to_string(),
        })?;
    }
    Ok(())
}

/// Re-runs the commands on a fresh game from the same seed.
pub fn rerun_on(scenario: Arc<Scenario>, replay: &Replay) -> Result<Game, ReplayError> {
    let mut game = Game::new(scenario, replay.options, replay.seed);
    play_all(&replay.commands, |c| game.play(c))?;
    Ok(game)
}

/// Loads the replay's level, re-runs it and checks that it reproduces the result.
pub fn verify(replay: &Replay) -> Result<Game, ReplayError> {
    let now = fingerprint(&replay.level).map_err(ReplayError::Load)?;
    if now != replay.fingerprint {
        return Err(ReplayError::FilesChanged {
            level: replay.level.clone(),
        });
    }
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

/// A replay of any of the three games (as `parse_any` reads them).
#[derive(Clone, Debug, PartialEq)]
pub enum AnyReplay {
    SimpleHex(Replay),
    Family(FamilyReplay),
    Campaign(CampaignReplay),
}

/// The value of a replay's `game` field, if it has one; every other field
/// is skipped unread. (`ron::Value` keeps a unit variant as `()`, without
/// its name, so the field is read as a `GameKind`.)
struct GameField(Option<GameKind>);

impl<'de> Deserialize<'de> for GameField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = GameField;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a replay: a structure of named fields")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameField, A::Error> {
                let mut game = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "game" {
                        game = Some(map.next_value::<GameKind>()?);
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(GameField(game))
            }
        }
        // Any structure name is accepted: the field says which game it is.
        d.deserialize_any(Fields)
    }
}

/// Which game a replay file's text holds, by the value of its `game` field:
/// `Family` or `Campaign`. A Simple Hex replay (the older format, kept as it
/// was) has no `game` field.
pub fn kind_of(file: &str, text: &str) -> Result<GameKind, LoadErrors> {
    let GameField(game) = data::parse(file, text)?;
    Ok(game.unwrap_or(GameKind::SimpleHex))
}

/// Reads a replay file of any of the three games.
pub fn parse_any(file: &str, text: &str) -> Result<AnyReplay, LoadErrors> {
    Ok(match kind_of(file, text)? {
        GameKind::SimpleHex => AnyReplay::SimpleHex(parse(file, text)?),
        GameKind::Family => AnyReplay::Family(family::parse(file, text)?),
        GameKind::Campaign => AnyReplay::Campaign(campaign::parse(file, text)?),
    })
}
