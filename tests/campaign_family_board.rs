//! The campaign's intercepts fought on the family board: the wing's
//! squadrons as Spitfires, the raid's as the spinner's planes, and how
//! kills, collisions and bombs map back (docs/RULES.md, "Intercepts on the
//! family board").

#[path = "common/campaign.rs"]
mod campaign_common;
use campaign_common::{biggin_hill_intercept, campaign_fought, drive, only, step};
use tally_ho::campaign::ai;
use tally_ho::campaign::data::Role;
use tally_ho::campaign::game::{Battles, Campaign, Command, Event, Stage};
use tally_ho::campaign::rules::WeatherRule;
use tally_ho::campaign::tactical::{Outcome, PLANES};
use tally_ho::common::Side;
use tally_ho::data::campaign_rules::{campaign_rules_source, load_campaign_rules};
use tally_ho::data::Source;
use tally_ho::family::{Command as FamilyCommand, Ending, Event as FamilyEvent, Return};

fn at_family_battle(c: &Campaign) -> bool {
    matches!(c.stage(), Stage::Battle) && c.family_battle().is_some()
}

/// The battle on the family board played by the opponents to its end,
/// and its hits taken.
fn finish(c: &mut Campaign) -> Outcome {
    finish_with_game(c).0
}

/// `finish`, with the battle's game as it ended.
fn finish_with_game(c: &mut Campaign) -> (Outcome, tally_ho::family::Game) {
    assert!(at_family_battle(c));
    let n = c.intercept_tally().on_family_board;
    let mut game = c.family_battle().unwrap().game.clone();
    let from = c.events().len();
    while (at_family_battle(c) || matches!(c.stage(), Stage::Allocate { .. }))
        && c.intercept_tally().on_family_board == n
    {
        // The battle's own game follows every move, the last one too.
        let side = c.to_act().expect("not over");
        let cmd = ai::propose(c, side).expect("a proposal");
        if let (Command::Family(m), true) = (cmd, at_family_battle(c)) {
            game.play(m).expect("the move the campaign takes");
        }
        c.play(cmd).expect("the opponents play legal commands");
    }
    let out = c.events()[from..]
        .iter()
        .find_map(|e| match e {
            Event::BattleResult(o) => Some(o.clone()),
            _ => None,
        })
        .expect("a battle result");
    (out, game)
}

#[test]
fn a_family_board_intercept_flies_the_wing_as_spitfires_and_the_raid_by_the_spinner() {
    let mut c = campaign_fought(WeatherRule::Historical, Battles::Family, 3);
    let mut seen = 0;
    while seen < 12 && drive(&mut c, at_family_battle) {
        let t = c.family_battle().unwrap();
        let f = c.fight().unwrap();
        let fb = c.rules().family_board;
        assert_eq!(t.raf, f.raf);
        assert_eq!(t.luftwaffe, f.luftwaffe);
        let g = &t.game;
        assert!(g.is_raid());
        assert_eq!(g.spitfires().len(), f.raf.len());
        assert_eq!(g.bombers().len(), f.luftwaffe.len());
        if g.commands().is_empty() {
            // Scrambled: each Spitfire up over its own sector's airfield.
            for (seat, s) in g.spitfires().iter().enumerate() {
                assert_eq!(s.sector as usize, seat);
                assert_eq!(s.altitude, fb.altitude);
                assert_eq!(s.fuel, fb.fuel);
                let af = g.scenario().airfields_of(s.sector)[0];
                assert_eq!(s.hex, g.scenario().features[af].hex);
            }
        }
        // A fighter of the raid is an escort: it drops no bombs.
        for (b, &q) in t.luftwaffe.iter().enumerate() {
            let escort = c.aircraft(q).role == Role::Fighter;
            assert_eq!(g.scenario().is_escort(b as u8), escort);
        }
        assert!(t
            .luftwaffe
            .iter()
            .any(|&q| c.aircraft(q).role == Role::Bomber));
        finish(&mut c);
        seen += 1;
    }
    assert_eq!(seen, 12, "twelve intercepts on the family board");
}

