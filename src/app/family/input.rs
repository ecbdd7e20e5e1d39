//! The commander's buttons, keys and clicks on the family table, turned into
//! the command to play.

use super::{FamilyScene, Mode};
use crate::app::table::Act;
use crate::app::ui::Ui;
use crate::family::{Command, FamilyGame, Game, Phase};
use macroquad::prelude::*;

impl<G: FamilyGame> FamilyScene<G> {
    /// The left column's buttons: (label, what it does), for this decision.
    pub(super) fn buttons(
        &self,
        g: &Game,
        seat: u8,
    ) -> Vec<(String, Option<Command>, Option<Mode>)> {
        let s = g.spitfire(seat);
        let mut out = Vec::new();
        match g.phase() {
            Phase::Turn { .. } if s.on_ground() => {
                out.push(("Take off (T)".to_string(), Some(Command::TakeOff), None));
                out.push(("Wait (Space)".to_string(), Some(Command::Wait), None));
            }
            Phase::Turn { .. } => {
                for m in [
                    Mode::Change(2),
                    Mode::Change(1),
                    Mode::Change(0),
                    Mode::Change(-1),
                    Mode::Change(-2),
                    Mode::Land,
                ] {
                    out.push((m.label().to_string(), None, Some(m)));
                }
                out.push(("Do nothing (Space)".to_string(), Some(Command::Wait), None));
            }
            _ => {}
        }
        out
    }

    pub(super) fn handle_human(&mut self, ui: &mut Ui, g: &Game, seat: u8) -> Act<Command> {
        // Keys for the altitude change.
        if matches!(g.phase(), Phase::Turn { .. }) && g.spitfire(seat).airborne() {
            let k = &ui.input;
            let cur = match self.mode {
                Mode::Change(c) => c,
                Mode::Land => 0,
            };
            if k.key(KeyCode::Up) {
                self.mode = Mode::Change((cur + 1).min(2));
            } else if k.key(KeyCode::Down) {
                self.mode = Mode::Change((cur - 1).max(-2));
            } else if k.key(KeyCode::L) {
                self.mode = if self.mode == Mode::Land {
                    Mode::Change(0)
                } else {
                    Mode::Land
                };
            } else if k.key(KeyCode::Space) || k.key(KeyCode::W) {
                return Act::Play(vec![Command::Wait]);
            }
        } else if matches!(g.phase(), Phase::Turn { .. }) {
            if ui.input.key(KeyCode::T) {
                return Act::Play(vec![Command::TakeOff]);
            }
            if ui.input.key(KeyCode::Space) || ui.input.key(KeyCode::W) {
                return Act::Play(vec![Command::Wait]);
            }
        }
        // The left column's buttons.
        for (i, (label, cmd, mode)) in self.buttons(g, seat).into_iter().enumerate() {
            let r = Rect::new(10.0, 60.0 + i as f32 * 46.0, 150.0, 40.0);
            if ui.button(r, &label) {
                if let Some(c) = cmd {
                    return Act::Play(vec![c]);
                }
                if let Some(m) = mode {
                    self.mode = m;
                }
            }
        }
        self.refresh_choices(g);
        if ui.input.clicked && !ui.click_used {
            // Zoomed in, a square beyond the board's area is not shown.
            let shown = self.view.area.contains(ui.mouse());
            if let Some(hex) = self.view.pick(ui.mouse()).filter(|_| shown) {
                if let Some(c) = self.choices.iter().find(|c| c.hex == hex) {
                    return Act::Play(vec![c.command]);
                } else if !self.choices.is_empty() {
                    return Act::Say(
                        "Click a highlighted square (Up/Down or the buttons change the altitude)."
                            .into(),
                    );
                }
            }
        }
        Act::None
    }
}
