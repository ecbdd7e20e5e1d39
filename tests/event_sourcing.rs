//! Every game is event-sourced: its state is exactly its initial state with
//! its events applied in order, at every point of any legal game, and a game
//! rebuilt from its seed and commands makes the same events. Checked over
//! random legal play of all three games (the campaign with its battles on
//! the dice and on the board).

mod common;

use proptest::prelude::*;
use std::sync::{Arc, OnceLock};
use tally_ho::campaign::data::CampaignData;
use tally_ho::campaign::game::{Battles, Campaign, CampaignSetup};
use tally_ho::campaign::rules::{CampaignValues, WeatherRule};
use tally_ho::common::game::{replayed, Rules};
use tally_ho::family::{FamilyScenario, Game as Family, Setup};
use tally_ho::simple_hex::{Game as SimpleHex, Options};

/// The state the events rebuild from the initial state.
fn rebuilt<G: Rules>(g: &G) -> G::State {
    let mut state = g.initial_state();
    for e in g.events() {
        G::apply(&mut state, e);
    }
    state
}

/// Plays `picks` (each an index into the legal commands) and checks the
/// state against its events every `every` commands and at the end; then
/// that the seed and commands rebuild the same events.
fn events_make_the_state<G: Rules + Clone>(
    fresh: G,
    picks: &[u16],
    every: usize,
) -> Result<usize, TestCaseError> {
    let mut g = fresh.clone();
    prop_assert_eq!(&rebuilt(&g), g.state(), "before any command");
    let mut played = 0;
    for &p in picks {
        if g.is_over() {
            break;
        }
        let legal = g.legal_commands();
        prop_assert!(!legal.is_empty(), "a live game always has a legal command");
        let cmd = legal[p as usize % legal.len()].clone();
        g.play(cmd.clone())
            .map_err(|e| TestCaseError::fail(format!("{cmd:?}: {e}")))?;
        played += 1;
        if played % every == 0 {
            prop_assert_eq!(&rebuilt(&g), g.state(), "after command {}", played);
        }
    }
    prop_assert_eq!(&rebuilt(&g), g.state(), "at the end ({} commands)", played);
    let again = replayed(fresh, g.commands(), g.commands().len());
    prop_assert!(
        again.events() == g.events(),
        "seed and commands make the same events"
    );
    prop_assert_eq!(again.state(), g.state());
    Ok(played)
}

fn family_boards() -> &'static [Arc<FamilyScenario>; 2] {
    static BOARDS: OnceLock<[Arc<FamilyScenario>; 2]> = OnceLock::new();
    BOARDS.get_or_init(|| {
        ["full", "kitchen"].map(|name| Arc::new(tally_ho::data::load_family(name).unwrap()))
    })
}

fn campaign_data() -> (Arc<CampaignData>, Arc<CampaignValues>) {
    static DATA: OnceLock<(Arc<CampaignData>, Arc<CampaignValues>)> = OnceLock::new();
    DATA.get_or_init(|| {
        (
            Arc::new(tally_ho::data::load_campaign_data().unwrap()),
            Arc::new(tally_ho::data::campaign_rules::shipped_campaign_rules().unwrap()),
        )
    })
    .clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_simple_hex_state_is_its_events_applied_to_its_initial_state(
        seed in any::<u64>(),
        crane in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 50..400),
    ) {
        let options = Options { damaged_bombers_cannot_defend: crane, ..Options::default() };
        events_make_the_state(SimpleHex::new(common::crane(), options, seed), &picks, 7)?;
    }

    #[test]
    fn a_family_state_is_its_events_applied_to_its_initial_state(
        seed in any::<u64>(),
        board in 0usize..2,
        seats in 1usize..=4,
        short_game in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 50..400),
    ) {
        let sc = family_boards()[board].clone();
        let setup = Setup { short_game, ..Setup::first_sectors(seats) };
        let g = Family::new(sc, setup, seed).map_err(TestCaseError::fail)?;
        events_make_the_state(g, &picks, 7)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn a_campaign_state_is_its_events_applied_to_its_initial_state(
        seed in any::<u64>(),
        rule in 0usize..5,
        on_board in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 100..600),
    ) {
        let (data, rules) = campaign_data();
        let setup = CampaignSetup {
            battles: if on_board { Battles::Board } else { Battles::Dice },
            ..CampaignSetup::new(WeatherRule::ALL[rule], seed)
        };
        events_make_the_state(Campaign::new(data, rules, setup), &picks, 25)?;
    }
}

/// The property is not vacuous: a state that missed one event differs.
#[test]
fn a_state_missing_its_last_event_is_told_apart() {
    let mut g = SimpleHex::new(common::crane(), Options::default(), 9);
    while g.events().len() < 3 {
        let c = g.legal_commands()[0];
        g.play(c).unwrap();
    }
    let mut short = g.initial_state();
    for e in &g.events()[..g.events().len() - 1] {
        SimpleHex::apply(&mut short, e);
    }
    assert_ne!(&short, g.state());
    assert_eq!(&rebuilt(&g), g.state());
}
