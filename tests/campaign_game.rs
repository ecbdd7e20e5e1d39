//! The campaign played: the turn sequence and every amendment of
//! "Battle of Britain (Done Properly)" that acts in play, each test named
//! after the rule it checks. The opponents drive the campaigns to the
//! situations a rule needs; the test then plays or checks the commands.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use tally_ho::campaign::ai;
use tally_ho::campaign::data::{Group, Luftflotte, Role, Square};
use tally_ho::campaign::deck::CardKind;
use tally_ho::campaign::forces::{Holder, Place};
use tally_ho::campaign::game::{
    BombRun, Campaign, CampaignSetup, Command, Event, RaidState, Stage, WingState,
};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::score::verdict;
use tally_ho::simple_hex::Side;

/// The first campaign (over seeds 0..n) that reaches `until`.
fn find(weather: WeatherRule, n: u64, until: impl Fn(&Campaign) -> bool) -> Campaign {
    for seed in 0..n {
        let mut c = campaign(weather, seed);
        if drive(&mut c, &until) {
            return c;
        }
    }
    panic!("no campaign of {n} reached the situation");
}

fn position(events: &[Event], f: impl Fn(&Event) -> bool) -> Option<usize> {
    events.iter().position(f)
}

fn luftwaffe_squadron(c: &Campaign, kind: &str, lf: Luftflotte) -> usize {
    let k = c.data().oob.type_named(kind).unwrap();
    c.forces()
        .squadrons
        .iter()
        .position(|s| s.aircraft == k && s.holder == Holder::Luftflotte(lf))
        .unwrap()
}

// ----- the turn sequence -----

#[test]
fn standby_repairs_come_before_the_weather_then_alert_missions_and_tally_ho() {
    // Historical weather: turns 2 and 3 fly, so turn 3 has damage to repair.
    let mut c = campaign(WeatherRule::Historical, 3);
    assert!(drive(&mut c, |c| c.turn() == 4));
    let e = c.events();
    let begins = position(e, |e| matches!(e, Event::TurnBegins { turn: 3, .. })).unwrap();
    let ends = position(e, |e| *e == Event::TurnEnds(3)).unwrap();
    let turn = &e[begins..ends];
    let at = |f: &dyn Fn(&Event) -> bool| position(turn, f).expect("in turn 3");
    let thrown = at(&|e| matches!(e, Event::ProductionThrown { .. }));
    let weather = at(&|e| matches!(e, Event::Weather { flies: true, .. }));
    let alert = at(&|e| matches!(e, Event::Alerted { .. }));
    let mission = at(&|e| matches!(e, Event::Mission { .. }));
    let tally_ho = at(&|e| *e == Event::TallyHo(1));
    assert!(thrown < weather && weather < alert && alert < mission && mission < tally_ho);
}

#[test]
fn a_respite_turn_flies_no_raids_and_the_first_turn_can_be_one() {
    let mut c = campaign(WeatherRule::Historical, 1);
    assert!(drive(&mut c, |c| c.turn() == 2));
    let e = c.events();
    let end = position(e, |e| *e == Event::TurnEnds(1)).unwrap();
    assert!(e[..end].contains(&Event::Weather {
        flies: false,
        dice: None,
        card: None
    }));
    assert!(!e[..end]
        .iter()
        .any(|e| matches!(e, Event::Alerted { .. } | Event::Mission { .. })));
    assert!(!c.records()[0].flew);
}

#[test]
fn the_german_hand_is_filled_to_ten_for_mission_assignment() {
    let (_, rules) = shipped();
    let mut c = campaign(WeatherRule::Cards, 2);
    let mut seen = 0;
    while !c.is_over() {
        if *c.stage() == Stage::Missions
            && c.commands()
                .last()
                .is_some_and(|cmd| !matches!(cmd, Command::Assign { .. }))
        {
            assert_eq!(c.deck().hand().len(), rules.raid.hand as usize);
            seen += 1;
        }
        step(&mut c);
    }
    assert!(seen >= 5, "{seen} mission assignments");
}

#[test]
fn a_new_phase_keeps_three_german_cards_and_recycles_the_rest() {
    let mut c = find(WeatherRule::Historical, 20, |c| {
        *c.stage() == Stage::KeepHand
    });
    // The phases begin on turns 5 and 9 (the hand may hold only three at 5).
    assert!(c.turn() == 5 || c.turn() == 9, "turn {}", c.turn());
    assert!(c.deck().hand().len() > 3);
    drive(&mut c, |c| *c.stage() != Stage::KeepHand);
    let kept = c.deck().hand().to_vec();
    assert_eq!(kept.len(), 3);
    // The new phase's deck: every other card back, the kept ones still in hand.
    c.deck().check().unwrap();
    assert!(c.deck().used().is_empty());
    assert!(kept.iter().all(|k| !c.deck().out().contains(k)));
    // Discarding is only for the new phase.
    assert!(c.check(&Command::Discard(kept[0])).is_err());
}

#[test]
fn at_most_four_tally_ho_phases_and_late_raids_take_off_in_the_second() {
    for seed in 0..10 {
        let mut c = campaign(WeatherRule::Cards, seed);
        play_out(&mut c);
        let mut phase = 0;
        for e in c.events() {
            match e {
                Event::TallyHo(n) => {
                    phase = *n;
                    assert!(*n <= 4);
                }
                Event::TakesOff(_) => assert!(phase <= 2, "a take-off in phase {phase}"),
                Event::TurnEnds(_) => phase = 0,
                _ => {}
            }
        }
    }
}

#[test]
fn the_turn_ends_when_the_last_geschwader_has_reached_for_home() {
    let mut c = campaign(WeatherRule::Historical, 4);
    while !c.is_over() {
        let turn = c.turn();
        step(&mut c);
        if c.turn() != turn && !c.is_over() {
            // A new turn: every raid of the last one is home or never flew.
            let e = c.events();
            let begins = e
                .iter()
                .rposition(|e| matches!(e, Event::TurnBegins { turn: t, .. } if *t == turn))
                .unwrap();
            let took_off: Vec<usize> = e[begins..]
                .iter()
                .filter_map(|e| match e {
                    Event::TakesOff(g) => Some(*g),
                    _ => None,
                })
                .collect();
            for g in took_off {
                assert!(
                    e[begins..].iter().any(
                        |e| matches!(e, Event::ReachedForHome { geschwader, .. } if *geschwader == g)
                    ),
                    "turn {turn}: geschwader {g} never reached for home"
                );
            }
        }
    }
}

// ----- Tally Ho: movement and intercepts -----

#[test]
fn geschwader_do_not_halt_on_the_radar_line_and_every_radar_square_entry_offers_an_intercept() {
    let mut c = find(WeatherRule::Cards, 20, |c| {
        matches!(c.stage(), Stage::InterceptChoice { .. })
    });
    let Stage::InterceptChoice { geschwader: g } = *c.stage() else {
        unreachable!()
    };
    assert!(c.is_radar_square(c.geschwader()[g].at));
    c.play(Command::NoIntercept).unwrap();
    if c.geschwader()[g].stopped {
        return; // it had flown its squares or reached its target
    }
    assert_eq!(*c.stage(), Stage::Fly { geschwader: g });
    // Another radar square next to it: entering it offers an intercept again.
    let at = c.geschwader()[g].at;
    let next = c
        .data()
        .map
        .neighbours(at)
        .find(|&n| c.is_radar_square(n) && c.check(&Command::Step(n)).is_ok())
        .expect("the radar band is more than one square wide");
    let target = c.geschwader()[g].target.unwrap();
    c.play(Command::Step(next)).unwrap();
    if c.data().targets.cards[target as usize].at != next && !c.geschwader()[g].stopped {
        assert_eq!(*c.stage(), Stage::InterceptChoice { geschwader: g });
    }
}

#[test]
fn an_intercepting_wing_and_its_geschwader_move_one_square_in_turn() {
    let (mut c, g, w, _) = scrambled_away();
    assert_eq!(*c.stage(), Stage::Fly { geschwader: g });
    let away = c.wings()[w].at;
    let to = c
        .data()
        .map
        .neighbours(c.geschwader()[g].at)
        .find(|&n| n != away && c.check(&Command::Step(n)).is_ok())
        .unwrap();
    c.play(Command::Step(to)).unwrap();
    assert_eq!(
        *c.stage(),
        Stage::InterceptStep {
            geschwader: g,
            wing: w
        }
    );
}

