//! The family game's simulator, commander AI and replays.

use std::sync::Arc;
use std::time::Duration;
use tally_ho::common::hex::{hex_from_offset, End, Facing};
use tally_ho::data;
use tally_ho::family::*;
use tally_ho::sim::family::{self as fsim, FamilyConfig};

fn board(name: &str) -> Arc<FamilyScenario> {
    Arc::new(data::load_family(name).unwrap())
}

fn config(games: u64, players: usize, threads: usize) -> FamilyConfig {
    FamilyConfig {
        games,
        seed: 5,
        setup: Setup::first_sectors(players),
        threads,
        max_commands: fsim::MAX_COMMANDS,
        levels: Vec::new(),
    }
}

/// A whole game, every seat the AI, with its event log.
fn ai_game(sc: &Arc<FamilyScenario>, players: usize, seed: u64) -> Game {
    let mut g = Game::new(sc.clone(), Setup::first_sectors(players), seed).unwrap();
    ai::play_out(&mut g, fsim::MAX_COMMANDS).unwrap();
    assert!(g.is_over(), "seed {seed}: the game should end");
    g
}

#[test]
fn same_seed_same_figures_on_any_number_of_threads() {
    let sc = board("kitchen");
    let one = fsim::run(&sc, &config(24, 4, 1), &|_| {}).unwrap().0;
    let three = fsim::run(&sc, &config(24, 4, 3), &|_| {}).unwrap().0;
    assert_eq!(one, three);
    assert_eq!(one.len(), 24);
    assert!(one.iter().enumerate().all(|(i, r)| r.index == i as u64));
    // Game i is seeded from the series seed alone.
    let again = fsim::play_one(&sc, &Setup::first_sectors(4), 7, 5, fsim::MAX_COMMANDS);
    assert_eq!(again, one[7]);

    let cfg = config(24, 4, 1);
    let s = fsim::summarise(&sc, &cfg, &one, Duration::from_secs(1));
    let wins: u64 = s.seats.iter().map(|x| x.wins).sum();
    assert_eq!(
        wins + s.nobody_all_out + s.nobody_dusk + s.unfinished,
        24,
        "every game is won by one seat or by nobody"
    );
    assert_eq!(s.by_kills + s.dusk_won, wins);
    let lost: u64 = s.lost.iter().map(|(_, n)| n).sum();
    assert_eq!(
        lost,
        one.iter()
            .map(|r| r.lost.iter().flatten().count() as u64)
            .sum::<u64>()
    );
    let text = s.to_string();
    for want in ["wins", "95% CI", "ran out of fuel", "games per second"] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    let csv = fsim::csv(4, &one);
    assert_eq!(csv.lines().count(), 25);
    assert!(csv.starts_with("game,seed,ending,winner,rounds,commands,features_bombed,kills_1"));
}

#[test]
fn every_game_ends_or_is_reported_unfinished() {
    let sc = board("kitchen");
    let dusk = sc.rules.dusk_round;
    let (done, _) = fsim::run(&sc, &config(16, 2, 2), &|_| {}).unwrap();
    assert_eq!(done.len(), 16);
    let mut by_kills = 0;
    for r in &done {
        assert!(r.finished(), "game {} did not end", r.index);
        assert!(r.rounds <= dusk);
        let kills: Vec<u8> = r.kills.clone();
        match r.ending {
            Some(Ending::Kills) => {
                let w = r.winner.expect("a kills ending has a winner") as usize;
                assert_eq!(kills[w], sc.rules.kills_to_win);
                by_kills += 1;
            }
            Some(Ending::AllOut) => {
                assert!(r.winner.is_none());
                assert!(r.lost.iter().all(|l| l.is_some()));
            }
            Some(Ending::Dusk) => assert_eq!(r.rounds, dusk),
            Some(Ending::RaidOver) => panic!("a family game is no campaign raid"),
            None => unreachable!(),
        }
    }
    // The kills arm's checks ran: the AI's games end with a fifth kill.
    assert!(by_kills > 0, "no game ended with a fifth kill");
    // A cap far too small: every game is given up and reported as such.
    let mut cfg = config(6, 2, 2);
    cfg.max_commands = 30;
    let (cut, _) = fsim::run(&sc, &cfg, &|_| {}).unwrap();
    assert!(cut
        .iter()
        .all(|r| !r.finished() && r.winner.is_none() && r.commands == 30));
    let s = fsim::summarise(&sc, &cfg, &cut, Duration::from_secs(1));
    assert_eq!(s.unfinished, 6);
    assert!(s.to_string().contains("6 unfinished"));
    assert!(fsim::csv(2, &cut).contains(",unfinished,"));
}

