//! The screens of a player's saves: the list to load from (every game's
//! autosave and slots, and the files of earlier versions), the slots to save
//! a game in (asking before one that holds another game is overwritten),
//! and the question before a new game replaces an unfinished one in its
//! game's autosave.

use super::ui::{Ui, ACCENT, DIM, INK, PAPER};
use super::{title, Transition};
use crate::common::game::GameKind;
use crate::common::words::count;
use crate::record::AnyRecord;
use crate::saves::{self, Entry, Slot};
use macroquad::prelude::*;
use std::time::SystemTime;

/// The list of saves to load from.
pub struct LoadList {
    pub entries: Vec<Entry>,
    pub first: usize,
    /// What the last import, export or deletion came to.
    pub message: Option<String>,
    /// A save waiting for "Delete it?" (its index in `entries`).
    pub delete: Option<usize>,
}

impl LoadList {
    pub fn read() -> LoadList {
        LoadList {
            entries: saves::list(),
            first: 0,
            message: None,
            delete: None,
        }
    }
}

/// The button that hands a save to the player as a file.
const EXPORT: &str = if super::screens::IN_PAGE {
    "Download"
} else {
    "Export"
};

/// What to do once a game has been saved in a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Back to the game.
    Play,
    /// To the menu (leaving the game).
    Menu,
    /// Close the program.
    Quit,
}

/// Picking the slot a game is saved in.
pub struct SlotPicker {
    pub record: AnyRecord,
    pub slots: Vec<(Slot, Option<Entry>)>,
    /// The slot this game was loaded from or last saved in (overwritten
    /// without asking).
    pub own: Option<Slot>,
    /// A slot that holds another game, waiting for "Overwrite?".
    pub confirm: Option<Slot>,
    pub after: After,
    pub message: Option<String>,
}

impl SlotPicker {
    pub fn new(record: AnyRecord, own: Option<Slot>, after: After) -> SlotPicker {
        SlotPicker {
            slots: saves::slots(record.kind()),
            record,
            own,
            confirm: None,
            after,
            message: None,
        }
    }
}

/// A new game, or a game loaded from a slot, would replace an unfinished
/// one in its game's autosave (once it is played on).
pub struct ConfirmNew {
    pub kind: GameKind,
    pub unfinished: Entry,
    /// The new game's start (or the loading), taken when the player goes
    /// ahead.
    pub(super) start: Option<Box<Transition>>,
    /// A game is to be loaded from this slot (none: a new game).
    pub loading: Option<Slot>,
    pub message: Option<String>,
}

/// A save's two lines: its title and when it was saved (the button's
/// label, one line), then where it stands and who plays.
fn entry_lines(e: &Entry, now: SystemTime) -> (String, String) {
    let head = format!("{} - saved {}", e.title(), saves::age(e.modified, now));
    let body = match &e.read {
        Ok(l) => {
            // Where it stands, how it came back (if not exactly as saved),
            // then who plays: cut from the end when the row is narrow.
            let mut parts = vec![if l.progress.is_empty() {
                count(l.commands, "move", "moves")
            } else {
                l.progress.clone()
            }];
            parts.extend(l.tag.iter().map(|t| format!("({t})")));
            let who = saves::players_line(&l.players);
            if !who.is_empty() {
                parts.push(who);
            }
            parts.join("; ").replace("; (", " (")
        }
        // The file is the row's: its folder is left out.
        Err(why) => {
            let file = e
                .path
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into_owned());
            format!(
                "Cannot be read: {}",
                why.replace(&e.path.display().to_string(), &file)
            )
        }
    };
    (head, body)
}

/// Fits a line to a width, cutting it (between characters) with an ellipsis.
fn fit(s: &str, width: f32, size: f32) -> String {
    super::ui::fit_text(s, width, size)
}

