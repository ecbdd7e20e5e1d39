//! The campaign's table: the map of Britain and the near continent, the
//! raids and the wings on it, each group's and Luftflotte's dashboard, the
//! German hand, the weather, the turn track and the score, and every
//! decision of the turn sequence; intercepts fought on the hex board zoom
//! into the Simple Hex screen.
//!
//! As on the other tables, the campaign changes only through
//! `Campaign::play`, and the counters are drawn from a display state that
//! follows the event log one square at a time. What a side may not see stays
//! hidden: the German hand, the raids' targets and what the geschwader and
//! gruppen hold from the RAF; which squadrons fly in which wing from the
//! Luftwaffe.

use super::simple_hex::{HexAi, HexScene};
use super::table::Table;
use super::table::TableAction;
use super::ui::{mix, Layer, Ui, ACCENT, DIM, INK, PAPER};
use super::Players;
use crate::campaign::ai;
use crate::campaign::data::{Group, Luftflotte, Role, Square, Terrain};
use crate::campaign::deck::CardKind;
use crate::campaign::forces::{Holder, Place};
use crate::campaign::game::{
    Battles, BombRun, Campaign, CampaignSetup, Command, Event, RaidState, Stage, WingState,
};
use crate::campaign::on_board::OnTheBoard;
use crate::campaign::rules::WeatherRule;
use crate::campaign::score::{luftwaffe_rate_holds, Verdict};
use crate::campaign::tactical::{Fate, Outcome};
use crate::record::{self, campaign::CampaignRecord, RecordError};
use crate::saves::Slot;
use crate::settings::Settings;
use crate::simple_hex::Side;
use crate::sound::Sfx;
use macroquad::prelude::*;
use std::collections::VecDeque;

// ----- colours -----

const SEA: Color = Color::new(0.42, 0.60, 0.78, 1.0);
const CONTINENT: Color = Color::new(0.74, 0.70, 0.62, 1.0);
const RAF: Color = Color::new(0.80, 0.87, 0.97, 1.0);
const RAF_INK: Color = Color::new(0.10, 0.20, 0.45, 1.0);
const LUFTWAFFE: Color = Color::new(0.30, 0.32, 0.36, 1.0);
const GOLD: Color = Color::new(1.0, 0.80, 0.10, 1.0);
const BANNER: Color = Color::new(0.16, 0.22, 0.32, 1.0);

fn group_colour(g: Group) -> Color {
    match g {
        Group::Ten => Color::new(0.70, 0.82, 0.52, 1.0),
        Group::Eleven => Color::new(0.90, 0.80, 0.52, 1.0),
        Group::Twelve => Color::new(0.60, 0.80, 0.70, 1.0),
        Group::Thirteen => Color::new(0.78, 0.72, 0.86, 1.0),
    }
}

/// The sheet's name for each weather rule, with ours.
pub fn weather_title(w: WeatherRule) -> &'static str {
    match w {
        WeatherRule::PhaseDice => "Weather dice by phase (the sheet's rule)",
        WeatherRule::SingleDice => "Single dice (the first alternative)",
        WeatherRule::Shortened => "Shortened, no weather (the second alternative)",
        WeatherRule::Cards => "Weather cards (the third alternative)",
        WeatherRule::Historical => "Historical weather (the fourth alternative)",
    }
}

fn weather_note(w: WeatherRule) -> &'static str {
    match w {
        WeatherRule::PhaseDice => "Each turn both sides throw a die; the pairs that give a respite change with the phase (1/2, 1/3, 4/9 of turns).",
        WeatherRule::SingleDice => "The same dice every turn: 15 in 36 turns are respites.",
        WeatherRule::Shortened => "No weather: seven flying turns in the three phases.",
        WeatherRule::Cards => "Four black and seven red cards, one drawn each turn: black is a respite.",
        WeatherRule::Historical => "The weather of 1940: turns 1, 4, 7 and 10 are respites.",
    }
}

fn battles_title(b: Battles) -> &'static str {
    match b {
        Battles::Dice => "Intercepts: thrown with the campaign's dice",
        Battles::Board => "Intercepts: fought on the hex board",
        Battles::Ask => "Intercepts: ask at each one",
    }
}

const PLAYERS: [&str; 3] = [
    "Solo: you command the RAF",
    "Solo: you command the Luftwaffe",
    "Two players, passing the machine",
];

// ----- the new-campaign screen -----

/// The choices of the new-campaign screen.
#[derive(Clone, Debug, PartialEq)]
pub struct CampaignNew {
    /// 0: RAF solo, 1: Luftwaffe solo, 2: two players.
    pub players: usize,
    /// Index into `WeatherRule::ALL`.
    pub weather: usize,
    /// Index into `Battles::ALL`.
    pub battles: usize,
    pub seed: String,
}

impl CampaignNew {
    pub fn new(seed: String) -> CampaignNew {
        CampaignNew {
            players: 0,
            weather: 0,
            battles: 2,
            seed,
        }
    }

    pub fn human(&self) -> Option<Side> {
        match self.players {
            0 => Some(Side::British),
            1 => Some(Side::German),
            _ => None,
        }
    }

    pub fn setup(&self) -> Result<CampaignSetup, String> {
        let seed: u64 = self
            .seed
            .trim()
            .parse()
            .map_err(|_| format!("The seed must be a whole number, not \"{}\".", self.seed))?;
        Ok(CampaignSetup {
            weather: WeatherRule::ALL[self.weather % WeatherRule::ALL.len()],
            seed,
            battles: Battles::ALL[self.battles % Battles::ALL.len()],
        })
    }

    /// The campaign these choices begin, on the shipped map, cards, order
    /// of battle and rules.
    pub fn start(&self) -> Result<CampaignTable, String> {
        let setup = self.setup()?;
        let (data, rules) = crate::record::campaign::shipped()
            .map_err(|e| format!("The campaign's files could not be read: {e}"))?;
        let c = Campaign::new(data, rules, setup);
        Ok(CampaignTable::new(c, self.human()))
    }
}

/// The new-campaign screen: Some(true) to start, Some(false) to go back.
pub fn new_campaign_screen(ui: &mut Ui, ng: &mut CampaignNew) -> Option<bool> {
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), BANNER);
    ui.text_centered("The Battle of Britain", ui.w / 2.0, 80.0, 56.0, PAPER);
    ui.text_centered(
        "A campaign of eleven weeks, July to September 1940",
        ui.w / 2.0,
        116.0,
        22.0,
        Color::new(0.8, 0.82, 0.86, 1.0),
    );
    let bw = 560.0f32.min(ui.w - 40.0);
    let x = (ui.w - bw) / 2.0;
    let bh = ((ui.h - 220.0) / 7.5).clamp(34.0, 52.0);
    let step = bh + 12.0;
    let mut y = 140.0 + ((ui.h - 140.0 - 7.0 * step - 40.0) / 2.0).max(0.0);
    let mut r = || {
        let out = Rect::new(x, y, bw, bh);
        y += step;
        out
    };
    let (r0, r1, r2, r3, r4, r5) = (r(), r(), r(), r(), r(), r());
    // Room under the weather button for its note.
    let below = |r: Rect| Rect::new(r.x, r.y + 26.0, r.w, r.h);
    let (r2, r3, r4, r5) = (below(r2), below(r3), below(r4), below(r5));
    if ui.button(r0, &format!("Players: {}", PLAYERS[ng.players % 3])) {
        ng.players = (ng.players + 1) % 3;
    }
    let w = WeatherRule::ALL[ng.weather % WeatherRule::ALL.len()];
    if ui.button(r1, &format!("Weather: {}", weather_title(w))) {
        ng.weather = (ng.weather + 1) % WeatherRule::ALL.len();
    }
    ui.text(
        weather_note(w),
        x,
        r1.y + bh + 24.0,
        17.0,
        Color::new(0.85, 0.86, 0.9, 1.0),
    );
    let b = Battles::ALL[ng.battles % Battles::ALL.len()];
    if ui.button(r2, battles_title(b)) {
        ng.battles = (ng.battles + 1) % Battles::ALL.len();
    }
    ui.rect(r3, Color::new(0.98, 0.97, 0.92, 1.0));
    ui.rect_lines(r3, 2.0, INK);
    ui.text(
        &format!("Seed: {}_", ng.seed),
        r3.x + 14.0,
        r3.y + bh * 0.66,
        24.0,
        INK,
    );
    super::ui::type_seed(ui, &mut ng.seed);
    let mut out = None;
    if ui.button(r4, "Start the campaign") || ui.input.key(KeyCode::Enter) {
        out = Some(true);
    }
    if ui.button(r5, "Back") {
        out = Some(false);
    }
    out
}

// ----- the map's geometry -----

/// Where the map is on screen: its top-left corner and the side of a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapView {
    pub rect: Rect,
    pub cell: f32,
    pub cols: i32,
    pub rows: i32,
}

impl MapView {
    pub fn square(&self, sq: Square) -> Rect {
        Rect::new(
            self.rect.x + sq.col as f32 * self.cell,
            self.rect.y + sq.row as f32 * self.cell,
            self.cell,
            self.cell,
        )
    }

    pub fn center(&self, sq: Square) -> Vec2 {
        let r = self.square(sq);
        vec2(r.x + r.w / 2.0, r.y + r.h / 2.0)
    }

    pub fn pick(&self, p: Vec2) -> Option<Square> {
        if !self.rect.contains(p) {
            return None;
        }
        let col = ((p.x - self.rect.x) / self.cell) as i32;
        let row = ((p.y - self.rect.y) / self.cell) as i32;
        (col < self.cols && row < self.rows).then_some(Square::new(col, row))
    }
}

/// The parts of the table's screen.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    map: MapView,
    act: Rect,
    info: Rect,
}

fn layout(w: f32, h: f32, cols: i32, rows: i32) -> Layout {
    let top = 44.0;
    let bottom = 34.0;
    let cell = ((h - top - bottom - 4.0) / rows as f32)
        .min(w * 0.46 / cols as f32)
        .floor()
        .max(8.0);
    let map = MapView {
        rect: Rect::new(8.0, top, cell * cols as f32, cell * rows as f32),
        cell,
        cols,
        rows,
    };
    let x = map.rect.x + map.rect.w + 8.0;
    let rest = (w - x - 8.0).max(200.0);
    let aw = (rest * 0.47).floor();
    let ph = h - top - bottom;
    Layout {
        map,
        act: Rect::new(x, top, aw, ph),
        info: Rect::new(x + aw + 8.0, top, rest - aw - 8.0, ph),
    }
}

// ----- what the table shows moving -----

#[derive(Clone, Debug)]
enum Anim {
    /// A geschwader flies one square.
    Geschwader {
        g: usize,
        to: Square,
    },
    /// A wing flies (one square in an intercept, up to five in RAF movement).
    Wing {
        w: usize,
        to: Square,
    },
    /// Straight back to base or station.
    GeschwaderJump {
        g: usize,
        to: Square,
    },
    WingJump {
        w: usize,
        to: Square,
    },
    /// Bombs, or a squadron lost, on a square.
    Flash {
        at: Square,
        bombs: bool,
    },
    Log(LogLine),
    /// Every counter where the campaign has it.
    Sync,
    Pause(f32),
}

/// A line of the log, as each side may read it.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    /// What the RAF's commander reads.
    pub raf: String,
    /// What the Luftwaffe's commander reads.
    pub luftwaffe: String,
    pub side: Option<Side>,
}

impl LogLine {
    pub fn for_side(&self, viewer: Side) -> &str {
        match viewer {
            Side::British => &self.raf,
            Side::German => &self.luftwaffe,
        }
    }
}

/// One thing the panel offers: a button's label and what it does.
#[derive(Clone, Debug, PartialEq)]
pub struct Act {
    pub label: String,
    pub what: Do,
    /// Framed in gold (the geschwader picked, the wave chosen).
    pub on: bool,
}

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

/// The table of a campaign in progress.
pub struct CampaignTable {
    /// The campaign, while the map is shown (on the board, the board's
    /// table holds it: see `campaign()`).
    held: Campaign,
    /// The side the human plays; None: two players pass the machine.
    pub human: Option<Side>,
    /// Two players: the side that has the machine now.
    pub viewer: Option<Side>,
    /// Two players: the side that must take the machine before it sees.
    pub handover: Option<Side>,
    shown: usize,
    gpos: Vec<Square>,
    wpos: Vec<Square>,
    anims: VecDeque<Anim>,
    anim_t: f32,
    pub log: Vec<LogLine>,
    log_scroll: usize,
    flashes: Vec<(Square, bool, f32)>,
    pub message: Option<String>,
    /// The bottom bar's line as last drawn.
    pub status: String,
    pub sounds: Vec<Sfx>,
    pub autosave_due: bool,
    /// The slot the campaign was loaded from or last saved in.
    pub slot: Option<Slot>,
    ai_wait: f32,
    skip: bool,
    last_stage: Option<std::mem::Discriminant<Stage>>,
    // The decision being put together.
    pub picked_geschwader: Option<usize>,
    pub picked_wing: Option<usize>,
    pub wave: u8,
    /// Production dice for squadrons (the rest repair the ground).
    pub for_squadrons: u8,
    page: usize,
    /// Legal commands, worked out once per command played.
    legal: Vec<Command>,
    legal_key: Option<usize>,
    /// The intercept on the hex board, on the Simple Hex screen.
    pub sub: Option<Box<Table<HexScene<OnTheBoard>>>>,
    /// A board battle just over: its result, until "Back to the map".
    pub result: Option<(Outcome, String)>,
    /// The buttons of the last frame and what each does (for scripts and tests).
    pub acts: Vec<Act>,
    /// Every line of text the last frame showed (for tests: what a side saw).
    texts: std::cell::RefCell<Vec<String>>,
    /// How long the animation at the front of the queue takes.
    front_len: f32,
    pub view: MapView,
    map_layer: Layer<(Rect, u64)>,
}

