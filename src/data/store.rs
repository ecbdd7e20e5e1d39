//! Where a player's files live: saves, autosaves and settings. On a desktop
//! they are files under the data directory; in a web page (wasm32) they are
//! entries of the browser's storage (`localStorage`), one per file, named by
//! the same path (`tally-ho/saves/simple-hex/slot-2.ron`), holding the same
//! text. So a save downloaded from the page is a file the desktop game
//! loads, and the reverse.
//!
//! The browser writes an entry whole or not at all (`setItem` replaces the
//! value in one step), so a tab closed during a save leaves the previous
//! save readable, as the temporary file and rename do on disk
//! (`write_atomic`). An entry's time of writing is kept beside it, under its
//! name and `#written`, and written after it.
//!
//! The page side is the loader plugin `assets/web/tally_ho.js`.

use std::io;
use std::path::Path;
use std::time::SystemTime;

#[cfg(target_arch = "wasm32")]
pub use browser::{write_atomic, write_atomic_bytes};

/// Whether a file (or anything else) is at `path`.
pub fn exists(path: &Path) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return std::fs::symlink_metadata(path).is_ok();
    #[cfg(target_arch = "wasm32")]
    return browser::length(&browser::key(path)).is_some();
}

/// When the file at `path` was last written, if it exists and that is known.
pub fn modified(path: &Path) -> Option<SystemTime> {
    #[cfg(not(target_arch = "wasm32"))]
    return std::fs::symlink_metadata(path).ok()?.modified().ok();
    #[cfg(target_arch = "wasm32")]
    return browser::written(path);
}

/// Moves a file to a new name (an unreadable autosave put aside).
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    #[cfg(not(target_arch = "wasm32"))]
    return std::fs::rename(from, to);
    #[cfg(target_arch = "wasm32")]
    return browser::rename(from, to);
}

/// Removes a file; one that is not there is no error.
pub fn remove(path: &Path) -> io::Result<()> {
    #[cfg(not(target_arch = "wasm32"))]
    return match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    };
    #[cfg(target_arch = "wasm32")]
    {
        browser::remove(path);
        Ok(())
    }
}

/// The time now, by the system's clock (the page's, in a browser, where
/// `SystemTime::now` has no clock to read).
pub fn now() -> SystemTime {
    #[cfg(not(target_arch = "wasm32"))]
    return SystemTime::now();
    #[cfg(target_arch = "wasm32")]
    return browser::now();
}

/// The bytes of the file at `path`, from the browser's storage.
#[cfg(target_arch = "wasm32")]
pub(super) fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    browser::get(&browser::key(path))
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "there is no such saved file"))
}

/// Hands a file to the player: in a page, the browser downloads it under
/// `name`; on a desktop it is written (atomically) to the user's download
/// folder, or to `exports` in the data directory when there is none or
/// the data directory was given (`TALLY_HO_DATA_DIR`: a run kept apart,
/// whose files stay together). Says where it went.
pub fn export(name: &str, text: &str) -> io::Result<String> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let own = || crate::saves::data_dir().join("exports");
        let dir = match std::env::var_os("TALLY_HO_DATA_DIR") {
            Some(_) => own(),
            None => dirs::download_dir().unwrap_or_else(own),
        };
        let path = dir.join(name);
        super::write_atomic(&path, text)?;
        Ok(path.display().to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        browser::download(name, text);
        Ok(format!("{name}, to the browser's downloads"))
    }
}

/// Whether this tab is the only tab of the page on its storage (see
/// `guard::claim`).
#[cfg(target_arch = "wasm32")]
pub fn first_tab() -> bool {
    browser::first_tab()
}

/// Asks the player for a file to import: in a page, the browser's file
/// chooser opens (its answer comes later, from `picked`); a desktop window
/// has no chooser, and files are dropped on it instead (false).
pub fn pick_file() -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return false;
    #[cfg(target_arch = "wasm32")]
    {
        browser::upload_open();
        true
    }
}

