//! Where the Simple Hex table draws its planes so that none hides another
//! or its name: planes sharing a hex fanned out, the planes waiting beyond
//! an edge in one row along it, and each name beside its plane's mark
//! where it covers no other.

use super::{Disp, FaceDown};
use crate::app::board_view::{counter_reach, label_places, tag_place, BoardView, Counter, Mark};
use crate::simple_hex::{Game, PlaneId};
use macroquad::prelude::*;

/// A plane waiting beyond its edge, for `fan_out`: the direction away
/// from the mat, a point of the line along the edge where its side waits,
/// and its unit.
pub(super) struct Waiting {
    pub away: Vec2,
    pub line: Vec2,
    pub unit: u8,
}

/// Where the Simple Hex table draws each plane of `g` shown as `disp`
/// says (see `fan_out`): the planes staged beyond their side's edge wait
/// in its row, along the outer of the zigzagging entry hexes.
pub(super) fn planes(
    g: &Game,
    disp: &[Disp],
    v: &BoardView,
    fd: &FaceDown,
    avoid: &[Rect],
) -> Vec<(Vec2, f32, Option<bool>)> {
    let sc = g.scenario();
    fan_out(
        disp,
        avoid,
        v,
        |i| {
            let p = g.plane(PlaneId(i as u8));
            let end = sc.end_of(p.side);
            let away = -v.direction(end.opposite().facing_toward());
            // The entry hexes zigzag: the row keeps to the outer ones.
            let line = [0, 1]
                .map(|c| v.center(g.board().entry_hex(end, c)))
                .into_iter()
                .max_by(|a, b| a.dot(away).total_cmp(&b.dot(away)))
                .unwrap_or_default();
            // Shown beyond the mat: waiting there (the display may lag the
            // game, whose plane has entered already).
            (!g.board().contains(disp[i].hex)).then_some(Waiting {
                away,
                line,
                unit: p.unit.0,
            })
        },
        |i| {
            let id = PlaneId(i as u8);
            let p = g.plane(id);
            let (aircraft, short) = fd.aircraft(g, id);
            Counter {
                side: p.side,
                aircraft,
                short,
                unit: fd.unit(g, id),
                mark: Mark::of(p.colour),
                damaged: false,
                active: false,
                marker: None,
                lift: 0.0,
                name_left: false,
                tagged: g.board().contains(disp[i].hex),
                pill: false,
            }
        },
    )
}

/// Where planes are drawn so that none hides another or its name: per
/// plane, in `disp` order, an offset from its hex's centre, a scale, and
/// its name's side (`Some(true)` left of its mark, `Some(false)` right,
/// `None` not shown). Planes that share a hex over the mat are smaller and
/// spread along the screen's vertical. Planes waiting beyond an edge
/// (`waiting`) stand in one row along it, in the order of their columns,
/// each as near its column as the row allows and as large as lets the row
/// fit the board's area, the first of each unit in the row named. Then
/// each name goes right of its mark, else left, where it covers no other
/// plane's mark or name (and if it can, no other plane), else is left
/// out. `counter` is a plane's counter, named.
pub(super) fn fan_out<'c>(
    disp: &[Disp],
    avoid: &[Rect],
    v: &BoardView,
    waiting: impl Fn(usize) -> Option<Waiting>,
    counter: impl Fn(usize) -> Counter<'c>,
) -> Vec<(Vec2, f32, Option<bool>)> {
    let fan = Fan {
        disp,
        v,
        right: v.area.x + v.area.w,
        counter,
    };
    let mut out = vec![(Vec2::ZERO, 1.0, Some(false)); disp.len()];
    let waits: Vec<Option<Waiting>> = (0..disp.len())
        .map(|i| waiting(i).filter(|_| disp[i].visible))
        .collect();
    fan_stacks(disp, &waits, v, &mut out);
    for (away, line, row) in edge_rows(&waits) {
        fan.place_row(&waits, away, line, row, &mut out);
    }
    fan.name_planes(avoid, &mut out);
    out
}

