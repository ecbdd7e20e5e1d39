//! Helpers for the Blitz's data tests: a shipped file with one change, and
//! where its error must be.
#![allow(dead_code)]

use tally_ho::data::{LoadErrors, Source};

/// `src` with its first `from` replaced by `to` (which must be there).
pub fn with(src: &Source, from: &str, to: &str) -> Source {
    assert!(src.text.contains(from), "{from}");
    Source {
        text: src.text.replacen(from, to, 1),
        ..src.clone()
    }
}

/// The errors hold one that says `says`, in `bad`'s file, on a line of it
/// that contains `at`, at a column.
pub fn placed(e: &LoadErrors, bad: &Source, at: &str, says: &str) {
    let hit =
        e.0.iter()
            .find(|x| x.message.contains(says))
            .unwrap_or_else(|| panic!("no error says {says:?}: {e}"));
    assert_eq!(hit.file, bad.file);
    let lines: Vec<usize> = bad
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(at))
        .map(|(i, _)| i + 1)
        .collect();
    assert!(lines.contains(&hit.line), "{at:?} on lines {lines:?}: {e}");
    assert!(hit.col > 0, "{e}");
}
