//! A sector commander for solo rivals and the simulator. It goes through
//! `check` like a player: it lists the legal commands, tries each on a probe
//! (commanders' commands roll no dice, so it never sees a spin to come) and
//! keeps the best by looking one spin ahead.
//!
//! Between a commander's turn and their next, every bomber spins once (nine
//! equally likely faces), so for the position after a command the AI works out
//! exactly, bomber by bomber, how likely its Spitfire is to be rammed (or, on
//! the ground, bombed with its airfield) and how likely a bomber is to end up
//! where it can be shot down with the next move. Alongside, it keeps a fuel
//! plan: it always keeps an airfield within reach of the tank, with a turn or
//! two to spare, and prefers its own sector's airfields (a full tank rather
//! than a half). Otherwise it closes on the bombers from ahead, where their
//! flights will bring them past it.
//!
//! Two levels (`LEVELS`), read per seat:
//! - **Recruit** keeps the safety and fuel sense (it is never rammed by a
//!   bomber it could see coming, and always keeps an airfield in reach) but
//!   chases the bombers where they stand now, with no forecast of where the
//!   spinner will put them, and pays no attention to rival Spitfires.
//! - **Veteran** looks one spin ahead for the kill and sees its rivals: it
//!   does not race a rival who is nearer a bomber.
//!
//! The Ace (which also looked two spins ahead and counted the bombers a
//! rival flying first could take) was merged into the Veteran: a seat asked
//! to fly at the Ace flies at the Veteran (docs/RULES.md, "The opponents'
//! levels").
//!
//! Deterministic: no randomness, no hashing; ties go to the first command in
//! `legal_commands` order.

use super::{Command, FeatureKind, FlightEnd, Game, Phase, Seat, MAX_BOMBER_SQUARES};
use crate::common::hex::Facing;
use crate::common::{
    self,
    game::{Opponent, PlayOutError, Rules},
    Level,
};
use hexx::Hex;

/// The family game's opponent levels, weakest first. Its Ace took 26.9% of
/// the points against three Veterans (25.7 to 28.1%, 1,000 seeds x 4 seats),
/// short of the ladder's 3 points at every seat, and no weighting tried
/// lifted it past 28%: it was merged into the Veteran.
pub const LEVELS: [Level; 2] = [Level::Recruit, Level::Veteran];

/// The command the Veteran commander would give now (or a spin).
pub fn decide(game: &Game) -> Option<Command> {
    decide_at(game, Level::Veteran)
}

/// The command the commander the game is waiting for would give at `level`
/// (or a spin).
pub fn decide_at(game: &Game, level: Level) -> Option<Command> {
    let level = level.min(Level::Veteran);
    match game.phase() {
        Phase::Over { .. } => None,
        Phase::Spin { .. } => Some(Command::Spin),
        _ => {
            let seat = game.commander()?;
            let before = Forecast::of(game);
            let rivals = Rivals::of(game, seat, level);
            let mut best: Option<(f64, Command)> = None;
            for cmd in game.legal_commands() {
                let mut probe = game.probe();
                if probe.play(cmd).is_err() {
                    continue;
                }
                let score = value(game, &probe, seat, &before, &rivals, level);
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, cmd));
                }
            }
            best.map(|(_, c)| c)
        }
    }
}

/// The commanders' opponent (and the spinner's hand): it flies any seat, each
/// at its own level.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ai {
    /// By seat (a seat past the end plays Veteran).
    levels: [Level; 4],
}

impl Ai {
    /// Every seat at one level (the Ace flies as the Veteran).
    pub fn at(level: Level) -> Ai {
        Ai {
            levels: [level.min(Level::Veteran); 4],
        }
    }

    /// Seat `i` at `levels[i]` (Veteran past the end of the list; the Ace
    /// flies as the Veteran).
    pub fn with_levels(levels: &[Level]) -> Ai {
        let mut ai = Ai::default();
        for (slot, &l) in ai.levels.iter_mut().zip(levels) {
            *slot = l.min(Level::Veteran);
        }
        ai
    }

    pub fn level(&self, seat: u8) -> Level {
        self.levels.get(seat as usize).copied().unwrap_or_default()
    }
}

impl<G: super::FamilyGame> Opponent<G> for Ai {
    fn decide(&mut self, game: &G, seat: Seat) -> Option<Command> {
        let game = game.family();
        if Rules::to_act(game) != Some(seat) {
            return None;
        }
        let level = match seat {
            Seat::Commander(s) => self.level(s),
            Seat::Bombers => Level::Veteran,
        };
        decide_at(game, level)
    }
}

