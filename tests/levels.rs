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

// ----- files that are not files, and files we do not read -----

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A scratch directory of the test's own, removed when it is dropped.
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("tally-ho-levels-{name}-"))
        .tempdir()
        .unwrap()
}

/// Runs `f` on a thread of its own and fails the test if it has not
/// finished within `limit` (a read that blocks would otherwise hang it).
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("still not done after {limit:?}"))
}

/// Every loader a player's path reaches, with how long each took to refuse.
fn refusals(path: &Path) -> Vec<(String, Duration)> {
    let p = path.to_str().unwrap().to_string();
    within(Duration::from_secs(1), move || {
        let timed = |f: &dyn Fn() -> String| {
            let t = Instant::now();
            let e = f();
            (e, t.elapsed())
        };
        vec![
            timed(&|| data::load_simple_hex(&p).unwrap_err().to_string()),
            timed(&|| data::load_family(&p).err().expect("refused").to_string()),
            timed(&|| Source::read(Path::new(&p)).unwrap_err().to_string()),
            timed(&|| {
                tally_ho::record::read(Path::new(&p))
                    .unwrap_err()
                    .to_string()
            }),
        ]
    })
}

#[cfg(unix)]
fn fifo(dir: &Path) -> PathBuf {
    let path = dir.join("pipe.ron");
    let ok = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("run mkfifo")
        .success();
    assert!(ok, "mkfifo failed");
    path
}

#[cfg(unix)]
#[test]
fn a_device_a_fifo_a_directory_or_a_socket_is_refused_at_once_naming_the_path() {
    let dir = scratch("special");
    let socket = dir.path().join("socket.ron");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    for (path, kind) in [
        (PathBuf::from("/dev/zero"), "a character device"),
        (fifo(dir.path()), "a named pipe (FIFO)"),
        (dir.path().join("levels.ron"), "a directory"),
        (socket, "a socket"),
    ] {
        if kind == "a directory" {
            std::fs::create_dir(&path).unwrap();
        }
        let want = format!("{}: cannot read the file: it is {kind}", path.display());
        for (e, took) in refusals(&path) {
            println!("{}: refused in {took:?}", path.display());
            assert_eq!(e, want);
            assert!(took < Duration::from_secs(1), "{took:?}");
        }
    }
}

#[test]
fn a_file_over_a_mebibyte_is_refused_unread() {
    let dir = scratch("large");
    let path = dir.path().join("huge.ron");
    let limit = data::MAX_FILE_BYTES as usize;
    let text = format!("// {}\n", "x".repeat(limit));
    std::fs::write(&path, &text).unwrap();
    let e = Source::read(&path).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "{}: cannot read the file: it is {} bytes, and files of at most 16777216 bytes (16 MiB) are read",
            path.display(),
            text.len()
        )
    );
    // One byte less is read.
    std::fs::write(&path, &text[text.len() - limit..]).unwrap();
    assert_eq!(Source::read(&path).unwrap().text.len(), limit);
}

#[test]
fn bytes_that_are_not_utf8_are_placed() {
    let dir = scratch("utf8");
    let path = dir.path().join("latin1.ron");
    std::fs::write(&path, b"ScenarioFile(\n    name: \"Gr\xfcn\",\n)").unwrap();
    let e = Source::read(&path).unwrap_err().to_string();
    assert_eq!(
        e,
        format!("{}:2:14: the file is not UTF-8 text", path.display())
    );
}

#[test]
fn a_byte_order_mark_is_accepted_and_not_counted_in_columns() {
    let dir = scratch("bom");
    let path = dir.path().join("crane.ron");
    let crane = data::scenario_source("crane-14x18").unwrap().text;
    std::fs::write(&path, format!("\u{feff}{crane}")).unwrap();
    let sc = data::load_simple_hex(path.to_str().unwrap()).unwrap();
    assert_eq!((sc.columns, sc.rows), (14, 18));
    // Given straight to the loader, with an error in it: the same place as
    // without the mark.
    let bad = GOOD.replace("\"Spitfire\"", "\"Spitfire Mk IX\"");
    let with_mark = load(&format!("\u{feff}{bad}")).unwrap_err().0[0].to_string();
    assert_eq!(with_mark, one_error(&bad));
    let e = load(&format!(
        "\u{feff}{}",
        GOOD.replace("rows: 12),", "rows: 12,,),")
    ))
    .unwrap_err()
    .0[0]
        .to_string();
    assert_eq!(e, one_error(&GOOD.replace("rows: 12),", "rows: 12,,),")));
}

