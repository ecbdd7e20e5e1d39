//! The scripted Simple Hex player: plays whole games through the screens.

use super::{center, Moments, Script, Shot};
use crate::app::simple_hex::{HexGame, HexScene};
use crate::app::table::Table;
use crate::app::ui::InputFrame;
use crate::app::{App, Screen};
use crate::common::game::GameKind;
use crate::simple_hex::{Phase, PlaneId};
use macroquad::prelude::*;

impl Script for ScriptedPlayer {
    fn decide(&mut self, app: &App) -> InputFrame {
        ScriptedPlayer::decide(self, app)
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.files()
    }
    fn done(&self) -> bool {
        self.done
    }
}

/// Moments worth a screenshot, in the order a game meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    Menu,
    Help,
    Settings,
    NewGame,
    Handover,
    Selection,
    CombatPreview,
    OpponentTurn,
    /// Tracer in the air.
    Shot,
    /// A shot's result written over the plane it hit.
    Verdict,
    Result,
}

impl Shot for Moment {
    fn file(self) -> &'static str {
        match self {
            Moment::Menu => "menu.png",
            Moment::Help => "help.png",
            Moment::Settings => "settings.png",
            Moment::NewGame => "new-game.png",
            Moment::Handover => "handover.png",
            Moment::Selection => "selection.png",
            Moment::CombatPreview => "combat-preview.png",
            Moment::OpponentTurn => "opponent-turn.png",
            Moment::Shot => "shot.png",
            Moment::Verdict => "verdict.png",
            Moment::Result => "result.png",
        }
    }
}

/// Plays a game from the main menu to the result screen.
pub struct ScriptedPlayer {
    /// Which of the new-game screen's player choices to click to (0 RAF solo,
    /// 2 two players).
    pub players: usize,
    pub seed: String,
    /// The forces to pick (the start of a setting's label; none: leave
    /// the first, the rules as written).
    pub forces: Option<&'static str>,
    hovered: Option<PlaneId>,
    wait: u32,
    /// Moments reached (the caller takes screenshots).
    pub seen: Moments<Moment>,
    pub done: bool,
}

impl ScriptedPlayer {
    pub fn new(players: usize, seed: u64) -> ScriptedPlayer {
        ScriptedPlayer {
            players,
            seed: seed.to_string(),
            // Two players take the even forces: the pictures show a
            // reserve, and the screen the Luftwaffe's share.
            forces: (players == 2).then_some("Even"),
            hovered: None,
            wait: 0,
            seen: Moments::new(),
            done: false,
        }
    }

