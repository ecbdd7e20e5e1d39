//! The campaign's components as data: the map of southern Britain and the
//! near continent (`levels/campaign/map.ron`), the fifty target cards
//! (`targets.ron`) and the order of battle (`order_of_battle.ron`), read into
//! serde types and validated into the forms the campaign is played from.
//!
//! PSC's map, cards and rulebook are not available: these are our
//! reconstruction (GAPS.md section 3, docs/CAMPAIGN-DATA.md), checked on load
//! for everything the sheet's rules rely on. A bad file is a list of
//! `Invalid`s with the RON path of each offending value, never a panic.

use super::deck::{CardKind, DeckCard};
use crate::common::invalid::{earlier_same, too_long};
use crate::common::{Invalid, Side};
use serde::{Deserialize, Serialize};

fn bad(path: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid {
        path: path.into(),
        message: message.into(),
    }
}

// ----- squares, groups, Luftflotten -----

/// A square of the campaign map: column west to east, row north to south,
/// both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    pub col: i32,
    pub row: i32,
}

impl Square {
    pub const fn new(col: i32, row: i32) -> Square {
        Square { col, row }
    }
}

impl From<(i32, i32)> for Square {
    fn from((col, row): (i32, i32)) -> Square {
        Square { col, row }
    }
}

/// An RAF fighter group, and the land it defends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Group {
    /// 10 Group: the south-west and South Wales.
    Ten,
    /// 11 Group: the south-east and London.
    Eleven,
    /// 12 Group: the Midlands, East Anglia, North Wales and Yorkshire.
    Twelve,
    /// 13 Group: the north.
    Thirteen,
}

impl Group {
    pub const ALL: [Group; 4] = [Group::Ten, Group::Eleven, Group::Twelve, Group::Thirteen];

    /// 10, 11, 12 or 13.
    pub fn number(self) -> u8 {
        match self {
            Group::Ten => 10,
            Group::Eleven => 11,
            Group::Twelve => 12,
            Group::Thirteen => 13,
        }
    }

    pub fn from_number(n: u8) -> Option<Group> {
        Group::ALL.into_iter().find(|g| g.number() == n)
    }

    /// The map character of the group's land: `0` to `3`.
    pub fn digit(self) -> char {
        (b'0' + self.number() - 10) as char
    }

    pub fn from_digit(c: char) -> Option<Group> {
        Group::ALL.into_iter().find(|g| g.digit() == c)
    }

    /// "11 Group".
    pub fn name(self) -> String {
        format!("{} Group", self.number())
    }
}

/// A Luftwaffe air fleet of the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Luftflotte {
    /// Kesselring: the Low Countries and north-east France.
    Two,
    /// Sperrle: north-west France.
    Three,
    /// Stumpff: Norway and Denmark, off the map.
    Five,
}

impl Luftflotte {
    pub const ALL: [Luftflotte; 3] = [Luftflotte::Two, Luftflotte::Three, Luftflotte::Five];

    /// 2, 3 or 5.
    pub fn number(self) -> u8 {
        match self {
            Luftflotte::Two => 2,
            Luftflotte::Three => 3,
            Luftflotte::Five => 5,
        }
    }

    pub fn from_number(n: u8) -> Option<Luftflotte> {
        Luftflotte::ALL.into_iter().find(|l| l.number() == n)
    }

    /// "Luftflotte 2".
    pub fn name(self) -> String {
        format!("Luftflotte {}", self.number())
    }
}

/// What a square of the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terrain {
    Sea,
    /// France, Belgium and the Netherlands.
    Continent,
    /// Britain, in the area of one fighter group.
    Land(Group),
}

impl Terrain {
    fn describe(self) -> String {
        match self {
            Terrain::Sea => "at sea".into(),
            Terrain::Continent => "on the continent".into(),
            Terrain::Land(g) => format!("in {}'s area", g.name()),
        }
    }
}

// ----- the map -----

/// A name and a square, as the map file gives radar stations, RAF stations
/// and places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedSquare {
    pub name: String,
    /// `(column, row)`.
    pub at: (i32, i32),
}

/// A Luftwaffe base as the map file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaseSetup {
    pub name: String,
    /// 2, 3 or 5.
    pub luftflotte: u8,
    /// `(column, row)`: the base's square, or for a base off the map the
    /// square of the map's edge where its geschwader enter and leave.
    pub at: (i32, i32),
    /// Beyond the map (Luftflotte 5 in Norway and Denmark).
    #[serde(default)]
    pub off_map: bool,
}

/// `levels/campaign/map.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub name: String,
    pub description: String,
    /// The side of a square, in statute miles.
    pub scale_miles: u32,
    pub columns: u32,
    pub rows: u32,
    /// One string per row, north first, one character per column: `~` sea,
    /// `c` the continent, `0` to `3` land of 10 to 13 Group.
    pub map: Vec<String>,
    /// For each column, the row of the square the 12 Group southern boundary
    /// line divides. Squares of a smaller row are entirely north of it.
    pub twelve_group_line: Vec<i32>,
    /// The Chain Home stations: the radar line.
    pub radar: Vec<NamedSquare>,
    /// RAF fighter stations: wings' homes and airfields.
    pub stations: Vec<NamedSquare>,
    /// Luftwaffe bases.
    pub bases: Vec<BaseSetup>,
    /// Other named squares, for labels.
    pub places: Vec<NamedSquare>,
}

/// A radar station or RAF station on British land.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Station {
    pub name: String,
    pub at: Square,
    pub group: Group,
}

/// A Luftwaffe base.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Base {
    pub name: String,
    pub luftflotte: Luftflotte,
    pub at: Square,
    pub off_map: bool,
}

/// A named square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub name: String,
    pub at: Square,
}

