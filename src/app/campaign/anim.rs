//! The campaign's events as animations and log lines: each event is read
//! with the state just before and just after it, never with the campaign
//! as it is by the time the event's turn comes on screen.

use super::names::{self, card_name, geschwader_name, square_name, wing_name};
use super::names::{does, is_are};
use super::result::verdict_text;
use crate::app::table::Beat;
use crate::campaign::data::Square;
use crate::campaign::game::{BombRun, Event, RaidState};
use crate::campaign::state::State;
use crate::campaign::tactical::Outcome;
use crate::common::words::{count, plural};
use crate::common::Side;
use crate::sound::Sfx;

/// A line of the log, as each side may read it.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    /// What the RAF's commander reads.
    pub raf: String,
    /// What the Luftwaffe's commander reads.
    pub luftwaffe: String,
    pub side: Option<Side>,
}

impl LogLine {
    pub fn for_side(&self, viewer: Side) -> &str {
        match viewer {
            Side::British => &self.raf,
            Side::German => &self.luftwaffe,
        }
    }
}

/// What the map shows moving.
#[derive(Clone, Debug, PartialEq)]
pub enum Anim {
    /// A geschwader flies one square.
    Geschwader {
        g: usize,
        to: Square,
    },
    /// A wing flies (one square in an intercept, up to five in RAF movement).
    Wing {
        w: usize,
        to: Square,
    },
    /// Straight back to base or station.
    GeschwaderJump {
        g: usize,
        to: Square,
    },
    WingJump {
        w: usize,
        to: Square,
    },
    /// Bombs, or a squadron lost, on a square.
    Flash {
        at: Square,
        bombs: bool,
    },
    /// A moment with the rattle of dice (seconds at normal speed).
    Pause(f32),
    /// A sentence on the map where something happened (why an intercept
    /// missed), read while it shows.
    Note {
        at: Square,
        text: String,
    },
    /// Every counter where the state after an event has it.
    Sync(Counters),
}

/// Where each geschwader's and each wing's counter stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counters {
    pub geschwader: Vec<Square>,
    pub wings: Vec<Square>,
}

impl Counters {
    /// The counters as a state has them: a geschwader in the air where it
    /// flies, any other at its base; a wing where it is.
    pub fn of(s: &State) -> Counters {
        Counters {
            geschwader: s
                .geschwader()
                .iter()
                .enumerate()
                .map(|(g, ges)| match ges.state {
                    RaidState::Aloft => ges.at,
                    _ => s.data().oob.geschwader[g].at,
                })
                .collect(),
            wings: s.wings().iter().map(|w| w.at).collect(),
        }
    }
}

/// How long an animation takes at normal speed, in seconds.
pub fn length(a: &Anim) -> f32 {
    match a {
        Anim::Geschwader { .. } | Anim::Wing { .. } => 0.396,
        Anim::GeschwaderJump { .. } | Anim::WingJump { .. } => 0.27,
        Anim::Flash { .. } => 0.72,
        Anim::Pause(s) => *s,
        Anim::Sync(_) => 0.0,
        // Long enough to read (the note stays on the map a while after).
        Anim::Note { .. } => 0.8,
    }
}

/// The sound an animation starts with, if any (none when it takes no time).
pub fn sound(a: &Anim, length: f32, playing: &[Sfx]) -> Option<Sfx> {
    if length <= 0.0 {
        return None;
    }
    match a {
        Anim::Flash { bombs: true, .. } => Some(Sfx::Bomb),
        Anim::Flash { bombs: false, .. } => Some(Sfx::Explosion),
        Anim::Geschwader { .. } | Anim::Wing { .. } if playing.is_empty() => Some(Sfx::Engine),
        Anim::Pause(_) => Some(Sfx::Dice),
        _ => None,
    }
}

