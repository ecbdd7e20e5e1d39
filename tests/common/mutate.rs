//! Mutation testing of the files a player can hand us: take a valid file,
//! break it a few hundred ways (seeded, so every run breaks it the same
//! ways), and load each broken file. Every one must end in a clean error
//! that names the file (with a line and column where there is one) or in a
//! valid load: never a panic, a hang or a load that takes unbounded time.
//!
//! A file kind is its name, the valid text, the file names its errors may
//! give, and a loader from text to a result (any error type that displays).
//! Adding a kind (saves, replays) is one more `Kind::new`.
#![allow(dead_code)]

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How one kind's load ended, as the harness needs to know it.
type Loaded = Result<(), String>;

/// One kind of file a player can hand us.
pub struct Kind {
    pub name: String,
    /// The valid text the mutations start from.
    pub text: String,
    /// The files an error may name; the mutated one first.
    pub files: Vec<String>,
    load: Box<dyn Fn(&str) -> Loaded + Send + Sync>,
}

impl Kind {
    /// A kind whose loader reads `text` as the file `file`; its errors may
    /// name that file or any of `others` (files read with it).
    pub fn new<T, E: Display>(
        name: &str,
        file: &str,
        text: &str,
        others: &[&str],
        load: impl Fn(&str) -> Result<T, E> + Send + Sync + 'static,
    ) -> Kind {
        let mut files = vec![file.to_string()];
        files.extend(others.iter().map(|f| f.to_string()));
        Kind {
            name: name.to_string(),
            text: text.to_string(),
            files,
            load: Box::new(move |t| load(t).map(|_| ()).map_err(|e| e.to_string())),
        }
    }
}

/// What came of a kind's mutations.
#[derive(Debug, Default)]
pub struct Report {
    pub cases: usize,
    pub loaded: usize,
    /// Refused, every line placed at `file:line:col`.
    pub placed: usize,
    /// Refused, some line naming its file only (a file that is too short to
    /// hold a value has no place to point at).
    pub file_only: usize,
    pub slowest: Duration,
    pub slowest_case: String,
    pub total: Duration,
}

/// Tokens a careless edit or a hostile file may put anywhere.
const JUNK: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\"",
    ",",
    ":",
    "'",
    "\\",
    "-1",
    "-0",
    "NaN",
    "inf",
    "-inf",
    "1e309",
    "255",
    "256",
    "65536",
    "4294967296",
    "99999999999999999999999999999",
    "-99999999999999999999999999999",
    "0x7fffffff",
    "()",
    "Some(",
    "None",
    "true",
    "r#\"",
    "b\"",
    "/*",
    "*/",
    "//",
    "#![enable(implicit_some)]",
    "\u{feff}",
    "\u{0}",
    "é",
    "🛩",
    "\n",
];

/// What a flipped character becomes.
const FLIPS: &[u8] = b"()[]{},:\"'0123456789-.azAZ_ \n\\#";

