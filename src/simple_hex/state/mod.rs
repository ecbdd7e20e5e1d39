//! The state of a Simple Hex game, and its one writer.
//!
//! The fields are private to this module, and the only code in it that
//! changes them is [`apply`], one event at a time: the compiler keeps the
//! rule that events are the only way the game changes. Everything else
//! (checking, executing commands, the opponents, the screens) reads the state
//! through the methods below.

mod apply;

pub use apply::apply;

use super::{AircraftType, Colour, Options, Role, Scenario, Side};
use crate::common::given::Given;
use crate::common::hex::{Board, Facing};
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaneId(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitId(pub u8);

/// Where a plane is. Every plane is in exactly one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Loc {
    /// With its squadron, eligible for activation.
    Hangar,
    /// In the repair shop box at its end.
    Repair,
    /// Activated for this attack, waiting to be placed at the entry edge.
    Activated,
    /// At the entry edge in this column, about to fly on.
    Staged {
        column: u8,
    },
    Board {
        #[serde(with = "crate::common::hex::strict_hex")]
        hex: Hex,
        facing: Facing,
    },
    Destroyed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plane {
    pub unit: UnitId,
    pub colour: Colour,
    pub aircraft: usize,
    pub side: Side,
    pub role: Role,
    pub loc: Loc,
    pub damaged: bool,
    /// The movement round (counted over the whole game) of the damage.
    pub damaged_round: u32,
    /// Has moved in the current movement round.
    pub moved: bool,
    /// Its speed die for this round's move, rolled with its side's and not
    /// yet flown.
    pub speed_roll: Option<u8>,
    /// The bomb runs it has made (a bomber out at the enemy's end).
    #[serde(default)]
    pub bomb_runs: u8,
    /// Face down, in this formation (`Scenario::formations`): it flies
    /// with the formation, at its pace, until the formation is spotted.
    #[serde(default)]
    pub formation: Option<u8>,
}

/// "German bombers move first each turn. German fighters move after the
/// bombers ... British fighters move last." (R) Planes face down in a
/// formation move together after the bombers face up and before the German
/// fighters face up, formation by formation, so their place in the order
/// tells nothing of their type.
pub(super) fn sort_move_order(order: &mut [PlaneId], planes: &[Plane]) {
    let group = |p: &Plane| match (p.formation, p.role, p.side) {
        (Some(_), ..) => 1,
        (None, Role::Bomber, _) => 0,
        (None, Role::Fighter, Side::German) => 2,
        (None, Role::Fighter, Side::British) => 3,
    };
    order.sort_by_key(|id| {
        let p = &planes[id.0 as usize];
        (group(p), p.formation, p.unit, p.colour)
    });
}

impl Plane {
    /// Face down to `viewer`: in a formation not yet spotted, and the
    /// other side's. What it is (its type, its role) is not `viewer`'s to
    /// read; where it is and its pace are.
    pub fn hidden_from(&self, viewer: Side) -> bool {
        self.formation.is_some() && self.side != viewer
    }

    pub fn is_flying(&self) -> bool {
        matches!(self.loc, Loc::Board { .. } | Loc::Staged { .. })
    }

    pub fn on_board(&self) -> Option<(Hex, Facing)> {
        match self.loc {
            Loc::Board { hex, facing } => Some((hex, facing)),
            _ => None,
        }
    }
}

/// The plane whose move is in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActiveMove {
    pub plane: PlaneId,
    pub allowance: u8,
    pub used: u8,
    pub attacked: bool,
    pub speed_roll: Option<u8>,
}

impl ActiveMove {
    pub fn remaining(&self) -> u8 {
        self.allowance - self.used
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// This side places its activated squadrons at its entry edge.
    Entry {
        side: Side,
    },
    Moving(ActiveMove),
    /// Inside `play` only: between two moves.
    Between,
    Over {
        winner: Side,
    },
}

/// Everything the events of a Simple Hex game write: where every plane is,
/// the phase, the attack and round, and the bomb score. Its fields are
/// private to this module: only [`apply`] (its child module) writes them.
/// Where a game of Simple Hex stands, as a save keeps it (see
/// `Engine::Snapshot`): each plane's place and condition, the phase, the
/// attack, round and bomb score. The planes' types, sides and colours are
/// the level's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub planes: Vec<PlaneNow>,
    pub phase: Phase,
    pub attack: u8,
    pub round: u16,
    pub total_rounds: u32,
    pub score: u32,
}

/// A plane's place and condition in a [`Snapshot`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaneNow {
    pub loc: Loc,
    pub damaged: bool,
    pub damaged_round: u32,
    pub moved: bool,
    pub speed_roll: Option<u8>,
    pub bomb_runs: u8,
    pub formation: Option<u8>,
}

