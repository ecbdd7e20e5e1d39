//! The family game's screen on the shared table: the board, the planes on
//! their squares over their shadows, the spinner, the commanders' cards and
//! the log. One file per job: `anim` (events to animations and log lines),
//! `input` (the altitude buttons, keys and clicks to commands), `draw` (the
//! board, planes and panels), `new_game` (the new-game and result screens
//! and the rules page).

mod anim;
mod draw;
pub mod entry;
mod guide;
mod input;
mod new_game;

pub use anim::{missed, LogLine};
pub use new_game::{help, help_for};
pub use new_game::{new_game_screen, placing, result_screen, FamilyNew, SeatChoice};

use super::board_view::{BoardView, Lie, Zoom};
use super::table::{Act, Beat, Lesson, Pointer, Scene, Shared, Table};
use super::ui::{Layer, Ui};
use crate::app::ui::paint::clear_background;
use crate::common::game::GameKind;
use crate::common::hex::Facing;
use crate::family::ai::Ai;
use crate::family::{Choice, Command, Event, FamilyGame, Game, Seat, SectorColour, State};
use crate::record::Player;
use crate::settings::Settings;
use crate::sound::Sfx;
use hexx::Hex;
use macroquad::prelude::*;

/// The table's colour round the board (and under it, in the board's layer).
const TABLE: Color = Color::new(0.20, 0.27, 0.34, 1.0);

/// Where a bomber is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BDisp {
    pub hex: Hex,
    pub facing: Facing,
    pub altitude: u8,
    /// A campaign raid's plane that has left the board (not drawn).
    pub gone: bool,
}

/// A plane of the spinner's, as the log and the spinner name it: "Bomber
/// 2", or in a campaign's raid "Escort 2" for a fighter of the raid.
pub fn plane_name(g: &Game, bomber: u8) -> String {
    let kind = if g.scenario().is_escort(bomber) {
        "Escort"
    } else {
        "Bomber"
    };
    format!("{kind} {}", bomber + 1)
}

/// Where a Spitfire is drawn: the way it faces is the way it last flew.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SDisp {
    hex: Hex,
    facing: Facing,
    altitude: u8,
    fuel: u8,
    kills: u8,
    visible: bool,
}

/// The altitude change the player has picked for the next click.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Change altitude by this much (0: level); then move or stay.
    Change(i8),
    Land,
}

impl Mode {
    pub fn label(self) -> &'static str {
        match self {
            Mode::Change(2) => "Climb 2",
            Mode::Change(1) => "Climb 1",
            Mode::Change(0) => "Level",
            Mode::Change(-1) => "Dive 1",
            Mode::Change(-2) => "Dive 2",
            Mode::Change(_) => "?",
            Mode::Land => "Land",
        }
    }
}

/// The family game's screen, on a family game or (`G`) a campaign's
/// intercept fought on the family board.
pub struct FamilyScene<G = Game> {
    pub view: BoardView,
    /// The player's zoom and pan over the board.
    pub zoom: Zoom,
    /// The board's name, for the replay of a finished game.
    pub board: String,
    /// The commanders' names, in seat order (for the log).
    names: Vec<Player>,
    /// Where each feature of the board is (for its explosion).
    feature_hexes: Vec<Hex>,
    bdisp: Vec<BDisp>,
    sdisp: Vec<SDisp>,
    knocked: Vec<bool>,
    /// The spinner on screen: face showing, seconds left spinning, caption.
    spin_face: u8,
    spin_left: f32,
    spin_len: f32,
    spin_caption: String,
    /// The bottom bar's line as last drawn.
    pub status: String,
    pub mode: Mode,
    /// What each square the player may click does (from the rules), for
    /// this point of the game and altitude change.
    pub choices: Vec<Choice>,
    cache_key: Option<(usize, Mode)>,
    /// Explosions and shots by square (so they stay put when the board is
    /// zoomed), with their age.
    explosions: Vec<(Hex, f32)>,
    shots: Vec<(Hex, Hex, f32)>,
    /// A commander's flight whose log line waits for its end.
    flight: Option<anim::Flight>,
    /// The board drawn once into a texture, for where it lies on screen.
    mat: Layer<(Rect, Rect, u64, u64)>,
    panel: Layer<(Rect, u64)>,
    /// Who meets whom, above the board (a campaign's intercept).
    pub caption: Option<String>,
    /// A campaign's raid whose target the viewer may not see (the RAF's:
    /// `campaign::sight`): the north edge names no target.
    pub target_hidden: bool,
    game: std::marker::PhantomData<fn() -> G>,
}

