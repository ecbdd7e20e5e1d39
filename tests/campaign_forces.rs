//! The campaign's order of battle in play: rotations, allied reinforcements
//! and the 303 ace, withdrawals, stand-downs, 13 Group's reserves, and what
//! counts as a loss at the end. On the shipped order of battle.

use tally_ho::campaign::data::{Group, Luftflotte, OrderOfBattle};
use tally_ho::campaign::forces::{Forces, ForcesError, Holder, Place};
use tally_ho::campaign::rules::{CampaignValues, Rotation};
use tally_ho::common::Side;
use tally_ho::data::{self, campaign_rules::shipped_campaign_rules};

fn setup() -> (OrderOfBattle, CampaignValues, Forces) {
    let d = data::load_campaign_data().expect("the shipped campaign data load");
    let rules = shipped_campaign_rules().unwrap();
    let forces = Forces::new(&d.oob, rules.reserve_points);
    (d.oob, rules, forces)
}

fn ready_of(f: &Forces, oob: &OrderOfBattle, group: Group, kind: &str) -> usize {
    let k = oob.type_named(kind).unwrap();
    f.count(Holder::Group(group), Some(k), |p| {
        matches!(p, Place::Ready { .. })
    })
}

fn damaged_of(f: &Forces, oob: &OrderOfBattle, group: Group, kind: &str) -> usize {
    let k = oob.type_named(kind).unwrap();
    f.count(Holder::Group(group), Some(k), |p| p == Place::Damaged)
}

/// Puts `n` ready squadrons of a type in a group into its damaged box.
fn shoot_down(f: &mut Forces, oob: &OrderOfBattle, group: Group, kind: &str, n: usize) {
    let k = oob.type_named(kind).unwrap();
    let ids: Vec<usize> = f
        .ready(Holder::Group(group))
        .into_iter()
        .filter(|&i| f.squadrons[i].aircraft == k)
        .take(n)
        .collect();
    assert_eq!(ids.len(), n, "{group:?} {kind}");
    for i in ids {
        f.lose(i);
    }
}

#[test]
fn every_squadron_starts_combat_ready_with_its_group_or_luftflotte() {
    let (oob, _, f) = setup();
    f.check().unwrap();
    let raf: usize = oob.wings.iter().map(|w| w.squadrons.len()).sum();
    let lw: usize = oob.geschwader.iter().map(|g| g.squadrons.len()).sum();
    assert_eq!(f.squadrons.len(), raf + lw);
    assert!(f
        .squadrons
        .iter()
        .all(|s| matches!(s.place, Place::Ready { .. })));
    assert_eq!(f.losses(Side::British, false), 0);
}

#[test]
fn a_rotation_moves_a_loss_from_the_receiving_group_to_the_donor() {
    let (oob, _, mut f) = setup();
    // 11 Group has lost a Hurricane; 12 Group sends a fresh one.
    shoot_down(&mut f, &oob, Group::Eleven, "Hurricane", 1);
    let (r11, d11) = (
        ready_of(&f, &oob, Group::Eleven, "Hurricane"),
        damaged_of(&f, &oob, Group::Eleven, "Hurricane"),
    );
    let (r12, d12) = (
        ready_of(&f, &oob, Group::Twelve, "Hurricane"),
        damaged_of(&f, &oob, Group::Twelve, "Hurricane"),
    );
    let r = Rotation {
        from_group: 12,
        to_group: 11,
        kind: "Hurricane".into(),
        count: 1,
        receives: None,
    };
    f.rotate_one(&r, &oob).unwrap();
    assert_eq!(ready_of(&f, &oob, Group::Eleven, "Hurricane"), r11 + 1);
    assert_eq!(damaged_of(&f, &oob, Group::Eleven, "Hurricane"), d11 - 1);
    assert_eq!(ready_of(&f, &oob, Group::Twelve, "Hurricane"), r12 - 1);
    assert_eq!(damaged_of(&f, &oob, Group::Twelve, "Hurricane"), d12 + 1);
    f.check().unwrap();
}

#[test]
fn a_rotation_needs_a_loss_to_replace_and_a_fresh_squadron_to_send() {
    let (oob, _, mut f) = setup();
    let r = Rotation {
        from_group: 12,
        to_group: 11,
        kind: "Spitfire".into(),
        count: 1,
        receives: None,
    };
    // Nothing lost in 11 Group: nothing to bring back.
    assert_eq!(
        f.rotate_one(&r, &oob),
        Err(ForcesError::NoDamagedSquadron {
            group: Group::Eleven,
            kind: "Spitfire".into()
        })
    );
    // 12 Group with every Spitfire down has none to send.
    shoot_down(&mut f, &oob, Group::Eleven, "Spitfire", 1);
    let n12 = ready_of(&f, &oob, Group::Twelve, "Spitfire");
    shoot_down(&mut f, &oob, Group::Twelve, "Spitfire", n12);
    assert_eq!(
        f.rotate_one(&r, &oob),
        Err(ForcesError::NoReadySquadron {
            group: Group::Twelve,
            kind: "Spitfire".into()
        })
    );
}

