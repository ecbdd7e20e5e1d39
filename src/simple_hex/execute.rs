//! Commands to events: what a legal command does, and the automatic parts of
//! the sequence of play (repairs, activation, entry, rounds, moves, the end
//! of an attack and of the game) up to the next decision. Nothing here writes
//! the state: every change is an event, applied as it is emitted.

use super::movement::{self, StepTo};
use super::{
    Command, Effect, Event, FireTable, Game, Loc, Loss, Opening, Outcome, Phase, Plane, PlaneId,
    Role, Side, Speed, SpeedDice, Step,
};
use crate::common::dice::DieKind;

impl Game {
    /// What a command `check` accepted does, and the sequence of play up
    /// to the next decision.
    pub(super) fn execute(&mut self, cmd: Command) {
        let moves_before = self.moves_begun();
        match cmd {
            Command::Enter { unit, column } => {
                for (i, plane) in self.waiting_planes(unit).into_iter().enumerate() {
                    self.emit(Event::Staged {
                        plane,
                        column: column + i as u8,
                    });
                }
            }
            Command::Step(step) => self.do_step(step),
            Command::Attack { target } => self.do_attack(target),
            Command::EndMove => {
                let m = self.active_move().expect("checked");
                self.emit(Event::MoveEnded { plane: m.plane });
            }
        }
        if self.spot() {
            // A face-down formation shown cannot be hidden again by undo.
            self.reveal();
        }
        self.advance();
        if self.moves_begun() != moves_before || matches!(cmd, Command::Attack { .. }) {
            self.plan_begins();
        }
    }

    /// Turns face up each face-down formation one of whose planes on the
    /// board (or at its edge, about to fly on) is within `spot_reach` hexes
    /// of an enemy plane on the board or at its edge (every step is a
    /// command, so none passes by unseen; a plane fires only at a plane
    /// next to it, at the edge too, so with a reach of two or more none
    /// fires or is fired on face down). True if any was.
    fn spot(&mut self) -> bool {
        let reach = self.scenario().spot_reach as u32;
        let mut spotted = Vec::new();
        for (i, p) in self.planes().iter().enumerate() {
            let Some(k) = p.formation else {
                continue;
            };
            let Some((h, _, _)) = self.position(PlaneId(i as u8)) else {
                continue;
            };
            if spotted.contains(&k) {
                continue;
            }
            let seen = (0..self.planes().len()).any(|j| {
                self.plane(PlaneId(j as u8)).side != p.side
                    && self
                        .position(PlaneId(j as u8))
                        .is_some_and(|(eh, _, _)| eh.unsigned_distance_to(h) <= reach)
            });
            if seen {
                spotted.push(k);
            }
        }
        for &formation in &spotted {
            self.emit(Event::Spotted { formation });
        }
        !spotted.is_empty()
    }

    fn do_step(&mut self, step: Step) {
        let m = self.active_move().expect("checked");
        let (hex, facing, staged) = self.position(m.plane).expect("checked");
        let mover = self.mover(m.plane);
        let to = movement::step_to(
            self.board(),
            &mover,
            hex,
            facing,
            step,
            staged,
            m.remaining(),
        )
        .expect("checked");
        match to {
            StepTo::Exit { end, .. } => {
                let plane = m.plane;
                self.emit(Event::Exited { plane, step, end });
                let p = self.plane(plane);
                let enemy_end = self.scenario().end_of(p.side.other());
                if p.role == Role::Bomber && !p.damaged && end == enemy_end {
                    let n = self.scenario().rules.bomb_dice;
                    let rolls: Vec<u8> = (0..n).map(|_| self.roll(DieKind::Bomb)).collect();
                    let points = rolls.iter().map(|&r| r as u32).sum();
                    self.emit(Event::Bombed {
                        plane,
                        rolls,
                        points,
                    });
                }
                self.emit(Event::MoveEnded { plane });
            }
            StepTo::Move {
                to, facing, cost, ..
            } => {
                self.emit(Event::Stepped {
                    plane: m.plane,
                    step,
                    to,
                    facing,
                    cost,
                });
                if m.remaining() == cost && !self.can_attack_now() {
                    self.emit(Event::MoveEnded { plane: m.plane });
                }
            }
        }
    }

    fn fire(&mut self, table: &FireTable, kind: DieKind) -> (u8, Outcome) {
        let roll = self.roll(kind);
        (roll, table[roll as usize - 1])
    }

    fn do_attack(&mut self, target: PlaneId) {
        let m = self.active_move().expect("checked");
        let preview = self.preview_attack(target).expect("checked");
        let attacker = m.plane;
        let (roll, outcome) = self.fire(&preview.attack, DieKind::Attack);
        let (return_roll, return_outcome) = match preview.returned {
            Some(t) => {
                let (r, o) = self.fire(&t, DieKind::ReturnFire);
                (Some(r), o)
            }
            None => (None, Outcome::Miss),
        };
        self.emit(Event::Fired {
            attacker,
            target,
            angle: preview.angle,
            roll,
            outcome,
            return_roll,
            return_outcome,
        });
        // Simultaneous: both results land together; both planes may be destroyed.
        self.hit(target, outcome, attacker);
        self.hit(attacker, return_outcome, target);
        let after = self.plane(attacker);
        if after.loc == Loc::Destroyed || m.remaining() == 0 {
            self.emit(Event::MoveEnded { plane: attacker });
            return;
        }
        let (hex, facing) = after.on_board().expect("attacker on board");
        let mover = self.mover(attacker);
        let ok = self.search().borrow_mut().can_finish(
            self.board(),
            &mover,
            hex,
            facing,
            m.remaining(),
            false,
        );
        if !ok {
            self.emit(Event::Destroyed {
                plane: attacker,
                loss: Loss::CannotMove,
            });
            self.emit(Event::MoveEnded { plane: attacker });
        }
    }

