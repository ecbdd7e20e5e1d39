//! The game on screen: a stack of screens over the rules engine.
//!
//! `App::frame` takes one frame of input and (when drawing) paints one frame;
//! the same code runs headless in tests, with the input injected.

pub mod audio;
pub mod board_view;
pub mod campaign;
pub mod family;
pub mod saves;
pub mod script;
pub mod simple_hex;
pub mod table;
pub mod ui;
pub mod window;

use crate::common::game::GameKind;
use crate::common::game::Rules;
use crate::data;
use crate::record::{self, AnyRecord, Player, RecordError, Recorded};
use crate::saves::{self as store, Slot};
use crate::settings::{AnimSpeed, Scheme, Settings};
use crate::simple_hex::{Game, Options, Side};
use crate::sound::Sfx;
use campaign::{CampaignNew, CampaignTable};
use family::{FamilyBattle, FamilyNew};
use macroquad::prelude::*;
use saves::{After, ConfirmNew, LoadList, SlotPicker};
use simple_hex::Battle;
use std::sync::Arc;
use table::{Scene, TableAction};
use ui::{InputFrame, Ui, ACCENT, INK, PAPER};

/// Who plays which side of Simple Hex or the campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// One player against the opponent AI.
    Solo { human: Side },
    /// Two players passing the machine.
    TwoPlayers,
}

impl Players {
    pub fn is_human(self, side: Side) -> bool {
        match self {
            Players::Solo { human } => human == side,
            Players::TwoPlayers => true,
        }
    }

    /// The seats as a record lists them: the Luftwaffe, then the RAF.
    pub fn to_record(self) -> Vec<Player> {
        [Side::German, Side::British]
            .into_iter()
            .map(|s| Player::new(s.name(), self.is_human(s)))
            .collect()
    }

    /// The players a record lists (a recording with no person in it is
    /// watched by two).
    pub fn from_record(players: &[Player]) -> Players {
        let human = |i: usize| players.get(i).is_some_and(|p| p.human);
        match (human(0), human(1)) {
            (true, false) => Players::Solo {
                human: Side::German,
            },
            (false, true) => Players::Solo {
                human: Side::British,
            },
            _ => Players::TwoPlayers,
        }
    }
}

/// The choices on the new-game screen.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub level: usize,
    /// 0: RAF solo, 1: Luftwaffe solo, 2: two players.
    pub players: usize,
    pub crane: bool,
    pub seed: String,
}

pub enum Screen {
    Menu,
    NewGame(NewGame),
    Battle(Box<Battle>),
    /// A finished game: its battle (for the replay) and the summary.
    Result(Box<Battle>),
    Help {
        scroll: f32,
        page: HelpPage,
    },
    FamilyNew(FamilyNew),
    Family(Box<FamilyBattle>),
    FamilyResult(Box<FamilyBattle>),
    CampaignNew(CampaignNew),
    Campaign(Box<CampaignTable>),
    CampaignResult(Box<CampaignTable>),
    Settings,
    /// Leaving a battle: save first? (`quitting`: the window is closing.)
    ConfirmLeave {
        quitting: bool,
    },
    /// Every save, to load one.
    Load(LoadList),
    /// The slots of a game's saves, to save it in one.
    SaveSlots(Box<SlotPicker>),
    /// A new game would replace an unfinished one in the autosave.
    ConfirmNew(Box<ConfirmNew>),
}

impl Screen {
    pub fn name(&self) -> &'static str {
        match self {
            Screen::Menu => "menu",
            Screen::NewGame(_) => "new game",
            Screen::Battle(_) => "battle",
            Screen::Result(_) => "result",
            Screen::Help { .. } => "help",
            Screen::Settings => "settings",
            Screen::ConfirmLeave { .. } => "leave",
            Screen::FamilyNew(_) => "family new game",
            Screen::Family(_) => "family game",
            Screen::FamilyResult(_) => "family result",
            Screen::CampaignNew(_) => "campaign new game",
            Screen::Campaign(_) => "campaign",
            Screen::CampaignResult(_) => "campaign result",
            Screen::Load(_) => "load",
            Screen::SaveSlots(_) => "save slots",
            Screen::ConfirmNew(_) => "new game over an unfinished one",
        }
    }
}

/// Which game's rules and controls the help screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpPage {
    SimpleHex,
    Family,
    Campaign,
}

