//! What the rules tell a player (or the opponent) before a command: where the
//! active plane can reach, the attack angle and dice of a shot, and the odds
//! of the return fire. The screens and the opponents ask here, never work it
//! out themselves.

use super::{
    Angle, FireTable, Game, Illegal, Loc, Mover, Node, Outcome, Plane, PlaneId, Role, Search, Side,
    State, Step,
};
use crate::common::hex::{End, Facing, Link};
use hexx::Hex;

/// The dice an attack would roll and what each face does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackPreview {
    pub angle: Angle,
    pub attack: FireTable,
    /// The target's return fire, if its guns bear on the attacker.
    pub returned: Option<FireTable>,
}

/// What a face of a combat die does to the plane it is fired at, with its
/// damage taken into account: "A 6 always kills and the other numbers
/// represent a hit with damage", and a damaged plane hit again is destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    Miss,
    Damaged,
    ShotDown,
}

impl Effect {
    /// What a die's outcome does to a plane: a hit on a damaged plane
    /// shoots it down.
    pub fn of(outcome: Outcome, damaged: bool) -> Effect {
        match outcome {
            Outcome::Miss => Effect::Miss,
            Outcome::Damage if damaged => Effect::ShotDown,
            Outcome::Damage => Effect::Damaged,
            Outcome::Kill => Effect::ShotDown,
        }
    }

    /// As a player reads it on the forecast.
    pub fn name(self) -> &'static str {
        match self {
            Effect::Miss => "miss",
            Effect::Damaged => "damages",
            Effect::ShotDown => "shoots down",
        }
    }
}

/// One plane's die in an attack: who fires at whom, and what each face
/// (1 to 6) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fire {
    pub shooter: PlaneId,
    pub target: PlaneId,
    pub faces: [Effect; 6],
}

impl Fire {
    /// The faces (1 to 6) that have `effect`.
    pub fn faces_with(&self, effect: Effect) -> impl Iterator<Item = u8> + '_ {
        (1..=6u8).filter(move |&f| self.faces[f as usize - 1] == effect)
    }

    /// How many of the six faces have `effect`.
    pub fn sixths(&self, effect: Effect) -> u8 {
        self.faces_with(effect).count() as u8
    }
}

/// Why a target does not fire back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoReturn {
    /// Its guns do not bear on the attacker's hex.
    GunsDoNotBear,
    /// Crane's variant: a damaged bomber's gunners are silent.
    Silenced,
}

