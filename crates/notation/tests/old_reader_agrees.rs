//! The reader as it was before its rewrite began (issue 17), kept as a test: its files are
//! under `tests/legacy/` exactly as they were at `b63f92f`, and this crate's root is that
//! crate's `lib.rs`. The tests below read the error corpus, every good record and scenario,
//! and 100,000 mutated records with both readers and require the same log or the same located
//! error, message for message: every change to the reader (its split by block, the grammar
//! that is to replace its line machine, the fast paths' removal) is held to it.
//!
//! Remove this test, and `tests/legacy/`, once the rewrite has settled.

#![allow(dead_code, unreachable_pub, missing_docs, clippy::all)]

#[path = "legacy/error.rs"]
mod error;
#[path = "legacy/lex.rs"]
mod lex;
#[path = "legacy/names.rs"]
mod names;
#[path = "legacy/read.rs"]
mod read;
#[path = "legacy/table.rs"]
mod table;
#[path = "legacy/write.rs"]
mod write;

use haifu_log::{GameLog, NoWalls, WallSource};

pub use error::{ErrorKind, ReadError};

/// A game record with its comments.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    /// The game.
    pub log: GameLog,
    /// The comments, in order. The canonical form writes each as a whole line.
    pub comments: Vec<Comment>,
}

/// A comment (`# …`), kept with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The number of events before it: it is written just before event `event`'s line (0: at
    /// the top of the file).
    pub event: usize,
    /// The text after `#`, verbatim.
    pub text: String,
}

/// Reads one game record. Tile copies are resolved against the walls the record states
/// (`wall` lines), else the lowest free copy: [`read_into_with`] takes a [`WallSource`] for
/// records whose walls come from a seed.
pub fn read(text: &str) -> Result<GameLog, ReadError> {
    let mut log = GameLog::new();
    read_into(text, &mut log)?;
    Ok(log)
}

/// Like [`read()`], with the walls of the rounds that state none from `walls`.
pub fn read_with(text: &str, walls: &mut dyn WallSource) -> Result<GameLog, ReadError> {
    let mut log = GameLog::new();
    read_into_with(text, &mut log, walls)?;
    Ok(log)
}

/// Like [`read()`], but fills `log` (cleared first), so a caller reading many records reuses one
/// log's allocations. On error the log's contents are unspecified.
pub fn read_into(text: &str, log: &mut GameLog) -> Result<(), ReadError> {
    read_into_with(text, log, &mut NoWalls)
}

/// Like [`read_into`], with the walls of the rounds that state none from `walls` (for a
/// Tenhou record, haifu-tenhou's `SeedWalls` rebuilds them from its seed).
pub fn read_into_with(
    text: &str,
    log: &mut GameLog,
    walls: &mut dyn WallSource,
) -> Result<(), ReadError> {
    log.clear();
    read::Reader::new(text, log, None, walls).run()
}

/// Like [`read_into`], for bytes that should be UTF-8 text (a file's contents).
pub fn read_bytes_into(bytes: &[u8], log: &mut GameLog) -> Result<(), ReadError> {
    read_into(utf8(bytes)?, log)
}

/// Like [`read_into_with`], for bytes that should be UTF-8 text (a file's contents).
pub fn read_bytes_into_with(
    bytes: &[u8],
    log: &mut GameLog,
    walls: &mut dyn WallSource,
) -> Result<(), ReadError> {
    read_into_with(utf8(bytes)?, log, walls)
}

/// Like [`read_document`], for bytes that should be UTF-8 text (a file's contents).
pub fn read_document_bytes(bytes: &[u8]) -> Result<Document, ReadError> {
    read_document(utf8(bytes)?)
}

/// Like [`read_document_with`], for bytes that should be UTF-8 text (a file's contents).
pub fn read_document_bytes_with(
    bytes: &[u8],
    walls: &mut dyn WallSource,
) -> Result<Document, ReadError> {
    read_document_with(utf8(bytes)?, walls)
}

/// `bytes` as text, or a located [`ErrorKind::NotUtf8`] at the first byte that is not UTF-8.
fn utf8(bytes: &[u8]) -> Result<&str, ReadError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let line_end = bytes[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| at + p);
        ReadError {
            location: haifu_log::Location::of_offset(bytes, at),
            kind: ErrorKind::NotUtf8,
            line_text: String::from_utf8_lossy(&bytes[line_start..line_end]).into_owned(),
        }
    })
}

/// Reads one game record with its comments (walls as [`read()`] takes them).
pub fn read_document(text: &str) -> Result<Document, ReadError> {
    read_document_with(text, &mut NoWalls)
}

