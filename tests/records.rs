//! Records: one format for the saves and replays of every game. A game is
//! its setup, seed and commands; a record of it replays to the identical
//! event log, and any edit is caught (an edited decision by name).

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tally_ho::campaign::ai as campaign_ai;
use tally_ho::campaign::game::{Battles, Campaign, CampaignSetup};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::common::game::{GameKind, Opponent};
use tally_ho::common::Side;
use tally_ho::data;
use tally_ho::family::{self, Position, Setup as Seats, SpitfireAt};
use tally_ho::record::{self, AnyRecord, Player, RecordError, RecordOf, Recorded};
use tally_ho::simple_hex::{ai, Command, Event, Game, Options, SpeedDice};

const HERE: &str = ".";

fn here() -> &'static Path {
    Path::new(HERE)
}

fn sides() -> Vec<Player> {
    vec![Player::new("Luftwaffe", false), Player::new("RAF", true)]
}

fn simple_hex_game(seed: u64) -> Game {
    let mut g = Game::new(crane(), Options::default(), seed);
    finish_with_ai(&mut g);
    g
}

fn family_game(players: usize, seed: u64) -> family::Game {
    let sc = Arc::new(data::load_family("kitchen").unwrap());
    let mut g = family::Game::new(sc, Seats::first_sectors(players), seed).unwrap();
    family::ai::play_out(&mut g, 20_000).unwrap();
    assert!(g.is_over());
    g
}

fn campaign_game(weather: WeatherRule, seed: u64) -> Campaign {
    let (data, rules) = record::campaign::shipped().unwrap();
    let mut c = Campaign::new(data, rules, CampaignSetup::new(weather, seed));
    tally_ho::common::game::play_out(&mut c, &mut campaign_ai::Opponents::default(), 1_000_000)
        .expect("no proposal refused");
    assert!(c.is_over());
    c
}

fn commanders(n: usize) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(format!("C{i}"), i == 1))
        .collect()
}

/// A fresh directory of its own for each test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tally-ho-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A record through its text and back, as a file would take it.
fn round_trip(r: &AnyRecord) -> AnyRecord {
    let text = r.to_text();
    let back = record::parse("mem.ron", &text).unwrap();
    assert_eq!(&back, r, "RON round trip");
    back
}

#[test]
fn a_record_of_each_game_replays_to_the_identical_event_log() {
    for seed in [1, 2, 99] {
        let g = simple_hex_game(seed);
        let r = record::of(&g, sides(), here()).unwrap();
        assert_eq!(r.game, GameKind::SimpleHex);
        assert_eq!(r.version, record::VERSION);
        assert_eq!(r.trail.len(), 4 * g.commands().len());
        let AnyRecord::SimpleHex(back) = round_trip(&AnyRecord::SimpleHex(r)) else {
            panic!("read back as another game");
        };
        let again: Game = record::verify(&back, here()).unwrap();
        assert_eq!(again.events(), g.events());
        assert_eq!(again.dice().log(), g.dice().log());
    }
    for seed in [1, 2] {
        let g = family_game(4, seed);
        let r = record::of(&g, commanders(4), here()).unwrap();
        assert_eq!(r.result.winner, g.winner());
        let AnyRecord::Family(back) = round_trip(&AnyRecord::Family(r)) else {
            panic!("read back as another game");
        };
        let again: family::Game = record::verify(&back, here()).unwrap();
        assert_eq!(again.events(), g.events());
    }
    for (weather, seed) in [(WeatherRule::Cards, 3), (WeatherRule::Shortened, 4)] {
        let c = campaign_game(weather, seed);
        let r = record::of::<tally_ho::campaign::game::Campaign>(
            &c,
            sides(),
            std::path::Path::new("."),
        )
        .unwrap();
        assert_eq!(r.result.verdict, c.verdict());
        let AnyRecord::Campaign(back) = round_trip(&AnyRecord::Campaign(r)) else {
            panic!("read back as another game");
        };
        let again = record::verify::<tally_ho::campaign::game::Campaign>(&back, here()).unwrap();
        assert_eq!(again.events(), c.events());
        assert_eq!(again.tally(), c.tally());
    }
}

#[test]
fn a_family_game_from_a_position_records_its_position() {
    let sc = Arc::new(data::load_family("kitchen").unwrap());
    let position = Position {
        spitfires: vec![SpitfireAt {
            seat: 1,
            at: (5, 5),
            altitude: 3,
            fuel: 7,
        }],
        ..Position::default()
    };
    let mut g = family::Game::with_position(sc, Seats::first_sectors(2), position, 9).unwrap();
    family::ai::play_out(&mut g, 200).unwrap();
    let r = record::of(&g, commanders(2), here()).unwrap();
    assert!(r.setup.position.is_some());
    let again: family::Game = record::verify(&r, here()).unwrap();
    assert_eq!(again.events(), g.events());
}

