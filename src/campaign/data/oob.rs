//! The order of battle (`levels/campaign/order_of_battle.ron`): the squadron
//! types, the RAF's wings and the Luftwaffe's geschwader.

use super::map::Base;
use super::{bad, CampaignMap, Group, Luftflotte, Square, MAX_CARD_VALUE};
use crate::common::invalid::{earlier_same, too_long};
use crate::common::{Invalid, Side};
use serde::{Deserialize, Serialize};

/// What a squadron is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Fights: the RAF's squadrons, and the Luftwaffe's escorts.
    Fighter,
    /// Bombs the target.
    Bomber,
}

/// A squadron type as the order of battle file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeSetup {
    pub name: String,
    pub side: Side,
    pub role: Role,
    /// Hits that remove a squadron (fewer stand it down in an intercept).
    pub defence: u8,
    /// Dice in a dogfight.
    pub dogfight: u8,
    /// Dogfight dice north of the 12 Group line and for Luftflotte 5, when
    /// fewer (the Bf 110's 2). Absent: the same as `dogfight`.
    #[serde(default)]
    pub dogfight_north: Option<u8>,
    /// Dice in an interception (the Luftwaffe's: return fire).
    pub intercept: u8,
    /// Bombers: dice on the bombing run.
    #[serde(default)]
    pub bombs: u8,
    /// May not enter squares entirely north of the 12 Group line (Bf 109,
    /// Ju 87).
    #[serde(default)]
    pub short_range: bool,
}

/// An RAF squadron card as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RafSquadronSetup {
    /// The squadron's number: 32 for No. 32 Squadron.
    pub number: u16,
    /// A type's name.
    pub aircraft: String,
}

/// A wing of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WingSetup {
    pub name: String,
    /// 10, 11, 12 or 13.
    pub group: u8,
    /// Its home: an RAF station of the map, in the group's area.
    pub station: String,
    pub squadrons: Vec<RafSquadronSetup>,
}

/// A Luftwaffe squadron card as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LuftwaffeSquadronSetup {
    /// The unit the card stands for: "I./KG 2".
    pub unit: String,
    /// A type's name.
    pub aircraft: String,
}

/// A geschwader of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeschwaderSetup {
    pub name: String,
    /// 2, 3 or 5.
    pub luftflotte: u8,
    /// A base of the map, of the same Luftflotte.
    pub base: String,
    pub squadrons: Vec<LuftwaffeSquadronSetup>,
}

/// `levels/campaign/order_of_battle.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderOfBattleFile {
    pub types: Vec<TypeSetup>,
    pub wings: Vec<WingSetup>,
    pub geschwader: Vec<GeschwaderSetup>,
}

/// A validated squadron type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadronType {
    pub name: String,
    pub side: Side,
    pub role: Role,
    pub defence: u8,
    pub dogfight: u8,
    /// Resolved: equal to `dogfight` unless the file says fewer.
    pub dogfight_north: u8,
    pub intercept: u8,
    pub bombs: u8,
    pub short_range: bool,
}

impl SquadronType {
    /// What its side values a squadron of this type at, when it chooses
    /// which squadron takes the hits (the least valued first): its bombs
    /// most, then its dogfight dice, its intercept dice and its defence.
    pub fn value(&self) -> i32 {
        (self.bombs as i32) * 4
            + (self.dogfight as i32) * 2
            + self.intercept as i32
            + self.defence as i32
    }
}

/// An RAF squadron card: its number and its type (an index into `types`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RafSquadron {
    pub number: u16,
    pub aircraft: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wing {
    pub name: String,
    pub group: Group,
    pub station: String,
    /// The station's square.
    pub at: Square,
    pub squadrons: Vec<RafSquadron>,
}

/// A Luftwaffe squadron card: its unit and its type (an index into `types`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LuftwaffeSquadron {
    pub unit: String,
    pub aircraft: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Geschwader {
    pub name: String,
    pub luftflotte: Luftflotte,
    pub base: String,
    /// The base's square (for a base off the map, where it enters).
    pub at: Square,
    pub off_map: bool,
    pub squadrons: Vec<LuftwaffeSquadron>,
}

