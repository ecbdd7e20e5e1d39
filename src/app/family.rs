//! The family game's table: the board of southern England, the bombers on
//! their poles, the Spitfires with their fuel gauges, the spinner, and the
//! commanders passing the machine round.
//!
//! As on the Simple Hex screen, the game changes only through `Game::play`,
//! and the planes are drawn from a display state that follows the event log
//! one animation at a time.

use super::board_view::BoardView;
use super::table::TableAction;
use super::ui::{mix, Layer, Ui, ACCENT, DIM, INK, PAPER};
use crate::common::hex::Facing;
use crate::family::ai;
use crate::family::*;
use crate::record::{self, Player, RecordError, RecordOf};
use crate::saves::Slot;
use crate::settings::Settings;
use crate::sound::Sfx;
use hexx::Hex;
use macroquad::prelude::*;
use std::collections::VecDeque;

/// Where a bomber is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BDisp {
    hex: Hex,
    facing: Facing,
    altitude: u8,
}

/// Where a Spitfire is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SDisp {
    hex: Hex,
    altitude: u8,
    fuel: u8,
    kills: u8,
    visible: bool,
}

#[derive(Clone, Debug)]
enum Anim {
    Spin {
        roll: u8,
        text: String,
    },
    BomberAlt {
        bomber: u8,
        altitude: u8,
    },
    BomberMove {
        bomber: u8,
        to: Hex,
        facing: Facing,
    },
    BomberJump {
        bomber: u8,
        to: BDisp,
    },
    Spit {
        seat: u8,
        hex: Hex,
        altitude: u8,
        fuel: Option<u8>,
    },
    Fuel {
        seat: u8,
        fuel: u8,
    },
    Kill {
        seat: u8,
        bomber: u8,
    },
    Knock {
        feature: u8,
    },
    Lost {
        seat: u8,
    },
    Explode {
        at: Hex,
    },
    Log(String),
    Pause(f32),
}

/// The altitude change the player has picked for the next click.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Change altitude by this much (0: level); then move or stay.
    Change(i8),
    Land,
}

impl Mode {
    pub fn label(self) -> &'static str {
        match self {
            Mode::Change(2) => "Climb 2",
            Mode::Change(1) => "Climb 1",
            Mode::Change(0) => "Level",
            Mode::Change(-1) => "Dive 1",
            Mode::Change(-2) => "Dive 2",
            Mode::Change(_) => "?",
            Mode::Land => "Land",
        }
    }
}

/// One thing the player may click now, and what it would do.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub hex: Hex,
    pub command: Command,
    /// Bombers it shoots down.
    pub shoots: Vec<u8>,
    /// The player's Spitfire would be lost.
    pub crash: bool,
    pub fuel: u8,
}

pub struct FamilyBattle {
    pub game: Game,
    pub board: String,
    pub commanders: Vec<Player>,
    script: Option<VecDeque<Command>>,
    shown: usize,
    bdisp: Vec<BDisp>,
    sdisp: Vec<SDisp>,
    knocked: Vec<bool>,
    anims: VecDeque<Anim>,
    anim_t: f32,
    pub log: Vec<String>,
    /// The spinner on screen: face showing, seconds left spinning, caption.
    spin_face: u8,
    spin_left: f32,
    spin_len: f32,
    spin_caption: String,
    pub message: Option<String>,
    /// The bottom bar's line as last drawn.
    pub status: String,
    pub sounds: Vec<Sfx>,
    pub autosave_due: bool,
    /// The slot the game was loaded from or last saved in.
    pub slot: Option<Slot>,
    /// Several players: the seat that must take the machine before it sees the board.
    pub handover: Option<u8>,
    last_human: Option<u8>,
    ai_wait: f32,
    skip: bool,
    /// The human who gave the last command, until the next spin.
    last_mover: Option<u8>,
    pub mode: Mode,
    pub choices: Vec<Choice>,
    cache_key: Option<(usize, Mode)>,
    /// Animations ran since the picture last matched the game.
    dirty: bool,
    pub view: BoardView,
    explosions: Vec<(Vec2, f32)>,
    shots: Vec<(Vec2, Vec2, f32)>,
    mat: Layer<(Rect, u64)>,
    /// The side panel's cards and log.
    panel: Layer<(Rect, u64)>,
}

pub fn sector_colour(c: SectorColour) -> Color {
    match c {
        SectorColour::Red => Color::new(0.82, 0.16, 0.14, 1.0),
        SectorColour::Blue => Color::new(0.16, 0.36, 0.86, 1.0),
        SectorColour::Green => Color::new(0.10, 0.58, 0.22, 1.0),
        SectorColour::Yellow => Color::new(0.95, 0.76, 0.08, 1.0),
    }
}

const SEA: Color = Color::new(0.38, 0.58, 0.78, 1.0);
const LAND: Color = Color::new(0.64, 0.74, 0.50, 1.0);
const BOMBER: Color = Color::new(0.22, 0.23, 0.25, 1.0);
const GOLD: Color = Color::new(1.0, 0.80, 0.10, 1.0);

impl FamilyBattle {
    pub fn new(game: Game, board: &str, commanders: Vec<Player>) -> FamilyBattle {
        let sc = game.scenario().clone();
        let mut b = FamilyBattle {
            view: BoardView::fit(
                sc.grid.columns(),
                sc.grid.rows(),
                Rect::new(0.0, 0.0, 800.0, 600.0),
            ),
            knocked: vec![false; sc.features.len()],
            game,
            board: board.to_string(),
            commanders,
            script: None,
            shown: 0,
            bdisp: Vec::new(),
            sdisp: Vec::new(),
            anims: VecDeque::new(),
            anim_t: 0.0,
            log: Vec::new(),
            spin_face: 0,
            spin_left: 0.0,
            spin_len: 1.0,
            spin_caption: String::new(),
            message: None,
            status: String::new(),
            sounds: Vec::new(),
            autosave_due: false,
            slot: None,
            handover: None,
            last_human: None,
            ai_wait: 0.0,
            skip: false,
            last_mover: None,
            mode: Mode::Change(0),
            choices: Vec::new(),
            cache_key: None,
            dirty: false,
            explosions: Vec::new(),
            shots: Vec::new(),
            mat: Layer::default(),
            panel: Layer::default(),
        };
        let n = b.game.events().len();
        for i in 0..n {
            let e = b.game.events()[i];
            b.log_event(&e);
        }
        b.snap();
        b
    }

    /// Watches a recorded game: every command comes from the recording.
    pub fn replay(
        game: Game,
        board: &str,
        commanders: Vec<Player>,
        commands: Vec<Command>,
    ) -> FamilyBattle {
        let mut b = FamilyBattle::new(game, board, commanders);
        b.script = Some(commands.into());
        b
    }

    /// The game as a record (the app plays shipped boards only).
    pub fn record(&self) -> Result<RecordOf<Game>, RecordError> {
        record::of(
            &self.game,
            self.commanders.clone(),
            std::path::Path::new("."),
        )
    }

    pub fn is_watching(&self) -> bool {
        self.script.is_some()
    }

    pub fn busy(&self) -> bool {
        !self.anims.is_empty()
    }

    /// The spinner's needle is still turning.
    pub fn spinning(&self) -> bool {
        self.spin_left > 0.0
    }

    pub fn name(&self, seat: u8) -> String {
        let s = self.game.spitfire(seat);
        let colour = self.game.scenario().sectors[s.sector as usize].colour;
        format!(
            "{} ({})",
            self.commanders[seat as usize].name,
            colour.name()
        )
    }

    fn colour_of(&self, seat: u8) -> Color {
        let s = self.game.spitfire(seat);
        sector_colour(self.game.scenario().sectors[s.sector as usize].colour)
    }

    /// The display follows the game exactly (after loading or undo).
    fn snap(&mut self) {
        for a in self.anims.drain(..) {
            if let Anim::Log(line) = a {
                self.log.push(line);
            }
        }
        self.sync();
        self.shown = self.game.events().len();
        self.cache_key = None;
        self.anim_t = 0.0;
        self.skip = false;
    }

    /// Planes, fuel, kills and bomb damage drawn where the game has them.
    fn sync(&mut self) {
        let g = &self.game;
        self.dirty = false;
        self.bdisp = g
            .bombers()
            .iter()
            .map(|b| BDisp {
                hex: b.hex,
                facing: b.facing,
                altitude: b.altitude,
            })
            .collect();
        self.sdisp = g
            .spitfires()
            .iter()
            .map(|s| SDisp {
                hex: s.hex,
                altitude: s.altitude,
                fuel: s.fuel,
                kills: s.kills,
                visible: s.in_play(),
            })
            .collect();
        self.knocked = (0..g.scenario().features.len())
            .map(|f| g.is_knocked_out(f))
            .collect();
    }

    /// The human commander the game is waiting for.
    pub fn human_turn(&self) -> Option<u8> {
        if self.script.is_some() {
            return None;
        }
        self.game
            .commander()
            .filter(|&s| self.commanders[s as usize].human)
    }

    // ----- events to animations and log -----

    fn push_log(&mut self, text: String) {
        self.anims.push_back(Anim::Log(text));
    }

