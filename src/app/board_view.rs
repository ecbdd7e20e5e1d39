//! Where the mat goes on the screen, and how counters look. hexx does the hex
//! geometry (`HexLayout`: centres, corners, picking); hexx and macroquad use
//! different glam versions, so their vectors meet only in `mq` and `hx` here.

use super::ui::{Ui, INK};
use crate::common::hex::{hex_from_offset, Facing};
use crate::settings::Scheme;
use crate::simple_hex::{Colour, Side};
use hexx::{Hex, HexLayout};
use macroquad::prelude::*;

pub fn mq(v: hexx::Vec2) -> Vec2 {
    vec2(v.x, v.y)
}

pub fn hx(v: Vec2) -> hexx::Vec2 {
    hexx::Vec2::new(v.x, v.y)
}

#[derive(Clone, Debug)]
pub struct BoardView {
    pub layout: HexLayout,
    pub size: f32,
    pub cols: u32,
    pub rows: u32,
    /// The mat's bounding box on screen.
    pub rect: Rect,
}

impl BoardView {
    /// The largest flat-topped mat of `cols` x `rows` that fits in `area`,
    /// centred, with one row of hexes to spare beyond each narrow end (where
    /// planes wait to enter).
    pub fn fit(cols: u32, rows: u32, area: Rect) -> BoardView {
        let s3 = 3f32.sqrt();
        let spare = 2.0;
        let size =
            (area.w / (1.5 * cols as f32 + 0.5)).min(area.h / (s3 * (rows as f32 + spare + 0.5)));
        let w = size * (1.5 * cols as f32 + 0.5);
        let h = size * s3 * (rows as f32 + 0.5);
        let x0 = area.x + (area.w - w) / 2.0;
        let y0 = area.y + (area.h - h) / 2.0;
        let mut layout = HexLayout::flat().with_hex_size(size);
        // Put the centre of [0, 0] one radius in from the mat's top-left corner.
        let c00 = layout.hex_to_world_pos(hex_from_offset(0, 0));
        layout.origin = hexx::Vec2::new(x0 + size, y0 + size * s3 / 2.0) - c00;
        BoardView {
            layout,
            size,
            cols,
            rows,
            rect: Rect::new(x0, y0, w, h),
        }
    }

    pub fn center(&self, hex: Hex) -> Vec2 {
        mq(self.layout.hex_to_world_pos(hex))
    }

    pub fn corners(&self, hex: Hex) -> [Vec2; 6] {
        self.layout.hex_corners(hex).map(mq)
    }

    /// The on-mat hex under a screen point.
    pub fn pick(&self, p: Vec2) -> Option<Hex> {
        let h = self.layout.world_pos_to_hex(hx(p));
        let [c, r] = crate::common::hex::offset_of(h);
        (c >= 0 && r >= 0 && c < self.cols as i32 && r < self.rows as i32).then_some(h)
    }

    /// The hex under a screen point, on the mat or beyond it.
    pub fn pick_any(&self, p: Vec2) -> Hex {
        self.layout.world_pos_to_hex(hx(p))
    }

    /// The screen direction a facing points.
    pub fn direction(&self, facing: Facing) -> Vec2 {
        let h = hex_from_offset(2, 2);
        (self.center(facing.ahead(h)) - self.center(h)).normalize()
    }
}

pub fn side_fill(side: Side, scheme: Scheme) -> Color {
    match (side, scheme) {
        (Side::British, Scheme::Classic) => Color::new(0.85, 0.74, 0.52, 1.0),
        (Side::German, Scheme::Classic) => Color::new(0.72, 0.74, 0.77, 1.0),
        (Side::British, Scheme::HighContrast) => Color::new(0.98, 0.86, 0.35, 1.0),
        (Side::German, Scheme::HighContrast) => Color::new(0.35, 0.40, 0.52, 1.0),
    }
}

pub fn side_ink(side: Side, scheme: Scheme) -> Color {
    match (side, scheme) {
        (Side::German, Scheme::HighContrast) => WHITE,
        _ => INK,
    }
}

