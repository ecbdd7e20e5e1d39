//! Where a campaign stands, as a save keeps it (see `Engine::Snapshot`):
//! everything the state holds but the data and rules it is played on, and
//! what follows from them (the target cards, which radar station and wing
//! station is which card). Read back, every index in it is checked against
//! the data (squadrons, wings, geschwader, cards, squares) before the
//! state's own invariants, so that no snapshot can make the game read past
//! a list; one no campaign could reach is refused with a sentence.

use super::{Dogfight, Fight, GeschwaderNow, Job, Stage, State, TurnRecord, WingNow, WingState};
use super::{InterceptTally, Rotation};
use crate::campaign::data::{CampaignData, Group, Square};
use crate::campaign::deck::Deck;
use crate::campaign::forces::Forces;
use crate::campaign::game::CampaignSetup;
use crate::campaign::rules::CampaignValues;
use crate::campaign::score::Tally;
use crate::campaign::weather::Weather;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a campaign stands (see the module's text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub weather: Weather,
    pub turn: u8,
    pub deck: Deck,
    pub forces: Forces,
    pub tally: Tally,
    pub damage: Vec<u8>,
    pub wings: Vec<WingNow>,
    pub geschwader: Vec<GeschwaderNow>,
    pub ace: Option<usize>,
    pub ace_due: Option<String>,
    pub allies_due: Vec<(Group, String)>,
    pub allies_arrived: Vec<String>,
    pub big_wing_allowed: bool,
    pub big_geschwader: bool,
    pub big_geschwader_done: bool,
    pub stood_down_count: bool,
    pub lf5_must_commit: bool,
    pub lf5_withdrawn: bool,
    pub rotations_left: Vec<Rotation>,
    pub throws_left: u8,
    pub squadron_successes: u8,
    pub ground_successes: u8,
    pub tally_ho: u8,
    pub intercepts_declined: bool,
    pub jobs: Vec<Job>,
    pub fight: Option<Fight>,
    pub dogfight: Option<Dogfight>,
    pub stage: Stage,
    pub turn_records: Vec<TurnRecord>,
    pub intercepts: InterceptTally,
}

impl State {
    /// Where the campaign stands, as a save keeps it.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            weather: self.weather.clone(),
            turn: self.turn,
            deck: self.deck.clone(),
            forces: self.forces.clone(),
            tally: self.tally,
            damage: self.damage.clone(),
            wings: self.wings.clone(),
            geschwader: self.geschwader.clone(),
            ace: self.ace,
            ace_due: self.ace_due.clone(),
            allies_due: self.allies_due.clone(),
            allies_arrived: self.allies_arrived.clone(),
            big_wing_allowed: self.big_wing_allowed,
            big_geschwader: self.big_geschwader,
            big_geschwader_done: self.big_geschwader_done,
            stood_down_count: self.stood_down_count,
            lf5_must_commit: self.lf5_must_commit,
            lf5_withdrawn: self.lf5_withdrawn,
            rotations_left: self.rotations_left.clone(),
            throws_left: self.throws_left,
            squadron_successes: self.squadron_successes,
            ground_successes: self.ground_successes,
            tally_ho: self.tally_ho,
            intercepts_declined: self.intercepts_declined,
            jobs: self.jobs.clone(),
            fight: self.fight.clone(),
            dogfight: self.dogfight.clone(),
            stage: self.stage.clone(),
            turn_records: self.turn_records.clone(),
            intercepts: self.intercepts,
        }
    }

    /// The state a snapshot describes, on `data` and `rules` (see the
    /// module's text).
    pub(crate) fn from_snapshot(
        data: Arc<CampaignData>,
        rules: Arc<CampaignValues>,
        setup: CampaignSetup,
        snap: &Snapshot,
    ) -> Result<State, String> {
        let mut s = State::new(data, rules, setup);
        check(&s, snap)?;
        s.weather = snap.weather.clone();
        s.turn = snap.turn;
        s.deck = snap.deck.clone();
        s.forces = snap.forces.clone();
        s.tally = snap.tally;
        s.damage = snap.damage.clone();
        s.wings = snap.wings.clone();
        s.geschwader = snap.geschwader.clone();
        s.ace = snap.ace;
        s.ace_due = snap.ace_due.clone();
        s.allies_due = snap.allies_due.clone();
        s.allies_arrived = snap.allies_arrived.clone();
        s.big_wing_allowed = snap.big_wing_allowed;
        s.big_geschwader = snap.big_geschwader;
        s.big_geschwader_done = snap.big_geschwader_done;
        s.stood_down_count = snap.stood_down_count;
        s.lf5_must_commit = snap.lf5_must_commit;
        s.lf5_withdrawn = snap.lf5_withdrawn;
        s.rotations_left = snap.rotations_left.clone();
        s.throws_left = snap.throws_left;
        s.squadron_successes = snap.squadron_successes;
        s.ground_successes = snap.ground_successes;
        s.tally_ho = snap.tally_ho;
        s.intercepts_declined = snap.intercepts_declined;
        s.jobs = snap.jobs.clone();
        s.fight = snap.fight.clone();
        s.dogfight = snap.dogfight.clone();
        s.stage = snap.stage.clone();
        s.turn_records = snap.turn_records.clone();
        s.intercepts = snap.intercepts;
        s.check_invariants()?;
        Ok(s)
    }
}

