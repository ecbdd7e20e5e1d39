//! The files two windows share: a player's saves and settings, which two
//! windows on one data folder (or two tabs of the page) could each write.
//! Neither writes over what the other wrote without seeing it:
//!
//! - each window remembers what it last read or wrote of each such file (a
//!   hash of its bytes, or that it was not there: [`Seen`]);
//! - it writes, moves or removes the file only if the file is still that,
//!   and otherwise refuses with [`GuardError::Changed`], leaving what to do
//!   to the caller (the settings merge both windows' changes, a slot asks
//!   again before it is overwritten, the autosave says why it stopped);
//! - on a desktop the look and the write happen under a lock on the
//!   folder's lock file (`.lock`), so two windows cannot slip between them;
//!   in a page, within one turn of the page's script.
//!
//! The first window on a data folder claims it for as long as it runs
//! ([`claim`]): a second one is told that it is not alone. The first also
//! clears what a window killed in the middle of a write left behind: the
//! temporary files of atomic writes (`.autosave.ron.Xy12Ab.tmp`).

use super::{LoadError, Source};
use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a window last saw of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// It was not there.
    Absent,
    /// It held bytes with this hash (FNV-1a, 64 bits).
    Bytes(u64),
}

/// What this window has seen of each shared file, by path.
static SEEN: Mutex<BTreeMap<PathBuf, Seen>> = Mutex::new(BTreeMap::new());

fn seen_map() -> std::sync::MutexGuard<'static, BTreeMap<PathBuf, Seen>> {
    SEEN.lock().unwrap_or_else(|e| e.into_inner())
}

/// FNV-1a (64 bits) of some bytes.
pub fn hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn note(path: &Path, seen: Seen) {
    seen_map().insert(path.to_path_buf(), seen);
}

/// What this window last saw of `path`; a file it never looked at is
/// taken as one it saw absent (so it never writes over a file it has not
/// read).
pub fn seen(path: &Path) -> Seen {
    seen_map().get(path).copied().unwrap_or(Seen::Absent)
}

/// This window saw that nothing is at `path`.
pub fn note_absent(path: &Path) {
    note(path, Seen::Absent);
}

/// Forgets what this window has seen (its data folder changed: tests).
pub fn forget() {
    seen_map().clear();
}

/// Reads a shared file (see [`Source::read`]), remembering what it held.
pub fn read(path: &Path) -> Result<Source, LoadError> {
    match Source::read_bytes(path) {
        Ok(bytes) => {
            note(path, Seen::Bytes(hash(&bytes)));
            Source::from_bytes(path.display().to_string(), bytes)
        }
        Err(e) => {
            if !super::store::exists(path) {
                note_absent(path);
            }
            Err(e)
        }
    }
}

/// Why a shared file was not written.
#[derive(Debug)]
pub enum GuardError {
    /// Another window (or tab) wrote or removed it since this one saw it.
    Changed { path: PathBuf, now: Seen },
    /// The write itself failed (the error names the path).
    Failed(io::Error),
}

impl fmt::Display for GuardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuardError::Changed { path, now } => write!(
                f,
                "{}: left as it is: another Tally-Ho window {} it since this one read it",
                path.display(),
                match now {
                    Seen::Absent => "removed",
                    Seen::Bytes(_) => "wrote",
                }
            ),
            GuardError::Failed(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GuardError {}

impl From<io::Error> for GuardError {
    fn from(e: io::Error) -> Self {
        GuardError::Failed(e)
    }
}

/// What is at `path` now.
fn now_at(path: &Path) -> Result<Seen, GuardError> {
    if !super::store::exists(path) {
        return Ok(Seen::Absent);
    }
    Source::read_bytes(path)
        .map(|b| Seen::Bytes(hash(&b)))
        .map_err(|e| GuardError::Failed(io::Error::other(e.to_string())))
}

/// Runs `f` if `path` is still what this window saw, under the folder's
/// lock.
fn unchanged<T>(path: &Path, f: impl FnOnce() -> Result<T, GuardError>) -> Result<T, GuardError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    with_lock(dir, || {
        let now = now_at(path)?;
        if now != seen(path) {
            return Err(GuardError::Changed {
                path: path.to_path_buf(),
                now,
            });
        }
        f()
    })
}

/// Writes a shared file atomically, if it is still what this window saw.
pub fn write(path: &Path, text: &str) -> Result<(), GuardError> {
    unchanged(path, || {
        super::write_atomic(path, text)?;
        note(path, Seen::Bytes(hash(text.as_bytes())));
        Ok(())
    })
}

/// Removes a shared file, if it is still what this window saw.
pub fn remove(path: &Path) -> Result<(), GuardError> {
    unchanged(path, || {
        super::store::remove(path)?;
        note_absent(path);
        Ok(())
    })
}

/// Moves a shared file to a name nothing holds, if it is still what this
/// window saw.
pub fn rename(from: &Path, to: &Path) -> Result<(), GuardError> {
    unchanged(from, || {
        if super::store::exists(to) {
            return Err(GuardError::Changed {
                path: to.to_path_buf(),
                now: now_at(to)?,
            });
        }
        let moved = seen(from);
        super::store::rename(from, to)?;
        note_absent(from);
        note(to, moved);
        Ok(())
    })
}

