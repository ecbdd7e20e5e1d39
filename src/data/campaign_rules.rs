//! Loading `levels/campaign/campaign.ron`, the campaign's calendar and rules.

use super::{parse, positioned, LoadErrors, Source};
use crate::campaign::data::{CampaignData, Role};
use crate::campaign::rules::{CampaignValues, FamilyTables, HexTables};
use crate::common::Side;
use crate::simple_hex::{AircraftFile, Invalid};
use std::sync::Arc;

const CAMPAIGN_RULES: (&str, &str) = (
    "levels/campaign/campaign.ron",
    include_str!("../../levels/campaign/campaign.ron"),
);

const BOARD_AIRCRAFT: (&str, &str) = (
    "levels/campaign/board_aircraft.ron",
    include_str!("../../levels/campaign/board_aircraft.ron"),
);

const ZOOM: (&str, &str) = (
    "levels/campaign/zoom.ron",
    include_str!("../../levels/campaign/zoom.ron"),
);

/// The harms of board battles between equal opponents (docs/RULES.md, "The
/// same war on every board").
/// Empty while a data tree of before the table is in use.
pub fn zoom_source() -> Source {
    Source::builtin_since(ZOOM.0, ZOOM.1)
}

/// Loads and checks a zoom table: problems are placed in its file.
pub fn load_zoom(src: &Source) -> Result<crate::campaign::zoom::ZoomTable, LoadErrors> {
    let table: crate::campaign::zoom::ZoomTable = parse(&src.file, &src.text)?;
    let found: Vec<Invalid> = table
        .problems()
        .into_iter()
        .map(|(path, message)| Invalid { path, message })
        .collect();
    if !found.is_empty() {
        return Err(positioned(&src.file, &src.text, found));
    }
    Ok(table)
}

const FAMILY_BOARD: (&str, &str) = (
    "levels/campaign/family_board.ron",
    include_str!("../../levels/campaign/family_board.ron"),
);

/// The family board a campaign intercept is fought on.
pub fn campaign_family_board_source() -> Source {
    Source::builtin(FAMILY_BOARD.0, FAMILY_BOARD.1)
}

/// The family game's rules and the campaign's family board, checked
/// together (the board must build under the rules, with a sector for each
/// squadron of a wing), and the campaign's family-board numbers against
/// them, placed in the campaign rules file.
pub fn family_tables(
    board: &Source,
    src: &Source,
    rules: &CampaignValues,
) -> Result<FamilyTables, LoadErrors> {
    let family_rules = super::family::load_family_rules(&super::family::family_rules_source())?;
    let file: crate::family::FamilyBoardFile = parse(&board.file, &board.text)?;
    crate::family::FamilyScenario::build(&file, family_rules.clone())
        .map_err(|found| positioned(&board.file, &board.text, found))?;
    let f = &rules.family_board;
    let mut found = Vec::new();
    if f.altitude > family_rules.max_altitude {
        found.push(Invalid {
            path: "family_board.altitude".into(),
            message: format!(
                "the family game's poles go up to {}",
                family_rules.max_altitude
            ),
        });
    }
    if f.fuel > family_rules.fuel_full {
        found.push(Invalid {
            path: "family_board.fuel".into(),
            message: format!(
                "a full tank in the family game is {}",
                family_rules.fuel_full
            ),
        });
    }
    if !found.is_empty() {
        return Err(positioned(&src.file, &src.text, found));
    }
    Ok(FamilyTables {
        board: file,
        rules: family_rules,
    })
}

/// The shipped campaign rules.
pub fn campaign_rules_source() -> Source {
    Source::builtin(CAMPAIGN_RULES.0, CAMPAIGN_RULES.1)
}

/// The campaign's squadron types Simple Hex does not fly.
pub fn board_aircraft_source() -> Source {
    Source::builtin(BOARD_AIRCRAFT.0, BOARD_AIRCRAFT.1)
}

/// Simple Hex's aircraft with the campaign's own added (`extra`); a name
/// both give is an error in `extra`, at its line.
pub fn board_aircraft(extra: &Source) -> Result<AircraftFile, LoadErrors> {
    let mut aircraft = super::load_aircraft(&super::aircraft_source())?;
    let more = super::load_aircraft(extra)?;
    let known: std::collections::HashSet<&str> =
        aircraft.aircraft.iter().map(|a| a.name.as_str()).collect();
    let clash: Vec<Invalid> = more
        .aircraft
        .iter()
        .enumerate()
        .filter(|(_, a)| known.contains(a.name.as_str()))
        .map(|(i, a)| Invalid {
            path: format!("aircraft[{i}].name"),
            message: format!("Simple Hex already has an aircraft \"{}\"", a.name),
        })
        .collect();
    if !clash.is_empty() {
        return Err(positioned(&extra.file, &extra.text, clash));
    }
    aircraft.aircraft.extend(more.aircraft);
    Ok(aircraft)
}

/// Loads and validates the campaign rules, with Simple Hex's shipped
/// aircraft (and the campaign's own) and rule tables for the battles
/// fought on the board.
pub fn load_campaign_rules(src: &Source) -> Result<CampaignValues, LoadErrors> {
    let mut rules: CampaignValues = parse(&src.file, &src.text)?;
    let found = rules.validate();
    if !found.is_empty() {
        return Err(positioned(&src.file, &src.text, found));
    }
    let aircraft = board_aircraft(&board_aircraft_source())?;
    let hex_rules = super::load_rules(&super::rules_source())?;
    rules.hex = Some(Arc::new(HexTables {
        aircraft,
        rules: hex_rules,
    }));
    let family = family_tables(&campaign_family_board_source(), src, &rules)?;
    rules.family = Some(Arc::new(family));
    // Only rules that rank a battle's result read the table (a data tree
    // of before version 10 has none).
    if rules.tactical.ranked {
        rules.zoom = Some(Arc::new(load_zoom(&zoom_source())?));
    }
    Ok(rules)
}

/// The rules against the campaign's data: every squadron type and target
/// card they name must be in it, and every type of the order of battle
/// must fly as a Simple Hex aircraft of its side and role on the board.
/// Problems are placed in the rules file.
pub fn check_against(
    src: &Source,
    rules: &CampaignValues,
    data: &CampaignData,
) -> Result<(), LoadErrors> {
    let mut found = rules.validate_against(data);
    if let Some(hex) = &rules.hex {
        let types: Vec<(String, Side, Role)> = data
            .oob
            .types
            .iter()
            .map(|t| (t.name.clone(), t.side, t.role))
            .collect();
        found.extend(rules.validate_tactical(&types, &hex.aircraft));
    }
    if found.is_empty() {
        Ok(())
    } else {
        Err(positioned(&src.file, &src.text, found))
    }
}

/// The shipped campaign rules, loaded and validated.
pub fn shipped_campaign_rules() -> Result<CampaignValues, LoadErrors> {
    load_campaign_rules(&campaign_rules_source())
}

/// The shipped files of the campaign's rules and boards: (path, text).
pub(super) fn files() -> Vec<(&'static str, &'static str)> {
    vec![CAMPAIGN_RULES, BOARD_AIRCRAFT, FAMILY_BOARD, ZOOM]
}
