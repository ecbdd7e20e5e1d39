//! The campaign's state: everything the events have made of it, and the
//! rules' questions about it (which squares radar watches, how far a
//! geschwader flies, which wings may scramble...).
//!
//! **Only [`apply::apply`] writes it.** That is a fact of visibility, which
//! the compiler keeps: the fields of [`State`] are private to this module,
//! whose only child that writes is `apply` (`position` builds a state from a
//! [`Position`], before any event); every accessor gives out `&`, never
//! `&mut`; and the structures inside it with mutating methods of their own
//! ([`Forces`], [`Deck`], [`Weather`]) are reached mutably only through
//! those private fields. The turn sequence, `check`, the opponents and the
//! screen all get `&State`, so a write anywhere else does not compile.
//!
//! The one way in:
//!
//! ```
//! use tally_ho::campaign::{event::Event, state::{apply::apply, State}};
//!
//! fn repair_the_cities(s: &mut State) {
//!     apply(s, &Event::CitiesRepaired(2));
//! }
//! ```
//!
//! and what the compiler refuses. A field of the state:
//!
//! ```compile_fail
//! fn cheat(s: &mut tally_ho::campaign::state::State) {
//!     s.turn = 11;
//! }
//! ```
//!
//! the state of a campaign, which derefs to `&State` only:
//!
//! ```compile_fail
//! fn cheat(c: &mut tally_ho::campaign::game::Campaign) {
//!     let s: &mut tally_ho::campaign::state::State = &mut *c;
//! }
//! ```
//!
//! or a structure inside it, with a mutating method of its own:
//!
//! ```compile_fail
//! fn cheat(c: &tally_ho::campaign::game::Campaign) {
//!     c.forces().lose(0);
//! }
//! ```

pub mod apply;
mod parts;
mod position;
mod snapshot;

pub use parts::*;
pub use position::{FightAt, GeschwaderAt, Next, Position, PositionError, SquadronAt, WingAt};
pub use snapshot::Snapshot;

use super::data::{CampaignData, Group, Luftflotte, Role, SquadronType, Square};
use super::deck::{CardKind, Deck, DeckCard};
use super::forces::{Forces, Holder, Place};
use super::game::CampaignSetup;
use super::rules::{CampaignValues, Rotation};
use super::score::{verdict, Tally, Verdict};
use super::weather::Weather;
use crate::common::Side;
use std::fmt;
use std::sync::Arc;

/// Squares between two squares, a diagonal step counting one (saturating,
/// so that no square, however far off the map, overflows it).
pub fn distance(a: Square, b: Square) -> u8 {
    let d = |x: i32, y: i32| (x as i64 - y as i64).abs();
    d(a.col, b.col).max(d(a.row, b.row)).min(255) as u8
}

/// The campaign as the events so far have made it.
#[derive(Clone, PartialEq)]
pub struct State {
    data: Arc<CampaignData>,
    rules: Arc<CampaignValues>,
    setup: CampaignSetup,
    cards: Vec<DeckCard>,
    /// For each radar station of the map, its target card (if it is one).
    radar_cards: Vec<Option<u16>>,
    /// For each wing, the airfield card of its station (if it is one).
    wing_cards: Vec<Option<u16>>,
    weather: Weather,
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
    /// The allied squadrons that have arrived, in order.
    allies_arrived: Vec<String>,
    big_wing_allowed: bool,
    big_geschwader: bool,
    /// The German has finished reinforcing this turn.
    big_geschwader_done: bool,
    stood_down_count: bool,
    lf5_must_commit: bool,
    /// Luftflotte 5 failed to attack on its turn and left the battle.
    lf5_withdrawn: bool,
    rotations_left: Vec<Rotation>,
    /// Production throws still to be made this turn.
    throws_left: u8,
    squadron_successes: u8,
    ground_successes: u8,
    tally_ho: u8,
    /// The RAF declined every further intercept of this Tally Ho phase.
    intercepts_declined: bool,
    /// The battle step's jobs still to do, the next last.
    jobs: Vec<Job>,
    fight: Option<Fight>,
    dogfight: Option<Dogfight>,
    stage: Stage,
    turn_records: Vec<TurnRecord>,
    intercepts: InterceptTally,
}

impl fmt::Debug for State {
    /// Where the campaign stands (its data and rules are left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("setup", &self.setup)
            .field("turn", &self.turn)
            .field("tally_ho", &self.tally_ho)
            .field("stage", &self.stage)
            .field("tally", &self.tally())
            .finish()
    }
}

