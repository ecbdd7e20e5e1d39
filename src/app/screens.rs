//! The screens between games: the menu, a new Simple Hex game, a battle's
//! result, the help pages, the settings and the question before leaving.

use super::*;
use crate::app::ui::{fit_text, wrap_text, DIM};
pub(super) fn column(ui: &Ui, n: usize) -> Vec<Rect> {
    // Buttons of 52 pixels when they fit below the title, smaller when not.
    let bw = 420.0f32.min(ui.w - 40.0);
    // Long columns close up, so eleven buttons fit a window 600 high.
    let gap = if n > 10 { 10.0 } else { 14.0 };
    let bh = ((ui.h - 190.0) / n as f32 - gap).clamp(26.0, 52.0);
    let top = ((ui.h - n as f32 * (bh + gap)) / 2.0 + 40.0).max(150.0);
    (0..n)
        .map(|i| Rect::new((ui.w - bw) / 2.0, top + i as f32 * (bh + gap), bw, bh))
        .collect()
}

/// Faint text on the night-blue screens.
pub(super) const DIM_LIGHT: Color = Color::new(0.68, 0.70, 0.76, 1.0);

pub(super) fn title(ui: &Ui, text: &str, sub: &str) {
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.16, 0.22, 0.32, 1.0),
    );
    ui.text_centered(text, ui.w / 2.0, 90.0, 64.0, PAPER);
    ui.text_centered(
        sub,
        ui.w / 2.0,
        130.0,
        24.0,
        Color::new(0.8, 0.82, 0.86, 1.0),
    );
}

/// The game runs in a web page (the wasm32 build).
pub(super) const IN_PAGE: bool = cfg!(target_arch = "wasm32");

/// The menu. `continues`: the title of the game Continue would resume, if
/// an autosave holds one (the button is greyed out, and says why, when none
/// does).
pub(super) fn menu(
    ui: &mut Ui,
    notice: Option<&str>,
    continues: Option<&str>,
) -> Option<Transition> {
    title(
        ui,
        "Tally-Ho",
        "The Battle of Britain and the Blitz, 1940-41",
    );
    // A web page is closed with its tab: it has no Quit.
    let buttons = if IN_PAGE { 8 } else { 9 };
    let r = column(ui, buttons);
    let go_on = match continues {
        Some(game) => format!("Continue the last game: {game}"),
        None => "Continue: no game is saved yet".to_string(),
    };
    let games = games::games();
    let mut labels: Vec<&str> = games.iter().map(|g| g.menu_button().0).collect();
    labels.extend([
        go_on.as_str(),
        "Load a game",
        "Rules and controls of the four games",
        "Settings",
        "Quit",
    ]);
    let labels = &labels[..buttons];
    // One size for the whole column.
    let size = one_size(labels, r[0]);
    let mut t = None;
    let b = |ui: &mut Ui, i: usize| ui.button_at_most(r[i], labels[i], size);
    for (i, g) in games.iter().enumerate() {
        if b(ui, i) || ui.input.key(g.menu_button().1) {
            t = Some(Transition::NewGame(g.kind()));
        }
    }
    if continues.is_some() {
        if b(ui, 4) || ui.input.key(KeyCode::C) {
            t = Some(Transition::Continue);
        }
    } else {
        ui.button_off(r[4], labels[4]);
    }
    if b(ui, 5) || ui.input.key(KeyCode::L) {
        t = Some(Transition::Push(Screen::Load(LoadList::read())));
    }
    if b(ui, 6) || ui.input.key(KeyCode::H) {
        t = Some(Transition::Push(Screen::Rules));
    }
    if b(ui, 7) {
        t = Some(Transition::Push(Screen::Settings { error: None }));
    }
    if !IN_PAGE && (b(ui, 8) || ui.input.key(KeyCode::Escape)) {
        t = Some(Transition::Quit);
    }
    if let Some(n) = notice {
        notice_bar(ui, n);
    }
    t
}

