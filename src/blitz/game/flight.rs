//! The flight zone by zone: headings, the weather and the night fighters.

use super::*;

impl Game {
    /// What the crew decides next: a heading, or the landing, or coming
    /// down when the fuel is gone.
    pub(super) fn next_move(&mut self) {
        if self.lost() {
            return;
        }
        let b = self.state().bomber().expect("flying").clone();
        if b.leg == Leg::Homebound && self.is_airfield(b.zone) {
            let map = &self.state().tables().map;
            let onward = Leg::Homebound
                .headings()
                .iter()
                .any(|h| h.from(b.zone, map).is_some());
            if !onward || b.fuel == 0 {
                return self.land();
            }
        }
        if b.fuel == 0 {
            return self.bail_out(Cause::Fuel);
        }
        self.emit(Event::Phase(Phase::Heading));
    }

    /// Into a zone: its weather (C-1, C-4 after a double), then the bad
    /// weather's decision or the night fighters.
    pub(super) fn enter_zone(&mut self) {
        let t = self.t();
        let night = self.state().night();
        let spring = if t.calendar.is_spring(night) {
            t.flight.spring
        } else {
            0
        };
        let zw = t
            .flight
            .roll_zone_weather(&t.calendar, night, self.dice_mut());
        self.thrown(TableId::C1, &zw.rolled, spring, zw.weather);
        self.emit(Event::Weather(zw.weather));
        if let Some((r, check)) = &zw.c4 {
            self.thrown(TableId::C4, r, 0, Reading::Check(*check));
            if *check {
                self.failure();
            }
        }
        self.weather_decision();
    }

    /// In bad weather the crew decides, if it has a choice besides pressing
    /// on; then the weather's effects.
    pub(super) fn weather_decision(&mut self) {
        let bad = self
            .state()
            .mission()
            .is_some_and(|m| m.weather == Weather::Bad);
        if bad && !self.weather_choices().is_empty() {
            self.emit(Event::Phase(Phase::Weather));
            return;
        }
        self.weather_effects();
    }

    /// The decisions bad weather offers besides pressing on.
    pub(super) fn weather_choices(&self) -> Vec<Command> {
        let Some(b) = self.state().bomber() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if b.leg == Leg::Outbound && b.fuel > 0 && self.back_heading().is_some() {
            out.push(Command::AvoidWeather);
        }
        if b.may_descend_for_weather(true) || (b.leg == Leg::Outbound && !b.low) {
            out.push(Command::Descend);
        }
        out
    }

    /// The heading back into the zone the bomber came from.
    pub(super) fn back_heading(&self) -> Option<Heading> {
        let track = &self.state().mission()?.track;
        let [.., (from, _), (here, _)] = track.as_slice() else {
            return None;
        };
        let d = (
            from.row as i8 - here.row as i8,
            from.col as i8 - here.col as i8,
        );
        Heading::ALL.into_iter().find(|h| h.delta() == d)
    }

    /// Bad weather flown through: icing (C-2) and lightning (C-3), then the
    /// zone's defences.
    pub(super) fn weather_effects(&mut self) {
        if self
            .state()
            .mission()
            .is_some_and(|m| m.weather == Weather::Bad)
        {
            let t = self.t();
            if t.flight.headwind > 0 {
                self.emit(Event::Headwind(t.flight.headwind));
            }
            let low = self.state().bomber().is_some_and(|b| b.low);
            let m = if low { t.flight.low_altitude } else { 0 };
            let (r, icing) = t.flight.roll_icing(low, self.dice_mut());
            self.thrown(TableId::C2, &r, m, icing);
            match icing {
                Icing::None => {}
                Icing::Light => self.emit(Event::FuelBurnt),
                Icing::Heavy => {
                    if !low {
                        self.emit(Event::Descended);
                    }
                }
                Icing::Disastrous => return self.bail_out(Cause::Weather),
            }
            let low = self.state().bomber().is_some_and(|b| b.low);
            let m = if low { t.flight.low_altitude } else { 0 };
            let (r, l) = t.flight.roll_lightning(low, self.dice_mut());
            self.thrown(TableId::C3, &r, m, l);
            match l {
                Lightning::None => {}
                Lightning::BeamEquipment => self.emit(Event::Failed {
                    failure: Failure::BeamEquipment,
                    leak: t.flight.leak,
                }),
                Lightning::Strike => self.failure(),
            }
        }
        self.night_fighters(false);
    }

    /// C-8 and C-9 in the zone (never in the Green Zone), then C-10.
    pub(super) fn night_fighters(&mut self, after_bombing: bool) {
        if self.lost() {
            return;
        }
        let t = self.t();
        let s = self.sit();
        if t.defences.night_fighters_hunt(&s) {
            let (r, m, d) = t.defences.detection.roll(&s, self.dice_mut());
            self.thrown(TableId::C8, &r, m, d);
            if d == Detection::Detected {
                let (r, m, i) = t.defences.roll_interception(&s, self.dice_mut());
                self.thrown(TableId::C9, &r, m, i);
                if i == Interception::Attacks {
                    let (r, m, fighter) = t.defences.roll_fighter(&s, self.dice_mut());
                    self.thrown(TableId::C10, &r, m, fighter);
                    self.emit(Event::Phase(Phase::Attacked {
                        fighter,
                        attacks: 0,
                        after_bombing,
                    }));
                    return;
                }
            }
        }
        self.after_fighters(after_bombing);
    }

    pub(super) fn after_fighters(&mut self, after_bombing: bool) {
        if self.lost() {
            return;
        }
        let m = self.state().mission().expect("flying");
        let b = m.bomber.as_ref().expect("flying");
        if !after_bombing && b.leg == Leg::Outbound && b.zone == m.target {
            return self.over_the_target();
        }
        self.next_move();
    }

    /// A fighter's attack: evasive action or not, the attack, and the one
    /// follow-up.
    pub(super) fn attack(
        &mut self,
        fighter: Fighter,
        attacks: u8,
        after_bombing: bool,
        evade: bool,
    ) {
        let t = self.t();
        let mut shaken = false;
        if evade {
            let (r, e, collided) = t.defences.roll_evasion(self.dice_mut());
            self.thrown(TableId::Evasion, &r, 0, e);
            if collided {
                return self.bail_out(Cause::Collision);
            }
            match e {
                Evasion::Escaped => return self.after_fighters(after_bombing),
                Evasion::Shaken => shaken = true,
                Evasion::Fails => {}
            }
        }
        let gunner = self.able(Station::Gunner);
        let skill = self.skill(Station::Gunner, t.crew.experience.return_fire);
        if let Some((r, m, a)) =
            t.defences
                .roll_attack(fighter, gunner, skill, shaken, self.dice_mut())
        {
            self.thrown(TableId::Attack, &r, m, a);
            match a {
                crate::blitz::defences::Attack::Miss => {}
                crate::blitz::defences::Attack::Airframe => self.failure(),
                crate::blitz::defences::Attack::Crewman => self.crew_hit(Cause::NightFighter),
                crate::blitz::defences::Attack::ShotDown => {
                    return self.bail_out(Cause::NightFighter)
                }
            }
            if self.lost() {
                return;
            }
        }
        if let Some((r, again)) = t.defences.roll_follow_up(attacks + 1, self.dice_mut()) {
            self.thrown(TableId::FollowUp, &r, 0, Reading::Again(again));
            if again {
                self.emit(Event::Phase(Phase::Attacked {
                    fighter,
                    attacks: attacks + 1,
                    after_bombing,
                }));
                return;
            }
        }
        self.after_fighters(after_bombing);
    }
}
