//! The family game's events as animations and log lines: each event is read
//! with the state just before and just after it.

use super::{name, BDisp, FamilyScene};
use crate::app::table::Beat;
use crate::common::hex::Facing;
use crate::common::words::count;
use crate::family::{Ending, Event, FamilyGame, Game, Order, Return, State};
use crate::record::Player;
use crate::sound::Sfx;
use hexx::Hex;

#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    Spin {
        roll: u8,
        text: String,
    },
    BomberAlt {
        bomber: u8,
        altitude: u8,
    },
    BomberMove {
        bomber: u8,
        to: Hex,
        facing: Facing,
    },
    BomberJump {
        bomber: u8,
        to: BDisp,
    },
    Spit {
        seat: u8,
        hex: Hex,
        altitude: u8,
        fuel: Option<u8>,
    },
    Fuel {
        seat: u8,
        fuel: u8,
    },
    Kill {
        seat: u8,
        bomber: u8,
    },
    Knock {
        feature: u8,
    },
    Lost {
        seat: u8,
    },
    Explode {
        at: Hex,
    },
}

/// A line of the family log, and the commander whose own doing it tells
/// (their turn beginning, their flight, landing, kill), if any: what a
/// commander has missed since they last flew runs from their last line.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub text: String,
    pub seat: Option<u8>,
}

/// What a commander missed since they last flew: the lines after their
/// last own line, leaving out the lines of the turn now beginning (their
/// turn's start, their fuel).
pub fn missed(log: &[LogLine], seat: u8) -> &[LogLine] {
    let mine = |l: &LogLine| l.seat == Some(seat);
    let end = log.iter().rposition(|l| !mine(l)).map_or(0, |i| i + 1);
    let from = log[..end].iter().rposition(mine).map_or(0, |i| i + 1);
    &log[from..end]
}

/// A commander's flight being read square by square: their square and
/// altitude before it. Its line is written once it is over, when the next
/// event comes (a kill, a collision, the end of the turn).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flight {
    seat: u8,
    from: Hex,
    altitude: u8,
}

/// The line for a flight that is over: where the Spitfire went, and its
/// altitude now.
fn flight_line(g: &Game, players: &[Player], f: Flight, now: &State) -> LogLine {
    let s = now.spitfire(f.seat);
    let who = name(g, players, f.seat);
    let at = g.scenario().cell_name(s.hex);
    let change = if s.altitude > f.altitude {
        Some("climbs")
    } else if s.altitude < f.altitude {
        Some("dives")
    } else {
        None
    };
    let text = match (s.hex == f.from, change) {
        (true, Some(c)) => format!("{who} {c} to {} over {at}", s.altitude),
        (true, None) => format!("{who} stays over {at} at {}", s.altitude),
        (false, Some(c)) => format!("{who} {c} to {} and flies to {at}", s.altitude),
        (false, None) => format!("{who} flies to {at} at {}", s.altitude),
    };
    LogLine {
        text,
        seat: Some(f.seat),
    }
}

pub(super) fn climb_text(c: i8) -> String {
    match c {
        0 => "same".into(),
        c if c > 0 => format!("+{c}"),
        c => c.to_string(),
    }
}

