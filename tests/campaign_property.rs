//! Property tests over whole random legal campaigns: every weather rule,
//! random seeds, each decision taken at random from `legal_commands` (or by
//! the opponents, in a random mix). After every command: no squadron is in
//! two places, the target deck holds all its fifty cards, stood-down
//! squadrons are back on time; `legal_commands` is what `check` accepts;
//! and the campaign replays from its seed and commands to the same end.

use proptest::prelude::*;
use std::sync::{Arc, OnceLock};
use tally_ho::campaign::ai;
use tally_ho::campaign::data::CampaignData;
use tally_ho::campaign::forces::Place;
use tally_ho::campaign::game::{Battles, Campaign, CampaignSetup, Event};
use tally_ho::campaign::rules::{CampaignValues, WeatherRule};

fn shipped() -> (Arc<CampaignData>, Arc<CampaignValues>) {
    static DATA: OnceLock<(Arc<CampaignData>, Arc<CampaignValues>)> = OnceLock::new();
    DATA.get_or_init(|| {
        (
            Arc::new(tally_ho::data::load_campaign_data().unwrap()),
            Arc::new(tally_ho::data::campaign_rules::shipped_campaign_rules().unwrap()),
        )
    })
    .clone()
}

/// SplitMix64: the random player's own stream, apart from the campaign's dice.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Plays a random legal campaign; `opponents` in 0..=4 is how many fifths of
/// the decisions the opponents take.
fn random_campaign(
    rule: WeatherRule,
    battles: Battles,
    seed: u64,
    player: u64,
    opponents: u64,
) -> Campaign {
    let (data, rules) = shipped();
    let setup = CampaignSetup {
        battles,
        ..CampaignSetup::new(rule, seed)
    };
    let mut c = Campaign::new(data, rules, setup);
    let mut g = Gen(player);
    let squadrons = c.forces().squadrons.len();
    let mut steps = 0;
    while let Some(side) = c.to_act() {
        steps += 1;
        assert!(
            steps < 250_000,
            "the campaign does not end: {:?} at turn {}, {} commands, board {:?}",
            c.stage(),
            c.turn(),
            c.commands().len(),
            c.family_battle()
                .map(|t| (t.game.round(), t.game.commands().len()))
        );
        let legal = c.legal_commands();
        assert!(!legal.is_empty(), "no legal command at {:?}", c.stage());
        let cmd = if g.below(5) < opponents {
            ai::propose(&c, side).unwrap()
        } else {
            legal[g.below(legal.len() as u64) as usize]
        };
        let turn = c.turn();
        c.play(cmd).unwrap();
        c.check_invariants()
            .unwrap_or_else(|e| panic!("after {cmd:?} at turn {turn}: {e}"));
        assert_eq!(c.forces().squadrons.len(), squadrons);
        assert!(c.turn() >= turn);
    }
    c
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 30, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_campaigns_keep_every_squadron_in_one_place_and_the_deck_whole(
        rule in 0usize..5,
        battles in 0usize..Battles::ALL.len(),
        seed in any::<u64>(),
        player in any::<u64>(),
        opponents in 0u64..=4,
    ) {
        let rule = WeatherRule::ALL[rule];
        let c = random_campaign(rule, Battles::ALL[battles], seed, player, opponents);
        prop_assert!(c.is_over());
        prop_assert_eq!(c.turn(), c.turns());
        c.deck().check().unwrap();
        // Stood-down squadrons returned on time: none is due back by the last turn.
        for s in &c.forces().squadrons {
            if let Place::StoodDown { back_on } = s.place {
                prop_assert!(back_on > c.turn(), "{} was due back on turn {}", s.name, back_on);
            }
        }
        // Every stand-down came back two turns later (when the campaign lasted).
        let mut turn = 0;
        let mut stood: Vec<(usize, u8)> = Vec::new();
        for e in c.events() {
            match e {
                Event::TurnBegins { turn: t, .. } => turn = *t,
                Event::StoodDown { squadron: s, .. } => stood.push((*s, turn)),
                Event::StoodDownReturn(back) => {
                    for s in back {
                        let at = stood.iter().position(|(q, _)| q == s).expect("returned after standing down");
                        let (_, when) = stood.remove(at);
                        prop_assert_eq!(turn, when + 2);
                    }
                }
                _ => {}
            }
        }
        for (s, when) in stood {
            // Unless it left the battle (a Defiant, a Stuka, Luftflotte 5).
            let gone = c.forces().squadrons[s].place == Place::Withdrawn;
            prop_assert!(gone || when + 2 > c.turn(), "squadron {} stood down on turn {} never came back", s, when);
        }
        // The same seed and commands give the same campaign.
        let (data, rules) = shipped();
        let mut again = Campaign::new(data, rules, c.setup());
        for &m in c.commands() {
            again.play(m).unwrap();
        }
        prop_assert_eq!(again.events(), c.events());
    }

    #[test]
    fn legal_commands_are_exactly_the_commands_check_accepts(
        seed in any::<u64>(),
        player in any::<u64>(),
        stop in 0usize..3_000,
        battles in 0usize..Battles::ALL.len(),
    ) {
        let (data, rules) = shipped();
        let setup = CampaignSetup {
            battles: Battles::ALL[battles],
            ..CampaignSetup::new(WeatherRule::Cards, seed)
        };
        let mut c = Campaign::new_quiet(data, rules, setup);
        let mut g = Gen(player);
        for _ in 0..stop {
            let Some(side) = c.to_act() else { break };
            let cmd = ai::propose(&c, side).unwrap();
            c.play(cmd).unwrap();
        }
        let legal = c.legal_commands();
        for &m in &legal {
            prop_assert!(c.check(&m).is_ok());
        }
        // Commands of every kind with random values: legal exactly when listed.
        for _ in 0..300 {
            let m = random_command(&mut g);
            prop_assert_eq!(c.check(&m).is_ok(), legal.contains(&m), "{:?} at {:?}", m, c.stage());
        }
    }
}

