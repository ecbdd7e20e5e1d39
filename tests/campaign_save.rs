//! Campaign replays and saves: a campaign is its setup plus its commands, so
//! a recording re-runs to the same result and a save restores to a campaign
//! that goes on exactly as the original would have.

#[path = "common/cli.rs"]
mod cli;
use cli::tally_ho;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use tally_ho::campaign::ai;
use tally_ho::campaign::data::{CampaignData, Square};
use tally_ho::campaign::game::{Campaign, CampaignSetup, Command, Stage};
use tally_ho::campaign::rules::{CampaignValues, WeatherRule};
use tally_ho::common::game::GameKind;
use tally_ho::common::Side;
use tally_ho::record::{self, campaign::CampaignRecord, AnyRecord, Player, RecordError};

fn shipped() -> (Arc<CampaignData>, Arc<CampaignValues>) {
    record::campaign::shipped().expect("the shipped campaign loads")
}

fn setup(weather: WeatherRule, seed: u64) -> CampaignSetup {
    CampaignSetup::new(weather, seed)
}

/// A whole campaign, both sides played by the opponents, with its event log.
fn played(weather: WeatherRule, seed: u64) -> Campaign {
    let (data, rules) = shipped();
    let mut c = Campaign::new(data, rules, setup(weather, seed));
    tally_ho::common::game::play_out(&mut c, &mut ai::Opponents::default(), 1_000_000).unwrap();
    assert!(c.is_over());
    c
}

/// A fresh directory of its own for each test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tally-ho-campaign-save-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Why a record does not verify (a test failure if it does).
fn refused(rep: &CampaignRecord) -> RecordError {
    match record::verify::<tally_ho::campaign::game::Campaign>(rep, Path::new(".")) {
        Err(e) => e,
        Ok(_) => panic!("the record verified"),
    }
}

/// Why a record does not restore (a test failure if it does).
fn not_restored(r: &CampaignRecord) -> String {
    match record::restore::<tally_ho::campaign::game::Campaign>(r, std::path::Path::new(".")) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the record restored"),
    }
}

fn sides(human: Option<Side>) -> Vec<Player> {
    [Side::German, Side::British]
        .into_iter()
        .map(|s| Player::new(s.name(), human.is_none_or(|h| h == s)))
        .collect()
}

/// A campaign's record so far (the players: the RAF a person).
fn record_of(c: &Campaign) -> CampaignRecord {
    record::of::<tally_ho::campaign::game::Campaign>(
        c,
        sides(Some(Side::British)),
        std::path::Path::new("."),
    )
    .unwrap()
}

// ----- replays -----

#[test]
fn a_recorded_campaign_replay_verifies_to_the_identical_event_log() {
    for (weather, seed) in [
        (WeatherRule::PhaseDice, 1),
        (WeatherRule::Shortened, 2),
        (WeatherRule::Cards, 3),
        (WeatherRule::Historical, 4),
        (WeatherRule::SingleDice, 5),
    ] {
        let c = played(weather, seed);
        let rep = record_of(&c);
        assert_eq!(rep.game, GameKind::Campaign);
        assert_eq!(rep.result.verdict, c.verdict());
        assert_eq!(rep.result.turn, c.turns());
        let text = AnyRecord::Campaign(rep.clone()).to_text();
        let AnyRecord::Campaign(back) = record::parse("mem.ron", &text).unwrap() else {
            panic!("a campaign record read as another game");
        };
        assert_eq!(back, rep, "RON round trip");
        let again =
            record::verify::<tally_ho::campaign::game::Campaign>(&back, Path::new(".")).unwrap();
        assert_eq!(again.events(), c.events());
        assert_eq!(again.commands(), c.commands());
        assert_eq!(again.tally(), c.tally());
    }
}

