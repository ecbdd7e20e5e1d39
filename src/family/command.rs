//! What a commander decides (and the bombers' spin, which anyone may call).

use crate::common::hex::strict_hex;
use hexx::Hex;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// Spin the flight indicator for the next bomber and fly it.
    Spin,
    /// On the ground: climb to cruising altitude above the airfield.
    TakeOff,
    /// Do nothing this turn (in the air or on the ground).
    Wait,
    /// Stay in place and climb (or dive, negative) this many notches.
    Climb(i8),
    /// Change altitude by `climb`, then fly to `to` (through `via` when two squares).
    Move {
        #[serde(with = "strict_hex")]
        to: Hex,
        #[serde(with = "strict_hex::option")]
        via: Option<Hex>,
        climb: i8,
    },
    /// Land on an airfield within range.
    Land {
        #[serde(with = "strict_hex")]
        at: Hex,
    },
    /// Forced aside: move to this adjacent unoccupied square.
    GiveWay {
        #[serde(with = "strict_hex")]
        to: Hex,
    },
    /// Radar bombed: land on this airfield (anywhere on the board).
    RadarLand {
        #[serde(with = "strict_hex")]
        at: Hex,
    },
}
