//! The shape of the code itself: no function in `src/` is over 150 lines,
//! so each reads on a screen or two (issue 34). Functions are found by
//! rustfmt's layout: a line that opens `fn`, and the first later line that
//! closes a brace at the same indent.

use std::path::{Path, PathBuf};

const LONGEST: usize = 150;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The name of the function a line opens, and the line's indent.
fn opens_fn(line: &str) -> Option<(usize, &str)> {
    let indent = line.len() - line.trim_start().len();
    let mut rest = line.trim_start();
    if rest.trim_end().ends_with(';') {
        return None;
    }
    if let Some(r) = rest.strip_prefix("pub") {
        rest = match r.strip_prefix('(') {
            Some(r) => r.split_once(')')?.1,
            None => r,
        };
        rest = rest.trim_start();
    }
    for word in ["const ", "async ", "unsafe "] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    (end > 0).then(|| (indent, &name[..end]))
}

/// Every function of `text` over `limit` lines: its first line and length.
fn long_functions(text: &str, limit: usize) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((indent, name)) = opens_fn(line) else {
            continue;
        };
        let closes = |l: &&str| l.len() == indent + 1 && l.ends_with('}');
        if let Some(n) = lines[i..].iter().position(closes) {
            if n + 1 > limit {
                found.push((i + 1, name.to_string(), n + 1));
            }
        }
    }
    found
}

#[test]
fn no_function_in_src_is_over_150_lines() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    files.sort();
    assert!(files.len() > 100, "the sources were found: {}", files.len());
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (line, name, n) in long_functions(&text, LONGEST) {
            long.push(format!("{}:{line} {name}: {n} lines", f.display()));
        }
    }
    assert!(
        long.is_empty(),
        "over {LONGEST} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn a_function_over_the_limit_is_found_and_one_at_it_is_not() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let at = format!("pub(crate) fn fits() {{\n{}}}\n", body(LONGEST - 2));
    let over = format!(
        "    async fn too_long(&self) {{\n{}    }}\n",
        body(LONGEST - 1)
    );
    assert!(long_functions(&at, LONGEST).is_empty());
    assert_eq!(
        long_functions(&over, LONGEST),
        vec![(1, "too_long".to_string(), LONGEST + 1)]
    );
    // A declaration without a body is no function to measure.
    assert!(long_functions("    fn decl(&self);\n", 0).is_empty());
}
