//! The battle screen of Simple Hex: the mat, the counters, what the active
//! plane may do, the dice, and the other side's moves played back.
//!
//! The screen never changes the game but through `Game::play` (so every rule
//! is the engine's), and draws planes from its own display state, which
//! follows the event log one animation at a time.

use super::board_view::{draw_counter, BoardView, Counter};
use super::ui::{Layer, Ui, ACCENT, INK, PAPER};
use super::Players;
use crate::common::hex::{End, Facing};
use crate::record::{self, RecordError, RecordOf};
use crate::saves::Slot;
use crate::settings::{Scheme, Settings};
use crate::simple_hex::ai::Ai;
use crate::simple_hex::*;
use crate::sound::Sfx;
use hexx::Hex;
use macroquad::prelude::*;
use std::collections::VecDeque;

/// Where a counter is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Disp {
    hex: Hex,
    facing: Facing,
    visible: bool,
    damaged: bool,
}

#[derive(Clone, Debug)]
enum Anim {
    Move {
        plane: PlaneId,
        to: Hex,
        facing: Facing,
        hide: bool,
    },
    Shot {
        from: PlaneId,
        to: PlaneId,
    },
    Damage {
        plane: PlaneId,
    },
    Explode {
        plane: PlaneId,
    },
    Hide {
        plane: PlaneId,
    },
    Show {
        plane: PlaneId,
        hex: Hex,
        facing: Facing,
        damaged: bool,
    },
    Dice {
        faces: Vec<(u8, Color)>,
    },
    /// A line for the log, shown when its turn in the animation comes.
    Log(LogLine),
    Pause(f32),
}

/// A line of the dice log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    pub text: String,
    pub side: Option<Side>,
}

/// One hex the active plane can reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Highlight {
    pub hex: Hex,
    /// The move can end here.
    pub end: bool,
    /// Moves left on arrival (the fewest used).
    pub left: u8,
}

/// An attack the active plane can make: fly `path`, then fire.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOption {
    pub target: PlaneId,
    pub path: Vec<Step>,
    pub from: Hex,
    pub preview: AttackPreview,
}

pub struct Battle {
    pub game: Game,
    pub level: String,
    pub players: Players,
    /// The computer side (if any) decides with this opponent.
    ai: Ai,
    /// A recorded game being watched: its commands, in order.
    script: Option<VecDeque<Command>>,
    shown: usize,
    /// Where each plane is in the events absorbed so far (ahead of `disp`).
    track: Vec<(Hex, Facing)>,
    disp: Vec<Disp>,
    anims: VecDeque<Anim>,
    anim_t: f32,
    pub log: Vec<LogLine>,
    log_scroll: usize,
    dice: Vec<(u8, Color)>,
    dice_spin: f32,
    pub message: Option<String>,
    /// The bottom bar's line as last drawn: a preview, a refusal or a hint.
    pub status: String,
    /// Steps typed with the keyboard, not yet committed.
    pub pending: Vec<Step>,
    entry_col: i32,
    focus: Option<PlaneId>,
    /// Which facing to show when several end a move on the hovered hex.
    facing_pick: usize,
    pub sounds: Vec<Sfx>,
    pub autosave_due: bool,
    /// The slot the game was loaded from or last saved in.
    pub slot: Option<Slot>,
    /// Two players: the side that must press a key before it sees the mat.
    pub handover: Option<Side>,
    last_human: Option<Side>,
    ai_wait: f32,
    skip: bool,
    /// (commands, events) when the options were worked out.
    cache_key: Option<(usize, usize)>,
    pub highlights: Vec<Highlight>,
    pub attacks: Vec<AttackOption>,
    ends: Vec<(Hex, Facing, Vec<Step>)>,
    pub view: BoardView,
    explosions: Vec<(Vec2, f32)>,
    shots: Vec<(Vec2, Vec2, f32)>,
    /// The mat drawn once into a texture, and the layout it was drawn for.
    mat: Layer<(Rect, Option<(usize, usize)>)>,
    /// The log's text drawn into a texture, and what it showed.
    panel: Layer<(Rect, u32, usize, usize)>,
    /// A line above the banner when the battle is part of something larger
    /// (the campaign's intercepts: who meets whom, and where).
    pub caption: Option<String>,
}

fn roll_colour(side: Side) -> Color {
    super::board_view::side_fill(side, Scheme::Classic)
}

impl Battle {
    pub fn new(game: Game, level: &str, players: Players) -> Battle {
        let sc = game.scenario().clone();
        let mut b = Battle {
            view: BoardView::fit(sc.columns, sc.rows, Rect::new(0.0, 0.0, 800.0, 600.0)),
            game,
            level: level.to_string(),
            players,
            ai: Ai::new(),
            script: None,
            shown: 0,
            track: Vec::new(),
            disp: Vec::new(),
            anims: VecDeque::new(),
            anim_t: 0.0,
            log: Vec::new(),
            log_scroll: 0,
            dice: Vec::new(),
            dice_spin: 0.0,
            message: None,
            status: String::new(),
            pending: Vec::new(),
            entry_col: sc.columns as i32 / 2 - 2,
            focus: None,
            facing_pick: 0,
            sounds: Vec::new(),
            autosave_due: false,
            slot: None,
            handover: None,
            last_human: None,
            ai_wait: 0.0,
            skip: false,
            cache_key: None,
            highlights: Vec::new(),
            attacks: Vec::new(),
            ends: Vec::new(),
            explosions: Vec::new(),
            shots: Vec::new(),
            mat: Layer::default(),
            panel: Layer::default(),
            caption: None,
        };
        b.snap();
        // Log what already happened (the opening rolls) without animating it.
        let n = b.game.events().len();
        for i in 0..n {
            let e = b.game.events()[i].clone();
            b.log_event(&e);
        }
        b.flush_log();
        b.shown = n;
        b
    }

    /// Watches a recorded game: both sides play the recorded commands.
    pub fn replay(game: Game, level: &str, commands: Vec<Command>) -> Battle {
        let mut b = Battle::new(game, level, Players::TwoPlayers);
        b.script = Some(commands.into());
        b
    }

    /// The game as a record (the app plays shipped levels only).
    pub fn record(&self) -> Result<RecordOf<Game>, RecordError> {
        record::of(
            &self.game,
            self.players.to_record(),
            std::path::Path::new("."),
        )
    }

    pub fn is_watching(&self) -> bool {
        self.script.is_some()
    }

