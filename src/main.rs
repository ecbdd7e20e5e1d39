//! The `tally-ho` program: the game, and its command-line tools.

use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tally_ho::data;
use tally_ho::replay;
use tally_ho::rules::dogfight::ai::{play_out, Ai};
use tally_ho::rules::dogfight::{Game, Options, Side};
use tally_ho::sim;

mod window;

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
    /// Play a game through the screens with a scripted player: solo or two.
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

#[derive(Subcommand)]
enum Cmd {
    /// Play many Simple Hex games AI against AI and print the balance figures.
    Simulate {
        /// A shipped level (crane-14x18, memoir-9x13, memoir-18x13) or a .ron path.
        #[arg(long, default_value = data::DEFAULT_LEVEL)]
        level: String,
        /// Number of games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Seed of the series: the same seed gives the same figures.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Rule variant.
        #[arg(long, value_enum, default_value_t = Variant::AsWritten)]
        variant: Variant,
        /// Write one row per game to this CSV file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
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
        #[arg(long, default_value = data::DEFAULT_LEVEL)]
        level: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, value_enum, default_value_t = Variant::AsWritten)]
        variant: Variant,
        /// Where to write the replay (RON).
        #[arg(long)]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(&cli),
        Some(Cmd::GenSounds { dir }) => gen_sounds(&dir),
        Some(Cmd::Simulate {
            level,
            games,
            seed,
            variant,
            csv,
            threads,
        }) => simulate(&level, games, seed, variant, csv, threads),
        Some(Cmd::Replay { file }) => run_replay(&file),
        Some(Cmd::Record {
            level,
            seed,
            variant,
            out,
        }) => record(&level, seed, variant, &out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tally-ho: {e}");
            ExitCode::FAILURE
        }
    }
}

type Res = Result<(), Box<dyn std::error::Error>>;

fn play(cli: &Cli) -> Res {
    let mode = if let Some(n) = cli.bench_frames {
        window::Mode::Bench(n)
    } else if let Some(n) = cli.monkey {
        window::Mode::Monkey(n, cli.seed)
    } else if let Some(who) = &cli.script {
        let players = match who.as_str() {
            "solo" => 0,
            "two" => 2,
            other => return Err(format!("--script takes solo or two, not {other}").into()),
        };
        window::Mode::Script {
            players,
            seed: cli.seed,
            shots: cli.shots.clone(),
        }
    } else {
        window::Mode::Play
    };
    window::run(mode);
    Ok(())
}

fn gen_sounds(dir: &std::path::Path) -> Res {
    for s in tally_ho::sound::Sfx::ALL {
        let path = dir.join(s.file_name());
        data::write_atomic(&path, "")?;
        std::fs::write(&path, tally_ho::sound::wav(s))?;
        println!("wrote {}", path.display());
    }
    Ok(())
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
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let bar = if games >= 2_000 {
        ProgressBar::new(games)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("valid template"),
    );
    let cfg = sim::RunConfig {
        games,
        seed,
        options: variant.options(),
        threads,
    };
    let (results, elapsed) = sim::run(&scenario, &cfg, &|n| bar.inc(n));
    bar.finish_and_clear();
    let summary = sim::summarise(&scenario, &results, elapsed);
    println!("level               {} ({level})", scenario.name);
    println!("rules               {variant:?}, seed {seed}, {threads} threads");
    println!("{summary}");
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::csv(&scenario, &results))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

fn run_replay(file: &std::path::Path) -> Res {
    let src = data::Source::read(file).map_err(data::LoadErrors::from)?;
    let rep = replay::parse(&src.file, &src.text)?;
    let game = replay::verify(&rep)?;
    let winner = game.winner().map_or("nobody yet", Side::name);
    println!(
        "replay reproduces: {} commands, {} events, winner {winner}, bomb score {} (digest {})",
        rep.commands.len(),
        game.events().len(),
        game.score(),
        rep.result.digest
    );
    Ok(())
}

fn record(level: &str, seed: u64, variant: Variant, out: &std::path::Path) -> Res {
    let scenario = Arc::new(data::load_simple_hex(level)?);
    let mut game = Game::new(scenario, variant.options(), seed);
    let mut ais = [Ai::new(Side::German, seed), Ai::new(Side::British, seed)];
    play_out(&mut game, &mut ais)?;
    let rep = replay::record(&game, level)?;
    data::write_atomic(out, &data::to_ron(&rep))?;
    println!(
        "wrote {}: {} commands, winner {}, bomb score {}",
        out.display(),
        rep.commands.len(),
        game.winner().map_or("nobody", Side::name),
        game.score()
    );
    Ok(())
}
