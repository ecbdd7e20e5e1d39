//! The only writer of the campaign's state: one event at a time.
//!
//! `apply` never throws a die or draws a card: every result it needs is in
//! the event. Where an event can only follow a check (a card in the hand, a
//! squadron in the damaged box), it says so with `expect`, naming what
//! `check` or the turn sequence made sure of.
//!
//! `apply` itself only says which event does what: an event that sets a
//! field or two does it in place, any other has its own function below,
//! in the order of the turn.

use super::{
    distance, Dogfight, Fight, Job, RaidState, Stage, State, TurnRecord, WingNow, WingState,
};
use crate::campaign::data::{Group, Luftflotte, Role, Square};
use crate::campaign::deck::{CardKind, Stacked};
use crate::campaign::event::{Event, Throw};
use crate::campaign::rules::Rotation;
use crate::campaign::tactical::{Fate, Outcome};
use crate::campaign::weather::{Weather, WeatherCard};
use crate::common::Side;

/// Writes one event into the state.
pub fn apply(s: &mut State, event: &Event) {
    use Event as E;
    match event {
        // ----- the start and the standby phase -----
        E::WeatherCardsShuffled(cards) => weather_cards_shuffled(s, cards),
        E::TurnBegins { turn, .. } => turn_begins(s, *turn),
        E::StoodDownReturn(back) => s.forces.return_to_top(back),
        E::Discarded(card) => discarded(s, *card),
        E::PhaseBegins { draw, out, .. } => phase_begins(s, draw, out),
        E::RotationsDue(rotations) => rotations_due(s, rotations),
        E::AlliesDue { group, squadron } => s.allies_due.push((*group, squadron.clone())),
        E::AceDue(name) => s.ace_due = name.clone(),
        E::BigWingAllowed => s.big_wing_allowed = true,
        E::SevenSquadronGeschwader => s.big_geschwader = true,
        E::Luftflotte5MustCommit(must) => s.lf5_must_commit = *must,
        E::RepairThrows(n) => s.throws_left = *n,
        E::StoodDownCountsAsLost => s.stood_down_count = true,
        E::CitiesRepaired(n) => cities_repaired(s, *n),
        E::Withdrawn { what, squadrons } => withdrawn(s, what, squadrons),
        E::Reinforced {
            squadron,
            group,
            name,
        } => reinforced(s, *squadron, *group, name),
        E::Ace { squadron } => ace(s, *squadron),
        E::Rotated {
            rotation,
            given,
            back,
            swap,
            ..
        } => rotated(s, *rotation, *given, *back, *swap),
        E::RotationsLapsed(_) => s.rotations_left.clear(),
        E::ProductionThrown {
            squadron_hits,
            ground_hits,
            ..
        } => production_thrown(s, *squadron_hits, *ground_hits),
        E::Rebuilt { squadron, reserve } => rebuilt(s, *squadron, *reserve),
        E::Mended(card) => mended(s, *card),
        E::RepairsOver => repairs_over(s),
        E::Weather { flies, .. } => record(s).flew = *flies,

        // ----- squadron alert and missions -----
        E::Alerted { wings, geschwader } => alerted(s, wings, geschwader),
        E::SeventhSquadron {
            geschwader,
            squadron,
            from,
        } => seventh_squadron(s, *geschwader, *squadron, *from),
        E::ReinforcementsOver => s.big_geschwader_done = true,
        E::BigWingFormed(a, b) => big_wing_formed(s, *a, *b),
        E::HandFilled(cards) => s.deck.deal(cards),
        E::Mission {
            geschwader,
            card,
            wave,
        } => mission(s, *geschwader, *card, *wave),

        // ----- the Tally Ho phases: movement -----
        E::TallyHo(n) => tally_ho(s, *n),
        E::TakesOff(g) => takes_off(s, *g),
        E::Moved {
            geschwader,
            to,
            radar,
        } => moved(s, *geschwader, *to, *radar),
        E::EscortTurnsBack {
            geschwader,
            squadrons,
        } => escort_turns_back(s, *geschwader, squadrons),
        E::BombRun { geschwader } => bomb_run(s, *geschwader),
        E::Engaged { geschwader, met } => engaged(s, *geschwader, met),
        E::FlownOut { geschwader } => s.geschwader[*geschwader].stopped = true,
        E::TurnsBack { geschwader } => s.geschwader[*geschwader].turned_back = true,
        E::Scramble { wing, geschwader } => scramble(s, *wing, *geschwader),
        E::WingMoved { wing, to } => s.wings[*wing].at = *to,
        E::InterceptMissed { wing } => intercept_missed(s, *wing),
        E::InterceptsDeclined => s.intercepts_declined = true,
        E::RafMovementBegins => raf_movement_begins(s),
        E::WingFlies { wing, to, aloft } => wing_flies(s, *wing, *to, *aloft),
        E::ReachedForHome {
            geschwader,
            squadrons,
        } => reached_for_home(s, *geschwader, squadrons),
        E::FuelCheck { .. } => {}
        E::OutOfFuel(q) => out_of_fuel(s, *q),

        // ----- the battle step -----
        E::BattleBegins(jobs) => s.jobs = jobs.iter().rev().cloned().collect(),
        E::JobBegins(job) => job_begins(s, job),
        E::Intercept {
            wing,
            geschwader,
            raf,
            luftwaffe,
        } => intercept(s, *wing, *geschwader, raf, luftwaffe),
        E::Round {
            round,
            raf,
            luftwaffe,
        } => round_thrown(s, *round, raf, luftwaffe),
        E::TakesHits {
            squadron,
            stand_down,
        } => takes_hits(s, *squadron, *stand_down),
        E::Lost { squadron, .. } => lost(s, *squadron),
        E::StoodDown { squadron, .. } => stood_down(s, *squadron),
        E::FightOver => s.fight = None,
        E::DogfightBegins {
            geschwader,
            wings,
            squadrons,
            raf,
        } => dogfight_begins(s, *geschwader, wings, squadrons, raf),
        E::Gruppe { gruppe, .. } => dogfight(s).gruppe_of.push(*gruppe),
        E::Attack { gruppe, .. } => dogfight(s).attacks.push(*gruppe),
        E::DogfightsBegin { gruppen, idle } => dogfights_begin(s, gruppen, idle),
        E::GruppeFight {
            gruppe,
            raf,
            luftwaffe,
        } => gruppe_fight(s, *gruppe, raf, luftwaffe),
        E::DogfightOver => s.dogfight = None,
        E::BattleOnBoard { .. } => battle_on_board(s, false),
        E::DogfightOnBoard {
            geschwader,
            raf,
            luftwaffe,
            ..
        } => dogfight_on_board(s, *geschwader, raf, luftwaffe),
        E::BattleOnFamilyBoard { .. } => battle_on_board(s, true),
        // The battle on the board is a game of its own, beside the state.
        E::BoardMove(_) | E::FamilyMove(_) => {}
        E::BattleResult(out) if out.dogfight => dogfight_result(s, out),
        E::BattleResult(out) => battle_result(s, out),
        E::Bombed { card, hits, .. } => bombed(s, *card, *hits),
        E::KnockedOut(_) => {}
        E::LondonBackOnTop(card) => london_back_on_top(s, *card),
        E::TallyHoEnds(_) => tally_ho_ends(s),

        // ----- the end of the turn and of the campaign -----
        E::Luftflotte5Attacked => s.lf5_must_commit = false,
        E::Luftflotte5Withdrawn { squadrons } => luftflotte_5_withdrawn(s, squadrons),
        E::TurnEnds(_) => end_turn(s),
        E::CampaignOver(_) => s.stage = Stage::Over,
        E::Awaits(stage) => s.stage = stage.clone(),
    }
}

