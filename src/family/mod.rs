//! The family game: one to four sector commanders, each with a Spitfire,
//! against bombers steered by a spinner (the flight indicator).
//!
//! The same shape as Simple Hex: `Game::check` is the one legality test,
//! `Game::play` turns a legal command into events, and `Game::apply` is the only
//! code that writes game state. The spinner is the game's own seeded dice
//! stream, so a game is exactly its board, setup, seed and commands.

pub mod ai;
pub mod scenario;

use crate::common::dice::{Dice, DieKind};
use crate::common::hex::{End, Facing, Spot};
use hexx::Hex;
pub use scenario::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// One commander at the start: the sector (by index into the board's sectors)
/// and which of its airfields the Spitfire stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSetup {
    pub sector: u8,
    pub airfield: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seats: Vec<SeatSetup>,
    /// First to three kills instead of five.
    pub short_game: bool,
}

impl Setup {
    /// `n` commanders in the first `n` sectors, each on its sector's first airfield.
    pub fn first_sectors(n: usize) -> Setup {
        Setup {
            seats: (0..n)
                .map(|i| SeatSetup {
                    sector: i as u8,
                    airfield: 0,
                })
                .collect(),
            short_game: false,
        }
    }

    pub fn validate(&self, sc: &FamilyScenario) -> Result<(), String> {
        if self.seats.is_empty() || self.seats.len() > 4 {
            return Err("the family game has 1 to 4 commanders".into());
        }
        if self.seats.len() > sc.sectors.len() {
            return Err(format!(
                "{} has {} sectors: at most {} commanders",
                sc.name,
                sc.sectors.len(),
                sc.sectors.len()
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if s.sector as usize >= sc.sectors.len() {
                return Err(format!(
                    "commander {} has no sector {}",
                    i + 1,
                    u32::from(s.sector) + 1
                ));
            }
            if self.seats[..i].iter().any(|o| o.sector == s.sector) {
                return Err(format!(
                    "two commanders chose sector {}",
                    sc.sectors[s.sector as usize].name
                ));
            }
            if s.airfield as usize >= sc.airfields_of(s.sector).len() {
                return Err(format!(
                    "sector {} has no airfield {}",
                    sc.sectors[s.sector as usize].name,
                    u32::from(s.airfield) + 1
                ));
            }
        }
        Ok(())
    }
}

/// A bomber placed by a `Position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BomberAt {
    /// Index of the bomber (bomber 1 is 0).
    pub bomber: u8,
    /// Offset coordinates `(column, row)`.
    pub at: (i32, i32),
    pub facing: Facing,
    pub course: End,
    pub altitude: u8,
}

/// A Spitfire placed by a `Position`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpitfireAt {
    pub seat: u8,
    pub at: (i32, i32),
    /// 0: on the ground (only on an airfield).
    pub altitude: u8,
    pub fuel: u8,
}

/// A game set up part-way: planes where they are listed (the rest where the
/// rules put them), and features already bombed. For puzzles, tests and the
/// frame benchmark; a position is part of the game, so undo keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub bombers: Vec<BomberAt>,
    pub spitfires: Vec<SpitfireAt>,
    /// Offset coordinates of features already bombed.
    pub bombed: Vec<(i32, i32)>,
}

/// Why a Spitfire left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cause {
    OutOfFuel,
    Collision,
    BombedOnGround,
    /// Forced aside with no unoccupied square around it.
    NoRoomToGiveWay,
}

impl Cause {
    pub const ALL: [Cause; 4] = [
        Cause::OutOfFuel,
        Cause::Collision,
        Cause::BombedOnGround,
        Cause::NoRoomToGiveWay,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Cause::OutOfFuel => "ran out of fuel",
            Cause::Collision => "collision",
            Cause::BombedOnGround => "bombed on the ground",
            Cause::NoRoomToGiveWay => "no room to give way",
        }
    }
}

