//! The map: its squares, the radar chain's watch, stations, bases and
//! target cards (drawn once into a layer), the decision's overlays, the
//! counters sliding square by square, and the flashes of bombs and losses.

use super::anim::Anim;
use super::names::{short_geschwader, short_wing};
use super::{CampaignScene, Seen};
use crate::app::ui::{mix, Ui, ACCENT, INK};
use crate::campaign::data::{Group, Square, Terrain};
use crate::campaign::deck::CardKind;
use crate::campaign::game::{Campaign, RaidState, Stage, WingState};
use crate::campaign::sight::{may_see, Secret};
use macroquad::prelude::*;

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

/// Where the map is on screen: its top-left corner and the side of a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    pub rect: Rect,
    pub cell: f32,
    pub cols: i32,
    pub rows: i32,
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
        if !self.rect.contains(p) {
            return None;
        }
        let col = ((p.x - self.rect.x) / self.cell) as i32;
        let row = ((p.y - self.rect.y) / self.cell) as i32;
        (col < self.cols && row < self.rows).then_some(Square::new(col, row))
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
    let map = MapView {
        rect: Rect::new(8.0, top, cell * cols as f32, cell * rows as f32),
        cell,
        cols,
        rows,
    };
    let x = map.rect.x + map.rect.w + 8.0;
    let rest = (w - x - 8.0).max(200.0);
    let aw = (rest * 0.47).floor();
    let ph = h - top - bottom;
    Layout {
        map,
        act: Rect::new(x, top, aw, ph),
        info: Rect::new(x + aw + 8.0, top, rest - aw - 8.0, ph),
    }
}