/// Like [`read_document`], with the walls of the rounds that state none from `walls`.
pub fn read_document_with(text: &str, walls: &mut dyn WallSource) -> Result<Document, ReadError> {
    let mut doc = Document::default();
    read::Reader::new(text, &mut doc.log, Some(&mut doc.comments), walls).run()?;
    Ok(doc)
}

/// Where the events and the expectations of a record were written: 1-based line numbers of
/// its text, for messages that name an event or an expectation (the referee's). See
/// [`source_lines`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceLines {
    /// For event `i` of the [`GameLog`] that [`read`] gives, the line it comes from (for a
    /// round start or an outcome, the line of its `round`, `win`, `draw` or `game-end` line).
    pub events: Vec<u32>,
    /// For expectation `i` of [`GameLog::expectations`], the line of its `expect` line.
    pub expectations: Vec<u32>,
}

/// Where each event and each expectation of a record was written (see [`SourceLines`]).
/// Reads more slowly than [`read`] (line by line, no fast path): for the records whose
/// messages need it.
pub fn source_lines(text: &str) -> Result<SourceLines, ReadError> {
    let mut log = GameLog::default();
    let mut lines = SourceLines::default();
    read::Reader::new(text, &mut log, None, &mut NoWalls)
        .with_lines(&mut lines)
        .run()?;
    Ok(lines)
}

/// The canonical text of a game, with the walls the log states (a round's stated wall is
/// written as its `wall` line); [`write_with`] takes a [`WallSource`] for a log whose walls
/// come from a seed.
pub fn write(log: &GameLog) -> String {
    write_with(log, &mut NoWalls)
}

/// The canonical text of a game, each round's wall from `walls` (haifu-tenhou's `SeedWalls`
/// for a Tenhou log) and written as its `wall` line, so that a reader needs no generator.
pub fn write_with(log: &GameLog, walls: &mut dyn WallSource) -> String {
    let mut out = String::with_capacity(16 * 1024);
    write::write(log, &[], walls, &mut out);
    out
}

/// The canonical text of a game with its comments (walls as [`write`] takes them).
pub fn write_document(doc: &Document) -> String {
    write_document_with(doc, &mut NoWalls)
}

/// Like [`write_document`], each round's wall from `walls`.
pub fn write_document_with(doc: &Document, walls: &mut dyn WallSource) -> String {
    let mut out = String::with_capacity(16 * 1024);
    write::write(&doc.log, &doc.comments, walls, &mut out);
    out
}

// ---- the comparison ----

/// What a reader made of a text: the log, or the located error as the user reads it.
fn outcome_new(text: &str) -> Result<haifu_log::GameLog, String> {
    bytes_new(text.as_bytes())
}

fn outcome_old(text: &str) -> Result<haifu_log::GameLog, String> {
    bytes_old(text.as_bytes())
}

fn bytes_new(bytes: &[u8]) -> Result<haifu_log::GameLog, String> {
    let mut log = haifu_log::GameLog::new();
    haifu_notation::read_bytes_into(bytes, &mut log).map_err(|e| e.to_string())?;
    Ok(log)
}

fn bytes_old(bytes: &[u8]) -> Result<haifu_log::GameLog, String> {
    let mut log = haifu_log::GameLog::new();
    read_bytes_into(bytes, &mut log).map_err(|e| e.to_string())?;
    Ok(log)
}

use haifu_testkit::notation_records as bases;

#[test]
fn the_error_corpus_gives_the_same_located_errors() {
    let dir = haifu_testkit::workspace_root().join("corpus/parse/haifu/err");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("reads the error corpus") {
        let path = entry.expect("an entry").path();
        let bytes = std::fs::read(&path).expect("reads");
        let (old, new) = (bytes_old(&bytes), bytes_new(&bytes));
        assert!(
            old.is_err(),
            "{}: the old reader accepts it",
            path.display()
        );
        assert_eq!(new, old, "{}", path.display());
        n += 1;
    }
    assert!(n >= 20, "the error corpus has {n} files");
}

#[test]
fn good_records_read_alike() {
    for (name, text) in bases() {
        assert_eq!(outcome_new(&text), outcome_old(&text), "{name}");
    }
}

/// At least 100,000 mutated records (one to three mutations each, from every good record and
/// scenario) read alike: the same log, or the same located error. `HAIFU_MUTANTS` sets
/// another count.
#[test]
fn mutated_records_read_alike() {
    let (mut errors, mut read) = (0, 0);
    for (case, name, text) in haifu_testkit::notation_mutants(0x9E37_79B9_7F4A_7C15) {
        let (old, new) = (outcome_old(&text), outcome_new(&text));
        if old.is_err() {
            errors += 1;
        } else {
            read += 1;
        }
        assert_eq!(new, old, "case {case}, from {name}:\n{text}");
    }
    // Most mutants must be errors, or the comparison says little about them.
    assert!(errors > read, "{errors} errors, {read} read");
}

