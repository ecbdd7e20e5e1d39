//! An intercept fought on the Simple Hex board: the battle begins from the
//! fight's squadrons, is played move by move, and its result flows back
//! (docs/RULES.md, "The campaign's intercepts on the hex board").

use super::Exec;
use crate::campaign::data::Role;
use crate::campaign::event::Event;
use crate::campaign::family_board;
use crate::campaign::state::Stage;
use crate::campaign::tactical::{self, Battle};
use crate::campaign::zoom;
use crate::common::dice::sub_seed;
use crate::common::Side;
use crate::family::Command as FamilyCommand;
use crate::simple_hex::Command as HexCommand;
use rand::RngExt;

/// The dice's dogfights thrown to rank a board's dogfight among.
const DOGFIGHT_SAMPLES: usize = 256;

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
        // Ranked rules (docs/RULES.md, "The same war on every board"): once
        // the RAF's squadrons have chosen their gruppen, only the gruppen
        // attacked and the squadrons attacking them go onto the mat.
        let chosen = d.attacks.len() == d.raf.len();
        let attacked = |k: u8| !chosen || d.attacks.contains(&Some(k));
        let mut placed: Vec<(u8, usize)> = d
            .gruppe_of
            .iter()
            .copied()
            .zip(d.squadrons.iter().copied())
            .filter(|&(k, _)| attacked(k))
            .collect();
        placed.sort_by_key(|&(k, _)| k);
        let luftwaffe: Vec<usize> = placed.iter().map(|&(_, q)| q).collect();
        let gruppen: Vec<u8> = placed.iter().map(|&(k, _)| k).collect();
        let raf: Vec<usize> = d
            .raf
            .iter()
            .enumerate()
            .filter(|&(i, _)| !chosen || d.attacks[i].is_some())
            .map(|(_, &q)| q)
            .collect();
        let (wing, geschwader) = (d.wings[0], d.geschwader);
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
        let (mut out, seed) = match &b {
            Battle::Hex(t) => (tactical::outcome(t, &rules.tactical), t.game.seed()),
            Battle::Family(t) => (family_board::outcome(t, &rules.family_board), t.game.seed()),
        };
        if rules.tactical.ranked {
            let fights = if out.dogfight {
                self.gruppe_fights(&mut out)
            } else {
                Vec::new()
            };
            self.ranked_hits(&mut out, seed, b.sides().1, &fights);
        }
        self.dice_around_the_board(&mut out);
        self.emit(Event::BattleResult(out));
        // Each side with hits to take chooses where, as with the dice; then
        // the fight is over.
        self.next_allocation();
    }

    /// A dogfight on the board as the dice's gruppe fights: each gruppe
    /// attacked, with every squadron of it still with the geschwader,
    /// against the RAF squadrons that chose it. Every squadron on the mat
    /// has fought, as in the dice's gruppe fights.
    fn gruppe_fights(&self, out: &mut tactical::Outcome) -> Vec<(Vec<usize>, Vec<usize>)> {
        let s = self.state();
        let Some(d) = s.dogfight() else {
            return Vec::new();
        };
        let mut gruppen: Vec<u8> = d.attacks.iter().flatten().copied().collect();
        gruppen.sort_unstable();
        gruppen.dedup();
        for r in out.squadrons.iter_mut() {
            r.fought = true;
        }
        gruppen
            .iter()
            .map(|&k| {
                let ges = &s.geschwader()[d.geschwader].squadrons;
                (
                    d.attackers(k),
                    d.gruppe(k).filter(|q| ges.contains(q)).collect(),
                )
            })
            .collect()
    }

    /// The hits each side takes for what the board did to it: the dice's
    /// fight between the same squadrons at the rank of its harm among
    /// battles of the kind between equal opponents (docs/RULES.md, "The
    /// same war on every board"; `zoom`).
    fn ranked_hits(
        &mut self,
        out: &mut tactical::Outcome,
        seed: u64,
        geschwader: usize,
        fights: &[(Vec<usize>, Vec<usize>)],
    ) {
        let s = self.state();
        let Some(table) = s.rules().zoom.clone() else {
            return;
        };
        let rules = s.rules();
        let mut dice = zoom::dice(seed);
        let p = |side: Side| {
            let (die, face) = match side {
                Side::British => (rules.raf_die, rules.raid.raf_hit),
                Side::German => (rules.luftwaffe_die, rules.raid.luftwaffe_hit),
            };
            die.count(face) as f64 / die.sides().max(1) as f64
        };
        // The ace's die is thrown after the battle (`dice_around_the_board`).
        let ace_after = |q: usize| s.ace() == Some(q) && rules.on_the_boards.ace;
        let north = s
            .geschwader()
            .get(geschwader)
            .is_some_and(|g| s.data().map.north_of_twelve_group_line(g.at));
        let fighter = |q: usize, intercept: bool| {
            let t = s.aircraft(q);
            let side = s.forces().squadrons[q].side;
            let mut dice = s.dice_of(&[q], intercept, north && side == Side::German) as u32;
            if ace_after(q) {
                dice = dice.saturating_sub(rules.raid.ace_dice as u32);
            }
            zoom::Fighter {
                dice,
                defence: t.defence as u32,
                value: t.value(),
            }
        };
        // The dice's fight between the same squadrons: an intercept's one
        // throw a side, or a dogfight's gruppe fights.
        let (thrown, gruppe_fights): ([u32; 2], Vec<zoom::GruppeFight>) = if out.dogfight {
            let f: Vec<zoom::GruppeFight> = fights
                .iter()
                .map(|(r, l)| {
                    (
                        r.iter().map(|&q| fighter(q, false)).collect(),
                        l.iter().map(|&q| fighter(q, false)).collect(),
                    )
                })
                .collect();
            let at = |me: usize| -> u32 {
                f.iter()
                    .flat_map(|g| if me == 0 { &g.1 } else { &g.0 })
                    .map(|x| x.dice)
                    .sum()
            };
            ([at(0), at(1)], f)
        } else {
            let at = |side: Side| -> u32 {
                out.squadrons
                    .iter()
                    .filter(|r| r.side != side)
                    .map(|r| fighter(r.squadron, true).dice)
                    .sum()
            };
            ([at(Side::British), at(Side::German)], Vec::new())
        };
        let mut ranks = [0.0; 2];
        let mut keys = Vec::new();
        let mut harms = Vec::new();
        for (i, side) in [Side::British, Side::German].into_iter().enumerate() {
            let split = dice.random_range(0.0..1.0);
            // The defence that decides a loss: in an intercept a side that
            // can stand a squadron down does (hits below its strongest
            // squadron's defence are a stand-down), in a dogfight hits at
            // its weakest's lose it.
            let defences = out
                .squadrons
                .iter()
                .filter(|r| r.side == side)
                .map(|r| s.aircraft(r.squadron).defence as u32);
            let defence = if out.dogfight {
                defences.min()
            } else {
                defences.max()
            }
            .unwrap_or(0);
            let key = zoom::key(out, side, defence, thrown[i]);
            let harm = zoom::harm(out, side);
            ranks[i] = table.rank(key, harm, split).unwrap_or(split);
            keys.push(key);
            harms.push(harm);
        }
        let ranks = table.independent(keys[0].board, keys[0].fight, ranks);
        let hits: [u32; 2] = if out.dogfight {
            let sorted = zoom::dogfight_hits(
                &gruppe_fights,
                rules.raid.dogfight_rounds,
                [p(Side::British), p(Side::German)],
                DOGFIGHT_SAMPLES,
                &mut dice,
            );
            [
                zoom::quantile(&sorted[0], ranks[0]),
                zoom::quantile(&sorted[1], ranks[1]),
            ]
        } else {
            [
                zoom::binomial_quantile(thrown[0], p(Side::German), ranks[0]),
                zoom::binomial_quantile(thrown[1], p(Side::British), ranks[1]),
            ]
        };
        out.raf_hits = hits[0].min(u8::MAX as u32) as u8;
        out.luftwaffe_hits = hits[1].min(u8::MAX as u32) as u8;
        out.ranked = Some(tactical::Ranked {
            keys: [keys[0], keys[1]],
            harms: [harms[0], harms[1]],
        });
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
