//! The Tally Ho phases' movement: the geschwader take off and fly square by
//! square, the RAF scrambling a wing against each entry into a radar square
//! (the wing answering each of their steps with one of its own); then RAF
//! movement. Reaching for home, with the fuel check, is here too.

use super::Exec;
use crate::campaign::data::Square;
use crate::campaign::event::Event;
use crate::campaign::state::{RaidState, Stage, WingState};

impl Exec<'_> {
    pub(super) fn begin_tally_ho(&mut self) {
        let n = self.state().tally_ho() + 1;
        self.emit(Event::TallyHo(n));
        for g in 0..self.state().geschwader().len() {
            let ges = &self.state().geschwader()[g];
            if ges.state == RaidState::Waiting && ges.wave == n {
                self.emit(Event::TakesOff(g));
            }
        }
        self.next_flyer();
    }

    /// The next geschwader to move this phase, or RAF movement.
    pub(super) fn next_flyer(&mut self) {
        match self.state().geschwader().iter().position(|g| !g.stopped) {
            Some(g) => self.awaits(Stage::Fly { geschwader: g }),
            None => self.end_luftwaffe_movement(),
        }
    }

    pub(super) fn end_luftwaffe_movement(&mut self) {
        let missed: Vec<usize> = self
            .state()
            .wings()
            .iter()
            .enumerate()
            .filter(|(_, w)| matches!(w.state, WingState::Intercepting(_)) && w.met.is_none())
            .map(|(i, _)| i)
            .collect();
        for wing in missed {
            self.emit(Event::InterceptMissed { wing });
        }
        self.emit(Event::RafMovementBegins);
        if self.state().movable_wings().next().is_some() {
            self.awaits(Stage::RafMovement);
        } else {
            self.battle_step();
        }
    }

    pub(super) fn step(&mut self, g: usize, to: Square) {
        let s = self.state();
        if s.data().map.north_of_twelve_group_line(to) {
            // Short-range squadrons reach for home rather than cross the line.
            let short: Vec<usize> = s.geschwader()[g]
                .squadrons
                .iter()
                .copied()
                .filter(|&q| s.short_range(q))
                .collect();
            if !short.is_empty() {
                let far = s.geschwader()[g].furthest > s.rules().raid.fuel_range;
                self.fuel_check(g, &short, far);
                self.emit(Event::EscortTurnsBack {
                    geschwader: g,
                    squadrons: short,
                });
                let s = self.state();
                if !s.has_bombers(&s.geschwader()[g].squadrons) {
                    // Only Ju 87s carried its bombs: nothing flies on.
                    self.reach_for_home(g);
                    self.next_flyer();
                    return;
                }
            }
        }
        let radar = self.state().is_radar_square(to);
        self.emit(Event::Moved {
            geschwader: g,
            to,
            radar,
        });
        self.after_step(g, radar);
    }

    /// After the geschwader's step: stop, intercept choice, the interceptor's
    /// step, or the next step.
    fn after_step(&mut self, g: usize, entered_radar: bool) {
        let s = self.state();
        let ges = &s.geschwader()[g];
        let at = ges.at;
        // On its target it starts its bomb run, even with a wing there too
        // (then it fights first and bombs after).
        if ges.target.map(|c| s.data().targets.cards[c as usize].at) == Some(at) {
            // The RAF sees where it was going.
            self.reveal();
            self.emit(Event::BombRun { geschwader: g });
        }
        let s = self.state();
        if s.wing_on(g, at) {
            let met: Vec<usize> = s
                .wings()
                .iter()
                .enumerate()
                .filter(|(_, w)| w.state == WingState::Intercepting(g) && w.at == at)
                .map(|(i, _)| i)
                .collect();
            self.emit(Event::Engaged { geschwader: g, met });
        } else if s.geschwader()[g].moved >= s.allowance(g) && !s.geschwader()[g].stopped {
            self.emit(Event::FlownOut { geschwader: g });
        }
        let s = self.state();
        if let Some(w) = s.interceptor_of(g) {
            // The wing answers every step of the geschwader with one of its own.
            self.awaits(Stage::InterceptStep {
                geschwader: g,
                wing: w,
            });
            return;
        }
        if entered_radar
            && s.geschwader()[g].state == RaidState::Aloft
            && !s.fought_this_phase(g)
            && !s.intercepts_declined()
            && (0..s.wings().len()).any(|w| s.can_intercept(w))
        {
            self.awaits(Stage::InterceptChoice { geschwader: g });
            return;
        }
        self.continue_flying(g);
    }

    pub(super) fn continue_flying(&mut self, g: usize) {
        if self.state().geschwader()[g].stopped {
            self.next_flyer();
        } else {
            self.awaits(Stage::Fly { geschwader: g });
        }
    }

    /// The German turns the geschwader for home of its own accord.
    pub(super) fn home(&mut self, g: usize) {
        self.emit(Event::TurnsBack { geschwader: g });
        self.reach_for_home(g);
        if let Some(wing) = self.state().interceptor_of(g) {
            self.emit(Event::InterceptMissed { wing });
        }
        self.next_flyer();
    }

    /// The RAF scrambles a wing against the geschwader that entered a radar
    /// square.
    pub(super) fn intercept_with(&mut self, wing: usize) {
        let s = self.state();
        let Stage::InterceptChoice { geschwader: g } = *s.stage() else {
            unreachable!("check allows an intercept only at an intercept choice")
        };
        let over_station = s.wings()[wing].at == s.geschwader()[g].at;
        self.emit(Event::Scramble {
            wing,
            geschwader: g,
        });
        if over_station {
            // The raid is over the wing's own station: it meets it there.
            self.emit(Event::Engaged {
                geschwader: g,
                met: vec![wing],
            });
            self.continue_flying(g);
        } else {
            self.awaits(Stage::InterceptStep {
                geschwader: g,
                wing,
            });
        }
    }

    pub(super) fn wing_step(&mut self, to: Square) {
        let Stage::InterceptStep {
            geschwader: g,
            wing,
        } = *self.state().stage()
        else {
            unreachable!("check allows a wing's step only in an intercept")
        };
        self.emit(Event::WingMoved { wing, to });
        if self.state().geschwader()[g].at == to {
            self.emit(Event::Engaged {
                geschwader: g,
                met: vec![wing],
            });
        }
        self.continue_flying(g);
    }

    /// RAF movement: a wing flies to a square within reach (to its own
    /// station, it lands, unless a raid is over it).
    pub(super) fn move_wing(&mut self, wing: usize, to: Square) {
        let s = self.state();
        let aloft = to != s.home_of(wing) || s.raid_over(to);
        self.emit(Event::WingFlies { wing, to, aloft });
        if self.state().movable_wings().next().is_none() {
            self.battle_step();
        }
    }

    /// The geschwader reaches for home: short-range squadrons that flew
    /// beyond their range check fuel; the rest are back at base.
    pub(super) fn reach_for_home(&mut self, g: usize) {
        let s = self.state();
        let far = s.geschwader()[g].furthest > s.rules().raid.fuel_range;
        let squadrons = s.geschwader()[g].squadrons.clone();
        self.fuel_check(g, &squadrons, far);
        let back = self.state().geschwader()[g].squadrons.clone();
        self.emit(Event::ReachedForHome {
            geschwader: g,
            squadrons: back,
        });
    }

    /// Each short-range squadron of these that flew beyond its range throws
    /// the Luftwaffe die: on the fuel face it is lost.
    fn fuel_check(&mut self, g: usize, squadrons: &[usize], far: bool) {
        if !far {
            return;
        }
        let die = self.state().rules().luftwaffe_die;
        let out = self.state().rules().raid.fuel_out;
        let mut dice = Vec::new();
        for &q in squadrons {
            if self.state().short_range(q) {
                dice.push((q, self.roll(die)));
            }
        }
        if dice.is_empty() {
            return;
        }
        let lost: Vec<usize> = dice
            .iter()
            .filter(|&&(_, face)| face == out)
            .map(|&(q, _)| q)
            .collect();
        self.emit(Event::FuelCheck {
            geschwader: g,
            dice,
        });
        for q in lost {
            self.emit(Event::OutOfFuel(q));
        }
    }
}
