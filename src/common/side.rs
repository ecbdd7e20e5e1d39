//! The two sides of every game: the Luftwaffe and the RAF.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    German,
    British,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::German => Side::British,
            Side::British => Side::German,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::German => "Luftwaffe",
            Side::British => "RAF",
        }
    }
}
