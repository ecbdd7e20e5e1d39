//! Drawing the Simple Hex table: the banner, each side's boxes, the mat with
//! the active plane's reach, the counters (moving with their animation),
//! the path or attack under the mouse, the panel (score, dice, log) and the
//! bottom bar.

use super::anim::SpeedDieState;
use super::anim::{self, Anim};
use super::fan::planes;
use super::{FaceDown, HexGame, HexScene};
use crate::app::board_view::{
    counter_reach, dot_colour, draw_counter, draw_die, draw_die_as, label_places, side_fill,
    side_ink, tag_place, BoardView, Counter, DieLook, Mark,
};
use crate::app::table::{CardKind, Shared};
use crate::app::ui::paint::{clear_background, draw_rectangle, draw_rectangle_lines};
use crate::app::ui::{draw_text, fit_text, text_width, Ui, ACCENT, INK, PAPER};
use crate::common::Side;
use crate::settings::Settings;
use crate::simple_hex::movement::{self, StepTo};
use crate::simple_hex::{AttackOption, Effect, Fire, Game, Loc, Phase, PlaneId, Reach, Speed};
use hexx::Hex;
use macroquad::prelude::*;

/// The table's green, round the mat (and under it, in the mat's layer).
const TABLE: Color = Color::new(0.30, 0.42, 0.30, 1.0);

/// The number of moves left written on a stop on the way, and where its
/// baseline starts.
fn stop_label(v: &BoardView, h: &Reach) -> (String, Vec2) {
    let p = v.center(h.hex);
    let s = h.left.to_string();
    let w = crate::app::ui::text_width(&s, 14.0);
    (s, vec2(p.x - w / 2.0, p.y - v.size * 0.3))
}

/// The box `stop_label` writes in.
fn stop_box(v: &BoardView, h: &Reach) -> Rect {
    let (s, at) = stop_label(v, h);
    Rect::new(
        at.x,
        at.y - 12.0,
        crate::app::ui::text_width(&s, 14.0),
        14.0,
    )
}

/// The blank screen between two players.
pub(super) fn handover(ui: &Ui, side: Side, log: &[super::LogLine]) {
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.12, 0.14, 0.2, 1.0),
    );
    ui.text_centered(
        &format!("{} to move", side.name()),
        ui.w / 2.0,
        ui.h / 2.0 - 20.0,
        48.0,
        WHITE,
    );
    ui.text_centered(
        "Hand over the machine, then press a key or click.",
        ui.w / 2.0,
        ui.h / 2.0 + 30.0,
        24.0,
        LIGHTGRAY,
    );
    // What the other side did since this side last flew (its own lines end it).
    let from = log
        .iter()
        .rposition(|l| l.side == Some(side))
        .map_or(0, |i| i + 1);
    let since: Vec<&str> = log[from..].iter().map(|l| l.text.as_str()).collect();
    crate::app::ui::meanwhile(ui, &since, ui.h / 2.0 + 80.0);
}

impl<G: HexGame> HexScene<G> {
    fn human_turn(&self, g: &Game, t: &Shared<Self>) -> Option<Side> {
        g.to_act().filter(|&s| t.is_human(s))
    }

    fn banner(&self, g: &Game, t: &Shared<Self>) -> String {
        if let Some(w) = g.winner() {
            return format!("Game over: {} win", w.name());
        }
        // A summary is read before the game goes on: the banner says what
        // it sums up, not the next attack's entry already under it.
        if let Some(c) = t.card().filter(|c| c.kind == CardKind::Summary) {
            return format!("{} - Continue to go on", c.title);
        }
        let who = |s: Side| {
            if t.is_human(s) {
                format!("{} (you)", s.name())
            } else {
                s.name().to_string()
            }
        };
        match g.phase() {
            Phase::Entry { side } => format!(
                "Attack {}: {} - place each squadron at your edge (click, or arrows and Enter)",
                g.attack(),
                who(side)
            ),
            Phase::Moving(m) => {
                let p = g.plane(m.plane);
                // Named as the log names it: a reserve's "Spitfire
                // reserve R" is not the first unit's "Spitfire R".
                let mut s = format!(
                    "Attack {}, round {}: {} - {} has {} of {} to fly",
                    g.attack(),
                    g.round(),
                    who(p.side),
                    self.face_down.short(g, m.plane),
                    m.remaining(),
                    crate::common::words::count(m.allowance, "hex", "hexes")
                );
                if m.remaining() == 0 {
                    s.push_str(" - fire, or Space to end");
                }
                s
            }
            _ => String::new(),
        }
    }

