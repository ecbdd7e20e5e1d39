//! The standby phase: a new turn, the order of battle's changes (a new
//! phase's deck, rotations, allied squadrons, withdrawals), production and
//! repairs. The weather check follows (`weather`).

use super::Exec;
use crate::campaign::event::Event;
use crate::campaign::rules::{Rotation, TurnEvent};
use crate::campaign::state::Stage;

impl Exec<'_> {
    pub(super) fn begin_turn(&mut self) {
        let s = self.state();
        let turn = s.turn() + 1;
        if turn > s.turns() {
            self.finish();
            return;
        }
        let phase = s.phase_of(turn) as u8;
        self.emit(Event::TurnBegins { turn, phase });
        let back = self.state().forces().stood_down_due(turn);
        if !back.is_empty() {
            self.emit(Event::StoodDownReturn(back));
        }
        let s = self.state();
        let new_phase = s
            .rules()
            .calendar_for(s.setup().weather)
            .events_at(turn)
            .any(|e| matches!(e, TurnEvent::NewPhase(_)));
        if new_phase && s.deck().hand().len() > s.rules().german_hand as usize {
            self.awaits(Stage::KeepHand);
            return;
        }
        self.order_of_battle();
    }

    /// At a new phase the German gives back a card, down to the hand he keeps.
    pub(super) fn discard(&mut self, card: u16) {
        self.emit(Event::Discarded(card));
        let s = self.state();
        if s.deck().hand().len() <= s.rules().german_hand as usize {
            self.order_of_battle();
        }
    }

    /// The calendar's changes for this turn, in the file's order.
    fn order_of_battle(&mut self) {
        let s = self.state();
        let turn = s.turn();
        let events: Vec<TurnEvent> = s
            .rules()
            .calendar_for(s.setup().weather)
            .events_at(turn)
            .cloned()
            .collect();
        for e in events {
            let event = match e {
                TurnEvent::NewPhase(phase) => {
                    let (s, dice) = self.with_dice();
                    let config = &s.rules().phases[phase as usize].deck;
                    let stacked = s.deck().stacked(s.cards(), config, dice);
                    Event::PhaseBegins {
                        phase,
                        draw: stacked.draw,
                        out: stacked.out,
                    }
                }
                TurnEvent::Rotate(n) => {
                    let mut due = Vec::new();
                    for r in &self.state().rules().rotations[n as usize] {
                        for _ in 0..r.count {
                            due.push(Rotation {
                                count: 1,
                                ..r.clone()
                            });
                        }
                    }
                    Event::RotationsDue(due)
                }
                TurnEvent::RepairCities(n) => Event::CitiesRepaired(n),
                TurnEvent::WithdrawDefiants | TurnEvent::WithdrawStukas => {
                    let what = if e == TurnEvent::WithdrawDefiants {
                        "Defiant"
                    } else {
                        "Ju 87"
                    };
                    let s = self.state();
                    Event::Withdrawn {
                        what: what.to_string(),
                        squadrons: s.forces().flying_of_type(what, &s.data().oob),
                    }
                }
                TurnEvent::Reinforce { squadron, group } => {
                    match crate::campaign::data::Group::from_number(group) {
                        Some(group) => Event::AlliesDue { group, squadron },
                        None => continue,
                    }
                }
                TurnEvent::Ace { group } => {
                    // The ace marker goes with the allied squadron that
                    // arrives for that group on the same turn (No. 303).
                    let s = self.state();
                    let due = s
                        .rules()
                        .calendar_for(s.setup().weather)
                        .events_at(turn)
                        .find_map(|e| match e {
                            TurnEvent::Reinforce { squadron, group: g } if *g == group => {
                                Some(squadron.clone())
                            }
                            _ => None,
                        });
                    Event::AceDue(due)
                }
                TurnEvent::BigWing => Event::BigWingAllowed,
                TurnEvent::SevenSquadronGeschwader { .. } => Event::SevenSquadronGeschwader,
                TurnEvent::Luftflotte5MustCommit => {
                    Event::Luftflotte5MustCommit(self.state().lf5_active())
                }
                TurnEvent::RepairThrows(n) => Event::RepairThrows(n),
                TurnEvent::StoodDownCountAsLost => Event::StoodDownCountsAsLost,
            };
            self.emit(event);
        }
        self.allies_arrive();
        self.next_rotation_or_production();
    }

    /// Allied squadrons due arrive: each rebuilds a damaged Hurricane of its
    /// group, or (our fallback) of another group. With none damaged anywhere,
    /// it arrives at the start of the first later turn when one is.
    fn allies_arrive(&mut self) {
        let due = self.state().allies_due().to_vec();
        for (group, name) in due {
            let s = self.state();
            // No damaged Hurricane anywhere yet: it waits for a later turn.
            let Ok(squadron) = s.forces().reinforcement(group, &s.data().oob) else {
                continue;
            };
            let ace = s.ace_due() == Some(name.as_str());
            self.emit(Event::Reinforced {
                squadron,
                group,
                name,
            });
            if ace {
                self.emit(Event::Ace { squadron });
            }
        }
    }

    fn next_rotation_or_production(&mut self) {
        let s = self.state();
        if s.rotations_left().iter().any(|r| s.rotation_possible(r)) {
            self.awaits(Stage::Rotations);
            return;
        }
        let n = s.rotations_left().len();
        if n > 0 {
            self.emit(Event::RotationsLapsed(n));
        }
        self.next_throw();
    }

    pub(super) fn rotate(&mut self, k: usize) {
        let s = self.state();
        let r = &s.rotations_left()[k];
        let (given, back, swap) = s
            .forces()
            .rotation(r, &s.data().oob)
            .expect("check allows only a rotation that can be made");
        self.emit(Event::Rotated {
            rotation: k,
            sent: r.kind.clone(),
            group_from: r.from_group,
            group_to: r.to_group,
            given,
            back,
            swap,
        });
        self.next_rotation_or_production();
    }

    pub(super) fn end_rotations(&mut self) {
        let n = self.state().rotations_left().len();
        self.emit(Event::RotationsLapsed(n));
        self.next_throw();
    }

    fn next_throw(&mut self) {
        let s = self.state();
        // Nothing to rebuild or repair: the throw would be wasted.
        let needed = (0..s.forces().squadrons.len()).any(|i| s.forces().rebuildable(i))
            || s.mendable().next().is_some();
        if s.throws_left() > 0 && needed {
            let dice = s.production_dice();
            self.awaits(Stage::ProductionSplit { dice });
        } else {
            self.weather_check();
        }
    }

    pub(super) fn production(&mut self, squadrons: u8) {
        let s = self.state();
        let Stage::ProductionSplit { dice } = *s.stage() else {
            unreachable!("check allows a production split only when it is asked for")
        };
        let face = s.rules().raid.production_success;
        let die = s.rules().raf_die;
        let mut successes = |n: u8| (0..n).filter(|_| self.roll(die) == face).count() as u8;
        let squadron_hits = successes(squadrons);
        let ground_hits = successes(dice - squadrons);
        self.emit(Event::ProductionThrown {
            dice,
            squadrons,
            squadron_hits,
            ground_hits,
        });
        self.repairs_or_on();
    }

    pub(super) fn rebuild(&mut self, squadron: usize, reserve: bool) {
        self.emit(Event::Rebuilt { squadron, reserve });
        self.repairs_or_on();
    }

    pub(super) fn mend(&mut self, card: u16) {
        self.emit(Event::Mended(card));
        self.repairs_or_on();
    }

    /// More repairs while a success or a reserve point can be spent.
    fn repairs_or_on(&mut self) {
        if self.state().repairs_possible() {
            self.awaits(Stage::Repairs);
        } else {
            self.after_repairs();
        }
    }

    pub(super) fn after_repairs(&mut self) {
        self.emit(Event::RepairsOver);
        self.next_throw();
    }
}
