//! Every kind of file a player can hand us, broken a few hundred ways each
//! (common/mutate.rs): each broken file loads or is refused with an error
//! that names it, at a line and column where there is one; never a panic,
//! a hang or a load without end. Run with `--nocapture` for the counts and
//! the slowest case of each kind.

#[path = "common/mutate.rs"]
mod mutate;

use mutate::Kind;
use std::sync::LazyLock;
use std::time::Duration;
use tally_ho::campaign::data::CampaignData;
use tally_ho::campaign::rules::CampaignValues;
use tally_ho::data::{self, campaign_rules, LoadErrors, Source};
use tally_ho::record::{self, AnyRecord, Player};
use tally_ho::settings::Settings;
use tally_ho::simple_hex::Game as Hex;

/// Mutations of each kind.
const CASES: usize = 300;
/// The longest one load may take, even of a megabyte of repeated items.
const PER_CASE: Duration = Duration::from_secs(2);
/// The longest a kind may take: beyond it, a load hangs.
const LIMIT: Duration = Duration::from_secs(120);

static CAMPAIGN_DATA: LazyLock<CampaignData> =
    LazyLock::new(|| data::load_campaign_data().expect("the shipped campaign data"));
static CAMPAIGN_RULES: LazyLock<CampaignValues> =
    LazyLock::new(|| campaign_rules::shipped_campaign_rules().expect("the shipped rules"));

fn with_text(src: Source, text: &str) -> Source {
    Source {
        text: text.to_string(),
        ..src
    }
}

/// The same seed for a kind on every run and every machine.
fn seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// Peak memory of the test process so far, where the system says.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn check(kind: Kind) {
    let name = kind.name.clone();
    let report = mutate::run(kind, CASES, seed(&name), PER_CASE, LIMIT);
    println!("{name}: {report}");
    assert_eq!(report.cases, CASES);
    // The mutations reach the checks: most are refused, at their place.
    assert!(report.placed > CASES / 2, "{name}: {report}");
    // Memory stays bounded: the whole test process, every kind at once,
    // under a gibibyte.
    if let Some(kib) = peak_kib() {
        println!(
            "{name}: the process's memory has peaked at {} MiB",
            kib >> 10
        );
        assert!(
            kib < 1 << 20,
            "{name}: the tests' memory peaked at {kib} KiB"
        );
    }
}

fn simple_hex_level(name: &str) -> Kind {
    let src = data::scenario_source(name).unwrap();
    let file = src.file.clone();
    Kind::new(
        &format!("Simple Hex level {name}"),
        &file,
        &src.text.clone(),
        &[],
        move |t| {
            data::load_scenario_with(
                &with_text(src.clone(), t),
                &data::aircraft_source(),
                &data::rules_source(),
            )
        },
    )
}

#[test]
fn simple_hex_level_crane() {
    check(simple_hex_level("crane-14x18"));
}

#[test]
fn simple_hex_level_memoir_9x13() {
    check(simple_hex_level("memoir-9x13"));
}

#[test]
fn simple_hex_level_memoir_18x13() {
    check(simple_hex_level("memoir-18x13"));
}

#[test]
fn simple_hex_aircraft_table() {
    let level = data::scenario_source("crane-14x18").unwrap();
    let src = data::aircraft_source();
    let level_file = level.file.clone();
    let others = [level_file.as_str()];
    check(Kind::new(
        "Simple Hex aircraft table",
        &src.file,
        &src.text,
        &others,
        move |t| {
            data::load_scenario_with(
                &level,
                &with_text(data::aircraft_source(), t),
                &data::rules_source(),
            )
        },
    ));
}

#[test]
fn simple_hex_rules_table() {
    let level = data::scenario_source("crane-14x18").unwrap();
    let src = data::rules_source();
    let level_file = level.file.clone();
    let others = [level_file.as_str()];
    check(Kind::new(
        "Simple Hex rules table",
        &src.file,
        &src.text,
        &others,
        move |t| {
            data::load_scenario_with(
                &level,
                &data::aircraft_source(),
                &with_text(data::rules_source(), t),
            )
        },
    ));
}

