//! The crew: five named men at their positions, who carry their wounds and
//! missions from night to night (docs/RULES.md, "The night Blitz").
//! Values: `levels/blitz/crew.ron`.

use super::calendar::Date;
use super::table::Table;
use crate::common::invalid::{earlier_same, too_long, Invalid};
use serde::{Deserialize, Serialize};

/// A He 111's crew stations: the positions aboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Station {
    /// Flugzeugführer.
    Pilot,
    /// Beobachter: navigator and bomb aimer, who also spots night fighters
    /// below.
    Bombardier,
    /// Bordfunker: the radio and the beam.
    Radio,
    /// Bordmechaniker.
    Engineer,
    /// Bordschütze.
    Gunner,
}

/// The crew positions that take the controls from a disabled pilot, in
/// order (ours): the engineer, then the radio operator, the gunner, and
/// last the bombardier, whose moving aborts an outbound mission.
pub const RELIEF: [Station; 4] = [
    Station::Engineer,
    Station::Radio,
    Station::Gunner,
    Station::Bombardier,
];

/// Who takes a disabled pilot's place, and whether the move aborts the
/// mission ("You must abort an outbound mission if your bombardier ...
/// moves to another position").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relief {
    pub from: Station,
    pub aborts: bool,
}

/// The first able man of `RELIEF`, and whether his move aborts the mission
/// (the bombardier's, outbound); None when nobody is able to fly.
pub fn relieve_pilot(able: impl Fn(Station) -> bool, outbound: bool) -> Option<Relief> {
    let from = RELIEF.into_iter().find(|&p| able(p))?;
    Some(Relief {
        from,
        aborts: from == Station::Bombardier && outbound,
    })
}

impl Station {
    pub const ALL: [Station; 5] = [
        Station::Pilot,
        Station::Bombardier,
        Station::Radio,
        Station::Engineer,
        Station::Gunner,
    ];
}

/// A wound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Wound {
    /// Light: he flies on.
    Light,
    /// Serious (SW): out of the fight, and off the crew for a while.
    Serious,
    /// Killed in action (KIA).
    Killed,
}

/// Where a crewman is between missions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Status {
    Fit,
    /// In hospital until this night.
    Hospital(Date),
    Killed,
    Captured,
    /// A replacement whose man came back from hospital: gone to another crew.
    Transferred,
}

/// A crewman.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crewman {
    pub name: String,
    pub position: Station,
    pub missions: u16,
    /// His worst wound this mission.
    pub wound: Option<Wound>,
    pub status: Status,
}

impl Crewman {
    /// Still doing his job this mission.
    pub fn able(&self) -> bool {
        !matches!(self.wound, Some(Wound::Serious | Wound::Killed))
    }
}

/// `levels/blitz/crew.ron` as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewFile {
    /// The crew of the first night, one a position in `Station::ALL`'s
    /// order.
    pub crew: Vec<String>,
    /// Names for the replacements, taken in order.
    pub replacements: Vec<String>,
    /// What a hit does to a crewman.
    pub wound: Table<Wound>,
    /// Nights a seriously wounded man is in hospital.
    pub hospital: u8,
    /// What the men learn by flying.
    pub experience: Experience,
    /// The tour's rating: what each man lost costs.
    pub price: Price,
    /// After this many bombers written off, the crew is taken off
    /// operations and the tour ends.
    pub write_offs: u8,
}

/// What a man learns (ours): seasoned after `seasoned` missions, a
/// veteran after `veteran`; each pair is what he adds at his post, as
/// seasoned and as a veteran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experience {
    pub seasoned: u16,
    pub veteran: u16,
    /// The pilot, on G-1 (the landing).
    pub landing: (i16, i16),
    /// The bombardier, on D-5 (the bomb run).
    pub bomb_run: (i16, i16),
    /// The gunner, on a fighter's attack (his return fire).
    pub return_fire: (i16, i16),
}

