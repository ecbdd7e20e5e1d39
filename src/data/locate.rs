//! Finds where a value sits in RON text, by its path (`units[2].planes[0].at`,
//! `aircraft["He 111"]`), so that validation errors found after parsing can
//! still name a line and column. It reads RON's shape only (structs, tuples,
//! lists, maps, strings, comments); anything it cannot follow just ends the scan.

/// A value's path and where it starts (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub path: String,
    pub line: usize,
    pub col: usize,
}

struct Scanner<'a> {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    out: Vec<Located>,
    _text: &'a str,
}

impl<'a> Scanner<'a> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    while self.peek().is_some() {
                        if self.peek() == Some('*') && self.peek_at(1) == Some('/') {
                            self.bump();
                            self.bump();
                            break;
                        }
                        self.bump();
                    }
                }
                (Some('#'), Some('!')) => {
                    // #![enable(...)] attribute line
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn string(&mut self) -> Option<String> {
        self.bump(); // opening quote
        let mut s = String::new();
        loop {
            match self.bump()? {
                '\\' => {
                    s.push(self.bump()?);
                }
                '"' => return Some(s),
                c => s.push(c),
            }
        }
    }

    fn value(&mut self, path: &str) -> Option<()> {
        self.skip_trivia();
        self.out.push(Located {
            path: path.to_string(),
            line: self.line,
            col: self.col,
        });
        match self.peek()? {
            '(' => self.parens(path),
            '[' => self.list(path),
            '{' => self.map(path),
            '"' => self.string().map(|_| ()),
            '\'' => {
                self.bump();
                if self.bump()? == '\\' {
                    self.bump();
                }
                self.bump();
                Some(())
            }
            c if c.is_alphabetic() || c == '_' => {
                self.ident();
                self.skip_trivia();
                if self.peek() == Some('(') {
                    self.parens(path)
                } else {
                    Some(())
                }
            }
            _ => {
                // number or other scalar
                while let Some(c) = self.peek() {
                    if c == ',' || c == ')' || c == ']' || c == '}' || c.is_whitespace() {
                        break;
                    }
                    self.bump();
                }
                Some(())
            }
        }
    }

    fn parens(&mut self, path: &str) -> Option<()> {
        self.bump(); // (
        let mut index = 0;
        loop {
            self.skip_trivia();
            match self.peek()? {
                ')' => {
                    self.bump();
                    return Some(());
                }
                ',' => {
                    self.bump();
                }
                c if c.is_alphabetic() || c == '_' => {
                    // named field `name: value`, or a tuple element that is an ident
                    let save = (self.i, self.line, self.col);
                    let name = self.ident();
                    self.skip_trivia();
                    if self.peek() == Some(':') && self.peek_at(1) != Some(':') {
                        self.bump();
                        let p = join(path, &name);
                        self.value(&p)?;
                    } else {
                        (self.i, self.line, self.col) = save;
                        let p = format!("{path}[{index}]");
                        self.value(&p)?;
                        index += 1;
                    }
                }
                _ => {
                    let p = format!("{path}[{index}]");
                    self.value(&p)?;
                    index += 1;
                }
            }
        }
    }

    fn list(&mut self, path: &str) -> Option<()> {
        self.bump(); // [
        let mut index = 0;
        loop {
            self.skip_trivia();
            match self.peek()? {
                ']' => {
                    self.bump();
                    return Some(());
                }
                ',' => {
                    self.bump();
                }
                _ => {
                    let p = format!("{path}[{index}]");
                    self.value(&p)?;
                    index += 1;
                }
            }
        }
    }

    fn map(&mut self, path: &str) -> Option<()> {
        self.bump(); // {
        loop {
            self.skip_trivia();
            match self.peek()? {
                '}' => {
                    self.bump();
                    return Some(());
                }
                ',' => {
                    self.bump();
                }
                '"' => {
                    let key = self.string()?;
                    self.skip_trivia();
                    if self.bump()? != ':' {
                        return None;
                    }
                    let p = format!("{path}[\"{key}\"]");
                    self.value(&p)?;
                }
                _ => {
                    let start = self.i;
                    self.value(&format!("{path}[?]"))?;
                    let key: String = self.chars[start..self.i].iter().collect();
                    self.skip_trivia();
                    if self.bump()? != ':' {
                        return None;
                    }
                    let p = format!("{path}[{}]", key.trim());
                    self.value(&p)?;
                }
            }
        }
    }
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}.{name}")
    }
}

/// Every value's path and position in `text`, in order of appearance.
pub fn scan(text: &str) -> Vec<Located> {
    let mut s = Scanner {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
        out: Vec::new(),
        _text: text,
    };
    let _ = s.value("");
    s.out
}

/// Where the value at `path` starts; falls back to the nearest enclosing value
/// that was found, then to the start of the file.
pub fn locate(text: &str, path: &str) -> (usize, usize) {
    let all = scan(text);
    let mut p = path.to_string();
    loop {
        if let Some(l) = all.iter().find(|l| l.path == p) {
            return (l.line, l.col);
        }
        // strip the last `.field` or `[index]`
        let cut = p.rfind(['.', '[']);
        match cut {
            Some(i) => p.truncate(i),
            None if !p.is_empty() => p.clear(),
            None => return (1, 1),
        }
    }
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
}
