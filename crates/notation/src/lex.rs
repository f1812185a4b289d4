//! Tokens: splitting a line, and the nom parsers for tiles, numbers, seats, labels and
//! strings. Nothing here knows what a line means.

use haifu_log::Tenths;
use haifu_tiles::{Seat, Suit, TileKind, Wind};
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, one_of, satisfy};
use nom::combinator::{all_consuming, opt, recognize};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::ErrorKind;

/// A tile as written: its kind, whether it was written as a red five (`0`), and its explicit
/// copy number (`'2`), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawTile {
    pub(crate) kind: TileKind,
    pub(crate) red: bool,
    pub(crate) copy: Option<u8>,
}

/// A problem inside one token: the byte offset in the token and what is wrong.
pub(crate) type TokErr = (usize, ErrorKind);

/// One line, split into tokens on the fly. A token runs to the next blank outside quotes and
/// braces; `#` outside quotes starts a comment, which ends the line.
///
/// The cursor is given the text from the line's start to the end of the file: the line ends
/// at the first `\n` (a `\r` just before it, or at the end of the text, is not part of the
/// line). So the reader never splits the text into lines beforehand: the tokens find the
/// line's end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    line: &'a str,
    pos: usize,
}

/// Whether byte `i` of `b` ends the line: the end of the text, `\n`, or `\r` before either.
fn is_line_end(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        None | Some(b'\n') => true,
        Some(b'\r') => matches!(b.get(i + 1), None | Some(b'\n')),
        Some(_) => false,
    }
}

/// Whether byte `c` ends a plain token (or makes it more than plain): a blank, `#`, a
/// quote, a brace, a line end.
static STOP: [bool; 256] = {
    let mut t = [false; 256];
    t[b' ' as usize] = true;
    t[b'\t' as usize] = true;
    t[b'#' as usize] = true;
    t[b'"' as usize] = true;
    t[b'{' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t
};

/// Whether any byte of `block` may be a [`STOP`] byte (a byte below `$`, or `{`): a fold
/// of compares without an early exit, which the compiler turns into vector compares.
fn may_stop(block: &[u8]) -> bool {
    block
        .iter()
        .fold(false, |any, &c| any | (c < b'$') | (c == b'{'))
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of the line that starts `text` (and runs to its first `\n`).
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        Cursor { line: text, pos: 0 }
    }

    /// The byte offset of the next token (or of the end of the line).
    pub(crate) fn offset(&mut self) -> usize {
        self.skip_blanks();
        self.pos
    }

    fn skip_blanks(&mut self) {
        let b = self.line.as_bytes();
        while self.pos < b.len() && (b[self.pos] == b' ' || b[self.pos] == b'\t') {
            self.pos += 1;
        }
    }

    /// Whether no token is left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.skip_blanks();
        let b = self.line.as_bytes();
        is_line_end(b, self.pos) || b[self.pos] == b'#'
    }

    /// Where the next line starts (an offset from this line's start), or `None` if this is
    /// the last line.
    pub(crate) fn next_line(&self) -> Option<usize> {
        let b = self.line.as_bytes();
        let from = self.pos.min(b.len());
        match b.get(from) {
            Some(b'\n') => Some(from + 1),
            Some(b'\r') if b.get(from + 1) == Some(&b'\n') => Some(from + 2),
            _ => self.line[from..].find('\n').map(|i| from + i + 1),
        }
    }

    /// The comment that ends the line, if any: its text after the `#` that follows the
    /// line's last token (a `#` in a quoted string or a `{…}` is part of its token).
    pub(crate) fn comment(self) -> Option<&'a str> {
        let mut c = self;
        while c.next_token().is_some() {}
        first_line(c.line.get(c.pos..)?).strip_prefix('#')
    }

    /// The next token and its offset, or `None` at the end of the line.
    #[inline]
    pub(crate) fn next_token(&mut self) -> Option<(usize, &'a str)> {
        let b = self.line.as_bytes();
        let mut i = self.pos;
        while let Some(b' ' | b'\t') = b.get(i) {
            i += 1;
        }
        let start = i;
        loop {
            // A plain run (no quote or brace) ends at a blank, `#` or the line's end. A long
            // one (a wall, a seed) is skipped 32 bytes at a time while none of them may end it.
            while let Some(block) = b.get(i..i + 32)
                && !may_stop(block)
            {
                i += 32;
            }
            while let Some(&c) = b.get(i)
                && !STOP[usize::from(c)]
            {
                i += 1;
            }
            // A string or a `{…}` is part of the token, blanks and `#` in it included; so is
            // a `\r` that does not end the line.
            match b.get(i) {
                Some(b'"' | b'{') => i = skip_nested(b, i),
                Some(b'\r') if !is_line_end(b, i) => i += 1,
                _ => break,
            }
        }
        self.pos = i;
        (i > start).then(|| (start, &self.line[start..i]))
    }
}