    fn hit(&mut self, plane: PlaneId, outcome: Outcome, by: PlaneId) {
        match Effect::of(outcome, self.plane(plane).damaged) {
            Effect::Miss => {}
            Effect::Damaged => self.emit(Event::Damaged { plane }),
            Effect::ShotDown => {
                let loss = if outcome == Outcome::Kill {
                    Loss::Killed { by }
                } else {
                    Loss::DamagedAgain { by }
                };
                self.emit(Event::Destroyed { plane, loss });
            }
        }
    }

    pub(super) fn begin_attack(&mut self, attack: u8) {
        self.emit(Event::AttackBegan { attack });
        if attack > 1 {
            // Repair shop: 3-6 returns a plane to its squadron.
            let min = self.scenario().rules.repair_min;
            self.roll_each(
                Loc::Repair,
                DieKind::Repair,
                min,
                |plane, roll, returned| Event::RepairRolled {
                    plane,
                    roll,
                    returned,
                },
            );
        }
        if attack == 1 && self.scenario().opening == Opening::Placed {
            let mut placed = Vec::new();
            let mut i = 0;
            for unit in &self.scenario().units {
                for p in &unit.planes {
                    if let (Some((c, r)), Some(f)) = (p.at, p.facing) {
                        placed.push((i, crate::common::hex::hex_from_offset(c, r), f, p.damaged));
                    }
                    i += 1;
                }
            }
            for (i, hex, facing, damaged) in placed {
                self.emit(Event::Placed {
                    plane: PlaneId(i as u8),
                    hex,
                    facing,
                    damaged,
                });
            }
            return;
        }
        if attack == 1 && self.scenario().opening == Opening::Scramble {
            for i in 0..self.planes().len() {
                if self.planes()[i].loc == Loc::Hangar {
                    self.emit(Event::Scrambled {
                        plane: PlaneId(i as u8),
                    });
                }
            }
        } else {
            // Activation: each plane's colour die, 3-6 activates.
            let min = self.scenario().rules.activation_min;
            self.roll_each(
                Loc::Hangar,
                DieKind::Activation,
                min,
                |plane, roll, activated| Event::ActivationRolled {
                    plane,
                    roll,
                    activated,
                },
            );
        }
        for side in [Side::German, Side::British] {
            if self
                .planes()
                .iter()
                .any(|p| p.side == side && p.loc == Loc::Activated)
            {
                self.emit(Event::EntryBegan { side });
                return;
            }
        }
    }

    /// One die for each plane at `at`, in plane order; `min` or more succeeds.
    fn roll_each(
        &mut self,
        at: Loc,
        kind: DieKind,
        min: u8,
        event: impl Fn(PlaneId, u8, bool) -> Event,
    ) {
        for i in 0..self.planes().len() {
            if self.planes()[i].loc == at {
                let roll = self.roll(kind);
                self.emit(event(PlaneId(i as u8), roll, roll >= min));
            }
        }
    }

    fn raid_is_over(&self) -> bool {
        let rules = &self.scenario().rules;
        let flying = |p: &&Plane| p.is_flying() || p.loc == Loc::Activated;
        let any = self.planes().iter().any(|p| flying(&p));
        if self.scenario().is_fighter_battle() {
            // (R) A fighter battle is over when a side has no plane left on
            // the board or waiting to enter, or when both have broken off:
            // every plane still flying is damaged and heading home.
            let side_left = |s: Side| self.planes().iter().any(|p| p.side == s && flying(&p));
            let whole = self.planes().iter().any(|p| flying(&p) && !p.damaged);
            return !side_left(Side::German) || !side_left(Side::British) || !whole;
        }
        let bombers = self
            .planes()
            .iter()
            .filter(flying)
            .any(|p| p.role == Role::Bomber);
        !any || (rules.raid_ends_without_bombers && !bombers)
    }

    fn end_attack(&mut self) {
        for i in 0..self.planes().len() {
            if self.planes()[i].is_flying() {
                self.emit(Event::BrokeOff {
                    plane: PlaneId(i as u8),
                });
            }
        }
        let attack = self.attack();
        self.emit(Event::AttackEnded {
            attack,
            score: self.score(),
        });
        if attack < self.scenario().rules.attacks {
            self.begin_attack(attack + 1);
        } else {
            self.finish_game();
        }
    }

