//! Finds where values sit in RON text, by their paths (`units[2].planes[0].at`,
//! `aircraft["He 111"]`), so that validation errors found after parsing can
//! still name a line and column. It reads RON's shape only (structs, tuples,
//! lists, maps, strings, comments); anything it cannot follow just ends the scan.
//!
//! All the paths wanted are looked up in one pass over the text: the scan
//! follows only the branches some path leads into, so it takes time in
//! proportion to the text and memory in proportion to the paths. Nesting
//! deeper than [`MAX_DEPTH`] ends the scan (RON refuses it before us).

use std::collections::HashMap;

/// Deeper nesting than this ends the scan. RON's own limit is 128; ours is
/// higher so that anything RON reads can be followed to the end.
pub const MAX_DEPTH: usize = 256;

/// One step of a path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    /// `.name`: a struct's field.
    Field(String),
    /// `[3]`: an element of a list or tuple.
    Index(usize),
    /// `["He 111"]` or `[Red]`: a map's key, as written between the brackets.
    Other(String),
}

fn bracket(text: &str) -> Key {
    match text.parse::<usize>() {
        Ok(n) => Key::Index(n),
        Err(_) => Key::Other(text.to_string()),
    }
}

/// Splits `units[2].planes[0].at` into its steps.
fn steps(path: &str) -> Vec<Key> {
    let b = path.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'.' => i += 1,
            b'[' => {
                let start = i + 1;
                let mut j = start;
                if b.get(j) == Some(&b'"') {
                    j += 1;
                    while j < b.len() && b[j] != b'"' {
                        j += if b[j] == b'\\' { 2 } else { 1 };
                    }
                    j += 1;
                }
                while j < b.len() && b[j] != b']' {
                    j += 1;
                }
                let end = j.min(b.len());
                out.push(bracket(&path[start..end]));
                i = end + 1;
            }
            _ => {
                let start = i;
                while i < b.len() && b[i] != b'.' && b[i] != b'[' {
                    i += 1;
                }
                out.push(Key::Field(path[start..i].to_string()));
            }
        }
    }
    out
}

/// The paths wanted, as a tree: node 0 is the whole file.
#[derive(Default)]
struct Wanted {
    children: Vec<HashMap<Key, usize>>,
    at: Vec<Option<(usize, usize)>>,
}

impl Wanted {
    fn node(&mut self) -> usize {
        self.children.push(HashMap::new());
        self.at.push(None);
        self.children.len() - 1
    }

    /// The nodes along `path`, the whole file first.
    fn insert(&mut self, path: &str) -> Vec<usize> {
        let mut here = 0;
        let mut along = vec![0];
        for key in steps(path) {
            here = match self.children[here].get(&key) {
                Some(&n) => n,
                None => {
                    let n = self.node();
                    self.children[here].insert(key, n);
                    n
                }
            };
            along.push(here);
        }
        along
    }

    fn child(&self, node: Option<usize>, key: &Key) -> Option<usize> {
        self.children[node?].get(key).copied()
    }

    fn has_children(&self, node: Option<usize>) -> bool {
        node.is_some_and(|n| !self.children[n].is_empty())
    }
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    line: usize,
    col: usize,
    wanted: Wanted,
}

fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

