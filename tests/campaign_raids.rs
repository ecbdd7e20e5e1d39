//! The Tally Ho phases' movement: the raids' take-off and flight, radar and
//! the intercepts it allows, the 12 Group line, fuel, RAF movement. Each
//! rule a position, played command by command against the exact events.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use tally_ho::campaign::data::{Luftflotte, Square};
use tally_ho::campaign::forces::{Holder, Place};
use tally_ho::campaign::game::{Campaign, Command, Event, Position, RaidState, Stage, WingState};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::state::{GeschwaderAt, Next, WingAt};

const KG2: usize = 0;
const BIGGIN: usize = 2;
const TANGMERE: usize = 6;

/// The squadrons of KG 2: three Do 17s and three Bf 109s.
const KG2_ALL: [&str; 6] = [
    "I./KG 2",
    "II./KG 2",
    "III./KG 2",
    "I./JG 26",
    "II./JG 26",
    "III./JG 26",
];

fn biggin_hill() -> WingAt {
    wing(
        "Biggin Hill Wing",
        &["No. 32 Squadron", "No. 610 Squadron", "No. 141 Squadron"],
    )
}

fn tangmere() -> WingAt {
    wing(
        "Tangmere Wing",
        &["No. 43 Squadron", "No. 145 Squadron", "No. 601 Squadron"],
    )
}

/// Turn 2, Tally Ho phase 1: these geschwader and wings, and the German
/// flying `g`.
fn flying_now(geschwader: Vec<GeschwaderAt>, wings: Vec<WingAt>, g: usize) -> Campaign {
    from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader,
        wings,
        next: Next::Decide(Stage::Fly { geschwader: g }),
        ..Position::default()
    })
}

fn kg2_flying(at: (i32, i32)) -> GeschwaderAt {
    flying("KG 2", &KG2_ALL, at, "Manston")
}

// ----- radar and intercepts -----

#[test]
fn geschwader_do_not_halt_on_the_radar_line_and_every_radar_square_entry_offers_an_intercept() {
    let mut c = flying_now(vec![kg2_flying((17, 18))], vec![biggin_hill()], KG2);
    // Into Dover's radar: the RAF may scramble.
    assert_eq!(
        play(&mut c, Command::Step(sq(16, 17))),
        vec![
            Event::Moved {
                geschwader: KG2,
                to: sq(16, 17),
                radar: true
            },
            Event::Awaits(Stage::InterceptChoice { geschwader: KG2 })
        ]
    );
    // Declined: it flies on, not halted by the radar line...
    assert_eq!(
        play(&mut c, Command::NoIntercept),
        vec![Event::Awaits(Stage::Fly { geschwader: KG2 })]
    );
    // ...and the next radar square offers an intercept again.
    assert_eq!(
        play(&mut c, Command::Step(sq(15, 16))),
        vec![
            Event::Moved {
                geschwader: KG2,
                to: sq(15, 16),
                radar: true
            },
            Event::Awaits(Stage::InterceptChoice { geschwader: KG2 })
        ]
    );
    assert_eq!(c.geschwader()[KG2].moved, 2);
    assert!(c.geschwader()[KG2].crossed_radar);
    // A square no station watches offers none.
    let mut c = flying_now(vec![kg2_flying((17, 19))], vec![biggin_hill()], KG2);
    assert_eq!(
        play(&mut c, Command::Step(sq(17, 18))),
        vec![Event::Moved {
            geschwader: KG2,
            to: sq(17, 18),
            radar: false
        }]
    );
}

