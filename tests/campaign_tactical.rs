//! The campaign's intercepts fought on the Simple Hex board: how the battle
//! is built from the squadrons and how its result flows back
//! (docs/RULES.md, "The campaign's intercepts on the hex board").

use tally_ho::data::campaign_rules::{campaign_rules_source, check_tactical, load_campaign_rules};
use tally_ho::data::Source;
use tally_ho::rules::campaign::ai;
use tally_ho::rules::campaign::forces::Place;
use tally_ho::rules::campaign::game::{Battles, Campaign, CampaignSetup, Command, Event, Stage};
use tally_ho::rules::campaign::rules::{Thresholds, WeatherRule};
use tally_ho::rules::campaign::tactical::{fate, short_name, Fate, Outcome};
use tally_ho::rules::dogfight::{Colour, Command as HexCommand, Side};
use tally_ho::save::CampaignSave;

fn campaign(battles: Battles, seed: u64) -> Campaign {
    let (data, rules) = tally_ho::replay::campaign::shipped().expect("shipped campaign");
    Campaign::new(
        data,
        rules,
        CampaignSetup {
            weather: WeatherRule::Historical,
            seed,
            battles,
        },
    )
}

/// Plays the opponents' commands until `stop` holds (or the campaign ends).
fn play_until(c: &mut Campaign, stop: impl Fn(&Campaign) -> bool) -> bool {
    while !stop(c) {
        let Some(side) = c.to_act() else {
            return false;
        };
        let cmd = ai::choose(c, side).expect("a legal command");
        c.play(cmd).expect("the opponent's command is legal");
    }
    true
}

fn at_battle(c: &Campaign) -> bool {
    matches!(c.stage(), Stage::Battle)
}

/// The board battle's commands, played by Simple Hex's opponent on both
/// sides, until the campaign leaves the board.
fn finish_battle(c: &mut Campaign) {
    assert!(at_battle(c));
    let this = c.intercept_tally().on_board;
    assert_eq!(ai::play_battle(c), 0, "no proposal refused");
    // Over: the campaign has moved on, perhaps straight to the next battle.
    assert!(!at_battle(c) || c.intercept_tally().on_board > this);
}

fn last_outcome(c: &Campaign) -> Outcome {
    c.events()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::BattleResult(o) => Some(o.clone()),
            _ => None,
        })
        .expect("a battle result")
}

#[test]
fn a_squadron_becomes_a_four_plane_unit_with_r_w_b_y_identities() {
    let mut c = campaign(Battles::Board, 3);
    assert!(play_until(&mut c, at_battle));
    let f = c.fight().expect("the intercept's fight").clone();
    let t = c.battle().expect("the battle on the board");
    // One unit for each squadron of the intercept: the geschwader's part first.
    let mut want = f.luftwaffe.clone();
    want.extend(&f.raf);
    assert_eq!(t.units, want);
    let tactical = &c.rules().tactical;
    for (u, &s) in t.units.iter().enumerate() {
        let unit = tally_ho::rules::dogfight::UnitId(u as u8);
        let planes: Vec<_> = t.game.planes_of_unit(unit).collect();
        let colours: Vec<Colour> = planes.iter().map(|&p| t.game.plane(p).colour).collect();
        assert_eq!(colours, Colour::ALL.to_vec(), "R, W, B, Y");
        // The unit carries the squadron's name, so the board's log tells
        // three Hurricane squadrons apart.
        let name = &c.forces().squadrons[s].name;
        assert_eq!(
            t.game.scenario().units[u].name.as_deref(),
            Some(short_name(name).as_str())
        );
        let ty = &c.aircraft(s).name;
        let hex_name = &tactical.aircraft.iter().find(|(a, _)| a == ty).unwrap().1;
        for &p in &planes {
            assert_eq!(&t.game.aircraft(p).name, hex_name);
            assert_eq!(t.game.plane(p).side, c.forces().squadrons[s].side);
        }
    }
}

