//! The decision benchmark: how long an opponent takes to choose a command,
//! for any game (`Timed` wraps any `Opponent`). Games are played one after
//! another on one thread, so each time is the decision's alone.

use crate::common::game::{Opponent, Rules};
use std::fmt;
use std::time::{Duration, Instant};

/// An opponent that times every decision of the one it wraps.
pub struct Timed<O> {
    pub inner: O,
    pub times: Vec<Duration>,
}

impl<O> Timed<O> {
    pub fn new(inner: O) -> Timed<O> {
        Timed {
            inner,
            times: Vec::new(),
        }
    }
}

impl<G: Rules, O: Opponent<G>> Opponent<G> for Timed<O> {
    fn decide(&mut self, game: &G, seat: G::Seat) -> Option<G::Command> {
        let start = Instant::now();
        let command = self.inner.decide(game, seat);
        self.times.push(start.elapsed());
        command
    }
}

/// The spread of decision times.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionTimes {
    pub decisions: usize,
    pub mean: Duration,
    pub p50: Duration,
    pub p90: Duration,
    pub p99: Duration,
    pub max: Duration,
}

impl DecisionTimes {
    /// The figures of `times` (in any order).
    pub fn of(times: &[Duration]) -> DecisionTimes {
        let mut t = times.to_vec();
        t.sort_unstable();
        let n = t.len();
        // Nearest rank: the smallest time at or above which `q` of them lie.
        let q = |q: f64| -> Duration {
            if n == 0 {
                return Duration::ZERO;
            }
            let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
            t[rank - 1]
        };
        let total: Duration = t.iter().sum();
        DecisionTimes {
            decisions: n,
            mean: if n == 0 {
                Duration::ZERO
            } else {
                total / n as u32
            },
            p50: q(0.50),
            p90: q(0.90),
            p99: q(0.99),
            max: t.last().copied().unwrap_or_default(),
        }
    }
}

impl fmt::Display for DecisionTimes {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "{} decisions: mean {:.3} ms, median {:.3} ms, 90th percentile {:.3} ms, 99th percentile {:.3} ms, longest {:.3} ms",
            self.decisions,
            ms(self.mean),
            ms(self.p50),
            ms(self.p90),
            ms(self.p99),
            ms(self.max)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decision_times_take_nearest_rank_percentiles() {
        let times: Vec<Duration> = (1..=200u64).rev().map(Duration::from_millis).collect();
        let d = DecisionTimes::of(&times);
        assert_eq!(d.decisions, 200);
        assert_eq!(d.p50, Duration::from_millis(100));
        assert_eq!(d.p90, Duration::from_millis(180));
        assert_eq!(d.p99, Duration::from_millis(198));
        assert_eq!(d.max, Duration::from_millis(200));
        assert_eq!(d.mean, Duration::from_micros(100_500));
        assert_eq!(DecisionTimes::of(&[]).decisions, 0);
    }
}
