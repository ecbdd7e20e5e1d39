//! The simulator: same seed, same numbers, whatever the thread count.

use std::sync::Arc;
use tally_ho::common::Side;
use tally_ho::data;
use tally_ho::sim;
use tally_ho::simple_hex::Options;

#[test]
fn same_seed_same_numbers_on_any_number_of_threads() {
    let sc = Arc::new(data::load_simple_hex("crane-14x18").unwrap());
    let run = |threads| {
        let cfg = sim::simple_hex::RunConfig {
            games: 150,
            seed: 7,
            options: Options::default(),
            threads,
            levels: Default::default(),
        };
        sim::simple_hex::run(&sc, &cfg, &|_| {}).0
    };
    let one = run(1);
    let two = run(2);
    assert_eq!(one, two);
    assert_eq!(one.len(), 150);
    let s = sim::simple_hex::summarise(&sc, &one, std::time::Duration::from_secs(1));
    assert_eq!(s.german_wins + s.british_wins, 150);
    assert!(one
        .iter()
        .all(|r| (r.winner == Side::German) == (r.score >= 24)));
    let csv = sim::simple_hex::csv(&sc, &one);
    assert_eq!(csv.lines().count(), 151);
    assert!(csv.starts_with("game,seed,winner,score,rounds,commands,lost_He_111"));
}

#[test]
fn wilson_interval_brackets_the_rate() {
    let (lo, hi) = sim::wilson(50, 100);
    assert!(lo < 0.5 && hi > 0.5 && lo > 0.39 && hi < 0.61);
    let (lo, hi) = sim::wilson(0, 10);
    assert_eq!(lo, 0.0);
    assert!(hi > 0.2 && hi < 0.35);
}

#[test]
fn the_shared_runner_returns_every_game_in_index_order() {
    use std::sync::atomic::{AtomicU64, Ordering};
    for threads in [1, 2, 5] {
        let ticks = AtomicU64::new(0);
        let (out, _) = sim::run_indexed(
            200,
            threads,
            &|n| {
                ticks.fetch_add(n, Ordering::Relaxed);
            },
            |i| (i, tally_ho::common::dice::sub_seed(9, i)),
        );
        assert_eq!(out.len(), 200);
        assert!(out
            .iter()
            .enumerate()
            .all(|(k, &(i, s))| i == k as u64 && s == tally_ho::common::dice::sub_seed(9, i)));
        assert_eq!(ticks.load(Ordering::Relaxed), 200, "every game ticks once");
    }
    let (none, _) = sim::run_indexed(0, 3, &|_| {}, |i| i);
    assert!(none.is_empty());
}

#[test]
fn quantiles_by_nearest_rank() {
    let v = [1u32, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    assert_eq!(sim::quantile(&v, 0.5), 6);
    assert_eq!(sim::quantile(&v, 0.1), 2);
    assert_eq!(sim::quantile(&v, 0.9), 10);
    assert_eq!(sim::quantile::<u32>(&[], 0.5), 0);
}