/// From the quote or the brace at `i`, the index just after the string or the `{…}` it
/// opens (strings and braces inside it included), or the line's end if it is not closed.
#[cold]
#[inline(never)]
fn skip_nested(b: &[u8], mut i: usize) -> usize {
    let (mut quoted, mut braces) = (false, 0u32);
    while !is_line_end(b, i) {
        match (quoted, b[i]) {
            (true, b'\\') if !is_line_end(b, i + 1) => i += 1,
            (true, b'"') => quoted = false,
            (false, b'"') => quoted = true,
            (false, b'{') => braces += 1,
            (false, b'}') => braces = braces.saturating_sub(1),
            _ => {}
        }
        i += 1;
        if !quoted && braces == 0 {
            break;
        }
    }
    i
}

/// The line that starts `text`: up to its first `\n`, without a `\r` before it.
pub(crate) fn first_line(text: &str) -> &str {
    let line = text.split('\n').next().unwrap_or("");
    line.strip_suffix('\r').unwrap_or(line)
}

type PResult<'a, O> = IResult<&'a str, O, nom::error::Error<&'a str>>;

/// The grammar of tile lists, on bytes: a group is digits, each with an optional copy
/// mark, closed by a suit letter (`12'3m`). A group's digits (with their marks), and how
/// many: the bytes before the first that is neither a digit nor a mark.
fn group_digits(i: &[u8]) -> (&[u8], usize) {
    let (mut at, mut n) = (0, 0);
    while let Some(b'0'..=b'9') = i.get(at) {
        // A mark is a quote and a digit; stepping over it without a branch (whether a wall's
        // tile is marked is a coin toss).
        let marked = i.get(at + 1) == Some(&b'\'') && matches!(i.get(at + 2), Some(b'0'..=b'9'));
        at += 1 + 2 * usize::from(marked);
        n += 1;
    }
    (&i[..at], n)
}

/// The suit letter that closes a group, if `c` is one.
fn suit_letter(c: u8) -> Option<Suit> {
    match c {
        b'm' => Some(Suit::Manzu),
        b'p' => Some(Suit::Pinzu),
        b's' => Some(Suit::Souzu),
        b'z' => Some(Suit::Jihai),
        _ => None,
    }
}

fn bad(text: &str, reason: &'static str) -> ErrorKind {
    ErrorKind::BadTile {
        text: shorten(text),
        reason,
    }
}

/// What digit `d` names in suit `suit` (m 0, p 1, s 2, z 3): the kind index
/// ([`KIND_CODE`]), with [`RED_CODE`] for a red five (`0`); or [`RED_HONOUR`] (`0z`) or [`NO_HONOUR`] (`8z`, `9z`). The one statement of
/// how a tile is spelled, for [`DIGIT_TILE`].
const fn digit_tile(suit: usize, d: usize) -> u8 {
    if suit == 3 {
        match d {
            0 => RED_HONOUR,
            1..=7 => (27 + d - 1) as u8,
            _ => NO_HONOUR,
        }
    } else {
        match d {
            0 => (suit * 9 + 4) as u8 | RED_CODE,
            _ => (suit * 9 + d - 1) as u8,
        }
    }
}

/// [`digit_tile`] at `[suit][digit]`.
static DIGIT_TILE: [[u8; 10]; 4] = {
    let mut t = [[0u8; 10]; 4];
    let mut suit = 0;
    while suit < 4 {
        let mut d = 0;
        while d < 10 {
            t[suit][d] = digit_tile(suit, d);
            d += 1;
        }
        suit += 1;
    }
    t
};
const KIND_CODE: u8 = 0x3F;
const RED_CODE: u8 = 0x40;
const RED_HONOUR: u8 = 0xFE;
const NO_HONOUR: u8 = 0xFF;