fn random_command(g: &mut Gen) -> tally_ho::campaign::game::Command {
    use tally_ho::campaign::data::Square;
    use tally_ho::campaign::game::Command as C;
    use tally_ho::family::Command as FamilyCommand;
    use tally_ho::simple_hex::{Command as HexCommand, PlaneId, Step, UnitId};
    let n = g.below(100) as usize;
    let sq = Square::new(g.below(26) as i32 - 1, g.below(32) as i32 - 1);
    match g.below(35) {
        31 => C::OnTheFamilyBoard,
        32 => C::Family(FamilyCommand::Spin),
        33 => C::Family(FamilyCommand::Climb(g.below(5) as i8 - 2)),
        34 => C::Family(FamilyCommand::Move {
            to: tally_ho::common::hex::hex_from_offset(
                g.below(11) as i32 - 1,
                g.below(14) as i32 - 1,
            ),
            via: None,
            climb: g.below(3) as i8 - 1,
        }),
        24 => C::EndReinforce,
        25 => C::OnTheBoard,
        26 => C::WithDice,
        27 => C::Hex(HexCommand::Enter {
            unit: UnitId(g.below(8) as u8),
            column: g.below(16) as u8,
        }),
        28 => C::Hex(HexCommand::Step(Step::ALL[g.below(4) as usize])),
        29 => C::Hex(HexCommand::Attack {
            target: PlaneId(g.below(40) as u8),
        }),
        30 => C::Hex(HexCommand::EndMove),
        0 => C::Rotate(n % 12),
        1 => C::EndRotations,
        2 => C::Production {
            squadrons: g.below(40) as u8,
        },
        3 => C::Rebuild(n),
        4 => C::Mend(g.below(52) as u16),
        5 => C::Reserve(n),
        6 => C::EndRepairs,
        7 => C::Discard(g.below(52) as u16),
        8 => C::BigWing(n % 13, g.below(13) as usize),
        9 => C::NoBigWing,
        10 => C::Assign {
            geschwader: n % 8,
            card: g.below(52) as u16,
            wave: g.below(4) as u8,
        },
        11 => C::EndMissions,
        12 => C::Step(sq),
        13 => C::Home,
        14 => C::Intercept(n % 13),
        15 => C::NoIntercept,
        16 => C::WingStep(sq),
        17 => C::MoveWing {
            wing: n % 13,
            to: sq,
        },
        18 => C::EndRafMovement,
        19 => C::Lose(n),
        20 => C::StandDown(n),
        21 => C::Gruppe(g.below(4) as u8),
        22 => C::Attack(if g.below(4) == 0 {
            None
        } else {
            Some(g.below(4) as u8)
        }),
        _ => C::Reinforce {
            geschwader: n % 8,
            from: if g.below(2) == 0 {
                None
            } else {
                Some(g.below(8) as usize)
            },
        },
    }
}

/// The random campaigns above are worth something only if random play gets
/// everywhere: every kind of decision comes up in a handful of them.
#[test]
fn random_play_reaches_every_kind_of_decision() {
    use std::collections::BTreeSet;
    let mut seen = BTreeSet::new();
    for seed in 0..12 {
        let rule = WeatherRule::ALL[seed as usize % 5];
        let battles = Battles::ALL[seed as usize % Battles::ALL.len()];
        let c = random_campaign(rule, battles, seed, seed * 7919, 1 + seed % 4);
        let (data, rules) = shipped();
        let mut again = Campaign::new_quiet(data, rules, c.setup());
        for &m in c.commands() {
            seen.insert(
                format!("{:?}", again.stage())
                    .split([' ', '{'])
                    .next()
                    .unwrap()
                    .to_string(),
            );
            again.play(m).unwrap();
        }
    }
    let want = [
        "KeepHand",
        "Rotations",
        "ProductionSplit",
        "Repairs",
        "Reinforce",
        "BigWing",
        "Missions",
        "Fly",
        "InterceptChoice",
        "InterceptStep",
        "RafMovement",
        "Gruppen",
        "Attacks",
        "Allocate",
        "HowToFight",
        "Battle",
    ];
    for w in want {
        assert!(seen.contains(w), "{w} never came up: {seen:?}");
    }
}
