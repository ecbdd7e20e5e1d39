//! The screens, driven headless: the same `App::frame` code that draws the
//! game, with drawing switched off and the input injected (clicks on buttons
//! and hexes, key presses), never calling the engine directly.
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::script::{Monkey, Script, ScriptedPlayer};
use tally_ho::app::simple_hex::NewGame;
use tally_ho::app::ui::InputFrame;
use tally_ho::app::Players;
use tally_ho::app::{App, Screen};
use tally_ho::common::game::GameKind;
use tally_ho::common::Side;
use tally_ho::saves::{self, Slot};
use tally_ho::settings::AnimSpeed;
use tally_ho::simple_hex::Phase;
use tally_ho::sound::Sfx;

#[path = "common/screens.rs"]
mod screens;
use screens::*;

fn app() -> App {
    app_with(AnimSpeed::Instant)
}

/// Plays a whole game with the scripted player; returns the app on the result screen.
fn play_through(players: usize, seed: u64, anim: AnimSpeed) -> (App, u32) {
    let mut app = app_with(anim);
    let mut p = ScriptedPlayer::new(players, seed);
    let mut handovers = 0;
    let mut in_handover = false;
    for _ in 0..300_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        let now = app.battle().is_some_and(|b| b.handover.is_some());
        if now && !in_handover {
            handovers += 1;
        }
        in_handover = now;
        if p.done {
            return (app, handovers);
        }
    }
    panic!("the scripted game did not finish");
}

#[test]
fn a_newcomer_plays_a_solo_game_as_the_raf_through_the_screens() {
    let (_g, _dir) = data_dir("solo");
    let (app, handovers) = play_through(0, 11, AnimSpeed::Instant);
    assert!(app.top().is_result(GameKind::SimpleHex));
    let b = app.battle().unwrap();
    assert!(b.game.is_over());
    assert_eq!(
        Players::from_record(&b.shared.players),
        Players::Solo {
            human: Side::British
        }
    );
    assert_eq!(handovers, 0, "no hand-over screens in a solo game");
    // The human's moves went in through the screen: the RAF flew.
    assert!(b.game.commands().len() > 50);
    let winner = b.game.winner().unwrap();
    assert_eq!(winner == Side::German, b.game.score() >= 24);
    // The result screen's replay button plays the same game back to the same end.
    let (score, commands) = (b.game.score(), b.game.commands().to_vec());
    let mut app = app;
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Watch the replay");
    for _ in 0..100_000 {
        if app.top().is_result(GameKind::SimpleHex) && app.stack.len() == 3 {
            break;
        }
        frame(&mut app, InputFrame::idle());
    }
    let replayed = app.battle().unwrap();
    assert!(replayed.is_watching());
    assert_eq!(replayed.game.score(), score);
    assert_eq!(replayed.game.commands(), commands.as_slice());
}

#[test]
fn two_players_hand_the_machine_over_and_finish() {
    let (_g, _dir) = data_dir("two");
    // With animations playing, as on screen (the players wait for them).
    let (app, handovers) = play_through(2, 5, AnimSpeed::Fast);
    let b = app.battle().unwrap();
    assert!(b.game.is_over());
    assert_eq!(Players::from_record(&b.shared.players), Players::TwoPlayers);
    assert!(handovers >= 4, "hand-overs between the sides: {handovers}");
}

#[test]
fn the_monkey_finds_no_panic_in_20000_frames() {
    let (_g, _dir) = data_dir("monkey");
    let mut app = app();
    let mut m = Monkey::new(42);
    let mut screens = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        let input = m.next(&app, W, H);
        frame(&mut app, input);
        screens.insert(app.top().name());
        if app.quit {
            app = self::app();
        }
    }
    for s in ["menu", "new game", "battle", "help", "settings"] {
        assert!(
            screens.contains(s),
            "the monkey never reached {s}: {screens:?}"
        );
    }
}

