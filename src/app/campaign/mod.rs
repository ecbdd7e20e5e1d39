//! The campaign's table: the map of Britain and the near continent, the
//! raids and the wings on it, each group's and Luftflotte's dashboard, the
//! German hand, the weather, the turn track and the score, and every
//! decision of the turn sequence; intercepts fought on the hex board zoom
//! into the Simple Hex screen.
//!
//! The map is a [`Scene`] on the shared [`Table`], which does what every
//! game's table does (events to animations, pacing, the opponent's
//! playback, the hand-over, undo, the log). One file per job: `anim`
//! (events to animations and log lines), `input` (the panel's buttons and
//! the map's clicks to commands), `map` (the map, its overlays and
//! counters), `panels` (the banner, the decision's panel, the information
//! panel, the hand-over), `tips` (the tooltips), `result` (a board battle's result and
//! the campaign's), `new_game`, `names` and `help`.
//!
//! [`CampaignTable`] holds the map's table and, while an intercept is
//! fought on the board, the board's: the campaign itself goes onto the
//! board (as `OnTheBoard`) and comes back when the battle is over, so there
//! is only ever one campaign. What a side may not see stays hidden, as the
//! rules' `sight` says.

mod anim;
pub mod entry;
mod guide;
mod help;
mod input;
mod map;
mod names;
mod new_game;
mod panels;
mod placement;
mod result;
mod tips;

pub use anim::{missed_why, LogLine};
pub use help::HELP;
pub use input::{Choice, Do};
pub use map::{legal_outline_contrast, name_size, CounterLook, MapView};
/// The smallest size a button's label is drawn at (a longer one is cut).
pub const MIN_LABEL_SIZE: f32 = 12.0;
pub use new_game::{new_campaign_screen, weather_title, CampaignNew};
pub use result::{graded_against, placing, result_screen, verdict_text, BoardResult};

use super::board_view::Zoom;
use super::simple_hex::{HexAi, HexScene};
use super::table::{
    Act, Beat, Keeping, Lesson, Parked, Pointer, Scene, Shared, Shown, Table, TableAction,
};
use super::ui::{Layer, Ui};
use super::Players;
use crate::app::family::FamilyScene;
use crate::campaign::ai::Opponents;
use crate::campaign::data::Square;
use crate::campaign::game::{Campaign, Command, Event, Stage};
use crate::campaign::on_board::{OnTheBoard, OnTheFamilyBoard};
use crate::campaign::state::State;
use crate::campaign::tactical;
use crate::common::game::GameKind;
use crate::common::words::count;
use crate::common::Level;
use crate::common::Side;
use crate::family::Seat as FamilySeat;
use crate::record::Player;
use crate::record::{self, campaign::CampaignRecord, RecordError};
use crate::settings::Settings;
use crate::sound::Sfx;
use anim::{Anim, Counters};
use macroquad::prelude::*;
use map::{layout, Layout};
use std::mem::discriminant;

/// The new-campaign and result screens' background.
const BANNER: Color = Color::new(0.16, 0.22, 0.32, 1.0);

/// What a frame of the map knows of its table: whose eyes the screen
/// shows, whose decision it is, and whether anything is still moving.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seen {
    pub viewer: Side,
    /// Whose decision it is, as the screen tells it.
    pub decider: Option<Side>,
    /// The decision is a person's at this machine.
    pub mine: Option<Side>,
    /// No animation is playing.
    pub quiet: bool,
}

/// The campaign's map screen.
/// How long a note stays on the map, in seconds.
const NOTE_TIME: f32 = 4.0;

