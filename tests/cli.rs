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
    assert!(out.contains("first to 3 kills"), "{out}");
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
    // So is a replay of an edited board.
    let altered = text.replacen("fingerprint: \"", "fingerprint: \"0", 1);
    std::fs::write(&file, altered).unwrap();
    let (ok, _, err) = tally_ho(&["replay", f]);
    assert!(!ok);
    assert!(err.contains("changed since"), "{err}");
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
        "targets hit from the board per campaign",
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
