//! An intercept fought on the Simple Hex board: the battle begins from the
//! fight's squadrons, is played move by move, and its result flows back
//! (docs/RULES.md, "The campaign's intercepts on the hex board").

use super::Exec;
use crate::campaign::data::Role;
use crate::campaign::event::Event;
use crate::campaign::family_board;
use crate::campaign::state::Stage;
use crate::campaign::tactical::{self, Battle};
use crate::common::dice::sub_seed;
use crate::common::Side;
use crate::family::Command as FamilyCommand;
use crate::simple_hex::Command as HexCommand;

impl Exec<'_> {
    /// The intercept about to begin is fought on the hex board.
    pub(super) fn start_battle(&mut self) {
        let s = self.state();
        let f = s
            .fight()
            .expect("a battle on the board is an intercept's fight");
        let (raf, luftwaffe) = (f.raf.clone(), f.luftwaffe.clone());
        let (wing, geschwader) = (f.wings[0], f.geschwader);
        let target = s.geschwader()[geschwader].target;
        let need = target.map_or(0, |c| s.need(c));
        let meeting = tactical::Meeting {
            wing,
            geschwader,
            target,
            need,
            gruppen: None,
        };
        match self.board_battle(&raf, &luftwaffe, meeting) {
            Ok((t, seed)) => {
                self.emit(Event::BattleOnBoard {
                    wing,
                    geschwader,
                    seed,
                });
                self.begin_on_board(t);
            }
            // The loaded rules are checked against Simple Hex's tables, so
            // this cannot happen with them; with other rules, the dice decide.
            Err(_) => self.fight_round(),
        }
    }

    /// The dogfight whose gruppen are formed is fought on the hex board:
    /// every gruppe at once, face down, against every squadron of the
    /// wings; where each squadron flies is its attack.
    pub(super) fn start_dogfight_battle(&mut self) {
        let d = self
            .state()
            .dogfight()
            .expect("a dogfight on the board has its gruppen formed");
        // The geschwader's squadrons in gruppen order, each gruppe's in the
        // order placed: the board's units, and their gruppen.
        let mut placed: Vec<(u8, usize)> = d
            .gruppe_of
            .iter()
            .copied()
            .zip(d.squadrons.iter().copied())
            .collect();
        placed.sort_by_key(|&(k, _)| k);
        let luftwaffe: Vec<usize> = placed.iter().map(|&(_, q)| q).collect();
        let gruppen: Vec<u8> = placed.iter().map(|&(k, _)| k).collect();
        let (raf, wing, geschwader) = (d.raf.clone(), d.wings[0], d.geschwader);
        let meeting = tactical::Meeting {
            wing,
            geschwader,
            target: None,
            need: 0,
            gruppen: Some(gruppen),
        };
        match self.board_battle(&raf, &luftwaffe, meeting) {
            Ok((t, seed)) => {
                self.emit(Event::DogfightOnBoard {
                    geschwader,
                    raf,
                    luftwaffe,
                    seed,
                });
                self.begin_on_board(t);
            }
            Err(_) => self.awaits(Stage::Attacks),
        }
    }

    /// A battle on the board of these squadrons, with its own dice: a seed
    /// drawn from the campaign's seed and its place in the command list,
    /// so a campaign is still its seed and commands. (Two battles may begin
    /// after one command, the first over at once: the count of battles
    /// keeps their dice apart.)
    fn board_battle(
        &mut self,
        raf: &[usize],
        luftwaffe: &[usize],
        meeting: tactical::Meeting,
    ) -> Result<(tactical::Tactical, u64), String> {
        let s = self.state();
        let named = |v: &[usize]| -> Vec<tactical::Flyer<'_>> {
            v.iter()
                .map(|&q| {
                    let ty = s.aircraft(q);
                    tactical::Flyer {
                        squadron: q,
                        aircraft: &ty.name,
                        name: &s.forces().squadrons[q].name,
                    }
                })
                .collect()
        };
        let seed = self.board_seed();
        let t = tactical::start(
            s.rules(),
            &named(raf),
            &named(luftwaffe),
            meeting,
            seed,
            crate::simple_hex::Options {
                speed_dice: s.setup().speed_dice,
                ..Default::default()
            },
            self.quiet(),
        )?;
        Ok((t, seed))
    }

    /// The intercept about to begin is fought on the family board.
    pub(super) fn start_family_battle(&mut self) {
        let s = self.state();
        let f = s
            .fight()
            .expect("a battle on the family board is an intercept's fight");
        let raf = f.raf.clone();
        let luftwaffe: Vec<(usize, bool)> = f
            .luftwaffe
            .iter()
            .map(|&q| (q, s.aircraft(q).role != Role::Bomber))
            .collect();
        let (wing, geschwader) = (f.wings[0], f.geschwader);
        let target = s.geschwader()[geschwader].target;
        let need = target.map_or(0, |c| s.need(c));
        let name = target.map_or("no target".to_string(), |c| {
            s.data()
                .targets
                .cards
                .get(c as usize)
                .map_or(String::new(), |t| t.name.clone())
        });
        let meeting = tactical::Meeting {
            wing,
            geschwader,
            target,
            need,
            gruppen: None,
        };
        let seed = self.board_seed();
        let quiet = self.quiet();
        match family_board::start(s.rules(), &raf, &luftwaffe, meeting, &name, seed, quiet) {
            Ok(t) => {
                self.emit(Event::BattleOnFamilyBoard {
                    wing,
                    geschwader,
                    seed,
                });
                let over = t.game.is_over();
                self.open_board(Battle::Family(t));
                if over {
                    self.finish_battle();
                }
            }
            // Checked by `fits` before: with other rules, the dice decide.
            Err(_) => self.fight_round(),
        }
    }

    /// A move of the battle on the family board.
    pub(super) fn family_move(&mut self, c: FamilyCommand) {
        let t = self
            .family_board()
            .expect("check allows a family move only in a battle on the family board");
        t.game
            .play(c)
            .expect("check asked the family game, which accepts the move");
        let (rolled, over) = (!t.game.can_undo(), t.game.is_over());
        if rolled {
            self.board_rolled();
        }
        self.emit(Event::FamilyMove(c));
        if over {
            self.finish_battle();
        }
    }

    /// The seed of the next battle on a board: drawn from the campaign's
    /// seed and its place in the command list, so a campaign is still its
    /// seed and commands. (Two battles may begin after one command, the
    /// first over at once: the count of battles keeps their dice apart.)
    fn board_seed(&self) -> u64 {
        let s = self.state();
        let t = s.intercept_tally();
        sub_seed(
            s.setup().seed,
            0x7A11_0000_0000
                + ((self.commands() as u64) << 16)
                + (t.on_board + t.dogfights_on_board) as u64,
        )
    }

    /// The battle begun goes onto the board (and, over at once, ends).
    fn begin_on_board(&mut self, t: tactical::Tactical) {
        let over = t.game.is_over();
        self.open_board(Battle::Hex(t));
        if over {
            self.finish_battle();
        }
    }

    /// A move of the battle on the board.
    pub(super) fn board_move(&mut self, c: HexCommand) {
        let t = self
            .board()
            .expect("check allows a board move only in a battle on the board");
        // A gruppe turned face up shows the RAF what was hidden: like a
        // die, the move cannot be taken back.
        let rolled = t
            .play(c)
            .expect("check asked the board game, which accepts the move");
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
        let b = self.close_board().expect("a battle on the board is over");
        let rules = self.state().rules();
        let mut out = match &b {
            Battle::Hex(t) => tactical::outcome(t, &rules.tactical),
            Battle::Family(t) => family_board::outcome(t, &rules.family_board),
        };
        self.dice_around_the_board(&mut out);
        self.emit(Event::BattleResult(out));
        // Each side with hits to take chooses where, as with the dice; then
        // the fight is over.
        self.next_allocation();
    }

    /// The base game's dice that reach a battle on a board, thrown when it
    /// is over (docs/RULES.md, "The guns and the ace on the boards"): the
    /// No. 303 ace's, if his squadron flew in it and was not lost, makes
    /// hits for the Luftwaffe to take.
    fn dice_around_the_board(&mut self, out: &mut tactical::Outcome) {
        let s = self.state();
        let on = s.rules().on_the_boards;
        let raid = &s.rules().raid;
        let (ace_dice, raf_hit) = (raid.ace_dice, raid.raf_hit);
        let ace_flew = s.ace().is_some_and(|a| {
            out.squadrons
                .iter()
                .any(|r| r.squadron == a && r.side == Side::British && r.fought)
        });
        if on.ace && ace_flew && ace_dice > 0 {
            let t = self.throw(Side::British, ace_dice, raf_hit);
            out.luftwaffe_hits = out.luftwaffe_hits.saturating_add(t.hits);
            out.ace = Some(t);
        }
    }
}
