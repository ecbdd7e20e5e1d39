//! What a game's state is given at its start and never writes: the scenario
//! and its rules, shared between every copy of the state.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// Data a state holds but no event changes. Two states are equal only if
/// they hold the very same data (a state rebuilt from a game's initial state
/// shares it), so comparing states compares what the events wrote.
pub struct Given<T>(Arc<T>);

impl<T> Given<T> {
    pub fn new(data: Arc<T>) -> Given<T> {
        Given(data)
    }
}

impl<T> Clone for Given<T> {
    fn clone(&self) -> Self {
        Given(Arc::clone(&self.0))
    }
}

impl<T> Deref for Given<T> {
    type Target = Arc<T>;
    fn deref(&self) -> &Arc<T> {
        &self.0
    }
}

impl<T> PartialEq for Given<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> fmt::Debug for Given<T> {
    /// The data is left out: it is the setting, not the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Given(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_of_the_same_data_are_equal_and_equal_data_apart_is_not() {
        let a = Given::new(Arc::new(vec![1, 2]));
        assert_eq!(a, a.clone());
        assert_ne!(a, Given::new(Arc::new(vec![1, 2])));
        assert_eq!(format!("{a:?}"), "Given(..)");
    }
}
