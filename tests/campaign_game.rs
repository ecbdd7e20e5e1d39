//! Whole campaigns played by the opponents: what holds over every turn of
//! many campaigns (the tallies and the verdict, the Tally Ho phases, the
//! raids' bombs), that the opponents play only legal commands, that a
//! campaign is its seed and its commands, and the opponents' strength.
//! The rules one by one are tested from positions set up by hand:
//! `campaign_turn`, `campaign_raids` and `campaign_battle`.

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::*;

use tally_ho::campaign::ai;
use tally_ho::campaign::data::Role;
use tally_ho::campaign::game::{Campaign, CampaignSetup, Command, Event, RaidState, Stage};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::score::verdict;
use tally_ho::common::Side;

// ----- over whole campaigns -----

#[test]
fn at_most_four_tally_ho_phases_and_late_raids_take_off_in_the_second() {
    let (mut phases, mut second_wave) = (0, 0);
    for seed in 0..10 {
        let mut c = campaign(WeatherRule::Cards, seed);
        play_out(&mut c);
        let mut phase = 0;
        for e in c.events() {
            match e {
                Event::TallyHo(n) => {
                    phase = *n;
                    phases += 1;
                    assert!(*n <= 4);
                }
                Event::TakesOff(_) => {
                    assert!(phase <= 2, "a take-off in phase {phase}");
                    second_wave += (phase == 2) as u32;
                }
                Event::TurnEnds(_) => phase = 0,
                _ => {}
            }
        }
    }
    assert!(
        phases > 100 && second_wave > 10,
        "{phases} phases, {second_wave} late raids"
    );
}

#[test]
fn the_turn_ends_when_the_last_geschwader_has_reached_for_home() {
    let mut checked = 0;
    for seed in [4, 5] {
        let mut c = campaign(WeatherRule::Historical, seed);
        play_out(&mut c);
        // Every raid that took off in a turn reached for home before it ended.
        let mut flying: Vec<usize> = Vec::new();
        for e in c.events() {
            match e {
                Event::TakesOff(g) => flying.push(*g),
                Event::ReachedForHome { geschwader, .. } => {
                    flying.retain(|g| g != geschwader);
                    checked += 1;
                }
                Event::TurnEnds(t) => {
                    assert!(flying.is_empty(), "turn {t}: {flying:?} still in the air")
                }
                _ => {}
            }
        }
    }
    assert!(checked > 50, "{checked} raids home");
}

#[test]
fn in_play_no_geschwader_flies_further_than_it_may_and_each_carries_bombs() {
    let (mut flights, mut aloft) = (0, 0);
    for seed in 0..4 {
        let mut c = campaign(WeatherRule::Cards, seed);
        while !c.is_over() {
            if let Stage::Fly { geschwader: g } = *c.stage() {
                assert!(c.geschwader()[g]
                    .squadrons
                    .iter()
                    .any(|&s| c.aircraft(s).role == Role::Bomber));
                flights += 1;
            }
            step(&mut c);
            for (g, ges) in c.geschwader().iter().enumerate() {
                if ges.state == RaidState::Aloft {
                    assert!(ges.moved <= c.allowance(g), "{} squares", ges.moved);
                    aloft += 1;
                }
            }
        }
    }
    assert!(flights > 500 && aloft > 500, "{flights} {aloft}");
}

#[test]
fn the_tallies_are_the_raids_and_squadrons_lost_and_the_verdict_follows_the_victory_rule() {
    let (_, rules) = shipped();
    let mut bombed = 0;
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
            // The shortened campaign also counts the squadrons stood down
            // on its last turn, on both sides; the others count none.
            let last = tally_ho::campaign::forces::Place::StoodDown {
                back_on: c.turns() + 2,
            };
            let stood = |side: Side| {
                let n = c
                    .forces()
                    .squadrons
                    .iter()
                    .filter(|q| q.side == side && q.place == last)
                    .count() as u32;
                if rule == WeatherRule::Shortened {
                    n
                } else {
                    0
                }
            };
            let t = c.tally();
            assert_eq!(t.targets, raids);
            bombed += raids;
            assert_eq!(c.raf_cards(), raf);
            assert_eq!(t.raf_lost, raf + stood(Side::British));
            assert_eq!(t.luftwaffe_lost, german + stood(Side::German));
            // The verdict is the victory rule's on this tally (the rule
            // itself is tested on set positions: below and campaign_rules).
            assert_eq!(c.verdict(), Some(verdict(&t, &rules)));
            assert!(c.legal_commands().is_empty());
            assert!(c
                .events()
                .last()
                .is_some_and(|e| matches!(e, Event::CampaignOver(_))));
        }
    }
    assert!(bombed > 100, "{bombed} raids hit their targets");
}