pub struct CampaignScene {
    /// The side a solo player commands (None: two players).
    solo: Option<Side>,
    /// Where each geschwader's and wing's counter is drawn.
    gpos: Vec<Square>,
    wpos: Vec<Square>,
    /// Bombs and losses flashing on their squares: (square, bombs, age).
    flashes: Vec<(Square, bool, f32)>,
    /// Sentences on the map (why an intercept missed): where, what, age.
    pub notes: Vec<(Square, String, f32)>,
    // The decision being put together.
    pub picked_geschwader: Option<usize>,
    pub picked_wing: Option<usize>,
    pub wave: u8,
    /// Production dice for squadrons (the rest repair the ground).
    pub for_squadrons: u8,
    page: usize,
    /// Legal commands, asked once per command played.
    legal: Vec<Command>,
    legal_key: Option<usize>,
    /// A board battle just over: its result, until "Back to the map".
    pub result: Option<BoardResult>,
    /// The buttons of the last frame and what each does (for scripts and tests).
    pub acts: Vec<Choice>,
    /// Where the first of `acts` was drawn (its top), as last laid out.
    acts_top: f32,
    /// Every line of text the last frame showed (for tests: what a side saw).
    texts: std::cell::RefCell<Vec<String>>,
    pub view: MapView,
    lay: Layout,
    map_layer: Layer<(Rect, Rect, u64)>,
    /// The log's lines, drawn into a texture when they change: a long log is
    /// a thousand glyphs, the software renderer's biggest cost on this table.
    log_layer: std::cell::RefCell<Layer<(Rect, u64)>>,
    /// The coast's edges and the places to name, computed once.
    coast: Vec<(Square, u8)>,
    names: Vec<(Square, String)>,
    /// The map's zoom (1: fitting its area) and pan (pixels from the centre).
    zoom: Zoom,
    /// The window's size at the last frame (a new size fits the map again).
    size: (f32, f32),
    /// The tooltip to draw on top of everything, this frame.
    tip: std::cell::RefCell<Vec<String>>,
    /// The banner as last drawn, and its text size.
    pub header: (String, f32),
    /// Each legal square's colour and the outline drawn on it, last frame.
    pub legal_marks: Vec<(Square, Color, Color)>,
    /// Counters' rectangles, cached with what placed them.
    placed: std::cell::RefCell<Option<map::Placed>>,
    /// Each raid's track this Tally Ho phase, for the events so far.
    tracks: (usize, Vec<Vec<Square>>),
    /// The bottom bar's line as last drawn.
    pub status: String,
    /// The event just animated moved the campaign to another step.
    stepped: bool,
}

impl CampaignScene {
    pub fn new(c: &Campaign, solo: Option<Side>) -> CampaignScene {
        let lay = layout(
            1280.0,
            800.0,
            c.data().map.columns as i32,
            c.data().map.rows as i32,
        );
        CampaignScene {
            solo,
            gpos: Vec::new(),
            wpos: Vec::new(),
            flashes: Vec::new(),
            notes: Vec::new(),
            picked_geschwader: None,
            picked_wing: None,
            wave: 1,
            for_squadrons: 0,
            page: 0,
            legal: Vec::new(),
            legal_key: None,
            result: None,
            acts: Vec::new(),
            acts_top: 0.0,
            texts: Default::default(),
            view: lay.map,
            lay,
            map_layer: Layer::opaque(),
            log_layer: std::cell::RefCell::new(Layer::opaque()),
            coast: Vec::new(),
            names: Vec::new(),
            zoom: Zoom::default(),
            size: (0.0, 0.0),
            tip: Default::default(),
            header: (String::new(), 0.0),
            legal_marks: Vec::new(),
            placed: Default::default(),
            tracks: (usize::MAX, Vec::new()),
            status: String::new(),
            stepped: false,
        }
    }

    /// Whose decision it is as the screen tells it: the side to act, except
    /// that in a solo game the player decides how every intercept is fought.
    fn shown_decider(&self, c: &Campaign) -> Option<Side> {
        match (c.stage(), self.solo) {
            (Stage::HowToFight { .. }, Some(h)) => Some(h),
            _ => c.to_act(),
        }
    }

    /// Whose eyes, whose decision, and whether the screen is quiet.
    fn seen(&self, c: &Campaign, t: &Shared<Self>) -> Seen {
        let decider = self.shown_decider(c);
        let mine = decider.filter(|&s| t.is_human(s));
        Seen {
            viewer: self.solo.or(t.viewer).or(mine).unwrap_or(Side::British),
            decider,
            mine,
            quiet: !t.busy(),
        }
    }

    /// The player has a decision to make on this screen now: the board
    /// battle's result to leave, or a step of the campaign.
    fn mine(&self, c: &Campaign, f: &Seen) -> bool {
        self.result.is_some()
            || (f.quiet && f.mine.is_some() && !matches!(c.stage(), Stage::Battle))
    }

    /// Every line of text the last frame showed (what its viewer saw).
    pub fn texts(&self) -> Vec<String> {
        self.texts.borrow().clone()
    }
}

impl CampaignScene {
    /// The wheel over the map and the + and - keys zoom (about the mouse, or
    /// the middle); a drag or the arrow keys pan; 0 fits the map again.
    fn zoom_and_pan(&mut self, ui: &Ui) {
        let fit = self.lay.map;
        self.zoom.handle(ui, fit.area);
        let step = fit.area.w * 0.1;
        for (k, d) in [
            (KeyCode::Left, vec2(step, 0.0)),
            (KeyCode::Right, vec2(-step, 0.0)),
            (KeyCode::Up, vec2(0.0, step)),
            (KeyCode::Down, vec2(0.0, -step)),
        ] {
            if ui.input.key(k) {
                self.zoom.pan += d;
            }
        }
        // Kept where the map still covers its area.
        let now = fit.zoomed(self.zoom.factor, self.zoom.pan);
        let centred = fit.area.point() + (fit.area.size() - now.rect.size()) / 2.0;
        self.zoom.pan = now.rect.point() - centred;
    }
}

