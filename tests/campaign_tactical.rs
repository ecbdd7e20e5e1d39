//! The campaign's intercepts fought on the Simple Hex board: how the battle
//! is built from the squadrons and how its result flows back
//! (docs/RULES.md, "The campaign's intercepts on the hex board").

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::{biggin_hill_intercept, only, play_out, saved_and_restored};
use tally_ho::campaign::ai;
use tally_ho::campaign::forces::Place;
use tally_ho::campaign::game::{Battles, BombRun, Campaign, CampaignSetup, Command, Event, Stage};
use tally_ho::campaign::rules::{HitRate, WeatherRule};
use tally_ho::campaign::tactical::{short_name, Outcome};
use tally_ho::common::Side;
use tally_ho::data::campaign_rules::{campaign_rules_source, check_against, load_campaign_rules};
use tally_ho::data::Source;
use tally_ho::simple_hex::{Colour, Command as HexCommand};

fn campaign(battles: Battles, seed: u64) -> Campaign {
    let (data, rules) = tally_ho::record::campaign::shipped().expect("shipped campaign");
    Campaign::new(
        data,
        rules,
        CampaignSetup {
            battles,
            ..CampaignSetup::new(WeatherRule::Historical, seed)
        },
    )
}

/// Plays the opponents' commands until `stop` holds (or the campaign ends).
fn play_until(c: &mut Campaign, stop: impl Fn(&Campaign) -> bool) -> bool {
    while !stop(c) {
        let Some(side) = c.to_act() else {
            return false;
        };
        let cmd = ai::propose(c, side).expect("a proposal");
        c.play(cmd).expect("the opponent's command is legal");
    }
    true
}

/// An intercept (not a dogfight) is being fought on the board.
fn at_intercept(c: &Campaign) -> bool {
    at_battle(c) && !c.battle().unwrap().is_dogfight()
}

fn at_battle(c: &Campaign) -> bool {
    matches!(c.stage(), Stage::Battle)
}