#[test]
fn a_bad_setup_is_refused_before_the_run() {
    let sc = board("kitchen");
    let mut cfg = config(2, 2, 1);
    cfg.setup.seats[1].sector = 0;
    assert!(fsim::run(&sc, &cfg, &|_| {}).is_err());
}

#[test]
fn the_ai_is_deterministic_and_plays_only_legal_commands() {
    let sc = board("kitchen");
    for seed in 0..3 {
        let mut g = Game::new(sc.clone(), Setup::first_sectors(3), seed).unwrap();
        let mut n = 0;
        while let Some(cmd) = ai::decide(&g) {
            assert_eq!(ai::decide(&g), Some(cmd), "same position, same command");
            assert_eq!(g.check(&cmd), Ok(()));
            g.play(cmd).unwrap();
            g.check_invariants().unwrap();
            n += 1;
            assert!(n < fsim::MAX_COMMANDS);
        }
        assert!(g.is_over());
    }
}

/// Red's Spitfire in the air between its own airfield C8 and Blue's G8, both
/// within landing range; the bombers on their start squares, far to the south.
#[test]
fn the_ai_lands_before_the_tank_is_dry_and_at_home() {
    let sc = board("full");
    let own = hex_from_offset(2, 7);
    let position = Position {
        spitfires: vec![SpitfireAt {
            seat: 0,
            at: (4, 7),
            altitude: 4,
            fuel: 2,
        }],
        ..Position::default()
    };
    for seed in 0..3 {
        let mut g =
            Game::with_position(sc.clone(), Setup::first_sectors(4), position.clone(), seed)
                .unwrap();
        while g.commander().is_none() {
            g.play(Command::Spin).unwrap();
        }
        // The turn's burn leaves one notch: land now or crash next turn.
        assert_eq!(g.phase(), Phase::Turn { seat: 0 });
        assert_eq!(g.spitfire(0).fuel, 1);
        assert_eq!(ai::decide(&g), Some(Command::Land { at: own }));
    }
}

/// Games from `position` (seeds 0 to 39) in which, once the bombers have
/// spun, Red is to fly and `scene` holds: the situation a test wants.
fn scenes(
    sc: &Arc<FamilyScenario>,
    position: &Position,
    scene: impl Fn(&Game) -> bool,
) -> Vec<(u64, Game)> {
    (0..40)
        .filter_map(|seed| {
            let mut g =
                Game::with_position(sc.clone(), Setup::first_sectors(4), position.clone(), seed)
                    .unwrap();
            while g.commander().is_none() {
                g.play(Command::Spin).unwrap();
            }
            (g.phase() == (Phase::Turn { seat: 0 }) && scene(&g)).then_some((seed, g))
        })
        .collect()
}

/// Red's Spitfire waits on airfield C8; a bomber comes up from the south in
/// line with it. Whenever the spin leaves that bomber two squares short of
/// the airfield, facing it (so its next flight may bomb it), the AI takes off.
#[test]
fn the_ai_does_not_wait_on_an_airfield_a_bomber_can_fly_over() {
    let sc = board("full");
    let airfield = hex_from_offset(2, 7);
    let position = Position {
        bombers: vec![BomberAt {
            bomber: 0,
            at: (2, 11),
            facing: Facing::North,
            course: End::North,
            altitude: 4,
        }],
        spitfires: vec![SpitfireAt {
            seat: 0,
            at: (2, 7),
            altitude: 0,
            fuel: 12,
        }],
        ..Position::default()
    };
    let found = scenes(&sc, &position, |g| {
        let b = g.bombers()[0];
        Facing::North.ahead(Facing::North.ahead(b.hex)) == airfield && b.course == End::North
    });
    assert!(found.len() >= 3, "only {} seeds set the scene", found.len());
    for (seed, g) in found {
        assert!(g.spitfire(0).on_ground());
        assert_eq!(ai::decide(&g), Some(Command::TakeOff), "seed {seed}");
    }
}

