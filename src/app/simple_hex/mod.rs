//! The Simple Hex screen on the shared table: the mat, the counters, what
//! the active plane may do, the dice and the log. One file per job:
//! `anim` (events to animations and log lines), `input` (mouse and keys to
//! commands), `draw` (the mat, the counters, the panels).
//!
//! The screen works on any game that is a Simple Hex battle ([`HexGame`]):
//! a game of its own, or a campaign's intercept fought on the board, whose
//! moves go to the campaign (there is no second copy of the battle).

mod anim;
mod draw;
pub mod entry;
mod fan;
mod forecast;
mod guide;
mod help;
mod input;
mod new_game;
mod report;

pub use anim::{Burst, LogLine, SpeedDie, SpeedDieState, Verdict};
pub use help::HELP;
pub use new_game::NewGame;

use super::board_view::{BoardView, Zoom};
use super::spread_view::Placing;
use super::table::{Act, Beat, Card, Lesson, Pointer, Scene, Shared, Table};
use super::ui::{Layer, Ui};
use crate::common::game::GameKind;
use crate::common::game::{Opponent, Rules};
use crate::common::hex::Facing;
use crate::common::spread::Better;
use crate::common::Level;
use crate::common::Side;
use crate::settings::{Scheme, Settings};
use crate::simple_hex::ai::Ai;
use crate::simple_hex::forces::{ForcesFile, SharesFile};
pub use crate::simple_hex::HexGame;
use crate::simple_hex::{
    AttackOption, Command, Event, Game, Loc, MoveOptions, PlaneId, Reach, State, Step,
};
use crate::sound::Sfx;
use hexx::Hex;
use macroquad::prelude::*;
use std::marker::PhantomData;

/// Simple Hex's opponent, for any battle on the board.
#[derive(Clone, Default)]
pub struct HexAi(Ai);

impl From<Ai> for HexAi {
    fn from(ai: Ai) -> HexAi {
        HexAi(ai)
    }
}

impl<G: HexGame> Opponent<G> for HexAi {
    fn decide(&mut self, game: &G, seat: Side) -> Option<Command> {
        self.0.decide(game.hex(), seat)
    }
}

/// Where a counter is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Disp {
    hex: Hex,
    facing: Facing,
    visible: bool,
    damaged: bool,
}

/// What the mat's picture depends on: the area it shows, the mat's place in
/// it, the highlighted options, and the planes at rest on it.
type MatKey = (Rect, Rect, Option<(usize, usize)>, u64);

/// What the side panel's picture depends on: its place, the log's top, the
/// score, the log's end and length, and a fighter battle's round and limit.
type PanelKey = (Rect, f32, u32, usize, usize, Option<(u16, u16)>);

/// The Simple Hex screen.
pub struct HexScene<G> {
    pub view: BoardView,
    /// The player's zoom and pan over the mat.
    pub zoom: Zoom,
    disp: Vec<Disp>,
    /// The planes the viewer sees face down, as last drawn.
    face_down: FaceDown,
    /// The dice of the latest roll, and how long they still tumble.
    dice: Vec<(u8, Color)>,
    dice_spin: f32,
    /// The speed dice the side moving now rolled, and how long they still
    /// tumble.
    speed: Vec<SpeedDie>,
    speed_spin: f32,
    explosions: Vec<(Vec2, f32)>,
    /// What the last shots did, written over the planes, and their age.
    /// The results of the last shots: the plane each is about, and its age.
    verdicts: Vec<(PlaneId, anim::Verdict, f32)>,
    /// Steps typed with the keyboard, not yet committed.
    pub pending: Vec<Step>,
    entry_col: i32,
    focus: Option<PlaneId>,
    /// Which facing to show when several end a move on the hovered hex.
    facing_pick: usize,
    /// What the active plane may do (from the rules), and for which point
    /// of the game: (commands, events).
    options: MoveOptions,
    options_key: Option<(usize, usize)>,
    /// The mat drawn once into a texture, and the layout it was drawn for.
    mat: Layer<MatKey>,
    /// The log's text drawn into a texture, and what it showed.
    panel: Layer<PanelKey>,
    /// A line above the banner when the battle is part of something larger
    /// (the campaign's intercepts: who meets whom, and where).
    pub caption: Option<String>,
    /// What the bombs are played for, when it is not the bomb track (a
    /// campaign battle over a target already knocked out: nothing; a
    /// dogfight: no bombs): the panel's heading and its line.
    pub stakes: Option<(String, String)>,
    /// A campaign's bomb run whose target and hits needed the viewer may not
    /// see (the RAF's: `campaign::sight`): the panel gives the score alone.
    pub target_hidden: bool,
    /// The level's name, for the replay of a finished game.
    pub level: String,
    /// The bottom bar's line as last drawn: a preview, a refusal or a hint.
    pub status: String,
    /// Animation lengths at the player's speed over those at normal speed
    /// (as last drawn).
    anim_scale: f32,
    _game: PhantomData<fn() -> G>,
}

