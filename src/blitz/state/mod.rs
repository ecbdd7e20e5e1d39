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
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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

/// Where a night Blitz tour stands, as a save keeps it (see
/// `Engine::Snapshot`): the night, the crew, the mission under way and the
/// tour so far. The tables are the setup's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub night: Date,
    pub phase: Phase,
    pub crew: Crew,
    pub mission: Option<Mission>,
    pub last: Option<LastMission>,
    pub raids: Vec<Raid>,
    pub stood: u16,
    pub off_operations: bool,
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

    /// Where the tour stands, as a save keeps it.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            night: self.night,
            phase: self.phase,
            crew: self.crew.clone(),
            mission: self.mission.clone(),
            last: self.last.clone(),
            raids: self.raids.clone(),
            stood: self.stood,
            off_operations: self.off_operations,
        }
    }

    /// The state a snapshot describes, on `tables`; one no tour of them
    /// could reach (a night off the calendar, a zone off the map, a city
    /// the map has not, a bomber in flight with no mission) is refused with
    /// a sentence.
    pub(crate) fn from_snapshot(
        tables: Arc<Tables>,
        setup: Setup,
        snap: &Snapshot,
    ) -> Result<State, String> {
        let mut s = State::new(tables, setup);
        let map = &s.tables.map;
        let real = |d: Date| Date::new(d.year, d.month, d.day).is_some();
        let dates = std::iter::once(snap.night)
            .chain(snap.last.iter().map(|l| l.night))
            .chain(snap.raids.iter().map(|r| r.night))
            .chain(snap.mission.iter().map(|m| m.night))
            .chain(snap.crew.men.iter().filter_map(|m| match m.status {
                super::crew::Status::Hospital(d) => Some(d),
                _ => None,
            }));
        for d in dates {
            if !real(d) {
                return Err(format!("{d:?} is no day of the calendar"));
            }
        }
        if snap.night < s.tables.calendar.first_night || snap.night > s.last_night() {
            return Err(format!("the night {} is not in the tour", snap.night));
        }
        // Counts no tour reaches (a night is one mission at most; a year
        // either side of the tour for a man in hospital).
        let (first, last) = (s.tables.calendar.first_night.days(), s.last_night().days());
        let around = |d: Date| (first - 366..=last + 366).contains(&d.days());
        let hospital_ok = snap.crew.men.iter().all(|m| match m.status {
            super::crew::Status::Hospital(d) => around(d),
            _ => true,
        });
        let nights = (last - first + 1) as usize;
        let counts_ok = snap.crew.men.len() <= 5 * nights + 5
            && snap.crew.men.iter().all(|m| m.missions as usize <= nights)
            && snap.stood as usize <= nights
            && snap.raids.len() <= nights
            && snap.raids.iter().all(|r| {
                r.points <= 100 && r.attacks <= 100 && r.wounded + r.killed + r.captured <= 10
            })
            && snap
                .mission
                .iter()
                .all(|m| m.points <= 100 && m.attacks <= 100 && m.fuel <= 200);
        if !hospital_ok || !counts_ok {
            return Err("counts no tour reaches".into());
        }
        if snap.crew.men.len() < Station::ALL.len() {
            return Err("the crew has fewer men than a bomber's stations".into());
        }
        let known_city = |c: &str| map.city(c).is_some();
        if let Some(m) = &snap.mission {
            let zones = std::iter::once(m.target)
                .chain(m.bomber.iter().map(|b| b.zone))
                .chain(m.track.iter().map(|(z, _)| *z));
            for z in zones {
                if !map.contains(z) {
                    return Err(format!("zone {z:?} is off the map"));
                }
            }
            if !known_city(&m.city) {
                return Err(format!("\"{}\" is not a city of the map", m.city));
            }
        }
        if snap.last.iter().any(|l| !known_city(&l.city)) {
            return Err("the last mission's city is not on the map".into());
        }
        let airborne = snap.mission.as_ref().is_some_and(|m| m.bomber.is_some());
        let briefed = snap.mission.is_some();
        let fits = match snap.phase {
            Phase::Heading
            | Phase::Weather
            | Phase::Attacked { .. }
            | Phase::Target
            | Phase::Release => airborne,
            Phase::Briefing | Phase::Debrief => briefed,
            Phase::Over => true,
        };
        if !fits {
            return Err(format!("{:?} with no mission under way", snap.phase));
        }
        s.night = snap.night;
        s.phase = snap.phase;
        s.crew = snap.crew.clone();
        s.mission = snap.mission.clone();
        s.last = snap.last.clone();
        s.raids = snap.raids.clone();
        s.stood = snap.stood;
        s.off_operations = snap.off_operations;
        Ok(s)
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
