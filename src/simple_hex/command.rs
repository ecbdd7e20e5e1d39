//! What a player (or the opponent) decides in Simple Hex.

use super::{PlaneId, Step, UnitId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// Place a unit's activated planes at the entry edge in adjoining columns,
    /// from `column` on, in R, W, B, Y order.
    Enter { unit: UnitId, column: u8 },
    /// The active plane takes one step.
    Step(Step),
    /// The active fighter fires at an adjacent enemy.
    Attack { target: PlaneId },
    /// The active plane has no moves left and does not (or cannot) fire.
    EndMove,
}
