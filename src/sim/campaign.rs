//! The campaign's simulator: many whole campaigns under each of the five
//! weather rules, the Luftwaffe planner against the RAF controller. For each
//! rule it reports the respite share of each phase against the share the
//! sheet states, the flying turns, the missions flown, the targets bombed,
//! the squadrons lost by each side, the loss-rate verdict and the victory
//! split, and compares them with what the sheet says of its own campaign
//! ("approximately 7 flying turns", "43 missions", 28 targets).

use super::{run_indexed, wilson};
use crate::campaign::ai::Opponents;
use crate::campaign::data::CampaignData;
use crate::campaign::game::{Battles, Campaign, CampaignSetup, InterceptTally};
use crate::campaign::rules::TurnEvent;
use crate::campaign::rules::{CampaignValues, WeatherRule};
use crate::campaign::score::{loss_deal_tied, luftwaffe_rate_holds, verdict_reading, Verdict};
use crate::campaign::zoom::ZoomKey;
use crate::common::dice::sub_seed;
use crate::common::game::{play_out, PlayOutError};
use crate::common::Level;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The most commands a campaign may take, board battles' moves included,
/// before a play-out is stopped as one that does not end.
pub const MAX_COMMANDS: usize = 1_000_000;

/// What one campaign came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignRun {
    /// For each turn, whether the Luftwaffe flew.
    pub flies: Vec<bool>,
    pub missions: u32,
    pub targets: u32,
    pub raf_lost: u32,
    pub luftwaffe_lost: u32,
    pub rate_holds: bool,
    pub verdict: Verdict,
    /// The verdict with a tie of the loss-rate deal read the other way.
    pub verdict_other_tie: Verdict,
    /// Both sides dealt the same number of full hands.
    pub tied: bool,
    /// The allied squadrons that arrived.
    pub allies: Vec<String>,
    /// For each rotation of the calendar, in order: (due, made).
    pub rotations: Vec<(u8, u8)>,
    /// Luftflotte 5 was withdrawn (it did not attack on its turn).
    pub luftflotte_5_withdrawn: bool,
    /// Opponent proposals that `check` refused (a sound opponent makes none;
    /// the first refused stops the campaign).
    pub refused: usize,
    pub commands: usize,
    pub intercepts: InterceptTally,
    /// Each board battle's harm to each side, by its kind (kept only when
    /// asked for: `play_campaign_with`'s `zoom`).
    pub zoom: Vec<(ZoomKey, u32)>,
}

/// The decision benchmark (see `sim::decisions`): `games` campaigns (dice
/// battles) played one after another on this thread, every decision of the
/// planner and the controller timed.
pub fn decisions(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    rule: WeatherRule,
    games: u64,
    seed: u64,
    levels: [Level; 2],
) -> super::decisions::DecisionTimes {
    let mut timed = super::decisions::Timed::new(Opponents::at(levels[0], levels[1]));
    for i in 0..games {
        let setup = CampaignSetup::new(rule, sub_seed(seed, i));
        let mut c = Campaign::new_quiet(data.clone(), rules.clone(), setup);
        // A refused proposal ends that campaign early; the times still count.
        let _ = play_out(&mut c, &mut timed, MAX_COMMANDS);
    }
    super::decisions::DecisionTimes::of(&timed.times)
}

/// Plays campaign number `index` of a run seeded `seed` to its end, the
/// Luftwaffe planner at `levels[0]` and the RAF controller at `levels[1]`.
pub fn play_campaign(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    rule: WeatherRule,
    battles: Battles,
    levels: [Level; 2],
    index: u64,
    seed: u64,
) -> CampaignRun {
    let opponents = Opponents::at(levels[0], levels[1]);
    play_campaign_with(data, rules, rule, battles, opponents, index, seed, false)
}

