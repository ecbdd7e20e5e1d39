//! The dice-driven opponents: one `Ai` for both sides, each side at its own
//! level (Recruit or Veteran; an Ace asked for flies as the Veteran, see
//! `LEVELS`), deciding through the same commands and `check()` as a player.
//!
//! - Bombers fly for the enemy's end (and home when damaged), keeping straight
//!   and, above Recruit, out of the enemy fighters' reach.
//! - Fighters list every state their move can reach (one search per move, in
//!   reused buffers), take the attack with the best expected value if it is
//!   worth it, and otherwise end where they threaten the most valuable target:
//!   RAF fighters hunt bombers from behind; German fighters screen the bombers,
//!   going for the RAF fighters nearest them.
//! - Every level values a plane by what it can still do (`State::worth_now`):
//!   a damaged bomber is out of the bombing, so a whole one is the better
//!   target; a damaged fighter heads home and attacks only where no gun
//!   answers; fighters already closing on a target make it worth less to the
//!   next one, so they do not all pile onto one.
//! - Where a move ends is weighed against the enemy fighters that move before
//!   this plane moves again (`threat`): a Recruit counts those nearby, a
//!   Veteran those its average move brings in reach.
//! - Ties are broken by the opponent's own dice, drawn from a stream seeded by
//!   the game's seed and the point of the game where the decision (or the
//!   plan for a whole move) is made. So two games with different seeds play
//!   differently, the same seed plays the same, and an opponent that starts
//!   in the middle of a game (a loaded save) plays exactly as the one that
//!   played it from the start: its dice are part of the record.

mod threat;

use super::*;
use crate::common::dice::sub_seed;
use crate::common::game::{self, Opponent, PlayOutError};
use crate::common::hex::Link;
use crate::common::hex::{End, Facing};
use crate::common::Level;
use hexx::Hex;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use threat::Danger;
pub use threat::Geometry;

/// Simple Hex's levels, weakest first. Its Ace (which flew every enemy
/// fighter's move for each face of its die) won 49.9% against the Veteran
/// at ten times the time, so it was merged into the Veteran: a game, save
/// or campaign that asks for the Ace gets the Veteran (docs/RULES.md, "The
/// opponents").
pub const LEVELS: [Level; 2] = [Level::Recruit, Level::Veteran];

/// Which plan the opponent holds: the plane's, made after `origin` commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlanKey {
    origin: usize,
    plane: PlaneId,
}

/// The opponent for either side. It keeps only its current plan (a cache:
/// the plan is a function of the game where it was made, and the level).
pub struct Ai {
    /// The level of each side (indexed by `Side as usize`).
    levels: [Level; 2],
    danger: Danger,
    rng: ChaCha8Rng,
    ends: Vec<(u16, Facing)>,
    steps: Vec<Step>,
    key: Option<PlanKey>,
    /// Moves the active plane will have used when the next step of the plan is due.
    expect_used: u8,
    cursor: usize,
    attack: Option<PlaneId>,
    targets: Vec<Target>,
    /// Per cell, what `score_end` works out for each target independently of
    /// the facing (distance, reach, behind), for the current plan: the six
    /// facings of a cell share it. `terms_of[cell]` is the plan's stamp when
    /// the cell's terms are current.
    terms: Vec<Term>,
    terms_of: Vec<u32>,
    stamp: u32,
    /// Per cell, the most a whole fighter's end there can score (see
    /// `cell_terms`), current with the cell's terms.
    bounds: Vec<f32>,
    /// Per end of the plan: its noise, then the most it can score with it.
    noise: Vec<f32>,
    keys: Vec<f32>,
    /// Buffers for `collect_targets`: where our bombers and our fighters
    /// that have moved stand.
    my_bombers: Vec<Hex>,
    hunters: Vec<Hex>,
}

