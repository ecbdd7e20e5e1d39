//! The zone map: the coasts behind the grid, the zones, the Green Zone,
//! the cities, the stream, the track with its weather, and the lit zones a
//! click flies to.

use super::*;
use crate::app::ui::{text_width, Ui, ACCENT, DIM, INK, PAPER};
use crate::blitz::{Command, Game, Leg, Mission, Phase, Weather, Zone, ZoneKind, ZoneMap};
use macroquad::prelude::{vec2, Color, Rect};

/// The coasts behind the grid, as (longitude, latitude) in degrees: Great
/// Britain, the north-east of Ireland and the Channel coast of France,
/// coarse (a few dozen points each) but true to the map's projection:
/// the grid's row A is centred on 57.3 N and each row is 0.6 degrees of
/// latitude; column 1 is centred on 7.2 W and each column is 1.13 degrees
/// of longitude (docs/RULES.md, "The zone map"). Drawing only: the rules
/// read the zones.
const COASTS: [&[(f32, f32)]; 3] = [
    &[
        (-1.8, 57.6),
        (-2.1, 57.15),
        (-2.45, 56.7),
        (-2.6, 56.3),
        (-3.1, 56.05),
        (-2.5, 56.0),
        (-2.0, 55.8),
        (-1.6, 55.4),
        (-1.4, 55.0),
        (-1.2, 54.6),
        (-0.6, 54.45),
        (-0.1, 54.1),
        (-0.2, 53.7),
        (0.1, 53.5),
        (0.35, 53.1),
        (0.25, 52.85),
        (0.5, 52.95),
        (1.3, 52.93),
        (1.75, 52.6),
        (1.7, 52.3),
        (1.6, 52.0),
        (1.0, 51.8),
        (0.9, 51.55),
        (0.6, 51.47),
        (1.4, 51.38),
        (1.4, 51.15),
        (1.0, 50.95),
        (0.3, 50.75),
        (-0.8, 50.75),
        (-1.3, 50.82),
        (-1.9, 50.62),
        (-2.5, 50.6),
        (-3.4, 50.62),
        (-3.6, 50.25),
        (-4.2, 50.35),
        (-5.05, 50.0),
        (-5.7, 50.06),
        (-5.0, 50.55),
        (-4.2, 51.05),
        (-3.2, 51.2),
        (-2.75, 51.55),
        (-3.2, 51.45),
        (-4.0, 51.58),
        (-5.3, 51.72),
        (-4.7, 52.1),
        (-4.1, 52.5),
        (-4.5, 52.8),
        (-4.7, 53.3),
        (-3.9, 53.32),
        (-3.1, 53.35),
        (-3.0, 53.6),
        (-2.95, 53.9),
        (-3.2, 54.1),
        (-3.6, 54.5),
        (-3.4, 54.95),
        (-4.4, 54.75),
        (-4.85, 54.63),
        (-5.1, 54.85),
        (-4.85, 55.2),
        (-4.9, 55.7),
        (-4.7, 55.95),
        (-5.6, 55.3),
        (-5.6, 56.0),
        (-5.9, 56.5),
        (-6.2, 56.7),
        (-5.8, 57.6),
    ],
    &[
        (-7.76, 55.25),
        (-7.3, 55.38),
        (-6.2, 55.2),
        (-5.8, 54.85),
        (-5.55, 54.65),
        (-5.45, 54.3),
        (-6.0, 54.0),
        (-6.2, 53.6),
        (-6.1, 53.3),
        (-6.0, 52.95),
        (-6.35, 52.2),
        (-7.0, 52.15),
        (-7.76, 51.95),
    ],
    &[
        (2.4, 51.05),
        (1.85, 50.95),
        (1.6, 50.7),
        (1.6, 50.2),
        (1.08, 49.93),
        (0.37, 49.76),
        (0.1, 49.5),
        (0.3, 49.43),
        (-0.35, 49.3),
        (-1.1, 49.38),
        (-1.25, 49.7),
        (-1.6, 49.65),
        (-1.95, 49.72),
        (-1.6, 49.2),
    ],
];

impl BlitzScene {
    /// Where a zone is drawn (its centre), for a click on it.
    pub fn zone_centre(&self, z: Zone) -> (f32, f32) {
        let p = self.centre(z);
        (p.x, p.y)
    }

    pub(super) fn centre(&self, z: Zone) -> macroquad::prelude::Vec2 {
        vec2(
            self.map.x + (z.col as f32 + 0.5) * self.cell,
            self.map.y + (z.row as f32 + 0.5) * self.cell,
        )
    }

