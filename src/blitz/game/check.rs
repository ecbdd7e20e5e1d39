//! The commands' legality: the one test, and the commands it accepts now.

use super::*;

impl Game {
    /// The one legality test.
    pub(super) fn check_command(&self, cmd: &Command) -> Result<(), Illegal> {
        let phase = self.state().phase();
        if phase == Phase::Over {
            return Err(Illegal::Over);
        }
        let b = self.state().bomber();
        let outbound = b.is_some_and(|b| b.leg == Leg::Outbound);
        match (phase, cmd) {
            (Phase::Briefing, Command::TakeOff) => Ok(()),
            (Phase::Briefing, Command::ExtraFuel) => {
                let m = self.state().mission().ok_or(Illegal::NotNow)?;
                let full = self.t().nights.fuel.full;
                if m.extra_fuel || m.fuel >= full {
                    Err(Illegal::NotNow)
                } else {
                    Ok(())
                }
            }
            (Phase::Debrief, Command::Next) => Ok(()),
            (Phase::Heading, Command::Fly(h)) => {
                let b = b.expect("flying");
                if !b.leg.headings().contains(h) {
                    Err(Illegal::Heading)
                } else if h.from(b.zone, &self.state().tables().map).is_none() {
                    Err(Illegal::OffTheMap)
                } else if b.fuel == 0 {
                    Err(Illegal::NoFuel)
                } else {
                    Ok(())
                }
            }
            (Phase::Heading, Command::Land) => {
                let b = b.expect("flying");
                if b.leg == Leg::Homebound && self.is_airfield(b.zone) {
                    Ok(())
                } else {
                    Err(Illegal::NoAirfield)
                }
            }
            (Phase::Heading | Phase::Target | Phase::Release, Command::Abort) => {
                if outbound {
                    Ok(())
                } else {
                    Err(Illegal::NotOutbound)
                }
            }
            (Phase::Weather, Command::Descend) => {
                if b.expect("flying").low {
                    Err(Illegal::StaysLow)
                } else {
                    Ok(())
                }
            }
            (Phase::Weather, Command::PressOn) => Ok(()),
            (Phase::Weather, Command::AvoidWeather) => {
                if self.weather_choices().contains(&Command::AvoidWeather) {
                    Ok(())
                } else if !outbound {
                    Err(Illegal::NotOutbound)
                } else {
                    Err(Illegal::NoFuel)
                }
            }
            (Phase::Attacked { .. }, Command::Evade | Command::Hold) => Ok(()),
            (Phase::Target, Command::BombRun) => Ok(()),
            (Phase::Release, Command::Release) => Ok(()),
            _ => Err(Illegal::NotNow),
        }
    }

    /// Every command `check` accepts now.
    pub(super) fn list_legal(&self) -> Vec<Command> {
        let all = [
            Command::TakeOff,
            Command::ExtraFuel,
            Command::Next,
            Command::Land,
            Command::PressOn,
            Command::AvoidWeather,
            Command::Descend,
            Command::Evade,
            Command::Hold,
            Command::BombRun,
            Command::Release,
            Command::Abort,
        ];
        Heading::ALL
            .into_iter()
            .map(Command::Fly)
            .chain(all)
            .filter(|c| self.check(c).is_ok())
            .collect()
    }
}