impl Scene for CampaignScene {
    type Game = Campaign;
    type Anim = Anim;
    type Line = LogLine;
    type Opponent = Opponents;

    fn seat_index(seat: Side) -> Option<usize> {
        // As a record lists the players: the Luftwaffe, then the RAF.
        Some(match seat {
            Side::German => 0,
            Side::British => 1,
        })
    }

    /// The board battle's result waits for the side that read it; a battle
    /// on the board is nobody's decision on the map (the board's table
    /// plays it).
    fn decider(&self, c: &Campaign) -> Option<Side> {
        if let Some(r) = &self.result {
            return Some(r.seat);
        }
        if matches!(c.stage(), Stage::Battle) {
            return None;
        }
        self.shown_decider(c)
    }

    /// The old screen's beat: two and a half animation steps between the
    /// computer's commands, so each of its moves can be followed.
    fn pace(&self) -> f32 {
        2.5
    }

    fn card_area(&self) -> Option<Rect> {
        // Over the board: the panel beside it stays in sight.
        Some(self.lay.map.area)
    }

    fn help_page(&self) -> GameKind {
        GameKind::Campaign
    }

    fn layout(&mut self, ui: &Ui, c: &Campaign) {
        self.texts.borrow_mut().clear();
        self.tip.borrow_mut().clear();
        self.acts.clear();
        let m = &c.data().map;
        self.lay = layout(ui.w, ui.h, m.columns as i32, m.rows as i32);
        if self.size != (ui.w, ui.h) {
            // A new window size: the map fits it again.
            self.size = (ui.w, ui.h);
            self.zoom = Zoom::default();
        }
        self.zoom_and_pan(ui);
        self.lay.map = self.lay.map.zoomed(self.zoom.factor, self.zoom.pan);
        self.view = self.lay.map;
    }

    fn animate(
        &mut self,
        _c: &Campaign,
        before: &State,
        event: &Event,
        after: &State,
        out: &mut Vec<Beat<Anim, LogLine>>,
    ) {
        anim::beats(before, event, after, out);
        self.stepped = discriminant(before.stage()) != discriminant(after.stage());
        if self.stepped {
            self.page = 0;
        }
    }

    fn length(&self, a: &Anim) -> f32 {
        anim::length(a)
    }

    fn start(&mut self, a: &Anim, length: f32, sounds: &mut Vec<Sfx>) {
        if let Some(s) = anim::sound(a, length, sounds) {
            sounds.push(s);
        }
        if let (Anim::Flash { at, bombs }, true) = (a, length > 0.0) {
            self.flashes.push((*at, *bombs, 0.0));
        }
        if let Anim::Note { at, text } = a {
            self.notes.push((*at, text.clone(), 0.0));
        }
    }

    fn finish(&mut self, a: Anim) {
        match a {
            Anim::Geschwader { g, to } | Anim::GeschwaderJump { g, to } => {
                if let Some(p) = self.gpos.get_mut(g) {
                    *p = to;
                }
            }
            Anim::Wing { w, to } | Anim::WingJump { w, to } => {
                if let Some(p) = self.wpos.get_mut(w) {
                    *p = to;
                }
            }
            Anim::Sync(now) => {
                self.gpos = now.geschwader;
                self.wpos = now.wings;
            }
            Anim::Flash { .. } | Anim::Pause(_) | Anim::Note { .. } => {}
        }
    }

    fn snap(&mut self, c: &Campaign) {
        let now = Counters::of(c);
        self.gpos = now.geschwader;
        self.wpos = now.wings;
        self.legal_key = None;
        self.picked_wing = None;
    }

    fn tick(&mut self, dt: f32) {
        for f in &mut self.flashes {
            f.2 += dt;
        }
        self.flashes.retain(|f| f.2 < 0.9);
        for n in &mut self.notes {
            n.2 += dt;
        }
        self.notes.retain(|n| n.2 < NOTE_TIME);
    }

    fn input(&mut self, ui: &mut Ui, c: &Campaign, _seat: Side, t: &Shared<Self>) -> Act<Command> {
        self.handle(ui, c, t)
    }

    fn draw(&mut self, ui: &mut Ui, c: &Campaign, t: &Shared<Self>, settings: &Settings) {
        let f = self.seen(c, t);
        // How far the animation at the front has played, at this speed.
        let scale = settings.anim.step_seconds() / 0.18;
        let front = t.front(|a| anim::length(a) * scale);
        self.legal(c);
        self.draw_panels(ui, c, t, &f, front);
        if self.mine(c, &f) {
            self.acts = self.actions(c, &f);
            let top = self.buttons_top(c, &f);
            self.acts_top = top;
            self.draw_buttons(ui, top);
        } else {
            self.acts.clear();
        }
        self.draw_status(ui, c, &f, t.message.as_ref(), t.guide.as_deref());
        // The tooltip over everything, its text too.
        ui.flush_text();
        self.draw_tip(ui);
    }

