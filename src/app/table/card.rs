//! Cards the table holds up between moves: a summary when a stage of the
//! game ends (the first attack's bombs and losses), and, in a guided first
//! game, a few sentences the first time each kind of thing happens. The
//! table waits while a card is up; Enter, Space or its button puts it down.

use crate::app::ui::{fit_text, wrap_text, Ui, ACCENT, INK};
use macroquad::prelude::*;

/// What a card is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    /// How a stage of the game went (shown whether or not a guide is on).
    Summary,
    /// The guide explaining something the first time it happens.
    Lesson,
}

/// A card: a title, its lines, and what it is for.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub kind: CardKind,
    pub title: String,
    pub lines: Vec<String>,
}

impl Card {
    pub fn summary(title: impl Into<String>, lines: Vec<String>) -> Card {
        Card {
            kind: CardKind::Summary,
            title: title.into(),
            lines,
        }
    }

    pub fn lesson(title: impl Into<String>, text: impl Into<String>) -> Card {
        Card {
            kind: CardKind::Lesson,
            title: title.into(),
            lines: vec![text.into()],
        }
    }

    /// The button that puts the card down.
    pub fn button(&self) -> &'static str {
        match self.kind {
            CardKind::Summary => "Continue",
            CardKind::Lesson => "Got it",
        }
    }
}

/// Something the guide explains, the first time it happens in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// One name for each kind of thing (a game explains each once).
    pub topic: &'static str,
    pub title: String,
    pub text: String,
}

impl Lesson {
    pub fn new(topic: &'static str, title: &str, text: &str) -> Lesson {
        Lesson {
            topic,
            title: title.to_string(),
            text: text.to_string(),
        }
    }
}

/// The guide's pointer: the next thing to do, in one short sentence, and
/// where on the screen it is done (ringed), if it is one place.
#[derive(Clone, Debug, PartialEq)]
pub struct Pointer {
    pub text: String,
    pub at: Option<Rect>,
}

impl Pointer {
    pub fn new(text: impl Into<String>, at: Option<Rect>) -> Pointer {
        Pointer {
            text: text.into(),
            at,
        }
    }
}

/// Where a card goes in `area` (within the window), with its lines wrapped
/// and their size.
fn card_rect(ui: &Ui, card: &Card, area: Rect) -> (Rect, Vec<String>, f32) {
    let w = (area.w - 24.0).clamp(300.0, 620.0).min(ui.w - 16.0);
    let size = if ui.w < 1100.0 { 17.0 } else { 19.0 };
    let lines: Vec<String> = card
        .lines
        .iter()
        .flat_map(|l| wrap_text(l, w - 40.0, size))
        .collect();
    let line_h = size * 1.3;
    let room = ((ui.h - 200.0) / line_h).max(1.0) as usize;
    let shown: Vec<String> = lines.into_iter().take(room).collect();
    let h = 70.0 + shown.len() as f32 * line_h + 70.0;
    let x = (area.x + (area.w - w) / 2.0).clamp(8.0, (ui.w - w - 8.0).max(8.0));
    let y = (area.y + (area.h - h) / 2.0).clamp(50.0, (ui.h - h - 8.0).max(50.0));
    (Rect::new(x, y, w, h), shown, size)
}

/// Draws `card` over the table, in the middle of `area`, and reads its
/// button: true when it is put down (its button, Enter or Space).
pub fn show(ui: &mut Ui, card: &Card, area: Rect) -> bool {
    ui.flush_text();
    let (r, lines, size) = card_rect(ui, card, area);
    let fill = match card.kind {
        CardKind::Summary => Color::new(0.97, 0.95, 0.88, 1.0),
        CardKind::Lesson => Color::new(1.0, 0.97, 0.82, 1.0),
    };
    ui.rect(r, fill);
    ui.rect_lines(
        r,
        3.0,
        if card.kind == CardKind::Lesson {
            ACCENT
        } else {
            INK
        },
    );
    let title_size = if ui.w < 1100.0 { 24.0 } else { 28.0 };
    let tag = match card.kind {
        CardKind::Lesson => "Guide: ",
        CardKind::Summary => "",
    };
    ui.text(
        &fit_text(&format!("{tag}{}", card.title), r.w - 40.0, title_size),
        r.x + 20.0,
        r.y + 42.0,
        title_size,
        INK,
    );
    for (i, l) in lines.iter().enumerate() {
        ui.text(l, r.x + 20.0, r.y + 76.0 + i as f32 * size * 1.3, size, INK);
    }
    let b = Rect::new(r.x + r.w - 170.0, r.y + r.h - 58.0, 150.0, 42.0);
    let hit = ui.button(b, card.button());
    ui.flush_text();
    hit || ui.input.key(KeyCode::Enter)
        || ui.input.key(KeyCode::Space)
        || ui.input.key(KeyCode::KpEnter)
}

/// Rings the place the guide points at (drawn over the table).
pub fn ring(ui: &Ui, at: Rect, t: f32) {
    let pulse = 3.0 + 2.0 * (t * 4.0).sin().abs();
    let r = Rect::new(
        at.x - pulse,
        at.y - pulse,
        at.w + 2.0 * pulse,
        at.h + 2.0 * pulse,
    );
    ui.rect_lines(r, 3.0, Color::new(1.0, 0.75, 0.0, 1.0));
}
