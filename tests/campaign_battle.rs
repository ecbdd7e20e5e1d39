//! The battle step: intercepts and their stand-downs, dogfights and their
//! gruppen, the hits each side takes, the bomb runs, and the wings after
//! the fighting. Each rule a position, played against the exact events.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use tally_ho::campaign::data::Luftflotte;
use tally_ho::campaign::forces::Place;
use tally_ho::campaign::game::{
    BombRun, Campaign, Command, Event, Position, Stage, Throw, WingState,
};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::state::{FightAt, GeschwaderAt, Job, Next, WingAt};
use tally_ho::common::Side;

const KG2: usize = 0;
const BIGGIN: usize = 2;
const TANGMERE: usize = 6;

const KG2_ALL: [&str; 6] = [
    "I./KG 2",
    "II./KG 2",
    "III./KG 2",
    "I./JG 26",
    "II./JG 26",
    "III./JG 26",
];

fn wing_at(name: &str, squadrons: &[&str], at: (i32, i32), state: WingState) -> WingAt {
    WingAt {
        at: Some(sq(at.0, at.1)),
        state: Some(state),
        ..wing(name, squadrons)
    }
}

fn biggin_over(at: (i32, i32), state: WingState) -> WingAt {
    wing_at(
        "Biggin Hill Wing",
        &["No. 32 Squadron", "No. 610 Squadron", "No. 141 Squadron"],
        at,
        state,
    )
}

// ----- intercepts -----

/// An intercept over the sea off Dover: No. 32 (Hurricane, defence 3) and
/// No. 610 (Spitfire, 4) against a Do 17 (2) and a Bf 109 (4), three hits
/// on the Germans and two on the RAF to take.
fn intercept_hits() -> Campaign {
    from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (15, 16), "Manston")],
        wings: vec![biggin_over((15, 16), WingState::Fought)],
        fight: Some(FightAt {
            intercept: true,
            round: 1,
            on_luftwaffe: 3,
            on_raf: 2,
            ..fight(
                "KG 2",
                &["Biggin Hill Wing"],
                &["No. 32 Squadron", "No. 610 Squadron"],
                &["I./KG 2", "I./JG 26"],
            )
        }),
        next: Next::Decide(Stage::Allocate { side: Side::German }),
        ..Position::default()
    })
}

#[test]
fn intercepts_stand_down_one_squadron_a_side_for_fewer_hits_than_its_defence() {
    let mut c = intercept_hits();
    let (do17, bf109) = (squadron(&c, "I./KG 2"), squadron(&c, "I./JG 26"));
    // Three hits lose the Do 17, or stand the Bf 109 down.
    assert_eq!(
        c.legal_commands(),
        vec![Command::Lose(do17), Command::StandDown(bf109)]
    );
    let e = c.check(&Command::Lose(bf109)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "That squadron is not in the fight or the hits are too few to lose it."
    );
    let off_dover = sq(15, 16);
    assert_eq!(
        play(&mut c, Command::StandDown(bf109)),
        vec![
            Event::TakesHits {
                squadron: bf109,
                stand_down: true
            },
            Event::StoodDown {
                squadron: bf109,
                at: off_dover
            },
            Event::Awaits(Stage::Allocate {
                side: Side::British
            })
        ]
    );
    assert_eq!(
        c.forces().squadrons[bf109].place,
        Place::StoodDown { back_on: 4 }
    );
    // The stand-down took the rest of the German hits; the RAF's turn, in
    // the same fight, with the German stand-down spent.
    let f = c.fight().expect("the same intercept");
    assert_eq!((f.on_luftwaffe, f.on_raf), (0, 2));
    assert!(f.luftwaffe_stood_down && !f.raf_stood_down);
    assert!(!f.luftwaffe.contains(&bf109));
    assert_eq!(c.intercept_tally().luftwaffe_stood_down, 1);
    // Two hits are fewer than either RAF defence: a stand-down, once.
    let (hurricane, spitfire) = (
        squadron(&c, "No. 32 Squadron"),
        squadron(&c, "No. 610 Squadron"),
    );
    assert_eq!(
        c.legal_commands(),
        vec![Command::StandDown(hurricane), Command::StandDown(spitfire)]
    );
    let e = play(&mut c, Command::StandDown(hurricane));
    assert_eq!(
        e[..3],
        [
            Event::TakesHits {
                squadron: hurricane,
                stand_down: true
            },
            Event::StoodDown {
                squadron: hurricane,
                at: off_dover
            },
            // An intercept is one round.
            Event::FightOver,
        ]
    );
    assert_eq!(c.intercept_tally().raf_stood_down, 1);
}

