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
    Stage, State, TurnRecord, WingNow, WingState,
};

use super::check;
use super::data::{CampaignData, Square};
use super::family_board::FamilyTactical;
use super::rules::{CampaignRules, WeatherRule};
use super::state::apply::apply;
use super::tactical::{Battle, OnBoard, Tactical};
use super::turn::Exec;
use crate::common::dice::Dice;
use crate::common::game::{replayed, GameKind, Rules};
use crate::simple_hex::{Command as HexCommand, Side, SpeedDice};
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

/// What one command did, for undo: who made it, and whether it threw a die
/// or showed something hidden from a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    side: Side,
    fixed: bool,
}

/// A campaign in play.
#[derive(Clone)]
pub struct Campaign {
    state: State,
    dice: Dice,
    /// The intercept being fought on the hex board, if one is: a game of
    /// its own beside the state.
    board: Option<OnBoard>,
    /// Where the campaign began (the opening, unless built from a position).
    start: Arc<Position>,
    events: Vec<Event>,
    commands: Vec<Command>,
    played: Vec<Played>,
    quiet: bool,
}

impl fmt::Debug for Campaign {
    /// Where the campaign stands (its data and dice are left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Campaign")
            .field("setup", &self.state.setup())
            .field("turn", &self.state.turn())
            .field("tally_ho", &self.state.tally_ho())
            .field("stage", self.state.stage())
            .field("commands", &self.commands.len())
            .field("tally", &self.state.tally())
            .finish()
    }
}

/// A campaign reads as its state: every accessor of [`State`] (`turn`,
/// `wings`, `geschwader`, `forces`...) may be called on it. Only `&State`
/// is given out.
impl std::ops::Deref for Campaign {
    type Target = State;

    fn deref(&self) -> &State {
        &self.state
    }
}

impl Campaign {
    /// A new campaign, played up to the first decision.
    pub fn new(data: Arc<CampaignData>, rules: Arc<CampaignRules>, setup: CampaignSetup) -> Self {
        Self::build(data, rules, setup, Arc::new(Position::default()), false)
            .expect("the opening is a valid position")
    }

    /// Without the event log (for the simulator and the opponents' lookahead).
    pub fn new_quiet(
        data: Arc<CampaignData>,
        rules: Arc<CampaignRules>,
        setup: CampaignSetup,
    ) -> Self {
        Self::build(data, rules, setup, Arc::new(Position::default()), true)
            .expect("the opening is a valid position")
    }

    /// A campaign from a position (for tests, and for a situation set up by
    /// hand): the position is checked, then the campaign plays on from it
    /// to its next decision, as [`Position::next`] says.
    pub fn with_position(
        data: Arc<CampaignData>,
        rules: Arc<CampaignRules>,
        setup: CampaignSetup,
        position: Position,
    ) -> Result<Self, PositionError> {
        Self::build(data, rules, setup, Arc::new(position), false)
    }

    fn build(
        data: Arc<CampaignData>,
        rules: Arc<CampaignRules>,
        setup: CampaignSetup,
        start: Arc<Position>,
        quiet: bool,
    ) -> Result<Self, PositionError> {
        let (state, next, shuffle_weather) = start.build(data, rules, setup)?;
        let mut c = Campaign {
            state,
            dice: if quiet {
                Dice::without_log(setup.seed)
            } else {
                Dice::new(setup.seed)
            },
            board: None,
            start,
            events: Vec::new(),
            commands: Vec::new(),
            played: Vec::new(),
            quiet,
        };
        c.exec().start(next, shuffle_weather);
        if c.to_act().is_some() && c.legal_commands().is_empty() {
            return Err(PositionError::NothingToDecide);
        }
        Ok(c)
    }

