//! The family game's data: the shipped boards and rules, and loading a
//! board with them.

use super::{parse, positioned, LoadError, LoadErrors, Source};
use crate::family::{FamilyBoardFile, FamilyScenario, FamilyValues};
use std::path::Path;

/// The family game's boards shipped with the game: (name, file, text).
pub const FAMILY_BOARDS: &[(&str, &str, &str)] = &[
    (
        "full",
        "levels/family/full_16x20.ron",
        include_str!("../../levels/family/full_16x20.ron"),
    ),
    (
        "kitchen",
        "levels/family/kitchen_12x14.ron",
        include_str!("../../levels/family/kitchen_12x14.ron"),
    ),
];

const FAMILY_RULES: (&str, &str) = (
    "levels/family/rules.ron",
    include_str!("../../levels/family/rules.ron"),
);

/// The shipped family-game numbers.
pub fn family_rules_source() -> Source {
    Source::builtin(FAMILY_RULES.0, FAMILY_RULES.1)
}

/// A shipped family board by name, or a RON file by path.
pub fn family_board_source(name_or_path: &str) -> Result<Source, LoadError> {
    if let Some((_, file, text)) = FAMILY_BOARDS.iter().find(|(n, _, _)| *n == name_or_path) {
        return Ok(Source::builtin(file, text));
    }
    let path = Path::new(name_or_path);
    if path.exists() || name_or_path.ends_with(".ron") {
        return Source::read(path);
    }
    let names: Vec<&str> = FAMILY_BOARDS.iter().map(|(n, _, _)| *n).collect();
    Err(LoadError {
        file: name_or_path.to_string(),
        line: 0,
        col: 0,
        message: format!(
            "no such board (shipped boards: {}; or give a path to a .ron file)",
            names.join(", ")
        ),
    })
}

pub fn load_family_rules(src: &Source) -> Result<FamilyValues, LoadErrors> {
    let rules: FamilyValues = parse(&src.file, &src.text)?;
    let found = rules.validate();
    if found.is_empty() {
        Ok(rules)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// Loads and validates a family board with the given rules.
pub fn load_family_with(board: &Source, rules: &Source) -> Result<FamilyScenario, LoadErrors> {
    let rules = load_family_rules(rules)?;
    let file: FamilyBoardFile = parse(&board.file, &board.text)?;
    FamilyScenario::build(&file, rules).map_err(|found| positioned(&board.file, &board.text, found))
}

/// Loads a family board (shipped name or path) with the shipped rules.
pub fn load_family(name_or_path: &str) -> Result<FamilyScenario, LoadErrors> {
    let src = family_board_source(name_or_path)?;
    let mut scenario = load_family_with(&src, &family_rules_source())?;
    scenario.board = name_or_path.to_string();
    Ok(scenario)
}

/// The shipped files of the family game: (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    let mut files: Vec<(&str, &str)> = FAMILY_BOARDS.iter().map(|(_, f, t)| (*f, *t)).collect();
    files.push(FAMILY_RULES);
    files
}