/// An attack before it is made, as both dice will be rolled at once: the
/// attacker's die on the target and the target's return fire, each face's
/// effect given the planes' damage now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forecast {
    pub angle: Angle,
    pub attack: Fire,
    pub returned: Result<Fire, NoReturn>,
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
            // Only a plane standing on its own cell: one in the middle of
            // its move is lifted off the mat, and the hex under it may be
            // another plane's (it may fly over them).
            at: p
                .on_board()
                .map(|(h, _)| h)
                .filter(|&h| self.board().get(h) == Some(&id)),
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
        Ok(self.preview_at(target, angle))
    }

    /// The dice of an attack on `target` from `angle` (the position rules
    /// aside): the attacker's table and the target's return fire.
    pub fn preview_at(&self, target: PlaneId, angle: Angle) -> AttackPreview {
        let rules = &self.scenario().rules;
        let attack = match angle {
            Angle::Front => rules.attack_fire.front,
            Angle::FrontFlank | Angle::RearFlank => rules.attack_fire.flank,
            Angle::Rear => rules.attack_fire.rear,
        };
        let returned = match self.guns_bear(target, angle) {
            Some(table) if !self.silenced(target) => Some(table),
            _ => None,
        };
        AttackPreview {
            angle,
            attack,
            returned,
        }
    }

    /// The target's return fire on an attacker at `angle`, if its guns bear
    /// (forward guns on the front, rear gunners on the rear and rear flank),
    /// whether or not it may fire them.
    fn guns_bear(&self, target: PlaneId, angle: Angle) -> Option<FireTable> {
        let rules = &self.scenario().rules;
        let gunner = self.aircraft(target).rear_gunner;
        let nose = self.plane(target).role == Role::Bomber
            && rules.return_fire.front_flank != [Outcome::Miss; 6];
        match angle {
            Angle::Front => Some(rules.return_fire.forward),
            Angle::FrontFlank if nose => Some(rules.return_fire.front_flank),
            Angle::Rear if gunner => Some(rules.return_fire.rear),
            Angle::RearFlank if gunner => Some(rules.return_fire.rear_flank),
            _ => None,
        }
    }

    /// Crane's variant: a damaged bomber's gunners are silent.
    fn silenced(&self, target: PlaneId) -> bool {
        let t = self.plane(target);
        self.options().damaged_bombers_cannot_defend && t.role == Role::Bomber && t.damaged
    }

    /// The forecast of an attack (see [`Forecast`]) whose dice are `pv`.
    pub fn forecast(&self, attacker: PlaneId, target: PlaneId, pv: &AttackPreview) -> Forecast {
        let returned = match (pv.returned, self.guns_bear(target, pv.angle)) {
            (Some(table), _) => Ok(self.effects(target, attacker, &table)),
            (None, Some(_)) if self.silenced(target) => Err(NoReturn::Silenced),
            (None, _) => Err(NoReturn::GunsDoNotBear),
        };
        Forecast {
            angle: pv.angle,
            attack: self.effects(attacker, target, &pv.attack),
            returned,
        }
    }

    /// The forecast of an attack by the active plane on `target` now.
    pub fn forecast_attack(&self, target: PlaneId) -> Result<Forecast, Illegal> {
        let pv = self.preview_attack(target)?;
        let attacker = self.active_move().expect("previewed").plane;
        Ok(self.forecast(attacker, target, &pv))
    }

    /// What each face of `shooter`'s die does to `target` as it is now.
    fn effects(&self, shooter: PlaneId, target: PlaneId, table: &FireTable) -> Fire {
        let damaged = self.plane(target).damaged;
        Fire {
            shooter,
            target,
            faces: table.map(|o| Effect::of(o, damaged)),
        }
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

    /// `reach` without the finish tables, for the opponent: ask
    /// `Search::first_valid_lazy` rather than `valid` or `first_valid`.
    pub(crate) fn reach_lazy(&self) -> Option<std::cell::RefMut<'_, Search>> {
        let m = self.active_move()?;
        let (hex, facing, staged) = self.position(m.plane)?;
        let mut search = self.search().borrow_mut();
        search.reach_only(
            self.board(),
            &self.mover(m.plane),
            (hex, facing),
            staged,
            m.remaining(),
        );
        Some(search)
    }
}

/// One hex the active plane can reach this move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reach {
    pub hex: Hex,
    /// The move can end here.
    pub end: bool,
    /// Moves left on arrival (the most any path leaves).
    pub left: u8,
}

/// An attack the active plane can make: fly `path`, then fire from `from`.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOption {
    pub target: PlaneId,
    pub path: Vec<Step>,
    pub from: Hex,
    pub preview: AttackPreview,
}

/// Everything the active plane can do this move, as the rules see it: the
/// hexes in reach, each way to end the move (the hex beyond the mat for an
/// exit) with its facing and path, and the best attack on each enemy.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveOptions {
    pub reach: Vec<Reach>,
    pub ends: Vec<(Hex, Facing, Vec<Step>)>,
    pub attacks: Vec<AttackOption>,
}

/// What a plane is worth to the side that shoots it down (in kills).
pub fn worth(p: &Plane) -> f32 {
    match (p.role, p.side) {
        (Role::Bomber, _) => 10.0,
        (Role::Fighter, Side::British) => 6.0,
        (Role::Fighter, Side::German) => 4.0,
    }
}

/// Chances (0 to 1) of (damage, kill) with a fire table.
pub fn odds(t: &FireTable) -> (f32, f32) {
    let (d, k) = AttackPreview::sixths(t);
    (d as f32 / 6.0, k as f32 / 6.0)
}

impl State {
    /// What an attack is worth to the attacker: the target's expected loss
    /// less the attacker's under the return fire. The opponent and the
    /// screen rank attacks by it.
    pub fn attack_value(&self, attacker: PlaneId, target: PlaneId, pv: &AttackPreview) -> f32 {
        let (me, t) = (self.plane(attacker), self.plane(target));
        let (d, k) = odds(&pv.attack);
        let gain = k * self.worth_now(t) + d * self.damage_cost(t);
        let risk = pv.returned.map_or(0.0, |r| {
            let (rd, rk) = odds(&r);
            rk * self.worth_now(me) + rd * self.damage_cost(me)
        });
        gain - risk
    }

