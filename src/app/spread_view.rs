//! Where a result fell among the computer's games at its setting: the end
//! screens' grade (narrow, clear, decisive) and a small histogram of the
//! games that ended the same way, this game's bar lit.

use super::ui::{fit_text, wrap_text, Ui, ACCENT};
use crate::common::spread::{Better, Grade, Spread};
use crate::common::words::count;
use macroquad::prelude::*;

/// The bars' colour on the dark end screens.
pub const BAR: Color = Color::new(0.55, 0.6, 0.7, 1.0);

/// A finished game's result placed against a measured spread.
pub struct Placing {
    /// The computer games that ended the way this one did.
    pub spread: Spread,
    /// This game's value (its bomb score, the round of its winning kill, …).
    pub value: i32,
    pub better: Better,
    /// What the bars count, under the axis ("final bomb score").
    pub axis: &'static str,
    /// The setting the games were played at ("Veteran against Veteran").
    pub setting: String,
    pub compared: Compared,
}

/// What a result is held against: the computer's games won the same way
/// (a win, graded by how clear it was), or the computer's runs of a solo
/// game (a tour, graded by its rating).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compared {
    Won,
    Rated,
}

impl Placing {
    pub fn grade(&self) -> Option<Grade> {
        self.spread.grade(self.value, self.better)
    }

    /// "A clear win: clearer than 58% of the 1,560 computer games won the
    /// same way (the Veteran, even forces)."
    pub fn sentence(&self, what: &str) -> String {
        let (Some(g), Some(p)) = (self.grade(), self.spread.beaten(self.value, self.better)) else {
            return format!(
                "No computer game at this setting ended this way ({}).",
                self.setting
            );
        };
        let n = self.spread.total() as usize;
        let mut s = match self.compared {
            Compared::Won => format!(
                "A {} {what}: clearer than {:.0}% of the {} that ended the same way ({}).",
                g.name(),
                100.0 * p,
                count(n, "computer game", "computer games"),
                self.setting
            ),
            Compared::Rated => format!(
                "A {} {what}: rated higher than {:.0}% of the {} of {}.",
                g.name(),
                100.0 * p,
                count(n, "tour", "tours"),
                self.setting
            ),
        };
        if let Some(first) = s.get(..1) {
            s.replace_range(..1, &first.to_uppercase());
        }
        s
    }

    /// The bins drawn: from the first counted to the last, and this game's.
    fn shown(&self) -> (usize, usize) {
        let c = &self.spread.counts;
        let mine = self.spread.bin(self.value);
        let first = c.iter().position(|&n| n > 0).unwrap_or(mine).min(mine);
        let last = c.iter().rposition(|&n| n > 0).unwrap_or(mine).max(mine);
        (first, last)
    }

    /// The histogram in `r`: a bar a bin, this game's bar in the accent
    /// colour with "this game" above it, the axis's ends and name below.
    pub fn draw(&self, ui: &Ui, r: Rect, bar: Color, ink: Color) {
        let (first, last) = self.shown();
        let n = last - first + 1;
        let label = 15.0;
        let plot = Rect::new(r.x, r.y + label + 6.0, r.w, r.h - 2.0 * label - 14.0);
        let most = self.spread.counts[first..=last]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(1) as f32;
        let w = plot.w / n as f32;
        let mine = self.spread.bin(self.value);
        for b in first..=last {
            let h = plot.h * self.spread.counts[b] as f32 / most;
            let x = plot.x + (b - first) as f32 * w;
            let c = if b == mine { ACCENT } else { bar };
            ui.rect(
                Rect::new(x + 1.0, plot.y + plot.h - h, (w - 2.0).max(1.0), h),
                c,
            );
            if b == mine {
                let cx = x + w / 2.0;
                let t = match self.compared {
                    Compared::Won => "this game",
                    Compared::Rated => "this tour",
                };
                let tw = super::ui::text_width(t, label);
                let tx = (cx - tw / 2.0).clamp(r.x, r.x + r.w - tw);
                ui.text(t, tx, r.y + label, label, ACCENT);
                ui.line(
                    vec2(cx, r.y + label + 3.0),
                    vec2(cx, plot.y + plot.h - h),
                    1.0,
                    ACCENT,
                );
            }
        }
        let base = plot.y + plot.h;
        ui.line(vec2(plot.x, base), vec2(plot.x + plot.w, base), 1.0, ink);
        let y = base + label + 2.0;
        let lo = self.spread.bin_low(first).to_string();
        let end = if last + 1 == self.spread.counts.len() {
            format!("{}+", self.spread.bin_low(last))
        } else {
            (self.spread.bin_low(last + 1) - 1).to_string()
        };
        ui.text(&lo, plot.x, y, label, ink);
        let ew = super::ui::text_width(&end, label);
        ui.text(&end, plot.x + plot.w - ew, y, label, ink);
        let room = plot.w - super::ui::text_width(&lo, label) - ew - 20.0;
        ui.text_centered(
            &fit_text(self.axis, room.max(0.0), label),
            plot.x + plot.w / 2.0,
            y,
            label,
            ink,
        );
    }
}

/// The placing in `r`: its sentence (`what` was won, e.g. "RAF win") and
/// its histogram, side by side in a wide box, the sentence above the bars
/// in a narrow one. The text shrinks (to 13 points at least) to fit.
pub fn block(ui: &Ui, r: Rect, p: &Placing, what: &str, size: f32, ink: Color, bar: Color) {
    let sentence = p.sentence(what);
    let wide = r.w >= 520.0;
    let text_w = if wide { r.w * 0.52 } else { r.w };
    let room = if wide { r.h } else { r.h - 70.0 };
    let mut size = size;
    let mut lines = wrap_text(&sentence, text_w, size);
    while size > 13.0 && lines.len() as f32 * size * 1.25 > room {
        size -= 1.0;
        lines = wrap_text(&sentence, text_w, size);
    }
    let text_h = lines.len() as f32 * size * 1.25;
    for (k, l) in lines.iter().enumerate() {
        ui.text(l, r.x, r.y + size + k as f32 * size * 1.25, size, ink);
    }
    let hist = if wide {
        Rect::new(r.x + text_w + 20.0, r.y, r.w - text_w - 20.0, r.h)
    } else {
        let top = r.y + text_h + 6.0;
        Rect::new(r.x, top, r.w, (r.y + r.h - top).max(40.0))
    };
    p.draw(ui, hist, bar, ink);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentence_names_the_grade_the_share_beaten_and_the_setting() {
        let s = Spread {
            low: 0,
            width: 2,
            counts: vec![10, 10, 10, 10],
        };
        let p = Placing {
            spread: s,
            value: 6,
            better: Better::Higher,
            axis: "bomb score",
            setting: "the Veteran".into(),
            compared: Compared::Won,
        };
        assert_eq!(
            p.sentence("Luftwaffe win"),
            "A decisive Luftwaffe win: clearer than 88% of the 40 computer games that ended the same way (the Veteran)."
        );
        let p = Placing {
            spread: Spread::new(0, 2, 4),
            ..p
        };
        assert!(p.sentence("win").starts_with("No computer game"));
        assert_eq!(p.shown(), (3, 3));
        let p = Placing {
            spread: Spread {
                low: 0,
                width: 2,
                counts: vec![10, 10, 10, 10],
            },
            value: 3,
            compared: Compared::Rated,
            setting: "the automatic crew".into(),
            ..p
        };
        assert_eq!(
            p.sentence("tour"),
            "A clear tour: rated higher than 38% of the 40 tours of the automatic crew."
        );
    }
}
