//! Input that is not a person: a scripted player that plays whole games
//! through the screens (it reads what the screen shows and clicks or presses
//! keys, never calling the engine), and a monkey that sends random input.

use super::family::{FamilyBattle, Mode};
use super::simple_hex::{HexGame, HexScene};
use super::table::Table;
use super::ui::InputFrame;
use super::{App, Screen};
use crate::simple_hex::{Phase, PlaneId};
use ::rand::{RngExt, SeedableRng};
use macroquad::prelude::*;
use rand_chacha::ChaCha8Rng;

/// A player made of code that drives the screens through a whole game.
pub trait Script {
    /// The next frame's input, looking at what `app` showed last frame.
    fn next(&mut self, app: &App) -> InputFrame;
    /// File names of the screenshots due so far (moments reached).
    fn shots(&self) -> Vec<&'static str>;
    /// The game is over and its result screen has been seen.
    fn done(&self) -> bool;
}

impl Script for ScriptedPlayer {
    fn next(&mut self, app: &App) -> InputFrame {
        ScriptedPlayer::next(self, app)
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.iter().map(|m| m.file()).collect()
    }
    fn done(&self) -> bool {
        self.done
    }
}

impl Script for FamilyScript {
    fn next(&mut self, app: &App) -> InputFrame {
        FamilyScript::next(self, app)
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.iter().map(|m| m.file()).collect()
    }
    fn done(&self) -> bool {
        self.done
    }
}

/// Moments worth a screenshot, in the order a game meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    Menu,
    Help,
    Settings,
    NewGame,
    Handover,
    Selection,
    CombatPreview,
    OpponentTurn,
    Result,
}

impl Moment {
    pub fn file(self) -> &'static str {
        match self {
            Moment::Menu => "menu.png",
            Moment::Help => "help.png",
            Moment::Settings => "settings.png",
            Moment::NewGame => "new-game.png",
            Moment::Handover => "handover.png",
            Moment::Selection => "selection.png",
            Moment::CombatPreview => "combat-preview.png",
            Moment::OpponentTurn => "opponent-turn.png",
            Moment::Result => "result.png",
        }
    }
}

/// Plays a game from the main menu to the result screen.
pub struct ScriptedPlayer {
    /// Which of the new-game screen's player choices to click to (0 RAF solo,
    /// 2 two players).
    pub players: usize,
    pub seed: String,
    hovered: Option<PlaneId>,
    wait: u32,
    /// Moments reached (the caller takes screenshots).
    pub seen: Vec<Moment>,
    pub done: bool,
}

fn center(r: Rect) -> (f32, f32) {
    (r.x + r.w / 2.0, r.y + r.h / 2.0)
}

impl ScriptedPlayer {
    pub fn new(players: usize, seed: u64) -> ScriptedPlayer {
        ScriptedPlayer {
            players,
            seed: seed.to_string(),
            hovered: None,
            wait: 0,
            seen: Vec::new(),
            done: false,
        }
    }

    fn click_button(app: &App, prefix: &str) -> Option<InputFrame> {
        app.buttons
            .iter()
            .find(|b| b.label.starts_with(prefix))
            .map(|b| {
                let (x, y) = center(b.rect);
                InputFrame::click_at(x, y)
            })
    }

    fn moment(&mut self, m: Moment) -> bool {
        if self.seen.contains(&m) {
            false
        } else {
            self.seen.push(m);
            true
        }
    }

