//! One test per rule sentence of the Simple Hex sheet (and per reconstruction in
//! docs/RULES.md), named after the rule. Dice are never forced: a test sets up
//! a position, searches seeds for the rolls it needs, plays the command and
//! checks exactly the events it gives (`exec_and_check`).

mod common;

use common::*;
use std::sync::Arc;
use tally_ho::common::hex::{offset_of, End, Facing};
use tally_ho::simple_hex::*;
use Colour::*;

const N: Facing = Facing::North;
const S: Facing = Facing::South;

/// A far-away bomber keeps the raid going while other planes are tested.
const FAR_BOMBER: Place = ("He 111", Yellow, (12, 16), N, false);

/// Steps every plane ahead of `plane` in the move order straight forward.
fn skip_to(game: &mut Game, plane: PlaneId) {
    while let Some(m) = game.active_move() {
        if m.plane == plane {
            return;
        }
        if game.play(Command::Step(Step::Forward)).is_err() {
            game.play(Command::EndMove).unwrap();
        }
    }
    panic!("{plane:?} never got to move");
}

/// Plays `script` on new games seed by seed until `want` holds; returns that game.
fn game_where(sc: &Arc<Scenario>, options: Options, script: impl Fn(&mut Game) -> bool) -> Game {
    for seed in 0..5_000 {
        let mut g = Game::new(sc.clone(), options, seed);
        if script(&mut g) {
            return g;
        }
    }
    panic!("no seed gives the wanted rolls");
}

// ----- activation, repair, entry -----

#[test]
fn activation_dice_3_to_6_activate_the_matching_colour() {
    // On the author's mat every plane in the hangar rolls its die, and every
    // face turns up over a few games.
    let sc = crane();
    let mut seen = [0u32; 7];
    for seed in 0..60 {
        let g = Game::new(sc.clone(), Options::default(), seed);
        let rolls: Vec<_> = g
            .events()
            .iter()
            .filter_map(|e| match *e {
                Event::ActivationRolled {
                    plane,
                    roll,
                    activated,
                } => Some((plane, roll, activated)),
                _ => None,
            })
            .collect();
        assert_eq!(rolls.len(), 24, "one die for each plane in the hangar");
        for (plane, roll, activated) in rolls {
            seen[roll as usize] += 1;
            assert_eq!(activated, roll >= 3, "roll {roll}");
            assert_eq!(g.plane(plane).loc == Loc::Activated, activated);
        }
    }
    assert!(seen[1..].iter().all(|&n| n > 0), "every face turns up");
    // Exactly at the threshold: the lone bomber home from the first attack
    // stays in its hangar on a 2 and flies on a 3 (a_game_is_two_attacks has
    // the whole of both), and so for every face.
    let bomber = PlaneId(0);
    for roll in 1..=6 {
        let rolled = Event::ActivationRolled {
            plane: bomber,
            roll,
            activated: roll >= 3,
        };
        let mut g = step_gives(&last_bomber_home(), 1, std::slice::from_ref(&rolled));
        g.play(Command::Step(Step::Forward)).unwrap();
        let at_roll = g.events().iter().position(|e| *e == rolled).unwrap();
        let next = if roll >= 3 {
            Event::EntryBegan { side: Side::German }
        } else {
            Event::AttackEnded {
                attack: 2,
                score: g.score(),
            }
        };
        assert_eq!(g.events()[at_roll + 1], next, "roll {roll}");
        let want = if roll >= 3 {
            Loc::Activated
        } else {
            Loc::Hangar
        };
        assert_eq!(g.plane(bomber).loc, want, "roll {roll}");
    }
}

#[test]
fn repair_shop_rolls_from_the_second_attack_and_3_to_6_returns() {
    // A damaged He 111 leaves by its own end into the repair shop, ending
    // the first attack. The second begins with its repair roll: a 3 returns
    // it to its squadron and it rolls for activation; a 2 keeps it in the
    // shop, and with no plane to fly the game is over.
    let sc = two_attacks(&[("He 111", Red, (4, 16), S, true)]);
    let bomber = PlaneId(0);
    assert!(!Game::new(sc.clone(), Options::default(), 1)
        .events()
        .iter()
        .any(|e| matches!(e, Event::RepairRolled { .. })));
    let home = [
        Event::Exited {
            plane: bomber,
            step: Step::Forward,
            end: End::South,
        },
        Event::MoveEnded { plane: bomber },
        Event::AttackEnded {
            attack: 1,
            score: 0,
        },
        Event::AttackBegan { attack: 2 },
    ];
    let repaired = Event::RepairRolled {
        plane: bomber,
        roll: 3,
        returned: true,
    };
    let activated = Event::ActivationRolled {
        plane: bomber,
        roll: 5,
        activated: true,
    };
    let mut g = step_gives(&sc, 1, &[repaired.clone(), activated.clone()]);
    let mut want = home.to_vec();
    want.extend([
        repaired,
        activated,
        Event::EntryBegan { side: Side::German },
    ]);
    exec_and_check(&mut g, Command::Step(Step::Forward), &want);
    assert!(!g.plane(bomber).damaged, "repaired");
    let kept = Event::RepairRolled {
        plane: bomber,
        roll: 2,
        returned: false,
    };
    let mut g = step_gives(&sc, 1, std::slice::from_ref(&kept));
    let mut want = home.to_vec();
    want.extend([
        kept,
        Event::AttackEnded {
            attack: 2,
            score: 0,
        },
        Event::GameOver {
            winner: Side::British,
            score: 0,
        },
    ]);
    exec_and_check(&mut g, Command::Step(Step::Forward), &want);
    assert_eq!(g.plane(bomber).loc, Loc::Repair);
}

#[test]
fn squadrons_enter_in_adjoining_hexes_of_their_own_edge() {
    let sc = crane();
    let g = seed_where(&sc, Options::default(), |g| {
        g.phase() == Phase::Entry { side: Side::German }
            && g.planes_of_unit(UnitId(0))
                .filter(|&p| g.plane(p).loc == Loc::Activated)
                .count()
                >= 3
    });
    let waiting: Vec<PlaneId> = g
        .planes_of_unit(UnitId(0))
        .filter(|&p| g.plane(p).loc == Loc::Activated)
        .collect();
    let n = waiting.len() as u8;
    // The squadron must fit on the edge in adjoining hexes.
    assert!(matches!(
        g.check(&Command::Enter {
            unit: UnitId(0),
            column: 14 - n + 1
        }),
        Err(Illegal::ColumnsOffBoard { .. })
    ));
    // The British cannot place while the Luftwaffe is placing.
    assert_eq!(
        g.check(&Command::Enter {
            unit: UnitId(4),
            column: 0
        }),
        Err(Illegal::WrongSide)
    );
    let mut g2 = g.clone();
    g2.play(Command::Enter {
        unit: UnitId(0),
        column: 3,
    })
    .unwrap();
    for (i, &p) in waiting.iter().enumerate() {
        assert_eq!(
            g2.plane(p).loc,
            Loc::Staged {
                column: 3 + i as u8
            },
            "R, W, B, Y in adjoining columns"
        );
    }
    // Everyone enters; the first step of each plane lands on its own edge row.
    finish_with_ai(&mut g2);
    let ev = g2.events();
    for (i, &p) in waiting.iter().enumerate() {
        let first = ev
            .iter()
            .find_map(|e| match e {
                Event::Stepped {
                    plane, to, cost, ..
                } if *plane == p => Some((*to, *cost)),
                _ => None,
            })
            .unwrap();
        // Straight on, or to a forward diagonal that is still on the edge row.
        let [c, r] = offset_of(first.0);
        assert_eq!(r, 17, "south edge row");
        assert!((c - (3 + i as i32)).abs() <= 1, "from its own column");
        assert_eq!(first.1, 1);
    }
}

#[test]
fn a_squadron_lines_up_in_r_w_b_y_order_whatever_the_file_order() {
    let mut file: ScenarioFile = tally_ho::data::parse(
        "crane",
        &tally_ho::data::scenario_source("crane-14x18").unwrap().text,
    )
    .unwrap();
    file.units[0].planes.reverse(); // Y, B, W, R in the file
    let sc = Arc::new(Scenario::build(&file, &shipped_aircraft(), &shipped_rules()).unwrap());
    let mut g = seed_where(&sc, Options::default(), |g| {
        g.phase() == Phase::Entry { side: Side::German } && g.waiting_planes(UnitId(0)).len() >= 2
    });
    let waiting = g.waiting_planes(UnitId(0));
    g.play(Command::Enter {
        unit: UnitId(0),
        column: 2,
    })
    .unwrap();
    let mut colours: Vec<(u8, Colour)> = waiting
        .iter()
        .map(|&p| match g.plane(p).loc {
            Loc::Staged { column } => (column, g.plane(p).colour),
            other => panic!("{other:?}"),
        })
        .collect();
    colours.sort();
    let order: Vec<Colour> = colours.iter().map(|c| c.1).collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted, "R, W, B, Y from west to east");
}

#[test]
fn entering_and_leaving_the_mat_cost_one_hex() {
    // Entering: the edge hex is the first hex of the move (see the entry test).
    // Leaving: stepping off the end is a hex of its own, so a bomber three rows
    // out ends on the edge row, and one two rows out leaves with its third move.
    let sc = placed(
        14,
        18,
        &[("He 111", Red, (4, 3), N, false), FAR_BOMBER],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 1);
    for _ in 0..3 {
        g.play(Command::Step(Step::Forward)).unwrap();
    }
    assert_eq!(g.plane(PlaneId(0)).on_board().unwrap().0, at(4, 0));
    let sc = placed(14, 18, &[("He 111", Red, (4, 2), N, false)], |_| {});
    let mut g = Game::new(sc, Options::default(), 1);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(g.active_move().unwrap().remaining(), 1);
    g.play(Command::Step(Step::Forward)).unwrap();
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::Exited {
            end: End::North,
            ..
        }
    )));
}

// ----- order and speed -----

#[test]
fn movement_order_bombers_then_german_fighters_then_british_rwby() {
    // The planes are named in a jumbled order; the first round moves the
    // bombers, then the German fighters, then the British, each unit in
    // R, W, B, Y order; each side's speed dice are thrown, in the same order,
    // just before its first plane moves (the Luftwaffe's before its bombers).
    let sc = placed(
        14,
        18,
        &[
            ("Spitfire", Yellow, (1, 2), S, false),
            ("Me 109", Blue, (3, 12), N, false),
            ("Spitfire", Red, (5, 2), S, false),
            ("He 111", White, (7, 14), N, false),
            ("Me 109", Red, (9, 12), N, false),
            ("He 111", Red, (11, 14), N, false),
            ("Hurricane", White, (13, 2), S, false),
        ],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 1);
    while g.round() == 1 {
        if g.play(Command::Step(Step::Forward)).is_err() {
            g.play(Command::EndMove).unwrap();
        }
    }
    let id = |aircraft, colour| id_of(&g, aircraft, colour);
    let (he_r, he_w) = (id("He 111", Red), id("He 111", White));
    let (me_r, me_b) = (id("Me 109", Red), id("Me 109", Blue));
    let (sp_r, sp_y) = (id("Spitfire", Red), id("Spitfire", Yellow));
    let hu_w = id("Hurricane", White);
    let round_one: Vec<(&str, PlaneId)> = g
        .events()
        .iter()
        .skip_while(|e| **e != Event::RoundBegan { round: 1 })
        .take_while(|e| **e != Event::RoundBegan { round: 2 })
        .filter_map(|e| match *e {
            Event::SpeedRolled { plane, .. } => Some(("die", plane)),
            Event::MoveBegan { plane, .. } => Some(("move", plane)),
            _ => None,
        })
        .collect();
    assert_eq!(
        round_one,
        [
            ("die", me_r),
            ("die", me_b),
            ("move", he_r),
            ("move", he_w),
            ("move", me_r),
            ("move", me_b),
            ("die", sp_r),
            ("die", sp_y),
            ("die", hu_w),
            ("move", sp_r),
            ("move", sp_y),
            ("move", hu_w),
        ]
    );
}

