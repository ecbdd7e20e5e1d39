//! Where the map's counters and place names go: each counter as wide as
//! its label, at the nearest free spot inside the map; each name where no
//! counter covers it. Deterministic: the same counters are always placed
//! the same way.

use super::map::MapView;
use super::names::{short_geschwader, short_wing};
use crate::app::ui::{font_size, text_width};
use crate::campaign::data::Square;
use crate::campaign::game::Campaign;
use macroquad::prelude::*;

/// What a counter shows: its name and how many squadrons it has.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    pub name: String,
    pub squadrons: usize,
}

/// What the counters' places depend on: each counter's square and face
/// (none: not on the map) and the view.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedKey {
    pub(super) g: Vec<Option<(Square, Face)>>,
    pub(super) w: Vec<Option<(Square, Face)>>,
    pub(super) rect: Rect,
    pub(super) cell: f32,
}

/// Counters' rectangles on the screen, geschwader's and wings' (an empty
/// rectangle for a counter not on the map).
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub(super) key: PlacedKey,
    pub g: Vec<Rect>,
    pub w: Vec<Rect>,
}

/// The room between two counters, and between a counter and the map's edge.
const GAP: f32 = 3.0;
/// The room between a counter's edge and its texts.
const PAD: f32 = 3.0;

/// A counter's height for a square of `cell` pixels.
pub fn counter_height(cell: f32) -> f32 {
    (cell * 0.8).max(17.0).round()
}

/// The size of a counter's texts for a square of `cell` pixels.
pub fn counter_font(cell: f32) -> f32 {
    (counter_height(cell) * 0.62).clamp(12.0, 20.0)
}

/// The width of the white box that holds a counter's squadrons.
fn squadrons_width(squadrons: &str, font: f32) -> f32 {
    (text_width(squadrons, font) + 2.0 * PAD)
        .max(font * 0.44 + 6.0)
        .round()
}

/// A counter's size for a square of `cell` pixels: as wide as its name and
/// its squadrons need.
pub fn counter_size(cell: f32, face: &Face) -> Vec2 {
    let h = counter_height(cell);
    let font = counter_font(cell);
    let need = PAD
        + text_width(&face.name, font)
        + PAD
        + squadrons_width(&face.squadrons.to_string(), font);
    vec2(need.max(h * 1.5).ceil(), h)
}

/// A counter as it is drawn: its box, and where its name and its squadrons
/// (in a white box at its right end) are written, at `font`.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterLook {
    pub rect: Rect,
    pub font: f32,
    pub name: String,
    /// The name's baseline, from its left end.
    pub name_at: Vec2,
    pub squadrons: String,
    pub squadrons_box: Rect,
    pub squadrons_at: Vec2,
}

impl CounterLook {
    pub fn new(rect: Rect, cell: f32, face: &Face) -> CounterLook {
        let font = counter_font(cell);
        let n = face.squadrons.to_string();
        let bw = squadrons_width(&n, font);
        let nb = Rect::new(rect.x + rect.w - bw, rect.y, bw, rect.h);
        let base = rect.y + rect.h / 2.0 + font * 0.32;
        CounterLook {
            rect,
            font,
            name: face.name.clone(),
            name_at: vec2(rect.x + PAD, base),
            squadrons_at: vec2(nb.x + (bw - text_width(&n, font)) / 2.0, base),
            squadrons: n,
            squadrons_box: nb,
        }
    }
}

/// Whether `a` and `b`, each grown by `gap` / 2 on every side, overlap.
fn too_close(a: &Rect, b: &Rect, gap: f32) -> bool {
    const EPS: f32 = 0.01;
    a.x < b.x + b.w + gap - EPS
        && b.x < a.x + a.w + gap - EPS
        && a.y < b.y + b.h + gap - EPS
        && b.y < a.y + a.h + gap - EPS
}

