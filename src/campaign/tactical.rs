//! An intercept fought on the Simple Hex board: the battle built from the
//! campaign's squadrons, and its result mapped back (docs/RULES.md, "The
//! campaign's intercepts on the hex board").
//!
//! Each squadron in the intercept becomes a four-plane Simple Hex unit (R, W,
//! B, Y) of the aircraft its type flies as. The battle is one attack on
//! Crane's mat, every plane scrambled (no activation rolls), entering at the
//! ends; the raid's target sets the bomb points the board plays for: its
//! hits still needed, times the points a hit takes. When the battle ends,
//! each side's planes shot down become hits on it, taken as the dice's
//! are, and the bomb points become hits on the target.

use super::event::Throw;
use super::family_board::FamilyTactical;
use super::rules::{CampaignValues, HexTables, TacticalRules};
use crate::common::hex::End;
use crate::common::Side;
use crate::simple_hex::{
    BoardSetup, Colour, Command as HexCommand, Game, Loc, Opening, Options, PlaneId, PlaneSetup,
    Role, Scenario, ScenarioFile, UnitId, UnitSetup,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What hits did to a squadron in an intercept (counted for the
/// simulator's report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    StoodDown,
    Lost,
}

/// The campaign result of a board battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Every squadron of the battle, in unit order, with its planes shot
    /// down and damaged (its losses and stand-downs come from the hits
    /// the battle makes, taken on the map as the dice's).
    pub squadrons: Vec<SquadronResult>,
    /// Bomb points scored on the board (on the family board, bombers over
    /// the target). The raid's bombs fall at its bomb run, with the dice.
    pub points: u32,
    /// No bomber flew on either side: a fighter battle, fought for losses.
    #[serde(default)]
    pub fighter_battle: bool,
    /// A dogfight against the geschwader's gruppen: no stand-downs and no
    /// bombs (the raid bombs later, if it flies on to its target).
    #[serde(default)]
    pub dogfight: bool,
    /// Fought on the family board: `points` counts the bombers that
    /// reached the target, and each squadron flew as one plane.
    #[serde(default)]
    pub family: bool,
    /// On the family board: the hits each side takes, as the dice's hits
    /// are taken (the side chooses the squadron: lost for hits at its
    /// defence, else stood down, once a side).
    #[serde(default)]
    pub raf_hits: u8,
    #[serde(default)]
    pub luftwaffe_hits: u8,
    /// The No. 303 ace's dice after the battle (`on_the_boards.ace`): their
    /// hits are in `luftwaffe_hits`.
    #[serde(default)]
    pub ace: Option<Throw>,
    /// Ranked rules: the kind of battle each side's harm was ranked
    /// among, and the harm, the RAF's first (docs/RULES.md, "The same war
    /// on every board").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranked: Option<Ranked>,
}

/// What a battle's ranking read: for each side, the RAF's first, the kind
/// of battle and what the board did to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    pub keys: [super::zoom::ZoomKey; 2],
    pub harms: [u32; 2],
}

/// The planes of a squadron on either board (the hex board flies four; on
/// the family board a squadron is one plane, and counts as all of them).
pub const PLANES: u8 = 4;

impl Outcome {
    /// What `side` lost on the board: planes shot down (on the family
    /// board a squadron flies as one plane).
    pub fn shot_down(&self, side: Side) -> u32 {
        self.squadrons
            .iter()
            .filter(|s| s.side == side)
            .map(|s| u32::from(s.shot_down))
            .sum()
    }

    /// What decided the battle, in a sentence: for a raid, whether its
    /// bombs got through; for a fight between fighters, who had the
    /// better of it, plane for plane.
    pub fn decided(&self) -> String {
        let (raf, lw) = (self.shot_down(Side::British), self.shot_down(Side::German));
        let plane = |n: u32| if n == 1 { "plane" } else { "planes" };
        let losses = if self.family {
            // There the dice's hits come after: the board's losses are
            // only what it shot down.
            format!("shot down on the board: RAF {raf}, Luftwaffe {lw}")
        } else {
            format!(
                "the RAF lost {raf} {}, the Luftwaffe {lw} {}",
                plane(raf),
                plane(lw)
            )
        };
        if self.dogfight || self.fighter_battle {
            let who = match raf.cmp(&lw) {
                std::cmp::Ordering::Less => "The RAF had the better of it",
                std::cmp::Ordering::Greater => "The Luftwaffe had the better of it",
                std::cmp::Ordering::Equal => "Neither side had the better of it",
            };
            format!("{who}: {losses}")
        } else {
            let (through, of) = self.bombers_through();
            let of = if self.family {
                crate::common::words::count(of, "bomber squadron", "bomber squadrons")
            } else {
                crate::common::words::count(of, "bomber", "bombers")
            };
            format!("{through} of {of} reached the target on the board; {losses}")
        }
    }