/// `play_campaign` with these opponents; with `zoom`, the harm each board
/// battle did to each side is kept (`CampaignRun::zoom`; the campaign
/// keeps its events for it, which is slower).
#[allow(clippy::too_many_arguments)]
pub fn play_campaign_with(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    rule: WeatherRule,
    battles: Battles,
    mut opponents: Opponents,
    index: u64,
    seed: u64,
    zoom: bool,
) -> CampaignRun {
    let setup = CampaignSetup {
        battles,
        ..CampaignSetup::new(rule, sub_seed(seed, index))
    };
    let mut c = if zoom {
        Campaign::new(data.clone(), rules.clone(), setup)
    } else {
        Campaign::new_quiet(data.clone(), rules.clone(), setup)
    };
    let refused = match play_out(&mut c, &mut opponents, MAX_COMMANDS) {
        Ok(_) => 0,
        Err(PlayOutError::Refused { .. }) => 1,
        Err(e) => panic!("campaign {index} of seed {seed}: {e}"),
    };
    let tally = c.tally();
    let rotations = rules
        .calendar_for(rule)
        .events
        .iter()
        .filter(|(_, e)| matches!(e, TurnEvent::Rotate(_)))
        .map(|&(turn, _)| {
            c.records()
                .get(turn as usize - 1)
                .map_or((0, 0), |r| (r.rotations_due, r.rotations_made))
        })
        .collect();
    CampaignRun {
        verdict_other_tie: verdict_reading(&tally, rules, !rules.loss_tie_draws),
        tied: loss_deal_tied(&tally, rules),
        allies: c.allies_arrived().to_vec(),
        rotations,
        flies: c.records().iter().map(|r| r.flew).collect(),
        missions: c.records().iter().map(|r| r.missions as u32).sum(),
        targets: tally.targets,
        raf_lost: tally.raf_lost,
        luftwaffe_lost: tally.luftwaffe_lost,
        rate_holds: luftwaffe_rate_holds(&tally, rules),
        verdict: c.verdict().unwrap_or(Verdict::British),
        luftflotte_5_withdrawn: c.luftflotte_5_withdrawn(),
        refused,
        commands: c.commands().len(),
        intercepts: c.intercept_tally(),
        zoom: if zoom { harms(&c) } else { Vec::new() },
    }
}

/// Each board battle's harm to each side, by its kind, from the
/// campaign's events.
fn harms(c: &Campaign) -> Vec<(ZoomKey, u32)> {
    use crate::campaign::event::Event;
    c.events()
        .iter()
        .filter_map(|e| match e {
            Event::BattleResult(out) => out.ranked,
            _ => None,
        })
        .flat_map(|r| [(r.keys[0], r.harms[0]), (r.keys[1], r.harms[1])])
        .collect()
}

/// The zoom table (`levels/campaign/zoom.ron`): the harms of every board
/// battle of `games` campaigns under each weather rule on each board, the
/// Veteran flying every side, map and boards.
pub fn zoom_table(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> crate::campaign::zoom::ZoomTable {
    let mut table = crate::campaign::zoom::ZoomTable::new(games as u32, seed);
    let mut zoom = Vec::new();
    for rule in WeatherRule::ALL {
        for battles in [Battles::Board, Battles::Family] {
            let (runs, _) = run_indexed(games, threads, tick, |i| {
                let opponents = Opponents::at(Level::Veteran, Level::Veteran);
                play_campaign_with(data, rules, rule, battles, opponents, i, seed, true)
            });
            zoom.extend(runs.into_iter().map(|r| r.zoom));
        }
    }
    for (key, harm) in zoom.iter().flatten() {
        table.add(*key, *harm);
    }
    // The sides' ranks in each battle, ties split by the table's own dice.
    let mut dice = crate::campaign::zoom::dice(seed);
    let pairs: Vec<_> = zoom
        .iter()
        .flat_map(|z| z.chunks_exact(2))
        .map(|b| {
            let mut u = [0.0; 2];
            for (i, &(key, harm)) in b.iter().enumerate() {
                let split = rand::RngExt::random_range(&mut dice, 0.0..1.0);
                u[i] = table.rank(key, harm, split).unwrap_or(split);
            }
            (b[0].0.board, b[0].0.fight, u)
        })
        .collect();
    table.link(&pairs);
    table
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

/// A mean with its spread.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spread {
    pub mean: f64,
    pub min: u32,
    pub max: u32,
}

/// The exchange (RAF squadrons lost per 10 Luftwaffe squadrons) across
/// campaigns: its mean, standard deviation and deciles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Exchange {
    pub mean: f64,
    pub sd: f64,
    pub p10: f64,
    pub median: f64,
    pub p90: f64,
}

