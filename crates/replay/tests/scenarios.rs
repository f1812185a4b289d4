//! The hand-made scenario logs of `corpus/scenarios/`: rules the real corpus shows rarely or
//! never, each with its expected verdict stated in the file itself (see
//! `corpus/scenarios/README.md`).
//!
//! Every `.xml` file under `corpus/scenarios/` must carry exactly one directive comment,
//! `<!-- @expect: conforming -->` or `<!-- @expect: <kind> <round> -->` (the kind and round of
//! the first divergence, e.g. `<!-- @expect: furiten S4.0 -->`); a file without one fails the
//! test, so no scenario is silently unchecked.

use std::path::{Path, PathBuf};

use haifu_replay::Status;

/// What a scenario file says its verdict must be.
#[derive(Debug, PartialEq, Eq)]
enum Expect {
    /// No divergence at all.
    Conforming,
    /// The first divergence is of this kind (its snake_case name) in this round (e.g. `E1.0`).
    First { kind: String, round: String },
}

impl std::fmt::Display for Expect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expect::Conforming => write!(f, "conforming"),
            Expect::First { kind, round } => write!(f, "{kind} {round}"),
        }
    }
}

const DIRECTIVE: &str = "<!-- @expect:";

/// Reads the file's one `@expect` directive.
fn expectation(text: &str) -> Result<Expect, String> {
    let mut found = text.match_indices(DIRECTIVE);
    let Some((at, _)) = found.next() else {
        return Err("no `<!-- @expect: … -->` directive".to_owned());
    };
    if found.next().is_some() {
        return Err("more than one `@expect` directive".to_owned());
    }
    let rest = &text[at + DIRECTIVE.len()..];
    let end = rest
        .find("-->")
        .ok_or("the `@expect` comment is not closed")?;
    let words: Vec<&str> = rest[..end].split_whitespace().collect();
    match words.as_slice() {
        ["conforming"] => Ok(Expect::Conforming),
        [kind, round] => {
            round
                .parse::<haifu_replay::RoundLabel>()
                .map_err(|e| format!("bad round in `@expect`: {e}"))?;
            Ok(Expect::First {
                kind: (*kind).to_owned(),
                round: (*round).to_owned(),
            })
        }
        _ => Err(format!(
            "`@expect` must be `conforming` or `<kind> <round>`, not {:?}",
            rest[..end].trim()
        )),
    }
}

/// Every `.xml` file under `dir`, sorted.
fn xml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            xml_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "xml") {
            out.push(path);
        }
    }
}

/// Checks one scenario; `Err` says what is wrong.
fn check(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if !text.trim_start().starts_with("<!-- RULES.md §") {
        return Err("the file must open with a `<!-- RULES.md §x.y: … -->` comment".to_owned());
    }
    let expect = expectation(&text)?;
    let log = haifu_tenhou::read(text.as_bytes()).map_err(|e| format!("does not read: {e}"))?;
    let verdict = haifu_replay::verify(&log);
    let got = match verdict.divergences.first() {
        None => Expect::Conforming,
        Some(d) => Expect::First {
            kind: d.kind.name().to_owned(),
            round: d.round.map_or_else(|| "-".to_owned(), |r| r.to_string()),
        },
    };
    if got == expect {
        return Ok(());
    }
    let details: Vec<String> = verdict
        .divergences
        .iter()
        .map(|d| {
            let round = d.round.map_or_else(|| "-".to_owned(), |r| r.to_string());
            format!("\n    {round} #{:?}: {}", d.event, d.kind)
        })
        .collect();
    Err(format!(
        "expected {expect}, got {got} ({:?}){}",
        verdict.status(),
        details.concat()
    ))
}

#[test]
fn every_scenario_has_its_expected_verdict() {
    let root = haifu_testkit::workspace_root().join("corpus/scenarios");
    let mut files = Vec::new();
    xml_files(&root, &mut files);
    assert!(
        files.len() >= 40,
        "only {} scenario files under {}",
        files.len(),
        root.display()
    );
    let mut problems = Vec::new();
    let mut conforming = 0;
    for path in &files {
        let name = path.strip_prefix(&root).unwrap_or(path).display();
        match check(path) {
            Ok(()) => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                if expectation(&text) == Ok(Expect::Conforming) {
                    conforming += 1;
                }
            }
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Both sides are exercised: logs that must pass and logs that must be caught.
    assert!(conforming > 0 && conforming < files.len(), "{conforming}");
}

#[test]
fn directives_are_read_strictly() {
    assert_eq!(
        expectation("<!-- @expect: conforming -->"),
        Ok(Expect::Conforming)
    );
    assert_eq!(
        expectation("x <!-- @expect:  furiten   S4.0 --> y"),
        Ok(Expect::First {
            kind: "furiten".to_owned(),
            round: "S4.0".to_owned()
        })
    );
    assert!(expectation("<!-- no directive -->").is_err());
    assert!(expectation("<!-- @expect: conforming --><!-- @expect: conforming -->").is_err());
    assert!(expectation("<!-- @expect: furiten -->").is_err());
    assert!(expectation("<!-- @expect: furiten X9.0 -->").is_err());
    assert!(expectation("<!-- @expect: conforming").is_err());
    // A conforming game's verdict: the status agrees with an empty divergence list.
    assert_eq!(haifu_replay::Verdict::new().status(), Status::Conforming);
}
