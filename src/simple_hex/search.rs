//! The move search shared by `check()`, the opponents and the screens.
//!
//! `step_to` is the rule for one step. The search answers "can this plane still
//! finish its move legally?" and "where can it get to?" for whole boards at once,
//! as bit sets of cells per facing and per number of moves (one bit a cell). A
//! step in a direction is a shift of those sets; the shifts and their masks are
//! read off the board's neighbour table, which hexx computed, so no hex
//! geometry is written here. Buffers are reused: no allocation per move.

use super::movement::{step_to, turn_allowed, Mover, Step, StepTo};
use super::PlaneId;
use crate::common::hex::{Board, End, Facing, Link};
use hexx::Hex;

/// One state reached by the search, for screens and tests (`Search::explore`).
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

/// The cells whose neighbour in one direction lies `delta` cells further on in
/// the dense index (one part per column parity), and the cells facing off an end.
#[derive(Clone, Debug)]
struct Direction {
    parts: Vec<(Vec<u64>, i32)>,
    /// The same parts, as the cells stepped onto (each part's cells moved
    /// by its delta): a step forward is a shift and one mask.
    ahead: Vec<(Vec<u64>, i32)>,
    exit: [Vec<u64>; 2],
    exit_any: Vec<u64>,
}

/// What the finish tables depend on besides the free cells: the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Context {
    home: End,
    damaged: bool,
    can_loop: bool,
    loop_cost: u8,
}

/// An exit found by `reach`: moves used before the exit step, the cell left
/// from, the facing there, and the step that leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExitAt {
    pub used: u8,
    pub cell: u16,
    pub facing: Facing,
    pub step: Step,
}

/// Reusable search buffers for one board.
#[derive(Clone, Debug)]
pub struct Search {
    words: usize,
    max_rem: usize,
    dirs: Vec<Direction>,
    /// `fin[r][f]`: cells from which a plane facing f with r moves left can
    /// finish its move (stop on a free hex having used them all, or leave by an end).
    fin: Vec<u64>,
    /// Layers of `fin` computed for the current context.
    fin_ready: usize,
    fin_mover: Option<Mover>,
    context: Option<Context>,
    free: Vec<u64>,
    /// `reach[u][f]`: cells reached facing f having used u moves (last `reach`).
    reach: Vec<u64>,
    allowance: usize,
    mover: Option<Mover>,
    start: Option<(u16, Facing)>,
    /// First steps of a plane waiting off the board: (cell, facing, used, step).
    seeds: Vec<(u16, Facing, u8, Step)>,
    exits: [Option<ExitAt>; 2],
    /// The cells with an end of the board in some direction.
    exit_cells: Vec<u64>,
    tmp: Vec<u64>,
    tmp2: Vec<u64>,
}

/// The most steps `quick_finish` tries before leaving the answer to the tables.
const QUICK_STEPS: u32 = 24;

/// Looks depth first, straight on before turning, for one way to finish the
/// move, trying at most `budget` steps. True is a way found (so the tables
/// would say yes too: a path legal on the board as it is stays legal once
/// the mover has left its hex); false is only "not found", never "none".
fn quick_finish(
    board: &Board<PlaneId>,
    mover: &Mover,
    hex: Hex,
    facing: Facing,
    rem: u8,
    staged: bool,
    budget: &mut u32,
) -> bool {
    if rem == 0 {
        return !staged
            && board
                .index(hex)
                .is_some_and(|c| board.cell_is_free(c as u16) || mover.at == Some(hex));
    }
    for s in Step::ALL {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        match step_to(board, mover, hex, facing, s, staged, rem) {
            Ok(StepTo::Exit { .. }) => return true,
            Ok(StepTo::Move {
                to, facing, cost, ..
            }) => {
                if quick_finish(board, mover, to, facing, rem - cost, false, budget) {
                    return true;
                }
            }
            Err(_) => {}
        }
    }
    false
}

#[inline]
fn bit(set: &[u64], cell: u16) -> bool {
    set[cell as usize / 64] >> (cell % 64) & 1 == 1
}

#[inline]
fn set_bit(set: &mut [u64], cell: u16) {
    set[cell as usize / 64] |= 1 << (cell % 64);
}

