//! The night Blitz's zone map and calendar, each amendment that speaks of
//! them a test (docs/RULES.md, "The night Blitz").

#[path = "common/blitz.rs"]
mod blitz_common;
use blitz_common::with;
use tally_ho::blitz::{Calendar, Date, Moon, Zone, ZoneKind, ZoneMap};
use tally_ho::data::{self, Source};

fn map() -> ZoneMap {
    data::load_blitz_map(&data::blitz_map_source()).expect("the shipped map loads")
}

fn calendar() -> Calendar {
    data::load_blitz_calendar(&data::blitz_calendar_source()).expect("the shipped calendar loads")
}

fn z(s: &str) -> Zone {
    Zone::parse(s).unwrap_or_else(|| panic!("{s} is a zone"))
}

fn date(y: i32, m: u8, d: u8) -> Date {
    Date::new(y, m, d).expect("a real date")
}

/// The sheet's own words, spelled out here rather than read from the data.
const SHEET_LAND: &str = "A1-A5, B2-B6, C2-C6, D1, D4-D7, E5-E7, F5-F8, G3-G8, H3-H9, I2-I9, \
                          J2-J8, K3-K9, L2-L6, M2, N6 and N9";

fn sheet_zones(list: &str) -> Vec<Zone> {
    list.replace(" and ", ", ")
        .split(", ")
        .flat_map(|s| Zone::span(s).unwrap_or_else(|| panic!("{s}")))
        .collect()
}

#[test]
fn zones_count_from_the_top_left_using_lettered_rows_and_numbered_columns() {
    assert_eq!(z("A1"), Zone::new(0, 0));
    assert_eq!(z("A9"), Zone::new(0, 8));
    assert_eq!(z("N1"), Zone::new(13, 0));
    assert_eq!(z("M4").to_string(), "M4");
    let m = map();
    assert_eq!((m.rows(), m.columns()), (14, 9));
    assert!(m.contains(z("N9")) && !m.contains(z("O1")) && !m.contains(z("A10")));
    for bad in ["", "a1", "A0", "A", "1A", "A1-B2", "A5-A1", "A1-", "AA1"] {
        assert!(Zone::span(bad).is_none(), "{bad:?}");
    }
}

#[test]
fn the_land_zones_are_those_the_sheet_lists_and_every_other_zone_is_water() {
    let m = map();
    let land = sheet_zones(SHEET_LAND);
    assert_eq!(land.len(), 70);
    for zone in m.zones() {
        let want = if land.contains(&zone) {
            ZoneKind::Land
        } else {
            ZoneKind::Water
        };
        assert_eq!(m.kind(zone), Some(want), "{zone}");
    }
    assert_eq!(m.zones().count(), 14 * 9);
}

#[test]
fn the_green_zone_is_m4_to_m9_and_n1_to_n9() {
    let m = map();
    let green = sheet_zones("M4-M9, N1-N9");
    for zone in m.zones() {
        assert_eq!(m.is_green(zone), green.contains(&zone), "{zone}");
    }
}

#[test]
fn every_target_city_lies_in_a_land_zone_and_london_is_one_of_them() {
    let m = map();
    let mut n = 0;
    for (city, zone) in m.cities() {
        n += 1;
        assert_eq!(m.kind(zone), Some(ZoneKind::Land), "{}", city.name);
        assert!(m.is_city_zone(zone));
        // Britain's cities, not the Luftwaffe's side of the Channel.
        assert!(!m.is_green(zone), "{}", city.name);
    }
    assert!(n >= 10, "the Blitz's target cities: {n}");
    assert_eq!(m.london(), m.city("London").unwrap().1);
    assert_eq!(m.city("Coventry").unwrap().1, z("I6"));
    // The city zones lie where the geography puts them: London south and
    // east of Coventry, Glasgow north of both, Plymouth west of London.
    let (london, coventry) = (m.london(), z("I6"));
    assert!(london.row > coventry.row && london.col > coventry.col);
    assert!(m.city("Glasgow").unwrap().1.row < coventry.row);
    assert!(m.city("Plymouth").unwrap().1.col < london.col);
    // Open sea is no city zone.
    assert!(!m.is_city_zone(z("A9")));
}

