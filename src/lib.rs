//! Tally-Ho: Battle of Britain board games on one hex engine.
//!
//! Everything but `app` is headless: the rules of the games, their data,
//! records (saves and replays), the simulator and the command line build
//! without a window. `app` (the screens, on macroquad) comes with the
//! default `window` feature.

pub mod blitz;
pub mod campaign;
pub mod cli;
pub mod common;
pub mod data;
pub mod family;
pub mod record;
pub mod saves;
pub mod settings;
pub mod sim;
pub mod simple_hex;
pub mod sound;

#[cfg(feature = "window")]
pub mod app;
