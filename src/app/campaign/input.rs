//! The player's decisions on the campaign's map: the panel's buttons for
//! each step (from the commands the rules allow), and clicks on the map's
//! squares and counters, turned into the commands to play.

use super::map::{counter_visible, GOLD};
use super::names::{capitalise, card_entry, card_name, geschwader_name, squadron, wing_name, wrap};
use super::panels::{fit, stage_title, DICE_STRIP};
use super::{CampaignScene, Seen};
use crate::app::table::{Act, Shared};
use crate::app::ui::Ui;
use crate::campaign::data::Square;
use crate::campaign::game::{Campaign, Command, Stage};
use crate::campaign::state::distance;
use crate::common::words::count;
use macroquad::prelude::*;

/// One thing the panel offers: a button's label and what it does.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub label: String,
    pub what: Do,
    /// Framed in gold (the geschwader picked, the wave chosen).
    pub on: bool,
}

/// What a button does: play a command, or put the decision together.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Do {
    Play(Command),
    PickGeschwader(usize),
    PickWing(usize),
    Wave(u8),
    MoreForSquadrons,
    FewerForSquadrons,
    NextPage,
    BackToMap,
}

/// A command to play, or the campaign's reason for refusing it.
fn checked(c: &Campaign, cmd: Command) -> Act<Command> {
    match c.check(&cmd) {
        Ok(()) => Act::Play(vec![cmd]),
        Err(e) => Act::Say(capitalise(&e.to_string())),
    }
}

const BUTTON_H: f32 = 30.0;

impl CampaignScene {
    /// The player's input on a quiet screen: a button, else the map.
    pub(super) fn handle(&mut self, ui: &mut Ui, c: &Campaign, t: &Shared<Self>) -> Act<Command> {
        let f = self.seen(c, t);
        self.acts = self.actions(c, &f);
        let top = self.buttons_top(c, &f);
        if let Some(what) = self.button_input(ui, top) {
            return self.apply_do(c, what);
        }
        if self.result.is_none() {
            return self.map_click(ui, c);
        }
        Act::None
    }

    /// The legal commands now, asked once per command played.
    pub(super) fn legal(&mut self, c: &Campaign) -> &[Command] {
        let key = c.commands().len();
        if self.legal_key != Some(key) {
            self.legal = c.legal_commands();
            self.legal_key = Some(key);
        }
        &self.legal
    }

    /// The panel's buttons for this decision.
    pub(super) fn actions(&mut self, c: &Campaign, f: &Seen) -> Vec<Choice> {
        if self.result.is_some() {
            return vec![choice("Back to the map".into(), Do::BackToMap)];
        }
        let legal = self.legal(c).to_vec();
        let out = self.stage_choices(c, &legal);
        let room = self.button_room(c, f);
        self.paged(out, room)
    }

    /// Every choice the stage offers, on one list.
    fn stage_choices(&mut self, c: &Campaign, legal: &[Command]) -> Vec<Choice> {
        match c.stage().clone() {
            Stage::KeepHand => hand_choices(c),
            Stage::Rotations => rotation_choices(c),
            Stage::ProductionSplit { dice } => self.production_choices(dice),
            Stage::Repairs => repair_choices(c, legal),
            Stage::Reinforce => reinforce_choices(c, legal),
            Stage::BigWing => big_wing_choices(c, legal),
            Stage::Missions => self.mission_choices(c),
            Stage::Fly { .. } => vec![play("Reach for home".into(), Command::Home)],
            Stage::InterceptChoice { geschwader } => intercept_choices(c, legal, geschwader),
            Stage::RafMovement => self.movement_choices(c),
            Stage::HowToFight { .. } => fight_choices(c),
            Stage::Gruppen => gruppe_choices(c),
            Stage::Attacks => attack_choices(c),
            Stage::Allocate { .. } => allocation_choices(c, legal),
            Stage::InterceptStep { .. } | Stage::Battle | Stage::Over => Vec::new(),
        }
    }

