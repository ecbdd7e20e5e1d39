//! The map: its squares, the radar chain's watch, stations, bases and
//! target cards (drawn once into a layer), the decision's overlays, the
//! counters sliding square by square, and the flashes of bombs and losses.

use super::anim::Anim;
use super::{CampaignScene, Seen};
use crate::app::ui::paint::{
    clear_background, draw_line, draw_poly, draw_rectangle, draw_rectangle_lines, draw_triangle,
};
use crate::app::ui::{mix, Ui, ACCENT, INK};
use crate::campaign::data::{CampaignMap, Group, Square, Terrain};
use crate::campaign::deck::CardKind;
use crate::campaign::game::{Campaign, Event, RaidState, Stage, WingState};
use crate::campaign::sight::{may_see, Secret};
use macroquad::prelude::*;

pub use super::placement::*;

pub const SEA: Color = Color::new(0.42, 0.60, 0.78, 1.0);
pub const CONTINENT: Color = Color::new(0.74, 0.70, 0.62, 1.0);
pub const RAF: Color = Color::new(0.80, 0.87, 0.97, 1.0);
pub const RAF_INK: Color = Color::new(0.10, 0.20, 0.45, 1.0);
pub const LUFTWAFFE: Color = Color::new(0.30, 0.32, 0.36, 1.0);
pub const GOLD: Color = Color::new(1.0, 0.80, 0.10, 1.0);

pub fn group_colour(g: Group) -> Color {
    match g {
        Group::Ten => Color::new(0.70, 0.82, 0.52, 1.0),
        Group::Eleven => Color::new(0.90, 0.80, 0.52, 1.0),
        Group::Twelve => Color::new(0.60, 0.80, 0.70, 1.0),
        Group::Thirteen => Color::new(0.78, 0.72, 0.86, 1.0),
    }
}

/// Where the map is on screen: the area it is shown in, and (zoomed and
/// panned) the whole map's rectangle and the side of a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    /// The whole map, which may reach beyond `area` when zoomed in.
    pub rect: Rect,
    pub cell: f32,
    pub cols: i32,
    pub rows: i32,
    /// The part of the screen the map is shown in (it fits there unzoomed).
    pub area: Rect,
}

impl MapView {
    pub fn square(&self, sq: Square) -> Rect {
        Rect::new(
            self.rect.x + sq.col as f32 * self.cell,
            self.rect.y + sq.row as f32 * self.cell,
            self.cell,
            self.cell,
        )
    }

    pub fn center(&self, sq: Square) -> Vec2 {
        let r = self.square(sq);
        vec2(r.x + r.w / 2.0, r.y + r.h / 2.0)
    }

    pub fn pick(&self, p: Vec2) -> Option<Square> {
        if !self.rect.contains(p) || !self.area.contains(p) {
            return None;
        }
        let col = ((p.x - self.rect.x) / self.cell) as i32;
        let row = ((p.y - self.rect.y) / self.cell) as i32;
        (col < self.cols && row < self.rows).then_some(Square::new(col, row))
    }

    /// The view zoomed by `zoom` (1: fitting the area) and moved by `pan`
    /// pixels from the centre, kept so that the map always covers the area
    /// (or, when smaller, sits in its middle).
    pub fn zoomed(self, zoom: f32, pan: Vec2) -> MapView {
        let cell = self.cell * zoom;
        let (w, h) = (cell * self.cols as f32, cell * self.rows as f32);
        let a = self.area;
        let place = |start: f32, room: f32, size: f32, pan: f32| {
            if size <= room {
                start + (room - size) / 2.0
            } else {
                (start + (room - size) / 2.0 + pan).clamp(start + room - size, start)
            }
        };
        MapView {
            rect: Rect::new(
                place(a.x, a.w, w, pan.x).floor(),
                place(a.y, a.h, h, pan.y).floor(),
                w,
                h,
            ),
            cell,
            ..self
        }
    }
}

/// The colour that outlines a square the player may click: dark on a light
/// square, light on a dark one, so it reads on every group's colour.
pub fn legal_outline(fill: Color) -> Color {
    if luminance(fill) > 0.45 {
        Color::new(0.05, 0.05, 0.20, 1.0)
    } else {
        Color::new(1.0, 1.0, 1.0, 1.0)
    }
}