#[test]
fn an_intercept_that_does_not_reach_sends_the_wing_home_and_it_cannot_move_this_phase() {
    let (mut c, _, w, home) = scrambled_away();
    // The geschwader turns back: the wing has not reached it.
    c.play(Command::Home).unwrap();
    assert_eq!(c.wings()[w].state, WingState::Returned);
    assert_eq!(c.wings()[w].at, home);
    assert!(c.events().contains(&Event::InterceptMissed { wing: w }));
    if drive(&mut c, |c| *c.stage() == Stage::RafMovement) {
        let to = Square::new(home.col, home.row - 1);
        assert!(c.check(&Command::MoveWing { wing: w, to }).is_err());
    }
}

/// A geschwader on a radar square that has squares left to fly, and the
/// first wing free to scramble against it: the wing scrambles and flies
/// one square away from the geschwader. Returns (campaign, geschwader,
/// wing, the wing's station).
fn scrambled_away() -> (Campaign, usize, usize, Square) {
    let mut c = find(
        WeatherRule::Cards,
        20,
        |c| matches!(c.stage(), Stage::InterceptChoice { geschwader } if !c.geschwader()[*geschwader].stopped),
    );
    let Stage::InterceptChoice { geschwader: g } = *c.stage() else {
        unreachable!()
    };
    let w = (0..c.wings().len()).find(|&w| c.can_intercept(w)).unwrap();
    let home = c.wings()[w].at;
    c.play(Command::Intercept(w)).unwrap();
    assert_eq!(
        *c.stage(),
        Stage::InterceptStep {
            geschwader: g,
            wing: w
        }
    );
    // One square only.
    let two = Square::new(home.col + 2, home.row);
    assert!(c.check(&Command::WingStep(two)).is_err());
    let gat = c.geschwader()[g].at;
    let away = c
        .data()
        .map
        .neighbours(home)
        .max_by_key(|n| (n.col - gat.col).abs().max((n.row - gat.row).abs()))
        .unwrap();
    c.play(Command::WingStep(away)).unwrap();
    assert_eq!(c.wings()[w].at, away);
    (c, g, w, home)
}

#[test]
fn a_geschwader_stops_when_its_interceptor_reaches_it_and_they_fight_an_intercept() {
    let mut c = find(WeatherRule::Cards, 30, |c| {
        matches!(c.stage(), Stage::InterceptStep { geschwader, wing }
        if {
            let (a, b) = (c.wings()[*wing].at, c.geschwader()[*geschwader].at);
            (a.col - b.col).abs().max((a.row - b.row).abs()) == 1
        })
    });
    let Stage::InterceptStep {
        geschwader: g,
        wing: w,
    } = *c.stage()
    else {
        unreachable!()
    };
    let at = c.geschwader()[g].at;
    c.play(Command::WingStep(at)).unwrap();
    assert_eq!(c.wings()[w].met, Some(g));
    assert!(c.geschwader()[g].stopped);
    assert!(drive(&mut c, |c| c
        .fight()
        .is_some_and(|f| f.wings == vec![w])));
    let f = c.fight().unwrap();
    assert!(f.intercept);
    assert_eq!(f.wings, vec![w]);
    // The wing against a part of the geschwader as large as the wing.
    assert!(f.luftwaffe.len() <= c.data().oob.wings[w].squadrons.len());
}

#[test]
fn a_geschwader_flies_five_squares_a_phase_with_bf_109s_and_ten_without() {
    let c = find(WeatherRule::Cards, 5, |c| *c.stage() == Stage::Missions);
    let (_, rules) = shipped();
    assert_eq!(
        (rules.raid.geschwader_move, rules.raid.geschwader_move_long),
        (5, 10)
    );
    for (g, ges) in c.geschwader().iter().enumerate() {
        if ges.squadrons.is_empty() {
            continue;
        }
        let bf109 = ges
            .squadrons
            .iter()
            .any(|&s| c.aircraft(s).name == "Bf 109");
        let want = if bf109 { 5 } else { 10 };
        assert_eq!(c.allowance(g), want, "{:?}", ges.squadrons);
    }
    // In play, after every command: no geschwader has flown more squares
    // this phase than it may.
    for seed in 0..4 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            step(&mut c);
            for (g, ges) in c.geschwader().iter().enumerate() {
                if ges.state == RaidState::Aloft {
                    assert!(ges.moved <= c.allowance(g), "{} squares", ges.moved);
                }
            }
        }
    }
}

#[test]
fn bf_109s_and_ju_87s_cannot_enter_a_square_entirely_north_of_the_12_group_line() {
    let c = campaign(WeatherRule::Cards, 0);
    let map = &c.data().map;
    let norwich = c.data().map.place("Happisburgh").unwrap().at;
    let norwich_city = c
        .data()
        .targets
        .cards
        .iter()
        .find(|t| t.name == "Norwich")
        .unwrap()
        .at;
    assert!(map.north_of_twelve_group_line(norwich));
    let bf109 = luftwaffe_squadron(&c, "Bf 109", Luftflotte::Two);
    let ju87 = luftwaffe_squadron(&c, "Ju 87", Luftflotte::Two);
    let he111 = luftwaffe_squadron(&c, "He 111", Luftflotte::Two);
    // "they can reach Norwich, they cannot reach Happisburgh"
    assert!(c.may_enter(&[bf109, ju87], norwich_city));
    assert!(!c.may_enter(&[bf109, ju87], norwich));
    // With a long-range squadron the geschwader may go on (its escort turns back).
    assert!(c.may_enter(&[bf109, he111], norwich));
}

#[test]
fn escorts_turn_for_home_at_the_12_group_line_and_the_bombers_fly_on() {
    // The German flies a mixed geschwader north; the RAF stays on the ground.
    for seed in 0..10 {
        let mut c = campaign(WeatherRule::Cards, seed);
        drive(&mut c, |c| {
            matches!(c.stage(), Stage::Fly { .. }) && c.tally_ho() == 1
        });
        let Stage::Fly { geschwader: g } = *c.stage() else {
            continue;
        };
        let mixed = |c: &Campaign| {
            let s = &c.geschwader()[g].squadrons;
            s.iter().any(|&q| c.aircraft(q).short_range)
                && s.iter().any(|&q| !c.aircraft(q).short_range)
        };
        if !mixed(&c) {
            continue;
        }
        let mut crossed = false;
        for _ in 0..400 {
            match *c.stage() {
                Stage::Fly { geschwader } if geschwader == g => {
                    let at = c.geschwader()[g].at;
                    let north = Square::new(at.col.clamp(3, 20), at.row - 1);
                    let north = if (north.col - at.col).abs() <= 1 {
                        north
                    } else {
                        Square::new(at.col, at.row - 1)
                    };
                    let into_north = c.data().map.north_of_twelve_group_line(north);
                    c.play(Command::Step(north)).unwrap();
                    if into_north {
                        crossed = true;
                        break;
                    }
                }
                Stage::InterceptChoice { .. } => c.play(Command::NoIntercept).unwrap(),
                Stage::RafMovement => c.play(Command::EndRafMovement).unwrap(),
                Stage::Over => break,
                _ => step(&mut c),
            }
            if c.geschwader()[g].state != RaidState::Aloft {
                break;
            }
        }
        if !crossed {
            continue;
        }
        let turned = c.events().iter().rev().find_map(|e| match e {
            Event::EscortTurnsBack {
                geschwader,
                squadrons,
            } if *geschwader == g => Some(squadrons.clone()),
            _ => None,
        });
        let turned = turned.expect("the escort turned back");
        assert!(!turned.is_empty());
        assert!(turned.iter().all(|&s| c.aircraft(s).short_range));
        assert!(c.geschwader()[g]
            .squadrons
            .iter()
            .all(|&s| !c.aircraft(s).short_range));
        assert!(!c.geschwader()[g].squadrons.is_empty());
        // Home safely (or out of fuel): never still in the geschwader.
        for s in turned {
            assert!(matches!(
                c.forces().squadrons[s].place,
                Place::Ready { .. } | Place::Damaged
            ));
        }
        return;
    }
    panic!("no mixed geschwader reached the 12 Group line");
}

#[test]
fn bf_110s_north_of_the_12_group_line_and_of_luftflotte_5_throw_two_dogfight_dice() {
    let c = campaign(WeatherRule::Cards, 0);
    let lf2 = luftwaffe_squadron(&c, "Bf 110", Luftflotte::Two);
    let lf5 = luftwaffe_squadron(&c, "Bf 110", Luftflotte::Five);
    assert_eq!(c.dice_of(&[lf2], false, false), 3);
    assert_eq!(c.dice_of(&[lf2], false, true), 2);
    assert_eq!(c.dice_of(&[lf5], false, false), 2);
    // The rule is for dogfights; an intercept uses the intercept value.
    let t = c.aircraft(lf2).intercept;
    assert_eq!(c.dice_of(&[lf2], true, true), t);
}

// ----- battle -----