#[test]
fn no_more_intercepts_declines_every_radar_square_until_the_next_phase() {
    // KG 2 has flown three of its five squares (it flies with Bf 109s).
    let mut c = flying_now(
        vec![GeschwaderAt {
            moved: 3,
            ..kg2_flying((17, 18))
        }],
        vec![biggin_hill()],
        KG2,
    );
    assert!(c.legal_commands().contains(&Command::Step(sq(16, 17))));
    play(&mut c, Command::Step(sq(16, 17)));
    assert_eq!(*c.stage(), Stage::InterceptChoice { geschwader: KG2 });
    assert!(c.legal_commands().contains(&Command::NoMoreIntercepts));
    // Declined for the phase: this square and every later one.
    assert_eq!(
        play(&mut c, Command::NoMoreIntercepts),
        vec![
            Event::InterceptsDeclined,
            Event::Awaits(Stage::Fly { geschwader: KG2 })
        ]
    );
    assert!(c.is_radar_square(sq(15, 16)));
    let events = play(&mut c, Command::Step(sq(15, 16)));
    assert_eq!(
        events[0],
        Event::Moved {
            geschwader: KG2,
            to: sq(15, 16),
            radar: true
        }
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Awaits(Stage::InterceptChoice { .. }))),
        "a radar square asked again after no more intercepts: {events:?}"
    );
    assert!(events.contains(&Event::FlownOut { geschwader: KG2 }));
    // The next Tally Ho phase asks again.
    while c.tally_ho() == 1 {
        assert_eq!(*c.stage(), Stage::RafMovement, "{:?}", c.stage());
        play(&mut c, Command::EndRafMovement);
    }
    assert_eq!(c.tally_ho(), 2);
    assert!(!c.intercepts_declined());
    assert_eq!(*c.stage(), Stage::Fly { geschwader: KG2 });
    let radar = c
        .data()
        .map
        .neighbours(sq(15, 16))
        .find(|&to| c.is_radar_square(to) && c.legal_commands().contains(&Command::Step(to)))
        .expect("a radar square next to (15, 16)");
    play(&mut c, Command::Step(radar));
    assert_eq!(*c.stage(), Stage::InterceptChoice { geschwader: KG2 });
}

#[test]
fn a_knocked_out_radar_station_watches_nothing() {
    // (16, 17) is watched by Dover alone.
    let watched = flying_now(vec![kg2_flying((17, 18))], vec![biggin_hill()], KG2);
    assert!(watched.is_radar_square(sq(16, 17)));
    let mut c = from(Position {
        damage: vec![("Dover".into(), 1)],
        ..watched.start().clone()
    });
    let dover = (0..c.data().map.radar.len())
        .find(|&i| c.data().map.radar[i].name == "Dover")
        .unwrap();
    assert!(!c.radar_standing(dover));
    assert!(!c.is_radar_square(sq(16, 17)));
    assert_eq!(
        play(&mut c, Command::Step(sq(16, 17))),
        vec![Event::Moved {
            geschwader: KG2,
            to: sq(16, 17),
            radar: false
        }]
    );
}

/// KG 2 over the sea in Dover's radar, Biggin Hill's wing to scramble.
fn intercept_choice() -> Campaign {
    from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![GeschwaderAt {
            moved: 1,
            ..kg2_flying((16, 17))
        }],
        wings: vec![biggin_hill(), tangmere()],
        next: Next::Decide(Stage::InterceptChoice { geschwader: KG2 }),
        ..Position::default()
    })
}

#[test]
fn an_intercepting_wing_and_its_geschwader_move_one_square_in_turn() {
    let mut c = intercept_choice();
    assert_eq!(
        play(&mut c, Command::Intercept(BIGGIN)),
        vec![
            Event::Scramble {
                wing: BIGGIN,
                geschwader: KG2
            },
            Event::Awaits(Stage::InterceptStep {
                geschwader: KG2,
                wing: BIGGIN
            })
        ]
    );
    // One square only.
    let e = c.check(&Command::WingStep(sq(14, 15))).unwrap_err();
    assert_eq!(e.to_string(), "The intercepting wing flies one square.");
    assert_eq!(
        play(&mut c, Command::WingStep(sq(13, 16))),
        vec![
            Event::WingMoved {
                wing: BIGGIN,
                to: sq(13, 16)
            },
            Event::Awaits(Stage::Fly { geschwader: KG2 })
        ]
    );
    // Each step of the geschwader is answered by one of the wing's (no new
    // choice on entering another radar square).
    assert_eq!(
        play(&mut c, Command::Step(sq(15, 16))),
        vec![
            Event::Moved {
                geschwader: KG2,
                to: sq(15, 16),
                radar: true
            },
            Event::Awaits(Stage::InterceptStep {
                geschwader: KG2,
                wing: BIGGIN
            })
        ]
    );
}

