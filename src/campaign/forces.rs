//! Where every squadron card is: a group's (or Luftflotte's) Combat Ready
//! box, its Damaged Squadrons box, stood down for two turns, or withdrawn
//! from the battle; and the order-of-battle changes of the amendments:
//! rotations, allied reinforcements, withdrawals, stand-downs and 13 Group's
//! reserve points.

use super::data::{Group, Luftflotte, OrderOfBattle};
use super::rules::Rotation;
use crate::common::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Whose dashboard a squadron card is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Holder {
    Group(Group),
    Luftflotte(Luftflotte),
}

/// Where a squadron card is. Each card is in exactly one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Place {
    /// In the Combat Ready box; lower ranks are nearer the top.
    Ready { rank: i32 },
    /// Drawn from the Combat Ready box into a wing or geschwader for this
    /// turn (squadron alert); back to the bottom of the box when it ends.
    Alerted,
    /// In the Damaged Squadrons box.
    Damaged,
    /// Stood down after an intercept: back at the top of the Combat Ready
    /// box at the start of turn `back_on`.
    StoodDown { back_on: u8 },
    /// Out of the battle (Defiants, Stukas, a withdrawn Luftflotte): not a loss.
    Withdrawn,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Squadron {
    pub name: String,
    pub side: Side,
    /// Index into the order of battle's types.
    pub aircraft: usize,
    pub holder: Holder,
    pub place: Place,
    /// An allied squadron brought in as a reinforcement.
    #[serde(default)]
    pub allied: bool,
}

/// Why an order-of-battle change cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForcesError {
    NoSuchType(String),
    NoReadySquadron { group: Group, kind: String },
    NoDamagedSquadron { group: Group, kind: String },
    NotDamaged,
    NotThirteenGroup,
    NoReservePoints,
    Retired,
}

impl fmt::Display for ForcesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForcesError::NoSuchType(k) => write!(f, "There is no squadron type {k}."),
            ForcesError::NoReadySquadron { group, kind } => write!(
                f,
                "{} has no combat-ready {kind} squadron to send.",
                group.name()
            ),
            ForcesError::NoDamagedSquadron { group, kind } => write!(
                f,
                "{} has no damaged {kind} squadron to bring back.",
                group.name()
            ),
            ForcesError::NotDamaged => write!(f, "That squadron is not in the damaged box."),
            ForcesError::NotThirteenGroup => {
                write!(
                    f,
                    "13 Group's reserve points rebuild only 13 Group squadrons."
                )
            }
            ForcesError::NoReservePoints => write!(f, "13 Group's reserve pool is empty."),
            ForcesError::Retired => write!(f, "That type has been withdrawn from the battle."),
        }
    }
}

impl std::error::Error for ForcesError {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forces {
    pub squadrons: Vec<Squadron>,
    /// 13 Group's replacement points left.
    pub reserve_points: u8,
    /// Groups holding an ace marker (No. 303 Squadron's).
    pub aces: Vec<Group>,
    /// Squadron types withdrawn from the battle: their shot-down squadrons
    /// stay in the damaged box, as losses, and are never rebuilt.
    #[serde(default)]
    pub retired: Vec<usize>,
    top: i32,
    bottom: i32,
}

impl Forces {
    /// Every squadron of the order of battle combat ready, in file order.
    pub fn new(oob: &OrderOfBattle, reserve_points: u8) -> Forces {
        let mut squadrons = Vec::new();
        for w in &oob.wings {
            for s in &w.squadrons {
                squadrons.push(Squadron {
                    name: format!("No. {} Squadron", s.number),
                    side: Side::British,
                    aircraft: s.aircraft,
                    holder: Holder::Group(w.group),
                    place: Place::Ready { rank: 0 },
                    allied: false,
                });
            }
        }
        for g in &oob.geschwader {
            for s in &g.squadrons {
                squadrons.push(Squadron {
                    name: s.unit.clone(),
                    side: Side::German,
                    aircraft: s.aircraft,
                    holder: Holder::Luftflotte(g.luftflotte),
                    place: Place::Ready { rank: 0 },
                    allied: false,
                });
            }
        }
        let n = squadrons.len() as i32;
        for (i, s) in squadrons.iter_mut().enumerate() {
            s.place = Place::Ready { rank: i as i32 };
        }
        Forces {
            squadrons,
            reserve_points,
            aces: Vec::new(),
            retired: Vec::new(),
            top: 0,
            bottom: n,
        }
    }

