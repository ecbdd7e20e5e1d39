//! The game in a real window (under Xvfb in CI): a scripted solo game through
//! every screen with screenshots checked pixel by pixel, a monkey on screen,
//! the frame-time benchmark, and the silent start without a sound device.
//!
//! Without a display these tests need `xvfb-run`; if neither is there they say
//! so and pass, unless TALLY_HO_REQUIRE_GUI=1 (as CI sets), when they fail.
#![cfg(feature = "window")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gui_command(args: &[&str], data: &Path) -> Option<Command> {
    let exe = env!("CARGO_BIN_EXE_tally-ho");
    let mut cmd = if std::env::var_os("DISPLAY").is_some() {
        Command::new(exe)
    } else if Command::new("xvfb-run").arg("--help").output().is_ok() {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 2600x1500x24", exe]);
        c
    } else {
        assert!(
            std::env::var("TALLY_HO_REQUIRE_GUI").as_deref() != Ok("1"),
            "no display and no xvfb-run, but TALLY_HO_REQUIRE_GUI=1"
        );
        eprintln!("skipped: no display and no xvfb-run (install xvfb to run the GUI tests)");
        return None;
    };
    cmd.args(args).env("TALLY_HO_DATA_DIR", data);
    Some(cmd)
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tally-ho-gui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str], name: &str) -> Option<(Output, PathBuf)> {
    let dir = temp(name);
    let out = gui_command(args, &dir)?.output().expect("run tally-ho");
    Some((out, dir))
}

fn stderr_ok(out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "failed: {err}");
    assert!(!err.contains("panicked"), "{err}");
    // Without a sound card: exactly one line saying so, no ALSA chatter.
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(
        lines.is_empty() || lines == ["No sound device found: playing silently."],
        "stderr: {lines:?}"
    );
}

/// Pixels within `tol` (per channel) of `rgb`.
fn count(
    img: &image::RgbaImage,
    rgb: [u8; 3],
    tol: u8,
    region: Option<(u32, u32, u32, u32)>,
) -> usize {
    let (x0, y0, x1, y1) = region.unwrap_or((0, 0, img.width(), img.height()));
    let mut n = 0;
    for y in y0..y1.min(img.height()) {
        for x in x0..x1.min(img.width()) {
            let p = img.get_pixel(x, y).0;
            if (0..3).all(|i| p[i].abs_diff(rgb[i]) <= tol) {
                n += 1;
            }
        }
    }
    n
}

