//! `read_located` reads a game and notes where each of its events was written, in one pass:
//! placed in the bytes read, each event's place is the start of its tag (mjlog) or item (the
//! JSON formats), whether the file is plain, gzipped or starts with a byte-order mark.

use std::io::Write as _;

use haifu::{GameLog, SourcePositions};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The byte at a 1-based line and column of `bytes`, with `starts` its line starts.
fn byte_at(bytes: &[u8], starts: &[usize], line: u32, column: u32) -> u8 {
    bytes[starts[line as usize - 1] + column as usize - 1]
}

/// Where each line of `bytes` starts.
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect()
}

fn located(name: &str, bytes: &[u8]) -> (GameLog, SourcePositions) {
    let mut log = GameLog::new();
    let mut positions = SourcePositions::default();
    haifu::read_located(name, bytes, &mut log, u64::MAX, &mut positions)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    (log, positions)
}

/// The first file of `dir` (sorted) whose name ends in `ext`.
fn first_file(dir: &std::path::Path, ext: &str) -> std::path::PathBuf {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the folder lists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files.into_iter().next().expect("a file")
}

#[test]
fn every_event_of_an_mjlog_is_placed_at_its_tag_plain_gzipped_or_marked() {
    let Some(dir) = haifu_testkit::shared_corpus("tenhou") else {
        return;
    };
    let path = first_file(&dir, "xml");
    let name = path.to_string_lossy().into_owned();
    let bytes = std::fs::read(&path).expect("reads");
    let (log, mut plain) = located(&name, &bytes);
    assert_eq!(plain.offsets.len(), log.len(), "one offset per event");
    assert!(plain.events.is_empty(), "nothing placed before it is asked");
    plain.place(&bytes);
    assert_eq!(plain.events.len(), log.len());
    let starts = line_starts(&bytes);
    for (i, at) in plain.events.iter().enumerate() {
        assert_eq!(
            byte_at(&bytes, &starts, at.line, at.column),
            b'<',
            "event {i} at {at}"
        );
    }
    // The read itself is the same as without positions.
    assert_eq!(log, haifu::read(&name, &bytes).expect("reads"));

    // Gzipped: placed at once, in the XML, at the same places.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&bytes).expect("compresses");
    let gzipped = gz.finish().expect("compresses");
    let (_, zipped) = located(&name, &gzipped);
    assert!(zipped.offsets.is_empty());
    assert_eq!(zipped.events, plain.events);

    // With a byte-order mark: the same places in the file, 3 columns on where on line 1.
    let marked_bytes = [BOM, &bytes].concat();
    let (_, mut marked) = located(&name, &marked_bytes);
    marked.place(&marked_bytes);
    let marked_starts = line_starts(&marked_bytes);
    for (at, was) in marked.events.iter().zip(&plain.events) {
        assert_eq!(at.line, was.line);
        let shift = if at.line == 1 { 3 } else { 0 };
        assert_eq!(at.column, was.column + shift);
        assert_eq!(
            byte_at(&marked_bytes, &marked_starts, at.line, at.column),
            b'<'
        );
    }
}

#[test]
fn every_event_of_a_json_record_is_placed_at_an_item() {
    let mut files = Vec::new();
    for corpus in ["majsoul", "tenhou6/tenhou"] {
        let Some(dir) = haifu_testkit::shared_corpus(corpus) else {
            return;
        };
        files.push(first_file(&dir, "json"));
    }
    for path in files {
        let name = path.to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).expect("reads");
        let (log, mut positions) = located(&name, &bytes);
        positions.place(&bytes);
        assert_eq!(positions.events.len(), log.len(), "{name}");
        let starts = line_starts(&bytes);
        for (i, at) in positions.events.iter().enumerate() {
            let b = byte_at(&bytes, &starts, at.line, at.column);
            assert!(
                b == b'{' || b == b'[' || b == b'"' || b.is_ascii_digit() || b == b'-',
                "{name}: event {i} at {at} starts with {:?}",
                b as char
            );
        }
    }
}

#[test]
fn haifu_text_is_placed_by_line() {
    let path = haifu_testkit::workspace_root().join("corpus/scenarios/buu/maru-a-at-4000.haifu");
    let bytes = std::fs::read(&path).expect("reads");
    let (log, positions) = located("maru-a-at-4000.haifu", &bytes);
    assert_eq!(positions.event_lines.len(), log.len());
    let text = std::str::from_utf8(&bytes).expect("text");
    let lines: Vec<&str> = text.lines().collect();
    // A round's start is on its `round` line.
    let first = positions.event_lines[0] as usize;
    assert!(
        lines[first - 1].starts_with("round"),
        "{}",
        lines[first - 1]
    );
}
