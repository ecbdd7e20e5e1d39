//! A problem found while validating a data file, as every game's loader
//! reports it: the RON path of the offending value and a sentence. The loader
//! turns the path into a line and column.

/// A problem found while validating, with the RON path of the offending value
/// (e.g. `units[2].aircraft`) so the loader can turn it into a line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub path: String,
    pub message: String,
}

impl Invalid {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Invalid {
        Invalid {
            path: path.into(),
            message: message.into(),
        }
    }
}
