//! The window: macroquad's loop around `App`, for play, scripted games with
//! screenshots, the monkey, and the frame-time benchmark.

use crate::app::audio::{prepare_device, Audio};
use crate::app::script::{
    BlitzScript, CampaignScript, FamilyScript, Monkey, Only, Script, ScriptedPlayer,
};
use crate::app::ui::InputFrame;
use crate::app::App;
use crate::settings::Settings;
use macroquad::prelude::*;
use std::io::Write;
use std::path::PathBuf;

/// `println!` that does not panic when standard output is closed (`tally-ho
/// --bench-frames 600 | head -1`): what would not be read is dropped.
/// In a web page, the line goes to the browser's console.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! out {
    ($($arg:tt)*) => {
        let _ = crate::cli::write_line(format_args!($($arg)*));
    };
}
#[cfg(target_arch = "wasm32")]
macro_rules! out {
    ($($arg:tt)*) => {
        macroquad::miniquad::info!("{}", format_args!($($arg)*));
    };
}

pub enum Mode {
    Play,
    Bench(u32),
    Monkey(u32, u64),
    Script {
        players: usize,
        seed: u64,
        shots: Option<PathBuf>,
    },
    FamilyScript {
        commanders: usize,
        board: usize,
        seed: u64,
        shots: Option<PathBuf>,
    },
    CampaignScript {
        seed: u64,
        shots: Option<PathBuf>,
        /// Which fight goes to the board: the first intercept, fighter
        /// sweep (`campaign-sweep`), dogfight (`campaign-dogfight`), or the
        /// first intercept on the family board (`campaign-family`).
        only: Only,
    },
    /// A night Blitz tour flown through the screens.
    BlitzScript {
        shots: Option<PathBuf>,
    },
    /// Every screen the menu leads to, two clicks deep, and the three
    /// tables: one picture of each (with `--audit-text`, every text checked).
    Tour {
        shots: Option<PathBuf>,
    },
}

/// The window's size when none is asked for.
pub const DEFAULT_SIZE: (u32, u32) = (1280, 800);

fn conf(size: (u32, u32)) -> Conf {
    Conf {
        window_title: "Tally-Ho".to_string(),
        window_width: size.0 as i32,
        window_height: size.1 as i32,
        // A page draws at the screen's own pixels (sharp text on a high-DPI
        // screen), the interface scaled up to keep its size; a desktop
        // window keeps its pixels as it always has.
        high_dpi: crate::app::screens::IN_PAGE,
        window_resizable: true,
        ..Default::default()
    }
}

thread_local! {
    /// A dry run's window size: the screens are laid out for it, while the
    /// real window stays small (nothing is painted in it).
    static VIRTUAL: std::cell::Cell<Option<(f32, f32)>> = const { std::cell::Cell::new(None) };
}

/// The window's size as the screens are laid out for it.
fn window_size() -> (f32, f32) {
    VIRTUAL
        .with(|v| v.get())
        .unwrap_or_else(|| (screen_width(), screen_height()))
}

/// The window has opened (a panic from now on is the game's, not the
/// window's failing to open).
#[cfg(not(target_arch = "wasm32"))]
static OPENED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Why the window could not open, in a sentence, when there is plainly no
/// display to open it on (no X or Wayland display named).
#[cfg(not(target_arch = "wasm32"))]
fn no_display() -> Option<String> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return None;
    }
    let named = |v: &str| std::env::var_os(v).is_some_and(|d| !d.is_empty());
    (!named("DISPLAY") && !named("WAYLAND_DISPLAY")).then(|| {
        "cannot open the game's window: no display is set (neither DISPLAY nor WAYLAND_DISPLAY). Play it on a desktop, or under a virtual display such as xvfb-run".to_string()
    })
}

/// In a page: the window is the page's canvas (see `run` on a desktop).
#[cfg(target_arch = "wasm32")]
pub fn run(mode: Mode, size: (u32, u32), audit_text: bool) -> Result<(), String> {
    open(mode, size, audit_text);
    Ok(())
}

