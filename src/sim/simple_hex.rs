//! Simple Hex's figures: win rates with their intervals, the bomb score,
//! planes lost per type, and games per second.

use super::{quantile, run_indexed, wilson};
use crate::common::dice::sub_seed;
use crate::common::Level;
use crate::common::Side;
use crate::simple_hex::ai::{play_out_at, Ai, MAX_COMMANDS};
use crate::simple_hex::{Game, Options, Scenario};
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub index: u64,
    pub seed: u64,
    pub winner: Side,
    pub score: u32,
    /// Planes destroyed per aircraft type (indexed like `scenario.aircraft`).
    pub losses: Vec<u32>,
    pub rounds: u32,
    pub commands: u32,
}

/// Plays one full game, AI against AI, the Luftwaffe at `levels[0]` and the
/// RAF at `levels[1]`.
pub fn play_one(
    scenario: &Arc<Scenario>,
    options: Options,
    index: u64,
    seed: u64,
    levels: [Level; 2],
) -> GameResult {
    let game_seed = sub_seed(seed, index);
    let mut game = Game::new_quiet(scenario.clone(), options, game_seed);
    play_out_at(&mut game, levels[0], levels[1]).expect("the opponents only play legal commands");
    GameResult {
        index,
        seed: game_seed,
        winner: game.winner().expect("a played-out game is over"),
        score: game.score(),
        losses: game.losses(),
        rounds: game.total_rounds(),
        commands: game.commands().len() as u32,
    }
}

pub struct RunConfig {
    pub games: u64,
    pub seed: u64,
    pub options: Options,
    pub threads: usize,
    /// The Luftwaffe's level, then the RAF's.
    pub levels: [Level; 2],
}

/// The decision benchmark: `games` games played one after another on this
/// thread, every decision of both sides' opponents timed.
pub fn decisions(
    scenario: &Arc<Scenario>,
    options: Options,
    games: u64,
    seed: u64,
    levels: [Level; 2],
) -> super::decisions::DecisionTimes {
    let mut timed = super::decisions::Timed::new(Ai::at(levels[0], levels[1]));
    for i in 0..games {
        let mut game = Game::new_quiet(scenario.clone(), options, sub_seed(seed, i));
        crate::common::game::play_out(&mut game, &mut timed, MAX_COMMANDS)
            .expect("the opponents only play legal commands");
    }
    super::decisions::DecisionTimes::of(&timed.times)
}

/// Plays `games` games on `threads` threads; `tick(n)` is called as games finish.
pub fn run(
    scenario: &Arc<Scenario>,
    cfg: &RunConfig,
    tick: &(dyn Fn(u64) + Sync),
) -> (Vec<GameResult>, Duration) {
    run_indexed(cfg.games, cfg.threads, tick, |i| {
        play_one(scenario, cfg.options, i, cfg.seed, cfg.levels)
    })
}

/// The level ladder (see `sim::ladder`): seat 0 the Luftwaffe, seat 1 the
/// RAF; a win is a point.
pub fn ladder(
    scenario: &Arc<Scenario>,
    cfg: &RunConfig,
    tick: &(dyn Fn(u64) + Sync),
) -> (Vec<super::Rung>, Duration) {
    super::ladder(
        cfg.games,
        &["Luftwaffe", "RAF"],
        &crate::simple_hex::ai::LEVELS,
        cfg.threads,
        tick,
        |i, levels| {
            let r = play_one(scenario, cfg.options, i, cfg.seed, [levels[0], levels[1]]);
            let german = (r.winner == Side::German) as u8 as f64;
            vec![german, 1.0 - german]
        },
    )
}

#[derive(Clone, Debug)]
pub struct Summary {
    pub games: u64,
    pub german_wins: u64,
    pub british_wins: u64,
    pub score_mean: f64,
    pub score_sd: f64,
    pub score_median: u32,
    pub score_p10: u32,
    pub score_p90: u32,
    /// (aircraft name, planes lost per game, in total)
    pub losses: Vec<(String, f64, u64)>,
    pub rounds_mean: f64,
    pub elapsed: Duration,
}

