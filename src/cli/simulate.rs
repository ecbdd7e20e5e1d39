//! `tally-ho simulate`: many games played by the opponents, and their
//! figures (see `sim`).

use super::{progress, say, Chosen, Res, Variant};
use crate::common::Level;
use crate::data;
use crate::family::Setup as FamilySetup;
use crate::record;
use crate::sim;
use crate::simple_hex::forces::{AS_WRITTEN, EVEN};
use std::path::PathBuf;
use std::sync::Arc;

/// What every game's simulation is asked for on the command line.
pub(super) struct SimRun {
    pub games: u64,
    pub seed: u64,
    pub csv: Option<PathBuf>,
    /// Worker threads (resolved: at least one).
    pub threads: usize,
    /// The computer's level per seat, in seat order; one for all, or none
    /// for the default.
    pub levels: Vec<Level>,
    /// Campaign --tactical: the board battles' levels (Luftwaffe, RAF; one
    /// for both; none: the campaign's).
    pub board_levels: Vec<Level>,
    /// Also play the level ladder.
    pub ladder: bool,
    /// Simple Hex: the difficulty setting's forces (`None`: as written).
    pub difficulty: Option<String>,
    /// Simple Hex: every difficulty setting, side by side.
    pub difficulties: bool,
    /// The family game and the campaign: write the end screen's spreads.
    pub write_spreads: Option<PathBuf>,
    /// Simple Hex: write the table of every setting's measured shares here.
    pub write_shares: Option<PathBuf>,
    /// The night Blitz: the crew's policy by name, or `all`.
    pub crew: Option<String>,
}

impl SimRun {
    /// The seats' levels (`seat_levels`) in a game whose own levels are
    /// `own` (weakest first): a seat asked for a level above its top, one
    /// merged into the top level, is played by that level, and the standard
    /// error says so (the commands that measured the merged level still run).
    pub fn seat_levels_of(
        &self,
        seats: usize,
        game: &str,
        own: &[Level],
    ) -> Result<Vec<Level>, String> {
        let top = *own.last().expect("a game has levels");
        let levels = self.seat_levels(seats, game)?;
        if let Some(l) = levels.iter().find(|l| **l > top) {
            let names: Vec<&str> = own.iter().map(|l| l.name()).collect();
            eprintln!(
                "tally-ho: {game}'s levels are {}: its {l} was merged into the {top}, which plays that seat (docs/RULES.md, \"The opponents\")",
                names.join(" and ")
            );
        }
        Ok(levels.into_iter().map(|l| l.min(top)).collect())
    }

    /// The level of each of `seats` seats: as listed, one for all, or the
    /// default; a list of another length is an error that says so.
    pub fn seat_levels(&self, seats: usize, what: &str) -> Result<Vec<Level>, String> {
        match self.levels.len() {
            0 => Ok(vec![Level::default(); seats]),
            1 => Ok(vec![self.levels[0]; seats]),
            n if n == seats => Ok(self.levels.clone()),
            n => Err(format!(
                "--levels lists {n} levels; {what} has {seats} seats (give one level, or one per seat)"
            )),
        }
    }
}

pub(super) fn simple_hex(level: &str, variant: Variant, run: &SimRun) -> Res {
    let SimRun {
        games,
        seed,
        threads,
        ..
    } = *run;
    let csv = run.csv.clone();
    if let Some(path) = &run.write_shares {
        return write_shares(run, path);
    }
    if run.difficulties {
        return difficulties(level, variant, run);
    }
    let difficulty = run.difficulty.as_deref().unwrap_or(AS_WRITTEN);
    let scenario = Arc::new(data::load_simple_hex_at(level, difficulty)?);
    let seats = hex_seats(run)?;
    let bar = progress(games);
    let cfg = hex_config(run, variant, &seats);
    let (results, elapsed) = sim::simple_hex::run(&scenario, &cfg, &|n| bar.inc(n));
    bar.finish_and_clear();
    let summary = sim::simple_hex::summarise(&scenario, &results, elapsed);
    say!("level               {} ({level})", scenario.name);
    say!("difficulty          {difficulty} (forces)");
    say!("rules               {variant:?}, seed {seed}, {threads} threads");
    say!(
        "opponents           Luftwaffe {}, RAF {}",
        seats[0],
        seats[1]
    );
    say!("{summary}");
    if run.ladder {
        // The ladder is measured where the sides are even unless a setting
        // is named: at the forces as written the Luftwaffe's seat is so
        // strong that any level wins there, and a level's gain hides.
        let forces = run.difficulty.as_deref().unwrap_or(EVEN);
        let even = Arc::new(data::load_simple_hex_at(level, forces)?);
        let bar = progress(games);
        let (rungs, elapsed) = sim::simple_hex::ladder(&even, &cfg, &|n| bar.inc(n));
        bar.finish_and_clear();
        say!("level ladder        (forces {forces}; the same {games} seeds, each level on both sides)");
        for r in &rungs {
            say!("  {}", r.to_string().trim_end().replace('\n', "\n  "));
        }
        say!("  time {:.2} s", elapsed.as_secs_f64());
    }
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::simple_hex::csv(&scenario, &results))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}

