//! Drawing the family table: the banner, the board (terrain, sectors,
//! features, bomb damage), the squares the player may click, the planes on
//! their squares with their shadows and fuel gauges, the commanders' cards,
//! the spinner, the log and the bottom bar.

use super::anim::climb_text;
use super::{colour_of, missed, name, sector_colour, FamilyScene, Mode};
use crate::app::board_view::{draw_counter_body, draw_counter_labels, BoardView, Counter, Mark};
use crate::app::table::Shared;
use crate::app::ui::paint::clear_background;
use crate::app::ui::{self, draw_text, mix, Ui, ACCENT, DIM, INK, PAPER};
use crate::common::hex::{hex_from_offset, End, Facing};
use crate::common::words::count;
use crate::common::Side;
use crate::family::{
    column_letter, Choice, Command, Ending, FamilyGame, FamilyScenario, Feature, FeatureKind, Game,
    Heading, Order, Phase, Seat, Terrain,
};
use crate::settings::Scheme;
use macroquad::prelude::*;

const SEA: Color = Color::new(0.38, 0.58, 0.78, 1.0);
const LAND: Color = Color::new(0.64, 0.74, 0.50, 1.0);
/// The aircraft the planes are drawn as (their outlines are in the shipped
/// silhouettes).
const SPITFIRE: &str = "Spitfire";
const BOMBER: &str = "He 111";
const ESCORT: &str = "Me 109";
const GOLD: Color = Color::new(1.0, 0.80, 0.10, 1.0);

/// The commander a person plays whose decision it is, if any.
fn human<G: FamilyGame>(g: &Game, t: &Shared<FamilyScene<G>>) -> Option<u8> {
    g.commander()
        .filter(|&s| !t.watching && t.is_human(Seat::Commander(s)))
}

/// A sentence for a choice under the mouse.
pub(super) fn describe(g: &Game, c: &Choice) -> String {
    FamilyScene::<Game>::describe_choice(g, c)
}

/// The blank screen between two commanders.
pub(super) fn handover<G: FamilyGame>(
    ui: &Ui,
    g: &Game,
    seat: u8,
    t: &Shared<FamilyScene<G>>,
    scene: &FamilyScene<G>,
) {
    scene.draw_handover_of(ui, g, seat, t);
}

impl<G: FamilyGame> FamilyScene<G> {
    pub(super) fn draw_handover_of(&self, ui: &Ui, g: &Game, seat: u8, t: &Shared<Self>) {
        ui.rect(
            Rect::new(0.0, 0.0, ui.w, ui.h),
            Color::new(0.12, 0.14, 0.2, 1.0),
        );
        let c = colour_of(g, seat);
        ui.rect(Rect::new(0.0, ui.h / 2.0 - 90.0, ui.w, 12.0), c);
        let what = match g.phase() {
            Phase::Order(Order::GiveWay { .. }) => "must give way to a bomber",
            Phase::Order(Order::RadarLanding { .. }) => "must land: radar hit",
            _ => "to fly",
        };
        let (head, size) = ui::shrink_to_fit(
            &format!("{} {what}", name(g, &t.players, seat)),
            46.0,
            24.0,
            ui.w - 40.0,
        );
        ui.text_centered(&head, ui.w / 2.0, ui.h / 2.0 - 20.0, size, WHITE);
        ui.text_centered(
            "Hand over the machine, then press a key or click.",
            ui.w / 2.0,
            ui.h / 2.0 + 30.0,
            24.0,
            LIGHTGRAY,
        );
        let mover = match t.last_mover {
            Some(Seat::Commander(m)) if g.can_undo() => Some(m),
            _ => None,
        };
        if let Some(m) = mover {
            ui.text_centered(
                &format!(
                    "({}: U takes back your move first)",
                    t.players[m as usize].name
                ),
                ui.w / 2.0,
                ui.h / 2.0 + 66.0,
                20.0,
                LIGHTGRAY,
            );
        }
        // What this commander missed since they last flew.
        let since: Vec<&str> = missed(&t.log, seat)
            .iter()
            .map(|l| l.text.as_str())
            .collect();
        let top = ui.h / 2.0 + if mover.is_some() { 104.0 } else { 80.0 };
        ui::meanwhile(ui, &since, top);
    }

