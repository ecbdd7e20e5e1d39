//! The night Blitz: a solo bomber campaign from 14 November 1940 into 1941,
//! Joe Carter's *The Blitz* with Philip Sabin's amendments
//! (`blitz-night-amendments.txt`). Carter's tables are not available, so the
//! base game is ours, as data under `levels/blitz/`; the amendments win
//! wherever they speak (docs/RULES.md, "The night Blitz").
//!
//! So far: the zone map, the calendar of nights (moon, the winter pause,
//! spring) and the night's orders (A-1, its follow-ups, A-4).

pub mod calendar;
pub mod map;
pub mod nights;
pub mod table;

pub use calendar::{Calendar, CalendarFile, Date, Moon};
pub use map::{City, MapFile, Zone, ZoneKind, ZoneMap};
pub use nights::{LastMission, Night, NightsFile, Orders, Stood, Why};
pub use table::{Rolled, Row, Table, Throw};
