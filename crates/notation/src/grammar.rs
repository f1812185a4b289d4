//! The line grammar's building blocks: a line's tokens as nom input, and the parsers that
//! every block's grammar is written with.
//!
//! A line other than a move line is first cut into tokens by [`Cursor`] (blanks between
//! them; a quoted string or a `{…}` meld is one token; `#` starts a comment), then parsed by
//! nom combinators over those tokens into a small syntax tree, which the reader applies to
//! the table. (Move lines, most of a record, are read token by token from the cursor.) Errors are located
//! by token: a parser that fails names the token it failed on (or the line's end) and what
//! it expected, as [`LineError`].

use nom::error::{ErrorKind as NomKind, ParseError};
use nom::{IResult, Input, Needed};

use crate::ErrorKind;
use crate::lex::{self, Cursor};

/// One token: its column in the line (from 0) and its text.
pub(crate) type Token<'t> = (usize, &'t str);

/// A line's tokens after its keyword, as nom input, with where the line's content ends (the
/// column of its line end or comment, after the last token's blanks).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tokens<'a, 't> {
    tokens: &'a [Token<'t>],
    end: usize,
}

/// Reads the rest of the line from `cur` into `buffer` (emptied first; the reader keeps one
/// buffer for every line, so that reading a line allocates nothing once it has grown) and
/// gives it as grammar input.
pub(crate) fn tokens<'a, 't>(
    cur: &mut Cursor<'t>,
    buffer: &'a mut Vec<Token<'t>>,
) -> Tokens<'a, 't> {
    buffer.clear();
    while let Some(t) = cur.next_token() {
        buffer.push(t);
    }
    Tokens {
        tokens: buffer,
        end: cur.offset(),
    }
}

impl<'a, 't> Tokens<'a, 't> {
    /// The next token, if any.
    pub(crate) fn first(&self) -> Option<Token<'t>> {
        self.tokens.first().copied()
    }

    /// Where a parser that finds no token points: the line's end.
    pub(crate) fn end(&self) -> usize {
        self.end
    }
}

impl<'a, 't> Input for Tokens<'a, 't> {
    type Item = Token<'t>;
    type Iter = std::iter::Copied<std::slice::Iter<'a, Token<'t>>>;
    type IterIndices = std::iter::Enumerate<Self::Iter>;

    fn input_len(&self) -> usize {
        self.tokens.len()
    }
    fn take(&self, index: usize) -> Self {
        Tokens {
            tokens: &self.tokens[..index],
            end: self.tokens.get(index).map_or(self.end, |t| t.0),
        }
    }
    fn take_from(&self, index: usize) -> Self {
        Tokens {
            tokens: &self.tokens[index..],
            end: self.end,
        }
    }
    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }
    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.tokens.iter().position(|t| predicate(*t))
    }
    fn iter_elements(&self) -> Self::Iter {
        self.tokens.iter().copied()
    }
    fn iter_indices(&self) -> Self::IterIndices {
        self.iter_elements().enumerate()
    }
    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        if self.tokens.len() >= count {
            Ok(count)
        } else {
            Err(Needed::new(count - self.tokens.len()))
        }
    }
}

/// Why a line does not parse: the column and the problem, as the reader reports them. The
/// error of a nom combinator that found nothing to say (an `alt` all of whose branches
/// failed) has no place of its own; the grammar's parsers always give one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineError {
    /// The column (from 0) of the token, or of the line's end.
    pub(crate) col: usize,
    /// What is wrong.
    pub(crate) kind: ErrorKind,
}

impl LineError {
    /// An error at column `col`.
    pub(crate) fn at(col: usize, kind: ErrorKind) -> LineError {
        LineError { col, kind }
    }
}

impl<'a, 't> ParseError<Tokens<'a, 't>> for LineError {
    fn from_error_kind(input: Tokens<'a, 't>, _kind: NomKind) -> Self {
        let col = input.first().map_or(input.end, |t| t.0);
        LineError::at(
            col,
            ErrorKind::Expected {
                expected: "something else",
                found: input.first().map_or(String::new(), |t| lex::shorten(t.1)),
            },
        )
    }
    fn append(_input: Tokens<'a, 't>, _kind: NomKind, other: Self) -> Self {
        other
    }
}