    /// Of the raid's bombers (on the family board, its bomber squadrons),
    /// those that got through, and how many flew.
    pub fn bombers_through(&self) -> (u32, u32) {
        let per = if self.family { PLANES as u32 } else { 1 };
        let bombers = self.squadrons.iter().filter(|r| r.bomber);
        let through: u32 = bombers.clone().map(|r| r.through as u32).sum();
        let flew = bombers.count() as u32 * PLANES as u32;
        (through / per, flew / per)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadronResult {
    pub squadron: usize,
    pub side: Side,
    pub shot_down: u8,
    pub damaged: u8,
    /// One of its planes fired or was fired on.
    #[serde(default = "yes")]
    pub fought: bool,
    /// Face up at the end (a gruppe never revealed stays unseen by the RAF).
    #[serde(default = "yes")]
    pub seen: bool,
    /// A bomber squadron.
    #[serde(default)]
    pub bomber: bool,
    /// Of its `PLANES` planes, those that got through to the target on the
    /// board (a bomber that made its bomb run there, or still flying on,
    /// undamaged, at the end). Reported only: the raid's bombs fall at its
    /// bomb run, with the dice (docs/RULES.md).
    #[serde(default)]
    pub through: u8,
}

fn yes() -> bool {
    true
}

/// A battle on the board in progress.
#[derive(Clone)]
pub struct Tactical {
    pub game: Game,
    pub wing: usize,
    pub geschwader: usize,
    /// The campaign squadron each Simple Hex unit stands for.
    pub units: Vec<usize>,
    /// The raid's target card, and the hits it still needed when the battle began.
    pub target: Option<u16>,
    pub need: u8,
    /// In a dogfight, the gruppe each unit of the Luftwaffe flies in (None
    /// for the RAF's, and for every unit of an intercept): on the board a
    /// face-down formation until it is spotted (`Scenario::formations`).
    pub gruppe_of: Vec<Option<u8>>,
    /// Each unit one of whose planes has fired or been fired on.
    pub fought: Vec<bool>,
}

impl Tactical {
    /// The unit of a squadron in the battle.
    pub fn unit_of(&self, squadron: usize) -> Option<UnitId> {
        self.units
            .iter()
            .position(|&s| s == squadron)
            .map(|u| UnitId(u as u8))
    }

    /// Plays a move of the battle, and notes who fought; true if the move
    /// threw a die or turned a gruppe face up (it cannot be taken back).
    pub fn play(&mut self, c: HexCommand) -> Result<bool, crate::simple_hex::Illegal> {
        let attacker = self.game.active_move().map(|m| m.plane);
        self.game.play(c)?;
        if let (HexCommand::Attack { target }, Some(a)) = (c, attacker) {
            for p in [a, target] {
                let u = self.game.plane(p).unit.0 as usize;
                self.fought[u] = true;
            }
        }
        // A die thrown or a gruppe spotted: the game keeps no undo past it.
        Ok(!self.game.can_undo())
    }

    /// A dogfight against the geschwader's gruppen (not an intercept).
    pub fn is_dogfight(&self) -> bool {
        self.gruppe_of.iter().any(Option::is_some)
    }

    /// The face-down gruppe a plane flies in, while its gruppe is still
    /// face down; None for every plane the RAF can see.
    pub fn face_down(&self, plane: PlaneId) -> Option<u8> {
        self.game.plane(plane).formation
    }

    /// Whether gruppe `k` has been spotted (turned face up).
    pub fn revealed(&self, k: u8) -> bool {
        !self.game.planes().iter().any(|p| p.formation == Some(k))
    }

    /// Whether each gruppe, in order, has been spotted.
    pub fn gruppen_face_up(&self) -> Vec<bool> {
        let n = self.gruppe_of.iter().flatten().max().map_or(0, |&k| k + 1);
        (0..n).map(|k| self.revealed(k)).collect()
    }
}

/// The battle on the board as the campaign holds it, beside its dice: a
/// Simple Hex game with dice of its own, which its own `play` writes (the
/// campaign's state records that a battle is on and what it came to).
///
/// Behind a lock because Simple Hex's game keeps a search cache in a
/// `RefCell`, which may not be shared between threads; a campaign may. The
/// campaign locks it only while it reads it, never while it calls out, and
/// gives out copies.
pub struct OnBoard(Box<Battle>);

/// A battle on a board: Simple Hex's, or the family game's.
// Both variants are large; `OnBoard` boxes the battle as a whole.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Battle {
    Hex(Tactical),
    Family(FamilyTactical),
}

impl Battle {
    pub fn hex(&self) -> Option<&Tactical> {
        match self {
            Battle::Hex(t) => Some(t),
            Battle::Family(_) => None,
        }
    }

