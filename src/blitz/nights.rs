//! The night's orders: the first night's Coventry raid, Table A-1 (is a
//! mission flown, and where) with the amendments' remapping of 29-62 and
//! their follow-up missions, the winter pause, and Table A-4 (which city
//! a raid on "another city" goes to). Values: `levels/blitz/nights.ron`.

use super::calendar::{Calendar, Date};
use super::map::{Zone, ZoneKind, ZoneMap};
use super::table::{Table, Throw};
use crate::common::invalid::{too_long, Invalid};
use serde::{Deserialize, Serialize};

/// What a roll on A-1 says, before the amendments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Orders {
    /// A raid on this city.
    City(String),
    /// A raid on another city, found on Table A-4.
    OtherCity,
    /// No mission this night.
    NoMission,
}

/// The amendments' follow-up: rolls in `rolls` fly again against the last
/// mission's city when it was not London and was flown `nights` ago (a
/// range, inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FollowUp {
    pub rolls: (u8, u8),
    pub nights: (u8, u8),
}

/// How a raid is fuelled (ours): for the zones there and back by the
/// shortest way, and a reserve; at the briefing the crew may trade bombs
/// for `extra` Fuel Boxes more, up to the tanks' `full`, a run on the
/// aiming point then scoring `extra_costs_points` fewer victory points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FuelPlan {
    pub reserve: u8,
    pub full: u8,
    pub extra: u8,
    pub extra_costs_points: u8,
}

impl FuelPlan {
    /// The Fuel Boxes a raid on a target `steps` zones away is loaded with.
    pub fn planned(&self, steps: u8) -> u8 {
        steps
            .saturating_mul(2)
            .saturating_add(self.reserve)
            .min(self.full)
    }

    /// With the extra fuel taken instead of bombs.
    pub fn with_extra(&self, fuel: u8) -> u8 {
        fuel.saturating_add(self.extra).min(self.full)
    }
}

/// `levels/blitz/nights.ron` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NightsFile {
    /// The first night's raid and the fuel it carries.
    pub first_raid: (String, u8),
    /// The crew's airfield: a land zone of the Green Zone.
    pub base: String,
    /// What every later raid is loaded with.
    pub fuel: FuelPlan,
    /// Table A-1, d100.
    pub mission_roll: Table<Orders>,
    /// The amendments: these rolls are no mission...
    pub no_mission: (u8, u8),
    /// ...unless one of these follow-ups applies.
    pub follow_ups: Vec<FollowUp>,
    /// Table A-4, d100: the city of a raid on another city.
    pub other_city: Table<String>,
}

/// What a night holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Night {
    /// A mission against this city, and why.
    Mission { city: String, why: Why },
    /// No mission, and why.
    Stood { why: Stood },
}

/// Why a mission is flown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Why {
    /// The campaign's first night: the Coventry raid.
    FirstRaid,
    /// A-1 (and A-4).
    Ordered,
    /// The amendments' follow-up against the last mission's city.
    FollowUp,
}

/// Why no mission is flown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Stood {
    /// Bad winter weather: 20 January to 15 February 1941.
    WinterPause,
    /// A-1 says so.
    Ordered,
    /// A-1's 29-62, with no follow-up due.
    NoFollowUp,
}

/// The last mission flown: its city and night.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastMission {
    pub city: String,
    pub night: Date,
}

