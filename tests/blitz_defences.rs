//! The British defences with the amendments (docs/RULES.md, "The night
//! Blitz").

#[path = "common/blitz.rs"]
mod blitz_common;
use blitz_common::{placed, with};
use tally_ho::blitz::{
    Defences, Evasion, Fighter, Modifier, Moon, Searchlights, Situation, Weather, When, Zone,
    ZoneSort,
};
use tally_ho::common::dice::Dice;
use tally_ho::data;

fn shipped() -> Defences {
    data::load_blitz_defences(&data::blitz_defences_source()).unwrap()
}

/// Every situation the modifiers can tell apart.
fn situations() -> Vec<Situation> {
    let mut out = Vec::new();
    for moon in [Moon::New, Moon::Full, Moon::Other] {
        for weather in [Weather::Good, Weather::Poor, Weather::Bad] {
            for zone in [
                ZoneSort::Target,
                ZoneSort::City,
                ZoneSort::Land,
                ZoneSort::Water,
                ZoneSort::Green,
            ] {
                for (london, low, in_stream) in [
                    (false, false, true),
                    (true, false, true),
                    (false, true, true),
                    (true, true, false),
                    (false, false, false),
                ] {
                    for (spotter, lights) in [
                        (true, Searchlights::Blocked),
                        (false, Searchlights::Illuminated),
                        (true, Searchlights::Coned),
                    ] {
                        out.push(Situation {
                            moon,
                            weather,
                            zone,
                            london,
                            low,
                            in_stream,
                            spotter,
                            lights,
                            night: tally_ho::blitz::Date::new(1940, 12, 1).unwrap(),
                            engine_out: false,
                        });
                    }
                }
            }
        }
    }
    out
}

fn plain() -> Situation {
    Situation {
        moon: Moon::Other,
        weather: Weather::Poor,
        zone: ZoneSort::Land,
        london: false,
        low: false,
        in_stream: true,
        spotter: true,
        lights: Searchlights::Blocked,
        night: tally_ho::blitz::Date::new(1940, 12, 1).unwrap(),
        engine_out: false,
    }
}

#[test]
fn the_modifier_for_full_moon_and_good_weather_is_reduced_to_1_in_the_stated_direction() {
    let d = shipped();
    assert_eq!(
        Modifier {
            when: When::FullMoonGoodWeather,
            value: 3
        }
        .played(),
        1
    );
    assert_eq!(
        Modifier {
            when: When::FullMoonGoodWeather,
            value: -2
        }
        .played(),
        -1
    );
    let full = Situation {
        moon: Moon::Full,
        weather: Weather::Good,
        ..plain()
    };
    let half = Situation {
        moon: Moon::Other,
        ..full
    };
    // On top of the good weather modifier alone, each table gets one more
    // point in the direction its file writes (3 on C-8, 2 on C-9, -2 on D-2).
    assert_eq!(d.detection.modifier(&full) - d.detection.modifier(&half), 1);
    assert_eq!(
        d.interception.modifier(&full) - d.interception.modifier(&half),
        1
    );
    assert_eq!(
        d.searchlights.modifier(&full) - d.searchlights.modifier(&half),
        -1
    );
    assert_eq!(d.flak.modifier(&full), d.flak.modifier(&half));
}

#[test]
fn deduct_5_from_all_rolls_on_table_c9() {
    let d = shipped();
    assert_eq!(d.c9, -5);
    for s in situations() {
        for seed in 0..50 {
            let (r, m, t) = d.roll_interception(&s, &mut Dice::new(seed));
            assert_eq!(m, d.interception.modifier(&s) - 5);
            assert_eq!(t, *d.interception.table.get(r.total() + m));
        }
    }
}

#[test]
fn the_target_city_zone_modifier_on_c8_and_c9_applies_in_all_en_route_zones_containing_cities() {
    let d = shipped();
    let at = |zone| Situation { zone, ..plain() };
    let (city, target) = (at(ZoneSort::City), at(ZoneSort::Target));
    assert_eq!(d.detection.modifier(&city), d.detection.modifier(&target));
    assert_eq!(
        d.interception.modifier(&city),
        d.interception.modifier(&target)
    );
    assert!(d.detection.modifier(&at(ZoneSort::City)) > d.detection.modifier(&at(ZoneSort::Land)));
    assert!(
        d.interception.modifier(&at(ZoneSort::City)) > d.interception.modifier(&at(ZoneSort::Land))
    );
}