    fn banner(&self, g: &Game, t: &Shared<Self>) -> String {
        if let Some(e) = g.ending() {
            return match (g.winner(), e) {
                (Some(w), _) => format!("Game over: {} wins", name(g, &t.players, w)),
                (None, Ending::AllOut) => "Game over: every Spitfire is lost".into(),
                (None, Ending::RaidOver) => "The raid has left the board: back to the map".into(),
                (None, Ending::Dusk) if g.is_raid() => {
                    "The battle is over: the rest of the raid flies on - back to the map".into()
                }
                (None, _) => "Game over: nightfall, nobody wins".into(),
            };
        }
        let round = g.round();
        if t.busy() {
            return format!("Round {round}: planes on the move (S: skip ahead)");
        }
        match g.phase() {
            Phase::Spin { bomber } if g.is_raid() => {
                format!(
                    "Round {round}: the raid flies - {}",
                    super::plane_name(g, bomber)
                )
            }
            Phase::Spin { bomber } => {
                format!("Round {round}: the bombers fly - bomber {}", bomber + 1)
            }
            Phase::Turn { seat } => {
                let s = g.spitfire(seat);
                let you = if human(g, t).is_some() { " (you)" } else { "" };
                if s.on_ground() {
                    format!(
                        "Round {round}: {}{you} - on the ground: take off or wait",
                        name(g, &t.players, seat)
                    )
                } else {
                    format!(
                        "Round {round}: {}{you} - altitude {}, fuel {}: {} then click a square",
                        name(g, &t.players, seat),
                        s.altitude,
                        s.fuel,
                        self.mode.label()
                    )
                }
            }
            Phase::Order(Order::GiveWay { seat, bomber }) => format!(
                "{}: {} flew into your square - give way to a highlighted square (free move)",
                name(g, &t.players, seat),
                super::plane_name(g, bomber).to_lowercase()
            ),
            Phase::Order(Order::RadarLanding { seat }) => format!(
                "{}: your radar is hit - land at once on a highlighted airfield",
                name(g, &t.players, seat)
            ),
            Phase::Over { .. } => String::new(),
        }
    }

    fn hint(&self, g: &Game, t: &Shared<Self>) -> String {
        if let Some(next) = &t.guide {
            return format!("Next: {next}");
        }
        if let (Some(c), None) = (&self.caption, human(g, t)) {
            return c.clone();
        }
        if t.watching {
            return "Watching a recorded game. S: skip ahead. Esc: back.".into();
        }
        if let Some(seat) = human(g, t) {
            let s = g.spitfire(seat);
            if matches!(g.phase(), Phase::Turn { .. }) && s.airborne() {
                if self.mode == Mode::Land && self.choices.is_empty() {
                    return "No airfield is within reach to land on: fly towards one first (click an airfield to see why).".into();
                }
                if s.fuel <= super::LOW_FUEL {
                    return format!(
                        "Fuel {}: a Spitfire that runs dry falls. Press L and land on a lit airfield soon.",
                        s.fuel
                    );
                }
            }
            return "Gold squares shoot a bomber down (behind it and level). Up/Down: altitude, L: land, U: undo, H: help".into();
        }
        "The bombers and the computer commanders are flying. S: skip ahead.".into()
    }

    pub(super) fn draw_table(&mut self, ui: &mut Ui, g: &Game, t: &Shared<Self>, scheme: Scheme) {
        self.draw_banner(ui, g, t);
        // The board and everything on it stay inside its area, however zoomed.
        ui.clip(Some(self.view.area));
        self.draw_mat(ui, g);
        let quiet_turn = !t.busy() && human(g, t).is_some();
        if quiet_turn {
            self.refresh_choices(g);
        }
        let choices: Vec<Choice> = if quiet_turn {
            self.choices.clone()
        } else {
            Vec::new()
        };
        let v = self.view.clone();
        let preview = draw_choices(ui, g, &v, &choices);
        self.draw_six_oclock(ui, g, &v);
        // Planes: fuel gauges first, then the planes, lowest first.
        let planes = self.plane_order(g);
        self.draw_fuel_gauges(ui, g, &v, &planes);
        // Each plane as seen from above, its shadow on its square: a bomber
        // with its number, a Spitfire with its commander's colour and
        // letter, each with its altitude in the box above its right wing.
        // The labels go over all the planes, so no plane hides another's.
        let mut labels = Vec::new();
        for &(alt, bomber, i) in &planes {
            let (hex, facing) = if bomber {
                (self.bdisp[i].hex, self.bdisp[i].facing)
            } else {
                (self.sdisp[i].hex, self.sdisp[i].facing)
            };
            // On its own square (a click on the plane is a click on its
            // square); the higher it flies, the farther its shadow falls.
            let p = v.center(hex);
            let counter = self.plane_counter(g, alt, bomber, i);
            draw_counter_body(ui, p, v.direction(facing), v.size, &counter, scheme);
            labels.push((p, counter));
        }
        for (p, counter) in &labels {
            draw_counter_labels(ui, *p, v.size, counter);
        }
        self.draw_shots(ui, &v);
        ui.clip(None);
        self.draw_mode_frame(ui, g, t);
        self.draw_panel(ui, g, t);
        self.draw_bottom_bar(ui, g, t, preview);
    }

    /// The banner, with low fuel in red at its right where the eye goes
    /// first.
    fn draw_banner(&self, ui: &Ui, g: &Game, t: &Shared<Self>) {
        ui.rect(Rect::new(0.0, 0.0, ui.w, 40.0), PAPER);
        let low = human(g, t)
            .map(|seat| g.spitfire(seat))
            .filter(|s| s.airborne() && s.fuel <= super::LOW_FUEL && !t.busy());
        let banner = self.banner(g, t);
        match low {
            // Low fuel says so where the eye goes first, in red.
            Some(s) => {
                let warn = format!("LOW FUEL: {} left - land soon", s.fuel);
                let ww = ui::text_width(&warn, 21.0) + 20.0;
                let r = Rect::new(ui.w - ww - 8.0, 5.0, ww, 30.0);
                ui.rect(r, ACCENT);
                ui.text(&warn, r.x + 10.0, 27.0, 21.0, WHITE);
                ui.text(
                    &ui::fit_text(&banner, r.x - 24.0, 21.0),
                    12.0,
                    27.0,
                    21.0,
                    INK,
                );
            }
            None => ui.text(
                &ui::fit_text(&banner, ui.w - 24.0, 21.0),
                12.0,
                27.0,
                21.0,
                INK,
            ),
        }
    }

