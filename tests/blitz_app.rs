//! The night Blitz through its screens: started from the menu, flown by
//! clicks (buttons and the map's lit zones), saved, left and resumed
//! exactly; a forbidden heading is refused with the sheet's reason; a
//! choice that threw no die is taken back.
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::script::{BlitzScript, Script};
use tally_ho::app::ui::InputFrame;
use tally_ho::app::{App, Screen};
use tally_ho::blitz::{Command, Heading, Leg, Phase};
use tally_ho::common::game::GameKind;
use tally_ho::record::AnyRecord;
use tally_ho::saves::Slot;
use tally_ho::settings::AnimSpeed;

#[path = "common/screens.rs"]
mod screens;
use screens::*;

/// Frames until the table waits for the crew with nothing moving.
fn settle(app: &mut App) {
    for _ in 0..2_000 {
        frame(app, InputFrame::idle());
        let t = app.blitz().expect("the Blitz table");
        if t.at_rest() && !t.busy() {
            return;
        }
    }
    panic!("the table never came to rest");
}

/// From the menu to the first night's briefing.
fn start(app: &mut App) {
    frame(app, InputFrame::idle());
    click(app, "Night Blitz");
    assert!(app.top().is_table(GameKind::Blitz), "{}", app.top().name());
    settle(app);
    assert_eq!(app.blitz().unwrap().game.phase(), Phase::Briefing);
}

#[test]
fn a_tour_flown_through_the_screens_is_saved_left_and_resumed_exactly() {
    let (_g, _dir) = data_dir("blitz-tour");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    let mut script = BlitzScript::default();
    for _ in 0..200_000 {
        let input = script.next(&app);
        frame(&mut app, input);
        if let Some(t) = app.blitz() {
            if t.game.commands().len() > 60 && t.at_rest() && !t.busy() {
                break;
            }
        }
    }
    let t = app.blitz().expect("a tour under way");
    let commands = t.game.commands().to_vec();
    assert!(commands.len() > 60, "{}", commands.len());
    assert!(
        t.game.raids().len() >= 2,
        "missions debriefed through the screens"
    );
    // The autosave holds the tour as of its last briefing or debriefing.
    let Some(AnyRecord::Blitz(auto)) = saved(GameKind::Blitz, Slot::Autosave) else {
        panic!("the Blitz autosave");
    };
    assert!(!auto.commands.is_empty() && auto.commands.len() <= commands.len());
    assert_eq!(auto.commands[..], commands[..auto.commands.len()]);

    save_in_slot(&mut app, 1);
    assert_eq!(
        app.blitz().unwrap().shared.message.as_deref(),
        Some("Game saved in slot 1.")
    );
    let events = app.blitz().unwrap().game.events().to_vec();
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Leave");
    assert!(matches!(app.top(), Screen::Menu));
    frame(&mut app, InputFrame::idle());
    load(&mut app, "Night Blitz, Slot 1");
    let back = app.blitz().expect("the tour is back");
    assert_eq!(back.game.commands(), commands.as_slice());
    assert_eq!(back.game.events(), events.as_slice());
    assert_eq!(back.keep.slot, Some(Slot::Numbered(1)));
}

#[test]
fn a_click_on_a_lit_zone_flies_there_and_a_forbidden_heading_is_refused_with_its_reason() {
    let (_g, _dir) = data_dir("blitz-click");
    let mut app = app_with(AnimSpeed::Instant);
    start(&mut app);
    click(&mut app, "Take off");
    settle(&mut app);
    // The menu's seed is the frame count: this tour takes off.
    assert_eq!(app.blitz().unwrap().game.phase(), Phase::Heading);
    let zone = |app: &App, h: Heading| {
        let g = &app.blitz().unwrap().game;
        h.from(g.bomber().unwrap().zone, &g.tables().map).unwrap()
    };
    let click_zone = |app: &mut App, z| {
        let (x, y) = app.blitz().unwrap().scene.zone_centre(z);
        frame(app, InputFrame::click_at(x, y));
        frame(app, InputFrame::idle());
    };
    // The zone to the north-west is lit: a click flies there.
    let nw = zone(&app, Heading::NW);
    click_zone(&mut app, nw);
    settle(&mut app);
    let t = app.blitz().unwrap();
    assert_eq!(t.game.commands().last(), Some(&Command::Fly(Heading::NW)));
    assert_eq!(t.game.mission().unwrap().track.last().unwrap().0, nw);
    assert_eq!(
        t.game.phase(),
        Phase::Heading,
        "no weather or fighter here on this seed"
    );
    assert_eq!(t.game.bomber().unwrap().leg, Leg::Outbound);
    // Back east is not an outbound heading: refused with the sheet's words.
    let n = t.game.commands().len();
    let east = zone(&app, Heading::E);
    click_zone(&mut app, east);
    let t = app.blitz().unwrap();
    assert_eq!(t.game.commands().len(), n, "nothing played");
    let said = t.shared.message.as_deref().unwrap_or_default().to_string();
    assert!(
        said.contains("may fly only W, NW or N when outbound"),
        "{said}"
    );
}

