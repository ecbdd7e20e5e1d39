//! Property tests for the family game: random legal play on both shipped
//! boards with one to four commanders and random seeds, checking the
//! invariants after every command, that `legal_commands` is exactly what
//! `check` accepts, and that a game replays to the identical event log.

use hexx::Hex;
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};
use tally_ho::common::hex::hex_from_offset;
use tally_ho::data;
use tally_ho::family::*;

fn boards() -> &'static [Arc<FamilyScenario>; 2] {
    static BOARDS: OnceLock<[Arc<FamilyScenario>; 2]> = OnceLock::new();
    BOARDS
        .get_or_init(|| ["full", "kitchen"].map(|name| Arc::new(data::load_family(name).unwrap())))
}

/// A tiny deterministic generator (SplitMix64) for the commands that are
/// offered to `check` beside the legal ones.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A climb of -k to k.
    fn climb(&mut self, k: i8) -> i8 {
        self.below(2 * k as u64 + 1) as i8 - k
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
    /// A square near `base` (up to `r` away), anywhere on or just off the
    /// board, or now and then an absurd one.
    fn hex(&mut self, g: &Game, base: Hex, r: u32) -> Hex {
        let sc = g.scenario();
        match self.below(10) {
            0 => Hex::new(i32::MAX - self.below(3) as i32, i32::MIN + 1),
            1..=2 => {
                let (c, rw) = (sc.grid.columns() as u64 + 4, sc.grid.rows() as u64 + 4);
                hex_from_offset(self.below(c) as i32 - 2, self.below(rw) as i32 - 2)
            }
            3 if !sc.features.is_empty() => self.pick(&sc.features).hex,
            _ => {
                let near: Vec<Hex> = base.range(r).collect();
                self.pick(&near)
            }
        }
    }
}

/// A command of any kind, often illegal, aimed near the plane that acts.
fn random_command(g: &Game, rng: &mut Gen) -> Command {
    let seat = g
        .commander()
        .unwrap_or(rng.below(g.spitfires().len() as u64) as u8);
    let base = g.spitfire(seat).hex;
    match rng.below(8) {
        0 => Command::Spin,
        1 => Command::Wait,
        2 => Command::TakeOff,
        3 => Command::Climb(rng.climb(3)),
        4 => {
            let to = rng.hex(g, base, 3);
            let via = (rng.below(2) == 0).then(|| rng.hex(g, base, 2));
            Command::Move {
                to,
                via,
                climb: rng.climb(2),
            }
        }
        5 => Command::Land {
            at: rng.hex(g, base, 3),
        },
        6 => Command::GiveWay {
            to: rng.hex(g, base, 2),
        },
        _ => Command::RadarLand {
            at: rng.hex(g, base, 3),
        },
    }
}

/// The planes in play as (hex, altitude, what).
fn planes(g: &Game) -> Vec<(Hex, u8, String)> {
    g.bombers()
        .iter()
        .enumerate()
        .map(|(i, b)| (b.hex, b.altitude, format!("bomber {}", i + 1)))
        .chain(
            g.spitfires()
                .iter()
                .enumerate()
                .filter(|(_, s)| s.in_play())
                .map(|(i, s)| (s.hex, s.altitude, format!("Spitfire {}", i + 1))),
        )
        .collect()
}

/// Where a command leaves the acting Spitfire: (square, altitude).
fn lands_at(g: &Game, seat: u8, cmd: &Command) -> Option<(Hex, u8)> {
    let s = g.spitfire(seat);
    match *cmd {
        Command::Wait => Some((s.hex, s.altitude)),
        Command::TakeOff => Some((s.hex, g.rules().cruising_altitude)),
        Command::Climb(c) => Some((s.hex, (s.altitude as i8 + c) as u8)),
        Command::Move { to, climb, .. } => Some((to, (s.altitude as i8 + climb) as u8)),
        Command::GiveWay { to } => Some((to, s.altitude)),
        _ => None,
    }
}