/// Red's Spitfire must land now, between its airfields B4 and C8; a bomber
/// comes up from the south in line with B4. Whenever the spin leaves that
/// bomber two squares short of B4, facing it, the AI lands on C8.
#[test]
fn the_ai_does_not_land_where_a_bomber_can_fly_over() {
    let sc = board("full");
    let (b4, c8) = (hex_from_offset(1, 3), hex_from_offset(2, 7));
    let position = Position {
        bombers: vec![BomberAt {
            bomber: 0,
            at: (1, 7),
            facing: Facing::North,
            course: End::North,
            altitude: 4,
        }],
        spitfires: vec![SpitfireAt {
            seat: 0,
            at: (2, 5),
            altitude: 6,
            fuel: 2,
        }],
        ..Position::default()
    };
    let found = scenes(&sc, &position, |g| {
        Facing::North.ahead(Facing::North.ahead(g.bombers()[0].hex)) == b4
    });
    assert!(found.len() >= 3, "only {} seeds set the scene", found.len());
    for (seed, g) in found {
        assert_eq!(g.check(&Command::Land { at: b4 }), Ok(()));
        assert_eq!(
            ai::decide(&g),
            Some(Command::Land { at: c8 }),
            "seed {seed}"
        );
    }
}

/// Over many games on the full board the commanders seldom run dry or get
/// caught on the ground, and most games end with a commander's fifth kill.
#[test]
fn the_ai_keeps_its_fuel_plan_and_its_airfields() {
    let sc = board("full");
    let cfg = config(120, 4, 2);
    let (results, _) = fsim::run(&sc, &cfg, &|_| {}).unwrap();
    let s = fsim::summarise(&sc, &cfg, &results, Duration::from_secs(1));
    let share = |c: Cause| {
        let n = s.lost.iter().find(|(k, _)| *k == c).unwrap().1;
        n as f64 / (120.0 * 4.0)
    };
    assert!(share(Cause::OutOfFuel) < 0.06, "{s}");
    assert!(share(Cause::BombedOnGround) < 0.03, "{s}");
    assert!(s.by_kills as f64 / 120.0 > 0.9, "{s}");
}

#[test]
fn simulated_games_play_exactly_like_recorded_ones() {
    // The simulator's log-free games spin the same and reach the same end.
    let sc = board("kitchen");
    for index in 0..4 {
        let quiet = fsim::play_one(&sc, &Setup::first_sectors(3), index, 5, fsim::MAX_COMMANDS);
        let seed = tally_ho::common::dice::sub_seed(5, index);
        let g = ai_game(&sc, 3, seed);
        assert_eq!(quiet, fsim::result_of(&g, index, g.commands().len()));
        let kills: Vec<u8> = g.spitfires().iter().map(|s| s.kills).collect();
        assert_eq!(kills, quiet.kills);
        assert_eq!(g.ending(), quiet.ending);
    }
}

/// The family game's levels are the Recruit and the Veteran: its Ace was
/// merged into the Veteran (docs/RULES.md), so a seat, save or campaign that
/// asks for the Ace flies every command as the Veteran would.
#[test]
fn a_seat_asked_for_the_ace_flies_as_the_veteran() {
    use tally_ho::common::Level;
    assert_eq!(ai::LEVELS, [Level::Recruit, Level::Veteran]);
    assert_eq!(ai::Ai::at(Level::Ace).level(0), Level::Veteran);
    assert_eq!(
        ai::Ai::with_levels(&[Level::Ace, Level::Recruit]).level(0),
        Level::Veteran
    );
    let sc = board("full");
    let (mut decided, mut recruit_differs) = (0, 0);
    for seed in 0..3 {
        let mut g = Game::new(sc.clone(), Setup::first_sectors(4), seed).unwrap();
        while !g.is_over() && decided < 600 {
            let veteran = ai::decide_at(&g, Level::Veteran);
            assert_eq!(ai::decide_at(&g, Level::Ace), veteran, "seed {seed}");
            recruit_differs += usize::from(ai::decide_at(&g, Level::Recruit) != veteran);
            decided += 1;
            g.play(veteran.expect("a command")).unwrap();
        }
    }
    // The guard: the levels that remain do differ.
    assert!(
        decided >= 300 && recruit_differs > 0,
        "{decided} decisions, {recruit_differs} apart"
    );
}
