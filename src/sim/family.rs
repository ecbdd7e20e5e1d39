//! The family game's simulator: every commander driven by the AI
//! (`family::ai`), many games on all cores through `sim::run_indexed`.
//!
//! Game `i` is seeded with `sub_seed(seed, i)` and the results come back in
//! index order, so the figures are the same whatever the number of threads.

use super::{quantile, run_indexed, wilson};
use crate::common::dice::sub_seed;
use crate::common::Level;
use crate::family::{ai, Cause, Ending, FamilyScenario, Game, Setup};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// A game still going after this many commands is given up as unfinished (a
/// shipped game ends at dusk after a few hundred; the cap only matters for a
/// rules file without dusk, or a bug).
pub const MAX_COMMANDS: usize = 50_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyResult {
    pub index: u64,
    pub seed: u64,
    /// None: unfinished (the command cap was reached).
    pub ending: Option<Ending>,
    pub winner: Option<u8>,
    pub rounds: u32,
    pub commands: u32,
    /// Bombers shot down, by seat.
    pub kills: Vec<u8>,
    /// Why each seat's Spitfire left the game, if it did.
    pub lost: Vec<Option<Cause>>,
    /// Radar stations, airfields and AA batteries knocked out.
    pub features_bombed: u32,
}

impl FamilyResult {
    pub fn finished(&self) -> bool {
        self.ending.is_some()
    }
    pub fn bombers_shot_down(&self) -> u32 {
        self.kills.iter().map(|&k| k as u32).sum()
    }
}

/// Plays one game from `setup`, every seat driven by the AI, giving up after
/// `max_commands` commands.
pub fn play_one(
    scenario: &Arc<FamilyScenario>,
    setup: &Setup,
    index: u64,
    seed: u64,
    max_commands: usize,
) -> FamilyResult {
    play_one_at(scenario, setup, index, seed, max_commands, &[])
}

/// `play_one` with seat `i` flown at `levels[i]` (Veteran past the end).
pub fn play_one_at(
    scenario: &Arc<FamilyScenario>,
    setup: &Setup,
    index: u64,
    seed: u64,
    max_commands: usize,
    levels: &[Level],
) -> FamilyResult {
    let game_seed = sub_seed(seed, index);
    let mut game = Game::new_quiet(scenario.clone(), setup.clone(), game_seed)
        .expect("the set-up was validated before the run");
    let commands = ai::play_out_with(&mut game, ai::Ai::with_levels(levels), max_commands)
        .expect("the opponent only plays legal commands");
    result_of(&game, index, commands)
}

/// The decision benchmark (see `sim::decisions`): `games` games played one
/// after another on this thread, every commander's decision timed.
pub fn decisions(
    scenario: &Arc<FamilyScenario>,
    setup: &Setup,
    games: u64,
    seed: u64,
    levels: &[Level],
) -> super::decisions::DecisionTimes {
    let mut timed = super::decisions::Timed::new(ai::Ai::with_levels(levels));
    for i in 0..games {
        let mut game = Game::new_quiet(scenario.clone(), setup.clone(), sub_seed(seed, i))
            .expect("the set-up was validated before the run");
        crate::common::game::play_out(&mut game, &mut timed, MAX_COMMANDS)
            .expect("the opponent only plays legal commands");
    }
    super::decisions::DecisionTimes::of(&timed.times)
}

/// The level ladder of the family game (`sim::ladder`): the stronger level
/// at each seat in turn against the weaker at the others, on the same seeds;
/// a win is the winner's point (a game nobody wins gives no points).
pub fn ladder(
    scenario: &Arc<FamilyScenario>,
    setup: &Setup,
    seeds: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> (Vec<super::Rung>, Duration) {
    let seats = setup.seats.len();
    // Each seat by its sector's colour, as the seat figures name it.
    let names: Vec<String> = setup
        .seats
        .iter()
        .map(|s| {
            scenario.sectors[s.sector as usize]
                .colour
                .name()
                .to_string()
        })
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    super::ladder(
        seeds,
        &names,
        &crate::family::ai::LEVELS,
        threads,
        tick,
        |i, levels| {
            let r = play_one_at(scenario, setup, i, seed, MAX_COMMANDS, levels);
            let mut points = vec![0.0; seats];
            if let Some(w) = r.winner {
                points[w as usize] = 1.0;
            }
            points
        },
    )
}

/// The solo game's figures: for each difficulty, how often the lone
/// commander (at `level`) wins, over the same seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct SoloFigures {
    pub level: Level,
    /// (difficulty, rounds allowed, games, wins, mean kills)
    pub rows: Vec<(Level, u32, u64, u64, f64)>,
}