/// A greedy commander, so that random play also sees kills, wins, landings
/// and full tanks: land when the tank runs low, otherwise head for the square
/// behind the nearest bomber at its altitude. Bombers just spin.
fn hunter(g: &Game, legal: &[Command]) -> Command {
    let Some(seat) = g.commander() else {
        return legal[0];
    };
    let s = g.spitfire(seat);
    if s.airborne() && s.fuel <= 4 {
        if let Some(c) = legal
            .iter()
            .find(|c| matches!(c, Command::Land { .. } | Command::RadarLand { .. }))
        {
            return *c;
        }
    }
    if let Some(c) = legal
        .iter()
        .find(|c| matches!(c, Command::RadarLand { .. }))
    {
        return *c;
    }
    let score = |c: &Command| -> u32 {
        let Some((hex, alt)) = lands_at(g, seat, c) else {
            return u32::MAX;
        };
        (0..g.bombers().len() as u8)
            .map(|b| {
                let bomber = g.bombers()[b as usize];
                3 * hex.unsigned_distance_to(g.behind(b)) + bomber.altitude.abs_diff(alt) as u32
            })
            .min()
            .unwrap_or(0)
    };
    if s.on_ground() && s.fuel < g.rules().fuel_full / 2 {
        return Command::Wait;
    }
    *legal.iter().min_by_key(|c| score(c)).unwrap()
}

struct Seen {
    kills: Vec<u8>,
    lost: Vec<bool>,
    knocked_out: Vec<bool>,
    round: u32,
}

impl Seen {
    fn of(g: &Game) -> Seen {
        Seen {
            kills: g.spitfires().iter().map(|s| s.kills).collect(),
            lost: g.spitfires().iter().map(|s| !s.in_play()).collect(),
            knocked_out: (0..g.scenario().features.len())
                .map(|f| g.is_knocked_out(f))
                .collect(),
            round: g.round(),
        }
    }
}

fn check_state(g: &Game, before: &Seen) -> Result<(), TestCaseError> {
    g.check_invariants().map_err(TestCaseError::fail)?;
    let r = g.rules();
    let sc = g.scenario();
    for (i, s) in g.spitfires().iter().enumerate() {
        prop_assert!(s.fuel <= r.fuel_full, "Spitfire {} fuel {}", i + 1, s.fuel);
        if s.airborne() {
            prop_assert!(s.fuel >= 1, "Spitfire {} flies on empty", i + 1);
            prop_assert!((1..=r.max_altitude).contains(&s.altitude));
        }
    }
    for (i, b) in g.bombers().iter().enumerate() {
        prop_assert!(sc.grid.contains(b.hex), "bomber {} off the board", i + 1);
        prop_assert!(sc.grid.contains(sc.starts[i]), "start square on the board");
        prop_assert!((1..=r.max_altitude).contains(&b.altitude));
    }
    // Never two planes on one square at one altitude; at rest (no order
    // waiting), never two planes on one square at all.
    let p = planes(g);
    let at_rest = g.pending_orders().is_empty();
    for (i, a) in p.iter().enumerate() {
        for b in &p[i + 1..] {
            prop_assert!(
                !(a.0 == b.0 && a.1 == b.1),
                "{} and {} share a square at altitude {}",
                a.2,
                b.2,
                a.1
            );
            prop_assert!(
                !(at_rest && a.0 == b.0),
                "{} and {} share a square",
                a.2,
                b.2
            );
        }
    }
    // What is done stays done.
    let now = Seen::of(g);
    for i in 0..now.kills.len() {
        prop_assert!(now.kills[i] >= before.kills[i], "kills only grow");
        prop_assert!(now.lost[i] || !before.lost[i], "the lost stay lost");
    }
    for f in 0..now.knocked_out.len() {
        prop_assert!(now.knocked_out[f] || !before.knocked_out[f]);
    }
    prop_assert!(now.round >= before.round);
    let shot = g
        .events()
        .iter()
        .filter(|e| matches!(e, Event::ShotDown { .. }))
        .count();
    prop_assert_eq!(shot, now.kills.iter().map(|&k| k as usize).sum::<usize>());
    if let Some(w) = g.winner() {
        prop_assert!(g.ending() == Some(Ending::Dusk) || g.spitfire(w).kills >= g.kills_to_win());
    }
    Ok(())
}

