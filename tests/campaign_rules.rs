//! The campaign amendments built so far, one test per rule: the weather (all
//! five rules), the calendar of phases and order-of-battle events, the target
//! decks, and the victory rule.

use proptest::prelude::*;
use tally_ho::campaign::deck::{CardKind, Deck, DeckCard};
use tally_ho::campaign::dice::{Face, Pair};
use tally_ho::campaign::rules::{CampaignValues, TurnEvent, WeatherRule};
use tally_ho::campaign::score::{luftwaffe_rate_holds, verdict, Tally, Verdict};
use tally_ho::campaign::weather::Weather;
use tally_ho::common::dice::Dice;
use tally_ho::data::campaign_rules::{load_campaign_rules, shipped_campaign_rules};
use tally_ho::data::Source;

fn rules() -> CampaignValues {
    shipped_campaign_rules().expect("the shipped campaign rules load")
}

/// A deck of 50 cards with the mix the deck rules need: 2 London, 16 other
/// cities, 10 radar, 16 airfields (Catterick, Ringway and Wittering among
/// them) and 6 factories.
fn cards() -> Vec<DeckCard> {
    let mut out = vec![
        DeckCard {
            name: "London".into(),
            kind: CardKind::London,
        },
        DeckCard {
            name: "Port of London".into(),
            kind: CardKind::London,
        },
    ];
    let mut add = |kind: CardKind, names: Vec<String>| {
        out.extend(names.into_iter().map(|name| DeckCard { name, kind }));
    };
    add(
        CardKind::City,
        (1..=16).map(|i| format!("City {i}")).collect(),
    );
    add(
        CardKind::Radar,
        (1..=10).map(|i| format!("Radar {i}")).collect(),
    );
    let mut airfields: Vec<String> = vec!["Catterick".into(), "Ringway".into(), "Wittering".into()];
    airfields.extend((4..=16).map(|i| format!("Airfield {i}")));
    add(CardKind::Airfield, airfields);
    add(
        CardKind::Factory,
        (1..=6).map(|i| format!("Factory {i}")).collect(),
    );
    assert_eq!(out.len(), 50);
    out
}

fn kinds_of(cards: &[DeckCard], ids: &[u16], kind: CardKind) -> usize {
    ids.iter()
        .filter(|&&c| cards[c as usize].kind == kind)
        .count()
}

fn named(cards: &[DeckCard], ids: &[u16], name: &str) -> bool {
    ids.iter().any(|&c| cards[c as usize].name == name)
}

// ----- the weather -----

#[test]
fn the_campaign_dice_are_the_clubs_mix() {
    let r = rules();
    assert_eq!(
        (
            r.luftwaffe_die.cross,
            r.luftwaffe_die.roundel,
            r.luftwaffe_die.blank
        ),
        (1, 3, 2)
    );
    assert_eq!(
        (r.raf_die.cross, r.raf_die.roundel, r.raf_die.blank),
        (3, 1, 2)
    );
}

#[test]
fn weather_dice_give_each_phase_the_respite_share_the_sheet_states() {
    let r = rules();
    let want = [(1, 2), (1, 3), (4, 9)];
    for (i, p) in r.phases.iter().enumerate() {
        let chance = Weather::respite_chance_36(WeatherRule::PhaseDice, i, &r).unwrap();
        // chance/36 == stated share
        assert_eq!(
            chance * p.stated_respite.1,
            36 * p.stated_respite.0,
            "{}",
            p.name
        );
        assert_eq!(p.stated_respite, want[i]);
    }
}

#[test]
fn the_sheets_pairs_are_the_respites_not_the_flying_turns() {
    // Read as "dice needed to fly", the second phase's +- and -- would
    // ground the Luftwaffe on 2/3 of its turns, not the 1/3 the sheet states.
    let r = rules();
    let lw = r.luftwaffe_die;
    let raf = r.raf_die;
    let alder: u32 = [
        Pair(Face::Cross, Face::Blank),
        Pair(Face::Blank, Face::Blank),
    ]
    .iter()
    .map(|p| p.chance_36(lw, raf))
    .sum();
    assert_eq!(alder, 12, "+- or -- come up on 12 of 36");
    assert_eq!(36 - alder, 24, "read as flying, 24/36 = 2/3 respites");
}

