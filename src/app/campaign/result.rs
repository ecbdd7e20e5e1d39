//! How things ended: the campaign's result screen (the verdict, the tallies,
//! each turn), and the panel that shows a board battle's result on the map
//! until "Back to the map".

use super::names::{squadron, wrap};
use super::new_game::{battles_title, weather_title};
use super::{CampaignScene, CampaignTable, BANNER};
use crate::app::spread_view::{self, Placing};
use crate::app::ui::{Ui, ACCENT, DIM, INK, PAPER};
use crate::campaign::game::Campaign;
use crate::campaign::score::{luftwaffe_rate_holds, Verdict};
use crate::campaign::tactical::Outcome;
use crate::common::words::count;
use crate::common::Side;
use macroquad::prelude::*;

/// A board battle just over, as it flowed back to the campaign: shown on
/// the map until the player goes back to it.
#[derive(Clone, Debug)]
pub struct BoardResult {
    pub outcome: Outcome,
    /// Who met whom, and where.
    pub caption: String,
    /// The side at the machine when the battle ended: it reads the result.
    pub seat: Side,
}

impl CampaignScene {
    /// The board battle's result, as it flowed back to the campaign.
    pub(super) fn draw_result(&self, ui: &Ui, c: &Campaign, r: &BoardResult) {
        let (out, caption, lay, seat) = (&r.outcome, r.caption.as_str(), self.lay, r.seat);
        let x0 = lay.act.x;
        let r = Rect::new(x0, lay.act.y, ui.w - x0 - 8.0, lay.act.h);
        ui.rect(r, Color::new(0.93, 0.91, 0.85, 0.98));
        ui.rect_lines(r, 2.0, INK);
        let x = r.x + 12.0;
        let mut y = r.y + 28.0;
        self.say(ui, "The battle on the board is over", x, y, 24.0, INK);
        y += 24.0;
        for l in wrap(caption, r.w - 24.0, 15.0) {
            self.say(ui, &l, x, y, 15.0, DIM);
            y += 17.0;
        }
        // What decided it, before the account.
        y += 6.0;
        for l in wrap(&out.decided(), r.w - 24.0, 17.0) {
            self.say(ui, &l, x, y, 17.0, INK);
            y += 20.0;
        }
        y += 8.0;
        // A gruppe the RAF never came near stays face down to it.
        let unseen: Vec<usize> = out
            .squadrons
            .iter()
            .filter(|s| !s.seen && seat == Side::British)
            .map(|s| s.squadron)
            .collect();
        // A dogfight's dozen squadrons must fit above the button: the rows
        // close up (and their text shrinks) when there are many.
        let rows = out.squadrons.len() as f32 + 10.0;
        let room = r.y + r.h - 140.0 - y;
        let step = (room / rows).clamp(13.0, 19.0);
        let fs = (step - 3.0).clamp(10.0, 16.0);
        for side in [Side::British, Side::German] {
            self.say(ui, side.name(), x, y, 20.0, INK);
            y += step + 3.0;
            if side == Side::German && !unseen.is_empty() {
                let line = format!(
                    "{} never seen, face down: {}",
                    count(unseen.len(), "squadron", "squadrons"),
                    if unseen.len() == 1 {
                        "it flies on"
                    } else {
                        "they fly on"
                    }
                );
                self.say(ui, &line, x + 10.0, y, fs, INK);
                y += step;
            }
            for s in out
                .squadrons
                .iter()
                .filter(|s| s.side == side && !unseen.contains(&s.squadron))
            {
                let line = match (out.family, s.side, s.shot_down > 0) {
                    (true, Side::British, true) => {
                        // On the family board every squadron flies as one
                        // Spitfire, whatever its type.
                        format!("{}: lost on the family board", squadron(c, s.squadron))
                    }
                    (true, Side::German, true) => {
                        format!("{}: shot down", squadron(c, s.squadron))
                    }
                    (true, _, false) => format!("{}: flies on", squadron(c, s.squadron)),
                    (false, ..) => format!(
                        "{}: {} shot down, {} damaged",
                        squadron(c, s.squadron),
                        s.shot_down,
                        s.damaged
                    ),
                };
                let line = crate::app::ui::fit_text(&line, r.w - 34.0, 16.0);
                self.say(ui, &line, x + 10.0, y, fs, INK);
                y += step;
            }
            let hits = match side {
                Side::British => out.raf_hits,
                Side::German => out.luftwaffe_hits,
            };
            if let (Side::German, Some(a)) = (side, out.ace) {
                let line = format!(
                    "The No. 303 ace's {}: {}",
                    count(a.dice, "die", "dice"),
                    count(a.hits, "hit", "hits")
                );
                let line = crate::app::ui::fit_text(&line, r.w - 34.0, 16.0);
                self.say(ui, &line, x + 10.0, y, fs, INK);
                y += step;
            }
            if hits > 0 {
                let line = format!(
                    "{} to take, as the dice's: the {}'s choice, on the map",
                    count(hits, "hit", "hits"),
                    side.name()
                );
                let line = crate::app::ui::fit_text(&line, r.w - 34.0, 16.0);
                self.say(ui, &line, x + 10.0, y, fs, ACCENT);
                y += step;
            }
            y += 8.0;
        }
        let bombs = if out.dogfight {
            "A dogfight: no partial losses; the raid flies on with its survivors"
        } else if out.fighter_battle {
            "A fighter battle: no bombers flew"
        } else {
            "The raid bombs later, with the dice"
        };
        let bombs = crate::app::ui::fit_text(bombs, r.w - 24.0, 17.0);
        self.say(ui, &bombs, x, y, 17.0, INK);
        y += 24.0;
        let t = c.tally();
        let s = format!(
            "The campaign now: {} bombed; RAF {} lost, Luftwaffe {} lost",
            count(t.targets, "target", "targets"),
            t.raf_lost,
            t.luftwaffe_lost
        );
        let s = crate::app::ui::fit_text(&s, r.w - 24.0, 16.0);
        self.say(ui, &s, x, y, 16.0, INK);
    }
}

