//! The scripted campaign players: a whole campaign through the screens.

use super::{center, Moments, Script, ScriptedPlayer, Shot};
use crate::app::campaign::{CampaignTable, Do};
use crate::app::simple_hex::HexGame;
use crate::app::ui::InputFrame;
use crate::app::{App, Screen};
use crate::campaign::ai;
use crate::campaign::game::{Campaign, Command, Event, RaidState, Stage};
use crate::common::game::GameKind;
use crate::family::FamilyGame;
use macroquad::prelude::*;

/// Moments of a campaign worth a screenshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CampaignMoment {
    Menu,
    NewGame,
    TurnStart,
    Raids,
    InterceptChoice,
    HowToFight,
    HexBattle,
    FamilyTable,
    BattleResult,
    MapAfter,
    RafMovement,
    Handover,
    Result,
}

impl Shot for CampaignMoment {
    fn file(self) -> &'static str {
        match self {
            CampaignMoment::Menu => "campaign-menu.png",
            CampaignMoment::NewGame => "campaign-new.png",
            CampaignMoment::TurnStart => "campaign-turn-start.png",
            CampaignMoment::Raids => "campaign-raids.png",
            CampaignMoment::InterceptChoice => "campaign-intercept-choice.png",
            CampaignMoment::HowToFight => "campaign-how-to-fight.png",
            CampaignMoment::HexBattle => "campaign-hex-battle.png",
            CampaignMoment::FamilyTable => "campaign-family-battle.png",
            CampaignMoment::BattleResult => "campaign-battle-result.png",
            CampaignMoment::MapAfter => "campaign-map-after.png",
            CampaignMoment::RafMovement => "campaign-raf-movement.png",
            CampaignMoment::Handover => "campaign-handover.png",
            CampaignMoment::Result => "campaign-result.png",
        }
    }
}

/// Which fights a scripted campaign takes to the board when asked (the
/// first of them; the rest with dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    Intercepts,
    /// Intercepts with no bombers.
    Sweeps,
    /// Dogfights against face-down gruppen.
    Dogfights,
    /// Intercepts of raids with bombers, on the family board.
    Family,
}

/// Plays a campaign through the screens: from the main menu to a new
/// campaign, then turn after turn. What to decide is the campaign opponent's
/// choice for the player's side (the hex board for the first intercepts);
/// how it is done is all clicks on the panel's buttons and the map's squares,
/// and on the hex board the Simple Hex scripted player's clicks and keys.
pub struct CampaignScript {
    /// New-campaign choices: players (0 RAF solo, 1 Luftwaffe solo, 2 two
    /// players), weather rule and battles (indices), seed.
    pub players: usize,
    pub weather: usize,
    pub battles: usize,
    pub seed: String,
    /// Stop once this many turns are played (the campaign's end at most).
    pub turns: u8,
    /// Intercepts to fight on the hex board when asked (the rest with dice).
    pub board_battles: usize,
    /// Then leave, start a two-player campaign and stop at its first hand-over.
    pub handover_demo: bool,
    /// Fight on the board only these fights, and stop once their results
    /// have been seen on the map.
    pub only: Only,
    second: bool,
    hex: ScriptedPlayer,
    /// The Spitfires' clicks on the family board.
    family: super::FamilyScript,
    wait: u32,
    hovered: Option<(f32, f32)>,
    after_battle: bool,
    pub board_fought: usize,
    pub results_seen: usize,
    pub seen: Moments<CampaignMoment>,
    pub done: bool,
}

impl Script for CampaignScript {
    fn decide(&mut self, app: &App) -> InputFrame {
        CampaignScript::decide(self, app)
    }
    fn shots(&self) -> Vec<&'static str> {
        self.seen.files()
    }
    fn done(&self) -> bool {
        self.done
    }
}

impl CampaignScript {
    /// The RAF solo, weather dice by phase, intercepts asked for.
    pub fn new(seed: u64) -> CampaignScript {
        CampaignScript {
            players: 0,
            weather: 0,
            battles: 3,
            seed: seed.to_string(),
            turns: 1,
            board_battles: 1,
            handover_demo: false,
            only: Only::Intercepts,
            second: false,
            hex: ScriptedPlayer::new(0, seed),
            family: super::FamilyScript::new(1, 1, seed),
            wait: 0,
            hovered: None,
            after_battle: false,
            board_fought: 0,
            results_seen: 0,
            seen: Moments::new(),
            done: false,
        }
    }

