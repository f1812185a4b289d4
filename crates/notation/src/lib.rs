//! The haifu text notation: a complete, lossless, human-readable record of a mahjong game,
//! the PGN of riichi mahjong. The format is specified in `NOTATION.md` beside this crate's
//! manifest (included below).
//!
//! # Overview
//!
//! - [`read()`], [`read_into`], [`read_bytes_into`]: text to a [`GameLog`], or a located
//!   [`ReadError`] (`FILE:LINE:COL: message`, the line, a caret; see
//!   [`ReadError::display_in`]).
//! - [`read_document`], [`read_document_bytes_with`]: the same, keeping the comments as a
//!   [`Document`].
//! - [`source_lines`]: the line each event and each expectation was written on, for messages
//!   about them.
//! - [`write()`], [`write_document`]: the canonical text of a log. Reading it gives back an
//!   equal `GameLog`, and writing that again gives the same text.
//! - Scenario expectations (`expect` lines) are carried in [`GameLog::expectations`], where
//!   the referee finds them whatever format a log came from.
//!
//! # Flow of the reader
//!
//! 1. `haifu 1`, then header lines (`source`, `game`, `rules`, `seed`, `player`, `scores`, …);
//! 2. per round: a `round` line and its setup lines (`scores`, `hand`, …) → `round_start`;
//!    move lines (`A 4m 9p`) → `draw_tile`, `discard`, `call`, `riichi`, `new_dora`, …;
//! 3. `win` and `draw` blocks → `win`, `round_draw` (with the final result on the last one);
//! 4. anywhere in the body: `expect` lines → expectations; `A bye` / `A back` → disconnects;
//! 5. `end`.
//!
//! # Architecture invariants
//!
//! - Syntax only: the reader never judges legality. It tracks where each physical tile is, so
//!   that tiles can be written by kind and still name exact physical tiles; a fifth copy of a
//!   tile is refused because it cannot exist, not because a rule forbids it.
//! - The reader and the writer share one table state ([`table`](self) module), so every
//!   default is computed the same way on both sides and the writer marks exactly the places
//!   where the default would be wrong.
//! - With a Tenhou seed, the default copy of every dealt, drawn and revealed tile is the
//!   wall's; physical copies then show only where the log departs from its wall.
//! - Every line is read once, by its kind's parser, into a small syntax value (`Line`; a move
//!   line move by move from the cursor, `one_move`), which one applier then resolves against
//!   the table; tile lists, hands and walls by one table-driven tile loop. There is no second
//!   reading of any line.
//! - Bad input never panics. No nom type appears in a public signature.
#![doc = ""]
#![doc = include_str!("../NOTATION.md")]

mod error;
mod grammar;
mod lex;
mod names;
mod read;
mod table;
mod write;

use haifu_log::{GameLog, NoWalls, WallSource};

pub use error::{ErrorKind, ReadError};
pub use names::{TextRules, text_rules_of};

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
    read::Reader::new(text, log, None, walls)
        .run()
        .map_err(|e| *e)
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

/// Like [`read_bytes_into_with`], noting where each event and each expectation was written
/// as it reads (one pass; see [`SourceLines`]).
pub fn read_bytes_into_with_lines(
    bytes: &[u8],
    log: &mut GameLog,
    walls: &mut dyn WallSource,
    lines: &mut SourceLines,
) -> Result<(), ReadError> {
    log.clear();
    read::Reader::new(utf8(bytes)?, log, None, walls)
        .with_lines(lines)
        .run()
        .map_err(|e| *e)
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
    read::Reader::new(text, &mut doc.log, Some(&mut doc.comments), walls)
        .run()
        .map_err(|e| *e)?;
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
/// Reads as [`read`] does, noting each event's line: for the records whose messages need it.
pub fn source_lines(text: &str) -> Result<SourceLines, ReadError> {
    let mut lines = SourceLines::default();
    read_bytes_into_with_lines(
        text.as_bytes(),
        &mut GameLog::default(),
        &mut NoWalls,
        &mut lines,
    )?;
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

/// The canonical text of a game with its comments (walls as [`write()`] takes them).
pub fn write_document(doc: &Document) -> String {
    write_document_with(doc, &mut NoWalls)
}

/// Like [`write_document`], each round's wall from `walls`.
pub fn write_document_with(doc: &Document, walls: &mut dyn WallSource) -> String {
    let mut out = String::with_capacity(16 * 1024);
    write::write(&doc.log, &doc.comments, walls, &mut out);
    out
}
