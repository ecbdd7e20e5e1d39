//! Simple Hex in the app shell: its menu entry, new-game screen, table and
//! result screen behind the shell's traits.

use super::new_game::{new_game_screen, result_screen, start, NewGame};
use super::{battle, HexScene, HexTable};
use crate::app::games::{GameScreens, NewGameScreen, SceneScreens, Starter, TableScreen};
use crate::app::ui::Ui;
use crate::app::{App, Screen, Transition};
use crate::common::game::GameKind;
use crate::common::Level;
use crate::record::AnyRecord;
use crate::saves::Slot;
use crate::simple_hex::Game;
use macroquad::prelude::KeyCode;
use std::any::Any;
use std::path::Path;

pub struct SimpleHexScreens;

impl GameScreens for SimpleHexScreens {
    fn kind(&self) -> GameKind {
        GameKind::SimpleHex
    }
    fn menu_button(&self) -> (&'static str, KeyCode) {
        ("New game: Simple Hex dogfight", KeyCode::N)
    }
    fn rules_button(&self) -> &'static str {
        "Simple Hex dogfight"
    }
    fn help(&self) -> (&'static str, &'static str) {
        ("Simple Hex: rules and controls", super::HELP)
    }
    fn new_game(&self, seed: String, first: bool) -> Transition {
        Transition::Push(Screen::NewGame(Box::new(NewGame {
            level: 0,
            players: 0,
            crane: false,
            // A first game meets the gentlest opponent.
            opponent: if first {
                Level::Recruit
            } else {
                Level::default()
            },
            seed,
            difficulty: 0,
        })))
    }
    fn load(
        &self,
        rec: AnyRecord,
        base: &Path,
        slot: Option<Slot>,
    ) -> Result<Box<dyn TableScreen>, String> {
        let AnyRecord::SimpleHex(r) = rec else {
            return Err("not a Simple Hex record".into());
        };
        let players = r.players.clone();
        crate::app::games::load_table(&r, base, slot, |g: Game| battle(g, players))
    }
}

impl Starter for NewGame {
    fn kind(&self) -> GameKind {
        GameKind::SimpleHex
    }
    fn start(&self) -> Result<Box<dyn TableScreen>, String> {
        Ok(Box::new(start(self)?))
    }
}

impl NewGameScreen for NewGame {
    fn kind(&self) -> GameKind {
        GameKind::SimpleHex
    }
    fn name(&self) -> &'static str {
        "new game"
    }
    fn frame(&mut self, ui: &mut Ui) -> Option<Transition> {
        new_game_screen(ui, self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl SceneScreens for HexScene<Game> {
    const NAMES: (&'static str, &'static str) = ("battle", "result");
    const WHEEL_SCROLLS_LOG: bool = true;
    fn result(t: &mut HexTable, ui: &mut Ui) -> Option<Transition> {
        result_screen(ui, t)
    }
}

impl App {
    /// The topmost Simple Hex battle, played or over.
    pub fn battle(&self) -> Option<&HexTable> {
        self.table()
    }
}
