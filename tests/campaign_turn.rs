//! The turn's sequence up to the Tally Ho phases, and the order of battle's
//! changes: each rule of "Battle of Britain (Done Properly)" a test, set up
//! as a position and played command by command against the exact events.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use tally_ho::campaign::data::{Group, Luftflotte};
use tally_ho::campaign::deck::CardKind;
use tally_ho::campaign::forces::{Holder, Place};
use tally_ho::campaign::game::{Campaign, Command, Event, Position, Stage, WingState};
use tally_ho::campaign::rules::{TurnEvent, WeatherRule};
use tally_ho::campaign::state::{Next, SquadronAt};
use tally_ho::campaign::weather::WeatherCard;

fn damaged(name: &str) -> (String, SquadronAt) {
    placed(name, SquadronAt::Damaged)
}

fn place_of(c: &Campaign, name: &str) -> Place {
    c.forces().squadrons[squadron(c, name)].place
}

/// The index of each event matching, in order.
fn at(events: &[Event], f: impl Fn(&Event) -> bool) -> usize {
    events
        .iter()
        .position(f)
        .unwrap_or_else(|| panic!("no such event in {events:?}"))
}

// ----- the turn sequence -----

#[test]
fn standby_repairs_come_before_the_weather_then_alert_missions_and_tally_ho() {
    // Turn 3 begins with a squadron to rebuild.
    let mut c = from(Position {
        turn: 3,
        squadrons: vec![damaged("No. 32 Squadron")],
        ..Position::default()
    });
    let dice = c.production_dice();
    assert_eq!(
        c.events(),
        &[
            Event::TurnBegins { turn: 3, phase: 0 },
            Event::Awaits(Stage::ProductionSplit { dice })
        ]
    );
    let e = play(&mut c, Command::Production { squadrons: dice });
    let Event::ProductionThrown {
        squadrons,
        squadron_hits,
        ground_hits: 0,
        ..
    } = e[0]
    else {
        panic!("{:?}", e[0])
    };
    assert_eq!(squadrons, dice);
    assert!(squadron_hits > 0, "the seed's throw rebuilds");
    assert_eq!(e[1..], [Event::Awaits(Stage::Repairs)]);
    let s = squadron(&c, "No. 32 Squadron");
    let e = play(&mut c, Command::Rebuild(s));
    let weather = at(&e, |e| matches!(e, Event::Weather { flies: true, .. }));
    let alert = at(&e, |e| matches!(e, Event::Alerted { .. }));
    let hand = at(&e, |e| matches!(e, Event::HandFilled(_)));
    assert_eq!(
        e[..weather],
        [
            Event::Rebuilt {
                squadron: s,
                reserve: false
            },
            Event::RepairsOver
        ]
    );
    assert!(weather < alert && alert < hand);
    assert_eq!(e.last(), Some(&Event::Awaits(Stage::Missions)));
    let card = c.deck().hand()[0];
    let e = play(
        &mut c,
        Command::Assign {
            geschwader: 0,
            card,
            wave: 1,
        },
    );
    assert_eq!(
        e[0],
        Event::Mission {
            geschwader: 0,
            card,
            wave: 1
        }
    );
    let e = play(&mut c, Command::EndMissions);
    assert_eq!(
        e[..3],
        [
            Event::TallyHo(1),
            Event::TakesOff(0),
            Event::Awaits(Stage::Fly { geschwader: 0 })
        ]
    );
}

#[test]
fn a_respite_turn_flies_no_raids_and_the_first_turn_can_be_one() {
    // Historical weather: turn 1 is a respite.
    let c = campaign(WeatherRule::Historical, 1);
    let e = c.events();
    assert_eq!(e[0], Event::TurnBegins { turn: 1, phase: 0 });
    assert!(matches!(e[1], Event::PhaseBegins { phase: 0, .. }));
    assert_eq!(
        e[2..5],
        [
            Event::Weather {
                flies: false,
                dice: None,
                card: None
            },
            Event::TurnEnds(1),
            Event::TurnBegins { turn: 2, phase: 0 },
        ]
    );
    assert!(!c.records()[0].flew);
    assert!(c.records()[1].flew);
}

