//! A UTF-8 byte-order mark at the start of a file (some editors write one) is no part of the
//! record: every format reads as without it, and an error is placed at its column in the file.

const BOM: &[u8] = b"\xEF\xBB\xBF";

fn with_bom(bytes: &[u8]) -> Vec<u8> {
    [BOM, bytes].concat()
}

#[test]
fn every_format_reads_alike_with_a_byte_order_mark() {
    let scenario =
        haifu_testkit::workspace_root().join("corpus/scenarios/buu/maru-a-at-4000.haifu");
    let mut files = vec![scenario];
    for (corpus, ext) in [("tenhou", "xml"), ("majsoul", "json")] {
        let Some(dir) = haifu_testkit::shared_corpus(corpus) else {
            return;
        };
        files.push(haifu_testkit::first_file(&dir, ext));
    }
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    files.push(haifu_testkit::first_file(&six.join("tenhou"), "json"));
    for path in files {
        let name = path.to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).expect("reads");
        let plain = haifu::read(&name, &bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let marked = haifu::read(&name, &with_bom(&bytes))
            .unwrap_or_else(|e| panic!("{name} with a BOM: {e}"));
        assert_eq!(plain, marked, "{name}");
    }
}

#[test]
fn an_error_after_a_byte_order_mark_is_placed_in_the_file() {
    // `{"log": [[` then a bad element at byte 11 of the record: byte 14 of the file.
    let record = br#"{"log": [[x]]}"#;
    let plain = haifu::read("game.json", record).expect_err("bad JSON");
    let marked = haifu::read("game.json", &with_bom(record)).expect_err("bad JSON");
    let column = |e: &haifu::ReadError| match e {
        haifu::ReadError::Log(e) => (e.location.line, e.location.column),
        other => panic!("{other}"),
    };
    let (line, col) = column(&plain);
    assert_eq!(column(&marked), (line, col + 3));
}