    fn draw_handover(&self, ui: &Ui, c: &Campaign, side: Side, _t: &Shared<Self>) {
        self.handover(ui, c, side);
    }

    fn took_back(&self, _c: &Campaign, side: Side) -> LogLine {
        let text = format!("The {} takes back its last decision", side.name());
        LogLine {
            raf: text.clone(),
            luftwaffe: text,
            side: Some(side),
        }
    }

    fn played(&mut self, c: &Campaign) {
        // A mission assigned keeps its geschwader picked for the next.
        if !matches!(c.commands().last(), Some(Command::Assign { .. })) {
            self.picked_geschwader = None;
        }
        self.picked_wing = None;
    }

    fn lessons(
        &self,
        _c: &Campaign,
        _before: &State,
        event: &Event,
        _after: &State,
    ) -> Vec<Lesson> {
        self.lessons_for(event)
    }

    fn pointer(&self, c: &Campaign, side: Side, t: &Shared<Self>) -> Option<Pointer> {
        self.pointer_for(c, side, t)
    }
}

/// The intercept on the board: the board's table plays the campaign, and
/// the map's table waits without it.
struct OnBoard {
    table: BoardTable,
    map: Box<Parked<CampaignScene>>,
}

/// The board's table: Simple Hex's, or the family game's.
enum BoardTable {
    Hex(Box<Table<HexScene<OnTheBoard>>>),
    Family(Box<Table<FamilyScene<OnTheFamilyBoard>>>),
}

/// The family game's seats as the campaign's sides: the raid's spins are
/// the Luftwaffe's, the Spitfires the RAF's.
fn side_of(seat: FamilySeat) -> Side {
    match seat {
        FamilySeat::Bombers => Side::German,
        FamilySeat::Commander(_) => Side::British,
    }
}

impl BoardTable {
    fn campaign(&self) -> &Campaign {
        match self {
            BoardTable::Hex(t) => t.game.campaign(),
            BoardTable::Family(t) => t.game.campaign(),
        }
    }
    fn message(&self) -> Option<&str> {
        match self {
            BoardTable::Hex(t) => t.shared.message.as_deref(),
            BoardTable::Family(t) => t.shared.message.as_deref(),
        }
    }
    fn message_mut(&mut self) -> &mut Option<crate::app::table::Message> {
        match self {
            BoardTable::Hex(t) => &mut t.shared.message,
            BoardTable::Family(t) => &mut t.shared.message,
        }
    }
    fn handover(&self) -> Option<Side> {
        match self {
            BoardTable::Hex(t) => t.handover,
            BoardTable::Family(t) => t.handover.map(side_of),
        }
    }
    fn at_rest(&self) -> bool {
        match self {
            BoardTable::Hex(t) => t.at_rest(),
            BoardTable::Family(t) => t.at_rest(),
        }
    }
    fn busy(&self) -> bool {
        match self {
            BoardTable::Hex(t) => t.busy(),
            BoardTable::Family(t) => t.busy(),
        }
    }
    fn card(&self) -> Option<&crate::app::table::Card> {
        match self {
            BoardTable::Hex(t) => t.shared.card(),
            BoardTable::Family(t) => t.shared.card(),
        }
    }
    fn human_turn(&self) -> Option<Side> {
        match self {
            BoardTable::Hex(t) => t.human_turn(),
            BoardTable::Family(t) => t.human_turn().map(side_of),
        }
    }
    fn viewer(&self) -> Option<Side> {
        match self {
            BoardTable::Hex(t) => t.shared.viewer,
            BoardTable::Family(t) => t.shared.viewer.map(side_of),
        }
    }
    fn take_sounds(&mut self, out: &mut Vec<Sfx>) {
        match self {
            BoardTable::Hex(t) => out.append(&mut t.sounds),
            BoardTable::Family(t) => out.append(&mut t.sounds),
        }
    }
    fn scroll_log(&mut self, wheel: f32) {
        match self {
            BoardTable::Hex(t) => t.scroll_log(wheel),
            BoardTable::Family(t) => t.scroll_log(wheel),
        }
    }
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        match self {
            BoardTable::Hex(t) => t.frame(ui, settings),
            BoardTable::Family(t) => t.frame(ui, settings),
        }
    }
    fn take_autosave(&mut self) -> bool {
        match self {
            BoardTable::Hex(t) => std::mem::take(&mut t.keep.autosave_due),
            BoardTable::Family(t) => std::mem::take(&mut t.keep.autosave_due),
        }
    }
    /// The guide's topics explained on the board.
    fn taught(&self) -> &[String] {
        match self {
            BoardTable::Hex(t) => &t.guide.taught,
            BoardTable::Family(t) => &t.guide.taught,
        }
    }
    fn caption(&self) -> String {
        match self {
            BoardTable::Hex(t) => t.scene.caption.clone().unwrap_or_default(),
            BoardTable::Family(t) => t.scene.caption.clone().unwrap_or_default(),
        }
    }
    fn into_campaign(self) -> Campaign {
        match self {
            BoardTable::Hex(t) => t.game.into_campaign(),
            BoardTable::Family(t) => t.game.into_campaign(),
        }
    }
}