fn map() -> tally_ho::blitz::ZoneMap {
    data::load_blitz_map(&data::blitz_map_source()).unwrap()
}

#[test]
fn the_water_zone_modifier_on_c9_does_not_apply_in_city_zones() {
    let d = shipped();
    let at = |zone| Situation { zone, ..plain() };
    assert!(
        d.interception.modifier(&at(ZoneSort::Water))
            < d.interception.modifier(&at(ZoneSort::Land))
    );
    // Over the map, bound for each city in turn: a zone with a city never
    // reads as water, whatever the zone around it is.
    let m = map();
    let targets: Vec<Zone> = m.cities().map(|(_, z)| z).collect();
    let mut water = 0;
    for &target in &targets {
        for zone in m.zones() {
            let sort = ZoneSort::of(&m, zone, target);
            if m.is_city_zone(zone) {
                assert!(matches!(sort, ZoneSort::City | ZoneSort::Target), "{zone}");
                assert!(!When::WaterZone.holds(&at(sort)));
            }
            water += (sort == ZoneSort::Water) as u32;
        }
    }
    assert!(water > 0);
    // No city can stand in a water zone: a map that puts one there is
    // refused, which is why the rule never has to part a city from the sea
    // in play (docs/RULES.md, "The defences").
    let src = data::blitz_map_source();
    let moved = with(
        &src,
        r#"(name: "Sheffield", zone: "H6")"#,
        r#"(name: "Sheffield", zone: "B1")"#,
    );
    let e = data::load_blitz_map(&moved).unwrap_err();
    placed(
        &e,
        &moved,
        "Sheffield",
        "Sheffield lies in B1, a water zone",
    );
}

#[test]
fn you_need_never_roll_on_tables_c8_or_c9_in_the_green_zone() {
    let d = shipped();
    let m = map();
    let london = m.london();
    for zone in m.zones() {
        let s = Situation {
            zone: ZoneSort::of(&m, zone, london),
            ..plain()
        };
        assert_eq!(d.night_fighters_hunt(&s), !m.is_green(zone), "{zone}");
    }
}

#[test]
fn a_bombardier_who_no_longer_spots_below_lets_night_fighters_in_more_easily() {
    let d = shipped();
    let blind = Situation {
        spotter: false,
        ..plain()
    };
    assert!(d.interception.modifier(&blind) > d.interception.modifier(&plain()));
}

#[test]
fn flak_aims_better_at_a_bomber_lit_or_coned_by_the_searchlights() {
    let d = shipped();
    let lit = |lights| Situation { lights, ..plain() };
    let (dark, shown, coned) = (
        d.flak.modifier(&lit(Searchlights::Blocked)),
        d.flak.modifier(&lit(Searchlights::Illuminated)),
        d.flak.modifier(&lit(Searchlights::Coned)),
    );
    assert!(dark < shown && shown < coned, "{dark} {shown} {coned}");
}

#[test]
fn omit_any_second_beaufighter_on_table_c10() {
    let d = shipped();
    // The base table has its second Beaufighter...
    assert!(d
        .fighter
        .table
        .entries()
        .any(|f| *f == Fighter::TwoBeaufighters));
    // ...which is never met.
    let mut dice = Dice::new(5);
    let mut beaus = 0;
    for _ in 0..5_000 {
        let (r, m, f) = d.roll_fighter(&plain(), &mut dice);
        assert_ne!(f, Fighter::TwoBeaufighters);
        if *d.fighter.table.get(r.total() + m) == Fighter::TwoBeaufighters {
            assert_eq!(f, Fighter::Beaufighter);
            beaus += 1;
        }
    }
    assert!(beaus > 0);
}

#[test]
fn evasive_action_rolls_2d10_and_collides_with_the_fighter_on_an_unmodified_20() {
    let d = shipped();
    assert_eq!(d.collision, 20);
    assert_eq!(d.evasion.dice, tally_ho::blitz::Throw::TwoD10);
    let mut dice = Dice::new(9);
    let (mut n, mut collided) = (0, 0);
    for _ in 0..100_000 {
        let (r, e, c) = d.roll_evasion(&mut dice);
        assert_eq!(c, r.total() == 20);
        assert_eq!(e, *d.evasion.get(r.total()));
        n += 1;
        collided += c as u32;
    }
    // One evasion in a hundred: "a far less inflated level".
    let share = collided as f64 / n as f64;
    assert!((0.008..0.012).contains(&share), "{share}");
    assert!(d.evasion.entries().any(|e| *e == Evasion::Escaped));
}

