//! Tally-Ho: Battle of Britain board games on one hex engine.

pub mod app;
pub mod data;
pub mod replay;
pub mod rules;
pub mod save;
pub mod sim;
pub mod sound;