/// How far apart a square's colour and its outline are in brightness (0:
/// the same, 1: black on white).
pub fn legal_outline_contrast(fill: Color, outline: Color) -> f32 {
    (luminance(fill) - luminance(outline)).abs()
}

/// Relative luminance (sRGB weights), 0 black to 1 white.
pub fn luminance(c: Color) -> f32 {
    0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b
}

/// A square's colour on the map: its terrain, washed light where the radar
/// chain watches it.
pub fn square_colour(c: &Campaign, sq: Square) -> Color {
    let fill = match c.data().map.terrain(sq) {
        Some(Terrain::Land(g)) => group_colour(g),
        Some(Terrain::Continent) => CONTINENT,
        _ => SEA,
    };
    if c.is_radar_square(sq) {
        mix(fill, Color::new(1.0, 1.0, 0.75, 1.0), 0.3)
    } else {
        fill
    }
}

/// The parts of the table's screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub map: MapView,
    pub act: Rect,
    pub info: Rect,
}

pub fn layout(w: f32, h: f32, cols: i32, rows: i32) -> Layout {
    let top = 44.0;
    let bottom = 34.0;
    let cell = ((h - top - bottom - 4.0) / rows as f32)
        .min(w * 0.46 / cols as f32)
        .floor()
        .max(8.0);
    let rect = Rect::new(8.0, top, cell * cols as f32, cell * rows as f32);
    let map = MapView {
        rect,
        cell,
        cols,
        rows,
        area: rect,
    };
    let x = map.rect.x + map.rect.w + 8.0;
    let rest = (w - x - 8.0).max(200.0);
    // The decision's panel gets half (its buttons carry long labels).
    let aw = (rest * 0.5).floor();
    let ph = h - top - bottom;
    Layout {
        map,
        act: Rect::new(x, top, aw, ph),
        info: Rect::new(x + aw + 8.0, top, rest - aw - 8.0, ph),
    }
}

/// The edges between land and sea, as (square, side: 0 east, 1 south, 2
/// west, 3 north), computed once from the map data.
pub fn coastline(c: &Campaign) -> Vec<(Square, u8)> {
    let m = &c.data().map;
    let land = |sq: Square| matches!(m.terrain(sq), Some(Terrain::Land(_) | Terrain::Continent));
    let mut out = Vec::new();
    for row in 0..m.rows as i32 {
        for col in 0..m.columns as i32 {
            let sq = Square::new(col, row);
            if !land(sq) {
                continue;
            }
            for (k, (dc, dr)) in [(1, 0), (0, 1), (-1, 0), (0, -1)].into_iter().enumerate() {
                let o = Square::new(col + dc, row + dr);
                if m.contains(o) && !land(o) {
                    out.push((sq, k as u8));
                }
            }
        }
    }
    out
}

/// The places named on the map, most important first: London, the RAF
/// stations, the cities and the other targets (each square named once).
pub fn place_names(c: &Campaign) -> Vec<(Square, String)> {
    let d = c.data();
    let mut out: Vec<(Square, String)> = Vec::new();
    let mut add = |at: Square, name: &str| {
        if !out.iter().any(|(s, _)| *s == at) {
            out.push((at, name.to_string()));
        }
    };
    for t in d
        .targets
        .cards
        .iter()
        .filter(|t| t.kind == CardKind::London)
    {
        add(t.at, &t.name);
    }
    for s in &d.map.stations {
        add(s.at, &s.name);
    }
    for t in d.targets.cards.iter().filter(|t| t.kind == CardKind::City) {
        add(t.at, &t.name);
    }
    for t in &d.targets.cards {
        add(t.at, &t.name);
    }
    out
}

/// A target card as the map marks it: its square, its kind, its damage and
/// the hits that knock it out.
type CardMark = (Square, CardKind, u8, u8);

/// Each square in its colour (`fills`, row by row).
fn draw_squares(v: MapView, m: &CampaignMap, fills: &[Color]) {
    for row in 0..m.rows as i32 {
        for col in 0..m.columns as i32 {
            let sq = Square::new(col, row);
            let r = v.square(sq);
            draw_rectangle(
                r.x,
                r.y,
                r.w,
                r.h,
                fills[(row * m.columns as i32 + col) as usize],
            );
        }
    }
}

