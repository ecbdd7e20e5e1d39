//! What an attack, or a whole battle, came to, read from its events: each
//! bomber's bomb points, each plane lost and why, each plane damaged. The
//! screens write it between the attacks and at the end (the debriefing).

use super::{Event, Loss, PlaneId};

/// An attack's (or a battle's) account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Each bomb run: the bomber and its points, in order.
    pub bombs: Vec<(PlaneId, u32)>,
    /// Each plane lost, and how.
    pub lost: Vec<(PlaneId, Loss)>,
    /// Planes damaged (and not lost after).
    pub damaged: Vec<PlaneId>,
    /// Shots fired (attacks, each with its return fire if any).
    pub shots: u32,
    /// The bomb score when the account closes.
    pub score: u32,
}

impl Report {
    /// The account of `events`, from the beginning of attack `attack` to
    /// its end (`None`: the whole battle).
    pub fn of(events: &[Event], attack: Option<u8>) -> Report {
        let mut r = Report::default();
        let mut now = 0u8;
        for e in events {
            if let Event::AttackBegan { attack } = e {
                now = *attack;
            }
            if attack.is_some_and(|a| a != now) {
                continue;
            }
            match e {
                Event::Bombed { plane, points, .. } => r.bombs.push((*plane, *points)),
                Event::Destroyed { plane, loss } => {
                    r.damaged.retain(|p| p != plane);
                    r.lost.push((*plane, *loss));
                }
                Event::Damaged { plane } => r.damaged.push(*plane),
                Event::Fired { .. } => r.shots += 1,
                Event::AttackEnded { score, .. } | Event::GameOver { score, .. } => {
                    r.score = *score
                }
                _ => {}
            }
        }
        r
    }

    /// The bomb points of this account.
    pub fn points(&self) -> u32 {
        self.bombs.iter().map(|b| b.1).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simple_hex::{Angle, Outcome};

    #[test]
    fn an_attacks_report_counts_only_its_own_bombs_losses_and_damage() {
        let p = PlaneId;
        let events = vec![
            Event::AttackBegan { attack: 1 },
            Event::Bombed {
                plane: p(3),
                rolls: vec![4, 4],
                points: 8,
            },
            Event::Fired {
                attacker: p(0),
                target: p(4),
                angle: Angle::Rear,
                roll: 6,
                outcome: Outcome::Damage,
                return_roll: None,
                return_outcome: Outcome::Miss,
            },
            Event::Damaged { plane: p(4) },
            Event::Destroyed {
                plane: p(1),
                loss: Loss::Killed { by: p(5) },
            },
            Event::AttackEnded {
                attack: 1,
                score: 8,
            },
            Event::AttackBegan { attack: 2 },
            Event::Destroyed {
                plane: p(4),
                loss: Loss::DamagedAgain { by: p(0) },
            },
            Event::Bombed {
                plane: p(6),
                rolls: vec![6, 6],
                points: 12,
            },
            Event::AttackEnded {
                attack: 2,
                score: 20,
            },
        ];
        let first = Report::of(&events, Some(1));
        assert_eq!(first.bombs, vec![(p(3), 8)]);
        assert_eq!(first.lost, vec![(p(1), Loss::Killed { by: p(5) })]);
        assert_eq!(first.damaged, vec![p(4)]);
        assert_eq!((first.shots, first.score, first.points()), (1, 8, 8));
        let all = Report::of(&events, None);
        assert_eq!(all.points(), 20);
        assert_eq!(all.score, 20);
        // Damaged in the first attack, lost in the second: lost, not damaged.
        assert!(all.damaged.is_empty());
        assert_eq!(all.lost.len(), 2);
    }
}
