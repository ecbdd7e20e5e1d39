//! A campaign's battle fought on a board, as a game of that board's rules:
//! [`OnABoard`] holds the campaign and reads as its battle (commands,
//! events and state are the board game's), while every move goes to the
//! campaign as its own command (`Command::Hex`, `Command::Family`). So the
//! board game's table plays the campaign's battle directly: there is no
//! second copy of the battle to keep in step, and a move taken back is
//! taken back in the campaign. One wrapper serves both boards; [`Board`]
//! says which.

use super::game::{Campaign, Command, Illegal, Stage};
use crate::common::game::{GameKind, Rules};
use crate::family::{self, FamilyGame};
use crate::simple_hex::{self, HexGame};
use std::marker::PhantomData;

/// A board a campaign's battle can be fought on.
pub trait Board: Clone + Send + 'static {
    /// The board's own game.
    type Game: Rules;
    /// The campaign's battle on this board, being fought or the last one.
    fn battle(campaign: &Campaign) -> Option<&Self::Game>;
    /// A move of the battle, as the campaign's command.
    fn command(c: <Self::Game as Rules>::Command) -> Command;
}

/// The Simple Hex board.
#[derive(Clone)]
pub struct Hex;

impl Board for Hex {
    type Game = simple_hex::Game;
    fn battle(campaign: &Campaign) -> Option<&simple_hex::Game> {
        campaign.last_battle().map(|t| &t.game)
    }
    fn command(c: simple_hex::Command) -> Command {
        Command::Hex(c)
    }
}

/// The family board.
#[derive(Clone)]
pub struct Family;

impl Board for Family {
    type Game = family::Game;
    fn battle(campaign: &Campaign) -> Option<&family::Game> {
        campaign.last_family_battle().map(|t| &t.game)
    }
    fn command(c: family::Command) -> Command {
        Command::Family(c)
    }
}

/// A campaign while (and just after) a battle is fought on board `B`.
#[derive(Clone)]
pub struct OnABoard<B: Board> {
    campaign: Campaign,
    board: PhantomData<B>,
}

/// A campaign's battle on the hex board.
pub type OnTheBoard = OnABoard<Hex>;
/// A campaign's intercept on the family board (the raid's spins are the
/// table's, as in the family game).
pub type OnTheFamilyBoard = OnABoard<Family>;

impl<B: Board> OnABoard<B> {
    /// The campaign, if a battle is being fought on this board (or was last).
    pub fn new(campaign: Campaign) -> Option<OnABoard<B>> {
        B::battle(&campaign).is_some().then_some(OnABoard {
            campaign,
            board: PhantomData,
        })
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

    /// The battle's game.
    pub fn game(&self) -> &B::Game {
        B::battle(&self.campaign).expect("OnABoard holds a campaign with a battle on its board")
    }
}

impl HexGame for OnABoard<Hex> {
    fn hex(&self) -> &simple_hex::Game {
        self.game()
    }

    fn face_down(&self, plane: simple_hex::PlaneId) -> Option<u8> {
        self.campaign.last_battle()?.face_down(plane)
    }
}

impl FamilyGame for OnABoard<Family> {
    fn family(&self) -> &family::Game {
        self.game()
    }
}

impl<B: Board> Rules for OnABoard<B> {
    type Command = <B::Game as Rules>::Command;
    type Event = <B::Game as Rules>::Event;
    type Illegal = Illegal;
    type State = <B::Game as Rules>::State;
    type Seat = <B::Game as Rules>::Seat;
    const KIND: GameKind = GameKind::Campaign;

    fn state(&self) -> &Self::State {
        self.game().state()
    }
    fn initial_state(&self) -> Self::State {
        self.game().initial_state()
    }
    fn apply(state: &mut Self::State, event: &Self::Event) {
        <B::Game as Rules>::apply(state, event)
    }
    fn check(&self, command: &Self::Command) -> Result<(), Illegal> {
        self.campaign.check(&B::command(command.clone()))
    }
    fn play(&mut self, command: Self::Command) -> Result<(), Illegal> {
        self.campaign.play(B::command(command))
    }
    fn legal_commands(&self) -> Vec<Self::Command> {
        if self.fighting() {
            self.game().legal_commands()
        } else {
            Vec::new()
        }
    }
    fn events(&self) -> &[Self::Event] {
        self.game().events()
    }
    fn commands(&self) -> &[Self::Command] {
        self.game().commands()
    }
    fn seed(&self) -> u64 {
        self.game().seed()
    }
    fn to_act(&self) -> Option<Self::Seat> {
        if self.fighting() {
            self.game().to_act()
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
        let moves = self.commands().len();
        let after = self.campaign.commands().len() - self.campaign.undo_point();
        moves - after.min(moves)
    }
    fn undo(&self) -> Option<OnABoard<B>> {
        if self.undo_point() >= self.commands().len() {
            return None;
        }
        let back = self.campaign.undo()?;
        matches!(back.stage(), Stage::Battle).then_some(OnABoard {
            campaign: back,
            board: PhantomData,
        })
    }
}
