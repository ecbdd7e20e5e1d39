//! A night Blitz campaign as a game: the nights from the Coventry raid to
//! the tour's end, each mission flown zone by zone through the tables, the
//! crew deciding (route, height, evasive action, abort, bomb or jettison)
//! and the game's own seeded dice throwing every table. A game is its
//! tables, setup, seed and commands (docs/RULES.md, "The night Blitz").

use super::bomber::{Abort, Heading, Leg};
use super::crew::{relieve_pilot, Position, Relief, Wound};
use super::defences::{Detection, Evasion, Fighter, Flak, Interception, Situation};
use super::event::{words, Cause, Command, Ending, Event, Illegal, Phase, TableId, Thrown};
use super::flight::{Failure, Icing, Lightning, TakeOff, Weather};
use super::map::{Zone, ZoneKind};
use super::mission_end::{Beam, BombRun, Fate, Jump, Landing};
use super::nights::{Night, Orders};
use super::state::{self, Setup, State};
use super::table::Rolled;
use super::Tables;
use crate::common::dice::Dice;
use crate::common::game::{replayed, GameKind, Rules};
use std::fmt::Debug;
use std::sync::Arc;

/// Who decides: the crew (the only seat; the tables play the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Crew,
}

/// A campaign: the state, the dice and the record. It reads as its state.
#[derive(Clone)]
pub struct Game {
    state: State,
    seed: u64,
    dice: Dice,
    events: Vec<Event>,
    keep_events: bool,
    commands: Vec<Command>,
    command_rolled: Vec<bool>,
    rolled: bool,
}

impl std::ops::Deref for Game {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl Game {
    pub fn new(tables: Arc<Tables>, setup: Setup, seed: u64) -> Game {
        Game::build(tables, setup, seed, true)
    }

    /// The same game without the event log (for bulk simulation).
    pub fn new_quiet(tables: Arc<Tables>, setup: Setup, seed: u64) -> Game {
        Game::build(tables, setup, seed, false)
    }

    fn build(tables: Arc<Tables>, setup: Setup, seed: u64, keep: bool) -> Game {
        let first = tables.calendar.first_night;
        let mut g = Game {
            state: State::new(tables, setup),
            seed,
            dice: if keep {
                Dice::new(seed)
            } else {
                Dice::without_log(seed)
            },
            events: Vec::new(),
            keep_events: keep,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolled: false,
        };
        g.start_night(first);
        g
    }