#[test]
fn bombers_move_three_hexes() {
    // Both bomber types fly three hexes without a die, the third ending the
    // move; a bomber already damaged flies two.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (4, 12), N, false),
            ("Ju 88", Red, (8, 12), N, false),
            ("He 111", White, (11, 12), S, true),
        ],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 1);
    let (he, hit, ju) = (
        id_of(&g, "He 111", Red),
        id_of(&g, "He 111", White),
        id_of(&g, "Ju 88", Red),
    );
    let began = |plane, allowance| Event::MoveBegan {
        plane,
        speed_roll: None,
        allowance,
    };
    let north = |plane, row| Event::Stepped {
        plane,
        step: Step::Forward,
        to: at(if plane == he { 4 } else { 8 }, row),
        facing: N,
        cost: 1,
    };
    assert_eq!(g.events().last(), Some(&began(he, 3)));
    exec_and_check(&mut g, Command::Step(Step::Forward), &[north(he, 11)]);
    exec_and_check(&mut g, Command::Step(Step::Forward), &[north(he, 10)]);
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[north(he, 9), Event::MoveEnded { plane: he }, began(hit, 2)],
    );
    let south = |row| Event::Stepped {
        plane: hit,
        step: Step::Forward,
        to: at(11, row),
        facing: S,
        cost: 1,
    };
    exec_and_check(&mut g, Command::Step(Step::Forward), &[south(13)]);
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[south(14), Event::MoveEnded { plane: hit }, began(ju, 3)],
    );
    exec_and_check(&mut g, Command::Step(Step::Forward), &[north(ju, 11)]);
    exec_and_check(&mut g, Command::Step(Step::Forward), &[north(ju, 10)]);
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[
            north(ju, 9),
            Event::MoveEnded { plane: ju },
            Event::RoundBegan { round: 2 },
            began(he, 3),
        ],
    );
}

#[test]
fn fighter_speed_is_d6_plus_2_fast_and_d6_plus_1_medium() {
    // Each fighter type with the lowest and the highest die: its side's dice
    // are rolled as the bomber's last step ends its move, and it flies its
    // die plus two (fast) or plus one (medium).
    for (aircraft, plus) in [
        ("Spitfire", 2),
        ("Me 109", 2),
        ("Hurricane", 1),
        ("Me 110", 1),
    ] {
        let sc = placed(
            14,
            18,
            &[FAR_BOMBER, (aircraft, Red, (5, 9), N, false)],
            |_| {},
        );
        let (bomber, fighter) = (PlaneId(0), PlaneId(1));
        for roll in [1, 6] {
            // The Luftwaffe's dice are thrown as its bomber starts to move,
            // the RAF's as the bomber's last step ends its side's moves.
            let rolled = Event::SpeedRolled {
                plane: fighter,
                roll,
            };
            let german = aircraft.starts_with("Me");
            let mut g = game_where(&sc, Options::default(), |g| {
                fly_forward_until(g, 1);
                if german {
                    g.events().ends_with(&[
                        rolled.clone(),
                        Event::MoveBegan {
                            plane: bomber,
                            speed_roll: None,
                            allowance: 3,
                        },
                        Event::Stepped {
                            plane: bomber,
                            step: Step::Forward,
                            to: at(12, 15),
                            facing: N,
                            cost: 1,
                        },
                        Event::Stepped {
                            plane: bomber,
                            step: Step::Forward,
                            to: at(12, 14),
                            facing: N,
                            cost: 1,
                        },
                    ])
                } else {
                    events_of(g, Command::Step(Step::Forward)).contains(&rolled)
                }
            });
            let mut want = vec![
                Event::Stepped {
                    plane: bomber,
                    step: Step::Forward,
                    to: at(12, 13),
                    facing: N,
                    cost: 1,
                },
                Event::MoveEnded { plane: bomber },
            ];
            if !german {
                want.push(rolled);
            }
            want.push(Event::MoveBegan {
                plane: fighter,
                speed_roll: Some(roll),
                allowance: roll + plus,
            });
            exec_and_check(&mut g, Command::Step(Step::Forward), &want);
        }
    }
}

#[test]
fn a_sides_speed_dice_are_all_rolled_when_it_starts_to_move() {
    // (R) The sheet does not say when; we roll the colour dice of all of a
    // side's fighters together, before the first of its planes moves in the
    // round, and each fighter flies its own die: the second Spitfire's move
    // begins with the die thrown with the first's.
    let sc = placed(
        14,
        18,
        &[
            FAR_BOMBER,
            ("Spitfire", Red, (2, 2), S, false),
            ("Spitfire", White, (11, 2), S, false),
        ],
        |_| {},
    );
    let (bomber, red, white) = (PlaneId(0), PlaneId(1), PlaneId(2));
    let mut g = game_where(&sc, Options::default(), |g| {
        fly_forward_until(g, 1);
        let ev = events_of(g, Command::Step(Step::Forward));
        ev.contains(&Event::SpeedRolled {
            plane: red,
            roll: 2,
        }) && ev.contains(&Event::SpeedRolled {
            plane: white,
            roll: 5,
        })
    });
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[
            Event::Stepped {
                plane: bomber,
                step: Step::Forward,
                to: at(12, 13),
                facing: N,
                cost: 1,
            },
            Event::MoveEnded { plane: bomber },
            Event::SpeedRolled {
                plane: red,
                roll: 2,
            },
            Event::SpeedRolled {
                plane: white,
                roll: 5,
            },
            Event::MoveBegan {
                plane: red,
                speed_roll: Some(2),
                allowance: 4,
            },
        ],
    );
    fly_forward_until(&mut g, 1);
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[
            Event::Stepped {
                plane: red,
                step: Step::Forward,
                to: at(2, 6),
                facing: S,
                cost: 1,
            },
            Event::MoveEnded { plane: red },
            Event::MoveBegan {
                plane: white,
                speed_roll: Some(5),
                allowance: 7,
            },
        ],
    );
}

#[test]
fn damaged_planes_move_one_hex_less_from_the_following_turn() {
    // Placed damaged: slowed from the first round.
    let sc = placed(14, 18, &[("He 111", Red, (5, 12), N, true)], |_| {});
    let g = Game::new(sc, Options::default(), 1);
    assert_eq!(g.active_move().unwrap().allowance, 2);
    // Damaged by the Spitfire after its move, the bomber flies two hexes in
    // the next round.
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut g = chase_shot(4, Some(1));
    exec_and_check(
        &mut g,
        Command::Attack { target: bomber },
        &[
            fired_from_behind(spit, bomber, (4, Outcome::Damage), (Some(1), Outcome::Miss)),
            Event::Damaged { plane: bomber },
            Event::MoveEnded { plane: spit },
            Event::RoundBegan { round: 2 },
            Event::MoveBegan {
                plane: bomber,
                speed_roll: None,
                allowance: 2,
            },
        ],
    );
    // Damaged before its move in the same round (an Me 109 with a die of 4
    // flies six hexes up behind it and fires), a Spitfire still flies its
    // whole die plus two in that round.
    let sc = placed(
        14,
        18,
        &[
            FAR_BOMBER,
            ("Me 109", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 5), N, false),
        ],
        |_| {},
    );
    let (me109, spit) = (PlaneId(1), PlaneId(2));
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, me109);
        g.active_move().unwrap().speed_roll == Some(4)
            && (0..6).all(|_| g.play(Command::Step(Step::Forward)).is_ok())
            && events_of(g, Command::Attack { target: spit }).starts_with(&[
                fired_from_behind(me109, spit, (4, Outcome::Damage), (None, Outcome::Miss)),
                Event::Damaged { plane: spit },
                Event::MoveEnded { plane: me109 },
                Event::SpeedRolled {
                    plane: spit,
                    roll: 3,
                },
            ])
    });
    exec_and_check(
        &mut g,
        Command::Attack { target: spit },
        &[
            fired_from_behind(me109, spit, (4, Outcome::Damage), (None, Outcome::Miss)),
            Event::Damaged { plane: spit },
            Event::MoveEnded { plane: me109 },
            Event::SpeedRolled {
                plane: spit,
                roll: 3,
            },
            Event::MoveBegan {
                plane: spit,
                speed_roll: Some(3),
                allowance: 5,
            },
        ],
    );
}

// ----- movement -----

#[test]
fn a_plane_moves_straight_or_to_either_forward_diagonal() {
    let sc = placed(14, 18, &[("He 111", Red, (5, 10), N, false)], |_| {});
    let g = Game::new(sc, Options::default(), 1);
    let me = g.active_move().unwrap().plane;
    for (step, facing) in [
        (Step::Forward, N),
        (Step::Left, Facing::NorthWest),
        (Step::Right, Facing::NorthEast),
    ] {
        let mut g2 = g.clone();
        g2.play(Command::Step(step)).unwrap();
        let (hex, f) = g2.plane(me).on_board().unwrap();
        assert_eq!(f, facing, "a diagonal move changes facing");
        assert_eq!(hex, facing.ahead(at(5, 10)));
    }
}

#[test]
fn each_plane_must_move_all_its_hexes() {
    let sc = placed(14, 18, &[("He 111", Red, (5, 10), N, false)], |_| {});
    let mut g = Game::new(sc, Options::default(), 1);
    assert_eq!(
        g.check(&Command::EndMove),
        Err(Illegal::MovesLeft { left: 3 })
    );
    g.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(
        g.check(&Command::EndMove),
        Err(Illegal::MovesLeft { left: 2 })
    );
    g.play(Command::Step(Step::Forward)).unwrap();
    let before = g.events().len();
    g.play(Command::Step(Step::Forward)).unwrap();
    // With all three hexes flown the move ends by itself.
    assert!(events_since(&g, before).contains(&Event::MoveEnded { plane: PlaneId(0) }));
}

#[test]
fn planes_may_not_leave_by_the_long_sides() {
    let sc = placed(
        14,
        18,
        &[("He 111", Red, (0, 6), Facing::NorthWest, false)],
        |_| {},
    );
    let g = Game::new(sc, Options::default(), 1);
    assert_eq!(
        g.check(&Command::Step(Step::Forward)),
        Err(Illegal::OffTheSide)
    );
    assert_eq!(
        g.check(&Command::Step(Step::Left)),
        Err(Illegal::OffTheSide)
    );
    assert_eq!(g.check(&Command::Step(Step::Right)), Ok(()));
}

