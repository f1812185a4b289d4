//! The line grammar's building blocks: the rest of a line, a [`Cursor`], as nom input, and
//! the parsers that every block's grammar is written with.
//!
//! A parser takes the cursor and gives it back after the tokens it read (blanks between
//! them; a quoted string or a `{…}` meld is one token; `#` starts a comment), with a small
//! syntax value which the reader applies to the table. No list of a line's tokens is made.
//! Errors are located by token: a parser that fails names the token it failed on (or the
//! line's end) and what it expected, as [`LineError`].

use nom::error::{ErrorKind as NomKind, ParseError};
use nom::{IResult, Parser};

use crate::ErrorKind;
use crate::lex::{self, Cursor};

/// One token: its column in the line (from 0) and its text.
pub(crate) type Token<'t> = (usize, &'t str);

impl<'t> Cursor<'t> {
    /// The next token, if any, without moving.
    pub(crate) fn first(self) -> Option<Token<'t>> {
        let mut c = self;
        c.next_token()
    }

    /// Where a parser that finds no token points: the line's end (after the last token's
    /// blanks) or the next token.
    pub(crate) fn end(self) -> usize {
        let mut c = self;
        c.offset()
    }

    /// The tokens left on the line, in order.
    pub(crate) fn tokens(self) -> impl Iterator<Item = Token<'t>> {
        let mut c = self;
        std::iter::from_fn(move || c.next_token())
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

impl<'t> ParseError<Cursor<'t>> for LineError {
    fn from_error_kind(input: Cursor<'t>, _kind: NomKind) -> Self {
        let col = input.first().map_or(input.end(), |t| t.0);
        LineError::at(
            col,
            ErrorKind::Expected {
                expected: "something else",
                found: input.first().map_or(String::new(), |t| lex::shorten(t.1)),
            },
        )
    }
    fn append(_input: Cursor<'t>, _kind: NomKind, other: Self) -> Self {
        other
    }
}

/// A parser over a line's tokens.
pub(crate) type PResult<'t, O> = IResult<Cursor<'t>, O, LineError>;

/// A failure that no other branch may take back.
pub(crate) fn fail<'t, O>(col: usize, kind: ErrorKind) -> PResult<'t, O> {
    Err(nom::Err::Failure(LineError::at(col, kind)))
}

/// The next token, whatever it is; at the line's end, the error "expected `what`" (an error
/// `opt` takes back: every other error of the grammar is a failure).
pub(crate) fn need<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, Token<'t>> {
    move |input: Cursor<'t>| match next(input)? {
        (after, Some(t)) => Ok((after, t)),
        (_, None) => Err(nom::Err::Error(LineError::at(
            input.end(),
            ErrorKind::EndOfLine { expected: what },
        ))),
    }
}

/// The next token if it is `word`; else an error `opt` takes back.
pub(crate) fn literal<'t>(word: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, Token<'t>> {
    move |input: Cursor<'t>| {
        nom::combinator::verify(need(word), |t: &Token<'t>| t.1 == word).parse(input)
    }
}

/// The next token, if any (never fails).
pub(crate) fn next<'t>(input: Cursor<'t>) -> PResult<'t, Option<Token<'t>>> {
    // (The parameter is copied before it changes: see the tests.)
    let mut after = input;
    let t = after.next_token();
    Ok((after, t))
}

