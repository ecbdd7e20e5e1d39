//! The one legality test: [`check`], with the reasons a command is refused
//! ([`Illegal`], each a sentence), and [`legal_commands`], every command
//! `check` accepts now.

use super::command::Command;
use super::data::{Group, Luftflotte, Square};
use super::forces::{ForcesError, Holder, Place};
use super::state::{distance, Stage, State, WingState};
use super::tactical::Battle;
use crate::common::words::{count, plural};
use crate::common::Side;
use crate::simple_hex::{self, Command as HexCommand};
use std::fmt;

/// Why a command cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    Over,
    /// The command is not one of the decisions the campaign waits for.
    NotThisStep {
        command: &'static str,
    },
    CardNotInHand,
    NoSuchRotation,
    NoSquadronType {
        kind: String,
    },
    NoReadySquadron {
        group: u8,
        kind: String,
    },
    NoDamagedSquadron {
        group: u8,
        kind: String,
    },
    TooManyProductionDice {
        dice: u8,
    },
    NoSquadronSuccesses,
    NotRebuildable,
    RebuildCosts {
        cost: u8,
        have: u8,
    },
    ReservePoolEmpty,
    NotThirteenGroupDamaged,
    NoRepairSuccesses,
    NotMendable,
    BigWingOrder,
    NotABigWing,
    NoSuchReinforcement,
    NoSuchGeschwader,
    GeschwaderEmpty,
    AlreadyAssigned,
    NoBombers,
    TargetNotInHand,
    NoSuchWave {
        waves: u8,
    },
    GeschwaderOffTheMap,
    OneSquareAtATime,
    NorthOfTheLine,
    CannotScramble,
    WingStepsOneSquare,
    WingCannotMove,
    OffTheMap,
    WingRange {
        squares: u8,
    },
    AlreadyThere,
    CannotLose,
    CannotStandDown,
    NoBoardTables,
    /// The fight cannot be flown on the family board, and why.
    NotForTheFamilyBoard(String),
    NoBattle,
    /// The battle on the board refuses the move.
    Board(simple_hex::Illegal),
    /// The battle on the family board refuses the move.
    FamilyBoard(crate::family::Illegal),
    NoDogfight,
    NoSuchGruppe {
        gruppen: u8,
    },
    FormsGruppen {
        gruppen: usize,
    },
    GruppeFull {
        max: usize,
    },
    GruppeLeftEmpty,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Illegal::*;
        match self {
            Over => write!(f, "The campaign is over."),
            NotThisStep { command } => write!(f, "{command} is not a decision of this step."),
            CardNotInHand => write!(f, "That card is not in the German hand."),
            NoSuchRotation => write!(f, "There is no such rotation this turn."),
            NoSquadronType { kind } => write!(f, "There is no squadron type {kind}."),
            NoReadySquadron { group, kind } => write!(
                f,
                "{group} Group has no combat-ready {kind} squadron to send."
            ),
            NoDamagedSquadron { group, kind } => write!(
                f,
                "{group} Group has no damaged {kind} squadron to bring back."
            ),
            TooManyProductionDice { dice } => {
                write!(f, "Only {dice} production dice are thrown.")
            }
            NoSquadronSuccesses => write!(f, "No successful squadron dice are left."),
            RebuildCosts { cost, have } => write!(
                f,
                "Rebuilding that squadron takes {cost} successful squadron dice; {have} are left."
            ),
            NotRebuildable => write!(
                f,
                "Only a damaged RAF squadron of a type still in the battle can be rebuilt."
            ),
            ReservePoolEmpty => write!(f, "13 Group's reserve pool is empty."),
            NotThirteenGroupDamaged => write!(
                f,
                "Reserve points rebuild only damaged 13 Group squadrons."
            ),
            NoRepairSuccesses => write!(f, "No successful repair dice are left."),
            NotMendable => write!(
                f,
                "Only a knocked-out airfield, radar station or factory can be repaired."
            ),
            BigWingOrder => write!(f, "Name the Big Wing's wings in order, the lower first."),
            NotABigWing => write!(f, "The Big Wing is two 12 Group wings formed this turn."),
            NoSuchReinforcement => write!(
                f,
                "From turn 9 a Luftflotte 2 geschwader may grow to seven squadrons, from its box or another Luftflotte 2 geschwader."
            ),
            NoSuchGeschwader => write!(f, "There is no such geschwader."),
            GeschwaderEmpty => write!(f, "That geschwader has no squadrons this turn."),
            AlreadyAssigned => write!(f, "That geschwader already has its mission."),
            NoBombers => write!(f, "A geschwader without bombers cannot fly a mission."),
            TargetNotInHand => write!(f, "That target is not in the German hand."),
            NoSuchWave { waves } => write!(
                f,
                "A geschwader takes off in Tally Ho phase 1 to {waves}."
            ),
            GeschwaderOffTheMap => write!(f, "A geschwader stays on the map."),
            OneSquareAtATime => write!(f, "A geschwader flies one square at a time."),
            NorthOfTheLine => write!(
                f,
                "Bf 109s and Ju 87s cannot enter a square entirely north of the 12 Group line."
            ),
            CannotScramble => write!(f, "That wing is not at its station ready to scramble."),
            WingStepsOneSquare => write!(f, "The intercepting wing flies one square."),
            WingCannotMove => write!(f, "That wing cannot move now."),
            OffTheMap => write!(f, "That square is off the map."),
            WingRange { squares } => write!(f, "A wing flies {} at most.", count(squares, "square", "squares")),
            AlreadyThere => write!(f, "The wing is already there."),
            CannotLose => write!(
                f,
                "That squadron is not in the fight or the hits are too few to lose it."
            ),
            CannotStandDown => write!(
                f,
                "A squadron is stood down only in an intercept, once a side, for fewer hits than its defence."
            ),
            NoBoardTables => write!(
                f,
                "Simple Hex's tables were not loaded: the dice must decide."
            ),
            NotForTheFamilyBoard(why) => write!(f, "{why}"),
            NoBattle => write!(f, "There is no battle on the board."),
            Board(e) => write!(f, "{e}"),
            FamilyBoard(e) => write!(f, "{e}"),
            NoDogfight => write!(f, "There is no dogfight."),
            NoSuchGruppe { gruppen } => write!(
                f,
                "There {} {}.",
                plural(gruppen, "is", "are"),
                count(gruppen, "gruppe", "gruppen")
            ),
            FormsGruppen { gruppen } => write!(
                f,
                "The geschwader forms {}.",
                count(gruppen, "gruppe", "gruppen")
            ),
            GruppeFull { max } => write!(
                f,
                "No gruppe can have more than {}.",
                count(max, "squadron", "squadrons")
            ),
            GruppeLeftEmpty => write!(f, "Every gruppe needs at least one squadron."),
        }
    }
}