pub struct App {
    pub stack: Vec<Screen>,
    pub settings: Settings,
    /// A sentence for the menu (a save that could not be read, and so on).
    pub notice: Option<String>,
    /// Sounds asked for this frame (the audio layer plays and clears them).
    pub sounds: Vec<Sfx>,
    /// The app wants the program to end.
    pub quit: bool,
    /// Buttons of the last frame (tests and the monkey click them by label).
    pub buttons: Vec<ui::Hit>,
    frames: u64,
}

const LEVEL_NAMES: [&str; 3] = ["crane-14x18", "memoir-9x13", "memoir-18x13"];
/// What the new-game screen calls them (the levels' own names).
const LEVEL_TITLES: [&str; 3] = [
    "Crane's mat (14 x 18)",
    "Memoir '44 board (9 x 13)",
    "Two Memoir '44 boards (18 x 13)",
];

impl App {
    pub fn new(settings: Settings, notice: Option<String>) -> App {
        App {
            stack: vec![Screen::Menu],
            settings,
            notice,
            sounds: Vec::new(),
            quit: false,
            buttons: Vec::new(),
            frames: 0,
        }
    }

    pub fn top(&self) -> &Screen {
        self.stack.last().expect("the menu is never popped")
    }

    pub fn battle(&self) -> Option<&Battle> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Battle(b) | Screen::Result(b) => Some(b.as_ref()),
            _ => None,
        })
    }

    pub fn family(&self) -> Option<&FamilyBattle> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Family(b) | Screen::FamilyResult(b) => Some(b.as_ref()),
            _ => None,
        })
    }

    pub fn campaign(&self) -> Option<&CampaignTable> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Campaign(b) | Screen::CampaignResult(b) => Some(b.as_ref()),
            _ => None,
        })
    }

    fn new_game_defaults(&self) -> NewGame {
        NewGame {
            level: 0,
            players: 0,
            crane: false,
            seed: (self.frames.wrapping_mul(2_654_435_761) % 1_000_000 + 1).to_string(),
        }
    }

    /// One frame: input in, screen out (drawn only if `draw`).
    pub fn frame(&mut self, input: InputFrame, draw: bool, w: f32, h: f32) {
        self.frames += 1;
        let mut ui = Ui::new(input, draw, w, h);
        if ui.input.quit {
            // The window's close button: with a game under way anywhere in the
            // stack, go back to it and ask about saving.
            let battle = self.stack.iter().rposition(|s| match s {
                Screen::Battle(b) => !b.is_watching(),
                Screen::Family(b) => !b.is_watching(),
                Screen::Campaign(b) => !b.is_watching(),
                _ => false,
            });
            match battle {
                Some(i) if !matches!(self.top(), Screen::ConfirmLeave { .. }) => {
                    self.stack.truncate(i + 1);
                    self.stack.push(Screen::ConfirmLeave { quitting: true });
                }
                Some(_) => {}
                None => self.quit = true,
            }
        }
        let top = self.stack.len() - 1;
        let mut next: Option<Transition>;
        match &mut self.stack[top] {
            Screen::Menu => next = menu(&mut ui, self.notice.as_deref()),
            Screen::NewGame(ng) => next = new_game(&mut ui, ng),
            Screen::Battle(b) => {
                if ui.input.wheel != 0.0 && ui.input.mouse.0 > w * 0.7 {
                    b.scroll_log(ui.input.wheel);
                    ui.input.wheel = 0.0;
                }
                next = run_table(b.as_mut(), &mut ui, &self.settings, &mut self.sounds);
            }
            Screen::Result(b) => next = result(&mut ui, b),
            Screen::FamilyNew(ng) => {
                next = match family::new_game_screen(&mut ui, ng) {
                    Some(true) => Some(Transition::StartFamily(ng.clone())),
                    Some(false) => Some(Transition::Pop),
                    None => None,
                }
            }
            Screen::Family(b) => {
                next = run_table(b.as_mut(), &mut ui, &self.settings, &mut self.sounds);
            }
            Screen::FamilyResult(b) => {
                let (watch, menu) = family::result_screen(&mut ui, b);
                next = if watch {
                    let (g, commands) = (b.game.restart(true), b.game.commands().to_vec());
                    let watcher = FamilyBattle::replay(g, &b.board, b.commanders.clone(), commands);
                    Some(Transition::Push(Screen::Family(Box::new(watcher))))
                } else if menu {
                    Some(Transition::ToMenu(None))
                } else {
                    None
                };
            }
            Screen::CampaignNew(ng) => {
                next = match campaign::new_campaign_screen(&mut ui, ng) {
                    Some(true) => Some(Transition::StartCampaign(ng.clone())),
                    Some(false) => Some(Transition::Pop),
                    None => None,
                }
            }
            Screen::Campaign(b) => {
                if ui.input.wheel != 0.0 && ui.input.mouse.0 > w * 0.7 {
                    b.scroll_log(ui.input.wheel);
                    ui.input.wheel = 0.0;
                }
                next = run_table(b.as_mut(), &mut ui, &self.settings, &mut self.sounds);
            }
            Screen::CampaignResult(b) => {
                next = campaign::result_screen(&mut ui, b).then_some(Transition::ToMenu(None));
            }
            Screen::Help { scroll, page } => next = help(&mut ui, scroll, *page),
            Screen::Settings => next = settings_screen(&mut ui, &mut self.settings),
            Screen::ConfirmLeave { quitting } => next = confirm_leave(&mut ui, *quitting),
            Screen::Load(list) => next = saves::load_screen(&mut ui, list),
            Screen::SaveSlots(p) => next = saves::slot_screen(&mut ui, p),
            Screen::ConfirmNew(c) => next = saves::confirm_new_screen(&mut ui, c),
        }
        if ui.input.key(KeyCode::Escape) && next.is_none() {
            match self.top() {
                Screen::Menu
                | Screen::Battle(_)
                | Screen::Family(_)
                | Screen::Campaign(_)
                | Screen::ConfirmLeave { .. } => {}
                _ => next = Some(Transition::Pop),
            }
        }
        ui.flush_text();
        self.buttons = std::mem::take(&mut ui.buttons);
        if let Some(t) = next {
            self.sounds.push(Sfx::Click);
            self.apply(t);
        }
    }

    fn apply(&mut self, t: Transition) {
        match t {
            Transition::Stay => {}
            Transition::Push(s) => self.stack.push(s),
            Transition::Pop => {
                if self.stack.len() > 1 {
                    self.stack.pop();
                }
            }
            Transition::ToMenu(notice) => {
                self.stack.truncate(1);
                if notice.is_some() {
                    self.notice = notice;
                }
            }
            Transition::NewGameScreen => {
                let ng = self.new_game_defaults();
                self.stack.push(Screen::NewGame(ng));
            }
            Transition::NewFamilyScreen => {
                let seed = self.new_game_defaults().seed;
                self.stack.push(Screen::FamilyNew(FamilyNew::new(seed)));
            }
            Transition::NewCampaignScreen => {
                let seed = self.new_game_defaults().seed;
                self.stack.push(Screen::CampaignNew(CampaignNew::new(seed)));
            }
            t @ (Transition::Start(_)
            | Transition::StartFamily(_)
            | Transition::StartCampaign(_)) => self.start(t, true),
            Transition::Begin(t) => self.start(*t, false),
            Transition::Continue => match store::newest_autosave() {
                Some(e) => self.apply(Transition::Load(e.path, e.slot)),
                None => self.notice = Some("There is no game to continue yet.".into()),
            },
            Transition::Load(path, slot) => match self.load(&path, slot) {
                Ok(screen) => {
                    self.notice = None;
                    self.stack.truncate(1);
                    self.stack.push(screen);
                }
                Err(e) => {
                    self.stack.truncate(1);
                    self.notice = Some(format!(
                        "That save could not be loaded, and was left as it is: {e}"
                    ));
                }
            },
            Transition::Save => self.save(After::Play),
            Transition::SaveAndLeave { quitting } => {
                // The leave dialog is on top of the table.
                self.stack.pop();
                self.save(if quitting { After::Quit } else { After::Menu });
            }
            Transition::Saved { slot, after } => {
                if let Some(Screen::SaveSlots(_)) = self.stack.last() {
                    self.stack.pop();
                }
                self.saved(slot, after);
            }
            Transition::Finish => match self.stack.pop() {
                Some(Screen::Battle(b)) => self.stack.push(Screen::Result(b)),
                Some(Screen::Family(b)) => self.stack.push(Screen::FamilyResult(b)),
                Some(Screen::Campaign(b)) => self.stack.push(Screen::CampaignResult(b)),
                Some(other) => self.stack.push(other),
                None => {}
            },
            Transition::Quit => self.quit = true,
        }
    }

    /// Starts a new game; `ask`: first, if its game's autosave holds an
    /// unfinished game, ask before replacing it.
    fn start(&mut self, t: Transition, ask: bool) {
        let kind = match &t {
            Transition::StartFamily(_) => GameKind::Family,
            Transition::StartCampaign(_) => GameKind::Campaign,
            _ => GameKind::SimpleHex,
        };
        if ask {
            let unfinished = store::list()
                .into_iter()
                .find(|e| e.kind == kind && e.slot == Slot::Autosave && e.read.is_ok());
            if let Some(unfinished) = unfinished {
                self.stack.push(Screen::ConfirmNew(Box::new(ConfirmNew {
                    kind,
                    unfinished,
                    start: Some(Box::new(Transition::Begin(Box::new(t)))),
                    message: None,
                })));
                return;
            }
        }
        let screen = match t {
            Transition::Start(ng) => start(&ng).map(|b| Screen::Battle(Box::new(b))),
            Transition::StartFamily(ng) => ng.start().map(|b| Screen::Family(Box::new(b))),
            Transition::StartCampaign(ng) => ng.start().map(|b| Screen::Campaign(Box::new(b))),
            _ => return,
        };
        match screen {
            Ok(s) => {
                self.notice = None;
                self.stack.truncate(1);
                self.stack.push(s);
            }
            Err(e) => {
                self.stack.truncate(1);
                self.notice = Some(e);
            }
        }
    }

    /// A game's table, from its save in `slot`.
    fn load(&self, path: &std::path::Path, slot: Slot) -> Result<Screen, String> {
        let base = record::base_of(path);
        let own = matches!(slot, Slot::Numbered(_)).then_some(slot);
        let rec = record::read(path).map_err(|e| e.to_string())?;
        let players = rec.players().to_vec();
        Ok(match rec {
            AnyRecord::SimpleHex(r) => {
                let g: Game = record::restore(&r, &base).map_err(|e| e.to_string())?;
                let mut b = simple_hex::battle(g, players);
                b.slot = own;
                Screen::Battle(Box::new(b))
            }
            AnyRecord::Family(r) => {
                let g: crate::family::Game =
                    record::restore(&r, &base).map_err(|e| e.to_string())?;
                let board = g.scenario().board.clone();
                let mut commanders = players;
                commanders.resize_with(g.spitfires().len(), || Player::new("Commander", true));
                let mut b = FamilyBattle::new(g, &board, commanders);
                b.slot = own;
                Screen::Family(Box::new(b))
            }
            AnyRecord::Campaign(r) => {
                let c = record::restore::<crate::campaign::game::Campaign>(
                    &r,
                    std::path::Path::new("."),
                )
                .map_err(|e| e.to_string())?;
                let human = match Players::from_record(&players) {
                    Players::Solo { human } => Some(human),
                    Players::TwoPlayers => None,
                };
                let mut t = CampaignTable::new(c, human);
                t.slot = own;
                Screen::Campaign(Box::new(t))
            }
        })
    }

    /// The table of the game under way (the topmost), if any.
    fn table(&mut self) -> Option<&mut dyn Table> {
        self.stack
            .iter_mut()
            .rev()
            .find_map(|s| -> Option<&mut dyn Table> {
                match s {
                    Screen::Battle(b) => Some(b.as_mut()),
                    Screen::Family(b) => Some(b.as_mut()),
                    Screen::Campaign(b) => Some(b.as_mut()),
                    _ => None,
                }
            })
    }

    /// Saves the game under way: in its own slot if it has one, else the
    /// slots are shown to pick one.
    fn save(&mut self, after: After) {
        let Some(t) = self.table() else { return };
        let own = *t.slot();
        let rec = match t.record() {
            Ok(r) => r,
            Err(e) => {
                *t.message() = Some(format!("The game could not be saved: {e}"));
                return;
            }
        };
        match own {
            Some(slot) => match store::store(slot, &rec) {
                Ok(_) => self.saved(slot, after),
                Err(e) => *t.message() = Some(e.to_string()),
            },
            None => self.stack.push(Screen::SaveSlots(Box::new(SlotPicker::new(
                rec, own, after,
            )))),
        }
    }

    /// The game was saved in `slot`: it is the game's slot from now on.
    fn saved(&mut self, slot: Slot, after: After) {
        let line = format!("Game saved in {}.", slot.name().to_lowercase());
        if let Some(t) = self.table() {
            *t.slot() = Some(slot);
            *t.message() = Some(line.clone());
        }
        match after {
            After::Play => {}
            After::Menu => self.apply(Transition::ToMenu(Some(format!(
                "{line} Load a game continues it."
            )))),
            After::Quit => self.quit = true,
        }
    }
}

