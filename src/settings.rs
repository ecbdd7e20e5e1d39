//! The player's settings (sound, animation, colours), kept in
//! `settings.ron` in the data directory and written atomically. A file that
//! cannot be read gives the defaults and a sentence; values out of range
//! are brought into it. Two windows on one data folder each keep what they
//! change: a window writes the settings merged with what the file holds
//! now (see [`Settings::merged`]), never over another window's changes.

use crate::common::game::GameKind;
use crate::data;

/// `kind`'s bit in `Settings::learned`.
fn bit(kind: GameKind) -> u8 {
    1 << GameKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}
use crate::saves::data_dir;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Mutex;

/// The settings as this window last read or wrote them: what it changed
/// since is what it writes over the file.
static BASE: Mutex<Option<Settings>> = Mutex::new(None);

fn base() -> std::sync::MutexGuard<'static, Option<Settings>> {
    BASE.lock().unwrap_or_else(|e| e.into_inner())
}

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
        let (s, notice) = Settings::read();
        *base() = Some(s);
        (s, notice)
    }

    fn read() -> (Settings, Option<String>) {
        let path = settings_path();
        if !crate::data::store::exists(&path) {
            crate::data::guard::note_absent(&path);
            return (Settings::default(), None);
        }
        match crate::data::guard::read(&path).and_then(|s| Settings::parse(&s.file, &s.text)) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("Settings not read ({e}); using defaults.")),
            ),
        }
    }

    /// Three-way: what this window changed since `base` (the settings as
    /// it last read or wrote them), over `now` (the file as another window
    /// may have written it since). The games learned are a set: those this
    /// window added are added, those it cleared (the guide turned on again)
    /// cleared, the others as the file has them.
    pub fn merged(self, base: Settings, now: Settings) -> Settings {
        fn pick<T: PartialEq>(mine: T, base: T, now: T) -> T {
            if mine != base {
                mine
            } else {
                now
            }
        }
        let added = self.learned & !base.learned;
        let cleared = base.learned & !self.learned;
        Settings {
            volume: if self.volume != base.volume {
                self.volume
            } else {
                now.volume
            },
            muted: pick(self.muted, base.muted, now.muted),
            anim: pick(self.anim, base.anim, now.anim),
            scheme: pick(self.scheme, base.scheme, now.scheme),
            guide: pick(self.guide, base.guide, now.guide),
            learned: (now.learned | added) & !cleared,
        }
    }

    /// Writes the settings, merged with what another window on this data
    /// folder wrote since this one read them (so neither loses what it
    /// changed); they become what was written.
    pub fn store(&mut self) -> Result<(), String> {
        let path = settings_path();
        // Bounded: another window writing between each look and write.
        for _ in 0..8 {
            let was = base().unwrap_or_default();
            let (now, _) = Settings::read();
            let merged = self.merged(was, now);
            match crate::data::guard::write(&path, &data::to_ron(&merged)) {
                Ok(()) => {
                    *self = merged;
                    *base() = Some(merged);
                    return Ok(());
                }
                Err(crate::data::guard::GuardError::Changed { .. }) => continue,
                Err(e) => return Err(e.to_string()),
            }
        }
        Err(format!(
            "{}: not written: another window keeps writing it",
            path.display()
        ))
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
    fn two_windows_settings_merge_what_each_changed() {
        let base = Settings::default();
        // This window learned the family game and muted the sound...
        let mut mine = base;
        mine.learn(GameKind::Family);
        mine.muted = true;
        // ...while another learned Simple Hex and slowed the animations.
        let mut theirs = base;
        theirs.learn(GameKind::SimpleHex);
        theirs.anim = AnimSpeed::Slow;
        let merged = mine.merged(base, theirs);
        assert!(!merged.guides(GameKind::Family) && !merged.guides(GameKind::SimpleHex));
        assert!(merged.guides(GameKind::Campaign));
        assert!(merged.muted);
        assert_eq!(merged.anim, AnimSpeed::Slow);
        // The guide turned on again here clears what this window had learned,
        // and keeps what the other learned since.
        let mut again = merged;
        again.set_guide(true);
        let mut other = merged;
        other.learn(GameKind::Blitz);
        let m = again.merged(merged, other);
        assert!(m.guides(GameKind::Family) && m.guides(GameKind::SimpleHex));
        assert!(!m.guides(GameKind::Blitz));
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
