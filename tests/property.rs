//! Property tests: random legal play from random seeds, checking the invariants
//! after every command, and that a game replays to the identical event log.

mod common;

use common::*;
use proptest::prelude::*;
use tally_ho::rules::dogfight::*;
use tally_ho::rules::hex::Facing;

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

fn where_count(g: &Game) -> usize {
    g.planes()
        .iter()
        .filter(|p| {
            matches!(
                p.loc,
                Loc::Hangar
                    | Loc::Repair
                    | Loc::Activated
                    | Loc::Staged { .. }
                    | Loc::Board { .. }
                    | Loc::Destroyed
            )
        })
        .count()
}

/// Plays random legal commands chosen by `choices`; checks invariants throughout.
fn random_play(seed: u64, choices: &[u16], options: Options) -> Result<Game, TestCaseError> {
    let sc = crane();
    let mut g = Game::new(sc, options, seed);
    let total = g.planes().len();
    let mut score = g.score();
    for &c in choices {
        if g.is_over() {
            break;
        }
        let legal = candidates(&g);
        prop_assert!(!legal.is_empty(), "a live game always has a legal command");
        let cmd = legal[c as usize % legal.len()];
        g.play(cmd)
            .map_err(|e| TestCaseError::fail(format!("{cmd:?}: {e}")))?;
        g.check_invariants().map_err(TestCaseError::fail)?;
        prop_assert_eq!(
            where_count(&g),
            total,
            "every plane is in exactly one place"
        );
        prop_assert!(g.score() >= score, "bomb score only grows");
        score = g.score();
        if let Some(m) = g.active_move() {
            prop_assert!(
                m.used <= m.allowance,
                "movement never exceeds the allowance"
            );
            if let Some((_, f)) = g.plane(m.plane).on_board() {
                prop_assert!(Facing::ALL.contains(&f));
            }
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
        let options = Options { damaged_bombers_cannot_defend: crane_variant };
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