#[test]
fn the_german_hand_is_filled_to_ten_for_mission_assignment() {
    let top = [
        "Hull", "Leeds", "Dover", "Rye", "Kenley", "Detling", "Debden", "Manston",
    ];
    let c = from(Position {
        turn: 2,
        hand: names(&["Portsmouth", "Bristol", "Cardiff"]),
        draw: names(&top),
        next: Next::Missions,
        ..Position::default()
    });
    // Seven from the top of the deck, the top card first.
    let dealt: Vec<u16> = top[..7].iter().map(|n| card(&c, n)).collect();
    assert_eq!(
        c.events(),
        &[Event::HandFilled(dealt), Event::Awaits(Stage::Missions)]
    );
    assert_eq!(c.deck().hand().len(), c.rules().raid.hand as usize);
    assert_eq!(c.deck().top(), Some(card(&c, "Manston")));
}

#[test]
fn a_new_phase_keeps_three_german_cards_and_recycles_the_rest() {
    let hand = ["Hull", "Leeds", "Dover", "Rye", "Kenley"];
    let mut c = from(Position {
        turn: 5,
        hand: names(&hand),
        used: names(&["Manston", "Detling"]),
        out: names(&["London", "Port of London"]),
        ..Position::default()
    });
    assert_eq!(
        c.events(),
        &[
            Event::TurnBegins { turn: 5, phase: 1 },
            Event::Awaits(Stage::KeepHand)
        ]
    );
    // Only a card of the hand goes back; the phase begins once he keeps three.
    assert!(c.check(&Command::Discard(card(&c, "Manston"))).is_err());
    let leeds = card(&c, "Leeds");
    assert_eq!(
        play(&mut c, Command::Discard(leeds)),
        vec![Event::Discarded(leeds)]
    );
    let rye = card(&c, "Rye");
    let e = play(&mut c, Command::Discard(rye));
    assert_eq!(e[0], Event::Discarded(rye));
    let Event::PhaseBegins {
        phase: 1,
        draw,
        out,
    } = &e[1]
    else {
        panic!("{:?}", e[1])
    };
    let kept: Vec<u16> = ["Hull", "Dover", "Kenley"]
        .iter()
        .map(|n| card(&c, n))
        .collect();
    // Every card but the kept ones is back, in the draw pile or out.
    let mut all: Vec<u16> = draw.iter().chain(out).chain(&kept).copied().collect();
    all.sort_unstable();
    assert_eq!(all, (0..50).collect::<Vec<u16>>());
    for card in [leeds, rye, card(&c, "Manston"), card(&c, "Detling")] {
        assert!(draw.contains(&card) || out.contains(&card));
    }
    // The hand as it stands: the kept three and the new deal.
    assert_eq!(c.deck().hand()[..3], kept[..]);
    assert!(c.deck().used().is_empty());
    assert!(kept.iter().all(|k| !c.deck().out().contains(k)));
    assert_eq!(c.stage(), &Stage::Missions);
    // Discarding is for a new phase only.
    let e = c.check(&Command::Discard(kept[0])).unwrap_err();
    assert_eq!(e.to_string(), "A discard is not a decision of this step.");
}

// ----- the order of battle -----

#[test]
fn squadron_rotations_are_voluntary_and_lapse_at_the_end_of_their_turn() {
    // Turn 5: 11 Group may send a Hurricane to 10 Group, whose No. 87
    // Squadron is damaged.
    let at_turn_5 = from(Position {
        turn: 5,
        squadrons: vec![damaged("No. 87 Squadron")],
        ..Position::default()
    });
    let due = at_turn_5
        .events()
        .iter()
        .find_map(|e| match e {
            Event::RotationsDue(r) => Some(r.clone()),
            _ => None,
        })
        .expect("the turn's rotations");
    assert_eq!(due.len(), 8, "one a squadron");
    assert!(due.iter().all(|r| r.count == 1));
    assert_eq!(at_turn_5.stage(), &Stage::Rotations);
    assert_eq!(at_turn_5.rotations_left(), &due[..]);
    // A rotation moves the loss from the receiving group to the donor.
    let mut c = at_turn_5.clone();
    let (given, back) = (
        squadron(&c, "No. 601 Squadron"),
        squadron(&c, "No. 87 Squadron"),
    );
    let e = play(&mut c, Command::Rotate(0));
    assert_eq!(
        e,
        vec![Event::Rotated {
            rotation: 0,
            sent: "Hurricane".into(),
            group_from: 11,
            group_to: 10,
            given,
            back,
            swap: false,
        }]
    );
    assert_eq!(place_of(&c, "No. 601 Squadron"), Place::Damaged);
    assert!(matches!(
        place_of(&c, "No. 87 Squadron"),
        Place::Ready { .. }
    ));
    // 11 Group now has a damaged Hurricane: 12 Group may send it one (the
    // fourth rotation of the list, now the third).
    assert_eq!(c.stage(), &Stage::Rotations);
    let r = &c.rotations_left()[2];
    assert_eq!(
        (r.from_group, r.to_group, r.kind.as_str()),
        (12, 11, "Hurricane")
    );
    let e = play(&mut c, Command::Rotate(2));
    assert!(matches!(
        e[0],
        Event::Rotated {
            rotation: 2,
            group_from: 12,
            ..
        }
    ));
    // No other rotation can be made now: the rest lapse.
    assert_eq!(e[1], Event::RotationsLapsed(6));
    // Voluntary: the British may stop at once, and every one lapses.
    let mut c = at_turn_5;
    let e = play(&mut c, Command::EndRotations);
    assert_eq!(e[0], Event::RotationsLapsed(8));
    assert!(c.rotations_left().is_empty());
    assert_eq!(place_of(&c, "No. 87 Squadron"), Place::Damaged);
    // A turn without rotations offers none, whatever is damaged.
    let c = from(Position {
        turn: 6,
        squadrons: vec![damaged("No. 87 Squadron")],
        ..Position::default()
    });
    assert!(!c
        .events()
        .iter()
        .any(|e| matches!(e, Event::RotationsDue(_) | Event::Awaits(Stage::Rotations))));
}