/// The beats one event makes: its log line, then what moves.
pub fn beats(before: &State, e: &Event, after: &State, out: &mut Vec<Beat<Anim, LogLine>>) {
    let line = match e {
        // Why it missed, which only the state before it can tell.
        Event::InterceptMissed { wing } => both(
            format!("{} {}", wing_name(before, *wing), missed_why(before, *wing)),
            Some(Side::British),
        ),
        _ => line(e, after),
    };
    if let Some(line) = line {
        if !line.raf.is_empty() || !line.luftwaffe.is_empty() {
            out.push(Beat::Log(line));
        }
    }
    let anim = |a: Anim| Beat::Anim(a);
    let n = out.len();
    match e {
        Event::Moved { geschwader, to, .. } => out.push(anim(Anim::Geschwader {
            g: *geschwader,
            to: *to,
        })),
        Event::WingMoved { wing, to } | Event::WingFlies { wing, to, .. } => {
            out.push(anim(Anim::Wing { w: *wing, to: *to }))
        }
        Event::InterceptMissed { wing } => {
            // Why, on the map where the wing gave up, and in the log.
            let why = missed_why(before, *wing);
            out.push(anim(Anim::Note {
                at: before.wings()[*wing].at,
                text: why,
            }));
            out.push(anim(Anim::WingJump {
                w: *wing,
                to: after.home_of(*wing),
            }));
        }
        Event::ReachedForHome { geschwader, .. } => {
            out.push(anim(Anim::Pause(0.2)));
            out.push(anim(Anim::GeschwaderJump {
                g: *geschwader,
                to: after.data().oob.geschwader[*geschwader].at,
            }));
        }
        Event::Bombed { card, .. } => out.push(anim(Anim::Flash {
            at: after.data().targets.cards[*card as usize].at,
            bombs: true,
        })),
        Event::Lost { at, .. } => out.push(anim(Anim::Flash {
            at: *at,
            bombs: false,
        })),
        Event::Round { .. } => out.push(anim(Anim::Pause(0.3))),
        _ => {}
    }
    let moves = out[n..]
        .iter()
        .any(|b| !matches!(b, Beat::Anim(Anim::Flash { .. } | Anim::Pause(_))));
    let new_turn_or_phase = matches!(
        e,
        Event::TurnBegins { .. }
            | Event::TurnEnds(_)
            | Event::Alerted { .. }
            | Event::BigWingFormed(..)
            | Event::TallyHo(_)
            | Event::BattleResult(_)
    );
    // Counters the event put elsewhere without flying them there take
    // their places at once.
    let now = Counters::of(after);
    if new_turn_or_phase || (!moves && Counters::of(before) != now) {
        out.push(anim(Anim::Sync(now)));
    }
}

/// A line both sides read alike.
fn both(text: String, side: Option<Side>) -> Option<LogLine> {
    Some(LogLine {
        raf: text.clone(),
        luftwaffe: text,
        side,
    })
}

/// A line each side reads its own way.
fn split(raf: String, luftwaffe: String, side: Option<Side>) -> Option<LogLine> {
    Some(LogLine {
        raf,
        luftwaffe,
        side,
    })
}

/// The event as each side reads it (None: not worth a line), named as the
/// state just after it has things.
fn line(e: &Event, s: &State) -> Option<LogLine> {
    match e {
        Event::TurnBegins { .. }
        | Event::PhaseBegins { .. }
        | Event::Weather { .. }
        | Event::Alerted { .. }
        | Event::TallyHo(_)
        | Event::TurnEnds(_)
        | Event::Luftflotte5Withdrawn { .. }
        | Event::CampaignOver(_) => calendar_line(e, s),
        Event::StoodDownReturn(v) => back_from_standing_down(s, v),
        Event::CitiesRepaired(_)
        | Event::Withdrawn { .. }
        | Event::Reinforced { .. }
        | Event::Ace { .. }
        | Event::Rotated { .. }
        | Event::RotationsLapsed(_)
        | Event::ProductionThrown { .. }
        | Event::Rebuilt { .. }
        | Event::Mended(_)
        | Event::BigWingFormed(..) => standby_line(e, s),
        Event::SeventhSquadron { .. }
        | Event::Mission { .. }
        | Event::TakesOff(_)
        | Event::Moved { .. }
        | Event::EscortTurnsBack { .. }
        | Event::ReachedForHome { .. }
        | Event::OutOfFuel(_) => raid_line(e, s),
        Event::Scramble { .. }
        | Event::WingMoved { .. }
        | Event::WingFlies { .. }
        | Event::InterceptsDeclined => wing_line(e, s),
        Event::BattleOnBoard { .. }
        | Event::BattleOnFamilyBoard { .. }
        | Event::DogfightOnBoard { .. }
        | Event::Round { .. }
        | Event::Lost { .. }
        | Event::StoodDown { .. } => fight_line(e, s),
        Event::BattleResult(out) => battle_result_line(out),
        Event::Bombed { .. } | Event::KnockedOut(_) | Event::LondonBackOnTop(_) => {
            target_line(e, s)
        }
        _ => None,
    }
}