/// A game of Simple Hex on its table.
pub type HexTable = Table<HexScene<Game>>;

impl<G: HexGame> HexScene<G> {
    pub fn new(game: &G) -> HexScene<G> {
        let g = game.hex();
        let sc = g.scenario();
        HexScene {
            view: BoardView::fit(sc.columns, sc.rows, Rect::new(0.0, 0.0, 800.0, 600.0)),
            zoom: Zoom::default(),
            disp: Vec::new(),
            face_down: FaceDown::default(),
            dice: Vec::new(),
            dice_spin: 0.0,
            speed: Vec::new(),
            speed_spin: 0.0,
            explosions: Vec::new(),
            verdicts: Vec::new(),
            pending: Vec::new(),
            entry_col: sc.columns as i32 / 2 - 2,
            focus: None,
            facing_pick: 0,
            options: MoveOptions::default(),
            options_key: None,
            mat: Layer::opaque(),
            panel: Layer::opaque(),
            caption: None,
            stakes: None,
            target_hidden: false,
            level: sc.level.clone(),
            status: String::new(),
            anim_scale: 1.0,
            _game: PhantomData,
        }
    }

    /// What the board is announcing now: the results of the last shots.
    pub fn announcements(&self) -> Vec<&'static str> {
        self.verdicts.iter().map(|v| v.1.text()).collect()
    }

    /// Where the screen shows a plane now (its hex and facing), if it shows
    /// it: the display, which may lag the game while animations play.
    pub fn shown(&self, id: PlaneId) -> Option<(Hex, Facing)> {
        self.disp
            .get(id.0 as usize)
            .filter(|d| d.visible)
            .map(|d| (d.hex, d.facing))
    }

    /// The speed dice on show: those the side moving now rolled when it
    /// started to move, each with its plane and whether it is flown.
    pub fn speed_dice(&self) -> &[SpeedDie] {
        &self.speed
    }

    /// The animation at the front of the queue, and how far it has played
    /// (0 to 1) at the player's speed.
    fn front<'a>(&self, t: &'a Shared<Self>) -> Option<(&'a anim::Anim, f32)> {
        let scale = self.anim_scale;
        t.front(|a| anim::length(a) * scale)
    }

    /// The tracer in the air: the shot playing now (`front`, with how far
    /// through it is), and the return fire beside it when there is any.
    fn bursts(&self, front: Option<(&anim::Anim, f32)>) -> Vec<Burst> {
        let Some((
            &anim::Anim::Shot {
                from,
                to,
                hit,
                back,
            },
            k,
        )) = front
        else {
            return Vec::new();
        };
        let at = |p: PlaneId| self.view.center(self.disp[p.0 as usize].hex);
        let size = self.view.size;
        // Both fire at once: the answer flies beside the attack (the line's
        // other side, as it runs the other way).
        let burst =
            |a: PlaneId, b: PlaneId, hit: bool| Burst::at(a, b, at(a), at(b), hit, size, k, -1.0);
        let mut out = vec![burst(from, to, hit)];
        if let Some(hit) = back {
            out.push(burst(to, from, hit));
        }
        out
    }

    /// The height of the banner (taller with a caption).
    fn top(&self) -> f32 {
        if self.caption.is_some() {
            70.0
        } else {
            44.0
        }
    }

    /// Asks the rules what the active plane may do, once per point of the game.
    fn refresh_options(&mut self, g: &Game) {
        let key = (g.commands().len(), g.events().len());
        if self.options_key == Some(key) {
            return;
        }
        self.options_key = Some(key);
        self.focus = None;
        self.options = g.move_options().unwrap_or_default();
    }

    /// The path the mouse would take to end the move on `hex`, with the
    /// facing chosen by the right button when several are possible.
    pub fn path_to(&self, hex: Hex) -> Option<Vec<Step>> {
        let ends = &self.options.ends;
        let n = ends.iter().filter(|e| e.0 == hex).count();
        let pick = self.facing_pick % n.max(1);
        ends.iter()
            .filter(|e| e.0 == hex)
            .nth(pick)
            .map(|e| e.2.clone())
    }
}

