//! The only writer of a family game's state (after the opening): one event
//! applied.

use super::{Bomber, Order, State};
use crate::common::hex::{End, Facing};
use crate::family::Event;

/// Applies one event to the state. Pure: it rolls no dice.
pub fn apply(state: &mut State, ev: &Event) {
    let st = state;
    let cruising = st.scenario.rules.cruising_altitude;
    match *ev {
        Event::BomberPlaced {
            bomber,
            at,
            facing,
            course,
            altitude,
        } => {
            st.bombers[bomber as usize] = Bomber {
                hex: at,
                facing,
                course,
                altitude,
                flown: false,
                gone: None,
                over_target: false,
            };
        }
        Event::SpitfirePlaced {
            seat,
            at,
            altitude,
            fuel,
        } => {
            let s = &mut st.spitfires[seat as usize];
            s.hex = at;
            s.altitude = altitude;
            s.fuel = fuel;
        }
        Event::KnockedOut { feature } => st.knocked_out[feature as usize] = true,
        Event::RoundBegan { round } => {
            st.round = round;
            let n = st.spitfires.len();
            // The order rotates by one each round: who went first goes last.
            // Last round's order turned by one (not the seat numbers shifted
            // by the round: with a commander out, that gave one commander
            // the first turn two rounds running).
            let mut order: Vec<u8> = if round == 1 {
                (0..n as u8).collect()
            } else {
                let mut o = st.order.clone();
                let by = 1.min(o.len());
                o.rotate_left(by);
                o
            };
            order.retain(|&s| st.spitfires[s as usize].in_play());
            st.order = order;
            st.turn_index = 0;
            st.turn_started = false;
            for b in &mut st.bombers {
                b.flown = b.gone.is_some();
            }
        }
        Event::Spun {
            bomber, altitude, ..
        } => {
            let b = &mut st.bombers[bomber as usize];
            b.altitude = altitude;
            b.flown = true;
        }
        Event::BomberFlew { bomber, to, facing } => {
            let b = &mut st.bombers[bomber as usize];
            b.hex = to;
            b.facing = facing;
        }
        Event::BomberBlocked { .. } => {}
        Event::BomberTurned { bomber } => {
            let b = &mut st.bombers[bomber as usize];
            b.course = End::South;
            b.facing = Facing::South;
        }
        Event::BomberReturned { bomber, .. } => {
            let start = st.scenario.starts[bomber as usize];
            let b = &mut st.bombers[bomber as usize];
            b.hex = start;
            b.facing = Facing::North;
            b.course = End::North;
            b.altitude = cruising;
            // It re-enters play next round.
            b.flown = true;
        }
        Event::BomberLeft { bomber, why } => {
            let b = &mut st.bombers[bomber as usize];
            b.gone = Some(why);
            b.flown = true;
        }
        Event::OverTarget { bomber } => st.bombers[bomber as usize].over_target = true,
        Event::Bombed { feature, .. } => st.knocked_out[feature as usize] = true,
        Event::SectorUndefended { .. } => {}
        Event::Ordered(o) => st.orders.push(o),
        Event::OrderLapsed => {
            st.orders.remove(0);
        }
        Event::NoAirfieldFree { .. } => {}
        Event::TurnBegan { .. } => st.turn_started = true,
        Event::TurnSkipped { seat } | Event::TurnEnded { seat } | Event::Briefed { seat } => {
            st.spitfires[seat as usize].briefing = false;
            st.turn_index += 1;
            st.turn_started = false;
        }
        Event::FuelBurned { seat, fuel } => st.spitfires[seat as usize].fuel = fuel,
        Event::TookOff { seat, altitude } | Event::Climbed { seat, altitude } => {
            st.spitfires[seat as usize].altitude = altitude;
        }
        Event::Flew { seat, to } => st.spitfires[seat as usize].hex = to,
        Event::Landed { seat, at, fuel } => {
            let s = &mut st.spitfires[seat as usize];
            s.hex = at;
            s.altitude = 0;
            s.fuel = fuel;
            if matches!(st.orders.first(), Some(Order::RadarLanding { seat: o }) if *o == seat) {
                st.orders.remove(0);
                s.briefing = true;
            }
        }
        Event::Waited { .. } => {}
        Event::GaveWay { seat, to } => {
            st.spitfires[seat as usize].hex = to;
            st.orders.remove(0);
        }
        Event::ShotDown { seat, .. } => st.spitfires[seat as usize].kills += 1,
        Event::Collided { .. } => {}
        Event::SpitfireLost { seat, cause } => {
            st.spitfires[seat as usize].lost = Some(cause);
        }
        Event::GameOver { winner, ending } => st.over = Some((winner, ending)),
    }
}