/// Hand-made `expect` lines, good and bad, read alike (the line the grammar reads first).
#[test]
fn expect_lines_read_alike() {
    let base = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/classic/fishing.haifu"),
    )
    .expect("reads");
    let lines = [
        "expect",
        "expect   ",
        "expect # nothing",
        "expect what",
        "expect furiten",
        "expect furiten E",
        "expect furiten A",
        "expect furiten A sometimes",
        "expect furiten A riichi extra",
        "expect win",
        "expect win Q",
        "expect win C 40fu 1han 1300 mangan no-limit 2han",
        "expect win C 40fu fish",
        "expect draw",
        "expect draw nothing",
        "expect draw exhaustive more",
        "expect next",
        "expect next end",
        "expect next end again",
        "expect next E9",
        "expect next E2.0 dealer",
        "expect next E2.0 dealer Z",
        "expect next E2.0 sticks x",
        "expect next E2.0 colour 3",
        "expect next E2.0 dealer B sticks 0 dealer C",
        "expect illegal",
        "expect illegal furiten",
        "expect illegal nonsense",
        "expect illegal \"why\"",
        "expect illegal furiten \"why\" more",
        "expect illegal \"unterminated",
        "expect illegal furiten \"bad \\q escape\"",
    ];
    for line in lines {
        let text = base.replacen("expect win C", &format!("{line}\nexpect win C"), 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
}

/// Hand-made header lines, good and bad, read alike.
#[test]
fn header_lines_read_alike() {
    let base = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/classic/fishing.haifu"),
    )
    .expect("reads");
    let variants = [
        ("source haifu", "source"),
        ("source haifu", "source \"tenhou-mjlog\" 2.3"),
        ("source haifu", "source haifu 1 2"),
        ("source haifu", "source \"bad"),
        ("source haifu", "source majsoul \"v\\q\""),
        ("source haifu", "source haifu\nsource haifu"),
        ("source haifu", "source haifu\ngame"),
        ("source haifu", "source haifu\ngame \"2024-01-01\" extra"),
        (
            "source haifu",
            "source haifu\nseed mt19937ar-sha512-n288-base64,AAAA",
        ),
        ("source haifu", "source haifu\nseed \"quoted seed\""),
        ("source haifu", "source haifu\nseed"),
        ("source haifu", "source haifu\nseed a b"),
        ("source haifu", "source haifu\nseed-ref x\nseed-ref y"),
        ("source haifu", "source haifu\nunknown GO type \"9\""),
        ("source haifu", "source haifu\nunknown GO type"),
        ("source haifu", "source haifu\nunknown GO type \"9\" more"),
        ("source haifu", "source haifu\nmystery line"),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules nothing",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules tenhou 5p",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules tenhou riichi=fishy bogus",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules tenhou bits=12 lobby=x",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules tenhou title=\"a b\" rule=x ranking=\"\" csrule=\"q",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules wrc aka",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules wrc lobby=3",
        ),
        (
            "rules tenhou 4p hanchan aka kuitan houou riichi=fishing lobby=0",
            "rules classic false_win={redeal=[2000,4000]} kiriage_mangan=true",
        ),
        ("player A \"A\" dan=0 rate=1500 sex=M", "player"),
        ("player A \"A\" dan=0 rate=1500 sex=M", "player E \"A\""),
        ("player A \"A\" dan=0 rate=1500 sex=M", "player A"),
        (
            "player A \"A\" dan=0 rate=1500 sex=M",
            "player A \"A\" dan=x",
        ),
        (
            "player A \"A\" dan=0 rate=1500 sex=M",
            "player A \"A\" rate=1e5",
        ),
        (
            "player A \"A\" dan=0 rate=1500 sex=M",
            "player A \"A\" colour=red",
        ),
        (
            "player A \"A\" dan=0 rate=1500 sex=M",
            "player A \"A\" plain",
        ),
        ("first-dealer A", "first-dealer"),
        ("first-dealer A", "first-dealer Z"),
        ("first-dealer A", "first-dealer A B"),
        ("scores 25000 25000 25000 25000", "scores 25000 25000 25000"),
        (
            "scores 25000 25000 25000 25000",
            "scores 25000 25000 25000 x",
        ),
        ("scores 25000 25000 25000 25000", "scores 1 2 3 4 5"),
        (
            "scores 25000 25000 25000 25000",
            "scores 99999999999999999999 0 0 0",
        ),
    ];
    for (from, to) in variants {
        let text = base.replacen(from, to, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{to}");
    }
}

