//! The pieces of the campaign's state: where each wing and geschwader is
//! this turn, the fight and the dogfight in progress, the jobs of the
//! battle step, the decision the campaign waits for, and the tallies.
//!
//! Their fields are public to read; only [`apply`](super::apply::apply) holds them
//! mutably, since the state that owns them gives them out by `&` only.

use crate::campaign::data::Square;
use crate::common::Side;
use serde::{Deserialize, Serialize};

/// Where a wing is this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WingState {
    /// Not formed this turn (no squadrons, its airfield knocked out, a
    /// respite, or merged into the Big Wing).
    Unformed,
    /// At its station, ready to scramble.
    Ready,
    /// Scrambled against a geschwader this Tally Ho phase.
    Intercepting(usize),
    /// Back at its station after an intercept that did not reach: it cannot
    /// move again this Tally Ho phase.
    Returned,
    /// In the air at `at`.
    Aloft,
    /// Fought this Tally Ho phase: it returns to base at the phase's end.
    Fought,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WingNow {
    pub squadrons: Vec<usize>,
    pub at: Square,
    pub state: WingState,
    /// This wing is the Big Wing (two wings' squadrons).
    pub big: bool,
    /// Reached its geschwader in an intercept this phase.
    pub met: Option<usize>,
    /// Moved in this RAF movement.
    pub moved: bool,
}

impl WingNow {
    /// A wing not formed, at its station.
    pub(crate) fn unformed(at: Square) -> WingNow {
        WingNow {
            squadrons: Vec::new(),
            at,
            state: WingState::Unformed,
            big: false,
            met: None,
            moved: false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RaidState {
    /// Not flying this turn.
    Idle,
    /// Assigned a target; takes off in Tally Ho phase `wave`.
    Waiting,
    Aloft,
    /// Reached for home (bombed, turned back, or out of time).
    Home,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeschwaderNow {
    pub squadrons: Vec<usize>,
    pub at: Square,
    pub state: RaidState,
    pub target: Option<u16>,
    pub wave: u8,
    /// Squares flown this Tally Ho phase.
    pub moved: u8,
    /// Stopped for this Tally Ho phase (met a wing, bomb run, or flew its squares).
    pub stopped: bool,
    /// On its target's square: it bombs in the battle step.
    pub bomb_run: bool,
    /// The furthest it has been from its base this turn.
    pub furthest: u8,
    /// Entered a radar square this turn.
    pub crossed_radar: bool,
    /// Turned for home of its own accord before bombing.
    pub turned_back: bool,
}

impl GeschwaderNow {
    /// A geschwader not flying, at its base.
    pub(crate) fn idle(at: Square) -> GeschwaderNow {
        GeschwaderNow {
            squadrons: Vec::new(),
            at,
            state: RaidState::Idle,
            target: None,
            wave: 1,
            moved: 0,
            stopped: false,
            bomb_run: false,
            furthest: 0,
            crossed_radar: false,
            turned_back: false,
        }
    }
}

/// A fight in the battle step: squadrons against squadrons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fight {
    pub intercept: bool,
    pub geschwader: usize,
    pub wings: Vec<usize>,
    pub raf: Vec<usize>,
    pub luftwaffe: Vec<usize>,
    pub round: u8,
    /// Hits still to be taken by each side this round.
    pub on_luftwaffe: u8,
    pub on_raf: u8,
    pub raf_stood_down: bool,
    pub luftwaffe_stood_down: bool,
    /// Fought on the board: over when its battle is (no rounds of dice).
    #[serde(default)]
    pub on_board: bool,
    /// An intercept of a raid's part with no bomber in it: a fighter sweep.
    #[serde(default)]
    pub sweep: bool,
}

impl Fight {
    pub(crate) fn new(
        intercept: bool,
        geschwader: usize,
        wings: Vec<usize>,
        raf: Vec<usize>,
        luftwaffe: Vec<usize>,
    ) -> Fight {
        Fight {
            intercept,
            geschwader,
            wings,
            raf,
            luftwaffe,
            round: 0,
            on_luftwaffe: 0,
            on_raf: 0,
            raf_stood_down: false,
            luftwaffe_stood_down: false,
            on_board: false,
            sweep: false,
        }
    }
}

/// Something the battle step still has to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Job {
    Intercept { wing: usize, geschwader: usize },
    Dogfight { geschwader: usize },
    Bomb { geschwader: usize },
}

/// The gruppen of a dogfight and who attacks which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dogfight {
    pub geschwader: usize,
    pub wings: Vec<usize>,
    /// The geschwader's squadrons, in the order they are put into gruppen.
    pub squadrons: Vec<usize>,
    pub gruppe_of: Vec<u8>,
    /// The RAF squadrons, in the order they choose a gruppe.
    pub raf: Vec<usize>,
    pub attacks: Vec<Option<u8>>,
    /// Gruppen still to be fought, in order.
    pub left: Vec<u8>,
}

impl Dogfight {
    /// The gruppen placed so far (face down until fought).
    pub fn gruppen_formed(&self) -> u8 {
        self.gruppe_of.iter().max().map_or(0, |m| m + 1)
    }

