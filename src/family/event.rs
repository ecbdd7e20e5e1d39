//! What happens in the family game: the only way its state changes. Every
//! command is recorded in its events (each square flown, each altitude
//! change, each landing), so the log is the whole game.

use super::{Ending, Heading, Order};
use crate::common::hex::{End, Facing};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// Why a Spitfire left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Cause {
    OutOfFuel,
    Collision,
    BombedOnGround,
    /// Forced aside with no unoccupied square around it.
    NoRoomToGiveWay,
}

impl Cause {
    pub const ALL: [Cause; 4] = [
        Cause::OutOfFuel,
        Cause::Collision,
        Cause::BombedOnGround,
        Cause::NoRoomToGiveWay,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Cause::OutOfFuel => "ran out of fuel",
            Cause::Collision => "collision",
            Cause::BombedOnGround => "bombed on the ground",
            Cause::NoRoomToGiveWay => "no room to give way",
        }
    }
}

/// Why a bomber went back to its start square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Return {
    ShotDown,
    Collision,
    /// Sent off the east or west edge: out of reach of its target.
    OutOfReach,
    /// Flew off the south edge on its way home.
    Home,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// Setting up a position part-way: a bomber put on its square.
    BomberPlaced {
        bomber: u8,
        at: Hex,
        facing: Facing,
        course: End,
        altitude: u8,
    },
    /// Setting up a position part-way: a Spitfire put on its square.
    SpitfirePlaced {
        seat: u8,
        at: Hex,
        altitude: u8,
        fuel: u8,
    },
    /// Setting up a position part-way: a feature already bombed.
    KnockedOut {
        feature: u8,
    },
    RoundBegan {
        round: u32,
    },
    Spun {
        bomber: u8,
        roll: u8,
        climb: i8,
        heading: Heading,
        altitude: u8,
    },
    BomberFlew {
        bomber: u8,
        to: Hex,
        facing: Facing,
    },
    /// The move would have ended on another bomber (or its start square).
    BomberBlocked {
        bomber: u8,
    },
    /// Reached the north edge: from now on it flies south.
    BomberTurned {
        bomber: u8,
    },
    BomberReturned {
        bomber: u8,
        why: Return,
    },
    /// A campaign's raid: the plane leaves the board for good.
    BomberLeft {
        bomber: u8,
        why: Return,
    },
    /// A campaign's raid: a bomber reached the north edge, over its target,
    /// and dropped its bombs there.
    OverTarget {
        bomber: u8,
    },
    Bombed {
        bomber: u8,
        feature: u8,
    },
    /// The last AA battery of a sector is gone: its airfields are unusable.
    SectorUndefended {
        sector: u8,
    },
    Ordered(Order),
    /// An order that no longer applies (the Spitfire is gone or has moved).
    OrderLapsed,
    /// Radar order with no usable airfield free: the Spitfire stays up.
    NoAirfieldFree {
        seat: u8,
    },
    TurnBegan {
        seat: u8,
    },
    TurnSkipped {
        seat: u8,
    },
    /// Landed on radar orders this round: receiving new instructions costs
    /// the commander this round's turn.
    Briefed {
        seat: u8,
    },
    FuelBurned {
        seat: u8,
        fuel: u8,
    },
    TookOff {
        seat: u8,
        altitude: u8,
    },
    Climbed {
        seat: u8,
        altitude: u8,
    },
    Flew {
        seat: u8,
        to: Hex,
    },
    Landed {
        seat: u8,
        at: Hex,
        fuel: u8,
    },
    Waited {
        seat: u8,
    },
    GaveWay {
        seat: u8,
        to: Hex,
    },
    ShotDown {
        seat: u8,
        bomber: u8,
    },
    /// Two planes at one altitude on one square.
    Collided {
        seat: u8,
        bomber: Option<u8>,
        other_seat: Option<u8>,
        at: Hex,
    },
    SpitfireLost {
        seat: u8,
        cause: Cause,
    },
    TurnEnded {
        seat: u8,
    },
    GameOver {
        winner: Option<u8>,
        ending: Ending,
    },
}
