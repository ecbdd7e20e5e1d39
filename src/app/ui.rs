//! A small immediate-mode layer over macroquad. Screens call `Ui` for every
//! widget and every shape; with `draw` off (tests, the headless monkey) the same
//! code runs its layout and hit tests without touching the GPU, so what a test
//! clicks is exactly what a player would see.

use macroquad::prelude::*;

/// Everything the player did in one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InputFrame {
    pub mouse: (f32, f32),
    pub clicked: bool,
    pub right_clicked: bool,
    /// The left button is down (a drag, while the mouse moves).
    pub held: bool,
    pub wheel: f32,
    pub keys: Vec<KeyCode>,
    pub chars: Vec<char>,
    /// The window's close button.
    pub quit: bool,
    /// Seconds since the last frame.
    pub dt: f32,
    /// Files the player handed over this frame: dropped on the window, or
    /// chosen in a web page's file chooser; each read (at most
    /// `MAX_FILE_BYTES` of UTF-8 text) or refused with a sentence.
    pub files: Vec<Result<crate::data::Source, crate::data::LoadError>>,
}

/// The files dropped on the window this frame, and the one chosen in a web
/// page's file chooser, read as text.
fn handed_files() -> Vec<Result<crate::data::Source, crate::data::LoadError>> {
    use crate::data::{LoadError, Source};
    let mut files: Vec<_> = get_dropped_files()
        .into_iter()
        .map(|f| {
            let name = f.path.as_ref().and_then(|p| p.file_name()).map_or_else(
                || "the dropped file".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            match (f.bytes, f.path) {
                (Some(bytes), _) => Source::from_bytes(name, bytes),
                (None, Some(path)) => Source::read(&path),
                (None, None) => Err(LoadError {
                    file: name,
                    line: 0,
                    col: 0,
                    message: "the dropped file could not be read".into(),
                }),
            }
        })
        .collect();
    if let Some((name, bytes, size)) = crate::data::store::picked() {
        files.push(Source::from_upload(name, bytes, size));
    }
    files
}

impl InputFrame {
    /// This frame's real input from macroquad.
    pub fn from_macroquad() -> InputFrame {
        let mut keys: Vec<KeyCode> = get_keys_pressed().into_iter().collect();
        keys.sort_by_key(|k| *k as u16);
        let mut chars = Vec::new();
        while let Some(c) = get_char_pressed() {
            chars.push(c);
        }
        // The mouse in the layout's points.
        let k = interface_scale(screen_width(), screen_height());
        let (x, y) = mouse_position();
        InputFrame {
            mouse: (x / k, y / k),
            clicked: is_mouse_button_pressed(MouseButton::Left),
            right_clicked: is_mouse_button_pressed(MouseButton::Right),
            held: is_mouse_button_down(MouseButton::Left),
            wheel: mouse_wheel().1,
            keys,
            chars,
            quit: is_quit_requested(),
            dt: get_frame_time(),
            files: handed_files(),
        }
    }

    pub fn key(&self, k: KeyCode) -> bool {
        self.keys.contains(&k)
    }

    pub fn click_at(x: f32, y: f32) -> InputFrame {
        InputFrame {
            mouse: (x, y),
            clicked: true,
            dt: 1.0 / 60.0,
            ..InputFrame::default()
        }
    }

    pub fn press(k: KeyCode) -> InputFrame {
        InputFrame {
            keys: vec![k],
            dt: 1.0 / 60.0,
            ..InputFrame::default()
        }
    }

    pub fn idle() -> InputFrame {
        InputFrame {
            dt: 1.0 / 60.0,
            ..InputFrame::default()
        }
    }
}

/// Text waiting to be drawn: string, x, y, size, colour.
type QueuedText = (String, f32, f32, f32, Color);

/// A clickable thing a test or monkey can find by its label.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub label: String,
    pub rect: Rect,
}

