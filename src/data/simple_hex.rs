//! Simple Hex's data: the shipped levels, the aircraft and rule tables, and
//! loading a level with them.

use super::{parse, positioned, LoadError, LoadErrors, Source};
use crate::simple_hex::forces::{ForcesFile, SharesFile, AS_WRITTEN};
use crate::simple_hex::{validate_aircraft, AircraftFile, Scenario, ScenarioFile, SimpleHexValues};
use std::path::Path;

/// The Simple Hex levels shipped with the game: (name, file, text).
pub const SIMPLE_HEX_LEVELS: &[(&str, &str, &str)] = &[
    (
        "crane-14x18",
        "levels/simple_hex/crane_14x18.ron",
        include_str!("../../levels/simple_hex/crane_14x18.ron"),
    ),
    (
        "memoir-9x13",
        "levels/simple_hex/memoir_9x13.ron",
        include_str!("../../levels/simple_hex/memoir_9x13.ron"),
    ),
    (
        "memoir-18x13",
        "levels/simple_hex/memoir_18x13.ron",
        include_str!("../../levels/simple_hex/memoir_18x13.ron"),
    ),
];

pub const DEFAULT_LEVEL: &str = "crane-14x18";

const AIRCRAFT: (&str, &str) = (
    "levels/simple_hex/aircraft.ron",
    include_str!("../../levels/simple_hex/aircraft.ron"),
);
const RULES: (&str, &str) = (
    "levels/simple_hex/rules.ron",
    include_str!("../../levels/simple_hex/rules.ron"),
);

const FORCES: (&str, &str) = (
    "levels/simple_hex/forces.ron",
    include_str!("../../levels/simple_hex/forces.ron"),
);

const SHARES: (&str, &str) = (
    "levels/simple_hex/shares.ron",
    include_str!("../../levels/simple_hex/shares.ron"),
);

/// The shipped table of the settings' measured win shares.
pub fn shares_source() -> Source {
    Source::builtin(SHARES.0, SHARES.1)
}