/// Pixels clearly darker than the parchment (text) in a region.
fn dark(img: &image::RgbaImage, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> usize {
    let mut n = 0;
    for y in y0..y1.min(img.height()) {
        for x in x0..x1.min(img.width()) {
            if img.get_pixel(x, y).0[..3].iter().all(|&c| c < 150) {
                n += 1;
            }
        }
    }
    n
}

fn load(dir: &Path, file: &str) -> image::RgbaImage {
    image::open(dir.join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .to_rgba8()
}

#[test]
fn a_scripted_solo_game_through_every_screen_with_screenshots() {
    let shots = temp("shots");
    let Some((out, _)) = run(
        &[
            "--script",
            "solo",
            "--seed",
            "3",
            "--audit-text",
            "--shots",
            shots.to_str().unwrap(),
        ],
        "script",
    ) else {
        return;
    };
    stderr_ok(&out);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("scripted game over:"), "{said}");
    // Every text of the whole game stayed inside its box.
    assert!(said.contains("every one inside its box"), "{said}");

    // Menu: the night-blue background and the six parchment buttons.
    let menu = load(&shots, "menu.png");
    assert_eq!((menu.width(), menu.height()), (1280, 800));
    assert!(
        count(&menu, [41, 56, 82], 3, None) > 500_000,
        "menu background"
    );
    assert!(
        count(&menu, [219, 212, 189], 6, None) > 50_000,
        "menu buttons"
    );

    // Selection: the reach highlighted in yellow on the mat, the path in red.
    let sel = load(&shots, "selection.png");
    let highlight = count(&sel, [195, 206, 110], 22, Some((180, 40, 900, 770)));
    assert!(highlight > 5_000, "highlighted hexes: {highlight}");
    let path = count(&sel, [204, 64, 38], 30, Some((180, 40, 900, 770)));
    assert!(path > 200, "path line: {path}");

    // Combat preview: the odds in the bottom bar (dark text on parchment) and
    // the path to the firing position.
    let cp = load(&shots, "combat-preview.png");
    let text = dark(&cp, (0, 770, 1280, 800));
    assert!(text > 500, "odds text: {text} dark pixels");
    assert!(
        count(&cp, [204, 64, 38], 30, Some((180, 40, 900, 770))) > 100,
        "attack path"
    );

    // The opponent's turn: Luftwaffe counters (grey) on the mat, and none of
    // the player's reach highlighted while the other side flies.
    let ot = load(&shots, "opponent-turn.png");
    // (Planes fit inside their hexes: a few hundred grey pixels each.)
    let grey = count(&ot, [184, 189, 196], 6, Some((180, 40, 900, 770)));
    assert!(grey > 500, "German counters: {grey}");
    let reach = count(&ot, [195, 206, 110], 22, Some((180, 40, 900, 770)));
    assert!(
        reach < highlight / 10,
        "no reach shown on the other side's turn: {reach}"
    );

    // Result: the summary on the night-blue screen, with its two buttons.
    let res = load(&shots, "result.png");
    assert!(count(&res, [41, 56, 82], 3, None) > 500_000);
    assert!(
        count(&res, [219, 212, 189], 6, Some((0, 700, 1280, 800))) > 10_000,
        "buttons"
    );
}

/// Every screen the menu leads to (two clicks deep) and each table, at the
/// smallest size the screens are laid out for, the usual one and a large
/// one: no text leaves its box, the window or its clip.
#[test]
fn every_text_stays_in_its_box_on_every_screen_at_three_sizes() {
    for size in ["960x600", "1280x800", "2560x1440"] {
        let shots = temp(&format!("tour-{size}"));
        let Some((out, _)) = run(
            &[
                "--script",
                "tour",
                "--window",
                size,
                "--audit-text",
                "--shots",
                shots.to_str().unwrap(),
            ],
            &format!("tour-run-{size}"),
        ) else {
            return;
        };
        let said = String::from_utf8_lossy(&out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{size}: {said}{err}");
        stderr_ok(&out);
        // The tour saw the screens and checked their texts.
        let screens: u32 = said
            .split("tour: ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(screens >= 30, "{size}: {said}");
        let checked: u64 = said
            .split("text audit: ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(checked > 1_000, "{size}: {said}");
        let (w, h) = size.split_once('x').unwrap();
        let menu = load(&shots, "tour-menu.png");
        assert_eq!(
            (menu.width(), menu.height()),
            (w.parse().unwrap(), h.parse().unwrap())
        );
    }
}

#[test]
fn a_monkey_on_screen_finds_no_panic() {
    let Some((out, _)) = run(&["--monkey", "3000", "--seed", "9"], "monkey") else {
        return;
    };
    stderr_ok(&out);
    assert!(String::from_utf8_lossy(&out.stdout).contains("3000 frames, no panic"));
}

#[test]
fn the_frame_benchmark_prints_its_figures() {
    let Some((out, _)) = run(&["--bench-frames", "60"], "bench") else {
        return;
    };
    stderr_ok(&out);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("mean") && said.contains("99th percentile"),
        "{said}"
    );
}

/// Pixels within `tol` of any of `colours` in a region.
fn count_any(
    img: &image::RgbaImage,
    colours: &[[u8; 3]],
    tol: u8,
    region: (u32, u32, u32, u32),
) -> usize {
    colours
        .iter()
        .map(|&c| count(img, c, tol, Some(region)))
        .sum()
}

#[test]
fn a_scripted_two_commander_family_game_with_screenshots() {
    let shots = temp("family-shots");
    let Some((out, _)) = run(
        &[
            "--script",
            "family2",
            "--seed",
            "5",
            "--shots",
            shots.to_str().unwrap(),
        ],
        "family-script",
    ) else {
        return;
    };
    stderr_ok(&out);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("scripted family game over:"), "{said}");
    let board = (180, 40, 900, 770);

    // The board drawn from its level file: the Channel and four sectors' land.
    let choice = load(&shots, "family-choice.png");
    assert_eq!((choice.width(), choice.height()), (1280, 800));
    let sea = count(&choice, [96, 147, 198], 4, Some(board));
    assert!(sea > 20_000, "sea: {sea}");
    for (name, rgb) in [
        ("red", [173, 156, 107]),
        ("blue", [136, 167, 147]),
        ("green", [132, 179, 111]),
        ("yellow", [180, 189, 103]),
    ] {
        let n = count(&choice, rgb, 4, Some(board));
        assert!(n > 15_000, "{name} sector land: {n}");
    }
    // The squares the commander may fly to, highlighted, and a sentence
    // saying what the one under the mouse does.
    let lit = count(&choice, [189, 206, 178], 14, Some(board))
        + count(&choice, [233, 236, 199], 14, Some(board));
    assert!(lit > 2_000, "highlighted squares: {lit}");
    assert!(dark(&choice, (0, 772, 1280, 800)) > 400, "preview text");

    // Behind and level: a gold square where the Spitfire would shoot.
    let bl = load(&shots, "family-behind-and-level.png");
    let gold = count_any(
        &bl,
        &[
            [225, 195, 56],
            [236, 194, 46],
            [234, 197, 45],
            [238, 200, 44],
        ],
        24,
        board,
    );
    assert!(gold > 300, "gold square: {gold}");

    // The spinner in the side panel, its red needle turning.
    let sp = load(&shots, "family-spinner.png");
    let needle = count(&sp, [204, 64, 38], 30, Some((930, 230, 1275, 390)));
    assert!(needle > 60, "spinner needle: {needle}");

    // The hand-over screen: nothing of the board, the next commander's colour.
    let ho = load(&shots, "family-handover.png");
    assert!(
        count(&ho, [30, 35, 51], 3, None) > 500_000,
        "hand-over screen"
    );
    let stripe = count_any(&ho, &[[209, 40, 35], [40, 91, 219]], 12, (0, 0, 1280, 800));
    assert!(stripe > 5_000, "commander's colour: {stripe}");

    // The result: who won, each commander's tally, two buttons.
    let res = load(&shots, "family-result.png");
    assert!(count(&res, [40, 56, 81], 3, None) > 500_000);
    assert!(count(&res, [237, 232, 216], 6, Some((300, 180, 980, 400))) > 20_000);
}
