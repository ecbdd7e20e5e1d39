//! The strategic campaign: Peter Hunt's "Battle of Britain (Done Properly)"
//! amendments to PSC Games' "Battle of Britain", eleven weeks from July to
//! September 1940. Pure and headless, like every rules module.
//!
//! Built so far: the campaign dice, the weather (all five of the sheet's
//! rules), the phases and their target decks, the scoring and victory rule,
//! the map, the cards and the order of battle (data under
//! `levels/campaign/`), and the squadron boxes with the amendments'
//! order-of-battle changes. The turn sequence that plays raids is next.

pub mod ai;
pub mod data;
pub mod deck;
pub mod dice;
pub mod forces;
pub mod game;
pub mod rules;
pub mod score;
pub mod weather;
