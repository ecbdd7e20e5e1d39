//! What the turn sequence works with: the state to read, `emit` to change
//! it, the campaign's dice, and the battle on the board.
//!
//! The fields are private to this module, so the steps of the sequence
//! (this module's siblings) read the state through [`Exec::state`], a
//! `&State`, and change it only through [`Exec::emit`], which applies the
//! event and logs it.

use crate::campaign::dice::{shuffle, DieFaces, Face};
use crate::campaign::event::{Event, Throw};
use crate::campaign::family_board::FamilyTactical;
use crate::campaign::game::Campaign;
use crate::campaign::state::{Stage, State};
use crate::campaign::tactical::{Battle, OnBoard, Tactical};
use crate::common::dice::Dice;
use crate::common::Side;

pub(crate) struct Exec<'a> {
    game: &'a mut Campaign,
}

impl<'a> Exec<'a> {
    pub(crate) fn new(game: &'a mut Campaign) -> Exec<'a> {
        Exec { game }
    }

    /// The state as the events so far have made it.
    pub(crate) fn state(&self) -> &State {
        self.game.state()
    }

    /// The one way to change the state: the event is applied, then logged.
    pub(crate) fn emit(&mut self, e: Event) {
        self.game.emit(e);
    }

    /// The campaign waits for this decision.
    pub(crate) fn awaits(&mut self, stage: Stage) {
        if *self.state().stage() != stage {
            self.emit(Event::Awaits(stage));
        }
    }

    /// The state to read and the dice to throw, together (a die is thrown).
    pub(crate) fn with_dice(&mut self) -> (&State, &mut Dice) {
        self.game.state_and_dice()
    }

    /// One die of these faces.
    pub(crate) fn roll(&mut self, die: DieFaces) -> Face {
        die.roll(self.game.dice_mut())
    }

    /// `n` dice of `side`'s die; the hits are those showing `face`.
    pub(crate) fn throw(&mut self, side: Side, n: u8, face: Face) -> Throw {
        let rules = self.state().rules();
        let die = match side {
            Side::British => rules.raf_die,
            Side::German => rules.luftwaffe_die,
        };
        let hits = (0..n).filter(|_| self.roll(die) == face).count() as u8;
        Throw { dice: n, hits }
    }

    /// Shuffled with the campaign's dice.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        if items.len() > 1 {
            shuffle(items, self.game.dice_mut());
        }
    }

    /// Something hidden from a side is shown (a card dealt, a gruppe
    /// turned face up, a target revealed).
    pub(crate) fn reveal(&mut self) {
        self.game.reveal();
    }

    pub(crate) fn commands(&self) -> usize {
        self.game.commands().len()
    }

    /// A quiet campaign keeps no log (nor does its battle on the board).
    pub(crate) fn quiet(&self) -> bool {
        !self.game.keeps_events()
    }

    /// The battle on the board, to play on.
    pub(crate) fn board(&mut self) -> Option<&mut Tactical> {
        match self.game.board_mut().map(OnBoard::get_mut) {
            Some(Battle::Hex(t)) => Some(t),
            _ => None,
        }
    }

    /// The battle on the family board, to play on.
    pub(crate) fn family_board(&mut self) -> Option<&mut FamilyTactical> {
        match self.game.board_mut().map(OnBoard::get_mut) {
            Some(Battle::Family(t)) => Some(t),
            _ => None,
        }
    }

    /// A battle on the board begins (its opening dice are thrown).
    pub(crate) fn open_board(&mut self, b: Battle) {
        self.game.reveal();
        *self.game.board_slot() = Some(OnBoard::new(b));
    }

    /// The battle on the board is over. It stays beside the campaign, to be
    /// read to its end (`Campaign::last_battle`), until the next one begins.
    pub(crate) fn close_board(&mut self) -> Option<Battle> {
        self.game.board_slot().as_ref().map(|b| b.get().clone())
    }

    /// The board's own dice were thrown.
    pub(crate) fn board_rolled(&mut self) {
        self.game.reveal();
    }
}
