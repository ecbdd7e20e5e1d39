//! The night Blitz as a game: what happens (events, every roll among
//! them), where the game waits (phases), and how a mission ends.

use super::bomber::{Abort, Heading};
use super::calendar::{Date, Moon};
use super::crew::{Station, Wound};
use super::defences::{Fighter, Flak, Searchlights};
use super::flight::{Failure, Weather};
use super::map::Zone;
use super::mission_end::{Beam, BombRun, Fate, Landing};
use super::nights::{Stood, Why};
use super::reading::Reading;
use serde::{Deserialize, Serialize};

/// The tables, as the screen names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TableId {
    A1,
    A4,
    B1,
    B2,
    B3,
    C1,
    C2,
    C3,
    C4,
    K,
    C8,
    C9,
    C10,
    Evasion,
    Attack,
    /// Which crewman a hit finds.
    Hit,
    Wound,
    FollowUp,
    D1,
    D2,
    D3,
    D5,
    G1,
    /// E-1, bailing out.
    E1,
    E3,
    /// E-2, bailing out after a collision.
    E2,
}

impl TableId {
    /// The table's name and title, as the sheet and the rules reference
    /// give them.
    pub fn title(self) -> &'static str {
        match self {
            TableId::A1 => "A-1 Mission",
            TableId::A4 => "A-4 Other city",
            TableId::B1 => "B-1 Base weather",
            TableId::B2 => "B-2 Glitch",
            TableId::B3 => "B-3 Take-off",
            TableId::C1 => "C-1 Weather",
            TableId::C2 => "C-2 Icing",
            TableId::C3 => "C-3 Lightning",
            TableId::C4 => "C-4 Mechanical check",
            TableId::K => "K Mechanical failure",
            TableId::C8 => "C-8 Detection",
            TableId::C9 => "C-9 Interception",
            TableId::C10 => "C-10 Night fighter",
            TableId::Evasion => "Evasive action",
            TableId::Attack => "Fighter attack",
            TableId::Hit => "Crewman hit",
            TableId::Wound => "Wound",
            TableId::FollowUp => "Follow-up attack",
            TableId::D1 => "D-1 Radio beam",
            TableId::D2 => "D-2 Searchlights",
            TableId::D3 => "D-3 Flak",
            TableId::D5 => "D-5 Bomb run",
            TableId::G1 => "G-1 Landing",
            TableId::E1 => "E-1 Bail out",
            TableId::E3 => "E-3 Ditching",
            TableId::E2 => "E-2 Bail out after a collision",
        }
    }
}

/// A throw on a table, as shown: the faces, the modifier, what it read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thrown {
    pub table: TableId,
    pub faces: Vec<u8>,
    pub modifier: i16,
    /// What it read: the table's own result.
    pub read: Reading,
}

impl Thrown {
    /// The total of the faces (percentile dice read 1 to 100).
    pub fn total(&self) -> i16 {
        self.faces.iter().map(|&f| f as i16).sum()
    }
    /// The total with its modifier: the row it is read at (before the
    /// table clamps it to its rows).
    pub fn modified(&self) -> i16 {
        self.total() + self.modifier
    }
}

/// Why the bomber was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Cause {
    /// Crashed on take-off.
    TakeOff,
    /// Disastrous icing.
    Weather,
    /// Out of fuel short of an airfield (a leak, or a long way round).
    Fuel,
    Flak,
    NightFighter,
    /// Evasive action into the fighter.
    Collision,
    /// Crash-landed at the end of the mission.
    Landing,
}

impl Cause {
    pub const ALL: [Cause; 7] = [
        Cause::TakeOff,
        Cause::Weather,
        Cause::Fuel,
        Cause::Flak,
        Cause::NightFighter,
        Cause::Collision,
        Cause::Landing,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Cause::TakeOff => "take-off crash",
            Cause::Weather => "weather (icing)",
            Cause::Fuel => "out of fuel",
            Cause::Flak => "flak",
            Cause::NightFighter => "night fighters",
            Cause::Collision => "collision",
            Cause::Landing => "landing accident",
        }
    }

    /// Lost to the British defences rather than to the night, the
    /// weather, the machine or an accident.
    pub fn enemy(self) -> bool {
        matches!(self, Cause::Flak | Cause::NightFighter | Cause::Collision)
    }
}

/// How a night's mission ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Ending {
    /// Fog over the base (B-1): no take-off.
    Scrubbed,
    /// A swerve or a burst tyre (B-3): the bomber stayed on the ground.
    StayedDown,
    /// Landed at an airfield, safely or heavily.
    Landed(Landing),
    /// The bomber was lost.
    Lost(Cause),
}