// ----- the start and the standby phase -----

fn weather_cards_shuffled(s: &mut State, cards: &[WeatherCard]) {
    s.weather = Weather::with_cards(s.setup.weather, cards.to_vec());
}

fn turn_begins(s: &mut State, turn: u8) {
    s.turn = turn;
    record(s);
    s.throws_left = 1;
    s.rotations_left.clear();
}

fn discarded(s: &mut State, card: u16) {
    s.deck
        .discard(card)
        .expect("check allows a discard only of a card in the hand")
}

fn phase_begins(s: &mut State, draw: &[u16], out: &[u16]) {
    s.deck.restack(Stacked {
        draw: draw.to_vec(),
        out: out.to_vec(),
    })
}

fn rotations_due(s: &mut State, rotations: &[Rotation]) {
    s.rotations_left.extend(rotations.iter().cloned());
    record(s).rotations_due += rotations.len() as u8;
}

fn cities_repaired(s: &mut State, n: u8) {
    for (i, c) in s.data.targets.cards.iter().enumerate() {
        if matches!(c.kind, CardKind::City | CardKind::London) {
            s.damage[i] = s.damage[i].saturating_sub(n);
        }
    }
}

fn withdrawn(s: &mut State, what: &str, squadrons: &[usize]) {
    let n = s.forces.withdraw_type(what, &s.data.oob);
    debug_assert_eq!(n, squadrons.len(), "the squadrons still flying leave");
}

