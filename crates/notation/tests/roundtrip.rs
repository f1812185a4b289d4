//! Hand-written records under corpus/parse/haifu/ok read, and go through the writer and back
//! unchanged: text → events → text is identical (comments included), and the events survive.

use std::path::PathBuf;

fn ok_dir() -> PathBuf {
    haifu_testkit::workspace_root().join("corpus/parse/haifu/ok")
}

#[test]
fn hand_written_records_round_trip() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(ok_dir())
        .expect("corpus/parse/haifu/ok lists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "haifu"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "found {} records", files.len());
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("reads");
        let doc = haifu_notation::read_document(&text)
            .unwrap_or_else(|e| panic!("{}", e.display_in(&name)));
        let written = haifu_notation::write_document(&doc);
        assert_eq!(written, text, "{name} is not in canonical form");
        let again = haifu_notation::read_document(&written).expect("the canonical form reads");
        assert_eq!(again, doc, "{name}: the events change through the writer");
    }
}

/// The NOTATION.md opening example reads, and its expectations and comments are kept.
#[test]
fn the_spec_example_reads() {
    let spec = include_str!("../NOTATION.md");
    let start = spec.find("```text\n# A hand-written").expect("the example") + 8;
    let end = start + spec[start..].find("```").expect("its end");
    let log = haifu_notation::read(&spec[start..end])
        .unwrap_or_else(|e| panic!("{}", e.display_in("NOTATION.md")));
    assert_eq!(log.wins().len(), 1);
    assert_eq!(log.wins()[0].sticks, 1);
    assert_eq!(log.wins()[0].hand.len(), 14);
}