pub struct Ui {
    pub input: InputFrame,
    pub draw: bool,
    pub w: f32,
    pub h: f32,
    /// Every button laid out this frame (for tests and the monkey).
    pub buttons: Vec<Hit>,
    /// Set when a widget consumed the click.
    pub click_used: bool,
    /// Text waits until the shapes are drawn: one batch for all the shapes and
    /// one for all the glyphs, instead of a new draw call at every switch
    /// between them (which is what costs a software renderer most).
    texts: std::cell::RefCell<Vec<QueuedText>>,
    /// Where drawing is clipped to on the screen, if anywhere.
    clip: std::cell::Cell<Option<Rect>>,
}

pub const INK: Color = Color::new(0.10, 0.10, 0.12, 1.0);
pub const PAPER: Color = Color::new(0.93, 0.91, 0.85, 1.0);
pub const DIM: Color = Color::new(0.45, 0.45, 0.48, 1.0);
pub const ACCENT: Color = Color::new(0.80, 0.25, 0.15, 1.0);

impl Ui {
    pub fn new(input: InputFrame, draw: bool, w: f32, h: f32) -> Ui {
        Ui {
            input,
            draw,
            w,
            h,
            buttons: Vec::new(),
            click_used: false,
            texts: Default::default(),
            clip: Default::default(),
        }
    }

    /// Draws the text queued so far (on top of everything drawn before).
    pub fn flush_text(&self) {
        let texts = std::mem::take(&mut *self.texts.borrow_mut());
        if texts.is_empty() {
            return;
        }
        crate::app::audit::flush();
        if dry() {
            return;
        }
        textured(|| {
            for (s, x, y, size, c) in texts {
                render_text(&s, x, y, size, c);
            }
        });
    }

    /// From now on draws only inside `r` (or everywhere, with `None`); the
    /// text queued so far is drawn first, under the old clip.
    pub fn clip(&self, r: Option<Rect>) {
        if self.draw {
            self.flush_text();
            crate::app::audit::clip(r);
            self.clip.set(r);
            if !dry() {
                scissor(r);
            }
        }
    }

    /// Where drawing is clipped to, if anywhere.
    pub fn clip_rect(&self) -> Option<Rect> {
        self.clip.get()
    }

    pub fn mouse(&self) -> Vec2 {
        vec2(self.input.mouse.0, self.input.mouse.1)
    }

    pub fn hovered(&self, r: Rect) -> bool {
        r.contains(self.mouse())
    }

    /// A click inside `r` not yet taken by another widget.
    pub fn clicked(&mut self, r: Rect) -> bool {
        if self.input.clicked && !self.click_used && self.hovered(r) {
            self.click_used = true;
            true
        } else {
            false
        }
    }

    pub fn button(&mut self, r: Rect, label: &str) -> bool {
        self.button_at_most(r, label, (r.h * 0.55).min(28.0))
    }

    /// A button whose label is written at `size`, or smaller if it must be
    /// to fit (a column of buttons in one size).
    pub fn button_at_most(&mut self, r: Rect, label: &str, size: f32) -> bool {
        self.button_frame(r, label);
        if self.draw {
            self.label(r, label, size, INK);
        }
        self.clicked(r)
    }

    /// A button's hit box, listed under `label`, and its face, lit while
    /// the pointer is over it.
    fn button_frame(&mut self, r: Rect, label: &str) {
        self.buttons.push(Hit {
            label: label.to_string(),
            rect: r,
        });
        let hot = self.hovered(r);
        if self.draw {
            let fill = if hot {
                Color::new(0.98, 0.96, 0.88, 1.0)
            } else {
                Color::new(0.86, 0.83, 0.74, 1.0)
            };
            self.rect(r, fill);
            self.rect_lines(r, 2.0, if hot { ACCENT } else { INK });
        }
    }

    /// A button with a second, smaller line under its label (what the
    /// choice risks, say): the label in the upper part, the note below.
    pub fn button_with_note(&mut self, r: Rect, label: &str, note: &str) -> bool {
        self.button_frame(r, label);
        if self.draw {
            let top = Rect::new(r.x, r.y, r.w, r.h * 0.62);
            self.label(top, label, 18.0, INK);
            let size = 13.0;
            let note = fit_text(note, r.w - 10.0, size);
            let tw = text_width(&note, size);
            self.text(&note, r.x + (r.w - tw) / 2.0, r.y + r.h - 8.0, size, DIM);
        }
        self.clicked(r)
    }

