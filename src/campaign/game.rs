//! The campaign played turn by turn: the standby phase (order of battle,
//! production and repair, weather), squadron alert, mission assignment, the
//! Tally Ho phases (Luftwaffe movement with intercepts on every radar-square
//! entry, RAF movement, battle and bombing), and the end of the battle.
//!
//! Same shape as the other games: every decision is a [`Command`];
//! [`Campaign::check`] is the one legality test; [`Campaign::play`] applies a
//! legal command and runs the automatic steps until the next decision. A
//! campaign is its data, its setup (weather rule and seed) and its commands.

use super::data::{CampaignData, Group, Luftflotte, Role, Square};
use super::deck::{CardKind, Deck, DeckCard};
use super::dice::Face;
use super::forces::{Forces, Holder, Place};
use super::rules::{CampaignRules, Rotation, TurnEvent, WeatherRule};
use super::score::{verdict, Tally, Verdict};
use super::tactical::{self, Fate, Outcome, Tactical};
use super::weather::Weather;
use crate::common::dice::Dice;
use crate::simple_hex::{Command as HexCommand, Side};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// How a campaign begins: the weather rule, the seed of its dice, and how
/// its intercepts are fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignSetup {
    pub weather: WeatherRule,
    pub seed: u64,
    #[serde(default)]
    pub battles: Battles,
}

impl CampaignSetup {
    /// A campaign whose intercepts are thrown with the campaign's dice.
    pub fn new(weather: WeatherRule, seed: u64) -> CampaignSetup {
        CampaignSetup {
            weather,
            seed,
            battles: Battles::Dice,
        }
    }
}

/// How intercepts are fought: with the campaign's dice, on the Simple Hex
/// board, or as the player chooses each time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Battles {
    #[default]
    Dice,
    Board,
    Ask,
}

impl Battles {
    pub const ALL: [Battles; 3] = [Battles::Dice, Battles::Board, Battles::Ask];

    pub fn name(self) -> &'static str {
        match self {
            Battles::Dice => "with the campaign's dice",
            Battles::Board => "on the hex board",
            Battles::Ask => "ask at each intercept",
        }
    }
}

/// Every decision of either player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// British: make one squadron of this turn's rotations (index into
    /// [`Campaign::rotations_left`]).
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

/// Why a command cannot be played, as a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub String);

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Illegal {}

fn illegal<T>(why: impl Into<String>) -> Result<T, Illegal> {
    Err(Illegal(why.into()))
}

/// Where a wing is this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    fn unformed(at: Square) -> WingNow {
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

/// A fight in the battle step: squadrons against squadrons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl Fight {
    fn new(
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
        }
    }
}

/// Something the battle step still has to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    Intercept { wing: usize, geschwader: usize },
    Dogfight { geschwader: usize },
    Bomb { geschwader: usize },
}

/// The gruppen of a dogfight and who attacks which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// Whose decision the campaign waits for, and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// An intercept is about to be fought: on the hex board or with dice?
    HowToFight {
        wing: usize,
        geschwader: usize,
    },
    /// The intercept is being fought on the hex board ([`Campaign::battle`]).
    Battle,
    Gruppen,
    Attacks,
    /// The side takes the hits of the current fight.
    Allocate {
        side: Side,
    },
    Over,
}

/// What happened, for the log and the screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegins {
        turn: u8,
        phase: u8,
    },
    PhaseBegins(u8),
    StoodDownReturn(Vec<usize>),
    CitiesRepaired(u8),
    Withdrawn {
        what: String,
        squadrons: usize,
    },
    Reinforced {
        squadron: usize,
    },
    Ace {
        squadron: usize,
    },
    Rotated {
        sent: String,
        group_from: u8,
        group_to: u8,
    },
    RotationsLapsed(usize),
    ProductionThrown {
        dice: u8,
        squadron_hits: u8,
        ground_hits: u8,
    },
    Rebuilt(usize),
    Mended(u16),
    Weather {
        flies: bool,
        dice: Option<(Face, Face)>,
    },
    Alerted {
        wings: usize,
        geschwader: usize,
    },
    BigWingFormed(usize, usize),
    SeventhSquadron {
        geschwader: usize,
        squadron: usize,
    },
    /// Short-range squadrons turned for home rather than cross the 12 Group line.
    EscortTurnsBack {
        geschwader: usize,
        squadrons: Vec<usize>,
    },
    Mission {
        geschwader: usize,
        card: u16,
        wave: u8,
    },
    TallyHo(u8),
    TakesOff(usize),
    Moved {
        geschwader: usize,
        to: Square,
    },
    Scramble {
        wing: usize,
        geschwader: usize,
    },
    WingMoved {
        wing: usize,
        to: Square,
    },
    InterceptMissed {
        wing: usize,
    },
    /// The intercept is fought on the hex board.
    BattleOnBoard {
        wing: usize,
        geschwader: usize,
    },
    /// The board battle's result, as it maps back to the campaign.
    BattleResult(Outcome),
    ReachedForHome {
        geschwader: usize,
        squadrons: Vec<usize>,
    },
    OutOfFuel(usize),
    Rolled {
        side: Side,
        dice: u8,
        hits: u8,
    },
    Lost(usize),
    StoodDown(usize),
    Bombed {
        geschwader: usize,
        card: u16,
        hits: u8,
        aa: u8,
    },
    KnockedOut(u16),
    LondonBackOnTop(u16),
    TurnEnds(u8),
    Luftflotte5Withdrawn,
    CampaignOver(Verdict),
}

/// What the campaign's intercepts came to, however they were fought (for
/// the simulator's comparison of the dice with the board).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterceptTally {
    /// Intercepts fought (with dice or on the board).
    pub fought: u32,
    /// Of them, on the board.
    pub on_board: u32,
    pub raf_lost: u32,
    pub luftwaffe_lost: u32,
    pub raf_stood_down: u32,
    pub luftwaffe_stood_down: u32,
    /// Targets hit by bombers through a battle on the board.
    pub bombed_on_board: u32,
}

/// The record of one turn, for the simulator and the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub flew: bool,
    pub missions: u8,
    pub bombed: u8,
    pub raf_lost: u8,
    pub luftwaffe_lost: u8,
}

#[derive(Clone)]
pub struct Campaign {
    data: Arc<CampaignData>,
    rules: Arc<CampaignRules>,
    setup: CampaignSetup,
    dice: Dice,
    weather: Weather,
    cards: Vec<DeckCard>,
    /// For each radar station of the map, its target card (if it is one).
    radar_cards: Vec<Option<u16>>,
    /// For each wing, the airfield card of its station (if it is one).
    wing_cards: Vec<Option<u16>>,
    turn: u8,
    deck: Deck,
    forces: Forces,
    tally: Tally,
    /// Bomb hits on each target card.
    damage: Vec<u8>,
    wings: Vec<WingNow>,
    geschwader: Vec<GeschwaderNow>,
    /// The squadron that carries the 303 ace marker.
    ace: Option<usize>,
    /// The allied squadron the ace marker waits for.
    ace_due: Option<String>,
    /// Allied squadrons due that found no damaged Hurricane to rebuild yet.
    allies_due: Vec<(Group, String)>,
    big_wing_allowed: bool,
    big_geschwader: bool,
    /// The German has finished reinforcing this turn.
    big_geschwader_done: bool,
    stood_down_count: bool,
    lf5_must_commit: bool,
    /// Luftflotte 5 failed to attack on its turn and left the battle.
    lf5_withdrawn: bool,
    rotations_left: Vec<Rotation>,
    throws_left: u8,
    squadron_successes: u8,
    ground_successes: u8,
    tally_ho: u8,
    jobs: Vec<Job>,
    fight: Option<Fight>,
    /// The intercept being fought on the hex board.
    battle: Option<Box<Tactical>>,
    dogfight: Option<Dogfight>,
    stage: Stage,
    turn_records: Vec<TurnRecord>,
    intercepts: InterceptTally,
    events: Vec<Event>,
    commands: Vec<Command>,
    quiet: bool,
}

/// Deals `cards` (top first) round the formations `(index, size)` in turn,
/// one card each per round, until each is full or the cards run out.
fn deal(cards: &[usize], formations: &[(usize, usize)], into: &mut [Vec<usize>]) {
    let mut cards = cards.iter().copied();
    loop {
        let mut dealt = false;
        for &(f, size) in formations {
            if into[f].len() < size {
                match cards.next() {
                    Some(c) => {
                        into[f].push(c);
                        dealt = true;
                    }
                    None => return,
                }
            }
        }
        if !dealt {
            return;
        }
    }
}

impl fmt::Debug for Campaign {
    /// Where the campaign stands (its data and dice are left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Campaign")
            .field("setup", &self.setup)
            .field("turn", &self.turn)
            .field("tally_ho", &self.tally_ho)
            .field("stage", &self.stage)
            .field("commands", &self.commands.len())
            .field("tally", &self.tally())
            .finish()
    }
}

/// Squares between two squares, a diagonal step counting one (saturating,
/// so that no square, however far off the map, overflows it).
fn distance(a: Square, b: Square) -> u8 {
    let d = |x: i32, y: i32| (x as i64 - y as i64).abs();
    d(a.col, b.col).max(d(a.row, b.row)).min(255) as u8
}

impl Campaign {
    /// A new campaign, played up to the first decision.
    pub fn new(data: Arc<CampaignData>, rules: Arc<CampaignRules>, setup: CampaignSetup) -> Self {
        Self::build(data, rules, setup, false)
    }

    /// Without the event log (for the simulator and the opponents' lookahead).
    pub fn new_quiet(
        data: Arc<CampaignData>,
        rules: Arc<CampaignRules>,
        setup: CampaignSetup,
    ) -> Self {
        Self::build(data, rules, setup, true)
    }