pub fn dot_colour(c: Colour) -> Color {
    match c {
        Colour::Red => Color::new(0.85, 0.12, 0.10, 1.0),
        Colour::White => Color::new(0.98, 0.98, 0.98, 1.0),
        Colour::Blue => Color::new(0.12, 0.30, 0.85, 1.0),
        Colour::Yellow => Color::new(0.98, 0.82, 0.10, 1.0),
    }
}

/// What a counter shows.
pub struct Counter<'a> {
    pub side: Side,
    pub short: &'a str,
    pub colour: Colour,
    pub damaged: bool,
    pub active: bool,
    /// The remaining-moves d8 beside a fighter that split its move.
    pub marker: Option<u8>,
}

/// The counter's face: side colour, lettering, identity dot and side mark.
fn draw_face(ui: &Ui, p: Vec2, half: f32, c: &Counter, scheme: Scheme) {
    let r = Rect::new(p.x - half, p.y - half, half * 2.0, half * 2.0);
    ui.rect(r, side_fill(c.side, scheme));
    ui.rect_lines(r, 2.0, INK);
    let ink = side_ink(c.side, scheme);
    let fs = (half * 1.2).max(14.0);
    ui.text_centered(c.short, p.x, p.y + fs * 0.3, fs, ink);
    // Identity dot with its letter (colour and letter: colour-blind safe).
    let dot = vec2(r.x + half * 0.45, r.y + r.h - half * 0.45);
    let dr = half * 0.36;
    ui.circle(dot, dr, dot_colour(c.colour));
    ui.circle_lines(dot, dr, 1.5, INK);
    let letter = c.colour.letter().to_string();
    let lc = if c.colour == Colour::Blue || c.colour == Colour::Red {
        WHITE
    } else {
        INK
    };
    let ls = (dr * 1.7).max(10.0);
    ui.text_centered(&letter, dot.x, dot.y + ls * 0.3, ls, lc);
    // Side marker: a small roundel or cross in the top corner.
    let mark = vec2(r.x + r.w - half * 0.3, r.y + half * 0.3);
    match c.side {
        Side::British => {
            ui.circle(mark, half * 0.22, Color::new(0.1, 0.2, 0.6, 1.0));
            ui.circle(mark, half * 0.14, WHITE);
            ui.circle(mark, half * 0.07, Color::new(0.8, 0.1, 0.1, 1.0));
        }
        Side::German => {
            let k = half * 0.2;
            ui.line(mark - vec2(k, 0.0), mark + vec2(k, 0.0), 3.0, INK);
            ui.line(mark - vec2(0.0, k), mark + vec2(0.0, k), 3.0, INK);
        }
    }
}

/// Draws a counter centred on `p`, pointing along `dir`.
pub fn draw_counter(ui: &Ui, p: Vec2, dir: Vec2, size: f32, c: &Counter, scheme: Scheme) {
    if !ui.draw {
        return;
    }
    let half = size * 0.66;
    let r = Rect::new(p.x - half, p.y - half, half * 2.0, half * 2.0);
    if c.active {
        ui.rect(
            Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
            Color::new(1.0, 0.85, 0.1, 0.9),
        );
    }
    draw_face(ui, p, half, c, scheme);
    // Facing arrow on the counter's edge.
    let tip = p + dir * half * 1.25;
    let base = p + dir * half * 0.55;
    let side = vec2(-dir.y, dir.x) * half * 0.45;
    ui.triangle(
        tip,
        base + side,
        base - side,
        Color::new(0.1, 0.1, 0.1, 0.9),
    );
    if c.damaged {
        // The red washer.
        ui.circle_lines(p, half * 0.95, 4.0, Color::new(0.85, 0.05, 0.05, 1.0));
    }
    if let Some(n) = c.marker {
        let m = Rect::new(r.x + r.w + 2.0, r.y - 2.0, half * 0.9, half * 0.9);
        ui.rect(m, WHITE);
        ui.rect_lines(m, 2.0, INK);
        ui.text_centered(
            &n.to_string(),
            m.x + m.w / 2.0,
            m.y + m.h * 0.75,
            m.h * 0.8,
            INK,
        );
    }
}
