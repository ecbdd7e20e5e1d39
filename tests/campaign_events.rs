//! The campaign as an event-sourced game: every decision is in the event
//! log, undo takes back one command without throwing a die again, a quiet
//! campaign plays as a logged one, and a position set up by hand is
//! checked before it is played from.
//!
//! That `apply` is the only writer of the state is a fact the compiler
//! keeps (the state's fields are private to its module; see the doc tests
//! of `campaign::state`), so it is not tested here.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use std::collections::BTreeSet;
use tally_ho::campaign::ai;
use tally_ho::campaign::game::{
    Battles, Campaign, CampaignSetup, Command, Event, Position, PositionError, Stage, WingState,
};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::state::{Next, SquadronAt};
use tally_ho::common::game::Rules;
use tally_ho::common::Side;

/// A command's kind, arguments aside.
fn kind(c: &Command) -> std::mem::Discriminant<Command> {
    std::mem::discriminant(c)
}

/// Commands with an argument to edit: every kind but the plain "end" and
/// "no" decisions.
fn has_argument(c: &Command) -> bool {
    !matches!(
        c,
        Command::EndRotations
            | Command::EndRepairs
            | Command::EndReinforce
            | Command::NoBigWing
            | Command::EndMissions
            | Command::Home
            | Command::NoIntercept
            | Command::NoMoreIntercepts
            | Command::EndRafMovement
            | Command::OnTheBoard
            | Command::WithDice
    )
}