#[derive(Clone, PartialEq, Debug)]
pub struct State {
    scenario: Given<Scenario>,
    options: Options,
    planes: Vec<Plane>,
    move_order: Vec<PlaneId>,
    board: Board<PlaneId>,
    phase: Phase,
    attack: u8,
    round: u16,
    total_rounds: u32,
    score: u32,
}

impl State {
    /// The state before the first event: every plane in its hangar.
    pub(super) fn new(scenario: Arc<Scenario>, options: Options) -> State {
        let mut planes = Vec::new();
        for (u, unit) in scenario.units.iter().enumerate() {
            let role = scenario.aircraft[unit.aircraft].role;
            for p in &unit.planes {
                planes.push(Plane {
                    unit: UnitId(u as u8),
                    colour: p.colour,
                    aircraft: unit.aircraft,
                    side: unit.side,
                    role,
                    loc: Loc::Hangar,
                    damaged: false,
                    damaged_round: 0,
                    moved: false,
                    speed_roll: None,
                    bomb_runs: 0,
                    formation: scenario.formation_of(u),
                });
            }
        }
        let mut move_order: Vec<PlaneId> = (0..planes.len()).map(|i| PlaneId(i as u8)).collect();
        sort_move_order(&mut move_order, &planes);
        let board = Board::new(scenario.columns, scenario.rows);
        State {
            options,
            planes,
            move_order,
            board,
            phase: Phase::Between,
            attack: 0,
            round: 0,
            total_rounds: 0,
            score: 0,
            scenario: Given::new(scenario),
        }
    }

