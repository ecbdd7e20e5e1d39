//! Movement legality, one step at a time: straight ahead, forward-left,
//! forward-right (turning to face the way it moved) or an Immelmann loop.
//! `step_to` is the rule for one step; the move search (`search`) answers
//! the questions about whole moves.

use super::{Illegal, PlaneId};
use crate::common::hex::{Board, End, Facing, Spot};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// One movement choice of the active plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    Forward,
    Left,
    Right,
    Immelmann,
}

impl Step {
    pub const ALL: [Step; 4] = [Step::Forward, Step::Left, Step::Right, Step::Immelmann];
    /// The three one-hex steps.
    pub const MOVES: [Step; 3] = [Step::Forward, Step::Left, Step::Right];

    /// The facing after this step from `facing`.
    pub fn turn(self, facing: Facing) -> Facing {
        match self {
            Step::Forward => facing,
            Step::Left => facing.left(),
            Step::Right => facing.right(),
            Step::Immelmann => facing.reverse(),
        }
    }
}

/// What the moving plane is allowed to do.
#[derive(Clone, Copy, Debug)]
pub struct Mover {
    /// The plane's own end of entry (where a damaged plane must head).
    pub home: End,
    pub damaged: bool,
    /// Undamaged single-engine fighter.
    pub can_loop: bool,
    pub loop_cost: u8,
    /// The hex the plane stands on, occupying it on the board (None while it
    /// waits off the board, and while it is lifted off the mat in the middle
    /// of its move): it counts as free for the rest of its move, which
    /// leaves it.
    pub at: Option<Hex>,
}

/// Where a step takes the plane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepTo {
    Move {
        to: Hex,
        facing: Facing,
        cost: u8,
        /// The hex flown through on an Immelmann loop.
        via: Option<Hex>,
    },
    Exit {
        end: End,
        cost: u8,
        /// The off-board hex flown into, and the facing on leaving.
        to: Hex,
        facing: Facing,
    },
}

/// A damaged plane turns and heads for its own edge: each step must leave it
/// facing within 60 degrees of home, or, when it faces further away, turn it
/// 60 degrees closer (and it may not leave by the enemy's end: `step_to`).
/// Undamaged planes may turn either way.
pub fn turn_allowed(mover: &Mover, from: Facing, to: Facing) -> bool {
    if !mover.damaged {
        return true;
    }
    let home = mover.home.facing_toward();
    to.turns_to(home) <= from.turns_to(home).saturating_sub(1).max(1)
}

/// The result of one step from `from`, or why it is not allowed. Occupied hexes
/// may be flown through; only the loop's second hex must be free (the plane
/// turns onto it). Whether the move can be finished is the search's business.
pub fn step_to(
    board: &Board<PlaneId>,
    mover: &Mover,
    from: Hex,
    facing: Facing,
    step: Step,
    staged: bool,
    remaining: u8,
) -> Result<StepTo, Illegal> {
    if remaining == 0 {
        return Err(Illegal::NoMovesLeft);
    }
    if step == Step::Immelmann {
        if !mover.can_loop {
            return Err(Illegal::LoopNotAllowed);
        }
        if remaining < mover.loop_cost {
            return Err(Illegal::NotEnoughMovesForLoop {
                cost: mover.loop_cost,
                left: remaining,
            });
        }
        let h1 = facing.ahead(from);
        let h2 = facing.ahead(h1);
        if board.spot(h1) != Spot::On || board.spot(h2) != Spot::On {
            return Err(Illegal::LoopOffBoard);
        }
        if !board.is_free(h2) {
            return Err(Illegal::LoopEndOccupied);
        }
        return Ok(StepTo::Move {
            to: h2,
            facing: facing.reverse(),
            cost: mover.loop_cost,
            via: Some(h1),
        });
    }
    let new_facing = step.turn(facing);
    if !turn_allowed(mover, facing, new_facing) {
        return Err(Illegal::MustHeadHome);
    }
    let to = new_facing.ahead(from);
    match board.spot(to) {
        Spot::OffSide => Err(Illegal::OffTheSide),
        Spot::OffEnd(_) if staged => Err(Illegal::MustEnterBoard),
        Spot::OffEnd(end) if mover.damaged && end != mover.home => Err(Illegal::MustHeadHome),
        Spot::OffEnd(end) => Ok(StepTo::Exit {
            end,
            cost: 1,
            to,
            facing: new_facing,
        }),
        Spot::On => Ok(StepTo::Move {
            to,
            facing: new_facing,
            cost: 1,
            via: None,
        }),
    }
}
