//! Tally-Ho: Battle of Britain board games on one hex engine.
//!
//! Everything but `app` is headless: the rules of the games, their data,
//! records (saves and replays), the simulator and the command line build
//! without a window. `app` (the screens, on macroquad) comes with the
//! default `window` feature.
//!
//! The web build (`wasm32`, `assets/web/build.sh`) is the window alone: the
//! command line and the simulator are left out of it, and saves and
//! settings go to the browser's storage instead of files.

pub mod blitz;
pub mod campaign;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod common;
pub mod data;
pub mod family;
pub mod record;
pub mod saves;
pub mod settings;
#[cfg(not(target_arch = "wasm32"))]
pub mod sim;
pub mod simple_hex;
pub mod sound;

#[cfg(feature = "window")]
pub mod app;
