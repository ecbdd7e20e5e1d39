//! The command line: play (with the window), simulate, record and replay.

use crate::campaign::ai as campaign_ai;
use crate::campaign::game::{Campaign, CampaignSetup};
use crate::campaign::rules::WeatherRule;
use crate::data;
use crate::family::Setup as FamilySetup;
use crate::record;
use crate::sim;
use crate::simple_hex::ai::play_out;
use crate::simple_hex::{Game, Options, Side};
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

/// `println!` for the commands: a standard output that is closed (`tally-ho
/// simulate | head -1`) ends the command quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        say(format_args!($($arg)*))?
    };
}

#[cfg(feature = "window")]
use crate::app::window;

#[derive(Parser)]
#[command(
    name = "tally-ho",
    version,
    about = "Battle of Britain board games on one hex engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    /// Render a full battle for N frames and print the frame times.
    #[arg(long, value_name = "N")]
    bench_frames: Option<u32>,
    /// Play a game through the screens with a scripted player: solo, two,
    /// campaign, family1-4 or kitchen1-4.
    #[arg(long, value_name = "PLAYERS")]
    script: Option<String>,
    /// With --script: write screenshots of the key moments here.
    #[arg(long, value_name = "DIR")]
    shots: Option<PathBuf>,
    /// Send N frames of random input to every screen.
    #[arg(long, value_name = "N")]
    monkey: Option<u32>,
    /// Seed for --script and --monkey.
    #[arg(long, default_value_t = 3)]
    seed: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Variant {
    /// The rules as written.
    AsWritten,
    /// Crane's suggestion: damaged bombers may not return fire.
    Crane,
}

impl Variant {
    fn options(self) -> Options {
        Options {
            damaged_bombers_cannot_defend: self == Variant::Crane,
        }
    }
}

/// Which board game a command is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameArg {
    /// Simple Hex: the Luftwaffe raid against the RAF.
    SimpleHex,
    /// The family game: sector commanders' Spitfires against spinner bombers.
    Family,
    /// The campaign: July to September 1940, the Luftwaffe against Fighter Command.
    Campaign,
}

/// How the campaign's weather is decided (the sheet's five rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum WeatherArg {
    /// Both sides throw one die; which pairs give a respite depends on the phase.
    PhaseDice,
    /// The same respite pairs every turn.
    SingleDice,
    /// No weather: a shorter campaign of flying turns only.
    Shortened,
    /// Four black and seven red playing cards, one drawn each turn.
    Cards,
    /// The respites of 1940: turns 1, 4, 7 and 10.
    Historical,
}

impl WeatherArg {
    fn rule(self) -> WeatherRule {
        match self {
            WeatherArg::PhaseDice => WeatherRule::PhaseDice,
            WeatherArg::SingleDice => WeatherRule::SingleDice,
            WeatherArg::Shortened => WeatherRule::Shortened,
            WeatherArg::Cards => WeatherRule::Cards,
            WeatherArg::Historical => WeatherRule::Historical,
        }
    }
}

/// The options that pick a game and its table; each game refuses the other's.
#[derive(clap::Args)]
struct GameOpts {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameArg::SimpleHex)]
    game: GameArg,
    /// Simple Hex: a shipped level (crane-14x18, memoir-9x13, memoir-18x13) or
    /// a .ron path [default: crane-14x18].
    #[arg(long)]
    level: Option<String>,
    /// Simple Hex: rule variant [default: as-written].
    #[arg(long, value_enum)]
    variant: Option<Variant>,
    /// Family game: a shipped board (full, kitchen) or a .ron path [default: full].
    #[arg(long)]
    board: Option<String>,
    /// Family game: number of commanders, 1 to 4 [default: 4].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
    players: Option<u8>,
    /// Family game: the short game, first to three kills.
    #[arg(long)]
    short: bool,
}

/// A game and its table, as the options chose them.
enum Chosen {
    SimpleHex { level: String, variant: Variant },
    Family { board: String, setup: FamilySetup },
    Campaign,
}

