//! A campaign set up by hand: a [`Position`] says the turn, the target
//! damage, the German hand, where the squadrons are, the wings and
//! geschwader formed, a fight in progress, and what comes next (a decision,
//! or a step of the turn to play on from). Everything not given is as at
//! the start of the campaign, except what the calendar has made true by
//! the position's turn (the Big Wing, seven-squadron geschwader, withdrawn
//! types, stand-downs counted as losses).
//!
//! Squadrons, cards, wings and geschwader are named as the data names them
//! ("No. 32 Squadron", "I./KG 2", "Biggin Hill", "Kenley Wing", "KG 2");
//! inside a wing's or geschwader's state (a wing intercepting geschwader
//! `g`, the jobs of the battle step) they go by their index in the order of
//! battle. Whatever is given is checked, and a bad position is refused
//! with a sentence ([`PositionError`]).

use super::{distance, Fight, GeschwaderNow, Job, RaidState, Stage, State, WingNow, WingState};
use crate::campaign::data::{CampaignData, Group, Square};
use crate::campaign::deck::Deck;
use crate::campaign::forces::Place;
use crate::campaign::game::CampaignSetup;
use crate::campaign::rules::{CampaignValues, Rotation, TurnEvent, WeatherRule};
use crate::campaign::weather::{Weather, WeatherCard};
use crate::common::Side;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Where a squadron is, other than in a wing or geschwader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SquadronAt {
    /// Combat ready, on top of its box (the first named on top).
    Ready,
    Damaged,
    /// Stood down: back at the start of turn `back_on`.
    StoodDown {
        back_on: u8,
    },
    Withdrawn,
}

/// A wing formed this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WingAt {
    /// The wing's name in the order of battle.
    pub wing: String,
    pub squadrons: Vec<String>,
    /// Its square; none: its station.
    pub at: Option<Square>,
    /// None: ready at its station.
    pub state: Option<WingState>,
    pub big: bool,
    /// The geschwader (by index) it reached in an intercept this phase.
    pub met: Option<usize>,
    /// It moved in this RAF movement.
    pub moved: bool,
}

/// A geschwader formed this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GeschwaderAt {
    /// The geschwader's name in the order of battle.
    pub geschwader: String,
    pub squadrons: Vec<String>,
    /// Its square; none: its base.
    pub at: Option<Square>,
    /// None: in the air with a target, idle without.
    pub state: Option<RaidState>,
    /// Its target card's name (the card is among those flown this phase).
    pub target: Option<String>,
    /// The Tally Ho phase it takes off in; none: the first.
    pub wave: Option<u8>,
    pub moved: u8,
    /// Stopped for this Tally Ho phase; none: unless it is in the air.
    pub stopped: Option<bool>,
    pub bomb_run: bool,
    /// The furthest it has been from its base; none: where it is now.
    pub furthest: Option<u8>,
    pub crossed_radar: bool,
    pub turned_back: bool,
}

/// A fight of the battle step in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FightAt {
    pub intercept: bool,
    pub geschwader: String,
    pub wings: Vec<String>,
    pub raf: Vec<String>,
    pub luftwaffe: Vec<String>,
    pub round: u8,
    /// Hits still to be taken by each side this round.
    pub on_luftwaffe: u8,
    pub on_raf: u8,
    pub raf_stood_down: bool,
    pub luftwaffe_stood_down: bool,
}

/// What the campaign does from the position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Next {
    /// It waits for this decision.
    Decide(Stage),
    /// The position's turn begins: the standby phase from its start.
    #[default]
    BeginTurn,
    /// The weather check of the turn, then on.
    Weather,
    /// Squadron alert: the Combat Ready boxes are dealt.
    Alert,
    /// The German hand is filled and the missions assigned.
    Missions,
    /// Tally Ho phase `tally_ho` begins: the raids of its wave take off.
    BeginTallyHo,
    /// Luftwaffe movement goes on: the next geschwader not stopped flies.
    Fly,
    /// Luftwaffe movement is over: RAF movement.
    RafMovement,
    /// The battle step begins.
    Battle,
    /// The Tally Ho phase ends.
    EndTallyHo,
    /// The turn ends.
    EndTurn,
}

