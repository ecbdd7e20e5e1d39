//! One test per rule sentence of the family game's sheet
//! (`spitfire-vs-bombers-rules-en.md` and its French/Dutch original) and per
//! reconstruction in docs/RULES.md, named after the rule.
//!
//! The spinner is data, so most tests force its result with a rules file whose
//! spinner has a single face, set the planes up with `Game::with_position`, and
//! assert the exact events, state and `check()` refusals. Small boards are built
//! in code as `FamilyBoardFile`s.

use hexx::Hex;
use std::sync::Arc;
use tally_ho::common::hex::{hex_from_offset, offset_of, End, Facing};
use tally_ho::common::Level;
use tally_ho::data::{self, Source};
use tally_ho::family::*;

const N: Facing = Facing::North;
const NE: Facing = Facing::NorthEast;
const SE: Facing = Facing::SouthEast;
const S: Facing = Facing::South;
const SW: Facing = Facing::SouthWest;
const NW: Facing = Facing::NorthWest;

// ----- building boards, rules and games -----

fn h(c: i32, r: i32) -> Hex {
    hex_from_offset(c, r)
}

fn face(climb: i8, heading: Heading) -> SpinnerFace {
    SpinnerFace { climb, heading }
}

fn shipped_rules() -> FamilyValues {
    data::load_family_rules(&data::family_rules_source()).unwrap()
}

/// The shipped rule numbers with the spinner replaced: one face forces it.
fn rules_with(spinner: &[SpinnerFace]) -> FamilyValues {
    FamilyValues {
        spinner: spinner.to_vec(),
        ..shipped_rules()
    }
}

fn board(
    map: &[&str],
    features: &[(FeatureKind, (i32, i32))],
    starts: &[(i32, i32)],
) -> FamilyBoardFile {
    let sectors = map
        .iter()
        .flat_map(|row| row.chars())
        .filter_map(|c| c.to_digit(10))
        .max()
        .unwrap_or(1) as usize;
    FamilyBoardFile {
        name: "test".into(),
        description: "a board built by a test".into(),
        columns: map[0].chars().count() as u32,
        rows: map.len() as u32,
        map: map.iter().map(|s| s.to_string()).collect(),
        sectors: SectorColour::ALL[..sectors]
            .iter()
            .map(|&colour| SectorSetup {
                name: colour.name().into(),
                colour,
            })
            .collect(),
        features: features
            .iter()
            .map(|&(kind, at)| FeatureSetup { kind, at })
            .collect(),
        starts: starts.to_vec(),
    }
}

use FeatureKind::{Aa, Airfield, Radar};

/// The test board, 8 columns by 10 rows: Red (sector 1) in columns 0-3, Blue
/// (sector 2) in columns 4-7, the sea in rows 7-9. Feature indices:
/// 0 Red airfield (1,1), 1 Red airfield (1,3), 2 Red AA (1,2), 3 Red AA (0,4),
/// 4 Red radar (1,6), 5 Blue airfield (6,1), 6 Blue airfield (6,3),
/// 7 Blue AA (6,2), 8 Blue AA (7,4), 9 Blue radar (6,6).
/// Bombers start at (2,9), (4,9), (5,9): columns with nothing to bomb.
fn test_board(bombers: usize) -> FamilyBoardFile {
    board(
        &[
            "11112222", "11112222", "11112222", "11112222", "11112222", "11112222", "11112222",
            "~~~~~~~~", "~~~~~~~~", "~~~~~~~~",
        ],
        &[
            (Airfield, (1, 1)),
            (Airfield, (1, 3)),
            (Aa, (1, 2)),
            (Aa, (0, 4)),
            (Radar, (1, 6)),
            (Airfield, (6, 1)),
            (Airfield, (6, 3)),
            (Aa, (6, 2)),
            (Aa, (7, 4)),
            (Radar, (6, 6)),
        ],
        &[(2, 9), (4, 9), (5, 9)][..bombers],
    )
}

fn scenario(file: &FamilyBoardFile, rules: FamilyValues) -> Arc<FamilyScenario> {
    Arc::new(FamilyScenario::build(file, rules).unwrap())
}

/// The test board with `bombers` bombers and a spinner that always shows `f`.
fn test_scenario(bombers: usize, f: SpinnerFace) -> Arc<FamilyScenario> {
    scenario(&test_board(bombers), rules_with(&[f]))
}

fn bomber(i: u8, at: (i32, i32), facing: Facing, altitude: u8) -> BomberAt {
    BomberAt {
        bomber: i,
        at,
        facing,
        course: End::North,
        altitude,
    }
}

fn southbound(i: u8, at: (i32, i32), altitude: u8) -> BomberAt {
    BomberAt {
        bomber: i,
        at,
        facing: S,
        course: End::South,
        altitude,
    }
}

fn spit(seat: u8, at: (i32, i32), altitude: u8, fuel: u8) -> SpitfireAt {
    SpitfireAt {
        seat,
        at,
        altitude,
        fuel,
    }
}

fn game_at(
    sc: &Arc<FamilyScenario>,
    seats: usize,
    bombers: &[BomberAt],
    spitfires: &[SpitfireAt],
    bombed: &[(i32, i32)],
) -> Game {
    let g = Game::with_position(
        sc.clone(),
        Setup::first_sectors(seats),
        Position {
            bombers: bombers.to_vec(),
            spitfires: spitfires.to_vec(),
            bombed: bombed.to_vec(),
        },
        7,
    )
    .unwrap();
    g.check_invariants().unwrap();
    g
}

/// Plays a command that must be legal; returns the events it caused.
fn play(g: &mut Game, cmd: Command) -> Vec<Event> {
    let before = g.events().len();
    if let Err(e) = g.play(cmd) {
        panic!("{cmd:?} refused: {e}");
    }
    g.check_invariants().unwrap();
    g.events()[before..].to_vec()
}

/// Spins for every bomber still to fly this round; returns the events.
fn spin_all(g: &mut Game) -> Vec<Event> {
    let mut out = Vec::new();
    for _ in 0..=g.bombers().len() {
        if !matches!(g.phase(), Phase::Spin { .. }) {
            return out;
        }
        out.extend(play(g, Command::Spin));
    }
    panic!("more spins than bombers in one round");
}

fn spun(bomber: u8, climb: i8, heading: Heading, altitude: u8) -> Event {
    Event::Spun {
        bomber,
        roll: 1,
        climb,
        heading,
        altitude,
    }
}

fn flew(bomber: u8, at: (i32, i32), facing: Facing) -> Event {
    Event::BomberFlew {
        bomber,
        to: h(at.0, at.1),
        facing,
    }
}

fn shot_down(events: &[Event]) -> Vec<(u8, u8)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::ShotDown { seat, bomber } => Some((seat, bomber)),
            _ => None,
        })
        .collect()
}

fn mv(to: (i32, i32), climb: i8) -> Command {
    Command::Move {
        to: h(to.0, to.1),
        via: None,
        climb,
    }
}

fn mv2(via: (i32, i32), to: (i32, i32)) -> Command {
    Command::Move {
        to: h(to.0, to.1),
        via: Some(h(via.0, via.1)),
        climb: 0,
    }
}

fn land(at: (i32, i32)) -> Command {
    Command::Land { at: h(at.0, at.1) }
}

// ----- set-up -----

#[test]
fn bombers_start_on_their_numbered_squares_at_cruising_altitude() {
    for name in ["full", "kitchen"] {
        let sc = Arc::new(data::load_family(name).unwrap());
        let g = Game::new(sc.clone(), Setup::first_sectors(4), 1).unwrap();
        assert_eq!(g.bombers().len(), 5, "{name}: five bombers");
        for (i, b) in g.bombers().iter().enumerate() {
            assert_eq!(
                b.hex,
                sc.starts[i],
                "{name}: bomber {} on its square",
                i + 1
            );
            assert_eq!(b.altitude, sc.rules.cruising_altitude);
            assert_eq!((b.facing, b.course), (N, End::North));
        }
    }
}

#[test]
fn spitfires_start_on_the_ground_on_an_airfield_of_their_sector_with_a_full_tank() {
    let sc = Arc::new(data::load_family("full").unwrap());
    for airfield in 0..3u8 {
        let setup = Setup {
            seats: (0..4)
                .map(|sector| SeatSetup { sector, airfield })
                .collect(),
            short_game: false,
            difficulty: Default::default(),
        };
        let g = Game::new(sc.clone(), setup, 1).unwrap();
        for (seat, s) in g.spitfires().iter().enumerate() {
            let f = sc.airfields_of(seat as u8)[airfield as usize];
            assert_eq!(s.hex, sc.features[f].hex);
            assert_eq!(sc.features[f].sector, seat as u8, "its own sector");
            assert_eq!((s.altitude, s.fuel, s.kills), (0, 12, 0));
            assert!(s.on_ground());
        }
    }
    // A sector has three airfields: there is no fourth to start on.
    let bad = Setup {
        seats: vec![SeatSetup {
            sector: 0,
            airfield: 3,
        }],
        short_game: false,
        difficulty: Default::default(),
    };
    assert!(Game::new(sc, bad, 1).is_err());
}

// ----- moving the German bombers -----

#[test]
fn bomber_sets_altitude_before_moving_two_squares() {
    let sc = test_scenario(1, face(1, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[], &[]);
    assert_eq!(g.phase(), Phase::Spin { bomber: 0 });
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 1, Heading::Beam, 5),
            flew(0, (2, 8), N),
            flew(0, (2, 7), N),
            Event::TurnBegan { seat: 0 },
        ]
    );
    let b = g.bombers()[0];
    assert_eq!((b.hex, b.altitude, b.facing), (h(2, 7), 5, N));
    // Next round it climbs from the altitude it reached, not from cruising.
    play(&mut g, Command::Wait);
    assert_eq!(play(&mut g, Command::Spin)[0], spun(0, 1, Heading::Beam, 6));
    // "Same altitude": the bomber keeps whatever altitude it has.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[bomber(0, (3, 8), N, 6)], &[], &[]);
    assert_eq!(play(&mut g, Command::Spin)[0], spun(0, 0, Heading::Beam, 6));
    assert_eq!(g.bombers()[0].altitude, 6);
}

#[test]
fn beam_flies_north_port_left_starboard_right_and_the_bomber_faces_its_flight() {
    for (heading, end, facing) in [
        (Heading::Beam, (3, 4), N),
        (Heading::Port, (1, 5), NW),
        (Heading::Starboard, (5, 5), NE),
    ] {
        let sc = test_scenario(1, face(0, heading));
        let mut g = game_at(&sc, 1, &[bomber(0, (3, 6), N, 4)], &[], &[]);
        let ev = play(&mut g, Command::Spin);
        let mid = facing.ahead(h(3, 6));
        assert_eq!(
            ev[1..3],
            [
                Event::BomberFlew {
                    bomber: 0,
                    to: mid,
                    facing
                },
                flew(0, end, facing)
            ],
            "{heading:?}"
        );
        let b = g.bombers()[0];
        assert_eq!((b.hex, b.facing), (h(end.0, end.1), facing), "{heading:?}");
    }
}

#[test]
fn southbound_bombers_read_the_indicator_the_other_way_round() {
    // The board's direction markings work both ways: flying south, beam is
    // south, port (the pilot's left) is south-east, starboard south-west.
    for (heading, end, facing) in [
        (Heading::Beam, (3, 5), S),
        (Heading::Port, (5, 4), SE),
        (Heading::Starboard, (1, 4), SW),
    ] {
        let sc = test_scenario(1, face(0, heading));
        let mut g = game_at(&sc, 1, &[southbound(0, (3, 3), 4)], &[], &[]);
        play(&mut g, Command::Spin);
        let b = g.bombers()[0];
        assert_eq!((b.hex, b.facing), (h(end.0, end.1), facing), "{heading:?}");
        assert_eq!(b.course, End::South);
    }
}

#[test]
fn bomber_at_highest_or_lowest_notch_stays_there() {
    for (from, climb, to) in [(7, 1, 7), (1, -1, 1), (6, 1, 7), (2, -1, 1)] {
        let sc = test_scenario(1, face(climb, Heading::Beam));
        let mut g = game_at(&sc, 1, &[bomber(0, (3, 8), N, from)], &[], &[]);
        assert_eq!(
            play(&mut g, Command::Spin)[0],
            spun(0, climb, Heading::Beam, to),
            "from {from}, {climb:+}"
        );
    }
}

