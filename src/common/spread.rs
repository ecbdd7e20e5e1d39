//! How well a result did: the measured spread of computer games' results
//! at one setting, and the grade (narrow, clear, decisive) of one result
//! against it. Every game keeps its spreads as data the simulator writes;
//! the end screens draw them.

use super::Invalid;
use serde::{Deserialize, Serialize};

/// The most bins a spread may have.
pub const MAX_BINS: usize = 200;

/// Which way a result is better for the side that won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Better {
    Higher,
    Lower,
}

/// The computer games that ended one way (one side's wins), counted by a
/// value (a bomb score, a round, targets bombed) in bins `width` wide
/// from `low`; the last bin holds everything above it, the first
/// everything below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spread {
    pub low: i32,
    pub width: u32,
    pub counts: Vec<u64>,
}

/// How clearly a result was won, against the computer games won the same
/// way: in the least clear third, the middle one, or the clearest third.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grade {
    Narrow,
    Clear,
    Decisive,
}

impl Grade {
    pub fn name(self) -> &'static str {
        match self {
            Grade::Narrow => "narrow",
            Grade::Clear => "clear",
            Grade::Decisive => "decisive",
        }
    }
}

impl Spread {
    /// An empty spread of `bins` bins.
    pub fn new(low: i32, width: u32, bins: usize) -> Spread {
        Spread {
            low,
            width: width.max(1),
            counts: vec![0; bins.max(1)],
        }
    }

    /// The bin that holds `value`.
    pub fn bin(&self, value: i32) -> usize {
        let last = self.counts.len().saturating_sub(1);
        if value < self.low {
            return 0;
        }
        (((value as i64 - self.low as i64) / self.width as i64) as usize).min(last)
    }

    /// Counts one game.
    pub fn add(&mut self, value: i32) {
        let b = self.bin(value);
        self.counts[b] += 1;
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The lowest value bin `b` holds (the first bin also holds lower ones).
    pub fn bin_low(&self, b: usize) -> i32 {
        self.low
            .saturating_add((b as i64 * self.width as i64) as i32)
    }

    /// The share (0 to 1) of the counted games whose result was less
    /// clear than `value`, `better` saying which way is clearer; games in
    /// the same bin count half. None when no game was counted.
    pub fn beaten(&self, value: i32, better: Better) -> Option<f64> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let b = self.bin(value);
        let (below, above): (u64, u64) = (
            self.counts[..b].iter().sum(),
            self.counts[b + 1..].iter().sum(),
        );
        let worse = match better {
            Better::Higher => below,
            Better::Lower => above,
        };
        Some((worse as f64 + self.counts[b] as f64 / 2.0) / total as f64)
    }

    /// The grade of a result of `value` against the games counted: narrow
    /// when it was clearer than under a third of them, decisive when it was
    /// clearer than two thirds or more. None when nothing was counted.
    pub fn grade(&self, value: i32, better: Better) -> Option<Grade> {
        let p = self.beaten(value, better)?;
        Some(if p < 1.0 / 3.0 {
            Grade::Narrow
        } else if p < 2.0 / 3.0 {
            Grade::Clear
        } else {
            Grade::Decisive
        })
    }

    /// The spread with only the bins whose lowest value `keep` keeps (one
    /// side's wins, when the bins split where the result changes hands).
    pub fn only(&self, keep: impl Fn(i32) -> bool) -> Spread {
        let mut s = self.clone();
        for (b, c) in s.counts.iter_mut().enumerate() {
            if !keep(self.bin_low(b)) {
                *c = 0;
            }
        }
        s
    }

    /// What is wrong with the spread: RON paths (under `at`) and messages.
    pub fn validate(&self, at: &str, games: u64) -> Vec<Invalid> {
        let mut e = Vec::new();
        if self.width == 0 {
            e.push(Invalid {
                path: format!("{at}.width"),
                message: "a bin is at least 1 wide".into(),
            });
        }
        if self.counts.is_empty() || self.counts.len() > MAX_BINS {
            e.push(Invalid {
                path: format!("{at}.counts"),
                message: format!("1 to {MAX_BINS} bins"),
            });
        }
        if self
            .counts
            .iter()
            .try_fold(0u64, |a, c| a.checked_add(*c))
            .is_none_or(|t| t > games)
        {
            e.push(Invalid {
                path: format!("{at}.counts"),
                message: format!("more games counted than the {games} played"),
            });
        }
        e
    }
}

/// The most rows a spreads table may hold.
pub const MAX_ROWS: usize = 1024;

