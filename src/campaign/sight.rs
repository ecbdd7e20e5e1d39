//! What each side may see. The campaign is a game of hidden information:
//! the German hand, the raids' targets, what each geschwader holds and the
//! gruppen placed face down are the Luftwaffe's alone; which squadrons fly
//! in which wing is the RAF's alone; each side reads its own squadrons'
//! boxes by name and only counts of the other's. A screen asks here before
//! it shows a side any of these; the opponents read only their own.

use crate::common::Side;

/// Something of the campaign one side keeps from the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Secret {
    /// The target cards in the German hand.
    Hand,
    /// The target each raid is sent against.
    Targets,
    /// Which squadrons (of which types) fly in each geschwader.
    Raids,
    /// Which squadron went into which gruppe, face down.
    Gruppen,
    /// Which squadrons fly in each wing.
    Wings,
    /// A side's squadrons by name in its group's or Luftflotte's boxes.
    Squadrons(Side),
}

impl Secret {
    /// The side that keeps it.
    pub fn owner(self) -> Side {
        match self {
            Secret::Hand | Secret::Targets | Secret::Raids | Secret::Gruppen => Side::German,
            Secret::Wings => Side::British,
            Secret::Squadrons(side) => side,
        }
    }
}

/// The side `viewer` may see `secret`.
pub fn may_see(viewer: Side, secret: Secret) -> bool {
    secret.owner() == viewer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_sees_its_own_secrets_and_none_of_the_others() {
        let german = [
            Secret::Hand,
            Secret::Targets,
            Secret::Raids,
            Secret::Gruppen,
        ];
        for s in german {
            assert!(may_see(Side::German, s), "{s:?}");
            assert!(!may_see(Side::British, s), "{s:?}");
        }
        assert!(may_see(Side::British, Secret::Wings));
        assert!(!may_see(Side::German, Secret::Wings));
        for side in [Side::British, Side::German] {
            assert!(may_see(side, Secret::Squadrons(side)));
            assert!(!may_see(side.other(), Secret::Squadrons(side)));
        }
    }
}
