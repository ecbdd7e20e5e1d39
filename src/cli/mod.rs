//! The command line: play (with the window), simulate, record and replay.

use crate::campaign::ai as campaign_ai;
use crate::campaign::game::{Campaign, CampaignSetup};
use crate::campaign::rules::WeatherRule;
use crate::campaign::score::Verdict;
use crate::common::game::play_out as play_game_out;
use crate::data;
use crate::family::Setup as FamilySetup;
use crate::record;
use crate::sim;
use crate::simple_hex::ai::{play_out, Ai};
use crate::simple_hex::{Game, Options, Side};
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

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
        /// Worker threads (default: all cores).
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
        Err(e) => {
            eprintln!("tally-ho: {e}");
            ExitCode::FAILURE
        }
    }
}

type Res = Result<(), Box<dyn std::error::Error>>;

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
    println!(
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
            println!("{}", sim::campaign::side_by_side(&dice, &board));
        } else {
            println!("{dice}");
        }
    }
    Ok(())
}

fn gen_sounds(dir: &std::path::Path) -> Res {
    for s in crate::sound::Sfx::ALL {
        let path = dir.join(s.file_name());
        data::write_atomic(&path, "")?;
        std::fs::write(&path, crate::sound::wav(s))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

fn threads_or_all(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
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
    println!("level               {} ({level})", scenario.name);
    println!("rules               {variant:?}, seed {seed}, {threads} threads");
    println!("{summary}");
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::csv(&scenario, &results))?;
        println!("wrote {}", path.display());
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
    setup.validate(&scenario)?;
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
    println!("board               {} ({board})", scenario.name);
    println!(
        "commanders          {}, every one the AI; seed {seed}, {threads} threads",
        cfg.setup.seats.len()
    );
    println!("{summary}");
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::family::csv(cfg.setup.seats.len(), &results))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

fn run_replay(file: &std::path::Path) -> Res {
    let src = data::Source::read(file).map_err(data::LoadErrors::from)?;
    match record::parse_any(&src.file, &src.text)? {
        record::AnyReplay::SimpleHex(rep) => {
            let game = record::verify(&rep)?;
            let winner = game.winner().map_or("nobody yet", Side::name);
            println!(
                "replay reproduces: {} commands, {} events, winner {winner}, bomb score {} (digest {})",
                rep.commands.len(),
                game.events().len(),
                game.score(),
                rep.result.digest
            );
        }
        record::AnyReplay::Campaign(rep) => {
            let campaign = record::campaign::verify(&rep)?;
            println!(
                "campaign replay reproduces: {} commands, {} events (digest {}). {}",
                rep.commands.len(),
                campaign.events().len(),
                rep.result.digest,
                campaign_summary(&campaign)
            );
        }
        record::AnyReplay::Family(rep) => {
            let game = record::family::verify(&rep)?;
            println!(
                "family replay reproduces: {} commands, {} events, {} rounds, {}, kills {:?} (digest {})",
                rep.commands.len(),
                game.events().len(),
                game.round(),
                family_outcome(&game),
                rep.result.kills,
                rep.result.digest
            );
        }
    }
    Ok(())
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

/// One paragraph on a campaign: its weather rule, turns, targets bombed,
/// squadrons lost on each side and the verdict.
fn campaign_summary(c: &Campaign) -> String {
    let t = c.tally();
    let flown = c.records().iter().filter(|r| r.flew).count();
    let outcome = match c.verdict() {
        Some(Verdict::Luftwaffe) => "a Luftwaffe victory",
        Some(Verdict::Draw) => "a draw",
        Some(Verdict::British) => "a British victory",
        None => "not decided yet: the campaign is unfinished",
    };
    format!(
        "Under the {} rule the campaign reached turn {} of {}, the Luftwaffe flying on {flown} of them; \
         it bombed {} targets, the RAF lost {} squadrons and the Luftwaffe {}; the verdict is {outcome}.",
        c.setup().weather.name(),
        c.turn(),
        c.turns(),
        t.targets,
        t.raf_lost,
        t.luftwaffe_lost,
    )
}

/// Both opponents play a whole campaign; it is written as a replay.
fn record_campaign(setup: CampaignSetup, out: &std::path::Path) -> Res {
    let (data, rules) = record::campaign::shipped()?;
    let mut campaign = Campaign::new(data, rules, setup);
    play_game_out(
        &mut campaign,
        &mut campaign_ai::Opponents,
        crate::sim::campaign::MAX_COMMANDS,
    )
    .map_err(|e| format!("the campaign was not played out: {e}"))?;
    let rep = record::campaign::record(&campaign);
    data::write_atomic(out, &data::to_ron(&rep))?;
    println!(
        "wrote {}: {} commands, seed {}. {}",
        out.display(),
        rep.commands.len(),
        setup.seed,
        campaign_summary(&campaign)
    );
    Ok(())
}

fn record_family(board: &str, setup: FamilySetup, seed: u64, out: &std::path::Path) -> Res {
    use crate::family::{ai, Game as FamilyGame};
    let scenario = Arc::new(data::load_family(board)?);
    let mut game = FamilyGame::new(scenario, setup, seed)?;
    ai::play_out(&mut game, sim::family::MAX_COMMANDS);
    let rep = record::family::record(&game, board)?;
    data::write_atomic(out, &data::to_ron(&rep))?;
    println!(
        "wrote {}: {} commands, {} rounds, {}, kills {:?}",
        out.display(),
        rep.commands.len(),
        game.round(),
        family_outcome(&game),
        rep.result.kills
    );
    Ok(())
}

fn record(level: &str, seed: u64, variant: Variant, out: &std::path::Path) -> Res {
    let scenario = Arc::new(data::load_simple_hex(level)?);
    let mut game = Game::new(scenario, variant.options(), seed);
    let mut ais = [Ai::new(Side::German, seed), Ai::new(Side::British, seed)];
    play_out(&mut game, &mut ais)?;
    let rep = record::record(&game, level)?;
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
