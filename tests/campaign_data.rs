//! The campaign's components as data (docs/CAMPAIGN-DATA.md): the shipped map,
//! target cards and order of battle load and hold everything the sheet's rules
//! need, and every kind of bad file is a clear `file:line:col: what is wrong`,
//! never a panic.

use tally_ho::campaign::data::*;
use tally_ho::campaign::deck::CardKind;
use tally_ho::common::Side;
use tally_ho::data::{self, LoadErrors, Source};

// ----- helpers -----

fn shipped() -> CampaignData {
    data::load_campaign_data().unwrap_or_else(|e| panic!("{e}"))
}

const MAP: &str = "levels/campaign/map.ron";
const TARGETS: &str = "levels/campaign/targets.ron";
const OOB: &str = "levels/campaign/order_of_battle.ron";

fn src(file: &str, text: &str) -> Source {
    Source {
        file: file.into(),
        text: text.into(),
    }
}

fn texts() -> [String; 3] {
    [
        data::campaign_map_source().text,
        data::campaign_targets_source().text,
        data::campaign_oob_source().text,
    ]
}

/// Loads the three texts under the shipped files' names.
fn load(texts: &[String; 3]) -> Result<CampaignData, LoadErrors> {
    data::load_campaign_data_with(
        &src(MAP, &texts[0]),
        &src(TARGETS, &texts[1]),
        &src(OOB, &texts[2]),
    )
}

/// The shipped files with one of them replaced.
fn with(file: usize, text: &str) -> [String; 3] {
    let mut t = texts();
    t[file] = text.to_string();
    t
}

/// Every error of a bad set of files, as the player reads them.
fn errors(texts: &[String; 3]) -> Vec<String> {
    let e = load(texts).expect_err("bad files");
    assert!(!e.0.is_empty());
    e.0.iter().map(|e| e.to_string()).collect()
}

/// Line and column (1-based) of the first occurrence of `needle`, or of its
/// `^` if it has one (`"hits: ^0)"` points at the 0).
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let (before, after) = needle.split_once('^').unwrap_or(("", needle));
    let at = text
        .find(&format!("{before}{after}"))
        .expect("needle in text")
        + before.len();
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

fn sq(col: i32, row: i32) -> Square {
    Square::new(col, row)
}

// ----- the shipped files -----

#[test]
fn shipped_campaign_data_loads_with_the_games_counts() {
    let d = shipped();
    assert_eq!((d.map.columns, d.map.rows, d.map.scale_miles), (24, 30, 20));
    assert_eq!(d.targets.cards.len(), 50);
    assert_eq!(d.targets.count(CardKind::London), 2);
    assert_eq!(d.targets.count(CardKind::City), 16);
    assert_eq!(d.targets.count(CardKind::Radar), 10);
    assert_eq!(d.targets.count(CardKind::Airfield), 16);
    assert_eq!(d.targets.count(CardKind::Factory), 6);
    assert_eq!(d.targets.deck_cards().len(), 50);
    // GAPS.md: 12 RAF "flights" of 3 and 7 Luftwaffe "flights" of 6.
    assert_eq!(d.oob.wings.len(), 12);
    assert!(d.oob.wings.iter().all(|w| w.squadrons.len() == WING_SIZE));
    assert_eq!(d.oob.geschwader.len(), 7);
    assert!(d
        .oob
        .geschwader
        .iter()
        .all(|g| g.squadrons.len() == GESCHWADER_SIZE));
    assert_eq!(d.oob.types.len(), 10);
    let per_group: Vec<usize> = Group::ALL
        .iter()
        .map(|&g| d.oob.wings.iter().filter(|w| w.group == g).count())
        .collect();
    assert_eq!(per_group, [2, 5, 3, 2]);
    let per_fleet: Vec<usize> = Luftflotte::ALL
        .iter()
        .map(|&l| {
            d.oob
                .geschwader
                .iter()
                .filter(|g| g.luftflotte == l)
                .count()
        })
        .collect();
    assert_eq!(per_fleet, [4, 2, 1]);
    // The sheet: "Of the 14 squadrons in the group on 10th July only 6 are
    // present in the game."
    let thirteen: usize = d
        .oob
        .wings
        .iter()
        .filter(|w| w.group == Group::Thirteen)
        .map(|w| w.squadrons.len())
        .sum();
    assert_eq!(thirteen, 6);
}

#[test]
fn the_deck_has_the_cards_the_sheets_phases_remove() {
    let d = shipped();
    let card = |name: &str| {
        let i = d.targets.find(name).unwrap_or_else(|| panic!("{name}"));
        &d.targets.cards[i]
    };
    for name in ["London", "Port of London"] {
        assert_eq!(card(name).kind, CardKind::London);
        assert_eq!(card(name).group, Group::Eleven);
    }
    // Kanalkampf removes these by name.
    for name in ["Catterick", "Ringway", "Wittering"] {
        assert_eq!(card(name).kind, CardKind::Airfield, "{name}");
    }
    // Removals: 13 other cities, then 6 radar, then 6 airfields.
    assert!(d.targets.count(CardKind::City) >= 13);
    assert!(d.targets.count(CardKind::Radar) >= 6);
    assert!(d.targets.count(CardKind::Airfield) >= 6);
    for c in &d.targets.cards {
        match c.kind {
            CardKind::City | CardKind::London => {
                assert_eq!(c.hits, 3, "{}", c.name);
                assert!(c.production >= 1, "{}", c.name);
            }
            _ => {
                assert_eq!(c.hits, 1, "{}", c.name);
                assert_eq!(c.production, 0, "{}", c.name);
            }
        }
    }
    // The great industrial cities produce more.
    assert!(card("Birmingham").production > card("Norwich").production);
    assert!(card("London").production >= card("Birmingham").production);
    // Names a historian would recognise.
    for name in [
        "Ventnor",
        "Poling",
        "Rye",
        "Pevensey",
        "Dover",
        "Dunkirk",
        "Bawdsey",
        "Biggin Hill",
        "Kenley",
        "Manston",
        "Hornchurch",
        "North Weald",
        "Tangmere",
        "Middle Wallop",
        "Debden",
        "Duxford",
        "Supermarine, Woolston",
        "Castle Bromwich",
        "Rolls-Royce, Derby",
        "Coventry",
        "Liverpool",
        "Norwich",
    ] {
        assert!(d.targets.find(name).is_some(), "{name}");
    }
    let mut names: Vec<&str> = d.targets.cards.iter().map(|c| c.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 50);
}

