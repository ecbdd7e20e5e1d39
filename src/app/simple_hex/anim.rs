//! Simple Hex's events as animations and log lines: each event is read with
//! the state just before and just after it.

use super::{Disp, FaceDown, HexGame, HexScene};
use crate::app::board_view::{dot_colour, side_fill};
use crate::app::table::Beat;
use crate::common::words::count;
use crate::common::Side;
use crate::settings::Scheme;
use crate::simple_hex::{Effect, Event, Loss, Outcome, PlaneId, State, Step};
use crate::sound::Sfx;
use hexx::Hex;
use macroquad::prelude::*;

/// A line of the dice log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub text: String,
    pub side: Option<Side>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    Move {
        plane: PlaneId,
        to: Hex,
        facing: crate::common::hex::Facing,
        hide: bool,
    },
    /// A burst of fire, and whether it `hit`; `back` when the target
    /// returns fire (and whether that hit).
    Shot {
        from: PlaneId,
        to: PlaneId,
        hit: bool,
        back: Option<bool>,
    },
    Damage {
        plane: PlaneId,
    },
    Explode {
        plane: PlaneId,
    },
    Hide {
        plane: PlaneId,
    },
    Show {
        plane: PlaneId,
        hex: Hex,
        facing: crate::common::hex::Facing,
        damaged: bool,
    },
    /// The latest roll other than speed (a shot, bombs, activation, repair).
    Dice {
        faces: Vec<(u8, Color)>,
    },
    /// A change to the side's speed dice, shown together in the panel.
    Speed(SpeedNews),
    /// What a shot did to a plane, written over it on the board.
    Verdict {
        plane: PlaneId,
        verdict: Verdict,
    },
}

/// Where a plane's speed die is in its side's roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpeedDieState {
    /// Rolled with its side's; the plane has not flown it yet.
    Waiting,
    /// The plane is flying it now.
    Flying,
    /// Flown (or the plane is gone).
    Flown,
}

/// One of the speed dice a side rolled, as the panel shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeedDie {
    pub plane: PlaneId,
    pub side: Side,
    pub face: u8,
    pub state: SpeedDieState,
}

/// What an event does to the speed dice on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpeedNews {
    /// A die of a side's roll (the first of a new roll clears the old).
    Rolled {
        plane: PlaneId,
        side: Side,
        face: u8,
    },
    /// A plane's move begins, on `face` (rolled now under the earlier rule
    /// of records); `tumble` when it is the first move on a new roll.
    Flies {
        plane: PlaneId,
        side: Side,
        face: Option<u8>,
        tumble: bool,
    },
    /// The plane's move is over, or it left the mat.
    Done { plane: PlaneId },
    /// A new round or the end of an attack: the dice are picked up.
    Clear,
}

impl SpeedNews {
    /// The news in an event (`state` is any state of the same game: only
    /// the planes' sides are read).
    pub fn of(e: &Event, state: &State) -> Option<SpeedNews> {
        let side = |p: PlaneId| state.plane(p).side;
        Some(match *e {
            Event::SpeedRolled { plane, roll } => SpeedNews::Rolled {
                plane,
                side: side(plane),
                face: roll,
            },
            Event::MoveBegan {
                plane, speed_roll, ..
            } => SpeedNews::Flies {
                plane,
                side: side(plane),
                face: speed_roll,
                tumble: false,
            },
            Event::MoveEnded { plane }
            | Event::Destroyed { plane, .. }
            | Event::BrokeOff { plane } => SpeedNews::Done { plane },
            Event::RoundBegan { .. } | Event::AttackEnded { .. } => SpeedNews::Clear,
            _ => return None,
        })
    }
}