/// Planes that share a hex over the mat (none waiting beyond an edge):
/// smaller, and spread along the screen's vertical.
fn fan_stacks(
    disp: &[Disp],
    waits: &[Option<Waiting>],
    v: &BoardView,
    out: &mut [(Vec2, f32, Option<bool>)],
) {
    for (i, d) in disp.iter().enumerate() {
        if !d.visible || waits[i].is_some() {
            continue;
        }
        let stack: Vec<usize> = disp
            .iter()
            .enumerate()
            .filter(|(j, e)| e.visible && e.hex == d.hex && waits[*j].is_none())
            .map(|(j, _)| j)
            .collect();
        if stack.len() > 1 {
            let k = stack.iter().position(|&j| j == i).unwrap_or(0) as f32;
            let n = stack.len() as f32;
            out[i].0 = vec2(0.0, (k - (n - 1.0) / 2.0) * v.size * 1.2);
            out[i].1 = 0.7;
        }
    }
}

/// Each edge's row: the direction away from the mat, a point of the line
/// along the edge, and the planes in the order of their hexes along it.
fn edge_rows(waits: &[Option<Waiting>]) -> Vec<(Vec2, Vec2, Vec<usize>)> {
    let mut rows: Vec<(Vec2, Vec2, Vec<usize>)> = Vec::new();
    for (i, w) in waits.iter().enumerate() {
        let Some(w) = w else { continue };
        match rows.iter_mut().find(|r| r.0 == w.away) {
            Some(r) => r.2.push(i),
            None => rows.push((w.away, w.line, vec![i])),
        }
    }
    rows
}

/// A box's extent along a direction, from `t`.
fn extent(r: Rect, along: Vec2, t: f32) -> (f32, f32) {
    let c = [
        r.point(),
        r.point() + vec2(r.w, 0.0),
        r.point() + vec2(0.0, r.h),
        r.point() + r.size(),
    ]
    .map(|p| p.dot(along) - t);
    (
        c.iter().copied().fold(f32::MAX, f32::min),
        c.iter().copied().fold(f32::MIN, f32::max),
    )
}

/// What `fan_out` places the planes by: how they are shown, the board,
/// the right edge of its clip, and each plane's counter, named.
struct Fan<'a, C> {
    disp: &'a [Disp],
    v: &'a BoardView,
    right: f32,
    counter: C,
}

