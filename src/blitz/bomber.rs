//! The bomber in flight: its zone, Fuel Boxes, height, place in the stream,
//! leg of the mission and what still works, with the amendments' rules on
//! headings, aborting, leaving the stream and descending (docs/RULES.md,
//! "The night Blitz"). The tables that change it are thrown elsewhere; this
//! is what their results do.

use super::flight::Failure;
use super::map::{Zone, ZoneMap};
use serde::{Deserialize, Serialize};

/// A move to a neighbouring zone. North is up the map (row A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Heading {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Heading {
    pub const ALL: [Heading; 8] = [
        Heading::N,
        Heading::NE,
        Heading::E,
        Heading::SE,
        Heading::S,
        Heading::SW,
        Heading::W,
        Heading::NW,
    ];

    /// (rows, columns) moved.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Heading::N => (-1, 0),
            Heading::NE => (-1, 1),
            Heading::E => (0, 1),
            Heading::SE => (1, 1),
            Heading::S => (1, 0),
            Heading::SW => (1, -1),
            Heading::W => (0, -1),
            Heading::NW => (-1, -1),
        }
    }

    /// The zone this way from `z`, if there is one.
    pub fn from(self, z: Zone, map: &ZoneMap) -> Option<Zone> {
        let (dr, dc) = self.delta();
        let row = z.row.checked_add_signed(dr)?;
        let col = z.col.checked_add_signed(dc)?;
        let to = Zone::new(row, col);
        map.contains(to).then_some(to)
    }
}

/// The leg of the mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Leg {
    Outbound,
    Homebound,
}

impl Leg {
    /// "Your bomber may fly only W, NW or N when outbound, and only E, SE
    /// or S when homebound."
    pub fn headings(self) -> &'static [Heading] {
        match self {
            Leg::Outbound => &[Heading::W, Heading::NW, Heading::N],
            Leg::Homebound => &[Heading::E, Heading::SE, Heading::S],
        }
    }

    /// Whether a bomber in `from` can still reach `to` on this leg's
    /// headings (outbound they only go west and north, so a target east or
    /// south of the bomber is out of reach for the rest of the leg).
    pub fn reaches(self, from: Zone, to: Zone) -> bool {
        match self {
            Leg::Outbound => to.row <= from.row && to.col <= from.col,
            Leg::Homebound => to.row >= from.row && to.col >= from.col,
        }
    }
}

/// Why an outbound mission was aborted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Abort {
    /// The bombs were jettisoned.
    Jettisoned,
    /// The bomber dropped below 3,000 metres.
    Descended,
    BombBayDoors,
    BeamEquipment,
    /// The bombardier was seriously wounded, killed or moved to another
    /// position.
    Bombardier,
    /// The player chose to (to avoid bad weather, or instead of D-2 or D-5).
    Chosen,
    /// A glitch spotted after take-off (B-2).
    Glitch,
}

/// A move refused, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Refused {
    /// Not a heading of this leg.
    Heading,
    OffTheMap,
    NoFuel,
    /// Below 3,000 metres the bomber stays there.
    StaysLow,
    /// After a take-off glitch the bombs go home for the landing.
    NoJettisonBeforeLanding,
    /// Not outbound any more.
    NotOutbound,
}

/// The bomber in flight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bomber {
    pub zone: Zone,
    pub fuel: u8,
    pub leg: Leg,
    /// Below 3,000 metres: for the rest of the mission.
    pub low: bool,
    pub in_stream: bool,
    pub bombs: bool,
    pub bomb_bay_doors: bool,
    pub beam_equipment: bool,
    pub engine_out: bool,
    /// Turning back after a B-2 glitch: no jettison before the landing.
    pub glitch: bool,
    /// The beam was jammed (D-1): it may not be re-acquired.
    pub beam_jammed: bool,
    /// Why the mission was aborted, if it was.
    pub aborted: Option<Abort>,
}

impl Bomber {
    /// At its base, fuelled, in the stream, bombed up.
    pub fn new(zone: Zone, fuel: u8) -> Bomber {
        Bomber {
            zone,
            fuel,
            leg: Leg::Outbound,
            low: false,
            in_stream: true,
            bombs: true,
            bomb_bay_doors: true,
            beam_equipment: true,
            engine_out: false,
            glitch: false,
            beam_jammed: false,
            aborted: None,
        }
    }

    /// A glitch spotted after take-off (B-2): the bomber turns back to land
    /// with its bombs, an incipient problem and not an engine out.
    pub fn turn_back_for_glitch(&mut self) {
        self.glitch = true;
        let _ = self.abort(Abort::Glitch);
    }

    /// The beam jammed on D-1: it may not be re-acquired, and the bombs go
    /// at once ("you automatically jettison your bombs if the signal is
    /// jammed").
    pub fn jam_beam(&mut self) {
        self.beam_jammed = true;
        if !self.glitch {
            self.bombs = false;
        }
    }

    /// Flies one zone: a heading of this leg, on the map, for a Fuel Box.
    pub fn fly(&mut self, h: Heading, map: &ZoneMap) -> Result<Zone, Refused> {
        if !self.leg.headings().contains(&h) {
            return Err(Refused::Heading);
        }
        let to = h.from(self.zone, map).ok_or(Refused::OffTheMap)?;
        if self.fuel == 0 {
            return Err(Refused::NoFuel);
        }
        self.fuel -= 1;
        self.zone = to;
        Ok(to)
    }

    /// Turns for home over the target, the mission flown.
    pub fn turn_for_home(&mut self) {
        self.leg = Leg::Homebound;
    }

    /// Aborts an outbound mission: it turns for home and leaves the stream,
    /// and with working bomb bay doors its bombs go at once ("you
    /// automatically jettison your bombs ... if you abort the mission with
    /// functional Bomb Bay doors").
    pub fn abort(&mut self, why: Abort) -> Result<(), Refused> {
        if self.leg != Leg::Outbound {
            return Err(Refused::NotOutbound);
        }
        self.aborted = Some(why);
        self.leg = Leg::Homebound;
        self.in_stream = false;
        if self.bomb_bay_doors && !self.glitch {
            self.bombs = false;
        }
        Ok(())
    }

    /// Drops below 3,000 metres, for the rest of the mission: it leaves
    /// the stream, and outbound that aborts the mission.
    pub fn descend(&mut self) -> Result<(), Refused> {
        if self.low {
            return Err(Refused::StaysLow);
        }
        self.low = true;
        self.in_stream = false;
        if self.leg == Leg::Outbound {
            self.abort(Abort::Descended)?;
        }
        Ok(())
    }

    /// Homebound in bad weather, the bomber may leave the stream and
    /// descend below 3,000 metres if it is not there already.
    pub fn may_descend_for_weather(&self, bad_weather: bool) -> bool {
        bad_weather && self.leg == Leg::Homebound && !self.low
    }

    /// A failure on Table K, with `leak` Fuel Boxes lost to a leak.
    pub fn fail(&mut self, f: Failure, leak: u8) {
        match f {
            Failure::Fixed => {}
            Failure::FuelLeak => self.fuel = self.fuel.saturating_sub(leak),
            Failure::BeamEquipment => {
                self.beam_equipment = false;
                self.in_stream = false;
                if self.leg == Leg::Outbound {
                    let _ = self.abort(Abort::BeamEquipment);
                }
            }
            Failure::BombBayDoors => {
                self.bomb_bay_doors = false;
                if self.leg == Leg::Outbound {
                    let _ = self.abort(Abort::BombBayDoors);
                }
            }
            Failure::EngineOut => self.engine_out = true,
        }
    }
}
