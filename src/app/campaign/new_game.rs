//! The new-campaign screen: who plays which side, the weather rule, how
//! intercepts are fought, and the seed.

use super::{CampaignTable, BANNER};
use crate::app::ui::{Ui, INK, PAPER};
use crate::campaign::game::{Battles, Campaign, CampaignSetup};
use crate::campaign::rules::WeatherRule;
use crate::common::Level;
use crate::common::Side;
use macroquad::prelude::*;

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
        WeatherRule::PhaseDice => "Both sides throw a die each turn; the respites change with the phase (1/2, 1/3, 4/9 of turns).",
        WeatherRule::SingleDice => "The same dice every turn: 15 in 36 turns are respites.",
        WeatherRule::Shortened => "No weather: seven flying turns in the three phases.",
        WeatherRule::Cards => "Four black and seven red cards, one drawn each turn: black is a respite.",
        WeatherRule::Historical => "The weather of 1940: turns 1, 4, 7 and 10 are respites.",
    }
}

pub fn battles_title(b: Battles) -> &'static str {
    match b {
        Battles::Dice => "Intercepts: thrown with the campaign's dice",
        Battles::Board => "Intercepts: fought on the hex board",
        Battles::Family => "Intercepts: on the family board",
        Battles::Ask => "Intercepts: ask at each one",
    }
}

const PLAYERS: [&str; 3] = [
    "Solo: you command the RAF",
    "Solo: you command the Luftwaffe",
    "Two players, passing the machine",
];

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
    /// The computer's level for each side: the Luftwaffe planner's, the
    /// RAF controller's (a side a person plays ignores its own).
    pub levels: [Level; 2],
}

impl CampaignNew {
    pub fn new(seed: String) -> CampaignNew {
        CampaignNew {
            players: 0,
            weather: 0,
            battles: 3,
            seed,
            levels: [Level::default(); 2],
        }
    }

    /// The side the computer plays (None with two players).
    pub fn computer(&self) -> Option<Side> {
        self.human().map(|h| h.other())
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
            speed_dice: Default::default(),
            asks: self.human(),
        })
    }

    /// The campaign these choices begin, on the shipped map, cards, order
    /// of battle and rules.
    pub fn start(&self) -> Result<CampaignTable, String> {
        let setup = self.setup()?;
        let (data, rules) = crate::record::campaign::shipped()
            .map_err(|e| format!("The campaign's files could not be read: {e}"))?;
        let c = Campaign::new(data, rules, setup);
        Ok(CampaignTable::at(c, self.human(), self.levels))
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
    let bh = ((ui.h - 220.0) / 9.0).clamp(30.0, 52.0);
    let step = bh + 12.0;
    let mut y = 140.0 + ((ui.h - 140.0 - 8.0 * step - 40.0) / 2.0).max(0.0);
    let mut r = || {
        let out = Rect::new(x, y, bw, bh);
        y += step;
        out
    };
    let (r0, rl, r1, r2, r3, r4, r5) = (r(), r(), r(), r(), r(), r(), r());
    // Room under the weather button for its note.
    let below = |r: Rect| Rect::new(r.x, r.y + 26.0, r.w, r.h);
    let (r2, r3, r4, r5) = (below(r2), below(r3), below(r4), below(r5));
    if ui.button(r0, &format!("Players: {}", PLAYERS[ng.players % 3])) {
        ng.players = (ng.players + 1) % 3;
    }
    // The computer side's level; none to choose with two players.
    match ng.computer() {
        Some(side) => {
            let (i, who) = match side {
                Side::German => (0, "Luftwaffe planner"),
                Side::British => (1, "RAF controller"),
            };
            if ui.button(rl, &format!("Computer {who}: {}", ng.levels[i])) {
                ng.levels[i] = ng.levels[i].next();
            }
        }
        None => ui.text_centered(
            "No computer side: two players",
            rl.x + rl.w / 2.0,
            rl.y + bh * 0.62,
            20.0,
            Color::new(0.85, 0.86, 0.9, 1.0),
        ),
    }
    let w = WeatherRule::ALL[ng.weather % WeatherRule::ALL.len()];
    if ui.button(r1, &format!("Weather: {}", weather_title(w))) {
        ng.weather = (ng.weather + 1) % WeatherRule::ALL.len();
    }
    ui.text_centered(
        &crate::app::ui::fit_text(weather_note(w), ui.w - 40.0, 17.0),
        r1.x + r1.w / 2.0,
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
    crate::app::ui::type_seed(ui, &mut ng.seed);
    let mut out = None;
    if ui.button(r4, "Start the campaign") || ui.input.key(KeyCode::Enter) {
        out = Some(true);
    }
    if ui.button(r5, "Back") {
        out = Some(false);
    }
    out
}