fn is_intercept_allocation(c: &Campaign) -> bool {
    matches!(c.stage(), Stage::Allocate { .. }) && c.fight().is_some_and(|f| f.intercept)
}

#[test]
fn intercepts_stand_down_one_squadron_a_side_for_fewer_hits_than_its_defence() {
    // The Luftwaffe takes its hits first with a stand-down on offer, and the
    // RAF still has hits to take: the fight goes on after the stand-down.
    let mut c = find(WeatherRule::Cards, 60, |c| {
        is_intercept_allocation(c)
            && *c.stage() == Stage::Allocate { side: Side::German }
            && c.fight().is_some_and(|f| f.on_raf > 0)
            && c.legal_commands()
                .iter()
                .any(|m| matches!(m, Command::StandDown(_)))
    });
    let hits = c.fight().unwrap().on_luftwaffe;
    for m in c.legal_commands() {
        match m {
            Command::StandDown(s) => assert!(c.aircraft(s).defence > hits),
            Command::Lose(s) => assert!(c.aircraft(s).defence <= hits),
            other => panic!("{other:?} in an allocation"),
        }
    }
    let s = c
        .legal_commands()
        .into_iter()
        .find_map(|m| match m {
            Command::StandDown(s) => Some(s),
            _ => None,
        })
        .unwrap();
    let turn = c.turn();
    c.play(Command::StandDown(s)).unwrap();
    assert_eq!(
        c.forces().squadrons[s].place,
        Place::StoodDown { back_on: turn + 2 }
    );
    // The stand-down took the rest of the German hits; the RAF's turn now,
    // in the same fight, with the German stand-down spent.
    let f = c.fight().expect("the same intercept");
    assert_eq!(f.on_luftwaffe, 0);
    assert!(f.luftwaffe_stood_down && !f.raf_stood_down);
    assert!(!f.luftwaffe.contains(&s));
    if *c.stage()
        == (Stage::Allocate {
            side: Side::British,
        })
    {
        // The RAF may still stand one of its own down, once.
        let offered = c.legal_commands();
        if let Some(r) = offered.iter().find_map(|m| match m {
            Command::StandDown(r) => Some(*r),
            _ => None,
        }) {
            let (g, wings) = (f.geschwader, f.wings.clone());
            c.play(Command::StandDown(r)).unwrap();
            if let Some(f) = c.fight().filter(|f| f.geschwader == g && f.wings == wings) {
                assert!(f.raf_stood_down);
            }
        }
    }
}

#[test]
fn dogfights_have_no_stand_downs() {
    let mut seen = 0;
    for seed in 0..5 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            if matches!(c.stage(), Stage::Allocate { .. })
                && c.fight().is_some_and(|f| !f.intercept)
            {
                seen += 1;
                assert!(c
                    .legal_commands()
                    .iter()
                    .all(|m| matches!(m, Command::Lose(_))));
            }
            step(&mut c);
        }
    }
    assert!(seen > 0);
}

#[test]
fn stood_down_squadrons_come_back_on_top_two_turns_later_and_fly_first() {
    // The shortened campaign flies every turn.
    for seed in 0..30 {
        let mut c = campaign(WeatherRule::Shortened, seed);
        let mut stood: Option<(usize, u8)> = None;
        while !c.is_over() && stood.is_none() {
            let n = c.events().len();
            step(&mut c);
            let new = c.events()[n..].to_vec();
            if let Some(Event::StoodDown { squadron: s, .. }) =
                new.iter().find(|e| matches!(e, Event::StoodDown { .. }))
            {
                let q = &c.forces().squadrons[*s];
                if c.turn() <= 4 && q.side == Side::British && c.aircraft(*s).name != "Defiant" {
                    stood = Some((*s, c.turn()));
                }
            }
        }
        let Some((s, t)) = stood else { continue };
        drive(&mut c, |c| c.turn() == t + 1);
        assert!(matches!(
            c.forces().squadrons[s].place,
            Place::StoodDown { .. }
        ));
        drive(&mut c, |c| {
            c.turn() == t + 2
                && c.events()
                    .iter()
                    .rev()
                    .take(40)
                    .any(|e| matches!(e, Event::Alerted { .. }))
        });
        let back = c
            .events()
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::StoodDownReturn(v) => Some(v.clone()),
                _ => None,
            })
            .unwrap();
        assert!(back.contains(&s));
        // On top of the box: dealt into a wing before the other cards.
        let group = c.forces().squadrons[s].holder;
        let formed = c.wings().iter().enumerate().any(|(w, wing)| {
            Holder::Group(c.data().oob.wings[w].group) == group && !wing.squadrons.is_empty()
        });
        if formed {
            assert_eq!(c.forces().squadrons[s].place, Place::Alerted);
        }
        return;
    }
    panic!("no RAF stand-down found");
}

#[test]
fn stand_downs_count_as_losses_only_on_the_shortened_campaigns_last_turn() {
    // The shortened campaign: stood down on turn 7 (due back on 9) is lost,
    // for both sides; stood down on turn 6 (due back on 8, which never
    // comes) is not. The eleven-turn campaign counts none.
    let stood = |c: &Campaign, side: Side, back_on: u8| {
        c.forces()
            .squadrons
            .iter()
            .filter(|s| s.side == side && s.place == Place::StoodDown { back_on })
            .count() as u32
    };
    let german_lost = |c: &Campaign| {
        c.forces()
            .squadrons
            .iter()
            .filter(|s| s.side == Side::German && s.place == Place::Damaged)
            .count() as u32
    };
    let mut checked = [false, false];
    for seed in 0..80 {
        let mut c = campaign(WeatherRule::Shortened, seed);
        play_out(&mut c);
        if stood(&c, Side::British, 8) > 0 && stood(&c, Side::British, 9) > 0 {
            let t = c.tally();
            assert_eq!(t.raf_lost, c.raf_cards() + stood(&c, Side::British, 9));
            assert_eq!(
                t.luftwaffe_lost,
                german_lost(&c) + stood(&c, Side::German, 9)
            );
            checked[0] = true;
        }
        let mut c = campaign(WeatherRule::Cards, seed);
        play_out(&mut c);
        if stood(&c, Side::British, 12) + stood(&c, Side::British, 13) > 0 {
            assert_eq!(c.tally().raf_lost, c.raf_cards());
            assert_eq!(c.tally().luftwaffe_lost, german_lost(&c));
            checked[1] = true;
        }
        if checked == [true, true] {
            return;
        }
    }
    panic!("no campaign ended with the stand-downs to check: {checked:?}");
}

#[test]
fn gruppen_are_at_most_three_of_one_to_three_squadrons_placed_face_down() {
    let mut c = find(WeatherRule::Cards, 60, |c| {
        *c.stage() == Stage::Gruppen
            && c.dogfight()
                .is_some_and(|d| (5..=7).contains(&d.squadrons.len()))
    });
    let n = c.dogfight().unwrap().squadrons.len();
    assert!(c.check(&Command::Gruppe(3)).is_err(), "a fourth gruppe");
    for _ in 0..3 {
        c.play(Command::Gruppe(0)).unwrap();
    }
    let e = c.check(&Command::Gruppe(0)).unwrap_err();
    assert!(
        e.to_string().contains("No gruppe can have more than 3"),
        "{e}"
    );
    // Gruppe 1 takes squadrons until the ones left are just enough for the
    // empty gruppen: then they must go there.
    let mut placed = 3;
    let empty = |c: &Campaign| {
        let d = c.dogfight().unwrap();
        (0..3u8).filter(|k| !d.gruppe_of.contains(k)).count()
    };
    while n - placed > empty(&c) {
        c.play(Command::Gruppe(1)).unwrap();
        placed += 1;
    }
    assert!(n - placed >= 1 && n - placed == empty(&c));
    let e = c.check(&Command::Gruppe(0)).unwrap_err();
    assert!(e.to_string().contains("more than 3"), "{e}");
    if empty(&c) == 1 {
        let e = c.check(&Command::Gruppe(1)).unwrap_err();
        assert!(
            e.to_string()
                .contains("Every gruppe needs at least one squadron."),
            "{e}"
        );
    }
    assert!(c.check(&Command::Gruppe(2)).is_ok());
    c.play(Command::Gruppe(2)).unwrap();
}