#[test]
fn a_loss_takes_as_many_hits_as_the_squadrons_defence() {
    let mut c = intercept_hits();
    let do17 = squadron(&c, "I./KG 2");
    let e = play(&mut c, Command::Lose(do17));
    assert_eq!(
        e[..2],
        [
            Event::TakesHits {
                squadron: do17,
                stand_down: false
            },
            Event::Lost {
                squadron: do17,
                at: sq(15, 16)
            },
        ]
    );
    assert_eq!(c.forces().squadrons[do17].place, Place::Damaged);
    assert!(!c.geschwader()[KG2].squadrons.contains(&do17));
    // One hit left: too few for the Bf 109, and a stand-down is still
    // open to the Germans.
    let f = c.fight().unwrap();
    assert_eq!(f.on_luftwaffe, 1);
    assert_eq!(
        c.legal_commands(),
        vec![Command::StandDown(squadron(&c, "I./JG 26"))]
    );
}

#[test]
fn dogfights_have_no_stand_downs() {
    let c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (15, 16), "Manston")],
        wings: vec![biggin_over((15, 16), WingState::Fought)],
        fight: Some(FightAt {
            round: 1,
            on_luftwaffe: 3,
            ..fight(
                "KG 2",
                &["Biggin Hill Wing"],
                &["No. 32 Squadron"],
                &["I./KG 2", "I./JG 26"],
            )
        }),
        next: Next::Decide(Stage::Allocate { side: Side::German }),
        ..Position::default()
    });
    let bf109 = squadron(&c, "I./JG 26");
    assert_eq!(
        c.legal_commands(),
        vec![Command::Lose(squadron(&c, "I./KG 2"))]
    );
    let e = c.check(&Command::StandDown(bf109)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "A squadron is stood down only in an intercept, once a side, for fewer hits than its defence."
    );
}

#[test]
fn bf_110s_north_of_the_12_group_line_and_of_luftflotte_5_throw_two_dogfight_dice() {
    let c = campaign(WeatherRule::Cards, 0);
    let lf2 = squadron(&c, "II./ZG 26");
    let lf5 = squadron(&c, "1./ZG 76");
    assert_eq!(
        c.forces().squadrons[lf5].holder,
        tally_ho::campaign::forces::Holder::Luftflotte(Luftflotte::Five)
    );
    assert_eq!(c.dice_of(&[lf2], false, false), 3);
    assert_eq!(c.dice_of(&[lf2], false, true), 2);
    assert_eq!(c.dice_of(&[lf5], false, false), 2);
    // The rule is for dogfights; an intercept uses the intercept value.
    let t = c.aircraft(lf2).intercept;
    assert_eq!(c.dice_of(&[lf2], true, true), t);
}

// ----- dogfights -----

/// KG 2 off Dover with wings in the air over it: the battle step begins.
fn dogfight(wings: Vec<WingAt>) -> Campaign {
    from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (15, 16), "Manston")],
        wings,
        next: Next::Battle,
        ..Position::default()
    })
}