/// From the menu to the new-game screen, with `seed` typed in the seed field.
fn new_game_with_seed(app: &mut App, seed: &str) {
    frame(app, InputFrame::idle());
    click(app, "New game");
    for _ in 0..8 {
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

/// Starts a solo RAF game from the menu and waits for the player's first move.
fn start_solo(seed: &str) -> App {
    let mut app = app();
    new_game_with_seed(&mut app, seed);
    click(&mut app, "Start");
    if let Screen::ConfirmNew(_) = app.top() {
        // The last game is still in the autosave: this one replaces it.
        frame(&mut app, InputFrame::idle());
        click(&mut app, "Replace it and start");
    }
    for _ in 0..10_000 {
        let b = app.battle().unwrap();
        if matches!(b.game.phase(), Phase::Moving(m) if b.game.plane(m.plane).side == Side::British)
            && !b.busy()
        {
            frame(&mut app, InputFrame::idle());
            return app;
        }
        let input = match b.game.phase() {
            Phase::Entry {
                side: Side::British,
            } => InputFrame::press(KeyCode::Enter),
            _ => InputFrame::idle(),
        };
        frame(&mut app, input);
    }
    panic!("the RAF never got to move");
}

#[test]
fn the_seed_shown_is_the_seed_played() {
    let (_g, _dir) = data_dir("seed");
    let mut app = app();
    new_game_with_seed(&mut app, "777");
    match app.top().new_game::<NewGame>() {
        Some(ng) => assert_eq!(ng.seed, "777"),
        None => panic!("not on the new-game screen"),
    }
    click(&mut app, "Start");
    assert_eq!(app.battle().unwrap().game.seed(), 777);
}

#[test]
fn keyboard_steps_undo_and_illegal_actions_say_why() {
    let (_g, _dir) = data_dir("keys");
    let mut app = start_solo("12");
    let before = app.battle().unwrap().game.commands().len();
    // Space with hexes still to fly: refused, with the rule's sentence.
    frame(&mut app, InputFrame::press(KeyCode::Space));
    let msg = app
        .battle()
        .unwrap()
        .shared
        .message
        .clone()
        .unwrap_or_default();
    assert!(msg.contains("must move all of its hexes"), "{msg}");
    // One step ahead, committed with Enter, then taken back with U.
    frame(&mut app, InputFrame::press(KeyCode::Up));
    assert_eq!(app.battle().unwrap().scene.pending.len(), 1);
    frame(&mut app, InputFrame::press(KeyCode::Enter));
    assert_eq!(app.battle().unwrap().game.commands().len(), before + 1);
    frame(&mut app, InputFrame::press(KeyCode::U));
    assert_eq!(app.battle().unwrap().game.commands().len(), before);
}

#[test]
fn a_click_on_a_highlighted_hex_flies_there() {
    let (_g, _dir) = data_dir("click");
    let mut app = start_solo("21");
    let b = app.battle().unwrap();
    let m = b.game.active_move().unwrap();
    let (hl, _) = b.options_now();
    let end = hl.iter().find(|h| h.end).expect("somewhere to end").hex;
    let p = b.scene.view.center(end);
    frame(&mut app, InputFrame::click_at(p.x, p.y));
    let b = app.battle().unwrap();
    let here = b.game.plane(m.plane).on_board().map(|(h, _)| h);
    assert_eq!(here, Some(end), "the plane flew to the clicked hex");
}

#[test]
fn saving_and_loading_restores_the_game_and_autosave_follows_each_round() {
    let (_g, dir) = data_dir("save");
    let mut app = start_solo("31");
    save_in_slot(&mut app, 1);
    assert!(app.top().is_table(GameKind::SimpleHex), "back to the game");
    assert_eq!(
        app.battle().unwrap().shared.message.as_deref(),
        Some("Game saved in slot 1.")
    );
    let at_save = app.battle().unwrap().game.commands().to_vec();
    let file = dir.join("saves/simple-hex/slot-1.ron");
    assert_eq!(file, saves::path(GameKind::SimpleHex, Slot::Numbered(1)));
    assert!(file.exists());
    let auto = saved(GameKind::SimpleHex, Slot::Autosave);
    let first = auto
        .expect("autosave at the first movement round")
        .commands();
    // Later rounds write it again, further on.
    let mut going = app;
    for _ in 0..20_000 {
        let later = saved(GameKind::SimpleHex, Slot::Autosave);
        if later.is_some_and(|s| s.commands() > first) {
            break;
        }
        let input = fly_on(going.battle().unwrap(), tally_ho::common::hex::End::South);
        frame(&mut going, input);
    }
    let later = saved(GameKind::SimpleHex, Slot::Autosave).unwrap();
    assert!(later.commands() > first, "the autosave follows the game");
    // F5 again saves in the game's own slot without asking.
    save_in_slot(&mut going, 2);
    assert!(going.top().is_table(GameKind::SimpleHex));
    let now = going.battle().unwrap().game.commands().len();
    assert_eq!(
        saved(GameKind::SimpleHex, Slot::Numbered(1))
            .unwrap()
            .commands(),
        now
    );
    assert!(saved(GameKind::SimpleHex, Slot::Numbered(2)).is_none());
    let mut fresh = self::app();
    frame(&mut fresh, InputFrame::idle());
    load(&mut fresh, "Simple Hex dogfight, Slot 1");
    let b = fresh.battle().expect("the saved game is back");
    assert_eq!(b.game.commands().len(), now);
    assert_eq!(&b.game.commands()[..at_save.len()], at_save.as_slice());
    assert_eq!(b.game.seed(), 31);
    assert_eq!(b.keep.slot, Some(Slot::Numbered(1)), "it keeps its slot");
}

#[test]
fn a_corrupt_save_is_reported_and_left_untouched() {
    let (_g, dir) = data_dir("corrupt");
    let junk = "Record(game: SimpleHex, version: 2, seed: ";
    let file = saves::path(GameKind::SimpleHex, Slot::Numbered(3));
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, junk).unwrap();
    // A file of an earlier version that is broken, too.
    std::fs::write(dir.join("save.ron"), "SaveGame(level: ").unwrap();
    let mut app = app();
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Load a game");
    frame(&mut app, InputFrame::idle());
    let Screen::Load(list) = app.top() else {
        panic!("the list of saves");
    };
    let e = list
        .entries
        .iter()
        .find(|e| e.slot == Slot::Numbered(3))
        .expect("the broken save is listed");
    let why = e.read.clone().unwrap_err();
    assert!(why.contains("slot-3.ron:1:"), "names the place: {why}");
    let old = list
        .entries
        .iter()
        .find(|e| e.slot == Slot::Legacy(0))
        .expect("the old save is listed");
    assert!(old.read.clone().unwrap_err().contains("save.ron:1:"));
    // Clicking it loads nothing; the file is left as it is.
    click(&mut app, "Simple Hex dogfight, Slot 3");
    assert!(matches!(app.top(), Screen::Load(_)));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), junk);
}

