//! The campaign's screens, driven headless: the same `App::frame` code that
//! draws the campaign, with drawing off and the input injected (clicks on
//! buttons by label and on the map's squares, key presses).
#![cfg(feature = "window")]

use macroquad::prelude::KeyCode;
use tally_ho::app::campaign::CampaignTable;
use tally_ho::app::script::{CampaignScript, Script};
use tally_ho::app::ui::InputFrame;
use tally_ho::app::{App, Screen};
use tally_ho::campaign::forces::Place;
use tally_ho::campaign::game::{Command, Event, Stage};
use tally_ho::common::game::GameKind;
use tally_ho::common::Side;
use tally_ho::record::{AnyRecord, Player};
use tally_ho::saves::{self, Slot};
use tally_ho::settings::AnimSpeed;
use tally_ho::simple_hex::HexGame;

#[path = "common/campaign.rs"]
mod campaign_common;
#[path = "common/screens.rs"]
mod screens;
use screens::*;

fn table(app: &App) -> &CampaignTable {
    app.campaign().expect("a campaign on the stack")
}

/// Where the screens are, for a failure's message.
fn state(app: &App) -> String {
    match app.campaign() {
        None => format!("screen {}, notice {:?}", app.top().name(), app.notice),
        Some(t) => format!(
            "screen {}, ai {:?}, picked {:?} wave {}, turn {}, stage {:?}, decider {:?}, human turn {:?}, busy {}, board {}, result {}, handover {:?}, message {:?}, buttons {:?}",
            app.top().name(),
            t.decider().and_then(|s| tally_ho::campaign::ai::propose(t.campaign(), s)),
            t.scene().picked_geschwader,
            t.scene().wave,
            t.campaign().turn(),
            t.campaign().stage(),
            t.decider(),
            t.human_turn(),
            t.busy(),
            t.sub().is_some(),
            t.result().is_some(),
            t.handover(),
            t.message(),
            app.buttons.iter().map(|b| b.label.clone()).collect::<Vec<_>>()
        ),
    }
}

/// The new-campaign screen's choices: shortened campaign (every turn flies).
const SHORTENED: usize = 2;
const DICE: usize = 0;
const BOARD: usize = 1;
const ASK: usize = 3;

fn script(players: usize, battles: usize, seed: u64) -> CampaignScript {
    let mut s = CampaignScript::new(seed);
    s.players = players;
    s.weather = SHORTENED;
    s.battles = battles;
    s
}

#[test]
fn a_turn_played_through_the_screens_brings_a_board_battle_back_to_the_map() {
    let (_g, _dir) = data_dir("turn");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(0, ASK, 11);
    p.turns = 1;
    p.board_battles = 1;
    let mut before = None;
    let mut checked = false;
    let mut handovers = 0;
    for _ in 0..300_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        let Some(t) = app.campaign() else { continue };
        if t.sub().is_some() && before.is_none() {
            before = Some(t.campaign().tally());
        }
        // Solo: the machine never changes hands, on the board or the map.
        handovers += t.handover().is_some() as usize;
        if let (Some(r), false, false) = (t.result(), checked, t.texts().is_empty()) {
            let out = &r.outcome;
            checked = true;
            // "Back to the map" stands in the result's panel, off the map.
            let map = t.view().rect;
            let back = app
                .buttons
                .iter()
                .find(|b| b.label == "Back to the map")
                .expect("the button back to the map");
            assert!(
                back.rect.x >= map.x + map.w,
                "{:?} over the map {map:?}",
                back.rect
            );
            // The result as it flowed back: each loss since the battle's
            // result is in the boxes and in the tally.
            let c = &t.campaign();
            let at = c
                .events()
                .iter()
                .rposition(|e| matches!(e, Event::BattleResult(_)))
                .expect("the battle's result");
            let lost = |side| {
                c.events()[at..]
                    .iter()
                    .filter_map(|e| match e {
                        Event::Lost { squadron, .. } => Some(*squadron),
                        _ => None,
                    })
                    .filter(|&q| c.forces().squadrons[q].side == side)
                    .inspect(|&q| assert_eq!(c.forces().squadrons[q].place, Place::Damaged))
                    .count() as u32
            };
            let b = before.expect("the battle was seen on the board");
            assert_eq!(c.tally().raf_lost, b.raf_lost + lost(Side::British));
            assert_eq!(
                c.tally().luftwaffe_lost,
                b.luftwaffe_lost + lost(Side::German)
            );
            assert!(c.tally().targets >= b.targets);
            // The result screen names every squadron of the battle.
            let texts = t.texts();
            assert!(texts.iter().any(|l| l == "The battle on the board is over"));
            // ...what decided it, before the account...
            assert!(
                texts.join(" ").contains(&out.decided()),
                "{} not on the result screen: {texts:?}",
                out.decided()
            );
            for r in &out.squadrons {
                let name = &c.forces().squadrons[r.squadron].name;
                assert!(
                    texts.iter().any(|l| l.contains(name.as_str())),
                    "{name} not on the result screen"
                );
            }
        }
        if p.done {
            break;
        }
    }
    assert!(p.done, "the scripted turn did not finish: {}", state(&app));
    assert!(checked, "no board battle's result was shown");
    assert_eq!(handovers, 0, "a solo campaign shows no hand-over screen");
    assert_eq!(p.results_seen, 1);
    let t = table(&app);
    let c = &t.campaign();
    assert!(c.turn() >= 2, "a whole turn was played");
    // The RAF's decisions went in through the screen, the board's too.
    let cmds = c.commands();
    assert!(cmds.contains(&Command::OnTheBoard));
    assert!(cmds.iter().any(|c| matches!(c, Command::Hex(_))));
    assert!(cmds.iter().any(|c| matches!(c, Command::Intercept(_))));
    assert!(c
        .events()
        .iter()
        .any(|e| matches!(e, Event::BattleResult(_))));
    // Back on the map, the dashboards count the losses.
    // (Checked whatever the battle cost: with no loss the count is still
    // read from the four groups' lines.)
    let lost = c.tally().raf_lost;
    let groups: Vec<usize> = t
        .texts()
        .iter()
        .filter(|l| l.contains(" Group: "))
        .filter_map(|l| l.split_whitespace().nth(4)?.parse::<usize>().ok())
        .collect();
    assert!(!groups.is_empty(), "{:?}", t.texts());
    let damaged: usize = groups.iter().sum();
    assert!(damaged as u32 >= lost, "{:?}", t.texts());
    // An autosave of the campaign was written on the way.
    assert!(matches!(
        saved(GameKind::Campaign, Slot::Autosave),
        Some(AnyRecord::Campaign(_))
    ));
}

