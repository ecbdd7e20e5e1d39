//! Difficulty by forces: named settings that change the planes a level
//! brings, never a rule (docs/RULES.md, "Difficulty by forces"). A setting
//! adds units (an RAF reserve enters as the sheet's units do: it rolls to
//! fly in the hangar like every other plane) or takes planes out of the
//! level's units. "as-written" changes nothing; "even" is the setting the
//! simulator measured as fair on Crane's mat (the new-game screen shows
//! each setting's measured share on each mat).

use super::scenario::{AircraftFile, Colour, ScenarioFile, UnitSetup};
use crate::common::invalid::Invalid;
use crate::common::side::Side;
use crate::common::spread::Spread;
use serde::{Deserialize, Serialize};

/// The setting that changes nothing: the sheet's forces.
pub const AS_WRITTEN: &str = "as-written";
/// The setting measured fair on Crane's mat.
pub const EVEN: &str = "even";
/// The most settings a file may list.
pub const MAX_SETTINGS: usize = 32;
/// The most changes one setting may make.
pub const MAX_CHANGES: usize = 16;

/// `levels/simple_hex/forces.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcesFile {
    pub settings: Vec<Setting>,
}

/// One named setting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setting {
    /// Its name on the command line: lower case words joined by dashes.
    pub name: String,
    /// Its name on the screen.
    pub label: String,
    /// The side it helps (`None`: as written, or even).
    #[serde(default)]
    pub helps: Option<Side>,
    pub changes: Vec<Change>,
}

/// A change to a level's forces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Change {
    /// A unit more, entering as the sheet's units do.
    Add(UnitSetup),
    /// These planes out of the level's first unit of this aircraft that
    /// holds them all.
    Remove {
        aircraft: String,
        colours: Vec<Colour>,
    },
}

fn invalid(path: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid::new(path, message)
}

impl ForcesFile {
    /// The setting called `name`.
    pub fn setting(&self, name: &str) -> Option<&Setting> {
        self.settings.iter().find(|s| s.name == name)
    }

    /// The settings' names, in the file's order.
    pub fn names(&self) -> Vec<&str> {
        self.settings.iter().map(|s| s.name.as_str()).collect()
    }

    /// What is wrong with the file on its own (against the aircraft table):
    /// RON paths and messages, empty when it is sound.
    pub fn validate(&self, aircraft: &AircraftFile) -> Vec<Invalid> {
        let mut e = Vec::new();
        if self.settings.len() > MAX_SETTINGS {
            return vec![invalid(
                "settings",
                format!("at most {MAX_SETTINGS} settings"),
            )];
        }
        for must in [AS_WRITTEN, EVEN] {
            if self.setting(must).is_none() {
                e.push(invalid(
                    "settings",
                    format!("no setting \"{must}\": it must be listed"),
                ));
            }
        }
        let side_of = |name: &str| {
            aircraft
                .aircraft
                .iter()
                .find(|a| a.name == name)
                .map(|a| a.side)
        };
        let known: Vec<&str> = aircraft.aircraft.iter().map(|a| a.name.as_str()).collect();
        for (i, s) in self.settings.iter().enumerate() {
            let at = format!("settings[{i}]");
            let words = s.name.split('-').all(|w| {
                !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            });
            if !words || s.name.len() > 40 {
                e.push(invalid(
                    format!("{at}.name"),
                    format!(
                        "\"{}\": a name is lower-case words joined by dashes, at most 40 letters",
                        s.name
                    ),
                ));
            }
            if self.settings[..i].iter().any(|o| o.name == s.name) {
                e.push(invalid(
                    format!("{at}.name"),
                    format!("\"{}\" is listed twice", s.name),
                ));
            }
            if s.label.trim().is_empty() || s.label.len() > 60 {
                e.push(invalid(format!("{at}.label"), "a label is 1 to 60 letters"));
            }
            if s.name == AS_WRITTEN && !s.changes.is_empty() {
                e.push(invalid(
                    format!("{at}.changes"),
                    "\"as-written\" is the sheet's forces: it changes nothing",
                ));
            }
            if s.changes.len() > MAX_CHANGES {
                e.push(invalid(
                    format!("{at}.changes"),
                    format!("at most {MAX_CHANGES} changes"),
                ));
                continue;
            }
            for (j, c) in s.changes.iter().enumerate() {
                let cp = format!("{at}.changes[{j}]");
                let (name, colours) = match c {
                    Change::Add(u) => (&u.aircraft, u.planes.iter().map(|p| p.colour).collect()),
                    Change::Remove { aircraft, colours } => (aircraft, colours.clone()),
                };
                if side_of(name).is_none() {
                    e.push(invalid(
                        format!("{cp}.aircraft"),
                        format!("unknown aircraft \"{name}\" (known: {})", known.join(", ")),
                    ));
                }
                if colours.is_empty() || colours.len() > 4 {
                    e.push(invalid(cp.clone(), "1 to 4 planes (R, W, B, Y)"));
                } else if (1..colours.len()).any(|k| colours[..k].contains(&colours[k])) {
                    e.push(invalid(cp.clone(), "a colour is listed twice"));
                }
                if let Change::Add(u) = c {
                    if u.planes.iter().any(|p| p.at.is_some() || p.damaged) {
                        e.push(invalid(
                            cp.clone(),
                            "an added unit enters as the sheet's units do: no place, not damaged",
                        ));
                    }
                }
            }
        }
        e
    }
}

