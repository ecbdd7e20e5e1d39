//! The right-hand panel: the night, the bomber and its crew, the throw on
//! its table, the question and its buttons, the log and the status line.

use super::*;
use crate::app::ui::{self, fit_text, text_width, wrap_text, Ui, ACCENT, DIM, INK, PAPER};
use crate::blitz::words;
use crate::blitz::{Command, Game, Leg, Mission, Phase, Said, Station, TableId, Tables, Thrown};
use crate::common::words::count;
use macroquad::prelude::{Color, Rect};

use super::text::{position_name, question};
use crate::blitz::forecast;

impl BlitzScene {
    pub(super) fn draw_panel(
        &mut self,
        ui: &mut Ui,
        g: &Game,
        t: &Shared<Self>,
    ) -> Option<Command> {
        self.drawn.clear();
        let p = self.panel;
        ui.rect(p, PAPER);
        let x = p.x + 12.0;
        let w = p.w - 24.0;
        let mut y = p.y + 24.0;
        y = draw_night(ui, g, x, y, w);
        if let Some(m) = g.mission() {
            y = draw_mission(ui, m, x, y, w);
        }
        // The crew.
        y += 4.0;
        y = draw_crew(ui, g, x, y, w);
        y += 6.0;
        // The decision, laid out first so the throw's box leaves it room.
        let d = self.plan_decision(g, t, w);
        // The throw on show, on its table: as tall as leaves the decision
        // and a line of the log their room, and tall enough for the dice
        // and their reading.
        let bottom = p.y + p.h - 30.0;
        let throw_h = 150.0f32
            .min((p.h * 0.28).max(110.0))
            .min(bottom - y - 10.0 - d.height() - 18.0)
            .max(96.0);
        self.draw_shown_throw(ui, g, Rect::new(x, y, w, throw_h));
        y += throw_h + 10.0;
        let (chosen, y) = self.draw_decision(ui, &d, x, y, w);
        // The log, as much as fits above the status line.
        draw_log(ui, t, Rect::new(x, y, w, bottom - y));
        // The status line.
        draw_status(ui, t, p);
        chosen
    }

    /// The throw on show, on its table, in `r`; else where the dice come up.
    fn draw_shown_throw(&mut self, ui: &mut Ui, g: &Game, r: Rect) {
        let (x, y, w, throw_h) = (r.x, r.y, r.w, r.h);
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
    }

    /// The decision on show, laid out: the guide's line, the question, the
    /// buttons and their forecasts.
    fn plan_decision(&mut self, g: &Game, t: &Shared<Self>, w: f32) -> Decision {
        let legal = if t.busy() || t.watching {
            Vec::new()
        } else {
            g.legal_commands()
        };
        let outlooks = if legal.is_empty() {
            Vec::new()
        } else {
            self.forecast_of(g)
        };
        Decision {
            guide: t
                .guide
                .as_ref()
                .map(|next| wrap_text(&format!("Next: {next}"), w, 15.0))
                .unwrap_or_default(),
            asked: question(g).map_or(Vec::new(), |q| wrap_text(&q, w, 17.0)),
            buttons: legal.iter().map(|c| (*c, label(g, *c))).collect(),
            bh: if outlooks.is_empty() { 30.0 } else { 48.0 },
            cols: if w > 420.0 { 2 } else { 1 },
            outlooks,
        }
    }

