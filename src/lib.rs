//! Tally-Ho: Battle of Britain board games on one hex engine.

pub mod data;
pub mod replay;
pub mod rules;
pub mod sim;
