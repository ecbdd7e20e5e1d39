//! What a newcomer meets first, driven headless through the screens: the
//! menu, the rules pages of the four games, the settings.
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::script::{Script, ScriptedPlayer};
use tally_ho::app::simple_hex::NewGame;
use tally_ho::app::ui::InputFrame;
use tally_ho::app::{App, Screen};
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

fn page(app: &App) -> GameKind {
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
        ("Simple Hex", GameKind::SimpleHex),
        ("Family game", GameKind::Family),
        ("Campaign", GameKind::Campaign),
        ("Night Blitz", GameKind::Blitz),
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
        app.top().is_table(GameKind::SimpleHex),
        "{}",
        app.top().name()
    );
}

#[test]
fn the_leave_dialog_is_asked_over_the_game_not_a_black_screen() {
    use tally_ho::app::audit;
    let (_g, _dir) = data_dir("leave-over");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = ScriptedPlayer::new(0, 5);
    for _ in 0..3_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if app.battle().is_some_and(|b| b.at_rest()) {
            break;
        }
    }
    assert!(app.top().is_table(GameKind::SimpleHex));
    audited_frame(&mut app, InputFrame::idle(), W, H);
    let table_alone = audit::checked();
    audited_frame(&mut app, InputFrame::press(KeyCode::Escape), W, H);
    assert!(matches!(app.top(), Screen::ConfirmLeave { .. }));
    let before = audit::checked();
    let found = audited_frame(&mut app, InputFrame::idle(), W, H);
    let drawn = audit::checked() - before;
    // The dialog's few texts, and the whole table's under it.
    assert!(
        drawn > table_alone / 2 + 3,
        "{drawn} texts under and in the dialog; the table alone draws {table_alone}"
    );
    assert!(found.is_empty(), "{found:?}");
}

/// Plays the solo game with the scripted RAF until `stop` holds.
fn play_until(app: &mut App, p: &mut ScriptedPlayer, stop: impl Fn(&App) -> bool) -> bool {
    for _ in 0..200_000 {
        if stop(app) {
            return true;
        }
        let input = p.next(app);
        frame(app, input);
        if p.done {
            return stop(app);
        }
    }
    false
}

#[test]
fn between_the_attacks_a_card_says_what_the_first_came_to_and_the_table_waits() {
    let (_g, _dir) = data_dir("attack-card");
    let mut app = app_with(AnimSpeed::Instant);
    // A game that reaches its second attack (seed 11 is won in the first).
    let mut p = ScriptedPlayer::new(0, 7);
    // The script reads a card and puts it down: stop before it does.
    let up = play_until(&mut app, &mut p, |a| a.card().is_some());
    assert!(up, "no card between the attacks");
    let card = app.card().unwrap().clone();
    assert_eq!(card.title, "Attack 1 is over");
    let text = card.lines.join("\n");
    assert!(text.starts_with("Bombs: "), "{text}");
    assert!(text.contains("RAF lost: "), "{text}");
    assert!(text.contains("Luftwaffe lost: "), "{text}");
    assert!(text.contains("of the 24 the Luftwaffe needs"), "{text}");
    assert!(text.contains("Attack 2 next"), "{text}");
    // Its bombs are the first attack's: the score the card gives is the
    // game's now.
    let b = app.battle().unwrap();
    assert!(
        text.contains(&format!("Bomb score {} of", b.game.score())),
        "{text}"
    );
    // The table waits while the card is up: nobody moves.
    let commands = b.game.commands().len();
    for _ in 0..50 {
        frame(&mut app, InputFrame::idle());
    }
    let b = app.battle().unwrap();
    assert_eq!(b.game.commands().len(), commands);
    assert!(app.card().is_some());
    // The banner says what is read, not the next attack already under it.
    audited_frame(&mut app, InputFrame::idle(), W, H);
    let texts = tally_ho::app::audit::last_texts();
    let top: Vec<_> = texts.iter().filter(|(_, r)| r.y < 40.0).collect();
    assert!(
        top.iter()
            .any(|(t, _)| t == "Attack 1 is over - Continue to go on"),
        "{top:?}"
    );
    assert!(
        !top.iter().any(|(t, _)| t.starts_with("Attack 2")),
        "{top:?}"
    );
    frame(&mut app, InputFrame::press(KeyCode::Enter));
    assert!(app.card().is_none(), "Enter puts the card down");
}