#[test]
fn a_replay_with_one_command_changed_is_refused_or_differs() {
    let c = played(WeatherRule::PhaseDice, 11);
    let rep = record_of(&c);
    // A command the first decision cannot be: refused, and by its index.
    let mut bad = rep.clone();
    bad.commands[0] = Command::Home;
    match refused(&bad) {
        e @ RecordError::Illegal { index, .. } => {
            assert_eq!(index, 0);
            // Counted from 1 in the message.
            assert!(
                e.to_string().starts_with("command 1 (Home) is not legal"),
                "{e}"
            );
        }
        other => panic!("an illegal first command must be refused: {other}"),
    }
    // A geschwader's step to another square: it flies on from where it
    // should not be, and a later step is refused.
    let steps: Vec<usize> = (0..rep.commands.len())
        .filter(|&i| matches!(rep.commands[i], Command::Step(_)))
        .collect();
    assert!(steps.len() > 10, "the opponents fly raids");
    for &i in steps.iter().step_by(steps.len() / 5) {
        let Command::Step(to) = rep.commands[i] else {
            unreachable!()
        };
        let mut changed = rep.clone();
        changed.commands[i] = Command::Step(Square::new(to.col, to.row + 1));
        match refused(&changed) {
            RecordError::Illegal { index, .. } | RecordError::Edited { index, .. } => {
                assert!(index >= i)
            }
            RecordError::Differs { .. } => {}
            other => panic!("command {i} changed, yet: {other}"),
        }
    }
    // Another legal choice at the same decision, at points through the
    // campaign: the re-run is refused later on or reaches another result.
    // (Only choices the event log names, so that the change is bound to show.)
    let logged = |o: &Command| {
        matches!(
            o,
            Command::Step(_)
                | Command::MoveWing { .. }
                | Command::Assign { .. }
                | Command::Intercept(_)
                | Command::Lose(_)
                | Command::StandDown(_)
                | Command::Mend(_)
        )
    };
    let (data, rules) = shipped();
    let mut c = Campaign::new(data, rules, setup(rep.setup.weather, rep.seed));
    let mut changed_at = Vec::new();
    let mut next = 0;
    for (i, &cmd) in rep.commands.iter().enumerate() {
        let other = c
            .legal_commands()
            .into_iter()
            .find(|o| *o != cmd && logged(o));
        if let (Some(other), true) = (other, i >= next) {
            next = i + 97;
            let mut changed = rep.clone();
            changed.commands[i] = other;
            match refused(&changed) {
                RecordError::Illegal { index, .. } | RecordError::Edited { index, .. } => {
                    assert!(index >= i, "{other:?} at {i}")
                }
                RecordError::Differs { .. } => {}
                e => panic!("command {i} changed to {other:?}, yet: {e}"),
            }
            changed_at.push(i);
        }
        c.play(cmd).unwrap();
    }
    assert!(changed_at.len() >= 5, "changed at {changed_at:?}");
    // A command dropped from the end: the campaign is not over, the result differs.
    let mut short = rep.clone();
    short.commands.pop();
    assert!(matches!(refused(&short), RecordError::Differs { .. }));
}

#[test]
fn a_campaign_saved_mid_game_and_restored_goes_on_exactly_as_the_original() {
    for (weather, seed) in [
        (WeatherRule::PhaseDice, 21),
        (WeatherRule::SingleDice, 22),
        (WeatherRule::Historical, 23),
    ] {
        let whole = played(weather, seed);
        let all = whole.commands();
        let (data, rules) = shipped();
        let mut c = Campaign::new(data, rules, setup(weather, seed));
        let points = [0, 1, 50, 300, all.len() / 2, all.len() - 1, all.len()];
        let mut at = 0;
        for &point in &points {
            for &cmd in &all[at..point] {
                c.play(cmd).unwrap();
            }
            at = point;
            let saved = record_of(&c);
            assert_eq!(saved.commands.len(), point);
            let text = AnyRecord::Campaign(saved.clone()).to_text();
            assert!(
                text.starts_with("Record(\n    game: Campaign,"),
                "{}",
                &text[..40]
            );
            let AnyRecord::Campaign(back) = record::parse("save.ron", &text).unwrap() else {
                panic!("read as another game");
            };
            assert_eq!(back, saved, "RON round trip");
            let mut restored = record::restore::<tally_ho::campaign::game::Campaign>(
                &back,
                std::path::Path::new("."),
            )
            .unwrap();
            assert_eq!(restored.commands(), c.commands());
            assert_eq!(restored.events(), c.events(), "the same campaign so far");
            assert_eq!(restored.stage(), c.stage());
            assert_eq!(restored.tally(), c.tally());
            // Both played out by the opponents: the same campaign to the end.
            let mut original = c.clone();
            tally_ho::common::game::play_out(
                &mut original,
                &mut ai::Opponents::default(),
                1_000_000,
            )
            .unwrap();
            tally_ho::common::game::play_out(
                &mut restored,
                &mut ai::Opponents::default(),
                1_000_000,
            )
            .unwrap();
            assert_eq!(original.commands(), all, "the opponents are deterministic");
            assert_eq!(
                restored.commands(),
                all,
                "{weather:?} seed {seed} saved at {point}"
            );
            assert_eq!(restored.tally(), whole.tally());
            assert_eq!(restored.verdict(), whole.verdict());
            assert_eq!(restored.events(), whole.events());
        }
    }
}