/// A parser over a line's tokens.
pub(crate) type PResult<'a, 't, O> = IResult<Tokens<'a, 't>, O, LineError>;

/// A failure that no other branch may take back.
pub(crate) fn fail<'a, 't, O>(col: usize, kind: ErrorKind) -> PResult<'a, 't, O> {
    Err(nom::Err::Failure(LineError::at(col, kind)))
}

/// The next token, whatever it is; at the line's end, the failure "expected `what`".
pub(crate) fn need<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, Token<'t>> {
    move |input: Tokens<'a, 't>| match input.first() {
        Some(t) => Ok((input.take_from(1), t)),
        None => fail(input.end(), ErrorKind::EndOfLine { expected: what }),
    }
}

/// The next token, if any (never fails).
pub(crate) fn next<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, Option<Token<'t>>> {
    match input.first() {
        Some(t) => Ok((input.take_from(1), Some(t))),
        None => Ok((input, None)),
    }
}

/// The next token read by `read` (its column and text given), after a `need(what)`.
pub(crate) fn needed<'a, 't: 'a, O>(
    what: &'static str,
    read: impl Fn(usize, &'t str) -> Result<O, ErrorKind>,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, O> {
    move |input: Tokens<'a, 't>| {
        let (rest, (col, t)) = need(what)(input)?;
        match read(col, t) {
            Ok(o) => Ok((rest, o)),
            Err(kind) => fail(col, kind),
        }
    }
}

/// A seat letter A-D; `what` when the line ends.
pub(crate) fn seat_of<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, haifu_tiles::Seat> {
    needed(what, |_, t| seat(t))
}

/// An integer; `missing` when the line ends, `bad` when the token is not one.
pub(crate) fn int<'a, 't: 'a, T: std::str::FromStr>(
    missing: &'static str,
    bad: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, T> {
    needed(missing, move |_, t| {
        lex::int(t).ok_or_else(|| lex::expected(bad, t))
    })
}

/// A token holding one tile, with its column (an error placed within the token).
pub(crate) fn tile<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, (usize, lex::RawTile)> {
    move |input: Tokens<'a, 't>| {
        let (rest, (col, t)) = need(what)(input)?;
        match lex::one_tile(t) {
            Ok(raw) => Ok((rest, (col, raw))),
            Err((o, kind)) => fail(col + o, kind),
        }
    }
}

/// `N` values, each read by `p`, in order.
pub(crate) fn array<'a, 't: 'a, O: Copy + Default, const N: usize>(
    p: impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, O>,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, [O; N]> {
    move |mut input: Tokens<'a, 't>| {
        let mut v = [O::default(); N];
        for x in &mut v {
            (input, *x) = p(input)?;
        }
        Ok((input, v))
    }
}

/// The line's end: any token left is "expected the end of the line".
pub(crate) fn end_of_line<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ()> {
    match input.first() {
        None => Ok((input, ())),
        Some((col, t)) => fail(col, lex::expected("the end of the line", t)),
    }
}

/// A string token, bare or "quoted" (its error placed within the token).
pub(crate) fn string<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, String> {
    move |input: Tokens<'a, 't>| {
        let (rest, (col, t)) = need(what)(input)?;
        match lex::string(t) {
            Ok(s) => Ok((rest, s)),
            Err((o, kind)) => fail(col + o, kind),
        }
    }
}

/// Every token left on the line.
pub(crate) fn rest<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, &'a [Token<'t>]> {
    Ok((input.take_from(input.input_len()), input.tokens))
}

/// A seat letter A-D.
pub(crate) fn seat(token: &str) -> Result<haifu_tiles::Seat, ErrorKind> {
    lex::seat(token).ok_or_else(|| lex::expected("a seat letter A, B, C or D", token))
}
