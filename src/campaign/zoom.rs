//! The same war on every board (docs/RULES.md, "The same war on every
//! board"): how a battle fought on a board becomes the hits each side takes,
//! so that a campaign fought on the boards comes out as the one thrown with
//! the dice, while a better-flown battle still gives its side a better one.
//!
//! The board decides *how well* each side did; the dice's own odds decide
//! what that is worth. For each side, what the board did to it (its harm:
//! on the hex board two for each plane shot down and one for each damaged,
//! on the family board its planes lost) is ranked among the harms of the
//! same kind of battle between equal opponents (`ZoomTable`, written by
//! `simulate --game campaign --tactical --write-zoom`): a rank `u` between 0
//! and 1, ties split evenly by the battle's own dice. The side then takes
//! the hits the dice's fight between the same squadrons gives at the same
//! rank: for an intercept the `u`-quantile of its binomial throw, for a
//! dogfight of its rounds (thrown many times with the battle's dice and
//! sorted). Between equal opponents `u` is spread evenly, so the hits come
//! out as the dice's; a side that flies better on the board harms the other
//! more and is harmed less, and takes fewer hits than the dice would give.

use super::tactical::Outcome;
use crate::common::Side;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Which board a battle was fought on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BoardKind {
    Hex,
    Family,
}

/// What kind of fight it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FightKind {
    /// An intercept of a raid's part with bombers in it.
    Raid,
    /// An intercept of a part with no bombers (a fighter sweep).
    Sweep,
    /// A dogfight against a geschwader's gruppen.
    Dogfight,
}

/// The kind of battle a harm is ranked among: the board, the fight, the
/// side harmed, its squadrons on the board, the defence that decides
/// whether it loses one (`defence`) and the dice the other side's would throw at it with the dice (a
/// round's). Ranked among battles in which as many dice would have been
/// thrown at it, at as weak a squadron, a side's rank tells nothing of how
/// many hits the dice would make, nor of whether they would lose a
/// squadron: the board's hits and losses come out as the dice's, however
/// the forces that meet are made up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoomKey {
    pub board: BoardKind,
    pub fight: FightKind,
    pub side: Side,
    pub own: u8,
    /// The defence that decides whether it loses a squadron: in an
    /// intercept its strongest squadron's (fewer hits are a stand-down), in
    /// a dogfight its weakest's.
    pub defence: u8,
    pub dice: u8,
}

/// How often each harm (0, 1, 2...) came about in battles of one kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoomRow {
    pub key: ZoomKey,
    pub counts: Vec<u32>,
}

/// `levels/campaign/zoom.ron`: the harms of board battles between equal
/// opponents, by kind of battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoomTable {
    /// The campaigns a board that the table was written from, and their seed.
    pub games: u32,
    pub seed: u64,
    pub rows: Vec<ZoomRow>,
}

/// The fewest battles a kind must have been seen in to be ranked among
/// alone; rarer kinds are ranked among the nearest kinds pooled with them.
pub const MIN_SEEN: u32 = 40;

/// The most rows and the longest row the table may hold.
pub const MAX_ROWS: usize = 4096;
pub const MAX_HARM: usize = 256;

impl ZoomTable {
    /// An empty table, to be filled by `add`.
    pub fn new(games: u32, seed: u64) -> ZoomTable {
        ZoomTable {
            games,
            seed,
            rows: Vec::new(),
        }
    }

    /// Counts one battle's harm to one side.
    pub fn add(&mut self, key: ZoomKey, harm: u32) {
        let h = (harm as usize).min(MAX_HARM - 1);
        let i = match self.rows.binary_search_by(|r| r.key.cmp(&key)) {
            Ok(i) => i,
            Err(i) => {
                self.rows.insert(
                    i,
                    ZoomRow {
                        key,
                        counts: Vec::new(),
                    },
                );
                i
            }
        };
        let c = &mut self.rows[i].counts;
        if c.len() <= h {
            c.resize(h + 1, 0);
        }
        c[h] += 1;
    }