    /// The squadrons placed in gruppe `k` so far, in the order placed.
    pub fn gruppe(&self, k: u8) -> impl Iterator<Item = usize> + '_ {
        self.gruppe_of
            .iter()
            .zip(&self.squadrons)
            .filter(move |(g, _)| **g == k)
            .map(|(_, &s)| s)
    }

    /// The RAF squadrons that chose to attack gruppe `k`, in order.
    pub fn attackers(&self, k: u8) -> Vec<usize> {
        self.raf
            .iter()
            .zip(&self.attacks)
            .filter(|&(_, &a)| a == Some(k))
            .map(|(&q, _)| q)
            .collect()
    }
}

/// Whose decision the campaign waits for, and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Stage {
    KeepHand,
    Rotations,
    ProductionSplit {
        dice: u8,
    },
    Repairs,
    Reinforce,
    BigWing,
    Missions,
    /// The German moves this geschwader (Tally Ho phase, Luftwaffe movement).
    Fly {
        geschwader: usize,
    },
    /// The geschwader entered a radar square: may a wing intercept?
    InterceptChoice {
        geschwader: usize,
    },
    /// The intercepting wing's single-square move.
    InterceptStep {
        geschwader: usize,
        wing: usize,
    },
    RafMovement,
    /// An intercept (or, with `dogfight`, a dogfight whose gruppen are
    /// formed) is about to be fought: on the hex board or with dice?
    HowToFight {
        wing: usize,
        geschwader: usize,
        #[serde(default)]
        dogfight: bool,
    },
    /// The intercept or dogfight is being fought on the hex board ([`Campaign::battle`](crate::campaign::game::Campaign::battle)).
    Battle,
    Gruppen,
    Attacks,
    /// The side takes the hits of the current fight.
    Allocate {
        side: Side,
    },
    Over,
}

/// What the campaign's intercepts came to, however they were fought (for
/// the simulator's comparison of the dice with the board).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterceptTally {
    /// Intercepts fought (with dice or on the board).
    pub fought: u32,
    /// Of them, on a board...
    pub on_board: u32,
    /// ...of those, on the family board.
    #[serde(default)]
    pub on_family_board: u32,
    pub raf_lost: u32,
    pub luftwaffe_lost: u32,
    pub raf_stood_down: u32,
    pub luftwaffe_stood_down: u32,
    /// The planes of the bomber squadrons in intercepts on a board, and
    /// those of them that got through.
    #[serde(default)]
    pub board_planes: u32,
    #[serde(default)]
    pub board_through: u32,
    /// Dogfights fought (with dice or on the board, not counted above)...
    #[serde(default)]
    pub dogfights: u32,
    /// ...of them, on the board...
    #[serde(default)]
    pub dogfights_on_board: u32,
    /// ...each side's squadrons that fought in them (attacked or were
    /// attacked; with the dice, in a gruppe's fight; on the board, fired
    /// or were fired on)...
    #[serde(default)]
    pub dogfight_raf: u32,
    #[serde(default)]
    pub dogfight_luftwaffe: u32,
    /// ...and those each side lost in them.
    #[serde(default)]
    pub dogfight_raf_lost: u32,
    #[serde(default)]
    pub dogfight_luftwaffe_lost: u32,
    /// Of the intercepts, fighter sweeps (no bomber in the raid's part),
    /// and what each side lost and stood down in them (counted above too).
    #[serde(default)]
    pub sweeps: u32,
    #[serde(default)]
    pub sweep_raf_lost: u32,
    #[serde(default)]
    pub sweep_luftwaffe_lost: u32,
    #[serde(default)]
    pub sweep_raf_stood_down: u32,
    #[serde(default)]
    pub sweep_luftwaffe_stood_down: u32,
}

/// The record of one turn, for the simulator and the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    pub flew: bool,
    pub missions: u8,
    pub bombed: u8,
    pub raf_lost: u8,
    pub luftwaffe_lost: u8,
    /// Rotations the calendar brought due this turn, one per squadron.
    #[serde(default)]
    pub rotations_due: u8,
    /// Of those, the rotations made.
    #[serde(default)]
    pub rotations_made: u8,
}