/// The player's next input: place squadrons, end a finished move, or fly to
/// the end hex nearest `toward`.
fn fly_on(
    b: &tally_ho::app::simple_hex::HexTable,
    toward: tally_ho::common::hex::End,
) -> InputFrame {
    match b.game.phase() {
        Phase::Moving(m) if m.remaining() == 0 => InputFrame::press(KeyCode::Space),
        Phase::Moving(_) => {
            let h = b
                .options_now()
                .0
                .iter()
                .filter(|h| h.end)
                .max_by_key(|h| -b.game.board().rows_to(h.hex, toward));
            match h {
                Some(h) => {
                    let p = b.scene.view.center(h.hex);
                    InputFrame::click_at(p.x, p.y)
                }
                None => InputFrame::idle(),
            }
        }
        Phase::Entry { .. } => InputFrame::press(KeyCode::Enter),
        _ => InputFrame::idle(),
    }
}

fn close_window() -> InputFrame {
    InputFrame {
        quit: true,
        ..InputFrame::idle()
    }
}

#[test]
fn quitting_mid_game_asks_to_save() {
    let (_g, dir) = data_dir("quit");
    let mut app = start_solo("41");
    frame(&mut app, close_window());
    assert!(matches!(app.top(), Screen::ConfirmLeave { quitting: true }));
    assert!(!app.quit);
    click(&mut app, "Save and leave");
    assert!(!app.quit, "a game without a slot yet: the slots first");
    assert!(matches!(app.top(), Screen::SaveSlots(_)));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Slot 1:");
    assert!(app.quit, "saved, then the window closes");
    let Some(tally_ho::record::AnyRecord::SimpleHex(r)) =
        saved(GameKind::SimpleHex, Slot::Numbered(1))
    else {
        panic!("saved in slot 1");
    };
    assert_eq!(r.seed, 41);
    let _ = dir;
    // From the help page over a game, closing asks too; Esc from a game
    // offers to leave to the menu.
    let mut app = start_solo("42");
    frame(&mut app, InputFrame::press(KeyCode::H));
    frame(&mut app, close_window());
    assert!(matches!(app.top(), Screen::ConfirmLeave { quitting: true }));
    click(&mut app, "Stay");
    assert!(app.top().is_table(GameKind::SimpleHex));
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    assert!(matches!(
        app.top(),
        Screen::ConfirmLeave { quitting: false }
    ));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Leave");
    assert!(matches!(app.top(), Screen::Menu));
    assert!(!app.quit);
}

