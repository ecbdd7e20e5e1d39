//! The campaign as a record: the weather rule and how intercepts are fought
//! (the seed is the record's); its result is the tally, the verdict and the
//! turn reached. The campaign is always played on the shipped map, target
//! cards, order of battle and rules, so a record names no level: its
//! fingerprint says which versions of those files it was played with.

use super::{digest, fnv, trail_of, Player, Record, RecordError, VERSION};
use crate::campaign::data::CampaignData;
use crate::campaign::game::{Battles, Campaign, CampaignSetup, Command};
use crate::campaign::rules::{CampaignRules, WeatherRule};
use crate::campaign::score::{Tally, Verdict};
use crate::common::game::GameKind;
use crate::data::{self, campaign_rules, LoadErrors};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What a campaign starts from besides its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub weather: WeatherRule,
    #[serde(default)]
    pub battles: Battles,
}

/// What a campaign came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub tally: Tally,
    /// None: the campaign was not over.
    pub verdict: Option<Verdict>,
    /// The turn reached (the last turn once it is over).
    pub turn: u8,
}

pub type CampaignRecord = Record<Setup, Command, Summary>;

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

/// The shipped campaign data and rules, loaded and validated.
pub fn shipped() -> Result<(Arc<CampaignData>, Arc<CampaignRules>), LoadErrors> {
    let data = data::load_campaign_data()?;
    let rules = campaign_rules::shipped_campaign_rules()?;
    campaign_rules::check_against(&campaign_rules::campaign_rules_source(), &rules, &data)?;
    Ok((Arc::new(data), Arc::new(rules)))
}

pub(super) fn start(setup: Setup, seed: u64) -> Result<Campaign, RecordError> {
    let (data, rules) = shipped()?;
    Ok(Campaign::new(
        data,
        rules,
        CampaignSetup {
            weather: setup.weather,
            seed,
            battles: setup.battles,
        },
    ))
}

pub fn summary(c: &Campaign) -> Summary {
    Summary {
        tally: c.tally(),
        verdict: c.verdict(),
        turn: c.turn(),
    }
}

/// Where the campaign stands, in a few words.
pub fn progress(c: &Campaign) -> String {
    let t = c.tally();
    match c.verdict() {
        Some(v) => format!("Over: {v:?}; {} targets bombed", t.targets),
        None => format!(
            "Turn {} of {}; {} targets bombed; lost: RAF {}, Luftwaffe {}",
            c.turn(),
            c.turns(),
            t.targets,
            t.raf_lost,
            t.luftwaffe_lost
        ),
    }
}

/// Plays recorded commands on a campaign, with where each one's events
/// begin; the first refused (or, with a trail, the first whose events
/// differ) stops it.
pub(super) fn play(
    c: Campaign,
    commands: &[Command],
) -> Result<(Campaign, Vec<usize>), RecordError> {
    play_checked(c, commands, None)
}

fn play_checked(
    mut c: Campaign,
    commands: &[Command],
    trail: Option<&str>,
) -> Result<(Campaign, Vec<usize>), RecordError> {
    let mut marks = Vec::with_capacity(commands.len() + 1);
    for (index, cmd) in commands.iter().enumerate() {
        let from = c.events().len();
        marks.push(from);
        c.play(*cmd).map_err(|e| RecordError::Illegal {
            index,
            command: format!("{cmd:?}"),
            reason: e.to_string(),
        })?;
        if let Some(t) = trail {
            if t.get(4 * index..4 * index + 4)
                != Some(super::trail_entry(&c.events()[from..]).as_str())
            {
                return Err(RecordError::Edited {
                    index,
                    command: format!("{cmd:?}"),
                });
            }
        }
    }
    marks.push(c.events().len());
    Ok((c, marks))
}

/// The record of a campaign played so far (which kept its event log).
pub fn record_of(c: &Campaign, players: Vec<Player>) -> Result<CampaignRecord, RecordError> {
    let s = c.setup();
    let setup = Setup {
        weather: s.weather,
        battles: s.battles,
    };
    let (again, marks) = play(start(setup, s.seed)?, c.commands())?;
    Ok(Record {
        game: GameKind::Campaign,
        version: VERSION,
        fingerprint: fingerprint(),
        seed: s.seed,
        setup,
        players,
        commands: c.commands().to_vec(),
        result: summary(c),
        events: c.events().len(),
        digest: digest(c.events()),
        trail: trail_of(again.events(), &marks),
        progress: progress(c),
    })
}

/// The campaign a record holds, its commands replayed.
pub fn restore(r: &CampaignRecord) -> Result<Campaign, RecordError> {
    Ok(play(start(r.setup, r.seed)?, &r.commands)?.0)
}

/// Re-runs a campaign record and confirms it reproduces.
pub fn verify(r: &CampaignRecord, _base: &Path) -> Result<Campaign, RecordError> {
    if !r.fingerprint.is_empty() && r.fingerprint != fingerprint() {
        return Err(RecordError::DataChanged {
            what: "the campaign's map, target cards, order of battle or rules".into(),
        });
    }
    let trail = (!r.trail.is_empty()).then_some(r.trail.as_str());
    let (c, _) = play_checked(start(r.setup, r.seed)?, &r.commands, trail)?;
    let now = summary(&c);
    let d = digest(c.events());
    if now != r.result || (!r.digest.is_empty() && (d != r.digest || c.events().len() != r.events))
    {
        return Err(RecordError::Differs {
            recorded: format!("{:?}, {} events, digest {}", r.result, r.events, r.digest),
            now: format!("{:?}, {} events, digest {}", now, c.events().len(), d),
        });
    }
    Ok(c)
}

/// A line saying what a verified campaign came to.
pub fn describe(c: &Campaign) -> String {
    format!(
        "campaign replay reproduces: {} commands, {} events. {}",
        c.commands().len(),
        c.events().len(),
        paragraph(c)
    )
}

/// One paragraph on a campaign: its weather rule, turns, targets bombed,
/// squadrons lost on each side and the verdict.
pub fn paragraph(c: &Campaign) -> String {
    let t = c.tally();
    let flown = c.records().iter().filter(|r| r.flew).count();
    let outcome = match c.verdict() {
        Some(Verdict::Luftwaffe) => "a Luftwaffe victory",
        Some(Verdict::Draw) => "a draw",
        Some(Verdict::British) => "a British victory",
        None => "not decided yet: the campaign is unfinished",
    };
    format!(
        "Under the {} rule the campaign reached turn {} of {}, the Luftwaffe flying on {flown} of them; \
         it bombed {} targets, the RAF lost {} squadrons and the Luftwaffe {}; the verdict is {outcome}.",
        c.setup().weather.name(),
        c.turn(),
        c.turns(),
        t.targets,
        t.raf_lost,
        t.luftwaffe_lost,
    )
}
