//! Messages as a person writes them: counts agree with their nouns, names
//! of several units with their verbs.

use tally_ho::common::words::{agree, count, plural};

#[test]
fn one_square_is_singular() {
    assert_eq!(count(1, "square", "squares"), "1 square");
    assert_eq!(count(1usize, "kill", "kills"), "1 kill");
    assert_eq!(plural(1u8, "hex", "hexes"), "hex");
}

#[test]
fn no_squares_and_two_squares_are_plural() {
    assert_eq!(count(0, "square", "squares"), "0 squares");
    assert_eq!(count(2u32, "square", "squares"), "2 squares");
    assert_eq!(count(11, "kill", "kills"), "11 kills");
}

#[test]
fn two_geschwader_names_take_a_plural_verb() {
    assert_eq!(agree("KG 3 and StG 1", "is", "are"), "are");
    assert_eq!(
        agree("KG 51, KG 54 and StG 77", "takes off", "take off"),
        "take off"
    );
}

#[test]
fn one_geschwader_takes_a_singular_verb() {
    assert_eq!(agree("KG 2", "is", "are"), "is");
}

#[test]
fn refusals_count_their_squares_in_the_singular_for_one() {
    let family = tally_ho::family::Illegal::TooFar { squares: 1 }.to_string();
    assert_eq!(family, "That is more than 1 square away.");
    let campaign = tally_ho::campaign::check::Illegal::WingRange { squares: 1 }.to_string();
    assert_eq!(campaign, "A wing flies 1 square at most.");
    let gruppen = tally_ho::campaign::check::Illegal::NoSuchGruppe { gruppen: 1 }.to_string();
    assert_eq!(gruppen, "There is 1 gruppe.");
}