#[test]
fn hovering_an_enemy_in_reach_shows_both_sides_odds() {
    let (_g, _dir) = data_dir("odds");
    let mut app = start_solo("100");
    for _ in 0..50_000 {
        let b = app.battle().unwrap();
        if let Some(a) = b.options_now().1.first().cloned() {
            let p = b
                .scene
                .view
                .center(b.game.plane(a.target).on_board().unwrap().0);
            frame(
                &mut app,
                InputFrame {
                    mouse: (p.x, p.y),
                    ..InputFrame::idle()
                },
            );
            let status = app.battle().unwrap().scene.status.clone();
            assert!(status.contains(" attack on "), "{status}");
            assert!(
                status.contains("damage") && status.contains("kill"),
                "{status}"
            );
            assert!(
                status.contains("Return fire: damage") || status.contains("No return fire"),
                "{status}"
            );
            return;
        }
        // Fly on, toward the bombers, until one is in reach.
        let input = fly_on(b, tally_ho::common::hex::End::South);
        frame(&mut app, input);
        assert!(!app.battle().unwrap().game.is_over(), "never in reach");
    }
    panic!("no enemy came in reach");
}

#[test]
fn escape_goes_back_and_help_opens_from_the_battle() {
    let (_g, _dir) = data_dir("esc");
    let mut app = start_solo("51");
    frame(&mut app, InputFrame::press(KeyCode::H));
    assert!(matches!(app.top(), Screen::Help { .. }));
    frame(&mut app, InputFrame::idle());
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    assert!(app.top().is_table(GameKind::SimpleHex));
}

#[test]
fn the_sound_files_are_the_generators_output() {
    for s in Sfx::ALL {
        assert_eq!(
            tally_ho::app::audio::embedded(s),
            tally_ho::sound::wav(s).as_slice(),
            "assets/sounds/{} is stale: run tally-ho gen-sounds",
            s.file_name()
        );
    }
}

/// Every plane fits inside its own hex (its outline within the circle the
/// hex holds, whichever way the mat lies), so that planes in neighbouring
/// hexes never run into one blob, and is still large: more than a hex's
/// radius across.
#[test]
fn a_plane_on_the_mat_fits_inside_its_hex_and_the_mat_lies_across() {
    let (_g, _dir) = data_dir("counter-size");
    let mut app = start_solo("5");
    frame(&mut app, InputFrame::idle());
    let b = app.battle().unwrap();
    let v = &b.scene.view;
    assert_eq!(v.lie(), tally_ho::app::board_view::Lie::Across);
    assert!(v.rect.w > v.rect.h, "the 14 x 18 mat lies along the window");
    let shapes = tally_ho::data::shipped_silhouettes().unwrap();
    let inner = v.size * 3f32.sqrt() / 2.0;
    for s in &shapes.shapes {
        // The farthest the outline reaches from the plane's centre, in pixels.
        let reach = s
            .parts
            .iter()
            .flatten()
            .map(|&(x, y)| (x * x + y * y).sqrt())
            .fold(0.0f32, f32::max)
            * v.size
            * tally_ho::app::board_view::SPAN
            / 2.0
            * s.scale;
        assert!(
            reach <= inner + 0.5,
            "{} reaches {reach:.1} pixels from its centre; its hex holds {inner:.1}",
            s.aircraft
        );
        assert!(
            2.0 * reach >= v.size,
            "{} is drawn {:.0} pixels across, less than a hex's radius",
            s.aircraft,
            2.0 * reach
        );
    }
}

#[test]
fn the_wheel_over_the_mat_zooms_about_the_mouse_and_0_fits_again() {
    let (_g, _dir) = data_dir("zoom");
    let mut app = start_solo("5");
    let before = app.battle().unwrap().scene.view.clone();
    let m = before.rect.center() + macroquad::prelude::vec2(120.0, 40.0);
    let under = before.pick(m).expect("a hex under the mouse");
    frame(
        &mut app,
        InputFrame {
            mouse: (m.x, m.y),
            wheel: 1.0,
            ..InputFrame::idle()
        },
    );
    let zoomed = app.battle().unwrap().scene.view.clone();
    assert!(
        zoomed.size > before.size * 1.2,
        "{} -> {}",
        before.size,
        zoomed.size
    );
    assert_eq!(
        zoomed.pick(m),
        Some(under),
        "the hex under the mouse stays there"
    );
    frame(&mut app, InputFrame::press(KeyCode::Key0));
    frame(&mut app, InputFrame::idle());
    let fitted = app.battle().unwrap().scene.view.clone();
    assert_eq!(fitted.size, before.size);
    assert_eq!(fitted.rect, before.rect);
}

