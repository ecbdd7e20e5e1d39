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
pub mod games;
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
use crate::common::Side;
use crate::record::{self, Player};
use crate::saves::{self as store, Slot};
use crate::settings::{AnimSpeed, Scheme, Settings};
use crate::sound::Sfx;
pub use bench::{bench_app, bench_blitz_app, bench_campaign_app, bench_family_app};
use games::{NewGameScreen, Starter, TableScreen};
use macroquad::prelude::*;
use saves::{After, ConfirmNew, LoadList, SlotPicker};
use screens::title;
use screens::{confirm_leave, help, menu, settings_screen};
use table::{Message, TableAction};
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

/// A screen of the app's stack. The games' own screens are behind traits
/// ([`games`]): a new-game screen, a table, and a table under its result.
pub enum Screen {
    Menu,
    /// A game's new-game screen.
    NewGame(Box<dyn NewGameScreen>),
    /// A game's table, played or watched.
    Table(Box<dyn TableScreen>),
    /// A finished game: its table (for the replay) under the summary.
    Result(Box<dyn TableScreen>),
    Help {
        scroll: f32,
        page: GameKind,
    },
    /// Which game's rules to read.
    Rules,
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
            Screen::NewGame(ng) => ng.name(),
            Screen::Table(t) => t.names().0,
            Screen::Result(t) => t.names().1,
            Screen::Help { .. } => "help",
            Screen::Rules => "rules",
            Screen::Settings { .. } => "settings",
            Screen::ConfirmLeave { .. } => "leave",
            Screen::Load(_) => "load",
            Screen::SaveSlots(_) => "save slots",
            Screen::ConfirmNew(_) => "new game over an unfinished one",
        }
    }

    /// The game table this screen is, if it is one of type `T` in play.
    pub fn table<T: 'static>(&self) -> Option<&T> {
        match self {
            Screen::Table(t) => t.as_any().downcast_ref(),
            _ => None,
        }
    }

    /// The finished game's table this screen is, if it is one of type `T`.
    pub fn result<T: 'static>(&self) -> Option<&T> {
        match self {
            Screen::Result(t) => t.as_any().downcast_ref(),
            _ => None,
        }
    }

    /// The new-game screen this is, if it is one of type `T`.
    pub fn new_game<T: 'static>(&self) -> Option<&T> {
        match self {
            Screen::NewGame(ng) => ng.as_any().downcast_ref(),
            _ => None,
        }
    }

    /// Whether this is `kind`'s table in play.
    pub fn is_table(&self, kind: GameKind) -> bool {
        matches!(self, Screen::Table(t) if t.kind() == kind)
    }

    /// Whether this is `kind`'s result screen.
    pub fn is_result(&self, kind: GameKind) -> bool {
        matches!(self, Screen::Result(t) if t.kind() == kind)
    }

    /// Whether this is `kind`'s new-game screen.
    pub fn is_new_game(&self, kind: GameKind) -> bool {
        matches!(self, Screen::NewGame(ng) if ng.kind() == kind)
    }
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
    /// What Continue would resume (the game's title), and the sentence
    /// saying that another window shares the data folder, if one does:
    /// read when the menu is first drawn after a change of screen.
    continues: Option<(Option<String>, Option<String>)>,
}

