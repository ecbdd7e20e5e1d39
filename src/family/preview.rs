//! What the rules tell a commander before a command: where each legal
//! command takes the Spitfire, whether it shoots a bomber down or crashes,
//! and the fuel left. The screen and the opponent ask here. Commanders'
//! commands throw no dice, so trying one on a probe never peeks at a spin.

use super::{Command, Game, Phase};
use hexx::Hex;

/// One thing the commander may do now, and what it would do.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The square it is played on (the Spitfire's own for a climb or wait).
    pub hex: Hex,
    pub command: Command,
    /// Bombers it shoots down.
    pub shoots: Vec<u8>,
    /// The Spitfire would be lost.
    pub crash: bool,
    /// Fuel left after it.
    pub fuel: u8,
}

impl Game {
    /// Every legal command of the commander the game waits for, with what
    /// it would do (none while the bombers spin).
    pub fn choices(&self) -> Vec<Choice> {
        let Some(seat) = self.commander() else {
            return Vec::new();
        };
        if matches!(self.phase(), Phase::Spin { .. } | Phase::Over { .. }) {
            return Vec::new();
        }
        let me = *self.spitfire(seat);
        let mut out = Vec::new();
        for c in self.legal_commands() {
            let hex = match c {
                Command::Move { to, .. } => to,
                Command::Land { at } | Command::RadarLand { at } => at,
                Command::GiveWay { to } => to,
                _ => me.hex,
            };
            let mut p = self.probe();
            if p.play(c).is_err() {
                continue;
            }
            let after = p.spitfire(seat);
            out.push(Choice {
                hex,
                command: c,
                shoots: (0..self.bombers().len() as u8)
                    .filter(|&b| {
                        // A bomber sent home by this command and a kill scored.
                        let (then, now) = (&p.bombers()[b as usize], &self.bombers()[b as usize]);
                        (then.hex != now.hex || then.gone != now.gone) && after.kills > me.kills
                    })
                    .collect(),
                crash: !after.in_play(),
                fuel: after.fuel,
            });
        }
        out
    }
}
