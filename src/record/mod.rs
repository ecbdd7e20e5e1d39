//! One record for every game, on disk: a save and a replay are the same
//! thing, a game written as what it is (its setup, seed and commands) with
//! what it came to.
//!
//! ```text
//! Record(
//!     game: SimpleHex,             // which game: the tag every reader goes by
//!     version: 3,
//!     fingerprint: "…",            // FNV-1a of the data files it was played on
//!     seed: 7,
//!     setup: (…),                  // the game's own: level, board, rules…
//!     players: [(name: "Luftwaffe", human: false), …],
//!     commands: […],
//!     result: (…),                 // the game's own summary (winner, score…)
//!     events: 1101,
//!     digest: "…",                 // FNV-1a of the event log as RON
//!     trail: "…",                  // four hex digits per command: its events
//! )
//! ```
//!
//! Loading replays the commands, so a record can never hold a state the
//! rules would not reach. Verifying also compares the event log: each
//! command's events against its entry in the trail, so an edited decision is
//! named (every decision is recorded in the events), then the result and the
//! digest. The digest hashes the RON text of the events, so it is tied to the
//! versions of ron, hexx and rand pinned in Cargo.lock.
//!
//! Files written by earlier versions (`SaveGame`, `FamilySave`,
//! `CampaignSave`, and the three replay formats) are converted on reading
//! (`legacy`).

pub mod blitz;
pub mod campaign;
pub mod family;
mod legacy;
pub mod simple_hex;

use crate::common::game::{GameKind, Rules};
use crate::common::Level;
use crate::data::archive::{self, Archive, Tree};
use crate::data::{self, LoadError, LoadErrors};
use serde::de::{DeserializeOwned, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// The version of the record format this program writes.
///
/// 3: Simple Hex rolls all of a side's speed dice when the side starts to
/// move. The same commands on the same seed make another game under it, so
/// Simple Hex records of version 2 and earlier are read with the earlier rule
/// (`SpeedDice::EachPlane`) in their options, and replay as they were played.
///
/// 4: the family game's readings of issue 14 (only commanders in play win at
/// dusk, two Spitfires pass each other, a radar landing costs the round's
/// turn, the solo game's objective). The same commands make another game
/// under them, so family
/// records of version 3 and earlier are refused with a sentence that says so.
///
/// 5: Simple Hex plays both attacks to the end ("Add the bomb scores from
/// both attacks") where it stopped when the target was destroyed. Simple
/// Hex records of version 4 and earlier are read with the earlier ending
/// (`Options::ends_at_target`) and replay as they were played.
///
/// 6: a save keeps how far the player had seen the game (`seen`); the
/// games play as in version 5.
pub const VERSION: u32 = 6;

/// The first version whose Simple Hex records play both attacks to the end.
const BOTH_ATTACKS: u32 = 5;

/// The first version whose family records follow issue 14's readings.
const FAMILY_READINGS: u32 = 4;

/// The first version whose Simple Hex records roll a side's speed dice
/// together.
const SIDE_SPEED_DICE: u32 = 3;

/// Who plays a seat: a name, and whether a person or the computer decides.
/// Seats are in the game's order (Simple Hex and the campaign: the Luftwaffe,
/// then the RAF; the family game: the commanders).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    pub human: bool,
    /// How well the computer plays this seat (files written before levels
    /// existed read as Veteran, the one opponent they were played against).
    #[serde(default)]
    pub level: Level,
}

impl Player {
    pub fn new(name: impl Into<String>, human: bool) -> Player {
        Player {
            name: name.into(),
            human,
            level: Level::default(),
        }
    }

    /// The same seat played by the computer at `level`.
    pub fn at(mut self, level: Level) -> Player {
        self.level = level;
        self
    }
}

/// A game on disk (a save or a replay).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record<S, C, R, P> {
    pub game: GameKind,
    pub version: u32,
    /// FNV-1a of the data files the game was played on (empty if unknown).
    pub fingerprint: String,
    pub seed: u64,
    pub setup: S,
    /// The snapshot the game started from instead of its setup's opening:
    /// a game of earlier rules, taken up where it was saved (its seed then
    /// throws the dice from there).
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub from: Option<Box<P>>,
    pub players: Vec<Player>,
    pub commands: Vec<C>,
    /// What the game had come to when it was written.
    pub result: R,
    /// Events in the log when it was written.
    pub events: usize,
    /// FNV-1a of the event log written as RON (empty if unknown).
    pub digest: String,
    /// Per command, four hex digits of the FNV-1a of its events (empty if
    /// unknown, as in files of earlier versions).
    #[serde(default)]
    pub trail: String,
    /// Where the game stood when it was written, in a few words (for
    /// people reading the file; never trusted: the list of saves replays
    /// the game).
    #[serde(default)]
    pub progress: String,
    /// How far the player had seen the game on screen when it was written
    /// (Continue shows the rest); not compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<Shown>,
    /// Where the game stood when it was written: what a later version whose
    /// rules play these commands into another game goes on from. Not
    /// compared; read only then.
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub kept: Option<Kept<P>>,
}

