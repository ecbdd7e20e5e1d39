//! The night Blitz's data under `levels/blitz/` (the zone map, the
//! calendar, the night's orders and the tables of the flight), shipped in
//! the binary, each checked with its errors placed.

use super::{parse, positioned, LoadErrors, Source};
use crate::blitz::{
    Calendar, CalendarFile, CrewFile, Defences, FlightTables, MapFile, MissionEnd, NightsFile,
    ZoneMap,
};
use crate::common::Invalid;
use serde::de::DeserializeOwned;

const BLITZ_MAP: (&str, &str) = (
    "levels/blitz/map.ron",
    include_str!("../../levels/blitz/map.ron"),
);
const BLITZ_NIGHTS: (&str, &str) = (
    "levels/blitz/nights.ron",
    include_str!("../../levels/blitz/nights.ron"),
);
const BLITZ_FLIGHT: (&str, &str) = (
    "levels/blitz/flight.ron",
    include_str!("../../levels/blitz/flight.ron"),
);
const BLITZ_DEFENCES: (&str, &str) = (
    "levels/blitz/defences.ron",
    include_str!("../../levels/blitz/defences.ron"),
);
const BLITZ_MISSION_END: (&str, &str) = (
    "levels/blitz/mission_end.ron",
    include_str!("../../levels/blitz/mission_end.ron"),
);
const BLITZ_CREW: (&str, &str) = (
    "levels/blitz/crew.ron",
    include_str!("../../levels/blitz/crew.ron"),
);
const BLITZ_CALENDAR: (&str, &str) = (
    "levels/blitz/calendar.ron",
    include_str!("../../levels/blitz/calendar.ron"),
);

/// The shipped zone map.
pub fn blitz_map_source() -> Source {
    Source::builtin(BLITZ_MAP.0, BLITZ_MAP.1)
}

/// The shipped calendar.
pub fn blitz_calendar_source() -> Source {
    Source::builtin(BLITZ_CALENDAR.0, BLITZ_CALENDAR.1)
}

/// A zone map, checked: every problem at its file, line and column.
pub fn load_blitz_map(src: &Source) -> Result<ZoneMap, LoadErrors> {
    let file: MapFile = parse(&src.file, &src.text)?;
    file.build()
        .map_err(|found| positioned(&src.file, &src.text, found))
}

/// The shipped night's orders.
pub fn blitz_nights_source() -> Source {
    Source::builtin(BLITZ_NIGHTS.0, BLITZ_NIGHTS.1)
}

/// The night's orders, checked against the map's cities.
pub fn load_blitz_nights(src: &Source, map: &ZoneMap) -> Result<NightsFile, LoadErrors> {
    checked(src, |f: &NightsFile| f.validate(map))
}

/// The shipped take-off, weather and failure tables.
pub fn blitz_flight_source() -> Source {
    Source::builtin(BLITZ_FLIGHT.0, BLITZ_FLIGHT.1)
}

/// Take-off, weather and failure tables, checked.
pub fn load_blitz_flight(src: &Source) -> Result<FlightTables, LoadErrors> {
    checked(src, FlightTables::validate)
}

/// The shipped defences.
pub fn blitz_defences_source() -> Source {
    Source::builtin(BLITZ_DEFENCES.0, BLITZ_DEFENCES.1)
}

/// The defences, checked.
pub fn load_blitz_defences(src: &Source) -> Result<Defences, LoadErrors> {
    checked(src, Defences::validate)
}

/// The shipped beam, bomb run and way home.
pub fn blitz_mission_end_source() -> Source {
    Source::builtin(BLITZ_MISSION_END.0, BLITZ_MISSION_END.1)
}

/// The beam, bomb run and way home, checked.
pub fn load_blitz_mission_end(src: &Source) -> Result<MissionEnd, LoadErrors> {
    checked(src, MissionEnd::validate)
}

/// The shipped crew.
pub fn blitz_crew_source() -> Source {
    Source::builtin(BLITZ_CREW.0, BLITZ_CREW.1)
}

/// The crew, checked.
pub fn load_blitz_crew(src: &Source) -> Result<CrewFile, LoadErrors> {
    checked(src, CrewFile::validate)
}

/// A calendar, checked likewise.
pub fn load_blitz_calendar(src: &Source) -> Result<Calendar, LoadErrors> {
    let file: CalendarFile = parse(&src.file, &src.text)?;
    file.build()
        .map_err(|found| positioned(&src.file, &src.text, found))
}

/// A file read and checked: its shape by the parser, its values by
/// `validate`, every problem placed at its line and column.
fn checked<T: DeserializeOwned>(
    src: &Source,
    validate: impl Fn(&T) -> Vec<Invalid>,
) -> Result<T, LoadErrors> {
    let file: T = parse(&src.file, &src.text)?;
    let found = validate(&file);
    if found.is_empty() {
        Ok(file)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped files of the night Blitz, in the order they are loaded.
pub fn blitz_sources() -> [Source; 7] {
    [
        blitz_map_source(),
        blitz_calendar_source(),
        blitz_nights_source(),
        blitz_flight_source(),
        blitz_defences_source(),
        blitz_mission_end_source(),
        blitz_crew_source(),
    ]
}

/// Every table of the night Blitz, from these sources (as
/// `blitz_sources` orders them), each checked; the errors of every file
/// that has any.
pub fn load_blitz_from(src: &[Source; 7]) -> Result<crate::blitz::Tables, LoadErrors> {
    let [map, calendar, nights, flight, defences, end, crew] = src;
    let mut errors = Vec::new();
    let map = load_blitz_map(map).map_err(|e| errors.extend(e.0)).ok();
    let calendar = load_blitz_calendar(calendar)
        .map_err(|e| errors.extend(e.0))
        .ok();
    let nights = map.as_ref().and_then(|m| {
        load_blitz_nights(nights, m)
            .map_err(|e| errors.extend(e.0))
            .ok()
    });
    let flight = load_blitz_flight(flight)
        .map_err(|e| errors.extend(e.0))
        .ok();
    let defences = load_blitz_defences(defences)
        .map_err(|e| errors.extend(e.0))
        .ok();
    let end = load_blitz_mission_end(end)
        .map_err(|e| errors.extend(e.0))
        .ok();
    let crew = load_blitz_crew(crew).map_err(|e| errors.extend(e.0)).ok();
    match (map, calendar, nights, flight, defences, end, crew) {
        (
            Some(map),
            Some(calendar),
            Some(nights),
            Some(flight),
            Some(defences),
            Some(end),
            Some(crew),
        ) if errors.is_empty() => Ok(crate::blitz::Tables {
            map,
            calendar,
            nights,
            flight,
            defences,
            end,
            crew,
        }),
        _ => Err(LoadErrors(errors)),
    }
}

/// The shipped tables of the night Blitz.
pub fn load_blitz() -> Result<crate::blitz::Tables, LoadErrors> {
    load_blitz_from(&blitz_sources())
}

/// The shipped files of the night Blitz: (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    vec![
        BLITZ_MAP,
        BLITZ_NIGHTS,
        BLITZ_FLIGHT,
        BLITZ_DEFENCES,
        BLITZ_MISSION_END,
        BLITZ_CREW,
        BLITZ_CALENDAR,
    ]
}
