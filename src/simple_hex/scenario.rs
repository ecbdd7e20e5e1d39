//! Simple Hex data: aircraft, rule numbers and scenarios, as read from `levels/`,
//! and the validated `Scenario` a game is played from. Every number the rules use
//! lives here, never as a constant in the engine.

use crate::common::hex::{End, Facing};
pub use crate::common::invalid::{earlier_same, too_long};
pub use crate::common::{Invalid, Side};
use serde::{Deserialize, Serialize};

/// The identity dot of a plane within its four-plane unit, in the sheet's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Red,
    White,
    Blue,
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::White, Colour::Blue, Colour::Yellow];

    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::White => 'W',
            Colour::Blue => 'B',
            Colour::Yellow => 'Y',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Fighter,
    Bomber,
}

/// How far a plane flies in one movement round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Speed {
    /// Always this many hexes (bombers: 3).
    Fixed(u8),
    /// One d6 (the plane's own colour die) plus this many hexes.
    D6Plus(u8),
}

impl Speed {
    /// The most hexes this speed can give (in u16: a file may say anything).
    pub fn max(self) -> u16 {
        match self {
            Speed::Fixed(n) => n as u16,
            Speed::D6Plus(n) => 6 + n as u16,
        }
    }
}

/// The longest move a plane may have (and so the search's table size).
pub const MAX_SPEED: u16 = 16;
/// The most planes a scenario may hold (plane ids are one byte).
pub const MAX_PLANES: usize = 128;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftType {
    /// Name used by scenario files, e.g. "He 111".
    pub name: String,
    /// Lettering for the counter, e.g. "He".
    pub short: String,
    pub side: Side,
    pub role: Role,
    pub speed: Speed,
    pub engines: u8,
    /// Has a rear gunner who answers attacks from behind.
    pub rear_gunner: bool,
}

impl AircraftType {
    /// Only undamaged single-engine fighters may loop.
    pub fn can_loop(&self) -> bool {
        self.role == Role::Fighter && self.engines == 1
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftFile {
    pub aircraft: Vec<AircraftType>,
}

/// What one die of combat fire does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Miss,
    Damage,
    Kill,
}

/// Outcome for each face 1..=6 of the combat die.
pub type FireTable = [Outcome; 6];

/// Where an attacker sits relative to its target's facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Angle {
    Front,
    FrontFlank,
    RearFlank,
    Rear,
}

impl Angle {
    pub fn name(self) -> &'static str {
        match self {
            Angle::Front => "front",
            Angle::FrontFlank => "front flank",
            Angle::RearFlank => "rear flank",
            Angle::Rear => "rear",
        }
    }
}

/// Figure 2 (missing from every copy; our reconstruction): the attacker's die.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackFire {
    pub front: FireTable,
    pub flank: FireTable,
    pub rear: FireTable,
}

/// Figure 3 (missing from every copy; our reconstruction): the defender's die.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReturnFire {
    /// Forward guns against an attacker in the defender's front hex.
    pub forward: FireTable,
    /// Rear gunner against an attacker in the hex behind.
    pub rear: FireTable,
    /// Rear gunner against an attacker in a rear-flank hex.
    pub rear_flank: FireTable,
    /// A bomber's nose gunner against an attacker in a front-flank hex
    /// (fighters have no flexible guns there). All misses if left out.
    #[serde(default = "all_misses")]
    pub front_flank: FireTable,
}