/// Why a bomber went back to its start square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Return {
    ShotDown,
    Collision,
    /// Sent off the east or west edge: out of reach of its target.
    OutOfReach,
    /// Flew off the south edge on its way home.
    Home,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spitfire {
    pub sector: u8,
    pub hex: Hex,
    /// 0 on the ground; 1 and up in the air.
    pub altitude: u8,
    pub fuel: u8,
    pub kills: u8,
    pub lost: Option<Cause>,
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
pub struct Bomber {
    pub hex: Hex,
    pub facing: Facing,
    /// North until it reaches the north edge, then south.
    pub course: End,
    pub altitude: u8,
    /// Has spun (or been sent back to start) this round.
    pub flown: bool,
}

/// A decision the rules ask of one commander outside their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
pub enum Ending {
    /// A commander reached the kills needed.
    Kills,
    /// Every Spitfire is out of the game.
    AllOut,
    /// Nightfall (our addition, `dusk_round` in the rules file).
    Dusk,
}

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Command {
    /// Spin the flight indicator for the next bomber and fly it.
    Spin,
    /// On the ground: climb to cruising altitude above the airfield.
    TakeOff,
    /// Do nothing this turn (in the air or on the ground).
    Wait,
    /// Stay in place and climb (or dive, negative) this many notches.
    Climb(i8),
    /// Change altitude by `climb`, then fly to `to` (through `via` when two squares).
    Move {
        to: Hex,
        via: Option<Hex>,
        climb: i8,
    },
    /// Land on an airfield within range.
    Land { at: Hex },
    /// Forced aside: move to this adjacent unoccupied square.
    GiveWay { to: Hex },
    /// Radar bombed: land on this airfield (anywhere on the board).
    RadarLand { at: Hex },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    RoundBegan {
        round: u32,
    },
    Spun {
        bomber: u8,
        roll: u8,
        climb: i8,
        heading: Heading,
        altitude: u8,
    },
    BomberFlew {
        bomber: u8,
        to: Hex,
        facing: Facing,
    },
    /// The move would have ended on another bomber (or its start square).
    BomberBlocked {
        bomber: u8,
    },
    /// Reached the north edge: from now on it flies south.
    BomberTurned {
        bomber: u8,
    },
    BomberReturned {
        bomber: u8,
        why: Return,
    },
    Bombed {
        bomber: u8,
        feature: u8,
    },
    /// The last AA battery of a sector is gone: its airfields are unusable.
    SectorUndefended {
        sector: u8,
    },
    Ordered(Order),
    /// An order that no longer applies (the Spitfire is gone or has moved).
    OrderLapsed,
    /// Radar order with no usable airfield free: the Spitfire stays up.
    NoAirfieldFree {
        seat: u8,
    },
    TurnBegan {
        seat: u8,
    },
    TurnSkipped {
        seat: u8,
    },
    FuelBurned {
        seat: u8,
        fuel: u8,
    },
    TookOff {
        seat: u8,
        altitude: u8,
    },
    Climbed {
        seat: u8,
        altitude: u8,
    },
    Flew {
        seat: u8,
        to: Hex,
    },
    Landed {
        seat: u8,
        at: Hex,
        fuel: u8,
    },
    Waited {
        seat: u8,
    },
    GaveWay {
        seat: u8,
        to: Hex,
    },
    ShotDown {
        seat: u8,
        bomber: u8,
    },
    /// Two planes at one altitude on one square.
    Collided {
        seat: u8,
        bomber: Option<u8>,
        other_seat: Option<u8>,
        at: Hex,
    },
    SpitfireLost {
        seat: u8,
        cause: Cause,
    },
    TurnEnded {
        seat: u8,
    },
    GameOver {
        winner: Option<u8>,
        ending: Ending,
    },
}

/// Why a command is not allowed, as a sentence a player can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    NotSpinning,
    BombersFirst,
    NotYourTurn,
    OnTheGround,
    InTheAir,
    NotAClimb,
    TooHigh { max: u8 },
    TooLow,
    TooFar { squares: u8 },
    NotAdjacent,
    BadPath,
    OffBoard,
    Occupied,
    ClimbWithLongMove,
    NotAnAirfield,
    AirfieldBombed,
    SectorUndefended,
    NoOrder,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Illegal::*;
        match self {
            GameOver => write!(f, "The game is over."),
            NotSpinning => write!(f, "The bombers have all flown this round."),
            BombersFirst => write!(f, "The bombers move first: spin for the next one."),
            NotYourTurn => write!(f, "That is not what the game is waiting for."),
            OnTheGround => write!(f, "A Spitfire on the ground can only take off or wait."),
            InTheAir => write!(f, "This Spitfire is already in the air."),
            NotAClimb => write!(f, "Climb or dive by 1 or 2 notches."),
            TooHigh { max } => write!(f, "The pole ends at notch {max}."),
            TooLow => write!(f, "Only a landing brings a Spitfire down to the ground."),
            TooFar { squares } => write!(f, "That is more than {squares} squares away."),
            NotAdjacent => write!(f, "Giving way means moving to an adjacent square."),
            BadPath => write!(f, "A move goes square by square through neighbours."),
            OffBoard => write!(f, "That square is off the board."),
            Occupied => write!(f, "No two planes may share a square at the end of a turn."),
            ClimbWithLongMove => write!(
                f,
                "Moving two squares keeps the altitude; climb or dive with a one-square move."
            ),
            NotAnAirfield => write!(f, "There is no airfield there."),
            AirfieldBombed => write!(f, "That airfield has been bombed and cannot be used."),
            SectorUndefended => write!(
                f,
                "That sector has lost all its AA: its airfields can no longer be used."
            ),
            NoOrder => write!(f, "No order is waiting."),
        }
    }
}

impl std::error::Error for Illegal {}

/// A game of Spitfires against the spinner's bombers.
#[derive(Clone)]
pub struct Game {
    scenario: Arc<FamilyScenario>,
    setup: Setup,
    position: Option<Position>,
    seed: u64,
    dice: Dice,
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
    events: Vec<Event>,
    keep_events: bool,
    commands: Vec<Command>,
    command_rolled: Vec<bool>,
    rolls: usize,
}

impl Game {
    pub fn new(scenario: Arc<FamilyScenario>, setup: Setup, seed: u64) -> Result<Game, String> {
        Game::build(scenario, setup, None, seed, true)
    }

