//! The guided first game of Simple Hex: the next thing to do in a sentence,
//! with the place ringed, and each new kind of event explained the first
//! time it happens. The values quoted come from the scenario's rules.

use super::{HexGame, HexScene};
use crate::app::table::{Lesson, Pointer, Shared};
use crate::common::Side;
use crate::simple_hex::{Event, Game, Phase, Role, Speed, State};
use macroquad::prelude::*;

impl<G: HexGame> HexScene<G> {
    /// What the guide explains about `e` (see `Scene::lessons`).
    pub(super) fn lessons_for(&self, g: &Game, after: &State, e: &Event) -> Vec<Lesson> {
        let r = &g.scenario().rules;
        let role = |p| g.scenario().aircraft[after.plane(p).aircraft].role;
        // A battle of the campaign (captioned): one attack, its stakes the
        // Luftwaffe's secret, its gruppen perhaps face down.
        let campaign = self.caption.is_some();
        let face_down = !g.scenario().formations.is_empty();
        let l = |topic, title: &str, text: String| Lesson::new(topic, title, &text);
        match e {
            Event::ActivationRolled { .. } => vec![l(
                "activation",
                "Activation",
                format!(
                    "Before each attack every plane in the hangar rolls its own coloured die (the R, W, B or Y disc on it): {} or more and it flies this attack. The others stay home.",
                    r.activation_min
                ),
            )],
            Event::EntryBegan { .. } => vec![l(
                "entry",
                "Entry",
                format!(
                    "Each side brings its flying squadrons in at its own edge, the planes of a squadron side by side. Each round the Luftwaffe flies first, then the RAF.{}",
                    if face_down {
                        " The gruppe counters stay face down, and fly together at the raid's pace, until an RAF plane comes near."
                    } else {
                        ""
                    }
                ),
            )],
            Event::SpeedRolled { plane, .. } if role(*plane) == Role::Fighter => vec![l(
                "speed",
                "Speed dice",
                format!(
                    "A side's fighters roll their speed as it starts to move: a die plus the type's bonus is how many hexes each must fly this round ({}). The panel shows the dice.{}",
                    speeds(g),
                    if face_down {
                        " A face-down gruppe throws none: it flies at the raid's pace."
                    } else {
                        ""
                    }
                ),
            )],
            Event::Fired { .. } => vec![l(
                "attack",
                "An attack",
                "A fighter that has flown at least one hex may fire once a round at an enemy next to it. Where it sits against the target's facing decides the odds (front, flank or rear; hover an enemy to see them), and a target whose guns bear fires back at the same time. A 6 always kills.".into(),
            )],
            Event::Damaged { .. } => vec![l(
                "damage",
                "Damage",
                format!(
                    "A damaged plane flies {} hex slower and turns for home; a damaged bomber will not bomb. Hit again, it is shot down. If it gets home it goes to the repair shop.",
                    r.damaged_speed_penalty
                ),
            )],
            Event::Bombed { .. } if campaign => vec![l(
                "bombs",
                "Bombs",
                format!(
                    "A bomber that flies off the RAF's edge bombs: {} dice, added up. Here the score is the board's own: the bombers that got through fly on with the raid, which bombs its target later, with the campaign's dice.",
                    r.bomb_dice
                ),
            )],
            Event::Bombed { .. } => vec![l(
                "bombs",
                "Bombs",
                format!(
                    "A bomber that flies off the RAF's edge bombs: {} dice, added up. The Luftwaffe wins if the bombs of both attacks come to {} or more.",
                    r.bomb_dice, r.target_points
                ),
            )],
            Event::RepairRolled { .. } => vec![l(
                "repair",
                "The repair shop",
                format!(
                    "Before the next attack each plane in the repair shop rolls a die: {} or more and it rejoins its squadron, to roll for activation like the rest.",
                    r.repair_min
                ),
            )],
            _ => Vec::new(),
        }
    }

    /// The planes that fire at the enemy in reach now.
    fn attack_targets(&self) -> Vec<crate::simple_hex::PlaneId> {
        self.options.attacks.iter().map(|a| a.target).collect()
    }

    /// The guide's next step for `seat` (see `Scene::pointer`).
    pub(super) fn pointer_for(&self, g: &Game, seat: Side, t: &Shared<Self>) -> Option<Pointer> {
        let _ = t;
        match g.phase() {
            Phase::Entry { side } if side == seat => Some(Pointer::new(
                "Place your squadron: move the mouse along your edge (the lit row) and click.",
                None,
            )),
            Phase::Moving(m) if g.plane(m.plane).side == seat => {
                let p = self.shown(m.plane)?;
                let c = self.view.center(p.0);
                let ring = Rect::new(
                    c.x - self.view.size,
                    c.y - self.view.size,
                    self.view.size * 2.0,
                    self.view.size * 2.0,
                );
                let text = if m.remaining() == 0 {
                    "No hexes left: fire at an enemy next to you (click it), or press Space to end the move."
                } else if !self.attack_targets().is_empty() {
                    "Hover an enemy to see the odds, click it to fly there and fire; or click a yellow hex to fly there."
                } else {
                    "Click a yellow hex to fly the ringed plane there (it must fly every hex it rolled)."
                };
                Some(Pointer::new(text, Some(ring)))
            }
            _ => None,
        }
    }
}

/// Each type's speed, as the scenario has it: "Spitfire d6+2, ...".
fn speeds(g: &Game) -> String {
    g.scenario()
        .aircraft
        .iter()
        .map(|a| match a.speed {
            Speed::Fixed(n) => format!("{} {n}", a.name),
            Speed::D6Plus(n) => format!("{} d6+{n}", a.name),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