#[test]
fn the_sheets_squadron_values_are_in_the_order_of_battle() {
    let d = shipped();
    let ty = |name: &str| &d.oob.types[d.oob.type_named(name).unwrap()];
    assert_eq!(ty("Spitfire").defence, 4);
    assert_eq!(ty("Bf 109").defence, 4);
    let bf110 = ty("Bf 110");
    assert_eq!(
        (bf110.defence, bf110.dogfight, bf110.dogfight_north),
        (2, 3, 2)
    );
    assert_eq!(bf110.role, Role::Fighter);
    // Only the Bf 109 and the Ju 87 are held south of the 12 Group line.
    for t in &d.oob.types {
        assert_eq!(
            t.short_range,
            t.name == "Bf 109" || t.name == "Ju 87",
            "{}",
            t.name
        );
        assert_eq!(t.role == Role::Bomber, t.bombs > 0, "{}", t.name);
        if t.name != "Bf 110" {
            assert_eq!(t.dogfight_north, t.dogfight, "{}", t.name);
        }
    }
    for (name, side, role) in [
        ("Spitfire", Side::British, Role::Fighter),
        ("Hurricane", Side::British, Role::Fighter),
        ("Blenheim", Side::British, Role::Fighter),
        ("Defiant", Side::British, Role::Fighter),
        ("Bf 109", Side::German, Role::Fighter),
        ("Bf 110", Side::German, Role::Fighter),
        ("Ju 87", Side::German, Role::Bomber),
        ("Ju 88", Side::German, Role::Bomber),
        ("He 111", Side::German, Role::Bomber),
        ("Do 17", Side::German, Role::Bomber),
    ] {
        assert_eq!((ty(name).side, ty(name).role), (side, role), "{name}");
    }
}

#[test]
fn bf_109s_can_reach_norwich_but_not_happisburgh() {
    let d = shipped();
    let m = &d.map;
    let norwich = d.targets.cards[d.targets.find("Norwich").unwrap()].at;
    let happisburgh = m.place("Happisburgh").unwrap().at;
    // "If the boundary line divides a square they may enter it, (e.g. they
    // can reach Norwich, they cannot reach Happisburgh.)"
    assert!(m.on_twelve_group_line(norwich));
    assert!(!m.north_of_twelve_group_line(norwich));
    assert!(m.north_of_twelve_group_line(happisburgh));
    // London and the south are open; the Midlands and the north are not.
    for name in ["London", "Biggin Hill", "Southampton", "Debden", "Bawdsey"] {
        let at = d.targets.cards[d.targets.find(name).unwrap()].at;
        assert!(!m.north_of_twelve_group_line(at), "{name}");
    }
    for name in [
        "Duxford",
        "Birmingham",
        "Coventry",
        "Manchester",
        "Catterick",
        "Newcastle",
    ] {
        let at = d.targets.cards[d.targets.find(name).unwrap()].at;
        assert!(m.north_of_twelve_group_line(at), "{name}");
    }
    // Off the map nothing is north of anything.
    assert!(!m.north_of_twelve_group_line(sq(-1, 0)));
    assert!(!m.on_twelve_group_line(sq(0, i32::MAX)));
}

#[test]
fn the_map_is_britain_and_the_continent() {
    let d = shipped();
    let m = &d.map;
    assert_eq!(m.terrain.len(), 24 * 30);
    let count = |t: Terrain| m.terrain.iter().filter(|&&x| x == t).count();
    for g in Group::ALL {
        assert!(count(Terrain::Land(g)) >= 10, "{g:?}");
    }
    assert!(count(Terrain::Continent) > 100);
    assert!(count(Terrain::Sea) > 200);
    // The Channel lies between Kent and the Pas-de-Calais.
    assert_eq!(m.group(sq(15, 16)), Some(Group::Eleven)); // Dover
    assert_eq!(m.terrain(sq(16, 16)), Some(Terrain::Sea)); // the Strait
    assert_eq!(m.terrain(sq(17, 16)), Some(Terrain::Continent));
    assert_eq!(
        m.terrain(m.place("Paris").unwrap().at),
        Some(Terrain::Continent)
    );
    assert_eq!(m.terrain(sq(24, 0)), None);
    assert_eq!(m.neighbours(sq(0, 0)).count(), 3);
    assert_eq!(m.neighbours(sq(5, 5)).count(), 8);
    assert_eq!(m.neighbours(sq(-5, 5)).count(), 0);
}