/// Short names for the counters.
fn short_geschwader(name: &str) -> String {
    let mut it = name.split_whitespace();
    match (it.next(), it.next()) {
        (Some(a), Some(b)) => format!("{a}{}", b.trim_end_matches(',')),
        (Some(a), None) => a.to_string(),
        _ => "?".into(),
    }
}

fn short_wing(name: &str) -> String {
    let words: Vec<&str> = name
        .split_whitespace()
        .filter(|w| *w != "Wing" && *w != "Big")
        .collect();
    match words.as_slice() {
        [one] => one.chars().take(3).collect(),
        many => many.iter().filter_map(|w| w.chars().next()).collect(),
    }
}

impl CampaignTable {
    /// The campaign, wherever it is played now (on the map or the board).
    pub fn campaign(&self) -> &Campaign {
        match &self.sub {
            Some(b) => b.game.campaign(),
            None => &self.held,
        }
    }

    pub fn new(campaign: Campaign, human: Option<Side>) -> CampaignTable {
        let data = campaign.data().clone();
        let view = layout(1280.0, 800.0, data.map.columns as i32, data.map.rows as i32).map;
        let mut t = CampaignTable {
            gpos: Vec::new(),
            wpos: Vec::new(),
            human,
            viewer: human,
            handover: None,
            shown: 0,
            anims: VecDeque::new(),
            anim_t: 0.0,
            log: Vec::new(),
            log_scroll: 0,
            flashes: Vec::new(),
            message: None,
            status: String::new(),
            sounds: Vec::new(),
            autosave_due: false,
            slot: None,
            ai_wait: 0.0,
            skip: false,
            last_stage: None,
            picked_geschwader: None,
            picked_wing: None,
            wave: 1,
            for_squadrons: 0,
            page: 0,
            legal: Vec::new(),
            legal_key: None,
            sub: None,
            result: None,
            acts: Vec::new(),
            texts: Default::default(),
            front_len: 0.0,
            view,
            map_layer: Layer::default(),
            held: campaign,
        };
        // What happened before this screen opened: logged, not animated.
        let n = t.held.events().len();
        for i in 0..n {
            let e = t.held.events()[i].clone();
            t.log_event(&e);
        }
        t.flush_log();
        t.shown = n;
        t.sync();
        t.last_stage = Some(std::mem::discriminant(t.held.stage()));
        t
    }

    /// The campaign as a record.
    pub fn record(&self) -> Result<CampaignRecord, RecordError> {
        record::of(
            self.campaign(),
            self.players().to_record(),
            std::path::Path::new("."),
        )
    }

    pub fn is_watching(&self) -> bool {
        false
    }

    pub fn busy(&self) -> bool {
        !self.anims.is_empty()
    }

    pub fn players(&self) -> Players {
        match self.human {
            Some(h) => Players::Solo { human: h },
            None => Players::TwoPlayers,
        }
    }

    fn is_human(&self, side: Side) -> bool {
        self.human.is_none_or(|h| h == side)
    }

    /// Whose decision it is: the side to act, except that in a solo game
    /// the player decides how every intercept is fought.
    pub fn decider(&self) -> Option<Side> {
        match (self.held.stage(), self.human) {
            (Stage::HowToFight { .. }, Some(h)) => Some(h),
            _ => self.held.to_act(),
        }
    }

    /// The human whose decision it is, if it is a human's.
    pub fn human_turn(&self) -> Option<Side> {
        self.decider().filter(|&s| self.is_human(s))
    }

    /// Whose eyes the screen shows: the human's in a solo game; the side
    /// that has the machine with two players.
    pub fn viewer(&self) -> Side {
        match self.human {
            Some(h) => h,
            None => self
                .viewer
                .or_else(|| self.human_turn())
                .unwrap_or(Side::British),
        }
    }

    fn legal(&mut self) -> &[Command] {
        let key = self.held.commands().len();
        if self.legal_key != Some(key) {
            self.legal = self.held.legal_commands();
            self.legal_key = Some(key);
        }
        &self.legal
    }

    fn flush_log(&mut self) {
        for a in self.anims.drain(..) {
            if let Anim::Log(line) = a {
                self.log.push(line);
            }
        }
    }

    /// Where a geschwader's counter belongs now.
    fn home_square(&self, g: usize) -> Square {
        let ges = &self.held.geschwader()[g];
        match ges.state {
            RaidState::Aloft => ges.at,
            _ => self.held.data().oob.geschwader[g].at,
        }
    }

    /// Every counter where the campaign has it.
    fn sync(&mut self) {
        self.gpos = (0..self.held.geschwader().len())
            .map(|g| self.home_square(g))
            .collect();
        self.wpos = self.held.wings().iter().map(|w| w.at).collect();
    }

    // ----- names -----

    fn geschwader_name(&self, g: usize) -> String {
        self.held.data().oob.geschwader[g].name.clone()
    }

    fn wing_name(&self, w: usize) -> String {
        let wing = &self.held.wings()[w];
        let name = &self.held.data().oob.wings[w].name;
        if wing.big {
            format!("Big Wing ({name})")
        } else {
            name.clone()
        }
    }

    fn squadron(&self, s: usize) -> String {
        let q = &self.held.forces().squadrons[s];
        format!("{} ({})", q.name, self.held.aircraft(s).name)
    }

    fn card_name(&self, card: u16) -> String {
        self.held.data().targets.cards[card as usize].name.clone()
    }

    /// A hand card as the German reads it: name, kind, hits.
    pub fn card_entry(&self, card: u16) -> String {
        let c = &self.held.data().targets.cards[card as usize];
        format!(
            "{} - {}, {} hit{}",
            c.name,
            c.kind.name(),
            c.hits,
            if c.hits == 1 { "" } else { "s" }
        )
    }

    /// The name of what stands on a square, else where it is.
    pub fn square_name(&self, sq: Square) -> String {
        let m = &self.held.data().map;
        let named = m
            .places
            .iter()
            .find(|p| p.at == sq)
            .map(|p| p.name.clone())
            .or_else(|| {
                m.stations
                    .iter()
                    .find(|s| s.at == sq)
                    .map(|s| s.name.clone())
            })
            .or_else(|| m.radar.iter().find(|s| s.at == sq).map(|s| s.name.clone()))
            .or_else(|| m.bases.iter().find(|b| b.at == sq).map(|b| b.name.clone()));
        if let Some(n) = named {
            return n;
        }
        match m.terrain(sq) {
            Some(Terrain::Sea) => format!("sea ({}, {})", sq.col, sq.row),
            Some(Terrain::Continent) => format!("the continent ({}, {})", sq.col, sq.row),
            Some(Terrain::Land(g)) => format!("{} ({}, {})", g.name(), sq.col, sq.row),
            None => format!("({}, {})", sq.col, sq.row),
        }
    }

    // ----- events to log lines and animations -----

