//! The night Blitz's simulator: whole tours flown by the automatic crew
//! (`blitz::ai`), many on all cores through `sim::run_indexed`, and the
//! figures the amendments' intent can be checked against: missions a
//! month, targets, losses by cause, crews surviving, victory points.

use super::run_indexed;
use crate::blitz::ai::Policy;
use crate::blitz::{ai, Cause, Ending, Game, Setup, Station, Status, Tables};
use crate::common::dice::sub_seed;
use crate::common::game::play_out;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// A tour still going after this many commands is a bug (a whole tour is
/// about 700).
pub const MAX_COMMANDS: usize = 20_000;

/// One tour's figures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tour {
    pub finished: bool,
    /// Missions ordered, and flown (airborne), by month of the tour
    /// (November 1940 first).
    pub ordered: [u32; 7],
    pub flown: [u32; 7],
    /// Bombers lost, and lost to the defences, by month.
    pub lost_in: [u32; 7],
    pub enemy_in: [u32; 7],
    /// Bomb runs made on the target (D-5 thrown).
    pub bombed: u32,
    /// Bomb runs that counted (victory points scored).
    pub hits: u32,
    pub points: u32,
    pub scrubbed: u32,
    pub aborted: u32,
    /// Bombers lost, by cause (`Cause::ALL` order).
    pub lost: [u32; 7],
    pub attacks: u32,
    /// Men killed, captured and seriously wounded over the tour.
    pub killed: u32,
    pub captured: u32,
    pub wounded: u32,
    /// Of the first night's five, how many are still on the crew at the end.
    pub first_crew_left: u32,
    pub commands: u32,
    /// The tour's rating, and whether it ended early, off operations.
    pub rating: i32,
    pub off_operations: bool,
}

/// Month index of a night: November 1940 is 0, May 1941 is 6.
fn month(d: crate::blitz::Date) -> usize {
    let m = (d.year - 1940) * 12 + d.month as i32 - 11;
    m.clamp(0, 6) as usize
}

/// Flies one tour with an automatic crew of `policy`.
pub fn play_one(tables: &Arc<Tables>, seed: u64, policy: Policy) -> Tour {
    let mut g = Game::new_quiet(tables.clone(), Setup::default(), seed);
    let finished = play_out(&mut g, &mut ai::Crew::new(policy), MAX_COMMANDS).is_ok();
    let mut t = Tour {
        finished,
        commands: crate::common::game::Rules::commands(&g).len() as u32,
        rating: g.rating(),
        off_operations: g.off_operations(),
        ..Tour::default()
    };
    for r in g.raids() {
        let m = month(r.night);
        t.ordered[m] += 1;
        if r.flown {
            t.flown[m] += 1;
        }
        t.bombed += r.bombed as u32;
        t.hits += (r.points > 0) as u32;
        t.points += r.points as u32;
        t.scrubbed += matches!(r.ending, Ending::Scrubbed | Ending::StayedDown) as u32;
        t.aborted += r.aborted.is_some() as u32;
        if let Ending::Lost(c) = r.ending {
            t.lost[Cause::ALL.iter().position(|x| *x == c).unwrap_or(0)] += 1;
            t.lost_in[m] += 1;
            t.enemy_in[m] += c.enemy() as u32;
        }
        t.attacks += r.attacks as u32;
        t.killed += r.killed as u32;
        t.captured += r.captured as u32;
        t.wounded += r.wounded as u32;
    }
    let first: Vec<&String> = tables.crew.crew.iter().collect();
    t.first_crew_left = g
        .crew()
        .men
        .iter()
        .filter(|m| first.contains(&&m.name))
        .filter(|m| {
            matches!(m.status, Status::Fit | Status::Hospital(_))
                && Station::ALL.contains(&m.position)
        })
        .count() as u32;
    t
}