impl NightsFile {
    /// Every problem with the file, against the map's cities.
    pub fn validate(&self, map: &ZoneMap) -> Vec<Invalid> {
        let mut out = Vec::new();
        let city = |path: String, name: &str, out: &mut Vec<Invalid>| {
            if map.city(name).is_none() {
                out.push(Invalid::new(
                    path,
                    format!("\"{name}\" is not a city of the map"),
                ));
            }
        };
        city("first_raid.0".into(), &self.first_raid.0, &mut out);
        if self.first_raid.1 == 0 {
            out.push(Invalid::new("first_raid.1", "a raid needs fuel"));
        }
        let f = &self.fuel;
        if f.full == 0 || f.reserve > f.full {
            out.push(Invalid::new(
                "fuel.full",
                format!(
                    "{}: the tanks hold at least the reserve ({}) and one Fuel Box",
                    f.full, f.reserve
                ),
            ));
        }
        if f.extra == 0 {
            out.push(Invalid::new(
                "fuel.extra",
                "extra fuel is at least one Fuel Box",
            ));
        }
        if f.extra_costs_points > 10 {
            out.push(Invalid::new(
                "fuel.extra_costs_points",
                format!("{}: at most 10 victory points", f.extra_costs_points),
            ));
        }
        match Zone::parse(&self.base) {
            Some(z) if map.contains(z) && map.is_green(z) && map.kind(z) == Some(ZoneKind::Land) => {}
            _ => out.push(Invalid::new(
                "base",
                format!(
                    "\"{}\" is not a land zone of the Green Zone (an airfield on the Luftwaffe's side)",
                    self.base
                ),
            )),
        }
        for (table, path) in [
            (&self.mission_roll.dice, "mission_roll"),
            (&self.other_city.dice, "other_city"),
        ] {
            if *table != Throw::D100 {
                out.push(Invalid::new(
                    format!("{path}.dice"),
                    "the night's tables are thrown with percentile dice (D100)",
                ));
            }
        }
        out.extend(self.mission_roll.validate("mission_roll"));
        out.extend(self.other_city.validate("other_city"));
        if !out.is_empty() {
            return out;
        }
        for (i, then) in self.mission_roll.entries().enumerate() {
            if let Orders::City(c) = then {
                city(format!("mission_roll.rows[{i}].then"), c, &mut out);
            }
        }
        for (i, then) in self.other_city.entries().enumerate() {
            city(format!("other_city.rows[{i}].then"), then, &mut out);
            if map.city(then).is_some_and(|(c, _)| c.london) {
                out.push(Invalid::new(
                    format!("other_city.rows[{i}].then"),
                    "London is not another city: A-1 names it",
                ));
            }
        }
        let (a, b) = self.no_mission;
        if a == 0 || b < a || b > 100 {
            out.push(Invalid::new(
                "no_mission",
                format!("({a}, {b}) is not a range of rolls from 1 to 100"),
            ));
        }
        out.extend(too_long("follow_ups", &self.follow_ups, 8, "follow-ups"));
        for (i, f) in self.follow_ups.iter().enumerate().take(8) {
            let (x, y) = f.rolls;
            if x < a || y > b || y < x {
                out.push(Invalid::new(
                    format!("follow_ups[{i}].rolls"),
                    format!("({x}, {y}) is not within the no-mission rolls ({a}, {b})"),
                ));
            }
            let (n, m) = f.nights;
            if n == 0 || m < n {
                out.push(Invalid::new(
                    format!("follow_ups[{i}].nights"),
                    format!("({n}, {m}) is not a range of nights from 1"),
                ));
            }
        }
        out
    }

    /// The night's orders on a d100 `roll` (and `other`, the A-4 roll, used
    /// only for a raid on another city), after the amendments.
    pub fn night(
        &self,
        calendar: &Calendar,
        night: Date,
        last: Option<&LastMission>,
        london: &str,
        roll: u8,
        other: u8,
    ) -> Night {
        if night == calendar.first_night {
            return Night::Mission {
                city: self.first_raid.0.clone(),
                why: Why::FirstRaid,
            };
        }
        if calendar.in_the_pause(night) {
            return Night::Stood {
                why: Stood::WinterPause,
            };
        }
        let (a, b) = self.no_mission;
        if (a..=b).contains(&roll) {
            let due = last.filter(|l| l.city != london).and_then(|l| {
                let ago = night.since(l.night);
                self.follow_ups
                    .iter()
                    .any(|f| {
                        (f.rolls.0..=f.rolls.1).contains(&roll)
                            && (f.nights.0 as i64..=f.nights.1 as i64).contains(&ago)
                    })
                    .then(|| l.city.clone())
            });
            return match due {
                Some(city) => Night::Mission {
                    city,
                    why: Why::FollowUp,
                },
                None => Night::Stood {
                    why: Stood::NoFollowUp,
                },
            };
        }
        match self.mission_roll.get(roll as i16) {
            Orders::City(c) => Night::Mission {
                city: c.clone(),
                why: Why::Ordered,
            },
            Orders::OtherCity => Night::Mission {
                city: self.other_city.get(other as i16).clone(),
                why: Why::Ordered,
            },
            Orders::NoMission => Night::Stood {
                why: Stood::Ordered,
            },
        }
    }
}
