//! The night Blitz on screen: the zone map (the North Sea, Britain and the
//! Channel coast under the sheet's grid) with the bomber's track, the
//! weather it met and the stream; the bomber and its crew; every throw as
//! dice on its table with the row it read lit; the crew's decisions as
//! buttons (or a click on the map for a heading); the log; the debriefing
//! and the tour's tally. Played on the shared table (`app::table`), so
//! saves, the autosave, undo to the last roll, the log and help are the
//! same as the other games'.

use super::table::{Act, Beat, Scene, Shared, Table};
use super::ui::{self, fit_text, text_width, wrap_text, Ui, ACCENT, DIM, INK, PAPER};
use super::HelpPage;
use crate::blitz::{
    ai, Cause, Command, Ending, Event, Game, Heading, Leg, Phase, Position, Seat, State, TableId,
    Tables, Thrown, Weather, Zone, ZoneKind,
};
use crate::record::Player;
use crate::settings::Settings;
use crate::sound::Sfx;
use macroquad::prelude::{vec2, Color, Rect};

/// The table the night Blitz is played on.
pub type BlitzTable = Table<BlitzScene>;

/// A new tour on its table, the crew played by a person.
pub fn new_tour(seed: u64) -> Result<BlitzTable, String> {
    let tables = crate::data::load_blitz().map_err(|e| e.to_string())?;
    let game = Game::new(std::sync::Arc::new(tables), Default::default(), seed);
    Ok(blitz_table(game, vec![Player::new("Crew", true)]))
}

pub fn blitz_table(game: Game, players: Vec<Player>) -> BlitzTable {
    Table::new(game, BlitzScene::default(), players, ai::Crew)
}

/// What the screen keeps: where things are, and the throw on show.
#[derive(Default)]
pub struct BlitzScene {
    map: Rect,
    panel: Rect,
    cell: f32,
    /// The last throw shown, and the one before it (a table thrown twice,
    /// as B-3 is, shows both).
    shown: Option<Thrown>,
    previous: Option<Thrown>,
    /// A button clicked when the panel was drawn, played at the next input.
    pending: Option<Command>,
}

/// An animation: a throw coming up on its table.
#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    Throw(Thrown),
}

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

const WATER: Color = Color::new(0.15, 0.25, 0.40, 1.0);
const LAND: Color = Color::new(0.40, 0.50, 0.30, 1.0);
const GREEN_LAND: Color = Color::new(0.52, 0.52, 0.34, 1.0);
const GREEN_EDGE: Color = Color::new(0.45, 0.85, 0.45, 1.0);
const TRACK: Color = Color::new(1.0, 0.78, 0.25, 1.0);
const STREAM: Color = Color::new(0.95, 0.95, 1.0, 0.16);
const NIGHT: Color = Color::new(0.08, 0.10, 0.16, 1.0);
const LIGHT: Color = Color::new(0.86, 0.88, 0.92, 1.0);

impl BlitzScene {
    /// Where a zone is drawn (its centre), for a click on it.
    pub fn zone_centre(&self, z: Zone) -> (f32, f32) {
        let p = self.centre(z);
        (p.x, p.y)
    }

    fn centre(&self, z: Zone) -> macroquad::prelude::Vec2 {
        vec2(
            self.map.x + (z.col as f32 + 0.5) * self.cell,
            self.map.y + (z.row as f32 + 0.5) * self.cell,
        )
    }

    fn zone_at(&self, x: f32, y: f32, g: &Game) -> Option<Zone> {
        if !self.map.contains(vec2(x, y)) {
            return None;
        }
        let z = Zone::new(
            ((y - self.map.y) / self.cell) as u8,
            ((x - self.map.x) / self.cell) as u8,
        );
        g.tables().map.contains(z).then_some(z)
    }