    /// A button's label centred in `r`, at `size` or as much smaller as it
    /// must be to fit, and cut with an ellipsis if even the smallest is too
    /// wide.
    fn label(&self, r: Rect, label: &str, size: f32, c: Color) {
        let mut size = size.min((r.h * 0.55).min(28.0));
        while size > 12.0 && text_width(label, size) > r.w - 16.0 {
            size -= 1.0;
        }
        let label = fit_text(label, r.w - 8.0, size);
        let tw = text_width(&label, size);
        self.text(
            &label,
            r.x + (r.w - tw) / 2.0,
            r.y + r.h / 2.0 + size * 0.3,
            size,
            c,
        );
    }

    /// A button that cannot be pressed now: greyed, its label saying why;
    /// it takes no click and is not listed among the buttons.
    pub fn button_off(&self, r: Rect, label: &str) {
        if self.draw {
            self.rect(r, Color::new(0.62, 0.61, 0.58, 1.0));
            self.rect_lines(r, 2.0, DIM);
            self.label(r, label, 28.0, Color::new(0.25, 0.25, 0.27, 1.0));
        }
    }

    pub fn text(&self, s: &str, x: f32, y: f32, size: f32, c: Color) {
        if self.draw {
            crate::app::audit::text(s, x, y, size);
            self.texts
                .borrow_mut()
                .push((s.to_string(), x, y, font_size(size), c));
        }
    }

    pub fn text_centered(&self, s: &str, cx: f32, y: f32, size: f32, c: Color) {
        self.text(s, cx - text_width(s, size) / 2.0, y, size, c);
    }

    pub fn rect(&self, r: Rect, c: Color) {
        if self.draw {
            crate::app::audit::rect(r, c.a >= 0.9);
            if !dry() {
                draw_rectangle(r.x, r.y, r.w, r.h, c);
            }
        }
    }

    pub fn rect_lines(&self, r: Rect, thick: f32, c: Color) {
        if self.draw {
            crate::app::audit::rect(r, false);
            if !dry() {
                draw_rectangle_lines(r.x, r.y, r.w, r.h, thick, c);
            }
        }
    }

    pub fn line(&self, a: Vec2, b: Vec2, thick: f32, c: Color) {
        if self.draw && !dry() {
            draw_line(a.x, a.y, b.x, b.y, thick, c);
        }
    }

    /// Small circles need few sides: every triangle costs a software renderer.
    fn sides(r: f32) -> u8 {
        (r * 0.8).clamp(8.0, 24.0) as u8
    }

    pub fn circle(&self, p: Vec2, r: f32, c: Color) {
        if self.draw && !dry() {
            draw_poly(p.x, p.y, Self::sides(r), r, 0.0, c);
        }
    }

    pub fn circle_lines(&self, p: Vec2, r: f32, thick: f32, c: Color) {
        if self.draw && !dry() {
            draw_poly_lines(p.x, p.y, Self::sides(r), r, 0.0, thick, c);
        }
    }

    pub fn triangle(&self, a: Vec2, b: Vec2, c: Vec2, col: Color) {
        if self.draw && !dry() {
            draw_triangle(a, b, c, col);
        }
    }

    /// A filled convex polygon (a hex) as a fan of triangles.
    pub fn poly(&self, pts: &[Vec2], c: Color) {
        if self.draw && !dry() && pts.len() >= 3 {
            for i in 1..pts.len() - 1 {
                draw_triangle(pts[0], pts[i], pts[i + 1], c);
            }
        }
    }

    pub fn poly_lines(&self, pts: &[Vec2], thick: f32, c: Color) {
        if self.draw && !dry() {
            for i in 0..pts.len() {
                let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                draw_line(a.x, a.y, b.x, b.y, thick, c);
            }
        }
    }

    /// Wrapped text in a box; returns the height used.
    pub fn paragraph(&self, s: &str, x: f32, y: f32, w: f32, size: f32, c: Color) -> f32 {
        let mut line_y = y;
        for line in wrap_text(s, w, size) {
            self.text(&line, x, line_y, size, c);
            line_y += size * 1.15;
        }
        line_y - y
    }
}