/// The grid.
fn draw_grid(v: MapView, m: &CampaignMap) {
    let grid = Color::new(0.15, 0.2, 0.25, 0.25);
    for col in 0..=m.columns {
        let x = v.rect.x + col as f32 * v.cell;
        draw_line(x, v.rect.y, x, v.rect.y + v.rect.h, 1.0, grid);
    }
    for row in 0..=m.rows {
        let y = v.rect.y + row as f32 * v.cell;
        draw_line(v.rect.x, y, v.rect.x + v.rect.w, y, 1.0, grid);
    }
}

/// The coast: a line between land and sea squares.
fn draw_coast(v: MapView, coast: &[(Square, u8)]) {
    let shore = Color::new(0.12, 0.22, 0.38, 1.0);
    let t = (v.cell * 0.12).clamp(2.0, 4.0);
    for &(sq, side) in coast {
        let r = v.square(sq);
        let (a, b) = match side {
            0 => (vec2(r.x + r.w, r.y), vec2(r.x + r.w, r.y + r.h)),
            1 => (vec2(r.x, r.y + r.h), vec2(r.x + r.w, r.y + r.h)),
            2 => (vec2(r.x, r.y), vec2(r.x, r.y + r.h)),
            _ => (vec2(r.x, r.y), vec2(r.x + r.w, r.y)),
        };
        draw_line(a.x, a.y, b.x, b.y, t, shore);
    }
}

/// Group boundaries: a dark edge where two groups' land meets.
fn draw_group_borders(v: MapView, m: &CampaignMap) {
    for row in 0..m.rows as i32 {
        for col in 0..m.columns as i32 {
            let sq = Square::new(col, row);
            let Some(g) = m.group(sq) else { continue };
            let r = v.square(sq);
            if m.group(Square::new(col + 1, row)).is_some_and(|o| o != g) {
                draw_line(r.x + r.w, r.y, r.x + r.w, r.y + r.h, 2.5, INK);
            }
            if m.group(Square::new(col, row + 1)).is_some_and(|o| o != g) {
                draw_line(r.x, r.y + r.h, r.x + r.w, r.y + r.h, 2.5, INK);
            }
        }
    }
}

/// The 12 Group line: through the squares it divides.
fn draw_twelve_group_line(v: MapView, m: &CampaignMap) {
    let red = Color::new(0.75, 0.1, 0.1, 0.9);
    let mut last: Option<Vec2> = None;
    for (col, &row) in m.twelve_group_line.iter().enumerate() {
        let y = v.rect.y + (row as f32 + 0.5) * v.cell;
        let x0 = v.rect.x + col as f32 * v.cell;
        if let Some(p) = last {
            if (p.y - y).abs() > 0.5 {
                draw_line(p.x, p.y, x0, y, 3.0, red);
            }
        }
        draw_line(x0, y, x0 + v.cell, y, 3.0, red);
        last = Some(vec2(x0 + v.cell, y));
    }
}

/// Luftwaffe bases: a black cross.
fn draw_bases(v: MapView, m: &CampaignMap) {
    for b in &m.bases {
        let p = v.center(b.at);
        let s = v.cell * 0.28;
        draw_line(p.x - s, p.y, p.x + s, p.y, 4.0, INK);
        draw_line(p.x, p.y - s, p.x, p.y + s, 4.0, INK);
    }
}

/// RAF stations: a small roundel.
fn draw_stations(v: MapView, m: &CampaignMap) {
    for s in &m.stations {
        let p = v.center(s.at) + vec2(-v.cell * 0.25, v.cell * 0.25);
        draw_poly(
            p.x,
            p.y,
            10,
            v.cell * 0.16,
            0.0,
            Color::new(0.1, 0.2, 0.6, 1.0),
        );
        draw_poly(p.x, p.y, 10, v.cell * 0.1, 0.0, WHITE);
        draw_poly(
            p.x,
            p.y,
            10,
            v.cell * 0.05,
            0.0,
            Color::new(0.8, 0.1, 0.1, 1.0),
        );
    }
}