/// The side's speed dice as they stand after `news`.
pub fn follow_speed(dice: &mut Vec<SpeedDie>, news: SpeedNews) {
    let at = |dice: &Vec<SpeedDie>, plane| dice.iter().position(|d| d.plane == plane);
    match news {
        SpeedNews::Rolled { plane, side, face } => {
            // A new roll: the last one's dice are picked up first.
            if dice
                .iter()
                .any(|d| d.side != side || d.state != SpeedDieState::Waiting)
            {
                dice.clear();
            }
            dice.push(SpeedDie {
                plane,
                side,
                face,
                state: SpeedDieState::Waiting,
            });
        }
        SpeedNews::Flies {
            plane, side, face, ..
        } => match (at(dice, plane), face) {
            (Some(i), _) => dice[i].state = SpeedDieState::Flying,
            (None, Some(face)) => {
                // Rolled as the move begins (records of the earlier rule).
                if dice.iter().any(|d| d.side != side) {
                    dice.clear();
                }
                dice.push(SpeedDie {
                    plane,
                    side,
                    face,
                    state: SpeedDieState::Flying,
                });
            }
            (None, None) => {}
        },
        SpeedNews::Done { plane } => {
            if let Some(i) = at(dice, plane) {
                dice[i].state = SpeedDieState::Flown;
            }
        }
        SpeedNews::Clear => dice.clear(),
    }
}

/// What a shot did to the plane it hit, as the board announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Miss,
    Damaged,
    ShotDown,
}

impl Verdict {
    /// The die's outcome on a plane, as the rules rule it (`Effect::of`).
    pub fn of(outcome: Outcome, was_damaged: bool) -> Verdict {
        match Effect::of(outcome, was_damaged) {
            Effect::Miss => Verdict::Miss,
            Effect::Damaged => Verdict::Damaged,
            Effect::ShotDown => Verdict::ShotDown,
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Verdict::Miss => "MISS",
            Verdict::Damaged => "DAMAGED",
            Verdict::ShotDown => "SHOT DOWN",
        }
    }
}

fn roll_colour(side: Side) -> Color {
    side_fill(side, Scheme::Classic)
}

/// The log line an event makes, if any.
fn line(before: &State, e: &Event, after: &State, fd: &FaceDown) -> Option<LogLine> {
    let side_of = |p: PlaneId| Some(after.plane(p).side);
    let (text, side) = match e {
        Event::AttackBegan { attack } => (format!("Attack {attack} begins"), None),
        Event::RepairRolled {
            plane,
            roll,
            returned,
        } => (
            format!(
                "Repair {}: rolled {roll}, {}",
                fd.short(after, *plane),
                if *returned {
                    "returns"
                } else {
                    "stays in the shop"
                }
            ),
            side_of(*plane),
        ),
        Event::ActivationRolled {
            plane,
            roll,
            activated,
        } => (
            format!(
                "Activation {}: rolled {roll}, {}",
                fd.short(after, *plane),
                if *activated { "flies" } else { "stays home" }
            ),
            side_of(*plane),
        ),
        Event::MoveBegan {
            plane,
            speed_roll: Some(r),
            allowance,
        } => (
            format!(
                "Speed {}: rolled {r}, {}",
                fd.short(after, *plane),
                count(allowance, "hex", "hexes")
            ),
            side_of(*plane),
        ),
        Event::Fired {
            attacker,
            target,
            angle,
            roll,
            outcome,
            return_roll,
            return_outcome,
        } => {
            let mut t = format!(
                "{} fires on {} ({}): {roll}, {:?}",
                fd.short(after, *attacker),
                fd.short(after, *target),
                angle.name(),
                outcome
            );
            if let Some(r) = return_roll {
                t.push_str(&format!("; return fire {r}, {return_outcome:?}"));
            }
            (t, side_of(*attacker))
        }
        Event::Bombed {
            plane,
            rolls,
            points,
        } => (
            format!(
                "{} bombs: {:?} = {points} (total {})",
                fd.short(after, *plane),
                rolls,
                after.score()
            ),
            Some(Side::German),
        ),
        Event::Destroyed { plane, loss } => {
            let why = match loss {
                Loss::CannotMove => "cannot move",
                _ => "shot down",
            };
            // The line belongs to the side that did it (the shooter's, or
            // the plane's own when it could not move): a hand-over lists
            // what the other side did since this side's last line.
            let by = match loss {
                Loss::Killed { by } | Loss::DamagedAgain { by } => *by,
                Loss::CannotMove => *plane,
            };
            (
                format!("{} destroyed ({why})", fd.short(before, *plane)),
                side_of(by),
            )
        }
        Event::AttackEnded { attack, score } => {
            (format!("Attack {attack} over: bomb score {score}"), None)
        }
        Event::GameOver { winner, score } => (
            format!("{} win with the score at {score}", winner.name()),
            None,
        ),
        _ => return None,
    };
    Some(LogLine { text, side })
}

