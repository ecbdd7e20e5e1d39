//! A command played: checked, then the tables up to the next decision.

use super::*;

impl Game {
    /// What a command `check` accepted does, then the tables up to the
    /// next decision.
    pub(super) fn execute(&mut self, cmd: Command) {
        let phase = self.state().phase();
        match cmd {
            Command::TakeOff => self.take_off(),
            Command::ExtraFuel => {
                let m = self.state().mission().expect("checked");
                let fuel = self.t().nights.fuel.with_extra(m.fuel);
                self.emit(Event::ExtraFuel(fuel));
            }
            Command::Next => {
                self.emit(Event::Debriefed);
                let next = self.state().night().next();
                self.start_night(next);
            }
            Command::Fly(h) => {
                self.emit(Event::Flew(h));
                self.enter_zone();
            }
            Command::Land => self.land(),
            Command::Abort => {
                self.emit(Event::Aborted(Abort::Chosen));
                self.next_move();
            }
            Command::Descend => {
                self.emit(Event::Descended);
                if phase == Phase::Weather {
                    self.weather_effects();
                } else {
                    self.next_move();
                }
            }
            Command::PressOn => self.weather_effects(),
            Command::AvoidWeather => {
                let m = self.state().mission().expect("flying");
                let at_target = m.bomber.as_ref().is_some_and(|b| b.zone == m.target);
                let back = self.back_heading().expect("checked");
                let track = &m.track;
                let before = track[track.len() - 2].1;
                self.emit(Event::Aborted(Abort::Chosen));
                if at_target {
                    self.emit(Event::AvoidedAtTarget);
                }
                self.emit(Event::Flew(back));
                self.emit(Event::Weather(before));
                // "proceed otherwise as if entering the Zone afresh"
                self.weather_decision();
            }
            Command::Evade | Command::Hold => {
                let Phase::Attacked {
                    fighter,
                    attacks,
                    after_bombing,
                } = phase
                else {
                    unreachable!("checked")
                };
                self.attack(fighter, attacks, after_bombing, cmd == Command::Evade);
            }
            Command::BombRun => self.bomb_run(),
            Command::Release => self.release(),
        }
    }
}