/// A campaign's situation, set up by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Position {
    /// The turn, from 1.
    pub turn: u8,
    /// The Tally Ho phase (0 outside them).
    pub tally_ho: u8,
    /// The RAF has declined every further intercept of this Tally Ho phase.
    pub intercepts_declined: bool,
    /// Bomb hits on target cards, by name.
    pub damage: Vec<(String, u8)>,
    /// The German hand, by card name.
    pub hand: Vec<String>,
    /// The top of the draw pile, the next card dealt first. The cards not
    /// named anywhere lie beneath, in card order.
    pub draw: Vec<String>,
    /// Taken out of the deck this phase.
    pub out: Vec<String>,
    /// Flown this phase (a geschwader's target is added here).
    pub used: Vec<String>,
    /// Squadrons not in a formation that are not simply combat ready (and
    /// ready ones put on top of their box), by name.
    pub squadrons: Vec<(String, SquadronAt)>,
    /// 13 Group's reserve points; none: the rules' pool.
    pub reserve_points: Option<u8>,
    /// Targets bombed so far.
    pub targets: u32,
    /// The RAF's playing cards for squadrons lost; none: one for each RAF
    /// squadron in a damaged box.
    pub raf_cards: Option<u32>,
    /// The squadron with the ace marker.
    pub ace: Option<String>,
    /// Allied squadrons due that wait for a damaged Hurricane of their
    /// group (by the group's number).
    pub allies_due: Vec<(u8, String)>,
    pub wings: Vec<WingAt>,
    pub geschwader: Vec<GeschwaderAt>,
    pub fight: Option<FightAt>,
    /// The battle step's jobs still to do, in order.
    pub jobs: Vec<Job>,
    /// This turn's rotations still to make.
    pub rotations: Vec<Rotation>,
    /// The production throw's successes still to spend: (squadrons, ground).
    pub successes: (u8, u8),
    /// Production throws still to make this turn; none: one while the
    /// production split is awaited, else none.
    pub throws_left: Option<u8>,
    /// The Big Wing may form; none: as the calendar says by this turn.
    pub big_wing: Option<bool>,
    /// Luftflotte 2's geschwader may grow to seven; none: as the calendar says.
    pub seven_squadrons: Option<bool>,
    pub luftflotte_5_must_commit: bool,
    pub luftflotte_5_withdrawn: bool,
    /// The weather cards in the order they are drawn (the weather cards
    /// rule); none: shuffled with the campaign's dice.
    pub weather_cards: Option<Vec<WeatherCard>>,
    pub next: Next,
}

impl Default for Position {
    /// The opening: turn 1 about to begin.
    fn default() -> Position {
        Position {
            turn: 1,
            tally_ho: 0,
            intercepts_declined: false,
            damage: Vec::new(),
            hand: Vec::new(),
            draw: Vec::new(),
            out: Vec::new(),
            used: Vec::new(),
            squadrons: Vec::new(),
            reserve_points: None,
            targets: 0,
            raf_cards: None,
            ace: None,
            allies_due: Vec::new(),
            wings: Vec::new(),
            geschwader: Vec::new(),
            fight: None,
            jobs: Vec::new(),
            rotations: Vec::new(),
            successes: (0, 0),
            throws_left: None,
            big_wing: None,
            seven_squadrons: None,
            luftflotte_5_must_commit: false,
            luftflotte_5_withdrawn: false,
            weather_cards: None,
            next: Next::BeginTurn,
        }
    }
}

