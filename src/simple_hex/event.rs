//! What happens in Simple Hex: the only way its state changes. Every command
//! is recorded in the events it causes (the unit and column of an entry, each
//! step, each shot and its dice), so the log is the whole game.

use super::{Angle, Outcome, PlaneId, Side, Step};
use crate::common::hex::{End, Facing};
use hexx::Hex;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loss {
    Killed { by: PlaneId },
    DamagedAgain { by: PlaneId },
    CannotMove,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    AttackBegan {
        attack: u8,
    },
    RepairRolled {
        plane: PlaneId,
        roll: u8,
        returned: bool,
    },
    ActivationRolled {
        plane: PlaneId,
        roll: u8,
        activated: bool,
    },
    /// A plane flies without an activation roll (`Opening::Scramble`).
    Scrambled {
        plane: PlaneId,
    },
    EntryBegan {
        side: Side,
    },
    Staged {
        plane: PlaneId,
        column: u8,
    },
    Placed {
        plane: PlaneId,
        hex: Hex,
        facing: Facing,
        damaged: bool,
    },
    RoundBegan {
        round: u16,
    },
    /// A plane's speed die, rolled before its move: with all of its side's
    /// when the side starts to move in a round (`SpeedDice::EachSide`).
    SpeedRolled {
        plane: PlaneId,
        roll: u8,
    },
    MoveBegan {
        plane: PlaneId,
        speed_roll: Option<u8>,
        allowance: u8,
    },
    Stepped {
        plane: PlaneId,
        step: Step,
        to: Hex,
        facing: Facing,
        cost: u8,
    },
    Exited {
        plane: PlaneId,
        step: Step,
        end: End,
    },
    Bombed {
        plane: PlaneId,
        rolls: Vec<u8>,
        points: u32,
    },
    Fired {
        attacker: PlaneId,
        target: PlaneId,
        angle: Angle,
        roll: u8,
        outcome: Outcome,
        return_roll: Option<u8>,
        return_outcome: Outcome,
    },
    Damaged {
        plane: PlaneId,
    },
    Destroyed {
        plane: PlaneId,
        loss: Loss,
    },
    MoveEnded {
        plane: PlaneId,
    },
    BrokeOff {
        plane: PlaneId,
    },
    AttackEnded {
        attack: u8,
        score: u32,
    },
    GameOver {
        winner: Side,
        score: u32,
    },
    /// A face-down formation turned face up: an enemy plane came within
    /// `Scenario::spot_reach` of one of its planes.
    Spotted {
        formation: u8,
    },
}