/// What a face-down plane's counter shows for its aircraft: no silhouette
/// has this name, so it is a plain square counter.
const FACE_DOWN: &str = "face down";

/// The planes the viewer sees face down (a campaign dogfight's gruppen
/// until an RAF plane comes near), with the gruppe each shows instead of
/// its squadron and aircraft.
#[derive(Clone, Debug)]
struct FaceDown {
    /// Whether the viewer is kept from the gruppen (everyone but the
    /// Luftwaffe's own player).
    hide: bool,
    gruppe: Vec<Option<u8>>,
    /// Each gruppe's name ("Gruppe 2") and short name ("G2").
    labels: Vec<String>,
    shorts: Vec<String>,
}

impl Default for FaceDown {
    fn default() -> FaceDown {
        FaceDown {
            hide: true,
            gruppe: Vec::new(),
            labels: Vec::new(),
            shorts: Vec::new(),
        }
    }
}

impl FaceDown {
    fn of<G: HexGame>(game: &G, hide: bool) -> FaceDown {
        let n = game.hex().planes().len();
        let gruppe: Vec<Option<u8>> = (0..n)
            .map(|i| game.face_down(PlaneId(i as u8)).filter(|_| hide))
            .collect();
        let most = gruppe.iter().flatten().max().map_or(0, |&m| m as usize + 1);
        FaceDown {
            hide,
            gruppe,
            labels: (1..=most).map(|k| format!("Gruppe {k}")).collect(),
            shorts: (1..=most).map(|k| format!("G{k}")).collect(),
        }
    }

    /// The gruppe a face-down plane flies in; None for a plane seen.
    fn gruppe(&self, id: PlaneId) -> Option<u8> {
        self.gruppe.get(id.0 as usize).copied().flatten()
    }

    /// The name on its plate: its squadron's, or its gruppe's face down.
    fn unit<'a>(&'a self, g: &'a Game, id: PlaneId) -> Option<&'a str> {
        match self.gruppe(id) {
            Some(k) => Some(self.labels[k as usize].as_str()),
            None => g.scenario().units[g.plane(id).unit.0 as usize]
                .name
                .as_deref(),
        }
    }

    /// Its aircraft's name (which silhouette) and short name.
    fn aircraft<'a>(&'a self, g: &'a Game, id: PlaneId) -> (&'a str, &'a str) {
        if let Some(k) = self.gruppe(id) {
            (FACE_DOWN, self.shorts[k as usize].as_str())
        } else {
            let a = g.aircraft(id);
            (&a.name, &a.short)
        }
    }

    /// A plane's name on the log and the panel: its unit's name (a
    /// campaign squadron, or its gruppe face down) or its aircraft, and
    /// its colour.
    fn short(&self, g: &State, id: PlaneId) -> String {
        let p = g.plane(id);
        let name = match self.gruppe(id) {
            Some(k) => format!("Gruppe {}", k + 1),
            None => {
                let unit = &g.scenario().units[p.unit.0 as usize].name;
                unit.clone().unwrap_or_else(|| g.aircraft(id).name.clone())
            }
        };
        format!("{name} {}", p.colour.letter())
    }
}

impl<G: HexGame> Scene for HexScene<G> {
    type Game = G;
    type Anim = anim::Anim;
    type Line = LogLine;
    type Opponent = HexAi;

    fn seat_index(seat: Side) -> Option<usize> {
        Some(match seat {
            Side::German => 0,
            Side::British => 1,
        })
    }

    fn card_area(&self) -> Option<Rect> {
        // Over the board: the panel beside it stays in sight.
        Some(self.view.area)
    }

    fn help_page(&self) -> GameKind {
        GameKind::SimpleHex
    }

    fn layout(&mut self, ui: &Ui, game: &G) {
        let (w, h) = (ui.w, ui.h);
        let (top, bottom) = (self.top(), 34.0);
        let area = Rect::new(
            8.0,
            top,
            (w - panel_width(w) - 24.0).max(100.0),
            (h - top - bottom).max(100.0),
        );
        let sc = game.hex().scenario();
        // The mat lies the way that shows it largest (a tall mat across a
        // wide window); the player may zoom and pan from there.
        let lie = BoardView::best_lie(sc.columns, sc.rows, area);
        self.zoom.handle(ui, area);
        self.view = BoardView::fit_zoomed(sc.columns, sc.rows, area, lie, self.zoom);
    }