/// A campaign ending at the close of its last turn with `targets` bombed,
/// `raf` RAF squadrons lost and `german` Luftwaffe squadrons in the damaged
/// boxes, under `rules`.
fn ending(
    rules: tally_ho::campaign::rules::CampaignValues,
    targets: u32,
    raf: u32,
    german: usize,
) -> Campaign {
    use tally_ho::campaign::state::{Next, SquadronAt};
    let (data, _) = shipped();
    let names: Vec<String> = data
        .oob
        .geschwader
        .iter()
        .flat_map(|g| g.squadrons.iter().map(|s| s.unit.clone()))
        .take(german)
        .collect();
    assert_eq!(names.len(), german);
    let position = tally_ho::campaign::game::Position {
        turn: 11,
        targets,
        raf_cards: Some(raf),
        squadrons: names
            .into_iter()
            .map(|n| (n, SquadronAt::Damaged))
            .collect(),
        next: Next::EndTurn,
        ..Default::default()
    };
    let c = Campaign::with_position(
        data,
        std::sync::Arc::new(rules),
        CampaignSetup::new(WeatherRule::Historical, 1),
        position,
    )
    .unwrap_or_else(|e| panic!("the position is refused: {e}"));
    assert!(c.is_over());
    let t = c.tally();
    assert_eq!(
        (t.targets, t.raf_lost, t.luftwaffe_lost),
        (targets, raf, german as u32)
    );
    c
}

#[test]
fn a_tied_loss_deal_with_22_to_27_targets_is_a_draw_as_we_read_it() {
    use tally_ho::campaign::score::Verdict;
    let (_, rules) = shipped();
    assert!(rules.loss_tie_draws, "the shipped reading");
    // 12 RAF and 20 Luftwaffe: two hands each, run out together.
    let c = ending((*rules).clone(), 25, 12, 20);
    assert_eq!(c.verdict(), Some(Verdict::Draw));
    // A strictly lower rate (18 RAF: three hands to two) draws too.
    let c = ending((*rules).clone(), 25, 18, 20);
    assert_eq!(c.verdict(), Some(Verdict::Draw));
    // A higher rate (6 RAF: one hand to two) is British.
    let c = ending((*rules).clone(), 25, 6, 20);
    assert_eq!(c.verdict(), Some(Verdict::British));
}

