//! The campaign's simulator, as far as the campaign engine goes so far: the
//! weather of many campaigns under each of the five weather rules, with the
//! respite share of each phase against the share the sheet states, and the
//! number of flying turns. (Missions, targets, losses and the victory split
//! need the raids, which the engine does not play yet.)

use super::{run_indexed, wilson};
use crate::rules::campaign::rules::{CampaignRules, WeatherRule};
use crate::rules::campaign::weather::Weather;
use crate::rules::dice::{sub_seed, Dice};
use std::fmt;
use std::time::Duration;

/// One campaign's weather: for each turn, whether the Luftwaffe flew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeatherRun {
    pub flies: Vec<bool>,
}

pub fn play_weather(rules: &CampaignRules, rule: WeatherRule, index: u64, seed: u64) -> WeatherRun {
    let mut dice = Dice::without_log(sub_seed(seed, index));
    let w = Weather::new(rule, rules, &mut dice);
    let turns = rules.calendar_for(rule).turns;
    WeatherRun {
        flies: (1..=turns)
            .map(|t| w.check(t, rules, &mut dice).flies)
            .collect(),
    }
}

/// One phase's weather over many campaigns.
#[derive(Clone, Debug)]
pub struct PhaseWeather {
    pub name: String,
    pub respites: u64,
    pub turns: u64,
    /// The share of respites the sheet states for this rule, if it does.
    pub stated: Option<(u32, u32)>,
}

/// The weather figures of one rule over many campaigns.
#[derive(Clone, Debug)]
pub struct WeatherFigures {
    pub rule: WeatherRule,
    pub games: u64,
    pub phases: Vec<PhaseWeather>,
    pub flying_mean: f64,
    pub flying_min: usize,
    pub flying_max: usize,
    pub elapsed: Duration,
}

pub fn weather_figures(
    rules: &CampaignRules,
    rule: WeatherRule,
    games: u64,
    seed: u64,
    threads: usize,
) -> WeatherFigures {
    let (runs, elapsed) = run_indexed(games, threads, &|_| {}, |i| {
        play_weather(rules, rule, i, seed)
    });
    let cal = rules.calendar_for(rule);
    let phases = rules
        .phases
        .iter()
        .enumerate()
        .map(|(p, setup)| {
            let (a, b) = cal.phase_turns[p];
            let mut respites = 0;
            let mut turns = 0;
            for r in &runs {
                for t in a..=b {
                    turns += 1;
                    respites += !r.flies[t as usize - 1] as u64;
                }
            }
            let stated = match rule {
                WeatherRule::PhaseDice => Some(setup.stated_respite),
                WeatherRule::SingleDice => Some(rules.single_stated_respite),
                _ => None,
            };
            PhaseWeather {
                name: setup.name.clone(),
                respites,
                turns,
                stated,
            }
        })
        .collect();
    let flying: Vec<usize> = runs
        .iter()
        .map(|r| r.flies.iter().filter(|f| **f).count())
        .collect();
    WeatherFigures {
        rule,
        games,
        phases,
        flying_mean: flying.iter().sum::<usize>() as f64 / games.max(1) as f64,
        flying_min: flying.iter().copied().min().unwrap_or(0),
        flying_max: flying.iter().copied().max().unwrap_or(0),
        elapsed,
    }
}

impl fmt::Display for WeatherFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "weather: {} ({} campaigns)",
            self.rule.name(),
            self.games
        )?;
        for p in &self.phases {
            let (lo, hi) = wilson(p.respites, p.turns);
            let share = p.respites as f64 / p.turns.max(1) as f64;
            let name = &p.name;
            write!(
                f,
                "  {name:<11} respite {:6.2}% of turns (95% CI {:.2}% to {:.2}%)",
                share * 100.0,
                lo * 100.0,
                hi * 100.0
            )?;
            match p.stated {
                Some((n, d)) => writeln!(
                    f,
                    "; the sheet states {n}/{d} = {:.2}%",
                    100.0 * n as f64 / d as f64
                )?,
                None => writeln!(f)?,
            }
        }
        writeln!(
            f,
            "  flying turns per campaign: mean {:.2}, fewest {}, most {} (the sheet: about 7)",
            self.flying_mean, self.flying_min, self.flying_max
        )?;
        write!(
            f,
            "  time {:.2} s, {:.0} campaigns per second",
            self.elapsed.as_secs_f64(),
            self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
        )
    }
}