/// The next token read by `read`, after a `need(what)`; `read`'s error is at the token.
pub(crate) fn needed<'t, O>(
    what: &'static str,
    read: impl Fn(&'t str) -> Result<O, ErrorKind>,
) -> impl Fn(Cursor<'t>) -> PResult<'t, O> {
    within(what, move |t| read(t).map_err(|kind| (0, kind)))
}

/// The next token read by `read`, after a `need(what)`; `read`'s error is placed within the
/// token by its offset there.
pub(crate) fn within<'t, O>(
    what: &'static str,
    read: impl Fn(&'t str) -> Result<O, lex::TokErr>,
) -> impl Fn(Cursor<'t>) -> PResult<'t, O> {
    move |input: Cursor<'t>| {
        let (rest, (col, t)) = need(what)(input)?;
        match read(t) {
            Ok(o) => Ok((rest, o)),
            Err((at, kind)) => fail(col + at, kind),
        }
    }
}

/// A word of a closed set, found by `find`: `what` when the line ends, else an unknown
/// keyword (expected `list`).
pub(crate) fn keyword<'t, O>(
    what: &'static str,
    list: &'static str,
    find: impl Fn(&str) -> Option<O>,
) -> impl Fn(Cursor<'t>) -> PResult<'t, O> {
    needed(what, move |t| find(t).ok_or_else(|| lex::unknown(t, list)))
}

/// Items read by `item` to the line's end, at most `N`: one more is "expected `most`" at its
/// first token.
pub(crate) fn each<'t, O, const N: usize>(
    most: &'static str,
    item: impl Fn(Cursor<'t>) -> PResult<'t, O>,
) -> impl Fn(Cursor<'t>) -> PResult<'t, arrayvec::ArrayVec<O, N>> {
    move |input: Cursor<'t>| {
        let mut input = input;
        let mut v = arrayvec::ArrayVec::new();
        while !input.at_end() {
            let (after, o) = item(input)?;
            if v.try_push(o).is_err() {
                let (col, t) = input.first().unwrap_or((input.end(), ""));
                return fail(col, lex::expected(most, t));
            }
            input = after;
        }
        Ok((input, v))
    }
}

/// A seat letter A-D; `what` when the line ends.
pub(crate) fn seat_of<'t>(
    what: &'static str,
) -> impl Fn(Cursor<'t>) -> PResult<'t, haifu_tiles::Seat> {
    needed(what, seat)
}

/// An integer; `missing` when the line ends, `bad` when the token is not one.
pub(crate) fn int<'t, T: std::str::FromStr>(
    missing: &'static str,
    bad: &'static str,
) -> impl Fn(Cursor<'t>) -> PResult<'t, T> {
    needed(missing, move |t| {
        lex::int(t).ok_or_else(|| lex::expected(bad, t))
    })
}

/// A token holding one tile, with its column (an error placed within the token).
pub(crate) fn tile<'t>(
    what: &'static str,
) -> impl Fn(Cursor<'t>) -> PResult<'t, (usize, lex::RawTile)> {
    move |input: Cursor<'t>| {
        let col = input.end();
        within(what, lex::one_tile)
            .map(|raw| (col, raw))
            .parse(input)
    }
}

/// `N` values, each read by `p`, in order.
pub(crate) fn array<'t, O: Copy + Default, const N: usize>(
    p: impl Fn(Cursor<'t>) -> PResult<'t, O>,
) -> impl Fn(Cursor<'t>) -> PResult<'t, [O; N]> {
    move |input: Cursor<'t>| {
        let mut input = input;
        let mut v = [O::default(); N];
        for x in &mut v {
            (input, *x) = p(input)?;
        }
        Ok((input, v))
    }
}

/// The line's end: any token left is "expected the end of the line".
pub(crate) fn end_of_line<'t>(input: Cursor<'t>) -> PResult<'t, ()> {
    match input.first() {
        None => Ok((input, ())),
        Some((col, t)) => fail(col, lex::expected("the end of the line", t)),
    }
}

/// A string token, bare or "quoted" (its error placed within the token).
pub(crate) fn string<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, String> {
    within(what, lex::string)
}

/// Every token left on the line, as the cursor at the first of them (the line read to its
/// end).
pub(crate) fn rest(input: Cursor<'_>) -> PResult<'_, Cursor<'_>> {
    let mut end = input;
    while end.next_token().is_some() {}
    Ok((end, input))
}

/// A seat letter A-D.
pub(crate) fn seat(token: &str) -> Result<haifu_tiles::Seat, ErrorKind> {
    match token.as_bytes() {
        &[c @ b'A'..=b'D'] => Ok(haifu_tiles::Seat::ALL[usize::from(c - b'A')]),
        _ => Err(lex::expected("a seat letter A, B, C or D", token)),
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// A cursor given to a parser is the caller's still: reading one token with `need`, then
    /// the same token again with `tile`, reads the same token. (rustc 1.95 miscompiles a
    /// closure that changes a parameter passed by pointer in place while its caller reads the
    /// variable again, rust-lang/rust#155241: so no parser here changes its own parameter.)
    #[test]
    fn a_parser_leaves_the_callers_cursor_alone() {
        let mut cur = Cursor::new("A 8p kita 4z 1m 1m\nB 9m\n");
        for _ in 0..3 {
            cur.next_token();
        }
        let twice = |i: Cursor<'static>| -> PResult<'static, (usize, lex::RawTile)> {
            let (rest, _) = need("x")(i)?;
            let (_, tile) = tile("y")(i)?;
            let (_, _) = array::<_, 2>(need("z"))(i)?;
            let (_, _) = each::<_, 2>("two", need("z"))(i)?;
            Ok((rest, tile))
        };
        let (rest, (col, raw)) = twice(cur).expect("reads");
        assert_eq!((col, raw.kind), (10, haifu_tiles::TileKind::North));
        assert_eq!(rest.first(), Some((13, "1m")));
    }
}