impl<'c, C: Fn(usize) -> Counter<'c>> Fan<'_, C> {
    fn counter(&self, i: usize) -> Counter<'c> {
        (self.counter)(i)
    }

    /// The box a plane covers drawn at `at` and `scale`, named or not.
    fn reach(&self, i: usize, at: Vec2, scale: f32, named: bool) -> Rect {
        let mut c = self.counter(i);
        if !named {
            c.unit = None;
        }
        let v = self.v;
        counter_reach(
            at,
            v.direction(self.disp[i].facing),
            v.size * scale,
            &c,
            self.right,
        )
    }

    /// The planes waiting beyond one edge, in one row along it, each as
    /// near its column as the row allows and as large as lets the row fit
    /// the board's area, the first of each unit in the row named.
    fn place_row(
        &self,
        waits: &[Option<Waiting>],
        away: Vec2,
        line: Vec2,
        mut row: Vec<usize>,
        out: &mut [(Vec2, f32, Option<bool>)],
    ) {
        let (disp, v, right) = (self.disp, self.v, self.right);
        let along = vec2(-away.y, away.x);
        let want = |i: usize| v.center(disp[i].hex).dot(along);
        row.sort_by(|&a, &b| want(a).total_cmp(&want(b)).then(a.cmp(&b)));
        let unit = |i: usize| waits[i].as_ref().map(|w| w.unit);
        let named: Vec<bool> = (0..row.len())
            .map(|k| k == 0 || unit(row[k]) != unit(row[k - 1]))
            .collect();
        // The room along the edge: the board's area, seen along it.
        let room = extent(v.area, along, 0.0);
        let room = (room.0 + 2.0, room.1 - 2.0);
        let at = |t: f32| away * line.dot(away) + along * t;
        let wanted: Vec<f32> = row.iter().map(|&i| want(i)).collect();
        let mut placed = None;
        for step in 0..8 {
            let scale = 0.75 - step as f32 * 0.05;
            // Twice: a name's plate may change sides once the plane moves.
            let mut ts = wanted.clone();
            let mut fit = None;
            for _ in 0..2 {
                let extents: Vec<(f32, f32)> = row
                    .iter()
                    .zip(&ts)
                    .zip(&named)
                    .map(|((&i, &t), &nm)| extent(self.reach(i, at(t), scale, nm), along, t))
                    .collect();
                fit = spread(&wanted, &extents, 2.0, room);
                if let Some(f) = &fit {
                    ts = f.clone();
                }
            }
            if let Some(ts) = fit {
                placed = Some((ts, scale));
                break;
            }
        }
        // Too many to fit even small: spread evenly over the room.
        let (ts, scale) = placed.unwrap_or_else(|| {
            let n = row.len() as f32;
            let gap = (room.1 - room.0) / n;
            let ts = (0..row.len()).map(|k| room.0 + gap * (k as f32 + 0.5));
            (ts.collect(), 0.4)
        });
        // Moved towards the mat as far as the row would leave the area.
        let over = row
            .iter()
            .zip(&ts)
            .zip(&named)
            .map(|((&i, &t), &nm)| extent(self.reach(i, at(t), scale, nm), away, 0.0).1)
            .fold(f32::MIN, f32::max)
            - (extent(v.area, away, 0.0).1 - 2.0);
        let back = away * over.max(0.0);
        for (k, &i) in row.iter().enumerate() {
            out[i] = (at(ts[k]) - back - v.center(disp[i].hex), scale, None);
            // Named where its plate stays in the area, on either side.
            if named[k] {
                let mut c = self.counter(i);
                let at = v.center(disp[i].hex) + out[i].0;
                out[i].2 = [false, true].into_iter().find(|&left| {
                    c.name_left = left;
                    label_places(at, v.size * scale, &c, right)
                        .2
                        .is_some_and(|(r, _)| {
                            v.area.contains(r.point()) && v.area.contains(r.point() + r.size())
                        })
                });
            }
        }
    }

    /// Each name goes right of its mark, else left, where it covers no
    /// other plane's mark or name (and if it can, no other plane), else is
    /// left out.
    fn name_planes(&self, avoid: &[Rect], out: &mut [(Vec2, f32, Option<bool>)]) {
        let (disp, v, right) = (self.disp, self.v, self.right);
        // The names, around every plane's mark and body.
        let centres: Vec<Vec2> = (0..disp.len())
            .map(|i| v.center(disp[i].hex) + out[i].0)
            .collect();
        let centre = |i: usize| centres[i];
        let shown: Vec<usize> = (0..disp.len()).filter(|&i| disp[i].visible).collect();
        // Each plane's mark and type tag (no name may cover them) and body.
        let marks: Vec<(usize, Rect, Option<Rect>, Rect)> = shown
            .iter()
            .map(|&i| {
                let c = self.counter(i);
                let size = v.size * out[i].1;
                let (dot, dr, _) = label_places(centre(i), size, &c, right);
                let mark = Rect::new(dot.x - dr, dot.y - dr, dr * 2.0, dr * 2.0);
                let tag = tag_place(centre(i), size, &c, right).map(|t| t.0);
                (i, mark, tag, self.reach(i, centre(i), out[i].1, false))
            })
            .collect();
        let mut plates: Vec<Rect> = Vec::new();
        for &i in &shown {
            if out[i].2.is_none() {
                continue;
            }
            let mut c = self.counter(i);
            let mut sides = Vec::new();
            for left in [false, true] {
                c.name_left = left;
                if let (_, _, Some((r, _))) = label_places(centre(i), v.size * out[i].1, &c, right)
                {
                    sides.push((left, r));
                }
            }
            let clear = |r: &Rect, bodies: bool| {
                v.area.contains(r.point())
                    && v.area.contains(r.point() + r.size())
                    && !plates.iter().any(|o| o.overlaps(r))
                    && !avoid.iter().any(|o| o.overlaps(r))
                    && !marks.iter().any(|(j, m, t, b)| {
                        *j != i
                            && (m.overlaps(r)
                                || t.is_some_and(|t| t.overlaps(r))
                                || (bodies && b.overlaps(r)))
                    })
            };
            let side = [true, false]
                .into_iter()
                .find_map(|bodies| sides.iter().find(|(_, r)| clear(r, bodies)));
            out[i].2 = side.map(|(left, r)| {
                plates.push(*r);
                *left
            });
        }
    }
}