/// One save drawn as a two-line button; true if clicked.
fn entry_button(ui: &mut Ui, r: Rect, e: &Entry, now: SystemTime, on: bool) -> bool {
    let (head, body) = entry_lines(e, now);
    let hit = ui.clicked(r);
    let hover = ui.hovered(r);
    let fill = if on {
        Color::new(0.99, 0.93, 0.70, 1.0)
    } else if hover {
        Color::new(0.98, 0.97, 0.92, 1.0)
    } else {
        PAPER
    };
    ui.rect(r, fill);
    ui.rect_lines(r, 2.0, INK);
    let w = r.w - 24.0;
    // The title on the left, when it was saved on the right: the title is
    // cut first, never the age.
    let age = format!("saved {}", saves::age(e.modified, now));
    let age_w = super::ui::text_width(&age, 18.0);
    ui.text(&age, r.x + r.w - 12.0 - age_w, r.y + 24.0, 18.0, DIM);
    let title = fit(&e.title(), w - age_w - 16.0, 22.0);
    ui.text(&title, r.x + 12.0, r.y + 24.0, 22.0, INK);
    let colour = if e.read.is_ok() { DIM } else { ACCENT };
    ui.text(&fit(&body, w, 18.0), r.x + 12.0, r.y + 46.0, 18.0, colour);
    ui.buttons.push(super::ui::Hit {
        rect: r,
        label: head,
    });
    hit
}

/// Rows of saves that fit between `top` and `bottom`.
fn rows(ui: &Ui, top: f32, bottom: f32) -> (f32, f32, usize) {
    let w = 960.0f32.min(ui.w - 40.0);
    let row = 64.0;
    let n = (((bottom - top) / row).floor() as usize).max(1);
    ((ui.w - w) / 2.0, w, n)
}

/// The list of saves: click one to load it, or hand it over as a file
/// (downloaded in a web page, written to the download folder on a
/// desktop); a save file dropped on the window, or uploaded in a page, is
/// kept in the first empty slot of its game.
pub(super) fn load_screen(ui: &mut Ui, list: &mut LoadList) -> Option<Transition> {
    title(ui, "Load a game", "Every game's autosave and save slots");
    let now = crate::data::store::now();
    for file in std::mem::take(&mut ui.input.files) {
        list.message = Some(
            match file
                .map_err(|e| e.to_string())
                .and_then(|src| saves::import(&src))
            {
                Ok(e) => format!("Imported as {}.", e.title()),
                Err(e) => e,
            },
        );
        list.entries = saves::list();
    }
    let (x, w, n) = rows(ui, 160.0, ui.h - 150.0);
    let mut t = None;
    if list.entries.is_empty() {
        ui.text_centered(
            "There are no saved games yet.",
            ui.w / 2.0,
            220.0,
            26.0,
            PAPER,
        );
    }
    let wheel = ui.input.wheel;
    let max_first = list.entries.len().saturating_sub(n);
    if wheel < 0.0 || ui.input.key(KeyCode::Down) {
        list.first = (list.first + 1).min(max_first);
    }
    if wheel > 0.0 || ui.input.key(KeyCode::Up) {
        list.first = list.first.saturating_sub(1);
    }
    list.first = list.first.min(max_first);
    // While "Delete it?" is open, the list underneath takes no clicks.
    let click = ui.input.clicked;
    ui.input.clicked = click && list.delete.is_none();
    let (export_w, delete_w) = (120.0, 96.0);
    let mut exported = None;
    // The whole of the save under the mouse, below the list: a row cuts
    // what does not fit its width.
    let mut under_mouse = None;
    for (i, e) in list.entries.iter().enumerate().skip(list.first).take(n) {
        let y = 160.0 + (i - list.first) as f32 * 64.0;
        let r = Rect::new(x, y, w - export_w - delete_w - 16.0, 56.0);
        if ui.hovered(r) {
            under_mouse = Some(format!("{}: {}", e.title(), entry_lines(e, now).1));
        }
        if entry_button(ui, r, e, now, false) && e.read.is_ok() {
            t = Some(Transition::Load(e.path.clone(), e.slot));
        }
        let bx = x + w - export_w - delete_w - 8.0;
        if ui.button(Rect::new(bx, y, export_w, 56.0), EXPORT) {
            exported = Some(match saves::export(e) {
                Ok(to) => format!("{}: written to {to}.", e.title()),
                Err(err) => err,
            });
        }
        if ui.button(Rect::new(x + w - delete_w, y, delete_w, 56.0), "Delete") {
            list.delete = Some(i);
        }
    }
    ui.input.clicked = click;
    if exported.is_some() {
        list.message = exported;
    }
    if let Some(i) = list.delete {
        delete_dialog(ui, list, i);
        return None;
    }
    let mut y = ui.h - 140.0;
    if list.entries.len() > n {
        ui.text(
            &format!(
                "{}-{} of {} (wheel or arrows for more)",
                list.first + 1,
                (list.first + n).min(list.entries.len()),
                list.entries.len()
            ),
            x,
            y,
            18.0,
            PAPER,
        );
        y += 24.0;
    }
    if let Some(m) = under_mouse.as_ref().or(list.message.as_ref()) {
        for line in super::ui::wrap_text(m, w, 18.0).iter().take(2) {
            ui.text(line, x, y, 18.0, PAPER);
            y += 22.0;
        }
    }
    let bottom = ui.h - 70.0;
    let hint_x = if super::screens::IN_PAGE {
        if ui.button(Rect::new(x, bottom, 200.0, 50.0), "Upload a save") {
            crate::data::store::pick_file();
        }
        x + 215.0
    } else {
        x
    };
    let hint = if super::screens::IN_PAGE {
        "or drop a save file on the page"
    } else {
        "To import a save, drop its file on this window"
    };
    let back_x = ui.w - 170.0;
    ui.text(
        &fit(hint, back_x - 15.0 - hint_x, 18.0),
        hint_x,
        bottom + 31.0,
        18.0,
        PAPER,
    );
    if ui.button(Rect::new(back_x, bottom, 150.0, 50.0), "Back") {
        t = Some(Transition::Pop);
    }
    t
}