    pub(super) fn zone_at(&self, x: f32, y: f32, g: &Game) -> Option<Zone> {
        if !self.map.contains(vec2(x, y)) {
            return None;
        }
        let z = Zone::new(
            ((y - self.map.y) / self.cell) as u8,
            ((x - self.map.x) / self.cell) as u8,
        );
        g.tables().map.contains(z).then_some(z)
    }

    pub(super) fn draw_map(&self, ui: &Ui, g: &Game) {
        let t = g.tables();
        let map = &t.map;
        ui.rect(
            Rect::new(
                self.map.x - 22.0,
                self.map.y - 22.0,
                self.map.w + 30.0,
                self.map.h + 30.0,
            ),
            NIGHT,
        );
        self.draw_zones(ui, map);
        // The coasts behind the grid.
        self.draw_coasts(ui);
        // The Green Zone's edge: the Luftwaffe's side of the Channel.
        self.draw_green_edge(ui, map);
        // Row letters and column numbers.
        self.draw_grid_labels(ui, map);
        let mission = g.mission();
        let base = Zone::parse(&t.nights.base);
        self.draw_stream(ui, mission, base);
        // Cities: a dot each; the target and London named.
        self.draw_cities(ui, map, mission, base);
        // The headings the crew may fly: lit zones to click.
        self.draw_headings(ui, g, map);
    }

    /// The size of the map's writing: its row letters and column numbers
    /// and the names of places.
    fn label_size(&self) -> f32 {
        (self.cell * 0.32).clamp(11.0, 16.0)
    }

    /// Each zone, land or water, darker in the Green Zone.
    fn draw_zones(&self, ui: &Ui, map: &ZoneMap) {
        let c = self.cell;
        for z in map.zones() {
            let r = Rect::new(
                self.map.x + z.col as f32 * c,
                self.map.y + z.row as f32 * c,
                c,
                c,
            );
            let land = map.kind(z) == Some(ZoneKind::Land);
            let fill = match (land, map.is_green(z)) {
                (true, true) => GREEN_LAND,
                (true, false) => LAND,
                (false, true) => Color::new(0.17, 0.30, 0.40, 1.0),
                (false, false) => WATER,
            };
            ui.rect(r, fill);
            ui.rect_lines(r, 1.0, Color::new(0.0, 0.0, 0.0, 0.35));
        }
    }

    fn draw_coasts(&self, ui: &Ui) {
        let c = self.cell;
        let at = |(lon, lat): (f32, f32)| {
            vec2(
                self.map.x + ((lon + 7.2) / 1.13 + 0.5) * c,
                self.map.y + (57.6 - lat) / 0.6 * c,
            )
        };
        for coast in COASTS {
            for w in coast.windows(2) {
                ui.line(at(w[0]), at(w[1]), 1.5, Color::new(0.93, 0.88, 0.66, 0.6));
            }
        }
    }

    fn draw_green_edge(&self, ui: &Ui, map: &ZoneMap) {
        let c = self.cell;
        for z in map.zones().filter(|z| map.is_green(*z)) {
            let x = self.map.x + z.col as f32 * c;
            let y = self.map.y + z.row as f32 * c;
            let up = Zone::new(z.row.wrapping_sub(1), z.col);
            if z.row == 0 || !map.is_green(up) {
                ui.line(vec2(x, y), vec2(x + c, y), 3.0, GREEN_EDGE);
            }
            let left = Zone::new(z.row, z.col.wrapping_sub(1));
            if z.col > 0 && !map.is_green(left) {
                ui.line(vec2(x, y), vec2(x, y + c), 3.0, GREEN_EDGE);
            }
        }
    }

    fn draw_grid_labels(&self, ui: &Ui, map: &ZoneMap) {
        let c = self.cell;
        let size = self.label_size();
        for row in 0..map.rows() {
            let label = ((b'A' + row) as char).to_string();
            ui.text(
                &label,
                self.map.x - 17.0,
                self.map.y + (row as f32 + 0.5) * c + size * 0.35,
                size,
                LIGHT,
            );
        }
        for col in 0..map.columns() {
            ui.text_centered(
                &(col + 1).to_string(),
                self.map.x + (col as f32 + 0.5) * c,
                self.map.y - 6.0,
                size,
                LIGHT,
            );
        }
    }