/// Reads the tiles of a tile-list token (`123m0'1p4z`) in order, calling `f` with each tile
/// and the byte offset of its digit; a syntax error comes with its offset in the token.
pub(crate) fn tiles<E>(
    token: &str,
    mut f: impl FnMut(RawTile, usize) -> Result<(), E>,
) -> Result<(), Result<TokErr, E>> {
    let mut rest = token.as_bytes();
    if rest.is_empty() {
        return Err(Ok((0, bad(token, "expected tiles such as 123m"))));
    }
    while !rest.is_empty() {
        let group_start = token.len() - rest.len();
        // The digits of the group, then the suit letter that closes it.
        let (digits, n) = group_digits(rest);
        let scan = &rest[digits.len()..];
        let Some(suit) = scan.first().copied().and_then(suit_letter) else {
            let at = token.len() - scan.len();
            let reason = if n == 0 {
                "expected a digit 0-9 before a suit letter m, p, s or z"
            } else if scan.is_empty() {
                "the digits have no suit letter after them (m, p, s or z)"
            } else {
                "expected a digit, a copy mark 'N or a suit letter m, p, s, z"
            };
            return Err(Ok((at, bad(token, reason))));
        };
        if n == 0 {
            return Err(Ok((
                group_start,
                bad(token, "a suit letter needs digits before it"),
            )));
        }
        // Each digit, with its copy mark (within `digits`, a quote is always followed by its
        // mark's digit).
        let row = &DIGIT_TILE[suit as usize];
        let mut k = 0;
        while let Some(&d) = digits.get(k) {
            let at = group_start + k;
            let code = row[usize::from(d - b'0')];
            let marked = digits.get(k + 1) == Some(&b'\'');
            let mark = digits.get(k + 2).map_or(0, |m| m.wrapping_sub(b'0'));
            k += 1 + 2 * usize::from(marked);
            // (`5'0m` is copy 0 of a plain five: in a game without a red 5m it is a plain
            // five, in one with a red 5m the red five; the table knows which.)
            let bad_mark = marked && (code & RED_CODE != 0 || mark > 3);
            if code >= RED_HONOUR || bad_mark {
                return Err(Ok((at, bad(token, bad_digit(code)))));
            }
            let tile = RawTile {
                kind: TileKind::ALL[usize::from(code & KIND_CODE)],
                red: code & RED_CODE != 0,
                copy: marked.then_some(mark),
            };
            f(tile, at).map_err(Err)?;
        }
        rest = &scan[1..];
    }
    Ok(())
}

/// Why digit `code` ([`DIGIT_TILE`]) with its copy mark is not a tile.
#[cold]
fn bad_digit(code: u8) -> &'static str {
    match code {
        RED_HONOUR => "honours are 1z-7z; 0 (a red five) is only in m, p, s",
        NO_HONOUR => "honours are 1z-7z",
        c if c & RED_CODE != 0 => "a red five (0) is always copy 0 and takes no copy mark",
        _ => "copy marks are '0 to '3",
    }
}

/// Reads a token holding exactly one tile.
pub(crate) fn one_tile(token: &str) -> Result<RawTile, TokErr> {
    // A digit and a suit, as most are, by the one spelling table; anything else by the loop.
    if let &[d @ b'0'..=b'9', s] = token.as_bytes()
        && let Some(suit) = suit_letter(s)
        && let code = DIGIT_TILE[suit as usize][usize::from(d - b'0')]
        && code < RED_HONOUR
    {
        return Ok(RawTile {
            kind: TileKind::ALL[usize::from(code & KIND_CODE)],
            red: code & RED_CODE != 0,
            copy: None,
        });
    }
    let mut seen = (0, None);
    tiles::<std::convert::Infallible>(token, |t, _| {
        seen = (seen.0 + 1, Some(t));
        Ok(())
    })
    .map_err(|e| e.unwrap_or_else(|never| match never {}))?;
    match seen {
        (1, Some(t)) => Ok(t),
        _ => Err((0, bad(token, "expected exactly one tile, such as 5p"))),
    }
}

/// The letter of a seat.
pub(crate) fn seat_letter(seat: Seat) -> char {
    char::from(b'A' + seat.index() as u8)
}

fn signed_digits(i: &str) -> PResult<'_, &str> {
    recognize((opt(one_of("+-")), digit1)).parse(i)
}

