//! Simple Hex as a record: the level (a shipped name, or a file) and the
//! rule options; its result is the winner, the bomb score and the planes
//! lost per type.

use super::{fnv, resolve, RecordError, Recorded};
use crate::common::shell::Shell;
use crate::common::Side;
use crate::data;
use crate::simple_hex::forces::AS_WRITTEN;
use crate::simple_hex::Start;
use crate::simple_hex::{Game, Options, Scenario, Snapshot};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What a game of Simple Hex starts from besides its seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// A shipped level's name, or a level file's path (relative to the
    /// record's folder).
    pub level: String,
    pub options: Options,
    /// The difficulty setting's forces (levels/simple_hex/forces.ron);
    /// records written before settings, and games as written, name none.
    #[serde(default = "as_written", skip_serializing_if = "is_as_written")]
    pub difficulty: String,
}

fn as_written() -> String {
    AS_WRITTEN.to_string()
}

fn is_as_written(d: &String) -> bool {
    d == AS_WRITTEN
}

impl Setup {
    /// A game of `level` with `options`, its forces as written.
    pub fn new(level: String, options: Options) -> Setup {
        Setup {
            level,
            options,
            difficulty: as_written(),
        }
    }
}

/// What a game of Simple Hex came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    pub winner: Option<Side>,
    pub score: u32,
    /// Planes lost per aircraft type, by name.
    pub losses: Vec<(String, u32)>,
}

/// Where a level named by a record is read from.
fn level_source(level: &str, base: &Path) -> Result<data::Source, RecordError> {
    let shipped = data::SIMPLE_HEX_LEVELS.iter().any(|(n, _, _)| *n == level);
    let name = if shipped {
        level.to_string()
    } else {
        resolve(level, base)?
    };
    Ok(data::scenario_source(&name)?)
}

/// The level a record names, with its difficulty's forces.
fn scenario(setup: &Setup, base: &Path) -> Result<Arc<Scenario>, RecordError> {
    let src = level_source(&setup.level, base)?;
    let forces = data::forces_source();
    let mut scenario = data::load_scenario_at(
        &src,
        &data::aircraft_source(),
        &data::rules_source(),
        Some((&forces, &setup.difficulty)),
    )?;
    scenario.level = setup.level.clone();
    scenario.difficulty = setup.difficulty.clone();
    Ok(Arc::new(scenario))
}

impl Recorded for Game {
    /// Both attacks played to the end (version 5).
    const RULES_SINCE: u32 = super::BOTH_ATTACKS;

    type Setup = Setup;
    type Summary = Summary;
    type Snapshot = Snapshot;

    fn setup(&self) -> Setup {
        Setup {
            level: self.scenario().level.clone(),
            options: self.options(),
            difficulty: self.scenario().difficulty.clone(),
        }
    }

    fn start(setup: &Setup, seed: u64, base: &Path) -> Result<Game, RecordError> {
        Ok(Game::new(scenario(setup, base)?, setup.options, seed))
    }

    fn start_from(
        setup: &Setup,
        snapshot: &Snapshot,
        seed: u64,
        base: &Path,
    ) -> Result<Game, RecordError> {
        let start = Start {
            scenario: scenario(setup, base)?,
            options: setup.options,
        };
        Shell::from_snapshot(start, snapshot, seed, true).map_err(RecordError::Setup)
    }

    fn snapshot(&self) -> (usize, Snapshot) {
        Shell::snapshot(self)
    }

    fn resumed_from(&self) -> Option<&Snapshot> {
        Shell::resumed_from(self)
    }

    fn fingerprint(setup: &Setup, base: &Path) -> Result<String, RecordError> {
        let scenario = level_source(&setup.level, base)?;
        let mut texts = vec![
            scenario.text,
            data::aircraft_source().text,
            data::rules_source().text,
        ];
        // The settings' table counts only for a game it changes.
        if setup.difficulty != AS_WRITTEN {
            texts.push(data::forces_source().text);
        }
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        Ok(fnv(&texts))
    }

    fn summary(&self) -> Summary {
        Summary {
            winner: self.winner(),
            score: self.score(),
            losses: self
                .scenario()
                .aircraft
                .iter()
                .zip(self.losses())
                .filter(|(_, n)| *n > 0)
                .map(|(a, n)| (a.name.clone(), n))
                .collect(),
        }
    }

    fn progress(&self) -> String {
        match self.winner() {
            Some(w) => format!("{} won, bomb score {}", w.name(), self.score()),
            None => format!(
                "Attack {}, round {}, bomb score {}",
                self.attack(),
                self.round(),
                self.score()
            ),
        }
    }

    fn any(record: super::RecordOf<Self>) -> super::AnyRecord {
        super::AnyRecord::SimpleHex(record)
    }
}

/// A line saying what a verified game came to.
pub fn describe(game: &Game) -> String {
    format!(
        "replay reproduces: {} commands, {} events, winner {}, bomb score {}",
        game.commands().len(),
        game.events().len(),
        game.winner().map_or("none", |w| w.name()),
        game.score()
    )
}
