//! The family game's screens, driven headless: the same `App::frame` code
//! that draws the game, with drawing off and the input injected (clicks on
//! buttons and squares, key presses).
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::family::{FamilyTable, Mode};
use tally_ho::app::script::{FamilyScript, Script};
use tally_ho::app::ui::InputFrame;
use tally_ho::app::{App, Screen};
use tally_ho::common::game::GameKind;
use tally_ho::family::{Command, Phase};
use tally_ho::record::AnyRecord;
use tally_ho::saves::{self, Slot};
use tally_ho::settings::AnimSpeed;

#[path = "common/screens.rs"]
mod screens;
use screens::*;

fn family(app: &App) -> &FamilyTable {
    app.family().expect("a family game on the stack")
}

/// Plays a whole family game with the scripted commanders (all human);
/// returns the app on the result screen and the hand-over screens seen.
fn play_through(commanders: usize, board: usize, seed: u64, anim: AnimSpeed) -> (App, u32) {
    let mut app = app_with(anim);
    let mut p = FamilyScript::new(commanders, board, seed);
    let mut handovers = 0;
    let mut in_handover = false;
    let mut trail: Vec<String> = Vec::new();
    for _ in 0..400_000 {
        let input = p.next(&app);
        let was = app.top().name();
        frame(&mut app, input.clone());
        if app.top().name() != was && trail.len() < 40 {
            trail.push(format!(
                "{was} -> {} ({:?} {:?})",
                app.top().name(),
                input.keys,
                input.clicked
            ));
        }
        let now = app.family().is_some_and(|b| b.handover.is_some());
        if now && !in_handover {
            handovers += 1;
        }
        in_handover = now;
        if p.done {
            return (app, handovers);
        }
    }
    panic!(
        "the scripted family game did not finish: {trail:?} on {}, message {:?}, buttons {:?}",
        app.top().name(),
        app.family().and_then(|b| b.shared.message.clone()),
        app.buttons
            .iter()
            .map(|b| b.label.clone())
            .collect::<Vec<_>>()
    );
}

/// Frames until the family game waits for a human (or is over).
fn until_human(app: &mut App) {
    for _ in 0..20_000 {
        let b = family(app);
        if b.handover.is_some() {
            frame(app, InputFrame::press(KeyCode::Enter));
            continue;
        }
        if (b.human_commander().is_some() && !b.busy()) || b.game.is_over() {
            // one more frame so the screen lays out the choices
            frame(app, InputFrame::idle());
            return;
        }
        frame(app, InputFrame::idle());
    }
    panic!("the game never came back to a human");
}

/// A solo family game on `seed`, its Spitfire taken off and its turn come.
fn airborne(app: &mut App, seed: &str) {
    family_new_game(app, seed);
    click(app, "Start");
    until_human(app);
    frame(app, InputFrame::press(KeyCode::T));
    until_human(app);
}

/// From the menu to the family new-game screen with `seed` typed in.
fn family_new_game(app: &mut App, seed: &str) {
    frame(app, InputFrame::idle());
    click(app, "Family game:");
    assert!(app.top().is_new_game(GameKind::Family));
    for _ in 0..12 {
        frame(app, InputFrame::press(KeyCode::Backspace));
    }
    frame(
        app,
        InputFrame {
            chars: seed.chars().collect(),
            ..InputFrame::idle()
        },
    );
}