#[test]
fn the_raf_attacks_the_gruppen_of_its_choice_and_unattacked_gruppen_do_not_fight() {
    let mut c = find(WeatherRule::Cards, 30, |c| {
        *c.stage() == Stage::Attacks
            && c.dogfight()
                .is_some_and(|d| d.gruppe_of.iter().max() == Some(&2))
    });
    assert!(c.check(&Command::Attack(None)).is_ok());
    assert!(c.check(&Command::Attack(Some(3))).is_err());
    let d = c.dogfight().unwrap().clone();
    // Every RAF squadron goes for gruppe 1.
    for _ in 0..d.raf.len() {
        c.play(Command::Attack(Some(1))).unwrap();
    }
    let in_one: Vec<usize> = d
        .squadrons
        .iter()
        .zip(&d.gruppe_of)
        .filter(|(_, &k)| k == 1)
        .map(|(&s, _)| s)
        .collect();
    let others: Vec<usize> = d
        .squadrons
        .iter()
        .copied()
        .filter(|s| !in_one.contains(s))
        .collect();
    // Fight to the end of this dogfight: the other gruppen are untouched.
    let g = d.geschwader;
    drive(&mut c, |c| c.dogfight().is_none());
    for s in others {
        assert_eq!(c.forces().squadrons[s].place, Place::Alerted);
        assert!(c.geschwader()[g].squadrons.contains(&s));
    }
}

#[test]
fn a_wing_that_fought_returns_to_base_and_may_fly_again_in_a_later_tally_ho_phase() {
    for seed in 0..30 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            let fought: Vec<usize> = (0..c.wings().len())
                .filter(|&w| c.wings()[w].state == WingState::Fought)
                .collect();
            let before = c.events().len();
            step(&mut c);
            let new_phase = c.events()[before..]
                .iter()
                .any(|e| matches!(e, Event::TallyHo(n) if *n >= 2));
            if new_phase && !fought.is_empty() {
                for w in fought {
                    if c.wings()[w].squadrons.is_empty() {
                        continue;
                    }
                    assert_eq!(c.wings()[w].state, WingState::Ready);
                    assert_eq!(c.wings()[w].at, c.data().oob.wings[w].at);
                    assert!(c.can_intercept(w));
                }
                return;
            }
        }
    }
    panic!("no wing fought before a later Tally Ho phase");
}

// ----- the order of battle in play -----

#[test]
fn squadron_rotations_are_voluntary_and_lapse_at_the_end_of_their_turn() {
    let at = find(WeatherRule::Historical, 20, |c| {
        *c.stage() == Stage::Rotations
    });
    assert_eq!(at.turn(), 5);
    // A rotation moves a loss from the receiving group to the donor.
    let mut c = at.clone();
    let k = (0..c.rotations_left().len())
        .find(|&k| c.check(&Command::Rotate(k)).is_ok())
        .unwrap();
    let r = c.rotations_left()[k].clone();
    let damaged = |c: &Campaign, g: u8| {
        c.forces()
            .count(Holder::Group(Group::from_number(g).unwrap()), None, |p| {
                p == Place::Damaged
            })
    };
    let (from, to) = (damaged(&c, r.from_group), damaged(&c, r.to_group));
    c.play(Command::Rotate(k)).unwrap();
    assert_eq!(damaged(&c, r.from_group), from + 1);
    assert_eq!(damaged(&c, r.to_group), to - 1);
    // Voluntary: the British may stop at once, and every one lapses.
    let mut c = at;
    let all = c.rotations_left().len();
    c.play(Command::EndRotations).unwrap();
    assert!(c.events().contains(&Event::RotationsLapsed(all)));
    assert!(c.rotations_left().is_empty());
    // Time-expired: none can be made at a later turn.
    drive(&mut c, |c| c.turn() == 8);
    let rotated = c.commands().iter().any(|m| matches!(m, Command::Rotate(_)));
    assert!(!rotated, "a lapsed rotation was made later");
}

#[test]
fn allied_squadrons_arrive_from_turns_6_7_and_8_and_no_303_carries_the_ace() {
    for seed in 0..20 {
        let mut c = campaign(WeatherRule::Historical, seed);
        drive(&mut c, |_| false);
        let mut arrived = Vec::new();
        let mut turn = 0;
        for e in c.events() {
            match e {
                Event::TurnBegins { turn: t, .. } => turn = *t,
                Event::Reinforced { squadron, .. } => {
                    arrived.push((turn, c.forces().squadrons[*squadron].name.clone()))
                }
                _ => {}
            }
        }
        for (t, name) in &arrived {
            let want = match name.as_str() {
                "No. 310 (Czechoslovak) Squadron" => 6,
                "No. 1 Squadron RCAF" | "No. 302 (Polish) Squadron" => 7,
                "No. 303 (Polish) Squadron" => 8,
                other => panic!("{other} is not an allied reinforcement"),
            };
            // On its turn, or (with no damaged Hurricane to take over then)
            // at the first later turn with one.
            assert!(*t >= want, "{name} on turn {t}");
        }
        if arrived.len() == 4 {
            let ace = c.ace().expect("the ace marker");
            assert_eq!(c.forces().squadrons[ace].name, "No. 303 (Polish) Squadron");
            assert_eq!(c.aircraft(ace).name, "Hurricane");
            // The ace's wing throws an extra die.
            let base = c.aircraft(ace).dogfight;
            assert_eq!(c.dice_of(&[ace], false, false), base + 1);
            return;
        }
    }
    panic!("no campaign brought in all four allied squadrons");
}

#[test]
fn defiants_leave_at_turn_5_and_stukas_at_turn_7_and_those_shot_down_before_stay_losses() {
    for seed in 0..30 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let defiant = c.data().oob.type_named("Defiant").unwrap();
        let stuka = c.data().oob.type_named("Ju 87").unwrap();
        let out = |c: &Campaign, k: usize| {
            c.forces()
                .squadrons
                .iter()
                .filter(|s| s.aircraft == k && s.place != Place::Damaged)
                .all(|s| s.place == Place::Withdrawn)
        };
        drive(&mut c, |c| c.turn() == 4);
        assert!(!out(&c, defiant) && !out(&c, stuka));
        drive(&mut c, |c| c.turn() == 5);
        let cards_before = c.raf_cards();
        let defiants_lost = c
            .forces()
            .squadrons
            .iter()
            .filter(|s| s.aircraft == defiant && s.place == Place::Damaged)
            .count();
        drive(&mut c, |c| c.turn() == 6);
        assert!(out(&c, defiant));
        drive(&mut c, |c| c.turn() == 8);
        assert!(out(&c, defiant) && out(&c, stuka));
        // No Defiant or Stuka flies again, none is rebuilt.
        play_out(&mut c);
        assert!(c
            .forces()
            .squadrons
            .iter()
            .all(|s| (s.aircraft != defiant && s.aircraft != stuka)
                || matches!(s.place, Place::Withdrawn | Place::Damaged)));
        if defiants_lost > 0 {
            // The Defiants' playing cards were not handed back at turn 5.
            assert!(c.raf_cards() >= cards_before);
            let lost_events = c
                .events()
                .iter()
                .filter(|e| matches!(e, Event::Lost { squadron: s, .. } if c.forces().squadrons[*s].side == Side::British))
                .count() as u32;
            assert_eq!(c.raf_cards(), lost_events);
            return;
        }
    }
    panic!("no Defiant was shot down before turn 5");
}

#[test]
fn cities_lose_two_bomb_hits_at_the_start_of_turns_5_and_9() {
    let (_, rules) = shipped();
    for turn in [5u8, 9] {
        assert!(rules
            .calendar
            .events_at(turn)
            .any(|e| *e == tally_ho::campaign::rules::TurnEvent::RepairCities(2)));
    }
    // Historical weather: turn 4 is a respite, so no bomb falls between the
    // last decision of turn 4 and the repairs of turn 5.
    for seed in 0..20 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let mut before = Vec::new();
        while !c.events().contains(&Event::CitiesRepaired(2)) {
            before = (0..c.cards().len() as u16).map(|k| c.damage(k)).collect();
            step(&mut c);
        }
        assert_eq!(c.turn(), 5);
        let mut repaired = false;
        for (k, card) in c.cards().iter().enumerate() {
            if matches!(card.kind, CardKind::City | CardKind::London) {
                assert_eq!(
                    c.damage(k as u16),
                    before[k].saturating_sub(2),
                    "{}",
                    card.name
                );
                repaired |= before[k] > 0;
            }
        }
        if repaired {
            return;
        }
    }
    panic!("no city was bombed before turn 5");
}

