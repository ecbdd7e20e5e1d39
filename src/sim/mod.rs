//! The balance simulator: many games played by the opponents on all cores,
//! one runner for every game.
//!
//! Game `i` of a run is seeded with `sub_seed(seed, i)` and its result is
//! stored at index `i`, so the figures are the same whatever the number of
//! threads. `run_indexed` is the runner; each game's module plays one game
//! (through `common::game::play_out`, so every command goes through
//! `check`) and turns the results into its figures.

pub mod blitz;
pub mod blitz_choices;
pub mod campaign;
pub mod decisions;
pub mod family;
pub mod simple_hex;

use crate::common::Level;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The runner every game's simulator shares: calls `play(i)` for each game
/// index `0..games` on `threads` threads (in chunks taken from a shared
/// counter) and returns the results in index order, with the wall time.
/// `play` must depend only on the index (seed game `i` with
/// `sub_seed(seed, i)`), so the figures are the same whatever the number of
/// threads. `tick(n)` is called as games finish.
pub fn run_indexed<R, F>(
    games: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
    play: F,
) -> (Vec<R>, Duration)
where
    R: Send,
    F: Fn(u64) -> R + Sync,
{
    let threads = threads.max(1);
    // Chunks small enough that every thread has work to the end (a run of
    // a few hundred slow campaigns split in chunks of 64 left one thread
    // idle for most of it), large enough to keep the counter cold.
    let chunk = (games / (threads as u64 * 16)).clamp(1, 64);
    let next = AtomicU64::new(0);
    let start = Instant::now();
    let play = &play;
    let mut parts: Vec<Vec<(u64, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let from = next.fetch_add(chunk, Ordering::Relaxed);
                        if from >= games {
                            break;
                        }
                        let to = (from + chunk).min(games);
                        for i in from..to {
                            out.push((i, play(i)));
                        }
                        tick(to - from);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("simulation thread"))
            .collect()
    });
    let elapsed = start.elapsed();
    let mut all: Vec<(u64, R)> = parts.drain(..).flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    (all.into_iter().map(|(_, r)| r).collect(), elapsed)
}

/// The `f` quantile (0 to 1) of sorted values, by the nearest rank.
pub fn quantile<T: Copy + Default>(sorted: &[T], f: f64) -> T {
    if sorted.is_empty() {
        T::default()
    } else {
        sorted[((sorted.len() - 1) as f64 * f).round() as usize]
    }
}

pub use crate::common::spread::wilson;

/// One rung of a level ladder: `upper` against `lower` over the same seeds,
/// every seat in turn played by `upper` with `lower` in all the others.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub upper: Level,
    pub lower: Level,
    /// Seeds played (each once per seat, and once with `lower` everywhere).
    pub seeds: u64,
    /// The seats' names, in seat order.
    pub names: Vec<String>,
    /// The share of the points `upper` took, over its seatings.
    pub share: f64,
    /// 95% interval of `share` (normal, over the seeds' means).
    pub low: f64,
    pub high: f64,
    /// Seat by seat, what `upper` made of the seat against `lower`.
    pub per_seat: Vec<SeatShare>,
}

/// What the stronger level made of one seat. `took` is the share of the
/// points it took there; `share` puts that on the even scale: the even
/// share plus what it took beyond the weaker level in the same seat on the
/// same seeds (so a seat the game favours does not count for the level,
/// and 50% of two seats, or 25% of four, is no better than the level below).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatShare {
    pub took: f64,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

/// A ladder rung holds when the stronger level beats the weaker by this
/// much above even, overall and at every seat, with an interval that
/// clears even (ours: issue 30 asks 53% where 50% is even).
pub const RUNG_MARGIN: f64 = 0.03;

impl Rung {
    /// What `upper` would take if the levels played alike.
    pub fn even(&self) -> f64 {
        1.0 / self.names.len().max(1) as f64
    }

