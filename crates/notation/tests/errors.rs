//! Located errors: each hand-made broken record under corpus/parse/haifu/err gives a
//! `FILE:LINE:COL: message` with its line and a caret, snapshotted in snapshots/parse/haifu/err.

use std::path::PathBuf;

#[test]
fn broken_records_give_located_errors() {
    let root = haifu_testkit::workspace_root();
    let dir = root.join("corpus/parse/haifu/err");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/parse/haifu/err lists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "haifu"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "found {} broken records", files.len());
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root.join("snapshots/parse/haifu/err"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for path in files {
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name");
            let shown = format!("corpus/parse/haifu/err/{stem}.haifu");
            let bytes = std::fs::read(&path).expect("reads");
            let mut log = haifu_log::GameLog::new();
            let message = match haifu_notation::read_bytes_into(&bytes, &mut log) {
                Ok(()) => panic!("{shown} reads without an error"),
                Err(e) => e.display_in(&shown).to_string(),
            };
            insta::assert_snapshot!(stem, message);
        }
    });
}

/// A setup line after the round's first move is out of place, `wall` as the others (it was
/// once "unknown keyword", as though the notation had no wall line).
#[test]
fn a_setup_line_after_the_moves_is_out_of_place() {
    for word in ["wall current 1m", "shuffle x", "hand A 1m", "chips 0 0 0 0"] {
        let text =
            format!("haifu 1\nround E1.0 dora 1m\nhand A 123456789m1234p\nA 5p 5p\n{word}\nend\n");
        let e = haifu_notation::read(&text).expect_err("out of place");
        assert_eq!(e.location.line, 5, "{word}: {e}");
        assert!(
            e.to_string()
                .contains("is out of place: round setup lines follow a `round` line"),
            "{word}: {e}"
        );
    }
}