impl GameOpts {
    fn choose(&self) -> Result<Chosen, String> {
        let wrong = |opt: &str, game: &str| format!("{opt} is for --game {game}");
        match self.game {
            GameArg::SimpleHex => {
                if self.board.is_some() {
                    return Err(wrong("--board", "family"));
                }
                if self.players.is_some() {
                    return Err(wrong("--players", "family"));
                }
                if self.short {
                    return Err(wrong("--short", "family"));
                }
                Ok(Chosen::SimpleHex {
                    level: self
                        .level
                        .clone()
                        .unwrap_or_else(|| data::DEFAULT_LEVEL.to_string()),
                    variant: self.variant.unwrap_or(Variant::AsWritten),
                })
            }
            GameArg::Family => {
                if self.level.is_some() {
                    return Err(wrong("--level", "simple-hex"));
                }
                if self.variant.is_some() {
                    return Err(wrong("--variant", "simple-hex"));
                }
                let mut setup = FamilySetup::first_sectors(self.players.unwrap_or(4) as usize);
                setup.short_game = self.short;
                Ok(Chosen::Family {
                    board: self.board.clone().unwrap_or_else(|| "full".to_string()),
                    setup,
                })
            }
            GameArg::Campaign => {
                for (given, opt) in [
                    (self.level.is_some(), "--level"),
                    (self.variant.is_some(), "--variant"),
                    (self.board.is_some(), "--board"),
                    (self.players.is_some(), "--players"),
                    (self.short, "--short"),
                ] {
                    if given {
                        return Err(format!("{opt} is not for --game campaign"));
                    }
                }
                Ok(Chosen::Campaign)
            }
        }
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Play many games AI against AI and print the balance figures.
    Simulate {
        #[command(flatten)]
        game: GameOpts,
        /// Number of games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Seed of the series: the same seed gives the same figures.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write one row per game to this CSV file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Worker threads (default, and 0: all cores; at most 4 per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Campaign: also fight every intercept on the hex board, both sides
        /// played by Simple Hex's opponent, and print the figures side by side.
        #[arg(long)]
        tactical: bool,
    },
    /// Re-run a replay file and confirm it reproduces its recorded result.
    Replay { file: PathBuf },
    /// Write the game's synthesised sounds as WAV files (assets/sounds/).
    GenSounds {
        #[arg(default_value = "assets/sounds")]
        dir: PathBuf,
    },
    /// Play one game AI against AI and write it as a replay file.
    Record {
        #[command(flatten)]
        game: GameOpts,
        /// Seed of the game's dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the replay (RON).
        #[arg(long)]
        out: PathBuf,
        /// Campaign: how the weather is decided [default: phase-dice].
        #[arg(long, value_enum)]
        weather: Option<WeatherArg>,
        /// Campaign: fight every intercept on the hex board.
        #[arg(long)]
        tactical: bool,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(&cli),
        Some(Cmd::GenSounds { dir }) => gen_sounds(&dir),
        Some(Cmd::Simulate {
            game,
            games,
            seed,
            csv,
            threads,
            tactical,
        }) => game.choose().map_err(Into::into).and_then(|c| match c {
            Chosen::Campaign => simulate_campaign(games, seed, csv, threads, tactical),
            _ if tactical => Err("--tactical is for --game campaign".into()),
            Chosen::SimpleHex { level, variant } => {
                simulate(&level, games, seed, variant, csv, threads)
            }
            Chosen::Family { board, setup } => {
                simulate_family(&board, setup, games, seed, csv, threads)
            }
        }),
        Some(Cmd::Replay { file }) => run_replay(&file),
        Some(Cmd::Record {
            game,
            seed,
            out,
            weather,
            tactical,
        }) => run_record(&game, seed, &out, weather, tactical),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read our output has all they wanted.
        Err(e) if e.is::<OutputClosed>() => ExitCode::SUCCESS,
        Err(e) => {
            note(&e.to_string());
            ExitCode::FAILURE
        }
    }
}

type Res = Result<(), Box<dyn std::error::Error>>;

/// The reader of standard output went away (a closed pipe).
#[derive(Debug)]
struct OutputClosed;

impl std::fmt::Display for OutputClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "standard output was closed")
    }
}

