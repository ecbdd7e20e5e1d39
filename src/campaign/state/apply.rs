//! The only writer of the campaign's state: one event at a time.
//!
//! `apply` never throws a die or draws a card: every result it needs is in
//! the event. Where an event can only follow a check (a card in the hand, a
//! squadron in the damaged box), it says so with `expect`, naming what
//! `check` or the turn sequence made sure of.

use super::{
    distance, Dogfight, Fight, Job, RaidState, Stage, State, TurnRecord, WingNow, WingState,
};
use crate::campaign::data::{Luftflotte, Role};
use crate::campaign::deck::{CardKind, Stacked};
use crate::campaign::event::Event;
use crate::campaign::tactical::Fate;
use crate::campaign::weather::Weather;
use crate::simple_hex::Side;

/// Writes one event into the state.
pub fn apply(s: &mut State, event: &Event) {
    use Event as E;
    match event {
        // ----- the start and the standby phase -----
        E::WeatherCardsShuffled(cards) => {
            s.weather = Weather::with_cards(s.setup.weather, cards.clone());
        }
        E::TurnBegins { turn, .. } => {
            s.turn = *turn;
            record(s);
            s.throws_left = 1;
            s.rotations_left.clear();
        }
        E::StoodDownReturn(back) => s.forces.return_to_top(back),
        E::Discarded(card) => s
            .deck
            .discard(*card)
            .expect("check allows a discard only of a card in the hand"),
        E::PhaseBegins { draw, out, .. } => s.deck.restack(Stacked {
            draw: draw.clone(),
            out: out.clone(),
        }),
        E::RotationsDue(rotations) => {
            s.rotations_left.extend(rotations.iter().cloned());
            record(s).rotations_due += rotations.len() as u8;
        }
        E::AlliesDue { group, squadron } => s.allies_due.push((*group, squadron.clone())),
        E::AceDue(name) => s.ace_due = name.clone(),
        E::BigWingAllowed => s.big_wing_allowed = true,
        E::SevenSquadronGeschwader => s.big_geschwader = true,
        E::Luftflotte5MustCommit(must) => s.lf5_must_commit = *must,
        E::RepairThrows(n) => s.throws_left = *n,
        E::StoodDownCountsAsLost => s.stood_down_count = true,
        E::CitiesRepaired(n) => {
            for (i, c) in s.data.targets.cards.iter().enumerate() {
                if matches!(c.kind, CardKind::City | CardKind::London) {
                    s.damage[i] = s.damage[i].saturating_sub(*n);
                }
            }
        }
        E::Withdrawn { what, squadrons } => {
            let n = s.forces.withdraw_type(what, &s.data.oob);
            debug_assert_eq!(n, squadrons.len(), "the squadrons still flying leave");
        }
        E::Reinforced {
            squadron,
            group,
            name,
        } => {
            s.forces.take_reinforcement(*squadron, *group, name);
            let due = s
                .allies_due
                .iter()
                .position(|(g, n)| g == group && n == name)
                .expect("only a squadron due arrives");
            s.allies_due.remove(due);
            s.allies_arrived.push(name.clone());
        }
        E::Ace { squadron } => {
            s.ace = Some(*squadron);
            s.ace_due = None;
        }
        E::Rotated {
            rotation,
            given,
            back,
            swap,
            ..
        } => {
            s.rotations_left.remove(*rotation);
            s.forces.rotate(*given, *back, *swap);
            record(s).rotations_made += 1;
        }
        E::RotationsLapsed(_) => s.rotations_left.clear(),
        E::ProductionThrown {
            squadron_hits,
            ground_hits,
            ..
        } => {
            s.squadron_successes = *squadron_hits;
            s.ground_successes = *ground_hits;
            s.throws_left -= 1;
        }
        E::Rebuilt { squadron, reserve } => {
            if *reserve {
                s.forces
                    .rebuild_from_reserve(*squadron)
                    .expect("check allows a reserve point only for a damaged 13 Group squadron");
            } else {
                let cost = s.rebuild_cost(*squadron);
                s.forces.rebuild(*squadron).expect(
                    "check allows a rebuild only of a damaged squadron still in the battle",
                );
                s.squadron_successes -= cost;
            }
        }
        E::Mended(card) => {
            s.damage[*card as usize] = 0;
            s.ground_successes -= 1;
        }
        E::RepairsOver => {
            s.squadron_successes = 0;
            s.ground_successes = 0;
        }
        E::Weather { flies, .. } => record(s).flew = *flies,

        // ----- squadron alert and missions -----
        E::Alerted { wings, geschwader } => {
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
        E::SeventhSquadron {
            geschwader,
            squadron,
            from,
        } => {
            match from {
                None => s.forces.alert(*squadron),
                Some(o) => {
                    let taken = s.geschwader[*o].squadrons.pop();
                    debug_assert_eq!(taken, Some(*squadron), "the last squadron is given");
                }
            }
            s.geschwader[*geschwader].squadrons.push(*squadron);
        }
        E::ReinforcementsOver => s.big_geschwader_done = true,
        E::BigWingFormed(a, b) => {
            let moved = std::mem::take(&mut s.wings[*b].squadrons);
            s.wings[*a].squadrons.extend(moved);
            s.wings[*a].big = true;
            s.wings[*b].state = WingState::Unformed;
        }
        E::HandFilled(cards) => s.deck.deal(cards),
        E::Mission {
            geschwader,
            card,
            wave,
        } => {
            s.deck
                .assign(*card)
                .expect("check allows a mission only against a card of the hand");
            let g = &mut s.geschwader[*geschwader];
            g.target = Some(*card);
            g.wave = *wave;
            g.state = RaidState::Waiting;
            record(s).missions += 1;
        }

        // ----- the Tally Ho phases: movement -----
        E::TallyHo(n) => {
            s.tally_ho = *n;
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
        E::TakesOff(g) => {
            s.geschwader[*g].state = RaidState::Aloft;
            s.geschwader[*g].stopped = false;
        }
        E::Moved {
            geschwader,
            to,
            radar,
        } => {
            let base = s.data.oob.geschwader[*geschwader].at;
            let g = &mut s.geschwader[*geschwader];
            g.at = *to;
            g.moved += 1;
            g.furthest = g.furthest.max(distance(base, *to));
            if *radar {
                g.crossed_radar = true;
            }
        }
        E::EscortTurnsBack {
            geschwader,
            squadrons,
        } => {
            for &q in squadrons {
                s.forces.stand_to(q);
            }
            s.geschwader[*geschwader]
                .squadrons
                .retain(|q| !squadrons.contains(q));
        }
        E::BombRun { geschwader } => {
            s.geschwader[*geschwader].bomb_run = true;
            s.geschwader[*geschwader].stopped = true;
        }
        E::Engaged { geschwader, met } => {
            for &w in met {
                s.wings[w].met = Some(*geschwader);
            }
            s.geschwader[*geschwader].stopped = true;
        }
        E::FlownOut { geschwader } => s.geschwader[*geschwader].stopped = true,
        E::TurnsBack { geschwader } => s.geschwader[*geschwader].turned_back = true,
        E::Scramble { wing, geschwader } => {
            s.wings[*wing].state = WingState::Intercepting(*geschwader)
        }
        E::WingMoved { wing, to } => s.wings[*wing].at = *to,
        E::InterceptMissed { wing } => {
            s.wings[*wing].state = WingState::Returned;
            s.wings[*wing].at = s.data.oob.wings[*wing].at;
        }
        E::InterceptsDeclined => s.intercepts_declined = true,
        E::RafMovementBegins => {
            for w in &mut s.wings {
                w.moved = false;
            }
        }
        E::WingFlies { wing, to, aloft } => {
            let w = &mut s.wings[*wing];
            w.at = *to;
            w.moved = true;
            w.state = if *aloft {
                WingState::Aloft
            } else {
                WingState::Returned
            };
        }
        E::ReachedForHome {
            geschwader,
            squadrons,
        } => {
            let g = &mut s.geschwader[*geschwader];
            g.squadrons = squadrons.clone();
            g.state = RaidState::Home;
            g.stopped = true;
            g.bomb_run = false;
        }
        E::FuelCheck { .. } => {}
        E::OutOfFuel(q) => {
            remove_squadron(s, *q);
            s.forces.lose(*q);
            record(s).luftwaffe_lost += 1;
        }

        // ----- the battle step -----
        E::BattleBegins(jobs) => s.jobs = jobs.iter().rev().cloned().collect(),
        E::JobBegins(job) => {
            let next = s.jobs.pop();
            debug_assert_eq!(next.as_ref(), Some(job), "the jobs are done in order");
            if let Job::Intercept { wing, .. } = job {
                s.wings[*wing].state = WingState::Fought;
            }
        }
        E::Intercept {
            wing,
            geschwader,
            raf,
            luftwaffe,
        } => {
            let mut f = Fight::new(
                true,
                *geschwader,
                vec![*wing],
                raf.clone(),
                luftwaffe.clone(),
            );
            f.sweep = !luftwaffe
                .iter()
                .any(|&q| s.aircraft(q).role == crate::campaign::data::Role::Bomber);
            s.intercepts.fought += 1;
            s.intercepts.sweeps += f.sweep as u32;
            s.fight = Some(f);
        }
        E::Round {
            round,
            raf,
            luftwaffe,
        } => {
            let f = s.fight.as_mut().expect("a round is thrown in a fight");
            f.round = *round;
            f.on_luftwaffe = raf.hits;
            f.on_raf = luftwaffe.hits;
        }
        E::TakesHits {
            squadron,
            stand_down,
        } => {
            let side = s.forces.squadrons[*squadron].side;
            let defence = s.aircraft(*squadron).defence;
            let f = s.fight.as_mut().expect("hits are taken in a fight");
            let intercept = f.intercept;
            let (hits, stood) = match side {
                Side::German => (&mut f.on_luftwaffe, &mut f.luftwaffe_stood_down),
                Side::British => (&mut f.on_raf, &mut f.raf_stood_down),
            };
            if *stand_down {
                *hits = 0;
                *stood = true;
            } else {
                *hits -= defence;
            }
            if intercept {
                let fate = if *stand_down {
                    Fate::StoodDown
                } else {
                    Fate::Lost
                };
                count_intercept(s, *squadron, fate);
            }
        }
        E::Lost { squadron, .. } => {
            if s.fight.as_ref().is_some_and(|f| !f.intercept) {
                match s.forces.squadrons[*squadron].side {
                    Side::British => s.intercepts.dogfight_raf_lost += 1,
                    Side::German => s.intercepts.dogfight_luftwaffe_lost += 1,
                }
            }
            remove_squadron(s, *squadron);
            s.forces.lose(*squadron);
            match s.forces.squadrons[*squadron].side {
                Side::British => {
                    s.tally.raf_lost += 1;
                    record(s).raf_lost += 1;
                }
                Side::German => record(s).luftwaffe_lost += 1,
            }
        }
        E::StoodDown { squadron, .. } => {
            remove_squadron(s, *squadron);
            s.forces.stand_down(*squadron, s.turn);
        }
        E::FightOver => s.fight = None,
        E::DogfightBegins {
            geschwader,
            wings,
            squadrons,
            raf,
        } => {
            for &w in wings {
                s.wings[w].state = WingState::Fought;
            }
            s.intercepts.dogfights += 1;
            s.dogfight = Some(Dogfight {
                geschwader: *geschwader,
                wings: wings.clone(),
                squadrons: squadrons.clone(),
                gruppe_of: Vec::new(),
                raf: raf.clone(),
                attacks: Vec::new(),
                left: Vec::new(),
            });
        }
        E::Gruppe { gruppe, .. } => dogfight(s).gruppe_of.push(*gruppe),
        E::Attack { gruppe, .. } => dogfight(s).attacks.push(*gruppe),
        E::DogfightsBegin { gruppen, idle } => {
            dogfight(s).left = gruppen.iter().rev().copied().collect();
            for &w in idle {
                s.wings[w].state = WingState::Aloft;
            }
        }
        E::GruppeFight {
            gruppe,
            raf,
            luftwaffe,
        } => {
            let d = dogfight(s);
            let next = d.left.pop();
            debug_assert_eq!(next, Some(*gruppe), "the gruppen are fought in order");
            let (geschwader, wings) = (d.geschwader, d.wings.clone());
            s.intercepts.dogfight_raf += raf.len() as u32;
            s.intercepts.dogfight_luftwaffe += luftwaffe.len() as u32;
            s.fight = Some(Fight::new(
                false,
                geschwader,
                wings,
                raf.clone(),
                luftwaffe.clone(),
            ));
        }
        E::DogfightOver => s.dogfight = None,
        E::BattleOnBoard { .. } => {
            s.stage = Stage::Battle;
            s.intercepts.on_board += 1;
            s.fight
                .as_mut()
                .expect("an intercept on the board")
                .on_board = true;
        }
        E::DogfightOnBoard {
            geschwader,
            raf,
            luftwaffe,
            ..
        } => {
            let wings = dogfight(s).wings.clone();
            let mut f = Fight::new(false, *geschwader, wings, raf.clone(), luftwaffe.clone());
            f.on_board = true;
            s.fight = Some(f);
            s.stage = Stage::Battle;
            s.intercepts.dogfights_on_board += 1;
        }
        E::BattleOnFamilyBoard { .. } => {
            s.stage = Stage::Battle;
            s.intercepts.on_board += 1;
            s.intercepts.on_family_board += 1;
            s.fight
                .as_mut()
                .expect("an intercept on the family board")
                .on_board = true;
        }
        // The battle on the board is a game of its own, beside the state.
        E::BoardMove(_) | E::FamilyMove(_) => {}
        E::BattleResult(out) if out.dogfight => {
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
        E::BattleResult(out) => {
            let f = s.fight.as_mut().expect("a battle on the board is a fight");
            f.on_raf = out.raf_hits;
            f.on_luftwaffe = out.luftwaffe_hits;
            // Reported: the intercept's bombers that reached the target on
            // the board (the raid's bombs fall at its bomb run).
            if !out.dogfight {
                let bombers: Vec<_> = out
                    .squadrons
                    .iter()
                    .filter(|r| {
                        r.side == Side::German && s.aircraft(r.squadron).role == Role::Bomber
                    })
                    .collect();
                for r in bombers {
                    s.intercepts.board_planes += u32::from(crate::campaign::tactical::PLANES);
                    s.intercepts.board_through += u32::from(r.through);
                }
            }
        }
        E::Bombed { card, hits, .. } => {
            let c = *card as usize;
            s.damage[c] += hits;
            if *hits > 0 {
                s.tally.targets += 1;
                record(s).bombed += 1;
            }
        }
        E::KnockedOut(_) => {}
        E::LondonBackOnTop(card) => s
            .deck
            .back_on_top(*card)
            .expect("London goes back on top only from the cards flown this phase"),
        E::TallyHoEnds(_) => {
            s.intercepts_declined = false;
            for w in 0..s.wings.len() {
                if s.wings[w].state == WingState::Fought {
                    s.wings[w].at = s.data.oob.wings[w].at;
                }
            }
        }

        // ----- the end of the turn and of the campaign -----
        E::Luftflotte5Attacked => s.lf5_must_commit = false,
        E::Luftflotte5Withdrawn { squadrons } => {
            s.lf5_must_commit = false;
            s.lf5_withdrawn = true;
            let n = s.forces.withdraw_luftflotte(Luftflotte::Five);
            debug_assert_eq!(n, squadrons.len(), "the squadrons still flying leave");
        }
        E::TurnEnds(_) => end_turn(s),
        E::CampaignOver(_) => s.stage = Stage::Over,
        E::Awaits(stage) => s.stage = stage.clone(),
    }
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