#[test]
fn every_card_and_station_is_where_the_map_says() {
    let d = shipped();
    let m = &d.map;
    for c in &d.targets.cards {
        assert_eq!(m.group(c.at), Some(c.group), "{}", c.name);
        if c.kind == CardKind::Radar {
            assert_eq!(
                m.radar_at(c.at).map(|s| s.name.as_str()),
                Some(c.name.as_str())
            );
        }
        if c.kind == CardKind::Airfield {
            if let Some(s) = m.station(&c.name) {
                assert_eq!(s.at, c.at, "{}", c.name);
            }
        }
    }
    // The radar line is on the coast, from Northumberland to the Lizard.
    assert!(m.radar.len() >= 10);
    for r in &m.radar {
        assert!(
            m.neighbours(r.at)
                .any(|n| m.terrain(n) == Some(Terrain::Sea)),
            "{}",
            r.name
        );
    }
    for g in Group::ALL {
        assert!(m.radar.iter().any(|r| r.group == g), "{g:?}");
    }
    for w in &d.oob.wings {
        let s = m.station(&w.station).unwrap();
        assert_eq!((s.at, s.group), (w.at, w.group), "{}", w.name);
    }
    for g in &d.oob.geschwader {
        let b = m.base(&g.base).unwrap();
        assert_eq!((b.at, b.luftflotte), (g.at, g.luftflotte), "{}", g.name);
        let t = m.terrain(b.at);
        if g.luftflotte == Luftflotte::Five {
            assert!(b.off_map && t == Some(Terrain::Sea), "{}", g.name);
        } else {
            assert!(!b.off_map && t == Some(Terrain::Continent), "{}", g.name);
            assert!(!m.north_of_twelve_group_line(b.at), "{}", g.name);
        }
    }
}

#[test]
fn the_groups_hold_the_squadrons_the_rotations_and_withdrawals_need() {
    let d = shipped();
    let o = &d.oob;
    for (turn, moves) in SHEET_ROTATIONS {
        assert_eq!(
            o.rotation_shortfalls(moves.iter().copied()),
            Vec::<String>::new(),
            "{turn}"
        );
    }
    // Turn 5 and turn 9 (either reading of its footnote) in one table.
    let have = |g: Group, t: &str| o.count(g, t);
    assert!(have(Group::Ten, "Spitfire") >= 1);
    assert!(have(Group::Ten, "Hurricane") >= 1);
    assert!(have(Group::Ten, "Blenheim") >= 1);
    assert!(have(Group::Eleven, "Blenheim") >= 1);
    assert!(have(Group::Eleven, "Spitfire") >= 4);
    assert!(have(Group::Eleven, "Hurricane") >= 4);
    assert!(have(Group::Twelve, "Spitfire") >= 1);
    assert!(have(Group::Twelve, "Hurricane") >= 2);
    assert!(have(Group::Thirteen, "Spitfire") >= 3);
    assert!(have(Group::Thirteen, "Hurricane") >= 2);
    // The allied squadrons come back as Hurricanes of 11 and 12 Group.
    assert!(have(Group::Eleven, "Hurricane") >= 2);
    assert!(have(Group::Twelve, "Hurricane") >= 2);
    // The Defiants go on turn 5, the Stukas on turn 7.
    assert!(o.cards_of("Defiant") >= 1);
    assert!(o.cards_of("Ju 87") >= 1);
    let ju87 = o.type_named("Ju 87").unwrap();
    for g in &o.geschwader {
        assert!(
            g.squadrons
                .iter()
                .any(|s| s.aircraft != ju87 && o.types[s.aircraft].role == Role::Bomber),
            "{} keeps a bomber after the Stukas go",
            g.name
        );
        assert!(
            g.squadrons
                .iter()
                .any(|s| o.types[s.aircraft].role == Role::Fighter),
            "{} has an escort",
            g.name
        );
    }
    // Luftflotte 5: Bf 110s and bombers, no Bf 109s.
    let lf5: Vec<&Geschwader> = o
        .geschwader
        .iter()
        .filter(|g| g.luftflotte == Luftflotte::Five)
        .collect();
    assert_eq!(lf5.len(), 1);
    let names: Vec<&str> = lf5[0]
        .squadrons
        .iter()
        .map(|s| o.types[s.aircraft].name.as_str())
        .collect();
    assert!(names.contains(&"Bf 110") && !names.contains(&"Bf 109"));
    // Real squadron numbers, each once.
    let mut numbers: Vec<u16> = o
        .wings
        .iter()
        .flat_map(|w| w.squadrons.iter().map(|s| s.number))
        .collect();
    for n in [19, 32, 41, 56, 64, 65, 72, 74, 141, 264, 609, 610] {
        assert!(numbers.contains(&n), "No. {n}");
    }
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), 36);
    // A rotation the groups cannot make is named.
    assert_eq!(
        o.rotation_shortfalls([(13, 11, "Spitfire", 4), (12, 14, "Hurricane", 1)]),
        [
            "takes 4 Spitfire squadrons from 13 Group, which has 3",
            "names 14 Group, which is not in the battle",
        ]
    );
    assert_eq!(
        o.rotation_shortfalls([(11, 10, "Blenheim", 2)]),
        ["brings back 2 Blenheim squadrons to 10 Group, which has 1"]
    );
}

// ----- bad files -----

