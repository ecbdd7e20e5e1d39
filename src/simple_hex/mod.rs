//! The Simple Hex dogfight (Mike Crane, "Battle of Britain — Simple Hex Rules").
//!
//! Commands in, events out: `Game::check` is the one legality test,
//! `Game::play` turns a legal command into events, and `Game::apply` is the only
//! code that writes game state. The dice are the game's own seeded stream, so a
//! game is exactly its scenario, options, seed and commands.

pub mod ai;
pub mod movement;
pub mod scenario;

use crate::common::dice::{Dice, DieKind};
use crate::common::hex::{Board, End, Facing};
use hexx::Hex;
pub use movement::{Mover, Node, Search, Step, StepTo};
pub use scenario::*;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlaneId(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u8);

/// Where a plane is. Every plane is in exactly one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        hex: Hex,
        facing: Facing,
    },
    Destroyed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
}

impl Plane {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Command {
    /// Place a unit's activated planes at the entry edge in adjoining columns,
    /// from `column` on, in R, W, B, Y order.
    Enter { unit: UnitId, column: u8 },
    /// The active plane takes one step.
    Step(Step),
    /// The active fighter fires at an adjacent enemy.
    Attack { target: PlaneId },
    /// The active plane has no moves left and does not (or cannot) fire.
    EndMove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loss {
    Killed { by: PlaneId },
    DamagedAgain { by: PlaneId },
    CannotMove,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    AttackBegan {
        attack: u8,
    },
    RepairRolled {
        plane: PlaneId,
        roll: u8,
        returned: bool,
    },
    ActivationRolled {
        plane: PlaneId,
        roll: u8,
        activated: bool,
    },
    EntryBegan {
        side: Side,
    },
    Staged {
        plane: PlaneId,
        column: u8,
    },
    Placed {
        plane: PlaneId,
        hex: Hex,
        facing: Facing,
        damaged: bool,
    },
    RoundBegan {
        round: u16,
    },
    MoveBegan {
        plane: PlaneId,
        speed_roll: Option<u8>,
        allowance: u8,
    },
    Stepped {
        plane: PlaneId,
        step: Step,
        to: Hex,
        facing: Facing,
        cost: u8,
    },
    Exited {
        plane: PlaneId,
        step: Step,
        end: End,
    },
    Bombed {
        plane: PlaneId,
        rolls: Vec<u8>,
        points: u32,
    },
    Fired {
        attacker: PlaneId,
        target: PlaneId,
        angle: Angle,
        roll: u8,
        outcome: Outcome,
        return_roll: Option<u8>,
        return_outcome: Outcome,
    },
    Damaged {
        plane: PlaneId,
    },
    Destroyed {
        plane: PlaneId,
        loss: Loss,
    },
    MoveEnded {
        plane: PlaneId,
    },
    BrokeOff {
        plane: PlaneId,
    },
    AttackEnded {
        attack: u8,
        score: u32,
    },
    GameOver {
        winner: Side,
        score: u32,
    },
}

/// Why a command is not allowed, as a sentence a player can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    NotEntryPhase,
    NotMovingPhase,
    UnitNotWaiting,
    WrongSide,
    ColumnsOffBoard { needs: u8, columns: u32 },
    NoMovesLeft,
    MovesLeft { left: u8 },
    OffTheSide,
    MustEnterBoard,
    MustHeadHome,
    LoopNotAllowed,
    NotEnoughMovesForLoop { cost: u8, left: u8 },
    LoopOffBoard,
    LoopEndOccupied,
    Trapped,
    NotAFighter,
    AlreadyFired,
    MustMoveFirst,
    CannotStopHere,
    NoSuchPlane,
    TargetNotEnemy,
    TargetNotOnBoard,
    TargetNotAdjacent,
    TargetNotAhead,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Illegal::*;
        match self {
            GameOver => write!(f, "The game is over."),
            NotEntryPhase => write!(f, "Squadrons enter only at the start of an attack."),
            NotMovingPhase => write!(f, "No plane is moving now."),
            UnitNotWaiting => write!(f, "That unit has no activated planes waiting to enter."),
            WrongSide => write!(f, "It is the other side's turn."),
            ColumnsOffBoard { needs, columns } => write!(
                f,
                "A squadron enters in adjoining hexes: it needs {needs} columns and the edge has {columns}."
            ),
            NoMovesLeft => write!(f, "This plane has no moves left."),
            MovesLeft { left } => write!(
                f,
                "Each plane must move all of its hexes: {left} still to fly."
            ),
            OffTheSide => write!(f, "Planes may not move off the sides of the mat."),
            MustEnterBoard => write!(f, "A plane waiting at the edge must fly onto the mat."),
            MustHeadHome => write!(
                f,
                "A damaged plane must turn and head for its own edge of entry."
            ),
            LoopNotAllowed => write!(
                f,
                "Only undamaged single-engine fighters may loop (Immelmann)."
            ),
            NotEnoughMovesForLoop { cost, left } => {
                write!(f, "An Immelmann costs {cost} moves; only {left} left.")
            }
            LoopOffBoard => write!(f, "An Immelmann needs two hexes of mat straight ahead."),
            LoopEndOccupied => write!(
                f,
                "An Immelmann turns onto the second hex, which must be unoccupied."
            ),
            Trapped => write!(
                f,
                "That step leaves no legal way to finish the move (planes may not stop on an occupied hex)."
            ),
            NotAFighter => write!(f, "Only fighters attack; bombers defend themselves."),
            AlreadyFired => write!(f, "A plane may fire once offensively per turn."),
            MustMoveFirst => write!(f, "An attacking plane must move 1 hex before firing."),
            CannotStopHere => write!(
                f,
                "A plane cannot stop to fire on an occupied hex."
            ),
            NoSuchPlane => write!(f, "There is no such plane."),
            TargetNotEnemy => write!(f, "That plane is on your own side."),
            TargetNotOnBoard => write!(f, "That plane is not on the mat."),
            TargetNotAdjacent => write!(f, "Combat takes place from an adjacent hex."),
            TargetNotAhead => write!(
                f,
                "Guns point forward: the target must be in the hex straight ahead."
            ),
        }
    }
}