#[test]
fn a_raids_plane_flies_once_and_leaves_the_board_for_good() {
    let mut c = campaign_fought(WeatherRule::Historical, Battles::Family, 11);
    let (mut left, mut over, mut ended) = (0, 0, 0);
    for _ in 0..15 {
        if !drive(&mut c, at_family_battle) {
            break;
        }
        // Play the battle, keeping its game as it ends.
        let mut last = c.family_battle().unwrap().game.clone();
        while at_family_battle(&c) {
            last = c.family_battle().unwrap().game.clone();
            step(&mut c);
        }
        let last = c.last_family_battle().map_or(last, |t| t.game.clone());
        let events = last.events();
        let mut gone = vec![false; last.bombers().len()];
        for e in events {
            match *e {
                FamilyEvent::BomberLeft { bomber, .. } => {
                    assert!(!gone[bomber as usize], "a plane leaves once");
                    gone[bomber as usize] = true;
                    left += 1;
                }
                FamilyEvent::BomberFlew { bomber, .. }
                | FamilyEvent::Spun { bomber, .. }
                | FamilyEvent::Bombed { bomber, .. } => {
                    assert!(!gone[bomber as usize], "a plane that left flies no more");
                }
                FamilyEvent::OverTarget { bomber } => {
                    assert!(
                        !last.scenario().is_escort(bomber),
                        "an escort drops no bombs"
                    );
                    over += 1;
                }
                FamilyEvent::BomberReturned { .. } => panic!("a raid's plane never comes back"),
                _ => {}
            }
            if let FamilyEvent::Bombed { bomber, .. } = *e {
                assert!(
                    !last.scenario().is_escort(bomber),
                    "an escort drops no bombs"
                );
            }
        }
        match last.ending() {
            Some(Ending::RaidOver) => {
                assert!(last.bombers().iter().all(|b| b.gone.is_some()));
                ended += 1;
            }
            Some(Ending::Dusk) => assert_eq!(last.round(), c.rules().family_board.rounds),
            other => panic!("a raid ends when it has left, or at its last round: {other:?}"),
        }
        assert!(last.winner().is_none(), "no commander wins a raid");
    }
    assert!(
        left >= 20 && over >= 1 && ended >= 5,
        "{left} {over} {ended}"
    );
}

