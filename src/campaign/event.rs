//! What happened: the only way the campaign's state changes
//! ([`apply`](super::state::apply::apply) writes each event into it).
//!
//! The log is the campaign's whole history: every decision appears in it
//! with its choice, every die thrown with its result, every card drawn or
//! dealt by name. Some of it is hidden from one side (the German hand, the
//! targets, the gruppen placed face down): a screen shows each side only
//! what it may see.

use super::data::{Group, Square};
use super::dice::Face;
use super::rules::Rotation;
use super::score::Verdict;
use super::state::{Job, Stage};
use super::tactical::Outcome;
use super::weather::WeatherCard;
use crate::simple_hex::Command as HexCommand;
use serde::{Deserialize, Serialize};

/// Dice thrown together and the hits they scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    pub dice: u8,
    pub hits: u8,
}

/// How a raid's bombs fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BombRun {
    /// With the campaign's dice: the guns' throw, then the bombs' (none
    /// over a target already knocked out).
    Dice { aa: Throw, bombs: Option<Throw> },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    // ----- the start and the standby phase -----
    /// The weather cards shuffled at the start (the weather cards rule).
    WeatherCardsShuffled(Vec<WeatherCard>),
    TurnBegins {
        turn: u8,
        phase: u8,
    },
    StoodDownReturn(Vec<usize>),
    /// The German gives back a card of his hand at a new phase.
    Discarded(u16),
    /// A new phase: the target deck stacked anew, the draw pile (top card
    /// last) and the cards taken out.
    PhaseBegins {
        phase: u8,
        draw: Vec<u16>,
        out: Vec<u16>,
    },
    /// This turn's squadron rotations (one squadron each), lost if unused.
    RotationsDue(Vec<Rotation>),
    /// An allied squadron is due for this group.
    AlliesDue {
        group: Group,
        squadron: String,
    },
    /// The ace marker waits for this allied squadron.
    AceDue(Option<String>),
    /// From now on 12 Group may form the Big Wing.
    BigWingAllowed,
    /// From now on Luftflotte 2's geschwader may grow to seven squadrons.
    SevenSquadronGeschwader,
    /// Luftflotte 5 must attack on the next flying turn (`true`), or has
    /// nothing left to attack with (`false`).
    Luftflotte5MustCommit(bool),
    /// The British throw for replacements this many times this turn.
    RepairThrows(u8),
    /// Squadrons stood down this turn count as lost at the end.
    StoodDownCountsAsLost,
    CitiesRepaired(u8),
    /// A squadron type leaves the battle: these squadrons, still flying.
    Withdrawn {
        what: String,
        squadrons: Vec<usize>,
    },
    /// An allied squadron takes over a damaged Hurricane of its group.
    Reinforced {
        squadron: usize,
        group: Group,
        name: String,
    },
    Ace {
        squadron: usize,
    },
    /// Rotation `rotation` of the turn's list is made: `given` goes to the
    /// donating group's damaged box, `back` comes back combat ready; with
    /// `swap` (no damaged squadron of the type in the receiving group: our
    /// fallback) `given` joins the receiving group combat ready and `back`
    /// the donor's damaged box.
    Rotated {
        rotation: usize,
        sent: String,
        group_from: u8,
        group_to: u8,
        given: usize,
        back: usize,
        #[serde(default)]
        swap: bool,
    },
    RotationsLapsed(usize),
    /// `squadrons` of the production dice were thrown for squadrons, the
    /// rest for the ground.
    ProductionThrown {
        dice: u8,
        squadrons: u8,
        squadron_hits: u8,
        ground_hits: u8,
    },
    Rebuilt {
        squadron: usize,
        /// With a 13 Group reserve point (not a production success).
        reserve: bool,
    },
    Mended(u16),
    /// The successes of the throw not spent are lost.
    RepairsOver,
    Weather {
        flies: bool,
        /// The dice, the Luftwaffe's first (the dice rules).
        dice: Option<(Face, Face)>,
        /// The card drawn (the weather cards rule).
        card: Option<WeatherCard>,
    },

    // ----- squadron alert and missions -----
    /// The Combat Ready boxes dealt: each wing's squadrons and each
    /// geschwader's (empty: not formed).
    Alerted {
        wings: Vec<Vec<usize>>,
        geschwader: Vec<Vec<usize>>,
    },
    /// A Luftflotte 2 geschwader takes a squadron from its box (`from:
    /// None`) or from another geschwader.
    SeventhSquadron {
        geschwader: usize,
        squadron: usize,
        from: Option<usize>,
    },
    ReinforcementsOver,
    BigWingFormed(usize, usize),
    /// Cards dealt from the top of the deck into the German hand.
    HandFilled(Vec<u16>),
    Mission {
        geschwader: usize,
        card: u16,
        wave: u8,
    },

    // ----- the Tally Ho phases: movement -----
    TallyHo(u8),
    TakesOff(usize),
    /// The geschwader flies a square (`radar`: a radar square).
    Moved {
        geschwader: usize,
        to: Square,
        radar: bool,
    },
    /// Short-range squadrons turned for home rather than cross the 12 Group line.
    EscortTurnsBack {
        geschwader: usize,
        squadrons: Vec<usize>,
    },
    /// On its target's square: it bombs in the battle step.
    BombRun {
        geschwader: usize,
    },
    /// A wing on its square stops it; `met`: the wings intercepting it
    /// that reach it there.
    Engaged {
        geschwader: usize,
        met: Vec<usize>,
    },
    /// It has flown its squares for this Tally Ho phase.
    FlownOut {
        geschwader: usize,
    },
    /// It turns for home of its own accord.
    TurnsBack {
        geschwader: usize,
    },
    Scramble {
        wing: usize,
        geschwader: usize,
    },
    /// The intercepting wing's square.
    WingMoved {
        wing: usize,
        to: Square,
    },
    InterceptMissed {
        wing: usize,
    },
    /// The RAF scrambles no more wings this Tally Ho phase: no radar
    /// square asks again until the next phase begins.
    InterceptsDeclined,
    RafMovementBegins,
    /// A wing's move in RAF movement: in the air at `to`, or (`aloft`
    /// false) landed at its station.
    WingFlies {
        wing: usize,
        to: Square,
        aloft: bool,
    },
    ReachedForHome {
        geschwader: usize,
        squadrons: Vec<usize>,
    },
    /// Short-range squadrons that flew beyond their range throw for fuel:
    /// each squadron's die.
    FuelCheck {
        geschwader: usize,
        dice: Vec<(usize, Face)>,
    },
    /// A squadron lost for want of fuel.
    OutOfFuel(usize),

    // ----- the battle step -----
    /// The battle step's jobs, in the order they are done.
    BattleBegins(Vec<Job>),
    JobBegins(Job),
    /// An intercept: the whole wing against a part of the geschwader.
    Intercept {
        wing: usize,
        geschwader: usize,
        raf: Vec<usize>,
        luftwaffe: Vec<usize>,
    },
    /// A round of the fight: the RAF's throw (hits on the Luftwaffe) and
    /// the Luftwaffe's.
    Round {
        round: u8,
        raf: Throw,
        luftwaffe: Throw,
    },
    /// A squadron takes its side's hits: lost, or stood down.
    TakesHits {
        squadron: usize,
        stand_down: bool,
    },
    /// A squadron lost in a fight over `at`.
    Lost {
        squadron: usize,
        at: Square,
    },
    /// A squadron stood down in an intercept over `at`.
    StoodDown {
        squadron: usize,
        at: Square,
    },
    FightOver,
    /// A dogfight: the geschwader's squadrons and the RAF's in the air on
    /// its square.
    DogfightBegins {
        geschwader: usize,
        wings: Vec<usize>,
        squadrons: Vec<usize>,
        raf: Vec<usize>,
    },
    /// The geschwader's next squadron goes into a gruppe, face down.
    Gruppe {
        squadron: usize,
        gruppe: u8,
    },
    /// The next RAF squadron attacks a gruppe (or none).
    Attack {
        squadron: usize,
        gruppe: Option<u8>,
    },
    /// The gruppen attacked, fought in this order; the wings none of
    /// whose squadrons attacked stay in the air.
    DogfightsBegin {
        gruppen: Vec<u8>,
        idle: Vec<usize>,
    },
    /// A gruppe turned face up and fought by the squadrons attacking it.
    GruppeFight {
        gruppe: u8,
        raf: Vec<usize>,
        luftwaffe: Vec<usize>,
    },
    DogfightOver,
    /// The intercept is fought on the hex board, with dice of its own.
    BattleOnBoard {
        wing: usize,
        geschwader: usize,
        seed: u64,
    },
    /// The dogfight is fought on the hex board, all its gruppen at once,
    /// face down, with dice of its own: the RAF's squadrons against the
    /// geschwader's, in gruppen order.
    DogfightOnBoard {
        geschwader: usize,
        raf: Vec<usize>,
        luftwaffe: Vec<usize>,
        seed: u64,
    },
    /// The intercept is fought on the family board, with a spinner of its
    /// own.
    BattleOnFamilyBoard {
        wing: usize,
        geschwader: usize,
        seed: u64,
    },
    /// A move of the battle on the board.
    BoardMove(HexCommand),
    /// A move of the battle on the family board.
    FamilyMove(crate::family::Command),
    /// The board battle's result, as it maps back to the campaign.
    BattleResult(Outcome),
    /// A raid's hits on its target card.
    Bombed {
        geschwader: usize,
        card: u16,
        hits: u8,
        run: BombRun,
    },
    KnockedOut(u16),
    LondonBackOnTop(u16),
    TallyHoEnds(u8),

    // ----- the end of the turn and of the campaign -----
    /// Luftflotte 5 attacked on its turn: it stays in the battle.
    Luftflotte5Attacked,
    /// Luftflotte 5 did not attack on its turn: these squadrons leave.
    Luftflotte5Withdrawn {
        squadrons: Vec<usize>,
    },
    TurnEnds(u8),
    CampaignOver(Verdict),

    /// The campaign waits for this decision.
    Awaits(Stage),
}
