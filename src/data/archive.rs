//! Every data tree the game has shipped with: so that a game saved on
//! earlier data (an aircraft's speed since changed, a campaign's calendar)
//! replays on the data it was played on, and plays on with it.
//!
//! `levels/archive/trees.ron` lists the trees, each a name (the version it
//! first shipped in) and its files, by path, as the hash of their text;
//! `levels/archive/blobs/<hash>.ron` holds each text once. Both are built
//! into the program. A record names its data by its fingerprint (see
//! `record`), which a tree is found by: its files are read in place of the
//! shipped ones ([`with`]) while the game is built from the record.
//!
//! `tally-ho archive-data` adds the shipped tree; a test fails while the
//! shipped tree is not archived, so every tree a version ships with is kept
//! by the change that ships it.

use super::{parse, LoadErrors};
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// One data tree: the files of a version, by path, as their texts' hashes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tree {
    /// The version it first shipped in (a commit's short name).
    pub name: String,
    pub files: BTreeMap<String, String>,
}

/// The list of trees, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trees {
    pub trees: Vec<Tree>,
}

/// The archive as built into the program: the trees, and each text.
pub struct Archive {
    pub trees: Vec<Tree>,
    blobs: BTreeMap<&'static str, &'static str>,
}

/// The archive's list, as shipped.
pub const TREES: (&str, &str) = (
    "levels/archive/trees.ron",
    include_str!("../../levels/archive/trees.ron"),
);

// The blobs: (hash, text), written by build.rs from levels/archive/blobs/.
include!(concat!(env!("OUT_DIR"), "/archive_blobs.rs"));

/// The data files a tree keeps: every shipped file a game is played on
/// (not the simulator's tables of results, nor the drawings).
pub fn kept(path: &str) -> bool {
    path.starts_with("levels/")
        && path.ends_with(".ron")
        && !path.starts_with("levels/archive/")
        && !path.ends_with("/spreads.ron")
        && !path.ends_with("/shares.ron")
        && path != "levels/silhouettes.ron"
}

impl Archive {
    /// The archive built into the program.
    pub fn shipped() -> &'static Archive {
        static ARCHIVE: OnceLock<Archive> = OnceLock::new();
        ARCHIVE.get_or_init(|| {
            let trees: Trees = parse(TREES.0, TREES.1)
                .unwrap_or_else(|e| panic!("the shipped archive list does not read: {e}"));
            Archive {
                trees: trees.trees,
                blobs: BLOBS.iter().copied().collect(),
            }
        })
    }

    /// The text of a tree's file.
    pub fn text(&self, tree: &Tree, path: &str) -> Option<&'static str> {
        self.blobs.get(tree.files.get(path)?.as_str()).copied()
    }

    /// The tree named `name`.
    pub fn tree(&self, name: &str) -> Option<&Tree> {
        self.trees.iter().find(|t| t.name == name)
    }

    /// Every tree's files, checked: each names a text the archive holds,
    /// whose hash is its name.
    pub fn check(&self) -> Result<(), String> {
        for (hash, text) in &self.blobs {
            let h = format!("{:016x}", super::guard::hash(text.as_bytes()));
            if h != *hash {
                return Err(format!(
                    "levels/archive/blobs/{hash}.ron: its text hashes to {h}"
                ));
            }
        }
        for t in &self.trees {
            for (path, hash) in &t.files {
                if !self.blobs.contains_key(hash.as_str()) {
                    return Err(format!(
                        "{}: tree {} names {path} as {hash}, which levels/archive/blobs/ does not hold",
                        TREES.0, t.name
                    ));
                }
            }
        }
        Ok(())
    }
}

thread_local! {
    /// The tree whose files stand in for the shipped ones, while a game is
    /// built from a record made on it.
    static IN_USE: Cell<Option<&'static Tree>> = const { Cell::new(None) };
}

/// Runs `f` with `tree`'s files in place of the shipped ones (none: the
/// shipped ones), as every reading of a shipped file sees them.
pub fn with<T>(tree: Option<&'static Tree>, f: impl FnOnce() -> T) -> T {
    let was = IN_USE.with(|c| c.replace(tree));
    let out = f();
    IN_USE.with(|c| c.set(was));
    out
}

/// A shipped file's text as the tree in use has it, if one is in use.
pub(super) fn stand_in(path: &str) -> Option<&'static str> {
    let tree = IN_USE.with(|c| c.get())?;
    Archive::shipped().text(tree, path)
}

/// A file the tree in use does not keep (one added since): true only while
/// a tree is in use.
pub(super) fn absent(path: &str) -> bool {
    IN_USE
        .with(|c| c.get())
        .is_some_and(|t| !t.files.contains_key(path))
}

/// The shipped files a tree keeps, by path, with their texts.
pub fn shipped_files() -> Vec<(&'static str, &'static str)> {
    super::builtin_files()
        .into_iter()
        .filter(|(p, _)| kept(p))
        .collect()
}

/// Whether the shipped data is one of the archive's trees (its name).
pub fn shipped_tree() -> Option<&'static str> {
    let archive = Archive::shipped();
    let files: BTreeMap<String, String> = shipped_files()
        .into_iter()
        .map(|(p, t)| {
            (
                p.to_string(),
                format!("{:016x}", super::guard::hash(t.as_bytes())),
            )
        })
        .collect();
    archive
        .trees
        .iter()
        .find(|t| t.files == files)
        .map(|t| t.name.as_str())
}

/// Reads an archive list (for `tally-ho archive-data`).
pub fn read_trees(file: &str, text: &str) -> Result<Trees, LoadErrors> {
    Ok(parse(file, text)?)
}
