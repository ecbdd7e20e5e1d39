//! The games as the app shell knows them: each game's screens behind
//! traits, and [`games`], the one list of them. The shell (the menu, the
//! stack of screens, saving, loading, help) goes through these traits only;
//! a game's own screens live in `app/<game>/`, its entry in
//! `app/<game>/entry.rs`.

use super::table::{self, Card, Scene, TableAction};
use super::ui::Ui;
use super::Transition;
use crate::common::game::{GameKind, Rules};
use crate::record::{self, AnyRecord, RecordError, Recorded};
use crate::saves::Slot;
use crate::settings::Settings;
use crate::sound::Sfx;
use macroquad::prelude::KeyCode;
use std::any::Any;
use std::path::Path;

/// What the shell knows of a game: how its screens are reached.
pub trait GameScreens: Sync {
    fn kind(&self) -> GameKind;
    /// The menu's button for a new game, and its key.
    fn menu_button(&self) -> (&'static str, KeyCode);
    /// The rules menu's button.
    fn rules_button(&self) -> &'static str;
    /// The help page: its heading and its text.
    fn help(&self) -> (&'static str, &'static str);
    /// What New game leads to: the game's new-game screen, or the game
    /// itself when it has nothing to choose. `seed`: a fresh seed;
    /// `first`: the player has not finished a game of it yet.
    fn new_game(&self, seed: String, first: bool) -> Transition;
    /// The table of a game read from a save; `base`: where the save's
    /// level files are looked for; `slot`: the save's own slot, if it is a
    /// numbered one.
    fn load(
        &self,
        rec: AnyRecord,
        base: &Path,
        slot: Option<Slot>,
    ) -> Result<Box<dyn TableScreen>, String>;
}

/// Every game, in the menu's order.
pub fn games() -> [&'static dyn GameScreens; 4] {
    [
        &super::simple_hex::entry::SimpleHexScreens,
        &super::family::entry::FamilyScreens,
        &super::campaign::entry::CampaignScreens,
        &super::blitz::entry::BlitzScreens,
    ]
}

/// The entry of one game.
pub fn game(kind: GameKind) -> &'static dyn GameScreens {
    games()
        .into_iter()
        .find(|g| g.kind() == kind)
        .expect("every game is in the list")
}

/// A game chosen and ready to begin.
pub trait Starter {
    fn kind(&self) -> GameKind;
    /// Its table, or why it cannot begin.
    fn start(&self) -> Result<Box<dyn TableScreen>, String>;
}

/// A game's new-game screen.
pub trait NewGameScreen: Any {
    fn kind(&self) -> GameKind;
    /// The screen's name (for the audit and the tour's pictures).
    fn name(&self) -> &'static str;
    /// One frame of the screen: a start, a way back, or nothing yet.
    fn frame(&mut self, ui: &mut Ui) -> Option<Transition>;
    fn as_any(&self) -> &dyn Any;
}

/// A game table on screen: a game played, watched, or over under its
/// result.
pub trait TableScreen: Any {
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction;
    fn take_sounds(&mut self) -> Vec<Sfx>;
    fn is_watching(&self) -> bool;
    /// Nothing on the table moves until the player does.
    fn at_rest(&self) -> bool;
    /// The card held up on the table, if one is (a summary, or the
    /// guide's explanation).
    fn card(&self) -> Option<&Card>;
    /// The wheel over the log's side of the window scrolls it; false if
    /// this table leaves the wheel alone.
    fn scroll_log(&mut self, wheel: f32) -> bool;
    /// Which game it is (its saves are kept apart from the others').
    fn kind(&self) -> GameKind;
    /// The screen's name while it is played, and under its result.
    fn names(&self) -> (&'static str, &'static str);
    /// The game as a record, to be written (a save).
    fn record(&self) -> Result<AnyRecord, RecordError>;
    /// The slot the game was loaded from or last saved in.
    fn slot(&mut self) -> &mut Option<Slot>;
    fn autosave_due(&mut self) -> &mut bool;
    fn message(&mut self) -> &mut Option<table::Message>;
    /// Which game's rules page the help key opens.
    fn help_page(&self) -> GameKind;
    /// Draws the table as it stands, under a dialog about it.
    fn paint(&mut self, ui: &mut Ui, settings: &Settings);
    /// One frame of the result screen, once the game is over.
    fn result(&mut self, ui: &mut Ui) -> Option<Transition>;
    fn as_any(&self) -> &dyn Any;
}

/// What a game on the shared table (`table::Table`) adds to make it a
/// screen of the shell: its names and its result screen.
pub trait SceneScreens: Scene + Sized + 'static {
    /// The screen's name while it is played, and under its result.
    const NAMES: (&'static str, &'static str);
    /// Whether the wheel over the log's side scrolls the log.
    const WHEEL_SCROLLS_LOG: bool;
    /// One frame of the result screen.
    fn result(t: &mut table::Table<Self>, ui: &mut Ui) -> Option<Transition>;
}

impl<S: SceneScreens> TableScreen for table::Table<S>
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
    fn at_rest(&self) -> bool {
        table::Table::at_rest(self)
    }
    fn card(&self) -> Option<&Card> {
        self.shared.card()
    }
    fn scroll_log(&mut self, wheel: f32) -> bool {
        if S::WHEEL_SCROLLS_LOG {
            table::Table::scroll_log(self, wheel);
        }
        S::WHEEL_SCROLLS_LOG
    }
    fn kind(&self) -> GameKind {
        <S::Game as Rules>::KIND
    }
    fn names(&self) -> (&'static str, &'static str) {
        S::NAMES
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
    fn message(&mut self) -> &mut Option<table::Message> {
        &mut self.shared.message
    }
    fn help_page(&self) -> GameKind {
        self.scene.help_page()
    }
    fn paint(&mut self, ui: &mut Ui, settings: &Settings) {
        table::Table::paint(self, ui, settings)
    }
    fn result(&mut self, ui: &mut Ui) -> Option<Transition> {
        S::result(self, ui)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl dyn TableScreen {
    /// The table as its own type, once its kind is known.
    pub fn get<T: 'static>(&self) -> &T {
        self.as_any()
            .downcast_ref()
            .expect("a table of the kind checked")
    }
}

impl dyn NewGameScreen {
    /// The screen as its own type, once its kind is known.
    pub fn get<T: 'static>(&self) -> &T {
        self.as_any()
            .downcast_ref()
            .expect("a new-game screen of the kind checked")
    }
}
