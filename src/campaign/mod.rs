//! The strategic campaign: Peter Hunt's "Battle of Britain (Done Properly)"
//! amendments to PSC Games' "Battle of Britain", eleven weeks from July to
//! September 1940. Pure and headless, like every rules module.
//!
//! The engine has the shape of the other games: a [`command::Command`] is
//! checked by [`check::check`] (refused with an [`check::Illegal`], a
//! sentence), then the turn sequence (`turn`) reads the state and emits
//! [`event::Event`]s, which [`state::apply::apply`], the only writer of the
//! [`state::State`], applies. [`game::Campaign`] holds the state, the dice
//! and the logs, and implements the common [`crate::common::game::Rules`].
//!
//! Beneath it: the campaign dice (`dice`), the weather under all five of
//! the sheet's rules (`weather`), the calendar and the numbers (`rules`,
//! from `levels/campaign/campaign.ron`), the target decks (`deck`), the
//! squadron boxes and order-of-battle changes (`forces`), the map, cards and
//! order of battle (`data`), the battles on the hex board (`tactical`) and
//! scoring (`score`). The two opponents are in `ai`; what each side may
//! see of the other's, in `sight`.

pub mod ai;
pub mod check;
pub mod command;
pub mod data;
pub mod deck;
pub mod dice;
pub mod event;
pub mod family_board;
pub mod forces;
pub mod game;
pub mod on_board;
pub mod rules;
pub mod score;
pub mod sight;
pub mod state;
pub mod tactical;
pub(crate) mod turn;
pub mod weather;
pub mod zoom;
