//! Movement legality and the move search shared by `check()`, the opponents and
//! the screens. One step at a time: straight ahead, forward-left, forward-right
//! (turning to face the way it moved) or an Immelmann loop. The search answers
//! "can this plane still finish its move legally?" and lists every reachable
//! state, memoised on (hex, facing, moves left) in reused buffers: no allocation
//! once warmed up.

use super::{Illegal, PlaneId};
use crate::rules::hex::{Board, End, Facing, Spot};
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
    let new_facing = match step {
        Step::Forward => facing,
        Step::Left => facing.left(),
        Step::Right => facing.right(),
        Step::Immelmann => unreachable!("handled above"),
    };
    if mover.damaged {
        let home = mover.home.facing_toward();
        let now = facing.turns_to(home);
        if new_facing.turns_to(home) > now.saturating_sub(1).max(1) {
            return Err(Illegal::MustHeadHome);
        }
    }
    let to = new_facing.ahead(from);
    match board.spot(to) {
        Spot::OffSide => Err(Illegal::OffTheSide),
        Spot::OffEnd(_) if staged => Err(Illegal::MustEnterBoard),
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

/// One state reached by the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub hex: Hex,
    pub facing: Facing,
    /// Moves used since the search's start.
    pub used: u8,
    /// Index of the node this one was reached from (`u16::MAX` for the start).
    pub parent: u16,
    pub step: Option<Step>,
    /// The plane left the board by this end.
    pub exit: Option<End>,
}

impl Node {
    pub const NO_PARENT: u16 = u16::MAX;
}

/// Reusable search buffers, sized for one board and the longest move.
#[derive(Clone, Debug, Default)]
pub struct Search {
    stamp: u32,
    memo_stamp: Vec<u32>,
    memo_val: Vec<bool>,
    seen_stamp: Vec<u32>,
    max_rem: usize,
    /// Statistics for the benchmark: states evaluated.
    pub evaluated: u64,
}

impl Search {
    pub fn new(cells: usize, max_rem: u8) -> Self {
        let max_rem = max_rem as usize;
        let n = cells * 6 * (max_rem + 1);
        Search {
            stamp: 0,
            memo_stamp: vec![0; n],
            memo_val: vec![false; n],
            seen_stamp: vec![0; n],
            max_rem,
            evaluated: 0,
        }
    }

    fn key(&self, cell: usize, facing: Facing, rem: u8) -> usize {
        (cell * 6 + facing as usize) * (self.max_rem + 1) + rem as usize
    }

    fn begin(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.memo_stamp.iter_mut().for_each(|s| *s = 0);
            self.seen_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Can a plane at `hex` facing `facing` with `rem` moves left finish its move:
    /// use them all and stop on a free hex, or leave by an end?
    pub fn can_finish(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        hex: Hex,
        facing: Facing,
        rem: u8,
        staged: bool,
    ) -> bool {
        self.begin();
        self.finish(board, mover, hex, facing, rem, staged)
    }

    fn finish(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        hex: Hex,
        facing: Facing,
        rem: u8,
        staged: bool,
    ) -> bool {
        if staged {
            // Off-board start: the first step must bring the plane on.
            return Step::ALL.iter().any(|&s| {
                match step_to(board, mover, hex, facing, s, true, rem) {
                    Ok(StepTo::Move { to, facing, cost, .. }) => {
                        self.finish(board, mover, to, facing, rem - cost, false)
                    }
                    _ => false,
                }
            });
        }
        if rem == 0 {
            return board.is_free(hex);
        }
        let Some(cell) = board.index(hex) else {
            return false;
        };
        let k = self.key(cell, facing, rem);
        if self.memo_stamp[k] == self.stamp {
            return self.memo_val[k];
        }
        self.evaluated += 1;
        let mut ok = false;
        for s in Step::ALL {
            match step_to(board, mover, hex, facing, s, false, rem) {
                Ok(StepTo::Exit { .. }) => ok = true,
                Ok(StepTo::Move { to, facing, cost, .. }) => {
                    ok = self.finish(board, mover, to, facing, rem - cost, false)
                }
                Err(_) => {}
            }
            if ok {
                break;
            }
        }
        self.memo_stamp[k] = self.stamp;
        self.memo_val[k] = ok;
        ok
    }

    /// Lists every state the plane can reach from which its move can still be
    /// finished, breadth first, each (hex, facing, moves used) once. `nodes[0]`
    /// is the start. Exit nodes are kept once per end.
    pub fn explore(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        start: (Hex, Facing),
        staged: bool,
        rem: u8,
        nodes: &mut Vec<Node>,
    ) {
        self.begin();
        nodes.clear();
        nodes.push(Node {
            hex: start.0,
            facing: start.1,
            used: 0,
            parent: Node::NO_PARENT,
            step: None,
            exit: None,
        });
        let mut exits = [false; 2];
        let mut i = 0;
        while i < nodes.len() {
            let n = nodes[i];
            let left = rem - n.used;
            if n.exit.is_none() && left > 0 {
                let from_staged = staged && i == 0;
                for s in Step::ALL {
                    match step_to(board, mover, n.hex, n.facing, s, from_staged, left) {
                        Ok(StepTo::Exit {
                            end,
                            cost,
                            to,
                            facing,
                        }) => {
                            let e = end as usize;
                            if !exits[e] {
                                exits[e] = true;
                                nodes.push(Node {
                                    hex: to,
                                    facing,
                                    used: n.used + cost,
                                    parent: i as u16,
                                    step: Some(s),
                                    exit: Some(end),
                                });
                            }
                        }
                        Ok(StepTo::Move { to, facing, cost, .. }) => {
                            let used = n.used + cost;
                            let Some(cell) = board.index(to) else { continue };
                            let k = self.key(cell, facing, rem - used);
                            if self.seen_stamp[k] == self.stamp {
                                continue;
                            }
                            self.seen_stamp[k] = self.stamp;
                            if self.finish(board, mover, to, facing, rem - used, false) {
                                nodes.push(Node {
                                    hex: to,
                                    facing,
                                    used,
                                    parent: i as u16,
                                    step: Some(s),
                                    exit: None,
                                });
                            }
                        }
                        Err(_) => {}
                    }
                }
            }
            i += 1;
        }
    }
}

/// The steps that lead from the start to `nodes[index]`, in order.
pub fn path_to(nodes: &[Node], index: usize, out: &mut Vec<Step>) {
    out.clear();
    let mut i = index;
    while nodes[i].parent != Node::NO_PARENT {
        out.push(nodes[i].step.expect("non-start nodes have a step"));
        i = nodes[i].parent as usize;
    }
    out.reverse();
}