fn exchange(runs: &[CampaignRun]) -> Exchange {
    let mut xs: Vec<f64> = runs
        .iter()
        .map(|r| 10.0 * r.raf_lost as f64 / r.luftwaffe_lost.max(1) as f64)
        .collect();
    xs.sort_by(|a, b| a.total_cmp(b));
    let (mean, low, _) = super::mean_interval(&xs);
    // The interval's half-width back to the standard deviation.
    let sd = (mean - low) / 1.959_964 * (xs.len() as f64).sqrt();
    Exchange {
        mean,
        sd,
        p10: super::quantile(&xs, 0.1),
        median: super::quantile(&xs, 0.5),
        p90: super::quantile(&xs, 0.9),
    }
}

fn spread(values: impl Iterator<Item = u32> + Clone) -> Spread {
    let n = values.clone().count().max(1) as f64;
    Spread {
        mean: values.clone().map(f64::from).sum::<f64>() / n,
        min: values.clone().min().unwrap_or(0),
        max: values.max().unwrap_or(0),
    }
}

/// The figures of one weather rule over many campaigns.
#[derive(Clone, Debug)]
pub struct CampaignFigures {
    pub rule: WeatherRule,
    pub battles: Battles,
    /// The intercepts of all the campaigns together.
    pub intercepts: InterceptTally,
    pub games: u64,
    pub phases: Vec<PhaseWeather>,
    pub flying: Spread,
    pub missions: Spread,
    pub targets: Spread,
    pub raf_lost: Spread,
    pub luftwaffe_lost: Spread,
    /// Campaigns in which the Luftwaffe bombed at least the winning number.
    pub reached_targets: u64,
    /// Campaigns in which the Luftwaffe held the 6 to 10 loss rate.
    pub rate_held: u64,
    pub luftflotte_5_withdrawn: u64,
    /// Missions flown for each turn the Luftwaffe flew.
    pub missions_per_flying_turn: f64,
    pub luftwaffe_wins: u64,
    pub draws: u64,
    pub british_wins: u64,
    pub refused: usize,
    pub commands: Spread,
    pub targets_to_win: u32,
    pub targets_to_draw: u32,
    /// Each allied squadron of the calendar and the campaigns it arrived in.
    pub allies: Vec<(String, u64)>,
    /// Each rotation of the calendar: its turn, rotations due and made.
    pub rotations: Vec<(u8, u64, u64)>,
    /// RAF squadrons lost per 10 Luftwaffe squadrons, over the campaigns.
    pub exchange: Exchange,
    /// Campaigns whose loss-rate deal tied.
    pub ties: u64,
    /// The rules' reading of a tie in the draw band, and the split with it
    /// read the other way: (Luftwaffe, draw, British).
    pub tie_draws: bool,
    pub other_tie_split: (u64, u64, u64),
    pub elapsed: Duration,
}

/// Which campaigns a run plays: `games` of them under one weather rule, the
/// intercepts fought one way, seeded from `seed`, on `threads` threads.
#[derive(Clone, Copy, Debug)]
pub struct Series {
    pub rule: WeatherRule,
    pub battles: Battles,
    /// The Luftwaffe's level and the RAF's...
    pub levels: [Level; 2],
    /// ...and those their battles on the boards are flown at.
    pub board_levels: [Level; 2],
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
}