pub fn summarise(scenario: &Scenario, results: &[GameResult], elapsed: Duration) -> Summary {
    let n = results.len() as u64;
    let german_wins = results.iter().filter(|r| r.winner == Side::German).count() as u64;
    let nf = (n as f64).max(1.0);
    let mean = results.iter().map(|r| r.score as f64).sum::<f64>() / nf;
    let var = results
        .iter()
        .map(|r| (r.score as f64 - mean).powi(2))
        .sum::<f64>()
        / (nf - 1.0).max(1.0);
    let mut scores: Vec<u32> = results.iter().map(|r| r.score).collect();
    scores.sort_unstable();
    let q = |f: f64| -> u32 { quantile(&scores, f) };
    let losses = scenario
        .aircraft
        .iter()
        .enumerate()
        .filter(|(i, _)| scenario.units.iter().any(|u| u.aircraft == *i))
        .map(|(i, a)| {
            let total: u64 = results.iter().map(|r| r.losses[i] as u64).sum();
            (a.name.clone(), total as f64 / nf, total)
        })
        .collect();
    Summary {
        games: n,
        german_wins,
        british_wins: n - german_wins,
        score_mean: mean,
        score_sd: var.sqrt(),
        score_median: q(0.5),
        score_p10: q(0.1),
        score_p90: q(0.9),
        losses,
        rounds_mean: results.iter().map(|r| r.rounds as f64).sum::<f64>() / nf,
        elapsed,
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.games;
        let pct = |k: u64| 100.0 * k as f64 / (n as f64).max(1.0);
        let (glo, ghi) = wilson(self.german_wins, n);
        let (blo, bhi) = wilson(self.british_wins, n);
        writeln!(f, "games played        {n}")?;
        writeln!(
            f,
            "Luftwaffe wins      {:6.2}%  (95% CI {:.2}% to {:.2}%)",
            pct(self.german_wins),
            glo * 100.0,
            ghi * 100.0
        )?;
        writeln!(
            f,
            "RAF wins            {:6.2}%  (95% CI {:.2}% to {:.2}%)",
            pct(self.british_wins),
            blo * 100.0,
            bhi * 100.0
        )?;
        writeln!(
            f,
            "bomb score          mean {:.2}, sd {:.2}, median {}, 10th-90th percentile {}-{}",
            self.score_mean, self.score_sd, self.score_median, self.score_p10, self.score_p90
        )?;
        writeln!(f, "movement rounds     {:.1} per game", self.rounds_mean)?;
        writeln!(f, "planes lost per game:")?;
        for (name, per, total) in &self.losses {
            writeln!(f, "  {name:<12} {per:5.2}  ({total} in all)")?;
        }
        let secs = self.elapsed.as_secs_f64();
        write!(
            f,
            "time                {:.2} s, {:.0} games per second",
            secs,
            n as f64 / secs.max(1e-9)
        )
    }
}

/// One CSV row per game, with a header.
pub fn csv(scenario: &Scenario, results: &[GameResult]) -> String {
    let mut out = String::from("game,seed,winner,score,rounds,commands");
    for a in &scenario.aircraft {
        out.push_str(&format!(",lost_{}", a.name.replace(' ', "_")));
    }
    out.push('\n');
    for r in results {
        out.push_str(&format!(
            "{},{},{},{},{},{}",
            r.index,
            r.seed,
            r.winner.name(),
            r.score,
            r.rounds,
            r.commands
        ));
        for l in &r.losses {
            out.push_str(&format!(",{l}"));
        }
        out.push('\n');
    }
    out
}

/// One row of the table of measured shares (`forces::SharesFile`): the
/// shipped `level` at the setting `difficulty`, under Crane's variant or
/// not, the computer at `opponent` on both sides, over `games` games on
/// the seeds of `seed`.
pub fn share_row(
    level: &str,
    difficulty: &str,
    crane: bool,
    opponent: Level,
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<crate::simple_hex::forces::ShareRow, crate::data::LoadErrors> {
    let scenario = Arc::new(crate::data::load_simple_hex_at(level, difficulty)?);
    let cfg = RunConfig {
        games,
        seed,
        options: Options {
            damaged_bombers_cannot_defend: crane,
            ..Options::default()
        },
        threads,
        levels: [opponent; 2],
    };
    let (results, _) = run(&scenario, &cfg, &|_| {});
    use crate::simple_hex::forces::{SCORE_BIN, SCORE_BINS};
    let mut scores = crate::common::spread::Spread::new(0, SCORE_BIN, SCORE_BINS);
    for r in &results {
        scores.add(r.score as i32);
    }
    Ok(crate::simple_hex::forces::ShareRow {
        scores,
        level: level.to_string(),
        difficulty: difficulty.to_string(),
        crane,
        opponent,
        luftwaffe_wins: results.iter().filter(|r| r.winner == Side::German).count() as u64,
    })
}