/// One mutation of `text`, and what it did.
fn mutate(text: &[u8], rng: &mut ChaCha8Rng) -> (Vec<u8>, String) {
    let n = text.len();
    let at = |rng: &mut ChaCha8Rng| rng.random_range(0..=n);
    // A range: mostly short, sometimes long.
    let range = |rng: &mut ChaCha8Rng| {
        let start = rng.random_range(0..=n);
        let most = if rng.random_bool(0.2) { n } else { 64 };
        let len = rng.random_range(0..=most.min(n - start));
        (start, start + len)
    };
    let mut out = text.to_vec();
    let what = match rng.random_range(0..9) {
        0 => {
            let (a, b) = range(rng);
            out.drain(a..b);
            format!("delete bytes {a}..{b}")
        }
        1 => {
            let (a, b) = range(rng);
            let copy = text[a..b].to_vec();
            out.splice(b..b, copy);
            format!("duplicate bytes {a}..{b}")
        }
        2 => {
            let (a, b) = range(rng);
            let (c, d) = range(rng);
            let (first, second) = if a <= c {
                ((a, b), (c, d))
            } else {
                ((c, d), (a, b))
            };
            if first.1 > second.0 {
                out.drain(first.0..first.1);
                format!("delete bytes {}..{}", first.0, first.1)
            } else {
                let mut swapped = text[..first.0].to_vec();
                swapped.extend(&text[second.0..second.1]);
                swapped.extend(&text[first.1..second.0]);
                swapped.extend(&text[first.0..first.1]);
                swapped.extend(&text[second.1..]);
                out = swapped;
                format!("swap bytes {first:?} and {second:?}")
            }
        }
        3 => {
            let flips = rng.random_range(1..=8);
            for _ in 0..flips {
                if !out.is_empty() {
                    let i = rng.random_range(0..out.len());
                    out[i] = FLIPS[rng.random_range(0..FLIPS.len())];
                }
            }
            format!("flip {flips} characters")
        }
        4 => {
            let i = at(rng);
            let junk = JUNK[rng.random_range(0..JUNK.len())];
            out.splice(i..i, junk.bytes());
            format!("insert {junk:?} at {i}")
        }
        5 => {
            let i = at(rng);
            let depth = [130, 300, 10_000, 100_000][rng.random_range(0..4)];
            let (open, close) =
                [("[", "]"), ("(", ")"), ("{", "}"), ("Some(", ")")][rng.random_range(0..4)];
            let mut nest = open.repeat(depth);
            if rng.random_bool(0.5) {
                nest += "1";
                nest += &close.repeat(depth);
            }
            out.splice(i..i, nest.bytes());
            format!("insert {open} nested {depth} deep at {i}")
        }
        6 => {
            let i = at(rng);
            out.truncate(i);
            format!("truncate at {i}")
        }
        _ => match list_item(text, rng) {
            Some((a, b)) => {
                let times = [2, 50, 500, 5_000][rng.random_range(0..4)];
                // No larger than the biggest file we read (16 MiB).
                let times = times.min((1 << 20) / (b - a + 1)).max(1);
                let mut more = Vec::with_capacity((b - a + 1) * times);
                for _ in 0..times {
                    more.push(b',');
                    more.extend(&text[a..b]);
                }
                out.splice(b..b, more);
                format!("repeat the list item at {a}..{b} {times} more times")
            }
            None => {
                out.clear();
                "empty the file".to_string()
            }
        },
    };
    (out, what)
}

