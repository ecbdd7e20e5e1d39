//! The game's typeface and the way text is measured, wrapped and cut: by the
//! real font's widths and between characters, never inside one.

#![cfg(feature = "window")]

use tally_ho::app::glyphs::{Place, Shelves, PAGE};
use tally_ho::app::ui::{
    drawable, fit_text, font_has, font_size, glyph_bitmap, text_width, wrap_text, FONT_SIZES,
};

const NAME: &str = "Lützow „Ritter“ – 3×";

#[test]
fn text_width_measures_a_proportional_font() {
    // A monospace estimate would give these the same width.
    let narrow = text_width("iiiiiiii", 16.0);
    let wide = text_width("MMMMMMMM", 16.0);
    assert!(wide > 2.0 * narrow, "i {narrow}, M {wide}");
    // Wider at a larger size, and nothing for nothing.
    assert!(text_width("Spitfire", 24.0) > text_width("Spitfire", 16.0));
    assert_eq!(text_width("", 16.0), 0.0);
    // Inter's "M" is about 0.85 em wide: far from the old built-in
    // font's estimate of 0.44 em for every character.
    let m = text_width("M", 16.0);
    assert!((12.0..16.0).contains(&m), "{m}");
}

#[test]
fn names_in_other_alphabets_are_drawn_as_written() {
    for c in NAME.chars() {
        assert!(c == ' ' || font_has(c), "{c:?}");
    }
    assert_eq!(drawable(NAME), NAME);
    assert_eq!(
        drawable("Kościuszko, Dvořák, Håkon"),
        "Kościuszko, Dvořák, Håkon"
    );
}

#[test]
fn a_character_the_font_lacks_is_drawn_as_a_question_mark() {
    // Inter has Cyrillic and Greek, not Chinese.
    assert_eq!(drawable("Жуков"), "Жуков");
    assert_eq!(drawable("零式"), "??");
    assert_eq!(drawable("a\tb"), "a b");
    // Measured as drawn.
    assert_eq!(text_width("零", 16.0), text_width("?", 16.0));
}

/// Every glyph of Latin-1 and Latin Extended-A at every size the game
/// draws, placed in order: none overlaps another or leaves its page, and
/// all of them, far more than any screen asks for, take at most five pages
/// (20 MB); the menu fills a fifth of one.
#[test]
fn glyphs_are_packed_into_pages_without_overlap() {
    let mut shelves = Shelves::default();
    let mut placed: Vec<(Place, u16, u16)> = Vec::new();
    for &size in FONT_SIZES.iter() {
        for c in (' '..='\u{17f}').filter(|&c| font_has(c)) {
            let (w, h) = glyph_bitmap(c, size);
            let (w, h) = (w as u16, h as u16);
            let p = shelves.place(w, h).expect("a glyph smaller than a page");
            assert!(p.x + w <= PAGE && p.y + h <= PAGE, "{c:?} at {size}: {p:?}");
            placed.push((p, w, h));
        }
    }
    assert!(shelves.pages() <= 5, "{} pages", shelves.pages());
    // Within a page, rectangles are disjoint (checked against the same
    // shelf and the one before, which is where overlaps could come from).
    for (i, &(a, aw, ah)) in placed.iter().enumerate() {
        for &(b, bw, bh) in placed[i.saturating_sub(400)..i].iter() {
            let apart = a.page != b.page
                || a.x >= b.x + bw
                || b.x >= a.x + aw
                || a.y >= b.y + bh
                || b.y >= a.y + ah;
            assert!(apart, "{a:?} {aw}x{ah} overlaps {b:?} {bw}x{bh}");
        }
    }
    // A glyph larger than a page has no place, and takes none.
    assert_eq!(shelves.place(PAGE, 10), None);
}