#[test]
fn zoomed_in_a_click_on_the_panel_never_reaches_the_hidden_mat_under_it() {
    let (_g, _dir) = data_dir("zoom-panel");
    let mut app = start_solo("5");
    for _ in 0..6 {
        let c = app.battle().unwrap().scene.view.area.center();
        frame(
            &mut app,
            InputFrame {
                mouse: (c.x, c.y),
                wheel: 1.0,
                ..InputFrame::idle()
            },
        );
    }
    let b = app.battle().unwrap();
    let v = b.scene.view.clone();
    // Just right of the mat's area, over the panel: a hex of the mat lies
    // there, hidden (else this test would prove nothing).
    let p = macroquad::prelude::vec2(v.area.x + v.area.w + 8.0, v.area.y + v.area.h / 2.0);
    let hidden = v.pick_any(p);
    let [c, r] = tally_ho::common::hex::offset_of(hidden);
    assert!(
        c >= 0 && r >= 0 && c < v.cols as i32 && r < v.rows as i32,
        "the zoomed mat reaches under the panel"
    );
    assert_eq!(v.pick(p), None);
    let commands = b.game.commands().len();
    let pending = b.scene.pending.len();
    frame(&mut app, InputFrame::click_at(p.x, p.y));
    let b = app.battle().unwrap();
    assert_eq!(b.game.commands().len(), commands);
    assert_eq!(b.scene.pending.len(), pending);
}

#[test]
fn a_shots_result_is_announced_on_the_board_over_the_plane_it_hit() {
    use tally_ho::app::simple_hex::Verdict;
    use tally_ho::simple_hex::Event;
    let (_g, _dir) = data_dir("verdict");
    let mut app = app_with(AnimSpeed::Fast);
    let mut p = ScriptedPlayer::new(0, 11);
    let mut seen: Vec<&'static str> = Vec::new();
    let mut expected: Vec<&'static str> = Vec::new();
    for _ in 0..300_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if let Some(b) = app.battle() {
            for a in b.scene.announcements() {
                if seen.last() != Some(&a) {
                    seen.push(a);
                }
            }
        }
        if p.done {
            break;
        }
    }
    // What the dice did to the planes they were fired at, from the events.
    let b = app.battle().unwrap();
    let mut damaged = vec![false; b.game.planes().len()];
    for e in b.game.events() {
        match e {
            Event::Fired {
                target, outcome, ..
            } => expected.push(Verdict::of(*outcome, damaged[target.0 as usize]).text()),
            Event::Damaged { plane } => damaged[plane.0 as usize] = true,
            _ => {}
        }
    }
    assert!(!expected.is_empty(), "the game had no shots");
    for want in ["MISS", "DAMAGED", "SHOT DOWN"] {
        if expected.contains(&want) {
            assert!(seen.contains(&want), "{want} was never shown: {seen:?}");
        }
    }
}

#[test]
fn game_saved_is_written_in_ink_and_a_refusal_in_the_accent_colour() {
    use tally_ho::app::ui::{ACCENT, INK};
    let (_g, _dir) = data_dir("colours");
    let mut app = start_solo("31");
    save_in_slot(&mut app, 1);
    let m = app.battle().unwrap().shared.message.clone().unwrap();
    assert_eq!(m.text, "Game saved in slot 1.");
    assert_eq!(m.colour(), INK, "a report is not an error");
    // Space with hexes still to fly is refused.
    frame(&mut app, InputFrame::press(KeyCode::Space));
    let m = app.battle().unwrap().shared.message.clone().unwrap();
    assert!(m.text.contains("must move all"), "{m}");
    assert_eq!(m.colour(), ACCENT);
}

#[test]
fn a_status_message_clears_when_the_game_moves_on() {
    use tally_ho::app::table::message::expire;
    use tally_ho::app::table::Message;
    let mut m = Some(Message::info("Game saved in slot 1."));
    expire(&mut m, 40);
    expire(&mut m, 40);
    assert!(m.is_some(), "it stays while nothing happens");
    expire(&mut m, 41);
    assert!(m.is_none(), "an event later it is gone");
    // An undo takes events away: that is a change too.
    let mut m = Some(Message::refusal("That hex is out of reach this move."));
    expire(&mut m, 40);
    expire(&mut m, 39);
    assert!(m.is_none());
}

#[test]
fn hovering_an_enemy_out_of_reach_says_it_is_out_of_reach() {
    let (_g, _dir) = data_dir("reach");
    let mut app = start_solo("12");
    let b = app.battle().unwrap();
    let (_, attacks) = b.options_now();
    let in_reach: Vec<_> = attacks.iter().map(|a| a.target).collect();
    let (hex, _) = b
        .game
        .planes()
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            p.side == Side::German && !in_reach.contains(&tally_ho::simple_hex::PlaneId(*i as u8))
        })
        .find_map(|(_, p)| p.on_board())
        .expect("an enemy out of reach");
    let p = b.scene.view.center(hex);
    frame(
        &mut app,
        InputFrame {
            mouse: (p.x, p.y),
            ..InputFrame::idle()
        },
    );
    let status = &app.battle().unwrap().scene.status;
    assert!(status.contains("is out of reach this move"), "{status}");
    assert!(!status.contains("must move"), "{status}");
}