    /// A holder's combat-ready squadrons, top of the box first.
    pub fn ready(&self, holder: Holder) -> Vec<usize> {
        let mut out: Vec<(i32, usize)> = self
            .squadrons
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s.place {
                Place::Ready { rank } if s.holder == holder => Some((rank, i)),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.into_iter().map(|(_, i)| i).collect()
    }

    /// A holder's squadrons in a place (any rank for `Ready`).
    pub fn count(&self, holder: Holder, kind: Option<usize>, place: fn(Place) -> bool) -> usize {
        self.squadrons
            .iter()
            .filter(|s| s.holder == holder && place(s.place))
            .filter(|s| kind.is_none_or(|k| s.aircraft == k))
            .count()
    }

    fn put_on_top(&mut self, i: usize) {
        self.top -= 1;
        self.squadrons[i].place = Place::Ready { rank: self.top };
    }

    fn put_at_bottom(&mut self, i: usize) {
        self.bottom += 1;
        self.squadrons[i].place = Place::Ready { rank: self.bottom };
    }

    fn find(&self, holder: Holder, kind: usize, want: fn(Place) -> bool) -> Option<usize> {
        // The bottom-most ready card, or the first damaged one: deterministic.
        let mut found: Vec<(i32, usize)> = self
            .squadrons
            .iter()
            .enumerate()
            .filter(|(_, s)| s.holder == holder && s.aircraft == kind && want(s.place))
            .map(|(i, s)| match s.place {
                Place::Ready { rank } => (-rank, i),
                _ => (0, i),
            })
            .collect();
        found.sort_unstable();
        found.first().map(|&(_, i)| i)
    }

    /// One squadron of a rotation: a combat-ready squadron of the donating
    /// group goes to that group's damaged box, and a damaged squadron of the
    /// same type (or of the type the rotation names) in the receiving group
    /// comes back combat ready ("in effect the loss in the receiving group
    /// has now been transferred"). See `rotation` for our fallback.
    pub fn rotate_one(&mut self, r: &Rotation, oob: &OrderOfBattle) -> Result<(), ForcesError> {
        let (give, back, swap) = self.rotation(r, oob)?;
        self.rotate(give, back, swap);
        Ok(())
    }

    /// The two squadrons one squadron of a rotation would move: the one the
    /// donating group sends, and the one the receiving group brings back;
    /// and whether the two cards change groups (our fallback).
    ///
    /// The fallback, where the receiving group's damaged box holds no
    /// squadron of the type: any damaged squadron of that group (the first
    /// in the order of battle's type order) stands in, and the two cards
    /// change groups: the fresh squadron joins the receiving group combat
    /// ready, the damaged one goes to the donor's damaged box. Each group
    /// ends as the sheet's rotation leaves it, one loss transferred, only
    /// the types differ ("the card mix does not allow for this").
    pub fn rotation(
        &self,
        r: &Rotation,
        oob: &OrderOfBattle,
    ) -> Result<(usize, usize, bool), ForcesError> {
        let kind = oob
            .type_named(&r.kind)
            .ok_or_else(|| ForcesError::NoSuchType(r.kind.clone()))?;
        let group = |n: u8| Group::from_number(n).ok_or(ForcesError::NoSuchType(r.kind.clone()));
        let (from, to) = (group(r.from_group)?, group(r.to_group)?);
        let give = self
            .find(Holder::Group(from), kind, |p| {
                matches!(p, Place::Ready { .. })
            })
            .ok_or_else(|| ForcesError::NoReadySquadron {
                group: from,
                kind: r.kind.clone(),
            })?;
        let back_kind_name = r.receives.as_ref().unwrap_or(&r.kind);
        let back_kind = oob
            .type_named(back_kind_name)
            .ok_or_else(|| ForcesError::NoSuchType(back_kind_name.clone()))?;
        if let Some(back) = self.find(Holder::Group(to), back_kind, |p| p == Place::Damaged) {
            return Ok((give, back, false));
        }
        (0..oob.types.len())
            .find_map(|k| self.find(Holder::Group(to), k, |p| p == Place::Damaged))
            .map(|back| (give, back, true))
            .ok_or_else(|| ForcesError::NoDamagedSquadron {
                group: to,
                kind: back_kind_name.clone(),
            })
    }

    /// A rotation made: `give` to the damaged box, `back` to the bottom of
    /// its Combat Ready box; with `swap` (the fallback) the two cards also
    /// change groups, `give` joining `back`'s group and `back` `give`'s.
    pub fn rotate(&mut self, give: usize, back: usize, swap: bool) {
        if swap {
            let (a, b) = (self.squadrons[give].holder, self.squadrons[back].holder);
            self.squadrons[give].holder = b;
            self.squadrons[back].holder = a;
            self.squadrons[back].place = Place::Damaged;
            self.put_at_bottom(give);
        } else {
            self.squadrons[give].place = Place::Damaged;
            self.put_at_bottom(back);
        }
    }

    /// An allied squadron: a damaged Hurricane of the group is rebuilt,
    /// combat ready, under the allied squadron's name (with none in the
    /// group, one of another group's: see `reinforcement`).
    pub fn reinforce(
        &mut self,
        group: Group,
        name: &str,
        oob: &OrderOfBattle,
    ) -> Result<usize, ForcesError> {
        let i = self.reinforcement(group, oob)?;
        self.take_reinforcement(i, group, name);
        Ok(i)
    }

    /// The groups an allied squadron looks to for a damaged Hurricane when
    /// its own has none, in order: the north first, the front line last.
    pub const FALLBACK_GROUPS: [Group; 4] =
        [Group::Thirteen, Group::Twelve, Group::Ten, Group::Eleven];

    /// The damaged Hurricane an allied squadron would take over: one of its
    /// group's ("take a Hurricane from the damaged squadrons box of the
    /// appropriate group"), its own before a fallen allied one. Our
    /// fallback where none waits there: a damaged Hurricane of another
    /// group, the northern groups first, moves to the allied squadron's
    /// group (the pilots are new, the aircraft come from the common pool).
    /// With no damaged Hurricane anywhere, none.
    pub fn reinforcement(&self, group: Group, oob: &OrderOfBattle) -> Result<usize, ForcesError> {
        let kind = oob
            .type_named("Hurricane")
            .ok_or_else(|| ForcesError::NoSuchType("Hurricane".into()))?;
        let in_group = |g: Group| {
            // A fallen allied squadron keeps its name: the newcomer takes
            // over one of the group's own Hurricanes if it can.
            let own = self.squadrons.iter().position(|s| {
                s.holder == Holder::Group(g)
                    && s.aircraft == kind
                    && s.place == Place::Damaged
                    && !s.allied
            });
            own.or_else(|| self.find(Holder::Group(g), kind, |p| p == Place::Damaged))
        };
        in_group(group)
            .or_else(|| {
                Self::FALLBACK_GROUPS
                    .iter()
                    .filter(|&&g| g != group)
                    .find_map(|&g| in_group(g))
            })
            .ok_or_else(|| ForcesError::NoDamagedSquadron {
                group,
                kind: "Hurricane".into(),
            })
    }

    /// An allied squadron takes over squadron `i` for `group`, combat ready.
    pub fn take_reinforcement(&mut self, i: usize, group: Group, name: &str) {
        self.squadrons[i].name = name.to_string();
        self.squadrons[i].allied = true;
        self.squadrons[i].holder = Holder::Group(group);
        self.put_at_bottom(i);
    }

    /// The squadrons of a type still flying, which a withdrawal of the type
    /// would take out of the battle.
    pub fn flying_of_type(&self, kind: &str, oob: &OrderOfBattle) -> Vec<usize> {
        let Some(k) = oob.type_named(kind) else {
            return Vec::new();
        };
        (0..self.squadrons.len())
            .filter(|&i| {
                let s = &self.squadrons[i];
                s.aircraft == k && !matches!(s.place, Place::Withdrawn | Place::Damaged)
            })
            .collect()
    }

    /// The squadrons of a Luftflotte still flying.
    pub fn flying_of_luftflotte(&self, lf: Luftflotte) -> Vec<usize> {
        (0..self.squadrons.len())
            .filter(|&i| {
                let s = &self.squadrons[i];
                s.holder == Holder::Luftflotte(lf)
                    && !matches!(s.place, Place::Withdrawn | Place::Damaged)
            })
            .collect()
    }

    /// Every squadron of a type still flying leaves the battle (not a loss);
    /// those already shot down stay in the damaged box as losses, never to
    /// be rebuilt.
    pub fn withdraw_type(&mut self, kind: &str, oob: &OrderOfBattle) -> usize {
        let Some(k) = oob.type_named(kind) else {
            return 0;
        };
        if !self.retired.contains(&k) {
            self.retired.push(k);
        }
        let mut n = 0;
        for s in &mut self.squadrons {
            if s.aircraft == k && !matches!(s.place, Place::Withdrawn | Place::Damaged) {
                s.place = Place::Withdrawn;
                n += 1;
            }
        }
        n
    }

    /// Every squadron of a Luftflotte still flying leaves the battle (not a
    /// loss); those already shot down stay losses.
    pub fn withdraw_luftflotte(&mut self, lf: Luftflotte) -> usize {
        let mut n = 0;
        for s in &mut self.squadrons {
            if s.holder == Holder::Luftflotte(lf)
                && !matches!(s.place, Place::Withdrawn | Place::Damaged)
            {
                s.place = Place::Withdrawn;
                n += 1;
            }
        }
        n
    }

    /// A squadron put in a place by hand (a position set up to be played
    /// on): to the bottom of its Combat Ready box for `Ready`.
    pub fn set_place(&mut self, i: usize, place: Place) {
        match place {
            Place::Ready { .. } => self.put_at_bottom(i),
            other => self.squadrons[i].place = other,
        }
    }

    /// Squadron alert: the card leaves the Combat Ready box for a wing or
    /// geschwader.
    pub fn alert(&mut self, i: usize) {
        debug_assert!(matches!(self.squadrons[i].place, Place::Ready { .. }));
        self.squadrons[i].place = Place::Alerted;
    }

    /// The end of a turn: a squadron that flew and came back goes to the
    /// bottom of its Combat Ready box.
    pub fn stand_to(&mut self, i: usize) {
        if self.squadrons[i].place == Place::Alerted {
            self.put_at_bottom(i);
        }
    }

    /// A squadron shot down: to its damaged box.
    pub fn lose(&mut self, i: usize) {
        self.squadrons[i].place = Place::Damaged;
    }

    /// Stood down in an intercept on `turn`: back at the start of the second
    /// turn after.
    pub fn stand_down(&mut self, i: usize, turn: u8) {
        self.squadrons[i].place = Place::StoodDown { back_on: turn + 2 };
    }

    /// At the start of `turn`, stood-down squadrons due back return to the
    /// top of their Combat Ready box. Returns them.
    pub fn return_stood_down(&mut self, turn: u8) -> Vec<usize> {
        let due = self.stood_down_due(turn);
        self.return_to_top(&due);
        due
    }

    /// The stood-down squadrons due back by the start of `turn`.
    pub fn stood_down_due(&self, turn: u8) -> Vec<usize> {
        (0..self.squadrons.len())
            .filter(|&i| matches!(self.squadrons[i].place, Place::StoodDown { back_on } if back_on <= turn))
            .collect()
    }

    /// These squadrons back on top of their Combat Ready boxes, the first
    /// on top.
    pub fn return_to_top(&mut self, squadrons: &[usize]) {
        for &i in squadrons.iter().rev() {
            self.put_on_top(i);
        }
    }

    /// A damaged squadron that may be rebuilt: an RAF squadron of a type
    /// still in the battle.
    pub fn rebuildable(&self, i: usize) -> bool {
        let s = &self.squadrons[i];
        s.side == Side::British && s.place == Place::Damaged && !self.retired.contains(&s.aircraft)
    }

    /// A damaged squadron rebuilt (a successful repair die, or a reserve point).
    pub fn rebuild(&mut self, i: usize) -> Result<(), ForcesError> {
        if self.squadrons[i].place != Place::Damaged {
            return Err(ForcesError::NotDamaged);
        }
        if self.retired.contains(&self.squadrons[i].aircraft) {
            return Err(ForcesError::Retired);
        }
        self.put_at_bottom(i);
        Ok(())
    }

    /// 13 Group's reserve: a point rebuilds one of its own squadrons.
    pub fn rebuild_from_reserve(&mut self, i: usize) -> Result<(), ForcesError> {
        if self.squadrons[i].holder != Holder::Group(Group::Thirteen) {
            return Err(ForcesError::NotThirteenGroup);
        }
        if self.reserve_points == 0 {
            return Err(ForcesError::NoReservePoints);
        }
        self.rebuild(i)?;
        self.reserve_points -= 1;
        Ok(())
    }

    /// Squadrons of a side counted as lost at the end: those in the damaged
    /// boxes. Stood-down and withdrawn squadrons are not losses, unless the
    /// rules count the stood-down ones (the shortened campaign's last turn).
    pub fn losses(&self, side: Side, stood_down_count: bool) -> u32 {
        self.squadrons
            .iter()
            .filter(|s| s.side == side)
            .filter(|s| match s.place {
                Place::Damaged => true,
                Place::StoodDown { .. } => stood_down_count,
                _ => false,
            })
            .count() as u32
    }

    /// No card is on a holder of the wrong side; every ready rank is unique.
    /// Forces a save kept (a snapshot), checked against the same forces at
    /// the start: the same squadrons, each of its type, side and dashboard;
    /// ranks above the top and below the bottom, none twice.
    pub(crate) fn check_snapshot(&self, start: &Forces) -> Result<(), String> {
        if self.squadrons.len() != start.squadrons.len() {
            return Err(format!(
                "{} squadrons, where the order of battle has {}",
                self.squadrons.len(),
                start.squadrons.len()
            ));
        }
        for (s, was) in self.squadrons.iter().zip(&start.squadrons) {
            if (&s.name, s.side, s.aircraft, s.holder)
                != (&was.name, was.side, was.aircraft, was.holder)
            {
                return Err(format!("{} is not the order of battle's", s.name));
            }
        }
        for s in &self.squadrons {
            if let Place::Ready { rank } = s.place {
                if rank <= self.top || rank >= self.bottom {
                    return Err(format!("{} is ready outside its box", s.name));
                }
            }
        }
        self.check()
    }

    pub fn check(&self) -> Result<(), String> {
        let mut ranks = Vec::new();
        for s in &self.squadrons {
            let ok = matches!(
                (s.side, s.holder),
                (Side::British, Holder::Group(_)) | (Side::German, Holder::Luftflotte(_))
            );
            if !ok {
                return Err(format!("{} is on the other side's dashboard", s.name));
            }
            if let Place::Ready { rank } = s.place {
                if ranks.contains(&rank) {
                    return Err(format!("two ready squadrons share rank {rank}"));
                }
                ranks.push(rank);
            }
        }
        Ok(())
    }
}
