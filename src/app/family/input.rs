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
                // Climb to dive, as far as the rules let a Spitfire change
                // altitude in place, then land.
                let most = g.rules().climb_in_place as i8;
                for m in (-most..=most).rev().map(Mode::Change).chain([Mode::Land]) {
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
            let most = g.rules().climb_in_place as i8;
            if k.key(KeyCode::Up) {
                self.mode = Mode::Change((cur + 1).min(most));
            } else if k.key(KeyCode::Down) {
                self.mode = Mode::Change((cur - 1).max(-most));
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
                }
                return Act::Say(self.why_not(g, seat, hex));
            }
        }
        Act::None
    }

    /// Why a click on a square that is not lit does nothing: the engine's
    /// own refusal of the order it would be, and what to do instead.
    pub(super) fn why_not(&self, g: &Game, seat: u8, hex: hexx::Hex) -> String {
        let s = g.spitfire(seat);
        if !matches!(g.phase(), Phase::Turn { .. }) || !s.airborne() {
            return "Use the buttons on the left.".into();
        }
        let refusal = |cmd: Command| g.check(&cmd).err().map(|e| e.to_string());
        let why = match self.mode {
            Mode::Land => refusal(Command::Land { at: hex }),
            Mode::Change(climb) => {
                // A two-square move goes through a square between: the
                // refusal of the likeliest way is the one worth telling.
                let between = s
                    .hex
                    .all_neighbors()
                    .into_iter()
                    .filter(|n| n.unsigned_distance_to(hex) == 1);
                std::iter::once(None)
                    .chain(between.map(Some))
                    .filter_map(|via| {
                        refusal(Command::Move {
                            to: hex,
                            via,
                            climb,
                        })
                    })
                    .find(|e| !e.starts_with("A move goes square by square"))
                    .or_else(|| {
                        refusal(Command::Move {
                            to: hex,
                            via: None,
                            climb,
                        })
                    })
            }
        };
        let hint = match (self.mode, self.choices.is_empty()) {
            (Mode::Land, true) => " No airfield is within reach now: fly closer first.",
            (Mode::Land, false) => " The lit airfields are within reach.",
            (_, true) => " Nothing is lit at this altitude change: try another.",
            (_, false) => " Click a lit square, or change the altitude with Up/Down.",
        };
        format!("{}{hint}", why.unwrap_or_else(|| "Not from here.".into()))
    }
}
