//! The Blitz in words: the crew's questions, the buttons, the log lines,
//! the debriefing and the rules page.

use crate::blitz::{Command, Ending, Event, Game, Leg, Phase, State, Station};

use crate::blitz::words;
use crate::common::words::count;

pub(super) fn position_name(p: Station) -> &'static str {
    match p {
        Station::Pilot => "Pilot",
        Station::Bombardier => "Bombardier",
        Station::Radio => "Radio",
        Station::Engineer => "Engineer",
        Station::Gunner => "Gunner",
    }
}

/// What the crew is asked now, in a sentence.
pub fn question(g: &Game) -> Option<String> {
    let m = g.mission();
    Some(match g.phase() {
        Phase::Briefing => {
            let m = m?;
            let plan = g.tables().nights.fuel;
            let trade = if g.check(&Command::ExtraFuel).is_ok() {
                format!(
                    " You may trade bombs for fuel: {} boxes, and a run on the aiming point scores {} less.",
                    plan.with_extra(m.fuel),
                    count(plan.extra_costs_points, "point", "points")
                )
            } else {
                String::new()
            };
            format!(
                "Briefing: tonight's target is {}. {} Fuel Boxes, one a zone (two in bad weather); fly W, NW or N out and E, SE or S home.{trade}",
                m.city, m.fuel
            )
        }
        Phase::Heading => {
            let b = g.bomber()?;
            let target = m?.target;
            match b.leg {
                Leg::Outbound if !b.leg.reaches(b.zone, target) => format!(
                    "Over {}: the bomber has flown past {target}, and outbound it flies only W, NW or N: no heading reaches it now. Abort to turn for home.",
                    b.zone
                ),
                Leg::Outbound => format!(
                    "Over {}: choose a heading towards {target} (or click a lit zone on the map); a heading that passes it says so.",
                    b.zone,
                ),
                Leg::Homebound => format!("Over {}: choose a heading for home.", b.zone),
            }
        }
        Phase::Weather => {
            let b = g.bomber()?;
            format!(
                "Bad weather over {}: icing and lightning (C-2, C-3) if you press on.",
                b.zone
            )
        }
        Phase::Attacked { fighter, attacks, .. } => format!(
            "A {} {}! Evasive action (2d10, an unmodified 20 collides) or hold the course and let the gunner answer?",
            match fighter {
                crate::blitz::Fighter::Hurricane => "Hurricane",
                crate::blitz::Fighter::Defiant => "Defiant",
                _ => "Beaufighter with airborne radar",
            },
            if attacks == 0 { "attacks" } else { "comes round again" }
        ),
        Phase::Target => "Over the target: make the bomb run (searchlights and flak first), or abort and turn for home.".into(),
        Phase::Release => "Through the searchlights and the flak: bombs away, or abort now and avoid the night fighters over the target.".into(),
        Phase::Debrief => debrief(g),
        Phase::Over => return None,
    })
}

/// The debriefing: how the mission ended.
pub(super) fn debrief(g: &Game) -> String {
    let Some(m) = g.mission() else {
        return String::new();
    };
    let how = match m.ending {
        Some(Ending::Scrubbed) => "Fog over the base: the mission was scrubbed.".to_string(),
        Some(Ending::StayedDown) => "The bomber stayed on the ground: no mission.".to_string(),
        Some(Ending::Landed(l)) => format!(
            "Landed ({}).",
            match l {
                crate::blitz::Landing::Safe => "safely",
                crate::blitz::Landing::Heavy => "heavily: the bomber is damaged",
                crate::blitz::Landing::Crash => "in a crash",
            }
        ),
        Some(Ending::Lost(c)) => format!("The bomber was lost: {}.", c.name()),
        None => String::new(),
    };
    let bombs = match (m.run, m.points) {
        (Some(_), p) if p > 0 => format!(" Bombs on {}: {p} victory points.", m.city),
        (Some(_), _) => " The bombs fell wide.".to_string(),
        (None, _) => " No bombs on the target.".to_string(),
    };
    let down = if m.down.is_empty() {
        String::new()
    } else {
        let captured = m
            .down
            .iter()
            .filter(|(_, f)| *f == crate::blitz::Fate::Captured)
            .count();
        let killed = m
            .down
            .iter()
            .filter(|(_, f)| *f == crate::blitz::Fate::Killed)
            .count();
        format!(
            " {} came down: {captured} captured, {killed} killed.",
            m.down.len()
        )
    };
    format!("Debriefing. {how}{bombs}{down}")
}