#[test]
fn single_dice_weather_grounds_the_luftwaffe_on_15_in_36() {
    let r = rules();
    assert_eq!(
        Weather::respite_chance_36(WeatherRule::SingleDice, 0, &r),
        Some(15)
    );
    assert_eq!(r.single_stated_respite, (15, 36));
}

#[test]
fn thrown_weather_dice_come_out_at_the_stated_shares() {
    let r = rules();
    let w = Weather::new(WeatherRule::PhaseDice, &r, &mut Dice::new(1));
    let mut dice = Dice::without_log(77);
    for (turn, share) in [(2u8, 0.5f64), (6, 1.0 / 3.0), (10, 4.0 / 9.0)] {
        let n = 36_000;
        let respites = (0..n)
            .filter(|_| !w.check(turn, &r, &mut dice).flies)
            .count() as f64;
        let got = respites / n as f64;
        assert!((got - share).abs() < 0.01, "turn {turn}: {got} vs {share}");
    }
}

#[test]
fn weather_cards_give_four_respites_and_seven_flying_turns() {
    let r = rules();
    let mut first_turn_respite = 0;
    for seed in 0..400 {
        let w = Weather::new(WeatherRule::Cards, &r, &mut Dice::new(seed));
        let mut dice = Dice::new(seed);
        let flying = (1..=11)
            .filter(|&t| w.check(t, &r, &mut dice).flies)
            .count();
        assert_eq!(flying, 7, "seed {seed}");
        first_turn_respite += !w.check(1, &r, &mut dice).flies as u32;
    }
    // 4 black cards in 11: the first card is black about 36% of the time.
    assert!(
        (110..180).contains(&first_turn_respite),
        "{first_turn_respite}"
    );
}

#[test]
fn historical_weather_makes_turns_1_4_7_and_10_respites() {
    let r = rules();
    let w = Weather::new(WeatherRule::Historical, &r, &mut Dice::new(1));
    let mut dice = Dice::new(1);
    let respites: Vec<u8> = (1..=11)
        .filter(|&t| !w.check(t, &r, &mut dice).flies)
        .collect();
    assert_eq!(respites, vec![1, 4, 7, 10]);
}

#[test]
fn the_shortened_campaign_flies_seven_turns_in_its_own_phases() {
    let r = rules();
    let cal = r.calendar_for(WeatherRule::Shortened);
    assert_eq!(cal.turns, 7);
    let w = Weather::new(WeatherRule::Shortened, &r, &mut Dice::new(1));
    let mut dice = Dice::new(1);
    assert!((1..=7).all(|t| w.check(t, &r, &mut dice).flies));
    let phases: Vec<usize> = (1..=7).map(|t| cal.phase_of(t).unwrap()).collect();
    assert_eq!(phases, vec![0, 0, 1, 1, 1, 2, 2]);
    let events = |t: u8| cal.events_at(t).cloned().collect::<Vec<_>>();
    assert!(events(2).contains(&TurnEvent::RepairThrows(3)));
    assert!(events(4).contains(&TurnEvent::RepairThrows(2)));
    assert!(events(6).contains(&TurnEvent::RepairThrows(2)));
    assert!(events(3).contains(&TurnEvent::RepairCities(2)));
    assert!(events(6).contains(&TurnEvent::RepairCities(2)));
    assert!(events(3).contains(&TurnEvent::WithdrawDefiants));
    assert!(events(4).contains(&TurnEvent::WithdrawStukas));
    assert!(events(7).contains(&TurnEvent::StoodDownCountAsLost));
}

// ----- the calendar -----

#[test]
fn three_phases_over_eleven_turns() {
    let r = rules();
    let names: Vec<&str> = r.phases.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Kanalkampf", "Alder Tag", "The Blitz"]);
    let cal = &r.calendar;
    assert_eq!(cal.turns, 11);
    let phases: Vec<usize> = (1..=11).map(|t| cal.phase_of(t).unwrap()).collect();
    assert_eq!(phases, vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]);
    assert_eq!(cal.phase_of(12), None);
}

