//! The games as the app shell knows them: each game's screens behind
//! traits, and [`games`], the one list of them. The shell (the menu, the
//! stack of screens, saving, loading, help) goes through these traits only;
//! a game's own screens live in `app/<game>/`, its entry in
//! `app/<game>/entry.rs`.

use super::table::{self, Card, Keeping, Scene, Shown, TableAction};
use super::ui::Ui;
use super::Transition;
use crate::common::game::{GameKind, Rules};
use crate::common::shell::{Engine, Shell};
use crate::data::archive;
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
    /// The game as a record, to be written (a save): on the data it plays
    /// on, with how far the player has seen it.
    fn record(&self) -> Result<AnyRecord, RecordError>;
    /// Where the game is kept: its slot, its data, whether a save is due.
    fn keep(&mut self) -> &mut Keeping;
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
        let mut r = archive::with(self.keep.data, || {
            record::of(&self.game, players, std::path::Path::new("."))
        })?;
        r.shown = Some(self.settled.clone());
        Ok(S::Game::any(r))
    }
    fn keep(&mut self) -> &mut Keeping {
        &mut self.keep
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

/// The card that says how a save of an earlier version came back.
pub const EARLIER: &str = "A save of an earlier version";

/// A game read from a save, on its table: the table is made (by `table`)
/// with the game as the player had seen it, then takes up the game as they
/// left it, so that Continue shows what they had not seen yet; the data it
/// plays on, its slot and how it came back (said in one sentence when it
/// did not come back exactly as saved) are kept with it.
pub fn load_table<E, S>(
    r: &record::RecordOf<Shell<E>>,
    base: &Path,
    slot: Option<Slot>,
    table: impl FnOnce(Shell<E>) -> table::Table<S>,
) -> Result<Box<dyn TableScreen>, String>
where
    E: Engine,
    S: SceneScreens<Game = Shell<E>>,
    Shell<E>: Recorded,
{
    let loaded = record::load::<Shell<E>>(r, base).map_err(|e| e.to_string())?;
    let note = loaded.note();
    let game = loaded.game;
    let seen = match (&r.shown, &loaded.replayed) {
        (Some(s), record::Replayed::Exactly) if s.commands <= game.commands().len() => s.clone(),
        (Some(s), _) => Shown {
            commands: game.commands().len(),
            taught: s.taught.clone(),
        },
        (None, _) => Shown {
            commands: game.commands().len(),
            taught: Vec::new(),
        },
    };
    let early = if seen.commands < game.commands().len() {
        game.rebuilt(seen.commands)
    } else {
        game.clone()
    };
    let mut t = table(early);
    t.resume(game, seen);
    t.keep.slot = slot;
    t.keep.data = loaded.data;
    if let Some(note) = note {
        t.hold_up(Card::summary(EARLIER, vec![note]));
    }
    Ok(Box::new(t))
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
