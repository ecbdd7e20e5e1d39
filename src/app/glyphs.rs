//! The glyphs every text is drawn with: rasterised by fontdue from the
//! embedded font when first drawn, packed in shelves into fixed pages of
//! 1024 pixels square, and drawn as textured quads.
//!
//! macroquad's own glyph atlas starts at 512 pixels and doubles when a glyph
//! does not fit, repacking every glyph in hash order; a glyph that ends a
//! shelf within two pixels of the edge also counts as not fitting. Measured
//! at the menu, that left the atlas at 2048, 4096 or 8192 pixels square
//! from one run to the next (256 MB to 2.2 GB resident), and a regrowth in
//! the middle of a frame garbled the text already drawn in it. Pages here
//! never move a glyph once placed: a new one only adds a page, so memory
//! grows with the glyphs drawn (4 MB a page, and as much in the GPU) and
//! a frame's text is never disturbed.

use crate::app::ui::{advance, kern, rasterize};
use macroquad::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;

/// A page's side in pixels.
pub const PAGE: u16 = 1024;
/// Empty pixels around each glyph, so that linear filtering never bleeds a
/// neighbour in.
const GAP: u16 = 2;

/// Where glyphs go: shelves filled left to right, top to bottom, page after
/// page. Pure bookkeeping, so that it is tested without a window.
#[derive(Clone, Debug, Default)]
pub struct Shelves {
    pages: u16,
    x: u16,
    y: u16,
    row: u16,
}

/// A glyph's place: its page and the top-left corner of its pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub page: u16,
    pub x: u16,
    pub y: u16,
}

impl Shelves {
    /// The place for a glyph of `w` by `h` pixels (`None` if it is larger
    /// than a page). The first glyph opens the first page.
    pub fn place(&mut self, w: u16, h: u16) -> Option<Place> {
        if w > PAGE - 2 * GAP || h > PAGE - 2 * GAP {
            return None;
        }
        if self.pages == 0 {
            self.open_page();
        }
        if self.x + w + GAP > PAGE {
            self.y += self.row + GAP;
            self.x = GAP;
            self.row = 0;
        }
        if self.y + h + GAP > PAGE {
            self.open_page();
        }
        let place = Place {
            page: self.pages - 1,
            x: self.x,
            y: self.y,
        };
        self.x += w + GAP;
        self.row = self.row.max(h);
        Some(place)
    }

    /// How many pages are open.
    pub fn pages(&self) -> u16 {
        self.pages
    }

    fn open_page(&mut self) {
        self.pages += 1;
        self.x = GAP;
        self.y = GAP;
        self.row = 0;
    }
}

/// A cached glyph: where its pixels are and how they sit on the baseline.
#[derive(Clone, Copy)]
struct Glyph {
    place: Place,
    w: f32,
    h: f32,
    xmin: f32,
    ymin: f32,
}

#[derive(Default)]
struct Cache {
    shelves: Shelves,
    pages: Vec<Texture2D>,
    /// Looked up only, never iterated: its order does not matter.
    glyphs: HashMap<(char, u16), Option<Glyph>>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

impl Cache {
    /// The glyph of `c` at `size`, rasterised and uploaded the first
    /// time (`None` for a glyph with no pixels, such as a space).
    fn glyph(&mut self, c: char, size: u16) -> Option<Glyph> {
        if let Some(g) = self.glyphs.get(&(c, size)) {
            return *g;
        }
        let (m, coverage) = rasterize(c, size);
        let glyph = if m.width == 0 || m.height == 0 {
            None
        } else {
            let (w, h) = (m.width as u16, m.height as u16);
            self.shelves.place(w, h).map(|place| {
                while self.pages.len() < self.shelves.pages() as usize {
                    let blank = vec![0u8; PAGE as usize * PAGE as usize * 4];
                    let t = Texture2D::from_rgba8(PAGE, PAGE, &blank);
                    t.set_filter(FilterMode::Linear);
                    self.pages.push(t);
                }
                let bytes: Vec<u8> = coverage.iter().flat_map(|&a| [255, 255, 255, a]).collect();
                let image = Image {
                    bytes,
                    width: w,
                    height: h,
                };
                self.pages[place.page as usize].update_part(
                    &image,
                    place.x as i32,
                    place.y as i32,
                    w as i32,
                    h as i32,
                );
                Glyph {
                    place,
                    w: w as f32,
                    h: h as f32,
                    xmin: m.xmin as f32,
                    ymin: m.ymin as f32,
                }
            })
        };
        self.glyphs.insert((c, size), glyph);
        glyph
    }
}

/// Draws `s` (drawable characters only) with its baseline at `y`, at
/// `size` pixels: each glyph at the pen position plus its kerning, the
/// pen moved by the advances the measuring font gives (so the text is
/// as wide as `text_width` says).
pub fn draw(s: &str, x: f32, y: f32, size: u16, color: Color) {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let mut pen = x;
        let mut last = None;
        // Rasterised at the window's pixels (the layout's size times the
        // interface's scale), placed by the layout's advances.
        let k = crate::app::ui::scale();
        let px = ((size as f32 * k).round() as u16).max(1);
        for c in s.chars() {
            if let Some(l) = last {
                pen += kern(l, c, size);
            }
            last = Some(c);
            if let Some(g) = cache.glyph(c, px) {
                let texture = &cache.pages[g.place.page as usize];
                draw_texture_ex(
                    texture,
                    pen + g.xmin / k,
                    y - (g.h + g.ymin) / k,
                    color,
                    DrawTextureParams {
                        dest_size: Some(vec2(g.w / k, g.h / k)),
                        source: Some(Rect::new(g.place.x as f32, g.place.y as f32, g.w, g.h)),
                        ..Default::default()
                    },
                );
            }
            pen += advance(c, size);
        }
    });
}