#[test]
fn the_order_of_battle_changes_on_the_sheets_turns() {
    let r = rules();
    let at = |t: u8| r.calendar.events_at(t).cloned().collect::<Vec<_>>();
    let t5 = at(5);
    for e in [
        TurnEvent::NewPhase(1),
        TurnEvent::Rotate(0),
        TurnEvent::RepairCities(2),
        TurnEvent::WithdrawDefiants,
        TurnEvent::Luftflotte5MustCommit,
    ] {
        assert!(t5.contains(&e), "turn 5: {e:?}");
    }
    let reinforce = |s: &str, g: u8| TurnEvent::Reinforce {
        squadron: s.into(),
        group: g,
    };
    assert_eq!(
        at(6),
        vec![reinforce("No. 310 (Czechoslovak) Squadron", 12)]
    );
    assert_eq!(
        at(7),
        vec![
            TurnEvent::WithdrawStukas,
            reinforce("No. 1 Squadron RCAF", 11),
            reinforce("No. 302 (Polish) Squadron", 12)
        ]
    );
    assert_eq!(
        at(8),
        vec![
            reinforce("No. 303 (Polish) Squadron", 11),
            TurnEvent::Ace { group: 11 }
        ]
    );
    let t9 = at(9);
    for e in [
        TurnEvent::NewPhase(2),
        TurnEvent::Rotate(1),
        TurnEvent::RepairCities(2),
        TurnEvent::BigWing,
        TurnEvent::SevenSquadronGeschwader { luftflotte: 2 },
    ] {
        assert!(t9.contains(&e), "turn 9: {e:?}");
    }
    for t in [2, 3, 4, 10, 11] {
        assert!(at(t).is_empty(), "turn {t}: {:?}", at(t));
    }
}

#[test]
fn squadron_rotations_at_turns_5_and_9_match_the_sheet() {
    let r = rules();
    // What the receiving group gets back, by type.
    let sum = |set: usize, from: u8, to: u8, kind: &str| -> u8 {
        r.rotations[set]
            .iter()
            .filter(|x| x.from_group == from && x.to_group == to)
            .filter(|x| x.receives.as_ref().unwrap_or(&x.kind) == kind)
            .map(|x| x.count)
            .sum()
    };
    // What the donating group sends, by type.
    let sent = |set: usize, from: u8, kind: &str| -> u8 {
        r.rotations[set]
            .iter()
            .filter(|x| x.from_group == from && x.kind == kind)
            .map(|x| x.count)
            .sum()
    };
    // Turn 5.
    assert_eq!(sum(0, 11, 10, "Hurricane"), 1);
    assert_eq!(sum(0, 11, 10, "Blenheim"), 1);
    assert_eq!(sum(0, 12, 11, "Spitfire"), 1);
    assert_eq!(sum(0, 12, 11, "Hurricane"), 1);
    assert_eq!(sum(0, 13, 10, "Spitfire"), 1);
    assert_eq!(sum(0, 13, 11, "Spitfire"), 1);
    assert_eq!(sum(0, 13, 11, "Hurricane"), 2);
    // Turn 9: 13 Group sends 2 Spitfires and 2 Hurricanes, and with the
    // footnote's swap 11 Group receives 3 Spitfires and 1 Hurricane.
    assert_eq!(sum(1, 12, 11, "Spitfire"), 1);
    assert_eq!(sum(1, 12, 11, "Hurricane"), 2);
    assert_eq!(sent(1, 13, "Spitfire"), 2);
    assert_eq!(sent(1, 13, "Hurricane"), 2);
    assert_eq!(sum(1, 13, 11, "Spitfire"), 3);
    assert_eq!(sum(1, 13, 11, "Hurricane"), 1);
    assert_eq!(r.reserve_points, 4, "13 Group's pool of replacement points");
}

// ----- the target decks -----

fn phase_deck(phase: usize, deck: &mut Deck, dice: &mut Dice) -> Vec<DeckCard> {
    let r = rules();
    let c = cards();
    deck.begin_phase(&c, &r.phases[phase].deck, dice);
    deck.check().unwrap();
    c
}

#[test]
fn kanalkampf_deck_leaves_out_london_13_cities_and_three_northern_airfields() {
    for seed in 0..20 {
        let mut dice = Dice::new(seed);
        let mut deck = Deck::new(&cards());
        let c = phase_deck(0, &mut deck, &mut dice);
        let out = deck.out();
        assert_eq!(kinds_of(&c, out, CardKind::London), 2);
        assert_eq!(kinds_of(&c, out, CardKind::City), 13);
        for name in ["Catterick", "Ringway", "Wittering"] {
            assert!(named(&c, out, name), "{name}");
        }
        assert_eq!(out.len(), 18);
        assert_eq!(deck.draw_pile().len(), 32);
        assert_eq!(kinds_of(&c, deck.draw_pile(), CardKind::City), 3);
    }
}

