//! Helpers for the campaign's tests: the shipped data, campaigns played by
//! the opponents, and positions set up by hand so that a test reads like a
//! script: build a position, play a command, assert the exact events.
#![allow(dead_code)]

use std::sync::{Arc, OnceLock};
use tally_ho::campaign::ai::{self, Opponents};
use tally_ho::campaign::data::{CampaignData, Square};
use tally_ho::campaign::game::{
    Battles, Campaign, CampaignSetup, Command, Event, Position, Stage, WingState,
};
use tally_ho::campaign::rules::{CampaignValues, WeatherRule};
use tally_ho::campaign::state::{FightAt, GeschwaderAt, Next, SquadronAt, WingAt};
use tally_ho::common::game;

pub fn shipped() -> (Arc<CampaignData>, Arc<CampaignValues>) {
    static DATA: OnceLock<(Arc<CampaignData>, Arc<CampaignValues>)> = OnceLock::new();
    DATA.get_or_init(|| tally_ho::record::campaign::shipped().expect("the shipped campaign loads"))
        .clone()
}

/// A new campaign with its event log.
pub fn campaign(weather: WeatherRule, seed: u64) -> Campaign {
    let (data, rules) = shipped();
    Campaign::new(data, rules, CampaignSetup::new(weather, seed))
}

/// A new campaign fighting its intercepts as `battles` says.
pub fn campaign_fought(weather: WeatherRule, battles: Battles, seed: u64) -> Campaign {
    let (data, rules) = shipped();
    let setup = CampaignSetup {
        battles,
        ..CampaignSetup::new(weather, seed)
    };
    Campaign::new(data, rules, setup)
}

/// The most commands a whole campaign may take in a test.
pub const LIMIT: usize = 1_000_000;

/// The opponents play the campaign to its end; a refused proposal fails
/// the test.
pub fn play_out(c: &mut Campaign) {
    if let Err(e) = game::play_out(c, &mut Opponents::default(), LIMIT) {
        panic!("{e}");
    }
}

/// The opponents play one command.
pub fn step(c: &mut Campaign) {
    let side = c.to_act().expect("not over");
    let cmd = ai::propose(c, side).expect("a proposal");
    c.play(cmd).expect("the opponents play legal commands");
}

/// The opponents play until `until` holds (true) or the campaign ends (false).
pub fn drive(c: &mut Campaign, until: impl Fn(&Campaign) -> bool) -> bool {
    loop {
        if until(c) {
            return true;
        }
        if c.is_over() {
            return false;
        }
        step(c);
    }
}

/// The opponents play the battle on the board to its end (the campaign may
/// go straight on to its next battle).
pub fn finish_battle(c: &mut Campaign) {
    assert!(matches!(c.stage(), Stage::Battle));
    let battles = |c: &Campaign| {
        let t = c.intercept_tally();
        t.on_board + t.dogfights_on_board
    };
    let this = battles(c);
    while matches!(c.stage(), Stage::Battle) && battles(c) == this {
        step(c);
    }
}

