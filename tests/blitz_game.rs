//! The night Blitz as a game: the amendments as the flight plays them,
//! zone by zone through the tables, with the crew's decisions; replays and
//! random legal tours (docs/RULES.md, "The night Blitz").

use proptest::prelude::*;
use std::path::Path;
use std::sync::Arc;
use tally_ho::blitz::{
    ai, Beam, Cause, Command, Date, Ending, Event, Flak, Game, Heading, Leg, Phase, Setup, State,
    TableId, Tables, Thrown, Weather,
};
use tally_ho::common::game::{play_out, replayed, Opponent, Rules};
use tally_ho::data;
use tally_ho::record::{self, AnyRecord, Player};

fn tables() -> Arc<Tables> {
    Arc::new(data::load_blitz().unwrap())
}

fn tour(seed: u64) -> Game {
    let mut g = Game::new(tables(), Setup::default(), seed);
    play_out(&mut g, &mut ai::Crew::default(), 20_000).unwrap();
    g
}

/// The states a game went through: before each event, with the event.
fn walk(g: &Game, mut f: impl FnMut(&State, &Event)) {
    let mut s = g.initial_state();
    for e in g.events() {
        f(&s, e);
        Game::apply(&mut s, e);
    }
}

/// The automatic crew, except where `choose` says otherwise.
struct Crew<F: FnMut(&Game) -> Option<Command>>(F);

impl<F: FnMut(&Game) -> Option<Command>> Opponent<Game> for Crew<F> {
    fn decide(&mut self, g: &Game, _: tally_ho::blitz::Seat) -> Option<Command> {
        (self.0)(g).or_else(|| ai::Crew::AUTO.decide(g))
    }
}

fn tour_with(seed: u64, choose: impl FnMut(&Game) -> Option<Command>) -> Game {
    let mut g = Game::new(tables(), Setup::default(), seed);
    play_out(&mut g, &mut Crew(choose), 20_000).unwrap();
    g
}

#[test]
fn the_campaign_begins_on_14_november_1940_with_the_coventry_raid_and_30_fuel_boxes() {
    let g = Game::new(tables(), Setup::default(), 1);
    assert_eq!(g.phase(), Phase::Briefing);
    assert_eq!(g.night(), Date::new(1940, 11, 14).unwrap());
    let m = g.mission().unwrap();
    assert_eq!(m.city, "Coventry");
    assert_eq!(m.fuel, 30);
    assert_eq!(g.legal_commands(), vec![Command::TakeOff]);
    // No A-1 roll on the first night.
    assert!(!g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Thrown(t) if t.table == TableId::A1)));
}

#[test]
fn outbound_the_bomber_flies_only_w_nw_or_n_and_homebound_only_e_se_or_s() {
    let mut g = Game::new(tables(), Setup::default(), 2);
    let mut seen = [0u32; 2];
    while let Some(seat) = g.to_act() {
        if g.phase() == Phase::Heading {
            let b = g.bomber().unwrap().clone();
            let allowed: &[Heading] = match b.leg {
                Leg::Outbound => &[Heading::W, Heading::NW, Heading::N],
                Leg::Homebound => &[Heading::E, Heading::SE, Heading::S],
            };
            seen[(b.leg == Leg::Homebound) as usize] += 1;
            for h in Heading::ALL {
                let ok = g.check(&Command::Fly(h)).is_ok();
                if !allowed.contains(&h) {
                    assert_eq!(
                        g.check(&Command::Fly(h)),
                        Err(tally_ho::blitz::Illegal::Heading),
                        "{h:?} {:?}",
                        b.leg
                    );
                } else {
                    let on_map = h.from(b.zone, &g.tables().map).is_some();
                    assert_eq!(ok, on_map && b.fuel > 0, "{h:?} from {}", b.zone);
                }
            }
        }
        let c = ai::Crew::AUTO.decide(&g).unwrap();
        let _ = seat;
        g.play(c).unwrap();
    }
    assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
}

