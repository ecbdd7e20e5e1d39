//! The British defences: night fighters (C-8 to C-10), evasive action,
//! searchlights (D-2) and flak (D-3), each a dice table with modifiers that
//! hold in a situation (moon, weather, the zone, London, altitude), with
//! the amendments (docs/RULES.md, "The night Blitz"). Values:
//! `levels/blitz/defences.ron`.

use super::calendar::{Date, Moon};
use super::flight::Weather;
use super::map::{Zone, ZoneKind, ZoneMap};
use super::table::{Rolled, Table, Throw};
use crate::common::dice::Dice;
use crate::common::invalid::{too_long, Invalid};
use serde::{Deserialize, Serialize};

/// What the bomber's zone is, for the modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ZoneSort {
    /// The Target City Zone.
    Target,
    /// A zone with a city, en route.
    City,
    Land,
    Water,
    /// The Green Zone: the Luftwaffe's side of the Channel.
    Green,
}

/// Where the bomber is and what the night is like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    pub moon: Moon,
    pub weather: Weather,
    pub zone: ZoneSort,
    pub london: bool,
    /// Below 3,000 metres.
    pub low: bool,
    pub in_stream: bool,
    /// The bombardier at his post and able, spotting night fighters below.
    pub spotter: bool,
    /// What the searchlights did (D-2): flak aims better at a lit bomber.
    pub lights: Searchlights,
    /// The night: the defences grow over the winter (`When::Since`).
    pub night: Date,
    /// An engine out: the bomber can neither climb nor weave.
    pub engine_out: bool,
}

impl ZoneSort {
    /// What a zone of the map is for a bomber bound for `target`: the
    /// target, a city zone, the Green Zone, water or land, in that order
    /// (so a city zone is never a water zone).
    pub fn of(map: &ZoneMap, zone: Zone, target: Zone) -> ZoneSort {
        if zone == target {
            ZoneSort::Target
        } else if map.is_city_zone(zone) {
            ZoneSort::City
        } else if map.is_green(zone) {
            ZoneSort::Green
        } else if map.kind(zone) == Some(ZoneKind::Water) {
            ZoneSort::Water
        } else {
            ZoneSort::Land
        }
    }
}

/// When a modifier applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum When {
    Always,
    GoodWeather,
    PoorWeather,
    BadWeather,
    /// Full moon and good weather: the amendments reduce its value to 1
    /// in its direction, on every table.
    FullMoonGoodWeather,
    NewMoon,
    /// The Target City Zone modifier: by the amendments, on C-8 and C-9 in
    /// every zone with a city.
    TargetCityZone,
    /// The Water Zone modifier: by the amendments, never in a city zone.
    WaterZone,
    London,
    Low,
    OutOfStream,
    /// The bombardier is not spotting below: seriously wounded, killed or
    /// moved to another position.
    NoSpotter,
    /// Lit by the searchlights (D-2), or coned.
    Illuminated,
    Coned,
    /// On one engine (ours: over the target the flak finds a bomber that
    /// can neither climb nor weave).
    EngineOut,
    /// From this night on (ours: the night fighters' airborne radar and
    /// ground control coming into service over the winter of 1940-41).
    Since(Date),
}

impl When {
    pub fn holds(self, s: &Situation) -> bool {
        match self {
            When::Always => true,
            When::GoodWeather => s.weather == Weather::Good,
            When::PoorWeather => s.weather == Weather::Poor,
            When::BadWeather => s.weather == Weather::Bad,
            When::FullMoonGoodWeather => s.moon == Moon::Full && s.weather == Weather::Good,
            When::NewMoon => s.moon == Moon::New,
            When::TargetCityZone => matches!(s.zone, ZoneSort::Target | ZoneSort::City),
            When::WaterZone => s.zone == ZoneSort::Water,
            When::London => s.london,
            When::Low => s.low,
            When::OutOfStream => !s.in_stream,
            When::NoSpotter => !s.spotter,
            When::Illuminated => s.lights == Searchlights::Illuminated,
            When::Coned => s.lights == Searchlights::Coned,
            When::Since(d) => s.night >= d,
            When::EngineOut => s.engine_out,
        }
    }
}

/// A modifier: `value` added when `when` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Modifier {
    pub when: When,
    pub value: i16,
}

impl Modifier {
    /// Its value as played: the full-moon-and-good-weather modifier
    /// reduced to 1 in its direction ("on top of the modifier for Good
    /// weather alone").
    pub fn played(self) -> i16 {
        match self.when {
            When::FullMoonGoodWeather => self.value.signum(),
            _ => self.value,
        }
    }
}

/// A table with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check<T> {
    pub table: Table<T>,
    pub modifiers: Vec<Modifier>,
}

/// The most modifiers a table may have.
pub const MAX_MODIFIERS: usize = 16;

