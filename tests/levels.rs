//! Level files: the shipped ones load; every kind of bad file gets a clear
//! `file:line:col: what is wrong` and never a panic.

use tally_ho::data::{self, LoadErrors, Source};

fn src(text: &str) -> Source {
    Source {
        file: "levels/test.ron".into(),
        text: text.into(),
    }
}

fn load(text: &str) -> Result<tally_ho::simple_hex::Scenario, LoadErrors> {
    data::load_scenario_with(&src(text), &data::aircraft_source(), &data::rules_source())
}

const GOOD: &str = r#"ScenarioFile(
    name: "t",
    board: (columns: 10, rows: 12),
    german_end: South,
    opening: Placed,
    units: [
        (aircraft: "He 111", planes: [(colour: Red, at: (2, 3), facing: North)]),
        (aircraft: "Spitfire", planes: [(colour: Red, at: (4, 5), facing: South)]),
    ],
)"#;

#[test]
fn shipped_levels_load() {
    for (name, _, _) in data::SIMPLE_HEX_LEVELS {
        let sc = data::load_simple_hex(name).unwrap();
        assert_eq!(sc.units.len(), 6, "{name}: full forces");
        assert_eq!(sc.units.iter().map(|u| u.planes.len()).sum::<usize>(), 24);
    }
    let crane = data::load_simple_hex("crane-14x18").unwrap();
    assert_eq!((crane.columns, crane.rows), (14, 18));
    let m = data::load_simple_hex("memoir-9x13").unwrap();
    assert_eq!((m.columns, m.rows), (9, 13));
    let m = data::load_simple_hex("memoir-18x13").unwrap();
    assert_eq!((m.columns, m.rows), (18, 13));
    assert!(load(GOOD).is_ok());
}

fn one_error(text: &str) -> String {
    let e = load(text).expect_err("bad file");
    assert!(!e.0.is_empty());
    e.0[0].to_string()
}

#[test]
fn unknown_aircraft_is_named_with_its_position() {
    let text = GOOD.replace("\"Spitfire\"", "\"Spitfire Mk IX\"");
    assert_eq!(
        one_error(&text),
        "levels/test.ron:8:20: unknown aircraft \"Spitfire Mk IX\" (known: He 111, Ju 88, Me 109, Me 110, Spitfire, Hurricane)"
    );
}

#[test]
fn a_unit_off_the_board_is_refused() {
    let text = GOOD.replace("at: (4, 5)", "at: (4, 12)");
    assert_eq!(
        one_error(&text),
        "levels/test.ron:8:59: (4, 12) is off the 10 x 12 board"
    );
}

#[test]
fn two_units_on_one_hex_are_refused() {
    let text = GOOD.replace("at: (4, 5)", "at: (2, 3)");
    assert_eq!(
        one_error(&text),
        "levels/test.ron:8:59: (2, 3) is already taken by units[0].planes[0]"
    );
}

#[test]
fn a_missing_field_is_named() {
    let text = GOOD.replace("    german_end: South,\n", "");
    let e = one_error(&text);
    assert!(e.starts_with("levels/test.ron:"), "{e}");
    assert!(e.contains("german_end"), "{e}");
}

#[test]
fn a_syntax_error_has_line_and_column() {
    let text = GOOD.replace("rows: 12),", "rows: 12,,),");
    let e = one_error(&text);
    assert!(e.starts_with("levels/test.ron:3:"), "{e}");
}

#[test]
fn an_unknown_field_is_refused() {
    let text = GOOD.replace("name: \"t\",", "name: \"t\", wind: 3,");
    let e = one_error(&text);
    assert!(e.starts_with("levels/test.ron:2:"), "{e}");
    assert!(e.contains("wind"), "{e}");
}

#[test]
fn a_placed_plane_needs_a_facing_and_sorties_have_no_positions() {
    let text = GOOD.replace(", facing: North", "");
    assert!(one_error(&text).contains("needs a facing"));
    let text = GOOD.replace("opening: Placed", "opening: Sortie");
    assert!(one_error(&text).contains("use opening: Placed"));
}

#[test]
fn bad_rule_and_aircraft_tables_are_positioned() {
    let rules = data::rules_source().text.replacen(
        "rear:  (Miss, Miss, Miss, Damage, Damage, Kill)",
        "rear: (Kill, Miss, Miss, Damage, Damage, Kill)",
        1,
    );
    let rules = rules.replacen(
        "rear: (Miss, Miss, Miss, Damage, Damage, Kill)",
        "rear: (Kill, Miss, Miss, Damage, Damage, Kill)",
        1,
    );
    let e = data::load_rules(&Source {
        file: "rules.ron".into(),
        text: rules,
    })
    .expect_err("worsening table");
    let msg = e.to_string();
    assert!(msg.starts_with("rules.ron:"), "{msg}");
    assert!(msg.contains("must not get worse"), "{msg}");

    let aircraft = data::aircraft_source()
        .text
        .replace("engines: 1", "engines: 0");
    let e = data::load_aircraft(&Source {
        file: "aircraft.ron".into(),
        text: aircraft,
    })
    .expect_err("no engines");
    assert!(e.to_string().contains("aircraft.ron:"), "{e}");
    assert!(e.to_string().contains("needs an engine"));
}

#[test]
fn a_missing_file_or_level_name_is_a_clear_error() {
    let e = data::load_simple_hex("no-such-level")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no such level"), "{e}");
    let e = data::load_simple_hex("nowhere/at/all.ron")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("nowhere/at/all.ron: cannot read the file"),
        "{e}"
    );
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "(",
        "ScenarioFile(",
        "[1, 2",
        "\"unterminated",
        "ScenarioFile(name: 3)",
    ] {
        assert!(load(text).is_err(), "{text:?}");
    }
}

#[test]
fn absurd_speeds_are_refused_not_overflowed() {
    for speed in ["D6Plus(255)", "D6Plus(11)", "Fixed(200)"] {
        let aircraft = data::aircraft_source().text.replacen("D6Plus(2)", speed, 1);
        let e = data::load_aircraft(&Source {
            file: "aircraft.ron".into(),
            text: aircraft,
        })
        .expect_err(speed);
        assert!(e.to_string().contains("speed above 16"), "{e}");
    }
}

#[test]
fn the_marker_die_must_show_every_move_left_after_firing() {
    // A d6 marker cannot show the 7 moves a Spitfire (1d6+2) may have left.
    let rules = data::rules_source()
        .text
        .replace("marker_die: 8", "marker_die: 6");
    let e = data::load_scenario_with(
        &data::scenario_source("crane-14x18").unwrap(),
        &data::aircraft_source(),
        &Source {
            file: "rules.ron".into(),
            text: rules,
        },
    )
    .expect_err("d6 marker");
    assert!(
        e.to_string().contains("more than the d6 marker shows"),
        "{e}"
    );
}

#[test]
fn too_many_planes_are_refused() {
    let unit = r#"(aircraft: "Spitfire", planes: [(colour: Red), (colour: White), (colour: Blue), (colour: Yellow)]),"#;
    let text = format!(
        "ScenarioFile(name: \"big\", board: (columns: 14, rows: 18), german_end: South, units: [{}])",
        unit.repeat(33)
    );
    let e = load(&text).expect_err("132 planes");
    assert!(e.to_string().contains("at most 128"), "{e}");
}