#[test]
fn bad_campaign_files_name_file_line_and_column() {
    // (file, what the shipped file says, what the bad one says instead,
    // where in the bad text the error must point, the message)
    let cases: &[(usize, &str, &str, &str, &str)] = &[
        (
            0,
            "\"~~~~~~2222222~~~~~~~~~~~\", //  6",
            "\"~~~~~~2222x22~~~~~~~~~~~\", //  6",
            "\"~~~~~~2222x22",
            "'x' at column 10: use ~ for sea, c for the continent, 0 to 3 for the land of 10 to 13 Group",
        ),
        (
            0,
            "\"~~~~~~2222222~~~~~~~~~~~\", //  7",
            "\"~~~~~~2222222~~~~~~~~~~\", //  7",
            "\"~~~~~~2222222~~~~~~~~~~\", //  7",
            "row 7 has 23 squares; the grid has 24",
        ),
        (
            0,
            "\"~~~2~~2222222~~~~~~~~~~~\", //  8",
            "\"~~~2~~2221222~~~~~~~~~~~\", //  8",
            "\"~~~2~~2221222",
            "11 Group land at column 9 is north of the 12 Group line (row 13)",
        ),
        (
            0,
            "twelve_group_line: [12, 12,",
            "twelve_group_line: [30, 12,",
            "[^30, 12,",
            "row 30 is off the map (rows 0 to 29)",
        ),
        (
            0,
            "(name: \"Stenigot\", at: (12, 8))",
            "(name: \"Stenigot\", at: (11, 8))",
            "Stenigot\", at: ^(11, 8)",
            "radar station Stenigot at (11, 8) is inland: the radar line is on the coast",
        ),
        (
            0,
            "(name: \"Dover\", at: (15, 16))",
            "(name: \"Dover\", at: (16, 16))",
            "(16, 16)",
            "radar station Dover must stand on British land, not at sea",
        ),
        (
            0,
            "(name: \"Exeter\", at: (5, 17))",
            "(name: \"Exeter\", at: (10, 23))",
            "(10, 23)",
            "RAF station Exeter must stand on British land, not on the continent",
        ),
        (
            0,
            "(name: \"Caen\", luftflotte: 3, at: (11, 23))",
            "(name: \"Caen\", luftflotte: 3, at: (11, 19))",
            "(11, 19)",
            "base Caen must be on the continent, not at sea",
        ),
        (
            0,
            "(name: \"Stavanger\", luftflotte: 5, at: (17, 0), off_map: true)",
            "(name: \"Stavanger\", luftflotte: 5, at: (17, 2), off_map: true)",
            "(17, 2)",
            "Stavanger is off the map: its geschwader enter at a sea square of the map's edge",
        ),
        (
            0,
            "(name: \"Lille\", luftflotte: 2,",
            "(name: \"Lille\", luftflotte: 4,",
            "luftflotte: ^4,",
            "no Luftflotte 4 in the battle: use 2, 3 or 5",
        ),
        (
            0,
            "(name: \"Brest\", at: (3, 25))",
            "(name: \"Paris\", at: (3, 25))",
            "\"Paris\", at: (3, 25)",
            "Paris is named twice",
        ),
        (
            1,
            "(name: \"Plymouth\", kind: City, at: (3, 18),",
            "(name: \"Plymouth\", kind: City, at: (3, 19),",
            "(3, 19)",
            "Plymouth must stand on British land, not at sea",
        ),
        (
            1,
            "(name: \"Coventry\", kind: City, at: (9, 11), group: 12,",
            "(name: \"Coventry\", kind: City, at: (9, 11), group: 11,",
            "(9, 11), group: 11",
            "Coventry at (9, 11) is in 12 Group's area on the map, not 11 Group's",
        ),
        (
            1,
            "(name: \"Leeds\", kind: City, at: (9, 7), group: 12, production: 1,",
            "(name: \"Leeds\", kind: City, at: (9, 7), group: 12, production: 0,",
            "production: ^0, hits: 3)",
            "Leeds is a city: its production must be 1 or more",
        ),
        (
            1,
            "(name: \"Manston\", kind: Airfield, at: (15, 15), group: 11, hits: 1)",
            "(name: \"Manston\", kind: Airfield, at: (15, 15), group: 11, production: 1, hits: 1)",
            "production: ^1, hits: 1)",
            "Manston is an airfield card: only cities have production",
        ),
        (
            1,
            "(name: \"Bawdsey\", kind: Radar, at: (15, 13),",
            "(name: \"Bawdsey\", kind: Radar, at: (13, 13),",
            "Radar, at: ^(13, 13)",
            "radar card Bawdsey at (13, 13) is not on a square of the radar line",
        ),
        (
            1,
            "(name: \"Kenley\", kind: Airfield, at: (12, 15),",
            "(name: \"Kenley\", kind: Airfield, at: (11, 15),",
            "(11, 15)",
            "the map has RAF station Kenley at (12, 15), not (11, 15)",
        ),
        (
            1,
            "(name: \"Hull\",",
            "(name: \"Leeds\",",
            "\"Leeds\", kind: City, at: (11, 7)",
            "two target cards are called Leeds",
        ),
        (
            1,
            "(name: \"Newcastle\", kind: City, at: (9, 3), group: 13, production: 1, hits: 3)",
            "(name: \"Newcastle\", kind: City, at: (9, 3), group: 13, production: 1, hits: 0)",
            "hits: ^0)",
            "hits must be 1 to 9",
        ),
        (
            1,
            "group: 13, production: 1",
            "group: 14, production: 1",
            "group: ^14, production",
            "no 14 Group: use 10, 11, 12 or 13",
        ),
        (
            2,
            "(number: 609, aircraft: \"Spitfire\")",
            "(number: 609, aircraft: \"Spitfire Mk II\")",
            "\"Spitfire Mk II\"",
            "no squadron type Spitfire Mk II",
        ),
        (
            2,
            "(number: 609, aircraft: \"Spitfire\")",
            "(number: 609, aircraft: \"Bf 109\")",
            "609, aircraft: ^\"Bf 109\"",
            "the Bf 109 is not an RAF type",
        ),
        (
            2,
            "(number: 43, aircraft: \"Hurricane\"),",
            "(number: 43, aircraft: \"Hurricane\"),\n            (number: 1, aircraft: \"Hurricane\"),",
            "[\n            (number: 43,",
            "a wing has 3 squadron cards; Tangmere Wing has 4",
        ),
        (
            2,
            "station: \"Exeter\"",
            "station: \"Tangmere\"",
            "station: ^\"Tangmere\", squadrons: [\n            (number: 87",
            "Tangmere is in 11 Group's area, not 10 Group's",
        ),
        (
            2,
            "station: \"Exeter\"",
            "station: \"Croydon\"",
            "station: ^\"Croydon\"",
            "the map has no RAF station Croydon",
        ),
        (
            2,
            "(number: 213,",
            "(number: 87,",
            "87, aircraft: \"Hurricane\"),\n            (number: 152",
            "No. 87 Squadron is in the order of battle twice",
        ),
        (
            2,
            "(unit: \"1./ZG 76\", aircraft: \"Bf 110\")",
            "(unit: \"1./ZG 76\", aircraft: \"Bf 109\")",
            "\"Bf 109\"),\n            (unit: \"2./ZG 76\"",
            "Luftflotte 5 flew from Norway and Denmark, beyond the Bf 109's range",
        ),
        (
            2,
            "base: \"Caen\"",
            "base: \"Arras\"",
            "\"Arras\", squadrons: [\n            (unit: \"I./KG 51\"",
            "Arras is a base of Luftflotte 2, not Luftflotte 3",
        ),
        (
            2,
            "(unit: \"II./KG 53\",",
            "(unit: \"II./KG 1\",",
            "\"II./KG 1\", aircraft: \"He 111\"),\n            (unit: \"I./JG 51\"",
            "II./KG 1 is in the order of battle twice",
        ),
        (
            2,
            "dogfight: 3, dogfight_north: 2,",
            "dogfight: 3, dogfight_north: 4,",
            "dogfight_north: ^4",
            "dogfight_north must be no more than dogfight",
        ),
        (
            2,
            "(name: \"Do 17\", side: German, role: Bomber, defence: 2, dogfight: 2, intercept: 2, bombs: 2)",
            "(name: \"Do 17\", side: German, role: Bomber, defence: 2, dogfight: 2, intercept: 2, bombs: 0)",
            "bombs: ^0)",
            "Do 17 is a bomber: it needs bombs",
        ),
    ];
    let shipped = texts();
    for &(file, good, bad, at, message) in cases {
        assert!(shipped[file].contains(good), "{good}");
        let text = shipped[file].replacen(good, bad, 1);
        let (l, c) = position_of(&text, at);
        let name = [MAP, TARGETS, OOB][file];
        assert_eq!(
            errors(&with(file, &text))[0],
            format!("{name}:{l}:{c}: {message}"),
            "{bad}"
        );
    }
}

