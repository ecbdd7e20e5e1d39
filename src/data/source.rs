//! Reading a file a player hands us (a level, a board, a save, a replay,
//! the settings): only a regular file of reasonable size, checked before it
//! is opened, so a device, a FIFO or a directory gets a sentence at once.

use super::LoadError;
use std::path::Path;

/// A level file as text, with the name errors should use for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub file: String,
    pub text: String,
}

/// The largest file we read: far more than any level, save or replay needs.
pub const MAX_FILE_BYTES: u64 = 1 << 24;

/// What a path that is not a regular file is, as a sentence names it.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Opens a file for reading without waiting: were a FIFO put in its place
/// after we looked, opening it must not block.
#[cfg(not(target_arch = "wasm32"))]
fn open_for_reading(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// Line and column (1-based) of byte `at` of `bytes`.
fn position_of_byte(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = 1 + before[start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count();
    (line, col)
}

impl Source {
    /// Reads a file a player named (a level, board, save, replay or the
    /// settings): only a regular file of at most [`MAX_FILE_BYTES`] of UTF-8
    /// text. Anything else (a directory, a FIFO, a device such as /dev/zero, a
    /// socket) is refused at once with one sentence naming the path, without
    /// reading from it or waiting on it. A byte-order mark is dropped.
    pub fn read(path: &Path) -> Result<Source, LoadError> {
        Source::from_bytes(path.display().to_string(), Source::read_bytes(path)?)
    }

    /// The bytes of a file a player named, with the checks of [`Source::read`]
    /// (a regular file of at most [`MAX_FILE_BYTES`]), not yet read as text.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
        let file = path.display().to_string();
        let fail = |line: usize, col: usize, message: String| LoadError {
            file: file.clone(),
            line,
            col,
            message,
        };
        let refuse = |meta: &std::fs::Metadata| -> Option<LoadError> {
            if !meta.is_file() {
                return Some(fail(
                    0,
                    0,
                    format!("cannot read the file: it is {}", kind_of(meta)),
                ));
            }
            (meta.len() > MAX_FILE_BYTES).then(|| Source::too_large(file.clone(), meta.len()))
        };
        let cannot = |e: std::io::Error| fail(0, 0, format!("cannot read the file: {e}"));
        // Look before opening (a FIFO or device is never opened), then check
        // what was opened (it may have been swapped in the meantime).
        let meta = std::fs::metadata(path).map_err(cannot)?;
        if let Some(e) = refuse(&meta) {
            return Err(e);
        }
        let f = open_for_reading(path).map_err(cannot)?;
        let meta = f.metadata().map_err(cannot)?;
        if let Some(e) = refuse(&meta) {
            return Err(e);
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        use std::io::Read;
        f.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(fail(
                0,
                0,
                format!("cannot read the file: it grew past {MAX_FILE_BYTES} bytes (16 MiB) while being read"),
            ));
        }
        Ok(bytes)
    }

    /// A saved file in a web page: the browser's storage under the path's
    /// name (see `store`), with the same checks of its size and text.
    #[cfg(target_arch = "wasm32")]
    pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
        let file = path.display().to_string();
        match super::store::read_bytes(path) {
            Ok(bytes) => Ok(bytes),
            Err(e) => Err(LoadError {
                file,
                line: 0,
                col: 0,
                message: format!("cannot read the file: {e}"),
            }),
        }
    }

    /// A file of `size` bytes, more than is read: the sentence that says so.
    pub fn too_large(file: String, size: u64) -> LoadError {
        LoadError {
            file,
            line: 0,
            col: 0,
            message: format!(
                "cannot read the file: it is {size} bytes, and files of at most {MAX_FILE_BYTES} bytes (16 MiB) are read"
            ),
        }
    }

    /// A file a player uploaded in a web page: its name, the bytes the page
    /// kept of it (at most [`MAX_FILE_BYTES`] and one more) and its own
    /// size, which a file too large to read is refused by.
    pub fn from_upload(file: String, bytes: Vec<u8>, size: u64) -> Result<Source, LoadError> {
        if size > MAX_FILE_BYTES {
            return Err(Source::too_large(file, size));
        }
        Source::from_bytes(file, bytes)
    }

    /// A file's bytes as text (a file a player uploaded or dropped on the
    /// window, or read from disk or storage): at most [`MAX_FILE_BYTES`] of
    /// UTF-8, the byte-order mark dropped.
    pub fn from_bytes(file: String, bytes: Vec<u8>) -> Result<Source, LoadError> {
        let fail = |line: usize, col: usize, message: String| LoadError {
            file: file.clone(),
            line,
            col,
            message,
        };
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(Source::too_large(file, bytes.len() as u64));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let (line, col) = position_of_byte(e.as_bytes(), at);
            fail(line, col, "the file is not UTF-8 text".into())
        })?;
        let mut text = text;
        if text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        Ok(Source { file, text })
    }

    /// A file shipped in the program (or, while a game is built from a
    /// record made on earlier data, the archived tree's file in its place:
    /// see `archive`).
    pub(super) fn builtin(file: &str, text: &str) -> Source {
        Source {
            file: file.to_string(),
            text: super::archive::stand_in(file).unwrap_or(text).to_string(),
        }
    }

    /// A shipped file that earlier data trees did not have: empty while a
    /// tree that lacks it is in use (its games were played without it).
    pub(super) fn builtin_since(file: &str, text: &str) -> Source {
        if super::archive::absent(file) {
            return Source {
                file: file.to_string(),
                text: String::new(),
            };
        }
        Source::builtin(file, text)
    }
}
