//! The monkey: random clicks and keys, to find screens that panic or hang.

use super::center;
use crate::app::ui::InputFrame;
use crate::app::App;
use ::rand::{RngExt, SeedableRng};
use macroquad::prelude::*;
use rand_chacha::ChaCha8Rng;

/// Random input: clicks (often on buttons), keys, wheel and the close button.
pub struct Monkey {
    rng: ChaCha8Rng,
}

const KEYS: [KeyCode; 24] = [
    KeyCode::Escape,
    KeyCode::Enter,
    KeyCode::Space,
    KeyCode::Tab,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Q,
    KeyCode::E,
    KeyCode::U,
    KeyCode::H,
    KeyCode::S,
    KeyCode::F,
    KeyCode::L,
    KeyCode::N,
    KeyCode::C,
    KeyCode::Y,
    KeyCode::M,
    KeyCode::Backspace,
    KeyCode::F5,
    KeyCode::A,
    KeyCode::D,
    KeyCode::W,
];

impl Monkey {
    pub fn new(seed: u64) -> Monkey {
        Monkey {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    pub fn next(&mut self, app: &App, w: f32, h: f32) -> InputFrame {
        let mut f = InputFrame::idle();
        f.mouse = (self.rng.random_range(0.0..w), self.rng.random_range(0.0..h));
        match self.rng.random_range(0..100) {
            0..=29 => {
                // a button, so the monkey gets around the screens
                if !app.buttons.is_empty() {
                    let b = &app.buttons[self.rng.random_range(0..app.buttons.len())];
                    f.mouse = center(b.rect);
                }
                f.clicked = true;
            }
            30..=54 => f.clicked = true,
            55..=84 => f.keys.push(KEYS[self.rng.random_range(0..KEYS.len())]),
            85..=89 => f.wheel = self.rng.random_range(-3.0..3.0),
            90..=93 => f.right_clicked = true,
            94 => f.chars = vec![char::from(b'0' + self.rng.random_range(0..10u8))],
            95 => f.quit = true,
            _ => {}
        }
        f
    }
}