    fn draw_map(&self, ui: &Ui, g: &Game) {
        let t = g.tables();
        let map = &t.map;
        let c = self.cell;
        ui.rect(
            Rect::new(
                self.map.x - 22.0,
                self.map.y - 22.0,
                self.map.w + 30.0,
                self.map.h + 30.0,
            ),
            NIGHT,
        );
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
        // The coasts behind the grid.
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
        // The Green Zone's edge: the Luftwaffe's side of the Channel.
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
        // Row letters and column numbers.
        let size = (c * 0.32).clamp(11.0, 16.0);
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
        let mission = g.mission();
        let base = Zone::parse(&t.nights.base);
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
        // Cities: a dot each; the target and London named.
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
        // The headings the crew may fly: lit zones to click.
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

    fn draw_panel(&self, ui: &mut Ui, g: &Game, t: &Shared<Self>) -> Option<Command> {
        let p = self.panel;
        ui.rect(p, PAPER);
        let x = p.x + 12.0;
        let w = p.w - 24.0;
        let mut y = p.y + 24.0;
        let night = g.night();
        let moon = match g.tables().calendar.moon(night) {
            crate::blitz::Moon::Full => ", full moon",
            crate::blitz::Moon::New => ", new moon",
            crate::blitz::Moon::Other => "",
        };
        ui.text(
            &fit_text(&format!("Night of {night}{moon}"), w, 22.0),
            x,
            y,
            22.0,
            INK,
        );
        y += 24.0;
        // The mission being debriefed counts already.
        let now = g.mission().filter(|_| g.phase() == Phase::Debrief);
        let tally = format!(
            "Tour: {} missions flown, {} victory points",
            g.raids().iter().filter(|r| r.flown).count() + now.is_some_and(|m| m.flown()) as usize,
            g.points() + now.map_or(0, |m| m.points as u32)
        );
        ui.text(&fit_text(&tally, w, 16.0), x, y, 16.0, DIM);
        y += 22.0;
        if let Some(m) = g.mission() {
            let why = match m.why {
                crate::blitz::Why::FirstRaid => "the Coventry raid",
                crate::blitz::Why::Ordered => "ordered",
                crate::blitz::Why::FollowUp => "a follow-up raid",
            };
            let line = format!("Target: {} ({}), {why}", m.city, m.target);
            ui.text(&fit_text(&line, w, 18.0), x, y, 18.0, ACCENT);
            y += 22.0;
            if let Some(b) = &m.bomber {
                let line = format!(
                    "Fuel {}/{} · {} · {} · {}",
                    b.fuel,
                    m.fuel,
                    match b.leg {
                        Leg::Outbound => "outbound",
                        Leg::Homebound => "homebound",
                    },
                    if b.low {
                        "below 3,000 m"
                    } else {
                        "above 3,000 m"
                    },
                    if b.in_stream {
                        "in the stream"
                    } else {
                        "out of the stream"
                    },
                );
                ui.text(&fit_text(&line, w, 16.0), x, y, 16.0, INK);
                y += 20.0;
                let mut kit = vec![if b.bombs { "bombs aboard" } else { "no bombs" }];
                if !b.beam_equipment {
                    kit.push("beam set out");
                }
                if b.beam_jammed {
                    kit.push("beam jammed");
                }
                if !b.bomb_bay_doors {
                    kit.push("bomb bay doors jammed");
                }
                if b.engine_out {
                    kit.push("one engine out");
                }
                if let Some(a) = b.aborted {
                    kit.push(match a {
                        crate::blitz::Abort::Chosen => "aborted",
                        crate::blitz::Abort::Glitch => "turned back (glitch)",
                        _ => "aborted (forced)",
                    });
                }
                ui.text(&fit_text(&kit.join(" · "), w, 16.0), x, y, 16.0, INK);
                y += 20.0;
            }
        }
        // The crew.
        y += 4.0;
        for pos in Position::ALL {
            let Some(man) = g.crew().at(pos) else {
                continue;
            };
            let wound = match man.wound {
                None => String::new(),
                Some(w) => format!(" · {}", words(&format!("{w:?}"))),
            };
            let line = format!(
                "{}: {} ({} missions){wound}",
                position_name(pos),
                man.name,
                man.missions
            );
            let col = if man.able() { INK } else { ACCENT };
            ui.text(&fit_text(&line, w, 15.0), x, y, 15.0, col);
            y += 18.0;
        }
        y += 6.0;
        // The throw on show, on its table.
        let throw_h = 150.0f32.min((p.h * 0.28).max(110.0));
        if let Some(th) = &self.shown {
            self.draw_throw(
                ui,
                g.tables(),
                th,
                self.previous.as_ref(),
                Rect::new(x, y, w, throw_h),
            );
        } else {
            ui.rect(
                Rect::new(x, y, w, throw_h),
                Color::new(0.86, 0.83, 0.74, 1.0),
            );
            ui.text("The dice come up here.", x + 10.0, y + 26.0, 16.0, DIM);
        }
        y += throw_h + 10.0;
        // The decision.
        let mut chosen = None;
        let busy = t.busy();
        let legal = if busy || t.watching {
            Vec::new()
        } else {
            g.legal_commands()
        };
        if let Some(q) = question(g) {
            for line in wrap_text(&q, w, 17.0) {
                ui.text(&line, x, y + 14.0, 17.0, INK);
                y += 20.0;
            }
            y += 4.0;
        }
        let buttons: Vec<(Command, String)> = legal.iter().map(|c| (*c, label(g, *c))).collect();
        let bh = 30.0;
        let cols = if w > 420.0 { 2 } else { 1 };
        let bw = (w - 8.0 * (cols as f32 - 1.0)) / cols as f32;
        for (i, (c, l)) in buttons.iter().enumerate() {
            let r = Rect::new(
                x + (i % cols) as f32 * (bw + 8.0),
                y + (i / cols) as f32 * (bh + 6.0),
                bw,
                bh,
            );
            if ui.button(r, l) {
                chosen = Some(*c);
            }
        }
        y += buttons.len().div_ceil(cols) as f32 * (bh + 6.0) + 6.0;
        // The log, as much as fits above the status line.
        let bottom = p.y + p.h - 30.0;
        let size = 15.0;
        let room = ((bottom - y) / 18.0).floor().max(0.0) as usize;
        let rows = ui::log_rows(
            t.log
                .iter()
                .rev()
                .skip(t.log_scroll)
                .map(|l| (l.as_str(), ())),
            w,
            size,
            room,
        );
        for (i, (line, _)) in rows.iter().enumerate() {
            ui.text(line, x, y + 14.0 + i as f32 * 18.0, size, INK);
        }
        // The status line.
        let status = match &t.message {
            Some(m) => (m.text.clone(), m.colour()),
            None => (
                "U takes back a choice that threw no die · F5 saves · H help · Esc leaves"
                    .to_string(),
                DIM,
            ),
        };
        ui.rect(
            Rect::new(p.x, p.y + p.h - 26.0, p.w, 26.0),
            Color::new(0.86, 0.83, 0.74, 1.0),
        );
        ui.text(
            &fit_text(&status.0, w, 15.0),
            x,
            p.y + p.h - 8.0,
            15.0,
            status.1,
        );
        chosen
    }

    fn draw_throw(&self, ui: &Ui, t: &Tables, th: &Thrown, before: Option<&Thrown>, r: Rect) {
        ui.rect(r, Color::new(0.86, 0.83, 0.74, 1.0));
        ui.rect_lines(r, 1.5, INK);
        let x = r.x + 10.0;
        ui.text(
            &fit_text(th.table.title(), r.w * 0.5, 18.0),
            x,
            r.y + 22.0,
            18.0,
            INK,
        );
        // The dice.
        let d = 30.0;
        let mut dx = x;
        let pair = before.filter(|b| b.table == th.table && th.table == TableId::B3);
        if let Some(b) = pair {
            for f in &b.faces {
                die(ui, dx, r.y + 34.0, d, *f, true);
                dx += d + 6.0;
            }
            ui.text("and", dx, r.y + 34.0 + d * 0.65, 14.0, DIM);
            dx += 30.0;
        }
        for f in &th.faces {
            die(ui, dx, r.y + 34.0, d, *f, false);
            dx += d + 6.0;
        }
        let sum = if th.modifier == 0 {
            format!("= {}", th.total())
        } else {
            format!("{:+} = {}", th.modifier, th.modified())
        };
        ui.text(&sum, dx + 4.0, r.y + 34.0 + d * 0.68, 18.0, INK);
        ui.text(
            &fit_text(&th.read, r.w * 0.45, 17.0),
            x,
            r.y + 34.0 + d + 24.0,
            17.0,
            ACCENT,
        );
        // The table's rows, the one read lit.
        let rows = rows_of(t, th.table);
        if rows.is_empty() {
            return;
        }
        let lo = rows.first().map_or(0, |r| r.0);
        let hi = rows.last().map_or(0, |r| r.1);
        let at = if th.table == TableId::B3 {
            th.total().min(pair.map_or(i16::MAX, |b| b.total()))
        } else {
            th.modified()
        }
        .clamp(lo, hi);
        let rx = r.x + r.w * 0.5;
        let rw = r.w * 0.5 - 8.0;
        // As many rows as fit at a readable size, around the one read.
        let fit = (((r.h - 12.0) / 17.0).floor() as usize).max(1);
        let lit_i = rows
            .iter()
            .position(|(f, t, _)| (*f..=*t).contains(&at))
            .unwrap_or(0);
        let first = lit_i
            .saturating_sub(fit / 2)
            .min(rows.len().saturating_sub(fit));
        let rows: Vec<_> = rows.into_iter().skip(first).take(fit).collect();
        let rh = ((r.h - 12.0) / rows.len() as f32).min(20.0);
        for (i, (from, to, then)) in rows.iter().enumerate() {
            let ry = r.y + 6.0 + i as f32 * rh;
            let lit = (*from..=*to).contains(&at);
            if lit {
                ui.rect(
                    Rect::new(rx - 4.0, ry, rw + 4.0, rh),
                    Color::new(0.98, 0.85, 0.35, 1.0),
                );
            }
            let span = if from == to {
                format!("{from}")
            } else {
                format!("{from}-{to}")
            };
            let s = (rh * 0.8).min(15.0);
            ui.text(&span, rx, ry + rh * 0.75, s, INK);
            ui.text(
                &fit_text(then, rw - 56.0, s),
                rx + 52.0,
                ry + rh * 0.75,
                s,
                INK,
            );
        }
    }
}

/// A die, with its face.
fn die(ui: &Ui, x: f32, y: f32, d: f32, face: u8, faded: bool) {
    let r = Rect::new(x, y, d, d);
    ui.rect(
        r,
        if faded {
            Color::new(0.9, 0.9, 0.9, 1.0)
        } else {
            LIGHT
        },
    );
    ui.rect_lines(r, 2.0, if faded { DIM } else { INK });
    let s = if face >= 100 { 13.0 } else { 18.0 };
    ui.text_centered(
        &face.to_string(),
        x + d / 2.0,
        y + d * 0.68,
        s,
        if faded { DIM } else { INK },
    );
}

/// A table's rows as the screen lists them.
fn rows_of(t: &Tables, id: TableId) -> Vec<(i16, i16, String)> {
    fn rows<T: std::fmt::Debug>(table: &crate::blitz::Table<T>) -> Vec<(i16, i16, String)> {
        table
            .rows
            .iter()
            .map(|r| (r.from, r.to, words(&format!("{:?}", r.then))))
            .collect()
    }
    match id {
        TableId::A1 => rows(&t.nights.mission_roll),
        TableId::A4 => rows(&t.nights.other_city),
        TableId::B1 => rows(&t.flight.base_weather),
        TableId::B2 => rows(&t.flight.glitch),
        TableId::B3 => rows(&t.flight.take_off),
        TableId::C1 => rows(&t.flight.zone_weather),
        TableId::C2 => rows(&t.flight.icing),
        TableId::C3 => rows(&t.flight.lightning),
        TableId::C4 => {
            let (a, b) = t.flight.mechanical_check;
            vec![(1, a - 1, "nothing".into()), (a, b, "check Table K".into())]
        }
        TableId::K => rows(&t.flight.mechanical),
        TableId::C8 => rows(&t.defences.detection.table),
        TableId::C9 => rows(&t.defences.interception.table),
        TableId::C10 => rows(&t.defences.fighter),
        TableId::Evasion => rows(&t.defences.evasion),
        TableId::Attack => rows(&t.defences.attack),
        TableId::Hit => rows(&t.defences.crewman_hit),
        TableId::Wound => rows(&t.crew.wound),
        TableId::FollowUp => rows(&t.defences.follow_up),
        TableId::D1 => rows(&t.end.beam),
        TableId::D2 => rows(&t.defences.searchlights.table),
        TableId::D3 => rows(&t.defences.flak.table),
        TableId::D5 => rows(&t.end.bomb_run.table),
        TableId::G1 => rows(&t.end.landing.table),
        TableId::E1 => rows(&t.end.jump),
        TableId::E3 => rows(&t.end.ditching),
    }
}

/// A name in words: `OnTheBeam` reads "on the beam", `City("London")`
/// reads "London", `true` reads "yes".
fn words(name: &str) -> String {
    if let Some(inner) = name.strip_prefix("City(\"") {
        return inner.trim_end_matches("\")").to_string();
    }
    match name {
        "true" => return "yes".into(),
        "false" => return "no".into(),
        _ => {}
    }
    let name = name.trim_matches('"');
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for ch in name.chars() {
        if ch.is_uppercase() && prev.is_some_and(|p| p.is_lowercase()) {
            out.push(' ');
        }
        out.extend(ch.to_lowercase());
        prev = Some(ch);
    }
    out
}

fn position_name(p: Position) -> &'static str {
    match p {
        Position::Pilot => "Pilot",
        Position::Bombardier => "Bombardier",
        Position::Radio => "Radio",
        Position::Engineer => "Engineer",
        Position::Gunner => "Gunner",
    }
}

