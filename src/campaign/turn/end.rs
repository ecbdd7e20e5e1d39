//! The end of a Tally Ho phase (the next one, or the raids home), of a
//! turn (Luftflotte 5's obligation judged, every squadron back in its box)
//! and of the campaign (the verdict).

use super::Exec;
use crate::campaign::data::Luftflotte;
use crate::campaign::event::Event;
use crate::campaign::score::verdict;
use crate::campaign::state::RaidState;

impl Exec<'_> {
    pub(super) fn end_tally_ho(&mut self) {
        // After the battle, a geschwader that has lost all its bombers
        // reaches for home (its escort has fought its dogfights first).
        for g in 0..self.state().geschwader().len() {
            let s = self.state();
            let ges = &s.geschwader()[g];
            if ges.state == RaidState::Aloft && !s.has_bombers(&ges.squadrons) {
                self.reach_for_home(g);
            }
        }
        // The wings that fought return to base.
        let n = self.state().tally_ho();
        self.emit(Event::TallyHoEnds(n));
        let s = self.state();
        let last = n >= s.rules().raid.tally_ho_phases;
        let flying = s
            .geschwader()
            .iter()
            .any(|g| g.state == RaidState::Aloft || (g.state == RaidState::Waiting && g.wave > n));
        if flying && !last {
            self.begin_tally_ho();
            return;
        }
        for g in 0..self.state().geschwader().len() {
            if self.state().geschwader()[g].state == RaidState::Aloft {
                self.reach_for_home(g);
            }
        }
        self.end_turn();
    }

    pub(super) fn end_turn(&mut self) {
        let s = self.state();
        // Luftflotte 5 must enter the radar line and try to bomb on its turn.
        let flew = s
            .records()
            .get(s.turn() as usize - 1)
            .is_some_and(|r| r.flew);
        if s.luftflotte_5_must_commit() && flew {
            let committed = s.geschwader().iter().enumerate().any(|(g, ges)| {
                s.data().oob.geschwader[g].luftflotte == Luftflotte::Five
                    && ges.target.is_some()
                    && ges.crossed_radar
                    && !ges.turned_back
            });
            if committed {
                self.emit(Event::Luftflotte5Attacked);
            } else {
                let squadrons = s.forces().flying_of_luftflotte(Luftflotte::Five);
                self.emit(Event::Luftflotte5Withdrawn { squadrons });
            }
        }
        let turn = self.state().turn();
        self.emit(Event::TurnEnds(turn));
        self.begin_turn();
    }

    pub(super) fn finish(&mut self) {
        let s = self.state();
        let v = verdict(&s.tally(), s.rules());
        self.emit(Event::CampaignOver(v));
    }
}