/// The validated map.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignMap {
    pub name: String,
    pub description: String,
    pub scale_miles: u32,
    pub columns: u32,
    pub rows: u32,
    /// Row by row, north first.
    pub terrain: Vec<Terrain>,
    /// Per column: the row the 12 Group line divides.
    pub twelve_group_line: Vec<i32>,
    pub radar: Vec<Station>,
    pub stations: Vec<Station>,
    pub bases: Vec<Base>,
    pub places: Vec<Place>,
}

/// An empty name, or one given before (`twice`: from `earlier_same`).
fn check_name(e: &mut Vec<Invalid>, path: &str, name: &str, twice: Option<usize>) {
    if name.trim().is_empty() {
        e.push(bad(format!("{path}.name"), "a name must not be empty"));
    } else if twice.is_some() {
        e.push(bad(
            format!("{path}.name"),
            format!("{name} is named twice"),
        ));
    }
}

pub const MIN_SIDE: u32 = 8;
pub const MAX_SIDE: u32 = 64;
/// The most radar stations, RAF stations, bases or places a map may list.
pub const MAX_NAMED: usize = 256;

impl CampaignMap {
    pub fn build(file: &MapFile) -> Result<CampaignMap, Vec<Invalid>> {
        let side = MAX_SIDE as usize;
        let long: Vec<Invalid> = [
            too_long("map", &file.map, side, "rows"),
            too_long("twelve_group_line", &file.twelve_group_line, side, "rows"),
            too_long("radar", &file.radar, MAX_NAMED, "radar stations"),
            too_long("stations", &file.stations, MAX_NAMED, "RAF stations"),
            too_long("bases", &file.bases, MAX_NAMED, "bases"),
            too_long("places", &file.places, MAX_NAMED, "places"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !long.is_empty() {
            return Err(long);
        }
        let mut e = Vec::new();
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&file.columns) {
            e.push(bad(
                "columns",
                format!("columns must be {MIN_SIDE} to {MAX_SIDE}"),
            ));
        }
        if !side.contains(&file.rows) {
            e.push(bad(
                "rows",
                format!("rows must be {MIN_SIDE} to {MAX_SIDE}"),
            ));
        }
        if !(1..=100).contains(&file.scale_miles) {
            e.push(bad("scale_miles", "scale_miles must be 1 to 100"));
        }
        if !e.is_empty() {
            return Err(e);
        }
        let (cols, rows) = (file.columns as usize, file.rows as usize);
        let (terrain, found) = crate::common::text_map::read_text_map(
            &file.map,
            cols,
            rows,
            "grid",
            Terrain::Sea,
            |ch, c| match ch {
                '~' => Ok(Terrain::Sea),
                'c' => Ok(Terrain::Continent),
                d => Group::from_digit(d).map(Terrain::Land).ok_or_else(|| {
                    format!(
                        "'{d}' at column {c}: use ~ for sea, c for the continent, \
                         0 to 3 for the land of 10 to 13 Group"
                    )
                }),
            },
        );
        e.extend(found);
        for g in Group::ALL {
            if !terrain.contains(&Terrain::Land(g)) {
                e.push(bad("map", format!("the map has no land of {}", g.name())));
            }
        }
        if file.twelve_group_line.len() != cols {
            e.push(bad(
                "twelve_group_line",
                format!(
                    "the 12 Group line gives {} rows; the map has {cols} columns",
                    file.twelve_group_line.len()
                ),
            ));
        }
        for (c, &r) in file.twelve_group_line.iter().enumerate() {
            if !(0..rows as i32).contains(&r) {
                e.push(bad(
                    format!("twelve_group_line[{c}]"),
                    format!("row {r} is off the map (rows 0 to {})", rows - 1),
                ));
            }
        }
        // Land north of the line is 12 or 13 Group's; land south of it 10 or
        // 11 Group's. The squares the line divides may be either.
        if e.is_empty() {
            for r in 0..rows {
                for c in 0..cols {
                    let Terrain::Land(g) = terrain[r * cols + c] else {
                        continue;
                    };
                    let line = file.twelve_group_line[c] as usize;
                    let northern = matches!(g, Group::Twelve | Group::Thirteen);
                    if northern && r > line {
                        e.push(bad(
                            format!("map[{r}]"),
                            format!(
                                "{} land at column {c} is south of the 12 Group line (row {line})",
                                g.name()
                            ),
                        ));
                    } else if !northern && r < line {
                        e.push(bad(
                            format!("map[{r}]"),
                            format!(
                                "{} land at column {c} is north of the 12 Group line (row {line})",
                                g.name()
                            ),
                        ));
                    }
                }
            }
        }
        if !e.is_empty() {
            return Err(e);
        }
        let mut map = CampaignMap {
            name: file.name.clone(),
            description: file.description.clone(),
            scale_miles: file.scale_miles,
            columns: file.columns,
            rows: file.rows,
            terrain,
            twelve_group_line: file.twelve_group_line.clone(),
            radar: Vec::new(),
            stations: Vec::new(),
            bases: Vec::new(),
            places: Vec::new(),
        };
        if file.radar.is_empty() {
            e.push(bad("radar", "the map has no radar line"));
        }
        let twice = earlier_same(file.radar.iter().map(|s| &s.name));
        let shared = earlier_same(file.radar.iter().map(|s| s.at));
        for (i, s) in file.radar.iter().enumerate() {
            let p = format!("radar[{i}]");
            check_name(&mut e, &p, &s.name, twice[i]);
            let at = Square::from(s.at);
            match map.terrain(at) {
                None => e.push(bad(format!("{p}.at"), format!("{:?} is off the map", s.at))),
                Some(Terrain::Land(group)) => {
                    if !map.touches_sea(at) {
                        e.push(bad(
                            format!("{p}.at"),
                            format!(
                                "radar station {} at {:?} is inland: the radar line is on the coast",
                                s.name, s.at
                            ),
                        ));
                    }
                    if shared[i].is_some() {
                        e.push(bad(
                            format!("{p}.at"),
                            format!("two radar stations share {:?}", s.at),
                        ));
                    }
                    map.radar.push(Station {
                        name: s.name.clone(),
                        at,
                        group,
                    });
                }
                Some(t) => e.push(bad(
                    format!("{p}.at"),
                    format!(
                        "radar station {} must stand on British land, not {}",
                        s.name,
                        t.describe()
                    ),
                )),
            }
        }
        let twice = earlier_same(file.stations.iter().map(|s| &s.name));
        for (i, s) in file.stations.iter().enumerate() {
            let p = format!("stations[{i}]");
            check_name(&mut e, &p, &s.name, twice[i]);
            let at = Square::from(s.at);
            match map.terrain(at) {
                None => e.push(bad(format!("{p}.at"), format!("{:?} is off the map", s.at))),
                Some(Terrain::Land(group)) => map.stations.push(Station {
                    name: s.name.clone(),
                    at,
                    group,
                }),
                Some(t) => e.push(bad(
                    format!("{p}.at"),
                    format!(
                        "RAF station {} must stand on British land, not {}",
                        s.name,
                        t.describe()
                    ),
                )),
            }
        }
        let twice = earlier_same(file.bases.iter().map(|b| &b.name));
        for (i, b) in file.bases.iter().enumerate() {
            let p = format!("bases[{i}]");
            if b.name.trim().is_empty() {
                e.push(bad(format!("{p}.name"), "a base needs a name"));
            } else if twice[i].is_some() {
                e.push(bad(
                    format!("{p}.name"),
                    format!("two bases are called {}", b.name),
                ));
            }
            let Some(luftflotte) = Luftflotte::from_number(b.luftflotte) else {
                e.push(bad(
                    format!("{p}.luftflotte"),
                    format!(
                        "no Luftflotte {} in the battle: use 2, 3 or 5",
                        b.luftflotte
                    ),
                ));
                continue;
            };
            let at = Square::from(b.at);
            let Some(t) = map.terrain(at) else {
                e.push(bad(format!("{p}.at"), format!("{:?} is off the map", b.at)));
                continue;
            };
            if b.off_map {
                let edge = at.row == 0
                    || at.col == 0
                    || at.row == map.rows as i32 - 1
                    || at.col == map.columns as i32 - 1;
                if t != Terrain::Sea || !edge {
                    e.push(bad(
                        format!("{p}.at"),
                        format!(
                            "{} is off the map: its geschwader enter at a sea square of the map's edge",
                            b.name
                        ),
                    ));
                    continue;
                }
            } else if t != Terrain::Continent {
                e.push(bad(
                    format!("{p}.at"),
                    format!(
                        "base {} must be on the continent, not {}",
                        b.name,
                        t.describe()
                    ),
                ));
                continue;
            }
            map.bases.push(Base {
                name: b.name.clone(),
                luftflotte,
                at,
                off_map: b.off_map,
            });
        }
        for l in Luftflotte::ALL {
            if !file.bases.iter().any(|b| b.luftflotte == l.number()) {
                e.push(bad("bases", format!("{} has no base", l.name())));
            }
        }
        let twice = earlier_same(file.places.iter().map(|s| &s.name));
        for (i, s) in file.places.iter().enumerate() {
            let p = format!("places[{i}]");
            check_name(&mut e, &p, &s.name, twice[i]);
            let at = Square::from(s.at);
            if map.contains(at) {
                map.places.push(Place {
                    name: s.name.clone(),
                    at,
                });
            } else {
                e.push(bad(format!("{p}.at"), format!("{:?} is off the map", s.at)));
            }
        }
        if e.is_empty() {
            Ok(map)
        } else {
            Err(e)
        }
    }

    pub fn contains(&self, sq: Square) -> bool {
        (0..self.columns as i32).contains(&sq.col) && (0..self.rows as i32).contains(&sq.row)
    }

    fn index(&self, sq: Square) -> Option<usize> {
        self.contains(sq)
            .then(|| sq.row as usize * self.columns as usize + sq.col as usize)
    }

    /// What the square is, or `None` off the map.
    pub fn terrain(&self, sq: Square) -> Option<Terrain> {
        self.index(sq).map(|i| self.terrain[i])
    }

    /// The group whose land the square is.
    pub fn group(&self, sq: Square) -> Option<Group> {
        match self.terrain(sq)? {
            Terrain::Land(g) => Some(g),
            _ => None,
        }
    }

    /// The squares around `sq` (up to eight) that are on the map.
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let inside = self.contains(sq);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (dc, dr)))
            .filter(move |&(dc, dr)| inside && (dc, dr) != (0, 0))
            .map(move |(dc, dr)| Square::new(sq.col + dc, sq.row + dr))
            .filter(|&n| self.contains(n))
    }

    fn touches_sea(&self, sq: Square) -> bool {
        self.neighbours(sq)
            .any(|n| self.terrain(n) == Some(Terrain::Sea))
    }

    /// Entirely north of the 12 Group line: closed to Bf 109s and Ju 87s.
    /// A square the line divides is not.
    pub fn north_of_twelve_group_line(&self, sq: Square) -> bool {
        self.contains(sq) && sq.row < self.twelve_group_line[sq.col as usize]
    }

    /// The line divides this square.
    pub fn on_twelve_group_line(&self, sq: Square) -> bool {
        self.contains(sq) && sq.row == self.twelve_group_line[sq.col as usize]
    }

    /// The radar station on this square, if any.
    pub fn radar_at(&self, sq: Square) -> Option<&Station> {
        self.radar.iter().find(|s| s.at == sq)
    }

    pub fn station(&self, name: &str) -> Option<&Station> {
        self.stations.iter().find(|s| s.name == name)
    }

    pub fn base(&self, name: &str) -> Option<&Base> {
        self.bases.iter().find(|b| b.name == name)
    }

    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.name == name)
    }
}

