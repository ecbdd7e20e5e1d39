//! The campaign's intercepts fought on the Simple Hex board: how the battle
//! is built from the squadrons and how its result flows back.

use std::sync::Arc;
use tally_ho::rules::campaign::ai;
use tally_ho::rules::campaign::game::{Battles, Campaign, CampaignSetup, Command, Event, Stage};
use tally_ho::rules::campaign::rules::WeatherRule;

fn campaign(battles: Battles, seed: u64) -> Campaign {
    let (data, rules) = tally_ho::replay::campaign::shipped().expect("shipped campaign");
    Campaign::new(
        data,
        rules,
        CampaignSetup {
            weather: WeatherRule::Historical,
            seed,
            battles,
        },
    )
}

#[test]
fn smoke_board_campaign_plays_out() {
    let mut c = campaign(Battles::Board, 3);
    let t0 = std::time::Instant::now();
    let refused = ai::play_out(&mut c);
    let battles = c
        .events()
        .iter()
        .filter(|e| matches!(e, Event::BattleOnBoard { .. }))
        .count();
    let results: Vec<_> = c
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::BattleResult(o) => Some(o.clone()),
            _ => None,
        })
        .collect();
    eprintln!(
        "{:?} refused {refused} battles {battles} in {:?}",
        c,
        t0.elapsed()
    );
    for o in results.iter().take(5) {
        eprintln!("{o:?}");
    }
    assert!(c.is_over());
    assert_eq!(refused, 0);
    assert!(battles > 0);
    let _ = (Command::WithDice, Stage::Battle, Arc::new(0));
}