    /// Does `upper` beat `lower` by `RUNG_MARGIN` overall and at every
    /// seat, each interval clear of even?
    pub fn holds(&self) -> bool {
        let even = self.even();
        let clear = |share: f64, low: f64| share >= even + RUNG_MARGIN && low > even;
        clear(self.share, self.low) && self.per_seat.iter().all(|s| clear(s.share, s.low))
    }
}

impl std::fmt::Display for Rung {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{:<8} against {:<8} {:5.1}% of the points (95% CI {:.1}% to {:.1}%; even is {:.1}%), {} seeds x {} seatings: {}",
            self.upper.name(),
            self.lower.name(),
            100.0 * self.share,
            100.0 * self.low,
            100.0 * self.high,
            100.0 * self.even(),
            self.seeds,
            self.names.len(),
            if self.holds() {
                format!("holds (at least {:.0} points above even at every seat)", 100.0 * RUNG_MARGIN)
            } else {
                format!("DOES NOT HOLD (wants {:.0} points above even at every seat)", 100.0 * RUNG_MARGIN)
            }
        )?;
        for (name, s) in self.names.iter().zip(&self.per_seat) {
            writeln!(
                f,
                "    as {:<12} took {:5.1}%; beyond the {} in that seat: {:5.1}% (95% CI {:.1}% to {:.1}%)",
                name,
                100.0 * s.took,
                self.lower.name(),
                100.0 * s.share,
                100.0 * s.low,
                100.0 * s.high,
            )?;
        }
        Ok(())
    }
}

/// The ladder every game's simulator prints: each of the game's `levels`
/// (weakest first) against the one below. For each seed (game `i` is
/// seeded by the index, as in `run_indexed`), the weaker level plays every
/// seat once, then the stronger plays each seat in turn with the weaker in
/// all the others, so both meet the same dice from every side. `play(i,
/// levels)` plays game `i` with `levels[s]` at seat `s` and returns each
/// seat's points (a win 1, a shared win split).
pub fn ladder<F>(
    seeds: u64,
    names: &[&str],
    levels: &[Level],
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
    play: F,
) -> (Vec<Rung>, Duration)
where
    F: Fn(u64, &[Level]) -> Vec<f64> + Sync,
{
    let start = Instant::now();
    let seats = names.len();
    let even = 1.0 / seats.max(1) as f64;
    let rungs = levels
        .windows(2)
        .map(|pair| {
            let (lower, upper) = (pair[0], pair[1]);
            // Per seed: the upper level's points at each seat, and the
            // lower level's at the same seat when it holds every seat.
            let (per_seed, _) = run_indexed(seeds, threads, tick, |i| {
                let base = play(i, &vec![lower; seats]);
                (0..seats)
                    .map(|seat| {
                        let mut at = vec![lower; seats];
                        at[seat] = upper;
                        (play(i, &at)[seat], base[seat])
                    })
                    .collect::<Vec<(f64, f64)>>()
            });
            let overall: Vec<f64> = per_seed
                .iter()
                .map(|seat| seat.iter().map(|(u, _)| u).sum::<f64>() / seats as f64)
                .collect();
            let (share, low, high) = mean_interval(&overall);
            let per_seat = (0..seats)
                .map(|seat| {
                    let took: Vec<f64> = per_seed.iter().map(|x| x[seat].0).collect();
                    let gain: Vec<f64> = per_seed
                        .iter()
                        .map(|x| even + x[seat].0 - x[seat].1)
                        .collect();
                    let (share, low, high) = mean_interval(&gain);
                    SeatShare {
                        took: mean_interval(&took).0,
                        share,
                        low,
                        high,
                    }
                })
                .collect();
            Rung {
                upper,
                lower,
                seeds,
                names: names.iter().map(|n| n.to_string()).collect(),
                share,
                low,
                high,
                per_seat,
            }
        })
        .collect();
    (rungs, start.elapsed())
}

