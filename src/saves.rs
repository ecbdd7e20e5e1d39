//! Where a player's games are kept: each game has its own autosave and its
//! own numbered slots, in a folder of its own under the data directory:
//!
//! ```text
//! <data dir>/saves/simple-hex/autosave.ron, slot-1.ron … slot-8.ron
//! <data dir>/saves/family/…
//! <data dir>/saves/campaign/…
//! ```
//!
//! So starting or saving one game never touches another's. Every file is a
//! record (see `record`), written atomically, and only over what this
//! window last saw there (`data::guard`: another window's save is never
//! written over unseen). An autosave that cannot be read is moved aside
//! (`autosave.unreadable.ron`, `-2`...), never written over, and listed.
//! The two files of earlier versions (`save.ron` and `autosave.ron` beside
//! the folder) are listed too, and load, converted on reading; nothing
//! writes them any more.

use crate::common::game::GameKind;
use crate::data::{guard, store};
use crate::record::{self, AnyRecord, Player, RecordError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

/// Numbered save slots each game has.
pub const SLOTS: u8 = 8;

/// A place a game can be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    Autosave,
    /// 1 to `SLOTS`.
    Numbered(u8),
    /// A file of an earlier version: 0 the save, 1 the autosave.
    Legacy(u8),
    /// An autosave that could not be read, moved aside: 1 to
    /// `UNREADABLE_KEPT` (`autosave.unreadable.ron`, then `-2`...).
    Unreadable(u8),
}

/// How many unreadable autosaves a game keeps beside its autosave.
pub const UNREADABLE_KEPT: u8 = 99;

impl Slot {
    pub fn name(self) -> String {
        match self {
            Slot::Autosave => "Autosave".into(),
            Slot::Numbered(n) => format!("Slot {n}"),
            Slot::Legacy(0) => "Saved by an earlier version".into(),
            Slot::Legacy(_) => "Autosave of an earlier version".into(),
            Slot::Unreadable(1) => "Unreadable autosave, set aside".into(),
            Slot::Unreadable(n) => format!("Unreadable autosave {n}, set aside"),
        }
    }
}

/// Where saves and settings live: `$TALLY_HO_DATA_DIR`, or the platform's
/// data directory (`~/.local/share/tally-ho` on Linux).
pub fn data_dir() -> PathBuf {
    #[cfg(target_arch = "wasm32")]
    return PathBuf::from("tally-ho");
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(d) = std::env::var_os("TALLY_HO_DATA_DIR") {
        return PathBuf::from(d);
    }
    #[cfg(not(target_arch = "wasm32"))]
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tally-ho")
}

/// The file of a game's slot.
pub fn path(kind: GameKind, slot: Slot) -> PathBuf {
    match slot {
        Slot::Legacy(0) => data_dir().join("save.ron"),
        Slot::Legacy(_) => data_dir().join("autosave.ron"),
        Slot::Autosave => data_dir()
            .join("saves")
            .join(kind.slug())
            .join("autosave.ron"),
        Slot::Numbered(n) => data_dir()
            .join("saves")
            .join(kind.slug())
            .join(format!("slot-{n}.ron")),
        Slot::Unreadable(n) => path(kind, Slot::Autosave).with_file_name(match n {
            1 => "autosave.unreadable.ron".to_string(),
            n => format!("autosave.unreadable-{n}.ron"),
        }),
    }
}

/// What a listed save holds: the game replayed (never the file's own
/// words for it), where it stands and who plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    pub kind: GameKind,
    /// Where the replayed game stands, in a few words.
    pub progress: String,
    pub players: Vec<Player>,
    pub commands: usize,
    /// The game is over.
    pub over: bool,
    /// How it came back, when not exactly as saved ("earlier version:
    /// from move 57 of 60").
    pub tag: Option<String>,
}

impl Listing {
    /// A record as its game replays: where it stands, how it came back.
    fn of(r: &AnyRecord, base: &Path) -> Result<Listing, String> {
        let replayed = r.replayed(base).map_err(|e| e.to_string())?;
        Ok(Listing {
            kind: r.kind(),
            progress: replayed.progress,
            players: r.players().to_vec(),
            commands: r.commands(),
            over: replayed.over,
            tag: replayed.tag,
        })
    }
}

impl Listing {
    /// A game played in this window, as its record says (no replay: the
    /// record was made from the game itself); `data`: the earlier data
    /// tree it plays on, if not today's.
    pub fn played(r: &AnyRecord, data: Option<&'static crate::data::archive::Tree>) -> Listing {
        Listing {
            kind: r.kind(),
            progress: r.progress().to_string(),
            players: r.players().to_vec(),
            commands: r.commands(),
            over: r.finished(),
            tag: record::tag(&record::Replayed::Exactly, data, false),
        }
    }
}