    /// Every problem of the table: (path, message).
    pub fn problems(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.rows.len() > MAX_ROWS {
            out.push(("rows".into(), format!("at most {MAX_ROWS} rows")));
        }
        for (i, r) in self.rows.iter().enumerate() {
            if r.counts.len() > MAX_HARM {
                out.push((
                    format!("rows[{i}].counts"),
                    format!("at most {MAX_HARM} counts"),
                ));
            }
            if r.counts.iter().map(|&c| c as u64).sum::<u64>() == 0 {
                out.push((
                    format!("rows[{i}].counts"),
                    "a row counts at least one battle".into(),
                ));
            }
            if i > 0 && self.rows[i - 1].key >= r.key {
                out.push((
                    format!("rows[{i}].key"),
                    "the rows are in order of their keys, each once".into(),
                ));
            }
        }
        out
    }

    /// The harms to rank among for `key`: its own row if it was seen
    /// often enough, else its row pooled with the nearest rows of the same
    /// board, fight and side (by squadrons on each side) until they are.
    fn counts(&self, key: ZoomKey) -> Vec<u64> {
        let mut near: Vec<(u32, &ZoomRow)> = self
            .rows
            .iter()
            .filter(|r| {
                r.key.board == key.board && r.key.fight == key.fight && r.key.side == key.side
            })
            .map(|r| {
                let d = 4 * r.key.defence.abs_diff(key.defence) as u32
                    + 2 * r.key.dice.abs_diff(key.dice) as u32
                    + r.key.own.abs_diff(key.own) as u32;
                (d, r)
            })
            .collect();
        near.sort_by_key(|&(d, r)| (d, r.key));
        let mut pooled: Vec<u64> = Vec::new();
        let mut seen = 0u64;
        let mut last = None;
        for (d, r) in near {
            if seen >= MIN_SEEN as u64 && last != Some(d) {
                break;
            }
            if pooled.len() < r.counts.len() {
                pooled.resize(r.counts.len(), 0);
            }
            for (p, &c) in pooled.iter_mut().zip(&r.counts) {
                *p += c as u64;
            }
            seen += r.counts.iter().map(|&c| c as u64).sum::<u64>();
            last = Some(d);
        }
        pooled
    }

    /// The rank of `harm` among the battles of `key`'s kind, between 0 and
    /// 1: the share of them that did less harm, plus `split` (between 0
    /// and 1) of those that did as much. None: no battle of the kind's
    /// board, fight and side is in the table.
    pub fn rank(&self, key: ZoomKey, harm: u32, split: f64) -> Option<f64> {
        let counts = self.counts(key);
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let h = harm as usize;
        let below: u64 = counts.iter().take(h).sum();
        let at = counts.get(h).copied().unwrap_or(0);
        Some(((below as f64 + split * at as f64) / total as f64).clamp(0.0, 1.0))
    }
}

/// The kind of battle `out` was, for the harm to `side`, whose loss is
/// decided at `defence` hits, at which the dice's fight would throw
/// `dice` dice a round.
pub fn key(out: &Outcome, side: Side, defence: u32, dice: u32) -> ZoomKey {
    ZoomKey {
        board: if out.family {
            BoardKind::Family
        } else {
            BoardKind::Hex
        },
        fight: if out.dogfight {
            FightKind::Dogfight
        } else if out.fighter_battle {
            FightKind::Sweep
        } else {
            FightKind::Raid
        },
        side,
        own: out
            .squadrons
            .iter()
            .filter(|r| r.side == side)
            .count()
            .min(u8::MAX as usize) as u8,
        defence: defence.min(u8::MAX as u32) as u8,
        dice: dice.min(u8::MAX as u32) as u8,
    }
}

