//! The weather check of each turn (step 3 of the standby phase), by any of
//! the sheet's five rules. A respite turn: the Luftwaffe does not fly.

use super::dice::{shuffle, Face};
use super::rules::{CampaignValues, WeatherRule};
use crate::common::dice::Dice;
use serde::{Deserialize, Serialize};

/// A weather card (the weather cards rule): a black card is a respite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WeatherCard {
    Black,
    Red,
}

impl WeatherCard {
    pub fn name(self) -> &'static str {
        match self {
            WeatherCard::Black => "a black card",
            WeatherCard::Red => "a red card",
        }
    }
}

/// What a weather check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeatherCheck {
    pub turn: u8,
    /// The Luftwaffe flies this turn.
    pub flies: bool,
    /// The dice, Luftwaffe's first (dice rules only).
    pub dice: Option<(Face, Face)>,
    /// The card drawn (the weather cards rule only).
    pub card: Option<WeatherCard>,
}

/// The weather for a whole campaign: the rule, and for the card rule the
/// shuffled cards, dealt at the start, one drawn each turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weather {
    pub rule: WeatherRule,
    cards: Vec<WeatherCard>,
}

impl Weather {
    /// The weather of a campaign, its cards shuffled with `dice` under the
    /// weather cards rule.
    pub fn new(rule: WeatherRule, rules: &CampaignValues, dice: &mut Dice) -> Weather {
        let mut cards = Vec::new();
        if rule == WeatherRule::Cards {
            cards = Weather::deck(rules);
            shuffle(&mut cards, dice);
        }
        Weather { rule, cards }
    }

    /// The weather with these cards in this order (none but under the
    /// weather cards rule).
    pub fn with_cards(rule: WeatherRule, cards: Vec<WeatherCard>) -> Weather {
        Weather { rule, cards }
    }

    /// The weather cards before they are shuffled: the black ones first.
    pub fn deck(rules: &CampaignValues) -> Vec<WeatherCard> {
        let (black, red) = rules.weather_cards;
        let mut cards = vec![WeatherCard::Black; black as usize];
        cards.extend(std::iter::repeat_n(WeatherCard::Red, red as usize));
        cards
    }

    /// The cards in the order they are drawn, a turn each.
    pub fn cards(&self) -> &[WeatherCard] {
        &self.cards
    }

    /// Under a dice rule the check throws two dice.
    pub fn throws_dice(&self) -> bool {
        matches!(self.rule, WeatherRule::PhaseDice | WeatherRule::SingleDice)
    }

    /// The check at the standby phase of `turn` (1-based).
    pub fn check(&self, turn: u8, rules: &CampaignValues, dice: &mut Dice) -> WeatherCheck {
        let by_dice = |pairs: &[super::dice::Pair], dice: &mut Dice| {
            let lw = rules.luftwaffe_die.roll(dice);
            let raf = rules.raf_die.roll(dice);
            let respite = pairs.iter().any(|p| p.matches(lw, raf));
            WeatherCheck {
                turn,
                flies: !respite,
                dice: Some((lw, raf)),
                card: None,
            }
        };
        match self.rule {
            WeatherRule::PhaseDice => {
                let phase = rules.calendar.phase_of(turn).unwrap_or(0);
                by_dice(&rules.phases[phase].respite_dice, dice)
            }
            WeatherRule::SingleDice => by_dice(&rules.single_respite_dice, dice),
            _ => self
                .check_without_dice(turn, rules)
                .expect("only the dice rules throw dice"),
        }
    }

    /// The check under a rule that throws no dice; `None` under a dice rule.
    pub fn check_without_dice(&self, turn: u8, rules: &CampaignValues) -> Option<WeatherCheck> {
        let check = |flies: bool, card: Option<WeatherCard>| WeatherCheck {
            turn,
            flies,
            dice: None,
            card,
        };
        match self.rule {
            WeatherRule::PhaseDice | WeatherRule::SingleDice => None,
            WeatherRule::Shortened => Some(check(true, None)),
            WeatherRule::Cards => {
                let card = self.cards.get(turn as usize - 1).copied();
                Some(check(card != Some(WeatherCard::Black), card))
            }
            WeatherRule::Historical => {
                Some(check(!rules.historical_respites.contains(&turn), None))
            }
        }
    }

    /// The chance (in 36ths) of a respite in a phase under a dice rule.
    pub fn respite_chance_36(
        rule: WeatherRule,
        phase: usize,
        rules: &CampaignValues,
    ) -> Option<u32> {
        let pairs = match rule {
            WeatherRule::PhaseDice => &rules.phases[phase].respite_dice,
            WeatherRule::SingleDice => &rules.single_respite_dice,
            _ => return None,
        };
        Some(
            pairs
                .iter()
                .map(|p| p.chance_36(rules.luftwaffe_die, rules.raf_die))
                .sum(),
        )
    }
}
