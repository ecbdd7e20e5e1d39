//! Simple Hex's new-game and result screens.

use super::super::screens::{column, title, DIM_LIGHT};
use super::super::{spread_view, Players, Screen, Transition};
use super::HexTable;
use crate::app::simple_hex;
use crate::app::ui::{self, fit_text, wrap_text, Ui, ACCENT, DIM, INK, PAPER};
use crate::common::Level;
use crate::common::Side;
use crate::data;
use crate::simple_hex::forces::{AS_WRITTEN, EVEN};
use crate::simple_hex::{Game, Options};
use macroquad::prelude::*;
use std::sync::Arc;

/// The choices on the new-game screen.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub level: usize,
    /// 0: RAF solo, 1: Luftwaffe solo, 2: two players.
    pub players: usize,
    pub crane: bool,
    pub seed: String,
    /// How well the computer flies its side (solo games).
    pub opponent: Level,
    /// Which difficulty setting's forces (an index into the settings).
    pub difficulty: usize,
}

pub(super) const LEVEL_NAMES: [&str; 3] = ["crane-14x18", "memoir-9x13", "memoir-18x13"];
/// What the new-game screen calls them (the levels' own names).
const LEVEL_TITLES: [&str; 3] = [
    "Crane's mat (14 x 18)",
    "Memoir '44 board (9 x 13)",
    "Two Memoir '44 boards (18 x 13)",
];

use simple_hex::shipped_shares;

/// The settings' names, in their file's order (none if the table is bad:
/// the screen says why).
pub(super) fn difficulty_names() -> Vec<String> {
    match shipped_shares() {
        Ok((forces, _)) => forces.settings.iter().map(|s| s.name.clone()).collect(),
        Err(_) => vec![AS_WRITTEN.to_string()],
    }
}

pub(super) fn new_game_screen(ui: &mut Ui, ng: &mut NewGame) -> Option<Transition> {
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
        t = Some(Transition::Start(Box::new(ng.clone())));
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

pub(super) fn result_screen(ui: &mut Ui, b: &mut HexTable) -> Option<Transition> {
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
        t = Some(Transition::Push(Screen::Table(Box::new(watcher))));
    }
    if ui.button(Rect::new(ui.w / 2.0 + 10.0, by, bw, 50.0), "Main menu")
        || ui.input.key(KeyCode::Enter)
    {
        t = Some(Transition::ToMenu(None));
    }
    t
}

/// The game the screen's choices make, on its table.
pub(super) fn start(ng: &NewGame) -> Result<HexTable, String> {
    let level = LEVEL_NAMES[ng.level % LEVEL_NAMES.len()];
    let names = difficulty_names();
    let difficulty = &names[ng.difficulty.min(names.len() - 1)];
    let scenario = data::load_simple_hex_at(level, difficulty).map_err(|e| e.to_string())?;
    let seed: u64 = ng
        .seed
        .trim()
        .parse()
        .map_err(|_| format!("The seed must be a whole number, not \"{}\".", ng.seed))?;
    let options = Options {
        damaged_bombers_cannot_defend: ng.crane,
        ..Options::default()
    };
    let players = match ng.players {
        0 => Players::Solo {
            human: Side::British,
        },
        1 => Players::Solo {
            human: Side::German,
        },
        _ => Players::TwoPlayers,
    };
    let game = Game::new(Arc::new(scenario), options, seed);
    let players = players
        .to_record()
        .into_iter()
        .map(|p| p.at(ng.opponent))
        .collect();
    Ok(simple_hex::battle(game, players))
}
