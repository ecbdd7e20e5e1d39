//! The screens between games: the menu, a new Simple Hex game, a battle's
//! result, the help pages, the settings and the question before leaving.

use super::*;
use crate::app::ui::{fit_text, wrap_text, DIM};
use crate::simple_hex::forces::{AS_WRITTEN, EVEN};
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
const DIM_LIGHT: Color = Color::new(0.68, 0.70, 0.76, 1.0);

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
    let labels = [
        "New game: Simple Hex dogfight",
        "Family game: Spitfires vs bombers",
        "Campaign: the Battle of Britain",
        "Night Blitz: a bomber crew's tour, 1940-41",
        go_on.as_str(),
        "Load a game",
        "Rules and controls of the four games",
        "Settings",
        "Quit",
    ];
    let labels = &labels[..buttons];
    // One size for the whole column.
    let size = one_size(labels, r[0]);
    let mut t = None;
    let b = |ui: &mut Ui, i: usize| ui.button_at_most(r[i], labels[i], size);
    if b(ui, 0) || ui.input.key(KeyCode::N) {
        t = Some(Transition::NewGameScreen);
    }
    if b(ui, 1) || ui.input.key(KeyCode::F) {
        t = Some(Transition::NewFamilyScreen);
    }
    if b(ui, 2) || ui.input.key(KeyCode::B) {
        t = Some(Transition::NewCampaignScreen);
    }
    if b(ui, 3) || ui.input.key(KeyCode::Z) {
        t = Some(Transition::NewBlitz);
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
    let pages = [
        ("Simple Hex dogfight", HelpPage::SimpleHex),
        ("Family game: Spitfires vs bombers", HelpPage::Family),
        ("Campaign: the Battle of Britain", HelpPage::Campaign),
        ("Night Blitz: a bomber crew's tour", HelpPage::Blitz),
    ];
    let mut t = None;
    for (i, (label, page)) in pages.into_iter().enumerate() {
        if ui.button(r[i], label) {
            t = Some(Transition::Push(Screen::Help { scroll: 0.0, page }));
        }
    }
    if ui.button(r[4], "Back") {
        t = Some(Transition::Pop);
    }
    t
}

use simple_hex::shipped_shares;

/// The settings' names, in their file's order (none if the table is bad:
/// the screen says why).
pub(super) fn difficulty_names() -> Vec<String> {
    match shipped_shares() {
        Ok((forces, _)) => forces.settings.iter().map(|s| s.name.clone()).collect(),
        Err(_) => vec![AS_WRITTEN.to_string()],
    }
}

pub(super) fn new_game(ui: &mut Ui, ng: &mut NewGame) -> Option<Transition> {
    title(
        ui,
        "New game",
        "Choose the mat, the sides, the rules and the forces",
    );
    // The choices on the left, the forces with their measured shares on
    // the right.
    let col = column(ui, 7);
    let gap = 20.0;
    let half = ((ui.w - 3.0 * gap) / 2.0).min(460.0);
    let left = ui.w / 2.0 - gap / 2.0 - half;
    let r: Vec<Rect> = col
        .iter()
        .map(|c| Rect::new(left, c.y, half, c.h))
        .collect();
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
        let place = match ng.opponent {
            Level::Recruit => "the gentler of two",
            _ => "the stronger of two",
        };
        format!("Opponent: {} ({place})", ng.opponent.name())
    };
    if ui.button(r[3], &opponent) && ng.players != 2 {
        // Simple Hex's own levels (its Ace flies as the Veteran).
        ng.opponent = ng.opponent.next_of(&crate::simple_hex::ai::LEVELS);
    }
    // The seed: shown, and editable by typing digits.
    ui.rect(r[4], Color::new(0.98, 0.97, 0.92, 1.0));
    ui.rect_lines(r[4], 2.0, INK);
    ui.text(
        &format!("Seed: {}_", ng.seed),
        r[4].x + 14.0,
        r[4].y + r[4].h / 2.0 + 8.0,
        (r[4].h * 0.5).min(26.0),
        INK,
    );
    ui::type_seed(ui, &mut ng.seed);
    let mut t = None;
    if ui.button(r[5], "Start") || ui.input.key(KeyCode::Enter) {
        t = Some(Transition::Start(ng.clone()));
    }
    if ui.button(r[6], "Back") {
        t = Some(Transition::Pop);
    }
    let panel = Rect::new(
        ui.w / 2.0 + gap / 2.0,
        r[0].y,
        half,
        r[6].y + r[6].h - r[0].y,
    );
    forces_panel(ui, ng, panel);
    t
}