/// Listings already worked out, by file and the hash of its bytes: a save
/// is replayed for the list once, and again only when it changes.
static LISTED: Mutex<Listed> = Mutex::new(BTreeMap::new());

/// A file's listing, with the hash of the bytes it was worked out from.
type Listed = BTreeMap<PathBuf, (u64, Result<Listing, String>)>;

fn listed() -> std::sync::MutexGuard<'static, Listed> {
    LISTED.lock().unwrap_or_else(|e| e.into_inner())
}

/// A save on disk: where, when, and what it holds (or why it cannot be read).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub kind: GameKind,
    pub slot: Slot,
    pub path: PathBuf,
    pub modified: Option<SystemTime>,
    pub read: Result<Listing, String>,
}

impl Entry {
    /// "Simple Hex dogfight, Slot 2".
    pub fn title(&self) -> String {
        format!("{}, {}", self.kind.title(), self.slot.name())
    }

    /// Who plays: "you (RAF) against the computer", "Anna, Ben and the computer".
    pub fn players_line(&self) -> String {
        match &self.read {
            Ok(l) => players_line(&l.players),
            Err(_) => String::new(),
        }
    }
}

/// The people at the table, in a few words.
pub fn players_line(players: &[Player]) -> String {
    let humans: Vec<&str> = players
        .iter()
        .filter(|p| p.human)
        .map(|p| p.name.as_str())
        .collect();
    let computers = players.len() - humans.len();
    match (humans.len(), computers) {
        (0, 0) => String::new(),
        (0, _) => "the computer on every side".into(),
        (_, 0) => format!("{} at one machine", humans.join(", ")),
        (_, _) => format!("{} against the computer", humans.join(", ")),
    }
}

fn entry(kind: GameKind, slot: Slot) -> Option<Entry> {
    let path = path(kind, slot);
    if !store::exists(&path) {
        guard::note_absent(&path);
        return None;
    }
    let read = guard::read(&path)
        .map_err(|e| e.to_string())
        .and_then(|src| {
            let guard::Seen::Bytes(h) = guard::seen(&path) else {
                return Err(format!("{}: it went while it was read", src.file));
            };
            if let Some((was, listing)) = listed().get(&path) {
                if *was == h {
                    return listing.clone();
                }
            }
            let listing = record::parse(&src.file, &src.text)
                .map_err(|e| e.to_string())
                .and_then(|r| {
                    if slot_matches(kind, slot, &r) {
                        Listing::of(&r, &record::base_of(&path))
                    } else {
                        Err(format!("it holds a {} game", r.kind().title()))
                    }
                });
            listed().insert(path.clone(), (h, listing.clone()));
            listing
        });
    let modified = store::modified(&path);
    Some(Entry {
        kind: match (&read, slot) {
            (Ok(l), Slot::Legacy(_)) => l.kind,
            _ => kind,
        },
        slot,
        path,
        modified,
        read,
    })
}

fn slot_matches(kind: GameKind, slot: Slot, r: &AnyRecord) -> bool {
    matches!(slot, Slot::Legacy(_)) || r.kind() == kind
}

/// Every save of every game that exists: each game's autosave and slots in
/// order, then the files of earlier versions.
pub fn list() -> Vec<Entry> {
    let mut out = Vec::new();
    for kind in GameKind::ALL {
        out.extend(entry(kind, Slot::Autosave));
        for n in 1..=SLOTS {
            out.extend(entry(kind, Slot::Numbered(n)));
        }
        for n in 1..=UNREADABLE_KEPT {
            out.extend(entry(kind, Slot::Unreadable(n)));
        }
    }
    for n in 0..2 {
        // The kind is read from the file; SimpleHex stands in until then.
        out.extend(entry(GameKind::SimpleHex, Slot::Legacy(n)));
    }
    out
}

/// A game's slots, 1 to `SLOTS`, each with its save if it holds one.
pub fn slots(kind: GameKind) -> Vec<(Slot, Option<Entry>)> {
    (1..=SLOTS)
        .map(|n| (Slot::Numbered(n), entry(kind, Slot::Numbered(n))))
        .collect()
}

/// A game's autosave, if it has one.
pub fn autosave(kind: GameKind) -> Option<Entry> {
    entry(kind, Slot::Autosave)
}