/// The beats of one event: its log line, then its animations.
pub(super) fn beats(
    before: &State,
    e: &Event,
    after: &State,
    fd: &FaceDown,
    out: &mut Vec<Beat<Anim, LogLine>>,
) {
    if let Some(l) = line(before, e, after, fd) {
        out.push(Beat::Log(l));
    }
    if let Some(mut news) = SpeedNews::of(e, after) {
        if let SpeedNews::Flies {
            plane,
            side,
            face,
            tumble,
        } = &mut news
        {
            // The side's dice tumble as its first plane sets off (a bomber,
            // for the Luftwaffe), or a lone die as it is rolled.
            let set_off = !before.planes().iter().any(|p| p.side == *side && p.moved)
                && before
                    .planes()
                    .iter()
                    .any(|p| p.side == *side && p.speed_roll.is_some());
            *tumble = set_off || (face.is_some() && before.plane(*plane).speed_roll.is_none());
        }
        out.push(Beat::Anim(Anim::Speed(news)));
    }
    let mut anim = |a: Anim| out.push(Beat::Anim(a));
    match e {
        Event::Placed {
            plane,
            hex,
            facing,
            damaged,
        } => anim(Anim::Show {
            plane: *plane,
            hex: *hex,
            facing: *facing,
            damaged: *damaged,
        }),
        Event::Staged { plane, .. } => {
            if let Some((hex, facing, _)) = after.position(*plane) {
                anim(Anim::Show {
                    plane: *plane,
                    hex,
                    facing,
                    damaged: after.plane(*plane).damaged,
                });
            }
        }
        Event::ActivationRolled { plane, roll, .. } | Event::RepairRolled { plane, roll, .. } => {
            anim(Anim::Dice {
                faces: vec![(*roll, dot_colour(after.plane(*plane).colour))],
            })
        }
        Event::Stepped {
            plane, to, facing, ..
        } => anim(Anim::Move {
            plane: *plane,
            to: *to,
            facing: *facing,
            hide: false,
        }),
        Event::Exited { plane, step, .. } => {
            // Off the edge from where the plane was before it left.
            if let Some((hex, facing, _)) = before.position(*plane) {
                let facing = step_turn(*step, facing);
                anim(Anim::Move {
                    plane: *plane,
                    to: facing.ahead(hex),
                    facing,
                    hide: true,
                });
            }
        }
        Event::Bombed { rolls, .. } => anim(Anim::Dice {
            faces: rolls
                .iter()
                .map(|&r| (r, roll_colour(Side::German)))
                .collect(),
        }),
        Event::Fired {
            attacker,
            target,
            roll,
            outcome,
            return_roll,
            return_outcome,
            ..
        } => {
            let mut faces = vec![(*roll, roll_colour(after.plane(*attacker).side))];
            if let Some(r) = return_roll {
                faces.push((*r, roll_colour(after.plane(*target).side)));
            }
            anim(Anim::Shot {
                from: *attacker,
                to: *target,
                hit: *outcome != Outcome::Miss,
                back: return_roll.map(|_| *return_outcome != Outcome::Miss),
            });
            anim(Anim::Dice { faces });
            anim(Anim::Verdict {
                plane: *target,
                verdict: Verdict::of(*outcome, before.plane(*target).damaged),
            });
            if return_roll.is_some() {
                anim(Anim::Verdict {
                    plane: *attacker,
                    verdict: Verdict::of(*return_outcome, before.plane(*attacker).damaged),
                });
            }
        }
        Event::Damaged { plane } => anim(Anim::Damage { plane: *plane }),
        Event::Destroyed { plane, .. } => anim(Anim::Explode { plane: *plane }),
        Event::BrokeOff { plane } => anim(Anim::Hide { plane: *plane }),
        Event::AttackEnded { .. } => out.push(Beat::Pause(0.6)),
        _ => {}
    }
}