/// The log line an event makes, if any, and the commander whose doing it
/// tells.
fn line(g: &Game, players: &[Player], e: &Event, after: &State) -> Option<LogLine> {
    let sc = g.scenario();
    let who = |seat: u8| name(g, players, seat);
    let by = match *e {
        Event::TurnBegan { seat }
        | Event::FuelBurned { seat, .. }
        | Event::TookOff { seat, .. }
        | Event::Landed { seat, .. }
        | Event::Waited { seat }
        | Event::GaveWay { seat, .. }
        | Event::ShotDown { seat, .. } => Some(seat),
        _ => None,
    };
    let text = match *e {
        Event::RoundBegan { round } => format!("Round {round}"),
        Event::Spun {
            bomber,
            climb,
            heading,
            altitude,
            ..
        } => format!(
            "{}: spinner {}, {} - now at {altitude}",
            super::plane_name(g, bomber),
            climb_text(climb),
            heading.name()
        ),
        Event::BomberBlocked { bomber } => format!(
            "{}: another bomber's square - it stays where it was",
            super::plane_name(g, bomber)
        ),
        Event::BomberTurned { bomber } => {
            format!(
                "{} reached the north edge and turns south",
                super::plane_name(g, bomber)
            )
        }
        Event::BomberReturned { bomber, why } => format!(
            "Bomber {} back to its start square ({})",
            bomber + 1,
            match why {
                Return::ShotDown => "shot down",
                Return::Collision => "collision",
                Return::OutOfReach => "off the side: out of reach of its target",
                Return::Home => "flew home",
            }
        ),
        Event::BomberLeft { bomber, why } => format!(
            "{} leaves the battle ({})",
            super::plane_name(g, bomber),
            match why {
                Return::ShotDown => "shot down",
                Return::Collision => "collision",
                Return::OutOfReach => "off the side: it turns back short of its target",
                Return::Home => "home",
            }
        ),
        Event::OverTarget { bomber } => format!(
            "{} is over {}: its bombs fall",
            super::plane_name(g, bomber),
            sc.raid.as_ref().map_or("its target", |r| r.target.as_str())
        ),
        Event::Bombed { bomber, feature } => {
            let f = sc.features[feature as usize];
            format!(
                "{} bombs the {} sector's {} at {}",
                super::plane_name(g, bomber),
                sc.sectors[f.sector as usize].name,
                f.kind.name(),
                sc.cell_name(f.hex)
            )
        }
        Event::SectorUndefended { sector } => format!(
            "{} sector has lost all its AA: its airfields are closed",
            sc.sectors[sector as usize].name
        ),
        Event::Ordered(Order::GiveWay { seat, bomber }) => format!(
            "{}: {} flies into your square - give way!",
            who(seat),
            super::plane_name(g, bomber).to_lowercase()
        ),
        Event::Ordered(Order::RadarLanding { seat }) => {
            format!("{}: radar hit - land at once for new orders", who(seat))
        }
        Event::NoAirfieldFree { seat } => {
            format!("{}: no airfield free to land on; stays up", who(seat))
        }
        Event::TurnBegan { seat } => format!("{} to fly", who(seat)),
        Event::FuelBurned { seat, fuel } if fuel <= super::LOW_FUEL => {
            format!("{}: fuel low ({fuel} left)", who(seat))
        }
        Event::TookOff { seat, altitude } => format!("{} takes off to {altitude}", who(seat)),
        Event::Waited { seat } if after.spitfire(seat).on_ground() => {
            format!("{} waits on the ground", who(seat))
        }
        Event::Waited { seat } => format!("{} does nothing", who(seat)),
        Event::Landed { seat, at, fuel } => {
            format!("{} lands at {} (fuel {fuel})", who(seat), sc.cell_name(at))
        }
        Event::GaveWay { seat, to } => {
            format!("{} gives way to {}", who(seat), sc.cell_name(to))
        }
        Event::ShotDown { seat, bomber } => format!(
            "{} shoots down {}! ({})",
            who(seat),
            super::plane_name(g, bomber).to_lowercase(),
            count(after.spitfire(seat).kills, "kill", "kills")
        ),
        Event::Collided { seat, at, .. } => {
            format!("Collision at {}: {} crashes", sc.cell_name(at), who(seat))
        }
        Event::SpitfireLost { seat, cause } => {
            format!("{} is out of the game: {}", who(seat), cause.name())
        }
        Event::GameOver { winner, ending } => match (winner, ending) {
            (Some(w), _) => format!("{} wins!", who(w)),
            (None, Ending::AllOut) => "Every Spitfire is lost: the bombers win".into(),
            (None, Ending::RaidOver) => "The raid has left the board: the battle is over".into(),
            (None, Ending::Dusk) if g.is_raid() => {
                "The battle is over: what is left of the raid flies on".into()
            }
            (None, _) => "Nightfall: nobody wins".into(),
        },
        _ => return None,
    };
    Some(LogLine { text, seat: by })
}