/// What the board did to `side`: on the hex board two for each of its
/// planes shot down and one for each damaged; on the family board (a
/// squadron flies as one plane, with no damage) its planes lost.
pub fn harm(out: &Outcome, side: Side) -> u32 {
    out.squadrons
        .iter()
        .filter(|r| r.side == side)
        .map(|r| {
            if out.family {
                r.shot_down as u32
            } else {
                2 * r.shot_down as u32 + r.damaged as u32
            }
        })
        .sum()
}

/// The smallest `k` whose chance of `n` dice, each hitting with chance
/// `p`, making at most `k` hits reaches `u`.
pub fn binomial_quantile(n: u32, p: f64, u: f64) -> u32 {
    let q = 1.0 - p;
    let mut pk = q.powi(n as i32);
    let mut cdf = pk;
    let mut k = 0;
    while cdf < u && k < n {
        pk *= (n - k) as f64 / (k + 1) as f64 * p / q.max(f64::MIN_POSITIVE);
        k += 1;
        cdf += pk;
    }
    k
}

/// A squadron in a dogfight thrown with the dice: its dice, its defence
/// (hits that lose it) and what its side values it at (the least valued
/// is lost first).
#[derive(Clone, Copy, Debug)]
pub struct Fighter {
    pub dice: u32,
    pub defence: u32,
    pub value: i32,
}

/// One gruppe's fight of a dogfight thrown with the dice: the RAF's
/// squadrons that attacked it, and its own.
pub type GruppeFight = (Vec<Fighter>, Vec<Fighter>);

/// The dice's dogfight, each gruppe's fight `rounds` rounds of losses only
/// (each side's hits lose its least valued squadrons whose defence they
/// reach), thrown `samples` times with `rng`: for each side, the hits its
/// losses took in all (the sum of their defences), sorted, the RAF's first.
pub fn dogfight_hits(
    fights: &[GruppeFight],
    rounds: u8,
    p: [f64; 2],
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> [Vec<u32>; 2] {
    let mut out = [Vec::with_capacity(samples), Vec::with_capacity(samples)];
    for _ in 0..samples {
        let mut taken = [0u32; 2];
        for (raf, luftwaffe) in fights {
            let t = gruppe_fight([raf, luftwaffe], rounds, p, rng);
            taken[0] += t[0];
            taken[1] += t[1];
        }
        out[0].push(taken[0]);
        out[1].push(taken[1]);
    }
    out[0].sort_unstable();
    out[1].sort_unstable();
    out
}

/// One throw of one gruppe's fight: the hits each side's losses took.
fn gruppe_fight(sides: [&[Fighter]; 2], rounds: u8, p: [f64; 2], rng: &mut ChaCha8Rng) -> [u32; 2] {
    let mut alive = [vec![true; sides[0].len()], vec![true; sides[1].len()]];
    let mut taken = [0u32; 2];
    for _ in 0..rounds {
        if alive.iter().any(|a| a.iter().all(|&x| !x)) {
            break;
        }
        // Both throw, then both take their hits.
        let mut hits = [0u32; 2];
        for me in 0..2 {
            let dice: u32 = sides[me]
                .iter()
                .zip(&alive[me])
                .filter(|(_, &a)| a)
                .map(|(f, _)| f.dice)
                .sum();
            hits[1 - me] = (0..dice).filter(|_| rng.random_bool(p[me])).count() as u32;
        }
        for me in 0..2 {
            let mut h = hits[me];
            while let Some(i) = (0..sides[me].len())
                .filter(|&i| alive[me][i] && sides[me][i].defence <= h)
                .min_by_key(|&i| (sides[me][i].value, i))
            {
                alive[me][i] = false;
                h -= sides[me][i].defence;
                taken[me] += sides[me][i].defence;
            }
        }
    }
    taken
}

/// The `u`-quantile of sorted samples.
pub fn quantile(sorted: &[u32], u: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((u * sorted.len() as f64) as usize).min(sorted.len() - 1);
    sorted[i]
}

/// The dice that decide ranks and dogfights for a battle: its own, from
/// its seed, apart from those it was played with.
pub fn dice(battle_seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(crate::common::dice::sub_seed(battle_seed, 0x200D_0000))
}