impl std::error::Error for Illegal {}

/// The dice an attack would roll and what each face does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackPreview {
    pub angle: Angle,
    pub attack: FireTable,
    /// The target's return fire, if its guns bear on the attacker.
    pub returned: Option<FireTable>,
}

impl AttackPreview {
    /// Chances (in sixths) of (damage, kill) for a table.
    pub fn sixths(table: &FireTable) -> (u8, u8) {
        let d = table.iter().filter(|o| **o == Outcome::Damage).count() as u8;
        let k = table.iter().filter(|o| **o == Outcome::Kill).count() as u8;
        (d, k)
    }
}

/// A game of Simple Hex.
#[derive(Clone)]
pub struct Game {
    scenario: Arc<Scenario>,
    options: Options,
    seed: u64,
    dice: Dice,
    planes: Vec<Plane>,
    move_order: Vec<PlaneId>,
    board: Board<PlaneId>,
    phase: Phase,
    attack: u8,
    round: u16,
    total_rounds: u32,
    score: u32,
    events: Vec<Event>,
    keep_events: bool,
    commands: Vec<Command>,
    /// For each command, whether its events rolled dice.
    command_rolled: Vec<bool>,
    roll_counter: usize,
    search: RefCell<Search>,
}

impl Game {
    /// Starts a game: the first attack's repair and activation rolls happen now.
    pub fn new(scenario: Arc<Scenario>, options: Options, seed: u64) -> Game {
        Game::build(scenario, options, seed, true)
    }

    /// The same game without the event and roll logs (for bulk simulation).
    pub fn new_quiet(scenario: Arc<Scenario>, options: Options, seed: u64) -> Game {
        Game::build(scenario, options, seed, false)
    }

