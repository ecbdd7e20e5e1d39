//! Where the other side's fighters can strike before a plane moves again:
//! the danger an opponent weighs when it chooses where to end a move.
//!
//! - A Recruit counts enemy fighters within three hexes.
//! - A Veteran counts those whose average move (speed die and all) brings
//!   them within reach of the hex, and, less, those a good roll brings.
//! - Simple Hex's Ace flies as its Veteran (docs/RULES.md, "The
//!   opponents"): flying every enemy fighter's move for each face of its
//!   speed die won nothing measurable at ten times the time.
//!
//! Danger is in expected attacks on a plane standing on the hex.

use super::super::{Game, Plane, PlaneId, Role, Speed};
use crate::common::hex::Board;
use crate::common::Level;
use std::cell::RefCell;
use std::rc::Rc;

/// Hex distances between the cells of one board size, worked out once per
/// thread and size.
pub struct Geometry {
    columns: u32,
    rows: u32,
    cells: usize,
    dist: Vec<u8>,
}

thread_local! {
    static GEOMETRY: RefCell<Option<Rc<Geometry>>> = const { RefCell::new(None) };
}

impl Geometry {
    /// The distance table for `board`'s size (cached per thread).
    pub fn of(board: &Board<PlaneId>) -> Rc<Geometry> {
        GEOMETRY.with(|g| {
            let mut g = g.borrow_mut();
            if let Some(geo) = g.as_ref() {
                if geo.columns == board.columns() && geo.rows == board.rows() {
                    return geo.clone();
                }
            }
            let cells = board.len();
            let mut dist = vec![0u8; cells * cells];
            for a in 0..cells {
                let ha = board.cell_hex(a as u16);
                for b in 0..cells {
                    let d = ha.unsigned_distance_to(board.cell_hex(b as u16));
                    dist[a * cells + b] = d.min(255) as u8;
                }
            }
            let geo = Rc::new(Geometry {
                columns: board.columns(),
                rows: board.rows(),
                cells,
                dist,
            });
            *g = Some(geo.clone());
            geo
        })
    }

    /// Hexes between two cells.
    #[inline]
    pub fn dist(&self, a: u16, b: u16) -> u32 {
        self.dist[a as usize * self.cells + b as usize] as u32
    }
}

/// An enemy fighter that may strike: its cell (or the entry hex's nearest
/// cell when it waits off the board), its speed, and how much its attack
/// counts (one that has already moved this round counts less).
#[derive(Clone, Copy, Debug)]
struct Striker {
    cell: u16,
    weight: f32,
    base: u8,
    dice: bool,
    penalty: u8,
}

/// The danger on each hex for the plane about to move.
pub struct Danger {
    level: Level,
    geo: Option<Rc<Geometry>>,
    strikers: Vec<Striker>,
    /// Per cell: the danger, or NaN while not worked out.
    field: Vec<f32>,
}

impl Danger {
    pub fn new() -> Danger {
        Danger {
            level: Level::Veteran,
            geo: None,
            strikers: Vec::with_capacity(16),
            field: Vec::new(),
        }
    }

    /// Gets ready to answer `at` for `me` about to move at `level`.
    pub fn prepare(&mut self, game: &Game, me: &Plane, level: Level) {
        let board = game.board();
        self.level = level;
        self.geo = Some(Geometry::of(board));
        self.strikers.clear();
        let sc = game.scenario();
        for (i, p) in game.planes().iter().enumerate() {
            // A face-down plane fires at no one (it is spotted before it is
            // next to an enemy), and its type is not `me`'s to read.
            if p.side == me.side
                || p.role != Role::Fighter
                || !p.is_flying()
                || p.hidden_from(me.side)
            {
                continue;
            }
            let Some((hex, facing, staged)) = game.position(PlaneId(i as u8)) else {
                continue;
            };
            let at = if staged { facing.ahead(hex) } else { hex };
            let Some(cell) = board.index(at) else {
                continue;
            };
            let (base, dice) = match sc.aircraft[p.aircraft].speed {
                Speed::Fixed(n) => (n, false),
                Speed::D6Plus(n) => (n, true),
            };
            let penalty = if p.damaged {
                sc.rules.damaged_speed_penalty
            } else {
                0
            };
            // A damaged fighter is heading home: it strikes only by chance.
            let weight = if p.damaged { 0.25 } else { 1.0 } * if p.moved { 0.7 } else { 1.0 };
            self.strikers.push(Striker {
                cell: cell as u16,
                weight,
                base,
                dice,
                penalty,
            });
        }
        self.field.clear();
        self.field.resize(board.len(), f32::NAN);
    }

    /// The danger on `cell` (expected attacks, weighted).
    pub fn at(&mut self, cell: u16) -> f32 {
        let v = self.field[cell as usize];
        if !v.is_nan() {
            return v;
        }
        let geo = self.geo.as_ref().expect("prepared");
        let mut d = 0.0;
        for s in &self.strikers {
            let dist = geo.dist(s.cell, cell) as f32;
            d += s.weight
                * match self.level {
                    Level::Recruit => (dist <= 3.0) as u8 as f32,
                    _ => {
                        // The hex must be in reach of the move and one more.
                        let mean =
                            s.base as f32 + if s.dice { 3.5 } else { 0.0 } - s.penalty as f32;
                        let best =
                            s.base as f32 + if s.dice { 6.0 } else { 0.0 } - s.penalty as f32;
                        if dist <= mean + 1.0 {
                            0.8
                        } else if dist <= best + 1.0 {
                            0.3
                        } else {
                            0.0
                        }
                    }
                };
        }
        self.field[cell as usize] = d;
        d
    }
}

impl Default for Danger {
    fn default() -> Danger {
        Danger::new()
    }
}