/// What the crew is asked now, in a sentence.
fn question(g: &Game) -> Option<String> {
    let m = g.mission();
    Some(match g.phase() {
        Phase::Briefing => {
            let m = m?;
            format!(
                "Briefing: tonight's target is {}. {} Fuel Boxes, one a zone; fly W, NW or N out and E, SE or S home.",
                m.city, m.fuel
            )
        }
        Phase::Heading => {
            let b = g.bomber()?;
            match b.leg {
                Leg::Outbound => format!(
                    "Over {}: choose a heading towards {} (or click a lit zone on the map).",
                    b.zone,
                    m?.target
                ),
                Leg::Homebound => format!("Over {}: choose a heading for home.", b.zone),
            }
        }
        Phase::Weather => {
            let b = g.bomber()?;
            format!(
                "Bad weather over {}: icing and lightning (C-2, C-3) if you press on.",
                b.zone
            )
        }
        Phase::Attacked { fighter, attacks, .. } => format!(
            "A {} {}! Evasive action (2d10, an unmodified 20 collides) or hold the course and let the gunner answer?",
            match fighter {
                crate::blitz::Fighter::Hurricane => "Hurricane",
                crate::blitz::Fighter::Defiant => "Defiant",
                _ => "Beaufighter with airborne radar",
            },
            if attacks == 0 { "attacks" } else { "comes round again" }
        ),
        Phase::Target => "Over the target: make the bomb run (searchlights and flak first), or abort and turn for home.".into(),
        Phase::Release => "Through the searchlights and the flak: bombs away, or abort now and avoid the night fighters over the target.".into(),
        Phase::Debrief => debrief(g),
        Phase::Over => return None,
    })
}

