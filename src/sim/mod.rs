//! The balance simulator: many games played by the opponents on all cores,
//! one runner for every game.
//!
//! Game `i` of a run is seeded with `sub_seed(seed, i)` and its result is
//! stored at index `i`, so the figures are the same whatever the number of
//! threads. `run_indexed` is the runner; each game's module plays one game
//! (through `common::game::play_out`, so every command goes through
//! `check`) and turns the results into its figures.

pub mod campaign;
pub mod family;
pub mod simple_hex;

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
