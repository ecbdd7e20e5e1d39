//! The campaign's commands: every decision of either player, as the
//! screen, the opponents, a save and a replay give it.

use super::data::Square;
use crate::simple_hex::Command as HexCommand;
use serde::{Deserialize, Serialize};

/// Every decision of either player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// British: make one squadron of this turn's rotations (index into
    /// [`State::rotations_left`](super::state::State::rotations_left)).
    Rotate(usize),
    /// British: no more rotations this turn (the rest are lost).
    EndRotations,
    /// British: of this throw's production dice, this many for squadrons;
    /// the rest repair airfields, radar and factories.
    Production {
        squadrons: u8,
    },
    /// British: a successful squadron die rebuilds this damaged squadron.
    Rebuild(usize),
    /// British: a successful ground die repairs this knocked-out target card.
    Mend(u16),
    /// British: a 13 Group reserve point rebuilds this damaged 13 Group squadron.
    Reserve(usize),
    /// British: done with this throw's successes (the rest are lost).
    EndRepairs,
    /// German, at a new phase: give back a card, keeping three.
    Discard(u16),
    /// German, from turn 9: a Luftflotte 2 geschwader of fewer than seven
    /// takes a squadron, from the Luftflotte's box (`None`) or from another
    /// of its geschwader.
    Reinforce {
        geschwader: usize,
        from: Option<usize>,
    },
    EndReinforce,
    /// British, from turn 9: two 12 Group wings fly as one Big Wing.
    BigWing(usize, usize),
    NoBigWing,
    /// German: a geschwader's target and the Tally Ho phase it takes off in.
    Assign {
        geschwader: usize,
        card: u16,
        wave: u8,
    },
    EndMissions,
    /// German: the moving geschwader flies one square.
    Step(Square),
    /// German: the moving geschwader reaches for home.
    Home,
    /// British: scramble this wing against the geschwader that entered a
    /// radar square.
    Intercept(usize),
    NoIntercept,
    /// British: no more intercepts this Tally Ho phase. This one is
    /// declined, and so is every radar square entered until the next phase
    /// begins (the player is not asked at each one).
    NoMoreIntercepts,
    /// British: the intercepting wing flies one square.
    WingStep(Square),
    /// British, RAF movement: a wing flies to a square within reach.
    MoveWing {
        wing: usize,
        to: Square,
    },
    EndRafMovement,
    /// British: fight the intercept that is about to begin on the hex board.
    OnTheBoard,
    /// British: throw the intercept with the campaign's dice.
    WithDice,
    /// Either side: a command of the battle on the hex board.
    Hex(HexCommand),
    /// British: fight the intercept about to begin on the family board.
    OnTheFamilyBoard,
    /// A command of the battle on the family board: a Spitfire's (the
    /// RAF's), or the spin of the raid's next plane (the Luftwaffe's).
    Family(crate::family::Command),
    /// Hits taken: this squadron is lost.
    Lose(usize),
    /// Hits taken in an intercept: this squadron, hit for less than its
    /// defence, is stood down (once a side in an intercept).
    StandDown(usize),
    /// German, dogfight: the next squadron of the geschwader joins this gruppe.
    Gruppe(u8),
    /// British, dogfight: the next squadron attacks this gruppe (or none).
    Attack(Option<u8>),
}

impl Command {
    /// Whether it opens or plays a battle on a board.
    pub fn on_a_board(&self) -> bool {
        matches!(
            self,
            Command::OnTheBoard | Command::Hex(_) | Command::OnTheFamilyBoard | Command::Family(_)
        )
    }

    /// The command's kind, as a sentence names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::Rotate(_) => "A rotation",
            Command::EndRotations => "Ending the rotations",
            Command::Production { .. } => "A production split",
            Command::Rebuild(_) => "A rebuild",
            Command::Mend(_) => "A repair",
            Command::Reserve(_) => "A reserve rebuild",
            Command::EndRepairs => "Ending the repairs",
            Command::Discard(_) => "A discard",
            Command::Reinforce { .. } => "A reinforcement",
            Command::EndReinforce => "Ending the reinforcements",
            Command::BigWing(..) => "The Big Wing",
            Command::NoBigWing => "Declining the Big Wing",
            Command::Assign { .. } => "A mission",
            Command::EndMissions => "Ending the missions",
            Command::Step(_) => "A geschwader's step",
            Command::Home => "Reaching for home",
            Command::Intercept(_) => "An intercept",
            Command::NoIntercept => "Declining an intercept",
            Command::NoMoreIntercepts => "Declining intercepts for the phase",
            Command::WingStep(_) => "An intercepting wing's step",
            Command::MoveWing { .. } => "A wing's move",
            Command::EndRafMovement => "Ending RAF movement",
            Command::OnTheBoard => "A battle on the board",
            Command::WithDice => "A battle with dice",
            Command::Hex(_) => "A move on the board",
            Command::OnTheFamilyBoard => "A battle on the family board",
            Command::Family(_) => "A move on the family board",
            Command::Lose(_) => "A loss",
            Command::StandDown(_) => "A stand-down",
            Command::Gruppe(_) => "A gruppe",
            Command::Attack(_) => "An attack",
        }
    }
}