/// Clips what is drawn next to `r` on the screen (or nothing, with `None`).
/// `r` is in the layout's points; the clip is set in the window's pixels.
pub fn scissor(r: Option<Rect>) {
    if dry() {
        return;
    }
    let k = scale() * screen_dpi_scale();
    let clip = r.map(|r| {
        let r = Rect::new(r.x * k, r.y * k, r.w * k, r.h * k);
        let (x, y) = (r.x.max(0.0).floor(), r.y.max(0.0).floor());
        (
            x as i32,
            y as i32,
            (r.x + r.w - x).max(0.0).ceil() as i32,
            (r.y + r.h - y).max(0.0).ceil() as i32,
        )
    });
    // SAFETY: called on the main thread while a frame is drawn, as
    // macroquad requires of its internal GL.
    unsafe { get_internal_gl() }.quad_gl.scissor(clip);
}

thread_local! {
    /// Screens are laid out and checked (`--audit-text` without
    /// screenshots) but nothing is painted: no pixel is needed.
    static DRY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// From now on screens are laid out and audited but not painted (`true`).
pub fn set_dry(on: bool) {
    DRY.with(|d| d.set(on));
}

/// Whether painting is left out (see `set_dry`).
pub fn dry() -> bool {
    DRY.with(|d| d.get())
}

thread_local! {
    /// The layout's size in points and the pixels per point it is drawn at.
    static SCREEN: std::cell::Cell<(f32, f32, f32)> = const { std::cell::Cell::new((0.0, 0.0, 1.0)) };
}

/// The size the screens are laid out for, in points: they are designed for
/// 1280 x 800 and work down to 960 x 600.
pub const DESIGN: (f32, f32) = (1280.0, 800.0);

/// Pixels per point for a window of `w` x `h` pixels: 1 up to the design
/// size, then in quarter steps as far as both sides allow (1.75 at 2560 x
/// 1440), so that a large window shows the same screens larger, with text
/// and panels grown alike, rather than small panels in a sea of space.
pub fn interface_scale(w: f32, h: f32) -> f32 {
    let s = (w / DESIGN.0).min(h / DESIGN.1);
    ((s * 4.0).floor() / 4.0).max(1.0)
}

/// The layout's size in points for a window of `w` x `h` pixels.
pub fn layout_size(w: f32, h: f32) -> (f32, f32) {
    let s = interface_scale(w, h);
    (w / s, h / s)
}

/// Pixels per point of the frame being drawn.
pub fn scale() -> f32 {
    SCREEN.with(|s| s.get().2)
}

/// Starts drawing a frame on a window of `w` x `h` pixels: points are
/// mapped to pixels at the interface's scale. Returns the layout's size.
pub fn begin_screen(w: f32, h: f32) -> (f32, f32) {
    let s = interface_scale(w, h);
    SCREEN.with(|c| c.set((w / s, h / s, s)));
    // At a scale of 1 the window's own camera is already in force (setting
    // it again would flush the frame's drawing early).
    if s != 1.0 {
        screen_camera();
    }
    (w / s, h / s)
}

/// Draws on the window in the layout's points again (after a layer).
pub fn screen_camera() {
    let (w, h, s) = SCREEN.with(|c| c.get());
    if s == 1.0 {
        set_default_camera();
    } else {
        // A display rectangle's camera has y up (as a texture is stored);
        // the window's has y down.
        let mut cam = Camera2D::from_display_rect(Rect::new(0.0, 0.0, w, h));
        cam.zoom.y = -cam.zoom.y;
        set_camera(&cam);
    }
}

/// The rows a log panel shows: the newest entries that fit in `room` rows,
/// each wrapped to `width` at `size`, oldest first, each row with its
/// entry's tag (a side, for its colour). Whole entries only, unless the
/// newest alone is taller than the room (then its last rows).
pub fn log_rows<'a, T: Copy + 'a>(
    newest_first: impl Iterator<Item = (&'a str, T)>,
    width: f32,
    size: f32,
    room: usize,
) -> Vec<(String, T)> {
    let mut rows: Vec<(String, T)> = Vec::new();
    for (text, tag) in newest_first {
        if text.is_empty() {
            continue;
        }
        let pieces = wrap_text(text, width, size);
        if rows.len() + pieces.len() > room && !rows.is_empty() {
            break;
        }
        for piece in pieces.into_iter().rev() {
            rows.push((piece, tag));
        }
        if rows.len() >= room {
            break;
        }
    }
    rows.truncate(room);
    rows.reverse();
    rows
}

/// Splits text into lines no wider than `width` at `size`: at spaces, and a
/// word wider than the line between two characters (never inside one). A
/// line break in the text starts a new line; an empty paragraph is an empty
/// line.
pub fn wrap_text(s: &str, width: f32, size: f32) -> Vec<String> {
    let mut out = Vec::new();
    for para in s.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if text_width(&joined, size) <= width {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            // A word too long for a line of its own is cut between characters.
            for ch in word.chars() {
                line.push(ch);
                if text_width(&line, size) > width && line.chars().count() > 1 {
                    line.pop();
                    out.push(std::mem::replace(&mut line, ch.to_string()));
                }
            }
        }
        out.push(line);
    }
    out
}

/// What happened while a player was away, for the hand-over screen:
/// "Meanwhile:" at `top`, then `lines` (oldest first), each wrapped to the
/// width; when they do not all fit above the bottom, the newest are kept.
pub fn meanwhile(ui: &Ui, lines: &[&str], top: f32) {
    let room = ((ui.h - top - 10.0) / 20.0).max(0.0) as usize;
    if lines.is_empty() || room == 0 {
        return;
    }
    let w = (ui.w - 80.0).min(760.0);
    let x = (ui.w - w) / 2.0;
    let mut y = top;
    ui.text("Meanwhile:", x, y, 20.0, WHITE);
    let rows: Vec<String> = lines
        .iter()
        .flat_map(|l| wrap_text(l, w - 20.0, 17.0))
        .collect();
    let skip = rows.len().saturating_sub(room);
    for r in &rows[skip..] {
        y += 20.0;
        ui.text(r, x + 10.0, y, 17.0, LIGHTGRAY);
    }
}

/// Text shrunk from `size` down to `min` until it is no wider than `room`,
/// then (still too wide) cut with an ellipsis; with the size it is drawn at.
pub fn shrink_to_fit(s: &str, size: f32, min: f32, room: f32) -> (String, f32) {
    let mut size = size;
    while size > min && text_width(s, size) > room {
        size -= 1.0;
    }
    if text_width(s, size) <= room {
        return (s.to_string(), size);
    }
    (fit_text(s, room, size), size)
}

/// The text cut to `width` at `size`, between characters, with an ellipsis
/// to say so; unchanged if it fits.
pub fn fit_text(s: &str, width: f32, size: f32) -> String {
    if text_width(s, size) <= width {
        return s.to_string();
    }
    let mut out = s.to_string();
    while !out.is_empty() && text_width(&format!("{out}\u{2026}"), size) > width {
        out.pop();
    }
    let mut out = out.trim_end().to_string();
    out.push('\u{2026}');
    out
}

/// The only font sizes the game draws: every request is snapped to the
/// nearest, so that a screen caches a few dozen glyphs, not one per
/// fractional size.
pub const FONT_SIZES: [u16; 21] = [
    12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 26, 28, 32, 34, 40, 48, 56, 64, 72,
];

/// The drawable size nearest to `size`.
pub fn font_size(size: f32) -> f32 {
    FONT_SIZES
        .iter()
        .min_by(|a, b| {
            (**a as f32 - size)
                .abs()
                .total_cmp(&(**b as f32 - size).abs())
        })
        .map_or(16.0, |&s| s as f32)
}

/// The typeface of every text: Inter Regular (SIL Open Font License 1.1,
/// `assets/fonts/OFL.txt`), embedded so the game stays one file.
pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/Inter-Regular.otf");

/// The character drawn for `c`: itself if the font has it, a space for
/// other white space, else a question mark.
pub fn drawable_char(c: char) -> char {
    if c == ' ' || (!c.is_whitespace() && font_has(c)) {
        c
    } else if c.is_whitespace() {
        ' '
    } else {
        '?'
    }
}

/// The string `s` as it is drawn (see `drawable_char`).
pub fn drawable(s: &str) -> String {
    s.chars().map(drawable_char).collect()
}

/// Whether the embedded font has a glyph for `c`.
pub fn font_has(c: char) -> bool {
    measuring_font().lookup_glyph_index(c) != 0
}

/// The bitmap of `c` at `size`: width and height in pixels.
pub fn glyph_bitmap(c: char, size: u16) -> (usize, usize) {
    let m = measuring_font().metrics(c, size as f32);
    (m.width, m.height)
}

/// Where the pixels of `c` at `size` sit on the baseline, and its advance.
pub fn glyph_metrics(c: char, size: u16) -> fontdue::Metrics {
    measuring_font().metrics(c, size as f32)
}

/// The pixels of `c` at `size` (coverage, row by row) and their metrics.
pub fn rasterize(c: char, size: u16) -> (fontdue::Metrics, Vec<u8>) {
    measuring_font().rasterize(c, size as f32)
}

/// Draws `s` with its baseline at `y` in the game's font, at the drawable
/// size nearest to `size`, with characters the font lacks replaced.
pub fn draw_text(s: impl AsRef<str>, x: f32, y: f32, size: f32, c: Color) {
    crate::app::audit::text_now(s.as_ref(), x, y, size);
    textured(|| render_text(s, x, y, size, c));
}

/// Macroquad's own shader multiplies every pixel by a texture, a white one
/// for plain shapes; under a software renderer that lookup is most of a
/// frame's cost (a full-window rectangle costs about 4 ms at 1280 x 800 with
/// it and under 1 ms without, measured with llvmpipe). Shapes are drawn with
/// a shader that takes their colour alone, blended as macroquad blends.
const FLAT_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec4 color;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
}";
const FLAT_FRAGMENT: &str = "#version 100
varying lowp vec4 color;
void main() {
    gl_FragColor = color;
}";
/// An opaque layer's picture is copied to the screen as it is: no blending
/// and no tint, which the software renderer does in about 60% of the time
/// of macroquad's shader.
const COPY_VERTEX: &str = "#version 100
attribute vec3 position;
attribute vec2 texcoord;
varying lowp vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    uv = texcoord;
}";
const COPY_FRAGMENT: &str = "#version 100
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = texture2D(Texture, uv);
}";