/// The turn's and the phase's steps: their beginnings and ends, the
/// weather, the alert, the campaign's end.
fn calendar_line(e: &Event, s: &State) -> Option<LogLine> {
    let phase_name = |phase: u8, none: &'static str| {
        s.rules()
            .phases
            .get(phase as usize)
            .map_or(none, |p| p.name.as_str())
    };
    match e {
        Event::TurnBegins { turn, phase } => both(
            format!("Turn {turn} of {}: {}", s.turns(), phase_name(*phase, "")),
            None,
        ),
        Event::PhaseBegins { phase, .. } => both(
            format!(
                "{} begins: the target deck is stacked anew",
                phase_name(*phase, "?")
            ),
            None,
        ),
        Event::Weather { flies, dice, card } => {
            let d = match (dice, card) {
                (Some((a, b)), _) => format!(" (dice {} {})", a.symbol(), b.symbol()),
                (None, Some(card)) => format!(" ({})", card.name()),
                (None, None) => String::new(),
            };
            both(
                if *flies {
                    format!("Weather{d}: the Luftwaffe flies")
                } else {
                    format!("Weather{d}: a respite, the Luftwaffe stays at home")
                },
                None,
            )
        }
        Event::Alerted { wings, geschwader } => both(
            format!(
                "Squadron alert: {} and {} geschwader formed",
                count(
                    wings.iter().filter(|w| !w.is_empty()).count(),
                    "wing",
                    "wings"
                ),
                geschwader.iter().filter(|g| !g.is_empty()).count()
            ),
            None,
        ),
        Event::TallyHo(n) => both(format!("Tally Ho phase {n}"), None),
        Event::TurnEnds(t) => both(format!("Turn {t} ends"), None),
        Event::Luftflotte5Withdrawn { .. } => both(
            "Luftflotte 5 did not attack on its turn and is withdrawn".into(),
            None,
        ),
        Event::CampaignOver(v) => both(format!("The campaign is over: {}", verdict_text(*v)), None),
        _ => None,
    }
}

