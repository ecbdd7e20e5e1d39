//! The game on screen: a stack of screens over the rules engine.
//!
//! `App::frame` takes one frame of input and (when drawing) paints one frame;
//! the same code runs headless in tests, with the input injected.

pub mod audio;
pub mod audit;
mod bench;
pub mod blitz;
pub mod board_view;
pub mod campaign;
pub mod family;
pub mod glyphs;
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod saves;
mod screens;
pub mod script;
pub mod simple_hex;
pub mod spread_view;
pub mod table;
pub mod ui;
pub mod window;

use crate::common::game::GameKind;
use crate::common::game::Rules;
use crate::common::Level;
use crate::data;
use crate::record::{self, AnyRecord, Player, RecordError, Recorded};
use crate::saves::{self as store, Slot};
use crate::settings::{AnimSpeed, Scheme, Settings};
use crate::simple_hex::{Game, Options, Side};
use crate::sound::Sfx;
pub use bench::{bench_app, bench_blitz_app, bench_campaign_app, bench_family_app};
use campaign::{CampaignNew, CampaignTable};
use family::{FamilyBattle, FamilyNew};
use macroquad::prelude::*;
use saves::{After, ConfirmNew, LoadList, SlotPicker};
use screens::title;
use screens::{confirm_leave, help, menu, new_game, result, settings_screen};
use simple_hex::Battle;
use std::sync::Arc;
use table::{Message, Scene, TableAction};
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
    /// How well the computer flies its side (solo games).
    pub opponent: Level,
    /// Which difficulty setting's forces (an index into the settings).
    pub difficulty: usize,
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
    /// Which game's rules to read.
    Rules,
    FamilyNew(FamilyNew),
    Family(Box<FamilyBattle>),
    FamilyResult(Box<FamilyBattle>),
    CampaignNew(CampaignNew),
    Campaign(Box<CampaignTable>),
    CampaignResult(Box<CampaignTable>),
    Blitz(Box<blitz::BlitzTable>),
    BlitzResult(Box<blitz::BlitzTable>),
    /// The settings; `error`: why the last change could not be kept.
    Settings {
        error: Option<String>,
    },
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
            Screen::Rules => "rules",
            Screen::Settings { .. } => "settings",
            Screen::ConfirmLeave { .. } => "leave",
            Screen::FamilyNew(_) => "family new game",
            Screen::Family(_) => "family game",
            Screen::Blitz(_) => "night Blitz",
            Screen::BlitzResult(_) => "night Blitz tally",
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
    Blitz,
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
    /// What the text audit first found in the last frame drawn.
    pub audited: Vec<String>,
    /// What Continue would resume (the game's title), read from the
    /// autosaves when the menu is first drawn after a change of screen.
    continues: Option<Option<String>>,
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
            audited: Vec::new(),
            continues: None,
        }
    }

    pub fn top(&self) -> &Screen {
        self.stack.last().expect("the menu is never popped")
    }

    /// Nothing on screen moves until the player does: the window may draw
    /// slowly (the menu, a screen of buttons, a table waiting for a move).
    pub fn at_rest(&self) -> bool {
        match self.top() {
            Screen::Battle(b) => b.at_rest(),
            Screen::Family(t) => t.at_rest(),
            Screen::Blitz(t) => t.at_rest(),
            Screen::Campaign(t) => t.at_rest(),
            _ => true,
        }
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

    pub fn blitz(&self) -> Option<&blitz::BlitzTable> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Blitz(b) | Screen::BlitzResult(b) => Some(b.as_ref()),
            _ => None,
        })
    }

    /// The card held up on the game's table on top, if one is (a summary,
    /// or the guide's explanation).
    pub fn card(&self) -> Option<&table::Card> {
        match self.top() {
            Screen::Battle(b) => b.shared.card(),
            Screen::Family(b) => b.shared.card(),
            Screen::Blitz(b) => b.shared.card(),
            Screen::Campaign(b) => b.card(),
            _ => None,
        }
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
            // A first game meets the gentlest opponent.
            opponent: if self.settings.guides(GameKind::SimpleHex) {
                Level::Recruit
            } else {
                Level::default()
            },
            seed: (self.frames.wrapping_mul(2_654_435_761) % 1_000_000 + 1).to_string(),
            difficulty: 0,
        }
    }

    /// One frame: input in, screen out (drawn only if `draw`).
    pub fn frame(&mut self, input: InputFrame, draw: bool, w: f32, h: f32) {
        self.frames += 1;
        if draw {
            audit::frame(w, h);
            ui::flat_shapes(true);
        }
        let mut ui = Ui::new(input, draw, w, h);
        if ui.input.quit {
            // The window's close button: with a game under way anywhere in the
            // stack, go back to it and ask about saving.
            let battle = self.stack.iter().rposition(|s| match s {
                Screen::Battle(b) => !b.is_watching(),
                Screen::Family(b) => !b.is_watching(),
                Screen::Campaign(b) => !b.is_watching(),
                Screen::Blitz(b) => !b.is_watching(),
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
        // A question about the game under way is asked over its table.
        if draw && top > 0 && matches!(self.stack[top], Screen::ConfirmLeave { .. }) {
            let mut under = Ui::new(InputFrame::idle(), true, w, h);
            let settings = self.settings;
            if let Some(t) = table_of(&mut self.stack[top - 1]) {
                t.paint(&mut under, &settings);
            }
            under.flush_text();
        }
        let mut next: Option<Transition>;
        match &mut self.stack[top] {
            Screen::Menu => {
                let continues = self.continues.get_or_insert_with(|| {
                    store::newest_autosave().map(|e| e.kind.title().to_string())
                });
                next = menu(&mut ui, self.notice.as_deref(), continues.as_deref());
            }
            Screen::Rules => next = screens::rules_menu(&mut ui),
            Screen::NewGame(ng) => next = new_game(&mut ui, ng),
            Screen::Battle(b) => {
                if ui.input.wheel != 0.0 && ui.input.mouse.0 > w * 0.7 {
                    b.scroll_log(ui.input.wheel);
                    ui.input.wheel = 0.0;
                }
                next = run_table(b.as_mut(), &mut ui, &mut self.settings, &mut self.sounds);
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
                next = run_table(b.as_mut(), &mut ui, &mut self.settings, &mut self.sounds);
            }
            Screen::FamilyResult(b) => {
                let (watch, menu) = family::result_screen(&mut ui, b);
                next = if watch {
                    let (g, commands) = (b.game.restart(true), b.game.commands().to_vec());
                    let watcher =
                        family::family_table(g, b.shared.players.clone()).replay(commands);
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
                next = run_table(b.as_mut(), &mut ui, &mut self.settings, &mut self.sounds);
            }
            Screen::CampaignResult(b) => {
                next = campaign::result_screen(&mut ui, b).then_some(Transition::ToMenu(None));
            }
            Screen::Blitz(b) => {
                next = run_table(b.as_mut(), &mut ui, &mut self.settings, &mut self.sounds);
            }
            Screen::BlitzResult(b) => {
                next = blitz::result_screen(&mut ui, b).then_some(Transition::ToMenu(None));
            }
            Screen::Help { scroll, page } => next = help(&mut ui, scroll, *page),
            Screen::Settings { error } => {
                next = settings_screen(&mut ui, &mut self.settings, error)
            }
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
                | Screen::Blitz(_)
                | Screen::ConfirmLeave { .. } => {}
                _ => next = Some(Transition::Pop),
            }
        }
        ui.flush_text();
        if draw {
            ui::flat_shapes(false);
            self.audited = audit::end_frame();
        }
        self.buttons = std::mem::take(&mut ui.buttons);
        if let Some(t) = next {
            self.sounds.push(Sfx::Click);
            self.apply(t);
            // The buttons were the last screen's: the next is not laid out.
            self.buttons.clear();
        }
    }

    fn apply(&mut self, t: Transition) {
        // Any change of screen may have written or cleared an autosave.
        self.continues = None;
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
            Transition::NewBlitz => {
                let seed = self.new_game_defaults().seed.parse().unwrap_or(1);
                self.apply(Transition::StartBlitz(seed));
            }
            Transition::NewCampaignScreen => {
                let seed = self.new_game_defaults().seed;
                self.stack.push(Screen::CampaignNew(CampaignNew::new(seed)));
            }
            t @ (Transition::Start(_)
            | Transition::StartFamily(_)
            | Transition::StartCampaign(_)
            | Transition::StartBlitz(_)) => self.start(t, true),
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
                Some(Screen::Blitz(b)) => self.stack.push(Screen::BlitzResult(b)),
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
            Transition::StartBlitz(_) => GameKind::Blitz,
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
            Transition::StartBlitz(seed) => {
                blitz::new_tour(seed).map(|b| Screen::Blitz(Box::new(b)))
            }
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
                let mut commanders = players;
                commanders.resize_with(g.spitfires().len(), || Player::new("Commander", true));
                let mut b = family::family_table(g, commanders);
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
                let level = |i: usize| players.get(i).map(|p| p.level).unwrap_or_default();
                let mut t = CampaignTable::at(c, human, [level(0), level(1)]);
                t.slot = own;
                Screen::Campaign(Box::new(t))
            }
            AnyRecord::Blitz(r) => {
                let g: crate::blitz::Game =
                    record::restore(&r, &base).map_err(|e| e.to_string())?;
                let mut t = blitz::blitz_table(g, players);
                t.slot = own;
                Screen::Blitz(Box::new(t))
            }
        })
    }

    /// The table of the game under way (the topmost), if any.
    fn table(&mut self) -> Option<&mut dyn Table> {
        self.stack.iter_mut().rev().find_map(table_of)
    }

    /// Saves the game under way: in its own slot if it has one, else the
    /// slots are shown to pick one.
    fn save(&mut self, after: After) {
        let Some(t) = self.table() else { return };
        let own = *t.slot();
        let rec = match t.record() {
            Ok(r) => r,
            Err(e) => {
                *t.message() = Some(Message::refusal(format!(
                    "The game could not be saved: {e}"
                )));
                return;
            }
        };
        match own {
            Some(slot) => match store::store(slot, &rec) {
                Ok(_) => self.saved(slot, after),
                Err(e) => *t.message() = Some(Message::refusal(e.to_string())),
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
            *t.message() = Some(Message::info(line.clone()));
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

/// The game table a screen is, if it is one.
fn table_of(s: &mut Screen) -> Option<&mut dyn Table> {
    match s {
        Screen::Battle(b) => Some(b.as_mut()),
        Screen::Family(b) => Some(b.as_mut()),
        Screen::Blitz(b) => Some(b.as_mut()),
        Screen::Campaign(b) => Some(b.as_mut()),
        _ => None,
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
    fn message(&mut self) -> &mut Option<Message>;
    /// Which game's rules page the help key opens.
    fn help_page(&self) -> HelpPage;
    /// Draws the table as it stands, under a dialog about it.
    fn paint(&mut self, ui: &mut Ui, settings: &Settings);
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
    fn message(&mut self) -> &mut Option<Message> {
        &mut self.shared.message
    }
    fn help_page(&self) -> HelpPage {
        self.scene.help_page()
    }
    fn paint(&mut self, ui: &mut Ui, settings: &Settings) {
        table::Table::paint(self, ui, settings)
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
    fn message(&mut self) -> &mut Option<Message> {
        self.message_mut()
    }
    fn help_page(&self) -> HelpPage {
        if self.sub().is_some() {
            HelpPage::SimpleHex
        } else {
            HelpPage::Campaign
        }
    }
    fn paint(&mut self, ui: &mut Ui, settings: &Settings) {
        CampaignTable::paint(self, ui, settings)
    }
}

/// One frame of a game table, and what it asks of the app, for every game:
/// the autosave when due (in the game's own autosave), saving, help,
/// leaving, and the end of the game.
fn run_table(
    t: &mut dyn Table,
    ui: &mut Ui,
    settings: &mut Settings,
    sounds: &mut Vec<Sfx>,
) -> Option<Transition> {
    let act = t.frame(ui, settings);
    sounds.append(&mut t.take_sounds());
    let watching = t.is_watching();
    if *t.autosave_due() && !watching {
        *t.autosave_due() = false;
        if let Err(e) = t.record().and_then(|r| store::store(Slot::Autosave, &r)) {
            *t.message() = Some(Message::refusal(e.to_string()));
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
            // A finished game is nothing to continue; a first game finished
            // with its guide is the guide's last.
            if !watching && settings.guides(t.kind()) {
                settings.learn(t.kind());
                if let Err(e) = settings.store() {
                    *t.message() = Some(Message::refusal(e));
                }
            }
            if !watching {
                if let Err(e) = store::clear_autosave(t.kind()) {
                    *t.message() = Some(Message::refusal(format!(
                        "The finished game's autosave stays: {e}"
                    )));
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
    /// A new night Blitz tour on this seed.
    StartBlitz(u64),
    /// A new night Blitz tour on a fresh seed.
    NewBlitz,
    NewCampaignScreen,
    StartCampaign(CampaignNew),
    Quit,
}

fn start(ng: &NewGame) -> Result<Battle, String> {
    let level = LEVEL_NAMES[ng.level % LEVEL_NAMES.len()];
    let names = screens::difficulty_names();
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
