//! The scripted night Blitz crew: a whole tour flown through the screens.
//! What to do is the automatic crew's choice; how it is done is clicks on
//! what the screen shows (a button, or a lit zone of the map).

use super::{center, Moments, Script, ScriptedPlayer, Shot};
use crate::app::ui::InputFrame;
use crate::app::{App, Screen};
use crate::blitz::{ai, Command, Leg, Phase};
use crate::common::game::GameKind;
use macroquad::prelude::KeyCode;

/// Moments of a tour worth a screenshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlitzMoment {
    Menu,
    Briefing,
    /// A briefing that offers extra fuel for bombs.
    Fuel,
    Outbound,
    Weather,
    Attacked,
    Target,
    Release,
    Homebound,
    Debrief,
    Help,
    Result,
}

impl Shot for BlitzMoment {
    fn file(self) -> &'static str {
        match self {
            BlitzMoment::Menu => "blitz-menu.png",
            BlitzMoment::Briefing => "blitz-briefing.png",
            BlitzMoment::Fuel => "blitz-fuel.png",
            BlitzMoment::Outbound => "blitz-outbound.png",
            BlitzMoment::Weather => "blitz-weather.png",
            BlitzMoment::Attacked => "blitz-attacked.png",
            BlitzMoment::Target => "blitz-target.png",
            BlitzMoment::Release => "blitz-release.png",
            BlitzMoment::Homebound => "blitz-homebound.png",
            BlitzMoment::Debrief => "blitz-debrief.png",
            BlitzMoment::Help => "blitz-help.png",
            BlitzMoment::Result => "blitz-result.png",
        }
    }
}

#[derive(Default)]
pub struct BlitzScript {
    seen: Moments<BlitzMoment>,
    wait: u32,
    done: bool,
}

impl Script for BlitzScript {
    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        if app.buttons.is_empty() && !app.top().is_table(GameKind::Blitz) {
            return InputFrame::idle();
        }
        match app.top() {
            Screen::Menu => {
                if self.seen.reached(BlitzMoment::Result) {
                    self.done = true;
                    return InputFrame::idle();
                }
                self.seen.first(BlitzMoment::Menu);
                ScriptedPlayer::click_button(app, "Night Blitz").unwrap_or_default()
            }
            Screen::ConfirmNew(_) => {
                ScriptedPlayer::click_button(app, "Replace it and start").unwrap_or_default()
            }
            Screen::Help { .. } => {
                if self.seen.first(BlitzMoment::Help) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::Result(_) => {
                if self.seen.first(BlitzMoment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                ScriptedPlayer::click_button(app, "Back to the menu").unwrap_or_default()
            }
            Screen::Table(t) if t.kind() == GameKind::Blitz => {
                let t: &crate::app::blitz::BlitzTable = t.get();
                if !t.at_rest() {
                    return InputFrame::idle();
                }
                let g = &t.game;
                let moment = match g.phase() {
                    Phase::Briefing if g.check(&Command::ExtraFuel).is_ok() => {
                        Some(BlitzMoment::Fuel)
                    }
                    Phase::Briefing => Some(BlitzMoment::Briefing),
                    Phase::Heading
                        if g.bomber().is_some_and(|b| {
                            b.leg == Leg::Outbound && g.mission().unwrap().track.len() >= 3
                        }) =>
                    {
                        Some(BlitzMoment::Outbound)
                    }
                    Phase::Heading
                        if g.bomber()
                            .is_some_and(|b| b.leg == Leg::Homebound && !b.bombs)
                            && g.mission().is_some_and(|m| m.run.is_some()) =>
                    {
                        Some(BlitzMoment::Homebound)
                    }
                    Phase::Weather => Some(BlitzMoment::Weather),
                    Phase::Attacked { .. } => Some(BlitzMoment::Attacked),
                    Phase::Target => Some(BlitzMoment::Target),
                    Phase::Release => Some(BlitzMoment::Release),
                    Phase::Debrief if g.mission().is_some_and(|m| m.run.is_some()) => {
                        Some(BlitzMoment::Debrief)
                    }
                    _ => None,
                };
                if let Some(m) = moment {
                    if self.seen.first(m) {
                        self.wait = 2;
                        return InputFrame::idle();
                    }
                }
                if self.seen.reached(BlitzMoment::Debrief) && !self.seen.reached(BlitzMoment::Help)
                {
                    return InputFrame::press(KeyCode::H);
                }
                let Some(c) = ai::Crew::AUTO.decide(g) else {
                    return InputFrame::idle();
                };
                // A heading is flown by clicking its zone on the map.
                if let Command::Fly(h) = c {
                    let b = g.bomber().expect("flying");
                    if let Some(z) = h.from(b.zone, &g.tables().map) {
                        let (x, y) = t.scene.zone_centre(z);
                        self.wait = 1;
                        return InputFrame::click_at(x, y);
                    }
                }
                self.wait = 1; // the next frame shows what the click did
                let label = crate::app::blitz::label(g, c);
                app.buttons
                    .iter()
                    .find(|b| b.label == label)
                    .map(|b| {
                        let (x, y) = center(b.rect);
                        InputFrame::click_at(x, y)
                    })
                    .unwrap_or_default()
            }
            _ => InputFrame::press(KeyCode::Escape),
        }
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.files()
    }
    fn done(&self) -> bool {
        self.done
    }
}