#[test]
fn bomber_at_north_edge_turns_round_and_flies_south() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[bomber(0, (3, 2), N, 4)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 1), N),
            flew(0, (3, 0), N),
            Event::BomberTurned { bomber: 0 },
            Event::TurnBegan { seat: 0 },
        ]
    );
    let b = g.bombers()[0];
    assert_eq!((b.hex, b.facing, b.course), (h(3, 0), S, End::South));
    play(&mut g, Command::Wait);
    // From now on beam means south.
    assert_eq!(
        play(&mut g, Command::Spin)[1..3],
        [flew(0, (3, 1), S), flew(0, (3, 2), S)]
    );

    // (R) Stopped by the north edge after one square: it turns there and the
    // square it had left to fly is lost.
    let mut g = game_at(&sc, 1, &[bomber(0, (3, 1), N, 4)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 0), N),
            Event::BomberTurned { bomber: 0 },
        ]
    );
    assert_eq!(g.bombers()[0].course, End::South);
}

#[test]
fn bomber_sent_off_east_or_west_returns_to_start() {
    // West off the board at once (port is north-west), at altitude 6.
    let sc = test_scenario(1, face(0, Heading::Port));
    let mut g = game_at(&sc, 1, &[bomber(0, (0, 3), N, 6)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Port, 6),
            Event::BomberReturned {
                bomber: 0,
                why: Return::OutOfReach
            },
            Event::TurnBegan { seat: 0 },
        ]
    );
    let b = g.bombers()[0];
    assert_eq!(
        (b.hex, b.altitude, b.facing, b.course),
        (h(2, 9), 4, N, End::North),
        "back on its start square at cruising altitude"
    );
    // One square on the board, then off the west edge.
    let mut g = game_at(&sc, 1, &[bomber(0, (1, 5), N, 4)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(0, 0, Heading::Port, 4),
            flew(0, (0, 5), NW),
            Event::BomberReturned {
                bomber: 0,
                why: Return::OutOfReach
            },
        ]
    );
    // East: starboard off the east edge; and a southbound bomber's port.
    let sc = test_scenario(1, face(0, Heading::Starboard));
    let mut g = game_at(&sc, 1, &[bomber(0, (7, 3), N, 4)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin)[1],
        Event::BomberReturned {
            bomber: 0,
            why: Return::OutOfReach
        }
    );
    let sc = test_scenario(1, face(0, Heading::Port));
    let mut g = game_at(&sc, 1, &[southbound(0, (7, 3), 4)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin)[1],
        Event::BomberReturned {
            bomber: 0,
            why: Return::OutOfReach
        }
    );
    assert_eq!(g.bombers()[0].course, End::North, "it sets out north again");
}

#[test]
fn southbound_bomber_leaving_by_the_south_edge_returns_to_start() {
    // (R) The sheet is silent; we send it home to its start square.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[southbound(0, (3, 8), 5)], &[], &[]);
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(0, 0, Heading::Beam, 5),
            flew(0, (3, 9), S),
            Event::BomberReturned {
                bomber: 0,
                why: Return::Home
            },
        ]
    );
    let b = g.bombers()[0];
    assert_eq!(
        (b.hex, b.altitude, b.facing, b.course),
        (h(2, 9), 4, N, End::North)
    );
}

#[test]
fn bomber_may_not_end_on_another_bomber() {
    let sc = test_scenario(2, face(1, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 5), N, 4), bomber(1, (3, 3), N, 6)],
        &[],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 1, Heading::Beam, 5),
            Event::BomberBlocked { bomber: 0 }
        ]
    );
    let b = g.bombers()[0];
    // It stays where it was, facing as it was, but (R) keeps its new altitude.
    assert_eq!((b.hex, b.facing, b.altitude), (h(3, 5), N, 5));
    assert_eq!(g.phase(), Phase::Spin { bomber: 1 });
    play(&mut g, Command::Spin);
    assert_eq!(g.bombers()[1].hex, h(3, 1));
}

#[test]
fn bomber_may_not_end_on_another_bombers_start_square() {
    // (R) So that a bomber sent back to start never lands on another one.
    let sc = test_scenario(2, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[southbound(0, (4, 7), 4), bomber(1, (5, 3), N, 4)],
        &[],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            Event::BomberBlocked { bomber: 0 }
        ]
    );
    assert_eq!(g.bombers()[0].hex, h(4, 7));
}

#[test]
fn bomber_passing_another_bomber_has_no_effect() {
    // (R) Only a fighter and a bomber can collide.
    let sc = test_scenario(2, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 5), N, 4), bomber(1, (3, 4), N, 4)],
        &[],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 4), N),
            flew(0, (3, 3), N),
        ]
    );
    assert_eq!(g.bombers()[1].hex, h(3, 4), "the other bomber is untouched");
}

// ----- moving a Spitfire -----

#[test]
fn spitfire_on_ground_may_only_take_off_or_wait() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[], &[]);
    spin_all(&mut g);
    assert_eq!(g.phase(), Phase::Turn { seat: 0 });
    assert_eq!(g.legal_commands(), vec![Command::Wait, Command::TakeOff]);
    for cmd in [
        Command::Climb(1),
        mv((1, 0), 0),
        mv((1, 0), 1),
        mv2((1, 2), (1, 3)),
        land((1, 3)),
        land((1, 1)),
    ] {
        assert_eq!(g.check(&cmd), Err(Illegal::OnTheGround), "{cmd:?}");
    }
    assert_eq!(
        play(&mut g, Command::Wait),
        vec![
            Event::Waited { seat: 0 },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
    let s = *g.spitfire(0);
    assert_eq!((s.hex, s.altitude, s.fuel), (h(1, 1), 0, 12));
}

#[test]
fn take_off_climbs_to_cruising_altitude_above_airfield() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[], &[]);
    spin_all(&mut g);
    assert_eq!(
        play(&mut g, Command::TakeOff),
        vec![
            Event::TookOff {
                seat: 0,
                altitude: 4
            },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
    let s = *g.spitfire(0);
    assert_eq!((s.hex, s.altitude, s.fuel), (h(1, 1), 4, 12));
    spin_all(&mut g);
    assert_eq!(g.check(&Command::TakeOff), Err(Illegal::InTheAir));
    assert!(!g.legal_commands().contains(&Command::TakeOff));
}

#[test]
fn spitfire_moves_one_or_two_squares_any_direction() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[spit(0, (3, 4), 3, 10)], &[]);
    spin_all(&mut g);
    let here = h(3, 4);
    let mut dests: Vec<Hex> = g
        .legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::Move { to, climb: 0, .. } => Some(to),
            _ => None,
        })
        .collect();
    dests.sort_by_key(|h| (h.x, h.y));
    dests.dedup();
    let mut want: Vec<Hex> = sc
        .grid
        .hexes()
        .filter(|&t| (1..=2).contains(&here.unsigned_distance_to(t)))
        .collect();
    want.sort_by_key(|h| (h.x, h.y));
    assert_eq!(want.len(), 18, "the whole two-square ring is on the board");
    assert_eq!(dests, want, "every square one or two away, any direction");
    // Never three.
    assert_eq!(g.check(&mv2((3, 3), (3, 1))), Err(Illegal::BadPath));
    assert_eq!(g.check(&mv((3, 2), 0)), Err(Illegal::BadPath));
    // Moving two squares keeps the altitude.
    assert_eq!(
        g.check(&Command::Move {
            to: h(3, 2),
            via: Some(h(3, 3)),
            climb: 1
        }),
        Err(Illegal::ClimbWithLongMove)
    );
    assert_eq!(
        play(&mut g, mv2((3, 3), (3, 2))),
        vec![
            Event::Flew {
                seat: 0,
                to: h(3, 3)
            },
            Event::Flew {
                seat: 0,
                to: h(3, 2)
            },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
    assert_eq!((g.spitfire(0).hex, g.spitfire(0).altitude), (h(3, 2), 3));
}

#[test]
fn climb_or_dive_one_or_two_in_place() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[spit(0, (3, 4), 4, 10)], &[]);
    spin_all(&mut g);
    let climbs: Vec<i8> = g
        .legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::Climb(c) => Some(c),
            _ => None,
        })
        .collect();
    assert_eq!(climbs, vec![-2, -1, 1, 2]);
    assert_eq!(g.check(&Command::Climb(3)), Err(Illegal::NotAClimb));
    assert_eq!(g.check(&Command::Climb(0)), Err(Illegal::NotAClimb));
    assert_eq!(
        play(&mut g, Command::Climb(-2)),
        vec![
            Event::Climbed {
                seat: 0,
                altitude: 2
            },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
    assert_eq!(g.spitfire(0).hex, h(3, 4), "in place");
    spin_all(&mut g);
    // (R) notch 1 is the lowest in the air: only a landing reaches the ground.
    assert_eq!(g.check(&Command::Climb(-2)), Err(Illegal::TooLow));
    // (R) notch 7 is the top of the pole.
    let mut g = game_at(&sc, 1, &[], &[spit(0, (3, 4), 6, 10)], &[]);
    spin_all(&mut g);
    assert_eq!(
        g.check(&Command::Climb(2)),
        Err(Illegal::TooHigh { max: 7 })
    );
    play(&mut g, Command::Climb(1));
    assert_eq!(g.spitfire(0).altitude, 7);
}

#[test]
fn move_one_and_climb_one() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[spit(0, (3, 4), 4, 10)], &[]);
    spin_all(&mut g);
    let one_square: Vec<(Hex, i8)> = g
        .legal_commands()
        .into_iter()
        .filter_map(|c| match c {
            Command::Move {
                to,
                via: None,
                climb,
            } => Some((to, climb)),
            _ => None,
        })
        .collect();
    assert_eq!(one_square.len(), 18, "six squares, each at -1, 0 or +1");
    assert_eq!(g.check(&mv((3, 3), 2)), Err(Illegal::NotAClimb));
    assert_eq!(g.check(&mv((3, 3), -2)), Err(Illegal::NotAClimb));
    assert_eq!(
        play(&mut g, mv((3, 3), 1)),
        vec![
            Event::Climbed {
                seat: 0,
                altitude: 5
            },
            Event::Flew {
                seat: 0,
                to: h(3, 3)
            },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
}

/// Bomber 0 at `at` facing `facing`, held in place all round: bomber 1 sits
/// two squares north of it (and then flies off north), so bomber 0's spin is
/// refused. The spinner is beam, same altitude.
fn stationary_bomber(
    at: (i32, i32),
    facing: Facing,
    altitude: u8,
    spitfires: &[SpitfireAt],
) -> Game {
    let sc = test_scenario(2, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        spitfires.len(),
        &[
            bomber(0, at, facing, altitude),
            bomber(1, (at.0, at.1 - 2), N, 7),
        ],
        spitfires,
        &[],
    );
    let ev = spin_all(&mut g);
    assert!(ev.contains(&Event::BomberBlocked { bomber: 0 }));
    assert_eq!(g.bombers()[0].hex, h(at.0, at.1));
    g
}

#[test]
fn altitude_changes_before_movement() {
    // The bomber climbs to 5 first, so it meets the Spitfire at 5 on the way.
    let sc = test_scenario(1, face(1, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 6), N, 4)],
        &[spit(0, (3, 5), 5, 10)],
        &[],
    );
    let ev = play(&mut g, Command::Spin);
    assert_eq!(
        ev[..5],
        [
            spun(0, 1, Heading::Beam, 5),
            flew(0, (3, 5), N),
            Event::Collided {
                seat: 0,
                bomber: Some(0),
                other_seat: None,
                at: h(3, 5)
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::Collision
            },
            Event::BomberReturned {
                bomber: 0,
                why: Return::Collision
            },
        ]
    );
    // Holding its altitude of 4 it passes beneath the Spitfire at 5.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 6), N, 4)],
        &[spit(0, (3, 5), 5, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 5), N),
            flew(0, (3, 4), N)
        ]
    );
    assert!(g.spitfire(0).in_play());

    // A Spitfire also changes altitude first: climbing one notch while moving
    // one square puts it behind the bomber at the bomber's altitude.
    let mut g = stationary_bomber((3, 4), N, 4, &[spit(0, (3, 6), 3, 10)]);
    let ev = play(&mut g, mv((3, 5), 1));
    assert_eq!(
        ev[..4],
        [
            Event::Climbed {
                seat: 0,
                altitude: 4
            },
            Event::Flew {
                seat: 0,
                to: h(3, 5)
            },
            Event::ShotDown { seat: 0, bomber: 0 },
            Event::BomberReturned {
                bomber: 0,
                why: Return::ShotDown
            },
        ]
    );
}