#[test]
fn an_intercept_that_does_not_reach_sends_the_wing_home_and_it_cannot_move_this_phase() {
    let mut c = intercept_choice();
    c.play(Command::Intercept(BIGGIN)).unwrap();
    c.play(Command::WingStep(sq(13, 16))).unwrap();
    // The geschwader turns back: the wing has not reached it.
    let kept: Vec<usize> = KG2_ALL.iter().map(|n| squadron(&c, n)).collect();
    assert_eq!(
        play(&mut c, Command::Home),
        vec![
            Event::TurnsBack { geschwader: KG2 },
            Event::ReachedForHome {
                geschwader: KG2,
                squadrons: kept
            },
            Event::InterceptMissed { wing: BIGGIN },
            Event::RafMovementBegins,
            Event::Awaits(Stage::RafMovement)
        ]
    );
    assert_eq!(c.wings()[BIGGIN].state, WingState::Returned);
    assert_eq!(c.wings()[BIGGIN].at, c.home_of(BIGGIN));
    let e = c
        .check(&Command::MoveWing {
            wing: BIGGIN,
            to: sq(13, 15),
        })
        .unwrap_err();
    assert_eq!(e.to_string(), "That wing cannot move now.");
    assert_eq!(c.movable_wings().collect::<Vec<_>>(), vec![TANGMERE]);
}

#[test]
fn a_geschwader_stops_when_its_interceptor_reaches_it_and_they_fight_an_intercept() {
    let mut c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![GeschwaderAt {
            moved: 2,
            ..kg2_flying((15, 16))
        }],
        wings: vec![WingAt {
            at: Some(sq(14, 16)),
            state: Some(WingState::Intercepting(KG2)),
            ..biggin_hill()
        }],
        next: Next::Decide(Stage::InterceptStep {
            geschwader: KG2,
            wing: BIGGIN,
        }),
        ..Position::default()
    });
    let e = play(&mut c, Command::WingStep(sq(15, 16)));
    assert_eq!(
        e[..6],
        [
            Event::WingMoved {
                wing: BIGGIN,
                to: sq(15, 16)
            },
            Event::Engaged {
                geschwader: KG2,
                met: vec![BIGGIN]
            },
            Event::RafMovementBegins,
            Event::BattleBegins(vec![tally_ho::campaign::state::Job::Intercept {
                wing: BIGGIN,
                geschwader: KG2
            }]),
            Event::JobBegins(tally_ho::campaign::state::Job::Intercept {
                wing: BIGGIN,
                geschwader: KG2
            }),
            e[5].clone(),
        ]
    );
    // The whole wing against a part of the geschwader as large as the wing.
    let Event::Intercept {
        wing,
        geschwader,
        raf,
        luftwaffe,
    } = &e[5]
    else {
        panic!("{:?}", e[5])
    };
    assert_eq!((*wing, *geschwader), (BIGGIN, KG2));
    let wing_squadrons: Vec<usize> = biggin_hill()
        .squadrons
        .iter()
        .map(|n| squadron(&c, n))
        .collect();
    assert_eq!(raf, &wing_squadrons);
    assert_eq!(luftwaffe.len(), 3);
    assert!(luftwaffe.windows(2).all(|w| w[0] < w[1]), "sorted");
    for s in luftwaffe {
        assert!(KG2_ALL.contains(&c.forces().squadrons[*s].name.as_str()));
    }
    assert!(matches!(e[6], Event::Round { round: 1, .. }));
    assert_eq!(c.wings()[BIGGIN].met, Some(KG2));
    assert!(c.geschwader()[KG2].stopped);
}

#[test]
fn a_raid_over_a_wings_own_station_is_met_there_when_it_scrambles() {
    let mut c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![kg2_flying((12, 15))],
        wings: vec![biggin_hill()],
        next: Next::Decide(Stage::InterceptChoice { geschwader: KG2 }),
        ..Position::default()
    });
    let e = play(&mut c, Command::Intercept(BIGGIN));
    assert_eq!(
        e[..3],
        [
            Event::Scramble {
                wing: BIGGIN,
                geschwader: KG2
            },
            Event::Engaged {
                geschwader: KG2,
                met: vec![BIGGIN]
            },
            // (no other geschwader to fly, no wing to move)
            Event::RafMovementBegins,
        ]
    );
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::Intercept { wing: BIGGIN, .. })));
    assert!(!e
        .iter()
        .any(|e| matches!(e, Event::Awaits(Stage::InterceptStep { .. }))));
}

// ----- how far a geschwader flies -----

