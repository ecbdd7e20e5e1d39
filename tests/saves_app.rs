//! A player's games are never lost: each game keeps its own autosave and
//! slots, so leaving one game and starting another touches nothing of the
//! first, and every game resumes exactly where it was left.
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::script::{CampaignScript, Script};
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
    let mut moves = 0;
    for _ in 0..50_000 {
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
                if moves > 12 {
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
    panic!("the Simple Hex game did not get going");
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