/// The campaign written to a save file and read back.
pub fn saved_and_restored(c: &Campaign, name: &str) -> Campaign {
    let dir = std::env::temp_dir().join(format!("tally-ho-tactical-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.ron");
    let r = tally_ho::record::of::<Campaign>(c, Vec::new(), std::path::Path::new(".")).unwrap();
    tally_ho::record::AnyRecord::Campaign(r)
        .write(&path)
        .unwrap();
    let back = match tally_ho::record::read(&path).unwrap() {
        tally_ho::record::AnyRecord::Campaign(r) => {
            tally_ho::record::restore::<Campaign>(&r, std::path::Path::new(".")).unwrap()
        }
        other => panic!("{other:?}"),
    };
    let _ = std::fs::remove_dir_all(&dir);
    back
}

// ----- positions -----

/// A campaign set up from a position (the historical weather unless said).
pub fn from(position: Position) -> Campaign {
    from_with(WeatherRule::Historical, position)
}

pub fn from_with(weather: WeatherRule, position: Position) -> Campaign {
    from_setup(CampaignSetup::new(weather, 1), position)
}

pub fn from_setup(setup: CampaignSetup, position: Position) -> Campaign {
    let (data, rules) = shipped();
    Campaign::with_position(data, rules, setup, position)
        .unwrap_or_else(|e| panic!("the position is refused: {e}"))
}

/// A geschwader in the air at `at` against `target`, still to fly this
/// Tally Ho phase.
pub fn flying(name: &str, squadrons: &[&str], at: (i32, i32), target: &str) -> GeschwaderAt {
    GeschwaderAt {
        stopped: Some(false),
        ..raid(name, squadrons, at, target)
    }
}

/// A position at `turn` waiting for `stage`.
pub fn deciding(turn: u8, stage: Stage) -> Position {
    Position {
        turn,
        next: Next::Decide(stage),
        ..Position::default()
    }
}

/// A position at `turn`, playing on from `next`.
pub fn playing_on(turn: u8, next: Next) -> Position {
    Position {
        turn,
        next,
        ..Position::default()
    }
}

pub fn wing(name: &str, squadrons: &[&str]) -> WingAt {
    WingAt {
        wing: name.into(),
        squadrons: names(squadrons),
        ..WingAt::default()
    }
}

pub fn geschwader(name: &str, squadrons: &[&str]) -> GeschwaderAt {
    GeschwaderAt {
        geschwader: name.into(),
        squadrons: names(squadrons),
        ..GeschwaderAt::default()
    }
}

/// A geschwader in the air at `at` against `target`, stopped for this
/// Tally Ho phase.
pub fn raid(name: &str, squadrons: &[&str], at: (i32, i32), target: &str) -> GeschwaderAt {
    GeschwaderAt {
        at: Some(sq(at.0, at.1)),
        target: Some(target.into()),
        stopped: Some(true),
        ..geschwader(name, squadrons)
    }
}

pub fn fight(geschwader: &str, wings: &[&str], raf: &[&str], luftwaffe: &[&str]) -> FightAt {
    FightAt {
        geschwader: geschwader.into(),
        wings: names(wings),
        raf: names(raf),
        luftwaffe: names(luftwaffe),
        ..FightAt::default()
    }
}

pub fn placed(name: &str, at: SquadronAt) -> (String, SquadronAt) {
    (name.to_string(), at)
}

pub fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

pub fn sq(col: i32, row: i32) -> Square {
    Square::new(col, row)
}

// ----- reading the campaign by name -----

/// A squadron's index by the name it has at the start (an allied squadron
/// takes over a squadron under its own name).
pub fn squadron_no(name: &str) -> usize {
    static OPENING: OnceLock<Vec<String>> = OnceLock::new();
    let names = OPENING.get_or_init(|| {
        let c = campaign(WeatherRule::Historical, 1);
        c.forces()
            .squadrons
            .iter()
            .map(|s| s.name.clone())
            .collect()
    });
    names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no squadron named {name}"))
}

pub fn squadron(c: &Campaign, name: &str) -> usize {
    c.forces()
        .squadrons
        .iter()
        .position(|q| q.name == name)
        .unwrap_or_else(|| panic!("no squadron {name}"))
}

pub fn card(c: &Campaign, name: &str) -> u16 {
    c.data()
        .targets
        .find(name)
        .unwrap_or_else(|| panic!("no card {name}")) as u16
}

pub fn wing_no(c: &Campaign, name: &str) -> usize {
    c.data()
        .oob
        .wings
        .iter()
        .position(|w| w.name == name)
        .unwrap_or_else(|| panic!("no wing {name}"))
}

pub fn geschwader_no(c: &Campaign, name: &str) -> usize {
    c.data()
        .oob
        .geschwader
        .iter()
        .position(|g| g.name == name)
        .unwrap_or_else(|| panic!("no geschwader {name}"))
}

/// Plays a command and returns the events it made.
pub fn play(c: &mut Campaign, cmd: Command) -> Vec<Event> {
    let n = c.events().len();
    c.play(cmd)
        .unwrap_or_else(|e| panic!("{cmd:?} is refused: {e}"));
    c.events()[n..].to_vec()
}

/// The events of a kind, in order.
pub fn only<T>(events: &[Event], f: impl Fn(&Event) -> Option<T>) -> Vec<T> {
    events.iter().filter_map(f).collect()
}

/// An intercept off Dover about to be fought: the whole Biggin Hill Wing
/// (three squadrons) against KG 2 made up of `gruppen`, raiding London with
/// `damage` hits on it already; intercepts fought as `battles`.
pub fn biggin_hill_intercept(
    battles: Battles,
    seed: u64,
    damage: u8,
    gruppen: &[&str],
) -> Campaign {
    let raid = raid("KG 2", gruppen, (15, 16), "London");
    biggin_hill_meets(battles, seed, damage, raid)
}

/// The whole Biggin Hill Wing meets `raid` where it is, raiding London with
/// `damage` hits on it already; intercepts fought as `battles`.
pub fn biggin_hill_meets(battles: Battles, seed: u64, damage: u8, raid: GeschwaderAt) -> Campaign {
    let setup = CampaignSetup {
        battles,
        ..CampaignSetup::new(WeatherRule::Historical, seed)
    };
    let at = raid.at;
    from_setup(
        setup,
        Position {
            turn: 2,
            tally_ho: 1,
            damage: vec![("London".into(), damage)],
            geschwader: vec![raid],
            wings: vec![WingAt {
                at,
                state: Some(WingState::Intercepting(0)),
                met: Some(0),
                ..wing(
                    "Biggin Hill Wing",
                    &["No. 32 Squadron", "No. 610 Squadron", "No. 141 Squadron"],
                )
            }],
            next: Next::Battle,
            ..Position::default()
        },
    )
}

/// The binomial's `u`-quantile, worked out here: the fewest hits `n` dice
/// hitting one time in six make at least a share `u` of the time.
pub fn one_in_six_quantile(n: u32, u: f64) -> u32 {
    let p: f64 = 1.0 / 6.0;
    let choose = |k: u32| (0..k).fold(1.0, |a, i| a * (n - i) as f64 / (i + 1) as f64);
    let mut cdf = 0.0;
    for k in 0..=n {
        cdf += choose(k) * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32);
        if cdf >= u - 1e-12 {
            return k;
        }
    }
    n
}