    pub fn family(&self) -> Option<&FamilyTactical> {
        match self {
            Battle::Family(t) => Some(t),
            Battle::Hex(_) => None,
        }
    }

    /// Who meets whom: the wing and the geschwader.
    pub fn sides(&self) -> (usize, usize) {
        match self {
            Battle::Hex(t) => (t.wing, t.geschwader),
            Battle::Family(t) => (t.wing, t.geschwader),
        }
    }
}

impl OnBoard {
    pub fn new(b: Battle) -> OnBoard {
        OnBoard(Box::new(b))
    }

    /// The battle, to read.
    pub fn get(&self) -> &Battle {
        &self.0
    }

    /// The battle, to play on.
    pub fn get_mut(&mut self) -> &mut Battle {
        &mut self.0
    }

    pub fn into_inner(self) -> Battle {
        *self.0
    }
}

impl Clone for OnBoard {
    fn clone(&self) -> OnBoard {
        OnBoard::new(self.get().clone())
    }
}

impl std::fmt::Debug for OnBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

impl std::fmt::Debug for Tactical {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tactical")
            .field("wing", &self.wing)
            .field("geschwader", &self.geschwader)
            .field("units", &self.units)
            .field("commands", &self.game.commands().len())
            .finish()
    }
}

/// A squadron's name as the board's log gives it: "No. 601 Squadron" is
/// "601 Sqn"; a gruppe ("II./KG 54") keeps its own.
pub fn short_name(name: &str) -> String {
    let n = name.strip_prefix("No. ").unwrap_or(name);
    match n.strip_suffix(" Squadron") {
        Some(number) => format!("{number} Sqn"),
        None => n.to_string(),
    }
}

/// A squadron going onto the board.
#[derive(Clone, Copy, Debug)]
pub struct Flyer<'a> {
    /// Its index in the campaign's forces.
    pub squadron: usize,
    /// Its campaign type's name...
    pub aircraft: &'a str,
    /// ...and its own name.
    pub name: &'a str,
}

