//! The panels around the map: the banner, the decision's panel (its title
//! and what it is about), the information panel (the turn track, the
//! weather, the score, the hand, each group's and Luftflotte's dashboard,
//! the log), the status bar and the hand-over screen. Each
//! side reads only what the rules let it see.

use super::anim::Anim;
use super::map::{LUFTWAFFE, RAF, RAF_INK};
use super::names::is_are;
use super::names::{
    card_entry, card_name, composition, geschwader_name, squadron, square_name, wing_name, wrap,
};
use super::result::verdict_text;
use super::{CampaignScene, Seen};
use crate::app::table::Shared;
use crate::app::ui::paint::clear_background;
use crate::app::ui::{text_width, Ui, ACCENT, DIM, INK, PAPER};
use crate::campaign::data::{Group, Luftflotte};
use crate::campaign::dice::Face;
use crate::campaign::event::{BombRun, Throw};
use crate::campaign::forces::{Holder, Place};
use crate::campaign::game::{Campaign, Event, Stage};
use crate::campaign::rules::WeatherRule;
use crate::campaign::score::luftwaffe_rate_holds;
use crate::campaign::sight::{may_see, Secret};
use crate::common::words::count;
use crate::common::Side;
use macroquad::prelude::*;

/// The panels' parchment, opaque (the log's layer is copied over it).
const PANEL: Color = Color::new(0.93, 0.91, 0.85, 1.0);

impl CampaignScene {
    pub(super) fn say(&self, ui: &Ui, s: &str, x: f32, y: f32, size: f32, c: Color) {
        self.texts.borrow_mut().push(s.to_string());
        ui.text(s, x, y, size, c);
    }

    /// A line shrunk (then cut) to fit `room` pixels.
    /// `s` wrapped to `room` from `at` (the first baseline), its lines at
    /// `size`; returns how far down the next line goes.
    pub(super) fn say_wrapped(
        &self,
        ui: &Ui,
        s: &str,
        at: Vec2,
        size: f32,
        room: f32,
        c: Color,
    ) -> f32 {
        let lines = crate::app::ui::wrap_text(s, room, size);
        for (i, l) in lines.iter().enumerate() {
            self.say(ui, l, at.x, at.y + i as f32 * (size + 2.0), size, c);
        }
        lines.len().max(1) as f32 * (size + 2.0)
    }

    pub(super) fn say_fit(&self, ui: &Ui, s: &str, at: Vec2, size: f32, room: f32, c: Color) {
        let (s, size) = fit(s, size, 12.0, room);
        self.say(ui, &s, at.x, at.y, size, c);
    }

    pub(super) fn handover(&self, ui: &Ui, c: &Campaign, side: Side) {
        ui.rect(
            Rect::new(0.0, 0.0, ui.w, ui.h),
            Color::new(0.12, 0.14, 0.2, 1.0),
        );
        let band = match side {
            Side::British => RAF,
            Side::German => LUFTWAFFE,
        };
        ui.rect(Rect::new(0.0, ui.h / 2.0 - 90.0, ui.w, 12.0), band);
        let who = match side {
            Side::British => "Pass the machine to the RAF commander",
            Side::German => "Pass the machine to the Luftwaffe commander",
        };
        self.texts.borrow_mut().push(who.to_string());
        ui.text_centered(who, ui.w / 2.0, ui.h / 2.0 - 20.0, 40.0, WHITE);
        // A long stage title wraps rather than leaving a narrow window.
        let what = format!("{}, then press a key or click.", stage_title(c));
        let lines = crate::app::ui::wrap_text(&what, ui.w - 40.0, 24.0);
        for (i, l) in lines.iter().enumerate() {
            let y = ui.h / 2.0 + 30.0 + 28.0 * i as f32;
            ui.text_centered(l, ui.w / 2.0, y, 24.0, LIGHTGRAY);
        }
    }

    fn banner(&self, c: &Campaign, f: &Seen) -> String {
        let phase = c
            .rules()
            .phases
            .get(c.phase())
            .map_or("", |p| p.name.as_str());
        let tally = if c.tally_ho() > 0 {
            format!(
                " - Tally Ho phase {} of {}",
                c.tally_ho(),
                c.rules().raid.tally_ho_phases
            )
        } else {
            String::new()
        };
        let who = match (f.decider, f.mine) {
            (_, Some(s)) if self.solo.is_some() => format!(" - {} (you)", s.name()),
            (Some(s), _) => format!(" - {}", s.name()),
            _ => String::new(),
        };
        format!(
            "Turn {} of {} - {phase}{tally}: {}{who}",
            c.turn(),
            c.turns(),
            stage_title(c)
        )
    }