#[test]
fn a_solo_commander_plays_the_family_game_to_the_end_through_the_screens() {
    let (_g, _dir) = data_dir("solo");
    let (app, handovers) = play_through(1, 0, 7, AnimSpeed::Instant);
    assert!(app.top().is_result(GameKind::Family));
    let b = family(&app);
    assert!(b.game.is_over());
    assert_eq!(b.commanders().len(), 1);
    assert_eq!(handovers, 0, "no hand-over screens with one commander");
    // The end screen places the result among the computer's solo games on
    // this board, from the spreads table's row for the way it ended.
    let (placing, what) = tally_ho::app::family::placing(b).expect("a measured set-up");
    let table = tally_ho::data::shipped_family_spreads().unwrap();
    let key = tally_ho::family::spread::setting(&b.game.scenario().board, b.game.setup());
    assert!(key.contains("solo"), "{key}");
    let outcome = if b.game.winner().is_some() {
        "won"
    } else {
        "nobody"
    };
    assert_eq!(placing.spread, table.find(&key, outcome).unwrap().spread);
    let grade = placing.grade().unwrap().name();
    assert!(placing
        .sentence(&what)
        .starts_with(&format!("A {grade} win for ")));
    // The commander's turns went in through the screen.
    let turns = b
        .game
        .commands()
        .iter()
        .filter(|c| **c != Command::Spin)
        .count();
    assert!(turns >= 5, "only {turns} commander commands");
    // A finished game leaves no autosave to continue.
    assert!(!saves::path(GameKind::Family, Slot::Autosave).exists());
    // The result screen's replay button plays the same game to the same end.
    let (commands, kills) = (b.game.commands().to_vec(), b.game.spitfire(0).kills);
    let mut app = app;
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Watch the replay");
    for _ in 0..100_000 {
        if app.top().is_result(GameKind::Family) && app.stack.len() == 3 {
            break;
        }
        frame(&mut app, InputFrame::idle());
    }
    let replayed = family(&app);
    assert!(replayed.is_watching());
    assert!(replayed.game.is_over());
    assert_eq!(replayed.game.commands(), commands.as_slice());
    assert_eq!(replayed.game.spitfire(0).kills, kills);
}

#[test]
fn four_commanders_hand_the_machine_over_and_finish() {
    let (_g, _dir) = data_dir("four");
    let (app, handovers) = play_through(4, 0, 3, AnimSpeed::Fast);
    let b = family(&app);
    assert!(b.game.is_over());
    assert_eq!(b.commanders().len(), 4);
    assert!(b.commanders().iter().all(|c| c.human));
    // Every round passes the machine round the table.
    assert!(
        handovers >= b.game.round(),
        "{handovers} hand-overs in {} rounds",
        b.game.round()
    );
}

#[test]
fn two_commanders_finish_on_the_kitchen_table() {
    let (_g, _dir) = data_dir("kitchen");
    let (app, handovers) = play_through(2, 1, 9, AnimSpeed::Instant);
    let b = family(&app);
    assert!(b.game.is_over());
    assert_eq!(b.scene.board, "kitchen");
    assert!(handovers >= 2);
}

#[test]
fn the_new_game_screen_sets_names_sectors_computers_and_the_short_game() {
    let (_g, _dir) = data_dir("newgame");
    let mut app = app_with(AnimSpeed::Instant);
    family_new_game(&mut app, "42");
    click(&mut app, "Commanders"); // 2
    click(&mut app, "Commanders"); // 3
    click(&mut app, "Name 2");
    for _ in 0..10 {
        frame(&mut app, InputFrame::press(KeyCode::Backspace));
    }
    frame(
        &mut app,
        InputFrame {
            chars: "Alice".chars().collect(),
            ..InputFrame::idle()
        },
    );
    click_nth(&mut app, "Sector", 0); // Red -> the first sector nobody holds: Yellow
    click_nth(&mut app, "Field", 1); // Alice starts on Blue's second airfield
    click(&mut app, "Human 3"); // the third commander is the computer
    click(&mut app, "Veteran 3"); // ... at the Recruit level (the Ace was merged)
    click(&mut app, "Full game"); // short game
    click(&mut app, "Seed");
    click(&mut app, "Start");
    let b = family(&app);
    assert_eq!(b.game.seed(), 42);
    assert_eq!(b.commanders().len(), 3);
    assert_eq!(b.commanders()[1].name, "Alice");
    assert!(b.commanders()[0].human && b.commanders()[1].human && !b.commanders()[2].human);
    assert_eq!(b.commanders()[2].level, tally_ho::common::Level::Recruit);
    let sectors: Vec<u8> = b.game.spitfires().iter().map(|s| s.sector).collect();
    assert_eq!(sectors, vec![3, 1, 2]);
    assert!(b.game.setup().short_game);
    let sc = b.game.scenario();
    let second = sc.airfields_of(1)[1];
    assert_eq!(b.game.spitfire(1).hex, sc.features[second].hex);
    assert_eq!(b.game.setup().seats[1].airfield, 1);
    assert_eq!(b.game.setup().seats[0].airfield, 0);
    assert_eq!(b.game.kills_to_win(), 3);
}