/// The table of a campaign in progress: the map's table, or (while an
/// intercept is fought on the hex board) the board's with the map's parked.
pub struct CampaignTable {
    /// Some while the campaign is on the map.
    map: Option<Box<Table<CampaignScene>>>,
    /// Some while it is on the board.
    board: Option<OnBoard>,
    /// The side the human plays; None: two players pass the machine.
    pub human: Option<Side>,
    /// Where the campaign is kept: its slot, its data, whether a save is due.
    pub keep: Keeping,
    /// The guide's topics explained on the boards of this campaign's
    /// battles so far (a later battle does not explain them again).
    board_taught: Vec<String>,
}

impl CampaignTable {
    pub fn new(campaign: Campaign, human: Option<Side>) -> CampaignTable {
        CampaignTable::at(campaign, human, [Level::default(); 2])
    }

    /// A campaign table whose computer sides play at `levels` (the
    /// Luftwaffe's, the RAF's), kept with the seats' players in saves.
    pub fn at(campaign: Campaign, human: Option<Side>, levels: [Level; 2]) -> CampaignTable {
        let players = match human {
            Some(h) => Players::Solo { human: h },
            None => Players::TwoPlayers,
        };
        let scene = CampaignScene::new(&campaign, human);
        let record: Vec<_> = players
            .to_record()
            .into_iter()
            .zip(levels)
            .map(|(p, level)| p.at(level))
            .collect();
        let opponents = Opponents::at(levels[0], levels[1]);
        let mut map = Table::new(campaign, scene, record, opponents);
        map.shared.viewer = human;
        CampaignTable {
            map: Some(Box::new(map)),
            board: None,
            human,
            keep: Keeping::default(),
            board_taught: Vec::new(),
        }
    }

    /// The campaign as its player left it (see `Table::resume`): the
    /// table was made with the campaign as they had seen it, and `full`
    /// is the campaign as they left it. On the map, what they had not
    /// seen yet plays on it; a battle on a board is taken up as it stands.
    pub fn resume(&mut self, full: Campaign, seen: Shown) {
        self.board_taught = seen.taught.clone();
        if let Some(m) = self.map.as_mut() {
            m.resume(full, seen);
        }
    }

    /// Holds a card up on the map's table (see `Table::hold_up`).
    pub fn hold_up(&mut self, card: crate::app::table::Card) {
        if let Some(m) = self.map.as_mut() {
            m.hold_up(card);
        }
    }

    /// How far the player has seen the campaign (on the map; a battle on a
    /// board counts as seen as it stands), and the guide's topics
    /// explained on the map and the boards.
    fn shown(&self) -> Shown {
        let mut taught = self.board_taught.clone();
        let (commands, map_taught) = match (&self.map, &self.board) {
            (Some(m), None) => (m.settled.commands, m.guide.taught.clone()),
            (_, Some(b)) => {
                taught.extend(b.table.taught().iter().cloned());
                (self.campaign().commands().len(), b.map.taught().to_vec())
            }
            (None, None) => (self.campaign().commands().len(), Vec::new()),
        };
        for t in map_taught {
            if !taught.contains(&t) {
                taught.push(t);
            }
        }
        taught.dedup();
        Shown { commands, taught }
    }

    /// The campaign, wherever it is played now (on the map or the board).
    pub fn campaign(&self) -> &Campaign {
        match (&self.map, &self.board) {
            (Some(m), _) => &m.game,
            (None, Some(b)) => b.table.campaign(),
            (None, None) => unreachable!("the campaign is on the map or the board"),
        }
    }

    /// The map's screen (parked while the board is open).
    pub fn scene(&self) -> &CampaignScene {
        match (&self.map, &self.board) {
            (Some(m), _) => &m.scene,
            (None, Some(b)) => &b.map.scene,
            (None, None) => unreachable!("the campaign is on the map or the board"),
        }
    }

    /// What the map's table keeps: the players, the log, the message.
    fn shared(&self) -> &Shared<CampaignScene> {
        match (&self.map, &self.board) {
            (Some(m), _) => &m.shared,
            (None, Some(b)) => &b.map.shared,
            (None, None) => unreachable!("the campaign is on the map or the board"),
        }
    }

