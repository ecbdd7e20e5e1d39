//! Where the mat goes on the screen, and how counters look. hexx does the hex
//! geometry (`HexLayout`: centres, corners, picking); hexx and macroquad use
//! different glam versions, so their vectors meet only in `mq` and `hx` here.

use super::ui::{Ui, ACCENT, INK, PAPER};
use crate::common::hex::{hex_from_offset, End, Facing};
use crate::common::silhouette::Silhouettes;
use crate::common::Side;
use crate::settings::Scheme;
use crate::simple_hex::Colour;
use hexx::{Hex, HexLayout};
use macroquad::prelude::*;
use std::sync::OnceLock;

pub fn mq(v: hexx::Vec2) -> Vec2 {
    vec2(v.x, v.y)
}

pub fn hx(v: Vec2) -> hexx::Vec2 {
    hexx::Vec2::new(v.x, v.y)
}

/// How the mat lies on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lie {
    /// As printed: the north end at the top.
    Upright,
    /// A quarter turn: the north end on the left, the south on the right,
    /// so a tall mat lies along a wide window.
    Across,
}

/// The player's zoom and pan over a board: 1 and no pan fit the board to
/// its area; the wheel or + and - zoom about the mouse, a drag pans, 0 fits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub factor: f32,
    pub pan: Vec2,
    /// Where the drag is, while the left button is held over the board.
    drag: Option<Vec2>,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom {
            factor: 1.0,
            pan: Vec2::ZERO,
            drag: None,
        }
    }
}

/// The closest and the farthest a board can be zoomed.
pub const ZOOM_RANGE: (f32, f32) = (1.0, 4.0);

impl Zoom {
    /// Reads the wheel, the zoom keys and the drag over `area`; true if the
    /// view changed.
    pub fn handle(&mut self, ui: &Ui, area: Rect) -> bool {
        let before = *self;
        let m = ui.mouse();
        let over = area.contains(m);
        let mut steps = 0.0;
        if over && ui.input.wheel != 0.0 {
            steps += ui.input.wheel.signum();
        }
        for k in [KeyCode::Equal, KeyCode::KpAdd] {
            if ui.input.key(k) {
                steps += 1.0;
            }
        }
        for k in [KeyCode::Minus, KeyCode::KpSubtract] {
            if ui.input.key(k) {
                steps -= 1.0;
            }
        }
        if ui.input.key(KeyCode::Key0) || ui.input.key(KeyCode::Kp0) {
            *self = Zoom::default();
        }
        if steps != 0.0 {
            let f = (self.factor * 1.25f32.powf(steps)).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
            // Keep the point under the mouse (or the middle) where it is.
            let at = if over { m } else { area.center() };
            let c = area.center();
            self.pan = at - c - (at - c - self.pan) * (f / self.factor);
            self.factor = f;
        }
        match (ui.input.held, self.drag) {
            (true, Some(last)) => {
                self.pan += m - last;
                self.drag = Some(m);
            }
            (true, None) if ui.input.clicked && over => self.drag = Some(m),
            (false, _) => self.drag = None,
            _ => {}
        }
        if self.factor <= ZOOM_RANGE.0 {
            self.pan = Vec2::ZERO;
        }
        *self != before
    }
}

#[derive(Clone, Debug)]
pub struct BoardView {
    /// hexx's flat-topped layout of hexes of radius 1 about the origin.
    layout: HexLayout,
    lie: Lie,
    /// Where the world's origin is on screen.
    origin: Vec2,
    /// A hex's radius in pixels.
    pub size: f32,
    pub cols: u32,
    pub rows: u32,
    /// The mat's bounding box on screen.
    pub rect: Rect,
    /// The mat with the spare row beyond each end, on screen.
    pub outer: Rect,
    /// The area the board was fitted into (it may be zoomed beyond it).
    pub area: Rect,
}