pub fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Luftwaffe => "the Luftwaffe wins: air superiority for the invasion",
        Verdict::Draw => "a draw",
        Verdict::British => "the RAF wins: the invasion is called off",
    }
}

/// The measured campaign spreads, read once.
fn shipped_spreads() -> Option<&'static crate::common::spread::SpreadTable> {
    static SPREADS: std::sync::OnceLock<Option<crate::common::spread::SpreadTable>> =
        std::sync::OnceLock::new();
    SPREADS
        .get_or_init(|| crate::data::shipped_campaign_spreads().ok())
        .as_ref()
}

/// Where a finished campaign's targets fell among the computer's campaigns
/// won the same way under its weather rule, and what was won ("RAF win").
/// None for a draw (it has no margin) or an unfinished campaign.
pub fn placing(c: &Campaign) -> Option<(Placing, String)> {
    use crate::campaign::score::{spread_result, spread_setting};
    let v = c.verdict()?;
    let (outcome, value, better) = spread_result(v, &c.tally())?;
    let rule = c.setup().weather;
    let row = shipped_spreads()?.find(&spread_setting(rule), outcome)?;
    let what = match v {
        Verdict::Luftwaffe => "Luftwaffe win",
        _ => "RAF win",
    };
    Some((
        Placing {
            spread: row.spread.clone(),
            value,
            better,
            axis: "targets bombed",
            setting: format!("{}; {}", graded_against(c), rule.name()),
            compared: crate::app::spread_view::Compared::Won,
        },
        what.to_string(),
    ))
}

