//! `tally-ho record` and `tally-ho replay`: one game played by the
//! opponents, written as a record; and a record re-run and checked.

use super::{say, Chosen, GameOpts, Res, Variant, WeatherArg};
use crate::campaign::ai as campaign_ai;
use crate::campaign::game::{Campaign, CampaignSetup};
use crate::common::Side;
use crate::data;
use crate::family::Setup as FamilySetup;
use crate::record;
use crate::sim;
use crate::simple_hex::ai::play_out;
use crate::simple_hex::Game;

/// `tally-ho replay`: any save or record, of this version or an earlier
/// one, loaded as the game loads it: what was verified and how it goes on.
/// An error (a damaged file) is the only failure.
pub(super) fn replay(file: &std::path::Path) -> Res {
    // Errors of the re-run name the replay they are about.
    let (rec, lines) = record::report_file(file)?;
    let mut lines = lines.lines();
    if let Some(first) = lines.next() {
        say!("{first} (digest {})", rec.digest());
    }
    for line in lines {
        say!("{line}");
    }
    Ok(())
}

/// Every seat played by the computer (a recorded AI game), Luftwaffe first.
fn computer_sides() -> Vec<record::Player> {
    [Side::German, Side::British]
        .into_iter()
        .map(|s| record::Player::new(s.name(), false))
        .collect()
}

/// "won by Red (seat 1)", "won by nobody (dusk)", or "unfinished".
fn family_outcome(game: &crate::family::Game) -> String {
    let Some(ending) = game.ending() else {
        return "unfinished".into();
    };
    match game.winner() {
        Some(w) => {
            let sector = game.spitfire(w).sector as usize;
            format!(
                "won by {} (seat {}, {ending:?})",
                game.scenario().sectors[sector].name,
                w + 1
            )
        }
        None => format!("won by nobody ({ending:?})"),
    }
}

/// `tally-ho record`: one game of the chosen kind, AI against AI, as a replay.
pub(super) fn record(
    game: &GameOpts,
    seed: u64,
    out: &std::path::Path,
    weather: Option<WeatherArg>,
    tactical: bool,
) -> Res {
    match (game.choose()?, weather) {
        (Chosen::SimpleHex { .. } | Chosen::Family { .. }, Some(_)) => {
            Err("--weather is for --game campaign".into())
        }
        (Chosen::SimpleHex { .. } | Chosen::Family { .. }, _) if tactical => {
            Err("--tactical is for --game campaign".into())
        }
        (Chosen::SimpleHex { level, variant }, None) => {
            record_simple_hex(&level, seed, variant, out)
        }
        (Chosen::Family { board, setup }, None) => record_family(&board, setup, seed, out),
        (Chosen::Blitz, Some(_)) => Err("--weather is for --game campaign".into()),
        (Chosen::Blitz, _) if tactical => Err("--tactical is for --game campaign".into()),
        (Chosen::Blitz, None) => record_blitz(seed, out),
        (Chosen::Campaign, weather) => {
            let weather = weather.unwrap_or(WeatherArg::PhaseDice).rule();
            let battles = if tactical {
                crate::campaign::game::Battles::Board
            } else {
                crate::campaign::game::Battles::Dice
            };
            record_campaign(
                CampaignSetup {
                    battles,
                    ..CampaignSetup::new(weather, seed)
                },
                out,
            )
        }
    }
}

/// The automatic crew flies a whole night Blitz tour; it is written as a
/// replay.
fn record_blitz(seed: u64, out: &std::path::Path) -> Res {
    use crate::blitz::Game as Blitz;
    use crate::record::Recorded;
    let base = record::base_of(out);
    let mut game = Blitz::start(&crate::blitz::Setup::default(), seed, &base)?;
    crate::common::game::play_out(
        &mut game,
        &mut crate::blitz::ai::Crew::default(),
        crate::sim::blitz::MAX_COMMANDS,
    )
    .map_err(|e| format!("the tour was not flown out: {e}"))?;
    let crew = vec![record::Player::new("Crew", false)];
    let rep: record::RecordOf<Blitz> = record::of(&game, crew, &base)?;
    record::AnyRecord::Blitz(rep).write(out)?;
    say!(
        "wrote {}: {} commands, seed {seed}: {}",
        out.display(),
        crate::common::game::Rules::commands(&game).len(),
        game.progress()
    );
    Ok(())
}

