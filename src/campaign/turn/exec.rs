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
use crate::campaign::state::{apply::apply, Stage, State};
use crate::campaign::tactical::{Battle, OnBoard, Tactical};
use crate::common::dice::Dice;
use crate::simple_hex::Side;

pub(crate) struct Exec<'a> {
    state: &'a mut State,
    dice: &'a mut Dice,
    /// The event log; `None` for a quiet campaign.
    events: Option<&'a mut Vec<Event>>,
    board: &'a mut Option<OnBoard>,
    /// Commands played, this one included (the board's dice are seeded by it).
    commands: usize,
    /// A die was thrown, or something hidden from a side was shown.
    fixed: bool,
}

impl<'a> Exec<'a> {
    pub(crate) fn new(
        state: &'a mut State,
        dice: &'a mut Dice,
        events: Option<&'a mut Vec<Event>>,
        board: &'a mut Option<OnBoard>,
        commands: usize,
    ) -> Exec<'a> {
        Exec {
            state,
            dice,
            events,
            board,
            commands,
            fixed: false,
        }
    }

    /// The state as the events so far have made it.
    pub(crate) fn state(&self) -> &State {
        self.state
    }

    /// The one way to change the state: the event is applied, then logged.
    pub(crate) fn emit(&mut self, e: Event) {
        apply(self.state, &e);
        if let Some(log) = self.events.as_deref_mut() {
            log.push(e);
        }
    }

    /// The campaign waits for this decision.
    pub(crate) fn awaits(&mut self, stage: Stage) {
        if *self.state.stage() != stage {
            self.emit(Event::Awaits(stage));
        }
    }

    /// The state to read and the dice to throw, together (a die is thrown).
    pub(crate) fn with_dice(&mut self) -> (&State, &mut Dice) {
        self.fixed = true;
        (self.state, self.dice)
    }

    /// One die of these faces.
    pub(crate) fn roll(&mut self, die: DieFaces) -> Face {
        self.fixed = true;
        die.roll(self.dice)
    }

    /// `n` dice of `side`'s die; the hits are those showing `face`.
    pub(crate) fn throw(&mut self, side: Side, n: u8, face: Face) -> Throw {
        let rules = self.state.rules();
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
            self.fixed = true;
            shuffle(items, self.dice);
        }
    }

    /// Something hidden from a side is shown (a card dealt, a gruppe
    /// turned face up, a target revealed).
    pub(crate) fn reveal(&mut self) {
        self.fixed = true;
    }

    /// A die was thrown or something hidden shown since this began.
    pub(crate) fn fixed(&self) -> bool {
        self.fixed
    }

    pub(crate) fn commands(&self) -> usize {
        self.commands
    }

    /// A quiet campaign keeps no log (nor does its battle on the board).
    pub(crate) fn quiet(&self) -> bool {
        self.events.is_none()
    }

    /// The battle on the board, to play on.
    pub(crate) fn board(&mut self) -> Option<&mut Tactical> {
        match self.board.as_mut().map(OnBoard::get_mut) {
            Some(Battle::Hex(t)) => Some(t),
            _ => None,
        }
    }

    /// The battle on the family board, to play on.
    pub(crate) fn family_board(&mut self) -> Option<&mut FamilyTactical> {
        match self.board.as_mut().map(OnBoard::get_mut) {
            Some(Battle::Family(t)) => Some(t),
            _ => None,
        }
    }

    /// A battle on the board begins (its opening dice are thrown).
    pub(crate) fn open_board(&mut self, b: Battle) {
        self.fixed = true;
        *self.board = Some(OnBoard::new(b));
    }

    /// The battle on the board is over. It stays beside the campaign, to be
    /// read to its end (`Campaign::last_battle`), until the next one begins.
    pub(crate) fn close_board(&mut self) -> Option<Battle> {
        self.board.as_ref().map(|b| b.get().clone())
    }

    /// The board's own dice were thrown.
    pub(crate) fn board_rolled(&mut self) {
        self.fixed = true;
    }
}