impl CampaignScene {
    /// Everything the map layer shows, as one number.
    fn map_key(c: &Campaign) -> u64 {
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
        let key = (v.rect, Self::map_key(c));
        let radar_standing: Vec<bool> = (0..data.map.radar.len())
            .map(|i| c.radar_standing(i))
            .collect();
        let radar_sq: Vec<bool> = (0..data.map.rows as i32)
            .flat_map(|r| (0..data.map.columns as i32).map(move |col| Square::new(col, r)))
            .map(|sq| c.is_radar_square(sq))
            .collect();
        let cards: Vec<(Square, CardKind, u8, u8)> = data
            .targets
            .cards
            .iter()
            .enumerate()
            .map(|(i, t)| (t.at, t.kind, c.damage(i as u16), t.hits))
            .collect();
        self.map_layer.show(ui, v.rect, key, || {
            let m = &data.map;
            for row in 0..m.rows as i32 {
                for col in 0..m.columns as i32 {
                    let sq = Square::new(col, row);
                    let fill = match m.terrain(sq) {
                        Some(Terrain::Land(g)) => group_colour(g),
                        Some(Terrain::Continent) => CONTINENT,
                        _ => SEA,
                    };
                    let r = v.square(sq);
                    // The radar chain's watch: a light wash (mixed here, opaque:
                    // blending into the texture would thin its alpha).
                    let fill = if radar_sq[(row * m.columns as i32 + col) as usize] {
                        mix(fill, Color::new(1.0, 1.0, 0.75, 1.0), 0.3)
                    } else {
                        fill
                    };
                    draw_rectangle(r.x, r.y, r.w, r.h, fill);
                }
            }
            // The grid.
            let grid = Color::new(0.15, 0.2, 0.25, 0.25);
            for col in 0..=m.columns {
                let x = v.rect.x + col as f32 * v.cell;
                draw_line(x, v.rect.y, x, v.rect.y + v.rect.h, 1.0, grid);
            }
            for row in 0..=m.rows {
                let y = v.rect.y + row as f32 * v.cell;
                draw_line(v.rect.x, y, v.rect.x + v.rect.w, y, 1.0, grid);
            }
            // Group boundaries: a dark edge where two groups' land meets.
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
            // The 12 Group line: through the squares it divides.
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
            // Luftwaffe bases: a black cross.
            for b in &m.bases {
                let p = v.center(b.at);
                let s = v.cell * 0.28;
                draw_line(p.x - s, p.y, p.x + s, p.y, 4.0, INK);
                draw_line(p.x, p.y - s, p.x, p.y + s, 4.0, INK);
            }
            // RAF stations: a small roundel.
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
            // Radar stations: a mast, green standing, red knocked out.
            for (i, s) in m.radar.iter().enumerate() {
                let p = v.center(s.at) + vec2(v.cell * 0.28, -v.cell * 0.1);
                let col = if radar_standing[i] {
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
            // Target cards: a marker with its hits, crossed out when knocked out.
            let mut stacked: Vec<(Square, usize)> = Vec::new();
            for &(at, kind, dmg, hits) in &cards {
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
            draw_rectangle_lines(v.rect.x, v.rect.y, v.rect.w, v.rect.h, 2.0, INK);
        });
        self.draw_overlays(ui, c, f);
        self.draw_counters(ui, c, front);
        for (at, bombs, t) in self.flashes.clone() {
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
    fn draw_overlays(&self, ui: &Ui, c: &Campaign, f: &Seen) {
        let v = self.lay.map;
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
        for (sq, _) in &squares {
            let r = v.square(*sq);
            ui.rect(r, Color::new(1.0, 0.95, 0.4, 0.45));
            ui.rect_lines(r, 1.0, Color::new(0.1, 0.1, 0.1, 0.6));
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

    /// The counter's top-left corner: counters on one square are fanned out.
    fn counter_point(&self, c: &Campaign, wing: bool, i: usize) -> Vec2 {
        let v = self.view;
        let at = if wing { self.wpos[i] } else { self.gpos[i] };
        let mut n = 0;
        for g in 0..self.gpos.len() {
            if !wing && g == i {
                break;
            }
            if counter_visible(c, false, g) && self.gpos[g] == at {
                n += 1;
            }
        }
        if wing {
            for w in 0..i {
                if counter_visible(c, true, w) && self.wpos[w] == at {
                    n += 1;
                }
            }
        }
        let r = v.square(at);
        vec2(
            r.x - v.cell * 0.15 + n as f32 * v.cell * 0.45,
            r.y - v.cell * 0.1 + n as f32 * v.cell * 0.45,
        )
    }

    pub(super) fn counter_rect(&self, c: &Campaign, wing: bool, i: usize) -> Rect {
        let p = self.counter_point(c, wing, i);
        Rect::new(p.x, p.y, self.view.cell * 1.75, self.view.cell * 1.0)
    }

    fn draw_counters(&self, ui: &Ui, c: &Campaign, front: Option<(&Anim, f32)>) {
        let v = self.lay.map;
        let mut labels: Vec<(String, Vec2, f32, Color)> = Vec::new();
        let font = (v.cell * 0.58).clamp(13.0, 16.0);
        let count_font = (v.cell * 0.7).clamp(14.0, 19.0);
        let slide = |r: &mut Rect, from: Square, to: Square, t: f32| {
            let d = (v.center(to) - v.center(from)) * t;
            r.x += d.x;
            r.y += d.y;
        };
        // One counter: its box, its name and its squadrons in a white box.
        let mut counter =
            |r: Rect, fill: Color, edge: Color, ink: Color, name: String, n: usize| {
                ui.rect(r, fill);
                let bw = v.cell * 0.6;
                let nb = Rect::new(r.x + r.w - bw, r.y, bw, r.h);
                ui.rect(nb, WHITE);
                ui.rect_lines(r, 1.5, edge);
                labels.push((name, vec2(r.x + 3.0, r.y + r.h * 0.68), font, ink));
                labels.push((
                    n.to_string(),
                    vec2(nb.x + (bw - count_font * 0.45) / 2.0, r.y + r.h * 0.76),
                    count_font,
                    INK,
                ));
            };
        // Geschwader first, wings on top.
        for g in 0..c.geschwader().len() {
            if !counter_visible(c, false, g) {
                continue;
            }
            let ges = &c.geschwader()[g];
            let mut r = self.counter_rect(c, false, g);
            // A geschwader on the move slides to its next square.
            if let Some((Anim::Geschwader { g: ag, to } | Anim::GeschwaderJump { g: ag, to }, t)) =
                front
            {
                if *ag == g {
                    slide(&mut r, self.gpos[g], *to, t);
                }
            }
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
            counter(
                r,
                fill,
                edge,
                WHITE,
                short_geschwader(&c.data().oob.geschwader[g].name),
                ges.squadrons.len(),
            );
        }
        for w in 0..c.wings().len() {
            if !counter_visible(c, true, w) {
                continue;
            }
            let wing = &c.wings()[w];
            let mut r = self.counter_rect(c, true, w);
            if let Some((Anim::Wing { w: aw, to } | Anim::WingJump { w: aw, to }, t)) = front {
                if *aw == w {
                    slide(&mut r, self.wpos[w], *to, t);
                }
            }
            let fill = match wing.state {
                WingState::Fought | WingState::Returned => Color::new(0.66, 0.70, 0.78, 1.0),
                _ => RAF,
            };
            let edge = match wing.state {
                WingState::Intercepting(_) | WingState::Aloft => ACCENT,
                _ => RAF_INK,
            };
            let name = if wing.big {
                "BIG".to_string()
            } else {
                short_wing(&c.data().oob.wings[w].name)
            };
            counter(r, fill, edge, RAF_INK, name, wing.squadrons.len());
        }
        for (s, p, size, col) in labels {
            ui.text(&s, p.x, p.y, size, col);
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