impl BoardView {
    /// The largest flat-topped mat of `cols` x `rows` that fits in `area`,
    /// centred, with one row of hexes to spare beyond each narrow end (where
    /// planes wait to enter); `Upright` as printed.
    pub fn fit(cols: u32, rows: u32, area: Rect) -> BoardView {
        BoardView::fit_zoomed(cols, rows, area, Lie::Upright, Zoom::default())
    }

    /// The lie that shows the mat largest in `area`.
    pub fn best_lie(cols: u32, rows: u32, area: Rect) -> Lie {
        let size = |lie| BoardView::fit_zoomed(cols, rows, area, lie, Zoom::default()).size;
        if size(Lie::Across) > size(Lie::Upright) * 1.05 {
            Lie::Across
        } else {
            Lie::Upright
        }
    }

    /// The mat fitted to `area` lying `lie`, then zoomed and panned.
    pub fn fit_zoomed(cols: u32, rows: u32, area: Rect, lie: Lie, zoom: Zoom) -> BoardView {
        let layout = HexLayout::flat().with_hex_size(1.0);
        let mut v = BoardView {
            layout,
            lie,
            origin: Vec2::ZERO,
            size: 1.0,
            cols,
            rows,
            rect: Rect::new(0.0, 0.0, 1.0, 1.0),
            outer: Rect::new(0.0, 0.0, 1.0, 1.0),
            area,
        };
        // The mat's box at radius 1, and with the spare rows at the ends.
        let mat = v.bounds(cols, rows, 0);
        let spare = v.bounds(cols, rows, 1);
        let size = (area.w / spare.w).min(area.h / spare.h) * zoom.factor;
        v.size = size;
        let middle = vec2(spare.x + spare.w / 2.0, spare.y + spare.h / 2.0);
        v.origin = area.center() + zoom.pan - middle * size;
        let o = v.origin;
        let on_screen =
            |r: Rect| Rect::new(o.x + r.x * size, o.y + r.y * size, r.w * size, r.h * size);
        v.rect = on_screen(mat);
        v.outer = on_screen(spare);
        v
    }

    /// The box around every hex's corners (and `spare` rows beyond each
    /// end), at the current scale before any offset.
    fn bounds(&self, cols: u32, rows: u32, spare: i32) -> Rect {
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for c in 0..cols as i32 {
            for r in -spare..rows as i32 + spare {
                for p in self.layout.hex_corners(hex_from_offset(c, r)) {
                    let q = self.turned(p);
                    lo = lo.min(q);
                    hi = hi.max(q);
                }
            }
        }
        Rect::new(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)
    }

    /// A point of the printed mat, turned as the mat lies.
    fn turned(&self, p: hexx::Vec2) -> Vec2 {
        match self.lie {
            Lie::Upright => vec2(p.x, p.y),
            Lie::Across => vec2(p.y, -p.x),
        }
    }

    fn to_screen(&self, p: hexx::Vec2) -> Vec2 {
        self.origin + self.turned(p) * self.size
    }

    fn to_world(&self, s: Vec2) -> hexx::Vec2 {
        let q = (s - self.origin) / self.size;
        match self.lie {
            Lie::Upright => hx(q),
            Lie::Across => hexx::Vec2::new(-q.y, q.x),
        }
    }

    pub fn lie(&self) -> Lie {
        self.lie
    }

    pub fn center(&self, hex: Hex) -> Vec2 {
        self.to_screen(self.layout.hex_to_world_pos(hex))
    }

    pub fn corners(&self, hex: Hex) -> [Vec2; 6] {
        self.layout.hex_corners(hex).map(|p| self.to_screen(p))
    }

    /// The on-mat hex under a screen point.
    pub fn pick(&self, p: Vec2) -> Option<Hex> {
        // Zoomed in, the mat runs on under the panels: what they cover
        // cannot be picked.
        if !self.area.contains(p) {
            return None;
        }
        let h = self.pick_any(p);
        let [c, r] = crate::common::hex::offset_of(h);
        (c >= 0 && r >= 0 && c < self.cols as i32 && r < self.rows as i32).then_some(h)
    }

    /// The hex under a screen point, on the mat or beyond it.
    pub fn pick_any(&self, p: Vec2) -> Hex {
        self.layout.world_pos_to_hex(self.to_world(p))
    }

