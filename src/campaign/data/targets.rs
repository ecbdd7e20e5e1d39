//! The fifty target cards (`levels/campaign/targets.ron`).

use super::{bad, CampaignMap, Group, Square, Terrain};
use crate::campaign::deck::{CardKind, DeckCard};
use crate::common::invalid::{earlier_same, too_long};
use crate::common::Invalid;
use serde::{Deserialize, Serialize};

/// A target card as the targets file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSetup {
    pub name: String,
    pub kind: CardKind,
    /// `(column, row)`.
    pub at: (i32, i32),
    /// The group whose area the target is in (checked against the map).
    pub group: u8,
    /// Cities and London: the dice the RAF rolls for production while the
    /// target stands. Other kinds: 0.
    #[serde(default)]
    pub production: u8,
    /// Bomb hits that knock the target out.
    pub hits: u8,
}

/// `levels/campaign/targets.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetsFile {
    pub targets: Vec<TargetSetup>,
}

/// A validated target card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetCard {
    pub name: String,
    pub kind: CardKind,
    pub at: Square,
    pub group: Group,
    pub production: u8,
    pub hits: u8,
}

/// The fifty target cards, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetDeck {
    pub cards: Vec<TargetCard>,
}

/// The game's deck (GAPS.md section 3).
pub const TARGET_CARDS: usize = 50;
/// "remove both London cards".
pub const LONDON_CARDS: usize = 2;
/// Kanalkampf and Alder Tag remove 13 of the other city cards.
pub const MIN_OTHER_CITIES: usize = 13;
/// Alder Tag and the Blitz remove 6 radar cards.
pub const MIN_RADAR: usize = 6;
/// The Blitz removes 6 airfield cards.
pub const MIN_AIRFIELDS: usize = 6;
/// Kanalkampf removes these airfield cards by name.
pub const NAMED_AIRFIELDS: [&str; 3] = ["Catterick", "Ringway", "Wittering"];
/// The most hits or production dice a card may have.
pub const MAX_CARD_VALUE: u8 = 9;

impl TargetDeck {
    pub fn build(file: &TargetsFile, map: &CampaignMap) -> Result<TargetDeck, Vec<Invalid>> {
        let t = &file.targets;
        if let Some(long) = too_long("targets", t, 2 * TARGET_CARDS, "target cards") {
            return Err(vec![long]);
        }
        let mut e = Vec::new();
        if t.len() != TARGET_CARDS {
            e.push(bad(
                "targets",
                format!(
                    "the deck has {} cards; the game's deck has {TARGET_CARDS}",
                    t.len()
                ),
            ));
        }
        let mut cards = Vec::new();
        let twice = earlier_same(t.iter().map(|c| &c.name));
        for (i, c) in t.iter().enumerate() {
            let p = format!("targets[{i}]");
            if c.name.trim().is_empty() {
                e.push(bad(format!("{p}.name"), "a target needs a name"));
            } else if twice[i].is_some() {
                e.push(bad(
                    format!("{p}.name"),
                    format!("two target cards are called {}", c.name),
                ));
            }
            let group = Group::from_number(c.group);
            if group.is_none() {
                e.push(bad(
                    format!("{p}.group"),
                    format!("no {} Group: use 10, 11, 12 or 13", c.group),
                ));
            }
            check_production_and_hits(&p, c, &mut e);
            if let Some(card) = place_card(&p, c, group, map, &mut e) {
                cards.push(card);
            }
        }
        check_deck_makeup(t, &mut e);
        if e.is_empty() {
            Ok(TargetDeck { cards })
        } else {
            Err(e)
        }
    }

    pub fn count(&self, kind: CardKind) -> usize {
        self.cards.iter().filter(|c| c.kind == kind).count()
    }

    /// The card's index by name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.cards.iter().position(|c| c.name == name)
    }

    /// The cards as the deck shuffles them.
    pub fn deck_cards(&self) -> Vec<DeckCard> {
        self.cards
            .iter()
            .map(|c| DeckCard {
                name: c.name.clone(),
                kind: c.kind,
            })
            .collect()
    }
}