/// Plays `games` solo games at each difficulty with the commander at `level`.
pub fn solo(
    scenario: &Arc<FamilyScenario>,
    setup: &Setup,
    level: Level,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> SoloFigures {
    let rows = Level::ALL
        .iter()
        .map(|&difficulty| {
            let setup = Setup {
                difficulty,
                ..setup.clone()
            };
            let (results, _) = run_indexed(games, threads, tick, |i| {
                play_one_at(scenario, &setup, i, seed, MAX_COMMANDS, &[level])
            });
            let wins = results.iter().filter(|r| r.winner == Some(0)).count() as u64;
            let kills =
                results.iter().map(|r| r.kills[0] as f64).sum::<f64>() / (games as f64).max(1.0);
            let d = scenario.rules.solo(difficulty);
            let rounds = if setup.short_game {
                d.rounds_short
            } else {
                d.rounds
            };
            (difficulty, rounds, games, wins, kills)
        })
        .collect();
    SoloFigures { level, rows }
}

impl fmt::Display for SoloFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(difficulty, rounds, games, wins, kills)) in self.rows.iter().enumerate() {
            let (lo, hi) = wilson(wins, games);
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "  solo {:<8} (by round {rounds:>2}) the {} commander wins {:6.2}%  (95% CI {:.2}% to {:.2}%)  kills {:.2} per game, {games} games",
                difficulty.name(),
                self.level.name(),
                100.0 * wins as f64 / (games as f64).max(1.0),
                100.0 * lo,
                100.0 * hi,
                kills
            )?;
        }
        Ok(())
    }
}

/// The figures of a game as it stands (unfinished if it is not over).
pub fn result_of(game: &Game, index: u64, commands: usize) -> FamilyResult {
    let features = game.scenario().features.len();
    FamilyResult {
        index,
        seed: game.seed(),
        ending: game.ending(),
        winner: game.winner(),
        rounds: game.round(),
        commands: commands as u32,
        kills: game.spitfires().iter().map(|s| s.kills).collect(),
        lost: game.spitfires().iter().map(|s| s.lost).collect(),
        features_bombed: (0..features).filter(|&f| game.is_knocked_out(f)).count() as u32,
    }
}

#[derive(Clone, Debug)]
pub struct FamilyConfig {
    pub games: u64,
    pub seed: u64,
    pub setup: Setup,
    pub threads: usize,
    pub max_commands: usize,
    /// The level of each seat (Veteran past the end).
    pub levels: Vec<Level>,
}

/// Plays `cfg.games` games; `tick(n)` is called as games finish.
pub fn run(
    scenario: &Arc<FamilyScenario>,
    cfg: &FamilyConfig,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<FamilyResult>, Duration), String> {
    cfg.setup.validate(scenario)?;
    Ok(run_indexed(cfg.games, cfg.threads, tick, |i| {
        play_one_at(
            scenario,
            &cfg.setup,
            i,
            cfg.seed,
            cfg.max_commands,
            &cfg.levels,
        )
    }))
}

/// One seat's line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatFigures {
    pub name: String,
    pub wins: u64,
    pub kills_mean: f64,
}

#[derive(Clone, Debug)]
pub struct FamilySummary {
    pub games: u64,
    pub unfinished: u64,
    pub max_commands: usize,
    pub kills_to_win: u8,
    /// Over finished games.
    pub rounds_mean: f64,
    pub rounds_median: u32,
    pub rounds_p10: u32,
    pub rounds_p90: u32,
    pub seats: Vec<SeatFigures>,
    pub by_kills: u64,
    /// Dusk with a single leader, who wins.
    pub dusk_won: u64,
    /// Won by nobody: every Spitfire out.
    pub nobody_all_out: u64,
    /// Won by nobody: dusk with no kills or a tie for the lead.
    pub nobody_dusk: u64,
    /// (cause, Spitfires lost to it in all)
    pub lost: Vec<(Cause, u64)>,
    pub shot_down_mean: f64,
    pub features_bombed_mean: f64,
    pub elapsed: Duration,
}