/// Nothing (a field a file may leave out), asking nothing of its type.
fn none<T>() -> Option<T> {
    None
}

/// Where a game stood, after its first `after` commands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept<P> {
    pub after: usize,
    pub snapshot: Box<P>,
}

/// How far a player has seen a game on the screen: the commands whose
/// events have all been shown (their animations played, their cards put
/// down), and the guide's topics explained by then.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shown {
    pub commands: usize,
    pub taught: Vec<String>,
}

/// The record of a game `G`.
pub type RecordOf<G> = Record<
    <G as Recorded>::Setup,
    <G as Rules>::Command,
    <G as Recorded>::Summary,
    <G as Recorded>::Snapshot,
>;

/// A game that can be written as a record and played again from one.
pub trait Recorded: Rules + Sized {
    /// The first record version whose games of this kind today's rules
    /// play exactly as they were played: a record of it or later, on
    /// today's data, that does not replay exactly is damaged; an older one
    /// (or one on earlier data) may have been played under other rules.
    /// Raised, with `VERSION`, by a change of this game's rules that plays
    /// the same commands into another game.
    const RULES_SINCE: u32;
    /// Everything a game starts from besides its seed.
    type Setup: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// What a game came to, compared when a replay is verified.
    type Summary: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned;

    /// Where a game stands, as a save keeps it (the engine's snapshot).
    type Snapshot: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned;

    fn setup(&self) -> Self::Setup;
    /// A new game from a setup and seed (with its event log). A level or
    /// board that is not shipped is a file, resolved against `base` (the
    /// record's folder) when relative.
    fn start(setup: &Self::Setup, seed: u64, base: &Path) -> Result<Self, RecordError>;
    /// A game going on from `snapshot` instead of its setup's opening (a
    /// game of earlier rules, taken up where it was saved).
    fn start_from(
        setup: &Self::Setup,
        snapshot: &Self::Snapshot,
        seed: u64,
        base: &Path,
    ) -> Result<Self, RecordError>;
    /// Where the game stands now, and after how many of its commands.
    fn snapshot(&self) -> (usize, Self::Snapshot);
    /// The snapshot it went on from, if it did not start from its
    /// setup's opening.
    fn resumed_from(&self) -> Option<&Self::Snapshot>;
    /// The fingerprint of the data files the setup names.
    fn fingerprint(setup: &Self::Setup, base: &Path) -> Result<String, RecordError>;
    fn summary(&self) -> Self::Summary;
    /// Where the game stands, in a few words (for the list of saves).
    fn progress(&self) -> String;
    /// The record as a record of any game.
    fn any(record: RecordOf<Self>) -> AnyRecord;
}

/// Why a record cannot be read, loaded or verified, as a sentence.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// The file cannot be read or parsed, or the data it names cannot be
    /// loaded (with file, line and column).
    Load(LoadErrors),
    /// The record holds another game than the one asked for.
    WrongGame { file: String, holds: GameKind },
    /// The setup cannot start a game.
    Setup(String),
    /// The data files differ from those the game was played on.
    DataChanged { what: String },
    /// A recorded command the rules refuse.
    Illegal {
        index: usize,
        command: String,
        reason: String,
    },
    /// A recorded command whose events differ from the recording: it (or the
    /// data before it) was edited.
    Edited { index: usize, command: String },
    /// The re-run reached another result or event log.
    Differs { recorded: String, now: String },
    /// A file that cannot be written: a sentence that names it.
    Write(String),
    /// A record written by a later version than this one reads.
    Newer { version: u32 },
    /// Any of the above, in a named file.
    In {
        file: String,
        error: Box<RecordError>,
    },
}