#[test]
fn allied_squadrons_take_over_a_damaged_hurricane_of_their_group_or_wait_for_one() {
    let czech = "No. 310 (Czechoslovak) Squadron";
    // Turn 6, No. 242 Squadron (a 12 Group Hurricane) damaged: the Czechs
    // take it over, combat ready.
    let c = from(Position {
        turn: 6,
        squadrons: vec![damaged("No. 242 Squadron")],
        ..Position::default()
    });
    let s = squadron_no("No. 242 Squadron");
    let e = c.events();
    let due = at(e, |e| matches!(e, Event::AlliesDue { .. }));
    assert_eq!(
        e[due..due + 2],
        [
            Event::AlliesDue {
                group: Group::Twelve,
                squadron: czech.into()
            },
            Event::Reinforced {
                squadron: s,
                group: Group::Twelve,
                name: czech.into()
            }
        ]
    );
    assert_eq!(c.forces().squadrons[s].name, czech);
    assert!(c.forces().squadrons[s].allied);
    assert!(c.allies_due().is_empty());
    // None damaged: they wait.
    let c = from(playing_on(6, Next::BeginTurn));
    assert!(!c
        .events()
        .iter()
        .any(|e| matches!(e, Event::Reinforced { .. })));
    assert_eq!(c.allies_due(), &[(Group::Twelve, czech.to_string())]);
    // ...and arrive at the start of the first later turn with one damaged,
    // before that turn's own. (A damaged Spitfire to rebuild keeps turn 7,
    // a respite, waiting for the production split.)
    let c = from(Position {
        turn: 7,
        allies_due: vec![(12, czech.into())],
        squadrons: vec![damaged("No. 242 Squadron"), damaged("No. 610 Squadron")],
        ..Position::default()
    });
    assert!(matches!(c.stage(), Stage::ProductionSplit { .. }));
    let arrived: Vec<String> = only(c.events(), |e| match e {
        Event::Reinforced { name, .. } => Some(name.clone()),
        _ => None,
    });
    assert_eq!(arrived, vec![czech.to_string()]);
    assert_eq!(
        c.allies_due(),
        &[
            (Group::Eleven, "No. 1 Squadron RCAF".to_string()),
            (Group::Twelve, "No. 302 (Polish) Squadron".to_string())
        ]
    );
}

#[test]
fn no_303_carries_the_ace_marker_and_its_extra_die() {
    let c = from(Position {
        turn: 8,
        squadrons: vec![damaged("No. 601 Squadron")],
        ..Position::default()
    });
    let s = squadron_no("No. 601 Squadron");
    let polish = "No. 303 (Polish) Squadron";
    let e = c.events();
    let due = at(e, |e| matches!(e, Event::AlliesDue { .. }));
    assert_eq!(
        e[due..due + 4],
        [
            Event::AlliesDue {
                group: Group::Eleven,
                squadron: polish.into()
            },
            Event::AceDue(Some(polish.into())),
            Event::Reinforced {
                squadron: s,
                group: Group::Eleven,
                name: polish.into()
            },
            Event::Ace { squadron: s }
        ]
    );
    assert_eq!(c.ace(), Some(s));
    assert_eq!(c.aircraft(s).name, "Hurricane");
    let base = c.aircraft(s).dogfight;
    assert_eq!(c.dice_of(&[s], false, false), base + 1);
}

