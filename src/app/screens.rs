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

pub(super) fn menu(ui: &mut Ui, notice: Option<&str>) -> Option<Transition> {
    title(
        ui,
        "Tally-Ho",
        "The Battle of Britain and the Blitz, 1940-41",
    );
    let r = column(ui, 11);
    let mut t = None;
    if ui.button(r[0], "New game: Simple Hex dogfight") || ui.input.key(KeyCode::N) {
        t = Some(Transition::NewGameScreen);
    }
    if ui.button(r[1], "Family game: Spitfires vs bombers") || ui.input.key(KeyCode::F) {
        t = Some(Transition::NewFamilyScreen);
    }
    if ui.button(r[2], "Campaign: the Battle of Britain") || ui.input.key(KeyCode::B) {
        t = Some(Transition::NewCampaignScreen);
    }
    if ui.button(r[3], "Night Blitz: a bomber crew's tour, 1940-41") || ui.input.key(KeyCode::Z) {
        t = Some(Transition::NewBlitz);
    }
    if ui.button(r[4], "Continue the last game") || ui.input.key(KeyCode::C) {
        t = Some(Transition::Continue);
    }
    if ui.button(r[5], "Load a game") || ui.input.key(KeyCode::L) {
        t = Some(Transition::Push(Screen::Load(LoadList::read())));
    }
    if ui.button(r[6], "Rules and controls") {
        t = Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: HelpPage::SimpleHex,
        }));
    }
    if ui.button(r[7], "Family game rules") {
        t = Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: HelpPage::Family,
        }));
    }
    if ui.button(r[8], "Campaign rules") {
        t = Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: HelpPage::Campaign,
        }));
    }
    if ui.button(r[9], "Settings") {
        t = Some(Transition::Push(Screen::Settings));
    }
    if ui.button(r[10], "Quit") || ui.input.key(KeyCode::Escape) {
        t = Some(Transition::Quit);
    }
    if let Some(n) = notice {
        ui.rect(Rect::new(0.0, ui.h - 36.0, ui.w, 36.0), PAPER);
        ui.text(n, 12.0, ui.h - 12.0, 20.0, ACCENT);
    }
    t
}

pub(super) fn new_game(ui: &mut Ui, ng: &mut NewGame) -> Option<Transition> {
    title(ui, "New game", "Choose the mat, the sides and the rules");
    let r = column(ui, 7);
    let players = [
        "Solo: you fly the RAF",
        "Solo: you fly the Luftwaffe",
        "Two players",
    ];
    if ui.button(r[0], &format!("Mat: {}", LEVEL_TITLES[ng.level])) {
        ng.level = (ng.level + 1) % LEVEL_NAMES.len();
    }
    if ui.button(r[1], players[ng.players]) {
        ng.players = (ng.players + 1) % players.len();
    }
    let crane = if ng.crane {
        "Rules: Crane's variant (damaged bombers silent)"
    } else {
        "Rules: as written"
    };
    if ui.button(r[2], crane) {
        ng.crane = !ng.crane;
    }
    let opponent = if ng.players == 2 {
        "Opponent: none, two players".to_string()
    } else {
        format!("Opponent: {}", ng.opponent.name())
    };
    if ui.button(r[3], &opponent) && ng.players != 2 {
        ng.opponent = ng.opponent.next();
    }
    let r = &r[1..];
    // The seed: shown, and editable by typing digits.
    ui.rect(r[3], Color::new(0.98, 0.97, 0.92, 1.0));
    ui.rect_lines(r[3], 2.0, INK);
    ui.text(
        &format!("Seed: {}_", ng.seed),
        r[3].x + 14.0,
        r[3].y + 34.0,
        26.0,
        INK,
    );
    ui::type_seed(ui, &mut ng.seed);
    let mut t = None;
    if ui.button(r[4], "Start") || ui.input.key(KeyCode::Enter) {
        t = Some(Transition::Start(ng.clone()));
    }
    if ui.button(r[5], "Back") {
        t = Some(Transition::Pop);
    }
    t
}

pub(super) fn result(ui: &mut Ui, b: &mut Battle) -> Option<Transition> {
    let g = &b.game;
    let winner = g.winner().map_or("Nobody", |w| w.name());
    title(
        ui,
        &format!("{winner} win"),
        &format!(
            "Bomb score {} of {} needed",
            g.score(),
            g.scenario().rules.target_points
        ),
    );
    let mut y = 190.0;
    for side in [Side::German, Side::British] {
        ui.text(side.name(), ui.w / 2.0 - 220.0, y, 28.0, PAPER);
        y += 30.0;
        for (s, name, lost, total) in simple_hex::losses_by_side(g) {
            if s == side {
                ui.text(
                    &format!("{name}: {lost} lost of {total}"),
                    ui.w / 2.0 - 200.0,
                    y,
                    24.0,
                    Color::new(0.85, 0.86, 0.9, 1.0),
                );
                y += 26.0;
            }
        }
        y += 10.0;
    }
    let bw = 240.0;
    let by = ui.h - 90.0;
    let mut t = None;
    if ui.button(
        Rect::new(ui.w / 2.0 - bw - 10.0, by, bw, 50.0),
        "Watch the replay",
    ) {
        let (g, commands) = (b.game.restart(true), b.game.commands().to_vec());
        let watcher = simple_hex::battle(g, b.shared.players.clone()).replay(commands);
        t = Some(Transition::Push(Screen::Battle(Box::new(watcher))));
    }
    if ui.button(Rect::new(ui.w / 2.0 + 10.0, by, bw, 50.0), "Main menu")
        || ui.input.key(KeyCode::Enter)
    {
        t = Some(Transition::ToMenu(None));
    }
    t
}

pub(super) fn help(ui: &mut Ui, scroll: &mut f32, page: HelpPage) -> Option<Transition> {
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), PAPER);
    let (heading, text) = match page {
        HelpPage::Family => ("Spitfires vs bombers: rules and controls", family::help()),
        HelpPage::SimpleHex => ("Simple Hex: rules and controls", simple_hex::HELP),
        HelpPage::Campaign => ("The campaign: rules and controls", campaign::HELP),
        HelpPage::Blitz => ("The night Blitz: rules and controls", super::blitz::HELP),
    };
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
    let mut top = scroll.round() - ui.input.wheel.signum() * 3.0;
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

pub(super) fn settings_screen(ui: &mut Ui, s: &mut Settings) -> Option<Transition> {
    title(ui, "Settings", "Sound, animation and colours");
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
    if ui.button(r[1], if s.muted { "Sound: muted" } else { "Sound: on" })
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
    let mut t = None;
    if ui.button(r[5], "Back") {
        t = Some(Transition::Pop);
    }
    if *s != before {
        if let Err(e) = s.store() {
            ui.text(&e, 12.0, ui.h - 12.0, 20.0, ACCENT);
        }
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
