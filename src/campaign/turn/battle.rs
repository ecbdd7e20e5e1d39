//! The battle step: its jobs (intercepts, then dogfights, then bomb runs),
//! the rounds of dice of each fight and the hits each side takes, and the
//! gruppen of a dogfight.

use super::Exec;
use crate::campaign::check::allocation_options;
use crate::campaign::event::Event;
use crate::campaign::game::Battles;
use crate::campaign::state::{Job, RaidState, Stage};
use crate::common::Side;

impl Exec<'_> {
    pub(super) fn battle_step(&mut self) {
        let s = self.state();
        let mut jobs = Vec::new();
        for (w, wing) in s.wings().iter().enumerate() {
            if let Some(g) = wing.met {
                if s.geschwader()[g].state == RaidState::Aloft {
                    jobs.push(Job::Intercept {
                        wing: w,
                        geschwader: g,
                    });
                }
            }
        }
        for g in 0..s.geschwader().len() {
            if s.geschwader()[g].state == RaidState::Aloft && !s.dogfighters(g).is_empty() {
                jobs.push(Job::Dogfight { geschwader: g });
            }
        }
        for g in 0..s.geschwader().len() {
            if s.geschwader()[g].state == RaidState::Aloft && s.geschwader()[g].bomb_run {
                jobs.push(Job::Bomb { geschwader: g });
            }
        }
        self.emit(Event::BattleBegins(jobs));
        self.next_job();
    }

    pub(super) fn next_job(&mut self) {
        loop {
            let Some(job) = self.state().jobs().last().cloned() else {
                self.end_tally_ho();
                return;
            };
            self.emit(Event::JobBegins(job.clone()));
            let s = self.state();
            match job {
                Job::Intercept { wing, geschwader } => {
                    if s.geschwader()[geschwader].squadrons.is_empty()
                        || s.wings()[wing].squadrons.is_empty()
                    {
                        continue;
                    }
                    self.intercept(wing, geschwader);
                    return;
                }
                Job::Dogfight { geschwader } => {
                    let wings = s.dogfighters(geschwader);
                    let ges = &s.geschwader()[geschwader];
                    if wings.is_empty() || ges.squadrons.is_empty() || ges.state != RaidState::Aloft
                    {
                        continue;
                    }
                    let raf: Vec<usize> = wings
                        .iter()
                        .flat_map(|&w| s.wings()[w].squadrons.clone())
                        .collect();
                    let squadrons = ges.squadrons.clone();
                    self.emit(Event::DogfightBegins {
                        geschwader,
                        wings,
                        squadrons,
                        raf,
                    });
                    self.awaits(Stage::Gruppen);
                    return;
                }
                Job::Bomb { geschwader } => {
                    if s.geschwader()[geschwader].state == RaidState::Aloft {
                        self.bomb(geschwader);
                    }
                }
            }
        }
    }

    /// Intercept combat: the whole wing against a random part of the
    /// geschwader as large as the wing, by total value.
    fn intercept(&mut self, wing: usize, g: usize) {
        let s = self.state();
        let mut pool = s.geschwader()[g].squadrons.clone();
        let raf = s.wings()[wing].squadrons.clone();
        let n = raf.len().min(pool.len());
        self.shuffle(&mut pool);
        pool.truncate(n);
        pool.sort_unstable();
        self.emit(Event::Intercept {
            wing,
            geschwader: g,
            raf,
            luftwaffe: pool,
        });
        let s = self.state();
        match s.setup().battles {
            Battles::Dice => self.fight_round(),
            Battles::Family if crate::campaign::family_board::fits(s) => self.start_family_battle(),
            Battles::Board | Battles::Family if s.rules().hex.is_some() => self.start_battle(),
            _ => self.awaits(Stage::HowToFight {
                wing,
                geschwader: g,
                dogfight: false,
            }),
        }
    }

    pub(super) fn fight_round(&mut self) {
        let s = self.state();
        let f = s.fight().expect("a round is thrown in a fight");
        let north = s
            .data()
            .map
            .north_of_twelve_group_line(s.geschwader()[f.geschwader].at);
        let raf_dice = s.dice_of(&f.raf, f.intercept, false);
        let lw_dice = s.dice_of(&f.luftwaffe, f.intercept, north);
        let round = f.round + 1;
        let (raf_hit, lw_hit) = (s.rules().raid.raf_hit, s.rules().raid.luftwaffe_hit);
        let raf = self.throw(Side::British, raf_dice, raf_hit);
        let luftwaffe = self.throw(Side::German, lw_dice, lw_hit);
        self.emit(Event::Round {
            round,
            raf,
            luftwaffe,
        });
        self.next_allocation();
    }

    pub(super) fn next_allocation(&mut self) {
        for side in [Side::German, Side::British] {
            if !allocation_options(self.state(), side).is_empty() {
                self.awaits(Stage::Allocate { side });
                return;
            }
        }
        self.end_round();
    }

    /// A side takes its hits on a squadron: lost, or stood down.
    pub(super) fn take_hits(&mut self, squadron: usize, stand_down: bool) {
        self.emit(Event::TakesHits {
            squadron,
            stand_down,
        });
        if stand_down {
            self.squadron_stood_down(squadron);
        } else {
            self.squadron_lost(squadron);
        }
        self.next_allocation();
    }

    pub(super) fn squadron_lost(&mut self, squadron: usize) {
        let at = self
            .state()
            .fight_square()
            .expect("a squadron is lost in a fight");
        self.emit(Event::Lost { squadron, at });
    }

    pub(super) fn squadron_stood_down(&mut self, squadron: usize) {
        let at = self
            .state()
            .fight_square()
            .expect("a squadron is stood down in a fight");
        self.emit(Event::StoodDown { squadron, at });
    }

    fn end_round(&mut self) {
        let s = self.state();
        let f = s.fight().expect("a round ends in a fight");
        let over = f.intercept
            || f.on_board
            || f.raf.is_empty()
            || f.luftwaffe.is_empty()
            || f.round >= s.rules().raid.dogfight_rounds;
        if !over {
            self.fight_round();
            return;
        }
        self.emit(Event::FightOver);
        self.after_fight();
    }

    pub(super) fn after_fight(&mut self) {
        if let Some(d) = self.state().dogfight() {
            if let Some(&k) = d.left.last() {
                self.start_gruppe_fight(k);
                return;
            }
            self.emit(Event::DogfightOver);
        }
        self.next_job();
    }

    /// A gruppe turned face up, against the RAF squadrons attacking it.
    fn start_gruppe_fight(&mut self, k: u8) {
        let s = self.state();
        let d = s.dogfight().expect("gruppen are fought in a dogfight");
        let ges = &s.geschwader()[d.geschwader].squadrons;
        let luftwaffe: Vec<usize> = d.gruppe(k).filter(|q| ges.contains(q)).collect();
        let raf = d.attackers(k);
        self.reveal();
        self.emit(Event::GruppeFight {
            gruppe: k,
            raf,
            luftwaffe,
        });
        self.fight_round();
    }

    /// The German puts the next squadron into a gruppe, face down.
    pub(super) fn gruppe(&mut self, gruppe: u8) {
        let d = self
            .state()
            .dogfight()
            .expect("check allows gruppen only in a dogfight");
        let squadron = d.squadrons[d.gruppe_of.len()];
        self.emit(Event::Gruppe { squadron, gruppe });
        let d = self.state().dogfight().expect("the same dogfight");
        if d.gruppe_of.len() != d.squadrons.len() {
            return;
        }
        let (wing, geschwader) = (d.wings[0], d.geschwader);
        let s = self.state();
        // Ranked rules (data version 10): the RAF's squadrons choose their
        // gruppen first, as with the dice, and the board (asked for after)
        // puts only those on the mat (docs/RULES.md, "The same war on
        // every board").
        match s.setup().battles {
            _ if s.rules().hex.is_none() || s.rules().tactical.ranked => {
                self.awaits(Stage::Attacks)
            }
            Battles::Dice => self.awaits(Stage::Attacks),
            Battles::Board | Battles::Family => self.start_dogfight_battle(),
            Battles::Ask => self.awaits(Stage::HowToFight {
                wing,
                geschwader,
                dogfight: true,
            }),
        }
    }

    /// Whether the dogfight's attacks are all chosen.
    fn attacks_chosen(&self) -> bool {
        self.state()
            .dogfight()
            .is_some_and(|d| d.attacks.len() == d.raf.len())
    }

    /// The RAF chose the dice for the fight it was asked about.
    pub(super) fn chose_dice(&mut self) {
        match *self.state().stage() {
            Stage::HowToFight { dogfight: true, .. } if self.attacks_chosen() => {
                self.dogfights_with_dice()
            }
            Stage::HowToFight { dogfight: true, .. } => self.awaits(Stage::Attacks),
            _ => self.fight_round(),
        }
    }

    /// The RAF chose the board for the fight it was asked about.
    pub(super) fn chose_board(&mut self) {
        match *self.state().stage() {
            Stage::HowToFight { dogfight: true, .. } if self.attacks_chosen() => {
                self.dogfights_on_board()
            }
            Stage::HowToFight { dogfight: true, .. } => self.start_dogfight_battle(),
            _ => self.start_battle(),
        }
    }

    /// The next RAF squadron attacks a gruppe, or none.
    pub(super) fn attack(&mut self, gruppe: Option<u8>) {
        let d = self
            .state()
            .dogfight()
            .expect("check allows attacks only in a dogfight");
        let squadron = d.raf[d.attacks.len()];
        self.emit(Event::Attack { squadron, gruppe });
        let d = self.state().dogfight().expect("the same dogfight");
        if d.attacks.len() != d.raf.len() {
            return;
        }
        let s = self.state();
        if !s.rules().tactical.ranked || s.rules().hex.is_none() {
            self.dogfights_with_dice();
            return;
        }
        let (wing, geschwader) = (d.wings[0], d.geschwader);
        match s.setup().battles {
            Battles::Dice => self.dogfights_with_dice(),
            Battles::Board | Battles::Family => self.dogfights_on_board(),
            Battles::Ask => self.awaits(Stage::HowToFight {
                wing,
                geschwader,
                dogfight: true,
            }),
        }
    }

    /// The wings none of whose squadrons attacked a gruppe: they have not
    /// fought, and stay in the air where they are.
    fn idle_wings(&self) -> Vec<usize> {
        let s = self.state();
        let d = s.dogfight().expect("a dogfight is on");
        d.wings
            .iter()
            .copied()
            .filter(|&w| {
                d.raf
                    .iter()
                    .zip(&d.attacks)
                    .all(|(q, a)| a.is_none() || !s.wings()[w].squadrons.contains(q))
            })
            .collect()
    }

    /// Ranked rules: the gruppen attacked, and the squadrons attacking
    /// them, fight it out on the hex board (the wings that attacked none
    /// stay in the air).
    fn dogfights_on_board(&mut self) {
        let idle = self.idle_wings();
        let any = self
            .state()
            .dogfight()
            .is_some_and(|d| d.attacks.iter().any(Option::is_some));
        self.emit(Event::DogfightsBegin {
            gruppen: Vec::new(),
            idle,
        });
        if any {
            self.start_dogfight_battle();
        } else {
            self.after_fight();
        }
    }

    fn dogfights_with_dice(&mut self) {
        let s = self.state();
        let d = s.dogfight().expect("a dogfight is on");
        let mut gruppen: Vec<u8> = d.attacks.iter().flatten().copied().collect();
        gruppen.sort_unstable();
        gruppen.dedup();
        // A wing none of whose squadrons attacked has not fought: it stays
        // in the air where it is.
        let idle = self.idle_wings();
        self.emit(Event::DogfightsBegin { gruppen, idle });
        self.after_fight();
    }
}