    /// The production dice's split: a die more or fewer for squadrons, and
    /// the throw.
    fn production_choices(&self, dice: u8) -> Vec<Choice> {
        let s = self.for_squadrons.min(dice);
        vec![
            choice("More dice for squadrons".into(), Do::MoreForSquadrons),
            choice("Fewer dice for squadrons".into(), Do::FewerForSquadrons),
            play(
                format!("Throw: {s} for squadrons, {} for repairs", dice - s),
                Command::Production { squadrons: s },
            ),
        ]
    }

    /// The geschwader still free (the one picked framed), the take-off
    /// phases, and the hand's targets for the picked one.
    fn mission_choices(&mut self, c: &Campaign) -> Vec<Choice> {
        let mut out = Vec::new();
        let free: Vec<usize> = c.assignable().collect();
        if self.picked_geschwader.is_none_or(|g| !free.contains(&g)) {
            self.picked_geschwader = free.first().copied();
        }
        for &g in &free {
            out.push(Choice {
                label: format!(
                    "{}: {}",
                    geschwader_name(c, g),
                    count(c.geschwader()[g].squadrons.len(), "squadron", "squadrons")
                ),
                what: Do::PickGeschwader(g),
                on: self.picked_geschwader == Some(g),
            });
        }
        for wave in 1..=c.rules().raid.waves {
            out.push(Choice {
                label: format!("Take off in Tally Ho phase {wave}"),
                what: Do::Wave(wave),
                on: self.wave == wave,
            });
        }
        if let Some(g) = self.picked_geschwader {
            for &card in c.deck().hand() {
                out.push(play(
                    format!("Target {}", card_entry(c, card)),
                    Command::Assign {
                        geschwader: g,
                        card,
                        wave: self.wave,
                    },
                ));
            }
        }
        out.push(play(
            "End missions (the rest stay at home)".into(),
            Command::EndMissions,
        ));
        out
    }

    /// The wings that may move (the one picked framed), and the end of
    /// RAF movement.
    fn movement_choices(&mut self, c: &Campaign) -> Vec<Choice> {
        let mut out = Vec::new();
        let movable: Vec<usize> = c.movable_wings().collect();
        if self.picked_wing.is_some_and(|w| !movable.contains(&w)) {
            self.picked_wing = None;
        }
        for w in movable {
            out.push(Choice {
                label: format!("Move {}", wing_name(c, w)),
                what: Do::PickWing(w),
                on: self.picked_wing == Some(w),
            });
        }
        out.push(play("End RAF movement".into(), Command::EndRafMovement));
        out
    }

    /// Too many choices for the panel: pages of them, the ones that end
    /// the step (no intercept, end of movement) on every page.
    fn paged(&self, out: Vec<Choice>, room: usize) -> Vec<Choice> {
        let (pinned, rest): (Vec<Choice>, Vec<Choice>) = out.into_iter().partition(ends_step);
        if rest.len() + pinned.len() > room && room > pinned.len() + 1 {
            let per = room - pinned.len() - 1;
            let pages = rest.len().div_ceil(per);
            let page = self.page % pages;
            let mut shown: Vec<Choice> = rest.into_iter().skip(page * per).take(per).collect();
            shown.push(choice(
                format!("More choices (page {} of {pages})", page + 1),
                Do::NextPage,
            ));
            shown.extend(pinned);
            return shown;
        }
        rest.into_iter().chain(pinned).collect()
    }

    /// The panel's title and lines, wrapped to its width.
    pub(super) fn panel_text(&self, c: &Campaign, f: &Seen) -> (Vec<String>, Vec<String>) {
        let r = self.lay.act;
        let title = wrap(&stage_title(c), r.w - 20.0, 19.0);
        let lines = self
            .act_lines(c, f)
            .iter()
            .flat_map(|l| wrap(l, r.w - 20.0, 15.0))
            .collect();
        (title, lines)
    }