    /// A game starting from `position` instead of the opening set-up.
    pub fn with_position(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Position,
        seed: u64,
    ) -> Result<Game, String> {
        Game::build(scenario, setup, Some(position), seed, true)
    }

    /// The same game without the event and roll logs (for bulk simulation).
    pub fn new_quiet(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        seed: u64,
    ) -> Result<Game, String> {
        Game::build(scenario, setup, None, seed, false)
    }

    fn build(
        scenario: Arc<FamilyScenario>,
        setup: Setup,
        position: Option<Position>,
        seed: u64,
        keep: bool,
    ) -> Result<Game, String> {
        setup.validate(&scenario)?;
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
                }
            })
            .collect();
        let mut g = Game {
            knocked_out: vec![false; scenario.features.len()],
            dice: if keep {
                Dice::new(seed)
            } else {
                Dice::without_log(seed)
            },
            scenario,
            setup,
            position: None,
            seed,
            bombers,
            spitfires,
            round: 0,
            order: Vec::new(),
            turn_index: 0,
            turn_started: false,
            orders: Vec::new(),
            over: None,
            events: Vec::new(),
            keep_events: keep,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolls: 0,
        };
        if let Some(p) = position {
            g.place(&p)?;
            g.position = Some(p);
        }
        g.advance();
        Ok(g)
    }

    fn place(&mut self, p: &Position) -> Result<(), String> {
        let sc = self.scenario.clone();
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
        for b in &p.bombers {
            let hex = hex_of(b.at)?;
            if !(1..=max).contains(&b.altitude) {
                return Err(format!(
                    "bomber {} at altitude {}",
                    u32::from(b.bomber) + 1,
                    b.altitude
                ));
            }
            let slot = self
                .bombers
                .get_mut(b.bomber as usize)
                .ok_or_else(|| format!("there is no bomber {}", u32::from(b.bomber) + 1))?;
            *slot = Bomber {
                hex,
                facing: b.facing,
                course: b.course,
                altitude: b.altitude,
                flown: false,
            };
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
            let slot = self
                .spitfires
                .get_mut(s.seat as usize)
                .ok_or_else(|| format!("there is no Spitfire {}", u32::from(s.seat) + 1))?;
            slot.hex = hex;
            slot.altitude = s.altitude;
            slot.fuel = s.fuel;
        }
        for &at in &p.bombed {
            let f = sc
                .feature_at(hex_of(at)?)
                .ok_or_else(|| format!("nothing to bomb at {at:?}"))?;
            self.knocked_out[f] = true;
        }
        // States play can never reach: a Spitfire waiting on a bombed
        // airfield, a bomber on another bomber's start square.
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

    /// A copy to try commands on (no logs): what the AI and the screen's
    /// previews use. Commanders' commands roll no dice, so a probe never
    /// peeks at a spin to come.
    pub fn probe(&self) -> Game {
        Game {
            scenario: self.scenario.clone(),
            setup: self.setup.clone(),
            position: None,
            seed: self.seed,
            dice: self.dice.clone_without_log(),
            bombers: self.bombers.clone(),
            spitfires: self.spitfires.clone(),
            knocked_out: self.knocked_out.clone(),
            round: self.round,
            order: self.order.clone(),
            turn_index: self.turn_index,
            turn_started: self.turn_started,
            orders: self.orders.clone(),
            over: self.over,
            events: Vec::new(),
            keep_events: false,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolls: self.rolls,
        }
    }

    // ----- reading the state -----

    pub fn scenario(&self) -> &Arc<FamilyScenario> {
        &self.scenario
    }
    pub fn rules(&self) -> &FamilyRules {
        &self.scenario.rules
    }
    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
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
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }
    pub fn dice(&self) -> &Dice {
        &self.dice
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
    pub fn to_act(&self) -> Option<u8> {
        match self.phase() {
            Phase::Turn { seat } => Some(seat),
            Phase::Order(o) => Some(o.seat()),
            _ => None,
        }
    }

    /// The plane on `hex`, other than Spitfire `except`: a bomber or a Spitfire in play.
    pub fn plane_at(&self, hex: Hex, except: Option<u8>) -> Option<Plane> {
        if let Some(b) = self.bombers.iter().position(|b| b.hex == hex) {
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
            .filter(|&b| self.bombers[b as usize].altitude == altitude && self.behind(b) == hex)
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

    /// Every command the game would accept now, in a fixed order.
    pub fn legal_commands(&self) -> Vec<Command> {
        let mut out = Vec::new();
        let grid = &self.scenario.grid;
        let mut push = |c: Command, g: &Game| {
            if g.check(&c).is_ok() {
                out.push(c);
            }
        };
        match self.phase() {
            Phase::Over { .. } => {}
            Phase::Spin { .. } => out.push(Command::Spin),
            Phase::Order(Order::GiveWay { seat, .. }) => {
                let here = self.spitfire(seat).hex;
                for f in Facing::ALL {
                    push(Command::GiveWay { to: f.ahead(here) }, self);
                }
            }
            Phase::Order(Order::RadarLanding { .. }) => {
                for f in &self.scenario.features {
                    push(Command::RadarLand { at: f.hex }, self);
                }
            }
            Phase::Turn { seat } => {
                let s = *self.spitfire(seat);
                push(Command::Wait, self);
                push(Command::TakeOff, self);
                if s.airborne() {
                    let n = self.rules().climb_in_place as i8;
                    for c in (-n..=n).filter(|&c| c != 0) {
                        push(Command::Climb(c), self);
                    }
                    for f in Facing::ALL {
                        let to = f.ahead(s.hex);
                        for climb in [-1, 0, 1] {
                            push(
                                Command::Move {
                                    to,
                                    via: None,
                                    climb,
                                },
                                self,
                            );
                        }
                    }
                    if self.rules().spitfire_squares >= 2 {
                        for f in Facing::ALL {
                            let via = f.ahead(s.hex);
                            if !grid.contains(via) {
                                continue;
                            }
                            for g in Facing::ALL {
                                let to = g.ahead(via);
                                if to != s.hex {
                                    push(
                                        Command::Move {
                                            to,
                                            via: Some(via),
                                            climb: 0,
                                        },
                                        self,
                                    );
                                }
                            }
                        }
                    }
                    for f in &self.scenario.features {
                        if f.kind == FeatureKind::Airfield {
                            push(Command::Land { at: f.hex }, self);
                        }
                    }
                }
            }
        }
        out
    }

    // ----- the one legality test -----

    pub fn check(&self, cmd: &Command) -> Result<(), Illegal> {
        let phase = self.phase();
        if let Phase::Over { .. } = phase {
            return Err(Illegal::GameOver);
        }
        let grid = &self.scenario.grid;
        let r = self.rules();
        match *cmd {
            Command::Spin => match phase {
                Phase::Spin { .. } => Ok(()),
                _ => Err(Illegal::NotSpinning),
            },
            Command::GiveWay { to } => {
                let Phase::Order(Order::GiveWay { seat, .. }) = phase else {
                    return Err(Illegal::NoOrder);
                };
                let s = self.spitfire(seat);
                if Facing::between(s.hex, to).is_none() {
                    return Err(Illegal::NotAdjacent);
                }
                if !grid.contains(to) {
                    return Err(Illegal::OffBoard);
                }
                if !self.is_free(to, Some(seat)) {
                    return Err(Illegal::Occupied);
                }
                Ok(())
            }
            Command::RadarLand { at } => {
                let Phase::Order(Order::RadarLanding { seat }) = phase else {
                    return Err(Illegal::NoOrder);
                };
                let f = self.scenario.feature_at(at).ok_or(Illegal::NotAnAirfield)?;
                self.airfield_usable(f)?;
                if !self.is_free(at, Some(seat)) {
                    return Err(Illegal::Occupied);
                }
                Ok(())
            }
            _ => {
                let seat = match phase {
                    Phase::Turn { seat } => seat,
                    Phase::Spin { .. } => return Err(Illegal::BombersFirst),
                    _ => return Err(Illegal::NotYourTurn),
                };
                let s = *self.spitfire(seat);
                match *cmd {
                    Command::Wait => Ok(()),
                    Command::TakeOff => {
                        if s.airborne() {
                            Err(Illegal::InTheAir)
                        } else {
                            Ok(())
                        }
                    }
                    _ if s.on_ground() => Err(Illegal::OnTheGround),
                    Command::Climb(c) => {
                        if c == 0 || c.unsigned_abs() > r.climb_in_place {
                            return Err(Illegal::NotAClimb);
                        }
                        self.new_altitude(s.altitude, c).map(|_| ())
                    }
                    Command::Move { to, via, climb } => {
                        if climb.unsigned_abs() > 1 {
                            return Err(Illegal::NotAClimb);
                        }
                        self.new_altitude(s.altitude, climb)?;
                        match via {
                            None => {
                                if Facing::between(s.hex, to).is_none() {
                                    return Err(Illegal::BadPath);
                                }
                            }
                            Some(v) => {
                                if r.spitfire_squares < 2 {
                                    return Err(Illegal::TooFar {
                                        squares: r.spitfire_squares,
                                    });
                                }
                                if climb != 0 {
                                    return Err(Illegal::ClimbWithLongMove);
                                }
                                if Facing::between(s.hex, v).is_none()
                                    || Facing::between(v, to).is_none()
                                    || to == s.hex
                                {
                                    return Err(Illegal::BadPath);
                                }
                                if !grid.contains(v) {
                                    return Err(Illegal::OffBoard);
                                }
                            }
                        }
                        if !grid.contains(to) {
                            return Err(Illegal::OffBoard);
                        }
                        if !self.is_free(to, Some(seat)) {
                            return Err(Illegal::Occupied);
                        }
                        Ok(())
                    }
                    Command::Land { at } => {
                        let f = self.scenario.feature_at(at).ok_or(Illegal::NotAnAirfield)?;
                        self.airfield_usable(f)?;
                        if s.hex.unsigned_distance_to(at) > r.landing_range as u32 {
                            return Err(Illegal::TooFar {
                                squares: r.landing_range,
                            });
                        }
                        if !self.is_free(at, Some(seat)) {
                            return Err(Illegal::Occupied);
                        }
                        Ok(())
                    }
                    _ => unreachable!("handled above"),
                }
            }
        }
    }

    fn new_altitude(&self, from: u8, climb: i8) -> Result<u8, Illegal> {
        let to = from as i16 + climb as i16;
        let max = self.rules().max_altitude;
        if to < 1 {
            Err(Illegal::TooLow)
        } else if to > max as i16 {
            Err(Illegal::TooHigh { max })
        } else {
            Ok(to as u8)
        }
    }

    // ----- commands to events -----

    /// Checks and carries out a command.
    pub fn play(&mut self, cmd: Command) -> Result<(), Illegal> {
        self.check(&cmd)?;
        let rolls_before = self.rolls;
        let phase = self.phase();
        match (cmd, phase) {
            (Command::Spin, Phase::Spin { bomber }) => self.fly_bomber(bomber),
            (Command::GiveWay { to }, Phase::Order(Order::GiveWay { seat, .. })) => {
                self.emit(Event::GaveWay { seat, to });
                self.shoot(seat);
            }
            (Command::RadarLand { at }, Phase::Order(Order::RadarLanding { seat })) => {
                let fuel = self.fuel_on_landing(seat, at);
                self.emit(Event::Landed { seat, at, fuel });
            }
            (_, Phase::Turn { seat }) => {
                self.fly_spitfire(seat, cmd);
                if !self.is_over() {
                    if self.spitfire(seat).in_play() {
                        self.shoot(seat);
                    }
                    if !self.is_over() {
                        self.emit(Event::TurnEnded { seat });
                    }
                }
            }
            _ => unreachable!("check passed"),
        }
        self.advance();
        self.commands.push(cmd);
        self.command_rolled.push(self.rolls != rolls_before);
        Ok(())
    }

    fn fuel_on_landing(&self, seat: u8, at: Hex) -> u8 {
        let r = self.rules();
        let own = self
            .scenario
            .feature_at(at)
            .is_some_and(|f| self.scenario.features[f].sector == self.spitfire(seat).sector);
        if own {
            r.fuel_full
        } else {
            r.fuel_half
        }
    }

    fn fly_spitfire(&mut self, seat: u8, cmd: Command) {
        let s = *self.spitfire(seat);
        match cmd {
            Command::Wait => self.emit(Event::Waited { seat }),
            Command::TakeOff => self.emit(Event::TookOff {
                seat,
                altitude: self.rules().cruising_altitude,
            }),
            Command::Climb(c) => {
                let altitude = self.new_altitude(s.altitude, c).expect("checked");
                self.emit(Event::Climbed { seat, altitude });
            }
            Command::Move { to, via, climb } => {
                // Altitude first, then the move.
                let altitude = self.new_altitude(s.altitude, climb).expect("checked");
                if climb != 0 {
                    self.emit(Event::Climbed { seat, altitude });
                }
                if let Some(v) = via {
                    self.emit(Event::Flew { seat, to: v });
                    if self.pass_through(seat, v, altitude) {
                        return;
                    }
                }
                self.emit(Event::Flew { seat, to });
            }
            Command::Land { at } => {
                let fuel = self.fuel_on_landing(seat, at);
                self.emit(Event::Landed { seat, at, fuel });
            }
            _ => unreachable!("not a turn command"),
        }
    }

    /// A Spitfire passing through a square: a collision with any plane there at
    /// its altitude. Returns true if it crashed.
    fn pass_through(&mut self, seat: u8, hex: Hex, altitude: u8) -> bool {
        match self.plane_at(hex, Some(seat)) {
            Some(Plane::Bomber(b)) if self.bombers[b as usize].altitude == altitude => {
                self.emit(Event::Collided {
                    seat,
                    bomber: Some(b),
                    other_seat: None,
                    at: hex,
                });
                self.emit(Event::SpitfireLost {
                    seat,
                    cause: Cause::Collision,
                });
                self.return_bomber(b, Return::Collision);
                true
            }
            Some(Plane::Spitfire(o)) if self.spitfire(o).altitude == altitude => {
                self.emit(Event::Collided {
                    seat,
                    bomber: None,
                    other_seat: Some(o),
                    at: hex,
                });
                self.emit(Event::SpitfireLost {
                    seat,
                    cause: Cause::Collision,
                });
                self.emit(Event::SpitfireLost {
                    seat: o,
                    cause: Cause::Collision,
                });
                true
            }
            _ => false,
        }
    }

    /// Shoots down every bomber the Spitfire is directly behind at its altitude.
    fn shoot(&mut self, seat: u8) {
        let s = *self.spitfire(seat);
        if !s.airborne() {
            return;
        }
        for b in self.bombers_in_sights(s.hex, s.altitude) {
            // A bomber sent home can meet its shooter there (a collision):
            // a Spitfire that is out shoots no more.
            if self.is_over() || !self.spitfire(seat).in_play() {
                return;
            }
            self.emit(Event::ShotDown { seat, bomber: b });
            self.return_bomber(b, Return::ShotDown);
            if self.spitfire(seat).kills >= self.kills_to_win() {
                self.emit(Event::GameOver {
                    winner: Some(seat),
                    ending: Ending::Kills,
                });
            }
        }
    }

    /// Sends a bomber back to its start square at cruising altitude; a Spitfire
    /// found there meets it as any bomber arriving.
    fn return_bomber(&mut self, bomber: u8, why: Return) {
        self.emit(Event::BomberReturned { bomber, why });
        let b = self.bombers[bomber as usize];
        self.arrive(bomber, b.hex, b.altitude);
    }

    /// A bomber ends its move on `hex`: a Spitfire there collides (same
    /// altitude) or must give way (another altitude).
    fn arrive(&mut self, bomber: u8, hex: Hex, altitude: u8) {
        let Some(seat) = self
            .spitfires
            .iter()
            .position(|s| s.in_play() && s.hex == hex)
            .map(|i| i as u8)
        else {
            return;
        };
        let s = *self.spitfire(seat);
        if s.altitude == altitude {
            self.emit(Event::Collided {
                seat,
                bomber: Some(bomber),
                other_seat: None,
                at: hex,
            });
            self.emit(Event::SpitfireLost {
                seat,
                cause: Cause::Collision,
            });
            self.return_bomber(bomber, Return::Collision);
        } else if s.airborne() {
            self.emit(Event::Ordered(Order::GiveWay { seat, bomber }));
        }
        // On the ground: only on an airfield, which the bomber has just bombed.
    }

    /// Where one spinner face would send a bomber, by the rules of its flight
    /// alone (before any plane it meets on the way): the engine flies this
    /// plan, and the commander AI forecasts with it.
    pub fn plan_flight(&self, bomber: u8, face: SpinnerFace) -> FlightPlan {
        let b = self.bombers[bomber as usize];
        let altitude = (b.altitude as i16 + face.climb as i16)
            .clamp(1, self.rules().max_altitude as i16) as u8;
        let dir = self.direction(bomber, face.heading);
        let grid = &self.scenario.grid;
        let mut path = [None; MAX_BOMBER_SQUARES];
        let mut edge = None;
        let mut at = b.hex;
        for slot in path.iter_mut().take(self.rules().bomber_squares as usize) {
            let next = dir.ahead(at);
            match grid.spot(next) {
                Spot::On => {
                    *slot = Some(next);
                    at = next;
                }
                spot => {
                    edge = Some(spot);
                    break;
                }
            }
        }
        let plan = |path, end| FlightPlan {
            altitude,
            facing: dir,
            path,
            end,
        };
        match edge {
            Some(Spot::OffSide) => return plan(path, FlightEnd::BackToStart(Return::OutOfReach)),
            Some(Spot::OffEnd(End::South)) => {
                return plan(path, FlightEnd::BackToStart(Return::Home))
            }
            _ => {}
        }
        // A move that would end on another bomber (or on another bomber's
        // start square) is refused.
        let blocked = at != b.hex
            && (self
                .bombers
                .iter()
                .enumerate()
                .any(|(i, o)| i != bomber as usize && o.hex == at)
                || self
                    .scenario
                    .starts
                    .iter()
                    .enumerate()
                    .any(|(i, &s)| i != bomber as usize && s == at));
        if blocked {
            return plan([None; MAX_BOMBER_SQUARES], FlightEnd::Refused);
        }
        let turns = b.course == End::North
            && (edge == Some(Spot::OffEnd(End::North)) || grid.rows_to(at, End::North) == 0);
        plan(path, FlightEnd::At { hex: at, turns })
    }

    fn fly_bomber(&mut self, bomber: u8) {
        let faces = self.rules().spinner.len() as u8;
        let roll = self.roll(faces);
        let face = self.rules().spinner[roll as usize - 1];
        let plan = self.plan_flight(bomber, face);
        let altitude = plan.altitude;
        self.emit(Event::Spun {
            bomber,
            roll,
            climb: face.climb,
            heading: face.heading,
            altitude,
        });
        if plan.end == FlightEnd::Refused {
            self.emit(Event::BomberBlocked { bomber });
            return;
        }
        for h in plan.path.into_iter().flatten() {
            self.emit(Event::BomberFlew {
                bomber,
                to: h,
                facing: plan.facing,
            });
            // A Spitfire at this altitude on the way (or at the end): collision.
            if let Some(seat) = self
                .spitfires
                .iter()
                .position(|s| s.airborne() && s.hex == h && s.altitude == altitude)
            {
                let seat = seat as u8;
                self.emit(Event::Collided {
                    seat,
                    bomber: Some(bomber),
                    other_seat: None,
                    at: h,
                });
                self.emit(Event::SpitfireLost {
                    seat,
                    cause: Cause::Collision,
                });
                self.return_bomber(bomber, Return::Collision);
                return;
            }
            self.bomb(bomber, h);
        }
        match plan.end {
            FlightEnd::BackToStart(why) => self.return_bomber(bomber, why),
            FlightEnd::At { hex, turns } => {
                self.arrive(bomber, hex, altitude);
                // Turned round at the north edge, unless the arrival sent it home.
                if turns && self.bombers[bomber as usize].hex == hex {
                    self.emit(Event::BomberTurned { bomber });
                }
            }
            FlightEnd::Refused => unreachable!("handled above"),
        }
    }

    /// A bomber over land bombs whatever stands on the square.
    fn bomb(&mut self, bomber: u8, hex: Hex) {
        if !self.scenario.is_land(hex) {
            return;
        }
        let Some(f) = self.scenario.feature_at(hex) else {
            return;
        };
        if self.knocked_out[f] {
            return;
        }
        let feature = self.scenario.features[f];
        let was_defended = self.sector_defended(feature.sector);
        self.emit(Event::Bombed {
            bomber,
            feature: f as u8,
        });
        match feature.kind {
            FeatureKind::Airfield => {
                if let Some(seat) = self
                    .spitfires
                    .iter()
                    .position(|s| s.on_ground() && s.hex == hex)
                {
                    self.emit(Event::SpitfireLost {
                        seat: seat as u8,
                        cause: Cause::BombedOnGround,
                    });
                }
            }
            FeatureKind::Radar => {
                if let Some(seat) = self
                    .spitfires
                    .iter()
                    .position(|s| s.airborne() && s.sector == feature.sector)
                {
                    let seat = seat as u8;
                    if !self.orders.contains(&Order::RadarLanding { seat }) {
                        self.emit(Event::Ordered(Order::RadarLanding { seat }));
                    }
                }
            }
            FeatureKind::Aa => {
                if was_defended && !self.sector_defended(feature.sector) {
                    self.emit(Event::SectorUndefended {
                        sector: feature.sector,
                    });
                }
            }
        }
    }

    fn roll(&mut self, sides: u8) -> u8 {
        self.rolls += 1;
        self.dice.roll(DieKind::Spinner, sides)
    }

    // ----- the automatic parts of the sequence of play -----

    fn advance(&mut self) {
        loop {
            if self.is_over() {
                return;
            }
            if self.spitfires.iter().all(|s| !s.in_play()) {
                self.emit(Event::GameOver {
                    winner: None,
                    ending: Ending::AllOut,
                });
                return;
            }
            if let Some(&o) = self.orders.first() {
                match o {
                    Order::GiveWay { seat, bomber } => {
                        let s = self.spitfire(seat);
                        if !s.airborne() || s.hex != self.bombers[bomber as usize].hex {
                            self.emit(Event::OrderLapsed);
                            continue;
                        }
                        let here = s.hex;
                        if !Facing::ALL
                            .iter()
                            .any(|f| self.is_free(f.ahead(here), Some(seat)))
                        {
                            self.emit(Event::OrderLapsed);
                            self.emit(Event::SpitfireLost {
                                seat,
                                cause: Cause::NoRoomToGiveWay,
                            });
                            continue;
                        }
                    }
                    Order::RadarLanding { seat } => {
                        if !self.spitfire(seat).airborne() {
                            self.emit(Event::OrderLapsed);
                            continue;
                        }
                        let any = self.scenario.features.iter().enumerate().any(|(i, f)| {
                            self.airfield_usable(i).is_ok() && self.is_free(f.hex, Some(seat))
                        });
                        if !any {
                            self.emit(Event::OrderLapsed);
                            self.emit(Event::NoAirfieldFree { seat });
                            continue;
                        }
                    }
                }
                return;
            }
            if self.bombers.iter().any(|b| !b.flown) && self.round > 0 {
                return;
            }
            if self.round > 0 {
                if let Some(&seat) = self.order.get(self.turn_index) {
                    let s = *self.spitfire(seat);
                    if !s.in_play() {
                        self.emit(Event::TurnSkipped { seat });
                        continue;
                    }
                    if !self.turn_started {
                        self.emit(Event::TurnBegan { seat });
                        if s.airborne() {
                            let fuel = s.fuel.saturating_sub(1);
                            self.emit(Event::FuelBurned { seat, fuel });
                            if fuel == 0 {
                                self.emit(Event::SpitfireLost {
                                    seat,
                                    cause: Cause::OutOfFuel,
                                });
                                self.emit(Event::TurnEnded { seat });
                                continue;
                            }
                        }
                    }
                    return;
                }
            }
            // The round is over.
            let dusk = self.rules().dusk_round;
            if dusk > 0 && self.round >= dusk {
                let best = self.spitfires.iter().map(|s| s.kills).max().unwrap_or(0);
                let leaders: Vec<usize> = (0..self.spitfires.len())
                    .filter(|&i| self.spitfires[i].kills == best)
                    .collect();
                let winner = (best > 0 && leaders.len() == 1).then(|| leaders[0] as u8);
                self.emit(Event::GameOver {
                    winner,
                    ending: Ending::Dusk,
                });
                return;
            }
            self.emit(Event::RoundBegan {
                round: self.round + 1,
            });
        }
    }

    fn emit(&mut self, ev: Event) {
        self.apply(&ev);
        if self.keep_events {
            self.events.push(ev);
        }
    }

    // ----- the only writer of state -----

    fn apply(&mut self, ev: &Event) {
        let cruising = self.scenario.rules.cruising_altitude;
        match *ev {
            Event::RoundBegan { round } => {
                self.round = round;
                let n = self.spitfires.len();
                // The order rotates by one each round: who went first goes last.
                // Last round's order turned by one (not the seat numbers shifted
                // by the round: with a commander out, that gave one commander
                // the first turn two rounds running).
                let mut order: Vec<u8> = if round == 1 {
                    (0..n as u8).collect()
                } else {
                    let mut o = self.order.clone();
                    let by = 1.min(o.len());
                    o.rotate_left(by);
                    o
                };
                order.retain(|&s| self.spitfires[s as usize].in_play());
                self.order = order;
                self.turn_index = 0;
                self.turn_started = false;
                for b in &mut self.bombers {
                    b.flown = false;
                }
            }
            Event::Spun {
                bomber, altitude, ..
            } => {
                let b = &mut self.bombers[bomber as usize];
                b.altitude = altitude;
                b.flown = true;
            }
            Event::BomberFlew { bomber, to, facing } => {
                let b = &mut self.bombers[bomber as usize];
                b.hex = to;
                b.facing = facing;
            }
            Event::BomberBlocked { .. } => {}
            Event::BomberTurned { bomber } => {
                let b = &mut self.bombers[bomber as usize];
                b.course = End::South;
                b.facing = Facing::South;
            }
            Event::BomberReturned { bomber, .. } => {
                let start = self.scenario.starts[bomber as usize];
                let b = &mut self.bombers[bomber as usize];
                b.hex = start;
                b.facing = Facing::North;
                b.course = End::North;
                b.altitude = cruising;
                // It re-enters play next round.
                b.flown = true;
            }
            Event::Bombed { feature, .. } => self.knocked_out[feature as usize] = true,
            Event::SectorUndefended { .. } => {}
            Event::Ordered(o) => self.orders.push(o),
            Event::OrderLapsed => {
                self.orders.remove(0);
            }
            Event::NoAirfieldFree { .. } => {}
            Event::TurnBegan { .. } => self.turn_started = true,
            Event::TurnSkipped { .. } | Event::TurnEnded { .. } => {
                self.turn_index += 1;
                self.turn_started = false;
            }
            Event::FuelBurned { seat, fuel } => self.spitfires[seat as usize].fuel = fuel,
            Event::TookOff { seat, altitude } | Event::Climbed { seat, altitude } => {
                self.spitfires[seat as usize].altitude = altitude;
            }
            Event::Flew { seat, to } => self.spitfires[seat as usize].hex = to,
            Event::Landed { seat, at, fuel } => {
                let s = &mut self.spitfires[seat as usize];
                s.hex = at;
                s.altitude = 0;
                s.fuel = fuel;
                if matches!(self.orders.first(), Some(Order::RadarLanding { seat: o }) if *o == seat)
                {
                    self.orders.remove(0);
                }
            }
            Event::Waited { .. } => {}
            Event::GaveWay { seat, to } => {
                self.spitfires[seat as usize].hex = to;
                self.orders.remove(0);
            }
            Event::ShotDown { seat, .. } => self.spitfires[seat as usize].kills += 1,
            Event::Collided { .. } => {}
            Event::SpitfireLost { seat, cause } => {
                self.spitfires[seat as usize].lost = Some(cause);
            }
            Event::GameOver { winner, ending } => self.over = Some((winner, ending)),
        }
    }

    // ----- history -----

    /// Takes back the last command, if it spun no bomber: the game is rebuilt
    /// from its seed and the earlier commands, so no spin is ever re-spun.
    pub fn undo(&self) -> Option<Game> {
        if *self.command_rolled.last()? {
            return None;
        }
        let mut g = Game::build(
            self.scenario.clone(),
            self.setup.clone(),
            self.position.clone(),
            self.seed,
            self.keep_events,
        )
        .expect("the setup was valid");
        for &c in &self.commands[..self.commands.len() - 1] {
            g.play(c).expect("a recorded command replays");
        }
        Some(g)
    }

    pub fn can_undo(&self) -> bool {
        matches!(self.command_rolled.last(), Some(false))
    }

    /// Checks the state's invariants; used by the property tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let r = self.rules();
        let grid = &self.scenario.grid;
        for (i, b) in self.bombers.iter().enumerate() {
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

/// The longest bomber flight a rules file may ask for (`bomber_squares`).
pub const MAX_BOMBER_SQUARES: usize = 4;

/// One spinner face's flight for a bomber (see `Game::plan_flight`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlightPlan {
    /// After the altitude change, which comes first.
    pub altitude: u8,
    /// The direction flown (and faced, unless it turns at the north edge).
    pub facing: Facing,
    /// The squares flown over, in order (fewer if an edge stops it).
    pub path: [Option<Hex>; MAX_BOMBER_SQUARES],
    pub end: FlightEnd,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlightEnd {
    /// Ends on another bomber (or its start square): it stays where it was.
    Refused,
    /// Ends on this square; `turns`: at the north edge, it turns south.
    At { hex: Hex, turns: bool },
    /// Flies the path, then goes back to its start square.
    BackToStart(Return),
}

/// A plane on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Plane {
    Bomber(u8),
    Spitfire(u8),
}