/// Opens the window at `size` (pixels) and runs `mode` in it; an error
/// (a sentence) if the window cannot open. A scripted game audited without
/// screenshots is a dry run: every screen is laid out and checked at
/// `size`, none is painted.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(mode: Mode, size: (u32, u32), audit_text: bool) -> Result<(), String> {
    if let Some(why) = no_display() {
        return Err(why);
    }
    // A failure to open the window is the windowing library's panic: it is
    // caught, kept quiet and said in one sentence; a panic once the window
    // is open is reported as any other.
    let failed: std::sync::Arc<std::sync::Mutex<Option<String>>> = Default::default();
    let seen = failed.clone();
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if OPENED.load(std::sync::atomic::Ordering::SeqCst) {
            earlier(info);
        } else if let Ok(mut f) = seen.lock() {
            let what = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "the windowing library stopped".into());
            *f = Some(what);
        }
    }));
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        open(mode, size, audit_text)
    }));
    match ran {
        Ok(()) => Ok(()),
        Err(p) if !OPENED.load(std::sync::atomic::Ordering::SeqCst) => {
            let what = failed
                .lock()
                .ok()
                .and_then(|mut f| f.take())
                .unwrap_or_default();
            let _ = p;
            Err(format!(
                "cannot open the game's window: the display did not answer ({what}). Play it on a desktop, or under a virtual display such as xvfb-run"
            ))
        }
        Err(p) => std::panic::resume_unwind(p),
    }
}

fn open(mode: Mode, size: (u32, u32), audit_text: bool) {
    if audit_text {
        crate::app::audit::start();
    }
    let shots = match &mode {
        Mode::Script { shots, .. }
        | Mode::FamilyScript { shots, .. }
        | Mode::CampaignScript { shots, .. }
        | Mode::BlitzScript { shots }
        | Mode::Tour { shots } => Some(shots.is_some()),
        _ => None,
    };
    let size = if audit_text && shots == Some(false) {
        crate::app::ui::set_dry(true);
        VIRTUAL.with(|v| v.set(Some((size.0 as f32, size.1 as f32))));
        (320, 200)
    } else {
        size
    };
    let silent = prepare_device();
    if let Some(line) = &silent {
        let _ = writeln!(std::io::stderr(), "{line}");
    }
    macroquad::Window::from_config(conf(size), async move {
        #[cfg(not(target_arch = "wasm32"))]
        OPENED.store(true, std::sync::atomic::Ordering::SeqCst);
        let audio = Audio::load(silent.is_some()).await;
        match mode {
            Mode::Play => play(audio).await,
            Mode::Bench(n) => bench(n).await,
            Mode::Monkey(n, seed) => monkey(n, seed, audio).await,
            Mode::Script {
                players,
                seed,
                shots,
            } => script(players, seed, shots, audio).await,
            Mode::FamilyScript {
                commanders,
                board,
                seed,
                shots,
            } => family_script(commanders, board, seed, shots, audio).await,
            Mode::BlitzScript { shots } => blitz_script(shots, audio).await,
            Mode::CampaignScript { seed, shots, only } => {
                campaign_script(seed, shots, only, audio).await
            }
            Mode::Tour { shots } => tour(shots).await,
        }
    });
}

/// The game in a web page: the canvas fills the page, the browser paces the
/// frames. The page's address picks what runs: `?bench` renders each table
/// 600 frames (`?bench=N`: N) and logs their times to the console;
/// anything else plays.
#[cfg(target_arch = "wasm32")]
pub fn run_page() {
    let bench_frames = crate::app::page::query()
        .strip_prefix("?bench")
        .map(|n| n.trim_start_matches('=').parse().unwrap_or(600));
    macroquad::Window::from_config(conf(DEFAULT_SIZE), async move {
        match bench_frames {
            Some(n) => bench(n).await,
            None => play(Audio::load(false).await).await,
        }
    });
}

