//! The one legality test of Simple Hex, and why a command is refused.

use super::movement::{self, StepTo};
use super::{Command, Game, Phase, Step};
use std::fmt;

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

impl Game {
    pub(super) fn check_command(&self, cmd: &Command) -> Result<(), Illegal> {
        match self.phase() {
            Phase::Over { .. } => return Err(Illegal::GameOver),
            Phase::Between => return Err(Illegal::NotMovingPhase),
            _ => {}
        }
        match *cmd {
            Command::Enter { unit, column } => {
                let Phase::Entry { side } = self.phase() else {
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
                if column as u32 + needs as u32 > self.scenario().columns {
                    return Err(Illegal::ColumnsOffBoard {
                        needs,
                        columns: self.scenario().columns,
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
                    self.board(),
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
                        let ok = self.search().borrow_mut().can_finish(
                            self.board(),
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

    /// Every command `check` accepts now: each waiting unit at each column,
    /// each step, each target in reach, and the end of a move.
    pub(super) fn list_legal(&self) -> Vec<Command> {
        let mut out = Vec::new();
        match self.phase() {
            Phase::Entry { side } => {
                for unit in self.waiting_units(side) {
                    for column in 0..self.scenario().columns.min(255) as u8 {
                        out.push(Command::Enter { unit, column });
                    }
                }
            }
            Phase::Moving(_) => {
                out.extend(Step::ALL.map(Command::Step));
                self.for_each_target(|target| out.push(Command::Attack { target }));
                out.push(Command::EndMove);
            }
            Phase::Between | Phase::Over { .. } => {}
        }
        out.retain(|c| self.check(c).is_ok());
        out
    }
}