/// `dst |= src` moved up by `n` bits (bit i to bit i + n), then `& mask`.
#[inline(always)]
fn or_shl<const MASKED: bool>(dst: &mut [u64], src: &[u64], n: u32, mask: &[u64]) {
    let w = dst.len().min(src.len());
    let (ws, bs) = ((n / 64) as usize, n % 64);
    for i in ws..w {
        let mut v = src[i - ws] << bs;
        if bs > 0 && i > ws {
            v |= src[i - ws - 1] >> (64 - bs);
        }
        dst[i] |= if MASKED { v & mask[i] } else { v };
    }
}

/// `dst |= src` moved down by `n` bits (bit i + n to bit i), then `& mask`.
#[inline(always)]
fn or_shr<const MASKED: bool>(dst: &mut [u64], src: &[u64], n: u32, mask: &[u64]) {
    let w = dst.len().min(src.len());
    let (ws, bs) = ((n / 64) as usize, n % 64);
    for i in 0..w.saturating_sub(ws) {
        let mut v = src[i + ws] >> bs;
        if bs > 0 && i + ws + 1 < w {
            v |= src[i + ws + 1] << (64 - bs);
        }
        dst[i] |= if MASKED { v & mask[i] } else { v };
    }
}

/// `dst |= src` with every bit moved by `delta` (then `& mask` if MASKED).
#[inline(always)]
fn or_moved<const MASKED: bool>(dst: &mut [u64], src: &[u64], delta: i32, mask: &[u64]) {
    if delta >= 0 {
        or_shl::<MASKED>(dst, src, delta as u32, mask)
    } else {
        or_shr::<MASKED>(dst, src, (-delta) as u32, mask)
    }
}

impl Search {
    pub fn new(board: &Board<PlaneId>, max_rem: u8) -> Search {
        let cells = board.len();
        let words = cells.div_ceil(64).max(1);
        assert!(
            words <= 64,
            "boards are at most 64 x 64 (validated on load)"
        );
        let max_rem = max_rem as usize;
        let dirs = Facing::ALL
            .iter()
            .map(|&d| {
                let mut parts: Vec<(Vec<u64>, i32)> = Vec::new();
                let mut ahead: Vec<(Vec<u64>, i32)> = Vec::new();
                let mut exit = [vec![0; words], vec![0; words]];
                let mut exit_any = vec![0; words];
                for c in 0..cells as u16 {
                    match board.link(c, d) {
                        Link::Cell(n) => {
                            let delta = n as i32 - c as i32;
                            let i = match parts.iter().position(|(_, dl)| *dl == delta) {
                                Some(i) => i,
                                None => {
                                    parts.push((vec![0; words], delta));
                                    ahead.push((vec![0; words], delta));
                                    parts.len() - 1
                                }
                            };
                            set_bit(&mut parts[i].0, c);
                            set_bit(&mut ahead[i].0, n);
                        }
                        Link::OffEnd(e) => {
                            set_bit(&mut exit[e as usize], c);
                            set_bit(&mut exit_any, c);
                        }
                        Link::OffSide => {}
                    }
                }
                Direction {
                    parts,
                    ahead,
                    exit,
                    exit_any,
                }
            })
            .collect::<Vec<Direction>>();
        let mut exit_cells = vec![0; words];
        for d in &dirs {
            for (e, x) in exit_cells.iter_mut().zip(&d.exit_any) {
                *e |= x;
            }
        }
        Search {
            words,
            exit_cells,
            max_rem,
            dirs,
            fin: vec![0; (max_rem + 1) * 6 * words],
            fin_ready: 0,
            fin_mover: None,
            context: None,
            free: vec![0; words],
            reach: vec![0; (max_rem + 1) * 6 * words],
            allowance: 0,
            mover: None,
            start: None,
            seeds: Vec::with_capacity(4),
            exits: [None; 2],
            tmp: vec![0; words],
            tmp2: vec![0; words],
        }
    }

    fn at(&self, layer: usize, facing: Facing) -> std::ops::Range<usize> {
        let s = (layer * 6 + facing as usize) * self.words;
        s..s + self.words
    }

    /// `dst |= the cells one step from src in direction d`.
    #[inline(always)]
    fn or_forward(dirs: &[Direction], dst: &mut [u64], src: &[u64], d: Facing) {
        for (mask, delta) in &dirs[d as usize].ahead {
            or_moved::<true>(dst, src, *delta, mask);
        }
    }

    /// `dst |= the cells whose neighbour in direction d is in src`.
    fn or_back(dirs: &[Direction], dst: &mut [u64], src: &[u64], d: Facing) {
        for (mask, delta) in &dirs[d as usize].parts {
            or_moved::<true>(dst, src, -delta, mask);
        }
    }