    fn animate(
        &mut self,
        game: &G,
        before: &State,
        event: &Event,
        after: &State,
        out: &mut Vec<Beat<anim::Anim, LogLine>>,
    ) {
        // The log is read by whoever is at the machine next: a gruppe is
        // named as it is seen now.
        let fd = FaceDown::of(game, self.face_down.hide);
        anim::beats(before, event, after, &fd, out);
        // Between the attacks: what the first came to, on a card.
        if let Event::AttackEnded { attack, .. } = event {
            let g = game.hex();
            if *attack < g.scenario().rules.attacks {
                let r = crate::simple_hex::Report::of(g.events(), Some(*attack));
                let mut lines = report::lines(g, &r, &fd);
                lines.push(format!(
                    "Attack {} next: damaged planes roll for repair, then every plane in the hangar rolls to fly again.",
                    attack + 1
                ));
                out.push(Beat::Card(Card::summary(
                    format!("Attack {attack} is over"),
                    lines,
                )));
            }
        }
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
        let g = game.hex();
        self.disp = (0..g.planes().len())
            .map(|i| {
                let id = PlaneId(i as u8);
                let p = g.plane(id);
                match g.position(id) {
                    Some((hex, facing, _)) if p.loc != Loc::Destroyed => Disp {
                        hex,
                        facing,
                        visible: true,
                        damaged: p.damaged,
                    },
                    _ => Disp {
                        hex: Hex::ZERO,
                        facing: Facing::North,
                        visible: false,
                        damaged: p.damaged,
                    },
                }
            })
            .collect();
        // The side's dice as its events since the round began left them.
        let events = Rules::events(game);
        let from = events
            .iter()
            .rposition(|e| matches!(e, Event::RoundBegan { .. } | Event::AttackEnded { .. }))
            .unwrap_or(0);
        self.speed.clear();
        self.speed_spin = 0.0;
        for e in &events[from..] {
            if let Some(news) = anim::SpeedNews::of(e, g) {
                anim::follow_speed(&mut self.speed, news);
            }
        }
        self.options_key = None;
        self.focus = None;
        self.pending.clear();
    }

    fn tick(&mut self, dt: f32) {
        self.dice_spin = (self.dice_spin - dt).max(0.0);
        self.speed_spin = (self.speed_spin - dt).max(0.0);
        for e in &mut self.explosions {
            e.1 += dt;
        }
        self.explosions.retain(|e| e.1 < 1.2);
        for v in &mut self.verdicts {
            v.2 += dt;
        }
        self.verdicts.retain(|v| v.2 < VERDICT_TIME);
    }

    fn input(&mut self, ui: &mut Ui, game: &G, seat: Side, _t: &Shared<Self>) -> Act<Command> {
        self.handle(ui, game.hex(), seat)
    }

    fn draw(&mut self, ui: &mut Ui, game: &G, t: &Shared<Self>, settings: &Settings) {
        self.face_down = FaceDown::of(game, t.viewer != Some(Side::German));
        self.draw_table(ui, game.hex(), t, settings);
    }

    fn draw_handover(&self, ui: &Ui, _game: &G, side: Side, t: &Shared<Self>) {
        draw::handover(ui, side, &t.log);
    }

    fn took_back(&self, _game: &G, side: Side) -> LogLine {
        LogLine {
            text: format!("{} takes back the last move", side.name()),
            side: Some(side),
        }
    }

    fn played(&mut self, _game: &G) {
        self.pending.clear();
    }

    fn lessons(&self, game: &G, _before: &State, event: &Event, after: &State) -> Vec<Lesson> {
        self.lessons_for(game.hex(), after, event)
    }

    fn pointer(&self, game: &G, seat: Side, t: &Shared<Self>) -> Option<Pointer> {
        self.pointer_for(game.hex(), seat, t)
    }
}

impl<G: HexGame> Table<HexScene<G>> {
    /// What the player's plane may do now: empty unless it is a person's
    /// move and the screen is quiet.
    pub fn options_now(&self) -> (&[Reach], &[AttackOption]) {
        let g = self.game.hex();
        let fresh = self.scene.options_key == Some((g.commands().len(), g.events().len()));
        if fresh && !self.busy() && self.human_turn().is_some() {
            (&self.scene.options.reach, &self.scene.options.attacks)
        } else {
            (&[], &[])
        }
    }