thread_local! {
    /// The flat-colour material (`None` where it could not be built: shapes
    /// are then drawn with macroquad's own shader), and whether it is on.
    static FLAT: std::cell::OnceCell<Option<Material>> = const { std::cell::OnceCell::new() };
    static COPY: std::cell::OnceCell<Option<Material>> = const { std::cell::OnceCell::new() };
    static FLAT_ON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn flat_material() -> Option<Material> {
    FLAT.with(|m| {
        m.get_or_init(|| {
            let pipeline = PipelineParams {
                color_blend: Some(miniquad::BlendState::new(
                    miniquad::Equation::Add,
                    miniquad::BlendFactor::Value(miniquad::BlendValue::SourceAlpha),
                    miniquad::BlendFactor::OneMinusValue(miniquad::BlendValue::SourceAlpha),
                )),
                ..Default::default()
            };
            load_material(
                ShaderSource::Glsl {
                    vertex: FLAT_VERTEX,
                    fragment: FLAT_FRAGMENT,
                },
                MaterialParams {
                    pipeline_params: pipeline,
                    ..Default::default()
                },
            )
            .ok()
        })
        .clone()
    })
}

fn copy_material() -> Option<Material> {
    COPY.with(|m| {
        m.get_or_init(|| {
            load_material(
                ShaderSource::Glsl {
                    vertex: COPY_VERTEX,
                    fragment: COPY_FRAGMENT,
                },
                MaterialParams::default(),
            )
            .ok()
        })
        .clone()
    })
}

/// Draws the shapes that follow with the flat-colour material (`true`) or
/// macroquad's own (`false`, at the end of a frame).
pub fn flat_shapes(on: bool) {
    if dry() {
        return;
    }
    let material = if on { flat_material() } else { None };
    match &material {
        Some(m) => gl_use_material(m),
        None => gl_use_default_material(),
    }
    FLAT_ON.with(|f| f.set(material.is_some()));
}

/// Runs `f`, which draws textures (glyphs, layers), with macroquad's own
/// material, and goes back to flat shapes after it if they were on.
pub fn textured<R>(f: impl FnOnce() -> R) -> R {
    let on = FLAT_ON.with(|f| f.replace(false));
    if on {
        gl_use_default_material();
    }
    let r = f();
    if on {
        flat_shapes(true);
    }
    r
}

/// `draw_text`, for text already audited.
fn render_text(s: impl AsRef<str>, x: f32, y: f32, size: f32, c: Color) {
    if dry() {
        return;
    }
    let size = font_size(size) as u16;
    crate::app::glyphs::draw(&drawable(s.as_ref()), x.round(), y.round(), size, c);
}

/// The same font for measuring, read by fontdue (which macroquad draws
/// with) without a GPU context, so layout and the headless tests measure
/// what the window shows.
fn measuring_font() -> &'static fontdue::Font {
    static FONT: std::sync::OnceLock<fontdue::Font> = std::sync::OnceLock::new();
    FONT.get_or_init(|| {
        fontdue::Font::from_bytes(FONT_BYTES, fontdue::FontSettings::default())
            .expect("the embedded font loads")
    })
}