    /// The stream, the main force's way from the base to the target, and
    /// the weather met on the way.
    fn draw_stream(&self, ui: &Ui, mission: Option<&Mission>, base: Option<Zone>) {
        let c = self.cell;
        // The stream: the main force's way from the base to the target.
        if let (Some(m), Some(base)) = (mission, base) {
            ui.line(self.centre(base), self.centre(m.target), c * 0.55, STREAM);
        }
        // The weather met on the way.
        if let Some(m) = mission {
            for (z, w) in &m.track {
                let p = self.centre(*z);
                match w {
                    Weather::Good => {}
                    Weather::Poor => {
                        ui.circle(
                            p + vec2(-c * 0.22, -c * 0.22),
                            c * 0.13,
                            Color::new(0.75, 0.77, 0.8, 0.8),
                        );
                    }
                    Weather::Bad => {
                        ui.circle(
                            p + vec2(-c * 0.22, -c * 0.22),
                            c * 0.16,
                            Color::new(0.25, 0.27, 0.32, 0.95),
                        );
                        ui.line(
                            p + vec2(-c * 0.22, -c * 0.14),
                            p + vec2(-c * 0.28, -c * 0.02),
                            2.0,
                            Color::new(1.0, 0.95, 0.4, 1.0),
                        );
                    }
                }
            }
        }
    }

    /// The cities, a dot each; London, the base and the target named; the
    /// target ringed, the track, and the bomber on it.
    fn draw_cities(&self, ui: &Ui, map: &ZoneMap, mission: Option<&Mission>, base: Option<Zone>) {
        let c = self.cell;
        let size = self.label_size();
        for (city, z) in map.cities() {
            let k = map
                .cities()
                .filter(|(_, w)| *w == z)
                .position(|(o, _)| o.name == city.name)
                .unwrap_or(0) as f32;
            let p = self.centre(z) + vec2(c * 0.18 * k - c * 0.05, c * 0.12);
            ui.circle(p, (c * 0.07).max(2.5), Color::new(0.98, 0.92, 0.7, 1.0));
        }
        let label = |z: Zone, text: &str, col: Color| {
            let p = self.centre(z);
            let s = size;
            let w = text_width(text, s);
            let x = (p.x - w / 2.0).clamp(self.map.x + 2.0, self.map.x + self.map.w - w - 2.0);
            ui.rect(
                Rect::new(x - 3.0, p.y + c * 0.22, w + 6.0, s + 4.0),
                Color::new(0.0, 0.0, 0.0, 0.55),
            );
            ui.text(text, x, p.y + c * 0.22 + s, s, col);
        };
        label(map.london(), "London", LIGHT);
        if let Some(base) = base {
            label(base, "Base", GREEN_EDGE);
        }
        if let Some(m) = mission {
            ui.circle_lines(self.centre(m.target), c * 0.42, 3.0, ACCENT);
            if m.target != map.london() {
                label(m.target, &m.city, Color::new(1.0, 0.7, 0.6, 1.0));
            }
            // The track.
            for w in m.track.windows(2) {
                ui.line(self.centre(w[0].0), self.centre(w[1].0), 3.0, TRACK);
            }
            if let Some(b) = &m.bomber {
                let p = self.centre(b.zone);
                let (dx, dy) = match b.leg {
                    Leg::Outbound => (-0.7, -0.7),
                    Leg::Homebound => (0.7, 0.7),
                };
                let d = vec2(dx, dy) * c * 0.3;
                let n = vec2(-d.y, d.x) * 0.6;
                let col = if m.ending.is_some() { DIM } else { TRACK };
                ui.triangle(p + d, p - d + n, p - d - n, col);
                ui.poly_lines(&[p + d, p - d + n, p - d - n], 1.5, INK);
            }
        }
    }

    fn draw_headings(&self, ui: &Ui, g: &Game, map: &ZoneMap) {
        let c = self.cell;
        if g.phase() == Phase::Heading {
            if let Some(b) = g.bomber() {
                for h in b.leg.headings() {
                    if g.check(&Command::Fly(*h)).is_ok() {
                        if let Some(z) = h.from(b.zone, map) {
                            let r = Rect::new(
                                self.map.x + z.col as f32 * c + 2.0,
                                self.map.y + z.row as f32 * c + 2.0,
                                c - 4.0,
                                c - 4.0,
                            );
                            let hot = ui.hovered(r);
                            ui.rect_lines(
                                r,
                                if hot { 3.0 } else { 2.0 },
                                if hot { PAPER } else { TRACK },
                            );
                        }
                    }
                }
            }
        }
    }
}
