//! The command line: play (with the window), simulate, record and replay.

use crate::campaign::rules::WeatherRule;
use crate::common::Level;
use crate::data;
use crate::family::Setup as FamilySetup;
use crate::simple_hex::Options;
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use simulate::Spreads;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `println!` for the commands: a standard output that is closed (`tally-ho
/// simulate | head -1`) ends the command quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        say(format_args!($($arg)*))?
    };
}

mod play;
mod records;
mod simulate;

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
    /// campaign, campaign-sweep (its first fighter sweep on the board),
    /// campaign-dogfight (its first dogfight on the board), campaign-family
    /// (its first intercept on the family board), family1-4, kitchen1-4 or
    /// blitz; or `tour`: one picture of every screen the menu leads to, two
    /// clicks deep, and of each table.
    #[arg(long, value_name = "PLAYERS")]
    script: Option<String>,
    /// With --script: write screenshots of the key moments here.
    #[arg(long, value_name = "DIR")]
    shots: Option<PathBuf>,
    /// Send N frames of random input to every screen.
    #[arg(long, value_name = "N")]
    monkey: Option<u32>,
    /// The window's size in pixels, as WIDTHxHEIGHT (1280x800 unless given).
    #[arg(long, value_name = "WxH", value_parser = window_size)]
    window: Option<(u32, u32)>,
    /// With --script: check that every text drawn stays inside its box, the
    /// window and its clip, and that no text, mark or result covers
    /// another; list what does not and fail. Without --shots nothing is
    /// painted: the screens are only laid out and checked.
    #[arg(long)]
    audit_text: bool,
    /// Seed for --script and --monkey.
    #[arg(long, default_value_t = 3)]
    seed: u64,
}

/// `--levels ace,recruit`: one level by its name.
fn level_arg(s: &str) -> Result<Level, String> {
    Level::parse(s).ok_or_else(|| format!("a level is recruit, veteran or ace, not \"{s}\""))
}

/// `--window 1024x700`: a size the screens are laid out for (at least
/// 960 x 600, at most 7680 x 4320).
fn window_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--window takes WIDTHxHEIGHT in pixels, like 1024x700, not \"{s}\"");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(960..=7680).contains(&w) || !(600..=4320).contains(&h) {
        return Err(format!(
            "--window {w}x{h} is outside the sizes the screens are laid out for (960x600 to 7680x4320)"
        ));
    }
    Ok((w, h))
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
            ..Options::default()
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
    /// The night Blitz: a solo bomber crew's raids, November 1940 to May 1941.
    Blitz,
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
    Blitz,
}