/// A game table on screen: Simple Hex's battle, the family game's table or
/// the campaign's.
trait Table {
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction;
    fn take_sounds(&mut self) -> Vec<Sfx>;
    fn is_watching(&self) -> bool;
    /// Which game it is (its saves are kept apart from the others').
    fn kind(&self) -> GameKind;
    /// The game as a record, to be written (a save).
    fn record(&self) -> Result<AnyRecord, RecordError>;
    /// The slot the game was loaded from or last saved in.
    fn slot(&mut self) -> &mut Option<Slot>;
    fn autosave_due(&mut self) -> &mut bool;
    fn message(&mut self) -> &mut Option<String>;
    /// Which game's rules page the help key opens.
    fn help_page(&self) -> HelpPage;
}

impl<S: Scene> Table for table::Table<S>
where
    S::Game: Recorded,
{
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        table::Table::frame(self, ui, settings)
    }
    fn take_sounds(&mut self) -> Vec<Sfx> {
        std::mem::take(&mut self.sounds)
    }
    fn is_watching(&self) -> bool {
        table::Table::is_watching(self)
    }
    fn kind(&self) -> GameKind {
        <S::Game as Rules>::KIND
    }
    fn record(&self) -> Result<AnyRecord, RecordError> {
        // The app plays shipped levels and boards only.
        let players = self.shared.players.clone();
        record::of(&self.game, players, std::path::Path::new(".")).map(S::Game::any)
    }
    fn slot(&mut self) -> &mut Option<Slot> {
        &mut self.slot
    }
    fn autosave_due(&mut self) -> &mut bool {
        &mut self.autosave_due
    }
    fn message(&mut self) -> &mut Option<String> {
        &mut self.shared.message
    }
    fn help_page(&self) -> HelpPage {
        self.scene.help_page()
    }
}

