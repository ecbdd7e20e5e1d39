//! How a tour is graded (docs/RULES.md, "How well the tour went"): its
//! rating placed among the automatic crew's tours, measured by the
//! simulator into `levels/blitz/spreads.ron`.

use crate::common::spread::{Better, Spread};

/// The one setting measured: the auto crew over the whole tour.
pub const SETTING: &str = "the automatic crew";

/// The one way a tour ends, for the table: every tour is rated alike,
/// flown to the last night or ended off operations.
pub const TOUR: &str = "tour";
pub const OUTCOMES: [&str; 1] = [TOUR];

/// A rating is better higher.
pub const BETTER: Better = Better::Higher;

/// The bins a tour's rating is counted in: 5 points wide from -100 (the
/// first holds everything lower, the last everything from 195).
pub fn empty() -> Spread {
    Spread::new(-100, 5, 60)
}
