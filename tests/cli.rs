//! The command line, run as a user would.

use std::process::Command;

fn tally_ho(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tally-ho"))
        .args(args)
        .output()
        .expect("run tally-ho");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