pub fn campaign_figures(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    series: Series,
    tick: &(dyn Fn(u64) + Sync),
) -> CampaignFigures {
    let Series {
        rule,
        battles,
        levels,
        board_levels,
        games,
        seed,
        threads,
    } = series;
    let (runs, elapsed) = run_indexed(games, threads, tick, |i| {
        let opponents =
            Opponents::at(levels[0], levels[1]).with_board_levels(board_levels[0], board_levels[1]);
        play_campaign_with(data, rules, rule, battles, opponents, i, seed, false)
    });
    let mut intercepts = InterceptTally::default();
    for r in &runs {
        let (a, b) = (&mut intercepts, r.intercepts);
        a.fought += b.fought;
        a.on_board += b.on_board;
        a.on_family_board += b.on_family_board;
        a.raf_lost += b.raf_lost;
        a.luftwaffe_lost += b.luftwaffe_lost;
        a.raf_stood_down += b.raf_stood_down;
        a.luftwaffe_stood_down += b.luftwaffe_stood_down;
        a.board_planes += b.board_planes;
        a.board_through += b.board_through;
        a.dogfights += b.dogfights;
        a.dogfights_on_board += b.dogfights_on_board;
        a.dogfight_raf += b.dogfight_raf;
        a.dogfight_luftwaffe += b.dogfight_luftwaffe;
        a.dogfight_raf_lost += b.dogfight_raf_lost;
        a.dogfight_luftwaffe_lost += b.dogfight_luftwaffe_lost;
        a.sweeps += b.sweeps;
        a.sweep_raf_lost += b.sweep_raf_lost;
        a.sweep_luftwaffe_lost += b.sweep_luftwaffe_lost;
        a.sweep_raf_stood_down += b.sweep_raf_stood_down;
        a.sweep_luftwaffe_stood_down += b.sweep_luftwaffe_stood_down;
    }
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
    let count = |f: &dyn Fn(&CampaignRun) -> bool| runs.iter().filter(|r| f(r)).count() as u64;
    CampaignFigures {
        rule,
        battles,
        intercepts,
        games,
        phases,
        flying: spread(
            runs.iter()
                .map(|r| r.flies.iter().filter(|f| **f).count() as u32),
        ),
        missions: spread(runs.iter().map(|r| r.missions)),
        targets: spread(runs.iter().map(|r| r.targets)),
        raf_lost: spread(runs.iter().map(|r| r.raf_lost)),
        luftwaffe_lost: spread(runs.iter().map(|r| r.luftwaffe_lost)),
        reached_targets: count(&|r| r.targets >= rules.targets_to_win),
        rate_held: count(&|r| r.rate_holds),
        luftflotte_5_withdrawn: count(&|r| r.luftflotte_5_withdrawn),
        missions_per_flying_turn: runs.iter().map(|r| r.missions as f64).sum::<f64>()
            / runs
                .iter()
                .map(|r| r.flies.iter().filter(|f| **f).count() as f64)
                .sum::<f64>()
                .max(1.0),
        luftwaffe_wins: count(&|r| r.verdict == Verdict::Luftwaffe),
        draws: count(&|r| r.verdict == Verdict::Draw),
        british_wins: count(&|r| r.verdict == Verdict::British),
        refused: runs.iter().map(|r| r.refused).sum(),
        commands: spread(runs.iter().map(|r| r.commands as u32)),
        targets_to_win: rules.targets_to_win,
        targets_to_draw: rules.targets_to_draw,
        allies: cal
            .events
            .iter()
            .filter_map(|(_, e)| match e {
                TurnEvent::Reinforce { squadron, .. } => Some(squadron.clone()),
                _ => None,
            })
            .map(|name| {
                let n = count(&|r| r.allies.contains(&name));
                (name, n)
            })
            .collect(),
        rotations: cal
            .events
            .iter()
            .filter(|(_, e)| matches!(e, TurnEvent::Rotate(_)))
            .enumerate()
            .map(|(k, &(turn, _))| {
                let due = runs.iter().map(|r| r.rotations[k].0 as u64).sum();
                let made = runs.iter().map(|r| r.rotations[k].1 as u64).sum();
                (turn, due, made)
            })
            .collect(),
        exchange: exchange(&runs),
        ties: count(&|r| r.tied),
        tie_draws: rules.loss_tie_draws,
        other_tie_split: (
            count(&|r| r.verdict_other_tie == Verdict::Luftwaffe),
            count(&|r| r.verdict_other_tie == Verdict::Draw),
            count(&|r| r.verdict_other_tie == Verdict::British),
        ),
        elapsed,
    }
}

fn share(k: u64, n: u64) -> String {
    let (lo, hi) = wilson(k, n);
    format!(
        "{:6.2}% (95% CI {:.2}% to {:.2}%)",
        100.0 * k as f64 / n.max(1) as f64,
        lo * 100.0,
        hi * 100.0
    )
}