    fn log_event(&mut self, e: &Event) {
        let g = &self.game;
        let sc = g.scenario().clone();
        let text = match *e {
            Event::RoundBegan { round } => format!("Round {round}"),
            Event::Spun {
                bomber,
                climb,
                heading,
                altitude,
                ..
            } => format!(
                "Bomber {}: spinner {}, {} - now at {altitude}",
                bomber + 1,
                climb_text(climb),
                heading.name()
            ),
            Event::BomberBlocked { bomber } => format!(
                "Bomber {}: another bomber's square - it stays where it was",
                bomber + 1
            ),
            Event::BomberTurned { bomber } => {
                format!(
                    "Bomber {} reached the north edge and turns south",
                    bomber + 1
                )
            }
            Event::BomberReturned { bomber, why } => format!(
                "Bomber {} back to its start square ({})",
                bomber + 1,
                match why {
                    Return::ShotDown => "shot down",
                    Return::Collision => "collision",
                    Return::OutOfReach => "off the side: out of reach of its target",
                    Return::Home => "flew home",
                }
            ),
            Event::Bombed { bomber, feature } => {
                let f = sc.features[feature as usize];
                format!(
                    "Bomber {} bombs the {} sector's {} at {}",
                    bomber + 1,
                    sc.sectors[f.sector as usize].name,
                    f.kind.name(),
                    sc.cell_name(f.hex)
                )
            }
            Event::SectorUndefended { sector } => format!(
                "{} sector has lost all its AA: its airfields are closed",
                sc.sectors[sector as usize].name
            ),
            Event::Ordered(Order::GiveWay { seat, bomber }) => format!(
                "{}: bomber {} flies into your square - give way!",
                self.name(seat),
                bomber + 1
            ),
            Event::Ordered(Order::RadarLanding { seat }) => {
                format!(
                    "{}: radar hit - land at once for new orders",
                    self.name(seat)
                )
            }
            Event::NoAirfieldFree { seat } => {
                format!("{}: no airfield free to land on; stays up", self.name(seat))
            }
            Event::TurnBegan { seat } => format!("{} to fly", self.name(seat)),
            Event::FuelBurned { seat, fuel } if fuel <= 3 => {
                format!("{}: fuel low ({fuel} left)", self.name(seat))
            }
            Event::TookOff { seat, altitude } => {
                format!("{} takes off to {altitude}", self.name(seat))
            }
            Event::Landed { seat, at, fuel } => format!(
                "{} lands at {} (fuel {fuel})",
                self.name(seat),
                sc.cell_name(at)
            ),
            Event::GaveWay { seat, to } => {
                format!("{} gives way to {}", self.name(seat), sc.cell_name(to))
            }
            Event::ShotDown { seat, bomber } => format!(
                "{} shoots down bomber {}! ({} kills)",
                self.name(seat),
                bomber + 1,
                g.spitfire(seat).kills
            ),
            Event::Collided { seat, at, .. } => {
                format!(
                    "Collision at {}: {} crashes",
                    sc.cell_name(at),
                    self.name(seat)
                )
            }
            Event::SpitfireLost { seat, cause } => {
                format!("{} is out of the game: {}", self.name(seat), cause.name())
            }
            Event::GameOver { winner, ending } => match (winner, ending) {
                (Some(w), _) => format!("{} wins!", self.name(w)),
                (None, Ending::AllOut) => "Every Spitfire is lost: the bombers win".into(),
                (None, _) => "Nightfall: nobody wins".into(),
            },
            _ => return,
        };
        self.push_log(text);
    }

    fn absorb_events(&mut self) {
        while self.shown < self.game.events().len() {
            let e = self.game.events()[self.shown];
            self.shown += 1;
            self.dirty = true;
            self.log_event(&e);
            let sc = self.game.scenario().clone();
            match e {
                Event::RoundBegan { .. } => self.autosave_due = true,
                Event::Spun {
                    bomber,
                    roll,
                    climb,
                    heading,
                    altitude,
                } => {
                    self.anims.push_back(Anim::Spin {
                        roll,
                        text: format!(
                            "Bomber {}: {}, {}",
                            bomber + 1,
                            climb_text(climb),
                            heading.name()
                        ),
                    });
                    self.anims.push_back(Anim::BomberAlt { bomber, altitude });
                }
                Event::BomberFlew { bomber, to, facing } => self
                    .anims
                    .push_back(Anim::BomberMove { bomber, to, facing }),
                Event::BomberTurned { bomber } => {
                    let d = self.game.bombers()[bomber as usize];
                    self.anims.push_back(Anim::BomberJump {
                        bomber,
                        to: BDisp {
                            hex: d.hex,
                            facing: Facing::South,
                            altitude: d.altitude,
                        },
                    });
                }
                Event::BomberReturned { bomber, why } => {
                    if why == Return::ShotDown || why == Return::Collision {
                        self.anims.push_back(Anim::Pause(0.15));
                    }
                    self.anims.push_back(Anim::BomberJump {
                        bomber,
                        to: BDisp {
                            hex: sc.starts[bomber as usize],
                            facing: Facing::North,
                            altitude: sc.rules.cruising_altitude,
                        },
                    });
                }
                Event::Bombed { feature, .. } => self.anims.push_back(Anim::Knock { feature }),
                Event::FuelBurned { seat, fuel } => self.anims.push_back(Anim::Fuel { seat, fuel }),
                Event::TookOff { seat, altitude } | Event::Climbed { seat, altitude } => {
                    let hex = self.track_spit(seat);
                    self.anims.push_back(Anim::Spit {
                        seat,
                        hex,
                        altitude,
                        fuel: None,
                    });
                }
                Event::Flew { seat, to } | Event::GaveWay { seat, to } => {
                    let altitude = self.track_alt(seat);
                    self.anims.push_back(Anim::Spit {
                        seat,
                        hex: to,
                        altitude,
                        fuel: None,
                    });
                }
                Event::Landed { seat, at, fuel } => self.anims.push_back(Anim::Spit {
                    seat,
                    hex: at,
                    altitude: 0,
                    fuel: Some(fuel),
                }),
                Event::ShotDown { seat, bomber } => {
                    self.anims.push_back(Anim::Kill { seat, bomber });
                }
                Event::Collided { at, .. } => self.anims.push_back(Anim::Explode { at }),
                Event::SpitfireLost { seat, .. } => self.anims.push_back(Anim::Lost { seat }),
                Event::TurnEnded { .. } => self.anims.push_back(Anim::Pause(0.1)),
                _ => {}
            }
        }
    }

    /// Where the queued animations will leave a Spitfire (its hex).
    fn track_spit(&self, seat: u8) -> Hex {
        self.anims
            .iter()
            .rev()
            .find_map(|a| match a {
                Anim::Spit { seat: s, hex, .. } if *s == seat => Some(*hex),
                _ => None,
            })
            .unwrap_or(self.sdisp[seat as usize].hex)
    }

    fn track_alt(&self, seat: u8) -> u8 {
        self.anims
            .iter()
            .rev()
            .find_map(|a| match a {
                Anim::Spit {
                    seat: s, altitude, ..
                } if *s == seat => Some(*altitude),
                _ => None,
            })
            .unwrap_or(self.sdisp[seat as usize].altitude)
    }

    fn anim_seconds(&self, a: &Anim, settings: &Settings) -> f32 {
        let k = settings.anim.step_seconds();
        if k == 0.0 || self.skip {
            return 0.0;
        }
        match a {
            Anim::Spin { .. } => k * 5.0,
            Anim::BomberMove { .. } | Anim::Spit { .. } => k * 1.2,
            Anim::Kill { .. } => k * 3.0,
            Anim::Knock { .. } | Anim::Explode { .. } | Anim::Lost { .. } => k * 2.5,
            Anim::BomberJump { .. } => k,
            Anim::Pause(s) => s * k / 0.18,
            Anim::BomberAlt { .. } | Anim::Fuel { .. } | Anim::Log(_) => 0.0,
        }
    }