impl App {
    /// The app on the menu. It claims the data folder for this window: a
    /// second window on the same folder is told so on its menu.
    pub fn new(settings: Settings, notice: Option<String>) -> App {
        // Claimed at once: the first window clears what a killed one left.
        store::claim_folder();
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
            Screen::Table(t) => t.at_rest(),
            _ => true,
        }
    }

    /// The topmost game table of type `T`, played or over.
    pub fn table<T: 'static>(&self) -> Option<&T> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Table(t) | Screen::Result(t) => t.as_any().downcast_ref(),
            _ => None,
        })
    }

    /// The card held up on the game's table on top, if one is (a summary,
    /// or the guide's explanation).
    pub fn card(&self) -> Option<&table::Card> {
        match self.top() {
            Screen::Table(t) => t.card(),
            _ => None,
        }
    }

    /// A fresh seed for a new game, as the new-game screens show it.
    fn fresh_seed(&self) -> String {
        (self.frames.wrapping_mul(2_654_435_761) % 1_000_000 + 1).to_string()
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
                Screen::Table(t) => !t.is_watching(),
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
                let (continues, shared) = self.continues.get_or_insert_with(|| {
                    (
                        store::newest_autosave().map(|e| e.kind.title().to_string()),
                        store::claim_folder(),
                    )
                });
                let notice = match (&self.notice, shared) {
                    (Some(a), Some(b)) => Some(format!("{a} {b}")),
                    (a, b) => a.clone().or(b.clone()),
                };
                next = menu(&mut ui, notice.as_deref(), continues.as_deref());
            }
            Screen::Rules => next = screens::rules_menu(&mut ui),
            Screen::NewGame(ng) => next = ng.frame(&mut ui),
            Screen::Table(t) => {
                if ui.input.wheel != 0.0
                    && ui.input.mouse.0 > w * 0.7
                    && t.scroll_log(ui.input.wheel)
                {
                    ui.input.wheel = 0.0;
                }
                next = run_table(t.as_mut(), &mut ui, &mut self.settings, &mut self.sounds);
            }
            Screen::Result(t) => next = t.result(&mut ui),
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
                Screen::Menu | Screen::Table(_) | Screen::ConfirmLeave { .. } => {}
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
        // A table about to go (the player leaves it, the window closes, or
        // another game replaces it) keeps where it was left first.
        if matches!(
            t,
            Transition::ToMenu(_)
                | Transition::Quit
                | Transition::Continue
                | Transition::Load(..)
                | Transition::LoadAnyway(..)
                | Transition::Begin(_)
        ) {
            if let Some(table) = self.table_in_play() {
                if table.keep().autosave_due && !table.is_watching() {
                    autosave(table);
                }
            }
        }
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
            Transition::NewGame(kind) => {
                let first = self.settings.guides(kind);
                let t = games::game(kind).new_game(self.fresh_seed(), first);
                self.apply(t);
            }
            t @ Transition::Start(_) => self.start(t, true),
            Transition::Begin(t) => self.start(*t, false),
            Transition::Continue => match store::newest_autosave() {
                Some(e) => self.apply(Transition::Load(e.path, e.slot)),
                None => self.notice = Some("There is no game to continue yet.".into()),
            },
            Transition::Load(path, slot) => {
                if let Some(ask) = self.ask_before_loading(&path, slot) {
                    self.stack.push(ask);
                } else {
                    self.apply(Transition::LoadAnyway(path, slot));
                }
            }
            Transition::LoadAnyway(path, slot) => match self.load(&path, slot) {
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
                Some(Screen::Table(t)) => self.stack.push(Screen::Result(t)),
                Some(other) => self.stack.push(other),
                None => {}
            },
            Transition::Quit => self.quit = true,
        }
    }

    /// Starts a new game; `ask`: first, if its game's autosave holds an
    /// unfinished game, ask before replacing it.
    fn start(&mut self, t: Transition, ask: bool) {
        let Transition::Start(starter) = &t else {
            return;
        };
        let kind = starter.kind();
        if ask {
            let unfinished =
                store::autosave(kind).filter(|e| e.read.as_ref().is_ok_and(|l| !l.over));
            if let Some(unfinished) = unfinished {
                self.stack.push(Screen::ConfirmNew(Box::new(ConfirmNew {
                    kind,
                    unfinished,
                    start: Some(Box::new(Transition::Begin(Box::new(t)))),
                    loading: None,
                    message: None,
                })));
                return;
            }
        }
        match starter.start() {
            Ok(t) => {
                self.notice = None;
                self.stack.truncate(1);
                self.stack.push(Screen::Table(t));
            }
            Err(e) => {
                self.stack.truncate(1);
                self.notice = Some(e);
            }
        }
    }

    /// Before a save is loaded from a slot: if its game is unfinished and
    /// its game's autosave holds another unfinished game, the question
    /// whether to keep that one first (playing the loaded game on autosaves
    /// it in its place). None: load it.
    fn ask_before_loading(&self, path: &std::path::Path, slot: Slot) -> Option<Screen> {
        if slot == Slot::Autosave {
            return None;
        }
        let rec = record::read(path).ok()?;
        let kind = rec.kind();
        if rec.finished() {
            return None;
        }
        let unfinished =
            store::autosave(kind).filter(|e| e.read.as_ref().is_ok_and(|l| !l.over))?;
        let theirs = record::read(&unfinished.path).ok()?;
        if theirs.same_game(&rec) {
            return None;
        }
        Some(Screen::ConfirmNew(Box::new(ConfirmNew {
            kind,
            unfinished,
            start: Some(Box::new(Transition::LoadAnyway(path.to_path_buf(), slot))),
            loading: Some(slot),
            message: None,
        })))
    }

    /// A game's table, from its save in `slot`.
    fn load(&self, path: &std::path::Path, slot: Slot) -> Result<Screen, String> {
        let base = record::base_of(path);
        let own = matches!(slot, Slot::Numbered(_)).then_some(slot);
        let rec = record::read(path).map_err(|e| e.to_string())?;
        let table = games::game(rec.kind()).load(rec, &base, own)?;
        Ok(Screen::Table(table))
    }

    /// The table of the game under way (the topmost), if any.
    fn table_in_play(&mut self) -> Option<&mut dyn TableScreen> {
        self.stack.iter_mut().rev().find_map(table_of)
    }

    /// Saves the game under way: in its own slot if it has one, else the
    /// slots are shown to pick one.
    fn save(&mut self, after: After) {
        let Some(t) = self.table_in_play() else {
            return;
        };
        let own = t.keep().slot;
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
                Err(e @ store::SaveError::Changed { .. }) => {
                    // Its own slot holds another window's save now: the
                    // slots are shown, and that one asks before it is
                    // overwritten.
                    let mut p = SlotPicker::new(rec, None, after);
                    p.message = Some(e.to_string());
                    self.stack.push(Screen::SaveSlots(Box::new(p)));
                }
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
        if let Some(t) = self.table_in_play() {
            t.keep().slot = Some(slot);
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

/// The game table a screen is, if it is one in play.
fn table_of(s: &mut Screen) -> Option<&mut dyn TableScreen> {
    match s {
        Screen::Table(t) => Some(t.as_mut()),
        _ => None,
    }
}

/// One frame of a game table, and what it asks of the app, for every game:
/// the autosave when due (in the game's own autosave), saving, help,
/// leaving, and the end of the game.
fn run_table(
    t: &mut dyn TableScreen,
    ui: &mut Ui,
    settings: &mut Settings,
    sounds: &mut Vec<Sfx>,
) -> Option<Transition> {
    let act = t.frame(ui, settings);
    sounds.append(&mut t.take_sounds());
    let watching = t.is_watching();
    if t.keep().autosave_due && !watching {
        autosave(t);
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
            // The autosave this table wrote, and only that one: a game
            // loaded from a slot and never played on here leaves the
            // autosave (another game's) alone, as does one whose autosave
            // another window has written since.
            if !watching && t.keep().autosaved {
                t.keep().autosaved = false;
                match store::clear_autosave(t.kind()) {
                    Ok(()) | Err(store::SaveError::Changed { .. }) => {}
                    Err(e) => {
                        *t.message() = Some(Message::refusal(format!(
                            "The finished game's autosave stays: {e}"
                        )))
                    }
                }
            }
            Some(Transition::Finish)
        }
        TableAction::None => None,
    }
}

/// Writes the game on a table to its game's autosave (only over what this
/// window last saw there: if another window saved a game of the same kind
/// since, nothing is written over and the player is told so).
fn autosave(t: &mut dyn TableScreen) {
    t.keep().autosave_due = false;
    let rec = match t.record() {
        Ok(r) => r,
        Err(e) => {
            *t.message() = Some(Message::refusal(format!("Not autosaved: {e}")));
            return;
        }
    };
    let listing = store::Listing::played(&rec, t.keep().data);
    match store::store_game(Slot::Autosave, &rec, listing) {
        Ok(_) => t.keep().autosaved = true,
        Err(store::SaveError::Changed { kind, .. }) => {
            *t.message() = Some(Message::refusal(format!(
                "Not autosaved: {} has saved a {} game here since. F5 keeps this one in a slot.",
                store::ANOTHER,
                kind.title()
            )))
        }
        Err(e) => *t.message() = Some(Message::refusal(e.to_string())),
    }
}

/// What a screen asks of the app.
pub enum Transition {
    /// Nothing to do (a screen handled it itself).
    Stay,
    Push(Screen),
    Pop,
    ToMenu(Option<String>),
    /// New game of this game, from the menu.
    NewGame(GameKind),
    /// A game chosen, to begin (asking first if it would replace an
    /// unfinished one in its autosave).
    Start(Box<dyn Starter>),
    /// A start the player confirmed (no question about the autosave).
    Begin(Box<Transition>),
    /// The autosave written last, of any game.
    Continue,
    /// A save to load (asking first if its game's autosave holds another
    /// unfinished game that playing it on would replace).
    Load(std::path::PathBuf, Slot),
    /// A save to load, the player having answered.
    LoadAnyway(std::path::PathBuf, Slot),
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
    Quit,
}