#[test]
fn editing_the_argument_of_any_command_changes_the_event_log() {
    // At each command of whole campaigns, other legal commands of the same
    // kind are played in its place (a few of each kind a campaign): the
    // events they make are not the events the command made.
    let mut edited: BTreeSet<&'static str> = BTreeSet::new();
    for (rule, battles, seed) in [
        (WeatherRule::Historical, Battles::Dice, 3),
        (WeatherRule::Cards, Battles::Board, 1),
        (WeatherRule::PhaseDice, Battles::Dice, 7),
        (WeatherRule::Historical, Battles::Dice, 12),
    ] {
        let mut c = campaign_fought(rule, battles, seed);
        let mut tries: Vec<(std::mem::Discriminant<Command>, usize)> = Vec::new();
        while let Some(side) = c.to_act() {
            let cmd = ai::propose(&c, side).expect("a proposal");
            let others: Vec<Command> = if has_argument(&cmd) {
                c.legal_commands()
                    .into_iter()
                    .filter(|o| *o != cmd && kind(o) == kind(&cmd))
                    .take(2)
                    .collect()
            } else {
                Vec::new()
            };
            let tried = tries.iter().position(|(k, _)| *k == kind(&cmd));
            let quota = tried.is_none_or(|i| tries[i].1 < 4);
            let n = c.events().len();
            if others.is_empty() || !quota {
                c.play(cmd).unwrap();
                continue;
            }
            let before = c.clone();
            c.play(cmd).unwrap();
            for other in others {
                let mut edit = before.clone();
                edit.play(other).unwrap();
                assert_ne!(
                    &edit.events()[n..],
                    &c.events()[n..],
                    "{cmd:?} edited to {other:?} made the same events"
                );
                edited.insert(cmd.kind());
            }
            match tried {
                Some(i) => tries[i].1 += 1,
                None => tries.push((kind(&cmd), 1)),
            }
        }
    }
    // Two damaged 13 Group squadrons, for the reserve points.
    let c = from(Position {
        turn: 6,
        squadrons: vec![
            placed("No. 72 Squadron", SquadronAt::Damaged),
            placed("No. 79 Squadron", SquadronAt::Damaged),
        ],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    let (a, b) = (
        squadron(&c, "No. 72 Squadron"),
        squadron(&c, "No. 79 Squadron"),
    );
    let (mut x, mut y) = (c.clone(), c);
    assert_ne!(
        play(&mut x, Command::Reserve(a)),
        play(&mut y, Command::Reserve(b))
    );
    edited.insert(Command::Reserve(a).kind());
    let want = [
        "A rotation",
        "A production split",
        "A rebuild",
        "A repair",
        "A reserve rebuild",
        "A discard",
        "A reinforcement",
        "The Big Wing",
        "A mission",
        "A geschwader's step",
        "An intercept",
        "An intercepting wing's step",
        "A wing's move",
        "A move on the board",
        "A loss",
        "A stand-down",
        "A gruppe",
        "An attack",
    ];
    let missing: Vec<&str> = want.into_iter().filter(|k| !edited.contains(k)).collect();
    assert!(missing.is_empty(), "never edited: {missing:?}");
}

#[test]
fn undo_takes_back_the_last_command_after_the_undo_point_and_throws_no_die_again() {
    let (mut undone, mut refused) = (0, 0);
    for (rule, battles, seed, every) in [
        (WeatherRule::Cards, Battles::Dice, 4, 7),
        (WeatherRule::Historical, Battles::Board, 2, 31),
    ] {
        let mut c = campaign_fought(rule, battles, seed);
        let mut k = 0u32;
        while let Some(side) = c.to_act() {
            let before = (c.state().clone(), c.events().len(), c.dice().log().len());
            let cmd = ai::propose(&c, side).unwrap();
            c.play(cmd).unwrap();
            k += 1;
            // Undo rebuilds the campaign from its start: try it now and then.
            if !k.is_multiple_of(every) {
                continue;
            }
            let n = c.commands().len();
            let point = c.undo_point();
            assert!(point <= n);
            match c.undo() {
                Some(u) => {
                    assert!(point < n, "undone at the undo point");
                    assert_eq!(u.commands(), &c.commands()[..n - 1]);
                    assert_eq!(*u.state(), before.0, "as it was before {cmd:?}");
                    assert_eq!(u.events(), &c.events()[..before.1]);
                    // The command taken back threw no die, and none was
                    // thrown again to take it back.
                    assert_eq!(c.dice().log().len(), before.2);
                    assert_eq!(u.dice().log(), c.dice().log());
                    assert_eq!(u.to_act(), Some(side));
                    undone += 1;
                }
                None => {
                    assert_eq!(point, n, "{cmd:?} could have been taken back");
                    refused += 1;
                }
            }
        }
    }
    assert!(
        undone > 20 && refused > 20,
        "{undone} undone, {refused} refused"
    );
}

/// The RAF to move two wings, Luftflotte 2's KG 2 over the Channel.
fn raf_movement() -> Campaign {
    from(Position {
        turn: 2,
        tally_ho: 1,
        wings: vec![
            wing("Biggin Hill Wing", &["No. 32 Squadron", "No. 610 Squadron"]),
            wing("Tangmere Wing", &["No. 43 Squadron", "No. 145 Squadron"]),
        ],
        geschwader: vec![raid("KG 2", &["I./KG 2", "I./JG 26"], (16, 17), "Manston")],
        next: Next::Decide(Stage::RafMovement),
        ..Position::default()
    })
}

#[test]
fn a_move_of_the_same_side_with_no_dice_can_be_taken_back() {
    let mut c = raf_movement();
    let start = c.state().clone();
    let biggin = wing_no(&c, "Biggin Hill Wing");
    assert_eq!(c.undo_point(), 0);
    assert!(c.undo().is_none(), "nothing to take back");
    let e = play(
        &mut c,
        Command::MoveWing {
            wing: biggin,
            to: sq(14, 16),
        },
    );
    assert_eq!(
        e,
        vec![Event::WingFlies {
            wing: biggin,
            to: sq(14, 16),
            aloft: true
        }]
    );
    assert_eq!(c.undo_point(), 0);
    let back = c.undo().expect("the RAF's own move, no die thrown");
    assert_eq!(*back.state(), start);
    assert!(back.commands().is_empty());
    // The last wing's move ends RAF movement: a dogfight over KG 2, whose
    // gruppen the German forms next, so the move is the RAF's last for now.
    let tangmere = wing_no(&c, "Tangmere Wing");
    c.play(Command::MoveWing {
        wing: tangmere,
        to: sq(16, 17),
    })
    .unwrap();
    assert_eq!(c.stage(), &Stage::Gruppen, "a dogfight over KG 2");
    assert_eq!(c.undo_point(), 2, "the German decides next");
    assert!(c.undo().is_none());
}

#[test]
fn a_command_that_throws_a_die_cannot_be_taken_back() {
    let mut c = from(Position {
        turn: 3,
        squadrons: vec![placed("No. 32 Squadron", SquadronAt::Damaged)],
        next: Next::Decide(Stage::ProductionSplit { dice: 20 }),
        ..Position::default()
    });
    let e = play(&mut c, Command::Production { squadrons: 10 });
    assert!(matches!(
        e[0],
        Event::ProductionThrown {
            dice: 20,
            squadrons: 10,
            ..
        }
    ));
    assert_eq!(c.undo_point(), 1);
    assert!(c.undo().is_none());
}

#[test]
fn a_command_that_deals_the_german_a_card_cannot_be_taken_back() {
    // Turn 9: Luftflotte 2's geschwader may take a seventh squadron. The
    // German is done reinforcing; he assigns his missions next.
    let at_reinforce = |hand: &[&str]| {
        from(Position {
            turn: 9,
            hand: names(hand),
            geschwader: vec![
                geschwader("KG 2", &["I./KG 2", "II./KG 2", "I./JG 26"]),
                geschwader("KG 76", &["I./KG 76", "II./KG 76"]),
            ],
            next: Next::Decide(Stage::Reinforce),
            ..Position::default()
        })
    };
    // His hand is full: nothing is dealt, and he may change his mind.
    let ten = [
        "London", "Hull", "Leeds", "Dover", "Rye", "Kenley", "Detling", "Debden", "Manston",
        "Coventry",
    ];
    let mut c = at_reinforce(&ten);
    let e = play(&mut c, Command::EndReinforce);
    assert_eq!(
        e,
        vec![Event::ReinforcementsOver, Event::Awaits(Stage::Missions)]
    );
    assert_eq!(c.undo_point(), 0);
    assert!(c.undo().is_some());
    // Three cards in hand: seven are dealt him from the deck, which he
    // could not unsee.
    let mut c = at_reinforce(&ten[..3]);
    let e = play(&mut c, Command::EndReinforce);
    assert!(matches!(&e[1], Event::HandFilled(cards) if cards.len() == 7));
    assert_eq!(c.to_act(), Some(Side::German));
    assert_eq!(c.undo_point(), 1);
    assert!(c.undo().is_none());
}

#[test]
fn the_other_sides_command_cannot_be_taken_back() {
    // KG 2 steps into a radar square: the RAF decides next.
    let mut c = from(Position {
        turn: 2,
        tally_ho: 1,
        wings: vec![wing("Biggin Hill Wing", &["No. 32 Squadron"])],
        geschwader: vec![tally_ho::campaign::state::GeschwaderAt {
            stopped: Some(false),
            ..raid("KG 2", &["I./KG 2", "I./JG 26"], (17, 18), "Manston")
        }],
        next: Next::Decide(Stage::Fly { geschwader: 0 }),
        ..Position::default()
    });
    c.play(Command::Step(sq(16, 17))).unwrap();
    assert_eq!(c.stage(), &Stage::InterceptChoice { geschwader: 0 });
    assert_eq!(c.undo_point(), 1);
    assert!(c.undo().is_none());
    // The RAF declines: the German flies on (out of radar's sight), and
    // may take his next step back, not the RAF's decision.
    c.play(Command::NoIntercept).unwrap();
    c.play(Command::Step(sq(17, 17))).unwrap();
    assert_eq!(c.stage(), &Stage::Fly { geschwader: 0 });
    assert_eq!(c.undo_point(), 2);
    let back = c.undo().expect("the German's own step");
    assert_eq!(back.stage(), &Stage::Fly { geschwader: 0 });
    assert_eq!(back.geschwader()[0].at, sq(16, 17));
    assert!(back.undo().is_none(), "the RAF's decision before it stays");
}

#[test]
fn a_quiet_campaign_reaches_the_same_state_as_a_logged_one() {
    for (rule, battles, seed) in [
        (WeatherRule::PhaseDice, Battles::Dice, 5),
        (WeatherRule::Cards, Battles::Board, 6),
        (WeatherRule::Shortened, Battles::Ask, 7),
    ] {
        let (data, rules) = shipped();
        let setup = CampaignSetup {
            battles,
            ..CampaignSetup::new(rule, seed)
        };
        let mut logged = Campaign::new(data.clone(), rules.clone(), setup);
        let mut quiet = Campaign::new_quiet(data, rules, setup);
        assert_eq!(quiet.state(), logged.state());
        while let Some(side) = logged.to_act() {
            let cmd = ai::propose(&logged, side).unwrap();
            assert_eq!(ai::propose(&quiet, side), Some(cmd));
            logged.play(cmd).unwrap();
            quiet.play(cmd).unwrap();
            assert_eq!(quiet.state(), logged.state(), "after {cmd:?}");
            assert_eq!(quiet.undo_point(), logged.undo_point());
        }
        assert!(quiet.is_over());
        assert!(quiet.events().is_empty() && quiet.dice().log().is_empty());
        assert!(!logged.events().is_empty());
    }
}

#[test]
fn the_opening_position_is_a_new_campaign() {
    for rule in WeatherRule::ALL {
        let (data, rules) = shipped();
        let setup = CampaignSetup::new(rule, 9);
        let new = Campaign::new(data.clone(), rules.clone(), setup);
        let opening = Campaign::with_position(data, rules, setup, Position::default()).unwrap();
        assert_eq!(opening.state(), new.state(), "{rule:?}");
        assert_eq!(opening.events(), new.events());
        assert_eq!(opening.dice().log(), new.dice().log());
    }
}

#[test]
fn the_rules_trait_sees_the_campaign_as_its_inherent_methods_do() {
    let mut c = raf_movement();
    assert_eq!(Campaign::KIND, tally_ho::common::game::GameKind::Campaign);
    assert_eq!(Rules::to_act(&c), Some(Side::British));
    assert_eq!(Rules::seed(&c), 1);
    let legal = Rules::legal_commands(&c);
    assert_eq!(legal, c.legal_commands());
    // The state as the trait applies events to it.
    let mut s = Rules::state(&c).clone();
    let n = c.events().len();
    Rules::play(&mut c, Command::EndRafMovement).unwrap();
    for e in &c.events()[n..] {
        <Campaign as Rules>::apply(&mut s, e);
    }
    assert_eq!(&s, c.state(), "the events make the state");
    assert!(matches!(
        Rules::check(&c, &Command::EndRafMovement),
        Err(tally_ho::campaign::game::Illegal::NotThisStep { .. })
    ));
}

#[test]
fn the_events_alone_make_the_state() {
    // A whole campaign's log, applied to its opening state, is its end.
    let mut c = campaign_fought(WeatherRule::Cards, Battles::Board, 2);
    let opening = c.clone();
    play_out(&mut c);
    let mut s = opening.state().clone();
    for e in &c.events()[opening.events().len()..] {
        <Campaign as Rules>::apply(&mut s, e);
    }
    assert_eq!(&s, c.state());
    assert!(s.is_over());
}

// ----- positions refused -----

fn refused(p: Position) -> String {
    let (data, rules) = shipped();
    match Campaign::with_position(
        data,
        rules,
        CampaignSetup::new(WeatherRule::Historical, 1),
        p,
    ) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the position is accepted"),
    }
}

#[test]
fn a_bad_position_is_refused_with_a_sentence() {
    let cases: Vec<(Position, &str)> = vec![
        (
            Position {
                turn: 12,
                ..Position::default()
            },
            "Turn 12 is not in the campaign, which has turns 1 to 11.",
        ),
        (
            Position {
                tally_ho: 5,
                ..Position::default()
            },
            "Tally Ho phase 5 is not in a turn, which has phases 1 to 4.",
        ),
        (
            Position {
                squadrons: vec![placed("No. 999 Squadron", SquadronAt::Damaged)],
                ..Position::default()
            },
            "There is no squadron named \"No. 999 Squadron\".",
        ),
        (
            Position {
                squadrons: vec![placed("No. 32 Squadron", SquadronAt::Damaged)],
                wings: vec![wing("Biggin Hill Wing", &["No. 32 Squadron"])],
                ..Position::default()
            },
            "No. 32 Squadron is given two places.",
        ),
        (
            Position {
                wings: vec![wing("Biggin Hill Wing", &["I./KG 2"])],
                ..Position::default()
            },
            "I./KG 2 cannot fly in Biggin Hill Wing.",
        ),
        (
            Position {
                wings: vec![wing("Croydon Wing", &[])],
                ..Position::default()
            },
            "There is no wing named \"Croydon Wing\".",
        ),
        (
            Position {
                geschwader: vec![geschwader("KG 99", &[])],
                ..Position::default()
            },
            "There is no geschwader named \"KG 99\".",
        ),
        (
            Position {
                wings: vec![tally_ho::campaign::state::WingAt {
                    at: Some(sq(30, 5)),
                    ..wing("Biggin Hill Wing", &[])
                }],
                ..Position::default()
            },
            "Square (30, 5) is off the map.",
        ),
        (
            Position {
                hand: names(&["London", "Hull", "London"]),
                ..Position::default()
            },
            "The London card is given two places.",
        ),
        (
            Position {
                hand: names(&["Atlantis"]),
                ..Position::default()
            },
            "There is no target card named \"Atlantis\".",
        ),
        (
            Position {
                damage: vec![("Hull".into(), 4)],
                ..Position::default()
            },
            "Hull is given 4 bomb hits; it takes 3 at most.",
        ),
        (
            Position {
                turn: 4,
                squadrons: vec![placed(
                    "No. 32 Squadron",
                    SquadronAt::StoodDown { back_on: 3 },
                )],
                next: Next::Weather,
                ..Position::default()
            },
            "No. 32 Squadron would have been back from standing down on turn 3.",
        ),
        (
            deciding(2, Stage::Allocate { side: Side::German }),
            "That decision is taken in a fight: the position needs one.",
        ),
        (
            deciding(2, Stage::Gruppen),
            "Gruppen and attacks are decided in a dogfight: play on from the battle step.",
        ),
        (
            deciding(2, Stage::Fly { geschwader: 0 }),
            "Geschwader 0 is not in the air to fly.",
        ),
        (
            deciding(2, Stage::Fly { geschwader: 9 }),
            "There is no geschwader 9.",
        ),
        (
            Position {
                tally_ho: 1,
                wings: vec![wing("Biggin Hill Wing", &["No. 32 Squadron"])],
                geschwader: vec![raid("KG 2", &["I./KG 2"], (16, 17), "Manston")],
                next: Next::Decide(Stage::InterceptStep {
                    geschwader: 0,
                    wing: 2,
                }),
                ..Position::default()
            },
            "Wing 2 is not intercepting geschwader 0.",
        ),
        (
            deciding(2, Stage::Over),
            "The campaign being over is not a decision to wait for.",
        ),
        (
            // One hit on the Germans, fewer than either defence, and their
            // stand-down spent: nothing can take it.
            Position {
                tally_ho: 1,
                geschwader: vec![raid("KG 2", &["I./KG 2", "I./JG 26"], (15, 16), "Manston")],
                wings: vec![wing("Biggin Hill Wing", &["No. 32 Squadron"])],
                fight: Some(tally_ho::campaign::state::FightAt {
                    intercept: true,
                    on_luftwaffe: 1,
                    luftwaffe_stood_down: true,
                    ..fight(
                        "KG 2",
                        &["Biggin Hill Wing"],
                        &["No. 32 Squadron"],
                        &["I./KG 2", "I./JG 26"],
                    )
                }),
                next: Next::Decide(Stage::Allocate { side: Side::German }),
                ..Position::default()
            },
            "The campaign would wait for a decision with no legal command to make it.",
        ),
        (
            playing_on(2, Next::Fly),
            "Tally Ho phase 0 is not in a turn, which has phases 1 to 4.",
        ),
    ];
    for (p, want) in cases {
        assert_eq!(refused(p), want);
    }
    // Every refusal is a sentence.
    let weather = PositionError::WeatherCards {
        given: 3,
        turns: 11,
    };
    assert_eq!(
        weather.to_string(),
        "One weather card a turn: 3 cards for 11 turns."
    );
}

#[test]
fn a_position_is_played_on_to_its_next_decision() {
    // Squadron alert at turn 2: the boxes are dealt round the wings, the
    // German hand is filled, and the German assigns his missions.
    let c = from(playing_on(2, Next::Alert));
    assert_eq!(c.stage(), &Stage::Missions);
    let e = c.events();
    let Event::Alerted { wings, geschwader } = &e[0] else {
        panic!("{:?}", e[0])
    };
    assert!(wings.iter().all(|w| w.len() == 3), "full boxes: {wings:?}");
    assert!(geschwader.iter().all(|g| g.len() == 6), "{geschwader:?}");
    assert!(matches!(&e[1], Event::HandFilled(cards) if cards.len() == 10));
    assert_eq!(e[2], Event::Awaits(Stage::Missions));
    assert_eq!(e.len(), 3);
    for (w, squadrons) in wings.iter().enumerate() {
        assert_eq!(c.wings()[w].state, WingState::Ready);
        assert_eq!(&c.wings()[w].squadrons, squadrons);
    }
}