impl Table for FamilyBattle {
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        FamilyBattle::frame(self, ui, settings)
    }
    fn take_sounds(&mut self) -> Vec<Sfx> {
        std::mem::take(&mut self.sounds)
    }
    fn is_watching(&self) -> bool {
        FamilyBattle::is_watching(self)
    }
    fn kind(&self) -> GameKind {
        GameKind::Family
    }
    fn record(&self) -> Result<AnyRecord, RecordError> {
        FamilyBattle::record(self).map(AnyRecord::Family)
    }
    fn slot(&mut self) -> &mut Option<Slot> {
        &mut self.slot
    }
    fn autosave_due(&mut self) -> &mut bool {
        &mut self.autosave_due
    }
    fn message(&mut self) -> &mut Option<String> {
        &mut self.message
    }
    fn help_page(&self) -> HelpPage {
        HelpPage::Family
    }
}

impl Table for CampaignTable {
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        CampaignTable::frame(self, ui, settings)
    }
    fn take_sounds(&mut self) -> Vec<Sfx> {
        CampaignTable::take_sounds(self)
    }
    fn is_watching(&self) -> bool {
        CampaignTable::is_watching(self)
    }
    fn kind(&self) -> GameKind {
        GameKind::Campaign
    }
    fn record(&self) -> Result<AnyRecord, RecordError> {
        CampaignTable::record(self).map(AnyRecord::Campaign)
    }
    fn slot(&mut self) -> &mut Option<Slot> {
        &mut self.slot
    }
    fn autosave_due(&mut self) -> &mut bool {
        &mut self.autosave_due
    }
    fn message(&mut self) -> &mut Option<String> {
        self.message_mut()
    }
    fn help_page(&self) -> HelpPage {
        if self.sub().is_some() {
            HelpPage::SimpleHex
        } else {
            HelpPage::Campaign
        }
    }
}

