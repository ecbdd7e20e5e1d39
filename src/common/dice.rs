//! Seeded dice owned by a game state. Every roll is drawn from the game's own
//! ChaCha8 stream (portable and reproducible: same seed, same rolls on every
//! machine) and written to the roll log. There is no global RNG anywhere.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// What a die was rolled for, so the log (and the screen) can say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieKind {
    Activation,
    Repair,
    Speed,
    Attack,
    ReturnFire,
    Bomb,
    /// The family game's flight indicator.
    Spinner,
    /// Anything a later game needs (the family game's spinner, campaign dice).
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub kind: DieKind,
    pub sides: u8,
    pub value: u8,
}

#[derive(Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    log: Vec<Roll>,
    keep_log: bool,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            log: Vec::new(),
            keep_log: true,
        }
    }

    /// Dice for bulk simulation: the same rolls, without keeping the log.
    pub fn without_log(seed: u64) -> Self {
        Dice {
            keep_log: false,
            ..Dice::new(seed)
        }
    }

    /// The same stream from here on, without the log (for trying moves).
    pub fn clone_without_log(&self) -> Self {
        Dice {
            rng: self.rng.clone(),
            log: Vec::new(),
            keep_log: false,
        }
    }

    /// Rolls one die with `sides` faces (1..=sides).
    pub fn roll(&mut self, kind: DieKind, sides: u8) -> u8 {
        let value = self.rng.random_range(1..=sides);
        if self.keep_log {
            self.log.push(Roll { kind, sides, value });
        }
        value
    }

    pub fn d6(&mut self, kind: DieKind) -> u8 {
        self.roll(kind, 6)
    }

    pub fn log(&self) -> &[Roll] {
        &self.log
    }
}

/// Derives the seed of game `index` of a series from the series seed
/// (SplitMix64), so game i is the same whichever thread plays it.
pub fn sub_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let ra: Vec<u8> = (0..100).map(|_| a.d6(DieKind::Other)).collect();
        let rb: Vec<u8> = (0..100).map(|_| b.d6(DieKind::Other)).collect();
        assert_eq!(ra, rb);
        assert_eq!(a.log().len(), 100);
        assert!(ra.iter().all(|v| (1..=6).contains(v)));
    }

    #[test]
    fn dice_are_fair_enough() {
        let mut d = Dice::without_log(1);
        let mut counts = [0u32; 8];
        for _ in 0..80_000 {
            counts[d.roll(DieKind::Other, 8) as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert!(d.log().is_empty());
    }

    #[test]
    fn sub_seeds_differ() {
        assert_ne!(sub_seed(1, 0), sub_seed(1, 1));
        assert_ne!(sub_seed(1, 0), sub_seed(2, 0));
    }
}