#[test]
fn a_new_phase_recycles_the_used_cards_but_the_german_keeps_his_three() {
    let r = rules();
    let mut dice = Dice::new(3);
    let mut deck = Deck::new(&cards());
    let c = phase_deck(0, &mut deck, &mut dice);
    // Ten cards, seven missions, three kept.
    deck.fill_hand(10);
    let flown: Vec<u16> = deck.hand()[..7].to_vec();
    for &card in &flown {
        deck.assign(card).unwrap();
    }
    let kept: Vec<u16> = deck.hand().to_vec();
    assert_eq!(kept.len(), r.german_hand as usize);
    deck.begin_phase(&c, &r.phases[1].deck, &mut dice);
    deck.check().unwrap();
    assert_eq!(deck.hand(), kept.as_slice(), "the hand is kept");
    assert!(deck.used().is_empty(), "the used cards are back");
    // Alder Tag: London, 13 cities and 6 radar out (none from the hand).
    let out = deck.out();
    assert_eq!(
        kinds_of(&c, out, CardKind::London),
        2 - kinds_of(&c, &kept, CardKind::London)
    );
    assert_eq!(kinds_of(&c, out, CardKind::Radar), 6);
    let cities_left = 16 - kinds_of(&c, &kept, CardKind::City);
    assert_eq!(kinds_of(&c, out, CardKind::City), 13.min(cities_left));
    assert!(!out.iter().any(|o| kept.contains(o)));
}

#[test]
fn the_blitz_deck_puts_both_london_cards_among_the_top_twelve() {
    let r = rules();
    for seed in 0..30 {
        let mut dice = Dice::new(seed);
        let mut deck = Deck::new(&cards());
        let c = cards();
        deck.begin_phase(&c, &r.phases[2].deck, &mut dice);
        deck.check().unwrap();
        let pile = deck.draw_pile();
        let top12 = &pile[pile.len() - 12..];
        assert_eq!(kinds_of(&c, top12, CardKind::London), 2, "seed {seed}");
        assert_eq!(kinds_of(&c, deck.out(), CardKind::Radar), 6);
        assert_eq!(kinds_of(&c, deck.out(), CardKind::Airfield), 6);
        assert_eq!(kinds_of(&c, deck.out(), CardKind::London), 0);
    }
}

#[test]
fn london_bombed_but_standing_goes_back_on_top_for_next_turn() {
    let r = rules();
    let mut dice = Dice::new(5);
    let mut deck = Deck::new(&cards());
    let c = cards();
    deck.begin_phase(&c, &r.phases[2].deck, &mut dice);
    // Deal until London is in hand, fly it.
    let london = (0..c.len() as u16)
        .find(|&i| c[i as usize].kind == CardKind::London)
        .unwrap();
    while !deck.hand().contains(&london) {
        let n = deck.hand().len();
        deck.fill_hand(n + 1);
    }
    deck.assign(london).unwrap();
    deck.back_on_top(london).unwrap();
    assert_eq!(deck.top(), Some(london));
    deck.check().unwrap();
    assert!(deck.back_on_top(london).is_err(), "only a flown card");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Deck sizes are conserved through any sequence of phases, deals and
    /// missions, and the German hand survives each new phase.
    #[test]
    fn the_deck_conserves_its_fifty_cards(seed in 0u64..1_000_000, ops in proptest::collection::vec(0u8..4, 1..60)) {
        let r = rules();
        let c = cards();
        let mut dice = Dice::new(seed);
        let mut deck = Deck::new(&c);
        let mut phase = 0usize;
        deck.begin_phase(&c, &r.phases[0].deck, &mut dice);
        for op in ops {
            match op {
                0 => { deck.fill_hand(10); }
                1 => {
                    if let Some(&card) = deck.hand().first() {
                        deck.assign(card).unwrap();
                    }
                }
                2 if phase < 2 => {
                    let hand = deck.hand().to_vec();
                    phase += 1;
                    deck.begin_phase(&c, &r.phases[phase].deck, &mut dice);
                    prop_assert_eq!(deck.hand(), hand.as_slice());
                }
                _ => {
                    if let Some(&card) = deck.used().last() {
                        deck.back_on_top(card).unwrap();
                    }
                }
            }
            prop_assert!(deck.check().is_ok(), "{:?}", deck.check());
        }
    }
}

