//! The zone map, "counting from the top left using lettered rows and
//! numbered columns": rows A to N from the north, columns 1 to 9 from the
//! west. The sheet lists the land zones and the Green Zone; every other zone
//! is water. The cities are placed where the grid's geography puts them
//! (ours: `levels/blitz/map.ron`).

use crate::common::invalid::{earlier_same, too_long, Invalid};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most rows and columns a map may have (rows are letters A to Z).
pub const MAX_ROWS: u8 = 26;
pub const MAX_COLUMNS: u8 = 30;
/// The most entries of a map file's lists.
pub const MAX_ENTRIES: usize = 64;

/// A zone of the map: row 0 is A (the top), column 0 is 1 (the left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub row: u8,
    pub col: u8,
}

impl Zone {
    /// Zones to fly from here to `other` with diagonal moves.
    pub fn steps_to(self, other: Zone) -> u8 {
        self.row
            .abs_diff(other.row)
            .max(self.col.abs_diff(other.col))
    }

    pub fn new(row: u8, col: u8) -> Zone {
        Zone { row, col }
    }

    /// A zone's name as the sheet writes it ("M4"), read back; None if it is
    /// not a letter and a number from 1.
    pub fn parse(s: &str) -> Option<Zone> {
        let mut chars = s.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let col: u8 = digits.parse().ok()?;
        (col >= 1).then(|| Zone::new(letter as u8 - b'A', col - 1))
    }

    /// The zones a span such as "A1-A5" (one row) or "M4" names, west to
    /// east; None if it is not one.
    pub fn span(s: &str) -> Option<Vec<Zone>> {
        let (a, b) = match s.split_once('-') {
            Some((a, b)) => (Zone::parse(a.trim())?, Zone::parse(b.trim())?),
            None => {
                let z = Zone::parse(s.trim())?;
                (z, z)
            }
        };
        (a.row == b.row && a.col <= b.col)
            .then(|| (a.col..=b.col).map(|c| Zone::new(a.row, c)).collect())
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row) as char, self.col as u32 + 1)
    }
}

/// A target city, in its zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    pub name: String,
    pub zone: String,
    /// London, with its own modifiers on D-2 and D-3.
    #[serde(default)]
    pub london: bool,
}

/// `levels/blitz/map.ron` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub rows: u8,
    pub columns: u8,
    /// The land zones, as spans of one row ("A1-A5") or single zones.
    pub land: Vec<String>,
    /// The Green Zone (the Luftwaffe's side of the Channel), likewise.
    pub green: Vec<String>,
    pub cities: Vec<City>,
}

/// What a zone is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneKind {
    Land,
    Water,
}

/// The validated map.
#[derive(Clone, Debug, PartialEq)]
pub struct ZoneMap {
    rows: u8,
    columns: u8,
    land: Vec<bool>,
    green: Vec<bool>,
    /// Each city with its zone, in the file's order.
    cities: Vec<(City, Zone)>,
}

impl MapFile {
    /// Every problem with the file, each at its RON path.
    pub fn validate(&self) -> Vec<Invalid> {
        let mut out = Vec::new();
        if !(1..=MAX_ROWS).contains(&self.rows) {
            out.push(Invalid::new(
                "rows",
                format!("{} rows: a map has 1 to {MAX_ROWS} (A to Z)", self.rows),
            ));
        }
        if !(1..=MAX_COLUMNS).contains(&self.columns) {
            out.push(Invalid::new(
                "columns",
                format!("{} columns: a map has 1 to {MAX_COLUMNS}", self.columns),
            ));
        }
        out.extend(too_long("land", &self.land, MAX_ENTRIES, "spans"));
        out.extend(too_long("green", &self.green, MAX_ENTRIES, "spans"));
        out.extend(too_long("cities", &self.cities, MAX_ENTRIES, "cities"));
        if !out.is_empty() {
            return out;
        }
        let on_map = |z: &Zone| z.row < self.rows && z.col < self.columns;
        for (list, name) in [(&self.land, "land"), (&self.green, "green")] {
            for (i, s) in list.iter().enumerate() {
                match Zone::span(s) {
                    None => out.push(Invalid::new(
                        format!("{name}[{i}]"),
                        format!("\"{s}\" is not a zone (\"M4\") or a span of one row (\"A1-A5\")"),
                    )),
                    Some(zs) if !zs.iter().all(on_map) => out.push(Invalid::new(
                        format!("{name}[{i}]"),
                        format!(
                            "\"{s}\" is off the map of {} rows and {} columns",
                            self.rows, self.columns
                        ),
                    )),
                    Some(_) => {}
                }
            }
        }
        let land = self.zones(&self.land);
        let green = self.zones(&self.green);
        for (i, c) in self.cities.iter().enumerate() {
            if c.name.trim().is_empty() {
                out.push(Invalid::new(
                    format!("cities[{i}].name"),
                    "a city needs a name",
                ));
            }
            match Zone::parse(&c.zone) {
                Some(z) if on_map(&z) => {
                    if !land.contains(&z) {
                        out.push(Invalid::new(
                            format!("cities[{i}].zone"),
                            format!("{} lies in {z}, a water zone", c.name),
                        ));
                    }
                    // A target is a British city: a city zone is hunted over
                    // by night fighters, which never fly in the Green Zone.
                    if green.contains(&z) {
                        out.push(Invalid::new(
                            format!("cities[{i}].zone"),
                            format!(
                                "{} lies in {z}, in the Green Zone (the Luftwaffe's side)",
                                c.name
                            ),
                        ));
                    }
                }
                _ => out.push(Invalid::new(
                    format!("cities[{i}].zone"),
                    format!("\"{}\" is not a zone of the map", c.zone),
                )),
            }
        }
        for (i, same) in earlier_same(self.cities.iter().map(|c| c.name.as_str()))
            .into_iter()
            .enumerate()
        {
            if let Some(j) = same {
                out.push(Invalid::new(
                    format!("cities[{i}].name"),
                    format!("{} is already city {}", self.cities[i].name, j + 1),
                ));
            }
        }
        let londons = self.cities.iter().filter(|c| c.london).count();
        if londons != 1 {
            out.push(Invalid::new(
                "cities",
                format!("{londons} cities are marked london: the map needs exactly one"),
            ));
        }
        out
    }

