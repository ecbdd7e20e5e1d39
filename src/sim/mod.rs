//! The balance simulator: many games played by the opponents on all cores,
//! one runner for every game.
//!
//! Game `i` of a run is seeded with `sub_seed(seed, i)` and its result is
//! stored at index `i`, so the figures are the same whatever the number of
//! threads. `run_indexed` is the runner; each game's module plays one game
//! (through `common::game::play_out`, so every command goes through
//! `check`) and turns the results into its figures.

pub mod blitz;
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
    const CHUNK: u64 = 64;
    let next = AtomicU64::new(0);
    let start = Instant::now();
    let threads = threads.max(1);
    let play = &play;
    let mut parts: Vec<Vec<(u64, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= games {
                            break;
                        }
                        let to = (from + CHUNK).min(games);
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

/// Wilson score interval for k successes in n trials at 95%.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One rung of a level ladder: `upper` against `lower` over the same seeds,
/// every seat in turn played by `upper` with `lower` in all the others.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub upper: Level,
    pub lower: Level,
    /// Seeds played (each once per seat).
    pub seeds: u64,
    pub seats: usize,
    /// The share of the points `upper` took, over its seatings.
    pub share: f64,
    /// 95% interval of `share` (normal, over the seeds' means).
    pub low: f64,
    pub high: f64,
}

impl Rung {
    /// What `upper` would take if the levels played alike.
    pub fn even(&self) -> f64 {
        1.0 / self.seats as f64
    }
}

impl std::fmt::Display for Rung {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:<8} against {:<8} {:5.1}% of the points (95% CI {:.1}% to {:.1}%; even is {:.1}%), {} seeds x {} seatings",
            self.upper.name(),
            self.lower.name(),
            100.0 * self.share,
            100.0 * self.low,
            100.0 * self.high,
            100.0 * self.even(),
            self.seeds,
            self.seats,
        )
    }
}

/// The ladder every game's simulator prints: Veteran against Recruit and
/// Ace against Veteran. For each seed (game `i` is seeded by the index, as
/// in `run_indexed`), the stronger level plays each of the `seats` seats in
/// turn with the weaker in all the others, so both meet the same dice from
/// every side. `play(i, levels)` plays game `i` with `levels[s]` at seat
/// `s` and returns each seat's points (a win 1, a shared win split).
pub fn ladder<F>(
    seeds: u64,
    seats: usize,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
    play: F,
) -> (Vec<Rung>, Duration)
where
    F: Fn(u64, &[Level]) -> Vec<f64> + Sync,
{
    let start = Instant::now();
    let rungs = [
        (Level::Veteran, Level::Recruit),
        (Level::Ace, Level::Veteran),
    ]
    .into_iter()
    .map(|(upper, lower)| {
        let (means, _) = run_indexed(seeds, threads, tick, |i| {
            let mut points = 0.0;
            for seat in 0..seats {
                let mut levels = vec![lower; seats];
                levels[seat] = upper;
                points += play(i, &levels)[seat];
            }
            points / seats as f64
        });
        let (share, low, high) = mean_interval(&means);
        Rung {
            upper,
            lower,
            seeds,
            seats,
            share,
            low,
            high,
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
        // A made-up game: the higher level always wins, except that seat 0
        // wins every game when the levels are equal.
        let play = |_i: u64, levels: &[Level]| {
            let best = *levels.iter().max().unwrap();
            let winners: Vec<usize> = (0..levels.len()).filter(|&s| levels[s] == best).collect();
            let mut p = vec![0.0; levels.len()];
            for &w in &winners {
                p[w] = 1.0 / winners.len() as f64;
            }
            p
        };
        let (rungs, _) = ladder(10, 2, 2, &|_| {}, play);
        assert_eq!(rungs.len(), 2);
        for r in &rungs {
            assert_eq!(r.seats, 2);
            assert!((r.share - 1.0).abs() < 1e-9, "{r}");
            assert!(r.upper > r.lower);
        }
        // Seat bias only: the upper level takes seat 0's wins half the time.
        let biased = |_i: u64, levels: &[Level]| {
            let _ = levels;
            vec![1.0, 0.0, 0.0, 0.0]
        };
        let (rungs, _) = ladder(8, 4, 1, &|_| {}, biased);
        assert!((rungs[0].share - 0.25).abs() < 1e-9);
        assert!((rungs[0].even() - 0.25).abs() < 1e-9);
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
