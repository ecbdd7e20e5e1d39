//! The campaign's custom dice: six faces of crosses (Luftwaffe), roundels
//! (RAF) and blanks, in different mixes for the two sides' dice. Rolled from
//! the campaign's own seeded stream like every die in the game.

use crate::common::dice::{Dice, DieKind};
use serde::{Deserialize, Serialize};

/// One face of a campaign die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Face {
    /// The Luftwaffe's cross (`+` on the sheet).
    Cross,
    /// The RAF's roundel (`o`).
    Roundel,
    /// A blank face (`-`).
    Blank,
}

impl Face {
    pub fn symbol(self) -> char {
        match self {
            Face::Cross => '+',
            Face::Roundel => 'o',
            Face::Blank => '-',
        }
    }
}

/// How many of a die's six faces show each symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieFaces {
    pub cross: u8,
    pub roundel: u8,
    pub blank: u8,
}

impl DieFaces {
    pub fn sides(self) -> u8 {
        self.cross + self.roundel + self.blank
    }

    /// The face a d6 result shows: crosses first, then roundels, then blanks.
    pub fn face(self, roll: u8) -> Face {
        if roll <= self.cross {
            Face::Cross
        } else if roll <= self.cross + self.roundel {
            Face::Roundel
        } else {
            Face::Blank
        }
    }

    /// Faces showing `f`, out of six.
    pub fn count(self, f: Face) -> u8 {
        match f {
            Face::Cross => self.cross,
            Face::Roundel => self.roundel,
            Face::Blank => self.blank,
        }
    }

    pub fn roll(self, dice: &mut Dice) -> Face {
        let r = dice.roll(DieKind::Other, self.sides());
        self.face(r)
    }
}

/// Two dice read together, in either order: the sheet's `+o` is a cross on
/// one die and a roundel on the other, whichever die shows which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pair(pub Face, pub Face);

impl Pair {
    pub fn matches(self, a: Face, b: Face) -> bool {
        (self.0 == a && self.1 == b) || (self.0 == b && self.1 == a)
    }

    /// The chance, in 36ths, that a Luftwaffe die and an RAF die show this pair.
    pub fn chance_36(self, luftwaffe: DieFaces, raf: DieFaces) -> u32 {
        let one = |a: Face, b: Face| luftwaffe.count(a) as u32 * raf.count(b) as u32;
        if self.0 == self.1 {
            one(self.0, self.1)
        } else {
            one(self.0, self.1) + one(self.1, self.0)
        }
    }

    /// As the sheet writes it: `+o`, `--`.
    pub fn text(self) -> String {
        format!("{}{}", self.0.symbol(), self.1.symbol())
    }
}

/// Shuffles `items` with the campaign's dice (Fisher-Yates), so a shuffle is
/// part of the seeded game like any roll.
pub fn shuffle<T>(items: &mut [T], dice: &mut Dice) {
    for i in (1..items.len()).rev() {
        let j = pick(dice, i + 1);
        items.swap(i, j);
    }
}

/// A uniform index below `n` (n at most 65,535), from one or two dice.
pub fn pick(dice: &mut Dice, n: usize) -> usize {
    assert!(
        n > 0 && n <= u16::MAX as usize,
        "pick from 1 to 65535 items"
    );
    if n <= 255 {
        dice.roll(DieKind::Other, n as u8) as usize - 1
    } else {
        // Two base-256 digits, rejecting the top of the range for uniformity.
        loop {
            let hi = dice.roll(DieKind::Other, 255) as usize; // 1..=255
            let lo = dice.roll(DieKind::Other, 255) as usize;
            let v = (hi - 1) * 255 + (lo - 1);
            let limit = (255 * 255 / n) * n;
            if v < limit {
                return v % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LW: DieFaces = DieFaces {
        cross: 1,
        roundel: 3,
        blank: 2,
    };

    #[test]
    fn faces_follow_the_counts() {
        let got: Vec<Face> = (1..=6).map(|r| LW.face(r)).collect();
        assert_eq!(
            got,
            [
                Face::Cross,
                Face::Roundel,
                Face::Roundel,
                Face::Roundel,
                Face::Blank,
                Face::Blank
            ]
        );
    }

    #[test]
    fn a_pair_matches_either_order() {
        let p = Pair(Face::Cross, Face::Roundel);
        assert!(p.matches(Face::Roundel, Face::Cross));
        assert!(p.matches(Face::Cross, Face::Roundel));
        assert!(!p.matches(Face::Cross, Face::Cross));
    }

    #[test]
    fn a_shuffle_is_a_permutation_and_reproducible() {
        let mut a: Vec<u32> = (0..50).collect();
        let mut b = a.clone();
        shuffle(&mut a, &mut Dice::new(4));
        shuffle(&mut b, &mut Dice::new(4));
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(a, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn pick_is_uniform_enough_above_255() {
        let mut d = Dice::without_log(2);
        let mut counts = [0u32; 4];
        for _ in 0..40_000 {
            counts[pick(&mut d, 1000) / 250] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
    }
}