    /// The same game before its first command.
    pub fn restart(&self) -> Game {
        Game::build(
            self.state.tables().clone(),
            self.state.setup().clone(),
            self.seed,
            self.keep_events,
        )
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// A copy to try the future on (`forecast`): the same position with
    /// no log and no record, throwing dice seeded by `seed` rather than
    /// the game's, so it tells nothing of the game's own coming throws.
    pub fn what_if(&self, seed: u64) -> Game {
        Game {
            state: self.state.clone(),
            seed,
            dice: Dice::without_log(seed),
            events: Vec::new(),
            keep_events: false,
            commands: Vec::new(),
            command_rolled: Vec::new(),
            rolled: false,
        }
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    fn emit(&mut self, ev: Event) {
        state::apply(&mut self.state, &ev);
        if self.keep_events {
            self.events.push(ev);
        }
    }

    /// The game's dice, marking the command as one that rolled.
    fn dice(&mut self) -> &mut Dice {
        self.rolled = true;
        &mut self.dice
    }

    fn thrown(&mut self, table: TableId, rolled: &Rolled, modifier: i16, read: impl Debug) {
        if self.keep_events {
            self.emit(Event::Thrown(Thrown {
                table,
                faces: rolled.faces.clone(),
                modifier,
                read: words(&format!("{read:?}")),
            }));
        }
    }

    fn t(&self) -> Arc<Tables> {
        self.state.tables().clone()
    }

    fn sit(&self) -> Situation {
        self.situation().expect("the bomber is flying")
    }

    /// A man at `p` who has not been killed this mission.
    fn alive(&self, p: Position) -> bool {
        self.state
            .crew()
            .at(p)
            .is_some_and(|m| m.wound != Some(Wound::Killed))
    }

    /// What the man at `p` adds from his experience (`what`: a pair of
    /// the crew file's `experience`).
    fn skill(&self, p: Position, what: (i16, i16)) -> i16 {
        let e = &self.t().crew.experience;
        self.state.crew().skill(p, e, what)
    }

    fn able(&self, p: Position) -> bool {
        self.state.crew().at(p).is_some_and(|m| m.able())
    }

    fn lost(&self) -> bool {
        self.state.mission().is_none_or(|m| m.ending.is_some())
    }

    /// The airfields: land zones of the Green Zone (N6 and N9 on the
    /// sheet's map).
    pub fn is_airfield(&self, z: Zone) -> bool {
        let map = &self.state.tables().map;
        map.is_green(z) && map.kind(z) == Some(ZoneKind::Land)
    }

    // ---- the nights ----

    /// From `night` on, the nights without a mission pass, to the next
    /// briefing or the end of the tour.
    fn start_night(&mut self, mut night: crate::blitz::Date) {
        let t = self.t();
        loop {
            if night > self.state.last_night() {
                self.emit(Event::Phase(Phase::Over));
                return;
            }
            if self.state.written_off() >= t.crew.write_offs as u32 {
                self.emit(Event::OffOperations);
                self.emit(Event::Phase(Phase::Over));
                return;
            }
            self.emit(Event::Night(night));
            let london = t.map.london();
            let london_name = t
                .map
                .cities()
                .find(|(c, _)| c.london)
                .map(|(c, _)| c.name.clone())
                .unwrap_or_default();
            let orders = if night == t.calendar.first_night || t.calendar.in_the_pause(night) {
                t.nights.night(
                    &t.calendar,
                    night,
                    self.state.last_mission(),
                    &london_name,
                    0,
                    0,
                )
            } else {
                let r = super::table::Throw::D100.roll(self.dice());
                let roll = r.total() as u8;
                let (a, b) = t.nights.no_mission;
                let other_needed = !(a..=b).contains(&roll)
                    && matches!(t.nights.mission_roll.get(roll as i16), Orders::OtherCity);
                let other = if other_needed {
                    Some(super::table::Throw::D100.roll(self.dice()))
                } else {
                    None
                };
                let o = t.nights.night(
                    &t.calendar,
                    night,
                    self.state.last_mission(),
                    &london_name,
                    roll,
                    other.as_ref().map_or(0, |o| o.total() as u8),
                );
                let read = match &o {
                    Night::Mission { city, why } => format!(
                        "{city}, {}",
                        match why {
                            crate::blitz::Why::FirstRaid => "the first raid",
                            crate::blitz::Why::Ordered => "ordered",
                            crate::blitz::Why::FollowUp => "a follow-up raid",
                        }
                    ),
                    Night::Stood { why } => {
                        format!("no mission ({})", words(&format!("{why:?}")))
                    }
                };
                self.thrown(TableId::A1, &r, 0, Raw(read.clone()));
                if let Some(other) = other {
                    self.thrown(TableId::A4, &other, 0, Raw(read));
                }
                o
            };
            match orders {
                Night::Mission { city, why } => {
                    let (c, target) = t.map.city(&city).expect("a city of the map");
                    let base = Zone::parse(&t.nights.base).expect("a checked base");
                    let fuel = if night == t.calendar.first_night {
                        t.nights.first_raid.1
                    } else {
                        t.nights.fuel.planned(base.steps_to(target))
                    };
                    self.emit(Event::Ordered {
                        city: city.clone(),
                        target,
                        london: c.london || target == london,
                        why,
                        fuel,
                        moon: t.calendar.moon(night),
                    });
                    self.emit(Event::Phase(Phase::Briefing));
                    return;
                }
                Night::Stood { why } => {
                    self.emit(Event::Stood(why));
                    night = night.next();
                }
            }
        }
    }

    // ---- take-off ----

    fn take_off(&mut self) {
        let t = self.t();
        let night = self.state.night();
        let spring = if t.calendar.is_spring(night) {
            t.flight.spring
        } else {
            0
        };
        let (r, bw) = t.flight.roll_base_weather(&t.calendar, night, self.dice());
        self.thrown(TableId::B1, &r, spring, bw);
        let weather = match bw {
            super::flight::BaseWeather::Scrubbed => return self.end(Ending::Scrubbed),
            super::flight::BaseWeather::Fly(w) => w,
        };
        self.emit(Event::BaseWeather(weather));
        let ([a, b], to) = t.flight.roll_take_off(self.dice());
        self.thrown(TableId::B3, &a, 0, to);
        self.thrown(TableId::B3, &b, 0, to);
        let base = Zone::parse(&t.nights.base).expect("a checked base");
        match to {
            TakeOff::Aborted => return self.end(Ending::StayedDown),
            TakeOff::Crashed => {
                self.emit(Event::TookOff(base));
                return self.crash(Cause::TakeOff);
            }
            TakeOff::Airborne => self.emit(Event::TookOff(base)),
        }
        let (r, g) = t.flight.roll_glitch(self.dice());
        self.thrown(TableId::B2, &r, 0, g);
        if g == super::flight::Glitch::TurnBack {
            self.emit(Event::Glitch);
        }
        self.next_move();
    }

    // ---- the flight ----

    /// What the crew decides next: a heading, or the landing, or coming
    /// down when the fuel is gone.
    fn next_move(&mut self) {
        if self.lost() {
            return;
        }
        let b = self.state.bomber().expect("flying").clone();
        if b.leg == Leg::Homebound && self.is_airfield(b.zone) {
            let map = &self.state.tables().map;
            let onward = Leg::Homebound
                .headings()
                .iter()
                .any(|h| h.from(b.zone, map).is_some());
            if !onward || b.fuel == 0 {
                return self.land();
            }
        }
        if b.fuel == 0 {
            return self.bail_out(Cause::Fuel);
        }
        self.emit(Event::Phase(Phase::Heading));
    }

    /// Into a zone: its weather (C-1, C-4 after a double), then the bad
    /// weather's decision or the night fighters.
    fn enter_zone(&mut self) {
        let t = self.t();
        let night = self.state.night();
        let spring = if t.calendar.is_spring(night) {
            t.flight.spring
        } else {
            0
        };
        let zw = t.flight.roll_zone_weather(&t.calendar, night, self.dice());
        self.thrown(TableId::C1, &zw.rolled, spring, zw.weather);
        self.emit(Event::Weather(zw.weather));
        if let Some((r, check)) = &zw.c4 {
            self.thrown(
                TableId::C4,
                r,
                0,
                Raw(if *check { "check Table K" } else { "nothing" }.into()),
            );
            if *check {
                self.failure();
            }
        }
        self.weather_decision();
    }

    /// In bad weather the crew decides, if it has a choice besides pressing
    /// on; then the weather's effects.
    fn weather_decision(&mut self) {
        let bad = self
            .state
            .mission()
            .is_some_and(|m| m.weather == Weather::Bad);
        if bad && !self.weather_choices().is_empty() {
            self.emit(Event::Phase(Phase::Weather));
            return;
        }
        self.weather_effects();
    }

    /// The decisions bad weather offers besides pressing on.
    fn weather_choices(&self) -> Vec<Command> {
        let Some(b) = self.state.bomber() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if b.leg == Leg::Outbound && b.fuel > 0 && self.back_heading().is_some() {
            out.push(Command::AvoidWeather);
        }
        if b.may_descend_for_weather(true) || (b.leg == Leg::Outbound && !b.low) {
            out.push(Command::Descend);
        }
        out
    }

    /// The heading back into the zone the bomber came from.
    fn back_heading(&self) -> Option<Heading> {
        let track = &self.state.mission()?.track;
        let [.., (from, _), (here, _)] = track.as_slice() else {
            return None;
        };
        let d = (
            from.row as i8 - here.row as i8,
            from.col as i8 - here.col as i8,
        );
        Heading::ALL.into_iter().find(|h| h.delta() == d)
    }

    /// Bad weather flown through: icing (C-2) and lightning (C-3), then the
    /// zone's defences.
    fn weather_effects(&mut self) {
        if self
            .state
            .mission()
            .is_some_and(|m| m.weather == Weather::Bad)
        {
            let t = self.t();
            if t.flight.headwind > 0 {
                self.emit(Event::Headwind(t.flight.headwind));
            }
            let low = self.state.bomber().is_some_and(|b| b.low);
            let m = if low { t.flight.low_altitude } else { 0 };
            let (r, icing) = t.flight.roll_icing(low, self.dice());
            self.thrown(TableId::C2, &r, m, icing);
            match icing {
                Icing::None => {}
                Icing::Light => self.emit(Event::FuelBurnt),
                Icing::Heavy => {
                    if !low {
                        self.emit(Event::Descended);
                    }
                }
                Icing::Disastrous => return self.bail_out(Cause::Weather),
            }
            let low = self.state.bomber().is_some_and(|b| b.low);
            let m = if low { t.flight.low_altitude } else { 0 };
            let (r, l) = t.flight.roll_lightning(low, self.dice());
            self.thrown(TableId::C3, &r, m, l);
            match l {
                Lightning::None => {}
                Lightning::BeamEquipment => self.emit(Event::Failed {
                    failure: Failure::BeamEquipment,
                    leak: t.flight.leak,
                }),
                Lightning::Strike => self.failure(),
            }
        }
        self.night_fighters(false);
    }

    /// C-8 and C-9 in the zone (never in the Green Zone), then C-10.
    fn night_fighters(&mut self, after_bombing: bool) {
        if self.lost() {
            return;
        }
        let t = self.t();
        let s = self.sit();
        if t.defences.night_fighters_hunt(&s) {
            let (r, m, d) = t.defences.detection.roll(&s, self.dice());
            self.thrown(TableId::C8, &r, m, d);
            if d == Detection::Detected {
                let (r, m, i) = t.defences.roll_interception(&s, self.dice());
                self.thrown(TableId::C9, &r, m, i);
                if i == Interception::Attacks {
                    let (r, m, fighter) = t.defences.roll_fighter(&s, self.dice());
                    self.thrown(TableId::C10, &r, m, fighter);
                    self.emit(Event::Phase(Phase::Attacked {
                        fighter,
                        attacks: 0,
                        after_bombing,
                    }));
                    return;
                }
            }
        }
        self.after_fighters(after_bombing);
    }

    fn after_fighters(&mut self, after_bombing: bool) {
        if self.lost() {
            return;
        }
        let m = self.state.mission().expect("flying");
        let b = m.bomber.as_ref().expect("flying");
        if !after_bombing && b.leg == Leg::Outbound && b.zone == m.target {
            return self.over_the_target();
        }
        self.next_move();
    }

    /// A fighter's attack: evasive action or not, the attack, and the one
    /// follow-up.
    fn attack(&mut self, fighter: Fighter, attacks: u8, after_bombing: bool, evade: bool) {
        let t = self.t();
        let mut shaken = false;
        if evade {
            let (r, e, collided) = t.defences.roll_evasion(self.dice());
            self.thrown(TableId::Evasion, &r, 0, e);
            if collided {
                return self.bail_out(Cause::Collision);
            }
            match e {
                Evasion::Escaped => return self.after_fighters(after_bombing),
                Evasion::Shaken => shaken = true,
                Evasion::Fails => {}
            }
        }
        let gunner = self.able(Position::Gunner);
        let skill = self.skill(Position::Gunner, t.crew.experience.return_fire);
        if let Some((r, m, a)) = t
            .defences
            .roll_attack(fighter, gunner, skill, shaken, self.dice())
        {
            self.thrown(TableId::Attack, &r, m, a);
            match a {
                super::defences::Attack::Miss => {}
                super::defences::Attack::Airframe => self.failure(),
                super::defences::Attack::Crewman => self.crew_hit(Cause::NightFighter),
                super::defences::Attack::ShotDown => return self.bail_out(Cause::NightFighter),
            }
            if self.lost() {
                return;
            }
        }
        if let Some((r, again)) = t.defences.roll_follow_up(attacks + 1, self.dice()) {
            self.thrown(
                TableId::FollowUp,
                &r,
                0,
                Raw(if again {
                    "comes round again"
                } else {
                    "breaks away"
                }
                .into()),
            );
            if again {
                self.emit(Event::Phase(Phase::Attacked {
                    fighter,
                    attacks: attacks + 1,
                    after_bombing,
                }));
                return;
            }
        }
        self.after_fighters(after_bombing);
    }

    /// Over the target: the beam (D-1), if the set and its operator work
    /// and it was never jammed; a jammed beam jettisons the bombs and
    /// forces the abort.
    fn over_the_target(&mut self) {
        let t = self.t();
        let b = self.state.bomber().expect("flying").clone();
        if b.beam_equipment && self.able(Position::Radio) {
            if let Some((r, beam)) = t.end.roll_beam(b.beam_jammed, self.dice()) {
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
    fn bomb_run(&mut self) {
        let t = self.t();
        let s = self.sit();
        let (r, m, lights) = t.defences.searchlights.roll(&s, self.dice());
        self.thrown(TableId::D2, &r, m, lights);
        self.emit(Event::Lights(lights));
        if !self.flak() {
            return;
        }
        let b = self.state.bomber().expect("flying");
        if b.leg == Leg::Outbound && b.bombs {
            self.emit(Event::Phase(Phase::Release));
        } else {
            self.next_move();
        }
    }

    /// D-3, and what it does; false if the bomber is lost.
    fn flak(&mut self) -> bool {
        let t = self.t();
        let s = self.sit();
        let (r, m, flak, downed) = t.defences.roll_flak(&s, self.dice());
        self.thrown(
            TableId::D3,
            &r,
            m,
            Raw(if downed {
                "shot down".into()
            } else {
                words(&format!("{flak:?}"))
            }),
        );
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
    fn release(&mut self) {
        let t = self.t();
        let lit = self.state.mission().map(|m| m.lights);
        if lit.is_some_and(|l| t.defences.second_flak.contains(&l)) && !self.flak() {
            return;
        }
        let flak = self
            .state
            .mission()
            .and_then(|m| m.flak)
            .unwrap_or(Flak::NoFlak);
        let b = self.state.bomber().expect("flying").clone();
        let m = self.state.mission().expect("flying");
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
        let skill = self.skill(Position::Bombardier, t.crew.experience.bomb_run);
        if let Some((r, md, run)) = t.end.roll_bomb_run(beam, &b, &s, skill, self.dice()) {
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
    fn failure(&mut self) {
        let t = self.t();
        let (r, f) = t.flight.roll_failure(self.dice());
        self.thrown(TableId::K, &r, 0, f);
        self.emit(Event::Failed {
            failure: f,
            leak: t.flight.leak,
        });
    }

    /// A crewman hit: who, and how badly; a lost bombardier aborts an
    /// outbound mission, a lost pilot is relieved at the controls.
    fn crew_hit(&mut self, cause: Cause) {
        let t = self.t();
        let (r, p) = t.defences.roll_crewman(self.dice());
        self.thrown(TableId::Hit, &r, 0, p);
        let r = t.crew.wound.dice.roll(self.dice());
        let w = *t.crew.wound.get(r.total());
        self.thrown(TableId::Wound, &r, 0, w);
        self.emit(Event::Wounded {
            position: p,
            wound: w,
        });
        let outbound = self.state.bomber().is_some_and(|b| b.leg == Leg::Outbound);
        if p == Position::Bombardier && w >= Wound::Serious && outbound {
            self.emit(Event::Aborted(Abort::Bombardier));
        }
        if p == Position::Pilot && w >= Wound::Serious {
            let outbound = self.state.bomber().is_some_and(|b| b.leg == Leg::Outbound);
            match relieve_pilot(|q| self.able(q), outbound) {
                Some(Relief { from, aborts }) => {
                    self.emit(Event::ChangedPlaces {
                        from,
                        to: Position::Pilot,
                    });
                    if aborts {
                        self.emit(Event::Aborted(Abort::Bombardier));
                    }
                }
                None => self.bail_out(cause),
            }
        }
    }

    // ---- the end of a mission ----

    /// The bomber lost in the air: every man still alive jumps (E-1) or,
    /// over the sea, ditches (E-3); after a collision every man bails out
    /// on E-2 ("forcing your crew to bail out on Table E-2"), and over the
    /// sea a man who lives comes down in it (E-3).
    fn bail_out(&mut self, cause: Cause) {
        let t = self.t();
        let zone = self.state.bomber().expect("flying").zone;
        let sea = t.map.kind(zone) == Some(ZoneKind::Water);
        let collision = cause == Cause::Collision;
        for p in Position::ALL {
            if !self.alive(p) {
                continue;
            }
            let mut fate = None;
            if collision || !sea {
                let (r, j, f) = t.end.roll_jump(&t.map, zone, collision, self.dice());
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
                    let (r, d, f) = t.end.roll_ditching(&t.map, zone, self.dice());
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
    fn crash(&mut self, cause: Cause) {
        let t = self.t();
        for p in Position::ALL {
            if !self.alive(p) {
                continue;
            }
            let r = t.end.jump.dice.roll(self.dice());
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
    fn land(&mut self) {
        let t = self.t();
        let b = self.state.bomber().expect("flying").clone();
        if !t.end.may_land(b.zone, b.fuel) {
            return self.bail_out(Cause::Fuel);
        }
        let s = self.sit();
        let skill = self.skill(Position::Pilot, t.crew.experience.landing);
        let (r, m, l) = t.end.roll_landing(&s, &b, skill, self.dice());
        self.thrown(TableId::G1, &r, m, l);
        match l {
            Landing::Crash => self.crash(Cause::Landing),
            l => self.end(Ending::Landed(l)),
        }
    }

    fn end(&mut self, e: Ending) {
        self.emit(Event::Ended(e));
        self.emit(Event::Phase(Phase::Debrief));
    }

    // ---- commands ----

    /// The one legality test.
    pub fn check(&self, cmd: &Command) -> Result<(), Illegal> {
        let phase = self.state.phase();
        if phase == Phase::Over {
            return Err(Illegal::Over);
        }
        let b = self.state.bomber();
        let outbound = b.is_some_and(|b| b.leg == Leg::Outbound);
        match (phase, cmd) {
            (Phase::Briefing, Command::TakeOff) => Ok(()),
            (Phase::Briefing, Command::ExtraFuel) => {
                let m = self.state.mission().ok_or(Illegal::NotNow)?;
                let full = self.t().nights.fuel.full;
                if m.extra_fuel || m.fuel >= full {
                    Err(Illegal::NotNow)
                } else {
                    Ok(())
                }
            }
            (Phase::Debrief, Command::Next) => Ok(()),
            (Phase::Heading, Command::Fly(h)) => {
                let b = b.expect("flying");
                if !b.leg.headings().contains(h) {
                    Err(Illegal::Heading)
                } else if h.from(b.zone, &self.state.tables().map).is_none() {
                    Err(Illegal::OffTheMap)
                } else if b.fuel == 0 {
                    Err(Illegal::NoFuel)
                } else {
                    Ok(())
                }
            }
            (Phase::Heading, Command::Land) => {
                let b = b.expect("flying");
                if b.leg == Leg::Homebound && self.is_airfield(b.zone) {
                    Ok(())
                } else {
                    Err(Illegal::NoAirfield)
                }
            }
            (Phase::Heading | Phase::Target | Phase::Release, Command::Abort) => {
                if outbound {
                    Ok(())
                } else {
                    Err(Illegal::NotOutbound)
                }
            }
            (Phase::Weather, Command::Descend) => {
                if b.expect("flying").low {
                    Err(Illegal::StaysLow)
                } else {
                    Ok(())
                }
            }
            (Phase::Weather, Command::PressOn) => Ok(()),
            (Phase::Weather, Command::AvoidWeather) => {
                if self.weather_choices().contains(&Command::AvoidWeather) {
                    Ok(())
                } else if !outbound {
                    Err(Illegal::NotOutbound)
                } else {
                    Err(Illegal::NoFuel)
                }
            }
            (Phase::Attacked { .. }, Command::Evade | Command::Hold) => Ok(()),
            (Phase::Target, Command::BombRun) => Ok(()),
            (Phase::Release, Command::Release) => Ok(()),
            _ => Err(Illegal::NotNow),
        }
    }

    /// Checks and plays a command, then the tables up to the next decision.
    pub fn play(&mut self, cmd: Command) -> Result<(), Illegal> {
        self.check(&cmd)?;
        self.rolled = false;
        let phase = self.state.phase();
        match cmd {
            Command::TakeOff => self.take_off(),
            Command::ExtraFuel => {
                let m = self.state.mission().expect("checked");
                let fuel = self.t().nights.fuel.with_extra(m.fuel);
                self.emit(Event::ExtraFuel(fuel));
            }
            Command::Next => {
                self.emit(Event::Debriefed);
                let next = self.state.night().next();
                self.start_night(next);
            }
            Command::Fly(h) => {
                self.emit(Event::Flew(h));
                self.enter_zone();
            }
            Command::Land => self.land(),
            Command::Abort => {
                self.emit(Event::Aborted(Abort::Chosen));
                self.next_move();
            }
            Command::Descend => {
                self.emit(Event::Descended);
                if phase == Phase::Weather {
                    self.weather_effects();
                } else {
                    self.next_move();
                }
            }
            Command::PressOn => self.weather_effects(),
            Command::AvoidWeather => {
                let m = self.state.mission().expect("flying");
                let at_target = m.bomber.as_ref().is_some_and(|b| b.zone == m.target);
                let back = self.back_heading().expect("checked");
                let track = &m.track;
                let before = track[track.len() - 2].1;
                self.emit(Event::Aborted(Abort::Chosen));
                if at_target {
                    self.emit(Event::AvoidedAtTarget);
                }
                self.emit(Event::Flew(back));
                self.emit(Event::Weather(before));
                // "proceed otherwise as if entering the Zone afresh"
                self.weather_decision();
            }
            Command::Evade | Command::Hold => {
                let Phase::Attacked {
                    fighter,
                    attacks,
                    after_bombing,
                } = phase
                else {
                    unreachable!("checked")
                };
                self.attack(fighter, attacks, after_bombing, cmd == Command::Evade);
            }
            Command::BombRun => self.bomb_run(),
            Command::Release => self.release(),
        }
        self.commands.push(cmd);
        self.command_rolled.push(self.rolled);
        Ok(())
    }

    /// Every command `check` accepts now.
    pub fn legal_commands(&self) -> Vec<Command> {
        let all = [
            Command::TakeOff,
            Command::ExtraFuel,
            Command::Next,
            Command::Land,
            Command::PressOn,
            Command::AvoidWeather,
            Command::Descend,
            Command::Evade,
            Command::Hold,
            Command::BombRun,
            Command::Release,
            Command::Abort,
        ];
        Heading::ALL
            .into_iter()
            .map(Command::Fly)
            .chain(all)
            .filter(|c| self.check(c).is_ok())
            .collect()
    }

    /// How many commands can no longer be taken back: those up to the
    /// last that rolled.
    pub fn undo_point(&self) -> usize {
        self.command_rolled
            .iter()
            .rposition(|&r| r)
            .map_or(0, |i| i + 1)
    }

    /// The game before its last command, if that command rolled nothing.
    pub fn undo(&self) -> Option<Game> {
        if !matches!(self.command_rolled.last(), Some(false)) {
            return None;
        }
        Some(replayed(
            self.restart(),
            &self.commands,
            self.commands.len() - 1,
        ))
    }
}

/// A result already in words.
struct Raw(String);

impl Debug for Raw {
    /// In quotes: `words` keeps it as it is.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\"{}\"", self.0)
    }
}

impl Rules for Game {
    type Command = Command;
    type Event = Event;
    type Illegal = Illegal;
    type State = State;
    type Seat = Seat;
    const KIND: GameKind = GameKind::Blitz;

    fn state(&self) -> &State {
        &self.state
    }
    fn initial_state(&self) -> State {
        State::new(self.state.tables().clone(), self.state.setup().clone())
    }
    fn apply(state: &mut State, event: &Event) {
        state::apply(state, event)
    }
    fn check(&self, command: &Command) -> Result<(), Illegal> {
        Game::check(self, command)
    }
    fn play(&mut self, command: Command) -> Result<(), Illegal> {
        Game::play(self, command)
    }
    fn legal_commands(&self) -> Vec<Command> {
        Game::legal_commands(self)
    }
    fn events(&self) -> &[Event] {
        &self.events
    }
    fn commands(&self) -> &[Command] {
        &self.commands
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn to_act(&self) -> Option<Seat> {
        (!self.state.is_over()).then_some(Seat::Crew)
    }
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    fn undo_point(&self) -> usize {
        Game::undo_point(self)
    }
    fn undo(&self) -> Option<Game> {
        Game::undo(self)
    }
}