/// The autosave written last, of any game (what "Continue" resumes).
pub fn newest_autosave() -> Option<Entry> {
    GameKind::ALL
        .into_iter()
        .filter_map(|k| entry(k, Slot::Autosave))
        .filter(|e| e.read.is_ok())
        .max_by_key(|e| e.modified)
}

/// The first empty slot of a game.
pub fn free_slot(kind: GameKind) -> Option<Slot> {
    (1..=SLOTS)
        .map(Slot::Numbered)
        .find(|&s| !store::exists(&path(kind, s)))
}

/// Why a save was not written.
#[derive(Debug)]
pub enum SaveError {
    /// Another window (or tab) on this data folder wrote or removed the
    /// file since this one saw it: nothing was written over.
    Changed { slot: Slot, kind: GameKind },
    /// It could not be written (a sentence that names the file).
    Failed(String),
}

/// Who else may write the saves: another window on the data folder, or in
/// a page another tab.
pub const ANOTHER: &str = if cfg!(target_arch = "wasm32") {
    "another tab of this page"
} else {
    "another Tally-Ho window"
};

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Changed { slot, kind } => write!(
                f,
                "Not saved: {ANOTHER} has changed the {}'s {} since; it is not written over.",
                kind.title(),
                slot.name().to_lowercase()
            ),
            SaveError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SaveError {}

impl From<RecordError> for SaveError {
    fn from(e: RecordError) -> Self {
        SaveError::Failed(e.to_string())
    }
}

fn guarded(kind: GameKind, slot: Slot, e: guard::GuardError) -> SaveError {
    match e {
        guard::GuardError::Changed { .. } => SaveError::Changed { slot, kind },
        guard::GuardError::Failed(e) => SaveError::Failed(e.to_string()),
    }
}

/// Writes a record to a game's slot (atomically, and only over what this
/// window last saw there). Refuses the files of earlier versions and the
/// unreadable autosaves set aside.
pub fn store(slot: Slot, r: &AnyRecord) -> Result<PathBuf, SaveError> {
    store_listed(slot, r, None)
}

/// `store`, for a game played in this window: `listing` is what it is, to
/// be listed without replaying it.
pub fn store_game(slot: Slot, r: &AnyRecord, listing: Listing) -> Result<PathBuf, SaveError> {
    store_listed(slot, r, Some(listing))
}

fn store_listed(slot: Slot, r: &AnyRecord, listing: Option<Listing>) -> Result<PathBuf, SaveError> {
    let kind = r.kind();
    if let Slot::Legacy(_) | Slot::Unreadable(_) = slot {
        return Err(SaveError::Failed(format!(
            "{}: cannot write: files of earlier versions and unreadable autosaves are only read",
            path(kind, slot).display()
        )));
    }
    let p = path(kind, slot);
    if slot == Slot::Autosave {
        keep_unreadable(kind, &p)?;
    }
    let text = r.to_text();
    guard::write(&p, &text).map_err(|e| guarded(kind, slot, e))?;
    if let Some(l) = listing {
        listed().insert(p.clone(), (guard::hash(text.as_bytes()), Ok(l)));
    }
    Ok(p)
}

/// An autosave that cannot be read is never overwritten: it is moved aside
/// (`autosave.unreadable.ron`, then `-2`, `-3`...) for the player to look at.
fn keep_unreadable(kind: GameKind, p: &Path) -> Result<(), SaveError> {
    if !store::exists(p) {
        return Ok(());
    }
    // Looked at without taking it as seen: whether it may be written over
    // is the guard's to say, by what this window saw before.
    let readable = crate::data::Source::read(p)
        .map_err(|e| e.to_string())
        .and_then(|src| record::parse(&src.file, &src.text).map_err(|e| e.to_string()));
    if readable.is_ok() {
        return Ok(());
    }
    let aside = (1..=UNREADABLE_KEPT)
        .map(|n| path(kind, Slot::Unreadable(n)))
        .find(|q| !store::exists(q))
        .ok_or_else(|| {
            SaveError::Failed(format!(
                "{}: cannot write: it cannot be read, and too many unreadable autosaves are kept beside it",
                p.display()
            ))
        })?;
    guard::rename(p, &aside).map_err(|e| match e {
        guard::GuardError::Changed { .. } => SaveError::Changed {
            slot: Slot::Autosave,
            kind,
        },
        e => SaveError::Failed(format!(
            "{}: cannot write: it cannot be read, and could not be moved aside: {e}",
            p.display()
        )),
    })
}