#[test]
fn two_players_hand_over_and_the_raf_never_sees_the_german_hand() {
    let (_g, _dir) = data_dir("handover");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(2, DICE, 5);
    p.turns = 1;
    let mut german_saw_hand = false;
    let mut raf_views = 0;
    let mut handovers = 0;
    let mut in_handover = false;
    for _ in 0..300_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if let Some(t) = app.campaign() {
            let c = &t.campaign();
            let entries: Vec<String> = c.deck().hand().iter().map(|&k| t.card_entry(k)).collect();
            let texts = t.texts();
            let shown = |e: &String| {
                texts.iter().any(|l| l.contains(e.as_str()))
                    || app.buttons.iter().any(|b| b.label.contains(e.as_str()))
            };
            let now = t.handover().is_some();
            if now && !in_handover {
                handovers += 1;
            }
            in_handover = now;
            if now {
                // The hand-over screen shows nothing of either side's game.
                assert!(!entries.iter().any(shown));
                assert!(texts
                    .iter()
                    .any(|l| l.starts_with("Pass the machine to the")));
            } else if !texts.is_empty() && t.sub().is_none() {
                match t.viewer() {
                    Side::German => german_saw_hand |= entries.iter().any(shown),
                    Side::British => {
                        raf_views += 1;
                        assert!(
                            !entries.iter().any(shown),
                            "the RAF's screen shows the German hand: {texts:?}"
                        );
                        assert!(
                            !texts.iter().any(|l| l.contains("is sent against")),
                            "the RAF reads a raid's target: {texts:?}"
                        );
                        assert!(!app.buttons.iter().any(|b| b.label.starts_with("Target ")));
                    }
                }
            }
        }
        if p.done {
            break;
        }
    }
    assert!(
        p.done,
        "the two-player turn did not finish: {}",
        state(&app)
    );
    assert!(german_saw_hand, "the German never saw his own hand");
    assert!(raf_views > 0, "the RAF never had the machine");
    assert!(handovers >= 2, "only {handovers} hand-overs");
    assert_eq!(table(&app).human, None);
}

/// Frames of the scripted player until `stop` holds.
fn until(app: &mut App, p: &mut CampaignScript, stop: impl Fn(&App) -> bool) {
    for _ in 0..200_000 {
        if stop(app) {
            return;
        }
        let input = p.next(app);
        frame(app, input);
    }
    panic!("the campaign never got there: {}", state(app));
}

#[test]
fn a_campaign_saved_in_the_middle_of_a_board_battle_resumes_where_it_was() {
    let (_g, _dir) = data_dir("midbattle");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(0, BOARD, 11);
    until(&mut app, &mut p, |app| {
        app.campaign().is_some_and(|t| {
            t.sub().is_some()
                && !t.busy()
                && t.campaign()
                    .battle()
                    .is_some_and(|b| b.game.commands().len() >= 6)
        })
    });
    save_in_slot(&mut app, 4);
    let t = table(&app);
    assert_eq!(
        t.sub().and_then(|b| b.shared.message.as_deref()),
        Some("Game saved in slot 4.")
    );
    let c = t.campaign().clone();
    assert_eq!(c.stage(), &Stage::Battle);
    let hex: Vec<_> = c.battle().unwrap().game.commands().to_vec();
    assert_eq!(t.sub().unwrap().game.hex().commands(), hex.as_slice());
    match saved(GameKind::Campaign, Slot::Numbered(4)) {
        Some(AnyRecord::Campaign(s)) => {
            assert_eq!(s.commands, c.commands());
            let humans: Vec<bool> = s.players.iter().map(|p| p.human).collect();
            assert_eq!(humans, [false, true], "the RAF is the player's");
        }
        other => panic!("not a campaign save: {other:?}"),
    }
    // Leave without saving again, and load from the menu.
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    assert!(matches!(app.top(), Screen::ConfirmLeave { .. }));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Leave");
    assert!(matches!(app.top(), Screen::Menu));
    frame(&mut app, InputFrame::idle());
    load(&mut app, "Campaign, Slot 4");
    assert!(app.top().is_table(GameKind::Campaign), "{:?}", app.notice);
    frame(&mut app, InputFrame::idle());
    let t = table(&app);
    let r = &t.campaign();
    assert_eq!(r.commands(), c.commands());
    assert_eq!(r.stage(), c.stage());
    assert_eq!(r.turn(), c.turn());
    assert_eq!(r.tally_ho(), c.tally_ho());
    assert_eq!(r.tally(), c.tally());
    assert_eq!(r.forces(), c.forces());
    assert_eq!(r.wings(), c.wings());
    assert_eq!(r.geschwader(), c.geschwader());
    assert_eq!(r.events(), c.events());
    assert_eq!(t.human, Some(Side::British));
    // The board is open again on the same battle, and plays on.
    let sub = t.sub().expect("the battle is back on the board");
    assert_eq!(sub.game.hex().commands(), hex.as_slice());
    until(&mut app, &mut p, |app| {
        app.campaign().is_some_and(|t| t.result().is_some())
    });
    let t = table(&app);
    assert!(!matches!(t.campaign().stage(), Stage::Battle));
    assert!(t.campaign().commands().len() > c.commands().len());
}