#[test]
fn planes_pass_through_but_may_not_stop_on_occupied_hexes() {
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 8), N, false),
            ("Ju 88", Red, (5, 5), S, false),
        ],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 1);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(
        g.check(&Command::Step(Step::Forward)),
        Err(Illegal::Trapped)
    );
    assert!(g.check(&Command::Step(Step::Left)).is_ok());
    // Passing through: from (5,7) the Ju 88's hex can be flown through.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 8), N, false),
            ("Ju 88", Red, (5, 7), S, false),
        ],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 1);
    for _ in 0..3 {
        g.play(Command::Step(Step::Forward)).unwrap();
    }
    assert_eq!(g.plane(PlaneId(0)).on_board().unwrap().0, at(5, 5));
    g.check_invariants().unwrap();
}

#[test]
fn a_plane_that_cannot_move_is_destroyed() {
    // A damaged bomber against the west side, facing away from home: its only
    // homeward turn leads off the side.
    let sc = placed(
        14,
        18,
        &[("He 111", Red, (0, 6), Facing::NorthWest, true), FAR_BOMBER],
        |_| {},
    );
    let g = Game::new(sc, Options::default(), 1);
    assert!(g.events().contains(&Event::Destroyed {
        plane: PlaneId(0),
        loss: Loss::CannotMove
    }));
    assert_eq!(g.plane(PlaneId(0)).loc, Loc::Destroyed);
}

#[test]
fn immelmann_costs_four_flies_two_and_turns_about() {
    let sc = placed(
        14,
        18,
        &[FAR_BOMBER, ("Spitfire", Red, (5, 10), S, false)],
        |_| {},
    );
    let spit = PlaneId(1);
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 4
    });
    let before = g.events().len();
    g.play(Command::Step(Step::Immelmann)).unwrap();
    let ev = events_since(&g, before);
    assert!(ev.contains(&Event::Stepped {
        plane: spit,
        step: Step::Immelmann,
        to: at(5, 12),
        facing: N,
        cost: 4
    }));
}

#[test]
fn immelmann_only_for_undamaged_single_engine_fighters() {
    for (aircraft, damaged, ok) in [
        ("Spitfire", false, true),
        ("Hurricane", false, true),
        ("Me 109", false, true),
        ("Me 110", false, false),
        ("Spitfire", true, false),
        ("He 111", false, false),
    ] {
        let sc = placed(
            14,
            18,
            &[FAR_BOMBER, (aircraft, Red, (5, 9), N, damaged)],
            |_| {},
        );
        let me = PlaneId(1);
        let g = game_where(&sc, Options::default(), |g| {
            skip_to(g, me);
            // the refusal comes before any count of moves
            !ok || g.active_move().unwrap().allowance >= 4
        });
        let r = g.check(&Command::Step(Step::Immelmann));
        if ok {
            assert_eq!(r, Ok(()), "{aircraft}");
        } else {
            assert_eq!(
                r,
                Err(Illegal::LoopNotAllowed),
                "{aircraft} damaged={damaged}"
            );
        }
    }
}

#[test]
fn immelmann_second_hex_must_be_unoccupied() {
    // The Hurricane moves after the Spitfire, so it is still where it was put.
    for (blocker, expected) in [((5, 8), Ok(())), ((5, 7), Err(Illegal::LoopEndOccupied))] {
        let sc = placed(
            14,
            18,
            &[
                FAR_BOMBER,
                ("Spitfire", Red, (5, 9), N, false),
                ("Hurricane", Red, blocker, S, false),
            ],
            |_| {},
        );
        let spit = PlaneId(1);
        let g = game_where(&sc, Options::default(), |g| {
            skip_to(g, spit);
            g.active_move().unwrap().allowance >= 5
        });
        assert_eq!(
            g.check(&Command::Step(Step::Immelmann)),
            expected,
            "{blocker:?}"
        );
    }
}

#[test]
fn damaged_planes_turn_for_home() {
    // A damaged Spitfire (home: north) facing south must turn; facing south-east
    // only the turn toward home is open.
    let sc = placed(
        14,
        18,
        &[FAR_BOMBER, ("Spitfire", Red, (5, 9), S, true)],
        |_| {},
    );
    let spit = PlaneId(1);
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 2
    });
    assert_eq!(
        g.check(&Command::Step(Step::Forward)),
        Err(Illegal::MustHeadHome)
    );
    g.play(Command::Step(Step::Left)).unwrap(); // now facing south-east
    assert_eq!(
        g.check(&Command::Step(Step::Right)),
        Err(Illegal::MustHeadHome)
    );
    assert_eq!(
        g.check(&Command::Step(Step::Forward)),
        Err(Illegal::MustHeadHome)
    );
    assert!(g.check(&Command::Step(Step::Left)).is_ok());
}

#[test]
fn the_ai_flies_damaged_planes_home() {
    // A damaged Spitfire mid-mat facing home: the RAF opponent takes it at
    // least two rows nearer its own (north) edge in one move.
    let sc = placed(
        14,
        18,
        &[FAR_BOMBER, ("Spitfire", Red, (5, 9), N, true)],
        |_| {},
    );
    let spit = PlaneId(1);
    for seed in 0..20 {
        let mut g = Game::new(sc.clone(), Options::default(), seed);
        skip_to(&mut g, spit);
        let mut ai = ai::Ai::new();
        while g.active_move().is_some_and(|m| m.plane == spit) {
            let c = ai.decide(&g, Side::British).unwrap();
            g.play(c).unwrap();
        }
        match g.plane(spit).loc {
            Loc::Board { hex, .. } => assert!(g.board().rows_to(hex, End::North) <= 7),
            Loc::Repair => {} // it made it home
            other => panic!("{other:?}"),
        }
    }
}

// ----- combat -----

/// He 111 flies three north from (5,12) to (5,9); a Spitfire behind it can
/// reach the hex behind the bomber.
fn chase() -> Arc<Scenario> {
    placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 14), N, false),
        ],
        |_| {},
    )
}

/// The game just before `attacker` fires on `target`, on the first seed that
/// gives the wanted dice: the planes before it fly straight on, its side's
/// die gives it `speed`, it flies `path`, and the shot rolls `roll` and
/// `return_roll` (`None`: no die for return fire).
fn before_shot(
    sc: &Arc<Scenario>,
    options: Options,
    (attacker, speed, path): (PlaneId, u8, &[Step]),
    target: PlaneId,
    (roll, return_roll): (u8, Option<u8>),
) -> Game {
    game_where(sc, options, |g| {
        skip_to(g, attacker);
        g.active_move().unwrap().speed_roll == Some(speed)
            && path.iter().all(|&s| g.play(Command::Step(s)).is_ok())
            && matches!(
                events_of(g, Command::Attack { target }).first(),
                Some(&Event::Fired { roll: r, return_roll: rr, .. }) if r == roll && rr == return_roll
            )
    })
}

/// The chase with the Spitfire's die at 2: four hexes, straight up behind the
/// bomber at (5,9), the last of its move; the shot rolls as given.
fn chase_shot(roll: u8, return_roll: Option<u8>) -> Game {
    before_shot(
        &chase(),
        Options::default(),
        (PlaneId(1), 2, &[Step::Forward; 4]),
        PlaneId(0),
        (roll, return_roll),
    )
}

/// A damaged He 111 flying home south two hexes to (5,6); a Spitfire with a
/// die of 1 flies three south to (5,5), behind it, and fires as its move's
/// last act, with the shot's dice as given.
fn damaged_bomber_shot(options: Options, roll: u8, return_roll: Option<u8>) -> Game {
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 4), S, true),
            ("Spitfire", Red, (5, 2), S, false),
        ],
        |_| {},
    );
    before_shot(
        &sc,
        options,
        (PlaneId(1), 1, &[Step::Forward; 3]),
        PlaneId(0),
        (roll, return_roll),
    )
}

/// The events of the shot of `attacker` on `target` from behind.
fn fired_from_behind(
    attacker: PlaneId,
    target: PlaneId,
    (roll, outcome): (u8, Outcome),
    (return_roll, return_outcome): (Option<u8>, Outcome),
) -> Event {
    Event::Fired {
        attacker,
        target,
        angle: Angle::Rear,
        roll,
        outcome,
        return_roll,
        return_outcome,
    }
}

/// What closes a one-attack raid whose last bomber has just gone, with no
/// bomb scored: the planes still flying break off and the British win.
fn raid_lost(flying: &[PlaneId]) -> Vec<Event> {
    let mut events: Vec<Event> = flying
        .iter()
        .map(|&plane| Event::BrokeOff { plane })
        .collect();
    events.extend([
        Event::AttackEnded {
            attack: 1,
            score: 0,
        },
        Event::GameOver {
            winner: Side::British,
            score: 0,
        },
    ]);
    events
}

#[test]
fn a_fighter_may_split_its_move_to_attack_and_fly_on() {
    let spit = PlaneId(1);
    let g = game_where(&chase(), Options::default(), |g| {
        skip_to(g, spit);
        if g.active_move().unwrap().allowance < 6 {
            return false;
        }
        fly_forward_until(g, g.active_move().unwrap().allowance - 4);
        g.play(Command::Attack { target: PlaneId(0) }).unwrap();
        g.plane(spit).loc != Loc::Destroyed && !g.plane(spit).damaged
    });
    let m = g.active_move().expect("the Spitfire flies on");
    assert_eq!(m.plane, spit);
    assert!(m.attacked);
    let left = m.remaining();
    assert!(left >= 2, "moves left after the shot: {left}");
    // It may fly on, but not fire again this turn.
    assert!(g.check(&Command::Step(Step::Right)).is_ok());
    assert_eq!(
        g.check(&Command::Attack { target: PlaneId(0) }),
        Err(Illegal::AlreadyFired)
    );
}

#[test]
fn an_attacker_must_move_one_hex_before_firing() {
    // The bomber flies three hexes south to stop nose to nose with the Spitfire.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 7), S, false),
            ("Spitfire", Red, (5, 11), N, false),
        ],
        |_| {},
    );
    let spit = PlaneId(1);
    let g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        true
    });
    assert_eq!(g.plane(PlaneId(0)).on_board().unwrap().0, at(5, 10));
    assert_eq!(
        g.check(&Command::Attack { target: PlaneId(0) }),
        Err(Illegal::MustMoveFirst)
    );
}

#[test]
fn guns_point_forward() {
    // The bomber ends at (5,9) facing north. The Spitfire flies to (6,10), the
    // hex south-east of it, still facing north: adjacent, but not ahead.
    let spit = PlaneId(1);
    let mut g = game_where(&chase(), Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 6
    });
    assert_eq!(g.plane(PlaneId(0)).on_board().unwrap().0, at(5, 9));
    for s in [
        Step::Right,
        Step::Left,
        Step::Forward,
        Step::Forward,
        Step::Forward,
    ] {
        g.play(Command::Step(s)).unwrap();
    }
    assert_eq!(g.plane(spit).on_board().unwrap(), (at(6, 10), N));
    assert_eq!(
        g.check(&Command::Attack { target: PlaneId(0) }),
        Err(Illegal::TargetNotAhead)
    );
}

