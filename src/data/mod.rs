//! Loading level files: RON into serde types, then validation. Every problem is
//! reported as `file:line:col: what is wrong`; a bad file never panics.
//!
//! The shipped levels are compiled into the binary (so it runs from anywhere);
//! any level can also be given as a path to a RON file.

pub mod campaign_rules;
pub mod locate;

use crate::simple_hex::{
    validate_aircraft, AircraftFile, Invalid, Scenario, ScenarioFile, SimpleHexRules,
};
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::Path;

/// One problem in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    /// 1-based; 0 when the problem has no position (the file cannot be read).
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
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

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// The text without the UTF-8 byte-order mark some editors put first.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Parses RON text into `T`; syntax and shape errors name the line and column.
/// A byte-order mark at the start is allowed (and not counted in columns).
pub fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, LoadError> {
    ron_options().from_str(without_bom(text)).map_err(|e| LoadError {
        file: file.to_string(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: e.code.to_string(),
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

/// Writes `text` to `path` atomically: a temporary file beside it, then rename.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(d) = dir {
        std::fs::create_dir_all(d)?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// A level file as text, with the name errors should use for it.
#[derive(Clone, Debug)]
pub struct Source {
    pub file: String,
    pub text: String,
}

impl Source {
    pub fn read(path: &Path) -> Result<Source, LoadError> {
        let file = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Source { file, text }),
            Err(e) => Err(LoadError {
                file,
                line: 0,
                col: 0,
                message: format!("cannot read the file: {e}"),
            }),
        }
    }

    fn builtin(file: &str, text: &str) -> Source {
        Source {
            file: file.to_string(),
            text: text.to_string(),
        }
    }
}

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

pub fn load_rules(src: &Source) -> Result<SimpleHexRules, LoadErrors> {
    let rules: SimpleHexRules = parse(&src.file, &src.text)?;
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
    let aircraft = load_aircraft(aircraft)?;
    let rules = load_rules(rules)?;
    let file: ScenarioFile = parse(&scenario.file, &scenario.text)?;
    Scenario::build(&file, &aircraft, &rules)
        .map_err(|found| positioned(&scenario.file, &scenario.text, found))
}

/// Loads a Simple Hex level (shipped name or path) with the shipped tables.
pub fn load_simple_hex(name_or_path: &str) -> Result<Scenario, LoadErrors> {
    let src = scenario_source(name_or_path)?;
    load_scenario_with(&src, &aircraft_source(), &rules_source())
}

// ----- the family game -----

use crate::family::{FamilyBoardFile, FamilyRules, FamilyScenario};

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

pub fn load_family_rules(src: &Source) -> Result<FamilyRules, LoadErrors> {
    let rules: FamilyRules = parse(&src.file, &src.text)?;
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
    load_family_with(&src, &family_rules_source())
}

// ----- the campaign -----

use crate::campaign::data::{CampaignData, CampaignFile, MapFile, OrderOfBattleFile, TargetsFile};

/// The campaign map: (file, text).
pub const CAMPAIGN_MAP: (&str, &str) = (
    "levels/campaign/map.ron",
    include_str!("../../levels/campaign/map.ron"),
);

/// The fifty target cards: (file, text).
pub const CAMPAIGN_TARGETS: (&str, &str) = (
    "levels/campaign/targets.ron",
    include_str!("../../levels/campaign/targets.ron"),
);

/// The order of battle: (file, text).
pub const CAMPAIGN_OOB: (&str, &str) = (
    "levels/campaign/order_of_battle.ron",
    include_str!("../../levels/campaign/order_of_battle.ron"),
);

/// The shipped campaign map.
pub fn campaign_map_source() -> Source {
    Source::builtin(CAMPAIGN_MAP.0, CAMPAIGN_MAP.1)
}

/// The shipped target cards.
pub fn campaign_targets_source() -> Source {
    Source::builtin(CAMPAIGN_TARGETS.0, CAMPAIGN_TARGETS.1)
}

/// The shipped order of battle.
pub fn campaign_oob_source() -> Source {
    Source::builtin(CAMPAIGN_OOB.0, CAMPAIGN_OOB.1)
}

/// Loads and validates the campaign's map, target cards and order of
/// battle; every problem names its own file, line and column.
pub fn load_campaign_data_with(
    map: &Source,
    targets: &Source,
    oob: &Source,
) -> Result<CampaignData, LoadErrors> {
    let map_file = parse::<MapFile>(&map.file, &map.text);
    let targets_file = parse::<TargetsFile>(&targets.file, &targets.text);
    let oob_file = parse::<OrderOfBattleFile>(&oob.file, &oob.text);
    let (m, t, o) = match (map_file, targets_file, oob_file) {
        (Ok(m), Ok(t), Ok(o)) => (m, t, o),
        (m, t, o) => {
            return Err(LoadErrors(
                [m.err(), t.err(), o.err()].into_iter().flatten().collect(),
            ))
        }
    };
    CampaignData::build(&m, &t, &o).map_err(|found| {
        let mut errors = Vec::new();
        for (which, src) in [
            (CampaignFile::Map, map),
            (CampaignFile::Targets, targets),
            (CampaignFile::OrderOfBattle, oob),
        ] {
            let mine = found
                .iter()
                .filter(|(f, _)| *f == which)
                .map(|(_, inv)| inv.clone())
                .collect();
            errors.extend(positioned(&src.file, &src.text, mine).0);
        }
        LoadErrors(errors)
    })
}

/// Loads the shipped campaign data.
pub fn load_campaign_data() -> Result<CampaignData, LoadErrors> {
    load_campaign_data_with(
        &campaign_map_source(),
        &campaign_targets_source(),
        &campaign_oob_source(),
    )
}
