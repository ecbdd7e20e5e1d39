//! The family game's data: a board (sea and land, sectors, airfields, radar,
//! AA, bomber start squares) and the rule numbers, as read from `levels/family/`,
//! and the validated `FamilyScenario` a game is played from.

use crate::common::hex::{hex_from_offset, offset_of, Board};
use crate::common::invalid::{earlier_same, too_long, Invalid};
use crate::common::Level;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The colour of a sector, and so of its commander's Spitfire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SectorColour {
    Red,
    Blue,
    Green,
    Yellow,
}

impl SectorColour {
    pub const ALL: [SectorColour; 4] = [
        SectorColour::Red,
        SectorColour::Blue,
        SectorColour::Green,
        SectorColour::Yellow,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SectorColour::Red => "Red",
            SectorColour::Blue => "Blue",
            SectorColour::Green => "Green",
            SectorColour::Yellow => "Yellow",
        }
    }
}

/// What stands on a land hex and can be bombed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FeatureKind {
    Airfield,
    Radar,
    Aa,
}

impl FeatureKind {
    pub fn name(self) -> &'static str {
        match self {
            FeatureKind::Airfield => "airfield",
            FeatureKind::Radar => "radar station",
            FeatureKind::Aa => "AA battery",
        }
    }
}

/// The direction half of a flight indicator result, relative to the course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Heading {
    /// Straight on (north, or south once turned round).
    Beam,
    /// The forward-left hex.
    Port,
    /// The forward-right hex.
    Starboard,
}

impl Heading {
    pub fn name(self) -> &'static str {
        match self {
            Heading::Beam => "beam",
            Heading::Port => "port",
            Heading::Starboard => "starboard",
        }
    }
}

/// One face of the flight indicator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpinnerFace {
    /// -1, 0 or +1 notches.
    pub climb: i8,
    pub heading: Heading,
}

/// `levels/family/rules.ron`: every number of the family game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "FamilyRules")]
pub struct FamilyValues {
    /// The highest notch of a pole (ground is 0; 1 and up are in the air).
    pub max_altitude: u8,
    /// Where bombers start and where a Spitfire climbs to on take-off.
    pub cruising_altitude: u8,
    /// Fuel gauge notches of a full tank.
    pub fuel_full: u8,
    /// A landing outside the Spitfire's own sector gives this much.
    pub fuel_half: u8,
    pub kills_to_win: u8,
    pub kills_to_win_short: u8,
    /// Squares a bomber flies per spin.
    pub bomber_squares: u8,
    /// Squares a Spitfire may fly in one turn (without changing altitude).
    pub spitfire_squares: u8,
    /// How far away an airfield may be for a Spitfire to land on it.
    pub landing_range: u8,
    /// The most notches a Spitfire may climb or dive in place.
    pub climb_in_place: u8,
    /// The flight indicator's faces, all equally likely.
    pub spinner: Vec<SpinnerFace>,
    /// The battle ends at nightfall after this round (0: never). Our addition.
    pub dusk_round: u32,
    /// The solo game (one commander): its difficulties, Recruit, Veteran and
    /// Ace, each once. Our addition: the sheet has no solo rules.
    pub solo: Vec<SoloDifficulty>,
}

/// A solo difficulty: the lone commander must make the kills before
/// nightfall, which comes after `rounds` (`rounds_short` in the short game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoloDifficulty {
    pub level: Level,
    /// Rounds to make `kills_to_win` kills.
    pub rounds: u32,
    /// Rounds to make `kills_to_win_short` kills.
    pub rounds_short: u32,
}

impl FamilyValues {
    /// The solo difficulty of a level (validated: every level has one).
    pub fn solo(&self, level: Level) -> SoloDifficulty {
        self.solo
            .iter()
            .copied()
            .find(|d| d.level == level)
            .unwrap_or(SoloDifficulty {
                level,
                rounds: self.dusk_round,
                rounds_short: self.dusk_round,
            })
    }
}

