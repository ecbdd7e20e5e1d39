//! A simple sector commander for solo rivals and the simulator. It goes through
//! `check` like a player: it lists the legal commands, tries each on a probe
//! (commanders' commands roll no dice, so it never sees a spin to come) and
//! keeps the best by a few plain rules of thumb:
//! shoot when you can, never collide, get home before the tank is dry, and
//! otherwise close on the square a bomber is likely to leave behind it, level
//! with it, while keeping out of the squares it may fly through.

use super::{Command, FeatureKind, Game, Phase};
use crate::rules::hex::Facing;
use hexx::Hex;

/// The command the commander the game is waiting for would give (or a spin).
pub fn decide(game: &Game) -> Option<Command> {
    match game.phase() {
        Phase::Over { .. } => None,
        Phase::Spin { .. } => Some(Command::Spin),
        _ => {
            let seat = game.to_act()?;
            let mut best: Option<(i64, Command)> = None;
            for cmd in game.legal_commands() {
                let mut probe = game.probe();
                if probe.play(cmd).is_err() {
                    continue;
                }
                let score = value(game, &probe, seat);
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, cmd));
                }
            }
            best.map(|(_, c)| c)
        }
    }
}

/// Plays a whole game with every commander driven by `decide`; returns the
/// number of commands played. Stops after `max_commands`.
pub fn play_out(game: &mut Game, max_commands: usize) -> usize {
    let mut n = 0;
    while n < max_commands {
        let Some(cmd) = decide(game) else { break };
        game.play(cmd).expect("the AI only gives legal commands");
        n += 1;
    }
    n
}

/// How good the position after a command is for `seat`.
fn value(before: &Game, after: &Game, seat: u8) -> i64 {
    let s = *after.spitfire(seat);
    if !s.in_play() {
        return -1_000_000;
    }
    let mut v = (s.kills as i64 - before.spitfire(seat).kills as i64) * 100_000;
    if after.winner() == Some(seat) {
        v += 1_000_000;
    }
    let r = after.rules();
    let home = nearest_airfield(after, seat, s.hex);
    if s.on_ground() {
        // Waiting on the ground only pays with a tank to fill.
        let own = own_airfield(after, seat, s.hex);
        return v + if own { -200 } else { -400 } + s.fuel as i64 * 5;
    }
    // Turns needed to land: fly to within landing range, then land.
    let reach = r.spitfire_squares.max(1) as i64;
    let turns_home = match home {
        Some((d, _)) => ((d as i64 - r.landing_range as i64).max(0) + reach - 1) / reach + 1,
        None => 99,
    };
    // Fuel at the start of the next turn is one less.
    let spare = s.fuel as i64 - 1 - turns_home;
    if spare <= 1 {
        return v - 50_000 + spare * 1_000 - home.map_or(500, |(d, _)| d as i64 * 100);
    }
    // Hunt: the nearest bomber's likely square behind, at its altitude.
    let mut hunt = i64::MAX;
    for (i, b) in after.bombers().iter().enumerate() {
        let ahead = b.course.facing_toward();
        let target = ahead.ahead(b.hex);
        let d = s.hex.unsigned_distance_to(target) as i64;
        let dz = (s.altitude as i64 - b.altitude as i64).abs();
        let over_land = after.scenario().is_land(b.hex) as i64;
        hunt = hunt.min(d * 10 + dz * 7 - over_land * 3);
        v -= collision_risk(after, i as u8, s.hex, s.altitude) * 40;
    }
    v - hunt.min(10_000)
}

/// Of the bomber's spinner faces, how many would carry it into `hex` at `altitude`.
fn collision_risk(g: &Game, bomber: u8, hex: Hex, altitude: u8) -> i64 {
    let b = g.bombers()[bomber as usize];
    let r = g.rules();
    let mut n = 0;
    for face in &r.spinner {
        let alt = (b.altitude as i16 + face.climb as i16).clamp(1, r.max_altitude as i16) as u8;
        if alt != altitude {
            continue;
        }
        let dir: Facing = g.direction(bomber, face.heading);
        let mut at = b.hex;
        for _ in 0..r.bomber_squares {
            at = dir.ahead(at);
            if at == hex {
                n += 1;
                break;
            }
        }
    }
    n
}

fn own_airfield(g: &Game, seat: u8, hex: Hex) -> bool {
    g.scenario()
        .feature_at(hex)
        .is_some_and(|f| g.scenario().features[f].sector == g.spitfire(seat).sector)
}

/// The distance to the nearest usable, free airfield (own sector counted a
/// little nearer, for its full tank).
fn nearest_airfield(g: &Game, seat: u8, from: Hex) -> Option<(u32, Hex)> {
    let sc = g.scenario();
    sc.features
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            f.kind == FeatureKind::Airfield
                && g.airfield_usable(*i).is_ok()
                && g.is_free(f.hex, Some(seat))
        })
        .map(|(_, f)| (from.unsigned_distance_to(f.hex), f.hex))
        .min_by_key(|&(d, h)| {
            (
                d,
                !own_airfield(g, seat, h),
                crate::rules::hex::offset_of(h),
            )
        })
}