#[test]
fn defiants_leave_at_turn_5_and_those_shot_down_before_stay_losses() {
    let c = from(Position {
        turn: 5,
        squadrons: vec![damaged("No. 141 Squadron")],
        ..Position::default()
    });
    assert_eq!(c.raf_cards(), 1);
    let flying = squadron(&c, "No. 264 Squadron");
    assert!(c.events().contains(&Event::Withdrawn {
        what: "Defiant".into(),
        squadrons: vec![flying]
    }));
    assert_eq!(place_of(&c, "No. 264 Squadron"), Place::Withdrawn);
    assert_eq!(place_of(&c, "No. 141 Squadron"), Place::Damaged);
    // The Defiants' playing cards are not handed back, and no Defiant is
    // rebuilt.
    assert_eq!(c.raf_cards(), 1);
    assert!(!c.forces().rebuildable(squadron(&c, "No. 141 Squadron")));
    // Turn 4: still in the battle.
    let c = from(deciding(4, Stage::Missions));
    assert!(matches!(
        place_of(&c, "No. 264 Squadron"),
        Place::Ready { .. } | Place::Alerted
    ));
}

#[test]
fn stukas_leave_at_turn_7() {
    let c = from(Position {
        turn: 7,
        squadrons: vec![damaged("II./StG 1")],
        ..Position::default()
    });
    let stukas: Vec<usize> = ["IV./LG 1", "I./StG 77", "II./StG 77", "I./StG 2"]
        .iter()
        .map(|n| squadron(&c, n))
        .collect();
    assert!(c.events().contains(&Event::Withdrawn {
        what: "Ju 87".into(),
        squadrons: stukas.clone()
    }));
    for s in stukas {
        assert_eq!(c.forces().squadrons[s].place, Place::Withdrawn);
    }
    assert_eq!(place_of(&c, "II./StG 1"), Place::Damaged);
}

#[test]
fn cities_lose_two_bomb_hits_at_the_start_of_turns_5_and_9() {
    for turn in [5u8, 9] {
        let c = from(Position {
            turn,
            damage: vec![
                ("Hull".into(), 3),
                ("London".into(), 1),
                ("Dover".into(), 1),
            ],
            ..Position::default()
        });
        assert!(c.events().contains(&Event::CitiesRepaired(2)));
        assert_eq!(c.damage(card(&c, "Hull")), 1, "turn {turn}");
        assert_eq!(c.damage(card(&c, "London")), 0);
        // Radar is repaired by the RAF's dice, not by the calendar.
        assert_eq!(c.damage(card(&c, "Dover")), 1);
    }
    let c = from(Position {
        turn: 6,
        damage: vec![("Hull".into(), 3)],
        ..Position::default()
    });
    assert!(!c.events().contains(&Event::CitiesRepaired(2)));
    assert_eq!(c.damage(card(&c, "Hull")), 3);
}

#[test]
fn the_big_wing_forms_only_from_turn_9_and_does_not_scramble() {
    // Turn 9: the seven-squadron geschwader are offered first, then the
    // Big Wing.
    let mut c = from(playing_on(9, Next::Alert));
    assert_eq!(c.stage(), &Stage::Reinforce);
    play(&mut c, Command::EndReinforce);
    assert_eq!(c.stage(), &Stage::BigWing);
    let (duxford, wittering) = (wing_no(&c, "Duxford Wing"), wing_no(&c, "Wittering Wing"));
    assert_eq!(c.data().oob.wings[duxford].group, Group::Twelve);
    assert!(c.check(&Command::BigWing(wittering, duxford)).is_err());
    let n = c.wings()[duxford].squadrons.len() + c.wings()[wittering].squadrons.len();
    let e = play(&mut c, Command::BigWing(duxford, wittering));
    assert_eq!(e[0], Event::BigWingFormed(duxford, wittering));
    assert!(c.wings()[duxford].big);
    assert_eq!(c.wings()[duxford].squadrons.len(), n);
    assert!(c.wings()[wittering].squadrons.is_empty());
    assert_eq!(c.wings()[wittering].state, WingState::Unformed);
    assert!(!c.can_intercept(duxford));
    // Turn 8: the British are never asked.
    let c = from(playing_on(8, Next::Alert));
    assert_eq!(c.stage(), &Stage::Missions);
    assert!(!c.big_wing_allowed());
}

