//! The night Blitz as a record: its setup (the tour's last night, if
//! shorter), its seed and the crew's commands; its result is the tour's
//! tally so far.

use super::{fnv, RecordError, Recorded};
use crate::blitz::game::Start;
use crate::blitz::state::Snapshot;
use crate::blitz::{Game, Setup};
use crate::common::shell::Shell;

use crate::data;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What a campaign came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// The night the game was at.
    pub night: String,
    pub over: bool,
    /// Missions flown (airborne), and their victory points.
    pub flown: u32,
    pub points: u32,
    /// Bombers lost.
    pub lost: u32,
}

/// The tour's tables, for a tour ending no earlier than its first night.
fn tables(setup: &Setup) -> Result<Arc<crate::blitz::Tables>, RecordError> {
    let tables = Arc::new(data::load_blitz()?);
    if let Some(d) = setup.last_night {
        if d < tables.calendar.first_night {
            return Err(RecordError::Setup(format!(
                "the tour cannot end on {d}, before its first night ({})",
                tables.calendar.first_night
            )));
        }
    }
    Ok(tables)
}

impl Recorded for Game {
    /// The night Blitz's rules changed with its tables up to version 5.
    const RULES_SINCE: u32 = 5;

    type Setup = Setup;
    type Summary = Summary;
    type Snapshot = Snapshot;

    fn setup(&self) -> Setup {
        self.state().setup().clone()
    }

    fn start(setup: &Setup, seed: u64, _base: &Path) -> Result<Game, RecordError> {
        Ok(Game::new(tables(setup)?, setup.clone(), seed))
    }

    fn start_from(
        setup: &Setup,
        snapshot: &Snapshot,
        seed: u64,
        _base: &Path,
    ) -> Result<Game, RecordError> {
        let start = Start {
            tables: tables(setup)?,
            setup: setup.clone(),
        };
        Shell::from_snapshot(start, snapshot, seed, true).map_err(RecordError::Setup)
    }

    fn snapshot(&self) -> (usize, Snapshot) {
        Shell::snapshot(self)
    }

    fn resumed_from(&self) -> Option<&Snapshot> {
        Shell::resumed_from(self)
    }

    fn fingerprint(_setup: &Setup, _base: &Path) -> Result<String, RecordError> {
        let sources = data::blitz_sources();
        let texts: Vec<&str> = sources.iter().map(|s| s.text.as_str()).collect();
        Ok(fnv(&texts))
    }

    fn summary(&self) -> Summary {
        let raids = self.raids();
        Summary {
            night: self.night().to_string(),
            over: self.is_over(),
            flown: raids.iter().filter(|r| r.flown).count() as u32,
            points: self.points(),
            lost: raids
                .iter()
                .filter(|r| matches!(r.ending, crate::blitz::Ending::Lost(_)))
                .count() as u32,
        }
    }

    fn progress(&self) -> String {
        let s = Recorded::summary(self);
        format!(
            "{}, {} missions, {} victory points{}",
            s.night,
            s.flown,
            s.points,
            if s.over { ", tour over" } else { "" }
        )
    }

    fn any(record: super::RecordOf<Self>) -> super::AnyRecord {
        super::AnyRecord::Blitz(record)
    }
}

/// A line saying what a verified campaign came to.
pub fn describe(game: &Game) -> String {
    let s = Recorded::summary(game);
    format!(
        "night Blitz replay reproduces: {} commands, {} events, {}, {} missions flown, {} victory points, {} bombers lost",
        game.commands().len(),
        game.events().len(),
        if s.over { "tour over".to_string() } else { format!("at {}", s.night) },
        s.flown,
        s.points,
        s.lost
    )
}
