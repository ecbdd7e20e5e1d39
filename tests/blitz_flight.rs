//! Take-off, weather and mechanical failure with the amendments
//! (docs/RULES.md, "The night Blitz").

#[path = "common/blitz.rs"]
mod blitz_common;
use blitz_common::{placed, with};
use tally_ho::blitz::{Calendar, Date, FlightTables, TakeOff};
use tally_ho::common::dice::Dice;
use tally_ho::data;

fn shipped() -> (Calendar, FlightTables) {
    let cal = data::load_blitz_calendar(&data::blitz_calendar_source()).unwrap();
    let f = data::load_blitz_flight(&data::blitz_flight_source()).unwrap();
    (cal, f)
}

fn date(y: i32, m: u8, d: u8) -> Date {
    Date::new(y, m, d).unwrap()
}

#[test]
fn on_table_b3_roll_twice_and_use_the_lower_roll() {
    let (_, f) = shipped();
    let mut dice = Dice::new(3);
    let n = 200_000;
    let (mut trouble, mut crashed) = (0, 0);
    for _ in 0..n {
        let ([a, b], t) = f.roll_take_off(&mut dice);
        assert_eq!(t, *f.take_off.get(a.total().min(b.total())));
        trouble += (t != TakeOff::Airborne) as u32;
        crashed += (t == TakeOff::Crashed) as u32;
    }
    // One roll would put 15% of take-offs in trouble and crash 3%; the
    // lower of two, 2.25% and 0.09%.
    let share = |k: u32| k as f64 / n as f64;
    assert!(
        (0.018..0.027).contains(&share(trouble)),
        "{}",
        share(trouble)
    );
    assert!(share(crashed) < 0.002, "{}", share(crashed));
}

#[test]
fn on_tables_b1_and_c1_apply_a_minus_1_modifier_from_16_march_1941() {
    let (cal, f) = shipped();
    assert_eq!(f.spring, -1);
    let (winter, spring) = (date(1941, 3, 15), date(1941, 3, 16));
    let mut differ = (0, 0);
    for seed in 0..2_000 {
        for (night, m) in [(winter, 0), (spring, -1)] {
            let (r, w) = f.roll_base_weather(&cal, night, &mut Dice::new(seed));
            assert_eq!(w, *f.base_weather.get(r.total() + m));
            let z = f.roll_zone_weather(&cal, night, &mut Dice::new(seed));
            assert_eq!(z.weather, *f.zone_weather.get(z.rolled.total() + m));
        }
        let b = |n| f.roll_base_weather(&cal, n, &mut Dice::new(seed)).1;
        let c = |n| f.roll_zone_weather(&cal, n, &mut Dice::new(seed)).weather;
        differ.0 += (b(winter) != b(spring)) as u32;
        differ.1 += (c(winter) != c(spring)) as u32;
    }
    assert!(differ.0 > 0 && differ.1 > 0, "{differ:?}");
}

#[test]
fn c4_is_ignored_unless_c1_rolled_a_double_when_97_to_100_mean_a_check_on_table_k() {
    let (cal, f) = shipped();
    assert_eq!(f.mechanical_check, (97, 100));
    assert_eq!(f.zone_weather.dice.dice().len(), 2);
    let mut dice = Dice::new(11);
    let n = 200_000;
    let (mut doubles, mut checks) = (0, 0);
    for _ in 0..n {
        let z = f.roll_zone_weather(&cal, date(1940, 12, 1), &mut dice);
        assert_eq!(z.c4.is_some(), z.rolled.double());
        if let Some((r, check)) = &z.c4 {
            doubles += 1;
            assert_eq!(*check, (97..=100).contains(&r.total()));
            checks += *check as u32;
        }
    }
    // A double one time in ten, and a check one C-4 roll in 25: 0.4% of
    // zones.
    let share = |k: u32| k as f64 / n as f64;
    assert!((0.095..0.105).contains(&share(doubles)));
    assert!((0.003..0.005).contains(&share(checks)), "{}", share(checks));
}

#[test]
fn bombers_below_3000_metres_get_a_minus_1_modifier_on_tables_c2_and_c3() {
    let (_, f) = shipped();
    assert_eq!(f.low_altitude, -1);
    let (mut worse_high, mut any) = (0, 0);
    for seed in 0..2_000 {
        for (low, m) in [(false, 0), (true, -1)] {
            let (r, i) = f.roll_icing(low, &mut Dice::new(seed));
            assert_eq!(i, *f.icing.get(r.total() + m));
            let (r, l) = f.roll_lightning(low, &mut Dice::new(seed));
            assert_eq!(l, *f.lightning.get(r.total() + m));
        }
        let high = f.roll_icing(false, &mut Dice::new(seed)).1;
        let low = f.roll_icing(true, &mut Dice::new(seed)).1;
        any += (high != low) as u32;
        worse_high += (high == tally_ho::blitz::Icing::Disastrous) as u32;
    }
    assert!(any > 0 && worse_high > 0);
}

#[test]
fn a_bad_flight_table_is_reported_at_its_file_line_and_column() {
    let src = data::blitz_flight_source();
    let cases = [
        (
            "zone_weather: (dice: TwoD10",
            "zone_weather: (dice: D10",
            "zone_weather: (dice: D10",
            "two dice",
        ),
        (
            "(from: 15, to: 17, then: Light)",
            "(from: 16, to: 17, then: Light)",
            "(from: 16, to: 17",
            "run on from 15",
        ),
        (
            "mechanical_check: (97, 100)",
            "mechanical_check: (97, 101)",
            "mechanical_check",
            "percentile",
        ),
        ("spring: -1", "spring: -40", "spring:", "modifier"),
    ];
    for (from, to, at, says) in cases {
        let bad = with(&src, from, to);
        placed(&data::load_blitz_flight(&bad).unwrap_err(), &bad, at, says);
    }
}

#[test]
fn c4_as_the_screen_lists_it_is_the_engines_reading_of_every_roll() {
    let (_, flight) = shipped();
    let rows = flight.mechanical_check_rows();
    assert_eq!(rows, vec![(1, 96, false), (97, 100, true)]);
    for roll in 1..=100 {
        let listed: Vec<bool> = rows
            .iter()
            .filter(|(from, to, _)| (*from..=*to).contains(&roll))
            .map(|r| r.2)
            .collect();
        assert_eq!(listed, vec![flight.calls_for_check(roll)], "roll {roll}");
    }
}
