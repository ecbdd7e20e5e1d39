//! The map of southern Britain and the near continent (`levels/campaign/map.ron`).

use super::{bad, Group, Luftflotte, Square, Terrain};
use crate::common::invalid::{earlier_same, too_long};
use crate::common::Invalid;
use serde::{Deserialize, Serialize};

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
        let long = too_long_lists(file);
        if !long.is_empty() {
            return Err(long);
        }
        let mut e = sizes_out_of_range(file);
        if !e.is_empty() {
            return Err(e);
        }
        let terrain = read_terrain(file, &mut e);
        check_twelve_group_line(file, &mut e);
        // Land north of the line is 12 or 13 Group's; land south of it 10 or
        // 11 Group's. The squares the line divides may be either.
        if e.is_empty() {
            check_land_by_the_line(file, &terrain, &mut e);
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
        map.add_radar(file, &mut e);
        map.add_stations(file, &mut e);
        map.add_bases(file, &mut e);
        map.add_places(file, &mut e);
        if e.is_empty() {
            Ok(map)
        } else {
            Err(e)
        }
    }

    /// The radar stations: on British land by the sea, one to a square.
    fn add_radar(&mut self, file: &MapFile, e: &mut Vec<Invalid>) {
        if file.radar.is_empty() {
            e.push(bad("radar", "the map has no radar line"));
        }
        let twice = earlier_same(file.radar.iter().map(|s| &s.name));
        let shared = earlier_same(file.radar.iter().map(|s| s.at));
        for (i, s) in file.radar.iter().enumerate() {
            let p = format!("radar[{i}]");
            check_name(e, &p, &s.name, twice[i]);
            let at = Square::from(s.at);
            match self.terrain(at) {
                None => e.push(bad(format!("{p}.at"), format!("{:?} is off the map", s.at))),
                Some(Terrain::Land(group)) => {
                    if !self.touches_sea(at) {
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
                    self.radar.push(Station {
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
    }

    /// The RAF stations: on British land.
    fn add_stations(&mut self, file: &MapFile, e: &mut Vec<Invalid>) {
        let twice = earlier_same(file.stations.iter().map(|s| &s.name));
        for (i, s) in file.stations.iter().enumerate() {
            let p = format!("stations[{i}]");
            check_name(e, &p, &s.name, twice[i]);
            let at = Square::from(s.at);
            match self.terrain(at) {
                None => e.push(bad(format!("{p}.at"), format!("{:?} is off the map", s.at))),
                Some(Terrain::Land(group)) => self.stations.push(Station {
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
    }

    /// The Luftwaffe's bases: on the continent, or off the map at a sea
    /// square of its edge.
    fn add_bases(&mut self, file: &MapFile, e: &mut Vec<Invalid>) {
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
            let Some(t) = self.terrain(at) else {
                e.push(bad(format!("{p}.at"), format!("{:?} is off the map", b.at)));
                continue;
            };
            if b.off_map {
                let edge = at.row == 0
                    || at.col == 0
                    || at.row == self.rows as i32 - 1
                    || at.col == self.columns as i32 - 1;
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
            self.bases.push(Base {
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
    }

    /// The places named on the map: on it.
    fn add_places(&mut self, file: &MapFile, e: &mut Vec<Invalid>) {
        let twice = earlier_same(file.places.iter().map(|s| &s.name));
        for (i, s) in file.places.iter().enumerate() {
            let p = format!("places[{i}]");
            check_name(e, &p, &s.name, twice[i]);
            let at = Square::from(s.at);
            if self.contains(at) {
                self.places.push(Place {
                    name: s.name.clone(),
                    at,
                });
            } else {
                e.push(bad(format!("{p}.at"), format!("{:?} is off the map", s.at)));
            }
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

/// The file's lists longer than any map.
fn too_long_lists(file: &MapFile) -> Vec<Invalid> {
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
    long
}

/// The map's size and scale, each in its range.
fn sizes_out_of_range(file: &MapFile) -> Vec<Invalid> {
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
    e
}

/// The grid's terrain, square by square, with land for every group.
fn read_terrain(file: &MapFile, e: &mut Vec<Invalid>) -> Vec<Terrain> {
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
    terrain
}

/// The 12 Group line: a row for every column, each on the map.
fn check_twelve_group_line(file: &MapFile, e: &mut Vec<Invalid>) {
    let (cols, rows) = (file.columns as usize, file.rows as usize);
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
}

/// Each group's land on its side of the 12 Group line.
fn check_land_by_the_line(file: &MapFile, terrain: &[Terrain], e: &mut Vec<Invalid>) {
    let (cols, rows) = (file.columns as usize, file.rows as usize);
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