/// One frame of `app` on the window: laid out in points, drawn at the
/// interface's scale.
fn on_window(app: &mut App, input: InputFrame) {
    let (sw, sh) = window_size();
    let (w, h) = crate::app::ui::begin_screen(sw, sh);
    app.frame(input, true, w, h);
    if crate::app::ui::scale() != 1.0 {
        set_default_camera();
    }
}

fn new_app() -> App {
    let (settings, notice) = Settings::load();
    App::new(settings, notice)
}

/// The shortest a frame may take while something moves (60 per second),
/// and while nothing does until the player acts (12 per second: the screen
/// still answers the mouse at once, and an idle game leaves the machine
/// nearly alone).
/// In a web page the browser paces the frames (`requestAnimationFrame`).
const BUSY_FRAME: f64 = 1.0 / 60.0;
const IDLE_FRAME: f64 = 1.0 / 12.0;

/// Seconds on a steady clock (the page's, in a browser, where
/// `std::time::Instant` has none).
fn clock() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
    }
    #[cfg(target_arch = "wasm32")]
    macroquad::miniquad::date::now()
}

async fn play(audio: Audio) {
    prevent_quit();
    let mut app = new_app();
    let mut last_mouse = (f32::NAN, f32::NAN);
    loop {
        let started = clock();
        clear_background(BLACK);
        let input = InputFrame::from_macroquad();
        let quiet = input.keys.is_empty()
            && input.chars.is_empty()
            && !input.clicked
            && !input.right_clicked
            && !input.held
            && input.wheel == 0.0
            && input.mouse == last_mouse;
        last_mouse = input.mouse;
        on_window(&mut app, input);
        audio.play(&mut app.sounds, &app.settings);
        if app.quit {
            break;
        }
        let budget = if quiet && app.at_rest() {
            IDLE_FRAME
        } else {
            BUSY_FRAME
        };
        let rest = budget - (clock() - started);
        #[cfg(not(target_arch = "wasm32"))]
        if rest > 0.0 {
            std::thread::sleep(std::time::Duration::from_secs_f64(rest));
        }
        #[cfg(target_arch = "wasm32")]
        let _ = rest;
        next_frame().await;
        #[cfg(target_arch = "wasm32")]
        crate::app::page::frame();
    }
}

/// Plays a scripted game in the window, taking each screenshot as its moment
/// comes; returns the app on the result screen (or ends the program if the
/// game never finishes).
async fn drive(script: &mut dyn Script, shots: Option<PathBuf>, audio: &Audio) -> App {
    let mut app = new_app();
    // Quick animations: the script plays a whole game.
    app.settings.anim = crate::settings::AnimSpeed::Fast;
    let mut taken: Vec<&'static str> = Vec::new();
    let mut cards: Vec<String> = Vec::new();
    for _ in 0..400_000 {
        clear_background(BLACK);
        let input = script.next(&app);
        on_window(&mut app, input);
        audio.play(&mut app.sounds, &app.settings);
        if let Some(dir) = &shots {
            for file in script.shots() {
                if !taken.contains(&file) {
                    taken.push(file);
                    let _ = std::fs::create_dir_all(dir);
                    get_screen_data().export_png(&dir.join(file).to_string_lossy());
                }
            }
            // Each card the table holds up, once: the summaries and the
            // guide's explanations.
            if let Some(card) = app.card() {
                let file = format!("card-{}.png", slug(&card.title));
                if !cards.contains(&file) {
                    let _ = std::fs::create_dir_all(dir);
                    get_screen_data().export_png(&dir.join(&file).to_string_lossy());
                    cards.push(file);
                }
            }
        }
        if !app.audited.is_empty() {
            // `TALLY_HO_AUDIT_SHOTS=DIR`: a picture of each frame where the
            // audit first found something, to see what it found.
            if let Some(dir) = std::env::var_os("TALLY_HO_AUDIT_SHOTS") {
                let dir = PathBuf::from(dir);
                let _ = std::fs::create_dir_all(&dir);
                let n = std::fs::read_dir(&dir).map_or(0, |d| d.count());
                let file = dir.join(format!("problem-{n:04}.png"));
                get_screen_data().export_png(&file.to_string_lossy());
                let _ = writeln!(
                    std::io::stderr(),
                    "{}: {}",
                    file.display(),
                    app.audited.join(" | ")
                );
            }
        }
        if script.done() {
            report_audit();
            return app;
        }
        next_frame().await;
    }
    let _ = writeln!(std::io::stderr(), "the scripted game did not finish");
    std::process::exit(1);
}

