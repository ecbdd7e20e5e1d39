//! The campaign's opponents: a Luftwaffe planner and an RAF controller. Each
//! reads the campaign as its side may see it (the RAF does not look at the
//! geschwader's targets or at the gruppen it attacks face down), proposes a
//! command, and plays it only if [`Campaign::check`] allows it.

use super::data::{Group, Luftflotte, Role, Square};
use super::deck::CardKind;
use super::forces::Holder;
use super::game::{Campaign, Command, RaidState, Stage, WingState};
use crate::simple_hex::ai::Ai as HexAi;
use crate::simple_hex::Side;

fn distance(a: Square, b: Square) -> i32 {
    (a.col - b.col).abs().max((a.row - b.row).abs())
}

/// A small deterministic mix of the campaign's state, for choices that
/// should vary from game to game without a second random stream.
fn stir(c: &Campaign, salt: u64) -> u64 {
    let mut x = c
        .setup()
        .seed
        .wrapping_add(c.commands().len() as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ salt;
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 32)
}

/// What a side's opponent would play now, before `check` has seen it.
/// `None` when it is not that side's decision (or it has no proposal).
pub fn propose(c: &Campaign, side: Side) -> Option<Command> {
    if c.to_act() != Some(side) {
        return None;
    }
    match c.stage() {
        Stage::Battle => return battle_move(c, side),
        // The controller has no board to fight on: its dice decide.
        Stage::HowToFight { .. } => return Some(Command::WithDice),
        _ => {}
    }
    match side {
        Side::German => luftwaffe(c),
        Side::British => raf(c),
    }
}

/// The command a side's opponent plays now: its proposal if `check` allows
/// it, else the first legal command. `None` when it is not that side's
/// decision.
pub fn choose(c: &Campaign, side: Side) -> Option<Command> {
    match propose(c, side) {
        Some(cmd) if c.check(&cmd).is_ok() => Some(cmd),
        _ if c.to_act() == Some(side) => c.legal_commands().first().copied(),
        _ => None,
    }
}

/// Both opponents play the campaign to its end. Returns the commands the
/// opponents proposed that `check` refused (zero for a sound opponent).
pub fn play_out(c: &mut Campaign) -> usize {
    let mut refused = 0;
    while let Some(side) = c.to_act() {
        if matches!(c.stage(), Stage::Battle) {
            let before = c.commands().len();
            refused += play_battle(c);
            if c.commands().len() == before {
                // A battle with no move to make: nothing more can be played.
                break;
            }
            continue;
        }
        if !play_proposal(c, propose(c, side), &mut refused) {
            break;
        }
    }
    refused
}

/// Plays the proposal if `check` allows it, else (counting it refused) the
/// first legal command. False when nothing could be played.
fn play_proposal(c: &mut Campaign, proposal: Option<Command>, refused: &mut usize) -> bool {
    let cmd = match proposal {
        Some(cmd) if c.check(&cmd).is_ok() => cmd,
        _ => {
            *refused += 1;
            match c.legal_commands().first() {
                Some(&cmd) => cmd,
                None => return false,
            }
        }
    };
    c.play(cmd).is_ok()
}

/// Plays the battle now on the hex board to its end with Simple Hex's opponent
/// on both sides (one opponent a side for the whole battle, so each keeps
/// its plan from step to step). Returns the proposals `check` refused.
pub fn play_battle(c: &mut Campaign) -> usize {
    if c.battle().is_none() {
        return 0;
    }
    let mut ai = HexAi::new();
    let mut refused = 0;
    // The next intercept may go straight to the board: this battle only.
    let this = c.intercept_tally().on_board;
    while let (Stage::Battle, Some(side), true) =
        (c.stage(), c.to_act(), c.intercept_tally().on_board == this)
    {
        let Some(t) = c.battle() else { break };
        let proposal = ai.decide(&t.game, side).map(Command::Hex);
        if !play_proposal(c, proposal, &mut refused) {
            break;
        }
    }
    refused
}

/// A battle move for one side, from a fresh Simple Hex opponent (it plans
/// from the position alone).
fn battle_move(c: &Campaign, side: Side) -> Option<Command> {
    let t = c.battle()?;
    HexAi::new().decide(&t.game, side).map(Command::Hex)
}

// ----- the Luftwaffe planner -----

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

