//! The target deck: stacked for each phase to the Luftwaffe's priorities of
//! the time, recycled at each new phase, with the German hand of unused cards
//! kept from phase to phase, and London put back on top while it stands.

use super::dice::{pick, shuffle};
use crate::common::dice::Dice;
use serde::{Deserialize, Serialize};

/// What a target card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CardKind {
    Radar,
    Airfield,
    Factory,
    City,
    /// "London" and "Port of London".
    London,
}

impl CardKind {
    /// As a sentence names it.
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Radar => "radar",
            CardKind::Airfield => "airfield",
            CardKind::Factory => "factory",
            CardKind::City => "city",
            CardKind::London => "London",
        }
    }
}

/// A card as the deck needs to know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckCard {
    pub name: String,
    pub kind: CardKind,
}

/// How a phase's deck is stacked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckConfig {
    /// Take both London cards out.
    pub remove_london: bool,
    /// Cards taken out by name.
    pub remove_named: Vec<String>,
    /// Cards of a kind taken out at random (never London cards).
    pub remove_random: Vec<(CardKind, u8)>,
    /// Deal this many cards off the shuffled deck, shuffle the London cards
    /// into them and put them back on top (0: London stays out, or in).
    pub london_among_top: u8,
}

/// Why the deck refuses to move a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// The card is not in the German hand.
    NotInHand(u16),
    /// The card was not flown this phase.
    NotFlown(u16),
}

impl std::fmt::Display for DeckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeckError::NotInHand(c) => write!(f, "Card {c} is not in the German hand."),
            DeckError::NotFlown(c) => write!(
                f,
                "Card {c} was not flown this phase: only a card flown goes back on top."
            ),
        }
    }
}

impl std::error::Error for DeckError {}

/// A phase's deck as the dice stacked it: the draw pile (top card last) and
/// the cards taken out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stacked {
    pub draw: Vec<u16>,
    pub out: Vec<u16>,
}

/// Where every card is. Each card is in exactly one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    /// The draw pile, top card last.
    draw: Vec<u16>,
    /// The German player's hand.
    hand: Vec<u16>,
    /// Taken out for this phase, face down: neither side may look.
    out: Vec<u16>,
    /// Assigned to a mission this phase; recycled at the next phase.
    used: Vec<u16>,
    total: u16,
}

impl Deck {
    /// Every card in the draw pile, in card order (the first phase shuffles).
    pub fn new(cards: &[DeckCard]) -> Deck {
        Deck {
            draw: (0..cards.len() as u16).collect(),
            hand: Vec::new(),
            out: Vec::new(),
            used: Vec::new(),
            total: cards.len() as u16,
        }
    }

    /// A deck laid out by hand: the draw pile (top card last), the German
    /// hand, the cards out this phase and those flown. Every card of the
    /// `total` must be in exactly one place.
    pub fn arranged(
        total: u16,
        draw: Vec<u16>,
        hand: Vec<u16>,
        out: Vec<u16>,
        used: Vec<u16>,
    ) -> Result<Deck, String> {
        let deck = Deck {
            draw,
            hand,
            out,
            used,
            total,
        };
        deck.check()?;
        Ok(deck)
    }

    pub fn draw_pile(&self) -> &[u16] {
        &self.draw
    }
    pub fn hand(&self) -> &[u16] {
        &self.hand
    }
    pub fn out(&self) -> &[u16] {
        &self.out
    }
    pub fn used(&self) -> &[u16] {
        &self.used
    }

    /// The card on top of the draw pile.
    pub fn top(&self) -> Option<u16> {
        self.draw.last().copied()
    }

    /// Stacks the deck for a new phase: every card but the German hand comes
    /// back, the phase's removals are made (at random where the sheet says
    /// so), the rest is shuffled, and London is dealt in near the top if the
    /// phase says so.
    pub fn begin_phase(&mut self, cards: &[DeckCard], config: &DeckConfig, dice: &mut Dice) {
        let stacked = self.stacked(cards, config, dice);
        self.restack(stacked);
    }

