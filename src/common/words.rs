//! Counts and subjects as a person writes them, for every game's messages:
//! "1 square" and "2 squares", "KG 2 is" and "KG 3 and StG 1 are".

use std::fmt::Display;

/// The noun for `n` things: `one` for exactly one, else `many` ("0 hits").
pub fn plural<'a>(n: impl Display, one: &'a str, many: &'a str) -> &'a str {
    if n.to_string() == "1" {
        one
    } else {
        many
    }
}

/// `n` and its noun: `count(1, "square", "squares")` is "1 square".
pub fn count(n: impl Display, one: &str, many: &str) -> String {
    let noun = plural(&n, one, many);
    format!("{n} {noun}")
}

/// Whether a name lists several units ("KG 3 and StG 1", "KG 51, KG 54 and
/// StG 77"), and so takes a plural verb.
pub fn names_several(name: &str) -> bool {
    name.contains(" and ") || name.contains(", ")
}

/// The verb (or the rest of the clause) that agrees with `subject`:
/// `agree("KG 3 and StG 1", "is", "are")` is "are".
pub fn agree<'a>(subject: &str, one: &'a str, many: &'a str) -> &'a str {
    if names_several(subject) {
        many
    } else {
        one
    }
}
