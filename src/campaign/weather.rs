//! The weather check of each turn (step 3 of the standby phase), by any of
//! the sheet's five rules. A respite turn: the Luftwaffe does not fly.

use super::dice::{shuffle, Face};
use super::rules::{CampaignRules, WeatherRule};
use crate::common::dice::Dice;
use serde::{Deserialize, Serialize};

/// What a weather check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeatherCheck {
    pub turn: u8,
    /// The Luftwaffe flies this turn.
    pub flies: bool,
    /// The dice, Luftwaffe's first (dice rules only).
    pub dice: Option<(Face, Face)>,
}

/// The weather for a whole campaign: the rule, and for the card rule the
/// shuffled cards (true: a black card, a respite), dealt at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weather {
    pub rule: WeatherRule,
    cards: Vec<bool>,
}

impl Weather {
    pub fn new(rule: WeatherRule, rules: &CampaignRules, dice: &mut Dice) -> Weather {
        let mut cards = Vec::new();
        if rule == WeatherRule::Cards {
            let (black, red) = rules.weather_cards;
            cards.extend(std::iter::repeat_n(true, black as usize));
            cards.extend(std::iter::repeat_n(false, red as usize));
            shuffle(&mut cards, dice);
        }
        Weather { rule, cards }
    }

    /// The check at the standby phase of `turn` (1-based).
    pub fn check(&self, turn: u8, rules: &CampaignRules, dice: &mut Dice) -> WeatherCheck {
        let by_dice = |pairs: &[super::dice::Pair], dice: &mut Dice| {
            let lw = rules.luftwaffe_die.roll(dice);
            let raf = rules.raf_die.roll(dice);
            let respite = pairs.iter().any(|p| p.matches(lw, raf));
            WeatherCheck {
                turn,
                flies: !respite,
                dice: Some((lw, raf)),
            }
        };
        match self.rule {
            WeatherRule::PhaseDice => {
                let phase = rules.calendar.phase_of(turn).unwrap_or(0);
                by_dice(&rules.phases[phase].respite_dice, dice)
            }
            WeatherRule::SingleDice => by_dice(&rules.single_respite_dice, dice),
            WeatherRule::Shortened => WeatherCheck {
                turn,
                flies: true,
                dice: None,
            },
            WeatherRule::Cards => WeatherCheck {
                turn,
                flies: !self.cards.get(turn as usize - 1).copied().unwrap_or(false),
                dice: None,
            },
            WeatherRule::Historical => WeatherCheck {
                turn,
                flies: !rules.historical_respites.contains(&turn),
                dice: None,
            },
        }
    }

    /// The chance (in 36ths) of a respite in a phase under a dice rule.
    pub fn respite_chance_36(
        rule: WeatherRule,
        phase: usize,
        rules: &CampaignRules,
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
