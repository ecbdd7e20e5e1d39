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
use tally_ho::common::game::GameKind;
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

#[test]
fn saves_and_replays_of_the_earlier_version_still_load() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/earlier-version");
    // Replays verify: the result, and where the events are the same as then,
    // the event log. Family records of the earlier version are refused with a
    // sentence: issue 14's readings change what their commands play to.
    // Campaign records of the earlier version were played on campaign data
    // that has changed since (the Bf 109's dice, the rebuild costs) and name
    // no data version: both are refused on reading, before any command is
    // replayed into another game, with a sentence, never a panic.
    for file in ["campaign_replay.ron", "campaign_save.ron"] {
        let e = record::read(&dir.join(file)).unwrap_err().to_string();
        assert!(
            e.contains(file)
                && e.contains("from before data versions")
                && e.contains("cannot be replayed as it was played"),
            "{file}: {e}"
        );
    }
    let r = record::read(&dir.join("sh_replay.ron")).unwrap();
    assert_eq!(r.kind(), GameKind::SimpleHex);
    let line = r
        .verify(&dir)
        .unwrap_or_else(|e| panic!("sh_replay.ron: {e}"));
    assert!(line.contains("reproduces"), "{line}");
    let mut refused = 0;
    for file in ["family_replay.ron", "family_save.ron"] {
        let e = record::read(&dir.join(file)).unwrap_err().to_string();
        // (The old save format is converted by replaying it, which stops at
        // the first command the new readings refuse.)
        assert!(
            e.contains("cannot be replayed as it was played") || e.contains("not legal on re-run"),
            "{file}: {e}"
        );
        assert!(e.contains(file), "{file}: {e}");
        refused += 1;
    }
    assert_eq!(refused, 2);
    // Saves load, with who plays which side, and write back as records.
    let file = "sh_save.ron";
    let r = record::read(&dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(r.kind(), GameKind::SimpleHex);
    assert_eq!(r.commands(), 60);
    let who: Vec<bool> = r.players().iter().map(|p| p.human).collect();
    assert_eq!(who, vec![false, true]);
    let again = record::parse("again.ron", &r.to_text()).unwrap();
    assert_eq!(again, r, "{file}: written back as a record");
    again.verify(&dir).unwrap_or_else(|e| panic!("{file}: {e}"));
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
    assert_eq!(name, "levels/mine.ron");
    assert_eq!(
        record::name_for_record("crane-14x18", true, &dir),
        "crane-14x18"
    );
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
fn a_campaign_record_of_another_data_version_is_refused_with_a_sentence_naming_it() {
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
            said.contains(&format!("recorded on campaign data version {was};"))
                && said.contains(&format!("this program plays version {now}"))
                && said.contains("cannot be replayed as it was played"),
            "{said}"
        );
    }
}

#[test]
fn a_campaign_record_without_a_data_version_loads_only_on_the_files_it_was_played_on() {
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
    // Of other files: refused, at its set-up, with a sentence.
    let other = without.replace(&r.fingerprint, "0123456789abcdef");
    let e = record::parse("save.ron", &other).unwrap_err().to_string();
    let setup = line_of(&other, "setup:");
    assert!(e.starts_with(&format!("save.ron:{setup}:")), "{e}");
    assert!(
        e.contains("from before data versions") && e.contains(&format!("version {now}")),
        "{e}"
    );
}

#[test]
fn a_save_of_each_game_played_on_other_data_is_refused_not_replayed_into_another_game() {
    // A save is its seed and commands: on changed data files (a family board
    // moved its bomber starts, say) the same commands are another game, so
    // loading it says so instead of replaying it. Unchanged, it loads.
    let f = family_game(2, 3);
    let good = record::of(&f, commanders(2), here()).unwrap();
    assert!(record::restore::<family::Game>(&good, here()).is_ok());
    let mut r = good;
    r.fingerprint = "0123456789abcdef".into();
    let e = record::restore::<family::Game>(&r, here())
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(e, RecordError::DataChanged { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("cannot be replayed as it was played"),
        "{e}"
    );

    let g = simple_hex_game(4);
    let mut r = record::of(&g, sides(), here()).unwrap();
    assert!(record::restore::<Game>(&r, here()).is_ok());
    r.fingerprint = "0123456789abcdef".into();
    assert!(matches!(
        record::restore::<Game>(&r, here()),
        Err(RecordError::DataChanged { .. })
    ));
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