#[test]
fn the_end_of_a_simple_hex_game_says_what_decided_it() {
    let (_g, _dir) = data_dir("debrief");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = ScriptedPlayer::new(0, 11);
    assert!(play_until(&mut app, &mut p, |a| matches!(
        a.top(),
        Screen::Result(_)
    )));
    let b = app.battle().unwrap();
    let (verdict, lines) = tally_ho::app::simple_hex::debrief(b);
    let score = b.game.score();
    let said = if score >= 24 {
        format!("{score} points, 24 needed")
    } else {
        format!("{score} of the 24 needed")
    };
    assert!(verdict.contains(&said), "{verdict}");
    assert!(verdict.contains("The first attack scored"), "{verdict}");
    // Where the score fell among the computer's games won the same way at
    // the game's settings, from the shares table's row.
    let placing = tally_ho::app::simple_hex::placing(b).expect("a measured setting");
    let (_, shares) = tally_ho::data::shipped_shares().unwrap();
    let sc = b.game.scenario();
    let computer = b.shared.players.iter().find(|p| !p.human).unwrap();
    let crane = b.game.options().damaged_bombers_cannot_defend;
    let row = shares
        .find(&sc.level, &sc.difficulty, crane, computer.level)
        .unwrap();
    let won = if score >= 24 {
        row.luftwaffe_wins
    } else {
        shares.games - row.luftwaffe_wins
    };
    assert_eq!(placing.spread.total(), won);
    let sentence = placing.sentence("win");
    let grade = placing.grade().unwrap().name();
    assert!(
        sentence.starts_with(&format!("A {grade} win")),
        "{sentence}"
    );
    let text = lines.join("\n");
    assert!(text.starts_with("Bombs: "), "{text}");
    // Every plane lost is listed, with who or what brought it down.
    let lost = b
        .game
        .planes()
        .iter()
        .filter(|p| p.loc == tally_ho::simple_hex::Loc::Destroyed)
        .count();
    let listed: usize = lines
        .iter()
        .filter(|l| l.contains(" lost: ") && !l.ends_with("none."))
        .map(|l| l.matches(" (").count())
        .sum();
    assert_eq!(listed, lost, "{text}");
}

#[test]
fn a_first_simple_hex_game_meets_the_gentler_opponent_and_says_there_are_two() {
    use tally_ho::common::Level;
    use tally_ho::settings::Settings;
    let (_g, _dir) = data_dir("first-level");
    let guided = Settings {
        anim: AnimSpeed::Instant,
        ..Settings::default()
    };
    let mut app = App::new(guided, None);
    frame(&mut app, InputFrame::idle());
    click(&mut app, "New game: Simple Hex");
    let Some(ng) = app.top().new_game::<NewGame>() else {
        panic!("the new game screen");
    };
    assert_eq!(ng.opponent, Level::Recruit);
    frame(&mut app, InputFrame::idle());
    assert!(app
        .buttons
        .iter()
        .any(|b| b.label == "Opponent: Recruit (the gentler of two)"));
    // Simple Hex's levels are two: a click goes to the Veteran and back.
    click(&mut app, "Opponent: Recruit");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Opponent: Veteran (the stronger of two)");
    let Some(ng) = app.top().new_game::<NewGame>() else {
        panic!("the new game screen");
    };
    assert_eq!(ng.opponent, Level::Recruit);
    // Once a first game is finished, the middle one.
    let mut learned = guided;
    learned.learn(GameKind::SimpleHex);
    let mut app = App::new(learned, None);
    frame(&mut app, InputFrame::idle());
    click(&mut app, "New game: Simple Hex");
    let Some(ng) = app.top().new_game::<NewGame>() else {
        panic!("the new game screen");
    };
    assert_eq!(ng.opponent, Level::Veteran);
}

