//! A player's games are never lost: each game keeps its own autosave and
//! slots, so leaving one game and starting another touches nothing of the
//! first, and every game resumes exactly where it was left.
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tally_ho::app::script::{BlitzScript, CampaignScript, FamilyScript, Script, ScriptedPlayer};
use tally_ho::app::simple_hex::HexTable;
use tally_ho::app::ui::InputFrame;
use tally_ho::app::{App, Screen};
use tally_ho::common::game::{GameKind, Rules};
use tally_ho::common::Side;
use tally_ho::data::{LoadError, Source};
use tally_ho::record::{self, AnyRecord};
use tally_ho::saves::{self, Slot};
use tally_ho::settings::AnimSpeed;
use tally_ho::simple_hex::{ai::Ai, Phase};

#[path = "common/screens.rs"]
mod screens;
use screens::*;

/// Leaves the game under way without saving (Esc, then "Leave").
fn leave(app: &mut App) {
    frame(app, InputFrame::press(KeyCode::Escape));
    assert!(
        matches!(app.top(), Screen::ConfirmLeave { .. }),
        "{}",
        app.top().name()
    );
    frame(app, InputFrame::idle());
    click(app, "Leave");
    assert!(matches!(app.top(), Screen::Menu));
    frame(app, InputFrame::idle());
}

/// A campaign played for a while through its screens, the player the RAF.
fn play_a_campaign(app: &mut App) -> Vec<tally_ho::campaign::game::Command> {
    let mut p = CampaignScript::new(17);
    p.weather = 2; // the shortened campaign: every turn flies
    for _ in 0..200_000 {
        let input = p.next(app);
        frame(app, input);
        if let Some(t) = app.campaign() {
            if t.campaign().commands().len() > 80 && !t.busy() && t.human_turn().is_some() {
                return t.campaign().commands().to_vec();
            }
        }
    }
    panic!("the campaign did not get going");
}

/// A Simple Hex game started from the menu and played a few moves.
fn play_simple_hex(app: &mut App) -> tally_ho::simple_hex::Game {
    click(app, "New game");
    frame(app, InputFrame::idle());
    click(app, "Start");
    assert!(
        app.top().is_table(GameKind::SimpleHex),
        "no question: {}",
        app.top().name()
    );
    play_simple_hex_on(app, 12, &mut |_| {})
}

/// The Simple Hex game on the table played on: `n` of the RAF's moves;
/// `watch` sees the app after each frame.
fn play_simple_hex_on(
    app: &mut App,
    n: usize,
    watch: &mut dyn FnMut(&App),
) -> tally_ho::simple_hex::Game {
    let mut moves = 0;
    for _ in 0..50_000 {
        watch(app);
        // A card the game holds up (a lesson the first time a thing
        // happens) waits for the player: Enter puts it down.
        if app.card().is_some() {
            frame(app, InputFrame::press(KeyCode::Enter));
            continue;
        }
        let b = app.battle().unwrap();
        if b.busy() {
            frame(app, InputFrame::idle());
            continue;
        }
        let input = match b.game.phase() {
            Phase::Entry {
                side: Side::British,
            } => InputFrame::press(KeyCode::Enter),
            Phase::Moving(m) if b.game.plane(m.plane).side == Side::British => {
                moves += 1;
                if moves > n {
                    return b.game.clone();
                }
                if m.remaining() == 0 {
                    InputFrame::press(KeyCode::Space)
                } else {
                    let (hl, _) = b.options_now();
                    match hl.iter().find(|h| h.end) {
                        Some(h) => {
                            let p = b.scene.view.center(h.hex);
                            InputFrame::click_at(p.x, p.y)
                        }
                        None => InputFrame {
                            keys: vec![KeyCode::Up, KeyCode::Enter],
                            ..InputFrame::idle()
                        },
                    }
                }
            }
            _ => InputFrame::idle(),
        };
        frame(app, input);
    }
    panic!(
        "the Simple Hex game did not get going: {} screen, {:?}",
        app.top().name(),
        app.battle().map(|b| b.game.phase())
    );
}

/// A family game from the menu: one commander takes off.
fn play_family(app: &mut App) -> Vec<tally_ho::family::Command> {
    click(app, "Family game");
    frame(app, InputFrame::idle());
    click(app, "Start");
    for _ in 0..5_000 {
        let Some(b) = app.family() else {
            panic!("the family table")
        };
        if !b.busy() && b.human_turn().is_some() {
            break;
        }
        frame(app, InputFrame::idle());
    }
    frame(app, InputFrame::press(KeyCode::T));
    app.family().unwrap().game.commands().to_vec()
}