    /// The screen direction a facing points.
    pub fn direction(&self, facing: Facing) -> Vec2 {
        let h = hex_from_offset(2, 2);
        (self.center(facing.ahead(h)) - self.center(h)).normalize()
    }

    /// The mat's edge at `end`, as a line on screen (from its first column
    /// to its last).
    pub fn edge(&self, end: End) -> (Vec2, Vec2) {
        let r = self.rect;
        match (self.lie, end) {
            (Lie::Upright, End::North) => (vec2(r.x, r.y), vec2(r.x + r.w, r.y)),
            (Lie::Upright, End::South) => (vec2(r.x, r.y + r.h), vec2(r.x + r.w, r.y + r.h)),
            (Lie::Across, End::North) => (vec2(r.x, r.y + r.h), vec2(r.x, r.y)),
            (Lie::Across, End::South) => (vec2(r.x + r.w, r.y + r.h), vec2(r.x + r.w, r.y)),
        }
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

/// A plane's identity mark: a disc in a colour with a letter or digit on
/// it (the letter makes it colour-blind safe), in ink or white, whichever
/// shows on the colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub fill: Color,
    pub letter: char,
}

impl Mark {
    /// A Simple Hex plane's colour: R, W, B or Y.
    pub fn of(c: Colour) -> Mark {
        Mark {
            fill: dot_colour(c),
            letter: c.letter(),
        }
    }

    fn ink(self) -> Color {
        let f = self.fill;
        if f.r * 0.3 + f.g * 0.59 + f.b * 0.11 < 0.55 {
            WHITE
        } else {
            INK
        }
    }
}

/// What a plane's counter shows.
pub struct Counter<'a> {
    pub side: Side,
    /// The aircraft's name (which silhouette), its short name (on a square
    /// counter) and the name of its squadron, if it has one.
    pub aircraft: &'a str,
    pub short: &'a str,
    pub unit: Option<&'a str>,
    pub mark: Mark,
    pub damaged: bool,
    pub active: bool,
    /// A number in a box above the right wing: the remaining-moves d8 of a
    /// Simple Hex fighter that split its move, a family plane's altitude.
    pub marker: Option<u8>,
    /// How far above its hex the plane is drawn, in pixels (the family
    /// game's planes on their poles): its shadow stays on the hex.
    pub lift: f32,
    /// The name's plate goes left of the mark (else right of it, unless
    /// that would pass the clip's right edge).
    pub name_left: bool,
    /// Its short type ("He", "109") on a tag over its middle, so that every
    /// type is told apart without hovering.
    pub tagged: bool,
    /// Its mark and its marker side by side on one pill over its middle
    /// (the family board's small squares: a bomber's number and altitude),
    /// instead of the mark low on the left and the marker low on the right.
    pub pill: bool,
}

/// The shipped silhouettes, read once (`None` if they could not be: then
/// planes are drawn as square counters).
fn silhouettes() -> Option<&'static Silhouettes> {
    static SHAPES: OnceLock<Option<Silhouettes>> = OnceLock::new();
    SHAPES
        .get_or_init(|| crate::data::shipped_silhouettes().ok())
        .as_ref()
}

/// A plane's span on the board, in hex radii, for a single-engine fighter:
/// it stays inside its hex (whose inner circle is 1.73 radii across), so
/// that planes in neighbouring hexes never run into one blob.
pub const SPAN: f32 = 1.45;

/// The name `audit` knows a plane drawn at `p` by.
fn owner(p: Vec2) -> String {
    format!("plane at {:.0},{:.0}", p.x, p.y)
}

/// Draws a plane centred on `p`, its nose along `dir`: its shadow, its
/// outline in its side's colours with roundels or crosses, smoke if it is
/// damaged, its R/W/B/Y mark and its name; `size` is a hex's radius.
pub fn draw_counter(ui: &Ui, p: Vec2, dir: Vec2, size: f32, c: &Counter, scheme: Scheme) {
    draw_counter_body(ui, p, dir, size, c, scheme);
    draw_counter_labels(ui, p, size, c);
}