    /// The intercept on the hex board, on the Simple Hex screen.
    pub fn sub(&self) -> Option<&Table<HexScene<OnTheBoard>>> {
        match self.board.as_ref().map(|b| &b.table) {
            Some(BoardTable::Hex(t)) => Some(t.as_ref()),
            _ => None,
        }
    }

    /// The intercept on the family board, on the family game's screen.
    pub fn family_sub(&self) -> Option<&Table<FamilyScene<OnTheFamilyBoard>>> {
        match self.board.as_ref().map(|b| &b.table) {
            Some(BoardTable::Family(t)) => Some(t.as_ref()),
            _ => None,
        }
    }

    /// A battle is open on either board.
    pub fn on_a_board(&self) -> bool {
        self.board.is_some()
    }

    /// A board battle just over: its result, until "Back to the map".
    pub fn result(&self) -> Option<&BoardResult> {
        self.scene().result.as_ref()
    }

    /// The buttons of the last frame and what each does.
    pub fn acts(&self) -> &[Choice] {
        &self.scene().acts
    }

    /// Where the map is on screen.
    pub fn view(&self) -> MapView {
        self.scene().view
    }

    /// Every line of text the last frame of the map showed (none while the
    /// board is open).
    pub fn texts(&self) -> Vec<String> {
        match self.board {
            Some(_) => Vec::new(),
            None => self.scene().texts(),
        }
    }

    /// The sentence for the player on the table in front of them.
    pub fn message(&self) -> Option<&str> {
        match (&self.map, &self.board) {
            (_, Some(b)) => b.table.message(),
            _ => self.shared().message.as_deref(),
        }
    }

    pub fn message_mut(&mut self) -> &mut Option<crate::app::table::Message> {
        match (&mut self.map, &mut self.board) {
            (_, Some(b)) => b.table.message_mut(),
            (Some(m), None) => &mut m.shared.message,
            (None, None) => unreachable!("the campaign is on the map or the board"),
        }
    }

    /// Two players: the side that must take the machine before it sees.
    pub fn handover(&self) -> Option<Side> {
        match (&self.map, &self.board) {
            (_, Some(b)) => b.table.handover(),
            (Some(m), None) => m.handover,
            (None, None) => None,
        }
    }

    /// The campaign as a record: on the data it plays on, with how far
    /// the player has seen it.
    pub fn record(&self) -> Result<CampaignRecord, RecordError> {
        let mut r = crate::data::archive::with(self.keep.data, || {
            record::of(
                self.campaign(),
                self.shared().players.clone(),
                std::path::Path::new("."),
            )
        })?;
        r.shown = Some(self.shown());
        Ok(r)
    }

    pub fn is_watching(&self) -> bool {
        false
    }

    /// Nothing moves until a person does (on the map or the board).
    pub fn at_rest(&self) -> bool {
        match (&self.map, &self.board) {
            (_, Some(b)) => b.table.at_rest(),
            (Some(m), None) => m.at_rest(),
            (None, None) => true,
        }
    }

    /// The card held up on the table in front of the player, if one is.
    pub fn card(&self) -> Option<&crate::app::table::Card> {
        match (&self.map, &self.board) {
            (_, Some(b)) => b.table.card(),
            (Some(m), None) => m.shared.card(),
            (None, None) => None,
        }
    }

    /// Animations are playing (on the map or the board).
    pub fn busy(&self) -> bool {
        match (&self.map, &self.board) {
            (_, Some(b)) => b.table.busy(),
            (Some(m), None) => m.busy(),
            (None, None) => false,
        }
    }

    pub fn players(&self) -> Players {
        match self.human {
            Some(h) => Players::Solo { human: h },
            None => Players::TwoPlayers,
        }
    }

    /// Whose decision it is on the map: the side to act, except that in a
    /// solo game the player decides how every intercept is fought.
    pub fn decider(&self) -> Option<Side> {
        self.scene().shown_decider(self.campaign())
    }

    /// The human whose decision it is, if it is a human's.
    pub fn human_turn(&self) -> Option<Side> {
        match (&self.map, &self.board) {
            (_, Some(b)) => b.table.human_turn(),
            (Some(m), None) => m.human_turn(),
            (None, None) => None,
        }
    }

    /// Whose eyes the screen shows: the human's in a solo game; the side
    /// that has the machine with two players.
    pub fn viewer(&self) -> Side {
        let viewer = match &self.board {
            Some(b) => b.table.viewer(),
            None => self.shared().viewer,
        };
        self.human
            .or(viewer)
            .or_else(|| self.human_turn())
            .unwrap_or(Side::British)
    }