/// Plays a whole game with every commander driven by the Veteran opponent;
/// returns the number of commands played, or why it stopped. Stops (without
/// error) after `max_commands`.
pub fn play_out(game: &mut Game, max_commands: usize) -> Result<usize, PlayOutError> {
    play_out_with(game, Ai::default(), max_commands)
}

/// `play_out` with each seat at its own level.
pub fn play_out_with(
    game: &mut Game,
    mut ai: Ai,
    max_commands: usize,
) -> Result<usize, PlayOutError> {
    match common::game::play_out(game, &mut ai, max_commands) {
        Err(PlayOutError::TooLong { commands }) => Ok(commands),
        other => other,
    }
}

// ----- the weights, in bombers shot down (tuned with the simulator) -----

/// A bomber shot down with this very command.
const SHOT_DOWN: f64 = 3.0;
/// The chance of a bomber in the sights after the next spin (a kill next turn).
const IN_SIGHTS: f64 = 1.0;
/// Losing the Spitfire (rammed, or bombed on the ground): out of the game.
const LOSS: f64 = 10.0;
/// No airfield within reach of the tank: a certain loss, a few turns away.
const STRANDED: f64 = 12.0;
/// Heading for a landing that gives only a half tank (outside the sector).
const HALF_TANK: f64 = 0.6;
/// Fuel to spare after the flight home, by turns: 0, 1, 2 (an airfield can be
/// bombed or taken on the way, so a plan with no slack often fails).
const TIGHT: [f64; 3] = [6.0, 3.0, 1.0];
/// A turn spent on the ground.
const GROUNDED: f64 = 0.1;
/// Each turn further from a bomber's likely firing squares.
const APPROACH: f64 = 0.03;
/// Each notch of fuel in hand.
const FUEL: f64 = 0.01;
/// Veteran and Ace: a bomber a rival is nearer to counts as this many turns
/// further away (no racing a rival who will get there first).
const RIVAL_AHEAD: f64 = 3.0;
/// The rival Spitfires as a commander sees them when it decides.
struct Rivals {
    /// Rivals in play: square and altitude (cruising for one on the ground).
    planes: Vec<(Hex, u8)>,
}

impl Rivals {
    fn of(g: &Game, seat: u8, level: Level) -> Rivals {
        if level == Level::Recruit {
            return Rivals { planes: Vec::new() };
        }
        let cruising = g.rules().cruising_altitude;
        let planes = (0..g.spitfires().len() as u8)
            .filter(|&o| o != seat)
            .filter_map(|o| {
                let s = g.spitfire(o);
                s.in_play().then(|| {
                    let alt = if s.on_ground() { cruising } else { s.altitude };
                    (s.hex, alt)
                })
            })
            .collect();
        Rivals { planes }
    }

    /// Is a rival nearer (in turns) to `behind` at `alt` than `turns`?
    fn nearer(&self, g: &Game, behind: Hex, alt: u8, turns: u32) -> bool {
        self.planes.iter().any(|&(h, a)| {
            let dz = (a as i16 - alt as i16).unsigned_abs() as u32;
            turns_to(g, h.unsigned_distance_to(behind), dz) < turns
        })
    }
}

/// One way a bomber's next spin can go.
#[derive(Clone, Copy, Debug)]
struct Flight {
    /// The squares it flies through (it may stop early).
    path: [Option<Hex>; MAX_BOMBER_SQUARES],
    altitude: u8,
    /// Where it ends and which way it faces.
    end: Hex,
    facing: Facing,
    /// The square directly behind it then, if on the board: where it can be shot.
    behind: Option<Hex>,
}

/// Every bomber's possible flights before the commander's next turn (one
/// entry, its standing position, for a bomber that will not spin by then).
struct Forecast {
    bombers: Vec<super::Bomber>,
    flights: Vec<Vec<Flight>>,
    /// The usable airfields (square, sector) and how likely a bomber is to
    /// fly over (or onto) each.
    airfields: Vec<(Hex, u8, f64)>,
}

impl Forecast {
    /// Would `g` forecast the same flights? (The bombers stand where they
    /// did, and the same ones spin before the commander's next turn.)
    fn same_flights(&self, g: &Game) -> bool {
        let spins =
            |bs: &[super::Bomber], b: &super::Bomber| !b.flown || !bs.iter().any(|o| !o.flown);
        let now = g.bombers();
        now.len() == self.bombers.len()
            && now.iter().zip(&self.bombers).all(|(a, b)| {
                a.hex == b.hex
                    && a.gone == b.gone
                    && a.facing == b.facing
                    && a.course == b.course
                    && a.altitude == b.altitude
                    && spins(now, a) == spins(&self.bombers, b)
            })
    }