/// The plane of `draw_counter` without its mark, name and marker: where
/// planes crowd, all the bodies go first and all the labels over them.
pub fn draw_counter_body(ui: &Ui, p: Vec2, dir: Vec2, size: f32, c: &Counter, scheme: Scheme) {
    if !ui.draw {
        return;
    }
    let Some(shape) = silhouettes().and_then(|s| s.get(c.aircraft)) else {
        draw_square(ui, p, dir, size, c, scheme);
        return;
    };
    let half = size * SPAN / 2.0 * shape.scale;
    let right = vec2(-dir.y, dir.x);
    let at = |o: Vec2, (x, y): (f32, f32)| o + right * x * half - dir * y * half;
    if c.active {
        ui.circle(p, size * 1.05, Color::new(1.0, 0.85, 0.1, 0.45));
        ui.circle_lines(p, size * 1.05, 2.5, Color::new(1.0, 0.8, 0.0, 1.0));
    }
    // The shadow, cast down and to the right on the hex below the plane.
    let shadow = p + vec2(size * 0.14, size * 0.22 + c.lift);
    for part in &shape.parts {
        let pts: Vec<Vec2> = part.iter().map(|&q| at(shadow, q)).collect();
        ui.poly(&pts, Color::new(0.0, 0.0, 0.0, 0.28));
    }
    if c.damaged {
        // Smoke trailing from the tail.
        for (k, r) in [(1.1, 0.16), (1.45, 0.22), (1.85, 0.28)] {
            ui.circle(
                at(p, (0.08, k)),
                size * r,
                Color::new(0.25, 0.25, 0.25, 0.55),
            );
        }
    }
    let fill = side_fill(c.side, scheme);
    let edge = Color::new(0.08, 0.08, 0.1, 1.0);
    for part in &shape.parts {
        let pts: Vec<Vec2> = part.iter().map(|&q| at(p, q)).collect();
        ui.poly(&pts, fill);
        ui.poly_lines(&pts, 1.2, edge);
    }
    let mr = (half * 0.13).max(3.0);
    for &m in &shape.marks {
        let q = at(p, m);
        match c.side {
            Side::British => {
                ui.circle(q, mr, Color::new(0.1, 0.2, 0.6, 1.0));
                ui.circle(q, mr * 0.66, WHITE);
                ui.circle(q, mr * 0.33, Color::new(0.8, 0.1, 0.1, 1.0));
            }
            Side::German => {
                let (a, b) = (right * mr, dir * mr);
                ui.line(q - a, q + a, mr * 0.9, WHITE);
                ui.line(q - b, q + b, mr * 0.9, WHITE);
                ui.line(q - a * 0.8, q + a * 0.8, mr * 0.45, INK);
                ui.line(q - b * 0.8, q + b * 0.8, mr * 0.45, INK);
            }
        }
    }
    if c.damaged {
        ui.circle(
            at(p, (0.0, 0.2)),
            size * 0.14,
            Color::new(0.95, 0.45, 0.05, 0.9),
        );
    }
    // The facing, beyond doubt: a chevron at the edge of the hex it faces.
    let tip = p + dir * size * 0.84;
    let base = p + dir * size * 0.6;
    let wing = right * size * 0.2;
    ui.triangle(tip, base + wing, base - wing, side_ink_strong(c.side));
}

/// The chevron's colour: dark on the board's green for either side.
fn side_ink_strong(side: Side) -> Color {
    match side {
        Side::British => Color::new(0.45, 0.25, 0.05, 1.0),
        Side::German => Color::new(0.12, 0.12, 0.16, 1.0),
    }
}