    fn build(scenario: Arc<Scenario>, options: Options, seed: u64, keep: bool) -> Game {
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
                });
            }
        }
        let group = |p: &Plane| match (p.role, p.side) {
            (Role::Bomber, _) => 0,
            (Role::Fighter, Side::German) => 1,
            (Role::Fighter, Side::British) => 2,
        };
        let mut move_order: Vec<PlaneId> = (0..planes.len()).map(|i| PlaneId(i as u8)).collect();
        move_order.sort_by_key(|id| {
            let p = &planes[id.0 as usize];
            (group(p), p.unit, p.colour)
        });
        let board = Board::new(scenario.columns, scenario.rows);
        let search = Search::new(&board, scenario.max_allowance);
        let mut g = Game {
            options,
            seed,
            dice: if keep {
                Dice::new(seed)
            } else {
                Dice::without_log(seed)
            },
            planes,
            move_order,
            board,
            phase: Phase::Between,
            attack: 0,
            round: 0,
            total_rounds: 0,
            score: 0,
            events: Vec::new(),
            keep_events: keep,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            roll_counter: 0,
            search: RefCell::new(search),
            scenario,
        };
        g.begin_attack(1);
        g.advance();
        g
    }

    // ----- reading the state -----

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }
    pub fn options(&self) -> Options {
        self.options
    }
    pub fn seed(&self) -> u64 {
        self.seed
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
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }
    pub fn dice(&self) -> &Dice {
        &self.dice
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

    /// How the active plane may move (home end, damage, loop).
    pub fn mover(&self, id: PlaneId) -> Mover {
        let p = self.plane(id);
        let a = &self.scenario.aircraft[p.aircraft];
        Mover {
            home: self.scenario.end_of(p.side),
            damaged: p.damaged,
            can_loop: a.can_loop() && !p.damaged,
            loop_cost: self.scenario.rules.immelmann_cost,
        }
    }

    /// The active plane's position: its hex (the off-board entry hex when
    /// staged), facing, and whether it is still waiting at the edge.
    pub fn position(&self, id: PlaneId) -> Option<(Hex, Facing, bool)> {
        let p = self.plane(id);
        match p.loc {
            Loc::Board { hex, facing } => Some((hex, facing, false)),
            Loc::Staged { column } => {
                let end = self.scenario.end_of(p.side);
                Some((
                    self.board.entry_hex(end, column as u32),
                    end.opposite().facing_toward(),
                    true,
                ))
            }
            _ => None,
        }
    }

    /// Every state the active plane can reach this move (see `Search::explore`).
    pub fn explore(&self, nodes: &mut Vec<Node>) {
        nodes.clear();
        let Some(m) = self.active_move() else { return };
        let Some((hex, facing, staged)) = self.position(m.plane) else {
            return;
        };
        self.search.borrow_mut().explore(
            &self.board,
            &self.mover(m.plane),
            (hex, facing),
            staged,
            m.remaining(),
            nodes,
        );
    }

    /// Works out everything the active plane can reach this move and hands back
    /// the search to ask about it (`Search::valid`, `each_end`, `exit`, `path`).
    pub fn reach(&self) -> Option<std::cell::Ref<'_, Search>> {
        let m = self.active_move()?;
        let (hex, facing, staged) = self.position(m.plane)?;
        self.search.borrow_mut().reach(
            &self.board,
            &self.mover(m.plane),
            (hex, facing),
            staged,
            m.remaining(),
        );
        Some(self.search.borrow())
    }

    /// The attack angle of an attacker at `from` on `target`.
    pub fn angle_from(&self, target: PlaneId, from: Hex) -> Option<Angle> {
        let (thex, tfacing) = self.planes.get(target.0 as usize)?.on_board()?;
        let d = Facing::between(thex, from)?;
        Some(match tfacing.turns_to(d) {
            0 => Angle::Front,
            1 => Angle::FrontFlank,
            2 => Angle::RearFlank,
            _ => Angle::Rear,
        })
    }

    /// The dice of an attack by `attacker` standing at `from` facing `facing`
    /// on `target`, or why it may not fire there (position rules only).
    pub fn preview_from(
        &self,
        attacker: PlaneId,
        from: Hex,
        facing: Facing,
        target: PlaneId,
    ) -> Result<AttackPreview, Illegal> {
        let n = self.planes.len();
        if attacker.0 as usize >= n || target.0 as usize >= n {
            return Err(Illegal::NoSuchPlane);
        }
        let a = self.plane(attacker);
        let t = self.plane(target);
        if t.side == a.side {
            return Err(Illegal::TargetNotEnemy);
        }
        if t.on_board().is_none() {
            return Err(Illegal::TargetNotOnBoard);
        }
        let angle = self
            .angle_from(target, from)
            .ok_or(Illegal::TargetNotAdjacent)?;
        let (thex, _) = t.on_board().expect("checked above");
        if self.scenario.rules.attacker_must_face_target && facing.ahead(from) != thex {
            return Err(Illegal::TargetNotAhead);
        }
        let rules = &self.scenario.rules;
        let attack = match angle {
            Angle::Front => rules.attack_fire.front,
            Angle::FrontFlank | Angle::RearFlank => rules.attack_fire.flank,
            Angle::Rear => rules.attack_fire.rear,
        };
        let tt = &self.scenario.aircraft[t.aircraft];
        let silenced =
            self.options.damaged_bombers_cannot_defend && t.role == Role::Bomber && t.damaged;
        let returned = if silenced {
            None
        } else {
            match angle {
                Angle::Front => Some(rules.return_fire.forward),
                Angle::Rear if tt.rear_gunner => Some(rules.return_fire.rear),
                Angle::RearFlank if tt.rear_gunner => Some(rules.return_fire.rear_flank),
                _ => None,
            }
        };
        Ok(AttackPreview {
            angle,
            attack,
            returned,
        })
    }

    /// The dice of an attack by the active plane on `target` now.
    pub fn preview_attack(&self, target: PlaneId) -> Result<AttackPreview, Illegal> {
        let m = self.active_move().ok_or(Illegal::NotMovingPhase)?;
        let a = self.plane(m.plane);
        if a.role != Role::Fighter {
            return Err(Illegal::NotAFighter);
        }
        if m.attacked {
            return Err(Illegal::AlreadyFired);
        }
        if m.used == 0 {
            return Err(Illegal::MustMoveFirst);
        }
        let (hex, facing) = a.on_board().ok_or(Illegal::MustMoveFirst)?;
        if !self.board.is_free(hex) {
            return Err(Illegal::CannotStopHere);
        }
        self.preview_from(m.plane, hex, facing, target)
    }

    fn for_each_target(&self, mut f: impl FnMut(PlaneId)) {
        let Some(m) = self.active_move() else { return };
        let Some((hex, _)) = self.plane(m.plane).on_board() else {
            return;
        };
        for d in Facing::ALL {
            if let Some(&t) = self.board.get(d.ahead(hex)) {
                if self.preview_attack(t).is_ok() {
                    f(t);
                }
            }
        }
    }

    fn can_attack_now(&self) -> bool {
        let mut any = false;
        self.for_each_target(|_| any = true);
        any
    }

    // ----- the one legality test -----

    pub fn check(&self, cmd: &Command) -> Result<(), Illegal> {
        match self.phase {
            Phase::Over { .. } => return Err(Illegal::GameOver),
            Phase::Between => return Err(Illegal::NotMovingPhase),
            _ => {}
        }
        match *cmd {
            Command::Enter { unit, column } => {
                let Phase::Entry { side } = self.phase else {
                    return Err(Illegal::NotEntryPhase);
                };
                let waiting = self.waiting_planes(unit);
                if waiting.is_empty() {
                    return Err(Illegal::UnitNotWaiting);
                }
                if self.plane(waiting[0]).side != side {
                    return Err(Illegal::WrongSide);
                }
                let needs = waiting.len() as u8;
                if column as u32 + needs as u32 > self.scenario.columns {
                    return Err(Illegal::ColumnsOffBoard {
                        needs,
                        columns: self.scenario.columns,
                    });
                }
                // Units may line up behind one another off the mat; within a unit
                // the planes take adjoining columns.
                Ok(())
            }
            Command::Step(step) => {
                let m = self.active_move().ok_or(Illegal::NotMovingPhase)?;
                let (hex, facing, staged) =
                    self.position(m.plane).ok_or(Illegal::NotMovingPhase)?;
                let mover = self.mover(m.plane);
                match movement::step_to(
                    &self.board,
                    &mover,
                    hex,
                    facing,
                    step,
                    staged,
                    m.remaining(),
                )? {
                    StepTo::Exit { .. } => Ok(()),
                    StepTo::Move {
                        to, facing, cost, ..
                    } => {
                        let ok = self.search.borrow_mut().can_finish(
                            &self.board,
                            &mover,
                            to,
                            facing,
                            m.remaining() - cost,
                            false,
                        );
                        if ok {
                            Ok(())
                        } else {
                            Err(Illegal::Trapped)
                        }
                    }
                }
            }
            Command::Attack { target } => self.preview_attack(target).map(|_| ()),
            Command::EndMove => {
                let m = self.active_move().ok_or(Illegal::NotMovingPhase)?;
                if m.remaining() > 0 {
                    Err(Illegal::MovesLeft {
                        left: m.remaining(),
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    // ----- commands to events -----

    /// Checks and carries out a command.
    pub fn play(&mut self, cmd: Command) -> Result<(), Illegal> {
        self.check(&cmd)?;
        let rolls_before = self.roll_counter;
        match cmd {
            Command::Enter { unit, column } => {
                for (i, plane) in self.waiting_planes(unit).into_iter().enumerate() {
                    self.emit(Event::Staged {
                        plane,
                        column: column + i as u8,
                    });
                }
            }
            Command::Step(step) => self.do_step(step),
            Command::Attack { target } => self.do_attack(target),
            Command::EndMove => {
                let m = self.active_move().expect("checked");
                self.emit(Event::MoveEnded { plane: m.plane });
            }
        }
        self.advance();
        self.commands.push(cmd);
        let rolled = self.roll_counter != rolls_before;
        self.command_rolled.push(rolled);
        Ok(())
    }

    fn do_step(&mut self, step: Step) {
        let m = self.active_move().expect("checked");
        let (hex, facing, staged) = self.position(m.plane).expect("checked");
        let mover = self.mover(m.plane);
        let to = movement::step_to(
            &self.board,
            &mover,
            hex,
            facing,
            step,
            staged,
            m.remaining(),
        )
        .expect("checked");
        match to {
            StepTo::Exit { end, .. } => {
                let plane = m.plane;
                self.emit(Event::Exited { plane, step, end });
                let p = self.plane(plane);
                let enemy_end = self.scenario.end_of(p.side.other());
                if p.role == Role::Bomber && !p.damaged && end == enemy_end {
                    let n = self.scenario.rules.bomb_dice;
                    let rolls: Vec<u8> = (0..n).map(|_| self.roll(DieKind::Bomb)).collect();
                    let points = rolls.iter().map(|&r| r as u32).sum();
                    self.emit(Event::Bombed {
                        plane,
                        rolls,
                        points,
                    });
                }
                self.emit(Event::MoveEnded { plane });
            }
            StepTo::Move {
                to, facing, cost, ..
            } => {
                self.emit(Event::Stepped {
                    plane: m.plane,
                    step,
                    to,
                    facing,
                    cost,
                });
                if m.remaining() == cost && !self.can_attack_now() {
                    self.emit(Event::MoveEnded { plane: m.plane });
                }
            }
        }
    }

    fn fire(&mut self, table: &FireTable, kind: DieKind) -> (u8, Outcome) {
        let roll = self.roll(kind);
        (roll, table[roll as usize - 1])
    }

    fn do_attack(&mut self, target: PlaneId) {
        let m = self.active_move().expect("checked");
        let preview = self.preview_attack(target).expect("checked");
        let attacker = m.plane;
        let (roll, outcome) = self.fire(&preview.attack, DieKind::Attack);
        let (return_roll, return_outcome) = match preview.returned {
            Some(t) => {
                let (r, o) = self.fire(&t, DieKind::ReturnFire);
                (Some(r), o)
            }
            None => (None, Outcome::Miss),
        };
        self.emit(Event::Fired {
            attacker,
            target,
            angle: preview.angle,
            roll,
            outcome,
            return_roll,
            return_outcome,
        });
        // Simultaneous: both results land together; both planes may be destroyed.
        self.hit(target, outcome, attacker);
        self.hit(attacker, return_outcome, target);
        let after = self.plane(attacker);
        if after.loc == Loc::Destroyed || m.remaining() == 0 {
            self.emit(Event::MoveEnded { plane: attacker });
            return;
        }
        let (hex, facing) = after.on_board().expect("attacker on board");
        let mover = self.mover(attacker);
        let ok = self.search.borrow_mut().can_finish(
            &self.board,
            &mover,
            hex,
            facing,
            m.remaining(),
            false,
        );
        if !ok {
            self.emit(Event::Destroyed {
                plane: attacker,
                loss: Loss::CannotMove,
            });
            self.emit(Event::MoveEnded { plane: attacker });
        }
    }

    fn hit(&mut self, plane: PlaneId, outcome: Outcome, by: PlaneId) {
        match outcome {
            Outcome::Miss => {}
            Outcome::Kill => self.emit(Event::Destroyed {
                plane,
                loss: Loss::Killed { by },
            }),
            Outcome::Damage if self.plane(plane).damaged => self.emit(Event::Destroyed {
                plane,
                loss: Loss::DamagedAgain { by },
            }),
            Outcome::Damage => self.emit(Event::Damaged { plane }),
        }
    }

    fn roll(&mut self, kind: DieKind) -> u8 {
        self.roll_counter += 1;
        self.dice.d6(kind)
    }

    // ----- the automatic parts of the sequence of play -----

    fn begin_attack(&mut self, attack: u8) {
        self.emit(Event::AttackBegan { attack });
        if attack > 1 {
            // Repair shop: 3-6 returns a plane to its squadron.
            let min = self.scenario.rules.repair_min;
            self.roll_each(
                Loc::Repair,
                DieKind::Repair,
                min,
                |plane, roll, returned| Event::RepairRolled {
                    plane,
                    roll,
                    returned,
                },
            );
        }
        if attack == 1 && self.scenario.opening == Opening::Placed {
            let mut placed = Vec::new();
            let mut i = 0;
            for unit in &self.scenario.units {
                for p in &unit.planes {
                    if let (Some((c, r)), Some(f)) = (p.at, p.facing) {
                        placed.push((i, crate::common::hex::hex_from_offset(c, r), f, p.damaged));
                    }
                    i += 1;
                }
            }
            for (i, hex, facing, damaged) in placed {
                self.emit(Event::Placed {
                    plane: PlaneId(i as u8),
                    hex,
                    facing,
                    damaged,
                });
            }
            return;
        }
        // Activation: each plane's colour die, 3-6 activates.
        let min = self.scenario.rules.activation_min;
        self.roll_each(
            Loc::Hangar,
            DieKind::Activation,
            min,
            |plane, roll, activated| Event::ActivationRolled {
                plane,
                roll,
                activated,
            },
        );
        for side in [Side::German, Side::British] {
            if self
                .planes
                .iter()
                .any(|p| p.side == side && p.loc == Loc::Activated)
            {
                self.emit(Event::EntryBegan { side });
                return;
            }
        }
    }

    /// One die for each plane at `at`, in plane order; `min` or more succeeds.
    fn roll_each(
        &mut self,
        at: Loc,
        kind: DieKind,
        min: u8,
        event: impl Fn(PlaneId, u8, bool) -> Event,
    ) {
        for i in 0..self.planes.len() {
            if self.planes[i].loc == at {
                let roll = self.roll(kind);
                self.emit(event(PlaneId(i as u8), roll, roll >= min));
            }
        }
    }

    fn raid_is_over(&self) -> bool {
        let rules = &self.scenario.rules;
        let flying = |p: &&Plane| p.is_flying() || p.loc == Loc::Activated;
        let any = self.planes.iter().any(|p| flying(&p));
        let bombers = self
            .planes
            .iter()
            .filter(flying)
            .any(|p| p.role == Role::Bomber);
        !any || (rules.raid_ends_without_bombers && !bombers)
    }

    fn end_attack(&mut self) {
        for i in 0..self.planes.len() {
            if self.planes[i].is_flying() {
                self.emit(Event::BrokeOff {
                    plane: PlaneId(i as u8),
                });
            }
        }
        let attack = self.attack;
        self.emit(Event::AttackEnded {
            attack,
            score: self.score,
        });
        if attack < self.scenario.rules.attacks {
            self.begin_attack(attack + 1);
        } else {
            self.finish_game();
        }
    }

    fn finish_game(&mut self) {
        let winner = if self.score >= self.scenario.rules.target_points {
            Side::German
        } else {
            Side::British
        };
        self.emit(Event::GameOver {
            winner,
            score: self.score,
        });
    }

    /// Runs the sequence of play until a player's decision is needed.
    fn advance(&mut self) {
        loop {
            match self.phase {
                Phase::Over { .. } => return,
                Phase::Moving(_) => return,
                Phase::Entry { side } => {
                    if self
                        .planes
                        .iter()
                        .any(|p| p.side == side && p.loc == Loc::Activated)
                    {
                        return;
                    }
                    let other = side.other();
                    if side == Side::German
                        && self
                            .planes
                            .iter()
                            .any(|p| p.side == other && p.loc == Loc::Activated)
                    {
                        self.emit(Event::EntryBegan { side: other });
                    } else {
                        self.phase = Phase::Between;
                    }
                }
                Phase::Between => {
                    if self.score >= self.scenario.rules.target_points {
                        self.finish_game();
                        continue;
                    }
                    if self.raid_is_over() {
                        self.end_attack();
                        continue;
                    }
                    let next = self
                        .move_order
                        .iter()
                        .copied()
                        .find(|&id| !self.plane(id).moved && self.plane(id).is_flying());
                    match next {
                        Some(plane) if self.round > 0 => self.begin_move(plane),
                        _ => {
                            if self.round >= self.scenario.rules.max_rounds_per_attack {
                                self.end_attack();
                            } else {
                                self.emit(Event::RoundBegan {
                                    round: self.round + 1,
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    fn begin_move(&mut self, plane: PlaneId) {
        let p = self.plane(plane);
        let a = &self.scenario.aircraft[p.aircraft];
        let slowed = p.damaged && p.damaged_round < self.total_rounds;
        let penalty = if slowed {
            self.scenario.rules.damaged_speed_penalty
        } else {
            0
        };
        let (speed_roll, base) = match a.speed {
            Speed::Fixed(n) => (None, n),
            Speed::D6Plus(n) => {
                let r = self.roll(DieKind::Speed);
                (Some(r), r + n)
            }
        };
        let allowance = base.saturating_sub(penalty).max(1);
        self.emit(Event::MoveBegan {
            plane,
            speed_roll,
            allowance,
        });
        let (hex, facing, staged) = self.position(plane).expect("flying plane");
        let mover = self.mover(plane);
        let ok = self.search.borrow_mut().can_finish(
            &self.board,
            &mover,
            hex,
            facing,
            allowance,
            staged,
        );
        if !ok {
            // "If a plane cannot move it is destroyed."
            self.emit(Event::Destroyed {
                plane,
                loss: Loss::CannotMove,
            });
            self.emit(Event::MoveEnded { plane });
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
        match *ev {
            Event::AttackBegan { attack } => {
                self.attack = attack;
                self.round = 0;
                self.phase = Phase::Between;
            }
            Event::RepairRolled {
                plane, returned, ..
            } => {
                if returned {
                    let p = &mut self.planes[plane.0 as usize];
                    p.loc = Loc::Hangar;
                    p.damaged = false;
                }
            }
            Event::ActivationRolled {
                plane, activated, ..
            } => {
                if activated {
                    self.planes[plane.0 as usize].loc = Loc::Activated;
                }
            }
            Event::EntryBegan { side } => self.phase = Phase::Entry { side },
            Event::Staged { plane, column } => {
                self.planes[plane.0 as usize].loc = Loc::Staged { column };
            }
            Event::Placed {
                plane,
                hex,
                facing,
                damaged,
            } => {
                let p = &mut self.planes[plane.0 as usize];
                p.loc = Loc::Board { hex, facing };
                p.damaged = damaged;
                self.board.set(hex, Some(plane));
            }
            Event::RoundBegan { round } => {
                self.round = round;
                self.total_rounds += 1;
                for p in &mut self.planes {
                    p.moved = false;
                }
            }
            Event::MoveBegan {
                plane,
                speed_roll,
                allowance,
            } => {
                // The moving plane is lifted off the mat until it stops.
                if let Some((hex, _)) = self.plane(plane).on_board() {
                    self.board.set(hex, None);
                }
                self.phase = Phase::Moving(ActiveMove {
                    plane,
                    allowance,
                    used: 0,
                    attacked: false,
                    speed_roll,
                });
            }
            Event::Stepped {
                plane,
                to,
                facing,
                cost,
                ..
            } => {
                self.planes[plane.0 as usize].loc = Loc::Board { hex: to, facing };
                if let Phase::Moving(m) = &mut self.phase {
                    m.used += cost;
                }
            }
            Event::Exited { plane, .. } => {
                let p = &mut self.planes[plane.0 as usize];
                p.loc = if p.damaged { Loc::Repair } else { Loc::Hangar };
            }
            Event::Bombed { points, .. } => self.score += points,
            Event::Fired { .. } => {
                if let Phase::Moving(m) = &mut self.phase {
                    m.attacked = true;
                }
            }
            Event::Damaged { plane } => {
                let p = &mut self.planes[plane.0 as usize];
                p.damaged = true;
                p.damaged_round = self.total_rounds;
            }
            Event::Destroyed { plane, .. } => {
                if let Some((hex, _)) = self.plane(plane).on_board() {
                    if self.board.get(hex) == Some(&plane) {
                        self.board.set(hex, None);
                    }
                }
                self.planes[plane.0 as usize].loc = Loc::Destroyed;
            }
            Event::MoveEnded { plane } => {
                if let Some((hex, _)) = self.plane(plane).on_board() {
                    self.board.set(hex, Some(plane));
                }
                self.planes[plane.0 as usize].moved = true;
                self.phase = Phase::Between;
            }
            Event::BrokeOff { plane } => {
                if let Some((hex, _)) = self.plane(plane).on_board() {
                    self.board.set(hex, None);
                }
                let p = &mut self.planes[plane.0 as usize];
                p.loc = if p.damaged { Loc::Repair } else { Loc::Hangar };
            }
            Event::AttackEnded { .. } => self.phase = Phase::Between,
            Event::GameOver { winner, .. } => self.phase = Phase::Over { winner },
        }
    }

    // ----- history -----

    /// Takes back the last command, if it rolled no dice: the game is rebuilt
    /// from its seed and the earlier commands, so no die is ever re-rolled.
    pub fn undo(&self) -> Option<Game> {
        if *self.command_rolled.last()? {
            return None;
        }
        let mut g = Game::build(
            self.scenario.clone(),
            self.options,
            self.seed,
            self.keep_events,
        );
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