#[test]
fn c4_is_thrown_only_after_a_double_on_c1_and_no_random_events() {
    let g = tour(3);
    let thrown: Vec<_> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Thrown(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    let mut c4 = 0;
    for (i, t) in thrown.iter().enumerate() {
        if t.table == TableId::C4 {
            c4 += 1;
            let before = &thrown[i - 1];
            assert_eq!(before.table, TableId::C1);
            assert_eq!(before.faces[0], before.faces[1], "a double on C-1");
        }
        if t.table == TableId::C1 && t.faces[0] == t.faces[1] {
            assert_eq!(thrown[i + 1].table, TableId::C4, "every double is checked");
        }
    }
    assert!(c4 > 10, "{c4} checks in a tour");
}

#[test]
fn c4_rolls_of_97_to_100_mean_a_check_on_table_k_and_no_other_roll_does() {
    let mut checks = 0;
    for seed in 0..8 {
        let g = tour(seed);
        let thrown: Vec<_> = g
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::Thrown(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        for (i, t) in thrown.iter().enumerate() {
            if t.table == TableId::C4 {
                let k = thrown.get(i + 1).is_some_and(|n| n.table == TableId::K);
                assert_eq!(k, (97..=100).contains(&t.total()), "C-4 {}", t.total());
                checks += k as u32;
            }
        }
    }
    assert!(checks > 3, "{checks} checks on Table K");
}

#[test]
fn c9_is_thrown_with_its_modifiers_less_5() {
    let mut seen = 0;
    let g = tour(11);
    walk(&g, |s, e| {
        if let Event::Thrown(t) = e {
            if t.table == TableId::C9 {
                let d = &s.tables().defences;
                let sit = s.situation().unwrap();
                assert_eq!(t.modifier, d.interception.modifier(&sit) - 5);
                assert_eq!(d.c9, -5);
                seen += 1;
            }
        }
    });
    assert!(seen > 20, "{seen}");
}

#[test]
fn an_outbound_bombardier_seriously_wounded_or_killed_aborts_the_mission_in_play() {
    use tally_ho::blitz::{Abort, Station, Wound};
    let mut aborts = 0;
    for seed in 0..80 {
        let g = tour_with(seed, |g| {
            matches!(g.phase(), Phase::Attacked { .. }).then_some(Command::Hold)
        });
        let events = g.events();
        let mut i = 0;
        walk(&g, |s, e| {
            let outbound = s.bomber().is_some_and(|b| b.leg == Leg::Outbound);
            if let Event::Wounded {
                position: Station::Bombardier,
                wound,
            } = e
            {
                // A hit in the air (read on the wound table); an injury in
                // a jump or a crash comes with the bomber lost.
                let hit = matches!(&events[i - 1], Event::Thrown(t) if t.table == TableId::Wound);
                if outbound && *wound >= Wound::Serious && hit {
                    // The abort follows at once.
                    assert_eq!(events[i + 1], Event::Aborted(Abort::Bombardier));
                    aborts += 1;
                }
            }
            i += 1;
        });
        // And no beam or bomb run after it.
        let mut lost_him = false;
        for e in events {
            match e {
                Event::Ordered { .. } => lost_him = false,
                Event::Aborted(Abort::Bombardier) => lost_him = true,
                Event::Thrown(t) if lost_him => {
                    assert!(
                        !matches!(t.table, TableId::D1 | TableId::D5),
                        "{:?}",
                        t.table
                    )
                }
                _ => {}
            }
        }
    }
    assert!(aborts > 0, "no bombardier lost outbound in 80 tours");
}

/// "On an unmodified 20, it collides with the attacking fighter, downing
/// both aircraft and forcing your crew to bail out on Table E-2": every
/// man bails out on E-2, never E-1, and over the sea a man who lives
/// comes down in it (E-3, after his E-2).
#[test]
fn evasive_action_on_an_unmodified_20_collides_and_the_crew_bails_out_on_table_e2() {
    let (mut collisions, mut at_sea) = (0, 0);
    for seed in 0..120 {
        // A crew that always takes evasive action.
        let g = tour_with(seed, |g| {
            matches!(g.phase(), Phase::Attacked { .. }).then_some(Command::Evade)
        });
        let mut collided = false;
        let mut last = None;
        let (mut jumps, mut alive) = (0, 0);
        walk(&g, |s, e| match e {
            Event::Thrown(t) if t.table == TableId::Evasion => {
                collided = t.total() == 20;
                collisions += collided as u32;
                jumps = 0;
                alive = tally_ho::blitz::Station::ALL
                    .into_iter()
                    .filter(|&p| {
                        s.crew()
                            .at(p)
                            .is_some_and(|m| m.wound != Some(tally_ho::blitz::Wound::Killed))
                    })
                    .count();
            }
            Event::Ended(end) if collided => {
                assert_eq!(*end, Ending::Lost(Cause::Collision));
                assert_eq!(jumps, alive, "every man alive bailed out on E-2");
                collided = false;
            }
            Event::Thrown(t) if collided => {
                match t.table {
                    TableId::E2 => jumps += 1,
                    TableId::E3 => {
                        // Only at sea, and only after the man's own E-2.
                        let zone = s.bomber().unwrap().zone;
                        assert_eq!(
                            g.tables().map.kind(zone),
                            Some(tally_ho::blitz::ZoneKind::Water)
                        );
                        assert_eq!(last, Some(TableId::E2));
                        at_sea += 1;
                    }
                    other => panic!("{other:?} after a collision"),
                }
                last = Some(t.table);
            }
            _ => {}
        });
    }
    assert!(collisions > 0, "no collision in 120 tours");
    assert!(at_sea > 0, "no collision over the sea in 120 tours");
}

#[test]
fn no_c8_or_c9_is_thrown_in_the_green_zone() {
    let mut hunted = 0;
    for seed in 0..5 {
        let g = tour(seed);
        walk(&g, |s, e| {
            if let Event::Thrown(t) = e {
                if matches!(t.table, TableId::C8 | TableId::C9) {
                    let z = s.bomber().unwrap().zone;
                    assert!(!s.tables().map.is_green(z), "{:?} in {z}", t.table);
                    hunted += 1;
                }
            }
        });
    }
    assert!(hunted > 1000, "{hunted}");
}

#[test]
fn night_fighters_make_at_most_one_follow_up_attack_before_breaking_away() {
    let mut follow_ups = 0;
    for seed in 0..20 {
        let g = tour_with(seed, |g| {
            matches!(g.phase(), Phase::Attacked { .. }).then_some(Command::Hold)
        });
        for e in g.events() {
            if let Event::Phase(Phase::Attacked { attacks, .. }) = e {
                assert!(*attacks <= 1, "a second follow-up");
                follow_ups += (*attacks == 1) as u32;
            }
        }
    }
    assert!(follow_ups > 3, "{follow_ups} follow-ups seen");
}

#[test]
fn no_night_fighter_roll_after_bombing_unless_d3_was_no_flak() {
    let (mut after, mut quiet) = (0, 0);
    for seed in 0..10 {
        let g = tour(seed);
        let mut flak: Option<Flak> = None;
        let mut bombed = false;
        for e in g.events() {
            match e {
                Event::Flak(f) => flak = Some(*f),
                Event::TurnedForHome => bombed = true,
                Event::Flew(_) | Event::Ordered { .. } => bombed = false,
                Event::Thrown(t) if bombed && t.table == TableId::C8 => {
                    assert_eq!(flak, Some(Flak::NoFlak), "C-8 after bombing");
                    after += 1;
                }
                _ => {}
            }
            if let Event::Flak(Flak::NoFlak) = e {
                quiet += 1;
            }
        }
    }
    assert!(
        quiet > 50 && after > 20,
        "{quiet} runs with no flak, {after} hunts after"
    );
}

#[test]
fn a_jammed_beam_jettisons_the_bombs_and_no_bomb_run_follows() {
    let mut jams = 0;
    for seed in 0..10 {
        let g = tour(seed);
        let mut jammed = false;
        walk(&g, |s, e| match e {
            Event::Ordered { .. } => jammed = false,
            Event::Beam(Beam::Jammed) => {
                jammed = true;
                jams += 1;
            }
            Event::Aborted(_) if jammed => {
                assert!(!s.bomber().unwrap().bombs, "jettisoned with the jam");
            }
            Event::Thrown(t) if jammed => {
                assert!(
                    !matches!(
                        t.table,
                        TableId::D1 | TableId::D2 | TableId::D3 | TableId::D5
                    ),
                    "{:?} after the jam",
                    t.table
                );
            }
            _ => {}
        });
    }
    assert!(jams > 10, "{jams}");
}

#[test]
fn aborting_over_the_target_instead_of_d2_skips_the_flak_and_the_bomb_run() {
    let g = tour_with(4, |g| {
        (g.phase() == Phase::Target).then_some(Command::Abort)
    });
    let mut over = 0;
    let mut aborted_here = false;
    for e in g.events() {
        match e {
            Event::Aborted(tally_ho::blitz::Abort::Chosen) => aborted_here = true,
            Event::Flew(_) => aborted_here = false,
            Event::Thrown(t) if aborted_here => {
                assert_ne!(
                    t.table,
                    TableId::C8,
                    "no night fighter engagement in the Target Zone"
                )
            }
            _ => {}
        }
        if let Event::Thrown(t) = e {
            assert!(
                !matches!(t.table, TableId::D2 | TableId::D3 | TableId::D5),
                "{:?} thrown",
                t.table
            );
        }
        if let Event::Phase(Phase::Target) = e {
            over += 1;
        }
    }
    assert!(over > 20);
    assert_eq!(g.points(), 0, "no bomb run, no victory points");
}

#[test]
fn the_crew_may_abort_instead_of_d5_and_then_meets_no_night_fighter_over_the_target() {
    let g = tour_with(4, |g| {
        (g.phase() == Phase::Release).then_some(Command::Abort)
    });
    let (mut through, mut aborted_here) = (0, false);
    for e in g.events() {
        match e {
            Event::Phase(Phase::Release) => through += 1,
            Event::Aborted(tally_ho::blitz::Abort::Chosen) => aborted_here = true,
            Event::Flew(_) => aborted_here = false,
            Event::Thrown(t) => {
                assert_ne!(t.table, TableId::D5, "no bomb run after the abort");
                if aborted_here {
                    assert_ne!(t.table, TableId::C8, "no fighters over the target after it");
                }
            }
            _ => {}
        }
    }
    assert!(through > 20, "{through}");
    assert_eq!(g.points(), 0);
}

#[test]
fn avoiding_bad_weather_turns_back_into_the_zone_left_with_its_earlier_weather() {
    let mut avoided = 0;
    for seed in 0..10 {
        let mut g = Game::new(tables(), Setup::default(), seed);
        while g.to_act().is_some() {
            if g.phase() == Phase::Weather && g.check(&Command::AvoidWeather).is_ok() {
                let m = g.mission().unwrap().clone();
                let (left, weather) = m.track[m.track.len() - 2];
                let at_target = m.track.last().unwrap().0 == m.target;
                let c1_before = c1s(&g);
                let fuel = g.bomber().unwrap().fuel;
                let from = g.events().len();
                g.play(Command::AvoidWeather).unwrap();
                avoided += 1;
                let new = &g.events()[from..];
                let m = g.mission().unwrap();
                // As if entering the zone afresh: a Fuel Box, the weather's
                // effects (or the choice) if it was bad, the night fighters.
                if m.ending.is_none() {
                    assert_eq!(g.bomber().unwrap().fuel, fuel - 1);
                    let chose = new.contains(&Event::Phase(Phase::Weather));
                    let thrown = |id| {
                        new.iter()
                            .any(|e| matches!(e, Event::Thrown(t) if t.table == id))
                    };
                    if weather == Weather::Bad {
                        assert!(chose || thrown(TableId::C2), "bad weather re-entered");
                    }
                    if !chose && !g.tables().map.is_green(left) {
                        assert!(thrown(TableId::C8), "the night fighters of {left}");
                    }
                }
                if m.ending.is_none() {
                    let b = m.bomber.as_ref().unwrap();
                    assert_eq!(b.zone, left);
                    assert_eq!(b.leg, Leg::Homebound, "the mission is aborted");
                    assert_eq!(m.track.last().unwrap(), &(left, weather));
                    assert_eq!(c1s(&g), c1_before, "no new C-1 for the re-entered zone");
                    assert_eq!(m.avoided_at_target, at_target);
                }
                continue;
            }
            let c = ai::Crew::AUTO.decide(&g).unwrap();
            g.play(c).unwrap();
        }
    }
    assert!(avoided > 20, "{avoided}");
}

fn c1s(g: &Game) -> usize {
    g.events()
        .iter()
        .filter(|e| matches!(e, Event::Thrown(t) if t.table == TableId::C1))
        .count()
}

#[test]
fn homebound_in_bad_weather_the_crew_may_descend_and_then_stays_below_3000_metres() {
    let mut g = Game::new(tables(), Setup::default(), 5);
    let mut descended = 0;
    while g.to_act().is_some() {
        let b = g.bomber().cloned();
        if let Some(b) = b.filter(|b| b.low && g.mission().unwrap().ending.is_none()) {
            assert!(
                g.check(&Command::Descend).is_err(),
                "below 3,000 m it stays"
            );
            assert!(!b.in_stream);
        }
        // Homebound, the descent is offered only in bad weather.
        if g.phase() == Phase::Heading && g.bomber().is_some_and(|b| b.leg == Leg::Homebound) {
            assert_eq!(
                g.check(&Command::Descend),
                Err(tally_ho::blitz::Illegal::NotNow)
            );
        }
        if g.phase() == Phase::Weather
            && g.bomber().unwrap().leg == Leg::Homebound
            && g.check(&Command::Descend).is_ok()
        {
            g.play(Command::Descend).unwrap();
            descended += 1;
            let b = g.bomber().unwrap();
            assert!(b.low && !b.in_stream);
            continue;
        }
        let c = ai::Crew::AUTO.decide(&g).unwrap();
        g.play(c).unwrap();
    }
    assert!(descended > 3, "{descended}");
}

#[test]
fn in_zone_n9_without_a_fuel_box_the_crew_bails_out_rather_than_lands() {
    let mut checked = 0;
    for (fuel, lands) in [(2, false), (3, true)] {
        let mut t = (*tables()).clone();
        t.nights.first_raid.1 = fuel;
        let mut g = Game::new(Arc::new(t), Setup::default(), 7);
        // Take off, one zone out, abort, one zone home: N9 with fuel - 2.
        let mut played = 0;
        while g.mission().is_some_and(|m| m.ending.is_none()) {
            let c = match g.phase() {
                Phase::Briefing => Command::TakeOff,
                Phase::Heading if g.bomber().unwrap().leg == Leg::Outbound => {
                    if g.bomber().unwrap().zone == tally_ho::blitz::Zone::parse("N9").unwrap() {
                        Command::Fly(Heading::NW)
                    } else {
                        Command::Abort
                    }
                }
                Phase::Heading => Command::Fly(Heading::SE),
                _ => ai::Crew::AUTO.decide(&g).unwrap(),
            };
            g.play(c).unwrap();
            played += 1;
            assert!(played < 50);
        }
        let m = g.mission().unwrap();
        if m.bomber.is_none() || m.track.len() < 3 {
            continue; // scrubbed, or lost on the way (not this seed)
        }
        let g1 = g
            .events()
            .iter()
            .any(|e| matches!(e, Event::Thrown(t) if t.table == TableId::G1));
        assert_eq!(g1, lands, "fuel {fuel}");
        if !lands {
            assert_eq!(m.ending, Some(Ending::Lost(Cause::Fuel)));
            assert!(
                m.down
                    .iter()
                    .all(|(_, f)| *f != tally_ho::blitz::Fate::Captured),
                "down in the Green Zone: home"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 2, "both fuel loads flew the short trip");
}

#[test]
fn a_take_off_glitch_lands_with_its_bombs_and_without_the_engine_out_penalty() {
    let mut glitches = 0;
    for seed in 0..40 {
        let g = tour(seed);
        let mut glitched = false;
        walk(&g, |s, e| match e {
            Event::Glitch => glitched = true,
            Event::Thrown(t) if glitched && t.table == TableId::G1 => {
                let b = s.bomber().unwrap();
                assert!(b.bombs, "no jettison before the landing");
                // The situation's modifiers and the pilot's experience,
                // and no engine out: a glitch is not one.
                assert!(!b.engine_out);
                let tables = s.tables();
                let e = tables.crew.experience;
                let pilot = s.crew().at(tally_ho::blitz::Station::Pilot).unwrap();
                let want = tables.end.landing.modifier(&s.situation().unwrap())
                    + e.of(pilot.missions, e.landing);
                assert_eq!(t.modifier, want, "no -4 for a glitch");
                glitched = false;
                glitches += 1;
            }
            _ => {}
        });
    }
    assert!(glitches > 20, "{glitches}");
}

#[test]
fn no_mission_is_ordered_from_20_january_to_15_february_1941() {
    let pause = (
        Date::new(1941, 1, 20).unwrap(),
        Date::new(1941, 2, 15).unwrap(),
    );
    for seed in 0..5 {
        let g = tour(seed);
        for r in g.raids() {
            assert!(r.night < pause.0 || r.night > pause.1, "{}", r.night);
        }
        assert!(g.is_over());
        assert_eq!(g.night(), g.tables().calendar.last_night);
    }
}

#[test]
fn a_choice_that_rolled_nothing_is_undone_and_a_roll_never_is() {
    let mut g = Game::new(tables(), Setup::default(), 8);
    let mut undone = 0;
    while g.to_act().is_some() && undone < 5 {
        let c = ai::Crew::AUTO.decide(&g).unwrap();
        let before = g.state().clone();
        let events = g.events().len();
        g.play(c).unwrap();
        let rolled = g.events()[events..]
            .iter()
            .any(|e| matches!(e, Event::Thrown(_)));
        match g.undo() {
            Some(back) => {
                assert!(!rolled, "{c:?} rolled and was undone");
                assert_eq!(back.state(), &before);
                undone += 1;
            }
            None => assert!(rolled || g.undo_point() == g.commands().len()),
        }
        if g.phase() == Phase::Heading && g.bomber().unwrap().leg == Leg::Outbound {
            // An abort rolls nothing: it may be taken back.
            let mut h = g.clone();
            h.play(Command::Abort).unwrap();
            if h.phase() == Phase::Heading {
                assert_eq!(h.undo().unwrap().state(), g.state());
                undone += 1;
            }
        }
    }
    assert!(undone >= 5);
}

#[test]
fn a_tour_replays_exactly_from_its_seed_and_commands_and_an_edit_is_named() {
    let g = tour(9);
    let here = Path::new(".");
    let rec = record::of(&g, vec![Player::new("Crew", true)], here).unwrap();
    let text = AnyRecord::Blitz(rec.clone()).to_text();
    let AnyRecord::Blitz(back) = record::parse("tour.ron", &text).unwrap() else {
        panic!("not a Blitz record")
    };
    let again: Game = record::verify(&back, here).unwrap();
    assert_eq!(again.state(), g.state());
    assert_eq!(again.events(), g.events());
    // An edited decision is named.
    let mut edited = back.clone();
    let i = edited
        .commands
        .iter()
        .position(|c| *c == Command::Evade)
        .expect("an attack in the tour");
    edited.commands[i] = Command::Hold;
    match record::verify::<Game>(&edited, here) {
        Err(record::RecordError::Edited { index, .. }) => assert_eq!(index, i),
        Err(record::RecordError::Illegal { index, .. }) => assert!(index >= i),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

fn random_tour(seed: u64, picks: &[u16]) -> Game {
    let setup = Setup {
        last_night: Date::new(1940, 12, 31),
    };
    let mut g = Game::new(tables(), setup, seed);
    let mut i = 0;
    while g.to_act().is_some() {
        let legal = g.legal_commands();
        assert!(
            !legal.is_empty(),
            "a decision with no legal command: {:?}",
            g.phase()
        );
        let c = legal[picks[i % picks.len()] as usize % legal.len()];
        g.play(c).unwrap();
        i += 1;
        assert!(i < 20_000, "the tour does not end");
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random legal tours end; the state is its events folded; every
    /// bomber on a mission stays on the map with its fuel; the tally's
    /// points are the bomb runs'; and the same seed and commands make the
    /// same game.
    #[test]
    fn random_legal_tours_end_and_their_state_is_their_events(
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u16>(), 1..64),
    ) {
        let g = random_tour(seed, &picks);
        prop_assert!(g.is_over());
        let mut s = g.initial_state();
        let mut points = 0u32;
        for e in g.events() {
            Game::apply(&mut s, e);
            if let Event::Bombed { points: p, .. } = e {
                points += *p as u32;
            }
            if let Some(b) = s.bomber() {
                prop_assert!(s.tables().map.contains(b.zone));
                prop_assert!(b.fuel <= s.mission().unwrap().fuel);
            }
        }
        prop_assert_eq!(&s, g.state());
        prop_assert_eq!(points, g.points());
        let again = replayed(g.restart(true), g.commands(), g.commands().len());
        prop_assert_eq!(again.events(), g.events());
    }
}

/// D-3 as played: the bomber is shot down, and the crew bails out, exactly
/// when the throw with its modifiers reaches 21 (docs/RULES.md, D-3).
#[test]
fn in_play_the_flak_downs_the_bomber_exactly_when_its_modified_d3_reaches_21() {
    let (mut downed, mut spared_high) = (0, 0);
    for seed in 0..150 {
        let g = tour(seed);
        let mut pending = None;
        walk(&g, |_, e| match e {
            Event::Thrown(t) if t.table == TableId::D3 => {
                pending = Some(t.modified() >= 21);
                spared_high += usize::from(t.modified() == 20);
            }
            Event::Ended(end) => {
                if let Some(down) = pending.take() {
                    assert_eq!(*end == Ending::Lost(Cause::Flak), down, "{end:?}");
                    downed += usize::from(down);
                }
            }
            // Anything but the crew's bailing out after the flak: not downed.
            Event::Thrown(t) if !matches!(t.table, TableId::E1 | TableId::E3) => {
                if pending == Some(true) {
                    panic!("{:?} thrown after the flak downed the bomber", t.table);
                }
                pending = None;
            }
            _ => {}
        });
    }
    assert!(downed > 0, "no bomber downed by the flak in 150 tours");
    assert!(spared_high > 0, "no D-3 of 20 in 150 tours");
}

/// C-10 as played: thrown with nothing added in the winter, +2 from
/// 1 March 1941 and +4 from 1 May (the radar Beaufighters; C-8 and C-9
/// grow on the same nights, `levels/blitz/defences.ron`).
#[test]
fn in_play_c10_reads_more_radar_beaufighters_from_march_and_more_again_in_may() {
    let date = |y, m, d| tally_ho::blitz::Date::new(y, m, d).unwrap();
    let (march, may) = (date(1941, 3, 1), date(1941, 5, 1));
    let mut seen = [0; 3];
    for seed in 0..150 {
        let g = tour(seed);
        walk(&g, |s, e| {
            if let Event::Thrown(t) = e {
                if t.table == TableId::C10 {
                    let (period, want) = if s.night() < march {
                        (0, 0)
                    } else if s.night() < may {
                        (1, 2)
                    } else {
                        (2, 4)
                    };
                    assert_eq!(t.modifier, want, "{}", s.night());
                    seen[period] += 1;
                }
            }
        });
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Docs/RULES.md, "The bomb run" (ours): a bomber the searchlights cone is
/// fired on again (a second D-3) as it holds its run for the bombs; one
/// that aborts instead of D-5 is not, and one merely lit is not either.
#[test]
fn a_bomber_coned_is_fired_on_again_as_it_holds_its_run_and_not_if_it_aborts() {
    use tally_ho::blitz::Searchlights;
    let (mut held, mut gave_up, mut lit) = (0, 0, 0);
    for seed in 0..300 {
        // Odd seeds hold every run, even ones abort a coned run.
        let g = tour_with(seed, |g| {
            let coned = g.mission().is_some_and(|m| m.lights == Searchlights::Coned);
            (g.phase() == Phase::Release && coned && seed % 2 == 0).then_some(Command::Abort)
        });
        let mut d3 = 0;
        let mut lights = None;
        let mut choice = None;
        walk(&g, |_, e| match e {
            Event::Lights(l) => {
                lights = Some(*l);
                d3 = 0;
                choice = None;
            }
            Event::Thrown(t) if t.table == TableId::D3 => {
                d3 += 1;
                if d3 == 2 {
                    assert_eq!(lights, Some(Searchlights::Coned));
                    assert_eq!(choice, Some(Command::Release));
                }
            }
            Event::Phase(Phase::Release) => choice = Some(Command::Release),
            Event::Aborted(_) if choice.is_some() => choice = Some(Command::Abort),
            Event::Thrown(t) if t.table == TableId::D5 => {
                let want = if lights == Some(Searchlights::Coned) {
                    2
                } else {
                    1
                };
                assert_eq!(d3, want, "{lights:?}");
                held += usize::from(want == 2);
                lit += usize::from(lights == Some(Searchlights::Illuminated));
            }
            Event::TurnedForHome | Event::Flew(_) if lights.is_some() => {
                if choice == Some(Command::Abort) {
                    assert_eq!(d3, 1, "an aborted run draws no second flak");
                    gave_up += 1;
                }
                lights = None;
            }
            _ => {}
        });
    }
    assert!(held > 0 && gave_up > 0 && lit > 0, "{held} {gave_up} {lit}");
}

/// Docs/RULES.md, "The crews' policies": each automatic crew decides as
/// its policy says, over whole tours.
#[test]
fn each_automatic_crew_decides_as_its_policy_says() {
    use tally_ho::blitz::ai::{Crew, Policy};
    use tally_ho::blitz::{Fighter, Searchlights};
    let mut seen = [[0usize; 4]; 3];
    for (k, policy) in Policy::ALL.into_iter().enumerate() {
        let crew = Crew::new(policy);
        for seed in 0..40 {
            let mut g = Game::new(tables(), Setup::default(), seed);
            while let Some(c) = crew.decide(&g) {
                match (g.phase(), c) {
                    (Phase::Attacked { fighter, .. }, c) => {
                        let evade = match policy {
                            Policy::Auto => fighter == Fighter::Beaufighter,
                            Policy::Cautious => true,
                            Policy::Bold => false,
                        };
                        assert_eq!(c == Command::Evade, evade, "{policy:?} {fighter:?}");
                        seen[k][0] += 1;
                    }
                    (Phase::Release, c) => {
                        let m = g.mission().unwrap();
                        let abort = match policy {
                            Policy::Auto => m.london && m.lights == Searchlights::Coned,
                            Policy::Cautious => m.lights != Searchlights::Blocked,
                            Policy::Bold => false,
                        };
                        assert_eq!(c == Command::Abort, abort, "{policy:?}");
                        seen[k][1] += usize::from(m.lights != Searchlights::Blocked);
                    }
                    (Phase::Weather, c) => {
                        assert!(
                            policy != Policy::Bold || c == Command::PressOn,
                            "the bold crew presses on"
                        );
                        seen[k][2] += 1;
                    }
                    (Phase::Heading, Command::Abort) => {
                        assert_eq!(
                            policy,
                            Policy::Cautious,
                            "only the cautious crew turns back"
                        );
                        seen[k][3] += 1;
                    }
                    _ => {}
                }
                g.play(c).unwrap();
            }
        }
    }
    for (k, s) in seen.iter().enumerate() {
        assert!(
            s[0] > 0 && s[1] > 0 && s[2] > 0,
            "{:?}: {s:?}",
            Policy::ALL[k]
        );
    }
    assert!(seen[1][3] > 0, "the cautious crew never turned back hurt");
}

/// The crew learns, as played: every D-5 and G-1 is thrown with the
/// experience of the man at the post (the bombardier's, the pilot's) on
/// top of the situation's modifiers, the beam's and an engine out.
#[test]
fn in_play_the_bomb_run_and_the_landing_carry_the_experience_of_the_man_at_the_post() {
    use tally_ho::blitz::Station;
    let t = tables();
    let e = t.crew.experience;
    let mut veteran = [0; 2];
    for seed in 0..40 {
        let g = tour(seed);
        walk(&g, |s, ev| {
            let Event::Thrown(th) = ev else { return };
            let Some(sit) = s.situation() else { return };
            let (post, what, base) = match th.table {
                TableId::D5 => {
                    let beam = s.mission().unwrap().beam == Some(Beam::OnTheBeam);
                    let on = if beam { t.end.on_the_beam } else { 0 };
                    (
                        Station::Bombardier,
                        e.bomb_run,
                        t.end.bomb_run.modifier(&sit) + on,
                    )
                }
                TableId::G1 => {
                    let b = s.bomber().unwrap();
                    let out = if b.engine_out { t.end.engine_out } else { 0 };
                    (
                        Station::Pilot,
                        e.landing,
                        t.end.landing.modifier(&sit) + out,
                    )
                }
                _ => return,
            };
            let man = s.crew().at(post).unwrap();
            let skill = e.of(man.missions, what);
            assert_eq!(
                th.modifier - base,
                skill,
                "{:?}, {} missions",
                th.table,
                man.missions
            );
            if man.missions >= e.veteran {
                veteran[usize::from(th.table == TableId::G1)] += 1;
            }
        });
    }
    assert!(veteran.iter().all(|&n| n > 0), "{veteran:?}");
}

/// Docs/RULES.md, "The tour's rating" and "Off operations" (ours): the
/// rating is the victory points less 8 a man killed, 5 a man captured, 2
/// a man seriously wounded and 5 a bomber written off; a crew that has had three bombers written
/// off is taken off operations at once, and the tour ends.
#[test]
fn the_rating_prices_the_men_lost_and_the_bombers_written_off_and_three_of_them_end_the_tour() {
    use tally_ho::blitz::ai::{Crew, Policy};
    let (mut ended_early, mut full) = (0, 0);
    for seed in 0..60 {
        let mut g = Game::new(tables(), Setup::default(), seed);
        play_out(&mut g, &mut Crew::new(Policy::Bold), 20_000).unwrap();
        let r = g.raids();
        let (k, c, w) = r.iter().fold((0, 0, 0), |(k, c, w), r| {
            (
                k + r.killed as i32,
                c + r.captured as i32,
                w + r.wounded as i32,
            )
        });
        let lost = g.written_off();
        let lost_bombers = r
            .iter()
            .filter(|r| matches!(r.ending, Ending::Lost(_)))
            .count() as i32;
        assert_eq!(lost as i32, lost_bombers);
        assert_eq!(
            g.rating(),
            g.points() as i32 - 8 * k - 5 * c - 2 * w - 5 * lost_bombers
        );
        if g.off_operations() {
            ended_early += 1;
            assert_eq!(lost, 3);
            // The third write-off was the last mission flown.
            assert!(matches!(r.last().unwrap().ending, Ending::Lost(_)));
            assert!(g.night() < g.last_night());
            let off = g
                .events()
                .iter()
                .position(|e| *e == Event::OffOperations)
                .unwrap();
            assert_eq!(g.events()[off + 1], Event::Phase(Phase::Over));
            assert_eq!(g.events().len(), off + 2);
        } else {
            full += 1;
            assert!(lost < 3 || g.night() == g.last_night(), "{lost} lost");
            assert!(!g.events().contains(&Event::OffOperations));
        }
        assert!(g.is_over());
    }
    assert!(ended_early > 0 && full > 0, "{ended_early} {full}");
}

/// Docs/RULES.md, "Fuel" (ours): after the first night a raid is loaded
/// for its zones there and back by the shortest way and 5 Fuel Boxes of
/// reserve; at the briefing the crew may trade bombs for 6 more (to the
/// full 30), once, and an aiming-point run then scores a point less; a
/// zone of bad weather costs a Fuel Box more.
#[test]
fn a_raid_is_fuelled_for_the_way_there_and_back_and_extra_fuel_costs_the_aiming_point() {
    use tally_ho::blitz::{BombRun, Zone};
    let t = tables();
    let base = Zone::parse(&t.nights.base).unwrap();
    let (mut extra, mut aimed, mut winds) = (0, 0, 0);
    for seed in 0..60 {
        let mut g = Game::new(t.clone(), Setup::default(), seed);
        while let Some(c) = ai::Crew::AUTO.decide(&g) {
            let c = if g.phase() == Phase::Briefing && c == Command::TakeOff {
                // Odd seeds take the extra fuel whenever it is offered.
                let m = g.mission().unwrap();
                if m.night != t.calendar.first_night && !m.extra_fuel {
                    assert_eq!(m.fuel, (2 * base.steps_to(m.target) + 5).min(30));
                }
                if seed % 2 == 1 && g.legal_commands().contains(&Command::ExtraFuel) {
                    let before = m.fuel;
                    g.play(Command::ExtraFuel).unwrap();
                    assert_eq!(g.mission().unwrap().fuel, (before + 6).min(30));
                    assert!(!g.legal_commands().contains(&Command::ExtraFuel), "once");
                    extra += 1;
                }
                Command::TakeOff
            } else {
                c
            };
            let n = g.events().len();
            g.play(c).unwrap();
            for e in &g.events()[n..] {
                match e {
                    Event::Headwind(k) => {
                        assert_eq!(*k, 1);
                        winds += 1;
                    }
                    Event::Bombed { run, points } => {
                        let m = g.mission().unwrap();
                        let (city, aim) = if m.london {
                            t.end.london_points
                        } else {
                            t.end.points
                        };
                        let want = match run {
                            BombRun::OnTheAimingPoint if m.extra_fuel => aim - 1,
                            BombRun::OnTheAimingPoint => aim,
                            BombRun::OnTheCity => city,
                            BombRun::Wide => 0,
                        };
                        assert_eq!(*points, want, "{run:?}, extra fuel {}", m.extra_fuel);
                        aimed += usize::from(m.extra_fuel && *run == BombRun::OnTheAimingPoint);
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        extra > 0 && aimed > 0 && winds > 0,
        "{extra} {aimed} {winds}"
    );
}

/// The crew's situation as the game last set it, with the event that
/// follows: every throw of `table` in the auto crew's tours from seeds
/// `seeds`, with the state it was thrown in.
fn throws_of(table: TableId, seeds: std::ops::Range<u64>) -> Vec<(State, Thrown)> {
    let mut out = Vec::new();
    for seed in seeds {
        let g = tour(seed);
        walk(&g, |s, e| {
            if let Event::Thrown(t) = e {
                if t.table == table {
                    out.push((s.clone(), t.clone()));
                }
            }
        });
    }
    out
}

/// The amendments' London modifiers, hooked up in play: +1 on D-2 and +2
/// on D-3 over London, and neither over another city (docs/RULES.md,
/// "The defences").
#[test]
fn in_play_london_adds_1_to_d2_and_2_to_d3_and_no_other_city_does() {
    for (table, london_adds) in [(TableId::D2, 1), (TableId::D3, 2)] {
        let mut seen = [0u32; 2];
        for (s, t) in throws_of(table, 0..40) {
            let m = s.mission().unwrap();
            let b = m.bomber.as_ref().unwrap();
            // A plain night over the target: good weather, no full moon,
            // above 3,000 metres, both engines, and (for D-3) unlit, so no
            // other modifier applies.
            let plain = m.weather == Weather::Good
                && m.moon != tally_ho::blitz::Moon::Full
                && !b.low
                && !b.engine_out
                && (table == TableId::D2 || m.lights == tally_ho::blitz::Searchlights::Blocked);
            if !plain || b.zone != m.target {
                continue;
            }
            let expected = if m.london { london_adds } else { 0 };
            assert_eq!(t.modifier, expected, "{table:?} over {}", m.city);
            seen[m.london as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{table:?}: {seen:?}");
    }
}

/// The spring modifier, hooked up in play: B-1 and C-1 read 1 less from
/// 16 March 1941 (`spring_from`), and not before.
#[test]
fn in_play_b1_and_c1_read_1_less_from_16_march_1941() {
    let spring = Date::new(1941, 3, 16).unwrap();
    for table in [TableId::B1, TableId::C1] {
        let mut seen = [0u32; 2];
        for (s, t) in throws_of(table, 0..30) {
            let after = s.night() >= spring;
            assert_eq!(
                t.modifier,
                if after { -1 } else { 0 },
                "{table:?} on {}",
                s.night()
            );
            seen[after as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 0), "{table:?}: {seen:?}");
    }
}

/// Follow-up raids, hooked up in play: a follow-up flies against the last
/// mission's city, never London, one to five nights after it.
#[test]
fn in_play_a_follow_up_raid_returns_to_the_last_missions_city_within_five_nights() {
    let mut follow_ups = 0;
    for seed in 0..30 {
        let g = tour(seed);
        let raids = g.raids();
        for (i, r) in raids.iter().enumerate() {
            if r.why != tally_ho::blitz::Why::FollowUp {
                continue;
            }
            follow_ups += 1;
            let last = raids[..i]
                .iter()
                .rev()
                .find(|p| p.flown)
                .expect("a mission before it");
            assert_eq!(r.city, last.city, "{}", r.night);
            assert_ne!(r.city, "London");
            let nights = r.night.since(last.night);
            assert!((1..=5).contains(&nights), "{nights} nights after");
        }
    }
    assert!(follow_ups > 10, "{follow_ups}");
}

/// "Avoiding bad weather in the Target City Zone stops your mission
/// counting as successful": in play the avoidance aborts the mission and
/// jettisons the bombs, so no bomb run follows and the mission scores
/// nothing (docs/RULES.md says why the rule adds nothing to the abort).
#[test]
fn in_play_avoiding_bad_weather_over_the_target_scores_nothing_and_makes_no_bomb_run() {
    let mut avoided = 0;
    for seed in 0..40 {
        let mut g = Game::new(tables(), Setup::default(), seed);
        while g.to_act().is_some() {
            let at_target = g
                .mission()
                .is_some_and(|m| m.bomber.as_ref().is_some_and(|b| b.zone == m.target));
            if g.phase() == Phase::Weather && at_target && g.check(&Command::AvoidWeather).is_ok() {
                let raids = g.raids().len();
                g.play(Command::AvoidWeather).unwrap();
                avoided += 1;
                let m = g.mission().unwrap();
                assert!(m.avoided_at_target);
                assert!(!m.bomber.as_ref().is_some_and(|b| b.bombs), "jettisoned");
                while g.raids().len() == raids {
                    assert_ne!(g.phase(), Phase::Target, "no bomb run after it");
                    let c = ai::Crew::AUTO.decide(&g).unwrap();
                    g.play(c).unwrap();
                }
                let r = g.raids().last().unwrap();
                assert_eq!((r.points, r.bombed), (0, false));
                continue;
            }
            let c = ai::Crew::AUTO.decide(&g).unwrap();
            g.play(c).unwrap();
        }
    }
    assert!(avoided > 0, "{avoided}");
}

/// On one engine over the target the auto crew aborts instead of the bomb
/// run, and the flak reads +3 for a bomber on one engine in play (the bold
/// crew, which never aborts, flies the runs).
#[test]
fn in_play_a_bomber_on_one_engine_draws_3_more_on_d3_and_the_auto_crew_aborts_over_the_target() {
    use tally_ho::blitz::ai::{Crew, Policy};
    let (mut aborts, mut seen) = (0, 0);
    for seed in 0..200 {
        let mut g = Game::new(tables(), Setup::default(), seed);
        let bold = Crew::new(Policy::Bold);
        while g.to_act().is_some() {
            if g.phase() == Phase::Target && g.bomber().unwrap().engine_out {
                assert_eq!(Crew::AUTO.decide(&g), Some(Command::Abort));
                aborts += 1;
            }
            let c = bold.decide(&g).unwrap();
            g.play(c).unwrap();
        }
        walk(&g, |s, e| {
            let Event::Thrown(t) = e else { return };
            if t.table != TableId::D3 {
                return;
            }
            let m = s.mission().unwrap();
            let b = m.bomber.as_ref().unwrap();
            let plain = m.weather == Weather::Good
                && !m.london
                && !b.low
                && m.lights == tally_ho::blitz::Searchlights::Blocked;
            if plain {
                assert_eq!(t.modifier, if b.engine_out { 3 } else { 0 });
                seen += b.engine_out as u32;
            }
        });
    }
    assert!(aborts > 0 && seen > 0, "{aborts} {seen}");
}

/// A throw carries the table's own result, typed, and the event that
/// follows it says the same: C-1's weather, D-2's searchlights and D-3's
/// flak (with whether it brought the bomber down).
#[test]
fn a_throw_carries_its_tables_typed_result_and_the_event_after_it_agrees() {
    use tally_ho::blitz::Reading;
    let mut seen = [0u32; 3];
    for seed in 0..10 {
        let g = tour(seed);
        let e = g.events();
        for (i, ev) in e.iter().enumerate() {
            let Event::Thrown(t) = ev else { continue };
            let next = e.get(i + 1);
            match (&t.read, next) {
                (Reading::Weather(w), Some(Event::Weather(n))) if t.table == TableId::C1 => {
                    assert_eq!(w, n);
                    seen[0] += 1;
                }
                (Reading::Searchlights(l), Some(Event::Lights(n))) => {
                    assert_eq!(l, n);
                    seen[1] += 1;
                }
                (Reading::Flak { flak, .. }, Some(Event::Flak(n))) => {
                    assert_eq!(flak, n);
                    seen[2] += 1;
                }
                (r, n) if matches!(t.table, TableId::C1 | TableId::D2 | TableId::D3) => {
                    panic!("{:?} read {r:?}, then {n:?}", t.table)
                }
                _ => {}
            }
            // Every reading is said in plain words.
            let said = t.read.to_string();
            assert!(!said.is_empty() && !said.contains('(') || said.starts_with("no mission ("));
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