/// Flies `games` tours, tour `i` seeded with `sub_seed(seed, i)`, so that
/// every policy meets the same nights and the same dice as far as their
/// choices let them.
pub fn run(
    tables: &Arc<Tables>,
    games: u64,
    seed: u64,
    policy: Policy,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> (Vec<Tour>, Duration) {
    run_indexed(games, threads, tick, |i| {
        play_one(tables, sub_seed(seed, i), policy)
    })
}

/// The rows of `levels/blitz/spreads.ron`: the auto crew's `games` tours
/// by their rating.
pub fn spread_rows(
    tables: &Arc<Tables>,
    games: u64,
    seed: u64,
    threads: usize,
    tick: &(dyn Fn(u64) + Sync),
) -> Vec<crate::common::spread::SpreadRow> {
    use crate::blitz::spread;
    let (tours, _) = run(tables, games, seed, Policy::Auto, threads, tick);
    let mut s = spread::empty();
    for t in &tours {
        s.add(t.rating);
    }
    vec![crate::common::spread::SpreadRow {
        setting: spread::SETTING.into(),
        outcome: spread::TOUR.into(),
        better: spread::BETTER,
        spread: s,
    }]
}

impl Tour {
    pub fn sorties(&self) -> u32 {
        self.flown.iter().sum()
    }
    pub fn losses(&self) -> u32 {
        self.lost.iter().sum()
    }
}

/// Each policy's tours on the same seeds, side by side: victory points
/// and bombers lost with their 95% intervals, and what the losses were.
pub struct Comparison<'a> {
    pub rows: Vec<(Policy, &'a [Tour])>,
}

impl fmt::Display for Comparison<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<9} {:>20} {:>20} {:>8} {:>11} {:>8} {:>24} {:>9} {:>11} {:>11} {:>9}",
            "crew",
            "rating [95%]",
            "victory points [95%]",
            "off ops",
            "bomb runs",
            "aborted",
            "bombers lost [95%]",
            "a tour",
            "defences Jan",
            "defences May",
            "first crew"
        )?;
        for (policy, tours) in &self.rows {
            let n = tours.len().max(1) as f64;
            let vp: Vec<f64> = tours.iter().map(|t| t.points as f64).collect();
            let (mean, lo, hi) = super::mean_interval(&vp);
            let ratings: Vec<f64> = tours.iter().map(|t| t.rating as f64).collect();
            let (rm, rlo, rhi) = super::mean_interval(&ratings);
            let off = tours.iter().filter(|t| t.off_operations).count() as f64;
            let sorties: u64 = tours.iter().map(|t| t.sorties() as u64).sum();
            let lost: u64 = tours.iter().map(|t| t.losses() as u64).sum();
            let (llo, lhi) = super::wilson(lost, sorties);
            let month = |m: usize| {
                let flown: u32 = tours.iter().map(|t| t.flown[m]).sum();
                let enemy: u32 = tours.iter().map(|t| t.enemy_in[m]).sum();
                100.0 * enemy as f64 / flown.max(1) as f64
            };
            let sum = |g: &dyn Fn(&Tour) -> u32| tours.iter().map(g).sum::<u32>() as f64 / n;
            writeln!(
                f,
                "{:<9} {:>6.1} [{:.1}, {:.1}] {:>6.1} [{:.1}, {:.1}] {:>7.1}% {:>11.1} {:>8.1} {:>6.2}% [{:.2}, {:.2}]% {:>9.2} {:>11.2}% {:>11.2}% {:>9.2}",
                policy.name(),
                rm,
                rlo,
                rhi,
                mean,
                lo,
                hi,
                100.0 * off / n,
                sum(&|t| t.bombed),
                sum(&|t| t.aborted),
                100.0 * lost as f64 / sorties.max(1) as f64,
                100.0 * llo,
                100.0 * lhi,
                lost as f64 / n,
                month(2),
                month(6),
                sum(&|t| t.first_crew_left),
            )?;
        }
        Ok(())
    }
}

/// The figures of many tours.
pub struct Figures<'a> {
    pub tours: &'a [Tour],
    pub elapsed: Duration,
}

const MONTHS: [&str; 7] = ["Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May"];