fn reinforced(s: &mut State, squadron: usize, group: Group, name: &String) {
    s.forces.take_reinforcement(squadron, group, name);
    let due = s
        .allies_due
        .iter()
        .position(|(g, n)| *g == group && n == name)
        .expect("only a squadron due arrives");
    s.allies_due.remove(due);
    s.allies_arrived.push(name.clone());
}

fn ace(s: &mut State, squadron: usize) {
    s.ace = Some(squadron);
    s.ace_due = None;
}

fn rotated(s: &mut State, rotation: usize, given: usize, back: usize, swap: bool) {
    s.rotations_left.remove(rotation);
    s.forces.rotate(given, back, swap);
    record(s).rotations_made += 1;
}

fn production_thrown(s: &mut State, squadron_hits: u8, ground_hits: u8) {
    s.squadron_successes = squadron_hits;
    s.ground_successes = ground_hits;
    s.throws_left -= 1;
}

fn rebuilt(s: &mut State, squadron: usize, reserve: bool) {
    if reserve {
        s.forces
            .rebuild_from_reserve(squadron)
            .expect("check allows a reserve point only for a damaged 13 Group squadron");
    } else {
        let cost = s.rebuild_cost(squadron);
        s.forces
            .rebuild(squadron)
            .expect("check allows a rebuild only of a damaged squadron still in the battle");
        s.squadron_successes -= cost;
    }
}

fn mended(s: &mut State, card: u16) {
    s.damage[card as usize] = 0;
    s.ground_successes -= 1;
}

fn repairs_over(s: &mut State) {
    s.squadron_successes = 0;
    s.ground_successes = 0;
}

// ----- squadron alert and missions -----

fn alerted(s: &mut State, wings: &[Vec<usize>], geschwader: &[Vec<usize>]) {
    s.big_geschwader_done = false;
    for (w, squadrons) in wings.iter().enumerate() {
        let mut wing = WingNow::unformed(s.data.oob.wings[w].at);
        if !squadrons.is_empty() {
            wing.squadrons = squadrons.clone();
            wing.state = WingState::Ready;
        }
        s.wings[w] = wing;
    }
    for (g, squadrons) in geschwader.iter().enumerate() {
        let ges = &mut s.geschwader[g];
        ges.squadrons = squadrons.clone();
        ges.state = RaidState::Idle;
        ges.target = None;
        ges.at = s.data.oob.geschwader[g].at;
    }
    for &q in wings.iter().chain(geschwader).flatten() {
        s.forces.alert(q);
    }
}

fn seventh_squadron(s: &mut State, geschwader: usize, squadron: usize, from: Option<usize>) {
    match from {
        None => s.forces.alert(squadron),
        Some(o) => {
            let taken = s.geschwader[o].squadrons.pop();
            debug_assert_eq!(taken, Some(squadron), "the last squadron is given");
        }
    }
    s.geschwader[geschwader].squadrons.push(squadron);
}

fn big_wing_formed(s: &mut State, a: usize, b: usize) {
    let moved = std::mem::take(&mut s.wings[b].squadrons);
    s.wings[a].squadrons.extend(moved);
    s.wings[a].big = true;
    s.wings[b].state = WingState::Unformed;
}

fn mission(s: &mut State, geschwader: usize, card: u16, wave: u8) {
    s.deck
        .assign(card)
        .expect("check allows a mission only against a card of the hand");
    let g = &mut s.geschwader[geschwader];
    g.target = Some(card);
    g.wave = wave;
    g.state = RaidState::Waiting;
    record(s).missions += 1;
}

// ----- the Tally Ho phases: movement -----

fn tally_ho(s: &mut State, n: u8) {
    s.tally_ho = n;
    s.intercepts_declined = false;
    for w in 0..s.wings.len() {
        let home = s.data.oob.wings[w].at;
        let wing = &mut s.wings[w];
        let landed = wing.state == WingState::Aloft && wing.at == home;
        if landed
            || matches!(
                wing.state,
                WingState::Returned | WingState::Fought | WingState::Intercepting(_)
            )
        {
            wing.state = WingState::Ready;
            wing.at = home;
        }
        wing.met = None;
    }
    for g in &mut s.geschwader {
        g.moved = 0;
        g.stopped = g.state != RaidState::Aloft;
    }
}

