//! The family game's new-game screen, its result screen and its rules page.

use super::{family_table, sector_colour, FamilyTable};
use crate::app::spread_view::{self, Placing};
use crate::app::ui::{self, Ui, ACCENT, INK, PAPER};
use crate::common::spread::SpreadTable;
use crate::common::words::count;
use crate::common::Level;
use crate::family::{Ending, Game, SeatSetup, SectorColour, Setup};
use crate::record::Player;
use macroquad::prelude::*;

/// The new-game screen's choices for the family game.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyNew {
    pub board: usize,
    pub count: usize,
    pub seats: Vec<SeatChoice>,
    pub short: bool,
    /// The solo game's difficulty (with one commander).
    pub difficulty: Level,
    pub seed: String,
    /// Which field typing goes to: None the seed, Some(i) commander i's name.
    pub editing: Option<usize>,
    /// The board's airfields by sector (square names), and the board they
    /// were read for.
    airfields: Vec<Vec<String>>,
    airfields_of: Option<usize>,
    /// The rules file, read once for the solo difficulties' objectives.
    rules: Option<Option<crate::family::FamilyValues>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatChoice {
    pub name: String,
    pub sector: u8,
    /// Which of the sector's airfields the Spitfire starts on.
    pub airfield: u8,
    pub human: bool,
    /// The computer's level when the computer flies this seat.
    pub level: Level,
}

impl FamilyNew {
    pub fn new(seed: String) -> FamilyNew {
        FamilyNew {
            board: 0,
            count: 1,
            seats: (0..4)
                .map(|i| SeatChoice {
                    name: format!("Player {}", i + 1),
                    sector: i as u8,
                    airfield: 0,
                    human: true,
                    level: Level::default(),
                })
                .collect(),
            short: false,
            difficulty: Level::default(),
            seed,
            editing: None,
            airfields: Vec::new(),
            airfields_of: None,
            rules: None,
        }
    }

    /// The chosen board's airfields by sector, as square names (read once
    /// per board).
    fn airfield_names(&mut self) -> &[Vec<String>] {
        if self.airfields_of != Some(self.board) {
            let (name, _, _) =
                crate::data::FAMILY_BOARDS[self.board % crate::data::FAMILY_BOARDS.len()];
            self.airfields = match crate::data::load_family(name) {
                Ok(sc) => (0..sc.sectors.len() as u8)
                    .map(|sector| {
                        sc.airfields_of(sector)
                            .into_iter()
                            .map(|f| sc.cell_name(sc.features[f].hex))
                            .collect()
                    })
                    .collect(),
                Err(_) => Vec::new(),
            };
            self.airfields_of = Some(self.board);
        }
        &self.airfields
    }

    /// The game this screen describes.
    pub fn start(&self) -> Result<FamilyTable, String> {
        let (name, _, _) =
            crate::data::FAMILY_BOARDS[self.board % crate::data::FAMILY_BOARDS.len()];
        let sc = crate::data::load_family(name).map_err(|e| e.to_string())?;
        let seed: u64 = self
            .seed
            .trim()
            .parse()
            .map_err(|_| format!("The seed must be a whole number, not \"{}\".", self.seed))?;
        let seats = &self.seats[..self.count];
        let setup = Setup {
            seats: seats
                .iter()
                .map(|s| SeatSetup {
                    sector: s.sector,
                    airfield: s.airfield,
                })
                .collect(),
            short_game: self.short,
            difficulty: self.difficulty,
        };
        let commanders = seats
            .iter()
            .map(|s| Player {
                name: if s.name.trim().is_empty() {
                    "Commander".into()
                } else {
                    s.name.trim().to_string()
                },
                human: s.human,
                level: s.level,
            })
            .collect();
        let game = Game::new(std::sync::Arc::new(sc), setup, seed)?;
        Ok(family_table(game, commanders))
    }

    /// The next sector for seat `i` that no other seat has taken.
    fn next_sector(&mut self, i: usize, sectors: usize) {
        let taken: Vec<u8> = (0..self.count)
            .filter(|&j| j != i)
            .map(|j| self.seats[j].sector)
            .collect();
        let mut s = self.seats[i].sector;
        for _ in 0..sectors {
            s = (s + 1) % sectors as u8;
            if !taken.contains(&s) {
                break;
            }
        }
        self.seats[i].sector = s;
        self.seats[i].airfield = 0;
    }