    /// The display follows the game exactly (after loading or undo).
    fn snap(&mut self) {
        let g = &self.game;
        self.disp = (0..g.planes().len())
            .map(|i| {
                let id = PlaneId(i as u8);
                let p = g.plane(id);
                match g.position(id) {
                    Some((hex, facing, _)) if p.loc != Loc::Destroyed => Disp {
                        hex,
                        facing,
                        visible: true,
                        damaged: p.damaged,
                    },
                    _ => Disp {
                        hex: Hex::ZERO,
                        facing: Facing::North,
                        visible: false,
                        damaged: p.damaged,
                    },
                }
            })
            .collect();
        self.shown = g.events().len();
        self.flush_log();
        self.track = self.disp.iter().map(|d| (d.hex, d.facing)).collect();
        self.cache_key = None;
        self.anim_t = 0.0;
        self.skip = false;
        self.focus = None;
    }

    /// Drops the queued animations, keeping their log lines (in order).
    fn flush_log(&mut self) {
        for a in self.anims.drain(..) {
            if let Anim::Log(line) = a {
                self.log.push(line);
            }
        }
    }

    fn human_turn(&self) -> Option<Side> {
        if self.script.is_some() {
            return None;
        }
        self.game.to_act().filter(|&s| self.players.is_human(s))
    }

    pub fn busy(&self) -> bool {
        !self.anims.is_empty()
    }

    /// The side that last had the machine (two players).
    pub fn last_human(&self) -> Option<Side> {
        self.last_human
    }

    /// The height of the banner (taller with a caption).
    fn top(&self) -> f32 {
        if self.caption.is_some() {
            70.0
        } else {
            44.0
        }
    }

    // ----- events to animations and log -----

    fn short(&self, id: PlaneId) -> String {
        let p = self.game.plane(id);
        // A named unit (a campaign squadron) goes by its name: three
        // Hurricane squadrons on one mat must not read alike.
        let unit = &self.game.scenario().units[p.unit.0 as usize].name;
        let name = unit.as_deref().unwrap_or(&self.game.aircraft(id).name);
        format!("{name} {}", p.colour.letter())
    }

    fn push_log(&mut self, text: String, side: Option<Side>) {
        self.anims.push_back(Anim::Log(LogLine { text, side }));
    }

    fn log_event(&mut self, e: &Event) {
        let g = &self.game;
        match e {
            Event::AttackBegan { attack } => self.push_log(format!("Attack {attack} begins"), None),
            Event::RepairRolled {
                plane,
                roll,
                returned,
            } => {
                let t = format!(
                    "Repair {}: rolled {roll}, {}",
                    self.short(*plane),
                    if *returned {
                        "returns"
                    } else {
                        "stays in the shop"
                    }
                );
                self.push_log(t, Some(g.plane(*plane).side));
            }
            Event::ActivationRolled {
                plane,
                roll,
                activated,
            } => {
                let t = format!(
                    "Activation {}: rolled {roll}, {}",
                    self.short(*plane),
                    if *activated { "flies" } else { "stays home" }
                );
                self.push_log(t, Some(g.plane(*plane).side));
            }
            Event::MoveBegan {
                plane,
                speed_roll: Some(r),
                allowance,
            } => {
                let t = format!(
                    "Speed {}: rolled {r}, {allowance} hexes",
                    self.short(*plane)
                );
                self.push_log(t, Some(g.plane(*plane).side));
            }
            Event::Fired {
                attacker,
                target,
                angle,
                roll,
                outcome,
                return_roll,
                return_outcome,
            } => {
                let mut t = format!(
                    "{} fires on {} ({}): {roll}, {:?}",
                    self.short(*attacker),
                    self.short(*target),
                    angle.name(),
                    outcome
                );
                if let Some(r) = return_roll {
                    t.push_str(&format!("; return fire {r}, {return_outcome:?}"));
                }
                self.push_log(t, Some(g.plane(*attacker).side));
            }
            Event::Bombed {
                plane,
                rolls,
                points,
            } => {
                let t = format!(
                    "{} bombs: {:?} = {points} (total {})",
                    self.short(*plane),
                    rolls,
                    g.score()
                );
                self.push_log(t, Some(Side::German));
            }
            Event::Destroyed { plane, loss } => {
                let why = match loss {
                    Loss::CannotMove => "cannot move",
                    _ => "shot down",
                };
                let t = format!("{} destroyed ({why})", self.short(*plane));
                self.push_log(t, Some(g.plane(*plane).side));
            }
            Event::AttackEnded { attack, score } => {
                self.push_log(format!("Attack {attack} over: bomb score {score}"), None)
            }
            Event::GameOver { winner, score } => self.push_log(
                format!("{} win with the score at {score}", winner.name()),
                None,
            ),
            _ => {}
        }
    }

    /// Turns new events into animations, sounds and log lines.
    fn absorb_events(&mut self) {
        while self.shown < self.game.events().len() {
            let e = self.game.events()[self.shown].clone();
            self.shown += 1;
            self.log_event(&e);
            let g = &self.game;
            match e {
                Event::RoundBegan { .. } => self.autosave_due = true,
                Event::Placed {
                    plane,
                    hex,
                    facing,
                    damaged,
                } => {
                    self.track[plane.0 as usize] = (hex, facing);
                    self.anims.push_back(Anim::Show {
                        plane,
                        hex,
                        facing,
                        damaged,
                    })
                }
                Event::Staged { plane, .. } => {
                    if let Some((hex, facing, _)) = g.position(plane) {
                        self.track[plane.0 as usize] = (hex, facing);
                        self.anims.push_back(Anim::Show {
                            plane,
                            hex,
                            facing,
                            damaged: g.plane(plane).damaged,
                        });
                    }
                }
                Event::ActivationRolled { plane, roll, .. }
                | Event::RepairRolled { plane, roll, .. } => {
                    let c = super::board_view::dot_colour(g.plane(plane).colour);
                    self.anims.push_back(Anim::Dice {
                        faces: vec![(roll, c)],
                    });
                }
                Event::MoveBegan {
                    plane,
                    speed_roll: Some(r),
                    ..
                } => {
                    let c = super::board_view::dot_colour(g.plane(plane).colour);
                    self.anims.push_back(Anim::Dice {
                        faces: vec![(r, c)],
                    });
                }
                Event::Stepped {
                    plane, to, facing, ..
                } => {
                    self.track[plane.0 as usize] = (to, facing);
                    self.anims.push_back(Anim::Move {
                        plane,
                        to,
                        facing,
                        hide: false,
                    })
                }
                Event::Exited { plane, step, .. } => {
                    let (hex, facing) = self.track[plane.0 as usize];
                    let facing = step.turn(facing);
                    self.anims.push_back(Anim::Move {
                        plane,
                        to: facing.ahead(hex),
                        facing,
                        hide: true,
                    });
                }
                Event::Bombed { rolls, .. } => {
                    self.sounds.push(Sfx::Bomb);
                    self.anims.push_back(Anim::Dice {
                        faces: rolls
                            .iter()
                            .map(|&r| (r, roll_colour(Side::German)))
                            .collect(),
                    });
                }
                Event::Fired {
                    attacker,
                    target,
                    roll,
                    return_roll,
                    ..
                } => {
                    let mut faces = vec![(roll, roll_colour(g.plane(attacker).side))];
                    if let Some(r) = return_roll {
                        faces.push((r, roll_colour(g.plane(target).side)));
                    }
                    self.anims.push_back(Anim::Shot {
                        from: attacker,
                        to: target,
                    });
                    self.anims.push_back(Anim::Dice { faces });
                }
                Event::Damaged { plane } => self.anims.push_back(Anim::Damage { plane }),
                Event::Destroyed { plane, .. } => self.anims.push_back(Anim::Explode { plane }),
                Event::BrokeOff { plane } => self.anims.push_back(Anim::Hide { plane }),
                Event::AttackEnded { .. } => self.anims.push_back(Anim::Pause(0.6)),
                _ => {}
            }
        }
    }

