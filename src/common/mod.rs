//! What every game shares: the two sides, hex geometry on hexx, the seeded
//! dice, boards written as text, the traits each game implements, and
//! counts and verbs that agree in its messages (`words`).
//! Pure and headless, like every rules module: no drawing, no input, no
//! global RNG.

pub mod date;
pub mod dice;
pub mod game;
pub mod given;
pub mod hex;
pub mod invalid;
pub mod level;
pub mod shell;
pub mod side;
pub mod silhouette;
pub mod spread;
pub mod text_map;
pub mod words;

pub use invalid::Invalid;
pub use level::Level;
pub use side::Side;