/// The debriefing: how the mission ended.
fn debrief(g: &Game) -> String {
    let Some(m) = g.mission() else {
        return String::new();
    };
    let how = match m.ending {
        Some(Ending::Scrubbed) => "Fog over the base: the mission was scrubbed.".to_string(),
        Some(Ending::StayedDown) => "The bomber stayed on the ground: no mission.".to_string(),
        Some(Ending::Landed(l)) => format!(
            "Landed ({}).",
            match l {
                crate::blitz::Landing::Safe => "safely",
                crate::blitz::Landing::Heavy => "heavily: the bomber is damaged",
                crate::blitz::Landing::Crash => "in a crash",
            }
        ),
        Some(Ending::Lost(c)) => format!("The bomber was lost: {}.", c.name()),
        None => String::new(),
    };
    let bombs = match (m.run, m.points) {
        (Some(_), p) if p > 0 => format!(" Bombs on {}: {p} victory points.", m.city),
        (Some(_), _) => " The bombs fell wide.".to_string(),
        (None, _) => " No bombs on the target.".to_string(),
    };
    let down = if m.down.is_empty() {
        String::new()
    } else {
        let captured = m
            .down
            .iter()
            .filter(|(_, f)| *f == crate::blitz::Fate::Captured)
            .count();
        let killed = m
            .down
            .iter()
            .filter(|(_, f)| *f == crate::blitz::Fate::Killed)
            .count();
        format!(
            " {} came down: {captured} captured, {killed} killed.",
            m.down.len()
        )
    };
    format!("Debriefing. {how}{bombs}{down}")
}