    /// Starts the finish tables for this board and mover, unless they are
    /// current. The mover's own hex (`own`) counts as free: it leaves it with
    /// its first step, and may come back to it. So the tables hold for every
    /// step of one plane's move (the other planes stand still), and are only
    /// worked out again when another plane moves or the mover changes.
    fn prepare(&mut self, board: &Board<PlaneId>, mover: &Mover, own: Option<u16>) {
        let ctx = Context {
            home: mover.home,
            damaged: mover.damaged,
            can_loop: mover.can_loop,
            loop_cost: mover.loop_cost,
        };
        let own_bit = |w: usize| match own {
            Some(c) if c as usize / 64 == w => 1u64 << (c % 64),
            _ => 0,
        };
        let same_free = board
            .free_bits()
            .iter()
            .enumerate()
            .all(|(w, &f)| self.free[w] == f | own_bit(w));
        if self.context == Some(ctx) && same_free {
            return;
        }
        self.context = Some(ctx);
        self.fin_mover = Some(*mover);
        for (w, &f) in board.free_bits().iter().enumerate() {
            self.free[w] = f | own_bit(w);
        }
        for f in Facing::ALL {
            let r = self.at(0, f);
            self.fin[r].copy_from_slice(&self.free);
        }
        self.fin_ready = 1;
    }

    /// Extends the finish tables (after `prepare`) up to `rem` moves left.
    fn ensure(&mut self, rem: usize) {
        let mover = self.fin_mover.expect("prepare ran");
        let w = self.words;
        let loop_cost = mover.loop_cost as usize;
        let rem = rem.min(self.max_rem);
        while self.fin_ready <= rem {
            let layer_rem = self.fin_ready;
            for f in Facing::ALL {
                let here = self.at(layer_rem, f).start;
                let (done, rest) = self.fin.split_at_mut(here);
                let acc = &mut rest[..w];
                acc.iter_mut().for_each(|x| *x = 0);
                let layer = |r: usize, f: Facing| {
                    let s = (r * 6 + f as usize) * w;
                    s..s + w
                };
                for s in Step::MOVES {
                    let to = s.turn(f);
                    if !turn_allowed(&mover, f, to) {
                        continue;
                    }
                    Self::or_back(&self.dirs, acc, &done[layer(layer_rem - 1, to)], to);
                    let dir = &self.dirs[to as usize];
                    let exits = if mover.damaged {
                        &dir.exit[mover.home as usize]
                    } else {
                        &dir.exit_any
                    };
                    for (a, e) in acc.iter_mut().zip(exits) {
                        *a |= e;
                    }
                }
                if mover.can_loop && layer_rem >= loop_cost {
                    let prev = &done[layer(layer_rem - loop_cost, f.reverse())];
                    for ((t, p), fr) in self.tmp.iter_mut().zip(prev).zip(&self.free) {
                        *t = p & fr;
                    }
                    self.tmp2.iter_mut().for_each(|x| *x = 0);
                    Self::or_back(&self.dirs, &mut self.tmp2, &self.tmp, f);
                    Self::or_back(&self.dirs, acc, &self.tmp2, f);
                }
            }
            self.fin_ready += 1;
        }
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
        // Nearly always some way out is found in a few steps: the tables are
        // only worked out when it is not.
        let mut budget = QUICK_STEPS;
        if quick_finish(board, mover, hex, facing, rem, staged, &mut budget) {
            return true;
        }
        let own = mover.at.and_then(|h| board.index(h)).map(|c| c as u16);
        self.prepare(board, mover, own);
        self.ensure(rem as usize);
        if staged {
            return Step::ALL.iter().any(|&s| {
                match step_to(board, mover, hex, facing, s, true, rem) {
                    Ok(StepTo::Move {
                        to, facing, cost, ..
                    }) => {
                        let cell = board.index(to).expect("on board") as u16;
                        self.finishes(cell, facing, rem - cost)
                    }
                    _ => false,
                }
            });
        }
        match board.index(hex) {
            Some(cell) => self.finishes(cell as u16, facing, rem),
            None => false,
        }
    }

    /// From the finish tables (after `can_finish` or `reach` prepared them for
    /// at least `rem`): can (cell, facing, rem) finish?
    pub fn finishes(&self, cell: u16, facing: Facing, rem: u8) -> bool {
        debug_assert!((rem as usize) < self.fin_ready);
        bit(&self.fin[self.at(rem as usize, facing)], cell)
    }