/// One frame of a game table, and what it asks of the app, for every game:
/// the autosave when due (in the game's own autosave), saving, help,
/// leaving, and the end of the game.
fn run_table(
    t: &mut dyn Table,
    ui: &mut Ui,
    settings: &Settings,
    sounds: &mut Vec<Sfx>,
) -> Option<Transition> {
    let act = t.frame(ui, settings);
    sounds.append(&mut t.take_sounds());
    let watching = t.is_watching();
    if *t.autosave_due() && !watching {
        *t.autosave_due() = false;
        if let Err(e) = t.record().and_then(|r| store::store(Slot::Autosave, &r)) {
            *t.message() = Some(e.to_string());
        }
    }
    match act {
        TableAction::Leave if watching => Some(Transition::Pop),
        TableAction::Leave => Some(Transition::Push(Screen::ConfirmLeave { quitting: false })),
        TableAction::Help => Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: t.help_page(),
        })),
        TableAction::Save if watching => None,
        TableAction::Save => Some(Transition::Save),
        TableAction::Finished => {
            // A finished game is nothing to continue.
            if !watching {
                if let Err(e) = store::clear_autosave(t.kind()) {
                    *t.message() = Some(format!("The finished game's autosave stays: {e}"));
                }
            }
            Some(Transition::Finish)
        }
        TableAction::None => None,
    }
}

