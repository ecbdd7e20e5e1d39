//! The rules of every game, pure and headless: no drawing, no input, no global
//! RNG. Nothing under this module may depend on the windowing crate (CI checks it).

pub mod campaign;
pub mod dice;
pub mod dogfight;
pub mod family;
pub mod hex;
pub mod text_map;