/// A command's button.
pub(crate) fn label(g: &Game, c: Command) -> String {
    match c {
        Command::Fly(h) => {
            let to = g
                .bomber()
                .and_then(|b| h.from(b.zone, &g.tables().map))
                .map(|z| format!(" to {z}"))
                .unwrap_or_default();
            format!("Fly {h:?}{to}")
        }
        Command::TakeOff => "Take off".into(),
        Command::Land => "Land here".into(),
        Command::PressOn => "Press on".into(),
        Command::AvoidWeather => "Avoid it: abort, turn back".into(),
        Command::Descend if outbound(g) => "Descend below 3,000 m (aborts)".into(),
        Command::Descend => "Descend below 3,000 m".into(),
        Command::Evade => "Evasive action".into(),
        Command::Hold => "Hold the course".into(),
        Command::BombRun => "Make the bomb run".into(),
        Command::Release => "Bombs away (D-5)".into(),
        Command::Abort
            if g.bomber()
                .is_some_and(|b| b.bombs && b.bomb_bay_doors && !b.glitch) =>
        {
            "Abort: jettison the bombs".into()
        }
        Command::Abort => "Abort the mission".into(),
        Command::Next => "On to the next night".into(),
    }
}

fn outbound(g: &Game) -> bool {
    g.bomber().is_some_and(|b| b.leg == Leg::Outbound)
}

