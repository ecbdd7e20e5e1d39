//! The state of a family game, and its one writer.
//!
//! The fields are private to this module, and the only code in it that
//! changes them after the opening is [`apply`], one event at a time: the
//! compiler keeps the rule that events are the only way the game changes.

mod apply;

pub use apply::apply;

use super::event::{Cause, Event, Return};
use super::{FamilyScenario, FamilyValues, FeatureKind, Heading, Illegal, Plane, Position, Setup};
use crate::common::given::Given;
use crate::common::hex::{End, Facing};
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spitfire {
    pub sector: u8,
    #[serde(with = "crate::common::hex::strict_hex")]
    pub hex: Hex,
    /// 0 on the ground; 1 and up in the air.
    pub altitude: u8,
    pub fuel: u8,
    pub kills: u8,
    pub lost: Option<Cause>,
    /// Landed on radar orders this round: it receives new instructions, and
    /// that costs its turn of the round (our reading of "pour recevoir de
    /// nouvelles instructions").
    #[serde(default)]
    pub briefing: bool,
}

impl Spitfire {
    pub fn in_play(&self) -> bool {
        self.lost.is_none()
    }
    pub fn airborne(&self) -> bool {
        self.lost.is_none() && self.altitude > 0
    }
    pub fn on_ground(&self) -> bool {
        self.lost.is_none() && self.altitude == 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bomber {
    #[serde(with = "crate::common::hex::strict_hex")]
    pub hex: Hex,
    pub facing: Facing,
    /// North until it reaches the north edge, then south.
    pub course: End,
    pub altitude: u8,
    /// Has spun (or been sent back to start) this round.
    pub flown: bool,
    /// In a campaign's raid: has left the board for good, and why.
    #[serde(default)]
    pub gone: Option<Return>,
    /// In a campaign's raid: has reached the north edge over its target.
    #[serde(default)]
    pub over_target: bool,
}

impl Bomber {
    /// On the board: every bomber of the family game, and each plane of a
    /// campaign's raid until it leaves.
    pub fn flies(&self) -> bool {
        self.gone.is_none()
    }
}

/// A decision the rules ask of one commander outside their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Order {
    /// A bomber arrived on this Spitfire's square at another altitude.
    GiveWay { seat: u8, bomber: u8 },
    /// A radar station of this Spitfire's sector was bombed: land at once.
    RadarLanding { seat: u8 },
}

impl Order {
    pub fn seat(self) -> u8 {
        match self {
            Order::GiveWay { seat, .. } | Order::RadarLanding { seat } => seat,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Ending {
    /// A commander reached the kills needed.
    Kills,
    /// Every Spitfire is out of the game.
    AllOut,
    /// Nightfall (our addition, `dusk_round` in the rules file).
    Dusk,
    /// A campaign's raid: every plane of it has left the board.
    RaidOver,
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Phase {
    /// The next bomber's spin.
    Spin {
        bomber: u8,
    },
    /// A commander's turn.
    Turn {
        seat: u8,
    },
    Order(Order),
    Over {
        winner: Option<u8>,
        ending: Ending,
    },
}

/// Everything the events of a family game write: where every plane is, what
/// is bombed, the round, whose turn, the orders waiting and the ending. Its
/// fields are private to this module: only [`apply`] (its child module)
/// writes them, after the opening set-up (`new`, `place`).
/// Where a family game stands, as a save keeps it (see
/// `Engine::Snapshot`): every plane, the features knocked out, the round
/// and whose turn it is. The board and the seats are the setup's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub bombers: Vec<Bomber>,
    pub spitfires: Vec<Spitfire>,
    pub knocked_out: Vec<bool>,
    pub round: u32,
    pub order: Vec<u8>,
    pub turn_index: usize,
    pub turn_started: bool,
    pub orders: Vec<Order>,
    pub over: Option<(Option<u8>, Ending)>,
}

#[derive(Clone, PartialEq, Debug)]
pub struct State {
    scenario: Given<FamilyScenario>,
    setup: Setup,
    bombers: Vec<Bomber>,
    spitfires: Vec<Spitfire>,
    /// By feature index: bombed out.
    knocked_out: Vec<bool>,
    round: u32,
    /// This round's commanders, in order.
    order: Vec<u8>,
    turn_index: usize,
    turn_started: bool,
    orders: Vec<Order>,
    over: Option<(Option<u8>, Ending)>,
}

impl State {
    /// The opening: bombers on their start squares, Spitfires on their airfields.
    pub(super) fn new(scenario: Arc<FamilyScenario>, setup: Setup) -> State {
        let r = &scenario.rules;
        let bombers = scenario
            .starts
            .iter()
            .map(|&hex| Bomber {
                hex,
                facing: Facing::North,
                course: End::North,
                altitude: r.cruising_altitude,
                flown: false,
                gone: None,
                over_target: false,
            })
            .collect();
        let spitfires = setup
            .seats
            .iter()
            .map(|s| {
                let af = scenario.airfields_of(s.sector)[s.airfield as usize];
                Spitfire {
                    sector: s.sector,
                    hex: scenario.features[af].hex,
                    altitude: 0,
                    fuel: r.fuel_full,
                    kills: 0,
                    lost: None,
                    briefing: false,
                }
            })
            .collect();
        State {
            knocked_out: vec![false; scenario.features.len()],
            scenario: Given::new(scenario),
            setup,
            bombers,
            spitfires,
            round: 0,
            order: Vec::new(),
            turn_index: 0,
            turn_started: false,
            orders: Vec::new(),
            over: None,
        }
    }

    /// Where the game stands, as a save keeps it.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            bombers: self.bombers.clone(),
            spitfires: self.spitfires.clone(),
            knocked_out: self.knocked_out.clone(),
            round: self.round,
            order: self.order.clone(),
            turn_index: self.turn_index,
            turn_started: self.turn_started,
            orders: self.orders.clone(),
            over: self.over,
        }
    }

    /// The state a snapshot describes, on `scenario` with `setup`'s seats;
    /// one no game of them could reach (a plane off the board, a seat or
    /// bomber the game has not) is refused with a sentence.
    pub(crate) fn from_snapshot(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        snap: &Snapshot,
    ) -> Result<State, String> {
        let mut s = State::new(scenario, setup);
        let (bombers, seats) = (s.bombers.len(), s.spitfires.len());
        if snap.bombers.len() != bombers
            || snap.spitfires.len() != seats
            || snap.knocked_out.len() != s.knocked_out.len()
        {
            return Err("its bombers, Spitfires or features are not the board's".into());
        }
        for (i, (sp, now)) in s.spitfires.iter().zip(&snap.spitfires).enumerate() {
            if sp.sector != now.sector {
                return Err(format!("Spitfire {} flies for another sector", i + 1));
            }
        }
        let grid = &s.scenario.grid;
        if snap.bombers.iter().any(|b| !grid.contains(b.hex))
            || snap.spitfires.iter().any(|p| !grid.contains(p.hex))
        {
            return Err("a plane is off the board".into());
        }
        let seat_ok = |seat: u8| (seat as usize) < seats;
        let mut in_order = vec![false; seats];
        for &seat in &snap.order {
            if !seat_ok(seat) || std::mem::replace(&mut in_order[seat as usize], true) {
                return Err(format!("seat {} in the order of play", u32::from(seat) + 1));
            }
        }
        if snap.turn_index > snap.order.len() {
            return Err("the turn is past the order of play".into());
        }
        for o in &snap.orders {
            let bad = match *o {
                Order::GiveWay { seat, bomber } => !seat_ok(seat) || bomber as usize >= bombers,
                Order::RadarLanding { seat } => !seat_ok(seat),
            };
            if bad {
                return Err("an order for a plane the game has not".into());
            }
        }
        if let Some((Some(w), _)) = snap.over {
            if !seat_ok(w) {
                return Err("the winner is not one of the seats".into());
            }
        }
        s.bombers = snap.bombers.clone();
        s.spitfires = snap.spitfires.clone();
        s.knocked_out = snap.knocked_out.clone();
        s.round = snap.round;
        s.order = snap.order.clone();
        s.turn_index = snap.turn_index;
        s.turn_started = snap.turn_started;
        s.orders = snap.orders.clone();
        s.over = snap.over;
        s.check_invariants()?;
        Ok(s)
    }

    /// A position part-way, as the events that set it up (before any other
    /// event): each listed plane placed, each listed feature knocked out.
    /// Refused if a plane or a feature is not where the board and the
    /// rules allow.
    pub fn placing(&self, p: &Position) -> Result<Vec<Event>, String> {
        let sc = &self.scenario;
        let max = sc.rules.max_altitude;
        let hex_of = |at: (i32, i32)| -> Result<Hex, String> {
            // Bounds first: hexx's offset conversion overflows (a panic in
            // debug builds) on absurd coordinates.
            let (cols, rows) = (sc.grid.columns() as i32, sc.grid.rows() as i32);
            if !(0..cols).contains(&at.0) || !(0..rows).contains(&at.1) {
                return Err(format!("{at:?} is off the board"));
            }
            Ok(crate::common::hex::hex_from_offset(at.0, at.1))
        };
        let mut events = Vec::new();
        for b in &p.bombers {
            let hex = hex_of(b.at)?;
            if !(1..=max).contains(&b.altitude) {
                return Err(format!(
                    "bomber {} at altitude {}",
                    u32::from(b.bomber) + 1,
                    b.altitude
                ));
            }
            if usize::from(b.bomber) >= self.bombers.len() {
                return Err(format!("there is no bomber {}", u32::from(b.bomber) + 1));
            }
            events.push(Event::BomberPlaced {
                bomber: b.bomber,
                at: hex,
                facing: b.facing,
                course: b.course,
                altitude: b.altitude,
            });
        }
        for s in &p.spitfires {
            let hex = hex_of(s.at)?;
            if s.altitude > max || s.fuel == 0 || s.fuel > sc.rules.fuel_full {
                return Err(format!(
                    "Spitfire {} cannot be placed so",
                    u32::from(s.seat) + 1
                ));
            }
            let on_airfield = sc
                .feature_at(hex)
                .is_some_and(|f| sc.features[f].kind == FeatureKind::Airfield);
            if s.altitude == 0 && !on_airfield {
                return Err(format!(
                    "Spitfire {} on the ground off an airfield",
                    u32::from(s.seat) + 1
                ));
            }
            if usize::from(s.seat) >= self.spitfires.len() {
                return Err(format!("there is no Spitfire {}", u32::from(s.seat) + 1));
            }
            events.push(Event::SpitfirePlaced {
                seat: s.seat,
                at: hex,
                altitude: s.altitude,
                fuel: s.fuel,
            });
        }
        for &at in &p.bombed {
            let f = sc
                .feature_at(hex_of(at)?)
                .ok_or_else(|| format!("nothing to bomb at {at:?}"))?;
            events.push(Event::KnockedOut { feature: f as u8 });
        }
        Ok(events)
    }

    /// A position set up by [`State::placing`]'s events is one play could
    /// reach: no Spitfire waits on a bombed airfield, no bomber is on
    /// another bomber's start square, and the invariants hold.
    pub fn check_placed(&self) -> Result<(), String> {
        let sc = &self.scenario;
        for (i, s) in self.spitfires.iter().enumerate() {
            if s.altitude == 0 && sc.feature_at(s.hex).is_some_and(|f| self.knocked_out[f]) {
                return Err(format!("Spitfire {} waits on a bombed airfield", i + 1));
            }
        }
        for (i, b) in self.bombers.iter().enumerate() {
            if let Some(o) = sc.starts.iter().position(|&h| h == b.hex) {
                if o != i {
                    return Err(format!(
                        "bomber {} is on bomber {}'s start square",
                        i + 1,
                        o + 1
                    ));
                }
            }
        }
        self.check_invariants()
    }

    pub fn scenario(&self) -> &Arc<FamilyScenario> {
        &self.scenario
    }

    pub fn rules(&self) -> &FamilyValues {
        &self.scenario.rules
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn bombers(&self) -> &[Bomber] {
        &self.bombers
    }

    pub fn spitfires(&self) -> &[Spitfire] {
        &self.spitfires
    }

    pub fn spitfire(&self, seat: u8) -> &Spitfire {
        &self.spitfires[seat as usize]
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn order(&self) -> &[u8] {
        &self.order
    }

    /// By feature index: bombed out.
    pub fn knocked_out(&self) -> &[bool] {
        &self.knocked_out
    }
    /// Which of this round's commanders is to fly (an index into `order`).
    pub fn turn_index(&self) -> usize {
        self.turn_index
    }
    /// The commander to fly has begun the turn (fuel burned).
    pub fn turn_started(&self) -> bool {
        self.turn_started
    }
    pub fn is_knocked_out(&self, feature: usize) -> bool {
        self.knocked_out[feature]
    }

    pub fn pending_orders(&self) -> &[Order] {
        &self.orders
    }

    pub fn kills_to_win(&self) -> u8 {
        if self.setup.short_game {
            self.rules().kills_to_win_short
        } else {
            self.rules().kills_to_win
        }
    }

    /// One commander: the solo game, with its own objective (the kills
    /// before the difficulty's nightfall).
    pub fn is_solo(&self) -> bool {
        self.spitfires.len() == 1
    }

    /// The last round before nightfall (0: none): the rules' dusk, or in the
    /// solo game the difficulty's round limit.
    pub fn dusk_round(&self) -> u32 {
        if let Some(r) = &self.scenario.raid {
            return r.rounds;
        }
        if self.is_solo() {
            let d = self.rules().solo(self.setup.difficulty);
            if self.setup.short_game {
                d.rounds_short
            } else {
                d.rounds
            }
        } else {
            self.rules().dusk_round
        }
    }

    /// A campaign's raid on the family board, not the family game.
    pub fn is_raid(&self) -> bool {
        self.scenario.raid.is_some()
    }

    pub fn is_over(&self) -> bool {
        self.over.is_some()
    }

    /// The winning seat, if the game is over and someone won.
    pub fn winner(&self) -> Option<u8> {
        self.over.and_then(|(w, _)| w)
    }

    pub fn ending(&self) -> Option<Ending> {
        self.over.map(|(_, e)| e)
    }

    pub fn phase(&self) -> Phase {
        if let Some((winner, ending)) = self.over {
            return Phase::Over { winner, ending };
        }
        if let Some(&o) = self.orders.first() {
            return Phase::Order(o);
        }
        if let Some(b) = self.bombers.iter().position(|b| !b.flown) {
            return Phase::Spin { bomber: b as u8 };
        }
        match self.order.get(self.turn_index) {
            Some(&seat) => Phase::Turn { seat },
            // Only between the end of a round and the next (inside `play`).
            None => Phase::Spin { bomber: 0 },
        }
    }

    /// The commander the game is waiting for, if any (none while bombers spin).
    pub fn commander(&self) -> Option<u8> {
        match self.phase() {
            Phase::Turn { seat } => Some(seat),
            Phase::Order(o) => Some(o.seat()),
            _ => None,
        }
    }

    /// The plane on `hex`, other than Spitfire `except`: a bomber or a Spitfire in play.
    pub fn plane_at(&self, hex: Hex, except: Option<u8>) -> Option<Plane> {
        if let Some(b) = self.bombers.iter().position(|b| b.flies() && b.hex == hex) {
            return Some(Plane::Bomber(b as u8));
        }
        self.spitfires
            .iter()
            .enumerate()
            .find(|(i, s)| s.in_play() && s.hex == hex && Some(*i as u8) != except)
            .map(|(i, _)| Plane::Spitfire(i as u8))
    }

    pub fn is_free(&self, hex: Hex, except: Option<u8>) -> bool {
        self.scenario.grid.contains(hex) && self.plane_at(hex, except).is_none()
    }

    /// An airfield a Spitfire may land on: not bombed, and its sector still has AA.
    pub fn airfield_usable(&self, feature: usize) -> Result<(), Illegal> {
        let f = &self.scenario.features[feature];
        if f.kind != FeatureKind::Airfield {
            return Err(Illegal::NotAnAirfield);
        }
        if self.knocked_out[feature] {
            return Err(Illegal::AirfieldBombed);
        }
        if !self.sector_defended(f.sector) {
            return Err(Illegal::SectorUndefended);
        }
        Ok(())
    }

    /// A sector with at least one AA battery standing.
    pub fn sector_defended(&self, sector: u8) -> bool {
        self.scenario
            .features
            .iter()
            .enumerate()
            .any(|(i, f)| f.sector == sector && f.kind == FeatureKind::Aa && !self.knocked_out[i])
    }

    /// The square directly behind a bomber (where a Spitfire shoots it down).
    pub fn behind(&self, bomber: u8) -> Hex {
        let b = &self.bombers[bomber as usize];
        b.facing.reverse().ahead(b.hex)
    }

    /// The bombers a Spitfire at `hex` and `altitude` is directly behind, level.
    pub fn bombers_in_sights(&self, hex: Hex, altitude: u8) -> Vec<u8> {
        (0..self.bombers.len() as u8)
            .filter(|&b| {
                let o = &self.bombers[b as usize];
                o.flies() && o.altitude == altitude && self.behind(b) == hex
            })
            .collect()
    }

    /// Where a bomber's course heads for a spinner heading.
    pub fn direction(&self, bomber: u8, heading: Heading) -> Facing {
        let ahead = self.bombers[bomber as usize].course.facing_toward();
        match heading {
            Heading::Beam => ahead,
            Heading::Port => ahead.left(),
            Heading::Starboard => ahead.right(),
        }
    }

    /// Checks the state's invariants; used by the property tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = self.rules();
        let grid = &self.scenario.grid;
        for (i, b) in self.bombers.iter().enumerate() {
            if b.gone.is_some() && !b.flown {
                return Err(format!("bomber {} has left but is to fly", i + 1));
            }
            if !grid.contains(b.hex) {
                return Err(format!("bomber {} is off the board", i + 1));
            }
            if !(1..=r.max_altitude).contains(&b.altitude) {
                return Err(format!("bomber {} at altitude {}", i + 1, b.altitude));
            }
        }
        for (i, s) in self.spitfires.iter().enumerate() {
            if s.fuel > r.fuel_full {
                return Err(format!("Spitfire {} has {} fuel", i + 1, s.fuel));
            }
            if !s.in_play() {
                continue;
            }
            if !grid.contains(s.hex) {
                return Err(format!("Spitfire {} is off the board", i + 1));
            }
            if s.altitude > r.max_altitude {
                return Err(format!("Spitfire {} at altitude {}", i + 1, s.altitude));
            }
            if s.altitude == 0 {
                let on_airfield = self
                    .scenario
                    .feature_at(s.hex)
                    .is_some_and(|f| self.scenario.features[f].kind == FeatureKind::Airfield);
                if !on_airfield {
                    return Err(format!(
                        "Spitfire {} is on the ground off an airfield",
                        i + 1
                    ));
                }
            } else if s.fuel == 0 {
                return Err(format!("Spitfire {} flies with an empty tank", i + 1));
            }
        }
        // At rest (no order pending) no two planes share a square.
        if self.orders.is_empty() {
            let mut seen: Vec<Hex> = Vec::new();
            let planes = self
                .bombers
                .iter()
                .filter(|b| b.flies())
                .map(|b| b.hex)
                .chain(self.spitfires.iter().filter(|s| s.in_play()).map(|s| s.hex));
            for h in planes {
                if seen.contains(&h) {
                    return Err(format!("two planes share {}", self.scenario.cell_name(h)));
                }
                seen.push(h);
            }
        }
        Ok(())
    }
}