thread_local! {
    /// Advance widths by character and drawn size.
    static ADVANCES: std::cell::RefCell<std::collections::HashMap<(char, u16), f32>> =
        Default::default();
}

/// The advance width of `c` (drawable) at `size` pixels.
pub fn advance(c: char, size: u16) -> f32 {
    ADVANCES.with(|cache| {
        *cache
            .borrow_mut()
            .entry((c, size))
            .or_insert_with(|| measuring_font().metrics(c, size as f32).advance_width)
    })
}

/// The kerning between `l` and `c` (drawable) at `size` pixels.
pub fn kern(l: char, c: char, size: u16) -> f32 {
    measuring_font()
        .horizontal_kern(l, c, size as f32)
        .unwrap_or(0.0)
}

/// The width of `s` drawn at `size`: the advance widths and kerning of the
/// glyphs drawn (at the snapped size, with replacements).
pub fn text_width(s: &str, size: f32) -> f32 {
    let size = font_size(size) as u16;
    let mut width = 0.0;
    let mut last = None;
    for c in s.chars().map(drawable_char) {
        width += advance(c, size);
        if let Some(l) = last {
            width += kern(l, c, size);
        }
        last = Some(c);
    }
    width
}

/// A picture drawn into a texture only when its key changes, and put on the
/// screen every frame as one textured quad (the software renderer's costs are
/// per draw call and per triangle, not per pixel of a texture).
pub struct Layer<K> {
    cached: Option<(RenderTarget, K)>,
    /// The last key laid out in a dry run (nothing is painted).
    dry_key: Option<K>,
    /// Every pixel of the area is painted opaque: the picture is copied
    /// without blending.
    opaque: bool,
}

