use std::fmt;

use thiserror::Error;

/// A position in the input: 1-based line and column (column counted in bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Location {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in bytes.
    pub column: u32,
}

/// Where in its file each event and expectation of a game was written, as a reader notes it
/// while it reads (one pass), for pointing at a divergence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourcePositions {
    /// For event `i`, the line and column of its tag or item (mjlog XML, the JSON formats'
    /// items, an mjai line).
    pub events: Vec<Location>,
    /// For event `i`, its line in haifu text, when `events` says nothing of it.
    pub event_lines: Vec<u32>,
    /// For expectation `i` of the log, the line of its `expect` line in haifu text.
    pub expectation_lines: Vec<u32>,
    /// For event `i`, the byte offset of its tag or item in the bytes read, as a reader notes
    /// it while reading, until [`SourcePositions::place`] turns them into `events`: only the
    /// positions a report needs are placed (a divergent game's), and a conforming game pays
    /// for no line count.
    pub offsets: Vec<usize>,
}

impl SourcePositions {
    /// Forgets every position, keeping the allocations.
    pub fn clear(&mut self) {
        self.events.clear();
        self.event_lines.clear();
        self.expectation_lines.clear();
        self.offsets.clear();
    }

    /// Places the noted [`offsets`](SourcePositions::offsets) in `bytes`, the bytes they were
    /// noted in, as `events` (line and column).
    pub fn place(&mut self, bytes: &[u8]) {
        if !self.offsets.is_empty() {
            Location::of_offsets_into(bytes, self.offsets.drain(..), &mut self.events);
        }
    }
}

impl Location {
    /// The location of byte `offset` in `input` (clamped to the end of the input).
    pub fn of_offset(input: &[u8], offset: usize) -> Location {
        let upto = &input[..offset.min(input.len())];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = upto.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        Location {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(upto.len() - line_start + 1).unwrap_or(u32::MAX),
        }
    }
}

impl Location {
    /// The locations of many byte offsets of `input`, in their order (which may be any): one
    /// pass over the input for its line starts, then each offset placed from the line of the
    /// one before, or by a binary search.
    pub fn of_offsets(input: &[u8], offsets: impl IntoIterator<Item = usize>) -> Vec<Location> {
        let mut out = Vec::new();
        Location::of_offsets_into(input, offsets, &mut out);
        out
    }