    fn hint(&self, g: &Game, t: &Shared<Self>) -> String {
        if let Some(next) = &t.guide {
            return format!("Next: {next}");
        }
        if t.watching {
            return "Watching a recorded game. S: skip ahead. Esc: back.".into();
        }
        match (self.human_turn(g, t), g.phase()) {
            (Some(_), Phase::Moving(_)) => {
                "Click a yellow hex to fly there, an enemy in reach to attack. H: help and keys"
                    .into()
            }
            (Some(_), Phase::Entry { .. }) => {
                "Move the mouse along your edge and click, or use Left/Right and Enter.".into()
            }
            _ => "The other side is flying. S: skip to the end of its turn.".into(),
        }
    }

    pub(super) fn draw_table(
        &mut self,
        ui: &mut Ui,
        g: &Game,
        t: &Shared<Self>,
        settings: &Settings,
    ) {
        let sc = g.scenario().clone();
        if ui.draw {
            clear_background(TABLE);
        }
        let quiet_turn = !t.busy() && self.human_turn(g, t).is_some();
        self.draw_banner(ui, g, t);
        let v = self.view.clone();
        // The mat and everything on it stay inside its area, however zoomed.
        ui.clip(Some(v.area));
        // The mat, with the reach of the player's plane.
        if quiet_turn {
            self.refresh_options(g);
        }
        let hl: Vec<Reach> = if quiet_turn {
            self.options.reach.clone()
        } else {
            Vec::new()
        };
        self.anim_scale = settings.anim.step_seconds() / 0.18;
        let front = self.front(t);
        let fd = self.face_down.clone();
        // The stops written on the mat: the empty hexes on the way (a hex
        // where a plane is shown shows the plane); no name covers them.
        let stops: Vec<Reach> = hl
            .iter()
            .filter(|h| !h.end && !self.disp.iter().any(|d| d.visible && d.hex == h.hex))
            .cloned()
            .collect();
        let stop_boxes: Vec<Rect> = stops.iter().map(|h| stop_box(&v, h)).collect();
        let (counters, marks) = self.place_counters(g, t, &v, front, &fd, &stop_boxes);
        // Planes at rest go into the mat's picture (two dozen silhouettes
        // are most of a frame's cost for the software renderer); the one
        // moving or to move, and any reaching past the mat's area, are drawn
        // over it every frame.
        let area = self.mat_area();
        let (still, live): (Vec<_>, Vec<_>) = counters.into_iter().partition(|c| {
            let reach = c.3 * 1.3;
            let named = counter_reach(c.1, c.2, c.3, &c.4, v.area.x + v.area.w);
            !c.0 && !c.4.active
                && area.contains(c.1 - vec2(reach, reach))
                && area.contains(c.1 + vec2(reach, reach))
                && area.contains(named.point())
                && area.contains(named.point() + named.size())
        });
        let still_key = still_key(&still, settings);
        let scheme = settings.scheme;
        self.draw_mat(ui, g, &hl, &stops, still_key, || {
            for side in [Side::German, Side::British] {
                let (a, b) = v.edge(sc.end_of(side));
                ui.line(a, b, 4.0, side_fill(side, scheme));
            }
            for (_, pos, dir, size, c) in &still {
                draw_counter(ui, *pos, *dir, *size, c, scheme);
            }
            ui.flush_text();
        });
        let preview = if quiet_turn {
            self.draw_move_preview(ui, g, &v)
        } else {
            None
        };
        for (moving, pos, dir, size, c) in &live {
            // A plane flying its path may pass over others on the way.
            crate::app::audit::moving(*moving);
            draw_counter(ui, *pos, *dir, *size, c, settings.scheme);
            ui.flush_text();
            crate::app::audit::moving(false);
        }
        if quiet_turn {
            self.draw_ghosts(ui, g, t, settings);
        }
        draw_tracers(ui, &v, &self.bursts(front));
        draw_explosions(ui, &v, &self.explosions);
        let keep_clear: Vec<Rect> = marks
            .iter()
            .map(|m| m.1)
            .chain(stop_boxes.iter().copied())
            .collect();
        self.draw_verdicts(ui, &v, &keep_clear);
        ui.clip(None);
        self.draw_panel(ui, g, t, settings);
        self.draw_bottom_bar(ui, g, t, preview);
        self.draw_forecast(ui, g, t);
    }

    /// The banner, and the caption above it.
    fn draw_banner(&self, ui: &Ui, g: &Game, t: &Shared<Self>) {
        let top = self.top();
        ui.rect(Rect::new(0.0, 0.0, ui.w, top - 4.0), PAPER);
        if let Some(c) = &self.caption {
            ui.rect(
                Rect::new(0.0, 0.0, ui.w, 28.0),
                Color::new(0.16, 0.22, 0.32, 1.0),
            );
            // Smaller before it is cut: the whole caption if it can be.
            let (c, size) = crate::app::ui::shrink_to_fit(c, 19.0, 14.0, ui.w - 24.0);
            ui.text(&c, 12.0, 20.0, size, WHITE);
        }
        ui.text(&self.banner(g, t), 12.0, top - 17.0, 22.0, INK);
    }