    /// "Six o'clock" marks: the square behind each bomber, at its altitude.
    fn draw_six_oclock(&self, ui: &Ui, g: &Game, v: &BoardView) {
        for b in self.bdisp.iter().filter(|b| !b.gone) {
            if !g.scenario().grid.contains(b.facing.reverse().ahead(b.hex)) {
                continue;
            }
            let behind = v.center(b.facing.reverse().ahead(b.hex));
            let dir = v.direction(b.facing);
            let side = vec2(-dir.y, dir.x) * v.size * 0.18;
            let tip = behind + dir * v.size * 0.25;
            ui.line(
                tip,
                tip - dir * v.size * 0.2 + side,
                2.0,
                Color::new(0.1, 0.1, 0.1, 0.6),
            );
            ui.line(
                tip,
                tip - dir * v.size * 0.2 - side,
                2.0,
                Color::new(0.1, 0.1, 0.1, 0.6),
            );
        }
    }

    /// The planes shown, in the order they are drawn: lowest first, the
    /// Spitfire whose turn it is over every other plane. Each is its
    /// altitude, whether it is a bomber, and its index.
    fn plane_order(&self, g: &Game) -> Vec<(u8, bool, usize)> {
        let mut planes: Vec<(u8, bool, usize)> = Vec::new();
        for (i, b) in self.bdisp.iter().enumerate() {
            if !b.gone {
                planes.push((b.altitude, true, i));
            }
        }
        for (i, s) in self.sdisp.iter().enumerate() {
            if s.visible {
                planes.push((s.altitude, false, i));
            }
        }
        // The Spitfire whose turn it is over every other plane.
        let active = g.commander();
        planes.sort_by_key(|&(alt, bomber, i)| {
            let on_top = !bomber && active == Some(i as u8);
            (on_top, alt, bomber, i)
        });
        planes
    }

    /// The fuel gauge on each Spitfire's base, as on the board game's.
    fn draw_fuel_gauges(&self, ui: &Ui, g: &Game, v: &BoardView, planes: &[(u8, bool, usize)]) {
        for &(_, bomber, i) in planes {
            let hex = if bomber {
                self.bdisp[i].hex
            } else {
                self.sdisp[i].hex
            };
            let p0 = v.center(hex);
            if !bomber {
                let full = g.rules().fuel_full.max(1) as f32;
                let fuel = self.sdisp[i].fuel as f32;
                let w = v.size * 0.9;
                let r = Rect::new(p0.x - w / 2.0, p0.y + v.size * 0.34, w, 4.0);
                ui.rect(r, Color::new(0.15, 0.15, 0.15, 0.85));
                let col = if fuel <= super::LOW_FUEL as f32 {
                    ACCENT
                } else {
                    Color::new(0.3, 0.85, 0.35, 1.0)
                };
                ui.rect(Rect::new(r.x, r.y, r.w * fuel / full, r.h), col);
            }
        }
    }

