//! The crew: named men at their positions who carry their wounds and
//! missions from night to night (docs/RULES.md, "The night Blitz").

#[path = "common/blitz.rs"]
mod blitz_common;
use blitz_common::{placed, with};
use tally_ho::blitz::{Crew, CrewFile, Date, Station, Status, Wound};
use tally_ho::data;

fn file() -> CrewFile {
    data::load_blitz_crew(&data::blitz_crew_source()).unwrap()
}

fn date(y: i32, m: u8, d: u8) -> Date {
    Date::new(y, m, d).unwrap()
}

#[test]
fn the_crew_is_five_named_men_at_the_he_111s_positions() {
    let f = file();
    let c = Crew::new(&f);
    for (p, name) in Station::ALL.iter().zip(&f.crew) {
        let m = c.at(*p).unwrap();
        assert_eq!(&m.name, name);
        assert_eq!((m.missions, m.status), (0, Status::Fit));
    }
}

#[test]
fn your_bombardier_seriously_wounded_or_killed_or_moved_aborts_the_outbound_mission() {
    let f = file();
    for (w, aborts) in [
        (Wound::Light, false),
        (Wound::Serious, true),
        (Wound::Killed, true),
    ] {
        // `hit` says whether the man is disabled: the game then aborts
        // (tested in play in blitz_game.rs).
        let mut c = Crew::new(&f);
        assert_eq!(c.hit(Station::Bombardier, w), aborts, "{w:?}");
    }
    // Moving to another position: the bombardier takes the wounded pilot's
    // place, and the mission is aborted.
    let mut c = Crew::new(&f);
    c.hit(Station::Pilot, Wound::Serious);
    let bombardier = c.at(Station::Bombardier).unwrap().name.clone();
    assert!(c.spotting());
    let relief = tally_ho::blitz::crew::relieve_pilot(|p| p == Station::Bombardier, true);
    assert_eq!(
        relief.map(|r| r.aborts),
        Some(true),
        "the bombardier moves: aborted"
    );
    assert_eq!(
        c.change_places(Station::Bombardier, Station::Pilot),
        Some(true)
    );
    assert_eq!(c.at(Station::Pilot).unwrap().name, bombardier);
    // ...which also stops him spotting night fighters below.
    assert!(!c.spotting());
    // Another man moving aborts nothing.
    let mut c = Crew::new(&f);
    c.hit(Station::Pilot, Wound::Serious);
    assert_eq!(
        c.change_places(Station::Engineer, Station::Pilot),
        Some(false)
    );
    assert!(c.spotting());
    // A disabled man cannot move.
    let mut c = Crew::new(&f);
    c.hit(Station::Gunner, Wound::Serious);
    assert_eq!(c.change_places(Station::Gunner, Station::Pilot), None);
    // A bombardier seriously wounded spots nothing either.
    let mut c = Crew::new(&f);
    c.hit(Station::Bombardier, Wound::Serious);
    assert!(!c.spotting());
}

#[test]
fn crewmen_carry_their_wounds_and_missions_from_night_to_night() {
    let f = file();
    let mut c = Crew::new(&f);
    let night = date(1940, 11, 14);
    let pilot = c.at(Station::Pilot).unwrap().name.clone();
    c.hit(Station::Pilot, Wound::Light);
    c.hit(Station::Radio, Wound::Serious);
    c.hit(Station::Gunner, Wound::Killed);
    c.hit(Station::Gunner, Wound::Light); // a worse wound stays
    c.after_mission(night, &f, &[]);
    // The lightly wounded pilot flies on, one mission to his name.
    let p = c.at(Station::Pilot).unwrap();
    assert_eq!((&p.name, p.missions, p.status), (&pilot, 1, Status::Fit));
    // The gunner is dead and the radio operator in hospital: replaced.
    let dead = c.men.iter().find(|m| m.name == f.crew[4]).unwrap();
    assert_eq!(dead.status, Status::Killed);
    let hurt = c.men.iter().find(|m| m.name == f.crew[2]).unwrap();
    let back = Date::from_days(night.days() + f.hospital as i64);
    assert_eq!(hurt.status, Status::Hospital(back));
    assert_eq!(c.at(Station::Gunner).unwrap().missions, 0);
    // (replacements in the positions' order: radio operator, then gunner)
    assert_eq!(c.at(Station::Radio).unwrap().name, f.replacements[0]);
    assert_eq!(c.at(Station::Gunner).unwrap().name, f.replacements[1]);
    // Back from hospital, he takes his place again.
    c.new_night(Date::from_days(back.days() - 1));
    assert_eq!(c.at(Station::Radio).unwrap().name, f.replacements[0]);
    c.new_night(back);
    let r = c.at(Station::Radio).unwrap();
    assert_eq!((&r.name, r.missions), (&f.crew[2], 1));
    assert_eq!(
        c.men
            .iter()
            .find(|m| m.name == f.replacements[0])
            .unwrap()
            .status,
        Status::Transferred
    );
}

