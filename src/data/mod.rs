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

/// An I/O error that names the path it happened at: "PATH: cannot DO: why".
fn at_path(path: &Path, doing: &str, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{}: cannot {doing}: {e}", path.display()))
}

/// Writes `text` to `path` atomically, so that a reader (or a crash)
/// sees the old file or the new one, never a part: the contents go to a
/// temporary file beside it with an unpredictable name (made with
/// create_new), which is flushed to disk and renamed over the target, and
/// then the directory is flushed too. On any failure up to the rename the
/// temporary file is removed and the target left as it was; should only
/// the last flush fail, the new file is in place and the error says so.
///
/// A target that is a symbolic link, or that exists and is not a regular
/// file, is refused. Every error names the path.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_bytes(path, text.as_bytes())
}

/// `write_atomic` for contents that are not text (the sounds' WAV files).
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    write_atomic_with(path, |f| f.write_all(bytes))
}

/// `write_atomic`, with the temporary file's contents written by `write`.
fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind};
    let refuse = |why: &str| {
        Err(Error::new(
            ErrorKind::InvalidInput,
            format!("{}: cannot write: {why}", path.display()),
        ))
    };
    let Some(name) = path.file_name() else {
        return refuse("the path does not name a file");
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| at_path(dir, "make the folder", e))?;
    let old = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return refuse("it is a symbolic link, which is not replaced");
        }
        Ok(meta) if !meta.is_file() => {
            return refuse(&format!("it is {}, not a file", kind_of(&meta)));
        }
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(at_path(path, "write", e)),
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        // As a newly created file would be: tempfile's own are private.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(dir)
        .map_err(|e| at_path(path, "write (no temporary file beside it)", e))?;
    // From here on, dropping `tmp` removes the temporary file.
    let written = (|| {
        if let Some(meta) = &old {
            // The new file keeps the old one's permissions.
            tmp.as_file().set_permissions(meta.permissions())?;
        }
        write(tmp.as_file_mut())?;
        tmp.as_file().sync_all()
    })();
    written.map_err(|e| at_path(path, "write", e))?;
    tmp.persist(path)
        .map_err(|e| at_path(path, "write (renaming the temporary file)", e.error))?;
    sync_dir(dir).map_err(|e| at_path(path, "flush its folder to disk after writing it", e))
}

/// Flushes a directory's entries (a rename in it) to disk.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// A level file as text, with the name errors should use for it.
#[derive(Clone, Debug)]
pub struct Source {
    pub file: String,
    pub text: String,
}

/// The largest file we read: far more than any level, save or replay needs.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// What a path that is not a regular file is, as a sentence names it.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
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
            (meta.len() > MAX_FILE_BYTES).then(|| {
                fail(
                    0,
                    0,
                    format!(
                        "cannot read the file: it is {} bytes, and files of at most {} bytes (1 MiB) are read",
                        meta.len(),
                        MAX_FILE_BYTES
                    ),
                )
            })
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
                format!("cannot read the file: it grew past {MAX_FILE_BYTES} bytes (1 MiB) while being read"),
            ));
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
    let src = scenario_source(name_or_path)?;
    let mut scenario = load_scenario_with(&src, &aircraft_source(), &rules_source())?;
    scenario.level = name_or_path.to_string();
    Ok(scenario)
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
    let mut scenario = load_family_with(&src, &family_rules_source())?;
    scenario.board = name_or_path.to_string();
    Ok(scenario)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = tempfile::Builder::new()
            .prefix(&format!("tally-ho-{name}-"))
            .tempdir()
            .unwrap()
            .keep();
        dir
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_fails_half_way_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("atomic");
        let path = dir.join("save.ron");
        write_atomic(&path, "old").unwrap();
        let mut temporary = Vec::new();
        let e = write_atomic_with(&path, |f| {
            use std::io::Write;
            f.write_all(b"half a new")?;
            temporary = names_in(&dir);
            Err(std::io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: cannot write: the disk is full", path.display())
        );
        // While it was written the temporary file stood beside the target,
        // under a name no other process could have guessed.
        assert_eq!(temporary.len(), 2, "{temporary:?}");
        let tmp = &temporary[0];
        assert!(
            tmp.starts_with(".save.ron.") && tmp.ends_with(".tmp"),
            "{tmp}"
        );
        assert_ne!(tmp, &format!(".save.ron.tmp{}", std::process::id()));
        assert_eq!(names_in(&dir), ["save.ron"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_usual_permissions_and_a_replaced_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("modes");
        let path = dir.join("figures.csv");
        write_atomic(&path, "a").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // 0o666 less the umask: the owner can always read and write it.
        assert_eq!(mode(&path) & 0o600, 0o600);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, "b").unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "b");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_or_a_directory_is_not_replaced() {
        let dir = scratch("refuse");
        let real = dir.join("real.ron");
        std::fs::write(&real, "kept").unwrap();
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let e = write_atomic(&link, "new").unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}: cannot write: it is a symbolic link, which is not replaced",
                link.display()
            )
        );
        let sub = dir.join("sub");
        std::fs::create_dir(&sub).unwrap();
        let e = write_atomic(&sub, "new").unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}: cannot write: it is a directory, not a file",
                sub.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "kept");
        assert_eq!(names_in(&dir), ["link.ron", "real.ron", "sub"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