    /// The counter a plane is drawn as at `alt`: a bomber (or a campaign
    /// raid's escort) with its number, a Spitfire with its commander's
    /// colour and letter.
    fn plane_counter(&self, g: &Game, alt: u8, bomber: bool, i: usize) -> Counter<'static> {
        let active = g.commander();
        let lift = self.shadow_fall(alt);
        if bomber {
            let number = char::from_digit(i as u32 + 1, 10).unwrap_or('?');
            // A campaign raid's escort: a fighter, grey-marked.
            let escort = g.scenario().is_escort(i as u8);
            Counter {
                side: Side::German,
                aircraft: if escort { ESCORT } else { BOMBER },
                short: if escort { ESCORT } else { BOMBER },
                unit: None,
                mark: Mark {
                    fill: if escort { LIGHTGRAY } else { WHITE },
                    letter: number,
                },
                damaged: false,
                active: false,
                marker: Some(alt),
                lift,
                name_left: false,
                tagged: false,
                pill: true,
            }
        } else {
            let seat = i as u8;
            let colour = g.scenario().sectors[g.spitfire(seat).sector as usize].colour;
            Counter {
                side: Side::British,
                aircraft: SPITFIRE,
                short: "Spit",
                unit: None,
                mark: Mark {
                    fill: sector_colour(colour),
                    letter: colour.name().chars().next().unwrap_or('?'),
                },
                damaged: false,
                active: active == Some(seat),
                marker: Some(alt),
                lift,
                name_left: false,
                tagged: false,
                pill: true,
            }
        }
    }

    /// The explosions of planes shot down and the shots that downed them.
    fn draw_shots(&self, ui: &Ui, v: &BoardView) {
        for (h, t) in &self.explosions {
            let p = v.center(*h);
            let r = v.size * (0.3 + t * 0.9);
            ui.circle(p, r, Color::new(1.0, 0.55, 0.1, (0.9 - t).max(0.0)));
            ui.circle(p, r * 0.55, Color::new(1.0, 0.9, 0.3, (0.9 - t).max(0.0)));
        }
        for (a, b, _) in &self.shots {
            ui.line(
                v.center(*a),
                v.center(*b),
                3.0,
                Color::new(1.0, 0.95, 0.3, 0.9),
            );
        }
    }

    /// The left column: this decision's buttons, drawn here when it is a
    /// human's; the altitude change picked is framed in gold.
    fn draw_mode_frame(&self, ui: &Ui, g: &Game, t: &Shared<Self>) {
        if let Some(seat) = human(g, t).filter(|_| !t.busy()) {
            for (i, (_, _, mode)) in self.buttons(g, seat).into_iter().enumerate() {
                let r = Rect::new(10.0, 60.0 + i as f32 * 46.0, 150.0, 40.0);
                // The buttons themselves are laid out in handle_human; the
                // altitude change picked is framed in gold.
                if mode == Some(self.mode) {
                    ui.rect_lines(
                        Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
                        5.0,
                        GOLD,
                    );
                }
            }
        }
    }

    /// The bottom bar: a message, the choice under the mouse, or a hint.
    fn draw_bottom_bar(&mut self, ui: &Ui, g: &Game, t: &Shared<Self>, preview: Option<String>) {
        let bar = Rect::new(0.0, ui.h - 30.0, ui.w, 30.0);
        ui.rect(bar, PAPER);
        let (status, col) = match (&t.message, preview) {
            (Some(m), _) => (m.text.clone(), m.colour()),
            (None, Some(p)) => (p, INK),
            (None, None) => (self.hint(g, t), INK),
        };
        // Smaller before it is cut: the whole sentence if it can be.
        let (status, size) = ui::shrink_to_fit(&status, 19.0, 13.0, ui.w - 20.0);
        self.status = status;
        ui.text(&self.status, 10.0, ui.h - 9.0, size, col);
    }

    /// How far below a plane at `alt` its shadow falls, in pixels.
    fn shadow_fall(&self, alt: u8) -> f32 {
        alt as f32 * self.view.size * 0.05
    }

    /// A sentence for a choice under the mouse.
    pub(super) fn describe_choice(g: &Game, c: &Choice) -> String {
        let sc = g.scenario();
        let at = sc.cell_name(c.hex);
        let mut s = match c.command {
            Command::Move { climb, via, .. } => {
                let alt = g
                    .commander()
                    .map(|seat| g.spitfire(seat).altitude as i16 + climb as i16)
                    .unwrap_or(0);
                let sq = if via.is_some() { 2 } else { 1 };
                format!(
                    "Fly {sq} square{} to {at} at altitude {alt}",
                    if sq > 1 { "s" } else { "" }
                )
            }
            Command::Climb(c) => format!(
                "{} {} in place",
                if c > 0 { "Climb" } else { "Dive" },
                c.abs()
            ),
            Command::Wait => "Do nothing this turn".into(),
            Command::Land { at: a } | Command::RadarLand { at: a } => {
                let own = g.commander().is_some_and(|seat| {
                    sc.feature_at(a)
                        .is_some_and(|f| sc.features[f].sector == g.spitfire(seat).sector)
                });
                format!(
                    "Land at {at}: {}",
                    if own {
                        "own sector, full tank"
                    } else {
                        "another sector, half tank"
                    }
                )
            }
            Command::GiveWay { .. } => format!("Give way to {at}"),
            _ => String::new(),
        };
        if !c.shoots.is_empty() {
            s.push_str(" - BEHIND AND LEVEL: shoots the bomber down!");
        }
        if c.crash {
            s.push_str(" - COLLISION: your Spitfire would be lost");
        } else {
            s.push_str(&format!(" (fuel {} after)", c.fuel));
        }
        s
    }

    fn draw_mat(&mut self, ui: &Ui, g: &Game) {
        let v = self.view.clone();
        // The board with its spare rows and room for the labels around it,
        // as far as the board's area shows it.
        let m = 40.0;
        let around = Rect::new(
            v.outer.x - m,
            v.outer.y - m,
            v.outer.w + 2.0 * m,
            v.outer.h + 2.0 * m,
        );
        let area = around.intersect(v.area).unwrap_or(v.area);
        let mask =
            self.knocked
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &k)| if k { m | (1 << (i % 64)) } else { m })
                ^ ((self.knocked.iter().filter(|k| **k).count() as u64) << 58);
        let sc = g.scenario().clone();
        let knocked = self.knocked.clone();
        let defended: Vec<bool> = (0..sc.sectors.len())
            .map(|s| {
                sc.features.iter().enumerate().any(|(i, f)| {
                    f.sector as usize == s && f.kind == FeatureKind::Aa && !knocked[i]
                })
            })
            .collect();
        // The start squares a bomber stands on show the bomber, not their
        // number.
        let held: Vec<bool> = sc
            .starts
            .iter()
            .map(|h| self.bdisp.iter().any(|b| !b.gone && b.hex == *h))
            .collect();
        let held_mask = held
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, &h)| if h { m | (1 << (i % 64)) } else { m });
        let target_hidden = self.target_hidden;
        self.mat
            .show(ui, area, (area, v.rect, mask, held_mask), || {
                clear_background(super::TABLE);
                paint_terrain(ui, &v, &sc);
                paint_sector_borders(ui, &v, &sc);
                for (i, f) in sc.features.iter().enumerate() {
                    paint_feature(ui, &v, &sc, f, defended[f.sector as usize], knocked[i]);
                }
                paint_starts(ui, &v, &sc, &held);
                paint_north_edge(ui, &v, &sc, target_hidden);
                paint_labels(&v, &sc);
            });
    }

    /// The side panel's cards and log (cached as a layer; the spinner is
    /// drawn over it every frame, at `spinner_top`).
    fn paint_panel(&self, ui: &Ui, g: &Game, t: &Shared<Self>, panel: Rect) {
        let (x, pw) = (panel.x, panel.w);
        // Opaque: blending into the layer's clear texture would thin it.
        ui.rect(panel, Color::new(0.93, 0.91, 0.85, 1.0));
        ui.rect_lines(panel, 2.0, INK);
        let mut y = panel.y + 24.0;
        let order: Vec<String> = g
            .order()
            .iter()
            .map(|&s| t.players[s as usize].name.clone())
            .collect();
        let head = match &g.scenario().raid {
            Some(r) => format!("Round {} of {}  -  the raid", g.round(), r.rounds),
            None => format!(
                "Round {}  -  first to {}",
                g.round(),
                count(g.kills_to_win(), "kill", "kills")
            ),
        };
        ui.text(&head, x + 10.0, y, 19.0, INK);
        y += 20.0;
        ui.text(
            &ui::fit_text(&format!("Order: {}", order.join(", ")), pw - 20.0, 16.0),
            x + 10.0,
            y,
            16.0,
            DIM,
        );
        y += 10.0;
        let full = g.rules().fuel_full.max(1);
        for seat in 0..g.spitfires().len() as u8 {
            let s = *g.spitfire(seat);
            let d = self.sdisp[seat as usize];
            let card = Rect::new(x + 8.0, y, pw - 16.0, 62.0);
            let on = g.commander() == Some(seat);
            ui.rect(
                card,
                if on {
                    Color::new(1.0, 0.96, 0.75, 1.0)
                } else {
                    PAPER
                },
            );
            ui.rect_lines(card, if on { 3.0 } else { 1.5 }, INK);
            ui.rect(Rect::new(card.x, card.y, 10.0, card.h), colour_of(g, seat));
            let who = if t.players[seat as usize].human {
                ""
            } else {
                " (computer)"
            };
            ui.text(
                &ui::fit_text(
                    &format!("{}{who}", name(g, &t.players, seat)),
                    card.w - 22.0,
                    17.0,
                ),
                card.x + 16.0,
                card.y + 18.0,
                17.0,
                INK,
            );
            let state = match s.lost {
                Some(c) => format!("OUT: {}", c.name()),
                None if d.altitude == 0 => {
                    format!("on the ground at {}", g.scenario().cell_name(d.hex))
                }
                None => format!(
                    "altitude {} over {}",
                    d.altitude,
                    g.scenario().cell_name(d.hex)
                ),
            };
            ui.text(
                &state,
                card.x + 16.0,
                card.y + 36.0,
                15.0,
                if s.lost.is_some() { ACCENT } else { DIM },
            );
            // Fuel gauge: one notch per box.
            let gw = (card.w - 120.0) / full as f32;
            for k in 0..full {
                let r = Rect::new(card.x + 16.0 + k as f32 * gw, card.y + 44.0, gw - 1.5, 12.0);
                let filled = k < d.fuel;
                let col = if !filled {
                    Color::new(0.8, 0.8, 0.8, 1.0)
                } else if d.fuel <= super::LOW_FUEL {
                    ACCENT
                } else {
                    Color::new(0.2, 0.55, 0.25, 1.0)
                };
                ui.rect(r, col);
            }
            // Kill tokens: a black cross for each bomber shot down.
            for k in 0..d.kills {
                let c = vec2(card.x + card.w - 92.0 + k as f32 * 18.0, card.y + 50.0);
                ui.rect(Rect::new(c.x - 7.0, c.y - 2.5, 14.0, 5.0), INK);
                ui.rect(Rect::new(c.x - 2.5, c.y - 7.0, 5.0, 14.0), INK);
            }
            y += 68.0;
        }
        debug_assert_eq!(y, self.spinner_top(g, panel));
        // The log, newest last, below the spinner.
        let y = y + 2.0 * 62.0 + 26.0;
        let line_h = 17.0;
        let room = ((panel.y + panel.h - y - 6.0) / line_h).max(0.0) as usize;
        // Wrapped, not cut: a long line is read in full.
        let rows = ui::log_rows(
            t.log.iter().rev().map(|l| (l.text.as_str(), ())),
            pw - 16.0,
            15.0,
            room,
        );
        for (i, (text, _)) in rows.iter().enumerate() {
            ui.text(text, x + 8.0, y + 12.0 + i as f32 * line_h, 15.0, INK);
        }
    }

    fn draw_panel(&mut self, ui: &mut Ui, g: &Game, t: &Shared<Self>) {
        let pw = (ui.w * 0.27).clamp(270.0, 360.0);
        let x = ui.w - pw - 6.0;
        let panel = Rect::new(x, 46.0, pw, ui.h - 46.0 - 36.0);
        // Text queued so far goes to the screen now, so that the layer's own
        // text goes into the layer.
        ui.flush_text();
        let key = (panel, self.panel_key(g, t));
        let mut layer = std::mem::take(&mut self.panel);
        layer.show(ui, panel, key, || {
            self.paint_panel(ui, g, t, panel);
            ui.flush_text();
        });
        self.panel = layer;
        let y = self.spinner_top(g, panel);
        // The spinner, turning.
        let sc_r = 62.0;
        let centre = vec2(x + 76.0, y + sc_r + 10.0);
        self.draw_spinner(ui, g, centre, sc_r);
        // Smaller type in a narrow panel, cut only if even that is too wide.
        let room = pw - 156.0;
        let mut size = 17.0;
        while size > 13.0 && crate::app::ui::text_width("Flight indicator", size) > room {
            size -= 1.0;
        }
        ui.text(
            &crate::app::ui::fit_text("Flight indicator", room, size),
            x + 150.0,
            y + 30.0,
            size,
            INK,
        );
        let cap = if self.spin_caption.is_empty() {
            "spun for each bomber".to_string()
        } else {
            self.spin_caption.clone()
        };
        // The key below the caption, however many lines a narrow panel
        // wraps the caption into.
        let used = ui.paragraph(&cap, x + 150.0, y + 52.0, pw - 160.0, 16.0, INK);
        ui.paragraph(
            "blue +1, red -1, white same",
            x + 150.0,
            (y + 100.0).max(y + 52.0 + used + 2.0),
            pw - 160.0,
            14.0,
            DIM,
        );
    }

    /// Where the spinner goes: below the commanders' cards.
    fn spinner_top(&self, g: &Game, panel: Rect) -> f32 {
        panel.y + 24.0 + 20.0 + 10.0 + 68.0 * g.spitfires().len() as f32
    }

    /// Everything the cached panel shows, as one number.
    fn panel_key(&self, g: &Game, t: &Shared<Self>) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut put = |v: u64| {
            h ^= v;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        put(g.round() as u64);
        put(t.log.len() as u64);
        put(g.commander().map_or(99, |s| s as u64));
        for &s in g.order() {
            put(s as u64);
        }
        for (i, d) in self.sdisp.iter().enumerate() {
            let [c, r] = crate::common::hex::offset_of(d.hex);
            put(c as u64);
            put(r as u64);
            put(d.altitude as u64 | (d.fuel as u64) << 8 | (d.kills as u64) << 16);
            put(d.visible as u64 | (g.spitfire(i as u8).lost.is_some() as u64) << 1);
        }
        h
    }

    fn draw_spinner(&self, ui: &Ui, g: &Game, c: Vec2, r: f32) {
        let faces = &g.rules().spinner;
        let n = faces.len().max(1);
        let step = std::f32::consts::TAU / n as f32;
        ui.circle(c, r, WHITE);
        for (i, f) in faces.iter().enumerate() {
            let a0 = -std::f32::consts::FRAC_PI_2 + i as f32 * step;
            let tint = match f.climb {
                1 => Color::new(0.80, 0.90, 1.0, 1.0),
                -1 => Color::new(1.0, 0.86, 0.80, 1.0),
                _ => Color::new(0.95, 0.95, 0.90, 1.0),
            };
            let pts: Vec<Vec2> = (0..=4)
                .map(|k| {
                    let a = a0 + step * k as f32 / 4.0;
                    c + vec2(a.cos(), a.sin()) * r
                })
                .collect();
            for w in pts.windows(2) {
                ui.triangle(c, w[0], w[1], tint);
            }
            ui.line(c, pts[0], 1.0, DIM);
            // The face: altitude and a little arrow for the direction.
            let mid = a0 + step / 2.0;
            let p = c + vec2(mid.cos(), mid.sin()) * r * 0.52;
            let dir = match f.heading {
                Heading::Beam => vec2(0.0, -1.0),
                Heading::Port => vec2(-0.7, -0.7),
                Heading::Starboard => vec2(0.7, -0.7),
            };
            ui.line(p - dir * 6.0, p + dir * 6.0, 2.0, INK);
            ui.triangle(
                p + dir * 9.0,
                p + dir * 3.0 + vec2(-dir.y, dir.x) * 4.0,
                p + dir * 3.0 - vec2(-dir.y, dir.x) * 4.0,
                INK,
            );
            if f.climb != 0 {
                let t = climb_text(f.climb);
                let q = c + vec2(mid.cos(), mid.sin()) * r * 0.84;
                ui.text_centered(&t, q.x, q.y + 5.0, 13.0, INK);
            }
        }
        ui.circle_lines(c, r, 2.0, INK);
        // The needle: spinning while `spin_left`, then on the result.
        let target = -std::f32::consts::FRAC_PI_2 + (self.spin_face as f32 + 0.5) * step;
        let k = (self.spin_left / self.spin_len).clamp(0.0, 1.0);
        let a = target + k * k * std::f32::consts::TAU * 3.0;
        let tip = c + vec2(a.cos(), a.sin()) * r * 0.92;
        ui.line(c, tip, 4.0, ACCENT);
        ui.circle(c, 6.0, INK);
    }
}

