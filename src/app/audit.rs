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

/// Something drawn that may not cover another: a text's ink, or a mark
/// (a counter, a disc, a result) with its owner.
#[derive(Clone, Debug)]
struct Item {
    what: String,
    rect: Rect,
    /// Marks of one owner (a plane and its disc) may cover each other.
    owner: Option<String>,
    text: bool,
    /// Its place in the order of painting.
    painted: u64,
}

#[derive(Default)]
struct Audit {
    window: Rect,
    rects: Vec<Rect>,
    clip: Option<Rect>,
    /// Each problem once, in a stable order.
    problems: BTreeSet<String>,
    /// Texts checked.
    checked: u64,
    /// Items checked for covering one another.
    covered_checked: u64,
    /// The pairs found covering one another so far.
    covers: BTreeSet<String>,
    /// Problems first seen in the frame just checked.
    fresh: Vec<String>,
    /// The order of painting so far this frame.
    paint: u64,
    /// Opaque rectangles painted this frame, in order: what is under one
    /// is hidden by it.
    opaque: Vec<(Rect, u64)>,
    /// Texts queued (drawn over every shape at the next flush).
    pending: Vec<Item>,
    /// Texts and marks painted this frame.
    items: Vec<Item>,
    /// What is drawn now is on its way somewhere (a plane flying along its
    /// path): it may pass over others, and is not checked against them.
    moving: bool,
    /// Whose texts are drawn now (a plane's letter and tag are its own).
    owner: Option<String>,
    /// The marks of the last frame checked: owner, what, where.
    last_marks: Vec<(String, String, Rect)>,
    /// The texts of the last frame checked: the text, where.
    last_texts: Vec<(String, Rect)>,
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

/// How many texts and marks were checked against one another.
pub fn covered_checked() -> u64 {
    AUDIT.with(|a| a.borrow().as_ref().map_or(0, |a| a.covered_checked))
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

/// A new frame in a window of `w` by `h`: what the last one painted is
/// checked for things covering one another.
pub fn frame(w: f32, h: f32) {
    with(|a| {
        a.finish_frame();
        a.fresh.clear();
        a.window = Rect::new(0.0, 0.0, w, h);
        a.rects.clear();
        a.clip = None;
    });
}

/// A rectangle drawn (filled or outlined); `opaque`: filled with a colour
/// that hides what is under it.
pub fn rect(r: Rect, opaque: bool) {
    with(|a| {
        if r.w >= THIN && r.h >= THIN {
            a.rects.push(r);
        }
        if opaque {
            a.paint += 1;
            let r = a.clipped(r);
            if let Some(r) = r {
                a.opaque.push((r, a.paint));
            }
        }
    });
}

/// A mark drawn now: a counter, a disc, a result, anything that must not
/// cover another owner's mark or a text (a text wholly on a mark is its
/// label). `owner` names what it belongs to. Its own box does not hide
/// what it covers: a mark over a mark is a problem however opaque.
pub fn mark(owner: &str, what: &str, r: Rect) {
    with(|a| {
        if a.moving {
            return;
        }
        a.opaque.retain(|&(o, _)| !inside(o, r));
        a.paint += 1;
        if let Some(rect) = a.clipped(r) {
            let item = Item {
                what: what.to_string(),
                rect,
                owner: Some(owner.to_string()),
                text: false,
                painted: a.paint,
            };
            a.items.push(item);
        }
    });
}

/// The frame is drawn: what it painted is checked now. Returns the
/// problems it was the first to show.
pub fn end_frame() -> Vec<String> {
    let mut out = Vec::new();
    with(|a| {
        a.finish_frame();
        out = std::mem::take(&mut a.fresh);
    });
    out
}

/// The texts drawn from now on belong to `owner` (`None`: to no mark).
pub fn owner(owner: Option<&str>) {
    with(|a| a.owner = owner.map(str::to_string));
}

/// The marks the last frame checked drew (at rest): owner, what, where.
pub fn last_marks() -> Vec<(String, String, Rect)> {
    AUDIT.with(|a| {
        a.borrow()
            .as_ref()
            .map(|a| a.last_marks.clone())
            .unwrap_or_default()
    })
}

/// The texts the last frame checked drew (at rest): the text, where.
pub fn last_texts() -> Vec<(String, Rect)> {
    AUDIT.with(|a| {
        a.borrow()
            .as_ref()
            .map(|a| a.last_texts.clone())
            .unwrap_or_default()
    })
}

/// What is drawn from now on is moving (`true`) or at rest again.
pub fn moving(on: bool) {
    with(|a| a.moving = on);
}

/// The texts queued so far are painted now (over the shapes drawn).
pub fn flush() {
    with(|a| {
        for mut t in std::mem::take(&mut a.pending) {
            a.paint += 1;
            t.painted = a.paint;
            a.items.push(t);
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
        } else if let Some(c) = a.clip.filter(|&c| !a.moving && !inside(ink, c)) {
            Some(format!("is cut by its clip {} ({})", show(c), show(ink)))
        } else if a.moving {
            // On its way over others: whatever box it passes is not its own.
            None
        } else if a.owner.as_ref().is_some_and(|o| {
            a.items
                .iter()
                .any(|m| !m.text && m.owner.as_ref() == Some(o) && inside(ink, m.rect))
        }) {
            // Written on a mark of its own (a letter on its disc).
            None
        } else {
            boxed
                .filter(|&b| !inside(ink, b))
                .map(|b| format!("leaves its box {} ({})", show(b), show(ink)))
        };
        if let Some(p) = problem {
            if a.problems.insert(format!("{at}: \"{s}\" {p}")) {
                a.fresh.push(format!("\"{s}\" {p}"));
            }
        }
        if let Some(rect) = a.clipped(ink).filter(|_| !a.moving) {
            a.pending.push(Item {
                what: format!("\"{s}\""),
                rect,
                owner: a.owner.clone(),
                text: true,
                painted: 0,
            });
        }
    });
}

/// A text drawn at once (not queued): checked and painted now.
pub fn text_now(s: &str, x: f32, y: f32, size: f32) {
    text(s, x, y, size);
    flush();
}

/// How far two rectangles overlap: the width and height of their common
/// part (zero or less where they do not).
fn overlap(a: Rect, b: Rect) -> (f32, f32) {
    (
        (a.x + a.w).min(b.x + b.w) - a.x.max(b.x),
        (a.y + a.h).min(b.y + b.h) - a.y.max(b.y),
    )
}

fn common(a: Rect, b: Rect) -> Option<Rect> {
    let (w, h) = overlap(a, b);
    (w > 0.0 && h > 0.0).then(|| Rect::new(a.x.max(b.x), a.y.max(b.y), w, h))
}

/// Two texts closer than this (in pixels, side to side) run together.
const TEXT_GAP: f32 = 2.0;
/// Marks may touch by this much (their anti-aliased edges).
const MARK_SLACK: f32 = 2.0;

impl Audit {
    /// `r` as far as the clip in force lets it be seen.
    fn clipped(&self, r: Rect) -> Option<Rect> {
        match self.clip {
            Some(c) => common(r, c),
            None => Some(r),
        }
    }

    /// Whether `under` (painted at `from`) is hidden where `part` is by an
    /// opaque rectangle painted after it and before `to`.
    fn hidden(&self, part: Rect, from: u64, to: u64) -> bool {
        self.opaque
            .iter()
            .any(|&(r, at)| at > from && at < to && inside(part, r))
    }

    /// The frame is over: every pair of things painted that cover one
    /// another where neither is hidden is a problem.
    fn finish_frame(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        for mut t in pending {
            self.paint += 1;
            t.painted = self.paint;
            self.items.push(t);
        }
        let items = std::mem::take(&mut self.items);
        self.last_marks = items
            .iter()
            .filter(|i| !i.text)
            .map(|i| (i.owner.clone().unwrap_or_default(), i.what.clone(), i.rect))
            .collect();
        self.last_texts = items
            .iter()
            .filter(|i| i.text)
            .map(|i| (i.what.trim_matches('"').to_string(), i.rect))
            .collect();
        let at = format!("{:.0}x{:.0}", self.window.w, self.window.h);
        for (i, a) in items.iter().enumerate() {
            self.covered_checked += 1;
            for b in &items[i + 1..] {
                if let Some((key, p)) = self.covering(a, b) {
                    // Each pair once, where it was first seen (a result
                    // rising over a label is one problem, not one a frame).
                    let key = format!("{at}: {key}");
                    if self.covers.insert(key) {
                        self.problems.insert(format!("{at}: {p}"));
                        self.fresh.push(p);
                    }
                }
            }
        }
        self.opaque.clear();
        self.paint = 0;
    }

    /// The problem if `a` and `b` cover one another where both are seen.
    fn covering(&self, a: &Item, b: &Item) -> Option<(String, String)> {
        let (lo, hi) = if a.painted <= b.painted {
            (a, b)
        } else {
            (b, a)
        };
        if lo.owner.is_some() && lo.owner == hi.owner {
            return None;
        }
        let part = match (lo.text, hi.text) {
            (true, true) => {
                // Texts side by side need a gap between their inks.
                let grow = |r: Rect| Rect::new(r.x - TEXT_GAP / 2.0, r.y, r.w + TEXT_GAP, r.h);
                common(grow(lo.rect), grow(hi.rect))?
            }
            (true, false) | (false, true) => {
                let (t, m) = if lo.text { (lo, hi) } else { (hi, lo) };
                // A text wholly on a mark is its label.
                if inside(t.rect, m.rect) {
                    return None;
                }
                let c = common(t.rect, m.rect)?;
                if c.w <= MARK_SLACK || c.h <= MARK_SLACK {
                    return None;
                }
                c
            }
            (false, false) => {
                let c = common(lo.rect, hi.rect)?;
                if c.w <= MARK_SLACK || c.h <= MARK_SLACK {
                    return None;
                }
                c
            }
        };
        if self.hidden(part, lo.painted, hi.painted) {
            return None;
        }
        Some((
            format!("{} {}", lo.what, hi.what),
            format!(
                "{} ({}) and {} ({}) cover one another",
                lo.what,
                show(lo.rect),
                hi.what,
                show(hi.rect)
            ),
        ))
    }
}