/// One plane's burst of tracer on its way to another: where it flies, the
/// dashes in the air now, and the sparks where they strike.
#[derive(Clone, Debug, PartialEq)]
pub struct Burst {
    pub shooter: PlaneId,
    pub target: PlaneId,
    /// The shooter's and the target's centres.
    pub from: Vec2,
    pub to: Vec2,
    /// Whether it hits (a miss flies on past the target).
    pub hit: bool,
    /// How far through the shot (0 to 1).
    pub k: f32,
    /// Each dash in the air, tail to head.
    pub dashes: Vec<(Vec2, Vec2)>,
    /// Sparks on the target where dashes struck, each with its strength
    /// (1 as it strikes, fading to 0).
    pub sparks: Vec<(Vec2, f32)>,
}

impl Burst {
    /// The burst from `from` to `to`, `k` of the way through the shot (0 to
    /// 1), for planes `size` across: dashes leave the shooter's nose one
    /// after another and fly straight, into the target if the shot `hit`
    /// (a spark where each strikes), past it if not. `side` shifts the
    /// burst across its line, so return fire flies beside the attack.
    #[allow(clippy::too_many_arguments)]
    pub fn at(
        shooter: PlaneId,
        target: PlaneId,
        from: Vec2,
        to: Vec2,
        hit: bool,
        size: f32,
        k: f32,
        side: f32,
    ) -> Burst {
        let mut b = Burst {
            shooter,
            target,
            from,
            to,
            hit,
            k,
            dashes: Vec::new(),
            sparks: Vec::new(),
        };
        let along = to - from;
        let dist = along.length();
        if dist < 1.0 {
            return b;
        }
        let dir = along / dist;
        let shift = vec2(-dir.y, dir.x) * side * size * 0.1;
        // From the nose into the target's middle, or on past it.
        let start = from + dir * size * 0.35 + shift;
        let end = if hit {
            to + shift * 0.5
        } else {
            to + dir * size * 1.6 + shift
        };
        let run = (end - start).length().max(1.0);
        let dash = (run * 0.35).min(size * 0.55);
        for i in 0..DASHES {
            let t = (k - i as f32 * STAGGER) / TRAVEL;
            if t > 0.0 && t < 1.0 {
                let head = t * run;
                let tail = (head - dash).max(0.0);
                b.dashes.push((start + dir * tail, start + dir * head));
            } else if hit && (1.0..1.0 + SPARK).contains(&t) {
                b.sparks.push((end, 1.0 - (t - 1.0) / SPARK));
            }
        }
        b
    }
}

/// Dashes in a burst, how far apart they leave (in parts of the shot), how
/// long each flies, and how long a spark lasts (in parts of a flight). The
/// last dash strikes just before the shot ends.
const DASHES: usize = 5;
const STAGGER: f32 = 0.11;
const TRAVEL: f32 = 0.5;
const SPARK: f32 = 0.12;

fn step_turn(step: Step, facing: crate::common::hex::Facing) -> crate::common::hex::Facing {
    step.turn(facing)
}