#[test]
fn taking_back_a_move_on_the_board_takes_it_back_in_the_campaign() {
    let (_g, _dir) = data_dir("undo");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(0, BOARD, 11);
    // The player's plane is about to fly, with hexes to spare.
    until(&mut app, &mut p, |app| {
        app.campaign().is_some_and(|t| {
            t.sub().is_some_and(|b| {
                let g = b.game.hex();
                !b.busy()
                    && b.handover.is_none()
                    && g.to_act() == Some(Side::British)
                    && g.active_move()
                        .is_some_and(|m| m.used == 0 && m.remaining() >= 3)
                    && g.active_move()
                        .is_some_and(|m| g.plane(m.plane).on_board().is_some())
            })
        })
    });
    // One hex straight ahead, by the keys.
    let before_step = table(&app).campaign().commands().len();
    frame(&mut app, InputFrame::press(KeyCode::Up));
    frame(&mut app, InputFrame::press(KeyCode::Enter));
    let t = table(&app);
    assert_eq!(
        t.campaign().commands().len(),
        before_step + 1,
        "{}",
        state(&app)
    );
    assert!(matches!(
        t.campaign().commands().last(),
        Some(Command::Hex(tally_ho::simple_hex::Command::Step(_)))
    ));
    let before = t.campaign().commands().to_vec();
    frame(&mut app, InputFrame::press(KeyCode::U));
    let t = table(&app);
    assert_eq!(t.campaign().commands(), &before[..before.len() - 1]);
    let sub = t.sub().unwrap();
    let inner = t.campaign().battle_commands().unwrap();
    assert_eq!(sub.game.hex().commands(), inner);
    // And the battle goes on to its end from there.
    until(&mut app, &mut p, |app| {
        app.campaign().is_some_and(|t| t.result().is_some())
    });
}

#[test]
fn a_corrupt_campaign_save_is_reported_and_left_as_it_is() {
    let (_g, _dir) = data_dir("corrupt");
    let text = "CampaignSave(\n    setup: (weather: Sunny, seed: 1),\n";
    let old = saves::path(GameKind::Campaign, Slot::Legacy(0));
    std::fs::write(&old, text).unwrap();
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    let why = listed_error(&mut app, Slot::Legacy(0));
    assert!(why.contains("save.ron:2:"), "{why}");
    assert_eq!(std::fs::read_to_string(&old).unwrap(), text);
    frame(&mut app, InputFrame::press(KeyCode::Escape));

    // A save the rules refuse says which command, and stays too.
    let (data, rules) = tally_ho::record::campaign::shipped().unwrap();
    let c = tally_ho::campaign::game::Campaign::new(
        data,
        rules,
        tally_ho::campaign::game::CampaignSetup::new(
            tally_ho::campaign::rules::WeatherRule::Shortened,
            1,
        ),
    );
    let players = vec![Player::new("Luftwaffe", false), Player::new("RAF", true)];
    let mut bad = tally_ho::record::of::<tally_ho::campaign::game::Campaign>(
        &c,
        players,
        std::path::Path::new("."),
    )
    .unwrap();
    bad.commands.push(Command::EndRafMovement);
    let auto = saves::path(GameKind::Campaign, Slot::Autosave);
    AnyRecord::Campaign(bad).write(&auto).unwrap();
    let before = std::fs::read_to_string(&auto).unwrap();
    // The list replays each save: this one is listed with why it cannot be
    // read, and Continue does not offer it.
    frame(&mut app, InputFrame::idle());
    let why = listed_error(&mut app, Slot::Autosave);
    assert!(
        why.contains("command 1 (EndRafMovement) is not legal"),
        "{why}"
    );
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    frame(&mut app, InputFrame::idle());
    assert!(
        !app.buttons.iter().any(|b| b.label.starts_with("Continue")),
        "Continue offers a save that cannot be loaded"
    );
    assert_eq!(std::fs::read_to_string(&auto).unwrap(), before);
}

#[test]
fn the_new_campaign_screen_sets_players_weather_battles_and_seed_and_refuses_a_bad_seed() {
    let (_g, _dir) = data_dir("newcampaign");
    let mut app = app_with(AnimSpeed::Instant);
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Campaign: the Battle");
    assert!(app.top().is_new_game(GameKind::Campaign));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Players:"); // Luftwaffe solo
    click(&mut app, "Weather:"); // single dice
    click(&mut app, "Intercepts:"); // dice (from ask)
    for _ in 0..20 {
        frame(&mut app, InputFrame::press(KeyCode::Backspace));
    }
    // No seed: a sentence, no campaign.
    click(&mut app, "Start the campaign");
    assert!(matches!(app.top(), Screen::Menu));
    assert!(app
        .notice
        .clone()
        .unwrap()
        .contains("The seed must be a whole number"));
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Campaign: the Battle");
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Players:");
    click(&mut app, "Weather:");
    click(&mut app, "Weather:");
    click(&mut app, "Weather:");
    click(&mut app, "Weather:"); // historical
    for _ in 0..20 {
        frame(&mut app, InputFrame::press(KeyCode::Backspace));
    }
    frame(
        &mut app,
        InputFrame {
            chars: "77".chars().collect(),
            ..InputFrame::idle()
        },
    );
    click(&mut app, "Start the campaign");
    let t = table(&app);
    let s = t.campaign().setup();
    assert_eq!(s.seed, 77);
    assert_eq!(
        s.weather,
        tally_ho::campaign::rules::WeatherRule::Historical
    );
    assert_eq!(s.battles, tally_ho::campaign::game::Battles::Ask);
    assert_eq!(t.human, Some(Side::German));
    // The campaign's rules page opens with H, and Esc comes back.
    frame(&mut app, InputFrame::press(KeyCode::H));
    assert!(matches!(app.top(), Screen::Help { .. }));
    frame(&mut app, InputFrame::press(KeyCode::Escape));
    assert!(app.top().is_table(GameKind::Campaign));
}