#[test]
fn the_big_wing_forms_only_from_turn_9_and_does_not_scramble() {
    let mut c = find(WeatherRule::Historical, 20, |c| {
        *c.stage() == Stage::BigWing
    });
    assert!(c.turn() >= 9);
    let (a, b) = c
        .legal_commands()
        .into_iter()
        .find_map(|m| match m {
            Command::BigWing(a, b) => Some((a, b)),
            _ => None,
        })
        .unwrap();
    assert_eq!(c.data().oob.wings[a].group, Group::Twelve);
    assert_eq!(c.data().oob.wings[b].group, Group::Twelve);
    let n = c.wings()[a].squadrons.len() + c.wings()[b].squadrons.len();
    c.play(Command::BigWing(a, b)).unwrap();
    assert!(c.wings()[a].big);
    assert_eq!(c.wings()[a].squadrons.len(), n);
    assert!(c.wings()[b].squadrons.is_empty());
    assert!(!c.can_intercept(a));
    // Before turn 9 the British are never asked.
    for seed in 0..5 {
        let mut c = campaign(WeatherRule::Historical, seed);
        drive(&mut c, |c| c.turn() == 9);
        assert!(!c
            .commands()
            .iter()
            .any(|m| matches!(m, Command::BigWing(..) | Command::NoBigWing)));
    }
}

#[test]
fn luftflotte_2_geschwader_may_grow_to_seven_squadrons_from_turn_9() {
    let mut c = find(WeatherRule::Historical, 20, |c| {
        *c.stage() == Stage::Reinforce
    });
    assert!(c.turn() >= 9);
    let m = c.legal_commands()[0];
    let Command::Reinforce {
        geschwader: g,
        from,
    } = m
    else {
        panic!("{m:?}")
    };
    assert_eq!(c.data().oob.geschwader[g].luftflotte, Luftflotte::Two);
    let n = c.geschwader()[g].squadrons.len();
    let other = from.map(|o| c.geschwader()[o].squadrons.len());
    c.play(m).unwrap();
    assert_eq!(c.geschwader()[g].squadrons.len(), n + 1);
    if let (Some(o), Some(k)) = (from, other) {
        assert_eq!(c.geschwader()[o].squadrons.len(), k - 1);
    }
    // Never beyond seven; never before turn 9; never for Luftflotte 3.
    while *c.stage() == Stage::Reinforce {
        for m in c.legal_commands() {
            if let Command::Reinforce { geschwader, .. } = m {
                assert!(c.geschwader()[geschwader].squadrons.len() < 7);
                assert_eq!(
                    c.data().oob.geschwader[geschwader].luftflotte,
                    Luftflotte::Two
                );
            }
        }
        step(&mut c);
    }
    for seed in 0..5 {
        let mut c = campaign(WeatherRule::Historical, seed);
        drive(&mut c, |c| c.turn() == 9);
        assert!(!c
            .commands()
            .iter()
            .any(|m| matches!(m, Command::Reinforce { .. } | Command::EndReinforce)));
    }
}

#[test]
fn luftflotte_5_is_withdrawn_if_it_does_not_attack_on_turn_5() {
    let lf5_out = |c: &Campaign| {
        c.forces()
            .squadrons
            .iter()
            .filter(|s| s.holder == Holder::Luftflotte(Luftflotte::Five))
            .all(|s| matches!(s.place, Place::Withdrawn | Place::Damaged))
    };
    let at_turn_5 = find(WeatherRule::Historical, 5, |c| {
        c.turn() == 5 && *c.stage() == Stage::Missions
    });
    // No raid at all this turn.
    let mut c = at_turn_5.clone();
    c.play(Command::EndMissions).unwrap();
    assert!(c
        .events()
        .iter()
        .any(|e| matches!(e, Event::Luftflotte5Withdrawn { .. })));
    assert!(c.luftflotte_5_withdrawn());
    assert!(lf5_out(&c));
    // Sent, but turned back of its own accord before the radar line.
    let mut c = at_turn_5;
    let g = (0..c.geschwader().len())
        .find(|&g| c.data().oob.geschwader[g].luftflotte == Luftflotte::Five)
        .unwrap();
    let card = c.deck().hand()[0];
    c.play(Command::Assign {
        geschwader: g,
        card,
        wave: 1,
    })
    .unwrap();
    assert!(drive(&mut c, |c| *c.stage() == Stage::Fly { geschwader: g }));
    assert!(!c.is_radar_square(c.geschwader()[g].at));
    c.play(Command::Home).unwrap();
    drive(&mut c, |c| c.turn() == 6);
    assert!(c
        .events()
        .iter()
        .any(|e| matches!(e, Event::Luftflotte5Withdrawn { .. })));
    assert!(lf5_out(&c));
}

#[test]
fn luftflotte_5_that_crosses_the_radar_line_to_bomb_on_turn_5_stays_in_the_battle() {
    let mut c = find(WeatherRule::Historical, 5, |c| {
        c.turn() == 5 && *c.stage() == Stage::Missions
    });
    assert!(c.luftflotte_5_must_commit());
    let g = (0..c.geschwader().len())
        .find(|&g| c.data().oob.geschwader[g].luftflotte == Luftflotte::Five)
        .unwrap();
    // The opponents send it (the planner always does on this turn).
    assert!(drive(&mut c, |c| c.geschwader()[g].target.is_some()
        || c.turn() > 5));
    assert!(
        c.geschwader()[g].target.is_some(),
        "the planner kept Luftflotte 5 at home"
    );
    drive(&mut c, |c| c.turn() == 6);
    let e = c.events();
    let begins = position(e, |e| matches!(e, Event::TurnBegins { turn: 5, .. })).unwrap();
    let crossed = e[begins..].iter().any(
        |e| matches!(e, Event::Moved { geschwader, to, .. } if *geschwader == g && c.is_radar_square(*to)),
    );
    assert!(crossed, "it crossed the radar line on turn 5");
    assert!(!e
        .iter()
        .any(|e| matches!(e, Event::Luftflotte5Withdrawn { .. })));
    assert!(!c.luftflotte_5_must_commit());
    assert!(c
        .forces()
        .squadrons
        .iter()
        .any(|s| s.holder == Holder::Luftflotte(Luftflotte::Five)
            && s.place != Place::Withdrawn
            && s.place != Place::Damaged));
}

#[test]
fn luftflotte_5s_obligation_waits_for_a_flying_turn_when_turn_5_is_a_respite() {
    // The weather cards: find a deal with a black card (a respite) on turn 5.
    for seed in 0..200 {
        let mut c = campaign(WeatherRule::Cards, seed);
        if !drive(&mut c, |c| c.turn() == 6) {
            continue;
        }
        if c.records()[4].flew {
            continue;
        }
        assert!(!c
            .events()
            .iter()
            .any(|e| matches!(e, Event::Luftflotte5Withdrawn { .. })));
        let Some(first) = (6..=11).find(|&t| {
            let mut probe = c.clone();
            drive(&mut probe, |p| p.turn() == t + 1 || p.is_over());
            probe.records().get(t as usize - 1).is_some_and(|r| r.flew)
        }) else {
            continue;
        };
        drive(&mut c, |c| {
            c.turn() == first && *c.stage() == Stage::Missions
        });
        c.play(Command::EndMissions).unwrap();
        assert!(c
            .events()
            .iter()
            .any(|e| matches!(e, Event::Luftflotte5Withdrawn { .. })));
        return;
    }
    panic!("no weather deal made turn 5 a respite");
}

// ----- bombing, production and repair -----

#[test]
fn london_bombed_but_standing_goes_back_on_top_of_the_deck_for_the_next_turn() {
    for seed in 0..60 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let back = |c: &Campaign| {
            c.events().iter().find_map(|e| match e {
                Event::LondonBackOnTop(k) => Some(*k),
                _ => None,
            })
        };
        if !drive(&mut c, |c| back(c).is_some()) {
            continue;
        }
        let card = back(&c).unwrap();
        assert_eq!(c.cards()[card as usize].kind, CardKind::London);
        assert!(!c.knocked_out(card) && c.damage(card) > 0);
        // On top of the draw pile, or already dealt from it into the hand.
        assert!(
            c.deck().top() == Some(card) || c.deck().hand().contains(&card),
            "top {:?}",
            c.deck().top()
        );
        return;
    }
    panic!("London was never bombed and left standing");
}

#[test]
fn production_dice_are_the_standing_cities_production_and_the_factories() {
    let c = campaign(WeatherRule::Cards, 0);
    let (data, rules) = shipped();
    let cities: u32 = data
        .targets
        .cards
        .iter()
        .filter(|t| matches!(t.kind, CardKind::City | CardKind::London))
        .map(|t| t.production as u32)
        .sum();
    let factories = data.targets.count(CardKind::Factory) as u32 * rules.raid.factory_dice as u32;
    assert_eq!(c.production_dice() as u32, cities + factories);
    // A knocked-out city or factory produces nothing.
    for seed in 0..40 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let out = |c: &Campaign| {
            (0..c.cards().len() as u16).find(|&k| {
                matches!(
                    c.cards()[k as usize].kind,
                    CardKind::City | CardKind::London | CardKind::Factory
                ) && c.knocked_out(k)
            })
        };
        if !drive(&mut c, |c| out(c).is_some()) {
            continue;
        }
        let k = out(&c).unwrap();
        let t = &data.targets.cards[k as usize];
        let lost = match t.kind {
            CardKind::City | CardKind::London => t.production as u32,
            CardKind::Factory => rules.raid.factory_dice as u32,
            _ => continue,
        };
        let standing: u32 = (0..data.targets.cards.len() as u16)
            .filter(|&j| !c.knocked_out(j))
            .map(|j| {
                let t = &data.targets.cards[j as usize];
                match t.kind {
                    CardKind::City | CardKind::London => t.production as u32,
                    CardKind::Factory => rules.raid.factory_dice as u32,
                    _ => 0,
                }
            })
            .sum();
        assert_eq!(c.production_dice() as u32, standing);
        assert!(standing + lost <= cities + factories);
        return;
    }
    panic!("no city or factory was knocked out");
}

