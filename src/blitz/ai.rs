//! The automatic crews: what a crew decides, for the simulator and for a
//! player who hands a decision over, by a policy. Every policy flies the
//! shortest way to the target and home; they differ where the crew weighs
//! its safety against the bombs (docs/RULES.md, "The crews' policies"):
//! - `Auto`, the best we know: goes round cities en route and keeps over
//!   the sea when that costs nothing, presses on through bad weather
//!   outbound and drops below it homebound, evades only a Beaufighter
//!   (against a Hurricane or a Defiant evasive action risks more, in the
//!   collision, than the guns it dodges), makes every bomb run but on one
//!   engine, and holds a lit run only where the second flak is worth the
//!   points.
//! - `Cautious`: safety first: evades every fighter, turns back from bad
//!   weather outbound, gives up a run over London in clear weather and any
//!   run the searchlights hold, and aborts an outbound mission once the
//!   bomber is damaged or a man is wounded.
//! - `Bold`: the bombs first: flies straight over the cities, presses on
//!   through any weather, holds its course against every fighter so the
//!   gunner can answer, and never gives up a run.
//!
//! A crew rolls no dice: a decision depends on the game alone.

use super::bomber::{Heading, Leg};
use super::command::Command;
use super::defences::{Fighter, Searchlights};
use super::event::Phase;
use super::flight::Weather;
use super::game::{Game, Seat};
use super::map::{Zone, ZoneKind};
use crate::common::game::Opponent;

/// The auto crew takes extra fuel for a target this many zones from its
/// base or more (set with the simulator: from 8 zones the tour's rating
/// is the same, 54.9 against 55.0 over 2,000 tours, but the choice lab
/// finds the bombs worth more than the fuel on 14% of those briefings;
/// from 6 zones it costs points).
pub const LONG_RAID: u8 = 10;