impl fmt::Display for CampaignFigures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "weather: {} ({} campaigns)",
            self.rule.name(),
            self.games
        )?;
        for p in &self.phases {
            let name = &p.name;
            write!(
                f,
                "  {name:<11} respite {} of turns",
                share(p.respites, p.turns)
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
        let line = |f: &mut fmt::Formatter<'_>, what: &str, s: Spread, sheet: &str| {
            writeln!(
                f,
                "  {what:<26} mean {:.2}, fewest {}, most {}{sheet}",
                s.mean, s.min, s.max
            )
        };
        line(
            f,
            "flying turns per campaign:",
            self.flying,
            " (the sheet: about 7)",
        )?;
        line(
            f,
            "missions flown:",
            self.missions,
            " (the sheet: about 43)",
        )?;
        writeln!(
            f,
            "  missions per flying turn:  {:.2} (the sheet: 43 in 7, 6.14)",
            self.missions_per_flying_turn
        )?;
        line(
            f,
            "targets bombed:",
            self.targets,
            &format!(" (the Luftwaffe needs {})", self.targets_to_win),
        )?;
        line(f, "RAF squadrons lost:", self.raf_lost, "")?;
        line(f, "Luftwaffe squadrons lost:", self.luftwaffe_lost, "")?;
        writeln!(
            f,
            "  {} targets or more:        {}",
            self.targets_to_win,
            share(self.reached_targets, self.games)
        )?;
        writeln!(
            f,
            "  loss rate 6:10 held:       {}",
            share(self.rate_held, self.games)
        )?;
        writeln!(
            f,
            "  Luftflotte 5 withdrawn:    {}",
            share(self.luftflotte_5_withdrawn, self.games)
        )?;
        writeln!(
            f,
            "  victory: Luftwaffe {}, draw {}, British {}",
            share(self.luftwaffe_wins, self.games).trim(),
            share(self.draws, self.games).trim(),
            share(self.british_wins, self.games).trim()
        )?;
        writeln!(
            f,
            "  exchange, RAF per 10 Luftwaffe squadrons lost: mean {:.2}, sd {:.2}, deciles {:.2} / {:.2} / {:.2} (the sheet: 6)",
            self.exchange.mean,
            self.exchange.sd,
            self.exchange.p10,
            self.exchange.median,
            self.exchange.p90
        )?;
        writeln!(
            f,
            "  loss-rate deal tied:       {}",
            share(self.ties, self.games)
        )?;
        let (l, d, b) = self.other_tie_split;
        writeln!(
            f,
            "  a tie with {} to {} targets counted {}: Luftwaffe {}, draw {}, British {}",
            self.targets_to_draw + 1,
            self.targets_to_win - 1,
            if self.tie_draws { "British" } else { "a draw" },
            share(l, self.games).trim(),
            share(d, self.games).trim(),
            share(b, self.games).trim()
        )?;
        for (name, n) in &self.allies {
            writeln!(f, "  arrived: {name:<32} {}", share(*n, self.games))?;
        }
        for (turn, due, made) in &self.rotations {
            writeln!(
                f,
                "  rotations of turn {turn}: {made} made of {due} due, {}",
                share(*made, *due)
            )?;
        }
        writeln!(
            f,
            "  commands per campaign: mean {:.0}; opponent proposals refused by check: {}",
            self.commands.mean, self.refused
        )?;
        write!(
            f,
            "  time {:.2} s, {:.0} campaigns per second",
            self.elapsed.as_secs_f64(),
            self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
        )
    }
}

/// A share with its 95% interval.
fn share_ci(k: u64, n: u64) -> String {
    let (lo, hi) = wilson(k, n);
    format!(
        "{:.1}% ({:.1}-{:.1})",
        100.0 * k as f64 / n.max(1) as f64,
        lo * 100.0,
        hi * 100.0
    )
}

/// One figure of a run, as the side-by-side table prints it.
type Figure = fn(&CampaignFigures) -> String;