/// An app with the guide of a first game on (as a new player has it).
fn guided_app() -> App {
    let settings = tally_ho::settings::Settings {
        anim: AnimSpeed::Instant,
        ..tally_ho::settings::Settings::default()
    };
    App::new(settings, None)
}

#[test]
fn a_guided_simple_hex_game_explains_each_new_thing_once_and_says_what_to_do_next() {
    use tally_ho::app::table::CardKind;
    let (_g, _dir) = data_dir("guide-hex");
    let mut app = guided_app();
    let mut p = ScriptedPlayer::new(0, 7);
    let mut lessons: Vec<String> = Vec::new();
    let mut next_seen = false;
    let mut last: Option<String> = None;
    for _ in 0..200_000 {
        if let Some(c) = app.card() {
            if c.kind == CardKind::Lesson && last.as_deref() != Some(&c.title) {
                lessons.push(c.title.clone());
                last = Some(c.title.clone());
            }
        } else {
            last = None;
        }
        if let Some(b) = app.battle() {
            if b.human_turn().is_some() && !b.busy() && b.shared.card().is_none() {
                next_seen |= b.scene.status.starts_with("Next: ");
            }
        }
        let input = p.next(&app);
        frame(&mut app, input);
        if p.done {
            break;
        }
    }
    assert!(p.done);
    for want in ["Activation", "Entry", "Speed dice", "An attack"] {
        assert!(
            lessons.iter().any(|l| l == want),
            "{want} not in {lessons:?}"
        );
    }
    // Each once.
    let mut unique = lessons.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), lessons.len(), "{lessons:?}");
    assert!(next_seen, "the bottom bar said what to do next");
    // The game finished with the guide: its guide is done.
    assert!(!app.settings.guides(GameKind::SimpleHex));
    assert!(app.settings.guides(GameKind::Campaign));
}

#[test]
fn with_the_guide_off_nothing_is_explained() {
    use tally_ho::app::table::CardKind;
    let (_g, _dir) = data_dir("guide-off");
    let mut app = guided_app();
    // Settings: the guide's button turns it off.
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Settings");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Guided first games: on");
    assert!(!app.settings.guide);
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    let mut p = ScriptedPlayer::new(0, 7);
    for _ in 0..200_000 {
        assert!(
            app.card().is_none_or(|c| c.kind == CardKind::Summary),
            "a lesson with the guide off"
        );
        let input = p.next(&app);
        frame(&mut app, input);
        if p.done {
            break;
        }
    }
    assert!(p.done);
}

