//! The campaign played: a [`Campaign`] is its state, its dice, the battle on
//! the board (when one is fought) and its logs. [`Campaign::play`] checks a
//! command ([`check`](super::check::check)), runs it and the automatic
//! steps after it up to the next decision (the turn sequence, `turn`);
//! every change of the state is an [`Event`] applied by
//! [`super::state::apply::apply`], its only writer.
//!
//! A campaign is its data, its setup (weather rule, seed, how intercepts
//! are fought), its starting position and its commands: undo rebuilds it
//! from them, so no die is thrown twice.

pub use super::check::Illegal;
pub use super::command::Command;
pub use super::event::{BombRun, Event, Throw};
pub use super::state::{
    Dogfight, Fight, GeschwaderNow, InterceptTally, Job, Next, Position, PositionError, RaidState,
    Snapshot, Stage, State, TurnRecord, WingNow, WingState,
};

use super::check;
use super::data::{CampaignData, Square};
use super::family_board::FamilyTactical;
use super::rules::{CampaignValues, WeatherRule};
use super::state::apply::apply;
use super::tactical::{Battle, OnBoard, Tactical};
use super::turn::Exec;
use crate::common::game::GameKind;
use crate::common::shell::{Engine, Shell};
use crate::common::Side;
use crate::simple_hex::{Command as HexCommand, SpeedDice};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// How a campaign begins: the weather rule, the seed of its dice, and how
/// its intercepts are fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSetup {
    pub weather: WeatherRule,
    pub seed: u64,
    #[serde(default)]
    pub battles: Battles,
    /// When the board battles roll their speed dice: only campaigns saved
    /// before the rule changed roll each plane's as it moves.
    #[serde(default, skip_serializing_if = "SpeedDice::is_default")]
    pub speed_dice: SpeedDice,
    /// With `Battles::Ask`, the side asked how each fight is fought: the
    /// side a solo player commands, whichever it is (None: the RAF, whose
    /// decision it is when two play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asks: Option<Side>,
}

impl CampaignSetup {
    /// A campaign whose intercepts are thrown with the campaign's dice.
    pub fn new(weather: WeatherRule, seed: u64) -> CampaignSetup {
        CampaignSetup {
            weather,
            seed,
            battles: Battles::Dice,
            speed_dice: SpeedDice::default(),
            asks: None,
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
    /// Intercepts of raids with bombers on the family board; every other
    /// fight (sweeps, dogfights, a Big Wing's intercept) on the hex board.
    Family,
    Ask,
}

impl Battles {
    pub const ALL: [Battles; 4] = [Battles::Dice, Battles::Board, Battles::Family, Battles::Ask];

    pub fn name(self) -> &'static str {
        match self {
            Battles::Dice => "with the campaign's dice",
            Battles::Board => "on the hex board",
            Battles::Family => "on the family board",
            Battles::Ask => "ask at each fight",
        }
    }
}

/// The campaign's engine, plugged into the game shell, with what a
/// campaign keeps beside its state: the battle fought on a board.
#[derive(Clone)]
pub struct CampaignEngine {
    /// The intercept being fought on a board, if one is: a game of its own
    /// beside the state (or the last one fought, to be read to its end).
    board: Option<OnBoard>,
    /// Where the sequence runs from when the campaign begins, and whether
    /// the weather cards are shuffled first (from the starting position).
    opening: (Next, bool),
    /// Where the campaign stood before the battle on a board being fought
    /// began (a save keeps that, not the battle part-way), after how many
    /// commands.
    before_board: Option<(usize, Snapshot)>,
}

/// What a campaign is built from: its data, rules, setup (which holds the
/// seed) and the position it begins from (the opening, unless built from a
/// position).
#[derive(Clone)]
pub struct Start {
    pub data: Arc<CampaignData>,
    pub rules: Arc<CampaignValues>,
    pub setup: CampaignSetup,
    pub position: Arc<Position>,
}

/// A campaign in play.
pub type Campaign = Shell<CampaignEngine>;

impl fmt::Debug for Campaign {
    /// Where the campaign stands (its data and dice are left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Campaign")
            .field("setup", &self.state().setup())
            .field("turn", &self.turn())
            .field("tally_ho", &self.tally_ho())
            .field("stage", self.stage())
            .field("commands", &self.commands().len())
            .field("tally", &self.tally())
            .finish()
    }
}