#[test]
fn the_raids_target_sets_the_bomb_points_the_board_plays_for() {
    for seed in 0..6 {
        let mut c = campaign(Battles::Board, seed);
        assert!(play_until(&mut c, at_battle));
        let t = c.battle().unwrap();
        let card = t.target.expect("a raid has a target");
        let max = c.data().targets.cards[card as usize].hits;
        let need = if c.knocked_out(card) {
            0
        } else {
            max - c.damage(card)
        };
        assert_eq!(t.need, need);
        let rules = &t.game.scenario().rules;
        let per = c.rules().tactical.points_per_hit;
        assert_eq!(rules.target_points, per * need.max(1) as u32);
        assert_eq!(rules.attacks, c.rules().tactical.attacks);
    }
}

#[test]
fn a_squadron_is_lost_or_stood_down_by_its_planes_shot_down_and_damaged() {
    let t = Thresholds {
        lost_at: 3,
        stood_down_at: 2,
    };
    assert_eq!(fate(3, 0, &t), Fate::Lost);
    assert_eq!(fate(4, 0, &t), Fate::Lost);
    assert_eq!(fate(2, 1, &t), Fate::StoodDown);
    assert_eq!(fate(0, 2, &t), Fate::StoodDown);
    assert_eq!(fate(1, 1, &t), Fate::StoodDown);
    assert_eq!(fate(1, 0, &t), Fate::Unhurt);
    assert_eq!(fate(0, 1, &t), Fate::Unhurt);
}

#[test]
fn only_the_worst_hit_squadron_of_a_side_is_stood_down() {
    let mut checked = 0;
    for seed in 0..12 {
        let mut c = campaign(Battles::Board, seed);
        ai::play_out(&mut c);
        let th = &c.rules().tactical;
        for e in c.events() {
            let Event::BattleResult(o) = e else { continue };
            checked += 1;
            for side in [Side::German, Side::British] {
                let t = match side {
                    Side::German => th.luftwaffe,
                    Side::British => th.raf,
                };
                let mine: Vec<_> = o.squadrons.iter().filter(|r| r.side == side).collect();
                let stood: Vec<_> = mine.iter().filter(|r| r.fate == Fate::StoodDown).collect();
                assert!(stood.len() <= 1, "at most one stood down a side: {o:?}");
                for r in &mine {
                    assert_eq!(r.fate == Fate::Lost, r.shot_down >= t.lost_at, "{o:?}");
                }
                let eligible: Vec<_> = mine
                    .iter()
                    .filter(|r| r.fate != Fate::Lost && r.shot_down + r.damaged >= t.stood_down_at)
                    .collect();
                assert_eq!(stood.len(), eligible.len().min(1), "{o:?}");
                if let Some(s) = stood.first() {
                    assert!(eligible
                        .iter()
                        .all(|r| (r.shot_down, r.damaged) <= (s.shot_down, s.damaged)));
                }
            }
            // A hit for each full `points_per_hit` (capped at the target's need).
            assert!(o.hits as u32 <= o.points / th.points_per_hit, "{o:?}");
            if o.points < th.points_per_hit {
                assert_eq!(o.hits, 0);
            }
        }
    }
    assert!(checked > 50, "{checked} battles checked");
}