    /// The first button's top in the action panel: below the panel's text,
    /// and never below the upper half of the panel.
    pub(super) fn buttons_top(&self, c: &Campaign, f: &Seen) -> f32 {
        let lay = self.lay;
        let (title, lines) = self.panel_text(c, f);
        let text = 28.0 + title.len() as f32 * 21.0 + lines.len() as f32 * 18.0 + 12.0;
        lay.act.y + text.clamp(110.0, lay.act.h * 0.5)
    }

    fn button_room(&self, c: &Campaign, f: &Seen) -> usize {
        let lay = self.lay;
        let top = self.buttons_top(c, f);
        ((lay.act.y + lay.act.h - DICE_STRIP - top - 6.0) / (BUTTON_H + 5.0)).max(1.0) as usize
    }

    fn button_rect(&self, top: f32, i: usize) -> Rect {
        Self::button_at(self.lay, top, i)
    }

    pub(super) fn button_at(lay: super::Layout, top: f32, i: usize) -> Rect {
        Rect::new(
            lay.act.x + 8.0,
            top + i as f32 * (BUTTON_H + 5.0),
            lay.act.w - 16.0,
            BUTTON_H,
        )
    }

    /// "Back to the map": at the foot of the result's panel, inside it.
    fn result_button(&self, ui: &Ui) -> Rect {
        let act = self.lay.act;
        let pw = ui.w - act.x - 8.0;
        let w = 260.0f32.min(pw - 24.0);
        Rect::new(act.x + (pw - w) / 2.0, act.y + act.h - 58.0, w, 46.0)
    }

    /// A click on one of the panel's buttons (or Enter for the step's last).
    fn button_input(&self, ui: &mut Ui, top: f32) -> Option<Do> {
        if self.result.is_some() {
            let r = self.result_button(ui);
            let hit = ui.clicked(r) || ui.input.key(KeyCode::Enter);
            return hit.then_some(Do::BackToMap);
        }
        for (i, a) in self.acts.iter().enumerate() {
            if ui.clicked(self.button_rect(top, i)) {
                return Some(a.what);
            }
        }
        if ui.input.key(KeyCode::Enter) {
            return self
                .acts
                .iter()
                .rev()
                .find(|a| {
                    matches!(
                        a.what,
                        Do::Play(
                            Command::EndRotations
                                | Command::EndRepairs
                                | Command::EndReinforce
                                | Command::NoBigWing
                                | Command::EndMissions
                                | Command::NoIntercept
                                | Command::EndRafMovement
                                | Command::Production { .. }
                        )
                    )
                })
                .map(|a| a.what);
        }
        None
    }

    /// Lays out and draws the panel's buttons (the click was taken before).
    pub(super) fn draw_buttons(&mut self, ui: &mut Ui, top: f32) {
        if self.result.is_some() {
            if let Some(a) = self.acts.first() {
                let r = self.result_button(ui);
                ui.button(r, &a.label);
            }
            return;
        }
        // One size for the whole column: the largest every label fits at.
        let width = Self::button_at(self.lay, top, 0).w - 16.0;
        let size = self
            .acts
            .iter()
            .map(|a| fit(&a.label, 16.0, super::MIN_LABEL_SIZE, width).1)
            .fold(16.0, f32::min);
        for (i, a) in self.acts.iter_mut().enumerate() {
            let r = Self::button_at(self.lay, top, i);
            if a.on {
                ui.rect_lines(
                    Rect::new(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0),
                    4.0,
                    GOLD,
                );
            }
            // A label too long for its button is cut, never spilt.
            // (the button's choice reads as drawn, for scripts and tests).
            let (label, _) = fit(&a.label, size, super::MIN_LABEL_SIZE, r.w - 16.0);
            ui.button_at_most(r, &label, size);
            a.label = label;
        }
    }

