//! Input that is not a person: a scripted player that plays whole games
//! through the screens (it reads what the screen shows and clicks or presses
//! keys, never calling the engine), and a monkey that sends random input.

mod blitz;
mod campaign;
mod family;
mod monkey;
mod simple_hex;

pub use blitz::{BlitzMoment, BlitzScript};
pub use campaign::{CampaignMoment, CampaignScript, Only};
pub use family::{FamilyMoment, FamilyScript};
pub use monkey::Monkey;
pub use simple_hex::{Moment, ScriptedPlayer};

use super::ui::InputFrame;
use super::App;
use macroquad::prelude::*;

/// The game's clock for one scripted frame: animations still play (and can
/// be photographed) but a whole game takes few frames.
const FRAME: f32 = 0.05;

/// Frames a script spends on a card before it puts it down.
const CARD_FRAMES: u32 = 3;

/// A player made of code that drives the screens through a whole game.
pub trait Script {
    /// This frame's input, looking at what `app` showed last frame.
    fn decide(&mut self, app: &App) -> InputFrame;
    /// File names of the screenshots due so far (moments reached).
    fn shots(&self) -> Vec<&'static str>;
    /// The game is over and its result screen has been seen.
    fn done(&self) -> bool;
    /// The next frame's input: what `decide` does, over one frame's time. A
    /// card held up on the table (a summary, the guide) is read for a few
    /// frames, then put down with Enter.
    fn next(&mut self, app: &App) -> InputFrame {
        let mut f = match app.card() {
            Some(_) if self.reading() < CARD_FRAMES => {
                self.read_card(true);
                InputFrame::idle()
            }
            Some(_) => {
                self.read_card(false);
                InputFrame::press(KeyCode::Enter)
            }
            None => self.decide(app),
        };
        f.dt = FRAME;
        f
    }
    /// How many frames the card up now has been read (see `read_card`).
    fn reading(&self) -> u32 {
        CARD_FRAMES
    }
    /// A frame spent reading a card (`true`), or the card put down.
    fn read_card(&mut self, _reading: bool) {}
}

/// A moment of a game worth a screenshot.
pub trait Shot: Copy + PartialEq {
    fn file(self) -> &'static str;
}

/// The moments a script has reached, in order: each is photographed once.
pub struct Moments<M>(Vec<M>);

impl<M: Shot> Moments<M> {
    pub fn new() -> Moments<M> {
        Moments(Vec::new())
    }
    /// Whether `m` is reached for the first time (it is remembered).
    pub fn first(&mut self, m: M) -> bool {
        let first = !self.reached(m);
        if first {
            self.0.push(m);
        }
        first
    }
    pub fn reached(&self, m: M) -> bool {
        self.0.contains(&m)
    }
    pub fn files(&self) -> Vec<&'static str> {
        self.0.iter().map(|m| m.file()).collect()
    }
    pub fn as_slice(&self) -> &[M] {
        &self.0
    }
}

impl<M: Shot> Default for Moments<M> {
    fn default() -> Self {
        Moments::new()
    }
}

fn center(r: Rect) -> (f32, f32) {
    (r.x + r.w / 2.0, r.y + r.h / 2.0)
}