fn takes_off(s: &mut State, g: usize) {
    s.geschwader[g].state = RaidState::Aloft;
    s.geschwader[g].stopped = false;
}

fn moved(s: &mut State, geschwader: usize, to: Square, radar: bool) {
    let base = s.data.oob.geschwader[geschwader].at;
    let g = &mut s.geschwader[geschwader];
    g.at = to;
    g.moved += 1;
    g.furthest = g.furthest.max(distance(base, to));
    if radar {
        g.crossed_radar = true;
    }
}

fn escort_turns_back(s: &mut State, geschwader: usize, squadrons: &[usize]) {
    for &q in squadrons {
        s.forces.stand_to(q);
    }
    s.geschwader[geschwader]
        .squadrons
        .retain(|q| !squadrons.contains(q));
}

fn bomb_run(s: &mut State, geschwader: usize) {
    s.geschwader[geschwader].bomb_run = true;
    s.geschwader[geschwader].stopped = true;
}

fn engaged(s: &mut State, geschwader: usize, met: &[usize]) {
    for &w in met {
        s.wings[w].met = Some(geschwader);
    }
    s.geschwader[geschwader].stopped = true;
}

fn scramble(s: &mut State, wing: usize, geschwader: usize) {
    s.wings[wing].state = WingState::Intercepting(geschwader)
}

fn intercept_missed(s: &mut State, wing: usize) {
    s.wings[wing].state = WingState::Returned;
    s.wings[wing].at = s.data.oob.wings[wing].at;
}

fn raf_movement_begins(s: &mut State) {
    for w in &mut s.wings {
        w.moved = false;
    }
}

fn wing_flies(s: &mut State, wing: usize, to: Square, aloft: bool) {
    let w = &mut s.wings[wing];
    w.at = to;
    w.moved = true;
    w.state = if aloft {
        WingState::Aloft
    } else {
        WingState::Returned
    };
}

fn reached_for_home(s: &mut State, geschwader: usize, squadrons: &[usize]) {
    let g = &mut s.geschwader[geschwader];
    g.squadrons = squadrons.to_vec();
    g.state = RaidState::Home;
    g.stopped = true;
    g.bomb_run = false;
}

fn out_of_fuel(s: &mut State, q: usize) {
    remove_squadron(s, q);
    s.forces.lose(q);
    record(s).luftwaffe_lost += 1;
}

// ----- the battle step -----

fn job_begins(s: &mut State, job: &Job) {
    let next = s.jobs.pop();
    debug_assert_eq!(next.as_ref(), Some(job), "the jobs are done in order");
    if let Job::Intercept { wing, .. } = job {
        s.wings[*wing].state = WingState::Fought;
    }
}

fn intercept(s: &mut State, wing: usize, geschwader: usize, raf: &[usize], luftwaffe: &[usize]) {
    let mut f = Fight::new(
        true,
        geschwader,
        vec![wing],
        raf.to_vec(),
        luftwaffe.to_vec(),
    );
    f.sweep = !luftwaffe
        .iter()
        .any(|&q| s.aircraft(q).role == Role::Bomber);
    s.intercepts.fought += 1;
    s.intercepts.sweeps += f.sweep as u32;
    s.fight = Some(f);
}

fn round_thrown(s: &mut State, round: u8, raf: &Throw, luftwaffe: &Throw) {
    let f = s.fight.as_mut().expect("a round is thrown in a fight");
    f.round = round;
    f.on_luftwaffe = raf.hits;
    f.on_raf = luftwaffe.hits;
}

fn takes_hits(s: &mut State, squadron: usize, stand_down: bool) {
    let side = s.forces.squadrons[squadron].side;
    let defence = s.aircraft(squadron).defence;
    let f = s.fight.as_mut().expect("hits are taken in a fight");
    let intercept = f.intercept;
    let (hits, stood) = match side {
        Side::German => (&mut f.on_luftwaffe, &mut f.luftwaffe_stood_down),
        Side::British => (&mut f.on_raf, &mut f.raf_stood_down),
    };
    if stand_down {
        *hits = 0;
        *stood = true;
    } else {
        *hits -= defence;
    }
    if intercept {
        let fate = if stand_down {
            Fate::StoodDown
        } else {
            Fate::Lost
        };
        count_intercept(s, squadron, fate);
    }
}