#[test]
fn londons_modifiers_are_plus_1_on_d2_and_plus_2_on_d3() {
    let d = shipped();
    let london = Situation {
        london: true,
        zone: ZoneSort::Target,
        ..plain()
    };
    let elsewhere = Situation {
        london: false,
        ..london
    };
    assert_eq!(
        d.searchlights.modifier(&london) - d.searchlights.modifier(&elsewhere),
        1
    );
    assert_eq!(d.flak.modifier(&london) - d.flak.modifier(&elsewhere), 2);
}

#[test]
fn searchlights_will_always_be_blocked_by_cloud_in_poor_or_bad_weather() {
    let d = shipped();
    let (_, hi) = d.searchlights.table.dice.range();
    for s in situations() {
        if s.weather == Weather::Good {
            continue;
        }
        // Even the highest roll, over London.
        let best = hi + d.searchlights.modifier(&s);
        assert_eq!(
            *d.searchlights.table.get(best),
            Searchlights::Blocked,
            "{s:?}"
        );
    }
    // In good weather they can find the bomber.
    let clear = Situation {
        weather: Weather::Good,
        ..plain()
    };
    assert_ne!(
        *d.searchlights
            .table
            .get(hi + d.searchlights.modifier(&clear)),
        Searchlights::Blocked
    );
}

#[test]
fn a_bad_defences_file_is_reported_at_its_file_line_and_column() {
    let src = data::blitz_defences_source();
    let cases = [
        (
            "evasion: (dice: TwoD10",
            "evasion: (dice: TwoD6",
            "evasion: (dice: TwoD6",
            "2d10",
        ),
        ("collision: 20", "collision: 21", "collision:", "not a roll"),
        (
            "(when: London, value: 1)",
            "(when: London, value: 40)",
            "value: 40",
            "modifier of",
        ),
        (
            "(from: 15, to: 18, then: Illuminated)",
            "(from: 16, to: 18, then: Illuminated)",
            "(from: 16, to: 18",
            "run on from 15",
        ),
    ];
    for (from, to, at, says) in cases {
        let bad = with(&src, from, to);
        placed(
            &data::load_blitz_defences(&bad).unwrap_err(),
            &bad,
            at,
            says,
        );
    }
}

#[test]
fn night_fighters_make_at_most_one_follow_up_attack_before_breaking_away() {
    let d = shipped();
    let mut dice = Dice::new(4);
    let (mut again, mut n) = (0, 0);
    for _ in 0..5_000 {
        // After the first attack the fighter may come round...
        let (r, follow) = d
            .roll_follow_up(1, &mut dice)
            .expect("a roll after the first attack");
        assert_eq!(follow, *d.follow_up.get(r.total()));
        again += follow as u32;
        n += 1;
        // ...but after its follow-up it breaks away, whatever the dice.
        assert!(d.roll_follow_up(2, &mut dice).is_none());
        assert!(d.roll_follow_up(3, &mut dice).is_none());
    }
    assert!(again > 0 && again < n);
}

#[test]
fn do_not_roll_again_on_c10_after_bombing_unless_the_result_on_d3_was_no_flak() {
    use tally_ho::blitz::Flak;
    let d = shipped();
    assert!(d.fighters_after_bombing(Flak::NoFlak));
    for f in [Flak::Harmless, Flak::Damaged, Flak::HitHard] {
        assert!(!d.fighters_after_bombing(f), "{f:?}");
    }
}

#[test]
fn a_fighters_attack_is_read_with_its_guns_and_the_gunners_return_fire() {
    use tally_ho::blitz::Attack;
    let d = shipped();
    for seed in 0..300 {
        for fighter in [Fighter::Hurricane, Fighter::Defiant, Fighter::Beaufighter] {
            for gunner in [true, false] {
                assert!(d
                    .roll_attack(fighter, gunner, 0, true, &mut Dice::new(seed))
                    .is_none());
                let (r, m, a) = d
                    .roll_attack(fighter, gunner, 0, false, &mut Dice::new(seed))
                    .unwrap();
                let guns: i16 = d
                    .guns
                    .iter()
                    .filter(|(f, _)| *f == fighter)
                    .map(|(_, v)| v)
                    .sum();
                assert_eq!(m, guns + if gunner { d.gunner } else { 0 });
                assert_eq!(a, *d.attack.get(r.total() + m));
            }
        }
    }
    assert!(d.attack.entries().any(|a| *a == Attack::ShotDown));
}

