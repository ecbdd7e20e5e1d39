//! The beam, the bomb run and the way home: D-1 (the radio beam), D-5
//! (the bomb run and its victory points), G-1 (landing), E-1 to E-3
//! (bailing out and ditching; E-4, capture and evasion, is never rolled:
//! the amendments capture every crewman down outside the Green Zone), with
//! the amendments
//! (docs/RULES.md, "The night Blitz"). Values: `levels/blitz/mission_end.ron`.

use super::bomber::Bomber;
use super::defences::{Check, Situation};
use super::map::{Zone, ZoneMap};
use super::table::{Rolled, Table};
use crate::common::dice::Dice;
use crate::common::invalid::Invalid;
use serde::{Deserialize, Serialize};

/// D-1: the radio beam (Knickebein, X-Gerät) over the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Beam {
    /// On the beam: the bomb run is helped.
    OnTheBeam,
    /// A weak signal: no help.
    Weak,
    /// Jammed by the British: it may not be re-acquired, and the bombs are
    /// jettisoned at once (the amendments).
    Jammed,
}

/// D-5: how the bombs fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BombRun {
    /// Wide of the target: no victory points.
    Wide,
    /// On the city: the mission succeeds.
    OnTheCity,
    /// On the aiming point.
    OnTheAimingPoint,
}

/// G-1: the landing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Landing {
    Safe,
    /// A heavy landing: the bomber damaged, the crew unhurt.
    Heavy,
    /// A crash-landing: the bomber written off, the crew checked for
    /// wounds.
    Crash,
}

/// E-1 and E-2: a crewman's jump (from a bomber lost, or after a
/// collision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Jump {
    Safe,
    Injured,
    Killed,
}

/// E-3: ditching at sea.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Ditching {
    /// Picked up by the German sea rescue.
    Rescued,
    /// Picked up by the British: captured.
    Captured,
    Lost,
}

/// Where a crewman who came down ends up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Fate {
    /// Back with his unit.
    Home,
    /// A prisoner of war.
    Captured,
    Killed,
}

/// `levels/blitz/mission_end.ron` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionEnd {
    pub beam: Table<Beam>,
    /// D-5, with its modifiers; `on_the_beam` is added on the beam.
    pub bomb_run: Check<BombRun>,
    pub on_the_beam: i16,
    /// Victory points: a raid on the city, on the aiming point, and on
    /// London (instead of either).
    pub points: (u8, u8),
    pub london_points: (u8, u8),
    pub landing: Check<Landing>,
    /// G-1 with an engine out (not after a B-2 glitch: the amendments).
    pub engine_out: i16,
    /// Fuel Boxes needed to land in Zone N9 rather than bail out (the
    /// amendments: at least 1).
    pub n9_fuel: u8,
    /// E-1: bailing out of a bomber lost.
    pub jump: Table<Jump>,
    /// E-2: bailing out after a collision with a night fighter.
    pub collision_jump: Table<Jump>,
    pub ditching: Table<Ditching>,
}

impl MissionEnd {
    pub fn validate(&self) -> Vec<Invalid> {
        let mut out = self.beam.validate("beam");
        out.extend(self.bomb_run.validate("bomb_run"));
        out.extend(self.landing.validate("landing"));
        out.extend(self.jump.validate("jump"));
        out.extend(self.collision_jump.validate("collision_jump"));
        out.extend(self.ditching.validate("ditching"));
        for (v, path) in [
            (self.on_the_beam, "on_the_beam"),
            (self.engine_out, "engine_out"),
        ] {
            if !(-20..=20).contains(&v) {
                out.push(Invalid::new(path, format!("{v}: a modifier of -20 to +20")));
            }
        }
        for (p, path) in [
            (self.points, "points"),
            (self.london_points, "london_points"),
        ] {
            if p.1 < p.0 {
                out.push(Invalid::new(
                    path,
                    format!(
                        "the aiming point ({}) is worth less than the city ({})",
                        p.1, p.0
                    ),
                ));
            }
        }
        out
    }

    /// D-1 over the target. `jammed_before`: the beam was jammed earlier
    /// this mission, and may not be rolled for again (the amendments).
    pub fn roll_beam(&self, jammed_before: bool, dice: &mut Dice) -> Option<(Rolled, Beam)> {
        if jammed_before {
            return None;
        }
        let r = self.beam.dice.roll(dice);
        let b = *self.beam.get(r.total());
        Some((r, b))
    }

