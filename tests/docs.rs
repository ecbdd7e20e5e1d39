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
