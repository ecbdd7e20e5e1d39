//! Hex geometry for every board game in Tally-Ho, on top of `hexx`.
//!
//! Boards are flat-topped hexes (a plane flying straight faces a flat edge) stored
//! in a `hexx::storage::RectMap`. Files speak offset coordinates `[column, row]`
//! (odd columns shoved down, row 0 at the north end); the engine speaks `hexx::Hex`.

use hexx::storage::{HexStore, RectMap, RectMetadata};
use hexx::{EdgeDirection, Hex, HexOrientation, IVec2, OffsetHexMode, UVec2};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the six flat edges a plane can face. Never a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Facing {
    North,
    NorthEast,
    SouthEast,
    South,
    SouthWest,
    NorthWest,
}

impl Facing {
    pub const ALL: [Facing; 6] = [
        Facing::North,
        Facing::NorthEast,
        Facing::SouthEast,
        Facing::South,
        Facing::SouthWest,
        Facing::NorthWest,
    ];

    /// The hexx edge direction this facing looks through. `Facing` lists the
    /// flat edges clockwise from north, as hexx numbers them from its index 4.
    pub fn edge(self) -> EdgeDirection {
        EdgeDirection::ALL_DIRECTIONS[(self as usize + 4) % 6]
    }

    pub fn from_edge(edge: EdgeDirection) -> Facing {
        Facing::ALL[(edge.index() as usize + 2) % 6]
    }

    /// The facing after a diagonal move to the forward-left hex.
    pub fn left(self) -> Facing {
        Facing::ALL[(self as usize + 5) % 6]
    }

    /// The facing after a diagonal move to the forward-right hex.
    pub fn right(self) -> Facing {
        Facing::ALL[(self as usize + 1) % 6]
    }

    /// The facing turned 180 degrees.
    pub fn reverse(self) -> Facing {
        Facing::ALL[(self as usize + 3) % 6]
    }

    /// Number of 60-degree turns between two facings (0 to 3).
    pub fn turns_to(self, other: Facing) -> u8 {
        let d = (self as u8 + 6 - other as u8) % 6;
        d.min(6 - d)
    }

    /// The hex this facing looks into from `hex`.
    pub fn ahead(self, hex: Hex) -> Hex {
        hex.neighbor(self.edge())
    }

    /// The facing in which `to` lies seen from `from`, if they are adjacent.
    pub fn between(from: Hex, to: Hex) -> Option<Facing> {
        Facing::ALL.into_iter().find(|f| f.ahead(from) == to)
    }

    pub fn short(self) -> &'static str {
        match self {
            Facing::North => "N",
            Facing::NorthEast => "NE",
            Facing::SouthEast => "SE",
            Facing::South => "S",
            Facing::SouthWest => "SW",
            Facing::NorthWest => "NW",
        }
    }
}

/// The two narrow ends of a board, where planes enter and leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum End {
    North,
    South,
}

impl End {
    pub fn opposite(self) -> End {
        match self {
            End::North => End::South,
            End::South => End::North,
        }
    }

    /// The facing of a plane flying straight toward this end.
    pub fn facing_toward(self) -> Facing {
        match self {
            End::North => Facing::North,
            End::South => Facing::South,
        }
    }
}

/// Where a hex lies relative to a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    On,
    /// Beyond a narrow end: leaving the board this way is an exit.
    OffEnd(End),
    /// Beyond a long side: no plane may go there.
    OffSide,
}

const ORIENTATION: HexOrientation = HexOrientation::Flat;
const OFFSET_MODE: OffsetHexMode = OffsetHexMode::Odd;

/// Offset coordinates as level files write them.
pub fn hex_from_offset(column: i32, row: i32) -> Hex {
    Hex::from_offset_coordinates([column, row], OFFSET_MODE, ORIENTATION)
}

pub fn offset_of(hex: Hex) -> [i32; 2] {
    hex.to_offset_coordinates(OFFSET_MODE, ORIENTATION)
}