/// Why a position cannot be played from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    NoSuchTurn {
        turn: u8,
        turns: u8,
    },
    NoSuchTallyHo {
        phase: u8,
        phases: u8,
    },
    UnknownSquadron(String),
    SquadronTwice(String),
    UnknownCard(String),
    CardTwice(String),
    UnknownWing(String),
    WingTwice(String),
    UnknownGeschwader(String),
    GeschwaderTwice(String),
    NoSuchWing(usize),
    NoSuchGeschwader(usize),
    NoSuchGroup(u8),
    WrongSide {
        squadron: String,
        formation: String,
    },
    OffTheMap(Square),
    TooManyHits {
        card: String,
        hits: u8,
        max: u8,
    },
    NotInTheFight(String),
    StandsDownBack {
        squadron: String,
        back_on: u8,
    },
    WeatherCards {
        given: usize,
        turns: u8,
    },
    NeedsAFight,
    NeedsADogfight,
    NeedsABoardBattle,
    NotFlying(usize),
    NotIntercepting {
        wing: usize,
        geschwader: usize,
    },
    NotADecision,
    /// The campaign would wait for a decision with nothing it may decide.
    NothingToDecide,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            NoSuchTurn { turn, turns } => write!(
                f,
                "Turn {turn} is not in the campaign, which has turns 1 to {turns}."
            ),
            NoSuchTallyHo { phase, phases } => write!(
                f,
                "Tally Ho phase {phase} is not in a turn, which has phases 1 to {phases}."
            ),
            UnknownSquadron(s) => write!(f, "There is no squadron named \"{s}\"."),
            SquadronTwice(s) => write!(f, "{s} is given two places."),
            UnknownCard(c) => write!(f, "There is no target card named \"{c}\"."),
            CardTwice(c) => write!(f, "The {c} card is given two places."),
            UnknownWing(w) => write!(f, "There is no wing named \"{w}\"."),
            WingTwice(w) => write!(f, "The {w} is given twice."),
            UnknownGeschwader(g) => write!(f, "There is no geschwader named \"{g}\"."),
            GeschwaderTwice(g) => write!(f, "{g} is given twice."),
            NoSuchWing(w) => write!(f, "There is no wing {w}."),
            NoSuchGeschwader(g) => write!(f, "There is no geschwader {g}."),
            NoSuchGroup(g) => write!(f, "There is no {g} Group."),
            WrongSide {
                squadron,
                formation,
            } => write!(f, "{squadron} cannot fly in {formation}."),
            OffTheMap(sq) => write!(f, "Square ({}, {}) is off the map.", sq.col, sq.row),
            TooManyHits { card, hits, max } => write!(
                f,
                "{card} is given {hits} bomb hits; it takes {max} at most."
            ),
            NotInTheFight(s) => {
                write!(f, "{s} is in the fight but not in its wings or geschwader.")
            }
            StandsDownBack { squadron, back_on } => write!(
                f,
                "{squadron} would have been back from standing down on turn {back_on}."
            ),
            WeatherCards { given, turns } => write!(
                f,
                "One weather card a turn: {given} cards for {turns} turns."
            ),
            NeedsAFight => write!(
                f,
                "That decision is taken in a fight: the position needs one."
            ),
            NeedsADogfight => write!(
                f,
                "Gruppen and attacks are decided in a dogfight: play on from the battle step."
            ),
            NeedsABoardBattle => write!(
                f,
                "A battle on the board begins from the choice of how to fight an intercept."
            ),
            NotFlying(g) => write!(f, "Geschwader {g} is not in the air to fly."),
            NotIntercepting { wing, geschwader } => write!(
                f,
                "Wing {wing} is not intercepting geschwader {geschwader}."
            ),
            NotADecision => write!(f, "The campaign being over is not a decision to wait for."),
            NothingToDecide => write!(
                f,
                "The campaign would wait for a decision with no legal command to make it."
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The state the position describes, what comes next, and whether the
    /// weather cards are still to be shuffled.
    pub(crate) fn build(
        &self,
        data: Arc<CampaignData>,
        rules: Arc<CampaignValues>,
        setup: CampaignSetup,
    ) -> Result<(State, Next, bool), PositionError> {
        let mut s = State::new(data.clone(), rules.clone(), setup);
        let past_calendar = self.set_turn(&mut s, &rules)?;
        self.apply_calendar(&mut s, &data, &rules, setup, past_calendar);
        let mut look = Lookups::new(&s, &data);
        let (on_top, aside) = self.read_squadrons(&s, &mut look)?;
        let wings = self.read_wings(&mut look)?;
        let (geschwader, targets) = self.read_geschwader(&mut look)?;
        for (q, p) in aside {
            s.forces.set_place(q, p);
        }
        self.place_formations(&mut s, wings, geschwader);
        s.forces.return_to_top(&on_top);
        self.set_reserves_and_allies(&mut s, &look)?;
        self.set_fight(&mut s, &look)?;
        self.set_jobs(&mut s)?;
        self.deal_cards(&mut s, &look, targets)?;
        self.set_damage(&mut s, &look)?;
        let shuffle = self.set_steps(&mut s, setup)?;
        if let Next::Decide(stage) = &self.next {
            check_decision(&s, stage)?;
        }
        Ok((s, self.next.clone(), shuffle))
    }

    /// Checks the turn and Tally Ho phase and sets them, with the records
    /// of the turns so far; true when the turn's calendar events are past.
    fn set_turn(&self, s: &mut State, rules: &CampaignValues) -> Result<bool, PositionError> {
        use PositionError as E;
        let turns = s.turns();
        if self.turn == 0 || self.turn > turns {
            return Err(E::NoSuchTurn {
                turn: self.turn,
                turns,
            });
        }
        let phases = rules.raid.tally_ho_phases;
        let needs_phase = matches!(
            self.next,
            Next::BeginTallyHo | Next::Fly | Next::RafMovement | Next::Battle | Next::EndTallyHo
        );
        if self.tally_ho > phases || (needs_phase && self.tally_ho == 0) {
            return Err(E::NoSuchTallyHo {
                phase: self.tally_ho,
                phases,
            });
        }
        let begins = self.next == Next::BeginTurn;
        let in_standby = matches!(
            &self.next,
            Next::Decide(
                Stage::KeepHand | Stage::Rotations | Stage::ProductionSplit { .. } | Stage::Repairs
            )
        );
        let past_weather = !begins && !in_standby && self.next != Next::Weather;
        // The turn's events are past once its standby phase has begun
        // (all but the hand's discards, which come first).
        let past_calendar = !begins && !matches!(&self.next, Next::Decide(Stage::KeepHand));
        s.turn = if begins { self.turn - 1 } else { self.turn };
        s.tally_ho = if self.next == Next::BeginTallyHo {
            self.tally_ho - 1
        } else {
            self.tally_ho
        };
        s.intercepts_declined = self.intercepts_declined && self.next != Next::BeginTallyHo;
        for _ in 0..s.turn {
            s.turn_records.push(Default::default());
        }
        if let Some(r) = s.turn_records.last_mut().filter(|_| !begins) {
            r.flew = past_weather;
        }
        Ok(past_calendar)
    }

    /// What the calendar has made true by now, and what the position says
    /// instead.
    fn apply_calendar(
        &self,
        s: &mut State,
        data: &CampaignData,
        rules: &CampaignValues,
        setup: CampaignSetup,
        past_calendar: bool,
    ) {
        let calendar = rules.calendar_for(setup.weather);
        for (t, e) in &calendar.events {
            if *t > self.turn || (*t == self.turn && !past_calendar) {
                continue;
            }
            match e {
                TurnEvent::BigWing => s.big_wing_allowed = true,
                TurnEvent::SevenSquadronGeschwader { .. } => s.big_geschwader = true,
                TurnEvent::StoodDownCountAsLost => s.stood_down_count = true,
                TurnEvent::WithdrawDefiants => {
                    s.forces.withdraw_type("Defiant", &data.oob);
                }
                TurnEvent::WithdrawStukas => {
                    s.forces.withdraw_type("Ju 87", &data.oob);
                }
                _ => {}
            }
        }
        if let Some(b) = self.big_wing {
            s.big_wing_allowed = b;
        }
        if let Some(b) = self.seven_squadrons {
            s.big_geschwader = b;
        }
        s.lf5_must_commit = self.luftflotte_5_must_commit;
        s.lf5_withdrawn = self.luftflotte_5_withdrawn;
        if self.luftflotte_5_withdrawn {
            s.forces
                .withdraw_luftflotte(crate::campaign::data::Luftflotte::Five);
        }
    }

    /// The squadrons listed outside formations: those put on top of their
    /// box, and those set aside with their place.
    #[allow(clippy::type_complexity)]
    fn read_squadrons(
        &self,
        s: &State,
        look: &mut Lookups,
    ) -> Result<(Vec<usize>, Vec<(usize, Place)>), PositionError> {
        let mut on_top = Vec::new();
        let mut aside = Vec::new();
        for (name, at) in &self.squadrons {
            let q = look.squadron(name)?;
            look.place(q, name)?;
            match *at {
                SquadronAt::Ready => on_top.push(q),
                SquadronAt::Damaged => aside.push((q, Place::Damaged)),
                SquadronAt::Withdrawn => aside.push((q, Place::Withdrawn)),
                SquadronAt::StoodDown { back_on } => {
                    if back_on <= s.turn {
                        return Err(PositionError::StandsDownBack {
                            squadron: name.clone(),
                            back_on,
                        });
                    }
                    aside.push((q, Place::StoodDown { back_on }));
                }
            }
        }
        Ok((on_top, aside))
    }

    /// The wings formed, by their index in the order of battle.
    fn read_wings(&self, look: &mut Lookups) -> Result<Vec<(usize, WingNow)>, PositionError> {
        use PositionError as E;
        let data = look.data;
        let mut wings = Vec::new();
        for w in &self.wings {
            let i = look.wing_named(&w.wing)?;
            if wings.iter().any(|(j, _)| *j == i) {
                return Err(E::WingTwice(w.wing.clone()));
            }
            let squadrons = look.members(&w.squadrons, Side::British, &w.wing)?;
            let mut now = WingNow::unformed(data.oob.wings[i].at);
            now.at =
                w.at.map(|sq| look.on_map(sq))
                    .transpose()?
                    .unwrap_or(now.at);
            now.state = w.state.unwrap_or(WingState::Ready);
            if let WingState::Intercepting(g) = now.state {
                if g >= data.oob.geschwader.len() {
                    return Err(E::NoSuchGeschwader(g));
                }
            }
            if let Some(g) = w.met.filter(|&g| g >= data.oob.geschwader.len()) {
                return Err(E::NoSuchGeschwader(g));
            }
            now.squadrons = squadrons;
            now.big = w.big;
            now.met = w.met;
            now.moved = w.moved;
            wings.push((i, now));
        }
        Ok(wings)
    }

    /// The geschwader formed, by their index in the order of battle, and
    /// the target cards they fly to.
    #[allow(clippy::type_complexity)]
    fn read_geschwader(
        &self,
        look: &mut Lookups,
    ) -> Result<(Vec<(usize, GeschwaderNow)>, Vec<u16>), PositionError> {
        let mut geschwader = Vec::new();
        let mut targets = Vec::new();
        for g in &self.geschwader {
            let i = look.geschwader_named(&g.geschwader)?;
            if geschwader.iter().any(|(j, _)| *j == i) {
                return Err(PositionError::GeschwaderTwice(g.geschwader.clone()));
            }
            let squadrons = look.members(&g.squadrons, Side::German, &g.geschwader)?;
            let base = look.data.oob.geschwader[i].at;
            let mut now = GeschwaderNow::idle(base);
            now.at = g.at.map(|sq| look.on_map(sq)).transpose()?.unwrap_or(base);
            now.target = g
                .target
                .as_deref()
                .map(|c| look.card_named(c))
                .transpose()?;
            targets.extend(now.target);
            now.state = g.state.unwrap_or(if now.target.is_some() {
                RaidState::Aloft
            } else {
                RaidState::Idle
            });
            now.squadrons = squadrons;
            now.wave = g.wave.unwrap_or(1);
            now.moved = g.moved;
            now.stopped = g.stopped.unwrap_or(now.state != RaidState::Aloft);
            now.bomb_run = g.bomb_run;
            now.furthest = g.furthest.unwrap_or(distance(base, now.at));
            now.crossed_radar = g.crossed_radar;
            now.turned_back = g.turned_back;
            geschwader.push((i, now));
        }
        Ok((geschwader, targets))
    }

    /// The wings and geschwader formed take their squadrons off the boards.
    fn place_formations(
        &self,
        s: &mut State,
        wings: Vec<(usize, WingNow)>,
        geschwader: Vec<(usize, GeschwaderNow)>,
    ) {
        for (i, w) in wings {
            for &q in &w.squadrons {
                s.forces.set_place(q, Place::Alerted);
            }
            s.wings[i] = w;
        }
        if self.tally_ho > 0 {
            // In a Tally Ho phase, only the geschwader in the air move.
            for g in &mut s.geschwader {
                g.stopped = true;
            }
        }
        for (i, g) in geschwader {
            for &q in &g.squadrons {
                s.forces.set_place(q, Place::Alerted);
            }
            s.geschwader[i] = g;
        }
    }

    /// 13 Group's reserve, the ace and the allied squadrons due.
    fn set_reserves_and_allies(&self, s: &mut State, look: &Lookups) -> Result<(), PositionError> {
        if let Some(p) = self.reserve_points {
            s.forces.reserve_points = p;
        }
        if let Some(name) = &self.ace {
            s.ace = Some(look.squadron(name)?);
        }
        for (group, name) in &self.allies_due {
            let g = Group::from_number(*group).ok_or(PositionError::NoSuchGroup(*group))?;
            s.allies_due.push((g, name.clone()));
        }
        Ok(())
    }

    /// The fight in progress, its squadrons among the formations fighting.
    fn set_fight(&self, s: &mut State, look: &Lookups) -> Result<(), PositionError> {
        let Some(f) = &self.fight else {
            return Ok(());
        };
        let g = look.geschwader_named(&f.geschwader)?;
        let wings = f
            .wings
            .iter()
            .map(|w| look.wing_named(w))
            .collect::<Result<Vec<_>, _>>()?;
        let side_of = |names: &[String], within: &dyn Fn(usize) -> bool| {
            names
                .iter()
                .map(|n| {
                    let q = look.squadron(n)?;
                    if within(q) {
                        Ok(q)
                    } else {
                        Err(PositionError::NotInTheFight(n.clone()))
                    }
                })
                .collect::<Result<Vec<_>, _>>()
        };
        let raf = side_of(&f.raf, &|q| {
            wings.iter().any(|&w| s.wings[w].squadrons.contains(&q))
        })?;
        let luftwaffe = side_of(&f.luftwaffe, &|q| s.geschwader[g].squadrons.contains(&q))?;
        let mut fight = Fight::new(f.intercept, g, wings, raf, luftwaffe);
        fight.round = f.round;
        fight.on_luftwaffe = f.on_luftwaffe;
        fight.on_raf = f.on_raf;
        fight.raf_stood_down = f.raf_stood_down;
        fight.luftwaffe_stood_down = f.luftwaffe_stood_down;
        s.fight = Some(fight);
        Ok(())
    }

    /// The battle step's jobs still to do, naming wings and geschwader
    /// there are.
    fn set_jobs(&self, s: &mut State) -> Result<(), PositionError> {
        for job in &self.jobs {
            let (w, g) = match *job {
                Job::Intercept { wing, geschwader } => (Some(wing), geschwader),
                Job::Dogfight { geschwader } | Job::Bomb { geschwader } => (None, geschwader),
            };
            if let Some(w) = w.filter(|&w| w >= s.wings.len()) {
                return Err(PositionError::NoSuchWing(w));
            }
            if g >= s.geschwader.len() {
                return Err(PositionError::NoSuchGeschwader(g));
            }
        }
        s.jobs = self.jobs.iter().rev().cloned().collect();
        Ok(())
    }

    /// The deck: the hand, the top of the draw pile, the cards out and
    /// those used (with the geschwader's targets), each named once.
    fn deal_cards(
        &self,
        s: &mut State,
        look: &Lookups,
        targets: Vec<u16>,
    ) -> Result<(), PositionError> {
        use PositionError as E;
        let mut seen: Vec<u16> = Vec::new();
        let mut cards = |names: &[String]| -> Result<Vec<u16>, PositionError> {
            let mut out = Vec::new();
            for name in names {
                let c = look.card_named(name)?;
                if seen.contains(&c) {
                    return Err(E::CardTwice(name.clone()));
                }
                seen.push(c);
                out.push(c);
            }
            Ok(out)
        };
        let hand = cards(&self.hand)?;
        let top = cards(&self.draw)?;
        let out = cards(&self.out)?;
        let mut used = cards(&self.used)?;
        for t in targets {
            if !used.contains(&t) {
                if seen.contains(&t) {
                    return Err(E::CardTwice(
                        look.data.targets.cards[t as usize].name.clone(),
                    ));
                }
                seen.push(t);
                used.push(t);
            }
        }
        let total = s.cards.len() as u16;
        let mut draw: Vec<u16> = (0..total).filter(|c| !seen.contains(c)).collect();
        draw.extend(top.iter().rev());
        s.deck = Deck::arranged(total, draw, hand, out, used)
            .expect("every card is in one place: each was named once");
        Ok(())
    }

    /// The hits on target cards, the targets bombed and the RAF's cards
    /// for squadrons lost.
    fn set_damage(&self, s: &mut State, look: &Lookups) -> Result<(), PositionError> {
        for (name, hits) in &self.damage {
            let c = look.card_named(name)?;
            let max = look.data.targets.cards[c as usize].hits;
            if *hits > max {
                return Err(PositionError::TooManyHits {
                    card: name.clone(),
                    hits: *hits,
                    max,
                });
            }
            s.damage[c as usize] = *hits;
        }
        s.tally.targets = self.targets;
        s.tally.raf_lost = self.raf_cards.unwrap_or_else(|| {
            s.forces
                .squadrons
                .iter()
                .filter(|q| q.side == Side::British && q.place == Place::Damaged)
                .count() as u32
        });
        Ok(())
    }

    /// The turn's steps so far: rotations, production and the weather
    /// cards; true when the weather cards are still to be shuffled.
    fn set_steps(&self, s: &mut State, setup: CampaignSetup) -> Result<bool, PositionError> {
        s.rotations_left = self.rotations.clone();
        (s.squadron_successes, s.ground_successes) = self.successes;
        s.throws_left = self.throws_left.unwrap_or(match &self.next {
            Next::Decide(Stage::ProductionSplit { .. }) => 1,
            _ => 0,
        });
        let mut shuffle = setup.weather == WeatherRule::Cards;
        if let Some(cards) = &self.weather_cards {
            let turns = s.turns();
            if cards.len() != turns as usize {
                return Err(PositionError::WeatherCards {
                    given: cards.len(),
                    turns,
                });
            }
            s.weather = Weather::with_cards(setup.weather, cards.clone());
            shuffle = false;
        }
        Ok(shuffle)
    }
}