    /// Works out every state reachable from `start` with `rem` moves: afterwards
    /// `valid`, `first_valid`, `each_end`, `exit` and `path` answer questions.
    pub fn reach(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        start: (Hex, Facing),
        staged: bool,
        rem: u8,
    ) {
        self.reach_only(board, mover, start, staged, rem);
        self.ensure(rem as usize);
    }

    /// `reach` without the finish tables: afterwards `each_end`, `exit` and
    /// `path` answer, `valid` and `first_valid` do not.
    pub fn reach_only(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        start: (Hex, Facing),
        staged: bool,
        rem: u8,
    ) {
        // One copy of the search per common board width in words (up to
        // 256 cells), so its loops over a set's words are unrolled.
        match self.words {
            1 => self.reach_words::<1>(board, mover, start, staged, rem),
            2 => self.reach_words::<2>(board, mover, start, staged, rem),
            3 => self.reach_words::<3>(board, mover, start, staged, rem),
            4 => self.reach_words::<4>(board, mover, start, staged, rem),
            _ => self.reach_words::<0>(board, mover, start, staged, rem),
        }
    }

    /// `reach_only` on sets of `W` words (0: of `self.words` words).
    #[inline(always)]
    fn reach_words<const W: usize>(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        start: (Hex, Facing),
        staged: bool,
        rem: u8,
    ) {
        let own = mover.at.and_then(|h| board.index(h)).map(|c| c as u16);
        self.prepare(board, mover, own);
        let w = if W == 0 { self.words } else { W };
        debug_assert_eq!(w, self.words);
        let at = |layer: usize, facing: Facing| {
            let s = (layer * 6 + facing as usize) * w;
            s..s + w
        };
        let a = rem as usize;
        self.allowance = a;
        self.mover = Some(*mover);
        self.seeds.clear();
        self.exits = [None; 2];
        self.reach[..(a + 1) * 6 * w]
            .iter_mut()
            .for_each(|x| *x = 0);
        if staged {
            self.start = None;
            for s in Step::ALL {
                if let Ok(StepTo::Move {
                    to, facing, cost, ..
                }) = step_to(board, mover, start.0, start.1, s, true, rem)
                {
                    let cell = board.index(to).expect("on board") as u16;
                    let r = at(cost as usize, facing);
                    set_bit(&mut self.reach[r], cell);
                    self.seeds.push((cell, facing, cost, s));
                }
            }
        } else {
            let cell = board.index(start.0).expect("on board") as u16;
            self.start = Some((cell, start.1));
            let r = at(0, start.1);
            set_bit(&mut self.reach[r], cell);
        }
        let loop_cost = mover.loop_cost as usize;
        let (mut t1, mut t2, mut t3) = ([0u64; 64], [0u64; 64], [0u64; 64]);
        let (tmp, tmp2, tmp3) = (&mut t1[..w], &mut t2[..w], &mut t3[..w]);
        for u in 0..a {
            // Exits: the first found per end, looking from each facing in
            // turn and each step from it (none while the layer has no cell
            // next to an end).
            let near_end = Facing::ALL.iter().any(|&f| {
                self.reach[at(u, f)]
                    .iter()
                    .zip(&self.exit_cells)
                    .any(|(r, e)| r & e != 0)
            });
            for f in Facing::ALL {
                let leaves_any = near_end && self.exits.iter().any(Option::is_none);
                if !leaves_any {
                    break;
                }
                let src = &self.reach[at(u, f)];
                if src.iter().all(|&x| x == 0) {
                    continue;
                }
                for s in Step::MOVES {
                    let to = s.turn(f);
                    if !turn_allowed(mover, f, to) {
                        continue;
                    }
                    let ex_any = &self.dirs[to as usize].exit_any;
                    if !src.iter().zip(ex_any).any(|(t, e)| t & e != 0) {
                        continue;
                    }
                    for e in [End::North, End::South] {
                        if self.exits[e as usize].is_some() || mover.damaged && e != mover.home {
                            continue;
                        }
                        let ex = &self.dirs[to as usize].exit[e as usize];
                        if let Some(i) = (0..w).find(|&i| src[i] & ex[i] != 0) {
                            let b = (src[i] & ex[i]).trailing_zeros() as usize;
                            self.exits[e as usize] = Some(ExitAt {
                                used: u as u8,
                                cell: (i * 64 + b) as u16,
                                facing: f,
                                step: s,
                            });
                        }
                    }
                }
            }
            // One hex on: every facing the step may come from, at once (a
            // step is a shift of the set, so the shift of their union is the
            // union of their shifts).
            for to in Facing::ALL {
                tmp.iter_mut().for_each(|x| *x = 0);
                let mut any = false;
                for from in [to, to.right(), to.left()] {
                    if !turn_allowed(mover, from, to) {
                        continue;
                    }
                    for (t, r) in tmp.iter_mut().zip(&self.reach[at(u, from)]) {
                        *t |= r;
                        any |= *r != 0;
                    }
                }
                if any {
                    let dst = at(u + 1, to);
                    Self::or_forward(&self.dirs, &mut self.reach[dst], tmp, to);
                }
            }
            if mover.can_loop && u + loop_cost <= a {
                for f in Facing::ALL {
                    let src = at(u, f);
                    if self.reach[src.clone()].iter().all(|&x| x == 0) {
                        continue;
                    }
                    tmp.copy_from_slice(&self.reach[src]);
                    tmp2.iter_mut().for_each(|x| *x = 0);
                    Self::or_forward(&self.dirs, tmp2, tmp, f);
                    tmp3.iter_mut().for_each(|x| *x = 0);
                    Self::or_forward(&self.dirs, tmp3, tmp2, f);
                    let dst = &mut self.reach[at(u + loop_cost, f.reverse())];
                    for ((d, t), fr) in dst.iter_mut().zip(tmp3.iter()).zip(&self.free) {
                        *d |= t & fr;
                    }
                }
            }
        }
    }