/// How a crew weighs its safety against the bombs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    #[default]
    Auto,
    Cautious,
    Bold,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::Auto, Policy::Cautious, Policy::Bold];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Auto => "auto",
            Policy::Cautious => "cautious",
            Policy::Bold => "bold",
        }
    }

    pub fn parse(s: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// An automatic crew.
#[derive(Clone, Copy, Debug, Default)]
pub struct Crew {
    pub policy: Policy,
}

impl Crew {
    /// The best automatic crew.
    pub const AUTO: Crew = Crew {
        policy: Policy::Auto,
    };

    pub fn new(policy: Policy) -> Crew {
        Crew { policy }
    }

    /// The crew's decision now; None when the campaign is over.
    pub fn decide(&self, game: &Game) -> Option<Command> {
        let legal = game.legal_commands();
        let has = |c: Command| legal.contains(&c);
        let p = self.policy;
        let m = game.mission();
        let homebound = game.bomber().is_some_and(|b| b.leg == Leg::Homebound);
        let pick = match game.phase() {
            Phase::Over => return None,
            Phase::Briefing => {
                let extra = match p {
                    Policy::Cautious => true,
                    Policy::Bold => false,
                    Policy::Auto => self.long_way(game),
                };
                if extra && has(Command::ExtraFuel) {
                    Command::ExtraFuel
                } else {
                    Command::TakeOff
                }
            }
            Phase::Debrief => Command::Next,
            Phase::Target => {
                let london_clear = m.is_some_and(|m| m.london && m.weather == Weather::Good);
                // On one engine the flak finds the bomber (D-3's EngineOut).
                let crippled = game.bomber().is_some_and(|b| b.engine_out);
                let give_up = match p {
                    Policy::Bold => false,
                    Policy::Cautious => london_clear || crippled,
                    Policy::Auto => crippled,
                };
                if give_up && has(Command::Abort) {
                    Command::Abort
                } else {
                    Command::BombRun
                }
            }
            Phase::Release => {
                let lights = m.map_or(Searchlights::Blocked, |m| m.lights);
                let london = m.is_some_and(|m| m.london);
                let give_up = match p {
                    Policy::Bold => false,
                    Policy::Cautious => lights != Searchlights::Blocked,
                    // Coned over London the second flak downs one run in
                    // seven: not worth a raid's points.
                    Policy::Auto => london && lights == Searchlights::Coned,
                };
                if give_up && has(Command::Abort) {
                    Command::Abort
                } else {
                    Command::Release
                }
            }
            Phase::Attacked { fighter, .. } => {
                let evade = match p {
                    Policy::Cautious => true,
                    Policy::Bold => false,
                    Policy::Auto => fighter == Fighter::Beaufighter,
                };
                if evade {
                    Command::Evade
                } else {
                    Command::Hold
                }
            }
            Phase::Weather => {
                if homebound && p != Policy::Bold && has(Command::Descend) {
                    Command::Descend
                } else if !homebound && p == Policy::Cautious && has(Command::AvoidWeather) {
                    Command::AvoidWeather
                } else {
                    Command::PressOn
                }
            }
            Phase::Heading => {
                let b = game.bomber();
                let hurt = b.is_some_and(|b| b.engine_out || !b.beam_equipment)
                    || game.crew().men.iter().any(|m| m.wound.is_some());
                let short = p != Policy::Bold && !homebound && self.short_of_fuel(game);
                if has(Command::Land) {
                    Command::Land
                } else if (short || (p == Policy::Cautious && !homebound && hurt))
                    && has(Command::Abort)
                {
                    Command::Abort
                } else {
                    self.heading(game, &legal)?
                }
            }
        };
        Some(pick)
    }

    /// A raid long enough that the auto crew trades bombs for fuel.
    fn long_way(&self, game: &Game) -> bool {
        let (Some(m), t) = (game.mission(), game.tables()) else {
            return false;
        };
        let base = Zone::parse(&t.nights.base).unwrap_or(m.target);
        base.steps_to(m.target) >= LONG_RAID
    }

    /// Outbound, too little fuel left to reach the target and come home by
    /// the shortest way with a Fuel Box to spare.
    fn short_of_fuel(&self, game: &Game) -> bool {
        let (Some(m), Some(b)) = (game.mission(), game.bomber()) else {
            return false;
        };
        let t = game.tables();
        let base = Zone::parse(&t.nights.base).unwrap_or(m.target);
        let need = b.zone.steps_to(m.target) as u16 + m.target.steps_to(base) as u16 + 1;
        (b.fuel as u16) < need
    }

    /// The best heading of those allowed.
    fn heading(&self, game: &Game, legal: &[Command]) -> Option<Command> {
        let m = game.mission()?;
        let b = m.bomber.as_ref()?;
        let t = game.tables();
        let goal = match b.leg {
            Leg::Outbound => m.target,
            Leg::Homebound => Zone::parse(&t.nights.base).unwrap_or(b.zone),
        };
        let reachable = |z: Zone| match b.leg {
            Leg::Outbound => z.row >= goal.row && z.col >= goal.col,
            Leg::Homebound => z.row <= goal.row && z.col <= goal.col,
        };
        legal
            .iter()
            .filter_map(|c| match c {
                Command::Fly(h) => Some(*h),
                _ => None,
            })
            .filter_map(|h: Heading| {
                let z = h.from(b.zone, &t.map)?;
                let city = z != m.target && t.map.is_city_zone(z);
                let land = t.map.kind(z) == Some(ZoneKind::Land);
                let straight = self.policy == Policy::Bold;
                let cost = if reachable(z) {
                    z.steps_to(goal) as u32 * 10
                } else {
                    1000
                } + if city && !straight { 3 } else { 0 }
                    + if land && !straight { 1 } else { 0 };
                Some((cost, h))
            })
            .min_by_key(|(cost, h)| (*cost, Heading::ALL.iter().position(|x| x == h)))
            .map(|(_, h)| Command::Fly(h))
    }
}

impl Opponent<Game> for Crew {
    fn decide(&mut self, game: &Game, _seat: Seat) -> Option<Command> {
        Crew::decide(self, game)
    }
}