    /// Where the game stands, as a save keeps it.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            planes: self
                .planes
                .iter()
                .map(|p| PlaneNow {
                    loc: p.loc,
                    damaged: p.damaged,
                    damaged_round: p.damaged_round,
                    moved: p.moved,
                    speed_roll: p.speed_roll,
                    bomb_runs: p.bomb_runs,
                    formation: p.formation,
                })
                .collect(),
            phase: self.phase,
            attack: self.attack,
            round: self.round,
            total_rounds: self.total_rounds,
            score: self.score,
        }
    }

    /// The state a snapshot describes, on `scenario`: each plane's type,
    /// side and colour are the scenario's, the mat's occupancy and the
    /// order of flight follow from where the planes are. A snapshot no
    /// game could reach (a plane off the mat, two on a hex, another
    /// scenario's planes) is refused with a sentence.
    pub(crate) fn from_snapshot(
        scenario: Arc<Scenario>,
        options: Options,
        snap: &Snapshot,
    ) -> Result<State, String> {
        let mut s = State::new(scenario, options);
        if snap.planes.len() != s.planes.len() {
            return Err(format!(
                "it has {} planes, and the level {}",
                snap.planes.len(),
                s.planes.len()
            ));
        }
        let n = s.planes.len();
        for (i, (p, now)) in s.planes.iter_mut().zip(&snap.planes).enumerate() {
            let own = s.scenario.formation_of(p.unit.0 as usize);
            if now.formation.is_some() && now.formation != own {
                return Err(format!("plane {i} flies in a formation its unit has not"));
            }
            if now.speed_roll.is_some_and(|r| !(1..=6).contains(&r)) {
                return Err(format!("plane {i} rolled a {:?} on a die", now.speed_roll));
            }
            match now.loc {
                Loc::Board { hex, .. } if !s.board.contains(hex) => {
                    return Err(format!("plane {i} is off the mat"));
                }
                Loc::Staged { column } if column as u32 >= s.scenario.columns => {
                    return Err(format!("plane {i} waits beyond the mat's edge"));
                }
                _ => {}
            }
            p.loc = now.loc;
            p.damaged = now.damaged;
            p.damaged_round = now.damaged_round;
            p.moved = now.moved;
            p.speed_roll = now.speed_roll;
            p.bomb_runs = now.bomb_runs;
            p.formation = now.formation;
        }
        let moving = match snap.phase {
            Phase::Moving(m)
                if m.plane.0 as usize >= n
                    || m.used > m.allowance
                    || m.allowance > s.scenario.max_allowance
                    || !s.planes[m.plane.0 as usize].is_flying()
                    || s.planes[m.plane.0 as usize].moved =>
            {
                return Err("the plane moving is not one of the game's in flight".into());
            }
            Phase::Moving(m) => Some(m.plane),
            _ => None,
        };
        if snap.attack > 2 {
            return Err(format!("attack {} of 2", snap.attack));
        }
        // Counts no game reaches.
        const MOST: u32 = 10_000;
        if snap.total_rounds > MOST
            || u32::from(snap.round) > MOST
            || snap.score > MOST
            || snap
                .planes
                .iter()
                .any(|p| p.damaged_round > snap.total_rounds)
        {
            return Err("rounds or a score no game reaches".into());
        }
        for (i, p) in s.planes.iter().enumerate() {
            let id = PlaneId(i as u8);
            if let (Loc::Board { hex, .. }, false) = (p.loc, Some(id) == moving) {
                if s.board.get(hex).is_some() {
                    return Err(format!("two planes stand on one hex ({hex:?})"));
                }
                s.board.set(hex, Some(id));
            }
        }
        sort_move_order(&mut s.move_order, &s.planes);
        s.phase = snap.phase;
        s.attack = snap.attack;
        s.round = snap.round;
        s.total_rounds = snap.total_rounds;
        s.score = snap.score;
        s.check_invariants()?;
        Ok(s)
    }

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    pub fn options(&self) -> Options {
        self.options
    }

    pub fn planes(&self) -> &[Plane] {
        &self.planes
    }

    pub fn plane(&self, id: PlaneId) -> &Plane {
        &self.planes[id.0 as usize]
    }

    pub fn aircraft(&self, id: PlaneId) -> &AircraftType {
        &self.scenario.aircraft[self.plane(id).aircraft]
    }

    pub fn board(&self) -> &Board<PlaneId> {
        &self.board
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn attack(&self) -> u8 {
        self.attack
    }

    pub fn round(&self) -> u16 {
        self.round
    }

    pub fn score(&self) -> u32 {
        self.score
    }

    /// Movement rounds flown in the whole game so far.
    pub fn total_rounds(&self) -> u32 {
        self.total_rounds
    }

    pub fn winner(&self) -> Option<Side> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    pub fn move_order(&self) -> &[PlaneId] {
        &self.move_order
    }

    /// Whose decision the game is waiting for.
    pub fn to_act(&self) -> Option<Side> {
        match self.phase {
            Phase::Entry { side } => Some(side),
            Phase::Moving(m) => Some(self.plane(m.plane).side),
            _ => None,
        }
    }

    pub fn active_move(&self) -> Option<ActiveMove> {
        match self.phase {
            Phase::Moving(m) => Some(m),
            _ => None,
        }
    }

    /// The units of `side` with activated planes still to place.
    pub fn waiting_units(&self, side: Side) -> Vec<UnitId> {
        let mut units: Vec<UnitId> = self
            .planes
            .iter()
            .filter(|p| p.side == side && p.loc == Loc::Activated)
            .map(|p| p.unit)
            .collect();
        units.dedup();
        units
    }

    /// A unit's activated planes waiting to enter, in R, W, B, Y order.
    pub fn waiting_planes(&self, unit: UnitId) -> Vec<PlaneId> {
        let mut out: Vec<PlaneId> = self
            .planes_of_unit(unit)
            .filter(|&p| self.plane(p).loc == Loc::Activated)
            .collect();
        out.sort_by_key(|&p| self.plane(p).colour);
        out
    }

    pub fn planes_of_unit(&self, unit: UnitId) -> impl Iterator<Item = PlaneId> + '_ {
        self.planes
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.unit == unit)
            .map(|(i, _)| PlaneId(i as u8))
    }

    /// Planes lost so far, per aircraft type (indexed like `scenario.aircraft`).
    pub fn losses(&self) -> Vec<u32> {
        let mut out = vec![0; self.scenario.aircraft.len()];
        for p in &self.planes {
            if p.loc == Loc::Destroyed {
                out[p.aircraft] += 1;
            }
        }
        out
    }

    /// Checks the state's invariants; used by the property tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let moving = self.active_move().map(|m| m.plane);
        let mut on_hex: Vec<(Hex, PlaneId)> = Vec::new();
        for (i, p) in self.planes.iter().enumerate() {
            let id = PlaneId(i as u8);
            if let Loc::Board { hex, .. } = p.loc {
                if !self.board.contains(hex) {
                    return Err(format!("{id:?} is off the board at {hex:?}"));
                }
                if Some(id) != moving {
                    if self.board.get(hex) != Some(&id) {
                        return Err(format!("{id:?} at {hex:?} is not in its board cell"));
                    }
                    if let Some((_, other)) = on_hex.iter().find(|(h, _)| *h == hex) {
                        return Err(format!("{id:?} and {other:?} both stopped on {hex:?}"));
                    }
                    on_hex.push((hex, id));
                }
            }
        }
        for (hex, &id) in self.board.occupied() {
            if self.plane(id).on_board().map(|(h, _)| h) != Some(hex) || Some(id) == moving {
                return Err(format!(
                    "board cell {hex:?} names {id:?}, which is elsewhere"
                ));
            }
        }
        if let Some(m) = self.active_move() {
            if m.used > m.allowance {
                return Err(format!("{:?} used {} of {}", m.plane, m.used, m.allowance));
            }
        }
        Ok(())
    }
}