/// Recorded decisions (about `edits` of them, spread over the game), each
/// edited to another legal one where there is one, fail verification
/// naming exactly that command.
fn each_edit_is_named<G: Recorded>(g: &G, players: Vec<Player>, edits_wanted: usize) -> usize
where
    G::Command: PartialEq,
{
    let good = record::of(g, players, here()).unwrap();
    let every = (good.commands.len() / edits_wanted).max(1);
    let mut then = G::start(&good.setup, good.seed, here()).unwrap();
    let mut edits = 0;
    for i in 0..good.commands.len() {
        if i > 0 {
            then.play(good.commands[i - 1].clone()).unwrap();
        }
        if i % every != 0 {
            continue;
        }
        let Some(other) = then
            .legal_commands()
            .into_iter()
            .find(|c| *c != good.commands[i])
        else {
            continue; // nothing else could have been decided here
        };
        let mut r = good.clone();
        r.commands[i] = other.clone();
        match record::verify::<G>(&r, here()) {
            Err(RecordError::Edited { index, command }) => {
                assert_eq!(index, i, "{other:?} in place of {:?}", good.commands[i]);
                assert_eq!(command, format!("{other:?}"));
                let e = RecordError::Edited { index, command }.to_string();
                assert!(e.starts_with(&format!("command {} (", i + 1)), "{e}");
            }
            other_result => panic!(
                "command {i} edited to {other:?}: {:?}",
                other_result.map(|_| "verified")
            ),
        }
        edits += 1;
    }
    edits
}

#[test]
fn a_record_with_any_decision_edited_fails_to_verify_naming_the_command() {
    let edits = each_edit_is_named(&simple_hex_game(5), sides(), 80);
    assert!(edits > 40, "only {edits} Simple Hex decisions edited");
    let edits = each_edit_is_named(&family_game(2, 6), commanders(2), 200);
    assert!(edits > 20, "only {edits} family decisions edited");
    // The campaign's decisions: the production split, rotations, missions,
    // moves, allocations, gruppen, attacks, and the battles on the board.
    for battles in [Battles::Dice, Battles::Board] {
        let (data, rules) = record::campaign::shipped().unwrap();
        let setup = CampaignSetup {
            battles,
            ..CampaignSetup::new(WeatherRule::Cards, 8)
        };
        let mut c = Campaign::new(data, rules, setup);
        tally_ho::common::game::play_out(&mut c, &mut campaign_ai::Opponents::default(), 1_000_000)
            .unwrap();
        let edits = each_edit_is_named(&c, sides(), 60);
        assert!(edits > 40, "only {edits} campaign decisions edited");
    }
}

#[test]
fn an_altered_result_or_digest_differs_and_edited_data_says_so() {
    let g = simple_hex_game(4);
    let good = record::of(&g, sides(), here()).unwrap();
    let mut r = good.clone();
    r.result.score += 1;
    assert!(matches!(
        record::verify::<Game>(&r, here()),
        Err(RecordError::Differs { .. })
    ));
    let mut r = good.clone();
    r.digest = "0123456789abcdef".into();
    assert!(matches!(
        record::verify::<Game>(&r, here()),
        Err(RecordError::Differs { .. })
    ));
    let mut r = good.clone();
    r.commands.pop();
    r.trail.truncate(r.trail.len() - 4);
    assert!(
        record::verify::<Game>(&r, here()).is_err(),
        "a dropped command"
    );
    let mut r = good.clone();
    r.seed += 1;
    assert!(record::verify::<Game>(&r, here()).is_err(), "other dice");
    let mut r = good;
    r.fingerprint = "0000000000000000".into();
    let e = record::verify::<Game>(&r, here()).map(|_| ()).unwrap_err();
    assert!(matches!(e, RecordError::DataChanged { .. }));
    assert!(e.to_string().contains("changed since"), "{e}");

    let f = family_game(2, 3);
    let mut r = record::of(&f, commanders(2), here()).unwrap();
    r.result.kills[0] += 1;
    assert!(record::verify::<family::Game>(&r, here()).is_err());
    r.setup.seats.seats[1].sector = 0;
    assert!(matches!(
        record::verify::<family::Game>(&r, here()),
        Err(RecordError::Setup(_))
    ));

    let c = campaign_game(WeatherRule::PhaseDice, 11);
    let good =
        record::of::<tally_ho::campaign::game::Campaign>(&c, sides(), std::path::Path::new("."))
            .unwrap();
    let mut r = good.clone();
    r.result.tally.targets += 1;
    assert!(matches!(
        record::verify::<tally_ho::campaign::game::Campaign>(&r, here()),
        Err(RecordError::Differs { .. })
    ));
    let mut r = good;
    r.fingerprint = "0".into();
    assert!(matches!(
        record::verify::<tally_ho::campaign::game::Campaign>(&r, here()),
        Err(RecordError::DataChanged { .. })
    ));
}