#[test]
fn leaving_one_game_and_playing_another_keeps_every_game_and_each_resumes_exactly() {
    let (_g, _dir) = data_dir("three-games");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());

    // A campaign, left without saving: its autosave keeps it.
    let campaign = play_a_campaign(&mut app);
    let campaign_table = app.campaign().unwrap().campaign().clone();
    leave(&mut app);
    let campaign_file = saves::path(GameKind::Campaign, Slot::Autosave);
    let campaign_text = std::fs::read_to_string(&campaign_file).unwrap();

    // A Simple Hex game, played and left.
    let hex = play_simple_hex(&mut app);
    leave(&mut app);
    assert_eq!(
        std::fs::read_to_string(&campaign_file).unwrap(),
        campaign_text,
        "the campaign's autosave is untouched"
    );

    // A family game, saved in slot 1 and left.
    play_family(&mut app);
    save_in_slot(&mut app, 1);
    let family = app.family().unwrap().game.commands().to_vec();
    assert_eq!(
        app.family().unwrap().shared.message.as_deref(),
        Some("Game saved in slot 1.")
    );
    leave(&mut app);

    // All three are there.
    let listed: Vec<(GameKind, Slot)> = saves::list().iter().map(|e| (e.kind, e.slot)).collect();
    for want in [
        (GameKind::Campaign, Slot::Autosave),
        (GameKind::SimpleHex, Slot::Autosave),
        (GameKind::Family, Slot::Numbered(1)),
    ] {
        assert!(listed.contains(&want), "{want:?} in {listed:?}");
    }
    let Some(AnyRecord::SimpleHex(r)) = saved(GameKind::SimpleHex, Slot::Autosave) else {
        panic!("the Simple Hex autosave");
    };
    assert!(r.commands.len() <= hex.commands().len() && !r.commands.is_empty());

    // Each resumes exactly: the campaign where it was left...
    load(&mut app, "Campaign, Autosave");
    let t = app.campaign().expect("the campaign is back");
    assert_eq!(t.campaign().commands(), campaign.as_slice());
    assert_eq!(t.campaign().events(), campaign_table.events());
    assert_eq!(t.campaign().stage(), campaign_table.stage());
    assert_eq!(t.human, Some(Side::British));
    leave(&mut app);

    // ...the Simple Hex game at its last autosave, the opponent deciding
    // exactly as it would have...
    load(&mut app, "Simple Hex dogfight, Autosave");
    let b = app.battle().expect("the Simple Hex game is back");
    let at = b.game.commands().len();
    let original = hex.rebuilt(at);
    assert_eq!(b.game.events(), original.events());
    assert_eq!(b.game.commands(), &hex.commands()[..at]);
    if let Some(side) = Rules::to_act(&b.game) {
        assert_eq!(
            Ai::new().decide(&b.game, side),
            Ai::new().decide(&original, side)
        );
    }
    leave(&mut app);

    // ...and the family game in its slot.
    load(&mut app, "Family game, Slot 1");
    let f = app.family().expect("the family game is back");
    assert_eq!(f.game.commands(), family.as_slice());
    assert_eq!(f.keep.slot, Some(Slot::Numbered(1)));
}

#[test]
fn a_new_game_asks_before_it_replaces_an_unfinished_one_and_can_keep_it() {
    let (_g, _dir) = data_dir("replace");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    let first = play_simple_hex(&mut app);
    leave(&mut app);
    let auto = saved(GameKind::SimpleHex, Slot::Autosave).expect("the autosave");
    // A second game: the first is in the autosave, so the player is asked.
    click(&mut app, "New game");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Start");
    assert!(matches!(app.top(), Screen::ConfirmNew(_)));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Back");
    assert!(
        app.top().is_new_game(GameKind::SimpleHex),
        "nothing started"
    );
    assert_eq!(
        saved(GameKind::SimpleHex, Slot::Autosave),
        Some(auto.clone())
    );
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Start");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Keep it in slot 1 and start");
    assert!(app.top().is_table(GameKind::SimpleHex));
    // The unfinished game is in slot 1, as it was.
    let kept = saved(GameKind::SimpleHex, Slot::Numbered(1)).expect("kept in slot 1");
    assert_eq!(kept.commands(), auto.commands());
    assert!(first.commands().len() >= kept.commands());
}