    /// The decision drawn from `y` down: the command clicked, if one was,
    /// and where the log may start.
    fn draw_decision(
        &mut self,
        ui: &mut Ui,
        d: &Decision,
        x: f32,
        mut y: f32,
        w: f32,
    ) -> (Option<Command>, f32) {
        let mut chosen = None;
        // The guide's next step, over the question it answers.
        for line in &d.guide {
            ui.text(line, x, y + 13.0, 15.0, ACCENT);
            y += 17.0;
        }
        if !d.guide.is_empty() {
            y += 2.0;
        }
        for line in &d.asked {
            ui.text(line, x, y + 14.0, 17.0, INK);
            y += 20.0;
        }
        if !d.asked.is_empty() {
            y += 4.0;
        }
        if !d.outlooks.is_empty() {
            let head = format!(
                "Forecast, {} flights of the rest of this mission:",
                forecast::FLIGHTS
            );
            ui.text(&fit_text(&head, w, 14.0), x, y + 12.0, 14.0, DIM);
            y += 18.0;
        }
        let (cols, bh) = (d.cols, d.bh);
        let bw = (w - 8.0 * (cols as f32 - 1.0)) / cols as f32;
        for (i, (c, l)) in d.buttons.iter().enumerate() {
            let r = Rect::new(
                x + (i % cols) as f32 * (bw + 8.0),
                y + (i / cols) as f32 * (bh + 6.0),
                bw,
                bh,
            );
            self.drawn.push((*c, r));
            let pressed = match d.outlooks.iter().find(|o| o.command == *c) {
                Some(o) => ui.button_with_note(r, l, &risk(o, r.w - 10.0)),
                None => ui.button(r, l),
            };
            if pressed {
                chosen = Some(*c);
            }
        }
        y += d.buttons.len().div_ceil(cols) as f32 * (bh + 6.0) + 6.0;
        (chosen, y)
    }

