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

/// A list longer than `max` (more than any sensible game holds) is refused
/// at its first item too many, so that nothing is checked item by item in
/// a file of a hundred thousand units.
pub fn too_long<T>(path: &str, list: &[T], max: usize, what: &str) -> Option<Invalid> {
    (list.len() > max).then(|| {
        Invalid::new(
            format!("{path}[{max}]"),
            format!("{} {what}: more than the {max} a file may give", list.len()),
        )
    })
}

/// For each key, the index of the first earlier key equal to it (None for
/// the first of its kind): a duplicate check in one pass, not every pair.
pub fn earlier_same<K: Eq + std::hash::Hash>(
    keys: impl IntoIterator<Item = K>,
) -> Vec<Option<usize>> {
    use std::collections::hash_map::{Entry, HashMap};
    let mut first = HashMap::new();
    keys.into_iter()
        .enumerate()
        .map(|(i, k)| match first.entry(k) {
            Entry::Occupied(e) => Some(*e.get()),
            Entry::Vacant(e) => {
                e.insert(i);
                None
            }
        })
        .collect()
}