#[test]
fn land_on_any_usable_airfield_within_two_squares() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    // Red's Spitfire two squares from Blue's airfield (6,3); Blue's Spitfire
    // on the ground on (6,1), two squares away too.
    let mut g = game_at(&sc, 2, &[], &[spit(0, (4, 3), 2, 10)], &[]);
    spin_all(&mut g);
    let lands: Vec<Command> = g
        .legal_commands()
        .into_iter()
        .filter(|c| matches!(c, Command::Land { .. }))
        .collect();
    assert_eq!(lands, vec![land((6, 3))], "any sector's airfield in range");
    assert_eq!(g.check(&land((1, 3))), Err(Illegal::TooFar { squares: 2 }));
    assert_eq!(g.check(&land((6, 2))), Err(Illegal::NotAnAirfield));
    assert_eq!(g.check(&land((4, 4))), Err(Illegal::NotAnAirfield));
    assert_eq!(
        play(&mut g, land((6, 3))),
        vec![
            Event::Landed {
                seat: 0,
                at: h(6, 3),
                fuel: 6
            },
            Event::TurnEnded { seat: 0 },
            Event::TurnBegan { seat: 1 },
        ]
    );
    let s = *g.spitfire(0);
    assert_eq!(
        (s.hex, s.altitude),
        (h(6, 3), 0),
        "on the airfield, at ground level"
    );

    // An airfield with a plane on it is taken.
    let mut g = game_at(&sc, 2, &[], &[spit(0, (5, 2), 2, 10)], &[]);
    spin_all(&mut g);
    assert_eq!(g.check(&land((6, 1))), Err(Illegal::Occupied));
    assert!(g.check(&land((6, 3))).is_ok(), "one square away");

    // (R) "within two squares" includes the airfield right below.
    let mut g = game_at(&sc, 1, &[], &[spit(0, (1, 3), 3, 10)], &[]);
    spin_all(&mut g);
    assert_eq!(
        play(&mut g, land((1, 3)))[0],
        Event::Landed {
            seat: 0,
            at: h(1, 3),
            fuel: 12
        }
    );
}

// ----- fuel -----

#[test]
fn fuel_burns_one_notch_at_start_of_each_airborne_turn() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 2, &[], &[spit(0, (3, 4), 3, 5)], &[]);
    let ev = spin_all(&mut g);
    assert_eq!(
        ev[ev.len() - 2..],
        [
            Event::TurnBegan { seat: 0 },
            Event::FuelBurned { seat: 0, fuel: 4 }
        ],
        "at the start of the turn, before the commander does anything"
    );
    assert_eq!(g.spitfire(0).fuel, 4);
    // Whether it moves or not; a Spitfire on the ground burns nothing.
    assert_eq!(
        play(&mut g, Command::Wait),
        vec![
            Event::Waited { seat: 0 },
            Event::TurnEnded { seat: 0 },
            Event::TurnBegan { seat: 1 },
        ]
    );
    play(&mut g, Command::TakeOff);
    spin_all(&mut g);
    // Round 2: seat 1 first, its first airborne turn.
    assert_eq!(g.spitfire(1).fuel, 11);
    let ev = play(&mut g, mv((6, 0), 0));
    assert_eq!(
        ev[ev.len() - 2..],
        [
            Event::TurnBegan { seat: 0 },
            Event::FuelBurned { seat: 0, fuel: 3 }
        ]
    );
}

#[test]
fn full_tank_on_own_sector_airfield() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[spit(0, (2, 3), 2, 4)], &[]);
    spin_all(&mut g);
    assert_eq!(g.spitfire(0).fuel, 3);
    assert_eq!(
        play(&mut g, land((1, 3)))[0],
        Event::Landed {
            seat: 0,
            at: h(1, 3),
            fuel: 12
        }
    );
    // Waiting on it, the tank stays full.
    spin_all(&mut g);
    play(&mut g, Command::Wait);
    assert_eq!(g.spitfire(0).fuel, 12);
}

#[test]
fn half_tank_elsewhere_whatever_was_left() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    for (fuel, left) in [(12, 11), (2, 1), (7, 6)] {
        // Red's Spitfire one square from Blue's airfield (6,3).
        let mut g = game_at(&sc, 1, &[], &[spit(0, (5, 3), 2, fuel)], &[]);
        spin_all(&mut g);
        assert_eq!(g.spitfire(0).fuel, left);
        assert_eq!(
            play(&mut g, land((6, 3)))[0],
            Event::Landed {
                seat: 0,
                at: h(6, 3),
                fuel: 6
            },
            "landed with {left}"
        );
        // (R) Only its own sector refills it: waiting here keeps the half tank.
        spin_all(&mut g);
        play(&mut g, Command::Wait);
        assert_eq!(g.spitfire(0).fuel, 6);
    }
}

#[test]
fn out_of_fuel_in_the_air_crashes_and_player_is_out() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 2, &[], &[spit(0, (3, 4), 3, 1)], &[]);
    let ev = spin_all(&mut g);
    assert_eq!(
        ev[ev.len() - 5..],
        [
            Event::TurnBegan { seat: 0 },
            Event::FuelBurned { seat: 0, fuel: 0 },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::OutOfFuel
            },
            Event::TurnEnded { seat: 0 },
            Event::TurnBegan { seat: 1 },
        ]
    );
    assert_eq!(g.spitfire(0).lost, Some(Cause::OutOfFuel));
    play(&mut g, Command::Wait);
    assert_eq!(g.order(), &[1], "the player is out of the game");
    assert!(!g.is_over());
}

// ----- shooting down bombers -----

#[test]
fn directly_behind_at_same_altitude_shoots_bomber_down() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 5), N, 4)],
        &[spit(0, (3, 6), 4, 10)],
        &[],
    );
    spin_all(&mut g);
    assert_eq!(g.bombers()[0].hex, h(3, 3));
    assert_eq!(g.behind(0), h(3, 4));
    assert_eq!(
        play(&mut g, mv2((3, 5), (3, 4))),
        vec![
            Event::Flew {
                seat: 0,
                to: h(3, 5)
            },
            Event::Flew {
                seat: 0,
                to: h(3, 4)
            },
            Event::ShotDown { seat: 0, bomber: 0 },
            Event::BomberReturned {
                bomber: 0,
                why: Return::ShotDown
            },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
    assert_eq!(g.spitfire(0).kills, 1, "one kill token");
    let b = g.bombers()[0];
    assert_eq!(
        (b.hex, b.altitude, b.facing, b.course),
        (h(2, 9), 4, N, End::North),
        "back on its start square at cruising altitude"
    );
    // It re-enters play the next round.
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(0, 0, Heading::Beam, 4),
            flew(0, (2, 8), N),
            flew(0, (2, 7), N)
        ]
    );
}

#[test]
fn not_behind_or_not_level_does_not_shoot() {
    // The bomber faces north-west: behind it is its south-east neighbour.
    let at = (3, 5);
    let behind = SE.ahead(h(3, 5));
    for f in Facing::ALL {
        let sq = f.ahead(h(at.0, at.1));
        let [c, r] = offset_of(sq);
        for alt in [3, 4, 5] {
            let mut g = stationary_bomber(at, NW, 4, &[spit(0, (c, r), alt, 10)]);
            let ev = play(&mut g, Command::Wait);
            let want = if sq == behind && alt == 4 {
                vec![(0, 0)]
            } else {
                vec![]
            };
            assert_eq!(
                shot_down(&ev),
                want,
                "Spitfire {f:?} of the bomber at {alt}"
            );
        }
    }
    // Facing matters: the square south of the bomber is behind it only when
    // it faces north.
    let mut g = stationary_bomber(at, N, 4, &[spit(0, (3, 6), 4, 10)]);
    assert_eq!(shot_down(&play(&mut g, Command::Wait)), vec![(0, 0)]);
}

#[test]
fn a_spitfire_shoots_whenever_a_move_of_its_own_ends_behind_a_bomber() {
    // (R) Shooting is automatic at the end of any of the Spitfire's moves:
    // waiting (above), moving (above), climbing in place, taking off, and
    // giving way (see the give-way test).
    let mut g = stationary_bomber((3, 5), N, 4, &[spit(0, (3, 6), 3, 10)]);
    let ev = play(&mut g, Command::Climb(1));
    assert_eq!(shot_down(&ev), vec![(0, 0)], "climbing to its level");
    // Taking off from the airfield right behind a bomber at cruising altitude.
    let mut g = stationary_bomber((1, 2), N, 4, &[spit(0, (1, 3), 0, 12)]);
    let ev = play(&mut g, Command::TakeOff);
    assert_eq!(
        ev[..2],
        [
            Event::TookOff {
                seat: 0,
                altitude: 4
            },
            Event::ShotDown { seat: 0, bomber: 0 }
        ]
    );
    // The bombers' own moves never shoot: a bomber that dives (and is held
    // in place) to the level of the Spitfire behind it is shot only when the
    // Spitfire next moves, even if it only waits.
    let sc = test_scenario(2, face(-1, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 5), N, 5), bomber(1, (3, 3), N, 7)],
        &[spit(0, (3, 6), 4, 10)],
        &[],
    );
    let ev = spin_all(&mut g);
    assert!(ev.contains(&Event::BomberBlocked { bomber: 0 }));
    assert_eq!(g.bombers()[0].altitude, 4);
    assert!(shot_down(&ev).is_empty());
    assert_eq!(shot_down(&play(&mut g, Command::Wait)), vec![(0, 0)]);
}

#[test]
fn a_spitfire_behind_two_bombers_at_once_shoots_both() {
    // (R) Bomber 0 faces north from (3,5), bomber 2 south-east from (4,7):
    // (3,6) is behind both. Bombers 1 and 3 hold them in place and fly off.
    let file = FamilyBoardFile {
        starts: vec![(2, 9), (4, 9), (5, 9), (0, 9)],
        ..test_board(3)
    };
    let sc = scenario(&file, rules_with(&[face(0, Heading::Beam)]));
    let mut g = game_at(
        &sc,
        1,
        &[
            bomber(0, (3, 5), N, 4),
            bomber(1, (3, 3), N, 7),
            bomber(2, (4, 7), SE, 4),
            bomber(3, (4, 5), N, 7),
        ],
        &[spit(0, (3, 6), 3, 10)],
        &[],
    );
    spin_all(&mut g);
    assert_eq!((g.behind(0), g.behind(2)), (h(3, 6), h(3, 6)));
    let ev = play(&mut g, Command::Climb(1));
    assert_eq!(shot_down(&ev), vec![(0, 0), (0, 2)]);
    assert_eq!(g.spitfire(0).kills, 2);
}

#[test]
fn a_bomber_sent_back_onto_a_spitfire_on_its_start_square_meets_it_as_any_arrival() {
    // (R) Sent off the west edge, bomber 0 comes back to (2,9), where a
    // Spitfire flies: at cruising altitude they collide; at another altitude
    // the Spitfire gives way.
    let sc = test_scenario(1, face(0, Heading::Port));
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (0, 3), N, 6)],
        &[spit(0, (2, 9), 4, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[1..5],
        [
            Event::BomberReturned {
                bomber: 0,
                why: Return::OutOfReach
            },
            Event::Collided {
                seat: 0,
                bomber: Some(0),
                other_seat: None,
                at: h(2, 9)
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::Collision
            },
            Event::BomberReturned {
                bomber: 0,
                why: Return::Collision
            },
        ]
    );
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (0, 3), N, 6)],
        &[spit(0, (2, 9), 5, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[1..],
        [
            Event::BomberReturned {
                bomber: 0,
                why: Return::OutOfReach
            },
            Event::Ordered(Order::GiveWay { seat: 0, bomber: 0 }),
        ]
    );
}

