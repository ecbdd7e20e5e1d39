//! The bomb runs of the battle step: the guns' dice cancel bomb dice, the
//! rest fall on the raid's target card; what they knock out, and London
//! back on top of the deck while it stands.

use super::Exec;
use crate::campaign::deck::CardKind;
use crate::campaign::event::{BombRun, Event, Throw};
use crate::common::Side;

impl Exec<'_> {
    pub(super) fn bomb(&mut self, g: usize) {
        let s = self.state();
        let ges = &s.geschwader()[g];
        let Some(card) = ges.target else {
            self.reach_for_home(g);
            return;
        };
        if !s.has_bombers(&ges.squadrons) {
            // Its bombers were shot down on the way in: no bomb run.
            self.reach_for_home(g);
            return;
        }
        let bombs: u32 = ges
            .squadrons
            .iter()
            .map(|&q| s.aircraft(q).bombs as u32)
            .sum();
        let (aa, bombs) = self.bomb_throws(card, bombs.min(255) as u8);
        let hits = bombs.map_or(0, |b| b.hits);
        self.hit_target(g, card, hits, BombRun::Dice { aa, bombs });
        self.reach_for_home(g);
    }

    /// A bomb run's throws over `card`: the guns', each hit cancelling a
    /// bomb die, then the rest of the `dice` onto the bomb face (none over
    /// a target already knocked out).
    fn bomb_throws(&mut self, card: u16, dice: u8) -> (Throw, Option<Throw>) {
        let s = self.state();
        let raid = &s.rules().raid;
        let aa_dice = raid.aa(s.cards()[card as usize].kind);
        let (aa_hit, bomb_hit) = (raid.aa_hit, raid.bomb_hit);
        let knocked_out = s.knocked_out(card);
        let aa = self.throw(Side::British, aa_dice, aa_hit);
        let left = dice.saturating_sub(aa.hits);
        let bombs = (!knocked_out).then(|| self.throw(Side::German, left, bomb_hit));
        (aa, bombs)
    }

    /// A raid's bomb hits on its target card, and what they knock out.
    pub(super) fn hit_target(&mut self, g: usize, card: u16, hits: u8, run: BombRun) {
        let s = self.state();
        let kind = s.cards()[card as usize].kind;
        let max = s.data().targets.cards[card as usize].hits;
        let before = s.damage(card);
        let after = before.saturating_add(hits).min(max);
        self.emit(Event::Bombed {
            geschwader: g,
            card,
            hits: after - before,
            run,
        });
        if after > before {
            if after >= max {
                self.emit(Event::KnockedOut(card));
            } else if kind == CardKind::London && self.state().deck().used().contains(&card) {
                self.emit(Event::LondonBackOnTop(card));
            }
        }
    }
}