/// The one size a column of buttons like `r` writes `labels` at: the
/// largest at which every label fits.
pub(super) fn one_size(labels: &[&str], r: Rect) -> f32 {
    let mut size = (r.h * 0.55).min(28.0);
    while size > 12.0
        && labels
            .iter()
            .any(|l| crate::app::ui::text_width(l, size) > r.w - 16.0)
    {
        size -= 1.0;
    }
    size
}

/// A sentence along the bottom of a screen, wrapped to the window (two
/// lines at most, the second cut with an ellipsis).
pub(super) fn notice_bar(ui: &Ui, n: &str) {
    notice_above(ui, n, ui.h);
}

/// A sentence in a bar across the window that ends at `bottom` (above a
/// screen's bottom buttons), wrapped as `notice_bar` wraps it.
pub(super) fn notice_above(ui: &Ui, n: &str, bottom: f32) {
    let size = 18.0;
    let mut lines = wrap_text(n, ui.w - 24.0, size);
    if lines.len() > 2 {
        let rest = lines[1..].join(" ");
        lines.truncate(1);
        lines.push(fit_text(&rest, ui.w - 24.0, size));
    }
    let h = 14.0 + lines.len() as f32 * 22.0;
    ui.rect(Rect::new(0.0, bottom - h, ui.w, h), PAPER);
    for (i, l) in lines.iter().enumerate() {
        ui.text(l, 12.0, bottom - h + 26.0 + i as f32 * 22.0, size, ACCENT);
    }
}

/// Which game's rules to read.
pub(super) fn rules_menu(ui: &mut Ui) -> Option<Transition> {
    title(
        ui,
        "Rules and controls",
        "Each game's rules as we play them, and its keys",
    );
    let r = column(ui, 5);
    let mut t = None;
    for (i, g) in games::games().iter().enumerate() {
        if ui.button(r[i], g.rules_button()) {
            let page = g.kind();
            t = Some(Transition::Push(Screen::Help { scroll: 0.0, page }));
        }
    }
    if ui.button(r[4], "Back") {
        t = Some(Transition::Pop);
    }
    t
}

pub(super) fn help(ui: &mut Ui, scroll: &mut f32, page: GameKind) -> Option<Transition> {
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), PAPER);
    let (heading, text) = games::game(page).help();
    let heading_size = if ui.w < 1100.0 { 32.0 } else { 40.0 };
    ui.text(
        &fit_text(heading, ui.w - 60.0, heading_size),
        30.0,
        50.0,
        heading_size,
        INK,
    );
    // The text scrolls by whole lines inside its area, above the Back button;
    // a line is shown whole or not at all.
    let size = 22.0;
    let line_h = size * 1.15;
    let area = Rect::new(30.0, 70.0, ui.w - 60.0, (ui.h - 70.0 - 90.0).max(line_h));
    let lines = wrap_text(text, area.w.min(1000.0) - 20.0, size);
    let shown = ((area.h / line_h).floor() as usize).max(1);
    let last_top = lines.len().saturating_sub(shown) as f32;
    let page = shown.saturating_sub(1).max(1) as f32;
    // Three lines a notch of the wheel; an idle wheel (0.0, whose signum is
    // 1.0) moves nothing.
    let wheel = ui.input.wheel;
    let notches = if wheel == 0.0 { 0.0 } else { wheel.signum() };
    let mut top = scroll.round() - notches * 3.0;
    for (key, by) in [
        (KeyCode::Down, 1.0),
        (KeyCode::Up, -1.0),
        (KeyCode::PageDown, page),
        (KeyCode::PageUp, -page),
        (KeyCode::Home, -f32::MAX / 2.0),
        (KeyCode::End, f32::MAX / 2.0),
    ] {
        if ui.input.key(key) {
            top += by;
        }
    }
    *scroll = top.clamp(0.0, last_top);
    let first = *scroll as usize;
    for (k, line) in lines.iter().skip(first).take(shown).enumerate() {
        ui.text(line, area.x, area.y + size + k as f32 * line_h, size, INK);
    }
    if last_top > 0.0 {
        // Where in the text the reader is.
        let track = Rect::new(area.x + area.w - 6.0, area.y, 6.0, area.h);
        ui.rect(track, Color::new(0.0, 0.0, 0.0, 0.08));
        let thumb_h = (track.h * shown as f32 / lines.len() as f32).max(20.0);
        let thumb_y = track.y + (track.h - thumb_h) * (*scroll / last_top);
        ui.rect(Rect::new(track.x, thumb_y, 6.0, thumb_h), DIM);
        let more = if *scroll < last_top {
            "More below: the wheel, the arrows or Page Down"
        } else {
            "The end: the wheel, the arrows or Home go back up"
        };
        ui.text(
            &fit_text(more, ui.w - 230.0, 18.0),
            30.0,
            ui.h - 40.0,
            18.0,
            DIM,
        );
    }
    let mut t = None;
    if ui.button(Rect::new(ui.w - 170.0, ui.h - 70.0, 150.0, 50.0), "Back")
        || ui.input.key(KeyCode::H)
    {
        t = Some(Transition::Pop);
    }
    t
}

