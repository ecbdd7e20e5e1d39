//! The weather check, last step of the standby phase: a respite ends the
//! turn; otherwise the Luftwaffe flies (squadron alert follows).

use super::Exec;
use crate::campaign::event::Event;

impl Exec<'_> {
    pub(super) fn weather_check(&mut self) {
        let s = self.state();
        let turn = s.turn();
        let check = match s.weather().check_without_dice(turn, s.rules()) {
            Some(check) => check,
            None => {
                let (s, dice) = self.with_dice();
                s.weather().check(turn, s.rules(), dice)
            }
        };
        if check.card.is_some() {
            // A card of the shuffled weather deck is turned over.
            self.reveal();
        }
        self.emit(Event::Weather {
            flies: check.flies,
            dice: check.dice,
            card: check.card,
        });
        if !check.flies {
            self.end_turn();
            return;
        }
        self.alert();
    }
}
