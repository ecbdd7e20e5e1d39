//! Aircraft as seen from above, for drawing on the boards: outlines kept as
//! data (`levels/silhouettes.ron`), one per aircraft type. No rule reads
//! them; they are checked on load like every other file.

use super::invalid::{earlier_same, too_long, Invalid};
use serde::Deserialize;

/// A point of an outline: the wingspan runs from x = -1 to 1 and the nose
/// points towards y = -1.
pub type Point = (f32, f32);

/// Most parts, points in a part and marks a shape may have.
pub const MAX_PARTS: usize = 16;
pub const MAX_POINTS: usize = 48;
pub const MAX_MARKS: usize = 4;
pub const MAX_SHAPES: usize = 64;

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Silhouettes {
    pub shapes: Vec<Silhouette>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Silhouette {
    /// The aircraft's name, as in the aircraft files.
    pub aircraft: String,
    /// Its span on the board against a single-engine fighter's.
    pub scale: f32,
    /// Convex polygons: fuselage, wings, engines, tail.
    pub parts: Vec<Vec<Point>>,
    /// Where the roundels or crosses go.
    #[serde(default)]
    pub marks: Vec<Point>,
}

impl Silhouettes {
    pub fn get(&self, aircraft: &str) -> Option<&Silhouette> {
        self.shapes.iter().find(|s| s.aircraft == aircraft)
    }

    /// Every problem, with the path of the value it is about.
    pub fn validate(&self) -> Vec<Invalid> {
        if let Some(long) = too_long("shapes", &self.shapes, MAX_SHAPES, "shapes") {
            return vec![long];
        }
        let mut e = Vec::new();
        if self.shapes.is_empty() {
            e.push(Invalid::new("shapes", "there are no shapes"));
        }
        let twice = earlier_same(self.shapes.iter().map(|s| &s.aircraft));
        for (i, s) in self.shapes.iter().enumerate() {
            let p = format!("shapes[{i}]");
            if s.aircraft.trim().is_empty() {
                e.push(Invalid::new(
                    format!("{p}.aircraft"),
                    "the aircraft's name is empty",
                ));
            }
            if twice[i].is_some() {
                e.push(Invalid::new(
                    format!("{p}.aircraft"),
                    format!("\"{}\" has a shape already", s.aircraft),
                ));
            }
            if !(0.3..=2.0).contains(&s.scale) {
                e.push(Invalid::new(
                    format!("{p}.scale"),
                    format!("scale {} is outside 0.3 to 2", s.scale),
                ));
            }
            if let Some(long) = too_long(&format!("{p}.parts"), &s.parts, MAX_PARTS, "parts") {
                e.push(long);
                continue;
            }
            if s.parts.is_empty() {
                e.push(Invalid::new(
                    format!("{p}.parts"),
                    "a shape needs at least one part",
                ));
            }
            for (j, part) in s.parts.iter().enumerate() {
                let q = format!("{p}.parts[{j}]");
                if let Some(long) = too_long(&q, part, MAX_POINTS, "points") {
                    e.push(long);
                    continue;
                }
                if let Some(k) = part.iter().position(|&pt| !within(pt)) {
                    e.push(Invalid::new(
                        format!("{q}[{k}]"),
                        "a point must lie within -1.2 to 1.2 on both axes",
                    ));
                } else if part.len() < 3 {
                    e.push(Invalid::new(q, "a part needs at least three points"));
                } else if !convex(part) {
                    e.push(Invalid::new(
                        q,
                        "a part must be convex, its points in order around it (split a concave outline into convex parts)",
                    ));
                }
            }
            if let Some(long) = too_long(&format!("{p}.marks"), &s.marks, MAX_MARKS, "marks") {
                e.push(long);
            } else if let Some(k) = s.marks.iter().position(|&pt| !within(pt)) {
                e.push(Invalid::new(
                    format!("{p}.marks[{k}]"),
                    "a mark must lie within -1.2 to 1.2 on both axes",
                ));
            }
        }
        e
    }
}

fn within((x, y): Point) -> bool {
    x.is_finite() && y.is_finite() && x.abs() <= 1.2 && y.abs() <= 1.2
}

/// Whether the points go round a convex polygon, all turns one way (points
/// in a straight line are allowed), with some area.
pub fn convex(points: &[Point]) -> bool {
    let n = points.len();
    let mut sign = 0.0f32;
    let mut area = 0.0f32;
    for i in 0..n {
        let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
        let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0);
        area += a.0 * b.1 - b.0 * a.1;
        if cross.abs() < 1e-6 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    // A polygon that winds round twice turns one way but is no outline.
    let turns: f32 = (0..n)
        .map(|i| {
            let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
            let (u, v) = ((b.0 - a.0, b.1 - a.1), (c.0 - b.0, c.1 - b.1));
            (u.0 * v.1 - u.1 * v.0).atan2(u.0 * v.0 + u.1 * v.1)
        })
        .sum();
    sign != 0.0 && area.abs() > 1e-4 && (turns.abs() - std::f32::consts::TAU).abs() < 0.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_is_convex_and_an_arrow_head_or_a_star_is_not() {
        assert!(convex(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]));
        assert!(!convex(&[(0.0, 0.0), (1.0, 0.5), (0.0, 1.0), (0.4, 0.5)]));
        // A pentagram turns one way at every corner but winds round twice.
        let star: Vec<Point> = (0..5)
            .map(|i| {
                let t = i as f32 * 4.0 * std::f32::consts::PI / 5.0;
                (t.cos(), t.sin())
            })
            .collect();
        assert!(!convex(&star));
        assert!(!convex(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]));
    }
}