#[test]
fn crewmen_down_outside_the_green_zone_are_captured_and_replaced() {
    let f = file();
    let mut c = Crew::new(&f);
    c.after_mission(date(1940, 12, 1), &f, &Station::ALL);
    for (p, name) in Station::ALL.iter().zip(&f.crew) {
        let old = c.men.iter().find(|m| &m.name == name).unwrap();
        assert_eq!(old.status, Status::Captured);
        assert_ne!(&c.at(*p).unwrap().name, name);
    }
}

#[test]
fn a_bad_crew_file_is_reported_at_its_file_line_and_column() {
    let src = data::blitz_crew_source();
    let cases = [
        (", \"Heinz Vogel\"]", "]", "crew: [", "a crew of 5"),
        (
            "\"Horst Peters\"",
            "\"Karl Hoffmann\"",
            "\"Karl Hoffmann\",",
            "named twice",
        ),
        (
            "hospital: 30",
            "hospital: 0",
            "hospital:",
            "at least one night",
        ),
    ];
    for (from, to, at, says) in cases {
        let bad = with(&src, from, to);
        placed(&data::load_blitz_crew(&bad).unwrap_err(), &bad, at, says);
    }
}

/// Docs/RULES.md, "The crew learns" (ours): a man is green until his
/// tenth mission, seasoned from it, a veteran from his 25th; at his post
/// the pilot adds +1 and +3 on G-1, the bombardier +1 and +2 on D-5, the
/// gunner nothing and -1 on a fighter's attack; a disabled man adds
/// nothing, and a replacement comes green.
#[test]
fn men_learn_by_flying_and_a_replacement_comes_green() {
    let f = file();
    let e = f.experience;
    let at = |missions| {
        (
            e.of(missions, e.landing),
            e.of(missions, e.bomb_run),
            e.of(missions, e.return_fire),
            e.rank(missions),
        )
    };
    assert_eq!(at(0), (0, 0, 0, "green"));
    assert_eq!(at(9), (0, 0, 0, "green"));
    assert_eq!(at(10), (1, 1, 0, "seasoned"));
    assert_eq!(at(24), (1, 1, 0, "seasoned"));
    assert_eq!(at(25), (3, 2, -1, "veteran"));
    // Flown: each mission counts; the skill is the man's at the post.
    let mut c = Crew::new(&f);
    let mut night = date(1940, 11, 14);
    for _ in 0..25 {
        c.after_mission(night, &f, &[]);
        night = night.next();
    }
    assert_eq!(c.skill(Station::Pilot, &e, e.landing), 3);
    assert_eq!(c.skill(Station::Bombardier, &e, e.bomb_run), 2);
    // Wounded seriously, he adds nothing this mission...
    c.hit(Station::Bombardier, Wound::Serious);
    assert_eq!(c.skill(Station::Bombardier, &e, e.bomb_run), 0);
    // ...and the man who replaces him while he is in hospital is green.
    c.after_mission(night, &f, &[]);
    assert_eq!(c.at(Station::Bombardier).unwrap().missions, 0);
    assert_eq!(c.skill(Station::Bombardier, &e, e.bomb_run), 0);
    assert_eq!(c.skill(Station::Pilot, &e, e.landing), 3);
}