#[test]
fn bomber_downed_during_the_bombers_phase_sits_out_the_rest_of_the_round() {
    // (R) A bomber sent back to start before its spin does not spin this round.
    let sc = test_scenario(3, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[
            bomber(0, (3, 5), N, 4),
            bomber(1, (4, 2), NE, 5),
            bomber(2, (5, 8), N, 4),
        ],
        &[spit(0, (3, 3), 5, 10)],
        &[],
    );
    play(&mut g, Command::Spin);
    let ev = play(&mut g, Command::GiveWay { to: h(3, 2) });
    assert_eq!(shot_down(&ev), vec![(0, 1)]);
    assert_eq!(g.phase(), Phase::Spin { bomber: 2 }, "bomber 2 next, not 1");
    play(&mut g, Command::Spin);
    assert_eq!(g.phase(), Phase::Turn { seat: 0 });
    play(&mut g, Command::Wait);
    // Next round it flies again from its start square.
    play(&mut g, Command::Spin);
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(1, 0, Heading::Beam, 4),
            flew(1, (4, 8), N),
            flew(1, (4, 7), N)
        ]
    );
}

// ----- bombing -----

#[test]
fn bomber_over_land_bombs_radar_airfield_and_aa() {
    let sc = test_scenario(3, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[
            bomber(0, (1, 4), N, 4),
            bomber(1, (1, 8), N, 4),
            bomber(2, (1, 5), N, 4),
        ],
        &[spit(0, (6, 3), 0, 12)],
        &[],
    );
    // Over the airfield (1,3), then the AA battery (1,2).
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (1, 3), N),
            Event::Bombed {
                bomber: 0,
                feature: 1
            },
            flew(0, (1, 2), N),
            Event::Bombed {
                bomber: 0,
                feature: 2
            },
        ]
    );
    // Over the sea (1,7), then the radar station (1,6).
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(1, 0, Heading::Beam, 4),
            flew(1, (1, 7), N),
            flew(1, (1, 6), N),
            Event::Bombed {
                bomber: 1,
                feature: 4
            },
        ]
    );
    // Knocked out for the rest of the game: the next bomber over the airfield
    // finds nothing to bomb there.
    assert_eq!(
        play(&mut g, Command::Spin)[..3],
        [
            spun(2, 0, Heading::Beam, 4),
            flew(2, (1, 4), N),
            flew(2, (1, 3), N)
        ]
    );
    let out: Vec<usize> = (0..sc.features.len())
        .filter(|&f| g.is_knocked_out(f))
        .collect();
    assert_eq!(out, vec![1, 2, 4]);
    assert!(!g.events().contains(&Event::SectorUndefended { sector: 0 }));
}

#[test]
fn bomber_over_sea_bombs_nothing() {
    // The sea has nothing to bomb: a board may not put a target there...
    let mut file = test_board(1);
    file.features.push(FeatureSetup {
        kind: Radar,
        at: (3, 8),
    });
    let Err(e) = FamilyScenario::build(&file, shipped_rules()) else {
        panic!("a radar at sea was accepted");
    };
    assert_eq!(
        e,
        vec![tally_ho::simple_hex::Invalid {
            path: "features[10].at".into(),
            message: "a radar station must stand on land, not at sea".into()
        }]
    );
    // ... and the engine bombs nothing at sea: a target forced onto the sea
    // (past the file check) is flown over unharmed, while the same target on
    // land is bombed.
    let base = test_scenario(1, face(0, Heading::Beam));
    let mut bombed = 0;
    for (at, land) in [((3, 8), false), ((3, 6), true)] {
        let mut sc = (*base).clone();
        sc.features.push(Feature {
            kind: Radar,
            hex: h(at.0, at.1),
            sector: 0,
        });
        assert_eq!(sc.is_land(h(at.0, at.1)), land);
        let target = sc.features.len() - 1;
        let sc = Arc::new(sc);
        // The bomber flies north over the target's square.
        let from = (at.0, at.1 + 1);
        let mut g = game_at(&sc, 1, &[bomber(0, from, N, 4)], &[], &[]);
        let ev = play(&mut g, Command::Spin);
        assert!(
            ev.contains(&flew(0, at, N)),
            "the bomber flies over {at:?}: {ev:?}"
        );
        let hit = ev
            .iter()
            .any(|e| matches!(e, Event::Bombed { feature, .. } if *feature as usize == target));
        assert_eq!(hit, land, "{at:?}: {ev:?}");
        assert_eq!(g.is_knocked_out(target), land);
        bombed += hit as u32;
    }
    assert_eq!(bombed, 1, "the land case bombed its target");
}

#[test]
fn radar_hit_forces_that_sectors_spitfire_to_land_at_once() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    // Red's radar (1,6) is hit; Red and Blue are both in the air.
    let spits = [spit(0, (3, 4), 3, 8), spit(1, (4, 2), 3, 8)];
    let mut g = game_at(&sc, 2, &[bomber(0, (1, 8), N, 4)], &spits, &[]);
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (1, 7), N),
            flew(0, (1, 6), N),
            Event::Bombed {
                bomber: 0,
                feature: 4
            },
            Event::Ordered(Order::RadarLanding { seat: 0 }),
        ]
    );
    assert_eq!(g.phase(), Phase::Order(Order::RadarLanding { seat: 0 }));
    assert_eq!(g.commander(), Some(0));
    assert_eq!(g.check(&Command::Spin), Err(Illegal::NotSpinning));
    assert_eq!(g.check(&Command::Wait), Err(Illegal::NotYourTurn));
    assert_eq!(g.check(&land((1, 3))), Err(Illegal::NotYourTurn));
    // The commander picks any usable airfield on the board, however far.
    let at: Vec<Command> = [(1, 1), (1, 3), (6, 1), (6, 3)]
        .map(|(c, r)| Command::RadarLand { at: h(c, r) })
        .to_vec();
    assert_eq!(g.legal_commands(), at);
    assert_eq!(
        g.check(&Command::RadarLand { at: h(1, 2) }),
        Err(Illegal::NotAnAirfield)
    );
    // Minding the fuel rules: Blue's airfield gives a half tank.
    assert_eq!(
        play(&mut g, Command::RadarLand { at: h(6, 1) }),
        vec![
            Event::Landed {
                seat: 0,
                at: h(6, 1),
                fuel: 6
            },
            // (Our reading) new instructions cost the round's turn.
            Event::Briefed { seat: 0 },
            Event::TurnBegan { seat: 1 },
            Event::FuelBurned { seat: 1, fuel: 7 },
        ]
    );
    assert!(g.spitfire(0).on_ground());
    assert!(
        g.spitfire(1).airborne(),
        "Blue's Spitfire is not ordered down"
    );
    assert!(g.pending_orders().is_empty());

    // Its own sector's airfield gives a full tank.
    let mut g = game_at(&sc, 2, &[bomber(0, (1, 8), N, 4)], &spits, &[]);
    play(&mut g, Command::Spin);
    assert_eq!(
        play(&mut g, Command::RadarLand { at: h(1, 1) })[0],
        Event::Landed {
            seat: 0,
            at: h(1, 1),
            fuel: 12
        }
    );

    // Blue's radar (6,6): Blue's Spitfire is ordered down, not Red's (the
    // Dutch sheet's "one of your radar stations").
    let mut g = game_at(&sc, 2, &[bomber(0, (6, 8), N, 4)], &spits, &[]);
    let ev = play(&mut g, Command::Spin);
    assert_eq!(
        ev[ev.len() - 2..],
        [
            Event::Bombed {
                bomber: 0,
                feature: 9
            },
            Event::Ordered(Order::RadarLanding { seat: 1 })
        ]
    );

    // A Spitfire already on the ground gets no order.
    let mut g = game_at(&sc, 1, &[bomber(0, (1, 8), N, 4)], &[], &[]);
    let ev = play(&mut g, Command::Spin);
    assert!(!ev.iter().any(|e| matches!(e, Event::Ordered(_))));
}

#[test]
fn radar_order_with_no_free_usable_airfield_lapses_and_the_spitfire_stays_up() {
    // (R)
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (1, 8), N, 4)],
        &[spit(0, (3, 4), 3, 8)],
        &[(1, 1), (1, 3), (6, 1), (6, 3)],
    );
    let ev = play(&mut g, Command::Spin);
    assert_eq!(
        ev[3..],
        [
            Event::Bombed {
                bomber: 0,
                feature: 4
            },
            Event::Ordered(Order::RadarLanding { seat: 0 }),
            Event::OrderLapsed,
            Event::NoAirfieldFree { seat: 0 },
            Event::TurnBegan { seat: 0 },
            Event::FuelBurned { seat: 0, fuel: 7 },
        ]
    );
    assert!(g.spitfire(0).airborne());
}

#[test]
fn bombed_airfield_cannot_be_used() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    // The bomber flies over Blue's airfield (6,3) and on to the AA (6,2).
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (6, 4), N, 4)],
        &[spit(0, (5, 2), 2, 10), spit(1, (3, 4), 6, 10)],
        &[],
    );
    let ev = play(&mut g, Command::Spin);
    assert!(ev.contains(&Event::Bombed {
        bomber: 0,
        feature: 6
    }));
    assert_eq!(g.phase(), Phase::Turn { seat: 0 });
    assert_eq!(g.check(&land((6, 3))), Err(Illegal::AirfieldBombed));
    assert!(!g.legal_commands().contains(&land((6, 3))));
    assert!(
        g.check(&land((6, 1))).is_ok(),
        "Blue still has an AA battery"
    );
    // Nor for a radar landing.
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (1, 8), N, 4)],
        &[spit(0, (3, 4), 3, 8)],
        &[(6, 3)],
    );
    play(&mut g, Command::Spin);
    assert_eq!(
        g.check(&Command::RadarLand { at: h(6, 3) }),
        Err(Illegal::AirfieldBombed)
    );
    assert!(!g
        .legal_commands()
        .contains(&Command::RadarLand { at: h(6, 3) }));
}

#[test]
fn sector_without_aa_loses_its_airfields() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    for first_aa_gone in [false, true] {
        let bombed: &[(i32, i32)] = if first_aa_gone { &[(0, 4)] } else { &[] };
        let mut g = game_at(
            &sc,
            1,
            &[bomber(0, (1, 4), N, 4)],
            &[spit(0, (2, 1), 2, 10)],
            bombed,
        );
        let ev = play(&mut g, Command::Spin);
        let mut want = vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (1, 3), N),
            Event::Bombed {
                bomber: 0,
                feature: 1,
            },
            flew(0, (1, 2), N),
            Event::Bombed {
                bomber: 0,
                feature: 2,
            },
        ];
        if first_aa_gone {
            want.push(Event::SectorUndefended { sector: 0 });
        }
        assert_eq!(ev[..want.len()], want[..]);
        assert_eq!(g.sector_defended(0), !first_aa_gone);
        assert!(g.sector_defended(1));
        if first_aa_gone {
            assert_eq!(g.check(&land((1, 1))), Err(Illegal::SectorUndefended));
        } else {
            assert!(g.check(&land((1, 1))).is_ok());
        }
    }
    // (R) "Used" means landed on: a Spitfire already on the ground there may
    // still take off.
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (1, 4), N, 4)],
        &[spit(0, (1, 1), 0, 12)],
        &[(0, 4)],
    );
    let ev = play(&mut g, Command::Spin);
    assert!(ev.contains(&Event::SectorUndefended { sector: 0 }));
    assert_eq!(g.legal_commands(), vec![Command::Wait, Command::TakeOff]);
}

#[test]
fn plane_on_bombed_airfield_is_destroyed() {
    let sc = test_scenario(2, face(0, Heading::Beam));
    // Red on the ground at (1,3); Blue in the air above (6,3).
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (1, 4), N, 4), bomber(1, (6, 4), N, 4)],
        &[spit(0, (1, 3), 0, 12), spit(1, (6, 3), 2, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[..4],
        [
            spun(0, 0, Heading::Beam, 4),
            flew(0, (1, 3), N),
            Event::Bombed {
                bomber: 0,
                feature: 1
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::BombedOnGround
            },
        ]
    );
    // The Spitfire in the air over a bombed airfield is not hurt.
    let ev = play(&mut g, Command::Spin);
    assert!(ev.contains(&Event::Bombed {
        bomber: 1,
        feature: 6
    }));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::SpitfireLost { .. } | Event::Ordered(_))));
    assert!(g.spitfire(1).airborne());
    assert_eq!(g.spitfire(0).lost, Some(Cause::BombedOnGround));

    // A bomber that ends its move on the airfield destroys it too (no giving
    // way on the ground).
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (1, 5), N, 4)],
        &[spit(0, (1, 3), 0, 12)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[1..],
        [
            flew(0, (1, 4), N),
            flew(0, (1, 3), N),
            Event::Bombed {
                bomber: 0,
                feature: 1
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::BombedOnGround
            },
        ]
    );
}