// ----- the victory rule -----

fn tally(targets: u32, raf_lost: u32, luftwaffe_lost: u32) -> Tally {
    Tally {
        targets,
        raf_lost,
        luftwaffe_lost,
    }
}

#[test]
fn the_loss_rate_deal_holds_for_the_luftwaffe_at_6_to_10_or_better() {
    let r = rules();
    // Both run out together: exactly 6 to 10.
    assert!(luftwaffe_rate_holds(&tally(0, 12, 20), &r));
    // The Luftwaffe's cards run out first: it lost fewer than 10 per 6.
    assert!(luftwaffe_rate_holds(&tally(0, 18, 20), &r));
    // The British run out first: the Luftwaffe lost more than 10 per 6.
    assert!(!luftwaffe_rate_holds(&tally(0, 12, 30), &r));
    // Part hands do not count: 11 RAF cards deal one hand of six.
    assert!(!luftwaffe_rate_holds(&tally(0, 11, 20), &r));
}

#[test]
fn the_luftwaffe_wins_with_28_targets_and_the_loss_rate() {
    let r = rules();
    assert_eq!(verdict(&tally(28, 12, 20), &r), Verdict::Luftwaffe);
    assert_eq!(verdict(&tally(35, 12, 10), &r), Verdict::Luftwaffe);
    assert_eq!(verdict(&tally(27, 12, 20), &r), Verdict::Draw);
}

#[test]
fn a_draw_is_more_than_28_with_the_rate_lost_or_22_to_27_with_it_held() {
    let r = rules();
    assert_eq!(verdict(&tally(29, 12, 30), &r), Verdict::Draw);
    assert_eq!(verdict(&tally(22, 12, 20), &r), Verdict::Draw);
    assert_eq!(verdict(&tally(27, 6, 10), &r), Verdict::Draw);
}

#[test]
fn everything_else_is_a_british_victory() {
    let r = rules();
    // Exactly 28 with the rate lost: not "more than 28".
    assert_eq!(verdict(&tally(28, 12, 30), &r), Verdict::British);
    // 21 or fewer, whatever the losses.
    assert_eq!(verdict(&tally(21, 12, 20), &r), Verdict::British);
    assert_eq!(verdict(&tally(5, 30, 0), &r), Verdict::British);
    // 22 to 27 with the rate lost.
    assert_eq!(verdict(&tally(25, 12, 30), &r), Verdict::British);
}

// ----- the file -----