/// A newcomer's first campaign turn, as the RAF: the guide explains radar
/// and the scramble as they come, and at the first raid on the radar it
/// rings the scramble button; the first intercept comes within a handful
/// of the player's decisions, none of which needs the rules.
#[test]
fn a_guided_campaign_brings_a_newcomer_to_a_first_intercept_in_a_few_decisions() {
    use tally_ho::app::script::CampaignScript;
    use tally_ho::app::table::CardKind;
    use tally_ho::campaign::game::{Event, Stage};
    let (_g, _dir) = data_dir("guide-campaign");
    let mut app = guided_app();
    let mut p = CampaignScript::new(3);
    p.players = 0;
    let mut lessons: Vec<String> = Vec::new();
    let mut decisions = 0;
    let mut pointed_at_scramble = false;
    let mut last_commands = 0;
    for _ in 0..200_000 {
        if let Some(c) = app.card().filter(|c| c.kind == CardKind::Lesson) {
            if lessons.last() != Some(&c.title) {
                lessons.push(c.title.clone());
            }
        }
        if let Some(t) = app.campaign() {
            let c = t.campaign();
            let n = tally_ho::common::game::Rules::commands(c).len();
            if n > last_commands {
                if t.human_turn().is_some() {
                    decisions += 1;
                }
                last_commands = n;
            }
            if matches!(c.stage(), Stage::InterceptChoice { .. })
                && t.human_turn().is_some()
                && !t.busy()
                && app.card().is_none()
            {
                pointed_at_scramble |= t.scene().status.starts_with("Next: A raid is on the radar");
            }
            if c.events()
                .iter()
                .any(|e| matches!(e, Event::Scramble { .. }))
            {
                break;
            }
        }
        // The newcomer does as the guide says at the first raid.
        let scramble = app
            .campaign()
            .filter(|t| t.human_turn().is_some() && !t.busy() && app.card().is_none())
            .and_then(|_| app.buttons.iter().find(|b| b.label.starts_with("Scramble")))
            .filter(|_| pointed_at_scramble)
            .map(|b| b.rect.center());
        let input = match scramble {
            Some(c) => InputFrame::click_at(c.x, c.y),
            None => p.next(&app),
        };
        frame(&mut app, input);
    }
    assert!(pointed_at_scramble, "the guide pointed at the scramble");
    for want in ["A campaign turn", "Radar and raids"] {
        assert!(
            lessons.iter().any(|l| l == want),
            "{want} not in {lessons:?}"
        );
    }
    assert!(
        decisions <= 5,
        "{decisions} decisions before the first scramble"
    );
}

#[test]
fn settings_say_when_there_is_no_sound_device_and_offer_no_sound_switch() {
    use tally_ho::app::audio::set_no_device;
    let (_g, _dir) = data_dir("no-sound");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Settings");
    set_no_device(true);
    frame(&mut app, InputFrame::idle());
    let labels: Vec<String> = app.buttons.iter().map(|b| b.label.clone()).collect();
    assert!(
        !labels.iter().any(|l| l.starts_with("Sound:")),
        "{labels:?}"
    );
    let muted = app.settings.muted;
    frame(&mut app, InputFrame::press(KeyCode::M));
    assert_eq!(
        app.settings.muted, muted,
        "M switches nothing without a device"
    );
    set_no_device(false);
    frame(&mut app, InputFrame::idle());
    assert!(app.buttons.iter().any(|b| b.label == "Sound: on"));
}

/// On the mat every plane's marks (its type's tag, its R/W/B/Y disc) stand
/// in its own hex, at 960 x 600 and at 1280 x 800: a glance reads each
/// plane's type and colour without a neighbour's marks in the way.
#[test]
fn each_planes_tag_and_disc_stand_in_its_own_hex_at_both_sizes() {
    use tally_ho::app::audit::last_marks;
    use tally_ho::simple_hex::Loc;
    let (_g, _dir) = data_dir("tags");
    for (w, h) in [(960.0, 600.0), (1280.0, 800.0)] {
        let mut app = app_with(AnimSpeed::Instant);
        let mut p = ScriptedPlayer::new(0, 7);
        // Into the first attack, planes on the mat.
        for _ in 0..100_000 {
            let input = p.next(&app);
            app.frame(input, false, w, h);
            let on_mat = app.battle().is_some_and(|b| {
                b.at_rest()
                    && b.game
                        .planes()
                        .iter()
                        .filter(|p| matches!(p.loc, Loc::Board { .. }))
                        .count()
                        >= 8
            });
            if on_mat {
                break;
            }
        }
        // One frame: the mat's picture (and the planes at rest in it) is
        // laid out when it is first drawn.
        audited_frame(&mut app, InputFrame::idle(), w, h);
        let b = app.battle().unwrap();
        let v = &b.scene.view;
        let held: Vec<_> = b
            .game
            .planes()
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.loc, Loc::Board { .. }))
            .map(|(i, _)| {
                b.game
                    .position(tally_ho::simple_hex::PlaneId(i as u8))
                    .unwrap()
                    .0
            })
            .collect();
        let marks = last_marks();
        let tags = marks.iter().filter(|m| m.1.ends_with(" tag")).count();
        assert!(
            tags >= held.len(),
            "{w}: {tags} tags for {} planes",
            held.len()
        );
        for (owner, what, r) in &marks {
            if !(what.ends_with(" tag") || what.ends_with(" disc")) {
                continue;
            }
            let Some(hex) = v.pick(r.center()) else {
                continue;
            };
            if !held.contains(&hex) {
                continue;
            }
            // The mark's plane is the one whose hex it is in.
            let centre = v.center(hex);
            assert!(
                owner == &format!("plane at {:.0},{:.0}", centre.x, centre.y),
                "{w}: {what} of {owner} stands in the hex of the plane at {centre:?}"
            );
        }
    }
}