    fn anim_seconds(&self, a: &Anim, settings: &Settings) -> f32 {
        let k = settings.anim.step_seconds();
        if k == 0.0 || self.skip {
            return 0.0;
        }
        match a {
            Anim::Move { .. } => k,
            Anim::Shot { .. } => k * 2.0,
            Anim::Explode { .. } => k * 3.0,
            Anim::Dice { .. } => k * 2.5,
            Anim::Damage { .. } => k,
            Anim::Pause(s) => s * k / 0.18,
            Anim::Hide { .. } | Anim::Show { .. } | Anim::Log(_) => 0.0,
        }
    }

    /// Plays animations for `dt` seconds; finished ones update the display.
    fn run_anims(&mut self, mut dt: f32, settings: &Settings) {
        let mut guard = 0;
        while let Some(a) = self.anims.front().cloned() {
            guard += 1;
            if guard > 10_000 {
                break;
            }
            let len = self.anim_seconds(&a, settings);
            if self.anim_t == 0.0 {
                // The animation starts: its sound.
                match &a {
                    Anim::Shot { .. } => self.sounds.push(Sfx::Guns),
                    Anim::Explode { plane } => {
                        self.sounds.push(Sfx::Explosion);
                        let d = self.disp[plane.0 as usize];
                        self.explosions.push((self.view.center(d.hex), 0.0));
                    }
                    Anim::Damage { .. } => self.sounds.push(Sfx::Hit),
                    Anim::Dice { faces } => {
                        self.sounds.push(Sfx::Dice);
                        self.dice = faces.clone();
                        self.dice_spin = len;
                    }
                    Anim::Move { .. } if self.sounds.is_empty() && len > 0.1 => {
                        self.sounds.push(Sfx::Engine)
                    }
                    _ => {}
                }
                if let Anim::Shot { from, to } = &a {
                    let (f, t) = (self.disp[from.0 as usize], self.disp[to.0 as usize]);
                    self.shots
                        .push((self.view.center(f.hex), self.view.center(t.hex), 0.0));
                }
            }
            if self.anim_t + dt < len {
                self.anim_t += dt;
                return;
            }
            dt -= len - self.anim_t;
            self.anim_t = 0.0;
            self.anims.pop_front();
            match a {
                Anim::Move {
                    plane,
                    to,
                    facing,
                    hide,
                } => {
                    let d = &mut self.disp[plane.0 as usize];
                    d.hex = to;
                    d.facing = facing;
                    d.visible = !hide;
                }
                Anim::Damage { plane } => self.disp[plane.0 as usize].damaged = true,
                Anim::Log(line) => {
                    self.log.push(line);
                    self.log_scroll = 0;
                }
                Anim::Explode { plane } | Anim::Hide { plane } => {
                    self.disp[plane.0 as usize].visible = false
                }
                Anim::Show {
                    plane,
                    hex,
                    facing,
                    damaged,
                } => {
                    self.disp[plane.0 as usize] = Disp {
                        hex,
                        facing,
                        visible: true,
                        damaged,
                    }
                }
                _ => {}
            }
        }
        if self.anims.is_empty() {
            // Repaired planes lose their markers in the hangar.
            for (i, p) in self.game.planes().iter().enumerate() {
                self.disp[i].damaged = p.damaged;
            }
        }
    }

    // ----- what the active plane may do -----