/// The hits an intercept on a board makes (docs/RULES.md, "The same war on
/// every board"), worked out here from what its result says it ranked, the
/// battle's seed and the shipped zoom table: the RAF's, then the
/// Luftwaffe's before the ace's die. The harms are checked against
/// `harm`, what the board did to each side as the test reads it.
pub fn ranked_intercept_hits(
    out: &tally_ho::campaign::tactical::Outcome,
    battle_seed: u64,
    harm: impl Fn(tally_ho::common::Side) -> u32,
) -> [u32; 2] {
    use rand::RngExt;
    use tally_ho::common::Side;
    let table = shipped()
        .1
        .zoom
        .clone()
        .expect("ranked rules load the zoom table");
    let ranked = out.ranked.expect("ranked rules say what they ranked");
    let mut dice = tally_ho::campaign::zoom::dice(battle_seed);
    let mut u = [0.0; 2];
    for (i, side) in [Side::British, Side::German].into_iter().enumerate() {
        let split: f64 = dice.random_range(0.0..1.0);
        let key = ranked.keys[i];
        assert_eq!(key.side, side);
        assert_eq!(ranked.harms[i], harm(side), "{out:?}");
        u[i] = table
            .rank(key, harm(side), split)
            .expect("a kind the table has");
    }
    // The two ranks made independent, as the dice's throws are.
    let (board, fight) = (ranked.keys[0].board, ranked.keys[0].fight);
    let u = table.independent(board, fight, u);
    [0, 1].map(|i| one_in_six_quantile(ranked.keys[i].dice as u32, u[i]))
}

/// The seed of the battle whose result is `events[k]`.
pub fn battle_seed(events: &[Event], k: usize) -> u64 {
    events[..k]
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::BattleOnBoard { seed, .. }
            | Event::BattleOnFamilyBoard { seed, .. }
            | Event::DogfightOnBoard { seed, .. } => Some(*seed),
            _ => None,
        })
        .expect("the battle began")
}