/// The new-game screen offers every difficulty setting with the share of
/// games the player's side won in the simulator's games at the choices on
/// the screen; the chosen setting's forces are the game's, and its save
/// keeps them.
#[test]
fn the_new_game_screen_offers_each_forces_setting_with_its_measured_share() {
    use tally_ho::common::Level;
    use tally_ho::settings::Settings;
    let (_g, _dir) = data_dir("forces-choice");
    let mut learned = Settings {
        anim: AnimSpeed::Instant,
        ..Settings::default()
    };
    learned.learn(GameKind::SimpleHex);
    let mut app = App::new(learned, None);
    frame(&mut app, InputFrame::idle());
    click(&mut app, "New game: Simple Hex");
    frame(&mut app, InputFrame::idle());
    let (forces, shares) = tally_ho::data::shipped_shares().unwrap();
    let texts = |app: &mut App| {
        assert!(audited_frame(app, InputFrame::idle(), W, H).is_empty());
        tally_ho::app::audit::last_texts()
            .into_iter()
            .map(|(t, _)| t)
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Luftwaffe wins and RAF wins, as counted.
    let row = |name: &str, crane: bool, o: Level| {
        let lw = shares
            .find("crane-14x18", name, crane, o)
            .unwrap()
            .luftwaffe_wins;
        (lw, shares.games - lw)
    };
    let pct = |wins: u64| 100.0 * wins as f64 / shares.games as f64;
    // Solo as the RAF against the Veteran: the RAF's share of each.
    for s in &forces.settings {
        assert!(
            app.buttons.iter().any(|b| b.label == s.label),
            "{}",
            s.label
        );
        let raf = pct(row(&s.name, false, Level::Veteran).1);
        let t = texts(&mut app);
        assert!(
            t.contains(&format!("{raf:.0}% (")),
            "{}: {raf:.0}%\n{t}",
            s.name
        );
    }
    let t = texts(&mut app);
    assert!(t.contains("your wins (RAF)"), "{t}");
    // As the Luftwaffe: its own share of the rules as written.
    click(&mut app, "Solo: you fly the RAF");
    frame(&mut app, InputFrame::idle());
    let lw = pct(row("as-written", false, Level::Veteran).0);
    let t = texts(&mut app);
    assert!(t.contains("your wins (Luftwaffe)"), "{t}");
    assert!(t.contains(&format!("{lw:.0}% (")), "{t}");
    // Pick the even forces and start: the game has the reserve.
    let even = forces.setting("even").unwrap().label.clone();
    click(&mut app, &even);
    click(&mut app, "Start");
    let Some(b) = app.top().table::<tally_ho::app::simple_hex::HexTable>() else {
        panic!("a battle");
    };
    let sc = b.game.scenario();
    assert_eq!(sc.difficulty, "even");
    assert!(sc
        .units
        .iter()
        .any(|u| u.name.as_deref() == Some("Spitfire reserve")));
}
