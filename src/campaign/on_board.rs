//! A campaign's intercept fought on the hex board, as a battle of Simple
//! Hex: [`OnTheBoard`] holds the campaign and reads as its battle (commands,
//! events and state are Simple Hex's), while every move goes to the campaign
//! as `Command::Hex`. So the Simple Hex table plays the campaign's battle
//! directly: there is no second copy of the battle to keep in step, and a
//! move taken back is taken back in the campaign.

use super::game::{Campaign, Command, Illegal, Stage};
use crate::common::game::{GameKind, Rules};
use crate::family::{self, FamilyGame};
use crate::simple_hex::{self, HexGame, Side};

/// The campaign's undo point, counted in the `moves` of its battle on a
/// board: nothing before the battle began can be taken back from the board.
fn board_undo_point(campaign: &Campaign, moves: usize) -> usize {
    let after = campaign.commands().len() - campaign.undo_point();
    moves - after.min(moves)
}

/// A campaign while (and just after) an intercept is fought on the board.
#[derive(Clone)]
pub struct OnTheBoard {
    campaign: Campaign,
}

impl OnTheBoard {
    /// The campaign, if a battle is being fought on the board (or was last).
    pub fn new(campaign: Campaign) -> Option<OnTheBoard> {
        campaign
            .last_battle()
            .is_some()
            .then_some(OnTheBoard { campaign })
    }

    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    pub fn into_campaign(self) -> Campaign {
        self.campaign
    }

    /// The battle is still being fought (the campaign waits for its moves).
    pub fn fighting(&self) -> bool {
        matches!(self.campaign.stage(), Stage::Battle)
    }
}

impl HexGame for OnTheBoard {
    fn hex(&self) -> &simple_hex::Game {
        &self
            .campaign
            .last_battle()
            .expect("OnTheBoard holds a campaign with a battle")
            .game
    }

    fn face_down(&self, plane: simple_hex::PlaneId) -> Option<u8> {
        self.campaign.last_battle()?.face_down(plane)
    }
}

impl Rules for OnTheBoard {
    type Command = simple_hex::Command;
    type Event = simple_hex::Event;
    type Illegal = Illegal;
    type State = simple_hex::State;
    type Seat = Side;
    const KIND: GameKind = GameKind::Campaign;

    fn state(&self) -> &simple_hex::State {
        self.hex().state()
    }
    fn initial_state(&self) -> simple_hex::State {
        self.hex().initial_state()
    }
    fn apply(state: &mut simple_hex::State, event: &simple_hex::Event) {
        simple_hex::Game::apply(state, event)
    }
    fn check(&self, command: &simple_hex::Command) -> Result<(), Illegal> {
        self.campaign.check(&Command::Hex(*command))
    }
    fn play(&mut self, command: simple_hex::Command) -> Result<(), Illegal> {
        self.campaign.play(Command::Hex(command))
    }
    fn legal_commands(&self) -> Vec<simple_hex::Command> {
        if self.fighting() {
            self.hex().legal_commands()
        } else {
            Vec::new()
        }
    }
    fn events(&self) -> &[simple_hex::Event] {
        self.hex().events()
    }
    fn commands(&self) -> &[simple_hex::Command] {
        self.hex().commands()
    }
    fn seed(&self) -> u64 {
        self.hex().seed()
    }
    fn to_act(&self) -> Option<Side> {
        if self.fighting() {
            self.hex().to_act()
        } else {
            None
        }
    }
    fn is_over(&self) -> bool {
        !self.fighting()
    }
    /// The campaign's undo point, counted in the battle's moves: nothing
    /// before the battle began can be taken back from the board.
    fn undo_point(&self) -> usize {
        board_undo_point(&self.campaign, self.commands().len())
    }
    fn undo(&self) -> Option<OnTheBoard> {
        if self.undo_point() >= self.commands().len() {
            return None;
        }
        let back = self.campaign.undo()?;
        matches!(back.stage(), Stage::Battle).then_some(OnTheBoard { campaign: back })
    }
}

/// A campaign while (and just after) an intercept is fought on the family
/// board: the family table plays the campaign's battle, every move going to
/// the campaign as `Command::Family` (the raid's spins are the table's, as
/// in the family game).
#[derive(Clone)]
pub struct OnTheFamilyBoard {
    campaign: Campaign,
}

impl OnTheFamilyBoard {
    /// The campaign, if a battle is being fought on the family board (or was last).
    pub fn new(campaign: Campaign) -> Option<OnTheFamilyBoard> {
        campaign
            .last_family_battle()
            .is_some()
            .then_some(OnTheFamilyBoard { campaign })
    }

    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    pub fn into_campaign(self) -> Campaign {
        self.campaign
    }

    /// The battle is still being fought (the campaign waits for its moves).
    pub fn fighting(&self) -> bool {
        matches!(self.campaign.stage(), Stage::Battle)
    }
}

impl FamilyGame for OnTheFamilyBoard {
    fn family(&self) -> &family::Game {
        &self
            .campaign
            .last_family_battle()
            .expect("OnTheFamilyBoard holds a campaign with a battle on the family board")
            .game
    }
}

impl Rules for OnTheFamilyBoard {
    type Command = family::Command;
    type Event = family::Event;
    type Illegal = Illegal;
    type State = family::State;
    type Seat = family::Seat;
    const KIND: GameKind = GameKind::Campaign;

    fn state(&self) -> &family::State {
        self.family().state()
    }
    fn initial_state(&self) -> family::State {
        Rules::initial_state(self.family())
    }
    fn apply(state: &mut family::State, event: &family::Event) {
        family::state::apply(state, event)
    }
    fn check(&self, command: &family::Command) -> Result<(), Illegal> {
        self.campaign.check(&Command::Family(*command))
    }
    fn play(&mut self, command: family::Command) -> Result<(), Illegal> {
        self.campaign.play(Command::Family(command))
    }
    fn legal_commands(&self) -> Vec<family::Command> {
        if self.fighting() {
            self.family().legal_commands()
        } else {
            Vec::new()
        }
    }
    fn events(&self) -> &[family::Event] {
        self.family().events()
    }
    fn commands(&self) -> &[family::Command] {
        self.family().commands()
    }
    fn seed(&self) -> u64 {
        self.family().seed()
    }
    fn to_act(&self) -> Option<family::Seat> {
        if self.fighting() {
            Rules::to_act(self.family())
        } else {
            None
        }
    }
    fn is_over(&self) -> bool {
        !self.fighting()
    }
    /// The campaign's undo point, counted in the battle's moves.
    fn undo_point(&self) -> usize {
        board_undo_point(&self.campaign, self.commands().len())
    }
    fn undo(&self) -> Option<OnTheFamilyBoard> {
        if self.undo_point() >= self.commands().len() {
            return None;
        }
        let back = self.campaign.undo()?;
        matches!(back.stage(), Stage::Battle).then_some(OnTheFamilyBoard { campaign: back })
    }
}
