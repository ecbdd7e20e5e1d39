//! The end of a mission: the crew bailing out, a crash, the landing.

use super::*;

impl Game {
    /// The bomber lost in the air: every man still alive jumps (E-1) or,
    /// over the sea, ditches (E-3); after a collision every man bails out
    /// on E-2 ("forcing your crew to bail out on Table E-2"), and over the
    /// sea a man who lives comes down in it (E-3).
    pub(super) fn bail_out(&mut self, cause: Cause) {
        let t = self.t();
        let zone = self.state().bomber().expect("flying").zone;
        let sea = t.map.kind(zone) == Some(ZoneKind::Water);
        let collision = cause == Cause::Collision;
        for p in Station::ALL {
            if !self.alive(p) {
                continue;
            }
            let mut fate = None;
            if collision || !sea {
                let (r, j, f) = t.end.roll_jump(&t.map, zone, collision, self.dice_mut());
                let table = if collision { TableId::E2 } else { TableId::E1 };
                self.thrown(table, &r, 0, j);
                if j == Jump::Injured && f != Fate::Killed {
                    self.emit(Event::Wounded {
                        position: p,
                        wound: Wound::Serious,
                    });
                }
                fate = Some(f);
            }
            let fate = match fate {
                Some(f) if !sea || f == Fate::Killed => f,
                _ => {
                    let (r, d, f) = t.end.roll_ditching(&t.map, zone, self.dice_mut());
                    self.thrown(TableId::E3, &r, 0, d);
                    f
                }
            };
            self.emit(Event::CameDown { position: p, fate });
        }
        self.end(Ending::Lost(cause));
    }

    /// The bomber wrecked on the ground: each man's injuries as a jump's
    /// (E-1, ours).
    pub(super) fn crash(&mut self, cause: Cause) {
        let t = self.t();
        for p in Station::ALL {
            if !self.alive(p) {
                continue;
            }
            let r = t.end.jump.dice.roll(self.dice_mut());
            let j = *t.end.jump.get(r.total());
            self.thrown(TableId::E1, &r, 0, j);
            let wound = match j {
                Jump::Safe => None,
                Jump::Injured => Some(Wound::Serious),
                Jump::Killed => Some(Wound::Killed),
            };
            if let Some(wound) = wound {
                self.emit(Event::Wounded { position: p, wound });
            }
        }
        self.end(Ending::Lost(cause));
    }

    /// At an airfield: G-1, or in N9 without a Fuel Box, bail out.
    pub(super) fn land(&mut self) {
        let t = self.t();
        let b = self.state().bomber().expect("flying").clone();
        if !t.end.may_land(b.zone, b.fuel) {
            return self.bail_out(Cause::Fuel);
        }
        let s = self.sit();
        let skill = self.skill(Station::Pilot, t.crew.experience.landing);
        let (r, m, l) = t.end.roll_landing(&s, &b, skill, self.dice_mut());
        self.thrown(TableId::G1, &r, m, l);
        match l {
            Landing::Crash => self.crash(Cause::Landing),
            l => self.end(Ending::Landed(l)),
        }
    }

    pub(super) fn end(&mut self, e: Ending) {
        self.emit(Event::Ended(e));
        self.emit(Event::Phase(Phase::Debrief));
    }
}