/// A whole-token integer, with an optional sign (what `signed_digits` accepts; `-0` only
/// for a signed type): the standard parser's grammar, which the tests pin.
pub(crate) fn int<T: std::str::FromStr>(token: &str) -> Option<T> {
    token.parse().ok()
}

/// A number with at most one decimal digit (placement points): `+58.0`, `-5`, `1.3`.
pub(crate) fn tenths(token: &str) -> Option<Tenths> {
    let parsed: PResult<'_, &str> = all_consuming(recognize((
        signed_digits,
        opt((char('.'), satisfy(|c| c.is_ascii_digit()))),
    )))
    .parse(token);
    parsed.ok()?.1.parse().ok()
}

/// A round label `E1.0`: wind, number (1-4) and honba. `None` for any other shape, and for a
/// round number outside 1-4 (a wind has four rounds).
pub(crate) fn label(token: &str) -> Option<(Wind, u8, u32)> {
    let parsed: PResult<'_, (char, &str, &str)> =
        all_consuming((one_of("ESWN"), digit1, preceded(char('.'), digit1))).parse(token);
    let (_, (w, n, h)) = parsed.ok()?;
    let number: u8 = n.parse().ok()?;
    (1..=4).contains(&number).then_some(())?;
    Some((Wind::from_letter(w)?, number, h.parse().ok()?))
}

/// Splits `key=value`.
pub(crate) fn key_value(token: &str) -> Option<(&str, &str)> {
    let parsed: PResult<'_, &str> = (
        take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        tag("="),
    )
        .map(|(k, _)| k)
        .parse(token);
    let (rest, k) = parsed.ok()?;
    Some((k, rest))
}

/// Whether `b` holds a quote, a backslash or a brace. Folded 32 bytes at a time without an
/// early exit, which the compiler turns into vector compares: a seed is a bare string of
/// about 3 KB, and a byte-by-byte search took 5 ms of the corpus's 33.
fn has_string_stop(b: &[u8]) -> bool {
    b.chunks(32).any(|chunk| {
        chunk.iter().fold(false, |any, &c| {
            any | matches!(c, b'"' | b'\\' | b'{' | b'}')
        })
    })
}

/// A string value: `"quoted \"text\""` with escapes, or a bare run without blanks, quotes,
/// braces or `#`.
pub(crate) fn string(token: &str) -> Result<String, TokErr> {
    let Some(body) = token.strip_prefix('"') else {
        if token.is_empty() || has_string_stop(token.as_bytes()) {
            return Err((0, expected("a string: bare text or \"quoted\"", token)));
        }
        return Ok(token.to_owned());
    };
    let mut out = String::with_capacity(body.len());
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => {
                if i + 1 != body.len() {
                    return Err((i + 2, expected("the end of the string", &body[i + 1..])));
                }
                return Ok(out);
            }
            '\\' => match chars.next() {
                Some((_, '\\')) => out.push('\\'),
                Some((_, '"')) => out.push('"'),
                Some((_, 'n')) => out.push('\n'),
                Some((_, 'r')) => out.push('\r'),
                Some((_, 't')) => out.push('\t'),
                Some((j, 'u')) => {
                    let rest = &body[j + 1..];
                    let hex = rest
                        .strip_prefix('{')
                        .and_then(|r| r.split_once('}'))
                        .map(|(h, _)| h);
                    let ch = hex
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .and_then(char::from_u32)
                        .ok_or((j + 1, expected("an escape \\u{HEX}", rest)))?;
                    out.push(ch);
                    for _ in 0..hex.map_or(0, |h| h.len() + 2) {
                        chars.next();
                    }
                }
                _ => {
                    return Err((
                        i + 1,
                        expected(
                            "an escape \\\\, \\\", \\n, \\r, \\t or \\u{HEX}",
                            &body[i..],
                        ),
                    ));
                }
            },
            c => out.push(c),
        }
    }
    Err((
        token.len(),
        ErrorKind::EndOfLine {
            expected: "the closing quote of the string",
        },
    ))
}

/// Writes `s` as a string value: bare when it is a plain run, else quoted with escapes.
pub(crate) fn write_string(out: &mut String, s: &str, always_quote: bool) {
    let plain = !always_quote
        && !s.is_empty()
        && !s.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '"' | '#' | '{' | '}' | '\\')
        });
    if plain {
        out.push_str(s);
        return;
    }
    out.push('"');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// An "expected …, found …" error with the found text shortened.