#[test]
fn the_turn_5_and_turn_9_rotations_can_be_made_from_the_shipped_order_of_battle() {
    let (oob, rules, _) = setup();
    // Each turn's set from full strength: in play, the donors rebuild their
    // own losses with repair dice (and 13 Group with its reserve) in between.
    for set in &rules.rotations {
        let (_, _, mut f) = setup();
        // The receiving groups have the losses to replace.
        for r in set {
            shoot_down(
                &mut f,
                &oob,
                Group::from_number(r.to_group).unwrap(),
                r.receives.as_ref().unwrap_or(&r.kind),
                r.count as usize,
            );
        }
        for r in set {
            for _ in 0..r.count {
                f.rotate_one(r, &oob)
                    .unwrap_or_else(|e| panic!("{r:?}: {e}"));
            }
        }
        f.check().unwrap();
    }
}

#[test]
fn the_turn_9_swap_damages_a_13_group_hurricane_and_rebuilds_an_11_group_spitfire() {
    let (oob, rules, mut f) = setup();
    let swap = rules.rotations[1]
        .iter()
        .find(|r| r.receives.is_some())
        .expect("the footnote's swap")
        .clone();
    assert_eq!((swap.from_group, swap.to_group), (13, 11));
    assert_eq!(swap.kind, "Hurricane");
    assert_eq!(swap.receives.as_deref(), Some("Spitfire"));
    shoot_down(&mut f, &oob, Group::Eleven, "Spitfire", 1);
    let h13 = ready_of(&f, &oob, Group::Thirteen, "Hurricane");
    let s11 = ready_of(&f, &oob, Group::Eleven, "Spitfire");
    f.rotate_one(&swap, &oob).unwrap();
    assert_eq!(ready_of(&f, &oob, Group::Thirteen, "Hurricane"), h13 - 1);
    assert_eq!(damaged_of(&f, &oob, Group::Thirteen, "Hurricane"), 1);
    assert_eq!(ready_of(&f, &oob, Group::Eleven, "Spitfire"), s11 + 1);
}

#[test]
fn allied_reinforcements_rebuild_a_damaged_hurricane_under_their_name() {
    let (oob, _, mut f) = setup();
    assert!(matches!(
        f.reinforce(Group::Twelve, "No. 310 (Czechoslovak) Squadron", &oob),
        Err(ForcesError::NoDamagedSquadron { .. })
    ));
    shoot_down(&mut f, &oob, Group::Twelve, "Hurricane", 1);
    let before = ready_of(&f, &oob, Group::Twelve, "Hurricane");
    let i = f
        .reinforce(Group::Twelve, "No. 310 (Czechoslovak) Squadron", &oob)
        .unwrap();
    assert_eq!(f.squadrons[i].name, "No. 310 (Czechoslovak) Squadron");
    assert_eq!(ready_of(&f, &oob, Group::Twelve, "Hurricane"), before + 1);
}

#[test]
fn withdrawn_defiants_and_stukas_are_not_losses_but_those_shot_down_before_stay_losses() {
    let (oob, _, mut f) = setup();
    let defiants = oob.cards_of("Defiant");
    let stukas = oob.cards_of("Ju 87");
    assert!(defiants > 0 && stukas > 0);
    // "you have no incentive to needlessly soak up casualties with them
    // before they are withdrawn": a Defiant shot down before stays a loss.
    shoot_down(&mut f, &oob, group_with(&oob, "Defiant"), "Defiant", 1);
    assert_eq!(f.losses(Side::British, false), 1);
    assert_eq!(f.withdraw_type("Defiant", &oob), defiants - 1);
    assert_eq!(f.withdraw_type("Ju 87", &oob), stukas);
    assert_eq!(f.losses(Side::British, false), 1);
    assert_eq!(f.losses(Side::German, false), 0);
    assert_eq!(f.withdraw_type("Defiant", &oob), 0, "once only");
    // And it is never rebuilt.
    let lost = (0..f.squadrons.len())
        .find(|&i| f.squadrons[i].place == Place::Damaged)
        .unwrap();
    assert!(!f.rebuildable(lost));
    assert_eq!(f.rebuild(lost), Err(ForcesError::Retired));
}

fn group_with(oob: &OrderOfBattle, kind: &str) -> Group {
    let k = oob.type_named(kind).unwrap();
    oob.wings
        .iter()
        .find(|w| w.squadrons.iter().any(|s| s.aircraft == k))
        .unwrap()
        .group
}

