//! The one legality test of the family game, every command it accepts, and
//! why a command is refused.

use super::{Command, FeatureKind, Game, Order, Phase};
use crate::common::hex::Facing;
use crate::common::words::count;
use std::fmt;

/// Why a command is not allowed, as a sentence a player can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    NotSpinning,
    BombersFirst,
    NotYourTurn,
    OnTheGround,
    InTheAir,
    NotAClimb,
    TooHigh { max: u8 },
    TooLow,
    TooFar { squares: u8 },
    NotAdjacent,
    BadPath,
    OffBoard,
    Occupied,
    ClimbWithLongMove,
    NotAnAirfield,
    AirfieldBombed,
    SectorUndefended,
    NoOrder,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Illegal::*;
        match self {
            GameOver => write!(f, "The game is over."),
            NotSpinning => write!(f, "The bombers have all flown this round."),
            BombersFirst => write!(f, "The bombers move first: spin for the next one."),
            NotYourTurn => write!(f, "That is not what the game is waiting for."),
            OnTheGround => write!(f, "A Spitfire on the ground can only take off or wait."),
            InTheAir => write!(f, "This Spitfire is already in the air."),
            NotAClimb => write!(f, "Climb or dive by 1 or 2 notches."),
            TooHigh { max } => write!(f, "The pole ends at notch {max}."),
            TooLow => write!(f, "Only a landing brings a Spitfire down to the ground."),
            TooFar { squares } => write!(
                f,
                "That is more than {} away.",
                count(squares, "square", "squares")
            ),
            NotAdjacent => write!(f, "Giving way means moving to an adjacent square."),
            BadPath => write!(f, "A move goes square by square through neighbours."),
            OffBoard => write!(f, "That square is off the board."),
            Occupied => write!(f, "No two planes may share a square at the end of a turn."),
            ClimbWithLongMove => write!(
                f,
                "Moving two squares keeps the altitude; climb or dive with a one-square move."
            ),
            NotAnAirfield => write!(f, "There is no airfield there."),
            AirfieldBombed => write!(f, "That airfield has been bombed and cannot be used."),
            SectorUndefended => write!(
                f,
                "That sector has lost all its AA: its airfields can no longer be used."
            ),
            NoOrder => write!(f, "No order is waiting."),
        }
    }
}

impl std::error::Error for Illegal {}

impl Game {
    /// Every command the game would accept now, in a fixed order.
    pub(super) fn list_legal(&self) -> Vec<Command> {
        let mut out = Vec::new();
        let grid = &self.scenario().grid;
        let mut push = |c: Command, g: &Game| {
            if g.check(&c).is_ok() {
                out.push(c);
            }
        };
        match self.phase() {
            Phase::Over { .. } => {}
            Phase::Spin { .. } => out.push(Command::Spin),
            Phase::Order(Order::GiveWay { seat, .. }) => {
                let here = self.spitfire(seat).hex;
                for f in Facing::ALL {
                    push(Command::GiveWay { to: f.ahead(here) }, self);
                }
            }
            Phase::Order(Order::RadarLanding { .. }) => {
                for f in &self.scenario().features {
                    push(Command::RadarLand { at: f.hex }, self);
                }
            }
            Phase::Turn { seat } => {
                let s = *self.spitfire(seat);
                push(Command::Wait, self);
                push(Command::TakeOff, self);
                if s.airborne() {
                    let n = self.rules().climb_in_place as i8;
                    for c in (-n..=n).filter(|&c| c != 0) {
                        push(Command::Climb(c), self);
                    }
                    for f in Facing::ALL {
                        let to = f.ahead(s.hex);
                        for climb in [-1, 0, 1] {
                            push(
                                Command::Move {
                                    to,
                                    via: None,
                                    climb,
                                },
                                self,
                            );
                        }
                    }
                    if self.rules().spitfire_squares >= 2 {
                        for f in Facing::ALL {
                            let via = f.ahead(s.hex);
                            if !grid.contains(via) {
                                continue;
                            }
                            for g in Facing::ALL {
                                let to = g.ahead(via);
                                if to != s.hex {
                                    push(
                                        Command::Move {
                                            to,
                                            via: Some(via),
                                            climb: 0,
                                        },
                                        self,
                                    );
                                }
                            }
                        }
                    }
                    for f in &self.scenario().features {
                        if f.kind == FeatureKind::Airfield {
                            push(Command::Land { at: f.hex }, self);
                        }
                    }
                }
            }
        }
        out
    }