/// The board battle's commands, played by Simple Hex's opponent on both
/// sides, until the campaign leaves the board.
fn finish_battle(c: &mut Campaign) {
    assert!(at_battle(c));
    let this = c.intercept_tally().on_board;
    campaign_common::finish_battle(c);
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

/// An intercept off Dover about to be fought: the whole Biggin Hill Wing
/// against KG 2, raiding London (with `damage` hits on it already).
fn intercept(battles: Battles, damage: u8) -> Campaign {
    biggin_hill_intercept(
        battles,
        3,
        damage,
        &["I./KG 2", "II./KG 2", "I./JG 26", "II./JG 26"],
    )
}

#[test]
fn a_squadron_becomes_a_four_plane_unit_with_r_w_b_y_identities() {
    let c = intercept(Battles::Board, 0);
    assert!(at_battle(&c));
    let f = c.fight().expect("the intercept's fight").clone();
    assert!(f.intercept && f.luftwaffe.len() == 3);
    assert!(c.events().contains(&Event::BattleOnBoard {
        wing: 2,
        geschwader: 0,
        seed: c.battle().unwrap().game.seed()
    }));
    let t = c.battle().expect("the battle on the board");
    // One unit for each squadron of the intercept: the geschwader's part first.
    let mut want = f.luftwaffe.clone();
    want.extend(&f.raf);
    assert_eq!(t.units, want);
    let tactical = &c.rules().tactical;
    for (u, &s) in t.units.iter().enumerate() {
        let unit = tally_ho::simple_hex::UnitId(u as u8);
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

/// Docs/RULES.md, "The same war on every board": a campaign battle's only
/// result is the harm each side did, so Simple Hex's opponent flies it for
/// that: every plane is worth `tactical.plane_worth` to it, a damaged one
/// half, whatever its type or side (what damage costs is still its type's
/// worth less that half); Simple Hex's own raid keeps its worths (a bomber
/// ten, an RAF fighter six, a German one four).
#[test]
fn on_a_campaign_board_every_plane_is_worth_the_same_to_the_opponent_a_damaged_one_half() {
    use tally_ho::simple_hex::Role;
    let c = intercept(Battles::Board, 0);
    let w = c
        .rules()
        .tactical
        .plane_worth
        .expect("the shipped data sets it");
    assert_eq!(w, 6.0);
    let t = c.battle().expect("the battle on the board");
    let g = &t.game;
    let mut kinds = std::collections::BTreeSet::new();
    for p in g.planes() {
        kinds.insert((p.side as u8, p.role == Role::Bomber));
        assert_eq!(g.worth_now(p), w, "{p:?}");
        let mut hurt = p.clone();
        hurt.damaged = true;
        assert_eq!(g.worth_now(&hurt), w / 2.0);
        // What damage costs stays its type's worth less the damaged
        // plane's: a bomber 7, an RAF fighter 3, a German fighter 1.
        let own = match (p.role, p.side) {
            (Role::Bomber, _) => 10.0,
            (_, Side::British) => 6.0,
            _ => 4.0,
        };
        assert_eq!(g.damage_cost(p), own - w / 2.0);
    }
    assert_eq!(
        kinds.len(),
        3,
        "bombers, German and British fighters: {kinds:?}"
    );
    // Simple Hex's own raid: its worths.
    let own = tally_ho::simple_hex::Game::new(
        std::sync::Arc::new(tally_ho::data::load_simple_hex("crane-14x18").unwrap()),
        Default::default(),
        1,
    );
    let worths: std::collections::BTreeSet<u32> = own
        .planes()
        .iter()
        .map(|p| own.worth_now(p) as u32)
        .collect();
    assert_eq!(worths, [4, 6, 10].into_iter().collect());
}

#[test]
fn the_raids_target_sets_the_bomb_points_the_board_plays_for() {
    let per = |c: &Campaign| c.rules().tactical.points_per_hit;
    // London takes three hits: with one on it, the board plays for two.
    for (damage, need) in [(0, 3), (1, 2), (2, 1), (3, 0)] {
        let c = intercept(Battles::Board, damage);
        let t = c.battle().expect("the battle on the board");
        assert_eq!(t.target, Some(0), "London's card");
        assert_eq!(t.need, need);
        let rules = &t.game.scenario().rules;
        // (A target knocked out: the board still plays for one hit's points.)
        assert_eq!(rules.target_points, per(&c) * need.max(1) as u32);
        assert_eq!(rules.attacks, c.rules().tactical.attacks);
    }
}

/// Docs/RULES.md: every plane of a squadron scrambled to the hex board
/// flies: no activation roll keeps one at home, and all are waiting to enter.
#[test]
fn every_plane_of_a_scrambled_squadron_flies_on_the_hex_board() {
    use tally_ho::simple_hex::{Event as HexEvent, Loc};
    let c = intercept(Battles::Board, 0);
    let t = c.battle().expect("the battle on the board");
    let g = &t.game;
    let planes = g.planes().len();
    assert_eq!(planes, 4 * t.units.len());
    let scrambled = g
        .events()
        .iter()
        .filter(|e| matches!(e, HexEvent::Scrambled { .. }))
        .count();
    assert_eq!(scrambled, planes, "each plane scrambles");
    assert!(
        !g.events()
            .iter()
            .any(|e| matches!(e, HexEvent::ActivationRolled { .. })),
        "no activation roll"
    );
    assert!(
        g.planes().iter().all(|p| p.loc != Loc::Hangar),
        "none at home"
    );
}

/// Docs/RULES.md: a side's planes shot down on the hex board become hits
/// on it, `hits` for every `planes`, rounded down.
#[test]
fn planes_shot_down_on_the_hex_board_become_hits_at_the_sides_rate() {
    let raf = HitRate { hits: 2, planes: 3 };
    let lw = HitRate { hits: 4, planes: 9 };
    let r: Vec<u8> = (0..=9).map(|n| raf.hits(n)).collect();
    assert_eq!(r, [0, 0, 1, 2, 2, 3, 4, 4, 5, 6]);
    let l: Vec<u8> = (0..=9).map(|n| lw.hits(n)).collect();
    assert_eq!(l, [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]);
    let (_, rules) = tally_ho::record::campaign::shipped().unwrap();
    assert_eq!(rules.tactical.raf_hits, raf, "the shipped RAF rate");
    assert_eq!(
        rules.tactical.luftwaffe_hits, lw,
        "the shipped Luftwaffe rate"
    );
}

/// Docs/RULES.md, "The same war on every board": an intercept on the hex
/// board makes for each side the hits the dice's throw at it makes at the
/// rank of what the board did to it among battles of its kind (ties split
/// by the battle's own dice); the side takes them as it takes the dice's:
/// no squadron is lost or stood down by the board itself, a side with hits
/// takes them (one stand-down at most), a side without takes none.
#[test]
fn a_side_takes_the_hits_the_dice_make_at_the_rank_of_what_the_board_did_to_it() {
    let (mut checked, mut hit, mut spared) = (0, 0, 0);
    for seed in 0..6 {
        let mut c = campaign(Battles::Board, seed);
        play_out(&mut c);
        let events = c.events();
        for (k, e) in events.iter().enumerate() {
            let Event::BattleResult(o) = e else { continue };
            if o.dogfight || o.family {
                continue;
            }
            checked += 1;
            // What the board did: two a plane shot down, one damaged.
            let harm = |side: Side| -> u32 {
                o.squadrons
                    .iter()
                    .filter(|r| r.side == side)
                    .map(|r| 2 * r.shot_down as u32 + r.damaged as u32)
                    .sum()
            };
            let hits = campaign_common::ranked_intercept_hits(
                o,
                campaign_common::battle_seed(events, k),
                harm,
            );
            // The ace's die may add to the Luftwaffe's, never to the RAF's.
            assert_eq!(o.raf_hits as u32, hits[0], "{o:?}");
            let ace = o.ace.map_or(0, |t| t.hits as u32);
            assert_eq!(o.luftwaffe_hits as u32, hits[1] + ace, "{o:?}");
            let until = events[k..]
                .iter()
                .position(|e| *e == Event::FightOver)
                .expect("the fight ends")
                + k;
            for side in [Side::German, Side::British] {
                let taken: Vec<bool> = events[k..until]
                    .iter()
                    .filter_map(|e| match e {
                        Event::TakesHits {
                            squadron,
                            stand_down,
                        } if c.forces().squadrons[*squadron].side == side => Some(*stand_down),
                        _ => None,
                    })
                    .collect();
                let hits = match side {
                    Side::German => o.luftwaffe_hits,
                    Side::British => o.raf_hits,
                };
                if hits == 0 {
                    spared += 1;
                    assert!(taken.is_empty(), "no hits, nothing taken: {o:?}");
                } else {
                    hit += 1;
                    assert!(!taken.is_empty(), "hits are taken: {o:?}");
                    assert!(taken.iter().filter(|&&d| d).count() <= 1, "{o:?}");
                }
            }
        }
    }
    assert!(checked > 30, "{checked} battles checked");
    assert!(hit > 20 && spared > 20, "hit {hit}, spared {spared}");
}

/// Docs/RULES.md, "The same war on every board": a rank is the share of the
/// battles of its kind that did less harm, plus a split share of those
/// that did as much; the more harm, the higher the rank, and the more hits.
#[test]
fn the_more_the_board_harms_a_side_the_higher_its_rank_and_the_more_hits() {
    use tally_ho::campaign::zoom::{self, BoardKind, FightKind, ZoomKey, ZoomTable};
    let key = ZoomKey {
        board: BoardKind::Hex,
        fight: FightKind::Raid,
        side: Side::British,
        own: 2,
        defence: 4,
        dice: 6,
    };
    let mut t = ZoomTable::new(1, 1);
    for (harm, n) in [(0, 10), (1, 30), (2, 60)] {
        for _ in 0..n {
            t.add(key, harm);
        }
    }
    assert!(t.problems().is_empty());
    assert_eq!(t.rank(key, 0, 0.0), Some(0.0));
    assert_eq!(t.rank(key, 1, 0.5), Some(0.25));
    assert_eq!(t.rank(key, 2, 1.0), Some(1.0));
    assert_eq!(t.rank(key, 9, 0.5), Some(1.0), "more harm than any seen");
    // A kind never seen is ranked among its nearest kinds.
    let other = ZoomKey { dice: 7, ..key };
    assert_eq!(t.rank(other, 1, 0.5), Some(0.25));
    let none = ZoomKey {
        side: Side::German,
        ..key
    };
    assert_eq!(t.rank(none, 1, 0.5), None);
    // Six dice hitting one time in six: no hit 33.5% of the time, at most
    // one 73.7%, at most two 93.8%.
    for (u, want) in [
        (0.0, 0),
        (0.30, 0),
        (0.34, 1),
        (0.73, 1),
        (0.74, 2),
        (0.93, 2),
        (0.94, 3),
    ] {
        assert_eq!(zoom::binomial_quantile(6, 1.0 / 6.0, u), want, "u {u}");
        assert_eq!(campaign_common::one_in_six_quantile(6, u), want, "u {u}");
    }
    let mut last = 0;
    for h in 0..4 {
        let u = t.rank(key, h, 0.5).unwrap();
        let hits = zoom::binomial_quantile(6, 1.0 / 6.0, u);
        assert!(hits >= last, "harm {h}: {hits} hits");
        last = hits;
    }
    assert!(last >= 1);
}

/// Docs/RULES.md, "The same war on every board": on a board the harm one
/// side does is harm the other did not, so the two sides' ranks go against
/// each other, where the dice throw each side's hits on their own. The
/// table's link for the kind of battle takes that out: the ranks made
/// independent are each still evenly spread and no longer go together, and
/// a side that was harmed less and harmed more still comes out better on
/// both counts.
#[test]
fn the_two_sides_ranks_of_a_battle_are_made_independent_as_the_dice_are() {
    use rand::{RngExt, SeedableRng};
    use tally_ho::campaign::zoom::{self, BoardKind, FightKind, ZoomTable};
    let (board, fight) = (BoardKind::Hex, FightKind::Raid);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let rho: f64 = -0.5;
    // Pairs of ranks whose normal scores are correlated at -0.5.
    let pairs: Vec<_> = (0..20_000)
        .map(|_| {
            let z1 = zoom::normal_quantile(rng.random_range(0.0..1.0));
            let e = zoom::normal_quantile(rng.random_range(0.0..1.0));
            let z2 = rho * z1 + (1.0 - rho * rho).sqrt() * e;
            (board, fight, [zoom::normal_cdf(z1), zoom::normal_cdf(z2)])
        })
        .collect();
    let mut t = ZoomTable::new(1, 1);
    t.link(&pairs);
    let linked = t.correlation(board, fight);
    assert!((linked - rho).abs() < 0.03, "linked at {linked}");
    assert_eq!(t.correlation(BoardKind::Family, fight), 0.0, "not linked");
    let made: Vec<[f64; 2]> = pairs
        .iter()
        .map(|p| t.independent(board, fight, p.2))
        .collect();
    let corr = |xs: &[[f64; 2]]| {
        let n = xs.len() as f64;
        let m = [0, 1].map(|i| xs.iter().map(|x| x[i]).sum::<f64>() / n);
        let c = |i: usize, j: usize| {
            xs.iter()
                .map(|x| (x[i] - m[i]) * (x[j] - m[j]))
                .sum::<f64>()
                / n
        };
        (m, c(0, 1) / (c(0, 0) * c(1, 1)).sqrt())
    };
    let (before_means, before) = corr(&pairs.iter().map(|p| p.2).collect::<Vec<_>>());
    let (means, after) = corr(&made);
    assert!(before < -0.4, "the ranks went together at {before}");
    assert!(after.abs() < 0.02, "made independent: {after}");
    for i in 0..2 {
        assert!((before_means[i] - 0.5).abs() < 0.01);
        assert!((means[i] - 0.5).abs() < 0.01, "side {i}: mean {}", means[i]);
        for q in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let share = made.iter().filter(|x| x[i] < q).count() as f64 / made.len() as f64;
            assert!((share - q).abs() < 0.015, "side {i}: {share} below {q}");
        }
    }
    // The quantile and the distribution function undo each other.
    for u in [0.001, 0.02, 0.3, 0.5, 0.77, 0.99] {
        assert!((zoom::normal_cdf(zoom::normal_quantile(u)) - u).abs() < 1e-9);
    }
    // The RAF harmed less (a low rank) and harming more (the Luftwaffe's
    // high): both its own rank and the Luftwaffe's stay its way.
    let [raf, luftwaffe] = t.independent(board, fight, [0.2, 0.8]);
    assert!(raf < 0.5 && luftwaffe > 0.5, "{raf} {luftwaffe}");
    let [raf2, luftwaffe2] = t.independent(board, fight, [0.1, 0.9]);
    assert!(raf2 < raf && luftwaffe2 > luftwaffe);
    // Unlinked kinds pass as they come.
    assert_eq!(
        t.independent(BoardKind::Family, fight, [0.2, 0.8]),
        [0.2, 0.8]
    );
}

/// Docs/RULES.md, "The same war on every board": the board still matters.
/// With the Veteran flying one side's battles on the board and the Recruit
/// the other's, that side's campaign goes its way: the same campaigns (the
/// Veteran planning both sides on the map) with the levels on the board
/// swapped, on each board, give the better-flown side the better exchange
/// and more of the verdict's points.
#[test]
fn a_better_flown_board_battle_gives_its_side_a_better_campaign_on_both_boards() {
    use tally_ho::common::level::Level;
    use tally_ho::sim::campaign::{campaign_figures, CampaignFigures, Series};
    const CAMPAIGNS: u64 = 24;
    let (data, rules) = tally_ho::record::campaign::shipped().unwrap();
    let run = |battles, board_levels| {
        let series = Series {
            levels: Default::default(),
            board_levels,
            rule: WeatherRule::Cards,
            battles,
            games: CAMPAIGNS,
            seed: 4,
            threads: 2,
        };
        campaign_figures(&data, &rules, series, &|_| {})
    };
    // The Luftwaffe's share of the verdict's points (a win 1, a draw a
    // half) and the exchange (RAF squadrons lost per Luftwaffe squadron).
    let luftwaffe_way = |f: &CampaignFigures| {
        let n = f.games as f64;
        let share = (f.luftwaffe_wins as f64 + f.draws as f64 / 2.0) / n;
        (share, f.raf_lost.mean / f.luftwaffe_lost.mean)
    };
    for battles in [Battles::Board, Battles::Family] {
        let luftwaffe_flies = run(battles, [Level::Veteran, Level::Recruit]);
        let raf_flies = run(battles, [Level::Recruit, Level::Veteran]);
        let (a, b) = (luftwaffe_way(&luftwaffe_flies), luftwaffe_way(&raf_flies));
        eprintln!("{battles:?}: Luftwaffe flies better {a:?}, the RAF {b:?}");
        assert!(
            a.1 > b.1 * 1.3,
            "{battles:?}: exchange {:.3} against {:.3}",
            a.1,
            b.1
        );
        assert!(
            a.0 > b.0 + 0.1,
            "{battles:?}: the Luftwaffe's points {:.2} against {:.2}",
            a.0,
            b.0
        );
    }
}

/// Docs/RULES.md, "The same war on every board": a dogfight thrown with the
/// dice is each gruppe's fight apart, losses only, the least valued first;
/// hits short of every defence lose nothing.
#[test]
fn a_dogfights_dice_are_each_gruppes_fight_losses_only() {
    use rand::SeedableRng;
    use tally_ho::campaign::zoom::{self, Fighter};
    let spit = Fighter {
        dice: 0,
        defence: 4,
        value: 10,
    };
    let stuka = Fighter {
        dice: 0,
        defence: 2,
        value: 5,
    };
    // Dice that always hit: 6 a round at the Stukas, none back.
    let gunner = Fighter { dice: 6, ..spit };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let fights = vec![(vec![gunner], vec![stuka, stuka, stuka, stuka])];
    let sorted = zoom::dogfight_hits(&fights, 1, [1.0, 1.0], 8, &mut rng);
    // Six hits lose three Stukas (two each), none of the Spitfire.
    assert_eq!(sorted[1], vec![6; 8]);
    assert_eq!(sorted[0], vec![0; 8]);
    // Apart, three hits on each of two gruppen of Spitfires lose none.
    let three = Fighter { dice: 3, ..spit };
    let apart = vec![(vec![three], vec![spit]), (vec![three], vec![spit])];
    let sorted = zoom::dogfight_hits(&apart, 1, [1.0, 1.0], 4, &mut rng);
    assert_eq!(sorted[1], vec![0; 4]);
    // Together, six hits lose one.
    let together = vec![(vec![three, three], vec![spit, spit])];
    let sorted = zoom::dogfight_hits(&together, 1, [1.0, 1.0], 4, &mut rng);
    assert_eq!(sorted[1], vec![4; 4]);
    assert_eq!(zoom::quantile(&[0, 1, 2, 3], 0.5), 2);
}

/// After a battle on the board the side hit is asked: every squadron it has
/// left in the fight may stand down, and the one it names does.
#[test]
fn after_a_board_battle_the_side_hit_chooses_which_squadron_stands_down() {
    let mut asked = 0;
    for seed in 0..8 {
        let mut c = campaign(Battles::Board, seed);
        let mut after_board = false;
        while let Some(side) = c.to_act() {
            if at_battle(&c) {
                after_board = true;
            }
            if let (true, Stage::Allocate { side: hit }) = (after_board, c.stage().clone()) {
                let f = c.fight().expect("the fight").clone();
                let pool = match hit {
                    Side::British => f.raf.clone(),
                    Side::German => f.luftwaffe.clone(),
                };
                // Every choice is a squadron of the side in the fight.
                let legal = c.legal_commands();
                assert!(!legal.is_empty());
                assert!(
                    legal.iter().all(|m| matches!(m,
                        Command::StandDown(q) | Command::Lose(q) if pool.contains(q))),
                    "{legal:?}"
                );
                // Not the opponent's pick: the last stand-down listed.
                let Some(&Command::StandDown(q)) = legal
                    .iter()
                    .rev()
                    .find(|m| matches!(m, Command::StandDown(_)))
                else {
                    c.play(ai::propose(&c, hit).unwrap()).unwrap();
                    continue;
                };
                c.play(Command::StandDown(q)).expect("the side's choice");
                assert!(matches!(
                    c.forces().squadrons[q].place,
                    Place::StoodDown { .. }
                ));
                asked += 1;
                continue;
            }
            if !at_battle(&c) && !matches!(c.stage(), Stage::Allocate { .. }) {
                after_board = false;
            }
            let cmd = ai::propose(&c, side).expect("a proposal");
            c.play(cmd).expect("legal");
            if c.turn() > 3 {
                break;
            }
        }
    }
    assert!(asked >= 5, "asked {asked} times");
}

/// Each battle of several whole campaigns: its result against its own
/// board, and what the campaign did with it.
#[test]
fn the_battles_result_flows_back_into_the_campaign() {
    use tally_ho::simple_hex::Loc;
    let (mut through_seen, mut losses_seen, mut battles) = (0, 0, 0);
    // Battles after which no other battle was under way: the checks made
    // only then must run.
    let mut no_battle_after = 0;
    let mut seeds = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let mut c = campaign(Battles::Board, seed);
        while play_until(&mut c, at_intercept) {
            battles += 1;
            let start = c.battle().unwrap().clone();
            assert!(seeds.insert(start.game.seed()), "each battle its own dice");
            // The target's need as it stands when the battle begins.
            let card = start.target.unwrap();
            let need = if c.knocked_out(card) {
                0
            } else {
                c.data().targets.cards[card as usize].hits - c.damage(card)
            };
            assert_eq!(start.need, need);
            let before = c.tally();
            // Where the raid met the wing: where its squadrons fall.
            let square = c.geschwader()[start.geschwader].at;
            // The battle, move by move, keeping its last position.
            let this = c.intercept_tally().on_board;
            let mut last = start.clone();
            while at_battle(&c) && c.intercept_tally().on_board == this {
                last = c.battle().unwrap().clone();
                let side = c.to_act().unwrap();
                let cmd = ai::propose(&c, side).unwrap();
                c.play(cmd).unwrap();
                if let Command::Hex(h) = cmd {
                    last.game.play(h).unwrap();
                }
            }
            assert!(last.game.is_over());
            if c.battle().is_none() {
                no_battle_after += 1;
                assert!(c.fight().is_none() || !matches!(c.stage(), Stage::Battle));
            }
            let at = c
                .events()
                .iter()
                .rposition(|e| matches!(e, Event::BattleResult(_)))
                .unwrap();
            let o = last_outcome(&c);
            // Each squadron's planes as its own unit ended the battle.
            assert_eq!(o.squadrons.len(), start.units.len());
            for r in &o.squadrons {
                let unit = start.unit_of(r.squadron).unwrap();
                let planes: Vec<_> = last.game.planes_of_unit(unit).collect();
                let p = |id| last.game.plane(id);
                let down = planes
                    .iter()
                    .filter(|&&id| p(id).loc == Loc::Destroyed)
                    .count();
                let hurt = planes
                    .iter()
                    .filter(|&&id| p(id).loc != Loc::Destroyed && p(id).damaged)
                    .count();
                assert_eq!((r.shot_down as usize, r.damaged as usize), (down, hurt));
                assert_eq!(r.side, c.forces().squadrons[r.squadron].side);
            }
            // The board's own bomb score; each bomber squadron's planes
            // through: bombed, or flying on undamaged at the end.
            assert_eq!(o.points, last.game.score());
            for (u, r) in o.squadrons.iter().enumerate() {
                let unit = tally_ho::simple_hex::UnitId(u as u8);
                let through = last
                    .game
                    .planes_of_unit(unit)
                    .map(|id| last.game.plane(id))
                    .filter(|p| {
                        p.role == tally_ho::simple_hex::Role::Bomber
                            && (p.bomb_runs > 0 || (p.is_flying() && !p.damaged))
                    })
                    .count();
                assert_eq!(r.through as usize, through);
                through_seen += usize::from(through > 0);
            }
            // Each side that owes a stand-down makes its choice.
            while matches!(c.stage(), Stage::Allocate { .. }) {
                let side = c.to_act().expect("the side hit decides");
                c.play(ai::propose(&c, side).unwrap()).unwrap();
            }
            // Then, in order: the hits taken (each loss, the stand-downs
            // chosen), until the fight is over.
            let mut next = c.events()[at + 1..].iter();
            // Each side with hits takes them: one stand-down at most.
            let owed = [o.raf_hits, o.luftwaffe_hits]
                .into_iter()
                .filter(|&h| h > 0)
                .count();
            let mut chosen = 0;
            loop {
                match next.next() {
                    Some(Event::FightOver) => break,
                    Some(Event::TakesHits {
                        stand_down: true, ..
                    }) => chosen += 1,
                    Some(Event::Lost { squadron, at }) => {
                        assert_eq!(*at, square, "lost where the raid was met");
                        assert!(o.squadrons.iter().any(|r| r.squadron == *squadron));
                        losses_seen += 1;
                    }
                    Some(
                        Event::Awaits(Stage::Allocate { .. })
                        | Event::StoodDown { .. }
                        | Event::TakesHits { .. },
                    ) => {}
                    other => panic!("before the fight is over: {other:?}"),
                }
            }
            assert!(chosen <= owed, "{o:?}");
            // No bomb falls from the board, and the battle does not send
            // the raid home: it flies on, to bomb with the dice at its
            // target (its bomb run, if it is there now, comes as a job of
            // its own).
            assert!(
                !matches!(
                    next.next(),
                    Some(Event::Bombed { .. } | Event::ReachedForHome { .. })
                ),
                "after the fight: {:?}",
                c.events()[at..].to_vec()
            );
            // The RAF's losses are the hits it took as losses after.
            let from = c
                .events()
                .iter()
                .rposition(|e| *e == Event::BattleResult(o.clone()))
                .expect("the result");
            let raf_lost = c.events()[from..]
                .iter()
                .take_while(|e| **e != Event::FightOver)
                .filter(|e| {
                    matches!(e, Event::TakesHits { squadron, stand_down: false }
                    if c.forces().squadrons[*squadron].side == Side::British)
                })
                .count() as u32;
            let after = c.tally();
            assert_eq!(after.raf_lost, before.raf_lost + raf_lost);
            // Other raids may bomb in the same battle step.
            assert!(after.targets >= before.targets);
            c.check_invariants().unwrap();
        }
    }
    assert!(
        // (A lost RAF squadron is rare since the Veteran RAF scrambles only
        // the wing next to the raid: one in these battles.)
        battles > 60 && through_seen > 3 && losses_seen >= 1,
        "{battles} {through_seen} {losses_seen}"
    );
    assert!(no_battle_after > 60, "{no_battle_after}");
}

#[test]
fn asked_the_player_chooses_the_board_or_the_dice() {
    let mut c = intercept(Battles::Ask, 0);
    assert_eq!(
        c.stage(),
        &Stage::HowToFight {
            wing: 2,
            geschwader: 0,
            dogfight: false
        }
    );
    assert_eq!(c.to_act(), Some(Side::British));
    assert_eq!(
        c.legal_commands(),
        vec![
            Command::OnTheBoard,
            Command::OnTheFamilyBoard,
            Command::WithDice
        ]
    );
    assert!(c.check(&Command::Hex(HexCommand::EndMove)).is_err());
    // The dice: the intercept is thrown at once.
    let mut dice = c.clone();
    let n = dice.events().len();
    dice.play(Command::WithDice).unwrap();
    assert!(dice.battle().is_none());
    assert!(matches!(dice.events()[n], Event::Round { round: 1, .. }));
    // The board: the battle begins, and only its moves are decisions.
    let n = c.events().len();
    c.play(Command::OnTheBoard).unwrap();
    assert!(matches!(
        c.events()[n],
        Event::BattleOnBoard {
            wing: 2,
            geschwader: 0,
            ..
        }
    ));
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
        play_out(&mut board);
        let t = board.intercept_tally();
        assert!(t.fought > 0);
        assert_eq!(t.on_board, t.fought, "every intercept on the board");
        // The tally counts what the battles' results say.
        let results: Vec<&Outcome> = board
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::BattleResult(o) if !o.dogfight => Some(o),
                _ => None,
            })
            .collect();
        assert_eq!(results.len() as u32, t.on_board);
        assert_eq!(t.dogfights_on_board, t.dogfights, "every dogfight too");
        // The board loses and stands down none itself: its hits are
        // taken after, as the dice's, each a stand-down or a loss.
        assert!(t.raf_stood_down > 0 && t.luftwaffe_stood_down > 0);
        let chosen = |side| {
            board
                .events()
                .iter()
                .filter(|e| matches!(e, Event::TakesHits { squadron, stand_down: true } if board.forces().squadrons[*squadron].side == side))
                .count() as u32
        };
        assert_eq!(t.raf_stood_down, chosen(Side::British));
        assert_eq!(t.luftwaffe_stood_down, chosen(Side::German));
        // The bombers' planes of the intercepts, and those through.
        let bombers = |f: fn(&tally_ho::campaign::tactical::SquadronResult) -> u32| {
            results
                .iter()
                .filter(|o| !o.dogfight)
                .flat_map(|o| &o.squadrons)
                .filter(|r| r.bomber)
                .map(f)
                .sum::<u32>()
        };
        assert_eq!(t.board_planes, bombers(|_| 4));
        assert_eq!(t.board_through, bombers(|r| r.through as u32));
        assert!(t.board_planes > 0 && t.board_through > 0);
        let mut dice = campaign(Battles::Dice, seed);
        play_out(&mut dice);
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
    play_out(&mut a);
    assert!(a.intercept_tally().on_board > 0);
    let save = tally_ho::record::of::<tally_ho::campaign::game::Campaign>(
        &a,
        Vec::new(),
        std::path::Path::new("."),
    )
    .unwrap();
    let b = tally_ho::record::restore::<tally_ho::campaign::game::Campaign>(
        &save,
        std::path::Path::new("."),
    )
    .expect("restores");
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
        let cmd = ai::propose(&c, side).unwrap();
        assert!(matches!(cmd, Command::Hex(_)));
        c.play(cmd).unwrap();
    }
    assert!(at_battle(&c));
    let dir = std::env::temp_dir().join(format!("tally-ho-tactical-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mid-battle.ron");
    let r = tally_ho::record::of::<tally_ho::campaign::game::Campaign>(
        &c,
        Vec::new(),
        std::path::Path::new("."),
    )
    .unwrap();
    tally_ho::record::AnyRecord::Campaign(r)
        .write(&path)
        .unwrap();
    let back = match tally_ho::record::read(&path).unwrap() {
        tally_ho::record::AnyRecord::Campaign(r) => tally_ho::record::restore::<
            tally_ho::campaign::game::Campaign,
        >(&r, std::path::Path::new("."))
        .unwrap(),
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
    let e = check_against(&src, &rules, &data).unwrap_err().to_string();
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
    let e = check_against(&src, &rules, &data).unwrap_err().to_string();
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
    for (field, from, to, range) in [
        ("points_per_hit", "8", "0", "0 is not in 1 to 100"),
        ("sweep_rounds", "10", "0", "0 is not in 1 to 60"),
        ("sweep_rounds", "10", "61", "61 is not in 1 to 60"),
        ("reveal_reach", "2", "0", "0 is not in 1 to 6"),
        ("reveal_reach", "2", "7", "7 is not in 1 to 6"),
    ] {
        let text = good
            .text
            .replace(&format!("{field}: {from},"), &format!("{field}: {to},"));
        assert_ne!(text, good.text, "{field}");
        let src = Source {
            file: good.file.clone(),
            text: text.clone(),
        };
        let e = load_campaign_rules(&src).unwrap_err().to_string();
        assert!(
            e.contains(&format!("tactical.{field}")) || e.contains(range),
            "{e}"
        );
        let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
        assert!(text.lines().nth(line - 1).unwrap().contains(field), "{e}");
    }
}

/// Docs/RULES.md, "The same war on every board": on either board, under
/// every weather rule, the same campaigns come out as with the dice. A
/// CI-sized run (`CAMPAIGNS` a rule a board; the full check is
/// `simulate --game campaign --tactical --games 600` read by
/// `check_zoom.py`), pooled over the five rules where one rule's campaigns
/// are too few, so its bounds are wider than the full check's and say why.
#[test]
fn both_boards_come_out_as_the_dice_under_every_weather_rule() {
    use tally_ho::sim::campaign::{campaign_figures, CampaignFigures, Series};
    const CAMPAIGNS: u64 = 16;
    let (data, rules) = tally_ho::record::campaign::shipped().unwrap();
    let run = |rule, battles| {
        let series = Series {
            levels: Default::default(),
            board_levels: Default::default(),
            rule,
            battles,
            games: CAMPAIGNS,
            seed: 3,
            threads: 2,
        };
        campaign_figures(&data, &rules, series, &|_| {})
    };
    // Sums over the rules: (campaigns, targets, RAF lost, Luftwaffe lost,
    // intercepts, their losses and stand-downs a side, dogfight squadrons
    // and their losses a side).
    #[derive(Default, Clone, Copy, Debug)]
    struct Sum([f64; 13]);
    let add = |s: &mut Sum, f: &CampaignFigures| {
        let i = &f.intercepts;
        let n = f.games as f64;
        let v = [
            n,
            f.targets.mean * n,
            f.raf_lost.mean * n,
            f.luftwaffe_lost.mean * n,
            i.fought as f64,
            i.raf_lost as f64,
            i.luftwaffe_lost as f64,
            i.raf_stood_down as f64,
            i.luftwaffe_stood_down as f64,
            i.dogfight_raf as f64,
            i.dogfight_luftwaffe as f64,
            i.dogfight_raf_lost as f64,
            i.dogfight_luftwaffe_lost as f64,
        ];
        for (a, b) in s.0.iter_mut().zip(v) {
            *a += b;
        }
    };
    let (mut dice, mut hex, mut family) = (Sum::default(), Sum::default(), Sum::default());
    for rule in WeatherRule::ALL {
        let d = run(rule, Battles::Dice);
        let h = run(rule, Battles::Board);
        let f = run(rule, Battles::Family);
        assert_eq!(h.intercepts.on_board, h.intercepts.fought);
        assert_eq!(h.intercepts.dogfights_on_board, h.intercepts.dogfights);
        assert!(f.intercepts.on_family_board * 2 > f.intercepts.fought);
        // One rule's own figures, at the bounds its few campaigns allow:
        // targets a campaign within 4.5 (the full check: 1.5; a campaign's
        // targets spread with a deviation of about 5, so sixteen
        // campaigns' mean strays by 1.5 or so from the same seeds'
        // dice, and 4.5 is three times that).
        for (board, b) in [("hex", &h), ("family", &f)] {
            let off = (b.targets.mean - d.targets.mean).abs();
            assert!(
                off <= 4.5,
                "{}: {board} board targets {:.2}, dice {:.2}",
                rule.name(),
                b.targets.mean,
                d.targets.mean
            );
        }
        add(&mut dice, &d);
        add(&mut hex, &h);
        add(&mut family, &f);
    }
    let names = [
        ("targets a campaign", 1, 0, 0.10),
        ("RAF squadrons lost a campaign", 2, 0, 0.15),
        ("Luftwaffe squadrons lost a campaign", 3, 0, 0.15),
        ("RAF lost an intercept", 5, 4, 0.35),
        ("Luftwaffe lost an intercept", 6, 4, 0.35),
        ("RAF stood down an intercept", 7, 4, 0.15),
        ("Luftwaffe stood down an intercept", 8, 4, 0.15),
        ("RAF lost a squadron in a dogfight", 11, 9, 0.30),
        ("Luftwaffe lost a squadron in a dogfight", 12, 10, 0.30),
    ];
    // Pooled over the rules, each side's losses and stand-downs within
    // the full check's bounds where 80 campaigns a board hold them (a
    // squadron lost in an intercept is rarer: 35%, not 30%).
    for (board, b) in [("hex", &hex), ("family", &family)] {
        for (what, num, den, within) in names {
            let per = |s: &Sum| s.0[num] / s.0[den].max(1.0);
            let (want, got) = (per(&dice), per(b));
            assert!(want > 0.0, "{what}: the dice never did it");
            let r = got / want;
            assert!(
                (r - 1.0).abs() <= within,
                "{board} board, {what}: dice {want:.3}, board {got:.3} ({r:.2} of it)"
            );
        }
    }
}

#[test]
fn a_save_from_before_board_battles_loads_with_the_dice() {
    let mut c = campaign(Battles::Dice, 4);
    for _ in 0..40 {
        let side = c.to_act().unwrap();
        c.play(ai::propose(&c, side).unwrap()).unwrap();
    }
    // A save as the version before board battles wrote it.
    #[derive(serde::Serialize)]
    #[serde(rename = "CampaignSetup")]
    struct OldSetup {
        weather: WeatherRule,
        seed: u64,
    }
    #[derive(serde::Serialize)]
    struct CampaignSave {
        setup: OldSetup,
        commands: Vec<Command>,
        human: Option<Side>,
    }
    let old = tally_ho::data::to_ron(&CampaignSave {
        setup: OldSetup {
            weather: c.setup().weather,
            seed: c.setup().seed,
        },
        commands: c.commands().to_vec(),
        human: Some(Side::German),
    });
    assert!(!old.contains("battles"));
    // That format names no campaign data and kept no hashes of its events:
    // it is read, and replays as far as today's rules take its commands
    // (here all of them, the dice's battles being today's), to the game it
    // was (docs/RULES.md, "Campaign records and the data version").
    let tally_ho::record::AnyRecord::Campaign(old) =
        tally_ho::record::parse("old.ron", &old).expect("an old save reads")
    else {
        panic!("a campaign save");
    };
    let back = tally_ho::record::load::<tally_ho::campaign::game::Campaign>(
        &old,
        std::path::Path::new("."),
    )
    .unwrap();
    assert_eq!(back.replayed, tally_ho::record::Replayed::ToItsResult);
    assert!(back.data_unknown.is_some());
    assert_eq!(back.game.events(), c.events());
    // A record that does not say how its intercepts are fought is fought
    // with the dice.
    let record = tally_ho::record::of::<tally_ho::campaign::game::Campaign>(
        &c,
        vec![
            tally_ho::record::Player::new("Luftwaffe", true),
            tally_ho::record::Player::new("RAF", false),
        ],
        std::path::Path::new("."),
    )
    .unwrap();
    let text = tally_ho::record::AnyRecord::Campaign(record).to_text();
    let without: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("battles:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(without, text);
    let tally_ho::record::AnyRecord::Campaign(save) =
        tally_ho::record::parse("old.ron", &without).expect("a save without battles reads")
    else {
        panic!("a campaign save");
    };
    assert_eq!(save.setup.battles, Battles::Dice);
    let back = tally_ho::record::restore::<tally_ho::campaign::game::Campaign>(
        &save,
        std::path::Path::new("."),
    )
    .unwrap();
    assert_eq!(back.events(), c.events());
}

#[test]
fn a_squadron_goes_by_a_short_name_on_the_board() {
    assert_eq!(short_name("No. 601 Squadron"), "601 Sqn");
    assert_eq!(short_name("II./KG 54"), "II./KG 54");
}

#[test]
fn the_campaigns_own_aircraft_may_not_take_a_simple_hex_name() {
    use tally_ho::data::campaign_rules::{board_aircraft, board_aircraft_source};
    let good = board_aircraft_source();
    let all = board_aircraft(&good).unwrap();
    for name in ["Spitfire", "Blenheim", "Defiant", "Ju 87", "Do 17"] {
        assert!(all.aircraft.iter().any(|a| a.name == name), "{name}");
    }
    let text = good.text.replace("name: \"Do 17\"", "name: \"He 111\"");
    let bad = Source {
        file: good.file.clone(),
        text: text.clone(),
    };
    let e = board_aircraft(&bad).unwrap_err().to_string();
    assert!(e.contains("levels/campaign/board_aircraft.ron:"), "{e}");
    assert!(
        e.contains("Simple Hex already has an aircraft \"He 111\""),
        "{e}"
    );
    let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
    assert!(
        text.lines().nth(line - 1).unwrap().contains("He 111"),
        "{e}"
    );
}

/// An intercept off Dover about to be fought on the board by the whole
/// Biggin Hill Wing against a raid of fighter gruppen only (seed `seed`).
fn fighter_intercept(seed: u64) -> Campaign {
    biggin_hill_intercept(
        Battles::Board,
        seed,
        0,
        &["I./JG 26", "II./JG 26", "III./JG 26", "I./ZG 26"],
    )
}

/// Docs/RULES.md, "Fighter sweeps on the board": an intercept whose part of
/// the geschwader holds no bombers is a fighter battle. It is fought (it
/// does not end when the squadrons are placed), it ends when a side has no
/// plane left, when every plane still flying is damaged, or at the round
/// limit, and its losses flow back.
#[test]
fn a_fighter_only_intercept_on_the_board_is_a_real_battle_with_losses() {
    let (mut shot_down, mut rounds_over_one, mut battles) = (0u32, 0, 0);
    let mut ends = [0u32; 3];
    for seed in 1..=12 {
        let mut c = fighter_intercept(seed);
        assert!(at_battle(&c), "seed {seed}: the fight goes to the board");
        let t = c.battle().unwrap();
        let sc = t.game.scenario().clone();
        assert!(sc.is_fighter_battle());
        assert_eq!(
            sc.rules.max_rounds_per_attack,
            c.rules().tactical.sweep_rounds
        );
        finish_battle(&mut c);
        battles += 1;
        // The battle just fought, as it ended.
        let game = c.last_battle().expect("the last battle").game.clone();
        let out = last_outcome(&c);
        assert_eq!(out.points, 0, "no bombs in a sweep");
        assert!(out.squadrons.iter().all(|r| !r.bomber && r.through == 0));
        assert!(out.fighter_battle);
        shot_down += out
            .squadrons
            .iter()
            .map(|r| r.shot_down as u32)
            .sum::<u32>();
        if game.total_rounds() > 1 {
            rounds_over_one += 1;
        }
        // Why it ended: a side with nothing left, everyone damaged, or fuel.
        let broke_off: Vec<_> = game
            .events()
            .iter()
            .filter_map(|e| match e {
                tally_ho::simple_hex::Event::BrokeOff { plane } => Some(*plane),
                _ => None,
            })
            .collect();
        let whole_left = broke_off.iter().any(|&p| !game.plane(p).damaged);
        if game.total_rounds() >= sc.rules.max_rounds_per_attack as u32 {
            ends[2] += 1;
        } else if whole_left {
            // Only one side had planes left: the other was gone.
            let sides: std::collections::BTreeSet<_> =
                broke_off.iter().map(|&p| game.plane(p).side).collect();
            assert_eq!(sides.len(), 1, "seed {seed}: ended with both sides whole");
            ends[0] += 1;
        } else {
            ends[1] += 1;
        }
    }
    assert_eq!(battles, 12);
    assert!(
        rounds_over_one >= 10,
        "fought for rounds: {rounds_over_one}"
    );
    assert!(shot_down >= 6, "planes shot down in 12 sweeps: {shot_down}");
    eprintln!("ends (side gone, all damaged, fuel): {ends:?}, shot down {shot_down}");
}

/// A campaign written as a record and read back, as a save is.
#[test]
fn a_save_or_an_undo_in_the_middle_of_a_fighter_sweep_resumes_it() {
    // A whole campaign (a save is its seed and commands) to its first sweep.
    let mut c = campaign(Battles::Board, 5);
    loop {
        assert!(play_until(&mut c, at_battle), "a sweep before the end");
        if c.battle().unwrap().game.scenario().is_fighter_battle() {
            break;
        }
        finish_battle(&mut c);
    }
    // Six moves or more, the last one that threw no die (it can be taken back).
    let mut moves = 0;
    while moves < 6 || c.undo().is_none() {
        let side = c.to_act().unwrap();
        let cmd = ai::propose(&c, side).unwrap();
        assert!(matches!(cmd, Command::Hex(_)));
        c.play(cmd).unwrap();
        moves += 1;
        assert!(moves < 60, "a move that throws no die");
    }
    assert!(at_battle(&c) && c.battle().unwrap().game.scenario().is_fighter_battle());
    let back = saved_and_restored(&c, "sweep");
    assert!(at_battle(&back));
    assert_eq!(
        c.battle().unwrap().game.events(),
        back.battle().unwrap().game.events()
    );
    // A move taken back is taken back in the sweep, which goes on.
    let undone = c.undo().expect("a move of the sweep can be taken back");
    assert!(at_battle(&undone));
    assert!(
        undone.battle().unwrap().game.commands().len() < c.battle().unwrap().game.commands().len()
    );
    let (mut c, mut back) = (c, back);
    finish_battle(&mut c);
    finish_battle(&mut back);
    assert_eq!(last_outcome(&c), last_outcome(&back));
    assert!(last_outcome(&c).fighter_battle);
}

#[test]
fn a_save_at_the_stand_down_choice_after_a_board_battle_resumes_it() {
    for seed in 0..10 {
        let mut c = campaign(Battles::Board, seed);
        let mut seen_board = false;
        let at_choice =
            |c: &Campaign, seen: bool| seen && matches!(c.stage(), Stage::Allocate { .. });
        while !at_choice(&c, seen_board) {
            let Some(side) = c.to_act() else { break };
            seen_board |= at_battle(&c);
            if !at_battle(&c) && !matches!(c.stage(), Stage::Allocate { .. }) {
                seen_board = false;
            }
            c.play(ai::propose(&c, side).unwrap()).unwrap();
        }
        if !at_choice(&c, seen_board) {
            continue;
        }
        let back = saved_and_restored(&c, "stand-down");
        assert_eq!(back.stage(), c.stage());
        assert_eq!(back.legal_commands(), c.legal_commands());
        let pick = *c.legal_commands().last().unwrap();
        let (mut c, mut back) = (c, back);
        c.play(pick).unwrap();
        back.play(pick).unwrap();
        assert_eq!(c.events(), back.events());
        return;
    }
    panic!("no stand-down choice after a board battle in 10 campaigns");
}

// ----- dogfights against face-down gruppen on the board -----

/// Plays the opponents until a dogfight goes onto the board (true), or the
/// campaign ends; the intercepts met on the way are fought out.
fn until_dogfight_on_board(c: &mut Campaign) -> bool {
    loop {
        if at_battle(c) && c.battle().unwrap().is_dogfight() {
            return true;
        }
        let Some(side) = c.to_act() else {
            return false;
        };
        c.play(ai::propose(c, side).unwrap()).unwrap();
    }
}

/// Each Luftwaffe plane's gruppe in the dogfight on the board, by plane.
fn gruppe_of_plane(t: &tally_ho::campaign::tactical::Tactical) -> Vec<Option<u8>> {
    t.game
        .planes()
        .iter()
        .map(|p| t.gruppe_of[p.unit.0 as usize])
        .collect()
}

/// Whether an RAF plane on the board is within `reach` hexes of a plane of
/// gruppe `k` (worked out here from the planes' hexes, not by the battle).
fn raf_near(t: &tally_ho::campaign::tactical::Tactical, k: u8, reach: u32) -> bool {
    let of = gruppe_of_plane(t);
    let g = &t.game;
    g.planes().iter().enumerate().any(|(i, p)| {
        of[i] == Some(k)
            && p.on_board().is_some_and(|(h, _)| {
                g.planes().iter().any(|r| {
                    r.side == Side::British
                        && r.on_board()
                            .is_some_and(|(rh, _)| rh.unsigned_distance_to(h) <= reach)
                })
            })
    })
}

/// Docs/RULES.md, "Dogfights on the board": the gruppen enter face down and
/// each turns face up when an RAF plane first comes within `reveal_reach`
/// hexes of one of its planes; no face-down plane fires or is fired on.
/// Until then every face-down plane, bomber or fighter, flies at the
/// formation's pace (`formation_speed`) with no speed die, and the
/// face-down planes move together, after the bombers face up and before
/// the German fighters face up.
#[test]
fn a_gruppen_dogfight_on_the_board_keeps_the_gruppen_face_down_until_an_raf_plane_comes_near() {
    use tally_ho::simple_hex::{Event as HexEvent, Role};
    let (mut dogfights, mut revealed, mut shots, mut never) = (0, 0, 0, 0);
    let (mut face_down_moves, mut bombers_face_down) = (0, 0);
    for seed in 1..=4 {
        let mut c = campaign(Battles::Board, seed);
        while dogfights < 6 * seed as usize && until_dogfight_on_board(&mut c) {
            dogfights += 1;
            let reach = c.rules().tactical.reveal_reach as u32;
            let t = c.battle().unwrap().clone();
            let gruppen = t.gruppe_of.iter().flatten().max().map_or(0, |&k| k + 1);
            // Only the gruppen the RAF's squadrons chose are on the mat.
            let tg = t.gruppe_of.clone();
            let on_mat = move |k: u8| tg.contains(&Some(k));
            assert!(
                (0..gruppen).any(&on_mat)
                    && (0..gruppen).filter(|&k| on_mat(k)).all(|k| !t.revealed(k)),
                "all face down at first"
            );
            let pace = c.rules().tactical.formation_speed;
            // The geschwader's squadrons, in gruppen order, then the RAF's.
            let d = c.dogfight().expect("the dogfight is on");
            for (u, &q) in t.units.iter().enumerate() {
                let placed = d.squadrons.iter().position(|&s| s == q);
                let want = placed.map(|i| d.gruppe_of[i]);
                assert_eq!(t.gruppe_of[u], want, "unit {u}'s gruppe");
            }
            let mut ever = vec![false; gruppen as usize];
            while at_battle(&c) && c.battle().unwrap().is_dogfight() {
                let before = c.battle().unwrap().clone();
                let fired = before.game.events().len();
                let side = c.to_act().unwrap();
                c.play(ai::propose(&c, side).unwrap()).unwrap();
                let Some(after) = c.battle().filter(|_| at_battle(&c)) else {
                    break;
                };
                let game = &after.game;
                // Face down at each event: as before the move, less the
                // gruppen spotted by an event before it in the same move.
                let mut spotted_now: Vec<u8> = Vec::new();
                for e in &game.events()[fired..] {
                    let face_down = |p: tally_ho::simple_hex::PlaneId| {
                        before.face_down(p).filter(|k| !spotted_now.contains(k))
                    };
                    match e {
                        HexEvent::Spotted { formation } => spotted_now.push(*formation),
                        HexEvent::Fired {
                            attacker, target, ..
                        } => {
                            shots += 1;
                            for p in [*attacker, *target] {
                                assert_eq!(face_down(p), None, "a face-down plane in a shot");
                            }
                        }
                        // A face-down plane throws no speed die...
                        HexEvent::SpeedRolled { plane, .. } => {
                            assert_eq!(face_down(*plane), None, "a die for a face-down plane");
                        }
                        // ...and flies the formation's pace, bomber or fighter.
                        HexEvent::MoveBegan {
                            plane,
                            speed_roll,
                            allowance,
                        } if face_down(*plane).is_some() => {
                            face_down_moves += 1;
                            bombers_face_down +=
                                usize::from(game.plane(*plane).role == Role::Bomber);
                            assert_eq!((*speed_roll, *allowance), (None, pace));
                        }
                        _ => {}
                    }
                }
                // The move order: bombers face up, the face-down planes,
                // the German fighters face up, the RAF.
                let group = |id: &tally_ho::simple_hex::PlaneId| {
                    let p = game.plane(*id);
                    match (after.face_down(*id), p.role, p.side) {
                        (Some(_), ..) => 1,
                        (None, Role::Bomber, _) => 0,
                        (None, _, Side::German) => 2,
                        (None, _, Side::British) => 3,
                    }
                };
                let order: Vec<u8> = game.move_order().iter().map(group).collect();
                assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
                for k in (0..gruppen).filter(|&k| on_mat(k)) {
                    let near = raf_near(after, k, reach);
                    ever[k as usize] |= near;
                    assert_eq!(
                        after.revealed(k),
                        ever[k as usize],
                        "seed {seed}: gruppe {k} is face up exactly once an RAF plane came near"
                    );
                    for p in 0..after.game.planes().len() {
                        let id = tally_ho::simple_hex::PlaneId(p as u8);
                        let face_down = after.face_down(id).is_some();
                        let of_k = gruppe_of_plane(after)[p] == Some(k);
                        if of_k {
                            assert_eq!(face_down, !ever[k as usize]);
                        }
                    }
                }
            }
            revealed += ever.iter().filter(|&&e| e).count();
            never += (0..gruppen)
                .filter(|&k| on_mat(k) && !ever[k as usize])
                .count();
            // The campaign goes on after it.
            let out = last_outcome(&c);
            assert!(out.dogfight);
            for r in out.squadrons.iter().filter(|r| r.side == Side::German) {
                let k = t.gruppe_of[t.unit_of(r.squadron).unwrap().0 as usize].unwrap();
                assert_eq!(r.seen, ever[k as usize], "seen is face up at the end");
            }
        }
    }
    assert!(dogfights >= 8, "dogfights on the board: {dogfights}");
    assert!(
        revealed >= 8 && shots >= 20,
        "revealed {revealed}, shots {shots}"
    );
    // Both kinds flew face down, so the pace was checked on each.
    assert!(
        bombers_face_down > 0 && face_down_moves > bombers_face_down,
        "{face_down_moves} face-down moves, {bombers_face_down} of bombers"
    );
    eprintln!(
        "{dogfights} dogfights: {revealed} gruppen revealed, {never} never seen, {shots} shots"
    );
}

/// Docs/RULES.md, "Dogfights on the board": the result flows back as the
/// dice's would. Squadrons are lost (never stood down: a dogfight has no
/// partial losses), the survivors fly on with the geschwader, a wing none
/// of whose squadrons fought stays in the air, and no bombs fall.
#[test]
fn a_dogfight_on_the_board_maps_back_like_the_dice_losses_only_no_stand_downs() {
    use tally_ho::campaign::game::WingState;
    let (mut dogfights, mut lost, mut idle) = (0, 0, 0);
    for seed in 10..=13 {
        let mut c = campaign(Battles::Board, seed);
        while dogfights < 5 * (seed as usize - 9) && until_dogfight_on_board(&mut c) {
            dogfights += 1;
            let t = c.battle().unwrap().clone();
            let d = c.dogfight().unwrap().clone();
            let members: Vec<Vec<usize>> = d
                .wings
                .iter()
                .map(|&w| c.wings()[w].squadrons.clone())
                .collect();
            let from = c.events().len();
            let over = |c: &Campaign| {
                c.events()[from..]
                    .iter()
                    .any(|e| matches!(e, Event::DogfightOver))
            };
            while !over(&c) {
                let side = c.to_act().unwrap();
                c.play(ai::propose(&c, side).unwrap()).unwrap();
            }
            let all = &c.events()[from..];
            let end = all
                .iter()
                .position(|e| matches!(e, Event::DogfightOver))
                .unwrap();
            // The dogfight's events (a bomb run may follow in the same move).
            let events = &all[..=end];
            let out = only(events, |e| match e {
                Event::BattleResult(o) => Some(o.clone()),
                _ => None,
            });
            assert_eq!(out.len(), 1, "one result");
            let out = &out[0];
            assert!(out.dogfight);
            assert!(
                !events.iter().any(|e| matches!(e, Event::StoodDown { .. })),
                "no stand-downs in a dogfight"
            );
            assert!(
                !events.iter().any(|e| matches!(e, Event::Bombed { .. })),
                "no bombs in a dogfight"
            );
            let lost_events = only(events, |e| match e {
                Event::Lost { squadron, .. } => Some(*squadron),
                _ => None,
            });
            for r in &out.squadrons {
                // The planes on the board say the same.
                let u = t.unit_of(r.squadron).unwrap();
                let g = &c.last_battle().unwrap().game;
                let down = g
                    .planes_of_unit(u)
                    .filter(|&p| g.plane(p).loc == tally_ho::simple_hex::Loc::Destroyed)
                    .count() as u8;
                assert_eq!(down, r.shot_down);
                // On the mat are only the gruppen chosen and the squadrons
                // that chose them: each has fought, as in the dice's gruppe
                // fights.
                assert!(r.fought, "{r:?}");
                if r.side == Side::British {
                    let i = d.raf.iter().position(|&q| q == r.squadron).unwrap();
                    assert!(d.attacks[i].is_some(), "it chose a gruppe");
                } else {
                    let i = d.squadrons.iter().position(|&q| q == r.squadron).unwrap();
                    assert!(
                        d.attacks.contains(&Some(d.gruppe_of[i])),
                        "its gruppe was chosen"
                    );
                }
                let gone = lost_events.contains(&r.squadron);
                if gone {
                    lost += 1;
                }
                if r.side == Side::German {
                    assert_eq!(
                        c.geschwader()[d.geschwader].squadrons.contains(&r.squadron),
                        !gone,
                        "the survivors fly on with the geschwader"
                    );
                }
            }
            // The wings as the dogfight left them (a later dogfight of the
            // same command may take an idle wing up again).
            let later: Vec<usize> = all[end..]
                .iter()
                .filter_map(|e| match e {
                    Event::DogfightBegins { wings, .. } => Some(wings.clone()),
                    _ => None,
                })
                .flatten()
                .collect();
            for (i, &w) in d.wings.iter().enumerate() {
                let fought = out
                    .squadrons
                    .iter()
                    .any(|r| r.fought && members[i].contains(&r.squadron));
                if later.contains(&w) {
                    continue;
                }
                if !fought {
                    idle += 1;
                    assert_eq!(
                        c.wings()[w].state,
                        WingState::Aloft,
                        "an idle wing stays up"
                    );
                } else {
                    assert_ne!(c.wings()[w].state, WingState::Aloft, "a wing that fought");
                }
            }
        }
    }
    assert!(dogfights >= 8, "dogfights: {dogfights}");
    assert!(lost >= 3, "squadrons lost in {dogfights} dogfights: {lost}");
    eprintln!("{dogfights} dogfights: {lost} squadrons lost, {idle} wings idle");
}

/// Docs/RULES.md, "Dice or board" and "The same war on every board": asked,
/// the RAF takes a dogfight to the board or throws the dice for it once its
/// squadrons have chosen their gruppen, as with the dice; on the board only
/// the gruppen chosen and the squadrons that chose them fight.
#[test]
fn asked_the_raf_chooses_the_board_or_the_dice_for_a_dogfight() {
    let mut c = campaign(Battles::Ask, 2);
    let asked = |c: &Campaign| matches!(c.stage(), Stage::HowToFight { dogfight: true, .. });
    let mut chose_first = false;
    while !asked(&c) {
        let side = c.to_act().expect("a dogfight before the end");
        let cmd = match c.stage() {
            Stage::HowToFight { .. } => Command::WithDice,
            Stage::Attacks => {
                chose_first = true;
                ai::propose(&c, side).unwrap()
            }
            _ => ai::propose(&c, side).unwrap(),
        };
        c.play(cmd).unwrap();
    }
    assert!(
        chose_first,
        "the squadrons chose their gruppen before the question"
    );
    assert_eq!(c.to_act(), Some(Side::British));
    let d = c.dogfight().expect("its gruppen are formed").clone();
    assert_eq!(d.gruppe_of.len(), d.squadrons.len());
    assert_eq!(d.attacks.len(), d.raf.len(), "every squadron has chosen");
    // The family board has no German fighters: a dogfight is not for it.
    assert_eq!(
        c.legal_commands(),
        vec![Command::OnTheBoard, Command::WithDice]
    );
    // The computer's RAF, asked, throws the dice.
    assert_eq!(ai::propose(&c, Side::British), Some(Command::WithDice));
    let mut dice = c.clone();
    let from = dice.events().len();
    dice.play(Command::WithDice).unwrap();
    assert!(
        dice.events()[from..]
            .iter()
            .any(|e| matches!(e, Event::GruppeFight { .. }) || matches!(e, Event::DogfightOver)),
        "with the dice, the gruppe fights are thrown"
    );
    c.play(Command::OnTheBoard).unwrap();
    if d.attacks.iter().all(Option::is_none) {
        assert!(
            !at_battle(&c),
            "no gruppe chosen: nothing to fight on the board"
        );
        return;
    }
    assert!(at_battle(&c));
    let t = c.battle().unwrap();
    assert!(t.is_dogfight());
    let chosen = d.attacks.iter().filter(|a| a.is_some()).count();
    let in_chosen = d
        .gruppe_of
        .iter()
        .filter(|&&k| d.attacks.contains(&Some(k)))
        .count();
    assert_eq!(t.units.len(), chosen + in_chosen);
}

/// Saves, undo and replays in the middle of a dogfight on the board: a
/// saved campaign resumes it move for move; a move that turned a gruppe
/// face up cannot be taken back (the RAF has seen it); others can.
#[test]
fn a_save_or_an_undo_in_the_middle_of_a_dogfight_on_the_board_resumes_it() {
    let mut c = campaign(Battles::Board, 4);
    assert!(until_dogfight_on_board(&mut c), "a dogfight before the end");
    let (mut revealing, mut plain) = (0, 0);
    for _ in 0..400 {
        if !at_battle(&c) {
            break;
        }
        let before = c.battle().unwrap().gruppen_face_up();
        let side = c.to_act().unwrap();
        let cmd = ai::propose(&c, side).unwrap();
        assert!(matches!(cmd, Command::Hex(_)));
        let Command::Hex(h) = cmd else { unreachable!() };
        // A die thrown or a gruppe shown: the move is fixed.
        let rolled = c.battle().unwrap().clone().play(h).unwrap();
        c.play(cmd).unwrap();
        if !at_battle(&c) {
            break;
        }
        let now = c.battle().unwrap().gruppen_face_up();
        if now != before {
            revealing += 1;
            assert!(rolled);
            assert!(c.undo().is_none(), "a move that showed a gruppe stays");
        } else if !rolled && c.to_act() == Some(side) {
            plain += 1;
            let undone = c.undo().expect("a plain move can be taken back");
            assert!(at_battle(&undone));
            assert_eq!(undone.battle().unwrap().gruppen_face_up(), before);
        }
        if revealing >= 1 && plain >= 3 {
            break;
        }
    }
    assert!(
        revealing >= 1 && plain >= 3,
        "revealing {revealing}, plain {plain}"
    );
    assert!(at_battle(&c) && c.battle().unwrap().is_dogfight());
    let back = saved_and_restored(&c, "dogfight");
    assert!(at_battle(&back));
    let (a, b) = (c.battle().unwrap(), back.battle().unwrap());
    assert_eq!(a.game.events(), b.game.events());
    assert_eq!(a.gruppen_face_up(), b.gruppen_face_up());
    assert_eq!(a.fought, b.fought);
    let (mut c, mut back) = (c, back);
    finish_battle(&mut c);
    finish_battle(&mut back);
    assert_eq!(last_outcome(&c), last_outcome(&back));
    assert!(last_outcome(&c).dogfight);
    assert_eq!(c.events(), back.events());
}

/// Docs/RULES.md, "The campaign's intercepts on the hex board": a bad hit
/// rate is reported at its line.
#[test]
fn a_bad_hit_rate_is_reported_at_its_line() {
    let good = campaign_rules_source();
    for (from, to, want) in [
        (
            "raf_hits: (hits: 2, planes: 3)",
            "raf_hits: (hits: 2, planes: 0)",
            "0 is not in 1 to 16",
        ),
        (
            "luftwaffe_hits: (hits: 4, planes: 9)",
            "luftwaffe_hits: (hits: 9, planes: 9)",
            "9 is not in 0 to 8",
        ),
    ] {
        let text = good.text.replace(from, to);
        assert_ne!(text, good.text, "{from}");
        let src = Source {
            file: good.file.clone(),
            text: text.clone(),
        };
        let e = load_campaign_rules(&src).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
        let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
        assert!(
            text.lines().nth(line - 1).unwrap().contains("_hits: ("),
            "{e}"
        );
    }
}

/// A battle's outcome as the board left it, built by hand.
fn outcome(lost: [u8; 2], points: u32) -> Outcome {
    use tally_ho::campaign::tactical::SquadronResult;
    let squadron = |squadron, side, shot_down| SquadronResult {
        squadron,
        side,
        shot_down,
        damaged: 0,
        fought: true,
        seen: true,
        bomber: side == Side::German,
        through: 0,
    };
    Outcome {
        squadrons: vec![
            squadron(0, Side::British, lost[0]),
            squadron(40, Side::German, lost[1]),
        ],
        points,
        fighter_battle: false,
        dogfight: false,
        family: false,
        raf_hits: 0,
        luftwaffe_hits: 0,
        ace: None,
        ranked: None,
    }
}

#[test]
fn a_board_battles_result_says_first_what_decided_it() {
    // A raid: how many of its bombers reached the target on the board
    // (its bombs fall later, with the dice), then the losses.
    let mut through = outcome([1, 3], 9);
    through.squadrons[1].through = 2;
    assert_eq!(
        through.decided(),
        "2 of 4 bombers reached the target on the board; the RAF lost 1 plane, the Luftwaffe 3 planes"
    );
    assert_eq!(
        outcome([2, 0], 0).decided(),
        "0 of 4 bombers reached the target on the board; the RAF lost 2 planes, the Luftwaffe 0 planes"
    );
    // Fighters against fighters: plane for plane.
    let mut fight = outcome([1, 2], 0);
    fight.fighter_battle = true;
    assert_eq!(
        fight.decided(),
        "The RAF had the better of it: the RAF lost 1 plane, the Luftwaffe 2 planes"
    );
    let mut dogfight = outcome([3, 2], 0);
    dogfight.dogfight = true;
    assert!(dogfight
        .decided()
        .starts_with("The Luftwaffe had the better of it"));
    dogfight.squadrons[0].shot_down = 2;
    assert!(dogfight
        .decided()
        .starts_with("Neither side had the better of it"));
    // On the family board a bomber squadron is one plane, and the board's
    // losses are said as what it shot down.
    let mut family = outcome([1, 2], 2);
    family.family = true;
    family.squadrons[1].through = tally_ho::campaign::tactical::PLANES;
    assert_eq!(
        family.decided(),
        "1 of 1 bomber squadron reached the target on the board; shot down on the board: RAF 1, Luftwaffe 2"
    );
}

/// Board battles in a campaign are flown at the levels the campaign was set
/// to: on the hex board the opponents at Recruit fly some move differently
/// from the opponents at Veteran, and at every move they decide as Simple
/// Hex's opponent at the campaign's levels (fresh, and kept from move to
/// move where its moves are the ones played).
#[test]
fn board_battles_are_flown_at_the_campaigns_levels() {
    use tally_ho::campaign::ai::Opponents;
    use tally_ho::common::game::Opponent;
    use tally_ho::common::Level;
    use tally_ho::simple_hex::ai::Ai as HexAi;
    let levels = [Level::Recruit, Level::Veteran];
    let mut kept: Vec<Opponents> = levels.iter().map(|&l| Opponents::at(l, l)).collect();
    let mut c = campaign(Battles::Board, 5);
    let (mut moves, mut differ) = (0, 0);
    while moves < 300 && play_until(&mut c, at_battle) {
        let side = c.to_act().expect("a side to move");
        let game = &c.battle().expect("a battle on the board").game;
        let mut decided = Vec::new();
        for (i, &level) in levels.iter().enumerate() {
            let board = HexAi::at(level, level).decide(game, side).map(Command::Hex);
            // The opponent kept from move to move is checked where its own
            // moves are played (the Veteran): the kept Recruit's plan is
            // for moves the battle did not make.
            let kept_says = kept[i].decide(&c, side);
            if i == 1 {
                assert_eq!(kept_says, board, "{level:?}, move {moves}");
            }
            assert_eq!(ai::propose_at(&c, side, level), board, "{level:?} fresh");
            decided.push(board);
        }
        differ += usize::from(decided[0] != decided[1]);
        moves += 1;
        // The battle goes on as the Veteran flies it.
        c.play(decided[1].expect("a move")).unwrap();
    }
    assert!(moves >= 50, "only {moves} board moves");
    assert!(
        differ > 0,
        "the Recruit flew all {moves} moves as the Veteran"
    );
}

/// Docs/RULES.md, "Dice or board": in a solo game the player chooses how
/// each fight is fought, whichever side they command (`CampaignSetup::asks`);
/// with two players it is the RAF's decision.
#[test]
fn the_solo_player_is_asked_how_each_fight_is_fought_whichever_side_they_command() {
    for (asks, want) in [
        (Some(Side::German), Side::German),
        (Some(Side::British), Side::British),
        (None, Side::British),
    ] {
        let (data, rules) = tally_ho::record::campaign::shipped().unwrap();
        let mut c = Campaign::new(
            data,
            rules,
            CampaignSetup {
                battles: Battles::Ask,
                asks,
                ..CampaignSetup::new(WeatherRule::Historical, 3)
            },
        );
        assert!(play_until(&mut c, |c| matches!(
            c.stage(),
            Stage::HowToFight { .. }
        )));
        assert_eq!(c.to_act(), Some(want), "{asks:?}");
        // The side asked takes the fight to the board.
        let from = c.events().len();
        c.play(Command::OnTheBoard).unwrap();
        assert!(
            c.events()[from..].iter().any(|e| matches!(
                e,
                Event::BattleOnBoard { .. } | Event::DogfightOnBoard { .. }
            )),
            "{asks:?}"
        );
        // A save keeps who is asked.
        let back = saved_and_restored(&c, &format!("asks-{asks:?}"));
        assert_eq!(back.setup().asks, asks);
    }
}

/// Docs/RULES.md, "Which fights": the how-to-fight screen says why a fight
/// cannot go to the family board: a dogfight has no German fighters to
/// fight there; an intercept of a raid with bombers by a small wing can go.
#[test]
fn the_family_board_refusal_says_why_the_fight_cannot_go_there() {
    let (mut dogfight, mut fits) = (0, 0);
    for seed in 0..6 {
        let mut c = campaign(Battles::Ask, seed);
        while play_until(&mut c, |c| matches!(c.stage(), Stage::HowToFight { .. })) {
            let Stage::HowToFight { dogfight: d, .. } = c.stage().clone() else {
                unreachable!()
            };
            match c.check(&Command::OnTheFamilyBoard) {
                Err(e) if d => {
                    dogfight += 1;
                    assert_eq!(
                        e.to_string(),
                        "A dogfight is not flown on the family board: it has no German fighters to fight."
                    );
                }
                Err(e) => {
                    let s = e.to_string();
                    assert!(s.contains("fighter sweep") || s.contains("need a"), "{s}");
                }
                Ok(()) => {
                    assert!(!d);
                    fits += 1;
                }
            }
            c.play(Command::WithDice).unwrap();
            if dogfight >= 3 && fits >= 3 {
                return;
            }
        }
    }
    panic!("dogfights {dogfight}, intercepts that fit {fits}");
}

/// Docs/RULES.md, "Bombers through": a battle on either board drops no
/// bombs and does not send the raid home. The raid flies on, and its bomb
/// run is the dice's: every bomber squadron still with it throws its
/// type's bomb dice, less those the target's guns cancel, as if its
/// intercept had been thrown with the dice.
#[test]
fn a_raid_fought_on_a_board_flies_on_and_bombs_with_the_dice_at_its_target() {
    use campaign_common::{biggin_hill_meets, raid};
    let mut runs = 0;
    for battles in [Battles::Board, Battles::Family] {
        for seed in 0..4 {
            let mut over_london = raid(
                "KG 2",
                &["I./KG 2", "II./KG 2", "III./KG 2", "I./JG 26"],
                (12, 14),
                "London",
            );
            over_london.bomb_run = true;
            let mut c = biggin_hill_meets(battles, seed, 0, over_london);
            assert!(at_battle(&c), "{battles:?}: the intercept is on the board");
            let from = c.events().len();
            // Play the battle and the choices after it, one command at a
            // time, keeping the raid's squadrons as they were before each.
            let mut bombed = None;
            while bombed.is_none() {
                let Some(side) = c.to_act() else { break };
                let squadrons = c.geschwader()[0].squadrons.clone();
                let n = c.events().len();
                c.play(ai::propose(&c, side).unwrap()).unwrap();
                let new = &c.events()[n..];
                bombed = new
                    .iter()
                    .position(|e| matches!(e, Event::Bombed { .. }))
                    .map(|i| {
                        // The squadrons with the raid at its bomb run: as before
                        // the command, less those lost or stood down in it.
                        let gone: Vec<usize> = new[..i]
                            .iter()
                            .filter_map(|e| match e {
                                Event::Lost { squadron, .. }
                                | Event::StoodDown { squadron, .. } => Some(*squadron),
                                _ => None,
                            })
                            .collect();
                        let left: Vec<usize> = squadrons
                            .into_iter()
                            .filter(|q| !gone.contains(q))
                            .collect();
                        (new[i].clone(), left)
                    });
            }
            let events = &c.events()[from..];
            assert!(events.iter().any(|e| matches!(e, Event::BattleResult(_))));
            let Some((
                Event::Bombed {
                    geschwader,
                    card,
                    hits,
                    run,
                },
                left,
            )) = bombed
            else {
                // Every bomber lost or stood down: no bomb run at all.
                assert!(!c.has_bombers(&c.geschwader()[0].squadrons), "{events:?}");
                continue;
            };
            runs += 1;
            assert_eq!((geschwader, card), (0, 0), "KG 2 bombs London's card");
            let BombRun::Dice { aa, bombs } = run;
            let bombs = bombs.expect("London stands");
            assert_eq!(aa.dice, c.rules().raid.aa(c.cards()[0].kind));
            // Two bomb dice for each Do 17 squadron still with the raid.
            let dice: u8 = left.iter().map(|&q| c.aircraft(q).bombs).sum();
            assert_eq!(bombs.dice, dice.saturating_sub(aa.hits), "{left:?}");
            assert_eq!(hits, bombs.hits);
            // Nothing fell from the board itself, before the fight was over.
            let over = events.iter().position(|e| *e == Event::FightOver).unwrap();
            assert!(!events[..over]
                .iter()
                .any(|e| matches!(e, Event::Bombed { .. })));
        }
    }
    assert!(runs >= 6, "only {runs} bomb runs after a board battle");
}

/// Docs/RULES.md, "Dogfights on the board": the computer flying the RAF on
/// the board decides from what the RAF sees. Two dogfights whose face-down
/// gruppen hold the same number of squadrons of other types (a Do 17
/// gruppe and a Bf 109 gruppe, then the other way round), the German
/// counters flown the same way in both: until a gruppe turns face up, the
/// RAF's every decision is the same in both, at every level.
#[test]
fn the_computer_raf_on_the_board_flies_the_same_whatever_the_face_down_gruppen_hold() {
    use tally_ho::campaign::tactical::{start, Flyer, Meeting};
    use tally_ho::common::Level;
    use tally_ho::simple_hex::ai::Ai as HexAi;
    let (_, rules) = tally_ho::record::campaign::shipped().unwrap();
    let flyer = |squadron, aircraft, name| Flyer {
        squadron,
        aircraft,
        name,
    };
    let raf = [
        flyer(0, "Hurricane", "No. 32 Squadron"),
        flyer(1, "Spitfire", "No. 610 Squadron"),
        flyer(2, "Hurricane", "No. 151 Squadron"),
    ];
    let bombers_first = [
        flyer(10, "Do 17", "I./KG 2"),
        flyer(11, "Bf 109", "I./JG 26"),
    ];
    let fighters_first = [
        flyer(11, "Bf 109", "I./JG 26"),
        flyer(10, "Do 17", "I./KG 2"),
    ];
    let mut compared = 0;
    for level in [Level::Recruit, Level::Veteran, Level::Ace] {
        for seed in 0..3 {
            let battle = |luftwaffe: &[Flyer]| {
                let meeting = Meeting {
                    wing: 0,
                    geschwader: 0,
                    target: None,
                    need: 0,
                    gruppen: Some(vec![0, 1]),
                };
                start(
                    &rules,
                    &raf,
                    luftwaffe,
                    meeting,
                    seed,
                    Default::default(),
                    false,
                )
                .unwrap()
            };
            let (mut a, mut b) = (battle(&bombers_first), battle(&fighters_first));
            let face_down =
                |t: &tally_ho::campaign::tactical::Tactical| !t.revealed(0) && !t.revealed(1);
            while face_down(&a) && face_down(&b) && !a.game.is_over() {
                let side = a.game.to_act().unwrap();
                assert_eq!(b.game.to_act(), Some(side));
                let cmd = if side == Side::British {
                    let mine = HexAi::at(level, level).decide(&a.game, side);
                    let theirs = HexAi::at(level, level).decide(&b.game, side);
                    assert_eq!(
                        mine,
                        theirs,
                        "{level:?}, seed {seed}, command {}",
                        a.game.commands().len()
                    );
                    compared += 1;
                    mine.unwrap()
                } else {
                    // The German flies his counters the same way in both.
                    let legal = a.game.legal_commands();
                    assert_eq!(legal, b.game.legal_commands());
                    legal[0]
                };
                a.play(cmd).unwrap();
                b.play(cmd).unwrap();
            }
        }
    }
    assert!(
        compared >= 30,
        "only {compared} RAF decisions before a gruppe was seen"
    );
}
