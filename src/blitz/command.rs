//! The crew's decisions (commands), and why one may be refused.

use super::bomber::Heading;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A decision of the crew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// At the briefing: take off.
    TakeOff,
    /// At the briefing: trade bombs for extra fuel (once).
    ExtraFuel,
    /// Fly one zone.
    Fly(Heading),
    /// Homebound over an airfield: land there.
    Land,
    /// Into the bad weather ahead.
    PressOn,
    /// Outbound in bad weather: abort and turn back into the zone left,
    /// with the weather it had.
    AvoidWeather,
    /// In bad weather: drop below 3,000 metres (outbound, that aborts the
    /// mission).
    Descend,
    /// A night fighter attacks: take evasive action (2d10)...
    Evade,
    /// ...or hold the course and let the gunner answer.
    Hold,
    /// Over the target: the run in, through the searchlights and the flak.
    BombRun,
    /// Through the flak: the bombs away (D-5).
    Release,
    /// Abort the mission: outbound, or over the target instead of D-2 or
    /// D-5. With working bomb bay doors the bombs are jettisoned.
    Abort,
    /// After the debriefing: on to the next night with a mission.
    Next,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::TakeOff => write!(f, "take off"),
            Command::ExtraFuel => write!(f, "trade bombs for extra fuel"),
            Command::Fly(h) => write!(f, "fly {h:?}"),
            Command::Land => write!(f, "land"),
            Command::PressOn => write!(f, "press on into the bad weather"),
            Command::AvoidWeather => write!(f, "avoid the bad weather"),
            Command::Descend => write!(f, "descend below 3,000 metres"),
            Command::Evade => write!(f, "take evasive action"),
            Command::Hold => write!(f, "hold the course"),
            Command::BombRun => write!(f, "make the bomb run"),
            Command::Release => write!(f, "release the bombs"),
            Command::Abort => write!(f, "abort the mission"),
            Command::Next => write!(f, "on to the next night"),
        }
    }
}

/// Why a command is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Illegal {
    /// The game is over.
    Over,
    /// Not a decision the crew has now.
    NotNow,
    /// "Your bomber may fly only W, NW or N when outbound, and only E, SE
    /// or S when homebound."
    Heading,
    OffTheMap,
    NoFuel,
    /// Below 3,000 metres the bomber stays there.
    StaysLow,
    /// After a take-off glitch, no jettison before the landing.
    NoJettisonBeforeLanding,
    /// The mission is already homebound.
    NotOutbound,
    /// Not over an airfield.
    NoAirfield,
    /// No bombs aboard.
    NoBombs,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegal::Over => "the campaign is over",
            Illegal::NotNow => "that is not a decision the crew has now",
            Illegal::Heading => {
                "the bomber may fly only W, NW or N when outbound, and only E, SE or S when homebound"
            }
            Illegal::OffTheMap => "that heading leaves the map",
            Illegal::NoFuel => "no Fuel Box is left to fly on",
            Illegal::StaysLow => "below 3,000 metres the bomber stays there",
            Illegal::NoJettisonBeforeLanding => {
                "after a take-off glitch the bombs may not be jettisoned before the landing"
            }
            Illegal::NotOutbound => "the mission is already homebound",
            Illegal::NoAirfield => "there is no airfield here",
            Illegal::NoBombs => "there are no bombs aboard",
        })
    }
}

impl std::error::Error for Illegal {}
