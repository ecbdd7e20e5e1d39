//! The RAF controller: rotations, production and repairs, the Big Wing,
//! which wing scrambles against which raid, RAF movement, and which gruppe
//! each squadron attacks.

use super::luftwaffe::allocate;
use super::{distance, stir};
use crate::campaign::data::Group;
use crate::campaign::deck::CardKind;
use crate::campaign::forces::Holder;
use crate::campaign::game::{Campaign, Command, RaidState, Stage, WingState};
use crate::campaign::rules::TurnEvent;
use crate::common::Level;
use crate::common::Side;

pub(super) fn raf(c: &Campaign, level: Level) -> Option<Command> {
    match c.stage() {
        Stage::Rotations => Some(
            (0..c.rotations_left().len())
                .map(Command::Rotate)
                .find(|cmd| c.check(cmd).is_ok())
                .unwrap_or(Command::EndRotations),
        ),
        // The Recruit puts every die on squadrons.
        Stage::ProductionSplit { dice } if level == Level::Recruit => {
            Some(Command::Production { squadrons: *dice })
        }
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
        Stage::Repairs => Some(repairs(c, level)),
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
        Stage::Attacks => attack(c, level),
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

/// The damaged squadrons (group, type) that next turn's calendar will bring
/// back without dice: the rotations' receiving groups and the allied
/// squadrons' groups (Hurricanes). The Ace leaves that many of each damaged.
fn coming_back(c: &Campaign) -> Vec<(Group, String)> {
    let next = c.turn() + 1;
    let mut out = Vec::new();
    for e in c.rules().calendar_for(c.setup().weather).events_at(next) {
        match e {
            TurnEvent::Rotate(n) => {
                for r in &c.rules().rotations[*n as usize] {
                    if let Some(g) = Group::from_number(r.to_group) {
                        let kind = r.receives.as_ref().unwrap_or(&r.kind);
                        for _ in 0..r.count {
                            out.push((g, kind.clone()));
                        }
                    }
                }
            }
            TurnEvent::Reinforce { group, .. } => {
                if let Some(g) = Group::from_number(*group) {
                    out.push((g, "Hurricane".to_string()));
                }
            }
            _ => {}
        }
    }
    out
}

fn repairs(c: &Campaign, level: Level) -> Command {
    let f = c.forces();
    // The Ace keeps back, damaged, the squadrons next turn brings back free.
    let mut keep = if level == Level::Ace {
        coming_back(c)
    } else {
        Vec::new()
    };
    let mut kept = vec![false; f.squadrons.len()];
    for (i, s) in f.squadrons.iter().enumerate() {
        if !f.rebuildable(i) {
            continue;
        }
        let Holder::Group(g) = s.holder else { continue };
        if let Some(k) = keep
            .iter()
            .position(|(kg, kind)| *kg == g && *kind == c.aircraft(i).name)
        {
            keep.remove(k);
            kept[i] = true;
        }
    }
    let (sq, ground) = c.successes();
    let damaged = |thirteen: bool| {
        f.squadrons
            .iter()
            .enumerate()
            .filter(|(i, _)| f.rebuildable(*i))
            .filter(|(i, _)| !kept[*i])
            .filter(move |(i, _)| thirteen || c.rebuild_cost(*i) <= sq)
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
    // Every level scrambles only the nearest wing next to the raid, however
    // small: a wing that would have to chase the raid may miss it, and a
    // missed intercept keeps it out of RAF movement too. Measured (1,000
    // campaigns a rule), scrambling from three squares or waiting for two
    // squadrons lost the RAF 15 to 20 points in a hundred.
    let best = (0..c.wings().len())
        .filter(|&w| c.can_intercept(w))
        .map(|w| (distance(c.wings()[w].at, at), w))
        .min();
    match best {
        Some((d, w)) if d <= 1 => Command::Intercept(w),
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
/// the tie broken at random; the Recruit, with five squadrons or more,
/// splits them over the two largest. The Ace reads the sizes: a gruppe
/// larger than all the others is where a Luftwaffe that gathers its
/// fighters puts them (`luftwaffe::gruppe`), so it goes for the next
/// largest, where the bombers are.
fn attack(c: &Campaign, level: Level) -> Option<Command> {
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
    // The Recruit spreads five squadrons or more over the two largest; the
    // Veteran and the Ace keep them together (measured: splitting loses).
    let gathered = order.len() > 1 && sizes[order[0] as usize] > sizes[order[1] as usize];
    let k = if level == Level::Ace && gathered {
        order[1]
    } else if level == Level::Recruit && d.raf.len() >= 5 && order.len() > 1 {
        order[i % 2]
    } else {
        order[0]
    };
    Some(Command::Attack(Some(k)))
}
