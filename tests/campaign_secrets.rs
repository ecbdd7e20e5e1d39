//! What a side may not see cannot steer the computer playing it: the
//! campaign's opponents decide from their own side's view (docs/RULES.md,
//! "The RAF never sees a geschwader's target or a gruppe's contents").

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::{from_setup, raid, wing};
use tally_ho::campaign::ai;
use tally_ho::campaign::game::{Campaign, CampaignSetup, Command, Stage};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::state::{GeschwaderAt, Next, Position};
use tally_ho::common::Level;
use tally_ho::common::Side;

/// Two wings of No. 11 Group, and a raid of two squadrons over the Channel
/// (its target and its squadrons as given), the RAF to decide `stage`.
fn position(seed: u64, stage: Stage, raid: GeschwaderAt) -> Campaign {
    from_setup(
        CampaignSetup::new(WeatherRule::Historical, seed),
        Position {
            turn: 2,
            tally_ho: 1,
            wings: vec![
                wing("Biggin Hill Wing", &["No. 32 Squadron", "No. 610 Squadron"]),
                wing("Tangmere Wing", &["No. 43 Squadron", "No. 145 Squadron"]),
            ],
            geschwader: vec![raid],
            next: Next::Decide(stage),
            ..Position::default()
        },
    )
}

/// The RAF's decisions, at every level, in positions that differ only in
/// what the Luftwaffe keeps from it: the raid's target and which squadrons,
/// of which types, fly in it (the same number). If the computer RAF read
/// either, some decision would follow it.
#[test]
fn the_computer_rafs_decisions_do_not_change_when_the_hidden_facts_change() {
    let twins = [
        (["I./KG 2", "I./JG 26"], "Manston"),
        (["II./KG 2", "II./JG 26"], "London"),
        (["I./JG 26", "II./JG 26"], "Southampton"),
        (["I./KG 2", "II./KG 2"], "Biggin Hill"),
    ];
    let mut acted = 0;
    for stage in [Stage::RafMovement, Stage::InterceptChoice { geschwader: 0 }] {
        for at in [(16, 17), (15, 16), (14, 15)] {
            for seed in 0..3 {
                for level in [Level::Recruit, Level::Veteran, Level::Ace] {
                    let decisions: Vec<_> = twins
                        .iter()
                        .map(|(squadrons, target)| {
                            let c =
                                position(seed, stage.clone(), raid("KG 2", squadrons, at, target));
                            assert_eq!(c.to_act(), Some(Side::British), "{stage:?}");
                            ai::propose_at(&c, Side::British, level)
                        })
                        .collect();
                    assert!(decisions[0].is_some());
                    assert!(
                        decisions.iter().all(|d| *d == decisions[0]),
                        "{stage:?} at {at:?}, seed {seed}, {level:?}: {decisions:?}"
                    );
                    // (a decision to act, not only to let the raid be)
                    let idle = [Command::EndRafMovement, Command::NoIntercept];
                    acted += usize::from(!idle.contains(decisions[0].as_ref().unwrap()));
                }
            }
        }
    }
    assert!(
        acted >= 9,
        "only {acted} decisions moved or scrambled a wing"
    );
}
