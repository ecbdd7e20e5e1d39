//! The night's orders: the Coventry raid, Table A-1 with the amendments'
//! remapping and follow-ups, the winter pause and Table A-4
//! (docs/RULES.md, "The night Blitz").

#[path = "common/blitz.rs"]
mod blitz_common;
use blitz_common::{placed, with};
use tally_ho::blitz::{Calendar, Date, LastMission, Night, NightsFile, Stood, Why, ZoneMap};
use tally_ho::data;

fn shipped() -> (ZoneMap, Calendar, NightsFile) {
    let map = data::load_blitz_map(&data::blitz_map_source()).unwrap();
    let cal = data::load_blitz_calendar(&data::blitz_calendar_source()).unwrap();
    let nights = data::load_blitz_nights(&data::blitz_nights_source(), &map).unwrap();
    (map, cal, nights)
}

fn date(y: i32, m: u8, d: u8) -> Date {
    Date::new(y, m, d).unwrap()
}

fn last(city: &str, night: Date) -> LastMission {
    LastMission {
        city: city.into(),
        night,
    }
}

fn mission(city: &str, why: Why) -> Night {
    Night::Mission {
        city: city.into(),
        why,
    }
}

#[test]
fn the_game_automatically_begins_with_the_coventry_raid_with_30_points_of_fuel() {
    let (_, cal, n) = shipped();
    assert_eq!(n.first_raid, ("Coventry".to_string(), 30));
    for roll in 1..=100 {
        assert_eq!(
            n.night(&cal, cal.first_night, None, "London", roll, roll),
            mission("Coventry", Why::FirstRaid)
        );
    }
}

#[test]
fn from_15_november_a1_rolls_of_29_to_62_are_no_mission_this_night_without_a_follow_up() {
    let (_, cal, n) = shipped();
    let night = date(1940, 11, 20);
    for roll in 29..=62 {
        for before in [None, Some(last("London", date(1940, 11, 19)))] {
            assert_eq!(
                n.night(&cal, night, before.as_ref(), "London", roll, 50),
                Night::Stood {
                    why: Stood::NoFollowUp
                },
                "{roll} {before:?}"
            );
        }
    }
    // The other rolls are A-1's own.
    assert_eq!(
        n.night(&cal, night, None, "London", 1, 50),
        mission("London", Why::Ordered)
    );
    assert_eq!(
        n.night(&cal, night, None, "London", 28, 1),
        mission("Liverpool", Why::Ordered)
    );
    assert_eq!(
        n.night(&cal, night, None, "London", 63, 1),
        Night::Stood {
            why: Stood::Ordered
        }
    );
}

#[test]
fn a_follow_up_flies_against_the_same_city_on_39_to_56_one_night_after_or_57_to_62_one_to_five() {
    let (_, cal, n) = shipped();
    let night = date(1940, 12, 10);
    for ago in 1..=7i64 {
        let before = last("Bristol", Date::from_days(night.days() - ago));
        for roll in 29..=62u8 {
            let due = match roll {
                39..=56 => ago == 1,
                57..=62 => (1..=5).contains(&ago),
                _ => false,
            };
            let want = if due {
                mission("Bristol", Why::FollowUp)
            } else {
                Night::Stood {
                    why: Stood::NoFollowUp,
                }
            };
            assert_eq!(
                n.night(&cal, night, Some(&before), "London", roll, 1),
                want,
                "{roll}, {ago} nights ago"
            );
        }
    }
    // Never after a raid on London.
    let before = last("London", date(1940, 12, 9));
    for roll in 39..=62 {
        assert!(matches!(
            n.night(&cal, night, Some(&before), "London", roll, 1),
            Night::Stood { .. }
        ));
    }
}

#[test]
fn due_to_bad_winter_weather_no_missions_occur_from_20_january_to_15_february_1941() {
    let (_, cal, n) = shipped();
    let before = last("Bristol", date(1941, 1, 19));
    for night in [date(1941, 1, 20), date(1941, 2, 1), date(1941, 2, 15)] {
        for roll in 1..=100 {
            assert_eq!(
                n.night(&cal, night, Some(&before), "London", roll, roll),
                Night::Stood {
                    why: Stood::WinterPause
                }
            );
        }
    }
    assert_eq!(
        n.night(&cal, date(1941, 2, 16), None, "London", 1, 1),
        mission("London", Why::Ordered)
    );
}

#[test]
fn table_a4_sends_a_raid_on_another_city_to_each_of_its_cities_and_never_london() {
    let (map, cal, n) = shipped();
    let night = date(1941, 3, 1);
    let mut seen = std::collections::BTreeSet::new();
    for other in 1..=100 {
        match n.night(&cal, night, None, "London", 11, other) {
            Night::Mission { city, why } => {
                assert_eq!(why, Why::Ordered);
                assert!(map.city(&city).is_some());
                assert_ne!(city, "London");
                seen.insert(city);
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(seen.len(), n.other_city.rows.len());
}

#[test]
fn a_bad_night_table_is_reported_at_its_file_line_and_column() {
    let (map, ..) = shipped();
    let src = data::blitz_nights_source();
    let cases = [
        (
            "(from: 11, to: 28",
            "(from: 12, to: 28",
            "(from: 12",
            "run on from 11",
        ),
        (
            "then: \"Norwich\"",
            "then: \"Paris\"",
            "Paris",
            "not a city of the map",
        ),
        (
            "then: \"Norwich\"",
            "then: \"London\"",
            "then: \"London\"",
            "not another city",
        ),
        (
            "(rolls: (57, 62)",
            "(rolls: (57, 70)",
            "(57, 70)",
            "not within",
        ),
        (
            "base: \"N9\"",
            "base: \"K7\"",
            "base: \"K7\"",
            "not a land zone of the Green Zone",
        ),
        (
            "base: \"N9\"",
            "base: \"N8\"",
            "base: \"N8\"",
            "not a land zone of the Green Zone",
        ),
        (
            "full: 30, extra",
            "full: 4, extra",
            "full: 4",
            "the tanks hold at least the reserve (5)",
        ),
        (
            "extra: 6,",
            "extra: 0,",
            "extra: 0",
            "at least one Fuel Box",
        ),
        (
            "(from: 100, to: 100",
            "(from: 100, to: 99",
            "(from: 100, to: 99",
            "ends at 99",
        ),
    ];
    for (from, to, at, says) in cases {
        let bad = with(&src, from, to);
        placed(
            &data::load_blitz_nights(&bad, &map).unwrap_err(),
            &bad,
            at,
            says,
        );
    }
}