impl std::error::Error for OutputClosed {}

/// Writes one line to standard output, now.
pub(crate) fn write_line(args: std::fmt::Arguments) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_fmt(args)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// One line of a command's output: a closed pipe is `OutputClosed`, which
/// ends the command quietly; any other failure is an error that says so.
fn say(args: std::fmt::Arguments) -> Res {
    write_line(args).map_err(|e| -> Box<dyn std::error::Error> {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Box::new(OutputClosed)
        } else {
            format!("cannot write to standard output: {e}").into()
        }
    })
}

/// A line for the player on standard error ("tally-ho: ..."); if even that
/// cannot be written there is no one to tell.
fn note(line: &str) {
    let _ = writeln!(std::io::stderr(), "tally-ho: {line}");
}

#[cfg(not(feature = "window"))]
fn play(_cli: &Cli) -> Res {
    Err("this build has no window: build with the default `window` feature to play".into())
}

#[cfg(feature = "window")]
fn play(cli: &Cli) -> Res {
    let mode = if let Some(n) = cli.bench_frames {
        window::Mode::Bench(n)
    } else if let Some(n) = cli.monkey {
        window::Mode::Monkey(n, cli.seed)
    } else if let Some(who) = &cli.script {
        // solo, two (Simple Hex); family1 to family4 (the full board) and
        // kitchen1 to kitchen4 (the small board): that many human commanders.
        let family = |w: &str, prefix: &str| {
            w.strip_prefix(prefix)
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=4).contains(n))
        };
        if let Some(n) = family(who, "family") {
            window::Mode::FamilyScript {
                commanders: n,
                board: 0,
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        } else if let Some(n) = family(who, "kitchen") {
            window::Mode::FamilyScript {
                commanders: n,
                board: 1,
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        } else if who == "campaign" {
            window::Mode::CampaignScript {
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        } else {
            let players = match who.as_str() {
                "solo" => 0,
                "two" => 2,
                other => {
                    return Err(format!(
                        "--script takes solo, two, campaign, family1-4 or kitchen1-4, not {other}"
                    )
                    .into())
                }
            };
            window::Mode::Script {
                players,
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        }
    } else {
        window::Mode::Play
    };
    window::run(mode);
    Ok(())
}

/// Whole campaigns under each of the five weather rules, the two opponents
/// playing: weather, missions, targets, losses and the victory split.
fn simulate_campaign(
    games: u64,
    seed: u64,
    csv: Option<PathBuf>,
    threads: Option<usize>,
    tactical: bool,
) -> Res {
    use crate::campaign::game::Battles;
    use crate::campaign::rules::WeatherRule;
    if csv.is_some() {
        return Err("--csv is not available for the campaign".into());
    }
    let (campaign, rules) = record::campaign::shipped()?;
    let threads = threads_or_all(threads);
    say!(
        "campaign: {games} campaigns under each weather rule, the Luftwaffe planner against the RAF controller (seed {seed}, {threads} threads){}",
        if tactical {
            "; every intercept thrown with the campaign's dice, then the same campaigns with every intercept fought on the hex board by Simple Hex's opponent on both sides"
        } else {
            ""
        }
    );
    for rule in WeatherRule::ALL {
        let run = |battles: Battles| {
            let bar = progress(games);
            let tick = |n: u64| bar.set_position(n);
            let series = sim::campaign::Series {
                rule,
                battles,
                games,
                seed,
                threads,
            };
            let f = sim::campaign::campaign_figures(&campaign, &rules, series, &tick);
            bar.finish_and_clear();
            f
        };
        let dice = run(Battles::Dice);
        if tactical {
            let board = run(Battles::Board);
            say!("{}", sim::campaign::side_by_side(&dice, &board));
        } else {
            say!("{dice}");
        }
    }
    Ok(())
}

fn gen_sounds(dir: &std::path::Path) -> Res {
    for s in crate::sound::Sfx::ALL {
        let path = dir.join(s.file_name());
        data::write_atomic_bytes(&path, &crate::sound::wav(s))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}

/// The most worker threads per core: more only adds switching.
const THREADS_PER_CORE: usize = 4;

/// Worker threads: as asked, all cores for none or 0, and at most
/// `THREADS_PER_CORE` per core (with a note when more were asked for).
fn threads_or_all(threads: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = THREADS_PER_CORE * cores;
    match threads {
        None | Some(0) => cores,
        Some(n) if n > most => {
            note(&format!(
                "--threads {n} is more than {THREADS_PER_CORE} per core; using {most} on these {cores} cores"
            ));
            most
        }
        Some(n) => n,
    }
}

/// The progress bar of a long simulation (hidden for short ones).
fn progress(games: u64) -> ProgressBar {
    let bar = if games >= 2_000 {
        ProgressBar::new(games)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("valid template"),
    );
    bar
}

fn simulate(
    level: &str,
    games: u64,
    seed: u64,
    variant: Variant,
    csv: Option<PathBuf>,
    threads: Option<usize>,
) -> Res {
    let scenario = Arc::new(data::load_simple_hex(level)?);
    let threads = threads_or_all(threads);
    let bar = progress(games);
    let cfg = sim::RunConfig {
        games,
        seed,
        options: variant.options(),
        threads,
    };
    let (results, elapsed) = sim::run(&scenario, &cfg, &|n| bar.inc(n));
    bar.finish_and_clear();
    let summary = sim::summarise(&scenario, &results, elapsed);
    say!("level               {} ({level})", scenario.name);
    say!("rules               {variant:?}, seed {seed}, {threads} threads");
    say!("{summary}");
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::csv(&scenario, &results))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}

fn simulate_family(
    board: &str,
    setup: FamilySetup,
    games: u64,
    seed: u64,
    csv: Option<PathBuf>,
    threads: Option<usize>,
) -> Res {
    let scenario = Arc::new(data::load_family(board)?);
    setup
        .validate(&scenario)
        .map_err(|e| format!("{board}: {e}"))?;
    let threads = threads_or_all(threads);
    let bar = progress(games);
    let cfg = sim::family::FamilyConfig {
        games,
        seed,
        setup,
        threads,
        max_commands: sim::family::MAX_COMMANDS,
    };
    let (results, elapsed) = sim::family::run(&scenario, &cfg, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    let summary = sim::family::summarise(&scenario, &cfg, &results, elapsed);
    say!("board               {} ({board})", scenario.name);
    say!(
        "commanders          {}, every one the AI; seed {seed}, {threads} threads",
        cfg.setup.seats.len()
    );
    say!("{summary}");
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::family::csv(cfg.setup.seats.len(), &results))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}

fn run_replay(file: &std::path::Path) -> Res {
    // Errors of the re-run name the replay they are about.
    let (rec, line) = record::verify_file(file)?;
    say!("{line} (digest {})", rec.digest());
    Ok(())
}

/// Every seat played by the computer (a recorded AI game), Luftwaffe first.
fn computer_sides() -> Vec<record::Player> {
    [Side::German, Side::British]
        .into_iter()
        .map(|s| record::Player::new(s.name(), false))
        .collect()
}

/// "won by Red (seat 1)", "won by nobody (dusk)", or "unfinished".
fn family_outcome(game: &crate::family::Game) -> String {
    let Some(ending) = game.ending() else {
        return "unfinished".into();
    };
    match game.winner() {
        Some(w) => {
            let sector = game.spitfire(w).sector as usize;
            format!(
                "won by {} (seat {}, {ending:?})",
                game.scenario().sectors[sector].name,
                w + 1
            )
        }
        None => format!("won by nobody ({ending:?})"),
    }
}

/// `tally-ho record`: one game of the chosen kind, AI against AI, as a replay.
fn run_record(
    game: &GameOpts,
    seed: u64,
    out: &std::path::Path,
    weather: Option<WeatherArg>,
    tactical: bool,
) -> Res {
    match (game.choose()?, weather) {
        (Chosen::SimpleHex { .. } | Chosen::Family { .. }, Some(_)) => {
            Err("--weather is for --game campaign".into())
        }
        (Chosen::SimpleHex { .. } | Chosen::Family { .. }, _) if tactical => {
            Err("--tactical is for --game campaign".into())
        }
        (Chosen::SimpleHex { level, variant }, None) => record(&level, seed, variant, out),
        (Chosen::Family { board, setup }, None) => record_family(&board, setup, seed, out),
        (Chosen::Campaign, weather) => {
            let weather = weather.unwrap_or(WeatherArg::PhaseDice).rule();
            let battles = if tactical {
                crate::campaign::game::Battles::Board
            } else {
                crate::campaign::game::Battles::Dice
            };
            record_campaign(
                CampaignSetup {
                    battles,
                    ..CampaignSetup::new(weather, seed)
                },
                out,
            )
        }
    }
}

/// Both opponents play a whole campaign; it is written as a replay.
fn record_campaign(setup: CampaignSetup, out: &std::path::Path) -> Res {
    let (data, rules) = record::campaign::shipped()?;
    let mut campaign = Campaign::new(data, rules, setup);
    let refused = campaign_ai::play_out(&mut campaign);
    if refused > 0 {
        return Err(format!("the rules refused {refused} of the opponents' proposals").into());
    }
    let rep = record::campaign::record_of(&campaign, computer_sides())?;
    record::AnyRecord::Campaign(rep).write(out)?;
    say!(
        "wrote {}: {} commands, seed {}. {}",
        out.display(),
        campaign.commands().len(),
        setup.seed,
        record::campaign::paragraph(&campaign)
    );
    Ok(())
}

fn record_family(board: &str, setup: FamilySetup, seed: u64, out: &std::path::Path) -> Res {
    use crate::family::{ai, Game as FamilyGame};
    use crate::record::{family::Setup, RecordOf, Recorded};
    // The board as given is read first, so that its errors name it so.
    data::load_family(board)?;
    let base = record::base_of(out);
    let shipped = data::FAMILY_BOARDS.iter().any(|(n, _, _)| *n == board);
    let setup = Setup {
        board: record::name_for_record(board, shipped, &base),
        seats: setup,
        position: None,
    };
    let mut game = FamilyGame::start(&setup, seed, &base)?;
    ai::play_out(&mut game, sim::family::MAX_COMMANDS)?;
    let players = (1..=game.spitfires().len())
        .map(|i| record::Player::new(format!("Commander {i}"), false))
        .collect();
    let rep: RecordOf<FamilyGame> = record::of(&game, players, &base)?;
    record::AnyRecord::Family(rep).write(out)?;
    say!(
        "wrote {}: {} commands, {} rounds, {}, kills {:?}",
        out.display(),
        game.commands().len(),
        game.round(),
        family_outcome(&game),
        game.spitfires().iter().map(|s| s.kills).collect::<Vec<_>>()
    );
    Ok(())
}

fn record(level: &str, seed: u64, variant: Variant, out: &std::path::Path) -> Res {
    use crate::record::{simple_hex::Setup, RecordOf, Recorded};
    // The level as given is read first, so that its errors name it so.
    data::load_simple_hex(level)?;
    let base = record::base_of(out);
    let shipped = data::SIMPLE_HEX_LEVELS.iter().any(|(n, _, _)| *n == level);
    let setup = Setup {
        level: record::name_for_record(level, shipped, &base),
        options: variant.options(),
    };
    let mut game = Game::start(&setup, seed, &base)?;
    play_out(&mut game)?;
    let rep: RecordOf<Game> = record::of(&game, computer_sides(), &base)?;
    record::AnyRecord::SimpleHex(rep).write(out)?;
    say!(
        "wrote {}: {} commands, winner {}, bomb score {}",
        out.display(),
        game.commands().len(),
        game.winner().map_or("none", |w| w.name()),
        game.score()
    );
    Ok(())
}