/// The beats of one event: its log line, then its animations. `flight` is
/// the commander's flight read so far (its line waits for the flight to end).
#[allow(clippy::too_many_arguments)]
pub fn beats(
    g: &Game,
    players: &[Player],
    flight: &mut Option<Flight>,
    before: &State,
    e: &Event,
    after: &State,
    out: &mut Vec<Beat<Anim, LogLine>>,
) {
    match *e {
        Event::Climbed { seat, .. } | Event::Flew { seat, .. } => {
            if flight.is_some_and(|f| f.seat != seat) {
                let f = flight.take().expect("checked");
                out.push(Beat::Log(flight_line(g, players, f, before)));
            }
            let s = before.spitfire(seat);
            flight.get_or_insert(Flight {
                seat,
                from: s.hex,
                altitude: s.altitude,
            });
        }
        _ => {
            if let Some(f) = flight.take() {
                out.push(Beat::Log(flight_line(g, players, f, before)));
            }
        }
    }
    if let Some(l) = line(g, players, e, after) {
        out.push(Beat::Log(l));
    }
    let sc = g.scenario();
    let mut anim = |a: Anim| out.push(Beat::Anim(a));
    match *e {
        Event::Spun {
            bomber,
            roll,
            climb,
            heading,
            altitude,
        } => {
            anim(Anim::Spin {
                roll,
                text: format!(
                    "{}: {}, {}",
                    super::plane_name(g, bomber),
                    climb_text(climb),
                    heading.name()
                ),
            });
            anim(Anim::BomberAlt { bomber, altitude });
        }
        Event::BomberFlew { bomber, to, facing } => anim(Anim::BomberMove { bomber, to, facing }),
        Event::BomberTurned { bomber } => {
            let d = after.bombers()[bomber as usize];
            anim(Anim::BomberJump {
                bomber,
                to: BDisp {
                    hex: d.hex,
                    facing: Facing::South,
                    altitude: d.altitude,
                    gone: false,
                },
            });
        }
        Event::BomberReturned { bomber, why } => {
            if why == Return::ShotDown || why == Return::Collision {
                out.push(Beat::Pause(0.15));
            }
            out.push(Beat::Anim(Anim::BomberJump {
                bomber,
                to: BDisp {
                    hex: sc.starts[bomber as usize],
                    facing: Facing::North,
                    altitude: sc.rules.cruising_altitude,
                    gone: false,
                },
            }));
        }
        Event::BomberLeft { bomber, why } => {
            if why == Return::ShotDown || why == Return::Collision {
                out.push(Beat::Pause(0.15));
            }
            let d = before.bombers()[bomber as usize];
            out.push(Beat::Anim(Anim::BomberJump {
                bomber,
                to: BDisp {
                    hex: d.hex,
                    facing: d.facing,
                    altitude: d.altitude,
                    gone: true,
                },
            }));
        }
        Event::OverTarget { .. } => out.push(Beat::Pause(0.3)),
        Event::Bombed { feature, .. } => anim(Anim::Knock { feature }),
        Event::FuelBurned { seat, fuel } => anim(Anim::Fuel { seat, fuel }),
        Event::TookOff { seat, altitude } | Event::Climbed { seat, altitude } => {
            anim(Anim::Spit {
                seat,
                hex: before.spitfire(seat).hex,
                altitude,
                fuel: None,
            });
        }
        Event::Flew { seat, to } | Event::GaveWay { seat, to } => anim(Anim::Spit {
            seat,
            hex: to,
            altitude: before.spitfire(seat).altitude,
            fuel: None,
        }),
        Event::Landed { seat, at, fuel } => anim(Anim::Spit {
            seat,
            hex: at,
            altitude: 0,
            fuel: Some(fuel),
        }),
        Event::ShotDown { seat, bomber } => anim(Anim::Kill { seat, bomber }),
        Event::Collided { at, .. } => anim(Anim::Explode { at }),
        Event::SpitfireLost { seat, .. } => anim(Anim::Lost { seat }),
        Event::TurnEnded { .. } => out.push(Beat::Pause(0.1)),
        _ => {}
    }
}

