//! Take-off, weather and mechanical failure: Tables B-1 to B-3, C-1 to
//! C-4 and K, with the amendments (docs/RULES.md, "The night Blitz").
//! Values: `levels/blitz/flight.ron`.

use super::calendar::{Calendar, Date};
use super::table::{Rolled, Table, Throw};
use crate::common::dice::Dice;
use crate::common::invalid::Invalid;
use serde::{Deserialize, Serialize};

/// The weather of the base or of a zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Weather {
    Good,
    Poor,
    Bad,
}

/// B-1: the weather at the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BaseWeather {
    Fly(Weather),
    /// Fog over the base: the mission is scrubbed.
    Scrubbed,
}

/// B-2: a glitch spotted after take-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Glitch {
    None,
    /// An incipient problem with one of the bomber's systems: it must turn
    /// back and land (the amendments: no engine-out penalty on G-1, and no
    /// jettison before the landing).
    TurnBack,
}

/// B-3: the take-off itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TakeOff {
    Airborne,
    /// A swerve or a burst tyre: the bomber stays on the ground, its crew
    /// unhurt; no mission.
    Aborted,
    /// It crashes on take-off: the bomber is lost, the crew checked for
    /// wounds.
    Crashed,
}

/// C-2: icing, in bad weather.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Icing {
    None,
    /// Ice on the wings: a Fuel Box burnt fighting it.
    Light,
    /// Heavy icing: the bomber must go below 3,000 metres.
    Heavy,
    /// Iced controls: the crew bails out (E-1).
    Disastrous,
}

/// C-3: lightning, in bad weather.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Lightning {
    None,
    /// A strike near by: the radio beam equipment fails.
    BeamEquipment,
    /// A strike: check for mechanical failure on Table K.
    Strike,
}

/// Table K: what fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Failure {
    /// Found and fixed in flight.
    Fixed,
    /// A fuel leak: Fuel Boxes lost.
    FuelLeak,
    /// The radio beam navigation equipment fails.
    BeamEquipment,
    /// The bomb bay doors fail.
    BombBayDoors,
    /// An engine fails: home on the other, -4 on G-1.
    EngineOut,
}

/// `levels/blitz/flight.ron` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlightTables {
    /// B-1, rolled low for fair weather.
    pub base_weather: Table<BaseWeather>,
    /// B-2.
    pub glitch: Table<Glitch>,
    /// B-3: thrown twice, the lower roll read.
    pub take_off: Table<TakeOff>,
    /// C-1, rolled low for fair weather; a double may mean a mechanical
    /// check (C-4).
    pub zone_weather: Table<Weather>,
    /// C-2 and C-3, rolled in bad weather.
    pub icing: Table<Icing>,
    pub lightning: Table<Lightning>,
    /// C-4 after a double on C-1: these rolls mean a check on Table K.
    pub mechanical_check: (i16, i16),
    /// Table K.
    pub mechanical: Table<Failure>,
    /// Fuel Boxes a leak costs.
    pub leak: u8,
    /// Fuel Boxes more a zone of bad weather costs (the winds, ours).
    pub headwind: u8,
    /// The modifier on B-1 and C-1 from the calendar's `spring_from`.
    pub spring: i16,
    /// The modifier on C-2 and C-3 below 3,000 metres.
    pub low_altitude: i16,
}

impl FlightTables {
    /// C-4: whether this percentile roll calls for a check on Table K.
    pub fn calls_for_check(&self, roll: i16) -> bool {
        let (a, b) = self.mechanical_check;
        (a..=b).contains(&roll)
    }

    /// C-4 as the rows of a percentile table: the rolls that mean nothing,
    /// and those that call for a check on Table K.
    pub fn mechanical_check_rows(&self) -> Vec<(i16, i16, bool)> {
        let (a, b) = self.mechanical_check;
        [(1, a - 1, false), (a, b, true), (b + 1, 100, false)]
            .into_iter()
            .filter(|(from, to, _)| from <= to)
            .collect()
    }

