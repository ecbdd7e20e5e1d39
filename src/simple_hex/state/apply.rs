//! The only writer of a Simple Hex game's state: one event applied.

use super::{Loc, Phase, State};
use crate::simple_hex::{ActiveMove, Event};

/// Applies one event to the state. Pure: it rolls no dice and reads nothing
/// but the state and the event.
pub fn apply(state: &mut State, ev: &Event) {
    let s = state;
    match *ev {
        Event::AttackBegan { attack } => {
            s.attack = attack;
            s.round = 0;
            s.phase = Phase::Between;
        }
        Event::RepairRolled {
            plane, returned, ..
        } => {
            if returned {
                let p = &mut s.planes[plane.0 as usize];
                p.loc = Loc::Hangar;
                p.damaged = false;
            }
        }
        Event::ActivationRolled {
            plane, activated, ..
        } => {
            if activated {
                s.planes[plane.0 as usize].loc = Loc::Activated;
            }
        }
        Event::Scrambled { plane } => s.planes[plane.0 as usize].loc = Loc::Activated,
        Event::EntryBegan { side } => s.phase = Phase::Entry { side },
        Event::Staged { plane, column } => {
            s.planes[plane.0 as usize].loc = Loc::Staged { column };
            // The side's last squadron is placed: entry is over for it.
            if let Phase::Entry { side } = s.phase {
                let waiting = s
                    .planes
                    .iter()
                    .any(|p| p.side == side && p.loc == Loc::Activated);
                if !waiting {
                    s.phase = Phase::Between;
                }
            }
        }
        Event::Placed {
            plane,
            hex,
            facing,
            damaged,
        } => {
            let p = &mut s.planes[plane.0 as usize];
            p.loc = Loc::Board { hex, facing };
            p.damaged = damaged;
            s.board.set(hex, Some(plane));
        }
        Event::RoundBegan { round } => {
            s.round = round;
            s.total_rounds += 1;
            for p in &mut s.planes {
                p.moved = false;
                p.speed_roll = None;
            }
        }
        Event::SpeedRolled { plane, roll } => s.planes[plane.0 as usize].speed_roll = Some(roll),
        Event::MoveBegan {
            plane,
            speed_roll,
            allowance,
        } => {
            // The moving plane is lifted off the mat until it stops.
            if let Some((hex, _)) = s.plane(plane).on_board() {
                s.board.set(hex, None);
            }
            s.planes[plane.0 as usize].speed_roll = None;
            s.phase = Phase::Moving(ActiveMove {
                plane,
                allowance,
                used: 0,
                attacked: false,
                speed_roll,
            });
        }
        Event::Stepped {
            plane,
            to,
            facing,
            cost,
            ..
        } => {
            s.planes[plane.0 as usize].loc = Loc::Board { hex: to, facing };
            if let Phase::Moving(m) = &mut s.phase {
                m.used += cost;
            }
        }
        Event::Exited { plane, .. } => {
            let p = &mut s.planes[plane.0 as usize];
            p.loc = if p.damaged { Loc::Repair } else { Loc::Hangar };
        }
        Event::Spotted { formation } => {
            for p in &mut s.planes {
                if p.formation == Some(formation) {
                    p.formation = None;
                }
            }
            super::sort_move_order(&mut s.move_order, &s.planes);
        }
        Event::Bombed { plane, points, .. } => {
            s.score += points;
            let p = &mut s.planes[plane.0 as usize];
            p.bomb_runs = p.bomb_runs.saturating_add(1);
        }
        Event::Fired { .. } => {
            if let Phase::Moving(m) = &mut s.phase {
                m.attacked = true;
            }
        }
        Event::Damaged { plane } => {
            let p = &mut s.planes[plane.0 as usize];
            p.damaged = true;
            p.damaged_round = s.total_rounds;
        }
        Event::Destroyed { plane, .. } => {
            if let Some((hex, _)) = s.plane(plane).on_board() {
                if s.board.get(hex) == Some(&plane) {
                    s.board.set(hex, None);
                }
            }
            s.planes[plane.0 as usize].loc = Loc::Destroyed;
        }
        Event::MoveEnded { plane } => {
            if let Some((hex, _)) = s.plane(plane).on_board() {
                s.board.set(hex, Some(plane));
            }
            s.planes[plane.0 as usize].moved = true;
            s.phase = Phase::Between;
        }
        Event::BrokeOff { plane } => {
            if let Some((hex, _)) = s.plane(plane).on_board() {
                s.board.set(hex, None);
            }
            let p = &mut s.planes[plane.0 as usize];
            p.loc = if p.damaged { Loc::Repair } else { Loc::Hangar };
            p.speed_roll = None;
        }
        Event::AttackEnded { .. } => s.phase = Phase::Between,
        Event::GameOver { winner, .. } => s.phase = Phase::Over { winner },
    }
}