    /// After `reach`: is (cell, facing) reached having used `used` moves, with
    /// a legal way to finish from there?
    pub fn valid(&self, cell: u16, facing: Facing, used: u8) -> bool {
        let u = used as usize;
        u <= self.allowance
            && bit(&self.reach[self.at(u, facing)], cell)
            && self.finishes(cell, facing, (self.allowance - u) as u8)
    }

    /// After `reach_only`: the fewest moves, at least `min_used`, after which
    /// the plane can stand on `cell` facing `facing` with a legal way to
    /// finish; the same answer as `first_valid`, but the finish tables are
    /// only worked out if a quick look finds no way out (nearly never).
    pub fn first_valid_lazy(
        &mut self,
        board: &Board<PlaneId>,
        cell: u16,
        facing: Facing,
        min_used: u8,
    ) -> Option<u8> {
        let mover = self.mover.expect("reach ran");
        let a = self.allowance as u8;
        for u in min_used..=a {
            if !bit(&self.reach[self.at(u as usize, facing)], cell) {
                continue;
            }
            let rem = a - u;
            let mut budget = QUICK_STEPS;
            let hex = board.cell_hex(cell);
            if quick_finish(board, &mover, hex, facing, rem, false, &mut budget) {
                return Some(u);
            }
            self.ensure(rem as usize);
            if self.finishes(cell, facing, rem) {
                return Some(u);
            }
        }
        None
    }

    /// After `reach`: the fewest moves, at least `min_used`, after which the plane
    /// can stand on `cell` facing `facing` with a legal way to finish.
    pub fn first_valid(&self, cell: u16, facing: Facing, min_used: u8) -> Option<u8> {
        (min_used..=self.allowance as u8).find(|&u| self.valid(cell, facing, u))
    }