#[test]
fn the_campaign_begins_on_14_november_1940_and_ends_with_the_blitz_in_may_1941() {
    let c = calendar();
    assert_eq!(c.first_night, date(1940, 11, 14));
    assert_eq!(c.last_night, date(1941, 5, 10));
    let nights: Vec<Date> = c.nights().collect();
    assert_eq!(nights.first(), Some(&c.first_night));
    assert_eq!(nights.last(), Some(&c.last_night));
    // 17 days of November, then December to April (31+31+28+31+30), 10 of May.
    assert_eq!(nights.len(), 17 + 151 + 10);
    assert!(nights.windows(2).all(|w| w[1].since(w[0]) == 1));
}

#[test]
fn no_missions_from_20_january_to_15_february_1941_inclusive() {
    let c = calendar();
    assert!(!c.in_the_pause(date(1941, 1, 19)));
    assert!(c.in_the_pause(date(1941, 1, 20)));
    assert!(c.in_the_pause(date(1941, 2, 1)));
    assert!(c.in_the_pause(date(1941, 2, 15)));
    assert!(!c.in_the_pause(date(1941, 2, 16)));
    let paused = c.nights().filter(|&n| c.in_the_pause(n)).count();
    assert_eq!(paused, 12 + 15);
}

#[test]
fn the_spring_modifier_applies_from_16_march_1941() {
    let c = calendar();
    assert!(!c.is_spring(date(1941, 3, 15)));
    assert!(c.is_spring(date(1941, 3, 16)));
    assert!(c.is_spring(c.last_night));
    assert!(!c.is_spring(c.first_night));
}

#[test]
fn all_dates_within_3_days_of_a_listed_moon_date_have_its_moon() {
    let c = calendar();
    assert_eq!(c.moon_within, 3);
    for (list, moon) in [(&c.full_moons, Moon::Full), (&c.new_moons, Moon::New)] {
        assert!(!list.is_empty());
        for &d in list {
            for off in -3..=3 {
                let night = Date::from_days(d.days() + off);
                assert_eq!(c.moon(night), moon, "{night}, {off} from {d}");
            }
            for off in [-4, 4] {
                let night = Date::from_days(d.days() + off);
                assert_eq!(c.moon(night), Moon::Other, "{night}, {off} from {d}");
            }
        }
    }
}

#[test]
fn the_moon_dates_are_the_real_ones_of_the_period() {
    let c = calendar();
    // The Coventry raid of 14/15 November 1940 flew under the full moon
    // ("Moonlight Sonata"); so did the last great raid on London, 10/11 May.
    assert_eq!(c.moon(date(1940, 11, 14)), Moon::Full);
    assert!(c.full_moons.contains(&date(1940, 11, 15)));
    assert!(c.full_moons.contains(&date(1941, 5, 11)));
    // Each date, as Meeus's algorithm (Astronomical Algorithms, ch. 49)
    // gives it in GMT, computed apart from the data.
    let full = [
        (1940, 11, 15),
        (1940, 12, 14),
        (1941, 1, 13),
        (1941, 2, 12),
        (1941, 3, 13),
        (1941, 4, 11),
        (1941, 5, 11),
    ];
    let new = [
        (1940, 11, 29),
        (1940, 12, 28),
        (1941, 1, 27),
        (1941, 2, 26),
        (1941, 3, 27),
        (1941, 4, 26),
    ];
    let dates =
        |v: &[(i32, u8, u8)]| -> Vec<Date> { v.iter().map(|&(y, m, d)| date(y, m, d)).collect() };
    assert_eq!(c.full_moons, dates(&full));
    assert_eq!(c.new_moons, dates(&new));
    // A lunation is 29.53 days: consecutive listed moons 29 or 30 days
    // apart, each new moon 14 or 15 days after a full one.
    for list in [&c.full_moons, &c.new_moons] {
        for w in list.windows(2) {
            assert!(
                (29..=30).contains(&w[1].since(w[0])),
                "{} to {}",
                w[0],
                w[1]
            );
        }
    }
    for n in &c.new_moons {
        let before = c.full_moons.iter().filter(|f| *f < n).max().unwrap();
        assert!((14..=15).contains(&n.since(*before)), "{before} to {n}");
    }
    // Every night of the campaign is within a fortnight of a listed moon.
    for night in c.nights() {
        let near = c
            .full_moons
            .iter()
            .chain(&c.new_moons)
            .any(|d| night.since(*d).abs() <= 15);
        assert!(near, "{night}");
    }
}