    fn refresh_options(&mut self) {
        let key = (self.game.commands().len(), self.game.events().len());
        if self.cache_key == Some(key) {
            return;
        }
        self.cache_key = Some(key);
        self.focus = None;
        self.highlights.clear();
        self.attacks.clear();
        self.ends.clear();
        let Some(m) = self.game.active_move() else {
            return;
        };
        let me = self.game.plane(m.plane).clone();
        let board = self.game.board().clone();
        let search = self.game.reach().expect("a plane is moving");
        let rem = m.remaining();
        let mut path = Vec::new();
        for cell in 0..board.len() as u16 {
            let hex = board.cell_hex(cell);
            let mut best: Option<Highlight> = None;
            for f in Facing::ALL {
                for u in 1..=rem {
                    if search.valid(cell, f, u) {
                        let end = u == rem && board.cell_is_free(cell);
                        if end {
                            search.path(&board, cell, f, u, &mut path);
                            self.ends.push((hex, f, path.clone()));
                        }
                        let h = Highlight {
                            hex,
                            end: end || best.is_some_and(|b| b.end),
                            left: best.map_or(rem - u, |b| b.left.max(rem - u)),
                        };
                        best = Some(h);
                    }
                }
            }
            if let Some(h) = best {
                self.highlights.push(h);
            }
        }
        // Leaving the mat: the hex beyond the edge is highlighted and clickable.
        for end in [End::North, End::South] {
            if let Some(x) = search.exit(end) {
                search.path(&board, x.cell, x.facing, x.used, &mut path);
                path.push(x.step);
                let f = x.step.turn(x.facing);
                let beyond = f.ahead(board.cell_hex(x.cell));
                self.ends.push((beyond, f, path.clone()));
                self.highlights.push(Highlight {
                    hex: beyond,
                    end: true,
                    left: 0,
                });
            }
        }
        // Attacks: from the current hex, or from any hex in reach facing the target.
        if me.role == Role::Fighter && !m.attacked {
            let here = me.on_board();
            for (ti, t) in self.game.planes().iter().enumerate() {
                let target = PlaneId(ti as u8);
                let Some((thex, _)) = t.on_board() else {
                    continue;
                };
                if t.side == me.side {
                    continue;
                }
                // Best odds first (kills count double, return fire against),
                // then the shortest flight.
                let mut best: Option<(i32, AttackOption)> = None;
                let mut consider = |from: Hex, facing: Facing, path: Vec<Step>| {
                    if let Ok(pv) = self.game.preview_from(m.plane, from, facing, target) {
                        let (d, k) = AttackPreview::sixths(&pv.attack);
                        let (rd, rk) = pv.returned.map_or((0, 0), |r| AttackPreview::sixths(&r));
                        let score = (2 * k + d) as i32 - (2 * rk + rd) as i32;
                        let better = best.as_ref().is_none_or(|(bs, b)| {
                            score > *bs || score == *bs && path.len() < b.path.len()
                        });
                        if better {
                            best = Some((
                                score,
                                AttackOption {
                                    target,
                                    path,
                                    from,
                                    preview: pv,
                                },
                            ));
                        }
                    }
                };
                if let Some((h, f)) = here {
                    if m.used > 0 && self.game.preview_attack(target).is_ok() {
                        consider(h, f, Vec::new());
                    }
                }
                let tcell = board.index(thex).expect("on board") as u16;
                for d in Facing::ALL {
                    if let crate::common::hex::Link::Cell(c) = board.link(tcell, d) {
                        if !board.cell_is_free(c) {
                            continue;
                        }
                        for f in Facing::ALL {
                            if let Some(u) = search.first_valid(c, f, 1) {
                                search.path(&board, c, f, u, &mut path);
                                consider(board.cell_hex(c), f, path.clone());
                            }
                        }
                    }
                }
                if let Some((_, b)) = best {
                    self.attacks.push(b);
                }
            }
        }
    }

    /// Plays steps, stopping at the first refusal (which is shown).
    fn play_steps(&mut self, steps: &[Step]) -> bool {
        for &s in steps {
            if let Err(e) = self.game.play(Command::Step(s)) {
                self.message = Some(e.to_string());
                return false;
            }
        }
        true
    }

