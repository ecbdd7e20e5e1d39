//! The calendar of nights: the first night (Coventry, 14 November 1940),
//! the last, the winter pause with no missions, the spring modifier's first
//! night, and the new and full moon dates of Tables A-2 and A-3 (ours: the
//! real dates of the period, `levels/blitz/calendar.ron`).

use crate::common::invalid::{too_long, Invalid};
use serde::{Deserialize, Serialize};

/// The most moon dates a calendar may list.
pub const MAX_MOONS: usize = 64;

pub use crate::common::date::Date;

/// The moon of a night.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Moon {
    New,
    Full,
    /// Neither: a half moon, no modifier.
    Other,
}

/// `levels/blitz/calendar.ron` as written: dates as "YYYY-MM-DD".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalendarFile {
    /// The Coventry raid, which the campaign begins with...
    pub first_night: String,
    /// ...and its last night.
    pub last_night: String,
    /// No missions from this night to that one, inclusive (bad winter
    /// weather).
    pub no_missions: (String, String),
    /// The spring modifier on B-1 and C-1 from this night.
    pub spring_from: String,
    /// A night within this many days of a listed date has its moon.
    pub moon_within: u8,
    /// Table A-2: the new moons...
    pub new_moons: Vec<String>,
    /// ...and A-3: the full moons.
    pub full_moons: Vec<String>,
}

/// The validated calendar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
    pub first_night: Date,
    pub last_night: Date,
    pub no_missions: (Date, Date),
    pub spring_from: Date,
    pub moon_within: u8,
    pub new_moons: Vec<Date>,
    pub full_moons: Vec<Date>,
}

impl CalendarFile {
    /// Every problem with the file, each at its RON path.
    pub fn validate(&self) -> Vec<Invalid> {
        let mut out = Vec::new();
        out.extend(too_long("new_moons", &self.new_moons, MAX_MOONS, "dates"));
        out.extend(too_long("full_moons", &self.full_moons, MAX_MOONS, "dates"));
        if !out.is_empty() {
            return out;
        }
        let mut date = |path: String, s: &str| -> Option<Date> {
            let d = Date::parse(s);
            if d.is_none() {
                out.push(Invalid::new(
                    path,
                    format!("\"{s}\" is not a date written YYYY-MM-DD"),
                ));
            }
            d
        };
        let first = date("first_night".into(), &self.first_night);
        let last = date("last_night".into(), &self.last_night);
        let pause = (
            date("no_missions.0".into(), &self.no_missions.0),
            date("no_missions.1".into(), &self.no_missions.1),
        );
        let spring = date("spring_from".into(), &self.spring_from);
        let mut moons = Vec::new();
        for (list, name) in [
            (&self.new_moons, "new_moons"),
            (&self.full_moons, "full_moons"),
        ] {
            let dates: Vec<Option<Date>> = list
                .iter()
                .enumerate()
                .map(|(i, s)| date(format!("{name}[{i}]"), s))
                .collect();
            moons.push((name, dates));
        }
        if let (Some(f), Some(l)) = (first, last) {
            if l < f {
                out.push(Invalid::new(
                    "last_night",
                    format!("the last night, {l}, comes before the first, {f}"),
                ));
            } else if l.since(f) > 3660 {
                out.push(Invalid::new(
                    "last_night",
                    "a campaign of more than ten years: no night Blitz lasted that long",
                ));
            }
        }
        if let (Some(a), Some(b)) = pause {
            if b < a {
                out.push(Invalid::new(
                    "no_missions.1",
                    format!("the pause ends on {b}, before it begins on {a}"),
                ));
            }
        }
        if let (Some(s), Some(f)) = (spring, first) {
            if s < f {
                out.push(Invalid::new(
                    "spring_from",
                    format!("spring, {s}, before the first night, {f}"),
                ));
            }
        }
        if self.moon_within > 14 {
            out.push(Invalid::new(
                "moon_within",
                format!(
                    "{} days: a lunar month is 29 and a half, so a night would be new and full at once",
                    self.moon_within
                ),
            ));
        }
        for (name, dates) in &moons {
            for (i, w) in dates.windows(2).enumerate() {
                if let [Some(a), Some(b)] = w {
                    if b <= a {
                        out.push(Invalid::new(
                            format!("{name}[{}]", i + 1),
                            format!("{b} comes after {a} in the list: list the moons in order"),
                        ));
                    }
                }
            }
        }
        out
    }

    /// The calendar, if the file is valid.
    pub fn build(&self) -> Result<Calendar, Vec<Invalid>> {
        let found = self.validate();
        if !found.is_empty() {
            return Err(found);
        }
        let d = |s: &String| Date::parse(s).expect("validated");
        Ok(Calendar {
            first_night: d(&self.first_night),
            last_night: d(&self.last_night),
            no_missions: (d(&self.no_missions.0), d(&self.no_missions.1)),
            spring_from: d(&self.spring_from),
            moon_within: self.moon_within,
            new_moons: self.new_moons.iter().map(d).collect(),
            full_moons: self.full_moons.iter().map(d).collect(),
        })
    }
}

impl Calendar {
    /// The moon of a night: new or full within `moon_within` days of a
    /// listed date (the amendments: "all dates within 3 days").
    pub fn moon(&self, night: Date) -> Moon {
        let near = |list: &[Date]| {
            list.iter()
                .any(|d| night.since(*d).abs() <= self.moon_within as i64)
        };
        if near(&self.full_moons) {
            Moon::Full
        } else if near(&self.new_moons) {
            Moon::New
        } else {
            Moon::Other
        }
    }

    /// No missions this night: the winter pause ("no missions occur from
    /// Jan. 20, 1941 to Feb. 15, 1941 inclusive").
    pub fn in_the_pause(&self, night: Date) -> bool {
        self.no_missions.0 <= night && night <= self.no_missions.1
    }

    /// The spring modifier (-1 on B-1 and C-1) applies this night.
    pub fn is_spring(&self, night: Date) -> bool {
        night >= self.spring_from
    }

    /// Every night of the campaign, first to last.
    pub fn nights(&self) -> impl Iterator<Item = Date> + '_ {
        let n = self.last_night.since(self.first_night).max(-1) + 1;
        (0..n).map(move |i| Date::from_days(self.first_night.days() + i))
    }
}
