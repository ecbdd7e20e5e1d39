//! The night Blitz's choice lab (`simulate --game blitz --choices`): tours
//! flown by the automatic crew, and at a sample of the decisions met on
//! the way, every option flown on to the mission's end many times on the
//! same dice (`blitz::forecast`). For each kind of decision it counts the
//! situations in which each option was the best (by the change in the
//! tour's rating), and in which it was clearly the best (ahead of every
//! other option by more than twice the standard error of the paired
//! difference); and how much the automatic crew's own pick gave away.

use super::run_indexed;
use crate::blitz::ai::Crew;
use crate::blitz::forecast::{flights, seed_of, worth_it, Flight};
use crate::blitz::{Command, Game, Leg, Phase, Setup, Tables};
use crate::common::dice::sub_seed;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The kinds of decision the crew meets, as the lab groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decision {
    /// At the briefing: the bomb load against extra fuel.
    Fuel,
    /// Outbound, a heading or an abort.
    Outbound,
    /// Homebound, a heading or a landing short of the base.
    Homebound,
    /// Bad weather ahead: press on, avoid it or descend.
    Weather,
    /// A night fighter attacks: evade or hold.
    Fighter,
    /// Over the target: the run in or abort.
    BombRun,
    /// Through the flak: bombs away or abort.
    Release,
}

impl Decision {
    pub const ALL: [Decision; 7] = [
        Decision::Fuel,
        Decision::Outbound,
        Decision::Homebound,
        Decision::Weather,
        Decision::Fighter,
        Decision::BombRun,
        Decision::Release,
    ];

