//! The family game in the app shell: its menu entry, new-game screen,
//! table and result screen behind the shell's traits.

use super::{family_table, new_game_screen, result_screen, FamilyNew, FamilyScene, FamilyTable};
use crate::app::games::{GameScreens, NewGameScreen, SceneScreens, Starter, TableScreen};
use crate::app::ui::Ui;
use crate::app::{App, Screen, Transition};
use crate::common::game::GameKind;
use crate::family::Game;
use crate::record::{AnyRecord, Player};
use crate::saves::Slot;
use macroquad::prelude::KeyCode;
use std::any::Any;
use std::path::Path;

pub struct FamilyScreens;

impl GameScreens for FamilyScreens {
    fn kind(&self) -> GameKind {
        GameKind::Family
    }
    fn menu_button(&self) -> (&'static str, KeyCode) {
        ("Family game: Spitfires vs bombers", KeyCode::F)
    }
    fn rules_button(&self) -> &'static str {
        "Family game: Spitfires vs bombers"
    }
    fn help(&self) -> (&'static str, &'static str) {
        ("Spitfires vs bombers: rules and controls", super::help())
    }
    fn new_game(&self, seed: String, _first: bool) -> Transition {
        Transition::Push(Screen::NewGame(Box::new(FamilyNew::new(seed))))
    }
    fn load(
        &self,
        rec: AnyRecord,
        base: &Path,
        slot: Option<Slot>,
    ) -> Result<Box<dyn TableScreen>, String> {
        let AnyRecord::Family(r) = rec else {
            return Err("not a family game's record".into());
        };
        let mut commanders = r.players.clone();
        crate::app::games::load_table(&r, base, slot, |g: Game| {
            commanders.resize_with(g.spitfires().len(), || Player::new("Commander", true));
            family_table(g, commanders)
        })
    }
}

impl Starter for FamilyNew {
    fn kind(&self) -> GameKind {
        GameKind::Family
    }
    fn start(&self) -> Result<Box<dyn TableScreen>, String> {
        Ok(Box::new(FamilyNew::start(self)?))
    }
}

impl NewGameScreen for FamilyNew {
    fn kind(&self) -> GameKind {
        GameKind::Family
    }
    fn name(&self) -> &'static str {
        "family new game"
    }
    fn frame(&mut self, ui: &mut Ui) -> Option<Transition> {
        match new_game_screen(ui, self) {
            Some(true) => Some(Transition::Start(Box::new(self.clone()))),
            Some(false) => Some(Transition::Pop),
            None => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl SceneScreens for FamilyScene<Game> {
    const NAMES: (&'static str, &'static str) = ("family game", "family result");
    const WHEEL_SCROLLS_LOG: bool = false;
    fn result(b: &mut FamilyTable, ui: &mut Ui) -> Option<Transition> {
        let (watch, menu) = result_screen(ui, b);
        if watch {
            let (g, commands) = (b.game.restart(true), b.game.commands().to_vec());
            let watcher = family_table(g, b.shared.players.clone()).replay(commands);
            Some(Transition::Push(Screen::Table(Box::new(watcher))))
        } else if menu {
            Some(Transition::ToMenu(None))
        } else {
            None
        }
    }
}

impl App {
    /// The topmost family game's table, played or over.
    pub fn family(&self) -> Option<&FamilyTable> {
        self.table()
    }
}