impl Engine for CampaignEngine {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Side;
    type Setup = Start;
    type SetupError = PositionError;
    type Snapshot = Snapshot;
    const KIND: GameKind = GameKind::Campaign;
    /// A side never takes back what the other side has seen.
    const HANDOVER_FIXES: bool = true;

    fn open(start: &Start) -> Result<(CampaignEngine, State), PositionError> {
        let (state, next, shuffle_weather) =
            start
                .position
                .build(start.data.clone(), start.rules.clone(), start.setup)?;
        let engine = CampaignEngine {
            board: None,
            opening: (next, shuffle_weather),
            before_board: None,
        };
        Ok((engine, state))
    }
    /// Where the campaign stands; while a battle is fought on a board, where
    /// it stood before the battle began.
    fn snapshot(game: &Campaign) -> (usize, Snapshot) {
        match (&game.engine().before_board, game.board_battle()) {
            (Some(kept), Some(_)) => kept.clone(),
            _ => (game.commands().len(), game.state().snapshot()),
        }
    }
    fn resume(start: &Start, snap: &Snapshot) -> Result<(CampaignEngine, State), String> {
        let state =
            State::from_snapshot(start.data.clone(), start.rules.clone(), start.setup, snap)?;
        let engine = CampaignEngine {
            board: None,
            opening: (Next::Decide(state.stage().clone()), false),
            before_board: None,
        };
        Ok((engine, state))
    }
    fn begin(game: &mut Campaign) -> Result<(), PositionError> {
        let (next, shuffle_weather) = game.engine().opening.clone();
        Exec::new(game).start(next, shuffle_weather);
        if game.to_act().is_some() && game.legal_commands().is_empty() {
            return Err(PositionError::NothingToDecide);
        }
        Ok(())
    }
    fn apply(state: &mut State, event: &Event) {
        apply(state, event)
    }
    fn check(game: &Campaign, command: &Command) -> Result<(), Illegal> {
        check::check(game.state(), game.board_battle(), command)
    }
    fn execute(game: &mut Campaign, command: Command) {
        // A game that keeps its record keeps where it stood before a battle
        // on a board began (the command is already in the list: the
        // position is the one before it).
        let off_board = game.board_battle().is_none();
        let boards = game.state().setup().battles != Battles::Dice;
        let before = (off_board && boards && game.keeps_events())
            .then(|| (game.commands().len() - 1, game.state().snapshot()));
        Exec::new(game).execute(command);
        if off_board && game.board_battle().is_some() {
            game.engine_mut().before_board = before;
        }
    }
    fn legal_commands(game: &Campaign) -> Vec<Command> {
        check::legal_commands(game.state(), game.board_battle())
    }
    fn to_act(game: &Campaign) -> Option<Side> {
        game.side_to_act()
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
}

impl Campaign {
    /// A new campaign, played up to the first decision.
    pub fn new(data: Arc<CampaignData>, rules: Arc<CampaignValues>, setup: CampaignSetup) -> Self {
        Self::build(data, rules, setup, Position::default(), true)
            .expect("the opening is a valid position")
    }

    /// Without the event log (for the simulator and the opponents' lookahead).
    pub fn new_quiet(
        data: Arc<CampaignData>,
        rules: Arc<CampaignValues>,
        setup: CampaignSetup,
    ) -> Self {
        Self::build(data, rules, setup, Position::default(), false)
            .expect("the opening is a valid position")
    }

