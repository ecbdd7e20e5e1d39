//! Loading the measured spreads the family game's, the campaign's and the
//! night Blitz's end screens grade a result against
//! (`levels/family/spreads.ron`, `levels/campaign/spreads.ron`,
//! `levels/blitz/spreads.ron`; Simple Hex keeps its spreads in its shares
//! table).

use super::{parse, positioned, LoadErrors, Source};
use crate::common::spread::SpreadTable;

const FAMILY_SPREADS: (&str, &str) = (
    "levels/family/spreads.ron",
    include_str!("../../levels/family/spreads.ron"),
);

const CAMPAIGN_SPREADS: (&str, &str) = (
    "levels/campaign/spreads.ron",
    include_str!("../../levels/campaign/spreads.ron"),
);

const BLITZ_SPREADS: (&str, &str) = (
    "levels/blitz/spreads.ron",
    include_str!("../../levels/blitz/spreads.ron"),
);

pub fn blitz_spreads_source() -> Source {
    Source::builtin(BLITZ_SPREADS.0, BLITZ_SPREADS.1)
}

/// The one setting the Blitz table measures.
pub fn blitz_spread_settings() -> Vec<String> {
    vec![crate::blitz::spread::SETTING.to_string()]
}

/// The shipped night Blitz spreads, loaded and checked.
pub fn shipped_blitz_spreads() -> Result<SpreadTable, LoadErrors> {
    load_spreads(
        &blitz_spreads_source(),
        &blitz_spread_settings(),
        &crate::blitz::spread::OUTCOMES,
    )
}

pub fn family_spreads_source() -> Source {
    Source::builtin(FAMILY_SPREADS.0, FAMILY_SPREADS.1)
}

pub fn campaign_spreads_source() -> Source {
    Source::builtin(CAMPAIGN_SPREADS.0, CAMPAIGN_SPREADS.1)
}

/// Loads a spreads table and checks its rows against the settings and
/// outcomes its game knows.
pub fn load_spreads(
    src: &Source,
    settings: &[String],
    outcomes: &[&str],
) -> Result<SpreadTable, LoadErrors> {
    let table: SpreadTable = parse(&src.file, &src.text)?;
    let found = table.validate(settings, outcomes);
    if found.is_empty() {
        Ok(table)
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// Every setting the family table may measure: each shipped board's
/// measured set-ups.
pub fn family_spread_settings() -> Result<Vec<String>, LoadErrors> {
    let mut out = Vec::new();
    for (name, _, _) in super::FAMILY_BOARDS {
        let sc = super::load_family(name)?;
        for setup in crate::family::spread::measured(sc.sectors.len()) {
            out.push(crate::family::spread::setting(name, &setup));
        }
    }
    Ok(out)
}

/// Every setting the campaign table may measure: each weather rule.
pub fn campaign_spread_settings() -> Vec<String> {
    crate::campaign::rules::WeatherRule::ALL
        .iter()
        .map(|r| crate::campaign::score::spread_setting(*r))
        .collect()
}

/// The shipped family spreads, loaded and checked.
pub fn shipped_family_spreads() -> Result<SpreadTable, LoadErrors> {
    load_spreads(
        &family_spreads_source(),
        &family_spread_settings()?,
        &crate::family::spread::OUTCOMES,
    )
}

/// The shipped campaign spreads, loaded and checked.
pub fn shipped_campaign_spreads() -> Result<SpreadTable, LoadErrors> {
    load_spreads(
        &campaign_spreads_source(),
        &campaign_spread_settings(),
        &crate::campaign::score::SPREAD_OUTCOMES,
    )
}

/// The shipped tables of the simulator's spreads: (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    vec![BLITZ_SPREADS, FAMILY_SPREADS, CAMPAIGN_SPREADS]
}