fn lost(s: &mut State, squadron: usize) {
    if s.fight.as_ref().is_some_and(|f| !f.intercept) {
        match s.forces.squadrons[squadron].side {
            Side::British => s.intercepts.dogfight_raf_lost += 1,
            Side::German => s.intercepts.dogfight_luftwaffe_lost += 1,
        }
    }
    remove_squadron(s, squadron);
    s.forces.lose(squadron);
    match s.forces.squadrons[squadron].side {
        Side::British => {
            s.tally.raf_lost += 1;
            record(s).raf_lost += 1;
        }
        Side::German => record(s).luftwaffe_lost += 1,
    }
}

fn stood_down(s: &mut State, squadron: usize) {
    remove_squadron(s, squadron);
    s.forces.stand_down(squadron, s.turn);
}

fn dogfight_begins(
    s: &mut State,
    geschwader: usize,
    wings: &[usize],
    squadrons: &[usize],
    raf: &[usize],
) {
    for &w in wings {
        s.wings[w].state = WingState::Fought;
    }
    s.intercepts.dogfights += 1;
    s.dogfight = Some(Dogfight {
        geschwader,
        wings: wings.to_vec(),
        squadrons: squadrons.to_vec(),
        gruppe_of: Vec::new(),
        raf: raf.to_vec(),
        attacks: Vec::new(),
        left: Vec::new(),
    });
}

fn dogfights_begin(s: &mut State, gruppen: &[u8], idle: &[usize]) {
    dogfight(s).left = gruppen.iter().rev().copied().collect();
    for &w in idle {
        s.wings[w].state = WingState::Aloft;
    }
}

fn gruppe_fight(s: &mut State, gruppe: u8, raf: &[usize], luftwaffe: &[usize]) {
    let d = dogfight(s);
    let next = d.left.pop();
    debug_assert_eq!(next, Some(gruppe), "the gruppen are fought in order");
    let (geschwader, wings) = (d.geschwader, d.wings.clone());
    s.intercepts.dogfight_raf += raf.len() as u32;
    s.intercepts.dogfight_luftwaffe += luftwaffe.len() as u32;
    s.fight = Some(Fight::new(
        false,
        geschwader,
        wings,
        raf.to_vec(),
        luftwaffe.to_vec(),
    ));
}

/// An intercept goes to the board: Simple Hex's, or the family game's
/// (`family`).
fn battle_on_board(s: &mut State, family: bool) {
    s.stage = Stage::Battle;
    s.intercepts.on_board += 1;
    if family {
        s.intercepts.on_family_board += 1;
    }
    let expect = if family {
        "an intercept on the family board"
    } else {
        "an intercept on the board"
    };
    s.fight.as_mut().expect(expect).on_board = true;
}

fn dogfight_on_board(s: &mut State, geschwader: usize, raf: &[usize], luftwaffe: &[usize]) {
    let wings = dogfight(s).wings.clone();
    let mut f = Fight::new(false, geschwader, wings, raf.to_vec(), luftwaffe.to_vec());
    f.on_board = true;
    s.fight = Some(f);
    s.stage = Stage::Battle;
    s.intercepts.dogfights_on_board += 1;
}

/// A dogfight's result on the board.
fn dogfight_result(s: &mut State, out: &Outcome) {
    // The ace's hits, taken as the dice's are in a dogfight.
    if let Some(f) = s.fight.as_mut() {
        f.on_raf = out.raf_hits;
        f.on_luftwaffe = out.luftwaffe_hits;
    }
    for r in out.squadrons.iter().filter(|r| r.fought) {
        match r.side {
            Side::British => s.intercepts.dogfight_raf += 1,
            Side::German => s.intercepts.dogfight_luftwaffe += 1,
        }
    }
    // As with the dice, a wing none of whose squadrons fought stays
    // in the air where it is.
    let wings = dogfight(s).wings.clone();
    for w in wings {
        let fought = out
            .squadrons
            .iter()
            .any(|r| r.fought && s.wings[w].squadrons.contains(&r.squadron));
        if !fought {
            s.wings[w].state = WingState::Aloft;
        }
    }
}