    /// How a new phase would stack the deck (the draw pile and the cards
    /// taken out), with the dice; the deck itself is left as it is.
    pub fn stacked(&self, cards: &[DeckCard], config: &DeckConfig, dice: &mut Dice) -> Stacked {
        let mut pool: Vec<u16> = self
            .draw
            .iter()
            .chain(&self.out)
            .chain(&self.used)
            .copied()
            .collect();
        pool.sort_unstable();
        let kind = |c: u16| cards[c as usize].kind;
        let mut out = Vec::new();
        let mut take = |pool: &mut Vec<u16>, c: u16| {
            pool.retain(|&x| x != c);
            out.push(c);
        };
        if config.remove_london || config.london_among_top > 0 {
            for c in pool.clone() {
                if kind(c) == CardKind::London {
                    take(&mut pool, c);
                }
            }
        }
        for name in &config.remove_named {
            if let Some(c) = pool
                .iter()
                .copied()
                .find(|&c| cards[c as usize].name == *name)
            {
                take(&mut pool, c);
            }
        }
        for &(k, n) in &config.remove_random {
            for _ in 0..n {
                let of_kind: Vec<u16> = pool
                    .iter()
                    .copied()
                    .filter(|&c| kind(c) == k && k != CardKind::London)
                    .collect();
                if of_kind.is_empty() {
                    break;
                }
                let c = of_kind[pick(dice, of_kind.len())];
                take(&mut pool, c);
            }
        }
        shuffle(&mut pool, dice);
        if config.london_among_top > 0 {
            let london: Vec<u16> = out
                .iter()
                .copied()
                .filter(|&c| kind(c) == CardKind::London)
                .collect();
            out.retain(|&c| kind(c) != CardKind::London);
            let n = (config.london_among_top as usize).min(pool.len());
            let mut top: Vec<u16> = pool.split_off(pool.len() - n);
            top.extend(london);
            shuffle(&mut top, dice);
            pool.extend(top);
        }
        out.sort_unstable();
        Stacked { draw: pool, out }
    }

    /// The deck stacked for a new phase: the used cards are back in the draw
    /// pile or out; the hand is kept.
    pub fn restack(&mut self, stacked: Stacked) {
        self.draw = stacked.draw;
        self.out = stacked.out;
        self.used.clear();
    }

    /// Deals from the top of the draw pile until the hand holds `n` cards
    /// (or the pile is empty). Returns the cards dealt.
    pub fn fill_hand(&mut self, n: usize) -> Vec<u16> {
        let dealt = self.to_deal(n);
        self.deal(&dealt);
        dealt
    }

    /// The cards the hand would be dealt to hold `n`: the top of the draw
    /// pile, top first.
    pub fn to_deal(&self, n: usize) -> Vec<u16> {
        let want = n.saturating_sub(self.hand.len()).min(self.draw.len());
        self.draw.iter().rev().take(want).copied().collect()
    }

    /// Deals these cards, which are the top of the draw pile (top first),
    /// into the hand.
    pub fn deal(&mut self, cards: &[u16]) {
        for &c in cards {
            let top = self.draw.pop();
            debug_assert_eq!(top, Some(c), "a deal is from the top of the pile");
            self.hand.push(c);
        }
    }

    /// The German player gives a card from his hand to a geschwader.
    pub fn assign(&mut self, card: u16) -> Result<(), DeckError> {
        let Some(i) = self.hand.iter().position(|&c| c == card) else {
            return Err(DeckError::NotInHand(card));
        };
        self.hand.remove(i);
        self.used.push(card);
        Ok(())
    }

    /// At a new phase the German gives back the cards beyond the three he
    /// keeps: they are recycled with the used ones.
    pub fn discard(&mut self, card: u16) -> Result<(), DeckError> {
        let Some(i) = self.hand.iter().position(|&c| c == card) else {
            return Err(DeckError::NotInHand(card));
        };
        self.hand.remove(i);
        self.used.push(card);
        Ok(())
    }

    /// A London target bombed but not knocked out goes back on top of the
    /// deck for the next turn.
    pub fn back_on_top(&mut self, card: u16) -> Result<(), DeckError> {
        let Some(i) = self.used.iter().position(|&c| c == card) else {
            return Err(DeckError::NotFlown(card));
        };
        self.used.remove(i);
        self.draw.push(card);
        Ok(())
    }

    /// Every card is in exactly one place; used by the property tests.
    /// A deck a save kept (a snapshot) for `cards` cards: each card once.
    pub(crate) fn check_snapshot(&self, cards: usize) -> Result<(), String> {
        if self.total as usize != cards {
            return Err(format!(
                "a deck of {} cards, where there are {cards}",
                self.total
            ));
        }
        self.check()
    }

    pub fn check(&self) -> Result<(), String> {
        let mut all: Vec<u16> = self
            .draw
            .iter()
            .chain(&self.hand)
            .chain(&self.out)
            .chain(&self.used)
            .copied()
            .collect();
        all.sort_unstable();
        if all != (0..self.total).collect::<Vec<_>>() {
            return Err(format!(
                "the deck holds {} cards of {} (or some twice)",
                all.len(),
                self.total
            ));
        }
        Ok(())
    }
}