    fn hint(c: &Campaign, f: &Seen) -> String {
        if !f.quiet || (f.mine.is_none() && !c.is_over()) {
            return "The other side is deciding. S or Space: skip ahead. F5 saves, H help, Esc leaves."
                .into();
        }
        match c.stage() {
            Stage::Fly { .. } => "Click a highlighted square to fly there, or reach for home.".into(),
            Stage::InterceptStep { .. } => "Click a highlighted square: the wing flies one square.".into(),
            Stage::RafMovement => "Pick a wing, then click a highlighted square within reach (its station to go home).".into(),
            Stage::InterceptChoice { .. } => "Click a ringed wing (or its button) to scramble it, or no intercept.".into(),
            Stage::Missions => "Pick a geschwader (button or counter), the take-off phase, then its target.".into(),
            _ => "Choose with the buttons. Hover the map or a dashboard for details. F5 saves, H help, Esc leaves.".into(),
        }
    }

    pub(super) fn draw_status(
        &mut self,
        ui: &mut Ui,
        c: &Campaign,
        f: &Seen,
        message: Option<&crate::app::table::Message>,
        guide: Option<&str>,
    ) {
        let bar = Rect::new(0.0, ui.h - 30.0, ui.w, 30.0);
        ui.rect(bar, PAPER);
        self.status = match (message, guide) {
            (Some(m), _) => m.text.clone(),
            (None, Some(next)) => format!("Next: {next}"),
            (None, None) => Self::hint(c, f),
        };
        let col = message.map_or(INK, |m| m.colour());
        let (s, size) = fit(&self.status, 19.0, 13.0, ui.w - 20.0);
        self.say(ui, &s, 10.0, ui.h - 9.0, size, col);
    }

    pub(super) fn draw_panels(
        &mut self,
        ui: &mut Ui,
        c: &Campaign,
        t: &Shared<Self>,
        f: &Seen,
        front: Option<(&Anim, f32)>,
    ) {
        if ui.draw {
            clear_background(Color::new(0.20, 0.26, 0.32, 1.0));
        }
        ui.rect(Rect::new(0.0, 0.0, ui.w, 40.0), PAPER);
        // Smaller type for a long banner, and cut only if even that is too wide.
        let (b, size) = fit(&self.banner(c, f), 21.0, 14.0, ui.w - 24.0);
        self.say(ui, &b, 12.0, 27.0, size, INK);
        self.header = (b, size);
        self.draw_map(ui, c, f, front);
        if let Some(r) = &self.result {
            self.draw_result(ui, c, r);
            return;
        }
        self.draw_act_panel(ui, c, f);
        self.draw_info_panel(ui, c, t, f);
        self.draw_tooltip(ui, c, f);
    }

    fn draw_act_panel(&self, ui: &Ui, c: &Campaign, f: &Seen) {
        let r = self.lay.act;
        ui.rect(r, PANEL);
        ui.rect_lines(r, 2.0, INK);
        let (title, lines) = self.panel_text(c, f);
        let mut y = r.y + 24.0;
        for part in &title {
            self.say(ui, part, r.x + 10.0, y, 19.0, INK);
            y += 21.0;
        }
        y += 4.0;
        let top = self.buttons_top(c, f);
        for part in &lines {
            if y > top - 6.0 {
                break;
            }
            self.say(ui, part, r.x + 10.0, y, 15.0, INK);
            y += 18.0;
        }
        self.draw_dice(ui, c, f);
        if f.mine.is_none() && f.quiet && !c.is_over() {
            self.say(
                ui,
                "The other side is deciding...",
                r.x + 10.0,
                top + 20.0,
                17.0,
                DIM,
            );
        }
    }

