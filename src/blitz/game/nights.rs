//! The nights from one briefing to the next, and the take-off.

use super::*;

impl Game {
    /// From `night` on, the nights without a mission pass, to the next
    /// briefing or the end of the tour.
    pub(super) fn start_night(&mut self, mut night: crate::blitz::Date) {
        let t = self.t();
        loop {
            if night > self.state().last_night() {
                self.emit(Event::Phase(Phase::Over));
                return;
            }
            if self.state().written_off() >= t.crew.write_offs as u32 {
                self.emit(Event::OffOperations);
                self.emit(Event::Phase(Phase::Over));
                return;
            }
            self.emit(Event::Night(night));
            let london = t.map.london();
            let london_name = t
                .map
                .cities()
                .find(|(c, _)| c.london)
                .map(|(c, _)| c.name.clone())
                .unwrap_or_default();
            let orders = if night == t.calendar.first_night || t.calendar.in_the_pause(night) {
                t.nights.night(
                    &t.calendar,
                    night,
                    self.state().last_mission(),
                    &london_name,
                    0,
                    0,
                )
            } else {
                let r = crate::blitz::table::Throw::D100.roll(self.dice_mut());
                let roll = r.total() as u8;
                let (a, b) = t.nights.no_mission;
                let other_needed = !(a..=b).contains(&roll)
                    && matches!(t.nights.mission_roll.get(roll as i16), Orders::OtherCity);
                let other = if other_needed {
                    Some(crate::blitz::table::Throw::D100.roll(self.dice_mut()))
                } else {
                    None
                };
                let o = t.nights.night(
                    &t.calendar,
                    night,
                    self.state().last_mission(),
                    &london_name,
                    roll,
                    other.as_ref().map_or(0, |o| o.total() as u8),
                );
                let read = match &o {
                    Night::Mission { city, why } => Reading::Mission {
                        city: city.clone(),
                        why: *why,
                    },
                    Night::Stood { why } => Reading::NoMission(*why),
                };
                self.thrown(TableId::A1, &r, 0, read.clone());
                if let Some(other) = other {
                    self.thrown(TableId::A4, &other, 0, read);
                }
                o
            };
            match orders {
                Night::Mission { city, why } => {
                    let (c, target) = t.map.city(&city).expect("a city of the map");
                    let base = Zone::parse(&t.nights.base).expect("a checked base");
                    let fuel = if night == t.calendar.first_night {
                        t.nights.first_raid.1
                    } else {
                        t.nights.fuel.planned(base.steps_to(target))
                    };
                    self.emit(Event::Ordered {
                        city: city.clone(),
                        target,
                        london: c.london || target == london,
                        why,
                        fuel,
                        moon: t.calendar.moon(night),
                    });
                    self.emit(Event::Phase(Phase::Briefing));
                    return;
                }
                Night::Stood { why } => {
                    self.emit(Event::Stood(why));
                    night = night.next();
                }
            }
        }
    }

    // ---- take-off ----

    pub(super) fn take_off(&mut self) {
        let t = self.t();
        let night = self.state().night();
        let spring = if t.calendar.is_spring(night) {
            t.flight.spring
        } else {
            0
        };
        let (r, bw) = t
            .flight
            .roll_base_weather(&t.calendar, night, self.dice_mut());
        self.thrown(TableId::B1, &r, spring, bw);
        let weather = match bw {
            crate::blitz::flight::BaseWeather::Scrubbed => return self.end(Ending::Scrubbed),
            crate::blitz::flight::BaseWeather::Fly(w) => w,
        };
        self.emit(Event::BaseWeather(weather));
        let ([a, b], to) = t.flight.roll_take_off(self.dice_mut());
        self.thrown(TableId::B3, &a, 0, to);
        self.thrown(TableId::B3, &b, 0, to);
        let base = Zone::parse(&t.nights.base).expect("a checked base");
        match to {
            TakeOff::Aborted => return self.end(Ending::StayedDown),
            TakeOff::Crashed => {
                self.emit(Event::TookOff(base));
                return self.crash(Cause::TakeOff);
            }
            TakeOff::Airborne => self.emit(Event::TookOff(base)),
        }
        let (r, g) = t.flight.roll_glitch(self.dice_mut());
        self.thrown(TableId::B2, &r, 0, g);
        if g == crate::blitz::flight::Glitch::TurnBack {
            self.emit(Event::Glitch);
        }
        self.next_move();
    }
}
