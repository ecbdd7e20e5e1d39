//! The family game as a record: the board (a shipped name, or a file), the
//! commanders' set-up and the position it started from; its result is the
//! winner, the ending, the kills by seat and the rounds.

use super::{fnv, resolve, RecordError, Recorded};
use crate::common::shell::Shell;
use crate::data;
use crate::family::state::Snapshot;
use crate::family::Start;
use crate::family::{Ending, Game, Position, Setup as Seats};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What a family game starts from besides its seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// A shipped board's name, or a board file's path (relative to the
    /// record's folder).
    pub board: String,
    pub seats: Seats,
    /// The position the game started from, if not the opening set-up.
    #[serde(default)]
    pub position: Option<Position>,
}

/// What a family game came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    pub winner: Option<u8>,
    /// None: the game was not over.
    pub ending: Option<Ending>,
    /// Bombers shot down, by seat.
    pub kills: Vec<u8>,
    pub rounds: u32,
}

fn board_source(board: &str, base: &Path) -> Result<data::Source, RecordError> {
    let shipped = data::FAMILY_BOARDS.iter().any(|(n, _, _)| *n == board);
    let name = if shipped {
        board.to_string()
    } else {
        resolve(board, base)?
    };
    Ok(data::family_board_source(&name)?)
}

/// The board a record names, under the family rules.
fn scenario(setup: &Setup, base: &Path) -> Result<Arc<crate::family::FamilyScenario>, RecordError> {
    let src = board_source(&setup.board, base)?;
    let mut scenario = data::load_family_with(&src, &data::family_rules_source())?;
    scenario.board = setup.board.clone();
    Ok(Arc::new(scenario))
}

impl Recorded for Game {
    /// Issue 14's readings of the family rules (version 4).
    const RULES_SINCE: u32 = super::FAMILY_READINGS;

    type Setup = Setup;
    type Summary = Summary;
    type Snapshot = Snapshot;

    fn setup(&self) -> Setup {
        Setup {
            board: self.scenario().board.clone(),
            seats: crate::family::State::setup(self).clone(),
            position: self.position().cloned(),
        }
    }

    fn start(setup: &Setup, seed: u64, base: &Path) -> Result<Game, RecordError> {
        let scenario = scenario(setup, base)?;
        let seats = setup.seats.clone();
        match &setup.position {
            None => Game::new(scenario, seats, seed),
            Some(p) => Game::with_position(scenario, seats, p.clone(), seed),
        }
        .map_err(RecordError::Setup)
    }

    fn start_from(
        setup: &Setup,
        snapshot: &Snapshot,
        seed: u64,
        base: &Path,
    ) -> Result<Game, RecordError> {
        let start = Start::new(
            scenario(setup, base)?,
            setup.seats.clone(),
            setup.position.clone(),
        );
        Shell::from_snapshot(start, snapshot, seed, true).map_err(RecordError::Setup)
    }

    fn snapshot(&self) -> (usize, Snapshot) {
        Shell::snapshot(self)
    }

    fn resumed_from(&self) -> Option<&Snapshot> {
        Shell::resumed_from(self)
    }

    fn fingerprint(setup: &Setup, base: &Path) -> Result<String, RecordError> {
        let src = board_source(&setup.board, base)?;
        Ok(fnv(&[&src.text, &data::family_rules_source().text]))
    }

    fn summary(&self) -> Summary {
        Summary {
            winner: self.winner(),
            ending: self.ending(),
            kills: self.spitfires().iter().map(|s| s.kills).collect(),
            rounds: self.round(),
        }
    }

    fn progress(&self) -> String {
        let kills: Vec<String> = self
            .spitfires()
            .iter()
            .map(|s| s.kills.to_string())
            .collect();
        match (self.is_over(), self.winner()) {
            (true, Some(w)) => format!("Won by commander {}, kills {}", w + 1, kills.join("-")),
            (true, None) => format!("Over, nobody won, kills {}", kills.join("-")),
            _ => format!("Round {}, kills {}", self.round(), kills.join("-")),
        }
    }

    fn any(record: super::RecordOf<Self>) -> super::AnyRecord {
        super::AnyRecord::Family(record)
    }
}

/// A line saying what a verified game came to.
pub fn describe(game: &Game) -> String {
    format!(
        "family replay reproduces: {} commands, {} events, {} rounds, {}, kills {:?}",
        game.commands().len(),
        game.events().len(),
        game.round(),
        match (game.winner(), game.ending()) {
            (Some(w), Some(e)) => format!(
                "won by {} (seat {}, {e:?})",
                game.scenario().sectors[game.spitfire(w).sector as usize].name,
                w + 1
            ),
            (None, Some(e)) => format!("won by nobody ({e:?})"),
            _ => "not over".into(),
        },
        game.spitfires().iter().map(|s| s.kills).collect::<Vec<_>>()
    )
}