    fn apply_do(&mut self, c: &Campaign, what: Do) -> Act<Command> {
        match what {
            Do::Play(cmd) => return checked(c, cmd),
            Do::PickGeschwader(g) => self.picked_geschwader = Some(g),
            Do::PickWing(w) => self.picked_wing = Some(w),
            Do::Wave(w) => self.wave = w,
            Do::MoreForSquadrons => {
                if let Stage::ProductionSplit { dice } = *c.stage() {
                    self.for_squadrons = (self.for_squadrons + 1).min(dice);
                }
            }
            Do::FewerForSquadrons => self.for_squadrons = self.for_squadrons.saturating_sub(1),
            Do::NextPage => self.page += 1,
            Do::BackToMap => self.result = None,
        }
        Act::None
    }

    /// The squares a click on the map may choose now, and the command each plays.
    pub fn square_choices(&self, c: &Campaign) -> Vec<(Square, Command)> {
        if let Stage::RafMovement = c.stage() {
            let Some(wing) = self.picked_wing else {
                return Vec::new();
            };
            return c
                .wing_reach(wing)
                .into_iter()
                .map(|to| (to, Command::MoveWing { wing, to }))
                .collect();
        }
        if self.legal_key != Some(c.commands().len()) {
            return Vec::new();
        }
        self.legal
            .iter()
            .filter_map(|cmd| match *cmd {
                Command::Step(to) | Command::WingStep(to) => Some((to, *cmd)),
                _ => None,
            })
            .collect()
    }

    /// Wings the player may click now (to scramble, or to pick for a move).
    pub fn wing_choices(&self, c: &Campaign) -> Vec<usize> {
        match c.stage() {
            Stage::InterceptChoice { .. } => self
                .legal
                .iter()
                .filter_map(|c| match c {
                    Command::Intercept(w) => Some(*w),
                    _ => None,
                })
                .collect(),
            Stage::RafMovement => c.movable_wings().collect(),
            _ => Vec::new(),
        }
    }

    fn map_click(&mut self, ui: &mut Ui, c: &Campaign) -> Act<Command> {
        if !ui.input.clicked || ui.click_used {
            return Act::None;
        }
        let m = ui.mouse();
        if !self.view.rect.contains(m) {
            return Act::None;
        }
        self.legal(c);
        // A picked wing's destination first.
        if let Some(sq) = self.view.pick(m) {
            if self.picked_wing.is_some() {
                if let Some(&(_, cmd)) = self.square_choices(c).iter().find(|(s, _)| *s == sq) {
                    ui.click_used = true;
                    return checked(c, cmd);
                }
            }
        }
        // A counter: a wing to scramble or to move, a geschwader to send.
        for w in self.wing_choices(c) {
            if self.counter_rect(c, true, w).contains(m) {
                ui.click_used = true;
                if let Stage::InterceptChoice { .. } = c.stage() {
                    return checked(c, Command::Intercept(w));
                }
                self.picked_wing = Some(w);
                return Act::None;
            }
        }
        if matches!(c.stage(), Stage::Missions) {
            for g in 0..c.geschwader().len() {
                if counter_visible(c, false, g) && self.counter_rect(c, false, g).contains(m) {
                    ui.click_used = true;
                    self.picked_geschwader = Some(g);
                    return Act::None;
                }
            }
        }
        let Some(sq) = self.view.pick(m) else {
            return Act::None;
        };
        ui.click_used = true;
        if let Some(&(_, cmd)) = self.square_choices(c).iter().find(|(s, _)| *s == sq) {
            return checked(c, cmd);
        }
        Act::Say(match c.stage() {
            Stage::Fly { .. } => {
                "A geschwader flies one square at a time: click a highlighted square.".into()
            }
            Stage::InterceptStep { .. } => {
                "The intercepting wing flies one square: click a highlighted square.".into()
            }
            Stage::RafMovement if self.picked_wing.is_none() => {
                "Pick a wing first (click its counter or its button).".into()
            }
            Stage::RafMovement => {
                let cmd = Command::MoveWing {
                    wing: self.picked_wing.unwrap_or(0),
                    to: sq,
                };
                match c.check(&cmd) {
                    Err(e) => capitalise(&e.to_string()),
                    Ok(()) => "Click a highlighted square.".into(),
                }
            }
            _ => "Use the buttons on the right for this decision.".into(),
        })
    }
}

