//! An intercept fought on the Simple Hex board: the battle begins from the
//! fight's squadrons, is played move by move, and its result flows back
//! (docs/RULES.md, "The campaign's intercepts on the hex board").

use super::Exec;
use crate::campaign::event::{BombRun, Event};
use crate::campaign::state::RaidState;
use crate::campaign::tactical::{self, Fate};
use crate::common::dice::sub_seed;
use crate::simple_hex::Command as HexCommand;

impl Exec<'_> {
    /// The intercept about to begin is fought on the hex board.
    pub(super) fn start_battle(&mut self) {
        let s = self.state();
        let f = s
            .fight()
            .expect("a battle on the board is an intercept's fight");
        let named = |v: &[usize]| -> Vec<(usize, String, String)> {
            v.iter()
                .map(|&q| {
                    let name = s.forces().squadrons[q].name.clone();
                    (q, s.aircraft(q).name.clone(), name)
                })
                .collect()
        };
        let raf = named(&f.raf);
        let luftwaffe = named(&f.luftwaffe);
        fn as_ref(v: &[(usize, String, String)]) -> Vec<tactical::Flyer<'_>> {
            v.iter()
                .map(|(q, t, n)| (*q, t.as_str(), n.as_str()))
                .collect()
        }
        let (wing, geschwader) = (f.wings[0], f.geschwader);
        let target = s.geschwader()[geschwader].target;
        let need = target.map_or(0, |c| s.need(c));
        // The battle's own dice: a seed drawn from the campaign's seed and
        // its place in the command list, so a campaign is still its seed
        // and commands. (Two battles may begin after one command, the
        // first over at once: the count of battles keeps their dice apart.)
        let seed = sub_seed(
            s.setup().seed,
            0x7A11_0000_0000
                + ((self.commands() as u64) << 16)
                + s.intercept_tally().on_board as u64,
        );
        let meeting = tactical::Meeting {
            wing,
            geschwader,
            target,
            need,
        };
        let started = tactical::start(
            s.rules(),
            &as_ref(&raf),
            &as_ref(&luftwaffe),
            meeting,
            seed,
            crate::simple_hex::Options {
                speed_dice: s.setup().speed_dice,
                ..Default::default()
            },
            self.quiet(),
        );
        match started {
            Ok(t) => {
                self.emit(Event::BattleOnBoard {
                    wing,
                    geschwader,
                    seed,
                });
                let over = t.game.is_over();
                self.open_board(t);
                if over {
                    self.finish_battle();
                }
            }
            // The loaded rules are checked against Simple Hex's tables, so
            // this cannot happen with them; with other rules, the dice decide.
            Err(_) => self.fight_round(),
        }
    }

    /// A move of the battle on the board.
    pub(super) fn board_move(&mut self, c: HexCommand) {
        let t = self
            .board()
            .expect("check allows a board move only in a battle on the board");
        t.game
            .play(c)
            .expect("check asked the board game, which accepts the move");
        let rolled = !t.game.can_undo();
        let over = t.game.is_over();
        if rolled {
            self.board_rolled();
        }
        self.emit(Event::BoardMove(c));
        if over {
            self.finish_battle();
        }
    }

    /// The board battle is over: its result flows back (docs/RULES.md,
    /// "The campaign's intercepts on the hex board").
    fn finish_battle(&mut self) {
        let t = self.close_board().expect("a battle on the board is over");
        let out = tactical::outcome(&t, &self.state().rules().tactical);
        self.emit(Event::BattleResult(out.clone()));
        for r in &out.squadrons {
            if r.fate == Fate::Lost {
                self.squadron_lost(r.squadron);
            }
        }
        // Each side that owes a stand-down chooses its squadron, as with
        // the dice; then the fight is over and the bombs fall.
        self.next_allocation();
    }

    /// Bombers through on the board: their hits fall on the raid's target
    /// (the fight just over), and the raid has made its bomb run.
    pub(super) fn board_bombs(&mut self, g: usize, (card, hits, points): (u16, u8, u32)) {
        if self.state().geschwader()[g].state == RaidState::Aloft {
            self.hit_target(g, card, hits, BombRun::Board { points });
            self.reach_for_home(g);
        }
    }
}
