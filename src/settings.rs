//! The player's settings (sound, animation, colours), kept in
//! `settings.ron` in the data directory and written atomically. A file that
//! cannot be read gives the defaults and a sentence; values out of range
//! are brought into it.

use crate::data;
use crate::saves::data_dir;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

pub fn settings_path() -> PathBuf {
    data_dir().join("settings.ron")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimSpeed {
    Slow,
    Normal,
    Fast,
    Instant,
}

impl AnimSpeed {
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Slow,
        AnimSpeed::Normal,
        AnimSpeed::Fast,
        AnimSpeed::Instant,
    ];

    /// Seconds one hex of movement takes on screen.
    pub fn step_seconds(self) -> f32 {
        match self {
            AnimSpeed::Slow => 0.35,
            AnimSpeed::Normal => 0.18,
            AnimSpeed::Fast => 0.07,
            AnimSpeed::Instant => 0.0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scheme {
    /// Tan RAF and grey Luftwaffe counters, as in the author's game.
    Classic,
    /// Stronger contrast for sides and identity dots.
    HighContrast,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// 0.0 to 1.0.
    pub volume: f32,
    pub muted: bool,
    pub anim: AnimSpeed,
    pub scheme: Scheme,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            anim: AnimSpeed::Normal,
            scheme: Scheme::Classic,
        }
    }
}

impl Settings {
    /// The saved settings, or the defaults (and a sentence) if they cannot be read.
    pub fn load() -> (Settings, Option<String>) {
        let path = settings_path();
        if !path.exists() {
            return (Settings::default(), None);
        }
        match data::Source::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|s| data::parse::<Settings>(&s.file, &s.text).map_err(|e| e.to_string()))
        {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("Settings not read ({e}); using defaults.")),
            ),
        }
    }

    pub fn store(&self) -> Result<(), String> {
        let path = settings_path();
        data::write_atomic(&path, &data::to_ron(self))
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))
    }
}