/// Radar stations: a mast, green standing, red knocked out.
fn draw_radar(v: MapView, m: &CampaignMap, standing: &[bool]) {
    for (i, s) in m.radar.iter().enumerate() {
        let p = v.center(s.at) + vec2(v.cell * 0.28, -v.cell * 0.1);
        let col = if standing[i] {
            Color::new(0.05, 0.45, 0.1, 1.0)
        } else {
            Color::new(0.85, 0.1, 0.1, 1.0)
        };
        draw_triangle(
            p + vec2(0.0, -v.cell * 0.32),
            p + vec2(-v.cell * 0.15, v.cell * 0.22),
            p + vec2(v.cell * 0.15, v.cell * 0.22),
            col,
        );
    }
}

/// Target cards: a marker with its hits, crossed out when knocked out
/// (radar cards show on their masts instead).
fn draw_target_cards(v: MapView, cards: &[CardMark]) {
    let mut stacked: Vec<(Square, usize)> = Vec::new();
    for &(at, kind, dmg, hits) in cards {
        if kind == CardKind::Radar {
            continue;
        }
        let n = match stacked.iter_mut().find(|(s, _)| *s == at) {
            Some(e) => {
                e.1 += 1;
                e.1 - 1
            }
            None => {
                stacked.push((at, 1));
                0
            }
        };
        let r = v.square(at);
        let s = v.cell * 0.36;
        let x = r.x + 2.0 + n as f32 * (s + 1.0);
        let y = r.y + 2.0;
        let fill = match kind {
            CardKind::City | CardKind::London => Color::new(0.35, 0.33, 0.30, 1.0),
            CardKind::Factory => Color::new(0.55, 0.30, 0.15, 1.0),
            _ => Color::new(0.90, 0.90, 0.88, 1.0),
        };
        draw_rectangle(x, y, s, s, fill);
        draw_rectangle_lines(x, y, s, s, 1.0, INK);
        if dmg > 0 {
            let k = (dmg as f32 / hits.max(1) as f32).min(1.0);
            draw_rectangle(
                x,
                y + s * (1.0 - k),
                s,
                s * k,
                Color::new(0.95, 0.35, 0.1, 1.0),
            );
        }
        if dmg >= hits {
            draw_line(x, y, x + s, y + s, 2.0, Color::new(0.9, 0.0, 0.0, 1.0));
            draw_line(x + s, y, x, y + s, 2.0, Color::new(0.9, 0.0, 0.0, 1.0));
        }
    }
}

/// Place names, each in its own place, unless a counter covers it.
fn draw_place_names(v: MapView, names: &[(Square, String)], counters: &[Rect]) {
    let size = name_size(v.cell);
    for (r, name) in shown_names(&name_spots(v, names), counters) {
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(1.0, 1.0, 0.96, 0.8));
        crate::app::ui::draw_text(name, r.x + 3.0, r.y + size * 0.8, size, INK);
    }
}

