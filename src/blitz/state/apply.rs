//! `apply`: the only writer of the state, one event at a time.

use super::*;

/// The only writer of the state: one event applied.
pub fn apply(s: &mut State, ev: &Event) {
    match ev {
        Event::Thrown(_) => {}
        Event::Night(d) => {
            s.night = *d;
            s.crew.new_night(*d);
            s.mission = None;
        }
        Event::Stood(_) => s.stood += 1,
        Event::OffOperations => s.off_operations = true,
        Event::Ordered {
            city,
            target,
            london,
            why,
            fuel,
            moon,
        } => {
            s.mission = Some(Mission {
                night: s.night,
                city: city.clone(),
                target: *target,
                london: *london,
                why: *why,
                fuel: *fuel,
                moon: *moon,
                bomber: None,
                track: Vec::new(),
                weather: Weather::Good,
                base_weather: None,
                beam: None,
                lights: Searchlights::Blocked,
                flak: None,
                run: None,
                points: 0,
                avoided_at_target: false,
                extra_fuel: false,
                attacks: 0,
                down: Vec::new(),
                ending: None,
            })
        }
        Event::BaseWeather(w) => {
            let m = s.mission_mut();
            m.base_weather = Some(*w);
            m.weather = *w;
        }
        Event::Ended(e) => s.mission_mut().ending = Some(*e),
        Event::TookOff(z) => {
            let m = s.mission_mut();
            m.bomber = Some(Bomber::new(*z, m.fuel));
            m.track.push((*z, m.weather));
        }
        Event::Glitch => s.bomber_mut().turn_back_for_glitch(),
        Event::Flew(h) => {
            let map = s.tables.clone();
            let m = s.mission_mut();
            let b = m.bomber.as_mut().expect("flying after the take-off");
            let _ = b.fly(*h, &map.map);
            let z = b.zone;
            m.track.push((z, m.weather));
        }
        Event::Weather(w) => {
            let m = s.mission_mut();
            m.weather = *w;
            if let Some(last) = m.track.last_mut() {
                last.1 = *w;
            }
        }
        Event::FuelBurnt => {
            let b = s.bomber_mut();
            b.fuel = b.fuel.saturating_sub(1);
        }
        Event::Headwind(boxes) => {
            let b = s.bomber_mut();
            b.fuel = b.fuel.saturating_sub(*boxes);
        }
        Event::ExtraFuel(fuel) => {
            let m = s.mission_mut();
            m.fuel = *fuel;
            m.extra_fuel = true;
        }
        Event::Failed { failure, leak } => s.bomber_mut().fail(*failure, *leak),
        Event::Aborted(why) => {
            let _ = s.bomber_mut().abort(*why);
        }
        Event::Descended => {
            let _ = s.bomber_mut().descend();
        }
        Event::Beam(b) => {
            s.mission_mut().beam = Some(*b);
            if *b == Beam::Jammed {
                s.bomber_mut().jam_beam();
            }
        }
        Event::Lights(l) => s.mission_mut().lights = *l,
        Event::Flak(f) => s.mission_mut().flak = Some(*f),
        Event::Bombed { run, points } => {
            let m = s.mission_mut();
            m.run = Some(*run);
            m.points = *points;
            if let Some(b) = m.bomber.as_mut() {
                b.bombs = false;
            }
        }
        Event::TurnedForHome => s.bomber_mut().turn_for_home(),
        Event::AvoidedAtTarget => s.mission_mut().avoided_at_target = true,
        Event::Wounded { position, wound } => {
            s.crew.hit(*position, *wound);
        }
        Event::ChangedPlaces { from, to } => {
            s.crew.change_places(*from, *to);
        }
        Event::CameDown { position, fate } => {
            s.mission_mut().down.push((*position, *fate));
            if *fate == Fate::Killed {
                s.crew.hit(*position, crate::blitz::crew::Wound::Killed);
            }
        }
        Event::Phase(p) => {
            s.phase = *p;
            if let Phase::Attacked { .. } = p {
                s.mission_mut().attacks += 1;
            }
        }
        Event::Debriefed => debrief(s),
    }
}

/// The mission counted: the crew's missions, wounds and losses, the tally,
/// and the last mission for A-1's follow-ups.
fn debrief(s: &mut State) {
    let Some(m) = s.mission.clone() else { return };
    let flown = m.flown();
    let mut wounded = 0;
    let mut killed = 0;
    for p in Station::ALL {
        if let Some(man) = s.crew.at(p) {
            match man.wound {
                Some(crate::blitz::crew::Wound::Serious) => wounded += 1,
                Some(crate::blitz::crew::Wound::Killed) => killed += 1,
                _ => {}
            }
        }
    }
    let captured: Vec<Station> = m
        .down
        .iter()
        .filter(|(_, f)| *f == Fate::Captured)
        .map(|(p, _)| *p)
        .collect();
    if flown {
        s.crew.after_mission(s.night, &s.tables.crew, &captured);
        s.last = Some(LastMission {
            city: m.city.clone(),
            night: s.night,
        });
    }
    s.raids.push(Raid {
        night: m.night,
        city: m.city.clone(),
        why: m.why,
        ending: m.ending.unwrap_or(crate::blitz::event::Ending::Scrubbed),
        flown,
        bombed: m.run.is_some(),
        points: m.points,
        aborted: m.bomber.as_ref().and_then(|b| b.aborted),
        attacks: m.attacks,
        wounded,
        killed,
        captured: captured.len() as u8,
    });
}
