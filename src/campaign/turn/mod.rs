//! The turn sequence: what each command does, and the automatic steps that
//! follow it up to the next decision. Each step reads the state and emits
//! events; it never writes the state itself (see [`exec`]).
//!
//! One file per step of the sheet's sequence:
//! - `standby`: the order of battle, squadron rotations, production and repairs;
//! - `weather`: the weather check;
//! - `alert`: squadron alert, Luftflotte 2's reinforcements, the Big Wing, missions;
//! - `tally_ho`: the Tally Ho phases' movement and intercepts;
//! - `battle`: the battle step's intercepts and dogfights;
//! - `board`: intercepts fought on the hex board;
//! - `bombing`: the bomb runs;
//! - `end`: the end of a Tally Ho phase, of a turn, of the campaign.

mod alert;
mod battle;
mod board;
mod bombing;
mod end;
mod exec;
mod standby;
mod tally_ho;
mod weather;

pub(crate) use exec::Exec;

use super::command::Command;
use super::event::Event;
use super::state::{Next, Stage};
use super::weather::Weather;

impl Exec<'_> {
    /// A campaign begins (or a position is played on): the weather cards
    /// are shuffled if the rule deals them and they were not given, then
    /// the sequence runs from `next` to the first decision.
    pub(crate) fn start(&mut self, next: Next, shuffle_weather: bool) {
        if shuffle_weather {
            let mut cards = Weather::deck(self.state().rules());
            self.shuffle(&mut cards);
            self.emit(Event::WeatherCardsShuffled(cards));
        }
        match next {
            Next::Decide(stage) => self.emit(Event::Awaits(stage)),
            Next::BeginTurn => self.begin_turn(),
            Next::Weather => self.weather_check(),
            Next::Alert => self.alert(),
            Next::Missions => self.missions(),
            Next::BeginTallyHo => self.begin_tally_ho(),
            Next::Fly => self.next_flyer(),
            Next::RafMovement => self.end_luftwaffe_movement(),
            Next::Battle => self.battle_step(),
            Next::EndTallyHo => self.end_tally_ho(),
            Next::EndTurn => self.end_turn(),
        }
    }

    /// What a command does; `check` has accepted it.
    pub(crate) fn execute(&mut self, cmd: Command) {
        use Command as C;
        match cmd {
            C::Discard(card) => self.discard(card),
            C::Rotate(k) => self.rotate(k),
            C::EndRotations => self.end_rotations(),
            C::Production { squadrons } => self.production(squadrons),
            C::Rebuild(q) => self.rebuild(q, false),
            C::Reserve(q) => self.rebuild(q, true),
            C::Mend(card) => self.mend(card),
            C::EndRepairs => self.after_repairs(),
            C::Reinforce { geschwader, from } => self.reinforce(geschwader, from),
            C::EndReinforce => {
                self.emit(Event::ReinforcementsOver);
                self.after_reinforcements();
            }
            C::BigWing(a, b) => {
                self.emit(Event::BigWingFormed(a, b));
                self.missions();
            }
            C::NoBigWing => self.missions(),
            C::Assign {
                geschwader,
                card,
                wave,
            } => self.assign(geschwader, card, wave),
            C::EndMissions => self.end_missions(),
            C::Step(to) => self.step(self.flying(), to),
            C::Home => self.home(self.flying()),
            C::Intercept(w) => self.intercept_with(w),
            C::NoIntercept => {
                let Stage::InterceptChoice { geschwader } = *self.state().stage() else {
                    unreachable!("check allows no intercept only at an intercept choice")
                };
                self.continue_flying(geschwader);
            }
            C::NoMoreIntercepts => {
                let Stage::InterceptChoice { geschwader } = *self.state().stage() else {
                    unreachable!("check allows no more intercepts only at an intercept choice")
                };
                self.emit(Event::InterceptsDeclined);
                self.continue_flying(geschwader);
            }
            C::WingStep(to) => self.wing_step(to),
            C::MoveWing { wing, to } => self.move_wing(wing, to),
            C::EndRafMovement => self.battle_step(),
            C::Lose(q) => self.take_hits(q, false),
            C::StandDown(q) => self.take_hits(q, true),
            C::WithDice => self.chose_dice(),
            C::OnTheBoard => self.chose_board(),
            C::Hex(c) => self.board_move(c),
            C::OnTheFamilyBoard => self.start_family_battle(),
            C::Family(c) => self.family_move(c),
            C::Gruppe(k) => self.gruppe(k),
            C::Attack(k) => self.attack(k),
        }
    }

    /// The geschwader the German moves now.
    fn flying(&self) -> usize {
        match *self.state().stage() {
            Stage::Fly { geschwader } => geschwader,
            _ => unreachable!("check allows a geschwader's move only when it flies"),
        }
    }
}