/// A button that plays a command.
fn play(label: String, cmd: Command) -> Choice {
    choice(label, Do::Play(cmd))
}

/// A button, not framed.
fn choice(label: String, what: Do) -> Choice {
    Choice {
        label,
        what,
        on: false,
    }
}

/// Does the choice end its step (kept on every page of choices)?
fn ends_step(ch: &Choice) -> bool {
    matches!(
        ch.what,
        Do::Play(
            Command::NoIntercept
                | Command::NoMoreIntercepts
                | Command::EndRafMovement
                | Command::EndMissions
                | Command::EndRotations
                | Command::EndRepairs
                | Command::EndReinforce
                | Command::NoBigWing
        )
    )
}

/// A card of the German's hand to give back at a new phase.
fn hand_choices(c: &Campaign) -> Vec<Choice> {
    c.deck()
        .hand()
        .iter()
        .map(|&card| {
            play(
                format!("Give back {}", card_entry(c, card)),
                Command::Discard(card),
            )
        })
        .collect()
}

/// This turn's rotations still to make, and the end of rotations.
fn rotation_choices(c: &Campaign) -> Vec<Choice> {
    let mut out = Vec::new();
    for (k, r) in c.rotations_left().iter().enumerate() {
        let receives = r
            .receives
            .as_ref()
            .map(|t| format!(" (for a {t})"))
            .unwrap_or_default();
        out.push(play(
            format!(
                "{} Group sends a {} to {} Group{receives}",
                r.from_group, r.kind, r.to_group
            ),
            Command::Rotate(k),
        ));
    }
    out.push(play(
        "End rotations (the rest lapse)".into(),
        Command::EndRotations,
    ));
    out
}

/// The squadrons to rebuild and the targets to repair, and the end of
/// repairs.
fn repair_choices(c: &Campaign, legal: &[Command]) -> Vec<Choice> {
    let mut out = Vec::new();
    for cmd in legal {
        let label = match *cmd {
            Command::Rebuild(s) => format!("Rebuild {}", squadron(c, s)),
            Command::Reserve(s) => {
                format!("Reserve point: rebuild {}", squadron(c, s))
            }
            Command::Mend(card) => format!("Repair {}", card_name(c, card)),
            Command::EndRepairs => continue,
            _ => continue,
        };
        out.push(play(label, *cmd));
    }
    out.push(play(
        "End repairs (the rest are lost)".into(),
        Command::EndRepairs,
    ));
    out
}

/// The geschwader that may take a seventh squadron, and from where.
fn reinforce_choices(c: &Campaign, legal: &[Command]) -> Vec<Choice> {
    let mut out = Vec::new();
    for cmd in legal {
        if let Command::Reinforce { geschwader, from } = *cmd {
            let src = match from {
                None => "from Luftflotte 2's box".to_string(),
                Some(o) => format!("from {}", geschwader_name(c, o)),
            };
            out.push(play(
                format!("{} takes a squadron {src}", geschwader_name(c, geschwader)),
                *cmd,
            ));
        }
    }
    out.push(play("End reinforcing".into(), Command::EndReinforce));
    out
}