/// Where the hex ahead of a cell lies: another cell, or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Cell(u16),
    OffEnd(End),
    OffSide,
}

/// A rectangular board of flat-topped hexes, each cell holding what occupies it.
///
/// The `RectMap` is the board's storage. For the move search, the board also
/// keeps, by dense cell index, each cell's hex and its six neighbours (worked
/// out once with hexx), and a version number that changes with occupancy.
#[derive(Clone)]
pub struct Board<T: Clone> {
    columns: u32,
    rows: u32,
    cells: RectMap<Option<T>>,
    cell_hex: Vec<Hex>,
    links: Vec<Link>,
    /// Bumped on every change of occupancy, so searches know when to forget.
    version: u64,
    /// One bit per dense cell, set while the cell is free (kept by `set`).
    free: Vec<u64>,
}

/// Two boards are equal when they have the same size and the same occupants
/// in the same cells (the version, a cache key for searches, is left out).
impl<T: Clone + PartialEq> PartialEq for Board<T> {
    fn eq(&self, other: &Self) -> bool {
        self.columns == other.columns
            && self.rows == other.rows
            && self.occupied().eq(other.occupied())
    }
}

impl<T: Clone + fmt::Debug> fmt::Debug for Board<T> {
    /// The size and the occupied cells, in the board's order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("columns", &self.columns)
            .field("rows", &self.rows)
            .field("occupied", &self.occupied().collect::<Vec<_>>())
            .finish()
    }
}

impl<T: Clone> Board<T> {
    pub fn new(columns: u32, rows: u32) -> Self {
        let cells = RectMetadata::from_start_dim(IVec2::ZERO, UVec2::new(columns, rows))
            .with_orientation(ORIENTATION)
            .with_offset_mode(OFFSET_MODE)
            .build(|_| None);
        let mut board = Board {
            columns,
            rows,
            cells,
            cell_hex: Vec::new(),
            links: Vec::new(),
            version: 0,
            free: Vec::new(),
        };
        let cells = (columns * rows) as usize;
        board.free = (0..cells.div_ceil(64))
            .map(|w| {
                let n = (cells - w * 64).min(64);
                if n == 64 {
                    u64::MAX
                } else {
                    (1u64 << n) - 1
                }
            })
            .collect();
        board.cell_hex = (0..rows as i32)
            .flat_map(|r| (0..columns as i32).map(move |c| hex_from_offset(c, r)))
            .collect();
        board.links = board
            .cell_hex
            .iter()
            .flat_map(|&h| Facing::ALL.map(|f| f.ahead(h)))
            .map(|n| match board.spot(n) {
                Spot::On => Link::Cell(board.index(n).expect("on board") as u16),
                Spot::OffEnd(e) => Link::OffEnd(e),
                Spot::OffSide => Link::OffSide,
            })
            .collect();
        board
    }

    /// The hex of a dense cell index.
    pub fn cell_hex(&self, cell: u16) -> Hex {
        self.cell_hex[cell as usize]
    }

    /// What lies ahead of `cell` facing `facing`.
    #[inline]
    pub fn link(&self, cell: u16, facing: Facing) -> Link {
        self.links[cell as usize * 6 + facing as usize]
    }

    pub fn cell_is_free(&self, cell: u16) -> bool {
        self.free
            .get(cell as usize / 64)
            .is_some_and(|w| w >> (cell % 64) & 1 == 1)
    }

    /// The free cells as bits by dense index (bit `c % 64` of word `c / 64`).
    pub fn free_bits(&self) -> &[u64] {
        &self.free
    }