impl Experience {
    /// What a man of `missions` adds, from a pair of `what`: nothing while
    /// he is green.
    pub fn of(&self, missions: u16, what: (i16, i16)) -> i16 {
        if missions >= self.veteran {
            what.1
        } else if missions >= self.seasoned {
            what.0
        } else {
            0
        }
    }

    /// "green", "seasoned" or "veteran".
    pub fn rank(&self, missions: u16) -> &'static str {
        if missions >= self.veteran {
            "veteran"
        } else if missions >= self.seasoned {
            "seasoned"
        } else {
            "green"
        }
    }
}

/// The tour's rating (ours): its victory points less these for each man
/// killed, captured and seriously wounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Price {
    pub killed: u16,
    pub captured: u16,
    pub wounded: u16,
    /// Each bomber written off under the crew (lost, whatever became of
    /// the men): a step towards being taken off operations.
    pub bomber: u16,
}

/// The most names a file may give.
pub const MAX_NAMES: usize = 200;

impl CrewFile {
    pub fn validate(&self) -> Vec<Invalid> {
        let mut out = self.wound.validate("wound");
        out.extend(too_long(
            "replacements",
            &self.replacements,
            MAX_NAMES,
            "names",
        ));
        if self.crew.len() != Station::ALL.len() {
            out.push(Invalid::new(
                "crew",
                format!(
                    "{} names: a He 111 has a crew of {} (pilot, bombardier, radio operator, engineer, gunner)",
                    self.crew.len(),
                    Station::ALL.len()
                ),
            ));
        }
        if self.replacements.is_empty() {
            out.push(Invalid::new("replacements", "no names for replacements"));
        }
        if !out.is_empty() {
            return out;
        }
        let names = self.crew.iter().chain(&self.replacements);
        for (i, same) in earlier_same(names.clone().map(|n| n.trim()))
            .into_iter()
            .enumerate()
        {
            let path = if i < self.crew.len() {
                format!("crew[{i}]")
            } else {
                format!("replacements[{}]", i - self.crew.len())
            };
            let name = names.clone().nth(i).expect("counted");
            if name.trim().is_empty() {
                out.push(Invalid::new(path, "a crewman needs a name"));
            } else if same.is_some() {
                out.push(Invalid::new(path, format!("{name} is named twice")));
            }
        }
        if self.hospital == 0 {
            out.push(Invalid::new(
                "hospital",
                "a serious wound keeps a man off at least one night",
            ));
        }
        let e = &self.experience;
        if e.seasoned == 0 || e.veteran <= e.seasoned {
            out.push(Invalid::new(
                "experience.veteran",
                format!(
                    "a man is seasoned after 1 mission or more and a veteran after more than that ({} and {})",
                    e.seasoned, e.veteran
                ),
            ));
        }
        for (what, pair) in [
            ("landing", e.landing),
            ("bomb_run", e.bomb_run),
            ("return_fire", e.return_fire),
        ] {
            if !(-20..=20).contains(&pair.0) || !(-20..=20).contains(&pair.1) {
                out.push(Invalid::new(
                    format!("experience.{what}"),
                    format!("{pair:?}: modifiers of -20 to +20"),
                ));
            }
        }
        for (what, v) in [
            ("killed", self.price.killed),
            ("captured", self.price.captured),
            ("wounded", self.price.wounded),
            ("bomber", self.price.bomber),
        ] {
            if v > 100 {
                out.push(Invalid::new(
                    format!("price.{what}"),
                    format!("{v}: at most 100 points a man"),
                ));
            }
        }
        if self.write_offs == 0 {
            out.push(Invalid::new(
                "write_offs",
                "the tour ends after one bomber written off at the soonest",
            ));
        }
        out
    }
}

/// The crew of the campaign, and the men who were on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crew {
    /// Everyone who has flown, in the order they joined.
    pub men: Vec<Crewman>,
    /// The next replacement's name.
    next: usize,
}

