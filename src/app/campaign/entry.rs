//! The campaign in the app shell: its menu entry, new-game screen, table
//! and result screen behind the shell's traits.

use super::{new_campaign_screen, result_screen, CampaignNew, CampaignTable, HELP};
use crate::app::games::{GameScreens, NewGameScreen, Starter, TableScreen};
use crate::app::table::{Card, Keeping, Message, TableAction};
use crate::app::ui::Ui;
use crate::app::{App, Players, Screen, Transition};
use crate::campaign::game::{Campaign, Command};
use crate::common::game::GameKind;
use crate::record::{self, AnyRecord, RecordError};
use crate::saves::Slot;
use crate::settings::Settings;
use crate::sound::Sfx;
use macroquad::prelude::KeyCode;
use std::any::Any;
use std::path::Path;

pub struct CampaignScreens;

impl GameScreens for CampaignScreens {
    fn kind(&self) -> GameKind {
        GameKind::Campaign
    }
    fn menu_button(&self) -> (&'static str, KeyCode) {
        ("Campaign: the Battle of Britain", KeyCode::B)
    }
    fn rules_button(&self) -> &'static str {
        "Campaign: the Battle of Britain"
    }
    fn help(&self) -> (&'static str, &'static str) {
        ("The campaign: rules and controls", HELP)
    }
    fn new_game(&self, seed: String, _first: bool) -> Transition {
        Transition::Push(Screen::NewGame(Box::new(CampaignNew::new(seed))))
    }
    /// A campaign's record names no level files: its data is the shipped
    /// one, which the record's fingerprint checks.
    fn load(
        &self,
        rec: AnyRecord,
        _base: &Path,
        slot: Option<Slot>,
    ) -> Result<Box<dyn TableScreen>, String> {
        let players = rec.players().to_vec();
        let AnyRecord::Campaign(r) = rec else {
            return Err("not a campaign record".into());
        };
        let loaded = record::load::<Campaign>(&r, Path::new(".")).map_err(|e| e.to_string())?;
        let note = loaded.note();
        let c = loaded.game;
        let human = match Players::from_record(&players) {
            Players::Solo { human } => Some(human),
            Players::TwoPlayers => None,
        };
        let level = |i: usize| players.get(i).map(|p| p.level).unwrap_or_default();
        let all = c.commands().len();
        let mut seen = r.shown.clone().unwrap_or_default();
        // What the player had not seen is played on the map, unless a
        // battle on a board came in it (a battle is taken up as it stands).
        let unseen = c.commands().get(seen.commands..).unwrap_or(&[]);
        let on_map = !unseen.iter().any(Command::on_a_board) && c.board_battle().is_none();
        if loaded.replayed != record::Replayed::Exactly || !on_map || seen.commands > all {
            seen.commands = all;
        }
        let early = if seen.commands < all {
            c.rebuilt(seen.commands)
        } else {
            c.clone()
        };
        let mut t = CampaignTable::at(early, human, [level(0), level(1)]);
        t.resume(c, seen);
        t.keep.slot = slot;
        t.keep.data = loaded.data;
        if let Some(note) = note {
            t.hold_up(Card::summary(crate::app::games::EARLIER, vec![note]));
        }
        Ok(Box::new(t))
    }
}

impl Starter for CampaignNew {
    fn kind(&self) -> GameKind {
        GameKind::Campaign
    }
    fn start(&self) -> Result<Box<dyn TableScreen>, String> {
        Ok(Box::new(CampaignNew::start(self)?))
    }
}

impl NewGameScreen for CampaignNew {
    fn kind(&self) -> GameKind {
        GameKind::Campaign
    }
    fn name(&self) -> &'static str {
        "campaign new game"
    }
    fn frame(&mut self, ui: &mut Ui) -> Option<Transition> {
        match new_campaign_screen(ui, self) {
            Some(true) => Some(Transition::Start(Box::new(self.clone()))),
            Some(false) => Some(Transition::Pop),
            None => None,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl TableScreen for CampaignTable {
    fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        CampaignTable::frame(self, ui, settings)
    }
    fn take_sounds(&mut self) -> Vec<Sfx> {
        CampaignTable::take_sounds(self)
    }
    fn is_watching(&self) -> bool {
        CampaignTable::is_watching(self)
    }
    fn at_rest(&self) -> bool {
        CampaignTable::at_rest(self)
    }
    fn card(&self) -> Option<&Card> {
        CampaignTable::card(self)
    }
    fn scroll_log(&mut self, wheel: f32) -> bool {
        CampaignTable::scroll_log(self, wheel);
        true
    }
    fn kind(&self) -> GameKind {
        GameKind::Campaign
    }
    fn names(&self) -> (&'static str, &'static str) {
        ("campaign", "campaign result")
    }
    fn record(&self) -> Result<AnyRecord, RecordError> {
        CampaignTable::record(self).map(AnyRecord::Campaign)
    }
    fn keep(&mut self) -> &mut Keeping {
        &mut self.keep
    }
    fn message(&mut self) -> &mut Option<Message> {
        self.message_mut()
    }
    /// On a board, the board's game's rules.
    fn help_page(&self) -> GameKind {
        if self.sub().is_some() {
            GameKind::SimpleHex
        } else {
            GameKind::Campaign
        }
    }
    fn paint(&mut self, ui: &mut Ui, settings: &Settings) {
        CampaignTable::paint(self, ui, settings)
    }
    fn result(&mut self, ui: &mut Ui) -> Option<Transition> {
        result_screen(ui, self).then_some(Transition::ToMenu(None))
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl App {
    /// The topmost campaign's table, played or over.
    pub fn campaign(&self) -> Option<&CampaignTable> {
        self.table()
    }
}