#[test]
fn combat_takes_place_from_an_adjacent_hex() {
    let spit = PlaneId(1);
    let mut g = game_where(&chase(), Options::default(), |g| {
        skip_to(g, spit);
        true
    });
    g.play(Command::Step(Step::Forward)).unwrap(); // (5,13): the bomber is 4 ahead
    assert_eq!(
        g.check(&Command::Attack { target: PlaneId(0) }),
        Err(Illegal::TargetNotAdjacent)
    );
    // A plane that is not in the game is refused, not a crash.
    assert_eq!(
        g.check(&Command::Attack {
            target: PlaneId(99)
        }),
        Err(Illegal::NoSuchPlane)
    );
}

#[test]
fn a_plane_cannot_stop_to_fire_on_an_occupied_hex() {
    // The Hurricane (moving after the Spitfire) sits where the Spitfire would
    // fire from: the Spitfire may fly through but not stop there to fire.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 14), N, false),
            ("Hurricane", Red, (5, 10), S, false),
        ],
        |_| {},
    );
    let spit = PlaneId(1);
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 6
    });
    let left = g.active_move().unwrap().allowance - 4;
    fly_forward_until(&mut g, left); // at (5,10)
    assert_eq!(g.plane(spit).on_board().unwrap().0, at(5, 10));
    assert_eq!(
        g.check(&Command::Attack { target: PlaneId(0) }),
        Err(Illegal::CannotStopHere)
    );
}

#[test]
fn a_waiting_plane_must_fly_onto_the_mat() {
    // Odd columns are shoved down: from beyond the south edge of column 5 the
    // north-east hex is still off the mat.
    let mut g = seed_where(&crane(), Options::default(), |g| {
        g.phase() == Phase::Entry { side: Side::German }
            && g.waiting_units(Side::German).first() == Some(&UnitId(0))
    });
    g.play(Command::Enter {
        unit: UnitId(0),
        column: 5,
    })
    .unwrap();
    while let Phase::Entry { side } = g.phase() {
        let unit = g.waiting_units(side)[0];
        g.play(Command::Enter { unit, column: 0 }).unwrap();
    }
    let m = g.active_move().unwrap();
    assert_eq!(g.plane(m.plane).loc, Loc::Staged { column: 5 });
    assert_eq!(
        g.check(&Command::Step(Step::Right)),
        Err(Illegal::MustEnterBoard)
    );
    assert!(g.check(&Command::Step(Step::Forward)).is_ok());
}

#[test]
fn an_immelmann_needs_four_moves_and_two_hexes_of_mat() {
    let spit = PlaneId(1);
    let sc = placed(
        14,
        18,
        &[FAR_BOMBER, ("Spitfire", Red, (5, 1), N, false)],
        |_| {},
    );
    let g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 4
    });
    assert_eq!(
        g.check(&Command::Step(Step::Immelmann)),
        Err(Illegal::LoopOffBoard)
    );
    let sc = placed(
        14,
        18,
        &[FAR_BOMBER, ("Spitfire", Red, (5, 9), N, false)],
        |_| {},
    );
    let g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance == 3
    });
    assert_eq!(
        g.check(&Command::Step(Step::Immelmann)),
        Err(Illegal::NotEnoughMovesForLoop { cost: 4, left: 3 })
    );
}

#[test]
fn only_fighters_attack() {
    // The He 111 flies one hex and sits right behind a Spitfire, nose on its
    // tail: adjacent, ahead, after a move. A fighter there could fire; the
    // bomber may not, because bombers do not attack.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 10), N, false),
        ],
        |_| {},
    );
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut g = Game::new(sc, Options::default(), 1);
    assert_eq!(g.active_move().unwrap().plane, bomber);
    g.play(Command::Step(Step::Forward)).unwrap(); // (5,11)
    assert_eq!(g.plane(bomber).on_board().unwrap(), (at(5, 11), N));
    assert_eq!(N.ahead(at(5, 11)), at(5, 10), "the Spitfire is right ahead");
    let pv = g
        .preview_from(bomber, at(5, 11), N, spit)
        .expect("the position alone allows a shot");
    assert_eq!(pv.angle, Angle::Rear);
    assert_eq!(
        g.check(&Command::Attack { target: spit }),
        Err(Illegal::NotAFighter)
    );
}

/// The six facings clockwise from north, written out here so that the
/// expected angles do not lean on `Facing`'s own arithmetic.
const CLOCKWISE: [Facing; 6] = [
    N,
    Facing::NorthEast,
    Facing::SouthEast,
    S,
    Facing::SouthWest,
    Facing::NorthWest,
];

/// 60-degree turns from `from` to `to`, the short way round (0 to 3).
fn turns(from: Facing, to: Facing) -> usize {
    let i = |f: Facing| CLOCKWISE.iter().position(|&c| c == f).unwrap();
    let k = (i(to) + 6 - i(from)) % 6;
    k.min(6 - k)
}

/// The hex next to [c, r] toward `d`, in the files' offset coordinates
/// (flat-topped hexes, odd columns shoved half a hex down).
fn neighbour((c, r): (i32, i32), d: Facing) -> (i32, i32) {
    let odd = c % 2 == 1;
    match (d, odd) {
        (Facing::North, _) => (c, r - 1),
        (Facing::South, _) => (c, r + 1),
        (Facing::NorthEast, false) => (c + 1, r - 1),
        (Facing::NorthEast, true) => (c + 1, r),
        (Facing::SouthEast, false) => (c + 1, r),
        (Facing::SouthEast, true) => (c + 1, r + 1),
        (Facing::SouthWest, false) => (c - 1, r),
        (Facing::SouthWest, true) => (c - 1, r + 1),
        (Facing::NorthWest, false) => (c - 1, r - 1),
        (Facing::NorthWest, true) => (c - 1, r),
    }
}

/// Figure 2's angle for an attacker that is `turns` 60-degree turns round
/// from the target's nose.
const ANGLE_BY_TURNS: [Angle; 4] = [
    Angle::Front,
    Angle::FrontFlank,
    Angle::RearFlank,
    Angle::Rear,
];

#[test]
fn attack_angle_is_front_flank_or_rear_of_the_target() {
    // "The attacking plane may fire at the front, flank, or rear of the
    // target plane": the angle is where the attacker sits seen from the
    // target's nose, whichever way the target faces. Targets on an even and
    // an odd column (the offsets differ), attacked from all six sides.
    let mut seen = [[0u32; 4]; 6];
    for (fi, facing) in CLOCKWISE.into_iter().enumerate() {
        let targets = [(4, 5), (9, 6)];
        let sc = placed(
            14,
            18,
            &[
                ("He 111", Red, targets[0], facing, false),
                ("He 111", White, targets[1], facing, false),
                ("Spitfire", Red, (1, 16), N, false),
            ],
            |_| {},
        );
        let g = Game::new(sc.clone(), Options::default(), 1);
        let fire = &sc.rules.attack_fire;
        let spit = PlaneId(2);
        for (i, &t) in targets.iter().enumerate() {
            let target = PlaneId(i as u8);
            assert_eq!(g.plane(target).on_board(), Some((at(t.0, t.1), facing)));
            for side in CLOCKWISE {
                let (c, r) = neighbour(t, side);
                let from = at(c, r);
                assert_eq!(side.ahead(at(t.0, t.1)), from, "hex geometry");
                let want = ANGLE_BY_TURNS[turns(facing, side)];
                // The attacker faces the target.
                let pv = g.preview_from(spit, from, side.reverse(), target).unwrap();
                assert_eq!(
                    pv.angle, want,
                    "target facing {facing:?}, attacker on its {side:?}"
                );
                assert_eq!(g.angle_from(target, from), Some(want));
                let table = match want {
                    Angle::Front => fire.front,
                    Angle::FrontFlank | Angle::RearFlank => fire.flank,
                    Angle::Rear => fire.rear,
                };
                assert_eq!(pv.attack, table, "{want:?} uses its own column");
                let f = g.forecast(spit, target, &pv);
                assert_eq!(f.angle, want);
                seen[fi][want as usize] += 1;
            }
        }
    }
    // Every facing has one front, two front-flank, two rear-flank and one
    // rear hex around it.
    for (fi, s) in seen.iter().enumerate() {
        assert_eq!(*s, [2, 4, 4, 2], "facing {:?}", CLOCKWISE[fi]);
    }
}

#[test]
fn a_target_returns_fire_only_where_its_guns_can_be_brought_to_bear() {
    // Figure 3: forward guns answer an attacker in the front hex, rear
    // gunners (the He 111's and the Me 110's, not the single-seaters') the
    // rear and rear-flank hexes; nothing answers from the front flank. Over
    // all six facings of each target.
    let gunner = |name: &str| matches!(name, "He 111" | "Ju 88" | "Me 110");
    let mut answered = std::collections::HashMap::new();
    for facing in CLOCKWISE {
        let sc = placed(
            14,
            18,
            &[
                ("He 111", Red, (3, 4), facing, false),
                ("Me 110", Red, (10, 4), facing, false),
                ("Me 109", Red, (3, 12), facing, false),
                ("Spitfire", Red, (10, 12), facing, false),
                ("Hurricane", Red, (6, 16), facing, false),
            ],
            |_| {},
        );
        let g = Game::new(sc.clone(), Options::default(), 1);
        let back = &sc.rules.return_fire;
        let (me109, hurricane) = (PlaneId(2), PlaneId(4));
        for target in (0..5).map(PlaneId) {
            let attacker = match g.plane(target).side {
                Side::German => hurricane,
                Side::British => me109,
            };
            let (hex, f) = g.plane(target).on_board().unwrap();
            assert_eq!(f, facing);
            let name = g.aircraft(target).name.clone();
            for side in CLOCKWISE {
                let from = side.ahead(hex);
                let pv = g
                    .preview_from(attacker, from, side.reverse(), target)
                    .unwrap();
                let want = match turns(facing, side) {
                    0 => Some(back.forward),
                    1 => None,
                    2 => gunner(&name).then_some(back.rear_flank),
                    _ => gunner(&name).then_some(back.rear),
                };
                assert_eq!(
                    pv.returned, want,
                    "{name} facing {facing:?}, attacked from its {side:?}"
                );
                let fc = g.forecast(attacker, target, &pv);
                match want {
                    Some(table) => {
                        let r = fc.returned.expect("return fire forecast");
                        assert_eq!((r.shooter, r.target), (target, attacker));
                        let hits = table.iter().filter(|o| **o != Outcome::Miss).count();
                        assert_eq!(6 - r.sixths(Effect::Miss) as usize, hits);
                    }
                    None => assert_eq!(fc.returned, Err(NoReturn::GunsDoNotBear)),
                }
                *answered.entry((name.clone(), pv.angle)).or_insert(0) +=
                    pv.returned.is_some() as u32;
            }
        }
    }
    // The rear gunner answers from behind and from the rear flanks; the
    // single-seaters only from the front.
    for name in ["He 111", "Me 110"] {
        assert_eq!(answered[&(name.to_string(), Angle::Rear)], 6);
        assert_eq!(answered[&(name.to_string(), Angle::RearFlank)], 12);
    }
    for name in ["Me 109", "Spitfire", "Hurricane"] {
        assert_eq!(answered[&(name.to_string(), Angle::Rear)], 0);
        assert_eq!(answered[&(name.to_string(), Angle::RearFlank)], 0);
        assert_eq!(answered[&(name.to_string(), Angle::Front)], 6);
    }
}

