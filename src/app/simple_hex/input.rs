//! The player's mouse and keys on the Simple Hex screen, turned into the
//! commands to play: placing a squadron at the edge, flying a path, firing.

use super::{HexGame, HexScene};
use crate::app::table::Act;
use crate::app::ui::Ui;
use crate::common::Side;
use crate::simple_hex::{ActiveMove, Command, Game, Illegal, Phase, PlaneId, Step};
use hexx::Hex;
use macroquad::prelude::*;

impl<G: HexGame> HexScene<G> {
    pub(super) fn handle(&mut self, ui: &mut Ui, g: &Game, side: Side) -> Act<Command> {
        match g.phase() {
            Phase::Entry { .. } => self.handle_entry(ui, g, side),
            Phase::Moving(m) => self.handle_move(ui, g, m),
            _ => Act::None,
        }
    }

    /// The hexes a squadron of `n` planes would enter by from column `col`.
    pub(super) fn entry_hexes(&self, g: &Game, side: Side, col: i32, n: usize) -> Vec<Hex> {
        let end = g.scenario().end_of(side);
        (0..n)
            .map(|i| g.board().entry_hex(end, (col + i as i32) as u32))
            .collect()
    }

    fn handle_entry(&mut self, ui: &mut Ui, g: &Game, side: Side) -> Act<Command> {
        let Some(&unit) = g.waiting_units(side).first() else {
            return Act::None;
        };
        let n = g.waiting_planes(unit).len() as i32;
        let cols = g.scenario().columns as i32;
        let max = (cols - n).max(0);
        if ui.input.key(KeyCode::Left) || ui.input.key(KeyCode::A) {
            self.entry_col -= 1;
        }
        if ui.input.key(KeyCode::Right) || ui.input.key(KeyCode::D) {
            self.entry_col += 1;
        }
        // Hovering near the own edge picks the column under the mouse: the
        // entry hex nearest to it, if it is near the edge at all.
        let end = g.scenario().end_of(side);
        let m = ui.mouse();
        let near_edge = (0..cols)
            .map(|c| {
                (
                    c,
                    self.view
                        .center(g.board().entry_hex(end, c as u32))
                        .distance(m),
                )
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .filter(|&(_, d)| d < self.view.size * 2.5 && self.view.area.contains(m))
            .map(|(c, _)| c);
        if let Some(col) = near_edge {
            self.entry_col = col - n / 2;
        }
        self.entry_col = self.entry_col.clamp(0, max);
        let commit = ui.input.key(KeyCode::Enter)
            || (ui.input.clicked && !ui.click_used && near_edge.is_some());
        if commit {
            ui.click_used = true;
            return Act::Play(vec![Command::Enter {
                unit,
                column: self.entry_col as u8,
            }]);
        }
        Act::None
    }

    fn handle_move(&mut self, ui: &mut Ui, g: &Game, m: ActiveMove) -> Act<Command> {
        self.refresh_options(g);
        let input = ui.input.clone();
        // Keyboard steering builds a path, checked step by step on a copy.
        let key_step = if input.key(KeyCode::Up) || input.key(KeyCode::W) {
            Some(Step::Forward)
        } else if input.key(KeyCode::Left) || input.key(KeyCode::Q) {
            Some(Step::Left)
        } else if input.key(KeyCode::Right) || input.key(KeyCode::E) {
            Some(Step::Right)
        } else if input.key(KeyCode::Down) || input.key(KeyCode::L) {
            Some(Step::Immelmann)
        } else {
            None
        };
        if let Some(s) = key_step {
            let mut trial = g.clone();
            for &p in self.pending.iter().chain(std::iter::once(&s)) {
                if let Err(e) = trial.play(Command::Step(p)) {
                    return Act::Say(e.to_string());
                }
            }
            self.pending.push(s);
        }
        if input.key(KeyCode::Backspace) {
            self.pending.pop();
        }
        if input.key(KeyCode::Enter) && !self.pending.is_empty() {
            let steps = std::mem::take(&mut self.pending);
            return Act::Play(steps.into_iter().map(Command::Step).collect());
        }
        if input.key(KeyCode::Tab) {
            let ids: Vec<PlaneId> = self.options.attacks.iter().map(|a| a.target).collect();
            self.focus = match self.focus.and_then(|f| ids.iter().position(|&i| i == f)) {
                Some(i) => ids.get(i + 1).copied(),
                None => ids.first().copied(),
            };
            if ids.is_empty() {
                return Act::Say("No enemy plane can be attacked from here this move.".into());
            }
        }
        if (input.key(KeyCode::Enter) || input.key(KeyCode::F)) && self.pending.is_empty() {
            if let Some(t) = self.focus.take() {
                return self.attack(t);
            }
        }
        if input.key(KeyCode::Space) {
            if m.remaining() > 0 {
                return Act::Say(
                    Illegal::MovesLeft {
                        left: m.remaining(),
                    }
                    .to_string(),
                );
            }
            return Act::Play(vec![Command::EndMove]);
        }
        if input.right_clicked {
            self.facing_pick += 1;
        }
        // Mouse: an enemy in reach attacks; a highlighted hex moves there.
        if input.clicked && !ui.click_used && self.view.area.contains(ui.mouse()) {
            let hex = self.view.pick_any(ui.mouse());
            if self.view.pick(ui.mouse()).is_none() && !self.options.ends.iter().any(|e| e.0 == hex)
            {
                return Act::None;
            }
            ui.click_used = true;
            if let Some(t) = g.board().get(hex).copied() {
                if g.plane(t).side != g.plane(m.plane).side {
                    if self.options.attacks.iter().any(|a| a.target == t) {
                        return self.attack(t);
                    }
                    return Act::Say(self.why_not_attack(g, t));
                }
            }
            return match self.path_to(hex) {
                Some(path) => {
                    self.pending.clear();
                    Act::Play(path.into_iter().map(Command::Step).collect())
                }
                None => Act::Say(if self.options.reach.iter().any(|h| h.hex == hex) {
                    "The move cannot end there: use all your hexes (or stop to fire).".into()
                } else {
                    "That hex is out of reach this move.".into()
                }),
            };
        }
        Act::None
    }

    /// Why the active plane cannot attack enemy `t` this move (it is not in
    /// `options.attacks`): a rule about the attacker (not a fighter, has
    /// fired) if one forbids it, else that no firing position on it is in
    /// reach. Never the rule about moving before firing: the plane could
    /// move, but not to anywhere it could fire from.
    pub(super) fn why_not_attack(&self, g: &Game, t: PlaneId) -> String {
        match g.preview_attack(t) {
            Err(e @ (Illegal::NotAFighter | Illegal::AlreadyFired | Illegal::NotMovingPhase)) => {
                e.to_string()
            }
            _ => format!("{} is out of reach this move.", self.face_down.short(g, t)),
        }
    }

    /// Fly to the best firing position on `t` and fire.
    fn attack(&mut self, t: PlaneId) -> Act<Command> {
        self.pending.clear();
        match self.options.attacks.iter().find(|a| a.target == t) {
            Some(opt) => {
                let mut cmds: Vec<Command> = opt.path.iter().map(|&s| Command::Step(s)).collect();
                cmds.push(Command::Attack { target: t });
                Act::Play(cmds)
            }
            None => Act::None,
        }
    }
}