#[test]
fn saving_over_a_slot_that_holds_another_game_asks_first() {
    let (_g, _dir) = data_dir("overwrite");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    play_simple_hex(&mut app);
    save_in_slot(&mut app, 1);
    let one = saved(GameKind::SimpleHex, Slot::Numbered(1)).unwrap();
    leave(&mut app);
    // Another game, saved: slot 1 holds the first, so the player is asked.
    click(&mut app, "New game");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Start");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Replace it and start");
    frame(&mut app, InputFrame::press(KeyCode::F5));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Simple Hex dogfight, Slot 1");
    frame(&mut app, InputFrame::idle());
    assert!(matches!(app.top(), Screen::SaveSlots(_)), "asked first");
    click(&mut app, "Keep it");
    assert!(matches!(app.top(), Screen::SaveSlots(_)), "still picking");
    assert!(
        saves::free_slot(GameKind::SimpleHex) == Some(Slot::Numbered(2)),
        "nothing written"
    );
    assert_eq!(
        saved(GameKind::SimpleHex, Slot::Numbered(1)),
        Some(one.clone())
    );
    click(&mut app, "Simple Hex dogfight, Slot 1");

    frame(&mut app, InputFrame::idle());
    click(&mut app, "Overwrite");
    assert!(app.top().is_table(GameKind::SimpleHex), "back to the game");
    let now = saved(GameKind::SimpleHex, Slot::Numbered(1)).unwrap();
    assert_ne!(now, one, "overwritten once confirmed");
}

#[test]
fn an_unreadable_autosave_is_kept_aside_not_overwritten() {
    let (_g, _dir) = data_dir("unreadable");
    let auto = saves::path(GameKind::SimpleHex, Slot::Autosave);
    std::fs::create_dir_all(auto.parent().unwrap()).unwrap();
    let junk = "Record(game: SimpleHex, version: 2, seed: oops";
    std::fs::write(&auto, junk).unwrap();
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    // Unreadable, it is no unfinished game to ask about: the new game starts,
    // and its first autosave moves the broken file aside.
    play_simple_hex(&mut app);
    let aside = auto.with_file_name("autosave.unreadable.ron");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), junk);
    assert!(saved(GameKind::SimpleHex, Slot::Autosave).is_some());
}

/// The load screen with `files` handed over in one frame (dropped on the
/// window, or uploaded in a web page); what it said.
fn hand_over(app: &mut App, files: Vec<Result<Source, LoadError>>) -> String {
    if !matches!(app.top(), Screen::Load(_)) {
        click(app, "Load a game");
    }
    frame(
        app,
        InputFrame {
            files,
            ..InputFrame::idle()
        },
    );
    match app.top() {
        Screen::Load(list) => list.message.clone().unwrap_or_default(),
        s => panic!("the {} screen, not the load screen", s.name()),
    }
}

/// An app back at the menu after a Simple Hex game left under way, and
/// the text of that game's autosave.
fn app_with_an_autosave() -> (App, String) {
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    play_simple_hex(&mut app);
    leave(&mut app);
    let text = std::fs::read_to_string(saves::path(GameKind::SimpleHex, Slot::Autosave)).unwrap();
    (app, text)
}

fn source(file: &str, text: &str) -> Result<Source, LoadError> {
    Ok(Source {
        file: file.into(),
        text: text.into(),
    })
}

#[test]
fn a_save_handed_over_on_the_load_screen_is_kept_in_the_first_empty_slot_of_its_game() {
    let (_g, _dir) = data_dir("import");
    let (mut app, text) = app_with_an_autosave();
    let Some(AnyRecord::SimpleHex(auto)) = saved(GameKind::SimpleHex, Slot::Autosave) else {
        panic!("no Simple Hex autosave");
    };
    assert!(!auto.commands.is_empty());
    let said = hand_over(&mut app, vec![source("downloaded.ron", &text)]);
    assert_eq!(said, "Imported as Simple Hex dogfight, Slot 1.");
    let said = hand_over(&mut app, vec![source("again.ron", &text)]);
    assert_eq!(said, "Imported as Simple Hex dogfight, Slot 2.");
    // The same game, move for move, and listed on the screen.
    let Some(AnyRecord::SimpleHex(r)) = saved(GameKind::SimpleHex, Slot::Numbered(2)) else {
        panic!("slot 2 holds no Simple Hex game");
    };
    assert_eq!(r.commands, auto.commands);
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    assert_eq!(list.entries.len(), 3, "the autosave and the two slots");
    // Loaded, it is the game as it was.
    click(&mut app, "Simple Hex dogfight, Slot 2");
    match app.top().table::<HexTable>() {
        Some(b) => assert_eq!(b.game.commands(), auto.commands.as_slice()),
        None => panic!(
            "loading the imported save opened the {} screen",
            app.top().name()
        ),
    }
}

