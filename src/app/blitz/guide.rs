//! The guided first tour of the night Blitz: the next thing to do in a
//! sentence, with its button ringed, and each new kind of throw or choice
//! explained the first time it comes: the tables, the weather, the beam,
//! the night fighters, the bomb run, an abort.

use super::BlitzScene;
use crate::app::table::{Lesson, Pointer, Shared};
use crate::blitz::{Command, Event, Game, Phase, TableId};

impl BlitzScene {
    /// What the guide explains about `e` (see `Scene::lessons`).
    pub(super) fn lessons_for(&self, e: &Event) -> Vec<Lesson> {
        let l = |topic, title: &str, text: &str| vec![Lesson::new(topic, title, text)];
        match e {
            Event::Thrown(t) => match t.table {
                TableId::A1 | TableId::A4 => l(
                    "tables",
                    "The tables",
                    "Everything in the tour is a throw on one of the sheet's tables: the dice, the modifier and the total come up at the right, with the table's rows beside them and the row read lit. The log keeps every throw.",
                ),
                TableId::C1 => l(
                    "weather",
                    "Weather, zone by zone",
                    "Each zone you fly into throws for its weather (C-1). Bad weather brings icing and lightning unless you avoid it (outbound, that aborts) or, homebound, descend below 3,000 m.",
                ),
                TableId::D1 => l(
                    "beam",
                    "The beam",
                    "Over the target the radio operator follows the navigation beam (D-1): a jammed beam costs the whole bomb run. Then come the searchlights (D-2) and the flak (D-3) before the bombs (D-5).",
                ),
                TableId::C8 | TableId::C9 => l(
                    "fighters",
                    "Night fighters",
                    "Outside the Green Zone the RAF's night fighters may find you (C-8) and attack (C-9). Under attack you choose: evasive action, or hold the course and let your gunner answer.",
                ),
                TableId::D5 => l(
                    "bombs",
                    "Bombs away",
                    "The bomb run's result (D-5) is the mission's victory points. A tour is scored by its points, from the Coventry raid to 10 May 1941.",
                ),
                _ => Vec::new(),
            },
            Event::Aborted(_) => l(
                "abort",
                "An abort",
                "An aborted mission turns for home: with working bomb bay doors the bombs are jettisoned, and it scores nothing. It is the crew's way to put its safety first.",
            ),
            Event::Wounded { .. } => l(
                "crew",
                "The crew",
                "Five named men fly every mission. A wound counts against the man, not the bomber: the seriously wounded go to hospital, the killed and captured are replaced by name.",
            ),
            _ => Vec::new(),
        }
    }

    /// The guide's next step (see `Scene::pointer`).
    pub(super) fn pointer_for(&self, g: &Game, _t: &Shared<Self>) -> Option<Pointer> {
        let ring = |c: Command| self.drawn.iter().find(|d| d.0 == c).map(|d| d.1);
        let first = self.drawn.first().map(|d| d.1);
        let p = |text: &str, at| Some(Pointer::new(text, at));
        match g.phase() {
            Phase::Briefing => p(
                "Read tonight's target in the panel, then take off (ringed).",
                ring(Command::TakeOff),
            ),
            Phase::Heading => p(
                "Fly on zone by zone: click a heading (the first is ringed) or a lit zone on the map; each zone costs a Fuel Box.",
                first,
            ),
            Phase::Weather => p(
                "Bad weather: press on through it (icing and lightning are thrown), or avoid it.",
                ring(Command::PressOn),
            ),
            Phase::Attacked { .. } => p(
                "A night fighter: take evasive action, or hold the course and let the gunner answer.",
                first,
            ),
            Phase::Target => p(
                "Over the target: make the bomb run (ringed), or abort and turn for home.",
                ring(Command::BombRun),
            ),
            Phase::Release => p(
                "Through the flak: bombs away (ringed) for the points, or abort now.",
                ring(Command::Release),
            ),
            Phase::Debrief => p(
                "The mission is over: read the debriefing, then on to the next night (ringed).",
                ring(Command::Next),
            ),
            Phase::Over => None,
        }
    }
}
