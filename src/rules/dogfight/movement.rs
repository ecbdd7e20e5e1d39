//! Movement legality and the move search shared by `check()`, the opponents and
//! the screens. One step at a time: straight ahead, forward-left, forward-right
//! (turning to face the way it moved) or an Immelmann loop. The search answers
//! "can this plane still finish its move legally?" and lists every reachable
//! state, memoised on (hex, facing, moves left) in reused buffers: no allocation
//! once warmed up.

use super::{Illegal, PlaneId};
use crate::rules::hex::{Board, End, Facing, Link, Spot};
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

/// Where a step leads, in the search's terms: a cell, or off an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    Cell { cell: u16, facing: Facing, cost: u8 },
    Exit,
}

/// The step rules, once, over any kind of position `P` (a hex, or a cell
/// index): `ahead` says what lies ahead, `free` whether a cell may be stopped on.
#[inline]
fn step_rule<P: Copy>(
    mover: &Mover,
    (from, facing): (P, Facing),
    step: Step,
    staged: bool,
    remaining: u8,
    ahead: impl Fn(P, Facing) -> Ahead<P>,
    free: impl Fn(P) -> bool,
) -> Result<(Ahead<P>, Facing, u8, Option<P>), Illegal> {
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
        let Ahead::On(h1) = ahead(from, facing) else {
            return Err(Illegal::LoopOffBoard);
        };
        let Ahead::On(h2) = ahead(h1, facing) else {
            return Err(Illegal::LoopOffBoard);
        };
        if !free(h2) {
            return Err(Illegal::LoopEndOccupied);
        }
        return Ok((Ahead::On(h2), facing.reverse(), mover.loop_cost, Some(h1)));
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
    match ahead(from, new_facing) {
        Ahead::OffSide => Err(Illegal::OffTheSide),
        Ahead::OffEnd(..) if staged => Err(Illegal::MustEnterBoard),
        a => Ok((a, new_facing, 1, None)),
    }
}

/// What lies ahead of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ahead<P> {
    On(P),
    /// Off an end: the off-board hex is kept for the screens.
    OffEnd(End, Hex),
    OffSide,
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
    let ahead = |h: Hex, f: Facing| {
        let n = f.ahead(h);
        match board.spot(n) {
            Spot::On => Ahead::On(n),
            Spot::OffEnd(e) => Ahead::OffEnd(e, n),
            Spot::OffSide => Ahead::OffSide,
        }
    };
    let (to, facing, cost, via) =
        step_rule(mover, (from, facing), step, staged, remaining, ahead, |h| {
            board.is_free(h)
        })?;
    Ok(match to {
        Ahead::On(to) => StepTo::Move {
            to,
            facing,
            cost,
            via,
        },
        Ahead::OffEnd(end, to) => StepTo::Exit {
            end,
            cost,
            to,
            facing,
        },
        Ahead::OffSide => unreachable!("step_rule refuses the sides"),
    })
}

/// The same rule on dense cells, for the search's inner loop.
#[inline]
fn step_cell(
    board: &Board<PlaneId>,
    mover: &Mover,
    cell: u16,
    facing: Facing,
    step: Step,
    remaining: u8,
) -> Option<Landing> {
    let ahead = |c: u16, f: Facing| match board.link(c, f) {
        Link::Cell(n) => Ahead::On(n),
        Link::OffEnd(e) => Ahead::OffEnd(e, Hex::ZERO),
        Link::OffSide => Ahead::OffSide,
    };
    match step_rule(mover, (cell, facing), step, false, remaining, ahead, |c| {
        board.cell_is_free(c)
    }) {
        Ok((Ahead::On(cell), facing, cost, _)) => Some(Landing::Cell { cell, facing, cost }),
        Ok((Ahead::OffEnd(..), ..)) => Some(Landing::Exit),
        _ => None,
    }
}

/// One state reached by the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub hex: Hex,
    /// Dense board cell of `hex` (`Node::OFF_BOARD` for the staged start and exits).
    pub cell: u16,
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
    pub const OFF_BOARD: u16 = u16::MAX;
}

/// What the memo's answers depend on: the board's occupancy and the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Context {
    board_version: u64,
    home: End,
    damaged: bool,
    can_loop: bool,
    loop_cost: u8,
}

