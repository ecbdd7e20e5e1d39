//! How the family game's results are measured for the end screen's grade
//! (`levels/family/spreads.ron`): a game some commander won counts by the
//! round its kills were made in (sooner is clearer); a game nobody won, by
//! the most kills a commander made (fewer is the bombers' clearer win).

use super::Setup;
use crate::common::spread::Better;
use crate::common::Level;

/// Some commander won.
pub const WON: &str = "won";
/// Nightfall, or every Spitfire lost: the bombers' game.
pub const NOBODY: &str = "nobody";
pub const OUTCOMES: [&str; 2] = [WON, NOBODY];

/// A finished game's outcome, its value and which way is clearer.
pub fn result(winner: Option<u8>, round: u32, kills: &[u8]) -> (&'static str, i32, Better) {
    match winner {
        Some(_) => (WON, round as i32, Better::Lower),
        None => (
            NOBODY,
            kills.iter().copied().max().unwrap_or(0) as i32,
            Better::Lower,
        ),
    }
}

/// The setting a set-up on `board` is measured as: the number of
/// commanders (the solo game with its difficulty) and the short game; not
/// which sectors they chose.
pub fn setting(board: &str, setup: &Setup) -> String {
    let n = setup.seats.len();
    let mut s = if n == 1 {
        format!("{board}, solo {}", setup.difficulty.name())
    } else {
        format!("{board}, {n} commanders")
    };
    if setup.short_game {
        s.push_str(", short");
    }
    s
}

/// Every set-up a spreads table measures on a board of `sectors` sectors:
/// 1 to 4 commanders in the first sectors on their first airfields, the
/// solo game at each difficulty, each both long and short.
pub fn measured(sectors: usize) -> Vec<Setup> {
    let mut out = Vec::new();
    for n in 1..=sectors.min(4) {
        let levels: &[Level] = if n == 1 {
            &Level::ALL
        } else {
            &[Level::Veteran]
        };
        for &difficulty in levels {
            for short_game in [false, true] {
                out.push(Setup {
                    short_game,
                    difficulty,
                    ..Setup::first_sectors(n)
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_names_the_commanders_the_solo_difficulty_and_the_short_game() {
        let mut s = Setup::first_sectors(3);
        assert_eq!(setting("full", &s), "full, 3 commanders");
        s.short_game = true;
        assert_eq!(setting("full", &s), "full, 3 commanders, short");
        let mut solo = Setup::first_sectors(1);
        solo.difficulty = Level::Ace;
        assert_eq!(setting("kitchen", &solo), "kitchen, solo Ace");
        // 1 commander at three difficulties, 2 to 4 at one, each twice.
        assert_eq!(measured(4).len(), 12);
        assert_eq!(result(Some(2), 17, &[1, 5]), (WON, 17, Better::Lower));
        assert_eq!(result(None, 60, &[1, 4]), (NOBODY, 4, Better::Lower));
    }
}