// ----- collisions -----

#[test]
fn collision_when_bomber_ends_on_spitfire_at_same_altitude() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (3, 5), N, 4)],
        &[spit(0, (3, 3), 4, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 4), N),
            flew(0, (3, 3), N),
            Event::Collided {
                seat: 0,
                bomber: Some(0),
                other_seat: None,
                at: h(3, 3)
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::Collision
            },
            Event::BomberReturned {
                bomber: 0,
                why: Return::Collision
            },
            Event::TurnSkipped { seat: 0 },
            Event::TurnBegan { seat: 1 },
        ]
    );
    assert_eq!(g.bombers()[0].hex, h(2, 9), "the bomber returns to start");
    assert_eq!(g.bombers()[0].altitude, 4);
    assert!(
        !g.spitfire(0).in_play(),
        "the Spitfire's player leaves the game"
    );
}

#[test]
fn collision_when_passing_through_at_same_altitude() {
    // A bomber passing through a Spitfire's square.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (3, 5), N, 4)],
        &[spit(0, (3, 4), 4, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[..5],
        [
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 4), N),
            Event::Collided {
                seat: 0,
                bomber: Some(0),
                other_seat: None,
                at: h(3, 4)
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::Collision
            },
            Event::BomberReturned {
                bomber: 0,
                why: Return::Collision
            },
        ]
    );
    assert_eq!(g.bombers()[0].hex, h(2, 9), "it never reaches (3,3)");

    // A Spitfire passing through a bomber's square.
    let mut g = stationary_bomber((3, 5), N, 4, &[spit(0, (3, 6), 4, 10)]);
    assert_eq!(
        play(&mut g, mv2((3, 5), (3, 4)))[..4],
        [
            Event::Flew {
                seat: 0,
                to: h(3, 5)
            },
            Event::Collided {
                seat: 0,
                bomber: Some(0),
                other_seat: None,
                at: h(3, 5)
            },
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::Collision
            },
            Event::BomberReturned {
                bomber: 0,
                why: Return::Collision
            },
        ]
    );
    // At another altitude it passes safely.
    let mut g = stationary_bomber((3, 5), N, 4, &[spit(0, (3, 6), 3, 10)]);
    assert_eq!(
        play(&mut g, mv2((3, 5), (3, 4)))[..3],
        [
            Event::Flew {
                seat: 0,
                to: h(3, 5)
            },
            Event::Flew {
                seat: 0,
                to: h(3, 4)
            },
            Event::TurnEnded { seat: 0 },
        ]
    );

    // (Our reading) A Spitfire passing through another Spitfire, at its
    // altitude or not, passes it: a collision is a bomber and a fighter.
    let mut passed = 0;
    for alt in [3, 5] {
        let mut g = game_at(
            &sc,
            2,
            &[],
            &[spit(0, (3, 6), 3, 10), spit(1, (3, 5), alt, 10)],
            &[],
        );
        spin_all(&mut g);
        let ev = play(&mut g, mv2((3, 5), (3, 4)));
        assert!(!ev.iter().any(|e| matches!(e, Event::Collided { .. })));
        assert_eq!(g.spitfire(0).hex, h(3, 4));
        assert!(g.spitfire(0).in_play() && g.spitfire(1).in_play());
        passed += 1;
    }
    assert_eq!(passed, 2);
}

#[test]
fn collision_is_checked_before_bombing() {
    // (R) A bomber that collides over an airfield crashes before it bombs it.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (1, 4), N, 4)],
        &[spit(0, (1, 3), 4, 10)],
        &[],
    );
    let ev = play(&mut g, Command::Spin);
    assert_eq!(
        ev[1..3],
        [
            flew(0, (1, 3), N),
            Event::Collided {
                seat: 0,
                bomber: Some(0),
                other_seat: None,
                at: h(1, 3)
            }
        ]
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Bombed { .. })));
    assert!(!g.is_knocked_out(1));
}

#[test]
fn bomber_arriving_at_other_altitude_forces_spitfire_aside() {
    let sc = test_scenario(3, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[
            bomber(0, (3, 5), N, 4),
            // behind bomber 1 (facing north-east) is (3,2), at altitude 5
            bomber(1, (4, 2), NE, 5),
            // a plane beside the Spitfire's square, so one square is taken
            bomber(2, (2, 3), N, 2),
        ],
        &[spit(0, (3, 3), 5, 10)],
        &[],
    );
    assert_eq!(g.behind(1), h(3, 2));
    assert_eq!(
        play(&mut g, Command::Spin),
        vec![
            spun(0, 0, Heading::Beam, 4),
            flew(0, (3, 4), N),
            flew(0, (3, 3), N),
            Event::Ordered(Order::GiveWay { seat: 0, bomber: 0 }),
        ]
    );
    assert_eq!(
        g.phase(),
        Phase::Order(Order::GiveWay { seat: 0, bomber: 0 })
    );
    // At once: before the next bomber, and it is not the Spitfire's turn.
    assert_eq!(g.check(&Command::Spin), Err(Illegal::NotSpinning));
    assert_eq!(g.check(&Command::Wait), Err(Illegal::NotYourTurn));
    assert_eq!(g.check(&mv((3, 2), 0)), Err(Illegal::NotYourTurn));
    // To an adjacent unoccupied square.
    let mut want: Vec<Command> = Facing::ALL
        .iter()
        .map(|f| f.ahead(h(3, 3)))
        .filter(|&t| t != h(2, 3))
        .map(|to| Command::GiveWay { to })
        .collect();
    want.sort_by_key(|c| format!("{c:?}"));
    let mut legal = g.legal_commands();
    legal.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(legal, want);
    assert_eq!(
        g.check(&Command::GiveWay { to: h(2, 3) }),
        Err(Illegal::Occupied)
    );
    assert_eq!(
        g.check(&Command::GiveWay { to: h(3, 1) }),
        Err(Illegal::NotAdjacent)
    );
    // Forced aside to (3,2): it ends behind bomber 1 at its altitude and
    // shoots it down. It is not its turn: no fuel burns.
    assert_eq!(
        play(&mut g, Command::GiveWay { to: h(3, 2) }),
        vec![
            Event::GaveWay {
                seat: 0,
                to: h(3, 2)
            },
            Event::ShotDown { seat: 0, bomber: 1 },
            Event::BomberReturned {
                bomber: 1,
                why: Return::ShotDown
            },
        ]
    );
    let s = *g.spitfire(0);
    assert_eq!((s.hex, s.altitude, s.fuel, s.kills), (h(3, 2), 5, 10, 1));
    // Its own turn still comes this round.
    play(&mut g, Command::Spin);
    assert_eq!(g.phase(), Phase::Turn { seat: 0 });
    assert_eq!(g.spitfire(0).fuel, 9);

    // Without a bomber in its sights, giving way shoots nothing.
    let mut g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 5), N, 4)],
        &[spit(0, (3, 3), 2, 10)],
        &[],
    );
    play(&mut g, Command::Spin);
    let ev = play(&mut g, Command::GiveWay { to: h(4, 3) });
    assert_eq!(
        ev[0],
        Event::GaveWay {
            seat: 0,
            to: h(4, 3)
        }
    );
    assert!(shot_down(&ev).is_empty());
}

#[test]
fn a_spitfire_with_no_room_to_give_way_is_lost() {
    // (R) In the corner, its two neighbours taken by bombers.
    let sc = test_scenario(3, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        1,
        &[
            bomber(0, (0, 2), N, 4),
            bomber(1, (0, 1), N, 6),
            bomber(2, (1, 0), N, 6),
        ],
        &[spit(0, (0, 0), 3, 10)],
        &[],
    );
    assert_eq!(
        play(&mut g, Command::Spin)[3..],
        [
            Event::Ordered(Order::GiveWay { seat: 0, bomber: 0 }),
            Event::BomberTurned { bomber: 0 },
            Event::OrderLapsed,
            Event::SpitfireLost {
                seat: 0,
                cause: Cause::NoRoomToGiveWay
            },
            Event::GameOver {
                winner: None,
                ending: Ending::AllOut
            },
        ]
    );
}

#[test]
fn no_two_planes_share_a_square_at_end_of_turn() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    // The bomber ends at (2,6), beside Red's Spitfire; Blue's is at (3,4).
    let mut g = game_at(
        &sc,
        2,
        &[bomber(0, (2, 8), N, 4)],
        &[spit(0, (3, 5), 3, 10), spit(1, (3, 4), 6, 10)],
        &[],
    );
    spin_all(&mut g);
    assert_eq!(g.bombers()[0].hex, h(2, 6));
    // Not on the bomber's square, nor the other Spitfire's, at any altitude.
    for cmd in [mv((2, 6), 0), mv((2, 6), 1), mv((3, 4), 0), mv((3, 4), 1)] {
        assert_eq!(g.check(&cmd), Err(Illegal::Occupied), "{cmd:?}");
    }
    assert_eq!(g.check(&mv2((3, 4), (3, 3))), Ok(()), "passing is allowed");
    // Not onto an airfield where a Spitfire stands (see also the landing and
    // give-way tests, and the bombers' own refusal).
    let mut g = game_at(&sc, 2, &[], &[spit(0, (5, 2), 2, 10)], &[]);
    spin_all(&mut g);
    assert_eq!(g.check(&land((6, 1))), Err(Illegal::Occupied));
}

// ----- turns and the end of the game -----

#[test]
fn turn_order_rotates_each_round() {
    let sc = Arc::new(data::load_family("full").unwrap());
    let mut g = Game::new(sc, Setup::first_sectors(3), 3).unwrap();
    let mut rounds = Vec::new();
    for round in 1..=4 {
        // Every bomber moves first, then the commanders.
        let ev = spin_all(&mut g);
        let spins = ev
            .iter()
            .filter(|e| matches!(e, Event::Spun { .. }))
            .count();
        assert_eq!(spins, 5, "round {round}: all five bombers first");
        let mut seats = Vec::new();
        for _ in 0..3 {
            seats.push(g.commander().unwrap());
            play(&mut g, Command::Wait);
        }
        assert_eq!(g.round(), round + 1);
        rounds.push(seats);
    }
    assert_eq!(
        rounds,
        vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1], vec![0, 1, 2]]
    );

    // With a commander out, the others still take turns going first: who went
    // first goes last.
    let board3 = board(
        &["112233", "112233", "112233", "112233", "~~~~~~"],
        &[
            (Airfield, (0, 0)),
            (Aa, (1, 0)),
            (Airfield, (2, 0)),
            (Aa, (3, 0)),
            (Airfield, (4, 0)),
            (Aa, (5, 0)),
        ],
        &[(0, 4)],
    );
    let sc = scenario(&board3, rules_with(&[face(0, Heading::Port)]));
    let mut g = game_at(&sc, 3, &[], &[spit(1, (3, 2), 3, 1)], &[]);
    let mut firsts = Vec::new();
    for _ in 0..5 {
        spin_all(&mut g);
        firsts.push(g.order().to_vec());
        while matches!(g.phase(), Phase::Turn { .. }) {
            play(&mut g, Command::Wait);
        }
    }
    assert_eq!(
        firsts,
        vec![
            vec![0, 1, 2],
            vec![2, 0],
            vec![0, 2],
            vec![2, 0],
            vec![0, 2]
        ]
    );
}

/// A 4 x 4 board where the one bomber, spun port from its start square (0,2),
/// flies off the west edge and comes straight back: it sits on its start
/// square facing north every round, and a Spitfire waiting at (0,3), behind it
/// at cruising altitude, shoots it down every round.
fn shooting_gallery(rules: FamilyValues, short_game: bool, spitfire: SpitfireAt) -> Game {
    let file = board(
        &["~111", "~111", "~111", "~111"],
        &[(Airfield, (2, 0)), (Aa, (3, 2))],
        &[(0, 2)],
    );
    let sc = scenario(
        &file,
        FamilyValues {
            spinner: vec![face(0, Heading::Port)],
            ..rules
        },
    );
    Game::with_position(
        sc,
        Setup {
            seats: vec![SeatSetup {
                sector: 0,
                airfield: 0,
            }],
            short_game,
            difficulty: Default::default(),
        },
        Position {
            spitfires: vec![spitfire],
            ..Position::default()
        },
        1,
    )
    .unwrap()
}