#[test]
fn a_family_board_intercept_maps_kills_collisions_and_bombs_back() {
    let (mut kills, mut bombed, mut battles) = (0, 0, 0);
    for seed in [1, 2] {
        let mut c = campaign_fought(WeatherRule::Historical, Battles::Family, seed);
        while battles < 30 && drive(&mut c, at_family_battle) {
            let from = c.events().len();
            let (out, g) = finish_with_game(&mut c);
            battles += 1;
            let g = &g;
            assert!(out.family && !out.dogfight);
            // What the board did: to the Luftwaffe its planes shot down or in
            // a collision, to the RAF its Spitfires lost; the hits are the
            // dice's throw at each at its rank (docs/RULES.md, "The same war
            // on every board").
            let killed: Vec<Return> = g.bombers().iter().filter_map(|b| b.gone).collect();
            let k = killed
                .iter()
                .filter(|r| matches!(r, Return::ShotDown | Return::Collision))
                .count() as u32;
            let spits = g.spitfires().iter().filter(|s| s.lost.is_some()).count() as u32;
            let events = c.events();
            let at = from
                + events[from..]
                    .iter()
                    .position(|e| matches!(e, Event::BattleResult(_)))
                    .unwrap();
            let hits = campaign_common::ranked_intercept_hits(
                &out,
                campaign_common::battle_seed(events, at),
                |side| match side {
                    Side::German => k,
                    Side::British => spits,
                },
            );
            // The No. 303 ace's die, thrown by the campaign when the battle is
            // over if his squadron flew in it (docs/RULES.md, "The guns and
            // the ace on the boards"), adds its hits to the board's.
            let ace = out.ace.map_or(0, |t| t.hits) as u32;
            assert_eq!(out.luftwaffe_hits as u32, hits[1] + ace);
            assert_eq!(out.raf_hits as u32, hits[0]);
            kills += k;
            // Bombers over the target, or still flying on at the end, got
            // through: a squadron flies as one plane, so all of it. No bomb
            // falls from the board: the raid bombs later, with the dice.
            let over = g.bombers().iter().filter(|b| b.over_target).count() as u32;
            assert_eq!(out.points, over);
            for (b, r) in out
                .squadrons
                .iter()
                .filter(|r| r.side == Side::German)
                .enumerate()
            {
                let plane = &g.bombers()[b];
                let escort = g.scenario().is_escort(b as u8);
                assert_eq!(r.bomber, !escort);
                let through = !escort && (plane.over_target || plane.gone.is_none());
                assert_eq!(r.through, if through { PLANES } else { 0 }, "{plane:?}");
                bombed += u32::from(through);
            }
            let after = &c.events()[from..];
            let over_at = after.iter().position(|e| *e == Event::FightOver).unwrap();
            assert!(!after[..over_at]
                .iter()
                .any(|e| matches!(e, Event::Bombed { .. })));
            // The hits are taken as the dice's are: the side hit chooses.
            let taken = only(after, |e| match e {
                Event::TakesHits { squadron, .. } => Some(*squadron),
                _ => None,
            });
            for q in &taken {
                let side = c.forces().squadrons[*q].side;
                assert!(out
                    .squadrons
                    .iter()
                    .any(|r| r.squadron == *q && r.side == side));
            }
            if out.luftwaffe_hits == 0 {
                assert!(taken
                    .iter()
                    .all(|&q| c.forces().squadrons[q].side == Side::British));
            }
            if out.luftwaffe_hits > 0 {
                assert!(taken
                    .iter()
                    .any(|&q| c.forces().squadrons[q].side == Side::German));
            }
        }
    }
    assert_eq!(battles, 30);
    assert!(
        kills >= 10 && bombed >= 1,
        "{kills} kills, {bombed} bomber squadrons through"
    );
}

#[test]
fn asked_the_raf_may_fight_an_intercept_on_the_family_board() {
    let mut c = biggin_hill_intercept(
        Battles::Ask,
        3,
        0,
        &["I./KG 2", "II./KG 2", "I./JG 26", "II./JG 26"],
    );
    assert!(matches!(
        c.stage(),
        Stage::HowToFight {
            dogfight: false,
            ..
        }
    ));
    assert!(c.legal_commands().contains(&Command::OnTheFamilyBoard));
    c.play(Command::OnTheFamilyBoard).unwrap();
    assert!(at_family_battle(&c));
    assert_eq!(c.intercept_tally().on_family_board, 1);
    // The raid spins first: the Luftwaffe's move; then a Spitfire's, the RAF's.
    assert_eq!(c.to_act(), Some(Side::German));
    let spin = ai::propose(&c, Side::German).unwrap();
    assert_eq!(spin, Command::Family(FamilyCommand::Spin));
    // A fighter sweep has no bomber to steer: the family board refuses it.
    let mut sweep = biggin_hill_intercept(Battles::Ask, 3, 0, &["I./JG 26", "II./JG 26"]);
    assert!(!sweep.legal_commands().contains(&Command::OnTheFamilyBoard));
    assert!(sweep.play(Command::OnTheFamilyBoard).is_err());
    // With the family board chosen for the campaign, a sweep goes to the hex board.
    let sweep = biggin_hill_intercept(Battles::Family, 3, 0, &["I./JG 26", "II./JG 26"]);
    assert!(matches!(sweep.stage(), Stage::Battle));
    assert!(sweep.battle().is_some() && sweep.family_battle().is_none());
}