/// Simple Hex's two seats' levels. Its Ace was merged into the Veteran.
fn hex_seats(run: &SimRun) -> Result<Vec<Level>, String> {
    run.seat_levels_of(2, "Simple Hex", &crate::simple_hex::ai::LEVELS)
}

/// A Simple Hex run as the command line asks it, the seats at `seats`.
fn hex_config(run: &SimRun, variant: Variant, seats: &[Level]) -> sim::simple_hex::RunConfig {
    sim::simple_hex::RunConfig {
        games: run.games,
        seed: run.seed,
        options: variant.options(),
        threads: run.threads,
        levels: [seats[0], seats[1]],
    }
}

/// Every difficulty setting on the same seeds: each one's win shares, with
/// their intervals, and its mean bomb score.
fn difficulties(level: &str, variant: Variant, run: &SimRun) -> Res {
    let seats = hex_seats(run)?;
    let src = data::aircraft_source();
    let aircraft = data::load_aircraft(&src)?;
    let forces = data::load_forces(&data::forces_source(), &aircraft)?;
    say!(
        "difficulties        {level}, {variant:?}, Luftwaffe {} against RAF {}, {} games each on seeds from {}",
        seats[0],
        seats[1],
        run.games,
        run.seed
    );
    say!(
        "  {:<18} {:>8} {:>19} {:>8} {:>10}",
        "setting",
        "planes",
        "Luftwaffe wins",
        "RAF",
        "mean score"
    );
    for s in &forces.settings {
        let scenario = Arc::new(data::load_simple_hex_at(level, &s.name)?);
        let cfg = hex_config(run, variant, &seats);
        let bar = progress(run.games);
        let (results, elapsed) = sim::simple_hex::run(&scenario, &cfg, &|n| bar.inc(n));
        bar.finish_and_clear();
        let sum = sim::simple_hex::summarise(&scenario, &results, elapsed);
        let (lo, hi) = sim::wilson(sum.german_wins, sum.games);
        let share = |k: u64| 100.0 * k as f64 / (sum.games as f64).max(1.0);
        let planes = |side| {
            scenario
                .units
                .iter()
                .filter(|u| scenario.aircraft[u.aircraft].side == side)
                .map(|u| u.planes.len())
                .sum::<usize>()
        };
        say!(
            "  {:<18} {:>3} v {:<2} {:>6.2}% ({:.2}-{:.2}) {:>7.2}% {:>10.2}",
            s.name,
            planes(crate::common::Side::German),
            planes(crate::common::Side::British),
            share(sum.german_wins),
            lo * 100.0,
            hi * 100.0,
            share(sum.british_wins),
            sum.score_mean
        );
    }
    Ok(())
}

/// Writes a measured table as RON, `head` (its comment) first, atomically.
/// Says what it wrote: `rows` rows of `games` games.
fn write_table(
    path: &std::path::Path,
    head: &str,
    table: &impl serde::Serialize,
    rows: usize,
    games: u64,
) -> Res {
    let text = ron::ser::to_string_pretty(
        table,
        ron::ser::PrettyConfig::new()
            .struct_names(true)
            .compact_arrays(true),
    )
    .map_err(|e| e.to_string())?;
    data::write_atomic(path, &format!("{head}{text}\n"))?;
    say!("wrote {} ({rows} rows of {games} games)", path.display());
    Ok(())
}

