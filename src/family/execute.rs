//! Commands to events: a commander's move, the bombers' spins and flights,
//! shooting, collisions, bombing, orders, and the automatic sequence of play
//! up to the next decision. Nothing here writes the state: every change is an
//! event, applied as it is emitted.

use super::event::{Cause, Return};
use super::{
    Command, Ending, Event, FeatureKind, FlightEnd, FlightPlan, Game, Order, Phase, Plane,
    SpinnerFace, MAX_BOMBER_SQUARES,
};
use crate::common::hex::{End, Facing, Spot};
use hexx::Hex;

impl Game {
    /// What a command `check` accepted does, and the sequence of play up
    /// to the next decision.
    pub(super) fn execute(&mut self, cmd: Command) {
        let phase = self.phase();
        match (cmd, phase) {
            (Command::Spin, Phase::Spin { bomber }) => self.fly_bomber(bomber),
            (Command::GiveWay { to }, Phase::Order(Order::GiveWay { seat, .. })) => {
                self.emit(Event::GaveWay { seat, to });
                self.shoot(seat);
            }
            (Command::RadarLand { at }, Phase::Order(Order::RadarLanding { seat })) => {
                let fuel = self.fuel_on_landing(seat, at);
                self.emit(Event::Landed { seat, at, fuel });
            }
            (_, Phase::Turn { seat }) => {
                self.fly_spitfire(seat, cmd);
                if !self.is_over() {
                    if self.spitfire(seat).in_play() {
                        self.shoot(seat);
                    }
                    if !self.is_over() {
                        self.emit(Event::TurnEnded { seat });
                    }
                }
            }
            _ => unreachable!("check passed"),
        }
        self.advance();
    }

    fn fuel_on_landing(&self, seat: u8, at: Hex) -> u8 {
        let r = self.rules();
        let own = self
            .scenario()
            .feature_at(at)
            .is_some_and(|f| self.scenario().features[f].sector == self.spitfire(seat).sector);
        if own {
            r.fuel_full
        } else {
            r.fuel_half
        }
    }

    fn fly_spitfire(&mut self, seat: u8, cmd: Command) {
        let s = *self.spitfire(seat);
        match cmd {
            Command::Wait => self.emit(Event::Waited { seat }),
            Command::TakeOff => self.emit(Event::TookOff {
                seat,
                altitude: self.rules().cruising_altitude,
            }),
            Command::Climb(c) => {
                let altitude = self.new_altitude(s.altitude, c).expect("checked");
                self.emit(Event::Climbed { seat, altitude });
            }
            Command::Move { to, via, climb } => {
                // Altitude first, then the move.
                let altitude = self.new_altitude(s.altitude, climb).expect("checked");
                if climb != 0 {
                    self.emit(Event::Climbed { seat, altitude });
                }
                if let Some(v) = via {
                    self.emit(Event::Flew { seat, to: v });
                    if self.pass_through(seat, v, altitude) {
                        return;
                    }
                }
                self.emit(Event::Flew { seat, to });
            }
            Command::Land { at } => {
                let fuel = self.fuel_on_landing(seat, at);
                self.emit(Event::Landed { seat, at, fuel });
            }
            _ => unreachable!("not a turn command"),
        }
    }

    /// A Spitfire passing through a square: a collision with a bomber there at
    /// its altitude (our reading: a collision is always a bomber and a
    /// fighter, so another Spitfire is passed harmlessly). Returns true if it
    /// crashed.
    fn pass_through(&mut self, seat: u8, hex: Hex, altitude: u8) -> bool {
        match self.plane_at(hex, Some(seat)) {
            Some(Plane::Bomber(b)) if self.bombers()[b as usize].altitude == altitude => {
                self.emit(Event::Collided {
                    seat,
                    bomber: Some(b),
                    other_seat: None,
                    at: hex,
                });
                self.emit(Event::SpitfireLost {
                    seat,
                    cause: Cause::Collision,
                });
                self.return_bomber(b, Return::Collision);
                true
            }
            _ => false,
        }
    }

