//! The tables the frame-time benchmark draws, one for each game.

use super::*;
use crate::data;
use std::sync::Arc;

/// A battle with every plane of the author's mat in the air, the player's
/// plane to move (its reach highlighted) and a full dice log: the frame-time
/// benchmark draws this.
pub fn bench_app() -> App {
    use crate::common::hex::Facing;
    use crate::simple_hex::*;
    let aircraft = data::load_aircraft(&data::aircraft_source()).expect("shipped");
    let rules = data::load_rules(&data::rules_source()).expect("shipped");
    let names = [
        "He 111",
        "Ju 88",
        "Me 109",
        "Me 110",
        "Spitfire",
        "Hurricane",
    ];
    let units = names
        .iter()
        .enumerate()
        .map(|(u, name)| UnitSetup {
            aircraft: name.to_string(),
            planes: Colour::ALL
                .iter()
                .enumerate()
                .map(|(i, &colour)| PlaneSetup {
                    colour,
                    at: Some((1 + i as i32 * 3, 2 + u as i32 * 3)),
                    facing: Some(if u < 4 { Facing::North } else { Facing::South }),
                    damaged: i == 3,
                })
                .collect(),
            name: None,
        })
        .collect();
    let file = ScenarioFile {
        name: "bench".into(),
        description: String::new(),
        board: BoardSetup {
            columns: 14,
            rows: 18,
        },
        german_end: crate::common::hex::End::South,
        opening: Opening::Placed,
        units,
    };
    let sc = Scenario::build(&file, &aircraft, &rules).expect("bench scenario");
    let game = Game::new(Arc::new(sc), Options::default(), 1);
    let players = Players::Solo {
        human: Side::German,
    };
    let mut b = simple_hex::battle(game, players.to_record());
    for i in 0..60 {
        b.shared.log.push(simple_hex::LogLine {
            text: format!(
                "Speed Spitfire R: rolled {}, {} hexes",
                i % 6 + 1,
                i % 6 + 3
            ),
            side: Some(Side::British),
        });
    }
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    app.stack.push(Screen::Table(Box::new(b)));
    app
}

/// A four-commander family game on the full board, every Spitfire in the
/// air, the first commander's choices highlighted, explosion markers down and
/// a full log: the family screen's frame-time benchmark draws this.
/// The campaign table in the middle of a raid: raids and wings on the map,
/// a long log, the RAF to move (so every frame draws the same screen).
pub fn bench_campaign_app() -> App {
    use crate::campaign::ai;
    use crate::campaign::game::{Campaign, CampaignSetup, Stage};
    use crate::campaign::rules::WeatherRule;
    let (data, rules) = crate::record::campaign::shipped().expect("shipped campaign");
    let mut c = Campaign::new(data, rules, CampaignSetup::new(WeatherRule::Cards, 2));
    let mut movements = 0;
    while let Some(side) = c.to_act() {
        if matches!(c.stage(), Stage::RafMovement) {
            movements += 1;
            if movements == 3 {
                break;
            }
        }
        let cmd = ai::propose(&c, side).expect("a legal command");
        c.play(cmd).expect("the opponent's command is legal");
    }
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    let table = campaign::CampaignTable::new(c, Some(Side::British));
    app.stack.push(Screen::Table(Box::new(table)));
    app
}

pub fn bench_family_app() -> App {
    use crate::common::hex::{End, Facing};
    use crate::family::*;
    let sc = Arc::new(data::load_family("full").expect("shipped"));
    let position = Position {
        bombers: (0..5)
            .map(|b| BomberAt {
                bomber: b,
                at: (1 + 3 * b as i32, 8 + b as i32),
                facing: Facing::North,
                course: End::North,
                altitude: 2 + b,
            })
            .collect(),
        spitfires: (0..4)
            .map(|s| SpitfireAt {
                seat: s,
                at: (2 + 4 * s as i32, 5),
                altitude: 3 + s,
                fuel: 9,
            })
            .collect(),
        bombed: vec![(1, 15), (6, 15), (3, 5)],
    };
    let game =
        Game::with_position(sc, Setup::first_sectors(4), position, 1).expect("bench position");
    let commanders = (1..=4)
        .map(|i| Player::new(format!("Player {i}"), true))
        .collect();
    let mut b = family::family_table(game, commanders);
    for i in 0..60 {
        b.shared.log.push(family::LogLine {
            text: format!(
                "Bomber {}: spinner same, beam - now at {}",
                i % 5 + 1,
                i % 7 + 1
            ),
            seat: None,
        });
    }
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    app.stack.push(Screen::Table(Box::new(b)));
    app
}

/// A night Blitz tour in full flight for the frame benchmark and the tour
/// of screens: some missions flown, the bomber outbound with its track, a
/// throw on its table, the log full.
pub fn bench_blitz_app() -> App {
    use crate::blitz::{ai, Game, Leg, Phase};
    let tables = Arc::new(data::load_blitz().expect("shipped"));
    let mut game = Game::new(tables, Default::default(), 5);
    // Fly on until a mission is a few zones out, after a few missions.
    for _ in 0..5_000 {
        let far_out = game.raids().len() >= 4
            && game.phase() == Phase::Heading
            && game.mission().is_some_and(|m| {
                m.track.len() >= 4 && m.bomber.as_ref().is_some_and(|b| b.leg == Leg::Outbound)
            });
        if far_out {
            break;
        }
        let Some(c) = ai::Crew::AUTO.decide(&game) else {
            break;
        };
        game.play(c)
            .expect("the automatic crew plays legal commands");
    }
    let b = super::blitz::blitz_table(game, vec![Player::new("Crew", true)]);
    let (settings, _) = Settings::load();
    let mut app = App::new(settings, None);
    app.stack.push(Screen::Table(Box::new(b)));
    app
}