    /// Seats beyond the first `count` give up their sectors to the others.
    fn fix_sectors(&mut self, sectors: usize) {
        for i in 0..self.count {
            if (0..i).any(|j| self.seats[j].sector == self.seats[i].sector) {
                self.next_sector(i, sectors);
            }
        }
    }
}

/// The solo difficulty button's words: the level and its objective.
fn solo_label(ng: &mut FamilyNew) -> String {
    let rules = ng
        .rules
        .get_or_insert_with(|| {
            crate::data::load_family_rules(&crate::data::family_rules_source()).ok()
        })
        .clone();
    let kills = if ng.short { 3 } else { 5 };
    match rules {
        Some(r) => {
            let d = r.solo(ng.difficulty);
            let (k, rounds) = if ng.short {
                (r.kills_to_win_short, d.rounds_short)
            } else {
                (r.kills_to_win, d.rounds)
            };
            format!(
                "Solo: {}, {} by nightfall after round {rounds}",
                ng.difficulty.name(),
                count(k, "kill", "kills")
            )
        }
        None => format!("Solo: {}, {kills} kills", ng.difficulty.name()),
    }
}

/// Draws and runs the family new-game screen; returns Some(true) to start,
/// Some(false) to go back.
pub fn new_game_screen(ui: &mut Ui, ng: &mut FamilyNew) -> Option<bool> {
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.16, 0.22, 0.32, 1.0),
    );
    // The layout fits the window from 640 x 480 up: the title shrinks to the
    // width, the rows to the height (sized for the most rows, four
    // commanders, so that nothing moves when the count changes), and when
    // there is no room beside the rows for a computer's level button it
    // takes the end of the row instead.
    let compact = ui.h < 560.0;
    let (title_y, sub_y, top) = if compact {
        (44.0, 70.0, 86.0)
    } else {
        (60.0, 92.0, 116.0)
    };
    draw_titles(ui, title_y, sub_y);
    let boards = crate::data::FAMILY_BOARDS;
    let titles = [
        "Board: Southern England (16 x 20)",
        "Board: Kitchen table (12 x 14)",
    ];
    // Rows: board, commanders, four commanders, the game's length, the seed
    // (the solo difficulty only comes with one commander), then Start.
    const ROWS: f32 = 8.0;
    let gap = if compact { 6.0 } else { 8.0 };
    let rh = ((ui.h - top - 12.0 - ROWS * gap - 22.0) / (ROWS + 1.0)).clamp(28.0, 40.0);
    let level_w = 110.0;
    let beside = ui.w >= 560.0 + 40.0 + level_w + 8.0;
    let bw = if beside {
        560.0
    } else {
        600.0f32.min(ui.w - 40.0)
    };
    // The width of a commander's row without its level button.
    let seat_w = if beside { bw } else { bw - level_w - 8.0 };
    let x = (ui.w - bw) / 2.0;
    let seat_row = SeatRow {
        x,
        w: seat_w,
        h: rh,
        level_w,
    };
    let mut y = top;
    if ui.button(Rect::new(x, y, bw, rh), titles[ng.board % titles.len()]) {
        ng.board = (ng.board + 1) % boards.len();
    }
    y += rh + gap;
    let count_label = if ng.count == 1 {
        "Commanders: 1 (solo)".to_string()
    } else {
        format!("Commanders: {}", ng.count)
    };
    if ui.button(Rect::new(x, y, bw, rh), &count_label) {
        ng.count = ng.count % 4 + 1;
        ng.fix_sectors(4);
        ng.editing = None;
    }
    y += rh + gap;
    for i in 0..ng.count {
        seat_row.draw(ui, ng, i, y);
        y += rh + gap;
    }
    let short = if ng.short {
        "Short game: first to three kills"
    } else {
        "Full game: first to five kills"
    };
    if ui.button(Rect::new(x, y, bw, rh), short) {
        ng.short = !ng.short;
    }
    y += rh + gap;
    if ng.count == 1 {
        let label = solo_label(ng);
        if ui.button(Rect::new(x, y, bw, rh), &label) {
            ng.difficulty = ng.difficulty.next();
        }
        y += rh + gap;
    }
    seed_field(ui, ng, Rect::new(x, y, bw, rh));
    type_into_field(ui, ng);
    y += rh + 2.0 * gap;
    let mut out = None;
    if ui.button(Rect::new(x, y, bw * 0.48, rh + 6.0), "Start")
        || (ui.input.key(KeyCode::Enter) && ng.editing.is_none())
    {
        out = Some(true);
    }
    if ui.input.key(KeyCode::Enter) && ng.editing.is_some() {
        ng.editing = None;
    }
    if ui.button(Rect::new(x + bw * 0.52, y, bw * 0.48, rh + 6.0), "Back") {
        out = Some(false);
    }
    out
}