/// A log line for an event (None: nothing to say).
fn line(before: &State, e: &Event, after: &State) -> Option<String> {
    Some(match e {
        Event::Thrown(t) => {
            let dice: Vec<String> = t.faces.iter().map(|f| f.to_string()).collect();
            let m = if t.modifier == 0 {
                String::new()
            } else {
                format!(" {:+}", t.modifier)
            };
            format!("{}: {}{m}: {}", t.table.title(), dice.join("+"), t.read)
        }
        Event::Night(_) => return None,
        Event::Stood(why) => format!(
            "{}: no mission ({}).",
            after.night(),
            match why {
                crate::blitz::Stood::WinterPause => "the winter pause",
                _ => "no orders",
            }
        ),
        Event::Ordered { city, why, .. } => format!(
            "{}: orders for {city}{}.",
            after.night(),
            if *why == crate::blitz::Why::FollowUp {
                ", a follow-up raid"
            } else {
                ""
            }
        ),
        Event::TookOff(_) => "Airborne.".into(),
        Event::Glitch => {
            "A glitch spotted in the climb: turning back to land, bombs aboard.".into()
        }
        Event::Flew(h) => format!("Flew {h:?} to {}.", after.bomber()?.zone),
        Event::FuelBurnt => "Ice: a Fuel Box burnt fighting it.".into(),
        Event::Failed { failure, .. } => format!("Table K: {}.", words(&format!("{failure:?}"))),
        Event::Aborted(a) => format!("Mission aborted ({}).", words(&format!("{a:?}"))),
        Event::Descended => "Below 3,000 metres, out of the stream.".into(),
        Event::Bombed { points, .. } => format!("Bombs away: {points} victory points."),
        Event::TurnedForHome => "Turned for home.".into(),
        Event::Wounded { position, wound } => {
            let name = before
                .crew()
                .at(*position)
                .map(|m| m.name.clone())
                .unwrap_or_default();
            format!(
                "{name} ({}): {}.",
                position_name(*position),
                words(&format!("{wound:?}"))
            )
        }
        Event::ChangedPlaces { from, to } => {
            format!(
                "The {} takes the {}'s place.",
                position_name(*from),
                position_name(*to)
            )
        }
        Event::CameDown { position, fate } => format!(
            "The {} came down: {}.",
            position_name(*position),
            words(&format!("{fate:?}"))
        ),
        Event::Ended(Ending::Lost(c)) => format!("The bomber is lost ({}).", c.name()),
        Event::Ended(_) => return None,
        Event::Debriefed => return None,
        _ => return None,
    })
}

impl Scene for BlitzScene {
    type Game = Game;
    type Anim = Anim;
    type Line = String;
    type Opponent = ai::Crew;