/// How long an animation takes at normal speed.
pub fn length(a: &Anim) -> f32 {
    let k = 0.18;
    match a {
        Anim::Move { .. } => k,
        Anim::Shot { .. } => k * 3.0,
        Anim::Explode { .. } => k * 3.0,
        Anim::Dice { .. } => k * 2.5,
        Anim::Damage { .. } => k,
        Anim::Speed(SpeedNews::Flies { tumble: true, .. }) => k * 2.5,
        Anim::Speed(_) => 0.0,
        Anim::Hide { .. } | Anim::Show { .. } | Anim::Verdict { .. } => 0.0,
    }
}

impl<G: HexGame> HexScene<G> {
    /// An animation starts: its sound and its effect.
    pub(super) fn start_anim(&mut self, a: &Anim, len: f32, sounds: &mut Vec<Sfx>) {
        match a {
            Anim::Shot { .. } => sounds.push(Sfx::Guns),
            Anim::Explode { plane } => {
                sounds.push(Sfx::Explosion);
                let d = self.disp[plane.0 as usize];
                self.explosions.push((self.view.center(d.hex), 0.0));
            }
            Anim::Damage { .. } => sounds.push(Sfx::Hit),
            Anim::Dice { faces } => {
                sounds.push(Sfx::Dice);
                self.dice = faces.clone();
                self.dice_spin = len;
            }
            Anim::Speed(news) => {
                if let SpeedNews::Flies { tumble: true, .. } = news {
                    sounds.push(Sfx::Dice);
                    self.speed_spin = len;
                }
                follow_speed(&mut self.speed, *news);
            }
            Anim::Verdict { plane, verdict } => {
                self.verdicts.push((*plane, *verdict, 0.0));
            }
            Anim::Move { .. } if sounds.is_empty() && len > 0.1 => sounds.push(Sfx::Engine),
            _ => {}
        }
    }

    /// An animation is over: the counters take its end.
    pub(super) fn finish_anim(&mut self, a: Anim) {
        match a {
            Anim::Move {
                plane,
                to,
                facing,
                hide,
            } => {
                let d = &mut self.disp[plane.0 as usize];
                d.hex = to;
                d.facing = facing;
                d.visible = !hide;
            }
            Anim::Damage { plane } => self.disp[plane.0 as usize].damaged = true,
            Anim::Explode { plane } | Anim::Hide { plane } => {
                self.disp[plane.0 as usize].visible = false
            }
            Anim::Show {
                plane,
                hex,
                facing,
                damaged,
            } => {
                self.disp[plane.0 as usize] = Disp {
                    hex,
                    facing,
                    visible: true,
                    damaged,
                }
            }
            Anim::Shot { .. } | Anim::Dice { .. } | Anim::Verdict { .. } | Anim::Speed(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plane_shot_down_is_logged_for_the_side_that_shot_it() {
        let app = crate::app::bench_app();
        let g = &app.battle().expect("the bench's battle").game;
        let s = g.state();
        let side = |p: u8| s.plane(PlaneId(p)).side;
        // A German and a British plane of the bench's mat.
        let german = (0..24).find(|&p| side(p) == Side::German).unwrap();
        let british = (0..24).find(|&p| side(p) == Side::British).unwrap();
        let destroyed = |plane: u8, loss: Loss| {
            line(
                s,
                &Event::Destroyed {
                    plane: PlaneId(plane),
                    loss,
                },
                s,
                &FaceDown::default(),
            )
            .expect("a log line")
            .side
        };
        let by = PlaneId(british);
        assert_eq!(destroyed(german, Loss::Killed { by }), Some(Side::British));
        assert_eq!(
            destroyed(german, Loss::DamagedAgain { by }),
            Some(Side::British)
        );
        // Return fire: the attacker falls to the target's side.
        let by = PlaneId(german);
        assert_eq!(destroyed(british, Loss::Killed { by }), Some(Side::German));
        // A plane with nowhere to go is its own side's doing.
        assert_eq!(destroyed(german, Loss::CannotMove), Some(Side::German));
    }
}