/// The family game's or the campaign's spreads table (what the end screen
/// grades a result against), written atomically to `path`.
/// Which game's spreads to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spreads {
    Family,
    Campaign,
    Blitz,
}

pub(super) fn write_spreads(which: Spreads, run: &SimRun, path: &std::path::Path) -> Res {
    use crate::common::spread::SpreadTable;
    let bar = progress(run.games);
    let tick = |n: u64| bar.set_position(n);
    let (rows, head) = if which == Spreads::Blitz {
        let tables = Arc::new(data::load_blitz()?);
        bar.set_length(run.games);
        let done = std::sync::atomic::AtomicU64::new(0);
        let tick = |n: u64| {
            let d = done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
            bar.set_position(d);
        };
        (
            sim::blitz::spread_rows(&tables, run.games, run.seed, run.threads, &tick),
            format!(
                "// The night Blitz's tours by their rating (docs/RULES.md, \"How well the\n// tour went\"): {} tours of the automatic crew. Written by\n//   tally-ho simulate --game blitz --games {} --seed {} --write-spreads FILE\n// and read by the end screen; tests/difficulty.rs plays it again.\n",
                run.games, run.games, run.seed
            ),
        )
    } else if which == Spreads::Family {
        (
            sim::family::spread_rows(run.games, run.seed, run.threads, &tick)?,
            format!(
                "// The family game's results by set-up (docs/RULES.md, \"How well you did\"):\n// on every shipped board, 1 to 4 commanders (the solo game at each\n// difficulty), long and short, the Veteran in every seat, {} games a\n// set-up: the games some commander won by the round they ended in, those\n// nobody won by the leader's kills. Written by\n//   tally-ho simulate --game family --games {} --seed {} --write-spreads FILE\n// and read by the end screen; tests/difficulty.rs plays a set-up again.\n",
                run.games, run.games, run.seed
            ),
        )
    } else {
        let (campaign, rules) = record::campaign::shipped()?;
        (
            sim::campaign::spread_rows(&campaign, &rules, run.games, run.seed, run.threads, &tick),
            format!(
                "// The campaign's results by weather rule (docs/RULES.md, \"How well you did\"):\n// {} campaigns a rule with the dice, the Veteran on both sides, each\n// side's wins by the targets bombed. Written by\n//   tally-ho simulate --game campaign --games {} --seed {} --write-spreads FILE\n// and read by the end screen; tests/difficulty.rs plays a rule again.\n",
                run.games, run.games, run.seed
            ),
        )
    };
    bar.finish_and_clear();
    let table = SpreadTable {
        games: run.games,
        seed: run.seed,
        rows,
    };
    write_table(path, &head, &table, table.rows.len(), run.games)
}

