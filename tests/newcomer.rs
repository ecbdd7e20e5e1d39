//! What a newcomer meets first, driven headless through the screens: the
//! menu, the rules pages of the four games, the settings.
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::script::{Script, ScriptedPlayer};
use tally_ho::app::ui::InputFrame;
use tally_ho::app::{App, HelpPage, Screen};
use tally_ho::common::game::GameKind;
use tally_ho::saves::Slot;
use tally_ho::settings::AnimSpeed;

#[path = "common/screens.rs"]
mod screens;
use screens::*;

fn scroll(app: &App) -> f32 {
    match app.top() {
        Screen::Help { scroll, .. } => *scroll,
        s => panic!("not a rules page but {}", s.name()),
    }
}

fn page(app: &App) -> HelpPage {
    match app.top() {
        Screen::Help { page, .. } => *page,
        s => panic!("not a rules page but {}", s.name()),
    }
}

fn wheel(by: f32) -> InputFrame {
    InputFrame {
        wheel: by,
        mouse: (W / 2.0, H / 2.0),
        ..InputFrame::idle()
    }
}

/// The rules page reached from the menu by the button labelled `game`.
fn open_rules(app: &mut App, game: &str) {
    frame(app, InputFrame::idle());
    click(app, "Rules and controls");
    frame(app, InputFrame::idle());
    click(app, game);
    frame(app, InputFrame::idle());
}

#[test]
fn each_games_rules_are_reachable_from_the_menu() {
    let (_g, _dir) = data_dir("rules-reachable");
    for (label, want) in [
        ("Simple Hex", HelpPage::SimpleHex),
        ("Family game", HelpPage::Family),
        ("Campaign", HelpPage::Campaign),
        ("Night Blitz", HelpPage::Blitz),
    ] {
        let mut app = app_with(AnimSpeed::Instant);
        open_rules(&mut app, label);
        assert_eq!(page(&app), want, "{label}");
    }
}

#[test]
fn a_rules_page_scrolled_to_its_end_stays_there() {
    let (_g, _dir) = data_dir("rules-end");
    for label in ["Simple Hex", "Family game", "Campaign", "Night Blitz"] {
        let mut app = app_with(AnimSpeed::Instant);
        open_rules(&mut app, label);
        assert_eq!(scroll(&app), 0.0);
        frame(&mut app, InputFrame::press(KeyCode::End));
        let end = scroll(&app);
        assert!(end > 0.0, "{label}: the page is longer than the window");
        // Idle frames (no wheel, no key) leave the page where it is.
        for _ in 0..60 {
            frame(&mut app, InputFrame::idle());
        }
        assert_eq!(scroll(&app), end, "{label}: the page stays at its end");
        // One notch of the wheel up moves three lines, and stays.
        frame(&mut app, wheel(1.0));
        assert_eq!(scroll(&app), end - 3.0, "{label}");
        for _ in 0..10 {
            frame(&mut app, InputFrame::idle());
        }
        assert_eq!(scroll(&app), end - 3.0, "{label}");
        // Page Down from the top moves down and stays down.
        frame(&mut app, InputFrame::press(KeyCode::Home));
        assert_eq!(scroll(&app), 0.0);
        frame(&mut app, InputFrame::press(KeyCode::PageDown));
        let down = scroll(&app);
        assert!(down > 0.0, "{label}");
        for _ in 0..10 {
            frame(&mut app, InputFrame::idle());
        }
        assert_eq!(scroll(&app), down, "{label}");
    }
}

#[test]
fn continue_is_offered_only_when_a_game_is_saved() {
    let (_g, _dir) = data_dir("continue");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    assert!(
        !app.buttons.iter().any(|b| b.label.starts_with("Continue")),
        "no button to press with nothing saved"
    );
    // The C key does nothing either.
    frame(&mut app, InputFrame::press(KeyCode::C));
    assert!(matches!(app.top(), Screen::Menu));
    // A game is played until it saves itself, and left: its autosave is
    // there to continue.
    let mut p = ScriptedPlayer::new(0, 5);
    for _ in 0..100_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if saved(GameKind::SimpleHex, Slot::Autosave).is_some() {
            break;
        }
    }
    assert!(saved(GameKind::SimpleHex, Slot::Autosave).is_some());
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Leave");
    assert!(matches!(app.top(), Screen::Menu), "{}", app.top().name());
    frame(&mut app, InputFrame::idle());
    let b = app
        .buttons
        .iter()
        .find(|b| b.label.starts_with("Continue"))
        .expect("Continue is offered once a game is saved");
    assert_eq!(b.label, "Continue the last game: Simple Hex dogfight");
    click(&mut app, "Continue");
    assert!(
        matches!(app.top(), Screen::Battle(_)),
        "{}",
        app.top().name()
    );
}