    /// The event as each side reads it (None: not worth a line).
    fn describe(&self, e: &Event) -> Option<LogLine> {
        let c = &self.held;
        let both = |s: String, side: Option<Side>| {
            Some(LogLine {
                raf: s.clone(),
                luftwaffe: s,
                side,
            })
        };
        let split = |raf: String, lw: String, side: Option<Side>| {
            Some(LogLine {
                raf,
                luftwaffe: lw,
                side,
            })
        };
        let rules = c.rules();
        match e {
            Event::TurnBegins { turn, phase } => both(
                format!(
                    "Turn {turn} of {}: {}",
                    c.turns(),
                    rules
                        .phases
                        .get(*phase as usize)
                        .map_or("", |p| p.name.as_str())
                ),
                None,
            ),
            Event::PhaseBegins { phase, .. } => both(
                format!(
                    "{} begins: the target deck is stacked anew",
                    rules
                        .phases
                        .get(*phase as usize)
                        .map_or("?", |p| p.name.as_str())
                ),
                None,
            ),
            Event::StoodDownReturn(v) => {
                let (raf, lw): (Vec<usize>, Vec<usize>) = v
                    .iter()
                    .partition(|&&s| c.forces().squadrons[s].side == Side::British);
                let names = |v: &[usize]| {
                    v.iter()
                        .map(|&s| c.forces().squadrons[s].name.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let count = |n: usize, who: &str| {
                    if n == 0 {
                        String::new()
                    } else {
                        format!("; {n} {who} squadron(s)")
                    }
                };
                split(
                    format!(
                        "Back from standing down: {}{}",
                        names(&raf),
                        count(lw.len(), "Luftwaffe")
                    ),
                    format!(
                        "Back from standing down: {}{}",
                        names(&lw),
                        count(raf.len(), "RAF")
                    ),
                    None,
                )
            }
            Event::CitiesRepaired(n) => both(format!("Every city loses {n} bomb hits"), None),
            Event::Withdrawn { what, squadrons } => both(
                format!(
                    "The {what} squadrons are withdrawn ({} still flying)",
                    squadrons.len()
                ),
                None,
            ),
            Event::Reinforced { squadron, .. } => split(
                format!(
                    "{} joins the battle",
                    c.forces().squadrons[*squadron].name
                ),
                "An allied squadron joins the RAF".into(),
                Some(Side::British),
            ),
            Event::Ace { squadron } => both(
                format!(
                    "{} carries the ace marker",
                    c.forces().squadrons[*squadron].name
                ),
                Some(Side::British),
            ),
            Event::Rotated {
                sent,
                group_from,
                group_to,
                ..
            } => split(
                format!("{group_from} Group sends a {sent} squadron to {group_to} Group"),
                "The RAF rotates a squadron".into(),
                Some(Side::British),
            ),
            Event::RotationsLapsed(n) if *n > 0 => split(
                format!("{n} rotation(s) lapse"),
                String::new(),
                Some(Side::British),
            ),
            Event::ProductionThrown {
                dice,
                squadrons,
                squadron_hits,
                ground_hits,
            } => both(
                format!(
                    "Production: {dice} dice, {squadrons} for squadrons; {squadron_hits} squadron and {ground_hits} repair successes"
                ),
                Some(Side::British),
            ),
            Event::Rebuilt { squadron, reserve } => split(
                format!(
                    "{} is rebuilt{}",
                    self.squadron(*squadron),
                    if *reserve {
                        " with a reserve point"
                    } else {
                        ""
                    }
                ),
                "The RAF rebuilds a squadron".into(),
                Some(Side::British),
            ),
            Event::Mended(card) => both(
                format!("{} is repaired", self.card_name(*card)),
                Some(Side::British),
            ),
            Event::Weather { flies, dice, card } => {
                let d = match (dice, card) {
                    (Some((a, b)), _) => format!(" (dice {} {})", a.symbol(), b.symbol()),
                    (None, Some(card)) => format!(" ({})", card.name()),
                    (None, None) => String::new(),
                };
                both(
                    if *flies {
                        format!("Weather{d}: the Luftwaffe flies")
                    } else {
                        format!("Weather{d}: a respite, the Luftwaffe stays at home")
                    },
                    None,
                )
            }
            Event::Alerted { wings, geschwader } => both(
                format!(
                    "Squadron alert: {} wings and {} geschwader formed",
                    wings.iter().filter(|w| !w.is_empty()).count(),
                    geschwader.iter().filter(|g| !g.is_empty()).count()
                ),
                None,
            ),
            Event::BigWingFormed(a, b) => both(
                format!(
                    "The Big Wing forms: {} with {}",
                    c.data().oob.wings[*a].name,
                    c.data().oob.wings[*b].name
                ),
                Some(Side::British),
            ),
            Event::SeventhSquadron {
                geschwader,
                squadron,
                ..
            } => split(
                format!("{} takes another squadron", self.geschwader_name(*geschwader)),
                format!(
                    "{} takes {}",
                    self.geschwader_name(*geschwader),
                    self.squadron(*squadron)
                ),
                Some(Side::German),
            ),
            Event::EscortTurnsBack {
                geschwader,
                squadrons,
            } => split(
                format!(
                    "{} short-range squadron(s) of {} turn for home at the 12 Group line",
                    squadrons.len(),
                    self.geschwader_name(*geschwader)
                ),
                format!(
                    "At the 12 Group line {} turn for home",
                    squadrons
                        .iter()
                        .map(|&s| self.squadron(s))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Some(Side::German),
            ),
            Event::Mission {
                geschwader,
                card,
                wave,
            } => split(
                format!("{} has its orders", self.geschwader_name(*geschwader)),
                format!(
                    "{} is sent against {} (takes off in Tally Ho phase {wave})",
                    self.geschwader_name(*geschwader),
                    self.card_name(*card)
                ),
                Some(Side::German),
            ),
            Event::TallyHo(n) => both(format!("Tally Ho phase {n}"), None),
            Event::TakesOff(g) => both(
                format!("{} takes off", self.geschwader_name(*g)),
                Some(Side::German),
            ),
            Event::Moved { geschwader, to, .. } => both(
                format!(
                    "{} flies to {}",
                    self.geschwader_name(*geschwader),
                    self.square_name(*to)
                ),
                Some(Side::German),
            ),
            Event::Scramble { wing, geschwader } => both(
                format!(
                    "Scramble the {}: trade over {} ({})",
                    self.wing_name(*wing),
                    self.square_name(c.geschwader()[*geschwader].at),
                    self.geschwader_name(*geschwader)
                ),
                Some(Side::British),
            ),
            Event::WingMoved { wing, to } => both(
                format!("{} flies to {}", self.wing_name(*wing), self.square_name(*to)),
                Some(Side::British),
            ),
            Event::WingFlies { wing, to, aloft } => both(
                format!(
                    "{} {} {}",
                    self.wing_name(*wing),
                    if *aloft { "flies to" } else { "lands at" },
                    self.square_name(*to)
                ),
                Some(Side::British),
            ),
            Event::InterceptMissed { wing } => both(
                format!(
                    "{} did not reach its raid and is back at its station",
                    self.wing_name(*wing)
                ),
                Some(Side::British),
            ),
            Event::BattleOnBoard {
                wing, geschwader, ..
            } => both(
                format!(
                    "{} meets {} on the hex board",
                    self.wing_name(*wing),
                    self.geschwader_name(*geschwader)
                ),
                None,
            ),
            Event::BattleResult(out) => {
                let lost = |side: Side, fate: Fate| {
                    out.squadrons
                        .iter()
                        .filter(|r| r.side == side && r.fate == fate)
                        .count()
                };
                both(
                    format!(
                        "The board battle: RAF {} lost, {} stood down; Luftwaffe {} lost, {} stood down; {} bomb points, {} hit(s)",
                        lost(Side::British, Fate::Lost),
                        lost(Side::British, Fate::StoodDown),
                        lost(Side::German, Fate::Lost),
                        lost(Side::German, Fate::StoodDown),
                        out.points,
                        out.hits
                    ),
                    None,
                )
            }
            Event::ReachedForHome {
                geschwader,
                squadrons,
            } => both(
                format!(
                    "{} reaches for home with {} squadron(s)",
                    self.geschwader_name(*geschwader),
                    squadrons.len()
                ),
                Some(Side::German),
            ),
            Event::OutOfFuel(s) => both(
                format!("{} runs out of fuel and is lost", self.squadron(*s)),
                Some(Side::German),
            ),
            Event::Round {
                round,
                raf,
                luftwaffe,
            } => both(
                format!(
                    "Round {round}: the RAF throws {} dice, {} hit(s); the Luftwaffe {} dice, {} hit(s)",
                    raf.dice, raf.hits, luftwaffe.dice, luftwaffe.hits
                ),
                None,
            ),
            Event::Lost { squadron, .. } => both(
                format!("{} is lost", self.squadron(*squadron)),
                Some(c.forces().squadrons[*squadron].side),
            ),
            Event::StoodDown { squadron, .. } => both(
                format!("{} is stood down", self.squadron(*squadron)),
                Some(c.forces().squadrons[*squadron].side),
            ),
            Event::Bombed {
                geschwader,
                card,
                hits,
                run,
            } => both(
                format!(
                    "{} bombs {}: {hits} hit(s) ({})",
                    self.geschwader_name(*geschwader),
                    self.card_name(*card),
                    match run {
                        BombRun::Dice { aa, .. } =>
                            format!("{} bomb dice stopped by the guns", aa.hits),
                        BombRun::Board { points } =>
                            format!("{points} bomb points on the hex board"),
                    }
                ),
                Some(Side::German),
            ),
            Event::KnockedOut(card) => both(
                format!("{} is knocked out", self.card_name(*card)),
                Some(Side::German),
            ),
            Event::LondonBackOnTop(card) => both(
                format!(
                    "{} still stands: its card goes back on top of the deck",
                    self.card_name(*card)
                ),
                None,
            ),
            Event::TurnEnds(t) => both(format!("Turn {t} ends"), None),
            Event::Luftflotte5Withdrawn { .. } => both(
                "Luftflotte 5 did not attack on its turn and is withdrawn".into(),
                None,
            ),
            Event::CampaignOver(v) => both(
                format!("The campaign is over: {}", verdict_text(*v)),
                None,
            ),
            _ => None,
        }
    }

    fn log_event(&mut self, e: &Event) {
        if let Some(line) = self.describe(e) {
            if !line.raf.is_empty() || !line.luftwaffe.is_empty() {
                self.anims.push_back(Anim::Log(line));
            }
        }
    }

    /// Turns new events into log lines, animations and sounds.
    fn absorb_events(&mut self) {
        while self.shown < self.held.events().len() {
            let e = self.held.events()[self.shown].clone();
            self.shown += 1;
            self.log_event(&e);
            let c = &self.held;
            match e {
                Event::Moved { geschwader, to, .. } => {
                    self.anims.push_back(Anim::Geschwader { g: geschwader, to })
                }
                Event::WingMoved { wing, to } | Event::WingFlies { wing, to, .. } => {
                    self.anims.push_back(Anim::Wing { w: wing, to })
                }
                Event::InterceptMissed { wing } => {
                    let to = c.data().oob.wings[wing].at;
                    self.anims.push_back(Anim::WingJump { w: wing, to });
                }
                Event::ReachedForHome { geschwader, .. } => {
                    let to = c.data().oob.geschwader[geschwader].at;
                    self.anims.push_back(Anim::Pause(0.2));
                    self.anims
                        .push_back(Anim::GeschwaderJump { g: geschwader, to });
                }
                Event::Bombed { card, .. } => {
                    let at = c.data().targets.cards[card as usize].at;
                    self.anims.push_back(Anim::Flash { at, bombs: true });
                }
                Event::Lost { at, .. } => {
                    self.anims.push_back(Anim::Flash { at, bombs: false });
                }
                Event::Round { .. } => self.anims.push_back(Anim::Pause(0.3)),
                Event::TurnBegins { .. }
                | Event::TurnEnds(_)
                | Event::Alerted { .. }
                | Event::BigWingFormed(..)
                | Event::TallyHo(_)
                | Event::BattleResult(_) => {
                    self.anims.push_back(Anim::Sync);
                }
                _ => {}
            }
            if matches!(e, Event::TallyHo(_) | Event::TurnBegins { .. }) {
                self.autosave_due = true;
            }
        }
        let now = std::mem::discriminant(self.held.stage());
        if self.last_stage != Some(now) {
            self.last_stage = Some(now);
            self.autosave_due = true;
            self.page = 0;
        }
    }

    fn anim_seconds(&self, a: &Anim, settings: &Settings) -> f32 {
        let k = settings.anim.step_seconds();
        if k == 0.0 || self.skip {
            return 0.0;
        }
        match a {
            Anim::Geschwader { .. } => k * 2.2,
            Anim::Wing { .. } => k * 2.2,
            Anim::GeschwaderJump { .. } | Anim::WingJump { .. } => k * 1.5,
            Anim::Flash { .. } => k * 4.0,
            Anim::Pause(s) => s * k / 0.18,
            Anim::Log(_) | Anim::Sync => 0.0,
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
            self.front_len = len;
            if self.anim_t == 0.0 && len > 0.0 {
                match &a {
                    Anim::Flash { at, bombs } => {
                        self.sounds
                            .push(if *bombs { Sfx::Bomb } else { Sfx::Explosion });
                        self.flashes.push((*at, *bombs, 0.0));
                    }
                    Anim::Geschwader { .. } | Anim::Wing { .. } if self.sounds.is_empty() => {
                        self.sounds.push(Sfx::Engine)
                    }
                    Anim::Pause(_) => self.sounds.push(Sfx::Dice),
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
                Anim::Geschwader { g, to } | Anim::GeschwaderJump { g, to } => {
                    if let Some(p) = self.gpos.get_mut(g) {
                        *p = to;
                    }
                }
                Anim::Wing { w, to } | Anim::WingJump { w, to } => {
                    if let Some(p) = self.wpos.get_mut(w) {
                        *p = to;
                    }
                }
                Anim::Log(line) => {
                    self.log.push(line);
                    self.log_scroll = 0;
                }
                Anim::Sync => self.sync(),
                _ => {}
            }
        }
        if self.anims.is_empty() {
            self.sync();
        }
    }

    // ----- playing -----

    fn play(&mut self, cmd: Command) {
        match self.held.play(cmd) {
            Ok(()) => {
                self.message = None;
                if !matches!(cmd, Command::Assign { .. }) {
                    self.picked_geschwader = None;
                }
                self.picked_wing = None;
            }
            Err(e) => self.message = Some(capitalise(&e.to_string())),
        }
    }

    /// One frame of the table.
    pub fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        self.texts.borrow_mut().clear();
        self.acts.clear();
        let data = self.held.data().clone();
        let lay = layout(ui.w, ui.h, data.map.columns as i32, data.map.rows as i32);
        self.view = lay.map;
        let dt = ui.input.dt;

        // A battle on the hex board: the Simple Hex screen, inside this one.
        if self.sub.is_some() {
            return self.battle_frame(ui, settings);
        }

        self.absorb_events();
        self.run_anims(dt, settings);
        for f in &mut self.flashes {
            f.2 += dt;
        }
        self.flashes.retain(|f| f.2 < 0.9);

        if ui.input.key(KeyCode::Escape) {
            return TableAction::Leave;
        }
        if ui.input.key(KeyCode::H) || ui.input.key(KeyCode::F1) {
            return TableAction::Help;
        }
        let mut action = TableAction::None;
        if ui.input.key(KeyCode::F5) {
            action = TableAction::Save;
        }

        // Two players: the machine changes hands before the next side sees.
        if self.human.is_none() && self.anims.is_empty() && self.result.is_none() {
            if let (Some(side), None) = (self.human_turn(), self.handover) {
                if self.viewer.is_some_and(|v| v != side) {
                    self.handover = Some(side);
                    self.draw_handover(ui, side);
                    return action;
                }
                if self.viewer.is_none() {
                    self.viewer = Some(side);
                }
            }
        }
        if let Some(side) = self.handover {
            self.draw_handover(ui, side);
            if ui.input.clicked || !ui.input.keys.is_empty() {
                self.handover = None;
                self.viewer = Some(side);
            }
            return action;
        }

        if self.held.is_over() && self.anims.is_empty() {
            self.draw(ui, &lay);
            return TableAction::Finished;
        }

        // The intercept about to be fought on the board: zoom in.
        if self.result.is_none()
            && self.anims.is_empty()
            && matches!(self.held.stage(), Stage::Battle)
        {
            self.open_battle();
            if self.sub.is_some() {
                return self.battle_frame(ui, settings);
            }
        }

        if self.result.is_none() && self.anims.is_empty() && self.human_turn().is_none() {
            // The opponent plays when the screen is quiet, paced.
            if ui.input.key(KeyCode::S) || ui.input.key(KeyCode::Space) {
                self.skip = true;
            }
            self.ai_wait += dt;
            let wait = if self.skip || settings.anim.step_seconds() == 0.0 {
                0.0
            } else {
                settings.anim.step_seconds() * 2.5
            };
            let mut budget = if wait == 0.0 { 400 } else { 1 };
            while budget > 0
                && self.ai_wait >= wait
                && self.human_turn().is_none()
                && !self.held.is_over()
                && !matches!(self.held.stage(), Stage::Battle)
            {
                budget -= 1;
                let Some(side) = self.decider() else { break };
                let Some(cmd) = ai::propose(&self.held, side) else {
                    break;
                };
                self.play(cmd);
                self.ai_wait = 0.0;
                self.absorb_events();
                if !self.anims.is_empty() && wait > 0.0 {
                    break;
                }
                self.run_anims(0.0, settings);
            }
        } else if !self.anims.is_empty() {
            if ui.input.key(KeyCode::S) || ui.input.key(KeyCode::Space) {
                self.skip = true;
            }
        } else if self.human_turn().is_some() {
            self.skip = false;
        }

        // What the player may do now: the panel's buttons and the map. The
        // input is taken first, so that what is drawn (and the buttons laid
        // out) is the state after it.
        if self.mine() {
            self.acts = self.actions(&lay);
            if let Some(what) = self.button_input(ui, &lay) {
                self.apply_do(what);
            } else if self.result.is_none() {
                self.map_click(ui);
            }
            self.acts = if self.mine() {
                self.actions(&lay)
            } else {
                Vec::new()
            };
        }
        self.draw(ui, &lay);
        if self.mine() {
            self.draw_buttons(ui, &lay);
        }
        self.draw_status(ui);
        action
    }

    /// The player has a decision to make on this screen now.
    fn mine(&self) -> bool {
        self.result.is_some()
            || (self.anims.is_empty()
                && self.human_turn().is_some()
                && self.sub.is_none()
                && self.handover.is_none()
                && !matches!(self.held.stage(), Stage::Battle))
    }

    // ----- the battle on the hex board -----

    fn caption(&self) -> String {
        let Some(t) = self.held.battle() else {
            return String::new();
        };
        let c = &self.held;
        let g = t.geschwader;
        let at = c.geschwader()[g].at;
        let raf = t
            .units
            .iter()
            .filter(|&&s| c.forces().squadrons[s].side == Side::British)
            .count();
        let lw = t.units.len() - raf;
        format!(
            "Intercept over {}: the {} ({raf} squadrons) meets {} ({lw} squadrons) - each squadron is a unit of four planes",
            self.square_name(at),
            self.wing_name(t.wing),
            self.geschwader_name(g)
        )
    }

    /// Opens the Simple Hex table on the campaign's battle: the campaign
    /// itself goes onto the board (as `OnTheBoard`), so the board's moves
    /// are the campaign's, and comes back when the battle is over.
    fn open_battle(&mut self) {
        if self.held.battle().is_none() {
            return;
        }
        let caption = self.caption();
        let campaign = self.held.clone();
        let Some(on_board) = OnTheBoard::new(campaign) else {
            return;
        };
        let players = self.players().to_record();
        let mut b = Table::new(
            on_board.clone(),
            HexScene::new(&on_board),
            players,
            HexAi::default(),
        );
        b.scene.caption = Some(caption);
        b.shared.viewer = self.viewer;
        b.slot = self.slot;
        self.sub = Some(Box::new(b));
    }

    fn battle_frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        let Some(sub) = self.sub.as_mut() else {
            return TableAction::None;
        };
        let act = sub.frame(ui, settings);
        self.sounds.append(&mut sub.sounds);
        if std::mem::take(&mut sub.autosave_due) {
            self.autosave_due = true;
        }
        match act {
            TableAction::Leave => TableAction::Leave,
            TableAction::Help => TableAction::Help,
            TableAction::Save => TableAction::Save,
            TableAction::Finished => {
                // The battle is over on the board: the campaign comes back
                // with its result, as it flowed back.
                let sub = self.sub.take().expect("the board is open");
                let caption = sub.scene.caption.clone().unwrap_or_default();
                let last = sub.shared.viewer;
                self.held = sub.game.into_campaign();
                self.legal_key = None;
                if self.human.is_none() {
                    self.viewer = last.or(self.viewer);
                }
                let out = self.held.events().iter().rev().find_map(|e| match e {
                    Event::BattleResult(o) => Some(o.clone()),
                    _ => None,
                });
                if let Some(o) = out {
                    self.result = Some((o, caption));
                }
                self.autosave_due = true;
                TableAction::None
            }
            TableAction::None => TableAction::None,
        }
    }

    // ----- what the player may do -----

    /// The panel's buttons for this decision.
    fn actions(&mut self, lay: &Layout) -> Vec<Act> {
        let mut out = Vec::new();
        let play = |label: String, cmd: Command| Act {
            label,
            what: Do::Play(cmd),
            on: false,
        };
        if self.result.is_some() {
            out.push(Act {
                label: "Back to the map".into(),
                what: Do::BackToMap,
                on: false,
            });
            return out;
        }
        let legal = self.legal().to_vec();
        let c = &self.held;
        let stage = c.stage().clone();
        match stage {
            Stage::KeepHand => {
                for &card in c.deck().hand() {
                    out.push(play(
                        format!("Give back {}", self.card_entry(card)),
                        Command::Discard(card),
                    ));
                }
            }
            Stage::Rotations => {
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
            }
            Stage::ProductionSplit { dice } => {
                let s = self.for_squadrons.min(dice);
                out.push(Act {
                    label: "More dice for squadrons".into(),
                    what: Do::MoreForSquadrons,
                    on: false,
                });
                out.push(Act {
                    label: "Fewer dice for squadrons".into(),
                    what: Do::FewerForSquadrons,
                    on: false,
                });
                out.push(play(
                    format!("Throw: {s} for squadrons, {} for repairs", dice - s),
                    Command::Production { squadrons: s },
                ));
            }
            Stage::Repairs => {
                for cmd in &legal {
                    let label = match *cmd {
                        Command::Rebuild(s) => format!("Rebuild {}", self.squadron(s)),
                        Command::Reserve(s) => {
                            format!("Reserve point: rebuild {}", self.squadron(s))
                        }
                        Command::Mend(card) => format!("Repair {}", self.card_name(card)),
                        Command::EndRepairs => continue,
                        _ => continue,
                    };
                    out.push(play(label, *cmd));
                }
                out.push(play(
                    "End repairs (the rest are lost)".into(),
                    Command::EndRepairs,
                ));
            }
            Stage::Reinforce => {
                for cmd in &legal {
                    if let Command::Reinforce { geschwader, from } = *cmd {
                        let src = match from {
                            None => "from Luftflotte 2's box".to_string(),
                            Some(o) => format!("from {}", self.geschwader_name(o)),
                        };
                        out.push(play(
                            format!(
                                "{} takes a squadron {src}",
                                self.geschwader_name(geschwader)
                            ),
                            *cmd,
                        ));
                    }
                }
                out.push(play("End reinforcing".into(), Command::EndReinforce));
            }
            Stage::BigWing => {
                for cmd in &legal {
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
            }
            Stage::Missions => {
                let free: Vec<usize> = (0..c.geschwader().len())
                    .filter(|&g| {
                        let ges = &c.geschwader()[g];
                        ges.target.is_none()
                            && ges
                                .squadrons
                                .iter()
                                .any(|&s| c.aircraft(s).role == Role::Bomber)
                    })
                    .collect();
                if self.picked_geschwader.is_none_or(|g| !free.contains(&g)) {
                    self.picked_geschwader = free.first().copied();
                }
                for &g in &free {
                    out.push(Act {
                        label: format!(
                            "{}: {} squadrons",
                            self.geschwader_name(g),
                            c.geschwader()[g].squadrons.len()
                        ),
                        what: Do::PickGeschwader(g),
                        on: self.picked_geschwader == Some(g),
                    });
                }
                for wave in 1..=c.rules().raid.waves {
                    out.push(Act {
                        label: format!("Take off in Tally Ho phase {wave}"),
                        what: Do::Wave(wave),
                        on: self.wave == wave,
                    });
                }
                if let Some(g) = self.picked_geschwader {
                    for &card in c.deck().hand() {
                        out.push(play(
                            format!("Target {}", self.card_entry(card)),
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
            }
            Stage::Fly { .. } => {
                out.push(play("Reach for home".into(), Command::Home));
            }
            Stage::InterceptChoice { geschwader } => {
                let at = c.geschwader()[geschwader].at;
                let dist = |w: usize| {
                    (c.wings()[w].at.col - at.col)
                        .abs()
                        .max((c.wings()[w].at.row - at.row).abs())
                };
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
                            "Scramble {} ({} sq., {} squares off)",
                            self.wing_name(w),
                            c.wings()[w].squadrons.len(),
                            dist(w)
                        ),
                        Command::Intercept(w),
                    ));
                }
                out.push(play("No intercept".into(), Command::NoIntercept));
            }
            Stage::InterceptStep { .. } => {}
            Stage::RafMovement => {
                let movable: Vec<usize> = c.movable_wings().collect();
                if self.picked_wing.is_some_and(|w| !movable.contains(&w)) {
                    self.picked_wing = None;
                }
                for w in movable {
                    out.push(Act {
                        label: format!("Move {}", self.wing_name(w)),
                        what: Do::PickWing(w),
                        on: self.picked_wing == Some(w),
                    });
                }
                out.push(play("End RAF movement".into(), Command::EndRafMovement));
            }
            Stage::HowToFight { .. } => {
                out.push(play(
                    "Fight it on the hex board".into(),
                    Command::OnTheBoard,
                ));
                out.push(play("Throw the campaign's dice".into(), Command::WithDice));
            }
            Stage::Gruppen => {
                if let Some(d) = c.dogfight() {
                    let n = c.rules().raid.gruppen.min(d.squadrons.len() as u8);
                    for k in 0..n {
                        let members: Vec<String> = d
                            .gruppe_of
                            .iter()
                            .zip(&d.squadrons)
                            .filter(|(gr, _)| **gr == k)
                            .map(|(_, &s)| c.aircraft(s).name.clone())
                            .collect();
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
            }
            Stage::Attacks => {
                if let Some(d) = c.dogfight() {
                    let n = d.gruppe_of.iter().max().map_or(0, |m| m + 1);
                    for k in 0..n {
                        let size = d.gruppe_of.iter().filter(|&&g| g == k).count();
                        out.push(play(
                            format!("Attack gruppe {} ({size} face down)", k + 1),
                            Command::Attack(Some(k)),
                        ));
                    }
                    out.push(play("Attack no gruppe".into(), Command::Attack(None)));
                }
            }
            Stage::Allocate { .. } => {
                for cmd in &legal {
                    let (s, verb) = match *cmd {
                        Command::Lose(s) => (s, "Lose"),
                        Command::StandDown(s) => (s, "Stand down"),
                        _ => continue,
                    };
                    out.push(play(
                        format!(
                            "{verb} {} (defence {})",
                            self.squadron(s),
                            c.aircraft(s).defence
                        ),
                        *cmd,
                    ));
                }
            }
            Stage::Battle | Stage::Over => {}
        }
        // Too many for the panel: pages.
        let room = self.button_room(lay);
        if out.len() > room && room > 1 {
            let per = room - 1;
            let pages = out.len().div_ceil(per);
            let page = self.page % pages;
            let mut shown: Vec<Act> = out.into_iter().skip(page * per).take(per).collect();
            shown.push(Act {
                label: format!("More choices (page {} of {pages})", page + 1),
                what: Do::NextPage,
                on: false,
            });
            return shown;
        }
        out
    }

    const BUTTON_H: f32 = 30.0;

    /// The panel's title and lines, wrapped to its width.
    fn panel_text(&self, lay: &Layout) -> (Vec<String>, Vec<String>) {
        let r = lay.act;
        let title = wrap(&self.stage_title(), ((r.w - 20.0) / (19.0 * 0.44)) as usize);
        let max = ((r.w - 20.0) / (15.0 * 0.46)) as usize;
        let lines = self.act_lines().iter().flat_map(|l| wrap(l, max)).collect();
        (title, lines)
    }

    /// The first button's top in the action panel: below the panel's text,
    /// and never below the upper half of the panel.
    fn buttons_top(&self, lay: &Layout) -> f32 {
        let (title, lines) = self.panel_text(lay);
        let text = 28.0 + title.len() as f32 * 21.0 + lines.len() as f32 * 18.0 + 12.0;
        lay.act.y + text.clamp(110.0, lay.act.h * 0.5)
    }

    fn button_room(&self, lay: &Layout) -> usize {
        let top = self.buttons_top(lay);
        ((lay.act.y + lay.act.h - top - 6.0) / (Self::BUTTON_H + 5.0)).max(1.0) as usize
    }

    fn button_rect(&self, lay: &Layout, i: usize) -> Rect {
        Rect::new(
            lay.act.x + 8.0,
            self.buttons_top(lay) + i as f32 * (Self::BUTTON_H + 5.0),
            lay.act.w - 16.0,
            Self::BUTTON_H,
        )
    }

    fn result_button(&self, ui: &Ui) -> Rect {
        Rect::new(ui.w / 2.0 - 130.0, ui.h - 90.0, 260.0, 46.0)
    }

    /// A click on one of the panel's buttons (or Enter for the step's last).
    fn button_input(&self, ui: &mut Ui, lay: &Layout) -> Option<Do> {
        if self.result.is_some() {
            let r = self.result_button(ui);
            let hit = ui.clicked(r) || ui.input.key(KeyCode::Enter);
            return hit.then_some(Do::BackToMap);
        }
        for (i, a) in self.acts.iter().enumerate() {
            if ui.clicked(self.button_rect(lay, i)) {
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
    fn draw_buttons(&mut self, ui: &mut Ui, lay: &Layout) {
        if self.result.is_some() {
            if let Some(a) = self.acts.first() {
                let r = self.result_button(ui);
                ui.button(r, &a.label);
            }
            return;
        }
        for (i, a) in self.acts.iter().enumerate() {
            let r = self.button_rect(lay, i);
            if a.on {
                ui.rect_lines(
                    Rect::new(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0),
                    4.0,
                    GOLD,
                );
            }
            ui.button(r, &a.label);
        }
    }

    fn apply_do(&mut self, what: Do) {
        match what {
            Do::Play(cmd) => {
                if let Err(e) = self.held.check(&cmd) {
                    self.message = Some(capitalise(&e.to_string()));
                } else {
                    self.play(cmd);
                }
            }
            Do::PickGeschwader(g) => self.picked_geschwader = Some(g),
            Do::PickWing(w) => self.picked_wing = Some(w),
            Do::Wave(w) => self.wave = w,
            Do::MoreForSquadrons => {
                if let Stage::ProductionSplit { dice } = *self.held.stage() {
                    self.for_squadrons = (self.for_squadrons + 1).min(dice);
                }
            }
            Do::FewerForSquadrons => self.for_squadrons = self.for_squadrons.saturating_sub(1),
            Do::NextPage => self.page += 1,
            Do::BackToMap => self.result = None,
        }
    }

    /// The squares a click on the map may choose now, and the command each plays.
    pub fn square_choices(&self) -> Vec<(Square, Command)> {
        let legal = if self.legal_key == Some(self.held.commands().len()) {
            &self.legal
        } else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for cmd in legal {
            match *cmd {
                Command::Step(to) | Command::WingStep(to) => out.push((to, *cmd)),
                Command::MoveWing { wing, to } if Some(wing) == self.picked_wing => {
                    out.push((to, *cmd))
                }
                _ => {}
            }
        }
        out
    }

    /// Wings the player may click now (to scramble, or to pick for a move).
    pub fn wing_choices(&self) -> Vec<usize> {
        match self.held.stage() {
            Stage::InterceptChoice { .. } => self
                .legal
                .iter()
                .filter_map(|c| match c {
                    Command::Intercept(w) => Some(*w),
                    _ => None,
                })
                .collect(),
            Stage::RafMovement => self.held.movable_wings().collect(),
            _ => Vec::new(),
        }
    }

    /// Where a wing's counter is drawn.
    pub fn wing_point(&self, w: usize) -> Vec2 {
        let p = self.counter_point(true, w);
        p + vec2(self.view.cell * 0.55, self.view.cell * 0.4)
    }

    /// Where a geschwader's counter is drawn.
    pub fn geschwader_point(&self, g: usize) -> Vec2 {
        let p = self.counter_point(false, g);
        p + vec2(self.view.cell * 0.55, self.view.cell * 0.4)
    }

    fn map_click(&mut self, ui: &mut Ui) {
        if !ui.input.clicked || ui.click_used {
            return;
        }
        let m = ui.mouse();
        if !self.view.rect.contains(m) {
            return;
        }
        let _ = self.legal();
        // A picked wing's destination first.
        if let Some(sq) = self.view.pick(m) {
            if self.picked_wing.is_some() {
                if let Some(&(_, cmd)) = self.square_choices().iter().find(|(s, _)| *s == sq) {
                    ui.click_used = true;
                    self.play(cmd);
                    return;
                }
            }
        }
        // A counter: a wing to scramble or to move, a geschwader to send.
        for w in self.wing_choices() {
            if self.counter_rect(true, w).contains(m) {
                ui.click_used = true;
                match self.held.stage() {
                    Stage::InterceptChoice { .. } => self.play(Command::Intercept(w)),
                    _ => self.picked_wing = Some(w),
                }
                return;
            }
        }
        if matches!(self.held.stage(), Stage::Missions) {
            for g in 0..self.held.geschwader().len() {
                if self.counter_visible(false, g) && self.counter_rect(false, g).contains(m) {
                    ui.click_used = true;
                    self.picked_geschwader = Some(g);
                    return;
                }
            }
        }
        let Some(sq) = self.view.pick(m) else { return };
        ui.click_used = true;
        if let Some(&(_, cmd)) = self.square_choices().iter().find(|(s, _)| *s == sq) {
            self.play(cmd);
            return;
        }
        self.message = Some(match self.held.stage() {
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
                match self.held.check(&cmd) {
                    Err(e) => capitalise(&e.to_string()),
                    Ok(()) => "Click a highlighted square.".into(),
                }
            }
            _ => "Use the buttons on the right for this decision.".into(),
        });
    }

    // ----- drawing -----

    /// Every line of text the last frame showed (what its viewer saw).
    pub fn texts(&self) -> Vec<String> {
        self.texts.borrow().clone()
    }

    fn say(&self, ui: &Ui, s: &str, x: f32, y: f32, size: f32, c: Color) {
        self.texts.borrow_mut().push(s.to_string());
        ui.text(s, x, y, size, c);
    }

    fn draw_handover(&self, ui: &Ui, side: Side) {
        ui.rect(
            Rect::new(0.0, 0.0, ui.w, ui.h),
            Color::new(0.12, 0.14, 0.2, 1.0),
        );
        let c = match side {
            Side::British => RAF,
            Side::German => LUFTWAFFE,
        };
        ui.rect(Rect::new(0.0, ui.h / 2.0 - 90.0, ui.w, 12.0), c);
        let who = match side {
            Side::British => "Pass the machine to the RAF commander",
            Side::German => "Pass the machine to the Luftwaffe commander",
        };
        self.texts.borrow_mut().push(who.to_string());
        ui.text_centered(who, ui.w / 2.0, ui.h / 2.0 - 20.0, 40.0, WHITE);
        let what = format!("{}, then press a key or click.", self.stage_title());
        ui.text_centered(&what, ui.w / 2.0, ui.h / 2.0 + 30.0, 24.0, LIGHTGRAY);
    }

    fn stage_title(&self) -> String {
        let c = &self.held;
        match c.stage() {
            Stage::KeepHand => "The Luftwaffe gives back target cards".into(),
            Stage::Rotations => "The RAF rotates squadrons".into(),
            Stage::ProductionSplit { .. } => "The RAF throws for production".into(),
            Stage::Repairs => "The RAF repairs".into(),
            Stage::Reinforce => "The Luftwaffe reinforces its geschwader".into(),
            Stage::BigWing => "The RAF may form the Big Wing".into(),
            Stage::Missions => "The Luftwaffe assigns its missions".into(),
            Stage::Fly { geschwader } => {
                format!("The Luftwaffe moves {}", self.geschwader_name(*geschwader))
            }
            Stage::InterceptChoice { geschwader } => format!(
                "{} is on the radar: the RAF may scramble a wing",
                self.geschwader_name(*geschwader)
            ),
            Stage::InterceptStep { wing, .. } => {
                format!("The RAF moves the {}", self.wing_name(*wing))
            }
            Stage::RafMovement => "RAF movement".into(),
            Stage::HowToFight { .. } => "An intercept: on the hex board or with dice?".into(),
            Stage::Battle => "An intercept on the hex board".into(),
            Stage::Gruppen => "The Luftwaffe forms its gruppen".into(),
            Stage::Attacks => "The RAF attacks the gruppen".into(),
            Stage::Allocate { side } => format!("The {} takes its hits", side.name()),
            Stage::Over => "The campaign is over".into(),
        }
    }

    fn banner(&self) -> String {
        let c = &self.held;
        let phase = c
            .rules()
            .phases
            .get(c.phase())
            .map_or("", |p| p.name.as_str());
        let tally = if c.tally_ho() > 0 {
            format!(
                " - Tally Ho phase {} of {}",
                c.tally_ho(),
                c.rules().raid.tally_ho_phases
            )
        } else {
            String::new()
        };
        let who = match (self.decider(), self.human_turn()) {
            (_, Some(s)) if self.human.is_some() => format!(" - {} (you)", s.name()),
            (Some(s), _) => format!(" - {}", s.name()),
            _ => String::new(),
        };
        format!(
            "Turn {} of {} - {phase}{tally}: {}{who}",
            c.turn(),
            c.turns(),
            self.stage_title()
        )
    }

    fn hint(&self) -> String {
        if !self.anims.is_empty() || (self.human_turn().is_none() && !self.held.is_over()) {
            return "The other side is deciding. S or Space: skip ahead. F5 saves, H help, Esc leaves."
                .into();
        }
        match self.held.stage() {
            Stage::Fly { .. } => "Click a highlighted square to fly there, or reach for home.".into(),
            Stage::InterceptStep { .. } => "Click a highlighted square: the wing flies one square.".into(),
            Stage::RafMovement => "Pick a wing, then click a highlighted square within reach (its station to go home).".into(),
            Stage::InterceptChoice { .. } => "Click a ringed wing (or its button) to scramble it, or no intercept.".into(),
            Stage::Missions => "Pick a geschwader (button or counter), the take-off phase, then its target.".into(),
            _ => "Choose with the buttons. Hover the map or a dashboard for details. F5 saves, H help, Esc leaves.".into(),
        }
    }

    fn draw_status(&mut self, ui: &mut Ui) {
        let bar = Rect::new(0.0, ui.h - 30.0, ui.w, 30.0);
        ui.rect(bar, PAPER);
        self.status = self.message.clone().unwrap_or_else(|| self.hint());
        let col = if self.message.is_some() { ACCENT } else { INK };
        let s = self.status.clone();
        self.say(ui, &s, 10.0, ui.h - 9.0, 19.0, col);
    }

    /// Everything the map layer shows, as one number.
    fn map_key(&self) -> u64 {
        let c = &self.held;
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut put = |v: u64| {
            h ^= v;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for i in 0..c.cards().len() {
            put(c.damage(i as u16) as u64);
        }
        for i in 0..c.data().map.radar.len() {
            put(c.radar_standing(i) as u64);
        }
        h
    }

    fn draw(&mut self, ui: &mut Ui, lay: &Layout) {
        if ui.draw {
            clear_background(Color::new(0.20, 0.26, 0.32, 1.0));
        }
        ui.rect(Rect::new(0.0, 0.0, ui.w, 40.0), PAPER);
        let b = self.banner();
        self.say(ui, &b, 12.0, 27.0, 21.0, INK);
        self.draw_map(ui, lay);
        if let Some((out, caption)) = self.result.clone() {
            self.draw_result(ui, lay, &out, &caption);
            return;
        }
        self.draw_act_panel(ui, lay);
        self.draw_info_panel(ui, lay);
        self.draw_tooltip(ui, lay);
    }

    fn draw_map(&mut self, ui: &Ui, lay: &Layout) {
        let v = lay.map;
        let data = self.held.data().clone();
        let key = (v.rect, self.map_key());
        let c = &self.held;
        let radar_standing: Vec<bool> = (0..data.map.radar.len())
            .map(|i| c.radar_standing(i))
            .collect();
        let radar_sq: Vec<bool> = (0..data.map.rows as i32)
            .flat_map(|r| (0..data.map.columns as i32).map(move |col| Square::new(col, r)))
            .map(|sq| c.is_radar_square(sq))
            .collect();
        let cards: Vec<(Square, CardKind, u8, u8)> = data
            .targets
            .cards
            .iter()
            .enumerate()
            .map(|(i, t)| (t.at, t.kind, c.damage(i as u16), t.hits))
            .collect();
        self.map_layer.show(ui, v.rect, key, || {
            let m = &data.map;
            for row in 0..m.rows as i32 {
                for col in 0..m.columns as i32 {
                    let sq = Square::new(col, row);
                    let fill = match m.terrain(sq) {
                        Some(Terrain::Land(g)) => group_colour(g),
                        Some(Terrain::Continent) => CONTINENT,
                        _ => SEA,
                    };
                    let r = v.square(sq);
                    // The radar chain's watch: a light wash (mixed here, opaque:
                    // blending into the texture would thin its alpha).
                    let fill = if radar_sq[(row * m.columns as i32 + col) as usize] {
                        mix(fill, Color::new(1.0, 1.0, 0.75, 1.0), 0.3)
                    } else {
                        fill
                    };
                    draw_rectangle(r.x, r.y, r.w, r.h, fill);
                }
            }
            // The grid.
            let grid = Color::new(0.15, 0.2, 0.25, 0.25);
            for col in 0..=m.columns {
                let x = v.rect.x + col as f32 * v.cell;
                draw_line(x, v.rect.y, x, v.rect.y + v.rect.h, 1.0, grid);
            }
            for row in 0..=m.rows {
                let y = v.rect.y + row as f32 * v.cell;
                draw_line(v.rect.x, y, v.rect.x + v.rect.w, y, 1.0, grid);
            }
            // Group boundaries: a dark edge where two groups' land meets.
            for row in 0..m.rows as i32 {
                for col in 0..m.columns as i32 {
                    let sq = Square::new(col, row);
                    let Some(g) = m.group(sq) else { continue };
                    let r = v.square(sq);
                    if m.group(Square::new(col + 1, row)).is_some_and(|o| o != g) {
                        draw_line(r.x + r.w, r.y, r.x + r.w, r.y + r.h, 2.5, INK);
                    }
                    if m.group(Square::new(col, row + 1)).is_some_and(|o| o != g) {
                        draw_line(r.x, r.y + r.h, r.x + r.w, r.y + r.h, 2.5, INK);
                    }
                }
            }
            // The 12 Group line: through the squares it divides.
            let red = Color::new(0.75, 0.1, 0.1, 0.9);
            let mut last: Option<Vec2> = None;
            for (col, &row) in m.twelve_group_line.iter().enumerate() {
                let y = v.rect.y + (row as f32 + 0.5) * v.cell;
                let x0 = v.rect.x + col as f32 * v.cell;
                if let Some(p) = last {
                    if (p.y - y).abs() > 0.5 {
                        draw_line(p.x, p.y, x0, y, 3.0, red);
                    }
                }
                draw_line(x0, y, x0 + v.cell, y, 3.0, red);
                last = Some(vec2(x0 + v.cell, y));
            }
            // Luftwaffe bases: a black cross.
            for b in &m.bases {
                let p = v.center(b.at);
                let s = v.cell * 0.28;
                draw_line(p.x - s, p.y, p.x + s, p.y, 4.0, INK);
                draw_line(p.x, p.y - s, p.x, p.y + s, 4.0, INK);
            }
            // RAF stations: a small roundel.
            for s in &m.stations {
                let p = v.center(s.at) + vec2(-v.cell * 0.25, v.cell * 0.25);
                draw_poly(
                    p.x,
                    p.y,
                    10,
                    v.cell * 0.16,
                    0.0,
                    Color::new(0.1, 0.2, 0.6, 1.0),
                );
                draw_poly(p.x, p.y, 10, v.cell * 0.1, 0.0, WHITE);
                draw_poly(
                    p.x,
                    p.y,
                    10,
                    v.cell * 0.05,
                    0.0,
                    Color::new(0.8, 0.1, 0.1, 1.0),
                );
            }
            // Radar stations: a mast, green standing, red knocked out.
            for (i, s) in m.radar.iter().enumerate() {
                let p = v.center(s.at) + vec2(v.cell * 0.28, -v.cell * 0.1);
                let col = if radar_standing[i] {
                    Color::new(0.05, 0.45, 0.1, 1.0)
                } else {
                    Color::new(0.85, 0.1, 0.1, 1.0)
                };
                draw_triangle(
                    p + vec2(0.0, -v.cell * 0.32),
                    p + vec2(-v.cell * 0.15, v.cell * 0.22),
                    p + vec2(v.cell * 0.15, v.cell * 0.22),
                    col,
                );
            }
            // Target cards: a marker with its hits, crossed out when knocked out.
            let mut stacked: Vec<(Square, usize)> = Vec::new();
            for &(at, kind, dmg, hits) in &cards {
                if kind == CardKind::Radar {
                    continue;
                }
                let n = match stacked.iter_mut().find(|(s, _)| *s == at) {
                    Some(e) => {
                        e.1 += 1;
                        e.1 - 1
                    }
                    None => {
                        stacked.push((at, 1));
                        0
                    }
                };
                let r = v.square(at);
                let s = v.cell * 0.36;
                let x = r.x + 2.0 + n as f32 * (s + 1.0);
                let y = r.y + 2.0;
                let fill = match kind {
                    CardKind::City | CardKind::London => Color::new(0.35, 0.33, 0.30, 1.0),
                    CardKind::Factory => Color::new(0.55, 0.30, 0.15, 1.0),
                    _ => Color::new(0.90, 0.90, 0.88, 1.0),
                };
                draw_rectangle(x, y, s, s, fill);
                draw_rectangle_lines(x, y, s, s, 1.0, INK);
                if dmg > 0 {
                    let k = (dmg as f32 / hits.max(1) as f32).min(1.0);
                    draw_rectangle(
                        x,
                        y + s * (1.0 - k),
                        s,
                        s * k,
                        Color::new(0.95, 0.35, 0.1, 1.0),
                    );
                }
                if dmg >= hits {
                    draw_line(x, y, x + s, y + s, 2.0, Color::new(0.9, 0.0, 0.0, 1.0));
                    draw_line(x + s, y, x, y + s, 2.0, Color::new(0.9, 0.0, 0.0, 1.0));
                }
            }
            draw_rectangle_lines(v.rect.x, v.rect.y, v.rect.w, v.rect.h, 2.0, INK);
        });
        self.draw_overlays(ui, lay);
        self.draw_counters(ui, lay);
        for (at, bombs, t) in self.flashes.clone() {
            let p = v.center(at);
            let r = v.cell * (0.3 + t);
            let col = if bombs {
                Color::new(1.0, 0.5, 0.0, 0.9 - t)
            } else {
                Color::new(1.0, 0.9, 0.2, 0.9 - t)
            };
            ui.circle(p, r, col);
        }
    }

    /// The decision's squares, the German's targets, a picked wing's reach.
    fn draw_overlays(&self, ui: &Ui, lay: &Layout) {
        let v = lay.map;
        let viewer = self.viewer();
        let c = &self.held;
        let quiet = self.anims.is_empty() && self.result.is_none() && self.handover.is_none();
        // The German's own missions: a line to each target.
        if viewer == Side::German {
            for (g, ges) in c.geschwader().iter().enumerate() {
                if let (Some(card), true) = (
                    ges.target,
                    matches!(ges.state, RaidState::Waiting | RaidState::Aloft),
                ) {
                    let t = c.data().targets.cards[card as usize].at;
                    let from = v.center(self.gpos[g]);
                    let to = v.center(t);
                    ui.line(from, to, 2.0, Color::new(0.1, 0.1, 0.1, 0.6));
                    ui.circle_lines(to, v.cell * 0.55, 3.0, ACCENT);
                }
            }
            if matches!(c.stage(), Stage::Missions | Stage::KeepHand) {
                for &card in c.deck().hand() {
                    let t = c.data().targets.cards[card as usize].at;
                    ui.circle_lines(v.center(t), v.cell * 0.45, 2.0, GOLD);
                }
            }
        }
        // The raid the decision is about.
        let about = match c.stage() {
            Stage::Fly { geschwader }
            | Stage::InterceptChoice { geschwader }
            | Stage::InterceptStep { geschwader, .. }
            | Stage::HowToFight { geschwader, .. } => Some(*geschwader),
            _ => None,
        };
        if let Some(g) = about.filter(|&g| self.counter_visible(false, g) && self.anims.is_empty())
        {
            let r = self.counter_rect(false, g);
            ui.rect_lines(
                Rect::new(r.x - 4.0, r.y - 4.0, r.w + 8.0, r.h + 8.0),
                3.0,
                ACCENT,
            );
        }
        if !quiet || self.human_turn().is_none() {
            return;
        }
        for (sq, _) in self.square_choices() {
            let r = v.square(sq);
            ui.rect(r, Color::new(1.0, 0.95, 0.4, 0.45));
            ui.rect_lines(r, 1.0, Color::new(0.1, 0.1, 0.1, 0.6));
        }
        for w in self.wing_choices() {
            let r = self.counter_rect(true, w);
            let on = self.picked_wing == Some(w);
            ui.rect_lines(
                Rect::new(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0),
                if on { 4.0 } else { 2.5 },
                GOLD,
            );
        }
        if let Stage::Missions = c.stage() {
            if let Some(g) = self.picked_geschwader {
                let r = self.counter_rect(false, g);
                ui.rect_lines(
                    Rect::new(r.x - 3.0, r.y - 3.0, r.w + 6.0, r.h + 6.0),
                    4.0,
                    GOLD,
                );
            }
        }
        // The square under the mouse, where a click would go.
        if let Some(sq) = v.pick(ui.mouse()) {
            if self.square_choices().iter().any(|(s, _)| *s == sq) {
                ui.rect_lines(v.square(sq), 4.0, ACCENT);
            }
        }
    }

    fn counter_visible(&self, wing: bool, i: usize) -> bool {
        let c = &self.held;
        if wing {
            !c.wings()[i].squadrons.is_empty()
        } else {
            !c.geschwader()[i].squadrons.is_empty()
        }
    }

    /// The counter's top-left corner: counters on one square are fanned out.
    fn counter_point(&self, wing: bool, i: usize) -> Vec2 {
        let v = self.view;
        let at = if wing { self.wpos[i] } else { self.gpos[i] };
        let mut n = 0;
        for g in 0..self.gpos.len() {
            if !wing && g == i {
                break;
            }
            if self.counter_visible(false, g) && self.gpos[g] == at {
                n += 1;
            }
        }
        if wing {
            for w in 0..i {
                if self.counter_visible(true, w) && self.wpos[w] == at {
                    n += 1;
                }
            }
        }
        let r = v.square(at);
        vec2(
            r.x - v.cell * 0.15 + n as f32 * v.cell * 0.45,
            r.y - v.cell * 0.1 + n as f32 * v.cell * 0.45,
        )
    }

    fn counter_rect(&self, wing: bool, i: usize) -> Rect {
        let p = self.counter_point(wing, i);
        Rect::new(p.x, p.y, self.view.cell * 1.75, self.view.cell * 1.0)
    }

    fn draw_counters(&self, ui: &Ui, lay: &Layout) {
        let v = lay.map;
        let c = &self.held;
        let mut labels: Vec<(String, Vec2, f32, Color)> = Vec::new();
        let font = (v.cell * 0.58).clamp(13.0, 16.0);
        let count_font = (v.cell * 0.7).clamp(14.0, 19.0);
        let slide = |r: &mut Rect, from: Square, to: Square| {
            let t = (self.anim_t / self.front_len.max(0.001)).min(1.0);
            let d = (v.center(to) - v.center(from)) * t;
            r.x += d.x;
            r.y += d.y;
        };
        // One counter: its box, its name and its squadrons in a white box.
        let mut counter =
            |r: Rect, fill: Color, edge: Color, ink: Color, name: String, n: usize| {
                ui.rect(r, fill);
                let bw = v.cell * 0.6;
                let nb = Rect::new(r.x + r.w - bw, r.y, bw, r.h);
                ui.rect(nb, WHITE);
                ui.rect_lines(r, 1.5, edge);
                labels.push((name, vec2(r.x + 3.0, r.y + r.h * 0.68), font, ink));
                labels.push((
                    n.to_string(),
                    vec2(nb.x + (bw - count_font * 0.45) / 2.0, r.y + r.h * 0.76),
                    count_font,
                    INK,
                ));
            };
        // Geschwader first, wings on top.
        for g in 0..c.geschwader().len() {
            if !self.counter_visible(false, g) {
                continue;
            }
            let ges = &c.geschwader()[g];
            let mut r = self.counter_rect(false, g);
            // A geschwader on the move slides to its next square.
            if let Some(Anim::Geschwader { g: ag, to } | Anim::GeschwaderJump { g: ag, to }) =
                self.anims.front()
            {
                if *ag == g {
                    slide(&mut r, self.gpos[g], *to);
                }
            }
            let fill = if ges.state == RaidState::Home {
                Color::new(0.55, 0.56, 0.58, 1.0)
            } else {
                LUFTWAFFE
            };
            let edge = if ges.state == RaidState::Aloft {
                ACCENT
            } else {
                INK
            };
            counter(
                r,
                fill,
                edge,
                WHITE,
                short_geschwader(&c.data().oob.geschwader[g].name),
                ges.squadrons.len(),
            );
        }
        for w in 0..c.wings().len() {
            if !self.counter_visible(true, w) {
                continue;
            }
            let wing = &c.wings()[w];
            let mut r = self.counter_rect(true, w);
            if let Some(Anim::Wing { w: aw, to } | Anim::WingJump { w: aw, to }) =
                self.anims.front()
            {
                if *aw == w {
                    slide(&mut r, self.wpos[w], *to);
                }
            }
            let fill = match wing.state {
                WingState::Fought | WingState::Returned => Color::new(0.66, 0.70, 0.78, 1.0),
                _ => RAF,
            };
            let edge = match wing.state {
                WingState::Intercepting(_) | WingState::Aloft => ACCENT,
                _ => RAF_INK,
            };
            let name = if wing.big {
                "BIG".to_string()
            } else {
                short_wing(&c.data().oob.wings[w].name)
            };
            counter(r, fill, edge, RAF_INK, name, wing.squadrons.len());
        }
        for (s, p, size, col) in labels {
            ui.text(&s, p.x, p.y, size, col);
        }
    }

    fn draw_act_panel(&self, ui: &Ui, lay: &Layout) {
        let r = lay.act;
        ui.rect(r, Color::new(0.93, 0.91, 0.85, 0.97));
        ui.rect_lines(r, 2.0, INK);
        let (title, lines) = self.panel_text(lay);
        let mut y = r.y + 24.0;
        for part in &title {
            self.say(ui, part, r.x + 10.0, y, 19.0, INK);
            y += 21.0;
        }
        y += 4.0;
        let top = self.buttons_top(lay);
        for part in &lines {
            if y > top - 6.0 {
                break;
            }
            self.say(ui, part, r.x + 10.0, y, 15.0, INK);
            y += 18.0;
        }
        if self.human_turn().is_none() && self.anims.is_empty() && !self.held.is_over() {
            self.say(
                ui,
                "The other side is deciding...",
                r.x + 10.0,
                top + 20.0,
                17.0,
                DIM,
            );
        }
    }

    /// The lines above the buttons: what this decision is about.
    fn act_lines(&self) -> Vec<String> {
        let c = &self.held;
        let viewer = self.viewer();
        let mut out = Vec::new();
        let mine = self.human_turn().is_some();
        match c.stage() {
            Stage::KeepHand => {
                out.push(format!(
                    "A new phase: give back cards until {} are left ({} in hand).",
                    c.rules().german_hand,
                    c.deck().hand().len()
                ));
            }
            Stage::Rotations => out.push(
                "Each rotation sends a fresh squadron to the damaged box and brings back one of the same type in the receiving group. Unused rotations lapse.".into(),
            ),
            Stage::ProductionSplit { dice } => {
                let s = self.for_squadrons.min(*dice);
                out.push(format!(
                    "{dice} production dice: {s} for squadrons, {} for airfields, radar and factories. A roundel succeeds.",
                    dice - s
                ));
                out.push(format!(
                    "Damaged RAF squadrons: {}. Knocked-out targets: {}.",
                    c.forces()
                        .squadrons
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| c.forces().rebuildable(*i))
                        .count(),
                    (0..c.cards().len() as u16)
                        .filter(|&k| c.knocked_out(k)
                            && !matches!(c.cards()[k as usize].kind, CardKind::City | CardKind::London))
                        .count()
                ));
            }
            Stage::Repairs => {
                let (s, g) = c.successes();
                out.push(format!(
                    "Successes: {s} for squadrons, {g} for repairs; 13 Group's reserve: {} point(s).",
                    c.forces().reserve_points
                ));
            }
            Stage::Missions if viewer == Side::German => {
                out.push(format!(
                    "Hand: {} cards (gold rings on the map). Give each geschwader with bombers a target and a take-off phase.",
                    c.deck().hand().len()
                ));
                for (g, ges) in c.geschwader().iter().enumerate() {
                    if let Some(card) = ges.target {
                        out.push(format!(
                            "{} -> {} (phase {})",
                            self.geschwader_name(g),
                            self.card_name(card),
                            ges.wave
                        ));
                    }
                }
            }
            Stage::Fly { geschwader } => {
                let g = *geschwader;
                let ges = &c.geschwader()[g];
                out.push(format!(
                    "{} over {}: {} of {} squares flown this phase.",
                    self.geschwader_name(g),
                    self.square_name(ges.at),
                    ges.moved,
                    c.allowance(g)
                ));
                if viewer == Side::German {
                    if let Some(card) = ges.target {
                        out.push(format!("Target: {}", self.card_entry(card)));
                    }
                    out.push(self.composition(g));
                }
            }
            Stage::InterceptChoice { geschwader } => {
                out.push(format!(
                    "{} ({} squadrons) entered a radar square over {}.",
                    self.geschwader_name(*geschwader),
                    c.geschwader()[*geschwader].squadrons.len(),
                    self.square_name(c.geschwader()[*geschwader].at)
                ));
            }
            Stage::InterceptStep { geschwader, wing } => {
                out.push(format!(
                    "The {} flies one square towards {} over {}.",
                    self.wing_name(*wing),
                    self.geschwader_name(*geschwader),
                    self.square_name(c.geschwader()[*geschwader].at)
                ));
            }
            Stage::RafMovement => {
                out.push(format!(
                    "Each wing may fly up to {} squares. A wing on a raid's square dogfights it in the battle step.",
                    c.rules().raid.raf_move
                ));
                if let Some(w) = self.picked_wing {
                    out.push(format!("Picked: {}", self.wing_name(w)));
                }
            }
            Stage::HowToFight { wing, geschwader } => {
                out.push(format!(
                    "The {} meets {} over {}.",
                    self.wing_name(*wing),
                    self.geschwader_name(*geschwader),
                    self.square_name(c.geschwader()[*geschwader].at)
                ));
                if let Some(f) = c.fight() {
                    if viewer == Side::British || self.human.is_none() {
                        out.push(format!(
                            "RAF: {}",
                            f.raf.iter().map(|&s| self.squadron(s)).collect::<Vec<_>>().join(", ")
                        ));
                    } else {
                        out.push(format!("RAF: {} squadrons", f.raf.len()));
                    }
                    out.push(format!(
                        "Luftwaffe: {}",
                        f.luftwaffe
                            .iter()
                            .map(|&s| c.aircraft(s).name.clone())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                out.push("On the board each squadron is a unit of four planes; the result flows back to the campaign.".into());
            }
            Stage::Gruppen => {
                if let Some(d) = c.dogfight() {
                    let next = d.squadrons.get(d.gruppe_of.len()).copied();
                    if let (Some(s), Side::German) = (next, viewer) {
                        out.push(format!(
                            "Place {} in a gruppe (face down; at most {} a gruppe).",
                            self.squadron(s),
                            c.rules().raid.gruppe_max
                        ));
                    } else {
                        out.push(format!(
                            "{} arranges its squadrons face down.",
                            self.geschwader_name(d.geschwader)
                        ));
                    }
                }
            }
            Stage::Attacks => {
                if let Some(d) = c.dogfight() {
                    if let Some(&s) = d.raf.get(d.attacks.len()) {
                        if viewer == Side::British {
                            out.push(format!(
                                "Which gruppe does {} attack? The gruppen are face down: only their sizes show.",
                                self.squadron(s)
                            ));
                        } else {
                            out.push("The RAF chooses which gruppen to attack.".into());
                        }
                    }
                }
            }
            Stage::Allocate { side } => {
                if let Some(f) = c.fight() {
                    let hits = match side {
                        Side::British => f.on_raf,
                        Side::German => f.on_luftwaffe,
                    };
                    out.push(format!(
                        "The {} has {hits} hit(s) to take{}.",
                        side.name(),
                        if f.intercept {
                            ": one squadron a side may stand down for fewer hits than its defence"
                        } else {
                            " (no stand-downs in a dogfight)"
                        }
                    ));
                }
            }
            Stage::Over => {
                if let Some(v) = c.verdict() {
                    out.push(verdict_text(v).into());
                }
            }
            _ => {}
        }
        if !mine && !matches!(c.stage(), Stage::Over) {
            out.truncate(2);
        }
        out
    }

    /// A geschwader's squadrons by type (for the German's eyes).
    fn composition(&self, g: usize) -> String {
        let c = &self.held;
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for &s in &c.geschwader()[g].squadrons {
            let n = c.aircraft(s).name.clone();
            match kinds.iter_mut().find(|(k, _)| *k == n) {
                Some(e) => e.1 += 1,
                None => kinds.push((n, 1)),
            }
        }
        kinds
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn draw_info_panel(&self, ui: &Ui, lay: &Layout) {
        let r = lay.info;
        ui.rect(r, Color::new(0.93, 0.91, 0.85, 0.97));
        ui.rect_lines(r, 2.0, INK);
        let c = &self.held;
        let x = r.x + 8.0;
        let mut y = r.y + 20.0;
        let viewer = self.viewer();
        // The turn track.
        let turns = c.turns().max(1) as f32;
        let tw = ((r.w - 16.0) / turns).floor();
        for t in 1..=c.turns() {
            let bx = Rect::new(x + (t - 1) as f32 * tw, y - 14.0, tw - 2.0, 18.0);
            let phase = c
                .rules()
                .calendar_for(c.setup().weather)
                .phase_of(t)
                .unwrap_or(0);
            let base = [
                Color::new(0.75, 0.82, 0.9, 1.0),
                Color::new(0.9, 0.82, 0.6, 1.0),
                Color::new(0.88, 0.66, 0.62, 1.0),
            ][phase % 3];
            ui.rect(bx, base);
            let flew = c.records().get(t as usize - 1).map(|r| r.flew);
            if t == c.turn() {
                ui.rect_lines(bx, 3.0, ACCENT);
            } else {
                ui.rect_lines(bx, 1.0, INK);
            }
            let mark = match flew {
                Some(true) if t <= c.turn() => t.to_string(),
                Some(false) if t < c.turn() || !matches!(c.stage(), Stage::Over) => "-".into(),
                _ => t.to_string(),
            };
            ui.text_centered(&mark, bx.x + bx.w / 2.0, bx.y + 14.0, 14.0, INK);
        }
        y += 22.0;
        // The weather of the turn.
        let w = self.weather_line();
        self.say(ui, &w, x, y, 15.0, INK);
        y += 20.0;
        // The score.
        let t = c.tally();
        let rules = c.rules();
        let s1 = format!(
            "Targets bombed {} (win {}, draw over {})",
            t.targets, rules.targets_to_win, rules.targets_to_draw
        );
        self.say(ui, &s1, x, y, 16.0, INK);
        y += 18.0;
        let rate = luftwaffe_rate_holds(&t, rules);
        let s2 = format!(
            "Lost: RAF {}, Luftwaffe {} - loss rate {}",
            t.raf_lost,
            t.luftwaffe_lost,
            if rate { "held (6:10)" } else { "lost" }
        );
        self.say(ui, &s2, x, y, 16.0, INK);
        y += 18.0;
        // The German hand and the deck.
        let d = c.deck();
        let hand = if viewer == Side::German {
            format!(
                "Hand {} cards - deck {} - used {} - out {}",
                d.hand().len(),
                d.draw_pile().len(),
                d.used().len(),
                d.out().len()
            )
        } else {
            format!(
                "German hand {} cards (face down) - deck {} - used {}",
                d.hand().len(),
                d.draw_pile().len(),
                d.used().len()
            )
        };
        self.say(ui, &hand, x, y, 15.0, INK);
        y += 10.0;
        // Dashboards.
        y = self.draw_dashboards(ui, x, y, r.w - 16.0);
        // The log.
        y += 8.0;
        self.say(ui, "Log", x, y + 12.0, 18.0, INK);
        y += 18.0;
        let line_h = 16.0;
        let bottom = r.y + r.h - 6.0;
        let room = ((bottom - y) / line_h).max(1.0) as usize;
        let max = ((r.w - 16.0) / (14.0 * 0.44)) as usize;
        // The newest lines at the bottom, wrapped to the panel.
        let mut wrapped: Vec<(String, Option<Side>)> = Vec::new();
        let end = self.log.len().saturating_sub(self.log_scroll);
        for line in self.log[..end].iter().rev() {
            let text = line.for_side(viewer);
            if text.is_empty() {
                continue;
            }
            let parts = wrap(text, max);
            for p in parts.into_iter().rev() {
                wrapped.push((p, line.side));
            }
            if wrapped.len() >= room {
                break;
            }
        }
        wrapped.truncate(room);
        wrapped.reverse();
        for (k, (text, side)) in wrapped.iter().enumerate() {
            let col = match side {
                Some(Side::German) => Color::new(0.45, 0.18, 0.08, 1.0),
                Some(Side::British) => Color::new(0.10, 0.25, 0.60, 1.0),
                None => INK,
            };
            self.say(ui, text, x, y + 14.0 + k as f32 * line_h, 14.0, col);
        }
    }

    fn weather_line(&self) -> String {
        let c = &self.held;
        let this_turn = c
            .events()
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::TurnBegins { .. }))
            .find_map(|e| match e {
                Event::Weather { flies, dice, card } => Some((*flies, *dice, *card)),
                _ => None,
            });
        let rule = c.setup().weather;
        match this_turn {
            None => format!("Weather: not yet checked ({})", rule.name()),
            Some((flies, dice, card)) => {
                let how = match (rule, dice, card) {
                    (_, Some((a, b)), _) => format!("dice {} {}", a.symbol(), b.symbol()),
                    (_, None, Some(card)) => card.name().into(),
                    (WeatherRule::Historical, _, _) => "as in 1940".into(),
                    _ => "no weather check".into(),
                };
                format!(
                    "Weather: {how} - {}",
                    if flies {
                        "the Luftwaffe flies"
                    } else {
                        "a respite"
                    }
                )
            }
        }
    }

    /// Each group's and Luftflotte's boxes; returns the y below them.
    fn draw_dashboards(&self, ui: &Ui, x: f32, y0: f32, w: f32) -> f32 {
        let c = &self.held;
        let holders: Vec<(String, Holder, Side)> = Group::ALL
            .iter()
            .map(|&g| (g.name(), Holder::Group(g), Side::British))
            .chain(Luftflotte::ALL.iter().map(|&l| {
                (
                    format!("Luftflotte {}", l.number()),
                    Holder::Luftflotte(l),
                    Side::German,
                )
            }))
            .collect();
        let cols = [
            ("ready", 0.42),
            ("up", 0.56),
            ("damaged", 0.68),
            ("stood", 0.86),
        ];
        let mut y = y0 + 18.0;
        for (label, k) in cols {
            ui.text(label, x + w * k, y, 14.0, DIM);
        }
        self.texts
            .borrow_mut()
            .push("ready up damaged stood".into());
        let row_h = 18.0;
        let mut hover: Option<(Holder, Side, String)> = None;
        for (name, holder, side) in holders {
            y += row_h;
            let count = |f: fn(Place) -> bool| c.forces().count(holder, None, f);
            let ready = count(|p| matches!(p, Place::Ready { .. }));
            let up = count(|p| p == Place::Alerted);
            let damaged = count(|p| p == Place::Damaged);
            let stood = count(|p| matches!(p, Place::StoodDown { .. }));
            let row = Rect::new(x - 2.0, y - 13.0, w + 4.0, row_h);
            if ui.hovered(row) {
                ui.rect(row, Color::new(1.0, 0.95, 0.7, 1.0));
                hover = Some((holder, side, name.clone()));
            }
            let col = match side {
                Side::British => RAF_INK,
                Side::German => INK,
            };
            ui.text(&name, x, y, 15.0, col);
            for (n, (_, k)) in [ready, up, damaged, stood].iter().zip(cols) {
                ui.text(&n.to_string(), x + w * k + 8.0, y, 15.0, col);
            }
            self.texts
                .borrow_mut()
                .push(format!("{name}: {ready} {up} {damaged} {stood}"));
        }
        if let Some((holder, side, name)) = hover {
            self.dashboard_tip(ui, holder, side, &name);
        }
        y + 6.0
    }

    /// The squadrons in a group's or Luftflotte's boxes: names for one's own side.
    fn dashboard_tip(&self, ui: &Ui, holder: Holder, side: Side, name: &str) {
        let c = &self.held;
        let mut lines = vec![name.to_string()];
        if side != self.viewer() {
            lines.push("The other side's squadrons: only the counts show.".into());
        } else {
            for (i, s) in c.forces().squadrons.iter().enumerate() {
                if s.holder != holder {
                    continue;
                }
                let place = match s.place {
                    Place::Ready { .. } => "ready".to_string(),
                    Place::Alerted => "alerted".into(),
                    Place::Damaged => "damaged".into(),
                    Place::StoodDown { back_on } => format!("stood down, back turn {back_on}"),
                    Place::Withdrawn => "withdrawn".into(),
                };
                lines.push(format!("{} - {place}", self.squadron(i)));
            }
        }
        self.tooltip(ui, &lines);
    }

    fn tooltip(&self, ui: &Ui, lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        let size = 15.0;
        let w = lines
            .iter()
            .map(|l| super::ui::text_width(l, size))
            .fold(0.0, f32::max)
            + 16.0;
        let h = lines.len() as f32 * 18.0 + 10.0;
        let m = ui.mouse();
        let x = (m.x + 16.0).min(ui.w - w - 4.0).max(4.0);
        let y = (m.y + 16.0).min(ui.h - h - 34.0).max(44.0);
        let r = Rect::new(x, y, w, h);
        ui.rect(r, Color::new(1.0, 0.99, 0.93, 0.98));
        ui.rect_lines(r, 1.5, INK);
        for (i, l) in lines.iter().enumerate() {
            self.say(ui, l, x + 8.0, y + 18.0 + i as f32 * 18.0, size, INK);
        }
    }

    /// What is on the square under the mouse, as the viewer may see it.
    fn draw_tooltip(&self, ui: &Ui, lay: &Layout) {
        let Some(sq) = lay.map.pick(ui.mouse()) else {
            return;
        };
        let c = &self.held;
        let viewer = self.viewer();
        let m = &c.data().map;
        let mut lines = vec![self.square_name(sq)];
        if let Some(g) = m.group(sq) {
            lines[0].push_str(&format!(" - {}", g.name()));
        }
        if c.is_radar_square(sq) {
            lines.push("Watched by the radar chain".into());
        }
        if m.north_of_twelve_group_line(sq) {
            lines.push("North of the 12 Group line (no Bf 109s or Ju 87s)".into());
        }
        for (i, s) in m.radar.iter().enumerate() {
            if s.at == sq {
                lines.push(format!(
                    "Radar station {}: {}",
                    s.name,
                    if c.radar_standing(i) {
                        "standing"
                    } else {
                        "knocked out"
                    }
                ));
            }
        }
        for s in &m.stations {
            if s.at == sq {
                lines.push(format!("RAF station {} ({})", s.name, s.group.name()));
            }
        }
        for b in &m.bases {
            if b.at == sq {
                lines.push(format!(
                    "Luftwaffe base {} (Luftflotte {})",
                    b.name,
                    b.luftflotte.number()
                ));
            }
        }
        for (i, t) in c.data().targets.cards.iter().enumerate() {
            if t.at == sq {
                let dmg = c.damage(i as u16);
                lines.push(format!(
                    "Target {} ({}): {dmg}/{} hits{}",
                    t.name,
                    t.kind.name(),
                    t.hits,
                    if c.knocked_out(i as u16) {
                        ", knocked out"
                    } else {
                        ""
                    }
                ));
            }
        }
        for g in 0..c.geschwader().len() {
            if !self.counter_visible(false, g) || self.gpos[g] != sq {
                continue;
            }
            let ges = &c.geschwader()[g];
            let mut l = format!(
                "{}: {} squadrons",
                self.geschwader_name(g),
                ges.squadrons.len()
            );
            if viewer == Side::German {
                l.push_str(&format!(" ({})", self.composition(g)));
                if let Some(card) = ges.target {
                    l.push_str(&format!(" -> {}", self.card_name(card)));
                }
            }
            lines.push(l);
        }
        for w in 0..c.wings().len() {
            if !self.counter_visible(true, w) || self.wpos[w] != sq {
                continue;
            }
            let wing = &c.wings()[w];
            let mut l = format!("{}: {} squadrons", self.wing_name(w), wing.squadrons.len());
            if viewer == Side::British {
                let names: Vec<String> = wing.squadrons.iter().map(|&s| self.squadron(s)).collect();
                l.push_str(&format!(" ({})", names.join(", ")));
            }
            lines.push(l);
        }
        self.tooltip(ui, &lines);
    }

    /// The board battle's result, as it flowed back to the campaign.
    fn draw_result(&self, ui: &Ui, lay: &Layout, out: &Outcome, caption: &str) {
        let x0 = lay.act.x;
        let r = Rect::new(x0, lay.act.y, ui.w - x0 - 8.0, lay.act.h);
        ui.rect(r, Color::new(0.93, 0.91, 0.85, 0.98));
        ui.rect_lines(r, 2.0, INK);
        let x = r.x + 12.0;
        let mut y = r.y + 28.0;
        self.say(ui, "The battle on the board is over", x, y, 24.0, INK);
        y += 24.0;
        let max = ((r.w - 24.0) / (15.0 * 0.44)) as usize;
        for l in wrap(caption, max) {
            self.say(ui, &l, x, y, 15.0, DIM);
            y += 17.0;
        }
        y += 10.0;
        let c = &self.held;
        for side in [Side::British, Side::German] {
            self.say(ui, side.name(), x, y, 20.0, INK);
            y += 22.0;
            for s in out.squadrons.iter().filter(|s| s.side == side) {
                let fate = match s.fate {
                    Fate::Lost => "LOST",
                    Fate::StoodDown => "stood down",
                    Fate::Unhurt => "flies on",
                };
                let line = format!(
                    "{}: {} shot down, {} damaged - {fate}",
                    self.squadron(s.squadron),
                    s.shot_down,
                    s.damaged
                );
                let col = match s.fate {
                    Fate::Lost => ACCENT,
                    _ => INK,
                };
                self.say(ui, &line, x + 10.0, y, 16.0, col);
                y += 19.0;
            }
            y += 8.0;
        }
        let target = c.events().iter().rev().find_map(|e| match e {
            Event::BattleOnBoard { geschwader, .. } => c.geschwader()[*geschwader].target,
            _ => None,
        });
        let bombs = match (out.hits, target) {
            (0, _) => format!("Bomb points {}: no hits on the target", out.points),
            (h, Some(card)) => format!(
                "Bomb points {}: {h} hit(s) on {} ({}/{} now)",
                out.points,
                self.card_name(card),
                c.damage(card),
                c.data().targets.cards[card as usize].hits
            ),
            (h, None) => format!("Bomb points {}: {h} hit(s)", out.points),
        };
        self.say(ui, &bombs, x, y, 17.0, INK);
        y += 24.0;
        let t = c.tally();
        let s = format!(
            "The campaign now: {} targets bombed; RAF {} lost, Luftwaffe {} lost",
            t.targets, t.raf_lost, t.luftwaffe_lost
        );
        self.say(ui, &s, x, y, 16.0, INK);
    }

    /// Applies the log scroll from this frame's wheel.
    pub fn scroll_log(&mut self, wheel: f32) {
        if let Some(sub) = self.sub.as_mut() {
            sub.scroll_log(wheel);
            return;
        }
        if wheel > 0.0 {
            self.log_scroll = (self.log_scroll + 3).min(self.log.len());
        } else if wheel < 0.0 {
            self.log_scroll = self.log_scroll.saturating_sub(3);
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str() + ".",
        None => String::new(),
    }
}

/// Splits text into lines of at most `max` characters, at spaces.
fn wrap(s: &str, max: usize) -> Vec<String> {
    let max = max.max(10);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        if !line.is_empty() && line.len() + word.len() + 1 > max {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Luftwaffe => "the Luftwaffe wins: air superiority for the invasion",
        Verdict::Draw => "a draw",
        Verdict::British => "the RAF wins: the invasion is called off",
    }
}

// ----- the result screen -----

/// The campaign's result: the verdict, the tallies and each turn. True: to
/// the main menu.
pub fn result_screen(ui: &mut Ui, t: &CampaignTable) -> bool {
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), BANNER);
    let c = t.campaign();
    let v = c.verdict().unwrap_or(Verdict::British);
    let title = match v {
        Verdict::Luftwaffe => "The Luftwaffe wins",
        Verdict::Draw => "The campaign is drawn",
        Verdict::British => "The RAF wins",
    };
    ui.text_centered(title, ui.w / 2.0, 80.0, 56.0, PAPER);
    let tally = c.tally();
    let rules = c.rules();
    let held = luftwaffe_rate_holds(&tally, rules);
    let why = match v {
        Verdict::Luftwaffe => {
            "At least 28 targets bombed, and the loss rate held: air superiority."
        }
        Verdict::Draw if tally.targets > rules.targets_to_win && !held => {
            "More than 28 targets bombed, but at too high a loss rate."
        }
        Verdict::Draw => "Between 22 and 27 targets bombed, with the loss rate held.",
        Verdict::British => "The Luftwaffe fell short: the invasion is called off.",
    };
    ui.text_centered(why, ui.w / 2.0, 116.0, 22.0, LIGHTGRAY);
    let light = Color::new(0.88, 0.89, 0.92, 1.0);
    let x = (ui.w / 2.0 - 320.0).max(20.0);
    let mut y = 170.0;
    let lines = [
        format!(
            "Targets bombed: {} (the Luftwaffe needs {}; a draw above {})",
            tally.targets, rules.targets_to_win, rules.targets_to_draw
        ),
        format!(
            "Squadrons lost: RAF {}, Luftwaffe {}",
            tally.raf_lost, tally.luftwaffe_lost
        ),
        format!(
            "Loss rate (hands of {} RAF to {} German): {}",
            rules.loss_hands.0,
            rules.loss_hands.1,
            if luftwaffe_rate_holds(&tally, rules) {
                "held by the Luftwaffe"
            } else {
                "lost by the Luftwaffe"
            }
        ),
        format!(
            "Weather: {}. {}",
            weather_title(c.setup().weather),
            battles_title(c.setup().battles)
        ),
    ];
    for l in &lines {
        ui.text(l, x, y, 22.0, light);
        y += 28.0;
    }
    y += 10.0;
    ui.text(
        "Turn   flew   missions   bombed   RAF lost   Luftwaffe lost",
        x,
        y,
        18.0,
        PAPER,
    );
    y += 22.0;
    for (i, r) in c.records().iter().enumerate() {
        if y > ui.h - 110.0 {
            break;
        }
        ui.text(
            &format!(
                "{:>4}   {:>4}   {:>8}   {:>6}   {:>8}   {:>14}",
                i + 1,
                if r.flew { "yes" } else { "no" },
                r.missions,
                r.bombed,
                r.raf_lost,
                r.luftwaffe_lost
            ),
            x,
            y,
            18.0,
            light,
        );
        y += 20.0;
    }
    let r = Rect::new(ui.w / 2.0 - 120.0, ui.h - 80.0, 240.0, 50.0);
    ui.button(r, "Main menu") || ui.input.key(KeyCode::Enter)
}

pub const HELP: &str = "THE CAMPAIGN. Peter Hunt's \"Battle of Britain (Done Properly)\": eleven turns from July to September 1940 in three phases (Kanalkampf, Alder Tag, the Blitz). The Luftwaffe wins by bombing 28 targets while holding a loss rate of 6 RAF squadrons to 10 German; 22 to 27 targets with the rate held, or more than 28 without it, is a draw; anything else is a British victory.
EACH TURN. The order of battle changes (stand-downs return, rotations, reinforcements, withdrawals), the RAF throws its production dice for squadrons and repairs, then the weather: on a respite the Luftwaffe stays at home. Otherwise the squadrons are alerted into wings and geschwader, the German gives each geschwader with bombers a target card from his hand and a take-off phase, and up to four Tally Ho phases follow.
TALLY HO. Each geschwader flies square by square (five squares with Bf 109s, ten without). Every time it enters a radar square (the yellow wash along the coast) the RAF may scramble a wing from its station; the wing then answers each square of the geschwader with one of its own. Then RAF movement: each wing may fly up to five squares. In the battle step intercepts are fought (with the campaign's dice or on the Simple Hex board), wings on a raid's square dogfight it (the German forms face-down gruppen, the RAF picks which to attack), and raids on their target bomb it through the anti-aircraft fire.
THE MAP. Group areas are tinted (10 green, 11 sand, 12 sea-green, 13 lilac) with dark borders; the red line is the 12 Group line, which Bf 109s and Ju 87s may not cross. Roundels are RAF stations, black crosses Luftwaffe bases, masts radar stations (red when knocked out). Small squares are target cards: grey cities, brown factories, white airfields, filling orange with bomb hits and crossed out when knocked out. Light blue counters are wings (station and squadrons), dark ones geschwader (name and squadrons). Hover over the map or a dashboard row for details: a side sees its own squadrons, never the other's hand, targets or gruppen.
CONTROLS. The buttons in the middle panel make each decision; highlighted squares and ringed counters on the map are clickable. Enter ends a step (the panel's last button). S or Space skips the other side's moves. F5 saves, H shows this page, Esc leaves (with the offer to save). On the hex board the Simple Hex controls apply (H there shows them); F5 saves the campaign, U takes back your own last move since the dice last rolled.";