/// "Delete it?" over the list: the save goes only when the player says so,
/// and only if it is still what the list showed.
fn delete_dialog(ui: &mut Ui, list: &mut LoadList, i: usize) {
    let Some(e) = list.entries.get(i) else {
        list.delete = None;
        return;
    };
    let body = match &e.read {
        Ok(l) => l.progress.clone(),
        Err(_) => "A save that cannot be read".to_string(),
    };
    let lines = [
        (format!("Delete {}?", e.title()), 24.0, INK),
        (body, 18.0, DIM),
        (
            format!("It cannot be brought back: {EXPORT} keeps a copy first."),
            18.0,
            INK,
        ),
    ];
    match question(ui, &lines, "Delete it") {
        Some(true) => {
            list.message = Some(match saves::delete(e) {
                Ok(()) => format!("{} deleted.", e.title()),
                Err(err) => err.to_string(),
            });
            list.delete = None;
            list.entries = saves::list();
        }
        Some(false) => list.delete = None,
        None => {}
    }
}

/// A question over the screen (whose words are drawn first): its lines,
/// then `yes` and "Keep it" (Y and N, or Esc). Some(true): yes.
fn question(ui: &mut Ui, lines: &[(String, f32, Color)], yes: &str) -> Option<bool> {
    ui.flush_text();
    let bx = Rect::new(ui.w / 2.0 - 280.0, ui.h / 2.0 - 120.0, 560.0, 240.0);
    ui.rect(
        Rect::new(0.0, 0.0, ui.w, ui.h),
        Color::new(0.0, 0.0, 0.0, 0.55),
    );
    ui.rect(bx, PAPER);
    ui.rect_lines(bx, 3.0, INK);
    let mut y = bx.y + 50.0;
    for (line, size, colour) in lines {
        ui.text_centered(
            &fit(line, bx.w - 40.0, *size),
            ui.w / 2.0,
            y,
            *size,
            *colour,
        );
        y += size + 14.0;
    }
    let at = |x: f32| Rect::new(bx.x + x, bx.y + 160.0, 220.0, 50.0);
    if ui.button(at(40.0), yes) || ui.input.key(KeyCode::Y) {
        Some(true)
    } else if ui.button(at(300.0), "Keep it")
        || ui.input.key(KeyCode::N)
        || ui.input.key(KeyCode::Escape)
    {
        Some(false)
    } else {
        None
    }
}