/// Both opponents play a whole campaign; it is written as a replay.
fn record_campaign(setup: CampaignSetup, out: &std::path::Path) -> Res {
    let (data, rules) = record::campaign::shipped()?;
    let mut campaign = Campaign::new(data, rules, setup);
    crate::common::game::play_out(
        &mut campaign,
        &mut campaign_ai::Opponents::default(),
        crate::sim::campaign::MAX_COMMANDS,
    )
    .map_err(|e| format!("the campaign was not played out: {e}"))?;
    let rep = record::of::<crate::campaign::game::Campaign>(
        &campaign,
        computer_sides(),
        std::path::Path::new("."),
    )?;
    record::AnyRecord::Campaign(rep).write(out)?;
    say!(
        "wrote {}: {} commands, seed {}. {}",
        out.display(),
        campaign.commands().len(),
        setup.seed,
        record::campaign::paragraph(&campaign)
    );
    Ok(())
}

fn record_family(board: &str, setup: FamilySetup, seed: u64, out: &std::path::Path) -> Res {
    use crate::family::{ai, Game as FamilyGame};
    use crate::record::{family::Setup, RecordOf, Recorded};
    // The board as given is read first, so that its errors name it so.
    data::load_family(board)?;
    let base = record::base_of(out);
    let shipped = data::FAMILY_BOARDS.iter().any(|(n, _, _)| *n == board);
    let setup = Setup {
        board: record::name_for_record(board, shipped, &base)?,
        seats: setup,
        position: None,
    };
    let mut game = FamilyGame::start(&setup, seed, &base)?;
    ai::play_out(&mut game, sim::family::MAX_COMMANDS)?;
    let players = (1..=game.spitfires().len())
        .map(|i| record::Player::new(format!("Commander {i}"), false))
        .collect();
    let rep: RecordOf<FamilyGame> = record::of(&game, players, &base)?;
    record::AnyRecord::Family(rep).write(out)?;
    say!(
        "wrote {}: {} commands, {} rounds, {}, kills {:?}",
        out.display(),
        game.commands().len(),
        game.round(),
        family_outcome(&game),
        game.spitfires().iter().map(|s| s.kills).collect::<Vec<_>>()
    );
    Ok(())
}

fn record_simple_hex(level: &str, seed: u64, variant: Variant, out: &std::path::Path) -> Res {
    use crate::record::{simple_hex::Setup, RecordOf, Recorded};
    // The level as given is read first, so that its errors name it so.
    data::load_simple_hex(level)?;
    let base = record::base_of(out);
    let shipped = data::SIMPLE_HEX_LEVELS.iter().any(|(n, _, _)| *n == level);
    let setup = Setup::new(
        record::name_for_record(level, shipped, &base)?,
        variant.options(),
    );
    let mut game = Game::start(&setup, seed, &base)?;
    play_out(&mut game)?;
    let rep: RecordOf<Game> = record::of(&game, computer_sides(), &base)?;
    record::AnyRecord::SimpleHex(rep).write(out)?;
    say!(
        "wrote {}: {} commands, winner {}, bomb score {}",
        out.display(),
        game.commands().len(),
        game.winner().map_or("none", |w| w.name()),
        game.score()
    );
    Ok(())
}

