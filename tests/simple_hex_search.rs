//! The bitboard move search against a plain reference built only from the
//! one-step rule (`step_to`): on random boards, with random occupancy and
//! random movers, both must agree on "can this move be finished?" and on the
//! set of reachable states, and every path the search gives must replay step
//! by step through `step_to`.

use proptest::prelude::*;
use tally_ho::common::hex::{hex_from_offset, Board, End, Facing};
use tally_ho::simple_hex::movement::{step_to, Mover, Step, StepTo};
use tally_ho::simple_hex::search::{path_to, Search};
use tally_ho::simple_hex::PlaneId;

/// The rule, literally: some sequence of steps uses all `rem` moves and stops on
/// a free hex, or leaves by an end.
fn reference(
    b: &Board<PlaneId>,
    m: &Mover,
    hex: hexx::Hex,
    f: Facing,
    rem: u8,
    staged: bool,
) -> bool {
    if rem == 0 {
        return !staged && b.is_free(hex);
    }
    Step::ALL
        .iter()
        .any(|&s| match step_to(b, m, hex, f, s, staged, rem) {
            Ok(StepTo::Exit { .. }) => true,
            Ok(StepTo::Move {
                to, facing, cost, ..
            }) => reference(b, m, to, facing, rem - cost, false),
            Err(_) => false,
        })
}

/// Every (hex, facing, used) reachable on the way to a finishable state.
fn reference_states(
    b: &Board<PlaneId>,
    m: &Mover,
    start: (hexx::Hex, Facing),
    staged: bool,
    rem: u8,
    out: &mut Vec<(hexx::Hex, Facing, u8)>,
    used: u8,
) {
    for s in Step::ALL {
        if let Ok(StepTo::Move {
            to, facing, cost, ..
        }) = step_to(b, m, start.0, start.1, s, staged && used == 0, rem - used)
        {
            let u = used + cost;
            if reference(b, m, to, facing, rem - u, false) && !out.contains(&(to, facing, u)) {
                out.push((to, facing, u));
                if u < rem {
                    reference_states(b, m, (to, facing), false, rem, out, u);
                }
            }
        }
    }
}

fn facing(i: u8) -> Facing {
    Facing::ALL[i as usize % 6]
}