pub fn summarise(
    scenario: &FamilyScenario,
    cfg: &FamilyConfig,
    results: &[FamilyResult],
    elapsed: Duration,
) -> FamilySummary {
    let setup = &cfg.setup;
    let kills_to_win = if setup.short_game {
        scenario.rules.kills_to_win_short
    } else {
        scenario.rules.kills_to_win
    };
    let n = results.len() as u64;
    let nf = (n as f64).max(1.0);
    let finished: Vec<&FamilyResult> = results.iter().filter(|r| r.finished()).collect();
    let mut rounds: Vec<u32> = finished.iter().map(|r| r.rounds).collect();
    rounds.sort_unstable();
    let count = |f: &dyn Fn(&FamilyResult) -> bool| results.iter().filter(|r| f(r)).count() as u64;
    let seats = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatFigures {
            name: scenario.sectors[s.sector as usize].name.clone(),
            wins: count(&|r| r.winner == Some(i as u8)),
            kills_mean: results
                .iter()
                .map(|r| r.kills.get(i).copied().unwrap_or(0) as f64)
                .sum::<f64>()
                / nf,
        })
        .collect();
    FamilySummary {
        games: n,
        unfinished: n - finished.len() as u64,
        max_commands: cfg.max_commands,
        kills_to_win,
        rounds_mean: rounds.iter().map(|&r| r as f64).sum::<f64>() / (rounds.len() as f64).max(1.0),
        rounds_median: quantile(&rounds, 0.5),
        rounds_p10: quantile(&rounds, 0.1),
        rounds_p90: quantile(&rounds, 0.9),
        seats,
        by_kills: count(&|r| r.ending == Some(Ending::Kills)),
        dusk_won: count(&|r| r.ending == Some(Ending::Dusk) && r.winner.is_some()),
        nobody_all_out: count(&|r| r.ending == Some(Ending::AllOut)),
        nobody_dusk: count(&|r| r.ending == Some(Ending::Dusk) && r.winner.is_none()),
        lost: Cause::ALL
            .iter()
            .map(|&c| {
                let total = results
                    .iter()
                    .map(|r| r.lost.iter().filter(|&&l| l == Some(c)).count() as u64)
                    .sum();
                (c, total)
            })
            .collect(),
        shot_down_mean: results
            .iter()
            .map(|r| r.bombers_shot_down() as f64)
            .sum::<f64>()
            / nf,
        features_bombed_mean: results
            .iter()
            .map(|r| r.features_bombed as f64)
            .sum::<f64>()
            / nf,
        elapsed,
    }
}

impl fmt::Display for FamilySummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.games;
        let nf = (n as f64).max(1.0);
        let pct = |k: u64| 100.0 * k as f64 / nf;
        writeln!(
            f,
            "games played        {n} ({} unfinished after {} commands)",
            self.unfinished, self.max_commands
        )?;
        writeln!(
            f,
            "game length         mean {:.1} rounds, median {}, 10th-90th percentile {}-{}",
            self.rounds_mean, self.rounds_median, self.rounds_p10, self.rounds_p90
        )?;
        writeln!(
            f,
            "endings             first to {} kills {:.2}%, dusk with a leader {:.2}%",
            self.kills_to_win,
            pct(self.by_kills),
            pct(self.dusk_won)
        )?;
        writeln!(
            f,
            "won by nobody       {:.2}%: all Spitfires out {:.2}%, dusk without a leader {:.2}%",
            pct(self.nobody_all_out + self.nobody_dusk),
            pct(self.nobody_all_out),
            pct(self.nobody_dusk)
        )?;
        writeln!(f, "by seat:")?;
        for (i, s) in self.seats.iter().enumerate() {
            let (lo, hi) = wilson(s.wins, n);
            writeln!(
                f,
                "  {} {:<8} wins {:6.2}%  (95% CI {:.2}% to {:.2}%)  kills {:.2} per game",
                i + 1,
                s.name,
                pct(s.wins),
                lo * 100.0,
                hi * 100.0,
                s.kills_mean
            )?;
        }
        let spitfires = (n * self.seats.len() as u64) as f64;
        writeln!(f, "Spitfires lost per game (share of all Spitfires):")?;
        for (cause, total) in &self.lost {
            writeln!(
                f,
                "  {:<22} {:5.2}  ({:.1}%)",
                cause.name(),
                *total as f64 / nf,
                100.0 * *total as f64 / spitfires.max(1.0)
            )?;
        }
        writeln!(f, "bombers shot down   {:.2} per game", self.shot_down_mean)?;
        writeln!(
            f,
            "features bombed     {:.2} per game",
            self.features_bombed_mean
        )?;
        let secs = self.elapsed.as_secs_f64();
        write!(
            f,
            "time                {:.2} s, {:.0} games per second",
            secs,
            n as f64 / secs.max(1e-9)
        )
    }
}

