//! What the rules tell a player (or the opponent) before a command: where the
//! active plane can reach, the attack angle and dice of a shot, and the odds
//! of the return fire. The screens and the opponents ask here, never work it
//! out themselves.

use super::{
    Angle, FireTable, Game, Illegal, Loc, Mover, Node, Outcome, PlaneId, Role, Search, State,
};
use crate::common::hex::Facing;
use hexx::Hex;

/// The dice an attack would roll and what each face does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackPreview {
    pub angle: Angle,
    pub attack: FireTable,
    /// The target's return fire, if its guns bear on the attacker.
    pub returned: Option<FireTable>,
}

impl AttackPreview {
    /// Chances (in sixths) of (damage, kill) for a table.
    pub fn sixths(table: &FireTable) -> (u8, u8) {
        let d = table.iter().filter(|o| **o == Outcome::Damage).count() as u8;
        let k = table.iter().filter(|o| **o == Outcome::Kill).count() as u8;
        (d, k)
    }
}

impl State {
    /// How the active plane may move (home end, damage, loop).
    pub fn mover(&self, id: PlaneId) -> Mover {
        let p = self.plane(id);
        let a = &self.scenario().aircraft[p.aircraft];
        Mover {
            home: self.scenario().end_of(p.side),
            damaged: p.damaged,
            can_loop: a.can_loop() && !p.damaged,
            loop_cost: self.scenario().rules.immelmann_cost,
        }
    }

    /// The active plane's position: its hex (the off-board entry hex when
    /// staged), facing, and whether it is still waiting at the edge.
    pub fn position(&self, id: PlaneId) -> Option<(Hex, Facing, bool)> {
        let p = self.plane(id);
        match p.loc {
            Loc::Board { hex, facing } => Some((hex, facing, false)),
            Loc::Staged { column } => {
                let end = self.scenario().end_of(p.side);
                Some((
                    self.board().entry_hex(end, column as u32),
                    end.opposite().facing_toward(),
                    true,
                ))
            }
            _ => None,
        }
    }

    /// The attack angle of an attacker at `from` on `target`.
    pub fn angle_from(&self, target: PlaneId, from: Hex) -> Option<Angle> {
        let (thex, tfacing) = self.planes().get(target.0 as usize)?.on_board()?;
        let d = Facing::between(thex, from)?;
        Some(match tfacing.turns_to(d) {
            0 => Angle::Front,
            1 => Angle::FrontFlank,
            2 => Angle::RearFlank,
            _ => Angle::Rear,
        })
    }

    /// The dice of an attack by `attacker` standing at `from` facing `facing`
    /// on `target`, or why it may not fire there (position rules only).
    pub fn preview_from(
        &self,
        attacker: PlaneId,
        from: Hex,
        facing: Facing,
        target: PlaneId,
    ) -> Result<AttackPreview, Illegal> {
        let n = self.planes().len();
        if attacker.0 as usize >= n || target.0 as usize >= n {
            return Err(Illegal::NoSuchPlane);
        }
        let a = self.plane(attacker);
        let t = self.plane(target);
        if t.side == a.side {
            return Err(Illegal::TargetNotEnemy);
        }
        if t.on_board().is_none() {
            return Err(Illegal::TargetNotOnBoard);
        }
        let angle = self
            .angle_from(target, from)
            .ok_or(Illegal::TargetNotAdjacent)?;
        let (thex, _) = t.on_board().expect("checked above");
        if self.scenario().rules.attacker_must_face_target && facing.ahead(from) != thex {
            return Err(Illegal::TargetNotAhead);
        }
        let rules = &self.scenario().rules;
        let attack = match angle {
            Angle::Front => rules.attack_fire.front,
            Angle::FrontFlank | Angle::RearFlank => rules.attack_fire.flank,
            Angle::Rear => rules.attack_fire.rear,
        };
        let tt = &self.scenario().aircraft[t.aircraft];
        let silenced =
            self.options().damaged_bombers_cannot_defend && t.role == Role::Bomber && t.damaged;
        let returned = if silenced {
            None
        } else {
            match angle {
                Angle::Front => Some(rules.return_fire.forward),
                Angle::Rear if tt.rear_gunner => Some(rules.return_fire.rear),
                Angle::RearFlank if tt.rear_gunner => Some(rules.return_fire.rear_flank),
                _ => None,
            }
        };
        Ok(AttackPreview {
            angle,
            attack,
            returned,
        })
    }

    /// The dice of an attack by the active plane on `target` now.
    pub fn preview_attack(&self, target: PlaneId) -> Result<AttackPreview, Illegal> {
        let m = self.active_move().ok_or(Illegal::NotMovingPhase)?;
        let a = self.plane(m.plane);
        if a.role != Role::Fighter {
            return Err(Illegal::NotAFighter);
        }
        if m.attacked {
            return Err(Illegal::AlreadyFired);
        }
        if m.used == 0 {
            return Err(Illegal::MustMoveFirst);
        }
        let (hex, facing) = a.on_board().ok_or(Illegal::MustMoveFirst)?;
        if !self.board().is_free(hex) {
            return Err(Illegal::CannotStopHere);
        }
        self.preview_from(m.plane, hex, facing, target)
    }

    pub(super) fn for_each_target(&self, mut f: impl FnMut(PlaneId)) {
        let Some(m) = self.active_move() else { return };
        let Some((hex, _)) = self.plane(m.plane).on_board() else {
            return;
        };
        for d in Facing::ALL {
            if let Some(&t) = self.board().get(d.ahead(hex)) {
                if self.preview_attack(t).is_ok() {
                    f(t);
                }
            }
        }
    }

    pub(super) fn can_attack_now(&self) -> bool {
        let mut any = false;
        self.for_each_target(|_| any = true);
        any
    }
}

impl Game {
    /// Every state the active plane can reach this move (see `Search::explore`).
    pub fn explore(&self, nodes: &mut Vec<Node>) {
        nodes.clear();
        let Some(m) = self.active_move() else { return };
        let Some((hex, facing, staged)) = self.position(m.plane) else {
            return;
        };
        self.search().borrow_mut().explore(
            self.board(),
            &self.mover(m.plane),
            (hex, facing),
            staged,
            m.remaining(),
            nodes,
        );
    }

    /// Works out everything the active plane can reach this move and hands back
    /// the search to ask about it (`Search::valid`, `each_end`, `exit`, `path`).
    pub fn reach(&self) -> Option<std::cell::Ref<'_, Search>> {
        let m = self.active_move()?;
        let (hex, facing, staged) = self.position(m.plane)?;
        self.search().borrow_mut().reach(
            self.board(),
            &self.mover(m.plane),
            (hex, facing),
            staged,
            m.remaining(),
        );
        Some(self.search().borrow())
    }
}