fn ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    /// One byte on; columns count characters, so a UTF-8 continuation byte
    /// does not move the column.
    fn bump(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 1;
        } else if c & 0xC0 != 0x80 {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == b'\n' {
                break;
            }
        }
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_ascii_whitespace() => {
                    self.bump();
                }
                (Some(b'/'), Some(b'/')) => self.skip_line(),
                (Some(b'/'), Some(b'*')) => {
                    // RON's block comments nest.
                    self.bump();
                    self.bump();
                    let mut open = 1usize;
                    while open > 0 && self.peek().is_some() {
                        match (self.peek(), self.peek_at(1)) {
                            (Some(b'*'), Some(b'/')) => {
                                self.bump();
                                self.bump();
                                open -= 1;
                            }
                            (Some(b'/'), Some(b'*')) => {
                                self.bump();
                                self.bump();
                                open += 1;
                            }
                            _ => {
                                self.bump();
                            }
                        }
                    }
                }
                // #![enable(...)] attribute line
                (Some(b'#'), Some(b'!')) => self.skip_line(),
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> &str {
        let start = self.i;
        while self.peek().is_some_and(ident_byte) {
            self.bump();
        }
        std::str::from_utf8(&self.b[start..self.i]).unwrap_or("")
    }

    /// A quoted string; returns its text (escapes kept as their second
    /// character) when `keep`.
    fn string(&mut self, keep: bool) -> Option<String> {
        self.bump(); // opening quote
        let mut out = Vec::new();
        loop {
            match self.bump()? {
                b'\\' => {
                    let c = self.bump()?;
                    if keep {
                        out.push(c);
                    }
                }
                b'"' => break,
                c => {
                    if keep {
                        out.push(c);
                    }
                }
            }
        }
        Some(String::from_utf8_lossy(&out).into_owned())
    }

    /// `r#"..."#` after its `r`: the hashes, the quote, and on to the same
    /// quote and hashes. Returns false if it is not a raw string after all.
    fn raw_string(&mut self) -> Option<bool> {
        let mut hashes = 0;
        while self.peek_at(hashes) == Some(b'#') {
            hashes += 1;
        }
        if self.peek_at(hashes) != Some(b'"') {
            return Some(false);
        }
        for _ in 0..=hashes {
            self.bump();
        }
        loop {
            if self.bump()? == b'"' && (0..hashes).all(|k| self.peek_at(k) == Some(b'#')) {
                for _ in 0..hashes {
                    self.bump();
                }
                return Some(true);
            }
        }
    }

    fn value(&mut self, node: Option<usize>, depth: usize) -> Option<()> {
        self.skip_trivia();
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(n) = node {
            if self.wanted.at[n].is_none() {
                self.wanted.at[n] = Some((self.line, self.col));
            }
        }
        match self.peek()? {
            b'(' => self.items(node, depth, b')'),
            b'[' => self.items(node, depth, b']'),
            b'{' => self.map(node, depth),
            b'"' => self.string(false).map(|_| ()),
            b'\'' => {
                self.bump();
                if self.bump()? == b'\\' {
                    self.bump();
                }
                while self.bump()? != b'\'' {}
                Some(())
            }
            c if ident_start(c) => {
                let name = self.ident().to_string();
                if matches!(name.as_str(), "r" | "br" | "b") {
                    if name != "b" && self.raw_string()? {
                        return Some(());
                    }
                    if self.peek() == Some(b'"') {
                        return self.string(false).map(|_| ());
                    }
                    if name == "r" && self.peek() == Some(b'#') {
                        // r#ident: a raw identifier.
                        self.bump();
                        self.ident();
                    }
                }
                self.skip_trivia();
                if self.peek() == Some(b'(') {
                    self.items(node, depth, b')')
                } else {
                    Some(())
                }
            }
            _ => {
                // A number or other scalar; something this scan cannot
                // follow ends it.
                let start = self.i;
                while let Some(c) = self.peek() {
                    if matches!(c, b',' | b')' | b']' | b'}' | b':') || c.is_ascii_whitespace() {
                        break;
                    }
                    self.bump();
                }
                (self.i > start).then_some(())
            }
        }
    }

    /// A tuple, struct or list: elements by index, fields by name.
    fn items(&mut self, node: Option<usize>, depth: usize, close: u8) -> Option<()> {
        self.bump(); // ( or [
        let mut index = 0;
        loop {
            self.skip_trivia();
            match self.peek()? {
                c if c == close => {
                    self.bump();
                    return Some(());
                }
                b',' => {
                    self.bump();
                }
                c if close == b')' && ident_start(c) => {
                    // a named field `name: value`, or an element that is an ident
                    let save = (self.i, self.line, self.col);
                    let name = self.ident().to_string();
                    self.skip_trivia();
                    if self.peek() == Some(b':') && self.peek_at(1) != Some(b':') {
                        self.bump();
                        let child = self.wanted.child(node, &Key::Field(name));
                        self.value(child, depth + 1)?;
                    } else {
                        (self.i, self.line, self.col) = save;
                        let child = self.wanted.child(node, &Key::Index(index));
                        self.value(child, depth + 1)?;
                        index += 1;
                    }
                }
                _ => {
                    let child = self.wanted.child(node, &Key::Index(index));
                    self.value(child, depth + 1)?;
                    index += 1;
                }
            }
        }
    }

    fn map(&mut self, node: Option<usize>, depth: usize) -> Option<()> {
        self.bump(); // {
        loop {
            self.skip_trivia();
            match self.peek()? {
                b'}' => {
                    self.bump();
                    return Some(());
                }
                b',' => {
                    self.bump();
                }
                b'"' => {
                    let keep = self.wanted.has_children(node);
                    let key = self.string(keep)?;
                    self.skip_trivia();
                    if self.bump()? != b':' {
                        return None;
                    }
                    let child = if keep {
                        self.wanted.child(node, &Key::Other(format!("\"{key}\"")))
                    } else {
                        None
                    };
                    self.value(child, depth + 1)?;
                }
                _ => {
                    let start = self.i;
                    self.value(None, depth + 1)?;
                    let key = String::from_utf8_lossy(&self.b[start..self.i]).into_owned();
                    self.skip_trivia();
                    if self.bump()? != b':' {
                        return None;
                    }
                    let child = self.wanted.child(node, &bracket(key.trim()));
                    self.value(child, depth + 1)?;
                }
            }
        }
    }
}