fn all_misses() -> FireTable {
    [Outcome::Miss; 6]
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "SimpleHexRules")]
pub struct SimpleHexValues {
    /// Activation die result needed (3: "3,4,5 or 6 activate").
    pub activation_min: u8,
    /// Repair-shop die result needed to return (3).
    pub repair_min: u8,
    /// Attacks (sorties) in a game (2).
    pub attacks: u8,
    /// Bomb points that destroy the target (24).
    pub target_points: u32,
    /// The game ends the moment the target is destroyed. The sheet adds
    /// "the bomb scores from both attacks", so Simple Hex plays both to the
    /// end (false, the default); a campaign's bomb run on the board stops
    /// once its target needs no more (true).
    #[serde(default)]
    pub stop_at_target: bool,
    /// d6 rolled per bomber that bombs (2).
    pub bomb_dice: u8,
    /// Hexes a damaged plane loses from its move (1).
    pub damaged_speed_penalty: u8,
    /// Movement points an Immelmann loop costs (4).
    pub immelmann_cost: u8,
    /// Faces of the remaining-moves marker die (8).
    pub marker_die: u8,
    /// A safety limit: after this many movement rounds in one attack the planes
    /// still on the board break off for lack of fuel (our reconstruction).
    pub max_rounds_per_attack: u16,
    /// An attacker's guns point forward: the target must be in its front hex
    /// (our reading of "guns brought to bear").
    pub attacker_must_face_target: bool,
    /// The raid is over when no bomber is left on the board or waiting to enter:
    /// the fighters still flying break off (our reconstruction).
    pub raid_ends_without_bombers: bool,
    pub attack_fire: AttackFire,
    pub return_fire: ReturnFire,
}

/// How the first attack begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Opening {
    /// The sheet's procedure: activation rolls, then entry at the edges.
    #[default]
    Sortie,
    /// Planes with an `at` square start there; the rest wait in the hangar.
    Placed,
    /// Every plane flies, with no activation roll, then entry at the edges:
    /// a campaign squadron scrambled to meet a raid flies whole (its
    /// readiness was the campaign's alert and standby).
    Scramble,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaneSetup {
    pub colour: Colour,
    /// `[column, row]` on the board, for `Placed` openings.
    #[serde(default)]
    pub at: Option<(i32, i32)>,
    #[serde(default)]
    pub facing: Option<Facing>,
    #[serde(default)]
    pub damaged: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSetup {
    pub aircraft: String,
    pub planes: Vec<PlaneSetup>,
    /// What the unit is called, when it is more than its aircraft (a
    /// campaign squadron on the board).
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSetup {
    pub columns: u32,
    pub rows: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub board: BoardSetup,
    /// The narrow end the Luftwaffe enters from; the RAF enters from the other.
    pub german_end: End,
    #[serde(default)]
    pub opening: Opening,
    pub units: Vec<UnitSetup>,
}

/// A rule option chosen when a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Crane's suggested variant: damaged bombers may not return fire.
    #[serde(default)]
    pub damaged_bombers_cannot_defend: bool,
    /// When the fighters' speed dice are rolled. Not a player's choice: the
    /// earlier rule is kept only so that records made under it replay (it
    /// is written in a record only when it is not the default).
    #[serde(default, skip_serializing_if = "SpeedDice::is_default")]
    pub speed_dice: SpeedDice,
    /// The game ended the moment the target was destroyed, as before both
    /// attacks were played to the end. Not a player's choice: kept only so
    /// that records made under it replay (written only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ends_at_target: bool,
}

/// When the fighters' speed dice are rolled (the sheet does not say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpeedDice {
    /// (R) All of a side's speed dice together, when the side starts to move
    /// in a round, so its moves can be taken back plane by plane.
    #[default]
    EachSide,
    /// Each plane's die when that plane starts to move: the rule of records
    /// of format version 2 and earlier, kept so they replay.
    EachPlane,
}

impl SpeedDice {
    pub fn is_default(&self) -> bool {
        *self == SpeedDice::default()
    }
}

fn invalid(path: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid {
        path: path.into(),
        message: message.into(),
    }
}

/// The most aircraft an aircraft table may list.
pub const MAX_AIRCRAFT: usize = 64;

#[derive(Clone, Debug)]
pub struct UnitDef {
    pub aircraft: usize,
    pub side: Side,
    pub planes: Vec<PlaneSetup>,
    pub name: Option<String>,
}