    /// The tracer in the air now (none when no shot is playing: at instant
    /// speed, never).
    pub fn bursts(&self) -> Vec<Burst> {
        self.scene.bursts(self.scene.front(&self.shared))
    }

    /// The side that last had the machine (two players).
    pub fn last_human(&self) -> Option<Side> {
        self.shared.viewer
    }
}

/// A game of Simple Hex on its table: `players` as a record lists them
/// (the Luftwaffe, then the RAF), each computer seat at its level.
pub fn battle(game: Game, players: Vec<crate::record::Player>) -> HexTable {
    let scene = HexScene::new(&game);
    let level = |i: usize| players.get(i).map(|p| p.level).unwrap_or_default();
    let opponent = HexAi(Ai::at(level(0), level(1)));
    Table::new(game, scene, players, opponent)
}

/// A game's summary for the result screen.
/// The debriefing of a finished battle: what decided it, then its account
/// (bombs by bomber, losses by side and cause, the damaged).
pub fn debrief<G: HexGame>(b: &Table<HexScene<G>>) -> (String, Vec<String>) {
    let g = b.game.hex();
    let r = crate::simple_hex::Report::of(g.events(), None);
    let fd = FaceDown::of(&b.game, b.scene.face_down.hide);
    (report::verdict(g, &r), report::lines(g, &r, &fd))
}

/// The difficulty settings and their measured shares, read once (the
/// new-game screen lists them; the end screen grades against them).
pub fn shipped_shares() -> &'static Result<(ForcesFile, SharesFile), String> {
    static SHARES: std::sync::OnceLock<Result<(ForcesFile, SharesFile), String>> =
        std::sync::OnceLock::new();
    SHARES.get_or_init(|| crate::data::shipped_shares().map_err(|e| e.to_string()))
}

/// Where a finished game's bomb score fell among the computer's games won
/// the same way at its settings: its level, forces and rules, and the
/// computer's level (the Veteran's for two players; the top level for a
/// game saved with a level since merged). None if that row is not
/// measured (a level file of the player's own) or the game is not over.
pub fn placing(b: &HexTable) -> Option<Placing> {
    let g = &b.game;
    let luftwaffe = g.winner()? == Side::German;
    let (forces, shares) = shipped_shares().as_ref().ok()?;
    let sc = g.scenario();
    let crane = g.options().damaged_bombers_cannot_defend;
    let top = *crate::simple_hex::ai::LEVELS.last()?;
    let computer = b.shared.players.iter().find(|p| !p.human);
    let level = computer.map_or(Level::Veteran, |p| p.level).min(top);
    let row = shares.find(&sc.level, &sc.difficulty, crane, level)?;
    let need = sc.rules.target_points as i32;
    let label = forces
        .setting(&row.difficulty)
        .map_or(row.difficulty.as_str(), |s| s.label.as_str());
    Some(Placing {
        spread: row.scores.only(|v| (v >= need) == luftwaffe),
        value: g.score() as i32,
        better: if luftwaffe {
            Better::Higher
        } else {
            Better::Lower
        },
        axis: "final bomb score",
        setting: format!("{} against {}; {label}", level.name(), level.name()),
        compared: crate::app::spread_view::Compared::Won,
    })
}

pub fn losses_by_side(game: &Game) -> Vec<(Side, String, u32, u32)> {
    let sc = game.scenario();
    sc.aircraft
        .iter()
        .enumerate()
        .filter(|(i, _)| sc.units.iter().any(|u| u.aircraft == *i))
        .map(|(i, a)| {
            let total = game.planes().iter().filter(|p| p.aircraft == i).count() as u32;
            let lost = game
                .planes()
                .iter()
                .filter(|p| p.aircraft == i && p.loc == Loc::Destroyed)
                .count() as u32;
            (a.side, a.name.clone(), lost, total)
        })
        .collect()
}

pub fn scheme_name(s: Scheme) -> &'static str {
    match s {
        Scheme::Classic => "classic",
        Scheme::HighContrast => "high contrast",
    }
}

/// The side panel's width (score, sides, dice, log) in a window `w` wide.
fn panel_width(w: f32) -> f32 {
    (w * 0.24).clamp(250.0, 340.0)
}

/// How long a shot's result stays written over the plane, in seconds.
const VERDICT_TIME: f32 = 1.8;