    /// D-5: the bomb run, on the beam or not. None if the bombs are gone
    /// (jettisoned when the beam was jammed, which the amendments make
    /// automatic: `Bomber::beam_jammed`).
    pub fn roll_bomb_run(
        &self,
        beam: Option<Beam>,
        bomber: &Bomber,
        s: &Situation,
        skill: i16,
        dice: &mut Dice,
    ) -> Option<(Rolled, i16, BombRun)> {
        if beam == Some(Beam::Jammed) || bomber.beam_jammed || !bomber.bombs {
            return None;
        }
        let r = self.bomb_run.table.dice.roll(dice);
        let m = self.bomb_run.modifier(s)
            + skill
            + if beam == Some(Beam::OnTheBeam) {
                self.on_the_beam
            } else {
                0
            };
        let b = *self.bomb_run.table.get(r.total() + m);
        Some((r, m, b))
    }

    /// The victory points of a bomb run. None of them if the bomber
    /// avoided bad weather in the Target City Zone: "Avoiding bad weather
    /// in the Target City Zone stops your mission counting as successful".
    pub fn points(&self, run: BombRun, london: bool, avoided_weather_at_target: bool) -> u8 {
        if avoided_weather_at_target {
            return 0;
        }
        let (city, aim) = if london {
            self.london_points
        } else {
            self.points
        };
        match run {
            BombRun::Wide => 0,
            BombRun::OnTheCity => city,
            BombRun::OnTheAimingPoint => aim,
        }
    }

    /// Landing at the base, or bailing out: in Zone N9 the bomber needs at
    /// least `n9_fuel` Fuel Boxes left to land (G-1) rather than bail out
    /// (E-1).
    pub fn may_land(&self, zone: Zone, fuel: u8) -> bool {
        zone != Zone::new(13, 8) || fuel >= self.n9_fuel
    }

    /// G-1, with `engine_out` if an engine has really failed (Table K). A
    /// landing mandated by a B-2 glitch is not one: the amendments make the
    /// glitch "an incipient problem", so it does not incur the penalty.
    pub fn roll_landing(
        &self,
        s: &Situation,
        bomber: &Bomber,
        skill: i16,
        dice: &mut Dice,
    ) -> (Rolled, i16, Landing) {
        let r = self.landing.table.dice.roll(dice);
        let m = self.landing.modifier(s)
            + skill
            + if bomber.engine_out {
                self.engine_out
            } else {
                0
            };
        let l = *self.landing.table.get(r.total() + m);
        (r, m, l)
    }

    /// A crewman who jumped (E-1, E-2) or ditched (E-3) and lived, down in
    /// `zone`: outside the Green Zone he is captured at once, with no roll
    /// on E-4 (the amendments); inside it he is home.
    pub fn come_down(&self, map: &ZoneMap, zone: Zone) -> Fate {
        if map.is_green(zone) {
            Fate::Home
        } else {
            Fate::Captured
        }
    }

    /// E-1 (or E-2 after a `collision`) for one crewman, and where he
    /// ends if he comes down on land.
    pub fn roll_jump(
        &self,
        map: &ZoneMap,
        zone: Zone,
        collision: bool,
        dice: &mut Dice,
    ) -> (Rolled, Jump, Fate) {
        let table = if collision {
            &self.collision_jump
        } else {
            &self.jump
        };
        let r = table.dice.roll(dice);
        let j = *table.get(r.total());
        let fate = match j {
            Jump::Killed => Fate::Killed,
            _ => self.come_down(map, zone),
        };
        (r, j, fate)
    }

    /// E-3 for one crewman, ditched in `zone`.
    pub fn roll_ditching(
        &self,
        map: &ZoneMap,
        zone: Zone,
        dice: &mut Dice,
    ) -> (Rolled, Ditching, Fate) {
        let r = self.ditching.dice.roll(dice);
        let d = *self.ditching.get(r.total());
        let fate = match d {
            Ditching::Lost => Fate::Killed,
            Ditching::Captured => Fate::Captured,
            Ditching::Rescued => self.come_down(map, zone),
        };
        (r, d, fate)
    }
}