/// The night `y-m-d`, over a plain land zone.
fn on(y: i32, m: u8, d: u8) -> Situation {
    Situation {
        night: tally_ho::blitz::Date::new(y, m, d).unwrap(),
        ..plain()
    }
}

/// Docs/RULES.md, "The night fighters grow" (ours): from March 1941 the
/// night fighters find a bomber, get into an attack and are radar
/// Beaufighters more often, and more again in April and May; in the
/// winter nothing is added.
#[test]
fn the_night_fighters_find_attack_and_fly_beaufighters_more_often_from_march_1941() {
    let d = shipped();
    let nights = [
        on(1940, 11, 14),
        on(1941, 2, 28),
        on(1941, 3, 1),
        on(1941, 4, 1),
        on(1941, 5, 10),
    ];
    let c8: Vec<i16> = nights.iter().map(|s| d.detection.modifier(s)).collect();
    let c9: Vec<i16> = nights.iter().map(|s| d.interception.modifier(s)).collect();
    let c10: Vec<i16> = nights.iter().map(|s| d.fighter.modifier(s)).collect();
    // Poor weather over land: C-8's -1 alone in the winter.
    assert_eq!(c8, [-1, -1, 0, 1, 1]);
    assert_eq!(c9, [0, 0, 1, 2, 4]);
    assert_eq!(c10, [0, 0, 2, 2, 4]);
    // What a May C-10 reads: a Beaufighter on 3 or more of the d10 (80%),
    // against 7 or more (40%) in the winter.
    let beaus = |s: &Situation| {
        (1..=10)
            .filter(|&r| {
                matches!(
                    d.fighter.table.get(r + d.fighter.modifier(s)),
                    Fighter::Beaufighter | Fighter::TwoBeaufighters
                )
            })
            .count()
    };
    assert_eq!((beaus(&nights[0]), beaus(&nights[4])), (4, 8));
}

/// The share of the 100 throws of 2d10 on D-3 that bring the bomber down
/// in situation `s`.
fn flak_kills(d: &Defences, s: &Situation) -> usize {
    let m = d.flak.modifier(s);
    (1..=10)
        .flat_map(|a| (1..=10).map(move |b| a + b))
        .filter(|&t| d.flak_downs(t, m))
        .count()
}

/// Docs/RULES.md, D-3 (ours): the guns bring a bomber down on a modified
/// 21 or more, never unaided, so that London, the searchlights, height
/// and the weather decide it.
#[test]
fn flak_brings_a_bomber_down_on_a_modified_21_so_london_the_lights_height_and_weather_decide_it() {
    let d = shipped();
    let good = Situation {
        weather: Weather::Good,
        zone: ZoneSort::Target,
        ..plain()
    };
    let lit = |lights| Situation { lights, ..good };
    let london = |lights| Situation {
        london: true,
        lights,
        ..good
    };
    // Out of 100 throws of 2d10.
    assert_eq!(flak_kills(&d, &good), 0, "a dark city away from London");
    assert_eq!(flak_kills(&d, &lit(Searchlights::Illuminated)), 1);
    assert_eq!(flak_kills(&d, &lit(Searchlights::Coned)), 6);
    assert_eq!(flak_kills(&d, &london(Searchlights::Blocked)), 3);
    assert_eq!(flak_kills(&d, &london(Searchlights::Illuminated)), 6);
    assert_eq!(flak_kills(&d, &london(Searchlights::Coned)), 15);
    let low = Situation { low: true, ..good };
    assert_eq!(flak_kills(&d, &low), 3, "below 3,000 metres");
    let poor = Situation {
        london: true,
        weather: Weather::Poor,
        ..good
    };
    assert_eq!(flak_kills(&d, &poor), 1, "London under cloud");
    let bad = Situation {
        london: true,
        weather: Weather::Bad,
        ..good
    };
    assert_eq!(flak_kills(&d, &bad), 0, "London in bad weather");
}

#[test]
fn on_one_engine_the_flak_reads_3_more() {
    let d = shipped();
    let crippled = Situation {
        engine_out: true,
        ..plain()
    };
    assert_eq!(d.flak.modifier(&crippled) - d.flak.modifier(&plain()), 3);
    // Only the flak: the searchlights and the night fighters do not see it.
    assert_eq!(
        d.searchlights.modifier(&crippled),
        d.searchlights.modifier(&plain())
    );
    assert_eq!(
        d.detection.modifier(&crippled),
        d.detection.modifier(&plain())
    );
}