    /// The lines above the buttons: what this decision is about.
    pub(super) fn act_lines(&self, c: &Campaign, f: &Seen) -> Vec<String> {
        let viewer = f.viewer;
        let mine = f.mine.is_some();
        let mut out = match c.stage() {
            Stage::KeepHand => vec![format!(
                "A new phase: give back cards until {} are left ({} in hand).",
                c.rules().german_hand,
                c.deck().hand().len()
            )],
            Stage::Rotations => vec![
                "Each rotation sends a fresh squadron to the damaged box and brings back one of the same type in the receiving group. Unused rotations lapse.".into(),
            ],
            Stage::ProductionSplit { dice } => self.production_lines(c, *dice),
            Stage::Repairs => {
                let (s, g) = c.successes();
                vec![format!(
                    "Successes: {s} for squadrons, {g} for repairs; 13 Group's reserve: {}.",
                    count(c.forces().reserve_points, "point", "points")
                )]
            }
            Stage::Missions if may_see(viewer, Secret::Targets) => mission_lines(c),
            Stage::Fly { geschwader } => flight_lines(c, viewer, *geschwader),
            Stage::InterceptChoice { geschwader } => intercept_choice_lines(c, *geschwader),
            Stage::InterceptStep { geschwader, wing } => vec![format!(
                "The {} flies one square towards {} over {}.",
                wing_name(c, *wing),
                geschwader_name(c, *geschwader),
                square_name(c, c.geschwader()[*geschwader].at)
            )],
            Stage::RafMovement => self.movement_lines(c),
            Stage::HowToFight {
                geschwader,
                dogfight: true,
                ..
            } => dogfight_lines(c, *geschwader),
            Stage::HowToFight {
                wing, geschwader, ..
            } => self.intercept_lines(c, viewer, *wing, *geschwader),
            Stage::Gruppen => gruppen_lines(c, viewer),
            Stage::Attacks => attack_lines(c, viewer),
            Stage::Allocate { side } => allocation_lines(c, *side),
            Stage::Over => c.verdict().map(|v| verdict_text(v).into()).into_iter().collect(),
            _ => Vec::new(),
        };
        if !mine && !matches!(c.stage(), Stage::Over) {
            out.truncate(2);
        }
        out
    }

