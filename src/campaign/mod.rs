//! The strategic campaign: Peter Hunt's "Battle of Britain (Done Properly)"
//! amendments to PSC Games' "Battle of Britain", eleven weeks from July to
//! September 1940. Pure and headless, like every rules module.
//!
//! `game` plays the campaign turn by turn (standby, weather, alert,
//! missions, the Tally Ho phases with their intercepts, dogfights and
//! bombing) on the pieces below it: the campaign dice (`dice`), the weather
//! under all five of the sheet's rules (`weather`), the calendar and the
//! numbers (`rules`, from `levels/campaign/campaign.ron`), the target decks
//! (`deck`), the squadron boxes and order-of-battle changes (`forces`), the
//! map, cards and order of battle (`data`), and scoring (`score`). The two
//! opponents are in `ai`.

pub mod ai;
pub mod data;
pub mod deck;
pub mod dice;
pub mod forces;
pub mod game;
pub mod rules;
pub mod score;
pub mod tactical;
pub mod weather;
