//! The night Blitz on screen: the zone map (the North Sea, Britain and the
//! Channel coast under the sheet's grid) with the bomber's track, the
//! weather it met and the stream; the bomber and its crew; every throw as
//! dice on its table with the row it read lit; the crew's decisions as
//! buttons (or a click on the map for a heading); the log; the debriefing
//! and the tour's tally. Played on the shared table (`app::table`), so
//! saves, the autosave, undo to the last roll, the log and help are the
//! same as the other games'.

pub mod entry;
mod guide;
mod map;
mod panel;
mod text;

pub(crate) use text::label;
use text::line;
pub use text::{question, HELP};

use super::table::{Act, Beat, Lesson, Pointer, Scene, Shared, Table};
use super::ui::{wrap_text, Ui, PAPER};
use crate::blitz::forecast::Outlook;
use crate::blitz::words;
use crate::blitz::{ai, Cause, Command, Ending, Event, Game, Heading, Seat, State, Thrown};
use crate::common::game::GameKind;
use crate::common::words::count;
use crate::record::Player;
use crate::settings::Settings;
use crate::sound::Sfx;
use macroquad::prelude::{Color, Rect};

/// The table the night Blitz is played on.
pub type BlitzTable = Table<BlitzScene>;

/// A new tour on its table, the crew played by a person.
pub fn new_tour(seed: u64) -> Result<BlitzTable, String> {
    let tables = crate::data::load_blitz().map_err(|e| e.to_string())?;
    let game = Game::new(std::sync::Arc::new(tables), Default::default(), seed);
    Ok(blitz_table(game, vec![Player::new("Crew", true)]))
}

pub fn blitz_table(game: Game, players: Vec<Player>) -> BlitzTable {
    Table::new(game, BlitzScene::default(), players, ai::Crew::AUTO)
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
    /// The decision's buttons as last drawn: each command and its button.
    drawn: Vec<(Command, Rect)>,
    /// The forecast of the decision on show, and the position it was made
    /// for (commands and events so far).
    forecast: Option<((usize, usize), Vec<Outlook>)>,
}

/// An animation: a throw coming up on its table.
#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    Throw(Thrown),
}

const WATER: Color = Color::new(0.15, 0.25, 0.40, 1.0);
const LAND: Color = Color::new(0.40, 0.50, 0.30, 1.0);
const GREEN_LAND: Color = Color::new(0.52, 0.52, 0.34, 1.0);
const GREEN_EDGE: Color = Color::new(0.45, 0.85, 0.45, 1.0);
const TRACK: Color = Color::new(1.0, 0.78, 0.25, 1.0);
const STREAM: Color = Color::new(0.95, 0.95, 1.0, 0.16);
const NIGHT: Color = Color::new(0.08, 0.10, 0.16, 1.0);
const LIGHT: Color = Color::new(0.86, 0.88, 0.92, 1.0);

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

    fn card_area(&self) -> Option<Rect> {
        // Over the board: the panel beside it stays in sight.
        Some(self.map)
    }

    fn help_page(&self) -> GameKind {
        GameKind::Blitz
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

    fn lessons(&self, _g: &Game, _before: &State, e: &Event, _after: &State) -> Vec<Lesson> {
        self.lessons_for(e)
    }

    fn pointer(&self, g: &Game, _seat: Seat, t: &Shared<Self>) -> Option<Pointer> {
        self.pointer_for(g, t)
    }
}

/// The measured Blitz spreads, read once.
fn shipped_spreads() -> Option<&'static crate::common::spread::SpreadTable> {
    static SPREADS: std::sync::OnceLock<Option<crate::common::spread::SpreadTable>> =
        std::sync::OnceLock::new();
    SPREADS
        .get_or_init(|| crate::data::shipped_blitz_spreads().ok())
        .as_ref()
}

/// Where a finished tour's rating fell among the automatic crew's tours.
/// None while the tour goes on, or if the table does not load.
pub fn placing(g: &Game) -> Option<crate::app::spread_view::Placing> {
    use crate::blitz::spread;
    if !g.is_over() {
        return None;
    }
    let row = shipped_spreads()?.find(spread::SETTING, spread::TOUR)?;
    Some(crate::app::spread_view::Placing {
        spread: row.spread.clone(),
        value: g.rating(),
        better: spread::BETTER,
        axis: "the tour's rating",
        setting: spread::SETTING.to_string(),
        compared: crate::app::spread_view::Compared::Rated,
    })
}

/// The tour's tally, when the last night is over.
pub fn result_screen(ui: &mut Ui, t: &BlitzTable) -> bool {
    let g = &t.game;
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), NIGHT);
    let title = if g.off_operations() {
        "Taken off operations"
    } else {
        "The tour is over"
    };
    ui.text_centered(title, ui.w / 2.0, 80.0, 44.0, PAPER);
    let raids = g.raids();
    let men_lost =
        |f: fn(&crate::blitz::Raid) -> u8| raids.iter().map(|r| f(r) as usize).sum::<usize>();
    let (killed, captured, wounded) = (
        men_lost(|r| r.killed),
        men_lost(|r| r.captured),
        men_lost(|r| r.wounded),
    );
    let flown = raids.iter().filter(|r| r.flown).count();
    let lost = |c: Cause| raids.iter().filter(|r| r.ending == Ending::Lost(c)).count();
    let mut lines = vec![
        format!(
            "{} flown from {} to {}; {}.",
            count(flown, "mission", "missions"),
            g.tables().calendar.first_night,
            g.night(),
            count(g.points(), "victory point", "victory points")
        ),
        format!(
            "Rating {}: the victory points less the men lost ({} killed, {} captured, {} seriously wounded) and {} written off.",
            g.rating(),
            killed,
            captured,
            wounded,
            count(g.written_off(), "bomber", "bombers")
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
    let e = &g.tables().crew.experience;
    for m in men.iter().filter(|m| first.contains(&&m.name)) {
        lines.push(format!(
            "{}: {} ({}), {}",
            m.name,
            count(m.missions, "mission", "missions"),
            e.rank(m.missions),
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
    // The rating among the automatic crew's tours.
    if let Some(p) = placing(g) {
        let h = (ui.h - y - 110.0).clamp(90.0, 150.0);
        let r = Rect::new((ui.w - w) / 2.0, y + 4.0, w, h);
        crate::app::spread_view::block(
            ui,
            r,
            &p,
            "tour",
            18.0,
            LIGHT,
            crate::app::spread_view::BAR,
        );
        y += h + 8.0;
    }
    let r = Rect::new(
        (ui.w - 260.0) / 2.0,
        (y + 30.0).min(ui.h - 60.0),
        260.0,
        44.0,
    );
    ui.button(r, "Back to the menu")
}