/// A validated scenario with its aircraft and rule tables: everything a game needs.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// How the level was named when it was loaded: a shipped level's name or
    /// a file's path (empty for one built in code). Records name it so.
    pub level: String,
    /// The difficulty setting whose forces it flies (`forces::AS_WRITTEN`:
    /// the level's own). Records name it so.
    pub difficulty: String,
    pub name: String,
    pub description: String,
    pub columns: u32,
    pub rows: u32,
    pub german_end: End,
    pub opening: Opening,
    pub units: Vec<UnitDef>,
    pub aircraft: Vec<AircraftType>,
    pub rules: SimpleHexValues,
    /// The longest move any plane can have (sizes the search tables).
    pub max_allowance: u8,
    /// Face-down formations (a campaign dogfight's gruppen; none in Simple
    /// Hex's own levels): the formation each unit flies in, face down, if
    /// any, in unit order.
    pub formations: Vec<Option<u8>>,
    /// A formation turns face up when an enemy plane on the board comes
    /// within this many hexes of one of its planes...
    pub spot_reach: u8,
    /// ...and until then each of its planes flies this many hexes a move,
    /// whatever its type, with no speed die (the formation's pace).
    pub formation_speed: u8,
    /// What every plane is worth to the opponent, whatever its type (a
    /// campaign battle's: `TacticalRules::plane_worth`); None in Simple
    /// Hex's own levels (`preview::worth`).
    pub plane_worth: Option<f32>,
}

fn check_table(path: &str, table: &FireTable, errors: &mut Vec<Invalid>) {
    // A better result never needs a lower die: miss <= damage <= kill by face.
    let rank = |o: &Outcome| match o {
        Outcome::Miss => 0,
        Outcome::Damage => 1,
        Outcome::Kill => 2,
    };
    if table.windows(2).any(|w| rank(&w[0]) > rank(&w[1])) {
        errors.push(invalid(
            path,
            "fire table must not get worse as the die rises (Miss, then Damage, then Kill)",
        ));
    }
}

impl SimpleHexValues {
    pub fn validate(&self) -> Vec<Invalid> {
        let mut e = Vec::new();
        for (name, v) in [
            ("activation_min", self.activation_min),
            ("repair_min", self.repair_min),
        ] {
            if !(1..=7).contains(&v) {
                e.push(invalid(name, format!("{name} must be 1 to 7 (7: never)")));
            }
        }
        if self.attacks == 0 {
            e.push(invalid("attacks", "a game needs at least one attack"));
        }
        if self.target_points == 0 {
            e.push(invalid(
                "target_points",
                "the target needs at least one point",
            ));
        }
        if self.bomb_dice == 0 || self.bomb_dice > 6 {
            e.push(invalid("bomb_dice", "bomb_dice must be 1 to 6"));
        }
        if self.immelmann_cost < 2 || self.immelmann_cost as u16 > MAX_SPEED {
            e.push(invalid(
                "immelmann_cost",
                format!("an Immelmann flies two hexes: it costs 2 to {MAX_SPEED}"),
            ));
        }
        if self.marker_die < 2 {
            e.push(invalid(
                "marker_die",
                "marker_die must have at least 2 faces",
            ));
        }
        if self.max_rounds_per_attack == 0 {
            e.push(invalid("max_rounds_per_attack", "must be at least 1"));
        }
        let a = &self.attack_fire;
        check_table("attack_fire.front", &a.front, &mut e);
        check_table("attack_fire.flank", &a.flank, &mut e);
        check_table("attack_fire.rear", &a.rear, &mut e);
        let r = &self.return_fire;
        check_table("return_fire.forward", &r.forward, &mut e);
        check_table("return_fire.rear", &r.rear, &mut e);
        check_table("return_fire.rear_flank", &r.rear_flank, &mut e);
        check_table("return_fire.front_flank", &r.front_flank, &mut e);
        e
    }
}