    fn build(
        data: Arc<CampaignData>,
        rules: Arc<CampaignRules>,
        setup: CampaignSetup,
        quiet: bool,
    ) -> Self {
        let mut dice = if quiet {
            Dice::without_log(setup.seed)
        } else {
            Dice::new(setup.seed)
        };
        let weather = Weather::new(setup.weather, &rules, &mut dice);
        let cards = data.targets.deck_cards();
        let card_named = |name: &str| data.targets.find(name).map(|i| i as u16);
        let radar_cards = data
            .map
            .radar
            .iter()
            .map(|s| card_named(&s.name).filter(|&c| cards[c as usize].kind == CardKind::Radar))
            .collect();
        let wing_cards = data
            .oob
            .wings
            .iter()
            .map(|w| {
                card_named(&w.station).filter(|&c| cards[c as usize].kind == CardKind::Airfield)
            })
            .collect();
        let wings = data
            .oob
            .wings
            .iter()
            .map(|w| WingNow::unformed(w.at))
            .collect();
        let geschwader = data
            .oob
            .geschwader
            .iter()
            .map(|g| GeschwaderNow {
                squadrons: Vec::new(),
                at: g.at,
                state: RaidState::Idle,
                target: None,
                wave: 1,
                moved: 0,
                stopped: false,
                bomb_run: false,
                furthest: 0,
                crossed_radar: false,
                turned_back: false,
            })
            .collect();
        let forces = Forces::new(&data.oob, rules.reserve_points);
        let deck = Deck::new(&cards);
        let mut c = Campaign {
            damage: vec![0; cards.len()],
            cards,
            radar_cards,
            wing_cards,
            weather,
            dice,
            turn: 0,
            deck,
            forces,
            tally: Tally::default(),
            wings,
            geschwader,
            ace: None,
            ace_due: None,
            allies_due: Vec::new(),
            big_wing_allowed: false,
            big_geschwader: false,
            big_geschwader_done: false,
            stood_down_count: false,
            lf5_must_commit: false,
            lf5_withdrawn: false,
            rotations_left: Vec::new(),
            throws_left: 0,
            squadron_successes: 0,
            ground_successes: 0,
            tally_ho: 0,
            jobs: Vec::new(),
            fight: None,
            dogfight: None,
            battle: None,
            stage: Stage::Over,
            turn_records: Vec::new(),
            intercepts: InterceptTally::default(),
            events: Vec::new(),
            commands: Vec::new(),
            quiet,
            data,
            rules,
            setup,
        };
        c.begin_turn();
        c
    }

    // ----- what the campaign is -----