/// Plays random legal commands on a random set-up; checks everything after
/// each. Returns the game for the replay check.
fn random_play(
    board: usize,
    seats: usize,
    order: u64,
    short_game: bool,
    seed: u64,
    choices: &[u16],
    gen_seed: u64,
) -> Result<Game, TestCaseError> {
    let sc = boards()[board].clone();
    let mut rng = Gen(gen_seed);
    // Random sectors (all different) and airfields.
    let mut sectors: Vec<u8> = (0..sc.sectors.len() as u8).collect();
    let mut o = Gen(order);
    for i in (1..sectors.len()).rev() {
        sectors.swap(i, o.below(i as u64 + 1) as usize);
    }
    let setup = Setup {
        seats: sectors[..seats]
            .iter()
            .map(|&sector| SeatSetup {
                sector,
                airfield: o.below(sc.airfields_of(sector).len() as u64) as u8,
            })
            .collect(),
        short_game,
        difficulty: Default::default(),
    };
    let mut g = Game::new(sc, setup, seed).map_err(TestCaseError::fail)?;
    check_state(&g, &Seen::of(&g))?;
    for &c in choices {
        let legal = g.legal_commands();
        if g.is_over() {
            prop_assert!(legal.is_empty(), "nothing is legal once it is over");
            break;
        }
        prop_assert!(!legal.is_empty(), "a live game always has a legal command");
        for cmd in &legal {
            prop_assert_eq!(g.check(cmd), Ok(()), "{:?} is listed as legal", cmd);
        }
        for _ in 0..8 {
            let cmd = random_command(&g, &mut rng);
            let ok = g.check(&cmd).is_ok();
            prop_assert_eq!(
                ok,
                legal.contains(&cmd),
                "{:?}: check says {:?}, legal_commands disagrees",
                cmd,
                g.check(&cmd)
            );
        }
        let cmd = if c % 4 == 0 {
            legal[(c / 4) as usize % legal.len()]
        } else {
            hunter(&g, &legal)
        };
        let before = Seen::of(&g);
        g.play(cmd)
            .map_err(|e| TestCaseError::fail(format!("{cmd:?}: {e}")))?;
        check_state(&g, &before)?;
    }
    Ok(g)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_play_keeps_the_family_games_invariants(
        board in 0..2usize,
        seats in 1..=4usize,
        order in any::<u64>(),
        short_game in any::<bool>(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), 700),
        gen_seed in any::<u64>(),
    ) {
        let g = random_play(board, seats, order, short_game, seed, &choices, gen_seed)?;
        // A game is its board, set-up, seed and commands.
        let mut again = Game::new(g.scenario().clone(), g.setup().clone(), seed).unwrap();
        for &c in g.commands() {
            again.play(c).unwrap();
        }
        prop_assert_eq!(again.events(), g.events());
        prop_assert_eq!(again.dice().log(), g.dice().log());
    }
}

/// The property above checks the winner, the fuel of Spitfires in the air
/// and the landings only when random play reaches them: this plays the same
/// random games on fixed seeds and fails if they never do, so that a change
/// to the hunter or to the boards cannot leave those checks idle.
#[test]
fn random_legal_play_reaches_the_cases_the_invariants_check() {
    let (mut won, mut killed, mut airborne, mut landed, mut bombed) = (0, 0, 0, 0, 0);
    for i in 0..8u64 {
        let mut g = Gen(i + 100);
        let choices: Vec<u16> = (0..700).map(|_| g.next() as u16).collect();
        let game = random_play(
            (i % 2) as usize,
            1 + (i % 4) as usize,
            i,
            i % 3 == 0,
            i,
            &choices,
            i,
        )
        .unwrap_or_else(|e| panic!("game {i}: {e}"));
        won += game.winner().is_some() as u32;
        let ev = game.events();
        killed += ev
            .iter()
            .filter(|e| matches!(e, Event::ShotDown { .. }))
            .count();
        airborne += ev
            .iter()
            .filter(|e| matches!(e, Event::FuelBurned { .. }))
            .count();
        landed += ev
            .iter()
            .filter(|e| matches!(e, Event::Landed { .. }))
            .count();
        bombed += ev
            .iter()
            .filter(|e| matches!(e, Event::Bombed { .. }))
            .count();
    }
    assert!(won > 0, "no random game was won");
    assert!(killed > 0, "no bomber was shot down");
    assert!(airborne > 0, "no Spitfire flew a turn");
    assert!(landed > 0, "no Spitfire landed");
    assert!(bombed > 0, "nothing was bombed");
}