/// The Simple Hex scenario of an intercept: `luftwaffe`'s units first, then
/// `raf`'s, in the order given.
pub fn scenario(
    hex: &HexTables,
    tactical: &TacticalRules,
    raf: &[Flyer],
    luftwaffe: &[Flyer],
    need: u8,
    formations: Vec<Option<u8>>,
) -> Result<(Arc<Scenario>, Vec<usize>), String> {
    let mut units = Vec::new();
    let mut squadrons = Vec::new();
    for f in luftwaffe.iter().chain(raf) {
        let (s, ty, name) = (f.squadron, f.aircraft, f.name);
        let Some((_, aircraft)) = tactical.aircraft.iter().find(|(a, _)| a == ty) else {
            return Err(format!("no Simple Hex aircraft is given for the {ty}"));
        };
        units.push(UnitSetup {
            aircraft: aircraft.clone(),
            planes: Colour::ALL
                .iter()
                .map(|&colour| PlaneSetup {
                    colour,
                    at: None,
                    facing: None,
                    damaged: false,
                })
                .collect(),
            name: Some(short_name(name)),
        });
        squadrons.push(s);
    }
    let file = ScenarioFile {
        name: "Intercept".into(),
        description: String::new(),
        board: BoardSetup {
            columns: tactical.columns,
            rows: tactical.rows,
        },
        german_end: End::South,
        opening: if tactical.scramble {
            Opening::Scramble
        } else {
            Opening::Sortie
        },
        units,
    };
    let mut rules = hex.rules.clone();
    rules.attacks = tactical.attacks;
    rules.target_points = tactical.points_per_hit * need.max(1) as u32;
    // Every bomber gets through, turns back or is shot down: the board
    // plays its attack out, whatever the score (the raid's bombs fall at
    // its bomb run, with the dice).
    rules.stop_at_target = false;
    let mut sc = Scenario::build(&file, &hex.aircraft, &rules).map_err(|e| {
        e.iter()
            .map(|i| format!("{}: {}", i.path, i.message))
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    if sc.is_fighter_battle() {
        sc.rules.max_rounds_per_attack = tactical.sweep_rounds;
    }
    // A dogfight's gruppen fly face down until an RAF plane comes near.
    sc.formations = formations;
    sc.spot_reach = tactical.reveal_reach;
    sc.formation_speed = tactical.formation_speed;
    sc.plane_worth = tactical.plane_worth;
    Ok((Arc::new(sc), squadrons))
}

/// Who meets whom in a battle on the board, and what the raid is after.
#[derive(Clone, Debug)]
pub struct Meeting {
    pub wing: usize,
    pub geschwader: usize,
    pub target: Option<u16>,
    /// The hits the target still needs.
    pub need: u8,
    /// A dogfight: the gruppe of each Luftwaffe squadron given, in order
    /// (they enter face down). None: an intercept, fought face up.
    pub gruppen: Option<Vec<u8>>,
}

/// Starts the battle (its opening rolls are made now).
pub fn start(
    rules: &CampaignValues,
    raf: &[Flyer],
    luftwaffe: &[Flyer],
    meeting: Meeting,
    seed: u64,
    options: Options,
    quiet: bool,
) -> Result<Tactical, String> {
    let Meeting {
        wing,
        geschwader,
        target,
        need,
        gruppen,
    } = meeting;
    let hex = rules
        .hex
        .as_ref()
        .ok_or("Simple Hex's tables were not loaded with the campaign rules")?;
    let gruppe_of: Vec<Option<u8>> = match gruppen {
        Some(gr) => {
            if gr.len() != luftwaffe.len() {
                return Err(format!(
                    "{} gruppen are given for {} squadrons",
                    gr.len(),
                    luftwaffe.len()
                ));
            }
            let of = gr.iter().map(|&k| Some(k));
            of.chain(raf.iter().map(|_| None)).collect()
        }
        None => Vec::new(),
    };
    let (sc, units) = scenario(
        hex,
        &rules.tactical,
        raf,
        luftwaffe,
        need,
        gruppe_of.clone(),
    )?;
    let game = if quiet {
        Game::new_quiet(sc, options, seed)
    } else {
        Game::new(sc, options, seed)
    };
    Ok(Tactical {
        game,
        wing,
        geschwader,
        units,
        target,
        need,
        gruppe_of,
        fought: vec![false; raf.len() + luftwaffe.len()],
    })
}

/// The campaign result of a finished battle on the hex board: each side's
/// planes shot down become hits on it at its `HitRate` (a damaged plane
/// flies home and is repaired), which it takes as it takes the dice's: on
/// a squadron of its choice, lost for hits at its defence, else stood down,
/// once a side (in a dogfight only lost). In an intercept each full
/// `points_per_hit` bomb points is a hit on the target, up to what it still
/// needs.
pub fn outcome(t: &Tactical, rules: &TacticalRules) -> Outcome {
    let g = &t.game;
    let mut squadrons: Vec<SquadronResult> = t
        .units
        .iter()
        .enumerate()
        .map(|(u, &squadron)| {
            let (mut shot_down, mut damaged, mut side) = (0u8, 0u8, Side::British);
            let (mut through, mut bomber) = (0u8, false);
            for id in g.planes_of_unit(UnitId(u as u8)) {
                let p = g.plane(id);
                side = p.side;
                bomber = p.role == Role::Bomber;
                // Through: it bombed, or flies on undamaged at the end.
                let on = p.bomb_runs > 0 || (p.is_flying() && !p.damaged);
                through += u8::from(bomber && on);
                if p.loc == Loc::Destroyed {
                    shot_down += 1;
                } else if p.damaged {
                    damaged += 1;
                }
            }
            SquadronResult {
                squadron,
                side,
                shot_down,
                damaged,
                fought: t.fought[u],
                seen: true,
                bomber,
                through,
            }
        })
        .collect();
    for (u, r) in squadrons.iter_mut().enumerate() {
        r.seen = match t.gruppe_of.get(u).copied().flatten() {
            Some(k) => t.revealed(k),
            None => true,
        };
    }
    let down = |side: Side| -> u32 {
        squadrons
            .iter()
            .filter(|r| r.side == side)
            .map(|r| r.shot_down as u32)
            .sum()
    };
    let dogfight = t.is_dogfight();
    let points = g.score();
    Outcome {
        raf_hits: rules.raf_hits.hits(down(Side::British)),
        luftwaffe_hits: rules.luftwaffe_hits.hits(down(Side::German)),
        squadrons,
        points,
        fighter_battle: g.scenario().is_fighter_battle(),
        dogfight,
        family: false,
        ace: None,
        ranked: None,
    }
}