    /// Every plane shown, as the counter to draw where it stands now
    /// (staged planes wait beyond their edge; the rest fly over the mat,
    /// the one moving now part of the way along its step), and the marks
    /// round each that the results of shots keep clear of.
    fn place_counters<'f>(
        &self,
        g: &'f Game,
        t: &Shared<Self>,
        v: &BoardView,
        front: Option<(&Anim, f32)>,
        fd: &'f FaceDown,
        stop_boxes: &[Rect],
    ) -> (Vec<Placed<'f>>, Vec<(PlaneId, Rect)>) {
        let active = g.active_move();
        let fan = planes(g, &self.disp, v, fd, stop_boxes);
        let mut counters = Vec::new();
        let mut marks: Vec<(PlaneId, Rect)> = Vec::new();
        for (i, d) in self.disp.iter().enumerate() {
            if !d.visible {
                continue;
            }
            let id = PlaneId(i as u8);
            let p = g.plane(id);
            let (offset, scale, name) = fan[i];
            let mut pos = v.center(d.hex) + offset;
            let mut facing = d.facing;
            let mut moving = false;
            if let Some((
                Anim::Move {
                    plane,
                    to,
                    facing: f,
                    ..
                },
                k,
            )) = front
            {
                if *plane == id {
                    moving = true;
                    pos = pos.lerp(v.center(*to), k);
                    if k > 0.5 {
                        facing = *f;
                    }
                }
            }
            let marker = active
                .filter(|m| m.plane == id && m.attacked && m.remaining() > 0 && !t.busy())
                .map(|m| m.remaining());
            let (aircraft, short) = fd.aircraft(g, id);
            let counter = Counter {
                side: p.side,
                aircraft,
                short,
                unit: fd.unit(g, id).filter(|_| name.is_some()),
                mark: Mark::of(p.colour),
                damaged: d.damaged,
                active: active.is_some_and(|m| m.plane == id),
                marker,
                lift: 0.0,
                name_left: name == Some(true),
                // Planes waiting beyond their edge stand close: no tag.
                // Small (waiting, or passing through a held hex): no tag.
                tagged: scale >= 1.0 && g.board().contains(d.hex),
                pill: false,
            };
            // Its marks, which the results of shots keep clear of.
            let right = v.area.x + v.area.w;
            let (dot, dr, plate) = label_places(pos, v.size * scale, &counter, right);
            marks.push((id, Rect::new(dot.x - dr, dot.y - dr, dr * 2.0, dr * 2.0)));
            marks.extend(tag_place(pos, v.size * scale, &counter, right).map(|t| (id, t.0)));
            marks.extend(plate.filter(|_| counter.unit.is_some()).map(|p| (id, p.0)));
            // A plane passing through a held hex shares it for a moment:
            // both are drawn every frame, as planes on the move.
            let passing = self
                .disp
                .iter()
                .filter(|e| e.visible && e.hex == d.hex)
                .count()
                > 1;
            counters.push((
                moving || passing,
                pos,
                v.direction(facing),
                v.size * scale,
                counter,
            ));
        }
        (counters, marks)
    }

    /// Under the mouse on the player's turn: the path and facing it would
    /// fly, or the attack it would make; returns the odds or the reason
    /// there is no attack, for the bottom bar.
    fn draw_move_preview(&self, ui: &Ui, g: &Game, v: &BoardView) -> Option<String> {
        let Phase::Moving(m) = g.phase() else {
            return None;
        };
        // Hover previews: the path and facing, or the attack odds.
        let hover = v.pick(ui.mouse()).or_else(|| {
            Some(v.pick_any(ui.mouse())).filter(|h| {
                v.area.contains(ui.mouse()) && self.options.ends.iter().any(|e| e.0 == *h)
            })
        });
        let mut preview: Option<String> = None;
        let start = g.position(m.plane).map(|p| p.0);
        let mut path_hexes: Vec<Hex> = start.into_iter().collect();
        let mut steps = self.pending.clone();
        let mut target_hover = None;
        if let Some(hex) = hover {
            if let Some(tp) = g.board().get(hex).copied() {
                if let Some(a) = self.options.attacks.iter().find(|a| a.target == tp) {
                    target_hover = Some(a.clone());
                } else if g.plane(tp).side != g.plane(m.plane).side {
                    preview = Some(self.why_not_attack(g, tp));
                }
            } else if steps.is_empty() {
                if let Some(p) = self.path_to(hex) {
                    steps = p;
                }
            }
        }
        if let Some(a) = self
            .focus
            .and_then(|f| self.options.attacks.iter().find(|a| a.target == f))
        {
            target_hover.get_or_insert(a.clone());
        }
        if let Some(a) = &target_hover {
            steps = a.path.clone();
            preview = Some(self.attack_odds(g, m.plane, a));
        }
        // Trace the path.
        if let Some((mut hex, mut facing, staged)) = g.position(m.plane) {
            let mover = g.mover(m.plane);
            let mut left = m.remaining();
            for (i, &s) in steps.iter().enumerate() {
                match movement::step_to(g.board(), &mover, hex, facing, s, staged && i == 0, left) {
                    Ok(StepTo::Move {
                        to,
                        facing: f,
                        cost,
                        ..
                    }) => {
                        hex = to;
                        facing = f;
                        left -= cost;
                        path_hexes.push(to);
                    }
                    Ok(StepTo::Exit { to, .. }) => {
                        path_hexes.push(to);
                        break;
                    }
                    Err(_) => break,
                }
            }
            for w in path_hexes.windows(2) {
                ui.line(v.center(w[0]), v.center(w[1]), 4.0, ACCENT);
            }
            if path_hexes.len() > 1 && target_hover.is_none() {
                let end = *path_hexes.last().expect("non-empty");
                let p = v.center(end);
                let dir = v.direction(facing);
                ui.circle_lines(p, v.size * 0.5, 3.0, ACCENT);
                ui.line(p, p + dir * v.size * 0.8, 4.0, ACCENT);
            }
        }
        preview
    }

    /// The odds of an attack under the mouse, with damage taken into
    /// account, and of the return fire; none for a gruppe still face down.
    fn attack_odds(&self, g: &Game, plane: PlaneId, a: &AttackOption) -> String {
        // Odds with damage taken into account: a hit on a
        // damaged plane shoots it down.
        let f = g.forecast(plane, a.target, &a.preview);
        let odds = |f: &Fire| (f.sixths(Effect::Damaged), f.sixths(Effect::ShotDown));
        let (d, k) = odds(&f.attack);
        let mut s = format!(
            "{} attack on {}: damage {d}/6, kill {k}/6",
            a.preview.angle.name(),
            self.face_down.short(g, a.target)
        );
        if self.face_down.gruppe(a.target).is_some() {
            // Its odds would tell what it is: they show once
            // the gruppe is face up, before any shot.
            s = format!(
                "Fly at {}: face down, it turns face up as you close",
                self.face_down.short(g, a.target)
            );
        }
        match f.returned {
            _ if self.face_down.gruppe(a.target).is_some() => {}
            Ok(r) => {
                let (rd, rk) = odds(&r);
                s.push_str(&format!(". Return fire: damage {rd}/6, kill {rk}/6"));
            }
            Err(_) => s.push_str(". No return fire"),
        }
        s
    }

    /// The bottom bar: the preview, a refusal, or a hint.
    fn draw_bottom_bar(&mut self, ui: &Ui, g: &Game, t: &Shared<Self>, preview: Option<String>) {
        let bar = Rect::new(0.0, ui.h - 32.0, ui.w, 32.0);
        ui.rect(bar, PAPER);
        let (text, col) = match (preview, &t.message) {
            (Some(p), _) => (p, INK),
            (None, Some(m)) => (m.text.clone(), m.colour()),
            (None, None) => (self.hint(g, t), INK),
        };
        let (text, size) = crate::app::ui::shrink_to_fit(&text, 20.0, 13.0, ui.w - 20.0);
        ui.text(&text, 10.0, ui.h - 10.0, size, col);
        self.status = text;
    }

    /// The squadron being placed, as it would enter where the mouse is: a
    /// preview that follows the mouse, over whatever it passes.
    fn draw_ghosts(&self, ui: &Ui, g: &Game, t: &Shared<Self>, settings: &Settings) {
        let (Some(side), Phase::Entry { .. }) = (self.human_turn(g, t), g.phase()) else {
            return;
        };
        let Some(&unit) = g.waiting_units(side).first() else {
            return;
        };
        let v = &self.view;
        let planes = g.waiting_planes(unit);
        let hexes = self.entry_hexes(g, side, self.entry_col, planes.len());
        let facing = g.scenario().end_of(side).opposite().facing_toward();
        crate::app::audit::moving(true);
        for (hex, id) in hexes.iter().zip(&planes) {
            let (aircraft, short) = self.face_down.aircraft(g, *id);
            let counter = Counter {
                side,
                aircraft,
                short,
                unit: self.face_down.unit(g, *id),
                mark: Mark::of(g.plane(*id).colour),
                damaged: false,
                active: true,
                marker: None,
                lift: 0.0,
                name_left: false,
                tagged: true,
                pill: false,
            };
            let (p, dir) = (v.center(*hex), v.direction(facing));
            draw_counter(ui, p, dir, v.size, &counter, settings.scheme);
        }
        ui.flush_text();
        crate::app::audit::moving(false);
    }

    /// What each shot did, beside the plane it hit: over it if there is
    /// room, else the nearest place that covers none of `keep_clear` (the
    /// planes' marks, the stops on the mat) and no other result.
    fn draw_verdicts(&self, ui: &Ui, v: &BoardView, keep_clear: &[Rect]) {
        ui.flush_text();
        let mut taken: Vec<Rect> = Vec::new();
        for (plane, verdict, _age) in &self.verdicts {
            let others: Vec<Rect> = keep_clear.iter().chain(&taken).copied().collect();
            let (fill, ink) = match verdict {
                anim::Verdict::Miss => (Color::new(0.95, 0.95, 0.92, 1.0), INK),
                anim::Verdict::Damaged => (Color::new(0.98, 0.6, 0.1, 1.0), INK),
                anim::Verdict::ShotDown => (Color::new(0.75, 0.08, 0.05, 1.0), WHITE),
            };
            let fs = (v.size * 0.6).clamp(13.0, 24.0);
            let text = verdict.text();
            let w = crate::app::ui::text_width(text, fs) + 10.0;
            let h = fs * 1.3;
            let p = v.center(self.disp[plane.0 as usize].hex);
            let want = Rect::new(p.x - w / 2.0, p.y - v.size * 0.9 - h, w, h);
            let Some(r) = crate::app::board_view::place_clear(want, &others, v.area) else {
                continue;
            };
            taken.push(r);
            ui.rect(r, fill);
            ui.rect_lines(r, 1.5, INK);
            ui.text_centered(text, r.x + r.w / 2.0, r.y + h * 0.5 + fs * 0.36, fs, ink);
            crate::app::audit::mark(&format!("result {}", taken.len()), text, r);
        }
        ui.flush_text();
    }

    /// The mat, with the active plane's reach, drawn into a texture when
    /// either changes and blitted every frame.
    /// The part of the window the mat's picture covers: the mat and one row
    /// beyond each end (exits are highlighted there), as far as the board's
    /// area shows it.
    fn mat_area(&self) -> Rect {
        let v = &self.view;
        let area = v
            .outer
            .intersect(v.area)
            .unwrap_or(v.area)
            .offset(vec2(-2.0, -2.0));
        Rect::new(area.x, area.y, area.w + 4.0, area.h + 4.0)
    }

    /// The mat with the active plane's reach and `over` (the edges and the
    /// planes at rest, which `over_key` stands for) painted on it.
    fn draw_mat(
        &mut self,
        ui: &Ui,
        g: &Game,
        hl: &[Reach],
        stops: &[Reach],
        over_key: u64,
        over: impl FnOnce(),
    ) {
        let v = &self.view;
        let area = self.mat_area();
        // The mat's own rectangle too: a pan moves it within an unchanged area.
        let key = (
            area,
            v.rect,
            (!hl.is_empty()).then_some(self.options_key).flatten(),
            over_key,
        );
        let board = g.board();
        self.mat.show(ui, area, key, || {
            clear_background(TABLE);
            // Opaque colours, mixed here: blending into a clear texture would
            // thin the texture's own alpha and wash the highlights out.
            let mat = Color::new(0.55, 0.68, 0.45, 1.0);
            let mix = |c: Color, k: f32| {
                Color::new(
                    mat.r + (c.r - mat.r) * k,
                    mat.g + (c.g - mat.g) * k,
                    mat.b + (c.b - mat.b) * k,
                    1.0,
                )
            };
            let end = mix(Color::new(1.0, 0.95, 0.4, 1.0), 0.45);
            let stop = mix(WHITE, 0.18);
            for hex in board.hexes() {
                ui.poly(&v.corners(hex), mat);
            }
            for h in hl {
                ui.poly(&v.corners(h.hex), if h.end { end } else { stop });
            }
            for hex in board.hexes() {
                ui.poly_lines(&v.corners(hex), 1.0, Color::new(0.33, 0.43, 0.29, 1.0));
            }
            // The moves left at each stop on the way; a hex a plane holds
            // shows the plane instead.
            for h in stops {
                let (s, at) = stop_label(v, h);
                draw_text(&s, at.x, at.y, 14.0, INK);
            }
            over();
        });
    }

    /// One side's row in the panel: its colour and edge, and how many of its
    /// planes are in the hangar, the repair shop and lost.
    fn side_row(&self, ui: &Ui, g: &Game, side: Side, r: Rect, settings: &Settings) {
        let (hangar, repair, lost) =
            g.planes()
                .iter()
                .filter(|p| p.side == side)
                .fold((0, 0, 0), |(h, r, l), p| match p.loc {
                    Loc::Hangar | Loc::Activated => (h + 1, r, l),
                    Loc::Repair => (h, r + 1, l),
                    Loc::Destroyed => (h, r, l + 1),
                    _ => (h, r, l),
                });
        let (a, b) = self.view.edge(g.scenario().end_of(side));
        let mid = (a + b) / 2.0;
        let c = self.view.rect.center();
        let edge = if (mid.x - c.x).abs() > (mid.y - c.y).abs() {
            if mid.x < c.x {
                "left"
            } else {
                "right"
            }
        } else if mid.y < c.y {
            "top"
        } else {
            "bottom"
        };
        ui.rect(r, side_fill(side, settings.scheme));
        ui.rect_lines(r, 1.5, INK);
        let ink = side_ink(side, settings.scheme);
        ui.text(
            &fit_text(&format!("{}, {edge} edge", side.name()), r.w - 10.0, 15.0),
            r.x + 6.0,
            r.y + 16.0,
            15.0,
            ink,
        );
        ui.text(
            &fit_text(
                &format!("hangar {hangar}  repair {repair}  lost {lost}"),
                r.w - 10.0,
                15.0,
            ),
            r.x + 6.0,
            r.y + 33.0,
            15.0,
            ink,
        );
    }

    /// The side panel: score track, labels and log as one cached layer
    /// (repainted when the score or the log changes); the dice on top.
    fn draw_panel(&mut self, ui: &mut Ui, g: &Game, t: &Shared<Self>, settings: &Settings) {
        let x = ui.w - super::panel_width(ui.w);
        let pw = ui.w - x - 8.0;
        let py = self.top() + 2.0;
        let panel = Rect::new(x, py, pw, ui.h - py - 36.0);
        let sides_y = panel.y + 54.0;
        let dy = sides_y + 2.0 * 42.0 + 8.0;
        // The latest roll beside the heading; the side's speed dice below.
        let ds = 32.0;
        let speed = SpeedRows::fit(g, x, pw, dy + ds + 10.0);
        let ly = speed.bottom + 30.0;
        let line_h = 17.0;
        let room = ((panel.y + panel.h - ly - 30.0) / line_h).max(1.0) as usize;
        let scroll = t.log_scroll.min(t.log.len().saturating_sub(room));
        let end = t.log.len().saturating_sub(scroll);
        // The newest lines that fit, each wrapped to the panel's width.
        let rows = crate::app::ui::log_rows(
            t.log[..end].iter().rev().map(|l| (l.text.as_str(), l.side)),
            pw - 20.0,
            15.0,
            room,
        );
        let start = t.log.len();
        let score = g.score();
        let target = g.scenario().rules.target_points;
        // A fighter battle has no bomb track: its round and fuel instead.
        let sweep = g
            .scenario()
            .is_fighter_battle()
            .then(|| (g.round(), g.scenario().rules.max_rounds_per_attack));
        let key = (panel, ly, score, end, start, sweep);
        let stakes = self.stakes.clone();
        let hidden = self.target_hidden;
        self.panel.show(ui, panel, key, || {
            draw_rectangle(
                panel.x,
                panel.y,
                panel.w,
                panel.h,
                Color::new(0.93, 0.91, 0.85, 1.0),
            );
            draw_rectangle_lines(panel.x, panel.y, panel.w, panel.h, 2.0, INK);
            if let Some((round, rounds)) = sweep {
                draw_text("Fighter battle", x + 10.0, panel.y + 24.0, 22.0, INK);
                draw_text(
                    fit_text(
                        &format!("round {round} of at most {rounds} (fuel)"),
                        pw - 20.0,
                        15.0,
                    ),
                    x + 10.0,
                    panel.y + 44.0,
                    15.0,
                    INK,
                );
            }
            if let (None, Some((heading, stakes))) = (sweep, &stakes) {
                draw_text(heading, x + 10.0, panel.y + 24.0, 22.0, INK);
                draw_text(
                    fit_text(stakes, pw - 20.0, 15.0),
                    x + 10.0,
                    panel.y + 44.0,
                    15.0,
                    Color::new(0.7, 0.1, 0.05, 1.0),
                );
            }
            // The score alone where the target is the other side's secret:
            // its length would tell the hits it needs.
            if sweep.is_none() && stakes.is_none() && hidden {
                draw_text(
                    format!("Bomb score {score}"),
                    x + 10.0,
                    panel.y + 24.0,
                    22.0,
                    INK,
                );
                draw_text(
                    fit_text("target: the Luftwaffe's secret", pw - 20.0, 15.0),
                    x + 10.0,
                    panel.y + 44.0,
                    15.0,
                    INK,
                );
            }
            // The bomb-score track to the target.
            if sweep.is_none() && stakes.is_none() && !hidden {
                draw_text(
                    format!("Bomb score {score} / {target}"),
                    x + 10.0,
                    panel.y + 24.0,
                    22.0,
                    INK,
                );
            }
            let cell = (pw - 20.0) / target as f32;
            for i in (0..target).filter(|_| sweep.is_none() && stakes.is_none() && !hidden) {
                let c = if i < score {
                    Color::new(0.75, 0.15, 0.1, 1.0)
                } else {
                    Color::new(0.8, 0.78, 0.7, 1.0)
                };
                draw_rectangle(
                    x + 10.0 + i as f32 * cell,
                    panel.y + 32.0,
                    cell - 1.0,
                    14.0,
                    c,
                );
            }
            draw_text("Dice", x + 10.0, dy + 22.0, 20.0, INK);
            draw_text("Speed", x + 10.0, speed.y + 21.0, 17.0, INK);
            draw_text("Log", x + 10.0, ly + 14.0, 20.0, INK);
            // The log, newest at the bottom; the wheel over it scrolls.
            for (k, (text, side)) in rows.iter().enumerate() {
                let c = match side {
                    Some(Side::German) => Color::new(0.25, 0.28, 0.35, 1.0),
                    Some(Side::British) => Color::new(0.45, 0.30, 0.05, 1.0),
                    None => ACCENT,
                };
                draw_text(text, x + 10.0, ly + 36.0 + k as f32 * line_h, 15.0, c);
            }
        });
        // Each side: its edge, its hangar, repair shop and losses.
        for (i, side) in [Side::British, Side::German].into_iter().enumerate() {
            let r = Rect::new(x + 8.0, sides_y + i as f32 * 42.0, pw - 16.0, 38.0);
            self.side_row(ui, g, side, r, settings);
        }
        // The dice of the latest roll, tumbling briefly.
        for (i, (face, c)) in self.dice.iter().enumerate() {
            let r = Rect::new(x + 70.0 + i as f32 * (ds + 10.0), dy, ds, ds);
            let shown = if self.dice_spin > 0.05 {
                // faces from the animation clock, not the game's dice
                (((self.dice_spin * 23.0) as usize + i * 5) % 6 + 1) as u8
            } else {
                *face
            };
            draw_die(ui, r, shown, *c);
        }
        self.draw_speed_dice(ui, g, &speed);
        if let Some(m) = g.active_move() {
            if m.attacked && m.remaining() > 0 {
                let s = format!(
                    "d{} marker: {} left",
                    g.scenario().rules.marker_die,
                    m.remaining()
                );
                ui.text(&s, x + 10.0, speed.bottom + 18.0, 18.0, INK);
            }
        }
    }

    /// The speed dice the side moving now rolled, in its planes' colours
    /// and move order: the moving plane's lit, those flown dimmed, each
    /// named under it (its aircraft and colour letter, or the letter alone
    /// where that does not fit). They tumble together as the side sets off.
    fn draw_speed_dice(&self, ui: &Ui, g: &Game, rows: &SpeedRows) {
        for (i, d) in self.speed.iter().enumerate() {
            let r = rows.die(i);
            let p = g.plane(d.plane);
            let spinning = self.speed_spin > 0.05 && d.state != SpeedDieState::Flown;
            let face = if spinning {
                // faces from the animation clock, not the game's dice
                (((self.speed_spin * 23.0) as usize + i * 5) % 6 + 1) as u8
            } else {
                d.face
            };
            let look = match d.state {
                SpeedDieState::Waiting => DieLook::Plain,
                SpeedDieState::Flying => DieLook::Lit,
                SpeedDieState::Flown => DieLook::Dimmed,
            };
            draw_die_as(ui, r, face, dot_colour(p.colour), look);
            let letter = p.colour.letter().to_string();
            let full = format!("{} {letter}", self.face_down.aircraft(g, d.plane).1);
            let room = r.w + rows.gap - 2.0;
            let name = if text_width(&full, 13.0) <= room {
                full
            } else {
                letter
            };
            let ink = if look == DieLook::Dimmed {
                Color::new(0.55, 0.55, 0.55, 1.0)
            } else {
                INK
            };
            ui.text_centered(&name, r.x + r.w / 2.0, r.y + r.h + 15.0, 13.0, ink);
        }
    }
}