/// A family game on its table.
pub type FamilyTable = Table<FamilyScene>;

/// A Spitfire with this much fuel or less is warned on the table, its gauge
/// turns red and the log says so: it must soon land or fall.
pub const LOW_FUEL: u8 = 3;

pub fn sector_colour(c: SectorColour) -> Color {
    match c {
        SectorColour::Red => Color::new(0.82, 0.16, 0.14, 1.0),
        SectorColour::Blue => Color::new(0.16, 0.36, 0.86, 1.0),
        SectorColour::Green => Color::new(0.10, 0.58, 0.22, 1.0),
        SectorColour::Yellow => Color::new(0.95, 0.76, 0.08, 1.0),
    }
}

/// A commander's name and sector colour, as the screen says it.
fn name(g: &Game, players: &[Player], seat: u8) -> String {
    let s = g.spitfire(seat);
    let colour = g.scenario().sectors[s.sector as usize].colour;
    let who = players
        .get(seat as usize)
        .map_or("Commander", |p| p.name.as_str());
    format!("{who} ({})", colour.name())
}

fn colour_of(g: &Game, seat: u8) -> Color {
    let s = g.spitfire(seat);
    sector_colour(g.scenario().sectors[s.sector as usize].colour)
}

impl<G: FamilyGame> FamilyScene<G> {
    pub fn new(game: &G, commanders: &[Player]) -> FamilyScene<G> {
        let game = game.family();
        let sc = game.scenario();
        FamilyScene {
            names: commanders.to_vec(),
            feature_hexes: sc.features.iter().map(|f| f.hex).collect(),
            view: BoardView::fit(
                sc.grid.columns(),
                sc.grid.rows(),
                Rect::new(0.0, 0.0, 800.0, 600.0),
            ),
            zoom: Zoom::default(),
            board: sc.board.clone(),
            bdisp: Vec::new(),
            sdisp: Vec::new(),
            knocked: vec![false; sc.features.len()],
            spin_face: 0,
            spin_left: 0.0,
            spin_len: 1.0,
            spin_caption: String::new(),
            status: String::new(),
            mode: Mode::Change(0),
            choices: Vec::new(),
            cache_key: None,
            explosions: Vec::new(),
            shots: Vec::new(),
            flight: None,
            mat: Layer::opaque(),
            panel: Layer::opaque(),
            caption: None,
            target_hidden: false,
            game: std::marker::PhantomData,
        }
    }

    /// Planes, fuel, kills and bomb damage drawn where the game has them.
    fn sync(&mut self, g: &Game) {
        self.bdisp = g
            .bombers()
            .iter()
            .map(|b| BDisp {
                hex: b.hex,
                facing: b.facing,
                altitude: b.altitude,
                gone: b.gone.is_some(),
            })
            .collect();
        let facings: Vec<Facing> = self.sdisp.iter().map(|d| d.facing).collect();
        self.sdisp = g
            .spitfires()
            .iter()
            .enumerate()
            .map(|(i, s)| SDisp {
                hex: s.hex,
                facing: facings.get(i).copied().unwrap_or(Facing::North),
                altitude: s.altitude,
                fuel: s.fuel,
                kills: s.kills,
                visible: s.in_play(),
            })
            .collect();
        self.knocked = (0..g.scenario().features.len())
            .map(|f| g.is_knocked_out(f))
            .collect();
    }