/// Flies geschwader `g` west along row 19 (open sea, out of radar's sight)
/// until it stops for this Tally Ho phase; returns the squares flown.
fn fly_west(c: &mut Campaign, g: usize) -> u8 {
    let mut n = 0;
    let phase = c.tally_ho();
    while c.stage() == &(Stage::Fly { geschwader: g }) && c.tally_ho() == phase {
        let at = c.geschwader()[g].at;
        c.play(Command::Step(Square::new(at.col - 1, at.row)))
            .unwrap();
        n += 1;
    }
    n
}

#[test]
fn a_geschwader_flies_five_squares_a_phase_with_bf_109s_and_ten_without() {
    let (_, rules) = shipped();
    assert_eq!(
        (rules.raid.geschwader_move, rules.raid.geschwader_move_long),
        (5, 10)
    );
    // With its Bf 109s: five squares, then it has flown its squares.
    let mut c = flying_now(
        vec![flying("KG 2", &KG2_ALL, (22, 19), "Dover")],
        vec![],
        KG2,
    );
    assert_eq!(c.allowance(KG2), 5);
    assert_eq!(fly_west(&mut c, KG2), 5);
    let e = c.events();
    let last = e
        .iter()
        .rposition(|e| matches!(e, Event::Moved { .. }))
        .unwrap();
    assert_eq!(e[last + 1], Event::FlownOut { geschwader: KG2 });
    // Bombers alone: ten.
    let mut c = flying_now(
        vec![flying("KG 2", &["I./KG 2", "II./KG 2"], (22, 19), "Dover")],
        vec![],
        KG2,
    );
    assert_eq!(c.allowance(KG2), 10);
    assert_eq!(fly_west(&mut c, KG2), 10);
}

#[test]
fn ju_87s_may_fly_in_a_geschwader_moving_ten_squares() {
    // The 12 Group line's Ju 87s may be part of a geschwader moving ten:
    // only the Bf 109s hold it to five.
    let mut c = flying_now(
        vec![flying(
            "KG 3 and StG 1",
            &["I./KG 3", "II./StG 1", "IV./LG 1"],
            (22, 19),
            "Dover",
        )],
        vec![],
        3,
    );
    assert_eq!(c.allowance(3), 10);
    assert_eq!(fly_west(&mut c, 3), 10);
}

// ----- the 12 Group line -----

#[test]
fn bf_109s_and_ju_87s_cannot_enter_a_square_entirely_north_of_the_12_group_line() {
    let c = campaign(WeatherRule::Cards, 0);
    let map = &c.data().map;
    let happisburgh = map.place("Happisburgh").unwrap().at;
    let norwich = c
        .data()
        .targets
        .cards
        .iter()
        .find(|t| t.name == "Norwich")
        .unwrap()
        .at;
    assert!(map.north_of_twelve_group_line(happisburgh));
    let bf109 = squadron(&c, "I./JG 26");
    let ju87 = squadron(&c, "II./StG 1");
    let he111 = squadron(&c, "I./KG 1");
    // "they can reach Norwich, they cannot reach Happisburgh"
    assert!(c.may_enter(&[bf109, ju87], norwich));
    assert!(!c.may_enter(&[bf109, ju87], happisburgh));
    // With a long-range squadron the geschwader may go on (its escort turns back).
    assert!(c.may_enter(&[bf109, he111], happisburgh));
    // A geschwader of them alone is refused the step.
    let mut c = flying_now(
        vec![flying(
            "KG 3 and StG 1",
            &["II./StG 1", "I./JG 52"],
            (11, 13),
            "Coventry",
        )],
        vec![],
        3,
    );
    let before = c.events().len();
    let e = c.play(Command::Step(sq(11, 12))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Bf 109s and Ju 87s cannot enter a square entirely north of the 12 Group line."
    );
    assert_eq!(c.events().len(), before);
}