    fn seat_index(_: Seat) -> Option<usize> {
        Some(0)
    }

    fn pace(&self) -> f32 {
        0.6
    }

    fn help_page(&self) -> HelpPage {
        HelpPage::Blitz
    }

    fn layout(&mut self, ui: &Ui, g: &Game) {
        let map = &g.tables().map;
        let (rows, cols) = (map.rows() as f32, map.columns() as f32);
        let panel_w = (ui.w * 0.48).clamp(380.0, 640.0);
        let room_w = ui.w - panel_w - 48.0;
        let room_h = ui.h - 48.0;
        self.cell = (room_w / cols).min(room_h / rows).max(12.0);
        let mw = self.cell * cols;
        let mh = self.cell * rows;
        self.map = Rect::new(
            32.0 + (room_w - mw) / 2.0,
            34.0 + (room_h - mh) / 2.0,
            mw,
            mh,
        );
        self.panel = Rect::new(ui.w - panel_w, 0.0, panel_w, ui.h);
    }

    fn animate(
        &mut self,
        _g: &Game,
        before: &State,
        e: &Event,
        after: &State,
        out: &mut Vec<Beat<Anim, String>>,
    ) {
        if let Event::Thrown(t) = e {
            out.push(Beat::Anim(Anim::Throw(t.clone())));
        }
        if let Some(l) = line(before, e, after) {
            out.push(Beat::Log(l));
        }
    }

    fn length(&self, _: &Anim) -> f32 {
        0.45
    }

    fn start(&mut self, anim: &Anim, _length: f32, sounds: &mut Vec<Sfx>) {
        let Anim::Throw(t) = anim;
        self.previous = self.shown.replace(t.clone());
        sounds.push(Sfx::Dice);
    }

    fn finish(&mut self, _anim: Anim) {}

    fn snap(&mut self, g: &Game) {
        let mut last = g.events().iter().rev().filter_map(|e| match e {
            Event::Thrown(t) => Some(t.clone()),
            _ => None,
        });
        self.shown = last.next();
        self.previous = last.next();
    }

    fn input(&mut self, ui: &mut Ui, g: &Game, _seat: Seat, _t: &Shared<Self>) -> Act<Command> {
        if let Some(c) = self.pending.take() {
            return Act::Play(vec![c]);
        }
        if ui.input.clicked {
            let (mx, my) = ui.input.mouse;
            if let Some(z) = self.zone_at(mx, my, g) {
                if let Some(b) = g.bomber() {
                    if let Some(h) = Heading::ALL
                        .into_iter()
                        .find(|h| h.from(b.zone, &g.tables().map) == Some(z))
                    {
                        let c = Command::Fly(h);
                        return match g.check(&c) {
                            Ok(()) => Act::Play(vec![c]),
                            Err(e) => Act::Say(format!("Not {h:?}: {e}.")),
                        };
                    }
                }
            }
        }
        Act::None
    }

    fn draw(&mut self, ui: &mut Ui, g: &Game, t: &Shared<Self>, _settings: &Settings) {
        ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), NIGHT);
        self.draw_map(ui, g);
        if let Some(c) = self.draw_panel(ui, g, t) {
            self.pending = Some(c);
        }
    }

    fn draw_handover(&self, _ui: &Ui, _g: &Game, _seat: Seat, _t: &Shared<Self>) {}

    fn played(&mut self, _g: &Game) {
        self.pending = None;
    }

    fn took_back(&self, _g: &Game, _seat: Seat) -> String {
        "The crew takes back its last choice.".into()
    }

    fn autosave_after(&self, e: &Event) -> bool {
        matches!(e, Event::Phase(Phase::Briefing | Phase::Debrief))
    }
}