#[test]
fn a_luftwaffe_player_plans_and_flies_raids_through_the_screens() {
    let (_g, _dir) = data_dir("luftwaffe");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(1, DICE, 4);
    p.turns = 1;
    for _ in 0..300_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if p.done {
            break;
        }
    }
    assert!(
        p.done,
        "the Luftwaffe's turn did not finish: {}",
        state(&app)
    );
    let c = &table(&app).campaign();
    assert!(c.turn() >= 2);
    let cmds = c.commands();
    assert!(cmds.iter().any(|c| matches!(c, Command::Assign { .. })));
    assert!(cmds.iter().any(|c| matches!(c, Command::Step(_))));
    assert!(c.records()[0].missions > 0);
}

#[test]
fn at_1024_by_700_every_button_is_on_the_screen_and_none_overlap() {
    let (_g, _dir) = data_dir("small");
    let (w, h) = (1024.0, 700.0);
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(0, ASK, 11);
    p.turns = 1;
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..300_000 {
        if p.done {
            break;
        }
        let input = p.next(&app);
        app.frame(input, false, w, h);
        seen.insert(app.top().name());
        for (i, b) in app.buttons.iter().enumerate() {
            let r = b.rect;
            assert!(
                r.x >= 0.0 && r.y >= 0.0 && r.x + r.w <= w && r.y + r.h <= h,
                "{:?} is off the {} screen",
                b,
                app.top().name()
            );
            for o in &app.buttons[i + 1..] {
                assert!(!r.overlaps(&o.rect), "{b:?} overlaps {o:?}");
            }
        }
        if let (Some(t), true) = (app.campaign(), app.top().is_table(GameKind::Campaign)) {
            if t.texts().is_empty() {
                // Not drawn yet (just opened), or on the hex board.
                continue;
            }
            // The map and the panels fit beside each other.
            let v = t.view().rect;
            assert!(v.x + v.w <= w * 0.5 && v.y + v.h <= h - 30.0, "{v:?}");
        }
        if p.done {
            break;
        }
    }
    assert!(
        p.done,
        "the turn at 1024 x 700 did not finish: {}",
        state(&app)
    );
    for s in ["menu", "campaign new game", "campaign"] {
        assert!(seen.contains(s), "{s} not seen: {seen:?}");
    }
}

#[test]
fn at_every_window_size_labels_fit_their_buttons_the_header_fits_and_legal_squares_stand_out() {
    use tally_ho::app::campaign::{legal_outline_contrast, MIN_LABEL_SIZE};
    use tally_ho::app::ui::text_width;
    for (w, h) in [(960.0, 600.0), (1280.0, 800.0), (2560.0, 1440.0)] {
        let (_g, _dir) = data_dir(&format!("sizes-{w}"));
        let mut app = app_with(AnimSpeed::Instant);
        let mut p = script(0, DICE, 11);
        p.turns = 1;
        let (mut headers, mut marks, mut scrambles) = (0, 0, 0);
        for _ in 0..300_000 {
            if p.done {
                break;
            }
            let input = p.next(&app);
            app.frame(input, false, w, h);
            let (Some(t), true) = (app.campaign(), app.top().is_table(GameKind::Campaign)) else {
                continue;
            };
            if t.texts().is_empty() {
                continue;
            }
            for b in &app.buttons {
                let lw = text_width(&b.label, MIN_LABEL_SIZE);
                assert!(
                    lw <= b.rect.w - 16.0 + 0.5,
                    "at {w} x {h} the label {:?} ({lw} px) is wider than its button {:?}",
                    b.label,
                    b.rect
                );
                scrambles += b.label.starts_with("Scramble") as usize;
                // Whole: a choice is never cut short.
                assert!(
                    !b.label.ends_with('\u{2026}'),
                    "at {w} x {h} the label {:?} is cut",
                    b.label
                );
            }
            // "No intercept" is on every page of scrambles.
            if app.buttons.iter().any(|b| b.label.starts_with("Scramble")) {
                assert!(
                    app.buttons.iter().any(|b| b.label == "No intercept"),
                    "at {w} x {h}: {:?}",
                    app.buttons.iter().map(|b| &b.label).collect::<Vec<_>>()
                );
            }
            let (header, size) = &t.scene().header;
            let hw = text_width(header, *size);
            assert!(
                hw <= w - 24.0 + 0.5,
                "at {w} x {h} the header {header:?} ({hw} px) runs off the screen"
            );
            headers += 1;
            for (sq, fill, edge) in &t.scene().legal_marks {
                marks += 1;
                let k = legal_outline_contrast(*fill, *edge);
                assert!(
                    k >= 0.4,
                    "at {w} x {h} the outline of legal square {sq:?} ({edge:?}) is too close to its colour {fill:?}: {k}"
                );
            }
        }
        assert!(
            p.done,
            "the turn at {w} x {h} did not finish: {}",
            state(&app)
        );
        assert!(headers > 0 && marks > 0 && scrambles > 0, "at {w} x {h}: {headers} headers, {marks} legal squares, {scrambles} scramble buttons seen");
    }
}

/// `inner` lies within `outer` (to a pixel, for rounding).
fn within(inner: macroquad::prelude::Rect, outer: macroquad::prelude::Rect) -> bool {
    inner.x >= outer.x - 1.0
        && inner.y >= outer.y - 1.0
        && inner.x + inner.w <= outer.x + outer.w + 1.0
        && inner.y + inner.h <= outer.y + outer.h + 1.0
}