/// Places along a line for boxes that want to be at `wanted` (in order)
/// and reach from `lo` to `hi` about their place (`extents`), so that
/// neighbours keep `gap` apart and all stay within `room`: as near their
/// wish as that allows (least squares, by pooling adjacent violators).
/// None if they cannot fit.
fn spread(wanted: &[f32], extents: &[(f32, f32)], gap: f32, room: (f32, f32)) -> Option<Vec<f32>> {
    let n = wanted.len();
    if n == 0 {
        return Some(Vec::new());
    }
    // Each box's least distance from the first: then the places less those
    // distances must only not decrease.
    let mut dist = vec![0.0; n];
    for k in 1..n {
        dist[k] = dist[k - 1] + extents[k - 1].1 + gap - extents[k].0;
    }
    let low = room.0 - extents[0].0;
    let high = room.1 - extents[n - 1].1 - dist[n - 1];
    if low > high {
        return None;
    }
    let mut blocks: Vec<(f32, usize)> = Vec::new();
    for k in 0..n {
        blocks.push((wanted[k] - dist[k], 1));
        while blocks.len() > 1 {
            let (s1, c1) = blocks[blocks.len() - 1];
            let (s0, c0) = blocks[blocks.len() - 2];
            if s0 / c0 as f32 <= s1 / c1 as f32 {
                break;
            }
            blocks.pop();
            *blocks.last_mut().expect("two blocks") = (s0 + s1, c0 + c1);
        }
    }
    let mut out = Vec::with_capacity(n);
    for (s, c) in blocks {
        let u = (s / c as f32).clamp(low, high);
        out.extend(std::iter::repeat_n(u, c));
    }
    Some(out.iter().zip(&dist).map(|(u, d)| u + d).collect())
}

#[cfg(test)]
mod tests {
    use super::{fan_out, spread, Waiting};
    use crate::app::board_view::{
        counter_reach, label_places, BoardView, Counter, Lie, Mark, Zoom,
    };
    use crate::app::simple_hex::Disp;
    use crate::common::hex::{hex_from_offset, End};
    use crate::common::Side;
    use crate::simple_hex::Colour;
    use macroquad::prelude::*;