#[test]
fn what_the_sheets_rules_need_is_checked_on_load() {
    let [map, targets, oob] = texts();
    let first = |file: usize, text: &str| errors(&with(file, text))[0].clone();

    // A card short: the deck must be the game's fifty.
    let text = targets.replace(
        "        (name: \"Rolls-Royce, Derby\", kind: Factory, at: (9, 10), group: 12, hits: 1),\n",
        "",
    );
    let (l, c) = position_of(&text, "[\n        // London");
    assert_eq!(
        first(1, &text),
        format!("{TARGETS}:{l}:{c}: the deck has 49 cards; the game's deck has 50")
    );
    // Kanalkampf removes Catterick by name.
    let text = targets.replace("(name: \"Catterick\",", "(name: \"Leconfield\",");
    let e = errors(&with(1, &text));
    assert!(
        e.iter().any(|e| e
            .ends_with("the deck has no airfield card Catterick: Kanalkampf removes it by name")),
        "{e:?}"
    );
    // Both London cards.
    let text = targets.replace(
        "kind: London, at: (12, 14), group: 11, production: 2",
        "kind: City, at: (12, 14), group: 11, production: 2",
    );
    let e = errors(&with(1, &text));
    assert!(
        e.iter().any(|e| e.ends_with(
            "the deck has 1 London cards; the sheet's deck has 2 (London and Port of London)"
        )),
        "{e:?}"
    );
    // Too few radar cards for two phases' removals.
    let mut text = targets.clone();
    for name in ["Rye", "Dover", "Dunkirk", "Canewdon", "Great Bromley"] {
        text = text.replace(
            &format!("(name: \"{name}\", kind: Radar"),
            &format!("(name: \"{name}\", kind: Factory"),
        );
    }
    let e = errors(&with(1, &text));
    assert!(
        e.iter().any(|e| e.ends_with(
            "the deck has 5 radar cards; it needs at least 6: Alder Tag and the Blitz remove 6"
        )),
        "{e:?}"
    );

    // 13 Group must have the Spitfires its rotations send.
    let text = oob.replace(
        "(number: 603, aircraft: \"Spitfire\")",
        "(number: 603, aircraft: \"Hurricane\")",
    );
    let (l, c) = position_of(&text, "[\n        // 10 Group");
    let e = errors(&with(2, &text));
    assert_eq!(
        e[0],
        format!("{OOB}:{l}:{c}: the sheet's turn 9 (as the footnote totals it) rotation takes 3 Spitfire squadrons from 13 Group, which has 2")
    );
    let text = oob
        .replace(
            "(number: 72, aircraft: \"Spitfire\")",
            "(number: 72, aircraft: \"Hurricane\")",
        )
        .replace(
            "(number: 603, aircraft: \"Spitfire\")",
            "(number: 603, aircraft: \"Hurricane\")",
        );
    let e = errors(&with(2, &text));
    assert_eq!(
        e[0],
        format!("{OOB}:{l}:{c}: the sheet's turn 5 rotation takes 2 Spitfire squadrons from 13 Group, which has 1")
    );
    // The Defiants the sheet withdraws.
    let text = oob.replace("aircraft: \"Defiant\")", "aircraft: \"Hurricane\")");
    assert_eq!(
        errors(&with(2, &text))[0],
        format!("{OOB}:{l}:{c}: the sheet withdraws the Defiants on turn 5: the order of battle has no Defiant squadron")
    );
    // A type the sheet names.
    let text = oob.replace(
        "        (name: \"Blenheim\", side: British, role: Fighter, defence: 2, dogfight: 1, intercept: 1),\n",
        "",
    );
    let (tl, tc) = position_of(&text, "[\n        // sheet: defence 4. ours");
    assert_eq!(
        errors(&with(2, &text))[0],
        format!("{OOB}:{tl}:{tc}: the sheet's rules name the Blenheim: the types need it")
    );
    // A geschwader left without bombers when the Stukas go.
    let text = oob
        .replace(
            "(unit: \"I./KG 3\", aircraft: \"Do 17\")",
            "(unit: \"I./KG 3\", aircraft: \"Bf 109\")",
        )
        .replace(
            "(unit: \"III./KG 3\", aircraft: \"Do 17\")",
            "(unit: \"III./KG 3\", aircraft: \"Bf 110\")",
        );
    let (gl, gc) = position_of(&text, "[\n            (unit: \"I./KG 3\"");
    assert_eq!(
        errors(&with(2, &text))[0],
        format!("{OOB}:{gl}:{gc}: KG 3 and StG 1 needs a bomber other than the Ju 87, which the sheet withdraws on turn 7")
    );
    // A group without a wing.
    let text = oob
        .replace("group: 13,", "group: 12,")
        .replace("station: \"Acklington\"", "station: \"Digby\"")
        .replace("station: \"Catterick\"", "station: \"Digby\"");
    let e = errors(&with(2, &text));
    assert!(
        e.iter().any(|e| e.ends_with("13 Group has no wing")),
        "{e:?}"
    );

    // A Bf 109 geschwader based north of the 12 Group line, on a base the
    // map gives in the northern Netherlands.
    let map2 = map.replace(
        "(name: \"Antwerp\", luftflotte: 2, at: (22, 16)),",
        "(name: \"Antwerp\", luftflotte: 2, at: (22, 16)),\n        (name: \"Den Helder\", luftflotte: 2, at: (22, 10)),",
    );
    let oob2 = oob.replace("base: \"Arras\"", "base: \"Den Helder\"");
    let e = errors(&[map2, targets.clone(), oob2.clone()]);
    let (bl, bc) = position_of(&oob2, "\"Bf 109\"),\n            (unit: \"II./JG 26\"");
    assert_eq!(
        e[0],
        format!("{OOB}:{bl}:{bc}: the Bf 109 may not enter Den Helder's square, north of the 12 Group line")
    );

    // Map problems are reported first, against the map.
    let text = map
        .replace(
            "(name: \"Aalborg\", luftflotte: 5, at: (23, 3), off_map: true),\n",
            "",
        )
        .replace(
            "(name: \"Stavanger\", luftflotte: 5, at: (17, 0), off_map: true),\n",
            "",
        );
    let e = errors(&with(0, &text));
    assert!(
        e[0].starts_with(MAP) && e[0].ends_with("Luftflotte 5 has no base"),
        "{e:?}"
    );
    let text = map.replace("        \"~~~~~~2222222~~~~~~~~~~~\", //  6: York\n", "");
    let (l, c) = position_of(&text, "[\n        \"~~3333333");
    assert_eq!(
        errors(&with(0, &text))[0],
        format!("{MAP}:{l}:{c}: the map has 29 rows; the grid has 30")
    );
    // Every problem of the targets and the order of battle at once.
    let e = errors(&[
        map.clone(),
        targets.replace("group: 13, production: 1", "group: 14, production: 1"),
        oob.replace(
            "(number: 609, aircraft: \"Spitfire\")",
            "(number: 609, aircraft: \"Spitfire Mk II\")",
        ),
    ]);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e[0].starts_with(TARGETS) && e[1].starts_with(OOB), "{e:?}");
}