    /// The zones the spans name (only those that parse).
    fn zones(&self, spans: &[String]) -> Vec<Zone> {
        spans
            .iter()
            .filter_map(|s| Zone::span(s))
            .flatten()
            .collect()
    }

    /// The map, if the file is valid.
    pub fn build(&self) -> Result<ZoneMap, Vec<Invalid>> {
        let found = self.validate();
        if !found.is_empty() {
            return Err(found);
        }
        let n = self.rows as usize * self.columns as usize;
        let (mut land, mut green) = (vec![false; n], vec![false; n]);
        let at = |z: Zone| z.row as usize * self.columns as usize + z.col as usize;
        for z in self.zones(&self.land) {
            land[at(z)] = true;
        }
        for z in self.zones(&self.green) {
            green[at(z)] = true;
        }
        let cities = self
            .cities
            .iter()
            .map(|c| (c.clone(), Zone::parse(&c.zone).expect("validated")))
            .collect();
        Ok(ZoneMap {
            rows: self.rows,
            columns: self.columns,
            land,
            green,
            cities,
        })
    }
}

impl ZoneMap {
    pub fn rows(&self) -> u8 {
        self.rows
    }
    pub fn columns(&self) -> u8 {
        self.columns
    }
    pub fn contains(&self, z: Zone) -> bool {
        z.row < self.rows && z.col < self.columns
    }
    fn at(&self, z: Zone) -> Option<usize> {
        self.contains(z)
            .then(|| z.row as usize * self.columns as usize + z.col as usize)
    }
    /// Every zone, row by row from the top left.
    pub fn zones(&self) -> impl Iterator<Item = Zone> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.columns).map(move |c| Zone::new(r, c)))
    }
    /// Land or water (off the map: None).
    pub fn kind(&self, z: Zone) -> Option<ZoneKind> {
        self.at(z).map(|i| {
            if self.land[i] {
                ZoneKind::Land
            } else {
                ZoneKind::Water
            }
        })
    }
    /// In the Green Zone: no rolls on C-8 or C-9 there, and crewmen down
    /// there are not automatically captured.
    pub fn is_green(&self, z: Zone) -> bool {
        self.at(z).is_some_and(|i| self.green[i])
    }
    pub fn cities(&self) -> impl Iterator<Item = (&City, Zone)> {
        self.cities.iter().map(|(c, z)| (c, *z))
    }
    /// A zone holding a city: the Target City Zone modifier on C-8 and C-9
    /// applies there en route too, and the Water Zone modifier on C-9 never.
    pub fn is_city_zone(&self, z: Zone) -> bool {
        self.cities.iter().any(|(_, c)| *c == z)
    }
    pub fn city(&self, name: &str) -> Option<(&City, Zone)> {
        self.cities().find(|(c, _)| c.name == name)
    }
    pub fn london(&self) -> Zone {
        self.cities
            .iter()
            .find(|(c, _)| c.london)
            .map(|(_, z)| *z)
            .expect("validated: one London")
    }
}