/// Where the side's speed dice go in the panel: as many rows as the most
/// speed dice either side could roll need (so the log below never moves),
/// the dice as large as fits.
struct SpeedRows {
    /// The top of the first row, and the bottom of the last one's names.
    y: f32,
    bottom: f32,
    x: f32,
    size: f32,
    gap: f32,
    per_row: usize,
}

impl SpeedRows {
    fn fit(g: &Game, x: f32, pw: f32, y: f32) -> SpeedRows {
        let rolled = |side: Side| {
            (0..g.planes().len())
                .filter(|&i| {
                    let id = PlaneId(i as u8);
                    g.plane(id).side == side && matches!(g.aircraft(id).speed, Speed::D6Plus(_))
                })
                .count()
        };
        let most = rolled(Side::German).max(rolled(Side::British)).max(1);
        let (x0, gap) = (x + 70.0, 8.0);
        let room = pw - 80.0;
        // Two rows of dice at most, smaller dice before a third row.
        let mut rows = 1;
        for min in [24.0, 18.0, 14.0] {
            let fits = (((room + gap) / (min + gap)) as usize).max(1);
            rows = most.div_ceil(fits);
            if rows <= 2 {
                break;
            }
        }
        let per_row = most.div_ceil(rows);
        let size = ((room - (per_row as f32 - 1.0) * gap) / per_row as f32).min(32.0);
        SpeedRows {
            y,
            bottom: y + rows as f32 * (size + 20.0),
            x: x0,
            size,
            gap,
            per_row,
        }
    }