#[test]
fn at_960_by_600_in_a_busy_turn_each_counter_is_on_its_square_none_covers_another_and_no_name_is_under_one(
) {
    use tally_ho::app::audit::ink;
    use tally_ho::app::campaign::name_size;
    let (w, h) = (960.0, 600.0);
    let (_g, _dir) = data_dir("crowd");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(0, DICE, 11);
    p.turns = 1;
    let (mut most, mut frames, mut unplated) = (0, 0, 0);
    for _ in 0..300_000 {
        if p.done {
            break;
        }
        let input = p.next(&app);
        app.frame(input, false, w, h);
        let (Some(t), true) = (app.campaign(), app.top().is_table(GameKind::Campaign)) else {
            continue;
        };
        if t.sub().is_some() || t.texts().is_empty() {
            // On the hex board, or not laid out yet (just opened).
            continue;
        }
        frames += 1;
        let c = t.campaign();
        let map = t.view().rect;
        let looks = t.scene().counter_looks(c);
        most = most.max(looks.len());
        let at = |wing: bool, i: usize| {
            if wing {
                format!("wing {i}")
            } else {
                format!("geschwader {i}")
            }
        };
        let view = t.view();
        for (k, (wing, i, l)) in looks.iter().enumerate() {
            let who = at(*wing, *i);
            let r = l.rect;
            assert!(l.font >= 12.0, "{who}'s label is {} px", l.font);
            // Its token on its own square, where a click on it goes.
            assert!(
                within(r, view.square(l.square)),
                "{who}'s token {r:?} leaves its square {:?}",
                view.square(l.square)
            );
            // A click on the token goes to the token's square.
            assert_eq!(view.pick(r.center()), Some(l.square), "{who}'s token {r:?}");
            let p = l.plate;
            if p.w > 0.0 {
                assert!(within(p, map), "{who}'s plate {p:?} leaves the map {map:?}");
                let ink = ink(&l.label, l.label_at.x, l.label_at.y, l.font).expect("a label");
                assert!(
                    within(ink, p),
                    "{who}'s label {:?} ({ink:?}) leaves its plate {p:?}",
                    l.label
                );
            } else {
                unplated += 1;
            }
            for (wing2, j, o) in &looks[k + 1..] {
                let mine = [r, p].into_iter().filter(|x| x.w > 0.0);
                for a in mine {
                    for b in [o.rect, o.plate].into_iter().filter(|x| x.w > 0.0) {
                        assert!(
                            !a.overlaps(&b),
                            "{who}'s {a:?} ({:?}) covers {}'s {b:?} ({:?}) at turn {}, {:?}",
                            l.label,
                            at(*wing2, *j),
                            o.label,
                            c.turn(),
                            c.stage()
                        );
                    }
                }
            }
        }
        let size = name_size(t.view().cell);
        for (r, name) in t.scene().name_spots(c) {
            assert!(within(r, map), "{name:?} at {r:?} leaves the map");
            let ink = ink(&name, r.x + 3.0, r.y + size * 0.8, size).expect("ink");
            assert!(within(ink, r), "{name:?} ({ink:?}) leaves its plate {r:?}");
            for (_, _, l) in &looks {
                assert!(
                    !r.overlaps(&l.rect) && !r.overlaps(&l.plate),
                    "{name:?} at {r:?} lies under the counter {:?} at {:?}",
                    l.label,
                    l.rect
                );
            }
        }
    }
    assert!(p.done, "the turn did not finish: {}", state(&app));
    assert!(
        frames > 0 && most >= 15,
        "not a busy map: at most {most} counters in {frames} frames"
    );
    // Plates find room beside their tokens (a few may not in a crowd).
    assert!(
        unplated * 20 <= frames * most,
        "{unplated} counters without a plate"
    );
}

#[test]
fn a_whole_shortened_campaign_ends_on_its_result_screen() {
    let (_g, _dir) = data_dir("whole");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = script(0, DICE, 8);
    p.turns = u8::MAX;
    for _ in 0..1_000_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if p.done {
            break;
        }
    }
    assert!(p.done, "the campaign did not finish: {}", state(&app));
    assert!(app.top().is_result(GameKind::Campaign));
    let c = &table(&app).campaign();
    assert!(c.is_over());
    assert!(c.verdict().is_some());
    assert_eq!(c.records().len(), 7);
    // The end screen grades a win against the computer's campaigns under
    // the same weather won by the same side; a draw has no margin.
    let placing = tally_ho::app::campaign::placing(c);
    let draw = c.verdict() == Some(tally_ho::campaign::score::Verdict::Draw);
    assert_eq!(placing.is_none(), draw);
    if let Some((p, what)) = placing {
        assert_eq!(p.value, c.tally().targets as i32);
        assert!(p.spread.total() > 0);
        assert!(
            p.sentence(&what).contains("shortened campaign"),
            "{}",
            p.sentence(&what)
        );
    }
    // Every turn's row is drawn, above the button, on a small window too.
    for (w, h) in [(960.0, 600.0), (W, H)] {
        audited_frame(&mut app, InputFrame::idle(), w, h);
        let rows: Vec<_> = tally_ho::app::audit::last_texts()
            .into_iter()
            .filter(|(t, _)| t == "yes" || t == "no")
            .collect();
        assert_eq!(rows.len(), 7, "{w}x{h}: {rows:?}");
        assert!(
            rows.iter().all(|(_, r)| r.y + r.h <= h - 80.0),
            "{w}x{h}: a row under the button: {rows:?}"
        );
    }
    // A finished campaign leaves nothing to continue.
    assert!(!saves::path(GameKind::Campaign, Slot::Autosave).exists());
    frame(&mut app, InputFrame::idle());
    click(&mut app, "Main menu");
    assert!(matches!(app.top(), Screen::Menu));
}

