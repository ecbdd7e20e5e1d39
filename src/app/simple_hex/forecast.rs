//! The attack forecast: while the player's fighter is to move and the mouse
//! is on an enemy it can attack (or the keyboard has picked one), a panel
//! beside the target shows both dice that the attack would throw at once,
//! each face drawn as a die with what it does to the plane it is fired at
//! (miss, damages, shoots down), as the rules' `Forecast` gives it, damage
//! taken into account.

use super::{HexGame, HexScene};
use crate::app::table::Shared;
use crate::app::ui::{text_width, Ui, INK, PAPER};
use crate::simple_hex::{Effect, Fire, Forecast, Game, NoReturn, Phase, PlaneId};
use macroquad::prelude::*;

/// A die's face colour and pip colour for an effect.
fn die_colours(e: Effect) -> (Color, Color) {
    match e {
        Effect::Miss => (Color::new(0.86, 0.86, 0.84, 1.0), INK),
        Effect::Damaged => (Color::new(0.96, 0.62, 0.18, 1.0), INK),
        Effect::ShotDown => (Color::new(0.78, 0.12, 0.10, 1.0), WHITE),
    }
}

/// The faces of a die by effect, as a player reads them: "1-3 miss,
/// 4-5 damages, 6 shoots down".
pub(super) fn faces_text(fire: &Fire) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut face = 1u8;
    while face <= 6 {
        let e = fire.faces[face as usize - 1];
        let mut last = face;
        while last < 6 && fire.faces[last as usize] == e {
            last += 1;
        }
        let faces = if last == face {
            face.to_string()
        } else {
            format!("{face}-{last}")
        };
        parts.push(format!("{faces} {}", e.name()));
        face = last + 1;
    }
    parts.join(", ")
}

/// One die face with its pips.
fn draw_die(ui: &Ui, at: Vec2, size: f32, face: u8, effect: Effect) {
    let (fill, pip) = die_colours(effect);
    let r = Rect::new(at.x, at.y, size, size);
    ui.rect(r, fill);
    ui.rect_lines(r, 1.5, INK);
    let c = vec2(at.x + size / 2.0, at.y + size / 2.0);
    let d = size * 0.27;
    let spots: &[(f32, f32)] = match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in spots {
        ui.circle(c + vec2(x * d, y * d), size * 0.09, pip);
    }
}

impl<G: HexGame> HexScene<G> {
    /// The forecast of the attack under the mouse (or picked with the
    /// keyboard), if the player's fighter can make it.
    fn hovered_forecast(&self, ui: &Ui, g: &Game, t: &Shared<Self>) -> Option<(PlaneId, Forecast)> {
        let Phase::Moving(m) = g.phase() else {
            return None;
        };
        if t.busy() || !g.to_act().is_some_and(|s| t.is_human(s)) {
            return None;
        }
        let under = self
            .view
            .pick(ui.mouse())
            .and_then(|hex| g.board().get(hex).copied());
        let option = under
            .and_then(|p| self.options.attacks.iter().find(|a| a.target == p))
            .or_else(|| {
                self.focus
                    .and_then(|f| self.options.attacks.iter().find(|a| a.target == f))
            })?;
        // A face-down target's odds would tell what it is.
        if self.face_down.gruppe(option.target).is_some() {
            return None;
        }
        Some((
            option.target,
            g.forecast(m.plane, option.target, &option.preview),
        ))
    }