    /// How likely some bomber is to fly over (or onto) `hex` at its next spin.
    fn over(&self, hex: Hex) -> f64 {
        let mut clear = 1.0;
        for b in self.flights.iter().filter(|b| !b.is_empty()) {
            let n = b
                .iter()
                .filter(|f| f.path.iter().flatten().any(|&h| h == hex))
                .count();
            clear *= 1.0 - n as f64 / b.len() as f64;
        }
        1.0 - clear
    }

    fn of(g: &Game) -> Forecast {
        // Mid-round (an order given while the bombers spin), only the bombers
        // still to spin move before the commander's turn; otherwise all do.
        let any_left = g.bombers().iter().any(|b| !b.flown);
        let flights = (0..g.bombers().len() as u8)
            .map(|b| {
                let bomber = g.bombers()[b as usize];
                if !bomber.flies() {
                    // A raid's plane that has left the board.
                    Vec::new()
                } else if any_left && bomber.flown {
                    vec![Flight {
                        path: [None; MAX_BOMBER_SQUARES],
                        altitude: bomber.altitude,
                        end: bomber.hex,
                        facing: bomber.facing,
                        behind: None,
                    }
                    .with_behind(g)]
                } else {
                    flights(g, b)
                }
            })
            .collect();
        let mut fc = Forecast {
            bombers: g.bombers().to_vec(),
            flights,
            airfields: Vec::new(),
        };
        fc.airfields = g
            .scenario()
            .features
            .iter()
            .enumerate()
            .filter(|&(i, f)| f.kind == FeatureKind::Airfield && g.airfield_usable(i).is_ok())
            .map(|(_, f)| (f.hex, f.sector, fc.over(f.hex)))
            .collect();
        fc
    }
}

impl Flight {
    fn with_behind(mut self, g: &Game) -> Flight {
        let h = self.facing.reverse().ahead(self.end);
        self.behind = g.scenario().grid.contains(h).then_some(h);
        self
    }
}

/// The nine (or however many) flights of a bomber's spin, as the rules fly them.
fn flights(g: &Game, bomber: u8) -> Vec<Flight> {
    let b = g.bombers()[bomber as usize];
    g.rules()
        .spinner
        .iter()
        .map(|&face| {
            let plan = g.plan_flight(bomber, face);
            let (path, end, facing) = match plan.end {
                FlightEnd::Refused => ([None; MAX_BOMBER_SQUARES], b.hex, b.facing),
                // Back to its start square (facing north, at cruising
                // altitude), but its path was flown at the spun altitude.
                FlightEnd::BackToStart(_) => (
                    plan.path,
                    g.scenario().starts[bomber as usize],
                    Facing::North,
                ),
                FlightEnd::At { hex, turns } => (
                    plan.path,
                    hex,
                    if turns { Facing::South } else { plan.facing },
                ),
            };
            Flight {
                path,
                altitude: plan.altitude,
                end,
                facing,
                behind: None,
            }
            .with_behind(g)
        })
        .collect()
}

/// Can a Spitfire at `from`, `alt` be on `to` at `to_alt` after one move?
fn one_move(g: &Game, from: Hex, alt: u8, to: Hex, to_alt: u8) -> bool {
    let r = g.rules();
    let d = from.unsigned_distance_to(to);
    let dz = (alt as i16 - to_alt as i16).unsigned_abs() as u8;
    (d == 0 && dz <= r.climb_in_place)
        || (d == 1 && dz <= 1)
        || (d <= r.spitfire_squares as u32 && dz == 0)
}

/// Turns to fly `d` squares and change `dz` notches, about (a turn flies two
/// squares, or one square and one notch, or climbs two notches in place).
fn turns_to(g: &Game, d: u32, dz: u32) -> u32 {
    let r = g.rules();
    let per = r.spitfire_squares.max(1) as u32;
    (d.div_ceil(per)).max((d + dz).div_ceil(2))
}