/// Docs/RULES.md, "The same war on every board": a campaign fought on the
/// boards is graded against the computer's campaigns thrown with the dice,
/// which the boards come out as, and its end screen says so; one thrown
/// with the dice names the dice alone.
#[test]
fn a_campaign_fought_on_the_boards_is_graded_against_the_dice_and_says_the_boards_match_them() {
    use tally_ho::campaign::game::Battles;
    use tally_ho::campaign::rules::WeatherRule;
    use tally_ho::campaign::score::Verdict;
    let boards = "which this campaign's battles on the boards come out as";
    for (battles, on_boards) in [
        (Battles::Dice, false),
        (Battles::Board, true),
        (Battles::Family, true),
    ] {
        // The first campaign of the kind that is not a draw (a draw has no
        // margin to grade).
        let c = (1..20)
            .map(|seed| {
                let mut c = campaign_common::campaign_fought(WeatherRule::Shortened, battles, seed);
                campaign_common::play_out(&mut c);
                c
            })
            .find(|c| c.verdict() != Some(Verdict::Draw))
            .expect("a campaign won");
        let (p, what) = tally_ho::app::campaign::placing(&c).expect("a win is graded");
        let s = p.sentence(&what);
        assert!(
            s.contains("with the dice") && s.contains("shortened campaign"),
            "{s}"
        );
        assert_eq!(s.contains(boards), on_boards, "{battles:?}: {s}");
        assert_eq!(
            tally_ho::app::campaign::graded_against(&c).contains(boards),
            on_boards
        );
    }
}

#[test]
fn the_monkey_finds_no_panic_on_the_campaign_screens() {
    use tally_ho::app::script::Monkey;
    let (_g, _dir) = data_dir("monkey");
    let mut app = app_with(AnimSpeed::Fast);
    let mut m = Monkey::new(11);
    let mut screens = std::collections::BTreeSet::new();
    for i in 0..20_000 {
        // Back into a campaign whenever the monkey leaves one.
        let input = match app.top() {
            Screen::Menu if i % 50 == 0 && !app.buttons.is_empty() => {
                let b = app
                    .buttons
                    .iter()
                    .find(|b| b.label.starts_with("Campaign: the Battle"))
                    .map(|b| b.rect);
                match b {
                    Some(r) => InputFrame::click_at(r.x + r.w / 2.0, r.y + r.h / 2.0),
                    None => m.next(&app, W, H),
                }
            }
            Screen::NewGame(_) if i % 7 == 0 => InputFrame::press(KeyCode::Enter),
            _ => m.next(&app, W, H),
        };
        frame(&mut app, input);
        screens.insert(app.top().name());
        if app.quit {
            app = app_with(AnimSpeed::Fast);
        }
    }
    for s in ["campaign new game", "campaign"] {
        assert!(
            screens.contains(s),
            "the monkey never reached {s}: {screens:?}"
        );
    }
}

/// Docs/RULES.md, "Fighter sweeps": an intercept of fighter gruppen only,
/// fought on the board through the screens, is a fighter battle there and
/// its result on the map says no bombers flew.
#[test]
fn a_fighter_sweep_played_through_the_screens_comes_back_to_the_map_as_a_fighter_battle() {
    let (_g, _dir) = data_dir("sweep");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = CampaignScript::sweep(3);
    let (mut on_board, mut result) = (false, None);
    for _ in 0..400_000 {
        if p.done() {
            break;
        }
        let input = p.next(&app);
        frame(&mut app, input);
        let Some(t) = app.campaign() else { continue };
        if let Some(b) = t.sub() {
            assert!(b.game.hex().scenario().is_fighter_battle());
            on_board = true;
        }
        if let (Some(r), None) = (t.result(), &result) {
            if !t.texts().is_empty() {
                result = Some((r.outcome.clone(), t.texts()));
            }
        }
    }
    assert!(p.done(), "{}", state(&app));
    assert!(on_board, "the sweep was fought on the board");
    let (out, texts) = result.expect("its result was shown on the map");
    assert!(out.fighter_battle && out.points == 0);
    assert!(
        texts
            .iter()
            .any(|l| l == "A fighter battle: no bombers flew"),
        "{texts:?}"
    );
    assert!(
        !texts.iter().any(|l| l.starts_with("Bomb points")),
        "{texts:?}"
    );
}

/// Docs/RULES.md, "The bomb run carried in": over a target already knocked
/// out, the board says its bombs count for nothing instead of a bomb track.
#[test]
fn a_board_battle_keeps_its_target_from_the_raf_and_tells_the_luftwaffe_when_it_is_knocked_out() {
    use tally_ho::campaign::game::Battles;
    let (_g, _dir) = data_dir("knocked-out");
    // (stakes, target hidden) as the board opens for a solo `side`.
    let stakes = |damage: u8, side: Side| {
        let c = campaign_common::biggin_hill_intercept(
            Battles::Board,
            3,
            damage,
            &["I./KG 2", "II./KG 2", "I./JG 26"],
        );
        let mut app = app_with(AnimSpeed::Instant);
        let t = CampaignTable::new(c, Some(side));
        app.stack.push(Screen::Table(Box::new(t)));
        for _ in 0..50 {
            frame(&mut app, InputFrame::idle());
            if let Some(b) = table(&app).sub() {
                return (b.scene.stakes.clone().map(|s| s.1), b.scene.target_hidden);
            }
        }
        panic!("the battle opens on the board: {}", state(&app));
    };
    // London takes three hits. The Luftwaffe is told it is knocked out...
    assert_eq!(
        stakes(3, Side::German),
        (
            Some("London is knocked out: bombs here count for nothing".to_string()),
            false
        )
    );
    assert_eq!(stakes(1, Side::German), (None, false), "the bomb track");
    // ...the RAF is told neither the target nor the hits it needs.
    assert_eq!(stakes(3, Side::British), (None, true));
    assert_eq!(stakes(1, Side::British), (None, true));
}

/// The sweep's caption names it a fighter battle against the geschwader's
/// fighters, not an intercept of the raid.
#[test]
fn a_fighter_sweeps_caption_says_it_meets_the_fighters() {
    let (_g, _dir) = data_dir("sweep-caption");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = CampaignScript::sweep(3);
    for _ in 0..400_000 {
        let input = p.next(&app);
        frame(&mut app, input);
        if let Some(b) = app.campaign().and_then(|t| t.sub()) {
            let caption = b.scene.caption.clone().unwrap_or_default();
            assert!(
                caption.starts_with("Fighter battle over ")
                    && caption.contains("meets the fighters of "),
                "{caption}"
            );
            return;
        }
    }
    panic!("no sweep on the board: {}", state(&app));
}