    /// Changes whenever any cell's occupant changes.
    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn columns(&self) -> u32 {
        self.columns
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn contains(&self, hex: Hex) -> bool {
        self.cells.contains_hex(hex)
    }

    pub fn spot(&self, hex: Hex) -> Spot {
        let [c, r] = offset_of(hex);
        if c < 0 || c >= self.columns as i32 {
            Spot::OffSide
        } else if r < 0 {
            Spot::OffEnd(End::North)
        } else if r >= self.rows as i32 {
            Spot::OffEnd(End::South)
        } else {
            Spot::On
        }
    }

    /// A dense index `row * columns + column` for on-board hexes.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        let [c, r] = offset_of(hex);
        if c < 0 || r < 0 || c >= self.columns as i32 || r >= self.rows as i32 {
            None
        } else {
            Some(r as usize * self.columns as usize + c as usize)
        }
    }

    pub fn len(&self) -> usize {
        (self.columns * self.rows) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, hex: Hex) -> Option<&T> {
        self.cells.get(hex).and_then(|c| c.as_ref())
    }

    pub fn is_free(&self, hex: Hex) -> bool {
        matches!(self.cells.get(hex), Some(None))
    }

    /// Puts `value` on `hex`, returning what was there. Off-board hexes are ignored.
    pub fn set(&mut self, hex: Hex, value: Option<T>) -> Option<T> {
        self.version += 1;
        if let Some(c) = self.index(hex) {
            let bit = 1u64 << (c % 64);
            if value.is_some() {
                self.free[c / 64] &= !bit;
            } else {
                self.free[c / 64] |= bit;
            }
        }
        match self.cells.get_mut(hex) {
            Some(cell) => std::mem::replace(cell, value),
            None => None,
        }
    }

    /// Every on-board hex, row by row, west to east (a fixed order).
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.cell_hex.iter().copied()
    }

    /// Occupied hexes in the same fixed order.
    pub fn occupied(&self) -> impl Iterator<Item = (Hex, &T)> + '_ {
        self.hexes().filter_map(|h| self.get(h).map(|t| (h, t)))
    }

    /// The off-board hex just beyond `end` in `column`: where planes wait to enter.
    pub fn entry_hex(&self, end: End, column: u32) -> Hex {
        match end {
            End::North => hex_from_offset(column as i32, -1),
            End::South => hex_from_offset(column as i32, self.rows as i32),
        }
    }

    /// Distance in rows from `hex` to the given end (0 on the edge row).
    pub fn rows_to(&self, hex: Hex, end: End) -> i32 {
        let [_, r] = offset_of(hex);
        match end {
            End::North => r,
            End::South => self.rows as i32 - 1 - r,
        }
    }
}