#[test]
fn a_bad_campaign_file_names_file_line_and_column() {
    let text = tally_ho::data::campaign_rules::campaign_rules_source().text;
    let bad = text.replace(
        "luftwaffe_die: (cross: 1, roundel: 3, blank: 2)",
        "luftwaffe_die: (cross: 1, roundel: 3, blank: 3)",
    );
    let src = Source {
        file: "campaign.ron".into(),
        text: bad.clone(),
    };
    let e = load_campaign_rules(&src).unwrap_err().to_string();
    let line = bad[..bad.find("luftwaffe_die:").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert!(e.starts_with(&format!("campaign.ron:{line}:")), "{e}");
    assert!(e.ends_with("a campaign die has 6 faces, not 7"), "{e}");
    // An event on a turn the campaign does not have.
    let bad = text.replace("(8, Ace(group: 11)),", "(12, Ace(group: 11)),");
    let src = Source {
        file: "campaign.ron".into(),
        text: bad,
    };
    let e = load_campaign_rules(&src).unwrap_err().to_string();
    assert!(e.contains("turn 12 is not in the campaign"), "{e}");
    // A data version of 0 (kept for records from before data versions), and
    // none at all.
    let version = format!("    data_version: {},", rules().data_version);
    let bad = text.replace(&version, "    data_version: 0,");
    let line = bad[..bad.find("data_version: 0").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let src = Source {
        file: "campaign.ron".into(),
        text: bad,
    };
    let e = load_campaign_rules(&src).unwrap_err().to_string();
    assert!(e.starts_with(&format!("campaign.ron:{line}:")), "{e}");
    assert!(e.contains("the campaign data version starts at 1"), "{e}");
    let src = Source {
        file: "campaign.ron".into(),
        text: text.replace(&format!("{version}\n"), ""),
    };
    let e = load_campaign_rules(&src).unwrap_err().to_string();
    assert!(e.contains("data_version"), "{e}");
    // An unknown field.
    let bad = text.replace("german_hand: 3,", "german_hand: 3,\n    german_hands: 3,");
    let src = Source {
        file: "campaign.ron".into(),
        text: bad,
    };
    assert!(load_campaign_rules(&src).is_err());
}

#[test]
fn a_bad_raid_section_names_file_line_and_column() {
    let text = tally_ho::data::campaign_rules::campaign_rules_source().text;
    let load = |bad: String| {
        let src = Source {
            file: "campaign.ron".into(),
            text: bad,
        };
        load_campaign_rules(&src).unwrap_err().to_string()
    };
    let line_of =
        |text: &str, what: &str| text[..text.find(what).unwrap()].matches('\n').count() + 1;
    // Take-off waves beyond the Tally Ho phases.
    let bad = text.replace("        waves: 2,", "        waves: 5,");
    let e = load(bad.clone());
    assert!(
        e.starts_with(&format!("campaign.ron:{}:", line_of(&bad, "waves: 5"))),
        "{e}"
    );
    assert!(
        e.contains("every wave must take off within the Tally Ho phases"),
        "{e}"
    );
    // Gruppen too small for the largest geschwader.
    let e = load(text.replace("        gruppe_max: 3,", "        gruppe_max: 2,"));
    assert!(
        e.contains("the gruppen must be able to hold the largest geschwader"),
        "{e}"
    );
    // A value out of range.
    let e = load(text.replace("        raf_move: 5,", "        raf_move: 50,"));
    assert!(
        e.contains("raid.raf_move") || e.contains("50 is not in 0 to 20"),
        "{e}"
    );
    // A misspelt field is refused with its place.
    let bad = text.replace("        fuel_range: 6,", "        fuel_rnage: 6,");
    let e = load(bad.clone());
    assert!(
        e.starts_with(&format!("campaign.ron:{}:", line_of(&bad, "fuel_rnage"))),
        "{e}"
    );
    // A face the dice do not have.
    let e = load(text.replace("        bomb_hit: Roundel,", "        bomb_hit: Star,"));
    assert!(e.starts_with("campaign.ron:"), "{e}");
}

/// Every error of the rules text `bad`, checked on its own and against the
/// shipped campaign data, as the player reads them.
fn names_refused(bad: &str) -> String {
    use tally_ho::data::campaign_rules::check_against;
    let src = Source {
        file: "campaign.ron".into(),
        text: bad.to_string(),
    };
    let data = tally_ho::data::load_campaign_data().unwrap();
    match load_campaign_rules(&src) {
        Err(e) => e.to_string(),
        Ok(rules) => check_against(&src, &rules, &data)
            .expect_err("refused")
            .to_string(),
    }
}

/// `file:line:col: message` with the line and column of the first `^` in
/// `marked` (the text with a `^` where the error should point).
fn at_mark(marked: &str, message: &str) -> String {
    let at = marked.find('^').expect("a mark");
    let line = marked[..at].matches('\n').count() + 1;
    let col = marked[..at]
        .chars()
        .rev()
        .take_while(|&c| c != '\n')
        .count()
        + 1;
    format!("campaign.ron:{line}:{col}: {message}")
}

#[test]
fn every_group_luftflotte_type_and_card_the_rules_name_must_exist() {
    let text = tally_ho::data::campaign_rules::campaign_rules_source().text;
    for (from, to, message) in [
        (
            "(6, Reinforce(squadron: \"No. 310 (Czechoslovak) Squadron\", group: 12)),",
            "(6, Reinforce(squadron: \"No. 310 (Czechoslovak) Squadron\", group: ^14)),",
            "no 14 Group: use 10, 11, 12 or 13",
        ),
        (
            "(8, Ace(group: 11)),\n            (9",
            "(8, Ace(group: ^12)),\n            (9",
            "no squadron arrives for 12 Group on turn 8 to fly with the ace",
        ),
        (
            "(9, SevenSquadronGeschwader(luftflotte: 2)),\n        ],\n    ),\n    // The",
            "(9, SevenSquadronGeschwader(luftflotte: ^4)),\n        ],\n    ),\n    // The",
            "no Luftflotte 4 in the battle: use 2, 3 or 5",
        ),
        (
            "(from_group: 11, to_group: 10, kind: \"Blenheim\", count: 1),",
            "(from_group: 11, to_group: ^9, kind: \"Blenheim\", count: 1),",
            "no 9 Group: use 10, 11, 12 or 13",
        ),
        (
            "(from_group: 11, to_group: 10, kind: \"Blenheim\", count: 1),",
            "(from_group: 11, to_group: ^11, kind: \"Blenheim\", count: 1),",
            "a rotation goes from one group to another",
        ),
        (
            "(from_group: 11, to_group: 10, kind: \"Blenheim\", count: 1),",
            "(from_group: 11, to_group: 10, kind: ^\"Beaufighter\", count: 1),",
            "the order of battle has no squadron type Beaufighter",
        ),
        (
            "count: 1, receives: Some(\"Spitfire\")),",
            "count: 1, receives: ^Some(\"Bf 109\")),",
            "the Bf 109 is not an RAF type: only the RAF rotates",
        ),
        (
            "remove_named: [\"Catterick\", \"Ringway\", \"Wittering\"],",
            "remove_named: [\"Catterick\", ^\"Ringwood\", \"Wittering\"],",
            "there is no target card Ringwood",
        ),
        (
            "(\"Do 17\", \"Do 17\"),",
            "(^\"Do 19\", \"Do 17\"),",
            "the order of battle has no squadron type Do 19",
        ),
        (
            "rebuild_cost: [(\"Spitfire\", 2),",
            "rebuild_cost: [(^\"Gladiator\", 2),",
            "the order of battle has no squadron type Gladiator",
        ),
        (
            "rebuild_cost: [(\"Spitfire\", 2),",
            "rebuild_cost: [(^\"Bf 109\", 2),",
            "the Bf 109 is not an RAF type: only the RAF rebuilds",
        ),
        (
            "rebuild_cost: [(\"Spitfire\", 2),",
            "rebuild_cost: [(\"Spitfire\", ^0),",
            "0 is not in 1 to 6 successes",
        ),
        (
            "rebuild_cost: [(\"Spitfire\", 2), (\"Hurricane\", 2),",
            "rebuild_cost: [(\"Spitfire\", 2), ^(\"Spitfire\", 2),",
            "the Spitfire is given two rebuild costs",
        ),
    ] {
        assert_eq!(text.matches(from).count(), 1, "{from}");
        let marked = text.replacen(from, to, 1);
        let bad = marked.replacen('^', "", 1);
        let e = names_refused(&bad);
        assert_eq!(e.lines().next().unwrap(), at_mark(&marked, message), "{to}");
    }
    // The same squadron cannot arrive twice.
    let from = "(8, Reinforce(squadron: \"No. 303 (Polish) Squadron\", group: 11)),";
    let to = "(8, Reinforce(squadron: ^\"No. 302 (Polish) Squadron\", group: 11)),";
    let marked = text.replacen(from, to, 1);
    let e = names_refused(&marked.replacen('^', "", 1));
    assert_eq!(
        e.lines().next().unwrap(),
        at_mark(&marked, "No. 302 (Polish) Squadron arrives twice")
    );
}

#[test]
fn a_rules_list_longer_than_any_campaign_is_refused_at_its_first_entry_too_many() {
    let text = tally_ho::data::campaign_rules::campaign_rules_source().text;
    let pair = "Pair(Cross, Blank), ";
    let many = format!("single_respite_dice: [{}],", pair.repeat(100_000));
    let bad = text.replacen(
        "single_respite_dice: [Pair(Cross, Blank), Pair(Cross, Cross), Pair(Blank, Blank)],",
        &many,
        1,
    );
    assert!(bad.len() > 2_000_000 && bad.len() != text.len());
    let start = std::time::Instant::now();
    let src = Source {
        file: "campaign.ron".into(),
        text: bad.clone(),
    };
    let e = load_campaign_rules(&src).unwrap_err().to_string();
    let col = "    single_respite_dice: [".len() + 64 * pair.len() + 1;
    let line = bad[..bad.find("single_respite_dice").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert_eq!(
        e,
        format!("campaign.ron:{line}:{col}: 100000 dice pairs: more than the 64 a file may give")
    );
    assert!(start.elapsed().as_secs_f64() < 1.0, "{:?}", start.elapsed());
}