/// Plays whole rounds of spin and wait; returns the events.
fn rounds(g: &mut Game, n: u32) -> Vec<Event> {
    let mut out = Vec::new();
    for _ in 0..n {
        out.extend(spin_all(g));
        if g.is_over() {
            break;
        }
        out.extend(play(g, Command::Wait));
        if g.is_over() {
            break;
        }
    }
    out
}

#[test]
fn first_to_five_kills_wins() {
    let mut g = shooting_gallery(shipped_rules(), false, spit(0, (0, 3), 4, 12));
    assert_eq!(g.kills_to_win(), 5);
    let ev = rounds(&mut g, 1);
    assert_eq!(
        ev,
        vec![
            spun(0, 0, Heading::Port, 4),
            Event::BomberReturned {
                bomber: 0,
                why: Return::OutOfReach
            },
            Event::TurnBegan { seat: 0 },
            Event::FuelBurned { seat: 0, fuel: 11 },
            Event::Waited { seat: 0 },
            Event::ShotDown { seat: 0, bomber: 0 },
            Event::BomberReturned {
                bomber: 0,
                why: Return::ShotDown
            },
            Event::TurnEnded { seat: 0 },
            Event::RoundBegan { round: 2 },
        ]
    );
    rounds(&mut g, 3);
    assert_eq!(g.spitfire(0).kills, 4);
    assert!(!g.is_over(), "four kills are not enough");
    let ev = rounds(&mut g, 1);
    assert_eq!(
        ev[ev.len() - 3..],
        [
            Event::ShotDown { seat: 0, bomber: 0 },
            Event::BomberReturned {
                bomber: 0,
                why: Return::ShotDown
            },
            Event::GameOver {
                winner: Some(0),
                ending: Ending::Kills
            },
        ]
    );
    assert_eq!(g.winner(), Some(0));
    assert_eq!(g.kills_to_win(), 5);
    assert!(g.legal_commands().is_empty());
    assert_eq!(g.check(&Command::Spin), Err(Illegal::GameOver));
}

#[test]
fn short_game_first_to_three() {
    let mut g = shooting_gallery(shipped_rules(), true, spit(0, (0, 3), 4, 12));
    assert_eq!(g.kills_to_win(), 3);
    rounds(&mut g, 2);
    assert!(!g.is_over());
    let ev = rounds(&mut g, 1);
    assert_eq!(
        ev.last(),
        Some(&Event::GameOver {
            winner: Some(0),
            ending: Ending::Kills
        })
    );
    assert_eq!(g.spitfire(0).kills, 3);
}

#[test]
fn game_ends_when_every_player_is_out() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(
        &sc,
        2,
        &[],
        &[spit(0, (3, 4), 3, 1), spit(1, (4, 4), 3, 2)],
        &[],
    );
    let ev = spin_all(&mut g);
    assert_eq!(g.phase(), Phase::Turn { seat: 1 }, "one still flies");
    assert!(ev.contains(&Event::SpitfireLost {
        seat: 0,
        cause: Cause::OutOfFuel
    }));
    assert!(!g.is_over(), "the game goes on while one commander is in");
    assert_eq!(g.spitfire(1).fuel, 1);
    let ev = play(&mut g, Command::Wait);
    assert_eq!(ev.last(), Some(&Event::RoundBegan { round: 2 }));
    let ev = spin_all(&mut g);
    assert_eq!(
        ev[ev.len() - 5..],
        [
            Event::TurnBegan { seat: 1 },
            Event::FuelBurned { seat: 1, fuel: 0 },
            Event::SpitfireLost {
                seat: 1,
                cause: Cause::OutOfFuel
            },
            Event::TurnEnded { seat: 1 },
            Event::GameOver {
                winner: None,
                ending: Ending::AllOut
            },
        ]
    );
    assert!(g.legal_commands().is_empty());
}

#[test]
fn dusk_ends_an_unwon_game() {
    // (R) dusk_round: after that round nightfall ends the battle; in the
    // shared game the one commander in play with the most kills (if any)
    // wins (`only_commanders_still_in_play_can_win_at_dusk`); in the solo
    // game nightfall is a defeat, whatever the kills.
    let rules = FamilyValues {
        dusk_round: 2,
        solo: Level::ALL
            .map(|level| SoloDifficulty {
                level,
                rounds: 2,
                rounds_short: 2,
            })
            .to_vec(),
        ..shipped_rules()
    };
    let mut g = shooting_gallery(rules.clone(), false, spit(0, (0, 3), 4, 12));
    let ev = rounds(&mut g, 3);
    assert_eq!(
        ev[ev.len() - 2..],
        [
            Event::TurnEnded { seat: 0 },
            Event::GameOver {
                winner: None,
                ending: Ending::Dusk
            }
        ]
    );
    assert_eq!((g.round(), g.spitfire(0).kills), (2, 2));
    // Nobody shot anything down: nobody wins.
    let mut g = shooting_gallery(rules, false, spit(0, (2, 0), 0, 12));
    rounds(&mut g, 3);
    assert_eq!(
        g.phase(),
        Phase::Over {
            winner: None,
            ending: Ending::Dusk
        }
    );
    assert_eq!(g.round(), 2);
    // The shipped rules' dusk is round 60.
    assert_eq!(shipped_rules().dusk_round, 60);
}

#[test]
fn undo_never_respins() {
    let sc = Arc::new(data::load_family("kitchen").unwrap());
    let mut g = Game::new(sc, Setup::first_sectors(2), 11).unwrap();
    play(&mut g, Command::Spin);
    assert!(!g.can_undo());
    assert!(g.undo().is_none(), "a spin is never taken back");
    spin_all(&mut g);
    let before = g.clone();
    play(&mut g, Command::TakeOff);
    assert!(g.can_undo());
    let undone = g.undo().unwrap();
    assert_eq!(undone.events(), before.events());
    assert_eq!(undone.commands(), before.commands());
    assert_eq!(undone.dice().log(), before.dice().log());
    assert_eq!(undone.spitfires(), before.spitfires());
    // Another choice after the undo meets the very same spins.
    let mut other = undone.clone();
    play(&mut other, Command::Wait);
    play(&mut other, Command::Wait);
    play(&mut g, Command::Wait);
    let spins = |g: &mut Game| -> Vec<Event> {
        spin_all(g)
            .into_iter()
            .filter(|e| matches!(e, Event::Spun { .. }))
            .collect()
    };
    assert_eq!(spins(&mut g), spins(&mut other));
    // A game set up from a position undoes back into that position.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let mut g = game_at(&sc, 1, &[], &[spit(0, (3, 4), 3, 10)], &[]);
    spin_all(&mut g);
    let before = g.clone();
    play(&mut g, Command::Climb(1));
    let undone = g.undo().unwrap();
    assert_eq!(undone.spitfires(), before.spitfires());
    assert_eq!(undone.events(), before.events());
}

// ----- the data: boards, rules, set-ups -----

#[test]
fn shipped_family_boards_load() {
    for (name, cols, rows) in [("full", 16, 20), ("kitchen", 12, 14)] {
        let sc = data::load_family(name).unwrap();
        assert_eq!((sc.grid.columns(), sc.grid.rows()), (cols, rows), "{name}");
        assert_eq!(sc.sectors.len(), 4, "{name}: four sectors");
        for s in 0..4u8 {
            let count = |k: FeatureKind| {
                sc.features
                    .iter()
                    .filter(|f| f.sector == s && f.kind == k)
                    .count()
            };
            assert_eq!(count(Airfield), 3, "{name}: three airfields a sector");
            assert_eq!(count(Aa), 2, "{name}: two AA batteries a sector");
            assert_eq!(count(Radar), 1, "{name}: one radar station a sector");
        }
        assert_eq!(sc.starts.len(), 5, "{name}: five bombers");
        assert!(sc.starts.iter().all(|&s| !sc.is_land(s)), "{name}: at sea");
        // Radar stations stand by the coast (within two squares of the sea).
        let radars: Vec<_> = sc.features.iter().filter(|f| f.kind == Radar).collect();
        assert!(radars.len() >= 4, "{name}: a radar station a sector");
        for f in radars {
            assert!(
                sc.grid
                    .hexes()
                    .any(|s| !sc.is_land(s) && f.hex.unsigned_distance_to(s) <= 2),
                "{name}: a coastal radar"
            );
        }
        // Row 0 is land, the last row sea: north at the top.
        assert!(sc.grid.hexes().take(cols as usize).all(|h| sc.is_land(h)));
        assert!(sc
            .grid
            .hexes()
            .skip(((rows - 1) * cols) as usize)
            .all(|h| !sc.is_land(h)));
    }
}

/// Fair seats (R): the shipped boards were balanced with the simulator
/// (docs/RULES.md). What that balance rests on, and what a careless edit of
/// the files would break: every sector has the same targets (three
/// airfields, two AA batteries, one radar station: a second radar is a
/// second way to be ordered down); every sector has one or two bomber start
/// squares below it; and on the full board every sector's airfields and AA
/// are Red's laid out again four columns further east (an even shift, so
/// that the hexes of the offset grid line up the same way; the radar
/// stations follow the coast).
#[test]
fn fair_seats_every_sector_has_the_same_targets_and_a_bomber_below_it() {
    for name in ["full", "kitchen"] {
        let sc = data::load_family(name).unwrap();
        let targets = |s: u8| {
            [Airfield, Aa, Radar].map(|k| {
                sc.features
                    .iter()
                    .filter(|f| f.sector == s && f.kind == k)
                    .count()
            })
        };
        for s in 0..4u8 {
            assert_eq!(targets(s), [3, 2, 1], "{name}: sector {s}'s targets");
            // The land of the start square's column in the row above the
            // coast says whose sector a bomber starts below.
            let below = sc
                .starts
                .iter()
                .filter(|&&start| {
                    let [c, _] = offset_of(start);
                    sc.terrain(hex_from_offset(c, 0)) == Some(Terrain::Land { sector: s })
                })
                .count();
            assert!(
                (1..=2).contains(&below),
                "{name}: sector {s} has {below} bomber start squares below it"
            );
        }
    }
    let sc = data::load_family("full").unwrap();
    let laid_out = |s: u8| {
        let mut v: Vec<(FeatureKind, i32, i32)> = sc
            .features
            .iter()
            .filter(|f| f.sector == s && f.kind != Radar)
            .map(|f| {
                let [c, r] = offset_of(f.hex);
                (f.kind, c - 4 * i32::from(s), r)
            })
            .collect();
        v.sort();
        v
    };
    for s in 1..4u8 {
        assert_eq!(
            laid_out(s),
            laid_out(0),
            "full: sector {s}'s airfields and AA are not Red's moved east"
        );
    }
}

#[test]
fn shipped_numbers_are_the_documented_reconstruction() {
    let r = shipped_rules();
    assert_eq!((r.max_altitude, r.cruising_altitude), (7, 4));
    assert_eq!((r.fuel_full, r.fuel_half), (12, 6));
    assert_eq!((r.kills_to_win, r.kills_to_win_short), (5, 3));
    assert_eq!(
        (
            r.bomber_squares,
            r.spitfire_squares,
            r.landing_range,
            r.climb_in_place
        ),
        (2, 2, 2, 2)
    );
    assert_eq!(r.dusk_round, 60);
    // Nine equally likely faces: every altitude with every direction once.
    assert_eq!(r.spinner.len(), 9);
    for climb in [-1, 0, 1] {
        for heading in [Heading::Beam, Heading::Port, Heading::Starboard] {
            assert_eq!(
                r.spinner
                    .iter()
                    .filter(|&&f| f == face(climb, heading))
                    .count(),
                1
            );
        }
    }
}

#[test]
fn the_spinner_shows_each_face_equally_often() {
    // Bombers spun on the kitchen board while the commanders sit on the ground.
    let sc = Arc::new(data::load_family("kitchen").unwrap());
    let mut seen = [0u32; 10];
    let mut total = 0;
    for seed in 0..30 {
        let mut g = Game::new(sc.clone(), Setup::first_sectors(1), seed).unwrap();
        while !g.is_over() && g.round() <= 40 {
            let cmd = if matches!(g.phase(), Phase::Spin { .. }) {
                Command::Spin
            } else {
                g.legal_commands()[0]
            };
            g.play(cmd).unwrap();
        }
        for e in g.events() {
            if let Event::Spun { roll, .. } = *e {
                seen[roll as usize] += 1;
                total += 1;
            }
        }
    }
    assert!(total > 1800, "{total} spins");
    let mean = total as f64 / 9.0;
    for (face, &n) in seen.iter().enumerate().skip(1) {
        assert!(
            (n as f64 - mean).abs() < mean * 0.2,
            "face {face}: {n} of {total}"
        );
    }
    assert_eq!(seen[0], 0);
}