/// The board's squares, sea or land tinted with its sector's colour, and
/// their outlines.
fn paint_terrain(ui: &Ui, v: &BoardView, sc: &FamilyScenario) {
    for hex in sc.grid.hexes() {
        let col = match sc.terrain(hex) {
            Some(Terrain::Land { sector }) => mix(
                LAND,
                sector_colour(sc.sectors[sector as usize].colour),
                0.22,
            ),
            _ => SEA,
        };
        ui.poly(&v.corners(hex), col);
    }
    for hex in sc.grid.hexes() {
        ui.poly_lines(&v.corners(hex), 1.0, Color::new(0.2, 0.25, 0.2, 0.45));
    }
}

/// Sector borders: a thick line where two sectors' land meets.
fn paint_sector_borders(ui: &Ui, v: &BoardView, sc: &FamilyScenario) {
    for hex in sc.grid.hexes() {
        let Some(Terrain::Land { sector }) = sc.terrain(hex) else {
            continue;
        };
        let corners = v.corners(hex);
        for f in Facing::ALL.iter() {
            if let Some(Terrain::Land { sector: o }) = sc.terrain(f.ahead(hex)) {
                if o != sector {
                    // The edge facing f lies between two corners.
                    let c = v.center(hex);
                    let dir = v.direction(*f);
                    let mut pts: Vec<Vec2> = corners
                        .iter()
                        .copied()
                        .filter(|p| (*p - c).normalize().dot(dir) > 0.7)
                        .collect();
                    pts.truncate(2);
                    if pts.len() == 2 {
                        ui.line(pts[0], pts[1], 3.0, INK);
                    }
                }
            }
        }
    }
}