/// Seed by seed: every plane before `attacker` flies straight on; then
/// `attacker` flies `path` (or, with `None`, straight on until it may fire
/// on `target`) and fires. Returns the first game whose shot (the `Fired`
/// event, at the index returned) satisfies `keep`.
fn shot(
    sc: &Arc<Scenario>,
    attacker: PlaneId,
    target: PlaneId,
    path: Option<&[Step]>,
    keep: impl Fn(&Event) -> bool,
) -> (Game, usize) {
    for seed in 0..5_000 {
        let mut g = Game::new(sc.clone(), Options::default(), seed);
        skip_to(&mut g, attacker);
        let flown = match path {
            Some(steps) => steps.iter().all(|&s| g.play(Command::Step(s)).is_ok()),
            None => loop {
                if g.preview_attack(target).is_ok() {
                    break true;
                }
                if g.active_move().is_none_or(|m| m.plane != attacker)
                    || g.play(Command::Step(Step::Forward)).is_err()
                {
                    break false;
                }
            },
        };
        if !flown
            || g.active_move().is_none_or(|m| m.plane != attacker)
            || g.check(&Command::Attack { target }).is_err()
        {
            continue;
        }
        let from = g.events().len();
        g.play(Command::Attack { target }).unwrap();
        let i = from
            + g.events()[from..]
                .iter()
                .position(|e| matches!(e, Event::Fired { .. }))
                .expect("the attack fired");
        if keep(&g.events()[i]) {
            return (g, i);
        }
    }
    panic!("no seed gives the wanted shot");
}

#[test]
fn the_me_110s_rear_gunner_fires_back_and_the_me_109_has_none() {
    // A Spitfire closes on a German fighter from behind (it flew straight
    // north first). The Me 110's rear gunner answers with Figure 3's rear
    // column; the single-seat Me 109 cannot.
    for (fighter, gunner) in [("Me 110", true), ("Me 109", false)] {
        let sc = placed(
            14,
            18,
            &[
                FAR_BOMBER,
                (fighter, Red, (5, 10), N, false),
                ("Spitfire", Red, (5, 12), N, false),
            ],
            |_| {},
        );
        let (target, spit) = (PlaneId(1), PlaneId(2));
        let (g, i) = shot(&sc, spit, target, None, |_| true);
        let Event::Fired {
            attacker,
            angle,
            return_roll,
            return_outcome,
            ..
        } = g.events()[i]
        else {
            unreachable!()
        };
        assert_eq!((attacker, angle), (spit, Angle::Rear), "{fighter}");
        if gunner {
            let r = return_roll.expect("the Me 110's rear gunner fires");
            assert_eq!(return_outcome, sc.rules.return_fire.rear[r as usize - 1]);
        } else {
            assert_eq!(return_roll, None, "the Me 109 has no rear gunner");
            assert_eq!(return_outcome, Outcome::Miss);
        }
    }
}

#[test]
fn a_fighter_attacked_from_its_front_hex_fires_back_with_its_forward_guns() {
    // An Me 109 flies north to meet a British fighter head on: the British
    // fighter's forward guns answer with Figure 3's forward column.
    for fighter in ["Spitfire", "Hurricane"] {
        let sc = placed(
            14,
            18,
            &[
                FAR_BOMBER,
                ("Me 109", Red, (5, 12), N, false),
                (fighter, Red, (5, 5), S, false),
            ],
            |_| {},
        );
        let (me109, target) = (PlaneId(1), PlaneId(2));
        let (g, i) = shot(&sc, me109, target, None, |_| true);
        assert_eq!(g.plane(me109).on_board().map(|p| p.0), Some(at(5, 6)));
        let Event::Fired {
            angle,
            return_roll,
            return_outcome,
            ..
        } = g.events()[i]
        else {
            unreachable!()
        };
        assert_eq!(angle, Angle::Front, "{fighter}");
        let r = return_roll.expect("forward guns bear on the front hex");
        assert_eq!(
            return_outcome,
            sc.rules.return_fire.forward[r as usize - 1],
            "{fighter}"
        );
    }
}

#[test]
fn attack_rolls_of_4_and_5_from_behind_and_5_from_the_flank_damage_or_destroy_a_damaged_plane() {
    // Figure 2 as we reconstruct it (docs/RULES.md): from behind 4 and 5
    // damage, from the flank 5; "the other numbers represent a hit with
    // damage", and a damaged plane hit again is destroyed. Each face is
    // rolled by the game's own dice on an undamaged and a damaged bomber.
    use Step::*;
    let fire = shipped_rules().attack_fire;
    assert_eq!(fire.rear[3], Outcome::Damage, "rear 4");
    assert_eq!(fire.rear[4], Outcome::Damage, "rear 5");
    assert_eq!(fire.flank[4], Outcome::Damage, "flank 5");
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let fresh = ("He 111", Red, (5, 12), N, false); // flies north to (5,9)
    let hit = ("He 111", Red, (5, 4), S, true); // flies home south to (5,6)
                                                // target, attacker, the attacker's path, its angle, the faces rolled
    type Case = (Place, Place, &'static [Step], Angle, &'static [u8]);
    let cases: [Case; 4] = [
        // behind it at (5,10)
        (
            fresh,
            ("Spitfire", Red, (5, 14), N, false),
            &[Forward; 4],
            Angle::Rear,
            &[4, 5],
        ),
        // behind it at (5,5)
        (
            hit,
            ("Spitfire", Red, (5, 2), S, false),
            &[Forward; 3],
            Angle::Rear,
            &[4, 5],
        ),
        // at (4,9), the bomber's front-left, facing south-east onto it
        (
            fresh,
            ("Spitfire", Red, (3, 5), S, false),
            &[Forward, Forward, Forward, Left],
            Angle::FrontFlank,
            &[5],
        ),
        // at (4,7), the bomber's front-right, facing north-east onto it
        (
            hit,
            ("Spitfire", Red, (3, 10), N, false),
            &[Forward, Forward, Forward, Right],
            Angle::FrontFlank,
            &[5],
        ),
    ];
    for (target, attacker, path, want_angle, faces) in cases {
        let sc = placed(14, 18, &[target, attacker], |_| {});
        let was_damaged = target.4;
        for &face in faces {
            let (g, i) = shot(
                &sc,
                spit,
                bomber,
                Some(path),
                |e| matches!(e, Event::Fired { roll, .. } if *roll == face),
            );
            let Event::Fired { angle, outcome, .. } = g.events()[i] else {
                unreachable!()
            };
            let what = format!("{face} from {want_angle:?}, damaged {was_damaged}");
            assert_eq!(angle, want_angle, "{what}");
            assert_eq!(outcome, Outcome::Damage, "{what}");
            let after = &g.events()[i..];
            let destroyed = after.iter().any(|e| {
                *e == Event::Destroyed {
                    plane: bomber,
                    loss: Loss::DamagedAgain { by: spit },
                }
            });
            if was_damaged {
                assert!(destroyed, "{what}: hit again, destroyed");
                assert_eq!(g.plane(bomber).loc, Loc::Destroyed, "{what}");
            } else {
                assert!(after.contains(&Event::Damaged { plane: bomber }), "{what}");
                assert!(!destroyed, "{what}");
                assert!(g.plane(bomber).damaged, "{what}");
                assert!(g.plane(bomber).on_board().is_some(), "{what}");
            }
        }
    }
}

// ----- the forecast -----

/// A He 111 flying north and a Spitfire that can sit on any side of it.
fn forecast_position(bomber_damaged: bool, spitfire_damaged: bool) -> Arc<Scenario> {
    placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 5), N, bomber_damaged),
            ("Spitfire", Red, (9, 12), N, spitfire_damaged),
        ],
        |_| {},
    )
}

/// The forecast of the Spitfire firing on the bomber from its `side`.
fn forecast_from(g: &Game, side: Facing) -> Forecast {
    let (spit, bomber) = (PlaneId(1), PlaneId(0));
    let pv = g
        .preview_from(spit, side.ahead(at(5, 5)), side.reverse(), bomber)
        .unwrap();
    g.forecast(spit, bomber, &pv)
}