/// The slots of the game being saved: pick one.
pub(super) fn slot_screen(ui: &mut Ui, p: &mut SlotPicker) -> Option<Transition> {
    let kind = p.record.kind();
    title(
        ui,
        "Save the game",
        &format!("{}: pick a slot", kind.title()),
    );
    let now = crate::data::store::now();
    let (x, w, n) = rows(ui, 150.0, ui.h - 90.0);
    let mut chosen = None;
    // While "Overwrite?" is open, the slots underneath take no clicks.
    let modal = p.confirm.is_some();
    let click = ui.input.clicked;
    ui.input.clicked = click && !modal;
    for (i, (slot, entry)) in p.slots.iter().enumerate().take(n) {
        let r = Rect::new(x, 150.0 + i as f32 * 64.0, w, 56.0);
        let on = p.own == Some(*slot);
        let clicked = match entry {
            Some(e) => entry_button(ui, r, e, now, on),
            None => ui.button(r, &format!("{}: empty", slot.name())),
        };
        if clicked {
            chosen = Some(*slot);
        }
    }
    ui.input.clicked = click;
    let mut t = None;
    if let Some(slot) = chosen {
        let occupied = p.slots.iter().any(|(s, e)| *s == slot && e.is_some());
        if occupied && p.own != Some(slot) {
            p.confirm = Some(slot);
        } else {
            t = Some(write(p, slot));
        }
    }
    if let Some(slot) = p.confirm {
        let holds = match &p.message {
            Some(m) if m.starts_with("Not saved") => {
                format!("{} changed since this list was read.", slot.name())
            }
            _ => format!("{} holds another game.", slot.name()),
        };
        let lines = [
            (holds, 28.0, INK),
            ("Overwrite it with this one?".to_string(), 24.0, INK),
        ];
        match question(ui, &lines, "Overwrite") {
            Some(true) => {
                p.confirm = None;
                t = Some(write(p, slot));
            }
            Some(false) => p.confirm = None,
            None => {}
        }
        return t;
    }
    if let Some(m) = &p.message {
        super::screens::notice_above(ui, m, ui.h - 80.0);
    }
    if ui.button(Rect::new(ui.w - 170.0, ui.h - 70.0, 150.0, 50.0), "Back") {
        t = Some(Transition::Pop);
    }
    t
}

/// Writes the game to the slot; on failure the picker stays, saying why.
/// A slot another window saved in since the list was read is read again
/// and asks before it is overwritten.
fn write(p: &mut SlotPicker, slot: Slot) -> Transition {
    match saves::store(slot, &p.record) {
        Ok(_) => Transition::Saved {
            slot,
            after: p.after,
        },
        Err(e) => {
            let changed = matches!(e, saves::SaveError::Changed { .. });
            p.message = Some(e.to_string());
            p.slots = saves::slots(p.record.kind());
            let holds = p.slots.iter().any(|(s, e)| *s == slot && e.is_some());
            if changed && holds {
                p.own = None;
                p.confirm = Some(slot);
            }
            Transition::Stay
        }
    }
}

/// Before a new game, or a game loaded from a slot: the autosave holds an
/// unfinished one of this game.
pub(super) fn confirm_new_screen(ui: &mut Ui, c: &mut ConfirmNew) -> Option<Transition> {
    let game = c.kind.title();
    let (sub, go) = match c.loading {
        Some(slot) => (
            format!(
                "{game}: playing {} on replaces it in the autosave",
                slot.name().to_lowercase()
            ),
            "load",
        ),
        None => (
            format!("{game}: a new game replaces it in the autosave"),
            "start",
        ),
    };
    title(ui, "A game is under way", &sub);
    let now = crate::data::store::now();
    let (x, w, _) = rows(ui, 170.0, ui.h);
    entry_button(ui, Rect::new(x, 170.0, w, 56.0), &c.unfinished, now, false);
    let bw = w;
    let mut t = None;
    let free = saves::free_slot(c.kind);
    let keep = match free {
        Some(s) => format!("Keep it in {} and {go}", s.name().to_lowercase()),
        None => "Every slot is full: load a game to free one".to_string(),
    };
    if ui.button(Rect::new(x, 260.0, bw, 50.0), &keep) {
        match free {
            Some(slot) => {
                let kept = crate::record::read(&c.unfinished.path)
                    .map_err(|e| e.to_string())
                    .and_then(|r| saves::store(slot, &r).map_err(|e| e.to_string()));
                match kept {
                    Ok(_) => t = c.start.take().map(|b| *b),
                    Err(e) => c.message = Some(format!("Could not keep it: {e}")),
                }
            }
            None => c.message = Some("Every slot of this game holds a save.".into()),
        }
    }
    if ui.button(
        Rect::new(x, 324.0, bw, 50.0),
        &format!("Replace it and {go}"),
    ) {
        t = c.start.take().map(|b| *b);
    }
    if ui.button(Rect::new(x, 388.0, bw, 50.0), "Back") {
        t = Some(Transition::Pop);
    }
    if let Some(m) = &c.message {
        super::screens::notice_above(ui, m, ui.h - 80.0);
    }
    t
}