// ----- what a level needs, lists no game needs, and many problems at once -----

#[test]
fn a_level_needs_both_sides_and_a_bomber() {
    let raf_only = GOOD.replace("\"He 111\"", "\"Hurricane\"");
    let e = load(&raf_only).unwrap_err().to_string();
    assert_eq!(
        e,
        "levels/test.ron:6:12: the level has no Luftwaffe units: it needs both sides\n\
         levels/test.ron:6:12: the level has no bombers: the raid needs at least one"
    );
    let no_bomber = GOOD.replace("\"He 111\"", "\"Me 109\"");
    assert_eq!(
        load(&no_bomber).unwrap_err().to_string(),
        "levels/test.ron:6:12: the level has no bombers: the raid needs at least one"
    );
    let luftwaffe_only = GOOD.replace("\"Spitfire\"", "\"Me 110\"");
    assert_eq!(
        load(&luftwaffe_only).unwrap_err().to_string(),
        "levels/test.ron:6:12: the level has no RAF units: it needs both sides"
    );
}

#[test]
fn a_level_with_no_raf_unit_is_blamed_on_the_level_whatever_the_difficulty() {
    // The difficulty's forces are applied to a level the level's own
    // problems are placed in: never in the settings' file.
    let luftwaffe_only = GOOD.replace("\"Spitfire\"", "\"Me 110\"");
    let forces = data::forces_source();
    let settings = data::shipped_forces().unwrap();
    for name in settings.names() {
        let e = data::load_scenario_at(
            &src(&luftwaffe_only),
            &data::aircraft_source(),
            &data::rules_source(),
            Some((&forces, name)),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e, "levels/test.ron:6:12: the level has no RAF units: it needs both sides",
            "{name}"
        );
    }
}

/// `units: [...]` of `n` copies of a unit.
fn with_units(unit: &str, n: usize) -> String {
    format!(
        "ScenarioFile(name: \"big\", board: (columns: 14, rows: 18), german_end: South,\nunits: [\n{}])",
        format!("{unit},\n").repeat(n)
    )
}

#[test]
fn lists_longer_than_any_game_are_refused_at_the_first_item_too_many() {
    let unit = r#"(aircraft: "Spitfire", planes: [(colour: Red)])"#;
    let e = load(&with_units(unit, 100_000)).unwrap_err().to_string();
    assert_eq!(
        e,
        "levels/test.ron:131:1: 100000 units: more than the 128 a file may give"
    );
    // A unit of a hundred thousand planes is one problem, said once.
    let planes = format!("[{}]", "(colour: Red), ".repeat(100_000));
    let unit = format!("(aircraft: \"He 111\", planes: {planes})");
    let text = with_units(&unit, 1).replace(
        ",\n])",
        ",\n(aircraft: \"Spitfire\", planes: [(colour: Red)])])",
    );
    let e = load(&text).unwrap_err().to_string();
    assert_eq!(
        e,
        "levels/test.ron:2:8: 100001 planes: a scenario holds at most 128\n\
         levels/test.ron:3:30: a unit has 1 to 4 planes (R, W, B, Y)"
    );
}

/// A 40 x 40 family board of `size` bytes or more with `features` features,
/// where nearly everything is wrong: every square of the map, every feature
/// and every start square is refused. Each feature has a long comment, as
/// a carefully annotated file might.
fn ruined_board(features: usize, size: usize) -> String {
    let mut t = String::from(
        "FamilyBoardFile(\n    name: \"Ruined\",\n    description: \"Everything is wrong.\",\n    columns: 40,\n    rows: 40,\n    map: [\n",
    );
    for r in 0..40 {
        t += &format!("        \"{}\", // row {r}\n", "x".repeat(40));
    }
    t += "    ],\n    sectors: [(name: \"Red\", colour: Red), (name: \"Blue\", colour: Blue)],\n    features: [\n";
    let note = size / features.max(1);
    for i in 0..features {
        t += &format!(
            "        // {}\n        (kind: Airfield, at: (99, {i})),\n",
            "a note on this feature ".repeat(note / 23 + 1)
        );
    }
    t += "    ],\n    starts: [";
    for i in 0..9 {
        t += &format!("(-1, {i}), ");
    }
    t += "],\n)\n";
    t
}

