//! The state of a night Blitz campaign, and its one writer.
//!
//! The fields are private to this module, and the only code that changes
//! them after the start is [`apply`], one event at a time: the compiler
//! keeps the rule that events are the only way the game changes.

use super::bomber::{Abort, Bomber};
use super::calendar::{Date, Moon};
use super::crew::{Crew, Station};
use super::defences::{Flak, Searchlights, Situation, ZoneSort};
use super::event::{Ending, Event, Phase};
use super::flight::Weather;
use super::map::Zone;
use super::mission_end::{Beam, BombRun, Fate};
use super::nights::{LastMission, Why};
use super::Tables;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod apply;
pub use apply::apply;

/// What a campaign starts from besides its seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// End the tour after this night (a shorter campaign); None: the
    /// calendar's last night.
    #[serde(default)]
    pub last_night: Option<Date>,
}

/// The night's mission, as it goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mission {
    pub night: Date,
    pub city: String,
    pub target: Zone,
    pub london: bool,
    pub why: Why,
    pub fuel: u8,
    pub moon: Moon,
    /// None before take-off.
    pub bomber: Option<Bomber>,
    /// The zones flown through, with their weather.
    pub track: Vec<(Zone, Weather)>,
    /// The weather of the zone the bomber is in (the base's at first).
    pub weather: Weather,
    pub base_weather: Option<Weather>,
    pub beam: Option<Beam>,
    pub lights: Searchlights,
    pub flak: Option<Flak>,
    pub run: Option<BombRun>,
    pub points: u8,
    pub avoided_at_target: bool,
    /// Bombs traded for extra fuel at the briefing.
    pub extra_fuel: bool,
    /// Night fighter attacks met.
    pub attacks: u8,
    /// The crewmen who jumped or ditched, and where they ended.
    pub down: Vec<(Station, Fate)>,
    pub ending: Option<Ending>,
}

impl Mission {
    /// Airborne at some point (a glitch's turn-back counts: the crew flew).
    pub fn flown(&self) -> bool {
        self.bomber.is_some()
    }
}

/// A mission in the tour's tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Raid {
    pub night: Date,
    pub city: String,
    pub why: Why,
    pub ending: Ending,
    /// Airborne (not scrubbed, not stayed down).
    pub flown: bool,
    /// The bombs fell on D-5 (wide or not).
    pub bombed: bool,
    pub points: u8,
    pub aborted: Option<Abort>,
    /// Night fighter attacks met.
    pub attacks: u8,
    /// Crewmen seriously wounded, killed and captured this mission.
    pub wounded: u8,
    pub killed: u8,
    pub captured: u8,
}

/// The state of a campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    tables: Arc<Tables>,
    setup: Setup,
    night: Date,
    phase: Phase,
    crew: Crew,
    mission: Option<Mission>,
    last: Option<LastMission>,
    raids: Vec<Raid>,
    /// Nights without a mission.
    stood: u16,
    /// Taken off operations (bombers written off): the tour ended early.
    off_operations: bool,
}

impl State {
    /// The campaign before its first night.
    pub fn new(tables: Arc<Tables>, setup: Setup) -> State {
        let crew = Crew::new(&tables.crew);
        let night = tables.calendar.first_night;
        State {
            tables,
            setup,
            night,
            phase: Phase::Briefing,
            crew,
            mission: None,
            last: None,
            raids: Vec::new(),
            stood: 0,
            off_operations: false,
        }
    }

    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    /// The night the game is at.
    pub fn night(&self) -> Date {
        self.night
    }
    /// The tour's last night.
    pub fn last_night(&self) -> Date {
        let end = self.tables.calendar.last_night;
        self.setup.last_night.map_or(end, |d| d.min(end))
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn crew(&self) -> &Crew {
        &self.crew
    }
    pub fn mission(&self) -> Option<&Mission> {
        self.mission.as_ref()
    }
    pub fn bomber(&self) -> Option<&Bomber> {
        self.mission.as_ref().and_then(|m| m.bomber.as_ref())
    }
    pub fn last_mission(&self) -> Option<&LastMission> {
        self.last.as_ref()
    }
    /// The tour so far, mission by mission.
    pub fn raids(&self) -> &[Raid] {
        &self.raids
    }
    pub fn nights_stood(&self) -> u16 {
        self.stood
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// The tour's victory points.
    pub fn points(&self) -> u32 {
        self.raids.iter().map(|r| r.points as u32).sum()
    }

    /// Bombers written off (lost) so far.
    pub fn written_off(&self) -> u32 {
        self.raids
            .iter()
            .filter(|r| matches!(r.ending, Ending::Lost(_)))
            .count() as u32
    }

    /// The crew taken off operations: the tour ended before its last night.
    pub fn off_operations(&self) -> bool {
        self.off_operations
    }

    /// The tour's rating (docs/RULES.md, "The tour's rating"): its victory
    /// points less the price of each man killed, captured and seriously
    /// wounded (`crew.ron`'s `price`).
    pub fn rating(&self) -> i32 {
        let p = &self.tables.crew.price;
        let cost: u32 = self
            .raids
            .iter()
            .map(|r| {
                r.killed as u32 * p.killed as u32
                    + r.captured as u32 * p.captured as u32
                    + r.wounded as u32 * p.wounded as u32
            })
            .sum::<u32>()
            + self.written_off() * p.bomber as u32;
        self.points() as i32 - cost as i32
    }

    /// Where the bomber is and what the night is like, for the modifiers.
    pub fn situation(&self) -> Option<Situation> {
        let m = self.mission()?;
        let b = m.bomber.as_ref()?;
        Some(Situation {
            moon: m.moon,
            weather: m.weather,
            zone: ZoneSort::of(&self.tables.map, b.zone, m.target),
            london: m.london && b.zone == m.target,
            low: b.low,
            in_stream: b.in_stream,
            spotter: self.crew.spotting(),
            lights: m.lights,
            night: self.night,
            engine_out: b.engine_out,
        })
    }

    fn mission_mut(&mut self) -> &mut Mission {
        self.mission
            .as_mut()
            .expect("a mission event comes after the night's orders")
    }

    fn bomber_mut(&mut self) -> &mut Bomber {
        self.mission_mut()
            .bomber
            .as_mut()
            .expect("a flight event comes after the take-off")
    }
}