#[test]
fn a_tied_loss_deal_is_british_and_a_strictly_lower_rate_a_draw_under_the_strict_reading() {
    use tally_ho::campaign::score::Verdict;
    let (_, rules) = shipped();
    let mut strict = (*rules).clone();
    strict.loss_tie_draws = false;
    // The same tie as above: now British...
    let c = ending(strict.clone(), 25, 12, 20);
    assert_eq!(c.verdict(), Some(Verdict::British));
    // ...while a strictly lower rate still draws: the readings differ on
    // the tie alone.
    let c = ending(strict.clone(), 25, 18, 20);
    assert_eq!(c.verdict(), Some(Verdict::Draw));
    // With 28 targets a tie is "6 to 10 or less" under either reading.
    for r in [strict, (*rules).clone()] {
        let c = ending(r, 28, 12, 20);
        assert_eq!(c.verdict(), Some(Verdict::Luftwaffe));
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

// ----- the opponents' levels, on set positions -----

#[test]
fn the_ace_raf_leaves_for_next_turns_allied_squadron_the_hurricane_the_veteran_rebuilds() {
    use tally_ho::campaign::game::Position;
    use tally_ho::campaign::state::{Next, SquadronAt};
    use tally_ho::common::Level;
    let (_, rules) = shipped();
    // Turn 5's repairs; No. 310 arrives for 12 Group on turn 6 and takes
    // over a damaged 12 Group Hurricane.
    let c = from(Position {
        turn: 5,
        successes: (rules.rebuild_cost_of("Hurricane"), 0),
        squadrons: vec![("No. 242 Squadron".into(), SquadronAt::Damaged)],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    let hurricane = squadron(&c, "No. 242 Squadron");
    assert_eq!(
        ai::propose_at(&c, Side::British, Level::Veteran),
        Some(Command::Rebuild(hurricane))
    );
    assert_eq!(
        ai::propose_at(&c, Side::British, Level::Ace),
        Some(Command::EndRepairs)
    );
}

#[test]
fn the_recruit_raf_throws_every_production_die_for_squadrons() {
    use tally_ho::campaign::game::Position;
    use tally_ho::campaign::state::Next;
    use tally_ho::common::Level;
    let (data, _) = shipped();
    let airfield = data
        .targets
        .cards
        .iter()
        .find(|t| t.kind == tally_ho::campaign::deck::CardKind::Airfield)
        .unwrap()
        .name
        .clone();
    let c = from(Position {
        turn: 3,
        damage: vec![(airfield, 1)],
        next: Next::Decide(Stage::ProductionSplit { dice: 12 }),
        ..Position::default()
    });
    let Some(Command::Production { squadrons }) = ai::propose_at(&c, Side::British, Level::Veteran)
    else {
        panic!("a production split");
    };
    assert!(squadrons < 12, "the Veteran repairs the airfield");
    assert_eq!(
        ai::propose_at(&c, Side::British, Level::Recruit),
        Some(Command::Production { squadrons: 12 })
    );
}

#[test]
fn the_opponents_play_each_side_at_its_own_level() {
    use tally_ho::campaign::game::Position;
    use tally_ho::campaign::state::{Next, SquadronAt};
    use tally_ho::common::game::Opponent;
    use tally_ho::common::Level;
    let (_, rules) = shipped();
    let c = from(Position {
        turn: 5,
        successes: (rules.rebuild_cost_of("Hurricane"), 0),
        squadrons: vec![("No. 242 Squadron".into(), SquadronAt::Damaged)],
        next: Next::Decide(Stage::Repairs),
        ..Position::default()
    });
    let mut ace_raf = ai::Opponents::at(Level::Recruit, Level::Ace);
    assert_eq!(ace_raf.level(Side::British), Level::Ace);
    assert_eq!(ace_raf.decide(&c, Side::British), Some(Command::EndRepairs));
    let mut veteran = ai::Opponents::default();
    assert_eq!(
        veteran.decide(&c, Side::British),
        Some(Command::Rebuild(squadron(&c, "No. 242 Squadron")))
    );
}

/// The Luftwaffe's levels differ in the second wave: the Veteran sends one
/// raid in four in it, to split the defence; the Ace, which measured better
/// for it, keeps every raid in the first, as the Recruit does.
#[test]
fn the_ace_luftwaffe_keeps_every_raid_in_the_first_wave_and_the_veteran_does_not() {
    use tally_ho::common::game::play_out as play;
    use tally_ho::common::Level;
    let waves = |level: Level| {
        let mut second = [0usize; 2];
        for seed in 0..4 {
            let mut c = campaign(WeatherRule::Cards, seed);
            play(&mut c, &mut ai::Opponents::at(level, Level::Veteran), LIMIT).unwrap();
            for cmd in c.commands() {
                if let Command::Assign { wave, .. } = cmd {
                    second[(*wave == 2) as usize] += 1;
                }
            }
        }
        second
    };
    let [first, second] = waves(Level::Ace);
    assert!(first > 100, "{first} raids");
    assert_eq!(second, 0, "the Ace sent {second} raids in the second wave");
    let [first, second] = waves(Level::Veteran);
    let share = second as f64 / (first + second) as f64;
    assert!(
        (0.15..0.35).contains(&share),
        "the Veteran sent {second} of {} raids in the second wave",
        first + second
    );
}