impl<T: Copy> Check<T> {
    pub fn validate(&self, path: &str) -> Vec<Invalid> {
        let mut out = self.table.validate(&format!("{path}.table"));
        let mods = format!("{path}.modifiers");
        out.extend(too_long(&mods, &self.modifiers, MAX_MODIFIERS, "modifiers"));
        for (i, m) in self.modifiers.iter().enumerate().take(MAX_MODIFIERS) {
            if !(-20..=20).contains(&m.value) {
                out.push(Invalid::new(
                    format!("{mods}[{i}].value"),
                    format!("{}: a modifier of -20 to +20", m.value),
                ));
            }
        }
        out
    }

    /// The sum of the modifiers that hold.
    pub fn modifier(&self, s: &Situation) -> i16 {
        self.modifiers
            .iter()
            .filter(|m| m.when.holds(s))
            .map(|m| m.played())
            .sum()
    }

    /// Thrown in a situation: the dice, the modifier, the result.
    pub fn roll(&self, s: &Situation, dice: &mut Dice) -> (Rolled, i16, T) {
        let r = self.table.dice.roll(dice);
        let m = self.modifier(s);
        let t = *self.table.get(r.total() + m);
        (r, m, t)
    }
}

/// C-8: does a night fighter find the bomber?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Detection {
    Unseen,
    Detected,
}

/// C-9: does it get into an attack?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Interception {
    Lost,
    Attacks,
}

/// The night fighters of the winter of 1940-41.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Fighter {
    /// A single-seater hunting by eye ("cat's eyes").
    Hurricane,
    Defiant,
    /// A Beaufighter with airborne interception radar.
    Beaufighter,
    /// The base game's second Beaufighter, which the amendments omit.
    TwoBeaufighters,
}

/// Evasive action, 2d10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Evasion {
    /// The attack goes in.
    Fails,
    /// The fighter overshoots: its attack misses.
    Shaken,
    /// The fighter loses the bomber and breaks away.
    Escaped,
}

/// A night fighter's attack on the bomber (ours: the base game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Attack {
    Miss,
    /// Hits in the airframe: a check on Table K.
    Airframe,
    /// A crewman hit (the position on `crewman_hit`).
    Crewman,
    /// Shot down: the crew bails out (E-1).
    ShotDown,
}

/// D-2: the searchlights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Searchlights {
    /// Blocked by cloud, or they miss.
    Blocked,
    Illuminated,
    /// Coned: the guns' aim is helped.
    Coned,
}

/// D-3: the flak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Flak {
    /// No FLAK: only then may a night fighter be met after bombing.
    NoFlak,
    /// Flak, no damage.
    Harmless,
    /// Hit: a check on Table K.
    Damaged,
    /// Hit hard: a crewman wounded and a check on Table K.
    HitHard,
}

/// `levels/blitz/defences.ron` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defences {
    pub detection: Check<Detection>,
    pub interception: Check<Interception>,
    /// Deducted from every roll on C-9 (the amendments: -5).
    pub c9: i16,
    /// C-10, with the fighters' growth as modifiers (high rolls the
    /// Beaufighters with radar).
    pub fighter: Check<Fighter>,
    pub evasion: Table<Evasion>,
    /// Evasive action collides with the fighter on this unmodified roll.
    pub collision: i16,
    /// Flak brings the bomber down on a D-3 of this or more, modifiers
    /// added (ours): never unaided, so London, the searchlights, height
    /// and weather decide it.
    pub downed: i16,
    pub searchlights: Check<Searchlights>,
    pub flak: Check<Flak>,
    /// A bomber the searchlights left like this is fired on again (D-3)
    /// as it holds its run for the bombs (ours).
    pub second_flak: Vec<Searchlights>,
    /// A fighter's attack, with each fighter's guns as a modifier and the
    /// bomber's gunner's return fire while he is able.
    pub attack: Table<Attack>,
    pub guns: Vec<(Fighter, i16)>,
    pub gunner: i16,
    /// Which crewman a hit finds.
    pub crewman_hit: Table<crate::blitz::crew::Station>,
    /// After an attack the fighter comes round again on these rolls of
    /// `follow_up_dice`; "at most one follow-up attack before breaking
    /// away".
    pub follow_up: Table<bool>,
}