#[test]
fn simple_hex_forces_table() {
    let level = data::scenario_source("crane-14x18").unwrap();
    let src = data::forces_source();
    let level_file = level.file.clone();
    let others = [level_file.as_str()];
    check(Kind::new(
        "Simple Hex difficulty settings",
        &src.file,
        &src.text,
        &others,
        move |t| {
            data::load_scenario_at(
                &level,
                &data::aircraft_source(),
                &data::rules_source(),
                Some((&with_text(data::forces_source(), t), "even")),
            )
        },
    ));
}

#[test]
fn simple_hex_shares_table() {
    let src = data::shares_source();
    check(Kind::new(
        "Simple Hex measured shares",
        &src.file,
        &src.text,
        &[],
        move |t| {
            let aircraft = data::load_aircraft(&data::aircraft_source())?;
            let forces = data::load_forces(&data::forces_source(), &aircraft)?;
            data::load_shares(&with_text(data::shares_source(), t), &forces).map(|_| ())
        },
    ));
}

#[test]
fn family_spreads_table() {
    let src = data::family_spreads_source();
    let settings = data::family_spread_settings().unwrap();
    check(Kind::new(
        "family measured spreads",
        &src.file,
        &src.text,
        &[],
        move |t| {
            data::load_spreads(
                &with_text(data::family_spreads_source(), t),
                &settings,
                &tally_ho::family::spread::OUTCOMES,
            )
            .map(|_| ())
        },
    ));
}

#[test]
fn campaign_spreads_table() {
    let src = data::campaign_spreads_source();
    check(Kind::new(
        "campaign measured spreads",
        &src.file,
        &src.text,
        &[],
        move |t| {
            data::load_spreads(
                &with_text(data::campaign_spreads_source(), t),
                &data::campaign_spread_settings(),
                &tally_ho::campaign::score::SPREAD_OUTCOMES,
            )
            .map(|_| ())
        },
    ));
}

#[test]
fn blitz_spreads_table() {
    let src = data::blitz_spreads_source();
    check(Kind::new(
        "night Blitz measured spreads",
        &src.file,
        &src.text,
        &[],
        move |t| {
            data::load_spreads(
                &with_text(data::blitz_spreads_source(), t),
                &data::blitz_spread_settings(),
                &tally_ho::blitz::spread::OUTCOMES,
            )
            .map(|_| ())
        },
    ));
}

fn family_board(name: &str) -> Kind {
    let src = data::family_board_source(name).unwrap();
    Kind::new(
        &format!("family board {name}"),
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| {
            data::load_family_with(&with_text(src.clone(), t), &data::family_rules_source())
                .map(|_| ())
        },
    )
}

#[test]
fn family_board_full() {
    check(family_board("full"));
}

#[test]
fn family_board_kitchen() {
    check(family_board("kitchen"));
}

#[test]
fn family_rules() {
    let board = data::family_board_source("full").unwrap();
    let src = data::family_rules_source();
    let board_file = board.file.clone();
    let others = [board_file.as_str()];
    check(Kind::new(
        "family rules",
        &src.file,
        &src.text,
        &others,
        move |t| {
            data::load_family_with(&board, &with_text(data::family_rules_source(), t)).map(|_| ())
        },
    ));
}

/// One of the campaign's data files mutated (0: map, 1: targets, 2: order of
/// battle), loaded with the others and checked against the shipped rules.
fn campaign_file(which: usize) -> Kind {
    let sources = || {
        [
            data::campaign_map_source(),
            data::campaign_targets_source(),
            data::campaign_oob_source(),
        ]
    };
    let all = sources();
    let rules = campaign_rules::campaign_rules_source();
    let files: Vec<String> = all
        .iter()
        .map(|s| s.file.clone())
        .chain([rules.file.clone()])
        .collect();
    let others: Vec<&str> = files.iter().map(String::as_str).collect();
    let names = [
        "campaign map",
        "campaign targets",
        "campaign order of battle",
    ];
    Kind::new(
        names[which],
        &all[which].file,
        &all[which].text,
        &others,
        move |t| -> Result<(), LoadErrors> {
            let mut files = sources();
            files[which].text = t.to_string();
            let data = data::load_campaign_data_with(&files[0], &files[1], &files[2])?;
            campaign_rules::check_against(&rules, &CAMPAIGN_RULES, &data)
        },
    )
}