    /// The forecast of the decision on show (`blitz::forecast`): made once
    /// for each position the crew decides in.
    fn forecast_of(&mut self, g: &Game) -> Vec<forecast::Outlook> {
        let at = (g.commands().len(), g.events().len());
        if self.forecast.as_ref().map(|(k, _)| *k) != Some(at) {
            self.forecast = Some((at, forecast::forecast(g, forecast::FLIGHTS)));
        }
        self.forecast
            .as_ref()
            .map(|(_, o)| o.clone())
            .unwrap_or_default()
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
        // The rows start past the dice and their sum, at half the box at
        // the least.
        let rx = (r.x + r.w * 0.5).max(dx + 4.0 + text_width(&sum, 18.0) + 12.0);
        let rw = r.x + r.w - rx - 8.0;
        ui.text(
            &fit_text(&th.read.to_string(), rx - x - 10.0, 17.0),
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
        let s = (rh * 0.8).min(15.0);
        let span_of = |from: i16, to: i16| {
            if from == to {
                format!("{from}")
            } else {
                format!("{from}-{to}")
            }
        };
        // The results start past the widest span, never against it.
        let span_w = rows
            .iter()
            .map(|(f, t, _)| text_width(&span_of(*f, *t), s))
            .fold(0.0, f32::max)
            + 8.0;
        for (i, (from, to, then)) in rows.iter().enumerate() {
            let ry = r.y + 6.0 + i as f32 * rh;
            let lit = (*from..=*to).contains(&at);
            if lit {
                ui.rect(
                    Rect::new(rx - 4.0, ry, rw + 4.0, rh),
                    Color::new(0.98, 0.85, 0.35, 1.0),
                );
            }
            ui.text(&span_of(*from, *to), rx, ry + rh * 0.75, s, INK);
            ui.text(
                &fit_text(then, rw - span_w - 4.0, s),
                rx + span_w,
                ry + rh * 0.75,
                s,
                INK,
            );
        }
    }
}

/// The decision on show, laid out before it is drawn.
struct Decision {
    guide: Vec<String>,
    asked: Vec<String>,
    buttons: Vec<(Command, String)>,
    outlooks: Vec<forecast::Outlook>,
    /// The buttons' height and columns.
    bh: f32,
    cols: usize,
}

impl Decision {
    /// Its height in the panel.
    fn height(&self) -> f32 {
        let gap = |v: &Vec<String>, g: f32| if v.is_empty() { 0.0 } else { g };
        self.guide.len() as f32 * 17.0
            + gap(&self.guide, 2.0)
            + self.asked.len() as f32 * 20.0
            + gap(&self.asked, 4.0)
            + if self.outlooks.is_empty() { 0.0 } else { 18.0 }
            + self.buttons.len().div_ceil(self.cols) as f32 * (self.bh + 6.0)
            + 6.0
    }
}

/// What an option risks, in a button's second line of `width`: the bomber
/// lost and the change in the tour's rating, and the bombs counting where
/// there is room.
fn risk(o: &forecast::Outlook, width: f32) -> String {
    let lost = format!("lost {:.1}%", 100.0 * o.lost);
    let rating = format!("rating {:+.1}", o.value);
    let long = format!("{lost} · bombs count {:.0}% · {rating}", 100.0 * o.bombed);
    if text_width(&long, 13.0) <= width {
        long
    } else {
        format!("{lost} · {rating}")
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
    fn rows<T: Said>(table: &crate::blitz::Table<T>) -> Vec<(i16, i16, String)> {
        table
            .rows
            .iter()
            .map(|r| (r.from, r.to, r.then.said()))
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
        TableId::C4 => t
            .flight
            .mechanical_check_rows()
            .into_iter()
            .map(|(from, to, check)| {
                let then = if check { "check Table K" } else { "nothing" };
                (from, to, then.to_string())
            })
            .collect(),
        TableId::K => rows(&t.flight.mechanical),
        TableId::C8 => rows(&t.defences.detection.table),
        TableId::C9 => rows(&t.defences.interception.table),
        TableId::C10 => rows(&t.defences.fighter.table),
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
        TableId::E2 => rows(&t.end.collision_jump),
        TableId::E3 => rows(&t.end.ditching),
    }
}

/// The night, its moon, and the tour so far (the mission being debriefed
/// counts already); returns where the next line goes.
fn draw_night(ui: &Ui, g: &Game, x: f32, mut y: f32, w: f32) -> f32 {
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
        "Tour: {} flown, {}",
        count(
            g.raids().iter().filter(|r| r.flown).count() + now.is_some_and(|m| m.flown()) as usize,
            "mission",
            "missions"
        ),
        count(
            g.points() + now.map_or(0, |m| m.points as u32),
            "victory point",
            "victory points"
        )
    );
    ui.text(&fit_text(&tally, w, 16.0), x, y, 16.0, DIM);
    y += 22.0;
    y
}

/// The mission's target and why it was chosen; the bomber's fuel, leg,
/// height and place in the stream, and its kit and troubles; returns where
/// the next line goes.
fn draw_mission(ui: &Ui, m: &Mission, x: f32, mut y: f32, w: f32) -> f32 {
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
    y
}

/// Each man of the crew at his position, with his missions and any
/// wound (in red when he cannot do his job); returns where the next line
/// goes.
fn draw_crew(ui: &Ui, g: &Game, x: f32, mut y: f32, w: f32) -> f32 {
    for pos in Station::ALL {
        let Some(man) = g.crew().at(pos) else {
            continue;
        };
        let wound = match man.wound {
            None => String::new(),
            Some(w) => format!(" · {}", words(&format!("{w:?}"))),
        };
        let line = format!(
            "{}: {} ({}){wound}",
            position_name(pos),
            man.name,
            count(man.missions, "mission", "missions")
        );
        let col = if man.able() { INK } else { ACCENT };
        ui.text(&fit_text(&line, w, 15.0), x, y, 15.0, col);
        y += 18.0;
    }
    y
}

/// The log, newest first from its scroll, as many of its lines as fit in
/// `r`.
fn draw_log(ui: &Ui, t: &Shared<BlitzScene>, r: Rect) {
    let (x, y, w) = (r.x, r.y, r.w);
    let size = 15.0;
    let room = (r.h / 18.0).floor().max(0.0) as usize;
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
}

/// The status line at the foot of panel `p`: a message, or the keys.
fn draw_status(ui: &Ui, t: &Shared<BlitzScene>, p: Rect) {
    let w = p.w - 24.0;
    let x = p.x + 12.0;
    let status = match &t.message {
        Some(m) => (m.text.clone(), m.colour()),
        None => (
            "U: undo a choice that threw no die · F5 save · H help · Esc leave".to_string(),
            DIM,
        ),
    };
    ui.rect(
        Rect::new(p.x, p.y + p.h - 26.0, p.w, 26.0),
        Color::new(0.86, 0.83, 0.74, 1.0),
    );
    let (line, size) = ui::shrink_to_fit(&status.0, 15.0, 12.0, w);
    ui.text(&line, x, p.y + p.h - 8.0, size, status.1);
}