    fn run_anims(&mut self, mut dt: f32, settings: &Settings) {
        let mut guard = 0;
        while let Some(a) = self.anims.front().cloned() {
            guard += 1;
            if guard > 10_000 {
                break;
            }
            let len = self.anim_seconds(&a, settings);
            if self.anim_t == 0.0 {
                match &a {
                    Anim::Spin { roll, text, .. } => {
                        self.sounds.push(Sfx::Dice);
                        self.spin_face = roll - 1;
                        self.spin_left = len;
                        self.spin_len = len.max(0.01);
                        self.spin_caption = text.clone();
                    }
                    Anim::Kill { seat, bomber } => {
                        self.sounds.push(Sfx::Guns);
                        let from = self.view.center(self.sdisp[*seat as usize].hex);
                        let to = self.view.center(self.bdisp[*bomber as usize].hex);
                        self.shots.push((from, to, 0.0));
                        self.explosions.push((to, 0.0));
                    }
                    Anim::Knock { feature } => {
                        self.sounds.push(Sfx::Bomb);
                        let f = self.game.scenario().features[*feature as usize];
                        self.explosions.push((self.view.center(f.hex), 0.0));
                    }
                    Anim::Explode { at } => {
                        self.sounds.push(Sfx::Explosion);
                        self.explosions.push((self.view.center(*at), 0.0));
                    }
                    Anim::Lost { seat } => {
                        self.sounds.push(Sfx::Explosion);
                        let p = self.view.center(self.sdisp[*seat as usize].hex);
                        self.explosions.push((p, 0.0));
                    }
                    Anim::BomberMove { .. } | Anim::Spit { .. }
                        if self.sounds.is_empty() && len > 0.1 =>
                    {
                        self.sounds.push(Sfx::Engine)
                    }
                    _ => {}
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
                Anim::BomberAlt { bomber, altitude } => {
                    self.bdisp[bomber as usize].altitude = altitude
                }
                Anim::BomberMove { bomber, to, facing } => {
                    let d = &mut self.bdisp[bomber as usize];
                    d.hex = to;
                    d.facing = facing;
                }
                Anim::BomberJump { bomber, to } => self.bdisp[bomber as usize] = to,
                Anim::Spit {
                    seat,
                    hex,
                    altitude,
                    fuel,
                } => {
                    let d = &mut self.sdisp[seat as usize];
                    d.hex = hex;
                    d.altitude = altitude;
                    if let Some(f) = fuel {
                        d.fuel = f;
                    }
                }
                Anim::Fuel { seat, fuel } => self.sdisp[seat as usize].fuel = fuel,
                Anim::Kill { seat, .. } => self.sdisp[seat as usize].kills += 1,
                Anim::Knock { feature } => self.knocked[feature as usize] = true,
                Anim::Lost { seat } => self.sdisp[seat as usize].visible = false,
                Anim::Log(line) => self.log.push(line),
                _ => {}
            }
        }
        if self.dirty && self.anims.is_empty() && self.shown == self.game.events().len() {
            // Whatever the animations did, the picture ends where the game is.
            self.sync();
        }
    }

    // ----- what the player may do -----

    fn refresh_choices(&mut self) {
        let key = (self.game.commands().len(), self.mode);
        if self.cache_key == Some(key) {
            return;
        }
        self.cache_key = Some(key);
        self.choices.clear();
        let Some(seat) = self.game.commander() else {
            return;
        };
        let g = &self.game;
        let me = *g.spitfire(seat);
        let mode = self.mode;
        let wanted = |c: &Command| match (*c, g.phase()) {
            (_, Phase::Order(_)) => true,
            (Command::Move { climb, .. }, _) => mode == Mode::Change(climb),
            (Command::Climb(c), _) => mode == Mode::Change(c),
            (Command::Wait, _) => mode == Mode::Change(0) && me.airborne(),
            (Command::Land { .. }, _) => mode == Mode::Land,
            _ => false,
        };
        let mut out: Vec<Choice> = Vec::new();
        for c in g.legal_commands().into_iter().filter(|c| wanted(c)) {
            let hex = match c {
                Command::Move { to, .. } => to,
                Command::Land { at } | Command::RadarLand { at } => at,
                Command::GiveWay { to } => to,
                _ => me.hex,
            };
            let mut p = g.probe();
            if p.play(c).is_err() {
                continue;
            }
            let after = p.spitfire(seat);
            let choice = Choice {
                hex,
                command: c,
                shoots: (0..g.bombers().len() as u8)
                    .filter(|&b| {
                        // A bomber sent home by this command and a kill scored.
                        p.bombers()[b as usize].hex != g.bombers()[b as usize].hex
                            && after.kills > me.kills
                    })
                    .collect(),
                crash: !after.in_play(),
                fuel: after.fuel,
            };
            // Two paths to one square: keep the safer (and the one that shoots).
            match out.iter_mut().find(|o| o.hex == hex) {
                Some(o) if (o.crash && !choice.crash) || o.shoots.len() < choice.shoots.len() => {
                    *o = choice
                }
                Some(_) => {}
                None => out.push(choice),
            }
        }
        self.choices = out;
    }

    /// What the player may click now: empty unless it is a human's decision
    /// and the screen is quiet.
    pub fn choices_now(&self) -> &[Choice] {
        let fresh = self.cache_key == Some((self.game.commands().len(), self.mode));
        if fresh && self.anims.is_empty() && self.human_turn().is_some() {
            &self.choices
        } else {
            &[]
        }
    }

    fn play(&mut self, c: Command) {
        let human = self.human_turn();
        match self.game.play(c) {
            Ok(()) => {
                self.message = None;
                self.mode = Mode::Change(0);
                if human.is_some() {
                    self.last_mover = human;
                    self.ai_wait = 0.0;
                } else if c == Command::Spin {
                    self.last_mover = None;
                }
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Takes back the last human commander's move (and any computer
    /// rival's after it), if no bomber has spun since and no other human has
    /// moved since: a mis-click is put right by the player who made it.
    fn undo(&mut self) {
        let Some(seat) = self.last_mover else {
            self.message = Some("Nothing to take back.".into());
            return;
        };
        let mut g = self.game.clone();
        for _ in 0..8 {
            let Some(prev) = g.undo() else { break };
            g = prev;
            match g.commander() {
                Some(s) if s == seat => {
                    self.game = g;
                    let log = std::mem::take(&mut self.log);
                    self.snap();
                    self.log = log;
                    self.log
                        .push(format!("{} takes back the last move", self.name(seat)));
                    self.autosave_due = true;
                    self.handover = None;
                    self.last_human = Some(seat);
                    self.last_mover = None;
                    self.message = Some("Took back your last move.".into());
                    return;
                }
                Some(s) if self.commanders[s as usize].human => break,
                _ => {}
            }
        }
        self.message = Some("Nothing to take back since the last spin.".into());
    }

    // ----- one frame -----

    pub fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        let (w, h) = (ui.w, ui.h);
        let panel_w = (w * 0.27).clamp(270.0, 360.0);
        let (top, bottom, left) = (44.0, 34.0, 160.0);
        let board_area = Rect::new(
            left + 10.0,
            top + 8.0,
            (w - panel_w - left - 30.0).max(100.0),
            (h - top - bottom - 16.0).max(100.0),
        );
        let sc = self.game.scenario().clone();
        self.view = BoardView::fit(sc.grid.columns(), sc.grid.rows(), board_area);
        if ui.draw {
            clear_background(Color::new(0.20, 0.27, 0.34, 1.0));
        }

        self.absorb_events();
        let dt = ui.input.dt;
        self.run_anims(dt, settings);
        self.spin_left = (self.spin_left - dt).max(0.0);
        for e in &mut self.explosions {
            e.1 += dt;
        }
        self.explosions.retain(|e| e.1 < 0.9);
        for s in &mut self.shots {
            s.2 += dt;
        }
        self.shots.retain(|s| s.2 < 0.45);

        let mut action = TableAction::None;
        if ui.input.key(KeyCode::Escape) {
            return TableAction::Leave;
        }
        if ui.input.key(KeyCode::H) || ui.input.key(KeyCode::F1) {
            return TableAction::Help;
        }
        if ui.input.key(KeyCode::F5) {
            action = TableAction::Save;
        }

        // Several players: hand the machine over before showing the next one's board.
        let humans = self.commanders.iter().filter(|c| c.human).count();
        if let (Some(seat), None) = (self.human_turn(), self.handover) {
            if humans > 1 && self.anims.is_empty() && self.last_human.is_some_and(|l| l != seat) {
                self.handover = Some(seat);
                self.draw_handover(ui, seat);
                return action;
            }
        }
        if let Some(seat) = self.handover {
            if ui.input.key(KeyCode::U) && self.last_mover.is_some() {
                // The last player, before letting go of the machine.
                self.undo();
                self.draw(ui);
                return action;
            }
            self.draw_handover(ui, seat);
            if ui.input.clicked || !ui.input.keys.is_empty() {
                self.handover = None;
                self.last_human = Some(seat);
            }
            return action;
        }

        if self.game.is_over() && self.anims.is_empty() {
            self.draw(ui);
            return TableAction::Finished;
        }
        if ui.input.key(KeyCode::U) && self.script.is_none() {
            self.undo();
        }

        if self.anims.is_empty() && self.human_turn().is_none() {
            // Spins, computer commanders and recordings play when the screen is quiet.
            if ui.input.key(KeyCode::S) {
                self.skip = true;
            }
            self.ai_wait += dt;
            let wait = if self.skip || settings.anim.step_seconds() == 0.0 {
                0.0
            } else if self.last_mover.is_some() && self.game.can_undo() {
                // A moment to take a mis-click back before the game moves on.
                0.9
            } else {
                settings.anim.step_seconds() * 1.5
            };
            let mut budget = if wait == 0.0 { 400 } else { 1 };
            while budget > 0 && self.ai_wait >= wait && self.human_turn().is_none() {
                budget -= 1;
                let cmd = match &mut self.script {
                    Some(s) => s.pop_front(),
                    None => ai::decide(&self.game),
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
            if let Some(seat) = self.human_turn() {
                self.skip = false;
                self.last_human = Some(seat);
                self.handle_human(ui, seat);
            }
        } else if ui.input.key(KeyCode::S) || ui.input.key(KeyCode::Space) {
            self.skip = true;
        }
        self.draw(ui);
        action
    }

    /// The left column's buttons: (label, what it does), for this decision.
    fn buttons(&self, seat: u8) -> Vec<(String, Option<Command>, Option<Mode>)> {
        let s = self.game.spitfire(seat);
        let mut out = Vec::new();
        match self.game.phase() {
            Phase::Turn { .. } if s.on_ground() => {
                out.push(("Take off (T)".to_string(), Some(Command::TakeOff), None));
                out.push(("Wait (Space)".to_string(), Some(Command::Wait), None));
            }
            Phase::Turn { .. } => {
                for m in [
                    Mode::Change(2),
                    Mode::Change(1),
                    Mode::Change(0),
                    Mode::Change(-1),
                    Mode::Change(-2),
                    Mode::Land,
                ] {
                    out.push((m.label().to_string(), None, Some(m)));
                }
                out.push(("Do nothing (Space)".to_string(), Some(Command::Wait), None));
            }
            _ => {}
        }
        out
    }

    fn handle_human(&mut self, ui: &mut Ui, seat: u8) {
        // Keys for the altitude change.
        if matches!(self.game.phase(), Phase::Turn { .. }) && self.game.spitfire(seat).airborne() {
            let k = &ui.input;
            let cur = match self.mode {
                Mode::Change(c) => c,
                Mode::Land => 0,
            };
            if k.key(KeyCode::Up) {
                self.mode = Mode::Change((cur + 1).min(2));
            } else if k.key(KeyCode::Down) {
                self.mode = Mode::Change((cur - 1).max(-2));
            } else if k.key(KeyCode::L) {
                self.mode = if self.mode == Mode::Land {
                    Mode::Change(0)
                } else {
                    Mode::Land
                };
            } else if k.key(KeyCode::Space) || k.key(KeyCode::W) {
                self.play(Command::Wait);
                return;
            }
        } else if matches!(self.game.phase(), Phase::Turn { .. }) {
            if ui.input.key(KeyCode::T) {
                self.play(Command::TakeOff);
                return;
            }
            if ui.input.key(KeyCode::Space) || ui.input.key(KeyCode::W) {
                self.play(Command::Wait);
                return;
            }
        }
        // The left column's buttons.
        for (i, (label, cmd, mode)) in self.buttons(seat).into_iter().enumerate() {
            let r = Rect::new(10.0, 60.0 + i as f32 * 46.0, 150.0, 40.0);
            if ui.button(r, &label) {
                if let Some(c) = cmd {
                    self.play(c);
                    return;
                }
                if let Some(m) = mode {
                    self.mode = m;
                }
            }
        }
        self.refresh_choices();
        if ui.input.clicked && !ui.click_used {
            if let Some(hex) = self.view.pick(ui.mouse()) {
                if let Some(c) = self.choices.iter().find(|c| c.hex == hex) {
                    let cmd = c.command;
                    self.play(cmd);
                } else if !self.choices.is_empty() {
                    self.message = Some(
                        "Click a highlighted square (Up/Down or the buttons change the altitude)."
                            .into(),
                    );
                }
            }
        }
    }

    // ----- drawing -----

    fn draw_handover(&self, ui: &Ui, seat: u8) {
        ui.rect(
            Rect::new(0.0, 0.0, ui.w, ui.h),
            Color::new(0.12, 0.14, 0.2, 1.0),
        );
        let c = self.colour_of(seat);
        ui.rect(Rect::new(0.0, ui.h / 2.0 - 90.0, ui.w, 12.0), c);
        let what = match self.game.phase() {
            Phase::Order(Order::GiveWay { .. }) => "must give way to a bomber",
            Phase::Order(Order::RadarLanding { .. }) => "must land: radar hit",
            _ => "to fly",
        };
        ui.text_centered(
            &format!("{} {what}", self.name(seat)),
            ui.w / 2.0,
            ui.h / 2.0 - 20.0,
            46.0,
            WHITE,
        );
        ui.text_centered(
            "Hand over the machine, then press a key or click.",
            ui.w / 2.0,
            ui.h / 2.0 + 30.0,
            24.0,
            LIGHTGRAY,
        );
        if let Some(m) = self.last_mover.filter(|_| self.game.can_undo()) {
            ui.text_centered(
                &format!(
                    "({}: U takes back your move first)",
                    self.commanders[m as usize].name
                ),
                ui.w / 2.0,
                ui.h / 2.0 + 66.0,
                20.0,
                LIGHTGRAY,
            );
        }
    }

    fn banner(&self) -> String {
        let g = &self.game;
        if let Some(e) = g.ending() {
            return match (g.winner(), e) {
                (Some(w), _) => format!("Game over: {} wins", self.name(w)),
                (None, Ending::AllOut) => "Game over: every Spitfire is lost".into(),
                (None, _) => "Game over: nightfall, nobody wins".into(),
            };
        }
        let round = g.round();
        if !self.anims.is_empty() {
            return format!("Round {round}: planes on the move (S: skip ahead)");
        }
        match g.phase() {
            Phase::Spin { bomber } => format!("Round {round}: the bombers fly - bomber {}", bomber + 1),
            Phase::Turn { seat } => {
                let s = g.spitfire(seat);
                let you = if self.human_turn().is_some() { " (you)" } else { "" };
                if s.on_ground() {
                    format!("Round {round}: {}{you} - on the ground: take off or wait", self.name(seat))
                } else {
                    format!(
                        "Round {round}: {}{you} - altitude {}, fuel {}: {} then click a square",
                        self.name(seat),
                        s.altitude,
                        s.fuel,
                        self.mode.label()
                    )
                }
            }
            Phase::Order(Order::GiveWay { seat, bomber }) => format!(
                "{}: bomber {} flew into your square - give way to a highlighted square (free move)",
                self.name(seat),
                bomber + 1
            ),
            Phase::Order(Order::RadarLanding { seat }) => format!(
                "{}: your radar is hit - land at once on a highlighted airfield",
                self.name(seat)
            ),
            Phase::Over { .. } => String::new(),
        }
    }

    fn hint(&self) -> String {
        if self.script.is_some() {
            return "Watching a recorded game. S: skip ahead. Esc: back.".into();
        }
        if self.human_turn().is_some() {
            return "Gold squares shoot a bomber down (behind it and level). Up/Down: altitude, L: land, U: undo, H: help".into();
        }
        "The bombers and the computer commanders are flying. S: skip ahead.".into()
    }

    fn draw(&mut self, ui: &mut Ui) {
        ui.rect(Rect::new(0.0, 0.0, ui.w, 40.0), PAPER);
        ui.text(&self.banner(), 12.0, 27.0, 21.0, INK);
        self.draw_mat(ui);
        let choices: Vec<Choice> = self.choices_now().to_vec();
        let v = self.view.clone();
        // Legal squares for this click: gold where it shoots, red where it crashes.
        for c in &choices {
            let col = if !c.shoots.is_empty() {
                Color::new(1.0, 0.80, 0.10, 0.75)
            } else if c.crash {
                Color::new(0.9, 0.1, 0.1, 0.55)
            } else {
                Color::new(1.0, 1.0, 0.85, 0.45)
            };
            ui.poly(&v.corners(c.hex), col);
            ui.poly_lines(
                &v.corners(c.hex),
                2.0,
                if c.shoots.is_empty() { INK } else { ACCENT },
            );
        }
        // What the square under the mouse would do.
        let hover = v.pick(ui.mouse());
        let mut preview = None;
        if let Some(c) = hover.and_then(|h| choices.iter().find(|c| c.hex == h)) {
            preview = Some(self.describe(c));
            ui.poly_lines(&v.corners(c.hex), 4.0, INK);
        }
        // "Six o'clock" marks: the square behind each bomber, at its altitude.
        for b in &self.bdisp {
            if !self
                .game
                .scenario()
                .grid
                .contains(b.facing.reverse().ahead(b.hex))
            {
                continue;
            }
            let behind = v.center(b.facing.reverse().ahead(b.hex));
            let dir = v.direction(b.facing);
            let side = vec2(-dir.y, dir.x) * v.size * 0.18;
            let tip = behind + dir * v.size * 0.25;
            ui.line(
                tip,
                tip - dir * v.size * 0.2 + side,
                2.0,
                Color::new(0.1, 0.1, 0.1, 0.6),
            );
            ui.line(
                tip,
                tip - dir * v.size * 0.2 - side,
                2.0,
                Color::new(0.1, 0.1, 0.1, 0.6),
            );
        }
        // Planes: shadows and poles first, then the planes, lowest first.
        let mut planes: Vec<(u8, bool, usize)> = Vec::new();
        for (i, b) in self.bdisp.iter().enumerate() {
            planes.push((b.altitude, true, i));
        }
        for (i, s) in self.sdisp.iter().enumerate() {
            if s.visible {
                planes.push((s.altitude, false, i));
            }
        }
        planes.sort_by_key(|p| (p.0, p.1, p.2));
        let active = self.game.commander();
        for &(alt, bomber, i) in &planes {
            let hex = if bomber {
                self.bdisp[i].hex
            } else {
                self.sdisp[i].hex
            };
            let (p0, p) = self.lifted(hex, alt);
            ui.circle(p0, v.size * 0.3, Color::new(0.0, 0.0, 0.0, 0.35));
            if alt > 0 {
                ui.line(p0, p, 3.0, Color::new(0.1, 0.1, 0.1, 0.8));
            }
            if !bomber {
                // The fuel gauge on the Spitfire's base, as on the board game's.
                let full = self.game.rules().fuel_full.max(1) as f32;
                let fuel = self.sdisp[i].fuel as f32;
                let w = v.size * 0.9;
                let r = Rect::new(p0.x - w / 2.0, p0.y + v.size * 0.34, w, 4.0);
                ui.rect(r, Color::new(0.15, 0.15, 0.15, 0.85));
                let col = if fuel <= 3.0 {
                    ACCENT
                } else {
                    Color::new(0.3, 0.85, 0.35, 1.0)
                };
                ui.rect(Rect::new(r.x, r.y, r.w * fuel / full, r.h), col);
            }
        }
        for &(alt, bomber, i) in &planes {
            if bomber {
                let b = self.bdisp[i];
                let (_, p) = self.lifted(b.hex, alt);
                draw_plane(
                    ui,
                    &v,
                    p,
                    v.direction(b.facing),
                    BOMBER,
                    true,
                    &(i + 1).to_string(),
                    alt,
                    false,
                );
            } else {
                let s = self.sdisp[i];
                let (_, p) = self.lifted(s.hex, alt);
                let on = active == Some(i as u8);
                draw_plane(
                    ui,
                    &v,
                    p,
                    vec2(0.0, -1.0),
                    self.colour_of(i as u8),
                    false,
                    "",
                    alt,
                    on,
                );
            }
        }
        for (p, t) in &self.explosions {
            let r = v.size * (0.3 + t * 0.9);
            ui.circle(*p, r, Color::new(1.0, 0.55, 0.1, (0.9 - t).max(0.0)));
            ui.circle(*p, r * 0.55, Color::new(1.0, 0.9, 0.3, (0.9 - t).max(0.0)));
        }
        for (a, b, _) in &self.shots {
            ui.line(*a, *b, 3.0, Color::new(1.0, 0.95, 0.3, 0.9));
        }
        // The left column: this decision's buttons, drawn here when it is a human's.
        if let Some(seat) = self.human_turn().filter(|_| self.anims.is_empty()) {
            for (i, (_, _, mode)) in self.buttons(seat).into_iter().enumerate() {
                let r = Rect::new(10.0, 60.0 + i as f32 * 46.0, 150.0, 40.0);
                // The buttons themselves are laid out in handle_human; the
                // altitude change picked is framed in gold.
                if mode == Some(self.mode) {
                    ui.rect_lines(
                        Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
                        5.0,
                        GOLD,
                    );
                }
            }
        }
        self.draw_panel(ui);
        // The bottom bar.
        let bar = Rect::new(0.0, ui.h - 30.0, ui.w, 30.0);
        ui.rect(bar, PAPER);
        self.status = self
            .message
            .clone()
            .or(preview)
            .unwrap_or_else(|| self.hint());
        let col = if self.message.is_some() { ACCENT } else { INK };
        ui.text(&self.status, 10.0, ui.h - 9.0, 19.0, col);
    }

    /// A plane's ground point and where it flies above it.
    fn lifted(&self, hex: Hex, alt: u8) -> (Vec2, Vec2) {
        let p0 = self.view.center(hex);
        let lift = alt as f32 * self.view.size * 0.16;
        (p0, p0 - vec2(0.0, lift))
    }

    /// A sentence for a choice under the mouse.
    pub fn describe(&self, c: &Choice) -> String {
        let g = &self.game;
        let sc = g.scenario();
        let at = sc.cell_name(c.hex);
        let mut s = match c.command {
            Command::Move { climb, via, .. } => {
                let alt = g
                    .commander()
                    .map(|seat| g.spitfire(seat).altitude as i16 + climb as i16)
                    .unwrap_or(0);
                let sq = if via.is_some() { 2 } else { 1 };
                format!(
                    "Fly {sq} square{} to {at} at altitude {alt}",
                    if sq > 1 { "s" } else { "" }
                )
            }
            Command::Climb(c) => format!(
                "{} {} in place",
                if c > 0 { "Climb" } else { "Dive" },
                c.abs()
            ),
            Command::Wait => "Do nothing this turn".into(),
            Command::Land { at: a } | Command::RadarLand { at: a } => {
                let own = g.commander().is_some_and(|seat| {
                    sc.feature_at(a)
                        .is_some_and(|f| sc.features[f].sector == g.spitfire(seat).sector)
                });
                format!(
                    "Land at {at}: {}",
                    if own {
                        "own sector, full tank"
                    } else {
                        "another sector, half tank"
                    }
                )
            }
            Command::GiveWay { .. } => format!("Give way to {at}"),
            _ => String::new(),
        };
        if !c.shoots.is_empty() {
            s.push_str(" - BEHIND AND LEVEL: shoots the bomber down!");
        }
        if c.crash {
            s.push_str(" - COLLISION: your Spitfire would be lost");
        } else {
            s.push_str(&format!(" (fuel {} after)", c.fuel));
        }
        s
    }

    fn draw_mat(&mut self, ui: &Ui) {
        let v = self.view.clone();
        let row = v.size * 3f32.sqrt();
        let area = Rect::new(
            v.rect.x - 30.0,
            v.rect.y - row,
            v.rect.w + 60.0,
            v.rect.h + 1.5 * row,
        );
        let mask =
            self.knocked
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &k)| if k { m | (1 << (i % 64)) } else { m })
                ^ ((self.knocked.iter().filter(|k| **k).count() as u64) << 58);
        let g = &self.game;
        let sc = g.scenario().clone();
        let knocked = self.knocked.clone();
        let defended: Vec<bool> = (0..sc.sectors.len())
            .map(|s| {
                sc.features.iter().enumerate().any(|(i, f)| {
                    f.sector as usize == s && f.kind == FeatureKind::Aa && !knocked[i]
                })
            })
            .collect();
        self.mat.show(ui, area, (area, mask), || {
            for hex in sc.grid.hexes() {
                let col = match sc.terrain(hex) {
                    Some(Terrain::Land { sector }) => mix(
                        LAND,
                        sector_colour(sc.sectors[sector as usize].colour),
                        0.22,
                    ),
                    _ => SEA,
                };
                ui.poly(&v.corners(hex), col);
            }
            for hex in sc.grid.hexes() {
                ui.poly_lines(&v.corners(hex), 1.0, Color::new(0.2, 0.25, 0.2, 0.45));
            }
            // Sector borders: a thick line where two sectors' land meets.
            for hex in sc.grid.hexes() {
                let Some(Terrain::Land { sector }) = sc.terrain(hex) else {
                    continue;
                };
                let corners = v.corners(hex);
                for f in Facing::ALL.iter() {
                    if let Some(Terrain::Land { sector: o }) = sc.terrain(f.ahead(hex)) {
                        if o != sector {
                            // The edge facing f lies between two corners.
                            let c = v.center(hex);
                            let dir = v.direction(*f);
                            let mut pts: Vec<Vec2> = corners
                                .iter()
                                .copied()
                                .filter(|p| (*p - c).normalize().dot(dir) > 0.7)
                                .collect();
                            pts.truncate(2);
                            if pts.len() == 2 {
                                ui.line(pts[0], pts[1], 3.0, INK);
                            }
                        }
                    }
                }
            }
            for (i, f) in sc.features.iter().enumerate() {
                let p = v.center(f.hex);
                let s = v.size;
                let ink = sector_colour(sc.sectors[f.sector as usize].colour);
                match f.kind {
                    FeatureKind::Airfield => {
                        let r = Rect::new(p.x - s * 0.5, p.y - s * 0.32, s, s * 0.64);
                        ui.rect(r, Color::new(0.72, 0.70, 0.64, 1.0));
                        ui.rect_lines(r, 2.0, ink);
                        ui.line(
                            p - vec2(s * 0.42, s * 0.18),
                            p + vec2(s * 0.42, s * 0.18),
                            3.0,
                            INK,
                        );
                        ui.line(
                            p - vec2(s * 0.42, -s * 0.18),
                            p + vec2(s * 0.42, -s * 0.18),
                            3.0,
                            INK,
                        );
                        if !defended[f.sector as usize] && !knocked[i] {
                            ui.line(vec2(r.x, r.y + r.h), vec2(r.x + r.w, r.y), 3.0, ACCENT);
                        }
                    }
                    FeatureKind::Radar => {
                        ui.line(p + vec2(0.0, s * 0.4), p - vec2(0.0, s * 0.3), 3.0, INK);
                        ui.triangle(
                            p - vec2(s * 0.3, s * 0.45),
                            p + vec2(s * 0.3, -s * 0.45),
                            p - vec2(0.0, s * 0.15),
                            ink,
                        );
                        ui.line(
                            p + vec2(-s * 0.25, s * 0.4),
                            p + vec2(s * 0.25, s * 0.4),
                            3.0,
                            INK,
                        );
                    }
                    FeatureKind::Aa => {
                        ui.circle(p, s * 0.28, ink);
                        ui.circle_lines(p, s * 0.28, 2.0, INK);
                        for dx in [-0.15f32, 0.0, 0.15] {
                            ui.line(
                                p + vec2(dx * s, 0.0),
                                p + vec2(dx * s * 2.0, -s * 0.5),
                                3.0,
                                INK,
                            );
                        }
                    }
                }
                if knocked[i] {
                    // The explosion marker.
                    let r = s * 0.42;
                    let star: Vec<Vec2> = (0..16)
                        .map(|k| {
                            let a = k as f32 * std::f32::consts::PI / 8.0;
                            let rr = if k % 2 == 0 { r } else { r * 0.5 };
                            p + vec2(a.cos(), a.sin()) * rr
                        })
                        .collect();
                    for k in 0..16 {
                        ui.triangle(
                            p,
                            star[k],
                            star[(k + 1) % 16],
                            Color::new(0.95, 0.45, 0.05, 1.0),
                        );
                    }
                    ui.poly_lines(&star, 2.0, INK);
                }
            }
            for (i, &h) in sc.starts.iter().enumerate() {
                let p = v.center(h);
                ui.circle_lines(p, v.size * 0.55, 2.0, WHITE);
                draw_text(
                    format!("{}", i + 1),
                    p.x + v.size * 0.38,
                    p.y + v.size * 0.62,
                    18.0,
                    WHITE,
                );
            }
            // The north edge's curved arrows: bombers turn round here.
            let y = v.rect.y - row * 0.35;
            let n = (sc.grid.columns() / 3).max(2);
            for k in 0..n {
                let x = v.rect.x + v.rect.w * (k as f32 + 0.5) / n as f32;
                let r = v.size * 0.35;
                let pts: Vec<Vec2> = (0..=8)
                    .map(|j| {
                        let a = std::f32::consts::PI * (1.0 + j as f32 / 8.0);
                        vec2(x + r * a.cos(), y + r * 0.8 + r * a.sin())
                    })
                    .collect();
                for w in pts.windows(2) {
                    ui.line(w[0], w[1], 2.5, PAPER);
                }
                let end = pts[8];
                ui.triangle(
                    end + vec2(-5.0, 0.0),
                    end + vec2(5.0, 0.0),
                    end + vec2(0.0, 8.0),
                    PAPER,
                );
            }
            // Column letters and row numbers.
            for c in 0..sc.grid.columns() as i32 {
                let p = v.center(crate::common::hex::hex_from_offset(
                    c,
                    sc.grid.rows() as i32 - 1,
                ));
                let t = column_letter(c).to_string();
                draw_text(&t, p.x - 4.0, v.rect.y + v.rect.h + 16.0, 16.0, PAPER);
            }
            for r in 0..sc.grid.rows() as i32 {
                let p = v.center(crate::common::hex::hex_from_offset(0, r));
                draw_text((r + 1).to_string(), v.rect.x - 26.0, p.y + 5.0, 16.0, PAPER);
            }
        });
    }

    /// The side panel's cards and log (cached as a layer; the spinner is
    /// drawn over it every frame, at `spinner_top`).
    fn paint_panel(&self, ui: &Ui, panel: Rect) {
        let g = &self.game;
        let (x, pw) = (panel.x, panel.w);
        // Opaque: blending into the layer's clear texture would thin it.
        ui.rect(panel, Color::new(0.93, 0.91, 0.85, 1.0));
        ui.rect_lines(panel, 2.0, INK);
        let mut y = panel.y + 24.0;
        let order: Vec<String> = g
            .order()
            .iter()
            .map(|&s| self.commanders[s as usize].name.clone())
            .collect();
        ui.text(
            &format!(
                "Round {}  -  first to {} kills",
                g.round(),
                g.kills_to_win()
            ),
            x + 10.0,
            y,
            19.0,
            INK,
        );
        y += 20.0;
        ui.text(
            &format!("Order: {}", order.join(", ")),
            x + 10.0,
            y,
            16.0,
            DIM,
        );
        y += 10.0;
        let full = g.rules().fuel_full.max(1);
        for seat in 0..g.spitfires().len() as u8 {
            let s = *g.spitfire(seat);
            let d = self.sdisp[seat as usize];
            let card = Rect::new(x + 8.0, y, pw - 16.0, 62.0);
            let on = g.commander() == Some(seat);
            ui.rect(
                card,
                if on {
                    Color::new(1.0, 0.96, 0.75, 1.0)
                } else {
                    PAPER
                },
            );
            ui.rect_lines(card, if on { 3.0 } else { 1.5 }, INK);
            ui.rect(
                Rect::new(card.x, card.y, 10.0, card.h),
                self.colour_of(seat),
            );
            let who = if self.commanders[seat as usize].human {
                ""
            } else {
                " (computer)"
            };
            ui.text(
                &format!("{}{who}", self.name(seat)),
                card.x + 16.0,
                card.y + 18.0,
                17.0,
                INK,
            );
            let state = match s.lost {
                Some(c) => format!("OUT: {}", c.name()),
                None if d.altitude == 0 => {
                    format!("on the ground at {}", g.scenario().cell_name(d.hex))
                }
                None => format!(
                    "altitude {} over {}",
                    d.altitude,
                    g.scenario().cell_name(d.hex)
                ),
            };
            ui.text(
                &state,
                card.x + 16.0,
                card.y + 36.0,
                15.0,
                if s.lost.is_some() { ACCENT } else { DIM },
            );
            // Fuel gauge: one notch per box.
            let gw = (card.w - 120.0) / full as f32;
            for k in 0..full {
                let r = Rect::new(card.x + 16.0 + k as f32 * gw, card.y + 44.0, gw - 1.5, 12.0);
                let filled = k < d.fuel;
                let col = if !filled {
                    Color::new(0.8, 0.8, 0.8, 1.0)
                } else if d.fuel <= 3 {
                    ACCENT
                } else {
                    Color::new(0.2, 0.55, 0.25, 1.0)
                };
                ui.rect(r, col);
            }
            // Kill tokens: a black cross for each bomber shot down.
            for k in 0..d.kills {
                let c = vec2(card.x + card.w - 92.0 + k as f32 * 18.0, card.y + 50.0);
                ui.rect(Rect::new(c.x - 7.0, c.y - 2.5, 14.0, 5.0), INK);
                ui.rect(Rect::new(c.x - 2.5, c.y - 7.0, 5.0, 14.0), INK);
            }
            y += 68.0;
        }
        debug_assert_eq!(y, self.spinner_top(panel));
        // The log, newest last, below the spinner.
        let y = y + 2.0 * 62.0 + 26.0;
        let line_h = 17.0;
        let room = ((panel.y + panel.h - y - 6.0) / line_h).max(0.0) as usize;
        let start = self.log.len().saturating_sub(room);
        for (i, line) in self.log[start..].iter().enumerate() {
            let mut t = line.clone();
            let max = ((pw - 16.0) / (15.0 * 0.44)) as usize;
            if t.chars().count() > max {
                t = t.chars().take(max.saturating_sub(1)).collect::<String>() + ".";
            }
            ui.text(&t, x + 8.0, y + 12.0 + i as f32 * line_h, 15.0, INK);
        }
    }

    fn draw_panel(&mut self, ui: &mut Ui) {
        let pw = (ui.w * 0.27).clamp(270.0, 360.0);
        let x = ui.w - pw - 6.0;
        let panel = Rect::new(x, 46.0, pw, ui.h - 46.0 - 36.0);
        // Text queued so far goes to the screen now, so that the layer's own
        // text goes into the layer.
        ui.flush_text();
        let key = (panel, self.panel_key());
        let mut layer = std::mem::take(&mut self.panel);
        layer.show(ui, panel, key, || {
            self.paint_panel(ui, panel);
            ui.flush_text();
        });
        self.panel = layer;
        let y = self.spinner_top(panel);
        // The spinner, turning.
        let sc_r = 62.0;
        let centre = vec2(x + 76.0, y + sc_r + 10.0);
        self.draw_spinner(ui, centre, sc_r);
        ui.text("Flight indicator", x + 150.0, y + 30.0, 17.0, INK);
        ui.paragraph(
            "blue +1, red -1, white same",
            x + 150.0,
            y + 100.0,
            pw - 160.0,
            14.0,
            DIM,
        );
        let cap = if self.spin_caption.is_empty() {
            "spun for each bomber".to_string()
        } else {
            self.spin_caption.clone()
        };
        ui.paragraph(&cap, x + 150.0, y + 52.0, pw - 160.0, 16.0, INK);
    }

    /// Where the spinner goes: below the commanders' cards.
    fn spinner_top(&self, panel: Rect) -> f32 {
        panel.y + 24.0 + 20.0 + 10.0 + 68.0 * self.game.spitfires().len() as f32
    }

    /// Everything the cached panel shows, as one number.
    fn panel_key(&self) -> u64 {
        let g = &self.game;
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut put = |v: u64| {
            h ^= v;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        put(g.round() as u64);
        put(self.log.len() as u64);
        put(g.commander().map_or(99, |s| s as u64));
        for &s in g.order() {
            put(s as u64);
        }
        for (i, d) in self.sdisp.iter().enumerate() {
            let [c, r] = crate::common::hex::offset_of(d.hex);
            put(c as u64);
            put(r as u64);
            put(d.altitude as u64 | (d.fuel as u64) << 8 | (d.kills as u64) << 16);
            put(d.visible as u64 | (g.spitfire(i as u8).lost.is_some() as u64) << 1);
        }
        h
    }

    fn draw_spinner(&self, ui: &Ui, c: Vec2, r: f32) {
        let faces = &self.game.rules().spinner;
        let n = faces.len().max(1);
        let step = std::f32::consts::TAU / n as f32;
        ui.circle(c, r, WHITE);
        for (i, f) in faces.iter().enumerate() {
            let a0 = -std::f32::consts::FRAC_PI_2 + i as f32 * step;
            let tint = match f.climb {
                1 => Color::new(0.80, 0.90, 1.0, 1.0),
                -1 => Color::new(1.0, 0.86, 0.80, 1.0),
                _ => Color::new(0.95, 0.95, 0.90, 1.0),
            };
            let pts: Vec<Vec2> = (0..=4)
                .map(|k| {
                    let a = a0 + step * k as f32 / 4.0;
                    c + vec2(a.cos(), a.sin()) * r
                })
                .collect();
            for w in pts.windows(2) {
                ui.triangle(c, w[0], w[1], tint);
            }
            ui.line(c, pts[0], 1.0, DIM);
            // The face: altitude and a little arrow for the direction.
            let mid = a0 + step / 2.0;
            let p = c + vec2(mid.cos(), mid.sin()) * r * 0.52;
            let dir = match f.heading {
                Heading::Beam => vec2(0.0, -1.0),
                Heading::Port => vec2(-0.7, -0.7),
                Heading::Starboard => vec2(0.7, -0.7),
            };
            ui.line(p - dir * 6.0, p + dir * 6.0, 2.0, INK);
            ui.triangle(
                p + dir * 9.0,
                p + dir * 3.0 + vec2(-dir.y, dir.x) * 4.0,
                p + dir * 3.0 - vec2(-dir.y, dir.x) * 4.0,
                INK,
            );
            if f.climb != 0 {
                let t = climb_text(f.climb);
                let q = c + vec2(mid.cos(), mid.sin()) * r * 0.84;
                ui.text_centered(&t, q.x, q.y + 5.0, 13.0, INK);
            }
        }
        ui.circle_lines(c, r, 2.0, INK);
        // The needle: spinning while `spin_left`, then on the result.
        let target = -std::f32::consts::FRAC_PI_2 + (self.spin_face as f32 + 0.5) * step;
        let k = (self.spin_left / self.spin_len).clamp(0.0, 1.0);
        let a = target + k * k * std::f32::consts::TAU * 3.0;
        let tip = c + vec2(a.cos(), a.sin()) * r * 0.92;
        ui.line(c, tip, 4.0, ACCENT);
        ui.circle(c, 6.0, INK);
    }
}

fn climb_text(c: i8) -> String {
    match c {
        0 => "same".into(),
        c if c > 0 => format!("+{c}"),
        c => c.to_string(),
    }
}

/// A plane seen from above on its pole: wings, fuselage, tail, its number
/// and an altitude badge.
#[allow(clippy::too_many_arguments)]
fn draw_plane(
    ui: &Ui,
    v: &BoardView,
    p: Vec2,
    dir: Vec2,
    colour: Color,
    bomber: bool,
    label: &str,
    alt: u8,
    active: bool,
) {
    if !ui.draw {
        return;
    }
    let s = v.size;
    let side = vec2(-dir.y, dir.x);
    if active {
        ui.circle(p, s * 0.95, Color::new(1.0, 0.85, 0.1, 0.85));
    }
    let (span, len, thick) = if bomber {
        (s * 1.75, s * 0.8, (s * 0.26).max(4.0))
    } else {
        (s * 1.5, s * 0.7, (s * 0.22).max(4.0))
    };
    // Wings, fuselage, tailplane, with a dark outline.
    let wing = p + dir * len * 0.12;
    let tail = p - dir * len * 0.85;
    for (w, col) in [(thick + 3.0, INK), (thick, colour)] {
        ui.line(wing - side * span * 0.5, wing + side * span * 0.5, w, col);
        ui.line(p - dir * len, p + dir * len, w * 0.9, col);
        ui.line(
            tail - side * span * 0.22,
            tail + side * span * 0.22,
            w * 0.8,
            col,
        );
    }
    if bomber {
        // Two engines, and the bomber's number.
        for k in [-0.28f32, 0.28] {
            ui.circle(wing + side * span * k + dir * s * 0.08, thick * 0.7, INK);
        }
        ui.circle(p, s * 0.34, WHITE);
        ui.circle_lines(p, s * 0.34, 1.5, INK);
        ui.text_centered(label, p.x, p.y + 6.0, 18.0, INK);
    } else {
        // Roundel.
        ui.circle(p, s * 0.22, Color::new(0.1, 0.2, 0.6, 1.0));
        ui.circle(p, s * 0.14, WHITE);
        ui.circle(p, s * 0.07, Color::new(0.8, 0.1, 0.1, 1.0));
    }
    // Altitude badge.
    let bs = (s * 0.75).max(16.0);
    let b = Rect::new(p.x + s * 0.45, p.y - s * 0.45 - bs, bs, bs);
    ui.rect(b, if bomber { INK } else { WHITE });
    ui.rect_lines(b, 2.0, if bomber { WHITE } else { colour });
    ui.text_centered(
        &alt.to_string(),
        b.x + b.w / 2.0,
        b.y + b.h * 0.8,
        b.h * 1.05,
        if bomber { WHITE } else { INK },
    );
}

/// The new-game screen's choices for the family game.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyNew {
    pub board: usize,
    pub count: usize,
    pub seats: Vec<SeatChoice>,
    pub short: bool,
    pub seed: String,
    /// Which field typing goes to: None the seed, Some(i) commander i's name.
    pub editing: Option<usize>,
    /// The board's airfields by sector (square names), and the board they
    /// were read for.
    airfields: Vec<Vec<String>>,
    airfields_of: Option<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatChoice {
    pub name: String,
    pub sector: u8,
    /// Which of the sector's airfields the Spitfire starts on.
    pub airfield: u8,
    pub human: bool,
}

impl FamilyNew {
    pub fn new(seed: String) -> FamilyNew {
        FamilyNew {
            board: 0,
            count: 1,
            seats: (0..4)
                .map(|i| SeatChoice {
                    name: format!("Player {}", i + 1),
                    sector: i as u8,
                    airfield: 0,
                    human: true,
                })
                .collect(),
            short: false,
            seed,
            editing: None,
            airfields: Vec::new(),
            airfields_of: None,
        }
    }

    /// The chosen board's airfields by sector, as square names (read once
    /// per board).
    fn airfield_names(&mut self) -> &[Vec<String>] {
        if self.airfields_of != Some(self.board) {
            let (name, _, _) =
                crate::data::FAMILY_BOARDS[self.board % crate::data::FAMILY_BOARDS.len()];
            self.airfields = match crate::data::load_family(name) {
                Ok(sc) => (0..sc.sectors.len() as u8)
                    .map(|sector| {
                        sc.airfields_of(sector)
                            .into_iter()
                            .map(|f| sc.cell_name(sc.features[f].hex))
                            .collect()
                    })
                    .collect(),
                Err(_) => Vec::new(),
            };
            self.airfields_of = Some(self.board);
        }
        &self.airfields
    }

    /// The game this screen describes.
    pub fn start(&self) -> Result<FamilyBattle, String> {
        let (name, _, _) =
            crate::data::FAMILY_BOARDS[self.board % crate::data::FAMILY_BOARDS.len()];
        let sc = crate::data::load_family(name).map_err(|e| e.to_string())?;
        let seed: u64 = self
            .seed
            .trim()
            .parse()
            .map_err(|_| format!("The seed must be a whole number, not \"{}\".", self.seed))?;
        let seats = &self.seats[..self.count];
        let setup = Setup {
            seats: seats
                .iter()
                .map(|s| SeatSetup {
                    sector: s.sector,
                    airfield: s.airfield,
                })
                .collect(),
            short_game: self.short,
        };
        let commanders = seats
            .iter()
            .map(|s| Player {
                name: if s.name.trim().is_empty() {
                    "Commander".into()
                } else {
                    s.name.trim().to_string()
                },
                human: s.human,
            })
            .collect();
        let game = Game::new(std::sync::Arc::new(sc), setup, seed)?;
        Ok(FamilyBattle::new(game, name, commanders))
    }

    /// The next sector for seat `i` that no other seat has taken.
    fn next_sector(&mut self, i: usize, sectors: usize) {
        let taken: Vec<u8> = (0..self.count)
            .filter(|&j| j != i)
            .map(|j| self.seats[j].sector)
            .collect();
        let mut s = self.seats[i].sector;
        for _ in 0..sectors {
            s = (s + 1) % sectors as u8;
            if !taken.contains(&s) {
                break;
            }
        }
        self.seats[i].sector = s;
        self.seats[i].airfield = 0;
    }

    /// Seats beyond the first `count` give up their sectors to the others.
    fn fix_sectors(&mut self, sectors: usize) {
        for i in 0..self.count {
            if (0..i).any(|j| self.seats[j].sector == self.seats[i].sector) {
                self.next_sector(i, sectors);
            }
        }
    }
}

/// Draws and runs the family new-game screen; returns Some(true) to start,
/// Some(false) to go back.
pub fn new_game_screen(ui: &mut Ui, ng: &mut FamilyNew) -> Option<bool> {
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.16, 0.22, 0.32, 1.0),
    );
    ui.text_centered(
        "Spitfires against the bombers",
        ui.w / 2.0,
        60.0,
        48.0,
        PAPER,
    );
    ui.text_centered(
        "One to four sector commanders; the bombers fly by the spinner",
        ui.w / 2.0,
        92.0,
        22.0,
        Color::new(0.8, 0.82, 0.86, 1.0),
    );
    let boards = crate::data::FAMILY_BOARDS;
    let titles = [
        "Board: Southern England (16 x 20)",
        "Board: Kitchen table (12 x 14)",
    ];
    let bw = 560.0f32.min(ui.w - 40.0);
    let x = (ui.w - bw) / 2.0;
    let rh = 40.0;
    let mut y = 116.0;
    if ui.button(Rect::new(x, y, bw, rh), titles[ng.board % titles.len()]) {
        ng.board = (ng.board + 1) % boards.len();
    }
    y += rh + 8.0;
    let count_label = if ng.count == 1 {
        "Commanders: 1 (solo)".to_string()
    } else {
        format!("Commanders: {}", ng.count)
    };
    if ui.button(Rect::new(x, y, bw, rh), &count_label) {
        ng.count = ng.count % 4 + 1;
        ng.fix_sectors(4);
        ng.editing = None;
    }
    y += rh + 8.0;
    for i in 0..ng.count {
        let name_r = Rect::new(x, y, bw * 0.34, rh);
        let editing = ng.editing == Some(i);
        ui.rect(name_r, Color::new(0.98, 0.97, 0.92, 1.0));
        ui.rect_lines(
            name_r,
            if editing { 3.0 } else { 1.5 },
            if editing { ACCENT } else { INK },
        );
        let cursor = if editing { "_" } else { "" };
        ui.text(
            &format!("{}{cursor}", ng.seats[i].name),
            name_r.x + 10.0,
            name_r.y + 27.0,
            22.0,
            INK,
        );
        ui.buttons.push(super::ui::Hit {
            label: format!("Name {}", i + 1),
            rect: name_r,
        });
        if ui.clicked(name_r) {
            ng.editing = Some(i);
        }
        let colour = SectorColour::ALL[ng.seats[i].sector as usize % 4];
        let sec_r = Rect::new(x + bw * 0.36, y, bw * 0.22, rh);
        ui.rect(
            Rect::new(sec_r.x - 4.0, sec_r.y - 4.0, sec_r.w + 8.0, sec_r.h + 8.0),
            sector_colour(colour),
        );
        if ui.button(sec_r, &format!("Sector {}", colour.name())) {
            ng.next_sector(i, 4);
        }
        // The airfield the Spitfire starts on, by its square.
        let sector = ng.seats[i].sector as usize;
        let fields = ng.airfield_names().get(sector).cloned().unwrap_or_default();
        let here = fields
            .get(ng.seats[i].airfield as usize)
            .cloned()
            .unwrap_or_default();
        if ui.button(
            Rect::new(x + bw * 0.60, y, bw * 0.18, rh),
            &format!("Field {here}"),
        ) && !fields.is_empty()
        {
            ng.seats[i].airfield = ((ng.seats[i].airfield as usize + 1) % fields.len()) as u8;
        }
        let who = if ng.seats[i].human {
            "Human"
        } else {
            "Computer"
        };
        if ui.button(
            Rect::new(x + bw * 0.80, y, bw * 0.20, rh),
            &format!("{who} {}", i + 1),
        ) {
            ng.seats[i].human = !ng.seats[i].human;
        }
        y += rh + 8.0;
    }
    let short = if ng.short {
        "Short game: first to three kills"
    } else {
        "Full game: first to five kills"
    };
    if ui.button(Rect::new(x, y, bw, rh), short) {
        ng.short = !ng.short;
    }
    y += rh + 8.0;
    let seed_r = Rect::new(x, y, bw, rh);
    let seed_edit = ng.editing.is_none();
    ui.rect(seed_r, Color::new(0.98, 0.97, 0.92, 1.0));
    ui.rect_lines(
        seed_r,
        if seed_edit { 3.0 } else { 1.5 },
        if seed_edit { ACCENT } else { INK },
    );
    ui.text(
        &format!("Seed: {}{}", ng.seed, if seed_edit { "_" } else { "" }),
        seed_r.x + 10.0,
        seed_r.y + 27.0,
        22.0,
        INK,
    );
    ui.buttons.push(super::ui::Hit {
        label: "Seed".into(),
        rect: seed_r,
    });
    if ui.clicked(seed_r) {
        ng.editing = None;
    }
    // Typing goes to the field being edited.
    let chars = ui.input.chars.clone();
    match ng.editing {
        Some(i) => {
            for c in chars {
                if (c.is_alphanumeric() || c == ' ' || c == '-')
                    && ng.seats[i].name.chars().count() < 16
                {
                    ng.seats[i].name.push(c);
                }
            }
            if ui.input.key(KeyCode::Backspace) {
                ng.seats[i].name.pop();
            }
        }
        None => {
            super::ui::type_seed(ui, &mut ng.seed);
        }
    }
    y += rh + 16.0;
    let mut out = None;
    if ui.button(Rect::new(x, y, bw * 0.48, rh + 6.0), "Start")
        || (ui.input.key(KeyCode::Enter) && ng.editing.is_none())
    {
        out = Some(true);
    }
    if ui.input.key(KeyCode::Enter) && ng.editing.is_some() {
        ng.editing = None;
    }
    if ui.button(Rect::new(x + bw * 0.52, y, bw * 0.48, rh + 6.0), "Back") {
        out = Some(false);
    }
    out
}

/// The family game's result screen body: who won and each commander's tally.
pub fn result_screen(ui: &mut Ui, b: &FamilyBattle) -> (bool, bool) {
    let g = &b.game;
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.16, 0.22, 0.32, 1.0),
    );
    let title = match (g.winner(), g.ending()) {
        (Some(w), _) => format!("{} wins", b.name(w)),
        (None, Some(Ending::AllOut)) => "The bombers win".to_string(),
        _ => "Nightfall: nobody wins".to_string(),
    };
    ui.text_centered(&title, ui.w / 2.0, 90.0, 56.0, PAPER);
    ui.text_centered(
        &format!("{} rounds, first to {} kills", g.round(), g.kills_to_win()),
        ui.w / 2.0,
        128.0,
        24.0,
        Color::new(0.8, 0.82, 0.86, 1.0),
    );
    let mut y = 190.0;
    for seat in 0..g.spitfires().len() as u8 {
        let s = g.spitfire(seat);
        let r = Rect::new(ui.w / 2.0 - 300.0, y, 600.0, 44.0);
        ui.rect(r, PAPER);
        ui.rect(Rect::new(r.x, r.y, 12.0, r.h), b.colour_of(seat));
        let fate = match s.lost {
            Some(c) => format!("out: {}", c.name()),
            None => "still flying".into(),
        };
        ui.text(
            &format!("{}: {} kills, {fate}", b.name(seat), s.kills),
            r.x + 22.0,
            r.y + 29.0,
            22.0,
            INK,
        );
        for k in 0..s.kills {
            let c = vec2(r.x + r.w - 20.0 - k as f32 * 20.0, r.y + 22.0);
            ui.rect(Rect::new(c.x - 8.0, c.y - 3.0, 16.0, 6.0), INK);
            ui.rect(Rect::new(c.x - 3.0, c.y - 8.0, 6.0, 16.0), INK);
        }
        y += 52.0;
    }
    let bombed = (0..g.scenario().features.len())
        .filter(|&f| g.is_knocked_out(f))
        .count();
    ui.text_centered(
        &format!("{bombed} of {} targets bombed", g.scenario().features.len()),
        ui.w / 2.0,
        y + 30.0,
        22.0,
        PAPER,
    );
    let bw = 240.0;
    let by = ui.h - 90.0;
    let watch = ui.button(
        Rect::new(ui.w / 2.0 - bw - 10.0, by, bw, 50.0),
        "Watch the replay",
    );
    let menu = ui.button(Rect::new(ui.w / 2.0 + 10.0, by, bw, 50.0), "Main menu")
        || ui.input.key(KeyCode::Enter);
    (watch, menu)
}