/// Docs/RULES.md, "Dogfights on the board": a dogfight fought through the
/// screens by the RAF solo keeps each gruppe's squadrons unnamed (on the
/// board's log) while it is face down, and its result comes back to the
/// map as a dogfight's.
#[test]
fn a_dogfight_played_through_the_screens_keeps_its_gruppen_face_down_and_comes_back_to_the_map() {
    use tally_ho::campaign::tactical::short_name;
    let (_g, _dir) = data_dir("dogfight");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = CampaignScript::dogfight(1);
    let (mut frames_hidden, mut result, mut all_hidden) = (0, None, 0);
    for _ in 0..400_000 {
        if p.done() {
            break;
        }
        let input = p.next(&app);
        frame(&mut app, input);
        let Some(t) = app.campaign() else { continue };
        if let Some(b) = t.sub() {
            let c = b.game.campaign();
            let battle = c.last_battle().expect("the dogfight");
            assert!(battle.is_dogfight());
            // While every gruppe is face down, nothing in the log tells a
            // German type, and no German plane has thrown a speed die.
            let gruppen = battle
                .gruppe_of
                .iter()
                .flatten()
                .max()
                .map_or(0, |&k| k + 1);
            if (0..gruppen).all(|k| !battle.revealed(k)) {
                all_hidden += 1;
                for l in &b.shared.log {
                    for ty in [
                        "Me 109", "Me 110", "Ju 87", "Ju 88", "He 111", "Do 17", "bomber",
                    ] {
                        assert!(!l.text.contains(ty), "{ty} told face down: {}", l.text);
                    }
                }
                assert!(!battle.game.events().iter().any(|e| matches!(
                    e,
                    tally_ho::simple_hex::Event::SpeedRolled { plane, .. }
                        if battle.game.plane(*plane).side == Side::German
                )));
            }
            for (u, &q) in battle.units.iter().enumerate() {
                let Some(k) = battle.gruppe_of[u] else {
                    continue;
                };
                if battle.revealed(k) {
                    continue;
                }
                frames_hidden += 1;
                let name = short_name(&c.forces().squadrons[q].name);
                for l in &b.shared.log {
                    assert!(
                        !l.text.contains(&name),
                        "{name} named face down: {}",
                        l.text
                    );
                }
            }
        }
        if let (Some(r), None) = (t.result(), &result) {
            if !t.texts().is_empty() {
                result = Some((r.outcome.clone(), t.texts()));
            }
        }
    }
    assert!(p.done(), "{}", state(&app));
    assert!(frames_hidden > 0, "a gruppe was face down on the board");
    assert!(all_hidden > 0, "every gruppe was face down for a while");
    let (out, texts) = result.expect("its result was shown on the map");
    assert!(out.dogfight);
    assert!(
        texts
            .iter()
            .any(|l| l == "A dogfight: no partial losses; the raid flies on with its survivors"),
        "{texts:?}"
    );
}

#[test]
fn a_family_board_intercept_played_through_the_screens_comes_back_to_the_map_with_its_hits() {
    let (_g, _dir) = data_dir("family-board");
    let mut app = app_with(AnimSpeed::Instant);
    let mut p = CampaignScript::family_board(3);
    let (mut frames, mut result, mut allocated) = (0, None, false);
    let (mut handovers, mut most) = (0, 0);
    for _ in 0..400_000 {
        if p.done() {
            break;
        }
        let input = p.next(&app);
        frame(&mut app, input);
        let Some(t) = app.campaign() else { continue };
        if let Some(b) = t.family_sub() {
            // One player flies every squadron: the machine never changes hands.
            handovers += b.handover.is_some() as usize;
            most = most.max(b.commanders().len());
            // The family table plays the campaign's own battle.
            let c = b.game.campaign();
            let battle = c.last_family_battle().expect("the intercept");
            assert!(battle.game.is_raid());
            assert_eq!(battle.game.spitfires().len(), battle.raf.len());
            assert_eq!(b.commanders().len(), battle.raf.len());
            frames += 1;
        }
        if let (Some(r), None) = (t.result(), &result) {
            if !t.texts().is_empty() {
                result = Some((r.outcome.clone(), t.texts()));
            }
        }
        if result.is_some() && t.result().is_none() {
            // Back on the map: the hits are taken there, as the dice's.
            allocated |= t
                .campaign()
                .events()
                .iter()
                .any(|e| matches!(e, tally_ho::campaign::game::Event::TakesHits { .. }));
        }
    }
    assert!(p.done(), "{}", state(&app));
    assert!(frames > 0, "the battle was on the family table");
    assert!(most >= 2, "the wing flew several squadrons: {most}");
    assert_eq!(handovers, 0, "a solo campaign shows no hand-over screen");
    let (out, texts) = result.expect("its result was shown on the map");
    assert!(out.family);
    // What decided it: how many of its bomber squadrons got through; and
    // that no bomb fell from the board.
    let (through, of) = out.bombers_through();
    assert!(
        texts.join(" ").contains(&format!(
            "{through} of {} reached the target on the board",
            tally_ho::common::words::count(of, "bomber squadron", "bomber squadrons")
        )),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|l| l == "The raid bombs later, with the dice"),
        "{texts:?}"
    );
    if out.raf_hits + out.luftwaffe_hits > 0 {
        assert!(
            texts.iter().any(|l| l.contains("to take, as the dice's")),
            "{texts:?}"
        );
        assert!(allocated, "the hits were taken on the map");
    }
}