#[test]
fn the_window_may_rest_at_the_menu_and_on_the_players_move_but_not_while_the_computer_plays() {
    let (_g, _dir) = data_dir("rest");
    let mut app = app_with(AnimSpeed::Normal);
    frame(&mut app, InputFrame::idle());
    assert!(app.at_rest(), "the menu waits for the player");
    let mut p = ScriptedPlayer::new(0, 11);
    let (mut resting, mut moving) = (0, 0);
    for _ in 0..20_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if let Some(b) = app.battle() {
            if app.at_rest() {
                resting += 1;
                // A card held up is the queue's front: the table waits for
                // it to be put down, and nothing moves under it.
                assert!(
                    !b.busy() || app.card().is_some(),
                    "at rest with an animation playing"
                );
            } else {
                moving += 1;
            }
        }
        if p.done {
            break;
        }
    }
    assert!(
        resting > 0 && moving > 0,
        "{resting} at rest, {moving} moving"
    );
}

/// Flies the player's active plane through the screen (a click on the end
/// hex nearest the enemy's end, Space if it may still fire) until another
/// plane is to move; returns the plane that flew.
fn fly_whole_move_on_screen(app: &mut App) -> tally_ho::simple_hex::PlaneId {
    let b = app.battle().unwrap();
    let plane = b.game.active_move().expect("a plane to move").plane;
    let toward = b.game.scenario().end_of(Side::German);
    for _ in 0..50 {
        let b = app.battle().unwrap();
        if b.game.active_move().is_none_or(|m| m.plane != plane) {
            // Let the screen settle on the next plane's move.
            frame(app, InputFrame::idle());
            return plane;
        }
        let input = fly_on(b, toward);
        frame(app, input);
    }
    panic!("the plane's move never ended");
}

#[test]
fn undo_on_screen_takes_back_a_whole_planes_move_and_the_one_before_it() {
    let (_g, _dir) = data_dir("undo-moves");
    let mut app = start_solo("12");
    // What the screen and the game hold before the RAF's first move: the
    // side's speed dice were all rolled when it started to move.
    let snapshot = |app: &App| {
        let b = app.battle().unwrap();
        let g = &b.game;
        let planes: Vec<_> = g.planes().iter().map(|p| (p.loc, p.speed_roll)).collect();
        let shown: Vec<_> = (0..planes.len())
            .map(|i| b.scene.shown(tally_ho::simple_hex::PlaneId(i as u8)))
            .collect();
        (
            g.commands().len(),
            g.dice().log().len(),
            g.active_move(),
            planes,
            shown,
            b.scene.speed_dice().to_vec(),
        )
    };
    let before = snapshot(&app);
    let g = &app.battle().unwrap().game;
    assert_eq!(
        g.undo_point(),
        g.commands().len(),
        "the dice were just rolled"
    );
    // One plane's whole move, committed; then the next plane's.
    let first = fly_whole_move_on_screen(&mut app);
    let second = fly_whole_move_on_screen(&mut app);
    assert_ne!(first, second);
    let b = app.battle().unwrap();
    let third = b.game.active_move().expect("a third RAF plane").plane;
    assert_eq!(b.game.plane(third).side, Side::British);
    assert!(b.game.commands().len() >= before.0 + 2);
    for p in [first, second] {
        assert_ne!(b.game.plane(p).loc, before.3[p.0 as usize].0, "{p:?} flew");
    }
    // U, again and again: back through both moves, to the dice.
    for _ in 0..40 {
        let n = app.battle().unwrap().game.commands().len();
        frame(&mut app, InputFrame::press(KeyCode::U));
        if app.battle().unwrap().game.commands().len() == n {
            break;
        }
    }
    frame(&mut app, InputFrame::idle());
    let after = snapshot(&app);
    assert_eq!(after.0, before.0, "every command since the dice taken back");
    assert_eq!(after.1, before.1, "no die rolled again");
    assert_eq!(after.2, before.2, "the first plane to move again, same die");
    assert_eq!(after.3, before.3, "every plane where it was, same dice");
    assert_eq!(after.4, before.4, "and shown where it was");
    assert_eq!(after.5, before.5, "the side's dice shown as they were");
    let b = app.battle().unwrap();
    assert_eq!(b.game.active_move().unwrap().plane, first);
    let msg = b.shared.message.clone().map(|m| m.text).unwrap_or_default();
    assert!(msg.contains("since the last roll of the dice"), "{msg}");
}

