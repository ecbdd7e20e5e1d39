//! The tooltips: what is on the square under the mouse, and the squadrons
//! in a dashboard's boxes, each as the viewer may see it.

use super::map::counter_visible;
use super::names::{
    card_name, composition, geschwader_name, squadron, square_name, wing_name, wrap,
};
use super::{CampaignScene, Seen};
use crate::app::ui::{text_width, Ui, INK};
use crate::campaign::forces::{Holder, Place};
use crate::campaign::game::Campaign;
use crate::campaign::sight::{may_see, Secret};
use crate::common::words::count;
use crate::common::Side;
use macroquad::prelude::*;

impl CampaignScene {
    /// The squadrons in a group's or Luftflotte's boxes: names for one's own side.
    pub(super) fn dashboard_tip(
        &self,
        ui: &Ui,
        c: &Campaign,
        viewer: Side,
        holder: Holder,
        side: Side,
        name: &str,
    ) {
        let mut lines = vec![name.to_string()];
        if !may_see(viewer, Secret::Squadrons(side)) {
            lines.push("The other side's squadrons: only the counts show.".into());
        } else {
            for (i, s) in c.forces().squadrons.iter().enumerate() {
                if s.holder != holder {
                    continue;
                }
                let place = match s.place {
                    Place::Ready { .. } => "ready".to_string(),
                    Place::Alerted => "alerted".into(),
                    Place::Damaged => "damaged".into(),
                    Place::StoodDown { back_on } => format!("stood down, back turn {back_on}"),
                    Place::Withdrawn => "withdrawn".into(),
                };
                lines.push(format!("{} - {place}", squadron(c, i)));
            }
        }
        self.tooltip(ui, &lines);
    }

    /// Keeps the tooltip to draw last, over everything else.
    fn tooltip(&self, _ui: &Ui, lines: &[String]) {
        *self.tip.borrow_mut() = lines.to_vec();
    }

    /// The tooltip, drawn last and kept on the screen: its lines wrapped to
    /// the window, its box moved in from the edges.
    pub(super) fn draw_tip(&self, ui: &Ui) {
        let lines = self.tip.borrow().clone();
        if lines.is_empty() {
            return;
        }
        let size = 15.0;
        let room = (ui.w - 16.0).min(560.0);
        let lines: Vec<String> = lines
            .iter()
            .flat_map(|l| wrap(l, room - 16.0, size))
            .collect();
        let w = lines
            .iter()
            .map(|l| text_width(l, size))
            .fold(0.0, f32::max)
            + 16.0;
        let h = lines.len() as f32 * 18.0 + 10.0;
        let m = ui.mouse();
        let x = (m.x + 16.0).min(ui.w - w - 4.0).max(4.0);
        let mut y = m.y + 16.0;
        if y + h > ui.h - 4.0 {
            // Below the mouse it would leave the screen: above it.
            y = m.y - h - 8.0;
        }
        let y = y.min(ui.h - h - 4.0).max(4.0);
        let r = Rect::new(x, y, w, h);
        ui.rect(r, Color::new(1.0, 0.99, 0.93, 0.98));
        ui.rect_lines(r, 1.5, INK);
        for (i, l) in lines.iter().enumerate() {
            self.say(ui, l, x + 8.0, y + 18.0 + i as f32 * 18.0, size, INK);
        }
    }

    /// What is on the square under the mouse, as the viewer may see it.
    pub(super) fn draw_tooltip(&self, ui: &Ui, c: &Campaign, f: &Seen) {
        let Some(sq) = self.lay.map.pick(ui.mouse()) else {
            return;
        };
        let viewer = f.viewer;
        let m = &c.data().map;
        let mut lines = vec![square_name(c, sq)];
        if let Some(g) = m.group(sq) {
            lines[0].push_str(&format!(" - {}", g.name()));
        }
        if c.is_radar_square(sq) {
            lines.push("Watched by the radar chain".into());
        }
        if m.north_of_twelve_group_line(sq) {
            lines.push("North of the 12 Group line (no Bf 109s or Ju 87s)".into());
        }
        for (i, s) in m.radar.iter().enumerate() {
            if s.at == sq {
                lines.push(format!(
                    "Radar station {}: {}",
                    s.name,
                    if c.radar_standing(i) {
                        "standing"
                    } else {
                        "knocked out"
                    }
                ));
            }
        }
        for s in &m.stations {
            if s.at == sq {
                lines.push(format!("RAF station {} ({})", s.name, s.group.name()));
            }
        }
        for b in &m.bases {
            if b.at == sq {
                lines.push(format!(
                    "Luftwaffe base {} (Luftflotte {})",
                    b.name,
                    b.luftflotte.number()
                ));
            }
        }
        for (i, t) in c.data().targets.cards.iter().enumerate() {
            if t.at == sq {
                let dmg = c.damage(i as u16);
                lines.push(format!(
                    "Target {} ({}): {dmg}/{} hits{}",
                    t.name,
                    t.kind.name(),
                    t.hits,
                    if c.knocked_out(i as u16) {
                        ", knocked out"
                    } else {
                        ""
                    }
                ));
            }
        }
        for g in 0..c.geschwader().len() {
            if !counter_visible(c, false, g) || self.gpos[g] != sq {
                continue;
            }
            let ges = &c.geschwader()[g];
            let mut l = format!(
                "{}: {}",
                geschwader_name(c, g),
                count(ges.squadrons.len(), "squadron", "squadrons")
            );
            if may_see(viewer, Secret::Raids) {
                l.push_str(&format!(" ({})", composition(c, g)));
            }
            if let (Some(card), true) = (ges.target, may_see(viewer, Secret::Targets)) {
                l.push_str(&format!(" -> {}", card_name(c, card)));
            }
            lines.push(l);
        }
        for w in 0..c.wings().len() {
            if !counter_visible(c, true, w) || self.wpos[w] != sq {
                continue;
            }
            let wing = &c.wings()[w];
            let mut l = format!(
                "{}: {}",
                wing_name(c, w),
                count(wing.squadrons.len(), "squadron", "squadrons")
            );
            if may_see(viewer, Secret::Wings) {
                let names: Vec<String> = wing.squadrons.iter().map(|&s| squadron(c, s)).collect();
                l.push_str(&format!(" ({})", names.join(", ")));
            }
            lines.push(l);
        }
        self.tooltip(ui, &lines);
    }
}