fn ending_name(e: Option<Ending>) -> &'static str {
    match e {
        None => "unfinished",
        Some(Ending::Kills) => "kills",
        Some(Ending::AllOut) => "all_out",
        Some(Ending::Dusk) => "dusk",
        Some(Ending::RaidOver) => "raid_over",
    }
}

fn cause_name(c: Option<Cause>) -> &'static str {
    match c {
        None => "",
        Some(Cause::OutOfFuel) => "out_of_fuel",
        Some(Cause::Collision) => "collision",
        Some(Cause::BombedOnGround) => "bombed_on_ground",
        Some(Cause::NoRoomToGiveWay) => "no_room_to_give_way",
    }
}

/// One CSV row per game, with a header; seats are numbered from 1.
pub fn csv(seats: usize, results: &[FamilyResult]) -> String {
    let mut out = String::from("game,seed,ending,winner,rounds,commands,features_bombed");
    for i in 1..=seats {
        out.push_str(&format!(",kills_{i}"));
    }
    for i in 1..=seats {
        out.push_str(&format!(",lost_{i}"));
    }
    out.push('\n');
    for r in results {
        out.push_str(&format!(
            "{},{},{},{},{},{},{}",
            r.index,
            r.seed,
            ending_name(r.ending),
            r.winner.map_or(String::new(), |w| (w + 1).to_string()),
            r.rounds,
            r.commands,
            r.features_bombed
        ));
        for k in &r.kills {
            out.push_str(&format!(",{k}"));
        }
        for l in &r.lost {
            out.push_str(&format!(",{}", cause_name(*l)));
        }
        out.push('\n');
    }
    out
}

/// The family spreads table's rows: on every shipped board, every measured
/// set-up (`family::spread::measured`), each by `setup_spread_rows`.
pub fn spread_rows(
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<crate::common::spread::SpreadRow>, crate::data::LoadErrors> {
    let mut rows = Vec::new();
    for (name, _, _) in crate::data::FAMILY_BOARDS {
        let scenario = Arc::new(crate::data::load_family(name)?);
        for setup in crate::family::spread::measured(scenario.sectors.len()) {
            rows.extend(setup_spread_rows(
                name, &scenario, &setup, games, seed, threads, tick,
            ));
        }
    }
    Ok(rows)
}

/// One set-up's two rows: `games` games on `board`, the Veteran in every
/// seat, counted by outcome (see `family::spread`).
pub fn setup_spread_rows(
    board: &str,
    scenario: &Arc<FamilyScenario>,
    setup: &Setup,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> [crate::common::spread::SpreadRow; 2] {
    use crate::common::spread::{Better, Spread, SpreadRow};
    use crate::family::spread;
    let (results, _) = run_indexed(games, threads, tick, |i| {
        play_one(scenario, setup, i, seed, MAX_COMMANDS)
    });
    // Rounds in twos up to nightfall; the leader's kills one by one.
    let mut won = Spread::new(0, 2, 32);
    let mut nobody = Spread::new(0, 1, 6);
    for r in &results {
        let (outcome, value, _) = spread::result(r.winner, r.rounds, &r.kills);
        if outcome == spread::WON {
            won.add(value);
        } else {
            nobody.add(value);
        }
    }
    let setting = spread::setting(board, setup);
    [(spread::WON, won), (spread::NOBODY, nobody)].map(|(outcome, s)| SpreadRow {
        setting: setting.clone(),
        outcome: outcome.to_string(),
        better: Better::Lower,
        spread: s,
    })
}