#[test]
fn campaign_map() {
    check(campaign_file(0));
}

#[test]
fn campaign_targets() {
    check(campaign_file(1));
}

#[test]
fn campaign_order_of_battle() {
    check(campaign_file(2));
}

#[test]
fn campaign_rules_with_the_tactical_section() {
    let src = campaign_rules::campaign_rules_source();
    check(Kind::new(
        "campaign rules",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| -> Result<(), LoadErrors> {
            let src = with_text(src.clone(), t);
            let rules = campaign_rules::load_campaign_rules(&src)?;
            campaign_rules::check_against(&src, &rules, &CAMPAIGN_DATA)
        },
    ));
}

#[test]
fn campaign_board_aircraft() {
    let src = campaign_rules::board_aircraft_source();
    let rules = campaign_rules::campaign_rules_source();
    let others = [data::aircraft_source().file, rules.file.clone()];
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    check(Kind::new(
        "campaign board aircraft",
        &src.file.clone(),
        &src.text.clone(),
        &others,
        move |t| -> Result<(), LoadErrors> {
            let aircraft = campaign_rules::board_aircraft(&with_text(src.clone(), t))?;
            // Every squadron type must still fly as one of them.
            let types: Vec<_> = CAMPAIGN_DATA
                .oob
                .types
                .iter()
                .map(|t| (t.name.clone(), t.side, t.role))
                .collect();
            let found = CAMPAIGN_RULES.validate_tactical(&types, &aircraft);
            if found.is_empty() {
                Ok(())
            } else {
                Err(data::positioned(&rules.file, &rules.text, found))
            }
        },
    ));
}