impl FamilyValues {
    pub fn validate(&self) -> Vec<Invalid> {
        if let Some(long) = too_long("spinner", &self.spinner, MAX_SPINNER_FACES, "faces") {
            return vec![long];
        }
        if let Some(long) = too_long("solo", &self.solo, Level::ALL.len(), "difficulties") {
            return vec![long];
        }
        let mut e = Vec::new();
        let bad = |path: &str, msg: String| Invalid {
            path: path.to_string(),
            message: msg,
        };
        if !(1..=20).contains(&self.max_altitude) {
            e.push(bad("max_altitude", "max_altitude must be 1 to 20".into()));
        }
        if self.cruising_altitude == 0 || self.cruising_altitude > self.max_altitude {
            e.push(bad(
                "cruising_altitude",
                format!(
                    "cruising_altitude must be 1 to max_altitude ({})",
                    self.max_altitude
                ),
            ));
        }
        if self.fuel_full < 2 || self.fuel_full > 60 {
            e.push(bad("fuel_full", "fuel_full must be 2 to 60".into()));
        }
        if self.fuel_half == 0 || self.fuel_half > self.fuel_full {
            e.push(bad(
                "fuel_half",
                "fuel_half must be 1 to fuel_full".to_string(),
            ));
        }
        if self.kills_to_win == 0 {
            e.push(bad(
                "kills_to_win",
                "kills_to_win must be at least 1".into(),
            ));
        }
        if self.kills_to_win_short == 0 || self.kills_to_win_short > self.kills_to_win {
            e.push(bad(
                "kills_to_win_short",
                "kills_to_win_short must be 1 to kills_to_win".into(),
            ));
        }
        for (name, v) in [
            ("bomber_squares", self.bomber_squares),
            ("spitfire_squares", self.spitfire_squares),
        ] {
            if !(1..=4).contains(&v) {
                e.push(bad(name, format!("{name} must be 1 to 4")));
            }
        }
        if self.landing_range > 4 {
            e.push(bad("landing_range", "landing_range must be 0 to 4".into()));
        }
        if self.climb_in_place == 0 || self.climb_in_place > 4 {
            e.push(bad(
                "climb_in_place",
                "climb_in_place must be 1 to 4".into(),
            ));
        }
        for (i, d) in self.solo.iter().enumerate() {
            if self.solo[..i].iter().any(|o| o.level == d.level) {
                e.push(bad(
                    &format!("solo[{i}].level"),
                    format!("two solo difficulties are {}", d.level),
                ));
            }
            for (name, v) in [("rounds", d.rounds), ("rounds_short", d.rounds_short)] {
                if !(1..=200).contains(&v) {
                    e.push(bad(
                        &format!("solo[{i}].{name}"),
                        format!("a solo difficulty's {name} must be 1 to 200"),
                    ));
                }
            }
        }
        for l in Level::ALL {
            if !self.solo.iter().any(|d| d.level == l) {
                e.push(bad(
                    "solo",
                    format!("the solo game has no {l} difficulty (list Recruit, Veteran and Ace)"),
                ));
            }
        }
        if self.spinner.is_empty() {
            e.push(bad(
                "spinner",
                format!("the spinner needs 1 to {MAX_SPINNER_FACES} faces"),
            ));
        }
        for (i, f) in self.spinner.iter().enumerate() {
            if !(-1..=1).contains(&f.climb) {
                e.push(bad(
                    &format!("spinner[{i}].climb"),
                    "a spinner face climbs -1, 0 or +1".into(),
                ));
            }
        }
        e
    }
}

/// A bombable thing on the board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureSetup {
    pub kind: FeatureKind,
    /// Offset coordinates `(column, row)`.
    pub at: (i32, i32),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectorSetup {
    pub name: String,
    pub colour: SectorColour,
}

