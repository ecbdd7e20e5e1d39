//! The bomber in flight, with the amendments' rules on headings, aborting,
//! the stream and height (docs/RULES.md, "The night Blitz").

use tally_ho::blitz::{Abort, Bomber, Failure, Heading, Leg, Refused, Station, Zone, ZoneMap};
use tally_ho::data;

fn map() -> ZoneMap {
    data::load_blitz_map(&data::blitz_map_source()).unwrap()
}

fn z(s: &str) -> Zone {
    Zone::parse(s).unwrap()
}

fn bomber() -> Bomber {
    Bomber::new(z("N8"), 30)
}

#[test]
fn your_bomber_may_fly_only_w_nw_or_n_when_outbound_and_only_e_se_or_s_when_homebound() {
    let m = map();
    for leg in [Leg::Outbound, Leg::Homebound] {
        for h in Heading::ALL {
            let mut b = Bomber::new(z("H5"), 30);
            b.leg = leg;
            let allowed = match leg {
                Leg::Outbound => matches!(h, Heading::W | Heading::NW | Heading::N),
                Leg::Homebound => matches!(h, Heading::E | Heading::SE | Heading::S),
            };
            let got = b.fly(h, &m);
            if allowed {
                assert_eq!(got, Ok(h.from(z("H5"), &m).unwrap()), "{leg:?} {h:?}");
                assert_eq!(b.fuel, 29);
            } else {
                assert_eq!(got, Err(Refused::Heading), "{leg:?} {h:?}");
                assert_eq!((b.zone, b.fuel), (z("H5"), 30));
            }
        }
    }
    // Orthogonal moves reach the same zone for more fuel: N then W is two
    // boxes where NW is one.
    let (mut a, mut b) = (bomber(), bomber());
    a.fly(Heading::NW, &m).unwrap();
    b.fly(Heading::N, &m).unwrap();
    b.fly(Heading::W, &m).unwrap();
    assert_eq!(a.zone, b.zone);
    assert_eq!(a.fuel, b.fuel + 1);
}

#[test]
fn a_move_needs_a_fuel_box_and_stays_on_the_map() {
    let m = map();
    let mut b = Bomber::new(z("A1"), 1);
    assert_eq!(b.fly(Heading::N, &m), Err(Refused::OffTheMap));
    assert_eq!(b.fly(Heading::W, &m), Err(Refused::OffTheMap));
    let mut b = Bomber::new(z("H5"), 0);
    assert_eq!(b.fly(Heading::N, &m), Err(Refused::NoFuel));
}

/// In play the bombs leave the bomber only over the target (D-5) or in a
/// jettison, and every jettison is an outbound abort: the bomber turns for
/// home and leaves the stream (the crew has no jettison of its own; the
/// jammed beam's and the abort's are the game's).
#[test]
fn you_must_abort_an_outbound_mission_if_you_jettison_your_bombs() {
    use tally_ho::blitz::{ai, Event, Game, Setup};
    use tally_ho::common::game::{play_out, Rules};
    let tables = std::sync::Arc::new(data::load_blitz().unwrap());
    let mut jettisons = 0;
    for seed in 0..20 {
        let mut g = Game::new(tables.clone(), Setup::default(), seed);
        play_out(&mut g, &mut ai::Crew::new(ai::Policy::Cautious), 20_000).unwrap();
        let mut s = g.initial_state();
        let events = g.events();
        for (i, e) in events.iter().enumerate() {
            let before = s.bomber().map(|b| (b.bombs, b.leg));
            Game::apply(&mut s, e);
            let after = s.bomber().map(|b| b.bombs);
            let (Some((true, leg)), Some(false)) = (before, after) else {
                continue;
            };
            if matches!(e, Event::Bombed { .. }) {
                continue;
            }
            jettisons += 1;
            assert_eq!(leg, Leg::Outbound);
            // An abort's jettison (chosen, or forced by a failure), or the
            // jammed beam's, which the abort follows at once.
            let mut s = s.clone();
            if let Event::Beam(tally_ho::blitz::Beam::Jammed) = e {
                assert_eq!(events[i + 1], Event::Aborted(Abort::Jettisoned));
                Game::apply(&mut s, &events[i + 1]);
            }
            let b = s.bomber().unwrap();
            assert_eq!(b.leg, Leg::Homebound);
            assert!(!b.in_stream && b.aborted.is_some());
        }
    }
    assert!(jettisons > 20, "{jettisons}");
}

#[test]
fn you_must_abort_an_outbound_mission_if_you_drop_below_3000_metres_and_stay_there() {
    let mut b = bomber();
    b.descend().unwrap();
    assert!(b.low && !b.in_stream);
    assert_eq!((b.leg, b.aborted), (Leg::Homebound, Some(Abort::Descended)));
    // "must remain below 3,000 metres for the rest of the mission"
    assert_eq!(b.descend(), Err(Refused::StaysLow));
    assert!(b.low);
}