/// The mean of `xs` and its 95% interval (normal approximation).
pub fn mean_interval(xs: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.959_964 * (var / n).sqrt();
    (mean, mean - half, mean + half)
}

#[cfg(test)]
mod ladder_tests {
    use super::*;

    #[test]
    fn a_ladder_seats_the_stronger_level_at_every_seat_and_credits_its_points() {
        // A made-up game: the higher level always wins (levels that are
        // equal share the win).
        let play = |_i: u64, levels: &[Level]| {
            let best = *levels.iter().max().unwrap();
            let winners: Vec<usize> = (0..levels.len()).filter(|&s| levels[s] == best).collect();
            let mut p = vec![0.0; levels.len()];
            for &w in &winners {
                p[w] = 1.0 / winners.len() as f64;
            }
            p
        };
        let (rungs, _) = ladder(10, &["a", "b"], &Level::ALL, 2, &|_| {}, play);
        assert_eq!(rungs.len(), 2);
        for r in &rungs {
            assert_eq!(r.names.len(), 2);
            assert!((r.share - 1.0).abs() < 1e-9, "{r}");
            assert!(r.upper > r.lower);
            // At each seat: took every point, where the lower took half.
            for s in &r.per_seat {
                assert!((s.took - 1.0).abs() < 1e-9 && (s.share - 1.0).abs() < 1e-9);
            }
            assert!(r.holds(), "{r}");
        }
        // A game's two levels make one rung.
        let (rungs, _) = ladder(4, &["a", "b"], &Level::ALL[..2], 1, &|_| {}, play);
        assert_eq!(rungs.len(), 1);
        assert_eq!(
            (rungs[0].lower, rungs[0].upper),
            (Level::Recruit, Level::Veteran)
        );
        // Seat bias only: the upper level takes seat 0's wins a quarter of
        // the time, and at no seat more than the lower level did.
        let biased = |_i: u64, _levels: &[Level]| vec![1.0, 0.0, 0.0, 0.0];
        let (rungs, _) = ladder(8, &["a", "b", "c", "d"], &Level::ALL, 1, &|_| {}, biased);
        assert!((rungs[0].share - 0.25).abs() < 1e-9);
        assert!((rungs[0].even() - 0.25).abs() < 1e-9);
        assert!(rungs[0]
            .per_seat
            .iter()
            .all(|s| (s.share - 0.25).abs() < 1e-9));
        assert!(!rungs[0].holds());
    }

    #[test]
    fn a_rung_holds_only_if_the_stronger_level_gains_at_every_seat() {
        // Seat 0 wins whenever the levels are equal; the stronger level
        // wins wherever it sits. Overall it takes every point, but at seat
        // 0 it takes no more than the weaker level did there.
        let play = |_i: u64, levels: &[Level]| {
            if levels[0] >= levels[1] {
                vec![1.0, 0.0]
            } else {
                vec![0.0, 1.0]
            }
        };
        let (rungs, _) = ladder(20, &["first", "second"], &Level::ALL[..2], 1, &|_| {}, play);
        let r = &rungs[0];
        assert!((r.share - 1.0).abs() < 1e-9);
        assert!((r.per_seat[0].share - 0.5).abs() < 1e-9, "{r}");
        assert!((r.per_seat[1].share - 1.5).abs() < 1e-9, "{r}");
        assert!(!r.holds(), "{r}");
        assert!(r.to_string().contains("DOES NOT HOLD"), "{r}");
    }

    #[test]
    fn a_mean_interval_narrows_with_more_values_and_holds_the_mean() {
        let xs: Vec<f64> = (0..100).map(|i| (i % 2) as f64).collect();
        let (m, lo, hi) = mean_interval(&xs);
        assert!((m - 0.5).abs() < 1e-9 && lo < m && m < hi);
        let more: Vec<f64> = (0..10_000).map(|i| (i % 2) as f64).collect();
        let (_, lo2, hi2) = mean_interval(&more);
        assert!(hi2 - lo2 < (hi - lo) / 5.0);
    }
}