    /// Shoots down every bomber the Spitfire is directly behind at its altitude.
    fn shoot(&mut self, seat: u8) {
        let s = *self.spitfire(seat);
        if !s.airborne() {
            return;
        }
        for b in self.bombers_in_sights(s.hex, s.altitude) {
            // A bomber sent home can meet its shooter there (a collision):
            // a Spitfire that is out shoots no more.
            if self.is_over() || !self.spitfire(seat).in_play() {
                return;
            }
            self.emit(Event::ShotDown { seat, bomber: b });
            self.return_bomber(b, Return::ShotDown);
            if !self.is_raid() && self.spitfire(seat).kills >= self.kills_to_win() {
                self.emit(Event::GameOver {
                    winner: Some(seat),
                    ending: Ending::Kills,
                });
            }
        }
    }

    /// Sends a bomber back to its start square at cruising altitude; a Spitfire
    /// found there meets it as any bomber arriving.
    /// In a campaign's raid it leaves the board for good instead.
    fn return_bomber(&mut self, bomber: u8, why: Return) {
        if self.is_raid() {
            self.emit(Event::BomberLeft { bomber, why });
            return;
        }
        self.emit(Event::BomberReturned { bomber, why });
        let b = self.bombers()[bomber as usize];
        self.arrive(bomber, b.hex, b.altitude);
    }

    /// A bomber ends its move on `hex`: a Spitfire there collides (same
    /// altitude) or must give way (another altitude).
    fn arrive(&mut self, bomber: u8, hex: Hex, altitude: u8) {
        let Some(seat) = self
            .spitfires()
            .iter()
            .position(|s| s.in_play() && s.hex == hex)
            .map(|i| i as u8)
        else {
            return;
        };
        let s = *self.spitfire(seat);
        if s.altitude == altitude {
            self.emit(Event::Collided {
                seat,
                bomber: Some(bomber),
                other_seat: None,
                at: hex,
            });
            self.emit(Event::SpitfireLost {
                seat,
                cause: Cause::Collision,
            });
            self.return_bomber(bomber, Return::Collision);
        } else if s.airborne() {
            self.emit(Event::Ordered(Order::GiveWay { seat, bomber }));
        }
        // On the ground: only on an airfield, which the bomber has just bombed.
    }

    /// Where one spinner face would send a bomber, by the rules of its flight
    /// alone (before any plane it meets on the way): the engine flies this
    /// plan, and the commander AI forecasts with it.
    pub fn plan_flight(&self, bomber: u8, face: SpinnerFace) -> FlightPlan {
        let b = self.bombers()[bomber as usize];
        let altitude = (b.altitude as i16 + face.climb as i16)
            .clamp(1, self.rules().max_altitude as i16) as u8;
        let dir = self.direction(bomber, face.heading);
        let grid = &self.scenario().grid;
        let mut path = [None; MAX_BOMBER_SQUARES];
        let mut edge = None;
        let mut at = b.hex;
        for slot in path.iter_mut().take(self.rules().bomber_squares as usize) {
            let next = dir.ahead(at);
            match grid.spot(next) {
                Spot::On => {
                    *slot = Some(next);
                    at = next;
                }
                spot => {
                    edge = Some(spot);
                    break;
                }
            }
        }
        let plan = |path, end| FlightPlan {
            altitude,
            facing: dir,
            path,
            end,
        };
        match edge {
            Some(Spot::OffSide) => return plan(path, FlightEnd::BackToStart(Return::OutOfReach)),
            Some(Spot::OffEnd(End::South)) => {
                return plan(path, FlightEnd::BackToStart(Return::Home))
            }
            _ => {}
        }
        // A move that would end on another bomber (or on another bomber's
        // start square, kept for it to come back to: a raid's planes never
        // come back) is refused.
        let raid = self.is_raid();
        let blocked = at != b.hex
            && (self
                .bombers()
                .iter()
                .enumerate()
                .any(|(i, o)| i != bomber as usize && o.flies() && o.hex == at)
                || !raid
                    && self
                        .scenario()
                        .starts
                        .iter()
                        .enumerate()
                        .any(|(i, &s)| i != bomber as usize && s == at));
        if blocked {
            return plan([None; MAX_BOMBER_SQUARES], FlightEnd::Refused);
        }
        let turns = b.course == End::North
            && (edge == Some(Spot::OffEnd(End::North)) || grid.rows_to(at, End::North) == 0);
        plan(path, FlightEnd::At { hex: at, turns })
    }

