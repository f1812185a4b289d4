//! JSON records written with every non-ASCII character escaped (`\u548c\u4e86`, what Python's
//! `json.dump` writes by default) read as the records themselves: the same game and, where it
//! declares its rules, the same verdict.

use std::path::Path;

/// `text` with every character outside ASCII written as a JSON `\uXXXX` escape (a surrogate
/// pair above U+FFFF). Only strings hold such characters in JSON, so the document means the
/// same.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

/// The JSON files below `dir`, at any depth.
fn json_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

#[test]
fn escaped_records_read_and_verify_as_the_originals() {
    let mut files = Vec::new();
    for corpus in ["tenhou6", "tenhou6-exports", "majsoul"] {
        let Some(dir) = haifu_testkit::shared_corpus(corpus) else {
            return;
        };
        json_files(&dir, &mut files);
    }
    let mut checked = 0;
    for path in files {
        let name = path.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("a JSON record reads as UTF-8");
        let again = escaped(&text);
        if again == text {
            continue;
        }
        let (original, escaped) = (
            haifu::read(&name, text.as_bytes()),
            haifu::read(&name, again.as_bytes()),
        );
        match (original, escaped) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{name}");
                if let Ok(rules) = haifu::declared_rules(&a) {
                    assert_eq!(
                        haifu::verify(&a, &rules.rules),
                        haifu::verify(&b, &rules.rules),
                        "{name}"
                    );
                }
                checked += 1;
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{name}"),
            (a, b) => panic!("{name}: {:?} escaped {:?}", a.err(), b.err()),
        }
    }
    assert!(checked >= 10, "{checked} records with characters to escape");
}