/// `levels/<game>/spreads.ron`: for each setting a game's end screen may
/// be asked about, the spread of the computer's games by the way they
/// ended. The simulator writes it (`simulate --write-spreads FILE`); a
/// test plays rows again and must find the same counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpreadTable {
    /// Games per setting, on the seeds `sub_seed(seed, 0..games)`.
    pub games: u64,
    pub seed: u64,
    pub rows: Vec<SpreadRow>,
}

/// The games of one setting that ended one way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpreadRow {
    /// The setting, as the game names it (e.g. "full, 4 commanders").
    pub setting: String,
    /// How the games ended (e.g. "won", "nightfall").
    pub outcome: String,
    /// Which way the counted value is the clearer result.
    pub better: Better,
    pub spread: Spread,
}

impl SpreadTable {
    pub fn find(&self, setting: &str, outcome: &str) -> Option<&SpreadRow> {
        self.rows
            .iter()
            .find(|r| r.setting == setting && r.outcome == outcome)
    }

    /// What is wrong with the table, given the settings and outcomes the
    /// game knows: RON paths and messages.
    pub fn validate(&self, settings: &[String], outcomes: &[&str]) -> Vec<Invalid> {
        let mut e = Vec::new();
        if self.games == 0 || self.games > 10_000_000 {
            e.push(Invalid::new("games", "1 to 10,000,000 games a setting"));
        }
        if self.rows.len() > MAX_ROWS {
            return vec![Invalid::new("rows", format!("at most {MAX_ROWS} rows"))];
        }
        for (i, r) in self.rows.iter().enumerate() {
            let at = format!("rows[{i}]");
            if !settings.contains(&r.setting) {
                e.push(Invalid::new(
                    format!("{at}.setting"),
                    format!(
                        "no setting \"{}\" (settings: {})",
                        r.setting,
                        settings.join("; ")
                    ),
                ));
            }
            if !outcomes.contains(&r.outcome.as_str()) {
                e.push(Invalid::new(
                    format!("{at}.outcome"),
                    format!(
                        "no outcome \"{}\" (outcomes: {})",
                        r.outcome,
                        outcomes.join(", ")
                    ),
                ));
            }
            e.extend(r.spread.validate(&format!("{at}.spread"), self.games));
            if self.rows[..i]
                .iter()
                .any(|o| o.setting == r.setting && o.outcome == r.outcome)
            {
                e.push(Invalid::new(at, "this row is listed twice"));
            }
        }
        e
    }
}

/// Wilson score interval for k successes in n trials at 95%.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spread(counts: &[u64]) -> Spread {
        Spread {
            low: 0,
            width: 2,
            counts: counts.to_vec(),
        }
    }

    #[test]
    fn values_fall_in_their_bins_and_the_ends_hold_the_rest() {
        let s = spread(&[0; 5]);
        assert_eq!(s.bin(-7), 0);
        assert_eq!(s.bin(0), 0);
        assert_eq!(s.bin(1), 0);
        assert_eq!(s.bin(2), 1);
        assert_eq!(s.bin(9), 4);
        assert_eq!(s.bin(500), 4);
        assert_eq!(s.bin_low(3), 6);
    }

    #[test]
    fn a_result_is_graded_by_the_share_of_games_it_beat_in_its_direction() {
        // Thirty games at each of 0-1, 2-3 and 4-5.
        let s = spread(&[30, 30, 30]);
        assert_eq!(s.beaten(4, Better::Higher), Some(75.0 / 90.0));
        assert_eq!(s.grade(4, Better::Higher), Some(Grade::Decisive));
        assert_eq!(s.grade(2, Better::Higher), Some(Grade::Clear));
        assert_eq!(s.grade(0, Better::Higher), Some(Grade::Narrow));
        // The same values the other way round.
        assert_eq!(s.grade(4, Better::Lower), Some(Grade::Narrow));
        assert_eq!(s.grade(0, Better::Lower), Some(Grade::Decisive));
        assert_eq!(spread(&[0, 0]).grade(1, Better::Higher), None);
    }

    #[test]
    fn a_spread_counting_more_games_than_were_played_is_refused() {
        let mut s = spread(&[3, 4]);
        assert!(s.validate("x", 7).is_empty());
        assert_eq!(s.validate("x", 6)[0].path, "x.counts");
        s.counts = vec![u64::MAX, 1];
        assert_eq!(s.validate("x", 6)[0].path, "x.counts");
        s.counts.clear();
        assert!(!s.validate("x", 6).is_empty());
    }
}