    fn fly_bomber(&mut self, bomber: u8) {
        let faces = self.rules().spinner.len() as u8;
        let roll = self.roll(faces);
        let face = self.rules().spinner[roll as usize - 1];
        let plan = self.plan_flight(bomber, face);
        let altitude = plan.altitude;
        self.emit(Event::Spun {
            bomber,
            roll,
            climb: face.climb,
            heading: face.heading,
            altitude,
        });
        if plan.end == FlightEnd::Refused {
            self.emit(Event::BomberBlocked { bomber });
            return;
        }
        for h in plan.path.into_iter().flatten() {
            self.emit(Event::BomberFlew {
                bomber,
                to: h,
                facing: plan.facing,
            });
            // A Spitfire at this altitude on the way (or at the end): collision.
            if let Some(seat) = self
                .spitfires()
                .iter()
                .position(|s| s.airborne() && s.hex == h && s.altitude == altitude)
            {
                let seat = seat as u8;
                self.emit(Event::Collided {
                    seat,
                    bomber: Some(bomber),
                    other_seat: None,
                    at: h,
                });
                self.emit(Event::SpitfireLost {
                    seat,
                    cause: Cause::Collision,
                });
                self.return_bomber(bomber, Return::Collision);
                return;
            }
            self.bomb(bomber, h);
        }
        match plan.end {
            FlightEnd::BackToStart(why) => self.return_bomber(bomber, why),
            FlightEnd::At { hex, turns } => {
                self.arrive(bomber, hex, altitude);
                // Turned round at the north edge, unless the arrival sent it
                // home (or, in a raid, off the board); a raid's bomber drops
                // its bombs on its target there.
                let b = self.bombers()[bomber as usize];
                if turns && b.flies() && b.hex == hex {
                    if self.is_raid() && !self.scenario().is_escort(bomber) && !b.over_target {
                        self.emit(Event::OverTarget { bomber });
                    }
                    self.emit(Event::BomberTurned { bomber });
                }
            }
            FlightEnd::Refused => unreachable!("handled above"),
        }
    }

    /// A bomber over land bombs whatever stands on the square.
    fn bomb(&mut self, bomber: u8, hex: Hex) {
        if !self.scenario().is_land(hex) || self.scenario().is_escort(bomber) {
            return;
        }
        let Some(f) = self.scenario().feature_at(hex) else {
            return;
        };
        if self.knocked_out()[f] {
            return;
        }
        let feature = self.scenario().features[f];
        let was_defended = self.sector_defended(feature.sector);
        self.emit(Event::Bombed {
            bomber,
            feature: f as u8,
        });
        match feature.kind {
            FeatureKind::Airfield => {
                if let Some(seat) = self
                    .spitfires()
                    .iter()
                    .position(|s| s.on_ground() && s.hex == hex)
                {
                    self.emit(Event::SpitfireLost {
                        seat: seat as u8,
                        cause: Cause::BombedOnGround,
                    });
                }
            }
            FeatureKind::Radar => {
                if let Some(seat) = self
                    .spitfires()
                    .iter()
                    .position(|s| s.airborne() && s.sector == feature.sector)
                {
                    let seat = seat as u8;
                    if !self
                        .pending_orders()
                        .contains(&Order::RadarLanding { seat })
                    {
                        self.emit(Event::Ordered(Order::RadarLanding { seat }));
                    }
                }
            }
            FeatureKind::Aa => {
                if was_defended && !self.sector_defended(feature.sector) {
                    self.emit(Event::SectorUndefended {
                        sector: feature.sector,
                    });
                }
            }
        }
    }