    /// The forecast panel, beside the target and on top of everything.
    pub(super) fn draw_forecast(&self, ui: &Ui, g: &Game, t: &Shared<Self>) {
        let Some((target, f)) = self.hovered_forecast(ui, g, t) else {
            return;
        };
        let title = format!(
            "{} attacks {} from the {}",
            self.face_down.short(g, f.attack.shooter),
            self.face_down.short(g, target),
            f.angle.name()
        );
        let mut rows: Vec<(String, Option<Fire>, String)> = vec![(
            format!("{} fires:", self.face_down.short(g, f.attack.shooter)),
            Some(f.attack),
            faces_text(&f.attack),
        )];
        let back = format!("{} returns fire:", self.face_down.short(g, target));
        rows.push(match f.returned {
            Ok(r) => (back, Some(r), faces_text(&r)),
            Err(NoReturn::GunsDoNotBear) => (
                format!("{} cannot fire back:", self.face_down.short(g, target)),
                None,
                "its guns do not bear on this hex".into(),
            ),
            Err(NoReturn::Silenced) => (
                format!("{} cannot fire back:", self.face_down.short(g, target)),
                None,
                "damaged, its gunners are silent (Crane's variant)".into(),
            ),
        });
        let die = 26.0;
        let pad = 10.0;
        // A row: its label, then six dice and what they do, or one line.
        let row_h = |fire: &Option<Fire>| {
            if fire.is_some() {
                18.0 + die + 24.0
            } else {
                44.0
            }
        };
        let widest = rows
            .iter()
            .flat_map(|(a, _, b)| [text_width(a, 16.0), text_width(b, 15.0)])
            .chain([text_width(&title, 17.0), 6.0 * (die + 6.0)])
            .fold(0.0, f32::max);
        let w = widest + 2.0 * pad;
        let h = 30.0 + rows.iter().map(|(_, f, _)| row_h(f)).sum::<f32>() + 2.0;
        // Beside the target, on the side with room, kept on the screen.
        let at = g
            .plane(target)
            .on_board()
            .map_or(ui.mouse(), |(hex, _)| self.view.center(hex));
        let gap = self.view.size * 1.2;
        let x = if at.x + gap + w < ui.w - 4.0 {
            at.x + gap
        } else {
            at.x - gap - w
        };
        let x = x.clamp(4.0, (ui.w - w - 4.0).max(4.0));
        let y = (at.y - h / 2.0).clamp(4.0, (ui.h - h - 36.0).max(4.0));
        // What was drawn before lies under the panel, its text too.
        ui.flush_text();
        let panel = Rect::new(x, y, w, h);
        ui.rect(
            Rect::new(x + 4.0, y + 4.0, w, h),
            Color::new(0.0, 0.0, 0.0, 0.3),
        );
        ui.rect(panel, PAPER);
        ui.rect_lines(panel, 2.0, INK);
        ui.text(&title, x + pad, y + 21.0, 17.0, INK);
        let mut ry = y + 30.0;
        for (label, fire, text) in &rows {
            ui.text(label, x + pad, ry + 14.0, 16.0, INK);
            if let Some(fire) = fire {
                for face in 1..=6u8 {
                    let dx = x + pad + (face - 1) as f32 * (die + 6.0);
                    draw_die(
                        ui,
                        vec2(dx, ry + 18.0),
                        die,
                        face,
                        fire.faces[face as usize - 1],
                    );
                }
            }
            let ty = if fire.is_some() {
                ry + 18.0 + die + 16.0
            } else {
                ry + 34.0
            };
            ui.text(text, x + pad, ty, 15.0, INK);
            ry += row_h(fire);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simple_hex::Effect::*;

    fn fire(faces: [Effect; 6]) -> Fire {
        Fire {
            shooter: PlaneId(0),
            target: PlaneId(1),
            faces,
        }
    }

    #[test]
    fn the_forecast_says_each_run_of_faces_with_its_effect() {
        let rear = fire([Miss, Miss, Miss, Damaged, Damaged, ShotDown]);
        assert_eq!(faces_text(&rear), "1-3 miss, 4-5 damages, 6 shoots down");
        let damaged = fire([Miss, Miss, Miss, ShotDown, ShotDown, ShotDown]);
        assert_eq!(faces_text(&damaged), "1-3 miss, 4-6 shoots down");
        let front = fire([Miss, Miss, Miss, Miss, Miss, ShotDown]);
        assert_eq!(faces_text(&front), "1-5 miss, 6 shoots down");
    }
}
