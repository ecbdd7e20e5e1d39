//! The campaign as a record: the weather rule and how intercepts are fought
//! (the seed is the record's); its result is the tally, the verdict and the
//! turn reached. The campaign is always played on the shipped map, target
//! cards, order of battle and rules, so a record names no level: its
//! data version (`data_version` in `campaign.ron`) says which campaign data
//! it was played on, and its fingerprint which texts of those files; a
//! record of earlier data replays on them, from the archive of earlier
//! data (`record::load`).

use super::{fnv, RecordError, RecordOf, Recorded};
use crate::campaign::data::CampaignData;
use crate::campaign::game::{Battles, Campaign, CampaignSetup, Snapshot, Start, State};
use crate::campaign::rules::{CampaignValues, WeatherRule};
use crate::campaign::score::{Tally, Verdict};
use crate::common::shell::Shell;
use crate::data::{self, campaign_rules, LoadErrors};
use crate::simple_hex::SpeedDice;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// What a campaign starts from besides its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub weather: WeatherRule,
    #[serde(default)]
    pub battles: Battles,
    /// Board battles' speed dice as each plane moves: records of format
    /// version 2 and earlier (written only when not the default).
    #[serde(default, skip_serializing_if = "SpeedDice::is_default")]
    pub speed_dice: SpeedDice,
    /// The campaign data version it was played on (`data_version` in
    /// `campaign.ron`); 0 in records written before data versions.
    #[serde(default)]
    pub data_version: u32,
    /// The side asked how each fight is fought (`CampaignSetup::asks`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asks: Option<crate::common::Side>,
}

/// What a campaign came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    pub tally: Tally,
    /// None: the campaign was not over.
    pub verdict: Option<Verdict>,
    /// The turn reached (the last turn once it is over).
    pub turn: u8,
}

pub type CampaignRecord = RecordOf<Campaign>;

/// FNV-1a of the files a campaign is played with (the shipped ones).
pub fn fingerprint() -> String {
    // The board battles' zoom table joined the data at version 10: a tree
    // of before it has none, and its fingerprint names none.
    let zoom = campaign_rules::zoom_source().text;
    let mut texts = vec![
        data::campaign_map_source().text,
        data::campaign_targets_source().text,
        data::campaign_oob_source().text,
        campaign_rules::campaign_rules_source().text,
        // A battle on the board is played under Simple Hex's tables.
        data::aircraft_source().text,
        data::rules_source().text,
        campaign_rules::board_aircraft_source().text,
    ];
    if !zoom.is_empty() {
        texts.push(zoom);
    }
    fnv(&texts.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The data version of the shipped campaign data (`data_version` in
/// `campaign.ron`).
pub fn data_version() -> Result<u32, LoadErrors> {
    Ok(campaign_rules::shipped_campaign_rules()?.data_version)
}

/// A campaign record's data version must be the version of the data its
/// fingerprint names (today's, or an earlier tree kept in the archive):
/// another is an edit of one or the other, refused at its place with a
/// sentence. A record written before data versions (0) takes the version
/// of the data it names. Data no tree keeps cannot be checked: the version
/// is kept as written.
pub fn check_data_version(
    file: &str,
    text: &str,
    record: &mut CampaignRecord,
) -> Result<(), RecordError> {
    let named = match super::data_of::<Campaign>(record, Path::new("."))? {
        super::DataFound::Today => Some(data_version()?),
        super::DataFound::Archived(tree) => {
            tree_data_version(crate::data::archive::Archive::shipped().text(tree, CAMPAIGN_RULES))
        }
        super::DataFound::Unknown => None,
    };
    let was = record.setup.data_version;
    match named {
        None => Ok(()),
        Some(v) if was == 0 || was == v => {
            record.setup.data_version = v;
            Ok(())
        }
        Some(v) => Err(data::positioned(
            file,
            text,
            vec![crate::simple_hex::Invalid {
                path: "setup.data_version".into(),
                message: format!(
                    "this campaign names campaign data version {was}, but the data its fingerprint names is version {v}: one of them was edited"
                ),
            }],
        )
        .into()),
    }
}

/// The campaign rules file, where a tree keeps the data version.
const CAMPAIGN_RULES: &str = "levels/campaign/campaign.ron";

/// The data version an archived campaign rules file names (read alone: a
/// tree's file may no longer read as today's rules).
fn tree_data_version(text: Option<&str>) -> Option<u32> {
    #[derive(Deserialize)]
    struct Version {
        #[serde(default)]
        data_version: u32,
    }
    let v: Version = data::parse(CAMPAIGN_RULES, text?).ok()?;
    Some(v.data_version)
}

/// The shipped campaign data and rules, loaded and validated.
pub fn shipped() -> Result<(Arc<CampaignData>, Arc<CampaignValues>), LoadErrors> {
    let data = data::load_campaign_data()?;
    let rules = campaign_rules::shipped_campaign_rules()?;
    campaign_rules::check_against(&campaign_rules::campaign_rules_source(), &rules, &data)?;
    Ok((Arc::new(data), Arc::new(rules)))
}

/// A campaign's setup as the engine takes it.
fn campaign_setup(setup: &Setup, seed: u64) -> CampaignSetup {
    CampaignSetup {
        weather: setup.weather,
        seed,
        battles: setup.battles,
        speed_dice: setup.speed_dice,
        asks: setup.asks,
    }
}

impl Recorded for Campaign {
    /// The campaign's rules changed with its data (its data version) up to
    /// version 5: a record of another data tree is of other rules.
    const RULES_SINCE: u32 = 5;

    type Setup = Setup;
    type Summary = Summary;
    type Snapshot = Snapshot;

    fn setup(&self) -> Setup {
        let s = State::setup(self);
        Setup {
            weather: s.weather,
            battles: s.battles,
            speed_dice: s.speed_dice,
            data_version: State::rules(self).data_version,
            asks: s.asks,
        }
    }

    fn start(setup: &Setup, seed: u64, _base: &Path) -> Result<Campaign, RecordError> {
        let (data, rules) = shipped()?;
        Ok(Campaign::new(data, rules, campaign_setup(setup, seed)))
    }

    fn start_from(
        setup: &Setup,
        snapshot: &Snapshot,
        seed: u64,
        _base: &Path,
    ) -> Result<Campaign, RecordError> {
        let (data, rules) = shipped()?;
        let start = Start {
            data,
            rules,
            setup: campaign_setup(setup, seed),
            position: Arc::new(Default::default()),
        };
        Shell::from_snapshot(start, snapshot, seed, true).map_err(RecordError::Setup)
    }

    fn snapshot(&self) -> (usize, Snapshot) {
        Shell::snapshot(self)
    }

    fn resumed_from(&self) -> Option<&Snapshot> {
        Shell::resumed_from(self)
    }

    fn fingerprint(_setup: &Setup, _base: &Path) -> Result<String, RecordError> {
        Ok(fingerprint())
    }

    fn summary(&self) -> Summary {
        Summary {
            tally: self.tally(),
            verdict: self.verdict(),
            turn: self.turn(),
        }
    }

    fn progress(&self) -> String {
        let t = self.tally();
        match self.verdict() {
            Some(v) => format!("Over: {v:?}; {} targets bombed", t.targets),
            None => format!(
                "Turn {} of {}; {} targets bombed; lost: RAF {}, Luftwaffe {}",
                self.turn(),
                self.turns(),
                t.targets,
                t.raf_lost,
                t.luftwaffe_lost
            ),
        }
    }

    fn any(record: super::RecordOf<Self>) -> super::AnyRecord {
        super::AnyRecord::Campaign(record)
    }
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