    pub(super) fn click_button(app: &App, prefix: &str) -> Option<InputFrame> {
        app.buttons
            .iter()
            .find(|b| b.label.starts_with(prefix))
            .map(|b| {
                let (x, y) = center(b.rect);
                InputFrame::click_at(x, y)
            })
    }

    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        // Give every screen a frame to lay out its buttons.
        if app.buttons.is_empty() && !app.top().is_table(GameKind::SimpleHex) {
            return InputFrame::idle();
        }
        match app.top() {
            Screen::Menu => {
                self.seen.first(Moment::Menu);
                // Look at the help and the settings first, as a newcomer might.
                let next = if !self.seen.reached(Moment::Help) {
                    "Rules and controls"
                } else if !self.seen.reached(Moment::Settings) {
                    "Settings"
                } else {
                    "New game"
                };
                Self::click_button(app, next).unwrap_or_default()
            }
            Screen::Rules if !self.seen.reached(Moment::Help) => {
                Self::click_button(app, "Simple Hex").unwrap_or_default()
            }
            Screen::Rules => InputFrame::press(KeyCode::Escape),
            Screen::Help { .. } => {
                if self.seen.first(Moment::Help) {
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::Settings { .. } => {
                if self.seen.first(Moment::Settings) {
                    return InputFrame::idle();
                }
                InputFrame::press(KeyCode::Escape)
            }
            Screen::NewGame(ng) if ng.kind() == GameKind::SimpleHex => {
                let ng: &crate::app::simple_hex::NewGame = ng.get();
                if ng.players != self.players {
                    return Self::click_button(
                        app,
                        match ng.players {
                            0 => "Solo: you fly the RAF",
                            1 => "Solo: you fly the Luftwaffe",
                            _ => "Two players",
                        },
                    )
                    .unwrap_or_default();
                }
                if ng.seed != self.seed {
                    // Clear the field, then type the seed.
                    if !ng.seed.is_empty() {
                        return InputFrame::press(KeyCode::Backspace);
                    }
                    return InputFrame {
                        chars: self.seed.chars().collect(),
                        ..InputFrame::idle()
                    };
                }
                if let Some(f) = self.forces.take() {
                    return Self::click_button(app, f).unwrap_or_default();
                }
                if self.seen.first(Moment::NewGame) {
                    return InputFrame::idle();
                }
                Self::click_button(app, "Start").unwrap_or_default()
            }
            Screen::Table(b) if b.kind() == GameKind::SimpleHex => {
                self.battle(b.get::<crate::app::simple_hex::HexTable>())
            }
            Screen::Result(t) if t.kind() == GameKind::SimpleHex => {
                if self.seen.first(Moment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                self.done = true;
                InputFrame::idle()
            }
            Screen::ConfirmLeave { .. } => InputFrame::press(KeyCode::Escape),
            // An unfinished game of an earlier run is in the autosave.
            Screen::ConfirmNew(_) => {
                Self::click_button(app, "Replace it and start").unwrap_or_default()
            }
            Screen::Load(_) | Screen::SaveSlots(_) => InputFrame::press(KeyCode::Escape),
            Screen::NewGame(_) | Screen::Table(_) | Screen::Result(_) => {
                InputFrame::press(KeyCode::Escape)
            }
        }
    }

    pub(super) fn battle<G: HexGame>(&mut self, b: &Table<HexScene<G>>) -> InputFrame {
        let g = b.game.hex();
        if b.handover.is_some() {
            if self.seen.first(Moment::Handover) {
                return InputFrame::idle();
            }
            return InputFrame::press(KeyCode::Enter);
        }
        // The picture is taken after one more frame: ask for it mid-burst.
        if b.bursts().iter().any(|s| s.k > 0.35 && s.k < 0.5) {
            self.seen.first(Moment::Shot);
        }
        if !b.scene.announcements().is_empty() {
            self.seen.first(Moment::Verdict);
        }
        let opponent = g.to_act().is_some_and(|s| !b.shared.is_human(s));
        if b.busy() || opponent {
            // The other side's planes on the move, once the player has flown.
            if b.busy() && opponent && self.seen.reached(Moment::Selection) {
                self.seen.first(Moment::OpponentTurn);
            }
            return InputFrame::idle();
        }
        let (highlights, attacks) = b.options_now();
        match g.phase() {
            Phase::Entry { .. } => InputFrame::press(KeyCode::Enter),
            Phase::Moving(m) => {
                // Attack the first target in reach, showing the preview first.
                if let Some(a) = attacks.first() {
                    let t = g.plane(a.target).on_board().expect("targets fly").0;
                    let p = b.scene.view.center(t);
                    if self.hovered != Some(a.target) {
                        self.hovered = Some(a.target);
                        self.seen.first(Moment::CombatPreview);
                        self.wait = 2;
                        return InputFrame {
                            mouse: (p.x, p.y),
                            ..InputFrame::idle()
                        };
                    }
                    self.hovered = None;
                    return InputFrame::click_at(p.x, p.y);
                }
                if m.remaining() == 0 {
                    return InputFrame::press(KeyCode::Space);
                }
                // Otherwise fly to the end hex nearest the enemy's end.
                let Some(h) = highlights.iter().filter(|h| h.end).max_by_key(|h| {
                    let me = g.plane(m.plane).side;
                    let end = g.scenario().end_of(me.other());
                    -g.board().rows_to(h.hex, end)
                }) else {
                    // Only exits are left: fly straight on.
                    return InputFrame {
                        keys: vec![KeyCode::Up, KeyCode::Enter],
                        ..InputFrame::idle()
                    };
                };
                let p = b.scene.view.center(h.hex);
                if self.hovered != Some(PlaneId(u8::MAX)) {
                    self.hovered = Some(PlaneId(u8::MAX));
                    self.seen.first(Moment::Selection);
                    self.wait = 2;
                    return InputFrame {
                        mouse: (p.x, p.y),
                        ..InputFrame::idle()
                    };
                }
                self.hovered = None;
                InputFrame::click_at(p.x, p.y)
            }
            _ => InputFrame::idle(),
        }
    }
}