/// Where a plane's type tag goes (over its middle) and its text size;
/// `None` for a plane without one.
pub fn tag_place(p: Vec2, size: f32, c: &Counter, right: f32) -> Option<(Rect, f32)> {
    if !c.tagged || c.short.is_empty() || size < 14.0 {
        return None;
    }
    let fs = (size * 0.5).clamp(12.0, 16.0);
    let w = super::ui::text_width(c.short, fs) + 4.0;
    let h = fs * 1.1;
    // Centred on the plane, but kept on the screen: a plane at the edge of
    // a panned mat keeps its whole tag (a campaign unit's is wide).
    let x = (p.x - w / 2.0).min(right - w).max(0.0);
    Some((Rect::new(x, p.y - size * 0.3 - h / 2.0, w, h), fs))
}

/// The mark, name and marker of `draw_counter`, upright whatever the
/// plane's heading.
pub fn draw_counter_labels(ui: &Ui, p: Vec2, size: f32, c: &Counter) {
    if !ui.draw {
        return;
    }
    if silhouettes().and_then(|s| s.get(c.aircraft)).is_none() {
        // A square counter carries its mark on itself.
        draw_marker(ui, p, size, c);
        return;
    }
    // The type on its tag, the identity mark (colour and letter:
    // colour-blind safe) and the name.
    let owner = owner(p);
    super::audit::owner(Some(&owner));
    if c.pill {
        draw_pill(ui, p, size, c, &owner);
        super::audit::owner(None);
        return;
    }
    let right = ui.clip_rect().map_or(ui.w, |r| r.x + r.w);
    if let Some((tag, fs)) = tag_place(p, size, c, right) {
        ui.rect(tag, Color::new(0.97, 0.96, 0.9, 0.92));
        ui.rect_lines(tag, 1.0, INK);
        super::audit::mark(&owner, &format!("the {} tag", c.short), tag);
        ui.text_centered(c.short, tag.x + tag.w / 2.0, tag.y + fs * 0.84, fs, INK);
    }
    let (dot, dr, plate) = label_places(p, size, c, right);
    ui.circle(dot, dr, c.mark.fill);
    ui.circle_lines(dot, dr, 1.5, INK);
    let disc = Rect::new(dot.x - dr, dot.y - dr, dr * 2.0, dr * 2.0);
    super::audit::mark(&owner, &format!("the {} disc", c.mark.letter), disc);
    let ls = (dr * 1.5).clamp(12.0, 18.0);
    ui.text_centered(
        &c.mark.letter.to_string(),
        dot.x,
        dot.y + ls * 0.36,
        ls,
        c.mark.ink(),
    );
    if let (Some(name), Some((plate, fs))) = (c.unit, plate) {
        ui.rect(plate, Color::new(0.96, 0.94, 0.88, 0.85));
        super::audit::mark(&owner, &format!("the {name} plate"), plate);
        ui.text(name, plate.x + 3.0, plate.y + fs * 0.85, fs, INK);
    }
    draw_marker(ui, p, size, c);
    super::audit::owner(None);
}

/// Where a counter's pill goes (see `Counter::pill`), its halves' width
/// and its text size.
pub fn pill_place(p: Vec2, size: f32, c: &Counter) -> (Rect, f32, f32) {
    let fs = (size * 0.55).clamp(12.0, 16.0);
    let marker = c.marker.map(|n| n.to_string()).unwrap_or_default();
    let half = super::ui::text_width(&c.mark.letter.to_string(), fs)
        .max(super::ui::text_width(&marker, fs))
        + 4.0;
    let h = fs * 1.1;
    let w = if c.marker.is_some() { half * 2.0 } else { half };
    (Rect::new(p.x - w / 2.0, p.y - h / 2.0, w, h), half, fs)
}

/// The pill: the mark's colour and letter, then the marker's number in
/// white on dark.
fn draw_pill(ui: &Ui, p: Vec2, size: f32, c: &Counter, owner: &str) {
    let (r, half, fs) = pill_place(p, size, c);
    let left = Rect::new(r.x, r.y, half, r.h);
    ui.rect(left, c.mark.fill);
    if let Some(n) = c.marker {
        // The altitude on dark, never to be read as part of the number.
        let right = Rect::new(r.x + half, r.y, half, r.h);
        ui.rect(right, INK);
        ui.text_centered(&n.to_string(), right.center().x, r.y + fs * 0.86, fs, WHITE);
    }
    ui.rect_lines(r, 1.5, INK);
    super::audit::mark(owner, &format!("the {} pill", c.mark.letter), r);
    ui.text_centered(
        &c.mark.letter.to_string(),
        left.center().x,
        r.y + fs * 0.86,
        fs,
        c.mark.ink(),
    );
}