/// With `--audit-text`: what left its box, each once, and a failing exit if
/// anything did.
fn report_audit() {
    if !crate::app::audit::started() {
        return;
    }
    let problems = crate::app::audit::problems();
    for p in &problems {
        let _ = writeln!(std::io::stderr(), "text audit: {p}");
    }
    if !problems.is_empty() {
        let _ = writeln!(
            std::io::stderr(),
            "text audit: {} problem(s): texts outside their box, or texts and marks covering one another",
            problems.len()
        );
        std::process::exit(1);
    }
    out!(
        "text audit: {} texts checked, every one inside its box; {} texts and marks, none covering another",
        crate::app::audit::checked(),
        crate::app::audit::covered_checked()
    );
}

async fn blitz_script(shots: Option<PathBuf>, audio: Audio) {
    let app = drive(&mut BlitzScript::default(), shots, &audio).await;
    match app.blitz() {
        Some(t) => {
            out!(
                "scripted night Blitz tour: {} commands, {}",
                crate::common::game::Rules::commands(&t.game).len(),
                crate::record::Recorded::progress(&t.game)
            );
        }
        None => {
            out!("scripted night Blitz tour over");
        }
    }
}

async fn script(players: usize, seed: u64, shots: Option<PathBuf>, audio: Audio) {
    let app = drive(&mut ScriptedPlayer::new(players, seed), shots, &audio).await;
    let b = app.battle().expect("a result");
    out!(
        "scripted game over: {} win, bomb score {}, {} commands",
        b.game.winner().map_or("nobody", |w| w.name()),
        b.game.score(),
        b.game.commands().len()
    );
}

async fn family_script(
    commanders: usize,
    board: usize,
    seed: u64,
    shots: Option<PathBuf>,
    audio: Audio,
) {
    let mut player = FamilyScript::new(commanders, board, seed);
    let app = drive(&mut player, shots, &audio).await;
    let b = app.family().expect("a result");
    let kills: Vec<String> = (0..b.game.spitfires().len() as u8)
        .map(|s| format!("{} {}", b.name(s), b.game.spitfire(s).kills))
        .collect();
    out!(
        "scripted family game over: {}, {} rounds, kills: {}, {} commands",
        b.game
            .winner()
            .map_or("nobody won".to_string(), |w| format!("{} won", b.name(w))),
        b.game.round(),
        kills.join(", "),
        b.game.commands().len()
    );
}

async fn campaign_script(seed: u64, shots: Option<PathBuf>, only: Only, audio: Audio) {
    let mut player = match only {
        Only::Sweeps => CampaignScript::sweep(seed),
        Only::Dogfights => CampaignScript::dogfight(seed),
        Only::Family => CampaignScript::family_board(seed),
        Only::Intercepts => CampaignScript::demo(seed),
    };
    let _app = drive(&mut player, shots, &audio).await;
    out!(
        "scripted campaign: {} intercept(s) fought on the hex board, {} result(s) seen, then a two-player hand-over",
        player.board_fought, player.results_seen
    );
}

/// Draws `app` for a few frames (animations settle, panels paint) and takes
/// its picture as `file` if asked to.
async fn show(app: &mut App, shots: &Option<PathBuf>, file: &str) {
    for k in 0..3 {
        clear_background(BLACK);
        on_window(app, InputFrame::idle());
        if let (2, Some(dir)) = (k, shots) {
            let _ = std::fs::create_dir_all(dir);
            get_screen_data().export_png(&dir.join(file).to_string_lossy());
        }
        next_frame().await;
    }
}