fn luftwaffe(c: &Campaign) -> Option<Command> {
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
        Stage::Missions => missions(c),
        Stage::Reinforce => Some(reinforce(c)),
        Stage::Fly { geschwader } => Some(fly(c, *geschwader)),
        Stage::Gruppen => gruppe(c),
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
/// there, and nothing for a target its escort cannot reach.
fn mission_score(c: &Campaign, g: usize, card: u16) -> i32 {
    let data = c.data();
    let t = &data.targets.cards[card as usize];
    let base = data.oob.geschwader[g].at;
    let phase = c.phase();
    let mut score = card_value(c, card, phase) - 3 * distance(base, t.at);
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

fn missions(c: &Campaign) -> Option<Command> {
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
            let s = mission_score(c, g, card);
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
                .max_by_key(|&&card| (mission_score(c, g, card), card))
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
            // Every third raid takes off in the second wave, to split the
            // defence.
            let wave = if c.rules().raid.waves > 1 && stir(c, g as u64).is_multiple_of(3) {
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

fn fly(c: &Campaign, g: usize) -> Command {
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
            if c.is_radar_square(to) && to != target {
                cost += 10;
            }
            if wings.iter().any(|&w| distance(w, to) <= 1) && to != target {
                cost += 20;
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
fn gruppe(c: &Campaign) -> Option<Command> {
    let d = c.dogfight()?;
    let n = d.squadrons.len();
    let want = (c.rules().raid.gruppen as usize).min(n);
    let max = c.rules().raid.gruppe_max as usize;
    // One plan for the whole dogfight: the same salt for every squadron.
    let salt = c
        .setup()
        .seed
        .wrapping_add(d.geschwader as u64 * 131 + c.turn() as u64 * 17 + c.tally_ho() as u64);
    let trap = salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1;
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
fn allocate(c: &Campaign, side: Side) -> Option<Command> {
    let Stage::Allocate { side: s } = c.stage() else {
        return None;
    };
    if *s != side {
        return None;
    }
    let value = |sq: usize| {
        let t = c.aircraft(sq);
        (t.bombs as i32) * 4 + (t.dogfight as i32) * 2 + t.intercept as i32 + t.defence as i32
    };
    c.legal_commands().into_iter().min_by_key(|cmd| match *cmd {
        Command::StandDown(sq) => (0, value(sq), sq),
        Command::Lose(sq) => (1, value(sq), sq),
        _ => (2, 0, 0),
    })
}

// ----- the RAF controller -----

fn raf(c: &Campaign) -> Option<Command> {
    match c.stage() {
        Stage::Rotations => Some(
            (0..c.rotations_left().len())
                .map(Command::Rotate)
                .find(|cmd| c.check(cmd).is_ok())
                .unwrap_or(Command::EndRotations),
        ),
        Stage::ProductionSplit { dice } => {
            let ground_need = (0..c.cards().len() as u16)
                .filter(|&card| {
                    matches!(
                        c.cards()[card as usize].kind,
                        CardKind::Airfield | CardKind::Radar | CardKind::Factory
                    ) && c.knocked_out(card)
                })
                .count() as u8;
            let ground = ground_need.saturating_mul(4).min(*dice);
            Some(Command::Production {
                squadrons: dice - ground,
            })
        }
        Stage::Repairs => Some(repairs(c)),
        // The Big Wing cannot scramble, but six squadrons together down more
        // Germans in RAF movement: measured, it is worth forming.
        Stage::BigWing => Some(
            c.legal_commands()
                .into_iter()
                .find(|m| matches!(m, Command::BigWing(..)))
                .unwrap_or(Command::NoBigWing),
        ),
        Stage::InterceptChoice { geschwader } => Some(intercept_choice(c, *geschwader)),
        Stage::InterceptStep { geschwader, wing } => {
            let to = c.geschwader()[*geschwader].at;
            let from = c.wings()[*wing].at;
            c.data()
                .map
                .neighbours(from)
                .min_by_key(|&n| (distance(n, to), n.row, n.col))
                .map(Command::WingStep)
        }
        Stage::RafMovement => Some(raf_movement(c)),
        Stage::Attacks => attack(c),
        Stage::Allocate {
            side: Side::British,
        } => allocate(c, Side::British),
        _ => None,
    }
}

fn group_order(g: Group) -> u8 {
    match g {
        Group::Eleven => 0,
        Group::Ten => 1,
        Group::Twelve => 2,
        Group::Thirteen => 3,
    }
}

fn repairs(c: &Campaign) -> Command {
    let f = c.forces();
    let damaged = |thirteen: bool| {
        f.squadrons
            .iter()
            .enumerate()
            .filter(|(i, _)| f.rebuildable(*i))
            .filter(move |(_, s)| !thirteen || s.holder == Holder::Group(Group::Thirteen))
            .min_by_key(|(i, s)| {
                let g = match s.holder {
                    Holder::Group(g) => group_order(g),
                    _ => 9,
                };
                (g, 9 - c.aircraft(*i).dogfight, *i)
            })
            .map(|(i, _)| i)
    };
    if let Some(i) = damaged(true) {
        if c.forces().reserve_points > 0 {
            return Command::Reserve(i);
        }
    }
    let (sq, ground) = c.successes();
    if sq > 0 {
        if let Some(i) = damaged(false) {
            return Command::Rebuild(i);
        }
    }
    if ground > 0 {
        let mend = (0..c.cards().len() as u16)
            .filter(|&card| c.check(&Command::Mend(card)).is_ok())
            .min_by_key(|&card| match c.cards()[card as usize].kind {
                CardKind::Airfield => 0,
                CardKind::Radar => 1,
                _ => 2,
            });
        if let Some(card) = mend {
            return Command::Mend(card);
        }
    }
    Command::EndRepairs
}

fn intercept_choice(c: &Campaign, g: usize) -> Command {
    let at = c.geschwader()[g].at;
    let best = (0..c.wings().len())
        .filter(|&w| c.can_intercept(w))
        .filter(|&w| c.wings()[w].squadrons.len() >= 2)
        .map(|w| (distance(c.wings()[w].at, at), w))
        .min();
    match best {
        Some((d, w)) if d <= 3 => Command::Intercept(w),
        _ => Command::NoIntercept,
    }
}

fn raf_movement(c: &Campaign) -> Command {
    let reach = c.rules().raid.raf_move as i32;
    let map = &c.data().map;
    // Raids still in the air, most dangerous first: those over Britain.
    let mut raids: Vec<(i32, usize)> = c
        .geschwader()
        .iter()
        .enumerate()
        .filter(|(_, g)| g.state == RaidState::Aloft && !g.squadrons.is_empty())
        .map(|(i, g)| {
            let over_land = map.group(g.at).is_some();
            (
                if over_land { 0 } else { 1 } * 100 - g.squadrons.len() as i32,
                i,
            )
        })
        .collect();
    raids.sort_unstable();
    let movable: Vec<usize> = c.movable_wings().collect();
    // Wings already in the air over a raid stay to fight it.
    let engaged = |g: usize| {
        let at = c.geschwader()[g].at;
        c.wings()
            .iter()
            .filter(|w| w.state == WingState::Aloft && w.at == at && !w.squadrons.is_empty())
            .count()
    };
    for &(_, g) in &raids {
        if engaged(g) >= 2 {
            continue;
        }
        let at = c.geschwader()[g].at;
        let wing = movable
            .iter()
            .copied()
            // (a wing at its station under the raid rises to meet it)
            .filter(|&w| c.wings()[w].at != at || c.wings()[w].state == WingState::Ready)
            .filter(|&w| distance(c.wings()[w].at, at) <= reach)
            .min_by_key(|&w| (distance(c.wings()[w].at, at), w));
        if let Some(w) = wing {
            return Command::MoveWing { wing: w, to: at };
        }
    }
    // Wings left in the air with nothing to fight go home.
    for &w in &movable {
        let wing = &c.wings()[w];
        let home = c.data().oob.wings[w].at;
        let over_raid = raids.iter().any(|&(_, g)| c.geschwader()[g].at == wing.at);
        if wing.state == WingState::Aloft
            && !over_raid
            && wing.at != home
            && distance(wing.at, home) <= reach
        {
            return Command::MoveWing { wing: w, to: home };
        }
    }
    Command::EndRafMovement
}

/// The gruppen are face down: the RAF sees only how many squadrons each
/// holds. It goes for the largest (where the bombers are likeliest to be),
/// the tie broken at random, and with five squadrons or more it splits them
/// over the two largest.
fn attack(c: &Campaign) -> Option<Command> {
    let d = c.dogfight()?;
    let gruppen = d.gruppe_of.iter().max().map_or(0, |m| m + 1);
    let mut sizes = vec![0usize; gruppen as usize];
    for &k in &d.gruppe_of {
        sizes[k as usize] += 1;
    }
    let salt = stir(c, 11);
    let mut order: Vec<u8> = (0..gruppen).collect();
    order.sort_by_key(|&k| {
        (
            std::cmp::Reverse(sizes[k as usize]),
            (k as u64 + salt) % gruppen.max(1) as u64,
        )
    });
    let i = d.attacks.len();
    let k = if d.raf.len() >= 5 && order.len() > 1 {
        order[i % 2]
    } else {
        order[0]
    };
    Some(Command::Attack(Some(k)))
}