#[test]
fn the_forecast_reads_each_face_from_the_fire_tables() {
    use Effect::*;
    let sc = forecast_position(false, false);
    let g = Game::new(sc.clone(), Options::default(), 1);
    let as_effects = |t: FireTable| {
        t.map(|o| match o {
            Outcome::Miss => Miss,
            Outcome::Damage => Damaged,
            Outcome::Kill => ShotDown,
        })
    };
    let (fire, back) = (&sc.rules.attack_fire, &sc.rules.return_fire);
    for (side, attack, returned) in [
        (N, fire.front, Some(back.forward)),
        (Facing::NorthEast, fire.flank, None),
        (Facing::SouthWest, fire.flank, Some(back.rear_flank)),
        (S, fire.rear, Some(back.rear)),
    ] {
        let f = forecast_from(&g, side);
        assert_eq!(f.attack.faces, as_effects(attack), "{side:?}");
        assert_eq!(
            (f.attack.shooter, f.attack.target),
            (PlaneId(1), PlaneId(0))
        );
        assert_eq!(f.returned.ok().map(|r| r.faces), returned.map(as_effects));
        if let Ok(r) = f.returned {
            assert_eq!((r.shooter, r.target), (PlaneId(0), PlaneId(1)));
        }
    }
    // From behind, as levels/simple_hex/rules.ron has it: 1-3 miss, 4-5
    // damage, 6 shoots down; the rear gunner damages on 5, kills on 6.
    let f = forecast_from(&g, S);
    assert_eq!(f.angle, Angle::Rear);
    assert_eq!(f.attack.faces_with(Miss).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(f.attack.faces_with(Damaged).collect::<Vec<_>>(), [4, 5]);
    assert_eq!(f.attack.faces_with(ShotDown).collect::<Vec<_>>(), [6]);
    let r = f.returned.unwrap();
    assert_eq!(r.faces, [Miss, Miss, Miss, Miss, Damaged, ShotDown]);
    assert_eq!(
        (r.sixths(Miss), r.sixths(Damaged), r.sixths(ShotDown)),
        (4, 1, 1)
    );
}

#[test]
fn a_hit_on_a_damaged_plane_is_forecast_to_shoot_it_down() {
    use Effect::*;
    let g = Game::new(forecast_position(true, true), Options::default(), 1);
    let f = forecast_from(&g, S);
    assert_eq!(
        f.attack.faces,
        [Miss, Miss, Miss, ShotDown, ShotDown, ShotDown]
    );
    let r = f.returned.expect("damaged bombers still defend");
    assert_eq!(r.faces, [Miss, Miss, Miss, Miss, ShotDown, ShotDown]);
    // Only the damaged side's hits become kills.
    let g = Game::new(forecast_position(true, false), Options::default(), 1);
    let f = forecast_from(&g, S);
    assert_eq!(f.attack.sixths(ShotDown), 3);
    assert_eq!(f.returned.unwrap().faces[4], Damaged);
}

#[test]
fn the_forecast_says_why_no_return_fire_comes() {
    let g = Game::new(forecast_position(true, false), Options::default(), 1);
    assert_eq!(
        forecast_from(&g, Facing::NorthEast).returned,
        Err(NoReturn::GunsDoNotBear)
    );
    assert!(forecast_from(&g, S).returned.is_ok());
    let crane = Options {
        damaged_bombers_cannot_defend: true,
        ..Options::default()
    };
    let g = Game::new(forecast_position(true, false), crane, 1);
    assert_eq!(forecast_from(&g, S).returned, Err(NoReturn::Silenced));
    assert_eq!(
        forecast_from(&g, Facing::NorthEast).returned,
        Err(NoReturn::GunsDoNotBear)
    );
    let g = Game::new(forecast_position(false, false), crane, 1);
    assert!(forecast_from(&g, S).returned.is_ok(), "undamaged, it fires");
}

#[test]
fn the_forecast_is_what_the_dice_then_do() {
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut seen = std::collections::HashSet::new();
    // The Spitfire behind the bomber; a damaged plane flies for home (the
    // Luftwaffe's is the south end, the RAF's the north).
    let chases: [[Place; 2]; 3] = [
        [
            ("He 111", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 14), N, false),
        ],
        [
            ("He 111", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 14), N, true),
        ],
        [
            ("He 111", Red, (5, 4), S, true),
            ("Spitfire", Red, (5, 2), S, false),
        ],
    ];
    for planes in chases {
        let sc = placed(14, 18, &planes, |_| {});
        for seed in 0..150 {
            let mut g = Game::new(sc.clone(), Options::default(), seed);
            skip_to(&mut g, spit);
            while g.forecast_attack(bomber).is_err() {
                if g.active_move().is_none_or(|m| m.plane != spit)
                    || g.play(Command::Step(Step::Forward)).is_err()
                {
                    break;
                }
            }
            let Ok(f) = g.forecast_attack(bomber) else {
                continue;
            };
            let from = g.events().len();
            g.play(Command::Attack { target: bomber }).unwrap();
            let after = &g.events()[from..];
            let Some(&Event::Fired {
                roll, return_roll, ..
            }) = after.iter().find(|e| matches!(e, Event::Fired { .. }))
            else {
                panic!("no shot in {after:?}")
            };
            let effect = |p: PlaneId| {
                if after
                    .iter()
                    .any(|e| matches!(e, Event::Destroyed { plane, .. } if *plane == p))
                {
                    Effect::ShotDown
                } else if after
                    .iter()
                    .any(|e| matches!(e, Event::Damaged { plane } if *plane == p))
                {
                    Effect::Damaged
                } else {
                    Effect::Miss
                }
            };
            let want = f.attack.faces[roll as usize - 1];
            assert_eq!(effect(bomber), want, "seed {seed}: the attacker's {roll}");
            seen.insert(("attack", want));
            let back = f.returned.expect("the He 111's rear gunner bears");
            let r = return_roll.expect("return fire rolled");
            // A Spitfire that cannot fly on after the shot is lost too.
            if effect(spit) != Effect::ShotDown || back.faces[r as usize - 1] == Effect::ShotDown {
                assert_eq!(effect(spit), back.faces[r as usize - 1], "seed {seed}: {r}");
            }
            seen.insert(("return", back.faces[r as usize - 1]));
        }
    }
    for who in ["attack", "return"] {
        for e in [Effect::Miss, Effect::Damaged, Effect::ShotDown] {
            assert!(seen.contains(&(who, e)), "{who} {e:?} never came up");
        }
    }
}

#[test]
fn a_six_always_kills_and_other_hits_damage() {
    let sc = crane();
    let f = &sc.rules.attack_fire;
    for table in [f.front, f.flank, f.rear] {
        assert_eq!(table[5], Outcome::Kill, "a 6 always kills");
        assert!(table[..5].iter().all(|o| *o != Outcome::Kill));
    }
    // In play: from behind, a 6 shoots the undamaged bomber down and a 5
    // damages it.
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut g = chase_shot(6, Some(1));
    let mut want = vec![
        fired_from_behind(spit, bomber, (6, Outcome::Kill), (Some(1), Outcome::Miss)),
        Event::Destroyed {
            plane: bomber,
            loss: Loss::Killed { by: spit },
        },
        Event::MoveEnded { plane: spit },
    ];
    want.extend(raid_lost(&[spit]));
    exec_and_check(&mut g, Command::Attack { target: bomber }, &want);
    let mut g = chase_shot(5, Some(1));
    exec_and_check(
        &mut g,
        Command::Attack { target: bomber },
        &[
            fired_from_behind(spit, bomber, (5, Outcome::Damage), (Some(1), Outcome::Miss)),
            Event::Damaged { plane: bomber },
            Event::MoveEnded { plane: spit },
            Event::RoundBegan { round: 2 },
            Event::MoveBegan {
                plane: bomber,
                speed_roll: None,
                allowance: 2,
            },
        ],
    );
}

#[test]
fn return_fire_is_simultaneous_and_both_may_be_destroyed() {
    // The Spitfire shoots the He 111 down and the rear gunner, firing at the
    // same time, shoots it down too; on lesser dice both are damaged.
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut g = chase_shot(6, Some(6));
    let mut want = vec![
        fired_from_behind(spit, bomber, (6, Outcome::Kill), (Some(6), Outcome::Kill)),
        Event::Destroyed {
            plane: bomber,
            loss: Loss::Killed { by: spit },
        },
        Event::Destroyed {
            plane: spit,
            loss: Loss::Killed { by: bomber },
        },
        Event::MoveEnded { plane: spit },
    ];
    want.extend(raid_lost(&[]));
    exec_and_check(&mut g, Command::Attack { target: bomber }, &want);
    let mut g = chase_shot(4, Some(5));
    exec_and_check(
        &mut g,
        Command::Attack { target: bomber },
        &[
            fired_from_behind(
                spit,
                bomber,
                (4, Outcome::Damage),
                (Some(5), Outcome::Damage),
            ),
            Event::Damaged { plane: bomber },
            Event::Damaged { plane: spit },
            Event::MoveEnded { plane: spit },
            Event::RoundBegan { round: 2 },
            Event::MoveBegan {
                plane: bomber,
                speed_roll: None,
                allowance: 2,
            },
        ],
    );
}

#[test]
fn a_damaged_plane_hit_again_is_destroyed() {
    // A roll of 4 from behind only damages (the chase above); on a bomber
    // already damaged it destroys.
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut g = damaged_bomber_shot(Options::default(), 4, Some(1));
    let mut want = vec![
        fired_from_behind(spit, bomber, (4, Outcome::Damage), (Some(1), Outcome::Miss)),
        Event::Destroyed {
            plane: bomber,
            loss: Loss::DamagedAgain { by: spit },
        },
        Event::MoveEnded { plane: spit },
    ];
    want.extend(raid_lost(&[spit]));
    exec_and_check(&mut g, Command::Attack { target: bomber }, &want);
}

#[test]
fn damaged_bombers_still_defend_unless_cranes_variant() {
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 5), N, true),
            ("Spitfire", Red, (9, 12), N, false),
        ],
        |_| {},
    );
    let from = S.ahead(at(5, 5));
    let g = Game::new(sc.clone(), Options::default(), 1);
    let pv = g.preview_from(PlaneId(1), from, N, PlaneId(0)).unwrap();
    assert_eq!(pv.returned, Some(sc.rules.return_fire.rear));
    let crane = Options {
        damaged_bombers_cannot_defend: true,
        ..Options::default()
    };
    let g = Game::new(sc.clone(), crane, 1);
    let pv = g.preview_from(PlaneId(1), from, N, PlaneId(0)).unwrap();
    assert_eq!(
        pv.returned, None,
        "Crane's variant: damaged bombers cannot defend"
    );
}

#[test]
fn cranes_variant_silences_damaged_bombers_in_play() {
    // The damaged He 111 attacked from behind: its rear gunner throws no die
    // under Crane's variant, and answers without it.
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let crane = Options {
        damaged_bombers_cannot_defend: true,
        ..Options::default()
    };
    let after = [
        Event::MoveEnded { plane: spit },
        Event::RoundBegan { round: 2 },
        Event::MoveBegan {
            plane: bomber,
            speed_roll: None,
            allowance: 2,
        },
    ];
    let mut g = damaged_bomber_shot(crane, 1, None);
    let mut want = vec![fired_from_behind(
        spit,
        bomber,
        (1, Outcome::Miss),
        (None, Outcome::Miss),
    )];
    want.extend(after.clone());
    exec_and_check(&mut g, Command::Attack { target: bomber }, &want);
    let mut g = damaged_bomber_shot(Options::default(), 1, Some(5));
    let mut want = vec![
        fired_from_behind(spit, bomber, (1, Outcome::Miss), (Some(5), Outcome::Damage)),
        Event::Damaged { plane: spit },
    ];
    want.extend(after);
    exec_and_check(&mut g, Command::Attack { target: bomber }, &want);
}

// ----- bombing, leaving, victory -----

/// A raid of two attacks whose bombers are placed as given.
fn two_attacks(planes: &[Place]) -> Arc<Scenario> {
    placed(14, 18, planes, |r| r.attacks = 2)
}

/// A lone He 111 one hex from the British end, in a game of two attacks: it
/// flies two steps, the second off the end, and bombs.
fn last_bomber_home() -> Arc<Scenario> {
    two_attacks(&[("He 111", Red, (4, 1), N, false)])
}

/// The first seed whose game, after `steps` straight steps, has the next
/// straight step add every one of `events` to the log.
fn step_gives(sc: &Arc<Scenario>, steps: usize, events: &[Event]) -> Game {
    game_where(sc, Options::default(), |g| {
        (0..steps).all(|_| g.play(Command::Step(Step::Forward)).is_ok()) && {
            let next = events_of(g, Command::Step(Step::Forward));
            events.iter().all(|e| next.contains(e))
        }
    })
}

#[test]
fn each_bomber_leaving_by_the_british_end_bombs_2d6() {
    let sc = placed(14, 18, &[("He 111", Red, (4, 1), N, false)], |_| {});
    let mut g = Game::new(sc, Options::default(), 3);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap();
    let bombed = g
        .events()
        .iter()
        .find_map(|e| match e {
            Event::Bombed { rolls, points, .. } => Some((rolls.clone(), *points)),
            _ => None,
        })
        .expect("the bomber bombed");
    assert_eq!(bombed.0.len(), 2);
    assert!(bombed.0.iter().all(|r| (1..=6).contains(r)));
    assert_eq!(bombed.1, bombed.0.iter().map(|&r| r as u32).sum::<u32>());
    assert_eq!(g.score(), bombed.1);
    assert_eq!(g.plane(PlaneId(0)).loc, Loc::Hangar, "it flies home");
}