impl std::error::Error for Illegal {}

impl From<ForcesError> for Illegal {
    fn from(e: ForcesError) -> Illegal {
        match e {
            ForcesError::NoSuchType(kind) => Illegal::NoSquadronType { kind },
            ForcesError::NoReadySquadron { group, kind } => Illegal::NoReadySquadron {
                group: group.number(),
                kind,
            },
            ForcesError::NoDamagedSquadron { group, kind } => Illegal::NoDamagedSquadron {
                group: group.number(),
                kind,
            },
            ForcesError::NotDamaged | ForcesError::Retired => Illegal::NotRebuildable,
            ForcesError::NotThirteenGroup => Illegal::NotThirteenGroupDamaged,
            ForcesError::NoReservePoints => Illegal::ReservePoolEmpty,
        }
    }
}

/// The one legality test. `board` is the battle on the hex board, when one
/// is being fought.
pub fn check(s: &State, board: Option<&Battle>, cmd: &Command) -> Result<(), Illegal> {
    use Command as C;
    use Illegal as I;
    match (s.stage(), *cmd) {
        (Stage::Over, _) => Err(I::Over),
        (Stage::KeepHand, C::Discard(card)) => {
            ok(s.deck().hand().contains(&card), I::CardNotInHand)
        }
        (Stage::Rotations, C::Rotate(k)) => match s.rotations_left().get(k) {
            None => Err(I::NoSuchRotation),
            Some(r) => s
                .forces()
                .rotation(r, &s.data().oob)
                .map(|_| ())
                .map_err(I::from),
        },
        (Stage::Rotations, C::EndRotations) => Ok(()),
        (Stage::ProductionSplit { dice }, C::Production { squadrons }) => {
            ok(squadrons <= *dice, I::TooManyProductionDice { dice: *dice })
        }
        (Stage::Repairs, C::Rebuild(q)) => check_rebuild(s, q),
        (Stage::Repairs, C::Reserve(q)) => check_reserve(s, q),
        (Stage::Repairs, C::Mend(card)) => check_mend(s, card),
        (Stage::Repairs, C::EndRepairs) => Ok(()),
        (Stage::BigWing, C::BigWing(a, b)) => {
            // The pair is named in order, so each Big Wing has one command.
            if a > b {
                return Err(I::BigWingOrder);
            }
            ok(s.big_wing_pairs().any(|p| p == (a, b)), I::NotABigWing)
        }
        (Stage::BigWing, C::NoBigWing) => Ok(()),
        (Stage::Reinforce, c @ C::Reinforce { .. }) => {
            ok(reinforcements(s).contains(&c), I::NoSuchReinforcement)
        }
        (Stage::Reinforce, C::EndReinforce) => Ok(()),
        (
            Stage::Missions,
            C::Assign {
                geschwader,
                card,
                wave,
            },
        ) => check_assign(s, geschwader, card, wave),
        (Stage::Missions, C::EndMissions) => Ok(()),
        (Stage::Fly { geschwader }, C::Step(to)) => check_step(s, *geschwader, to),
        (Stage::Fly { .. }, C::Home) => Ok(()),
        (Stage::InterceptChoice { .. }, C::Intercept(w)) => {
            ok(w < s.wings().len() && s.can_intercept(w), I::CannotScramble)
        }
        (Stage::InterceptChoice { .. }, C::NoIntercept | C::NoMoreIntercepts) => Ok(()),
        (Stage::InterceptStep { wing, .. }, C::WingStep(to)) => ok(
            s.data().map.contains(to) && distance(s.wings()[*wing].at, to) == 1,
            I::WingStepsOneSquare,
        ),
        (Stage::RafMovement, C::MoveWing { wing, to }) => check_move_wing(s, wing, to),
        (Stage::RafMovement, C::EndRafMovement) => Ok(()),
        (Stage::Allocate { side }, c @ (C::Lose(_) | C::StandDown(_))) => {
            let why = match c {
                C::Lose(_) => I::CannotLose,
                _ => I::CannotStandDown,
            };
            ok(allocation_options(s, *side).contains(&c), why)
        }
        (Stage::HowToFight { .. }, C::WithDice) => Ok(()),
        (Stage::HowToFight { .. }, C::OnTheBoard) => ok(s.rules().hex.is_some(), I::NoBoardTables),
        (Stage::HowToFight { dogfight: true, .. }, C::OnTheFamilyBoard) => {
            Err(I::NotForTheFamilyBoard(
                "A dogfight is not flown on the family board: it has no German fighters to fight."
                    .into(),
            ))
        }
        (Stage::HowToFight { .. }, C::OnTheFamilyBoard) => {
            match crate::campaign::family_board::why_not(s) {
                Some(why) => Err(I::NotForTheFamilyBoard(why)),
                None => Ok(()),
            }
        }
        (Stage::Battle, C::Hex(c)) => match board.and_then(Battle::hex) {
            Some(t) => t.game.check(&c).map_err(I::Board),
            None => Err(I::NoBattle),
        },
        (Stage::Battle, C::Family(c)) => match board.and_then(Battle::family) {
            Some(t) => t.game.check(&c).map_err(I::FamilyBoard),
            None => Err(I::NoBattle),
        },
        (Stage::Gruppen, C::Gruppe(k)) => check_gruppe(s, k),
        (Stage::Attacks, C::Attack(k)) => check_attack(s, k),
        _ => Err(I::NotThisStep {
            command: cmd.kind(),
        }),
    }
}