/// An airfield (crossed in red when no AA guards its sector), a radar
/// station or an AA battery, with the explosion marker once knocked out.
fn paint_feature(
    ui: &Ui,
    v: &BoardView,
    sc: &FamilyScenario,
    f: &Feature,
    defended: bool,
    knocked: bool,
) {
    let p = v.center(f.hex);
    let s = v.size;
    let ink = sector_colour(sc.sectors[f.sector as usize].colour);
    match f.kind {
        FeatureKind::Airfield => {
            let r = Rect::new(p.x - s * 0.5, p.y - s * 0.32, s, s * 0.64);
            ui.rect(r, Color::new(0.72, 0.70, 0.64, 1.0));
            ui.rect_lines(r, 2.0, ink);
            ui.line(
                p - vec2(s * 0.42, s * 0.18),
                p + vec2(s * 0.42, s * 0.18),
                3.0,
                INK,
            );
            ui.line(
                p - vec2(s * 0.42, -s * 0.18),
                p + vec2(s * 0.42, -s * 0.18),
                3.0,
                INK,
            );
            if !defended && !knocked {
                ui.line(vec2(r.x, r.y + r.h), vec2(r.x + r.w, r.y), 3.0, ACCENT);
            }
        }
        FeatureKind::Radar => {
            ui.line(p + vec2(0.0, s * 0.4), p - vec2(0.0, s * 0.3), 3.0, INK);
            ui.triangle(
                p - vec2(s * 0.3, s * 0.45),
                p + vec2(s * 0.3, -s * 0.45),
                p - vec2(0.0, s * 0.15),
                ink,
            );
            ui.line(
                p + vec2(-s * 0.25, s * 0.4),
                p + vec2(s * 0.25, s * 0.4),
                3.0,
                INK,
            );
        }
        FeatureKind::Aa => {
            ui.circle(p, s * 0.28, ink);
            ui.circle_lines(p, s * 0.28, 2.0, INK);
            for dx in [-0.15f32, 0.0, 0.15] {
                ui.line(
                    p + vec2(dx * s, 0.0),
                    p + vec2(dx * s * 2.0, -s * 0.5),
                    3.0,
                    INK,
                );
            }
        }
    }
    if knocked {
        // The explosion marker.
        let r = s * 0.42;
        let star: Vec<Vec2> = (0..16)
            .map(|k| {
                let a = k as f32 * std::f32::consts::PI / 8.0;
                let rr = if k % 2 == 0 { r } else { r * 0.5 };
                p + vec2(a.cos(), a.sin()) * rr
            })
            .collect();
        for k in 0..16 {
            ui.triangle(
                p,
                star[k],
                star[(k + 1) % 16],
                Color::new(0.95, 0.45, 0.05, 1.0),
            );
        }
        ui.poly_lines(&star, 2.0, INK);
    }
}