#[test]
fn gruppen_are_at_most_three_of_one_to_three_squadrons_placed_face_down() {
    let mut c = dogfight(vec![biggin_over((15, 16), WingState::Aloft)]);
    let job = Job::Dogfight { geschwader: KG2 };
    let squadrons: Vec<usize> = KG2_ALL.iter().map(|n| squadron(&c, n)).collect();
    let raf: Vec<usize> = ["No. 32 Squadron", "No. 610 Squadron", "No. 141 Squadron"]
        .iter()
        .map(|n| squadron(&c, n))
        .collect();
    assert_eq!(
        c.events(),
        &[
            Event::BattleBegins(vec![job.clone()]),
            Event::JobBegins(job),
            Event::DogfightBegins {
                geschwader: KG2,
                wings: vec![BIGGIN],
                squadrons: squadrons.clone(),
                raf,
            },
            Event::Awaits(Stage::Gruppen)
        ]
    );
    assert_eq!(c.wings()[BIGGIN].state, WingState::Fought);
    let e = c.check(&Command::Gruppe(3)).unwrap_err();
    assert_eq!(e.to_string(), "The geschwader forms 3 gruppen.");
    for &s in &squadrons[..3] {
        assert_eq!(
            play(&mut c, Command::Gruppe(0)),
            vec![Event::Gruppe {
                squadron: s,
                gruppe: 0
            }]
        );
    }
    let e = c.check(&Command::Gruppe(0)).unwrap_err();
    assert_eq!(e.to_string(), "No gruppe can have more than 3 squadrons.");
    // Gruppe 1 takes squadrons until the ones left are just enough for the
    // empty gruppen.
    play(&mut c, Command::Gruppe(1));
    play(&mut c, Command::Gruppe(1));
    let e = c.check(&Command::Gruppe(1)).unwrap_err();
    assert_eq!(e.to_string(), "Every gruppe needs at least one squadron.");
    assert_eq!(
        play(&mut c, Command::Gruppe(2)),
        vec![
            Event::Gruppe {
                squadron: squadrons[5],
                gruppe: 2
            },
            Event::Awaits(Stage::Attacks)
        ]
    );
    assert_eq!(c.dogfight().unwrap().gruppe_of, vec![0, 0, 0, 1, 1, 2]);
}

/// The dogfight above, its gruppen formed: the three Do 17s in gruppe 0,
/// two Bf 109s in gruppe 1, one in gruppe 2.
fn gruppen_formed(wings: Vec<WingAt>) -> Campaign {
    let mut c = dogfight(wings);
    for k in [0, 0, 0, 1, 1, 2] {
        c.play(Command::Gruppe(k)).unwrap();
    }
    c
}

#[test]
fn the_raf_attacks_the_gruppen_of_its_choice_and_unattacked_gruppen_do_not_fight() {
    let mut c = gruppen_formed(vec![biggin_over((15, 16), WingState::Aloft)]);
    let e = c.check(&Command::Attack(Some(3))).unwrap_err();
    assert_eq!(e.to_string(), "There are 3 gruppen.");
    let d = c.dogfight().unwrap().clone();
    // Every RAF squadron goes for gruppe 1, the two Bf 109s.
    for (i, &s) in d.raf.iter().enumerate() {
        let e = play(&mut c, Command::Attack(Some(1)));
        assert_eq!(
            e[0],
            Event::Attack {
                squadron: s,
                gruppe: Some(1)
            }
        );
        if i + 1 == d.raf.len() {
            assert_eq!(
                e[1..3],
                [
                    Event::DogfightsBegin {
                        gruppen: vec![1],
                        idle: vec![]
                    },
                    // Gruppe 1 turned face up, against all three.
                    Event::GruppeFight {
                        gruppe: 1,
                        raf: d.raf.clone(),
                        luftwaffe: d.squadrons[3..5].to_vec()
                    },
                ]
            );
            assert!(matches!(e[3], Event::Round { round: 1, .. }));
        }
    }
    // Fight to the end of this dogfight: the other gruppen are untouched.
    drive(&mut c, |c| c.dogfight().is_none());
    for &s in d.squadrons[..3].iter().chain(&d.squadrons[5..]) {
        assert_eq!(c.forces().squadrons[s].place, Place::Alerted);
        assert!(c.geschwader()[KG2].squadrons.contains(&s));
    }
}

#[test]
fn a_wing_that_attacks_no_gruppe_has_not_fought_and_stays_in_the_air() {
    let mut c = gruppen_formed(vec![biggin_over((15, 16), WingState::Aloft)]);
    let d = c.dogfight().unwrap().clone();
    play(&mut c, Command::Attack(None));
    play(&mut c, Command::Attack(None));
    let e = play(&mut c, Command::Attack(None));
    assert_eq!(
        e[..3],
        [
            Event::Attack {
                squadron: d.raf[2],
                gruppe: None
            },
            Event::DogfightsBegin {
                gruppen: vec![],
                idle: vec![BIGGIN]
            },
            Event::DogfightOver
        ]
    );
    // Nobody fought: no die was thrown. The next Tally Ho phase finds the
    // wing still in the air where it was.
    assert!(!e.iter().any(|e| matches!(e, Event::Round { .. })));
    assert_eq!(c.tally_ho(), 2);
    assert_eq!(c.wings()[BIGGIN].at, sq(15, 16));
    assert_eq!(c.wings()[BIGGIN].state, WingState::Aloft);
    for &s in &d.squadrons {
        assert_eq!(c.forces().squadrons[s].place, Place::Alerted);
    }
}

