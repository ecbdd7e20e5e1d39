//! Family-game replays: the board, set-up, seed and commands (RON), with the
//! result the game reached, so `tally-ho replay FILE` can re-run it and
//! confirm it reproduces exactly. The same design as the Simple Hex replay:
//! a fingerprint of the board and rules files' text, and an FNV-1a digest of
//! the RON text of the event log.

use super::{fnv, GameKind, ReplayError};
use crate::data::{self, LoadErrors};
use crate::family::{Command, Ending, Event, FamilyScenario, Game, Position, Setup};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What a family game came to; a re-run must match it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilyRecorded {
    pub winner: Option<u8>,
    /// None: the game was not over when it was recorded.
    pub ending: Option<Ending>,
    /// Bombers shot down, by seat.
    pub kills: Vec<u8>,
    pub rounds: u32,
    pub events: usize,
    /// FNV-1a (64-bit) of the event log written as RON.
    pub digest: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyReplay {
    /// Always `Family`: how a replay file says which game it holds.
    pub game: GameKind,
    /// A shipped board's name, or a path to a board file.
    pub board: String,
    /// FNV-1a of the board and family rules files' text.
    pub fingerprint: String,
    pub setup: Setup,
    /// The position the game started from, if not the opening set-up.
    #[serde(default)]
    pub position: Option<Position>,
    pub seed: u64,
    pub commands: Vec<Command>,
    pub result: FamilyRecorded,
}

/// FNV-1a over the RON text of the events: stable across runs and machines.
pub fn digest(events: &[Event]) -> String {
    fnv(&[&ron::to_string(events).expect("events serialise")])
}

/// FNV-1a of the files a family board is played with.
pub fn fingerprint(board: &str) -> Result<String, LoadErrors> {
    let src = data::family_board_source(board)?;
    Ok(fnv(&[&src.text, &data::family_rules_source().text]))
}

pub fn recorded(game: &Game) -> FamilyRecorded {
    FamilyRecorded {
        winner: game.winner(),
        ending: game.ending(),
        kills: game.spitfires().iter().map(|s| s.kills).collect(),
        rounds: game.round(),
        events: game.events().len(),
        digest: digest(game.events()),
    }
}

/// A replay of `game`, which must have kept its event log (`Game::new` or
/// `Game::with_position`) and been played on `board`.
pub fn record(game: &Game, board: &str) -> Result<FamilyReplay, LoadErrors> {
    Ok(FamilyReplay {
        game: GameKind::Family,
        board: board.to_string(),
        fingerprint: fingerprint(board)?,
        setup: game.setup().clone(),
        position: game.position().cloned(),
        seed: game.seed(),
        commands: game.commands().to_vec(),
        result: recorded(game),
    })
}

/// Re-runs the commands on a fresh game from the same seed.
pub fn rerun_on(scenario: Arc<FamilyScenario>, replay: &FamilyReplay) -> Result<Game, ReplayError> {
    let setup = replay.setup.clone();
    let mut game = match &replay.position {
        None => Game::new(scenario, setup, replay.seed),
        Some(p) => Game::with_position(scenario, setup, p.clone(), replay.seed),
    }
    .map_err(ReplayError::BadSetup)?;
    super::play_all(&replay.commands, |c| game.play(c))?;
    Ok(game)
}

/// Loads the replay's board, re-runs it and checks that it reproduces the result.
pub fn verify(replay: &FamilyReplay) -> Result<Game, ReplayError> {
    let now = fingerprint(&replay.board).map_err(ReplayError::Load)?;
    if now != replay.fingerprint {
        return Err(ReplayError::BoardChanged {
            board: replay.board.clone(),
        });
    }
    let scenario = data::load_family(&replay.board).map_err(ReplayError::Load)?;
    let game = rerun_on(Arc::new(scenario), replay)?;
    let now = recorded(&game);
    if now != replay.result {
        return Err(ReplayError::FamilyDiffers {
            recorded: Box::new(replay.result.clone()),
            now: Box::new(now),
        });
    }
    Ok(game)
}

/// Reads a family replay file.
pub fn parse(file: &str, text: &str) -> Result<FamilyReplay, LoadErrors> {
    let rep: FamilyReplay = data::parse(file, text)?;
    if rep.game != GameKind::Family {
        return Err(data::LoadError {
            file: file.to_string(),
            line: 0,
            col: 0,
            message: format!(
                "this replay says it holds {:?}, not the family game",
                rep.game
            ),
        }
        .into());
    }
    Ok(rep)
}