#[test]
fn luftflotte_5_withdrawn_takes_its_squadrons_out_without_loss() {
    let (_, _, mut f) = setup();
    let holder = Holder::Luftflotte(Luftflotte::Five);
    let all = f.ready(holder);
    // One shot down before the withdrawal stays a loss.
    f.lose(all[0]);
    let n = f.withdraw_luftflotte(Luftflotte::Five);
    assert_eq!(n, all.len() - 1);
    assert!(f.ready(holder).is_empty());
    assert_eq!(f.losses(Side::German, false), 1);
}

#[test]
fn stood_down_squadrons_return_to_the_top_of_the_box_two_turns_later() {
    let (_, _, mut f) = setup();
    let holder = Holder::Group(Group::Eleven);
    let ready = f.ready(holder);
    let sq = *ready.last().unwrap();
    f.stand_down(sq, 3);
    assert_eq!(f.squadrons[sq].place, Place::StoodDown { back_on: 5 });
    assert!(f.return_stood_down(4).is_empty(), "not on the next turn");
    assert_eq!(f.return_stood_down(5), vec![sq]);
    assert_eq!(f.ready(holder)[0], sq, "first to be used");
    // Stood down is not a loss, except where the rules count it.
    f.stand_down(sq, 10);
    assert_eq!(f.losses(Side::British, false), 0);
    assert_eq!(f.losses(Side::British, true), 1);
}

#[test]
fn thirteen_group_reserve_points_rebuild_only_its_own_squadrons() {
    let (oob, _, mut f) = setup();
    assert_eq!(f.reserve_points, 4);
    shoot_down(&mut f, &oob, Group::Thirteen, "Hurricane", 1);
    shoot_down(&mut f, &oob, Group::Eleven, "Hurricane", 1);
    let k = oob.type_named("Hurricane").unwrap();
    let damaged = |f: &Forces, g: Group| {
        (0..f.squadrons.len())
            .find(|&i| {
                f.squadrons[i].holder == Holder::Group(g)
                    && f.squadrons[i].aircraft == k
                    && f.squadrons[i].place == Place::Damaged
            })
            .unwrap()
    };
    let eleven = damaged(&f, Group::Eleven);
    assert_eq!(
        f.rebuild_from_reserve(eleven),
        Err(ForcesError::NotThirteenGroup)
    );
    let thirteen = damaged(&f, Group::Thirteen);
    f.rebuild_from_reserve(thirteen).unwrap();
    assert_eq!(f.reserve_points, 3);
    assert!(matches!(f.squadrons[thirteen].place, Place::Ready { .. }));
    f.reserve_points = 0;
    shoot_down(&mut f, &oob, Group::Thirteen, "Hurricane", 1);
    let again = damaged(&f, Group::Thirteen);
    assert_eq!(
        f.rebuild_from_reserve(again),
        Err(ForcesError::NoReservePoints)
    );
}

#[test]
fn a_fallen_allied_squadron_keeps_its_name_when_the_next_arrives() {
    let (oob, _, mut f) = setup();
    shoot_down(&mut f, &oob, Group::Eleven, "Hurricane", 2);
    let first = f
        .reinforce(Group::Eleven, "No. 1 Squadron RCAF", &oob)
        .unwrap();
    f.lose(first);
    let second = f
        .reinforce(Group::Eleven, "No. 303 (Polish) Squadron", &oob)
        .unwrap();
    assert_ne!(first, second);
    assert_eq!(f.squadrons[first].name, "No. 1 Squadron RCAF");
    assert!(f.squadrons[second].allied);
}

fn spitfire_12_to_11() -> Rotation {
    Rotation {
        from_group: 12,
        to_group: 11,
        kind: "Spitfire".into(),
        count: 1,
        receives: None,
    }
}

#[test]
fn a_rotation_brings_back_a_damaged_squadron_of_its_own_type_before_the_fallback() {
    let (oob, _, mut f) = setup();
    shoot_down(&mut f, &oob, Group::Eleven, "Blenheim", 1);
    shoot_down(&mut f, &oob, Group::Eleven, "Spitfire", 1);
    let (give, back, swap) = f.rotation(&spitfire_12_to_11(), &oob).unwrap();
    assert!(!swap, "a damaged Spitfire waits: the sheet's rotation");
    assert_eq!(oob.types[f.squadrons[back].aircraft].name, "Spitfire");
    f.rotate(give, back, swap);
    assert_eq!(f.squadrons[give].holder, Holder::Group(Group::Twelve));
    assert_eq!(f.squadrons[give].place, Place::Damaged);
    assert_eq!(f.squadrons[back].holder, Holder::Group(Group::Eleven));
    assert!(matches!(f.squadrons[back].place, Place::Ready { .. }));
}