fn load_board(text: &str) -> Result<tally_ho::family::FamilyScenario, LoadErrors> {
    let board = Source {
        file: "levels/ruined.ron".into(),
        text: text.into(),
    };
    data::load_family_with(&board, &data::family_rules_source())
}

#[test]
fn a_250_kb_board_with_thousands_of_problems_is_refused_in_well_under_a_second() {
    let text = ruined_board(256, 250_000);
    assert!(text.len() >= 250_000, "{}", text.len());
    let start = Instant::now();
    let e = load_board(&text).err().expect("refused");
    let took = start.elapsed();
    // Every square, feature and start square, and the two sectors have
    // neither an airfield nor an AA battery.
    let problems = 40 * 40 + 256 + 9 + 2 * 2;
    println!(
        "{} KB board, {problems} problems: refused in {took:?}",
        text.len() / 1000
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
    // The first 50, each placed, and one line for the rest.
    assert_eq!(e.0.len(), data::MAX_ERRORS + 1);
    assert_eq!(
        e.0[0].to_string(),
        "levels/ruined.ron:7:9: 'x' at column 0: use ~ for sea, 1 to 4 for a sector"
    );
    assert_eq!(
        e.0[49].to_string(),
        "levels/ruined.ron:8:9: 'x' at column 9: use ~ for sea, 1 to 4 for a sector"
    );
    assert_eq!(
        e.0[50].to_string(),
        format!("levels/ruined.ron: ... and {} more problems", problems - 50)
    );
}

#[test]
fn a_250_kb_board_of_thousands_of_features_is_refused_at_the_first_too_many() {
    let text = ruined_board(3_400, 0);
    assert!(text.len() >= 250_000, "{}", text.len());
    let start = Instant::now();
    let e = load_board(&text).err().expect("refused").to_string();
    let took = start.elapsed();
    println!(
        "{} KB board of 3400 features: refused in {took:?}",
        text.len() / 1000
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
    let line = 1 + text[..text.find("at: (99, 256)").unwrap()]
        .matches('\n')
        .count();
    assert_eq!(
        e,
        format!("levels/ruined.ron:{line}:9: 3400 features: more than the 256 a file may give")
    );
}

#[test]
fn a_name_with_a_newline_in_it_keeps_each_problem_on_one_line() {
    let text = GOOD.replace("\"Spitfire\"", "\"Spit\nfire\"");
    let e = load(&text).unwrap_err().to_string();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.starts_with("levels/test.ron:8:20: unknown aircraft \"Spit\\nfire\""),
        "{e}"
    );
}

#[test]
fn every_aircraft_a_board_can_show_has_its_silhouette() {
    let shapes = data::shipped_silhouettes().unwrap();
    let mut names: Vec<String> = data::load_aircraft(&data::aircraft_source())
        .unwrap()
        .aircraft
        .into_iter()
        .map(|a| a.name)
        .collect();
    let board = tally_ho::data::campaign_rules::board_aircraft(
        &tally_ho::data::campaign_rules::board_aircraft_source(),
    )
    .unwrap();
    names.extend(board.aircraft.into_iter().map(|a| a.name));
    assert!(names.len() >= 10, "{names:?}");
    for n in &names {
        assert!(shapes.get(n).is_some(), "no silhouette for {n}");
    }
}

#[test]
fn a_concave_part_of_a_silhouette_is_refused_at_its_place() {
    let src = data::silhouettes_source();
    // The Spitfire's fuselage, with one point pulled inside the outline.
    let bad = src.text.replacen(
        "(0.09, -0.6), (0.081, 0.3)",
        "(0.01, -0.6), (0.081, 0.3)",
        1,
    );
    assert_ne!(bad, src.text, "the fixture's text is in the file");
    let e = data::load_silhouettes(&Source {
        file: "s.ron".into(),
        text: bad.clone(),
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("s.ron:13:") && e.contains("convex"), "{e}");
}