impl RecordError {
    /// The error, said of the file `file` (unless it names its file already).
    pub fn in_file(self, file: &str) -> RecordError {
        match self {
            RecordError::Load(e) if e.0.iter().all(|l| l.file == file) => RecordError::Load(e),
            e @ (RecordError::Write(_) | RecordError::In { .. }) => e,
            e => RecordError::In {
                file: file.to_string(),
                error: Box::new(e),
            },
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Load(e) => write!(f, "{e}"),
            RecordError::WrongGame { file, holds } => {
                write!(f, "{file}: this file holds a {} game", holds.title())
            }
            RecordError::Setup(e) => write!(f, "the recorded set-up does not fit: {e}"),
            RecordError::DataChanged { what } => write!(
                f,
                "{what} changed since this game was recorded, so it cannot be replayed as it was played"
            ),
            RecordError::Illegal {
                index,
                command,
                reason,
            } => write!(
                f,
                "command {} ({command}) is not legal on re-run: {reason}",
                index + 1
            ),
            RecordError::Edited { index, command } => write!(
                f,
                "command {} ({command}) does not do what was recorded: it, or what came before it, was edited",
                index + 1
            ),
            RecordError::Differs { recorded, now } => write!(
                f,
                "the re-run differs from the recording: recorded {recorded}; re-run {now}"
            ),
            RecordError::Write(why) => f.write_str(why),
            RecordError::Newer { version } => write!(
                f,
                "it was written by a later Tally-Ho (record version {version}; this one reads versions up to {VERSION}): play it on that version or a later one"
            ),
            RecordError::In { file, error } => write!(f, "{file}: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<LoadErrors> for RecordError {
    fn from(e: LoadErrors) -> Self {
        RecordError::Load(e)
    }
}

impl From<LoadError> for RecordError {
    fn from(e: LoadError) -> Self {
        RecordError::Load(e.into())
    }
}

/// FNV-1a (64-bit) over texts, each followed by a zero byte.
pub(crate) fn fnv(texts: &[&str]) -> String {
    format!("{:016x}", fnv64(texts))
}

fn fnv64(texts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for t in texts {
        for b in t.bytes().chain([0]) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// FNV-1a over the RON text of the events: stable across runs and machines.
pub fn digest<E: Serialize>(events: &[E]) -> String {
    fnv(&[&ron::to_string(events).expect("events serialise")])
}

/// One command's entry in the trail: its events, folded to 16 bits.
pub(crate) fn trail_entry<E: Serialize>(events: &[E]) -> String {
    let h = fnv64(&[&ron::to_string(events).expect("events serialise")]);
    format!("{:04x}", (h ^ (h >> 16) ^ (h >> 32) ^ (h >> 48)) & 0xffff)
}

/// A game, with where each command's events begin (for the trail).
struct Played<G> {
    game: G,
    /// For each command, the index of its first event, then the log's length.
    marks: Vec<usize>,
}

/// Plays the commands on a fresh game; the first one refused stops it, with
/// its number and the reason. With a trail, each command's events are
/// compared with its entry as it is played, so the first edited command is
/// the one named (even if a later one then becomes illegal).
fn play_commands<G: Rules>(
    mut game: G,
    commands: &[G::Command],
    trail: Option<&str>,
) -> Result<Played<G>, RecordError> {
    let mut marks = Vec::with_capacity(commands.len() + 1);
    for (index, cmd) in commands.iter().enumerate() {
        let from = game.events().len();
        marks.push(from);
        game.play(cmd.clone()).map_err(|e| RecordError::Illegal {
            index,
            command: format!("{cmd:?}"),
            reason: e.to_string(),
        })?;
        if let Some(t) = trail {
            let was = t.get(4 * index..4 * index + 4);
            if was != Some(trail_entry(&game.events()[from..]).as_str()) {
                return Err(RecordError::Edited {
                    index,
                    command: format!("{cmd:?}"),
                });
            }
        }
    }
    marks.push(game.events().len());
    Ok(Played { game, marks })
}

/// The trail of a game from the marks of its commands' events.
fn trail_of<E: Serialize>(events: &[E], marks: &[usize]) -> String {
    marks
        .windows(2)
        .map(|w| trail_entry(&events[w[0]..w[1]]))
        .collect()
}

impl<S, C, R, P> Record<S, C, R, P> {
    pub fn kind(&self) -> GameKind {
        self.game
    }
}

/// The record of a game played so far (which kept its event log), on the
/// data its setup names, resolved against `base`.
pub fn of<G: Recorded>(
    game: &G,
    players: Vec<Player>,
    base: &Path,
) -> Result<RecordOf<G>, RecordError> {
    let setup = game.setup();
    // The trail and digest as the game worked them out while it was
    // played; else the game replayed from its start, command by command.
    let (trail, digest) = match game.log_hashes() {
        Some(h) => h,
        None => {
            let played = play_commands(
                opening::<G>(&setup, game.resumed_from(), game.seed(), base)?,
                game.commands(),
                None,
            )?;
            (
                trail_of(played.game.events(), &played.marks),
                digest(game.events()),
            )
        }
    };
    Ok(Record {
        game: G::KIND,
        version: VERSION,
        fingerprint: G::fingerprint(&setup, base)?,
        seed: game.seed(),
        players,
        commands: game.commands().to_vec(),
        result: game.summary(),
        events: game.events().len(),
        digest,
        trail,
        progress: game.progress(),
        shown: None,
        from: game.resumed_from().cloned().map(Box::new),
        kept: Some({
            let (after, snapshot) = game.snapshot();
            Kept {
                after,
                snapshot: Box::new(snapshot),
            }
        }),
        setup,
    })
}

/// How a record's game came back when it was loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replayed {
    /// Every command's events, the result and the whole log as recorded.
    Exactly,
    /// A file of an earlier version that kept no hashes of its events: its
    /// commands replay to the result it recorded.
    ToItsResult,
    /// It was played under earlier rules: it goes on, under today's
    /// rules, from where it stood after its first `at` of `of` commands,
    /// as the save kept it (its snapshot), its commands not replayed.
    FromSnapshot {
        at: usize,
        of: usize,
        /// Why its commands do not replay as played.
        why: String,
    },
    /// It was played under earlier rules: its first `kept` of `of`
    /// commands replay as they were played, and the game goes on from
    /// there under today's rules.
    InPart {
        kept: usize,
        of: usize,
        /// Why the next command does not replay as played.
        why: String,
    },
}

/// A record's game, loaded, and how.
pub struct Loaded<G> {
    pub game: G,
    pub replayed: Replayed,
    /// The archived data tree it was played on, when not today's data: the
    /// game goes on with it (and is saved on it).
    pub data: Option<&'static Tree>,
    /// The data it was played on is not today's and could not be used (no
    /// tree this version keeps is it, or today's program cannot read the
    /// tree that is: why): the game was replayed on today's.
    pub data_unknown: Option<String>,
}

impl<G> Loaded<G> {
    /// What a player is told of how it came back, in one sentence; none
    /// when it came back exactly as saved on today's data.
    pub fn note(&self) -> Option<String> {
        let data = match (self.data, &self.data_unknown) {
            (Some(t), _) => format!(" on the data it was played on (version {})", t.name),
            (None, Some(_)) => " on today's data".to_string(),
            (None, None) => String::new(),
        };
        match &self.replayed {
            Replayed::Exactly if data.is_empty() => None,
            Replayed::Exactly => Some(format!(
                "Saved by an earlier version: it replays exactly as it was played{data}, and goes on with it."
            )),
            Replayed::ToItsResult => Some(format!(
                "Saved by an earlier version: its moves replay to the result it recorded{data}."
            )),
            Replayed::InPart { kept, of, .. } => Some(format!(
                "Saved by an earlier version whose rules have changed since: its first {kept} of {of} moves replay as they were played{data}, and it goes on from there under today's rules."
            )),
            Replayed::FromSnapshot { at, of, .. } if at == of => Some(format!(
                "Saved by an earlier version whose rules have changed since: it goes on from where it was saved{data}, under today's rules (its {of} moves are not replayed)."
            )),
            Replayed::FromSnapshot { at, of, .. } => Some(format!(
                "Saved by an earlier version whose rules have changed since: it goes on from where it stood after {at} of its {of} moves{data}, under today's rules."
            )),
        }
    }

    /// A few words for the list of saves, when it did not come back
    /// exactly as saved.
    pub fn tag(&self) -> Option<String> {
        tag(&self.replayed, self.data, self.data_unknown.is_some())
    }
}

/// A few words for the list of saves on how a game came back, when not
/// exactly as saved on today's data.
pub fn tag(replayed: &Replayed, data: Option<&Tree>, data_unknown: bool) -> Option<String> {
    match replayed {
        Replayed::InPart { kept, of, .. } => {
            Some(format!("earlier rules: from move {kept} of {of}"))
        }
        Replayed::FromSnapshot { at, of, .. } if at == of => {
            Some("earlier rules: from where it was saved".into())
        }
        Replayed::FromSnapshot { at, of, .. } => {
            Some(format!("earlier rules: from move {at} of {of}"))
        }
        Replayed::ToItsResult | Replayed::Exactly if data.is_some() => {
            Some("earlier version's data".into())
        }
        Replayed::ToItsResult => Some("earlier version".into()),
        Replayed::Exactly if data_unknown => Some("earlier data".into()),
        Replayed::Exactly => None,
    }
}

/// A record's game before its first command: its setup's opening, or the
/// snapshot it went on from.
fn opening<G: Recorded>(
    setup: &G::Setup,
    from: Option<&G::Snapshot>,
    seed: u64,
    base: &Path,
) -> Result<G, RecordError> {
    match from {
        Some(snap) => G::start_from(setup, snap, seed, base),
        None => G::start(setup, seed, base),
    }
}

/// The seed a game taken up from a snapshot throws its dice with: the
/// save's, moved on by where it was taken up, so that the same save always
/// goes on the same way.
pub fn resumed_seed(seed: u64, after: usize) -> u64 {
    fnv64(&[&seed.to_string(), &after.to_string()])
}

/// Where a record's data is: today's, an archived tree's, or none kept.
enum DataFound {
    Today,
    Archived(&'static Tree),
    Unknown,
}

/// The data a record was played on: today's if its fingerprint is today's
/// (or it names none), else the archived tree whose fingerprint it is.
fn data_of<G: Recorded>(r: &RecordOf<G>, base: &Path) -> Result<DataFound, RecordError> {
    if r.fingerprint.is_empty() {
        // A file of an earlier version that named no data.
        return Ok(DataFound::Unknown);
    }
    if G::fingerprint(&r.setup, base)? == r.fingerprint {
        return Ok(DataFound::Today);
    }
    let archive = Archive::shipped();
    for tree in archive.trees.iter().rev() {
        let print = archive::with(Some(tree), || G::fingerprint(&r.setup, base));
        if print.as_deref() == Ok(r.fingerprint.as_str()) {
            return Ok(DataFound::Archived(tree));
        }
    }
    Ok(DataFound::Unknown)
}

/// The game a record holds, replayed (a save loaded), as exactly as
/// today's program can: on the data it was played on (kept in the
/// archive), each command's events checked against its trail, then the
/// result and the log. A record of today's rules on today's data must
/// replay exactly, or it is damaged (an error). One played under earlier
/// rules or on earlier data is never refused for that: as far as its
/// commands replay as they were played, they are, and the game goes on
/// from there (see [`Loaded::note`]).
pub fn load<G: Recorded>(r: &RecordOf<G>, base: &Path) -> Result<Loaded<G>, RecordError> {
    check_kind::<G>(r.game)?;
    if r.version > VERSION {
        return Err(RecordError::Newer { version: r.version });
    }
    let found = data_of::<G>(r, base)?;
    let today = matches!(found, DataFound::Today) && !r.fingerprint.is_empty();
    let strict = today && r.version >= G::RULES_SINCE;
    let (tree, data_unknown) = match found {
        DataFound::Archived(t) => (Some(t), None),
        DataFound::Today => (None, None),
        DataFound::Unknown => (
            None,
            Some("no tree of earlier data this version keeps is the one it was played on".into()),
        ),
    };
    // An archived tree that today's program no longer reads is left for
    // today's data.
    let start = || opening::<G>(&r.setup, r.from.as_deref(), r.seed, base);
    let (tree, data_unknown, fresh) = match archive::with(tree, start) {
        Ok(g) => (tree, data_unknown, g),
        Err(e) if tree.is_some() => (
            None,
            Some(format!(
                "the data it was played on (version {}) is kept, but this version cannot read it: {}",
                tree.map_or("", |t| t.name.as_str()),
                e.to_string().replace('\n', "; ")
            )),
            start()?,
        ),
        Err(e) => return Err(e),
    };
    if strict && r.digest.is_empty() {
        return Err(RecordError::Differs {
            recorded: "no digest of its events, which this version always writes".into(),
            now: format!("{} events", fresh.events().len()),
        });
    }
    // Today's rules check every command against its entry in the trail; a
    // file of an earlier version that kept none is checked by its result.
    let trail = (strict || !r.trail.is_empty()).then_some(r.trail.as_str());
    let loaded = |game, replayed| Loaded {
        game,
        replayed,
        data: tree,
        data_unknown: data_unknown.clone(),
    };
    match archive::with(tree, || play_commands(fresh, &r.commands, trail)) {
        Ok(played) => {
            let game = played.game;
            let summary_same = game.summary() == r.result;
            let log_same = r.digest.is_empty()
                || (digest(game.events()) == r.digest && game.events().len() == r.events);
            if summary_same && log_same {
                let how = if trail.is_some() {
                    Replayed::Exactly
                } else {
                    Replayed::ToItsResult
                };
                return Ok(loaded(game, how));
            }
            if strict || trail.is_none() {
                return Err(RecordError::Differs {
                    recorded: format!("{:?}, {} events, digest {}", r.result, r.events, r.digest),
                    now: format!(
                        "{:?}, {} events, digest {}",
                        game.summary(),
                        game.events().len(),
                        digest(game.events())
                    ),
                });
            }
            // Every command replays as played, but what came before the
            // first, or the result, is told otherwise today.
            let of = r.commands.len();
            Ok(loaded(
                game,
                Replayed::InPart {
                    kept: of,
                    of,
                    why: "what it came to is told otherwise today".into(),
                },
            ))
        }
        Err(e) if strict => Err(e),
        Err(e) => {
            let kept = match &e {
                RecordError::Illegal { index, .. } | RecordError::Edited { index, .. } => *index,
                _ => return Err(e),
            };
            // A save of earlier rules was not edited: today's rules play
            // its command otherwise, and it is said so.
            let why = match &e {
                RecordError::Edited { index, command } => format!(
                    "command {} ({command}) does otherwise under today's rules than it did when it was played",
                    index + 1
                ),
                e => e.to_string(),
            };
            // Where the game stood when it was saved, if the save kept it
            // further on than its commands replay: it goes on from there.
            if let Some(k) = r.kept.as_ref().filter(|k| k.after > kept) {
                let seed = resumed_seed(r.seed, k.after);
                let from = archive::with(tree, || G::start_from(&r.setup, &k.snapshot, seed, base));
                if let Ok(game) = from {
                    return Ok(loaded(
                        game,
                        Replayed::FromSnapshot {
                            at: k.after.min(r.commands.len()),
                            of: r.commands.len(),
                            why: why.clone(),
                        },
                    ));
                }
            }
            let game = archive::with(tree, || -> Result<G, RecordError> {
                Ok(play_commands(start()?, &r.commands[..kept], None)?.game)
            })?;
            Ok(loaded(
                game,
                Replayed::InPart {
                    kept,
                    of: r.commands.len(),
                    why,
                },
            ))
        }
    }
}

/// The game a record holds, as [`load`] brings it back.
pub fn restore<G: Recorded>(r: &RecordOf<G>, base: &Path) -> Result<G, RecordError> {
    load::<G>(r, base).map(|l| l.game)
}

/// Re-runs the record and confirms it reproduces exactly: the data files,
/// each command's events, the result and the whole event log.
pub fn verify<G: Recorded>(r: &RecordOf<G>, base: &Path) -> Result<G, RecordError> {
    check_kind::<G>(r.game)?;
    if !r.fingerprint.is_empty() && G::fingerprint(&r.setup, base)? != r.fingerprint {
        return Err(RecordError::DataChanged {
            what: format!("the {} data files", G::KIND.title()),
        });
    }
    let game = opening::<G>(&r.setup, r.from.as_deref(), r.seed, base)?;
    let trail = (!r.trail.is_empty()).then_some(r.trail.as_str());
    let game = play_commands(game, &r.commands, trail)?.game;
    let summary = game.summary();
    let digest_now = digest(game.events());
    // An empty digest (a file of an earlier version whose events have
    // changed since) compares the result only.
    let log_differs =
        !r.digest.is_empty() && (digest_now != r.digest || game.events().len() != r.events);
    if summary != r.result || log_differs {
        return Err(RecordError::Differs {
            recorded: format!("{:?}, {} events, digest {}", r.result, r.events, r.digest),
            now: format!(
                "{:?}, {} events, digest {}",
                summary,
                game.events().len(),
                digest_now
            ),
        });
    }
    Ok(game)
}

fn check_kind<G: Recorded>(holds: GameKind) -> Result<(), RecordError> {
    if holds == G::KIND {
        Ok(())
    } else {
        Err(RecordError::WrongGame {
            file: "the record".into(),
            holds,
        })
    }
}

impl<S: Serialize, C: Serialize, R: Serialize, P: Serialize> Record<S, C, R, P> {
    pub fn to_text(&self) -> String {
        data::to_ron(self)
    }
}

/// A record of any of the games, as read from a file.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRecord {
    SimpleHex(RecordOf<crate::simple_hex::Game>),
    Family(RecordOf<crate::family::Game>),
    Campaign(campaign::CampaignRecord),
    Blitz(RecordOf<crate::blitz::Game>),
}

impl AnyRecord {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyRecord::SimpleHex(_) => GameKind::SimpleHex,
            AnyRecord::Family(_) => GameKind::Family,
            AnyRecord::Campaign(_) => GameKind::Campaign,
            AnyRecord::Blitz(_) => GameKind::Blitz,
        }
    }

    pub fn players(&self) -> &[Player] {
        match self {
            AnyRecord::SimpleHex(r) => &r.players,
            AnyRecord::Family(r) => &r.players,
            AnyRecord::Campaign(r) => &r.players,
            AnyRecord::Blitz(r) => &r.players,
        }
    }

    pub fn progress(&self) -> &str {
        match self {
            AnyRecord::SimpleHex(r) => &r.progress,
            AnyRecord::Family(r) => &r.progress,
            AnyRecord::Campaign(r) => &r.progress,
            AnyRecord::Blitz(r) => &r.progress,
        }
    }

    pub fn digest(&self) -> &str {
        match self {
            AnyRecord::SimpleHex(r) => &r.digest,
            AnyRecord::Family(r) => &r.digest,
            AnyRecord::Campaign(r) => &r.digest,
            AnyRecord::Blitz(r) => &r.digest,
        }
    }

    pub fn commands(&self) -> usize {
        match self {
            AnyRecord::SimpleHex(r) => r.commands.len(),
            AnyRecord::Family(r) => r.commands.len(),
            AnyRecord::Campaign(r) => r.commands.len(),
            AnyRecord::Blitz(r) => r.commands.len(),
        }
    }

    /// Whether the game was over when it was written (its result says).
    pub fn finished(&self) -> bool {
        match self {
            AnyRecord::SimpleHex(r) => r.result.winner.is_some(),
            AnyRecord::Family(r) => r.result.ending.is_some(),
            AnyRecord::Campaign(r) => r.result.verdict.is_some(),
            AnyRecord::Blitz(r) => r.result.over,
        }
    }

    /// Whether two records hold the same game, one further on than the
    /// other (or as far): the same game, set-up and seed, and the commands
    /// of one the start of the other's.
    pub fn same_game(&self, other: &AnyRecord) -> bool {
        fn same<S: PartialEq, C: PartialEq, R, P: PartialEq>(
            a: &Record<S, C, R, P>,
            b: &Record<S, C, R, P>,
        ) -> bool {
            let n = a.commands.len().min(b.commands.len());
            a.seed == b.seed
                && a.setup == b.setup
                && a.from == b.from
                && a.commands[..n] == b.commands[..n]
        }
        match (self, other) {
            (AnyRecord::SimpleHex(a), AnyRecord::SimpleHex(b)) => same(a, b),
            (AnyRecord::Family(a), AnyRecord::Family(b)) => same(a, b),
            (AnyRecord::Campaign(a), AnyRecord::Campaign(b)) => same(a, b),
            (AnyRecord::Blitz(a), AnyRecord::Blitz(b)) => same(a, b),
            _ => false,
        }
    }

    /// How far the player had seen the game, kept for Continue.
    pub fn shown(&self) -> Option<&Shown> {
        match self {
            AnyRecord::SimpleHex(r) => r.shown.as_ref(),
            AnyRecord::Family(r) => r.shown.as_ref(),
            AnyRecord::Campaign(r) => r.shown.as_ref(),
            AnyRecord::Blitz(r) => r.shown.as_ref(),
        }
    }

    pub fn to_text(&self) -> String {
        match self {
            AnyRecord::SimpleHex(r) => r.to_text(),
            AnyRecord::Family(r) => r.to_text(),
            AnyRecord::Campaign(r) => r.to_text(),
            AnyRecord::Blitz(r) => r.to_text(),
        }
    }

    /// Writes the record atomically (see `data::write_atomic`).
    pub fn write(&self, path: &Path) -> Result<(), RecordError> {
        // The error names the path ("PATH: cannot write: why").
        data::write_atomic(path, &self.to_text()).map_err(|e| RecordError::Write(e.to_string()))
    }

    /// The game as loading replays it (`load`): where it stands, whether
    /// it is over, and how it came back.
    pub fn replayed(&self, base: &Path) -> Result<Standing, RecordError> {
        fn of<G: Recorded>(r: &RecordOf<G>, base: &Path) -> Result<Standing, RecordError> {
            let l = load::<G>(r, base)?;
            Ok(Standing {
                progress: l.game.progress(),
                over: l.game.is_over(),
                tag: l.tag(),
            })
        }
        match self {
            AnyRecord::SimpleHex(r) => of::<crate::simple_hex::Game>(r, base),
            AnyRecord::Family(r) => of::<crate::family::Game>(r, base),
            AnyRecord::Campaign(r) => of::<crate::campaign::game::Campaign>(r, base),
            AnyRecord::Blitz(r) => of::<crate::blitz::Game>(r, base),
        }
    }

    /// What loading the record verified and how its game goes on, in a few
    /// lines (`tally-ho replay`): an error only if it is damaged.
    pub fn report(&self, base: &Path) -> Result<String, RecordError> {
        match self {
            AnyRecord::SimpleHex(r) => report(r, base, simple_hex::describe),
            AnyRecord::Family(r) => report(r, base, family::describe),
            AnyRecord::Campaign(r) => report(r, base, campaign::describe),
            AnyRecord::Blitz(r) => report(r, base, blitz::describe),
        }
    }

    /// Re-runs the record and confirms it reproduces; a line saying what it
    /// came to.
    pub fn verify(&self, base: &Path) -> Result<String, RecordError> {
        Ok(match self {
            AnyRecord::SimpleHex(r) => simple_hex::describe(&verify(r, base)?),
            AnyRecord::Family(r) => family::describe(&verify(r, base)?),
            AnyRecord::Campaign(r) => campaign::describe(&verify(r, base)?),
            AnyRecord::Blitz(r) => blitz::describe(&verify(r, base)?),
        })
    }
}

/// A record's game as loading replays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Where it stands, in a few words.
    pub progress: String,
    pub over: bool,
    /// How it came back, when not exactly as saved.
    pub tag: Option<String>,
}

/// What loading `r` verified, the data it was played on, and how its game
/// goes on (the first line is `describe`'s when it replays exactly).
fn report<G: Recorded>(
    r: &RecordOf<G>,
    base: &Path,
    describe: fn(&G) -> String,
) -> Result<String, RecordError> {
    let l = load::<G>(r, base)?;
    let mut lines = Vec::new();
    match &l.replayed {
        Replayed::Exactly => lines.push(describe(&l.game)),
        Replayed::ToItsResult => lines.push(format!(
            "verified: its {} commands replay to the result it recorded (a file of an earlier version, which kept no hashes of its events)",
            r.commands.len()
        )),
        Replayed::InPart { kept, of, why } => lines.push(format!(
            "verified: its first {kept} of {of} commands replay as they were played; the next does not under today's rules ({why})"
        )),
        Replayed::FromSnapshot { at, of, why } => lines.push(format!(
            "verified: its commands do not replay as played under today's rules ({why}); it is taken up where it stood after {at} of its {of} commands, as it kept it"
        )),
    }
    lines.push(match (l.data, &l.data_unknown) {
        (Some(t), _) => format!(
            "data: the data it was played on, version {}, kept in the archive of earlier data",
            t.name
        ),
        (None, Some(why)) => format!("data: today's ({why})"),
        (None, None) => "data: today's".to_string(),
    });
    let rules = match l.replayed {
        Replayed::InPart { .. } | Replayed::FromSnapshot { .. } => ", under today's rules",
        _ => "",
    };
    lines.push(if l.game.is_over() {
        format!("goes on: the game is over ({})", l.game.progress())
    } else {
        format!("goes on: from {}{rules}", l.game.progress())
    });
    Ok(lines.join("\n"))
}

/// The value of a record's `game` field, if it has one; every other field
/// is skipped unread. (`ron::Value` keeps a unit variant as `()`, without
/// its name, so the field is read as a `GameKind`.)
struct Tag {
    game: Option<GameKind>,
    version: Option<u32>,
}

impl<'de> Deserialize<'de> for Tag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Tag;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a saved game or replay: a structure of named fields")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tag, A::Error> {
                let mut tag = Tag {
                    game: None,
                    version: None,
                };
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "game" => tag.game = Some(map.next_value::<GameKind>()?),
                        "version" => tag.version = Some(map.next_value::<u32>()?),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(tag)
            }
        }
        // Any structure name is accepted: the fields say what it is.
        d.deserialize_any(Fields)
    }
}