/// The validated order of battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderOfBattle {
    pub types: Vec<SquadronType>,
    pub wings: Vec<Wing>,
    pub geschwader: Vec<Geschwader>,
}

/// Squadron cards in a wing (GAPS.md: 12 "flights" of 3).
pub const WING_SIZE: usize = 3;
/// Squadron cards in a geschwader (GAPS.md: 7 "flights" of 6).
pub const GESCHWADER_SIZE: usize = 6;
/// The most squadron types an order of battle may list.
pub const MAX_TYPES: usize = 32;
/// The most wings, or geschwader, an order of battle may list.
pub const MAX_FORMATIONS: usize = 64;

/// The types the sheet's rules name, and their side: rotations (Spitfire,
/// Hurricane, Blenheim), withdrawals (Defiant, Ju 87), the 12 Group line
/// (Bf 109, Ju 87) and the Bf 110's dice.
pub const SHEET_TYPES: [(&str, Side); 7] = [
    ("Spitfire", Side::British),
    ("Hurricane", Side::British),
    ("Blenheim", Side::British),
    ("Defiant", Side::British),
    ("Bf 109", Side::German),
    ("Bf 110", Side::German),
    ("Ju 87", Side::German),
];

/// One squadron rotation: `count` squadrons of a type from one group to
/// another (groups by number).
pub type RotationMove<'a> = (u8, u8, &'a str, usize);