/// The RAF's speed dice as the game holds them, in move order: the active
/// plane's, and those of the planes still to fly this round.
fn raf_speed_dice(app: &App) -> Vec<(tally_ho::simple_hex::PlaneId, u8)> {
    let g = &app.battle().unwrap().game;
    let m = g.active_move().unwrap();
    g.move_order()
        .iter()
        .filter(|&&id| g.plane(id).side == Side::British)
        .filter_map(|&id| {
            let face = if id == m.plane {
                m.speed_roll
            } else {
                g.plane(id).speed_roll
            };
            face.map(|f| (id, f))
        })
        .collect()
}

#[test]
fn the_sides_speed_dice_are_shown_together_the_moving_planes_lit_and_flown_ones_dimmed() {
    use tally_ho::app::simple_hex::SpeedDieState::{Flown, Flying, Waiting};
    let (_g, _dir) = data_dir("speed-dice");
    let mut app = start_solo("12");
    let shown = |app: &App| {
        let dice = app.battle().unwrap().scene.speed_dice().to_vec();
        assert!(dice.iter().all(|d| d.side == Side::British), "{dice:?}");
        dice
    };
    // Every die the RAF rolled as it started to move, in move order.
    let rolled = raf_speed_dice(&app);
    assert!(rolled.len() >= 3, "{rolled:?}");
    let dice = shown(&app);
    let faces: Vec<_> = dice.iter().map(|d| (d.plane, d.face)).collect();
    assert_eq!(faces, rolled);
    let states: Vec<_> = dice.iter().map(|d| d.state).collect();
    assert_eq!(states[0], Flying, "the first plane's die is lit");
    assert!(states[1..].iter().all(|&s| s == Waiting), "{states:?}");
    // The first plane flies: its die is dimmed, the next one lit, no face
    // changes.
    fly_whole_move_on_screen(&mut app);
    let dice = shown(&app);
    let faces: Vec<_> = dice.iter().map(|d| (d.plane, d.face)).collect();
    assert_eq!(faces, rolled);
    let states: Vec<_> = dice.iter().map(|d| d.state).collect();
    assert_eq!(&states[..2], &[Flown, Flying]);
    assert!(states[2..].iter().all(|&s| s == Waiting), "{states:?}");
    // The next round: the Luftwaffe's dice came and went; the RAF's new
    // roll is shown, none of it flown.
    let round = app.battle().unwrap().game.round();
    let toward = app.battle().unwrap().game.scenario().end_of(Side::German);
    for _ in 0..400 {
        let b = app.battle().unwrap();
        if b.game.round() > round && b.human_turn().is_some() && !b.busy() {
            break;
        }
        let input = fly_on(b, toward);
        frame(&mut app, input);
    }
    frame(&mut app, InputFrame::idle());
    let b = app.battle().unwrap();
    assert!(b.game.round() > round, "the next round came");
    let dice = shown(&app);
    let faces: Vec<_> = dice.iter().map(|d| (d.plane, d.face)).collect();
    assert_eq!(faces, raf_speed_dice(&app));
    assert_eq!(dice[0].state, Flying);
    assert!(dice[1..].iter().all(|d| d.state == Waiting), "{dice:?}");
}