/// The file the player chose in the browser's file chooser, once: its name,
/// its bytes (at most `MAX_FILE_BYTES` and one more: a larger file is
/// refused by its size) and its size.
pub fn picked() -> Option<(String, Vec<u8>, u64)> {
    #[cfg(not(target_arch = "wasm32"))]
    return None;
    #[cfg(target_arch = "wasm32")]
    return browser::upload_take();
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::super::MAX_FILE_BYTES;
    use std::io;
    use std::path::Path;
    use std::time::{Duration, SystemTime};

    // The page's side: `assets/web/tally_ho.js`. Strings go as a pointer and
    // a length of UTF-8 in the module's memory; a value coming back is
    // measured first (its length, or -1 for none), then copied into memory
    // the module gives.
    extern "C" {
        fn tally_store_get(key: *const u8, key_len: u32) -> i32;
        fn tally_store_take(buf: *mut u8, len: u32);
        fn tally_store_set(key: *const u8, key_len: u32, val: *const u8, val_len: u32) -> i32;
        fn tally_store_remove(key: *const u8, key_len: u32);
        fn tally_now_ms() -> f64;
        fn tally_download(name: *const u8, name_len: u32, val: *const u8, val_len: u32);
        fn tally_upload_open();
        fn tally_upload_poll() -> i32;
        fn tally_upload_name_len() -> i32;
        fn tally_upload_bytes() -> i32;
        fn tally_upload_size() -> f64;
        fn tally_first_tab() -> i32;
    }

    /// The loader checks that a plugin's version matches the module's.
    #[no_mangle]
    pub extern "C" fn tally_ho_crate_version() -> u32 {
        1
    }

    /// A file's entry name: its path with `/` between the parts.
    pub fn key(path: &Path) -> String {
        path.to_string_lossy().replace('\\', "/")
    }

    /// The length of the last value fetched, copied out.
    fn take(len: i32) -> Vec<u8> {
        let mut buf = vec![0u8; len as usize];
        unsafe { tally_store_take(buf.as_mut_ptr(), buf.len() as u32) };
        buf
    }

    pub fn length(key: &str) -> Option<usize> {
        let n = unsafe { tally_store_get(key.as_ptr(), key.len() as u32) };
        (n >= 0).then_some(n as usize)
    }

    pub fn get(key: &str) -> Option<Vec<u8>> {
        let n = unsafe { tally_store_get(key.as_ptr(), key.len() as u32) };
        (n >= 0).then(|| take(n))
    }

    fn set(key: &str, value: &[u8]) -> io::Result<()> {
        match unsafe {
            tally_store_set(
                key.as_ptr(),
                key.len() as u32,
                value.as_ptr(),
                value.len() as u32,
            )
        } {
            0 => Ok(()),
            1 => Err(io::Error::other(format!(
                "{key}: cannot write: the browser's storage for this page is full"
            ))),
            _ => Err(io::Error::other(format!(
                "{key}: cannot write: the browser keeps no storage for this page (a private window, or storage turned off)"
            ))),
        }
    }

    pub fn remove(path: &Path) {
        let k = key(path);
        let w = format!("{k}#written");
        unsafe {
            tally_store_remove(k.as_ptr(), k.len() as u32);
            tally_store_remove(w.as_ptr(), w.len() as u32);
        }
    }

    pub fn now() -> SystemTime {
        let ms = unsafe { tally_now_ms() };
        SystemTime::UNIX_EPOCH + Duration::from_millis(ms.max(0.0) as u64)
    }

    pub fn written(path: &Path) -> Option<SystemTime> {
        let k = key(path);
        length(&k)?;
        let ms: u64 = String::from_utf8(get(&format!("{k}#written"))?)
            .ok()?
            .parse()
            .ok()?;
        Some(SystemTime::UNIX_EPOCH + Duration::from_millis(ms))
    }

    pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
        write_atomic_bytes(path, text.as_bytes())
    }

    /// One entry, replaced whole (see the module's text); then its time.
    pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let k = key(path);
        set(&k, bytes)?;
        let ms = now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        // The time is a convenience: a full storage leaves it unknown.
        let _ = set(&format!("{k}#written"), ms.to_string().as_bytes());
        Ok(())
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let bytes = get(&key(from)).ok_or_else(|| {
            io::Error::new(io::ErrorKind::NotFound, "there is no such saved file")
        })?;
        write_atomic_bytes(to, &bytes)?;
        remove(from);
        Ok(())
    }

    pub fn download(name: &str, text: &str) {
        unsafe {
            tally_download(
                name.as_ptr(),
                name.len() as u32,
                text.as_ptr(),
                text.len() as u32,
            )
        };
    }

    pub fn upload_open() {
        unsafe { tally_upload_open() };
    }

    /// The chosen file, once it has been read: the page keeps its name, at
    /// most `MAX_FILE_BYTES` + 1 of its bytes, and its size.
    pub fn upload_take() -> Option<(String, Vec<u8>, u64)> {
        if unsafe { tally_upload_poll() } < 0 {
            return None;
        }
        let mut name = take(unsafe { tally_upload_name_len() }.max(0));
        name.truncate(200);
        let size = unsafe { tally_upload_size() }.max(0.0) as u64;
        let n = unsafe { tally_upload_bytes() }.max(0);
        let bytes = take(n.min(MAX_FILE_BYTES as i32 + 1));
        Some((String::from_utf8_lossy(&name).into_owned(), bytes, size))
    }

    /// Whether this tab is the only one of the page holding the storage
    /// (the page asks the browser for a lock held while the tab is open;
    /// until the browser answers, or where it has no locks, it counts as
    /// the only one).
    pub fn first_tab() -> bool {
        let first = unsafe { tally_first_tab() };
        first != 0
    }
}
