//! The command line, run as a user would.

#[path = "common/cli.rs"]
mod cli;
use cli::tally_ho;

#[test]
fn simulate_prints_the_figures() {
    let (ok, out, err) = tally_ho(&["simulate", "--games", "60", "--seed", "3"]);
    assert!(ok, "{err}");
    for want in [
        "Luftwaffe wins",
        "RAF wins",
        "95% CI",
        "bomb score",
        "Spitfire",
        "games per second",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    let (_, again, _) = tally_ho(&["simulate", "--games", "60", "--seed", "3"]);
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&out), strip(&again), "same seed, same numbers");
}

/// `tally-ho replay` takes any save or record, of this version or an
/// earlier one: it says what it verified, the data it was played on and how
/// the game goes on, and succeeds; only a damaged file fails.
#[test]
fn replay_reports_every_save_of_every_earlier_version_and_succeeds() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut dirs = vec![root.join("earlier-version")];
    for e in std::fs::read_dir(root.join("saves")).unwrap() {
        dirs.push(e.unwrap().path());
    }
    let mut n = 0;
    for dir in dirs.iter().filter(|d| d.is_dir()) {
        for e in std::fs::read_dir(dir).unwrap() {
            let file = e.unwrap().path();
            if file.extension().is_none_or(|x| x != "ron") {
                continue;
            }
            let f = file.to_str().unwrap();
            let (ok, out, err) = tally_ho(&["replay", f]);
            assert!(ok, "{f}: {err}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 3, "{f}: {out}");
            assert!(lines[1].starts_with("data: "), "{f}: {out}");
            assert!(lines[2].starts_with("goes on: "), "{f}: {out}");
            n += 1;
        }
    }
    assert!(n >= 30, "{n} fixtures");
    // A save of a later version than this one is refused with a sentence.
    let dir = std::env::temp_dir().join(format!("tally-ho-cli-later-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let later = dir.join("later.ron");
    let text = std::fs::read_to_string(root.join("saves/1dc1acf/save_solo.ron")).unwrap();
    std::fs::write(&later, text.replacen("version: 5,", "version: 99,", 1)).unwrap();
    let (ok, _, err) = tally_ho(&["replay", later.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("written by a later Tally-Ho (record version 99"),
        "{err}"
    );
    // A zeroed digest in a save of today's rules is damage, said so.
    let zeroed = dir.join("zeroed.ron");
    let digest = text.find("digest: \"").unwrap() + "digest: \"".len();
    let mut bad = text.clone();
    bad.replace_range(digest..digest + 16, "0000000000000000");
    std::fs::write(&zeroed, bad).unwrap();
    let (ok, _, err) = tally_ho(&["replay", zeroed.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("differs from the recording"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Without a display the game says so in a sentence and fails, never a
/// panic: with no display named, and with one named that does not answer.
#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn without_a_display_the_game_says_so_and_does_not_panic() {
    for display in [None, Some(":9999")] {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_tally-ho"));
        cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
        if let Some(d) = display {
            cmd.env("DISPLAY", d);
        }
        let dir = std::env::temp_dir().join(format!("tally-ho-nodisplay-{}", std::process::id()));
        let out = cmd.env("TALLY_HO_DATA_DIR", &dir).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{display:?}: {err}");
        assert!(
            err.lines()
                .any(|l| l.starts_with("tally-ho: cannot open the game's window")),
            "{display:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{display:?}: {err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn record_then_replay_reproduces() {
    let dir = std::env::temp_dir().join(format!("tally-ho-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.ron");
    let f = file.to_str().unwrap();
    let (ok, _, err) = tally_ho(&["record", "--seed", "5", "--out", f]);
    assert!(ok, "{err}");
    let (ok, out, err) = tally_ho(&["replay", f]);
    assert!(ok, "{err}");
    assert!(out.contains("replay reproduces"), "{out}");
    // A replay whose recorded result was altered is refused.
    let text = std::fs::read_to_string(&file).unwrap();
    let altered = text.replacen("score: ", "score: 1", 1);
    std::fs::write(&file, altered).unwrap();
    let (ok, _, err) = tally_ho(&["replay", f]);
    assert!(!ok);
    assert!(err.contains("differs"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_level_is_an_error_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("tally-ho-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.ron");
    std::fs::write(&file, "ScenarioFile(name: \"x\", board: (columns: 3").unwrap();
    let (ok, _, err) = tally_ho(&[
        "simulate",
        "--games",
        "1",
        "--level",
        file.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("bad.ron:1:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The figure lines of a simulation, without the timing and thread count.
fn figures(out: &str) -> String {
    out.lines()
        .filter(|l| !l.starts_with("time") && !l.starts_with("commanders"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn simulate_family_prints_the_figures() {
    let args = [
        "simulate", "--game", "family", "--board", "kitchen", "--games", "24", "--seed", "3",
    ];
    let (ok, out, err) = tally_ho(&args);
    assert!(ok, "{err}");
    for want in [
        "Kitchen table",
        "games played        24",
        "game length",
        "median",
        "10th-90th percentile",
        "kills",
        "Red",
        "Yellow",
        "wins",
        "95% CI",
        "won by nobody",
        "all Spitfires out",
        "dusk",
        "ran out of fuel",
        "collision",
        "bombed on the ground",
        "no room to give way",
        "bombers shot down",
        "features bombed",
        "games per second",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    let mut one_thread = args.to_vec();
    one_thread.extend(["--threads", "1"]);
    let (ok, again, err) = tally_ho(&one_thread);
    assert!(ok, "{err}");
    assert_eq!(figures(&out), figures(&again), "same seed, same numbers");
}

#[test]
fn simulate_family_solo_short_game_with_a_csv() {
    let dir = std::env::temp_dir().join(format!("tally-ho-fam-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("games.csv");
    let (ok, out, err) = tally_ho(&[
        "simulate",
        "--game",
        "family",
        "--players",
        "1",
        "--short",
        "--games",
        "10",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("3 kills by the difficulty's round"), "{out}");
    // The solo game is reported by difficulty, each with its interval.
    for d in ["solo Recruit", "solo Veteran", "solo Ace"] {
        assert!(out.contains(d), "{d}:\n{out}");
    }
    assert!(out.contains("95% CI"), "{out}");
    assert!(!out.contains("Blue"), "one commander only:\n{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 11);
    assert!(text
        .starts_with("game,seed,ending,winner,rounds,commands,features_bombed,kills_1,lost_1\n"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn record_then_replay_a_family_game() {
    let dir = std::env::temp_dir().join(format!("tally-ho-fam-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("family.ron");
    let f = file.to_str().unwrap();
    let (ok, out, err) = tally_ho(&[
        "record",
        "--game",
        "family",
        "--board",
        "kitchen",
        "--players",
        "4",
        "--seed",
        "6",
        "--out",
        f,
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("wrote"), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("game: Family"), "{text}");
    let (ok, out, err) = tally_ho(&["replay", f]);
    assert!(ok, "{err}");
    assert!(out.contains("family replay reproduces"), "{out}");
    // An edited digest is refused.
    let altered = text.replacen("digest: \"", "digest: \"0", 1);
    std::fs::write(&file, altered).unwrap();
    let (ok, _, err) = tally_ho(&["replay", f]);
    assert!(!ok);
    assert!(err.contains("differs"), "{err}");
    // A replay of a board no version kept is replayed on today's, and says
    // so (here it plays exactly as recorded).
    let altered = text.replacen("fingerprint: \"", "fingerprint: \"0", 1);
    std::fs::write(&file, altered).unwrap();
    let (ok, out, err) = tally_ho(&["replay", f]);
    assert!(ok, "{err}");
    assert!(out.contains("family replay reproduces"), "{out}");
    assert!(
        out.contains("data: today's (no tree of earlier data"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn each_game_refuses_the_other_games_options() {
    let (ok, _, err) = tally_ho(&["simulate", "--games", "1", "--board", "kitchen"]);
    assert!(!ok);
    assert!(err.contains("--board is for --game family"), "{err}");
    let (ok, _, err) = tally_ho(&["simulate", "--game", "family", "--level", "memoir-9x13"]);
    assert!(!ok);
    assert!(err.contains("--level is for --game simple-hex"), "{err}");
    let (ok, _, _) = tally_ho(&["simulate", "--game", "family", "--players", "5"]);
    assert!(!ok);
    let (ok, _, err) = tally_ho(&["simulate", "--game", "family", "--board", "attic"]);
    assert!(!ok);
    assert!(err.contains("no such board"), "{err}");
}

#[test]
fn simulate_campaign_reports_weather_raids_losses_and_victory_for_every_rule() {
    let (ok, out, err) = tally_ho(&["simulate", "--game", "campaign", "--games", "300"]);
    assert!(ok, "{err}");
    for want in [
        "dice by phase",
        "single dice",
        "shortened campaign",
        "weather cards",
        "historical weather",
        "the sheet states 1/2",
        "the sheet states 1/3",
        "the sheet states 4/9",
        "the sheet states 15/36",
        "(the sheet: about 43)",
        "(the Luftwaffe needs 28)",
        "loss rate 6:10 held:",
        "victory: Luftwaffe",
        "campaigns per second",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    // Cards, history and the shortened campaign always fly exactly 7 turns.
    assert_eq!(
        out.matches("mean 7.00, fewest 7, most 7").count(),
        3,
        "{out}"
    );
    // The opponents never propose a command the rules refuse.
    assert_eq!(
        out.matches("opponent proposals refused by check: 0")
            .count(),
        5,
        "{out}"
    );
    let (ok, _, err) = tally_ho(&["simulate", "--game", "campaign", "--board", "full"]);
    assert!(!ok);
    assert!(err.contains("--board is not for --game campaign"), "{err}");
}

#[test]
fn simulate_campaign_tactical_sets_the_board_beside_the_dice() {
    let (ok, out, err) = tally_ho(&[
        "simulate",
        "--game",
        "campaign",
        "--tactical",
        "--games",
        "20",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.matches("campaigns each way, the same seeds").count(),
        5,
        "{out}"
    );
    for want in [
        "hex board",
        "RAF lost per intercept",
        "Luftwaffe stood down per intercept",
        "bombers through an intercept on the board",
        "British wins",
    ] {
        assert!(out.contains(want), "missing {want:?} in\n{out}");
    }
    // Every proposal of both opponents and of Simple Hex's, allowed.
    let refused: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("proposals refused"))
        .collect();
    assert_eq!(refused.len(), 5);
    for l in refused {
        assert!(l.split_whitespace().rev().take(2).all(|n| n == "0"), "{l}");
    }
    let (ok, _, err) = tally_ho(&["simulate", "--tactical", "--games", "5"]);
    assert!(!ok);
    assert!(err.contains("--tactical is for --game campaign"), "{err}");
}

// ----- closed pipes, threads, and errors that name their file -----

use cli::tally_ho_within;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `tally-ho` with its standard output read for `lines` lines and then
/// closed, as `| head -N` does: (succeeded, stderr).
fn closed_after(args: &[&str], lines: usize) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tally-ho"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..lines {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "fewer than {lines} lines");
    }
    drop(out);
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr).into_owned();
    (done.status.success(), err)
}

#[test]
fn a_closed_output_pipe_ends_the_command_quietly() {
    // Closed before anything is written, and after the first line, with
    // more to come after the next weather rule's campaigns.
    for (args, lines) in [
        (&["simulate", "--games", "300"][..], 0),
        (&["simulate", "--game", "campaign", "--games", "20"][..], 1),
    ] {
        let (ok, err) = closed_after(args, lines);
        assert!(ok, "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

#[test]
fn threads_are_all_cores_for_0_and_at_most_four_per_core() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = |n: &str| {
        let (ok, out, err) = tally_ho(&["simulate", "--games", "8", "--threads", n]);
        assert!(ok, "{err}");
        let used = out
            .lines()
            .find_map(|l| l.strip_prefix("rules "))
            .and_then(|l| l.split(", ").nth(2))
            .unwrap_or_else(|| panic!("{out}"))
            .to_string();
        (used, err)
    };
    assert_eq!(threads("0"), (format!("{cores} threads"), String::new()));
    assert_eq!(threads("1"), ("1 threads".to_string(), String::new()));
    let most = 4 * cores;
    assert_eq!(
        threads("100000"),
        (
            format!("{most} threads"),
            format!(
                "tally-ho: --threads 100000 is more than 4 per core; using {most} on these {cores} cores\n"
            )
        )
    );
}

#[cfg(unix)]
#[test]
fn a_level_board_or_replay_that_is_not_a_file_is_refused_at_once() {
    let dir = tempfile::Builder::new()
        .prefix("tally-ho-cli-special-")
        .tempdir()
        .unwrap();
    let fifo = dir.path().join("board.ron");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let folder = dir.path().to_str().unwrap().to_string();
    let fifo = fifo.to_str().unwrap().to_string();
    for (args, path, kind) in [
        (
            vec!["simulate", "--games", "1", "--level", "/dev/zero"],
            "/dev/zero",
            "a character device",
        ),
        (
            vec![
                "simulate", "--game", "family", "--games", "1", "--board", &fifo,
            ],
            &fifo,
            "a named pipe (FIFO)",
        ),
        (vec!["replay", &folder], &folder, "a directory"),
        (
            vec!["record", "--level", &folder, "--out", "/dev/null"],
            &folder,
            "a directory",
        ),
    ] {
        let (ok, out, err, took) = tally_ho_within(&args, Duration::from_secs(1));
        println!("{path}: refused in {took:?}");
        assert!(!ok && out.is_empty(), "{args:?}");
        assert_eq!(
            err,
            format!("tally-ho: {path}: cannot read the file: it is {kind}\n")
        );
    }
}

#[test]
fn errors_name_the_file_they_are_about() {
    let dir = tempfile::Builder::new()
        .prefix("tally-ho-cli-names-")
        .tempdir()
        .unwrap();
    let replay = dir.path().join("game.ron");
    let r = replay.to_str().unwrap();
    let (ok, _, err) = tally_ho(&["record", "--seed", "5", "--out", r]);
    assert!(ok, "{err}");
    // A replay whose re-run differs names the replay.
    let text = std::fs::read_to_string(&replay).unwrap();
    std::fs::write(&replay, text.replacen("score: ", "score: 1", 1)).unwrap();
    let (ok, _, err) = tally_ho(&["replay", r]);
    assert!(!ok);
    assert!(
        err.starts_with(&format!("tally-ho: {r}: the re-run differs")),
        "{err}"
    );
    // A CSV that cannot be written where it was asked for names its path.
    let csv = dir.path().to_str().unwrap();
    let (ok, _, err) = tally_ho(&["simulate", "--games", "2", "--csv", csv]);
    assert!(!ok);
    assert_eq!(
        err,
        format!("tally-ho: {csv}: cannot write: it is a directory, not a file\n")
    );
    let inside_a_file = format!("{r}/figures.csv");
    let (ok, _, err) = tally_ho(&["simulate", "--games", "2", "--csv", &inside_a_file]);
    assert!(!ok);
    assert!(
        err.starts_with(&format!("tally-ho: {r}: cannot make the folder: ")),
        "{err}"
    );
    // A board with fewer sectors than commanders names the board.
    let kitchen = tally_ho::data::family_board_source("kitchen").unwrap().text;
    let one_sector = kitchen
        .replace("111222333444", "111111111111")
        .replace("~11~22~33~4~", "~11~11~11~1~")
        .replace(
            "(name: \"Blue\", colour: Blue),\n        (name: \"Green\", colour: Green),\n        (name: \"Yellow\", colour: Yellow),\n",
            "",
        );
    let board = dir.path().join("one_sector.ron");
    std::fs::write(&board, one_sector).unwrap();
    let b = board.to_str().unwrap();
    let args = ["simulate", "--game", "family", "--board", b, "--games", "1"];
    let (ok, _, err) = tally_ho(&args);
    assert!(!ok);
    assert!(err.starts_with(&format!("tally-ho: {b}: ")), "{err}");
    assert!(err.contains("at most 1 commanders"), "{err}");
    let (ok, _, err) = tally_ho(&[&args[..], &["--players", "1"]].concat());
    assert!(ok, "{err}");
}

#[test]
fn a_window_size_outside_the_layouts_or_not_a_size_is_refused_before_a_window_opens() {
    for (arg, want) in [
        ("640x480", "outside the sizes"),
        ("900x700", "outside the sizes"),
        ("1280x8000", "outside the sizes"),
        ("1280", "WIDTHxHEIGHT"),
        ("widexhigh", "WIDTHxHEIGHT"),
        ("-5x700", "WIDTHxHEIGHT"),
        ("99999999999x700", "WIDTHxHEIGHT"),
    ] {
        let (ok, _, err) = tally_ho(&[&format!("--window={arg}")]);
        assert!(!ok, "--window {arg} was accepted");
        assert!(err.contains(want), "--window {arg}: {err}");
    }
}

#[test]
fn bench_decisions_times_every_level_of_each_game() {
    for (args, level_lines) in [
        (&["bench-decisions", "--games", "3"][..], 2),
        (
            &[
                "bench-decisions",
                "--game",
                "family",
                "--board",
                "kitchen",
                "--games",
                "2",
                "--levels",
                "ace",
            ][..],
            1,
        ),
        (
            &[
                "bench-decisions",
                "--game",
                "campaign",
                "--games",
                "1",
                "--levels",
                "recruit,veteran",
            ][..],
            2,
        ),
    ] {
        let (ok, out, err) = tally_ho(args);
        assert!(ok, "{args:?}: {err}");
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("99th percentile"))
            .collect();
        assert_eq!(lines.len(), level_lines, "{args:?}:\n{out}");
        for l in lines {
            // Some decisions were timed, and the figures are numbers.
            let n: usize = l.split_whitespace().nth(1).unwrap().parse().unwrap();
            assert!(n > 0, "{l}");
            assert!(l.contains(" ms"), "{l}");
        }
    }
}

#[test]
fn simulate_plays_a_difficulty_setting_and_every_setting_side_by_side() {
    let (ok, out, err) = tally_ho(&["simulate", "--games", "40", "--difficulty", "even"]);
    assert!(ok, "{err}");
    assert!(out.contains("difficulty          even (forces)"), "{out}");
    // The reserve's losses count with the Spitfires'.
    assert!(out.contains("Spitfire"), "{out}");
    let (ok, out, err) = tally_ho(&["simulate", "--games", "20", "--difficulties"]);
    assert!(ok, "{err}");
    for (name, forces) in [
        ("as-written", "16 v 8"),
        ("even", "16 v 11"),
        ("raf-reserve-1", "16 v 9"),
        ("raf-reserve-2", "16 v 10"),
        ("raf-reserve-4", "16 v 12"),
        ("two-fewer-escorts", "14 v 8"),
        ("no-me-110", "12 v 8"),
    ] {
        let row = out
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no row for {name} in\n{out}"));
        assert!(row.contains(forces), "{row}");
        assert!(row.contains('%') && row.contains('('), "{row}");
    }
    let (ok, _, err) = tally_ho(&["simulate", "--games", "1", "--difficulty", "hardest"]);
    assert!(!ok);
    assert!(err.contains("no difficulty \"hardest\""), "{err}");
    let (ok, _, err) = tally_ho(&["simulate", "--game", "family", "--difficulty", "even"]);
    assert!(!ok);
    assert!(err.contains("are for Simple Hex"), "{err}");
}

#[test]
fn simple_hex_has_two_levels_and_its_ladder_is_judged_at_every_seat() {
    let (ok, out, err) = tally_ho(&["simulate", "--games", "30", "--seed", "2", "--ladder"]);
    assert!(ok, "{err}");
    assert!(out.contains("level ladder        (forces even;"), "{out}");
    let rungs: Vec<&str> = out.lines().filter(|l| l.contains(" against ")).collect();
    assert_eq!(rungs.len(), 1, "Veteran against Recruit only:\n{out}");
    assert!(
        rungs[0]
            .trim_start()
            .starts_with("Veteran  against Recruit"),
        "{out}"
    );
    for seat in ["as Luftwaffe", "as RAF"] {
        let line = out
            .lines()
            .find(|l| l.contains(seat))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            line.contains("beyond the Recruit in that seat") && line.contains("95% CI"),
            "{line}"
        );
    }
    // The Ace was merged into the Veteran: asking for it says so, and the
    // Veteran plays the seat.
    let (ok, out, err) = tally_ho(&["simulate", "--games", "1", "--levels", "ace,veteran"]);
    assert!(ok, "{err}");
    assert!(err.contains("merged into the Veteran"), "{err}");
    assert!(!out.contains("Ace"), "{out}");
}