#[test]
fn luftflotte_2_geschwader_may_grow_to_seven_squadrons_from_turn_9() {
    // Its box emptied by the deal: a geschwader takes a squadron from another.
    let mut c = from(playing_on(9, Next::Alert));
    assert_eq!(c.stage(), &Stage::Reinforce);
    let legal = c.legal_commands();
    for m in &legal {
        if let Command::Reinforce { geschwader, from } = *m {
            assert_eq!(
                c.data().oob.geschwader[geschwader].luftflotte,
                Luftflotte::Two
            );
            assert!(from.is_some(), "the box is empty");
        }
    }
    let (kg2, kg76) = (geschwader_no(&c, "KG 2"), geschwader_no(&c, "KG 76"));
    // (Its Stukas withdrawn at turn 7, Luftflotte 2 deals 6, 6, 5 and 5.)
    let sizes: Vec<usize> = c.geschwader()[..4]
        .iter()
        .map(|g| g.squadrons.len())
        .collect();
    assert_eq!(sizes, [6, 6, 5, 5]);
    let given = *c.geschwader()[kg76].squadrons.last().unwrap();
    let e = play(
        &mut c,
        Command::Reinforce {
            geschwader: kg2,
            from: Some(kg76),
        },
    );
    assert_eq!(
        e[0],
        Event::SeventhSquadron {
            geschwader: kg2,
            squadron: given,
            from: Some(kg76)
        }
    );
    assert_eq!(c.geschwader()[kg2].squadrons.len(), 7);
    assert_eq!(c.geschwader()[kg76].squadrons.len(), 4);
    // Never beyond seven, never Luftflotte 3.
    for m in c.legal_commands() {
        if let Command::Reinforce { geschwader, .. } = m {
            assert_ne!(geschwader, kg2);
            assert_eq!(
                c.data().oob.geschwader[geschwader].luftflotte,
                Luftflotte::Two
            );
        }
    }
    // With cards left in Luftflotte 2's box, from the box.
    let mut c = from(Position {
        turn: 9,
        geschwader: vec![geschwader("KG 2", &["I./KG 2", "II./KG 2", "I./JG 26"])],
        next: Next::Decide(Stage::Reinforce),
        ..Position::default()
    });
    let top = c.forces().ready(Holder::Luftflotte(Luftflotte::Two))[0];
    let e = play(
        &mut c,
        Command::Reinforce {
            geschwader: kg2,
            from: None,
        },
    );
    assert_eq!(
        e[0],
        Event::SeventhSquadron {
            geschwader: kg2,
            squadron: top,
            from: None
        }
    );
    assert_eq!(c.forces().squadrons[top].place, Place::Alerted);
    // Before turn 9, no geschwader is offered a seventh.
    let c = from(playing_on(8, Next::Alert));
    assert_eq!(c.stage(), &Stage::Missions);
}

// ----- Luftflotte 5 -----

