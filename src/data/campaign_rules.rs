//! Loading `levels/campaign/campaign.ron`, the campaign's calendar and rules.

use super::{parse, positioned, LoadErrors, Source};
use crate::rules::campaign::rules::CampaignRules;

const CAMPAIGN_RULES: (&str, &str) = (
    "levels/campaign/campaign.ron",
    include_str!("../../levels/campaign/campaign.ron"),
);

/// The shipped campaign rules.
pub fn campaign_rules_source() -> Source {
    Source::builtin(CAMPAIGN_RULES.0, CAMPAIGN_RULES.1)
}

pub fn load_campaign_rules(src: &Source) -> Result<CampaignRules, LoadErrors> {
    let rules: CampaignRules = parse(&src.file, &src.text)?;
    let found = rules.validate();
    if found.is_empty() {
        Ok(rules)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped campaign rules, loaded and validated.
pub fn shipped_campaign_rules() -> Result<CampaignRules, LoadErrors> {
    load_campaign_rules(&campaign_rules_source())
}