impl<K> Default for Layer<K> {
    fn default() -> Self {
        Layer {
            cached: None,
            dry_key: None,
            opaque: false,
        }
    }
}

impl<K> Layer<K> {
    /// A layer whose paint covers its whole area with opaque colour.
    pub fn opaque() -> Self {
        Layer {
            cached: None,
            dry_key: None,
            opaque: true,
        }
    }
}

impl<K: PartialEq + Copy> Layer<K> {
    /// In a dry run: whether `key` is new (it is remembered).
    fn key_changed(&mut self, key: K) -> bool {
        let changed = self.dry_key != Some(key);
        self.dry_key = Some(key);
        changed
    }

    /// Shows the layer over `area`, repainting it with `paint` (in screen
    /// coordinates) first if `key` differs from the last one.
    pub fn show(&mut self, ui: &Ui, area: Rect, key: K, paint: impl FnOnce()) {
        if !ui.draw {
            return;
        }
        if dry() {
            // Laid out and checked as if painted, every time its key changes.
            if self.key_changed(key) {
                crate::app::audit::clip(Some(area));
                paint();
                crate::app::audit::clip(ui.clip.get());
            }
            return;
        }
        // The picture at the window's pixels, not the layout's points.
        let k = scale();
        let (w, h) = (
            (area.w * k).ceil().max(1.0) as u32,
            (area.h * k).ceil().max(1.0) as u32,
        );
        let fits = |rt: &RenderTarget| rt.texture.size() == vec2(w as f32, h as f32);
        if self.cached.as_ref().map(|c| c.1) != Some(key)
            || self.cached.as_ref().is_some_and(|c| !fits(&c.0))
        {
            // The same texture while its size holds (a pan repaints every
            // frame), a new one when it changes.
            let rt = match self.cached.take() {
                Some((rt, _)) if fits(&rt) => rt,
                _ => {
                    let rt = render_target(w, h);
                    rt.texture.set_filter(FilterMode::Nearest);
                    rt
                }
            };
            let mut cam = Camera2D::from_display_rect(area);
            cam.render_target = Some(rt.clone());
            // The screen's clip is in the screen's pixels, not the texture's:
            // off while the texture is painted.
            let clip = ui.clip.get();
            scissor(None);
            crate::app::audit::clip(Some(area));
            set_camera(&cam);
            clear_background(Color::new(0.0, 0.0, 0.0, 0.0));
            paint();
            screen_camera();
            scissor(clip);
            crate::app::audit::clip(clip);
            self.cached = Some((rt, key));
        }
        if let Some((rt, _)) = &self.cached {
            textured(|| {
                let copy = if self.opaque { copy_material() } else { None };
                if let Some(m) = &copy {
                    gl_use_material(m);
                }
                draw_texture_ex(
                    &rt.texture,
                    area.x,
                    area.y,
                    WHITE,
                    DrawTextureParams {
                        dest_size: Some(vec2(area.w, area.h)),
                        flip_y: true,
                        ..Default::default()
                    },
                );
                if copy.is_some() {
                    gl_use_default_material();
                }
            });
        }
    }
}