/// The screen's title and subtitle, each shrunk to the width.
fn draw_titles(ui: &Ui, title_y: f32, sub_y: f32) {
    let title = "Spitfires against the bombers";
    let subtitle = "One to four sector commanders; the bombers fly by the spinner";
    let fit = |s: &str, size: f32, least: f32| {
        let mut size = size;
        while size > least && ui::text_width(s, size) > ui.w - 24.0 {
            size -= 1.0;
        }
        size
    };
    ui.text_centered(title, ui.w / 2.0, title_y, fit(title, 48.0, 24.0), PAPER);
    ui.text_centered(
        subtitle,
        ui.w / 2.0,
        sub_y,
        fit(subtitle, 22.0, 14.0),
        Color::new(0.8, 0.82, 0.86, 1.0),
    );
}

/// Where a commander's row goes: its left, its width without the level
/// button, its height, and the level button's width.
struct SeatRow {
    x: f32,
    w: f32,
    h: f32,
    level_w: f32,
}

impl SeatRow {
    /// Commander `i`'s row at `y`: the name (clicked to edit), the sector,
    /// the airfield the Spitfire starts on, human or computer, and a
    /// computer's level beside the row.
    fn draw(&self, ui: &mut Ui, ng: &mut FamilyNew, i: usize, y: f32) {
        let (x, seat_w, rh, level_w) = (self.x, self.w, self.h, self.level_w);
        let name_r = Rect::new(x, y, seat_w * 0.34, rh);
        let editing = ng.editing == Some(i);
        ui.rect(name_r, Color::new(0.98, 0.97, 0.92, 1.0));
        ui.rect_lines(
            name_r,
            if editing { 3.0 } else { 1.5 },
            if editing { ACCENT } else { INK },
        );
        let cursor = if editing { "_" } else { "" };
        ui.text(
            &format!("{}{cursor}", ng.seats[i].name),
            name_r.x + 10.0,
            name_r.y + rh / 2.0 + 7.0,
            22.0,
            INK,
        );
        ui.buttons.push(ui::Hit {
            label: format!("Name {}", i + 1),
            rect: name_r,
        });
        if ui.clicked(name_r) {
            ng.editing = Some(i);
        }
        let colour = SectorColour::ALL[ng.seats[i].sector as usize % 4];
        let sec_r = Rect::new(x + seat_w * 0.36, y, seat_w * 0.22, rh);
        ui.rect(
            Rect::new(sec_r.x - 4.0, sec_r.y - 4.0, sec_r.w + 8.0, sec_r.h + 8.0),
            sector_colour(colour),
        );
        if ui.button(sec_r, &format!("Sector {}", colour.name())) {
            ng.next_sector(i, 4);
        }
        // The airfield the Spitfire starts on, by its square.
        let sector = ng.seats[i].sector as usize;
        let fields = ng.airfield_names().get(sector).cloned().unwrap_or_default();
        let here = fields
            .get(ng.seats[i].airfield as usize)
            .cloned()
            .unwrap_or_default();
        if ui.button(
            Rect::new(x + seat_w * 0.60, y, seat_w * 0.18, rh),
            &format!("Field {here}"),
        ) && !fields.is_empty()
        {
            ng.seats[i].airfield = ((ng.seats[i].airfield as usize + 1) % fields.len()) as u8;
        }
        let who = if ng.seats[i].human {
            "Human"
        } else {
            "Computer"
        };
        if ui.button(
            Rect::new(x + seat_w * 0.80, y, seat_w * 0.20, rh),
            &format!("{who} {}", i + 1),
        ) {
            ng.seats[i].human = !ng.seats[i].human;
        }
        // A computer seat's level, beside the row.
        if !ng.seats[i].human
            && ui.button(
                Rect::new(x + seat_w + 8.0, y, level_w, rh),
                &format!("{} {}", ng.seats[i].level.name(), i + 1),
            )
        {
            // The family game's own levels (its Ace flies as the Veteran).
            ng.seats[i].level = ng.seats[i].level.next_of(&crate::family::ai::LEVELS);
        }
    }
}