    /// The window's demonstration: a shortened campaign of the RAF solo with
    /// its first intercept on the board (the other side's moves skipped after
    /// the first turn), then a two-player campaign's first hand-over.
    pub fn demo(seed: u64) -> CampaignScript {
        CampaignScript {
            weather: 2,
            turns: u8::MAX,
            handover_demo: true,
            ..CampaignScript::new(seed)
        }
    }

    /// A shortened campaign of the RAF solo whose first fighter sweep (an
    /// intercept of fighter gruppen only) is fought on the board.
    pub fn sweep(seed: u64) -> CampaignScript {
        CampaignScript {
            weather: 2,
            turns: u8::MAX,
            only: Only::Sweeps,
            ..CampaignScript::new(seed)
        }
    }

    /// A shortened campaign of the RAF solo whose first dogfight (a wing
    /// against a raid's face-down gruppen) is fought on the board.
    pub fn dogfight(seed: u64) -> CampaignScript {
        CampaignScript {
            weather: 2,
            turns: u8::MAX,
            only: Only::Dogfights,
            ..CampaignScript::new(seed)
        }
    }

    /// A shortened campaign of the RAF solo whose first intercept of a raid
    /// with bombers is flown on the family board.
    pub fn family_board(seed: u64) -> CampaignScript {
        CampaignScript {
            weather: 2,
            turns: u8::MAX,
            only: Only::Family,
            ..CampaignScript::new(seed)
        }
    }

    fn click_exact(app: &App, label: &str) -> Option<InputFrame> {
        app.buttons.iter().find(|b| b.label == label).map(|b| {
            let (x, y) = center(b.rect);
            InputFrame::click_at(x, y)
        })
    }