/// The wings that may form the Big Wing, or none this turn.
fn big_wing_choices(c: &Campaign, legal: &[Command]) -> Vec<Choice> {
    let mut out = Vec::new();
    for cmd in legal {
        if let Command::BigWing(a, b) = *cmd {
            out.push(play(
                format!(
                    "Big Wing: {} with {}",
                    c.data().oob.wings[a].name,
                    c.data().oob.wings[b].name
                ),
                *cmd,
            ));
        }
    }
    out.push(play("No Big Wing this turn".into(), Command::NoBigWing));
    out
}

/// The wings that may intercept the geschwader, nearest first, and no
/// intercept.
fn intercept_choices(c: &Campaign, legal: &[Command], geschwader: usize) -> Vec<Choice> {
    let mut out = Vec::new();
    let at = c.geschwader()[geschwader].at;
    let dist = |w: usize| distance(c.wings()[w].at, at);
    let mut wings: Vec<usize> = legal
        .iter()
        .filter_map(|cmd| match cmd {
            Command::Intercept(w) => Some(*w),
            _ => None,
        })
        .collect();
    // Nearest first.
    wings.sort_by_key(|&w| (dist(w), w));
    for w in wings {
        out.push(play(
            format!(
                "Scramble {}: {} sq., {} away",
                wing_name(c, w).trim_end_matches(" Wing"),
                c.wings()[w].squadrons.len(),
                dist(w)
            ),
            Command::Intercept(w),
        ));
    }
    out.push(play("No intercept".into(), Command::NoIntercept));
    out.push(play(
        "No more intercepts this phase".into(),
        Command::NoMoreIntercepts,
    ));
    out
}

/// Where the fight is fought: the hex board, the family board when it may
/// be, or the campaign's dice.
fn fight_choices(c: &Campaign) -> Vec<Choice> {
    let mut out = vec![play(
        "Fight it on the hex board".into(),
        Command::OnTheBoard,
    )];
    if c.check(&Command::OnTheFamilyBoard).is_ok() {
        out.push(play(
            "Fly it on the family board".into(),
            Command::OnTheFamilyBoard,
        ));
    }
    out.push(play("Throw the campaign's dice".into(), Command::WithDice));
    out
}

/// The gruppen the dogfight's next squadron may join, with their members.
fn gruppe_choices(c: &Campaign) -> Vec<Choice> {
    let mut out = Vec::new();
    if let Some(d) = c.dogfight() {
        for k in 0..c.gruppen_to_form() as u8 {
            let members: Vec<String> = d.gruppe(k).map(|s| c.aircraft(s).name.clone()).collect();
            out.push(play(
                format!(
                    "Gruppe {}: {}",
                    k + 1,
                    if members.is_empty() {
                        "empty".to_string()
                    } else {
                        members.join(", ")
                    }
                ),
                Command::Gruppe(k),
            ));
        }
    }
    out
}

/// The gruppen the next RAF squadron may attack (their sizes only), or none.
fn attack_choices(c: &Campaign) -> Vec<Choice> {
    let mut out = Vec::new();
    if let Some(d) = c.dogfight() {
        for k in 0..d.gruppen_formed() {
            let size = d.gruppe(k).count();
            out.push(play(
                format!("Attack gruppe {} ({size} face down)", k + 1),
                Command::Attack(Some(k)),
            ));
        }
        out.push(play("Attack no gruppe".into(), Command::Attack(None)));
    }
    out
}

/// The squadrons that may take the side's hits: lost, or stood down.
fn allocation_choices(c: &Campaign, legal: &[Command]) -> Vec<Choice> {
    let mut out = Vec::new();
    for cmd in legal {
        let (s, verb) = match *cmd {
            Command::Lose(s) => (s, "Lose"),
            Command::StandDown(s) => (s, "Stand down"),
            _ => continue,
        };
        out.push(play(
            format!(
                "{verb} {} ({}, def. {})",
                crate::campaign::tactical::short_name(&c.forces().squadrons[s].name),
                c.aircraft(s).name,
                c.aircraft(s).defence
            ),
            *cmd,
        ));
    }
    out
}
