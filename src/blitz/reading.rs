//! What a throw read, typed: the events carry the table's own result (a
//! `Reading`), never text, and the screen says it in the words below. The
//! words of every table's results are written here, once, for the log, the
//! throw's box and the table's rows alike.

use super::crew::{Station, Wound};
use super::defences::{Attack, Detection, Evasion, Fighter, Flak, Interception, Searchlights};
use super::flight::{BaseWeather, Failure, Glitch, Icing, Lightning, TakeOff, Weather};
use super::mission_end::{Beam, BombRun, Ditching, Jump, Landing};
use super::nights::{Orders, Stood, Why};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A table's result in words, as a player reads it.
pub trait Said {
    fn said(&self) -> String;
}

/// What a throw read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reading {
    /// A-1 (and A-4): a mission against `city`, and why.
    Mission {
        city: String,
        why: Why,
    },
    /// no mission this night, and why.
    NoMission(Stood),
    BaseWeather(BaseWeather),
    Glitch(Glitch),
    TakeOff(TakeOff),
    Weather(Weather),
    /// C-4: a check on Table K, or nothing.
    Check(bool),
    Failure(Failure),
    Icing(Icing),
    Lightning(Lightning),
    Detection(Detection),
    Interception(Interception),
    Fighter(Fighter),
    Evasion(Evasion),
    Attack(Attack),
    /// A night fighter's follow-up: it comes round again, or breaks away.
    Again(bool),
    Crewman(Station),
    Wound(Wound),
    Beam(Beam),
    Searchlights(Searchlights),
    /// D-3, and whether the bomber was brought down.
    Flak {
        flak: Flak,
        downed: bool,
    },
    BombRun(BombRun),
    Landing(Landing),
    Jump(Jump),
    Ditching(Ditching),
}

macro_rules! reading_from {
    ($($t:ident),*) => {
        $(impl From<$t> for Reading {
            fn from(v: $t) -> Reading {
                Reading::$t(v)
            }
        })*
    };
}
reading_from!(
    BaseWeather,
    Glitch,
    TakeOff,
    Weather,
    Failure,
    Icing,
    Lightning,
    Detection,
    Interception,
    Fighter,
    Evasion,
    Attack,
    Wound,
    Beam,
    Searchlights,
    BombRun,
    Landing,
    Jump,
    Ditching
);

impl From<Station> for Reading {
    fn from(p: Station) -> Reading {
        Reading::Crewman(p)
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Reading::Mission { city, why } => format!("{city}, {}", why.said()),
            Reading::NoMission(why) => format!("no mission ({})", why.said()),
            Reading::BaseWeather(x) => x.said(),
            Reading::Glitch(x) => x.said(),
            Reading::TakeOff(x) => x.said(),
            Reading::Weather(x) => x.said(),
            Reading::Check(true) => "check Table K".into(),
            Reading::Check(false) => "nothing".into(),
            Reading::Failure(x) => x.said(),
            Reading::Icing(x) => x.said(),
            Reading::Lightning(x) => x.said(),
            Reading::Detection(x) => x.said(),
            Reading::Interception(x) => x.said(),
            Reading::Fighter(x) => x.said(),
            Reading::Evasion(x) => x.said(),
            Reading::Attack(x) => x.said(),
            Reading::Again(true) => "comes round again".into(),
            Reading::Again(false) => "breaks away".into(),
            Reading::Crewman(x) => x.said(),
            Reading::Wound(x) => x.said(),
            Reading::Beam(x) => x.said(),
            Reading::Searchlights(x) => x.said(),
            Reading::Flak { downed: true, .. } => "shot down".into(),
            Reading::Flak { flak, .. } => flak.said(),
            Reading::BombRun(x) => x.said(),
            Reading::Landing(x) => x.said(),
            Reading::Jump(x) => x.said(),
            Reading::Ditching(x) => x.said(),
        })
    }
}

/// `Said` for enums whose every variant is one fixed phrase.
macro_rules! said {
    ($t:ty { $($v:ident => $s:literal),* $(,)? }) => {
        impl Said for $t {
            fn said(&self) -> String {
                match self {
                    $(<$t>::$v => $s,)*
                }
                .to_string()
            }
        }
    };
}

said!(Why { FirstRaid => "the first raid", Ordered => "ordered", FollowUp => "a follow-up raid" });
said!(Stood { WinterPause => "the winter pause", Ordered => "none ordered", NoFollowUp => "no follow-up" });
said!(Weather { Good => "good", Poor => "poor", Bad => "bad" });
said!(Glitch { None => "none", TurnBack => "turn back" });
said!(TakeOff { Airborne => "airborne", Aborted => "aborted", Crashed => "crashed" });
said!(Icing { None => "none", Light => "light", Heavy => "heavy", Disastrous => "disastrous" });
said!(Lightning { None => "none", BeamEquipment => "beam equipment", Strike => "strike" });
said!(Failure {
    Fixed => "fixed",
    FuelLeak => "fuel leak",
    BeamEquipment => "beam equipment",
    BombBayDoors => "bomb bay doors",
    EngineOut => "engine out",
});
said!(Detection { Unseen => "unseen", Detected => "detected" });
said!(Interception { Lost => "lost", Attacks => "attacks" });
said!(Fighter {
    Hurricane => "hurricane",
    Defiant => "defiant",
    Beaufighter => "beaufighter",
    TwoBeaufighters => "two beaufighters",
});
said!(Evasion { Fails => "fails", Shaken => "shaken", Escaped => "escaped" });
said!(Attack { Miss => "miss", Airframe => "airframe", Crewman => "crewman", ShotDown => "shot down" });
said!(Station {
    Pilot => "pilot",
    Bombardier => "bombardier",
    Radio => "radio",
    Engineer => "engineer",
    Gunner => "gunner",
});
said!(Wound { Light => "light", Serious => "serious", Killed => "killed" });
said!(Beam { OnTheBeam => "on the beam", Weak => "weak", Jammed => "jammed" });
said!(Searchlights { Blocked => "blocked", Illuminated => "illuminated", Coned => "coned" });
said!(Flak { NoFlak => "no flak", Harmless => "harmless", Damaged => "damaged", HitHard => "hit hard" });
said!(BombRun { Wide => "wide", OnTheCity => "on the city", OnTheAimingPoint => "on the aiming point" });
said!(Landing { Safe => "safe", Heavy => "heavy", Crash => "crash" });
said!(Jump { Safe => "safe", Injured => "injured", Killed => "killed" });
said!(Ditching { Rescued => "rescued", Captured => "captured", Lost => "lost" });

impl Said for BaseWeather {
    fn said(&self) -> String {
        match self {
            BaseWeather::Fly(w) => format!("fly {}", w.said()),
            BaseWeather::Scrubbed => "scrubbed".into(),
        }
    }
}

impl Said for Orders {
    fn said(&self) -> String {
        match self {
            Orders::City(c) => c.clone(),
            Orders::OtherCity => "other city".into(),
            Orders::NoMission => "no mission".into(),
        }
    }
}

impl Said for String {
    fn said(&self) -> String {
        self.clone()
    }
}

impl Said for bool {
    fn said(&self) -> String {
        if *self { "yes" } else { "no" }.into()
    }
}