    /// The squares the player may click for the altitude change picked: the
    /// rules' choices, one a square (the safer, and the one that shoots).
    fn refresh_choices(&mut self, g: &Game) {
        let key = (g.commands().len(), self.mode);
        if self.cache_key == Some(key) {
            return;
        }
        self.cache_key = Some(key);
        self.choices.clear();
        let Some(seat) = g.commander() else {
            return;
        };
        let airborne = g.spitfire(seat).airborne();
        let mode = self.mode;
        let wanted = |c: &Command| match (*c, g.phase()) {
            (_, crate::family::Phase::Order(_)) => true,
            (Command::Move { climb, .. }, _) => mode == Mode::Change(climb),
            (Command::Climb(c), _) => mode == Mode::Change(c),
            (Command::Wait, _) => mode == Mode::Change(0) && airborne,
            (Command::Land { .. }, _) => mode == Mode::Land,
            _ => false,
        };
        let mut out: Vec<Choice> = Vec::new();
        for choice in g.choices().into_iter().filter(|c| wanted(&c.command)) {
            // Two paths to one square: keep the safer (and the one that shoots).
            match out.iter_mut().find(|o| o.hex == choice.hex) {
                Some(o) if (o.crash && !choice.crash) || o.shoots.len() < choice.shoots.len() => {
                    *o = choice
                }
                Some(_) => {}
                None => out.push(choice),
            }
        }
        self.choices = out;
    }
}

impl<G: FamilyGame> Scene for FamilyScene<G> {
    type Game = G;
    type Anim = anim::Anim;
    type Line = anim::LogLine;
    type Opponent = Ai;

    fn seat_index(seat: Seat) -> Option<usize> {
        match seat {
            Seat::Bombers => None,
            Seat::Commander(i) => Some(i as usize),
        }
    }

    fn card_area(&self) -> Option<Rect> {
        // Over the board: the panel beside it stays in sight.
        Some(self.view.area)
    }

    fn help_page(&self) -> GameKind {
        GameKind::Family
    }

    fn layout(&mut self, ui: &Ui, game: &G) {
        let game = game.family();
        let (w, h) = (ui.w, ui.h);
        let panel_w = (w * 0.27).clamp(270.0, 360.0);
        let (top, bottom, left) = (44.0, 34.0, 160.0);
        let area = Rect::new(
            left + 10.0,
            top + 8.0,
            (w - panel_w - left - 30.0).max(100.0),
            (h - top - bottom - 16.0).max(100.0),
        );
        let sc = game.scenario();
        let (cols, rows) = (sc.grid.columns(), sc.grid.rows());
        // The board lies as printed, north at the top (as the spinner's
        // arrows and the rules' compass have it), even where lying across
        // would show it a little larger; the player may zoom and pan.
        self.zoom.handle(ui, area);
        self.view = BoardView::fit_zoomed(cols, rows, area, Lie::Upright, self.zoom);
        if ui.draw {
            clear_background(TABLE);
        }
    }

    fn animate(
        &mut self,
        game: &G,
        before: &State,
        event: &Event,
        after: &State,
        out: &mut Vec<Beat<anim::Anim, anim::LogLine>>,
    ) {
        let game = game.family();
        anim::beats(
            game,
            &self.names,
            &mut self.flight,
            before,
            event,
            after,
            out,
        );
    }

    fn length(&self, a: &anim::Anim) -> f32 {
        anim::length(a)
    }

    fn start(&mut self, a: &anim::Anim, length: f32, sounds: &mut Vec<Sfx>) {
        self.start_anim(a, length, sounds);
    }

    fn finish(&mut self, a: anim::Anim) {
        self.finish_anim(a);
    }