/// The squadrons back from standing down: each side reads its own by name
/// and the other's as a number.
fn back_from_standing_down(s: &State, v: &[usize]) -> Option<LogLine> {
    let (raf, lw): (Vec<usize>, Vec<usize>) = v
        .iter()
        .partition(|&&q| s.forces().squadrons[q].side == Side::British);
    let names = |v: &[usize]| {
        v.iter()
            .map(|&q| s.forces().squadrons[q].name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let count = |n: usize, who: &str| {
        if n == 0 {
            String::new()
        } else {
            format!("; {n} {who} {}", plural(n, "squadron", "squadrons"))
        }
    };
    split(
        format!(
            "Back from standing down: {}{}",
            names(&raf),
            count(lw.len(), "Luftwaffe")
        ),
        format!(
            "Back from standing down: {}{}",
            names(&lw),
            count(raf.len(), "RAF")
        ),
        None,
    )
}

/// The standby phase's steps: repairs, withdrawals, allies and the ace,
/// rotations, production, the Big Wing.
fn standby_line(e: &Event, s: &State) -> Option<LogLine> {
    match e {
        Event::CitiesRepaired(n) => both(
            format!("Every city loses {}", count(n, "bomb hit", "bomb hits")),
            None,
        ),
        Event::Withdrawn { what, squadrons } => both(
            format!(
                "The {what} squadrons are withdrawn ({} still flying)",
                squadrons.len()
            ),
            None,
        ),
        Event::Reinforced { squadron, .. } => split(
            format!("{} joins the battle", s.forces().squadrons[*squadron].name),
            "An allied squadron joins the RAF".into(),
            Some(Side::British),
        ),
        Event::Ace { squadron } => both(
            format!(
                "{} carries the ace marker",
                s.forces().squadrons[*squadron].name
            ),
            Some(Side::British),
        ),
        Event::Rotated {
            sent,
            group_from,
            group_to,
            ..
        } => split(
            format!("{group_from} Group sends a {sent} squadron to {group_to} Group"),
            "The RAF rotates a squadron".into(),
            Some(Side::British),
        ),
        Event::RotationsLapsed(n) if *n > 0 => split(
            count(n, "rotation lapses", "rotations lapse"),
            String::new(),
            Some(Side::British),
        ),
        Event::ProductionThrown {
            dice,
            squadrons,
            squadron_hits,
            ground_hits,
        } => both(
            format!(
                "Production: {}, {squadrons} for squadrons; {squadron_hits} squadron and {}",
                count(dice, "die", "dice"),
                count(ground_hits, "repair success", "repair successes")
            ),
            Some(Side::British),
        ),
        Event::Rebuilt { squadron, reserve } => split(
            format!(
                "{} is rebuilt{}",
                names::squadron(s, *squadron),
                if *reserve {
                    " with a reserve point"
                } else {
                    ""
                }
            ),
            "The RAF rebuilds a squadron".into(),
            Some(Side::British),
        ),
        Event::Mended(card) => both(
            format!("{} is repaired", card_name(s, *card)),
            Some(Side::British),
        ),
        Event::BigWingFormed(a, b) => both(
            format!(
                "The Big Wing forms: {} with {}",
                s.data().oob.wings[*a].name,
                s.data().oob.wings[*b].name
            ),
            Some(Side::British),
        ),
        _ => None,
    }
}

/// A raid's way out and home: its squadrons, its orders, its flight.
fn raid_line(e: &Event, s: &State) -> Option<LogLine> {
    match e {
        Event::SeventhSquadron {
            geschwader,
            squadron,
            ..
        } => split(
            format!(
                "{} another squadron",
                does(&geschwader_name(s, *geschwader), "takes", "take")
            ),
            format!(
                "{} {}",
                does(&geschwader_name(s, *geschwader), "takes", "take"),
                names::squadron(s, *squadron)
            ),
            Some(Side::German),
        ),
        Event::EscortTurnsBack {
            geschwader,
            squadrons,
        } => escort_turns_back(s, *geschwader, squadrons),
        Event::Mission {
            geschwader,
            card,
            wave,
        } => split(
            does(
                &geschwader_name(s, *geschwader),
                "has its orders",
                "have their orders",
            ),
            format!(
                "{} sent against {} (takes off in Tally Ho phase {wave})",
                is_are(&geschwader_name(s, *geschwader)),
                card_name(s, *card)
            ),
            Some(Side::German),
        ),
        Event::TakesOff(g) => both(
            does(&geschwader_name(s, *g), "takes off", "take off"),
            Some(Side::German),
        ),
        Event::Moved { geschwader, to, .. } => both(
            format!(
                "{} to {}",
                does(&geschwader_name(s, *geschwader), "flies", "fly"),
                square_name(s, *to)
            ),
            Some(Side::German),
        ),
        Event::ReachedForHome {
            geschwader,
            squadrons,
        } => both(
            format!(
                "{} for home with {}",
                does(&geschwader_name(s, *geschwader), "reaches", "reach"),
                count(squadrons.len(), "squadron", "squadrons")
            ),
            Some(Side::German),
        ),
        Event::OutOfFuel(q) => both(
            format!("{} runs out of fuel and is lost", names::squadron(s, *q)),
            Some(Side::German),
        ),
        _ => None,
    }
}

/// Short-range squadrons turning back at the 12 Group line: the RAF reads
/// how many, the Luftwaffe which.
fn escort_turns_back(s: &State, geschwader: usize, squadrons: &[usize]) -> Option<LogLine> {
    split(
        format!(
            "{} of {} for home at the 12 Group line",
            count(
                squadrons.len(),
                "short-range squadron turns",
                "short-range squadrons turn"
            ),
            geschwader_name(s, geschwader)
        ),
        format!(
            "At the 12 Group line {} turn for home",
            squadrons
                .iter()
                .map(|&q| names::squadron(s, q))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Side::German),
    )
}

/// The RAF's wings: scrambled, flying, landing, or no more scrambled.
fn wing_line(e: &Event, s: &State) -> Option<LogLine> {
    match e {
        Event::Scramble { wing, geschwader } => both(
            format!(
                "Scramble the {}: trade over {} ({})",
                wing_name(s, *wing),
                square_name(s, s.geschwader()[*geschwader].at),
                geschwader_name(s, *geschwader)
            ),
            Some(Side::British),
        ),
        Event::WingMoved { wing, to } => both(
            format!("{} flies to {}", wing_name(s, *wing), square_name(s, *to)),
            Some(Side::British),
        ),
        Event::WingFlies { wing, to, aloft } => both(
            format!(
                "{} {} {}",
                wing_name(s, *wing),
                if *aloft { "flies to" } else { "lands at" },
                square_name(s, *to)
            ),
            Some(Side::British),
        ),
        Event::InterceptsDeclined => both(
            "The RAF scrambles no more wings this Tally Ho phase".into(),
            Some(Side::British),
        ),
        _ => None,
    }
}

/// A fight: taken to a board, its rounds of dice, its squadrons lost and
/// stood down.
fn fight_line(e: &Event, s: &State) -> Option<LogLine> {
    match e {
        Event::BattleOnBoard {
            wing, geschwader, ..
        } => both(
            format!(
                "{} meets {} on the hex board",
                wing_name(s, *wing),
                geschwader_name(s, *geschwader)
            ),
            None,
        ),
        Event::BattleOnFamilyBoard {
            wing, geschwader, ..
        } => both(
            format!(
                "{} meets {} on the family board",
                wing_name(s, *wing),
                geschwader_name(s, *geschwader)
            ),
            None,
        ),
        Event::DogfightOnBoard {
            geschwader,
            raf,
            luftwaffe,
            ..
        } => both(
            format!(
                "The RAF's {} dogfight {}'s {} on the hex board, its gruppen face down",
                count(raf.len(), "squadron", "squadrons"),
                geschwader_name(s, *geschwader),
                count(luftwaffe.len(), "squadron", "squadrons"),
            ),
            None,
        ),
        Event::Round {
            round,
            raf,
            luftwaffe,
        } => both(
            format!(
                "Round {round}: the RAF throws {}, {}; the Luftwaffe {}, {}",
                count(raf.dice, "die", "dice"),
                count(raf.hits, "hit", "hits"),
                count(luftwaffe.dice, "die", "dice"),
                count(luftwaffe.hits, "hit", "hits")
            ),
            None,
        ),
        Event::Lost { squadron, .. } => both(
            format!("{} is lost", names::squadron(s, *squadron)),
            Some(s.forces().squadrons[*squadron].side),
        ),
        Event::StoodDown { squadron, .. } => both(
            format!("{} is stood down", names::squadron(s, *squadron)),
            Some(s.forces().squadrons[*squadron].side),
        ),
        _ => None,
    }
}

/// A board battle's result as it maps back to the campaign.
fn battle_result_line(out: &Outcome) -> Option<LogLine> {
    let mut after = String::new();
    if let Some(a) = out.ace {
        after += &format!(
            "; the ace's {}, {}",
            count(a.dice, "die", "dice"),
            count(a.hits, "hit", "hits")
        );
    }
    let side = |side: Side| {
        let hits = match side {
            Side::British => out.raf_hits,
            Side::German => out.luftwaffe_hits,
        };
        format!(
            "{} {} shot down, {} to take",
            side.name(),
            out.shot_down(side),
            count(hits, "hit", "hits")
        )
    };
    if out.family {
        return both(
            format!(
                "The family board: the RAF takes {}, the Luftwaffe {}; {} of {} through",
                count(out.raf_hits, "hit", "hits"),
                count(out.luftwaffe_hits, "hit", "hits"),
                out.bombers_through().0,
                count(
                    out.bombers_through().1,
                    "bomber squadron",
                    "bomber squadrons"
                )
            ) + &after,
            None,
        );
    }
    let bombs = if out.dogfight {
        "a dogfight, no partial losses and no bombs".to_string()
    } else if out.fighter_battle {
        "a fighter battle, no bombers".to_string()
    } else {
        let (through, of) = out.bombers_through();
        format!(
            "{} bomb points, {through} of {of} bombers through",
            out.points
        )
    };
    both(
        format!(
            "The board battle: {}; {}; {bombs}{after}",
            side(Side::British),
            side(Side::German)
        ),
        None,
    )
}

/// What the raids did to their targets.
fn target_line(e: &Event, s: &State) -> Option<LogLine> {
    match e {
        Event::Bombed {
            geschwader,
            card,
            hits,
            run,
        } => both(
            format!(
                "{} {}: {} ({})",
                does(&geschwader_name(s, *geschwader), "bombs", "bomb"),
                card_name(s, *card),
                count(hits, "hit", "hits"),
                match run {
                    BombRun::Dice { aa, .. } => format!(
                        "{} stopped by the guns",
                        count(aa.hits, "bomb die", "bomb dice")
                    ),
                }
            ),
            Some(Side::German),
        ),
        Event::KnockedOut(card) => both(
            format!("{} is knocked out", card_name(s, *card)),
            Some(Side::German),
        ),
        Event::LondonBackOnTop(card) => both(
            format!(
                "{} still stands: its card goes back on top of the deck",
                card_name(s, *card)
            ),
            None,
        ),
        _ => None,
    }
}

/// Why a wing's intercept did not reach its raid, from the state just
/// before it gave up.
pub fn missed_why(s: &State, wing: usize) -> String {
    let w = &s.wings()[wing];
    let crate::campaign::state::WingState::Intercepting(g) = w.state else {
        return "did not reach its raid: back to its station".into();
    };
    let ges = &s.geschwader()[g];
    let name = geschwader_name(s, g);
    if ges.state == RaidState::Home {
        return format!("missed: {name} turned for home first; back to its station");
    }
    let d = crate::campaign::state::distance(w.at, ges.at);
    format!(
        "missed: {name} flew on, {} ahead when it stopped; back to its station",
        crate::common::words::count(d, "square", "squares")
    )
}
