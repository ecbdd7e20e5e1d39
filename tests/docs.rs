//! The rules reference names the tests that check each rule: every such
//! name must still be a test (or, for the few option names it quotes, an
//! identifier in the code), so a renamed or deleted test cannot leave the
//! reference pointing at nothing.

use std::path::Path;

fn sources(dir: &Path, out: &mut String) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push_str(&std::fs::read_to_string(&p).unwrap());
            out.push('\n');
        }
    }
}

/// Backquoted snake_case names of four words or more: test names.
fn names_in(doc: &str) -> Vec<&str> {
    let mut names: Vec<&str> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| {
            w.split('_').filter(|p| !p.is_empty()).count() >= 4
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

#[test]
fn every_test_the_rules_reference_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/RULES.md")).unwrap();
    let (mut tests, mut code) = (String::new(), String::new());
    sources(&root.join("tests"), &mut tests);
    sources(&root.join("src"), &mut code);
    let names = names_in(&doc);
    assert!(names.len() > 100, "only {} test names found", names.len());
    let missing: Vec<&str> = names
        .into_iter()
        .filter(|n| {
            let f = format!("fn {n}(");
            !tests.contains(&f) && !code.contains(&f) && !code.contains(&format!("{n}:"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/RULES.md names tests that do not exist: {missing:?}"
    );
}

/// Backquoted citations of a source file by name, `file.rs`, or of a test in
/// it, `file.rs::name`: the file's name and the test's, if any.
fn citations_in(doc: &str) -> Vec<(&str, Option<&str>)> {
    let word = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    let mut cited: Vec<(&str, Option<&str>)> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|w| {
            let (file, name) = match w.split_once("::") {
                Some((file, name)) => (file, Some(name)),
                None => (w, None),
            };
            let stem = file.strip_suffix(".rs")?;
            (word(stem) && name.is_none_or(word)).then_some((file, name))
        })
        .collect();
    cited.sort_unstable();
    cited.dedup();
    cited
}

/// The text of every file called `name` under `dir`, at any depth.
fn files_named(dir: &Path, name: &str, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_named(&p, name, out);
        } else if p.file_name().is_some_and(|f| f == name) {
            out.push(std::fs::read_to_string(&p).unwrap());
        }
    }
}

#[test]
fn every_file_the_rules_reference_cites_exists_and_holds_the_test_named() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/RULES.md")).unwrap();
    let cited = citations_in(&doc);
    assert!(cited.len() > 20, "only {} citations found", cited.len());
    let wrong: Vec<String> = cited
        .into_iter()
        .filter(|&(file, name)| {
            let mut texts = Vec::new();
            files_named(&root.join("tests"), file, &mut texts);
            files_named(&root.join("src"), file, &mut texts);
            match name {
                None => texts.is_empty(),
                Some(n) => !texts.iter().any(|t| t.contains(&format!("fn {n}("))),
            }
        })
        .map(|(file, name)| format!("{file}{}", name.map_or(String::new(), |n| format!("::{n}"))))
        .collect();
    assert!(
        wrong.is_empty(),
        "docs/RULES.md cites files or tests in them that do not exist: {wrong:?}"
    );
}

#[test]
fn a_citation_is_a_file_name_with_an_optional_test_name() {
    let doc = "`a.rs` and `b_c.rs::d_e` and `src/x.rs` and `f.ron` and `g.rs::H`";
    assert_eq!(citations_in(doc), [("a.rs", None), ("b_c.rs", Some("d_e"))]);
}

#[test]
fn a_name_in_backquotes_of_four_words_counts_and_shorter_ones_do_not() {
    let doc = "`a_b_c_d` and `x_y` and `Not_A_Test_Name` and `two_words_only_here`";
    assert_eq!(names_in(doc), ["a_b_c_d", "two_words_only_here"]);
}

#[test]
fn the_readme_gives_the_family_games_nightfall_and_solo_rounds_from_the_rules_file() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let rules = tally_ho::data::load_family_rules(&tally_ho::data::family_rules_source())
        .expect("the shipped rules load");
    use tally_ho::common::Level;
    let solo = |short: bool| {
        let r = |l: Level| {
            let d = rules.solo(l);
            if short {
                d.rounds_short
            } else {
                d.rounds
            }
        };
        (r(Level::Recruit), r(Level::Veteran), r(Level::Ace))
    };
    let (r, v, a) = solo(false);
    let (rs, vs, as_) = solo(true);
    for said in [
        format!("nightfall after round {}", rules.dusk_round),
        format!(
            "after round {r} as a Recruit, {v} as a Veteran and {a} as an Ace ({rs}, {vs} and {as_} in the short game)"
        ),
    ] {
        assert!(readme.contains(&said), "README.md should say {said:?}");
    }
}
