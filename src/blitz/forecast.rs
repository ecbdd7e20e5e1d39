//! What each option of a decision risks: the rest of the mission flown many
//! times from here, the option taken first and the automatic crew flying
//! on, each flight with its own dice (docs/RULES.md, "The forecast").
//!
//! The flights throw dice of their own, seeded from the position and never
//! from the game's seed, so a forecast tells nothing of the throws the game
//! has coming: only what the tables give from here. Flight `i` of every
//! option throws the same stream, so the options are compared on the same
//! luck as far as their choices let them.

use super::ai::Crew;
use super::command::Command;
use super::event::{Cause, Ending, Phase};
use super::game::Game;
use crate::common::dice::sub_seed;

/// Flights per option on the screen: a loss of 3% reads within about 2
/// points (95%).
pub const FLIGHTS: u32 = 300;

/// A flight stopped after this many commands is a bug (a mission is
/// about 30).
const MAX_STEPS: usize = 2_000;

/// One option's outlook over the rest of the mission.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outlook {
    pub command: Command,
    pub flights: u32,
    /// Share of flights on which the bomber was lost.
    pub lost: f64,
    /// Of them, lost for want of fuel.
    pub dry: f64,
    /// Men killed or captured, and seriously wounded, per flight.
    pub men: f64,
    pub wounded: f64,
    /// Share of flights whose bombs counted, and their victory points per
    /// flight.
    pub bombed: f64,
    pub points: f64,
    /// The change in the tour's rating per flight (victory points less
    /// the price of the men), and its standard error.
    pub value: f64,
    pub value_se: f64,
}

/// One flight's result: what the mission added to the tour.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Flight {
    pub lost: bool,
    pub dry: bool,
    pub men: u32,
    pub wounded: u32,
    pub points: u32,
    pub value: i32,
}

/// The seed of a position's forecast: the commands played so far, never
/// the game's own seed.
pub fn seed_of(game: &Game) -> u64 {
    sub_seed(0x00B1_1A7F_0CA5, game.commands().len() as u64)
}

/// True when the crew has a decision worth forecasting: two options or
/// more, in flight or at the briefing.
pub fn worth_it(game: &Game) -> bool {
    !matches!(game.phase(), Phase::Debrief | Phase::Over) && game.legal_commands().len() > 1
}

/// The mission flown on from `game` with `first` taken now and the crew
/// deciding after: what it added to the tour. None if `first` is not legal.
pub fn fly_on(game: &Game, first: Command, crew: &Crew, seed: u64) -> Option<Flight> {
    let mut g = game.what_if(seed);
    let raids = g.raids().len();
    let rating = g.rating();
    g.play(first).ok()?;
    let mut steps = 0;
    while g.raids().len() == raids && steps < MAX_STEPS {
        let Some(c) = crew.decide(&g) else { break };
        if g.play(c).is_err() {
            break;
        }
        steps += 1;
    }
    let r = g.raids().get(raids)?;
    Some(Flight {
        lost: matches!(r.ending, Ending::Lost(_)),
        dry: r.ending == Ending::Lost(Cause::Fuel),
        men: r.killed as u32 + r.captured as u32,
        wounded: r.wounded as u32,
        points: r.points as u32,
        value: g.rating() - rating,
    })
}

/// The flights of one option, flight `i` thrown with `sub_seed(seed, i)`.
pub fn flights(game: &Game, first: Command, crew: &Crew, n: u32, seed: u64) -> Vec<Flight> {
    (0..n as u64)
        .filter_map(|i| fly_on(game, first, crew, sub_seed(seed, i)))
        .collect()
}

impl Outlook {
    /// The figures of `flights` of `command`.
    pub fn of(command: Command, flights: &[Flight]) -> Outlook {
        let n = flights.len().max(1) as f64;
        let mean = |f: &dyn Fn(&Flight) -> f64| flights.iter().map(f).sum::<f64>() / n;
        let value = mean(&|f| f.value as f64);
        let var = mean(&|f| (f.value as f64 - value).powi(2));
        Outlook {
            command,
            flights: flights.len() as u32,
            lost: mean(&|f| f.lost as u8 as f64),
            dry: mean(&|f| f.dry as u8 as f64),
            men: mean(&|f| f.men as f64),
            wounded: mean(&|f| f.wounded as f64),
            bombed: mean(&|f| (f.points > 0) as u8 as f64),
            points: mean(&|f| f.points as f64),
            value,
            value_se: (var / n).sqrt(),
        }
    }
}

/// Every option of the decision now, each flown `n` times on the same
/// seeds, the automatic crew flying on.
pub fn forecast(game: &Game, n: u32) -> Vec<Outlook> {
    if !worth_it(game) {
        return Vec::new();
    }
    let seed = seed_of(game);
    game.legal_commands()
        .into_iter()
        .map(|c| Outlook::of(c, &flights(game, c, &Crew::AUTO, n, seed)))
        .collect()
}