    /// The `i`th die's square.
    fn die(&self, i: usize) -> Rect {
        let (row, col) = (i / self.per_row, i % self.per_row);
        Rect::new(
            self.x + col as f32 * (self.size + self.gap),
            self.y + row as f32 * (self.size + 20.0),
            self.size,
            self.size,
        )
    }
}

/// A counter placed to draw: whether it is on the move (or sharing a hex on
/// the way), where, facing which way, how big, and what it shows.
type Placed<'a> = (bool, Vec2, Vec2, f32, Counter<'a>);

/// A key for the planes drawn into the mat's picture: it changes whenever
/// any of them would look different.
fn still_key(still: &[Placed], settings: &Settings) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for (_, pos, dir, size, c) in still {
        for f in [pos.x, pos.y, dir.x, dir.y, *size] {
            f.to_bits().hash(&mut h);
        }
        (c.side, c.aircraft, c.unit, c.damaged, c.marker).hash(&mut h);
        c.name_left.hash(&mut h);
        c.mark.letter.hash(&mut h);
        let f = c.mark.fill;
        [f.r, f.g, f.b, f.a].map(f32::to_bits).hash(&mut h);
    }
    (settings.scheme as u8).hash(&mut h);
    h.finish()
}

/// Tracer: dashes from the shooter's guns to the target (and back for
/// return fire), a flash at the guns as each leaves, sparks where they
/// strike.
fn draw_tracers(ui: &Ui, v: &BoardView, bursts: &[anim::Burst]) {
    for b in bursts {
        let glow = Color::new(1.0, 0.55, 0.1, 0.4);
        let core = Color::new(1.0, 0.95, 0.55, 1.0);
        for (tail, head) in &b.dashes {
            ui.line(*tail, *head, v.size * 0.18 + 3.0, glow);
            ui.line(*tail, *head, 3.0, core);
            ui.circle(*head, 2.5, WHITE);
        }
        if let Some((tail, _)) = b.dashes.last() {
            if tail.distance(b.from) < v.size * 0.6 {
                ui.circle(*tail, v.size * 0.16, Color::new(1.0, 0.8, 0.3, 0.8));
            }
        }
        for (p, s) in &b.sparks {
            let r = v.size * (0.12 + 0.25 * (1.0 - s));
            ui.circle(*p, r, Color::new(1.0, 0.6, 0.1, 0.7 * s));
            ui.circle(*p, r * 0.45, Color::new(1.0, 1.0, 0.8, *s));
        }
    }
}

/// A kill: a burst of flame, then the plane's smoke falling away.
fn draw_explosions(ui: &Ui, v: &BoardView, explosions: &[(Vec2, f32)]) {
    for (p, s) in explosions {
        let burst = (s / 0.5).min(1.0);
        if *s < 0.5 {
            let r = v.size * (0.4 + burst * 0.9);
            ui.circle(
                *p,
                r,
                Color::new(1.0, 0.55 - burst * 0.4, 0.0, 1.0 - burst * 0.6),
            );
        }
        for k in 0..5 {
            let t = s - k as f32 * 0.12;
            if t > 0.0 {
                let q = *p + vec2(t * v.size * 0.6, t * t * v.size * 2.5);
                let fade = (1.0 - s / 1.2).max(0.0);
                ui.circle(
                    q,
                    v.size * (0.2 + t * 0.25),
                    Color::new(0.2, 0.2, 0.2, 0.6 * fade),
                );
                if k == 0 {
                    ui.circle(q, v.size * 0.18, Color::new(1.0, 0.45, 0.0, fade));
                }
            }
        }
    }
}