#[test]
fn campaign_zoom_table() {
    let src = campaign_rules::zoom_source();
    check(Kind::new(
        "campaign zoom table",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| campaign_rules::load_zoom(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn campaign_family_board() {
    let src = campaign_rules::campaign_family_board_source();
    let rules = campaign_rules::campaign_rules_source();
    let others = [data::family_rules_source().file, rules.file.clone()];
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    check(Kind::new(
        "campaign family board",
        &src.file.clone(),
        &src.text.clone(),
        &others,
        move |t| -> Result<(), LoadErrors> {
            campaign_rules::family_tables(&with_text(src.clone(), t), &rules, &CAMPAIGN_RULES)
                .map(|_| ())
        },
    ));
}

#[test]
fn blitz_map() {
    let src = data::blitz_map_source();
    check(Kind::new(
        "blitz map",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_map(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn blitz_calendar() {
    let src = data::blitz_calendar_source();
    check(Kind::new(
        "blitz calendar",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_calendar(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn blitz_nights() {
    let src = data::blitz_nights_source();
    let map = data::load_blitz_map(&data::blitz_map_source()).expect("the shipped map");
    check(Kind::new(
        "blitz nights",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_nights(&with_text(src.clone(), t), &map).map(|_| ()),
    ));
}

#[test]
fn blitz_flight() {
    let src = data::blitz_flight_source();
    check(Kind::new(
        "blitz flight",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_flight(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn blitz_defences() {
    let src = data::blitz_defences_source();
    check(Kind::new(
        "blitz defences",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_defences(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn blitz_mission_end() {
    let src = data::blitz_mission_end_source();
    check(Kind::new(
        "blitz mission end",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_mission_end(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn blitz_crew() {
    let src = data::blitz_crew_source();
    check(Kind::new(
        "blitz crew",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_blitz_crew(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn silhouettes() {
    let src = data::silhouettes_source();
    check(Kind::new(
        "silhouettes",
        &src.file.clone(),
        &src.text.clone(),
        &[],
        move |t| data::load_silhouettes(&with_text(src.clone(), t)).map(|_| ()),
    ));
}

#[test]
fn settings() {
    let text = data::to_ron(&Settings::default());
    check(Kind::new("settings", "settings.ron", &text, &[], |t| {
        let s = Settings::parse("settings.ron", t)?;
        // What loads is in range.
        assert!((0.0..=1.0).contains(&s.volume), "volume {}", s.volume);
        Ok::<_, data::LoadError>(s)
    }));
}

// ----- saves and replays -----

/// A saved game or replay: read, then the game it holds loaded (a save) or
/// re-run and checked (a replay). Errors of the load name the file, as the
/// game and the command line say them.
fn record_kind(name: &str, file: &str, text: &str, replay: bool) -> Kind {
    let file_name = file.to_string();
    let base = std::path::PathBuf::from(file)
        .parent()
        .map(|p| p.to_path_buf())
        .unwrap_or_default();
    Kind::new(name, file, text, &[], move |t| -> Result<(), String> {
        let r = record::parse(&file_name, t).map_err(|e| e.to_string())?;
        let loaded = match (&r, replay) {
            (AnyRecord::SimpleHex(r), false) => record::restore(r, &base).map(|_: Hex| ()),
            (AnyRecord::Family(r), false) => {
                record::restore(r, &base).map(|_: tally_ho::family::Game| ())
            }
            (AnyRecord::Campaign(r), false) => {
                record::restore::<tally_ho::campaign::game::Campaign>(r, std::path::Path::new("."))
                    .map(|_| ())
            }
            (AnyRecord::Blitz(r), false) => {
                record::restore(r, &base).map(|_: tally_ho::blitz::Game| ())
            }
            (any, true) => any.verify(&base).map(|_| ()),
        };
        loaded.map_err(|e| e.in_file(&file_name).to_string())
    })
}

/// A short game of each kind, as a save (part-way) or a replay (to its end).
fn records() -> Vec<(&'static str, AnyRecord, bool)> {
    let here = std::path::Path::new(".");
    let sides = || vec![Player::new("Luftwaffe", false), Player::new("RAF", true)];
    let level = std::sync::Arc::new(data::load_simple_hex("memoir-9x13").unwrap());
    let mut hex = Hex::new(level, Default::default(), 3);
    tally_ho::simple_hex::ai::play_out(&mut hex).unwrap();
    let part = hex.rebuilt(60);
    let board = std::sync::Arc::new(data::load_family("kitchen").unwrap());
    let mut fam =
        tally_ho::family::Game::new(board, tally_ho::family::Setup::first_sectors(2), 4).unwrap();
    tally_ho::family::ai::play_out(&mut fam, 200).unwrap();
    let (cd, cr) = record::campaign::shipped().unwrap();
    let mut camp = tally_ho::campaign::game::Campaign::new(
        cd,
        cr,
        tally_ho::campaign::game::CampaignSetup::new(
            tally_ho::campaign::rules::WeatherRule::Shortened,
            5,
        ),
    );
    for _ in 0..150 {
        let side = camp.to_act().unwrap();
        let cmd = tally_ho::campaign::ai::propose(&camp, side).unwrap();
        camp.play(cmd).unwrap();
    }
    let commanders = vec![Player::new("Ann", true), Player::new("Ben", false)];
    // A fortnight of the night Blitz, flown to its end, and part of it.
    let tables = std::sync::Arc::new(data::load_blitz().unwrap());
    let short = tally_ho::blitz::Setup {
        last_night: tally_ho::blitz::Date::new(1940, 11, 28),
    };
    let mut blitz = tally_ho::blitz::Game::new(tables, short, 6);
    tally_ho::common::game::play_out(&mut blitz, &mut tally_ho::blitz::ai::Crew::default(), 5_000)
        .unwrap();
    let blitz_part = tally_ho::common::game::replayed(
        blitz.restart(true),
        tally_ho::common::game::Rules::commands(&blitz),
        40,
    );
    let crew = || vec![Player::new("Crew", true)];
    vec![
        (
            "night Blitz save",
            AnyRecord::Blitz(record::of(&blitz_part, crew(), here).unwrap()),
            false,
        ),
        (
            "night Blitz replay",
            AnyRecord::Blitz(record::of(&blitz, crew(), here).unwrap()),
            true,
        ),
        (
            "Simple Hex save",
            AnyRecord::SimpleHex(record::of(&part, sides(), here).unwrap()),
            false,
        ),
        (
            "Simple Hex replay",
            AnyRecord::SimpleHex(record::of(&hex, sides(), here).unwrap()),
            true,
        ),
        (
            "family save",
            AnyRecord::Family(record::of(&fam, commanders, here).unwrap()),
            false,
        ),
        (
            "campaign save",
            AnyRecord::Campaign(
                record::of::<tally_ho::campaign::game::Campaign>(
                    &camp,
                    sides(),
                    std::path::Path::new("."),
                )
                .unwrap(),
            ),
            false,
        ),
    ]
}

#[test]
fn saves_and_replays() {
    for (name, r, replay) in records() {
        check(record_kind(name, "save.ron", &r.to_text(), replay));
    }
}

/// A record as an earlier version whose rules play its commands otherwise
/// would have written it: its commands do not replay as played from the
/// first, so loading it takes the game up from the snapshot it kept.
fn of_earlier_rules(text: &str) -> String {
    let version = format!("version: {},", record::VERSION);
    let trail = text.find("trail: \"").expect("a trail") + "trail: \"".len();
    let mut t = text.replacen(&version, "version: 3,", 1);
    t.replace_range(trail..trail + 4, "zzzz");
    t
}

#[test]
fn saves_of_earlier_rules_taken_up_from_the_snapshot_they_kept() {
    for (name, r, replay) in records() {
        if replay {
            continue;
        }
        let text = of_earlier_rules(&r.to_text());
        // As written, it comes back from its snapshot...
        let any = record::parse("save.ron", &text).unwrap();
        assert!(
            any.replayed(std::path::Path::new("."))
                .unwrap()
                .tag
                .is_some_and(|t| t.contains("from where it was saved") || t.contains("from move")),
            "{name}"
        );
        // ...and broken any way, it loads or is refused, never a panic.
        check(record_kind(
            &format!("{name} of earlier rules"),
            "save.ron",
            &text,
            false,
        ));
    }
}

#[test]
fn saves_and_replays_of_the_earlier_version() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/earlier-version"
    );
    for (file, replay) in [
        ("sh_save.ron", false),
        ("sh_replay.ron", true),
        ("family_save.ron", false),
        ("family_replay.ron", false),
        ("campaign_save.ron", false),
        ("campaign_replay.ron", false),
    ] {
        let path = format!("{dir}/{file}");
        let text = std::fs::read_to_string(&path).unwrap();
        check(record_kind(file, &path, &text, replay));
    }
}

// ----- the harness finds what it is for -----

#[test]
#[should_panic(expected = "the load panicked")]
fn a_loader_that_panics_fails_the_run() {
    let kind = Kind::new("panics", "x.ron", "(a: 1)", &[], |t| {
        assert!(t.len() <= "(a: 1)".len(), "a longer file");
        Ok::<_, String>(())
    });
    mutate::run(kind, 100, 1, PER_CASE, LIMIT);
}

#[test]
#[should_panic(expected = "does not name its file")]
fn an_error_without_its_file_fails_the_run() {
    let kind = Kind::new("anonymous", "x.ron", "(a: 1)", &[], |t| {
        if t == "(a: 1)" {
            Ok(())
        } else {
            Err("something is wrong")
        }
    });
    mutate::run(kind, 100, 1, PER_CASE, LIMIT);
}

#[test]
#[should_panic(expected = "still running after")]
fn a_loader_that_hangs_fails_the_run() {
    let kind = Kind::new("hangs", "x.ron", "(a: 1)", &[], |t| {
        if t != "(a: 1)" {
            std::thread::sleep(Duration::from_secs(3600));
        }
        Ok::<_, String>(())
    });
    mutate::run(kind, 100, 1, PER_CASE, Duration::from_millis(300));
}

#[test]
fn a_corrupted_campaign_data_version_gives_a_clean_error_with_its_position() {
    let (cd, cr) = record::campaign::shipped().unwrap();
    let now = cr.data_version;
    let mut camp = tally_ho::campaign::game::Campaign::new(
        cd,
        cr,
        tally_ho::campaign::game::CampaignSetup::new(
            tally_ho::campaign::rules::WeatherRule::PhaseDice,
            9,
        ),
    );
    for _ in 0..40 {
        let side = camp.to_act().unwrap();
        let cmd = tally_ho::campaign::ai::propose(&camp, side).unwrap();
        camp.play(cmd).unwrap();
    }
    let sides = vec![Player::new("Luftwaffe", false), Player::new("RAF", true)];
    let r =
        record::of::<tally_ho::campaign::game::Campaign>(&camp, sides, std::path::Path::new("."))
            .unwrap();
    let text = AnyRecord::Campaign(r).to_text();
    let field = format!("data_version: {now},");
    let line = text.lines().position(|l| l.contains(&field)).unwrap() + 1;
    // 0 stands for "before data versions": it takes the version of the
    // data its fingerprint names (today's here), or stays unknown.
    let zero = text.replace(&field, "data_version: 0,");
    assert!(record::parse("save.ron", &zero).is_ok());
    let zero = zero.replace("fingerprint: \"", "fingerprint: \"0");
    assert!(record::parse("save.ron", &zero).is_ok());
    let older = (now - 1).to_string();
    let newer = (now + 1).to_string();
    for bad in [
        older.as_str(),
        newer.as_str(),
        "-1",
        "3.5",
        "\"3\"",
        "x",
        "()",
        "[3]",
        "Some(3)",
        "4294967296",
        "99999999999999999999999",
        "",
    ] {
        let broken = text.replace(&field, &format!("data_version: {bad},"));
        let got = std::panic::catch_unwind(|| record::parse("save.ron", &broken));
        let e = got
            .unwrap_or_else(|_| panic!("data_version: {bad} panicked"))
            .map(|_| ())
            .expect_err(bad)
            .to_string();
        // file:line:col, on the line of the field.
        assert!(
            e.starts_with(&format!("save.ron:{line}:")),
            "data_version: {bad}: {e}"
        );
    }
}

/// Every structure with named fields in every kept save and record (each
/// command, set-up, position, player, result): a field it does not have is
/// refused at its line and column, never read past. Each is tried alone.
#[test]
fn an_unknown_field_anywhere_in_a_save_is_refused_at_its_place() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saves");
    let mut tried = std::collections::BTreeSet::new();
    let mut read_past = std::collections::BTreeSet::new();
    let mut cases = 0;
    for set in std::fs::read_dir(&root).unwrap() {
        let set = set.unwrap().path();
        if !set.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(set).unwrap() {
            let path = file.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            for i in 0..lines.len().saturating_sub(1) {
                // `Name(` then a field `name: ` on the next line, indented.
                let open = lines[i].trim_end();
                let next = lines[i + 1].trim_start();
                let indent = &lines[i + 1][..lines[i + 1].len() - next.len()];
                let named = next.split_once(':').is_some_and(|(k, _)| {
                    !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                });
                if !open.ends_with('(') || !named {
                    continue;
                }
                let ty = open
                    .trim_start()
                    .trim_end_matches('(')
                    .rsplit([' ', ':', '('])
                    .next()
                    .unwrap_or("")
                    .to_string();
                let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                broken.insert(i + 1, format!("{indent}no_such_field: 1,"));
                let broken = broken.join("\n");
                let name = path.display().to_string();
                let e = match record::parse(&name, &broken) {
                    Ok(_) => {
                        read_past.insert(ty.clone());
                        continue;
                    }
                    Err(e) => e.to_string(),
                };
                assert!(
                    e.contains(&format!("{name}:{}:", i + 2)) && e.contains("no_such_field"),
                    "{name}, {ty} at line {}: {e}",
                    i + 2
                );
                tried.insert(ty);
                cases += 1;
            }
        }
    }
    assert!(
        read_past.is_empty(),
        "an unknown field was read past in {read_past:?}"
    );
    println!(
        "unknown fields: {cases} cases in {} kinds of structure: {tried:?}",
        tried.len()
    );
    for ty in [
        "Record", "Player", "Setup", "Summary", "Enter", "Assign", "Shown",
    ] {
        assert!(tried.contains(ty), "no {ty} was tried: {tried:?}");
    }
}

/// Plays on the game a record holds (loaded as the game loads it) with the
/// computer for a few commands: what a snapshot lets through must play.
fn load_and_play(r: &AnyRecord) -> Result<(), String> {
    use tally_ho::common::game::play_out_while;
    fn go<G: record::Recorded>(
        r: &record::RecordOf<G>,
        mut o: impl tally_ho::common::game::Opponent<G>,
    ) -> Result<(), String> {
        let mut g = record::load::<G>(r, std::path::Path::new("."))
            .map_err(|e| e.to_string())?
            .game;
        let _ = g.legal_commands();
        let n = g.commands().len();
        play_out_while(&mut g, &mut o, 12, |g| g.commands().len() < n + 12)
            .map(|_| ())
            .or(Ok(()))
    }
    match r {
        AnyRecord::SimpleHex(r) => go::<Hex>(r, tally_ho::simple_hex::ai::Ai::new()),
        AnyRecord::Family(r) => {
            go::<tally_ho::family::Game>(r, tally_ho::family::ai::Ai::default())
        }
        AnyRecord::Campaign(r) => go::<tally_ho::campaign::game::Campaign>(
            r,
            tally_ho::campaign::ai::Opponents::default(),
        ),
        AnyRecord::Blitz(r) => go::<tally_ho::blitz::Game>(r, tally_ho::blitz::ai::Crew::default()),
    }
}

/// Every number of a kept snapshot set, one at a time, to values no game
/// reaches (an index past every list, a turn past the calendar): the save
/// loads (its snapshot refused, or checked) and plays on, never a panic.
#[test]
fn a_snapshot_with_any_number_changed_is_refused_or_plays_never_panics() {
    use rand::{RngExt, SeedableRng};
    let values = [
        "0",
        "1",
        "2",
        "3",
        "7",
        "13",
        "99",
        "255",
        "4096",
        "65535",
        "4294967295",
    ];
    let mut tried = 0;
    let mut panicked = Vec::new();
    for (name, r, replay) in records() {
        if replay {
            continue;
        }
        let text = of_earlier_rules(&r.to_text());
        let kept = text.find("    kept: Some(").expect("a kept snapshot");
        // The numbers of the snapshot: (start, end) of each run of digits.
        let bytes = text.as_bytes();
        let mut numbers = Vec::new();
        let mut i = kept;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() && !bytes[i - 1].is_ascii_alphanumeric() {
                let j = (i..bytes.len())
                    .find(|&j| !bytes[j].is_ascii_digit())
                    .unwrap();
                numbers.push((i, j));
                i = j;
            } else {
                i += 1;
            }
        }
        assert!(numbers.len() > 10, "{name}: {} numbers", numbers.len());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed(name));
        let cases: usize = std::env::var("TALLY_HO_SNAPSHOT_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(150);
        for _ in 0..cases {
            let (a, b) = numbers[rng.random_range(0..numbers.len())];
            let v = values[rng.random_range(0..values.len())];
            let mut t = text.clone();
            t.replace_range(a..b, v);
            let Ok(any) = record::parse("save.ron", &t) else {
                continue;
            };
            let played = std::panic::catch_unwind(|| load_and_play(&any));
            if played.is_err() {
                panicked.push(format!(
                    "{name}: {v} at byte {a} ({:?})",
                    &text[a.saturating_sub(60)..b]
                ));
            }
            tried += 1;
        }
    }
    assert!(panicked.is_empty(), "panicked:\n{}", panicked.join("\n"));
    assert!(tried > 300, "{tried} snapshots loaded");
}
