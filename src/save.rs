//! Saved games and settings, as RON files in the user's data directory, always
//! written atomically (temporary file, then rename). A save is a game's level,
//! options, seed, players and commands: loading replays the commands, so a
//! save can never hold a state the rules would not reach. A file that cannot
//! be read is reported with its position and left untouched.

use crate::campaign::game::{self as campaign, Campaign, CampaignSetup};
use crate::data;
use crate::family;
use crate::record;
use crate::simple_hex::{Command, Game, Options, Side};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Players {
    /// One player against the opponent AI.
    Solo { human: Side },
    /// Two players passing the machine.
    TwoPlayers,
}

impl Players {
    pub fn is_human(self, side: Side) -> bool {
        match self {
            Players::Solo { human } => human == side,
            Players::TwoPlayers => true,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveGame {
    pub level: String,
    pub options: Options,
    pub seed: u64,
    pub players: Players,
    pub commands: Vec<Command>,
}

impl SaveGame {
    pub fn of(game: &Game, level: &str, players: Players) -> SaveGame {
        SaveGame {
            level: level.to_string(),
            options: game.options(),
            seed: game.seed(),
            players,
            commands: game.commands().to_vec(),
        }
    }

    /// The game this save describes, replayed from its seed.
    pub fn restore(&self) -> Result<Game, String> {
        let scenario = data::load_simple_hex(&self.level).map_err(|e| e.to_string())?;
        let mut game = Game::new(Arc::new(scenario), self.options, self.seed);
        record::play_all(&self.commands, |c| game.play(c)).map_err(|e| saved(&e))?;
        Ok(game)
    }
}

/// A family-game commander as chosen on the new-game screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commander {
    pub name: String,
    /// false: the computer flies this Spitfire.
    pub human: bool,
}

/// A saved family game: board, commanders, seed and commands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilySave {
    pub board: String,
    pub setup: family::Setup,
    pub seed: u64,
    pub commanders: Vec<Commander>,
    pub commands: Vec<family::Command>,
}

impl FamilySave {
    pub fn of(game: &family::Game, board: &str, commanders: &[Commander]) -> FamilySave {
        FamilySave {
            board: board.to_string(),
            setup: game.setup().clone(),
            seed: game.seed(),
            commanders: commanders.to_vec(),
            commands: game.commands().to_vec(),
        }
    }

    /// The game this save describes, replayed from its seed.
    pub fn restore(&self) -> Result<family::Game, String> {
        let scenario = data::load_family(&self.board).map_err(|e| e.to_string())?;
        if self.commanders.len() != self.setup.seats.len() {
            return Err("the save names a different number of commanders than seats".into());
        }
        let mut game = family::Game::new(Arc::new(scenario), self.setup.clone(), self.seed)?;
        record::play_all(&self.commands, |c| game.play(c)).map_err(|e| saved(&e))?;
        Ok(game)
    }
}

/// A saved campaign: its setup (weather rule and seed), who plays it and
/// its commands. Always on the shipped map, targets, order of battle and
/// rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSave {
    pub setup: CampaignSetup,
    pub commands: Vec<campaign::Command>,
    /// The side the human plays (the opponent plays the other); None: both
    /// sides are human, passing the machine.
    pub human: Option<Side>,
}

impl CampaignSave {
    pub fn of(campaign: &Campaign, human: Option<Side>) -> CampaignSave {
        CampaignSave {
            setup: campaign.setup(),
            commands: campaign.commands().to_vec(),
            human,
        }
    }

    /// The campaign this save describes, replayed from its setup (with its
    /// event log).
    pub fn restore(&self) -> Result<Campaign, String> {
        let (data, rules) = record::campaign::shipped().map_err(|e| e.to_string())?;
        let mut campaign = Campaign::new(data, rules, self.setup);
        record::play_all(&self.commands, |c| campaign.play(c)).map_err(|e| saved(&e))?;
        Ok(campaign)
    }
}

/// A save of any of the three games; the file says which by its first word.
#[derive(Clone, Debug, PartialEq)]
pub enum AnySave {
    SimpleHex(SaveGame),
    Family(FamilySave),
    Campaign(CampaignSave),
}

impl AnySave {
    /// Writes the save atomically: a temporary file beside it, then a
    /// rename, so a failed write leaves the old save as it was.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        match self {
            AnySave::SimpleHex(s) => write_ron(path, s),
            AnySave::Family(s) => write_ron(path, s),
            AnySave::Campaign(s) => write_ron(path, s),
        }
    }
}

/// Writes a save as RON, atomically.
fn write_ron<T: Serialize>(path: &Path, save: &T) -> Result<(), String> {
    // The error names the path ("PATH: cannot write: why").
    data::write_atomic(path, &data::to_ron(save)).map_err(|e| e.to_string())
}

/// The first word of a save file: the name of the structure it holds.
fn first_word(text: &str) -> &str {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .unwrap_or("");
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    &line[..end]
}

/// Reads a save of any game; `Ok(None)` if there is none. A save that
/// cannot be read is an error naming the file, line and column.
pub fn read_any(path: &Path) -> Result<Option<AnySave>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let src = data::Source::read(path).map_err(|e| e.to_string())?;
    let read = match first_word(&src.text) {
        "FamilySave" => data::parse(&src.file, &src.text).map(AnySave::Family),
        "CampaignSave" => data::parse(&src.file, &src.text).map(AnySave::Campaign),
        _ => data::parse(&src.file, &src.text).map(AnySave::SimpleHex),
    };
    read.map(Some).map_err(|e| e.to_string())
}

/// A save's command that the rules refuse, as a sentence.
fn saved(e: &record::ReplayError) -> String {
    match e {
        record::ReplayError::Illegal { index, reason } => {
            format!("command {} of the save is not legal: {reason}", index + 1)
        }
        other => other.to_string(),
    }
}

/// Where saves and settings live: `$TALLY_HO_DATA_DIR`, or the platform's
/// data directory (`~/.local/share/tally-ho` on Linux).
pub fn data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("TALLY_HO_DATA_DIR") {
        return PathBuf::from(d);
    }
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tally-ho")
}

pub fn save_path() -> PathBuf {
    data_dir().join("save.ron")
}

pub fn autosave_path() -> PathBuf {
    data_dir().join("autosave.ron")
}

pub fn settings_path() -> PathBuf {
    data_dir().join("settings.ron")
}

pub fn write(path: &Path, save: &SaveGame) -> Result<(), String> {
    write_ron(path, save)
}

/// Reads a save; `Ok(None)` if there is none.
pub fn read(path: &Path) -> Result<Option<SaveGame>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let src = data::Source::read(path).map_err(|e| e.to_string())?;
    data::parse::<SaveGame>(&src.file, &src.text)
        .map(Some)
        .map_err(|e| e.to_string())
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
        if !path.exists() {
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