#[test]
fn a_wing_with_any_squadron_in_a_dogfight_has_fought() {
    let tangmere = wing_at(
        "Tangmere Wing",
        &["No. 43 Squadron", "No. 145 Squadron"],
        (15, 16),
        WingState::Aloft,
    );
    let mut c = gruppen_formed(vec![biggin_over((15, 16), WingState::Aloft), tangmere]);
    let d = c.dogfight().unwrap().clone();
    assert_eq!(d.wings, vec![BIGGIN, TANGMERE]);
    // Biggin Hill's first squadron attacks; none of the others.
    play(&mut c, Command::Attack(Some(0)));
    for _ in 1..d.raf.len() - 1 {
        play(&mut c, Command::Attack(None));
    }
    let e = play(&mut c, Command::Attack(None));
    assert_eq!(
        e[1],
        Event::DogfightsBegin {
            gruppen: vec![0],
            idle: vec![TANGMERE]
        }
    );
    // (The fight over, the next Tally Ho phase begins.)
    assert_eq!(c.tally_ho(), 2);
    // Biggin Hill fought: it came home and is ready again. Tangmere did
    // not: it is still in the air over the raid.
    assert_eq!(c.wings()[BIGGIN].state, WingState::Ready);
    assert_eq!(c.wings()[BIGGIN].at, c.home_of(BIGGIN));
    assert_eq!(c.wings()[TANGMERE].state, WingState::Aloft);
    assert_eq!(c.wings()[TANGMERE].at, sq(15, 16));
}

// ----- after the fighting -----

#[test]
fn a_wing_that_fought_returns_to_base_and_may_fly_again_in_a_later_tally_ho_phase() {
    let c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (16, 17), "Manston")],
        wings: vec![biggin_over((16, 17), WingState::Fought)],
        next: Next::EndTallyHo,
        ..Position::default()
    });
    assert_eq!(
        c.events(),
        &[
            Event::TallyHoEnds(1),
            Event::TallyHo(2),
            Event::Awaits(Stage::Fly { geschwader: KG2 })
        ]
    );
    assert_eq!(c.wings()[BIGGIN].state, WingState::Ready);
    assert_eq!(c.wings()[BIGGIN].at, c.home_of(BIGGIN));
    assert!(c.can_intercept(BIGGIN));
}

#[test]
fn a_wing_over_its_own_station_that_did_not_fight_lands_at_the_next_phase() {
    let c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (16, 17), "Manston")],
        wings: vec![
            biggin_over((12, 15), WingState::Aloft),
            wing_at(
                "Tangmere Wing",
                &["No. 43 Squadron"],
                (13, 16),
                WingState::Aloft,
            ),
        ],
        next: Next::EndTallyHo,
        ..Position::default()
    });
    assert_eq!(c.tally_ho(), 2);
    assert_eq!(c.wings()[BIGGIN].state, WingState::Ready);
    assert!(c.can_intercept(BIGGIN));
    // Away from its station, it stays in the air.
    assert_eq!(c.wings()[TANGMERE].state, WingState::Aloft);
    assert_eq!(c.wings()[TANGMERE].at, sq(13, 16));
}

// ----- bombing -----

/// KG 2's three Do 17s (six bomb dice) and a Bf 109 on `target`, on their
/// bomb run.
fn bomb_run(target: &str, at: (i32, i32), damage: u8) -> Campaign {
    bomb_run_of(
        &["I./KG 2", "II./KG 2", "III./KG 2", "I./JG 26"],
        target,
        at,
        damage,
    )
}