#[test]
fn a_record_says_which_game_it_holds_and_is_read_by_it() {
    let g = simple_hex_game(1);
    let text = AnyRecord::SimpleHex(record::of(&g, sides(), here()).unwrap()).to_text();
    assert!(
        text.starts_with(&format!(
            "Record(\n    game: SimpleHex,\n    version: {},",
            record::VERSION
        )),
        "{}",
        &text[..80]
    );
    // The tag decides: a family game's name on Simple Hex's fields is refused
    // at its place.
    let e = record::parse(
        "x.ron",
        &text.replacen("game: SimpleHex", "game: Family", 1),
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("x.ron:"), "{e}");
    let e = record::parse("x.ron", &text.replacen("game: SimpleHex", "game: Chess", 1))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("x.ron:2:"), "{e}");
    // Not RON at all: a positioned error, not a panic.
    let e = record::parse("bad.ron", "Record(game: Family,")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("bad.ron:1:"), "{e}");
    // A record of one game given where another is asked for.
    let f = family_game(1, 2);
    let r = record::of(&f, commanders(1), here()).unwrap();
    let wrong = RecordOf::<Game> {
        game: GameKind::Family,
        version: r.version,
        fingerprint: r.fingerprint.clone(),
        seed: r.seed,
        setup: record::simple_hex::Setup::new("crane-14x18".into(), Options::default()),
        players: r.players.clone(),
        commands: Vec::new(),
        result: record::simple_hex::Summary {
            winner: None,
            score: 0,
            losses: Vec::new(),
        },
        events: 0,
        digest: String::new(),
        trail: String::new(),
        progress: String::new(),
        shown: None,
        from: None,
        kept: None,
    };
    assert!(matches!(
        record::restore::<Game>(&wrong, here()),
        Err(RecordError::WrongGame { .. })
    ));
}