/// The bombers' start squares no bomber stands on, with their numbers.
fn paint_starts(ui: &Ui, v: &BoardView, sc: &FamilyScenario, held: &[bool]) {
    for (i, &h) in sc.starts.iter().enumerate() {
        if held[i] {
            continue;
        }
        let p = v.center(h);
        ui.circle_lines(p, v.size * 0.55, 2.0, WHITE);
        // The number at the top of its square, clear of the marks a
        // bomber carries low on either side.
        let n = format!("{}", i + 1);
        let size = (v.size * 0.7).clamp(12.0, 18.0);
        let w = ui::text_width(&n, size);
        draw_text(&n, p.x - w / 2.0, p.y - v.size * 0.2, size, WHITE);
    }
}

/// The north edge's curved arrows: bombers turn round here. In a
/// campaign's raid, the target is there instead (the Luftwaffe's secret
/// until the bombs fall, while `target_hidden`).
fn paint_north_edge(ui: &Ui, v: &BoardView, sc: &FamilyScenario, target_hidden: bool) {
    // The board's compass on screen, however it lies.
    let row = v.size * 3f32.sqrt();
    let north = v.direction(Facing::North);
    let east = vec2(-north.y, north.x);
    let (a, b) = v.edge(End::North);
    let n = (sc.grid.columns() / 3).max(2);
    if let Some(r) = &sc.raid {
        // The target is the Luftwaffe's secret until the bombs fall.
        let t = if target_hidden {
            "Target: the Luftwaffe's secret".to_string()
        } else {
            format!("Target: {}", r.target)
        };
        let size = 18.0;
        let t = ui::fit_text(&t, (b - a).length().max(60.0), size);
        let at = (a + b) / 2.0 + north * row * 0.45;
        let w = ui::text_width(&t, size);
        ui.rect(
            Rect::new(
                at.x - w / 2.0 - 6.0,
                at.y - size * 0.8,
                w + 12.0,
                size * 1.15,
            ),
            Color::new(0.55, 0.12, 0.10, 0.9),
        );
        draw_text(&t, at.x - w / 2.0, at.y, size, PAPER);
    }
    for k in (0..n).filter(|_| sc.raid.is_none()) {
        let at = a + (b - a) * ((k as f32 + 0.5) / n as f32) + north * row * 0.35;
        let r = v.size * 0.35;
        let pts: Vec<Vec2> = (0..=8)
            .map(|j| {
                let t = std::f32::consts::PI * (1.0 + j as f32 / 8.0);
                at + east * r * t.cos() - north * (r * 0.8 + r * t.sin())
            })
            .collect();
        for w in pts.windows(2) {
            ui.line(w[0], w[1], 2.5, PAPER);
        }
        let end = pts[8];
        ui.triangle(end - east * 5.0, end + east * 5.0, end - north * 8.0, PAPER);
    }
}