#[test]
fn escorts_turn_for_home_at_the_12_group_line_and_the_bombers_fly_on() {
    let squadrons = ["I./KG 1", "II./KG 1", "I./JG 51", "II./ZG 26"];
    let at_the_line = |furthest: u8| {
        flying_now(
            vec![GeschwaderAt {
                furthest: Some(furthest),
                ..flying("KG 1 and KG 53", &squadrons, (11, 13), "Coventry")
            }],
            vec![],
            1,
        )
    };
    // Within its range: the Bf 109 turns for home, the rest step over.
    let mut c = at_the_line(5);
    let escort = squadron(&c, "I./JG 51");
    assert!(c.data().map.north_of_twelve_group_line(sq(11, 12)));
    assert_eq!(
        play(&mut c, Command::Step(sq(11, 12)))[..2],
        [
            Event::EscortTurnsBack {
                geschwader: 1,
                squadrons: vec![escort]
            },
            Event::Moved {
                geschwader: 1,
                to: sq(11, 12),
                radar: false
            }
        ]
    );
    let names: Vec<&str> = c.geschwader()[1]
        .squadrons
        .iter()
        .map(|&s| c.forces().squadrons[s].name.as_str())
        .collect();
    assert_eq!(names, ["I./KG 1", "II./KG 1", "II./ZG 26"]);
    // Home safely: back at the bottom of its Combat Ready box.
    assert!(matches!(
        c.forces().squadrons[escort].place,
        Place::Ready { .. }
    ));
    assert_eq!(
        c.forces().ready(Holder::Luftflotte(Luftflotte::Two)).last(),
        Some(&escort)
    );
    // Beyond its range, it throws for fuel first.
    let mut c = at_the_line(7);
    let e = play(&mut c, Command::Step(sq(11, 12)));
    let Event::FuelCheck {
        geschwader: 1,
        dice,
    } = &e[0]
    else {
        panic!("{:?}", e[0])
    };
    assert_eq!(dice.len(), 1);
    assert_eq!(dice[0].0, escort);
    let out = dice[0].1 == c.rules().raid.fuel_out;
    let next = if out {
        assert_eq!(e[1], Event::OutOfFuel(escort));
        2
    } else {
        1
    };
    assert!(matches!(e[next], Event::EscortTurnsBack { .. }));
}

