//! An intercept fought on the family board: the battle built from the
//! campaign's squadrons, and its result mapped back (docs/RULES.md,
//! "Intercepts on the family board").
//!
//! Each RAF squadron of the wing flies as one Spitfire, in a sector of its
//! own, up over its airfield when the battle begins. Each squadron of the
//! raid flies as one of the spinner's planes: a bomber, or an escort that
//! flies with the raid but drops no bombs. A raid's plane flies once: in
//! from the sea, north to its target along the north edge (where a bomber
//! drops its bombs), and home off the south edge; it leaves the board for
//! good when it is shot down, collides or is sent off a side edge. The
//! battle is over when the raid has left the board, or after the rules'
//! rounds.

use super::rules::{CampaignValues, FamilyBoardRules};
use super::tactical::{Meeting, Outcome, SquadronResult};
use crate::common::hex::offset_of;
use crate::common::Side;
use crate::family::{FamilyScenario, Game, Position, Raid, Return, SeatSetup, Setup, SpitfireAt};
use std::sync::Arc;

/// An intercept in progress on the family board.
#[derive(Clone)]
pub struct FamilyTactical {
    pub game: Game,
    pub wing: usize,
    pub geschwader: usize,
    /// The campaign squadron each Spitfire (seat) stands for...
    pub raf: Vec<usize>,
    /// ...and each plane of the raid (bomber index).
    pub luftwaffe: Vec<usize>,
    /// The raid's target card, and the hits it still needed when the battle began.
    pub target: Option<u16>,
    pub need: u8,
}

impl std::fmt::Debug for FamilyTactical {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FamilyTactical")
            .field("wing", &self.wing)
            .field("geschwader", &self.geschwader)
            .field("raf", &self.raf)
            .field("luftwaffe", &self.luftwaffe)
            .field("commands", &self.game.commands().len())
            .finish()
    }
}

