//! Saves and replays written by earlier versions, converted on reading.
//!
//! Those versions wrote six formats: `SaveGame` (Simple Hex), `FamilySave`
//! and `CampaignSave` for saves, and `Replay` (Simple Hex, with no `game`
//! field), `FamilyReplay` and `CampaignReplay` (with `game: Family` or
//! `game: Campaign`) for replays. Each becomes a record: a save with its
//! result worked out by replaying it, a replay with the result, event count
//! and digest it recorded (and no trail, so an edit is caught but cannot be
//! named).

use super::{
    base_of, campaign, family as fam, simple_hex as sh, AnyRecord, Player, Record, RecordError,
    RecordOf, Recorded,
};
use crate::campaign::game::{Campaign, CampaignSetup, Command as CampaignCommand};
use crate::campaign::score::{Tally, Verdict};
use crate::common::game::GameKind;
use crate::common::Side;
use crate::data;
use crate::family::{Command as FamilyCommand, Ending, Position, Setup as Seats};
use crate::simple_hex::{Command as HexCommand, Options, SpeedDice};
use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
enum OldPlayers {
    Solo { human: Side },
    TwoPlayers,
}

/// Simple Hex and the campaign list their seats Luftwaffe first.
fn sides(human: impl Fn(Side) -> bool) -> Vec<Player> {
    [Side::German, Side::British]
        .into_iter()
        .map(|s| Player::new(s.name(), human(s)))
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveGame {
    level: String,
    options: Options,
    seed: u64,
    players: OldPlayers,
    commands: Vec<HexCommand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Recorded")]
struct OldHexResult {
    winner: Option<Side>,
    score: u32,
    losses: Vec<(String, u32)>,
    events: usize,
    digest: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Replay {
    level: String,
    fingerprint: String,
    options: Options,
    seed: u64,
    commands: Vec<HexCommand>,
    result: OldHexResult,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Commander {
    name: String,
    human: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FamilySave {
    board: String,
    setup: Seats,
    seed: u64,
    commanders: Vec<Commander>,
    commands: Vec<FamilyCommand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "FamilyRecorded")]
struct OldFamilyResult {
    winner: Option<u8>,
    ending: Option<Ending>,
    kills: Vec<u8>,
    rounds: u32,
    events: usize,
    digest: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FamilyReplay {
    #[allow(dead_code)]
    game: GameKind,
    board: String,
    fingerprint: String,
    setup: Seats,
    #[serde(default)]
    position: Option<Position>,
    seed: u64,
    commands: Vec<FamilyCommand>,
    result: OldFamilyResult,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CampaignSave {
    setup: CampaignSetup,
    commands: Vec<CampaignCommand>,
    human: Option<Side>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "CampaignRecorded")]
struct OldCampaignResult {
    tally: Tally,
    verdict: Option<Verdict>,
    turn: u8,
    #[allow(dead_code)]
    events: usize,
    #[allow(dead_code)]
    digest: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CampaignReplay {
    #[allow(dead_code)]
    game: GameKind,
    fingerprint: String,
    setup: CampaignSetup,
    commands: Vec<CampaignCommand>,
    result: OldCampaignResult,
}

/// The name of the structure a file of an earlier version holds (they were
/// always written with it).
fn first_word(text: &str) -> &str {
    let line = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    &line[..end]
}

/// A save of an earlier version as a record of that version: it names no
/// data and kept no hashes of its events, so what it had come to is worked
/// out by replaying it as far as today's rules take its commands (loading
/// it goes on from there: see `record::load`).
fn from_save<G: Recorded>(
    setup: G::Setup,
    seed: u64,
    players: Vec<Player>,
    commands: Vec<G::Command>,
    base: &Path,
) -> Result<RecordOf<G>, RecordError> {
    let mut game = G::start(&setup, seed, base)?;
    for c in &commands {
        if game.play(c.clone()).is_err() {
            break;
        }
    }
    Ok(Record {
        game: G::KIND,
        version: 1,
        fingerprint: String::new(),
        seed,
        players,
        result: game.summary(),
        events: 0,
        digest: String::new(),
        trail: String::new(),
        progress: String::new(),
        shown: None,
        from: None,
        kept: None,
        setup,
        commands,
    })
}

/// Reads a file of an earlier version (`game`: its `game` field, if any).
pub fn parse(file: &str, text: &str, game: Option<GameKind>) -> Result<AnyRecord, RecordError> {
    convert(file, text, game).map_err(|e| e.in_file(file))
}

fn convert(file: &str, text: &str, game: Option<GameKind>) -> Result<AnyRecord, RecordError> {
    let base = base_of(Path::new(file));
    match (game, first_word(text)) {
        (Some(GameKind::Family), _) => family_replay(file, text),
        (Some(GameKind::Campaign), _) => campaign_replay(file, text),
        (_, "FamilySave") => family_save(file, text, &base),
        (_, "CampaignSave") => campaign_save(file, text, &base),
        (_, "SaveGame") => simple_hex_save(file, text, &base),
        _ => simple_hex_replay(file, text),
    }
}

/// A family game's replay of an earlier version.
fn family_replay(file: &str, text: &str) -> Result<AnyRecord, RecordError> {
    let r: FamilyReplay = data::parse(file, text)?;
    Ok(AnyRecord::Family(Record {
        game: GameKind::Family,
        version: 1,
        fingerprint: r.fingerprint,
        seed: r.seed,
        setup: fam::Setup {
            board: r.board,
            seats: r.setup,
            position: r.position,
        },
        players: Vec::new(),
        commands: r.commands,
        result: fam::Summary {
            winner: r.result.winner,
            ending: r.result.ending,
            kills: r.result.kills,
            rounds: r.result.rounds,
        },
        events: r.result.events,
        digest: r.result.digest,
        trail: String::new(),
        progress: String::new(),
        shown: None,
        from: None,
        kept: None,
    }))
}

/// A campaign's replay of an earlier version.
fn campaign_replay(file: &str, text: &str) -> Result<AnyRecord, RecordError> {
    let r: CampaignReplay = data::parse(file, text)?;
    let record = Record {
        game: GameKind::Campaign,
        version: 1,
        fingerprint: r.fingerprint,
        seed: r.setup.seed,
        setup: campaign::Setup {
            weather: r.setup.weather,
            battles: r.setup.battles,
            speed_dice: SpeedDice::EachPlane,
            data_version: 0,
            asks: None,
        },
        players: Vec::new(),
        commands: r.commands,
        result: campaign::Summary {
            tally: r.result.tally,
            verdict: r.result.verdict,
            turn: r.result.turn,
        },
        // The campaign's events have changed since: the result is
        // compared, not the log.
        events: 0,
        digest: String::new(),
        trail: String::new(),
        progress: String::new(),
        shown: None,
        from: None,
        kept: None,
    };
    Ok(AnyRecord::Campaign(record))
}

/// A family game's save of an earlier version, replayed into a record.
fn family_save(file: &str, text: &str, base: &Path) -> Result<AnyRecord, RecordError> {
    let s: FamilySave = data::parse(file, text)?;
    let players = s
        .commanders
        .into_iter()
        .map(|c| Player::new(c.name, c.human))
        .collect();
    let setup = fam::Setup {
        board: s.board,
        seats: s.setup,
        position: None,
    };
    Ok(AnyRecord::Family(from_save::<crate::family::Game>(
        setup, s.seed, players, s.commands, base,
    )?))
}

/// A campaign's save of an earlier version, replayed into a record.
fn campaign_save(file: &str, text: &str, base: &Path) -> Result<AnyRecord, RecordError> {
    let s: CampaignSave = data::parse(file, text)?;
    let players = sides(|side| s.human.is_none_or(|h| h == side));
    let setup = campaign::Setup {
        weather: s.setup.weather,
        battles: s.setup.battles,
        speed_dice: SpeedDice::EachPlane,
        data_version: 0,
        asks: None,
    };
    Ok(AnyRecord::Campaign(from_save::<Campaign>(
        setup,
        s.setup.seed,
        players,
        s.commands,
        base,
    )?))
}

/// A Simple Hex save of an earlier version, replayed into a record.
fn simple_hex_save(file: &str, text: &str, base: &Path) -> Result<AnyRecord, RecordError> {
    let s: SaveGame = data::parse(file, text)?;
    let players = sides(|side| match s.players {
        OldPlayers::Solo { human } => human == side,
        OldPlayers::TwoPlayers => true,
    });
    // Played when each plane's speed die was rolled as it moved.
    let setup = sh::Setup::new(
        s.level,
        Options {
            speed_dice: SpeedDice::EachPlane,
            ends_at_target: true,
            ..s.options
        },
    );
    Ok(AnyRecord::SimpleHex(from_save::<crate::simple_hex::Game>(
        setup, s.seed, players, s.commands, base,
    )?))
}

/// A Simple Hex replay of an earlier version.
fn simple_hex_replay(file: &str, text: &str) -> Result<AnyRecord, RecordError> {
    let r: Replay = data::parse(file, text)?;
    Ok(AnyRecord::SimpleHex(Record {
        game: GameKind::SimpleHex,
        version: 1,
        fingerprint: r.fingerprint,
        seed: r.seed,
        setup: sh::Setup::new(
            r.level,
            Options {
                speed_dice: SpeedDice::EachPlane,
                ends_at_target: true,
                ..r.options
            },
        ),
        players: Vec::new(),
        commands: r.commands,
        result: sh::Summary {
            winner: r.result.winner,
            score: r.result.score,
            losses: r.result.losses,
        },
        events: r.result.events,
        digest: r.result.digest,
        trail: String::new(),
        progress: String::new(),
        shown: None,
        from: None,
        kept: None,
    }))
}