/// A board file under `levels/family/`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyBoardFile {
    pub name: String,
    pub description: String,
    pub columns: u32,
    pub rows: u32,
    /// One string per row, north first, one character per column: `~` sea,
    /// `1` to `4` land of that sector.
    pub map: Vec<String>,
    /// The sectors, in the order the map's digits number them.
    pub sectors: Vec<SectorSetup>,
    pub features: Vec<FeatureSetup>,
    /// The bombers' numbered start squares, bomber 1 first.
    pub starts: Vec<(i32, i32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terrain {
    Sea,
    Land { sector: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feature {
    pub kind: FeatureKind,
    pub hex: Hex,
    pub sector: u8,
}

/// A validated board and rules: what a game is played on.
#[derive(Clone)]
pub struct FamilyScenario {
    /// How the board was named when it was loaded: a shipped board's name or
    /// a file's path (empty for one built in code). Records name it so.
    pub board: String,
    pub name: String,
    pub description: String,
    pub grid: Board<()>,
    /// By dense cell index.
    pub terrain: Vec<Terrain>,
    pub sectors: Vec<SectorSetup>,
    pub features: Vec<Feature>,
    pub starts: Vec<Hex>,
    pub rules: FamilyValues,
    /// A campaign's raid fought on this board (None: the family game).
    pub raid: Option<Raid>,
}

/// A campaign's raid on the family board (docs/RULES.md, "Intercepts on
/// the family board"): each start square holds one squadron of the raid,
/// which flies once, north to its target and home, and leaves the board
/// for good when it is shot down, collides, is sent off a side edge or
/// gets home. No commander plays for kills: the battle is over when every
/// plane of the raid has left, or after `rounds`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raid {
    /// Per start square: an escort fighter, which flies with the raid by
    /// the spinner but drops no bombs.
    pub escort: Vec<bool>,
    /// The target's name, for the board's north edge.
    pub target: String,
    /// The last round of the battle.
    pub rounds: u32,
}

pub const MAX_BOMBERS: usize = 9;
/// The most faces the flight indicator may have.
pub const MAX_SPINNER_FACES: usize = 36;
/// The most sectors a board may have (the four colours).
pub const MAX_SECTORS: usize = 4;
/// The most features (airfields, radar, AA) a board file may list.
pub const MAX_FEATURES: usize = 256;
/// The most rows or columns a board may have.
pub const MAX_BOARD_SIDE: u32 = 40;

impl FamilyScenario {
    pub fn build(
        file: &FamilyBoardFile,
        rules: FamilyValues,
    ) -> Result<FamilyScenario, Vec<Invalid>> {
        let long = too_long_lists(file);
        if !long.is_empty() {
            return Err(long);
        }
        let mut e = sizes_and_sectors(file);
        if !e.is_empty() {
            return Err(e);
        }
        let terrain = read_board(file, &mut e);
        let grid: Board<()> = Board::new(file.columns, file.rows);
        let features = place_features(file, &grid, &terrain, &mut e);
        check_sectors_equipped(file, &features, &mut e);
        let starts = place_starts(file, &grid, &terrain, &mut e);
        if e.is_empty() {
            Ok(FamilyScenario {
                board: String::new(),
                name: file.name.clone(),
                description: file.description.clone(),
                grid,
                terrain,
                sectors: file.sectors.clone(),
                features,
                starts,
                rules,
                raid: None,
            })
        } else {
            Err(e)
        }
    }

    pub fn terrain(&self, hex: Hex) -> Option<Terrain> {
        self.grid.index(hex).map(|i| self.terrain[i])
    }

    pub fn is_land(&self, hex: Hex) -> bool {
        matches!(self.terrain(hex), Some(Terrain::Land { .. }))
    }

    /// A plane of the raid that drops no bombs.
    pub fn is_escort(&self, bomber: u8) -> bool {
        self.raid
            .as_ref()
            .is_some_and(|r| r.escort.get(bomber as usize) == Some(&true))
    }

    /// The feature on a hex, by index into `features`.
    pub fn feature_at(&self, hex: Hex) -> Option<usize> {
        self.features.iter().position(|f| f.hex == hex)
    }

    /// A sector's airfields, in file order.
    pub fn airfields_of(&self, sector: u8) -> Vec<usize> {
        (0..self.features.len())
            .filter(|&i| {
                self.features[i].sector == sector && self.features[i].kind == FeatureKind::Airfield
            })
            .collect()
    }

    /// Offset coordinates of a hex, as the files and the log write them.
    pub fn cell_name(&self, hex: Hex) -> String {
        let [c, r] = offset_of(hex);
        format!("{}{}", column_letter(c), r + 1)
    }
}

/// The file's lists longer than any board.
fn too_long_lists(file: &FamilyBoardFile) -> Vec<Invalid> {
    let long: Vec<Invalid> = [
        too_long("map", &file.map, MAX_BOARD_SIDE as usize, "rows"),
        too_long("sectors", &file.sectors, MAX_SECTORS, "sectors"),
        too_long("features", &file.features, MAX_FEATURES, "features"),
        too_long("starts", &file.starts, MAX_BOMBERS, "start squares"),
    ]
    .into_iter()
    .flatten()
    .collect();
    long
}

/// The board's size, each side in its range, and its sectors, each of its
/// own colour.
fn sizes_and_sectors(file: &FamilyBoardFile) -> Vec<Invalid> {
    let mut e = Vec::new();
    let side = 4..=MAX_BOARD_SIDE;
    if !side.contains(&file.columns) {
        e.push(Invalid::new(
            "columns",
            format!("columns must be 4 to {MAX_BOARD_SIDE}"),
        ));
    }
    if !side.contains(&file.rows) {
        e.push(Invalid::new(
            "rows",
            format!("rows must be 4 to {MAX_BOARD_SIDE}"),
        ));
    }
    if file.sectors.is_empty() {
        e.push(Invalid::new(
            "sectors",
            format!("a board has 1 to {MAX_SECTORS} sectors"),
        ));
    }
    for (i, s) in file.sectors.iter().enumerate() {
        if file.sectors[..i].iter().any(|o| o.colour == s.colour) {
            e.push(Invalid::new(
                format!("sectors[{i}].colour"),
                format!("two sectors are {}", s.colour.name()),
            ));
        }
    }
    e
}

/// The board's terrain, hex by hex: sea, or the land of a listed sector.
fn read_board(file: &FamilyBoardFile, e: &mut Vec<Invalid>) -> Vec<Terrain> {
    let (cols, rows) = (file.columns as usize, file.rows as usize);
    let sectors = file.sectors.len();
    let (terrain, found) = crate::common::text_map::read_text_map(
        &file.map,
        cols,
        rows,
        "board",
        Terrain::Sea,
        |ch, c| match ch {
            '~' => Ok(Terrain::Sea),
            '1'..='4' if ((ch as u8 - b'1') as usize) < sectors => Ok(Terrain::Land {
                sector: ch as u8 - b'1',
            }),
            '1'..='4' => Err(format!(
                "sector {ch} at column {c} is not in the sector list"
            )),
            other => Err(format!(
                "'{other}' at column {c}: use ~ for sea, 1 to 4 for a sector"
            )),
        },
    );
    e.extend(found);
    terrain
}

/// The index of a square of the file on the board, if it is on the board.
fn cell(file: &FamilyBoardFile, grid: &Board<()>, at: (i32, i32)) -> Option<usize> {
    // Bounds first: hexx's offset conversion overflows (a panic in debug
    // builds) on absurd coordinates in a file.
    let inside = (0..file.columns as i32).contains(&at.0) && (0..file.rows as i32).contains(&at.1);
    inside.then(|| grid.index(hex_from_offset(at.0, at.1)))?
}

/// The airfields, radar and AA: on land, one to a hex.
fn place_features(
    file: &FamilyBoardFile,
    grid: &Board<()>,
    terrain: &[Terrain],
    e: &mut Vec<Invalid>,
) -> Vec<Feature> {
    let mut features = Vec::new();
    let shared = earlier_same(file.features.iter().map(|f| f.at));
    for (i, f) in file.features.iter().enumerate() {
        let path = format!("features[{i}].at");
        let Some(ix) = cell(file, grid, f.at) else {
            e.push(Invalid::new(path, format!("{:?} is off the board", f.at)));
            continue;
        };
        match terrain[ix] {
            Terrain::Sea => e.push(Invalid::new(
                path,
                format!("a {} must stand on land, not at sea", f.kind.name()),
            )),
            Terrain::Land { sector } => {
                if shared[i].is_some() {
                    e.push(Invalid::new(path, format!("two features share {:?}", f.at)));
                }
                features.push(Feature {
                    kind: f.kind,
                    hex: hex_from_offset(f.at.0, f.at.1),
                    sector,
                });
            }
        }
    }
    features
}

/// Every sector with an airfield to start from and AA to defend it.
fn check_sectors_equipped(file: &FamilyBoardFile, features: &[Feature], e: &mut Vec<Invalid>) {
    for (s, setup) in file.sectors.iter().enumerate() {
        let count = |k: FeatureKind| {
            features
                .iter()
                .filter(|f| f.sector as usize == s && f.kind == k)
                .count()
        };
        if count(FeatureKind::Airfield) == 0 {
            e.push(Invalid::new(
                format!("sectors[{s}]"),
                format!("sector {} has no airfield to start from", setup.name),
            ));
        }
        if count(FeatureKind::Aa) == 0 {
            e.push(Invalid::new(
                format!("sectors[{s}]"),
                format!(
                    "sector {} has no AA battery, so its airfields could never be used",
                    setup.name
                ),
            ));
        }
    }
}

/// The bombers' start squares: at sea, one bomber to a square.
fn place_starts(
    file: &FamilyBoardFile,
    grid: &Board<()>,
    terrain: &[Terrain],
    e: &mut Vec<Invalid>,
) -> Vec<Hex> {
    if file.starts.is_empty() {
        e.push(Invalid::new(
            "starts",
            format!("a board has 1 to {MAX_BOMBERS} bomber start squares"),
        ));
    }
    let mut starts = Vec::new();
    let twice = earlier_same(file.starts.iter());
    for (i, &at) in file.starts.iter().enumerate() {
        let path = format!("starts[{i}]");
        match cell(file, grid, at) {
            None => e.push(Invalid::new(path, format!("{at:?} is off the board"))),
            Some(ix) => {
                if twice[i].is_some() {
                    e.push(Invalid::new(
                        path.clone(),
                        format!("two bombers start on {at:?}"),
                    ));
                }
                if terrain[ix] != Terrain::Sea {
                    e.push(Invalid::new(
                        path,
                        format!("start square {at:?} must be at sea"),
                    ));
                }
                starts.push(hex_from_offset(at.0, at.1));
            }
        }
    }
    starts
}

/// Columns lettered A, B, ... as on the board's edge.
pub fn column_letter(c: i32) -> char {
    (b'A' + c.clamp(0, 25) as u8) as char
}
