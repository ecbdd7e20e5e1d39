//! The night Blitz: a solo bomber campaign from 14 November 1940 into 1941,
//! Joe Carter's *The Blitz* with Philip Sabin's amendments
//! (`blitz-night-amendments.txt`). Carter's tables are not available, so the
//! base game is ours, as data under `levels/blitz/`; the amendments win
//! wherever they speak (docs/RULES.md, "The night Blitz").
//!
//! So far: the zone map, the calendar of nights (moon, the winter pause,
//! spring), the night's orders (A-1, its follow-ups, A-4), and take-off,
//! weather and mechanical failure (B-1 to B-3, C-1 to C-4, K), and the
//! defences (C-8 to C-10, evasive action, D-2, D-3), and the beam, the bomb
//! run and the way home (D-1, D-5, G-1, E-1 to E-3), and the bomber in
//! flight (headings, aborting, the stream, height), and the crew who carry
//! their wounds and missions from night to night.

pub mod ai;
pub mod bomber;
pub mod calendar;
pub mod command;
pub mod crew;
pub mod defences;
pub mod event;
pub mod flight;
pub mod forecast;
pub mod game;
pub mod map;
pub mod mission_end;
pub mod nights;
pub mod reading;
pub mod spread;
pub mod state;
pub mod table;

pub use bomber::{Abort, Bomber, Heading, Leg, Refused};
pub use calendar::{Calendar, CalendarFile, Date, Moon};
pub use command::{Command, Illegal};
pub use crew::{Crew, CrewFile, Crewman, Station, Status, Wound};
pub use defences::{
    Attack, Check, Defences, Detection, Evasion, Fighter, Flak, Interception, Modifier,
    Searchlights, Situation, When, ZoneSort,
};
pub use event::{words, Cause, Ending, Event, Phase, TableId, Thrown};
pub use flight::{
    BaseWeather, Failure, FlightTables, Glitch, Icing, Lightning, TakeOff, Weather, ZoneWeather,
};
pub use game::{Game, Seat};
pub use map::{City, MapFile, Zone, ZoneKind, ZoneMap};
pub use mission_end::{Beam, BombRun, Ditching, Fate, Jump, Landing, MissionEnd};
pub use nights::{LastMission, Night, NightsFile, Orders, Stood, Why};
pub use reading::{Reading, Said};
pub use state::{Mission, Raid, Setup, State};
pub use table::{Rolled, Row, Table, Throw};

/// Every table of the night Blitz, loaded and checked together
/// (`data::load_blitz`).
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    pub map: ZoneMap,
    pub calendar: Calendar,
    pub nights: NightsFile,
    pub flight: FlightTables,
    pub defences: Defences,
    pub end: MissionEnd,
    pub crew: CrewFile,
}