#[test]
fn a_record_whose_commands_the_rules_refuse_says_which_one() {
    let g = simple_hex_game(8);
    let mut r = record::of(&g, sides(), here()).unwrap();
    r.commands[7] = Command::EndMove;
    let e = record::restore::<Game>(&r, here()).map(|_| ()).unwrap_err();
    assert!(matches!(e, RecordError::Illegal { index: 7, .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("command 8 (EndMove) is not legal"),
        "{e}"
    );
}

/// The folders of saves and records kept from earlier versions, each set
/// named after the version that wrote it (tests/fixtures/saves/README.md).
fn fixture_sets() -> Vec<(String, Vec<PathBuf>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut dirs = vec![root.join("earlier-version")];
    let mut sets: Vec<PathBuf> = std::fs::read_dir(root.join("saves"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    sets.sort();
    dirs.extend(sets);
    dirs.into_iter()
        .map(|d| {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&d)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect();
            files.sort();
            (d.file_name().unwrap().to_string_lossy().into_owned(), files)
        })
        .collect()
}

/// How a fixture came back, and that its game plays on: up to 40 more
/// commands, each one the computer's choice and legal (none if it is over).
fn loads_and_plays_on<G: Recorded>(
    r: &RecordOf<G>,
    base: &Path,
    mut opponent: impl tally_ho::common::game::Opponent<G>,
) -> Result<(record::Replayed, bool, usize), String> {
    let loaded = record::load::<G>(r, base).map_err(|e| e.to_string())?;
    let archived = loaded.data.is_some();
    let mut game = loaded.game;
    let before = game.commands().len();
    if !game.is_over() {
        tally_ho::common::game::play_out_while(&mut game, &mut opponent, 40, |g| {
            g.commands().len() < before + 40
        })
        .map_err(|e| format!("it does not play on: {e}"))?;
        if game.commands().len() == before && !game.is_over() {
            return Err("no command was played after it".into());
        }
    }
    Ok((loaded.replayed, archived, game.commands().len() - before))
}

#[test]
fn the_shipped_data_is_kept_in_the_archive_of_earlier_data() {
    // Every tree the game ships with is kept, so that its saves replay on it
    // once its values change: a change of data ships with its tree.
    let archive = tally_ho::data::archive::Archive::shipped();
    archive.check().unwrap();
    assert!(
        tally_ho::data::archive::shipped_tree().is_some(),
        "the shipped data is not in levels/archive: run `cargo run -- archive-data --name <commit>`"
    );
    // Every game's data is in it since the game shipped, each file named as
    // the program reads it.
    let kept: Vec<&str> = tally_ho::data::archive::shipped_files()
        .iter()
        .map(|(p, _)| *p)
        .collect();
    for path in [
        "levels/simple_hex/aircraft.ron",
        "levels/family/rules.ron",
        "levels/campaign/campaign.ron",
        "levels/blitz/flight.ron",
    ] {
        assert!(kept.contains(&path), "{path}");
    }
    assert!(archive.trees.len() >= 40, "{} trees", archive.trees.len());
}

/// A game saved, then loaded as an earlier version whose rules play its
/// commands otherwise: it is taken up exactly where it was saved (the
/// snapshot the save kept), plays on, and its new record replays exactly.
fn goes_on_from_where_it_was_saved<G: Recorded + Clone>(
    game: &G,
    players: Vec<Player>,
    mut opponent: impl tally_ho::common::game::Opponent<G>,
) -> usize {
    let mut r = record::of(game, players.clone(), here()).unwrap();
    let (at, snapshot) = game.snapshot();
    // An earlier version's rules: its first command does not do today what
    // it did then.
    r.version = G::RULES_SINCE - 1;
    r.trail.replace_range(0..4, "zzzz");
    let loaded = record::load::<G>(&r, here()).unwrap();
    assert_eq!(
        loaded.replayed,
        record::Replayed::FromSnapshot {
            at,
            of: game.commands().len(),
            why: format!(
                "command 1 ({:?}) does otherwise under today's rules than it did when it was played",
                game.commands()[0]
            ),
        }
    );
    let back = loaded.game;
    assert_eq!(back.snapshot().1, snapshot, "where it was saved");
    assert_eq!(back.to_act(), game.to_act());
    assert!(back.commands().is_empty(), "its commands are not replayed");
    let mut on = back.clone();
    tally_ho::common::game::play_out_while(&mut on, &mut opponent, 30, |g| g.commands().len() < 30)
        .unwrap();
    let again = record::of(&on, players, here()).unwrap();
    assert_eq!(again.from.as_deref(), Some(&snapshot));
    record::verify::<G>(&again, here()).unwrap();
    on.commands().len()
}

#[test]
fn a_save_of_earlier_rules_goes_on_from_where_it_was_saved_in_every_game() {
    let mut hex = Game::new(crane(), Options::default(), 7);
    for _ in 0..80 {
        let side = hex.to_act().unwrap();
        let c = ai::Ai::new().decide(&hex, side).unwrap();
        hex.play(c).unwrap();
    }
    assert!(goes_on_from_where_it_was_saved(&hex, sides(), ai::Ai::new()) > 0);

    let sc = Arc::new(data::load_family("full").unwrap());
    let mut fam = family::Game::new(sc, Seats::first_sectors(3), 5).unwrap();
    tally_ho::common::game::play_out_while(&mut fam, &mut family::ai::Ai::default(), 100, |g| {
        g.commands().len() < 40
    })
    .unwrap();
    assert!(goes_on_from_where_it_was_saved(&fam, commanders(3), family::ai::Ai::default()) > 0);

    let tables = Arc::new(data::load_blitz().unwrap());
    let mut tour = tally_ho::blitz::Game::new(tables, Default::default(), 8);
    tally_ho::common::game::play_out_while(
        &mut tour,
        &mut tally_ho::blitz::ai::Crew::default(),
        200,
        |g| g.commands().len() < 45,
    )
    .unwrap();
    assert!(tour.raids().len() >= 2, "nights flown");
    let crew = vec![Player::new("Crew", true)];
    assert!(goes_on_from_where_it_was_saved(&tour, crew, tally_ho::blitz::ai::Crew::default()) > 0);

    // The campaign, on the map and part-way through a battle on the board:
    // a battle is kept as it began (its moves are not replayed).
    let (data, rules) = record::campaign::shipped().unwrap();
    let setup = CampaignSetup {
        battles: Battles::Board,
        ..CampaignSetup::new(WeatherRule::Shortened, 3)
    };
    let mut c = Campaign::new(data, rules, setup);
    let mut opponents = campaign_ai::Opponents::default();
    let mut mid_battle = None;
    for _ in 0..3_000 {
        let side = c.to_act().unwrap();
        let cmd = opponents.decide(&c, side).unwrap();
        c.play(cmd).unwrap();
        if c.board_battle().is_some() && c.battle_commands().is_some_and(|m| m.len() == 5) {
            mid_battle = Some(c.clone());
        }
        if mid_battle.is_some() && c.board_battle().is_none() && c.commands().len() > 400 {
            break;
        }
    }
    let on_map = c;
    assert!(on_map.board_battle().is_none());
    goes_on_from_where_it_was_saved(&on_map, sides(), campaign_ai::Opponents::default());
    let mid = mid_battle.expect("a battle on the board was fought");
    let (at, _) = mid.snapshot();
    assert!(at < mid.commands().len(), "kept from before the battle");
    // The command at `at` began the battle.
    assert!(mid.rebuilt(at).board_battle().is_none());
    assert!(mid.rebuilt(at + 1).board_battle().is_some());
    let mut r = record::of(&mid, sides(), here()).unwrap();
    r.version = 4;
    r.trail.replace_range(0..4, "zzzz");
    let loaded = record::load::<Campaign>(&r, here()).unwrap();
    assert!(
        matches!(loaded.replayed, record::Replayed::FromSnapshot { at: a, .. } if a == at),
        "{:?}",
        loaded.replayed
    );
    assert!(loaded.game.board_battle().is_none());
    assert!(!loaded.game.legal_commands().is_empty());
}

#[test]
fn every_fixture_save_from_an_earlier_version_loads_and_plays_on() {
    let (mut exact, mut archived, mut in_part, mut to_result) = (0, 0, 0, 0);
    for (set, files) in fixture_sets() {
        assert!(!files.is_empty(), "{set}: no fixtures");
        for file in files {
            let name = format!("{set}/{}", file.file_name().unwrap().to_string_lossy());
            let base = record::base_of(&file);
            let r = record::read(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
            let out = match &r {
                AnyRecord::SimpleHex(r) => loads_and_plays_on::<Game>(r, &base, ai::Ai::new()),
                AnyRecord::Family(r) => {
                    loads_and_plays_on::<family::Game>(r, &base, family::ai::Ai::default())
                }
                AnyRecord::Campaign(r) => {
                    loads_and_plays_on::<Campaign>(r, &base, campaign_ai::Opponents::default())
                }
                AnyRecord::Blitz(r) => loads_and_plays_on::<tally_ho::blitz::Game>(
                    r,
                    &base,
                    tally_ho::blitz::ai::Crew::default(),
                ),
            };
            let (how, on_archive, _) = out.unwrap_or_else(|e| panic!("{name}: {e}"));
            match how {
                record::Replayed::Exactly => exact += 1,
                record::Replayed::ToItsResult => to_result += 1,
                record::Replayed::InPart { .. } | record::Replayed::FromSnapshot { .. } => {
                    in_part += 1
                }
            }
            archived += on_archive as usize;
            // 1dc1acf's saves replay exactly as they were played (on the data
            // they were played on: today's campaign data is version 10).
            if set == "1dc1acf" {
                assert_eq!(how, record::Replayed::Exactly, "{name}");
            }
        }
    }
    // Every way a save comes back was met: exactly (today's data, and an
    // earlier version's kept in the archive), from a file that kept no
    // hashes of its events, and in part (rules changed since).
    assert!(exact >= 20, "{exact}");
    assert!(archived >= 4, "{archived}");
    assert!(to_result >= 1, "{to_result}");
    assert!(in_part >= 3, "{in_part}");
}

#[test]
fn simple_hex_records_of_version_2_replay_with_each_planes_speed_die_rolled_as_it_moves() {
    // Version 2 rolled a fighter's speed die as it started to move; a game
    // played so is what that version wrote, less the option (it had none).
    let earlier = Options {
        speed_dice: SpeedDice::EachPlane,
        ends_at_target: true,
        ..Options::default()
    };
    let mut g = Game::new(crane(), earlier, 12);
    finish_with_ai(&mut g);
    let text = AnyRecord::SimpleHex(record::of(&g, sides(), here()).unwrap()).to_text();
    assert!(
        text.contains("speed_dice: EachPlane"),
        "the rule is written"
    );
    let v2 = text
        .replacen(&format!("version: {},", record::VERSION), "version: 2,", 1)
        .replace("        speed_dice: EachPlane,\n", "")
        .replace("        ends_at_target: true,\n", "");
    assert!(
        !v2.contains("speed_dice") && !v2.contains("ends_at"),
        "{v2}"
    );
    let r = record::parse("v2.ron", &v2).unwrap();
    let line = r.verify(here()).unwrap();
    assert!(line.contains("reproduces"), "{line}");
    let AnyRecord::SimpleHex(r) = r else {
        panic!("read back as another game")
    };
    assert_eq!(r.setup.options.speed_dice, SpeedDice::EachPlane);
    // Read as a record of this version, the same commands are another game.
    let v3 = v2.replacen("version: 2,", "version: 4,", 1);
    let r = record::parse("v3.ron", &v3).unwrap();
    assert!(r.verify(here()).is_err());
}

#[test]
fn simple_hex_records_of_version_4_replay_ending_when_the_target_fell() {
    // Version 4 ended the game the moment the bomb score reached 24; find
    // a game that ended so before its second attack was over.
    let earlier = Options {
        ends_at_target: true,
        ..Options::default()
    };
    let g = (0..40)
        .map(|seed| {
            let mut g = Game::new(crane(), earlier, seed);
            finish_with_ai(&mut g);
            g
        })
        .find(|g| {
            g.score() >= 24
                && !g
                    .events()
                    .iter()
                    .any(|e| matches!(e, Event::AttackEnded { attack: 2, .. }))
        })
        .expect("a game that ended when the target fell");
    let text = AnyRecord::SimpleHex(record::of(&g, sides(), here()).unwrap()).to_text();
    let v4 = text
        .replacen(&format!("version: {},", record::VERSION), "version: 4,", 1)
        .replace("        ends_at_target: true,\n", "");
    assert!(!v4.contains("ends_at_target"), "{v4}");
    let r = record::parse("v4.ron", &v4).unwrap();
    let line = r.verify(here()).unwrap();
    assert!(line.contains("reproduces"), "{line}");
    // Read as a record of this version, the game goes on past the target:
    // the same commands do not finish it.
    let v5 = v4.replacen("version: 4,", &format!("version: {},", record::VERSION), 1);
    assert!(record::parse("v5.ron", &v5)
        .unwrap()
        .verify(here())
        .is_err());
}

#[test]
fn a_level_file_a_record_names_is_read_from_the_record_s_folder() {
    let dir = temp_dir("level");
    std::fs::create_dir_all(dir.join("levels")).unwrap();
    let (_, _, text) = data::SIMPLE_HEX_LEVELS[1];
    std::fs::write(dir.join("levels/mine.ron"), text).unwrap();
    let setup = record::simple_hex::Setup::new("levels/mine.ron".into(), Options::default());
    let mut g = Game::start(&setup, 3, &dir).unwrap();
    ai::play_out(&mut g).unwrap();
    let r = AnyRecord::SimpleHex(record::of(&g, sides(), &dir).unwrap());
    let file = dir.join("game.ron");
    r.write(&file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("level: \"levels/mine.ron\""),
        "named relative to its folder"
    );
    // Read from anywhere, it finds the level beside it.
    let back = record::read(&file).unwrap();
    back.verify(&record::base_of(&file)).unwrap();
    // The name a record gets for a level given from elsewhere.
    let name = record::name_for_record(dir.join("levels/mine.ron").to_str().unwrap(), false, &dir);
    assert_eq!(name.unwrap(), "levels/mine.ron");
    assert_eq!(
        record::name_for_record("crane-14x18", true, &dir).unwrap(),
        "crane-14x18"
    );
    // A level outside the record's folder and the levels folder cannot be
    // named, and a record naming one is not read from there.
    let elsewhere = temp_dir("level-elsewhere");
    std::fs::write(elsewhere.join("far.ron"), text).unwrap();
    let far = elsewhere.join("far.ron");
    let e = record::name_for_record(far.to_str().unwrap(), false, &dir).unwrap_err();
    assert!(
        e.to_string().contains("in its own folder or under levels/"),
        "{e}"
    );
    let up = format!(
        "../{}/far.ron",
        elsewhere.file_name().unwrap().to_string_lossy()
    );
    for named in [far.to_string_lossy().into_owned(), up] {
        let mut r = record::of(&g, sides(), &dir).unwrap();
        r.setup.level = named.clone();
        let e = record::restore::<Game>(&r, &dir)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains("is elsewhere"), "{named}: {e}");
    }
    std::fs::remove_dir_all(&elsewhere).ok();
    // Moved away from its level, the record says which file is missing.
    std::fs::remove_file(dir.join("levels/mine.ron")).unwrap();
    let e = back
        .verify(&record::base_of(&file))
        .unwrap_err()
        .to_string();
    assert!(e.contains("mine.ron"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn quiet_games_play_exactly_like_logged_ones() {
    // The simulator's log-free games roll the same dice and reach the same end.
    let sc = crane();
    for seed in 0..20 {
        let mut a = Game::new(sc.clone(), Options::default(), seed);
        let mut b = Game::new_quiet(sc.clone(), Options::default(), seed);
        finish_with_ai(&mut a);
        finish_with_ai(&mut b);
        assert_eq!(a.commands(), b.commands());
        assert_eq!(a.score(), b.score());
        assert_eq!(a.losses(), b.losses());
        assert!(b.events().is_empty());
    }
}

#[test]
fn the_players_of_a_record_name_who_plays_which_side() {
    let g = simple_hex_game(2);
    for human in [Side::German, Side::British] {
        let players = vec![
            Player::new("Luftwaffe", human == Side::German),
            Player::new("RAF", human == Side::British),
        ];
        let r = AnyRecord::SimpleHex(record::of(&g, players.clone(), here()).unwrap());
        assert_eq!(round_trip(&r).players(), players.as_slice());
    }
}

#[test]
fn a_record_is_written_atomically_and_a_refused_write_keeps_the_old_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("save.ron");
    let files = || {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let c = campaign_game(WeatherRule::PhaseDice, 41);
    let late = AnyRecord::Campaign(
        record::of::<tally_ho::campaign::game::Campaign>(&c, sides(), std::path::Path::new("."))
            .unwrap(),
    );
    let (data, rules) = record::campaign::shipped().unwrap();
    let mut early_game = Campaign::new(data, rules, tally_ho::campaign::game::State::setup(&c));
    for &cmd in &c.commands()[..100] {
        early_game.play(cmd).unwrap();
    }
    let early = AnyRecord::Campaign(
        record::of::<tally_ho::campaign::game::Campaign>(
            &early_game,
            sides(),
            std::path::Path::new("."),
        )
        .unwrap(),
    );
    early.write(&path).unwrap();
    // Only the record: the temporary file was renamed onto it.
    assert_eq!(files(), ["save.ron"]);
    let good = std::fs::read_to_string(&path).unwrap();
    // A later one replaces it whole.
    late.write(&path).unwrap();
    assert_eq!(files(), ["save.ron"]);
    assert_eq!(record::read(&path).unwrap(), late);
    early.write(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
    // A refused write (a symbolic link stands where it would go, and links
    // are never replaced) says where, and leaves the good file as it was,
    // with no temporary file behind.
    #[cfg(unix)]
    {
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        let e = late.write(&link).unwrap_err().to_string();
        assert!(e.contains("link.ron: cannot write"), "{e}");
        assert!(!e.contains("link.ron: cannot write: link.ron"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
        std::fs::remove_file(&link).unwrap();
    }
    assert_eq!(files(), ["save.ron"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn campaign_records_of_version_2_with_board_battles_replay_with_each_planes_speed_die() {
    use tally_ho::campaign::game::Event as CampaignEvent;
    let (data, rules) = record::campaign::shipped().unwrap();
    let setup = CampaignSetup {
        battles: Battles::Board,
        speed_dice: SpeedDice::EachPlane,
        ..CampaignSetup::new(WeatherRule::Historical, 21)
    };
    let mut c = Campaign::new(data, rules, setup);
    tally_ho::common::game::play_out(&mut c, &mut campaign_ai::Opponents::default(), 1_000_000)
        .expect("no proposal refused");
    assert!(
        c.events()
            .iter()
            .any(|e| matches!(e, CampaignEvent::BattleOnBoard { .. })),
        "no battle was fought on the board"
    );
    let text = AnyRecord::Campaign(record::of(&c, sides(), here()).unwrap()).to_text();
    assert!(
        text.contains("speed_dice: EachPlane"),
        "the rule is written"
    );
    let v2 = text
        .replacen(&format!("version: {},", record::VERSION), "version: 2,", 1)
        .replace("        speed_dice: EachPlane,\n", "");
    assert!(!v2.contains("speed_dice"), "{v2}");
    let r = record::parse("v2.ron", &v2).unwrap();
    let line = r.verify(here()).unwrap();
    assert!(line.contains("reproduces"), "{line}");
    // Read as a record of this version, the same commands are another campaign.
    let v3 = v2.replacen("version: 2,", &format!("version: {},", record::VERSION), 1);
    assert!(record::parse("v3.ron", &v3)
        .unwrap()
        .verify(here())
        .is_err());
}

// ----- the campaign data version -----

/// A campaign save part-way (seed 5, shortened), as a record and its text.
fn campaign_save_text() -> (record::campaign::CampaignRecord, String) {
    let (data, rules) = record::campaign::shipped().unwrap();
    let mut c = Campaign::new(data, rules, CampaignSetup::new(WeatherRule::Shortened, 5));
    for _ in 0..150 {
        let side = c.to_act().unwrap();
        let cmd = campaign_ai::propose(&c, side).unwrap();
        c.play(cmd).unwrap();
    }
    let r = record::of::<Campaign>(&c, sides(), here()).unwrap();
    let text = r.to_text();
    (r, text)
}

/// The line (1-based) of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_campaign_record_carries_its_data_version_and_loads_when_it_matches() {
    let now = record::campaign::data_version().unwrap();
    assert!(now >= 3, "the data version of issue 14's calibration");
    let (r, text) = campaign_save_text();
    assert_eq!(r.setup.data_version, now);
    assert!(text.contains(&format!("data_version: {now},")), "{text}");
    let AnyRecord::Campaign(back) = record::parse("save.ron", &text).unwrap() else {
        panic!("not a campaign")
    };
    assert_eq!(back, r);
    let c = record::restore::<Campaign>(&back, here()).unwrap();
    assert_eq!(c.commands().len(), 150);
    record::verify::<Campaign>(&back, here()).unwrap();
}

#[test]
fn a_campaign_records_data_version_must_be_that_of_the_data_its_fingerprint_names() {
    let now = record::campaign::data_version().unwrap();
    let (_, text) = campaign_save_text();
    let field = format!("data_version: {now},");
    let line = line_of(&text, &field);
    for was in [1, now - 1, now + 1, 99] {
        let old = text.replace(&field, &format!("data_version: {was},"));
        let e = record::parse("save.ron", &old).unwrap_err();
        let RecordError::Load(errors) = &e else {
            panic!("{e}")
        };
        assert_eq!(errors.0.len(), 1, "{e}");
        assert_eq!(
            (errors.0[0].file.as_str(), errors.0[0].line),
            ("save.ron", line)
        );
        assert!(errors.0[0].col > 1, "{e}");
        let said = e.to_string();
        assert!(
            said.contains(&format!("names campaign data version {was},"))
                && said.contains(&format!("the data its fingerprint names is version {now}")),
            "{said}"
        );
    }
}

#[test]
fn a_campaign_record_without_a_data_version_loads_on_the_data_its_fingerprint_names() {
    let now = record::campaign::data_version().unwrap();
    let (r, text) = campaign_save_text();
    let without: String = text
        .lines()
        .filter(|l| !l.contains("data_version:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(without, text);
    // Its fingerprint is that of the shipped files: played on them, it loads
    // as a record of this data version.
    let AnyRecord::Campaign(back) = record::parse("save.ron", &without).unwrap() else {
        panic!("not a campaign")
    };
    assert_eq!(back.setup.data_version, now);
    assert_eq!(back, r);
    // Of files no version of the game kept: it reads, and is replayed on
    // today's (here exactly: the files it names differ only in name), with
    // a sentence that says so.
    let other = without.replace(&r.fingerprint, "0123456789abcdef");
    let AnyRecord::Campaign(other) = record::parse("save.ron", &other).unwrap() else {
        panic!("not a campaign")
    };
    assert_eq!(other.setup.data_version, 0, "its version cannot be known");
    let loaded = record::load::<Campaign>(&other, here()).unwrap();
    assert_eq!(loaded.replayed, record::Replayed::Exactly);
    assert!(loaded.data.is_none());
    let note = loaded.note().unwrap();
    assert!(note.contains("on today's data"), "{note}");
}

#[test]
fn a_campaign_saved_on_an_earlier_data_version_replays_on_that_data_from_the_archive() {
    // A campaign of campaign data version 7 (the build of 937807c), played
    // with the dice: its data is kept in the archive, and it replays on it
    // where today's program reads it; where it does not (a field since
    // removed), on today's data, as far as its commands play as they were
    // played. Either way it loads, saying how.
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/saves/937807c/rec_campaign_1.ron");
    let AnyRecord::Campaign(r) = record::read(&file).unwrap() else {
        panic!("not a campaign")
    };
    assert_eq!(r.setup.data_version, 7);
    let loaded = record::load::<Campaign>(&r, here()).unwrap();
    let why = loaded.data_unknown.clone().unwrap_or_default();
    assert!(
        loaded.data.is_some() || why.contains("is kept, but this version cannot read it"),
        "{why}"
    );
    assert!(loaded.note().is_some());
}

#[test]
fn a_save_on_data_no_version_kept_replays_on_todays_as_far_as_it_plays_as_played() {
    // A save is its seed and commands: on data this version does not keep
    // (its fingerprint names none), the commands are replayed on today's as
    // far as each does what it did, and the game goes on from there; the
    // note says so. A save of today's data and rules that does not replay
    // is damaged, and refused.
    let f = family_game(2, 3);
    let good = record::of(&f, commanders(2), here()).unwrap();
    let loaded = record::load::<family::Game>(&good, here()).unwrap();
    assert_eq!(loaded.replayed, record::Replayed::Exactly);
    assert!(
        loaded.note().is_none(),
        "today's save, exactly: nothing to say"
    );
    let mut r = good.clone();
    r.fingerprint = "0123456789abcdef".into();
    let loaded = record::load::<family::Game>(&r, here()).unwrap();
    assert_eq!(loaded.replayed, record::Replayed::Exactly);
    assert!(loaded.note().unwrap().contains("on today's data"));

    let g = simple_hex_game(4);
    let good = record::of(&g, sides(), here()).unwrap();
    // An edited command: of today's data, damaged...
    let mut edited = good.clone();
    edited.commands[5] = edited.commands[4];
    assert!(record::load::<Game>(&edited, here()).is_err());
    // ...of data no version kept, the game where the save kept it...
    edited.fingerprint = "0123456789abcdef".into();
    let loaded = record::load::<Game>(&edited, here()).unwrap();
    assert!(
        matches!(loaded.replayed, record::Replayed::FromSnapshot { at, .. } if at == g.commands().len()),
        "{:?}",
        loaded.replayed
    );
    // ...or, with none kept (as saves of earlier versions), up to it.
    edited.kept = None;
    let loaded = record::load::<Game>(&edited, here()).unwrap();
    let record::Replayed::InPart { kept, of, .. } = loaded.replayed else {
        panic!("{:?}", loaded.replayed)
    };
    assert_eq!((kept, of), (5, good.commands.len()));
    assert_eq!(loaded.game.commands(), &good.commands[..5]);
    let note = loaded.note().unwrap();
    assert!(
        note.contains(&format!(
            "its first 5 of {of} moves replay as they were played"
        )),
        "{note}"
    );
}

/// A game at a difficulty setting is recorded with it and replays with its
/// forces; a game as written names none, so records written before the
/// settings read as they did.
#[test]
fn a_record_keeps_its_difficulty_setting_and_one_without_is_as_written() {
    let dir = temp_dir("difficulty");
    let mut setup = record::simple_hex::Setup::new("crane-14x18".into(), Options::default());
    setup.difficulty = "even".into();
    let mut g = Game::start(&setup, 4, &dir).unwrap();
    assert!(g
        .scenario()
        .units
        .iter()
        .any(|u| u.name.as_deref() == Some("Spitfire reserve")));
    ai::play_out(&mut g).unwrap();
    let r = AnyRecord::SimpleHex(record::of(&g, sides(), &dir).unwrap());
    let text = r.to_text();
    assert!(text.contains("difficulty: \"even\""), "{text}");
    let back = record::parse("game.ron", &text).unwrap();
    back.verify(&dir).unwrap();
    // Without the line, the same commands are a game as written: it does
    // not replay (the reserve's planes are not there).
    let as_written = text.replace("difficulty: \"even\",", "");
    assert_ne!(as_written, text);
    let old = record::parse("game.ron", &as_written).unwrap();
    assert!(old.verify(&dir).is_err());
    // A game as written says nothing of a difficulty.
    let plain = record::simple_hex::Setup::new("crane-14x18".into(), Options::default());
    let mut g = Game::start(&plain, 4, &dir).unwrap();
    ai::play_out(&mut g).unwrap();
    let text = AnyRecord::SimpleHex(record::of(&g, sides(), &dir).unwrap()).to_text();
    assert!(!text.contains("difficulty"), "{text}");
    record::parse("game.ron", &text)
        .unwrap()
        .verify(&dir)
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
}