/// `why`, unless `test` holds.
fn ok(test: bool, why: Illegal) -> Result<(), Illegal> {
    if test {
        Ok(())
    } else {
        Err(why)
    }
}

/// A rebuild: of a squadron that can be rebuilt, with the successes it costs.
fn check_rebuild(s: &State, q: usize) -> Result<(), Illegal> {
    if s.successes().0 == 0 {
        return Err(Illegal::NoSquadronSuccesses);
    }
    if !(q < s.forces().squadrons.len() && s.forces().rebuildable(q)) {
        return Err(Illegal::NotRebuildable);
    }
    let (cost, have) = (s.rebuild_cost(q), s.successes().0);
    ok(cost <= have, Illegal::RebuildCosts { cost, have })
}

/// A reserve point: for a damaged 13 Group squadron, while the pool lasts.
fn check_reserve(s: &State, q: usize) -> Result<(), Illegal> {
    if s.forces().reserve_points == 0 {
        return Err(Illegal::ReservePoolEmpty);
    }
    let thirteen =
        s.forces().squadrons.get(q).is_some_and(|sq| {
            s.forces().rebuildable(q) && sq.holder == Holder::Group(Group::Thirteen)
        });
    ok(thirteen, Illegal::NotThirteenGroupDamaged)
}

/// A repair: of a damaged target, with a repair success.
fn check_mend(s: &State, card: u16) -> Result<(), Illegal> {
    if s.successes().1 == 0 {
        return Err(Illegal::NoRepairSuccesses);
    }
    ok(s.mendable().any(|c| c == card), Illegal::NotMendable)
}