#[test]
fn a_file_handed_over_that_is_not_a_save_is_refused_with_its_position_and_nothing_is_written() {
    let (_g, _dir) = data_dir("import-bad");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    let said = hand_over(
        &mut app,
        vec![source(
            "notes.ron",
            "Record(game: SimpleHex, version: 2, seed: oops",
        )],
    );
    assert!(said.starts_with("notes.ron:1:"), "{said}");
    let bytes = b"Record(\xff)".to_vec();
    let said = hand_over(&mut app, vec![Source::from_bytes("bin.ron".into(), bytes)]);
    assert_eq!(said, "bin.ron:1:8: the file is not UTF-8 text");
    let big = vec![b' '; (tally_ho::data::MAX_FILE_BYTES + 1) as usize];
    let said = hand_over(&mut app, vec![Source::from_bytes("big.ron".into(), big)]);
    assert!(
        said.starts_with("big.ron: cannot read the file: it is 16777217 bytes"),
        "{said}"
    );
    // Uploaded in a page, which keeps only the first bytes of a large
    // file: refused by the file's own size.
    let kept = vec![b' '; (tally_ho::data::MAX_FILE_BYTES + 1) as usize];
    let said = hand_over(
        &mut app,
        vec![Source::from_upload("huge.ron".into(), kept, 40_000_000)],
    );
    assert!(
        said.starts_with("huge.ron: cannot read the file: it is 40000000 bytes"),
        "{said}"
    );
    for n in 1..=saves::SLOTS {
        assert!(saved(GameKind::SimpleHex, Slot::Numbered(n)).is_none());
    }
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    assert!(list.entries.is_empty());
}

#[test]
fn a_save_handed_over_when_its_games_slots_are_all_full_is_refused_and_none_is_overwritten() {
    let (_g, _dir) = data_dir("import-full");
    let (mut app, text) = app_with_an_autosave();
    for n in 1..=saves::SLOTS {
        let said = hand_over(&mut app, vec![source("s.ron", &text)]);
        assert_eq!(said, format!("Imported as Simple Hex dogfight, Slot {n}."));
    }
    let before: Vec<_> = (1..=saves::SLOTS)
        .map(|n| {
            std::fs::read_to_string(saves::path(GameKind::SimpleHex, Slot::Numbered(n))).unwrap()
        })
        .collect();
    let said = hand_over(&mut app, vec![source("s.ron", &text)]);
    assert_eq!(
        said,
        "s.ron: not imported: the 8 slots of Simple Hex dogfight all hold games (overwrite one by saving over it first)"
    );
    let after: Vec<_> = (1..=saves::SLOTS)
        .map(|n| {
            std::fs::read_to_string(saves::path(GameKind::SimpleHex, Slot::Numbered(n))).unwrap()
        })
        .collect();
    assert_eq!(before, after);
}

#[test]
fn export_on_the_load_screen_writes_the_save_as_kept_under_its_games_and_slots_name() {
    let (_g, dir) = data_dir("export");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    play_simple_hex(&mut app);
    leave(&mut app);
    click(&mut app, "Load a game");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Export");
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    let out = dir.join("exports").join("tally-ho-simple-hex-autosave.ron");
    assert_eq!(
        list.message.as_deref(),
        Some(
            format!(
                "Simple Hex dogfight, Autosave: written to {}.",
                out.display()
            )
            .as_str()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        std::fs::read_to_string(saves::path(GameKind::SimpleHex, Slot::Autosave)).unwrap()
    );
    // The exported file is a record the game reads back.
    assert!(record::read(&out).is_ok());
}

// ----- Continue is exactly where the player left -----

/// How a player leaves a game under way.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Leave {
    /// Esc, then "Leave".
    Menu,
    /// Esc, then "Save and leave" (in slot 1).
    SaveFirst,
    /// The window's close button, then "Leave".
    CloseWindow,
    /// The program killed between two frames: nothing more happens.
    Killed,
}

/// The game on the table on top, as its record (commands and digest) and
/// how far the player had seen it.
fn on_table(app: &App) -> Option<AnyRecord> {
    match app.top() {
        Screen::Table(t) => t.record().ok(),
        _ => None,
    }
}

