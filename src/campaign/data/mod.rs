//! The campaign's components as data: the map of southern Britain and the
//! near continent (`levels/campaign/map.ron`), the fifty target cards
//! (`targets.ron`) and the order of battle (`order_of_battle.ron`), read into
//! serde types and validated into the forms the campaign is played from.
//!
//! PSC's map, cards and rulebook are not available: these are our
//! reconstruction (GAPS.md section 3, docs/CAMPAIGN-DATA.md), checked on load
//! for everything the sheet's rules rely on. A bad file is a list of
//! `Invalid`s with the RON path of each offending value, never a panic.
//!
//! `map` holds the squares and the map file, `targets` the cards, `oob` the
//! order of battle; this module the names they share and the three
//! validated together.

mod map;
mod oob;
mod targets;

pub use map::*;
pub use oob::*;
pub use targets::*;

use crate::common::Invalid;
use serde::{Deserialize, Serialize};

pub(crate) fn bad(path: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid {
        path: path.into(),
        message: message.into(),
    }
}

// ----- squares, groups, Luftflotten -----

/// A square of the campaign map: column west to east, row north to south,
/// both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