/// What a position is read with: the order of battle and map, the
/// squadrons' names and sides, and the squadrons placed so far (each may
/// be placed once).
struct Lookups<'a> {
    data: &'a CampaignData,
    names: Vec<(String, Side)>,
    placed: Vec<usize>,
}

impl<'a> Lookups<'a> {
    fn new(s: &State, data: &'a CampaignData) -> Lookups<'a> {
        let names = s
            .forces
            .squadrons
            .iter()
            .map(|q| (q.name.clone(), q.side))
            .collect();
        Lookups {
            data,
            names,
            placed: Vec::new(),
        }
    }

    fn squadron(&self, name: &str) -> Result<usize, PositionError> {
        self.names
            .iter()
            .position(|(n, _)| n == name)
            .ok_or_else(|| PositionError::UnknownSquadron(name.to_string()))
    }

    /// Squadron `q` (named `name`) is placed, once only.
    fn place(&mut self, q: usize, name: &str) -> Result<(), PositionError> {
        if self.placed.contains(&q) {
            return Err(PositionError::SquadronTwice(name.to_string()));
        }
        self.placed.push(q);
        Ok(())
    }

    fn wing_named(&self, name: &str) -> Result<usize, PositionError> {
        self.data
            .oob
            .wings
            .iter()
            .position(|w| w.name == name)
            .ok_or_else(|| PositionError::UnknownWing(name.to_string()))
    }

    fn geschwader_named(&self, name: &str) -> Result<usize, PositionError> {
        self.data
            .oob
            .geschwader
            .iter()
            .position(|g| g.name == name)
            .ok_or_else(|| PositionError::UnknownGeschwader(name.to_string()))
    }

    fn on_map(&self, sq: Square) -> Result<Square, PositionError> {
        if self.data.map.contains(sq) {
            Ok(sq)
        } else {
            Err(PositionError::OffTheMap(sq))
        }
    }

    fn card_named(&self, name: &str) -> Result<u16, PositionError> {
        self.data
            .targets
            .find(name)
            .map(|c| c as u16)
            .ok_or_else(|| PositionError::UnknownCard(name.to_string()))
    }

    /// A formation's squadrons, placed, all of `side`.
    fn members(
        &mut self,
        list: &[String],
        side: Side,
        formation: &str,
    ) -> Result<Vec<usize>, PositionError> {
        let mut out = Vec::new();
        for name in list {
            let q = self.squadron(name)?;
            self.place(q, name)?;
            if self.names[q].1 != side {
                return Err(PositionError::WrongSide {
                    squadron: name.clone(),
                    formation: formation.to_string(),
                });
            }
            out.push(q);
        }
        Ok(out)
    }
}

/// The decision can be waited for in this state.
fn check_decision(s: &State, stage: &Stage) -> Result<(), PositionError> {
    use PositionError as E;
    let flying = |g: usize| {
        if g >= s.geschwader.len() {
            Err(E::NoSuchGeschwader(g))
        } else if s.geschwader[g].state != RaidState::Aloft {
            Err(E::NotFlying(g))
        } else {
            Ok(())
        }
    };
    match *stage {
        Stage::Over => Err(E::NotADecision),
        Stage::Battle => Err(E::NeedsABoardBattle),
        Stage::Gruppen | Stage::Attacks | Stage::HowToFight { dogfight: true, .. } => {
            Err(E::NeedsADogfight)
        }
        Stage::Allocate { .. } | Stage::HowToFight { .. } if s.fight.is_none() => {
            Err(E::NeedsAFight)
        }
        Stage::Fly { geschwader } | Stage::InterceptChoice { geschwader } => flying(geschwader),
        Stage::InterceptStep { geschwader, wing } => {
            flying(geschwader)?;
            if wing >= s.wings.len() {
                return Err(E::NoSuchWing(wing));
            }
            if s.wings[wing].state != WingState::Intercepting(geschwader) {
                return Err(E::NotIntercepting { wing, geschwader });
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