/// An opaque colour `k` of the way from `a` to `b`.
pub fn mix(a: Color, b: Color, k: f32) -> Color {
    Color::new(
        a.r + (b.r - a.r) * k,
        a.g + (b.g - a.g) * k,
        a.b + (b.b - a.b) * k,
        1.0,
    )
}

/// Typing a seed: digits add (up to 18), Backspace takes the last away.
pub fn type_seed(ui: &Ui, seed: &mut String) {
    for &c in &ui.input.chars {
        if c.is_ascii_digit() && seed.len() < 18 {
            seed.push(c);
        }
    }
    if ui.input.key(KeyCode::Backspace) {
        seed.pop();
    }
}

/// Macroquad's shapes as the screens' cached layers draw them directly,
/// with the same names, left out in a dry run (nothing is painted then; a
/// layer is only laid out and audited) and audited as `Ui`'s are.
pub mod paint {
    use super::dry;
    use macroquad::prelude::{Color, Rect};

    pub fn clear_background(c: Color) {
        if !dry() {
            macroquad::prelude::clear_background(c);
        }
    }

    pub fn draw_rectangle(x: f32, y: f32, w: f32, h: f32, c: Color) {
        crate::app::audit::rect(Rect::new(x, y, w, h), c.a >= 0.9);
        if !dry() {
            macroquad::prelude::draw_rectangle(x, y, w, h, c);
        }
    }

    pub fn draw_rectangle_lines(x: f32, y: f32, w: f32, h: f32, thick: f32, c: Color) {
        crate::app::audit::rect(Rect::new(x, y, w, h), false);
        if !dry() {
            macroquad::prelude::draw_rectangle_lines(x, y, w, h, thick, c);
        }
    }

    pub fn draw_line(x1: f32, y1: f32, x2: f32, y2: f32, thick: f32, c: Color) {
        if !dry() {
            macroquad::prelude::draw_line(x1, y1, x2, y2, thick, c);
        }
    }

    pub fn draw_poly(x: f32, y: f32, sides: u8, radius: f32, rotation: f32, c: Color) {
        if !dry() {
            macroquad::prelude::draw_poly(x, y, sides, radius, rotation, c);
        }
    }

    pub fn draw_triangle(
        a: macroquad::prelude::Vec2,
        b: macroquad::prelude::Vec2,
        c: macroquad::prelude::Vec2,
        col: Color,
    ) {
        if !dry() {
            macroquad::prelude::draw_triangle(a, b, c, col);
        }
    }
}