impl CampaignScene {
    /// Everything the map layer shows, as one number: the targets' damage,
    /// the radar, and the counters the place names keep clear of.
    fn map_key(c: &Campaign, counters: &[Rect]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut put = |v: u64| {
            h ^= v;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for i in 0..c.cards().len() {
            put(c.damage(i as u16) as u64);
        }
        for i in 0..c.data().map.radar.len() {
            put(c.radar_standing(i) as u64);
        }
        for r in counters {
            for f in [r.x, r.y, r.w, r.h] {
                put(f.to_bits() as u64);
            }
        }
        h
    }

    pub(super) fn draw_map(
        &mut self,
        ui: &Ui,
        c: &Campaign,
        f: &Seen,
        front: Option<(&Anim, f32)>,
    ) {
        let v = self.lay.map;
        let data = c.data().clone();
        let counters: Vec<Rect> = self.placed(c).all().collect();
        let key = (v.area, v.rect, Self::map_key(c, &counters));
        let radar_standing: Vec<bool> = (0..data.map.radar.len())
            .map(|i| c.radar_standing(i))
            .collect();
        let fills: Vec<Color> = (0..data.map.rows as i32)
            .flat_map(|r| (0..data.map.columns as i32).map(move |col| Square::new(col, r)))
            .map(|sq| square_colour(c, sq))
            .collect();
        let cards: Vec<CardMark> = data
            .targets
            .cards
            .iter()
            .enumerate()
            .map(|(i, t)| (t.at, t.kind, c.damage(i as u16), t.hits))
            .collect();
        if self.coast.is_empty() {
            self.coast = coastline(c);
            self.names = place_names(c);
        }
        let coast = &self.coast;
        let names = &self.names;
        self.map_layer.show(ui, v.area, key, || {
            let m = &data.map;
            clear_background(SEA);
            draw_squares(v, m, &fills);
            draw_grid(v, m);
            draw_coast(v, coast);
            draw_group_borders(v, m);
            draw_twelve_group_line(v, m);
            draw_bases(v, m);
            draw_stations(v, m);
            draw_radar(v, m, &radar_standing);
            draw_target_cards(v, &cards);
            draw_place_names(v, names, &counters);
            draw_rectangle_lines(v.rect.x, v.rect.y, v.rect.w, v.rect.h, 2.0, INK);
        });
        // Zoomed in, what is drawn on the map stays in its area.
        let clip = ui.draw && v.rect != v.area;
        if clip {
            ui.flush_text();
            crate::app::ui::scissor(Some(v.area));
        }
        self.draw_tracks(ui, c);
        self.draw_overlays(ui, c, f);
        self.draw_counters(ui, c, front);
        self.draw_held_marks(ui, c);
        self.draw_notes(ui, c);
        self.draw_flashes(ui);
        if clip {
            ui.flush_text();
            crate::app::ui::scissor(None);
        }
    }

    /// A square a click may go to keeps its frame over a counter on it.
    fn draw_held_marks(&self, ui: &Ui, c: &Campaign) {
        let v = self.lay.map;
        let thick = (v.cell * 0.1).clamp(2.0, 4.0);
        let held: Vec<Rect> = self.placed(c).all().collect();
        for &(sq, _, edge) in &self.legal_marks {
            let r = v.square(sq);
            if held.iter().any(|h| h.overlaps(&r)) {
                ui.rect_lines(r, thick, edge);
            }
        }
    }

    /// The flashes of bombs and of squadrons lost, growing as they fade.
    fn draw_flashes(&self, ui: &Ui) {
        let v = self.lay.map;
        for &(at, bombs, t) in &self.flashes {
            let p = v.center(at);
            let r = v.cell * (0.3 + t);
            let col = if bombs {
                Color::new(1.0, 0.5, 0.0, 0.9 - t)
            } else {
                Color::new(1.0, 0.9, 0.2, 0.9 - t)
            };
            ui.circle(p, r, col);
        }
    }

    /// The decision's squares, the German's targets, a picked wing's reach.
    fn draw_overlays(&mut self, ui: &Ui, c: &Campaign, f: &Seen) {
        let v = self.lay.map;
        self.legal_marks.clear();
        let viewer = f.viewer;
        let quiet = f.quiet && self.result.is_none();
        // The German's own missions: a line to each target.
        if may_see(viewer, Secret::Targets) {
            for (g, ges) in c.geschwader().iter().enumerate() {
                if let (Some(card), true) = (
                    ges.target,
                    matches!(ges.state, RaidState::Waiting | RaidState::Aloft),
                ) {
                    let t = c.data().targets.cards[card as usize].at;
                    let from = v.center(self.gpos[g]);
                    let to = v.center(t);
                    ui.line(from, to, 2.0, Color::new(0.1, 0.1, 0.1, 0.6));
                    ui.circle_lines(to, v.cell * 0.55, 3.0, ACCENT);
                }
            }
            if matches!(c.stage(), Stage::Missions | Stage::KeepHand)
                && may_see(viewer, Secret::Hand)
            {
                for &card in c.deck().hand() {
                    let t = c.data().targets.cards[card as usize].at;
                    ui.circle_lines(v.center(t), v.cell * 0.45, 2.0, GOLD);
                }
            }
        }
        // The raid the decision is about.
        let about = match c.stage() {
            Stage::Fly { geschwader }
            | Stage::InterceptChoice { geschwader }
            | Stage::InterceptStep { geschwader, .. }
            | Stage::HowToFight { geschwader, .. } => Some(*geschwader),
            _ => None,
        };
        if let Some(g) = about.filter(|&g| counter_visible(c, false, g) && f.quiet) {
            let r = self.counter_rect(c, false, g);
            ui.rect_lines(
                Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
                3.0,
                ACCENT,
            );
        }
        if !quiet || f.mine.is_none() {
            return;
        }
        let squares = self.square_choices(c);
        self.legal_marks = squares
            .iter()
            .map(|(sq, _)| {
                let fill = square_colour(c, *sq);
                (*sq, fill, legal_outline(fill))
            })
            .collect();
        let thick = (v.cell * 0.1).clamp(2.0, 4.0);
        for (sq, _) in &squares {
            let r = v.square(*sq);
            let fill = square_colour(c, *sq);
            let edge = legal_outline(fill);
            // A frame in a colour that stands off the square's, over a
            // light wash of it.
            ui.rect(r, Color::new(edge.r, edge.g, edge.b, 0.16));
            ui.rect_lines(r, thick, edge);
        }
        for w in self.wing_choices(c) {
            let r = self.counter_rect(c, true, w);
            let on = self.picked_wing == Some(w);
            ui.rect_lines(
                Rect::new(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0),
                if on { 4.0 } else { 2.5 },
                GOLD,
            );
        }
        if let Stage::Missions = c.stage() {
            if let Some(g) = self.picked_geschwader {
                let r = self.counter_rect(c, false, g);
                ui.rect_lines(
                    Rect::new(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0),
                    4.0,
                    GOLD,
                );
            }
        }
        // The square under the mouse, where a click would go.
        if let Some(sq) = v.pick(ui.mouse()) {
            if squares.iter().any(|(s, _)| *s == sq) {
                ui.rect_lines(v.square(sq), 4.0, ACCENT);
            }
        }
    }

    /// Every counter's rectangle, placed so that none covers another and
    /// each is as wide as its name needs (cached until a counter moves or
    /// changes, or the view changes).
    pub(super) fn placed(&self, c: &Campaign) -> std::cell::Ref<'_, Placed> {
        let on_map = |wing: bool, i: usize, at: Square| {
            counter_visible(c, wing, i).then(|| (at, counter_face(c, wing, i)))
        };
        let key = PlacedKey {
            g: (0..self.gpos.len())
                .map(|g| on_map(false, g, self.gpos[g]))
                .collect(),
            w: (0..self.wpos.len())
                .map(|w| on_map(true, w, self.wpos[w]))
                .collect(),
            rect: self.view.rect,
            cell: self.view.cell,
        };
        let stale = self.placed.borrow().as_ref().is_none_or(|p| p.key != key);
        if stale {
            *self.placed.borrow_mut() = Some(Placed::new(key, self.view));
        }
        std::cell::Ref::map(self.placed.borrow(), |p| {
            p.as_ref().expect("placed just now")
        })
    }