#[test]
fn a_rotation_with_no_damaged_squadron_of_its_type_swaps_the_cards_of_the_two_groups() {
    let (oob, _, mut f) = setup();
    // 11 Group has lost a Blenheim, no Spitfire.
    shoot_down(&mut f, &oob, Group::Eleven, "Blenheim", 1);
    let losses = f.losses(Side::British, false);
    let spit11 = ready_of(&f, &oob, Group::Eleven, "Spitfire");
    let (give, back, swap) = f.rotation(&spitfire_12_to_11(), &oob).unwrap();
    assert!(swap, "the fallback: no damaged Spitfire in 11 Group");
    assert_eq!(oob.types[f.squadrons[give].aircraft].name, "Spitfire");
    assert_eq!(oob.types[f.squadrons[back].aircraft].name, "Blenheim");
    f.rotate(give, back, swap);
    // The fresh Spitfire joins 11 Group combat ready; the damaged Blenheim
    // goes to 12 Group's damaged box: the loss is transferred.
    assert_eq!(f.squadrons[give].holder, Holder::Group(Group::Eleven));
    assert!(matches!(f.squadrons[give].place, Place::Ready { .. }));
    assert_eq!(f.squadrons[back].holder, Holder::Group(Group::Twelve));
    assert_eq!(f.squadrons[back].place, Place::Damaged);
    assert_eq!(ready_of(&f, &oob, Group::Eleven, "Spitfire"), spit11 + 1);
    assert_eq!(damaged_of(&f, &oob, Group::Eleven, "Blenheim"), 0);
    assert_eq!(damaged_of(&f, &oob, Group::Twelve, "Blenheim"), 1);
    assert_eq!(
        f.losses(Side::British, false),
        losses,
        "no loss made or undone"
    );
    f.check().unwrap();
    // With nothing at all damaged in 11 Group, no rotation is possible.
    let (_, _, g) = setup();
    assert!(matches!(
        g.rotation(&spitfire_12_to_11(), &oob),
        Err(ForcesError::NoDamagedSquadron { .. })
    ));
}

#[test]
fn an_allied_squadron_takes_its_own_groups_damaged_hurricane_first() {
    let (oob, _, mut f) = setup();
    shoot_down(&mut f, &oob, Group::Thirteen, "Hurricane", 1);
    shoot_down(&mut f, &oob, Group::Twelve, "Hurricane", 1);
    let i = f
        .reinforce(Group::Twelve, "No. 310 (Czechoslovak) Squadron", &oob)
        .unwrap();
    assert_eq!(f.squadrons[i].holder, Holder::Group(Group::Twelve));
    assert_eq!(damaged_of(&f, &oob, Group::Twelve, "Hurricane"), 0);
    assert_eq!(damaged_of(&f, &oob, Group::Thirteen, "Hurricane"), 1);
}

#[test]
fn an_allied_squadron_with_no_damaged_hurricane_in_its_group_takes_one_from_another_group() {
    let (oob, _, mut f) = setup();
    // 12 Group has none damaged; 10 and 13 Group one each: the north first.
    shoot_down(&mut f, &oob, Group::Ten, "Hurricane", 1);
    shoot_down(&mut f, &oob, Group::Thirteen, "Hurricane", 1);
    let hurricanes12 = ready_of(&f, &oob, Group::Twelve, "Hurricane");
    let i = f
        .reinforce(Group::Twelve, "No. 310 (Czechoslovak) Squadron", &oob)
        .unwrap();
    assert_eq!(f.squadrons[i].name, "No. 310 (Czechoslovak) Squadron");
    assert!(f.squadrons[i].allied);
    assert_eq!(f.squadrons[i].holder, Holder::Group(Group::Twelve));
    assert!(matches!(f.squadrons[i].place, Place::Ready { .. }));
    assert_eq!(
        ready_of(&f, &oob, Group::Twelve, "Hurricane"),
        hurricanes12 + 1
    );
    assert_eq!(damaged_of(&f, &oob, Group::Thirteen, "Hurricane"), 0);
    assert_eq!(damaged_of(&f, &oob, Group::Ten, "Hurricane"), 1);
    f.check().unwrap();
}

#[test]
fn an_allied_squadron_waits_when_no_hurricane_is_damaged_anywhere() {
    let (oob, _, mut f) = setup();
    shoot_down(&mut f, &oob, Group::Twelve, "Spitfire", 1);
    assert_eq!(
        f.reinforce(Group::Twelve, "No. 310 (Czechoslovak) Squadron", &oob),
        Err(ForcesError::NoDamagedSquadron {
            group: Group::Twelve,
            kind: "Hurricane".into()
        })
    );
}