#[test]
fn repairs_spend_squadron_dice_on_squadrons_and_the_rest_on_airfields_radar_and_factories() {
    let mut c = find(WeatherRule::Historical, 20, |c| {
        *c.stage() == Stage::Repairs && c.successes().0 > 0
    });
    let damaged = (0..c.forces().squadrons.len())
        .find(|&s| {
            let q = &c.forces().squadrons[s];
            q.side == Side::British && q.place == Place::Damaged
        })
        .unwrap();
    let german = (0..c.forces().squadrons.len())
        .find(|&s| c.forces().squadrons[s].side == Side::German)
        .unwrap();
    assert!(c.check(&Command::Rebuild(german)).is_err());
    let (sq, _) = c.successes();
    c.play(Command::Rebuild(damaged)).unwrap();
    assert!(matches!(
        c.forces().squadrons[damaged].place,
        Place::Ready { .. }
    ));
    if *c.stage() == Stage::Repairs {
        assert_eq!(c.successes().0, sq - 1);
        // A standing target cannot be "repaired".
        let standing = (0..c.cards().len() as u16)
            .find(|&k| !c.knocked_out(k))
            .unwrap();
        assert!(c.check(&Command::Mend(standing)).is_err());
    }
}

#[test]
fn thirteen_group_reserve_points_are_spent_after_the_throw_on_13_group_only() {
    let mut c = find(WeatherRule::Historical, 40, |c| {
        *c.stage() == Stage::Repairs
            && c.forces().reserve_points > 0
            && c.forces()
                .squadrons
                .iter()
                .any(|s| s.holder == Holder::Group(Group::Thirteen) && s.place == Place::Damaged)
    });
    let thirteen = (0..c.forces().squadrons.len())
        .find(|&s| {
            let q = &c.forces().squadrons[s];
            q.holder == Holder::Group(Group::Thirteen) && q.place == Place::Damaged
        })
        .unwrap();
    if let Some(other) = (0..c.forces().squadrons.len()).find(|&s| {
        let q = &c.forces().squadrons[s];
        q.side == Side::British
            && q.holder != Holder::Group(Group::Thirteen)
            && q.place == Place::Damaged
    }) {
        assert!(c.check(&Command::Reserve(other)).is_err());
    }
    let points = c.forces().reserve_points;
    c.play(Command::Reserve(thirteen)).unwrap();
    assert_eq!(c.forces().reserve_points, points - 1);
    // Not outside the repairs step.
    drive(&mut c, |c| *c.stage() == Stage::Missions);
    if let Some(s) = (0..c.forces().squadrons.len()).find(|&s| {
        c.forces().squadrons[s].holder == Holder::Group(Group::Thirteen)
            && c.forces().squadrons[s].place == Place::Damaged
    }) {
        assert!(c.check(&Command::Reserve(s)).is_err());
    }
}

// ----- the campaign as a whole -----

#[test]
fn the_tallies_are_the_raids_and_squadrons_lost_and_the_verdict_follows_the_victory_rule() {
    let (_, rules) = shipped();
    for rule in WeatherRule::ALL {
        for seed in [11, 12] {
            let mut c = campaign(rule, seed);
            play_out(&mut c);
            assert!(c.is_over());
            assert_eq!(c.turn(), c.turns());
            let side_of = |s: usize| c.forces().squadrons[s].side;
            let count =
                |f: &dyn Fn(&Event) -> bool| c.events().iter().filter(|e| f(e)).count() as u32;
            // One playing card for each raid that hit its target.
            let raids = count(&|e| matches!(e, Event::Bombed { hits, .. } if *hits > 0));
            // One card for each RAF squadron shot down.
            let raf = count(
                &|e| matches!(e, Event::Lost { squadron: s, .. } if side_of(*s) == Side::British),
            );
            // The Luftwaffe's damaged cards: shot down or out of fuel.
            let german = count(
                &|e| matches!(e, Event::Lost { squadron: s, .. } if side_of(*s) == Side::German),
            ) + count(&|e| matches!(e, Event::OutOfFuel(_)));
            let t = c.tally();
            assert_eq!(t.targets, raids);
            assert_eq!(c.raf_cards(), raf);
            if rule != WeatherRule::Shortened {
                assert_eq!(t.raf_lost, raf);
                assert_eq!(t.luftwaffe_lost, german);
            }
            // The victory rule, written out again.
            let held = t.luftwaffe_lost / 10 <= t.raf_lost / 6;
            let want = if t.targets >= 28 && held {
                tally_ho::campaign::score::Verdict::Luftwaffe
            } else if (t.targets > 28 && !held) || (22..28).contains(&t.targets) && held {
                tally_ho::campaign::score::Verdict::Draw
            } else {
                tally_ho::campaign::score::Verdict::British
            };
            assert_eq!(c.verdict(), Some(want));
            assert_eq!(c.verdict(), Some(verdict(&t, &rules)));
            assert!(c.legal_commands().is_empty());
            assert!(c
                .events()
                .last()
                .is_some_and(|e| matches!(e, Event::CampaignOver(_))));
        }
    }
}

#[test]
fn the_opponents_only_play_commands_that_check_allows() {
    for rule in WeatherRule::ALL {
        for seed in 0..8 {
            let (data, rules) = shipped();
            let mut c = Campaign::new_quiet(data, rules, CampaignSetup::new(rule, seed));
            play_out(&mut c);
            assert!(c.is_over());
            c.check_invariants().unwrap();
        }
    }
}

#[test]
fn a_campaign_is_its_seed_and_its_commands() {
    let mut a = campaign(WeatherRule::PhaseDice, 21);
    play_out(&mut a);
    let mut b = campaign(WeatherRule::PhaseDice, 21);
    for &m in a.commands() {
        b.play(m).unwrap();
    }
    assert_eq!(a.events(), b.events());
    assert_eq!(a.tally(), b.tally());
    let mut other = campaign(WeatherRule::PhaseDice, 22);
    play_out(&mut other);
    assert_ne!(a.events(), other.events());
}

#[test]
fn illegal_commands_are_refused_with_a_sentence_and_change_nothing() {
    let mut c = find(WeatherRule::Cards, 5, |c| {
        matches!(c.stage(), Stage::Fly { .. })
    });
    let Stage::Fly { geschwader: g } = *c.stage() else {
        unreachable!()
    };
    let at = c.geschwader()[g].at;
    let before = (c.commands().len(), c.events().len());
    let e = c
        .play(Command::Step(Square::new(at.col + 2, at.row)))
        .unwrap_err();
    assert_eq!(e.to_string(), "A geschwader flies one square at a time.");
    let e = c.play(Command::EndRafMovement).unwrap_err();
    assert!(
        e.to_string().contains("is not a decision of this step"),
        "{e}"
    );
    assert_eq!((c.commands().len(), c.events().len()), before);
}

// ----- the opponents' strength -----

/// An RAF that never scrambles, never moves, never repairs: the baseline
/// the controller must beat.
fn idle_raf(c: &Campaign) -> Command {
    match c.stage() {
        Stage::Rotations => Command::EndRotations,
        Stage::ProductionSplit { .. } => Command::Production { squadrons: 0 },
        Stage::Repairs => Command::EndRepairs,
        Stage::BigWing => Command::NoBigWing,
        Stage::InterceptChoice { .. } => Command::NoIntercept,
        Stage::RafMovement => Command::EndRafMovement,
        Stage::Attacks => Command::Attack(None),
        _ => ai::propose(c, Side::British).unwrap(),
    }
}

/// A planner that gives each geschwader the first card of its hand.
fn first_card_planner(c: &Campaign) -> Command {
    match c.stage() {
        Stage::Missions => c
            .legal_commands()
            .into_iter()
            .find(|m| matches!(m, Command::Assign { wave: 1, .. }))
            .unwrap_or(Command::EndMissions),
        _ => ai::propose(c, Side::German).unwrap(),
    }
}