/// A mission: a geschwader with bombers and no target yet, against a card
/// of the hand, in one of the waves.
fn check_assign(s: &State, geschwader: usize, card: u16, wave: u8) -> Result<(), Illegal> {
    let Some(g) = s.geschwader().get(geschwader) else {
        return Err(Illegal::NoSuchGeschwader);
    };
    if g.squadrons.is_empty() {
        return Err(Illegal::GeschwaderEmpty);
    }
    if g.target.is_some() {
        return Err(Illegal::AlreadyAssigned);
    }
    if !s.has_bombers(&g.squadrons) {
        return Err(Illegal::NoBombers);
    }
    if !s.deck().hand().contains(&card) {
        return Err(Illegal::TargetNotInHand);
    }
    let waves = s.rules().raid.waves;
    ok(wave > 0 && wave <= waves, Illegal::NoSuchWave { waves })
}

/// A wing's move: a wing that may move, within its reach on the map, to
/// another square (or home again to rise from its station).
fn check_move_wing(s: &State, wing: usize, to: Square) -> Result<(), Illegal> {
    if wing >= s.wings().len() || !s.movable_wings().any(|w| w == wing) {
        return Err(Illegal::WingCannotMove);
    }
    if !s.data().map.contains(to) {
        return Err(Illegal::OffTheMap);
    }
    let squares = s.rules().raid.raf_move;
    if distance(s.wings()[wing].at, to) > squares {
        return Err(Illegal::WingRange { squares });
    }
    let rises =
        s.wings()[wing].state == WingState::Ready && to == s.home_of(wing) && s.raid_over(to);
    ok(to != s.wings()[wing].at || rises, Illegal::AlreadyThere)
}

/// An escort's attack: on a gruppe formed, or on none.
fn check_attack(s: &State, k: Option<u8>) -> Result<(), Illegal> {
    let Some(d) = s.dogfight() else {
        return Err(Illegal::NoDogfight);
    };
    let gruppen = d.gruppen_formed();
    match k {
        Some(k) if k >= gruppen => Err(Illegal::NoSuchGruppe { gruppen }),
        _ => Ok(()),
    }
}