/// Where each value of `paths` starts (1-based line and column), from one
/// scan of `text`. A path that is not in the text falls back to the nearest
/// enclosing value that is, then to the start of the file.
pub fn locate_all(text: &str, paths: &[&str]) -> Vec<(usize, usize)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut wanted = Wanted::default();
    wanted.node();
    let along: Vec<Vec<usize>> = paths.iter().map(|p| wanted.insert(p)).collect();
    let mut s = Scanner {
        b: text.as_bytes(),
        i: 0,
        line: 1,
        col: 1,
        wanted,
    };
    let _ = s.value(Some(0), 0);
    along
        .iter()
        .map(|nodes| {
            nodes
                .iter()
                .rev()
                .find_map(|&n| s.wanted.at[n])
                .unwrap_or((1, 1))
        })
        .collect()
}

/// Where the value at `path` starts; falls back to the nearest enclosing value
/// that was found, then to the start of the file.
pub fn locate(text: &str, path: &str) -> (usize, usize) {
    locate_all(text, &[path])[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"// a scenario
Scenario(
    name: "Test",
    board: (columns: 14, rows: 18),
    units: [
        (aircraft: "He 111", planes: [(colour: Red, at: (3, 4))]),
        (
            aircraft: "Fw 190",
            planes: [],
        ),
    ],
    map: { "a": (x: 1), "b": 2 },
)
"#;

    #[test]
    fn finds_fields_lists_and_maps() {
        assert_eq!(locate(TEXT, "name"), (3, 11));
        assert_eq!(locate(TEXT, "board.rows"), (4, 32));
        assert_eq!(locate(TEXT, "units[1].aircraft"), (8, 23));
        assert_eq!(locate(TEXT, "units[0].planes[0].at"), (6, 57));
        assert_eq!(locate(TEXT, "map[\"a\"].x"), (12, 21));
    }

    #[test]
    fn falls_back_to_the_enclosing_value() {
        assert_eq!(locate(TEXT, "units[1].planes[3]"), (9, 21));
        assert_eq!(locate(TEXT, "nothing.at.all"), (2, 1));
    }

    #[test]
    fn many_paths_in_one_scan_each_get_their_own_place() {
        let at = locate_all(
            TEXT,
            &["units[1].aircraft", "name", "units[0].planes[0].at", "name"],
        );
        assert_eq!(at, [(8, 23), (3, 11), (6, 57), (3, 11)]);
    }

    #[test]
    fn columns_count_characters_not_bytes_and_a_byte_order_mark_is_skipped() {
        let text = "\u{feff}S(name: \"Zürich\", next: 1)";
        assert_eq!(locate(text, "next"), (1, 25));
        assert_eq!(locate(text, "name"), (1, 9));
    }

    #[test]
    fn raw_strings_and_nested_comments_do_not_lose_the_place() {
        let text = "S(a: r#\"x\"(]\"#, /* one /* two */ ) */ b: 2)";
        assert_eq!(locate(text, "b"), (1, 42));
    }

    #[test]
    fn nesting_deeper_than_the_limit_ends_the_scan_without_overflowing() {
        let deep = format!(
            "S(a: {}1{}, b: 2)",
            "[".repeat(200_000),
            "]".repeat(200_000)
        );
        assert_eq!(locate(&deep, "b"), (1, 1));
        assert_eq!(locate(&deep, "a[0]"), (1, 7));
    }

    #[test]
    fn text_it_cannot_follow_ends_the_scan() {
        for text in ["[1, )]", "(a: 1, : )", "{ x 1 }", "(", "\"", "'", "r#\""] {
            let _ = locate(text, "a[3]");
        }
        assert_eq!(locate("[1, ), 2]", "[2]"), (1, 1));
    }
}