    fn snap(&mut self, game: &G) {
        let game = game.family();
        self.sync(game);
        self.cache_key = None;
        self.flight = None;
    }

    fn settle(&mut self, game: &G) {
        let game = game.family();
        // Whatever the animations did, the picture ends where the game is.
        self.sync(game);
    }

    fn tick(&mut self, dt: f32) {
        self.spin_left = (self.spin_left - dt).max(0.0);
        for e in &mut self.explosions {
            e.1 += dt;
        }
        self.explosions.retain(|e| e.1 < 0.9);
        for s in &mut self.shots {
            s.2 += dt;
        }
        self.shots.retain(|s| s.2 < 0.45);
    }

    fn input(&mut self, ui: &mut Ui, game: &G, seat: Seat, _t: &Shared<Self>) -> Act<Command> {
        let game = game.family();
        match seat {
            Seat::Commander(s) => self.handle_human(ui, game, s),
            Seat::Bombers => Act::None,
        }
    }

    fn draw(&mut self, ui: &mut Ui, game: &G, t: &Shared<Self>, settings: &Settings) {
        let game = game.family();
        self.draw_table(ui, game, t, settings.scheme);
    }

    fn draw_handover(&self, ui: &Ui, game: &G, seat: Seat, t: &Shared<Self>) {
        let game = game.family();
        if let Seat::Commander(s) = seat {
            draw::handover(ui, game, s, t, self);
        }
    }

    fn took_back(&self, game: &G, seat: Seat) -> anim::LogLine {
        let game = game.family();
        match seat {
            Seat::Commander(s) => anim::LogLine {
                text: format!("{} takes back the last move", name(game, &self.names, s)),
                seat: Some(s),
            },
            Seat::Bombers => anim::LogLine {
                text: "The last move is taken back".into(),
                seat: None,
            },
        }
    }

    fn played(&mut self, _game: &G) {
        self.mode = Mode::Change(0);
    }

    fn lessons(&self, game: &G, _before: &State, event: &Event, _after: &State) -> Vec<Lesson> {
        self.lessons_for(game.family(), event)
    }

    fn pointer(&self, game: &G, seat: Seat, t: &Shared<Self>) -> Option<Pointer> {
        match seat {
            Seat::Commander(s) => self.pointer_for(game.family(), s, t),
            Seat::Bombers => None,
        }
    }
}

/// A family game on its table: `commanders` in seat order.
pub fn family_table(game: Game, commanders: Vec<Player>) -> FamilyTable {
    let scene = FamilyScene::new(&game, &commanders);
    let levels: Vec<_> = commanders.iter().map(|p| p.level).collect();
    Table::new(game, scene, commanders, Ai::with_levels(&levels))
}

impl<G: FamilyGame> Table<FamilyScene<G>> {
    /// The commander the screen waits for, if a person.
    pub fn human_commander(&self) -> Option<u8> {
        match self.human_turn() {
            Some(Seat::Commander(s)) => Some(s),
            _ => None,
        }
    }

    /// What the player may click now: empty unless it is a person's
    /// decision and the screen is quiet.
    pub fn choices_now(&self) -> &[Choice] {
        let fresh =
            self.scene.cache_key == Some((self.game.family().commands().len(), self.scene.mode));
        if fresh && !self.busy() && self.human_commander().is_some() {
            &self.scene.choices
        } else {
            &[]
        }
    }

    /// The spinner's needle is still turning.
    pub fn spinning(&self) -> bool {
        self.scene.spin_left > 0.0
    }

    /// A commander's name and colour.
    pub fn name(&self, seat: u8) -> String {
        name(self.game.family(), &self.shared.players, seat)
    }

    /// The commanders, in seat order.
    pub fn commanders(&self) -> &[Player] {
        &self.shared.players
    }

    /// A sentence for a choice under the mouse.
    pub fn describe(&self, c: &Choice) -> String {
        draw::describe(self.game.family(), c)
    }
}