fn board_src(text: &str) -> Source {
    Source {
        file: "levels/family/test.ron".into(),
        text: text.into(),
    }
}

fn load_board(text: &str) -> Result<FamilyScenario, data::LoadErrors> {
    data::load_family_with(&board_src(text), &data::family_rules_source())
}

fn full_text() -> String {
    data::family_board_source("full").unwrap().text
}

/// The first error of a board file, as the player reads it.
fn board_error(text: &str) -> String {
    let e = load_board(text).err().expect("a bad board");
    assert!(!e.0.is_empty());
    e.0[0].to_string()
}

/// Line and column (1-based) of the first occurrence of `needle`.
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).expect("needle in text");
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

#[test]
fn bad_board_files_name_file_line_and_column() {
    let full = full_text();
    // (what the shipped board says, what the bad one says instead, where in
    // the bad text the error must point, the message)
    let cases: [(&str, &str, &str, &str); 7] = [
        (
            "(kind: Radar, at: (1, 15))",
            "(kind: Radar, at: (0, 15))",
            "(0, 15)",
            "a radar station must stand on land, not at sea",
        ),
        (
            "starts: [(2, 19)",
            "starts: [(2, 10)",
            "(2, 10)",
            "start square (2, 10) must be at sea",
        ),
        (
            "(kind: Airfield, at: (1, 3))",
            "(kind: Airfield, at: (16, 3))",
            "(16, 3)",
            "(16, 3) is off the board",
        ),
        (
            "\"1111222233334444\", //  5",
            "\"111122223333444\", //  5",
            "\"111122223333444\"",
            "row 5 has 15 squares; the board has 16",
        ),
        (
            "\"1111222233334444\", // 10",
            "\"11x1222233334444\", // 10",
            "\"11x1",
            "'x' at column 2: use ~ for sea, 1 to 4 for a sector",
        ),
        (
            "(name: \"Blue\", colour: Blue)",
            "(name: \"Blue\", colour: Red)",
            "Red),\n        (name: \"Green\"",
            "two sectors are Red",
        ),
        (
            "(kind: Aa, at: (3, 5))",
            "(kind: Aa, at: (1, 3))",
            "(1, 3)),\n        (kind: Aa, at: (0, 9))",
            "two features share (1, 3)",
        ),
    ];
    for (good, bad, at, message) in cases {
        assert!(full.contains(good), "{good}");
        let text = full.replacen(good, bad, 1);
        let (l, c) = position_of(&text, at);
        assert_eq!(
            board_error(&text),
            format!("levels/family/test.ron:{l}:{c}: {message}"),
            "{bad}"
        );
    }
    // A sector with no AA battery could never use its airfields.
    let text = full
        .replace("        (kind: Aa, at: (3, 5)),\n", "")
        .replace("        (kind: Aa, at: (0, 9)),\n", "");
    let (l, c) = position_of(&text, "(name: \"Red\"");
    assert_eq!(
        board_error(&text),
        format!(
            "levels/family/test.ron:{l}:{c}: sector Red has no AA battery, so its airfields could never be used"
        )
    );
    // A sector with no airfield to start from.
    let text = full
        .replace("        (kind: Airfield, at: (13, 3)),\n", "")
        .replace("        (kind: Airfield, at: (14, 7)),\n", "")
        .replace("        (kind: Airfield, at: (13, 11)),\n", "");
    let e = board_error(&text);
    assert!(
        e.ends_with("sector Yellow has no airfield to start from"),
        "{e}"
    );
    // A map digit for a sector the list does not have.
    let text = full.replace("        (name: \"Yellow\", colour: Yellow),\n", "");
    let e = load_board(&text).err().unwrap().to_string();
    assert!(
        e.contains("sector 4 at column 12 is not in the sector list"),
        "{e}"
    );
}

#[test]
fn a_board_file_that_is_not_a_board_is_a_clear_error_never_a_panic() {
    let full = full_text();
    // Syntax: line and column.
    let text = full.replace("columns: 16,", "columns: 16,,");
    let e = board_error(&text);
    let (l, _) = position_of(&text, "columns: 16,,");
    assert!(
        e.starts_with(&format!("levels/family/test.ron:{l}:")),
        "{e}"
    );
    // A misspelt field is named.
    let text = full.replace("columns: 16,", "colums: 16,");
    let e = board_error(&text);
    assert!(e.contains("columns"), "{e}");
    // A missing field is named.
    let starts = "    starts: [(2, 19), (5, 19), (7, 19), (11, 19), (14, 19)],\n";
    assert!(full.contains(starts), "the shipped board's starts moved");
    let text = full.replace(starts, "");
    let e = board_error(&text);
    assert!(e.contains("starts"), "{e}");
    // Sizes out of range.
    let text = full.replace("columns: 16,", "columns: 400,");
    assert!(board_error(&text).ends_with("columns must be 4 to 40"));
    // Absurd coordinates are refused, not overflowed.
    for at in [
        "(2147483647, 3)",
        "(3, -2147483648)",
        "(-2147483648, 2147483647)",
    ] {
        let text = full.replace(
            "(kind: Airfield, at: (1, 3))",
            &format!("(kind: Airfield, at: {at})"),
        );
        let e = board_error(&text);
        assert!(e.ends_with("is off the board"), "{at}: {e}");
        let text = full.replace("starts: [(2, 19)", &format!("starts: [{at}"));
        let e = board_error(&text);
        assert!(e.ends_with("is off the board"), "{at}: {e}");
    }
    for text in [
        "",
        "(",
        "FamilyBoardFile(",
        "[1, 2",
        "\"unterminated",
        "FamilyBoardFile(name: 3)",
        "FamilyValues()",
    ] {
        assert!(load_board(text).is_err(), "{text:?}");
    }
    // Unknown names and missing files.
    let e = data::load_family("no-such-board")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no such board"), "{e}");
    let e = data::load_family("nowhere/at/all.ron")
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.starts_with("nowhere/at/all.ron: cannot read the file"),
        "{e}"
    );
}

#[test]
fn bad_rules_files_name_file_line_and_column() {
    let shipped = data::family_rules_source().text;
    let rules_error = |text: &str| -> String {
        let e = data::load_family_with(
            &data::family_board_source("kitchen").unwrap(),
            &Source {
                file: "levels/family/rules.ron".into(),
                text: text.into(),
            },
        )
        .err()
        .expect("bad rules");
        e.0[0].to_string()
    };
    let text = shipped.replacen(
        "(climb: 0,  heading: Beam)",
        "(climb: 2,  heading: Beam)",
        1,
    );
    let (l, c) = position_of(&text, "2,  heading: Beam");
    assert_eq!(
        rules_error(&text),
        format!("levels/family/rules.ron:{l}:{c}: a spinner face climbs -1, 0 or +1")
    );
    let text = shipped.replace("cruising_altitude: 4,", "cruising_altitude: 9,");
    let (l, c) = position_of(&text, "9,");
    assert_eq!(
        rules_error(&text),
        format!("levels/family/rules.ron:{l}:{c}: cruising_altitude must be 1 to max_altitude (7)")
    );
    let text = shipped.replace("fuel_half: 6,", "fuel_half: 13,");
    let (l, c) = position_of(&text, "13,");
    assert_eq!(
        rules_error(&text),
        format!("levels/family/rules.ron:{l}:{c}: fuel_half must be 1 to fuel_full")
    );
    let text = shipped.replace("kills_to_win_short: 3,", "kills_to_win_short: 6,");
    assert!(rules_error(&text).ends_with("kills_to_win_short must be 1 to kills_to_win"));
    // An empty spinner could never fly a bomber.
    let start = shipped.find("spinner: [").unwrap();
    let end = start + shipped[start..].find(']').unwrap() + 1;
    let text = format!("{}spinner: []{}", &shipped[..start], &shipped[end..]);
    assert!(rules_error(&text).ends_with("the spinner needs 1 to 36 faces"));
    // The spinner is data: a rules file with one face forces every spin.
    let start = shipped.find("spinner: [").unwrap();
    let text = format!(
        "{}spinner: [(climb: -1, heading: Starboard)]{}",
        &shipped[..start],
        &shipped[end..]
    );
    let sc = data::load_family_with(
        &data::family_board_source("kitchen").unwrap(),
        &Source {
            file: "one-face.ron".into(),
            text,
        },
    )
    .unwrap();
    let mut g = Game::new(Arc::new(sc), Setup::first_sectors(1), 99).unwrap();
    let ev = spin_all(&mut g);
    let faces: Vec<(i8, Heading)> = ev
        .iter()
        .filter_map(|e| match *e {
            Event::Spun { climb, heading, .. } => Some((climb, heading)),
            _ => None,
        })
        .collect();
    assert_eq!(faces, vec![(-1, Heading::Starboard); 5]);
}

#[test]
fn bad_setups_and_positions_are_refused_never_a_panic() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    let setup = |seats: Vec<(u8, u8)>| Setup {
        seats: seats
            .into_iter()
            .map(|(sector, airfield)| SeatSetup { sector, airfield })
            .collect(),
        short_game: false,
        difficulty: Default::default(),
    };
    for (seats, why) in [
        (vec![], "the family game has 1 to 4 commanders"),
        (
            vec![(0, 0), (1, 0), (0, 1)],
            "test has 2 sectors: at most 2 commanders",
        ),
        (vec![(0, 0), (0, 1)], "two commanders chose sector Red"),
        (vec![(2, 0)], "commander 1 has no sector 3"),
        (vec![(1, 2)], "sector Blue has no airfield 3"),
    ] {
        let e = Game::new(sc.clone(), setup(seats.clone()), 1).err();
        assert_eq!(e.as_deref(), Some(why), "{seats:?}");
    }
    let pos = |bombers: Vec<BomberAt>, spitfires: Vec<SpitfireAt>, bombed: Vec<(i32, i32)>| {
        Game::with_position(
            sc.clone(),
            Setup::first_sectors(2),
            Position {
                bombers,
                spitfires,
                bombed,
            },
            1,
        )
        .err()
    };
    assert_eq!(
        pos(vec![bomber(0, (8, 0), N, 4)], vec![], vec![]).as_deref(),
        Some("(8, 0) is off the board")
    );
    assert_eq!(
        pos(vec![bomber(0, (3, 3), N, 0)], vec![], vec![]).as_deref(),
        Some("bomber 1 at altitude 0")
    );
    assert_eq!(
        pos(vec![bomber(4, (3, 3), N, 4)], vec![], vec![]).as_deref(),
        Some("there is no bomber 5")
    );
    assert_eq!(
        pos(vec![], vec![spit(0, (3, 3), 0, 12)], vec![]).as_deref(),
        Some("Spitfire 1 on the ground off an airfield")
    );
    assert_eq!(
        pos(vec![], vec![spit(0, (3, 3), 4, 0)], vec![]).as_deref(),
        Some("Spitfire 1 cannot be placed so")
    );
    assert_eq!(
        pos(vec![], vec![spit(3, (3, 3), 4, 5)], vec![]).as_deref(),
        Some("there is no Spitfire 4")
    );
    assert_eq!(
        pos(vec![], vec![], vec![(3, 3)]).as_deref(),
        Some("nothing to bomb at (3, 3)")
    );
    assert_eq!(
        pos(
            vec![bomber(0, (3, 3), N, 4)],
            vec![spit(0, (3, 3), 2, 5)],
            vec![]
        )
        .as_deref(),
        Some("two planes share D4")
    );
    assert!(pos(vec![bomber(0, (i32::MAX, i32::MIN), N, 4)], vec![], vec![]).is_some());
}