#[test]
fn a_campaign_file_that_is_not_one_is_a_clear_error_never_a_panic() {
    let [map, targets, oob] = texts();
    // Absurd coordinates are refused, not overflowed, wherever a square is.
    for at in [
        "(2147483647, 3)",
        "(3, -2147483648)",
        "(-2147483648, 2147483647)",
        "(24, 0)",
        "(0, 30)",
    ] {
        for (file, text) in [
            (
                0,
                map.replace(
                    "(name: \"Danby Beacon\", at: (10, 4))",
                    &format!("(name: \"Danby Beacon\", at: {at})"),
                ),
            ),
            (
                0,
                map.replace(
                    "(name: \"Digby\", at: (11, 9))",
                    &format!("(name: \"Digby\", at: {at})"),
                ),
            ),
            (
                0,
                map.replace(
                    "(name: \"Lille\", luftflotte: 2, at: (19, 17))",
                    &format!("(name: \"Lille\", luftflotte: 2, at: {at})"),
                ),
            ),
            (
                0,
                map.replace(
                    "(name: \"Aalborg\", luftflotte: 5, at: (23, 3)",
                    &format!("(name: \"Aalborg\", luftflotte: 5, at: {at}"),
                ),
            ),
            (
                0,
                map.replace(
                    "(name: \"Brest\", at: (3, 25))",
                    &format!("(name: \"Brest\", at: {at})"),
                ),
            ),
            (
                1,
                targets.replace(
                    "(name: \"Hull\", kind: City, at: (11, 7)",
                    &format!("(name: \"Hull\", kind: City, at: {at}"),
                ),
            ),
        ] {
            let e = errors(&with(file, &text));
            assert!(
                e[0].ends_with(&format!("{at} is off the map")),
                "{at}: {e:?}"
            );
        }
    }
    let e = errors(&with(
        0,
        &map.replace(
            "twelve_group_line: [12,",
            "twelve_group_line: [-2147483648,",
        ),
    ));
    assert!(
        e[0].ends_with("row -2147483648 is off the map (rows 0 to 29)"),
        "{e:?}"
    );
    let e = errors(&with(
        0,
        &map.replace("twelve_group_line: [12, ", "twelve_group_line: ["),
    ));
    assert!(
        e[0].ends_with("the 12 Group line gives 23 rows; the map has 24 columns"),
        "{e:?}"
    );
    // Sizes out of range, before anything is allocated.
    let e = errors(&with(
        0,
        &map.replace("columns: 24,", "columns: 4000000000,"),
    ));
    assert!(e[0].ends_with("columns must be 8 to 64"), "{e:?}");
    let e = errors(&with(0, &map.replace("rows: 30,", "rows: 0,")));
    assert!(e[0].ends_with("rows must be 8 to 64"), "{e:?}");
    // Numbers too big for their field are parse errors with a position.
    for (file, text, needle) in [
        (
            0,
            map.replace("columns: 24,", "columns: 99999999999,"),
            "columns: 99999999999",
        ),
        (
            2,
            oob.replace("(number: 609,", "(number: 70000,"),
            "(number: 70000",
        ),
        (
            1,
            targets.replace("production: 3, hits: 3)", "production: 300, hits: 3)"),
            "production: 300",
        ),
        (
            2,
            oob.replace(
                "defence: 4, dogfight: 3, intercept: 2)",
                "defence: -4, dogfight: 3, intercept: 2)",
            ),
            "defence: -4",
        ),
    ] {
        let e = errors(&with(file, &text));
        let (l, _) = position_of(&text, needle);
        let name = [MAP, TARGETS, OOB][file];
        assert!(e[0].starts_with(&format!("{name}:{l}:")), "{needle}: {e:?}");
    }
    // Unknown and misspelt fields are named; so are missing ones.
    for (file, text, word) in [
        (
            0,
            map.replace("scale_miles: 20,", "scale_miles: 20, hexes: true,"),
            "hexes",
        ),
        (
            0,
            map.replace(
                "(name: \"Brest\", at: (3, 25))",
                "(name: \"Brest\", at: (3, 25), label: \"x\")",
            ),
            "label",
        ),
        (
            1,
            targets.replace(
                "(name: \"Hull\", kind: City,",
                "(name: \"Hull\", kind: City, port: true,",
            ),
            "port",
        ),
        (1, targets.replace("kind: City,", "knid: City,"), "knid"),
        (
            2,
            oob.replace(
                "(number: 609, aircraft: \"Spitfire\")",
                "(number: 609, aircraft: \"Spitfire\", ace: true)",
            ),
            "ace",
        ),
        (
            2,
            oob.replace(
                "(name: \"KG 2\", luftflotte: 2,",
                "(name: \"KG 2\", luftflote: 2,",
            ),
            "luftflote",
        ),
        (0, map.replace("    scale_miles: 20,\n", ""), "scale_miles"),
        (
            1,
            targets.replace(
                "(name: \"Hull\", kind: City, at: (11, 7), group: 12, production: 1, hits: 3)",
                "(name: \"Hull\", kind: City, at: (11, 7), group: 12, production: 1)",
            ),
            "hits",
        ),
        (
            2,
            oob.replace(
                "(name: \"Exeter Wing\", group: 10,",
                "(name: \"Exeter Wing\",",
            ),
            "group",
        ),
        (
            1,
            targets.replace("kind: Radar,", "kind: Harbour,"),
            "Harbour",
        ),
        (2, oob.replace("side: British,", "side: French,"), "French"),
    ] {
        let e = errors(&with(file, &text));
        assert!(e[0].contains(word), "{word}: {e:?}");
        assert!(e[0].starts_with([MAP, TARGETS, OOB][file]), "{e:?}");
    }
    // A file that is not that file at all; or empty lists.
    for text in [
        "",
        "(",
        "MapFile(",
        "[1, 2",
        "\"unterminated",
        "MapFile(name: 3)",
        "TargetsFile()",
        "OrderOfBattleFile(types: [], wings: [], geschwader: [])",
        "TargetsFile(targets: [])",
        "\u{0}\u{ffff}",
    ] {
        for file in 0..3 {
            assert!(load(&with(file, text)).is_err(), "{file}: {text:?}");
        }
    }
    let e = errors(&with(
        2,
        "OrderOfBattleFile(types: [], wings: [], geschwader: [])",
    ));
    assert!(
        e.iter().any(|e| e.ends_with("the RAF has no wings")),
        "{e:?}"
    );
    assert!(
        e.iter()
            .any(|e| e.ends_with("Luftflotte 5 has no geschwader")),
        "{e:?}"
    );
    let e = errors(&with(1, "TargetsFile(targets: [])"));
    assert!(
        e[0].ends_with("the deck has 0 cards; the game's deck has 50"),
        "{e:?}"
    );
    // A map of nothing but sea, or with a row of multi-byte characters.
    let sea: String = (0..30)
        .map(|_| format!("        \"{}\",\n", "~".repeat(24)))
        .collect();
    let start = map.find("    map: [\n").unwrap() + "    map: [\n".len();
    let end = map.find("    ],\n    // 12 Group's").unwrap();
    let text = format!("{}{}{}", &map[..start], sea, &map[end..]);
    let e = errors(&with(0, &text));
    assert!(
        e.iter()
            .any(|e| e.ends_with("the map has no land of 12 Group")),
        "{e:?}"
    );
    let text = map.replace(
        "\"~~~~~~2222222~~~~~~~~~~~\", //  6",
        "\"ééééééééééééééééééééééé\", //  6",
    );
    let e = errors(&with(0, &text));
    assert!(
        e[0].ends_with("row 6 has 23 squares; the grid has 24"),
        "{e:?}"
    );
    // All three files bad at once: each names itself.
    let e = errors(&["(".into(), "[".into(), "{".into()]);
    assert_eq!(e.len(), 3);
    assert!(e[0].starts_with(MAP) && e[1].starts_with(TARGETS) && e[2].starts_with(OOB));
}