/// Hand-made `win` lines, good and bad, read alike.
#[test]
fn win_lines_read_alike() {
    let base = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/classic/fishing.haifu"),
    )
    .expect("reads");
    let lines = [
        "win",
        "win Q ron B 40fu 1han 1300",
        "win C",
        "win C steal B",
        "win C ron",
        "win C ron Z",
        "win C ron B",
        "win C ron B 40fu",
        "win C ron B 1han 1300",
        "win C ron B mangan 8000",
        "win C ron B 40fu 1han 1300 fish",
        "win C ron B 40fu 2han 1300",
        "win C ron B 40fu 1han 1300 no-limit",
        "win C tsumo 40fu 1han 1300",
        "win C ron B  40fu   1han 1300 # a comment",
        "win C ron B 40fu 1han 99999999999999999999",
    ];
    for line in lines {
        let text = base.replacen("win C ron B 40fu 1han 1300", line, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
}

/// Hand-made `round` and `draw` lines, good and bad, read alike.
#[test]
fn round_and_draw_lines_read_alike() {
    let base = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/exhaustive/noten-splits.haifu"),
    )
    .expect("reads");
    let rounds = [
        "round",
        "round X1.0",
        "round E1.0",
        "round E1.0 dealer A sticks 0 dora 9m",
        "round E1.0 dealer Q dora 9m",
        "round E1.0 dealer A dealer B sticks x dora 9m",
        "round E1.0 sticks x dealer A dealer B dora 9m",
        "round E1.0 dice 3 4 dice 9 9 dora 9m",
        "round E1.0 dice 3 dora 9m",
        "round E1.0 dora 8z",
        "round E1.0 dora 9m dora 9m",
        "round E1.0 colour red dora 9m",
        "round E1.0 dealer A sticks 0 dice 3 4 dora 9m # comment",
    ];
    for line in rounds {
        let text = base.replacen("round E1.0 dealer A sticks 0 dice 3 4 dora 9m", line, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
    for line in [
        "draw",
        "draw nothing",
        "draw exhaustive more",
        "draw  exhaustive #x",
    ] {
        let text = base.replacen("draw exhaustive", line, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
}

/// Hand-made setup lines (`hand`, `wall`, `shuffle`, `scores`, `chips`), good and bad, read
/// alike.
#[test]
fn setup_lines_read_alike() {
    let base = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/classic/fishing.haifu"),
    )
    .expect("reads");
    let variants = [
        ("hand A 123m456p789s2233z", "hand"),
        ("hand A 123m456p789s2233z", "hand A"),
        ("hand A 123m456p789s2233z", "hand Q 123m456p789s2233z"),
        ("hand A 123m456p789s2233z", "hand A exact"),
        ("hand A 123m456p789s2233z", "hand A exact 123m456p789s2233z"),
        ("hand A 123m456p789s2233z", "hand A 123m456p789s2233z extra"),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nhand A 123m456p789s2233z",
        ),
        ("hand A 123m456p789s2233z", "hand  A  123m456p789s2233z # c"),
        ("hand A 123m456p789s2233z", "hand A 123m456p789s2233z\nwall"),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nwall sideways 1m",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nwall current",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nwall early 1m 2m",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nshuffle",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nshuffle mt19937ar,0A1B2C3D",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nshuffle \"a\" b",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nshuffle x\nshuffle y",
        ),
        (
            "hand A 123m456p789s2233z",
            "hand A 123m456p789s2233z\nchips 1 2 3",
        ),
        (
            "scores 25000 25000 25000 25000\nhand A",
            "scores 25000 25000 25000 25000\nscores 1 2 3 4\nhand A",
        ),
    ];
    for (from, to) in variants {
        let text = base.replacen(from, to, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{to}");
    }
}

/// Hand-made field lines of wins and draws, good and bad, read alike.
#[test]
fn field_lines_read_alike() {
    let root = haifu_testkit::workspace_root();
    let win = std::fs::read_to_string(root.join("corpus/scenarios/classic/fishing.haifu"))
        .expect("reads");
    let win_fields = [
        "  pao",
        "  pao Q",
        "  pao B extra",
        "  pao B\n  pao C",
        "  yaku",
        "  yaku round-east",
        "  yaku round-east x",
        "  yaku nonsense 1",
        "  yaku round-east 1, tanyao 1",
        "  yaku round-east 1\n  yaku round-east 1",
        "  yakuman",
        "  yakuman kokushi, daisangen",
        "  yakuman tanyao",
        "  dora 8p 9p 1z 2z 3z 4z",
        "  dora 8z",
        "  ura 1m",
        "  hand 234m567p9946s111z5s",
        "  hand 1m1m1m1m1m",
        "  melds {pon 555z called=5z from=A}",
        "  melds {pon 555z",
        "  agari",
        "  agari 5s",
        "  agari 8z",
        "  agari 5s 6s",
        "  ba 0",
        "  ba 0 0 0",
        "  ba x 0",
        "  scores 1 2 3",
        "  chips 1 2 3 4 5 6 7",
        "  chips 1 2 3 4 5 6 7 x",
        "  chip-awards aka:1 ura:x",
        "  chip-awards nothing:1",
        "  chip-awards aka",
        "  ratio 1",
        "  ratio 1 2 3",
        "  final 1 2 3 4",
        "  final 1 2 3 4\n  points +1.0 +2.0 -1.0",
        "  final 1 2 3 4\n  points +1.0 +2.0 -1.0 x",
        "  final 1 2 3 4\n  points +1.0 +2.0 -1.0 -2.0\n  final-chips 1/2 3/4 5/6",
        "  final-chips 1/2 3/4 5/6 7/8",
        "  final-chips 1/2 3/4 5/6 7",
    ];
    for line in win_fields {
        let text = win.replacen(
            "  yaku round-east 1",
            &format!("  yaku round-east 1\n{line}"),
            1,
        );
        let text = text.replacen("  yaku round-east 1\n  yaku", "  yaku", 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
    let draw = std::fs::read_to_string(root.join("corpus/scenarios/exhaustive/noten-splits.haifu"))
        .expect("reads");
    let draw_fields = [
        "  shown",
        "  shown Q",
        "  shown A empty",
        "  shown A empty more",
        "  shown A 1m",
        "  shown A\n  shown A",
        "  ba 1",
        "  ratio 1 x",
        "  scores 1 2 3 4 5",
        "  points +1.0",
    ];
    for line in draw_fields {
        let text = draw.replacen("draw exhaustive", &format!("draw exhaustive\n{line}"), 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
}

/// Hand-made move lines, good and bad, read alike.
#[test]
fn move_lines_read_alike() {
    let base = std::fs::read_to_string(
        haifu_testkit::workspace_root()
            .join("corpus/scenarios/classic/insurance-fourth-honour-set.haifu"),
    )
    .expect("reads");
    let lines = [
        "A 9p *",
        "A 9p",
        "A",
        "A # nothing",
        "A 9p 8z",
        "A 8z 9p",
        "A 9p ~9p",
        "A 9p -9p",
        "A 9p *9p",
        "A 9p *8z",
        "A +9p *",
        "A +8z *",
        "A 9p * riichi",
        "A 9p riichi=1,2,3,4 *",
        "A 9p riichi=1,2,3 *",
        "A 9p riichi * deposit=none",
        "A 9p riichi * deposit=1,2,x,4",
        "A 9p * dead",
        "A 9p * false-win=1,2,3,4",
        "A 9p * false-win=1,2",
        "A 9p * bye",
        "A 9p * back",
        "A 9p * back \"A again\"",
        "A 9p * back \"unterminated",
        "A 9p * dora",
        "A 9p * dora 8z",
        "A 9p * kita",
        "A 9p * kakan",
        "A 9p * kakan 1z",
        "A 9p * ankan",
        "A 9p * ankan 1z",
        "A 9p * ankan 11z",
        "A 9p * chi",
        "A 9p * pon 1z<B",
        "A 9p * {pon 111z called=1z from=B}",
        "A 9p * {pon 111z",
        "A 9p * shout",
        "A 9p * riichi= ",
    ];
    for line in lines {
        let text = base.replacen("A 9p *", line, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
    let calls = [
        "A pon 1z<B 9m",
        "A pon 1z<Q 9m",
        "A pon 2z<B 9m",
        "A pon 1z<B+11z 9m",
        "A pon 1z<B+1z 9m",
        "A pon 1z<B+8z 9m",
        "A pon 1z<B+11z",
        "A chi 1z<B+2z3z 9m",
        "A kan 1z<B 9m",
        "A pon 1z 9m",
        "A pon",
    ];
    for line in calls {
        let text = base.replacen("A pon 1z<B 9m", line, 1);
        assert_eq!(outcome_new(&text), outcome_old(&text), "{line}");
    }
    // Moves before any round.
    let text = base.replacen("round E1.0", "A 9p\nround E1.0", 1);
    assert_eq!(outcome_new(&text), outcome_old(&text));
}