/// A card's production (cities' only) and hits, each in its range.
fn check_production_and_hits(p: &str, c: &TargetSetup, e: &mut Vec<Invalid>) {
    let city = matches!(c.kind, CardKind::City | CardKind::London);
    if city && c.production == 0 {
        e.push(bad(
            format!("{p}.production"),
            format!("{} is a city: its production must be 1 or more", c.name),
        ));
    } else if !city && c.production != 0 {
        e.push(bad(
            format!("{p}.production"),
            format!(
                "{} is a{} {} card: only cities have production",
                c.name,
                if c.kind == CardKind::Airfield {
                    "n"
                } else {
                    ""
                },
                c.kind.name()
            ),
        ));
    }
    if c.production > MAX_CARD_VALUE {
        e.push(bad(
            format!("{p}.production"),
            format!("production must be 0 to {MAX_CARD_VALUE}"),
        ));
    }
    if !(1..=MAX_CARD_VALUE).contains(&c.hits) {
        e.push(bad(
            format!("{p}.hits"),
            format!("hits must be 1 to {MAX_CARD_VALUE}"),
        ));
    }
}

/// A card on the map: on British land in the group's area the card names,
/// a radar card on the radar line, an airfield at its RAF station.
fn place_card(
    p: &str,
    c: &TargetSetup,
    group: Option<Group>,
    map: &CampaignMap,
    e: &mut Vec<Invalid>,
) -> Option<TargetCard> {
    let at = Square::from(c.at);
    let found = match map.terrain(at) {
        None => {
            e.push(bad(format!("{p}.at"), format!("{:?} is off the map", c.at)));
            None
        }
        Some(Terrain::Land(g)) => Some(g),
        Some(other) => {
            e.push(bad(
                format!("{p}.at"),
                format!(
                    "{} must stand on British land, not {}",
                    c.name,
                    other.describe()
                ),
            ));
            None
        }
    };
    if let (Some(on_map), Some(said)) = (found, group) {
        if on_map != said {
            e.push(bad(
                format!("{p}.at"),
                format!(
                    "{} at {:?} is in {}'s area on the map, not {}'s",
                    c.name,
                    c.at,
                    on_map.name(),
                    said.name()
                ),
            ));
        }
        if c.kind == CardKind::Radar && map.radar_at(at).is_none() {
            e.push(bad(
                format!("{p}.at"),
                format!(
                    "radar card {} at {:?} is not on a square of the radar line",
                    c.name, c.at
                ),
            ));
        }
        if let Some(s) = map.station(&c.name) {
            if c.kind == CardKind::Airfield && s.at != at {
                e.push(bad(
                    format!("{p}.at"),
                    format!(
                        "the map has RAF station {} at {:?}, not {:?}",
                        c.name,
                        (s.at.col, s.at.row),
                        c.at
                    ),
                ));
            }
        }
        return Some(TargetCard {
            name: c.name.clone(),
            kind: c.kind,
            at,
            group: on_map,
            production: c.production,
            hits: c.hits,
        });
    }
    None
}

/// The deck's make-up: enough cards of each kind for the phases that take
/// them out, and the airfields Kanalkampf removes by name.
fn check_deck_makeup(t: &[TargetSetup], e: &mut Vec<Invalid>) {
    let count = |k: CardKind| t.iter().filter(|c| c.kind == k).count();
    if count(CardKind::London) != LONDON_CARDS {
        e.push(bad(
            "targets",
            format!(
                "the deck has {} London cards; the sheet's deck has {LONDON_CARDS} (London and Port of London)",
                count(CardKind::London)
            ),
        ));
    }
    for (k, min, why) in [
        (
            CardKind::City,
            MIN_OTHER_CITIES,
            "Kanalkampf and Alder Tag remove 13 of them",
        ),
        (
            CardKind::Radar,
            MIN_RADAR,
            "Alder Tag and the Blitz remove 6",
        ),
        (CardKind::Airfield, MIN_AIRFIELDS, "the Blitz removes 6"),
    ] {
        if count(k) < min {
            e.push(bad(
                "targets",
                format!(
                    "the deck has {} {} cards; it needs at least {min}: {why}",
                    count(k),
                    k.name()
                ),
            ));
        }
    }
    for name in NAMED_AIRFIELDS {
        if !t
            .iter()
            .any(|c| c.name == name && c.kind == CardKind::Airfield)
        {
            e.push(bad(
                "targets",
                format!("the deck has no airfield card {name}: Kanalkampf removes it by name"),
            ));
        }
    }
}
