//! The Luftwaffe planner: which cards to keep, which targets to send each
//! geschwader against, how to fly them there, how to form the gruppen, and
//! where to take the hits.

use super::{distance, stir};
use crate::campaign::data::{Luftflotte, Role, Square};
use crate::campaign::deck::CardKind;
use crate::campaign::game::{Campaign, Command, Stage, WingState};
use crate::common::Level;
use crate::common::Side;

/// How much the Luftwaffe wants a kind of target in a phase of the battle:
/// the radar chain, airfields and factories first; Fighter Command in Alder
/// Tag; the cities in the Blitz.
fn priority(kind: CardKind, phase: usize) -> i32 {
    match (phase, kind) {
        (0, CardKind::Radar) => 9,
        (0, CardKind::Airfield) => 7,
        (0, CardKind::Factory) => 8,
        (0, _) => 4,
        (1, CardKind::Airfield) => 10,
        (1, CardKind::Factory) => 8,
        (1, CardKind::Radar) => 6,
        (1, _) => 4,
        (_, CardKind::London) => 10,
        (_, CardKind::City) => 8,
        (_, CardKind::Factory) => 6,
        _ => 4,
    }
}

fn card_value(c: &Campaign, card: u16, phase: usize) -> i32 {
    if c.knocked_out(card) {
        return -100;
    }
    priority(c.cards()[card as usize].kind, phase) * 10
}

pub(super) fn luftwaffe(c: &Campaign, level: Level) -> Option<Command> {
    match c.stage() {
        Stage::KeepHand => {
            // Give back the card least wanted in the phase now beginning.
            let phase = c.phase();
            c.deck()
                .hand()
                .iter()
                .min_by_key(|&&card| (card_value(c, card, phase), card))
                .map(|&card| Command::Discard(card))
        }
        Stage::Missions => missions(c, level),
        Stage::Reinforce => Some(reinforce(c)),
        Stage::Fly { geschwader } => Some(fly(c, *geschwader, level)),
        Stage::Gruppen => gruppe(c, level),
        Stage::Allocate { side: Side::German } => allocate(c, Side::German),
        _ => None,
    }
}

/// From turn 9: a Luftflotte 2 remnant of two squadrons or fewer is better
/// spent making another geschwader seven strong; spare cards in the box always.
fn reinforce(c: &Campaign) -> Command {
    let legal = c.legal_commands();
    let pick = legal.iter().copied().find(|cmd| match *cmd {
        Command::Reinforce { from: None, .. } => true,
        Command::Reinforce { from: Some(o), .. } => c.geschwader()[o].squadrons.len() <= 2,
        _ => false,
    });
    pick.unwrap_or(Command::EndReinforce)
}

/// Target score for a geschwader: what the target is worth, less the way
/// there, and nothing for a target its escort cannot reach. The Recruit
/// sees only the worth and the way.
fn mission_score(c: &Campaign, g: usize, card: u16, level: Level) -> i32 {
    let data = c.data();
    let t = &data.targets.cards[card as usize];
    let base = data.oob.geschwader[g].at;
    let phase = c.phase();
    let mut score = card_value(c, card, phase) - 3 * distance(base, t.at);
    if level == Level::Recruit {
        return score;
    }
    let ges = &c.geschwader()[g];
    let short = ges.squadrons.iter().any(|&s| c.aircraft(s).short_range);
    let north = data.map.north_of_twelve_group_line(t.at);
    if short && north {
        // The escort would turn back at the line.
        score -= 25;
    }
    if data.oob.geschwader[g].luftflotte == Luftflotte::Five {
        // Norway's raids reach the north-east, not the south.
        score += if north { 40 } else { -40 };
    }
    score
}

fn missions(c: &Campaign, level: Level) -> Option<Command> {
    let hand = c.deck().hand();
    let mut best: Option<(i32, usize, u16)> = None;
    for (g, ges) in c.geschwader().iter().enumerate() {
        if ges.target.is_some()
            || !ges
                .squadrons
                .iter()
                .any(|&s| c.aircraft(s).role == Role::Bomber)
        {
            continue;
        }
        for &card in hand {
            let s = mission_score(c, g, card, level);
            if best.is_none_or(|(b, _, _)| s > b) {
                best = Some((s, g, card));
            }
        }
    }
    // Luftflotte 5 must attack on its turn or be withdrawn: it always gets
    // a mission then, its best.
    if c.luftflotte_5_must_commit() {
        let lf5 = c.geschwader().iter().enumerate().find(|(g, ges)| {
            c.data().oob.geschwader[*g].luftflotte == Luftflotte::Five
                && ges.target.is_none()
                && ges
                    .squadrons
                    .iter()
                    .any(|&s| c.aircraft(s).role == Role::Bomber)
        });
        if let Some((g, _)) = lf5 {
            if let Some(&card) = hand
                .iter()
                .max_by_key(|&&card| (mission_score(c, g, card, level), card))
            {
                return Some(Command::Assign {
                    geschwader: g,
                    card,
                    wave: 1,
                });
            }
        }
    }
    match best {
        Some((s, g, card)) if s > -20 => {
            // The Veteran sends every fourth raid in the second wave, to
            // split the defence. Measured, that splits its own raids more
            // than the defence (every third raid cost it the shortened
            // campaign's rung over the Recruit): the Ace, like the
            // Recruit, keeps them all in the first.
            let wave = if level == Level::Veteran
                && c.rules().raid.waves > 1
                && stir(c, g as u64).is_multiple_of(4)
            {
                2
            } else {
                1
            };
            Some(Command::Assign {
                geschwader: g,
                card,
                wave,
            })
        }
        _ => Some(Command::EndMissions),
    }
}

