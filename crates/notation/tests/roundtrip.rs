//! Hand-written records under corpus/parse/haifu/ok and the scenario games under
//! corpus/scenarios read, and go through the writer and back unchanged: text → events → text
//! is identical (comments included), and the events survive. (`haifu fmt` puts a record in
//! this form.)

use std::path::{Path, PathBuf};

fn ok_dir() -> PathBuf {
    haifu_testkit::workspace_root().join("corpus/parse/haifu/ok")
}

/// The `.haifu` files under `dir` and its subfolders, sorted.
fn haifu_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("the folder lists") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "haifu") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn hand_written_records_round_trip() {
    let files = haifu_files(&ok_dir());
    assert!(files.len() >= 3, "found {} records", files.len());
    assert_canonical(files);
}

/// Every scenario game (the ones `haifu verify` skips included) is in canonical form, so a
/// changed ruling or a new move shows as a one-line diff.
#[test]
fn scenario_games_are_canonical() {
    let files = haifu_files(&haifu_testkit::workspace_root().join("corpus/scenarios"));
    assert!(files.len() >= 80, "found {} scenarios", files.len());
    assert_canonical(files);
}

fn assert_canonical(files: Vec<PathBuf>) {
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("reads");
        let doc = haifu_notation::read_document(&text)
            .unwrap_or_else(|e| panic!("{}", e.display_in(&name)));
        let written = haifu_notation::write_document(&doc);
        assert_eq!(
            written, text,
            "{name} is not in canonical form (`haifu fmt --check {name}` shows how)"
        );
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

/// `source_lines` gives every event of every scenario the line it was written on (a round
/// start its `round` line, an outcome its `win`/`draw`/`game-end` line, a move its seat's line
/// or a `dora` line of its own for a new indicator, an elision its `...` line), and every
/// expectation its `expect` line.
#[test]
fn every_event_has_its_line() {
    use haifu_log::Event;
    let files = haifu_files(&haifu_testkit::workspace_root().join("corpus/scenarios"));
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("reads");
        let log = haifu_notation::read(&text).expect("reads");
        let source = haifu_notation::source_lines(&text).expect("reads");
        let lines = &source.events;
        assert_eq!(lines.len(), log.len(), "{name}");
        assert!(lines.is_sorted(), "{name}: events out of line order");
        let all: Vec<&str> = text.lines().collect();
        assert_eq!(source.expectations.len(), log.expectations.len(), "{name}");
        for (e, line) in log.expectations.iter().zip(&source.expectations) {
            let written = all[*line as usize - 1];
            assert!(written.starts_with("expect "), "{name}:{line}: {written}");
            // It stands before its event: on a later line than every event before it.
            if let Some(before) = e.event.checked_sub(1) {
                assert!(
                    lines[before] <= *line,
                    "{name}:{line}: after event {before}"
                );
            }
        }
        for (i, (event, line)) in log.events().zip(lines).enumerate() {
            let written = all[*line as usize - 1];
            let first = written.split(' ').next().unwrap_or("");
            let ok = match event {
                Event::RoundStart(_) => first == "round",
                Event::Win(_) => first == "win",
                Event::RoundDraw(_) => first == "draw",
                Event::GameEnd(_) => first == "game-end" || first == "win" || first == "draw",
                Event::NewDora { .. } => first == "dora" || first.len() == 1,
                Event::Elided => first == "...",
                _ => matches!(first, "A" | "B" | "C" | "D"),
            };
            assert!(
                ok,
                "{name}: event {i} ({event:?}) on line {line}: {written}"
            );
        }
    }
}

/// `no-limit` may be written on a `win` line, as `expect win` writes it: the default.
#[test]
fn a_win_line_takes_no_limit() {
    let spec = include_str!("../NOTATION.md");
    let start = spec.find("```text\n# A hand-written").expect("the example") + 8;
    let end = start + spec[start..].find("```").expect("its end");
    let example = &spec[start..end];
    // The example's win line without its limit word, and with `no-limit` said outright.
    let plain = example.replace(
        "win C ron B 40fu 5han 8000 mangan",
        "win C ron B 40fu 5han 8000",
    );
    let said = example.replace(
        "win C ron B 40fu 5han 8000 mangan",
        "win C ron B 40fu 5han 8000 no-limit",
    );
    assert_ne!(plain, example);
    let a = haifu_notation::read(&plain).expect("reads");
    let b = haifu_notation::read(&said).expect("reads");
    assert_eq!(a, b);
    assert_eq!(a.wins()[0].limit, haifu_tiles::Limit::None);
}

/// A byte-order mark before `haifu 1` (as some editors save UTF-8) is not part of the record:
/// the record reads as without it, and its errors keep their columns.
#[test]
fn a_byte_order_mark_is_accepted() {
    let files = haifu_files(&ok_dir());
    let text = std::fs::read_to_string(&files[0]).expect("reads");
    let with_mark = format!("\u{feff}{text}");
    assert_eq!(
        haifu_notation::read_document(&with_mark),
        haifu_notation::read_document(&text)
    );
    assert_eq!(
        haifu_notation::read_bytes_into(with_mark.as_bytes(), &mut haifu_log::GameLog::new()),
        Ok(())
    );
    // `haifu 2` with a mark before it: the version is still at column 7.
    let err = haifu_notation::read("\u{feff}haifu 2\nend\n").expect_err("version 2 is refused");
    assert_eq!(err.location.line, 1);
    assert_eq!(err.location.column, 7);
}