/// Mean targets bombed and German squadrons lost over 40 campaigns.
fn mean_of(german: fn(&Campaign) -> Command, british: fn(&Campaign) -> Command) -> (f64, f64) {
    let (data, rules) = shipped();
    let (mut targets, mut lost) = (0, 0);
    for seed in 0..40 {
        let mut c = Campaign::new_quiet(
            data.clone(),
            rules.clone(),
            CampaignSetup::new(WeatherRule::Cards, seed),
        );
        while let Some(side) = c.to_act() {
            let m = match side {
                Side::German => german(&c),
                Side::British => british(&c),
            };
            c.play(m).unwrap();
        }
        targets += c.tally().targets;
        lost += c.tally().luftwaffe_lost;
    }
    (targets as f64 / 40.0, lost as f64 / 40.0)
}

fn planner(c: &Campaign) -> Command {
    ai::propose(c, Side::German).unwrap()
}

fn controller(c: &Campaign) -> Command {
    ai::propose(c, Side::British).unwrap()
}

#[test]
fn the_raf_controller_stops_more_raids_and_downs_more_germans_than_an_idle_raf() {
    let (targets, lost) = mean_of(planner, controller);
    let (idle_targets, idle_lost) = mean_of(planner, idle_raf);
    assert!(
        targets + 3.0 < idle_targets,
        "{targets} against {idle_targets}"
    );
    assert!(lost > idle_lost + 10.0, "{lost} against {idle_lost}");
}

#[test]
fn the_luftwaffe_planner_bombs_more_and_loses_less_than_one_taking_the_first_card() {
    let (targets, lost) = mean_of(planner, controller);
    let (naive_targets, naive_lost) = mean_of(first_card_planner, controller);
    assert!(
        targets > naive_targets + 1.5,
        "{targets} against {naive_targets}"
    );
    assert!(lost + 2.0 < naive_lost, "{lost} against {naive_lost}");
}

// ----- the raids' details -----

#[test]
fn a_wing_whose_airfield_is_knocked_out_is_not_formed() {
    let c = find(WeatherRule::Historical, 60, |c| {
        *c.stage() == Stage::Missions && (0..c.wings().len()).any(|w| c.grounded(w))
    });
    let w = (0..c.wings().len()).find(|&w| c.grounded(w)).unwrap();
    assert!(c.wings()[w].squadrons.is_empty());
    assert_eq!(c.wings()[w].state, WingState::Unformed);
    let station = &c.data().oob.wings[w].station;
    let card = (0..c.cards().len() as u16)
        .find(|&k| c.cards()[k as usize].name == *station)
        .unwrap();
    assert!(c.knocked_out(card));
}

#[test]
fn anti_aircraft_hits_cancel_bomb_dice() {
    let (_, rules) = shipped();
    let mut seen = 0;
    for seed in 0..6 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            let before = c.events().len();
            step(&mut c);
            let e = &c.events()[before..];
            for (i, ev) in e.iter().enumerate() {
                let Event::Bombed {
                    geschwader: g,
                    card,
                    run: BombRun::Dice { aa, bombs },
                    ..
                } = ev
                else {
                    continue;
                };
                // The squadrons over the target: those home, and any lost
                // for fuel on the way.
                let home = i + e[i..]
                    .iter()
                    .position(|x| matches!(x, Event::ReachedForHome { geschwader, .. } if geschwader == g))
                    .unwrap();
                let Event::ReachedForHome { squadrons, .. } = &e[home] else {
                    unreachable!()
                };
                let mut over = squadrons.clone();
                over.extend(e[i..home].iter().filter_map(|x| match x {
                    Event::OutOfFuel(s) => Some(*s),
                    _ => None,
                }));
                let bombs_carried: u8 = over.iter().map(|&s| c.aircraft(s).bombs).sum();
                let kind = c.cards()[*card as usize].kind;
                assert_eq!(aa.dice, rules.raid.aa(kind));
                let Some(bombs) = bombs else {
                    continue; // a target already knocked out: no bombs thrown
                };
                assert_eq!(bombs.dice, bombs_carried.saturating_sub(aa.hits));
                seen += 1;
            }
        }
    }
    assert!(seen > 20, "{seen} bomb runs checked");
}

#[test]
fn a_knocked_out_radar_station_watches_nothing() {
    let (data, _) = shipped();
    for seed in 0..80 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let out_station =
            |c: &Campaign| (0..c.data().map.radar.len()).find(|&i| !c.radar_standing(i));
        if !drive(&mut c, |c| out_station(c).is_some()) {
            continue;
        }
        let i = out_station(&c).unwrap();
        let at = data.map.radar[i].at;
        // A square only this station watched is no radar square now.
        let alone = std::iter::once(at)
            .chain(data.map.neighbours(at))
            .find(|&sq| {
                data.map.radar.iter().enumerate().all(|(j, r)| {
                    j == i
                        || (r.at.col - sq.col).abs().max((r.at.row - sq.row).abs()) > 1
                        || !c.radar_standing(j)
                })
            });
        let Some(sq) = alone else { continue };
        assert!(!c.is_radar_square(sq));
        // The same square with every station standing is watched.
        let fresh = campaign(WeatherRule::Historical, seed);
        assert!(fresh.is_radar_square(sq));
        return;
    }
    panic!("no radar station was knocked out alone");
}

#[test]
fn short_range_squadrons_that_flew_beyond_their_range_may_run_out_of_fuel() {
    let mut out = 0;
    for seed in 0..20 {
        let mut c = campaign(WeatherRule::Cards, seed);
        play_out(&mut c);
        for e in c.events() {
            if let Event::OutOfFuel(s) = e {
                assert!(c.aircraft(*s).short_range, "{}", c.aircraft(*s).name);
                assert_eq!(c.forces().squadrons[*s].place, Place::Damaged);
                out += 1;
            }
        }
    }
    assert!(out > 0, "no squadron ever ran out of fuel");
}

#[test]
fn a_geschwader_on_its_target_square_is_on_its_bomb_run_even_with_a_wing_there() {
    let mut with_wing = 0;
    for seed in 0..10 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            step(&mut c);
            for ges in c.geschwader() {
                let Some(card) = ges.target else { continue };
                if ges.state == RaidState::Aloft
                    && ges.at == c.data().targets.cards[card as usize].at
                {
                    assert!(ges.bomb_run);
                    with_wing += c
                        .wings()
                        .iter()
                        .any(|w| w.at == ges.at && !w.squadrons.is_empty())
                        as u32;
                }
            }
        }
    }
    assert!(with_wing > 0, "no wing was ever over a raid's target");
}

#[test]
fn a_wing_at_its_station_can_take_on_a_raid_over_its_own_airfield() {
    let mut c = find(WeatherRule::Historical, 80, |c| {
        *c.stage() == Stage::RafMovement
            && c.movable_wings().any(|w| {
                let home = c.data().oob.wings[w].at;
                c.wings()[w].at == home
                    && c.geschwader()
                        .iter()
                        .any(|g| g.state == RaidState::Aloft && g.at == home)
            })
    });
    let w = c
        .movable_wings()
        .find(|&w| {
            let home = c.data().oob.wings[w].at;
            c.wings()[w].at == home
                && c.geschwader()
                    .iter()
                    .any(|g| g.state == RaidState::Aloft && g.at == home)
        })
        .unwrap();
    let home = c.wings()[w].at;
    c.play(Command::MoveWing { wing: w, to: home }).unwrap();
    assert_eq!(c.wings()[w].state, WingState::Aloft);
    if *c.stage() == Stage::RafMovement {
        c.play(Command::EndRafMovement).unwrap();
    }
    assert!(drive(&mut c, |c| c
        .dogfight()
        .is_some_and(|d| d.wings.contains(&w))
        || c.tally_ho() == 0));
    assert!(c.dogfight().is_some_and(|d| d.wings.contains(&w)));
}

#[test]
fn a_wing_that_attacks_no_gruppe_has_not_fought_and_stays_in_the_air() {
    let mut c = find(WeatherRule::Cards, 30, |c| *c.stage() == Stage::Attacks);
    let d = c.dogfight().unwrap().clone();
    for _ in 0..d.raf.len() {
        c.play(Command::Attack(None)).unwrap();
    }
    for &w in &d.wings {
        assert_eq!(c.wings()[w].state, WingState::Aloft);
        assert_eq!(c.wings()[w].at, c.geschwader()[d.geschwader].at);
    }
    // Nobody fought: the geschwader is whole.
    for &s in &d.squadrons {
        assert_eq!(c.forces().squadrons[s].place, Place::Alerted);
    }
}