    /// [`Location::of_offsets`] into `out` (cleared first), reusing its allocation.
    pub fn of_offsets_into(
        input: &[u8],
        offsets: impl IntoIterator<Item = usize>,
        out: &mut Vec<Location>,
    ) {
        out.clear();
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', input).map(|i| i + 1))
            .collect();
        // An offset on the line of the one before or the next is placed at once (the usual
        // case: offsets in the order of the text), any other by a binary search.
        let mut line = 0usize;
        out.extend(offsets.into_iter().map(|at| {
            let at = at.min(input.len());
            let starts_by = |l: usize| line_starts.get(l).is_some_and(|s| *s <= at);
            if !starts_by(line) || starts_by(line + 2) {
                line = line_starts.partition_point(|s| *s <= at) - 1;
            } else if starts_by(line + 1) {
                line += 1;
            }
            Location {
                line: u32::try_from(line + 1).unwrap_or(u32::MAX),
                column: u32::try_from(at - line_starts[line] + 1).unwrap_or(u32::MAX),
            }
        }));
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// How deep a JSON record may nest its arrays and objects: far deeper than any record haifu
/// reads (tenhou.net/6 records nest 5 levels, Mahjong Soul's about 12), shallow enough that
/// no reader recurses without bound.
pub const JSON_NESTING: usize = 64;

/// A log that could not be read, with where and why.
///
/// `Display` prints `LINE:COL: message`; a caller that knows the file prefixes its name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{location}: {kind}")]
pub struct ParseError {
    /// Where the problem is.
    pub location: Location,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// A new error.
    pub fn new(location: Location, kind: ParseErrorKind) -> ParseError {
        ParseError { location, kind }
    }

    /// Refuses JSON whose arrays and objects nest deeper than [`JSON_NESTING`], at the bracket
    /// that goes too deep, whatever field holds it: a reader that skips a field and one that
    /// reads it refuse the same record the same way, and none recurses without bound.
    pub fn json_nesting(text: &str) -> Result<(), ParseError> {
        let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
        for (at, b) in text.bytes().enumerate() {
            if quoted {
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => quoted = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => quoted = true,
                b'[' | b'{' => {
                    depth += 1;
                    if depth > JSON_NESTING {
                        return Err(ParseError::new(
                            Location::of_offset(text.as_bytes(), at),
                            ParseErrorKind::Syntax {
                                detail: format!(
                                    "arrays and objects nested deeper than {JSON_NESTING} levels: no record nests so deep"
                                ),
                            },
                        ));
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        Ok(())
    }

    /// `input` as text, for a text format's reader: an error located at the first byte that
    /// is not UTF-8, or [`ParseErrorKind::Empty`] (at 1:1) when it holds only whitespace.
    pub fn text_of(input: &[u8]) -> Result<&str, ParseError> {
        let text = std::str::from_utf8(input).map_err(|e| {
            ParseError::new(
                Location::of_offset(input, e.valid_up_to()),
                ParseErrorKind::Syntax {
                    detail: "the bytes are not UTF-8 text".to_owned(),
                },
            )
        })?;
        if text.trim().is_empty() {
            return Err(ParseError::new(
                Location::of_offset(input, 0),
                ParseErrorKind::Empty,
            ));
        }
        Ok(text)
    }

    /// A JSON format's error from `serde_json` while reading the element that starts at byte
    /// `base` of `input` (serde_json counts lines and columns within what it read), located
    /// in `input` and named `path` in the format's terms: JSON that ends early is
    /// [`ParseErrorKind::Truncated`] (at the input's end), bad syntax
    /// [`ParseErrorKind::Syntax`], a value of the wrong type or shape
    /// [`ParseErrorKind::Element`].
    pub fn from_json(input: &str, base: usize, e: &serde_json::Error, path: &str) -> ParseError {
        let element = input.get(base..).unwrap_or("");
        let mut line_start = base;
        let mut line = 1;
        if e.line() > 1 {
            for (i, b) in element.bytes().enumerate() {
                if b == b'\n' {
                    line += 1;
                    if line == e.line() {
                        line_start = base + i + 1;
                        break;
                    }
                }
            }
        }
        let at = if e.is_eof() {
            input.len()
        } else {
            line_start + e.column().saturating_sub(1)
        };
        let message = e.to_string();
        let message = match message.rfind(" at line ") {
            Some(p) => message[..p].to_owned(),
            None => message,
        };
        let kind = if e.is_eof() {
            ParseErrorKind::Truncated {
                expected: format!("the rest of {path} (the JSON ends early)"),
            }
        } else if e.is_syntax() {
            ParseErrorKind::Syntax { detail: message }
        } else {
            ParseErrorKind::Element {
                path: path.to_owned(),
                detail: message,
            }
        };
        ParseError::new(Location::of_offset(input.as_bytes(), at), kind)
    }
}

/// What went wrong while reading a log. Element and attribute names are those of the input
/// format (an XML element, or a keyword of the text notation).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no bytes, or only whitespace.
    #[error("the file is empty: expected a game log")]
    Empty,
    /// The bytes are not in the expected syntax at all.
    #[error("not a {format} file: {detail}")]
    NotTheFormat {
        /// The format expected, e.g. "Tenhou mjlog XML".
        format: &'static str,
        /// What was found.
        detail: String,
    },
    /// A gzip stream that does not decompress.
    #[error("gzip data does not decompress: {detail}")]
    BadGzip {
        /// The decompressor's message.
        detail: String,
    },
    /// Gzip data that decompresses to more than the limit, or that memory cannot hold.
    #[error("gzip data decompresses to more than {limit} bytes: {detail}")]
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
        /// What to do about it.
        detail: &'static str,
    },
    /// A syntax error inside the format (malformed markup).
    #[error("malformed input: {detail}")]
    Syntax {
        /// The syntax parser's message.
        detail: String,
    },
    /// The input ends before the game is complete.
    #[error("the file ends early: expected {expected}")]
    Truncated {
        /// What was still expected.
        expected: String,
    },
    /// An element (or keyword) the reader does not know.
    #[error("unknown element <{element}>: expected one of {expected}")]
    UnknownElement {
        /// The element's name.
        element: String,
        /// The elements allowed here.
        expected: &'static str,
    },
    /// An element in a place where it cannot be.
    #[error("<{element}> is out of place: {detail}")]
    OutOfPlace {
        /// The element's name.
        element: String,
        /// Why.
        detail: String,
    },
    /// A required attribute is absent.
    #[error("<{element}> lacks the attribute `{attribute}`: expected {expected}")]
    MissingAttribute {
        /// The element.
        element: String,
        /// The attribute.
        attribute: &'static str,
        /// What it should hold.
        expected: &'static str,
    },
    /// An attribute value that is not a valid number, list or value of the expected shape.
    #[error("<{element}> attribute `{attribute}` is {value:?}: expected {expected}")]
    BadValue {
        /// The element.
        element: String,
        /// The attribute.
        attribute: String,
        /// The value as written (shortened if long).
        value: String,
        /// What it should hold.
        expected: String,
    },
    /// A tile id outside 0..136.
    #[error("<{element}> attribute `{attribute}` has tile id {id}: expected a tile id 0..135")]
    TileOutOfRange {
        /// The element.
        element: String,
        /// The attribute (or `tag` for the tile in a draw or discard tag's name).
        attribute: String,
        /// The id.
        id: u32,
    },
    /// A value of a JSON format that is not what its place holds: `path` names the place in
    /// the format's own terms (`log[2] seat B's discards, item 7`).
    #[error("{path}: {detail}")]
    Element {
        /// Where in the document, in the format's terms.
        path: String,
        /// What is wrong and what was expected.
        detail: String,
    },
    /// An action by a seat that has no player (seat 3 in sanma).
    #[error("<{element}> is for seat {seat}, which has no player in this game")]
    EmptySeat {
        /// The element.
        element: String,
        /// The seat number.
        seat: u8,
    },
}