pub(crate) fn expected(what: &'static str, found: &str) -> ErrorKind {
    ErrorKind::Expected {
        expected: what,
        found: shorten(found),
    }
}

/// "unknown keyword `word`: expected …", the word shortened.
pub(crate) fn unknown(word: &str, expected: &'static str) -> ErrorKind {
    ErrorKind::UnknownKeyword {
        word: shorten(word),
        expected,
    }
}

/// Values that contradict each other or the moves before them.
pub(crate) fn inconsistent(detail: impl Into<String>) -> ErrorKind {
    ErrorKind::Inconsistent {
        detail: detail.into(),
    }
}

/// At most 40 characters of `s`.
pub(crate) fn shorten(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(token: &str) -> Result<Vec<RawTile>, usize> {
        let mut v = Vec::new();
        tiles::<()>(token, |t, _| {
            v.push(t);
            Ok(())
        })
        .map_err(|e| e.map(|(at, _)| at).unwrap_or(usize::MAX))?;
        Ok(v)
    }

    #[test]
    fn tile_lists() {
        let t = collect("12'3m0p7z").unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t[1].copy, Some(3));
        assert!(t[2].red);
        assert_eq!(t[3].kind, TileKind::Chun);
        assert_eq!(collect("8z"), Err(0));
        assert_eq!(collect("12x"), Err(2));
        assert_eq!(collect("12"), Err(2));
        assert_eq!(collect("m"), Err(0));
        assert_eq!(collect("5'0m").map(|t| t[0].copy), Ok(Some(0)));
        assert_eq!(collect("0'1m"), Err(0));
        assert_eq!(collect("1'4m"), Err(0));
    }

    #[test]
    fn tokens() {
        let mut c = Cursor::new("player A \"a b # c\" dan=3 # note");
        let toks: Vec<_> = std::iter::from_fn(|| c.next_token()).map(|t| t.1).collect();
        assert_eq!(toks, ["player", "A", "\"a b # c\"", "dan=3"]);
        let mut c = Cursor::new("melds {pon 999p called=9p from=A} x");
        c.next_token();
        assert_eq!(
            c.next_token().map(|t| t.1),
            Some("{pon 999p called=9p from=A}")
        );
        assert_eq!(Cursor::new("a \"#\" # b\nc # d").comment(), Some(" b"));
        assert_eq!(Cursor::new("{pon #1} x\n# y").comment(), None);
    }

    #[test]
    fn values() {
        assert_eq!(int::<i32>("+5900"), Some(5900));
        assert_eq!(int::<i32>("-3900"), Some(-3900));
        assert_eq!(int::<u32>("x"), None);
        assert_eq!(int::<i32>("+-5"), None);
        assert_eq!(int::<i32>("-"), None);
        assert_eq!(int::<u32>("-5"), None);
        // The same as the standard parser on signs, zeros, ranges, lengths.
        for t in [
            "-0",
            "+0",
            "-00",
            "007",
            "255",
            "256",
            "-128",
            "-129",
            "4294967295",
            "4294967296",
            "-2147483648",
            "9223372036854775807",
            "123456789012345678",
            "1234567890123456789",
            "-1234567890123456789",
            "+",
            "-",
            "",
            "1a",
            "٣",
        ] {
            let plain = t.strip_prefix('+').unwrap_or(t);
            let ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            let std_ok = ok(t.strip_prefix(['+', '-']).unwrap_or(t));
            macro_rules! same_as_std {
                ($($ty:ty),*) => {$(
                    let std = std_ok.then(|| plain.parse::<$ty>().ok()).flatten();
                    assert_eq!(int::<$ty>(t), std, "{t}");
                )*};
            }
            same_as_std!(u8, i8, u32, i32, i64);
        }
        assert_eq!(tenths("+58.0"), Some(Tenths(580)));
        assert_eq!(tenths("1.25"), None);
        assert_eq!(label("S4.2"), Some((Wind::South, 4, 2)));
        assert_eq!(string("\"a\\\"b\\u{1b}\"").unwrap(), "a\"b\u{1b}");
        let mut s = String::new();
        write_string(&mut s, "a\"b\u{1b}", false);
        assert_eq!(s, "\"a\\\"b\\u{1b}\"");
        assert_eq!(key_value("lobby=0"), Some(("lobby", "0")));
    }
}