/// The seed's field, edited when no name is.
fn seed_field(ui: &mut Ui, ng: &mut FamilyNew, seed_r: Rect) {
    let rh = seed_r.h;
    let seed_edit = ng.editing.is_none();
    ui.rect(seed_r, Color::new(0.98, 0.97, 0.92, 1.0));
    ui.rect_lines(
        seed_r,
        if seed_edit { 3.0 } else { 1.5 },
        if seed_edit { ACCENT } else { INK },
    );
    ui.text(
        &format!("Seed: {}{}", ng.seed, if seed_edit { "_" } else { "" }),
        seed_r.x + 10.0,
        seed_r.y + rh / 2.0 + 7.0,
        22.0,
        INK,
    );
    ui.buttons.push(ui::Hit {
        label: "Seed".into(),
        rect: seed_r,
    });
    if ui.clicked(seed_r) {
        ng.editing = None;
    }
}

/// Typing goes to the field being edited: a commander's name, else the
/// seed.
fn type_into_field(ui: &mut Ui, ng: &mut FamilyNew) {
    let chars = ui.input.chars.clone();
    match ng.editing {
        Some(i) => {
            for c in chars {
                if (c.is_alphanumeric() || c == ' ' || c == '-')
                    && ng.seats[i].name.chars().count() < 16
                {
                    ng.seats[i].name.push(c);
                }
            }
            if ui.input.key(KeyCode::Backspace) {
                ng.seats[i].name.pop();
            }
        }
        None => {
            ui::type_seed(ui, &mut ng.seed);
        }
    }
}

/// The measured family spreads, read once.
fn shipped_spreads() -> Option<&'static SpreadTable> {
    static SPREADS: std::sync::OnceLock<Option<SpreadTable>> = std::sync::OnceLock::new();
    SPREADS
        .get_or_init(|| crate::data::shipped_family_spreads().ok())
        .as_ref()
}

/// Where a finished game fell among the computer's games of its set-up
/// that ended the same way (a win by the round it came in, the bombers'
/// game by the leader's kills), and what was won ("win for Player 1
/// (Red)"). None when the set-up is not measured (a board file of the
/// player's own, a campaign's intercept) or the game is not over.
pub fn placing(b: &FamilyTable) -> Option<(Placing, String)> {
    use crate::family::spread;
    let g = &b.game;
    g.ending()?;
    let kills: Vec<u8> = g.spitfires().iter().map(|s| s.kills).collect();
    let (outcome, value, better) = spread::result(g.winner(), g.round(), &kills);
    let key = spread::setting(&g.scenario().board, g.setup());
    let row = shipped_spreads()?.find(&key, outcome)?;
    let what = match g.winner() {
        Some(w) => format!("win for {}", b.name(w)),
        None => "win for the bombers".to_string(),
    };
    let axis = if outcome == spread::WON {
        "the round it was won in"
    } else {
        "the most kills a commander made"
    };
    Some((
        Placing {
            spread: row.spread.clone(),
            value,
            better,
            axis,
            setting: format!("the Veteran in every seat; {key}"),
            compared: crate::app::spread_view::Compared::Won,
        },
        what,
    ))
}