    pub(super) fn check_command(&self, cmd: &Command) -> Result<(), Illegal> {
        let phase = self.phase();
        if let Phase::Over { .. } = phase {
            return Err(Illegal::GameOver);
        }
        let grid = &self.scenario().grid;
        let r = self.rules();
        match *cmd {
            Command::Spin => match phase {
                Phase::Spin { .. } => Ok(()),
                _ => Err(Illegal::NotSpinning),
            },
            Command::GiveWay { to } => {
                let Phase::Order(Order::GiveWay { seat, .. }) = phase else {
                    return Err(Illegal::NoOrder);
                };
                let s = self.spitfire(seat);
                if Facing::between(s.hex, to).is_none() {
                    return Err(Illegal::NotAdjacent);
                }
                if !grid.contains(to) {
                    return Err(Illegal::OffBoard);
                }
                if !self.is_free(to, Some(seat)) {
                    return Err(Illegal::Occupied);
                }
                Ok(())
            }
            Command::RadarLand { at } => {
                let Phase::Order(Order::RadarLanding { seat }) = phase else {
                    return Err(Illegal::NoOrder);
                };
                let f = self
                    .scenario()
                    .feature_at(at)
                    .ok_or(Illegal::NotAnAirfield)?;
                self.airfield_usable(f)?;
                if !self.is_free(at, Some(seat)) {
                    return Err(Illegal::Occupied);
                }
                Ok(())
            }
            _ => {
                let seat = match phase {
                    Phase::Turn { seat } => seat,
                    Phase::Spin { .. } => return Err(Illegal::BombersFirst),
                    _ => return Err(Illegal::NotYourTurn),
                };
                let s = *self.spitfire(seat);
                match *cmd {
                    Command::Wait => Ok(()),
                    Command::TakeOff => {
                        if s.airborne() {
                            Err(Illegal::InTheAir)
                        } else {
                            Ok(())
                        }
                    }
                    _ if s.on_ground() => Err(Illegal::OnTheGround),
                    Command::Climb(c) => {
                        if c == 0 || c.unsigned_abs() > r.climb_in_place {
                            return Err(Illegal::NotAClimb);
                        }
                        self.new_altitude(s.altitude, c).map(|_| ())
                    }
                    Command::Move { to, via, climb } => {
                        if climb.unsigned_abs() > 1 {
                            return Err(Illegal::NotAClimb);
                        }
                        self.new_altitude(s.altitude, climb)?;
                        match via {
                            None => {
                                if Facing::between(s.hex, to).is_none() {
                                    return Err(Illegal::BadPath);
                                }
                            }
                            Some(v) => {
                                if r.spitfire_squares < 2 {
                                    return Err(Illegal::TooFar {
                                        squares: r.spitfire_squares,
                                    });
                                }
                                if climb != 0 {
                                    return Err(Illegal::ClimbWithLongMove);
                                }
                                if Facing::between(s.hex, v).is_none()
                                    || Facing::between(v, to).is_none()
                                    || to == s.hex
                                {
                                    return Err(Illegal::BadPath);
                                }
                                if !grid.contains(v) {
                                    return Err(Illegal::OffBoard);
                                }
                            }
                        }
                        if !grid.contains(to) {
                            return Err(Illegal::OffBoard);
                        }
                        if !self.is_free(to, Some(seat)) {
                            return Err(Illegal::Occupied);
                        }
                        Ok(())
                    }
                    Command::Land { at } => {
                        let f = self
                            .scenario()
                            .feature_at(at)
                            .ok_or(Illegal::NotAnAirfield)?;
                        self.airfield_usable(f)?;
                        if s.hex.unsigned_distance_to(at) > r.landing_range as u32 {
                            return Err(Illegal::TooFar {
                                squares: r.landing_range,
                            });
                        }
                        if !self.is_free(at, Some(seat)) {
                            return Err(Illegal::Occupied);
                        }
                        Ok(())
                    }
                    _ => unreachable!("handled above"),
                }
            }
        }
    }

    pub(super) fn new_altitude(&self, from: u8, climb: i8) -> Result<u8, Illegal> {
        let to = from as i16 + climb as i16;
        let max = self.rules().max_altitude;
        if to < 1 {
            Err(Illegal::TooLow)
        } else if to > max as i16 {
            Err(Illegal::TooHigh { max })
        } else {
            Ok(to as u8)
        }
    }
}
