//! Boards and maps written as text in level files: one string per row, north
//! first, one character per square. Used by the family game's boards and
//! the campaign map.

use crate::common::Invalid;

/// Reads `rows` strings of `columns` characters each (under the RON path
/// `map`), turning each character into a square with `read` (which says what
/// is wrong with a character it does not know). Squares it cannot read hold
/// `blank`. `what` names the whole in the messages ("board", "map").
///
/// The callers bound `columns` and `rows` (at most 64 each) before calling;
/// the work here is one pass over the rows it reads, however long a row or
/// the list of rows is.
pub fn read_text_map<T: Clone>(
    map: &[String],
    columns: usize,
    rows: usize,
    what: &str,
    blank: T,
    mut read: impl FnMut(char, usize) -> Result<T, String>,
) -> (Vec<T>, Vec<Invalid>) {
    let mut squares = vec![blank; columns * rows];
    let mut e = Vec::new();
    if map.len() != rows {
        e.push(Invalid {
            path: "map".into(),
            message: format!("the map has {} rows; the {what} has {rows}", map.len()),
        });
    }
    for (r, line) in map.iter().enumerate().take(rows) {
        let length = line.chars().count();
        if length != columns {
            e.push(Invalid {
                path: format!("map[{r}]"),
                message: format!("row {r} has {length} squares; the {what} has {columns}"),
            });
            continue;
        }
        for (c, ch) in line.chars().enumerate() {
            match read(ch, c) {
                Ok(t) => squares[r * columns + c] = t,
                Err(message) => e.push(Invalid {
                    path: format!("map[{r}]"),
                    message,
                }),
            }
        }
    }
    (squares, e)
}