#[test]
fn a_family_game_saves_loads_and_is_autosaved() {
    let (_g, _dir) = data_dir("save");
    let mut app = app_with(AnimSpeed::Instant);
    family_new_game(&mut app, "5");
    click(&mut app, "Start");
    until_human(&mut app);
    frame(&mut app, InputFrame::press(KeyCode::T)); // take off
    until_human(&mut app);
    let commands = family(&app).game.commands().to_vec();
    assert!(commands.contains(&Command::TakeOff));
    save_in_slot(&mut app, 1);
    assert_eq!(
        family(&app).shared.message.as_deref(),
        Some("Game saved in slot 1.")
    );
    let text = std::fs::read_to_string(saves::path(GameKind::Family, Slot::Numbered(1))).unwrap();
    assert!(
        text.starts_with("Record(\n    game: Family,"),
        "{}",
        &text[..40]
    );
    // The round's start wrote the family game's own autosave.
    assert!(matches!(
        saved(GameKind::Family, Slot::Autosave),
        Some(AnyRecord::Family(_))
    ));
    // Leave without saving, then load: the same game, command for command.
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    assert!(matches!(app.top(), Screen::ConfirmLeave { .. }));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Leave");
    assert!(matches!(app.top(), Screen::Menu));
    frame(&mut app, InputFrame::idle());
    load(&mut app, "Family game, Slot 1");
    assert!(app.top().is_table(GameKind::Family));
    assert_eq!(family(&app).game.commands(), commands.as_slice());
    assert_eq!(family(&app).keep.slot, Some(Slot::Numbered(1)));
}