/// What a campaign is graded against, in the end screen's words: the
/// computer's campaigns thrown with the dice, and for one whose battles
/// were fought on a board, whether the boards come out as the dice (they
/// do from campaign data version 10, the hits ranked: docs/RULES.md, "The
/// same war on every board"), so that its grade is a fair one or is said
/// not to be.
pub fn graded_against(c: &Campaign) -> &'static str {
    let t = c.intercept_tally();
    let on_boards = t.on_board + t.on_family_board + t.dogfights_on_board > 0;
    match (on_boards, c.rules().tactical.ranked) {
        (false, _) => "the Veteran on both sides with the dice",
        (true, true) => {
            "the Veteran on both sides with the dice, which this campaign's battles on the boards come out as"
        }
        (true, false) => {
            "the Veteran on both sides with the dice, which the boards of this campaign's earlier data do not come out as"
        }
    }
}

/// The share (in percent) of the computer's campaigns under this one's
/// weather that were drawn: those neither side's row counts.
fn draw_share(c: &Campaign) -> Option<f64> {
    use crate::campaign::score::{spread_setting, SPREAD_OUTCOMES};
    let t = shipped_spreads()?;
    let key = spread_setting(c.setup().weather);
    let won: u64 = SPREAD_OUTCOMES
        .iter()
        .map(|o| t.find(&key, o).map_or(0, |r| r.spread.total()))
        .sum();
    Some(100.0 * t.games.saturating_sub(won) as f64 / t.games as f64)
}

/// Is there room for the grade beside a table of `table_w` at `tx`?
fn grade_beside(w: f32, tx: f32, table_w: f32, block_w: f32) -> bool {
    w - (tx + table_w + 30.0) - 20.0 >= block_w.min(240.0)
}

/// The result screen's light type.
const LIGHT: Color = Color::new(0.88, 0.89, 0.92, 1.0);

/// The headings of the table of turns.
const HEADS: [&str; 6] = [
    "Turn",
    "flew",
    "missions",
    "bombed",
    "RAF lost",
    "Luftwaffe lost",
];

/// The room between the table's columns.
const COLUMN_GAP: f32 = 22.0;

/// The table of turns' type: its rows' height, its text's size, its
/// headings' widths and its whole width.
struct TableType {
    row: f32,
    size: f32,
    widths: Vec<f32>,
    width: f32,
}

impl TableType {
    /// Rows that fit every turn (and the headings) between `top` and
    /// `bottom`, shrunk down to a 15-pixel row at most.
    fn fitted(top: f32, bottom: f32, turns: f32) -> TableType {
        let row = ((bottom - top) / (turns + 1.0)).clamp(15.0, 22.0);
        let size = (row * 0.82).min(18.0);
        let widths: Vec<f32> = HEADS
            .iter()
            .map(|h| crate::app::ui::text_width(h, size))
            .collect();
        let width = widths.iter().sum::<f32>() + COLUMN_GAP * (HEADS.len() - 1) as f32;
        TableType {
            row,
            size,
            widths,
            width,
        }
    }
}

/// The campaign's result: the verdict, the tallies and each turn. True: to
/// the main menu.
pub fn result_screen(ui: &mut Ui, t: &CampaignTable) -> bool {
    ui.rect(Rect::new(0.0, 0.0, ui.w, ui.h), BANNER);
    let c = t.campaign();
    let v = c.verdict().unwrap_or(Verdict::British);
    draw_verdict(ui, c, v);
    let x = (ui.w / 2.0 - 320.0).max(20.0);
    let mut y = draw_tallies(ui, c, x, 170.0);
    y += 10.0;
    // Every turn must show above the button: the rows shrink (down to a
    // 15-pixel row) before any is left out.
    let bottom = ui.h - 90.0;
    let turns = c.records().len().max(1) as f32;
    let grade = placing(c);
    let first = TableType::fitted(y, bottom, turns);
    // The grade beside the turns where the window is wide enough (the
    // table moves left to make room), above them where not.
    let block_w = 300.0;
    let tx = x.min((ui.w - 20.0 - block_w - 30.0 - first.width).max(20.0));
    let beside = grade.is_some() && grade_beside(ui.w, tx, first.width, block_w);
    let right = beside.then_some(tx + first.width + 30.0);
    let y = draw_grade(ui, c, v, grade, vec2(x, y), right);
    // A grade above the turns leaves them less room.
    let refitted = TableType::fitted(y, bottom, turns);
    let table = if refitted.row < first.row {
        refitted
    } else {
        first
    };
    draw_turns(ui, c, &table, vec2(if beside { tx } else { x }, y), bottom);
    let r = Rect::new(ui.w / 2.0 - 120.0, ui.h - 80.0, 240.0, 50.0);
    ui.button(r, "Main menu") || ui.input.key(KeyCode::Enter)
}