/// A random item of a list: a `(...)` or `"..."` just after `[` or `,`.
fn list_item(text: &[u8], rng: &mut ChaCha8Rng) -> Option<(usize, usize)> {
    let starts: Vec<usize> = (0..text.len())
        .filter(|&i| {
            matches!(text[i], b'(' | b'"')
                && text[..i]
                    .iter()
                    .rev()
                    .find(|c| !c.is_ascii_whitespace())
                    .is_some_and(|&c| c == b'[' || c == b',')
        })
        .collect();
    if starts.is_empty() {
        return None;
    }
    let a = starts[rng.random_range(0..starts.len())];
    let mut depth = 0usize;
    let mut in_string = false;
    let mut i = a;
    while i < text.len() {
        let c = text[i];
        if in_string {
            match c {
                b'\\' => i += 1,
                b'"' => {
                    in_string = false;
                    if depth == 0 {
                        return Some((a, i + 1));
                    }
                }
                _ => {}
            }
        } else {
            match c {
                b'"' => in_string = true,
                b'(' | b'[' => depth += 1,
                b')' | b']' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some((a, i + 1));
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// Does every line of the error name one of `files`? Some(true) when every
/// line has a line and column too.
fn placed(error: &str, files: &[String]) -> Option<bool> {
    let mut all_placed = true;
    for line in error.lines() {
        let rest = files
            .iter()
            .find_map(|f| line.strip_prefix(f.as_str())?.strip_prefix(':'))?;
        let mut parts = rest.splitn(3, ':');
        let numbers = (parts.next(), parts.next(), parts.next());
        let at_line_col = matches!(numbers, (Some(l), Some(c), Some(m))
            if l.parse::<usize>().is_ok_and(|l| l > 0)
                && c.parse::<usize>().is_ok_and(|c| c > 0)
                && m.len() > 1);
        if !at_line_col {
            // `file: message`, with something to say; "... and 12 more
            // problems" after the first fifty is no problem of its own.
            if rest.trim().is_empty() {
                return None;
            }
            all_placed &= rest.starts_with(" ... and ");
        }
    }
    (!error.trim().is_empty()).then_some(all_placed)
}

/// Loads `cases` mutations of the kind's text (seeded by `seed`) and
/// returns what came of them; fails the test on a panic, an error that
/// names no file, a case slower than `per_case`, or the whole taking longer
/// than `limit` (a hang).
pub fn run(kind: Kind, cases: usize, seed: u64, per_case: Duration, limit: Duration) -> Report {
    let kind = Arc::new(kind);
    let done = Arc::new(AtomicUsize::new(0));
    let current = Arc::new(Mutex::new(String::new()));
    let (tx, rx) = std::sync::mpsc::channel();
    {
        let (kind, done, current) = (kind.clone(), done.clone(), current.clone());
        std::thread::Builder::new()
            .name(format!("mutate {}", kind.name))
            .spawn(move || {
                let result = catch_unwind(AssertUnwindSafe(|| {
                    each_case(&kind, cases, seed, per_case, &done, &current)
                }));
                let _ = tx.send(result);
            })
            .unwrap();
    }
    match rx.recv_timeout(limit) {
        Ok(Ok(report)) => report,
        Ok(Err(payload)) => {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{why}")
        }
        Err(_) => panic!(
            "{}: still running after {limit:?}, at case {} ({})",
            kind.name,
            done.load(Ordering::SeqCst),
            current.lock().map(|c| c.clone()).unwrap_or_default()
        ),
    }
}

fn each_case(
    kind: &Kind,
    cases: usize,
    seed: u64,
    per_case: Duration,
    done: &AtomicUsize,
    current: &Mutex<String>,
) -> Report {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = Report::default();
    let start = Instant::now();
    assert_eq!(
        (kind.load)(&kind.text),
        Ok(()),
        "{}: the file the mutations start from must load",
        kind.name
    );
    for case in 0..cases {
        let (bytes, what) = mutate(kind.text.as_bytes(), &mut rng);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let label = format!("case {case}: {what}");
        *current.lock().unwrap() = label.clone();
        let t = Instant::now();
        let loaded = catch_unwind(AssertUnwindSafe(|| (kind.load)(&text)));
        let took = t.elapsed();
        let loaded = loaded.unwrap_or_else(|_| panic!("{}: {label}: the load panicked", kind.name));
        match loaded {
            Ok(()) => report.loaded += 1,
            Err(e) => match placed(&e, &kind.files) {
                Some(true) => report.placed += 1,
                Some(false) => report.file_only += 1,
                None => panic!(
                    "{}: {label}: an error that does not name its file:\n{e}",
                    kind.name
                ),
            },
        }
        if took > report.slowest {
            report.slowest = took;
            report.slowest_case = label.clone();
        }
        assert!(
            took <= per_case,
            "{}: {label}: took {took:?}, more than {per_case:?}",
            kind.name
        );
        report.cases += 1;
        done.store(case + 1, Ordering::SeqCst);
    }
    report.total = start.elapsed();
    report
}

impl Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} cases in {:.2?}: {} loaded, {} refused at a line and column, {} refused naming the file; slowest {:.2?} ({})",
            self.cases,
            self.total,
            self.loaded,
            self.placed,
            self.file_only,
            self.slowest,
            self.slowest_case
        )
    }
}