#[test]
fn a_corrupt_family_save_is_reported_and_left_as_it_is() {
    let (_g, _dir) = data_dir("corrupt");
    let bad = "FamilySave(\n    board: \"full\",\n    seed: oops,\n)\n";
    let file = saves::path(GameKind::Family, Slot::Legacy(0));
    std::fs::write(&file, bad).unwrap();
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    let why = listed_error(&mut app, Slot::Legacy(0));
    assert!(why.contains("save.ron:3:"), "{why}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
}

#[test]
fn a_commander_takes_back_a_misclick_but_never_a_spin() {
    let (_g, _dir) = data_dir("undo");
    // Animations on, as a player sees them: the pause after a move is the
    // moment to take it back.
    let mut app = app_with(AnimSpeed::Normal);
    family_new_game(&mut app, "8");
    click(&mut app, "Start");
    until_human(&mut app);
    let before = family(&app).game.commands().len();
    frame(&mut app, InputFrame::press(KeyCode::T));
    assert_eq!(family(&app).game.commands().len(), before + 1);
    frame(&mut app, InputFrame::press(KeyCode::U));
    let b = family(&app);
    assert_eq!(
        b.game.commands().len(),
        before,
        "the take-off is taken back"
    );
    assert!(b.game.spitfire(0).on_ground());
    // Now take off for good and let the bombers spin: that cannot be undone.
    frame(&mut app, InputFrame::press(KeyCode::T));
    until_human(&mut app);
    let n = family(&app).game.commands().len();
    assert_eq!(family(&app).game.commands().last(), Some(&Command::Spin));
    frame(&mut app, InputFrame::press(KeyCode::U));
    let b = family(&app);
    assert_eq!(b.game.commands().len(), n);
    assert!(b
        .shared
        .message
        .as_deref()
        .unwrap_or("")
        .contains("Nothing to take back"));
}

#[test]
fn the_altitude_buttons_change_which_squares_are_offered() {
    let (_g, _dir) = data_dir("modes");
    let mut app = app_with(AnimSpeed::Instant);
    airborne(&mut app, "12");
    let b = family(&app);
    assert!(matches!(b.game.phase(), Phase::Turn { seat: 0 }));
    assert_eq!(b.scene.mode, Mode::Change(0));
    let level: Vec<Command> = b.choices_now().iter().map(|c| c.command).collect();
    assert!(level
        .iter()
        .all(|c| matches!(c, Command::Move { climb: 0, .. } | Command::Wait)));
    assert!(level.len() > 6, "one and two squares away: {}", level.len());
    click(&mut app, "Climb 2");
    let b = family(&app);
    assert_eq!(b.scene.mode, Mode::Change(2));
    let climb: Vec<Command> = b.choices_now().iter().map(|c| c.command).collect();
    assert_eq!(climb, vec![Command::Climb(2)]);
    // Clicking the one square offered (the Spitfire's own) climbs two notches.
    let alt = b.game.spitfire(0).altitude;
    let p = b.scene.view.center(b.choices_now()[0].hex);
    frame(&mut app, InputFrame::click_at(p.x, p.y));
    assert_eq!(family(&app).game.spitfire(0).altitude, alt + 2);
}

#[test]
fn the_monkey_finds_no_panic_on_the_family_screens() {
    use tally_ho::app::script::Monkey;
    let (_g, _dir) = data_dir("monkey");
    let mut app = app_with(AnimSpeed::Fast);
    let mut m = Monkey::new(7);
    let mut screens = std::collections::BTreeSet::new();
    for _ in 0..30_000 {
        let input = m.next(&app, W, H);
        frame(&mut app, input);
        screens.insert(app.top().name());
        if app.quit {
            app = app_with(AnimSpeed::Fast);
        }
    }
    for s in ["family new game", "family game"] {
        assert!(
            screens.contains(s),
            "the monkey never reached {s}: {screens:?}"
        );
    }
}

#[test]
fn a_save_of_earlier_rules_whose_first_command_today_refuses_goes_on_from_its_start() {
    let (_g, _dir) = data_dir("illegal");
    // A save of the earlier version: the bombers fly first, so a take-off
    // before any spin is refused.
    let old = "FamilySave(board: \"kitchen\", setup: Setup(seats: [SeatSetup(sector: 0, airfield: 0)], short_game: false), seed: 3, commanders: [Commander(name: \"Ann\", human: true)], commands: [TakeOff])";
    std::fs::write(saves::path(GameKind::Family, Slot::Legacy(0)), old).unwrap();
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    // Today's rules refuse its first command: it is listed as a game of an
    // earlier version that goes on from its start, and loads so, saying why.
    click(&mut app, "Load a game");
    frame(&mut app, InputFrame::idle());
    let Screen::Load(list) = app.top() else {
        panic!("the list of saves");
    };
    let e = list
        .entries
        .iter()
        .find(|e| e.slot == Slot::Legacy(0))
        .unwrap();
    let l = e.read.as_ref().expect("listed as a game");
    assert_eq!(l.tag.as_deref(), Some("earlier rules: from move 0 of 1"));
    click(&mut app, "Family game, Saved by an earlier version");
    frame(&mut app, InputFrame::idle());
    assert!(family(&app).game.commands().is_empty());
    // The card held up says how it came back, in one sentence.
    let card = app.card().expect("a card says how the save came back");
    assert_eq!(card.title, tally_ho::app::games::EARLIER);
    assert!(
        card.lines[0].contains("its first 0 of 1 moves replay as they were played"),
        "{:?}",
        card.lines
    );
}

#[test]
fn the_wheel_over_the_family_board_zooms_about_the_mouse_and_0_fits_it_again() {
    use macroquad::prelude::vec2;
    let (_g, _dir) = data_dir("zoom");
    let mut app = app_with(AnimSpeed::Instant);
    family_new_game(&mut app, "12");
    click(&mut app, "Start");
    until_human(&mut app);
    let before = family(&app).scene.view.clone();
    let m = before.rect.center() + vec2(60.0, 40.0);
    let under = before.pick(m).expect("a square under the mouse");
    frame(
        &mut app,
        InputFrame {
            mouse: (m.x, m.y),
            wheel: 1.0,
            ..InputFrame::idle()
        },
    );
    let zoomed = family(&app).scene.view.clone();
    assert!(
        zoomed.size > before.size * 1.2,
        "{} -> {}",
        before.size,
        zoomed.size
    );
    assert_eq!(
        zoomed.pick(m),
        Some(under),
        "the square under the mouse stays"
    );
    // Zoomed right in, the board reaches under the panel: a click there is
    // on the panel, not on a square hidden beneath it.
    for _ in 0..8 {
        frame(&mut app, InputFrame::press(KeyCode::Equal));
    }
    let close = family(&app).scene.view.clone();
    let panel = vec2(W - 60.0, H / 2.0);
    let hidden = close.pick_any(panel);
    let [c, r] = tally_ho::common::hex::offset_of(hidden);
    assert!(
        !close.area.contains(panel)
            && c >= 0
            && r >= 0
            && c < close.cols as i32
            && r < close.rows as i32,
        "the zoomed board reaches under the panel"
    );
    // What the panel covers cannot be picked.
    assert_eq!(close.pick(panel), None);
    let n = family(&app).game.commands().len();
    frame(&mut app, InputFrame::click_at(panel.x, panel.y));
    let b = family(&app);
    assert_eq!(b.game.commands().len(), n);
    assert!(b.shared.message.is_none(), "{:?}", b.shared.message);
    // 0 fits the board to its area again.
    frame(&mut app, InputFrame::press(KeyCode::Key0));
    frame(&mut app, InputFrame::idle());
    let fitted = family(&app).scene.view.clone();
    assert_eq!(fitted.size, before.size);
    assert_eq!(fitted.rect, before.rect);
    // A new game starts fitted, whatever the last one was zoomed to.
    frame(&mut app, InputFrame::press(KeyCode::Minus));
    frame(&mut app, InputFrame::press(KeyCode::Equal));
    assert!(family(&app).scene.view.size > before.size);
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Leave");
    family_new_game(&mut app, "13");
    click(&mut app, "Start");
    if matches!(app.top(), Screen::ConfirmNew(_)) {
        frame(&mut app, InputFrame::idle());
        click(&mut app, "Replace it and start");
    }
    until_human(&mut app);
    let fresh = family(&app).scene.view.clone();
    assert_eq!(fresh.size, before.size);
    assert_eq!(fresh.rect, before.rect);
}

#[test]
fn the_hand_over_lists_what_the_commander_missed_since_they_last_flew() {
    use tally_ho::app::family::missed;
    use tally_ho::family::Seat;
    let (_g, _dir) = data_dir("meanwhile");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = FamilyScript::new(2, 1, 9);
    for _ in 0..200_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        let Some(b) = app.family() else { continue };
        let Some(Seat::Commander(seat)) = b.handover else {
            continue;
        };
        if b.game.round() < 3 {
            continue;
        }
        let log = &b.shared.log;
        let lines = missed(log, seat);
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert!(
            lines.iter().all(|l| l.seat != Some(seat)),
            "none of the commander's own lines: {texts:#?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Bomber") && t.contains("spinner")),
            "the bombers' spins: {texts:#?}"
        );
        let other = 1 - seat;
        let flew = lines.iter().any(|l| l.seat == Some(other));
        assert!(flew, "the other commander's turn: {texts:#?}");
        // It starts just after the commander's own last line, and only the
        // lines of the turn now beginning come after it.
        let now = log.iter().rev().take_while(|l| l.seat == Some(seat));
        let from = log.len() - now.count() - lines.len();
        assert_eq!(log[from - 1].seat, Some(seat), "{:?}", log[from - 1]);
        return;
    }
    panic!("no hand-over after round 3");
}