#[test]
fn dates_count_days_across_months_and_leap_years() {
    assert_eq!(date(1970, 1, 1).days(), 0);
    assert_eq!(date(1941, 3, 1).since(date(1941, 2, 28)), 1);
    assert_eq!(date(1940, 3, 1).since(date(1940, 2, 28)), 2);
    assert!(Date::new(1941, 2, 29).is_none() && Date::new(1940, 2, 29).is_some());
    assert!(Date::new(1900, 2, 29).is_none() && Date::new(2000, 2, 29).is_some());
    let mut d = date(1899, 12, 31);
    for _ in 0..80_000 {
        let next = d.next();
        assert_eq!(Date::from_days(next.days()), next);
        assert_eq!(next.since(d), 1);
        assert!(next > d);
        d = next;
    }
    assert_eq!(date(1940, 11, 14).to_string(), "14 November 1940");
    for bad in [
        "1940-13-01",
        "1940-11-31",
        "40-11-14",
        "1940-1-14",
        "1940/11/14",
        "x",
    ] {
        assert!(Date::parse(bad).is_none(), "{bad}");
    }
}

#[test]
fn a_bad_blitz_map_or_calendar_is_reported_at_its_file_line_and_column() {
    let map = data::blitz_map_source();
    let line_of = |s: &Source, what: &str| {
        s.text
            .lines()
            .position(|l| l.contains(what))
            .map(|i| i + 1)
            .unwrap()
    };
    let cases = [
        (
            with(&map, "\"D4-D7\"", "\"D4-C7\""),
            "D4-C7",
            "span of one row",
        ),
        (
            with(
                &map,
                "zone: \"I6\"),\n        (name: \"Birmingham\"",
                "zone: \"A9\"),\n        (name: \"Birmingham\"",
            ),
            "\"A9\"",
            "water zone",
        ),
        (
            with(
                &map,
                "zone: \"I6\"),\n        (name: \"Birmingham\"",
                "zone: \"N9\"),\n        (name: \"Birmingham\"",
            ),
            "zone: \"N9\"",
            "in the Green Zone",
        ),
        (
            with(
                &map,
                "(name: \"Hull\", zone: \"G7\")",
                "(name: \"Hull\", zone: \"G7\", london: true)",
            ),
            "cities:",
            "exactly one",
        ),
        (
            with(&map, "\"N6\", \"N9\"", "\"N6\", \"N10\""),
            "N10",
            "off the map",
        ),
    ];
    for (src, at, says) in cases {
        let e = data::load_blitz_map(&src).unwrap_err();
        let first = &e.0[0];
        assert_eq!(first.file, "levels/blitz/map.ron");
        assert_eq!(first.line, line_of(&src, at), "{e}");
        assert!(first.col > 0);
        assert!(first.message.contains(says), "{e}");
    }
    let cal = data::blitz_calendar_source();
    let cases = [
        (
            with(&cal, "\"1941-02-15\"", "\"1941-02-30\""),
            "1941-02-30",
            "not a date",
        ),
        (
            with(
                &cal,
                "last_night: \"1941-05-10\"",
                "last_night: \"1940-05-10\"",
            ),
            "last_night:",
            "before the first",
        ),
        (
            with(&cal, "moon_within: 3", "moon_within: 15"),
            "moon_within",
            "new and full at once",
        ),
        (
            with(
                &cal,
                "\"1940-12-14\", \"1941-01-13\"",
                "\"1941-01-13\", \"1940-12-14\"",
            ),
            "\"1941-01-13\", \"1940-12-14\"",
            "in order",
        ),
    ];
    for (src, at, says) in cases {
        let e = data::load_blitz_calendar(&src).unwrap_err();
        let first = &e.0[0];
        assert_eq!(first.file, "levels/blitz/calendar.ron");
        assert_eq!(first.line, line_of(&src, at), "{e}");
        assert!(first.message.contains(says), "{e}");
    }
}