enum Transition {
    /// Nothing to do (a screen handled it itself).
    Stay,
    Push(Screen),
    Pop,
    ToMenu(Option<String>),
    NewGameScreen,
    Start(NewGame),
    /// A start the player confirmed (no question about the autosave).
    Begin(Box<Transition>),
    /// The autosave written last, of any game.
    Continue,
    Load(std::path::PathBuf, Slot),
    /// Save the game under way (its own slot, or pick one).
    Save,
    SaveAndLeave {
        quitting: bool,
    },
    Saved {
        slot: Slot,
        after: After,
    },
    Finish,
    NewFamilyScreen,
    StartFamily(FamilyNew),
    NewCampaignScreen,
    StartCampaign(CampaignNew),
    Quit,
}

fn start(ng: &NewGame) -> Result<Battle, String> {
    let level = LEVEL_NAMES[ng.level % LEVEL_NAMES.len()];
    let scenario = data::load_simple_hex(level).map_err(|e| e.to_string())?;
    let seed: u64 = ng
        .seed
        .trim()
        .parse()
        .map_err(|_| format!("The seed must be a whole number, not \"{}\".", ng.seed))?;
    let options = Options {
        damaged_bombers_cannot_defend: ng.crane,
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
    Ok(simple_hex::battle(game, players.to_record()))
}

fn column(ui: &Ui, n: usize) -> Vec<Rect> {
    // Buttons of 52 pixels when they fit below the title, smaller when not.
    let bw = 420.0f32.min(ui.w - 40.0);
    let bh = ((ui.h - 190.0) / n as f32 - 14.0).clamp(28.0, 52.0);
    let top = ((ui.h - n as f32 * (bh + 14.0)) / 2.0 + 40.0).max(150.0);
    (0..n)
        .map(|i| Rect::new((ui.w - bw) / 2.0, top + i as f32 * (bh + 14.0), bw, bh))
        .collect()
}

fn title(ui: &Ui, text: &str, sub: &str) {
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

fn menu(ui: &mut Ui, notice: Option<&str>) -> Option<Transition> {
    title(ui, "Tally-Ho", "Battle of Britain, 1940");
    let r = column(ui, 10);
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
    if ui.button(r[3], "Continue the last game") || ui.input.key(KeyCode::C) {
        t = Some(Transition::Continue);
    }
    if ui.button(r[4], "Load a game") || ui.input.key(KeyCode::L) {
        t = Some(Transition::Push(Screen::Load(LoadList::read())));
    }
    if ui.button(r[5], "Rules and controls") {
        t = Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: HelpPage::SimpleHex,
        }));
    }
    if ui.button(r[6], "Family game rules") {
        t = Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: HelpPage::Family,
        }));
    }
    if ui.button(r[7], "Campaign rules") {
        t = Some(Transition::Push(Screen::Help {
            scroll: 0.0,
            page: HelpPage::Campaign,
        }));
    }
    if ui.button(r[8], "Settings") {
        t = Some(Transition::Push(Screen::Settings));
    }
    if ui.button(r[9], "Quit") || ui.input.key(KeyCode::Escape) {
        t = Some(Transition::Quit);
    }
    if let Some(n) = notice {
        ui.rect(Rect::new(0.0, ui.h - 36.0, ui.w, 36.0), PAPER);
        ui.text(n, 12.0, ui.h - 12.0, 20.0, ACCENT);
    }
    t
}