/// Reusable search buffers, sized for one board and the longest move. The
/// "can finish" memo stays valid while the board and the mover are unchanged,
/// so a check of each step of a move already explored costs next to nothing.
#[derive(Clone, Debug, Default)]
pub struct Search {
    stamp: u32,
    context: Option<Context>,
    memo_stamp: Vec<u32>,
    memo_val: Vec<bool>,
    seen: u32,
    seen_stamp: Vec<u32>,
    /// For each (cell, facing): the first node of the last exploration there.
    first_node: Vec<(u32, u16)>,
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
            context: None,
            memo_stamp: vec![0; n],
            memo_val: vec![false; n],
            seen: 0,
            seen_stamp: vec![0; n],
            first_node: vec![(0, 0); cells * 6],
            max_rem,
            evaluated: 0,
        }
    }

    fn key(&self, cell: usize, facing: Facing, rem: u8) -> usize {
        (cell * 6 + facing as usize) * (self.max_rem + 1) + rem as usize
    }

    /// Starts a query: forgets the memo unless the context is the same.
    fn begin(&mut self, board: &Board<PlaneId>, mover: &Mover) {
        let ctx = Context {
            board_version: board.version(),
            home: mover.home,
            damaged: mover.damaged,
            can_loop: mover.can_loop,
            loop_cost: mover.loop_cost,
        };
        if self.context == Some(ctx) {
            return;
        }
        self.context = Some(ctx);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.memo_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    fn begin_seen(&mut self) {
        self.seen = self.seen.wrapping_add(1);
        if self.seen == 0 {
            self.seen_stamp.iter_mut().for_each(|s| *s = 0);
            self.first_node.iter_mut().for_each(|s| *s = (0, 0));
            self.seen = 1;
        }
    }

    /// The first node of the last `explore` at (cell, facing), if any.
    pub fn node_at(&self, cell: u16, facing: Facing) -> Option<u16> {
        let (stamp, i) = self.first_node[cell as usize * 6 + facing as usize];
        (stamp == self.seen).then_some(i)
    }

    /// Can a plane at `hex` facing `facing` with `rem` moves left finish its move:
    /// use them all and stop on a free hex, or leave by an end? A `staged` plane
    /// waits off the board at `hex` and its first step must bring it on.
    pub fn can_finish(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        hex: Hex,
        facing: Facing,
        rem: u8,
        staged: bool,
    ) -> bool {
        self.begin(board, mover);
        if staged {
            return Step::ALL.iter().any(|&s| {
                match step_to(board, mover, hex, facing, s, true, rem) {
                    Ok(StepTo::Move {
                        to, facing, cost, ..
                    }) => {
                        let cell = board.index(to).expect("on board") as u16;
                        self.finish(board, mover, cell, facing, rem - cost)
                    }
                    _ => false,
                }
            });
        }
        match board.index(hex) {
            Some(cell) => self.finish(board, mover, cell as u16, facing, rem),
            None => false,
        }
    }

    fn finish(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        cell: u16,
        facing: Facing,
        rem: u8,
    ) -> bool {
        if rem == 0 {
            return board.cell_is_free(cell);
        }
        let k = self.key(cell as usize, facing, rem);
        if self.memo_stamp[k] == self.stamp {
            return self.memo_val[k];
        }
        self.evaluated += 1;
        let mut ok = false;
        for s in Step::ALL {
            ok = match step_cell(board, mover, cell, facing, s, rem) {
                Some(Landing::Exit) => true,
                Some(Landing::Cell { cell, facing, cost }) => {
                    self.finish(board, mover, cell, facing, rem - cost)
                }
                None => false,
            };
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
        self.begin(board, mover);
        self.begin_seen();
        nodes.clear();
        nodes.push(Node {
            hex: start.0,
            cell: if staged {
                Node::OFF_BOARD
            } else {
                board.index(start.0).map_or(Node::OFF_BOARD, |c| c as u16)
            },
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
                for s in Step::ALL {
                    // The start may be off the board (staged): use the hex rule
                    // there, and the cell tables everywhere else.
                    let to = if i == 0 {
                        match step_to(board, mover, n.hex, n.facing, s, staged, left) {
                            Ok(StepTo::Exit {
                                end,
                                cost,
                                to,
                                facing,
                            }) => Some((None, Some(end), to, facing, cost)),
                            Ok(StepTo::Move {
                                to, facing, cost, ..
                            }) => Some((board.index(to).map(|c| c as u16), None, to, facing, cost)),
                            Err(_) => None,
                        }
                    } else {
                        match step_cell(board, mover, n.cell, n.facing, s, left) {
                            Some(Landing::Exit) => {
                                let f = match s {
                                    Step::Left => n.facing.left(),
                                    Step::Right => n.facing.right(),
                                    _ => n.facing,
                                };
                                let to = f.ahead(n.hex);
                                match board.spot(to) {
                                    Spot::OffEnd(end) => Some((None, Some(end), to, f, 1)),
                                    _ => None,
                                }
                            }
                            Some(Landing::Cell { cell, facing, cost }) => {
                                Some((Some(cell), None, board.cell_hex(cell), facing, cost))
                            }
                            None => None,
                        }
                    };
                    let Some((cell, exit, to, facing, cost)) = to else {
                        continue;
                    };
                    let used = n.used + cost;
                    if let Some(end) = exit {
                        let e = end as usize;
                        if !exits[e] {
                            exits[e] = true;
                            nodes.push(Node {
                                hex: to,
                                cell: Node::OFF_BOARD,
                                facing,
                                used,
                                parent: i as u16,
                                step: Some(s),
                                exit: Some(end),
                            });
                        }
                        continue;
                    }
                    let Some(cell) = cell else { continue };
                    let k = self.key(cell as usize, facing, rem - used);
                    if self.seen_stamp[k] == self.seen {
                        continue;
                    }
                    self.seen_stamp[k] = self.seen;
                    if self.finish(board, mover, cell, facing, rem - used) {
                        let slot = &mut self.first_node[cell as usize * 6 + facing as usize];
                        if slot.0 != self.seen {
                            *slot = (self.seen, nodes.len() as u16);
                        }
                        nodes.push(Node {
                            hex: to,
                            cell,
                            facing,
                            used,
                            parent: i as u16,
                            step: Some(s),
                            exit: None,
                        });
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