#[test]
fn a_save_or_an_undo_in_the_middle_of_a_family_board_intercept_resumes_it() {
    let mut c = campaign_fought(WeatherRule::Historical, Battles::Family, 5);
    assert!(drive(&mut c, at_family_battle));
    // Into the battle, to a Spitfire's move that spins nothing.
    let mut moves = 0;
    while moves < 40 {
        step(&mut c);
        moves += 1;
        if at_family_battle(&c)
            && c.to_act() == Some(Side::British)
            && c.family_battle().unwrap().game.round() >= 2
        {
            break;
        }
    }
    assert!(at_family_battle(&c), "the battle is still on");
    let cmd = ai::propose(&c, Side::British).unwrap();
    assert!(matches!(cmd, Command::Family(_)));
    c.play(cmd).unwrap();
    let back = campaign_common::saved_and_restored(&c, "family");
    assert_eq!(
        c.family_battle().map(|t| t.game.events().to_vec()),
        back.family_battle().map(|t| t.game.events().to_vec())
    );
    // A Spitfire's move is taken back in the battle, which goes on.
    if at_family_battle(&c) && c.family_battle().unwrap().game.can_undo() {
        let undone = c.undo().expect("a Spitfire's move can be taken back");
        assert!(at_family_battle(&undone));
        assert_eq!(
            undone.family_battle().unwrap().game.commands().len() + 1,
            c.family_battle().unwrap().game.commands().len()
        );
    }
    let (mut c, mut back) = (c, back);
    let (a, b) = (
        if at_family_battle(&c) {
            Some(finish(&mut c))
        } else {
            None
        },
        if at_family_battle(&back) {
            Some(finish(&mut back))
        } else {
            None
        },
    );
    assert_eq!(a, b);
    assert_eq!(c.events().len(), back.events().len());
}

#[test]
fn a_bad_family_board_number_is_reported_at_its_line() {
    let good = campaign_rules_source();
    for (field, from, to, want) in [
        ("rounds", "24", "0", "0 is not in 1 to 60"),
        ("hits_per_spitfire", "2", "9", "9 is not in 0 to 8"),
        ("altitude", "2", "8", "poles go up to 7"),
        ("fuel", "10", "13", "a full tank in the family game is 12"),
    ] {
        let from = format!("        {field}: {from},");
        let text = good
            .text
            .replacen(&from, &format!("        {field}: {to},"), 1);
        assert_ne!(text, good.text, "{field}");
        let src = Source {
            file: good.file.clone(),
            text: text.clone(),
        };
        let e = load_campaign_rules(&src).unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
        let line: usize = e.split(':').nth(1).unwrap().parse().unwrap();
        assert!(
            text.lines().nth(line - 1).unwrap().contains(field),
            "{field}: {e}"
        );
    }
}

/// The family board's Spitfires fly at the campaign's RAF level: the
/// opponents at Recruit give some command the Veteran does not, and each
/// gives what the family game's commander opponent at that level gives.
#[test]
fn family_board_spitfires_fly_at_the_campaigns_raf_level() {
    use tally_ho::campaign::ai::Opponents;
    use tally_ho::common::game::Opponent;
    use tally_ho::common::Level;
    let levels = [Level::Recruit, Level::Veteran];
    let mut c = campaign_fought(WeatherRule::Historical, Battles::Family, 3);
    let (mut moves, mut differ) = (0, 0);
    while moves < 300 && drive(&mut c, at_family_battle) {
        let side = c.to_act().expect("a side to move");
        let game = &c
            .family_battle()
            .expect("a battle on the family board")
            .game;
        let mut decided = Vec::new();
        for &level in &levels {
            let board = tally_ho::family::ai::decide_at(game, level).map(Command::Family);
            // The Luftwaffe's level plays no part: the RAF's flies the board.
            let mut opponents = Opponents::at(Level::Ace, level);
            assert_eq!(opponents.decide(&c, side), board, "{level:?}, move {moves}");
            assert_eq!(ai::propose_at(&c, side, level), board, "{level:?} fresh");
            decided.push(board);
        }
        differ += usize::from(decided[0] != decided[1]);
        moves += 1;
        c.play(decided[1].expect("a command")).unwrap();
    }
    assert!(moves >= 30, "only {moves} family board commands");
    assert!(
        differ > 0,
        "the Recruit flew all {moves} commands as the Veteran"
    );
}