    fn play(&mut self, c: Command) {
        match self.game.play(c) {
            Ok(()) => self.message = None,
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    // ----- one frame -----

    /// Lays out, handles input and (if `ui.draw`) draws one frame.
    pub fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> BattleAction {
        let (w, h) = (ui.w, ui.h);
        let panel_w = (w * 0.28).clamp(260.0, 380.0);
        let (top, bottom, left) = (self.top(), 34.0, 170.0);
        let board_area = Rect::new(
            left + 10.0,
            top,
            (w - panel_w - left - 30.0).max(100.0),
            (h - top - bottom).max(100.0),
        );
        let sc = self.game.scenario().clone();
        self.view = BoardView::fit(sc.columns, sc.rows, board_area);

        self.absorb_events();
        let dt = ui.input.dt;
        self.run_anims(dt, settings);
        self.dice_spin = (self.dice_spin - dt).max(0.0);
        for e in &mut self.explosions {
            e.1 += dt;
        }
        self.explosions.retain(|e| e.1 < 0.8);
        for s in &mut self.shots {
            s.2 += dt;
        }
        self.shots.retain(|s| s.2 < 0.4);

        let mut action = BattleAction::None;
        if ui.input.key(KeyCode::Escape) {
            return BattleAction::Leave;
        }
        if ui.input.key(KeyCode::H) || ui.input.key(KeyCode::F1) {
            return BattleAction::Help;
        }
        if ui.input.key(KeyCode::F5) {
            action = BattleAction::Save;
        }

        // Two players: hand the machine over before showing the new side's turn.
        if let (Some(side), Players::TwoPlayers, None) =
            (self.human_turn(), self.players, self.handover)
        {
            if self.anims.is_empty() && self.last_human.is_some_and(|l| l != side) {
                // Shown from this frame on; only a later key or click dismisses
                // it, so the last player's key cannot skip it unseen.
                self.handover = Some(side);
                self.draw_handover(ui, side);
                return action;
            }
            if self.anims.is_empty() && self.last_human.is_none() {
                self.last_human = Some(side);
            }
        }
        if let Some(side) = self.handover {
            self.draw_handover(ui, side);
            if ui.input.clicked || !ui.input.keys.is_empty() {
                self.handover = None;
                self.last_human = Some(side);
            }
            return action;
        }

        if self.game.is_over() && self.anims.is_empty() {
            self.draw(ui, settings);
            return BattleAction::Finished;
        }

        // The other side (or a recording) plays when the screen is quiet.
        if self.anims.is_empty() && self.human_turn().is_none() && !self.game.is_over() {
            if ui.input.key(KeyCode::S) || ui.input.key(KeyCode::Space) {
                self.skip = true;
            }
            self.ai_wait += dt;
            let wait = if self.skip || settings.anim.step_seconds() == 0.0 {
                0.0
            } else {
                settings.anim.step_seconds() * 1.5
            };
            let mut budget = if wait == 0.0 { 400 } else { 1 };
            while budget > 0 && self.ai_wait >= wait && self.human_turn().is_none() {
                budget -= 1;
                let cmd = match &mut self.script {
                    Some(s) => s.pop_front(),
                    None => match self.game.to_act() {
                        Some(side) if !self.players.is_human(side) => {
                            self.ai.decide(&self.game, side)
                        }
                        _ => None,
                    },
                };
                match cmd {
                    Some(c) => self.play(c),
                    None => break,
                }
                self.ai_wait = 0.0;
                if self.game.is_over() {
                    break;
                }
                self.absorb_events();
                if !self.anims.is_empty() && wait > 0.0 {
                    break;
                }
                self.run_anims(0.0, settings);
            }
        } else if self.anims.is_empty() {
            if let Some(side) = self.human_turn() {
                self.skip = false;
                self.last_human = Some(side);
                self.handle_human(ui, side);
            }
        } else if ui.input.key(KeyCode::S) {
            self.skip = true;
        }

        if ui.input.key(KeyCode::U) && self.anims.is_empty() {
            self.undo();
        }
        self.draw(ui, settings);
        action
    }

    /// Takes back the player's own last action, if no die was rolled since.
    fn undo(&mut self) {
        let Some(side) = self.human_turn() else {
            self.message = Some("Only your own moves can be taken back.".into());
            return;
        };
        match self.game.undo() {
            Some(g) if g.to_act() == Some(side) => {
                self.game = g;
                self.snap();
                self.pending.clear();
                self.autosave_due = true;
                self.message = Some("Took back the last action.".into());
            }
            Some(_) => self.message = Some("That was the other side's move.".into()),
            None => {
                self.message = Some("Nothing to take back since the last roll of the dice.".into())
            }
        }
    }

    fn handle_human(&mut self, ui: &mut Ui, side: Side) {
        match self.game.phase() {
            Phase::Entry { .. } => self.handle_entry(ui, side),
            Phase::Moving(m) => self.handle_move(ui, m),
            _ => {}
        }
    }

    /// What the player's plane may do now: empty unless it is the player's
    /// move and the screen is quiet.
    pub fn options_now(&self) -> (&[Highlight], &[AttackOption]) {
        let fresh = self.cache_key == Some((self.game.commands().len(), self.game.events().len()));
        if fresh && self.anims.is_empty() && self.human_turn().is_some() {
            (&self.highlights, &self.attacks)
        } else {
            (&[], &[])
        }
    }

    fn entry_hexes(&self, side: Side, col: i32, n: usize) -> Vec<Hex> {
        let end = self.game.scenario().end_of(side);
        (0..n)
            .map(|i| self.game.board().entry_hex(end, (col + i as i32) as u32))
            .collect()
    }

    fn handle_entry(&mut self, ui: &mut Ui, side: Side) {
        let Some(&unit) = self.game.waiting_units(side).first() else {
            return;
        };
        let n = self.game.waiting_planes(unit).len() as i32;
        let cols = self.game.scenario().columns as i32;
        let max = (cols - n).max(0);
        if ui.input.key(KeyCode::Left) || ui.input.key(KeyCode::A) {
            self.entry_col -= 1;
        }
        if ui.input.key(KeyCode::Right) || ui.input.key(KeyCode::D) {
            self.entry_col += 1;
        }
        // Hovering near the own edge picks the column under the mouse.
        let end = self.game.scenario().end_of(side);
        let m = ui.mouse();
        let edge_y = self.view.center(self.game.board().entry_hex(end, 0)).y;
        if (m.y - edge_y).abs() < self.view.size * 2.5
            && self.view.rect.contains(vec2(m.x, self.view.rect.y + 1.0))
        {
            let col = ((m.x - self.view.rect.x) / (self.view.size * 1.5)) as i32;
            self.entry_col = col - n / 2;
        }
        self.entry_col = self.entry_col.clamp(0, max);
        let over_mat = m.x >= self.view.rect.x && m.x <= self.view.rect.x + self.view.rect.w;
        let commit = ui.input.key(KeyCode::Enter)
            || (ui.input.clicked
                && !ui.click_used
                && over_mat
                && (m.y - edge_y).abs() < self.view.size * 2.5);
        if commit {
            ui.click_used = true;
            self.play(Command::Enter {
                unit,
                column: self.entry_col as u8,
            });
        }
    }

    fn handle_move(&mut self, ui: &mut Ui, m: ActiveMove) {
        self.refresh_options();
        let input = ui.input.clone();
        // Keyboard steering builds a path, checked step by step on a copy.
        let key_step = if input.key(KeyCode::Up) || input.key(KeyCode::W) {
            Some(Step::Forward)
        } else if input.key(KeyCode::Left) || input.key(KeyCode::Q) {
            Some(Step::Left)
        } else if input.key(KeyCode::Right) || input.key(KeyCode::E) {
            Some(Step::Right)
        } else if input.key(KeyCode::Down) || input.key(KeyCode::L) {
            Some(Step::Immelmann)
        } else {
            None
        };
        if let Some(s) = key_step {
            let mut trial = self.game.clone();
            let mut ok = true;
            for &p in self.pending.iter().chain(std::iter::once(&s)) {
                if let Err(e) = trial.play(Command::Step(p)) {
                    self.message = Some(e.to_string());
                    ok = false;
                    break;
                }
            }
            if ok {
                self.pending.push(s);
                self.message = None;
            }
        }
        if input.key(KeyCode::Backspace) {
            self.pending.pop();
        }
        if input.key(KeyCode::Enter) && !self.pending.is_empty() {
            let steps = std::mem::take(&mut self.pending);
            self.play_steps(&steps);
            return;
        }
        if input.key(KeyCode::Tab) {
            let ids: Vec<PlaneId> = self.attacks.iter().map(|a| a.target).collect();
            self.focus = match self.focus.and_then(|f| ids.iter().position(|&i| i == f)) {
                Some(i) => ids.get(i + 1).copied(),
                None => ids.first().copied(),
            };
            if ids.is_empty() {
                self.message = Some("No enemy plane can be attacked from here this move.".into());
            }
        }
        if (input.key(KeyCode::Enter) || input.key(KeyCode::F)) && self.pending.is_empty() {
            if let Some(t) = self.focus.take() {
                self.attack(t);
                return;
            }
        }
        if input.key(KeyCode::Space) {
            if m.remaining() > 0 {
                self.message = Some(
                    Illegal::MovesLeft {
                        left: m.remaining(),
                    }
                    .to_string(),
                );
            } else {
                self.play(Command::EndMove);
            }
            return;
        }
        if input.wheel != 0.0 || input.right_clicked {
            self.facing_pick += 1;
        }
        // Mouse: an enemy in reach attacks; a highlighted hex moves there.
        if input.clicked && !ui.click_used {
            let hex = self.view.pick_any(ui.mouse());
            if self.view.pick(ui.mouse()).is_none() && !self.ends.iter().any(|e| e.0 == hex) {
                return;
            }
            ui.click_used = true;
            if let Some(t) = self.game.board().get(hex).copied() {
                if self.game.plane(t).side != self.game.plane(m.plane).side {
                    if self.attacks.iter().any(|a| a.target == t) {
                        self.attack(t);
                    } else {
                        self.message = Some(match self.game.preview_attack(t) {
                            Err(e) => e.to_string(),
                            Ok(_) => "That plane cannot be reached this move.".into(),
                        });
                    }
                    return;
                }
            }
            match self.path_to(hex) {
                Some(path) => {
                    self.pending.clear();
                    self.play_steps(&path);
                }
                None => {
                    self.message = Some(if self.highlights.iter().any(|h| h.hex == hex) {
                        "The move cannot end there: use all your hexes (or stop to fire).".into()
                    } else {
                        "That hex is out of reach this move.".into()
                    })
                }
            }
        }
    }

    fn attack(&mut self, t: PlaneId) {
        self.pending.clear();
        let Some(opt) = self.attacks.iter().find(|a| a.target == t).cloned() else {
            return;
        };
        if self.play_steps(&opt.path) {
            self.play(Command::Attack { target: t });
        }
    }

    /// The path the mouse would take to end the move on `hex`, with the
    /// facing chosen by the wheel when several are possible.
    pub fn path_to(&self, hex: Hex) -> Option<Vec<Step>> {
        let n = self.ends.iter().filter(|e| e.0 == hex).count();
        let pick = self.facing_pick % n.max(1);
        self.ends
            .iter()
            .filter(|e| e.0 == hex)
            .nth(pick)
            .map(|e| e.2.clone())
    }

    // ----- drawing -----

    fn draw_handover(&self, ui: &Ui, side: Side) {
        ui.rect(
            Rect::new(0.0, 0.0, ui.w, ui.h),
            Color::new(0.12, 0.14, 0.2, 1.0),
        );
        ui.text_centered(
            &format!("{} to move", side.name()),
            ui.w / 2.0,
            ui.h / 2.0 - 20.0,
            48.0,
            WHITE,
        );
        ui.text_centered(
            "Hand over the machine, then press a key or click.",
            ui.w / 2.0,
            ui.h / 2.0 + 30.0,
            24.0,
            LIGHTGRAY,
        );
    }

    fn banner(&self) -> String {
        let g = &self.game;
        if g.is_over() {
            return format!("Game over: {} win", g.winner().expect("over").name());
        }
        let who = |s: Side| {
            if self.players.is_human(s) && self.script.is_none() {
                format!("{} (you)", s.name())
            } else {
                s.name().to_string()
            }
        };
        match g.phase() {
            Phase::Entry { side } => format!(
                "Attack {}: {} - place each squadron at your edge (click, or arrows and Enter)",
                g.attack(),
                who(side)
            ),
            Phase::Moving(m) => {
                let p = g.plane(m.plane);
                let mut s = format!(
                    "Attack {}, round {}: {} - {} {} has {} of {} hexes to fly",
                    g.attack(),
                    g.round(),
                    who(p.side),
                    g.aircraft(m.plane).name,
                    p.colour.letter(),
                    m.remaining(),
                    m.allowance
                );
                if m.remaining() == 0 {
                    s.push_str(" - fire, or Space to end");
                }
                s
            }
            _ => String::new(),
        }
    }

    fn draw(&mut self, ui: &mut Ui, settings: &Settings) {
        let g = &self.game;
        let sc = g.scenario().clone();
        let v = &self.view;
        if ui.draw {
            clear_background(Color::new(0.30, 0.42, 0.30, 1.0));
        }
        // Banner (and the caption above it).
        let top = self.top();
        ui.rect(Rect::new(0.0, 0.0, ui.w, top - 4.0), PAPER);
        if let Some(c) = &self.caption {
            ui.rect(
                Rect::new(0.0, 0.0, ui.w, 28.0),
                Color::new(0.16, 0.22, 0.32, 1.0),
            );
            ui.text(c, 12.0, 20.0, 19.0, WHITE);
        }
        ui.text(&self.banner(), 12.0, top - 17.0, 22.0, INK);
        // Each side's edge, and its hangar, repair shop and losses in the
        // left column, at the same end of the screen as its edge.
        for side in [Side::German, Side::British] {
            let end = sc.end_of(side);
            let edge_y = match end {
                End::North => v.rect.y,
                End::South => v.rect.y + v.rect.h,
            };
            ui.line(
                vec2(v.rect.x, edge_y),
                vec2(v.rect.x + v.rect.w, edge_y),
                4.0,
                super::board_view::side_fill(side, settings.scheme),
            );
            let (hangar, repair, lost) = g.planes().iter().filter(|p| p.side == side).fold(
                (0, 0, 0),
                |(h, r, l), p| match p.loc {
                    Loc::Hangar | Loc::Activated => (h + 1, r, l),
                    Loc::Repair => (h, r + 1, l),
                    Loc::Destroyed => (h, r, l + 1),
                    _ => (h, r, l),
                },
            );
            let bh = 34.0;
            let y0 = match end {
                End::North => top + 8.0,
                End::South => ui.h - 40.0 - 4.0 * (bh + 4.0),
            };
            let title = Rect::new(8.0, y0, 162.0, bh);
            ui.rect(title, super::board_view::side_fill(side, settings.scheme));
            ui.rect_lines(title, 1.5, INK);
            let edge = match end {
                End::North => "north edge",
                End::South => "south edge",
            };
            ui.text(
                &format!("{}: {edge}", side.name()),
                title.x + 6.0,
                title.y + 22.0,
                16.0,
                super::board_view::side_ink(side, settings.scheme),
            );
            let boxes = [("Hangar", hangar), ("Repair shop", repair), ("Lost", lost)];
            for (i, (label, n)) in boxes.iter().enumerate() {
                let r = Rect::new(8.0, y0 + (i + 1) as f32 * (bh + 4.0), 162.0, bh);
                ui.rect(r, Color::new(0.92, 0.90, 0.82, 0.95));
                ui.rect_lines(r, 1.5, INK);
                ui.text(&format!("{label}: {n}"), r.x + 8.0, r.y + 23.0, 18.0, INK);
            }
        }
        // The mat.
        let hl: Vec<Highlight> = self.options_now().0.to_vec();
        self.draw_mat(ui, &hl);
        let v = &self.view;
        let g = &self.game;
        // Hover previews: the path and facing, or the attack odds.
        let hover = v.pick(ui.mouse()).or_else(|| {
            Some(v.pick_any(ui.mouse())).filter(|h| self.ends.iter().any(|e| e.0 == *h))
        });
        let mut preview: Option<String> = None;
        if self.human_turn().is_some() && self.anims.is_empty() {
            if let Phase::Moving(m) = g.phase() {
                let start = g.position(m.plane).map(|p| p.0);
                let mut path_hexes: Vec<Hex> = start.into_iter().collect();
                let mut steps = self.pending.clone();
                let mut target_hover = None;
                if let Some(hex) = hover {
                    if let Some(t) = g.board().get(hex).copied() {
                        if let Some(a) = self.attacks.iter().find(|a| a.target == t) {
                            target_hover = Some(a.clone());
                        } else if g.plane(t).side != g.plane(m.plane).side {
                            if let Err(e) = g.preview_attack(t) {
                                preview = Some(e.to_string());
                            }
                        }
                    } else if steps.is_empty() {
                        if let Some(p) = self.path_to(hex) {
                            steps = p;
                        }
                    }
                }
                if let Some(t) = &self
                    .focus
                    .and_then(|f| self.attacks.iter().find(|a| a.target == f))
                {
                    target_hover.get_or_insert((*t).clone());
                }
                if let Some(a) = &target_hover {
                    steps = a.path.clone();
                    let (d, k) = AttackPreview::sixths(&a.preview.attack);
                    let mut s = format!(
                        "{} attack on {}: damage {d}/6, kill {k}/6",
                        a.preview.angle.name(),
                        self.short(a.target)
                    );
                    match a.preview.returned {
                        Some(r) => {
                            let (rd, rk) = AttackPreview::sixths(&r);
                            s.push_str(&format!(". Return fire: damage {rd}/6, kill {rk}/6"));
                        }
                        None => s.push_str(". No return fire"),
                    }
                    preview = Some(s);
                }
                // Trace the path.
                if let Some((mut hex, mut facing, staged)) = g.position(m.plane) {
                    let mover = g.mover(m.plane);
                    let mut left = m.remaining();
                    for (i, &s) in steps.iter().enumerate() {
                        match movement::step_to(
                            g.board(),
                            &mover,
                            hex,
                            facing,
                            s,
                            staged && i == 0,
                            left,
                        ) {
                            Ok(StepTo::Move {
                                to,
                                facing: f,
                                cost,
                                ..
                            }) => {
                                hex = to;
                                facing = f;
                                left -= cost;
                                path_hexes.push(to);
                            }
                            Ok(StepTo::Exit { to, .. }) => {
                                path_hexes.push(to);
                                break;
                            }
                            Err(_) => break,
                        }
                    }
                    for w in path_hexes.windows(2) {
                        ui.line(v.center(w[0]), v.center(w[1]), 4.0, ACCENT);
                    }
                    if path_hexes.len() > 1 && target_hover.is_none() {
                        let end = *path_hexes.last().expect("non-empty");
                        let p = v.center(end);
                        let dir = v.direction(facing);
                        ui.circle_lines(p, v.size * 0.5, 3.0, ACCENT);
                        ui.line(p, p + dir * v.size * 0.8, 4.0, ACCENT);
                    }
                }
            }
        }
        // Staged planes wait beyond their edge; the rest fly over the mat.
        let active = g.active_move();
        for (i, d) in self.disp.iter().enumerate() {
            if !d.visible {
                continue;
            }
            let id = PlaneId(i as u8);
            let p = g.plane(id);
            let mut pos = v.center(d.hex);
            let mut facing = d.facing;
            if let Some(Anim::Move {
                plane,
                to,
                facing: f,
                ..
            }) = self.anims.front()
            {
                if *plane == id {
                    let len = self.anim_seconds(self.anims.front().expect("front"), settings);
                    let t = if len > 0.0 {
                        (self.anim_t / len).min(1.0)
                    } else {
                        1.0
                    };
                    pos = pos.lerp(v.center(*to), t);
                    if t > 0.5 {
                        facing = *f;
                    }
                }
            }
            let marker = active
                .filter(|m| {
                    m.plane == id && m.attacked && m.remaining() > 0 && self.anims.is_empty()
                })
                .map(|m| m.remaining());
            let counter = Counter {
                side: p.side,
                short: &g.aircraft(id).short,
                colour: p.colour,
                damaged: d.damaged,
                active: active.is_some_and(|m| m.plane == id),
                marker,
            };
            draw_counter(
                ui,
                pos,
                v.direction(facing),
                v.size,
                &counter,
                settings.scheme,
            );
        }
        // The ghost squadron being placed.
        if let (Some(side), Phase::Entry { .. }) = (self.human_turn(), g.phase()) {
            if let Some(&unit) = g.waiting_units(side).first() {
                let planes = g.waiting_planes(unit);
                let hexes = self.entry_hexes(side, self.entry_col, planes.len());
                let facing = sc.end_of(side).opposite().facing_toward();
                for (hex, id) in hexes.iter().zip(&planes) {
                    let p = g.plane(*id);
                    let counter = Counter {
                        side,
                        short: &g.aircraft(*id).short,
                        colour: p.colour,
                        damaged: false,
                        active: true,
                        marker: None,
                    };
                    draw_counter(
                        ui,
                        v.center(*hex),
                        v.direction(facing),
                        v.size,
                        &counter,
                        settings.scheme,
                    );
                }
            }
        }
        for (a, b, t) in &self.shots {
            let c = Color::new(1.0, 0.9, 0.2, 1.0 - t / 0.4);
            ui.line(*a, *b, 3.0, c);
        }
        for (p, t) in &self.explosions {
            let r = v.size * (0.4 + t * 1.2);
            ui.circle(*p, r, Color::new(1.0, 0.5 - t * 0.5, 0.0, 1.0 - t / 0.8));
        }
        self.draw_panel(ui);
        // Bottom bar: the message or preview.
        let bar = Rect::new(0.0, ui.h - 32.0, ui.w, 32.0);
        ui.rect(bar, PAPER);
        let text = preview
            .or_else(|| self.message.clone())
            .unwrap_or_else(|| self.hint());
        self.status = text.clone();
        ui.text(
            &text,
            10.0,
            ui.h - 10.0,
            20.0,
            if self.message.is_some() { ACCENT } else { INK },
        );
    }

    /// The mat's hexes, drawn into a texture when the layout changes and
    /// then blitted: a few thousand triangles fewer every frame.
    /// The mat, with the active plane's reach, drawn into a texture when
    /// either changes and blitted every frame.
    fn draw_mat(&mut self, ui: &Ui, hl: &[Highlight]) {
        let v = &self.view;
        // One row beyond each end too: exits are highlighted there.
        let row = v.size * 3f32.sqrt();
        let area = Rect::new(
            v.rect.x - 2.0,
            v.rect.y - row,
            v.rect.w + 4.0,
            v.rect.h + 2.0 * row,
        );
        let key = (area, (!hl.is_empty()).then_some(self.cache_key).flatten());
        let board = self.game.board();
        self.mat.show(ui, area, key, || {
            // Opaque colours, mixed here: blending into a clear texture would
            // thin the texture's own alpha and wash the highlights out.
            let mat = Color::new(0.55, 0.68, 0.45, 1.0);
            let mix = |c: Color, k: f32| {
                Color::new(
                    mat.r + (c.r - mat.r) * k,
                    mat.g + (c.g - mat.g) * k,
                    mat.b + (c.b - mat.b) * k,
                    1.0,
                )
            };
            let end = mix(Color::new(1.0, 0.95, 0.4, 1.0), 0.45);
            let stop = mix(WHITE, 0.18);
            for hex in board.hexes() {
                ui.poly(&v.corners(hex), mat);
            }
            for h in hl {
                ui.poly(&v.corners(h.hex), if h.end { end } else { stop });
            }
            for hex in board.hexes() {
                ui.poly_lines(&v.corners(hex), 1.0, Color::new(0.33, 0.43, 0.29, 1.0));
            }
            for h in hl.iter().filter(|h| !h.end) {
                let p = v.center(h.hex);
                let t = h.left.to_string();
                draw_text(&t, p.x - 3.5, p.y - v.size * 0.3, 14.0, INK);
            }
        });
    }

    fn hint(&self) -> String {
        if self.script.is_some() {
            return "Watching a recorded game. S: skip ahead. Esc: back.".into();
        }
        match (self.human_turn(), self.game.phase()) {
            (Some(_), Phase::Moving(_)) => {
                "Click a yellow hex to fly there, an enemy in reach to attack. H: help and keys"
                    .into()
            }
            (Some(_), Phase::Entry { .. }) => {
                "Move the mouse along your edge and click, or use Left/Right and Enter.".into()
            }
            _ => "The other side is flying. S: skip to the end of its turn.".into(),
        }
    }

    /// The side panel: score track, labels and log as one cached layer
    /// (repainted when the score or the log changes); the dice on top.
    fn draw_panel(&mut self, ui: &mut Ui) {
        let g = &self.game;
        let x = ui.w - (ui.w * 0.28).clamp(260.0, 380.0);
        let pw = ui.w - x - 8.0;
        let py = self.top() + 2.0;
        let panel = Rect::new(x, py, pw, ui.h - py - 36.0);
        let dy = panel.y + 58.0;
        let ds = 42.0;
        let ly = dy + ds + 34.0;
        let line_h = 17.0;
        let room = ((panel.y + panel.h - ly - 30.0) / line_h).max(1.0) as usize;
        let scroll = self.log_scroll.min(self.log.len().saturating_sub(room));
        let end = self.log.len().saturating_sub(scroll);
        let start = end.saturating_sub(room);
        let score = g.score();
        let target = g.scenario().rules.target_points;
        let lines = &self.log[start..end];
        self.panel.show(ui, panel, (panel, score, end, start), || {
            draw_rectangle(
                panel.x,
                panel.y,
                panel.w,
                panel.h,
                Color::new(0.93, 0.91, 0.85, 0.95),
            );
            draw_rectangle_lines(panel.x, panel.y, panel.w, panel.h, 2.0, INK);
            // The bomb-score track to the target.
            draw_text(
                format!("Bomb score {score} / {target}"),
                x + 10.0,
                panel.y + 24.0,
                22.0,
                INK,
            );
            let cell = (pw - 20.0) / target as f32;
            for i in 0..target {
                let c = if i < score {
                    Color::new(0.75, 0.15, 0.1, 1.0)
                } else {
                    Color::new(0.8, 0.78, 0.7, 1.0)
                };
                draw_rectangle(
                    x + 10.0 + i as f32 * cell,
                    panel.y + 32.0,
                    cell - 1.0,
                    14.0,
                    c,
                );
            }
            draw_text("Dice", x + 10.0, dy + 16.0, 20.0, INK);
            draw_text("Log", x + 10.0, ly + 14.0, 20.0, INK);
            // The log, newest at the bottom; the wheel over it scrolls.
            for (k, line) in lines.iter().enumerate() {
                let c = match line.side {
                    Some(Side::German) => Color::new(0.25, 0.28, 0.35, 1.0),
                    Some(Side::British) => Color::new(0.45, 0.30, 0.05, 1.0),
                    None => ACCENT,
                };
                let mut t = line.text.clone();
                let max = ((pw - 20.0) / 7.5) as usize;
                if t.len() > max {
                    t.truncate(max.saturating_sub(1));
                    t.push('~');
                }
                draw_text(&t, x + 10.0, ly + 36.0 + k as f32 * line_h, 15.0, c);
            }
        });
        // The dice of the latest roll, tumbling briefly.
        for (i, (face, c)) in self.dice.iter().enumerate() {
            let r = Rect::new(x + 70.0 + i as f32 * (ds + 10.0), dy, ds, ds);
            let shown = if self.dice_spin > 0.05 {
                // faces from the animation clock, not the game's dice
                (((self.dice_spin * 23.0) as usize + i * 5) % 6 + 1) as u8
            } else {
                *face
            };
            ui.rect(r, *c);
            ui.rect_lines(r, 2.0, INK);
            ui.text_centered(
                &shown.to_string(),
                r.x + ds / 2.0,
                r.y + ds * 0.72,
                ds * 0.8,
                INK,
            );
        }
        if let Some(m) = g.active_move() {
            if m.attacked && m.remaining() > 0 {
                let t = format!(
                    "d{} marker: {} left",
                    g.scenario().rules.marker_die,
                    m.remaining()
                );
                ui.text(&t, x + 10.0, dy + ds + 22.0, 18.0, INK);
            }
        }
    }

    /// Applies the log scroll from this frame's wheel (kept out of `draw`).
    pub fn scroll_log(&mut self, wheel: f32) {
        if wheel > 0.0 {
            self.log_scroll = (self.log_scroll + 3).min(self.log.len());
        } else if wheel < 0.0 {
            self.log_scroll = self.log_scroll.saturating_sub(3);
        }
    }
}

/// What the battle asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BattleAction {
    None,
    Leave,
    Help,
    Save,
    Finished,
}

/// A game's summary for the result screen.
pub fn losses_by_side(game: &Game) -> Vec<(Side, String, u32, u32)> {
    let sc = game.scenario();
    sc.aircraft
        .iter()
        .enumerate()
        .filter(|(i, _)| sc.units.iter().any(|u| u.aircraft == *i))
        .map(|(i, a)| {
            let total = game.planes().iter().filter(|p| p.aircraft == i).count() as u32;
            let lost = game
                .planes()
                .iter()
                .filter(|p| p.aircraft == i && p.loc == Loc::Destroyed)
                .count() as u32;
            (a.side, a.name.clone(), lost, total)
        })
        .collect()
}

pub fn scheme_name(s: Scheme) -> &'static str {
    match s {
        Scheme::Classic => "classic",
        Scheme::HighContrast => "high contrast",
    }
}
