//! The text audit (`--audit-text`): while a scripted game runs in the
//! window, every text drawn is checked against its box, and what leaves it
//! is reported at the end.
//!
//! A text's box is the last rectangle drawn under it (a button, a panel, a
//! tooltip, a badge) before it, or the window where there is none; its ink
//! (the glyphs' pixels, not their line height) must lie inside that box,
//! inside the window, and inside the clip in force. Thin rectangles (rules,
//! bars, colour strips) are not boxes.

use crate::app::ui::{advance, drawable_char, font_size, glyph_metrics, kern};
use macroquad::prelude::Rect;
use std::cell::RefCell;
use std::collections::BTreeSet;

/// Slack for rounding, in pixels.
const SLACK: f32 = 1.0;
/// Rectangles thinner than this are not boxes.
const THIN: f32 = 6.0;

#[derive(Default)]
struct Audit {
    window: Rect,
    rects: Vec<Rect>,
    clip: Option<Rect>,
    /// Each problem once, in a stable order.
    problems: BTreeSet<String>,
    /// Texts checked.
    checked: u64,
}

thread_local! {
    static AUDIT: RefCell<Option<Audit>> = const { RefCell::new(None) };
}

fn with(f: impl FnOnce(&mut Audit)) {
    AUDIT.with(|a| {
        if let Some(a) = a.borrow_mut().as_mut() {
            f(a);
        }
    });
}

/// Starts auditing (for the rest of the program).
pub fn start() {
    AUDIT.with(|a| *a.borrow_mut() = Some(Audit::default()));
}

/// How many texts were checked.
pub fn checked() -> u64 {
    AUDIT.with(|a| a.borrow().as_ref().map_or(0, |a| a.checked))
}

/// Whether the audit runs.
pub fn started() -> bool {
    AUDIT.with(|a| a.borrow().is_some())
}

/// What the audit found so far, each once, and the size of window each was
/// seen at.
pub fn problems() -> Vec<String> {
    AUDIT.with(|a| {
        a.borrow()
            .as_ref()
            .map(|a| a.problems.iter().cloned().collect())
            .unwrap_or_default()
    })
}

/// A new frame in a window of `w` by `h`.
pub fn frame(w: f32, h: f32) {
    with(|a| {
        a.window = Rect::new(0.0, 0.0, w, h);
        a.rects.clear();
        a.clip = None;
    });
}

/// A rectangle drawn (filled or outlined).
pub fn rect(r: Rect) {
    with(|a| {
        if r.w >= THIN && r.h >= THIN {
            a.rects.push(r);
        }
    });
}

/// The clip from now on.
pub fn clip(r: Option<Rect>) {
    with(|a| a.clip = r);
}

/// The pixels `s` covers drawn with its baseline at `y` from `x` at `size`
/// (a drawable size); `None` for text with no ink.
pub fn ink(s: &str, x: f32, y: f32, size: f32) -> Option<Rect> {
    let px = font_size(size) as u16;
    let (mut pen, mut last) = (x.round(), None);
    let y = y.round();
    let (mut left, mut top, mut right, mut bottom) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for c in s.chars().map(drawable_char) {
        if let Some(l) = last {
            pen += kern(l, c, px);
        }
        last = Some(c);
        let m = glyph_metrics(c, px);
        if m.width > 0 && m.height > 0 {
            left = left.min(pen + m.xmin as f32);
            right = right.max(pen + m.xmin as f32 + m.width as f32);
            top = top.min(y - m.height as f32 - m.ymin as f32);
            bottom = bottom.max(y - m.ymin as f32);
        }
        pen += advance(c, px);
    }
    (left <= right).then(|| Rect::new(left, top, right - left, bottom - top))
}

fn inside(inner: Rect, outer: Rect) -> bool {
    inner.x >= outer.x - SLACK
        && inner.y >= outer.y - SLACK
        && inner.x + inner.w <= outer.x + outer.w + SLACK
        && inner.y + inner.h <= outer.y + outer.h + SLACK
}

fn show(r: Rect) -> String {
    format!("{:.0},{:.0} {:.0}x{:.0}", r.x, r.y, r.w, r.h)
}

/// A text drawn (or queued to be drawn over what is drawn so far).
pub fn text(s: &str, x: f32, y: f32, size: f32) {
    with(|a| {
        let Some(ink) = ink(s, x, y, size) else {
            return;
        };
        a.checked += 1;
        let w = a.window;
        let at = format!("{:.0}x{:.0}", w.w, w.h);
        let centre = ink.center();
        let boxed = a.rects.iter().rev().find(|r| r.contains(centre)).copied();
        let problem = if !inside(ink, w) {
            Some(format!("leaves the window ({})", show(ink)))
        } else if let Some(c) = a.clip.filter(|&c| !inside(ink, c)) {
            Some(format!("is cut by its clip {} ({})", show(c), show(ink)))
        } else {
            boxed
                .filter(|&b| !inside(ink, b))
                .map(|b| format!("leaves its box {} ({})", show(b), show(ink)))
        };
        if let Some(p) = problem {
            a.problems.insert(format!("{at}: \"{s}\" {p}"));
        }
    });
}