/// Where `draw_counter_labels` puts a plane's mark (a disc: its centre and
/// radius) and its name's plate (with the name's size): left of the mark if
/// the counter says so or if right of it would pass `right` (the clip's or
/// the window's right edge), else right of it.
pub fn label_places(
    p: Vec2,
    size: f32,
    c: &Counter,
    right: f32,
) -> (Vec2, f32, Option<(Rect, f32)>) {
    // Inside the plane's own hex, low on its left: within the circle a hex
    // holds whichever way the mat lies.
    let dr = (size * 0.27).max(7.0);
    let d = (size * 0.8 - dr).max(0.0) * std::f32::consts::FRAC_1_SQRT_2;
    let dot = p + vec2(-d, d);
    let plate = c.unit.map(|name| {
        let fs = (size * 0.5).clamp(12.0, 18.0);
        let tw = super::ui::text_width(name, fs) + 6.0;
        let mut plate = Rect::new(dot.x + dr + 1.0, dot.y - fs * 0.5, tw, fs + 2.0);
        if c.name_left || plate.x + plate.w > right {
            plate.x = dot.x - dr - 1.0 - tw;
        }
        // Never off the window's left edge: back to the right of its mark
        // (a plane at the edge of a panned mat).
        if plate.x < 0.0 {
            plate.x = (dot.x + dr + 1.0).max(0.0);
        }
        (plate, fs)
    });
    (dot, dr, plate)
}

/// The box round a plane drawn by `draw_counter` centred on `p`, its nose
/// along `dir`: its outline (or square counter), its mark and its name (not
/// its shadow, smoke or marker), with its plate placed as against `right`.
pub fn counter_reach(p: Vec2, dir: Vec2, size: f32, c: &Counter, right: f32) -> Rect {
    let Some(shape) = silhouettes().and_then(|s| s.get(c.aircraft)) else {
        let half = size * 0.66 * 1.25;
        return Rect::new(p.x - half, p.y - half, half * 2.0, half * 2.0);
    };
    let half = size * SPAN / 2.0 * shape.scale;
    let side = vec2(-dir.y, dir.x);
    let (mut lo, mut hi) = (p, p);
    for &(x, y) in shape.parts.iter().flatten() {
        let q = p + side * x * half - dir * y * half;
        lo = lo.min(q);
        hi = hi.max(q);
    }
    let (dot, dr, plate) = label_places(p, size, c, right);
    lo = lo.min(dot - Vec2::splat(dr));
    hi = hi.max(dot + Vec2::splat(dr));
    if let Some((r, _)) = plate {
        lo = lo.min(r.point());
        hi = hi.max(r.point() + r.size());
    }
    if let Some((r, _)) = tag_place(p, size, c, right) {
        lo = lo.min(r.point());
        hi = hi.max(r.point() + r.size());
    }
    Rect::new(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)
}

/// The d8 beside a plane that has fired and may fly on.
fn draw_marker(ui: &Ui, p: Vec2, size: f32, c: &Counter) {
    if let Some(n) = c.marker {
        // Low on the right, inside the plane's own hex.
        let k = (size * 0.6).clamp(14.0, 20.0);
        let d = (size * 0.8 - k * 0.7).max(0.0) * std::f32::consts::FRAC_1_SQRT_2;
        let c = p + vec2(d, d);
        let m = Rect::new(c.x - k / 2.0, c.y - k / 2.0, k, k);
        ui.rect(m, WHITE);
        ui.rect_lines(m, 2.0, INK);
        super::audit::mark(&owner(p), &format!("the {n} marker"), m);
        // Centred on the digits' height (about 0.72 of the drawn size), at
        // the size the font really draws, so the digit stays in its box.
        let fs = crate::app::ui::font_size(m.h * 0.8);
        ui.text_centered(
            &n.to_string(),
            m.x + m.w / 2.0,
            m.y + (m.h + fs * 0.72) / 2.0,
            fs,
            INK,
        );
    }
}