// ----- the target cards -----

/// A target card as the targets file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSetup {
    pub name: String,
    pub kind: CardKind,
    /// `(column, row)`.
    pub at: (i32, i32),
    /// The group whose area the target is in (checked against the map).
    pub group: u8,
    /// Cities and London: the dice the RAF rolls for production while the
    /// target stands. Other kinds: 0.
    #[serde(default)]
    pub production: u8,
    /// Bomb hits that knock the target out.
    pub hits: u8,
}

/// `levels/campaign/targets.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetsFile {
    pub targets: Vec<TargetSetup>,
}

/// A validated target card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetCard {
    pub name: String,
    pub kind: CardKind,
    pub at: Square,
    pub group: Group,
    pub production: u8,
    pub hits: u8,
}

/// The fifty target cards, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetDeck {
    pub cards: Vec<TargetCard>,
}

/// The game's deck (GAPS.md section 3).
pub const TARGET_CARDS: usize = 50;
/// "remove both London cards".
pub const LONDON_CARDS: usize = 2;
/// Kanalkampf and Alder Tag remove 13 of the other city cards.
pub const MIN_OTHER_CITIES: usize = 13;
/// Alder Tag and the Blitz remove 6 radar cards.
pub const MIN_RADAR: usize = 6;
/// The Blitz removes 6 airfield cards.
pub const MIN_AIRFIELDS: usize = 6;
/// Kanalkampf removes these airfield cards by name.
pub const NAMED_AIRFIELDS: [&str; 3] = ["Catterick", "Ringway", "Wittering"];
/// The most hits or production dice a card may have.
pub const MAX_CARD_VALUE: u8 = 9;