impl fmt::Display for Figures<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.tours.len().max(1) as f64;
        let sum = |g: &dyn Fn(&Tour) -> u32| self.tours.iter().map(g).sum::<u32>() as f64;
        let flown = sum(&|t| t.flown.iter().sum());
        let ordered = sum(&|t| t.ordered.iter().sum());
        let lost_all = sum(&|t| t.lost.iter().sum());
        writeln!(
            f,
            "tours               {} ({} finished), {:.2} s ({:.0} tours a second)",
            self.tours.len(),
            self.tours.iter().filter(|t| t.finished).count(),
            self.elapsed.as_secs_f64(),
            n / self.elapsed.as_secs_f64().max(1e-9)
        )?;
        writeln!(
            f,
            "missions a tour     {:.1} ordered, {:.1} flown, {:.1} scrubbed or stayed down, {:.1} aborted",
            ordered / n,
            flown / n,
            sum(&|t| t.scrubbed) / n,
            sum(&|t| t.aborted) / n
        )?;
        write!(f, "flown a month      ")?;
        for (i, m) in MONTHS.iter().enumerate() {
            write!(f, " {m} {:.1}", sum(&|t| t.flown[i]) / n)?;
        }
        writeln!(f)?;
        write!(f, "lost a month       ")?;
        for (i, m) in MONTHS.iter().enumerate() {
            let flown = sum(&|t| t.flown[i]).max(1.0);
            write!(
                f,
                " {m} {:.1}% ({:.1}%)",
                100.0 * sum(&|t| t.lost_in[i]) / flown,
                100.0 * sum(&|t| t.enemy_in[i]) / flown
            )?;
        }
        writeln!(f, "   of sorties (to the defences)")?;
        writeln!(
            f,
            "targets             {:.1} bomb runs a tour ({:.0}% of sorties), {:.1} counted, {:.1} victory points a tour (mean)",
            sum(&|t| t.bombed) / n,
            100.0 * sum(&|t| t.bombed) / flown.max(1.0),
            sum(&|t| t.hits) / n,
            sum(&|t| t.points) / n
        )?;
        writeln!(
            f,
            "bombers lost        {:.2} a tour, {:.2}% of sorties",
            lost_all / n,
            100.0 * lost_all / flown.max(1.0)
        )?;
        let enemy: f64 = Cause::ALL
            .iter()
            .enumerate()
            .filter(|(_, c)| c.enemy())
            .map(|(i, _)| sum(&|t| t.lost[i]))
            .sum();
        for (i, c) in Cause::ALL.iter().enumerate() {
            let k = sum(&|t| t.lost[i]);
            writeln!(
                f,
                "  {:<18} {:.3} a tour, {:.2}% of sorties, {:.0}% of losses",
                c.name(),
                k / n,
                100.0 * k / flown.max(1.0),
                100.0 * k / lost_all.max(1.0)
            )?;
        }
        writeln!(
            f,
            "  to the defences    {:.0}% of losses; to weather, fuel and accidents {:.0}%",
            100.0 * enemy / lost_all.max(1.0),
            100.0 * (lost_all - enemy) / lost_all.max(1.0)
        )?;
        writeln!(
            f,
            "night fighters      {:.2} attacks a tour, {:.3} a sortie",
            sum(&|t| t.attacks) / n,
            sum(&|t| t.attacks) / flown.max(1.0)
        )?;
        writeln!(
            f,
            "crew                {:.2} killed, {:.2} captured, {:.2} seriously wounded a tour",
            sum(&|t| t.killed) / n,
            sum(&|t| t.captured) / n,
            sum(&|t| t.wounded) / n
        )?;
        let ratings: Vec<f64> = self.tours.iter().map(|t| t.rating as f64).collect();
        let (rm, rlo, rhi) = super::mean_interval(&ratings);
        writeln!(
            f,
            "rating              {rm:.1} [{rlo:.1}, {rhi:.1}] a tour (victory points less the men and bombers lost); {:.1}% of tours ended early, off operations",
            100.0 * self.tours.iter().filter(|t| t.off_operations).count() as f64 / n
        )?;
        let survived = self.tours.iter().filter(|t| t.first_crew_left == 5).count() as f64;
        write!(
            f,
            "crews surviving     {:.1}% of tours end with all five of the first crew; {:.2} of the five on average",
            100.0 * survived / n,
            sum(&|t| t.first_crew_left) / n
        )
    }
}