/// A command's button.
pub(crate) fn label(g: &Game, c: Command) -> String {
    match c {
        Command::Fly(h) => {
            let b = g.bomber();
            let to = b.and_then(|b| h.from(b.zone, &g.tables().map));
            let at = to.map(|z| format!(" to {z}")).unwrap_or_default();
            // Outbound, a heading that leaves the target behind says so.
            let past = match (b, to, g.mission()) {
                (Some(b), Some(z), Some(m))
                    if b.leg == Leg::Outbound
                        && b.leg.reaches(b.zone, m.target)
                        && !b.leg.reaches(z, m.target) =>
                {
                    format!(": past {}", m.target)
                }
                _ => String::new(),
            };
            format!("Fly {h:?}{at}{past}")
        }
        Command::TakeOff => "Take off".into(),
        Command::ExtraFuel => {
            let plan = g.tables().nights.fuel;
            let now = g.mission().map_or(0, |m| m.fuel);
            format!("Extra fuel: {} boxes", plan.with_extra(now))
        }
        Command::Land => "Land here".into(),
        Command::PressOn => "Press on".into(),
        Command::AvoidWeather => "Avoid it: abort, turn back".into(),
        Command::Descend if outbound(g) => "Descend below 3,000 m (aborts)".into(),
        Command::Descend => "Descend below 3,000 m".into(),
        Command::Evade => "Evasive action".into(),
        Command::Hold => "Hold the course".into(),
        Command::BombRun => "Make the bomb run".into(),
        Command::Release => "Bombs away (D-5)".into(),
        Command::Abort
            if g.bomber()
                .is_some_and(|b| b.bombs && b.bomb_bay_doors && !b.glitch) =>
        {
            "Abort: jettison the bombs".into()
        }
        Command::Abort => "Abort the mission".into(),
        Command::Next => "On to the next night".into(),
    }
}

pub(super) fn outbound(g: &Game) -> bool {
    g.bomber().is_some_and(|b| b.leg == Leg::Outbound)
}

/// A log line for an event (None: nothing to say).
pub(super) fn line(before: &State, e: &Event, after: &State) -> Option<String> {
    Some(match e {
        Event::Thrown(t) => {
            let dice: Vec<String> = t.faces.iter().map(|f| f.to_string()).collect();
            let m = if t.modifier == 0 {
                String::new()
            } else {
                format!(" {:+}", t.modifier)
            };
            format!("{}: {}{m}: {}", t.table.title(), dice.join("+"), t.read)
        }
        Event::Night(_) => return None,
        Event::OffOperations => format!(
            "{}: {} bombers written off under this crew: it is taken off operations. The tour is over.",
            after.night(),
            after.written_off()
        ),
        Event::Stood(why) => format!(
            "{}: no mission ({}).",
            after.night(),
            match why {
                crate::blitz::Stood::WinterPause => "the winter pause",
                _ => "no orders",
            }
        ),
        Event::Ordered { city, why, .. } => format!(
            "{}: orders for {city}{}.",
            after.night(),
            if *why == crate::blitz::Why::FollowUp {
                ", a follow-up raid"
            } else {
                ""
            }
        ),
        Event::TookOff(_) => "Airborne.".into(),
        Event::Glitch => {
            "A glitch spotted in the climb: turning back to land, bombs aboard.".into()
        }
        Event::Flew(h) => format!("Flew {h:?} to {}.", after.bomber()?.zone),
        Event::FuelBurnt => "Ice: a Fuel Box burnt fighting it.".into(),
        Event::Headwind(n) => format!(
            "Into the wind of the storm: {} burnt.",
            crate::common::words::count(*n as usize, "Fuel Box", "Fuel Boxes")
        ),
        Event::ExtraFuel(fuel) => format!("Bombs traded for fuel: {fuel} Fuel Boxes aboard."),
        Event::Failed { failure, .. } => format!("Table K: {}.", words(&format!("{failure:?}"))),
        Event::Aborted(a) => format!("Mission aborted ({}).", words(&format!("{a:?}"))),
        Event::Descended => "Below 3,000 metres, out of the stream.".into(),
        Event::Bombed { points, .. } => format!("Bombs away: {points} victory points."),
        Event::TurnedForHome => "Turned for home.".into(),
        Event::Wounded { position, wound } => {
            let name = before
                .crew()
                .at(*position)
                .map(|m| m.name.clone())
                .unwrap_or_default();
            format!(
                "{name} ({}): {}.",
                position_name(*position),
                words(&format!("{wound:?}"))
            )
        }
        Event::ChangedPlaces { from, to } => {
            format!(
                "The {} takes the {}'s place.",
                position_name(*from),
                position_name(*to)
            )
        }
        Event::CameDown { position, fate } => format!(
            "The {} came down: {}.",
            position_name(*position),
            words(&format!("{fate:?}"))
        ),
        Event::Ended(Ending::Lost(c)) => format!("The bomber is lost ({}).", c.name()),
        Event::Ended(_) => return None,
        Event::Debriefed => return None,
        _ => return None,
    })
}