#[allow(clippy::too_many_arguments)]
fn agree(
    cols: u32,
    rows: u32,
    filled: Vec<(i32, i32)>,
    start: (i32, i32),
    f: u8,
    rem: u8,
    damaged: bool,
    can_loop: bool,
    home_north: bool,
    staged: bool,
) -> Result<(), TestCaseError> {
    let mut b: Board<PlaneId> = Board::new(cols, rows);
    for (i, &(c, r)) in filled.iter().enumerate() {
        b.set(
            hex_from_offset(c % cols as i32, r % rows as i32),
            Some(PlaneId(i as u8)),
        );
    }
    let home = if home_north { End::North } else { End::South };
    let m = Mover {
        home,
        damaged,
        can_loop: can_loop && !damaged,
        loop_cost: 4,
        at: None,
    };
    let col = start.0 % cols as i32;
    let (hex, f) = if staged {
        (
            b.entry_hex(home, col as u32),
            home.opposite().facing_toward(),
        )
    } else {
        let h = hex_from_offset(col, start.1 % rows as i32);
        b.set(h, None); // the mover is lifted off its own hex
        (h, facing(f))
    };
    let mut search = Search::new(&b, 8);
    prop_assert_eq!(
        search.can_finish(&b, &m, hex, f, rem, staged),
        reference(&b, &m, hex, f, rem, staged)
    );
    // Reachable states agree, and every path replays through step_to.
    search.reach(&b, &m, (hex, f), staged, rem);
    let mut want = Vec::new();
    reference_states(&b, &m, (hex, f), staged, rem, &mut want, 0);
    let mut got = Vec::new();
    for cell in 0..b.len() as u16 {
        for face in Facing::ALL {
            for u in 1..=rem {
                if search.valid(cell, face, u) {
                    got.push((b.cell_hex(cell), face, u));
                }
            }
        }
    }
    want.sort_by_key(|&(h, f, u)| (tally_ho::common::hex::offset_of(h), f, u));
    got.sort_by_key(|&(h, f, u)| (tally_ho::common::hex::offset_of(h), f, u));
    prop_assert_eq!(&got, &want);
    // The opponent's lazy question (a quick look, the tables only when it
    // finds nothing) answers as the tables do, from a fresh search.
    let mut lazy = Search::new(&b, 8);
    lazy.reach_only(&b, &m, (hex, f), staged, rem);
    for cell in 0..b.len() as u16 {
        for face in Facing::ALL {
            for min in 0..=rem {
                prop_assert_eq!(
                    lazy.first_valid_lazy(&b, cell, face, min.max(1)),
                    search.first_valid(cell, face, min.max(1)),
                    "cell {} facing {:?} from {}",
                    cell,
                    face,
                    min
                );
            }
        }
    }
    // A mover still standing on its hex (as in a game) is searched as if
    // lifted off it: its own hex is free for the rest of its move. The same
    // search asked again after a step of its own keeps its tables and agrees.
    if !staged {
        let mut on = b.clone();
        on.set(hex, Some(PlaneId(99)));
        let standing = Mover { at: Some(hex), ..m };
        let mut s2 = Search::new(&on, 8);
        prop_assert_eq!(
            s2.can_finish(&on, &standing, hex, f, rem, false),
            reference(&b, &m, hex, f, rem, false)
        );
        s2.reach(&on, &standing, (hex, f), false, rem);
        for &(h, face, u) in &got {
            prop_assert!(s2.valid(on.index(h).unwrap() as u16, face, u));
        }
    }
    let mut path = Vec::new();
    for &(h, face, u) in &got {
        search.path(&b, b.index(h).unwrap() as u16, face, u, &mut path);
        let (mut at, mut af, mut used) = (hex, f, 0u8);
        for (k, &s) in path.iter().enumerate() {
            match step_to(&b, &m, at, af, s, staged && k == 0, rem - used) {
                Ok(StepTo::Move {
                    to, facing, cost, ..
                }) => {
                    at = to;
                    af = facing;
                    used += cost;
                }
                other => prop_assert!(false, "path step {s:?} gave {other:?}"),
            }
        }
        prop_assert_eq!((at, af, used), (h, face, u));
    }
    // explore() lists the same states, each with a parent chain that replays.
    let mut nodes = Vec::new();
    search.explore(&b, &m, (hex, f), staged, rem, &mut nodes);
    let mut listed: Vec<_> = nodes[1..]
        .iter()
        .filter(|n| n.exit.is_none())
        .map(|n| (n.hex, n.facing, n.used))
        .collect();
    listed.sort_by_key(|&(h, f, u)| (tally_ho::common::hex::offset_of(h), f, u));
    prop_assert_eq!(&listed, &got);
    for i in 1..nodes.len() {
        path_to(&nodes, i, &mut path);
        let (mut at, mut af, mut used) = (hex, f, 0u8);
        for (k, &s) in path.iter().enumerate() {
            match step_to(&b, &m, at, af, s, staged && k == 0, rem - used) {
                Ok(StepTo::Move {
                    to, facing, cost, ..
                }) => {
                    at = to;
                    af = facing;
                    used += cost;
                }
                Ok(StepTo::Exit { end, .. }) => {
                    prop_assert_eq!(Some(end), nodes[i].exit);
                    used += 1;
                }
                Err(e) => prop_assert!(false, "node path step {s:?}: {e}"),
            }
        }
        prop_assert_eq!(used, nodes[i].used);
        if nodes[i].exit.is_none() {
            prop_assert_eq!((at, af), (nodes[i].hex, nodes[i].facing));
        }
    }
    // Exits found by the search are real exits.
    for end in [End::North, End::South] {
        if let Some(x) = search.exit(end) {
            prop_assert!(!staged || x.used > 0);
            let r = step_to(
                &b,
                &m,
                b.cell_hex(x.cell),
                x.facing,
                x.step,
                false,
                rem - x.used,
            );
            let is_exit = matches!(r, Ok(StepTo::Exit { end: e, .. }) if e == end);
            prop_assert!(is_exit);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn bitboard_search_agrees_with_the_step_rule(
        cols in 5u32..12,
        rows in 5u32..12,
        filled in proptest::collection::vec((0i32..12, 0i32..12), 0..14),
        start in (0i32..12, 0i32..12),
        f in 0u8..6,
        rem in 2u8..8,
        damaged in any::<bool>(),
        can_loop in any::<bool>(),
        home_north in any::<bool>(),
        staged in any::<bool>(),
    ) {
        agree(cols, rows, filled, start, f, rem, damaged, can_loop, home_north, staged)?;
    }

    /// Crowded narrow boards with the ends out of reach, where the loop or a
    /// homeward turn is often the only way out.
    #[test]
    fn bitboard_search_agrees_on_crowded_boards(
        cols in 4u32..8,
        rows in 10u32..16,
        filled in proptest::collection::vec((0i32..8, 0i32..16), 20..90),
        start in (0i32..8, 4i32..10),
        f in 0u8..6,
        rem in 3u8..8,
        damaged in any::<bool>(),
        home_north in any::<bool>(),
    ) {
        agree(cols, rows, filled, start, f, rem, damaged, true, home_north, false)?;
    }
}

/// A corridor where only the Immelmann lands on a free hex: the search must
/// find it, and must not when the plane cannot loop.
#[test]
fn the_loop_can_be_the_only_way_out() {
    let mut b: Board<PlaneId> = Board::new(5, 14);
    for r in 2..=11 {
        for c in 0..5 {
            b.set(hex_from_offset(c, r), Some(PlaneId(0)));
        }
    }
    let start = hex_from_offset(2, 8);
    b.set(start, None);
    b.set(hex_from_offset(2, 6), None);
    let looper = Mover {
        home: End::North,
        damaged: false,
        can_loop: true,
        loop_cost: 4,
        at: None,
    };
    let other = Mover {
        can_loop: false,
        ..looper
    };
    let mut s = Search::new(&b, 8);
    assert!(reference(&b, &looper, start, Facing::North, 4, false));
    assert!(s.can_finish(&b, &looper, start, Facing::North, 4, false));
    assert!(!reference(&b, &other, start, Facing::North, 4, false));
    assert!(!s.can_finish(&b, &other, start, Facing::North, 4, false));
    s.reach(&b, &looper, (start, Facing::North), false, 4);
    let mut path = Vec::new();
    let land = b.index(hex_from_offset(2, 6)).unwrap() as u16;
    assert!(s.valid(land, Facing::South, 4));
    s.path(&b, land, Facing::South, 4, &mut path);
    assert_eq!(path, vec![Step::Immelmann]);
}