impl TargetDeck {
    pub fn build(file: &TargetsFile, map: &CampaignMap) -> Result<TargetDeck, Vec<Invalid>> {
        let t = &file.targets;
        if let Some(long) = too_long("targets", t, 2 * TARGET_CARDS, "target cards") {
            return Err(vec![long]);
        }
        let mut e = Vec::new();
        if t.len() != TARGET_CARDS {
            e.push(bad(
                "targets",
                format!(
                    "the deck has {} cards; the game's deck has {TARGET_CARDS}",
                    t.len()
                ),
            ));
        }
        let mut cards = Vec::new();
        let twice = earlier_same(t.iter().map(|c| &c.name));
        for (i, c) in t.iter().enumerate() {
            let p = format!("targets[{i}]");
            if c.name.trim().is_empty() {
                e.push(bad(format!("{p}.name"), "a target needs a name"));
            } else if twice[i].is_some() {
                e.push(bad(
                    format!("{p}.name"),
                    format!("two target cards are called {}", c.name),
                ));
            }
            let group = Group::from_number(c.group);
            if group.is_none() {
                e.push(bad(
                    format!("{p}.group"),
                    format!("no {} Group: use 10, 11, 12 or 13", c.group),
                ));
            }
            let city = matches!(c.kind, CardKind::City | CardKind::London);
            if city && c.production == 0 {
                e.push(bad(
                    format!("{p}.production"),
                    format!("{} is a city: its production must be 1 or more", c.name),
                ));
            } else if !city && c.production != 0 {
                e.push(bad(
                    format!("{p}.production"),
                    format!(
                        "{} is a{} {} card: only cities have production",
                        c.name,
                        if c.kind == CardKind::Airfield {
                            "n"
                        } else {
                            ""
                        },
                        c.kind.name()
                    ),
                ));
            }
            if c.production > MAX_CARD_VALUE {
                e.push(bad(
                    format!("{p}.production"),
                    format!("production must be 0 to {MAX_CARD_VALUE}"),
                ));
            }
            if !(1..=MAX_CARD_VALUE).contains(&c.hits) {
                e.push(bad(
                    format!("{p}.hits"),
                    format!("hits must be 1 to {MAX_CARD_VALUE}"),
                ));
            }
            let at = Square::from(c.at);
            let found = match map.terrain(at) {
                None => {
                    e.push(bad(format!("{p}.at"), format!("{:?} is off the map", c.at)));
                    None
                }
                Some(Terrain::Land(g)) => Some(g),
                Some(other) => {
                    e.push(bad(
                        format!("{p}.at"),
                        format!(
                            "{} must stand on British land, not {}",
                            c.name,
                            other.describe()
                        ),
                    ));
                    None
                }
            };
            if let (Some(on_map), Some(said)) = (found, group) {
                if on_map != said {
                    e.push(bad(
                        format!("{p}.at"),
                        format!(
                            "{} at {:?} is in {}'s area on the map, not {}'s",
                            c.name,
                            c.at,
                            on_map.name(),
                            said.name()
                        ),
                    ));
                }
                if c.kind == CardKind::Radar && map.radar_at(at).is_none() {
                    e.push(bad(
                        format!("{p}.at"),
                        format!(
                            "radar card {} at {:?} is not on a square of the radar line",
                            c.name, c.at
                        ),
                    ));
                }
                if let Some(s) = map.station(&c.name) {
                    if c.kind == CardKind::Airfield && s.at != at {
                        e.push(bad(
                            format!("{p}.at"),
                            format!(
                                "the map has RAF station {} at {:?}, not {:?}",
                                c.name,
                                (s.at.col, s.at.row),
                                c.at
                            ),
                        ));
                    }
                }
                cards.push(TargetCard {
                    name: c.name.clone(),
                    kind: c.kind,
                    at,
                    group: on_map,
                    production: c.production,
                    hits: c.hits,
                });
            }
        }
        let count = |k: CardKind| t.iter().filter(|c| c.kind == k).count();
        if count(CardKind::London) != LONDON_CARDS {
            e.push(bad(
                "targets",
                format!(
                    "the deck has {} London cards; the sheet's deck has {LONDON_CARDS} (London and Port of London)",
                    count(CardKind::London)
                ),
            ));
        }
        for (k, min, why) in [
            (
                CardKind::City,
                MIN_OTHER_CITIES,
                "Kanalkampf and Alder Tag remove 13 of them",
            ),
            (
                CardKind::Radar,
                MIN_RADAR,
                "Alder Tag and the Blitz remove 6",
            ),
            (CardKind::Airfield, MIN_AIRFIELDS, "the Blitz removes 6"),
        ] {
            if count(k) < min {
                e.push(bad(
                    "targets",
                    format!(
                        "the deck has {} {} cards; it needs at least {min}: {why}",
                        count(k),
                        k.name()
                    ),
                ));
            }
        }
        for name in NAMED_AIRFIELDS {
            if !t
                .iter()
                .any(|c| c.name == name && c.kind == CardKind::Airfield)
            {
                e.push(bad(
                    "targets",
                    format!("the deck has no airfield card {name}: Kanalkampf removes it by name"),
                ));
            }
        }
        if e.is_empty() {
            Ok(TargetDeck { cards })
        } else {
            Err(e)
        }
    }