pub fn validate_aircraft(file: &AircraftFile) -> Vec<Invalid> {
    if let Some(long) = too_long("aircraft", &file.aircraft, MAX_AIRCRAFT, "aircraft") {
        return vec![long];
    }
    let mut e = Vec::new();
    if file.aircraft.is_empty() {
        e.push(invalid("aircraft", "the aircraft list is empty"));
    }
    let twice = earlier_same(file.aircraft.iter().map(|a| &a.name));
    for (i, a) in file.aircraft.iter().enumerate() {
        let p = format!("aircraft[{i}]");
        if a.name.trim().is_empty() {
            e.push(invalid(format!("{p}.name"), "aircraft name is empty"));
        }
        if twice[i].is_some() {
            e.push(invalid(
                format!("{p}.name"),
                format!("aircraft \"{}\" is listed twice", a.name),
            ));
        }
        let max = a.speed.max();
        if max == 0 {
            e.push(invalid(
                format!("{p}.speed"),
                "a plane must move at least 1 hex",
            ));
        }
        if max > 16 {
            e.push(invalid(
                format!("{p}.speed"),
                "speed above 16 hexes is not supported",
            ));
        }
        if a.engines == 0 {
            e.push(invalid(format!("{p}.engines"), "a plane needs an engine"));
        }
    }
    e
}

impl Scenario {
    /// Validates a scenario file against the aircraft and rule tables.
    /// Errors carry RON paths into the scenario file.
    pub fn build(
        file: &ScenarioFile,
        aircraft: &AircraftFile,
        rules: &SimpleHexValues,
    ) -> Result<Scenario, Vec<Invalid>> {
        if let Some(long) = too_long("units", &file.units, MAX_PLANES, "units") {
            return Err(vec![long]);
        }
        let mut e = Vec::new();
        let (cols, rows) = (file.board.columns, file.board.rows);
        if !(4..=64).contains(&cols) {
            e.push(invalid(
                "board.columns",
                "board must be 4 to 64 columns wide",
            ));
        }
        if !(4..=64).contains(&rows) {
            e.push(invalid("board.rows", "board must be 4 to 64 rows long"));
        }
        if file.units.is_empty() {
            e.push(invalid("units", "a scenario needs units"));
        }
        let planes: usize = file.units.iter().map(|u| u.planes.len()).sum();
        if planes > MAX_PLANES {
            e.push(invalid(
                "units",
                format!("{planes} planes: a scenario holds at most {MAX_PLANES}"),
            ));
        }
        let mut units = Vec::new();
        let mut taken: std::collections::HashMap<(i32, i32), String> = Default::default();
        let by_name: std::collections::HashMap<&str, usize> = aircraft
            .aircraft
            .iter()
            .enumerate()
            .rev()
            .map(|(i, a)| (a.name.as_str(), i))
            .collect();
        for (u, unit) in file.units.iter().enumerate() {
            let up = format!("units[{u}]");
            let Some(&ai) = by_name.get(unit.aircraft.as_str()) else {
                let known: Vec<&str> = aircraft.aircraft.iter().map(|a| a.name.as_str()).collect();
                e.push(invalid(
                    format!("{up}.aircraft"),
                    format!(
                        "unknown aircraft \"{}\" (known: {})",
                        unit.aircraft,
                        known.join(", ")
                    ),
                ));
                continue;
            };
            if unit.planes.is_empty() || unit.planes.len() > 4 {
                e.push(invalid(
                    format!("{up}.planes"),
                    "a unit has 1 to 4 planes (R, W, B, Y)",
                ));
                continue;
            }
            for (p, plane) in unit.planes.iter().enumerate() {
                let pp = format!("{up}.planes[{p}]");
                if unit.planes[..p].iter().any(|q| q.colour == plane.colour) {
                    e.push(invalid(
                        format!("{pp}.colour"),
                        format!("two {:?} planes in one unit", plane.colour),
                    ));
                }
                match (file.opening, plane.at) {
                    (Opening::Sortie, Some(_)) => e.push(invalid(
                        format!("{pp}.at"),
                        "planes start in the hangar in a Sortie opening; use opening: Placed",
                    )),
                    (Opening::Placed, Some((c, r))) => {
                        if c < 0 || r < 0 || c >= cols as i32 || r >= rows as i32 {
                            e.push(invalid(
                                format!("{pp}.at"),
                                format!("({c}, {r}) is off the {cols} x {rows} board"),
                            ));
                        } else if let Some(other) = taken.get(&(c, r)) {
                            e.push(invalid(
                                format!("{pp}.at"),
                                format!("({c}, {r}) is already taken by {other}"),
                            ));
                        } else {
                            taken.insert((c, r), format!("{up}.planes[{p}]"));
                        }
                        if plane.facing.is_none() {
                            e.push(invalid(pp.clone(), "a placed plane needs a facing"));
                        }
                    }
                    _ => {}
                }
            }
            units.push(UnitDef {
                aircraft: ai,
                side: aircraft.aircraft[ai].side,
                planes: unit.planes.clone(),
                name: unit.name.clone(),
            });
        }
        // After at least one hex a fighter that stops to fire must be able to
        // show its remaining moves on the marker die.
        let fastest_fighter = units
            .iter()
            .map(|u| &aircraft.aircraft[u.aircraft])
            .filter(|a| a.role == Role::Fighter)
            .map(|a| a.speed.max())
            .max()
            .unwrap_or(1);
        if fastest_fighter > rules.marker_die as u16 + 1 {
            e.push(invalid(
                "units",
                format!(
                    "a fighter may have {} moves left after firing, more than the d{} marker shows",
                    fastest_fighter - 1,
                    rules.marker_die
                ),
            ));
        }
        if !e.is_empty() {
            return Err(e);
        }
        let max_allowance = units
            .iter()
            .map(|u| aircraft.aircraft[u.aircraft].speed.max())
            .max()
            .unwrap_or(1)
            .max(rules.immelmann_cost as u16) as u8;
        Ok(Scenario {
            level: String::new(),
            difficulty: super::forces::AS_WRITTEN.to_string(),
            name: file.name.clone(),
            description: file.description.clone(),
            columns: cols,
            rows,
            german_end: file.german_end,
            opening: file.opening,
            units,
            aircraft: aircraft.aircraft.clone(),
            rules: rules.clone(),
            max_allowance,
            formations: Vec::new(),
            spot_reach: 0,
            formation_speed: 0,
            plane_worth: None,
        })
    }

