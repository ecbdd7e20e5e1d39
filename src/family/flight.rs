//! The bombers' flights: where each spinner face would take a bomber.

use super::event::Return;
use crate::common::hex::Facing;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The longest bomber flight a rules file may ask for (`bomber_squares`).
pub const MAX_BOMBER_SQUARES: usize = 4;

/// One spinner face's flight for a bomber (see `Game::plan_flight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlightPlan {
    /// After the altitude change, which comes first.
    pub altitude: u8,
    /// The direction flown (and faced, unless it turns at the north edge).
    pub facing: Facing,
    /// The squares flown over, in order (fewer if an edge stops it).
    pub path: [Option<Hex>; MAX_BOMBER_SQUARES],
    pub end: FlightEnd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlightEnd {
    /// Ends on another bomber (or its start square): it stays where it was.
    Refused,
    /// Ends on this square; `turns`: at the north edge, it turns south.
    At { hex: Hex, turns: bool },
    /// Flies the path, then goes back to its start square.
    BackToStart(Return),
}

/// A plane on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Plane {
    Bomber(u8),
    Spitfire(u8),
}
