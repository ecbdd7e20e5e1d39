//! The game's typeface and the way text is measured, wrapped and cut: by the
//! real font's widths and between characters, never inside one.

#![cfg(feature = "window")]

use tally_ho::app::ui::{
    drawable, fit_text, font_has, font_size, glyph_bitmap, prepared, prepared_chars, text_width,
    wrap_text, FONT_SIZES,
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
fn the_font_has_every_glyph_the_atlas_is_prepared_with() {
    for &size in &FONT_SIZES {
        for c in prepared_chars(size) {
            assert!(c == ' ' || font_has(c), "{c:?} at {size}");
        }
    }
    for c in NAME.chars() {
        assert!(prepared(c, 16), "{c:?}");
    }
    // Polish names at body sizes.
    assert!(prepared('ś', 16) && prepared('ł', 16));
}

#[test]
fn a_character_the_atlas_lacks_is_drawn_as_a_question_mark() {
    assert_eq!(drawable("Жуков", 16), "?????");
    assert_eq!(drawable(NAME, 16), NAME);
    assert_eq!(drawable("a\tb", 16), "a b");
    // Measured as drawn.
    assert_eq!(text_width("Ж", 16.0), text_width("?", 16.0));
}

/// macroquad's atlas packs glyphs in shelves, left to right, with a gap of
/// two pixels; run the same packing over every prepared glyph of every size
/// (largest first, as `prepare_fonts` does) into a 2048 pixel wide atlas.
#[test]
fn every_prepared_glyph_fits_an_atlas_of_2048_pixels_square() {
    const GAP: usize = 2;
    const SIDE: usize = 2048;
    let (mut x, mut y, mut row) = (0usize, 0usize, 0usize);
    let mut glyphs = Vec::new();
    for &size in FONT_SIZES.iter().rev() {
        for c in prepared_chars(size) {
            glyphs.push(glyph_bitmap(c, size));
        }
    }
    // macroquad's own first load: every char below 255 at 15 px.
    glyphs.extend((0u8..255).map(|c| glyph_bitmap(char::from(c), 15)));
    for (w, h) in glyphs {
        if x + w < SIDE {
            row = row.max(h);
            x += w + 2 * GAP;
        } else {
            y += row + 2 * GAP;
            x = w + GAP;
            row = h;
        }
    }
    assert!(y + row <= SIDE, "the atlas would need {} rows", y + row);
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
fn every_size_is_drawn_at_a_prepared_size() {
    for s in [0.0, 11.0, 15.4, 23.0, 33.0, 200.0] {
        assert!(FONT_SIZES.contains(&(font_size(s) as u16)), "{s}");
    }
}
