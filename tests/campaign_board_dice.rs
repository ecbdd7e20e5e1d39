//! The base game's dice that reach a battle on either board: the No. 303
//! ace's extra die (docs/RULES.md, "The ace on the boards"). The target's
//! guns fire at the raid's bomb run, with the dice, after a board battle as
//! after the dice's (`a_raid_fought_on_a_board_flies_on_and_bombs_with_the_
//! dice_at_its_target`, campaign_tactical.rs).

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::{play_out, shipped};
use std::sync::Arc;
use tally_ho::campaign::game::{Battles, Campaign, CampaignSetup, Event};
use tally_ho::campaign::rules::{CampaignValues, WeatherRule};
use tally_ho::campaign::tactical::Outcome;
use tally_ho::common::Side;

/// A whole campaign played by the opponents, every fight that can go to
/// `battles`' board on it, under `rules`.
fn played(rules: Arc<CampaignValues>, battles: Battles, seed: u64) -> Campaign {
    let (data, _) = shipped();
    let setup = CampaignSetup {
        battles,
        ..CampaignSetup::new(WeatherRule::Historical, seed)
    };
    let mut c = Campaign::new(data, rules, setup);
    play_out(&mut c);
    c
}

/// Each board battle's result with the events that follow it up to the
/// next battle: (the geschwader it met, the ace's squadron then, the
/// result, what came after).
fn battles(c: &Campaign) -> Vec<(usize, Option<usize>, Outcome, Vec<Event>)> {
    let ev = c.events();
    let mut out = Vec::new();
    let (mut ace, mut geschwader) = (None, 0);
    for (i, e) in ev.iter().enumerate() {
        match e {
            Event::Ace { squadron } => ace = Some(*squadron),
            Event::BattleOnBoard { geschwader: g, .. }
            | Event::BattleOnFamilyBoard { geschwader: g, .. }
            | Event::DogfightOnBoard { geschwader: g, .. } => geschwader = *g,
            Event::BattleResult(o) => {
                let after = ev[i + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::BattleResult(_)))
                    .cloned()
                    .collect();
                out.push((geschwader, ace, o.clone(), after));
            }
            _ => {}
        }
    }
    out
}

fn with(f: impl Fn(&mut CampaignValues)) -> Arc<CampaignValues> {
    let (_, rules) = shipped();
    let mut r = (*rules).clone();
    f(&mut r);
    Arc::new(r)
}

#[test]
fn the_no_303_aces_die_is_thrown_after_a_board_battle_his_squadron_flew_in() {
    let (_, rules) = shipped();
    assert!(rules.on_the_boards.ace);
    let dice = rules.raid.ace_dice;
    let (mut thrown, mut hits) = (0, 0);
    // Eight campaigns on each board, then more on the hex board until the
    // ace's die has hit (its one die hits one time in six).
    let runs = [Battles::Board, Battles::Family]
        .into_iter()
        .flat_map(|b| (1..=8).map(move |seed| (b, seed)))
        .chain((9..=160).map(|seed| (Battles::Board, seed)));
    for (battles_on, seed) in runs {
        if seed > 8 && hits > 0 {
            break;
        }
        {
            let c = played(rules.clone(), battles_on, seed);
            for (_, ace, o, after) in battles(&c) {
                let flew = ace.is_some_and(|a| {
                    o.squadrons
                        .iter()
                        .any(|r| r.squadron == a && r.side == Side::British && r.fought)
                });
                assert_eq!(o.ace.is_some(), flew, "{ace:?} {o:?}");
                let Some(a) = o.ace else { continue };
                thrown += 1;
                hits += a.hits as u32;
                assert_eq!(a.dice, dice);
                // Its hits are the Luftwaffe's to take, with the board's
                // own (a dogfight's too: there the ace's hit can finish a
                // squadron the board left one short): the board's are the
                // dice's at its rank, its die thrown apart (docs/RULES.md,
                // "The same war on every board").
                assert!(o.ranked.is_some(), "{o:?}");
                assert!(o.luftwaffe_hits >= a.hits);
                // On the hex board, a hit is taken as the dice's: a German
                // squadron of the fight stands down (or is lost, at its
                // defence).
                if !o.family && !o.dogfight && a.hits > 0 {
                    assert!(
                        after.iter().any(|e| matches!(
                            e,
                            Event::TakesHits { squadron, .. }
                                if c.forces().squadrons[*squadron].side == Side::German
                        )),
                        "{o:?} {after:?}"
                    );
                }
            }
        }
    }
    assert!(thrown >= 5, "the ace flew in only {thrown} board battles");
    assert!(hits > 0, "the ace's die never hit in {thrown} throws");

    let quiet = with(|r| r.on_the_boards.ace = false);
    let c = played(quiet, Battles::Board, 1);
    assert!(battles(&c).iter().all(|(_, _, o, _)| o.ace.is_none()));
}