/// How good the position after a command is for `seat`.
fn value(
    before: &Game,
    after: &Game,
    seat: u8,
    forecast: &Forecast,
    rivals: &Rivals,
    level: Level,
) -> f64 {
    let s = *after.spitfire(seat);
    if !s.in_play() {
        return -1.0e9;
    }
    let mut v = (s.kills as f64 - before.spitfire(seat).kills as f64) * SHOT_DOWN;
    if after.winner() == Some(seat) {
        v += 1.0e6;
    }
    if after.is_over() {
        return v;
    }
    // The bombers as they stand after the command (one may have been shot down).
    let fresh;
    let fc = if forecast.same_flights(after) {
        forecast
    } else {
        fresh = Forecast::of(after);
        &fresh
    };
    let mut survive = 1.0;
    let mut no_kill = 1.0;
    let mut approach = f64::MAX;
    let alt_now = if s.on_ground() {
        after.rules().cruising_altitude
    } else {
        s.altitude
    };
    for (bi, b) in fc.flights.iter().enumerate() {
        if b.is_empty() {
            continue;
        }
        let n = b.len() as f64;
        let (mut lost, mut kill, mut turns) = (0u32, 0u32, 0f64);
        if level == Level::Recruit {
            // The bomber where it stands: its tail, now.
            let bomber = after.bombers()[bi];
            let behind = bomber.facing.reverse().ahead(bomber.hex);
            if after.scenario().grid.contains(behind) {
                let dz = (alt_now as i16 - bomber.altitude as i16).unsigned_abs() as u32;
                let t = turns_to(after, s.hex.unsigned_distance_to(behind), dz);
                approach = approach.min(t as f64);
            }
        }
        for f in b {
            let hit = if s.on_ground() {
                f.path.iter().flatten().any(|&h| h == s.hex)
            } else {
                f.altitude == s.altitude && f.path.iter().flatten().any(|&h| h == s.hex)
            };
            if hit {
                lost += 1;
                continue;
            }
            if level == Level::Recruit {
                continue;
            }
            let Some(behind) = f.behind else {
                turns += 20.0;
                continue;
            };
            if s.airborne() && one_move(after, s.hex, s.altitude, behind, f.altitude) {
                kill += 1;
            }
            let dz = (alt_now as i16 - f.altitude as i16).unsigned_abs() as u32;
            let t = turns_to(after, s.hex.unsigned_distance_to(behind), dz);
            turns += t as f64;
            if rivals.nearer(after, behind, f.altitude, t) {
                turns += RIVAL_AHEAD;
            }
        }
        survive *= 1.0 - lost as f64 / n;
        no_kill *= 1.0 - kill as f64 / n;
        if level != Level::Recruit {
            approach = approach.min(turns / n);
        }
    }
    if s.briefing && s.on_ground() {
        // Landed on radar orders: no turn this round, so the Spitfire waits
        // on the airfield through the next round's spins too (each bomber
        // from where it stands, about).
        for b in 0..after.bombers().len() as u8 {
            if !after.bombers()[b as usize].flies() {
                continue;
            }
            let fl = flights(after, b);
            let n = fl.len().max(1) as f64;
            let over = fl
                .iter()
                .filter(|f| f.path.iter().flatten().any(|&h| h == s.hex))
                .count();
            survive *= 1.0 - over as f64 / n;
        }
    }
    v -= LOSS * (1.0 - survive);
    if level != Level::Recruit {
        v += IN_SIGHTS * (1.0 - no_kill);
    }
    if approach < f64::MAX {
        v -= APPROACH * (approach + s.on_ground() as u8 as f64);
    }
    v += fuel_plan(after, seat, fc);
    if s.on_ground() {
        v -= GROUNDED;
    }
    v
}

/// The fuel plan: the airfields the Spitfire can still reach before the tank
/// is dry, best first, with the turns to spare; an airfield a bomber may bomb
/// (or stand on) at the next spin counts only as far as it is likely to stay
/// usable, the next best standing in for it.
fn fuel_plan(g: &Game, seat: u8, fc: &Forecast) -> f64 {
    let s = *g.spitfire(seat);
    let r = g.rules();
    // Turns left before the tank is dry: the next turn's burn comes first.
    let turns_left = s.fuel as i64 - 1;
    let mut options: Vec<(f64, f64)> = Vec::new();
    for &(hex, sector, over) in &fc.airfields {
        if !g.is_free(hex, Some(seat)) {
            continue;
        }
        let d = s.hex.unsigned_distance_to(hex);
        let need = if s.on_ground() && d == 0 {
            0
        } else {
            let fly = d.saturating_sub(r.landing_range as u32);
            turns_to(g, fly, 0) as i64 + 1
        };
        let spare = turns_left - need;
        if spare < 0 {
            continue;
        }
        let mut v = -TIGHT.get(spare as usize).copied().unwrap_or(0.0);
        if sector != s.sector {
            v -= HALF_TANK;
        }
        // Standing on it now: it is ours whatever the bombers do (if they
        // bomb it, the Spitfire's loss is counted elsewhere).
        let risk = if d == 0 && s.on_ground() { 0.0 } else { over };
        options.push((v, risk));
    }
    options.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut plan = 0.0;
    let mut reach = 1.0;
    for (v, risk) in options {
        plan += reach * (1.0 - risk) * v;
        reach *= risk;
    }
    plan -= reach * STRANDED;
    plan + FUEL * s.fuel as f64
}