/// One target as seen from one cell (see `Ai::score_fighter_end`).
#[derive(Clone, Copy, Debug, Default)]
struct Term {
    /// The most the target can score from this cell, whatever the facing.
    bound: f32,
    d: f32,
    reach: f32,
    behind: f32,
    weight: f32,
    at: Hex,
}

/// Where a move may end: on a cell with a facing, or off an end.
#[derive(Clone, Copy, Debug)]
enum Ending {
    On(u16, Facing),
    Exit(End),
}

/// An enemy worth chasing: where it will be, the hexes ahead of and behind
/// it, and how much it matters.
#[derive(Clone, Copy, Debug)]
struct Target {
    at: Hex,
    front: Hex,
    back: Hex,
    weight: f32,
}

impl Target {
    fn new(at: Hex, facing: Facing, weight: f32) -> Target {
        Target {
            at,
            front: facing.ahead(at),
            back: facing.reverse().ahead(at),
            weight,
        }
    }
}

impl Ai {
    /// Veteran on both sides.
    pub fn new() -> Ai {
        Ai::at(Level::Veteran, Level::Veteran)
    }

    /// The Luftwaffe at `german`, the RAF at `british` (an Ace flies as
    /// the Veteran: see `LEVELS`).
    pub fn at(german: Level, british: Level) -> Ai {
        let mut levels = [Level::Veteran; 2];
        levels[Side::German as usize] = german.min(Level::Veteran);
        levels[Side::British as usize] = british.min(Level::Veteran);
        Ai {
            levels,
            danger: Danger::new(),
            rng: ChaCha8Rng::seed_from_u64(0),
            ends: Vec::with_capacity(256),
            steps: Vec::with_capacity(16),
            key: None,
            expect_used: 0,
            cursor: 0,
            attack: None,
            targets: Vec::with_capacity(24),
            terms: Vec::new(),
            terms_of: Vec::new(),
            stamp: 0,
            bounds: Vec::new(),
            noise: Vec::with_capacity(256),
            keys: Vec::with_capacity(256),
            my_bombers: Vec::with_capacity(16),
            hunters: Vec::with_capacity(16),
        }
    }

    /// The opponent's dice for a decision: a stream of its own, seeded by the
    /// game's seed, the side and the point of the game (`at`, a count of
    /// commands), so the same decision always draws the same dice.
    fn dice_for(&mut self, game: &Game, side: Side, what: u64, at: usize) {
        let salt = 0x0A1_0000_0000 ^ (what << 40) ^ ((side as u64) << 32) ^ at as u64;
        self.rng = ChaCha8Rng::seed_from_u64(sub_seed(game.seed(), salt));
    }

    /// The next command for `side`, or None if it is not `side`'s turn.
    pub fn decide(&mut self, game: &Game, side: Side) -> Option<Command> {
        if game.to_act() != Some(side) {
            return None;
        }
        match game.phase() {
            Phase::Entry { .. } => Some(self.enter(game, side)),
            Phase::Moving(m) => Some(self.fly(game, m)),
            _ => None,
        }
    }

    // ----- entry -----