fn check_step(s: &State, g: usize, to: Square) -> Result<(), Illegal> {
    let ges = &s.geschwader()[g];
    if !s.data().map.contains(to) {
        return Err(Illegal::GeschwaderOffTheMap);
    }
    if distance(ges.at, to) != 1 {
        return Err(Illegal::OneSquareAtATime);
    }
    if !s.may_enter(&ges.squadrons, to) {
        return Err(Illegal::NorthOfTheLine);
    }
    Ok(())
}

/// The next squadron may join gruppe `k` if the gruppen can still be
/// completed: at most three gruppen of one to three squadrons.
fn check_gruppe(s: &State, k: u8) -> Result<(), Illegal> {
    let Some(d) = s.dogfight() else {
        return Err(Illegal::NoDogfight);
    };
    let n = d.squadrons.len();
    let want = s.gruppen_to_form();
    let max = s.rules().raid.gruppe_max as usize;
    if k as usize >= want {
        return Err(Illegal::FormsGruppen { gruppen: want });
    }
    let mut sizes = vec![0usize; want];
    for &g in &d.gruppe_of {
        sizes[g as usize] += 1;
    }
    sizes[k as usize] += 1;
    if sizes[k as usize] > max {
        return Err(Illegal::GruppeFull { max });
    }
    let left = n - d.gruppe_of.len() - 1;
    let empty = sizes.iter().filter(|&&z| z == 0).count();
    if empty > left {
        return Err(Illegal::GruppeLeftEmpty);
    }
    Ok(())
}

/// From turn 9, the ways a Luftflotte 2 geschwader can be reinforced, up
/// to seven squadrons: from its Combat Ready box if cards are left there,
/// or with a squadron of another of its geschwader (fewer, stronger raids).
pub fn reinforcements(s: &State) -> Vec<Command> {
    let mut out = Vec::new();
    if !s.big_geschwader_open() {
        return out;
    }
    let lf2 = |g: usize| s.data().oob.geschwader[g].luftflotte == Luftflotte::Two;
    let full = s.rules().raid.big_geschwader as usize;
    let box_has = !s
        .forces()
        .ready(Holder::Luftflotte(Luftflotte::Two))
        .is_empty();
    let ges = s.geschwader();
    for g in 0..ges.len() {
        let size = ges[g].squadrons.len();
        if !lf2(g) || size == 0 || size >= full {
            continue;
        }
        if box_has {
            out.push(Command::Reinforce {
                geschwader: g,
                from: None,
            });
        }
        for (o, other) in ges.iter().enumerate() {
            if o != g && lf2(o) && !other.squadrons.is_empty() {
                out.push(Command::Reinforce {
                    geschwader: g,
                    from: Some(o),
                });
            }
        }
    }
    out
}

/// Squadrons of a side in the fight that can take its hits now.
pub fn allocation_options(s: &State, side: Side) -> Vec<Command> {
    let Some(f) = s.fight() else {
        return Vec::new();
    };
    let (pool, hits, stood) = match side {
        Side::German => (&f.luftwaffe, f.on_luftwaffe, f.luftwaffe_stood_down),
        Side::British => (&f.raf, f.on_raf, f.raf_stood_down),
    };
    let mut out = Vec::new();
    if hits == 0 {
        return out;
    }
    for &q in pool {
        let d = s.aircraft(q).defence;
        if d <= hits {
            out.push(Command::Lose(q));
        } else if f.intercept && !stood {
            out.push(Command::StandDown(q));
        }
    }
    out
}

/// The squares a wing may fly to in this RAF movement (none if it may not
/// move): within its reach, on the map, and not where it is unless it
/// rises from its station against a raid overhead.
pub fn wing_reach(s: &State, wing: usize) -> Vec<Square> {
    if !matches!(s.stage(), Stage::RafMovement) || wing >= s.wings().len() {
        return Vec::new();
    }
    let r = s.rules().raid.raf_move as i32;
    let at = s.wings()[wing].at;
    let mut out = Vec::new();
    for dr in -r..=r {
        for dc in -r..=r {
            let to = Square::new(at.col + dc, at.row + dr);
            if check(s, None, &Command::MoveWing { wing, to }).is_ok() {
                out.push(to);
            }
        }
    }
    out
}