    pub fn count(&self, kind: CardKind) -> usize {
        self.cards.iter().filter(|c| c.kind == kind).count()
    }

    /// The card's index by name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.cards.iter().position(|c| c.name == name)
    }

    /// The cards as the deck shuffles them.
    pub fn deck_cards(&self) -> Vec<DeckCard> {
        self.cards
            .iter()
            .map(|c| DeckCard {
                name: c.name.clone(),
                kind: c.kind,
            })
            .collect()
    }
}

// ----- the order of battle -----

/// What a squadron is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Fights: the RAF's squadrons, and the Luftwaffe's escorts.
    Fighter,
    /// Bombs the target.
    Bomber,
}

/// A squadron type as the order of battle file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeSetup {
    pub name: String,
    pub side: Side,
    pub role: Role,
    /// Hits that remove a squadron (fewer stand it down in an intercept).
    pub defence: u8,
    /// Dice in a dogfight.
    pub dogfight: u8,
    /// Dogfight dice north of the 12 Group line and for Luftflotte 5, when
    /// fewer (the Bf 110's 2). Absent: the same as `dogfight`.
    #[serde(default)]
    pub dogfight_north: Option<u8>,
    /// Dice in an interception (the Luftwaffe's: return fire).
    pub intercept: u8,
    /// Bombers: dice on the bombing run.
    #[serde(default)]
    pub bombs: u8,
    /// May not enter squares entirely north of the 12 Group line (Bf 109,
    /// Ju 87).
    #[serde(default)]
    pub short_range: bool,
}

/// An RAF squadron card as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RafSquadronSetup {
    /// The squadron's number: 32 for No. 32 Squadron.
    pub number: u16,
    /// A type's name.
    pub aircraft: String,
}

/// A wing of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WingSetup {
    pub name: String,
    /// 10, 11, 12 or 13.
    pub group: u8,
    /// Its home: an RAF station of the map, in the group's area.
    pub station: String,
    pub squadrons: Vec<RafSquadronSetup>,
}

/// A Luftwaffe squadron card as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LuftwaffeSquadronSetup {
    /// The unit the card stands for: "I./KG 2".
    pub unit: String,
    /// A type's name.
    pub aircraft: String,
}

/// A geschwader of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeschwaderSetup {
    pub name: String,
    /// 2, 3 or 5.
    pub luftflotte: u8,
    /// A base of the map, of the same Luftflotte.
    pub base: String,
    pub squadrons: Vec<LuftwaffeSquadronSetup>,
}

/// `levels/campaign/order_of_battle.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderOfBattleFile {
    pub types: Vec<TypeSetup>,
    pub wings: Vec<WingSetup>,
    pub geschwader: Vec<GeschwaderSetup>,
}

/// A validated squadron type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadronType {
    pub name: String,
    pub side: Side,
    pub role: Role,
    pub defence: u8,
    pub dogfight: u8,
    /// Resolved: equal to `dogfight` unless the file says fewer.
    pub dogfight_north: u8,
    pub intercept: u8,
    pub bombs: u8,
    pub short_range: bool,
}

/// An RAF squadron card: its number and its type (an index into `types`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RafSquadron {
    pub number: u16,
    pub aircraft: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wing {
    pub name: String,
    pub group: Group,
    pub station: String,
    /// The station's square.
    pub at: Square,
    pub squadrons: Vec<RafSquadron>,
}

/// A Luftwaffe squadron card: its unit and its type (an index into `types`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LuftwaffeSquadron {
    pub unit: String,
    pub aircraft: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Geschwader {
    pub name: String,
    pub luftflotte: Luftflotte,
    pub base: String,
    /// The base's square (for a base off the map, where it enters).
    pub at: Square,
    pub off_map: bool,
    pub squadrons: Vec<LuftwaffeSquadron>,
}

/// The validated order of battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderOfBattle {
    pub types: Vec<SquadronType>,
    pub wings: Vec<Wing>,
    pub geschwader: Vec<Geschwader>,
}

/// Squadron cards in a wing (GAPS.md: 12 "flights" of 3).
pub const WING_SIZE: usize = 3;
/// Squadron cards in a geschwader (GAPS.md: 7 "flights" of 6).
pub const GESCHWADER_SIZE: usize = 6;
/// The most squadron types an order of battle may list.
pub const MAX_TYPES: usize = 32;
/// The most wings, or geschwader, an order of battle may list.
pub const MAX_FORMATIONS: usize = 64;

/// The types the sheet's rules name, and their side: rotations (Spitfire,
/// Hurricane, Blenheim), withdrawals (Defiant, Ju 87), the 12 Group line
/// (Bf 109, Ju 87) and the Bf 110's dice.
pub const SHEET_TYPES: [(&str, Side); 7] = [
    ("Spitfire", Side::British),
    ("Hurricane", Side::British),
    ("Blenheim", Side::British),
    ("Defiant", Side::British),
    ("Bf 109", Side::German),
    ("Bf 110", Side::German),
    ("Ju 87", Side::German),
];