/// Runs `f` holding the lock of folder `dir` (a desktop's; a page has
/// one script at a time).
#[cfg(not(target_arch = "wasm32"))]
fn with_lock<T>(dir: &Path, f: impl FnOnce() -> Result<T, GuardError>) -> Result<T, GuardError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("{}: cannot make the folder: {e}", dir.display()),
        )
    })?;
    let lock = dir.join(".lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: cannot open: {e}", lock.display())))?;
    file.lock()
        .map_err(|e| io::Error::new(e.kind(), format!("{}: cannot lock: {e}", lock.display())))?;
    let out = f();
    let _ = file.unlock();
    out
}

#[cfg(target_arch = "wasm32")]
fn with_lock<T>(_dir: &Path, f: impl FnOnce() -> Result<T, GuardError>) -> Result<T, GuardError> {
    f()
}

/// The data folders this process has claimed, with the open lock files
/// that hold them.
#[cfg(not(target_arch = "wasm32"))]
static CLAIMED: Mutex<BTreeMap<PathBuf, Option<std::fs::File>>> = Mutex::new(BTreeMap::new());

/// Claims the data folder `dir` for this window, for as long as it runs:
/// true if no other window holds it (and then what a killed window left
/// in it is cleared), false if another window on this folder was there
/// first. A folder whose lock cannot be taken at all (a file system
/// without locks) counts as this window's, and nothing is cleared in it.
#[cfg(not(target_arch = "wasm32"))]
pub fn claim(dir: &Path) -> bool {
    let mut claimed = CLAIMED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(held) = claimed.get(dir) {
        return held.is_some();
    }
    let _ = std::fs::create_dir_all(dir);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".instance.lock"));
    let Ok(file) = file else {
        return true;
    };
    match file.try_lock() {
        Ok(()) => {
            clear_leftovers(dir);
            claimed.insert(dir.to_path_buf(), Some(file));
            true
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            claimed.insert(dir.to_path_buf(), None);
            false
        }
        Err(std::fs::TryLockError::Error(_)) => true,
    }
}

/// In a page: whether no other tab of the page holds the storage (the
/// page's script asks the browser for a lock held while the tab is open).
#[cfg(target_arch = "wasm32")]
pub fn claim(_dir: &Path) -> bool {
    super::store::first_tab()
}

/// Removes the temporary files of atomic writes that a killed window left
/// in the data folder, its saves' folders and its exports (only called by
/// the window that holds the folder: no other is writing there).
#[cfg(not(target_arch = "wasm32"))]
pub fn clear_leftovers(dir: &Path) -> Vec<PathBuf> {
    let mut folders = vec![dir.to_path_buf(), dir.join("exports")];
    if let Ok(games) = std::fs::read_dir(dir.join("saves")) {
        folders.extend(games.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
    }
    let mut removed = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let temporary = name.starts_with('.') && name.ends_with(".tmp");
            if temporary && e.file_type().is_ok_and(|t| t.is_file()) {
                let p = e.path();
                if std::fs::remove_file(&p).is_ok() {
                    removed.push(p);
                }
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        tempfile::Builder::new()
            .prefix(&format!("tally-ho-guard-{name}-"))
            .tempdir()
            .unwrap()
            .keep()
    }

    #[test]
    fn a_file_written_by_another_window_since_it_was_read_is_not_written_over() {
        let dir = scratch("cas");
        let path = dir.join("slot-1.ron");
        // Never looked at, absent: written.
        write(&path, "mine").unwrap();
        // Another window writes it.
        crate::data::write_atomic(&path, "theirs").unwrap();
        let e = write(&path, "mine again").unwrap_err();
        assert!(
            matches!(
                e,
                GuardError::Changed {
                    now: Seen::Bytes(_),
                    ..
                }
            ),
            "{e}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "theirs");
        // Once read, it may be written.
        read(&path).unwrap();
        write(&path, "mine again").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine again");
        // Removed by the other window: not written, not removed either.
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(
            remove(&path),
            Err(GuardError::Changed {
                now: Seen::Absent,
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_never_read_is_written_only_where_nothing_is() {
        let dir = scratch("unread");
        let path = dir.join("autosave.ron");
        std::fs::write(&path, "someone's game").unwrap();
        assert!(write(&path, "mine").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "someone's game");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_first_window_clears_temporary_files_a_killed_one_left() {
        let dir = scratch("leftovers");
        let game = dir.join("saves").join("simple-hex");
        std::fs::create_dir_all(&game).unwrap();
        std::fs::write(game.join(".autosave.ron.Ab12Cd.tmp"), "half").unwrap();
        std::fs::write(dir.join(".settings.ron.Zz99Yy.tmp"), "half").unwrap();
        std::fs::write(game.join("autosave.ron"), "kept").unwrap();
        assert!(claim(&dir), "the first window on the folder");
        let mut names: Vec<String> = std::fs::read_dir(&game)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["autosave.ron"]);
        assert!(!dir.join(".settings.ron.Zz99Yy.tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