/// Reads a record from its text: by its `game` field (files of earlier
/// versions without one are Simple Hex's, or say so by their first word).
pub fn parse(file: &str, text: &str) -> Result<AnyRecord, RecordError> {
    let tag: Tag = data::parse(file, text)?;
    let record = match tag.version {
        Some(_) => current(file, text, tag.game)?,
        None => legacy::parse(file, text, tag.game)?,
    };
    Ok(record)
}

fn current(file: &str, text: &str, game: Option<GameKind>) -> Result<AnyRecord, RecordError> {
    let tag_game = game;
    Ok(match tag_game {
        Some(GameKind::SimpleHex) => {
            let mut r: RecordOf<crate::simple_hex::Game> = data::parse(file, text)?;
            if r.version < SIDE_SPEED_DICE {
                r.setup.options.speed_dice = crate::simple_hex::SpeedDice::EachPlane;
            }
            if r.version < BOTH_ATTACKS {
                r.setup.options.ends_at_target = true;
            }
            AnyRecord::SimpleHex(r)
        }
        Some(GameKind::Family) => AnyRecord::Family(data::parse(file, text)?),
        Some(GameKind::Campaign) => {
            let mut r: RecordOf<crate::campaign::game::Campaign> = data::parse(file, text)?;
            if r.version < SIDE_SPEED_DICE {
                r.setup.speed_dice = crate::simple_hex::SpeedDice::EachPlane;
            }
            campaign::check_data_version(file, text, &mut r)?;
            AnyRecord::Campaign(r)
        }
        Some(GameKind::Blitz) => AnyRecord::Blitz(data::parse(file, text)?),
        None => return Err(LoadError {
            file: file.to_string(),
            line: 1,
            col: 1,
            message:
                "a saved game or replay names its game (game: SimpleHex, Family, Campaign or Blitz)"
                    .into(),
        }
        .into()),
    })
}