/// An intercept's result on the board.
fn battle_result(s: &mut State, out: &Outcome) {
    let f = s.fight.as_mut().expect("a battle on the board is a fight");
    f.on_raf = out.raf_hits;
    f.on_luftwaffe = out.luftwaffe_hits;
    // Reported: the intercept's bombers that reached the target on
    // the board (the raid's bombs fall at its bomb run).
    if !out.dogfight {
        let bombers: Vec<_> = out
            .squadrons
            .iter()
            .filter(|r| r.side == Side::German && s.aircraft(r.squadron).role == Role::Bomber)
            .collect();
        for r in bombers {
            s.intercepts.board_planes += u32::from(crate::campaign::tactical::PLANES);
            s.intercepts.board_through += u32::from(r.through);
        }
    }
}

fn bombed(s: &mut State, card: u16, hits: u8) {
    let c = card as usize;
    s.damage[c] += hits;
    if hits > 0 {
        s.tally.targets += 1;
        record(s).bombed += 1;
    }
}

fn london_back_on_top(s: &mut State, card: u16) {
    s.deck
        .back_on_top(card)
        .expect("London goes back on top only from the cards flown this phase")
}

fn tally_ho_ends(s: &mut State) {
    s.intercepts_declined = false;
    for w in 0..s.wings.len() {
        if s.wings[w].state == WingState::Fought {
            s.wings[w].at = s.data.oob.wings[w].at;
        }
    }
}

// ----- the end of the turn and of the campaign -----

fn luftflotte_5_withdrawn(s: &mut State, squadrons: &[usize]) {
    s.lf5_must_commit = false;
    s.lf5_withdrawn = true;
    let n = s.forces.withdraw_luftflotte(Luftflotte::Five);
    debug_assert_eq!(n, squadrons.len(), "the squadrons still flying leave");
}

/// This turn's record, made if it is not there yet.
fn record(s: &mut State) -> &mut TurnRecord {
    let t = s.turn as usize;
    while s.turn_records.len() < t {
        s.turn_records.push(TurnRecord::default());
    }
    &mut s.turn_records[t - 1]
}

fn dogfight(s: &mut State) -> &mut Dogfight {
    s.dogfight.as_mut().expect("a dogfight is on")
}

/// A squadron leaves every formation and the fight.
fn remove_squadron(s: &mut State, q: usize) {
    for w in &mut s.wings {
        w.squadrons.retain(|&x| x != q);
    }
    for g in &mut s.geschwader {
        g.squadrons.retain(|&x| x != q);
    }
    if let Some(f) = &mut s.fight {
        f.raf.retain(|&x| x != q);
        f.luftwaffe.retain(|&x| x != q);
    }
}

/// Counts a squadron's fate in an intercept.
fn count_intercept(s: &mut State, q: usize, fate: Fate) {
    let sweep = s.fight.as_ref().is_some_and(|f| f.sweep);
    let i = &mut s.intercepts;
    let (all, in_sweep) = match (s.forces.squadrons[q].side, fate) {
        (Side::British, Fate::Lost) => (&mut i.raf_lost, &mut i.sweep_raf_lost),
        (Side::German, Fate::Lost) => (&mut i.luftwaffe_lost, &mut i.sweep_luftwaffe_lost),
        (Side::British, Fate::StoodDown) => (&mut i.raf_stood_down, &mut i.sweep_raf_stood_down),
        (Side::German, Fate::StoodDown) => (
            &mut i.luftwaffe_stood_down,
            &mut i.sweep_luftwaffe_stood_down,
        ),
    };
    *all += 1;
    if sweep {
        *in_sweep += 1;
    }
}

/// The end of a turn: every squadron that flew back to the bottom of its
/// box, the wings and geschwader home and unformed.
fn end_turn(s: &mut State) {
    for w in &mut s.wings {
        for &q in &w.squadrons {
            s.forces.stand_to(q);
        }
        w.squadrons.clear();
        w.state = WingState::Unformed;
        w.big = false;
        w.met = None;
    }
    for w in 0..s.wings.len() {
        s.wings[w].at = s.data.oob.wings[w].at;
    }
    for g in 0..s.geschwader.len() {
        for &q in &s.geschwader[g].squadrons {
            s.forces.stand_to(q);
        }
        let at = s.data.oob.geschwader[g].at;
        let ges = &mut s.geschwader[g];
        ges.squadrons.clear();
        ges.state = RaidState::Idle;
        ges.target = None;
        ges.at = at;
        ges.bomb_run = false;
        ges.crossed_radar = false;
        ges.turned_back = false;
        ges.furthest = 0;
    }
    s.tally_ho = 0;
}