impl Crew {
    /// The first night's crew.
    pub fn new(file: &CrewFile) -> Crew {
        let men = file
            .crew
            .iter()
            .zip(Station::ALL)
            .map(|(name, position)| Crewman {
                name: name.clone(),
                position,
                missions: 0,
                wound: None,
                status: Status::Fit,
            })
            .collect();
        Crew { men, next: 0 }
    }

    /// The man at a position tonight: fit, and the last to take it.
    pub fn at(&self, p: Station) -> Option<&Crewman> {
        self.men
            .iter()
            .rev()
            .find(|m| m.position == p && m.status == Status::Fit)
    }

    /// What the able man at `p` adds from `what` of `e` by his missions
    /// (nothing if nobody able is there).
    pub fn skill(&self, p: Station, e: &Experience, what: (i16, i16)) -> i16 {
        self.at(p)
            .filter(|m| m.able())
            .map_or(0, |m| e.of(m.missions, what))
    }

    fn index_at(&self, p: Station) -> Option<usize> {
        (0..self.men.len())
            .rev()
            .find(|&i| self.men[i].position == p && self.men[i].status == Status::Fit)
    }

    /// A crewman hit: his worst wound this mission. True if the bombardier
    /// is now seriously wounded or killed (an outbound mission is aborted).
    pub fn hit(&mut self, p: Station, w: Wound) -> bool {
        if let Some(i) = self.index_at(p) {
            let m = &mut self.men[i];
            m.wound = Some(m.wound.map_or(w, |old| old.max(w)));
        }
        p == Station::Bombardier && w >= Wound::Serious
    }

    /// A crewman moves to another position to take a disabled man's place.
    /// None if there is no able man at `from`; else whether the bombardier
    /// moved (which aborts an outbound mission and stops him spotting night
    /// fighters below).
    pub fn change_places(&mut self, from: Station, to: Station) -> Option<bool> {
        let (Some(i), Some(j)) = (self.index_at(from), self.index_at(to)) else {
            return None;
        };
        if !self.men[i].able() || i == j {
            return None;
        }
        self.men[i].position = to;
        self.men[j].position = from;
        Some(from == Station::Bombardier)
    }

    /// Whether an able man is at the bombardier's post, spotting night
    /// fighters below (a bombardier who moved has left it to a disabled
    /// man).
    pub fn spotting(&self) -> bool {
        self.at(Station::Bombardier).is_some_and(Crewman::able)
    }

    /// After a mission flown on `night`: each man who flew counts it;
    /// the killed and the captured leave for good, the seriously wounded go
    /// to hospital for `hospital` nights; every empty position gets a
    /// replacement. `captured`: the men down outside the Green Zone.
    pub fn after_mission(&mut self, night: Date, file: &CrewFile, captured: &[Station]) {
        let back = Date::from_days(night.days() + file.hospital as i64);
        for p in Station::ALL {
            let Some(i) = self.index_at(p) else { continue };
            let m = &mut self.men[i];
            m.missions += 1;
            m.status = match m.wound.take() {
                Some(Wound::Killed) => Status::Killed,
                _ if captured.contains(&p) => Status::Captured,
                Some(Wound::Serious) => Status::Hospital(back),
                _ => Status::Fit,
            };
        }
        self.fill(file);
    }

    /// Men back from hospital by `night` take their places again; the
    /// replacement who stood in goes to another crew.
    pub fn new_night(&mut self, night: Date) {
        while let Some(i) = self
            .men
            .iter()
            .position(|m| matches!(m.status, Status::Hospital(back) if back <= night))
        {
            let p = self.men[i].position;
            if let Some(j) = self.index_at(p) {
                self.men[j].status = Status::Transferred;
            }
            self.men[i].status = Status::Fit;
        }
    }

    fn fill(&mut self, file: &CrewFile) {
        for p in Station::ALL {
            if self.index_at(p).is_none() {
                let name = file.replacements[self.next % file.replacements.len()].clone();
                self.next += 1;
                self.men.push(Crewman {
                    name,
                    position: p,
                    missions: 0,
                    wound: None,
                    status: Status::Fit,
                });
            }
        }
    }
}