    fn enter(&mut self, game: &Game, side: Side) -> Command {
        self.dice_for(game, side, 1, game.commands().len());
        let unit = game.waiting_units(side)[0];
        let n = game.waiting_planes(unit).len() as i32;
        let cols = game.scenario().columns as i32;
        let taken = |c: i32| {
            game.planes()
                .iter()
                .any(|p| p.side == side && p.loc == Loc::Staged { column: c as u8 })
        };
        // Aim: the Luftwaffe enters near the middle with a little jitter; the RAF
        // enters opposite the bombers it has seen placed.
        let enemy_cols: Vec<i32> = game
            .planes()
            .iter()
            .filter(|p| p.side != side)
            .filter_map(|p| match p.loc {
                // (a face-down plane might be one: the RAF cannot tell)
                Loc::Staged { column } if p.role == Role::Bomber || p.hidden_from(side) => {
                    Some(column as i32)
                }
                _ => None,
            })
            .collect();
        let centre = if enemy_cols.is_empty() {
            cols / 2 + self.rng.random_range(-2..=2)
        } else {
            enemy_cols.iter().sum::<i32>() / enemy_cols.len() as i32
        };
        let want = centre - n / 2;
        let mut best: Option<(i32, i32)> = None;
        for start in 0..=(cols - n).max(0) {
            if (start..start + n).any(taken) {
                continue;
            }
            let cost = (start - want).abs() * 2 + (start < want) as i32;
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((start, cost));
            }
        }
        let column = best.map(|(s, _)| s).unwrap_or(0) as u8;
        Command::Enter { unit, column }
    }

    // ----- movement -----

    fn fly(&mut self, game: &Game, m: ActiveMove) -> Command {
        let key = PlanKey {
            origin: game.plan_origin(),
            plane: m.plane,
        };
        if self.key != Some(key) || self.expect_used != m.used {
            self.replan(game, m, key);
        }
        if self.cursor < self.steps.len() {
            let s = self.steps[self.cursor];
            self.cursor += 1;
            self.expect_used += match s {
                Step::Immelmann => game.scenario().rules.immelmann_cost,
                _ => 1,
            };
            return Command::Step(s);
        }
        if let Some(t) = self.attack.take() {
            return Command::Attack { target: t };
        }
        Command::EndMove
    }

    /// Makes the plan for the active plane as it was made where the plan
    /// began (the start of its move, or its shot), and picks it up where the
    /// game is now. A new move plans from here; an opponent that starts in
    /// the middle of a move (a loaded save) plans from the game rebuilt to
    /// that point, so it continues exactly as the first one would have.
    fn replan(&mut self, game: &Game, m: ActiveMove, key: PlanKey) {
        self.key = Some(key);
        self.expect_used = m.used;
        let side = game.plane(m.plane).side;
        let now = game.commands().len();
        if key.origin < now {
            let then = game.rebuilt(key.origin);
            if let Some(m0) = then.active_move().filter(|m0| m0.plane == m.plane) {
                self.dice_for(&then, side, 2, key.origin);
                self.plan(&then, m0);
                let taken = &game.commands()[key.origin..];
                let follows = taken.len() <= self.steps.len()
                    && taken
                        .iter()
                        .zip(&self.steps)
                        .all(|(c, &s)| *c == Command::Step(s));
                if follows {
                    self.cursor = taken.len();
                    return;
                }
            }
        }
        // A new plan from here (a new move, or the plane was flown off the
        // plan by someone else): its dice are seeded by this point.
        self.dice_for(game, side, 2, now);
        self.plan(game, m);
    }

    /// The level of the side `me` flies for.
    fn level(&self, me: &Plane) -> Level {
        self.levels[me.side as usize]
    }

    fn plan(&mut self, game: &Game, m: ActiveMove) {
        self.cursor = 0;
        self.attack = None;
        self.steps.clear();
        let me = game.plane(m.plane).clone();
        let level = self.level(&me);
        let (ev_noise, end_noise) = match level {
            Level::Recruit => (3.0, 6.0),
            Level::Veteran | Level::Ace => (0.05, 0.3),
        };
        self.danger.prepare(game, &me, level);
        let mut search = game.reach_lazy().expect("a plane is moving");
        let board = game.board();
        let fighter = me.role == Role::Fighter;
        let start = board
            .index(me.on_board().map_or(hexx::Hex::ZERO, |(h, _)| h))
            .filter(|_| me.on_board().is_some())
            .map(|c| c as u16);
        // What a hit on this plane costs its side (danger is in attacks).
        // Measured: a whole fighter that shies from the enemy's fighters
        // loses more (it stops hunting) than it saves, at every level; a
        // bomber or a damaged fighter on its way out keeps clear of them.
        let exposure = if me.role == Role::Bomber || me.damaged {
            0.3 * game.worth_now(&me)
        } else {
            0.0
        };

        // 1. The best attack within reach, if worth it, from each enemy outward
        //    (cell, facing, moves used, target, expected value).
        let mut best_attack: Option<(u16, Facing, u8, PlaneId, f32)> = None;
        if fighter && !m.attacked {
            let must_face = game.scenario().rules.attacker_must_face_target;
            // An attack needs one hex flown this turn.
            let min_used = if m.used > 0 { 0 } else { 1 };
            for (ti, target) in game.planes().iter().enumerate() {
                if target.side == me.side {
                    continue;
                }
                let Some((thex, _)) = target.on_board() else {
                    continue;
                };
                let t = PlaneId(ti as u8);
                let tcell = board.index(thex).expect("on board") as u16;
                for d in Facing::ALL {
                    let Link::Cell(cell) = board.link(tcell, d) else {
                        continue;
                    };
                    if !board.cell_is_free(cell) {
                        continue;
                    }
                    for facing in Facing::ALL {
                        if must_face && facing != d.reverse() {
                            continue;
                        }
                        let used = if min_used == 0
                            && start == Some(cell)
                            && me.on_board().map(|(_, f)| f) == Some(facing)
                        {
                            Some(0)
                        } else {
                            search.first_valid_lazy(board, cell, facing, min_used.max(1))
                        };
                        let Some(used) = used else { continue };
                        let Ok(pv) = game.preview_from(m.plane, board.cell_hex(cell), facing, t)
                        else {
                            continue;
                        };
                        // A damaged fighter is heading home: it fires only
                        // where no gun answers.
                        if me.damaged && pv.returned.is_some() {
                            continue;
                        }
                        let ev = game.attack_value(m.plane, t, &pv)
                            + self.rng.random_range(0.0..ev_noise);
                        if best_attack.is_none_or(|b| ev > b.4) {
                            best_attack = Some((cell, facing, used, t, ev));
                        }
                    }
                }
            }
        }
        if let Some((cell, facing, used, t, ev)) = best_attack {
            if ev > 0.5 {
                search.path(board, cell, facing, used, &mut self.steps);
                self.attack = Some(t);
                return;
            }
        }

        // 2. Otherwise the best place to end the move.
        self.collect_targets(game, &me, level);
        let mut best: Option<(Ending, f32)> = None;
        let consider = |ai: &mut Ai, best: &mut Option<(Ending, f32)>, end: Ending, s: f32| {
            let s = s + ai.rng.random_range(0.0..end_noise);
            if best.is_none_or(|b| s > b.1) {
                *best = Some((end, s));
            }
        };
        let mut ends: Vec<(u16, Facing)> = std::mem::take(&mut self.ends);
        ends.clear();
        search.each_end(|c, f| ends.push((c, f)));
        let whole_fighter = fighter && !me.damaged;
        if whole_fighter {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 || self.terms_of.len() != board.len() {
                self.terms_of.clear();
                self.terms_of.resize(board.len(), 0);
                self.bounds.resize(board.len(), 0.0);
                self.stamp = 1;
            }
            self.terms
                .resize(board.len() * self.targets.len().max(1), Term::default());
            // The first of the best ends, found without scoring every end:
            // each end's noise is drawn in order, as `consider` draws it,
            // and an end is scored only if its cell's best case (plus its
            // noise) can match the best found so far.
            if let Some((i, s)) = self.best_fighter_end(game, &ends, end_noise) {
                let (c, f) = ends[i];
                best = Some((Ending::On(c, f), s));
            }
        } else {
            for &(c, f) in &ends {
                let mut s = self.score_end(game, &me, c, board.cell_hex(c), f, None);
                if exposure != 0.0 {
                    s -= exposure * self.danger.at(c);
                }
                consider(self, &mut best, Ending::On(c, f), s);
            }
        }
        for end in [End::North, End::South] {
            if let Some(x) = search.exit(end) {
                let f = x.step.turn(x.facing);
                let s = self.score_end(game, &me, x.cell, board.cell_hex(x.cell), f, Some(end));
                consider(self, &mut best, Ending::Exit(end), s);
            }
        }
        self.ends = ends;
        match best {
            Some((Ending::On(c, f), _)) => {
                search.path(board, c, f, m.remaining(), &mut self.steps);
            }
            Some((Ending::Exit(end), _)) => {
                let x = search.exit(end).expect("found above");
                search.path(board, x.cell, x.facing, x.used, &mut self.steps);
                self.steps.push(x.step);
            }
            None => {}
        }
    }

    /// Where the enemies worth chasing will be, heaviest first.
    fn collect_targets(&mut self, game: &Game, me: &Plane, level: Level) {
        self.targets.clear();
        let rows = game.scenario().rows as i32;
        let bombers_of = |side: Side| {
            game.planes()
                .iter()
                .filter(move |p| p.side == side && p.role == Role::Bomber && p.is_flying())
        };
        let mut my_bombers = std::mem::take(&mut self.my_bombers);
        my_bombers.clear();
        my_bombers.extend(bombers_of(me.side).filter_map(|p| p.on_board().map(|(h, _)| h)));
        // Our fighters that have moved this round, where they stand: a target
        // they are already closing on is worth less to the next one.
        let mut hunters = std::mem::take(&mut self.hunters);
        hunters.clear();
        hunters.extend(
            game.planes()
                .iter()
                .filter(|p| p.side == me.side && p.role == Role::Fighter && p.moved && !p.damaged)
                .filter_map(|p| p.on_board().map(|(h, _)| h)),
        );
        for (i, p) in game.planes().iter().enumerate() {
            if p.side == me.side || !p.is_flying() {
                continue;
            }
            let Some((hex, facing, staged)) = game.position(PlaneId(i as u8)) else {
                continue;
            };
            // Above Recruit, predict a bomber one move ahead; a fighter where
            // it is. A face-down plane is read only as what the RAF sees: a
            // counter flying at the formation's pace, worth what an unknown
            // plane of the raid is.
            let hidden = p.hidden_from(me.side);
            let pace = game.scenario().formation_speed;
            let mut at = hex;
            if (p.role == Role::Bomber || hidden) && level > Level::Recruit {
                let n = match (hidden, staged) {
                    (true, true) => pace.saturating_sub(1),
                    (true, false) => pace,
                    (false, true) => 2,
                    (false, false) => 3,
                };
                for _ in 0..n {
                    let next = facing.ahead(at);
                    if game.board().contains(next) {
                        at = next;
                    }
                }
            } else if staged {
                at = facing.ahead(hex);
            }
            let mut w = if hidden {
                FACE_DOWN_WORTH
            } else {
                game.worth_now(p)
            };
            if me.side == Side::German && p.role == Role::Fighter {
                // Screening: the RAF fighters closest to our bombers matter most.
                let near = my_bombers
                    .iter()
                    .map(|b| b.unsigned_distance_to(at))
                    .min()
                    .unwrap_or(rows as u32);
                w *= 1.0 + 4.0 / (1.0 + near as f32);
            }
            let closing = hunters
                .iter()
                .filter(|h| h.unsigned_distance_to(at) <= 2)
                .count();
            w /= 1.0 + 0.7 * closing as f32;
            self.targets.push(Target::new(at, facing, w));
        }
        // With nothing to chase, German fighters keep station ahead of the bombers.
        if self.targets.is_empty() && me.side == Side::German && !my_bombers.is_empty() {
            let toward = game.scenario().end_of(Side::British).facing_toward();
            let mut at = my_bombers[my_bombers.len() / 2];
            for _ in 0..3 {
                let next = toward.ahead(at);
                if game.board().contains(next) {
                    at = next;
                }
            }
            self.targets.push(Target::new(at, toward.reverse(), 1.0));
        }
        // Heaviest first (stable, so ties keep plane order).
        self.targets.sort_by(|a, b| b.weight.total_cmp(&a.weight));
        self.my_bombers = my_bombers;
        self.hunters = hunters;
    }

    /// For a whole fighter's plan (after its targets are collected and the
    /// stamp is new): the index and score (noise included) of the first of
    /// the best ends, the very one scoring every end in order would keep.
    /// Every end's noise is drawn first, in order. The end with the best
    /// case is scored first; then, in order, only the ends whose best case
    /// can match the best so far: one that beats it, or equals it from
    /// further up the list, takes its place. An end's best case is its
    /// cell's bound plus its noise: rounding never lowers a sum below the
    /// sum of smaller terms, so no end scores more than its best case.
    fn best_fighter_end(
        &mut self,
        game: &Game,
        ends: &[(u16, Facing)],
        end_noise: f32,
    ) -> Option<(usize, f32)> {
        let board = game.board();
        self.noise.clear();
        for _ in 0..ends.len() {
            let n = self.rng.random_range(0.0..end_noise);
            self.noise.push(n);
        }
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        let mut top: Option<(usize, f32)> = None;
        for (i, &(c, _)) in ends.iter().enumerate() {
            let k = self.cell_terms(game, c, board.cell_hex(c)) + self.noise[i];
            keys.push(k);
            if top.is_none_or(|t| k > t.1) {
                top = Some((i, k));
            }
        }
        let score = |ai: &mut Ai, i: usize| {
            let (c, f) = ends[i];
            ai.score_fighter_end(game, c, board.cell_hex(c), f) + ai.noise[i]
        };
        let mut best = top.map(|(i, _)| (i, score(self, i)));
        if let Some((mut bi, mut bv)) = best {
            for (i, &k) in keys.iter().enumerate() {
                if i == bi || k < bv || (k == bv && i > bi) {
                    continue;
                }
                let v = score(self, i);
                if v > bv || (v == bv && i < bi) {
                    (bi, bv) = (i, v);
                }
            }
            best = Some((bi, bv));
        }
        self.keys = keys;
        best
    }

    /// Works out the terms of `cell` (`hex`) for the plan, unless they are
    /// current, and returns the most a whole fighter's end there can score,
    /// whatever its facing. A target's best case from the cell is its
    /// score with the fighter pointing straight at it (from its own hex,
    /// every facing points away): a target whose best case cannot beat the
    /// best so far is not scored.
    fn cell_terms(&mut self, game: &Game, cell: u16, hex: Hex) -> f32 {
        if self.terms_of[cell as usize] == self.stamp {
            return self.bounds[cell as usize];
        }
        self.terms_of[cell as usize] = self.stamp;
        let n = self.targets.len();
        let base = cell as usize * n;
        for (i, t) in self.targets.iter().enumerate() {
            let d = hex.unsigned_distance_to(t.at) as f32;
            let reach = (4.0 - d.min(12.0) * 0.5) / 4.0;
            let front = t.front.unsigned_distance_to(hex);
            let back = t.back.unsigned_distance_to(hex);
            let behind = if back < front { 1.5 } else { 0.0 };
            // The hex ahead is one nearer the target at best, one further
            // from its own hex.
            let toward: f32 = if d >= 1.0 { -1.0 } else { 1.0 };
            self.terms[base + i] = Term {
                bound: t.weight * (reach + (-toward * 0.6 + behind) / 4.0),
                d,
                reach,
                behind,
                weight: t.weight,
                at: t.at,
            };
        }
        let most = self.terms[base..base + n]
            .iter()
            .map(|t| t.bound)
            .reduce(f32::max)
            .unwrap_or(0.0);
        let b = most - 0.2 * edge_penalty(game, hex);
        self.bounds[cell as usize] = b;
        b
    }

    /// `score_end` for a whole fighter ending its move on board `cell`
    /// (`hex`): the best target to threaten from there (near it, pointing at
    /// it, behind it), with the terms that do not depend on the facing worked
    /// out once per cell and plan.
    fn score_fighter_end(&mut self, game: &Game, cell: u16, hex: Hex, facing: Facing) -> f32 {
        self.cell_terms(game, cell, hex);
        let n = self.targets.len();
        let base = cell as usize * n;
        let mut best = f32::MIN;
        let ahead = facing.ahead(hex);
        for t in &self.terms[base..base + n] {
            if t.bound <= best {
                continue;
            }
            let (d, reach, behind) = (t.d, t.reach, t.behind);
            let toward = ahead.unsigned_distance_to(t.at) as f32 - d;
            let s = t.weight * (reach + (-toward * 0.6 + behind) / 4.0);
            if s > best {
                best = s;
            }
        }
        if best == f32::MIN {
            best = 0.0;
        }
        best - 0.2 * edge_penalty(game, hex)
    }

    /// How good it is for `me` to end its move on `cell` (`hex`) facing
    /// `facing`, or to leave by `exit` (from `cell`).
    fn score_end(
        &mut self,
        game: &Game,
        me: &Plane,
        cell: u16,
        hex: Hex,
        facing: Facing,
        exit: Option<End>,
    ) -> f32 {
        let sc = game.scenario();
        let home = sc.end_of(me.side);
        let enemy_end = home.opposite();
        if me.damaged {
            // Head for home: the closer the better; leaving by the own end is best.
            return match exit {
                Some(e) if e == home => 1000.0,
                Some(_) => -1000.0,
                None => {
                    -10.0 * game.board().rows_to(hex, home) as f32
                        - facing.turns_to(home.facing_toward()) as f32
                }
            };
        }
        if me.role == Role::Bomber {
            return match exit {
                Some(e) if e == enemy_end => 1000.0,
                Some(_) => -1000.0,
                None => {
                    -10.0 * game.board().rows_to(hex, enemy_end) as f32
                        - 3.0 * facing.turns_to(enemy_end.facing_toward()) as f32
                        - 0.3 * edge_penalty(game, hex)
                }
            };
        }
        if let Some(_end) = exit {
            // A fighter leaving the fight is a last resort.
            return if self.targets.is_empty() { 0.0 } else { -500.0 };
        }
        self.score_fighter_end(game, cell, hex, facing)
    }
}