/// The sheet's rotations, each a turn's moves. Turn 9 twice: as its list
/// gives it, and as its footnote totals it (13 Group: 3 Spitfires and 1
/// Hurricane to 11 Group), so that either reading can be carried out.
pub const SHEET_ROTATIONS: [(&str, &[RotationMove<'static>]); 3] = [
    (
        "turn 5",
        &[
            (11, 10, "Hurricane", 1),
            (11, 10, "Blenheim", 1),
            (12, 11, "Spitfire", 1),
            (12, 11, "Hurricane", 1),
            (13, 10, "Spitfire", 1),
            (13, 11, "Spitfire", 1),
            (13, 11, "Hurricane", 2),
        ],
    ),
    (
        "turn 9",
        &[
            (12, 11, "Spitfire", 1),
            (12, 11, "Hurricane", 2),
            (13, 11, "Spitfire", 2),
            (13, 11, "Hurricane", 2),
        ],
    ),
    (
        "turn 9 (as the footnote totals it)",
        &[
            (12, 11, "Spitfire", 1),
            (12, 11, "Hurricane", 2),
            (13, 11, "Spitfire", 3),
            (13, 11, "Hurricane", 1),
        ],
    ),
];

/// The squadron types by name, for the formations' cards (the first of
/// a name given twice).
struct TypeIndex<'a> {
    types: &'a [TypeSetup],
    by_name: std::collections::HashMap<&'a str, usize>,
}

impl<'a> TypeIndex<'a> {
    fn new(types: &'a [TypeSetup]) -> TypeIndex<'a> {
        let by_name = types
            .iter()
            .enumerate()
            .rev()
            .map(|(k, t)| (t.name.as_str(), k))
            .collect();
        TypeIndex { types, by_name }
    }

    fn of(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
}

impl OrderOfBattle {
    pub fn build(
        file: &OrderOfBattleFile,
        map: &CampaignMap,
    ) -> Result<OrderOfBattle, Vec<Invalid>> {
        let long = too_long_lists(file);
        if !long.is_empty() {
            return Err(long);
        }
        let mut e = Vec::new();
        let types = build_types(file, &mut e);
        let index = TypeIndex::new(&file.types);
        let wings = build_wings(file, map, &index, &mut e);
        let geschwader = build_geschwader(file, map, &index, &mut e);
        if !e.is_empty() {
            return Err(e);
        }
        let oob = OrderOfBattle {
            types,
            wings,
            geschwader,
        };
        for (name, path, rule) in [
            ("Defiant", "wings", "withdraws the Defiants on turn 5"),
            ("Ju 87", "geschwader", "withdraws the Stukas on turn 7"),
        ] {
            if oob.cards_of(name) == 0 {
                e.push(bad(
                    path,
                    format!("the sheet {rule}: the order of battle has no {name} squadron"),
                ));
            }
        }
        for (turn, moves) in SHEET_ROTATIONS {
            for short in oob.rotation_shortfalls(moves.iter().copied()) {
                e.push(bad("wings", format!("the sheet's {turn} rotation {short}")));
            }
        }
        if e.is_empty() {
            Ok(oob)
        } else {
            Err(e)
        }
    }

    /// The index of a type by name.
    pub fn type_named(&self, name: &str) -> Option<usize> {
        self.types.iter().position(|t| t.name == name)
    }

    /// Squadron cards of a type, both sides.
    pub fn cards_of(&self, type_name: &str) -> usize {
        let Some(k) = self.type_named(type_name) else {
            return 0;
        };
        let raf = self
            .wings
            .iter()
            .flat_map(|w| &w.squadrons)
            .filter(|s| s.aircraft == k)
            .count();
        let lw = self
            .geschwader
            .iter()
            .flat_map(|g| &g.squadrons)
            .filter(|s| s.aircraft == k)
            .count();
        raf + lw
    }

    /// Squadron cards of a type in a group's wings.
    pub fn count(&self, group: Group, type_name: &str) -> usize {
        let Some(k) = self.type_named(type_name) else {
            return 0;
        };
        self.wings
            .iter()
            .filter(|w| w.group == group)
            .flat_map(|w| &w.squadrons)
            .filter(|s| s.aircraft == k)
            .count()
    }

    /// What one turn's rotations would ask of the groups that they do not
    /// hold: a group sending `n` of a type needs `n` of them, and a group
    /// receiving `n` needs `n` of them to bring back. Empty when every move
    /// can be made.
    pub fn rotation_shortfalls<'a>(
        &self,
        moves: impl IntoIterator<Item = RotationMove<'a>>,
    ) -> Vec<String> {
        let moves: Vec<RotationMove> = moves.into_iter().collect();
        let mut out = Vec::new();
        let mut needs: Vec<(u8, &str, usize, &str)> = Vec::new();
        for &(from, to, kind, n) in &moves {
            for (g, verb) in [(from, "takes"), (to, "brings back")] {
                match needs
                    .iter_mut()
                    .find(|(ng, nk, _, nv)| *ng == g && *nk == kind && *nv == verb)
                {
                    Some(need) => need.2 += n,
                    None => needs.push((g, kind, n, verb)),
                }
            }
        }
        for (g, kind, n, verb) in needs {
            let Some(group) = Group::from_number(g) else {
                out.push(format!("names {g} Group, which is not in the battle"));
                continue;
            };
            let have = self.count(group, kind);
            if have < n {
                out.push(format!(
                    "{verb} {n} {kind} squadron{} {} {}, which has {have}",
                    if n == 1 { "" } else { "s" },
                    if verb == "takes" { "from" } else { "to" },
                    group.name()
                ));
            }
        }
        out
    }
}

/// The file's lists and formations longer than any order of battle.
fn too_long_lists(file: &OrderOfBattleFile) -> Vec<Invalid> {
    let mut long: Vec<Invalid> = [
        too_long("types", &file.types, MAX_TYPES, "squadron types"),
        too_long("wings", &file.wings, MAX_FORMATIONS, "wings"),
        too_long("geschwader", &file.geschwader, MAX_FORMATIONS, "geschwader"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if long.is_empty() {
        // Twice a formation's cards: room for a file that is wrong by a
        // few, which the checks below name.
        for (i, w) in file.wings.iter().enumerate() {
            long.extend(too_long(
                &format!("wings[{i}].squadrons"),
                &w.squadrons,
                2 * WING_SIZE,
                "cards",
            ));
        }
        for (i, g) in file.geschwader.iter().enumerate() {
            long.extend(too_long(
                &format!("geschwader[{i}].squadrons"),
                &g.squadrons,
                2 * GESCHWADER_SIZE,
                "cards",
            ));
        }
    }
    long
}

/// The squadron types, checked one by one and against the sheet's rules.
fn build_types(file: &OrderOfBattleFile, e: &mut Vec<Invalid>) -> Vec<SquadronType> {
    let mut types = Vec::new();
    let twice = earlier_same(file.types.iter().map(|t| &t.name));
    for (i, t) in file.types.iter().enumerate() {
        let p = format!("types[{i}]");
        if t.name.trim().is_empty() {
            e.push(bad(format!("{p}.name"), "a type needs a name"));
        } else if twice[i].is_some() {
            e.push(bad(
                format!("{p}.name"),
                format!("two types are called {}", t.name),
            ));
        }
        for (field, v, min) in [
            ("defence", t.defence, 1),
            ("dogfight", t.dogfight, 0),
            ("intercept", t.intercept, 0),
            ("bombs", t.bombs, 0),
        ] {
            if !(min..=MAX_CARD_VALUE).contains(&v) {
                e.push(bad(
                    format!("{p}.{field}"),
                    format!("{field} must be {min} to {MAX_CARD_VALUE}"),
                ));
            }
        }
        if let Some(n) = t.dogfight_north {
            if n > t.dogfight {
                e.push(bad(
                    format!("{p}.dogfight_north"),
                    "dogfight_north must be no more than dogfight",
                ));
            }
        }
        match t.role {
            Role::Bomber if t.bombs == 0 => e.push(bad(
                format!("{p}.bombs"),
                format!("{} is a bomber: it needs bombs", t.name),
            )),
            Role::Fighter if t.bombs != 0 => e.push(bad(
                format!("{p}.bombs"),
                format!("{} is a fighter: bombs must be 0", t.name),
            )),
            _ => {}
        }
        if t.side == Side::British && t.role == Role::Bomber {
            e.push(bad(
                format!("{p}.role"),
                "the RAF's squadrons in this game are fighters",
            ));
        }
        types.push(SquadronType {
            name: t.name.clone(),
            side: t.side,
            role: t.role,
            defence: t.defence,
            dogfight: t.dogfight,
            dogfight_north: t.dogfight_north.unwrap_or(t.dogfight),
            intercept: t.intercept,
            bombs: t.bombs,
            short_range: t.short_range,
        });
    }
    for (name, side) in SHEET_TYPES {
        match file.types.iter().find(|t| t.name == name) {
            None => e.push(bad(
                "types",
                format!("the sheet's rules name the {name}: the types need it"),
            )),
            Some(t) if t.side != side => {
                e.push(bad("types", format!("the {name} flies for the other side")))
            }
            _ => {}
        }
    }
    types
}

/// The RAF's wings, each at its station with its squadron cards.
fn build_wings(
    file: &OrderOfBattleFile,
    map: &CampaignMap,
    types: &TypeIndex,
    e: &mut Vec<Invalid>,
) -> Vec<Wing> {
    let raf_twice = earlier_same(
        file.wings
            .iter()
            .flat_map(|w| w.squadrons.iter().map(|s| s.number)),
    );
    let mut raf_card = 0;
    let named_twice = earlier_same(file.wings.iter().map(|w| &w.name));
    let mut wings = Vec::new();
    if file.wings.is_empty() {
        e.push(bad("wings", "the RAF has no wings"));
    }
    for (i, w) in file.wings.iter().enumerate() {
        let p = format!("wings[{i}]");
        if w.name.trim().is_empty() {
            e.push(bad(format!("{p}.name"), "a wing needs a name"));
        } else if named_twice[i].is_some() {
            e.push(bad(
                format!("{p}.name"),
                format!("two wings are called {}", w.name),
            ));
        }
        let group = Group::from_number(w.group);
        if group.is_none() {
            e.push(bad(
                format!("{p}.group"),
                format!("no {} Group: use 10, 11, 12 or 13", w.group),
            ));
        }
        let station = map.station(&w.station);
        match (station, group) {
            (None, _) => e.push(bad(
                format!("{p}.station"),
                format!("the map has no RAF station {}", w.station),
            )),
            (Some(s), Some(g)) if s.group != g => e.push(bad(
                format!("{p}.station"),
                format!(
                    "{} is in {}'s area, not {}'s",
                    s.name,
                    s.group.name(),
                    g.name()
                ),
            )),
            _ => {}
        }
        if w.squadrons.len() != WING_SIZE {
            e.push(bad(
                format!("{p}.squadrons"),
                format!(
                    "a wing has {WING_SIZE} squadron cards; {} has {}",
                    w.name,
                    w.squadrons.len()
                ),
            ));
        }
        let mut squadrons = Vec::new();
        for (j, s) in w.squadrons.iter().enumerate() {
            let q = format!("{p}.squadrons[{j}]");
            if !(1..=999).contains(&s.number) {
                e.push(bad(format!("{q}.number"), "a squadron number is 1 to 999"));
            }
            let twice = raf_twice[raf_card].is_some();
            raf_card += 1;
            if twice {
                e.push(bad(
                    format!("{q}.number"),
                    format!("No. {} Squadron is in the order of battle twice", s.number),
                ));
            }
            if let Some(card) = raf_squadron(&q, s, types, e) {
                squadrons.push(card);
            }
        }
        if let (Some(s), Some(g)) = (station, group) {
            wings.push(Wing {
                name: w.name.clone(),
                group: g,
                station: w.station.clone(),
                at: s.at,
                squadrons,
            });
        }
    }
    for g in Group::ALL {
        if !file.wings.iter().any(|w| w.group == g.number()) {
            e.push(bad("wings", format!("{} has no wing", g.name())));
        }
    }
    wings
}

/// An RAF squadron card's type: one of the RAF's.
fn raf_squadron(
    q: &str,
    s: &RafSquadronSetup,
    types: &TypeIndex,
    e: &mut Vec<Invalid>,
) -> Option<RafSquadron> {
    match types.of(&s.aircraft) {
        None => e.push(bad(
            format!("{q}.aircraft"),
            format!("no squadron type {}", s.aircraft),
        )),
        Some(k) if types.types[k].side != Side::British => e.push(bad(
            format!("{q}.aircraft"),
            format!("the {} is not an RAF type", s.aircraft),
        )),
        Some(k) => {
            return Some(RafSquadron {
                number: s.number,
                aircraft: k,
            })
        }
    }
    None
}

/// The Luftwaffe's geschwader, each at its base with its squadron cards.
fn build_geschwader(
    file: &OrderOfBattleFile,
    map: &CampaignMap,
    types: &TypeIndex,
    e: &mut Vec<Invalid>,
) -> Vec<Geschwader> {
    let mut geschwader = Vec::new();
    let named_twice = earlier_same(file.geschwader.iter().map(|g| &g.name));
    let lw_twice = earlier_same(
        file.geschwader
            .iter()
            .flat_map(|g| g.squadrons.iter().map(|s| &s.unit)),
    );
    let mut lw_card = 0;
    if file.geschwader.is_empty() {
        e.push(bad("geschwader", "the Luftwaffe has no geschwader"));
    }
    for (i, g) in file.geschwader.iter().enumerate() {
        let p = format!("geschwader[{i}]");
        if g.name.trim().is_empty() {
            e.push(bad(format!("{p}.name"), "a geschwader needs a name"));
        } else if named_twice[i].is_some() {
            e.push(bad(
                format!("{p}.name"),
                format!("two geschwader are called {}", g.name),
            ));
        }
        let luftflotte = Luftflotte::from_number(g.luftflotte);
        if luftflotte.is_none() {
            e.push(bad(
                format!("{p}.luftflotte"),
                format!(
                    "no Luftflotte {} in the battle: use 2, 3 or 5",
                    g.luftflotte
                ),
            ));
        }
        let base = map.base(&g.base);
        match (base, luftflotte) {
            (None, _) => e.push(bad(
                format!("{p}.base"),
                format!("the map has no base {}", g.base),
            )),
            (Some(b), Some(l)) if b.luftflotte != l => e.push(bad(
                format!("{p}.base"),
                format!(
                    "{} is a base of {}, not {}",
                    b.name,
                    b.luftflotte.name(),
                    l.name()
                ),
            )),
            _ => {}
        }
        if g.squadrons.len() != GESCHWADER_SIZE {
            e.push(bad(
                format!("{p}.squadrons"),
                format!(
                    "a geschwader has {GESCHWADER_SIZE} squadron cards; {} has {}",
                    g.name,
                    g.squadrons.len()
                ),
            ));
        }
        let mut squadrons = Vec::new();
        for (j, s) in g.squadrons.iter().enumerate() {
            let q = format!("{p}.squadrons[{j}]");
            if s.unit.trim().is_empty() {
                e.push(bad(format!("{q}.unit"), "a squadron card needs a unit"));
            }
            let twice = lw_twice[lw_card].is_some();
            lw_card += 1;
            if twice {
                e.push(bad(
                    format!("{q}.unit"),
                    format!("{} is in the order of battle twice", s.unit),
                ));
            }
            if let Some(card) = luftwaffe_squadron(&q, s, luftflotte, base, map, types, e) {
                squadrons.push(card);
            }
        }
        let bombers_after_stukas = g.squadrons.iter().any(|s| {
            types.of(&s.aircraft).is_some_and(|k| {
                types.types[k].role == Role::Bomber && types.types[k].name != "Ju 87"
            })
        });
        if !bombers_after_stukas {
            e.push(bad(
                format!("{p}.squadrons"),
                format!(
                    "{} needs a bomber other than the Ju 87, which the sheet withdraws on turn 7",
                    g.name
                ),
            ));
        }
        if let (Some(b), Some(l)) = (base, luftflotte) {
            geschwader.push(Geschwader {
                name: g.name.clone(),
                luftflotte: l,
                base: g.base.clone(),
                at: b.at,
                off_map: b.off_map,
                squadrons,
            });
        }
    }
    for l in Luftflotte::ALL {
        if !file.geschwader.iter().any(|g| g.luftflotte == l.number()) {
            e.push(bad("geschwader", format!("{} has no geschwader", l.name())));
        }
    }
    geschwader
}

/// A Luftwaffe squadron card's type: one of the Luftwaffe's, able to fly
/// from the geschwader's base.
fn luftwaffe_squadron(
    q: &str,
    s: &LuftwaffeSquadronSetup,
    luftflotte: Option<Luftflotte>,
    base: Option<&Base>,
    map: &CampaignMap,
    types: &TypeIndex,
    e: &mut Vec<Invalid>,
) -> Option<LuftwaffeSquadron> {
    let Some(k) = types.of(&s.aircraft) else {
        e.push(bad(
            format!("{q}.aircraft"),
            format!("no squadron type {}", s.aircraft),
        ));
        return None;
    };
    let t = &types.types[k];
    if t.side != Side::German {
        e.push(bad(
            format!("{q}.aircraft"),
            format!("the {} is not a Luftwaffe type", s.aircraft),
        ));
        return None;
    }
    if t.short_range && luftflotte == Some(Luftflotte::Five) {
        e.push(bad(
            format!("{q}.aircraft"),
            format!(
                "Luftflotte 5 flew from Norway and Denmark, beyond the {}'s range",
                t.name
            ),
        ));
    }
    if t.short_range {
        if let Some(b) = base {
            if map.north_of_twelve_group_line(b.at) {
                e.push(bad(
                    format!("{q}.aircraft"),
                    format!(
                        "the {} may not enter {}'s square, north of the 12 Group line",
                        t.name, b.name
                    ),
                ));
            }
        }
    }
    Some(LuftwaffeSquadron {
        unit: s.unit.clone(),
        aircraft: k,
    })
}