/// A hex in a file a player hands us (a save's commands), read strictly:
/// `Hex(x: 1, y: 2)` with no other field (hexx's own reading skips fields
/// it does not know). Written as hexx writes it, so records do not change.
pub mod strict_hex {
    use hexx::Hex;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Deserialize)]
    #[serde(rename = "Hex", deny_unknown_fields)]
    struct Strict {
        x: i32,
        y: i32,
    }

    pub fn serialize<S: Serializer>(hex: &Hex, s: S) -> Result<S::Ok, S::Error> {
        hex.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let h = Strict::deserialize(d)?;
        Ok(Hex::new(h.x, h.y))
    }

    /// The same for a hex that may be absent.
    pub mod option {
        use hexx::Hex;
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        #[derive(Deserialize)]
        #[serde(transparent)]
        struct Wrapped(#[serde(with = "super")] Hex);

        pub fn serialize<S: Serializer>(hex: &Option<Hex>, s: S) -> Result<S::Ok, S::Error> {
            hex.serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Hex>, D::Error> {
            Ok(Option::<Wrapped>::deserialize(d)?.map(|w| w.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_always_one_of_six_and_turns_round_trip() {
        for f in Facing::ALL {
            assert_eq!(f.left().right(), f);
            assert_eq!(f.reverse().reverse(), f);
            assert_eq!(f.turns_to(f.reverse()), 3);
            assert_eq!(f.turns_to(f.left()), 1);
            let mut g = f;
            for _ in 0..6 {
                g = g.right();
            }
            assert_eq!(g, f);
        }
        for f in Facing::ALL {
            // the rotation arithmetic agrees with hexx's own
            assert_eq!(f.right().edge(), f.edge().clockwise());
            assert_eq!(f.left().edge(), f.edge().counter_clockwise());
            assert_eq!(f.reverse().edge(), -f.edge());
            assert_eq!(Facing::from_edge(f.edge()), f);
        }
        assert_eq!(Facing::North.edge(), EdgeDirection::FLAT_TOP);
        assert_eq!(Facing::SouthEast.edge(), EdgeDirection::FLAT_BOTTOM_RIGHT);
        assert_eq!(Facing::North.right(), Facing::NorthEast);
        assert_eq!(Facing::North.left(), Facing::NorthWest);
    }

    #[test]
    fn north_is_row_minus_one_in_the_same_column() {
        let h = hex_from_offset(3, 5);
        assert_eq!(offset_of(Facing::North.ahead(h)), [3, 4]);
        assert_eq!(offset_of(Facing::South.ahead(h)), [3, 6]);
        // odd columns are shoved down: NE of (3,5) is (4,4)... and of (4,5) is (5,4)
        assert_eq!(offset_of(Facing::NorthEast.ahead(h)), [4, 5]);
        assert_eq!(
            offset_of(Facing::NorthEast.ahead(hex_from_offset(4, 5))),
            [5, 4]
        );
    }

    #[test]
    fn spots_classify_sides_and_ends() {
        let b: Board<u8> = Board::new(14, 18);
        assert_eq!(b.spot(hex_from_offset(0, 0)), Spot::On);
        assert_eq!(b.spot(hex_from_offset(-1, 4)), Spot::OffSide);
        assert_eq!(b.spot(hex_from_offset(14, 4)), Spot::OffSide);
        assert_eq!(b.spot(hex_from_offset(4, -1)), Spot::OffEnd(End::North));
        assert_eq!(b.spot(hex_from_offset(4, 18)), Spot::OffEnd(End::South));
        assert_eq!(b.len(), 252);
        assert_eq!(b.hexes().count(), 252);
    }

    #[test]
    fn the_free_bits_follow_every_change_of_occupancy() {
        let mut b: Board<u8> = Board::new(14, 18);
        let all = |b: &Board<u8>| (0..b.len() as u16).filter(|&c| b.cell_is_free(c)).count();
        assert_eq!(all(&b), 252);
        assert_eq!(b.free_bits().len(), 4);
        assert_eq!(b.free_bits()[3].count_ones(), 252 - 192);
        let h = hex_from_offset(13, 17);
        b.set(h, Some(1));
        let c = b.index(h).unwrap() as u16;
        assert!(!b.cell_is_free(c) && !b.is_free(h));
        assert_eq!(all(&b), 251);
        b.set(hex_from_offset(4, -1), Some(2)); // off the board: no cell
        assert_eq!(all(&b), 251);
        b.set(h, None);
        assert!(b.cell_is_free(c) && b.is_free(h));
        assert_eq!(all(&b), 252);
        for c in 0..b.len() as u16 {
            assert_eq!(b.cell_is_free(c), b.is_free(b.cell_hex(c)));
        }
    }

    #[test]
    fn cell_tables_agree_with_hexx() {
        let mut b: Board<u8> = Board::new(9, 13);
        for (i, h) in b.hexes().enumerate() {
            assert_eq!(b.index(h), Some(i));
            for f in Facing::ALL {
                let n = f.ahead(h);
                let want = match b.spot(n) {
                    Spot::On => Link::Cell(b.index(n).unwrap() as u16),
                    Spot::OffEnd(e) => Link::OffEnd(e),
                    Spot::OffSide => Link::OffSide,
                };
                assert_eq!(b.link(i as u16, f), want);
            }
        }
        let h = hex_from_offset(3, 4);
        let v = b.version();
        b.set(h, Some(7));
        assert!(b.version() > v);
        assert!(!b.cell_is_free(b.index(h).unwrap() as u16));
        assert_eq!(b.get(h), Some(&7));
    }
}