#[test]
fn lists_longer_than_any_campaign_are_refused_at_the_first_item_too_many() {
    let [map, targets, oob] = texts();
    let d = shipped();
    let spitfire = "\n        (name: \"Spitfire\", side: British, role: Fighter, defence: 4, dogfight: 3, intercept: 2),";
    let london = "\n        (name: \"London\", kind: London, at: (12, 14), group: 11, production: 3, hits: 3),";
    let radar = "\n        (name: \"Radar\", at: (1, 1)),";
    // (file index, its text, where the list opens, an item, what the list
    // holds, how many the shipped file has, the most a file may give)
    for (file, text, opens, item, what, had, max) in [
        (
            2,
            &oob,
            "    types: [",
            spitfire,
            "squadron types",
            d.oob.types.len(),
            32,
        ),
        (
            1,
            &targets,
            "    targets: [",
            london,
            "target cards",
            d.targets.cards.len(),
            100,
        ),
        (
            0,
            &map,
            "    radar: [",
            radar,
            "radar stations",
            d.map.radar.len(),
            256,
        ),
    ] {
        assert_eq!(text.matches(opens).count(), 1, "{opens}");
        let bad = text.replacen(opens, &format!("{opens}{}", item.repeat(20_000)), 1);
        let start = std::time::Instant::now();
        let e = errors(&with(file, &bad));
        assert!(start.elapsed().as_secs_f64() < 1.0, "{:?}", start.elapsed());
        // At the item one past the most a file may give.
        let at = bad.find(opens).unwrap() + opens.len() + max * item.len() + "\n        ".len();
        let line = bad[..at].matches('\n').count() + 1;
        let name = [MAP, TARGETS, OOB][file];
        let n = 20_000 + had;
        assert_eq!(
            e,
            [format!(
                "{name}:{line}:9: {n} {what}: more than the {max} a file may give"
            )]
        );
    }
}