/// The tour's tally, when the last night is over.
pub fn result_screen(ui: &mut Ui, t: &BlitzTable) -> bool {
    let g = &t.game;
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), NIGHT);
    ui.text_centered("The tour is over", ui.w / 2.0, 80.0, 44.0, PAPER);
    let raids = g.raids();
    let flown = raids.iter().filter(|r| r.flown).count();
    let lost = |c: Cause| raids.iter().filter(|r| r.ending == Ending::Lost(c)).count();
    let mut lines = vec![
        format!(
            "{flown} missions flown from {} to {}; {} victory points.",
            g.tables().calendar.first_night,
            g.night(),
            g.points()
        ),
        format!(
            "Bomb runs: {}, of which {} counted.",
            raids.iter().filter(|r| r.bombed).count(),
            raids.iter().filter(|r| r.points > 0).count()
        ),
    ];
    let losses: Vec<String> = Cause::ALL
        .iter()
        .filter(|c| lost(**c) > 0)
        .map(|c| format!("{} {}", lost(*c), c.name()))
        .collect();
    lines.push(if losses.is_empty() {
        "No bomber lost.".into()
    } else {
        format!("Bombers lost: {}.", losses.join(", "))
    });
    let men = &g.crew().men;
    let first: Vec<&String> = g.tables().crew.crew.iter().collect();
    for m in men.iter().filter(|m| first.contains(&&m.name)) {
        lines.push(format!(
            "{}: {} missions, {}",
            m.name,
            m.missions,
            words(&format!("{:?}", m.status))
                .replace(" (", " until ")
                .replace(')', "")
        ));
    }
    let w = (ui.w - 80.0).min(760.0);
    let mut y = 140.0;
    for l in &lines {
        for piece in wrap_text(l, w, 20.0) {
            ui.text(&piece, (ui.w - w) / 2.0, y, 20.0, LIGHT);
            y += 26.0;
        }
    }
    let r = Rect::new(
        (ui.w - 260.0) / 2.0,
        (y + 30.0).min(ui.h - 60.0),
        260.0,
        44.0,
    );
    ui.button(r, "Back to the menu")
}

/// The night Blitz's page of rules and controls.
pub const HELP: &str = "THE NIGHT BLITZ. A solo campaign: you are a Luftwaffe He 111 crew flying night raids over Britain from the Coventry raid of 14 November 1940 to the last great raid on London, 10 May 1941. Joe Carter's solo game \"The Blitz\" with Philip Sabin's amendments; the base game's tables are ours, every one of them listed with its source in docs/RULES.md.

THE NIGHTS. Each night Table A-1 says whether a mission flies and where (Table A-4 picks another city). From 15 November rolls of 29-62 are no mission, unless your last mission was against a city other than London one night ago (39-56) or one to five nights ago (57-62): then a follow-up raid flies against it. No missions from 20 January to 15 February 1941. Within 3 days of a new or full moon the night has that moon.

THE FLIGHT. After the briefing: B-1 the weather at the base (fog scrubs the mission), B-3 the take-off (thrown twice, the lower read), B-2 a glitch spotted in the climb (you turn back and land with your bombs). Then fly zone by zone: W, NW or N outbound, E, SE or S homebound, one Fuel Box a zone. In each zone: C-1 the weather (a double may mean a mechanical check, C-4 and Table K); in bad weather icing and lightning (C-2, C-3), which you may avoid outbound by aborting and turning back into the zone you left. Night fighters may find you (C-8) and attack (C-9, C-10), never in the Green Zone (M4-M9, N1-N9). Under attack, take evasive action (2d10; an unmodified 20 collides) or hold your course and let your gunner answer. A fighter comes round again at most once.

THE TARGET. Over the target the radio beam (D-1): a jammed beam jettisons your bombs and ends the mission. Then make the bomb run through the searchlights (D-2) and the flak (D-3), or abort; through the flak, release the bombs (D-5, for victory points) or still abort. Aborting with working bomb bay doors jettisons the bombs. After the bomb run night fighters may find you only if the flak was silent. You must abort an outbound mission if you jettison, drop below 3,000 metres, lose the bomb bay doors or the beam set, or your bombardier is seriously wounded, killed or moves. In bad weather you may descend below 3,000 metres (outbound, that aborts the mission), and stay there. Land at N9 (you need a Fuel Box left there) or N6; crewmen down outside the Green Zone are captured.

THE CREW. Five named men carry their missions and wounds from night to night; the seriously wounded go to hospital, the killed and captured are replaced by name.

CONTROLS. Click a button, or a lit zone on the map to fly there. U takes back a choice that threw no die. F5 saves; the game is saved by itself at every briefing and debriefing. H this page, Esc leaves.";