/// In a game without red fives, copy 0 of a five is a plain five: the fourth plain 5p reads
/// (where a game with red fives says it is the red five, written `0p`), and the canonical form
/// writes no `0p` for it and reads back to the same game. Under
/// Buu's rules only the 5p is red: the record's 5p still has no plain copy left.
#[test]
fn plain_fives_in_a_game_without_red_fives() {
    let path = haifu_testkit::workspace_root().join("corpus/parse/haifu/err/plain-five-left.haifu");
    let with_reds = std::fs::read_to_string(path).expect("reads");
    let rules = "rules tenhou 4p hanchan aka kuitan ippan";
    assert!(with_reds.contains(rules));
    for no_reds in [
        "rules tenhou 4p hanchan no-aka kuitan ippan",
        "rules tenhou 4p hanchan aka kuitan ippan red_fives=false",
    ] {
        let text = with_reds.replace(rules, no_reds);
        let log = haifu_notation::read(&text).unwrap_or_else(|e| panic!("{no_reds}: {e}"));
        // B's draw, the fourth 5p in play, is copy 0 (tile id 4 × 13 + 0 = 52).
        let drawn: Vec<u8> = log
            .events()
            .filter_map(|e| match e {
                haifu_log::Event::DrawTile { seat, tile } if seat.index() == 1 => Some(tile.id()),
                _ => None,
            })
            .collect();
        assert_eq!(drawn.first(), Some(&52), "{no_reds}");
        let written = haifu_notation::write(&log);
        assert!(!written.contains("0p"), "{no_reds}: {written}");
        // (Copy 0 is the only 5p left, so the plain `5p` names it without a mark.)
        assert!(written.contains("\nB 5p 4z\n"), "{no_reds}: {written}");
        assert_eq!(haifu_notation::read(&written), Ok(log), "{no_reds}");
    }
    let buu = with_reds.replace(rules, "rules buu");
    let err = haifu_notation::read(&buu).expect_err("the 5p is red under Buu's rules");
    assert!(err.to_string().contains("written 0p"), "{err}");
}

/// Two `dora` lines in a row, before any move names a seat: the canonical form keeps them two
/// lines (one indicator each, as a `dora` line is read), and reads back to the same game.
#[test]
fn two_dora_lines_in_a_row_read_back() {
    let text = std::fs::read_to_string(ok_dir().join("calls.haifu")).expect("reads");
    // (Without the kakan's indicator, so that the two more make five in all.)
    let text = text
        .replace("kakan 8m dora 4m", "kakan 8m")
        .replace("\nA 3z *\n", "\ndora 9m\ndora 9m\nA 3z *\n");
    let doc = haifu_notation::read_document(&text).expect("reads");
    let written = haifu_notation::write_document(&doc);
    assert!(
        written.contains("\ndora 9m\ndora 9m\nA 3z *\n"),
        "{written}"
    );
    assert_eq!(haifu_notation::read_document(&written), Ok(doc));
}

/// `rules FILE.toml` names a rule file beside the record, with overrides after it: the reader
/// keeps the declaration (the file is the verifier's to read), writes it back as it was, and
/// refuses an override that is no rule point.
#[test]
fn a_rules_line_may_name_a_rule_file() {
    let text = std::fs::read_to_string(ok_dir().join("riichi-ron.haifu")).expect("reads");
    let line = "rules tenhou 4p hanchan aka kuitan ippan";
    let club = text.replace(line, "rules club.toml kiriage_mangan=true");
    let log = haifu_notation::read(&club).expect("reads");
    assert_eq!(
        log.header.declared.spec().as_deref(),
        Some("club.toml,kiriage_mangan=true")
    );
    let written = haifu_notation::write(&log);
    assert!(
        written.contains("\nrules club.toml kiriage_mangan=true\n"),
        "{written}"
    );
    assert_eq!(haifu_notation::read(&written), Ok(log));
    let err = haifu_notation::read(&text.replace(line, "rules club.toml no_such_point=1"))
        .expect_err("no rule point");
    assert_eq!((err.location.line, err.location.column), (4, 17));
}

/// A rules line's overrides are written back as one item each, a table or an array value
/// whole (its commas are not item separators), and read back the same.
#[test]
fn rule_overrides_with_tables_and_arrays_read_back() {
    let line = "rules wrc2015 red_fives=true final_points={return_score=30000,rounding=\"hundreds\",uma=[30,10,-10,-30]}";
    let text = format!("haifu 1\n{line}\n\nend\n");
    let written = haifu_notation::write(&haifu_notation::read(&text).expect("reads"));
    let again = haifu_notation::write(&haifu_notation::read(&written).expect("reads again"));
    assert_eq!(written, again);
    let rules = written
        .lines()
        .find(|l| l.starts_with("rules "))
        .expect("a rules line");
    assert!(rules.starts_with("rules wrc2015 "), "{rules}");
    assert!(rules.contains(" red_fives=true"), "{rules}");
    assert!(rules.contains("uma=[30,10,-10,-30]"), "{rules}");
}
