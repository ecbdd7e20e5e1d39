//! The strategic campaign: Peter Hunt's "Battle of Britain (Done Properly)"
//! amendments to PSC Games' "Battle of Britain", eleven weeks from July to
//! September 1940. Pure and headless, like every rules module.
//!
//! Built so far: the campaign dice, the weather (all five of the sheet's
//! rules), the phases and their target decks, and the scoring and victory
//! rule. The map, the cards and the order of battle are data under
//! `levels/campaign/`.

pub mod data;
pub mod deck;
pub mod dice;
pub mod rules;
pub mod score;
pub mod weather;