fn edge_penalty(game: &Game, hex: Hex) -> f32 {
    let [c, _] = crate::common::hex::offset_of(hex);
    let cols = game.scenario().columns as i32;
    let d = c.min(cols - 1 - c);
    if d < 2 {
        (2 - d) as f32
    } else {
        0.0
    }
}

impl Default for Ai {
    fn default() -> Ai {
        Ai::new()
    }
}

impl Clone for Ai {
    /// A fresh opponent at the same levels (plans and caches are not kept:
    /// they are worked out again from the game).
    fn clone(&self) -> Ai {
        Ai::at(
            self.levels[Side::German as usize],
            self.levels[Side::British as usize],
        )
    }
}

impl Opponent<Game> for Ai {
    fn decide(&mut self, game: &Game, side: Side) -> Option<Command> {
        Ai::decide(self, game, side)
    }
}

/// (R) What a face-down plane of the raid is worth chasing to the side
/// that cannot see it: between a bomber's 10 and a German fighter's 4.
pub const FACE_DOWN_WORTH: f32 = 7.0;

/// The most commands a game of Simple Hex can take (far more than any does).
pub const MAX_COMMANDS: usize = 200_000;

/// Plays a game to its end, the opponent flying both sides. Every command
/// goes through `Game::play`, and so through `check()`.
pub fn play_out(game: &mut Game) -> Result<usize, PlayOutError> {
    game::play_out(game, &mut Ai::new(), MAX_COMMANDS)
}

/// `play_out` with the Luftwaffe at `german` and the RAF at `british`.
pub fn play_out_at(game: &mut Game, german: Level, british: Level) -> Result<usize, PlayOutError> {
    game::play_out(game, &mut Ai::at(german, british), MAX_COMMANDS)
}