/// Deletes a save the player chose on the Load screen (only if it is
/// still what this window listed).
pub fn delete(e: &Entry) -> Result<(), SaveError> {
    guard::remove(&e.path).map_err(|err| guarded(e.kind, e.slot, err))?;
    listed().remove(&e.path);
    Ok(())
}

/// Keeps a save the player handed over (uploaded in a web page, or dropped
/// on the window) in the first empty slot of its game: the text is read as
/// a record, as a file on disk would be, and refused with the record's own
/// error (its file, line and column) if it is not one. Says where it went.
pub fn import(src: &crate::data::Source) -> Result<Entry, String> {
    let r = record::parse(&src.file, &src.text).map_err(|e| e.to_string())?;
    let kind = r.kind();
    let slot = free_slot(kind).ok_or_else(|| {
        format!(
            "{}: not imported: the {} slots of {} all hold games (overwrite one by saving over it first)",
            src.file,
            SLOTS,
            kind.title()
        )
    })?;
    store(slot, &r).map_err(|e| format!("{}: not imported: {e}", src.file))?;
    entry(kind, slot).ok_or_else(|| format!("{}: imported, but not found again", src.file))
}

/// The name a save is handed to the player under (downloaded from a web
/// page, or exported from the desktop game): the game and the slot,
/// `tally-ho-simple-hex-slot-2.ron`.
pub fn export_name(e: &Entry) -> String {
    let slot = match e.slot {
        Slot::Autosave => "autosave".to_string(),
        Slot::Numbered(n) => format!("slot-{n}"),
        Slot::Legacy(0) => "earlier-save".to_string(),
        Slot::Legacy(_) => "earlier-autosave".to_string(),
        Slot::Unreadable(1) => "autosave-unreadable".to_string(),
        Slot::Unreadable(n) => format!("autosave-unreadable-{n}"),
    };
    format!("tally-ho-{}-{slot}.ron", e.kind.slug())
}

/// Hands a save to the player as a file (see `store::export`): its text as
/// kept, whether or not it can be read. Says where it went.
pub fn export(e: &Entry) -> Result<String, String> {
    let src = crate::data::Source::read(&e.path).map_err(|err| err.to_string())?;
    store::export(&export_name(e), &src.text).map_err(|err| err.to_string())
}

/// Removes a game's autosave, if it is still the one this window wrote (a
/// finished game is nothing to continue; another window's game, saved
/// there since, is left alone).
pub fn clear_autosave(kind: GameKind) -> Result<(), SaveError> {
    let p = path(kind, Slot::Autosave);
    guard::remove(&p).map_err(|e| guarded(kind, Slot::Autosave, e))?;
    listed().remove(&p);
    Ok(())
}

/// Claims the data folder for this window (see `guard::claim`): a sentence
/// for the menu when another window on it was there first.
pub fn claim_folder() -> Option<String> {
    let dir = data_dir();
    let other = if cfg!(target_arch = "wasm32") {
        "Another tab of this page is open"
    } else {
        "Another Tally-Ho window is open on this data folder"
    };
    (!guard::claim(&dir)).then(|| {
        format!("{other}: each writes a save only over what it last read there, and says so when the other got there first.")
    })
}

/// How long ago a save was written, as a player reads it.
pub fn age(modified: Option<SystemTime>, now: SystemTime) -> String {
    let Some(m) = modified else {
        return "date unknown".into();
    };
    let secs = now.duration_since(m).map(|d| d.as_secs()).unwrap_or(0);
    let (n, unit) = match secs {
        0..=59 => return "just now".into(),
        60..=3599 => (secs / 60, "minute"),
        3600..=86_399 => (secs / 3600, "hour"),
        86_400..=604_799 => (secs / 86_400, "day"),
        _ => return format!("on {}", date(m)),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// A date as year-month-day (UTC), from the days since 1970.
fn date(t: SystemTime) -> String {
    let days = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    crate::common::date::Date::from_days(days).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn ages_read_as_a_player_says_them() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(20_000 * 86_400);
        let ago = |s: u64| age(Some(now - Duration::from_secs(s)), now);
        assert_eq!(ago(5), "just now");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(7200), "2 hours ago");
        assert_eq!(ago(3 * 86_400), "3 days ago");
        assert_eq!(ago(10 * 86_400), "on 2024-09-24");
        assert_eq!(age(None, now), "date unknown");
    }

    #[test]
    fn dates_count_from_1970() {
        let at = |days: u64| date(SystemTime::UNIX_EPOCH + Duration::from_secs(days * 86_400));
        assert_eq!(at(0), "1970-01-01");
        assert_eq!(at(59), "1970-03-01");
        assert_eq!(at(11_016), "2000-02-29");
    }
}