/// A game of `kind` played through the screens by `script` (the guide on,
/// so its cards come and are put down) until it has `enough` commands, then
/// left `how`; a new app on the same data folder (a restart) continues it.
/// It is exactly where it was left: the same commands and event log, the
/// same guide cards down, and no card put down before shown again.
fn continues_where_left(kind: GameKind, script: &mut dyn Script, enough: usize, how: Leave) {
    let (_g, _dir) = data_dir(&format!("continue-{}-{how:?}", kind.slug()));
    let mut app = app_with(AnimSpeed::Fast);
    app.settings.guide = true;
    let mut put_down: Vec<String> = Vec::new();
    let mut left = None;
    for _ in 0..400_000 {
        let input = script.next(&app);
        if let Some(card) = app.card() {
            if input.keys.contains(&KeyCode::Enter) {
                put_down.push(card.title.clone());
            }
        }
        frame(&mut app, input);
        if let Some(r) = on_table(&app).filter(|r| r.kind() == kind) {
            if r.commands() >= enough {
                left = Some(r);
                break;
            }
        }
    }
    let left = left.unwrap_or_else(|| panic!("{kind:?}: the game did not reach {enough} commands"));
    match how {
        Leave::Menu => leave(&mut app),
        Leave::SaveFirst => {
            frame(&mut app, InputFrame::press(KeyCode::Escape));
            frame(&mut app, InputFrame::idle());
            click(&mut app, "Save and leave");
            frame(&mut app, InputFrame::idle());
            click(&mut app, "Slot 1: empty");
            assert!(matches!(app.top(), Screen::Menu), "{}", app.top().name());
        }
        Leave::CloseWindow => {
            frame(
                &mut app,
                InputFrame {
                    quit: true,
                    ..InputFrame::idle()
                },
            );
            frame(&mut app, InputFrame::idle());
            click(&mut app, "Leave");
            assert!(app.quit, "the window closes");
        }
        Leave::Killed => {}
    }
    drop(app);
    // The program starts again.
    let mut app = app_with(AnimSpeed::Fast);
    app.settings.guide = true;
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Continue");
    let back = on_table(&app).unwrap_or_else(|| {
        panic!(
            "{kind:?} {how:?}: Continue opened the {} screen",
            app.top().name()
        )
    });
    assert_eq!(back.kind(), kind);
    assert_eq!(
        back.commands(),
        left.commands(),
        "{kind:?} {how:?}: the last command"
    );
    assert_eq!(
        back.digest(),
        left.digest(),
        "{kind:?} {how:?}: the same game"
    );
    // The guide's cards put down stay down; what was not seen yet is shown.
    let taught = back.shown().map(|s| s.taught.clone()).unwrap_or_default();
    for _ in 0..300 {
        if let Some(card) = app.card() {
            assert!(
                !put_down.contains(&card.title) || card.kind == tally_ho::app::table::CardKind::Summary,
                "{kind:?} {how:?}: the card {:?} was put down before it was left; topics down: {taught:?}",
                card.title
            );
            frame(&mut app, InputFrame::press(KeyCode::Enter));
        } else {
            frame(&mut app, InputFrame::idle());
        }
        if on_table(&app).is_some_and(|r| r.commands() > left.commands()) {
            break;
        }
    }
}

#[test]
fn continue_after_every_kind_of_leave_resumes_simple_hex_at_the_last_command() {
    for how in [
        Leave::Menu,
        Leave::SaveFirst,
        Leave::CloseWindow,
        Leave::Killed,
    ] {
        continues_where_left(GameKind::SimpleHex, &mut ScriptedPlayer::new(0, 5), 37, how);
    }
}

#[test]
fn continue_after_every_kind_of_leave_resumes_the_family_game_at_the_last_command() {
    for how in [
        Leave::Menu,
        Leave::SaveFirst,
        Leave::CloseWindow,
        Leave::Killed,
    ] {
        continues_where_left(GameKind::Family, &mut FamilyScript::new(2, 0, 5), 23, how);
    }
}

#[test]
fn continue_after_every_kind_of_leave_resumes_the_campaign_at_the_last_command() {
    for how in [
        Leave::Menu,
        Leave::SaveFirst,
        Leave::CloseWindow,
        Leave::Killed,
    ] {
        let mut p = CampaignScript::new(17);
        p.weather = 2;
        continues_where_left(GameKind::Campaign, &mut p, 61, how);
    }
}

#[test]
fn continue_after_every_kind_of_leave_resumes_the_blitz_tour_at_the_last_command() {
    for how in [
        Leave::Menu,
        Leave::SaveFirst,
        Leave::CloseWindow,
        Leave::Killed,
    ] {
        continues_where_left(GameKind::Blitz, &mut BlitzScript::default(), 29, how);
    }
}

