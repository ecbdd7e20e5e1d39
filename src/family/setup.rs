//! How a family game begins: the commanders' sectors and airfields, the short
//! or full game, and (for puzzles, tests and the benchmark) a position part-way.

use super::FamilyScenario;
use crate::common::hex::{End, Facing};
use crate::common::Level;
use serde::{Deserialize, Serialize};

/// One commander at the start: the sector (by index into the board's sectors)
/// and which of its airfields the Spitfire stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSetup {
    pub sector: u8,
    pub airfield: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub seats: Vec<SeatSetup>,
    /// First to three kills instead of five.
    pub short_game: bool,
    /// The solo game's difficulty (with one commander; see
    /// `FamilyValues::solo`). Files written before it read as Veteran.
    #[serde(default)]
    pub difficulty: Level,
}

impl Setup {
    /// `n` commanders in the first `n` sectors, each on its sector's first airfield.
    pub fn first_sectors(n: usize) -> Setup {
        Setup {
            seats: (0..n)
                .map(|i| SeatSetup {
                    sector: i as u8,
                    airfield: 0,
                })
                .collect(),
            short_game: false,
            difficulty: Level::default(),
        }
    }

    pub fn validate(&self, sc: &FamilyScenario) -> Result<(), String> {
        if self.seats.is_empty() || self.seats.len() > 4 {
            return Err("the family game has 1 to 4 commanders".into());
        }
        if self.seats.len() > sc.sectors.len() {
            return Err(format!(
                "{} has {} sectors: at most {} commanders",
                sc.name,
                sc.sectors.len(),
                sc.sectors.len()
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if s.sector as usize >= sc.sectors.len() {
                return Err(format!(
                    "commander {} has no sector {}",
                    i + 1,
                    u32::from(s.sector) + 1
                ));
            }
            if self.seats[..i].iter().any(|o| o.sector == s.sector) {
                return Err(format!(
                    "two commanders chose sector {}",
                    sc.sectors[s.sector as usize].name
                ));
            }
            if s.airfield as usize >= sc.airfields_of(s.sector).len() {
                return Err(format!(
                    "sector {} has no airfield {}",
                    sc.sectors[s.sector as usize].name,
                    u32::from(s.airfield) + 1
                ));
            }
        }
        Ok(())
    }
}

/// A bomber placed by a `Position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BomberAt {
    /// Index of the bomber (bomber 1 is 0).
    pub bomber: u8,
    /// Offset coordinates `(column, row)`.
    pub at: (i32, i32),
    pub facing: Facing,
    pub course: End,
    pub altitude: u8,
}

/// A Spitfire placed by a `Position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpitfireAt {
    pub seat: u8,
    pub at: (i32, i32),
    /// 0: on the ground (only on an airfield).
    pub altitude: u8,
    pub fuel: u8,
}

/// A game set up part-way: planes where they are listed (the rest where the
/// rules put them), and features already bombed. For puzzles, tests and the
/// frame benchmark; a position is part of the game, so undo keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub bombers: Vec<BomberAt>,
    pub spitfires: Vec<SpitfireAt>,
    /// Offset coordinates of features already bombed.
    pub bombed: Vec<(i32, i32)>,
}
