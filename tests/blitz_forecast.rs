//! The night Blitz's forecast and choice lab: what each option of a
//! decision risks, flown on to the mission's end on dice of its own
//! (docs/RULES.md, "The forecast").

use std::sync::Arc;
use tally_ho::blitz::ai::Crew;
use tally_ho::blitz::forecast::{self, fly_on, forecast, Flight, Outlook};
use tally_ho::blitz::{Command, Game, Phase, Setup, Tables};
use tally_ho::data;
use tally_ho::sim::blitz_choices::{try_situation, Decision};

fn tables() -> Arc<Tables> {
    Arc::new(data::load_blitz().unwrap())
}

/// The auto crew's tour from `seed` up to the first position `found`
/// holds, if it comes within `commands` commands.
fn first(seed: u64, commands: usize, found: impl Fn(&Game) -> bool) -> Option<Game> {
    let mut g = Game::new_quiet(tables(), Setup::default(), seed);
    for _ in 0..commands {
        if found(&g) {
            return Some(g);
        }
        let c = Crew::AUTO.decide(&g)?;
        g.play(c).ok()?;
    }
    None
}

#[test]
fn an_outlook_is_the_share_and_the_mean_of_its_flights() {
    let f = |lost, dry, men, wounded, points, value| Flight {
        lost,
        dry,
        men,
        wounded,
        points,
        value,
    };
    let flights = [
        f(true, true, 2, 0, 0, -15),
        f(false, false, 0, 1, 3, 1),
        f(false, false, 0, 0, 2, 2),
        f(false, false, 0, 0, 0, 0),
    ];
    let o = Outlook::of(Command::Hold, &flights);
    assert_eq!(o.command, Command::Hold);
    assert_eq!(o.flights, 4);
    assert_eq!(o.lost, 0.25);
    assert_eq!(o.dry, 0.25);
    assert_eq!(o.men, 0.5);
    assert_eq!(o.wounded, 0.25);
    assert_eq!(o.bombed, 0.5);
    assert_eq!(o.points, 1.25);
    assert_eq!(o.value, -3.0);
    // The values' spread: deviations -12, 4, 5, 3; variance 194/4.
    assert!((o.value_se - (194.0f64 / 4.0 / 4.0).sqrt()).abs() < 1e-12);
}

#[test]
fn a_forecast_gives_every_option_of_the_decision_and_nothing_where_there_is_no_choice() {
    let g = Game::new(tables(), Setup::default(), 1);
    // The first night's briefing: the Coventry raid takes off with its 30
    // boxes, no choice.
    assert_eq!(g.legal_commands(), vec![Command::TakeOff]);
    assert!(forecast(&g, 10).is_empty());
    let g = first(1, 5_000, |g| {
        g.phase() == Phase::Briefing && g.legal_commands().len() == 2
    })
    .expect("a briefing offering extra fuel");
    let f = forecast(&g, 10);
    let options: Vec<Command> = f.iter().map(|o| o.command).collect();
    assert_eq!(options, vec![Command::TakeOff, Command::ExtraFuel]);
    assert!(f.iter().all(|o| o.flights == 10));
}

#[test]
fn a_forecast_depends_on_the_position_and_never_on_the_games_own_dice() {
    let g = first(2, 5_000, |g| matches!(g.phase(), Phase::Attacked { .. }))
        .expect("a night fighter's attack");
    // The same position on other dice: the same forecast.
    let a = forecast(&g.what_if(1), 50);
    let b = forecast(&g.what_if(987_654_321), 50);
    assert_eq!(a, b);
    assert_eq!(a.len(), 2);
    // And the game's own next throws are untouched by it.
    let mut played = g.clone();
    let mut fresh = g.clone();
    let _ = forecast(&g, 50);
    played.play(Command::Hold).unwrap();
    fresh.play(Command::Hold).unwrap();
    assert_eq!(played.state(), fresh.state());
}

#[test]
fn an_abort_over_the_target_is_forecast_to_score_nothing_and_the_bomb_run_to_score() {
    let g = first(3, 5_000, |g| g.phase() == Phase::Target).expect("over a target");
    let f = forecast(&g, 200);
    let of = |c: Command| *f.iter().find(|o| o.command == c).unwrap();
    let abort = of(Command::Abort);
    let run = of(Command::BombRun);
    assert_eq!(abort.bombed, 0.0);
    assert_eq!(abort.points, 0.0);
    assert!(run.bombed > 0.5, "{run:?}");
    assert!(run.value > abort.value, "{run:?} {abort:?}");
}

#[test]
fn a_flight_counts_what_the_mission_added_to_the_tour() {
    let g = first(4, 5_000, |g| g.phase() == Phase::Target).expect("over a target");
    let seed = 77;
    let f = fly_on(&g, Command::BombRun, &Crew::AUTO, seed).unwrap();
    // The same flight by hand.
    let mut h = g.what_if(seed);
    let raids = h.raids().len();
    h.play(Command::BombRun).unwrap();
    while h.raids().len() == raids {
        let c = Crew::AUTO.decide(&h).unwrap();
        h.play(c).unwrap();
    }
    let r = &h.raids()[raids];
    assert_eq!(f.points, r.points as u32);
    assert_eq!(f.men, (r.killed + r.captured) as u32);
    assert_eq!(f.wounded, r.wounded as u32);
    assert_eq!(f.value, h.rating() - g.rating());
    // An illegal first command flies nothing.
    assert_eq!(fly_on(&g, Command::Evade, &Crew::AUTO, seed), None);
}

#[test]
fn the_lab_finds_each_option_of_evade_or_hold_the_better_one_somewhere() {
    // Night fighters' attacks from the auto crew's tours, each option flown
    // 300 times: the lab's own question, on a handful of situations.
    let mut best = Vec::new();
    for seed in 1..60 {
        let Some(g) = first(seed, 20_000, |g| {
            matches!(g.phase(), Phase::Attacked { .. })
        }) else {
            continue;
        };
        let s = try_situation(&g, Decision::Fighter, &Crew::AUTO, forecast::FLIGHTS).unwrap();
        assert_eq!(s.options.len(), 2);
        if s.clearly {
            best.push(s.best);
        }
        if best.contains(&Command::Evade) && best.contains(&Command::Hold) {
            return;
        }
    }
    panic!("each option clearly best somewhere: only {best:?}");
}
