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

/// How the two sides' ranks in one kind of battle go together between
/// equal opponents: the correlation of their normal scores. On a board the
/// harm one side does is harm the other did not (a side that flies well
/// both harms more and is harmed less), where the dice throw each side's
/// hits on their own; `ZoomTable::independent` takes it out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoomLink {
    pub board: BoardKind,
    pub fight: FightKind,
    /// Between -0.95 and 0.95.
    pub correlation: f64,
    /// For each side, the RAF's first, its uncorrelated scores' quantiles
    /// at even steps of the battles between equal opponents (the `k`th of
    /// `n` at `(k + 1/2) / n`), in order: the scores are read through
    /// them back to ranks spread evenly. A harm's rank is not smooth (most
    /// battles of a kind harm a side alike, their ties split by dice), so
    /// its normal score is not quite normal, and the uncorrelated score's
    /// tails, where a squadron is lost, would be a little off without them
    /// (none: read as normal).
    #[serde(default)]
    pub scores: [Vec<f64>; 2],
}

/// The most quantiles a link keeps a side, and how many it is written with.
pub const MAX_SCORES: usize = 1024;
pub const SCORES: usize = 200;

/// `levels/campaign/zoom.ron`: the harms of board battles between equal
/// opponents, by kind of battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoomTable {
    /// The campaigns a board that the table was written from, and their seed.
    pub games: u32,
    pub seed: u64,
    pub rows: Vec<ZoomRow>,
    /// How the sides' ranks go together, by board and fight (none: they
    /// are taken as they come).
    #[serde(default)]
    pub links: Vec<ZoomLink>,
}