impl Defences {
    pub fn validate(&self) -> Vec<Invalid> {
        let mut out = self.detection.validate("detection");
        out.extend(self.interception.validate("interception"));
        out.extend(self.fighter.validate("fighter"));
        out.extend(self.evasion.validate("evasion"));
        out.extend(self.searchlights.validate("searchlights"));
        out.extend(self.flak.validate("flak"));
        out.extend(self.attack.validate("attack"));
        out.extend(self.crewman_hit.validate("crewman_hit"));
        out.extend(self.follow_up.validate("follow_up"));
        out.extend(too_long("guns", &self.guns, 8, "fighters"));
        out.extend(too_long("second_flak", &self.second_flak, 3, "results"));
        for (i, (_, v)) in self.guns.iter().enumerate().take(8) {
            if !(-20..=20).contains(v) {
                out.push(Invalid::new(
                    format!("guns[{i}].1"),
                    format!("{v}: a modifier of -20 to +20"),
                ));
            }
        }
        if !(-20..=20).contains(&self.gunner) {
            out.push(Invalid::new(
                "gunner",
                format!("{}: a modifier of -20 to +20", self.gunner),
            ));
        }
        if !(-20..=20).contains(&self.c9) {
            out.push(Invalid::new(
                "c9",
                format!("{}: a modifier of -20 to +20", self.c9),
            ));
        }
        if self.evasion.dice != Throw::TwoD10 {
            out.push(Invalid::new(
                "evasion.dice",
                "evasive action is thrown on 2d10 (TwoD10)",
            ));
        }
        let (lo, hi) = self.evasion.dice.range();
        let (flo, fhi) = self.flak.table.dice.range();
        if !(flo..=fhi + 20).contains(&self.downed) {
            out.push(Invalid::new(
                "downed",
                format!(
                    "{}: a modified roll of the flak's dice, {flo} to {}",
                    self.downed,
                    fhi + 20
                ),
            ));
        }
        if !(lo..=hi).contains(&self.collision) {
            out.push(Invalid::new(
                "collision",
                format!("{}: not a roll of evasive action's dice", self.collision),
            ));
        }
        out
    }

    /// Whether C-8 and C-9 are rolled in this zone: never in the Green Zone.
    pub fn night_fighters_hunt(&self, s: &Situation) -> bool {
        s.zone != ZoneSort::Green
    }

    /// C-9, with the amendments' -5.
    pub fn roll_interception(&self, s: &Situation, dice: &mut Dice) -> (Rolled, i16, Interception) {
        let r = self.interception.table.dice.roll(dice);
        let m = self.interception.modifier(s) + self.c9;
        let t = *self.interception.table.get(r.total() + m);
        (r, m, t)
    }

    /// C-10: the fighter, with any second Beaufighter omitted.
    pub fn roll_fighter(&self, s: &Situation, dice: &mut Dice) -> (Rolled, i16, Fighter) {
        let (r, m, f) = self.fighter.roll(s, dice);
        let f = match f {
            Fighter::TwoBeaufighters => Fighter::Beaufighter,
            f => f,
        };
        (r, m, f)
    }

    /// A fighter's attack: `shaken` by evasive action, it misses without a
    /// roll. None then.
    pub fn roll_attack(
        &self,
        fighter: Fighter,
        gunner_able: bool,
        gunner_skill: i16,
        shaken: bool,
        dice: &mut Dice,
    ) -> Option<(Rolled, i16, Attack)> {
        if shaken {
            return None;
        }
        let r = self.attack.dice.roll(dice);
        let m = self
            .guns
            .iter()
            .filter(|(f, _)| *f == fighter)
            .map(|(_, v)| *v)
            .sum::<i16>()
            + if gunner_able {
                self.gunner + gunner_skill
            } else {
                0
            };
        let a = *self.attack.get(r.total() + m);
        Some((r, m, a))
    }

    /// Which crewman a hit finds.
    pub fn roll_crewman(&self, dice: &mut Dice) -> (Rolled, crate::blitz::crew::Station) {
        let r = self.crewman_hit.dice.roll(dice);
        let p = *self.crewman_hit.get(r.total());
        (r, p)
    }

    /// After `attacks` attacks by one fighter, whether it comes round
    /// again: never after a follow-up ("Night fighters make at most one
    /// follow-up attack before breaking away").
    pub fn roll_follow_up(&self, attacks: u8, dice: &mut Dice) -> Option<(Rolled, bool)> {
        if attacks >= 2 {
            return None;
        }
        let r = self.follow_up.dice.roll(dice);
        let again = *self.follow_up.get(r.total());
        Some((r, again))
    }

    /// Whether C-10 is rolled again after bombing: "do not roll again on
    /// this Table after bombing unless the result on Table D-3 was No
    /// FLAK", British pilots keeping clear of their own guns.
    pub fn fighters_after_bombing(&self, flak: Flak) -> bool {
        flak == Flak::NoFlak
    }

    /// D-3 in a situation: the dice, the modifier, the result, and whether
    /// the modified roll brings the bomber down (ours).
    pub fn roll_flak(&self, s: &Situation, dice: &mut Dice) -> (Rolled, i16, Flak, bool) {
        let (r, m, f) = self.flak.roll(s, dice);
        let downed = self.flak_downs(r.total(), m);
        (r, m, f, downed)
    }

    /// Whether a D-3 of `total` with modifier `m` brings the bomber down.
    pub fn flak_downs(&self, total: i16, m: i16) -> bool {
        total + m >= self.downed
    }

    /// Evasive action: 2d10, and whether it collided (an unmodified
    /// `collision`, downing both; fighters never roll for collisions).
    pub fn roll_evasion(&self, dice: &mut Dice) -> (Rolled, Evasion, bool) {
        let r = self.evasion.dice.roll(dice);
        let e = *self.evasion.get(r.total());
        let collided = r.total() == self.collision;
        (r, e, collided)
    }
}