/// The rows of the side-by-side table: what, and how to read it off a run.
fn rows(targets_to_win: u32) -> Vec<(String, Figure)> {
    let rows: Vec<(&str, Figure)> = vec![
        ("flying turns", |f| format!("{:.2}", f.flying.mean)),
        ("missions flown", |f| format!("{:.1}", f.missions.mean)),
        ("missions per flying turn", |f| {
            format!("{:.2}", f.missions_per_flying_turn)
        }),
        ("targets bombed", |f| format!("{:.2}", f.targets.mean)),
        ("TARGETS targets or more", |f| {
            format!(
                "{:.1}%",
                100.0 * f.reached_targets as f64 / f.games.max(1) as f64
            )
        }),
        ("RAF squadrons lost", |f| format!("{:.2}", f.raf_lost.mean)),
        ("Luftwaffe squadrons lost", |f| {
            format!("{:.2}", f.luftwaffe_lost.mean)
        }),
        ("loss rate 6:10 held", |f| {
            format!("{:.1}%", 100.0 * f.rate_held as f64 / f.games.max(1) as f64)
        }),
        ("intercepts per campaign", |f| {
            format!("{:.2}", f.intercepts.fought as f64 / f.games.max(1) as f64)
        }),
        ("  of them on the family board", |f| {
            format!(
                "{:.2}",
                f.intercepts.on_family_board as f64 / f.games.max(1) as f64
            )
        }),
        ("  RAF lost per intercept", |f| {
            per(f, f.intercepts.raf_lost)
        }),
        ("  Luftwaffe lost per intercept", |f| {
            per(f, f.intercepts.luftwaffe_lost)
        }),
        ("  RAF stood down per intercept", |f| {
            per(f, f.intercepts.raf_stood_down)
        }),
        ("  Luftwaffe stood down per intercept", |f| {
            per(f, f.intercepts.luftwaffe_stood_down)
        }),
        ("  of them fighter sweeps (no bombers)", |f| {
            format!("{:.2}", f.intercepts.sweeps as f64 / f.games.max(1) as f64)
        }),
        ("    RAF lost per sweep", |f| {
            per_sweep(f, f.intercepts.sweep_raf_lost)
        }),
        ("    Luftwaffe lost per sweep", |f| {
            per_sweep(f, f.intercepts.sweep_luftwaffe_lost)
        }),
        ("    RAF stood down per sweep", |f| {
            per_sweep(f, f.intercepts.sweep_raf_stood_down)
        }),
        ("    Luftwaffe stood down per sweep", |f| {
            per_sweep(f, f.intercepts.sweep_luftwaffe_stood_down)
        }),
        ("dogfights per campaign", |f| {
            format!(
                "{:.2}",
                f.intercepts.dogfights as f64 / f.games.max(1) as f64
            )
        }),
        ("  RAF squadrons in each", |f| {
            let i = &f.intercepts;
            format!("{:.2}", i.dogfight_raf as f64 / i.dogfights.max(1) as f64)
        }),
        ("  Luftwaffe squadrons in each", |f| {
            let i = &f.intercepts;
            format!(
                "{:.2}",
                i.dogfight_luftwaffe as f64 / i.dogfights.max(1) as f64
            )
        }),
        ("  RAF lost per squadron in one", |f| {
            let i = &f.intercepts;
            format!(
                "{:.3}",
                i.dogfight_raf_lost as f64 / i.dogfight_raf.max(1) as f64
            )
        }),
        ("  Luftwaffe lost per squadron in one", |f| {
            let i = &f.intercepts;
            format!(
                "{:.3}",
                i.dogfight_luftwaffe_lost as f64 / i.dogfight_luftwaffe.max(1) as f64
            )
        }),
        ("bombers through an intercept on the board", |f| {
            let i = &f.intercepts;
            if i.board_planes == 0 {
                "-".into()
            } else {
                format!(
                    "{:.0}%",
                    100.0 * i.board_through as f64 / i.board_planes as f64
                )
            }
        }),
        ("exchange (RAF per 10 Luftwaffe), mean", |f| {
            format!("{:.2}", f.exchange.mean)
        }),
        ("exchange, sd", |f| format!("{:.2}", f.exchange.sd)),
        ("exchange, 10th / 50th / 90th centile", |f| {
            let x = &f.exchange;
            format!("{:.1} / {:.1} / {:.1}", x.p10, x.median, x.p90)
        }),
        ("loss-rate deal tied", |f| share_ci(f.ties, f.games)),
        ("allied squadrons arrived per campaign", |f| {
            let n: u64 = f.allies.iter().map(|(_, n)| n).sum();
            format!("{:.2}", n as f64 / f.games.max(1) as f64)
        }),
        ("rotations made of due", |f| {
            let (d, m) = f
                .rotations
                .iter()
                .fold((0, 0), |(d, m), r| (d + r.1, m + r.2));
            share_ci(m, d)
        }),
        ("Luftwaffe wins", |f| share_ci(f.luftwaffe_wins, f.games)),
        ("draws", |f| share_ci(f.draws, f.games)),
        ("British wins", |f| share_ci(f.british_wins, f.games)),
        ("proposals refused", |f| f.refused.to_string()),
        ("campaigns per second", |f| {
            format!("{:.0}", f.games as f64 / f.elapsed.as_secs_f64().max(1e-9))
        }),
    ];
    rows.into_iter()
        .map(|(what, fig)| (what.replace("TARGETS", &targets_to_win.to_string()), fig))
        .collect()
}