impl Setting {
    /// The level `file` with this setting's changes; `at` is the setting's
    /// RON path in its file, for the problems.
    pub fn apply(
        &self,
        file: &ScenarioFile,
        aircraft: &AircraftFile,
        at: &str,
    ) -> Result<ScenarioFile, Vec<Invalid>> {
        let mut out = file.clone();
        let mut e = Vec::new();
        for (j, c) in self.changes.iter().enumerate() {
            match c {
                Change::Add(u) => out.units.push(u.clone()),
                Change::Remove { aircraft, colours } => {
                    let holds = |u: &UnitSetup| {
                        u.aircraft == *aircraft
                            && colours
                                .iter()
                                .all(|c| u.planes.iter().any(|p| p.colour == *c))
                    };
                    match out.units.iter().position(holds) {
                        Some(k) => {
                            out.units[k].planes.retain(|p| !colours.contains(&p.colour));
                            if out.units[k].planes.is_empty() {
                                out.units.remove(k);
                            }
                        }
                        None => e.push(invalid(
                            format!("{at}.changes[{j}]"),
                            format!(
                                "the level \"{}\" has no {aircraft} unit with these planes",
                                file.name
                            ),
                        )),
                    }
                }
            }
        }
        for side in [Side::British, Side::German] {
            let left = out.units.iter().any(|u| {
                aircraft
                    .aircraft
                    .iter()
                    .any(|a| a.name == u.aircraft && a.side == side)
            });
            if !left {
                e.push(invalid(
                    format!("{at}.changes"),
                    format!("it leaves the {} no planes", side.name()),
                ));
            }
        }
        if e.is_empty() {
            Ok(out)
        } else {
            Err(e)
        }
    }
}

/// The most rows a shares table may hold.
pub const MAX_SHARE_ROWS: usize = 1024;

/// `levels/simple_hex/shares.ron`: each setting's measured Luftwaffe wins
/// on each shipped level, under each rule variant, with the computer at
/// each of Simple Hex's levels on both sides. `simulate --difficulties
/// --write-shares FILE` writes it; the new-game screen reads it; a test
/// plays some of its rows again and must find the same counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharesFile {
    /// Games per row, on the seeds `sub_seed(seed, 0..games)`.
    pub games: u64,
    pub seed: u64,
    pub rows: Vec<ShareRow>,
}

/// One measured row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShareRow {
    /// A shipped level's name.
    pub level: String,
    /// A setting's name.
    pub difficulty: String,
    /// Crane's variant (damaged bombers cannot defend) or the rules as written.
    pub crane: bool,
    /// The level of both computer sides.
    pub opponent: crate::common::Level,
    pub luftwaffe_wins: u64,
    /// Every game's final bomb score, in bins of `SCORE_BIN` points from 0
    /// (the end screen grades a result against it).
    pub scores: Spread,
}

/// The width of a shares row's score bins: the target's 24 points fall on
/// a bin's edge, so that no bin holds both sides' wins.
pub const SCORE_BIN: u32 = 2;
/// Bins of a shares row's scores: 0 to 79 points, and 80 or more.
pub const SCORE_BINS: usize = 41;

impl SharesFile {
    /// The row for these choices, if measured.
    pub fn find(
        &self,
        level: &str,
        difficulty: &str,
        crane: bool,
        opponent: crate::common::Level,
    ) -> Option<&ShareRow> {
        self.rows.iter().find(|r| {
            r.level == level
                && r.difficulty == difficulty
                && r.crane == crane
                && r.opponent == opponent
        })
    }

    /// What is wrong with the table against the settings, the shipped
    /// levels' names and the computer's levels: RON paths and messages.
    pub fn validate(
        &self,
        forces: &ForcesFile,
        levels: &[&str],
        opponents: &[crate::common::Level],
    ) -> Vec<Invalid> {
        let mut e = Vec::new();
        if self.games == 0 || self.games > 10_000_000 {
            e.push(invalid("games", "1 to 10,000,000 games a row"));
        }
        if self.rows.len() > MAX_SHARE_ROWS {
            return vec![invalid("rows", format!("at most {MAX_SHARE_ROWS} rows"))];
        }
        for (i, r) in self.rows.iter().enumerate() {
            let at = format!("rows[{i}]");
            if !levels.contains(&r.level.as_str()) {
                e.push(invalid(
                    format!("{at}.level"),
                    format!(
                        "no shipped level \"{}\" (levels: {})",
                        r.level,
                        levels.join(", ")
                    ),
                ));
            }
            if forces.setting(&r.difficulty).is_none() {
                e.push(invalid(
                    format!("{at}.difficulty"),
                    format!(
                        "no setting \"{}\" (settings: {})",
                        r.difficulty,
                        forces.names().join(", ")
                    ),
                ));
            }
            if !opponents.contains(&r.opponent) {
                e.push(invalid(
                    format!("{at}.opponent"),
                    format!("Simple Hex's computer has no {} level", r.opponent),
                ));
            }
            e.extend(r.scores.validate(&format!("{at}.scores"), self.games));
            if r.luftwaffe_wins > self.games {
                e.push(invalid(
                    format!("{at}.luftwaffe_wins"),
                    format!("more wins than the {} games played", self.games),
                ));
            }
            if self.rows[..i].iter().any(|o| {
                (&o.level, &o.difficulty, o.crane, o.opponent)
                    == (&r.level, &r.difficulty, r.crane, r.opponent)
            }) {
                e.push(invalid(at, "this row is listed twice"));
            }
        }
        e
    }
}
