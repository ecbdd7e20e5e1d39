//! Input that is not a person: a scripted player that plays whole games
//! through the screens (it reads what the screen shows and clicks or presses
//! keys, never calling the engine), and a monkey that sends random input.

mod campaign;
mod family;
mod monkey;
mod solo;

pub use campaign::{CampaignMoment, CampaignScript};
pub use family::{FamilyMoment, FamilyScript};
pub use monkey::Monkey;
pub use solo::{Moment, ScriptedPlayer};

use super::ui::InputFrame;
use super::App;
use macroquad::prelude::*;

/// A player made of code that drives the screens through a whole game.
pub trait Script {
    /// The next frame's input, looking at what `app` showed last frame.
    fn next(&mut self, app: &App) -> InputFrame;
    /// File names of the screenshots due so far (moments reached).
    fn shots(&self) -> Vec<&'static str>;
    /// The game is over and its result screen has been seen.
    fn done(&self) -> bool;
}

fn center(r: Rect) -> (f32, f32) {
    (r.x + r.w / 2.0, r.y + r.h / 2.0)
}