    fn finish_game(&mut self) {
        let winner = if self.scenario().is_fighter_battle() {
            self.fighter_battle_winner()
        } else if self.score() >= self.scenario().rules.target_points {
            Side::German
        } else {
            Side::British
        };
        self.emit(Event::GameOver {
            winner,
            score: self.score(),
        });
    }

    /// (R) A fighter battle is won by the side that shot down more of the
    /// other's planes, then damaged more; even, it goes to the RAF: the
    /// sweep did not clear the sky.
    fn fighter_battle_winner(&self) -> Side {
        let hurt = |side: Side| {
            let of = self.planes().iter().filter(|p| p.side == side);
            let down = of.clone().filter(|p| p.loc == Loc::Destroyed).count();
            let damaged = of.filter(|p| p.loc != Loc::Destroyed && p.damaged).count();
            (down, damaged)
        };
        if hurt(Side::British) > hurt(Side::German) {
            Side::German
        } else {
            Side::British
        }
    }

    /// Some plane of `side` waits to be placed at its edge.
    fn has_activated(&self, side: Side) -> bool {
        self.planes()
            .iter()
            .any(|p| p.side == side && p.loc == Loc::Activated)
    }

    /// Runs the sequence of play until a player's decision is needed.
    pub(super) fn advance(&mut self) {
        loop {
            match self.phase() {
                Phase::Over { .. } => return,
                Phase::Moving(_) => return,
                Phase::Entry { side } if self.has_activated(side) => return,
                Phase::Entry { .. } | Phase::Between => {
                    // The Luftwaffe places its squadrons first, then the RAF
                    // (the phase left entry as the last one was placed).
                    if let Some(side) = [Side::German, Side::British]
                        .into_iter()
                        .find(|&s| self.has_activated(s))
                    {
                        self.emit(Event::EntryBegan { side });
                        continue;
                    }
                    let rules = &self.scenario().rules;
                    let stops = rules.stop_at_target || self.options().ends_at_target;
                    if stops && self.score() >= rules.target_points {
                        self.finish_game();
                        continue;
                    }
                    if self.raid_is_over() {
                        self.end_attack();
                        continue;
                    }
                    let next = self
                        .move_order()
                        .iter()
                        .copied()
                        .find(|&id| !self.plane(id).moved && self.plane(id).is_flying());
                    match next {
                        Some(plane) if self.round() > 0 => self.begin_move(plane),
                        _ => {
                            if self.round() >= self.scenario().rules.max_rounds_per_attack {
                                self.end_attack();
                            } else {
                                self.emit(Event::RoundBegan {
                                    round: self.round() + 1,
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    /// (R) When a side starts to move in a round (none of its planes has
    /// moved yet), the speed dice of all its planes still to move are rolled
    /// together, in move order: "Activation/movement dice: 4d6—Red, White,
    /// Blue, Yellow", of which "it is only necessary to roll the colored dice
    /// that correspond to the colors of the planes activated on the board".
    /// Nothing hidden is left in its moves then, so they can be taken back.
    fn roll_side_speed(&mut self, side: Side) {
        let started = self.planes().iter().any(|p| p.side == side && p.moved);
        if started {
            return;
        }
        let order = self.move_order().to_vec();
        for plane in order {
            let p = self.plane(plane);
            let rolled =
                matches!(self.aircraft(plane).speed, Speed::D6Plus(_)) && p.formation.is_none();
            if p.side == side && p.is_flying() && !p.moved && rolled && p.speed_roll.is_none() {
                let roll = self.roll(DieKind::Speed);
                self.emit(Event::SpeedRolled { plane, roll });
            }
        }
    }

    fn begin_move(&mut self, plane: PlaneId) {
        if self.options().speed_dice == SpeedDice::EachSide {
            self.roll_side_speed(self.plane(plane).side);
        }
        let p = self.plane(plane);
        let a = &self.scenario().aircraft[p.aircraft];
        let slowed = p.damaged && p.damaged_round < self.total_rounds();
        let penalty = if slowed {
            self.scenario().rules.damaged_speed_penalty
        } else {
            0
        };
        let rolled = p.speed_roll;
        let (speed_roll, base) = match a.speed {
            // Face down: the formation's pace, no die.
            _ if p.formation.is_some() => (None, self.scenario().formation_speed),
            Speed::Fixed(n) => (None, n),
            Speed::D6Plus(n) => {
                // Rolled with its side's, or now (the earlier rule).
                let r = match rolled {
                    Some(r) => r,
                    None => self.roll(DieKind::Speed),
                };
                (Some(r), r + n)
            }
        };
        let allowance = base.saturating_sub(penalty).max(1);
        self.move_begun();
        self.emit(Event::MoveBegan {
            plane,
            speed_roll,
            allowance,
        });
        let (hex, facing, staged) = self.position(plane).expect("flying plane");
        let mover = self.mover(plane);
        let ok = self.search().borrow_mut().can_finish(
            self.board(),
            &mover,
            hex,
            facing,
            allowance,
            staged,
        );
        if !ok {
            // "If a plane cannot move it is destroyed."
            self.emit(Event::Destroyed {
                plane,
                loss: Loss::CannotMove,
            });
            self.emit(Event::MoveEnded { plane });
        }
    }
}