// ----- the list of saves -----

#[test]
fn the_load_list_says_what_the_replayed_game_is_never_the_files_own_words() {
    let (_g, _dir) = data_dir("list-replayed");
    let (mut app, text) = app_with_an_autosave();
    let auto = saves::path(GameKind::SimpleHex, Slot::Autosave);
    // A save whose own line was edited to say anything.
    let at = text.find("progress: \"").unwrap() + "progress: \"".len();
    let end = at + text[at..].find('"').unwrap();
    let mut tampered = text.clone();
    tampered.replace_range(at..end, "lost: RAF 2147483648");
    std::fs::write(&auto, &tampered).unwrap();
    click(&mut app, "Load a game");
    frame(&mut app, InputFrame::idle());
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    let l = list.entries[0].read.as_ref().unwrap();
    assert!(l.progress.starts_with("Attack 1, round "), "{}", l.progress);
    assert!(!l.progress.contains("2147483648"));
    // An unreadable autosave set aside is listed too, with why, and can be
    // handed over as a file.
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    frame(&mut app, InputFrame::idle());
    let aside = auto.with_file_name("autosave.unreadable.ron");
    std::fs::write(&aside, "Record(game: SimpleHex, version: 6, seed: oops").unwrap();
    click(&mut app, "Load a game");
    frame(&mut app, InputFrame::idle());
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    let e = list
        .entries
        .iter()
        .find(|e| e.slot == Slot::Unreadable(1))
        .expect("the unreadable autosave is listed");
    assert!(e
        .read
        .as_ref()
        .unwrap_err()
        .contains("autosave.unreadable.ron:1:"));
    assert_eq!(
        saves::export_name(e),
        "tally-ho-simple-hex-autosave-unreadable.ron"
    );
}

// ----- deleting a save -----

#[test]
fn a_save_is_deleted_from_the_load_screen_only_when_the_player_says_so() {
    let (_g, _dir) = data_dir("delete");
    let (mut app, text) = app_with_an_autosave();
    let auto = saves::path(GameKind::SimpleHex, Slot::Autosave);
    click(&mut app, "Load a game");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Delete");
    frame(&mut app, InputFrame::idle());
    // The question is asked; the list underneath takes no click.
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    assert!(list.delete.is_some(), "asked first");
    click(&mut app, "Simple Hex dogfight, Autosave");
    assert!(
        matches!(app.top(), Screen::Load(_)),
        "nothing loaded under the question"
    );
    click(&mut app, "Keep it");
    assert_eq!(std::fs::read_to_string(&auto).unwrap(), text, "kept");
    // Changed by another window since it was listed: not deleted.
    click(&mut app, "Delete");
    frame(&mut app, InputFrame::idle());
    std::fs::write(&auto, text.replacen("progress: \"", "progress: \"x", 1)).unwrap();
    click(&mut app, "Delete it");
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    assert!(
        list.message
            .as_deref()
            .unwrap_or_default()
            .starts_with("Not saved: another Tally-Ho window has changed"),
        "{:?}",
        list.message
    );
    assert!(auto.exists());
    // As listed, it goes.
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Delete");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Delete it");
    assert!(!auto.exists());
    let Screen::Load(list) = app.top() else {
        panic!("not the load screen")
    };
    assert_eq!(
        list.message.as_deref(),
        Some("Simple Hex dogfight, Autosave deleted.")
    );
    assert!(list.entries.is_empty());
}

// ----- a finished game and the autosave -----

