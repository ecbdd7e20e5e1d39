//! The scripted family-game commanders: play whole games through the screens.

use super::{Moments, Script, ScriptedPlayer, Shot};
use crate::app::family::{FamilyScene, Mode};
use crate::app::table::Table;
use crate::app::ui::InputFrame;
use crate::app::{App, Screen};
use crate::common::game::GameKind;
use crate::family::FamilyGame;
use macroquad::prelude::*;

impl Script for FamilyScript {
    fn decide(&mut self, app: &App) -> InputFrame {
        FamilyScript::decide(self, app)
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.files()
    }
    fn done(&self) -> bool {
        self.done
    }
}

/// Moments of a family game worth a screenshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyMoment {
    Menu,
    Help,
    NewGame,
    Handover,
    Spinner,
    Choice,
    BehindAndLevel,
    Order,
    Result,
}

impl Shot for FamilyMoment {
    fn file(self) -> &'static str {
        match self {
            FamilyMoment::Menu => "family-menu.png",
            FamilyMoment::Help => "family-help.png",
            FamilyMoment::NewGame => "family-new-game.png",
            FamilyMoment::Handover => "family-handover.png",
            FamilyMoment::Spinner => "family-spinner.png",
            FamilyMoment::Choice => "family-choice.png",
            FamilyMoment::BehindAndLevel => "family-behind-and-level.png",
            FamilyMoment::Order => "family-order.png",
            FamilyMoment::Result => "family-result.png",
        }
    }
}

/// Plays a family game from the main menu to the result screen, every
/// commander a human at the keyboard. What to do is the commander AI's
/// choice; how it is done is all clicks and keys on what the screen shows.
pub struct FamilyScript {
    pub commanders: usize,
    /// 0: the full board, 1: the kitchen table.
    pub board: usize,
    pub seed: String,
    wait: u32,
    hovered: Option<(f32, f32)>,
    /// The decision worked out for the game at this many commands.
    planned: Option<(usize, crate::family::Command)>,
    pub seen: Moments<FamilyMoment>,
    pub done: bool,
}

impl FamilyScript {
    pub fn new(commanders: usize, board: usize, seed: u64) -> FamilyScript {
        FamilyScript {
            commanders,
            board,
            seed: seed.to_string(),
            wait: 0,
            hovered: None,
            planned: None,
            seen: Moments::new(),
            done: false,
        }
    }

    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        if app.buttons.is_empty() && !app.top().is_table(GameKind::Family) {
            return InputFrame::idle();
        }
        let click = |prefix: &str| ScriptedPlayer::click_button(app, prefix).unwrap_or_default();
        match app.top() {
            Screen::Menu => {
                self.seen.first(FamilyMoment::Menu);
                if !self.seen.reached(FamilyMoment::Help) {
                    click("Rules and controls")
                } else {
                    click("Family game")
                }
            }
            Screen::Rules if !self.seen.reached(FamilyMoment::Help) => click("Family game"),
            Screen::Rules => InputFrame::press(KeyCode::Escape),
            Screen::Help { .. } => {
                if self.seen.first(FamilyMoment::Help) {
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::NewGame(ng) if ng.kind() == GameKind::Family => {
                let ng: &crate::app::family::FamilyNew = ng.get();
                if ng.board != self.board {
                    return click("Board");
                }
                if ng.count != self.commanders {
                    return click("Commanders");
                }
                if ng.editing.is_some() {
                    return click("Seed");
                }
                if ng.seed != self.seed {
                    if !ng.seed.is_empty() {
                        return InputFrame::press(KeyCode::Backspace);
                    }
                    return InputFrame {
                        chars: self.seed.chars().collect(),
                        ..InputFrame::idle()
                    };
                }
                if self.seen.first(FamilyMoment::NewGame) {
                    return InputFrame::idle();
                }
                click("Start")
            }
            Screen::Table(b) if b.kind() == GameKind::Family => {
                self.family(app, b.get::<crate::app::family::FamilyTable>())
            }
            Screen::ConfirmNew(_) => click("Replace it and start"),
            Screen::Result(_) => {
                if self.seen.first(FamilyMoment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                self.done = true;
                InputFrame::idle()
            }
            _ => InputFrame::press(KeyCode::Escape),
        }
    }

    /// The next input for a family table, on a family game or on a
    /// campaign's intercept fought on the family board.
    pub(super) fn family<G: FamilyGame>(
        &mut self,
        app: &App,
        b: &Table<FamilyScene<G>>,
    ) -> InputFrame {
        use crate::family::{ai, Command, Phase};
        if b.handover.is_some() {
            if self.seen.first(FamilyMoment::Handover) {
                return InputFrame::idle();
            }
            return InputFrame::press(KeyCode::Enter);
        }
        if b.spinning() && self.seen.reached(FamilyMoment::Choice) {
            self.seen.first(FamilyMoment::Spinner);
        }
        if b.busy() || b.human_commander().is_none() {
            return InputFrame::idle();
        }
        let n = b.game.family().commands().len();
        let cmd = match self.planned {
            Some((at, c)) if at == n => c,
            _ => {
                let Some(c) = ai::decide(b.game.family()) else {
                    return InputFrame::idle();
                };
                self.planned = Some((n, c));
                c
            }
        };
        let choices = b.choices_now();
        let target_mode = match cmd {
            Command::TakeOff => return InputFrame::press(KeyCode::T),
            Command::Wait => return InputFrame::press(KeyCode::Space),
            Command::Climb(c) | Command::Move { climb: c, .. } => Some(Mode::Change(c)),
            Command::Land { .. } => Some(Mode::Land),
            _ => None,
        };
        if let Some(m) = target_mode {
            if b.scene.mode != m {
                return ScriptedPlayer::click_button(app, m.label()).unwrap_or_default();
            }
        }
        let hex = match cmd {
            Command::Move { to, .. } => to,
            Command::Land { at } | Command::RadarLand { at } => at,
            Command::GiveWay { to } => to,
            _ => {
                b.game
                    .family()
                    .spitfire(b.human_commander().expect("a human's turn"))
                    .hex
            }
        };
        let Some(c) = choices.iter().find(|c| c.hex == hex) else {
            // The screen has not laid out this decision's squares yet.
            return InputFrame::idle();
        };
        let p = b.scene.view.center(c.hex);
        if self.hovered != Some((p.x, p.y)) {
            self.hovered = Some((p.x, p.y));
            let m = if !c.shoots.is_empty() {
                FamilyMoment::BehindAndLevel
            } else if matches!(b.game.family().phase(), Phase::Order(_)) {
                FamilyMoment::Order
            } else {
                FamilyMoment::Choice
            };
            if self.seen.first(m) {
                self.wait = 2;
            }
            return InputFrame {
                mouse: (p.x, p.y),
                ..InputFrame::idle()
            };
        }
        self.hovered = None;
        InputFrame::click_at(p.x, p.y)
    }
}
