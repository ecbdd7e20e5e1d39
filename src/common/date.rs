//! Dates of the Gregorian calendar, one algorithm for every date the game
//! shows or reads: the Blitz's nights (`blitz::calendar`) and the day a save
//! was written (`saves`). Days are counted from 1 January 1970 with Howard
//! Hinnant's days-from-civil and civil-from-days.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A day of the Gregorian calendar; a night is named by the date of its
/// evening. In a file it is written "1940-11-14", and read back only if it
/// is a real date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields, try_from = "String", into = "String")]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_are_each_others_inverse_from_1600_to_2400() {
        let mut d = Date::new(1600, 1, 1).unwrap();
        let first = d.days();
        for n in first..first + 800 * 366 {
            assert_eq!(d.days(), n, "{d:?}");
            assert_eq!(Date::from_days(n), d);
            assert_eq!(Date::new(d.year, d.month, d.day), Some(d));
            d = d.next();
        }
    }

    #[test]
    fn the_leap_days_are_the_gregorian_ones() {
        assert!(Date::new(2000, 2, 29).is_some());
        assert!(Date::new(1900, 2, 29).is_none());
        assert!(Date::new(1940, 2, 29).is_some());
        assert!(Date::new(1941, 2, 29).is_none());
        assert_eq!(Date::from_days(0), Date::new(1970, 1, 1).unwrap());
        assert_eq!(String::from(Date::from_days(11_016)), "2000-02-29");
    }
}