fn table(
    dice: tally_ho::blitz::Throw,
    rows: &[(i16, i16, &str)],
) -> tally_ho::blitz::Table<String> {
    tally_ho::blitz::Table {
        dice,
        rows: rows
            .iter()
            .map(|&(from, to, then)| tally_ho::blitz::Row {
                from,
                to,
                then: then.to_string(),
            })
            .collect(),
    }
}

#[test]
fn a_table_reads_a_modified_total_beyond_its_dice_at_its_first_or_last_row() {
    use tally_ho::blitz::Throw;
    let t = table(
        Throw::TwoD10,
        &[(2, 10, "good"), (11, 16, "poor"), (17, 20, "bad")],
    );
    assert!(t.validate("c1").is_empty());
    assert_eq!(t.get(-3), "good");
    assert_eq!(t.get(2), "good");
    assert_eq!(t.get(10), "good");
    assert_eq!(t.get(11), "poor");
    assert_eq!(t.get(20), "bad");
    assert_eq!(t.get(25), "bad");
}

#[test]
fn a_tables_rows_must_cover_every_total_of_its_dice_once() {
    use tally_ho::blitz::Throw;
    let gap = table(Throw::TwoD10, &[(2, 10, "a"), (12, 20, "b")]);
    assert_eq!(gap.validate("c1")[0].path, "c1.rows[1].from");
    let short = table(Throw::TwoD10, &[(2, 10, "a"), (11, 19, "b")]);
    assert_eq!(short.validate("c1")[0].path, "c1.rows");
    let low = table(Throw::TwoD10, &[(1, 20, "a")]);
    assert_eq!(low.validate("c1")[0].path, "c1.rows[0].from");
    let over = table(Throw::D6, &[(1, 7, "a")]);
    assert_eq!(over.validate("b3")[0].path, "b3.rows[0].to");
    assert!(table(Throw::D100, &[(1, 100, "a")])
        .validate("a1")
        .is_empty());
}

#[test]
fn two_dice_showing_the_same_face_are_a_double_and_the_dice_are_the_games_own() {
    use tally_ho::blitz::Throw;
    use tally_ho::common::dice::Dice;
    let (mut a, mut b) = (Dice::new(7), Dice::new(7));
    let (mut doubles, n) = (0, 10_000);
    for _ in 0..n {
        let r = Throw::TwoD10.roll(&mut a);
        assert_eq!(r, Throw::TwoD10.roll(&mut b), "same seed, same rolls");
        assert_eq!(r.faces.len(), 2);
        assert!((2..=20).contains(&r.total()));
        assert_eq!(r.double(), r.faces[0] == r.faces[1]);
        doubles += r.double() as u32;
        let one = Throw::D100.roll(&mut a);
        Throw::D100.roll(&mut b);
        assert!((1..=100).contains(&one.total()) && !one.double());
    }
    // One throw in ten of two d10 is a double.
    assert!((800..1200).contains(&doubles), "{doubles}");
}