/// A square counter, for an aircraft without a silhouette.
fn draw_square(ui: &Ui, p: Vec2, dir: Vec2, size: f32, c: &Counter, scheme: Scheme) {
    let half = size * 0.66;
    let r = Rect::new(p.x - half, p.y - half, half * 2.0, half * 2.0);
    if c.active {
        ui.rect(
            Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
            Color::new(1.0, 0.85, 0.1, 0.9),
        );
    }
    ui.rect(r, side_fill(c.side, scheme));
    ui.rect_lines(r, 2.0, INK);
    // Readable, but never wider than the square (a staged column of many
    // counters draws them small).
    let mut fs = half.max(13.0);
    let w = super::ui::text_width(c.short, fs);
    if w > r.w - 2.0 {
        fs = (fs * (r.w - 2.0) / w).floor().max(6.0);
    }
    ui.text_centered(c.short, p.x, p.y + fs * 0.3, fs, side_ink(c.side, scheme));
    ui.circle(
        vec2(r.x + half * 0.4, r.y + r.h - half * 0.4),
        half * 0.3,
        c.mark.fill,
    );
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
        ui.circle_lines(p, half * 0.95, 4.0, Color::new(0.85, 0.05, 0.05, 1.0));
    }
}

/// How a die stands out among others: plain, lit (the one in play now, with
/// a ring round it), or dimmed (done with, faded toward the paper).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieLook {
    Plain,
    Lit,
    Dimmed,
}

/// A die showing `face` as pips, in `fill` (pips white on a dark die, black
/// on a light one); a face outside 1 to 6 is shown as its number.
pub fn draw_die(ui: &Ui, r: Rect, face: u8, fill: Color) {
    draw_die_as(ui, r, face, fill, DieLook::Plain);
}