#[test]
fn the_battles_result_flows_back_into_the_campaign() {
    let mut seen_hits = false;
    let mut seen_loss = false;
    for seed in 0..30 {
        let mut c = campaign(Battles::Board, seed);
        while play_until(&mut c, at_battle) {
            let t = c.battle().unwrap().clone();
            let before = c.tally();
            let damage_before = t.target.map(|card| c.damage(card));
            let turn_before = c.turn();
            finish_battle(&mut c);
            let o = last_outcome(&c);
            let raf_lost = o
                .squadrons
                .iter()
                .filter(|r| r.side == Side::British && r.fate == Fate::Lost)
                .count() as u32;
            let mut bombed = 0;
            for r in &o.squadrons {
                let place = c.forces().squadrons[r.squadron].place;
                match r.fate {
                    Fate::Lost => {
                        seen_loss = true;
                        assert_eq!(place, Place::Damaged)
                    }
                    Fate::StoodDown => {
                        assert!(matches!(place, Place::StoodDown { .. }), "{place:?}")
                    }
                    // An unhurt squadron flies on (back in its box if the
                    // turn has ended since).
                    Fate::Unhurt if c.turn() == turn_before => assert!(
                        matches!(place, Place::Alerted),
                        "an unhurt squadron flies on: {place:?}"
                    ),
                    Fate::Unhurt => assert!(matches!(place, Place::Ready { .. } | Place::Alerted)),
                }
                if r.fate != Fate::Unhurt {
                    let in_raid = c.geschwader()[t.geschwader].squadrons.contains(&r.squadron);
                    let in_wing = c.wings()[t.wing].squadrons.contains(&r.squadron);
                    assert!(!in_raid && !in_wing, "it has left its formation");
                }
            }
            if o.hits > 0 {
                seen_hits = true;
                bombed = 1;
                // Its bomb run is made: it reaches for home at once (the
                // turn may have moved on since, repairing what it hit).
                let at = c
                    .events()
                    .iter()
                    .rposition(|e| matches!(e, Event::BattleResult(_)))
                    .unwrap();
                assert!(
                    c.events()[at..].iter().any(|e| matches!(
                        e,
                        Event::ReachedForHome { geschwader, .. } if *geschwader == t.geschwader
                    )),
                    "{:?} {:?}",
                    t,
                    &c.events()[at..]
                );
                if c.turn() == turn_before {
                    let card = t.target.unwrap();
                    assert!(c.damage(card) >= damage_before.unwrap() + o.hits);
                }
            }
            let after = c.tally();
            assert_eq!(after.raf_lost, before.raf_lost + raf_lost);
            // Other raids may bomb in the same battle step, before the next decision.
            assert!(after.targets >= before.targets + bombed);
            let at = c
                .events()
                .iter()
                .rposition(|e| matches!(e, Event::BattleResult(_)))
                .unwrap();
            let board_bomb = c.events()[at..].iter().find(|e| {
                matches!(e, Event::Bombed { geschwader, aa: 0, .. } if *geschwader == t.geschwader)
            });
            match (bombed, board_bomb) {
                (1, Some(Event::Bombed { card, hits, .. })) => {
                    assert_eq!((Some(*card), *hits), (t.target, o.hits))
                }
                (0, None) => {}
                (_, other) => {
                    assert!(bombed == 0 && other.is_some(), "bombed {bombed}: {other:?}")
                }
            }
            c.check_invariants().unwrap();
            if seen_hits && seen_loss {
                return;
            }
        }
    }
    panic!("no battle both lost a squadron and bombed (hits {seen_hits}, loss {seen_loss})");
}

#[test]
fn asked_the_player_chooses_the_board_or_the_dice() {
    let at_choice = |c: &Campaign| matches!(c.stage(), Stage::HowToFight { .. });
    let mut c = campaign(Battles::Ask, 5);
    assert!(play_until(&mut c, at_choice));
    assert_eq!(c.to_act(), Some(Side::British));
    assert_eq!(
        c.legal_commands(),
        vec![Command::OnTheBoard, Command::WithDice]
    );
    assert!(c.check(&Command::Hex(HexCommand::EndMove)).is_err());
    // The dice: the intercept is thrown at once.
    let mut dice = c.clone();
    let n = dice.events().len();
    dice.play(Command::WithDice).unwrap();
    assert!(dice.battle().is_none());
    assert!(dice.events()[n..]
        .iter()
        .any(|e| matches!(e, Event::Rolled { .. })));
    // The board: the battle begins, and only its moves are decisions.
    c.play(Command::OnTheBoard).unwrap();
    assert!(at_battle(&c));
    assert!(c.check(&Command::WithDice).is_err());
    assert!(c.check(&Command::EndRafMovement).is_err());
    let legal = c.legal_commands();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|m| matches!(m, Command::Hex(_))));
    for m in &legal {
        assert!(c.check(m).is_ok());
    }
}