#[test]
fn a_saved_campaign_keeps_who_plays_which_side() {
    let (data, rules) = shipped();
    let mut c = Campaign::new(data, rules, setup(WeatherRule::Cards, 31));
    for _ in 0..40 {
        let side = c.to_act().unwrap();
        c.play(ai::propose(&c, side).unwrap()).unwrap();
    }
    let dir = temp_dir("players");
    let path = dir.join("save.ron");
    for human in [Some(Side::German), Some(Side::British), None] {
        let r = record::of::<tally_ho::campaign::game::Campaign>(
            &c,
            sides(human),
            std::path::Path::new("."),
        )
        .unwrap();
        AnyRecord::Campaign(r.clone()).write(&path).unwrap();
        match record::read(&path) {
            Ok(AnyRecord::Campaign(back)) => {
                assert_eq!(back, r);
                assert_eq!(back.players, sides(human));
                assert_eq!(
                    record::restore::<tally_ho::campaign::game::Campaign>(
                        &back,
                        std::path::Path::new(".")
                    )
                    .unwrap()
                    .commands(),
                    c.commands()
                );
            }
            other => panic!("a campaign save reads back as one: {other:?}"),
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_corrupt_campaign_save_names_the_file_line_and_column_and_is_left_untouched() {
    let dir = temp_dir("corrupt");
    let path = dir.join("save.ron");
    let c = played(WeatherRule::SingleDice, 51);
    AnyRecord::Campaign(record_of(&c)).write(&path).unwrap();
    let good = std::fs::read_to_string(&path).unwrap();
    let file = path.display().to_string();
    let wrong_value = good.replacen("weather: SingleDice", "weather: Sunny", 1);
    assert_ne!(wrong_value, good);
    let unknown_field = good.replacen("players:", "player:", 1);
    assert_ne!(unknown_field, good);
    let wrong_type = good.replacen("seed: 51", "seed: fifty", 1);
    assert_ne!(wrong_type, good);
    for (what, bad) in [
        ("truncated", good[..good.len() / 2].to_string()),
        ("cut at the end", good[..good.len() - 3].to_string()),
        ("a weather rule that does not exist", wrong_value),
        ("a field the save does not have", unknown_field),
        ("a seed that is not a number", wrong_type),
        ("nothing but its first word", "Record".to_string()),
    ] {
        std::fs::write(&path, &bad).unwrap();
        let e = match record::read(&path) {
            Err(e) => e.to_string(),
            Ok(s) => panic!("{what}: read as {s:?}"),
        };
        let (place, _) = e
            .strip_prefix(&format!("{file}:"))
            .and_then(|rest| rest.split_once(": "))
            .unwrap_or_else(|| panic!("{what}: the error names the file first: {e}"));
        let (line, col) = place
            .split_once(':')
            .unwrap_or_else(|| panic!("{what}: no line:column in {e}"));
        assert!(
            line.parse::<usize>().unwrap() >= 1 && col.parse::<usize>().unwrap() >= 1,
            "{what}: {e}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            bad,
            "{what}: left as it is"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_campaign_save_whose_commands_the_rules_refuse_says_which_one() {
    let c = played(WeatherRule::PhaseDice, 61);
    let mut s = record_of(&c);
    s.commands[7] = Command::EndRepairs;
    let e = not_restored(&s);
    assert!(e.starts_with("command 8 (EndRepairs) is not legal"), "{e}");
    // Commands of every kind with indices and squares far out of range are
    // refused, never a panic, whatever the campaign is waiting for.
    let wild = [
        Command::Rotate(usize::MAX),
        Command::Production { squadrons: 255 },
        Command::Rebuild(usize::MAX),
        Command::Mend(u16::MAX),
        Command::Reserve(usize::MAX),
        Command::Discard(u16::MAX),
        Command::BigWing(usize::MAX, 0),
        Command::Assign {
            geschwader: usize::MAX,
            card: u16::MAX,
            wave: 255,
        },
        Command::Step(Square::new(i32::MAX, i32::MIN)),
        Command::Intercept(usize::MAX),
        Command::WingStep(Square::new(-1, -1)),
        Command::MoveWing {
            wing: usize::MAX,
            to: Square::new(i32::MIN, i32::MAX),
        },
        Command::Lose(usize::MAX),
        Command::StandDown(usize::MAX),
        Command::Gruppe(255),
        Command::Attack(Some(255)),
    ];
    let all = c.commands();
    let mut seen = std::collections::HashSet::new();
    let (data, rules) = shipped();
    let mut replayed = Campaign::new(data, rules, c.setup());
    for (i, &next) in all.iter().enumerate() {
        // One save cut at each kind of decision the campaign waits for.
        if seen.insert(std::mem::discriminant(replayed.stage())) {
            for &w in &wild {
                let mut s = record_of(&replayed);
                s.commands.push(w);
                let e = not_restored(&s);
                assert!(
                    e.starts_with(&format!("command {} (", i + 1)) && e.contains("is not legal"),
                    "{w:?} at {:?}: {e}",
                    replayed.stage()
                );
            }
        }
        replayed.play(next).unwrap();
    }
    assert!(seen.len() >= 8, "stages seen: {}", seen.len());
    assert_eq!(*replayed.stage(), Stage::Over);
}

#[test]
fn record_campaign_then_replay_reproduces_and_summarises() {
    let dir = temp_dir("cli");
    let file = dir.join("campaign.ron");
    let f = file.to_str().unwrap();
    let (ok, out, err) = tally_ho(&["record", "--game", "campaign", "--seed", "7", "--out", f]);
    assert!(ok, "{err}");
    assert!(out.contains("wrote"), "{out}");
    assert_eq!(files_in(&dir), ["campaign.ron"], "written atomically");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("game: Campaign"), "{}", &text[..200]);
    assert!(
        text.contains("weather: PhaseDice"),
        "the default weather rule"
    );
    let rep = match record::parse(f, &text).unwrap() {
        AnyRecord::Campaign(rep) => rep,
        other => panic!("not a campaign record: {other:?}"),
    };
    assert_eq!(rep.seed, 7);
    let (ok, out, err) = tally_ho(&["replay", f]);
    assert!(ok, "{err}");
    let t = rep.result.tally;
    for want in [
        "campaign replay reproduces".to_string(),
        "dice by phase".to_string(),
        "turn 11 of 11".to_string(),
        format!("bombed {} targets", t.targets),
        format!("the RAF lost {} squadrons", t.raf_lost),
        format!("the Luftwaffe {};", t.luftwaffe_lost),
        "the verdict is a".to_string(),
    ] {
        assert!(out.contains(&want), "missing {want:?} in\n{out}");
    }
    // One paragraph, then the data it was played on and how it goes on.
    let lines: Vec<&str> = out.trim().lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[1], "data: today's", "{out}");
    assert!(lines[2].starts_with("goes on: the game is over"), "{out}");
    // An edited digest is refused...
    std::fs::write(&file, text.replacen("digest: \"", "digest: \"0", 1)).unwrap();
    let (ok, _, err) = tally_ho(&["replay", f]);
    assert!(!ok);
    assert!(err.contains("differs"), "{err}");
    // A replay of campaign files this version does not keep is replayed
    // on today's, and says so: here it plays exactly as recorded.
    std::fs::write(
        &file,
        text.replacen("fingerprint: \"", "fingerprint: \"0", 1),
    )
    .unwrap();
    let (ok, out, err) = tally_ho(&["replay", f]);
    assert!(ok, "{err}");
    assert!(out.contains("campaign replay reproduces"), "{out}");
    assert!(
        out.contains("data: today's (no tree of earlier data this version keeps is the one it was played on)"),
        "{out}"
    );
    // A broken file is an error at its place, not a panic.
    std::fs::write(&file, &text[..text.len() / 3]).unwrap();
    let (ok, _, err) = tally_ho(&["replay", f]);
    assert!(!ok);
    assert!(err.contains("campaign.ron:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn record_campaign_takes_each_weather_rule_and_the_same_seed_gives_the_same_file() {
    let dir = temp_dir("weather");
    for (arg, name, rule) in [
        ("phase-dice", "dice by phase", "PhaseDice"),
        ("single-dice", "single dice", "SingleDice"),
        ("shortened", "shortened campaign", "Shortened"),
        ("cards", "weather cards", "Cards"),
        ("historical", "historical weather", "Historical"),
    ] {
        let file = dir.join(format!("{arg}.ron"));
        let f = file.to_str().unwrap();
        let args = [
            "record",
            "--game",
            "campaign",
            "--weather",
            arg,
            "--seed",
            "3",
            "--out",
            f,
        ];
        let (ok, out, err) = tally_ho(&args);
        assert!(ok, "{err}");
        assert!(out.contains(name), "{out}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(&format!("weather: {rule}")), "{arg}");
        let (ok, out, err) = tally_ho(&["replay", f]);
        assert!(ok, "{arg}: {err}");
        assert!(out.contains(name), "{out}");
        let (ok, _, err) = tally_ho(&args);
        assert!(ok, "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "{arg}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_weather_option_is_for_the_campaign_only() {
    let dir = temp_dir("options");
    let f = dir.join("x.ron");
    let f = f.to_str().unwrap();
    let (ok, _, err) = tally_ho(&[
        "record",
        "--game",
        "family",
        "--weather",
        "cards",
        "--out",
        f,
    ]);
    assert!(!ok);
    assert!(err.contains("--weather is for --game campaign"), "{err}");
    let (ok, _, err) = tally_ho(&["record", "--weather", "cards", "--out", f]);
    assert!(!ok);
    assert!(err.contains("--weather is for --game campaign"), "{err}");
    let (ok, _, err) = tally_ho(&[
        "record",
        "--game",
        "campaign",
        "--weather",
        "sunny",
        "--out",
        f,
    ]);
    assert!(!ok);
    assert!(err.contains("phase-dice"), "the choices are listed: {err}");
    let (ok, _, err) = tally_ho(&[
        "record", "--game", "campaign", "--board", "full", "--out", f,
    ]);
    assert!(!ok);
    assert!(err.contains("--board is not for --game campaign"), "{err}");
    assert!(files_in(&dir).is_empty(), "nothing written");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_campaign_recorded_with_its_battles_on_the_board_replays() {
    let dir = std::env::temp_dir().join(format!("tally-ho-tac-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tactical.ron");
    let f = path.to_str().unwrap();
    let (ok, out, err) = tally_ho(&[
        "record",
        "--game",
        "campaign",
        "--tactical",
        "--seed",
        "5",
        "--out",
        f,
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("commands"), "{out}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("battles: Board"), "the setup says so");
    assert!(
        text.contains("Hex("),
        "the battles' moves are in the replay"
    );
    let (ok, out, err) = tally_ho(&["replay", f]);
    assert!(ok, "{err}");
    assert!(out.contains("campaign replay reproduces"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