/// How long an animation takes at normal speed.
pub fn length(a: &Anim) -> f32 {
    let k = 0.18;
    match a {
        Anim::Spin { .. } => k * 5.0,
        Anim::BomberMove { .. } | Anim::Spit { .. } => k * 1.2,
        Anim::Kill { .. } => k * 3.0,
        Anim::Knock { .. } | Anim::Explode { .. } | Anim::Lost { .. } => k * 2.5,
        Anim::BomberJump { .. } => k,
        Anim::BomberAlt { .. } | Anim::Fuel { .. } => 0.0,
    }
}

impl<G: FamilyGame> FamilyScene<G> {
    /// An animation starts: its sound and its effect.
    pub(super) fn start_anim(&mut self, a: &Anim, len: f32, sounds: &mut Vec<Sfx>) {
        match a {
            Anim::Spin { roll, text } => {
                sounds.push(Sfx::Dice);
                self.spin_face = roll - 1;
                self.spin_left = len;
                self.spin_len = len.max(0.01);
                self.spin_caption = text.clone();
            }
            Anim::Kill { seat, bomber } => {
                sounds.push(Sfx::Guns);
                let from = self.sdisp[*seat as usize].hex;
                let to = self.bdisp[*bomber as usize].hex;
                self.shots.push((from, to, 0.0));
                self.explosions.push((to, 0.0));
            }
            Anim::Knock { feature } => {
                sounds.push(Sfx::Bomb);
                if let Some(&h) = self.feature_hexes.get(*feature as usize) {
                    self.explosions.push((h, 0.0));
                }
            }
            Anim::Explode { at } => {
                sounds.push(Sfx::Explosion);
                self.explosions.push((*at, 0.0));
            }
            Anim::Lost { seat } => {
                sounds.push(Sfx::Explosion);
                let h = self.sdisp[*seat as usize].hex;
                self.explosions.push((h, 0.0));
            }
            Anim::BomberMove { .. } | Anim::Spit { .. } if sounds.is_empty() && len > 0.1 => {
                sounds.push(Sfx::Engine)
            }
            _ => {}
        }
    }

    /// An animation is over: the planes take its end.
    pub(super) fn finish_anim(&mut self, a: Anim) {
        match a {
            Anim::BomberAlt { bomber, altitude } => self.bdisp[bomber as usize].altitude = altitude,
            Anim::BomberMove { bomber, to, facing } => {
                let d = &mut self.bdisp[bomber as usize];
                d.hex = to;
                d.facing = facing;
            }
            Anim::BomberJump { bomber, to } => self.bdisp[bomber as usize] = to,
            Anim::Spit {
                seat,
                hex,
                altitude,
                fuel,
            } => {
                let d = &mut self.sdisp[seat as usize];
                d.facing = Facing::between(d.hex, hex).unwrap_or(d.facing);
                d.hex = hex;
                d.altitude = altitude;
                if let Some(f) = fuel {
                    d.fuel = f;
                }
            }
            Anim::Fuel { seat, fuel } => self.sdisp[seat as usize].fuel = fuel,
            Anim::Kill { seat, .. } => self.sdisp[seat as usize].kills += 1,
            Anim::Knock { feature } => self.knocked[feature as usize] = true,
            Anim::Lost { seat } => self.sdisp[seat as usize].visible = false,
            Anim::Spin { .. } | Anim::Explode { .. } => {}
        }
    }
}