    /// What a plane is still worth to its side: `worth` while it is whole. A
    /// damaged plane is out of this attack (a bomber no longer bombs, a
    /// fighter turns for home); it is worth what it may do again after the
    /// repair shop in a later attack, or a tenth (its guns) in the last.
    pub fn worth_now(&self, p: &Plane) -> f32 {
        if let Some(w) = self.scenario().plane_worth {
            return if p.damaged { w / 2.0 } else { w };
        }
        if !p.damaged {
            return worth(p);
        }
        let rules = &self.scenario().rules;
        if self.attack() < rules.attacks {
            let repaired = (7 - rules.repair_min.clamp(1, 7)) as f32 / 6.0;
            worth(p) * repaired * 0.5
        } else {
            worth(p) * 0.1
        }
    }

    /// What damage costs a plane's side: the rest of its worth if it is
    /// already damaged (damage destroys it), else what damage takes away.
    pub fn damage_cost(&self, p: &Plane) -> f32 {
        if p.damaged {
            return self.worth_now(p);
        }
        let mut hurt = p.clone();
        hurt.damaged = true;
        // Its type's worth, whatever a campaign battle's plane worth: the
        // reading the campaign's zoom table (data version 11) was measured
        // with (docs/RULES.md, "The same war on every board").
        worth(p) - self.worth_now(&hurt)
    }
}

impl Game {
    /// What the active plane can do this move (None if no plane is moving).
    pub fn move_options(&self) -> Option<MoveOptions> {
        let m = self.active_move()?;
        let me = self.plane(m.plane).clone();
        let board = self.board().clone();
        let search = self.reach()?;
        let rem = m.remaining();
        let mut out = MoveOptions::default();
        let mut path = Vec::new();
        for cell in 0..board.len() as u16 {
            let hex = board.cell_hex(cell);
            let mut best: Option<Reach> = None;
            for f in Facing::ALL {
                for u in 1..=rem {
                    if search.valid(cell, f, u) {
                        let end = u == rem && board.cell_is_free(cell);
                        if end {
                            search.path(&board, cell, f, u, &mut path);
                            out.ends.push((hex, f, path.clone()));
                        }
                        best = Some(Reach {
                            hex,
                            end: end || best.is_some_and(|b| b.end),
                            left: best.map_or(rem - u, |b| b.left.max(rem - u)),
                        });
                    }
                }
            }
            out.reach.extend(best);
        }
        // Leaving the mat: the hex beyond the edge is where the move ends.
        for end in [End::North, End::South] {
            if let Some(x) = search.exit(end) {
                search.path(&board, x.cell, x.facing, x.used, &mut path);
                path.push(x.step);
                let f = x.step.turn(x.facing);
                let beyond = f.ahead(board.cell_hex(x.cell));
                out.ends.push((beyond, f, path.clone()));
                out.reach.push(Reach {
                    hex: beyond,
                    end: true,
                    left: 0,
                });
            }
        }
        // Attacks: from where it is, or from any hex in reach that faces the
        // target; the best by `attack_value`, then the shortest flight.
        if me.role == Role::Fighter && !m.attacked {
            let here = me.on_board();
            for (ti, t) in self.planes().iter().enumerate() {
                let target = PlaneId(ti as u8);
                let Some((thex, _)) = t.on_board() else {
                    continue;
                };
                if t.side == me.side {
                    continue;
                }
                let mut best: Option<(f32, AttackOption)> = None;
                let mut consider = |from: Hex, facing: Facing, path: Vec<Step>| {
                    if let Ok(pv) = self.preview_from(m.plane, from, facing, target) {
                        let value = self.attack_value(m.plane, target, &pv);
                        let better = best.as_ref().is_none_or(|(bv, b)| {
                            value > *bv || (value == *bv && path.len() < b.path.len())
                        });
                        if better {
                            best = Some((
                                value,
                                AttackOption {
                                    target,
                                    path,
                                    from,
                                    preview: pv,
                                },
                            ));
                        }
                    }
                };
                if let Some((h, f)) = here {
                    if m.used > 0 && self.preview_attack(target).is_ok() {
                        consider(h, f, Vec::new());
                    }
                }
                let tcell = board.index(thex).expect("on board") as u16;
                for d in Facing::ALL {
                    if let Link::Cell(c) = board.link(tcell, d) {
                        if !board.cell_is_free(c) {
                            continue;
                        }
                        for f in Facing::ALL {
                            if let Some(u) = search.first_valid(c, f, 1) {
                                search.path(&board, c, f, u, &mut path);
                                consider(board.cell_hex(c), f, path.clone());
                            }
                        }
                    }
                }
                out.attacks.extend(best.map(|(_, a)| a));
            }
        }
        Some(out)
    }
}
