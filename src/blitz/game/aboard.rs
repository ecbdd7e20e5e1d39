//! What the engine reads of the tour as it plays: the tables, the
//! bomber's situation, the crew at their positions, and the throws it
//! logs.

use super::*;

impl Game {
    pub(super) fn thrown(
        &mut self,
        table: TableId,
        rolled: &Rolled,
        modifier: i16,
        read: impl Into<Reading>,
    ) {
        if self.keeps_events() {
            self.emit(Event::Thrown(Thrown {
                table,
                faces: rolled.faces.clone(),
                modifier,
                read: read.into(),
            }));
        }
    }

    pub(super) fn t(&self) -> Arc<Tables> {
        self.state().tables().clone()
    }

    pub(super) fn sit(&self) -> Situation {
        self.situation().expect("the bomber is flying")
    }

    /// A man at `p` who has not been killed this mission.
    pub(super) fn alive(&self, p: Station) -> bool {
        self.state()
            .crew()
            .at(p)
            .is_some_and(|m| m.wound != Some(Wound::Killed))
    }

    /// What the man at `p` adds from his experience (`what`: a pair of
    /// the crew file's `experience`).
    pub(super) fn skill(&self, p: Station, what: (i16, i16)) -> i16 {
        let e = &self.t().crew.experience;
        self.state().crew().skill(p, e, what)
    }

    pub(super) fn able(&self, p: Station) -> bool {
        self.state().crew().at(p).is_some_and(|m| m.able())
    }

    pub(super) fn lost(&self) -> bool {
        self.state().mission().is_none_or(|m| m.ending.is_some())
    }

    /// The airfields: land zones of the Green Zone (N6 and N9 on the
    /// sheet's map).
    pub fn is_airfield(&self, z: Zone) -> bool {
        let map = &self.state().tables().map;
        map.is_green(z) && map.kind(z) == Some(ZoneKind::Land)
    }
}