#[test]
fn wrapping_and_cutting_a_name_never_panics_nor_splits_a_character() {
    let text = format!("{NAME} {NAME}{NAME} und {NAME}");
    let words: String = text.split_whitespace().collect();
    for size in [12.0, 16.0, 20.0, 40.0] {
        for w in (0..400).step_by(7) {
            let w = w as f32;
            let lines = wrap_text(&text, w, size);
            // Every character is kept, in order, and none is made up.
            let back: String = lines.iter().flat_map(|l| l.split_whitespace()).collect();
            assert_eq!(back, words, "width {w} size {size}");
            for l in &lines {
                // A line is too wide only when it is a single character.
                assert!(
                    text_width(l, size) <= w || l.chars().count() == 1,
                    "{l:?} at width {w}"
                );
            }
            let cut = fit_text(&text, w, size);
            let kept = cut.trim_end_matches('…');
            assert!(text.starts_with(kept), "{cut:?}");
            if cut != text {
                assert!(cut.ends_with('…'));
                assert!(
                    text_width(&cut, size) <= w || kept.is_empty(),
                    "{cut:?} at width {w}"
                );
            }
        }
    }
}

#[test]
fn text_that_fits_is_neither_wrapped_nor_cut() {
    assert_eq!(wrap_text(NAME, 1000.0, 16.0), vec![NAME.to_string()]);
    assert_eq!(fit_text(NAME, 1000.0, 16.0), NAME);
    // A line break in the text is kept, and an empty paragraph too.
    assert_eq!(wrap_text("a\n\nb", 1000.0, 16.0), vec!["a", "", "b"]);
}

#[test]
fn every_size_is_drawn_at_one_of_the_font_sizes() {
    for s in [0.0, 11.0, 15.4, 23.0, 33.0, 200.0] {
        assert!(FONT_SIZES.contains(&(font_size(s) as u16)), "{s}");
    }
}

/// The audit behind `--audit-text` finds a label wider than its button, a
/// line past the window's edge and a text cut by its clip, and passes a text
/// inside its box.
#[test]
fn the_text_audit_reports_what_leaves_its_box() {
    use macroquad::prelude::Rect;
    use tally_ho::app::audit;
    audit::start();
    audit::frame(960.0, 600.0);
    audit::rect(Rect::new(100.0, 100.0, 200.0, 40.0), true);
    audit::text("Fits", 110.0, 125.0, 20.0);
    assert!(audit::problems().is_empty(), "{:?}", audit::problems());
    audit::text("A label far too long for its button", 110.0, 125.0, 20.0);
    audit::text("Past the edge", 900.0, 300.0, 20.0);
    audit::clip(Some(Rect::new(0.0, 0.0, 500.0, 500.0)));
    audit::text("Half under the clip", 450.0, 400.0, 20.0);
    let found = audit::problems();
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].contains("A label far too long") && found[0].contains("leaves its box"));
    assert!(found
        .iter()
        .any(|p| p.contains("Past the edge") && p.contains("window")));
    assert!(found
        .iter()
        .any(|p| p.contains("Half under") && p.contains("clip")));
    assert_eq!(audit::checked(), 4);
}

/// The audit finds texts run together ("MISSMISS"), a mark on another's
/// mark or label, and lets pass a label on its own mark, one owner's marks
/// over each other, what an opaque box drawn later hides, and what moves.
#[test]
fn the_text_audit_reports_marks_labels_and_results_that_cover_one_another() {
    use macroquad::prelude::Rect;
    use tally_ho::app::audit;
    use tally_ho::app::ui::text_width;
    audit::start();
    audit::frame(960.0, 600.0);
    let w = text_width("MISS", 20.0);
    // Two results written end to end.
    audit::text("MISS", 100.0, 100.0, 20.0);
    audit::text("MISS", 100.0 + w - 1.0, 100.0, 20.0);
    // A disc (a mark) over another plane's tag, and a result's box over a
    // plane's disc.
    audit::mark("plane 1", "the R disc", Rect::new(300.0, 300.0, 14.0, 14.0));
    audit::mark("plane 2", "the He tag", Rect::new(308.0, 306.0, 20.0, 12.0));
    audit::mark("result", "SHOT DOWN", Rect::new(290.0, 290.0, 60.0, 16.0));
    let found = audit::end_frame();
    assert!(
        found
            .iter()
            .any(|p| p.contains("\"MISS\"") && p.contains("cover one another")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("the R disc") && p.contains("the He tag")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.contains("SHOT DOWN") && p.contains("the R disc")),
        "{found:?}"
    );
    assert_eq!(found.len(), 3, "{found:?}");

    audit::frame(960.0, 600.0);
    // A letter on its own disc; a plane's disc over its own tag.
    audit::mark("plane 3", "the W disc", Rect::new(500.0, 500.0, 20.0, 20.0));
    audit::owner(Some("plane 3"));
    audit::text("W", 504.0, 515.0, 14.0);
    audit::owner(None);
    audit::mark(
        "plane 3",
        "the 109 tag",
        Rect::new(510.0, 495.0, 24.0, 12.0),
    );
    // A label under a tooltip's opaque box drawn after it.
    audit::text("Hidden label", 100.0, 400.0, 20.0);
    audit::flush();
    audit::rect(Rect::new(90.0, 380.0, 300.0, 40.0), true);
    audit::text("Tooltip over it", 100.0, 405.0, 20.0);
    // A plane on its way over another's label.
    audit::text("Kenley", 700.0, 100.0, 20.0);
    audit::moving(true);
    audit::mark("plane 4", "the Y disc", Rect::new(700.0, 85.0, 30.0, 20.0));
    audit::moving(false);
    let found = audit::end_frame();
    assert!(found.is_empty(), "{found:?}");
    // Each pair is reported once, however many frames show it.
    audit::frame(960.0, 600.0);
    audit::text("MISS", 100.0, 100.0, 20.0);
    audit::text("MISS", 100.0 + w - 1.0, 100.0, 20.0);
    assert!(audit::end_frame().is_empty());
}