    pub(super) fn advance(&mut self) {
        loop {
            if self.is_over() {
                return;
            }
            // A raid is over when its last plane has left; with every
            // Spitfire down, it flies on unopposed.
            if self.is_raid() && self.bombers().iter().all(|b| !b.flies()) {
                self.emit(Event::GameOver {
                    winner: None,
                    ending: Ending::RaidOver,
                });
                return;
            }
            if !self.is_raid() && self.spitfires().iter().all(|s| !s.in_play()) {
                self.emit(Event::GameOver {
                    winner: None,
                    ending: Ending::AllOut,
                });
                return;
            }
            if let Some(&o) = self.pending_orders().first() {
                match o {
                    Order::GiveWay { seat, bomber } => {
                        let s = self.spitfire(seat);
                        if !s.airborne() || s.hex != self.bombers()[bomber as usize].hex {
                            self.emit(Event::OrderLapsed);
                            continue;
                        }
                        let here = s.hex;
                        if !Facing::ALL
                            .iter()
                            .any(|f| self.is_free(f.ahead(here), Some(seat)))
                        {
                            self.emit(Event::OrderLapsed);
                            self.emit(Event::SpitfireLost {
                                seat,
                                cause: Cause::NoRoomToGiveWay,
                            });
                            continue;
                        }
                    }
                    Order::RadarLanding { seat } => {
                        if !self.spitfire(seat).airborne() {
                            self.emit(Event::OrderLapsed);
                            continue;
                        }
                        let any = self.scenario().features.iter().enumerate().any(|(i, f)| {
                            self.airfield_usable(i).is_ok() && self.is_free(f.hex, Some(seat))
                        });
                        if !any {
                            self.emit(Event::OrderLapsed);
                            self.emit(Event::NoAirfieldFree { seat });
                            continue;
                        }
                    }
                }
                return;
            }
            if self.bombers().iter().any(|b| !b.flown) && self.round() > 0 {
                return;
            }
            if self.round() > 0 {
                if let Some(&seat) = self.order().get(self.turn_index()) {
                    let s = *self.spitfire(seat);
                    if !s.in_play() {
                        self.emit(Event::TurnSkipped { seat });
                        continue;
                    }
                    if s.briefing && !self.turn_started() {
                        self.emit(Event::Briefed { seat });
                        continue;
                    }
                    if !self.turn_started() {
                        self.emit(Event::TurnBegan { seat });
                        if s.airborne() {
                            let fuel = s.fuel.saturating_sub(1);
                            self.emit(Event::FuelBurned { seat, fuel });
                            if fuel == 0 {
                                self.emit(Event::SpitfireLost {
                                    seat,
                                    cause: Cause::OutOfFuel,
                                });
                                self.emit(Event::TurnEnded { seat });
                                continue;
                            }
                        }
                    }
                    return;
                }
            }
            // The round is over.
            let dusk = self.dusk_round();
            if dusk > 0 && self.round() >= dusk {
                // Only a commander still in play can win at dusk (a Spitfire
                // lost earlier in the day is out of the game, kills and all);
                // the solo game's dusk is a defeat.
                let in_play = |i: &usize| self.spitfires()[*i].in_play();
                let best = (0..self.spitfires().len())
                    .filter(in_play)
                    .map(|i| self.spitfires()[i].kills)
                    .max()
                    .unwrap_or(0);
                let leaders: Vec<usize> = (0..self.spitfires().len())
                    .filter(in_play)
                    .filter(|&i| self.spitfires()[i].kills == best)
                    .collect();
                let winner = (!self.is_solo() && !self.is_raid() && best > 0 && leaders.len() == 1)
                    .then(|| leaders[0] as u8);
                self.emit(Event::GameOver {
                    winner,
                    ending: Ending::Dusk,
                });
                return;
            }
            self.emit(Event::RoundBegan {
                round: self.round() + 1,
            });
        }
    }
}
