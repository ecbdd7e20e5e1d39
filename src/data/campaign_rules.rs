//! Loading `levels/campaign/campaign.ron`, the campaign's calendar and rules.

use super::{parse, positioned, LoadErrors, Source};
use crate::rules::campaign::data::{OrderOfBattle, Role};
use crate::rules::campaign::rules::{CampaignRules, HexTables};
use crate::rules::dogfight::Side;
use std::sync::Arc;

const CAMPAIGN_RULES: (&str, &str) = (
    "levels/campaign/campaign.ron",
    include_str!("../../levels/campaign/campaign.ron"),
);

/// The shipped campaign rules.
pub fn campaign_rules_source() -> Source {
    Source::builtin(CAMPAIGN_RULES.0, CAMPAIGN_RULES.1)
}

/// Loads and validates the campaign rules, with Simple Hex's shipped
/// aircraft and rule tables for the battles fought on the board.
pub fn load_campaign_rules(src: &Source) -> Result<CampaignRules, LoadErrors> {
    let mut rules: CampaignRules = parse(&src.file, &src.text)?;
    let found = rules.validate();
    if !found.is_empty() {
        return Err(positioned(&src.file, &src.text, found));
    }
    let aircraft = super::load_aircraft(&super::aircraft_source())?;
    let hex_rules = super::load_rules(&super::rules_source())?;
    rules.hex = Some(Arc::new(HexTables {
        aircraft,
        rules: hex_rules,
    }));
    Ok(rules)
}

/// The tactical section against the order of battle's squadron types and
/// Simple Hex's aircraft: every type flies as an aircraft of its side and role.
pub fn check_tactical(
    src: &Source,
    rules: &CampaignRules,
    oob: &OrderOfBattle,
) -> Result<(), LoadErrors> {
    let Some(hex) = &rules.hex else {
        return Ok(());
    };
    let types: Vec<(String, Side, Role)> = oob
        .types
        .iter()
        .map(|t| (t.name.clone(), t.side, t.role))
        .collect();
    let found = rules.validate_tactical(&types, &hex.aircraft);
    if found.is_empty() {
        Ok(())
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped campaign rules, loaded and validated.
pub fn shipped_campaign_rules() -> Result<CampaignRules, LoadErrors> {
    load_campaign_rules(&campaign_rules_source())
}