/// The place nearest to `want` (a top-left corner) for a rectangle of
/// `size` inside `bounds` that keeps `gap` from every rectangle of `taken`.
/// The nearest such place has each coordinate either the wanted one, or one
/// that just clears some rectangle or the bounds, so only those are tried
/// (nearest first, ties broken top to bottom, left to right: the same
/// rectangles are always placed the same way).
pub fn free_spot(want: Vec2, size: Vec2, taken: &[Rect], bounds: Rect, gap: f32) -> Rect {
    let lo = vec2(bounds.x + gap, bounds.y + gap);
    let hi = vec2(
        bounds.x + bounds.w - gap - size.x,
        bounds.y + bounds.h - gap - size.y,
    )
    .max(lo);
    let want = want.clamp(lo, hi);
    let mut xs = vec![want.x, lo.x, hi.x];
    let mut ys = vec![want.y, lo.y, hi.y];
    for o in taken {
        xs.extend([o.x - gap - size.x, o.x + o.w + gap]);
        ys.extend([o.y - gap - size.y, o.y + o.h + gap]);
    }
    let inside = |v: &f32, a: f32, b: f32| *v >= a - 0.01 && *v <= b + 0.01;
    xs.retain(|x| inside(x, lo.x, hi.x));
    ys.retain(|y| inside(y, lo.y, hi.y));
    let mut spots: Vec<(f32, f32, f32)> = xs
        .iter()
        .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
        .map(|(x, y)| ((x - want.x).powi(2) + (y - want.y).powi(2), y, x))
        .collect();
    spots.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.total_cmp(&b.2))
    });
    spots
        .into_iter()
        .map(|(_, y, x)| Rect::new(x, y, size.x, size.y))
        .find(|r| !taken.iter().any(|o| too_close(r, o, gap)))
        .unwrap_or(Rect::new(want.x, want.y, size.x, size.y))
}

impl Placed {
    /// Each counter on its square's centre if that is free, else on the
    /// nearest free place (geschwader first, then wings, each in order: the
    /// same counters are always placed the same way), inside the map.
    pub(super) fn new(key: PlacedKey, v: MapView) -> Placed {
        let mut taken: Vec<Rect> = Vec::new();
        let mut place = |at: &Option<(Square, Face)>| -> Rect {
            let Some((at, face)) = at else {
                return Rect::default();
            };
            let size = counter_size(v.cell, face);
            let r = free_spot(v.center(*at) - size / 2.0, size, &taken, v.rect, GAP);
            taken.push(r);
            r
        };
        let g = key.g.iter().map(&mut place).collect();
        let w = key.w.iter().map(&mut place).collect();
        Placed { key, g, w }
    }

    /// Every counter's rectangle (the empty ones of counters not on the map
    /// left out).
    pub fn all(&self) -> impl Iterator<Item = Rect> + '_ {
        self.g.iter().chain(&self.w).copied().filter(|r| r.w > 0.0)
    }
}

/// The size of the place names on a map of squares of `cell` pixels.
pub fn name_size(cell: f32) -> f32 {
    font_size((cell * 0.5).clamp(12.0, 18.0))
}

/// Where each place's name goes (its plate; names are written 3 pixels in
/// from its left), most important first: under its square, over it, or
/// to either side of either, the first spot that stays on the map and
/// neither covers another name nor lies under a counter. A name with no
/// such spot is left out (more appear as the map is zoomed in).
pub fn name_spots(
    v: MapView,
    names: &[(Square, String)],
    counters: &[Rect],
) -> Vec<(Rect, String)> {
    let size = name_size(v.cell);
    let mut taken: Vec<Rect> = counters.to_vec();
    let mut out = Vec::new();
    for (at, name) in names {
        let sq = v.square(*at);
        let w = text_width(name, size) + 6.0;
        let h = size + 2.0;
        let (mid, left, right) = (sq.x + (sq.w - w) / 2.0, sq.x, sq.x + sq.w - w);
        let (below, above) = (sq.y + sq.h, sq.y - h);
        let spot = [
            (mid, below),
            (mid, above),
            (left, below),
            (right, below),
            (left, above),
            (right, above),
        ]
        .into_iter()
        .map(|(x, y)| Rect::new(x, y, w, h))
        .find(|r| {
            v.rect.contains(r.point())
                && v.rect.contains(r.point() + r.size())
                && !taken.iter().any(|o| o.overlaps(r))
        });
        if let Some(r) = spot {
            taken.push(r);
            out.push((r, name.clone()));
        }
    }
    out
}

/// What a counter shows: a geschwader's short name, a wing's (BIG for the
/// Big Wing), and the squadrons in it.
pub(super) fn counter_face(c: &Campaign, wing: bool, i: usize) -> Face {
    if wing {
        let w = &c.wings()[i];
        Face {
            name: if w.big {
                "BIG".to_string()
            } else {
                short_wing(&c.data().oob.wings[i].name)
            },
            squadrons: w.squadrons.len(),
        }
    } else {
        Face {
            name: short_geschwader(&c.data().oob.geschwader[i].name),
            squadrons: c.geschwader()[i].squadrons.len(),
        }
    }
}

/// A counter is on the map: its wing or geschwader has squadrons.
pub(super) fn counter_visible(c: &Campaign, wing: bool, i: usize) -> bool {
    if wing {
        !c.wings()[i].squadrons.is_empty()
    } else {
        !c.geschwader()[i].squadrons.is_empty()
    }
}