#[test]
fn a_geschwader_whose_only_bombers_are_ju_87s_goes_home_when_they_turn_back_at_the_line() {
    // (A wing at its station keeps the phase going: RAF movement waits.)
    let mut c = flying_now(
        vec![flying(
            "KG 3 and StG 1",
            &["II./StG 1", "I./JG 52", "II./ZG 26"],
            (11, 13),
            "Coventry",
        )],
        vec![biggin_hill()],
        3,
    );
    let (stuka, bf109, bf110) = (
        squadron(&c, "II./StG 1"),
        squadron(&c, "I./JG 52"),
        squadron(&c, "II./ZG 26"),
    );
    let e = play(&mut c, Command::Step(sq(11, 12)));
    assert_eq!(
        e[..2],
        [
            Event::EscortTurnsBack {
                geschwader: 3,
                squadrons: vec![stuka, bf109]
            },
            // Only Ju 87s carried its bombs: nothing flies on.
            Event::ReachedForHome {
                geschwader: 3,
                squadrons: vec![bf110]
            }
        ]
    );
    assert!(!e.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert_eq!(c.stage(), &Stage::RafMovement);
    assert_eq!(c.geschwader()[3].state, RaidState::Home);
    assert!(!c.geschwader()[3].turned_back, "sent home, not turned back");
}

// ----- fuel -----

#[test]
fn only_short_range_squadrons_that_flew_beyond_the_fuel_range_run_out_of_fuel() {
    // KG 2 has been seven squares from its base (the range is six); its
    // Bf 109s throw for fuel when it reaches for home, its Do 17s do not.
    let squadrons = ["I./KG 2", "I./JG 26", "II./JG 26", "III./JG 26"];
    // (A wing at its station keeps the phase going: RAF movement waits.)
    let at = |furthest: u8| {
        flying_now(
            vec![GeschwaderAt {
                furthest: Some(furthest),
                ..flying("KG 2", &squadrons, (12, 17), "Kenley")
            }],
            vec![biggin_hill()],
            KG2,
        )
    };
    let mut c = at(7);
    let e = play(&mut c, Command::Home);
    assert_eq!(c.stage(), &Stage::RafMovement);
    let Event::FuelCheck {
        geschwader: KG2,
        dice,
    } = &e[1]
    else {
        panic!("{:?}", e[1])
    };
    let fighters: Vec<usize> = squadrons[1..].iter().map(|n| squadron(&c, n)).collect();
    assert_eq!(dice.iter().map(|d| d.0).collect::<Vec<_>>(), fighters);
    let out: Vec<usize> = dice
        .iter()
        .filter(|d| d.1 == c.rules().raid.fuel_out)
        .map(|d| d.0)
        .collect();
    assert!(!out.is_empty(), "the seed's dice: a Bf 109 runs dry");
    let lost = only(&e, |e| match e {
        Event::OutOfFuel(s) => Some(*s),
        _ => None,
    });
    assert_eq!(lost, out);
    for &s in &lost {
        assert_eq!(c.forces().squadrons[s].place, Place::Damaged);
        assert!(!c.geschwader()[KG2].squadrons.contains(&s));
    }
    assert_eq!(c.records()[1].luftwaffe_lost as usize, lost.len());
    // Six squares out: no fuel check.
    let mut c = at(6);
    let e = play(&mut c, Command::Home);
    assert!(!e.iter().any(|e| matches!(e, Event::FuelCheck { .. })));
    assert_eq!(c.geschwader()[KG2].squadrons.len(), 4);
}

// ----- the Tally Ho phases -----

#[test]
fn late_raids_take_off_in_the_second_tally_ho_phase() {
    let waiting = |name: &str, squadrons: &[&str], wave: u8| GeschwaderAt {
        state: Some(RaidState::Waiting),
        wave: Some(wave),
        ..geschwader(name, squadrons)
    };
    let position = |phase: u8| Position {
        turn: 2,
        tally_ho: phase,
        geschwader: vec![
            GeschwaderAt {
                target: Some("Dover".into()),
                ..waiting("KG 2", &["I./KG 2"], 1)
            },
            GeschwaderAt {
                target: Some("Rye".into()),
                ..waiting("KG 76", &["I./KG 76"], 2)
            },
        ],
        next: Next::BeginTallyHo,
        ..Position::default()
    };
    let c = from(position(1));
    assert_eq!(
        c.events(),
        &[
            Event::TallyHo(1),
            Event::TakesOff(KG2),
            Event::Awaits(Stage::Fly { geschwader: KG2 })
        ]
    );
    assert_eq!(c.geschwader()[2].state, RaidState::Waiting);
    let c = from(position(2));
    assert_eq!(c.events()[..2], [Event::TallyHo(2), Event::TakesOff(2)]);
}

#[test]
fn after_the_fourth_tally_ho_phase_every_raid_reaches_for_home() {
    let c = from(Position {
        turn: 2,
        tally_ho: 4,
        geschwader: vec![raid("KG 2", &["I./KG 2"], (14, 17), "Kenley")],
        next: Next::EndTallyHo,
        ..Position::default()
    });
    let s = squadron(&c, "I./KG 2");
    assert_eq!(
        c.events()[..3],
        [
            Event::TallyHoEnds(4),
            Event::ReachedForHome {
                geschwader: KG2,
                squadrons: vec![s]
            },
            Event::TurnEnds(2)
        ]
    );
}

// ----- RAF movement -----

#[test]
fn a_wing_at_its_station_can_take_on_a_raid_over_its_own_airfield() {
    let mut c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (12, 15), "Biggin Hill")],
        wings: vec![biggin_hill(), tangmere()],
        next: Next::Decide(Stage::RafMovement),
        ..Position::default()
    });
    let home = c.home_of(BIGGIN);
    assert_eq!(
        play(
            &mut c,
            Command::MoveWing {
                wing: BIGGIN,
                to: home
            }
        ),
        vec![Event::WingFlies {
            wing: BIGGIN,
            to: home,
            aloft: true
        }]
    );
    assert_eq!(c.wings()[BIGGIN].state, WingState::Aloft);
    let e = play(&mut c, Command::EndRafMovement);
    let dogfight = tally_ho::campaign::state::Job::Dogfight { geschwader: KG2 };
    assert_eq!(
        e[..2],
        [
            Event::BattleBegins(vec![dogfight.clone()]),
            Event::JobBegins(dogfight)
        ]
    );
    assert!(matches!(&e[2], Event::DogfightBegins { wings, .. } if *wings == vec![BIGGIN]));
    assert_eq!(e[3], Event::Awaits(Stage::Gruppen));
    // With no raid over it, a wing at its station is already there.
    let c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (14, 17), "Biggin Hill")],
        wings: vec![biggin_hill()],
        next: Next::Decide(Stage::RafMovement),
        ..Position::default()
    });
    let e = c
        .check(&Command::MoveWing {
            wing: BIGGIN,
            to: home,
        })
        .unwrap_err();
    assert_eq!(e.to_string(), "The wing is already there.");
}

