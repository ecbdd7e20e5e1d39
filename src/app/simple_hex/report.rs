//! The account of an attack or a battle in words: the card between Simple
//! Hex's two attacks and the debriefing at its end.

use super::FaceDown;
use crate::common::words::count;
use crate::common::Side;
use crate::simple_hex::{Game, Loss, PlaneId, Report, Role, State};

/// How a plane was lost, in words.
fn how(s: &State, fd: &FaceDown, loss: Loss) -> String {
    match loss {
        Loss::Killed { by } if gunner(s, by) => format!("{}'s gunner", fd.short(s, by)),
        Loss::Killed { by } => fd.short(s, by),
        Loss::DamagedAgain { by } if gunner(s, by) => {
            format!("{}'s gunner, hit again while damaged", fd.short(s, by))
        }
        Loss::DamagedAgain { by } => format!("{}, hit again while damaged", fd.short(s, by)),
        Loss::CannotMove => "no free hex to move to".into(),
    }
}

/// Whether `by` shot from a bomber's guns (its return fire).
fn gunner(s: &State, by: PlaneId) -> bool {
    s.scenario().aircraft[s.plane(by).aircraft].role == Role::Bomber
}

/// The account's lines: bombs by bomber, losses by side and cause, planes
/// damaged, and the score against what the Luftwaffe needs.
pub fn lines(g: &Game, r: &Report, fd: &FaceDown) -> Vec<String> {
    let s = g.state();
    let need = g.scenario().rules.target_points;
    let mut out = Vec::new();
    if r.bombs.is_empty() {
        out.push("Bombs: no bomber reached the target.".into());
    } else {
        let runs: Vec<String> = r
            .bombs
            .iter()
            .map(|(p, pts)| format!("{} {pts}", fd.short(s, *p)))
            .collect();
        out.push(format!(
            "Bombs: {} ({}).",
            runs.join(", "),
            count(r.points(), "point", "points")
        ));
    }
    for side in [Side::British, Side::German] {
        let lost: Vec<String> = r
            .lost
            .iter()
            .filter(|(p, _)| s.plane(*p).side == side)
            .map(|(p, loss)| format!("{} ({})", fd.short(s, *p), how(s, fd, *loss)))
            .collect();
        out.push(if lost.is_empty() {
            format!("{} lost: none.", side.name())
        } else {
            format!("{} lost: {}.", side.name(), lost.join(", "))
        });
    }
    if !r.damaged.is_empty() {
        let d: Vec<String> = r.damaged.iter().map(|p| fd.short(s, *p)).collect();
        out.push(format!("Damaged, to the repair shop: {}.", d.join(", ")));
    }
    out.push(if g.winner().is_some() {
        format!("Bomb score {}; the Luftwaffe needed {need}.", r.score)
    } else {
        format!("Bomb score {} of the {need} the Luftwaffe needs.", r.score)
    });
    out
}

/// What decided the battle, in a sentence or two: the bomb runs against
/// the bombers shot down, and in a game of two attacks what each scored.
pub fn verdict(g: &Game, r: &Report) -> String {
    let need = g.scenario().rules.target_points;
    let s = g.state();
    let bombers_lost = r.lost.iter().filter(|(p, _)| gunner(s, *p)).count();
    let mut v = if r.score >= need {
        format!(
            "{} reached the target: {} points, {need} needed. The fighters shot down {}.",
            count(r.bombs.len(), "bomb run", "bomb runs"),
            r.score,
            count(bombers_lost, "bomber", "bombers")
        )
    } else {
        format!(
            "The defence held the bombs to {} of the {need} needed: {} shot down, {} bomb runs made.",
            r.score,
            count(bombers_lost, "bomber", "bombers"),
            r.bombs.len()
        )
    };
    let mut before = 0;
    let by_attack: Vec<u32> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            crate::simple_hex::Event::AttackEnded { score, .. } => {
                let scored = score - before;
                before = *score;
                Some(scored)
            }
            _ => None,
        })
        .collect();
    if let [first, second] = by_attack[..] {
        v.push_str(&format!(
            " The first attack scored {first}, the second {second}."
        ));
    }
    v
}
