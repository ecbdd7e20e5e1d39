//! What the screens ask the campaign rather than work out for themselves:
//! which geschwader may still be sent on a mission, where a wing may fly in
//! RAF movement, how many gruppen the German forms and what each holds.
//! Each answer agrees with the one legality test, at every decision of
//! campaigns played by the opponents.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use std::collections::BTreeSet;
use tally_ho::campaign::check::Illegal;
use tally_ho::campaign::game::{Campaign, Command, Stage};
use tally_ho::campaign::rules::WeatherRule;

/// Every answer at this decision, against `check`.
fn agree(c: &Campaign) {
    let legal = c.legal_commands();
    match c.stage() {
        Stage::Missions => {
            let assignable: BTreeSet<usize> = c.assignable().collect();
            let by_check: BTreeSet<usize> = legal
                .iter()
                .filter_map(|cmd| match cmd {
                    Command::Assign { geschwader, .. } => Some(*geschwader),
                    _ => None,
                })
                .collect();
            if !c.deck().hand().is_empty() {
                assert_eq!(assignable, by_check, "{c:?}");
            }
        }
        Stage::RafMovement => {
            for w in 0..c.wings().len() {
                let reach: BTreeSet<_> = c.wing_reach(w).into_iter().collect();
                let by_check: BTreeSet<_> = legal
                    .iter()
                    .filter_map(|cmd| match cmd {
                        Command::MoveWing { wing, to } if *wing == w => Some(*to),
                        _ => None,
                    })
                    .collect();
                assert_eq!(reach, by_check, "wing {w}: {c:?}");
                for to in &reach {
                    assert!(c.check(&Command::MoveWing { wing: w, to: *to }).is_ok());
                }
                if c.movable_wings().all(|m| m != w) {
                    assert!(reach.is_empty());
                }
            }
        }
        Stage::Gruppen => {
            let want = c.gruppen_to_form();
            assert!(want >= 1);
            for k in 0..c.rules().raid.gruppen + 1 {
                let refused = c.check(&Command::Gruppe(k));
                if k as usize >= want {
                    assert!(
                        matches!(refused, Err(Illegal::FormsGruppen { .. })),
                        "gruppe {k} of {want}: {refused:?}"
                    );
                }
            }
            let d = c.dogfight().expect("a dogfight");
            let placed: usize = (0..want as u8).map(|k| d.gruppe(k).count()).sum();
            assert_eq!(placed, d.gruppe_of.len());
        }
        Stage::Attacks => {
            let d = c.dogfight().expect("a dogfight");
            let n = d.gruppen_formed();
            assert!(n >= 1 && n as usize <= c.gruppen_to_form());
            for k in 0..n {
                assert!(d.gruppe(k).count() >= 1, "gruppe {k} is empty");
                assert!(c.check(&Command::Attack(Some(k))).is_ok());
            }
            assert!(c.check(&Command::Attack(Some(n))).is_err());
        }
        _ => {
            for w in 0..c.wings().len() {
                assert!(c.wing_reach(w).is_empty(), "no RAF movement now");
            }
        }
    }
}

#[test]
fn the_screens_questions_agree_with_the_legality_test_at_every_decision() {
    let mut seen = std::collections::HashSet::new();
    for (weather, seed) in [(WeatherRule::Shortened, 3), (WeatherRule::Cards, 8)] {
        let mut c = campaign(weather, seed);
        let mut n = 0;
        while !c.is_over() && c.turn() <= 3 && n < 20_000 {
            if !matches!(c.stage(), Stage::Battle) {
                agree(&c);
                seen.insert(std::mem::discriminant(c.stage()));
            }
            step(&mut c);
            n += 1;
        }
    }
    for stage in [
        Stage::Missions,
        Stage::RafMovement,
        Stage::Gruppen,
        Stage::Attacks,
    ] {
        assert!(
            seen.contains(&std::mem::discriminant(&stage)),
            "{stage:?} never came up"
        );
    }
}

#[test]
fn a_geschwader_with_a_target_or_without_bombers_cannot_be_sent_again() {
    let mut c = campaign(WeatherRule::Shortened, 3);
    assert!(drive(&mut c, |c| matches!(c.stage(), Stage::Missions)));
    let first: Vec<usize> = c.assignable().collect();
    assert!(!first.is_empty());
    let g = first[0];
    let card = c.deck().hand()[0];
    c.play(Command::Assign {
        geschwader: g,
        card,
        wave: 1,
    })
    .unwrap();
    assert!(c.assignable().all(|x| x != g), "sent twice");
    for x in c.assignable() {
        let ges = &c.geschwader()[x];
        assert!(ges.target.is_none() && c.has_bombers(&ges.squadrons));
    }
}
