//! Where the map's counters and place names go: each counter's token on
//! its own square, its plate beside it where it covers nothing; each name
//! in a place of its own, hidden while a counter covers it. Deterministic:
//! the same counters are always placed the same way.

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

/// Counters on the screen, geschwader's and wings': each one's token and
/// plate (empty rectangles for a counter not on the map).
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub(super) key: PlacedKey,
    pub g: Vec<(Rect, Rect)>,
    pub w: Vec<(Rect, Rect)>,
}

/// The room between a plate's edge and its text.
const PAD: f32 = 3.0;

/// The size of a counter's plate text for a square of `cell` pixels.
pub fn counter_font(cell: f32) -> f32 {
    font_size((cell * 0.62).clamp(12.0, 18.0))
}

/// A counter as it is drawn: its token on its own square (a part of it when
/// several counters share the square) and its name and squadrons on a
/// plate beside the token (`plate` empty where there was no room: the
/// square's tooltip still names it).
#[derive(Clone, Debug, PartialEq)]
pub struct CounterLook {
    /// The square it is on (as the screen shows it, at rest).
    pub square: Square,
    pub rect: Rect,
    pub font: f32,
    /// "KG3 6": the counter's short name and its squadrons.
    pub label: String,
    pub plate: Rect,
    /// The label's baseline, from its left end.
    pub label_at: Vec2,
}

impl CounterLook {
    /// The look of a counter whose token is `rect` and plate `plate`.
    pub fn new(square: Square, rect: Rect, plate: Rect, cell: f32, face: &Face) -> CounterLook {
        let font = counter_font(cell);
        CounterLook {
            square,
            rect,
            font,
            label: face.label(),
            plate,
            label_at: vec2(plate.x + PAD, plate.y + plate.h / 2.0 + font * 0.36),
        }
    }
}

impl Face {
    /// What its plate says: "KG3 6".
    pub fn label(&self) -> String {
        format!("{} {}", self.name, self.squadrons)
    }
}

/// The size of the plate that carries `face` for squares of `cell` pixels.
pub fn plate_size(cell: f32, face: &Face) -> Vec2 {
    let font = counter_font(cell);
    vec2(
        (text_width(&face.label(), font) + 2.0 * PAD).ceil(),
        (font * 1.15 + 2.0).ceil(),
    )
}

/// The `k`th of `n` tokens sharing the square `sq`: the whole square for
/// one, its halves for two, its quarters for three or four, then a grid.
pub fn token_rect(sq: Rect, k: usize, n: usize) -> Rect {
    let inset = 1.5;
    let (cols, rows) = match n {
        0 | 1 => (1, 1),
        2 => (2, 1),
        3 | 4 => (2, 2),
        n => {
            let c = (n as f32).sqrt().ceil() as usize;
            (c, n.div_ceil(c))
        }
    };
    let (w, h) = (sq.w / cols as f32, sq.h / rows as f32);
    let (c, r) = (k % cols, k / cols);
    Rect::new(
        sq.x + c as f32 * w + inset,
        sq.y + r as f32 * h + inset,
        w - 2.0 * inset,
        h - 2.0 * inset,
    )
}

/// Where a plate of `size` beside the square `sq` may go, nearest first:
/// right of it, left, below, above, at the corners, then a square further
/// out (a leader line joins those to their square).
fn plate_spots(sq: Rect, size: Vec2) -> Vec<Rect> {
    let mid_y = sq.y + (sq.h - size.y) / 2.0;
    let mid_x = sq.x + (sq.w - size.x) / 2.0;
    let mut out = Vec::new();
    for far in [0.0, sq.w] {
        let (l, r) = (sq.x - size.x - 1.0 - far, sq.x + sq.w + 1.0 + far);
        let (u, d) = (sq.y - size.y - 1.0 - far, sq.y + sq.h + 1.0 + far);
        out.extend([
            (r, mid_y),
            (l, mid_y),
            (mid_x, d),
            (mid_x, u),
            (r, d),
            (l, d),
            (r, u),
            (l, u),
        ]);
    }
    out.into_iter()
        .map(|(x, y)| Rect::new(x, y, size.x, size.y))
        .collect()
}

impl Placed {
    /// Each counter's token on its own square (sharing it, side by side,
    /// with the counters on the same square: geschwader first, then wings,
    /// each in order), and its plate at the first spot beside it that stays
    /// on the map and covers no token and no other plate. Deterministic:
    /// the same counters are always placed the same way.
    pub(super) fn new(key: PlacedKey, v: MapView) -> Placed {
        let all: Vec<(bool, usize, Square, &Face)> = key
            .g
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|(sq, f)| (false, i, *sq, f)))
            .chain(
                key.w
                    .iter()
                    .enumerate()
                    .filter_map(|(i, c)| c.as_ref().map(|(sq, f)| (true, i, *sq, f))),
            )
            .collect();
        let mut g = vec![(Rect::default(), Rect::default()); key.g.len()];
        let mut w = vec![(Rect::default(), Rect::default()); key.w.len()];
        // The tokens: every held square is taken whole.
        let mut squares: Vec<Square> = Vec::new();
        for &(_, _, sq, _) in &all {
            if !squares.contains(&sq) {
                squares.push(sq);
            }
        }
        let mut taken: Vec<Rect> = squares.iter().map(|&sq| v.square(sq)).collect();
        for (wing, i, sq, face) in &all {
            let on: Vec<(bool, usize)> = all
                .iter()
                .filter(|o| o.2 == *sq)
                .map(|o| (o.0, o.1))
                .collect();
            let k = on.iter().position(|o| *o == (*wing, *i)).unwrap_or(0);
            let token = token_rect(v.square(*sq), k, on.len());
            let size = plate_size(v.cell, face);
            let plate = plate_spots(v.square(*sq), size)
                .into_iter()
                .find(|r| {
                    v.rect.contains(r.point())
                        && v.rect.contains(r.point() + r.size())
                        && !taken.iter().any(|o| o.overlaps(r))
                })
                .unwrap_or_default();
            if plate.w > 0.0 {
                taken.push(plate);
            }
            let slot = if *wing { &mut w[*i] } else { &mut g[*i] };
            *slot = (token, plate);
        }
        Placed { key, g, w }
    }

    /// Every counter's token and plate (those of counters not on the map,
    /// and missing plates, left out).
    pub fn all(&self) -> impl Iterator<Item = Rect> + '_ {
        self.g
            .iter()
            .chain(&self.w)
            .flat_map(|&(t, p)| [t, p])
            .filter(|r| r.w > 0.0)
    }
}

/// The size of the place names on a map of squares of `cell` pixels.
pub fn name_size(cell: f32) -> f32 {
    font_size((cell * 0.5).clamp(12.0, 18.0))
}

/// Where each place's name goes (its plate; names are written 3 pixels in
/// from its left), most important first: under its square, over it, or
/// to either side of either, the first spot that stays on the map and
/// covers no other name. The spots do not depend on the counters, so a name
/// never moves; one that a counter or its plate would cover is not written
/// while the counter is there (`hidden`).
pub fn name_spots(v: MapView, names: &[(Square, String)]) -> Vec<(Rect, String)> {
    let size = name_size(v.cell);
    let mut taken: Vec<Rect> = Vec::new();
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

/// The names of `spots` that no counter's token or plate covers.
pub fn shown_names(spots: &[(Rect, String)], counters: &[Rect]) -> Vec<(Rect, String)> {
    spots
        .iter()
        .filter(|(r, _)| !counters.iter().any(|c| c.overlaps(r)))
        .cloned()
        .collect()
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