// ----- the data version -----

/// A file's values: its text without comments and without white space
/// outside strings, so a comment or a layout change is not a data change.
fn values(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                out.extend(chars.next());
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if c == '/' && chars.peek() == Some(&'/') {
            for d in chars.by_ref() {
                if d == '\n' {
                    break;
                }
            }
        } else if c == '/' && chars.peek() == Some(&'*') {
            chars.next();
            let mut last = ' ';
            for d in chars.by_ref() {
                if last == '*' && d == '/' {
                    break;
                }
                last = d;
            }
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

fn fnv(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The values of every file a campaign is played on, data version included.
fn campaign_values() -> String {
    use tally_ho::data::campaign_rules;
    let files = [
        campaign_rules::campaign_rules_source(),
        data::campaign_map_source(),
        data::campaign_targets_source(),
        data::campaign_oob_source(),
        campaign_rules::board_aircraft_source(),
        // A battle on the board is played under Simple Hex's tables.
        data::aircraft_source(),
        data::rules_source(),
        // A battle on the family board is played on the campaign's family
        // board under the family game's rules.
        campaign_rules::campaign_family_board_source(),
        data::family_rules_source(),
        // A battle's result is ranked among the zoom table's (version 10).
        campaign_rules::zoom_source(),
    ];
    files
        .iter()
        .map(|s| format!("{}\n{}\n", s.file, values(&s.text)))
        .collect()
}

/// The data version and the fingerprint of the values it stands for. A
/// change of any value in the campaign's files fails this test: raise
/// `data_version` in levels/campaign/campaign.ron (saved campaigns of the
/// old version are then refused with a sentence instead of replaying into
/// another game) and pin the new pair here.
const PINNED: (u32, &str) = (11, "5c5d3f72e0697d84");

#[test]
fn the_campaign_data_version_is_raised_with_every_change_of_the_campaign_values() {
    let rules = tally_ho::data::campaign_rules::shipped_campaign_rules().unwrap();
    let now = (rules.data_version, fnv(&campaign_values()));
    assert_eq!(
        (now.0, now.1.as_str()),
        PINNED,
        "the campaign's values changed: raise data_version in levels/campaign/campaign.ron and pin ({}, \"{}\") with the new version",
        now.0,
        now.1
    );
    // Comments and layout are not values.
    assert_eq!(
        values("( a: 1, // one\n b: \"x // y\" /* z */ )"),
        "(a:1,b:\"x // y\")"
    );
}