    /// The next frame's input, looking at what `app` showed last frame. Each
    /// frame stands for 50 ms of the game's clock, so animations still play
    /// (and can be photographed) but a whole game takes few frames.
    pub fn next(&mut self, app: &App) -> InputFrame {
        let mut f = self.decide(app);
        f.dt = 0.05;
        f
    }

    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        // Give every screen a frame to lay out its buttons.
        if app.buttons.is_empty() && !matches!(app.top(), Screen::Battle(_)) {
            return InputFrame::idle();
        }
        match app.top() {
            Screen::Menu => {
                self.moment(Moment::Menu);
                // Look at the help and the settings first, as a newcomer might.
                let next = if !self.seen.contains(&Moment::Help) {
                    "Rules and controls"
                } else if !self.seen.contains(&Moment::Settings) {
                    "Settings"
                } else {
                    "New game"
                };
                Self::click_button(app, next).unwrap_or_default()
            }
            Screen::Help { .. } => {
                if self.moment(Moment::Help) {
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::Settings => {
                if self.moment(Moment::Settings) {
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::NewGame(ng) => {
                if ng.players != self.players {
                    return Self::click_button(
                        app,
                        match ng.players {
                            0 => "Solo: you fly the RAF",
                            1 => "Solo: you fly the Luftwaffe",
                            _ => "Two players",
                        },
                    )
                    .unwrap_or_default();
                }
                if ng.seed != self.seed {
                    // Clear the field, then type the seed.
                    if !ng.seed.is_empty() {
                        return InputFrame::press(KeyCode::Backspace);
                    }
                    return InputFrame {
                        chars: self.seed.chars().collect(),
                        ..InputFrame::idle()
                    };
                }
                if self.moment(Moment::NewGame) {
                    return InputFrame::idle();
                }
                Self::click_button(app, "Start").unwrap_or_default()
            }
            Screen::Battle(b) => self.battle(b),
            Screen::Result(_) => {
                if self.moment(Moment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                self.done = true;
                InputFrame::idle()
            }
            Screen::ConfirmLeave { .. } => InputFrame::press(KeyCode::Escape),
            // An unfinished game of an earlier run is in the autosave.
            Screen::ConfirmNew(_) => {
                Self::click_button(app, "Replace it and start").unwrap_or_default()
            }
            Screen::Load(_) | Screen::SaveSlots(_) => InputFrame::press(KeyCode::Escape),
            Screen::FamilyNew(_)
            | Screen::Family(_)
            | Screen::FamilyResult(_)
            | Screen::CampaignNew(_)
            | Screen::Campaign(_)
            | Screen::CampaignResult(_) => InputFrame::press(KeyCode::Escape),
        }
    }

    fn battle<G: HexGame>(&mut self, b: &Table<HexScene<G>>) -> InputFrame {
        let g = b.game.hex();
        if b.handover.is_some() {
            if self.moment(Moment::Handover) {
                return InputFrame::idle();
            }
            return InputFrame::press(KeyCode::Enter);
        }
        let opponent = g.to_act().is_some_and(|s| !b.shared.is_human(s));
        if b.busy() || opponent {
            // The other side's planes on the move, once the player has flown.
            if b.busy() && opponent && self.seen.contains(&Moment::Selection) {
                self.moment(Moment::OpponentTurn);
            }
            return InputFrame::idle();
        }
        let (highlights, attacks) = b.options_now();
        match g.phase() {
            Phase::Entry { .. } => InputFrame::press(KeyCode::Enter),
            Phase::Moving(m) => {
                // Attack the first target in reach, showing the preview first.
                if let Some(a) = attacks.first() {
                    let t = g.plane(a.target).on_board().expect("targets fly").0;
                    let p = b.scene.view.center(t);
                    if self.hovered != Some(a.target) {
                        self.hovered = Some(a.target);
                        self.moment(Moment::CombatPreview);
                        self.wait = 2;
                        return InputFrame {
                            mouse: (p.x, p.y),
                            ..InputFrame::idle()
                        };
                    }
                    self.hovered = None;
                    return InputFrame::click_at(p.x, p.y);
                }
                if m.remaining() == 0 {
                    return InputFrame::press(KeyCode::Space);
                }
                // Otherwise fly to the end hex nearest the enemy's end.
                let Some(h) = highlights.iter().filter(|h| h.end).max_by_key(|h| {
                    let me = g.plane(m.plane).side;
                    let end = g.scenario().end_of(me.other());
                    -g.board().rows_to(h.hex, end)
                }) else {
                    // Only exits are left: fly straight on.
                    return InputFrame {
                        keys: vec![KeyCode::Up, KeyCode::Enter],
                        ..InputFrame::idle()
                    };
                };
                let p = b.scene.view.center(h.hex);
                if self.hovered != Some(PlaneId(u8::MAX)) {
                    self.hovered = Some(PlaneId(u8::MAX));
                    self.moment(Moment::Selection);
                    self.wait = 2;
                    return InputFrame {
                        mouse: (p.x, p.y),
                        ..InputFrame::idle()
                    };
                }
                self.hovered = None;
                InputFrame::click_at(p.x, p.y)
            }
            _ => InputFrame::idle(),
        }
    }
}

/// Moments of a family game worth a screenshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyMoment {
    Menu,
    Help,
    NewGame,
    Handover,
    Spinner,
    Choice,
    BehindAndLevel,
    Order,
    Result,
}

impl FamilyMoment {
    pub fn file(self) -> &'static str {
        match self {
            FamilyMoment::Menu => "family-menu.png",
            FamilyMoment::Help => "family-help.png",
            FamilyMoment::NewGame => "family-new-game.png",
            FamilyMoment::Handover => "family-handover.png",
            FamilyMoment::Spinner => "family-spinner.png",
            FamilyMoment::Choice => "family-choice.png",
            FamilyMoment::BehindAndLevel => "family-behind-and-level.png",
            FamilyMoment::Order => "family-order.png",
            FamilyMoment::Result => "family-result.png",
        }
    }
}

/// Plays a family game from the main menu to the result screen, every
/// commander a human at the keyboard. What to do is the commander AI's
/// choice; how it is done is all clicks and keys on what the screen shows.
pub struct FamilyScript {
    pub commanders: usize,
    /// 0: the full board, 1: the kitchen table.
    pub board: usize,
    pub seed: String,
    wait: u32,
    hovered: Option<(f32, f32)>,
    /// The decision worked out for the game at this many commands.
    planned: Option<(usize, crate::family::Command)>,
    pub seen: Vec<FamilyMoment>,
    pub done: bool,
}

impl FamilyScript {
    pub fn new(commanders: usize, board: usize, seed: u64) -> FamilyScript {
        FamilyScript {
            commanders,
            board,
            seed: seed.to_string(),
            wait: 0,
            hovered: None,
            planned: None,
            seen: Vec::new(),
            done: false,
        }
    }

    fn moment(&mut self, m: FamilyMoment) -> bool {
        if self.seen.contains(&m) {
            false
        } else {
            self.seen.push(m);
            true
        }
    }

    pub fn next(&mut self, app: &App) -> InputFrame {
        let mut f = self.decide(app);
        f.dt = 0.05;
        f
    }

    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        if app.buttons.is_empty() && !matches!(app.top(), Screen::Family(_)) {
            return InputFrame::idle();
        }
        let click = |prefix: &str| ScriptedPlayer::click_button(app, prefix).unwrap_or_default();
        match app.top() {
            Screen::Menu => {
                self.moment(FamilyMoment::Menu);
                if !self.seen.contains(&FamilyMoment::Help) {
                    click("Family game rules")
                } else {
                    click("Family game")
                }
            }
            Screen::Help { .. } => {
                if self.moment(FamilyMoment::Help) {
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::FamilyNew(ng) => {
                if ng.board != self.board {
                    return click("Board");
                }
                if ng.count != self.commanders {
                    return click("Commanders");
                }
                if ng.editing.is_some() {
                    return click("Seed");
                }
                if ng.seed != self.seed {
                    if !ng.seed.is_empty() {
                        return InputFrame::press(KeyCode::Backspace);
                    }
                    return InputFrame {
                        chars: self.seed.chars().collect(),
                        ..InputFrame::idle()
                    };
                }
                if self.moment(FamilyMoment::NewGame) {
                    return InputFrame::idle();
                }
                click("Start")
            }
            Screen::Family(b) => self.family(app, b),
            Screen::ConfirmNew(_) => click("Replace it and start"),
            Screen::FamilyResult(_) => {
                if self.moment(FamilyMoment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                self.done = true;
                InputFrame::idle()
            }
            _ => InputFrame::press(KeyCode::Escape),
        }
    }

    fn family(&mut self, app: &App, b: &FamilyBattle) -> InputFrame {
        use crate::family::{ai, Command, Phase};
        if b.handover.is_some() {
            if self.moment(FamilyMoment::Handover) {
                return InputFrame::idle();
            }
            return InputFrame::press(KeyCode::Enter);
        }
        if b.spinning() && self.seen.contains(&FamilyMoment::Choice) {
            self.moment(FamilyMoment::Spinner);
        }
        if b.busy() || b.human_turn().is_none() {
            return InputFrame::idle();
        }
        let n = b.game.commands().len();
        let cmd = match self.planned {
            Some((at, c)) if at == n => c,
            _ => {
                let Some(c) = ai::decide(&b.game) else {
                    return InputFrame::idle();
                };
                self.planned = Some((n, c));
                c
            }
        };
        let choices = b.choices_now();
        let target_mode = match cmd {
            Command::TakeOff => return InputFrame::press(KeyCode::T),
            Command::Wait => return InputFrame::press(KeyCode::Space),
            Command::Climb(c) | Command::Move { climb: c, .. } => Some(Mode::Change(c)),
            Command::Land { .. } => Some(Mode::Land),
            _ => None,
        };
        if let Some(m) = target_mode {
            if b.mode != m {
                return ScriptedPlayer::click_button(app, m.label()).unwrap_or_default();
            }
        }
        let hex = match cmd {
            Command::Move { to, .. } => to,
            Command::Land { at } | Command::RadarLand { at } => at,
            Command::GiveWay { to } => to,
            _ => b.game.spitfire(b.human_turn().expect("a human's turn")).hex,
        };
        let Some(c) = choices.iter().find(|c| c.hex == hex) else {
            // The screen has not laid out this decision's squares yet.
            return InputFrame::idle();
        };
        let p = b.view.center(c.hex);
        if self.hovered != Some((p.x, p.y)) {
            self.hovered = Some((p.x, p.y));
            let m = if !c.shoots.is_empty() {
                FamilyMoment::BehindAndLevel
            } else if matches!(b.game.phase(), Phase::Order(_)) {
                FamilyMoment::Order
            } else {
                FamilyMoment::Choice
            };
            if self.moment(m) {
                self.wait = 2;
            }
            return InputFrame {
                mouse: (p.x, p.y),
                ..InputFrame::idle()
            };
        }
        self.hovered = None;
        InputFrame::click_at(p.x, p.y)
    }
}

/// Random input: clicks (often on buttons), keys, wheel and the close button.
pub struct Monkey {
    rng: ChaCha8Rng,
}

const KEYS: [KeyCode; 24] = [
    KeyCode::Escape,
    KeyCode::Enter,
    KeyCode::Space,
    KeyCode::Tab,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Q,
    KeyCode::E,
    KeyCode::U,
    KeyCode::H,
    KeyCode::S,
    KeyCode::F,
    KeyCode::L,
    KeyCode::N,
    KeyCode::C,
    KeyCode::Y,
    KeyCode::M,
    KeyCode::Backspace,
    KeyCode::F5,
    KeyCode::A,
    KeyCode::D,
    KeyCode::W,
];

impl Monkey {
    pub fn new(seed: u64) -> Monkey {
        Monkey {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    pub fn next(&mut self, app: &App, w: f32, h: f32) -> InputFrame {
        let mut f = InputFrame::idle();
        f.mouse = (self.rng.random_range(0.0..w), self.rng.random_range(0.0..h));
        match self.rng.random_range(0..100) {
            0..=29 => {
                // a button, so the monkey gets around the screens
                if !app.buttons.is_empty() {
                    let b = &app.buttons[self.rng.random_range(0..app.buttons.len())];
                    f.mouse = center(b.rect);
                }
                f.clicked = true;
            }
            30..=54 => f.clicked = true,
            55..=84 => f.keys.push(KEYS[self.rng.random_range(0..KEYS.len())]),
            85..=89 => f.wheel = self.rng.random_range(-3.0..3.0),
            90..=93 => f.right_clicked = true,
            94 => f.chars = vec![char::from(b'0' + self.rng.random_range(0..10u8))],
            95 => f.quit = true,
            _ => {}
        }
        f
    }
}

/// Moments of a campaign worth a screenshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CampaignMoment {
    Menu,
    NewGame,
    TurnStart,
    Raids,
    InterceptChoice,
    HowToFight,
    HexBattle,
    BattleResult,
    MapAfter,
    RafMovement,
    Handover,
    Result,
}

impl CampaignMoment {
    pub fn file(self) -> &'static str {
        match self {
            CampaignMoment::Menu => "campaign-menu.png",
            CampaignMoment::NewGame => "campaign-new.png",
            CampaignMoment::TurnStart => "campaign-turn-start.png",
            CampaignMoment::Raids => "campaign-raids.png",
            CampaignMoment::InterceptChoice => "campaign-intercept-choice.png",
            CampaignMoment::HowToFight => "campaign-how-to-fight.png",
            CampaignMoment::HexBattle => "campaign-hex-battle.png",
            CampaignMoment::BattleResult => "campaign-battle-result.png",
            CampaignMoment::MapAfter => "campaign-map-after.png",
            CampaignMoment::RafMovement => "campaign-raf-movement.png",
            CampaignMoment::Handover => "campaign-handover.png",
            CampaignMoment::Result => "campaign-result.png",
        }
    }
}

/// Plays a campaign through the screens: from the main menu to a new
/// campaign, then turn after turn. What to decide is the campaign opponent's
/// choice for the player's side (the hex board for the first intercepts);
/// how it is done is all clicks on the panel's buttons and the map's squares,
/// and on the hex board the Simple Hex scripted player's clicks and keys.
pub struct CampaignScript {
    /// New-campaign choices: players (0 RAF solo, 1 Luftwaffe solo, 2 two
    /// players), weather rule and battles (indices), seed.
    pub players: usize,
    pub weather: usize,
    pub battles: usize,
    pub seed: String,
    /// Stop once this many turns are played (the campaign's end at most).
    pub turns: u8,
    /// Intercepts to fight on the hex board when asked (the rest with dice).
    pub board_battles: usize,
    /// Then leave, start a two-player campaign and stop at its first hand-over.
    pub handover_demo: bool,
    second: bool,
    hex: ScriptedPlayer,
    wait: u32,
    hovered: Option<(f32, f32)>,
    after_battle: bool,
    pub board_fought: usize,
    pub results_seen: usize,
    pub seen: Vec<CampaignMoment>,
    pub done: bool,
}

impl Script for CampaignScript {
    fn next(&mut self, app: &App) -> InputFrame {
        CampaignScript::next(self, app)
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.iter().map(|m| m.file()).collect()
    }
    fn done(&self) -> bool {
        self.done
    }
}

impl CampaignScript {
    /// The RAF solo, weather dice by phase, intercepts asked for.
    pub fn new(seed: u64) -> CampaignScript {
        CampaignScript {
            players: 0,
            weather: 0,
            battles: 2,
            seed: seed.to_string(),
            turns: 1,
            board_battles: 1,
            handover_demo: false,
            second: false,
            hex: ScriptedPlayer::new(0, seed),
            wait: 0,
            hovered: None,
            after_battle: false,
            board_fought: 0,
            results_seen: 0,
            seen: Vec::new(),
            done: false,
        }
    }

    /// The window's demonstration: a shortened campaign of the RAF solo with
    /// its first intercept on the board (the other side's moves skipped after
    /// the first turn), then a two-player campaign's first hand-over.
    pub fn demo(seed: u64) -> CampaignScript {
        CampaignScript {
            weather: 2,
            turns: u8::MAX,
            handover_demo: true,
            ..CampaignScript::new(seed)
        }
    }

    fn moment(&mut self, m: CampaignMoment) -> bool {
        if self.seen.contains(&m) {
            false
        } else {
            self.seen.push(m);
            true
        }
    }

    pub fn next(&mut self, app: &App) -> InputFrame {
        let mut f = self.decide(app);
        f.dt = 0.05;
        f
    }

    fn click_exact(app: &App, label: &str) -> Option<InputFrame> {
        app.buttons.iter().find(|b| b.label == label).map(|b| {
            let (x, y) = center(b.rect);
            InputFrame::click_at(x, y)
        })
    }

    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        if app.buttons.is_empty() && !matches!(app.top(), Screen::Campaign(_)) {
            return InputFrame::idle();
        }
        let click = |prefix: &str| ScriptedPlayer::click_button(app, prefix).unwrap_or_default();
        match app.top() {
            Screen::Menu => {
                self.moment(CampaignMoment::Menu);
                click("Campaign: the Battle")
            }
            Screen::CampaignNew(ng) => {
                let players = if self.second { 2 } else { self.players };
                if ng.players != players {
                    return click("Players:");
                }
                if ng.weather != self.weather {
                    return click("Weather:");
                }
                if ng.battles != self.battles {
                    return click("Intercepts:");
                }
                if ng.seed != self.seed {
                    if !ng.seed.is_empty() {
                        return InputFrame::press(KeyCode::Backspace);
                    }
                    return InputFrame {
                        chars: self.seed.chars().collect(),
                        ..InputFrame::idle()
                    };
                }
                if !self.second && self.moment(CampaignMoment::NewGame) {
                    return InputFrame::idle();
                }
                click("Start the campaign")
            }
            Screen::Campaign(t) => self.campaign(app, t),
            Screen::ConfirmNew(_) => click("Replace it and start"),
            Screen::CampaignResult(_) => {
                if self.moment(CampaignMoment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                if self.handover_demo && !self.second {
                    // On to a two-player campaign, for its hand-over.
                    self.second = true;
                    return click("Main menu");
                }
                self.done = true;
                InputFrame::idle()
            }
            Screen::ConfirmLeave { .. } if self.second => click("Leave"),
            _ => InputFrame::press(KeyCode::Escape),
        }
    }

    fn campaign(&mut self, app: &App, t: &super::campaign::CampaignTable) -> InputFrame {
        use super::campaign::Do;
        use crate::campaign::ai;
        use crate::campaign::game::{Command, Event, RaidState, Stage};
        if t.handover().is_some() {
            if self.moment(CampaignMoment::Handover) {
                self.wait = 1;
                return InputFrame::idle();
            }
            if self.second {
                self.done = true;
                return InputFrame::idle();
            }
            return InputFrame::press(KeyCode::Enter);
        }
        if self.second {
            // The two-player campaign: every decision as the opponents would.
            if t.busy() || t.human_turn().is_none() {
                return InputFrame::idle();
            }
        }
        if let Some(b) = t.sub() {
            let battle = b.game.hex();
            let flying = battle
                .planes()
                .iter()
                .filter(|p| p.on_board().is_some())
                .count();
            if flying >= 6
                && battle.commands().len() >= 20
                && !b.busy()
                && self.moment(CampaignMoment::HexBattle)
            {
                self.wait = 1;
                return InputFrame::idle();
            }
            return self.hex.battle(b);
        }
        if t.result().is_some() {
            if self.moment(CampaignMoment::BattleResult) {
                self.wait = 1;
                return InputFrame::idle();
            }
            self.results_seen += 1;
            self.after_battle = true;
            return Self::click_exact(app, "Back to the map").unwrap_or_default();
        }
        let c = t.campaign();
        if c.tally_ho() == 0 && matches!(c.stage(), Stage::Missions) {
            self.moment(CampaignMoment::TurnStart);
        }
        let aloft = c
            .geschwader()
            .iter()
            .filter(|g| g.state == RaidState::Aloft)
            .count();
        let moves = c
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Moved { .. }))
            .count();
        if aloft >= 3 && moves >= 12 && t.busy() {
            self.moment(CampaignMoment::Raids);
        }
        if t.busy() || t.human_turn().is_none() || c.is_over() {
            // After the first turn, the other side's moves are skipped.
            if c.turn() > 1 && !self.second && !c.is_over() {
                return InputFrame::press(KeyCode::S);
            }
            return InputFrame::idle();
        }
        if self.after_battle && self.moment(CampaignMoment::MapAfter) {
            self.wait = 1;
            return InputFrame::idle();
        }
        if !self.second && c.turn() > self.turns {
            if self.handover_demo {
                // On to a two-player campaign, for its hand-over.
                self.second = true;
                return InputFrame::press(KeyCode::Escape);
            }
            self.done = true;
            return InputFrame::idle();
        }
        let Some(side) = t.human_turn() else {
            return InputFrame::idle();
        };
        let moment = match c.stage() {
            Stage::InterceptChoice { .. } => Some(CampaignMoment::InterceptChoice),
            Stage::HowToFight { .. } => Some(CampaignMoment::HowToFight),
            // A wing picked: its reach is highlighted.
            Stage::RafMovement if t.scene().picked_wing.is_some() => {
                Some(CampaignMoment::RafMovement)
            }
            _ => None,
        };
        if let Some(m) = moment {
            if !self.second && self.moment(m) {
                self.wait = 1;
                return InputFrame::idle();
            }
        }
        let cmd = match c.stage() {
            Stage::HowToFight { .. } => {
                if self.board_fought < self.board_battles {
                    Command::OnTheBoard
                } else {
                    Command::WithDice
                }
            }
            _ => match ai::propose(c, side) {
                Some(cmd) => cmd,
                None => return InputFrame::idle(),
            },
        };
        if cmd == Command::OnTheBoard {
            self.board_fought += 1;
        }
        let act = |what: Do| t.acts().iter().find(|a| a.what == what);
        let press = |what: Do| -> InputFrame {
            match act(what) {
                Some(a) => Self::click_exact(app, &a.label).unwrap_or_default(),
                None => match t.acts().iter().find(|a| a.what == Do::NextPage) {
                    Some(a) => Self::click_exact(app, &a.label).unwrap_or_default(),
                    None => InputFrame::idle(),
                },
            }
        };
        let square = |sq| {
            let p = t.view().center(sq);
            (p.x, p.y)
        };
        match cmd {
            Command::Assign {
                geschwader, wave, ..
            } => {
                if t.scene().picked_geschwader != Some(geschwader) {
                    return press(Do::PickGeschwader(geschwader));
                }
                if t.scene().wave != wave {
                    return press(Do::Wave(wave));
                }
                press(Do::Play(cmd))
            }
            Command::Production { squadrons } => {
                if t.scene().for_squadrons < squadrons {
                    press(Do::MoreForSquadrons)
                } else if t.scene().for_squadrons > squadrons {
                    press(Do::FewerForSquadrons)
                } else {
                    press(Do::Play(cmd))
                }
            }
            Command::MoveWing { wing, to } => {
                if t.scene().picked_wing != Some(wing) {
                    return press(Do::PickWing(wing));
                }
                self.click_square(square(to))
            }
            Command::Step(to) | Command::WingStep(to) => self.click_square(square(to)),
            _ => press(Do::Play(cmd)),
        }
    }

    /// Hovers a square for a frame (so its highlight shows), then clicks it.
    fn click_square(&mut self, p: (f32, f32)) -> InputFrame {
        if self.hovered != Some(p) {
            self.hovered = Some(p);
            return InputFrame {
                mouse: p,
                ..InputFrame::idle()
            };
        }
        self.hovered = None;
        InputFrame::click_at(p.0, p.1)
    }
}
