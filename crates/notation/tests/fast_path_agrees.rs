//! The reader's one fast path (runs of plain move lines, `src/read/fast.rs`) held to the move
//! grammar: every record the repository holds, every real Tenhou game written as text, the
//! error corpus and 100,000 mutated records read by [`haifu_notation::read_with`] (fast path
//! first) and by [`haifu_notation::read_by_grammar`] (the grammar alone) give the same log,
//! or the same located error, message for message.

use haifu_log::{GameLog, WallSource};
use haifu_testkit::notation_records;

/// What each way of reading made of `text`, with the walls of its seed as the `haifu` command
/// reads it: the log, or the error as the user reads it.
fn both(text: &str) -> (Result<GameLog, String>, Result<GameLog, String>) {
    let walls = || -> Box<dyn WallSource> { Box::new(haifu_tenhou::SeedWalls::new()) };
    let fast = haifu_notation::read_with(text, &mut *walls()).map_err(|e| e.to_string());
    let grammar = haifu_notation::read_by_grammar(text, &mut *walls()).map_err(|e| e.to_string());
    (fast, grammar)
}

#[test]
fn records_and_scenarios_read_alike() {
    let records = notation_records();
    assert!(records.len() > 100, "{} records", records.len());
    for (name, text) in records {
        let (fast, grammar) = both(&text);
        assert!(fast.is_ok(), "{name}: {fast:?}");
        assert_eq!(fast, grammar, "{name}");
    }
}

#[test]
fn the_error_corpus_reads_alike() {
    let dir = haifu_testkit::workspace_root().join("corpus/parse/haifu/err");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("reads the error corpus") {
        let path = entry.expect("an entry").path();
        // (A file that is not UTF-8 is refused before any line is read.)
        let Ok(text) = String::from_utf8(std::fs::read(&path).expect("reads")) else {
            continue;
        };
        let (fast, grammar) = both(&text);
        assert!(fast.is_err(), "{}: read without error", path.display());
        assert_eq!(fast, grammar, "{}", path.display());
        n += 1;
    }
    assert!(n >= 20, "the error corpus has {n} files");
}

/// Every real Tenhou game, written as text with its walls from its seed, and read back with
/// them: the same log as the mjlog's, walls and dice included.
#[test]
fn real_games_read_alike() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut n = 0;
    for entry in haifu_testkit::manifest(&dir) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        let log = haifu_tenhou::read(&bytes).expect("corpus file parses");
        let text = haifu_notation::write_with(&log, &mut haifu_tenhou::SeedWalls::new());
        let (fast, grammar) = both(&text);
        assert_eq!(fast.as_ref(), Ok(&log), "{}", entry.file);
        assert_eq!(fast, grammar, "{}", entry.file);
        n += 1;
    }
    assert_eq!(n, 516);
}

/// 100,000 mutated records (one to three mutations each, from every record and scenario)
/// read alike. `HAIFU_MUTANTS` sets another count.
#[test]
fn mutated_records_read_alike() {
    let (mut errors, mut read) = (0, 0);
    for (case, name, text) in haifu_testkit::notation_mutants(0x2545_F491_4F6C_DD1D) {
        let (fast, grammar) = both(&text);
        if fast.is_err() {
            errors += 1;
        } else {
            read += 1;
        }
        assert_eq!(fast, grammar, "case {case}, from {name}:\n{text}");
    }
    // Both kinds of outcome must be common, or the comparison says little about one of them.
    assert!(
        errors * 10 >= read && read * 10 >= errors,
        "{errors} errors and {read} read"
    );
}