#[test]
fn positions_play_could_never_reach_are_refused() {
    let sc = test_scenario(2, face(0, Heading::Beam));
    let pos = |bombers: Vec<BomberAt>, spitfires: Vec<SpitfireAt>, bombed: Vec<(i32, i32)>| {
        Game::with_position(
            sc.clone(),
            Setup::first_sectors(2),
            Position {
                bombers,
                spitfires,
                bombed,
            },
            1,
        )
        .err()
    };
    // A Spitfire waiting on an airfield that has been bombed.
    assert_eq!(
        pos(vec![], vec![spit(0, (1, 3), 0, 12)], vec![(1, 3)]).as_deref(),
        Some("Spitfire 1 waits on a bombed airfield")
    );
    // Bomber 1 parked on bomber 2's start square.
    assert_eq!(
        pos(
            vec![bomber(0, (4, 9), N, 4), bomber(1, (3, 3), N, 4)],
            vec![],
            vec![]
        )
        .as_deref(),
        Some("bomber 1 is on bomber 2's start square")
    );
    // The same squares are fine when nothing is wrong with them.
    assert!(pos(vec![], vec![spit(0, (1, 3), 0, 12)], vec![]).is_none());
    assert!(pos(vec![bomber(1, (4, 9), N, 4)], vec![], vec![]).is_none());
}

#[test]
fn unknown_fields_in_family_files_are_errors_with_their_position() {
    let rules = data::family_rules_source();
    let text = rules
        .text
        .replace("    dusk_round: 60,", "    dusk_round: 60,\n    dusk: 3,");
    let src = data::Source {
        file: "rules.ron".into(),
        text,
    };
    let e = data::load_family_rules(&src).unwrap_err().to_string();
    assert!(e.starts_with("rules.ron:"), "{e}");
    assert!(e.contains("dusk"), "{e}");
}

#[test]
fn out_of_range_numbers_in_commands_and_setups_are_refused_never_a_panic() {
    let sc = test_scenario(1, face(0, Heading::Beam));
    // A seat or airfield number at the top of its range names itself.
    let setup = Setup {
        seats: vec![SeatSetup {
            sector: 255,
            airfield: 0,
        }],
        short_game: false,
        difficulty: Default::default(),
    };
    assert_eq!(
        Game::new(sc.clone(), setup, 1).err().as_deref(),
        Some("commander 1 has no sector 256")
    );
    let setup = Setup {
        seats: vec![SeatSetup {
            sector: 0,
            airfield: 255,
        }],
        short_game: false,
        difficulty: Default::default(),
    };
    assert_eq!(
        Game::new(sc.clone(), setup, 1).err().as_deref(),
        Some("sector Red has no airfield 256")
    );
    let p = Position {
        spitfires: vec![spit(255, (3, 3), 4, 5)],
        ..Position::default()
    };
    assert_eq!(
        Game::with_position(sc.clone(), Setup::first_sectors(1), p, 1)
            .err()
            .as_deref(),
        Some("there is no Spitfire 256")
    );
    // A climb of -128 in a saved or replayed command is refused.
    let p = Position {
        spitfires: vec![spit(0, (3, 3), 4, 5)],
        ..Position::default()
    };
    let mut g = Game::with_position(sc, Setup::first_sectors(1), p, 1).unwrap();
    while g.commander().is_none() {
        g.play(Command::Spin).unwrap();
    }
    let to = Facing::North.ahead(hex_from_offset(3, 3));
    assert_eq!(
        g.check(&Command::Move {
            to,
            via: None,
            climb: -128
        }),
        Err(Illegal::NotAClimb)
    );
}

#[test]
fn a_spitfire_lost_to_a_bomber_it_sent_home_shoots_no_more() {
    // (R) Bomber 0 flies port from (3,9) over its own start square (2,9) to
    // (1,8), facing north-west; bomber 1 is refused (bomber 2 stands where
    // it would end) and keeps facing north at (2,8). Both have (2,9) behind
    // them at altitude 4. The Spitfire flies there and shoots bomber 0, which
    // goes home to (2,9) at cruising altitude 4: the shooter's square and
    // altitude, a collision. A Spitfire that is out shoots no more.
    let sc = test_scenario(3, face(0, Heading::Port));
    let mut g = game_at(
        &sc,
        1,
        &[
            bomber(0, (3, 9), N, 4),
            bomber(1, (2, 8), N, 4),
            bomber(2, (0, 7), N, 4),
        ],
        &[spit(0, (3, 8), 4, 10)],
        &[],
    );
    spin_all(&mut g);
    assert_eq!(g.bombers()[0].hex, h(1, 8));
    assert_eq!(g.bombers()[1].hex, h(2, 8));
    assert_eq!(g.bombers_in_sights(h(2, 9), 4), vec![0, 1]);
    let events = play(&mut g, mv((2, 9), 0));
    assert_eq!(shot_down(&events), vec![(0, 0)]);
    assert_eq!(g.spitfire(0).lost, Some(Cause::Collision));
    assert_eq!(g.spitfire(0).kills, 1);
    assert_eq!(g.bombers()[1].hex, h(2, 8), "bomber 1 was not shot");
}

#[test]
fn only_commanders_still_in_play_can_win_at_dusk() {
    // Red shoots a bomber down in round 1; Blue waits on the ground with no
    // kill. Dusk after round 2. With fuel for it Red is still flying and wins
    // as the one leader; if Red runs out of fuel in round 2, Red is out of
    // the game, so nobody wins (not Red, the only commander with a kill).
    let rules = FamilyValues {
        dusk_round: 2,
        ..rules_with(&[face(0, Heading::Beam)])
    };
    let sc = scenario(&test_board(1), rules);
    let mut cases = 0;
    for (fuel, winner) in [(12, Some(0)), (2, None)] {
        let mut g = game_at(
            &sc,
            2,
            &[bomber(0, (4, 6), N, 4)],
            &[spit(0, (4, 7), 4, fuel), spit(1, (6, 1), 0, 12)],
            &[],
        );
        spin_all(&mut g);
        let ev = play(&mut g, mv2((4, 6), (4, 5)));
        assert!(
            ev.contains(&Event::ShotDown { seat: 0, bomber: 0 }),
            "{ev:?}"
        );
        play(&mut g, Command::Wait);
        spin_all(&mut g);
        assert_eq!(g.phase(), Phase::Turn { seat: 1 });
        play(&mut g, Command::Wait);
        if g.spitfire(0).in_play() {
            play(&mut g, Command::Wait);
        } else {
            assert_eq!(g.spitfire(0).lost, Some(Cause::OutOfFuel));
        }
        assert_eq!(g.spitfire(0).kills, 1);
        assert_eq!(
            g.phase(),
            Phase::Over {
                winner,
                ending: Ending::Dusk
            },
            "fuel {fuel}"
        );
        cases += 1;
    }
    assert_eq!(cases, 2);
}

#[test]
fn a_radar_landing_costs_the_commander_that_rounds_turn() {
    // (Our reading of "pour recevoir de nouvelles instructions") Red lands on
    // radar orders while the bombers fly: Red's turn of that round is gone,
    // and Red flies again next round.
    let sc = test_scenario(1, face(0, Heading::Beam));
    let spits = [spit(0, (3, 4), 3, 8), spit(1, (4, 2), 3, 8)];
    let mut g = game_at(&sc, 2, &[bomber(0, (1, 8), N, 4)], &spits, &[]);
    play(&mut g, Command::Spin);
    assert_eq!(g.phase(), Phase::Order(Order::RadarLanding { seat: 0 }));
    let ev = play(&mut g, Command::RadarLand { at: h(1, 1) });
    assert!(ev.contains(&Event::Briefed { seat: 0 }), "{ev:?}");
    // Red went first this round; the game goes straight to Blue.
    assert_eq!(g.round(), 1);
    assert_eq!(g.order()[0], 0);
    assert_eq!(g.phase(), Phase::Turn { seat: 1 });
    assert!(g.spitfire(0).on_ground());
    play(&mut g, Command::Wait);
    // Next round, Red may take off again.
    spin_all(&mut g);
    assert_eq!(g.round(), 2);
    play(&mut g, Command::Wait); // Blue goes first in round 2
    assert_eq!(g.phase(), Phase::Turn { seat: 0 });
    assert!(g.check(&Command::TakeOff).is_ok());
    assert!(!g.spitfire(0).briefing);
}

#[test]
fn the_solo_game_is_won_by_the_kills_before_the_difficultys_nightfall() {
    // One commander: nightfall comes after the difficulty's round and is a
    // defeat, even with kills (in the shared game a lone leader would win).
    let rules = FamilyValues {
        solo: vec![
            SoloDifficulty {
                level: Level::Recruit,
                rounds: 3,
                rounds_short: 2,
            },
            SoloDifficulty {
                level: Level::Veteran,
                rounds: 2,
                rounds_short: 1,
            },
            SoloDifficulty {
                level: Level::Ace,
                rounds: 1,
                rounds_short: 1,
            },
        ],
        ..rules_with(&[face(0, Heading::Beam)])
    };
    let sc = scenario(&test_board(1), rules);
    let mut seen = 0;
    for (difficulty, short, rounds) in [
        (Level::Recruit, false, 3),
        (Level::Veteran, false, 2),
        (Level::Ace, false, 1),
        (Level::Recruit, true, 2),
    ] {
        let setup = Setup {
            short_game: short,
            difficulty,
            ..Setup::first_sectors(1)
        };
        let pos = Position {
            bombers: vec![bomber(0, (4, 6), N, 4)],
            spitfires: vec![spit(0, (4, 7), 4, 12)],
            bombed: vec![],
        };
        let mut g = Game::with_position(sc.clone(), setup, pos, 1).unwrap();
        assert!(g.is_solo());
        assert_eq!(g.dusk_round(), rounds);
        spin_all(&mut g);
        play(&mut g, mv2((4, 6), (4, 5)));
        assert_eq!(g.spitfire(0).kills, 1);
        while !g.is_over() {
            if matches!(g.phase(), Phase::Spin { .. }) {
                play(&mut g, Command::Spin);
            } else {
                play(&mut g, Command::Wait);
            }
        }
        assert_eq!(g.round(), rounds, "{difficulty}");
        assert_eq!(
            g.phase(),
            Phase::Over {
                winner: None,
                ending: Ending::Dusk
            },
            "{difficulty}: nightfall is a defeat"
        );
        seen += 1;
    }
    assert_eq!(seen, 4);
    // The shipped difficulties: each harder one gives fewer rounds.
    let r = shipped_rules();
    let rounds: Vec<u32> = Level::ALL.iter().map(|&l| r.solo(l).rounds).collect();
    assert!(rounds[0] > rounds[1] && rounds[1] > rounds[2], "{rounds:?}");
}

#[test]
fn a_rules_file_needs_every_solo_difficulty_once() {
    let shipped = data::family_rules_source().text;
    let error = |text: &str| -> String {
        let e = data::load_family_rules(&Source {
            file: "levels/family/rules.ron".into(),
            text: text.into(),
        })
        .expect_err("bad rules");
        e.0.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let twice = shipped.replace("(level: Ace,", "(level: Veteran,");
    let e = error(&twice);
    assert!(e.contains("two solo difficulties are Veteran"), "{e}");
    assert!(e.contains("no Ace difficulty"), "{e}");
    let zero = shipped.replace("rounds: 36,", "rounds: 0,");
    let (l, c) = position_of(&zero, "0, rounds_short: 22");
    assert_eq!(
        error(&zero),
        format!("levels/family/rules.ron:{l}:{c}: a solo difficulty's rounds must be 1 to 200")
    );
}

#[test]
fn a_position_part_way_is_set_up_by_events_and_apply_is_the_only_writer() {
    let sc = Arc::new(data::load_family("full").unwrap());
    let aa = sc.features.iter().position(|f| f.kind == Aa).unwrap();
    let aa_at = offset_of(sc.features[aa].hex);
    let g = game_at(
        &sc,
        1,
        &[bomber(0, (3, 8), N, 6)],
        &[spit(0, (3, 3), 4, 5)],
        &[(aa_at[0], aa_at[1])],
    );
    // The setting up is the first events of the log, in the position's order.
    assert_eq!(
        g.events()[..3],
        [
            Event::BomberPlaced {
                bomber: 0,
                at: hex_from_offset(3, 8),
                facing: N,
                course: End::North,
                altitude: 6,
            },
            Event::SpitfirePlaced {
                seat: 0,
                at: hex_from_offset(3, 3),
                altitude: 4,
                fuel: 5,
            },
            Event::KnockedOut { feature: aa as u8 },
        ]
    );
    // The state before the first event is the opening's; the events make
    // the position, and everything after it.
    let mut s = g.initial_state();
    assert_ne!(&s, g.state());
    for e in g.events() {
        tally_ho::family::state::apply(&mut s, e);
    }
    assert_eq!(&s, g.state());
}
