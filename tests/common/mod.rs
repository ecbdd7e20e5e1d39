//! Helpers for the rules tests: tiny scenarios built in code on top of the
//! shipped aircraft and rule tables, and small game drivers.
#![allow(dead_code)]

use std::sync::Arc;
use tally_ho::common::game::Rules;
use tally_ho::common::hex::{hex_from_offset, End, Facing};
use tally_ho::data;
use tally_ho::simple_hex::*;

pub fn shipped_rules() -> SimpleHexValues {
    data::load_rules(&data::rules_source()).unwrap()
}

pub fn shipped_aircraft() -> AircraftFile {
    data::load_aircraft(&data::aircraft_source()).unwrap()
}

pub fn crane() -> Arc<Scenario> {
    Arc::new(data::load_simple_hex("crane-14x18").unwrap())
}

/// One plane to place: aircraft, colour, [column, row], facing, damaged.
pub type Place = (&'static str, Colour, (i32, i32), Facing, bool);

/// A `Placed` scenario on a `cols` x `rows` board, Luftwaffe from the south.
/// Planes of the same aircraft form one unit, in the order first named.
pub fn placed(
    cols: u32,
    rows: u32,
    planes: &[Place],
    tweak: impl FnOnce(&mut SimpleHexValues),
) -> Arc<Scenario> {
    let mut units: Vec<UnitSetup> = Vec::new();
    for &(aircraft, colour, at, facing, damaged) in planes {
        let setup = PlaneSetup {
            colour,
            at: Some(at),
            facing: Some(facing),
            damaged,
        };
        match units.iter_mut().find(|u| u.aircraft == aircraft) {
            Some(u) => u.planes.push(setup),
            None => units.push(UnitSetup {
                aircraft: aircraft.to_string(),
                planes: vec![setup],
                name: None,
            }),
        }
    }
    let file = ScenarioFile {
        name: "test".into(),
        description: String::new(),
        board: BoardSetup {
            columns: cols,
            rows,
        },
        german_end: End::South,
        opening: Opening::Placed,
        units,
    };
    let mut rules = shipped_rules();
    rules.attacks = 1;
    tweak(&mut rules);
    Arc::new(Scenario::build(&file, &shipped_aircraft(), &rules).unwrap())
}

pub fn id_of(game: &Game, aircraft: &str, colour: Colour) -> PlaneId {
    let i = game
        .planes()
        .iter()
        .position(|p| game.scenario().aircraft[p.aircraft].name == aircraft && p.colour == colour)
        .expect("plane in scenario");
    PlaneId(i as u8)
}

pub fn at(c: i32, r: i32) -> hexx::Hex {
    hex_from_offset(c, r)
}

/// First seed (from 0) whose new game satisfies `pred`.
pub fn seed_where(
    scenario: &Arc<Scenario>,
    options: Options,
    pred: impl Fn(&Game) -> bool,
) -> Game {
    for seed in 0..10_000 {
        let g = Game::new(scenario.clone(), options, seed);
        if pred(&g) {
            return g;
        }
    }
    panic!("no seed in 0..10000 gives the wanted situation");
}

/// Plays the rest of the game with both AIs.
pub fn finish_with_ai(game: &mut Game) {
    ai::play_out(game).unwrap();
}

/// Steps the active plane straight ahead until it has `left` moves left.
pub fn fly_forward_until(game: &mut Game, left: u8) {
    while game.active_move().unwrap().remaining() > left {
        game.play(Command::Step(Step::Forward)).unwrap();
    }
}

pub fn events_since(game: &Game, n: usize) -> Vec<Event> {
    game.events()[n..].to_vec()
}

/// Plays `command` and asserts that the events it added to the log (those of
/// the command and of the automatic steps up to the next decision) are
/// exactly `expected`, in order; on failure both lists are shown, one event a
/// line, with the first that differs.
pub fn exec_and_check<G: Rules>(game: &mut G, command: G::Command, expected: &[G::Event]) {
    let before = game.events().len();
    if let Err(why) = game.play(command.clone()) {
        panic!("{command:?} was refused: {why}");
    }
    let got = &game.events()[before..];
    if got != expected {
        let lines = |events: &[G::Event]| -> String {
            events
                .iter()
                .enumerate()
                .map(|(i, e)| format!("\n    {i}: {e:?}"))
                .collect()
        };
        let first = got
            .iter()
            .zip(expected)
            .position(|(g, e)| g != e)
            .unwrap_or(got.len().min(expected.len()));
        panic!(
            "{command:?} gave other events than expected (from event {first}):\n  expected:{}\n  got:{}",
            lines(expected),
            lines(got)
        );
    }
}

/// The events `command` would add to the log, played on a copy of the game
/// (empty if it is refused): for searching seeds for the rolls a test needs.
pub fn events_of<G: Rules>(game: &G, command: G::Command) -> Vec<G::Event> {
    let mut g = game.clone();
    let before = g.events().len();
    match g.play(command) {
        Ok(()) => g.events()[before..].to_vec(),
        Err(_) => Vec::new(),
    }
}
