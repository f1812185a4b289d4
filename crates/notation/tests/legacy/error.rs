use std::fmt;

use haifu_log::Location;
use thiserror::Error;

/// A record that could not be read: where, why, and the offending line.
///
/// `Display` prints `LINE:COL: message`; [`ReadError::display_in`] prefixes the file name and
/// adds the line with a caret under the column:
///
/// ```text
/// game.haifu:12:6: bad tile `8z`: honours are 1z-7z
///    |
/// 12 | A 4m 8z 3p
///    |      ^
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{location}: {kind}")]
pub struct ReadError {
    /// Where the problem is (1-based line; 1-based column in bytes).
    pub location: Location,
    /// What the problem is.
    pub kind: ErrorKind,
    /// The text of the offending line (without its line break).
    pub line_text: String,
}

impl ReadError {
    /// The error as `FILE:LINE:COL: message`, then the line and a caret under the column.
    pub fn display_in<'a>(&'a self, file: &'a str) -> impl fmt::Display + 'a {
        InFile { error: self, file }
    }
}

struct InFile<'a> {
    error: &'a ReadError,
    file: &'a str,
}

impl fmt::Display for InFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.error;
        writeln!(f, "{}:{}: {}", self.file, e.location, e.kind)?;
        let number = e.location.line.to_string();
        let pad = " ".repeat(number.len());
        // The caret goes under the column's character; tabs are shown as one space.
        let shown: String = e
            .line_text
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let column = usize::try_from(e.location.column).unwrap_or(1).max(1) - 1;
        let before = e.line_text.get(..column.min(e.line_text.len()));
        let indent = before.map_or(column, |b| b.chars().count());
        // A long line is quoted as a window around the column, not whole.
        const WINDOW: usize = 240;
        let length = shown.chars().count();
        let (shown, indent) = if length > WINDOW {
            let start = indent.saturating_sub(WINDOW / 2).min(length - WINDOW);
            let cut: String = shown.chars().skip(start).take(WINDOW).collect();
            let head = if start > 0 { "…" } else { "" };
            let tail = if start + WINDOW < length { "…" } else { "" };
            (
                format!("{head}{cut}{tail}"),
                indent - start + head.chars().count(),
            )
        } else {
            (shown, indent)
        };
        writeln!(f, "{pad} |")?;
        writeln!(f, "{number} | {shown}")?;
        write!(f, "{pad} | {}^", " ".repeat(indent))
    }
}

/// What went wrong while reading a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input has nothing but blank lines and comments.
    #[error("the file holds no game record, only blank lines and comments: expected `haifu 1`")]
    Empty,
    /// The input is not UTF-8.
    #[error("the file is not UTF-8 text")]
    NotUtf8,
    /// The first line is not the `haifu 1` format line.
    #[error("expected `haifu 1` as the first line, found `{found}`")]
    NoFormatLine {
        /// What was found instead.
        found: String,
    },
    /// A format version this reader does not know.
    #[error("notation version {version} is not supported: this reader knows version 1")]
    Version {
        /// The version as written.
        version: String,
    },
    /// A keyword the reader does not know in this place.
    #[error("unknown keyword `{word}`: expected {expected}")]
    UnknownKeyword {
        /// The word.
        word: String,
        /// What is allowed here.
        expected: &'static str,
    },
    /// A rule point override the rule set refuses (an unknown value).
    #[error("{0}")]
    Rule(String),
    /// A tile that is not written in the tile notation.
    #[error("bad tile `{text}`: {reason}")]
    BadTile {
        /// The tile text.
        text: String,
        /// Why.
        reason: &'static str,
    },
    /// A fifth copy of a tile (or a second red five).
    #[error("a fifth {kind}: all four copies of {kind} are already in play")]
    FifthCopy {
        /// The kind, e.g. `5m`.
        kind: String,
    },
    /// A plain five in a game with red fives when copies 1-3 of it are all in play: the copy
    /// left is the red five, which is written `0`.
    #[error(
        "no plain {kind} is left: its three plain copies are in play, and the fourth is the red five, written 0{suit}"
    )]
    NoPlainFive {
        /// The kind, e.g. `5p`.
        kind: String,
        /// Its suit letter, e.g. `p`.
        suit: char,
    },
    /// An explicitly numbered copy that is already in play.
    #[error("{tile} (copy {copy}) is already in play: each physical tile exists once")]
    CopyInPlay {
        /// The kind.
        tile: String,
        /// The copy number.
        copy: u8,
    },
    /// A token of the wrong shape.
    #[error("expected {expected}, found `{found}`")]
    Expected {
        /// What should be here.
        expected: &'static str,
        /// What is here (shortened if long).
        found: String,
    },
    /// A line ends before a required value.
    #[error("the line ends early: expected {expected}")]
    EndOfLine {
        /// What is still expected.
        expected: &'static str,
    },
    /// A required field of a block (a win, a draw, a round, the final result) is absent.
    #[error("this {block} lacks `{field}`: expected a `{field}` line ({expected})")]
    MissingField {
        /// The block: `win`, `draw`, `round`, `game-end`.
        block: &'static str,
        /// The missing field's keyword.
        field: &'static str,
        /// What it holds.
        expected: &'static str,
    },
    /// A field given twice.
    #[error("`{field}` is given twice")]
    Duplicate {
        /// The field.
        field: &'static str,
    },
    /// A line in a place where it cannot be.
    #[error("`{what}` is out of place: {detail}")]
    OutOfPlace {
        /// The keyword or move.
        what: String,
        /// Why.
        detail: &'static str,
    },
    /// The file ends before the record is complete.
    #[error("the file ends early: expected {expected}")]
    Truncated {
        /// What was still expected.
        expected: &'static str,
    },
    /// Values that contradict each other or the moves before them.
    #[error("{detail}")]
    Inconsistent {
        /// What contradicts what.
        detail: String,
    },
}
