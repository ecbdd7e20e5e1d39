//! The simulator: same seed, same numbers, whatever the thread count.

use std::sync::Arc;
use tally_ho::data;
use tally_ho::rules::dogfight::{Options, Side};
use tally_ho::sim;

#[test]
fn same_seed_same_numbers_on_any_number_of_threads() {
    let sc = Arc::new(data::load_simple_hex("crane-14x18").unwrap());
    let run = |threads| {
        let cfg = sim::RunConfig {
            games: 150,
            seed: 7,
            options: Options::default(),
            threads,
        };
        sim::run(&sc, &cfg, &|_| {}).0
    };
    let one = run(1);
    let two = run(2);
    assert_eq!(one, two);
    assert_eq!(one.len(), 150);
    let s = sim::summarise(&sc, &one, std::time::Duration::from_secs(1));
    assert_eq!(s.german_wins + s.british_wins, 150);
    assert!(one
        .iter()
        .all(|r| (r.winner == Side::German) == (r.score >= 24)));
    let csv = sim::csv(&sc, &one);
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