    /// A hand card as the German reads it: name, kind, hits.
    pub fn card_entry(&self, card: u16) -> String {
        names::card_entry(self.campaign(), card)
    }

    /// The sounds the tables want played.
    pub fn take_sounds(&mut self) -> Vec<Sfx> {
        let mut out = Vec::new();
        if let Some(m) = &mut self.map {
            out.append(&mut m.sounds);
        }
        if let Some(b) = &mut self.board {
            b.table.take_sounds(&mut out);
        }
        out
    }

    /// Applies the log scroll from this frame's wheel.
    pub fn scroll_log(&mut self, wheel: f32) {
        match (&mut self.map, &mut self.board) {
            (_, Some(b)) => b.table.scroll_log(wheel),
            (Some(m), None) => m.scroll_log(wheel),
            (None, None) => {}
        }
    }

    /// One frame of the table: the map, or the battle on the board.
    /// Draws the table in front of the player as it stands (under a dialog).
    pub fn paint(&mut self, ui: &mut Ui, settings: &Settings) {
        match (&mut self.map, &mut self.board) {
            (_, Some(b)) => match &mut b.table {
                BoardTable::Hex(t) => t.paint(ui, settings),
                BoardTable::Family(t) => t.paint(ui, settings),
            },
            (Some(m), None) => m.paint(ui, settings),
            (None, None) => {}
        }
    }