pub(super) fn settings_screen(
    ui: &mut Ui,
    s: &mut Settings,
    error: &mut Option<String>,
) -> Option<Transition> {
    title(ui, "Settings", "Sound, animation, colours and the guide");
    let r = column(ui, 6);
    let before = *s;
    if ui.button(
        r[0],
        &format!("Volume: {:.0}% (click: +10%)", s.volume * 100.0),
    ) {
        s.volume = if s.volume >= 0.99 {
            0.0
        } else {
            (s.volume + 0.1).min(1.0)
        };
    }
    if super::audio::no_device() {
        ui.button_off(r[1], "Sound: none, no sound device was found");
    } else if ui.button(r[1], if s.muted { "Sound: muted" } else { "Sound: on" })
        || ui.input.key(KeyCode::M)
    {
        s.muted = !s.muted;
    }
    if ui.button(r[2], &format!("Animation: {:?}", s.anim)) {
        let i = AnimSpeed::ALL
            .iter()
            .position(|a| *a == s.anim)
            .unwrap_or(0);
        s.anim = AnimSpeed::ALL[(i + 1) % AnimSpeed::ALL.len()];
    }
    if ui.button(
        r[3],
        &format!("Colours: {}", simple_hex::scheme_name(s.scheme)),
    ) {
        s.scheme = match s.scheme {
            Scheme::Classic => Scheme::HighContrast,
            Scheme::HighContrast => Scheme::Classic,
        };
    }
    let guide = if s.guide {
        "Guided first games: on (each game until you finish one)"
    } else {
        "Guided first games: off"
    };
    if ui.button(r[4], guide) || ui.input.key(KeyCode::G) {
        s.set_guide(!s.guide);
    }
    let mut t = None;
    if ui.button(r[5], "Back") {
        t = Some(Transition::Pop);
    }
    if *s != before {
        *error = s.store().err();
    }
    if let Some(e) = error {
        notice_bar(
            ui,
            &format!("This setting holds until the game closes: {e}"),
        );
    }
    t
}

pub(super) fn confirm_leave(ui: &mut Ui, quitting: bool) -> Option<Transition> {
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.0, 0.0, 0.0, 0.55),
    );
    let bx = Rect::new(ui.w / 2.0 - 260.0, ui.h / 2.0 - 130.0, 520.0, 260.0);
    ui.rect(bx, PAPER);
    ui.rect_lines(bx, 3.0, INK);
    ui.text_centered("Leave this game?", ui.w / 2.0, bx.y + 50.0, 34.0, INK);
    let bw = 150.0;
    let y = bx.y + 170.0;
    let mut t = None;
    if ui.button(Rect::new(bx.x + 15.0, y, bw, 50.0), "Save and leave") || ui.input.key(KeyCode::Y)
    {
        t = Some(Transition::SaveAndLeave { quitting });
    }
    if ui.button(Rect::new(bx.x + 185.0, y, bw, 50.0), "Leave") || ui.input.key(KeyCode::N) {
        t = Some(if quitting {
            Transition::Quit
        } else {
            Transition::ToMenu(None)
        });
    }
    if ui.button(Rect::new(bx.x + 355.0, y, bw, 50.0), "Stay") || ui.input.key(KeyCode::Escape) {
        t = Some(Transition::Pop);
    }
    t
}