/// The forces: every setting with the share of games the player's side
/// won in the simulator's games at these choices (the computer on both
/// sides at the chosen level), and its interval; a click picks one.
fn forces_panel(ui: &mut Ui, ng: &mut NewGame, panel: Rect) {
    ui.rect(panel, Color::new(0.12, 0.17, 0.25, 1.0));
    let (forces, shares) = match shipped_shares() {
        Ok(t) => t,
        Err(e) => {
            ui.paragraph(
                &format!("The forces cannot be offered: {e}"),
                panel.x + 12.0,
                panel.y + 26.0,
                panel.w - 24.0,
                17.0,
                PAPER,
            );
            return;
        }
    };
    let small = ui.h < 700.0;
    let size = if small { 15.0 } else { 18.0 };
    // Whose wins: the player's side, or the Luftwaffe's with two players.
    let (whose, luftwaffe) = match ng.players {
        0 => ("your wins (RAF)", false),
        1 => ("your wins (Luftwaffe)", true),
        _ => ("the Luftwaffe's wins", true),
    };
    let head = format!(
        "Forces: {whose} in {} computer games, {} on both sides",
        shares.games,
        ng.opponent.name()
    );
    let mut y = panel.y + size + 8.0;
    for l in wrap_text(&head, panel.w - 20.0, size) {
        ui.text(&l, panel.x + 10.0, y, size, DIM_LIGHT);
        y += size + 4.0;
    }
    let n = forces.settings.len().max(1);
    let row_h = ((panel.y + panel.h - y - 4.0) / n as f32).min(2.0 * size + 22.0);
    ng.difficulty = ng.difficulty.min(n - 1);
    let level = LEVEL_NAMES[ng.level % LEVEL_NAMES.len()];
    for (i, s) in forces.settings.iter().enumerate() {
        let r = Rect::new(panel.x + 6.0, y, panel.w - 12.0, row_h - 4.0);
        y += row_h;
        ui.buttons.push(crate::app::ui::Hit {
            label: s.label.clone(),
            rect: r,
        });
        let chosen = ng.difficulty == i;
        let hot = ui.hovered(r);
        let fill = if chosen {
            PAPER
        } else if hot {
            Color::new(0.86, 0.83, 0.74, 1.0)
        } else {
            Color::new(0.20, 0.26, 0.36, 1.0)
        };
        ui.rect(r, fill);
        if chosen {
            ui.rect_lines(r, 2.0, ACCENT);
        }
        let ink = if chosen || hot { INK } else { PAPER };
        let line2 = match shares.find(level, &s.name, ng.crane, ng.opponent) {
            Some(row) => {
                let wins = if luftwaffe {
                    row.luftwaffe_wins
                } else {
                    shares.games - row.luftwaffe_wins
                };
                let (lo, hi) = crate::common::spread::wilson(wins, shares.games);
                let pct = 100.0 * wins as f64 / shares.games as f64;
                let fair = if s.name == EVEN { ", the fair one" } else { "" };
                format!("{pct:.0}% ({:.0}-{:.0}%){fair}", 100.0 * lo, 100.0 * hi)
            }
            None => "not measured".to_string(),
        };
        // Two lines, centred in the row.
        let top = r.y + (r.h - (2.0 * size + 4.0)) / 2.0;
        let title = fit_text(&s.label, r.w - 16.0, size);
        ui.text(&title, r.x + 8.0, top + size - 1.0, size, ink);
        let sub = if ink == INK { DIM } else { DIM_LIGHT };
        ui.text(&line2, r.x + 8.0, top + 2.0 * size + 1.0, size - 1.0, sub);
        if ui.clicked(r) {
            ng.difficulty = i;
        }
    }
}

pub(super) fn result(ui: &mut Ui, b: &mut Battle) -> Option<Transition> {
    let g = &b.game;
    let winner = g.winner().map_or("Nobody", |w| w.name());
    title(
        ui,
        &format!("{winner} win"),
        &format!(
            "Bomb score {}; the target needed {}",
            g.score(),
            g.scenario().rules.target_points
        ),
    );
    // The debriefing: how clear the result was against the computer's
    // games at its setting, what decided it, then the account, then the
    // losses by type; as much as fits above the buttons.
    let (verdict, lines) = simple_hex::debrief(b);
    let w = (ui.w - 80.0).min(900.0);
    let x = (ui.w - w) / 2.0;
    let bottom = ui.h - 100.0;
    let mut y = 150.0;
    let size = if ui.h < 700.0 { 17.0 } else { 19.0 };
    let mut rows: Vec<(String, f32, Color)> = Vec::new();
    if let Some(placing) = simple_hex::placing(b) {
        let what = format!("{} win", g.winner().map_or("", |w| w.name()));
        let r = Rect::new(x, y, w, 86.0);
        spread_view::block(ui, r, &placing, &what, size, PAPER, spread_view::BAR);
        y += r.h + 14.0;
    }
    for l in wrap_text(&verdict, w, size + 2.0) {
        rows.push((l, size + 2.0, PAPER));
    }
    for line in &lines {
        for l in wrap_text(line, w - 20.0, size) {
            rows.push((l, size, Color::new(0.85, 0.86, 0.9, 1.0)));
        }
    }
    let mut losses: Vec<String> = Vec::new();
    for side in [Side::German, Side::British] {
        let of_side: Vec<String> = simple_hex::losses_by_side(g)
            .into_iter()
            .filter(|(s, ..)| *s == side)
            .map(|(_, name, lost, total)| format!("{name} {lost} of {total}"))
            .collect();
        losses.push(format!(
            "{} losses by type: {}.",
            side.name(),
            of_side.join(", ")
        ));
    }
    for line in &losses {
        for l in wrap_text(line, w - 20.0, size) {
            rows.push((l, size, DIM_LIGHT));
        }
    }
    for (k, (l, s, c)) in rows.iter().enumerate() {
        if y + s * 1.3 > bottom {
            break;
        }
        let indent = if k == 0 || *s > size { 0.0 } else { 20.0 };
        ui.text(l, x + indent, y + s, *s, *c);
        y += s * 1.3;
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