#[test]
fn a_campaign_can_be_fought_all_on_the_board_or_all_with_dice() {
    for seed in 0..4 {
        let mut board = campaign(Battles::Board, seed);
        assert_eq!(ai::play_out(&mut board), 0);
        let t = board.intercept_tally();
        assert!(t.fought > 0);
        assert_eq!(t.on_board, t.fought, "every intercept on the board");
        let mut dice = campaign(Battles::Dice, seed);
        assert_eq!(ai::play_out(&mut dice), 0);
        let t = dice.intercept_tally();
        assert!(t.fought > 0);
        assert_eq!(t.on_board, 0, "no intercept on the board");
        assert!(!dice
            .events()
            .iter()
            .any(|e| matches!(e, Event::BattleOnBoard { .. })));
    }
}

#[test]
fn a_campaign_with_battles_is_its_seed_and_commands() {
    let mut a = campaign(Battles::Board, 8);
    ai::play_out(&mut a);
    assert!(a.intercept_tally().on_board > 0);
    let save = CampaignSave::of(&a, Some(Side::British));
    let b = save.restore().expect("restores");
    assert_eq!(b.events(), a.events());
    assert_eq!(b.tally(), a.tally());
}

#[test]
fn a_save_in_the_middle_of_a_battle_resumes_it() {
    let mut c = campaign(Battles::Board, 11);
    assert!(play_until(&mut c, at_battle));
    // A few moves into the battle.
    for _ in 0..5 {
        let side = c.to_act().unwrap();
        let cmd = ai::choose(&c, side).unwrap();
        assert!(matches!(cmd, Command::Hex(_)));
        c.play(cmd).unwrap();
    }
    assert!(at_battle(&c));
    let dir = std::env::temp_dir().join(format!("tally-ho-tactical-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mid-battle.ron");
    tally_ho::save::AnySave::Campaign(CampaignSave::of(&c, None))
        .write(&path)
        .unwrap();
    let back = match tally_ho::save::read_any(&path).unwrap() {
        Some(tally_ho::save::AnySave::Campaign(s)) => s.restore().unwrap(),
        other => panic!("{other:?}"),
    };
    assert!(at_battle(&back));
    let (x, y) = (c.battle().unwrap(), back.battle().unwrap());
    assert_eq!(x.game.commands(), y.game.commands());
    assert_eq!(x.game.events(), y.game.events());
    // Both finish the same way.
    let (mut c, mut back) = (c, back);
    finish_battle(&mut c);
    finish_battle(&mut back);
    assert_eq!(last_outcome(&c), last_outcome(&back));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tactical_aircraft_simple_hex_does_not_know_is_reported_at_its_line() {
    let good = campaign_rules_source();
    let text = good
        .text
        .replace("(\"Do 17\", \"Do 17\")", "(\"Do 17\", \"Do 217\")");
    assert_ne!(text, good.text);
    let src = Source {
        file: good.file.clone(),
        text: text.clone(),
    };
    let rules = load_campaign_rules(&src).expect("the file itself is well formed");
    let data = tally_ho::data::load_campaign_data().unwrap();
    let e = check_tactical(&src, &rules, &data.oob)
        .unwrap_err()
        .to_string();
    assert!(e.contains("levels/campaign/campaign.ron:"), "{e}");
    assert!(e.contains("Simple Hex has no aircraft \"Do 217\""), "{e}");
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    assert!(
        text.lines().nth(line - 1).unwrap().contains("Do 217"),
        "{e}"
    );
}

#[test]
fn a_squadron_type_must_fly_as_an_aircraft_of_its_side_and_role() {
    let good = campaign_rules_source();
    let text = good
        .text
        .replace("(\"Ju 87\", \"Ju 87\")", "(\"Ju 87\", \"Spitfire\")")
        .replace("(\"Defiant\", \"Defiant\"), ", "");
    let src = Source {
        file: good.file.clone(),
        text: text.clone(),
    };
    let rules = load_campaign_rules(&src).unwrap();
    let data = tally_ho::data::load_campaign_data().unwrap();
    let e = check_tactical(&src, &rules, &data.oob)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the Ju 87 cannot fly as the Spitfire: side or role differs"),
        "{e}"
    );
    assert!(
        e.contains("no Simple Hex aircraft is given for the Defiant"),
        "{e}"
    );
}

#[test]
fn a_bad_tactical_number_is_reported_at_its_line() {
    let good = campaign_rules_source();
    let text = good.text.replace("points_per_hit: 12", "points_per_hit: 0");
    assert_ne!(text, good.text);
    let src = Source {
        file: good.file.clone(),
        text: text.clone(),
    };
    let e = load_campaign_rules(&src).unwrap_err().to_string();
    assert!(
        e.contains("tactical.points_per_hit") || e.contains("0 is not in 1 to 100"),
        "{e}"
    );
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    assert!(
        text.lines()
            .nth(line - 1)
            .unwrap()
            .contains("points_per_hit"),
        "{e}"
    );
}

/// The mapping must not change the campaign's balance by accident: over the
/// same campaigns, the board's raids bomb about as many targets as the
/// dice's, and each side loses about as many squadrons.
#[test]
fn board_battles_keep_the_campaigns_balance() {
    use tally_ho::sim::campaign::{campaign_figures, Series};
    let (data, rules) = tally_ho::replay::campaign::shipped().unwrap();
    let run = |battles| {
        let series = Series {
            rule: WeatherRule::Cards,
            battles,
            games: 150,
            seed: 1,
            threads: 2,
        };
        campaign_figures(&data, &rules, series, &|_| {})
    };
    let (dice, board) = (run(Battles::Dice), run(Battles::Board));
    assert_eq!(board.intercepts.on_board, board.intercepts.fought);
    let close = |what: &str, a: f64, b: f64, within: f64| {
        assert!((a - b).abs() <= within, "{what}: dice {a:.2}, board {b:.2}");
    };
    close("targets", dice.targets.mean, board.targets.mean, 2.5);
    close("missions", dice.missions.mean, board.missions.mean, 3.0);
    close("RAF lost", dice.raf_lost.mean, board.raf_lost.mean, 2.5);
    close(
        "Luftwaffe lost",
        dice.luftwaffe_lost.mean,
        board.luftwaffe_lost.mean,
        2.5,
    );
    let share =
        |f: &tally_ho::sim::campaign::CampaignFigures| f.luftwaffe_wins as f64 / f.games as f64;
    close("Luftwaffe wins", share(&dice), share(&board), 0.15);
}

#[test]
fn a_save_from_before_board_battles_loads_with_the_dice() {
    let mut c = campaign(Battles::Dice, 4);
    for _ in 0..40 {
        let side = c.to_act().unwrap();
        c.play(ai::choose(&c, side).unwrap()).unwrap();
    }
    let text = tally_ho::data::to_ron(&CampaignSave::of(&c, Some(Side::German)));
    let old: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("battles:"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(old, text, "the setup names how intercepts are fought");
    let save: CampaignSave = tally_ho::data::parse("old.ron", &old).expect("an older save reads");
    assert_eq!(save.setup.battles, Battles::Dice);
    assert_eq!(save.restore().unwrap().events(), c.events());
}

#[test]
fn a_squadron_goes_by_a_short_name_on_the_board() {
    assert_eq!(short_name("No. 601 Squadron"), "601 Sqn");
    assert_eq!(short_name("II./KG 54"), "II./KG 54");
}