/// Every index of `snap` within the lists of `start` (a campaign of the
/// same data at its start), and its turn and phase within the calendar.
fn check(start: &State, snap: &Snapshot) -> Result<(), String> {
    let (squadrons, wings, geschwader, cards) = (
        start.forces.squadrons.len(),
        start.wings.len(),
        start.geschwader.len(),
        start.cards.len(),
    );
    let map = &start.data.map;
    let within = |what: &str, i: usize, n: usize| {
        if i < n {
            Ok(())
        } else {
            Err(format!("{what} {i} is not one of the campaign's {n}"))
        }
    };
    let squadron = |i: usize| within("squadron", i, squadrons);
    let wing = |i: usize| within("wing", i, wings);
    let gesch = |i: usize| within("geschwader", i, geschwader);
    let card = |c: u16| within("card", c as usize, cards);
    let square = |sq: Square| {
        if map.contains(sq) {
            Ok(())
        } else {
            Err(format!("square ({}, {}) is off the map", sq.col, sq.row))
        }
    };
    if snap.turn > start.turns() || snap.turn_records.len() > start.turns() as usize {
        return Err(format!("turn {} of {}", snap.turn, start.turns()));
    }
    if snap.tally_ho > start.rules.raid.tally_ho_phases {
        return Err(format!("Tally Ho phase {}", snap.tally_ho));
    }
    if snap.weather.rule != start.setup.weather {
        return Err("the weather of another rule".into());
    }
    snap.deck.check_snapshot(cards)?;
    snap.forces.check_snapshot(&start.forces)?;
    if snap.damage.len() != cards {
        return Err("damage for another deck".into());
    }
    if snap.wings.len() != wings || snap.geschwader.len() != geschwader {
        return Err("another order of battle's wings or geschwader".into());
    }
    for w in &snap.wings {
        w.squadrons.iter().try_for_each(|&q| squadron(q))?;
        square(w.at)?;
        if let WingState::Intercepting(g) = w.state {
            gesch(g)?;
        }
        w.met.map(gesch).transpose()?;
    }
    for g in &snap.geschwader {
        g.squadrons.iter().try_for_each(|&q| squadron(q))?;
        square(g.at)?;
        g.target.map(card).transpose()?;
    }
    snap.ace.map(squadron).transpose()?;
    for job in &snap.jobs {
        match *job {
            Job::Intercept {
                wing: w,
                geschwader: g,
            } => {
                wing(w)?;
                gesch(g)?;
            }
            Job::Dogfight { geschwader: g } | Job::Bomb { geschwader: g } => gesch(g)?,
        }
    }
    if let Some(f) = &snap.fight {
        gesch(f.geschwader)?;
        f.wings.iter().try_for_each(|&w| wing(w))?;
        f.raf
            .iter()
            .chain(&f.luftwaffe)
            .try_for_each(|&q| squadron(q))?;
    }
    if let Some(d) = &snap.dogfight {
        gesch(d.geschwader)?;
        d.wings.iter().try_for_each(|&w| wing(w))?;
        d.squadrons
            .iter()
            .chain(&d.raf)
            .try_for_each(|&q| squadron(q))?;
        if d.gruppe_of.len() != d.squadrons.len() {
            return Err("a dogfight's gruppen are not its squadrons".into());
        }
    }
    match snap.stage {
        Stage::Fly { geschwader: g } | Stage::InterceptChoice { geschwader: g } => gesch(g)?,
        Stage::InterceptStep {
            geschwader: g,
            wing: w,
        }
        | Stage::HowToFight {
            wing: w,
            geschwader: g,
            ..
        } => {
            gesch(g)?;
            wing(w)?;
        }
        // A battle on a board is not kept part-way: the snapshot is the
        // campaign before it.
        Stage::Battle => return Err("a battle on a board part-way".into()),
        _ => {}
    }
    Ok(())
}