#[test]
fn a_finished_game_loaded_from_a_slot_keeps_the_autosave_of_another_game() {
    let (_g, _dir) = data_dir("finished-slot");
    // An unfinished game in the autosave...
    let (mut app, text) = app_with_an_autosave();
    // ...and a finished one in slot 1.
    let mut done = tally_ho::simple_hex::Game::new(
        tally_ho::data::load_simple_hex("crane-14x18")
            .unwrap()
            .into(),
        Default::default(),
        9,
    );
    tally_ho::simple_hex::ai::play_out(&mut done).unwrap();
    assert!(done.is_over());
    let rec = record::of(&done, vec![], Path::new(".")).unwrap();
    saves::store(Slot::Numbered(1), &AnyRecord::SimpleHex(rec)).unwrap();
    load(&mut app, "Simple Hex dogfight, Slot 1");
    for _ in 0..50 {
        frame(&mut app, InputFrame::idle());
    }
    assert!(
        app.top().is_result(GameKind::SimpleHex),
        "{}",
        app.top().name()
    );
    click(&mut app, "Main menu");
    let auto = saves::path(GameKind::SimpleHex, Slot::Autosave);
    assert_eq!(
        std::fs::read_to_string(&auto).unwrap(),
        text,
        "the other game's autosave is untouched"
    );
    // A game played to its end from the autosave clears the autosave it
    // wrote: that is what the rule keeps apart.
    let mut played = tally_ho::simple_hex::Game::new(
        tally_ho::data::load_simple_hex("crane-14x18")
            .unwrap()
            .into(),
        Default::default(),
        9,
    );
    let all = done.commands().to_vec();
    for c in &all[..all.len() - 1] {
        played.play(*c).unwrap();
    }
    let rec = record::of(&played, sides_solo(), Path::new(".")).unwrap();
    saves::clear_autosave(GameKind::SimpleHex).unwrap();
    saves::store(Slot::Autosave, &AnyRecord::SimpleHex(rec)).unwrap();
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Continue");
    for _ in 0..2_000 {
        if app.top().is_result(GameKind::SimpleHex) {
            break;
        }
        frame(&mut app, InputFrame::press(KeyCode::S));
    }
    assert!(
        app.top().is_result(GameKind::SimpleHex),
        "{}",
        app.top().name()
    );
    assert!(
        !auto.exists(),
        "its own finished game's autosave is cleared"
    );
}

fn sides_solo() -> Vec<tally_ho::record::Player> {
    vec![
        tally_ho::record::Player::new("Luftwaffe", false),
        tally_ho::record::Player::new("RAF", true),
    ]
}

// ----- two windows on one data folder -----