#[test]
fn an_abort_that_threw_no_die_is_taken_back_with_u() {
    let (_g, _dir) = data_dir("blitz-undo");
    let mut app = app_with(AnimSpeed::Instant);
    start(&mut app);
    click(&mut app, "Take off");
    settle(&mut app);
    assert_eq!(app.blitz().unwrap().game.phase(), Phase::Heading);
    // One zone out first: an abort over the base would land at once.
    click(&mut app, "Fly NW");
    settle(&mut app);
    let g = &app.blitz().unwrap().game;
    assert_eq!(
        g.phase(),
        Phase::Heading,
        "no weather or fighter here on this seed"
    );
    assert_eq!(g.bomber().unwrap().leg, Leg::Outbound);
    let before = app.blitz().unwrap().game.state().clone();
    click(&mut app, "Abort");
    settle(&mut app);
    assert_eq!(
        app.blitz().unwrap().game.bomber().unwrap().leg,
        Leg::Homebound
    );
    frame(&mut app, InputFrame::press(KeyCode::U));
    settle(&mut app);
    let t = app.blitz().unwrap();
    assert!(t.game.state() == &before, "the state before the abort");
    assert_eq!(
        t.shared.message.as_deref(),
        Some("Took back the last action.")
    );
}

/// Outbound the bomber flies only W, NW or N: a heading that would leave
/// the target behind says so on its button, and once past it the question
/// says no heading reaches it any more.
#[test]
fn a_heading_that_passes_the_target_says_so_and_then_the_panel_says_it_is_out_of_reach() {
    let (_g, _dir) = data_dir("blitz-past");
    let mut app = app_with(AnimSpeed::Instant);
    start(&mut app);
    click(&mut app, "Take off");
    settle(&mut app);
    let mut passed = false;
    for _ in 0..30 {
        let t = app.blitz().unwrap();
        let labels: Vec<String> = app.buttons.iter().map(|b| b.label.clone()).collect();
        match t.game.phase() {
            Phase::Heading => {
                let b = t.game.bomber().unwrap();
                let target = t.game.mission().unwrap().target;
                // Each "past" button is one whose next zone leaves the
                // target out of reach, and only those.
                for l in labels.iter().filter(|l| l.starts_with("Fly ")) {
                    let h = [Heading::W, Heading::NW, Heading::N]
                        .into_iter()
                        .find(|h| l.starts_with(&format!("Fly {h:?} ")))
                        .expect("an outbound heading");
                    let to = h.from(b.zone, &t.game.tables().map).unwrap();
                    assert_eq!(
                        l.contains(": past"),
                        Leg::Outbound.reaches(b.zone, target) && !Leg::Outbound.reaches(to, target),
                        "{l} from {} to {target}",
                        b.zone
                    );
                }
                if let Some(l) = labels
                    .iter()
                    .find(|l| l.starts_with("Fly W") && l.contains(": past"))
                {
                    click(&mut app, l);
                    settle(&mut app);
                    passed = true;
                    break;
                }
                click(&mut app, "Fly W");
            }
            Phase::Weather => click(&mut app, "Press on"),
            Phase::Attacked { .. } => click(&mut app, "Evasive action"),
            p => panic!("not flying outbound: {p:?}"),
        }
        settle(&mut app);
    }
    assert!(passed, "the bomber never passed its target's column");
    // Through any weather or fighter in that zone, to the next heading.
    for _ in 0..10 {
        match app.blitz().unwrap().game.phase() {
            Phase::Weather => click(&mut app, "Press on"),
            Phase::Attacked { .. } => click(&mut app, "Evasive action"),
            _ => break,
        }
        settle(&mut app);
    }
    let t = app.blitz().unwrap();
    assert_eq!(t.game.phase(), Phase::Heading);
    let q = tally_ho::app::blitz::question(&t.game).unwrap();
    assert!(q.contains("has flown past"), "{q}");
    assert!(q.contains("Abort"), "{q}");
}
