//! Over the target: the beam, the bomb run, the flak and the bombs; and
//! what a hit does to the bomber and its crew.

use super::*;

impl Game {
    /// Over the target: the beam (D-1), if the set and its operator work
    /// and it was never jammed; a jammed beam jettisons the bombs and
    /// forces the abort.
    pub(super) fn over_the_target(&mut self) {
        let t = self.t();
        let b = self.state().bomber().expect("flying").clone();
        if b.beam_equipment && self.able(Station::Radio) {
            if let Some((r, beam)) = t.end.roll_beam(b.beam_jammed, self.dice_mut()) {
                self.thrown(TableId::D1, &r, 0, beam);
                self.emit(Event::Beam(beam));
                if beam == Beam::Jammed {
                    self.emit(Event::Aborted(Abort::Jettisoned));
                    return self.next_move();
                }
            }
        }
        self.emit(Event::Phase(Phase::Target));
    }

    /// The run in: searchlights (D-2) and flak (D-3), then the crew's
    /// choice of the bombs (D-5) or the abort ("instead of using Tables D-2
    /// or D-5"); a bomber forced to abort by the flak goes home at once.
    pub(super) fn bomb_run(&mut self) {
        let t = self.t();
        let s = self.sit();
        let (r, m, lights) = t.defences.searchlights.roll(&s, self.dice_mut());
        self.thrown(TableId::D2, &r, m, lights);
        self.emit(Event::Lights(lights));
        if !self.flak() {
            return;
        }
        let b = self.state().bomber().expect("flying");
        if b.leg == Leg::Outbound && b.bombs {
            self.emit(Event::Phase(Phase::Release));
        } else {
            self.next_move();
        }
    }

    /// D-3, and what it does; false if the bomber is lost.
    pub(super) fn flak(&mut self) -> bool {
        let t = self.t();
        let s = self.sit();
        let (r, m, flak, downed) = t.defences.roll_flak(&s, self.dice_mut());
        self.thrown(TableId::D3, &r, m, Reading::Flak { flak, downed });
        self.emit(Event::Flak(flak));
        if downed {
            self.bail_out(Cause::Flak);
            return false;
        }
        match flak {
            Flak::NoFlak | Flak::Harmless => {}
            Flak::Damaged => self.failure(),
            Flak::HitHard => {
                self.crew_hit(Cause::Flak);
                if self.lost() {
                    return false;
                }
                self.failure();
            }
        }
        !self.lost()
    }

    /// The bombs (D-5), then home, meeting night fighters only after No
    /// FLAK. A bomber the searchlights hold (`second_flak`, ours) is fired
    /// on again (D-3) while it flies straight and level for the aim.
    pub(super) fn release(&mut self) {
        let t = self.t();
        let lit = self.state().mission().map(|m| m.lights);
        if lit.is_some_and(|l| t.defences.second_flak.contains(&l)) && !self.flak() {
            return;
        }
        let flak = self
            .state()
            .mission()
            .and_then(|m| m.flak)
            .unwrap_or(Flak::NoFlak);
        let b = self.state().bomber().expect("flying").clone();
        let m = self.state().mission().expect("flying");
        let beam = m.beam;
        // (Bad weather avoided in the target zone forfeits the points; as
        // avoiding it aborts the mission, no bomb run follows it anyway.)
        let (london, avoided) = (m.london, m.avoided_at_target);
        let lighter = if m.extra_fuel {
            t.nights.fuel.extra_costs_points
        } else {
            0
        };
        let s = self.sit();
        let skill = self.skill(Station::Bombardier, t.crew.experience.bomb_run);
        if let Some((r, md, run)) = t.end.roll_bomb_run(beam, &b, &s, skill, self.dice_mut()) {
            self.thrown(TableId::D5, &r, md, run);
            let full = t.end.points(run, london, avoided);
            // Fewer bombs for the extra fuel: a run on the aiming point
            // scores less (too few bombs to wreck it), at least 1.
            let points = if run == BombRun::OnTheAimingPoint && full > 0 {
                full.saturating_sub(lighter).max(1)
            } else {
                full
            };
            self.emit(Event::Bombed { run, points });
        }
        self.emit(Event::TurnedForHome);
        if t.defences.fighters_after_bombing(flak) {
            self.night_fighters(true);
        } else {
            self.next_move();
        }
    }

    /// Table K.
    pub(super) fn failure(&mut self) {
        let t = self.t();
        let (r, f) = t.flight.roll_failure(self.dice_mut());
        self.thrown(TableId::K, &r, 0, f);
        self.emit(Event::Failed {
            failure: f,
            leak: t.flight.leak,
        });
    }

    /// A crewman hit: who, and how badly; a lost bombardier aborts an
    /// outbound mission, a lost pilot is relieved at the controls.
    pub(super) fn crew_hit(&mut self, cause: Cause) {
        let t = self.t();
        let (r, p) = t.defences.roll_crewman(self.dice_mut());
        self.thrown(TableId::Hit, &r, 0, p);
        let r = t.crew.wound.dice.roll(self.dice_mut());
        let w = *t.crew.wound.get(r.total());
        self.thrown(TableId::Wound, &r, 0, w);
        self.emit(Event::Wounded {
            position: p,
            wound: w,
        });
        let outbound = self
            .state()
            .bomber()
            .is_some_and(|b| b.leg == Leg::Outbound);
        if p == Station::Bombardier && w >= Wound::Serious && outbound {
            self.emit(Event::Aborted(Abort::Bombardier));
        }
        if p == Station::Pilot && w >= Wound::Serious {
            let outbound = self
                .state()
                .bomber()
                .is_some_and(|b| b.leg == Leg::Outbound);
            match relieve_pilot(|q| self.able(q), outbound) {
                Some(Relief { from, aborts }) => {
                    self.emit(Event::ChangedPlaces {
                        from,
                        to: Station::Pilot,
                    });
                    if aborts {
                        self.emit(Event::Aborted(Abort::Bombardier));
                    }
                }
                None => self.bail_out(cause),
            }
        }
    }
}