fn norway(at: (i32, i32), target: &str) -> tally_ho::campaign::state::GeschwaderAt {
    tally_ho::campaign::state::GeschwaderAt {
        stopped: Some(false),
        ..raid(
            "KG 26 and KG 30",
            &["I./KG 26", "III./KG 26", "1./ZG 76"],
            at,
            target,
        )
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
    // Turn 5 begins: it must attack.
    let c = from(playing_on(5, Next::BeginTurn));
    assert!(c.events().contains(&Event::Luftflotte5MustCommit(true)));
    assert!(c.luftflotte_5_must_commit());
    // No raid at all this turn.
    let mut c = from(Position {
        turn: 5,
        geschwader: vec![geschwader(
            "KG 26 and KG 30",
            &["I./KG 26", "III./KG 26", "1./ZG 76"],
        )],
        luftflotte_5_must_commit: true,
        next: Next::Decide(Stage::Missions),
        ..Position::default()
    });
    let lf5: Vec<usize> = c
        .forces()
        .flying_of_luftflotte(Luftflotte::Five)
        .into_iter()
        .collect();
    let e = play(&mut c, Command::EndMissions);
    assert_eq!(
        e[..2],
        [
            Event::Luftflotte5Withdrawn { squadrons: lf5 },
            Event::TurnEnds(5)
        ]
    );
    assert!(c.luftflotte_5_withdrawn() && !c.luftflotte_5_must_commit());
    assert!(lf5_out(&c));
    // Sent, but turned back of its own accord before the radar line.
    let mut c = from(Position {
        turn: 5,
        tally_ho: 1,
        geschwader: vec![norway((17, 0), "Hull")],
        luftflotte_5_must_commit: true,
        next: Next::Decide(Stage::Fly { geschwader: 6 }),
        ..Position::default()
    });
    let e = play(&mut c, Command::Home);
    assert_eq!(e[0], Event::TurnsBack { geschwader: 6 });
    let end = at(&e, |e| *e == Event::TurnEnds(5));
    assert!(matches!(e[end - 1], Event::Luftflotte5Withdrawn { .. }));
    assert!(lf5_out(&c));
}

#[test]
fn luftflotte_5_that_crosses_the_radar_line_to_bomb_on_turn_5_stays_in_the_battle() {
    let mut c = from(Position {
        turn: 5,
        tally_ho: 1,
        geschwader: vec![norway((13, 6), "Hull")],
        luftflotte_5_must_commit: true,
        next: Next::Decide(Stage::Fly { geschwader: 6 }),
        ..Position::default()
    });
    // Into Staxton Wold's radar, then onto Hull.
    let e = play(&mut c, Command::Step(sq(12, 6)));
    assert_eq!(
        e[0],
        Event::Moved {
            geschwader: 6,
            to: sq(12, 6),
            radar: true
        }
    );
    assert!(c.geschwader()[6].crossed_radar);
    let e = play(&mut c, Command::Step(sq(11, 7)));
    assert_eq!(e[1], Event::BombRun { geschwader: 6 });
    let end = at(&e, |e| *e == Event::TurnEnds(5));
    assert_eq!(e[end - 1], Event::Luftflotte5Attacked);
    assert!(!e
        .iter()
        .any(|e| matches!(e, Event::Luftflotte5Withdrawn { .. })));
    assert!(!c.luftflotte_5_must_commit() && !c.luftflotte_5_withdrawn());
    assert!(!c.forces().flying_of_luftflotte(Luftflotte::Five).is_empty());
}

#[test]
fn luftflotte_5s_obligation_waits_for_a_flying_turn_when_turn_5_is_a_respite() {
    use WeatherCard::{Black, Red};
    // The weather cards: a black card (a respite) on turn 5, red on 6.
    let mut c = from_with(
        WeatherRule::Cards,
        Position {
            turn: 5,
            weather_cards: Some(vec![
                Red, Red, Red, Black, Black, Red, Red, Black, Black, Red, Red,
            ]),
            ..Position::default()
        },
    );
    let e = c.events().to_vec();
    let weather = at(&e, |e| matches!(e, Event::Weather { .. }));
    assert_eq!(
        e[weather..weather + 3],
        [
            Event::Weather {
                flies: false,
                dice: None,
                card: Some(Black)
            },
            Event::TurnEnds(5),
            Event::TurnBegins { turn: 6, phase: 1 }
        ]
    );
    assert!(c.luftflotte_5_must_commit(), "still due");
    assert!(e.contains(&Event::Weather {
        flies: true,
        dice: None,
        card: Some(Red)
    }));
    assert_eq!(c.stage(), &Stage::Missions);
    let e = play(&mut c, Command::EndMissions);
    assert!(matches!(e[0], Event::Luftflotte5Withdrawn { .. }));
    assert_eq!(e[1], Event::TurnEnds(6));
}

// ----- production, repairs, the wings' airfields -----

#[test]
fn production_dice_are_the_standing_cities_production_and_the_factories() {
    let c = from(playing_on(2, Next::Weather));
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
    // Birmingham (2) knocked out, Coventry (2) bombed but standing, Castle
    // Bromwich's factory (1) knocked out.
    let c = from(Position {
        turn: 2,
        damage: vec![
            ("Birmingham".into(), 3),
            ("Coventry".into(), 2),
            ("Castle Bromwich".into(), 1),
        ],
        next: Next::Weather,
        ..Position::default()
    });
    assert_eq!(c.production_dice() as u32, cities + factories - 3);
}

#[test]
fn repairs_spend_squadron_dice_on_squadrons_and_the_rest_on_airfields_radar_and_factories() {
    let (_, rules) = shipped();
    let cost = rules.rebuild_cost_of("Hurricane");
    let mut c = from(Position {
        turn: 3,
        successes: (cost, 1),
        squadrons: vec![damaged("No. 32 Squadron"), damaged("I./KG 2")],
        damage: vec![("Dover".into(), 1), ("Hull".into(), 3)],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    let (s, german) = (squadron(&c, "No. 32 Squadron"), squadron(&c, "I./KG 2"));
    assert!(c.check(&Command::Rebuild(german)).is_err());
    // A standing target, or a city, is not "repaired".
    assert!(c.check(&Command::Mend(card(&c, "Rye"))).is_err());
    assert!(c.check(&Command::Mend(card(&c, "Hull"))).is_err());
    assert_eq!(
        play(&mut c, Command::Rebuild(s)),
        vec![Event::Rebuilt {
            squadron: s,
            reserve: false
        }]
    );
    assert!(matches!(
        place_of(&c, "No. 32 Squadron"),
        Place::Ready { .. }
    ));
    assert_eq!(c.successes(), (0, 1));
    let dover = card(&c, "Dover");
    let e = play(&mut c, Command::Mend(dover));
    assert_eq!(e[..2], [Event::Mended(dover), Event::RepairsOver]);
    assert_eq!(c.damage(dover), 0);
}

#[test]
fn a_rebuild_costs_the_production_successes_the_rules_give_for_its_type() {
    let (_, rules) = shipped();
    let fighter = rules.rebuild_cost_of("Hurricane");
    let blenheim = rules.rebuild_cost_of("Blenheim");
    // The shipped economy: a fighter squadron's pilots cost more than one
    // success, so the fighter groups run down.
    assert!(fighter > 1, "{fighter}");
    assert_eq!(rules.rebuild_cost_of("Spitfire"), fighter);
    let position = |successes: u8| Position {
        turn: 3,
        successes: (successes, 0),
        squadrons: vec![damaged("No. 32 Squadron"), damaged("No. 600 Squadron")],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    };
    // One short of the Hurricane's cost: refused, saying why.
    let c = from(position(fighter - 1));
    let hurricane = squadron(&c, "No. 32 Squadron");
    assert_eq!(
        c.check(&Command::Rebuild(hurricane))
            .unwrap_err()
            .to_string(),
        format!(
            "Rebuilding that squadron takes {fighter} successful squadron dice; {} are left.",
            fighter - 1
        )
    );
    // Enough: rebuilt, and the whole cost is spent.
    let mut c = from(position(fighter + blenheim));
    play(&mut c, Command::Rebuild(hurricane));
    assert!(matches!(
        place_of(&c, "No. 32 Squadron"),
        Place::Ready { .. }
    ));
    assert_eq!(c.successes().0, blenheim);
    // What is left buys the Blenheim at its own cost.
    let b = squadron(&c, "No. 600 Squadron");
    let e = play(&mut c, Command::Rebuild(b));
    assert_eq!(
        e[0],
        Event::Rebuilt {
            squadron: b,
            reserve: false
        }
    );
}

#[test]
fn thirteen_group_reserve_points_rebuild_a_squadron_each_whatever_its_cost() {
    let (_, rules) = shipped();
    assert!(rules.rebuild_cost_of("Spitfire") > 1);
    let mut c = from(Position {
        turn: 3,
        squadrons: vec![damaged("No. 72 Squadron"), damaged("No. 41 Squadron")],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    // Two Spitfires, two points.
    let (a, b) = (
        squadron(&c, "No. 72 Squadron"),
        squadron(&c, "No. 41 Squadron"),
    );
    play(&mut c, Command::Reserve(a));
    assert_eq!(c.forces().reserve_points, 3);
    let e = play(&mut c, Command::Reserve(b));
    assert_eq!(
        e[0],
        Event::Rebuilt {
            squadron: b,
            reserve: true
        }
    );
    assert_eq!(c.forces().reserve_points, 2);
}

#[test]
fn thirteen_group_reserve_points_are_spent_after_the_throw_on_13_group_only() {
    let mut c = from(Position {
        turn: 3,
        squadrons: vec![damaged("No. 72 Squadron"), damaged("No. 32 Squadron")],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    assert_eq!(c.forces().reserve_points, 4);
    let e = c
        .check(&Command::Reserve(squadron(&c, "No. 32 Squadron")))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Reserve points rebuild only damaged 13 Group squadrons."
    );
    let s = squadron(&c, "No. 72 Squadron");
    let e = play(&mut c, Command::Reserve(s));
    assert_eq!(
        e[..2],
        [
            Event::Rebuilt {
                squadron: s,
                reserve: true
            },
            Event::RepairsOver
        ]
    );
    assert_eq!(c.forces().reserve_points, 3);
    // Not outside the repairs.
    assert_eq!(c.stage(), &Stage::Missions);
    let e = c.check(&Command::Reserve(s)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "A reserve rebuild is not a decision of this step."
    );
    let empty = from(Position {
        turn: 3,
        reserve_points: Some(0),
        squadrons: vec![damaged("No. 72 Squadron")],
        successes: (1, 0),
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    let e = empty.check(&Command::Reserve(s)).unwrap_err();
    assert_eq!(e.to_string(), "13 Group's reserve pool is empty.");
}

#[test]
fn a_squadron_of_a_withdrawn_type_is_never_rebuilt() {
    let c = from(Position {
        turn: 6,
        successes: (2, 0),
        squadrons: vec![damaged("No. 141 Squadron"), damaged("No. 32 Squadron")],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    let defiant = squadron(&c, "No. 141 Squadron");
    let e = c.check(&Command::Rebuild(defiant)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Only a damaged RAF squadron of a type still in the battle can be rebuilt."
    );
    assert!(!c.legal_commands().contains(&Command::Rebuild(defiant)));
    assert!(c
        .legal_commands()
        .contains(&Command::Rebuild(squadron(&c, "No. 32 Squadron"))));
}

#[test]
fn a_wing_whose_airfield_is_knocked_out_is_not_formed() {
    let c = from(Position {
        turn: 2,
        damage: vec![("Biggin Hill".into(), 1)],
        next: Next::Alert,
        ..Position::default()
    });
    let Event::Alerted { wings, .. } = &c.events()[0] else {
        panic!("{:?}", c.events()[0])
    };
    let (biggin, kenley) = (wing_no(&c, "Biggin Hill Wing"), wing_no(&c, "Kenley Wing"));
    assert!(wings[biggin].is_empty());
    assert_eq!(c.wings()[biggin].state, WingState::Unformed);
    // Kenley shares its square but not its airfield card.
    assert_eq!(wings[kenley].len(), 3);
    // 11 Group's fifteen squadrons fill its four other wings; three wait.
    let left = c.forces().ready(Holder::Group(Group::Eleven)).len();
    assert_eq!(left, 3);
}

#[test]
fn stood_down_squadrons_come_back_on_top_two_turns_later_and_fly_first() {
    // No. 601 is the last card of 11 Group's box; stood down on turn 1 it
    // is back on turn 3, on top: the first squadron dealt.
    let c = from(Position {
        turn: 3,
        squadrons: vec![placed(
            "No. 601 Squadron",
            SquadronAt::StoodDown { back_on: 3 },
        )],
        ..Position::default()
    });
    let s = squadron(&c, "No. 601 Squadron");
    assert_eq!(c.events()[1], Event::StoodDownReturn(vec![s]));
    let alerted = c
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Alerted { wings, .. } => Some(wings.clone()),
            _ => None,
        })
        .expect("squadron alert");
    assert_eq!(alerted[wing_no(&c, "Biggin Hill Wing")][0], s);
    // A turn early, it is still stood down.
    let c = from(Position {
        turn: 2,
        squadrons: vec![placed(
            "No. 601 Squadron",
            SquadronAt::StoodDown { back_on: 3 },
        )],
        ..Position::default()
    });
    assert_eq!(
        place_of(&c, "No. 601 Squadron"),
        Place::StoodDown { back_on: 3 }
    );
}

#[test]
fn stand_downs_count_as_losses_only_on_the_shortened_campaigns_last_turn() {
    // The shortened campaign's last turn ends: stood down on turn 7 (back
    // on 9) is lost, for both sides; stood down on turn 6 (back on 8,
    // which never comes) is not.
    let at_the_end = |weather: WeatherRule, turn: u8, back_on: u8| {
        from_with(
            weather,
            Position {
                turn,
                squadrons: vec![
                    placed("No. 32 Squadron", SquadronAt::StoodDown { back_on }),
                    placed(
                        "No. 610 Squadron",
                        SquadronAt::StoodDown {
                            back_on: back_on - 1,
                        },
                    ),
                    placed("I./KG 2", SquadronAt::StoodDown { back_on }),
                    damaged("II./KG 2"),
                ],
                next: Next::EndTurn,
                ..Position::default()
            },
        )
    };
    let c = at_the_end(WeatherRule::Shortened, 7, 9);
    assert!(c.is_over());
    assert!(c.stood_down_counts());
    let t = c.tally();
    assert_eq!((t.raf_lost, t.luftwaffe_lost), (1, 2));
    assert_eq!(c.raf_cards(), 0);
    // The eleven-turn campaign counts none.
    let c = at_the_end(WeatherRule::Historical, 11, 13);
    assert!(c.is_over());
    let t = c.tally();
    assert_eq!((t.raf_lost, t.luftwaffe_lost), (0, 1));
}

#[test]
fn the_calendar_speaks_of_the_right_turns() {
    // The positions above rely on the shipped calendar's turns.
    let (_, rules) = shipped();
    let at = |t: u8| rules.calendar.events_at(t).cloned().collect::<Vec<_>>();
    assert!(at(5).contains(&TurnEvent::WithdrawDefiants));
    assert!(at(7).contains(&TurnEvent::WithdrawStukas));
    assert!(at(9).contains(&TurnEvent::BigWing));
    assert_eq!(rules.german_hand, 3);
    assert_eq!(rules.raid.hand, 10);
}