/// The most a link's correlation may be, either way.
pub const MAX_CORRELATION: f64 = 0.95;

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
            links: Vec::new(),
        }
    }

    /// The correlation of the sides' ranks in battles of this board and
    /// fight (0 if the table does not say).
    pub fn correlation(&self, board: BoardKind, fight: FightKind) -> f64 {
        self.find_link(board, fight).map_or(0.0, |l| {
            l.correlation.clamp(-MAX_CORRELATION, MAX_CORRELATION)
        })
    }

    fn find_link(&self, board: BoardKind, fight: FightKind) -> Option<&ZoomLink> {
        self.links
            .iter()
            .find(|l| l.board == board && l.fight == fight)
    }

    /// The two sides' ranks `[u_raf, u_luftwaffe]` of one battle made
    /// independent: their normal scores, correlated as `correlation` says
    /// between equal opponents, are turned by the symmetric inverse square
    /// root of that correlation into two uncorrelated scores, and back into
    /// ranks. Between equal opponents each rank stays evenly spread and the
    /// two no longer go together, as the dice's throws for each side do
    /// not. A side that flew better (was harmed less and harmed more)
    /// still comes out better on both counts, by a little less than its two
    /// ranks alone say: with the sides' ranks going against each other, a
    /// part of that is what any battle of the kind gives.
    pub fn independent(&self, board: BoardKind, fight: FightKind, u: [f64; 2]) -> [f64; 2] {
        let Some(link) = self.find_link(board, fight) else {
            return u;
        };
        let w = uncorrelated(self.correlation(board, fight), u);
        [0, 1].map(|i| normal_cdf(even(w[i], &link.scores[i])))
    }

    /// Fills `links` from battles' pairs of ranks, `[u_raf, u_luftwaffe]`
    /// by board and fight: the correlation of their normal scores.
    pub fn link(&mut self, pairs: &[(BoardKind, FightKind, [f64; 2])]) {
        let mut kinds: Vec<(BoardKind, FightKind)> = pairs.iter().map(|p| (p.0, p.1)).collect();
        kinds.sort_unstable();
        kinds.dedup();
        self.links = kinds
            .into_iter()
            .map(|(board, fight)| {
                let u: Vec<[f64; 2]> = pairs
                    .iter()
                    .filter(|p| p.0 == board && p.1 == fight)
                    .map(|p| p.2)
                    .collect();
                let z: Vec<[f64; 2]> = u
                    .iter()
                    .map(|p| [normal_quantile(p[0]), normal_quantile(p[1])])
                    .collect();
                let rho = correlation(&z).clamp(-MAX_CORRELATION, MAX_CORRELATION);
                let w: Vec<[f64; 2]> = u.iter().map(|&p| uncorrelated(rho, p)).collect();
                let scores = [0, 1].map(|i| {
                    if w.len() < 2 * SCORES {
                        return Vec::new();
                    }
                    let mut side: Vec<f64> = w.iter().map(|p| p[i]).collect();
                    side.sort_by(f64::total_cmp);
                    (0..SCORES)
                        .map(|k| {
                            let at =
                                ((k as f64 + 0.5) / SCORES as f64 * side.len() as f64) as usize;
                            // Four decimals are plenty, and the file reads.
                            (side[at.min(side.len() - 1)] * 1e4).round() / 1e4
                        })
                        .collect()
                });
                ZoomLink {
                    board,
                    fight,
                    correlation: rho,
                    scores,
                }
            })
            .collect();
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
        for (i, l) in self.links.iter().enumerate() {
            if !l.correlation.is_finite() || l.correlation.abs() > MAX_CORRELATION {
                out.push((
                    format!("links[{i}].correlation"),
                    format!("between -{MAX_CORRELATION} and {MAX_CORRELATION}"),
                ));
            }
            for (side, scores) in l.scores.iter().enumerate() {
                let path = format!("links[{i}].scores[{side}]");
                if scores.len() > MAX_SCORES {
                    out.push((path, format!("at most {MAX_SCORES} scores")));
                } else if scores.iter().any(|x| !x.is_finite() || x.abs() > 10.0) {
                    out.push((path, "every score is between -10 and 10".into()));
                } else if scores.windows(2).any(|p| p[0] > p[1]) {
                    out.push((path, "the scores are in order, least first".into()));
                }
            }
            if self.links[..i]
                .iter()
                .any(|o| (o.board, o.fight) == (l.board, l.fight))
            {
                out.push((format!("links[{i}]"), "one link a board and fight".into()));
            }
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

/// The two sides' ranks `u` as two uncorrelated normal scores: their normal
/// scores, correlated at `rho`, turned by the symmetric inverse square root
/// of that correlation.
fn uncorrelated(rho: f64, u: [f64; 2]) -> [f64; 2] {
    let (p, m) = (1.0 / libm::sqrt(1.0 + rho), 1.0 / libm::sqrt(1.0 - rho));
    let (a, b) = ((p + m) / 2.0, (p - m) / 2.0);
    let z = [normal_quantile(u[0]), normal_quantile(u[1])];
    [a * z[0] + b * z[1], b * z[0] + a * z[1]]
}

/// The normal score at the place `w` takes among `scores` (quantiles at
/// even steps, in order): between two of them, as far between their
/// steps' normal scores; beyond the ends, as far beyond. With no scores,
/// `w` itself.
fn even(w: f64, scores: &[f64]) -> f64 {
    let n = scores.len();
    if n == 0 {
        return w;
    }
    let step = |k: usize| normal_quantile((k as f64 + 0.5) / n as f64);
    let j = scores.partition_point(|&x| x <= w);
    if j == 0 {
        step(0) + (w - scores[0])
    } else if j == n {
        step(n - 1) + (w - scores[n - 1])
    } else {
        let (lo, hi) = (scores[j - 1], scores[j]);
        let t = if hi > lo { (w - lo) / (hi - lo) } else { 0.5 };
        step(j - 1) + t * (step(j) - step(j - 1))
    }
}

/// Pearson's correlation of pairs (0 when either side does not vary).
fn correlation(z: &[[f64; 2]]) -> f64 {
    let n = z.len() as f64;
    if z.len() < 2 {
        return 0.0;
    }
    let m = [0, 1].map(|i| z.iter().map(|p| p[i]).sum::<f64>() / n);
    let cov = |i: usize, j: usize| z.iter().map(|p| (p[i] - m[i]) * (p[j] - m[j])).sum::<f64>() / n;
    let (vx, vy) = (cov(0, 0), cov(1, 1));
    if vx <= 0.0 || vy <= 0.0 {
        return 0.0;
    }
    cov(0, 1) / libm::sqrt(vx * vy)
}

/// The standard normal distribution function, by `libm` (the same on
/// every platform, so that a battle replays alike everywhere).
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * libm::erfc(-z / std::f64::consts::SQRT_2)
}

/// The standard normal quantile of `u` (clamped within a millionth of 0
/// and 1): Acklam's rational approximation, refined by one Halley step on
/// `normal_cdf`.
pub fn normal_quantile(u: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let u = if u.is_nan() {
        0.5
    } else {
        u.clamp(1e-6, 1.0 - 1e-6)
    };
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    let x = if u < 0.024_25 {
        tail(libm::sqrt(-2.0 * libm::log(u)))
    } else if u > 1.0 - 0.024_25 {
        -tail(libm::sqrt(-2.0 * libm::log(1.0 - u)))
    } else {
        let q = u - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    };
    // One Halley step.
    let e = normal_cdf(x) - u;
    let d = e * libm::sqrt(2.0 * std::f64::consts::PI) * libm::exp(x * x / 2.0);
    x - d / (1.0 + x * d / 2.0)
}