/// The family game's page of the rules and controls.
pub const HELP: &str = "THE GAME. One to four sector commanders, each with a Spitfire, against five bombers. Shoot a bomber down by being in the square directly behind it at its altitude: you take a kill token and it goes back to its start square. The first to five kills wins (three in the short game). If every Spitfire is lost, the bombers win; a game nobody has won ends at nightfall after round 60 (our addition: the sheet has no limit).
EACH ROUND. The bombers fly first: the spinner gives each one an altitude change (same, +1 or -1) and a direction (beam: straight on; port: forward-left; starboard: forward-right); the bomber changes altitude, then flies two squares and faces that way. At the north edge a bomber turns round and heads south; sent off the east or west edge it goes back to its start. Then each commander flies; the order rotates by one every round.
YOUR SPITFIRE. On the ground: take off (to cruising altitude, above the airfield) or wait. In the air: move one or two squares; or climb or dive one or two notches in place; or move one square and climb or dive one; or land on an airfield up to two squares away; or do nothing. Altitude changes first, then the move.
FUEL. One notch goes at the start of each of your turns in the air. Landing in your own sector fills the tank; anywhere else gives half a tank. Out of fuel in the air: you crash and are out.
BOMBING. A bomber over land destroys any airfield, radar station or AA battery it flies over. Radar hit: that sector's Spitfire must land at once on any free airfield. A bombed airfield cannot be used; a sector that has lost all its AA loses its airfields; a Spitfire on an airfield when it is bombed is destroyed.
COLLISIONS. No two planes may end on one square. A bomber ending on (or flying through) your square at your altitude: both crash and you are out; at another altitude you must give way to a free neighbouring square (a free move, which may put you behind a bomber). Flying through a plane at your altitude is a collision too.
ON SCREEN. Each plane stands on a pole above its shadow: the higher, the longer the pole, and the badge gives the altitude. The small chevrons mark the square behind each bomber. Pick the altitude change with the buttons or Up/Down (L: land), then click a highlighted square: gold squares shoot a bomber down, red ones collide. Keys: T take off, Space do nothing, U undo since the last spin, F5 save, S skip the bombers' and computers' animations, H this page, Esc leave.";