    /// Three squadrons a side, all twelve planes of each side waiting in
    /// two or three columns beyond its edge, on a campaign intercept's mat
    /// laid across a 960 x 600 window: no plane (with its mark and name)
    /// covers another, none leaves the board's area, no name covers a mark.
    #[test]
    fn squadrons_waiting_in_the_same_columns_stand_apart_in_the_area() {
        let area = Rect::new(8.0, 70.0, 686.0, 496.0);
        let v = BoardView::fit_zoomed(14, 18, area, Lie::Across, Zoom::default());
        let rows = 18;
        let columns = [5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6];
        let plane = |i: usize| {
            let (side, end) = if i < 12 {
                (Side::German, End::South)
            } else {
                (Side::British, End::North)
            };
            let col = if side == Side::German {
                columns[i] + 7
            } else {
                columns[i - 12]
            };
            let row = if end == End::North { -1 } else { rows };
            (side, end, hex_from_offset(col, row), (i / 4) as u8)
        };
        let disp: Vec<Disp> = (0..24)
            .map(|i| {
                let (_, end, hex, _) = plane(i);
                Disp {
                    hex,
                    facing: end.opposite().facing_toward(),
                    visible: true,
                    damaged: false,
                }
            })
            .collect();
        let names = [
            "II./KG 54",
            "I./ZG 2",
            "III./StG 77",
            "615 Sqn",
            "601 Sqn",
            "56 Sqn",
        ];
        let counter = |i: usize| {
            let (side, _, _, unit) = plane(i);
            Counter {
                side,
                aircraft: if side == Side::German {
                    "Ju 88"
                } else {
                    "Hurricane"
                },
                short: "",
                unit: Some(names[unit as usize]),
                mark: Mark::of(Colour::ALL[i % 4]),
                damaged: false,
                active: false,
                marker: None,
                lift: 0.0,
                name_left: false,
                tagged: true,
                pill: false,
            }
        };
        let fan = fan_out(
            &disp,
            &[],
            &v,
            |i| {
                let (_, end, _, unit) = plane(i);
                let away = -v.direction(end.opposite().facing_toward());
                let row = if end == End::North { -1 } else { rows };
                let line = [0, 1]
                    .map(|c| v.center(hex_from_offset(c, row)))
                    .into_iter()
                    .max_by(|a, b| a.dot(away).total_cmp(&b.dot(away)))
                    .unwrap_or_default();
                Some(Waiting { away, line, unit })
            },
            counter,
        );
        let right = area.x + area.w;
        let drawn: Vec<(Rect, Rect, Option<Rect>)> = (0..24)
            .map(|i| {
                let (offset, scale, name) = fan[i];
                let mut c = counter(i);
                if name.is_none() {
                    c.unit = None;
                }
                c.name_left = name == Some(true);
                let p = v.center(disp[i].hex) + offset;
                let dir = v.direction(disp[i].facing);
                let size = v.size * scale;
                let (dot, dr, plate) = label_places(p, size, &c, right);
                let mark = Rect::new(dot.x - dr, dot.y - dr, dr * 2.0, dr * 2.0);
                (
                    counter_reach(p, dir, size, &c, right),
                    mark,
                    plate.map(|p| p.0),
                )
            })
            .collect();
        let named = drawn.iter().filter(|d| d.2.is_some()).count();
        assert!(named >= 6, "only {named} names shown: {fan:?}");
        for (i, (r, _, plate)) in drawn.iter().enumerate() {
            let inside = |r: &Rect| area.contains(r.point()) && area.contains(r.point() + r.size());
            assert!(inside(r), "plane {i} at {r:?} leaves the area {area:?}");
            for (j, (o, mark, _)) in drawn.iter().enumerate().skip(i + 1) {
                assert!(
                    !r.overlaps(o),
                    "plane {i} at {r:?} covers plane {j} at {o:?}"
                );
                if let Some(p) = plate {
                    assert!(
                        !p.overlaps(mark),
                        "plane {i}'s name covers plane {j}'s mark"
                    );
                }
            }
        }
    }

    #[test]
    fn boxes_that_fit_stay_where_they_want_to_be() {
        let got = spread(
            &[0.0, 50.0, 100.0],
            &[(-10.0, 10.0); 3],
            2.0,
            (-100.0, 200.0),
        );
        assert_eq!(got, Some(vec![0.0, 50.0, 100.0]));
    }

    #[test]
    fn boxes_that_want_one_place_share_it_out_about_it_and_none_overlaps() {
        let ext = [(-10.0, 10.0), (-5.0, 15.0), (-10.0, 10.0), (-10.0, 10.0)];
        let got = spread(&[50.0; 4], &ext, 2.0, (-100.0, 200.0)).expect("room");
        for k in 1..got.len() {
            let room = (got[k] + ext[k].0) - (got[k - 1] + ext[k - 1].1);
            assert!(room >= 2.0 - 1e-3, "{got:?}");
        }
        let mean = got.iter().sum::<f32>() / 4.0;
        assert!((mean - 50.0).abs() < 1e-3, "{got:?}");
    }

    #[test]
    fn boxes_stay_in_their_room_or_are_refused() {
        let ext = [(-10.0, 10.0); 3];
        let got = spread(&[0.0; 3], &ext, 2.0, (0.0, 100.0)).expect("room");
        assert!(
            got[0] - 10.0 >= -1e-3 && got[2] + 10.0 <= 100.0 + 1e-3,
            "{got:?}"
        );
        assert_eq!(spread(&[0.0; 3], &ext, 2.0, (0.0, 60.0)), None);
    }
}
