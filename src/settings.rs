//! The player's settings (sound, animation, colours), kept in
//! `settings.ron` in the data directory and written atomically. A file that
//! cannot be read gives the defaults and a sentence; values out of range
//! are brought into it.

use crate::common::game::GameKind;
use crate::data;

/// `kind`'s bit in `Settings::learned`.
fn bit(kind: GameKind) -> u8 {
    1 << GameKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}
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
    /// Guided first games: each game teaches itself (the next thing to do,
    /// and each new kind of event explained) until one is finished.
    #[serde(default = "yes")]
    pub guide: bool,
    /// The games finished with the guide on (a bit for each, in the order
    /// of `GameKind::ALL`): their guide is done.
    #[serde(default)]
    pub learned: u8,
}

fn yes() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            anim: AnimSpeed::Normal,
            scheme: Scheme::Classic,
            guide: true,
            learned: 0,
        }
    }
}

impl Settings {
    /// Whether a game of `kind` is guided: the guide is on and no game of
    /// that kind has been finished with it.
    pub fn guides(&self, kind: GameKind) -> bool {
        self.guide && self.learned & bit(kind) == 0
    }

    /// A game of `kind` was finished with its guide: it guides no more.
    pub fn learn(&mut self, kind: GameKind) {
        self.learned |= bit(kind);
    }

    /// The guide on again (for every game) or off.
    pub fn set_guide(&mut self, on: bool) {
        self.guide = on;
        if on {
            self.learned = 0;
        }
    }

    /// The same settings with every value in its range: the volume from 0
    /// to 1 (a volume that is not a number, NaN, is the default's).
    pub fn clamped(self) -> Settings {
        let volume = if self.volume.is_nan() {
            Settings::default().volume
        } else {
            self.volume.clamp(0.0, 1.0)
        };
        Settings { volume, ..self }
    }

    /// Settings from the text of a settings file (named `file` in errors),
    /// with every value clamped to its range.
    pub fn parse(file: &str, text: &str) -> Result<Settings, data::LoadError> {
        data::parse::<Settings>(file, text).map(Settings::clamped)
    }

    /// The saved settings, or the defaults (and a sentence) if they cannot be read.
    pub fn load() -> (Settings, Option<String>) {
        let path = settings_path();
        if !crate::data::store::exists(&path) {
            return (Settings::default(), None);
        }
        match data::Source::read(&path).and_then(|s| Settings::parse(&s.file, &s.text)) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("Settings not read ({e}); using defaults.")),
            ),
        }
    }

    pub fn store(&self) -> Result<(), String> {
        data::write_atomic(&settings_path(), &data::to_ron(self)).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn volume(text: &str) -> f32 {
        let file = format!("Settings(volume: {text}, muted: false, anim: Fast, scheme: Classic)");
        Settings::parse("settings.ron", &file)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .volume
    }

    #[test]
    fn a_volume_out_of_range_is_clamped_on_load() {
        assert_eq!(volume("0.25"), 0.25);
        assert_eq!(volume("1.5"), 1.0);
        assert_eq!(volume("-3"), 0.0);
        assert_eq!(volume("1e30"), 1.0);
        assert_eq!(volume("inf"), 1.0);
        assert_eq!(volume("-inf"), 0.0);
        assert_eq!(volume("NaN"), Settings::default().volume);
    }

    #[test]
    fn values_nested_without_end_are_refused_in_the_players_words() {
        // Settings skip fields they do not know, so they are where nesting
        // could go deepest.
        for depth in [200, 1_000_000] {
            let text = format!(
                "Settings(volume: 0.5, muted: false, anim: Fast, scheme: Classic, extra: {}1{})",
                "[".repeat(depth),
                "]".repeat(depth)
            );
            let e = Settings::parse("settings.ron", &text).unwrap_err();
            assert_eq!(
                e.to_string(),
                "settings.ron:1:136: values nested more than 128 deep: no game file needs that"
            );
        }
    }

    #[test]
    fn a_settings_file_with_a_byte_order_mark_loads_and_a_bad_one_is_placed() {
        let text = "\u{feff}Settings(volume: 0.5, muted: true, anim: Slow, scheme: HighContrast)";
        let s = Settings::parse("settings.ron", text).unwrap();
        assert!(s.muted && s.volume == 0.5);
        let e = Settings::parse("settings.ron", "Settings(volume: loud)").unwrap_err();
        assert_eq!((e.file.as_str(), e.line, e.col), ("settings.ron", 1, 17));
    }
}
