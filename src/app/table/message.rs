//! The status bar's message: a refusal or an error in the accent colour, a
//! report ("Game saved in slot 1.") in ink; either is forgotten once the game
//! moves on from the moment it was said.

use crate::app::ui::{ACCENT, INK};
use macroquad::prelude::Color;
use std::fmt;
use std::ops::Deref;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Message {
    pub text: String,
    /// A refusal or an error (else a report of something done).
    pub refusal: bool,
    /// The game's event count when the message was first shown.
    at: Option<usize>,
}

impl Message {
    /// Something was refused or went wrong.
    pub fn refusal(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            refusal: true,
            at: None,
        }
    }

    /// Something was done as asked.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            refusal: false,
            at: None,
        }
    }

    /// The colour it is written in: one colour for every refusal and error.
    pub fn colour(&self) -> Color {
        if self.refusal {
            ACCENT
        } else {
            INK
        }
    }
}

impl Deref for Message {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Called every frame with the game's event count: a message stays while
/// the game is where it was when the message came, and goes when the game
/// moves on (a move, the other side's turn, an undo), so no status line
/// outlives its situation.
pub fn expire(message: &mut Option<Message>, events: usize) {
    if let Some(m) = message {
        match m.at {
            None => m.at = Some(events),
            Some(at) if at != events => *message = None,
            Some(_) => {}
        }
    }
}