    pub fn data(&self) -> &Arc<CampaignData> {
        &self.data
    }
    pub fn rules(&self) -> &Arc<CampaignRules> {
        &self.rules
    }
    pub fn setup(&self) -> CampaignSetup {
        self.setup
    }
    pub fn turn(&self) -> u8 {
        self.turn
    }
    pub fn turns(&self) -> u8 {
        self.rules.calendar_for(self.setup.weather).turns
    }
    /// The phase of the battle (index into the rules' phases).
    pub fn phase(&self) -> usize {
        self.rules
            .calendar_for(self.setup.weather)
            .phase_of(self.turn.max(1))
            .unwrap_or(0)
    }
    pub fn tally_ho(&self) -> u8 {
        self.tally_ho
    }
    pub fn stage(&self) -> &Stage {
        &self.stage
    }
    pub fn deck(&self) -> &Deck {
        &self.deck
    }
    pub fn cards(&self) -> &[DeckCard] {
        &self.cards
    }
    pub fn forces(&self) -> &Forces {
        &self.forces
    }
    pub fn tally(&self) -> Tally {
        let mut t = self.tally;
        // The shortened campaign: squadrons stood down on its last turn
        // (back on the turn after next, which never comes) count as lost,
        // on both sides; those stood down earlier do not.
        let last = self.turns() + 2;
        let stood_last = |side: Side| {
            self.forces
                .squadrons
                .iter()
                .filter(|s| s.side == side && s.place == Place::StoodDown { back_on: last })
                .count() as u32
        };
        t.luftwaffe_lost = self.forces.losses(Side::German, false);
        if self.stood_down_count {
            t.raf_lost += stood_last(Side::British);
            t.luftwaffe_lost += stood_last(Side::German);
        }
        t
    }
    /// The playing cards the British have handed over for squadrons lost
    /// (before any stood-down squadrons are counted at the end).
    pub fn raf_cards(&self) -> u32 {
        self.tally.raf_lost
    }
    pub fn damage(&self, card: u16) -> u8 {
        self.damage[card as usize]
    }
    /// A target card with all the hits it can take.
    pub fn knocked_out(&self, card: u16) -> bool {
        self.damage[card as usize] >= self.data.targets.cards[card as usize].hits
    }
    pub fn wings(&self) -> &[WingNow] {
        &self.wings
    }
    pub fn geschwader(&self) -> &[GeschwaderNow] {
        &self.geschwader
    }
    pub fn fight(&self) -> Option<&Fight> {
        self.fight.as_ref()
    }
    /// The intercept being fought on the hex board, if one is.
    pub fn battle(&self) -> Option<&Tactical> {
        self.battle.as_deref()
    }
    pub fn dogfight(&self) -> Option<&Dogfight> {
        self.dogfight.as_ref()
    }
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }
    pub fn rotations_left(&self) -> &[Rotation] {
        &self.rotations_left
    }
    pub fn successes(&self) -> (u8, u8) {
        (self.squadron_successes, self.ground_successes)
    }
    pub fn ace(&self) -> Option<usize> {
        self.ace
    }
    /// Luftflotte 5 must cross the radar line and try to bomb on the next
    /// flying turn, or be withdrawn.
    pub fn luftflotte_5_must_commit(&self) -> bool {
        self.lf5_must_commit
    }
    /// Luftflotte 5 was withdrawn for not attacking on its turn.
    pub fn luftflotte_5_withdrawn(&self) -> bool {
        self.lf5_withdrawn
    }
    pub fn big_wing_allowed(&self) -> bool {
        self.big_wing_allowed
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }
    /// What the intercepts came to so far.
    pub fn intercept_tally(&self) -> InterceptTally {
        self.intercepts
    }
    pub fn records(&self) -> &[TurnRecord] {
        &self.turn_records
    }
    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }
    pub fn verdict(&self) -> Option<Verdict> {
        self.is_over().then(|| verdict(&self.tally(), &self.rules))
    }
    /// Whose decision it is.
    pub fn to_act(&self) -> Option<Side> {
        Some(match &self.stage {
            Stage::KeepHand
            | Stage::Reinforce
            | Stage::Missions
            | Stage::Fly { .. }
            | Stage::Gruppen => Side::German,
            Stage::Rotations
            | Stage::ProductionSplit { .. }
            | Stage::Repairs
            | Stage::BigWing
            | Stage::InterceptChoice { .. }
            | Stage::InterceptStep { .. }
            | Stage::RafMovement
            | Stage::HowToFight { .. }
            | Stage::Attacks => Side::British,
            Stage::Allocate { side } => *side,
            Stage::Battle => self.battle.as_ref()?.game.to_act()?,
            Stage::Over => return None,
        })
    }

    /// The squadron type of a squadron card.
    pub fn aircraft(&self, squadron: usize) -> &super::data::SquadronType {
        &self.data.oob.types[self.forces.squadrons[squadron].aircraft]
    }

    fn short_range(&self, squadron: usize) -> bool {
        self.aircraft(squadron).short_range
    }

    /// A geschwader's squares this Tally Ho phase: five while Bf 109s (the
    /// short-range fighters) fly with it, ten without them.
    pub fn allowance(&self, g: usize) -> u8 {
        let raid = &self.rules.raid;
        // Bf 109s hold the geschwader to five squares; Ju 87s may be part
        // of one "moving 10 squares" (the 12 Group line rule).
        if self.geschwader[g]
            .squadrons
            .iter()
            .any(|&s| self.short_range(s) && self.aircraft(s).role == Role::Fighter)
        {
            raid.geschwader_move
        } else {
            raid.geschwader_move_long
        }
    }

    /// A radar station's card is knocked out: it sees nothing.
    pub fn radar_standing(&self, station: usize) -> bool {
        self.radar_cards[station].is_none_or(|c| !self.knocked_out(c))
    }

    /// A standing radar station watches this square.
    pub fn is_radar_square(&self, sq: Square) -> bool {
        let reach = self.rules.raid.radar_reach;
        self.data
            .map
            .radar
            .iter()
            .enumerate()
            .any(|(i, s)| distance(s.at, sq) <= reach && self.radar_standing(i))
    }

    /// The wing's station is an airfield card that is knocked out.
    pub fn grounded(&self, wing: usize) -> bool {
        self.wing_cards[wing].is_some_and(|c| self.knocked_out(c))
    }

    fn home_of(&self, wing: usize) -> Square {
        self.data.oob.wings[wing].at
    }

    /// Production dice this turn: each standing city's production value and
    /// each standing factory's dice.
    pub fn production_dice(&self) -> u8 {
        let mut n = 0u32;
        for (i, c) in self.data.targets.cards.iter().enumerate() {
            if self.knocked_out(i as u16) {
                continue;
            }
            n += match c.kind {
                CardKind::City | CardKind::London => c.production as u32,
                CardKind::Factory => self.rules.raid.factory_dice as u32,
                _ => 0,
            };
        }
        n.min(255) as u8
    }

    fn lf5_active(&self) -> bool {
        self.forces.squadrons.iter().any(|s| {
            s.holder == Holder::Luftflotte(Luftflotte::Five) && s.place != Place::Withdrawn
        })
    }

    fn log(&mut self, e: Event) {
        if !self.quiet {
            self.events.push(e);
        }
    }

    fn roll(&mut self, side: Side, dice: u8) -> u8 {
        let face = match side {
            Side::British => self.rules.raid.raf_hit,
            Side::German => self.rules.raid.luftwaffe_hit,
        };
        self.roll_for(side, dice, face)
    }

    fn roll_for(&mut self, side: Side, dice: u8, face: Face) -> u8 {
        let die = match side {
            Side::British => self.rules.raf_die,
            Side::German => self.rules.luftwaffe_die,
        };
        let hits = (0..dice)
            .filter(|_| die.roll(&mut self.dice) == face)
            .count() as u8;
        self.log(Event::Rolled { side, dice, hits });
        hits
    }

    fn record(&mut self) -> &mut TurnRecord {
        let t = self.turn as usize;
        while self.turn_records.len() < t {
            self.turn_records.push(TurnRecord::default());
        }
        &mut self.turn_records[t - 1]
    }

    // ----- the standby phase -----

    fn begin_turn(&mut self) {
        self.turn += 1;
        if self.turn > self.turns() {
            self.finish();
            return;
        }
        self.record();
        let phase = self.phase() as u8;
        self.log(Event::TurnBegins {
            turn: self.turn,
            phase,
        });
        let back = self.forces.return_stood_down(self.turn);
        if !back.is_empty() {
            self.log(Event::StoodDownReturn(back));
        }
        self.throws_left = 1;
        self.rotations_left.clear();
        let new_phase = self
            .rules
            .calendar_for(self.setup.weather)
            .events_at(self.turn)
            .any(|e| matches!(e, TurnEvent::NewPhase(_)));
        if new_phase && self.deck.hand().len() > self.rules.german_hand as usize {
            self.stage = Stage::KeepHand;
            return;
        }
        self.order_of_battle();
    }

    fn order_of_battle(&mut self) {
        let events: Vec<TurnEvent> = self
            .rules
            .calendar_for(self.setup.weather)
            .events_at(self.turn)
            .cloned()
            .collect();
        let oob = self.data.oob.clone();
        for e in events {
            match e {
                TurnEvent::NewPhase(p) => {
                    let config = self.rules.phases[p as usize].deck.clone();
                    self.deck.begin_phase(&self.cards, &config, &mut self.dice);
                    self.log(Event::PhaseBegins(p));
                }
                TurnEvent::Rotate(n) => {
                    for r in &self.rules.rotations[n as usize] {
                        for _ in 0..r.count {
                            self.rotations_left.push(Rotation {
                                count: 1,
                                ..r.clone()
                            });
                        }
                    }
                }
                TurnEvent::RepairCities(n) => {
                    for (i, c) in self.data.targets.cards.iter().enumerate() {
                        if matches!(c.kind, CardKind::City | CardKind::London) {
                            self.damage[i] = self.damage[i].saturating_sub(n);
                        }
                    }
                    self.log(Event::CitiesRepaired(n));
                }
                TurnEvent::WithdrawDefiants | TurnEvent::WithdrawStukas => {
                    let kind = if e == TurnEvent::WithdrawDefiants {
                        "Defiant"
                    } else {
                        "Ju 87"
                    };
                    let n = self.forces.withdraw_type(kind, &oob);
                    self.log(Event::Withdrawn {
                        what: kind.to_string(),
                        squadrons: n,
                    });
                }
                TurnEvent::Reinforce { squadron, group } => {
                    if let Some(g) = Group::from_number(group) {
                        self.allies_due.push((g, squadron));
                    }
                }
                TurnEvent::Ace { group } => {
                    // The ace marker goes with the allied squadron that
                    // arrives for that group on the same turn (No. 303).
                    let turn = self.turn;
                    self.ace_due = self
                        .rules
                        .calendar_for(self.setup.weather)
                        .events_at(turn)
                        .find_map(|e| match e {
                            TurnEvent::Reinforce { squadron, group: g } if *g == group => {
                                Some(squadron.clone())
                            }
                            _ => None,
                        });
                }
                TurnEvent::BigWing => self.big_wing_allowed = true,
                TurnEvent::SevenSquadronGeschwader { .. } => self.big_geschwader = true,
                TurnEvent::Luftflotte5MustCommit => self.lf5_must_commit = self.lf5_active(),
                TurnEvent::RepairThrows(n) => self.throws_left = n,
                TurnEvent::StoodDownCountAsLost => self.stood_down_count = true,
            }
        }
        self.allies_arrive(&oob);
        self.next_rotation_or_production();
    }

    /// Allied squadrons due arrive: each rebuilds a damaged Hurricane of its
    /// group. With none damaged, it arrives at the start of the first later
    /// turn when one is.
    fn allies_arrive(&mut self, oob: &super::data::OrderOfBattle) {
        let due = std::mem::take(&mut self.allies_due);
        for (group, name) in due {
            match self.forces.reinforce(group, &name, oob) {
                Ok(i) => {
                    self.log(Event::Reinforced { squadron: i });
                    if self.ace_due.as_ref() == Some(&name) {
                        self.ace = Some(i);
                        self.ace_due = None;
                        self.log(Event::Ace { squadron: i });
                    }
                }
                Err(_) => self.allies_due.push((group, name)),
            }
        }
    }

    /// Allied squadrons still waiting for a damaged Hurricane to take over.
    pub fn allies_due(&self) -> &[(Group, String)] {
        &self.allies_due
    }

    /// Rotations that can still be made this turn.
    fn rotation_possible(&self, r: &Rotation) -> bool {
        let mut f = self.forces.clone();
        f.rotate_one(r, &self.data.oob).is_ok()
    }

    fn next_rotation_or_production(&mut self) {
        let any = self
            .rotations_left
            .iter()
            .any(|r| self.rotation_possible(r));
        if any {
            self.stage = Stage::Rotations;
            return;
        }
        if !self.rotations_left.is_empty() {
            let n = self.rotations_left.len();
            self.rotations_left.clear();
            self.log(Event::RotationsLapsed(n));
        }
        self.next_throw();
    }

    fn next_throw(&mut self) {
        // Nothing to rebuild or repair: the throw would be wasted.
        let needed = (0..self.forces.squadrons.len()).any(|i| self.forces.rebuildable(i))
            || self.mendable().next().is_some();
        if self.throws_left > 0 && needed {
            self.throws_left -= 1;
            self.stage = Stage::ProductionSplit {
                dice: self.production_dice(),
            };
        } else {
            self.weather_check();
        }
    }

    fn repairs_possible(&self) -> bool {
        let british_damaged = |thirteen: bool| {
            (0..self.forces.squadrons.len()).any(|i| {
                self.forces.rebuildable(i)
                    && (!thirteen
                        || self.forces.squadrons[i].holder == Holder::Group(Group::Thirteen))
            })
        };
        (self.squadron_successes > 0 && british_damaged(false))
            || (self.forces.reserve_points > 0 && british_damaged(true))
            || (self.ground_successes > 0 && self.mendable().next().is_some())
    }

    /// Knocked-out airfields, radar stations and factories.
    fn mendable(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.cards.len() as u16).filter(|&c| {
            matches!(
                self.cards[c as usize].kind,
                CardKind::Airfield | CardKind::Radar | CardKind::Factory
            ) && self.knocked_out(c)
        })
    }

    fn after_repairs(&mut self) {
        self.squadron_successes = 0;
        self.ground_successes = 0;
        self.next_throw();
    }

    fn weather_check(&mut self) {
        let check = self.weather.check(self.turn, &self.rules, &mut self.dice);
        self.log(Event::Weather {
            flies: check.flies,
            dice: check.dice,
        });
        self.record().flew = check.flies;
        if !check.flies {
            self.end_turn();
            return;
        }
        self.alert();
    }

    // ----- squadron alert and missions -----

    fn alert(&mut self) {
        self.big_geschwader_done = false;
        let oob = self.data.oob.clone();
        for w in 0..self.wings.len() {
            self.wings[w] = WingNow::unformed(self.home_of(w));
        }
        for g in &mut self.geschwader {
            g.squadrons.clear();
            g.state = RaidState::Idle;
            g.target = None;
        }
        // Each group's Combat Ready box is dealt, a card at a time from the
        // top, round its wings in turn (stood-down squadrons came back on
        // top, so they are the first to fly), and each Luftflotte's round
        // its geschwader: formations shrink together as the boxes empty.
        let wing_boxes = Group::ALL.map(|group| {
            let members = (0..oob.wings.len())
                .filter(|&w| oob.wings[w].group == group && !self.grounded(w))
                .map(|w| (w, oob.wings[w].squadrons.len()))
                .collect();
            (Holder::Group(group), members)
        });
        for (w, cards) in self
            .deal_boxes(&wing_boxes, self.wings.len())
            .into_iter()
            .enumerate()
        {
            if !cards.is_empty() {
                self.wings[w].squadrons = cards;
                self.wings[w].state = WingState::Ready;
            }
        }
        let geschwader_boxes = Luftflotte::ALL.map(|lf| {
            let members = (0..oob.geschwader.len())
                .filter(|&g| oob.geschwader[g].luftflotte == lf)
                .map(|g| (g, oob.geschwader[g].squadrons.len()))
                .collect();
            (Holder::Luftflotte(lf), members)
        });
        let dealt = self.deal_boxes(&geschwader_boxes, self.geschwader.len());
        for (g, cards) in dealt.into_iter().enumerate() {
            self.geschwader[g].squadrons = cards;
            self.geschwader[g].at = oob.geschwader[g].at;
        }
        let wings = self
            .wings
            .iter()
            .filter(|w| !w.squadrons.is_empty())
            .count();
        let ges = self
            .geschwader
            .iter()
            .filter(|g| !g.squadrons.is_empty())
            .count();
        self.log(Event::Alerted {
            wings,
            geschwader: ges,
        });
        self.after_reinforcements();
    }

    /// Luftflotte 2's reinforcements to seven squadrons, then the Big Wing,
    /// then missions.
    fn after_reinforcements(&mut self) {
        if self.reinforcements().next().is_some() {
            self.stage = Stage::Reinforce;
        } else if self.big_wing_allowed && self.big_wing_pairs().next().is_some() {
            self.stage = Stage::BigWing;
        } else {
            self.missions();
        }
    }

    /// From turn 9, the ways a Luftflotte 2 geschwader can be reinforced, up
    /// to seven squadrons: from its Combat Ready box if cards are left there,
    /// or with a squadron of another of its geschwader (fewer, stronger raids).
    fn reinforcements(&self) -> impl Iterator<Item = Command> + '_ {
        let mut out = Vec::new();
        if self.big_geschwader && !self.big_geschwader_done {
            let lf2 = |g: usize| self.data.oob.geschwader[g].luftflotte == Luftflotte::Two;
            let full = self.rules.raid.big_geschwader as usize;
            let box_has = !self
                .forces
                .ready(Holder::Luftflotte(Luftflotte::Two))
                .is_empty();
            for g in 0..self.geschwader.len() {
                let size = self.geschwader[g].squadrons.len();
                if !lf2(g) || size == 0 || size >= full {
                    continue;
                }
                if box_has {
                    out.push(Command::Reinforce {
                        geschwader: g,
                        from: None,
                    });
                }
                for o in 0..self.geschwader.len() {
                    if o != g && lf2(o) && !self.geschwader[o].squadrons.is_empty() {
                        out.push(Command::Reinforce {
                            geschwader: g,
                            from: Some(o),
                        });
                    }
                }
            }
        }
        out.into_iter()
    }

    /// Deals each box round its formations `(index, size)` and alerts the
    /// squadrons dealt; returns each formation's squadrons (of `n`).
    fn deal_boxes(&mut self, boxes: &[(Holder, Vec<(usize, usize)>)], n: usize) -> Vec<Vec<usize>> {
        let mut into = vec![Vec::new(); n];
        for (holder, members) in boxes {
            let ready = self.forces.ready(*holder);
            deal(&ready, members, &mut into);
        }
        for &s in into.iter().flatten() {
            self.forces.alert(s);
        }
        into
    }

    /// Pairs of formed 12 Group wings that may fly as the Big Wing.
    fn big_wing_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let twelve: Vec<usize> = (0..self.wings.len())
            .filter(|&w| {
                self.data.oob.wings[w].group == Group::Twelve
                    && self.wings[w].state == WingState::Ready
            })
            .collect();
        let mut pairs = Vec::new();
        for (i, &a) in twelve.iter().enumerate() {
            for &b in &twelve[i + 1..] {
                pairs.push((a, b));
            }
        }
        pairs.into_iter()
    }

    fn missions(&mut self) {
        let n = self.rules.raid.hand as usize;
        self.deck.fill_hand(n);
        self.stage = Stage::Missions;
    }

    // ----- the Tally Ho phases -----

    fn begin_tally_ho(&mut self) {
        self.tally_ho += 1;
        self.log(Event::TallyHo(self.tally_ho));
        for w in 0..self.wings.len() {
            let landed =
                self.wings[w].state == WingState::Aloft && self.wings[w].at == self.home_of(w);
            if landed
                || matches!(
                    self.wings[w].state,
                    WingState::Returned | WingState::Fought | WingState::Intercepting(_)
                )
            {
                self.wings[w].state = WingState::Ready;
                self.wings[w].at = self.home_of(w);
            }
            self.wings[w].met = None;
        }
        for g in 0..self.geschwader.len() {
            let take_off = self.geschwader[g].state == RaidState::Waiting
                && self.geschwader[g].wave == self.tally_ho;
            if take_off {
                self.geschwader[g].state = RaidState::Aloft;
                self.log(Event::TakesOff(g));
            }
            let ges = &mut self.geschwader[g];
            ges.moved = 0;
            ges.stopped = ges.state != RaidState::Aloft;
        }
        self.next_flyer();
    }

    /// The next geschwader to move this phase, or RAF movement.
    fn next_flyer(&mut self) {
        match (0..self.geschwader.len()).find(|&g| !self.geschwader[g].stopped) {
            Some(g) => self.stage = Stage::Fly { geschwader: g },
            None => self.end_luftwaffe_movement(),
        }
    }

    fn end_luftwaffe_movement(&mut self) {
        for w in 0..self.wings.len() {
            if let WingState::Intercepting(_) = self.wings[w].state {
                if self.wings[w].met.is_none() {
                    self.wings[w].state = WingState::Returned;
                    self.wings[w].at = self.home_of(w);
                    self.log(Event::InterceptMissed { wing: w });
                }
            }
        }
        for w in &mut self.wings {
            w.moved = false;
        }
        self.stage = Stage::RafMovement;
        if self.movable_wings().next().is_none() {
            self.battle_step();
        }
    }

    /// Wings that may still move in this RAF movement.
    pub fn movable_wings(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.wings.len()).filter(|&w| {
            matches!(self.wings[w].state, WingState::Ready | WingState::Aloft)
                && !self.wings[w].squadrons.is_empty()
                && !self.wings[w].moved
        })
    }

    /// A raid is in the air over this square.
    fn raid_over(&self, sq: Square) -> bool {
        self.geschwader
            .iter()
            .any(|g| g.state == RaidState::Aloft && g.at == sq && !g.squadrons.is_empty())
    }

    /// Wings free to scramble against a geschwader.
    pub fn can_intercept(&self, wing: usize) -> bool {
        let w = &self.wings[wing];
        w.state == WingState::Ready
            && !w.big
            && !w.squadrons.is_empty()
            && w.at == self.home_of(wing)
    }

    /// The geschwader is stopped by a wing on its square: one in the air,
    /// or the one intercepting it.
    fn wing_on(&self, g: usize, sq: Square) -> bool {
        self.wings.iter().any(|w| {
            !w.squadrons.is_empty()
                && w.at == sq
                && (w.state == WingState::Aloft || w.state == WingState::Intercepting(g))
        })
    }

    fn interceptor_of(&self, g: usize) -> Option<usize> {
        self.wings
            .iter()
            .position(|w| w.state == WingState::Intercepting(g) && w.met.is_none())
    }

    /// After the geschwader's step: stop, intercept choice, the interceptor's
    /// step, or the next step.
    fn after_step(&mut self, g: usize, entered_radar: bool) {
        let at = self.geschwader[g].at;
        let target_sq = self.geschwader[g]
            .target
            .map(|c| self.data.targets.cards[c as usize].at);
        // On its target it starts its bomb run, even with a wing there too
        // (then it fights first and bombs after).
        if Some(at) == target_sq {
            self.geschwader[g].bomb_run = true;
            self.geschwader[g].stopped = true;
        }
        if self.wing_on(g, at) {
            self.meet_at(g, at);
            self.geschwader[g].stopped = true;
        } else if self.geschwader[g].moved >= self.allowance(g) {
            self.geschwader[g].stopped = true;
        }
        if let Some(w) = self.interceptor_of(g) {
            // The wing answers every step of the geschwader with one of its own.
            self.stage = Stage::InterceptStep {
                geschwader: g,
                wing: w,
            };
            return;
        }
        if entered_radar
            && self.geschwader[g].state == RaidState::Aloft
            && !self.fought_this_phase(g)
            && (0..self.wings.len()).any(|w| self.can_intercept(w))
        {
            self.stage = Stage::InterceptChoice { geschwader: g };
            return;
        }
        self.continue_flying(g);
    }

    fn fought_this_phase(&self, g: usize) -> bool {
        self.wings.iter().any(|w| w.met == Some(g))
    }

    fn continue_flying(&mut self, g: usize) {
        if self.geschwader[g].stopped {
            self.next_flyer();
        } else {
            self.stage = Stage::Fly { geschwader: g };
        }
    }

    /// Wings on the square that were intercepting this geschwader meet it.
    fn meet_at(&mut self, g: usize, at: Square) {
        for w in &mut self.wings {
            if w.state == WingState::Intercepting(g) && w.at == at {
                w.met = Some(g);
            }
        }
    }

    /// The geschwader reaches for home: short-range squadrons that flew
    /// beyond their range check fuel; the rest are back at base.
    fn reach_for_home(&mut self, g: usize) {
        let far = self.geschwader[g].furthest > self.rules.raid.fuel_range;
        let squadrons = std::mem::take(&mut self.geschwader[g].squadrons);
        self.fuel_check(&squadrons, far);
        self.geschwader[g].squadrons = squadrons
            .into_iter()
            .filter(|&s| self.forces.squadrons[s].place == Place::Alerted)
            .collect();
        self.geschwader[g].state = RaidState::Home;
        self.geschwader[g].stopped = true;
        self.geschwader[g].bomb_run = false;
        let back = self.geschwader[g].squadrons.clone();
        self.log(Event::ReachedForHome {
            geschwader: g,
            squadrons: back,
        });
    }

    fn fuel_check(&mut self, squadrons: &[usize], far: bool) {
        if !far {
            return;
        }
        for &s in squadrons {
            if self.short_range(s)
                && self.rules.luftwaffe_die.roll(&mut self.dice) == self.rules.raid.fuel_out
            {
                self.forces.lose(s);
                self.record().luftwaffe_lost += 1;
                self.log(Event::OutOfFuel(s));
            }
        }
    }

    // ----- battle and bombing -----

    fn battle_step(&mut self) {
        let mut jobs = Vec::new();
        for (w, wing) in self.wings.iter().enumerate() {
            if let Some(g) = wing.met {
                if self.geschwader[g].state == RaidState::Aloft {
                    jobs.push(Job::Intercept {
                        wing: w,
                        geschwader: g,
                    });
                }
            }
        }
        for g in 0..self.geschwader.len() {
            if self.geschwader[g].state == RaidState::Aloft && !self.dogfighters(g).is_empty() {
                jobs.push(Job::Dogfight { geschwader: g });
            }
        }
        for g in 0..self.geschwader.len() {
            if self.geschwader[g].state == RaidState::Aloft && self.geschwader[g].bomb_run {
                jobs.push(Job::Bomb { geschwader: g });
            }
        }
        jobs.reverse();
        self.jobs = jobs;
        self.next_job();
    }

    /// Wings in the air on the geschwader's square (not its interceptors).
    fn dogfighters(&self, g: usize) -> Vec<usize> {
        let at = self.geschwader[g].at;
        (0..self.wings.len())
            .filter(|&w| {
                let wing = &self.wings[w];
                wing.state == WingState::Aloft && wing.at == at && !wing.squadrons.is_empty()
            })
            .collect()
    }

    fn next_job(&mut self) {
        loop {
            let Some(job) = self.jobs.pop() else {
                self.end_tally_ho();
                return;
            };
            match job {
                Job::Intercept { wing, geschwader } => {
                    if self.geschwader[geschwader].squadrons.is_empty()
                        || self.wings[wing].squadrons.is_empty()
                    {
                        self.wings[wing].state = WingState::Fought;
                        continue;
                    }
                    self.intercept(wing, geschwader);
                    return;
                }
                Job::Dogfight { geschwader } => {
                    let wings = self.dogfighters(geschwader);
                    if wings.is_empty()
                        || self.geschwader[geschwader].squadrons.is_empty()
                        || self.geschwader[geschwader].state != RaidState::Aloft
                    {
                        continue;
                    }
                    let raf: Vec<usize> = wings
                        .iter()
                        .flat_map(|&w| self.wings[w].squadrons.clone())
                        .collect();
                    let squadrons = self.geschwader[geschwader].squadrons.clone();
                    for &w in &wings {
                        self.wings[w].state = WingState::Fought;
                    }
                    self.dogfight = Some(Dogfight {
                        geschwader,
                        wings,
                        squadrons,
                        gruppe_of: Vec::new(),
                        raf,
                        attacks: Vec::new(),
                        left: Vec::new(),
                    });
                    self.stage = Stage::Gruppen;
                    return;
                }
                Job::Bomb { geschwader } => {
                    if self.geschwader[geschwader].state == RaidState::Aloft {
                        self.bomb(geschwader);
                    }
                }
            }
        }
    }

    /// The dice a group of squadrons throws: intercept values in an
    /// intercept; dogfight values otherwise, with the weaker value north of
    /// the 12 Group line and for Luftflotte 5; the ace's extra dice.
    pub fn dice_of(&self, squadrons: &[usize], intercept: bool, north: bool) -> u8 {
        let mut n: u32 = squadrons
            .iter()
            .map(|&s| {
                let t = self.aircraft(s);
                let lf5 = self.forces.squadrons[s].holder == Holder::Luftflotte(Luftflotte::Five);
                if intercept {
                    t.intercept as u32
                } else if north || lf5 {
                    t.dogfight_north as u32
                } else {
                    t.dogfight as u32
                }
            })
            .sum();
        if self.ace.is_some_and(|a| squadrons.contains(&a)) {
            n += self.rules.raid.ace_dice as u32;
        }
        n.min(255) as u8
    }

    /// Intercept combat: the whole wing against a random part of the
    /// geschwader as large as the wing, by total value.
    fn intercept(&mut self, wing: usize, g: usize) {
        let mut pool = self.geschwader[g].squadrons.clone();
        let n = self.wings[wing].squadrons.len().min(pool.len());
        super::dice::shuffle(&mut pool, &mut self.dice);
        pool.truncate(n);
        pool.sort_unstable();
        self.wings[wing].state = WingState::Fought;
        let raf = self.wings[wing].squadrons.clone();
        self.fight = Some(Fight::new(true, g, vec![wing], raf, pool));
        self.intercepts.fought += 1;
        match self.setup.battles {
            Battles::Dice => self.fight_round(),
            Battles::Board if self.rules.hex.is_some() => self.start_battle(),
            _ => {
                self.stage = Stage::HowToFight {
                    wing,
                    geschwader: g,
                }
            }
        }
    }

    /// The hits a target card still needs to be knocked out.
    fn need(&self, card: u16) -> u8 {
        if self.knocked_out(card) {
            0
        } else {
            let max = self.data.targets.cards[card as usize].hits;
            max.saturating_sub(self.damage[card as usize])
        }
    }

    /// The intercept about to begin is fought on the hex board.
    fn start_battle(&mut self) {
        let Some(f) = self.fight.clone() else { return };
        let named = |c: &Campaign, v: &[usize]| -> Vec<(usize, String, String)> {
            v.iter()
                .map(|&s| {
                    let name = c.forces.squadrons[s].name.clone();
                    (s, c.aircraft(s).name.clone(), name)
                })
                .collect()
        };
        let raf = named(self, &f.raf);
        let luftwaffe = named(self, &f.luftwaffe);
        fn as_ref(v: &[(usize, String, String)]) -> Vec<tactical::Flyer<'_>> {
            v.iter()
                .map(|(s, t, n)| (*s, t.as_str(), n.as_str()))
                .collect()
        }
        let target = self.geschwader[f.geschwader].target;
        let need = target.map_or(0, |c| self.need(c));
        // The battle's own dice: a seed drawn from the campaign's seed and
        // its place in the command list, so a campaign is still its seed
        // and commands.
        // (Two battles may begin after one command, the first over at once:
        // the count of battles keeps their dice apart.)
        let seed = crate::common::dice::sub_seed(
            self.setup.seed,
            0x7A11_0000_0000
                + ((self.commands.len() as u64) << 16)
                + self.intercepts.on_board as u64,
        );
        let wing = f.wings[0];
        match tactical::start(
            &self.rules,
            &as_ref(&raf),
            &as_ref(&luftwaffe),
            tactical::Meeting {
                wing,
                geschwader: f.geschwader,
                target,
                need,
            },
            seed,
            self.quiet,
        ) {
            Ok(t) => {
                self.log(Event::BattleOnBoard {
                    wing,
                    geschwader: f.geschwader,
                });
                let over = t.game.is_over();
                self.battle = Some(Box::new(t));
                self.stage = Stage::Battle;
                self.intercepts.on_board += 1;
                if over {
                    self.finish_battle();
                }
            }
            // Validated data cannot get here; if it does, the dice decide.
            Err(_) => self.fight_round(),
        }
    }

    /// The board battle is over: its result flows back (docs/RULES.md,
    /// "The campaign's intercepts on the hex board").
    fn finish_battle(&mut self) {
        let Some(t) = self.battle.take() else { return };
        let out = tactical::outcome(&t, &self.rules.tactical);
        self.log(Event::BattleResult(out.clone()));
        for r in &out.squadrons {
            self.count_intercept(r.squadron, r.fate);
            match r.fate {
                Fate::Lost => self.squadron_lost(r.squadron),
                Fate::StoodDown => self.squadron_stood_down(r.squadron),
                Fate::Unhurt => {}
            }
        }
        self.fight = None;
        // Bombers through: their hits fall on the raid's target, and the
        // raid has made its bomb run.
        if let (true, Some(card)) = (out.hits > 0, t.target) {
            if self.geschwader[t.geschwader].state == RaidState::Aloft {
                self.hit_target(t.geschwader, card, out.hits, 0);
                self.intercepts.bombed_on_board += 1;
                self.reach_for_home(t.geschwader);
            }
        }
        self.after_fight();
    }

    fn fight_round(&mut self) {
        let Some(f) = self.fight.clone() else { return };
        let north = self
            .data
            .map
            .north_of_twelve_group_line(self.geschwader[f.geschwader].at);
        let raf_dice = self.dice_of(&f.raf, f.intercept, false);
        let lw_dice = self.dice_of(&f.luftwaffe, f.intercept, north);
        let on_lw = self.roll(Side::British, raf_dice);
        let on_raf = self.roll(Side::German, lw_dice);
        if let Some(f) = &mut self.fight {
            f.round += 1;
            f.on_luftwaffe = on_lw;
            f.on_raf = on_raf;
        }
        self.next_allocation();
    }

    /// Squadrons of a side in the fight that can take its hits now.
    fn allocation_options(&self, side: Side) -> Vec<Command> {
        let Some(f) = &self.fight else {
            return Vec::new();
        };
        let (pool, hits, stood) = match side {
            Side::German => (&f.luftwaffe, f.on_luftwaffe, f.luftwaffe_stood_down),
            Side::British => (&f.raf, f.on_raf, f.raf_stood_down),
        };
        let mut out = Vec::new();
        if hits == 0 {
            return out;
        }
        for &s in pool {
            let d = self.aircraft(s).defence;
            if d <= hits {
                out.push(Command::Lose(s));
            } else if f.intercept && !stood {
                out.push(Command::StandDown(s));
            }
        }
        out
    }

    fn next_allocation(&mut self) {
        for side in [Side::German, Side::British] {
            if !self.allocation_options(side).is_empty() {
                self.stage = Stage::Allocate { side };
                return;
            }
        }
        self.end_round();
    }

    fn end_round(&mut self) {
        let Some(f) = self.fight.take() else { return };
        let over = f.intercept
            || f.raf.is_empty()
            || f.luftwaffe.is_empty()
            || f.round >= self.rules.raid.dogfight_rounds;
        if !over {
            self.fight = Some(f);
            self.fight_round();
            return;
        }
        self.after_fight();
    }

    fn after_fight(&mut self) {
        if let Some(d) = &mut self.dogfight {
            if let Some(k) = d.left.pop() {
                self.start_gruppe_fight(k);
                return;
            }
            self.dogfight = None;
        }
        self.next_job();
    }

    /// A geschwader with no bomber left reaches for home.
    fn after_battle_check(&mut self, g: usize) {
        let ges = &self.geschwader[g];
        if ges.state == RaidState::Aloft
            && !ges
                .squadrons
                .iter()
                .any(|&s| self.aircraft(s).role == Role::Bomber)
        {
            self.reach_for_home(g);
        }
    }

    fn remove_squadron(&mut self, s: usize) {
        for w in &mut self.wings {
            w.squadrons.retain(|&x| x != s);
        }
        for g in &mut self.geschwader {
            g.squadrons.retain(|&x| x != s);
        }
        if let Some(f) = &mut self.fight {
            f.raf.retain(|&x| x != s);
            f.luftwaffe.retain(|&x| x != s);
        }
    }

    fn take_hits(&mut self, cmd: Command) {
        let (s, stand) = match cmd {
            Command::Lose(s) => (s, false),
            Command::StandDown(s) => (s, true),
            _ => return,
        };
        let side = self.forces.squadrons[s].side;
        let d = self.aircraft(s).defence;
        if self.fight.as_ref().is_some_and(|f| f.intercept) {
            self.count_intercept(s, if stand { Fate::StoodDown } else { Fate::Lost });
        }
        if let Some(f) = &mut self.fight {
            let (hits, stood) = match side {
                Side::German => (&mut f.on_luftwaffe, &mut f.luftwaffe_stood_down),
                Side::British => (&mut f.on_raf, &mut f.raf_stood_down),
            };
            if stand {
                *hits = 0;
                *stood = true;
            } else {
                *hits -= d;
            }
        }
        if stand {
            self.squadron_stood_down(s);
        } else {
            self.squadron_lost(s);
        }
    }

    /// Counts a squadron's fate in an intercept.
    fn count_intercept(&mut self, s: usize, fate: Fate) {
        let i = &mut self.intercepts;
        match (self.forces.squadrons[s].side, fate) {
            (Side::British, Fate::Lost) => i.raf_lost += 1,
            (Side::German, Fate::Lost) => i.luftwaffe_lost += 1,
            (Side::British, Fate::StoodDown) => i.raf_stood_down += 1,
            (Side::German, Fate::StoodDown) => i.luftwaffe_stood_down += 1,
            (_, Fate::Unhurt) => {}
        }
    }

    fn squadron_stood_down(&mut self, s: usize) {
        self.remove_squadron(s);
        self.forces.stand_down(s, self.turn);
        self.log(Event::StoodDown(s));
    }

    fn squadron_lost(&mut self, s: usize) {
        self.remove_squadron(s);
        self.forces.lose(s);
        match self.forces.squadrons[s].side {
            Side::British => {
                self.tally.raf_lost += 1;
                self.record().raf_lost += 1;
            }
            Side::German => self.record().luftwaffe_lost += 1,
        }
        self.log(Event::Lost(s));
    }

    fn start_gruppe_fight(&mut self, k: u8) {
        let Some(d) = &self.dogfight else { return };
        let luftwaffe: Vec<usize> = d
            .squadrons
            .iter()
            .zip(&d.gruppe_of)
            .filter(|&(s, &gr)| gr == k && self.geschwader[d.geschwader].squadrons.contains(s))
            .map(|(&s, _)| s)
            .collect();
        let raf: Vec<usize> = d
            .raf
            .iter()
            .zip(&d.attacks)
            .filter(|&(_, &a)| a == Some(k))
            .map(|(&s, _)| s)
            .collect();
        self.fight = Some(Fight::new(
            false,
            d.geschwader,
            d.wings.clone(),
            raf,
            luftwaffe,
        ));
        self.fight_round();
    }

    fn begin_dogfights(&mut self) {
        let Some(d) = &mut self.dogfight else { return };
        let mut left: Vec<u8> = d.attacks.iter().flatten().copied().collect();
        left.sort_unstable();
        left.dedup();
        left.reverse();
        d.left = left;
        // A wing none of whose squadrons attacked has not fought: it stays
        // in the air where it is.
        let idle: Vec<usize> = d
            .wings
            .iter()
            .copied()
            .filter(|&w| {
                d.raf
                    .iter()
                    .zip(&d.attacks)
                    .all(|(s, a)| a.is_none() || !self.wings[w].squadrons.contains(s))
            })
            .collect();
        for w in idle {
            self.wings[w].state = WingState::Aloft;
        }
        self.after_fight();
    }

    fn bomb(&mut self, g: usize) {
        let Some(card) = self.geschwader[g].target else {
            self.reach_for_home(g);
            return;
        };
        if !self.geschwader[g]
            .squadrons
            .iter()
            .any(|&s| self.aircraft(s).role == Role::Bomber)
        {
            // Its bombers were shot down on the way in: no bomb run.
            self.reach_for_home(g);
            return;
        }
        let bombs: u32 = self.geschwader[g]
            .squadrons
            .iter()
            .map(|&s| self.aircraft(s).bombs as u32)
            .sum();
        let kind = self.cards[card as usize].kind;
        let aa_dice = self.rules.raid.aa(kind);
        let aa = self.roll_for(Side::British, aa_dice, self.rules.raid.aa_hit);
        let dice = (bombs.min(255) as u8).saturating_sub(aa);
        let hits = if self.knocked_out(card) {
            0
        } else {
            self.roll_for(Side::German, dice, self.rules.raid.bomb_hit)
        };
        self.hit_target(g, card, hits, aa);
        self.reach_for_home(g);
    }

    /// A raid's bomb hits on its target card, and what they knock out.
    fn hit_target(&mut self, g: usize, card: u16, hits: u8, aa: u8) {
        let kind = self.cards[card as usize].kind;
        let max = self.data.targets.cards[card as usize].hits;
        let before = self.damage[card as usize];
        let after = (before + hits).min(max);
        let scored = after > before;
        self.damage[card as usize] = after;
        self.log(Event::Bombed {
            geschwader: g,
            card,
            hits: after - before,
            aa,
        });
        if scored {
            self.tally.targets += 1;
            self.record().bombed += 1;
            if after >= max {
                self.log(Event::KnockedOut(card));
            } else if kind == CardKind::London && self.deck.back_on_top(card).is_ok() {
                self.log(Event::LondonBackOnTop(card));
            }
        }
    }

    fn end_tally_ho(&mut self) {
        self.stage = Stage::Over;
        // After the battle, a geschwader that has lost all its bombers
        // reaches for home (its escort has fought its dogfights first).
        for g in 0..self.geschwader.len() {
            self.after_battle_check(g);
        }
        for w in 0..self.wings.len() {
            if self.wings[w].state == WingState::Fought {
                self.wings[w].at = self.home_of(w);
            }
        }
        let last = self.tally_ho >= self.rules.raid.tally_ho_phases;
        let flying = self.geschwader.iter().any(|g| {
            g.state == RaidState::Aloft || (g.state == RaidState::Waiting && g.wave > self.tally_ho)
        });
        if flying && !last {
            self.begin_tally_ho();
            return;
        }
        for g in 0..self.geschwader.len() {
            if self.geschwader[g].state == RaidState::Aloft {
                self.reach_for_home(g);
            }
        }
        self.end_turn();
    }

    fn end_turn(&mut self) {
        // Luftflotte 5 must enter the radar line and try to bomb on its turn.
        if self.lf5_must_commit
            && self
                .records()
                .get(self.turn as usize - 1)
                .is_some_and(|r| r.flew)
        {
            let committed = self.geschwader.iter().enumerate().any(|(g, ges)| {
                self.data.oob.geschwader[g].luftflotte == Luftflotte::Five
                    && ges.target.is_some()
                    && ges.crossed_radar
                    && !ges.turned_back
            });
            self.lf5_must_commit = false;
            if !committed {
                let n = self.forces.withdraw_luftflotte(Luftflotte::Five);
                self.lf5_withdrawn = true;
                if n > 0 {
                    self.log(Event::Luftflotte5Withdrawn);
                }
            }
        }
        for w in &mut self.wings {
            for &s in &w.squadrons {
                self.forces.stand_to(s);
            }
            w.squadrons.clear();
            w.state = WingState::Unformed;
            w.big = false;
            w.met = None;
        }
        for w in 0..self.wings.len() {
            self.wings[w].at = self.home_of(w);
        }
        for g in 0..self.geschwader.len() {
            for s in self.geschwader[g].squadrons.clone() {
                self.forces.stand_to(s);
            }
            let at = self.data.oob.geschwader[g].at;
            let ges = &mut self.geschwader[g];
            ges.squadrons.clear();
            ges.state = RaidState::Idle;
            ges.target = None;
            ges.at = at;
            ges.bomb_run = false;
            ges.crossed_radar = false;
            ges.turned_back = false;
            ges.furthest = 0;
        }
        self.tally_ho = 0;
        self.log(Event::TurnEnds(self.turn));
        self.begin_turn();
    }

    fn finish(&mut self) {
        self.turn = self.turns();
        self.stage = Stage::Over;
        let v = verdict(&self.tally(), &self.rules);
        self.log(Event::CampaignOver(v));
    }

    // ----- commands -----

    /// The one legality test.
    pub fn check(&self, cmd: &Command) -> Result<(), Illegal> {
        use Command as C;
        let stage = &self.stage;
        match (stage, *cmd) {
            (Stage::Over, _) => illegal("the campaign is over"),
            (Stage::KeepHand, C::Discard(card)) => {
                if self.deck.hand().contains(&card) {
                    Ok(())
                } else {
                    illegal("that card is not in the German hand")
                }
            }
            (Stage::Rotations, C::Rotate(k)) => match self.rotations_left.get(k) {
                None => illegal("there is no such rotation this turn"),
                Some(r) => {
                    let mut f = self.forces.clone();
                    f.rotate_one(r, &self.data.oob)
                        .map_err(|e| Illegal(e.to_string()))
                }
            },
            (Stage::Rotations, C::EndRotations) => Ok(()),
            (Stage::ProductionSplit { dice }, C::Production { squadrons }) => {
                if squadrons <= *dice {
                    Ok(())
                } else {
                    illegal(format!("only {dice} production dice to throw"))
                }
            }
            (Stage::Repairs, C::Rebuild(s)) => {
                if self.squadron_successes == 0 {
                    return illegal("no successful squadron dice left");
                }
                if s < self.forces.squadrons.len() && self.forces.rebuildable(s) {
                    Ok(())
                } else {
                    illegal(
                        "only a damaged RAF squadron of a type still in the battle can be rebuilt",
                    )
                }
            }
            (Stage::Repairs, C::Reserve(s)) => {
                if self.forces.reserve_points == 0 {
                    return illegal("13 Group's reserve pool is empty");
                }
                match self.forces.squadrons.get(s) {
                    Some(q)
                        if self.forces.rebuildable(s)
                            && q.holder == Holder::Group(Group::Thirteen) =>
                    {
                        Ok(())
                    }
                    _ => illegal("reserve points rebuild only damaged 13 Group squadrons"),
                }
            }
            (Stage::Repairs, C::Mend(card)) => {
                if self.ground_successes == 0 {
                    return illegal("no successful repair dice left");
                }
                if self.mendable().any(|c| c == card) {
                    Ok(())
                } else {
                    illegal("only a knocked-out airfield, radar station or factory can be repaired")
                }
            }
            (Stage::Repairs, C::EndRepairs) => Ok(()),
            (Stage::BigWing, C::BigWing(a, b)) => {
                // The pair is named in order, so each Big Wing has one command.
                if a > b {
                    return illegal("name the Big Wing's wings in order, the lower first");
                }
                if self.big_wing_pairs().any(|p| p == (a, b)) {
                    Ok(())
                } else {
                    illegal("the Big Wing is two 12 Group wings formed this turn")
                }
            }
            (Stage::BigWing, C::NoBigWing) => Ok(()),
            (Stage::Reinforce, c @ C::Reinforce { .. }) => {
                if self.reinforcements().any(|r| r == c) {
                    Ok(())
                } else {
                    illegal("from turn 9 a Luftflotte 2 geschwader may grow to seven squadrons, from its box or another Luftflotte 2 geschwader")
                }
            }
            (Stage::Reinforce, C::EndReinforce) => Ok(()),
            (
                Stage::Missions,
                C::Assign {
                    geschwader,
                    card,
                    wave,
                },
            ) => {
                let Some(g) = self.geschwader.get(geschwader) else {
                    return illegal("there is no such geschwader");
                };
                if g.squadrons.is_empty() {
                    return illegal("that geschwader has no squadrons this turn");
                }
                if g.target.is_some() {
                    return illegal("that geschwader already has its mission");
                }
                if !g
                    .squadrons
                    .iter()
                    .any(|&s| self.aircraft(s).role == Role::Bomber)
                {
                    return illegal("a geschwader without bombers cannot fly a mission");
                }
                if !self.deck.hand().contains(&card) {
                    return illegal("that target is not in the German hand");
                }
                if wave == 0 || wave > self.rules.raid.waves {
                    return illegal(format!(
                        "a geschwader takes off in Tally Ho phase 1 to {}",
                        self.rules.raid.waves
                    ));
                }
                Ok(())
            }
            (Stage::Missions, C::EndMissions) => Ok(()),
            (Stage::Fly { geschwader }, C::Step(to)) => self.check_step(*geschwader, to),
            (Stage::Fly { .. }, C::Home) => Ok(()),
            (Stage::InterceptChoice { .. }, C::Intercept(w)) => {
                if w < self.wings.len() && self.can_intercept(w) {
                    Ok(())
                } else {
                    illegal("that wing is not at its station ready to scramble")
                }
            }
            (Stage::InterceptChoice { .. }, C::NoIntercept) => Ok(()),
            (Stage::InterceptStep { wing, .. }, C::WingStep(to)) => {
                if self.data.map.contains(to) && distance(self.wings[*wing].at, to) == 1 {
                    Ok(())
                } else {
                    illegal("the intercepting wing flies one square")
                }
            }
            (Stage::RafMovement, C::MoveWing { wing, to }) => {
                if wing >= self.wings.len() || !self.movable_wings().any(|w| w == wing) {
                    return illegal("that wing cannot move now");
                }
                if !self.data.map.contains(to) {
                    return illegal("that square is off the map");
                }
                if distance(self.wings[wing].at, to) > self.rules.raid.raf_move {
                    return illegal(format!(
                        "a wing flies {} squares at most",
                        self.rules.raid.raf_move
                    ));
                }
                let rises = self.wings[wing].state == WingState::Ready
                    && to == self.home_of(wing)
                    && self.raid_over(to);
                if to == self.wings[wing].at && !rises {
                    return illegal("the wing is already there");
                }
                Ok(())
            }
            (Stage::RafMovement, C::EndRafMovement) => Ok(()),
            (Stage::Allocate { side }, c @ (C::Lose(_) | C::StandDown(_))) => {
                if self.allocation_options(*side).contains(&c) {
                    Ok(())
                } else {
                    illegal(match c {
                        C::Lose(_) => "that squadron is not in the fight or the hits are too few to lose it",
                        _ => "a squadron is stood down only in an intercept, once a side, for fewer hits than its defence",
                    })
                }
            }
            (Stage::HowToFight { .. }, C::WithDice) => Ok(()),
            (Stage::HowToFight { .. }, C::OnTheBoard) => match self.rules.hex {
                Some(_) => Ok(()),
                None => illegal("Simple Hex's tables were not loaded: the dice must decide"),
            },
            (Stage::Battle, C::Hex(c)) => match &self.battle {
                Some(t) => t.game.check(&c).map_err(|e| Illegal(e.to_string())),
                None => illegal("there is no battle on the board"),
            },
            (Stage::Gruppen, C::Gruppe(k)) => self.check_gruppe(k),
            (Stage::Attacks, C::Attack(k)) => {
                let Some(d) = &self.dogfight else {
                    return illegal("there is no dogfight");
                };
                let gruppen = d.gruppe_of.iter().max().map_or(0, |m| m + 1);
                match k {
                    Some(k) if k >= gruppen => illegal(format!("there are {gruppen} gruppen")),
                    _ => Ok(()),
                }
            }
            _ => illegal(format!("{cmd:?} is not a decision of this step")),
        }
    }

    /// A formation of these squadrons may enter the square: Bf 109s and
    /// Ju 87s cannot enter a square entirely north of the 12 Group line (in
    /// a mixed geschwader they turn for home and the rest fly on).
    pub fn may_enter(&self, squadrons: &[usize], to: Square) -> bool {
        !self.data.map.north_of_twelve_group_line(to)
            || squadrons.iter().any(|&s| !self.short_range(s))
    }

    fn check_step(&self, g: usize, to: Square) -> Result<(), Illegal> {
        let ges = &self.geschwader[g];
        if !self.data.map.contains(to) {
            return illegal("a geschwader stays on the map");
        }
        if distance(ges.at, to) != 1 {
            return illegal("a geschwader flies one square at a time");
        }
        if !self.may_enter(&ges.squadrons, to) {
            return illegal(
                "Bf 109s and Ju 87s cannot enter a square entirely north of the 12 Group line",
            );
        }
        Ok(())
    }

    /// The next squadron may join gruppe `k` if the gruppen can still be
    /// completed: at most three gruppen of one to three squadrons.
    fn check_gruppe(&self, k: u8) -> Result<(), Illegal> {
        let Some(d) = &self.dogfight else {
            return illegal("there is no dogfight");
        };
        let n = d.squadrons.len();
        let want = (self.rules.raid.gruppen as usize).min(n);
        let max = self.rules.raid.gruppe_max as usize;
        if k as usize >= want {
            return illegal(format!("the geschwader forms {want} gruppen"));
        }
        let mut sizes = vec![0usize; want];
        for &g in &d.gruppe_of {
            sizes[g as usize] += 1;
        }
        sizes[k as usize] += 1;
        if sizes[k as usize] > max {
            return illegal(format!("no gruppe can have more than {max} squadrons"));
        }
        let left = n - d.gruppe_of.len() - 1;
        let empty = sizes.iter().filter(|&&z| z == 0).count();
        if empty > left {
            return illegal("every gruppe needs at least one squadron");
        }
        Ok(())
    }

    /// Every command that would be legal now (for tests and random play;
    /// wing moves are listed to every square in reach).
    pub fn legal_commands(&self) -> Vec<Command> {
        use Command as C;
        let mut cands = Vec::new();
        match &self.stage {
            Stage::Over => {}
            Stage::KeepHand => cands.extend(self.deck.hand().iter().map(|&c| C::Discard(c))),
            Stage::Rotations => {
                cands.extend((0..self.rotations_left.len()).map(C::Rotate));
                cands.push(C::EndRotations);
            }
            Stage::ProductionSplit { dice } => {
                cands.extend((0..=*dice).map(|n| C::Production { squadrons: n }))
            }
            Stage::Repairs => {
                for (i, s) in self.forces.squadrons.iter().enumerate() {
                    if s.side == Side::British && s.place == Place::Damaged {
                        cands.push(C::Rebuild(i));
                        cands.push(C::Reserve(i));
                    }
                }
                cands.extend(self.mendable().map(C::Mend));
                cands.push(C::EndRepairs);
            }
            Stage::Reinforce => {
                cands.extend(self.reinforcements());
                cands.push(C::EndReinforce);
            }
            Stage::BigWing => {
                cands.extend(self.big_wing_pairs().map(|(a, b)| C::BigWing(a, b)));
                cands.push(C::NoBigWing);
            }
            Stage::Missions => {
                for g in 0..self.geschwader.len() {
                    for &card in self.deck.hand() {
                        for wave in 1..=self.rules.raid.waves {
                            cands.push(C::Assign {
                                geschwader: g,
                                card,
                                wave,
                            });
                        }
                    }
                }
                cands.push(C::EndMissions);
            }
            Stage::Fly { geschwader } => {
                cands.extend(
                    self.data
                        .map
                        .neighbours(self.geschwader[*geschwader].at)
                        .map(C::Step),
                );
                cands.push(C::Home);
            }
            Stage::InterceptChoice { .. } => {
                cands.extend((0..self.wings.len()).map(C::Intercept));
                cands.push(C::NoIntercept);
            }
            Stage::InterceptStep { wing, .. } => cands.extend(
                self.data
                    .map
                    .neighbours(self.wings[*wing].at)
                    .map(C::WingStep),
            ),
            Stage::RafMovement => {
                let r = self.rules.raid.raf_move as i32;
                for w in self.movable_wings() {
                    let at = self.wings[w].at;
                    for dr in -r..=r {
                        for dc in -r..=r {
                            let to = Square::new(at.col + dc, at.row + dr);
                            cands.push(C::MoveWing { wing: w, to });
                        }
                    }
                }
                cands.push(C::EndRafMovement);
            }
            Stage::Allocate { side } => return self.allocation_options(*side),
            Stage::HowToFight { .. } => cands.extend([C::OnTheBoard, C::WithDice]),
            Stage::Battle => {
                if let Some(t) = &self.battle {
                    let g = &t.game;
                    let units = t.units.len() as u8;
                    let cols = g.scenario().columns as u8;
                    for unit in 0..units {
                        for column in 0..cols {
                            cands.push(C::Hex(HexCommand::Enter {
                                unit: crate::simple_hex::UnitId(unit),
                                column,
                            }));
                        }
                    }
                    for step in crate::simple_hex::Step::ALL {
                        cands.push(C::Hex(HexCommand::Step(step)));
                    }
                    for p in 0..g.planes().len() as u8 {
                        cands.push(C::Hex(HexCommand::Attack {
                            target: crate::simple_hex::PlaneId(p),
                        }));
                    }
                    cands.push(C::Hex(HexCommand::EndMove));
                }
            }
            Stage::Gruppen => {
                cands.extend((0..self.rules.raid.gruppen).map(C::Gruppe));
            }
            Stage::Attacks => {
                cands.push(C::Attack(None));
                cands.extend((0..self.rules.raid.gruppen).map(|k| C::Attack(Some(k))));
            }
        }
        cands.retain(|c| self.check(c).is_ok());
        cands
    }

    /// Plays a command if it is legal, then the automatic steps up to the
    /// next decision.
    pub fn play(&mut self, cmd: Command) -> Result<(), Illegal> {
        self.check(&cmd)?;
        self.commands.push(cmd);
        self.apply(cmd);
        Ok(())
    }

    fn apply(&mut self, cmd: Command) {
        use Command as C;
        match cmd {
            C::Discard(card) => {
                self.deck.discard(card);
                if self.deck.hand().len() <= self.rules.german_hand as usize {
                    self.order_of_battle();
                }
            }
            C::Rotate(k) => {
                let r = self.rotations_left.remove(k);
                if self.forces.rotate_one(&r, &self.data.oob).is_ok() {
                    self.log(Event::Rotated {
                        sent: r.kind.clone(),
                        group_from: r.from_group,
                        group_to: r.to_group,
                    });
                }
                self.next_rotation_or_production();
            }
            C::EndRotations => {
                let n = self.rotations_left.len();
                self.rotations_left.clear();
                self.log(Event::RotationsLapsed(n));
                self.next_throw();
            }
            C::Production { squadrons } => {
                let Stage::ProductionSplit { dice } = self.stage else {
                    return;
                };
                let face = self.rules.raid.production_success;
                let die = self.rules.raf_die;
                let throw = |n: u8, dice: &mut Dice| {
                    (0..n).filter(|_| die.roll(dice) == face).count() as u8
                };
                self.squadron_successes = throw(squadrons, &mut self.dice);
                self.ground_successes = throw(dice - squadrons, &mut self.dice);
                self.log(Event::ProductionThrown {
                    dice,
                    squadron_hits: self.squadron_successes,
                    ground_hits: self.ground_successes,
                });
                self.stage = Stage::Repairs;
                if !self.repairs_possible() {
                    self.after_repairs();
                }
            }
            C::Rebuild(s) => {
                let _ = self.forces.rebuild(s);
                self.squadron_successes -= 1;
                self.log(Event::Rebuilt(s));
                if !self.repairs_possible() {
                    self.after_repairs();
                }
            }
            C::Reserve(s) => {
                let _ = self.forces.rebuild_from_reserve(s);
                self.log(Event::Rebuilt(s));
                if !self.repairs_possible() {
                    self.after_repairs();
                }
            }
            C::Mend(card) => {
                self.damage[card as usize] = 0;
                self.ground_successes -= 1;
                self.log(Event::Mended(card));
                if !self.repairs_possible() {
                    self.after_repairs();
                }
            }
            C::EndRepairs => self.after_repairs(),
            C::BigWing(a, b) => {
                let moved = std::mem::take(&mut self.wings[b].squadrons);
                self.wings[a].squadrons.extend(moved);
                self.wings[a].big = true;
                self.wings[b].state = WingState::Unformed;
                self.log(Event::BigWingFormed(a, b));
                self.missions();
            }
            C::NoBigWing => self.missions(),
            C::Reinforce { geschwader, from } => {
                let s = match from {
                    None => {
                        let top = self.forces.ready(Holder::Luftflotte(Luftflotte::Two))[0];
                        self.forces.alert(top);
                        top
                    }
                    Some(o) => match self.geschwader[o].squadrons.pop() {
                        Some(s) => s,
                        None => return,
                    },
                };
                self.geschwader[geschwader].squadrons.push(s);
                self.log(Event::SeventhSquadron {
                    geschwader,
                    squadron: s,
                });
                self.after_reinforcements();
            }
            C::EndReinforce => {
                self.big_geschwader_done = true;
                self.after_reinforcements();
            }
            C::Assign {
                geschwader,
                card,
                wave,
            } => {
                let _ = self.deck.assign(card);
                let g = &mut self.geschwader[geschwader];
                g.target = Some(card);
                g.wave = wave;
                g.state = RaidState::Waiting;
                self.record().missions += 1;
                self.log(Event::Mission {
                    geschwader,
                    card,
                    wave,
                });
                let more = (0..self.geschwader.len()).any(|g| {
                    self.geschwader[g].target.is_none()
                        && self.geschwader[g]
                            .squadrons
                            .iter()
                            .any(|&s| self.aircraft(s).role == Role::Bomber)
                });
                if !more || self.deck.hand().is_empty() {
                    self.end_missions();
                }
            }
            C::EndMissions => self.end_missions(),
            C::Step(to) => {
                let Stage::Fly { geschwader: g } = self.stage else {
                    return;
                };
                if self.data.map.north_of_twelve_group_line(to) {
                    // Short-range squadrons reach for home rather than cross the line.
                    let (short, long): (Vec<usize>, Vec<usize>) = self.geschwader[g]
                        .squadrons
                        .iter()
                        .partition(|&&s| self.short_range(s));
                    if !short.is_empty() {
                        let far = self.geschwader[g].furthest > self.rules.raid.fuel_range;
                        self.fuel_check(&short, far);
                        for &s in &short {
                            if self.forces.squadrons[s].place == Place::Alerted {
                                self.forces.stand_to(s);
                            }
                        }
                        self.geschwader[g].squadrons = long;
                        self.log(Event::EscortTurnsBack {
                            geschwader: g,
                            squadrons: short,
                        });
                        if !self.geschwader[g]
                            .squadrons
                            .iter()
                            .any(|&s| self.aircraft(s).role == Role::Bomber)
                        {
                            // Only Ju 87s carried its bombs: nothing flies on.
                            self.reach_for_home(g);
                            self.next_flyer();
                            return;
                        }
                    }
                }
                let base = self.data.oob.geschwader[g].at;
                let ges = &mut self.geschwader[g];
                ges.at = to;
                ges.moved += 1;
                ges.furthest = ges.furthest.max(distance(base, to));
                let radar = self.is_radar_square(to);
                if radar {
                    self.geschwader[g].crossed_radar = true;
                }
                self.log(Event::Moved { geschwader: g, to });
                self.after_step(g, radar);
            }
            C::Home => {
                let Stage::Fly { geschwader: g } = self.stage else {
                    return;
                };
                self.geschwader[g].turned_back = true;
                self.reach_for_home(g);
                if let Some(w) = self.interceptor_of(g) {
                    self.wings[w].state = WingState::Returned;
                    self.wings[w].at = self.home_of(w);
                    self.log(Event::InterceptMissed { wing: w });
                }
                self.next_flyer();
            }
            C::Intercept(w) => {
                let Stage::InterceptChoice { geschwader: g } = self.stage else {
                    return;
                };
                self.wings[w].state = WingState::Intercepting(g);
                self.log(Event::Scramble {
                    wing: w,
                    geschwader: g,
                });
                if self.wings[w].at == self.geschwader[g].at {
                    // The raid is over the wing's own station: it meets it there.
                    self.wings[w].met = Some(g);
                    self.geschwader[g].stopped = true;
                    self.continue_flying(g);
                } else {
                    self.stage = Stage::InterceptStep {
                        geschwader: g,
                        wing: w,
                    };
                }
            }
            C::NoIntercept => {
                let Stage::InterceptChoice { geschwader: g } = self.stage else {
                    return;
                };
                self.continue_flying(g);
            }
            C::WingStep(to) => {
                let Stage::InterceptStep {
                    geschwader: g,
                    wing,
                } = self.stage
                else {
                    return;
                };
                self.wings[wing].at = to;
                self.log(Event::WingMoved { wing, to });
                if self.geschwader[g].at == to {
                    self.wings[wing].met = Some(g);
                    self.geschwader[g].stopped = true;
                }
                self.continue_flying(g);
            }
            C::MoveWing { wing, to } => {
                self.wings[wing].at = to;
                self.wings[wing].moved = true;
                self.wings[wing].state = if to == self.home_of(wing) && !self.raid_over(to) {
                    WingState::Returned
                } else {
                    WingState::Aloft
                };
                self.log(Event::WingMoved { wing, to });
                if self.movable_wings().next().is_none() {
                    self.battle_step();
                }
            }
            C::EndRafMovement => self.battle_step(),
            C::Lose(_) | C::StandDown(_) => {
                self.take_hits(cmd);
                self.next_allocation();
            }
            C::WithDice => self.fight_round(),
            C::OnTheBoard => self.start_battle(),
            C::Hex(c) => {
                if let Some(t) = &mut self.battle {
                    // `check` has passed it: the board game accepts it.
                    let _ = t.game.play(c);
                    if t.game.is_over() {
                        self.finish_battle();
                    }
                }
            }
            C::Gruppe(k) => {
                if let Some(d) = &mut self.dogfight {
                    d.gruppe_of.push(k);
                    if d.gruppe_of.len() == d.squadrons.len() {
                        self.stage = Stage::Attacks;
                    }
                }
            }
            C::Attack(k) => {
                if let Some(d) = &mut self.dogfight {
                    d.attacks.push(k);
                    if d.attacks.len() == d.raf.len() {
                        self.begin_dogfights();
                    }
                }
            }
        }
    }

    fn end_missions(&mut self) {
        if !self
            .geschwader
            .iter()
            .any(|g| g.state == RaidState::Waiting)
        {
            self.end_turn();
            return;
        }
        self.begin_tally_ho();
    }

    /// Every squadron is in exactly one place; the deck holds all its cards;
    /// wings and geschwader hold only alerted squadrons of their side.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.deck.check()?;
        self.forces.check()?;
        let mut seen = vec![0u8; self.forces.squadrons.len()];
        for w in &self.wings {
            for &s in &w.squadrons {
                seen[s] += 1;
                if self.forces.squadrons[s].side != Side::British {
                    return Err(format!(
                        "{} flies in an RAF wing",
                        self.forces.squadrons[s].name
                    ));
                }
            }
        }
        for g in &self.geschwader {
            for &s in &g.squadrons {
                seen[s] += 1;
                if self.forces.squadrons[s].side != Side::German {
                    return Err(format!(
                        "{} flies in a geschwader",
                        self.forces.squadrons[s].name
                    ));
                }
            }
        }
        for (i, s) in self.forces.squadrons.iter().enumerate() {
            let alerted = s.place == Place::Alerted;
            if seen[i] > 1 {
                return Err(format!("{} is in two formations", s.name));
            }
            if alerted != (seen[i] == 1) {
                return Err(format!(
                    "{} is {:?} but {} a formation",
                    s.name,
                    s.place,
                    if seen[i] == 1 { "in" } else { "not in" }
                ));
            }
            if let Place::StoodDown { back_on } = s.place {
                if back_on <= self.turn && self.stage != Stage::Over {
                    return Err(format!("{} should be back from standing down", s.name));
                }
            }
        }
        Ok(())
    }
}