#[test]
fn damaged_bombers_do_not_bomb() {
    // At the British edge a damaged bomber may not fly off that end...
    let sc = placed(
        14,
        18,
        &[("He 111", Red, (4, 0), Facing::NorthEast, true), FAR_BOMBER],
        |_| {},
    );
    let g = Game::new(sc, Options::default(), 3);
    assert_eq!(
        g.check(&Command::Step(Step::Forward)),
        Err(Illegal::MustHeadHome)
    );
    assert!(g.check(&Command::Step(Step::Right)).is_ok());
    // ...and leaving by its own end it throws no bomb dice and goes to the
    // repair shop, where an undamaged one leaving by the British end bombs
    // and flies home.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (4, 17), S, true),
            ("He 111", White, (8, 0), N, false),
        ],
        |_| {},
    );
    let (hit, whole) = (PlaneId(0), PlaneId(1));
    let bombs = Event::Bombed {
        plane: whole,
        rolls: vec![3, 5],
        points: 8,
    };
    let mut g = game_where(&sc, Options::default(), |g| {
        let mut next = g.clone();
        next.play(Command::Step(Step::Forward)).unwrap();
        events_of(&next, Command::Step(Step::Forward)).contains(&bombs)
    });
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[
            Event::Exited {
                plane: hit,
                step: Step::Forward,
                end: End::South,
            },
            Event::MoveEnded { plane: hit },
            Event::MoveBegan {
                plane: whole,
                speed_roll: None,
                allowance: 3,
            },
        ],
    );
    assert_eq!(g.plane(hit).loc, Loc::Repair);
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[
            Event::Exited {
                plane: whole,
                step: Step::Forward,
                end: End::North,
            },
            bombs.clone(),
            Event::MoveEnded { plane: whole },
            Event::AttackEnded {
                attack: 1,
                score: 8,
            },
            Event::GameOver {
                winner: Side::British,
                score: 8,
            },
        ],
    );
    assert_eq!(g.plane(whole).loc, Loc::Hangar);
}

#[test]
fn damaged_planes_may_not_leave_by_the_enemy_end() {
    // A damaged Spitfire (home: north) on the south edge row facing south-west:
    // the homeward turn is allowed, flying on off the south end is not.
    let sc = placed(
        14,
        18,
        &[
            FAR_BOMBER,
            ("Spitfire", Red, (6, 17), Facing::SouthWest, true),
        ],
        |_| {},
    );
    let spit = PlaneId(1);
    let g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        true
    });
    assert_eq!(
        g.check(&Command::Step(Step::Forward)),
        Err(Illegal::MustHeadHome)
    );
    assert!(g.check(&Command::Step(Step::Right)).is_ok());
}

#[test]
fn a_fighter_leaving_by_the_enemy_end_goes_home() {
    let sc = placed(
        14,
        18,
        &[FAR_BOMBER, ("Spitfire", Red, (4, 17), S, false)],
        |_| {},
    );
    let spit = PlaneId(1);
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        true
    });
    g.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(g.plane(spit).loc, Loc::Hangar);
}

#[test]
fn the_raid_ends_when_no_bomber_is_left() {
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (4, 1), N, false),
            ("Spitfire", Red, (9, 9), N, false),
        ],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 3);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap();
    let ev = g.events();
    assert!(ev.contains(&Event::BrokeOff { plane: PlaneId(1) }));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::AttackEnded { attack: 1, .. })));
    assert!(g.is_over(), "one-attack test scenario");
}

#[test]
fn a_game_is_two_attacks() {
    // The bomber's run ends the first attack and begins the second: a fresh
    // activation roll for the plane back in its hangar. Not activated, the
    // second attack has no plane and ends the game; activated, it enters.
    let bomber = PlaneId(0);
    let bombs = Event::Bombed {
        plane: bomber,
        rolls: vec![3, 4],
        points: 7,
    };
    let first = |activation: Event| {
        vec![
            Event::Exited {
                plane: bomber,
                step: Step::Forward,
                end: End::North,
            },
            bombs.clone(),
            Event::MoveEnded { plane: bomber },
            Event::AttackEnded {
                attack: 1,
                score: 7,
            },
            Event::AttackBegan { attack: 2 },
            activation,
        ]
    };
    let stays = Event::ActivationRolled {
        plane: bomber,
        roll: 2,
        activated: false,
    };
    let mut g = step_gives(&last_bomber_home(), 1, &[bombs.clone(), stays.clone()]);
    let mut want = first(stays);
    want.extend([
        Event::AttackEnded {
            attack: 2,
            score: 7,
        },
        Event::GameOver {
            winner: Side::British,
            score: 7,
        },
    ]);
    exec_and_check(&mut g, Command::Step(Step::Forward), &want);
    assert_eq!(g.attack(), 2);
    let flies = Event::ActivationRolled {
        plane: bomber,
        roll: 3,
        activated: true,
    };
    let mut g = step_gives(&last_bomber_home(), 1, &[bombs.clone(), flies.clone()]);
    let mut want = first(flies);
    want.push(Event::EntryBegan { side: Side::German });
    exec_and_check(&mut g, Command::Step(Step::Forward), &want);
    assert_eq!(g.plane(bomber).loc, Loc::Activated);
}

#[test]
fn no_replacements_for_planes_lost() {
    // The He 111 against the west side cannot move and is lost at once; when
    // the other's bomb run ends the first attack, only it rolls to fly the
    // second: the lost plane has no die and stays lost.
    let sc = two_attacks(&[
        ("He 111", Red, (0, 6), Facing::NorthWest, true),
        ("He 111", White, (4, 1), N, false),
    ]);
    let (lost, other) = (PlaneId(0), PlaneId(1));
    let bombs = Event::Bombed {
        plane: other,
        rolls: vec![2, 2],
        points: 4,
    };
    let flies = Event::ActivationRolled {
        plane: other,
        roll: 4,
        activated: true,
    };
    let mut g = step_gives(&sc, 1, &[bombs.clone(), flies.clone()]);
    assert!(g.events().contains(&Event::Destroyed {
        plane: lost,
        loss: Loss::CannotMove,
    }));
    exec_and_check(
        &mut g,
        Command::Step(Step::Forward),
        &[
            Event::Exited {
                plane: other,
                step: Step::Forward,
                end: End::North,
            },
            bombs,
            Event::MoveEnded { plane: other },
            Event::AttackEnded {
                attack: 1,
                score: 4,
            },
            Event::AttackBegan { attack: 2 },
            flies,
            Event::EntryBegan { side: Side::German },
        ],
    );
    assert_eq!(g.plane(lost).loc, Loc::Destroyed);
}

#[test]
fn twenty_four_bomb_points_win_for_the_luftwaffe() {
    // Three He 111s on the British edge row each fly off it and bomb. The
    // first two score 13; the third's 11 makes 24, a German win, and its 10
    // makes 23, a British one.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (2, 0), N, false),
            ("He 111", White, (6, 0), N, false),
            ("He 111", Blue, (10, 0), N, false),
        ],
        |_| {},
    );
    let last = PlaneId(2);
    for (rolls, winner) in [(vec![5, 6], Side::German), (vec![5, 5], Side::British)] {
        let points: u32 = rolls.iter().map(|&r| r as u32).sum();
        let total = 13 + points;
        let bombs = Event::Bombed {
            plane: last,
            rolls,
            points,
        };
        let ended = Event::AttackEnded {
            attack: 1,
            score: total,
        };
        let mut g = step_gives(&sc, 2, &[bombs.clone(), ended.clone()]);
        assert_eq!(g.score(), 13);
        exec_and_check(
            &mut g,
            Command::Step(Step::Forward),
            &[
                Event::Exited {
                    plane: last,
                    step: Step::Forward,
                    end: End::North,
                },
                bombs,
                Event::MoveEnded { plane: last },
                ended,
                Event::GameOver {
                    winner,
                    score: total,
                },
            ],
        );
    }
}

#[test]
fn the_bomb_scores_from_both_attacks_are_added_after_the_target_falls() {
    // Two bombers one hex from the RAF's edge; a target of 2 points falls
    // to the first bomb run, whatever its dice.
    let two = [
        ("He 111", Red, (4, 1), N, false),
        ("He 111", White, (8, 1), N, false),
    ];
    let sc = placed(14, 18, &two, |r| r.target_points = 2);
    let mut g = Game::new(sc, Options::default(), 5);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap(); // exits and bombs
    let first = g.score();
    assert!(first >= 2);
    assert_eq!(g.winner(), None, "the other bomber still flies");
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap();
    assert!(g.score() >= first + 2, "its bombs are added: {}", g.score());
    assert_eq!(g.winner(), Some(Side::German));
    // A campaign's bomb run stops once its target needs no more.
    let sc = placed(14, 18, &two, |r| {
        r.target_points = 2;
        r.stop_at_target = true;
    });
    let mut g = Game::new(sc, Options::default(), 5);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(g.score(), first);
    assert_eq!(g.winner(), Some(Side::German));
}

// ----- history -----

#[test]
fn undo_takes_back_moves_but_never_rerolls_a_die() {
    let sc = placed(
        14,
        18,
        &[("He 111", Red, (5, 10), N, false), FAR_BOMBER],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 5);
    g.play(Command::Step(Step::Left)).unwrap();
    assert!(g.can_undo());
    let undone = g.undo().unwrap();
    assert_eq!(undone.plane(PlaneId(0)).on_board().unwrap().0, at(5, 10));
    assert_eq!(undone.events(), &g.events()[..undone.events().len()]);
    // A command that rolled dice (here: bombing) cannot be undone.
    let sc = placed(
        14,
        18,
        &[("He 111", Red, (4, 1), N, false), FAR_BOMBER],
        |_| {},
    );
    let mut g = Game::new(sc, Options::default(), 5);
    g.play(Command::Step(Step::Forward)).unwrap();
    g.play(Command::Step(Step::Forward)).unwrap(); // exits and bombs
    assert!(!g.can_undo());
    assert!(g.undo().is_none());
}

/// Two Spitfires far from the enemy, and a bomber that moves first.
fn two_spitfires() -> Arc<Scenario> {
    placed(
        14,
        18,
        &[
            ("Spitfire", Red, (2, 2), S, false),
            ("Spitfire", White, (11, 2), S, false),
            ("He 111", Red, (6, 16), N, false),
        ],
        |_| {},
    )
}

/// Steps the active plane straight ahead until another plane moves.
fn fly_whole_move(g: &mut Game) {
    let plane = g.active_move().unwrap().plane;
    while g.active_move().is_some_and(|m| m.plane == plane) {
        g.play(Command::Step(Step::Forward)).unwrap();
    }
}