    /// The turn sequence, working on this campaign.
    fn exec(&mut self) -> Exec<'_> {
        let events = (!self.quiet).then_some(&mut self.events);
        Exec::new(
            &mut self.state,
            &mut self.dice,
            events,
            &mut self.board,
            self.commands.len(),
        )
    }

    // ----- what the campaign is -----

    /// The state as the events so far have made it.
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }
    /// The campaign's dice, with the log of every roll (none kept when quiet).
    pub fn dice(&self) -> &Dice {
        &self.dice
    }
    /// The position the campaign began from.
    pub fn start(&self) -> &Position {
        &self.start
    }
    /// The intercept being fought on the hex board, if one is.
    pub fn battle(&self) -> Option<&Tactical> {
        self.last_battle()
            .filter(|_| matches!(self.state.stage(), Stage::Battle))
    }
    /// The battle on the hex board being fought, or the last one fought
    /// on a board if it was on the hex board (over).
    pub fn last_battle(&self) -> Option<&Tactical> {
        self.board.as_ref().and_then(|b| b.get().hex())
    }
    /// The intercept being fought on the family board, if one is.
    pub fn family_battle(&self) -> Option<&FamilyTactical> {
        self.last_family_battle()
            .filter(|_| matches!(self.state.stage(), Stage::Battle))
    }
    /// The battle on the family board being fought, or the last one fought
    /// on a board if it was on the family board (over).
    pub fn last_family_battle(&self) -> Option<&FamilyTactical> {
        self.board.as_ref().and_then(|b| b.get().family())
    }
    /// The battle on either board being fought, if one is.
    pub fn board_battle(&self) -> Option<&Battle> {
        self.board
            .as_ref()
            .map(OnBoard::get)
            .filter(|_| matches!(self.state.stage(), Stage::Battle))
    }
    /// The moves played so far in the battle on the board, if one is fought.
    pub fn battle_commands(&self) -> Option<&[HexCommand]> {
        self.battle().map(|b| b.game.commands())
    }
    /// Whose decision it is.
    pub fn to_act(&self) -> Option<Side> {
        Some(match self.state.stage() {
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
            Stage::HowToFight { .. } => self.state.setup().asks.unwrap_or(Side::British),
            Stage::Allocate { side } => *side,
            Stage::Battle => match self.board_battle()? {
                Battle::Hex(t) => t.game.to_act()?,
                // The spinner is the raid's; the Spitfires are the RAF's.
                Battle::Family(t) => match Rules::to_act(&t.game)? {
                    crate::family::Seat::Bombers => Side::German,
                    crate::family::Seat::Commander(_) => Side::British,
                },
            },
            Stage::Over => return None,
        })
    }

    // ----- commands -----

    /// The one legality test.
    pub fn check(&self, cmd: &Command) -> Result<(), Illegal> {
        check::check(&self.state, self.board_battle(), cmd)
    }

    /// Every command that would be legal now (for tests and random play;
    /// wing moves are listed to every square in reach).
    pub fn legal_commands(&self) -> Vec<Command> {
        check::legal_commands(&self.state, self.board_battle())
    }

    /// The squares a wing may fly to in this RAF movement.
    pub fn wing_reach(&self, wing: usize) -> Vec<Square> {
        check::wing_reach(&self.state, wing)
    }

    /// Plays a command if it is legal, then the automatic steps up to the
    /// next decision. A refused command changes nothing.
    pub fn play(&mut self, cmd: Command) -> Result<(), Illegal> {
        self.check(&cmd)?;
        let side = self
            .to_act()
            .expect("check refuses every command once the campaign is over");
        self.commands.push(cmd);
        let mut exec = self.exec();
        exec.execute(cmd);
        let fixed = exec.fixed();
        self.played.push(Played { side, fixed });
        Ok(())
    }

    // ----- history -----

    /// How many of the commands can no longer be taken back: those up to
    /// and including the last that threw a die (a shuffle and a deal too),
    /// or showed a side something hidden from it (the German hand, a
    /// target, the gruppen), or was made by the other side than the
    /// command after it (the last: than the decision now awaited).
    pub fn undo_point(&self) -> usize {
        let next = self.to_act();
        let mut point = 0;
        for (i, p) in self.played.iter().enumerate() {
            let after = self.played.get(i + 1).map(|q| q.side).or(next);
            if p.fixed || after != Some(p.side) {
                point = i + 1;
            }
        }
        point
    }

    /// The campaign as it was before its last command, if that command
    /// comes after the undo point: rebuilt from its data, rules, setup,
    /// starting position and earlier commands, so no die is thrown again.
    pub fn undo(&self) -> Option<Campaign> {
        let n = self.commands.len();
        if n == 0 || n <= self.undo_point() {
            return None;
        }
        let fresh = Campaign::build(
            self.state.data().clone(),
            self.state.rules().clone(),
            self.state.setup(),
            self.start.clone(),
            self.quiet,
        )
        .expect("the position this campaign began from was valid");
        Some(replayed(fresh, &self.commands, n - 1))
    }

    /// Every squadron is in exactly one place; the deck holds all its cards;
    /// wings and geschwader hold only alerted squadrons of their side.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.state.check_invariants()
    }
}

impl Rules for Campaign {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Side;

    const KIND: GameKind = GameKind::Campaign;

    fn state(&self) -> &State {
        &self.state
    }
    fn initial_state(&self) -> State {
        let (state, _, _) = self
            .start
            .build(
                self.state.data().clone(),
                self.state.rules().clone(),
                self.state.setup(),
            )
            .expect("the position this campaign began from was valid");
        state
    }
    fn apply(state: &mut State, event: &Event) {
        apply(state, event)
    }
    fn check(&self, command: &Command) -> Result<(), Illegal> {
        Campaign::check(self, command)
    }
    fn play(&mut self, command: Command) -> Result<(), Illegal> {
        Campaign::play(self, command)
    }
    fn legal_commands(&self) -> Vec<Command> {
        Campaign::legal_commands(self)
    }
    fn events(&self) -> &[Event] {
        &self.events
    }
    fn commands(&self) -> &[Command] {
        &self.commands
    }
    fn seed(&self) -> u64 {
        self.state.setup().seed
    }
    fn to_act(&self) -> Option<Side> {
        Campaign::to_act(self)
    }
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    fn undo_point(&self) -> usize {
        Campaign::undo_point(self)
    }
    fn undo(&self) -> Option<Self> {
        Campaign::undo(self)
    }
}
