//! The beam, the bomb run and the way home, with the amendments
//! (docs/RULES.md, "The night Blitz").

#[path = "common/blitz.rs"]
mod blitz_common;
use blitz_common::{placed, with};
use tally_ho::blitz::{
    Beam, BombRun, Bomber, Failure, Fate, Jump, MissionEnd, Moon, Searchlights, Situation, Weather,
    Zone, ZoneMap, ZoneSort,
};
use tally_ho::common::dice::Dice;
use tally_ho::data;

fn shipped() -> (ZoneMap, MissionEnd) {
    let map = data::load_blitz_map(&data::blitz_map_source()).unwrap();
    let end = data::load_blitz_mission_end(&data::blitz_mission_end_source()).unwrap();
    (map, end)
}

fn z(s: &str) -> Zone {
    Zone::parse(s).unwrap()
}

fn over_target() -> Situation {
    Situation {
        moon: Moon::Other,
        weather: Weather::Good,
        zone: ZoneSort::Target,
        london: false,
        low: false,
        in_stream: true,
        spotter: true,
        lights: Searchlights::Blocked,
        night: tally_ho::blitz::Date::new(1940, 12, 1).unwrap(),
        engine_out: false,
    }
}

fn bomber() -> Bomber {
    Bomber::new(z("K7"), 20)
}

#[test]
fn if_the_radio_beam_signal_is_jammed_you_may_not_roll_again_to_re_acquire_it() {
    let (_, e) = shipped();
    let mut dice = Dice::new(1);
    let mut jammed = 0;
    for _ in 0..2_000 {
        let mut b = bomber();
        let (r, beam) = e.roll_beam(b.beam_jammed, &mut dice).unwrap();
        assert_eq!(beam, *e.beam.get(r.total()));
        if beam == Beam::Jammed {
            jammed += 1;
            b.jam_beam();
            assert!(e.roll_beam(b.beam_jammed, &mut dice).is_none());
        }
    }
    assert!(jammed > 0);
}

#[test]
fn you_automatically_jettison_your_bombs_if_the_signal_is_jammed() {
    let (_, e) = shipped();
    let s = over_target();
    for seed in 0..200 {
        let mut jammed = bomber();
        jammed.jam_beam();
        assert!(!jammed.bombs, "jettisoned at once");
        // No bomb run, whatever beam is named afterwards.
        for beam in [
            None,
            Some(Beam::Jammed),
            Some(Beam::Weak),
            Some(Beam::OnTheBeam),
        ] {
            assert!(e
                .roll_bomb_run(beam, &jammed, &s, 0, &mut Dice::new(seed))
                .is_none());
        }
        let b = bomber();
        assert!(e
            .roll_bomb_run(Some(Beam::Jammed), &b, &s, 0, &mut Dice::new(seed))
            .is_none());
        for beam in [None, Some(Beam::Weak), Some(Beam::OnTheBeam)] {
            let (r, m, run) = e
                .roll_bomb_run(beam, &b, &s, 0, &mut Dice::new(seed))
                .unwrap();
            let bonus = if beam == Some(Beam::OnTheBeam) {
                e.on_the_beam
            } else {
                0
            };
            assert_eq!(m, e.bomb_run.modifier(&s) + bonus);
            assert_eq!(run, *e.bomb_run.table.get(r.total() + m));
        }
    }
}

#[test]
fn avoiding_bad_weather_in_the_target_city_zone_stops_your_mission_counting_as_successful() {
    let (_, e) = shipped();
    for london in [false, true] {
        for run in [BombRun::OnTheCity, BombRun::OnTheAimingPoint] {
            assert!(e.points(run, london, false) > 0);
            assert_eq!(e.points(run, london, true), 0);
        }
        assert_eq!(e.points(BombRun::Wide, london, false), 0);
    }
    assert!(
        e.points(BombRun::OnTheAimingPoint, false, false)
            >= e.points(BombRun::OnTheCity, false, false)
    );
}

#[test]
fn landings_mandated_by_b2_do_not_incur_the_minus_4_for_an_engine_out() {
    let (_, e) = shipped();
    assert_eq!(e.engine_out, -4);
    let s = over_target();
    let base = e.landing.modifier(&s);
    for seed in 0..200 {
        // Turned back by a glitch: an incipient problem, no engine out.
        let mut glitch = bomber();
        glitch.turn_back_for_glitch();
        assert!(glitch.bombs, "no jettison before the landing");
        let (_, m, _) = e.roll_landing(&s, &glitch, 0, &mut Dice::new(seed));
        assert_eq!(m, base, "a glitch's landing");
        // An engine that really failed costs the -4, glitch or not.
        for mut b in [bomber(), glitch.clone()] {
            b.fail(Failure::EngineOut, 2);
            let (r, m, l) = e.roll_landing(&s, &b, 0, &mut Dice::new(seed));
            assert_eq!(m, base - 4);
            assert_eq!(l, *e.landing.table.get(r.total() + m));
        }
    }
}

#[test]
fn in_zone_n9_you_need_at_least_1_remaining_fuel_box_to_land_rather_than_bail_out() {
    let (_, e) = shipped();
    assert_eq!(e.n9_fuel, 1);
    assert!(!e.may_land(z("N9"), 0));
    assert!(e.may_land(z("N9"), 1));
    // Elsewhere the rule does not bite.
    assert!(e.may_land(z("N6"), 0));
    assert!(e.may_land(z("M8"), 0));
}

#[test]
fn crewmen_who_survive_ditching_or_bailing_out_outside_the_green_zone_are_automatically_captured() {
    let (map, e) = shipped();
    for zone in map.zones() {
        let want = if map.is_green(zone) {
            Fate::Home
        } else {
            Fate::Captured
        };
        assert_eq!(e.come_down(&map, zone), want, "{zone}");
        for seed in 0..30 {
            let (_, jump, fate) = e.roll_jump(&map, zone, false, &mut Dice::new(seed));
            match jump {
                Jump::Killed => assert_eq!(fate, Fate::Killed),
                _ => assert_eq!(fate, want),
            }
            let (_, _, fate) = e.roll_ditching(&map, zone, &mut Dice::new(seed));
            if !map.is_green(zone) {
                assert_ne!(fate, Fate::Home, "{zone}: captured or lost");
            }
        }
    }
}

#[test]
fn a_bad_mission_end_file_is_reported_at_its_file_line_and_column() {
    let src = data::blitz_mission_end_source();
    let cases = [
        (
            "points: (2, 3)",
            "points: (3, 2)",
            "    points: (3, 2)",
            "worth less",
        ),
        (
            "engine_out: -4",
            "engine_out: -44",
            "engine_out:",
            "modifier",
        ),
        (
            "(from: 7, to: 9, then: Weak)",
            "(from: 8, to: 9, then: Weak)",
            "(from: 8, to: 9, then: Weak)",
            "run on from 7",
        ),
    ];
    for (from, to, at, says) in cases {
        let bad = with(&src, from, to);
        placed(
            &data::load_blitz_mission_end(&bad).unwrap_err(),
            &bad,
            at,
            says,
        );
    }
}