    fn decide(&mut self, app: &App) -> InputFrame {
        if self.wait > 0 {
            self.wait -= 1;
            return InputFrame::idle();
        }
        if app.buttons.is_empty() && !app.top().is_table(GameKind::Campaign) {
            return InputFrame::idle();
        }
        let click = |prefix: &str| ScriptedPlayer::click_button(app, prefix).unwrap_or_default();
        match app.top() {
            Screen::Menu => {
                self.seen.first(CampaignMoment::Menu);
                click("Campaign: the Battle")
            }
            Screen::NewGame(ng) if ng.kind() == GameKind::Campaign => {
                let ng: &crate::app::campaign::CampaignNew = ng.get();
                let players = if self.second { 2 } else { self.players };
                if ng.players != players {
                    return click("Players:");
                }
                if ng.weather != self.weather {
                    return click("Weather:");
                }
                if ng.battles != self.battles {
                    return click("Intercepts:");
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
                if !self.second && self.seen.first(CampaignMoment::NewGame) {
                    return InputFrame::idle();
                }
                click("Start the campaign")
            }
            Screen::Table(t) if t.kind() == GameKind::Campaign => self.campaign(app, t.get()),
            Screen::ConfirmNew(_) => click("Replace it and start"),
            Screen::Result(_) => {
                if self.seen.first(CampaignMoment::Result) {
                    self.wait = 2;
                    return InputFrame::idle();
                }
                if self.handover_demo && !self.second {
                    // On to a two-player campaign, for its hand-over.
                    self.second = true;
                    return click("Main menu");
                }
                self.done = true;
                InputFrame::idle()
            }
            Screen::ConfirmLeave { .. } if self.second => click("Leave"),
            _ => InputFrame::press(KeyCode::Escape),
        }
    }

    /// A frame's input on the campaign's table: the hand-over, a board
    /// battle, its result, or the player's next decision.
    fn campaign(&mut self, app: &App, t: &CampaignTable) -> InputFrame {
        if t.handover().is_some() {
            return self.at_handover();
        }
        // The two-player campaign: every decision as the opponents would.
        if self.second && (t.busy() || t.human_turn().is_none()) {
            return InputFrame::idle();
        }
        if let Some(frame) = self.on_a_board(app, t) {
            return frame;
        }
        if t.result().is_some() {
            return self.at_battle_result(app);
        }
        self.note_map_moments(t);
        if let Some(frame) = self.wait_or_stop(t) {
            return frame;
        }
        let Some(side) = t.human_turn() else {
            return InputFrame::idle();
        };
        if let Some(frame) = self.pause_for_shot(t) {
            return frame;
        }
        let c = t.campaign();
        let cmd = match c.stage() {
            Stage::HowToFight { dogfight, .. } => self.how_to_fight(c, *dogfight),
            _ => match ai::propose(c, side) {
                Some(cmd) => cmd,
                None => return InputFrame::idle(),
            },
        };
        if matches!(cmd, Command::OnTheBoard | Command::OnTheFamilyBoard) {
            self.board_fought += 1;
        }
        self.enter(app, t, cmd)
    }

    /// The hand-over screen: its screenshot, then the end of the
    /// two-player demonstration, or a key to go on.
    fn at_handover(&mut self) -> InputFrame {
        if self.seen.first(CampaignMoment::Handover) {
            self.wait = 1;
            return InputFrame::idle();
        }
        if self.second {
            self.done = true;
            return InputFrame::idle();
        }
        InputFrame::press(KeyCode::Enter)
    }

    /// A battle on the hex board or the family board, played by their
    /// scripted players (with a screenshot once it is well under way).
    fn on_a_board(&mut self, app: &App, t: &CampaignTable) -> Option<InputFrame> {
        if let Some(b) = t.sub() {
            let battle = b.game.hex();
            let flying = battle
                .planes()
                .iter()
                .filter(|p| p.on_board().is_some())
                .count();
            if flying >= 4
                && battle.commands().len() >= 20
                && !b.busy()
                && self.seen.first(CampaignMoment::HexBattle)
            {
                self.wait = 1;
                return Some(InputFrame::idle());
            }
            return Some(self.hex.battle(b));
        }
        if let Some(b) = t.family_sub() {
            let g = b.game.family();
            if g.round() >= 3
                && !b.busy()
                && b.human_commander().is_some()
                && self.seen.first(CampaignMoment::FamilyTable)
            {
                self.wait = 1;
                return Some(InputFrame::idle());
            }
            return Some(self.family.family(app, b));
        }
        None
    }

    /// A board battle's result on the map: its screenshot, then back to
    /// the map.
    fn at_battle_result(&mut self, app: &App) -> InputFrame {
        if self.seen.first(CampaignMoment::BattleResult) {
            self.wait = 1;
            return InputFrame::idle();
        }
        self.results_seen += 1;
        self.after_battle = true;
        Self::click_exact(app, "Back to the map").unwrap_or_default()
    }

    /// The map's moments taken as they come, without waiting: a turn's
    /// start, and raids under way.
    fn note_map_moments(&mut self, t: &CampaignTable) {
        let c = t.campaign();
        if c.tally_ho() == 0 && matches!(c.stage(), Stage::Missions) {
            self.seen.first(CampaignMoment::TurnStart);
        }
        let aloft = c
            .geschwader()
            .iter()
            .filter(|g| g.state == RaidState::Aloft)
            .count();
        let moves = c
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Moved { .. }))
            .count();
        if aloft >= 3 && moves >= 12 && t.busy() {
            self.seen.first(CampaignMoment::Raids);
        }
    }

    /// Nothing for the player to decide yet (the other side's moves
    /// skipped after the first turn), or the script's end: the map after a
    /// battle seen, the board's fights done, or the turns played.
    fn wait_or_stop(&mut self, t: &CampaignTable) -> Option<InputFrame> {
        let c = t.campaign();
        if t.busy() || t.human_turn().is_none() || c.is_over() {
            // After the first turn, the other side's moves are skipped.
            if c.turn() > 1 && !self.second && !c.is_over() {
                return Some(InputFrame::press(KeyCode::S));
            }
            return Some(InputFrame::idle());
        }
        if self.after_battle && self.seen.first(CampaignMoment::MapAfter) {
            self.wait = 1;
            return Some(InputFrame::idle());
        }
        if self.only != Only::Intercepts && self.results_seen >= self.board_battles {
            self.done = true;
            return Some(InputFrame::idle());
        }
        if !self.second && c.turn() > self.turns {
            if self.handover_demo {
                // On to a two-player campaign, for its hand-over.
                self.second = true;
                return Some(InputFrame::press(KeyCode::Escape));
            }
            self.done = true;
            return Some(InputFrame::idle());
        }
        None
    }

    /// A decision worth a screenshot, the first time it comes (in the
    /// solo campaign): a frame's pause for it.
    fn pause_for_shot(&mut self, t: &CampaignTable) -> Option<InputFrame> {
        let moment = match t.campaign().stage() {
            Stage::InterceptChoice { .. } => Some(CampaignMoment::InterceptChoice),
            Stage::HowToFight { .. } => Some(CampaignMoment::HowToFight),
            // A wing picked: its reach is highlighted.
            Stage::RafMovement if t.scene().picked_wing.is_some() => {
                Some(CampaignMoment::RafMovement)
            }
            _ => None,
        };
        if let Some(m) = moment {
            if !self.second && self.seen.first(m) {
                self.wait = 1;
                return Some(InputFrame::idle());
            }
        }
        None
    }

    /// Where to fight: on the board for the script's kind of fight while
    /// it has board battles left, with dice for the rest.
    fn how_to_fight(&self, c: &Campaign, dogfight: bool) -> Command {
        let sweep = c.fight().is_some_and(|f| {
            f.luftwaffe
                .iter()
                .all(|&q| c.aircraft(q).role == crate::campaign::data::Role::Fighter)
        });
        let wanted = match self.only {
            Only::Intercepts => !dogfight,
            Only::Sweeps => !dogfight && sweep,
            Only::Dogfights => dogfight,
            Only::Family => c.check(&Command::OnTheFamilyBoard).is_ok(),
        };
        if self.board_fought < self.board_battles && wanted {
            if self.only == Only::Family {
                Command::OnTheFamilyBoard
            } else {
                Command::OnTheBoard
            }
        } else {
            Command::WithDice
        }
    }

    /// The clicks that play a command: the panel's buttons that put it
    /// together (a page on when its button is on another), or its square.
    fn enter(&mut self, app: &App, t: &CampaignTable, cmd: Command) -> InputFrame {
        let act = |what: Do| t.acts().iter().find(|a| a.what == what);
        let press = |what: Do| -> InputFrame {
            match act(what) {
                Some(a) => Self::click_exact(app, &a.label).unwrap_or_default(),
                None => match t.acts().iter().find(|a| a.what == Do::NextPage) {
                    Some(a) => Self::click_exact(app, &a.label).unwrap_or_default(),
                    None => InputFrame::idle(),
                },
            }
        };
        let square = |sq| {
            let p = t.view().center(sq);
            (p.x, p.y)
        };
        match cmd {
            Command::Assign {
                geschwader, wave, ..
            } => {
                if t.scene().picked_geschwader != Some(geschwader) {
                    return press(Do::PickGeschwader(geschwader));
                }
                if t.scene().wave != wave {
                    return press(Do::Wave(wave));
                }
                press(Do::Play(cmd))
            }
            Command::Production { squadrons } => {
                if t.scene().for_squadrons < squadrons {
                    press(Do::MoreForSquadrons)
                } else if t.scene().for_squadrons > squadrons {
                    press(Do::FewerForSquadrons)
                } else {
                    press(Do::Play(cmd))
                }
            }
            Command::MoveWing { wing, to } => {
                if t.scene().picked_wing != Some(wing) {
                    return press(Do::PickWing(wing));
                }
                self.click_square(square(to))
            }
            Command::Step(to) | Command::WingStep(to) => self.click_square(square(to)),
            _ => press(Do::Play(cmd)),
        }
    }

    /// Hovers a square for a frame (so its highlight shows), then clicks it.
    fn click_square(&mut self, p: (f32, f32)) -> InputFrame {
        if self.hovered != Some(p) {
            self.hovered = Some(p);
            return InputFrame {
                mouse: p,
                ..InputFrame::idle()
            };
        }
        self.hovered = None;
        InputFrame::click_at(p.0, p.1)
    }
}
