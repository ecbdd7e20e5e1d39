//! The automatic crew: what a sensible crew decides, for the simulator and
//! for a player who hands a decision over. It flies the shortest way to the
//! target and home, going round cities en route and keeping over the sea
//! when that costs nothing, presses on through bad weather outbound and
//! drops below it homebound, always takes evasive action, and always makes
//! the bomb run. It rolls no dice: a decision depends on the game alone.

use super::bomber::{Heading, Leg};
use super::event::{Command, Phase};
use super::game::{Game, Seat};
use super::map::{Zone, ZoneKind};
use crate::common::game::Opponent;

/// The automatic crew.
#[derive(Clone, Copy, Debug, Default)]
pub struct Crew;

/// Zones still to fly from `a` to `b` with diagonal moves.
fn distance(a: Zone, b: Zone) -> u8 {
    a.row.abs_diff(b.row).max(a.col.abs_diff(b.col))
}

impl Crew {
    /// The crew's decision now; None when the campaign is over.
    pub fn decide(&self, game: &Game) -> Option<Command> {
        let legal = game.legal_commands();
        let has = |c: Command| legal.contains(&c);
        let pick = match game.phase() {
            Phase::Over => return None,
            Phase::Briefing => Command::TakeOff,
            Phase::Debrief => Command::Next,
            Phase::Target => Command::BombRun,
            Phase::Release => Command::Release,
            Phase::Attacked { .. } => Command::Evade,
            Phase::Weather => {
                let homebound = game.bomber().is_some_and(|b| b.leg == Leg::Homebound);
                if homebound && has(Command::Descend) {
                    Command::Descend
                } else {
                    Command::PressOn
                }
            }
            Phase::Heading => {
                if has(Command::Land) {
                    Command::Land
                } else {
                    self.heading(game, &legal)?
                }
            }
        };
        Some(pick)
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
                let cost = if reachable(z) {
                    distance(z, goal) as u32 * 10
                } else {
                    1000
                } + if city { 3 } else { 0 }
                    + if land { 1 } else { 0 };
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
