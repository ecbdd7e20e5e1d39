//! Property tests: random legal play from random seeds, checking the invariants
//! after every command, and that a game replays to the identical event log.

mod common;

use common::*;
use proptest::prelude::*;
use tally_ho::simple_hex::*;

/// Every command that could be legal now, in a fixed order.
fn candidates(g: &Game) -> Vec<Command> {
    let mut out = Vec::new();
    match g.phase() {
        Phase::Entry { side } => {
            for u in g.waiting_units(side) {
                for column in 0..g.scenario().columns as u8 {
                    out.push(Command::Enter { unit: u, column });
                }
            }
        }
        Phase::Moving(_) => {
            out.extend(Step::ALL.map(Command::Step));
            for i in 0..g.planes().len() {
                out.push(Command::Attack {
                    target: PlaneId(i as u8),
                });
            }
            out.push(Command::EndMove);
        }
        _ => {}
    }
    out.retain(|c| g.check(c).is_ok());
    out
}

/// Planes on the mat, counted two ways: by their own location, and by the
/// mat's cells (plus the plane in the air mid-move, which is lifted off).
fn on_mat_both_ways(g: &Game) -> (usize, usize) {
    let by_plane = g
        .planes()
        .iter()
        .filter(|p| matches!(p.loc, Loc::Board { .. }))
        .count();
    let mover_on_mat = g
        .active_move()
        .is_some_and(|m| g.plane(m.plane).on_board().is_some());
    (
        by_plane,
        g.board().occupied().count() + mover_on_mat as usize,
    )
}

/// Plays random legal commands chosen by `choices`; checks invariants throughout.
fn random_play(seed: u64, choices: &[u16], options: Options) -> Result<Game, TestCaseError> {
    let sc = crane();
    let mut g = Game::new(sc, options, seed);
    let total = g.planes().len();
    let mut destroyed = vec![false; total];
    let mut score = g.score();
    for &c in choices {
        if g.is_over() {
            break;
        }
        let legal = candidates(&g);
        prop_assert!(!legal.is_empty(), "a live game always has a legal command");
        prop_assert_eq!(
            &g.legal_commands(),
            &legal,
            "legal_commands lists exactly what check accepts"
        );
        let cmd = legal[c as usize % legal.len()];
        g.play(cmd)
            .map_err(|e| TestCaseError::fail(format!("{cmd:?}: {e}")))?;
        g.check_invariants().map_err(TestCaseError::fail)?;
        let (by_plane, by_cell) = on_mat_both_ways(&g);
        prop_assert_eq!(by_plane, by_cell, "every plane is in exactly one place");
        for (i, p) in g.planes().iter().enumerate() {
            if destroyed[i] {
                prop_assert_eq!(p.loc, Loc::Destroyed, "a destroyed plane stays destroyed");
            }
            destroyed[i] = p.loc == Loc::Destroyed;
        }
        prop_assert_eq!(g.planes().len(), total);
        prop_assert!(g.score() >= score, "bomb score only grows");
        score = g.score();
        if let Some(m) = g.active_move() {
            prop_assert!(
                m.used <= m.allowance,
                "movement never exceeds the allowance"
            );
        }
    }
    // No two planes end a move on one hex: every MoveEnded hex was free of
    // other stopped planes (checked by check_invariants after each command).
    Ok(g)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_the_invariants(
        seed in any::<u64>(),
        crane_variant in any::<bool>(),
        choices in proptest::collection::vec(any::<u16>(), 1500),
    ) {
        let options = Options { damaged_bombers_cannot_defend: crane_variant, ..Options::default() };
        random_play(seed, &choices, options)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_same_seed_and_commands_give_the_identical_event_log(
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), 600),
    ) {
        let g = random_play(seed, &choices, Options::default())?;
        let mut again = Game::new(g.scenario().clone(), g.options(), seed);
        for &c in g.commands() {
            again.play(c).unwrap();
        }
        prop_assert_eq!(again.events(), g.events());
        prop_assert_eq!(again.dice().log(), g.dice().log());
    }
}

/// The opponent's decisions are a function of the game: a fresh opponent
/// asked at any point of a game (as after loading a save, even in the middle
/// of a plane's move) decides exactly what the one that played the whole
/// game decided there.
#[test]
fn a_fresh_opponent_decides_as_the_one_that_played_the_game() {
    use tally_ho::simple_hex::ai::Ai;
    let mut checked_mid_move = 0;
    for seed in [3, 11, 29] {
        let mut g = Game::new(crane(), Options::default(), seed);
        let mut ai = Ai::new();
        let mut k = 0;
        while let Some(side) = g.to_act() {
            let cmd = ai.decide(&g, side).expect("the side to act decides");
            if k % 5 == 0 {
                let fresh = Ai::new().decide(&g.rebuilt(k), side);
                assert_eq!(fresh, Some(cmd), "seed {seed}, command {k}");
                if g.active_move().is_some_and(|m| m.used > 0) {
                    checked_mid_move += 1;
                }
            }
            g.play(cmd).unwrap();
            k += 1;
        }
    }
    assert!(
        checked_mid_move > 20,
        "only {checked_mid_move} checks in mid-move"
    );
}