/// Starts the battle: `raf`, the wing's squadrons; `luftwaffe`, the raid's,
/// each with whether it is an escort (a fighter); `target_name` is written
/// along the north edge.
#[allow(clippy::too_many_arguments)]
pub fn start(
    rules: &CampaignValues,
    raf: &[usize],
    luftwaffe: &[(usize, bool)],
    meeting: Meeting,
    target_name: &str,
    seed: u64,
    quiet: bool,
) -> Result<FamilyTactical, String> {
    let tables = rules
        .family
        .as_ref()
        .ok_or("the family game's tables were not loaded with the campaign rules")?;
    let board = &tables.board;
    if raf.is_empty() || raf.len() > board.sectors.len() {
        return Err(format!(
            "the family board has {} sectors: {} RAF squadrons cannot fly on it",
            board.sectors.len(),
            raf.len()
        ));
    }
    if luftwaffe.is_empty() || luftwaffe.len() > board.starts.len() {
        return Err(format!(
            "the family board has {} start squares: {} squadrons of the raid cannot fly on it",
            board.starts.len(),
            luftwaffe.len()
        ));
    }
    if luftwaffe.iter().all(|&(_, escort)| escort) {
        return Err("the raid's part has no bomber to fly by the spinner".into());
    }
    let mut file = board.clone();
    file.starts.truncate(luftwaffe.len());
    let mut sc = FamilyScenario::build(&file, tables.rules.clone()).map_err(|e| {
        e.iter()
            .map(|i| format!("{}: {}", i.path, i.message))
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let fb = &rules.family_board;
    sc.board = "campaign".into();
    sc.raid = Some(Raid {
        escort: luftwaffe.iter().map(|&(_, e)| e).collect(),
        target: target_name.to_string(),
        rounds: fb.rounds,
    });
    let sc = Arc::new(sc);
    let setup = Setup {
        seats: (0..raf.len())
            .map(|i| SeatSetup {
                sector: i as u8,
                airfield: 0,
            })
            .collect(),
        short_game: false,
        difficulty: Default::default(),
    };
    // Scrambled: each Spitfire is up over its sector's first airfield.
    let spitfires = (0..raf.len() as u8)
        .map(|seat| {
            let af = sc.airfields_of(seat)[0];
            let [c, r] = offset_of(sc.features[af].hex);
            SpitfireAt {
                seat,
                at: (c, r),
                altitude: fb.altitude,
                fuel: fb.fuel,
            }
        })
        .collect();
    let position = Position {
        spitfires,
        ..Default::default()
    };
    let game = if quiet {
        Game::with_position_quiet(sc, setup, position, seed)
    } else {
        Game::with_position(sc, setup, position, seed)
    }?;
    Ok(FamilyTactical {
        game,
        wing: meeting.wing,
        geschwader: meeting.geschwader,
        raf: raf.to_vec(),
        luftwaffe: luftwaffe.iter().map(|&(q, _)| q).collect(),
        target: meeting.target,
        need: meeting.need,
    })
}

/// The campaign result of a finished battle on the family board. The
/// family game's planes have no guns, and a squadron card is a dozen
/// aircraft: what happened becomes hits, taken as the dice's are (the
/// side hit chooses the squadron: lost for hits at its defence, else stood
/// down, once a side):
/// - the Luftwaffe takes hits for the planes of the raid shot down or in
///   a collision at the `kills` rate;
/// - the RAF takes `hits_per_spitfire` for each Spitfire lost, and hits
///   for the planes of the raid it shoots down at the `return_fire` rate
///   (the formation's return fire);
/// - no bombs fall on the board: the raid flies on, and its bombers still
///   with it bomb with the dice at its target.
pub fn outcome(t: &FamilyTactical, rules: &FamilyBoardRules) -> Outcome {
    let g = &t.game;
    let mut squadrons = Vec::new();
    let mut raf_hits = 0u32;
    for (seat, &squadron) in t.raf.iter().enumerate() {
        let lost = g.spitfire(seat as u8).lost.is_some();
        if lost {
            raf_hits += rules.hits_per_spitfire as u32;
        }
        squadrons.push(SquadronResult {
            squadron,
            side: Side::British,
            shot_down: lost as u8,
            damaged: 0,
            fought: true,
            seen: true,
            bomber: false,
            through: 0,
        });
    }
    let (mut kills, mut shot_down) = (0u32, 0u32);
    for (b, &squadron) in t.luftwaffe.iter().enumerate() {
        let escort = g.scenario().is_escort(b as u8);
        let killed = matches!(
            g.bombers()[b].gone,
            Some(Return::ShotDown | Return::Collision)
        );
        if killed {
            kills += 1;
            shot_down += u32::from(g.bombers()[b].gone == Some(Return::ShotDown));
        }
        squadrons.push(SquadronResult {
            squadron,
            side: Side::German,
            shot_down: killed as u8,
            damaged: 0,
            fought: true,
            seen: true,
            bomber: !escort,
            // A squadron flies as one plane: over the target, or flying on
            // at the end, all of it.
            through: if !escort && (g.bombers()[b].over_target || g.bombers()[b].gone.is_none()) {
                crate::campaign::tactical::PLANES
            } else {
                0
            },
        });
    }
    let over = g.bombers().iter().filter(|b| b.over_target).count() as u32;
    Outcome {
        squadrons,
        points: over,
        fighter_battle: false,
        dogfight: false,
        family: true,
        raf_hits: (raf_hits + rules.return_fire.hits(shot_down) as u32).min(u8::MAX as u32) as u8,
        luftwaffe_hits: rules.kills.hits(kills),
        ace: None,
        ranked: None,
    }
}

/// Why the fight about to be fought cannot fly on the family board, in a
/// sentence for the how-to-fight screen; None if it can: the family tables
/// are loaded, it is an intercept, the raid's part holds a bomber, and
/// there is a sector for each RAF squadron and a start square for each of
/// the raid's.
pub fn why_not(s: &crate::campaign::state::State) -> Option<String> {
    let Some(tables) = s.rules().family.as_ref() else {
        return Some("The family game's tables were not loaded.".into());
    };
    let Some(f) = s.fight() else {
        return Some("Only an intercept is flown on the family board.".into());
    };
    if !f.intercept {
        return Some(
            "A dogfight is not flown on the family board: it has no German fighters to fight."
                .into(),
        );
    }
    let (sectors, starts) = (tables.board.sectors.len(), tables.board.starts.len());
    if f.raf.is_empty() || f.raf.len() > sectors {
        return Some(format!(
            "The wing's {} squadrons need a sector each, and the family board has {sectors}.",
            f.raf.len()
        ));
    }
    if f.luftwaffe.is_empty() || f.luftwaffe.len() > starts {
        return Some(format!(
            "The raid's {} squadrons need a start square each, and the family board has {starts}.",
            f.luftwaffe.len()
        ));
    }
    let bomber = f
        .luftwaffe
        .iter()
        .any(|&q| s.aircraft(q).role == crate::campaign::data::Role::Bomber);
    (!bomber).then(|| {
        "A fighter sweep is not flown on the family board: it has no bomber for the spinner to steer.".into()
    })
}

/// The intercept about to be fought can fly on the family board.
pub fn fits(s: &crate::campaign::state::State) -> bool {
    why_not(s).is_none()
}
