//! The guided first family game: the next thing to do in a sentence, with
//! the place ringed, and each new kind of event explained the first time it
//! happens. The numbers quoted come from the rules file.

use super::{FamilyGame, FamilyScene, Mode};
use crate::app::table::{Lesson, Pointer, Shared};
use crate::family::{Event, Game, Phase};
use macroquad::prelude::*;

impl<G: FamilyGame> FamilyScene<G> {
    /// What the guide explains about `e` (see `Scene::lessons`).
    pub(super) fn lessons_for(&self, g: &Game, e: &Event) -> Vec<Lesson> {
        let r = g.rules();
        let l = |topic, title: &str, text: String| Lesson::new(topic, title, &text);
        match e {
            Event::Spun { .. } => vec![l(
                "spinner",
                "The spinner",
                format!(
                    "Each round the bombers fly first. For each one the spinner turns: it climbs, dives or holds a notch, then flies {} squares ahead or to a side. Where a bomber ends over an airfield, a radar station or an AA battery, it bombs it.",
                    r.bomber_squares
                ),
            )],
            Event::TookOff { .. } => vec![l(
                "takeoff",
                "In the air",
                format!(
                    "A Spitfire flies 1 or {} squares a turn, first climbing or diving up to {} notches (a two-square move keeps its altitude). To shoot a bomber down, end a move on the square right behind it at its altitude: those squares glow gold.",
                    r.spitfire_squares, r.climb_in_place
                ),
            )],
            Event::FuelBurned { .. } => vec![l(
                "fuel",
                "Fuel",
                format!(
                    "Every turn in the air burns a notch of the gauge under your Spitfire (a full tank is {}). A Spitfire that runs dry falls: land on an airfield within {} squares to refuel (L, then a lit airfield); your own sector's fills it, another's half.",
                    r.fuel_full, r.landing_range
                ),
            )],
            Event::Landed { .. } => vec![l(
                "landing",
                "Landing",
                "On the ground the Spitfire is refuelled. Next turn take off (T) or wait; a bombed airfield cannot be used.".into(),
            )],
            Event::ShotDown { .. } => vec![l(
                "kill",
                "A kill",
                format!(
                    "Behind a bomber and level with it: shot down. The first commander to {} kills wins.",
                    r.kills_to_win
                ),
            )],
            Event::Bombed { .. } => vec![l(
                "bombed",
                "Bombs on the ground",
                "A bomber over one of your sector's targets bombs it: a bombed airfield cannot be used, a bombed radar sends its Spitfire to land for new orders, and a sector with no AA left loses its airfields.".into(),
            )],
            Event::Collided { .. } => vec![l(
                "collision",
                "A collision",
                "Two planes at one altitude on one square, or passing through each other's square at one altitude, collide. The red squares warn you before you fly.".into(),
            )],
            Event::Ordered(_) => vec![l(
                "order",
                "An order",
                "Something needs your Spitfire at once (give way to a bomber, or land after a radar hit): click one of the lit squares.".into(),
            )],
            _ => Vec::new(),
        }
    }

    /// The guide's next step for commander `seat` (see `Scene::pointer`).
    pub(super) fn pointer_for(&self, g: &Game, seat: u8, _t: &Shared<Self>) -> Option<Pointer> {
        let s = g.spitfire(seat);
        let button = |i: usize| Rect::new(10.0, 60.0 + i as f32 * 46.0, 150.0, 40.0);
        match g.phase() {
            Phase::Order(_) => Some(Pointer::new("Click one of the lit squares: it is an order.", None)),
            Phase::Turn { .. } if s.on_ground() => Some(Pointer::new(
                "Take off: click the ringed button (or press T).",
                Some(button(0)),
            )),
            Phase::Turn { .. } if s.fuel <= super::LOW_FUEL && self.mode != Mode::Land => {
                Some(Pointer::new(
                    "Low on fuel: click Land (ringed) and then a lit airfield.",
                    Some(button(5)),
                ))
            }
            Phase::Turn { .. } if self.choices.iter().any(|c| !c.shoots.is_empty()) => {
                Some(Pointer::new(
                    "A gold square puts you behind a bomber at its altitude: click it to shoot it down.",
                    None,
                ))
            }
            Phase::Turn { .. } => Some(Pointer::new(
                "Pick a climb or dive (ringed buttons, or Up/Down), then click a lit square to fly there; aim for the square behind a bomber at its altitude.",
                Some(Rect::new(10.0, 60.0, 150.0, 5.0 * 46.0 - 6.0)),
            )),
            _ => None,
        }
    }
}