/// `tally-ho archive-data`: the data files under `from`/levels kept in the
/// archive at `into` as a tree named `name` (each text once, by its hash),
/// unless a tree of the same files is there already.
pub(super) fn archive_data(name: &str, from: &std::path::Path, into: &std::path::Path) -> Res {
    use crate::data::archive::{self, Tree};
    use crate::data::guard::hash;
    let levels = from.join("levels");
    let mut files = std::collections::BTreeMap::new();
    let mut texts = Vec::new();
    let mut stack = vec![levels.clone()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .map_err(|e| format!("{}: cannot read the folder: {e}", dir.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let rel = p.strip_prefix(from).unwrap_or(&p);
            let path = rel.to_string_lossy().replace('\\', "/");
            if !archive::kept(&path) {
                continue;
            }
            let text = data::Source::read(&p).map_err(|e| e.to_string())?.text;
            let h = format!("{:016x}", hash(text.as_bytes()));
            files.insert(path, h.clone());
            texts.push((h, text));
        }
    }
    if files.is_empty() {
        return Err(format!("{}: no data files to archive", levels.display()).into());
    }
    let list = into.join("trees.ron");
    let mut trees = archive::read_trees(
        &list.display().to_string(),
        &data::Source::read(&list).map_err(|e| e.to_string())?.text,
    )?;
    if let Some(same) = trees.trees.iter().find(|t| t.files == files) {
        say!(
            "{}: the tree is archived already, as {}",
            list.display(),
            same.name
        );
        return Ok(());
    }
    if trees.trees.iter().any(|t| t.name == name) {
        return Err(format!(
            "{}: a tree named {name} is archived already",
            list.display()
        )
        .into());
    }
    let blobs = into.join("blobs");
    let mut added = 0;
    for (h, text) in texts {
        let p = blobs.join(format!("{h}.ron"));
        if !p.exists() {
            data::write_atomic(&p, &text)?;
            added += 1;
        }
    }
    let n = files.len();
    trees.trees.push(Tree {
        name: name.to_string(),
        files,
    });
    data::write_atomic(&list, &data::to_ron(&trees))?;
    say!(
        "archived the data tree {name}: {n} files, {added} of them new texts, in {}",
        into.display()
    );
    Ok(())
}

/// The median of some durations, in milliseconds.
fn median_ms(mut d: Vec<std::time::Duration>) -> f64 {
    d.sort();
    d[d.len() / 2].as_secs_f64() * 1000.0
}

/// One game's figures: its record made, written as text, written to disk,
/// and replayed as the list of saves reads it.
fn bench_one<G: record::Recorded>(
    name: &str,
    game: &G,
    players: Vec<record::Player>,
    runs: usize,
) -> Res {
    use std::time::Instant;
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("autosave.ron");
    let (mut made, mut text, mut written, mut replayed) = (vec![], vec![], vec![], vec![]);
    let mut size = 0;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let r = record::of(game, players.clone(), std::path::Path::new("."))?;
        made.push(t.elapsed());
        let t = Instant::now();
        let any = G::any(r);
        let s = any.to_text();
        text.push(t.elapsed());
        size = s.len();
        let t = Instant::now();
        crate::data::guard::write(&path, &s)?;
        written.push(t.elapsed());
        let t = Instant::now();
        any.replayed(std::path::Path::new("."))?;
        replayed.push(t.elapsed());
    }
    say!(
        "{name}: {} commands, {} events, {size} bytes; record {:.2} ms, text {:.2} ms, write {:.2} ms (every command: {:.2} ms); replayed for the list {:.1} ms",
        game.commands().len(),
        game.events().len(),
        median_ms(made.clone()),
        median_ms(text.clone()),
        median_ms(written.clone()),
        median_ms(made) + median_ms(text) + median_ms(written),
        median_ms(replayed)
    );
    Ok(())
}

/// `tally-ho bench-saves`: what an autosave costs at the end of a long game
/// of each kind (the game is autosaved after every command).
pub(super) fn bench_saves(seed: u64, runs: usize) -> Res {
    use crate::common::game::play_out;
    let base = std::path::Path::new(".");
    let level = std::sync::Arc::new(data::load_simple_hex(data::DEFAULT_LEVEL)?);
    let mut hex = Game::new(level, Default::default(), seed);
    play_out(&mut hex, &mut crate::simple_hex::ai::Ai::new(), 100_000)?;
    bench_one("Simple Hex", &hex, computer_sides(), runs)?;
    let board = std::sync::Arc::new(data::load_family("full")?);
    let mut fam = crate::family::Game::new(board, FamilySetup::first_sectors(4), seed)?;
    crate::family::ai::play_out(&mut fam, sim::family::MAX_COMMANDS)?;
    let commanders = (1..=4)
        .map(|i| record::Player::new(format!("C{i}"), false))
        .collect();
    bench_one("family game", &fam, commanders, runs)?;
    for (name, battles) in [
        ("campaign, dice", crate::campaign::game::Battles::Dice),
        (
            "campaign, every fight on the hex board",
            crate::campaign::game::Battles::Board,
        ),
    ] {
        let (data, rules) = record::campaign::shipped()?;
        let setup = CampaignSetup {
            battles,
            ..CampaignSetup::new(crate::campaign::rules::WeatherRule::PhaseDice, seed)
        };
        let mut c = Campaign::new(data, rules, setup);
        play_out(
            &mut c,
            &mut campaign_ai::Opponents::default(),
            sim::campaign::MAX_COMMANDS,
        )?;
        bench_one(name, &c, computer_sides(), runs)?;
    }
    let mut tour =
        <crate::blitz::Game as record::Recorded>::start(&Default::default(), seed, base)?;
    play_out(
        &mut tour,
        &mut crate::blitz::ai::Crew::default(),
        sim::blitz::MAX_COMMANDS,
    )?;
    bench_one(
        "night Blitz",
        &tour,
        vec![record::Player::new("Crew", false)],
        runs,
    )?;
    Ok(())
}