/// Clicks the button labelled `label` (as the last frame laid it out).
async fn click(app: &mut App, label: &str) {
    let Some(r) = app
        .buttons
        .iter()
        .find(|b| b.label == label)
        .map(|b| b.rect)
    else {
        return;
    };
    clear_background(BLACK);
    let c = r.center();
    on_window(app, InputFrame::click_at(c.x, c.y));
    next_frame().await;
}

/// A label as part of a file name: "Attack 1 is over" is "attack-1-is-over".
fn slug(label: &str) -> String {
    // Words joined by single dashes: "Weather, zone by zone" is
    // "weather-zone-by-zone".
    label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// A file name for the screen reached by `labels`.
fn tour_file(labels: &[&str]) -> String {
    let mut name = String::from("tour");
    for l in labels {
        name.push('-');
        name.push_str(&slug(l));
    }
    name.push_str(".png");
    name
}

async fn tour(shots: Option<PathBuf>) {
    let leaves = ["Quit", "Back", "Cancel", "Leave"];
    let mut app = new_app();
    show(&mut app, &shots, "tour-menu.png").await;
    let menu: Vec<String> = app.buttons.iter().map(|b| b.label.clone()).collect();
    let mut seen = 1;
    for first in menu.iter().filter(|l| !leaves.contains(&l.as_str())) {
        let mut app = new_app();
        show(&mut app, &None, "").await;
        click(&mut app, first).await;
        show(&mut app, &shots, &tour_file(&[first])).await;
        seen += 1;
        let here: Vec<String> = app.buttons.iter().map(|b| b.label.clone()).collect();
        for second in here.iter().filter(|l| !leaves.contains(&l.as_str())) {
            let mut app = new_app();
            show(&mut app, &None, "").await;
            click(&mut app, first).await;
            show(&mut app, &None, "").await;
            click(&mut app, second).await;
            show(&mut app, &shots, &tour_file(&[first, second])).await;
            seen += 1;
        }
    }
    for (name, mut app) in [
        ("tour-simple-hex-table.png", crate::app::bench_app()),
        ("tour-family-table.png", crate::app::bench_family_app()),
        ("tour-campaign-map.png", crate::app::bench_campaign_app()),
        ("tour-blitz-table.png", crate::app::bench_blitz_app()),
    ] {
        show(&mut app, &shots, name).await;
        seen += 1;
    }
    out!("tour: {seen} screens");
    report_audit();
}

async fn monkey(frames: u32, seed: u64, audio: Audio) {
    let mut app = new_app();
    let mut m = Monkey::new(seed);
    for _ in 0..frames {
        clear_background(BLACK);
        let (w, h) = crate::app::ui::layout_size(screen_width(), screen_height());
        let input = m.next(&app, w, h);
        on_window(&mut app, input);
        audio.play(&mut app.sounds, &app.settings);
        if app.quit {
            app = new_app();
        }
        next_frame().await;
    }
    out!("monkey: {frames} frames, no panic");
}

async fn bench(frames: u32) {
    let frames = frames.max(1);
    for (name, mut app) in [
        ("simple-hex", crate::app::bench_app()),
        ("family", crate::app::bench_family_app()),
        ("campaign", crate::app::bench_campaign_app()),
        ("blitz", crate::app::bench_blitz_app()),
    ] {
        let mut times = Vec::with_capacity(frames as usize);
        let mut ours = 0.0;
        for _ in 0..frames {
            let t = clock();
            clear_background(BLACK);
            on_window(&mut app, InputFrame::idle());
            ours += (clock() - t) * 1000.0;
            next_frame().await;
            #[cfg(target_arch = "wasm32")]
            crate::app::page::frame();
            times.push((clock() - t) * 1000.0);
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        let p99 = times[((times.len() as f64 * 0.99) as usize).min(times.len() - 1)];
        out!(
            "bench {name}: {frames} frames at {}x{}: mean {mean:.2} ms, 99th percentile {p99:.2} ms ({:.2} ms building the frame, the rest drawing it)",
            screen_width(),
            screen_height(),
            ours / frames as f64
        );
    }
}
