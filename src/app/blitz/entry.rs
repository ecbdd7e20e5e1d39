//! The night Blitz in the app shell: its menu entry, its table and its
//! tally behind the shell's traits. A tour has nothing to choose before it
//! begins, so New game starts one on a fresh seed.

use super::{blitz_table, new_tour, result_screen, BlitzScene, BlitzTable};
use crate::app::games::{GameScreens, SceneScreens, Starter, TableScreen};
use crate::app::ui::Ui;
use crate::app::{App, Transition};
use crate::blitz::Game;
use crate::common::game::GameKind;
use crate::record::AnyRecord;
use crate::saves::Slot;
use macroquad::prelude::KeyCode;
use std::path::Path;

pub struct BlitzScreens;

/// A new tour on this seed.
struct NewTour(u64);

impl GameScreens for BlitzScreens {
    fn kind(&self) -> GameKind {
        GameKind::Blitz
    }
    fn menu_button(&self) -> (&'static str, KeyCode) {
        ("Night Blitz: a bomber crew's tour, 1940-41", KeyCode::Z)
    }
    fn rules_button(&self) -> &'static str {
        "Night Blitz: a bomber crew's tour"
    }
    fn help(&self) -> (&'static str, &'static str) {
        ("The night Blitz: rules and controls", super::HELP)
    }
    fn new_game(&self, seed: String, _first: bool) -> Transition {
        Transition::Start(Box::new(NewTour(seed.parse().unwrap_or(1))))
    }
    fn load(
        &self,
        rec: AnyRecord,
        base: &Path,
        slot: Option<Slot>,
    ) -> Result<Box<dyn TableScreen>, String> {
        let AnyRecord::Blitz(r) = rec else {
            return Err("not a night Blitz record".into());
        };
        let players = r.players.clone();
        crate::app::games::load_table(&r, base, slot, |g: Game| blitz_table(g, players))
    }
}

impl Starter for NewTour {
    fn kind(&self) -> GameKind {
        GameKind::Blitz
    }
    fn start(&self) -> Result<Box<dyn TableScreen>, String> {
        Ok(Box::new(new_tour(self.0)?))
    }
}

impl SceneScreens for BlitzScene {
    const NAMES: (&'static str, &'static str) = ("night Blitz", "night Blitz tally");
    const WHEEL_SCROLLS_LOG: bool = false;
    fn result(t: &mut BlitzTable, ui: &mut Ui) -> Option<Transition> {
        result_screen(ui, t).then_some(Transition::ToMenu(None))
    }
}

impl App {
    /// The topmost night Blitz table, played or over.
    pub fn blitz(&self) -> Option<&BlitzTable> {
        self.table()
    }
}