    /// The formation unit `u` flies in face down, if any.
    pub fn formation_of(&self, unit: usize) -> Option<u8> {
        self.formations.get(unit).copied().flatten()
    }

    /// What a level file needs beyond a scenario the rules can play: both
    /// sides, and a bomber for the raid (scenarios built in code, for a
    /// test or a campaign battle, may leave them out).
    pub fn check_level(&self) -> Vec<Invalid> {
        let mut e = Vec::new();
        for side in [Side::German, Side::British] {
            if !self.units.iter().any(|u| u.side == side) {
                e.push(invalid(
                    "units",
                    format!(
                        "the level has no {} units: it needs both sides",
                        side.name()
                    ),
                ));
            }
        }
        let bomber = |u: &UnitDef| self.aircraft[u.aircraft].role == Role::Bomber;
        if !self.units.iter().any(bomber) {
            e.push(invalid(
                "units",
                "the level has no bombers: the raid needs at least one",
            ));
        }
        e
    }

    /// A fighter battle: no bomber on either side (a campaign's fighter
    /// sweep). It ends by its own rule (docs/RULES.md, "Fighter sweeps").
    pub fn is_fighter_battle(&self) -> bool {
        !self
            .units
            .iter()
            .any(|u| self.aircraft[u.aircraft].role == Role::Bomber)
    }

    pub fn end_of(&self, side: Side) -> End {
        match side {
            Side::German => self.german_end,
            Side::British => self.german_end.opposite(),
        }
    }
}
