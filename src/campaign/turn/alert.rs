//! Squadron alert and mission assignment: the Combat Ready boxes dealt
//! into wings and geschwader, Luftflotte 2's reinforcements to seven
//! squadrons, the Big Wing, and the German's targets.

use super::Exec;
use crate::campaign::check::reinforcements;
use crate::campaign::data::{Group, Luftflotte};
use crate::campaign::event::Event;
use crate::campaign::forces::Holder;
use crate::campaign::state::{RaidState, Stage, State};

/// Deals `cards` (top first) round the formations `(index, size)` in turn,
/// one card each per round, until each is full or the cards run out.
fn deal(cards: &[usize], formations: &[(usize, usize)], into: &mut [Vec<usize>]) {
    let mut cards = cards.iter().copied();
    loop {
        let mut dealt = false;
        for &(f, size) in formations {
            if into[f].len() < size {
                match cards.next() {
                    Some(c) => {
                        into[f].push(c);
                        dealt = true;
                    }
                    None => return,
                }
            }
        }
        if !dealt {
            return;
        }
    }
}

/// Deals each box round its formations `(index, size)`; returns each
/// formation's squadrons (of `n`).
fn deal_boxes(s: &State, boxes: &[(Holder, Vec<(usize, usize)>)], n: usize) -> Vec<Vec<usize>> {
    let mut into = vec![Vec::new(); n];
    for (holder, members) in boxes {
        deal(&s.forces().ready(*holder), members, &mut into);
    }
    into
}

impl Exec<'_> {
    /// Each group's Combat Ready box is dealt, a card at a time from the
    /// top, round its wings in turn (stood-down squadrons came back on top,
    /// so they are the first to fly), and each Luftflotte's round its
    /// geschwader: formations shrink together as the boxes empty.
    pub(super) fn alert(&mut self) {
        let s = self.state();
        let oob = &s.data().oob;
        let wing_boxes = Group::ALL.map(|group| {
            let members = (0..oob.wings.len())
                .filter(|&w| oob.wings[w].group == group && !s.grounded(w))
                .map(|w| (w, oob.wings[w].squadrons.len()))
                .collect();
            (Holder::Group(group), members)
        });
        let geschwader_boxes = Luftflotte::ALL.map(|lf| {
            let members = (0..oob.geschwader.len())
                .filter(|&g| oob.geschwader[g].luftflotte == lf)
                .map(|g| (g, oob.geschwader[g].squadrons.len()))
                .collect();
            (Holder::Luftflotte(lf), members)
        });
        let wings = deal_boxes(s, &wing_boxes, oob.wings.len());
        let geschwader = deal_boxes(s, &geschwader_boxes, oob.geschwader.len());
        self.emit(Event::Alerted { wings, geschwader });
        self.after_reinforcements();
    }

    /// Luftflotte 2's reinforcements to seven squadrons, then the Big Wing,
    /// then missions.
    pub(super) fn after_reinforcements(&mut self) {
        let s = self.state();
        if !reinforcements(s).is_empty() {
            self.awaits(Stage::Reinforce);
        } else if s.big_wing_allowed() && s.big_wing_pairs().next().is_some() {
            self.awaits(Stage::BigWing);
        } else {
            self.missions();
        }
    }

    pub(super) fn reinforce(&mut self, geschwader: usize, from: Option<usize>) {
        let s = self.state();
        let squadron = match from {
            None => s
                .forces()
                .ready(Holder::Luftflotte(Luftflotte::Two))
                .first()
                .copied(),
            Some(o) => s.geschwader()[o].squadrons.last().copied(),
        }
        .expect("check allows a reinforcement only from a box or geschwader with squadrons");
        self.emit(Event::SeventhSquadron {
            geschwader,
            squadron,
            from,
        });
        self.after_reinforcements();
    }

    /// The German hand is filled for mission assignment.
    pub(super) fn missions(&mut self) {
        let s = self.state();
        let dealt = s.deck().to_deal(s.rules().raid.hand as usize);
        if !dealt.is_empty() {
            // Cards from the face-down deck into the German hand.
            self.reveal();
            self.emit(Event::HandFilled(dealt));
        }
        self.awaits(Stage::Missions);
    }

    pub(super) fn assign(&mut self, geschwader: usize, card: u16, wave: u8) {
        self.emit(Event::Mission {
            geschwader,
            card,
            wave,
        });
        let s = self.state();
        let more = s
            .geschwader()
            .iter()
            .any(|g| g.target.is_none() && s.has_bombers(&g.squadrons));
        if !more || s.deck().hand().is_empty() {
            self.end_missions();
        }
    }

    pub(super) fn end_missions(&mut self) {
        if !self
            .state()
            .geschwader()
            .iter()
            .any(|g| g.state == RaidState::Waiting)
        {
            self.end_turn();
            return;
        }
        self.begin_tally_ho();
    }
}