/// A window of the two-window test, run in a process of its own (this test
/// binary again, told its part by `TALLY_HO_TEST_WINDOW`).
#[test]
fn two_windows_part() {
    let Ok(part) = std::env::var("TALLY_HO_TEST_WINDOW") else {
        return;
    };
    let dir = PathBuf::from(std::env::var("TALLY_HO_DATA_DIR").unwrap());
    let wait_for = |name: &str| {
        let t = Instant::now();
        while !dir.join(name).exists() {
            assert!(t.elapsed() < Duration::from_secs(120), "{part}: no {name}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let (settings, _) = tally_ho::settings::Settings::load();
    let mut app = App::new(
        tally_ho::settings::Settings {
            anim: AnimSpeed::Instant,
            guide: false,
            ..settings
        },
        None,
    );
    frame(&mut app, InputFrame::idle());
    match part.as_str() {
        "first" => {
            play_simple_hex(&mut app);
            std::fs::write(dir.join("first-playing"), "").unwrap();
            wait_for("second-done");
            // The second window replaced the autosave (its player said so):
            // this one's next autosave does not write over it, and says why.
            let before = app.battle().unwrap().game.commands().len();
            let mut said: Option<String> = None;
            play_simple_hex_on(&mut app, 3, &mut |app| {
                let m = app.battle().and_then(|b| b.shared.message.clone());
                if let Some(m) = m.filter(|m| m.contains("Not autosaved")) {
                    said.get_or_insert(m.to_string());
                }
            });
            assert!(app.battle().unwrap().game.commands().len() > before);
            let said = said.expect("the first window is told its autosave was not written");
            assert!(said.contains("another Tally-Ho window"), "{said}");
            // Its player keeps the game in a slot; the settings it learned
            // are merged with the other window's.
            save_in_slot(&mut app, 1);
            app.settings.learn(GameKind::Family);
            app.settings.store().unwrap();
            let mine = app.battle().unwrap().game.commands().len();
            std::fs::write(dir.join("first-done"), mine.to_string()).unwrap();
        }
        "second" => {
            // The menu says so (the sentence it shows).
            assert!(
                tally_ho::saves::claim_folder().is_some_and(
                    |s| s.starts_with("Another Tally-Ho window is open on this data folder")
                ),
                "the second window is told it is not alone"
            );
            app.settings.volume = 0.25;
            app.settings.store().unwrap();
            click(&mut app, "New game");
            frame(&mut app, InputFrame::idle());
            click(&mut app, "Start");
            assert!(
                matches!(app.top(), Screen::ConfirmNew(_)),
                "asked about the first window's game"
            );
            frame(&mut app, InputFrame::idle());
            click(&mut app, "Replace it and start");
            for _ in 0..200 {
                frame(&mut app, InputFrame::press(KeyCode::Space));
            }
            let mine = app.battle().unwrap().game.commands().len();
            assert!(mine > 0);
            frame(&mut app, InputFrame::idle());
            std::fs::write(dir.join("second-done"), mine.to_string()).unwrap();
        }
        other => panic!("no part {other}"),
    }
}

/// Runs this test binary's `two_windows_part` as `part`, on `dir`.
fn window_process(part: &str, dir: &Path) -> std::process::Child {
    std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "two_windows_part",
            "--exact",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("TALLY_HO_TEST_WINDOW", part)
        .env("TALLY_HO_DATA_DIR", dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start a window")
}

fn finished(child: std::process::Child, part: &str) {
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the {part} window failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn two_windows_on_one_data_folder_lose_nothing_and_the_second_is_told() {
    let dir = std::env::temp_dir().join(format!("tally-ho-two-windows-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let first = window_process("first", &dir);
    let t = Instant::now();
    while !dir.join("first-playing").exists() {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the first window never played"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let second = window_process("second", &dir);
    finished(second, "second");
    finished(first, "first");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let firsts: usize = read("first-done").parse().unwrap();
    let seconds: usize = read("second-done").parse().unwrap();
    let at = |slot| {
        record::read(&dir.join("saves/simple-hex").join(slot))
            .unwrap()
            .commands()
    };
    // The autosave is the second window's game (its player replaced the
    // first's there, having been asked); the first's is in its slot.
    assert_eq!(at("autosave.ron"), seconds);
    assert_eq!(at("slot-1.ron"), firsts);
    // Both windows' settings: the second's volume, the first's lesson.
    let s = tally_ho::settings::Settings::parse("settings.ron", &read("settings.ron")).unwrap();
    assert_eq!(s.volume, 0.25);
    assert!(!s.guides(GameKind::Family));
    std::fs::remove_dir_all(&dir).ok();
}

// ----- what a killed run leaves -----

/// A run killed while it writes: writes the same large save over and over
/// (run in a process of its own, told by `TALLY_HO_TEST_WRITER`).
#[test]
fn killed_writer_part() {
    let Ok(dir) = std::env::var("TALLY_HO_TEST_WRITER") else {
        return;
    };
    let path = Path::new(&dir).join("saves/simple-hex/slot-1.ron");
    let text = format!("// {}\n", "x".repeat(8 << 20));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    loop {
        tally_ho::data::write_atomic(&path, &text).unwrap();
    }
}

#[test]
fn a_kill_during_a_write_leaves_no_temporary_file_after_the_next_start() {
    let temporaries = |dir: &Path| -> Vec<String> {
        let game = dir.join("saves/simple-hex");
        std::fs::read_dir(game)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".tmp"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut left_one = None;
    for attempt in 0..40 {
        let dir =
            std::env::temp_dir().join(format!("tally-ho-killed-{}-{attempt}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["killed_writer_part", "--exact", "--test-threads", "1"])
            .env("TALLY_HO_TEST_WRITER", &dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Killed (SIGKILL) at a moment that moves with each attempt.
        std::thread::sleep(Duration::from_millis(300 + 37 * attempt));
        child.kill().unwrap();
        child.wait().unwrap();
        if !temporaries(&dir).is_empty() {
            left_one = Some(dir);
            break;
        }
        std::fs::remove_dir_all(&dir).ok();
    }
    let dir = left_one.expect("no kill of 40 fell during a write: the case never happened");
    // The next start, on that folder.
    let (_g, _) = data_dir("killed-next-start");
    std::env::set_var("TALLY_HO_DATA_DIR", &dir);
    let _app = app_with(AnimSpeed::Instant);
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(target_os = "linux")]
#[test]
fn the_audio_folder_of_a_killed_run_is_removed_at_the_next_start() {
    let base = std::env::temp_dir().join(format!("tally-ho-audio-base-{}", std::process::id()));
    std::fs::create_dir_all(&base).unwrap();
    // A process that has ended: its folder is a leftover.
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let left = base.join(format!("tally-ho-audio-{dead}-Ab12Cd"));
    let mine = base.join(format!("tally-ho-audio-{}-Zz99Yy", std::process::id()));
    for d in [&left, &mine] {
        std::fs::create_dir_all(d).unwrap();
        std::fs::write(d.join("alsa.conf"), "pcm.!default { type null }").unwrap();
    }
    let removed = tally_ho::app::audio::clear_audio_leftovers(&base);
    assert_eq!(removed, vec![left.clone()]);
    assert!(!left.exists() && mine.exists());
    std::fs::remove_dir_all(&base).ok();
}
