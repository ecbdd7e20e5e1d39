//! How the campaign's screen names things: geschwader, wings, squadrons,
//! target cards and squares, each read from a state of the campaign (the
//! one an event left, when the event is described).

use crate::campaign::data::{Square, Terrain};
use crate::campaign::state::State;

pub fn geschwader_name(s: &State, g: usize) -> String {
    s.data().oob.geschwader[g].name.clone()
}

/// A wing's name (the Big Wing's with the wing that leads it).
pub fn wing_name(s: &State, w: usize) -> String {
    let name = &s.data().oob.wings[w].name;
    if s.wings()[w].big {
        format!("Big Wing ({name})")
    } else {
        name.clone()
    }
}

/// A squadron's name and aircraft.
pub fn squadron(s: &State, q: usize) -> String {
    let sq = &s.forces().squadrons[q];
    format!("{} ({})", sq.name, s.aircraft(q).name)
}

pub fn card_name(s: &State, card: u16) -> String {
    s.data().targets.cards[card as usize].name.clone()
}

/// A hand card as the German reads it: name, kind, hits.
pub fn card_entry(s: &State, card: u16) -> String {
    let c = &s.data().targets.cards[card as usize];
    format!(
        "{} - {}, {} hit{}",
        c.name,
        c.kind.name(),
        c.hits,
        if c.hits == 1 { "" } else { "s" }
    )
}

/// The name of what stands on a square, else where it is.
pub fn square_name(s: &State, sq: Square) -> String {
    let m = &s.data().map;
    let named = m
        .places
        .iter()
        .find(|p| p.at == sq)
        .map(|p| p.name.clone())
        .or_else(|| {
            m.stations
                .iter()
                .find(|s| s.at == sq)
                .map(|s| s.name.clone())
        })
        .or_else(|| m.radar.iter().find(|s| s.at == sq).map(|s| s.name.clone()))
        .or_else(|| m.bases.iter().find(|b| b.at == sq).map(|b| b.name.clone()));
    if let Some(n) = named {
        return n;
    }
    match m.terrain(sq) {
        Some(Terrain::Sea) => format!("sea ({}, {})", sq.col, sq.row),
        Some(Terrain::Continent) => format!("the continent ({}, {})", sq.col, sq.row),
        Some(Terrain::Land(g)) => format!("{} ({}, {})", g.name(), sq.col, sq.row),
        None => format!("({}, {})", sq.col, sq.row),
    }
}

/// A geschwader's squadrons by type (for the German's eyes).
pub fn composition(s: &State, g: usize) -> String {
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for &q in &s.geschwader()[g].squadrons {
        let n = s.aircraft(q).name.clone();
        match kinds.iter_mut().find(|(k, _)| *k == n) {
            Some(e) => e.1 += 1,
            None => kinds.push((n, 1)),
        }
    }
    kinds
        .iter()
        .map(|(k, n)| format!("{n} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A geschwader's counter: "KG2" for "KG 2".
pub fn short_geschwader(name: &str) -> String {
    let mut it = name.split_whitespace();
    match (it.next(), it.next()) {
        (Some(a), Some(b)) => format!("{a}{}", b.trim_end_matches(',')),
        (Some(a), None) => a.to_string(),
        _ => "?".into(),
    }
}

/// A wing's counter: the first letters of its station.
pub fn short_wing(name: &str) -> String {
    let words: Vec<&str> = name
        .split_whitespace()
        .filter(|w| *w != "Wing" && *w != "Big")
        .collect();
    match words.as_slice() {
        [one] => one.chars().take(3).collect(),
        many => many.iter().filter_map(|w| w.chars().next()).collect(),
    }
}

/// A refusal as a sentence: capitalised, with a full stop.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str() + ".",
        None => String::new(),
    }
}

/// Splits text into lines no wider than `width` at `size` (see
/// `ui::wrap_text`), leaving out empty lines.
pub fn wrap(s: &str, width: f32, size: f32) -> Vec<String> {
    crate::app::ui::wrap_text(s, width, size)
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect()
}

/// A unit's name and the verb that agrees with it: `does("KG 3 and StG 1",
/// "takes off", "take off")` is "KG 3 and StG 1 take off".
pub fn does(name: &str, one: &str, many: &str) -> String {
    format!("{name} {}", crate::common::words::agree(name, one, many))
}

/// "KG 2 is", "KG 3 and StG 1 are".
pub fn is_are(name: &str) -> String {
    does(name, "is", "are")
}