fn new_game(ui: &mut Ui, ng: &mut NewGame) -> Option<Transition> {
    title(ui, "New game", "Choose the mat, the sides and the rules");
    let r = column(ui, 6);
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

fn result(ui: &mut Ui, b: &mut Battle) -> Option<Transition> {
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

const HELP: &str = "THE GAME. Four Luftwaffe units (He 111 and Ju 88 bombers, Me 109 and Me 110 fighters) make two attacks on a British target; two RAF units (Spitfires, Hurricanes) defend it. The Luftwaffe wins with 24 bomb points over both attacks.
EACH ATTACK. Damaged planes in the repair shop roll a die: 3-6 returns them. Then every plane rolls its colour die (Red, White, Blue, Yellow): 3-6 flies. Each side places its squadrons at its own edge, the planes of a unit side by side.
MOVING. Bombers move first, then German fighters, then RAF fighters, each unit in R, W, B, Y order. Every plane must fly all its hexes: bombers 3; Spitfire and Me 109 1d6+2; Hurricane and Me 110 1d6+1; one less when damaged. A plane flies straight ahead or to a forward diagonal, turning to face the way it went. It may fly through other planes but not stop on them, and may not leave by the long sides. A plane with no legal way to finish its move is destroyed. Undamaged single-engine fighters may loop (Immelmann): 4 moves, two hexes straight, ending turned about.
FIGHTING. A fighter that has flown at least one hex may stop once per move to fire at the enemy in the hex straight ahead, then fly on (the small die shows the moves left). Behind the target is best (4-5 damage, 6 kill), the flanks next (5 damage, 6 kill), head-on worst (6 kill) and the target fires back: nose guns at an attacker in front, rear gunners (He 111, Ju 88, Me 110) at one behind. Both dice are rolled together; both planes may fall. A damaged plane hit again is destroyed.
DAMAGE. A damaged plane slows by one hex from the next round and must turn for its own edge; damaged bombers do not bomb. Each undamaged bomber leaving by the RAF edge bombs: 2d6 points.
CONTROLS. Mouse: yellow hexes are where your plane may end its move; white hexes, with the moves left, are stops on the way. Hover to see the path; the wheel or right button picks the facing. Hover an enemy to see the odds of an attack and of its return fire; click it to fly there and fire. Keys: arrows or Q/E steer (Down: loop), Enter flies the path, Backspace removes a step, Tab picks a target and Enter or F fires, Space ends a move with nothing left, U takes back moves since the last roll, F5 saves, H this page, S skips the other side's turn, Esc leaves.";

fn help(ui: &mut Ui, scroll: &mut f32, page: HelpPage) -> Option<Transition> {
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), PAPER);
    let (heading, text) = match page {
        HelpPage::Family => ("Spitfires vs bombers: rules and controls", family::HELP),
        HelpPage::SimpleHex => ("Simple Hex: rules and controls", HELP),
        HelpPage::Campaign => ("The campaign: rules and controls", campaign::HELP),
    };
    ui.text(heading, 30.0, 50.0, 40.0, INK);
    *scroll = (*scroll - ui.input.wheel * 40.0).max(0.0);
    if ui.input.key(KeyCode::Down) {
        *scroll += 40.0;
    }
    if ui.input.key(KeyCode::Up) {
        *scroll = (*scroll - 40.0).max(0.0);
    }
    ui.paragraph(text, 30.0, 90.0 - *scroll, ui.w - 60.0, 22.0, INK);
    let mut t = None;
    if ui.button(Rect::new(ui.w - 170.0, ui.h - 70.0, 150.0, 50.0), "Back")
        || ui.input.key(KeyCode::H)
    {
        t = Some(Transition::Pop);
    }
    t
}