/// Every setting on every shipped level, under both rule variants, with
/// each of Simple Hex's levels on both sides: the table the new-game screen
/// reads (levels/simple_hex/shares.ron), written atomically to `path`.
fn write_shares(run: &SimRun, path: &std::path::Path) -> Res {
    use crate::simple_hex::forces::SharesFile;
    let forces = data::shipped_forces()?;
    let mut rows = Vec::new();
    let combos: Vec<(&str, &str, bool, Level)> = data::SIMPLE_HEX_LEVELS
        .iter()
        .flat_map(|(level, _, _)| {
            forces
                .settings
                .iter()
                .map(move |s| (*level, s.name.as_str()))
        })
        .flat_map(|(l, d)| [false, true].map(|c| (l, d, c)))
        .flat_map(|(l, d, c)| crate::simple_hex::ai::LEVELS.map(|o| (l, d, c, o)))
        .collect();
    let bar = progress(combos.len() as u64);
    for (level, difficulty, crane, opponent) in combos {
        rows.push(sim::simple_hex::share_row(
            level,
            difficulty,
            crane,
            opponent,
            run.games,
            run.seed,
            run.threads,
        )?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let table = SharesFile {
        games: run.games,
        seed: run.seed,
        rows,
    };
    let head = format!(
        "// Each difficulty setting's measured Luftwaffe wins (docs/RULES.md,\n// \"Difficulty by forces\"): every shipped level, both rule variants,\n// the computer at each level on both sides, {} games a row. Written by\n//   tally-ho simulate --difficulties --games {} --seed {} --write-shares FILE\n// and read by the new-game screen; tests/difficulty.rs plays rows again.\n",
        run.games, run.games, run.seed
    );
    write_table(path, &head, &table, table.rows.len(), run.games)
}

pub(super) fn family(board: &str, setup: FamilySetup, run: &SimRun) -> Res {
    let SimRun {
        games,
        seed,
        threads,
        ..
    } = *run;
    let csv = run.csv.clone();
    let scenario = Arc::new(data::load_family(board)?);
    setup
        .validate(&scenario)
        .map_err(|e| format!("{board}: {e}"))?;
    let seats = setup.seats.len();
    let levels = run.seat_levels_of(seats, "the family game", &crate::family::ai::LEVELS)?;
    let names: Vec<&str> = levels.iter().map(|l| l.name()).collect();
    say!("board               {} ({board})", scenario.name);
    if seats == 1 {
        // The solo game has its own objective: reported by difficulty.
        say!(
            "solo game           one commander ({}) against the clock: {} kills by the difficulty's round; seed {seed}, {threads} threads",
            names[0],
            if setup.short_game {
                scenario.rules.kills_to_win_short
            } else {
                scenario.rules.kills_to_win
            }
        );
        let ai_levels = if run.ladder {
            Level::ALL.to_vec()
        } else {
            vec![levels[0]]
        };
        for level in ai_levels {
            let bar = progress(games * 3);
            let figures = sim::family::solo(&scenario, &setup, level, games, seed, threads, &|n| {
                bar.inc(n)
            });
            bar.finish_and_clear();
            say!("{figures}");
        }
        if csv.is_none() {
            return Ok(());
        }
    }
    let bar = progress(games);
    let cfg = sim::family::FamilyConfig {
        games,
        seed,
        setup,
        threads,
        max_commands: sim::family::MAX_COMMANDS,
        levels: levels.clone(),
    };
    let (results, elapsed) = sim::family::run(&scenario, &cfg, &|n| bar.inc(n))?;
    bar.finish_and_clear();
    let summary = sim::family::summarise(&scenario, &cfg, &results, elapsed);
    if seats > 1 {
        say!(
            "commanders          {seats}, every one the AI ({}); seed {seed}, {threads} threads",
            names.join(", ")
        );
        say!("{summary}");
    }
    if let Some(path) = csv {
        data::write_atomic(&path, &sim::family::csv(cfg.setup.seats.len(), &results))?;
        say!("wrote {}", path.display());
    }
    if run.ladder && seats > 1 {
        let bar = progress(games * 2);
        let (rungs, elapsed) =
            sim::family::ladder(&scenario, &cfg.setup, games, seed, threads, &|n| bar.inc(n));
        bar.finish_and_clear();
        say!(
            "level ladder        {games} seeds, the stronger level at each of the {seats} seats in turn ({:.1} s):",
            elapsed.as_secs_f64()
        );
        for r in rungs {
            say!("  {}", r.to_string().trim_end().replace('\n', "\n  "));
        }
    }
    Ok(())
}

/// Whole campaigns under each of the five weather rules, the two opponents
/// playing: weather, missions, targets, losses and the victory split.
/// `simulate --game campaign --write-zoom FILE`: the harms of board battles
/// between equal opponents (`levels/campaign/zoom.ron`).
pub(super) fn write_zoom(run: &SimRun, path: &std::path::Path) -> Res {
    let (campaign, rules) = record::campaign::shipped()?;
    let bar = progress(run.games * 10);
    let tick = |n: u64| bar.inc(n);
    let table =
        sim::campaign::zoom_table(&campaign, &rules, run.games, run.seed, run.threads, &tick);
    bar.finish_and_clear();
    let head = format!(
        "// The harms of board battles between equal opponents (docs/RULES.md, \"The\n// same war on every board\"): {} campaigns under each weather rule on each\n// board, the Veteran everywhere; for each kind of battle (board, fight, side\n// harmed, its squadrons, the dice the dice would throw at it), how many did\n// each harm; and for each board and fight, how the two sides' ranks go\n// together. Written by\n//   tally-ho simulate --game campaign --games {} --seed {} --write-zoom FILE\n// and read by the campaign when a battle on a board ends.\n",
        run.games, run.games, run.seed
    );
    // One row a line, so that a new table reads as a diff.
    let mut text = format!(
        "ZoomTable(games: {}, seed: {}, rows: [\n",
        table.games, table.seed
    );
    for row in &table.rows {
        let line = ron::ser::to_string(row).map_err(|e| e.to_string())?;
        text.push_str(&format!("    ZoomRow{line},\n"));
    }
    text.push_str("], links: [\n");
    for link in &table.links {
        let line = ron::ser::to_string(link).map_err(|e| e.to_string())?;
        text.push_str(&format!("    ZoomLink{line},\n"));
    }
    text.push_str("])");
    crate::data::write_atomic(path, &format!("{head}{text}\n"))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    say!(
        "wrote {} ({} kinds of battle)",
        path.display(),
        table.rows.len()
    );
    Ok(())
}

pub(super) fn campaign(run: &SimRun, tactical: bool) -> Res {
    use crate::campaign::game::Battles;
    use crate::campaign::rules::WeatherRule;
    let SimRun {
        games,
        seed,
        threads,
        ..
    } = *run;
    if run.csv.is_some() {
        return Err("--csv is not available for the campaign".into());
    }
    let ladder = run.ladder;
    let (campaign, rules) = record::campaign::shipped()?;
    let seats = run.seat_levels(2, "the campaign (the Luftwaffe, the RAF)")?;
    let levels = [seats[0], seats[1]];
    let board_levels = match run.board_levels[..] {
        [] => levels,
        [l] => [l, l],
        [g, b] => [g, b],
        _ => return Err("--board-levels names the Luftwaffe's level and the RAF's".into()),
    };
    say!(
        "campaign: {games} campaigns under each weather rule, the Luftwaffe planner ({}) against the RAF controller ({}) (seed {seed}, {threads} threads){}",
        levels[0],
        levels[1],
        if tactical {
            "; every intercept and dogfight thrown with the campaign's dice, then the same campaigns with every one fought on the hex board by Simple Hex's opponent on both sides, then with every intercept of a raid with bombers on the family board (its commander opponent flying the Spitfires, the rest on the hex board)"
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
                levels,
                board_levels,
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
            let family = run(Battles::Family);
            say!(
                "{}",
                sim::campaign::side_by_side(&[
                    ("dice", &dice),
                    ("hex board", &board),
                    ("family board", &family)
                ])
            );
        } else {
            say!("{dice}");
        }
        if ladder {
            let bar = progress(games * 2);
            let tick = |n: u64| bar.inc(n);
            let rungs = sim::campaign::campaign_ladder(
                &campaign, &rules, rule, games, seed, threads, &tick,
            );
            bar.finish_and_clear();
            say!(
                "  level ladder ({}; the same {games} seeds, the stronger level playing each side in turn; a win 1, a draw 0.5):",
                rule.name()
            );
            for rung in rungs {
                say!(
                    "    {}",
                    rung.to_string().trim_end().replace('\n', "\n    ")
                );
            }
        }
    }
    Ok(())
}

/// `bench-decisions`: the computer's decision times, level by level, each
/// level on every seat.
pub(super) fn bench_decisions(
    chosen: super::Chosen,
    games: u64,
    seed: u64,
    levels: &[Level],
) -> Res {
    let levels = if levels.is_empty() {
        match chosen {
            Chosen::SimpleHex { .. } => crate::simple_hex::ai::LEVELS.to_vec(),
            Chosen::Family { .. } => crate::family::ai::LEVELS.to_vec(),
            _ => Level::ALL.to_vec(),
        }
    } else {
        levels.to_vec()
    };
    say!("decision times      {games} games one after another on one thread, seed {seed}");
    for level in levels {
        let times = match &chosen {
            Chosen::SimpleHex {
                level: file,
                variant,
            } => {
                let scenario = Arc::new(data::load_simple_hex(file)?);
                sim::simple_hex::decisions(&scenario, variant.options(), games, seed, [level; 2])
            }
            Chosen::Family { board, setup } => {
                let scenario = Arc::new(data::load_family(board)?);
                setup
                    .validate(&scenario)
                    .map_err(|e| format!("{board}: {e}"))?;
                let seats = vec![level; setup.seats.len()];
                sim::family::decisions(&scenario, setup, games, seed, &seats)
            }
            Chosen::Blitz => {
                return Err("the night Blitz's automatic crew rolls no dice and searches nothing: there is nothing to time".into())
            }
            Chosen::Campaign => {
                let (campaign, rules) = record::campaign::shipped()?;
                sim::campaign::decisions(
                    &campaign,
                    &rules,
                    crate::campaign::rules::WeatherRule::PhaseDice,
                    games,
                    seed,
                    [level; 2],
                )
            }
        };
        say!("  {level:<8} {times}");
    }
    Ok(())
}

/// Whole night Blitz tours flown by an automatic crew: missions a month,
/// targets, losses by cause, crews surviving and victory points; with
/// `--crew all`, every policy on the same seeds side by side.
pub(super) fn blitz(run: &SimRun) -> Res {
    use crate::blitz::ai::Policy;
    let SimRun {
        games,
        seed,
        threads,
        ..
    } = *run;
    if run.csv.is_some() {
        return Err("--csv is not available for the night Blitz".into());
    }
    if !run.levels.is_empty() || run.ladder {
        return Err("the night Blitz has crews, not levels: --crew names one (auto, cautious, bold, or all); --levels and --ladder are for the other games".into());
    }
    let policies: Vec<Policy> = match run.crew.as_deref() {
        None => vec![Policy::Auto],
        Some("all") => Policy::ALL.to_vec(),
        Some(name) => vec![Policy::parse(name)
            .ok_or_else(|| format!("--crew takes auto, cautious, bold or all, not {name}"))?],
    };
    let tables = Arc::new(data::load_blitz()?);
    let mut all = Vec::new();
    for policy in policies {
        say!(
            "night Blitz: {games} tours from {} to {}, flown by the {} crew (seed {seed}, {threads} threads)",
            tables.calendar.first_night,
            tables.calendar.last_night,
            policy.name()
        );
        let bar = progress(games);
        let (tours, elapsed) =
            sim::blitz::run(&tables, games, seed, policy, threads, &|n| bar.inc(n));
        bar.finish_and_clear();
        say!(
            "{}",
            sim::blitz::Figures {
                tours: &tours,
                elapsed
            }
        );
        all.push((policy, tours));
    }
    if all.len() > 1 {
        say!("\nthe crews side by side, on the same seeds:");
        say!(
            "{}",
            sim::blitz::Comparison {
                rows: all.iter().map(|(p, t)| (*p, t.as_slice())).collect()
            }
        );
    }
    Ok(())
}

/// The night Blitz's choice lab: for each kind of decision, how often each
/// option was the best (`sim::blitz_choices`).
pub(super) fn blitz_choices(run: &SimRun) -> Res {
    use crate::blitz::forecast::FLIGHTS;
    let SimRun {
        games,
        seed,
        threads,
        ..
    } = *run;
    if run.csv.is_some() || run.crew.is_some() || !run.levels.is_empty() || run.ladder {
        return Err(
            "--choices takes --games, --seed and --threads only: it flies the auto crew".into(),
        );
    }
    let tables = Arc::new(data::load_blitz()?);
    say!(
        "night Blitz choice lab: {games} tours of the auto crew, a sample of their decisions tried (seed {seed}, {threads} threads)"
    );
    let bar = progress(games);
    let (situations, elapsed) =
        sim::blitz_choices::run(&tables, games, seed, FLIGHTS, threads, &|n| bar.inc(n));
    bar.finish_and_clear();
    say!(
        "{}",
        sim::blitz_choices::Choices {
            situations: &situations,
            flights: FLIGHTS
        }
    );
    say!(
        "{} situations tried in {:.1} s",
        situations.len(),
        elapsed.as_secs_f64()
    );
    Ok(())
}
