//! Helpers for the tests that drive the screens headless: a data directory of
//! their own, an app at a chosen animation speed, one frame of input, and a
//! click on a button found by its label.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use tally_ho::app::ui::InputFrame;
use tally_ho::app::App;
use tally_ho::app::Screen;
use tally_ho::common::game::GameKind;
use tally_ho::record::{self, AnyRecord};
use tally_ho::saves::{self, Slot};
use tally_ho::settings::{AnimSpeed, Settings};

pub const W: f32 = 1280.0;
pub const H: f32 = 800.0;

/// Tests that touch the data directory take turns, each in its own folder.
static DATA: Mutex<()> = Mutex::new(());

pub fn data_dir(name: &str) -> (MutexGuard<'static, ()>, PathBuf) {
    let guard = DATA.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("tally-ho-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::env::set_var("TALLY_HO_DATA_DIR", &dir);
    (guard, dir)
}

/// An app at animation speed `anim`, without the guide of a first game
/// (the tests of the guide turn it on).
pub fn app_with(anim: AnimSpeed) -> App {
    let settings = Settings {
        anim,
        guide: false,
        ..Settings::default()
    };
    App::new(settings, None)
}

pub fn frame(app: &mut App, input: InputFrame) {
    app.frame(input, false, W, H);
}

/// Clicks the `n`th button (of the last frame) whose label starts with `label`.
pub fn click_nth(app: &mut App, label: &str, n: usize) {
    let b = app
        .buttons
        .iter()
        .filter(|b| b.label.starts_with(label))
        .nth(n)
        .unwrap_or_else(|| panic!("no button {label:?} on the {} screen", app.top().name()))
        .rect;
    frame(app, InputFrame::click_at(b.x + b.w / 2.0, b.y + b.h / 2.0));
}

pub fn click(app: &mut App, label: &str) {
    click_nth(app, label, 0);
}

/// The record in a game's slot, if it holds one that reads.
pub fn saved(kind: GameKind, slot: Slot) -> Option<AnyRecord> {
    record::read(&saves::path(kind, slot)).ok()
}

/// Saves the game under way with F5: in its own slot, or (the first time)
/// in slot `n`, picked on the slots screen.
pub fn save_in_slot(app: &mut App, n: u8) {
    frame(app, InputFrame::press(macroquad::prelude::KeyCode::F5));
    if let Screen::SaveSlots(_) = app.top() {
        frame(app, InputFrame::idle());
        let label = format!("Slot {n}");
        let b = app
            .buttons
            .iter()
            .find(|b| {
                b.label.starts_with(&format!("{label}:"))
                    || b.label.contains(&format!(", {label} "))
            })
            .unwrap_or_else(|| panic!("no button for {label}"))
            .rect;
        frame(app, InputFrame::click_at(b.x + b.w / 2.0, b.y + b.h / 2.0));
    }
}

/// From the menu: the list of saves, then the save whose title starts so
/// ("Campaign, Autosave", "Family game, Slot 2"...).
pub fn load(app: &mut App, title: &str) {
    click(app, "Load a game");
    frame(app, InputFrame::idle());
    click(app, title);
}

/// From the menu: the list of saves, and why the one in `slot` cannot be
/// read (a test failure if it can, or is not listed).
pub fn listed_error(app: &mut App, slot: Slot) -> String {
    click(app, "Load a game");
    frame(app, InputFrame::idle());
    let Screen::Load(list) = app.top() else {
        panic!("the list of saves");
    };
    let e = list
        .entries
        .iter()
        .find(|e| e.slot == slot)
        .unwrap_or_else(|| panic!("{slot:?} is not listed"));
    e.read.clone().expect_err("the save cannot be read")
}

/// One frame laid out and audited as if drawn at `w` by `h`, without a
/// window: nothing is painted (a dry run), but every text, box and mark is
/// checked as `--audit-text` checks them. The problems this frame first
/// showed are returned.
pub fn audited_frame(app: &mut App, input: InputFrame, w: f32, h: f32) -> Vec<String> {
    tally_ho::app::ui::set_dry(true);
    if !tally_ho::app::audit::started() {
        tally_ho::app::audit::start();
    }
    app.frame(input, true, w, h);
    app.audited.clone()
}