/// Every command that would be legal now (for tests and random play; wing
/// moves are listed to every square in reach).
pub fn legal_commands(s: &State, board: Option<&Battle>) -> Vec<Command> {
    use Command as C;
    let mut cands = Vec::new();
    match s.stage() {
        Stage::Over => {}
        Stage::KeepHand => cands.extend(s.deck().hand().iter().map(|&c| C::Discard(c))),
        Stage::Rotations => {
            cands.extend((0..s.rotations_left().len()).map(C::Rotate));
            cands.push(C::EndRotations);
        }
        Stage::ProductionSplit { dice } => {
            cands.extend((0..=*dice).map(|n| C::Production { squadrons: n }))
        }
        Stage::Repairs => {
            for (i, q) in s.forces().squadrons.iter().enumerate() {
                if q.side == Side::British && q.place == Place::Damaged {
                    cands.push(C::Rebuild(i));
                    cands.push(C::Reserve(i));
                }
            }
            cands.extend(s.mendable().map(C::Mend));
            cands.push(C::EndRepairs);
        }
        Stage::Reinforce => {
            cands.extend(reinforcements(s));
            cands.push(C::EndReinforce);
        }
        Stage::BigWing => {
            cands.extend(s.big_wing_pairs().map(|(a, b)| C::BigWing(a, b)));
            cands.push(C::NoBigWing);
        }
        Stage::Missions => {
            for g in 0..s.geschwader().len() {
                for &card in s.deck().hand() {
                    for wave in 1..=s.rules().raid.waves {
                        cands.push(C::Assign {
                            geschwader: g,
                            card,
                            wave,
                        });
                    }
                }
            }
            cands.push(C::EndMissions);
        }
        Stage::Fly { geschwader } => {
            cands.extend(
                s.data()
                    .map
                    .neighbours(s.geschwader()[*geschwader].at)
                    .map(C::Step),
            );
            cands.push(C::Home);
        }
        Stage::InterceptChoice { .. } => {
            cands.extend((0..s.wings().len()).map(C::Intercept));
            cands.push(C::NoIntercept);
            cands.push(C::NoMoreIntercepts);
        }
        Stage::InterceptStep { wing, .. } => cands.extend(
            s.data()
                .map
                .neighbours(s.wings()[*wing].at)
                .map(C::WingStep),
        ),
        Stage::RafMovement => {
            for w in s.movable_wings() {
                cands.extend(
                    wing_reach(s, w)
                        .into_iter()
                        .map(|to| C::MoveWing { wing: w, to }),
                );
            }
            cands.push(C::EndRafMovement);
        }
        Stage::Allocate { side } => return allocation_options(s, *side),
        Stage::HowToFight { .. } => cands.extend([C::OnTheBoard, C::OnTheFamilyBoard, C::WithDice]),
        Stage::Battle => {
            if let Some(t) = board.and_then(Battle::family) {
                cands.extend(t.game.legal_commands().into_iter().map(C::Family));
            }
            if let Some(t) = board.and_then(Battle::hex) {
                let g = &t.game;
                let units = t.units.len() as u8;
                let cols = g.scenario().columns as u8;
                for unit in 0..units {
                    for column in 0..cols {
                        cands.push(C::Hex(HexCommand::Enter {
                            unit: simple_hex::UnitId(unit),
                            column,
                        }));
                    }
                }
                for step in simple_hex::Step::ALL {
                    cands.push(C::Hex(HexCommand::Step(step)));
                }
                for p in 0..g.planes().len() as u8 {
                    cands.push(C::Hex(HexCommand::Attack {
                        target: simple_hex::PlaneId(p),
                    }));
                }
                cands.push(C::Hex(HexCommand::EndMove));
            }
        }
        Stage::Gruppen => {
            cands.extend((0..s.rules().raid.gruppen).map(C::Gruppe));
        }
        Stage::Attacks => {
            cands.push(C::Attack(None));
            cands.extend((0..s.rules().raid.gruppen).map(|k| C::Attack(Some(k))));
        }
    }
    cands.retain(|c| check(s, board, c).is_ok());
    cands
}