#[test]
fn a_large_window_shows_the_same_screens_larger() {
    use tally_ho::app::ui::{interface_scale, layout_size, DESIGN};
    // Up to the design size the screens are drawn point for pixel.
    assert_eq!(interface_scale(960.0, 600.0), 1.0);
    assert_eq!(interface_scale(1280.0, 800.0), 1.0);
    assert_eq!(interface_scale(1400.0, 1200.0), 1.0);
    // Larger, in quarter steps as far as both sides allow.
    assert_eq!(interface_scale(1600.0, 1000.0), 1.25);
    assert_eq!(interface_scale(1920.0, 1080.0), 1.25);
    assert_eq!(interface_scale(2560.0, 1440.0), 1.75);
    assert_eq!(interface_scale(3840.0, 2160.0), 2.5);
    // The layout never gets smaller than the design size on either side
    // at a scale above 1, and never larger than the window.
    for (w, h) in [
        (1600.0, 1000.0),
        (1920.0, 1080.0),
        (2560.0, 1440.0),
        (3840.0, 2400.0),
    ] {
        let (lw, lh) = layout_size(w, h);
        assert!(
            lw >= DESIGN.0 && lh >= DESIGN.1,
            "{w}x{h} laid out as {lw}x{lh}"
        );
        assert!(lw < w && lh < h);
    }
}

#[test]
fn a_log_panel_shows_its_newest_entries_wrapped_never_cut() {
    use tally_ho::app::ui::log_rows;
    let long = "Spitfire R of No. 303 (Kościuszko) Squadron fires on He 111 W from behind: damaged";
    let log = ["old entry", "", long, "newest"];
    let width = 200.0;
    let rows = log_rows(log.iter().rev().map(|s| (*s, s.len())), width, 15.0, 6);
    // The newest last; the long entry in full over several rows.
    assert_eq!(rows.last().unwrap().0, "newest");
    let texts: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let long_rows: Vec<&str> = rows
        .iter()
        .filter(|r| r.1 == long.len())
        .map(|r| r.0.as_str())
        .collect();
    assert!(long_rows.len() > 1, "{texts:?}");
    assert_eq!(long_rows.join(" "), long);
    assert!(rows.iter().all(|r| text_width(&r.0, 15.0) <= width));
    // An empty entry takes no row.
    assert!(!texts.contains(&""));
    // Whole entries only: with room for the newest two but not three, the
    // oldest is left out rather than shown in part.
    let n = long_rows.len() + 1;
    let rows = log_rows(log.iter().rev().map(|s| (*s, 0)), width, 15.0, n);
    assert_eq!(rows.len(), n);
    assert!(!rows.iter().any(|r| r.0 == "old entry"));
    let rows = log_rows(log.iter().rev().map(|s| (*s, 0)), width, 15.0, n + 1);
    assert_eq!(rows[0].0, "old entry");
}
