//! The guided first campaign: the next thing to do in a sentence, with the
//! button or counter ringed, and each new kind of event (radar, scramble,
//! intercept, dogfight, stand-down, bombing, weather) explained the first
//! time it happens. Aimed at the first turn: a first intercept flown within
//! minutes, without the rules.

use super::input::Do;
use super::CampaignScene;
use crate::app::table::{Lesson, Pointer, Shared};
use crate::campaign::game::{Campaign, Command, Event, Stage};
use crate::common::Side;
use macroquad::prelude::*;

impl CampaignScene {
    /// What the guide explains about `e` (see `Scene::lessons`).
    pub(super) fn lessons_for(&self, e: &Event) -> Vec<Lesson> {
        let l = |topic, title: &str, text: &str| vec![Lesson::new(topic, title, text)];
        match e {
            Event::TurnBegins { .. } => l(
                "turn",
                "A campaign turn",
                "Each turn is a week of July to September 1940. It begins with the weather and the week's business (rotations, repairs, reinforcements); then the Luftwaffe picks its targets and its raids fly in up to four Tally Ho phases; the RAF scrambles wings to meet them on the map.",
            ),
            Event::Weather { .. } => l(
                "weather",
                "Weather",
                "The weather decides whether the Luftwaffe flies this week: in a respite nobody flies and both sides repair. The squares at the top right show the turns; the panel says what this week's weather was.",
            ),
            Event::TallyHo(_) => l(
                "radar",
                "Radar and raids",
                "A Tally Ho phase: the raids take off and fly a square at a time. The pale squares along the coast are the radar chain's watch: a raid that enters one is seen, and the RAF may scramble a wing against it.",
            ),
            Event::Scramble { .. } => l(
                "scramble",
                "Scramble",
                "The wing is in the air. Each time the raid flies a square, your wing flies a square after it (click the lit square). When it reaches the raid's square it intercepts; if the raid flies on out of reach or turns home, it misses and goes back to its station.",
            ),
            Event::Intercept { .. } | Event::BattleOnBoard { .. } | Event::BattleOnFamilyBoard { .. } => l(
                "intercept",
                "An intercept",
                "The wing meets the raid. It is fought with the campaign's dice (each side throws for its squadrons: hits stand squadrons down, or lose them), or on the hex board or the family board, whose losses and bombs come back to the campaign.",
            ),
            Event::StoodDown { .. } => l(
                "standdown",
                "Stood down",
                "A squadron hit but not lost is stood down: out of the fighting for the rest of the turn, back next week. A squadron is lost when its hits reach its defence.",
            ),
            Event::DogfightBegins { .. } => l(
                "dogfight",
                "A dogfight",
                "Wings left on a raid's square fight it in the battle step. The German places his squadrons face down in gruppen, so the RAF does not know what it attacks until it does.",
            ),
            Event::Bombed { .. } | Event::BombRun { .. } => l(
                "bombing",
                "Bombing",
                "A raid that reaches its target bombs it: enough hits knock the target out. Knocked-out airfields ground their wings, radar stations blind the coast; the Luftwaffe wins by knocking out targets while keeping its losses below the RAF's.",
            ),
            Event::InterceptMissed { .. } => l(
                "missed",
                "Missed",
                "A wing that cannot catch its raid goes home and cannot fly again this phase. Scramble the wing nearest the raid's path, not the one nearest the raid.",
            ),
            _ => Vec::new(),
        }
    }

    /// The guide's next step for `side` (see `Scene::pointer`).
    pub(super) fn pointer_for(
        &self,
        c: &Campaign,
        side: Side,
        _t: &Shared<Self>,
    ) -> Option<Pointer> {
        let button = |pred: &dyn Fn(&Do) -> bool| {
            self.acts
                .iter()
                .position(|a| pred(&a.what))
                .map(|i| Self::button_at(self.lay, self.acts_top, i))
        };
        let play = |cmd: Command| move |d: &Do| *d == Do::Play(cmd);
        let p = |text: &str, at: Option<Rect>| Some(Pointer::new(text, at));
        match (side, c.stage()) {
            (Side::British, Stage::InterceptChoice { .. }) => p(
                "A raid is on the radar: scramble a wing against it (ringed: the nearest), or no intercept.",
                button(&|d| matches!(d, Do::Play(Command::Intercept(_)))),
            ),
            (Side::British, Stage::InterceptStep { geschwader, .. }) => {
                // The lit square nearest the raid, ringed.
                let raid = c.geschwader()[*geschwader].at;
                let best = self
                    .square_choices(c)
                    .into_iter()
                    .map(|(sq, _)| sq)
                    .min_by_key(|&sq| (crate::campaign::state::distance(sq, raid), sq.col, sq.row));
                p(
                    "Fly the wing one square after the raid: click the lit square nearest it (ringed).",
                    best.map(|sq| self.lay.map.square(sq)),
                )
            }
            (_, Stage::HowToFight { .. }) => p(
                "Fight it: the campaign's dice are quickest (ringed); the boards fight it move by move.",
                button(&play(Command::WithDice)),
            ),
            (Side::British, Stage::RafMovement) => p(
                "Move a wing to a raid's square to dogfight it, or end RAF movement (ringed) to go on.",
                button(&play(Command::EndRafMovement)),
            ),
            (Side::German, Stage::Missions) => p(
                "Pick a geschwader (its button or counter), then a target card for it; end missions when done.",
                button(&|d| matches!(d, Do::PickGeschwader(_))),
            ),
            (Side::German, Stage::Fly { .. }) => p(
                "Fly the ringed raid one square towards its target: click a lit square.",
                None,
            ),
            (_, Stage::Allocate { .. }) => p(
                "Take the hits: click the squadron that takes the next one (the panel says what each costs).",
                None,
            ),
            _ if !self.acts.is_empty() => p(
                "Decide with the buttons in the middle panel (Enter takes the last).",
                None,
            ),
            _ => None,
        }
    }
}
