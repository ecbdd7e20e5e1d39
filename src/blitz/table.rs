//! The Blitz's tables: each is thrown with its dice, the total modified,
//! and looked up in rows that cover every total the dice can show (a
//! modified total beyond them reads the first or the last row). A double
//! (two dice showing the same face) is kept: the amendments make C-1's
//! doubles matter.

use crate::common::dice::{Dice, DieKind};
use crate::common::invalid::{too_long, Invalid};
use serde::{Deserialize, Serialize};

/// The most rows a table may have.
pub const MAX_ROWS: usize = 100;

/// The dice a table is thrown with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Throw {
    D6,
    TwoD6,
    D10,
    /// Two ten-sided dice added (2 to 20): evasive action's 2d10.
    TwoD10,
    /// Percentile dice, 1 to 100 (00 reads 100).
    D100,
}

impl Throw {
    /// The smallest and largest totals.
    pub fn range(self) -> (i16, i16) {
        match self {
            Throw::D6 => (1, 6),
            Throw::TwoD6 => (2, 12),
            Throw::D10 => (1, 10),
            Throw::TwoD10 => (2, 20),
            Throw::D100 => (1, 100),
        }
    }

    /// The sides of each die thrown.
    pub fn dice(self) -> &'static [u8] {
        match self {
            Throw::D6 => &[6],
            Throw::TwoD6 => &[6, 6],
            Throw::D10 => &[10],
            Throw::TwoD10 => &[10, 10],
            Throw::D100 => &[100],
        }
    }

    /// The dice thrown, with the game's own dice.
    pub fn roll(self, dice: &mut Dice) -> Rolled {
        Rolled {
            faces: self
                .dice()
                .iter()
                .map(|&s| dice.roll(DieKind::Other, s))
                .collect(),
        }
    }
}

/// What the dice showed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    pub faces: Vec<u8>,
}

impl Rolled {
    /// The unmodified total.
    pub fn total(&self) -> i16 {
        self.faces.iter().map(|&f| f as i16).sum()
    }

    /// Two dice showing the same face.
    pub fn double(&self) -> bool {
        matches!(self.faces[..], [a, b] if a == b)
    }
}

/// A row: totals `from` to `to` inclusive give `then`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row<T> {
    pub from: i16,
    pub to: i16,
    pub then: T,
}

/// A table as written in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table<T> {
    pub dice: Throw,
    pub rows: Vec<Row<T>>,
}

impl<T> Table<T> {
    /// Every problem with the rows, at `path`: they run in order from the
    /// dice's smallest total to their largest, each total once.
    pub fn validate(&self, path: &str) -> Vec<Invalid> {
        let rows = format!("{path}.rows");
        if let Some(e) = too_long(&rows, &self.rows, MAX_ROWS, "rows") {
            return vec![e];
        }
        let (lo, hi) = self.dice.range();
        let mut next = lo;
        for (i, r) in self.rows.iter().enumerate() {
            if r.from != next {
                return vec![Invalid::new(
                    format!("{rows}[{i}].from"),
                    format!(
                        "row {} starts at {}: the rows must run on from {next}, each total once",
                        i + 1,
                        r.from
                    ),
                )];
            }
            if r.to < r.from || r.to > hi {
                return vec![Invalid::new(
                    format!("{rows}[{i}].to"),
                    format!(
                        "row {} ends at {}: from {} to at most {hi}, the dice's largest total",
                        i + 1,
                        r.to,
                        r.from
                    ),
                )];
            }
            next = r.to + 1;
        }
        if next != hi + 1 {
            return vec![Invalid::new(
                rows,
                format!("the rows end at {}: these dice run to {hi}", next - 1),
            )];
        }
        Vec::new()
    }

    /// The row a (modified) total reads: beyond the dice's range, the
    /// first or the last.
    pub fn get(&self, total: i16) -> &T {
        let (lo, hi) = self.dice.range();
        let t = total.clamp(lo, hi);
        &self
            .rows
            .iter()
            .find(|r| r.from <= t && t <= r.to)
            .expect("validated: every total has its row")
            .then
    }

    /// Every entry, in row order.
    pub fn entries(&self) -> impl Iterator<Item = &T> {
        self.rows.iter().map(|r| &r.then)
    }
}