/// The night Blitz's page of rules and controls.
pub const HELP: &str = "THE NIGHT BLITZ. A solo campaign: you are a Luftwaffe He 111 crew flying night raids over Britain from the Coventry raid of 14 November 1940 to the last great raid on London, 10 May 1941. Joe Carter's solo game \"The Blitz\" with Philip Sabin's amendments; the base game's tables are ours, every one of them listed with its source in docs/RULES.md.

THE NIGHTS. Each night Table A-1 says whether a mission flies and where (Table A-4 picks another city). From 15 November rolls of 29-62 are no mission, unless your last mission was against a city other than London one night ago (39-56) or one to five nights ago (57-62): then a follow-up raid flies against it. No missions from 20 January to 15 February 1941. Within 3 days of a new or full moon the night has that moon.

THE FLIGHT. After the briefing: B-1 the weather at the base (fog scrubs the mission), B-3 the take-off (thrown twice, the lower read), B-2 a glitch spotted in the climb (you turn back and land with your bombs). Then fly zone by zone: W, NW or N outbound, E, SE or S homebound, one Fuel Box a zone and one more in a zone of bad weather; land at N9 with at least one left. A raid is fuelled for the way there and back and 5 Fuel Boxes of reserve: at the briefing you may trade bombs for 6 more, and a run on the aiming point then scores a point less. In each zone: C-1 the weather (a double may mean a mechanical check, C-4 and Table K); in bad weather icing and lightning (C-2, C-3), which you may avoid outbound by aborting and turning back into the zone you left. Night fighters may find you (C-8) and attack (C-9, C-10), never in the Green Zone (M4-M9, N1-N9). Under attack, take evasive action (2d10; an unmodified 20 collides) or hold your course and let your gunner answer. A fighter comes round again at most once.

THE TARGET. Over the target the radio beam (D-1): a jammed beam jettisons your bombs and ends the mission. Then make the bomb run through the searchlights (D-2) and the flak (D-3; it aims better at a bomber lit or coned, over London, below 3,000 metres or on one engine), or abort; through the flak, release the bombs (D-5, for victory points) or still abort. Aborting with working bomb bay doors jettisons the bombs. After the bomb run night fighters may find you only if the flak was silent. You must abort an outbound mission if you jettison, drop below 3,000 metres, lose the bomb bay doors or the beam set, or your bombardier is seriously wounded, killed or moves. In bad weather you may descend below 3,000 metres (outbound, that aborts the mission), and stay there. Land at N9 (you need a Fuel Box left there) or N6; crewmen down outside the Green Zone are captured.

THE CREW. Five named men carry their missions and wounds from night to night; the seriously wounded go to hospital, the killed and captured are replaced by name, green. A man is seasoned after 10 missions and a veteran after 25: the pilot lands better, the bombardier aims better, the gunner answers better. Three bombers written off under the crew and it is taken off operations: the tour ends.

THE RATING. The tour is rated by its victory points less 8 for each man killed, 5 for each captured, 2 for each seriously wounded and 5 for each bomber written off: the crew is what you keep.

THE FORECAST. Whenever you have a choice, each button says what it risks: the rest of the mission is flown 300 times with that choice first and the automatic crew after it, each time on dice of its own (never the game's). \"Lost\" is the share of those flights in which the bomber was lost, \"bombs count\" the share in which the bombs scored, and \"rating\" the change in the tour's rating over the mission, on average. It is what the tables give from here, not a promise.

CONTROLS. Click a button, or a lit zone on the map to fly there. U takes back a choice that threw no die. F5 saves; the game is saved by itself at every briefing and debriefing. H this page, Esc leaves.";
