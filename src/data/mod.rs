//! Loading level files: RON into serde types, then validation. Every problem is
//! reported as `file:line:col: what is wrong`; a bad file never panics.
//!
//! The shipped levels are compiled into the binary (so it runs from anywhere);
//! any level can also be given as a path to a RON file.

pub mod archive;
mod blitz;
mod campaign;
pub mod campaign_rules;
mod family;
pub mod guard;
pub mod locate;
mod silhouettes;
mod simple_hex;
mod source;
mod spreads;
pub mod store;
#[cfg(not(target_arch = "wasm32"))]
mod write;

pub use blitz::*;
pub use campaign::*;
pub use family::*;
pub use silhouettes::*;
pub use simple_hex::*;
pub use source::{Source, MAX_FILE_BYTES};
pub use spreads::*;
#[cfg(target_arch = "wasm32")]
pub use store::{write_atomic, write_atomic_bytes};
#[cfg(not(target_arch = "wasm32"))]
pub use write::{write_atomic, write_atomic_bytes};

use crate::common::Invalid;
use serde::de::DeserializeOwned;
use std::fmt;

/// One problem in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    /// 1-based; 0 when the problem has no position (the file cannot be read).
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Text from a file (a name in a message) written on one line: a newline
/// or other control character in it is shown escaped (`\n`), so that each
/// problem stays one line that starts with its file.
struct OneLine<'a>(&'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, message) = (OneLine(&self.file), OneLine(&self.message));
        if self.line == 0 {
            write!(f, "{file}: {message}")
        } else {
            write!(f, "{file}:{}:{}: {message}", self.line, self.col)
        }
    }
}

/// Everything wrong with a level, one line per problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

impl From<LoadError> for LoadErrors {
    fn from(e: LoadError) -> Self {
        LoadErrors(vec![e])
    }
}

/// The deepest nesting of values a file may have (RON's default; the scan
/// that places errors follows deeper, see `locate::MAX_DEPTH`).
pub const MAX_NESTING: usize = 128;

fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(MAX_NESTING)
}

/// The text without the UTF-8 byte-order mark some editors put first.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Parses RON text into `T`; syntax and shape errors name the line and column.
/// A byte-order mark at the start is allowed (and not counted in columns).
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    ron_options()
        .from_str(without_bom(text))
        .map_err(|e| LoadError {
            file: file.to_string(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: match e.code {
                // RON's own words speak to a programmer.
                ron::Error::ExceededRecursionLimit => format!(
                    "values nested more than {} deep: no game file needs that",
                    MAX_NESTING
                ),
                other => other.to_string(),
            },
        })
}

/// The most problems reported for one file; the rest are counted in one
/// line ("... and 120 more problems").
pub const MAX_ERRORS: usize = 50;

/// Turns validation findings (RON paths) into positioned errors: the first
/// [`MAX_ERRORS`], all placed by one scan of the text, and a line counting
/// the others.
pub fn positioned(file: &str, text: &str, found: Vec<Invalid>) -> LoadErrors {
    let shown = found.len().min(MAX_ERRORS);
    let more = found.len() - shown;
    let paths: Vec<&str> = found[..shown].iter().map(|i| i.path.as_str()).collect();
    let places = locate::locate_all(text, &paths);
    let mut errors: Vec<LoadError> = found
        .into_iter()
        .zip(places)
        .map(|(inv, (line, col))| LoadError {
            file: file.to_string(),
            line,
            col,
            message: inv.message,
        })
        .collect();
    if more > 0 {
        errors.push(LoadError {
            file: file.to_string(),
            line: 0,
            col: 0,
            message: format!(
                "... and {more} more problem{}",
                if more == 1 { "" } else { "s" }
            ),
        });
    }
    LoadErrors(errors)
}

/// Serialises a value as pretty RON (for saves and replays).
pub fn to_ron<T: serde::Serialize>(value: &T) -> String {
    let cfg = ron::ser::PrettyConfig::new()
        .depth_limit(4)
        .struct_names(true);
    ron::ser::to_string_pretty(value, cfg).expect("game data always serialises")
}

/// Every file shipped in the program: (path, text).
pub fn builtin_files() -> Vec<(&'static str, &'static str)> {
    let mut files = Vec::new();
    files.extend(simple_hex::files());
    files.extend(family::files());
    files.extend(campaign::files());
    files.extend(campaign_rules::files());
    files.extend(blitz::files());
    files.extend(spreads::files());
    files.extend(silhouettes::files());
    files
}