#[test]
fn a_wing_flies_five_squares_in_raf_movement_and_lands_at_its_station() {
    let mut c = from(Position {
        turn: 2,
        tally_ho: 1,
        geschwader: vec![raid("KG 2", &KG2_ALL, (17, 17), "Manston")],
        wings: vec![
            WingAt {
                at: Some(sq(14, 16)),
                state: Some(WingState::Aloft),
                ..biggin_hill()
            },
            tangmere(),
        ],
        next: Next::Decide(Stage::RafMovement),
        ..Position::default()
    });
    let e = c
        .check(&Command::MoveWing {
            wing: TANGMERE,
            to: sq(17, 17),
        })
        .unwrap_err();
    assert_eq!(e.to_string(), "A wing flies 5 squares at most.");
    let e = c
        .check(&Command::MoveWing {
            wing: TANGMERE,
            to: sq(-1, 17),
        })
        .unwrap_err();
    assert_eq!(e.to_string(), "That square is off the map.");
    let home = c.home_of(BIGGIN);
    assert_eq!(
        play(
            &mut c,
            Command::MoveWing {
                wing: BIGGIN,
                to: home
            }
        ),
        vec![Event::WingFlies {
            wing: BIGGIN,
            to: home,
            aloft: false
        }]
    );
    assert_eq!(c.wings()[BIGGIN].state, WingState::Returned);
}

#[test]
fn a_geschwader_on_its_target_square_is_on_its_bomb_run_even_with_a_wing_there() {
    let manston = sq(15, 15);
    let mut c = flying_now(
        vec![kg2_flying((16, 16))],
        vec![WingAt {
            at: Some(manston),
            state: Some(WingState::Aloft),
            ..biggin_hill()
        }],
        KG2,
    );
    assert_eq!(
        play(&mut c, Command::Step(manston))[..3],
        [
            Event::Moved {
                geschwader: KG2,
                to: manston,
                radar: true
            },
            Event::BombRun { geschwader: KG2 },
            Event::Engaged {
                geschwader: KG2,
                met: vec![]
            },
        ]
    );
    assert!(c.geschwader()[KG2].bomb_run && c.geschwader()[KG2].stopped);
}

#[test]
fn illegal_commands_are_refused_with_a_sentence_and_change_nothing() {
    let mut c = flying_now(vec![kg2_flying((17, 18))], vec![biggin_hill()], KG2);
    let before = (c.state().clone(), c.events().len(), c.commands().len());
    let e = c.play(Command::Step(sq(15, 18))).unwrap_err();
    assert_eq!(e.to_string(), "A geschwader flies one square at a time.");
    let e = c.play(Command::Step(sq(17, 30))).unwrap_err();
    assert_eq!(e.to_string(), "A geschwader stays on the map.");
    let e = c.play(Command::EndRafMovement).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Ending RAF movement is not a decision of this step."
    );
    assert_eq!(
        (c.state().clone(), c.events().len(), c.commands().len()),
        before
    );
}

/// The map and the log say why an intercept missed (the raid turned for
/// home, or flew on out of reach), from the state just before it.
#[cfg(feature = "window")]
#[test]
fn a_missed_intercept_says_why_it_missed() {
    use tally_ho::common::game::Rules;
    let mut c = intercept_choice();
    c.play(Command::Intercept(BIGGIN)).unwrap();
    c.play(Command::WingStep(sq(13, 16))).unwrap();
    c.play(Command::Home).unwrap();
    let at = c
        .events()
        .iter()
        .position(|e| matches!(e, Event::InterceptMissed { .. }))
        .expect("the intercept missed");
    let mut before = c.initial_state();
    for e in &c.events()[..at] {
        Campaign::apply(&mut before, e);
    }
    let why = tally_ho::app::campaign::missed_why(&before, BIGGIN);
    assert!(why.contains("turned for home"), "{why}");
    assert!(why.starts_with("missed: KG 2"), "{why}");
}