    /// After `reach`: every state in which the move can end on the board (all
    /// moves used, on a free hex), in a fixed order.
    pub fn each_end(&self, mut f: impl FnMut(u16, Facing)) {
        for facing in Facing::ALL {
            let r = self.at(self.allowance, facing);
            for (i, (&word, &free)) in self.reach[r].iter().zip(&self.free).enumerate() {
                let mut bits = word & free;
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    f((i * 64 + b) as u16, facing);
                }
            }
        }
    }

    /// After `reach`: the first way found to leave by `end`, if any.
    pub fn exit(&self, end: End) -> Option<ExitAt> {
        self.exits[end as usize]
    }

    /// After `reach`: the state a reached (cell, facing, used) was reached from
    /// (cell, facing, used, step), or None for the start and first steps from
    /// the edge (see `seeds`).
    fn predecessor(
        &self,
        board: &Board<PlaneId>,
        cell: u16,
        f: Facing,
        u: usize,
    ) -> Option<(u16, Facing, usize, Step)> {
        let mover = self.mover.expect("reach ran");
        let reached =
            |cell: u16, facing: Facing, used: usize| bit(&self.reach[self.at(used, facing)], cell);
        if u == 0 {
            return None;
        }
        if let Link::Cell(p) = board.link(cell, f.reverse()) {
            for s in Step::MOVES {
                let from = match s {
                    Step::Forward => f,
                    Step::Left => f.right(),
                    _ => f.left(),
                };
                if turn_allowed(&mover, from, f) && reached(p, from, u - 1) {
                    return Some((p, from, u - 1, s));
                }
            }
        }
        let lc = mover.loop_cost as usize;
        if mover.can_loop && u >= lc {
            if let Link::Cell(h1) = board.link(cell, f) {
                if let Link::Cell(h0) = board.link(h1, f) {
                    if reached(h0, f.reverse(), u - lc) {
                        return Some((h0, f.reverse(), u - lc, Step::Immelmann));
                    }
                }
            }
        }
        None
    }

    fn seed_step(&self, cell: u16, f: Facing, u: usize) -> Option<Step> {
        self.seeds
            .iter()
            .find(|&&(sc, sf, su, _)| sc == cell && sf == f && su as usize == u)
            .map(|&(.., s)| s)
    }

    /// After `reach`: the steps from the start to a valid (cell, facing, used).
    pub fn path(
        &self,
        board: &Board<PlaneId>,
        cell: u16,
        facing: Facing,
        used: u8,
        out: &mut Vec<Step>,
    ) {
        out.clear();
        let (mut c, mut f, mut u) = (cell, facing, used as usize);
        while u > 0 {
            if let Some(s) = self.seed_step(c, f, u) {
                out.push(s);
                break;
            }
            let (pc, pf, pu, s) = self
                .predecessor(board, c, f, u)
                .expect("a reached state has a predecessor");
            out.push(s);
            (c, f, u) = (pc, pf, pu);
        }
        out.reverse();
    }

    /// Every valid state, with a parent for each (for the screens and tests):
    /// `nodes[0]` is the start; exit nodes come last, one per end.
    pub fn explore(
        &mut self,
        board: &Board<PlaneId>,
        mover: &Mover,
        start: (Hex, Facing),
        staged: bool,
        rem: u8,
        nodes: &mut Vec<Node>,
    ) {
        self.reach(board, mover, start, staged, rem);
        nodes.clear();
        nodes.push(Node {
            hex: start.0,
            cell: self.start.map_or(Node::OFF_BOARD, |s| s.0),
            facing: start.1,
            used: 0,
            parent: Node::NO_PARENT,
            step: None,
            exit: None,
        });
        let find = |nodes: &[Node], cell: u16, facing: Facing, used: u8| {
            nodes
                .iter()
                .position(|n| n.cell == cell && n.facing == facing && n.used == used)
                .expect("parents come before their children")
        };
        // Layer by layer, so every parent is listed before its children.
        for u in 1..=self.allowance as u8 {
            for f in Facing::ALL {
                for cell in 0..board.len() as u16 {
                    if !self.valid(cell, f, u) {
                        continue;
                    }
                    let (parent, step) = match self.seed_step(cell, f, u as usize) {
                        Some(s) => (0, s),
                        None => {
                            let (pc, pf, pu, s) = self
                                .predecessor(board, cell, f, u as usize)
                                .expect("a reached state has a predecessor");
                            let parent = if pu == 0 {
                                0
                            } else {
                                find(nodes, pc, pf, pu as u8)
                            };
                            (parent, s)
                        }
                    };
                    nodes.push(Node {
                        hex: board.cell_hex(cell),
                        cell,
                        facing: f,
                        used: u,
                        parent: parent as u16,
                        step: Some(step),
                        exit: None,
                    });
                }
            }
        }
        for end in [End::North, End::South] {
            if let Some(x) = self.exit(end) {
                let parent = if x.used == 0 {
                    0
                } else {
                    find(nodes, x.cell, x.facing, x.used)
                };
                let f = x.step.turn(x.facing);
                nodes.push(Node {
                    hex: f.ahead(board.cell_hex(x.cell)),
                    cell: Node::OFF_BOARD,
                    facing: f,
                    used: x.used + 1,
                    parent: parent as u16,
                    step: Some(x.step),
                    exit: Some(end),
                });
            }
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