#[test]
fn the_rules_page_reads_nightfall_and_the_solo_round_limits_from_the_rules_file() {
    let page = tally_ho::app::family::help();
    for said in [
        "The first to five kills wins (three in the short game)",
        "ends at nightfall after round 60",
        "after round 50 as a Recruit, 36 as a Veteran and 28 as an Ace (30, 22 and 17 in the short game)",
    ] {
        assert!(page.contains(said), "the rules page should say {said:?}:\n{page}");
    }
    // Built from the data: other numbers in the file, other numbers on the page.
    let mut rules = tally_ho::data::load_family_rules(&tally_ho::data::family_rules_source())
        .expect("the shipped rules load");
    rules.dusk_round = 45;
    rules.kills_to_win = 7;
    for d in &mut rules.solo {
        d.rounds += 1;
    }
    let page = tally_ho::app::family::help_for(&rules);
    for said in [
        "The first to seven kills wins",
        "after round 45",
        "after round 51 as a Recruit, 37 as a Veteran and 29 as an Ace",
    ] {
        assert!(
            page.contains(said),
            "the rules page should say {said:?}:\n{page}"
        );
    }
}

#[test]
fn the_new_game_screen_fits_its_buttons_in_the_window_from_640_by_480() {
    // A computer's level button sat beside the rows and was cut off below
    // about 700 points wide; four commanders' rows ran off a short window.
    let (_g, _dir) = data_dir("newgame-fits");
    for (w, h) in [(640.0, 480.0), (960.0, 600.0), (1280.0, 800.0)] {
        for commanders in 1..=4 {
            let mut app = app_with(AnimSpeed::Instant);
            app.frame(InputFrame::idle(), false, w, h);
            let click = |app: &mut App, label: &str| {
                let b = app
                    .buttons
                    .iter()
                    .find(|b| b.label.starts_with(label))
                    .unwrap_or_else(|| panic!("no button {label:?} at {w}x{h}"))
                    .rect;
                app.frame(
                    InputFrame::click_at(b.x + b.w / 2.0, b.y + b.h / 2.0),
                    false,
                    w,
                    h,
                );
                app.frame(InputFrame::idle(), false, w, h);
            };
            click(&mut app, "Family game:");
            assert!(app.top().is_new_game(GameKind::Family));
            for _ in 1..commanders {
                click(&mut app, "Commanders");
            }
            for i in 1..=commanders {
                click(&mut app, &format!("Human {i}"));
            }
            app.frame(InputFrame::idle(), false, w, h);
            let buttons = app.buttons.clone();
            let levels = buttons
                .iter()
                .filter(|b| b.label.starts_with("Veteran"))
                .count();
            assert_eq!(
                levels, commanders,
                "{w}x{h}: a level button for each computer"
            );
            for b in &buttons {
                let r = b.rect;
                assert!(
                    r.x >= 0.0 && r.y >= 0.0 && r.x + r.w <= w && r.y + r.h <= h,
                    "{w}x{h}, {commanders} commanders: {:?} at {r:?} leaves the window",
                    b.label
                );
                assert!(
                    r.w >= 60.0 && r.h >= 24.0,
                    "{w}x{h}: {:?} is squeezed to {r:?}",
                    b.label
                );
                for o in &buttons {
                    if std::ptr::eq(b, o) {
                        continue;
                    }
                    assert!(
                        !r.overlaps(&o.rect),
                        "{w}x{h}: {:?} at {r:?} overlaps {:?} at {:?}",
                        b.label,
                        o.label,
                        o.rect
                    );
                }
            }
        }
    }
}