    /// A counter's token: on its square (a part of it, shared).
    pub(super) fn counter_rect(&self, c: &Campaign, wing: bool, i: usize) -> Rect {
        self.counter_place(c, wing, i).0
    }

    /// A counter's token and plate.
    fn counter_place(&self, c: &Campaign, wing: bool, i: usize) -> (Rect, Rect) {
        let p = self.placed(c);
        let list = if wing { &p.w } else { &p.g };
        list.get(i).copied().unwrap_or_default()
    }

    /// Every counter on the map as it is drawn at rest: (wing, index, look).
    pub fn counter_looks(&self, c: &Campaign) -> Vec<(bool, usize, CounterLook)> {
        let mut out = Vec::new();
        for wing in [false, true] {
            let n = if wing {
                self.wpos.len()
            } else {
                self.gpos.len()
            };
            for i in (0..n).filter(|&i| counter_visible(c, wing, i)) {
                let (token, plate) = self.counter_place(c, wing, i);
                let at = if wing { self.wpos[i] } else { self.gpos[i] };
                let face = counter_face(c, wing, i);
                let look = CounterLook::new(at, token, plate, self.view.cell, &face);
                out.push((wing, i, look));
            }
        }
        out
    }

    /// Where the map writes the places' names now (their plates): each in
    /// its own place, those a counter covers left out.
    pub fn name_spots(&self, c: &Campaign) -> Vec<(Rect, String)> {
        let counters: Vec<Rect> = self.placed(c).all().collect();
        shown_names(&name_spots(self.view, &place_names(c)), &counters)
    }

