//! Replays: a game is its seed plus its commands.

mod common;

use common::*;
use tally_ho::data;
use tally_ho::record;
use tally_ho::simple_hex::*;

#[test]
fn a_recorded_ai_game_replays_to_the_identical_event_log() {
    for seed in [1, 2, 99] {
        let mut g = Game::new(crane(), Options::default(), seed);
        finish_with_ai(&mut g);
        let rep = record::record(&g, "crane-14x18").unwrap();
        let text = data::to_ron(&rep);
        let back = record::parse("mem.ron", &text).unwrap();
        assert_eq!(back, rep, "RON round trip");
        let again = record::verify(&back).unwrap();
        assert_eq!(again.events(), g.events());
        assert_eq!(again.dice().log(), g.dice().log());
        assert_eq!(again.winner(), g.winner());
    }
}

#[test]
fn a_tampered_replay_is_caught() {
    let mut g = Game::new(crane(), Options::default(), 4);
    finish_with_ai(&mut g);
    let mut rep = record::record(&g, "crane-14x18").unwrap();
    rep.result.score += 1;
    assert!(matches!(
        record::verify(&rep),
        Err(record::ReplayError::Differs { .. })
    ));
    let mut rep = record::record(&g, "crane-14x18").unwrap();
    rep.seed += 1; // different dice: the commands stop making sense or the result differs
    assert!(record::verify(&rep).is_err());
}

#[test]
fn quiet_games_play_exactly_like_logged_ones() {
    // The simulator's log-free games roll the same dice and reach the same end.
    let sc = crane();
    for seed in 0..20 {
        let mut a = Game::new(sc.clone(), Options::default(), seed);
        let mut b = Game::new_quiet(sc.clone(), Options::default(), seed);
        finish_with_ai(&mut a);
        finish_with_ai(&mut b);
        assert_eq!(a.commands(), b.commands());
        assert_eq!(a.score(), b.score());
        assert_eq!(a.losses(), b.losses());
        assert!(b.events().is_empty());
    }
}

#[test]
fn a_replay_of_edited_tables_says_so() {
    let mut g = Game::new(crane(), Options::default(), 8);
    finish_with_ai(&mut g);
    let mut rep = record::record(&g, "crane-14x18").unwrap();
    rep.fingerprint = "0000000000000000".into();
    let e = match record::verify(&rep) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("an edited table must be reported"),
    };
    assert!(
        e.contains("have changed since this replay was recorded"),
        "{e}"
    );
}
