//! The campaign's data: the shipped map, target cards and order of battle,
//! and loading them together.

use super::{parse, positioned, LoadErrors, Source};
use crate::campaign::data::{CampaignData, CampaignFile, MapFile, OrderOfBattleFile, TargetsFile};

/// The campaign map: (file, text).
pub const CAMPAIGN_MAP: (&str, &str) = (
    "levels/campaign/map.ron",
    include_str!("../../levels/campaign/map.ron"),
);

/// The fifty target cards: (file, text).
pub const CAMPAIGN_TARGETS: (&str, &str) = (
    "levels/campaign/targets.ron",
    include_str!("../../levels/campaign/targets.ron"),
);

/// The order of battle: (file, text).
pub const CAMPAIGN_OOB: (&str, &str) = (
    "levels/campaign/order_of_battle.ron",
    include_str!("../../levels/campaign/order_of_battle.ron"),
);

/// The shipped campaign map.
pub fn campaign_map_source() -> Source {
    Source::builtin(CAMPAIGN_MAP.0, CAMPAIGN_MAP.1)
}

/// The shipped target cards.
pub fn campaign_targets_source() -> Source {
    Source::builtin(CAMPAIGN_TARGETS.0, CAMPAIGN_TARGETS.1)
}

/// The shipped order of battle.
pub fn campaign_oob_source() -> Source {
    Source::builtin(CAMPAIGN_OOB.0, CAMPAIGN_OOB.1)
}

/// Loads and validates the campaign's map, target cards and order of
/// battle; every problem names its own file, line and column.
pub fn load_campaign_data_with(
    map: &Source,
    targets: &Source,
    oob: &Source,
) -> Result<CampaignData, LoadErrors> {
    let map_file = parse::<MapFile>(&map.file, &map.text);
    let targets_file = parse::<TargetsFile>(&targets.file, &targets.text);
    let oob_file = parse::<OrderOfBattleFile>(&oob.file, &oob.text);
    let (m, t, o) = match (map_file, targets_file, oob_file) {
        (Ok(m), Ok(t), Ok(o)) => (m, t, o),
        (m, t, o) => {
            return Err(LoadErrors(
                [m.err(), t.err(), o.err()].into_iter().flatten().collect(),
            ))
        }
    };
    CampaignData::build(&m, &t, &o).map_err(|found| {
        let mut errors = Vec::new();
        for (which, src) in [
            (CampaignFile::Map, map),
            (CampaignFile::Targets, targets),
            (CampaignFile::OrderOfBattle, oob),
        ] {
            let mine = found
                .iter()
                .filter(|(f, _)| *f == which)
                .map(|(_, inv)| inv.clone())
                .collect();
            errors.extend(positioned(&src.file, &src.text, mine).0);
        }
        LoadErrors(errors)
    })
}

/// Loads the shipped campaign data.
pub fn load_campaign_data() -> Result<CampaignData, LoadErrors> {
    load_campaign_data_with(
        &campaign_map_source(),
        &campaign_targets_source(),
        &campaign_oob_source(),
    )
}

/// The shipped files of the campaign's map, cards and order of battle:
/// (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    vec![CAMPAIGN_MAP, CAMPAIGN_TARGETS, CAMPAIGN_OOB]
}