    fn draw_counters(&self, ui: &Ui, c: &Campaign, front: Option<(&Anim, f32)>) {
        let v = self.lay.map;
        let slide = |r: &mut Rect, d: Vec2| {
            r.x += d.x;
            r.y += d.y;
        };
        // One counter: its token on its square, and its plate beside it (a
        // line joins a plate set further out to its token).
        let counter = |who: &str, l: &CounterLook, fill: Color, edge: Color, german: bool| {
            let t = l.rect;
            ui.rect(t, fill);
            ui.rect_lines(t, 1.5, edge);
            let mid = vec2(t.x + t.w / 2.0, t.y + t.h / 2.0);
            let s = t.w.min(t.h) * 0.3;
            if german {
                ui.line(mid - vec2(s, 0.0), mid + vec2(s, 0.0), 2.0, WHITE);
                ui.line(mid - vec2(0.0, s), mid + vec2(0.0, s), 2.0, WHITE);
            } else {
                ui.circle(mid, s, Color::new(0.1, 0.2, 0.6, 1.0));
                ui.circle(mid, s * 0.5, Color::new(0.8, 0.1, 0.1, 1.0));
            }
            crate::app::audit::mark(who, &format!("the {} token", l.label), t);
            let p = l.plate;
            if p.w <= 0.0 {
                return;
            }
            let pc = vec2(p.x + p.w / 2.0, p.y + p.h / 2.0);
            if pc.distance(mid) > v.cell * 1.6 {
                ui.line(pc, mid, 1.5, Color::new(0.05, 0.05, 0.1, 0.85));
            }
            ui.rect(p, fill);
            ui.rect_lines(p, 1.0, edge);
            crate::app::audit::owner(Some(who));
            ui.text(
                &l.label,
                l.label_at.x,
                l.label_at.y,
                l.font,
                if german { WHITE } else { RAF_INK },
            );
            crate::app::audit::owner(None);
            crate::app::audit::mark(who, &format!("the {} plate", l.label), p);
        };
        // Each counter, and whether it is sliding to its next square.
        let mut shown: Vec<(CounterLook, bool, usize, bool)> = Vec::new();
        for (wing, i, mut look) in self.counter_looks(c) {
            let moving = match front {
                Some((Anim::Geschwader { g, to } | Anim::GeschwaderJump { g, to }, t))
                    if !wing && *g == i =>
                {
                    Some((self.gpos[i], *to, t))
                }
                Some((Anim::Wing { w, to } | Anim::WingJump { w, to }, t)) if wing && *w == i => {
                    Some((self.wpos[i], *to, t))
                }
                _ => None,
            };
            if let Some((from, to, t)) = moving {
                let d = (v.center(to) - v.center(from)) * t;
                slide(&mut look.rect, d);
                slide(&mut look.plate, d);
                look.label_at += d;
            }
            shown.push((look, wing, i, moving.is_some()));
        }
        // The counters at rest, then the one on the move over them.
        shown.sort_by_key(|s| s.3);
        for (look, wing, i, moving) in shown {
            if moving {
                ui.flush_text();
                crate::app::audit::moving(true);
            }
            let who = format!("{} {i}", if wing { "wing" } else { "geschwader" });
            if !wing {
                let ges = &c.geschwader()[i];
                let fill = if ges.state == RaidState::Home {
                    Color::new(0.55, 0.56, 0.58, 1.0)
                } else {
                    LUFTWAFFE
                };
                let edge = if ges.state == RaidState::Aloft {
                    ACCENT
                } else {
                    INK
                };
                counter(&who, &look, fill, edge, true);
            } else {
                let wing = &c.wings()[i];
                let fill = match wing.state {
                    WingState::Fought | WingState::Returned => Color::new(0.66, 0.70, 0.78, 1.0),
                    _ => RAF,
                };
                let edge = match wing.state {
                    WingState::Intercepting(_) | WingState::Aloft => ACCENT,
                    _ => RAF_INK,
                };
                counter(&who, &look, fill, edge, false);
            }
            if moving {
                ui.flush_text();
                crate::app::audit::moving(false);
            }
        }
    }