fn settings_screen(ui: &mut Ui, s: &mut Settings) -> Option<Transition> {
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

fn confirm_leave(ui: &mut Ui, quitting: bool) -> Option<Transition> {
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

/// A battle with every plane of the author's mat in the air, the player's
/// plane to move (its reach highlighted) and a full dice log: the frame-time
/// benchmark draws this.
pub fn bench_app() -> App {
    use crate::common::hex::Facing;
    use crate::simple_hex::*;
    let aircraft = data::load_aircraft(&data::aircraft_source()).expect("shipped");
    let rules = data::load_rules(&data::rules_source()).expect("shipped");
    let names = [
        "He 111",
        "Ju 88",
        "Me 109",
        "Me 110",
        "Spitfire",
        "Hurricane",
    ];
    let units = names
        .iter()
        .enumerate()
        .map(|(u, name)| UnitSetup {
            aircraft: name.to_string(),
            planes: Colour::ALL
                .iter()
                .enumerate()
                .map(|(i, &colour)| PlaneSetup {
                    colour,
                    at: Some((1 + i as i32 * 3, 2 + u as i32 * 3)),
                    facing: Some(if u < 4 { Facing::North } else { Facing::South }),
                    damaged: i == 3,
                })
                .collect(),
            name: None,
        })
        .collect();
    let file = ScenarioFile {
        name: "bench".into(),
        description: String::new(),
        board: BoardSetup {
            columns: 14,
            rows: 18,
        },
        german_end: crate::common::hex::End::South,
        opening: Opening::Placed,
        units,
    };
    let sc = Scenario::build(&file, &aircraft, &rules).expect("bench scenario");
    let game = Game::new(Arc::new(sc), Options::default(), 1);
    let players = Players::Solo {
        human: Side::German,
    };
    let mut b = simple_hex::battle(game, players.to_record());
    for i in 0..60 {
        b.shared.log.push(simple_hex::LogLine {
            text: format!(
                "Speed Spitfire R: rolled {}, {} hexes",
                i % 6 + 1,
                i % 6 + 3
            ),
            side: Some(Side::British),
        });
    }
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    app.stack.push(Screen::Battle(Box::new(b)));
    app
}

/// A four-commander family game on the full board, every Spitfire in the
/// air, the first commander's choices highlighted, explosion markers down and
/// a full log: the family screen's frame-time benchmark draws this.
/// The campaign table in the middle of a raid: raids and wings on the map,
/// a long log, the RAF to move (so every frame draws the same screen).
pub fn bench_campaign_app() -> App {
    use crate::campaign::ai;
    use crate::campaign::game::{Campaign, CampaignSetup, Stage};
    use crate::campaign::rules::WeatherRule;
    let (data, rules) = crate::record::campaign::shipped().expect("shipped campaign");
    let mut c = Campaign::new(data, rules, CampaignSetup::new(WeatherRule::Cards, 2));
    let mut movements = 0;
    while let Some(side) = c.to_act() {
        if matches!(c.stage(), Stage::RafMovement) {
            movements += 1;
            if movements == 3 {
                break;
            }
        }
        let cmd = ai::propose(&c, side).expect("a legal command");
        c.play(cmd).expect("the opponent's command is legal");
    }
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    let table = campaign::CampaignTable::new(c, Some(Side::British));
    app.stack.push(Screen::Campaign(Box::new(table)));
    app
}

pub fn bench_family_app() -> App {
    use crate::common::hex::{End, Facing};
    use crate::family::*;
    let sc = Arc::new(data::load_family("full").expect("shipped"));
    let position = Position {
        bombers: (0..5)
            .map(|b| BomberAt {
                bomber: b,
                at: (1 + 3 * b as i32, 8 + b as i32),
                facing: Facing::North,
                course: End::North,
                altitude: 2 + b,
            })
            .collect(),
        spitfires: (0..4)
            .map(|s| SpitfireAt {
                seat: s,
                at: (2 + 4 * s as i32, 5),
                altitude: 3 + s,
                fuel: 9,
            })
            .collect(),
        bombed: vec![(1, 15), (6, 15), (3, 5)],
    };
    let game =
        Game::with_position(sc, Setup::first_sectors(4), position, 1).expect("bench position");
    let commanders = (1..=4)
        .map(|i| Player {
            name: format!("Player {i}"),
            human: true,
        })
        .collect();
    let mut b = FamilyBattle::new(game, "full", commanders);
    for i in 0..60 {
        b.log.push(format!(
            "Bomber {}: spinner same, beam - now at {}",
            i % 5 + 1,
            i % 7 + 1
        ));
    }
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    app.stack.push(Screen::Family(Box::new(b)));
    app
}
