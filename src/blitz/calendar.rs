//! The calendar of nights: the first night (Coventry, 14 November 1940),
//! the last, the winter pause with no missions, the spring modifier's first
//! night, and the new and full moon dates of Tables A-2 and A-3 (ours: the
//! real dates of the period, `levels/blitz/calendar.ron`).

use crate::common::invalid::{too_long, Invalid};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most moon dates a calendar may list.
pub const MAX_MOONS: usize = 64;

/// A day of the Gregorian calendar; a night is named by the date of its
/// evening. In a file it is written "1940-11-14", and read back only if it
/// is a real date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// A real date, or None.
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let ok = (1..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month);
        ok.then_some(Date { year, month, day })
    }

    /// "1940-11-14", read back.
    pub fn parse(s: &str) -> Option<Date> {
        let mut it = s.split('-');
        let (y, m, d) = (it.next()?, it.next()?, it.next()?);
        if it.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y) && digits(m) && digits(d)) {
            return None;
        }
        Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
    }

    /// Days since 1 January 1970 (negative before it): Hinnant's
    /// days-from-civil.
    pub fn days(self) -> i64 {
        let y = self.year as i64 - (self.month <= 2) as i64;
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = self.month as i64;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + self.day as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1 January 1970: civil-from-days.
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + (month <= 2) as i64) as i32;
        Date { year, month, day }
    }

    /// The next day.
    pub fn next(self) -> Date {
        Date::from_days(self.days() + 1)
    }

    /// Days from `other` to this date (negative if it is earlier).
    pub fn since(self, other: Date) -> i64 {
        self.days() - other.days()
    }
}

impl TryFrom<String> for Date {
    type Error = String;
    fn try_from(s: String) -> Result<Date, String> {
        Date::parse(&s).ok_or_else(|| format!("\"{s}\" is not a date written YYYY-MM-DD"))
    }
}

impl From<Date> for String {
    fn from(d: Date) -> String {
        format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        write!(
            f,
            "{} {} {}",
            self.day,
            MONTHS[(self.month - 1) as usize],
            self.year
        )
    }
}

/// The moon of a night.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