/// The family game's result screen body: who won and each commander's tally.
pub fn result_screen(ui: &mut Ui, b: &FamilyTable) -> (bool, bool) {
    let g = &b.game;
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.16, 0.22, 0.32, 1.0),
    );
    let title = match (g.winner(), g.ending()) {
        (Some(w), _) => format!("{} wins", b.name(w)),
        (None, Some(Ending::AllOut)) => "The bombers win".to_string(),
        _ => "Nightfall: nobody wins".to_string(),
    };
    ui.text_centered(&title, ui.w / 2.0, 90.0, 56.0, PAPER);
    ui.text_centered(
        &format!(
            "{}, first to {}",
            count(g.round(), "round", "rounds"),
            count(g.kills_to_win(), "kill", "kills")
        ),
        ui.w / 2.0,
        128.0,
        24.0,
        Color::new(0.8, 0.82, 0.86, 1.0),
    );
    // What decided it, in a sentence.
    let (verdict, causes) = debrief(b);
    ui.text_centered(
        &ui::fit_text(&verdict, ui.w - 40.0, 19.0),
        ui.w / 2.0,
        160.0,
        19.0,
        PAPER,
    );
    let placing = placing(b);
    // Closer rows when the placing must fit below them.
    let (row_h, step) = if placing.is_some() && ui.h < 700.0 {
        (36.0, 40.0)
    } else {
        (44.0, 52.0)
    };
    let mut y = 190.0;
    for seat in 0..g.spitfires().len() as u8 {
        let s = g.spitfire(seat);
        let r = Rect::new(ui.w / 2.0 - 300.0, y, 600.0, row_h);
        ui.rect(r, PAPER);
        ui.rect(Rect::new(r.x, r.y, 12.0, r.h), super::colour_of(g, seat));
        let fate = match s.lost {
            Some(c) => format!("out: {}", c.name()),
            None => "still flying".into(),
        };
        ui.text(
            &format!(
                "{}: {}, {fate}",
                b.name(seat),
                count(s.kills, "kill", "kills")
            ),
            r.x + 22.0,
            r.y + row_h / 2.0 + 7.0,
            22.0,
            INK,
        );
        for k in 0..s.kills {
            let c = vec2(r.x + r.w - 20.0 - k as f32 * 20.0, r.y + row_h / 2.0);
            ui.rect(Rect::new(c.x - 8.0, c.y - 3.0, 16.0, 6.0), INK);
            ui.rect(Rect::new(c.x - 3.0, c.y - 8.0, 6.0, 16.0), INK);
        }
        y += step;
    }
    let bombed = (0..g.scenario().features.len())
        .filter(|&f| g.is_knocked_out(f))
        .count();
    ui.text_centered(
        &format!(
            "{bombed} of {} bombed",
            count(g.scenario().features.len(), "target", "targets")
        ),
        ui.w / 2.0,
        y + 30.0,
        22.0,
        PAPER,
    );
    if !causes.is_empty() {
        ui.text_centered(
            &ui::fit_text(&causes, ui.w - 40.0, 18.0),
            ui.w / 2.0,
            y + 56.0,
            18.0,
            Color::new(0.8, 0.82, 0.86, 1.0),
        );
    }
    let bw = 240.0;
    let by = ui.h - 90.0;
    // How clear the result was, between the tallies and the buttons.
    if let Some((p, what)) = &placing {
        let w = (ui.w - 40.0).min(760.0);
        let top = y + if causes.is_empty() { 46.0 } else { 70.0 };
        let r = Rect::new((ui.w - w) / 2.0, top, w, (by - 12.0 - top).min(110.0));
        spread_view::block(ui, r, p, what, 17.0, PAPER, spread_view::BAR);
    }
    let watch = ui.button(
        Rect::new(ui.w / 2.0 - bw - 10.0, by, bw, 50.0),
        "Watch the replay",
    );
    let menu = ui.button(Rect::new(ui.w / 2.0 + 10.0, by, bw, 50.0), "Main menu")
        || ui.input.key(KeyCode::Enter);
    (watch, menu)
}

/// What decided a finished family game (the winning kill and its round, or
/// why nobody won), and the Spitfires lost by cause.
pub fn debrief(b: &FamilyTable) -> (String, String) {
    use crate::family::{Cause, Event};
    let g = &b.game;
    let mut round = 0;
    let mut last_kill: Option<(u8, u32)> = None;
    let mut lost: Vec<Cause> = Vec::new();
    for e in g.events() {
        match e {
            Event::RoundBegan { round: r } => round = *r,
            Event::ShotDown { seat, .. } => last_kill = Some((*seat, round)),
            Event::SpitfireLost { cause, .. } => lost.push(*cause),
            _ => {}
        }
    }
    let verdict = match (g.winner(), g.ending(), last_kill) {
        (Some(w), _, Some((seat, r))) if seat == w => format!(
            "{} made the winning kill, the {}, in round {r}.",
            b.name(w),
            match g.spitfire(w).kills {
                1 => "first".to_string(),
                2 => "second".to_string(),
                3 => "third".to_string(),
                4 => "fourth".to_string(),
                5 => "fifth".to_string(),
                n => format!("{n}th"),
            }
        ),
        (Some(w), ..) => format!("{} had the most kills at nightfall.", b.name(w)),
        (None, Some(Ending::AllOut), _) => {
            "Every Spitfire was lost before the kills were made.".into()
        }
        _ => format!(
            "Nightfall after round {}: the kills were not made in time.",
            g.round()
        ),
    };
    let causes: Vec<String> = Cause::ALL
        .iter()
        .map(|c| (c, lost.iter().filter(|l| *l == c).count()))
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!("{n} {}", c.name()))
        .collect();
    let causes = if causes.is_empty() {
        String::new()
    } else {
        format!("Spitfires lost: {}.", causes.join(", "))
    };
    (verdict, causes)
}

