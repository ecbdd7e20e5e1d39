//! The campaign's opponents: a Luftwaffe planner (`luftwaffe`) and an RAF
//! controller (`raf`). Each reads the campaign as its side may see it (the
//! RAF does not look at the geschwader's targets or at the gruppen placed
//! face down) and proposes a command, which goes through `check` like a
//! player's: a refused proposal is an error, never replaced by another
//! command. Battles on the hex board are played by Simple Hex's opponent.
//!
//! Every decision depends only on the campaign (its seed, its commands,
//! where it stands) and the side's level: a fresh [`Opponents`] decides as
//! one that played the whole campaign.
//!
//! The levels (`Level`): the Recruit plays the simplest reading (each raid
//! straight at the target it values most, one wave, its gruppen dealt round;
//! the RAF puts every production die on squadrons and splits five
//! squadrons or more over the two largest gruppen); the Veteran weighs the
//! raids and wings on the map now, and sends one raid in four in the second
//! wave; the Ace keeps the Luftwaffe's raids together in the first wave
//! (measured: the second wave splits the raids more than the defence), and
//! its RAF looks ahead, at the calendar (a damaged fighter that next turn's
//! rotation or allied squadron will bring back is not rebuilt with dice) and
//! at the gruppen's sizes (a gruppe larger than the others holds the
//! fighters).
//!
//! Battles on a board are played at the campaign's levels too: Simple Hex's
//! opponent flies each side at that side's level, and the family board's
//! commander opponent flies the Spitfires at the RAF's.

mod luftwaffe;
mod raf;

use super::data::Square;
use super::game::{Campaign, Command, Stage};
use crate::common::game::Opponent;
use crate::common::Level;
use crate::common::Side;
use crate::simple_hex::ai::Ai as HexAi;

fn distance(a: Square, b: Square) -> i32 {
    (a.col - b.col).abs().max((a.row - b.row).abs())
}

/// A small deterministic mix of the campaign's state, for choices that
/// should vary from game to game without a second random stream.
fn stir(c: &Campaign, salt: u64) -> u64 {
    let mut x = c
        .setup()
        .seed
        .wrapping_add(c.commands().len() as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ salt;
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 32)
}

/// What a side's opponent plays now at the default level (Veteran),
/// before `check` has seen it. `None` when it is not that side's decision.
pub fn propose(c: &Campaign, side: Side) -> Option<Command> {
    propose_at(c, side, Level::default())
}

/// What a side's opponent of `level` plays now, before `check` has seen it.
pub fn propose_at(c: &Campaign, side: Side, level: Level) -> Option<Command> {
    if c.to_act() != Some(side) {
        return None;
    }
    match c.stage() {
        Stage::Battle => return battle_move(c, side, level),
        // The controller has no board to fight on: its dice decide.
        Stage::HowToFight { .. } => return Some(Command::WithDice),
        _ => {}
    }
    match side {
        Side::German => luftwaffe::luftwaffe(c, level),
        Side::British => raf::raf(c, level),
    }
}

/// A battle move for one side at `level`, from a fresh Simple Hex opponent:
/// it decides exactly as one that played the whole battle (its dice are the
/// battle's), only more slowly, rebuilding the battle to where its plan for
/// the moving plane began.
pub fn battle_move(c: &Campaign, side: Side, level: Level) -> Option<Command> {
    if let Some(t) = c.family_battle() {
        // The family board: the Luftwaffe spins for its raid (no level to
        // it), the RAF's Spitfires fly as the family game's commander
        // opponent at `level` flies them.
        return crate::family::ai::decide_at(&t.game, level).map(Command::Family);
    }
    let t = c.battle()?;
    HexAi::at(level, level)
        .decide(&t.game, side)
        .map(Command::Hex)
}

/// Both opponents, for either side, each at its level, on the map and on
/// the board. It keeps Simple Hex's opponent, at the same levels, from move
/// to move of a battle on the board (only a cache: a fresh one decides the
/// same).
#[derive(Clone)]
pub struct Opponents {
    board: HexAi,
    /// The Luftwaffe's level and the RAF's.
    levels: [Level; 2],
    /// The levels each side's battles on the boards are flown at (the
    /// campaign's, unless `with_board_levels` says otherwise).
    board_levels: [Level; 2],
}

impl Opponents {
    /// The Luftwaffe planner at `luftwaffe`, the RAF controller at `raf`.
    pub fn at(luftwaffe: Level, raf: Level) -> Opponents {
        Opponents {
            board: HexAi::at(luftwaffe, raf),
            levels: [luftwaffe, raf],
            board_levels: [luftwaffe, raf],
        }
    }

    /// The same opponents on the map, with each side's battles on the
    /// boards flown at another level (the simulator's measure of what a
    /// better-flown board battle gives its side).
    pub fn with_board_levels(self, luftwaffe: Level, raf: Level) -> Opponents {
        Opponents {
            board: HexAi::at(luftwaffe, raf),
            board_levels: [luftwaffe, raf],
            ..self
        }
    }

    /// Simple Hex's opponent for a battle of this campaign on the hex
    /// board: each side at its campaign level.
    pub fn hex_board(&self) -> HexAi {
        HexAi::at(self.board_levels[0], self.board_levels[1])
    }

    /// The family game's opponent for an intercept on the family board:
    /// the Spitfires (every commander seat) at the RAF's level.
    pub fn family_board(&self) -> crate::family::ai::Ai {
        crate::family::ai::Ai::at(self.board_levels[1])
    }

    /// The level of a side's opponent.
    pub fn level(&self, side: Side) -> Level {
        match side {
            Side::German => self.levels[0],
            Side::British => self.levels[1],
        }
    }
}

impl Opponent<Campaign> for Opponents {
    fn decide(&mut self, game: &Campaign, seat: Side) -> Option<Command> {
        match (game.stage(), game.battle()) {
            (Stage::Battle, Some(t)) if game.to_act() == Some(seat) => {
                self.board.decide(&t.game, seat).map(Command::Hex)
            }
            (Stage::Battle, None) if game.to_act() == Some(seat) => {
                let level = match seat {
                    Side::German => self.board_levels[0],
                    Side::British => self.board_levels[1],
                };
                battle_move(game, seat, level)
            }
            _ => propose_at(game, seat, self.level(seat)),
        }
    }
}

impl Default for Opponents {
    /// Both sides at the default level (Veteran).
    fn default() -> Opponents {
        Opponents::at(Level::default(), Level::default())
    }
}