    /// The decision the game waits on, if it is a choice.
    pub fn of(game: &Game) -> Option<Decision> {
        if !worth_it(game) {
            return None;
        }
        Some(match game.phase() {
            Phase::Briefing => Decision::Fuel,
            Phase::Heading => match game.bomber().map(|b| b.leg) {
                Some(Leg::Homebound) => Decision::Homebound,
                _ => Decision::Outbound,
            },
            Phase::Weather => Decision::Weather,
            Phase::Attacked { .. } => Decision::Fighter,
            Phase::Target => Decision::BombRun,
            Phase::Release => Decision::Release,
            Phase::Debrief | Phase::Over => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Decision::Fuel => "fuel or bombs",
            Decision::Outbound => "route outbound",
            Decision::Homebound => "route home",
            Decision::Weather => "weather",
            Decision::Fighter => "evade or hold",
            Decision::BombRun => "bomb run",
            Decision::Release => "bombs away",
        }
    }

    /// One situation in `rate` of this kind is tried (headings come at
    /// every zone, fighters seldom); every situation out of the ordinary
    /// (`notable`) is.
    fn rate(self, game: &Game) -> u64 {
        let headings = matches!(self, Decision::Outbound | Decision::Homebound);
        if self == Decision::Fuel && long_raid(game) {
            return 1;
        }
        if notable(game) && self != Decision::Fuel {
            return if headings { 10 } else { 1 };
        }
        match self {
            Decision::Fuel => 8,
            Decision::Outbound | Decision::Homebound => 40,
            Decision::Weather => 3,
            Decision::Fighter => 1,
            Decision::BombRun | Decision::Release => 8,
        }
    }
}

/// A raid of `ai::LONG_RAID` zones or more.
fn long_raid(game: &Game) -> bool {
    let t = game.tables();
    match (game.mission(), crate::blitz::Zone::parse(&t.nights.base)) {
        (Some(m), Some(base)) => base.steps_to(m.target) >= crate::blitz::ai::LONG_RAID,
        _ => false,
    }
}

/// A situation out of the ordinary, where the options are likeliest to
/// part: over or bound for London, the bomber damaged or short of fuel, a
/// man wounded, the searchlights holding it, bad weather or a new moon.
fn notable(game: &Game) -> bool {
    let (Some(m), Some(b)) = (game.mission(), game.bomber()) else {
        return false;
    };
    let damaged = b.engine_out || !b.beam_equipment || !b.bomb_bay_doors || b.beam_jammed;
    let short = b.fuel as u16 <= 2 * b.zone.steps_to(m.target) as u16 + 2;
    let hurt = game.crew().men.iter().any(|m| m.wound.is_some());
    damaged
        || short
        || hurt
        || m.london
        || m.lights != crate::blitz::Searchlights::Blocked
        || m.weather == crate::blitz::Weather::Bad
        || m.moon == crate::blitz::Moon::New
}

/// One situation tried: each option's mean value, the best, whether it
/// was clearly the best, and the crew's own pick.
#[derive(Clone, Debug, PartialEq)]
pub struct Situation {
    pub decision: Decision,
    pub options: Vec<(Command, f64)>,
    pub best: Command,
    pub clearly: bool,
    pub picked: Command,
}

/// Tries one situation: every option flown `n` times on the same seeds.
pub fn try_situation(game: &Game, decision: Decision, crew: &Crew, n: u32) -> Option<Situation> {
    let picked = crew.decide(game)?;
    let seed = seed_of(game);
    let runs: Vec<(Command, Vec<Flight>)> = game
        .legal_commands()
        .into_iter()
        .map(|c| (c, flights(game, c, &Crew::AUTO, n, seed)))
        .collect();
    let mean = |f: &[Flight]| f.iter().map(|x| x.value as f64).sum::<f64>() / f.len().max(1) as f64;
    let options: Vec<(Command, f64)> = runs.iter().map(|(c, f)| (*c, mean(f))).collect();
    let (bi, _) = options
        .iter()
        .enumerate()
        .max_by(|a, b| a.1 .1.total_cmp(&b.1 .1))?;
    let best = &runs[bi].1;
    // Clearly best: ahead of every other option by twice the standard
    // error of the paired difference.
    let clearly = runs.iter().enumerate().all(|(i, (_, other))| {
        if i == bi {
            return true;
        }
        let d: Vec<f64> = best
            .iter()
            .zip(other)
            .map(|(a, b)| (a.value - b.value) as f64)
            .collect();
        let k = d.len().max(2) as f64;
        let m = d.iter().sum::<f64>() / k;
        let var = d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (k - 1.0);
        m > 2.0 * (var / k).sqrt()
    });
    Some(Situation {
        decision,
        options,
        best: runs[bi].0,
        clearly,
        picked,
    })
}

/// One tour flown by the auto crew, a sample of its decisions tried.
pub fn tour(tables: &Arc<Tables>, seed: u64, n: u32) -> Vec<Situation> {
    let crew = Crew::AUTO;
    let mut g = Game::new_quiet(tables.clone(), Setup::default(), seed);
    let mut out = Vec::new();
    let mut met = [0u64; 7];
    for _ in 0..super::blitz::MAX_COMMANDS {
        if let Some(d) = Decision::of(&g) {
            let k = Decision::ALL.iter().position(|x| *x == d).unwrap_or(0);
            met[k] += 1;
            if sub_seed(seed ^ 0x0C40_1CE5, met[k] * 8 + k as u64).is_multiple_of(d.rate(&g)) {
                out.extend(try_situation(&g, d, &crew, n));
            }
        }
        let Some(c) = crew.decide(&g) else { break };
        if g.play(c).is_err() {
            break;
        }
    }
    out
}

/// `tours` tours, tour `i` seeded with `sub_seed(seed, i)`.
pub fn run(
    tables: &Arc<Tables>,
    tours: u64,
    seed: u64,
    n: u32,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> (Vec<Situation>, Duration) {
    let (all, elapsed) = run_indexed(tours, threads, tick, |i| tour(tables, sub_seed(seed, i), n));
    (all.into_iter().flatten().collect(), elapsed)
}

/// The lab's table.
pub struct Choices<'a> {
    pub situations: &'a [Situation],
    pub flights: u32,
}

impl fmt::Display for Choices<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "each option flown {} times from each situation, on the same dice; value: the tour's rating gained over the rest of the mission",
            self.flights
        )?;
        writeln!(
            f,
            "every situation out of the ordinary is tried (a long raid's briefing; London, damage, fuel short, wounds, searchlights, bad weather, new moon), of the others a sample"
        )?;
        writeln!(
            f,
            "{:<15} {:>10}  {:<30} {:>7} {:>13} {:>10} {:>9}",
            "decision", "situations", "option", "best", "clearly best", "mean value", "auto picks"
        )?;
        for d in Decision::ALL {
            let s: Vec<&Situation> = self.situations.iter().filter(|s| s.decision == d).collect();
            if s.is_empty() {
                continue;
            }
            let n = s.len() as f64;
            let mut options: BTreeMap<String, (u32, u32, f64, u32, u32)> = BTreeMap::new();
            for x in &s {
                for (c, v) in &x.options {
                    let e = options.entry(c.to_string()).or_default();
                    e.0 += (x.best == *c) as u32;
                    e.1 += (x.best == *c && x.clearly) as u32;
                    e.2 += v;
                    e.3 += 1;
                    e.4 += (x.picked == *c) as u32;
                }
            }
            for (i, (c, (best, clearly, value, met, picked))) in options.iter().enumerate() {
                writeln!(
                    f,
                    "{:<15} {:>10}  {:<30} {:>6.1}% {:>12.1}% {:>10.2} {:>8.1}%",
                    if i == 0 { d.name() } else { "" },
                    if i == 0 {
                        s.len().to_string()
                    } else {
                        String::new()
                    },
                    c,
                    100.0 * *best as f64 / n,
                    100.0 * *clearly as f64 / n,
                    value / *met as f64,
                    100.0 * *picked as f64 / n,
                )?;
            }
            let value_of = |x: &Situation, c: Command| {
                x.options
                    .iter()
                    .find(|(o, _)| *o == c)
                    .map_or(0.0, |(_, v)| *v)
            };
            let regret: f64 = s
                .iter()
                .map(|x| value_of(x, x.best) - value_of(x, x.picked))
                .sum::<f64>()
                / n;
            let wrong = s.iter().filter(|x| x.clearly && x.picked != x.best).count() as f64;
            writeln!(
                f,
                "{:<15} {:>10}  auto: picks against a clearly best option in {:.1}% of situations, gives away {:.3} a situation",
                "",
                "",
                100.0 * wrong / n,
                regret
            )?;
        }
        Ok(())
    }
}