#[test]
fn undo_takes_back_a_whole_planes_move_and_the_one_before_it() {
    let (red, white, bomber) = (PlaneId(0), PlaneId(1), PlaneId(2));
    let mut g = Game::new(two_spitfires(), Options::default(), 3);
    assert_eq!(g.active_move().unwrap().plane, bomber);
    fly_whole_move(&mut g);
    // The bomber's last step started the RAF's move: its dice are rolled.
    let rolled = g.commands().len();
    assert_eq!(g.undo_point(), rolled);
    let dice = |g: &Game| {
        (
            g.active_move().unwrap().speed_roll,
            g.plane(white).speed_roll,
        )
    };
    let before = g.clone();
    assert_eq!(g.active_move().unwrap().plane, red);
    assert!(
        dice(&g).1.is_some(),
        "the second Spitfire's die is rolled too"
    );
    fly_whole_move(&mut g);
    assert_eq!(g.active_move().unwrap().plane, white);
    fly_whole_move(&mut g);
    assert!(g.commands().len() > rolled + 4);
    assert_eq!(g.undo_point(), rolled, "no die since the RAF's were rolled");
    // Back, step by step, through both moves, never re-rolling a die.
    let mut back = g.clone();
    while let Some(prev) = back.undo() {
        assert_eq!(prev.events(), &g.events()[..prev.events().len()]);
        back = prev;
    }
    assert_eq!(back.commands().len(), rolled);
    assert_eq!(back.state(), before.state());
    assert_eq!(dice(&back), dice(&before));
    assert_eq!(back.plane(red).on_board().unwrap().0, at(2, 2));
    // Under the earlier rule the second Spitfire's move began with its own
    // die, and the first Spitfire's move could not be taken back.
    let earlier = Options {
        speed_dice: SpeedDice::EachPlane,
        ..Options::default()
    };
    let mut g = Game::new(two_spitfires(), earlier, 3);
    fly_whole_move(&mut g);
    fly_whole_move(&mut g);
    assert_eq!(g.active_move().unwrap().plane, white);
    assert_eq!(g.undo_point(), g.commands().len());
    assert!(g.undo().is_none());
}

#[test]
fn combat_fixes_the_undo_point() {
    let spit = PlaneId(1);
    let g = game_where(&chase(), Options::default(), |g| {
        skip_to(g, spit);
        if g.active_move().unwrap().allowance < 6 {
            return false;
        }
        fly_forward_until(g, g.active_move().unwrap().allowance - 4);
        g.play(Command::Attack { target: PlaneId(0) }).unwrap();
        g.active_move().is_some_and(|m| m.plane == spit)
    });
    // The shot's dice are thrown: it stands, and so does everything before.
    let fired = g.commands().len();
    assert!(matches!(g.commands()[fired - 1], Command::Attack { .. }));
    assert_eq!(g.undo_point(), fired);
    assert!(g.undo().is_none());
    // The flight after it can be taken back, as far as the shot.
    let mut after = g.clone();
    after.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(after.undo_point(), fired);
    let back = after.undo().expect("a step after the shot");
    assert_eq!(back.commands().len(), fired);
    assert_eq!(back.state(), g.state());
    assert!(back.undo().is_none());
}

#[test]
fn a_damaged_fighter_may_still_attack() {
    // A damaged Spitfire heading home (north) comes up behind an He 111: the
    // rules let it fire; only bombing is forbidden to the damaged.
    let sc = placed(
        14,
        18,
        &[
            ("He 111", Red, (5, 12), N, false),
            ("Spitfire", Red, (5, 14), N, true),
        ],
        |_| {},
    );
    let (bomber, spit) = (PlaneId(0), PlaneId(1));
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 4
    });
    assert!(g.plane(spit).damaged);
    assert_eq!(g.plane(bomber).on_board().unwrap(), (at(5, 9), N));
    for _ in 0..3 {
        g.play(Command::Step(Step::Forward)).unwrap();
    }
    assert_eq!(g.plane(spit).on_board().unwrap(), (at(5, 11), N));
    assert_eq!(
        g.check(&Command::Attack { target: bomber }),
        Err(Illegal::TargetNotAdjacent),
        "one hex short"
    );
    g.play(Command::Step(Step::Forward)).unwrap();
    let from = g.events().len();
    g.play(Command::Attack { target: bomber }).unwrap();
    assert!(g.events()[from..]
        .iter()
        .any(|e| matches!(e, Event::Fired { attacker, .. } if *attacker == spit)));
}

#[test]
fn a_damaged_fighter_only_attacks_where_no_gun_answers() {
    // The same chase at every level, on a seed where the target ends at (5,9)
    // and the damaged Spitfire's four hexes reach the hex behind it: behind
    // an He 111 its rear gunner answers, so the Spitfire lets it go; behind
    // an Me 109 no gun answers, so it takes the shot.
    for level in tally_ho::common::Level::ALL {
        for (target_type, fires) in [("He 111", false), ("Me 109", true)] {
            let sc = placed(
                14,
                18,
                &[
                    (target_type, Red, (5, 12), N, false),
                    ("Spitfire", Red, (5, 14), N, true),
                    FAR_BOMBER,
                ],
                |_| {},
            );
            let target = PlaneId(0);
            let mut g = game_where(&sc, Options::default(), |g| {
                let spit = id_of(g, "Spitfire", Red);
                skip_to(g, spit);
                g.active_move().unwrap().allowance == 4
                    && g.plane(target).on_board() == Some((at(5, 9), N))
            });
            let spit = id_of(&g, "Spitfire", Red);
            let behind = g.board().index(at(5, 10)).unwrap() as u16;
            assert!(
                g.reach().unwrap().first_valid(behind, N, 1).is_some(),
                "the rear shot is open"
            );
            let mut ai = ai::Ai::at(level, level);
            let mut shots = 0;
            while g.active_move().is_some_and(|m| m.plane == spit) {
                let c = ai.decide(&g, Side::British).unwrap();
                if c == (Command::Attack { target }) {
                    shots += 1;
                    // From behind, and no gun answers.
                    let fired = events_of(&g, c);
                    assert!(
                        matches!(
                            fired.first(),
                            Some(Event::Fired {
                                angle: Angle::Rear,
                                return_roll: None,
                                ..
                            })
                        ),
                        "{level}: {fired:?}"
                    );
                }
                g.play(c).unwrap();
            }
            assert_eq!(shots, fires as u32, "{level}: shots at the {target_type}");
        }
    }
}

#[test]
fn a_move_cannot_end_on_the_hex_of_a_plane_it_flies_over() {
    // The Spitfire flies over the Hurricane standing at (5,13). The hex under
    // it is the Hurricane's: no way of finishing the move may end there, even
    // while the Spitfire is over it (it once counted as the mover's own, free
    // hex, and a loop that left the plane no legal way on was accepted).
    let sc = placed(
        14,
        18,
        &[
            FAR_BOMBER,
            ("Spitfire", Red, (5, 14), N, false),
            ("Hurricane", Red, (5, 13), S, false),
        ],
        |_| {},
    );
    let spit = PlaneId(1);
    let mut g = game_where(&sc, Options::default(), |g| {
        skip_to(g, spit);
        g.active_move().unwrap().allowance >= 3
    });
    g.play(Command::Step(Step::Forward)).unwrap();
    assert_eq!(g.plane(spit).on_board().unwrap(), (at(5, 13), N));
    assert!(!g.board().is_free(at(5, 13)), "the Hurricane is under it");
    let mover = g.mover(spit);
    let mut search = search::Search::new(g.board(), g.scenario().max_allowance);
    assert!(
        !search.can_finish(g.board(), &mover, at(5, 13), N, 0, false),
        "ending the move on the Hurricane"
    );
    // Its own hex, left when it took off, is free to come back to.
    assert!(search.can_finish(g.board(), &mover, at(5, 14), N, 0, false));
}

// ----- fighter battles (docs/RULES.md, "Fighter sweeps on the board") -----

#[test]
fn a_fighter_battle_is_fought_not_ended_when_no_bomber_flies() {
    let sc = placed(
        14,
        18,
        &[
            ("Me 109", Red, (5, 14), N, false),
            ("Spitfire", Red, (6, 3), S, false),
        ],
        |_| {},
    );
    assert!(sc.is_fighter_battle());
    let mut g = Game::new(sc, Options::default(), 1);
    assert!(!g.is_over(), "no bomber flies, yet the fighters fight");
    assert!(g.active_move().is_some());
    finish_with_ai(&mut g);
    assert!(g.total_rounds() >= 1);
    // A raid with a bomber is not a fighter battle.
    let raid = placed(14, 18, &[("He 111", Red, (5, 14), N, false)], |_| {});
    assert!(!raid.is_fighter_battle());
}

#[test]
fn a_fighter_battle_ends_when_a_side_has_no_plane_left() {
    let sc = placed(14, 18, &[("Me 109", Red, (5, 14), N, false)], |_| {});
    let g = Game::new(sc, Options::default(), 1);
    assert!(g.is_over(), "the RAF has no plane: nothing to fight");
    assert_eq!(g.total_rounds(), 0);
}

#[test]
fn a_fighter_battle_ends_when_every_plane_still_flying_is_damaged() {
    let both = |german: bool, british: bool| {
        let sc = placed(
            14,
            18,
            &[
                ("Me 109", Red, (5, 14), N, german),
                ("Spitfire", Red, (6, 3), S, british),
            ],
            |_| {},
        );
        Game::new(sc, Options::default(), 1)
    };
    assert!(both(true, true).is_over(), "both sides have broken off");
    assert!(
        !both(true, false).is_over(),
        "a whole Spitfire hunts the damaged 109"
    );
    assert!(!both(false, true).is_over());
}

#[test]
fn a_fighter_battle_breaks_off_at_its_round_limit() {
    let sc = placed(
        14,
        18,
        &[
            ("Me 109", Red, (1, 17), N, false),
            ("Spitfire", Red, (12, 0), S, false),
        ],
        |r| r.max_rounds_per_attack = 1,
    );
    let mut g = Game::new(sc, Options::default(), 1);
    finish_with_ai(&mut g);
    assert_eq!(g.total_rounds(), 1);
    let broke_off = g
        .events()
        .iter()
        .filter(|e| matches!(e, Event::BrokeOff { .. }))
        .count();
    assert!(broke_off >= 1, "the planes still flying break off for fuel");
}

#[test]
fn a_fighter_battle_is_won_by_the_side_that_hurt_the_other_more_and_even_goes_to_the_raf() {
    let over = |german: &[Place], british: &[Place]| {
        let all: Vec<Place> = german.iter().chain(british).copied().collect();
        let g = Game::new(placed(14, 18, &all, |_| {}), Options::default(), 1);
        assert!(g.is_over(), "every plane is damaged");
        g.winner().unwrap()
    };
    let g109 = ("Me 109", Red, (5, 14), N, true);
    let g110 = ("Me 110", Red, (8, 14), N, true);
    let spit = ("Spitfire", Red, (6, 3), S, true);
    let hurri = ("Hurricane", Red, (9, 3), S, true);
    // Two German planes damaged against one British: the RAF did more.
    assert_eq!(over(&[g109, g110], &[spit]), Side::British);
    // Two British damaged against one German: the Luftwaffe did more.
    assert_eq!(over(&[g109], &[spit, hurri]), Side::German);
    // Even: the sweep did not clear the sky.
    assert_eq!(over(&[g109], &[spit]), Side::British);
    assert_eq!(over(&[g109, g110], &[spit, hurri]), Side::British);
}
