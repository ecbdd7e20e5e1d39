//! How well the computer plays a seat: three levels shared by every game.
//!
//! Each game's opponent reads the level of the seat it decides for. The
//! level is kept with the seat's player in saves, so a loaded game goes on
//! against the same opponent; replays hold the commands, so a replay never
//! needs it.

use serde::{Deserialize, Serialize};

/// The computer's level for a seat, weakest first.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Level {
    /// Flies by the simplest reading of the board: no looking ahead.
    Recruit,
    /// Weighs every move it can make this turn.
    #[default]
    Veteran,
    /// Also looks ahead over the dice and the other side's replies.
    Ace,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Recruit, Level::Veteran, Level::Ace];

    /// The level's name, as the menus say it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Recruit => "Recruit",
            Level::Veteran => "Veteran",
            Level::Ace => "Ace",
        }
    }

    /// The next level up, wrapping round (for a button that cycles).
    pub fn next(self) -> Level {
        match self {
            Level::Recruit => Level::Veteran,
            Level::Veteran => Level::Ace,
            Level::Ace => Level::Recruit,
        }
    }

    /// The next of a game's own `levels` (weakest first) after this one,
    /// wrapping round; the first for a level the game does not have.
    pub fn next_of(self, levels: &[Level]) -> Level {
        let at = levels.iter().position(|l| *l == self);
        at.map_or(levels[0], |i| levels[(i + 1) % levels.len()])
    }

    /// The level named `s` (any case), for the command line.
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered_weakest_first_and_cycle_through_all_three() {
        assert!(Level::Recruit < Level::Veteran && Level::Veteran < Level::Ace);
        let mut l = Level::Recruit;
        let mut seen = vec![l];
        for _ in 0..2 {
            l = l.next();
            seen.push(l);
        }
        assert_eq!(seen, Level::ALL);
        assert_eq!(l.next(), Level::Recruit);
        assert_eq!(Level::default(), Level::Veteran);
        for l in Level::ALL {
            assert_eq!(Level::parse(&l.name().to_uppercase()), Some(l));
        }
        assert_eq!(Level::parse("general"), None);
    }
}