/// The shots fired so far, as (attacker, target, hit, return fire's hit).
fn shots_fired(
    b: &tally_ho::app::simple_hex::HexTable,
) -> Vec<(
    tally_ho::simple_hex::PlaneId,
    tally_ho::simple_hex::PlaneId,
    bool,
    Option<bool>,
)> {
    use tally_ho::simple_hex::{Event, Outcome};
    b.game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Fired {
                attacker,
                target,
                outcome,
                return_roll,
                return_outcome,
                ..
            } => Some((
                *attacker,
                *target,
                *outcome != Outcome::Miss,
                return_roll.map(|_| *return_outcome != Outcome::Miss),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn a_shot_sends_tracer_from_shooter_to_target_and_back_for_return_fire() {
    let (_g, _dir) = data_dir("tracer");
    // Slow: a shot lasts about 20 frames of the script's 0.05 s.
    let mut app = app_with(AnimSpeed::Slow);
    let mut p = ScriptedPlayer::new(0, 11);
    // Each burst seen: shooter, target, hit, and per frame how far along
    // its line its dashes' heads were (0 the shooter, 1 the target), and
    // whether it sparked.
    type Seen = (u8, u8, bool, Vec<f32>, bool);
    let mut shots: Vec<Vec<Seen>> = Vec::new();
    let mut was_firing = false;
    let (mut answered, mut hits, mut misses) = (0, 0, 0);
    for _ in 0..400_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if p.done {
            break;
        }
        let Some(b) = app.battle() else { continue };
        let bursts = b.bursts();
        if bursts.is_empty() {
            was_firing = false;
            if answered > 0 && hits > 0 && misses > 0 {
                break;
            }
            continue;
        }
        let size = b.scene.view.size;
        if !was_firing {
            // A new shot: the newest the game has fired (the screen shows
            // it as the game goes on, so it may lag by a shot or two: match
            // the pair of planes).
            let fired = shots_fired(b);
            let (a, t, hit, back) = *fired
                .iter()
                .rev()
                .find(|s| s.0 == bursts[0].shooter && s.1 == bursts[0].target)
                .expect("a tracer for a shot the game fired");
            assert_eq!(bursts.len(), 1 + back.is_some() as usize, "{bursts:?}");
            assert_eq!(bursts[0].hit, hit);
            if let Some(back_hit) = back {
                // The answer flies the other way, at the same time.
                assert_eq!((bursts[1].shooter, bursts[1].target), (t, a));
                assert_eq!(bursts[1].hit, back_hit);
                answered += 1;
            }
            if hit {
                hits += 1;
            } else {
                misses += 1;
            }
            shots.push(Vec::new());
        }
        was_firing = true;
        let shot = shots.last_mut().unwrap();
        shot.resize_with(bursts.len(), || (0, 0, false, Vec::new(), false));
        for (s, burst) in shot.iter_mut().zip(&bursts) {
            // From the shooter's counter as drawn to the target's.
            let at = |id: tally_ho::simple_hex::PlaneId| {
                let (hex, _) = b.scene.shown(id).expect("both planes shown");
                b.scene.view.center(hex)
            };
            assert_eq!(
                (burst.from, burst.to),
                (at(burst.shooter), at(burst.target))
            );
            let line = burst.to - burst.from;
            let len = line.length();
            let dir = line / len;
            let mut furthest = 0.0f32;
            for (tail, head) in &burst.dashes {
                for q in [tail, head] {
                    let off = *q - burst.from;
                    let across = (off.x * dir.y - off.y * dir.x).abs();
                    assert!(across < size * 0.2, "a dash off the line of fire");
                    assert!(off.dot(dir) > 0.0, "a dash behind the guns");
                }
                furthest = furthest.max((*head - burst.from).dot(dir) / len);
            }
            for (spark, _) in &burst.sparks {
                assert!(burst.hit, "sparks on a miss");
                assert!(
                    spark.distance(burst.to) < size * 0.2,
                    "a spark off the target"
                );
            }
            *s = (
                burst.shooter.0,
                burst.target.0,
                burst.hit,
                {
                    let mut v = std::mem::take(&mut s.3);
                    v.push(furthest);
                    v
                },
                s.4 || !burst.sparks.is_empty(),
            );
        }
    }
    assert!(
        answered > 0 && hits > 0 && misses > 0,
        "{answered} {hits} {misses}"
    );
    for shot in &shots {
        for (a, t, hit, reach, sparked) in shot {
            // The dashes travel: over the shot they get further from the
            // guns, into the target on a hit, past it on a miss.
            // (The furthest dash, frame by frame, rises until the first
            // one lands.)
            let most = reach.iter().copied().fold(0.0, f32::max);
            let rising = reach.windows(2).take_while(|w| w[1] > w[0]).count();
            // Dashes in the air for most of the shot, at the player's speed.
            let flying = reach.iter().filter(|&&r| r > 0.0).count();
            assert!(
                flying >= 15,
                "{a}->{t}: dashes for {flying} frames: {reach:?}"
            );
            assert!(
                rising >= 3,
                "{a}->{t}: the dashes did not fly out: {reach:?}"
            );
            if *hit {
                assert!(*sparked, "{a}->{t}: a hit with no spark");
                assert!(most > 0.7 && most <= 1.05, "{a}->{t}: {reach:?}");
            } else {
                assert!(most > 1.2, "{a}->{t}: a miss stopping short: {reach:?}");
            }
        }
    }
}

#[test]
fn at_instant_speed_a_shot_shows_no_tracer_and_nothing_waits() {
    let (_g, _dir) = data_dir("tracer-instant");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = ScriptedPlayer::new(0, 11);
    for _ in 0..300_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if let Some(b) = app.battle() {
            assert!(b.bursts().is_empty(), "a tracer at instant speed");
            assert!(!b.busy(), "the screen waited at instant speed");
            if shots_fired(b).len() >= 3 {
                return;
            }
        }
        if p.done {
            break;
        }
    }
    panic!("the game had fewer than three shots");
}
