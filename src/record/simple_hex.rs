//! Simple Hex as a record: the level (a shipped name, or a file) and the
//! rule options; its result is the winner, the bomb score and the planes
//! lost per type.

use super::{fnv, resolve, RecordError, Recorded};
use crate::data;
use crate::simple_hex::{Game, Options, Side};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What a game of Simple Hex starts from besides its seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// A shipped level's name, or a level file's path (relative to the
    /// record's folder).
    pub level: String,
    pub options: Options,
}

/// What a game of Simple Hex came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        resolve(level, base)
    };
    Ok(data::scenario_source(&name)?)
}

impl Recorded for Game {
    type Setup = Setup;
    type Summary = Summary;

    fn setup(&self) -> Setup {
        Setup {
            level: self.scenario().level.clone(),
            options: self.options(),
        }
    }

    fn start(setup: &Setup, seed: u64, base: &Path) -> Result<Game, RecordError> {
        let src = level_source(&setup.level, base)?;
        let mut scenario =
            data::load_scenario_with(&src, &data::aircraft_source(), &data::rules_source())?;
        scenario.level = setup.level.clone();
        Ok(Game::new(Arc::new(scenario), setup.options, seed))
    }

    fn fingerprint(setup: &Setup, base: &Path) -> Result<String, RecordError> {
        let scenario = level_source(&setup.level, base)?;
        Ok(fnv(&[
            &scenario.text,
            &data::aircraft_source().text,
            &data::rules_source().text,
        ]))
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
