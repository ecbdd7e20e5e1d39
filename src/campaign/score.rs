//! The score and the victory rule. Targets bombed and RAF squadrons lost are
//! kept as two separate tallies (the sheet's playing cards); the Luftwaffe's
//! losses are its damaged squadron cards.

use super::rules::CampaignValues;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Targets successfully bombed (a partly bombed city counts; a repaired
    /// one still counts).
    pub targets: u32,
    /// RAF squadrons lost.
    pub raf_lost: u32,
    /// Luftwaffe squadrons lost.
    pub luftwaffe_lost: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Verdict {
    Luftwaffe,
    Draw,
    British,
}

/// The outcomes a campaign's measured spreads count (the end screen grades
/// a win against the computer's campaigns won the same way; a draw has no
/// margin to grade).
pub const SPREAD_OUTCOMES: [&str; 2] = ["Luftwaffe", "British"];

/// The setting a campaign's result is measured at: its weather rule (the
/// spreads are measured with the campaign's dice, the Veteran on both
/// sides).
pub fn spread_setting(rule: super::rules::WeatherRule) -> String {
    rule.name().to_string()
}

/// Which way a win of `outcome` is the clearer: the Luftwaffe's with more
/// targets bombed, the RAF's with fewer.
pub fn spread_better(outcome: &str) -> crate::common::spread::Better {
    use crate::common::spread::Better;
    if outcome == SPREAD_OUTCOMES[0] {
        Better::Higher
    } else {
        Better::Lower
    }
}

/// A finished campaign's outcome for its spread, the targets bombed, and
/// which way is the clearer win; None for a draw.
pub fn spread_result(
    verdict: Verdict,
    tally: &Tally,
) -> Option<(&'static str, i32, crate::common::spread::Better)> {
    let outcome = match verdict {
        Verdict::Luftwaffe => SPREAD_OUTCOMES[0],
        Verdict::British => SPREAD_OUTCOMES[1],
        Verdict::Draw => return None,
    };
    Some((outcome, tally.targets as i32, spread_better(outcome)))
}

/// The loss-rate deal: the British deal hands of six from the RAF's losses,
/// the Germans hands of ten from theirs, until one cannot deal a full hand.
/// True if the Luftwaffe's loss rate is 6 to 10 or better: its cards run out
/// first, or both at once.
///
/// The sheet says the player "with cards left has the lower loss rate"; but a
/// player with cards left has lost more, and the sheet's own aim (the
/// Luftwaffe must match the historical exchange of 6 RAF to 10 German) only
/// comes true the other way round, so the side that runs out first has the
/// lower loss rate.
pub fn luftwaffe_rate_holds(tally: &Tally, rules: &CampaignValues) -> bool {
    let (raf_hand, lw_hand) = rules.loss_hands;
    tally.luftwaffe_lost / lw_hand <= tally.raf_lost / raf_hand
}

/// Both sides deal the same number of full hands: the sheet's "6 to 10".
pub fn loss_deal_tied(tally: &Tally, rules: &CampaignValues) -> bool {
    let (raf_hand, lw_hand) = rules.loss_hands;
    tally.luftwaffe_lost / lw_hand == tally.raf_lost / raf_hand
}

/// The victory rule: at least 28 targets and the loss rate held is a German
/// win; more than 28 with the rate lost, or more than 21 (and fewer than 28)
/// with a lower rate, a draw; anything else British. A tied deal counts as
/// a lower rate for the draw as the rules' `loss_tie_draws` says.
pub fn verdict(tally: &Tally, rules: &CampaignValues) -> Verdict {
    verdict_reading(tally, rules, rules.loss_tie_draws)
}

/// The verdict with a tied deal in the draw band read as `tie_draws` says,
/// whatever the rules' reading (the simulator measures both).
pub fn verdict_reading(tally: &Tally, rules: &CampaignValues, tie_draws: bool) -> Verdict {
    let rate = luftwaffe_rate_holds(tally, rules);
    let lower = rate && (tie_draws || !loss_deal_tied(tally, rules));
    let t = tally.targets;
    if t >= rules.targets_to_win && rate {
        Verdict::Luftwaffe
    } else if (t > rules.targets_to_win && !rate)
        || (t > rules.targets_to_draw && t < rules.targets_to_win && lower)
    {
        Verdict::Draw
    } else {
        Verdict::British
    }
}