/// Loads and validates a table of measured win shares against the
/// settings, the shipped levels and Simple Hex's computer levels.
pub fn load_shares(src: &Source, forces: &ForcesFile) -> Result<SharesFile, LoadErrors> {
    let file: SharesFile = parse(&src.file, &src.text)?;
    let levels: Vec<&str> = SIMPLE_HEX_LEVELS.iter().map(|(n, _, _)| *n).collect();
    let found = file.validate(forces, &levels, &crate::simple_hex::ai::LEVELS);
    if found.is_empty() {
        Ok(file)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped settings and their measured shares, loaded and checked.
pub fn shipped_shares() -> Result<(ForcesFile, SharesFile), LoadErrors> {
    let forces = shipped_forces()?;
    let shares = load_shares(&shares_source(), &forces)?;
    Ok((forces, shares))
}

/// The shipped difficulty settings, loaded and checked (the simulator
/// writes a new shares table from them without reading the old one).
pub fn shipped_forces() -> Result<ForcesFile, LoadErrors> {
    load_forces(&forces_source(), &load_aircraft(&aircraft_source())?)
}

/// The shipped difficulty settings (difficulty by forces).
pub fn forces_source() -> Source {
    Source::builtin(FORCES.0, FORCES.1)
}

/// Loads and validates the difficulty settings against an aircraft table.
pub fn load_forces(src: &Source, aircraft: &AircraftFile) -> Result<ForcesFile, LoadErrors> {
    let file: ForcesFile = parse(&src.file, &src.text)?;
    let found = file.validate(aircraft);
    if found.is_empty() {
        Ok(file)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped aircraft table.
pub fn aircraft_source() -> Source {
    Source::builtin(AIRCRAFT.0, AIRCRAFT.1)
}

/// The shipped rule numbers.
pub fn rules_source() -> Source {
    Source::builtin(RULES.0, RULES.1)
}

/// A shipped level by name, or a RON file by path.
pub fn scenario_source(name_or_path: &str) -> Result<Source, LoadError> {
    if let Some((_, file, text)) = SIMPLE_HEX_LEVELS
        .iter()
        .find(|(n, _, _)| *n == name_or_path)
    {
        return Ok(Source::builtin(file, text));
    }
    let path = Path::new(name_or_path);
    if path.exists() || name_or_path.ends_with(".ron") {
        return Source::read(path);
    }
    let names: Vec<&str> = SIMPLE_HEX_LEVELS.iter().map(|(n, _, _)| *n).collect();
    Err(LoadError {
        file: name_or_path.to_string(),
        line: 0,
        col: 0,
        message: format!(
            "no such level (shipped levels: {}; or give a path to a .ron file)",
            names.join(", ")
        ),
    })
}

pub fn load_aircraft(src: &Source) -> Result<AircraftFile, LoadErrors> {
    let file: AircraftFile = parse(&src.file, &src.text)?;
    let found = validate_aircraft(&file);
    if found.is_empty() {
        Ok(file)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

pub fn load_rules(src: &Source) -> Result<SimpleHexValues, LoadErrors> {
    let rules: SimpleHexValues = parse(&src.file, &src.text)?;
    let found = rules.validate();
    if found.is_empty() {
        Ok(rules)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// Loads and validates a scenario against the given aircraft and rule sources.
pub fn load_scenario_with(
    scenario: &Source,
    aircraft: &Source,
    rules: &Source,
) -> Result<Scenario, LoadErrors> {
    load_scenario_at(scenario, aircraft, rules, None)
}

/// `load_scenario_with`, its forces changed by the difficulty setting
/// `forces` (a source and a setting's name; `None`: as the level has them).
pub fn load_scenario_at(
    scenario: &Source,
    aircraft: &Source,
    rules: &Source,
    forces: Option<(&Source, &str)>,
) -> Result<Scenario, LoadErrors> {
    let aircraft = load_aircraft(aircraft)?;
    let rules = load_rules(rules)?;
    let mut file: ScenarioFile = parse(&scenario.file, &scenario.text)?;
    // The level as written first: what is wrong with it is placed in it,
    // not in the difficulty setting applied to it.
    let own = Scenario::build(&file, &aircraft, &rules)
        .map_err(|found| positioned(&scenario.file, &scenario.text, found))?;
    let found = own.check_level();
    if !found.is_empty() {
        return Err(positioned(&scenario.file, &scenario.text, found));
    }
    if let Some((src, name)) = forces {
        let settings = load_forces(src, &aircraft)?;
        let Some(i) = settings.settings.iter().position(|s| s.name == name) else {
            return Err(LoadErrors(vec![LoadError {
                file: src.file.clone(),
                line: 0,
                col: 0,
                message: format!(
                    "no difficulty \"{name}\" (settings: {})",
                    settings.names().join(", ")
                ),
            }]));
        };
        file = settings.settings[i]
            .apply(&file, &aircraft, &format!("settings[{i}]"))
            .map_err(|found| positioned(&src.file, &src.text, found))?;
    }
    if forces.is_none() {
        return Ok(own);
    }
    let built = Scenario::build(&file, &aircraft, &rules)
        .map_err(|found| positioned(&scenario.file, &scenario.text, found))?;
    let found = built.check_level();
    if found.is_empty() {
        Ok(built)
    } else {
        Err(positioned(&scenario.file, &scenario.text, found))
    }
}

/// Loads a Simple Hex level (shipped name or path) with the shipped tables.
pub fn load_simple_hex(name_or_path: &str) -> Result<Scenario, LoadErrors> {
    load_simple_hex_at(name_or_path, AS_WRITTEN)
}

/// A Simple Hex level with the forces of the shipped difficulty setting
/// `difficulty` ("as-written": the level's own).
pub fn load_simple_hex_at(name_or_path: &str, difficulty: &str) -> Result<Scenario, LoadErrors> {
    let src = scenario_source(name_or_path)?;
    let forces = forces_source();
    let mut scenario = load_scenario_at(
        &src,
        &aircraft_source(),
        &rules_source(),
        Some((&forces, difficulty)),
    )?;
    scenario.level = name_or_path.to_string();
    scenario.difficulty = difficulty.to_string();
    Ok(scenario)
}

/// The shipped files of Simple Hex: (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    let mut files: Vec<(&str, &str)> = SIMPLE_HEX_LEVELS.iter().map(|(_, f, t)| (*f, *t)).collect();
    files.extend([AIRCRAFT, RULES, FORCES, SHARES]);
    files
}