/// Column letters beyond the south edge, row numbers beyond the west.
fn paint_labels(v: &BoardView, sc: &FamilyScenario) {
    let north = v.direction(Facing::North);
    let east = vec2(-north.y, north.x);
    let label = |t: &str, p: Vec2| {
        draw_text(
            t,
            p.x - ui::text_width(t, 16.0) / 2.0,
            p.y + 5.0,
            16.0,
            PAPER,
        );
    };
    let (a, b) = v.edge(End::South);
    let along = (b - a).normalize();
    for c in 0..sc.grid.columns() as i32 {
        let p = v.center(hex_from_offset(c, sc.grid.rows() as i32 - 1));
        let p = a + along * (p - a).dot(along) - north * 12.0;
        label(&column_letter(c).to_string(), p);
    }
    for r in 0..sc.grid.rows() as i32 {
        let p = v.center(hex_from_offset(0, r)) - east * (v.size + 16.0);
        label(&(r + 1).to_string(), p);
    }
}

/// The legal squares for this click (gold where it shoots, red where it
/// crashes), and what the square under the mouse would do (a square zoomed
/// out of the board's area is not under it): its sentence, for the bottom
/// bar.
fn draw_choices(ui: &Ui, g: &Game, v: &BoardView, choices: &[Choice]) -> Option<String> {
    for c in choices {
        let col = if !c.shoots.is_empty() {
            Color::new(1.0, 0.80, 0.10, 0.75)
        } else if c.crash {
            Color::new(0.9, 0.1, 0.1, 0.55)
        } else {
            Color::new(1.0, 1.0, 0.85, 0.45)
        };
        ui.poly(&v.corners(c.hex), col);
        ui.poly_lines(
            &v.corners(c.hex),
            2.0,
            if c.shoots.is_empty() { INK } else { ACCENT },
        );
    }
    let hover = v.pick(ui.mouse()).filter(|_| v.area.contains(ui.mouse()));
    let mut preview = None;
    if let Some(c) = hover.and_then(|h| choices.iter().find(|c| c.hex == h)) {
        preview = Some(describe(g, c));
        ui.poly_lines(&v.corners(c.hex), 4.0, INK);
    }
    preview
}

#[cfg(test)]
mod tests {
    use super::{BOMBER, SPITFIRE};

    #[test]
    fn the_family_planes_have_outlines_among_the_shipped_silhouettes() {
        // Without one, the plane would be drawn as a square counter.
        let shapes = crate::data::shipped_silhouettes().expect("the shipped silhouettes read");
        for name in [SPITFIRE, BOMBER] {
            assert!(shapes.get(name).is_some(), "no outline for {name}");
        }
    }
}