/// Reads a record file (a regular file of reasonable size: see `data::Source`).
pub fn read(path: &Path) -> Result<AnyRecord, RecordError> {
    let src = data::Source::read(path)?;
    parse(&src.file, &src.text)
}

/// Reads a record file and re-runs it (a replay verified): what it came
/// to, or the error, said of the file.
pub fn verify_file(path: &Path) -> Result<(AnyRecord, String), RecordError> {
    let r = read(path)?;
    let line = r
        .verify(&base_of(path))
        .map_err(|e| e.in_file(&path.display().to_string()))?;
    Ok((r, line))
}

/// Reads a record file and loads it as the game would (`load`): what was
/// verified and how it goes on, or why it is damaged, said of the file.
pub fn report_file(path: &Path) -> Result<(AnyRecord, String), RecordError> {
    let r = read(path)?;
    let lines = r
        .report(&base_of(path))
        .map_err(|e| e.in_file(&path.display().to_string()))?;
    Ok((r, lines))
}

/// The folder a record's relative level or board paths are read from.
pub fn base_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A level or board as a record names it: a shipped one by name, a file by
/// its path relative to the record's folder `base`. A file outside the
/// record's folder and the levels folder cannot be named (a record never
/// reads a file elsewhere: see [`resolve`]).
pub fn name_for_record(level: &str, shipped: bool, base: &Path) -> Result<String, RecordError> {
    if shipped {
        return Ok(level.to_string());
    }
    let abs = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let file = abs(Path::new(level));
    if !within_reach(&file, base) {
        return Err(RecordError::Setup(format!(
            "{level}: a record names a level or board file in its own folder or under levels/: write the record beside it"
        )));
    }
    Ok(match pathdiff::diff_paths(&file, abs(base)) {
        Some(rel) => rel.to_string_lossy().into_owned(),
        None => file.to_string_lossy().into_owned(),
    })
}

/// Where a record's level or board file is: a relative path is read from
/// the record's folder. A record names only a file in its own folder (or
/// below it) or under the levels folder: any other path is refused, so a
/// save handed over can make the game read no file elsewhere.
pub fn resolve(name: &str, base: &Path) -> Result<String, RecordError> {
    let p = Path::new(name);
    let path = if p.is_absolute() {
        p.to_path_buf()
    } else {
        base.join(p)
    };
    if !within_reach(&path, base) {
        return Err(RecordError::Setup(format!(
            "{name}: a record names a level or board file in its own folder or under levels/, and this one is elsewhere"
        )));
    }
    Ok(path.to_string_lossy().into_owned())
}

/// Whether `path` (once its links and `..` are followed) is in the folder
/// `base` or the levels folder, or below either.
fn within_reach(path: &Path, base: &Path) -> bool {
    let real = |p: &Path| std::fs::canonicalize(p).ok();
    let Some(file) = real(path) else {
        // A file that is not there is read nowhere: reading it says so.
        return true;
    };
    [real(base), real(Path::new("levels"))]
        .into_iter()
        .flatten()
        .any(|dir| file.starts_with(dir))
}