/// A count per intercept fought.
fn per(f: &CampaignFigures, n: u32) -> String {
    format!("{:.3}", n as f64 / f.intercepts.fought.max(1) as f64)
}

/// A count per fighter sweep fought.
fn per_sweep(f: &CampaignFigures, n: u32) -> String {
    format!("{:.3}", n as f64 / f.intercepts.sweeps.max(1) as f64)
}

/// The same figures for the same campaigns, fought each way (intercepts
/// thrown with the campaign's dice, fought on the hex board, on the family
/// board), side by side: `runs` gives each column's heading and figures.
pub fn side_by_side(runs: &[(&str, &CampaignFigures)]) -> String {
    let Some((_, first)) = runs.first() else {
        return String::new();
    };
    let mut out = format!(
        "weather: {} ({} campaigns each way, the same seeds)\n  {:<36}",
        first.rule.name(),
        first.games,
        "",
    );
    for (heading, _) in runs {
        out.push_str(&format!(" {heading:>22}"));
    }
    for (what, fig) in rows(first.targets_to_win) {
        out.push_str(&format!("\n  {what:<36}"));
        for (_, f) in runs {
            out.push_str(&format!(" {:>22}", fig(f)));
        }
    }
    out
}

/// A campaign's points for each seat (the Luftwaffe, the RAF): a win 1, a
/// draw a half each.
pub fn points(verdict: Verdict) -> Vec<f64> {
    match verdict {
        Verdict::Luftwaffe => vec![1.0, 0.0],
        Verdict::Draw => vec![0.5, 0.5],
        Verdict::British => vec![0.0, 1.0],
    }
}

/// The level ladder under one weather rule: Veteran against Recruit and Ace
/// against Veteran, each on the same seeds with the stronger level playing
/// each side in turn (`sim::ladder`).
pub fn campaign_ladder(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    rule: WeatherRule,
    seeds: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Vec<super::Rung> {
    let play = |i: u64, levels: &[Level]| {
        let r = play_campaign(
            data,
            rules,
            rule,
            Battles::Dice,
            [levels[0], levels[1]],
            i,
            seed,
        );
        points(r.verdict)
    };
    let (rungs, _) = super::ladder(
        seeds,
        &["Luftwaffe", "RAF"],
        &Level::ALL,
        threads,
        tick,
        play,
    );
    rungs
}

/// The campaign spreads table's rows: every weather rule's, by
/// `rule_spread_rows`.
pub fn spread_rows(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Vec<crate::common::spread::SpreadRow> {
    WeatherRule::ALL
        .iter()
        .flat_map(|&rule| rule_spread_rows(data, rules, rule, games, seed, threads, tick))
        .collect()
}

/// One weather rule's rows: `games` campaigns with the dice, the Veteran
/// on both sides, each side's wins counted by the targets bombed (see
/// `campaign::score::spread_result`).
pub fn rule_spread_rows(
    data: &Arc<CampaignData>,
    rules: &Arc<CampaignValues>,
    rule: WeatherRule,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Vec<crate::common::spread::SpreadRow> {
    use crate::campaign::score::{
        spread_better, spread_result, spread_setting, Tally, SPREAD_OUTCOMES,
    };
    use crate::common::spread::{Spread, SpreadRow};
    let (runs, _) = run_indexed(games, threads, tick, |i| {
        play_campaign(
            data,
            rules,
            rule,
            Battles::Dice,
            [Level::Veteran; 2],
            i,
            seed,
        )
    });
    let results: Vec<_> = runs
        .iter()
        .filter_map(|r| {
            let tally = Tally {
                targets: r.targets,
                raf_lost: r.raf_lost,
                luftwaffe_lost: r.luftwaffe_lost,
            };
            spread_result(r.verdict, &tally)
        })
        .collect();
    SPREAD_OUTCOMES
        .iter()
        .map(|&outcome| {
            let mut s = Spread::new(0, 1, 61);
            for (_, v, _) in results.iter().filter(|r| r.0 == outcome) {
                s.add(*v);
            }
            SpreadRow {
                setting: spread_setting(rule),
                outcome: outcome.to_string(),
                better: spread_better(outcome),
                spread: s,
            }
        })
        .collect()
}