    /// The production dice's split, and what they may mend.
    fn production_lines(&self, c: &Campaign, dice: u8) -> Vec<String> {
        let s = self.for_squadrons.min(dice);
        vec![
            format!(
                "{dice} production dice: {s} for squadrons, {} for airfields, radar and factories. A roundel succeeds.",
                dice - s
            ),
            format!(
                "Damaged RAF squadrons: {}. Knocked-out targets: {}.",
                c.forces()
                    .squadrons
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| c.forces().rebuildable(*i))
                    .count(),
                c.mendable().count()
            ),
        ]
    }

    /// How far the RAF's wings fly, and the wing picked.
    fn movement_lines(&self, c: &Campaign) -> Vec<String> {
        let mut out = vec![format!(
            "Each wing may fly up to {}. A wing on a raid's square dogfights it in the battle step.",
            count(c.rules().raid.raf_move, "square", "squares")
        )];
        if let Some(w) = self.picked_wing {
            out.push(format!("Picked: {}", wing_name(c, w)));
        }
        out
    }

    /// An intercept about to be fought: who meets whom, the squadrons on
    /// each side, and the boards it may be fought on.
    fn intercept_lines(
        &self,
        c: &Campaign,
        viewer: Side,
        wing: usize,
        geschwader: usize,
    ) -> Vec<String> {
        let mut out = vec![format!(
            "The {} meets {} over {}.",
            wing_name(c, wing),
            geschwader_name(c, geschwader),
            square_name(c, c.geschwader()[geschwader].at)
        )];
        // Why the family board is not offered, when it is not.
        if let Err(why) = c.check(&crate::campaign::game::Command::OnTheFamilyBoard) {
            out.push(format!("Not on the family board: {why}"));
        }
        if let Some(f) = c.fight() {
            // Two players at one machine both read the RAF's names here.
            if may_see(viewer, Secret::Wings) || self.solo.is_none() {
                out.push(format!(
                    "RAF: {}",
                    f.raf
                        .iter()
                        .map(|&s| squadron(c, s))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            } else {
                out.push(format!(
                    "RAF: {}",
                    count(f.raf.len(), "squadron", "squadrons")
                ));
            }
            out.push(format!(
                "Luftwaffe: {}",
                f.luftwaffe
                    .iter()
                    .map(|&s| c.aircraft(s).name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if c.check(&crate::campaign::game::Command::OnTheFamilyBoard)
            .is_ok()
        {
            out.push("On the hex board each squadron is a unit of four planes; on the family board one plane. The result flows back to the campaign.".into());
        } else {
            out.push("On the board each squadron is a unit of four planes; the result flows back to the campaign.".into());
        }
        out
    }

    fn draw_info_panel(&self, ui: &Ui, c: &Campaign, shared: &Shared<Self>, f: &Seen) {
        let r = self.lay.info;
        ui.rect(r, PANEL);
        ui.rect_lines(r, 2.0, INK);
        let x = r.x + 8.0;
        let mut y = r.y + 20.0;
        let viewer = f.viewer;
        // The turn track.
        let turns = c.turns().max(1) as f32;
        let tw = ((r.w - 16.0) / turns).floor();
        for t in 1..=c.turns() {
            let bx = Rect::new(x + (t - 1) as f32 * tw, y - 14.0, tw - 2.0, 18.0);
            let phase = c
                .rules()
                .calendar_for(c.setup().weather)
                .phase_of(t)
                .unwrap_or(0);
            let base = [
                Color::new(0.75, 0.82, 0.9, 1.0),
                Color::new(0.9, 0.82, 0.6, 1.0),
                Color::new(0.88, 0.66, 0.62, 1.0),
            ][phase % 3];
            ui.rect(bx, base);
            let flew = c.records().get(t as usize - 1).map(|r| r.flew);
            if t == c.turn() {
                ui.rect_lines(bx, 3.0, ACCENT);
            } else {
                ui.rect_lines(bx, 1.0, INK);
            }
            let mark = match flew {
                Some(true) if t <= c.turn() => t.to_string(),
                Some(false) if t < c.turn() || !matches!(c.stage(), Stage::Over) => "-".into(),
                _ => t.to_string(),
            };
            ui.text_centered(&mark, bx.x + bx.w / 2.0, bx.y + 14.0, 14.0, INK);
        }
        y += 22.0;
        // The weather of the turn.
        let room = r.w - 16.0;
        let w = weather_line(c);
        y += self.say_wrapped(ui, &w, vec2(x, y), 15.0, room, INK) + 3.0;
        // The score.
        let t = c.tally();
        let rules = c.rules();
        let s1 = format!(
            "Targets bombed {} (win {}, draw over {})",
            t.targets, rules.targets_to_win, rules.targets_to_draw
        );
        y += self.say_wrapped(ui, &s1, vec2(x, y), 15.0, room, INK);
        let rate = luftwaffe_rate_holds(&t, rules);
        let s2 = format!(
            "Lost: RAF {}, Luftwaffe {} - loss rate {}",
            t.raf_lost,
            t.luftwaffe_lost,
            if rate { "held (6:10)" } else { "lost" }
        );
        y += self.say_wrapped(ui, &s2, vec2(x, y), 15.0, room, INK);
        // The German hand and the deck.
        let d = c.deck();
        let hand = if may_see(viewer, Secret::Hand) {
            format!(
                "Hand {} - deck {} - used {} - out {}",
                count(d.hand().len(), "card", "cards"),
                d.draw_pile().len(),
                d.used().len(),
                d.out().len()
            )
        } else {
            format!(
                "German hand {} (face down) - deck {} - used {}",
                count(d.hand().len(), "card", "cards"),
                d.draw_pile().len(),
                d.used().len()
            )
        };
        // Two lines if the panel is too narrow for one.
        for (i, line) in wrap(&hand, r.w - 16.0, 15.0).iter().enumerate() {
            if i > 0 {
                y += 17.0;
            }
            self.say(ui, line, x, y, 15.0, INK);
        }
        y += 10.0;
        // Dashboards.
        y = self.draw_dashboards(ui, c, viewer, x, y, r.w - 16.0);
        // The log.
        y += 8.0;
        self.say(ui, "Log", x, y + 12.0, 18.0, INK);
        y += 18.0;
        let line_h = 16.0;
        let bottom = r.y + r.h - 6.0;
        let room = ((bottom - y) / line_h).max(1.0) as usize;
        // The newest lines at the bottom, wrapped to the panel.
        let end = shared.log.len().saturating_sub(shared.log_scroll);
        let wrapped = crate::app::ui::log_rows(
            shared.log[..end]
                .iter()
                .rev()
                .map(|l| (l.for_side(viewer), l.side)),
            r.w - 16.0,
            14.0,
            room,
        );
        let area = Rect::new(r.x + 2.0, y, r.w - 4.0, (r.y + r.h - 2.0 - y).max(1.0));
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            wrapped.hash(&mut h);
            (area, h.finish())
        };
        self.texts
            .borrow_mut()
            .extend(wrapped.iter().map(|(t, _)| t.clone()));
        ui.flush_text();
        self.log_layer.borrow_mut().show(ui, area, key, || {
            ui.rect(area, PANEL);
            for (k, (text, side)) in wrapped.iter().enumerate() {
                let col = match side {
                    Some(Side::German) => Color::new(0.45, 0.18, 0.08, 1.0),
                    Some(Side::British) => Color::new(0.10, 0.25, 0.60, 1.0),
                    None => INK,
                };
                ui.text(text, x, y + 14.0 + k as f32 * line_h, 14.0, col);
            }
            ui.flush_text();
        });
    }

    /// Each group's and Luftflotte's boxes; returns the y below them.
    fn draw_dashboards(&self, ui: &Ui, c: &Campaign, viewer: Side, x: f32, y0: f32, w: f32) -> f32 {
        let holders: Vec<(String, Holder, Side)> = Group::ALL
            .iter()
            .map(|&g| (g.name(), Holder::Group(g), Side::British))
            .chain(Luftflotte::ALL.iter().map(|&l| {
                (
                    format!("Luftflotte {}", l.number()),
                    Holder::Luftflotte(l),
                    Side::German,
                )
            }))
            .collect();
        // Four columns of counts at the right, each as wide as its widest
        // heading, the names in what is left: nothing runs together.
        let heads = ["ready", "up", "hit", "stood"];
        let col_w = heads
            .iter()
            .map(|h| text_width(h, 13.0))
            .fold(text_width("00", 15.0), f32::max)
            + 8.0;
        let col_right = |k: usize| x + w - (heads.len() - 1 - k) as f32 * col_w;
        let mut y = y0 + 18.0;
        for (k, label) in heads.iter().enumerate() {
            ui.text(label, col_right(k) - text_width(label, 13.0), y, 13.0, DIM);
        }
        self.texts
            .borrow_mut()
            .push("ready up damaged stood".into());
        let row_h = 18.0;
        let mut hover: Option<(Holder, Side, String)> = None;
        for (name, holder, side) in holders {
            y += row_h;
            let count = |f: fn(Place) -> bool| c.forces().count(holder, None, f);
            let ready = count(|p| matches!(p, Place::Ready { .. }));
            let up = count(|p| p == Place::Alerted);
            let damaged = count(|p| p == Place::Damaged);
            let stood = count(|p| matches!(p, Place::StoodDown { .. }));
            let row = Rect::new(x - 2.0, y - 13.0, w + 4.0, row_h);
            if ui.hovered(row) {
                ui.rect(row, Color::new(1.0, 0.95, 0.7, 1.0));
                hover = Some((holder, side, name.clone()));
            }
            let col = match side {
                Side::British => RAF_INK,
                Side::German => INK,
            };
            let name_room = col_right(0) - col_w - x;
            let (shown, size) = fit(&name, 15.0, 12.0, name_room);
            ui.text(&shown, x, y, size, col);
            for (k, n) in [ready, up, damaged, stood].iter().enumerate() {
                let n = n.to_string();
                ui.text(&n, col_right(k) - text_width(&n, 15.0), y, 15.0, col);
            }
            self.texts
                .borrow_mut()
                .push(format!("{name}: {ready} {up} {damaged} {stood}"));
        }
        if let Some((holder, side, name)) = hover {
            self.dashboard_tip(ui, c, viewer, holder, side, &name);
        }
        y + 6.0
    }
}

/// Text shrunk from `size` down to `min` until it is no wider than `room`,
/// then cut (by characters) with an ellipsis.
pub(super) fn fit(s: &str, size: f32, min: f32, room: f32) -> (String, f32) {
    crate::app::ui::shrink_to_fit(s, size, min, room)
}

/// One campaign die as thrown: whose die it is and the face it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Die {
    pub side: Side,
    pub face: Face,
}

/// The last dice thrown in the campaign, with what they were for. A throw
/// of hits is recorded as its count: its hits show their side's symbol, the
/// others a blank face.
pub fn last_dice(c: &Campaign) -> Option<(String, Vec<Die>)> {
    let die = |side, face| Die { side, face };
    let hits = |side: Side, t: Throw| -> Vec<Die> {
        let sym = match side {
            Side::British => Face::Roundel,
            Side::German => Face::Cross,
        };
        (0..t.dice)
            .map(|k| die(side, if k < t.hits { sym } else { Face::Blank }))
            .collect()
    };
    for e in c.events().iter().rev().take(600) {
        let found = match e {
            Event::Weather {
                dice: Some((lw, raf)),
                ..
            } => Some((
                "Weather".to_string(),
                vec![die(Side::German, *lw), die(Side::British, *raf)],
            )),
            Event::FuelCheck { dice, .. } => Some((
                "Fuel check".into(),
                dice.iter().map(|&(_, f)| die(Side::German, f)).collect(),
            )),
            Event::Round {
                round,
                raf,
                luftwaffe,
            } => Some((
                format!(
                    "Fight, round {round}: RAF {} hits, Luftwaffe {}",
                    raf.hits, luftwaffe.hits
                ),
                hits(Side::British, *raf)
                    .into_iter()
                    .chain(hits(Side::German, *luftwaffe))
                    .collect(),
            )),
            Event::Bombed {
                run: BombRun::Dice { aa, bombs },
                hits: h,
                ..
            } => Some((
                format!("Bomb run: {h} hits"),
                hits(Side::British, *aa)
                    .into_iter()
                    .chain(bombs.map(|b| hits(Side::German, b)).unwrap_or_default())
                    .collect(),
            )),
            Event::ProductionThrown {
                dice,
                squadrons,
                squadron_hits,
                ground_hits,
            } => Some((
                format!("Production: {squadron_hits} squadrons, {ground_hits} repairs"),
                hits(
                    Side::British,
                    Throw {
                        dice: *squadrons,
                        hits: *squadron_hits,
                    },
                )
                .into_iter()
                .chain(hits(
                    Side::British,
                    Throw {
                        dice: dice - squadrons,
                        hits: *ground_hits,
                    },
                ))
                .collect(),
            )),
            _ => None,
        };
        if let Some((what, dice)) = found.filter(|(_, d)| !d.is_empty()) {
            return Some((what, dice));
        }
    }
    None
}

/// The room the dice strip takes at the foot of the decision's panel.
pub const DICE_STRIP: f32 = 52.0;

impl CampaignScene {
    /// The last dice thrown, drawn as dice at the foot of the panel.
    fn draw_dice(&self, ui: &Ui, c: &Campaign, f: &Seen) {
        if !f.quiet {
            return;
        }
        let Some((what, dice)) = last_dice(c) else {
            return;
        };
        let r = self.lay.act;
        let y = r.y + r.h - DICE_STRIP + 4.0;
        self.say_fit(
            ui,
            &format!("Last dice - {what}"),
            vec2(r.x + 10.0, y + 10.0),
            14.0,
            r.w - 20.0,
            DIM,
        );
        let s = 24.0;
        let per = (((r.w - 20.0) / (s + 4.0)) as usize).max(1);
        for (k, d) in dice.iter().take(per).enumerate() {
            let p = vec2(r.x + 10.0 + k as f32 * (s + 4.0), y + 16.0);
            draw_die(ui, Rect::new(p.x, p.y, s, s), *d);
        }
    }
}

/// A campaign die: the RAF's white, the Luftwaffe's black, showing a
/// roundel, a cross or nothing.
pub fn draw_die(ui: &Ui, r: Rect, d: Die) {
    let (body, edge) = match d.side {
        Side::British => (Color::new(0.97, 0.97, 0.95, 1.0), INK),
        Side::German => (
            Color::new(0.12, 0.12, 0.13, 1.0),
            Color::new(0.8, 0.8, 0.8, 1.0),
        ),
    };
    ui.rect(r, body);
    ui.rect_lines(r, 1.5, edge);
    let p = vec2(r.x + r.w / 2.0, r.y + r.h / 2.0);
    match d.face {
        Face::Roundel => {
            ui.circle(p, r.w * 0.36, Color::new(0.1, 0.2, 0.6, 1.0));
            ui.circle(p, r.w * 0.24, WHITE);
            ui.circle(p, r.w * 0.12, Color::new(0.8, 0.1, 0.1, 1.0));
        }
        Face::Cross => {
            let (a, b) = (r.w * 0.34, r.w * 0.09);
            let white = Color::new(0.95, 0.95, 0.95, 1.0);
            ui.rect(
                Rect::new(p.x - a - 2.0, p.y - b - 2.0, 2.0 * a + 4.0, 2.0 * b + 4.0),
                white,
            );
            ui.rect(
                Rect::new(p.x - b - 2.0, p.y - a - 2.0, 2.0 * b + 4.0, 2.0 * a + 4.0),
                white,
            );
            ui.rect(Rect::new(p.x - a, p.y - b, 2.0 * a, 2.0 * b), INK);
            ui.rect(Rect::new(p.x - b, p.y - a, 2.0 * b, 2.0 * a), INK);
        }
        Face::Blank => {}
    }
}

/// The decision the campaign waits for, as a title.
pub(super) fn stage_title(c: &Campaign) -> String {
    match c.stage() {
        Stage::KeepHand => "The Luftwaffe gives back target cards".into(),
        Stage::Rotations => "The RAF rotates squadrons".into(),
        Stage::ProductionSplit { .. } => "The RAF throws for production".into(),
        Stage::Repairs => "The RAF repairs".into(),
        Stage::Reinforce => "The Luftwaffe reinforces its geschwader".into(),
        Stage::BigWing => "The RAF may form the Big Wing".into(),
        Stage::Missions => "The Luftwaffe assigns its missions".into(),
        Stage::Fly { geschwader } => {
            format!("The Luftwaffe moves {}", geschwader_name(c, *geschwader))
        }
        Stage::InterceptChoice { geschwader } => format!(
            "{} on the radar: the RAF may scramble a wing",
            is_are(&geschwader_name(c, *geschwader))
        ),
        Stage::InterceptStep { wing, .. } => {
            format!("The RAF moves the {}", wing_name(c, *wing))
        }
        Stage::RafMovement => "RAF movement".into(),
        Stage::HowToFight { dogfight: true, .. } => {
            "A dogfight: on the hex board or with dice?".into()
        }
        Stage::HowToFight { .. } => "An intercept: on a board or with dice?".into(),
        Stage::Battle if c.dogfight().is_some() => "A dogfight on the hex board".into(),
        Stage::Battle if c.family_battle().is_some() => "An intercept on the family board".into(),
        Stage::Battle => "An intercept on the hex board".into(),
        Stage::Gruppen => "The Luftwaffe forms its gruppen".into(),
        Stage::Attacks => "The RAF attacks the gruppen".into(),
        Stage::Allocate { side } => format!("The {} takes its hits", side.name()),
        Stage::Over => "The campaign is over".into(),
    }
}

/// This turn's weather, as it was checked.
fn weather_line(c: &Campaign) -> String {
    let this_turn = c
        .events()
        .iter()
        .rev()
        .take_while(|e| !matches!(e, Event::TurnBegins { .. }))
        .find_map(|e| match e {
            Event::Weather { flies, dice, card } => Some((*flies, *dice, *card)),
            _ => None,
        });
    let rule = c.setup().weather;
    match this_turn {
        None => format!("Weather: not yet checked ({})", rule.name()),
        Some((flies, dice, card)) => {
            let how = match (rule, dice, card) {
                (_, Some((a, b)), _) => format!("dice {} {}", a.symbol(), b.symbol()),
                (_, None, Some(card)) => card.name().into(),
                (WeatherRule::Historical, _, _) => "as in 1940".into(),
                _ => "no weather check".into(),
            };
            format!(
                "Weather: {how} - {}",
                if flies {
                    "the Luftwaffe flies"
                } else {
                    "a respite"
                }
            )
        }
    }
}

/// The German's hand, and the targets given so far.
fn mission_lines(c: &Campaign) -> Vec<String> {
    let mut out = vec![format!(
        "Hand: {} (gold rings on the map). Give each geschwader with bombers a target and a take-off phase.",
        count(c.deck().hand().len(), "card", "cards")
    )];
    for (g, ges) in c.geschwader().iter().enumerate() {
        if let Some(card) = ges.target {
            out.push(format!(
                "{} -> {} (phase {})",
                geschwader_name(c, g),
                card_name(c, card),
                ges.wave
            ));
        }
    }
    out
}

/// A geschwader in flight: where it is, how far it has flown, its target
/// and its squadrons to those who may see them.
fn flight_lines(c: &Campaign, viewer: Side, g: usize) -> Vec<String> {
    let ges = &c.geschwader()[g];
    let mut out = vec![format!(
        "{} over {}: {} of {} flown this phase.",
        geschwader_name(c, g),
        square_name(c, ges.at),
        ges.moved,
        count(c.allowance(g), "square", "squares")
    )];
    if let (Some(card), true) = (ges.target, may_see(viewer, Secret::Targets)) {
        out.push(format!("Target: {}", card_entry(c, card)));
    }
    if may_see(viewer, Secret::Raids) {
        out.push(composition(c, g));
    }
    out
}

/// A geschwader in a radar square, and what the wings' buttons tell.
fn intercept_choice_lines(c: &Campaign, geschwader: usize) -> Vec<String> {
    vec![
        format!(
            "{} ({}) entered a radar square over {}.",
            geschwader_name(c, geschwader),
            count(
                c.geschwader()[geschwader].squadrons.len(),
                "squadron",
                "squadrons"
            ),
            square_name(c, c.geschwader()[geschwader].at)
        ),
        "Each wing below: its squadrons, and how many squares away it is.".into(),
    ]
}

/// A dogfight about to be fought: the wings against the geschwader, its
/// gruppen's sizes, and how the gruppen are attacked.
fn dogfight_lines(c: &Campaign, geschwader: usize) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = c.dogfight() {
        let wings: Vec<String> = d.wings.iter().map(|&w| wing_name(c, w)).collect();
        out.push(format!(
            "A dogfight over {}: the {} against {}, its gruppen face down.",
            square_name(c, c.geschwader()[geschwader].at),
            wings.join(" and the "),
            geschwader_name(c, geschwader),
        ));
        let sizes: Vec<String> = (0..d.gruppen_formed())
            .map(|k| d.gruppe(k).count().to_string())
            .collect();
        out.push(format!(
            "Gruppen of {} squadrons; the RAF has {}.",
            sizes.join(", "),
            d.raf.len()
        ));
    }
    out.push(format!(
        "On the board the gruppen enter face down and turn face up when an RAF plane comes within {} of them: where each squadron flies is its attack. With the dice, each squadron picks a gruppe.",
        count(c.rules().tactical.reveal_reach as usize, "hex", "hexes")
    ));
    out
}

/// The next squadron to place in a gruppe, to those who may see it.
fn gruppen_lines(c: &Campaign, viewer: Side) -> Vec<String> {
    let Some(d) = c.dogfight() else {
        return Vec::new();
    };
    let next = d.squadrons.get(d.gruppe_of.len()).copied();
    if let (Some(s), true) = (next, may_see(viewer, Secret::Gruppen)) {
        vec![format!(
            "Place {} in a gruppe (face down; at most {} a gruppe).",
            squadron(c, s),
            c.rules().raid.gruppe_max
        )]
    } else {
        vec![format!(
            "{} arranges its squadrons face down.",
            geschwader_name(c, d.geschwader)
        )]
    }
}

/// The next RAF squadron to attack a gruppe, to those who may see it.
fn attack_lines(c: &Campaign, viewer: Side) -> Vec<String> {
    let Some(d) = c.dogfight() else {
        return Vec::new();
    };
    let Some(&s) = d.raf.get(d.attacks.len()) else {
        return Vec::new();
    };
    if may_see(viewer, Secret::Wings) {
        vec![format!(
            "Which gruppe does {} attack? The gruppen are face down: only their sizes show.",
            squadron(c, s)
        )]
    } else {
        vec!["The RAF chooses which gruppen to attack.".into()]
    }
}

/// The hits the side must take, and how it may take them.
fn allocation_lines(c: &Campaign, side: Side) -> Vec<String> {
    let Some(f) = c.fight() else {
        return Vec::new();
    };
    let hits = match side {
        Side::British => f.on_raf,
        Side::German => f.on_luftwaffe,
    };
    vec![
        format!(
            "The {} has {} to take{}.",
            side.name(),
            count(hits, "hit", "hits"),
            if f.intercept {
                ": one squadron a side may stand down for fewer hits than its defence"
            } else {
                " (no stand-downs in a dogfight)"
            }
        ),
        "def.: the hits that lose a squadron (its defence).".into(),
    ]
}