impl GameOpts {
    /// The options of Simple Hex and the family game are refused for a
    /// game that has neither levels nor boards.
    fn no_table_options(&self, game: &str) -> Result<(), String> {
        for (given, opt) in [
            (self.level.is_some(), "--level"),
            (self.variant.is_some(), "--variant"),
            (self.board.is_some(), "--board"),
            (self.players.is_some(), "--players"),
            (self.short, "--short"),
        ] {
            if given {
                return Err(format!("{opt} is not for --game {game}"));
            }
        }
        Ok(())
    }

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
                self.no_table_options("campaign")?;
                Ok(Chosen::Campaign)
            }
            GameArg::Blitz => {
                self.no_table_options("blitz")?;
                Ok(Chosen::Blitz)
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
        /// Campaign --tactical: the levels the board battles are flown at,
        /// the Luftwaffe's then the RAF's (one for both) [default: the
        /// campaign's levels]. Veteran against Recruit shows what a
        /// better-flown board battle gives its side.
        #[arg(long, value_delimiter = ',', value_parser = level_arg)]
        board_levels: Vec<Level>,
        /// Campaign: play every weather rule's campaigns on both boards, the
        /// Veteran everywhere, and write the harms of their battles
        /// (levels/campaign/zoom.ron), which a board battle's result is
        /// ranked among.
        #[arg(long)]
        write_zoom: Option<PathBuf>,
        /// The computer's level at each seat, in seat order (Simple Hex and
        /// the campaign: Luftwaffe then RAF; the family game: the
        /// commanders), as recruit, veteran or ace (Simple Hex and the family
        /// game: recruit or veteran, their Aces merged into the Veteran); one
        /// level for every seat [default: veteran].
        #[arg(long, value_delimiter = ',', value_parser = level_arg)]
        levels: Vec<Level>,
        /// Also play the level ladder: each level against the one below on
        /// the same seeds, at every seat in turn, judged seat by seat against
        /// the weaker level in the same seat (Simple Hex: at the even forces
        /// unless --difficulty names others).
        #[arg(long)]
        ladder: bool,
        /// Simple Hex: the forces of this difficulty setting
        /// (levels/simple_hex/forces.ron): as-written, even, raf-reserve-1,
        /// raf-reserve-2, raf-reserve-4, two-fewer-escorts, no-me-110
        /// [default: as-written].
        #[arg(long)]
        difficulty: Option<String>,
        /// Simple Hex: play every difficulty setting on the same seeds and
        /// print each one's win shares with their intervals.
        #[arg(long)]
        difficulties: bool,
        /// Simple Hex: with --difficulties, play every setting on every
        /// shipped level under both rule variants, each level on both
        /// sides, and write the table the new-game screen reads
        /// (levels/simple_hex/shares.ron).
        #[arg(long, requires = "difficulties")]
        write_shares: Option<PathBuf>,
        /// The family game, the campaign and the night Blitz: play every
        /// set-up the end screen grades against (the family game: each
        /// shipped board, 1 to 4 commanders, long and short; the campaign:
        /// each weather rule; the Blitz: the auto crew's tours) and write
        /// the table (levels/family/spreads.ron,
        /// levels/campaign/spreads.ron, levels/blitz/spreads.ron).
        #[arg(long)]
        write_spreads: Option<PathBuf>,
        /// The night Blitz: the automatic crew's policy, auto, cautious or
        /// bold, or `all` to fly each on the same seeds side by side
        /// [default: auto].
        #[arg(long)]
        crew: Option<String>,
        /// The night Blitz: the choice lab. At a sample of the decisions
        /// met in --games tours of the auto crew, every option is flown on
        /// to the mission's end many times on the same dice; prints, for
        /// each kind of decision, how often each option was the best.
        #[arg(long)]
        choices: bool,
    },
    /// Time the computer's decisions: games played one after another on one
    /// thread, every decision timed; prints the mean, median, 90th and 99th
    /// percentiles and the longest, per level.
    BenchDecisions {
        #[command(flatten)]
        game: GameOpts,
        /// Number of games (campaigns: under the phase-dice weather).
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// Seed of the series.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The levels to time, each on every seat [default: every level of
        /// the game: Simple Hex has two].
        #[arg(long, value_delimiter = ',', value_parser = level_arg)]
        levels: Vec<Level>,
    },
    /// Re-run a replay file and confirm it reproduces its recorded result.
    Replay { file: PathBuf },
    /// Write the game's synthesised sounds as WAV files (assets/sounds/).
    GenSounds {
        #[arg(default_value = "assets/sounds")]
        dir: PathBuf,
    },
    /// Time what saving costs, after every command of a long game of each
    /// kind: the record made, written as text and written to disk (flushed),
    /// and the replay the list of saves reads it by; prints the figures.
    BenchSaves {
        /// Seed of the games played.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Times each step is measured (the median is printed).
        #[arg(long, default_value_t = 9)]
        runs: usize,
    },
    /// Keep a data tree in the archive of earlier data (levels/archive/), so
    /// that games saved on it replay on it after its values change: the
    /// data files under FROM/levels (the working tree's unless given),
    /// named NAME (the version they ship in).
    ArchiveData {
        /// The tree's name: the version (commit) it ships in.
        #[arg(long)]
        name: String,
        /// The folder whose levels/ is archived.
        #[arg(long, default_value = ".")]
        from: PathBuf,
        /// The archive to add it to.
        #[arg(long, default_value = "levels/archive")]
        into: PathBuf,
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
        None => play::play(&cli),
        Some(Cmd::GenSounds { dir }) => play::gen_sounds(&dir),
        Some(Cmd::Simulate {
            game,
            games,
            seed,
            csv,
            threads,
            tactical,
            board_levels,
            write_zoom,
            levels,
            ladder,
            difficulty,
            difficulties,
            write_shares,
            write_spreads,
            crew,
            choices,
        }) => game.choose().map_err(Into::into).and_then(|c| {
            let run = simulate::SimRun {
                games,
                seed,
                csv,
                threads: threads_or_all(threads),
                board_levels,
                levels,
                ladder,
                difficulty,
                difficulties,
                write_shares,
                write_spreads,
                crew,
            };
            let hex = matches!(c, Chosen::SimpleHex { .. });
            if !matches!(c, Chosen::Blitz) && (run.crew.is_some() || choices) {
                return Err("--crew and --choices are for --game blitz".into());
            }
            if !hex && (run.difficulty.is_some() || run.difficulties) {
                return Err("--difficulty and --difficulties are for Simple Hex".into());
            }
            if let Some(path) = &run.write_spreads {
                return match c {
                    Chosen::Family { .. } => simulate::write_spreads(Spreads::Family, &run, path),
                    Chosen::Campaign => simulate::write_spreads(Spreads::Campaign, &run, path),
                    Chosen::Blitz => simulate::write_spreads(Spreads::Blitz, &run, path),
                    _ => Err(
                        "--write-spreads is for the family game, the campaign and the night Blitz"
                            .into(),
                    ),
                };
            }
            if let Some(path) = &write_zoom {
                return match c {
                    Chosen::Campaign => simulate::write_zoom(&run, path),
                    _ => Err("--write-zoom is for --game campaign".into()),
                };
            }
            let campaign_tactical = tactical && matches!(c, Chosen::Campaign);
            if !run.board_levels.is_empty() && !campaign_tactical {
                return Err("--board-levels is for --game campaign --tactical".into());
            }
            match c {
                Chosen::Campaign => simulate::campaign(&run, tactical),
                Chosen::Blitz if tactical => Err("--tactical is for --game campaign".into()),
                Chosen::Blitz if choices => simulate::blitz_choices(&run),
                Chosen::Blitz => simulate::blitz(&run),
                _ if tactical => Err("--tactical is for --game campaign".into()),
                Chosen::SimpleHex { level, variant } => simulate::simple_hex(&level, variant, &run),
                Chosen::Family { board, setup } => simulate::family(&board, setup, &run),
            }
        }),
        Some(Cmd::BenchDecisions {
            game,
            games,
            seed,
            levels,
        }) => game
            .choose()
            .map_err(Into::into)
            .and_then(|c| simulate::bench_decisions(c, games, seed, &levels)),
        Some(Cmd::Replay { file }) => records::replay(&file),
        Some(Cmd::ArchiveData { name, from, into }) => records::archive_data(&name, &from, &into),
        Some(Cmd::BenchSaves { seed, runs }) => records::bench_saves(seed, runs),
        Some(Cmd::Record {
            game,
            seed,
            out,
            weather,
            tactical,
        }) => records::record(&game, seed, &out, weather, tactical),
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