fn fly(c: &Campaign, g: usize, level: Level) -> Command {
    let ges = &c.geschwader()[g];
    let Some(card) = ges.target else {
        return Command::Home;
    };
    // On Luftflotte 5's turn, turning back of its own accord would withdraw
    // it: it presses on to its target.
    let must_press_on =
        c.luftflotte_5_must_commit() && c.data().oob.geschwader[g].luftflotte == Luftflotte::Five;
    if !must_press_on
        && (c.knocked_out(card)
            || !ges
                .squadrons
                .iter()
                .any(|&s| c.aircraft(s).role == Role::Bomber))
    {
        return Command::Home;
    }
    let target = c.data().targets.cards[card as usize].at;
    let map = &c.data().map;
    let wings: Vec<Square> = c
        .wings()
        .iter()
        .filter(|w| !w.squadrons.is_empty() && w.state != WingState::Unformed)
        .map(|w| w.at)
        .collect();
    let step = map
        .neighbours(ges.at)
        .filter(|&to| c.check(&Command::Step(to)).is_ok())
        .min_by_key(|&to| {
            let mut cost = distance(to, target) * 100;
            // The Recruit flies straight; the others give the wings and
            // the radar chain a berth where two ways are equally short.
            let (radar, wing) = match level {
                Level::Recruit => (0, 0),
                Level::Veteran | Level::Ace => (10, 20),
            };
            if c.is_radar_square(to) && to != target {
                cost += radar;
            }
            if wings.iter().any(|&w| distance(w, to) <= 1) && to != target {
                cost += wing;
            }
            // The geschwader's own escort: keep it south of the line where it can.
            if map.north_of_twelve_group_line(to) {
                cost += 5;
            }
            (cost, to.row, to.col)
        });
    match step {
        Some(to) if distance(to, target) < distance(ges.at, target) || ges.at != target => {
            Command::Step(to)
        }
        _ => Command::Home,
    }
}

/// The gruppen, planned once for the whole geschwader. Half the time the
/// fighters gather in one large gruppe, a trap for an RAF that goes for the
/// biggest; otherwise fighters and bombers are dealt round the gruppen
/// together, each bomber with its escort. Which, the RAF cannot tell.
fn gruppe(c: &Campaign, level: Level) -> Option<Command> {
    let d = c.dogfight()?;
    let n = d.squadrons.len();
    let want = (c.rules().raid.gruppen as usize).min(n);
    let max = c.rules().raid.gruppe_max as usize;
    // One plan for the whole dogfight: the same salt for every squadron.
    let salt = c
        .setup()
        .seed
        .wrapping_add(d.geschwader as u64 * 131 + c.turn() as u64 * 17 + c.tally_ho() as u64);
    // The Recruit never sets the trap: its gruppen are always dealt round.
    let trap = level != Level::Recruit && salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1;
    let mut plan = vec![0u8; n];
    if trap && want > 1 {
        let mut by_fighting: Vec<usize> = (0..n).collect();
        by_fighting.sort_by_key(|&i| {
            let t = c.aircraft(d.squadrons[i]);
            (t.role == Role::Bomber, std::cmp::Reverse(t.dogfight), i)
        });
        let first = max.min(n - (want - 1));
        for (rank, &i) in by_fighting.iter().enumerate() {
            plan[i] = if rank < first {
                0
            } else {
                1 + ((rank - first) % (want - 1)) as u8
            };
        }
    } else {
        for (i, p) in plan.iter_mut().enumerate() {
            *p = (i % want) as u8;
        }
    }
    let next = d.gruppe_of.len();
    let planned = Command::Gruppe(plan[next]);
    if c.check(&planned).is_ok() {
        return Some(planned);
    }
    (0..want as u8)
        .map(Command::Gruppe)
        .find(|m| c.check(m).is_ok())
}

/// Takes hits on the squadrons it values least; a stand-down (back in two
/// turns, not a loss) before a loss where the rules allow it.
pub(super) fn allocate(c: &Campaign, side: Side) -> Option<Command> {
    let Stage::Allocate { side: s } = c.stage() else {
        return None;
    };
    if *s != side {
        return None;
    }
    let value = |sq: usize| c.aircraft(sq).value();
    c.legal_commands().into_iter().min_by_key(|cmd| match *cmd {
        Command::StandDown(sq) => (0, value(sq), sq),
        Command::Lose(sq) => (1, value(sq), sq),
        _ => (2, 0, 0),
    })
}