    /// Every problem with the file.
    pub fn validate(&self) -> Vec<Invalid> {
        let mut out = Vec::new();
        out.extend(self.base_weather.validate("base_weather"));
        out.extend(self.glitch.validate("glitch"));
        out.extend(self.take_off.validate("take_off"));
        if self.zone_weather.dice.dice().len() != 2 {
            out.push(Invalid::new(
                "zone_weather.dice",
                "C-1 is thrown with two dice: its doubles mean a mechanical check",
            ));
        }
        out.extend(self.zone_weather.validate("zone_weather"));
        out.extend(self.icing.validate("icing"));
        out.extend(self.lightning.validate("lightning"));
        out.extend(self.mechanical.validate("mechanical"));
        let (a, b) = self.mechanical_check;
        if !(1..=100).contains(&a) || b < a || b > 100 {
            out.push(Invalid::new(
                "mechanical_check",
                format!("({a}, {b}) is not a range of C-4's percentile rolls"),
            ));
        }
        for (v, path) in [(self.spring, "spring"), (self.low_altitude, "low_altitude")] {
            if !(-10..=10).contains(&v) {
                out.push(Invalid::new(path, format!("{v}: a modifier of -10 to +10")));
            }
        }
        out
    }

    fn spring(&self, calendar: &Calendar, night: Date) -> i16 {
        if calendar.is_spring(night) {
            self.spring
        } else {
            0
        }
    }

    /// B-1 on this night.
    pub fn roll_base_weather(
        &self,
        calendar: &Calendar,
        night: Date,
        dice: &mut Dice,
    ) -> (Rolled, BaseWeather) {
        let r = self.base_weather.dice.roll(dice);
        let w = *self
            .base_weather
            .get(r.total() + self.spring(calendar, night));
        (r, w)
    }

    /// B-2.
    pub fn roll_glitch(&self, dice: &mut Dice) -> (Rolled, Glitch) {
        let r = self.glitch.dice.roll(dice);
        let g = *self.glitch.get(r.total());
        (r, g)
    }

    /// B-3, rolled twice: the lower roll is read ("to reduce the chance of
    /// catastrophe during take-off itself").
    pub fn roll_take_off(&self, dice: &mut Dice) -> ([Rolled; 2], TakeOff) {
        let a = self.take_off.dice.roll(dice);
        let b = self.take_off.dice.roll(dice);
        let t = *self.take_off.get(a.total().min(b.total()));
        ([a, b], t)
    }

    /// C-1 for a zone on this night, and C-4 if the roll was a double:
    /// `Some(true)` when C-4 calls for a check on Table K.
    pub fn roll_zone_weather(
        &self,
        calendar: &Calendar,
        night: Date,
        dice: &mut Dice,
    ) -> ZoneWeather {
        let rolled = self.zone_weather.dice.roll(dice);
        let weather = *self
            .zone_weather
            .get(rolled.total() + self.spring(calendar, night));
        let c4 = rolled.double().then(|| {
            let r = Throw::D100.roll(dice);
            let check = self.calls_for_check(r.total());
            (r, check)
        });
        ZoneWeather {
            rolled,
            weather,
            c4,
        }
    }

    /// C-2, below 3,000 metres or not.
    pub fn roll_icing(&self, low: bool, dice: &mut Dice) -> (Rolled, Icing) {
        let r = self.icing.dice.roll(dice);
        let m = if low { self.low_altitude } else { 0 };
        let i = *self.icing.get(r.total() + m);
        (r, i)
    }

    /// C-3, below 3,000 metres or not.
    pub fn roll_lightning(&self, low: bool, dice: &mut Dice) -> (Rolled, Lightning) {
        let r = self.lightning.dice.roll(dice);
        let m = if low { self.low_altitude } else { 0 };
        let l = *self.lightning.get(r.total() + m);
        (r, l)
    }

    /// Table K.
    pub fn roll_failure(&self, dice: &mut Dice) -> (Rolled, Failure) {
        let r = self.mechanical.dice.roll(dice);
        let f = *self.mechanical.get(r.total());
        (r, f)
    }
}

/// A zone's weather as rolled: C-1, and C-4 after a double.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneWeather {
    pub rolled: Rolled,
    pub weather: Weather,
    /// C-4's roll, and whether it calls for a check on Table K.
    pub c4: Option<(Rolled, bool)>,
}