    /// The notes on the map (why an intercept missed): each beside its
    /// square, clear of the counters and of each other.
    fn draw_notes(&self, ui: &Ui, c: &Campaign) {
        if self.notes.is_empty() {
            return;
        }
        let v = self.lay.map;
        let size = name_size(v.cell);
        let mut taken: Vec<Rect> = self.placed(c).all().collect();
        ui.flush_text();
        for (at, text, _) in &self.notes {
            let width = (v.rect.w * 0.6).min(320.0);
            let lines = crate::app::ui::wrap_text(text, width - 10.0, size);
            let lw = lines
                .iter()
                .map(|l| crate::app::ui::text_width(l, size))
                .fold(0.0, f32::max);
            let (w, h) = (lw + 10.0, lines.len() as f32 * size * 1.2 + 8.0);
            let sq = v.square(*at);
            let want = Rect::new(sq.x + sq.w / 2.0 - w / 2.0, sq.y - h - 4.0, w, h);
            let Some(r) = crate::app::board_view::place_clear(want, &taken, v.rect) else {
                continue;
            };
            taken.push(r);
            ui.line(
                vec2(r.x + r.w / 2.0, r.y + r.h / 2.0),
                v.center(*at),
                2.0,
                ACCENT,
            );
            ui.rect(r, Color::new(1.0, 0.97, 0.88, 1.0));
            ui.rect_lines(r, 2.0, ACCENT);
            // A call-out, like a tooltip: its box hides the map under it
            // while it shows (the notes keep clear of one another).
            for (i, l) in lines.iter().enumerate() {
                ui.text(
                    l,
                    r.x + 5.0,
                    r.y + 4.0 + size * (0.9 + 1.2 * i as f32),
                    size,
                    INK,
                );
            }
        }
        ui.flush_text();
    }

    /// Each raid's track this Tally Ho phase: the squares it has flown, as
    /// a line (up to where its counter is shown now).
    fn draw_tracks(&mut self, ui: &Ui, c: &Campaign) {
        let v = self.lay.map;
        if self.tracks.0 != c.events().len() {
            self.tracks = (c.events().len(), raid_tracks(c));
        }
        for (g, track) in self.tracks.1.iter().enumerate() {
            if track.len() < 2 || !counter_visible(c, false, g) {
                continue;
            }
            let end = track
                .iter()
                .rposition(|&sq| Some(sq) == self.gpos.get(g).copied())
                .unwrap_or(track.len() - 1);
            let col = Color::new(0.55, 0.05, 0.05, 0.8);
            let t = (v.cell * 0.14).clamp(2.5, 5.0);
            for pair in track[..=end].windows(2) {
                ui.line(v.center(pair[0]), v.center(pair[1]), t, col);
            }
            for &sq in &track[..end] {
                ui.circle(v.center(sq), t * 0.9, col);
            }
        }
    }
}

/// The squares each geschwader has flown this Tally Ho phase, from where it
/// was when the phase began (or its base, if it took off in it).
pub fn raid_tracks(c: &Campaign) -> Vec<Vec<Square>> {
    let n = c.geschwader().len();
    let base = |g: usize| c.data().oob.geschwader[g].at;
    let mut at: Vec<Square> = (0..n).map(base).collect();
    let mut tracks: Vec<Vec<Square>> = vec![Vec::new(); n];
    for e in c.events() {
        match e {
            Event::TallyHo(_) => {
                for (g, t) in tracks.iter_mut().enumerate() {
                    *t = vec![at[g]];
                }
            }
            Event::TakesOff(g) => tracks[*g] = vec![base(*g)],
            Event::Moved { geschwader, to, .. } => {
                at[*geschwader] = *to;
                tracks[*geschwader].push(*to);
            }
            Event::ReachedForHome { geschwader, .. } => {
                at[*geschwader] = base(*geschwader);
                tracks[*geschwader].clear();
            }
            Event::TallyHoEnds(_) => tracks.iter_mut().for_each(Vec::clear),
            _ => {}
        }
    }
    tracks
}