/// Flown out of every airfield's reach with L pressed, the table says so
/// instead of lighting nothing, and a click on an airfield that is not lit
/// says the engine's reason.
#[test]
fn landing_out_of_reach_says_why() {
    let (_g, _dir) = data_dir("land-why");
    let mut app = app_with(AnimSpeed::Instant);
    airborne(&mut app, "12");
    // Fly two squares at a time away from the home airfield until no
    // airfield is within reach.
    let mut out_of_reach = false;
    for _ in 0..12 {
        until_human(&mut app);
        frame(&mut app, InputFrame::press(KeyCode::L));
        frame(&mut app, InputFrame::idle());
        let b = family(&app);
        if b.choices_now().is_empty() {
            out_of_reach = true;
            break;
        }
        frame(&mut app, InputFrame::press(KeyCode::L));
        frame(&mut app, InputFrame::idle());
        let b = family(&app);
        let here = b.game.spitfire(0).hex;
        let far = b
            .choices_now()
            .iter()
            .filter(|c| matches!(c.command, Command::Move { climb: 0, .. }))
            .max_by_key(|c| c.hex.unsigned_distance_to(here))
            .map(|c| c.hex)
            .expect("a square to fly to");
        let p = b.scene.view.center(far);
        frame(&mut app, InputFrame::click_at(p.x, p.y));
    }
    assert!(out_of_reach, "the Spitfire never flew out of reach");
    let b = family(&app);
    assert_eq!(b.scene.mode, Mode::Land);
    assert!(
        b.scene.status.contains("No airfield is within reach"),
        "{}",
        b.scene.status
    );
    // A click on the home airfield: the engine's own reason.
    let sc = b.game.scenario();
    let home = sc
        .features
        .iter()
        .find(|f| f.kind == tally_ho::family::FeatureKind::Airfield && f.sector == 0)
        .expect("an airfield")
        .hex;
    let p = b.scene.view.center(home);
    frame(&mut app, InputFrame::click_at(p.x, p.y));
    let said = family(&app).shared.message.clone().expect("a reason").text;
    assert!(said.contains("more than"), "{said}");
    assert!(said.contains("No airfield is within reach"), "{said}");
}