impl State {
    /// The campaign before its first event: every squadron combat ready,
    /// the deck in card order, turn 0.
    pub(crate) fn new(
        data: Arc<CampaignData>,
        rules: Arc<CampaignValues>,
        setup: CampaignSetup,
    ) -> State {
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
            .map(|g| GeschwaderNow::idle(g.at))
            .collect();
        State {
            damage: vec![0; cards.len()],
            deck: Deck::new(&cards),
            forces: Forces::new(&data.oob, rules.reserve_points),
            weather: Weather::with_cards(setup.weather, Vec::new()),
            cards,
            radar_cards,
            wing_cards,
            turn: 0,
            tally: Tally::default(),
            wings,
            geschwader,
            ace: None,
            ace_due: None,
            allies_due: Vec::new(),
            allies_arrived: Vec::new(),
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
            intercepts_declined: false,
            jobs: Vec::new(),
            fight: None,
            dogfight: None,
            stage: Stage::Over,
            turn_records: Vec::new(),
            intercepts: InterceptTally::default(),
            data,
            rules,
            setup,
        }
    }

    // ----- what the campaign is -----

    pub fn data(&self) -> &Arc<CampaignData> {
        &self.data
    }
    pub fn rules(&self) -> &Arc<CampaignValues> {
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
        self.phase_of(self.turn.max(1))
    }
    /// The phase a turn belongs to.
    pub fn phase_of(&self, turn: u8) -> usize {
        self.rules
            .calendar_for(self.setup.weather)
            .phase_of(turn)
            .unwrap_or(0)
    }
    pub fn tally_ho(&self) -> u8 {
        self.tally_ho
    }
    /// The RAF has declined every further intercept of this Tally Ho phase.
    pub fn intercepts_declined(&self) -> bool {
        self.intercepts_declined
    }
    pub fn stage(&self) -> &Stage {
        &self.stage
    }
    pub fn weather(&self) -> &Weather {
        &self.weather
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
    /// The hits a target card still needs to be knocked out.
    pub fn need(&self, card: u16) -> u8 {
        if self.knocked_out(card) {
            0
        } else {
            let max = self.data.targets.cards[card as usize].hits;
            max.saturating_sub(self.damage[card as usize])
        }
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
    pub fn dogfight(&self) -> Option<&Dogfight> {
        self.dogfight.as_ref()
    }
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }
    pub fn rotations_left(&self) -> &[Rotation] {
        &self.rotations_left
    }
    /// Production throws still to be made this turn.
    pub fn throws_left(&self) -> u8 {
        self.throws_left
    }
    /// The throw's successes still to spend: (squadrons, ground).
    pub fn successes(&self) -> (u8, u8) {
        (self.squadron_successes, self.ground_successes)
    }
    pub fn ace(&self) -> Option<usize> {
        self.ace
    }
    /// The allied squadron the ace marker waits for.
    pub fn ace_due(&self) -> Option<&str> {
        self.ace_due.as_deref()
    }
    /// Allied squadrons still waiting for a damaged Hurricane to take over.
    pub fn allies_due(&self) -> &[(Group, String)] {
        &self.allies_due
    }
    /// The allied squadrons that have arrived so far, in order.
    pub fn allies_arrived(&self) -> &[String] {
        &self.allies_arrived
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
    /// Luftflotte 2's geschwader may grow to seven squadrons this turn, and
    /// the German has not said he is done.
    pub fn big_geschwader_open(&self) -> bool {
        self.big_geschwader && !self.big_geschwader_done
    }
    /// Squadrons stood down on the last turn count as lost.
    pub fn stood_down_counts(&self) -> bool {
        self.stood_down_count
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

    // ----- the rules' questions -----

    /// The squadron type of a squadron card.
    pub fn aircraft(&self, squadron: usize) -> &SquadronType {
        &self.data.oob.types[self.forces.squadrons[squadron].aircraft]
    }

    /// Production successes a rebuild of this squadron costs.
    pub fn rebuild_cost(&self, squadron: usize) -> u8 {
        self.rules.rebuild_cost_of(&self.aircraft(squadron).name)
    }

    pub(crate) fn short_range(&self, squadron: usize) -> bool {
        self.aircraft(squadron).short_range
    }

    /// Some squadron of these carries bombs.
    pub fn has_bombers(&self, squadrons: &[usize]) -> bool {
        squadrons
            .iter()
            .any(|&s| self.aircraft(s).role == Role::Bomber)
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

    /// A wing's station.
    pub fn home_of(&self, wing: usize) -> Square {
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

    /// Luftflotte 5 still has squadrons in the battle.
    pub(crate) fn lf5_active(&self) -> bool {
        self.forces.squadrons.iter().any(|s| {
            s.holder == Holder::Luftflotte(Luftflotte::Five) && s.place != Place::Withdrawn
        })
    }

    /// The rotation can still be made.
    pub fn rotation_possible(&self, r: &Rotation) -> bool {
        self.forces.rotation(r, &self.data.oob).is_ok()
    }

    /// A successful die or a reserve point could still be spent.
    pub fn repairs_possible(&self) -> bool {
        let british_damaged = |thirteen: bool| {
            (0..self.forces.squadrons.len()).any(|i| {
                self.forces.rebuildable(i)
                    && (!thirteen
                        || self.forces.squadrons[i].holder == Holder::Group(Group::Thirteen))
            })
        };
        let affordable = (0..self.forces.squadrons.len())
            .any(|i| self.forces.rebuildable(i) && self.rebuild_cost(i) <= self.squadron_successes);
        (self.squadron_successes > 0 && affordable)
            || (self.forces.reserve_points > 0 && british_damaged(true))
            || (self.ground_successes > 0 && self.mendable().next().is_some())
    }

    /// Knocked-out airfields, radar stations and factories.
    pub fn mendable(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.cards.len() as u16).filter(|&c| {
            matches!(
                self.cards[c as usize].kind,
                CardKind::Airfield | CardKind::Radar | CardKind::Factory
            ) && self.knocked_out(c)
        })
    }

    /// Pairs of formed 12 Group wings that may fly as the Big Wing.
    pub fn big_wing_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
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

    /// Wings that may still move in this RAF movement.
    pub fn movable_wings(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.wings.len()).filter(|&w| {
            matches!(self.wings[w].state, WingState::Ready | WingState::Aloft)
                && !self.wings[w].squadrons.is_empty()
                && !self.wings[w].moved
        })
    }

    /// Geschwader that may still be given a mission: formed, with bombers,
    /// and no target yet.
    pub fn assignable(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.geschwader.len()).filter(|&g| {
            let ges = &self.geschwader[g];
            !ges.squadrons.is_empty() && ges.target.is_none() && self.has_bombers(&ges.squadrons)
        })
    }

    /// How many gruppen the German forms in the dogfight being fought:
    /// the rules' number, or fewer with fewer squadrons.
    pub fn gruppen_to_form(&self) -> usize {
        self.dogfight.as_ref().map_or(0, |d| {
            (self.rules.raid.gruppen as usize).min(d.squadrons.len())
        })
    }

    /// A raid is in the air over this square.
    pub fn raid_over(&self, sq: Square) -> bool {
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
    pub fn wing_on(&self, g: usize, sq: Square) -> bool {
        self.wings.iter().any(|w| {
            !w.squadrons.is_empty()
                && w.at == sq
                && (w.state == WingState::Aloft || w.state == WingState::Intercepting(g))
        })
    }

    /// The wing intercepting the geschwader that has not reached it yet.
    pub fn interceptor_of(&self, g: usize) -> Option<usize> {
        self.wings
            .iter()
            .position(|w| w.state == WingState::Intercepting(g) && w.met.is_none())
    }

    /// A wing has met the geschwader in an intercept this phase.
    pub fn fought_this_phase(&self, g: usize) -> bool {
        self.wings.iter().any(|w| w.met == Some(g))
    }

    /// Wings in the air on the geschwader's square (not its interceptors).
    pub fn dogfighters(&self, g: usize) -> Vec<usize> {
        let at = self.geschwader[g].at;
        (0..self.wings.len())
            .filter(|&w| {
                let wing = &self.wings[w];
                wing.state == WingState::Aloft && wing.at == at && !wing.squadrons.is_empty()
            })
            .collect()
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

    /// A formation of these squadrons may enter the square: Bf 109s and
    /// Ju 87s cannot enter a square entirely north of the 12 Group line (in
    /// a mixed geschwader they turn for home and the rest fly on).
    pub fn may_enter(&self, squadrons: &[usize], to: Square) -> bool {
        !self.data.map.north_of_twelve_group_line(to)
            || squadrons.iter().any(|&s| !self.short_range(s))
    }

    /// The square of the fight in progress: its geschwader's.
    pub fn fight_square(&self) -> Option<Square> {
        self.fight
            .as_ref()
            .map(|f| self.geschwader[f.geschwader].at)
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
