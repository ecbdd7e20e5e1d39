//! Campaign replays: the setup (weather rule and seed) and the commands (RON),
//! with the result the campaign reached, so `tally-ho replay FILE` can re-run
//! it and confirm it reproduces exactly. The same design as the other games'
//! replays: a fingerprint of the campaign's data and rules files' text, and an
//! FNV-1a digest of the RON text of the event log.
//!
//! The campaign is always played on the shipped map, target cards, order of
//! battle and rules, so a replay names no level: its fingerprint says which
//! versions of those files it was played with.

use super::{fnv, GameKind, ReplayError};
use crate::campaign::data::CampaignData;
use crate::campaign::game::{Campaign, CampaignSetup, Command, Event};
use crate::campaign::rules::CampaignRules;
use crate::campaign::score::{Tally, Verdict};
use crate::data::{self, campaign_rules, LoadErrors};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What a campaign came to; a re-run must match it exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignRecorded {
    pub tally: Tally,
    /// None: the campaign was not over when it was recorded.
    pub verdict: Option<Verdict>,
    /// The turn the campaign had reached (its last turn once it is over).
    pub turn: u8,
    pub events: usize,
    /// FNV-1a (64-bit) of the event log written as RON.
    pub digest: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CampaignReplay {
    /// Always `Campaign`: how a replay file says which game it holds.
    pub game: GameKind,
    /// FNV-1a of the campaign's map, target cards, order of battle and rules
    /// files' text.
    pub fingerprint: String,
    pub setup: CampaignSetup,
    pub commands: Vec<Command>,
    pub result: CampaignRecorded,
}

/// FNV-1a over the RON text of the events: stable across runs and machines.
pub fn digest(events: &[Event]) -> String {
    fnv(&[&ron::to_string(events).expect("events serialise")])
}

/// FNV-1a of the files a campaign is played with (the shipped ones).
pub fn fingerprint() -> String {
    fnv(&[
        &data::campaign_map_source().text,
        &data::campaign_targets_source().text,
        &data::campaign_oob_source().text,
        &campaign_rules::campaign_rules_source().text,
        // A battle on the board is played under Simple Hex's tables.
        &data::aircraft_source().text,
        &data::rules_source().text,
        &campaign_rules::board_aircraft_source().text,
    ])
}

pub fn recorded(campaign: &Campaign) -> CampaignRecorded {
    CampaignRecorded {
        tally: campaign.tally(),
        verdict: campaign.verdict(),
        turn: campaign.turn(),
        events: campaign.events().len(),
        digest: digest(campaign.events()),
    }
}

/// A replay of `campaign`, which must have kept its event log
/// (`Campaign::new`) and been played on the shipped data and rules.
pub fn record(campaign: &Campaign) -> CampaignReplay {
    CampaignReplay {
        game: GameKind::Campaign,
        fingerprint: fingerprint(),
        setup: campaign.setup(),
        commands: campaign.commands().to_vec(),
        result: recorded(campaign),
    }
}

/// The shipped campaign data and rules, loaded and validated.
pub fn shipped() -> Result<(Arc<CampaignData>, Arc<CampaignRules>), LoadErrors> {
    let data = data::load_campaign_data()?;
    let rules = campaign_rules::shipped_campaign_rules()?;
    campaign_rules::check_against(&campaign_rules::campaign_rules_source(), &rules, &data)?;
    Ok((Arc::new(data), Arc::new(rules)))
}

/// Re-runs the commands on a fresh campaign with the same setup.
pub fn rerun_on(
    data: Arc<CampaignData>,
    rules: Arc<CampaignRules>,
    replay: &CampaignReplay,
) -> Result<Campaign, ReplayError> {
    let mut campaign = Campaign::new(data, rules, replay.setup);
    super::play_all(&replay.commands, |c| campaign.play(c))?;
    Ok(campaign)
}

/// Checks the fingerprint, re-runs the campaign on the shipped data and rules
/// and checks that it reproduces the result.
pub fn verify(replay: &CampaignReplay) -> Result<Campaign, ReplayError> {
    if fingerprint() != replay.fingerprint {
        return Err(ReplayError::CampaignChanged);
    }
    let (data, rules) = shipped().map_err(ReplayError::Load)?;
    let campaign = rerun_on(data, rules, replay)?;
    let now = recorded(&campaign);
    if now != replay.result {
        return Err(ReplayError::CampaignDiffers {
            recorded: Box::new(replay.result.clone()),
            now: Box::new(now),
        });
    }
    Ok(campaign)
}

/// Reads a campaign replay file.
pub fn parse(file: &str, text: &str) -> Result<CampaignReplay, LoadErrors> {
    let rep: CampaignReplay = data::parse(file, text)?;
    if rep.game != GameKind::Campaign {
        return Err(data::LoadError {
            file: file.to_string(),
            line: 0,
            col: 0,
            message: format!("this replay says it holds {:?}, not the campaign", rep.game),
        }
        .into());
    }
    Ok(rep)
}