/// One squadron rotation: `count` squadrons of a type from one group to
/// another (groups by number).
pub type RotationMove<'a> = (u8, u8, &'a str, usize);

/// The sheet's rotations, each a turn's moves. Turn 9 twice: as its list
/// gives it, and as its footnote totals it (13 Group: 3 Spitfires and 1
/// Hurricane to 11 Group), so that either reading can be carried out.
pub const SHEET_ROTATIONS: [(&str, &[RotationMove<'static>]); 3] = [
    (
        "turn 5",
        &[
            (11, 10, "Hurricane", 1),
            (11, 10, "Blenheim", 1),
            (12, 11, "Spitfire", 1),
            (12, 11, "Hurricane", 1),
            (13, 10, "Spitfire", 1),
            (13, 11, "Spitfire", 1),
            (13, 11, "Hurricane", 2),
        ],
    ),
    (
        "turn 9",
        &[
            (12, 11, "Spitfire", 1),
            (12, 11, "Hurricane", 2),
            (13, 11, "Spitfire", 2),
            (13, 11, "Hurricane", 2),
        ],
    ),
    (
        "turn 9 (as the footnote totals it)",
        &[
            (12, 11, "Spitfire", 1),
            (12, 11, "Hurricane", 2),
            (13, 11, "Spitfire", 3),
            (13, 11, "Hurricane", 1),
        ],
    ),
];

impl OrderOfBattle {
    pub fn build(
        file: &OrderOfBattleFile,
        map: &CampaignMap,
    ) -> Result<OrderOfBattle, Vec<Invalid>> {
        let mut long: Vec<Invalid> = [
            too_long("types", &file.types, MAX_TYPES, "squadron types"),
            too_long("wings", &file.wings, MAX_FORMATIONS, "wings"),
            too_long("geschwader", &file.geschwader, MAX_FORMATIONS, "geschwader"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if long.is_empty() {
            // Twice a formation's cards: room for a file that is wrong by a
            // few, which the checks below name.
            for (i, w) in file.wings.iter().enumerate() {
                long.extend(too_long(
                    &format!("wings[{i}].squadrons"),
                    &w.squadrons,
                    2 * WING_SIZE,
                    "cards",
                ));
            }
            for (i, g) in file.geschwader.iter().enumerate() {
                long.extend(too_long(
                    &format!("geschwader[{i}].squadrons"),
                    &g.squadrons,
                    2 * GESCHWADER_SIZE,
                    "cards",
                ));
            }
        }
        if !long.is_empty() {
            return Err(long);
        }
        let mut e = Vec::new();
        let mut types = Vec::new();
        let twice = earlier_same(file.types.iter().map(|t| &t.name));
        for (i, t) in file.types.iter().enumerate() {
            let p = format!("types[{i}]");
            if t.name.trim().is_empty() {
                e.push(bad(format!("{p}.name"), "a type needs a name"));
            } else if twice[i].is_some() {
                e.push(bad(
                    format!("{p}.name"),
                    format!("two types are called {}", t.name),
                ));
            }
            for (field, v, min) in [
                ("defence", t.defence, 1),
                ("dogfight", t.dogfight, 0),
                ("intercept", t.intercept, 0),
                ("bombs", t.bombs, 0),
            ] {
                if !(min..=MAX_CARD_VALUE).contains(&v) {
                    e.push(bad(
                        format!("{p}.{field}"),
                        format!("{field} must be {min} to {MAX_CARD_VALUE}"),
                    ));
                }
            }
            if let Some(n) = t.dogfight_north {
                if n > t.dogfight {
                    e.push(bad(
                        format!("{p}.dogfight_north"),
                        "dogfight_north must be no more than dogfight",
                    ));
                }
            }
            match t.role {
                Role::Bomber if t.bombs == 0 => e.push(bad(
                    format!("{p}.bombs"),
                    format!("{} is a bomber: it needs bombs", t.name),
                )),
                Role::Fighter if t.bombs != 0 => e.push(bad(
                    format!("{p}.bombs"),
                    format!("{} is a fighter: bombs must be 0", t.name),
                )),
                _ => {}
            }
            if t.side == Side::British && t.role == Role::Bomber {
                e.push(bad(
                    format!("{p}.role"),
                    "the RAF's squadrons in this game are fighters",
                ));
            }
            types.push(SquadronType {
                name: t.name.clone(),
                side: t.side,
                role: t.role,
                defence: t.defence,
                dogfight: t.dogfight,
                dogfight_north: t.dogfight_north.unwrap_or(t.dogfight),
                intercept: t.intercept,
                bombs: t.bombs,
                short_range: t.short_range,
            });
        }
        for (name, side) in SHEET_TYPES {
            match file.types.iter().find(|t| t.name == name) {
                None => e.push(bad(
                    "types",
                    format!("the sheet's rules name the {name}: the types need it"),
                )),
                Some(t) if t.side != side => {
                    e.push(bad("types", format!("the {name} flies for the other side")))
                }
                _ => {}
            }
        }
        let by_name: std::collections::HashMap<&str, usize> = file
            .types
            .iter()
            .enumerate()
            .rev()
            .map(|(k, t)| (t.name.as_str(), k))
            .collect();
        let type_of = |name: &str| by_name.get(name).copied();
        let raf_twice = earlier_same(
            file.wings
                .iter()
                .flat_map(|w| w.squadrons.iter().map(|s| s.number)),
        );
        let mut raf_card = 0;
        let named_twice = earlier_same(file.wings.iter().map(|w| &w.name));
        let mut wings = Vec::new();
        if file.wings.is_empty() {
            e.push(bad("wings", "the RAF has no wings"));
        }
        for (i, w) in file.wings.iter().enumerate() {
            let p = format!("wings[{i}]");
            if w.name.trim().is_empty() {
                e.push(bad(format!("{p}.name"), "a wing needs a name"));
            } else if named_twice[i].is_some() {
                e.push(bad(
                    format!("{p}.name"),
                    format!("two wings are called {}", w.name),
                ));
            }
            let group = Group::from_number(w.group);
            if group.is_none() {
                e.push(bad(
                    format!("{p}.group"),
                    format!("no {} Group: use 10, 11, 12 or 13", w.group),
                ));
            }
            let station = map.station(&w.station);
            match (station, group) {
                (None, _) => e.push(bad(
                    format!("{p}.station"),
                    format!("the map has no RAF station {}", w.station),
                )),
                (Some(s), Some(g)) if s.group != g => e.push(bad(
                    format!("{p}.station"),
                    format!(
                        "{} is in {}'s area, not {}'s",
                        s.name,
                        s.group.name(),
                        g.name()
                    ),
                )),
                _ => {}
            }
            if w.squadrons.len() != WING_SIZE {
                e.push(bad(
                    format!("{p}.squadrons"),
                    format!(
                        "a wing has {WING_SIZE} squadron cards; {} has {}",
                        w.name,
                        w.squadrons.len()
                    ),
                ));
            }
            let mut squadrons = Vec::new();
            for (j, s) in w.squadrons.iter().enumerate() {
                let q = format!("{p}.squadrons[{j}]");
                if !(1..=999).contains(&s.number) {
                    e.push(bad(format!("{q}.number"), "a squadron number is 1 to 999"));
                }
                let twice = raf_twice[raf_card].is_some();
                raf_card += 1;
                if twice {
                    e.push(bad(
                        format!("{q}.number"),
                        format!("No. {} Squadron is in the order of battle twice", s.number),
                    ));
                }
                match type_of(&s.aircraft) {
                    None => e.push(bad(
                        format!("{q}.aircraft"),
                        format!("no squadron type {}", s.aircraft),
                    )),
                    Some(k) if file.types[k].side != Side::British => e.push(bad(
                        format!("{q}.aircraft"),
                        format!("the {} is not an RAF type", s.aircraft),
                    )),
                    Some(k) => squadrons.push(RafSquadron {
                        number: s.number,
                        aircraft: k,
                    }),
                }
            }
            if let (Some(s), Some(g)) = (station, group) {
                wings.push(Wing {
                    name: w.name.clone(),
                    group: g,
                    station: w.station.clone(),
                    at: s.at,
                    squadrons,
                });
            }
        }
        for g in Group::ALL {
            if !file.wings.iter().any(|w| w.group == g.number()) {
                e.push(bad("wings", format!("{} has no wing", g.name())));
            }
        }
        let mut geschwader = Vec::new();
        let named_twice = earlier_same(file.geschwader.iter().map(|g| &g.name));
        let lw_twice = earlier_same(
            file.geschwader
                .iter()
                .flat_map(|g| g.squadrons.iter().map(|s| &s.unit)),
        );
        let mut lw_card = 0;
        if file.geschwader.is_empty() {
            e.push(bad("geschwader", "the Luftwaffe has no geschwader"));
        }
        for (i, g) in file.geschwader.iter().enumerate() {
            let p = format!("geschwader[{i}]");
            if g.name.trim().is_empty() {
                e.push(bad(format!("{p}.name"), "a geschwader needs a name"));
            } else if named_twice[i].is_some() {
                e.push(bad(
                    format!("{p}.name"),
                    format!("two geschwader are called {}", g.name),
                ));
            }
            let luftflotte = Luftflotte::from_number(g.luftflotte);
            if luftflotte.is_none() {
                e.push(bad(
                    format!("{p}.luftflotte"),
                    format!(
                        "no Luftflotte {} in the battle: use 2, 3 or 5",
                        g.luftflotte
                    ),
                ));
            }
            let base = map.base(&g.base);
            match (base, luftflotte) {
                (None, _) => e.push(bad(
                    format!("{p}.base"),
                    format!("the map has no base {}", g.base),
                )),
                (Some(b), Some(l)) if b.luftflotte != l => e.push(bad(
                    format!("{p}.base"),
                    format!(
                        "{} is a base of {}, not {}",
                        b.name,
                        b.luftflotte.name(),
                        l.name()
                    ),
                )),
                _ => {}
            }
            if g.squadrons.len() != GESCHWADER_SIZE {
                e.push(bad(
                    format!("{p}.squadrons"),
                    format!(
                        "a geschwader has {GESCHWADER_SIZE} squadron cards; {} has {}",
                        g.name,
                        g.squadrons.len()
                    ),
                ));
            }
            let mut squadrons = Vec::new();
            for (j, s) in g.squadrons.iter().enumerate() {
                let q = format!("{p}.squadrons[{j}]");
                if s.unit.trim().is_empty() {
                    e.push(bad(format!("{q}.unit"), "a squadron card needs a unit"));
                }
                let twice = lw_twice[lw_card].is_some();
                lw_card += 1;
                if twice {
                    e.push(bad(
                        format!("{q}.unit"),
                        format!("{} is in the order of battle twice", s.unit),
                    ));
                }
                let Some(k) = type_of(&s.aircraft) else {
                    e.push(bad(
                        format!("{q}.aircraft"),
                        format!("no squadron type {}", s.aircraft),
                    ));
                    continue;
                };
                let t = &file.types[k];
                if t.side != Side::German {
                    e.push(bad(
                        format!("{q}.aircraft"),
                        format!("the {} is not a Luftwaffe type", s.aircraft),
                    ));
                    continue;
                }
                if t.short_range && luftflotte == Some(Luftflotte::Five) {
                    e.push(bad(
                        format!("{q}.aircraft"),
                        format!(
                            "Luftflotte 5 flew from Norway and Denmark, beyond the {}'s range",
                            t.name
                        ),
                    ));
                }
                if t.short_range {
                    if let Some(b) = base {
                        if map.north_of_twelve_group_line(b.at) {
                            e.push(bad(
                                format!("{q}.aircraft"),
                                format!(
                                    "the {} may not enter {}'s square, north of the 12 Group line",
                                    t.name, b.name
                                ),
                            ));
                        }
                    }
                }
                squadrons.push(LuftwaffeSquadron {
                    unit: s.unit.clone(),
                    aircraft: k,
                });
            }
            let bombers_after_stukas = g.squadrons.iter().any(|s| {
                type_of(&s.aircraft).is_some_and(|k| {
                    file.types[k].role == Role::Bomber && file.types[k].name != "Ju 87"
                })
            });
            if !bombers_after_stukas {
                e.push(bad(
                    format!("{p}.squadrons"),
                    format!(
                        "{} needs a bomber other than the Ju 87, which the sheet withdraws on turn 7",
                        g.name
                    ),
                ));
            }
            if let (Some(b), Some(l)) = (base, luftflotte) {
                geschwader.push(Geschwader {
                    name: g.name.clone(),
                    luftflotte: l,
                    base: g.base.clone(),
                    at: b.at,
                    off_map: b.off_map,
                    squadrons,
                });
            }
        }
        for l in Luftflotte::ALL {
            if !file.geschwader.iter().any(|g| g.luftflotte == l.number()) {
                e.push(bad("geschwader", format!("{} has no geschwader", l.name())));
            }
        }
        if !e.is_empty() {
            return Err(e);
        }
        let oob = OrderOfBattle {
            types,
            wings,
            geschwader,
        };
        for (name, path, rule) in [
            ("Defiant", "wings", "withdraws the Defiants on turn 5"),
            ("Ju 87", "geschwader", "withdraws the Stukas on turn 7"),
        ] {
            if oob.cards_of(name) == 0 {
                e.push(bad(
                    path,
                    format!("the sheet {rule}: the order of battle has no {name} squadron"),
                ));
            }
        }
        for (turn, moves) in SHEET_ROTATIONS {
            for short in oob.rotation_shortfalls(moves.iter().copied()) {
                e.push(bad("wings", format!("the sheet's {turn} rotation {short}")));
            }
        }
        if e.is_empty() {
            Ok(oob)
        } else {
            Err(e)
        }
    }

    /// The index of a type by name.
    pub fn type_named(&self, name: &str) -> Option<usize> {
        self.types.iter().position(|t| t.name == name)
    }

    /// Squadron cards of a type, both sides.
    pub fn cards_of(&self, type_name: &str) -> usize {
        let Some(k) = self.type_named(type_name) else {
            return 0;
        };
        let raf = self
            .wings
            .iter()
            .flat_map(|w| &w.squadrons)
            .filter(|s| s.aircraft == k)
            .count();
        let lw = self
            .geschwader
            .iter()
            .flat_map(|g| &g.squadrons)
            .filter(|s| s.aircraft == k)
            .count();
        raf + lw
    }

    /// Squadron cards of a type in a group's wings.
    pub fn count(&self, group: Group, type_name: &str) -> usize {
        let Some(k) = self.type_named(type_name) else {
            return 0;
        };
        self.wings
            .iter()
            .filter(|w| w.group == group)
            .flat_map(|w| &w.squadrons)
            .filter(|s| s.aircraft == k)
            .count()
    }

    /// What one turn's rotations would ask of the groups that they do not
    /// hold: a group sending `n` of a type needs `n` of them, and a group
    /// receiving `n` needs `n` of them to bring back. Empty when every move
    /// can be made.
    pub fn rotation_shortfalls<'a>(
        &self,
        moves: impl IntoIterator<Item = RotationMove<'a>>,
    ) -> Vec<String> {
        let moves: Vec<RotationMove> = moves.into_iter().collect();
        let mut out = Vec::new();
        let mut needs: Vec<(u8, &str, usize, &str)> = Vec::new();
        for &(from, to, kind, n) in &moves {
            for (g, verb) in [(from, "takes"), (to, "brings back")] {
                match needs
                    .iter_mut()
                    .find(|(ng, nk, _, nv)| *ng == g && *nk == kind && *nv == verb)
                {
                    Some(need) => need.2 += n,
                    None => needs.push((g, kind, n, verb)),
                }
            }
        }
        for (g, kind, n, verb) in needs {
            let Some(group) = Group::from_number(g) else {
                out.push(format!("names {g} Group, which is not in the battle"));
                continue;
            };
            let have = self.count(group, kind);
            if have < n {
                out.push(format!(
                    "{verb} {n} {kind} squadron{} {} {}, which has {have}",
                    if n == 1 { "" } else { "s" },
                    if verb == "takes" { "from" } else { "to" },
                    group.name()
                ));
            }
        }
        out
    }
}

// ----- all three -----

/// Which of the campaign's data files a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CampaignFile {
    Map,
    Targets,
    OrderOfBattle,
}

/// The map, the target cards and the order of battle, validated together.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignData {
    pub map: CampaignMap,
    pub targets: TargetDeck,
    pub oob: OrderOfBattle,
}

impl CampaignData {
    /// Validates the map first (the others are checked against it), then
    /// the targets and the order of battle. Every problem names its file.
    pub fn build(
        map: &MapFile,
        targets: &TargetsFile,
        oob: &OrderOfBattleFile,
    ) -> Result<CampaignData, Vec<(CampaignFile, Invalid)>> {
        let tag = |f: CampaignFile, v: Vec<Invalid>| v.into_iter().map(move |i| (f, i));
        let map =
            CampaignMap::build(map).map_err(|v| tag(CampaignFile::Map, v).collect::<Vec<_>>())?;
        let targets = TargetDeck::build(targets, &map);
        let oob = OrderOfBattle::build(oob, &map);
        match (targets, oob) {
            (Ok(targets), Ok(oob)) => Ok(CampaignData { map, targets, oob }),
            (t, o) => Err(tag(CampaignFile::Targets, t.err().unwrap_or_default())
                .chain(tag(
                    CampaignFile::OrderOfBattle,
                    o.err().unwrap_or_default(),
                ))
                .collect()),
        }
    }
}