/// The family game's page of the rules and controls, with the numbers (the
/// kills, nightfall, the solo game's round limits) read from the shipped
/// rules file, so that the page cannot drift from the data.
pub fn help() -> &'static str {
    static HELP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HELP.get_or_init(|| {
        match crate::data::load_family_rules(&crate::data::family_rules_source()) {
            Ok(rules) => help_for(&rules),
            // The shipped file is checked by the tests; say so rather than guess.
            Err(e) => format!("The rules file does not load: {e}"),
        }
    })
}

/// The rules page for a rules file.
pub fn help_for(rules: &crate::family::FamilyValues) -> String {
    let word = |n: u32| {
        const WORDS: [&str; 11] = [
            "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        WORDS
            .get(n as usize)
            .map_or_else(|| n.to_string(), |w| w.to_string())
    };
    let kills = word(u32::from(rules.kills_to_win));
    let kills_short = word(u32::from(rules.kills_to_win_short));
    let dusk = if rules.dusk_round == 0 {
        "With two or more commanders a game goes on until somebody wins or every Spitfire is lost."
            .to_string()
    } else {
        format!(
            "With two or more commanders, a game nobody has won ends at nightfall after round {}: the one commander still in play with the most kills wins, otherwise nobody (our addition: the sheet has no limit).",
            rules.dusk_round
        )
    };
    let solo: Vec<String> = Level::ALL
        .iter()
        .map(|&l| {
            let d = rules.solo(l);
            let article = if l.to_string().starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            format!("{} as {article} {l}", d.rounds)
        })
        .collect();
    let solo_short: Vec<String> = Level::ALL
        .iter()
        .map(|&l| rules.solo(l).rounds_short.to_string())
        .collect();
    format!(
        "THE GAME. One to four sector commanders, each with a Spitfire, against five bombers. Shoot a bomber down by being in the square directly behind it at its altitude: you take a kill token and it goes back to its start square. The first to {kills} kills wins ({kills_short} in the short game). If every Spitfire is lost, the bombers win. {dusk} Alone (our addition: the sheet is for two to four), you play against the clock at the difficulty you choose: {kills} kills ({kills_short} in the short game) before nightfall, which comes after round {} ({} in the short game); nightfall is a defeat.\n{BODY}",
        and_list(&solo),
        and_list(&solo_short),
    )
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

const BODY: &str = "EACH ROUND. The bombers fly first: the spinner gives each one an altitude change (same, +1 or -1) and a direction (beam: straight on; port: forward-left; starboard: forward-right); the bomber changes altitude, then flies two squares and faces that way. At the north edge a bomber turns round and heads south; sent off the east or west edge it goes back to its start. Then each commander flies; the order rotates by one every round.
YOUR SPITFIRE. On the ground: take off (to cruising altitude, above the airfield) or wait. In the air: move one or two squares; or climb or dive one or two notches in place; or move one square and climb or dive one; or land on an airfield up to two squares away; or do nothing. Altitude changes first, then the move.
FUEL. One notch goes at the start of each of your turns in the air. Landing in your own sector fills the tank; anywhere else gives half a tank. Out of fuel in the air: you crash and are out.
BOMBING. A bomber over land destroys any airfield, radar station or AA battery it flies over. Radar hit: that sector's Spitfire must land at once on any free airfield. A bombed airfield cannot be used; a sector that has lost all its AA loses its airfields; a Spitfire on an airfield when it is bombed is destroyed.
COLLISIONS. No two planes may end on one square. A bomber ending on (or flying through) your square at your altitude: both crash and you are out; at another altitude you must give way to a free neighbouring square (a free move, which may put you behind a bomber). Flying through a plane at your altitude is a collision too.
ON SCREEN. Each plane is seen from above on its square, carrying a pill: its number (a bomber) or its commander's letter (a Spitfire) on its colour, then its altitude in white on dark; the higher it flies, the farther its shadow falls. A Spitfire carries its commander's colour and letter (the one whose turn it is glows gold), a bomber its number. The small chevrons mark the square behind each bomber. Pick the altitude change with the buttons or Up/Down (L: land), then click a highlighted square: gold squares shoot a bomber down, red ones collide. The wheel or + and - zoom the board about the mouse, a drag pans it, 0 fits it to the window again. With several of you at one machine, the hand-over screen lists what happened since you last flew. Keys: T take off, Space do nothing, U undo since the last spin, F5 save, S skip the bombers' and computers' animations, H this page, Esc leave.";