/// The verdict, and why.
fn draw_verdict(ui: &Ui, c: &Campaign, v: Verdict) {
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
}

/// The tallies from `y` down (targets, losses, the loss rate, the
/// settings); returns how far down they went.
fn draw_tallies(ui: &Ui, c: &Campaign, x: f32, mut y: f32) -> f32 {
    let tally = c.tally();
    let rules = c.rules();
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
        // Narrow windows wrap a long line rather than lose its end.
        y += ui.paragraph(l, x, y, ui.w - x - 20.0, 22.0, LIGHT) + 28.0 - 22.0 * 1.15;
    }
    y
}

/// How clear the win was, at `right` (beside the turns) or at `at` above
/// them; a draw, which has no margin, says how common draws are. Returns
/// where the table of turns starts.
fn draw_grade(
    ui: &Ui,
    c: &Campaign,
    v: Verdict,
    grade: Option<(Placing, String)>,
    at: Vec2,
    right: Option<f32>,
) -> f32 {
    let (x, mut y) = (at.x, at.y);
    match (grade, right) {
        (Some((p, what)), Some(rx)) => {
            let rw = (ui.w - rx - 20.0).min(420.0);
            let r = Rect::new(rx, y, rw, (ui.h - 110.0 - y).min(200.0));
            spread_view::block(ui, r, &p, &what, 16.0, LIGHT, spread_view::BAR);
        }
        (Some((p, what)), None) => {
            let r = Rect::new(x, y, ui.w - x - 20.0, 90.0);
            spread_view::block(ui, r, &p, &what, 16.0, LIGHT, spread_view::BAR);
            y += r.h + 10.0;
        }
        (None, _) if v == Verdict::Draw => {
            if let Some(share) = draw_share(c) {
                let s = format!(
                    "A draw has no margin to grade: {share:.0}% of the computer's campaigns under this weather were drawn too."
                );
                // The paragraph's first baseline where the headings' was.
                y += ui.paragraph(&s, x, y, ui.w - x - 20.0, 16.0, LIGHT) + 10.0;
            }
        }
        (None, _) => {}
    }
    y
}

/// The table of turns from `at`: each column's figures right-aligned under
/// its heading, as many turns as fit above `bottom`.
fn draw_turns(ui: &Ui, c: &Campaign, table: &TableType, at: Vec2, bottom: f32) {
    let (x, mut y) = (at.x, at.y);
    let size = table.size;
    let mut col = x;
    let ends: Vec<f32> = table
        .widths
        .iter()
        .map(|w| {
            col += w;
            let end = col;
            col += COLUMN_GAP;
            end
        })
        .collect();
    for (h, (end, w)) in HEADS.iter().zip(ends.iter().zip(&table.widths)) {
        ui.text(h, end - w, y, size, PAPER);
    }
    y += table.row;
    for (i, r) in c.records().iter().enumerate() {
        if y > bottom {
            break;
        }
        let cells = [
            (i + 1).to_string(),
            if r.flew { "yes" } else { "no" }.to_string(),
            r.missions.to_string(),
            r.bombed.to_string(),
            r.raf_lost.to_string(),
            r.luftwaffe_lost.to_string(),
        ];
        for (cell, end) in cells.iter().zip(&ends) {
            let w = crate::app::ui::text_width(cell, size);
            ui.text(cell, end - w, y, size, LIGHT);
        }
        y += table.row;
    }
}