/// Flies geschwader `g` due north, square by square, with the RAF staying
/// on the ground, until it steps over the 12 Group line (true) or cannot.
fn fly_north_over_the_line(c: &mut Campaign, g: usize) -> bool {
    for _ in 0..400 {
        match *c.stage() {
            Stage::Fly { geschwader } if geschwader == g => {
                let at = c.geschwader()[g].at;
                let north = Square::new(at.col, at.row - 1);
                let into_north = c.data().map.north_of_twelve_group_line(north);
                if c.play(Command::Step(north)).is_err() {
                    return false;
                }
                if into_north {
                    return true;
                }
            }
            Stage::InterceptChoice { .. } => c.play(Command::NoIntercept).unwrap(),
            Stage::RafMovement => c.play(Command::EndRafMovement).unwrap(),
            Stage::Over => return false,
            _ => step(c),
        }
        if c.geschwader()[g].state != RaidState::Aloft {
            return false;
        }
    }
    false
}

#[test]
fn a_geschwader_whose_only_bombers_are_ju_87s_goes_home_when_they_turn_back_at_the_line() {
    for seed in 0..300 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let ju87_only = |c: &Campaign, g: usize| {
            let sq = &c.geschwader()[g].squadrons;
            sq.iter().any(|&s| c.aircraft(s).name == "Ju 87")
                && !sq
                    .iter()
                    .any(|&s| c.aircraft(s).role == Role::Bomber && c.aircraft(s).name != "Ju 87")
                && sq.iter().any(|&s| !c.aircraft(s).short_range)
        };
        let found = drive(
            &mut c,
            |c| matches!(*c.stage(), Stage::Fly { geschwader } if ju87_only(c, geschwader)),
        );
        if !found {
            continue;
        }
        let Stage::Fly { geschwader: g } = *c.stage() else {
            unreachable!()
        };
        if !fly_north_over_the_line(&mut c, g) {
            continue;
        }
        assert_eq!(c.geschwader()[g].state, RaidState::Home);
        assert!(c
            .events()
            .iter()
            .any(|e| matches!(e, Event::EscortTurnsBack { geschwader, .. } if *geschwader == g)));
        assert!(!c.geschwader()[g].turned_back, "sent home, not turned back");
        assert_ne!(*c.stage(), Stage::Fly { geschwader: g });
        return;
    }
    panic!("no Ju 87 geschwader reached the 12 Group line");
}

#[test]
fn ju_87s_may_fly_in_a_geschwader_moving_ten_squares() {
    for seed in 0..40 {
        let mut c = campaign(WeatherRule::Historical, seed);
        while !c.is_over() {
            step(&mut c);
            for (g, ges) in c.geschwader().iter().enumerate() {
                let sq = &ges.squadrons;
                let ju87 = sq.iter().any(|&s| c.aircraft(s).name == "Ju 87");
                let bf109 = sq.iter().any(|&s| c.aircraft(s).name == "Bf 109");
                if ges.state == RaidState::Aloft && ju87 && !bf109 {
                    assert_eq!(c.allowance(g), 10);
                    if ges.moved > 5 {
                        return;
                    }
                }
            }
        }
    }
    panic!("no geschwader with Ju 87s flew more than five squares in a phase");
}

#[test]
fn a_raid_over_a_wings_own_station_is_met_there_when_it_scrambles() {
    let mut c = find(WeatherRule::Historical, 200, |c| {
        matches!(*c.stage(), Stage::InterceptChoice { geschwader } if (0..c.wings().len())
            .any(|w| c.can_intercept(w) && c.wings()[w].at == c.geschwader()[geschwader].at))
    });
    let Stage::InterceptChoice { geschwader: g } = *c.stage() else {
        unreachable!()
    };
    let w = (0..c.wings().len())
        .find(|&w| c.can_intercept(w) && c.wings()[w].at == c.geschwader()[g].at)
        .unwrap();
    c.play(Command::Intercept(w)).unwrap();
    assert_eq!(c.wings()[w].met, Some(g));
    assert!(c.geschwader()[g].stopped);
    assert_ne!(
        *c.stage(),
        Stage::InterceptStep {
            geschwader: g,
            wing: w
        }
    );
}

#[test]
fn a_wing_over_its_own_station_that_did_not_fight_lands_at_the_next_phase() {
    for seed in 0..60 {
        let mut c = campaign(WeatherRule::Historical, seed);
        let at_home = |c: &Campaign| {
            c.dogfight().and_then(|d| {
                d.wings
                    .iter()
                    .copied()
                    .find(|&w| c.wings()[w].at == c.data().oob.wings[w].at)
            })
        };
        if !drive(&mut c, |c| {
            *c.stage() == Stage::Attacks && at_home(c).is_some() && c.tally_ho() < 4
        }) {
            continue;
        }
        let w = at_home(&c).unwrap();
        let n = c.dogfight().unwrap().raf.len();
        let phase = c.tally_ho();
        for _ in 0..n {
            c.play(Command::Attack(None)).unwrap();
        }
        if c.tally_ho() == phase {
            // Still this phase's battle: in the air over its station.
            assert_eq!(c.wings()[w].state, WingState::Aloft);
            if !drive(&mut c, |c| c.tally_ho() != phase) {
                continue;
            }
        }
        if c.tally_ho() != phase + 1 {
            continue; // the turn ended
        }
        assert_eq!(c.wings()[w].state, WingState::Ready);
        assert!(c.can_intercept(w));
        return;
    }
    panic!("no wing over its own station sat out a dogfight before a later phase");
}

#[test]
fn a_squadron_of_a_withdrawn_type_is_never_rebuilt() {
    let c = find(WeatherRule::Historical, 60, |c| {
        *c.stage() == Stage::Repairs && c.turn() >= 5 && c.successes().0 > 0 && {
            let k = c.data().oob.type_named("Defiant").unwrap();
            c.forces()
                .squadrons
                .iter()
                .any(|s| s.aircraft == k && s.place == Place::Damaged)
        }
    });
    assert!(c.turn() >= 5);
    let k = c.data().oob.type_named("Defiant").unwrap();
    let defiant = (0..c.forces().squadrons.len())
        .find(|&s| {
            c.forces().squadrons[s].aircraft == k && c.forces().squadrons[s].place == Place::Damaged
        })
        .unwrap();
    let e = c.check(&Command::Rebuild(defiant)).unwrap_err();
    assert!(e.to_string().contains("still in the battle"), "{e}");
    assert!(!c.legal_commands().contains(&Command::Rebuild(defiant)));
}

#[test]
fn only_squadrons_that_flew_beyond_the_fuel_range_run_out_of_fuel() {
    let (_, rules) = shipped();
    let mut out = 0;
    for seed in 0..20 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            // Where each squadron is, and how far its geschwader has been.
            let furthest: Vec<(Vec<usize>, u8)> = c
                .geschwader()
                .iter()
                .map(|g| (g.squadrons.clone(), g.furthest))
                .collect();
            let before = c.events().len();
            step(&mut c);
            for e in &c.events()[before..] {
                if let Event::OutOfFuel(s) = e {
                    let (_, far) = furthest.iter().find(|(sq, _)| sq.contains(s)).unwrap();
                    assert!(*far > rules.raid.fuel_range, "out of fuel at {far} squares");
                    assert!(c.aircraft(*s).short_range);
                    out += 1;
                }
            }
        }
    }
    assert!(out > 0);
}

#[test]
fn a_wing_with_any_squadron_in_a_dogfight_has_fought() {
    let mut c = find(WeatherRule::Cards, 60, |c| {
        *c.stage() == Stage::Attacks
            && c.dogfight()
                .is_some_and(|d| d.wings.iter().any(|&w| c.wings()[w].squadrons.len() >= 2))
    });
    let d = c.dogfight().unwrap().clone();
    let w = *d
        .wings
        .iter()
        .find(|&&w| c.wings()[w].squadrons.len() >= 2)
        .unwrap();
    let first = *d
        .raf
        .iter()
        .find(|s| c.wings()[w].squadrons.contains(s))
        .unwrap();
    for &s in &d.raf {
        c.play(Command::Attack((s == first).then_some(0))).unwrap();
    }
    if c.dogfight().is_some() {
        drive(&mut c, |c| c.dogfight().is_none());
    }
    if !c.wings()[w].squadrons.is_empty() && c.tally_ho() != 0 {
        assert_ne!(c.wings()[w].state, WingState::Aloft);
    }
}

#[test]
fn every_geschwader_in_the_air_at_luftwaffe_movement_still_carries_bombs() {
    for seed in 0..10 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            if let Stage::Fly { geschwader: g } = *c.stage() {
                assert!(c.geschwader()[g]
                    .squadrons
                    .iter()
                    .any(|&s| c.aircraft(s).role == Role::Bomber));
            }
            step(&mut c);
        }
    }
}