    /// A campaign from a position (for tests, and for a situation set up by
    /// hand): the position is checked, then the campaign plays on from it
    /// to its next decision, as [`Position::next`] says.
    pub fn with_position(
        data: Arc<CampaignData>,
        rules: Arc<CampaignValues>,
        setup: CampaignSetup,
        position: Position,
    ) -> Result<Self, PositionError> {
        Self::build(data, rules, setup, position, true)
    }

    fn build(
        data: Arc<CampaignData>,
        rules: Arc<CampaignValues>,
        setup: CampaignSetup,
        position: Position,
        keep_events: bool,
    ) -> Result<Self, PositionError> {
        let start = Start {
            data,
            rules,
            setup,
            position: Arc::new(position),
        };
        Shell::from_setup(start, setup.seed, keep_events)
    }

    // ----- what the campaign is -----

    /// The position the campaign began from.
    pub fn start(&self) -> &Position {
        &self.origin().position
    }
    /// The intercept being fought on the hex board, if one is.
    pub fn battle(&self) -> Option<&Tactical> {
        self.last_battle()
            .filter(|_| matches!(self.stage(), Stage::Battle))
    }
    /// The battle on the hex board being fought, or the last one fought
    /// on a board if it was on the hex board (over).
    pub fn last_battle(&self) -> Option<&Tactical> {
        self.engine().board.as_ref().and_then(|b| b.get().hex())
    }
    /// The intercept being fought on the family board, if one is.
    pub fn family_battle(&self) -> Option<&FamilyTactical> {
        self.last_family_battle()
            .filter(|_| matches!(self.stage(), Stage::Battle))
    }
    /// The battle on the family board being fought, or the last one fought
    /// on a board if it was on the family board (over).
    pub fn last_family_battle(&self) -> Option<&FamilyTactical> {
        self.engine().board.as_ref().and_then(|b| b.get().family())
    }
    /// The battle on either board being fought, if one is.
    pub fn board_battle(&self) -> Option<&Battle> {
        self.engine()
            .board
            .as_ref()
            .map(OnBoard::get)
            .filter(|_| matches!(self.stage(), Stage::Battle))
    }
    /// The moves played so far in the battle on the board, if one is fought.
    pub fn battle_commands(&self) -> Option<&[HexCommand]> {
        self.battle().map(|b| b.game.commands())
    }
    /// Whose decision it is.
    fn side_to_act(&self) -> Option<Side> {
        Some(match self.stage() {
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
            | Stage::Attacks => Side::British,
            // In a solo game the player chooses how each fight is fought,
            // whichever side they command.
            Stage::HowToFight { .. } => self.state().setup().asks.unwrap_or(Side::British),
            Stage::Allocate { side } => *side,
            Stage::Battle => match self.board_battle()? {
                Battle::Hex(t) => t.game.to_act()?,
                // The spinner is the raid's; the Spitfires are the RAF's.
                Battle::Family(t) => match t.game.to_act()? {
                    crate::family::Seat::Bombers => Side::German,
                    crate::family::Seat::Commander(_) => Side::British,
                },
            },
            Stage::Over => return None,
        })
    }

    /// The squares a wing may fly to in this RAF movement.
    pub fn wing_reach(&self, wing: usize) -> Vec<Square> {
        check::wing_reach(self.state(), wing)
    }

    /// Every squadron is in exactly one place; the deck holds all its cards;
    /// wings and geschwader hold only alerted squadrons of their side.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.state().check_invariants()
    }
}

impl Campaign {
    /// The battle on a board, to play on.
    pub(super) fn board_mut(&mut self) -> Option<&mut OnBoard> {
        self.engine_mut().board.as_mut()
    }
    /// Where a battle on a board is kept.
    pub(super) fn board_slot(&mut self) -> &mut Option<OnBoard> {
        &mut self.engine_mut().board
    }
}