/// A die as [`draw_die`] draws it, lit or dimmed among others.
pub fn draw_die_as(ui: &Ui, r: Rect, face: u8, fill: Color, look: DieLook) {
    let dark = fill.r * 0.3 + fill.g * 0.59 + fill.b * 0.11 < 0.55;
    let pip = if dark { WHITE } else { INK };
    // Dimmed: every colour two thirds of the way to the paper (opaque, so
    // it reads the same over any panel).
    let fade = |c: Color| match look {
        DieLook::Dimmed => Color::new(
            c.r + (PAPER.r - c.r) * 0.65,
            c.g + (PAPER.g - c.g) * 0.65,
            c.b + (PAPER.b - c.b) * 0.65,
            c.a,
        ),
        _ => c,
    };
    let (fill, pip) = (fade(fill), fade(pip));
    if look == DieLook::Lit {
        let ring = Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0);
        ui.rect_lines(ring, 3.0, ACCENT);
    }
    ui.rect(r, fill);
    ui.rect_lines(r, 2.0, fade(INK));
    let at = |x: f32, y: f32| vec2(r.x + r.w * x, r.y + r.h * y);
    let (lo, mid, hi) = (0.27, 0.5, 0.73);
    let pips: &[(f32, f32)] = match face {
        1 => &[(mid, mid)],
        2 => &[(lo, lo), (hi, hi)],
        3 => &[(lo, lo), (mid, mid), (hi, hi)],
        4 => &[(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
        5 => &[(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
        6 => &[(lo, lo), (hi, lo), (lo, mid), (hi, mid), (lo, hi), (hi, hi)],
        _ => {
            ui.text_centered(
                &face.to_string(),
                r.x + r.w / 2.0,
                r.y + r.h * 0.72,
                r.h * 0.7,
                pip,
            );
            return;
        }
    };
    for &(x, y) in pips {
        ui.circle(at(x, y), r.w * 0.09, pip);
    }
}

/// Where a label that wants `want` goes so that it covers none of `taken`
/// and stays inside `bounds`: `want` itself if it can, else the nearest
/// place found stepping up, down, left and right from it (up first: results
/// rise over what they name). `None` if nowhere near is free.
pub fn place_clear(want: Rect, taken: &[Rect], bounds: Rect) -> Option<Rect> {
    let free = |r: &Rect| {
        r.x >= bounds.x
            && r.y >= bounds.y
            && r.x + r.w <= bounds.x + bounds.w
            && r.y + r.h <= bounds.y + bounds.h
            && !taken.iter().any(|t| t.overlaps(r))
    };
    if free(&want) {
        return Some(want);
    }
    let step_y = want.h + 3.0;
    let step_x = want.w * 0.5 + 3.0;
    for k in 1..=8 {
        let k = k as f32;
        for (dx, dy) in [
            (0.0, -k * step_y),
            (0.0, k * step_y),
            (-k * step_x, 0.0),
            (k * step_x, 0.0),
            (-k * step_x, -k * step_y),
            (k * step_x, -k * step_y),
        ] {
            let r = Rect::new(want.x + dx, want.y + dy, want.w, want.h);
            if free(&r) {
                return Some(r);
            }
        }
    }
    None
}

#[cfg(test)]
mod place_tests {
    use super::place_clear;
    use macroquad::prelude::Rect;

    #[test]
    fn a_label_goes_where_it_covers_nothing_taken_nearest_first_and_up_first() {
        let bounds = Rect::new(0.0, 0.0, 400.0, 400.0);
        let want = Rect::new(100.0, 100.0, 40.0, 16.0);
        // Free: where it wants to be.
        assert_eq!(place_clear(want, &[], bounds), Some(want));
        // Taken there: the nearest free place, up first.
        let taken = [want];
        let got = place_clear(want, &taken, bounds).unwrap();
        assert!(!got.overlaps(&want));
        assert_eq!((got.x, got.y), (100.0, 100.0 - 19.0));
        // Up and down taken too: to a side.
        let taken = [
            want,
            Rect::new(100.0, 81.0, 40.0, 16.0),
            Rect::new(100.0, 119.0, 40.0, 16.0),
        ];
        let got = place_clear(want, &taken, bounds).unwrap();
        assert!(taken.iter().all(|t| !t.overlaps(&got)), "{got:?}");
        // Never out of bounds; nowhere free: none.
        let tight = Rect::new(100.0, 100.0, 40.0, 16.0);
        assert_eq!(place_clear(want, &[want], tight), None);
    }
}

#[cfg(test)]
mod edge_tests {
    use super::*;

    #[test]
    fn a_planes_tag_and_name_stay_on_the_window_at_its_left_edge() {
        let c = Counter {
            side: Side::German,
            aircraft: "He 111",
            short: "I./KG 3",
            unit: Some("I./KG 3"),
            mark: Mark::of(Colour::Red),
            damaged: false,
            active: false,
            marker: None,
            lift: 0.0,
            name_left: true,
            tagged: true,
            pill: false,
        };
        // A plane at the window's left edge, its name asked on the left.
        let p = vec2(2.0, 300.0);
        let (_, _, plate) = label_places(p, 40.0, &c, 1280.0);
        let (plate, _) = plate.expect("a unit's name");
        assert!(plate.x >= 0.0, "{plate:?}");
        let (tag, _) = tag_place(p, 40.0, &c, 1280.0).expect("tagged");
        assert!(tag.x >= 0.0 && tag.x + tag.w <= 1280.0, "{tag:?}");
        // At the right edge, the tag stays inside too.
        let (tag, _) = tag_place(vec2(1279.0, 300.0), 40.0, &c, 1280.0).unwrap();
        assert!(tag.x + tag.w <= 1280.0, "{tag:?}");
        // In the middle, centred on the plane as before.
        let (tag, _) = tag_place(vec2(600.0, 300.0), 40.0, &c, 1280.0).unwrap();
        assert!((tag.x + tag.w / 2.0 - 600.0).abs() < 0.01, "{tag:?}");
    }
}