/// Every plane is drawn on its own square (no pole lifting it over the
/// square behind): its number and altitude are there, and a click on the
/// plane is a click on its square.
#[test]
fn each_plane_is_drawn_on_its_own_square() {
    use tally_ho::app::audit::last_marks;
    let (_g, _dir) = data_dir("on-square");
    let mut app = app_with(AnimSpeed::Instant);
    airborne(&mut app, "12");
    audited_frame(&mut app, InputFrame::idle(), W, H);
    audited_frame(&mut app, InputFrame::idle(), W, H);
    let b = family(&app);
    let v = &b.scene.view;
    let pills: Vec<_> = last_marks()
        .into_iter()
        .filter(|(_, what, _)| what.ends_with("pill"))
        .collect();
    let planes =
        b.game.spitfires().len() + b.game.bombers().iter().filter(|x| x.gone.is_none()).count();
    assert_eq!(pills.len(), planes, "{pills:?}");
    let squares: Vec<_> = b
        .game
        .spitfires()
        .iter()
        .map(|s| s.hex)
        .chain(
            b.game
                .bombers()
                .iter()
                .filter(|x| x.gone.is_none())
                .map(|x| x.hex),
        )
        .collect();
    for (_, what, r) in pills {
        let on = v.pick(r.center()).expect("on the board");
        assert!(
            squares.contains(&on),
            "{what} at {r:?} is not on a plane's square"
        );
        // Right over the middle of its square, not lifted above it.
        assert!(
            (r.center() - v.center(on)).length() < 1.0,
            "{what} at {r:?} is off its square's middle {:?}",
            v.center(on)
        );
    }
}

#[test]
fn low_fuel_is_a_red_warning_in_the_top_bar_not_only_a_log_line() {
    use tally_ho::app::audit::last_texts;
    use tally_ho::app::family::LOW_FUEL;
    let (_g, _dir) = data_dir("low-fuel");
    let mut app = app_with(AnimSpeed::Instant);
    airborne(&mut app, "12");
    let warned = |app: &mut App| {
        audited_frame(app, InputFrame::idle(), W, H);
        last_texts()
            .into_iter()
            .find(|(t, _)| t.starts_with("LOW FUEL"))
    };
    assert_eq!(warned(&mut app), None, "a full tank warns of nothing");
    // Fly level, a square at a time, until the tank is low.
    for _ in 0..30 {
        until_human(&mut app);
        let b = family(&app);
        if b.game.spitfire(0).fuel <= LOW_FUEL {
            break;
        }
        let to = b
            .choices_now()
            .iter()
            .find(|c| matches!(c.command, Command::Move { climb: 0, .. }))
            .map(|c| c.hex)
            .expect("a square to fly to");
        let p = b.scene.view.center(to);
        frame(&mut app, InputFrame::click_at(p.x, p.y));
    }
    let s = *family(&app).game.spitfire(0);
    assert!(
        s.airborne() && s.fuel <= LOW_FUEL && s.fuel > 0,
        "the case: airborne with a low tank ({} left)",
        s.fuel
    );
    let (text, at) = warned(&mut app).expect("a LOW FUEL warning");
    assert_eq!(text, format!("LOW FUEL: {} left - land soon", s.fuel));
    // In the bar at the top, where the eye goes first, not in the log.
    assert!(at.y + at.h <= 40.0, "{text} at {at:?}");
}