    pub fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        if self.board.is_some() {
            return self.board_frame(ui, settings);
        }
        let Some(map) = self.map.as_mut() else {
            return TableAction::None;
        };
        let events = map.game.events().len();
        let act = map.frame(ui, settings);
        self.keep.autosave_due |= std::mem::take(&mut map.keep.autosave_due);
        // The intercept about to be fought on the board: zoom in, once the
        // map has shown everything that led to it (nothing new was played
        // this frame and the queue is empty).
        let shown = map.game.events().len() == events && !map.busy();
        if act == TableAction::None
            && shown
            && map.handover.is_none()
            && map.scene.result.is_none()
            && matches!(map.game.stage(), Stage::Battle)
        {
            self.open_battle();
        }
        act
    }

    /// Who meets whom on the board, and where.
    fn caption(c: &Campaign) -> String {
        let Some(t) = c.battle() else {
            return String::new();
        };
        let g = t.geschwader;
        let raf = t
            .units
            .iter()
            .filter(|&&s| c.forces().squadrons[s].side == Side::British)
            .count();
        let lw = t.units.len() - raf;
        if t.is_dogfight() {
            return format!(
                "Dogfight over {}: {} against {} of {}, face down",
                names::square_name(c, c.geschwader()[g].at),
                count(raf, "RAF squadron", "RAF squadrons"),
                lw,
                names::geschwader_name(c, g),
            );
        }
        // A sweep meets only the geschwader's fighters.
        let (what, whom) = if t.game.scenario().is_fighter_battle() {
            ("Fighter battle", "the fighters of ")
        } else {
            ("Intercept", "")
        };
        format!(
            "{what} over {}: the {} ({}) meets {whom}{} ({}); a squadron is four planes",
            names::square_name(c, c.geschwader()[g].at),
            names::wing_name(c, t.wing),
            count(raf, "squadron", "squadrons"),
            names::geschwader_name(c, g),
            count(lw, "squadron", "squadrons")
        )
    }

    /// Opens the Simple Hex table on the campaign's battle: the campaign
    /// itself goes onto the board (as `OnTheBoard`), so the board's moves
    /// are the campaign's, and comes back when the battle is over.
    fn open_battle(&mut self) {
        let Some(map) = self.map.take() else { return };
        if map.game.family_battle().is_some() {
            self.open_family_battle(map);
            return;
        }
        if map.game.battle().is_none() {
            self.map = Some(map);
            return;
        }
        let caption = Self::caption(&map.game);
        // The raid's target and the hits it needs are the Luftwaffe's: a
        // viewer who may not see them is told neither (nor that the target
        // is already knocked out).
        let hidden = parked_viewer_hides_targets(&map);
        // Over a target already knocked out, the bombs count for nothing.
        let reach = map.game.rules().tactical.reveal_reach as usize;
        let stakes = map
            .game
            .battle()
            .filter(|t| t.need == 0 && (t.is_dogfight() || !hidden))
            .map(|t| match t.target {
                _ if t.is_dogfight() => (
                    "Dogfight".to_string(),
                    format!("Face up within {}", count(reach, "hex", "hexes")),
                ),
                Some(card) => (
                    "Bomb score".to_string(),
                    format!(
                        "{} is knocked out: bombs here count for nothing",
                        names::card_name(&map.game, card)
                    ),
                ),
                None => (
                    "Bomb score".to_string(),
                    "No target: bombs here count for nothing".to_string(),
                ),
            });
        let (campaign, parked) = map.into_parts();
        // The map's text is not on screen while the board is.
        parked.scene.texts.borrow_mut().clear();
        let on_board = OnTheBoard::new(campaign).expect("the campaign has a battle on the board");
        let scene = HexScene::new(&on_board);
        let players = parked.shared.players.clone();
        // The computer flies the board at the campaign's levels.
        let opponent = HexAi::from(parked.opponent().hex_board());
        let mut b = Table::new(on_board, scene, players, opponent);
        b.guide.taught = self.board_taught.clone();
        b.scene.caption = Some(caption);
        b.scene.stakes = stakes;
        b.scene.target_hidden = hidden;
        b.shared.viewer = parked.shared.viewer;
        self.board = Some(OnBoard {
            table: BoardTable::Hex(Box::new(b)),
            map: Box::new(parked),
        });
    }

    /// Opens the family game's table on the campaign's intercept on the
    /// family board: the Spitfires are the RAF's (the human's when the
    /// human plays the RAF, or with two players), the raid's spins the
    /// table's.
    fn open_family_battle(&mut self, map: Box<Table<CampaignScene>>) {
        let c = &map.game;
        let Some(t) = c.family_battle() else {
            self.map = Some(map);
            return;
        };
        let g = t.geschwader;
        let caption = format!(
            "Intercept over {}: the {} ({}) against {} ({})",
            names::square_name(c, c.geschwader()[g].at),
            names::wing_name(c, t.wing),
            count(t.raf.len(), "Spitfire", "Spitfires"),
            names::geschwader_name(c, g),
            count(t.luftwaffe.len(), "plane", "planes"),
        );
        let commanders: Vec<Player> = t
            .raf
            .iter()
            .map(|&q| {
                let name = tactical::short_name(&c.forces().squadrons[q].name);
                let human = self.human.is_none_or(|h| h == Side::British);
                Player::new(name, human)
            })
            .collect();
        let hidden = parked_viewer_hides_targets(&map);
        let (campaign, parked) = map.into_parts();
        parked.scene.texts.borrow_mut().clear();
        let on_board =
            OnTheFamilyBoard::new(campaign).expect("the campaign has a battle on the family board");
        let scene = FamilyScene::new(&on_board, &commanders);
        let opponent = parked.opponent().family_board();
        let mut b = Table::new(on_board, scene, commanders, opponent);
        b.guide.taught = self.board_taught.clone();
        // The squadrons are all the RAF player's: no hand-over between them.
        b.shared.one_person = true;
        b.scene.caption = Some(caption);
        b.scene.target_hidden = hidden;
        b.shared.viewer = parked.shared.viewer.map(|s| match s {
            Side::German => FamilySeat::Bombers,
            Side::British => FamilySeat::Commander(0),
        });
        self.board = Some(OnBoard {
            table: BoardTable::Family(Box::new(b)),
            map: Box::new(parked),
        });
    }

    fn board_frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        let Some(b) = self.board.as_mut() else {
            return TableAction::None;
        };
        let act = b.table.frame(ui, settings);
        self.keep.autosave_due |= b.table.take_autosave();
        if act != TableAction::Finished {
            return act;
        }
        // The battle is over on the board: the campaign comes back to the
        // map with its result, as it flowed back.
        let OnBoard { table, map } = self.board.take().expect("the board is open");
        for t in table.taught() {
            if !self.board_taught.contains(t) {
                self.board_taught.push(t.clone());
            }
        }
        let caption = table.caption();
        let last = table.viewer();
        let mut m = Table::from_parts(table.into_campaign(), *map);
        if self.human.is_none() {
            m.shared.viewer = last.or(m.shared.viewer);
        }
        let outcome = m.game.events().iter().rev().find_map(|e| match e {
            Event::BattleResult(o) => Some(o.clone()),
            _ => None,
        });
        if let Some(outcome) = outcome {
            let seat = self
                .human
                .or(m.shared.viewer)
                .or_else(|| m.game.to_act())
                .unwrap_or(Side::British);
            m.scene.result = Some(BoardResult {
                outcome,
                caption,
                seat,
            });
        }
        self.map = Some(m.into());
        self.keep.autosave_due = true;
        TableAction::None
    }
}

/// Whether a battle opened from `map` must keep the raid's target and the
/// hits it needs from its viewer: unless the one person at the screen is
/// the Luftwaffe, who keeps that secret (`campaign::sight`), they stay
/// hidden until the bombs fall.
fn parked_viewer_hides_targets(map: &Table<CampaignScene>) -> bool {
    use crate::campaign::sight::{may_see, Secret};
    let viewer = map.scene.solo.or(map.shared.viewer);
    !viewer.is_some_and(|v| may_see(v, Secret::Targets))
}