fn bomb_run_of(squadrons: &[&str], target: &str, at: (i32, i32), damage: u8) -> Campaign {
    from(Position {
        turn: 2,
        tally_ho: 1,
        damage: vec![(target.into(), damage)],
        geschwader: vec![GeschwaderAt {
            bomb_run: true,
            ..raid("KG 2", squadrons, at, target)
        }],
        next: Next::Battle,
        ..Position::default()
    })
}

#[test]
fn anti_aircraft_hits_cancel_bomb_dice() {
    let c = bomb_run("Manston", (15, 15), 0);
    let manston = card(&c, "Manston");
    let bomb = Job::Bomb { geschwader: KG2 };
    let e = c.events();
    assert_eq!(
        e[..2],
        [
            Event::BattleBegins(vec![bomb.clone()]),
            Event::JobBegins(bomb)
        ]
    );
    let Event::Bombed {
        geschwader: KG2,
        card,
        hits,
        run: BombRun::Dice {
            aa,
            bombs: Some(bombs),
        },
    } = e[2]
    else {
        panic!("{:?}", e[2])
    };
    assert_eq!(card, manston);
    // Four guns over an airfield; each hit cancels one of six bomb dice.
    assert_eq!(aa.dice, 4);
    assert_eq!(bombs.dice, 6 - aa.hits);
    // An airfield takes one hit.
    assert_eq!(hits, bombs.hits.min(1));
    assert_eq!(c.damage(manston), hits);
    assert!(hits == 1, "the seed's bombs hit");
    assert_eq!(e[3], Event::KnockedOut(manston));
    assert_eq!(c.tally().targets, 1);
    assert_eq!(c.records()[1].bombed, 1);
}

#[test]
fn a_target_already_knocked_out_takes_no_bomb_dice() {
    let c = bomb_run("Manston", (15, 15), 1);
    let Event::Bombed {
        hits,
        run: BombRun::Dice { aa, bombs },
        ..
    } = c.events()[2]
    else {
        panic!("{:?}", c.events()[2])
    };
    assert_eq!((hits, bombs), (0, None));
    assert_eq!(aa.dice, 4);
    assert_eq!(c.tally().targets, 0);
}

#[test]
fn london_bombed_but_standing_goes_back_on_top_of_the_deck_for_the_next_turn() {
    // Two Do 17s over London: the guns stop three of their four bomb dice,
    // and the seed's last one hits. London needs three: it stands, and its
    // card goes back on top of the draw pile.
    let two = ["I./KG 2", "II./KG 2"];
    let c = bomb_run_of(&two, "London", (12, 14), 1);
    let london = card(&c, "London");
    let e = c.events();
    assert!(matches!(
        e[2],
        Event::Bombed {
            hits: 1,
            card,
            ..
        } if card == london
    ));
    assert_eq!(e[3], Event::LondonBackOnTop(london));
    assert!(!c.knocked_out(london) && c.damage(london) == 2);
    // On top of the draw pile, or already dealt from it into the hand.
    assert!(c.deck().top() == Some(london) || c.deck().hand().contains(&london));
    // Knocked out, it stays out.
    let c = bomb_run_of(&two, "London", (12, 14), 2);
    let e = c.events();
    assert_eq!(e[3], Event::KnockedOut(london));
    assert!(!e.contains(&Event::LondonBackOnTop(london)));
}

#[test]
fn a_round_throws_the_intercept_values_of_both_sides() {
    // An intercept of the whole Biggin Hill Wing against three Do 17s:
    // the RAF throws its intercept values, the Do 17s theirs.
    let c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid(
            "KG 2",
            &["I./KG 2", "II./KG 2", "III./KG 2"],
            (15, 16),
            "Manston",
        )],
        wings: vec![WingAt {
            met: Some(KG2),
            ..biggin_over((15, 16), WingState::Intercepting(KG2))
        }],
        next: Next::Battle,
        ..Position::default()
    });
    let round = c
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Round {
                round,
                raf,
                luftwaffe,
            } => Some((*round, *raf, *luftwaffe)),
            _ => None,
        })
        .expect("a round");
    // Hurricane 3, Spitfire 2, Defiant 2; a Do 17 2 each.
    let (n, raf, lw): (u8, Throw, Throw) = round;
    assert_eq!((n, raf.dice, lw.dice), (1, 7, 6));
    assert!(raf.hits <= raf.dice && lw.hits <= lw.dice);
}
