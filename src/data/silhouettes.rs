//! The aircraft silhouettes the boards draw (`levels/silhouettes.ron`).

use super::{parse, positioned, LoadErrors, Source};
use crate::common::silhouette::Silhouettes;

const SILHOUETTES: (&str, &str) = (
    "levels/silhouettes.ron",
    include_str!("../../levels/silhouettes.ron"),
);

pub fn silhouettes_source() -> Source {
    Source::builtin(SILHOUETTES.0, SILHOUETTES.1)
}

/// Reads and checks a silhouettes file.
pub fn load_silhouettes(src: &Source) -> Result<Silhouettes, LoadErrors> {
    let file: Silhouettes = parse(&src.file, &src.text)?;
    let found = file.validate();
    if found.is_empty() {
        Ok(file)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped silhouettes.
pub fn shipped_silhouettes() -> Result<Silhouettes, LoadErrors> {
    load_silhouettes(&silhouettes_source())
}

/// The shipped drawings: (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    vec![SILHOUETTES]
}
