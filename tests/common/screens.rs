//! Helpers for the tests that drive the screens headless: a data directory of
//! their own, an app at a chosen animation speed, one frame of input, and a
//! click on a button found by its label.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use tally_ho::app::ui::InputFrame;
use tally_ho::app::App;
use tally_ho::save::{AnimSpeed, Settings};

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

pub fn app_with(anim: AnimSpeed) -> App {
    let settings = Settings {
        anim,
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