#[test]
fn you_must_abort_an_outbound_mission_if_your_bomb_bay_doors_or_radio_beam_equipment_fail() {
    let mut b = bomber();
    b.fail(Failure::BombBayDoors, 2);
    assert_eq!(b.aborted, Some(Abort::BombBayDoors));
    // The doors do not open: the bombs stay aboard.
    assert!(b.bombs && !b.in_stream);
    let mut b = bomber();
    b.fail(Failure::BeamEquipment, 2);
    assert_eq!(b.aborted, Some(Abort::BeamEquipment));
    assert!(!b.beam_equipment && !b.in_stream && !b.bombs);
    // Other failures abort nothing.
    for f in [Failure::Fixed, Failure::FuelLeak, Failure::EngineOut] {
        let mut b = bomber();
        b.fail(f, 2);
        assert_eq!((b.leg, b.aborted), (Leg::Outbound, None), "{f:?}");
    }
    let mut b = bomber();
    b.fail(Failure::FuelLeak, 2);
    assert_eq!(b.fuel, 28);
}

/// The game's relief of a disabled pilot (`crew::relieve_pilot`, the
/// function the game calls): the first able man of engineer, radio
/// operator, gunner and bombardier takes the controls, and only the
/// bombardier's move, outbound, aborts the mission. (Seriously wounded or
/// killed, his abort is tested in play:
/// `an_outbound_bombardier_seriously_wounded_or_killed_aborts_the_mission_in_play`.)
#[test]
fn you_must_abort_an_outbound_mission_if_your_bombardier_moves_to_another_position() {
    use tally_ho::blitz::crew::{relieve_pilot, Relief, RELIEF};
    for mask in 0..16u32 {
        let able = |p: Station| {
            RELIEF
                .iter()
                .position(|&q| q == p)
                .is_some_and(|i| mask & (1 << i) != 0)
        };
        let first = RELIEF.into_iter().find(|&p| able(p));
        for outbound in [false, true] {
            let r = relieve_pilot(able, outbound);
            assert_eq!(r.map(|r| r.from), first, "{mask:04b}");
            if let Some(Relief { from, aborts }) = r {
                assert_eq!(
                    aborts,
                    from == Station::Bombardier && outbound,
                    "{mask:04b}"
                );
            }
        }
    }
    // Only the bombardier able: he moves, and outbound that aborts.
    let only = |p: Station| p == Station::Bombardier;
    assert_eq!(
        relieve_pilot(only, true),
        Some(Relief {
            from: Station::Bombardier,
            aborts: true
        })
    );
    assert_eq!(relieve_pilot(|_| false, true), None);
    // The abort the game then records: homebound, bombs jettisoned.
    let mut b = bomber();
    b.abort(Abort::Bombardier).unwrap();
    assert_eq!(
        (b.leg, b.aborted, b.bombs),
        (Leg::Homebound, Some(Abort::Bombardier), false)
    );
}

#[test]
fn you_leave_the_stream_if_the_radio_beam_equipment_fails_even_homebound() {
    let mut b = bomber();
    b.turn_for_home();
    b.fail(Failure::BeamEquipment, 2);
    assert!(!b.in_stream);
    assert_eq!(b.aborted, None);
}

#[test]
fn you_automatically_jettison_your_bombs_if_you_abort_the_mission_with_functional_bomb_bay_doors() {
    let mut b = bomber();
    b.abort(Abort::Chosen).unwrap();
    assert!(!b.bombs);
    assert_eq!(bomber().abort(Abort::Chosen).map(|_| ()), Ok(()));
    let mut b = bomber();
    b.turn_for_home();
    assert_eq!(b.abort(Abort::Chosen), Err(Refused::NotOutbound));
}

#[test]
fn bombs_may_not_be_jettisoned_before_the_landing_after_a_take_off_glitch() {
    let mut b = bomber();
    b.glitch = true;
    b.abort(Abort::Chosen).unwrap();
    assert!(b.bombs, "the bombs stay aboard for the landing");
}

#[test]
fn if_you_encounter_bad_weather_while_homebound_you_may_leave_the_stream_and_descend() {
    let mut b = bomber();
    assert!(
        !b.may_descend_for_weather(true),
        "outbound, descending is an abort"
    );
    b.turn_for_home();
    assert!(!b.may_descend_for_weather(false));
    assert!(b.may_descend_for_weather(true));
    b.descend().unwrap();
    assert_eq!(b.aborted, None);
    assert!(b.low && !b.in_stream);
    assert!(!b.may_descend_for_weather(true), "already there");
}