/// Every text the RAF's screen draws (laid out as at 1280x800 and audited),
/// every button's label and every line of the board's log, in one frame.
fn raf_reads(app: &App) -> Vec<String> {
    let mut out: Vec<String> = tally_ho::app::audit::last_texts()
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    out.extend(app.buttons.iter().map(|b| b.label.clone()));
    if let Some(b) = app.campaign().and_then(|t| t.sub()) {
        out.extend(b.shared.log.iter().map(|l| l.text.clone()));
    }
    if let Some(b) = app.campaign().and_then(|t| t.family_sub()) {
        out.extend(b.shared.log.iter().map(|l| l.text.clone()));
    }
    out
}

/// What the RAF may not read while a battle of `c` is on the board: the
/// raid's target (the German's secret until its bombs fall), and, while
/// gruppe `k` is face down, the names of its squadrons; while every gruppe
/// is face down, their types. Second, what it may: each other squadron
/// with its type, as the campaign's log names it ("IV./LG 1 (Ju 87) is
/// stood down" after an earlier intercept of the same raid).
fn german_secrets(c: &tally_ho::campaign::game::Campaign) -> (Vec<String>, Vec<String>) {
    use tally_ho::campaign::tactical::short_name;
    let name = |card: Option<u16>| card.map(|k| c.data().targets.cards[k as usize].name.clone());
    let (mut secret, mut down) = (Vec::new(), Vec::new());
    if let Some(b) = c.last_battle() {
        secret.extend(name(b.target));
        let all_down = b.gruppen_face_up().iter().all(|up| !up);
        for (u, &q) in b.units.iter().enumerate() {
            let Some(k) = b.gruppe_of.get(u).copied().flatten() else {
                continue;
            };
            if b.revealed(k) {
                continue;
            }
            down.push(q);
            secret.push(c.forces().squadrons[q].name.clone());
            secret.push(short_name(&c.forces().squadrons[q].name));
            if all_down {
                secret.push(c.aircraft(q).name.clone());
            }
        }
    }
    if let Some(b) = c.last_family_battle() {
        secret.extend(name(b.target));
    }
    let public = (0..c.forces().squadrons.len())
        .filter(|q| !down.contains(q))
        .map(|q| format!("{} ({})", c.forces().squadrons[q].name, c.aircraft(q).name))
        .collect();
    (secret, public)
}

/// Docs/RULES.md, "The RAF never sees a geschwader's target or a gruppe's
/// contents": a campaign battle played through the screens by the RAF solo,
/// on each board (an intercept and a dogfight on the hex board, an
/// intercept on the family board), never draws, labels or logs the raid's
/// target, the hits it needs (a bomb track, "knocked out"), or anything of
/// a face-down gruppe (its squadrons, its type while all are face down).
#[test]
fn the_raf_at_a_board_battle_is_never_shown_a_german_secret() {
    let (_g, _dir) = data_dir("secrets-on-the-board");
    let scripts = [
        ("hex intercept", {
            let mut p = script(0, ASK, 11);
            p.turns = 1;
            p
        }),
        ("dogfight", CampaignScript::dogfight(1)),
        ("family intercept", CampaignScript::family_board(3)),
    ];
    // With the first game's guide on too: its lessons are drawn texts.
    let guided = || {
        let mut p = script(0, ASK, 11);
        p.turns = 1;
        p
    };
    let scripts = scripts.into_iter().map(|(w, p)| (w, p, false)).chain([(
        "hex intercept, guided",
        guided(),
        true,
    )]);
    for (what, mut p, guide) in scripts {
        let mut app = app_with(AnimSpeed::Instant);
        app.settings.guide = guide;
        let mut lessons = 0;
        let (mut frames, mut face_down, mut targets) = (0, 0, 0);
        for _ in 0..400_000 {
            if p.done() || p.results_seen > 0 {
                break;
            }
            let input = p.next(&app);
            audited_frame(&mut app, input, W, H);
            let Some(t) = app.campaign() else { continue };
            if !t.on_a_board() || t.handover().is_some() {
                continue;
            }
            assert_eq!(t.viewer(), Side::British);
            let c = t.campaign();
            let (secrets, public) = german_secrets(c);
            let read = raf_reads(&app);
            frames += 1;
            targets += usize::from(c.last_battle().is_some_and(|b| b.target.is_some()))
                + usize::from(c.last_family_battle().is_some_and(|b| b.target.is_some()));
            face_down += usize::from(
                c.last_battle()
                    .is_some_and(|b| b.gruppen_face_up().iter().any(|up| !up)),
            );
            lessons += usize::from(read.iter().any(|l| l.starts_with("Guide: ")));
            let stakes = c
                .last_battle()
                .map(|b| b.game.scenario().rules.target_points);
            for line in &read {
                if let Some(points) = stakes {
                    assert!(
                        !line.contains(&format!("to {points} or more")),
                        "{what}: the points the raid needs in {line:?}"
                    );
                }
                assert!(!line.contains("both attacks"), "{what}: {line:?}");
                let line = &public
                    .iter()
                    .fold(line.clone(), |l, p| l.replace(p.as_str(), ""));
                for s in &secrets {
                    assert!(
                        !line.contains(s.as_str()),
                        "{what}: {s:?} in {line:?}; events {:?}",
                        c.events().iter().rev().take(12).collect::<Vec<_>>()
                    );
                }
                assert!(!line.contains("knocked out"), "{what}: {line:?}");
                assert!(
                    !(line.contains("Bomb score") && line.contains('/')),
                    "{what}: the hits needed read from {line:?}"
                );
            }
        }
        assert!(frames > 0, "{what}: no frame on the board: {}", state(&app));
        assert!(!guide || lessons > 0, "{what}: no lesson drawn");
        if what == "dogfight" {
            assert!(face_down > 0, "{what}: never a gruppe face down");
        } else {
            assert!(targets > 0, "{what}: never a raid with a target");
        }
        eprintln!("{what}: {frames} frames on the board, {face_down} with a gruppe face down");
    }
}