/// Where the game waits for the crew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// The night's briefing: take off.
    Briefing,
    /// Choose a heading (or abort, jettison, descend, land).
    Heading,
    /// Bad weather in the zone entered: press on, avoid it (outbound) or
    /// descend (homebound; outbound, descending aborts).
    Weather,
    /// A night fighter attacks: evade or hold.
    Attacked {
        fighter: Fighter,
        /// Attacks it has made before this one (0, or 1 for the
        /// follow-up).
        attacks: u8,
        /// Met after the bomb run.
        after_bombing: bool,
    },
    /// Over the target: the bomb run, or abort instead of D-2.
    Target,
    /// Through the searchlights and the flak: the bombs (D-5), or abort
    /// instead of D-5.
    Release,
    /// The mission is over: the debriefing.
    Debrief,
    /// The campaign is over.
    Over,
}

/// What happened: the only way the state changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Event {
    /// A throw on a table (it changes nothing by itself).
    Thrown(Thrown),
    /// A new night: men back from hospital rejoin.
    Night(Date),
    /// No mission this night.
    Stood(Stood),
    /// The crew has had `write_offs` bombers written off under it: taken
    /// off operations, the tour ends.
    OffOperations,
    /// The night's orders: a raid on `city` in `target`.
    Ordered {
        city: String,
        target: Zone,
        london: bool,
        why: Why,
        fuel: u8,
        moon: Moon,
    },
    /// The weather at the base (B-1).
    BaseWeather(Weather),
    /// The mission ended (before the debriefing).
    Ended(Ending),
    /// Airborne from the base with the raid's fuel.
    TookOff(Zone),
    /// A glitch spotted after take-off (B-2): turn back and land.
    Glitch,
    /// Flew one zone on a heading.
    Flew(Heading),
    /// The weather of the zone the bomber is in.
    Weather(Weather),
    /// A Fuel Box burnt fighting ice (C-2).
    FuelBurnt,
    /// Fuel Boxes burnt flying into the wind of a zone of bad weather.
    Headwind(u8),
    /// At the briefing, bombs traded for fuel: the raid's Fuel Boxes now.
    ExtraFuel(u8),
    /// Table K's result, with the Fuel Boxes a leak costs.
    Failed {
        failure: Failure,
        leak: u8,
    },
    Aborted(Abort),
    Descended,
    /// The radio beam (D-1).
    Beam(Beam),
    /// The searchlights (D-2).
    Lights(Searchlights),
    /// The flak (D-3).
    Flak(Flak),
    /// The bomb run (D-5) and its victory points.
    Bombed {
        run: BombRun,
        points: u8,
    },
    /// Turned for home over the target.
    TurnedForHome,
    /// Bad weather in the Target City Zone avoided: no victory points.
    AvoidedAtTarget,
    /// A crewman hit.
    Wounded {
        position: Station,
        wound: Wound,
    },
    /// An able man took a disabled man's place.
    ChangedPlaces {
        from: Station,
        to: Station,
    },
    /// A crewman who jumped or ditched, and where he ended.
    CameDown {
        position: Station,
        fate: Fate,
    },
    /// The game waits here.
    Phase(Phase),
    /// The debriefing done: the crew counts the mission.
    Debriefed,
}

/// A name in words, for the log and the screen: `OnTheBeam` reads "on the
/// beam", `Fly(Good)` "fly good", `City("London")` "London", `true` "yes";
/// text in quotes is written as it is.
pub fn words(name: &str) -> String {
    match name {
        "true" => return "yes".into(),
        "false" => return "no".into(),
        _ => {}
    }
    if let Some(city) = name
        .strip_prefix("City(\"")
        .and_then(|c| c.strip_suffix("\")"))
    {
        return city.to_string();
    }
    // A City wrapper says nothing a reader needs: `Fly(City("Hull"))` reads
    // "fly Hull".
    let name = name.replace("City(\"", "\"").replace("\")", "\"");
    let mut out = String::new();
    let mut prev: Option<char> = None;
    let mut quoted = false;
    for ch in name.chars() {
        if ch == '"' {
            // A name inside (`City("Manchester")`) keeps its capitals.
            quoted = !quoted;
            out.push(' ');
            prev = None;
            continue;
        }
        if quoted {
            out.push(ch);
            continue;
        }
        if ch.is_uppercase() && prev.is_some_and(|p| p.is_lowercase()) {
            out.push(' ');
        }
        if ch == '(' || ch == ')' {
            out.push(' ');
        } else {
            out.extend(ch.to_lowercase());
        }
        prev = Some(ch);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn words_keep_a_citys_capitals_and_drop_its_wrapper() {
        assert_eq!(words("City(\"Manchester\")"), "Manchester");
        assert_eq!(words("Fly(City(\"Hull\"))"), "fly Hull");
        assert_eq!(
            words("Mission { city: \"Manchester\", why: Ordered }"),
            "mission { city: Manchester , why: ordered }"
        );
        assert_eq!(words("OnTheBeam"), "on the beam");
        assert_eq!(words("true"), "yes");
        // Text already in words, in quotes, is kept as it is.
        assert_eq!(words("\"Manchester, ordered\""), "Manchester, ordered");
    }
}
