//! Tokens: splitting a line, and the nom parsers for tiles, numbers, seats, labels and
//! strings. Nothing here knows what a line means.

use haifu_log::Tenths;
use haifu_tiles::{Seat, Suit, Tile, TileKind, Wind};
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
#[derive(Clone, Debug)]
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

/// Whether byte `c` may end a plain token (or send it to the slow path): a blank, `#`, a
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

/// Bytes of eight that may be [`STOP`] bytes, each marked by its top bit: exact for the
/// lowest one marked (a byte below `$`, or `{`), which is all the tokenizer reads.
fn stop_mask(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = x.wrapping_sub(ONES * 0x24) & !x & HIGH;
    let y = x ^ (ONES * u64::from(b'{'));
    let brace = y.wrapping_sub(ONES) & !y & HIGH;
    below | brace
}

/// Whether any of 32 bytes may be a [`STOP`] byte (a byte below `$`, or `{`). Written as
/// a plain fold of compares, which the compiler turns into vector compares and one test;
/// the byte itself is then found one at a time.
fn may_stop32(block: &[u8; 32]) -> bool {
    block
        .iter()
        .fold(0u8, |any, &c| any | u8::from((c < b'$') | (c == b'{')))
        != 0
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

    /// The line's first token, for a new cursor: [`Cursor::next_token`], found byte by byte
    /// when the line starts with a keyword (lowercase letters and `-`) followed by a blank
    /// or `\n`, as most lines do.
    pub(crate) fn first_token(&mut self) -> Option<(usize, &'a str)> {
        let b = self.line.as_bytes();
        let mut i = self.pos;
        while let Some(&c) = b.get(i)
            && (c.is_ascii_lowercase() || c == b'-')
        {
            i += 1;
        }
        if i > self.pos
            && matches!(b.get(i), Some(b' ' | b'\n'))
            && let Some(word) = self.line.get(self.pos..i)
        {
            let start = self.pos;
            self.pos = i;
            return Some((start, word));
        }
        self.next_token()
    }

    /// The next token and its offset, or `None` at the end of the line.
    pub(crate) fn next_token(&mut self) -> Option<(usize, &'a str)> {
        let b = self.line.as_bytes();
        let mut i = self.pos;
        while let Some(b' ' | b'\t') = b.get(i) {
            i += 1;
        }
        self.pos = i;
        let start = i;
        // Fast path: a plain token (no quote or brace) ends at a blank, `#` or the line's
        // end. Eight bytes at a time: the first that may stop the token is found at once;
        // past the first eight, a long token (a wall, a seed) is skipped 32 bytes at a time.
        loop {
            if let Some(chunk) = b.get(i..i + 8)
                && let Ok(chunk) = <[u8; 8]>::try_from(chunk)
            {
                let m = stop_mask(u64::from_le_bytes(chunk));
                if m == 0 {
                    i += 8;
                    while let Some(block) = b.get(i..i + 32)
                        && let Ok(block) = <&[u8; 32]>::try_from(block)
                        && !may_stop32(block)
                    {
                        i += 32;
                    }
                    continue;
                }
                i += (m.trailing_zeros() / 8) as usize;
                if b.get(i).is_none_or(|&c| STOP[usize::from(c)]) {
                    break;
                }
                i += 1;
                continue;
            }
            // The last few bytes of the text.
            while let Some(&c) = b.get(i)
                && !STOP[usize::from(c)]
            {
                i += 1;
            }
            break;
        }
        match b.get(i) {
            None | Some(b' ' | b'\t' | b'\n' | b'#') if i > start => {
                self.pos = i;
                return Some((start, &self.line[start..i]));
            }
            None | Some(b'\n' | b'#') => return None,
            _ => {}
        }
        if self.at_end() {
            return None;
        }
        let n = b.len();
        // A `\r` that ends the line ends the token too.
        if i > start && b[i] == b'\r' && is_line_end(b, i) {
            self.pos = i;
            return Some((start, &self.line[start..i]));
        }
        let mut quoted = false;
        let mut braces = 0u32;
        let mut i = start;
        while i < n && !is_line_end(b, i) {
            let c = b[i];
            if quoted {
                if c == b'\\' {
                    if !is_line_end(b, i + 1) {
                        i += 1;
                    }
                } else if c == b'"' {
                    quoted = false;
                }
            } else {
                match c {
                    b'"' => quoted = true,
                    b'{' => braces += 1,
                    b'}' => braces = braces.saturating_sub(1),
                    b' ' | b'\t' if braces == 0 => break,
                    b'#' if braces == 0 => break,
                    _ => {}
                }
            }
            i += 1;
        }
        let end = i.min(n);
        self.pos = end;
        Some((start, &self.line[start..end]))
    }

    /// Moves back to `offset`, a token's start this cursor has passed.
    pub(crate) fn rewind(&mut self, offset: usize) {
        self.pos = offset;
    }
}

/// The suit code of a suit letter (m 0, p 1, s 2, z 3), [`NO_SUIT`] for any other byte.
pub(crate) static SUIT_CODE: [u8; 256] = {
    let mut t = [NO_SUIT; 256];
    t[b'm' as usize] = 0;
    t[b'p' as usize] = 1;
    t[b's' as usize] = 2;
    t[b'z' as usize] = 3;
    t
};

/// Not a suit letter, in [`SUIT_CODE`].
pub(crate) const NO_SUIT: u8 = 0xFF;

/// The kind index of the unmarked tile written as digit `d` and suit code `s`, at
/// `s * 10 + d`, with [`RED`] set for a red five (`0`); [`NOT_A_TILE`] for 0z, 8z, 9z.
pub(crate) static QUICK_KINDS: [u8; 40] = {
    let mut t = [NOT_A_TILE; 40];
    let mut s = 0;
    while s < 4 {
        let mut d = 0;
        while d < 10 {
            let red = d == 0 && s < 3;
            let number = if red { 5 } else { d };
            let max = if s < 3 { 9 } else { 7 };
            if number >= 1 && number <= max {
                t[s * 10 + d] = (s * 9 + number - 1) as u8 | if red { RED } else { 0 };
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// The red-five flag in [`QUICK_KINDS`].
pub(crate) const RED: u8 = 0x80;

/// Not a tile, in [`QUICK_KINDS`].
pub(crate) const NOT_A_TILE: u8 = 0xFF;

/// The copy mark of a tile written without one, in a [`decode_marked`] code.
pub(crate) const NO_MARK: u8 = 4;

/// The flags of a [`decode_marked`] code (and of [`TILE_INFO`]): a red five, a plain five
/// of m, p or s; [`TILE_INFO`] also has a flag for a digit that is no tile of its suit.
const CODE_RED: u16 = 0x40;
const CODE_FIVE: u16 = 0x80;
const INFO_BAD: u16 = 0x8000;

/// The tile a digit byte `c` names in suit code `s` (4 for none), at `s * 256 + c`: its
/// kind index, [`CODE_RED`], [`CODE_FIVE`], or [`INFO_BAD`] when it is not a tile.
static TILE_INFO: [u16; 5 * 256] = {
    let mut t = [INFO_BAD; 5 * 256];
    let mut s = 0;
    while s < 4 {
        let mut d = 0;
        while d < 10 {
            let red = d == 0;
            let number = if red { 5 } else { d };
            if !(s == 3 && (red || d > 7)) {
                let mut info = (s * 9 + number - 1) as u16;
                if red {
                    info |= CODE_RED;
                }
                if s < 3 && number == 5 {
                    info |= CODE_FIVE;
                }
                t[s * 256 + b'0' as usize + d] = info;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Whether a copy mark byte `c` (the digit after a quote) is a good mark for a tile with
/// [`TILE_INFO`] flags `f` (bit 0 red, bit 1 five), at `f * 256 + c`: `'0'` to `'3'`, never
/// on a red five, and not `'0'` on a plain five.
static MARK_OK: [bool; 4 * 256] = {
    let mut t = [false; 4 * 256];
    let mut f = 0;
    while f < 4 {
        let mut c = b'0';
        while c <= b'3' {
            t[f * 256 + c as usize] = f & 1 == 0 && !(f & 2 != 0 && c == b'0');
            c += 1;
        }
        f += 1;
    }
    t
};

/// One bit per byte of eight (bit 0 of each byte) packed into the low eight bits.
fn pack8(v: u64) -> u64 {
    v.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Decodes a tile list with copy marks (`12'3m406p`) into `out`, a code per tile (see
/// [`split_code`]), and returns how many tiles it holds. `BUF` (a power of two) bounds the
/// list's length. `None` when the list is empty or too long, has more than `N` tiles, or is
/// not well formed (a digit that is not a tile of its suit, a mark on a red five, mark 0 on
/// a plain five, digits without a suit letter, a bad mark, any other byte): the caller then
/// falls back to [`tiles`], which says what is wrong.
///
/// The tiles of a wall come in random order, so the length of each suit's group, and
/// whether a tile is marked, are unpredictable: rather than branch on them, the bytes are
/// first sorted into bit masks eight at a time (by two bits that tell a digit, a quote and a
/// suit letter apart; every byte is then checked where it is used), a tile starts at each
/// digit not after a quote, its suit is the next suit letter's, and every check is folded
/// into one flag.
pub(crate) fn decode_marked<const N: usize, const BUF: usize>(
    b: &[u8],
    out: &mut [u16; N],
) -> Option<usize> {
    if N == 0 {
        return None;
    }
    if !Masks::<BUF>::fits(b.len()) {
        return None;
    }
    let list = Masks::<BUF>::new(b);
    let mut n = 0;
    let bad = list.for_each_tile(|k, j, p, marked| {
        let code = SUIT_CODE[usize::from(list.letter(k, j))];
        let info = TILE_INFO[usize::from(code.min(4)) * 256 + usize::from(list.at(p))];
        let mark_byte = list.at(p + 2);
        let flags = usize::from((info >> 6) & 3);
        let mark_bad = !MARK_OK[flags * 256 + usize::from(mark_byte)];
        // Selected with masks, not branches. A red five (always copy 0) is given mark 0.
        let mask = 0u8.wrapping_sub(u8::from(marked));
        let red = 0u8.wrapping_sub(u8::from(info & CODE_RED != 0));
        let mark = ((mark_byte.wrapping_sub(b'0') & mask) | (NO_MARK & !mask)) & !red;
        if let Some(slot) = out.get_mut(n.min(N - 1)) {
            *slot = (info & 0xFF) | (u16::from(mark & 7) << 8);
        }
        n += 1;
        info | (u16::from(marked & mark_bad) << 15)
    });
    (bad & INFO_BAD == 0 && n <= N).then_some(n)
}

/// A tile list copied into a buffer of `BUF` bytes (a power of two, at most 1024) and
/// sorted into bit masks, 64 bytes a block, for [`decode_marked`] and [`decode_wall`]: bit
/// 4 without bit 6 is a digit (`'0'`-`'9'`), bit 6 a suit letter, and a quote is a quote.
/// The digit and letter masks are loose (other bytes fall into them too), and every such
/// byte is checked exactly where it is used; any byte in no mask is `stray`.
struct Masks<const BUF: usize> {
    buf: [u8; BUF],
    blocks: usize,
    /// A byte that is no digit, quote or suit letter, even loosely: the list is bad.
    stray: bool,
    digit: [u64; 17],
    quote: [u64; 17],
    suit: [u64; 17],
}

/// What a block of [`Masks`] says about its tiles, from its masks and the previous block's.
#[derive(Clone, Copy, Default)]
struct Block {
    digit: u64,
    quote: u64,
    /// Bit j: a tile starts at byte j (a digit not after a quote).
    starts: u64,
    /// Bit j: the byte after j is a quote (the tile at j is marked).
    marked_at: u64,
    /// A quote or a letter where none belongs.
    misplaced: bool,
}

impl<const BUF: usize> Masks<BUF> {
    /// Calls `f(block, byte in block, byte in list, marked)` for each tile start in order, and
    /// returns every flag `f` returned or-ed together, with bit 15 set for a misplaced quote
    /// or letter, or a stray byte.
    #[inline(always)]
    fn for_each_tile(&self, mut f: impl FnMut(usize, usize, usize, bool) -> u16) -> u16 {
        let mut bad = u16::from(self.stray) << 15;
        let mut prev = Block::default();
        for k in 0..self.blocks {
            let block = self.block(k, prev);
            bad |= u16::from(block.misplaced) << 15;
            let mut t = block.starts;
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                bad |= f(k, j, k * 64 + j, (block.marked_at >> j) & 1 != 0);
            }
            prev = block;
        }
        bad
    }

    /// Whether a list of `len` bytes has masks: it is not empty and fits the buffer.
    fn fits(len: usize) -> bool {
        len != 0 && len + 8 <= BUF && BUF <= 64 * 16 && BUF.is_power_of_two()
    }

    /// The masks of a list that [`Masks::fits`]. (Not an `Option`: built where it is
    /// bound, rather than built and then copied out, as an `Option` of it was.)
    #[inline(always)]
    fn new(b: &[u8]) -> Masks<BUF> {
        let len = b.len().min(BUF - 8);
        let mut m = Masks {
            buf: [0u8; BUF],
            blocks: len.div_ceil(64).min(16),
            stray: false,
            digit: [0u64; 17],
            quote: [0u64; 17],
            suit: [0u64; 17],
        };
        if let (Some(to), Some(from)) = (m.buf.get_mut(..len), b.get(..len)) {
            to.copy_from_slice(from);
        }
        const LOW: u64 = 0x0101_0101_0101_0101;
        for k in 0..m.blocks {
            let (mut d, mut q, mut s) = (0u64, 0u64, 0u64);
            for g in 0..8 {
                let i = (k * 64 + g * 8) & (BUF - 1);
                let Some(&chunk) = m
                    .buf
                    .get(i..i + 8)
                    .and_then(|c| <&[u8; 8]>::try_from(c).ok())
                else {
                    break;
                };
                let x = u64::from_le_bytes(chunk);
                let (b4, b6) = ((x >> 4) & LOW, (x >> 6) & LOW);
                d |= pack8(b4 & !b6) << (g * 8);
                s |= pack8(b6) << (g * 8);
                // The quotes exactly (bit 7 of each byte that is zero once xor-ed with `'`;
                // no carry crosses a byte): a marked tile's quote needs no check of its own.
                let y = x ^ (LOW * u64::from(b'\''));
                let zero = !(((y & (LOW * 0x7F)) + LOW * 0x7F) | y | (LOW * 0x7F));
                q |= pack8(zero >> 7) << (g * 8);
            }
            let valid = u64::MAX >> (64 - (len - k * 64).min(64));
            m.stray |= (d | q | s) & valid != valid;
            (m.digit[k], m.quote[k], m.suit[k]) = (d & valid, q & valid, s & valid);
        }
        m
    }

    /// Byte `i` of the list (0 past its end).
    fn at(&self, i: usize) -> u8 {
        self.buf[i & (BUF - 1)]
    }

    /// Block `k`'s tiles, `prev` being block `k - 1`'s.
    fn block(&self, k: usize, prev: Block) -> Block {
        let (d, q, s) = (self.digit[k % 17], self.quote[k % 17], self.suit[k % 17]);
        let (d_next, q_next) = (self.digit[(k + 1) % 17], self.quote[(k + 1) % 17]);
        // A tile starts at a digit not after a quote; a quote follows a tile's digit and
        // comes before its mark digit; a suit letter follows a digit.
        let starts = d & !((q << 1) | (prev.quote >> 63));
        let misplaced = (q & !((starts << 1) | (prev.starts >> 63)))
            | (q & !((d >> 1) | (d_next << 63)))
            | (s & !((d << 1) | (prev.digit >> 63)));
        Block {
            digit: d,
            quote: q,
            starts,
            marked_at: (q >> 1) | (q_next << 63),
            misplaced: misplaced != 0,
        }
    }

    /// The suit letter of the tile at byte `j` of block `k`: the next one at or after it (0
    /// when there is none).
    fn letter(&self, k: usize, j: usize) -> u8 {
        let w = self.suit[k % 17] >> j;
        if w != 0 {
            return self.at(k * 64 + j + w.trailing_zeros() as usize);
        }
        (k + 1..16).find(|&kk| self.suit[kk] != 0).map_or(0, |kk| {
            self.at(kk * 64 + self.suit[kk].trailing_zeros() as usize)
        })
    }
}

/// A wall tile's key in [`WALL_KEY`]: its suit's row ([`SUIT_ROW`]) plus its digit's part
/// ([`DIGIT_KEY`]) plus its mark's ([`MARK_KEY`]). The digit values a key has:
const KEY_DIGITS: usize = 11;
/// The mark values a key has: `'0'`-`'3'`, a bad mark, none.
const KEY_MARKS: usize = 6;

/// What a wall tile is, at its key: its kind index (bits 0-5) and where its copy is looked
/// up (bits 6-13: `mark * 32 + five * 16`, mark 4 for none and 0 for a red five), or
/// [`INFO_BAD`] for what [`decode_marked`] refuses (a digit that is no tile of its suit, a
/// bad mark, a mark on a red five, mark 0 on a plain five, no suit letter).
static WALL_KEY: [u16; 512] = {
    let mut t = [INFO_BAD; 512];
    let mut s = 0;
    while s < 4 {
        let mut d = 0;
        while d < 10 {
            let info = TILE_INFO[s * 256 + b'0' as usize + d];
            let mut m = 0;
            while m < KEY_MARKS {
                let marked = m < 4;
                let flags = ((info >> 6) & 3) as usize;
                let ok = info & INFO_BAD == 0
                    && m != 4
                    && (!marked || MARK_OK[flags * 256 + b'0' as usize + m]);
                if ok {
                    let value = if info & CODE_RED != 0 {
                        0
                    } else if marked {
                        m as u16
                    } else {
                        NO_MARK as u16
                    };
                    let five = (info & CODE_FIVE) >> 3;
                    t[s * KEY_DIGITS * KEY_MARKS + d * KEY_MARKS + m] =
                        (info & 0x3F) | ((value * 32 + five) << 6);
                }
                m += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// A suit letter's [`WALL_KEY`] row (its suit code times 66); any other byte's is row 4,
/// whose entries are all bad.
static SUIT_ROW: [u16; 256] = {
    let mut t = [(4 * KEY_DIGITS * KEY_MARKS) as u16; 256];
    t[b'm' as usize] = 0;
    t[b'p' as usize] = (KEY_DIGITS * KEY_MARKS) as u16;
    t[b's' as usize] = (2 * KEY_DIGITS * KEY_MARKS) as u16;
    t[b'z' as usize] = (3 * KEY_DIGITS * KEY_MARKS) as u16;
    t
};

/// A byte's part of a [`WALL_KEY`] key as a tile's digit: less `'0'`, 10 for a non-digit,
/// times 6.
static DIGIT_KEY: [u8; 256] = {
    let mut t = [(10 * KEY_MARKS) as u8; 256];
    let mut d = 0;
    while d < 10 {
        t[b'0' as usize + d] = (d * KEY_MARKS) as u8;
        d += 1;
    }
    t
};

/// A byte's part of a [`WALL_KEY`] key as a tile's mark: less `'0'`, 4 for a byte that is
/// no mark; at `256 + byte`, for a tile without a mark, 5 (one lookup, marked or not).
static MARK_KEY: [u8; 512] = {
    let mut t = [4u8; 512];
    let mut i = 256;
    while i < 512 {
        t[i] = 5;
        i += 1;
    }
    let mut m = 0;
    while m < 4 {
        t[b'0' as usize + m] = m as u8;
        m += 1;
    }
    t
};

/// The tiles of a well-formed wall (up to 136 tiles) and how many: unmarked tiles take the
/// copy `copy_of` gives at `mark * 32 + five * 16 + used` (mark 4 for none, 0 for a red
/// five; `used` the kind's copies so far, four bits), where a value above 3 means no copy
/// is left (and its low two bits must name a copy already taken, as the reader's
/// `WALL_COPY` gives 4 only when all four are). `None` for anything [`decode_marked`]
/// refuses, or a copy already taken: the caller then reads the line with the checking
/// parser.
///
/// As in [`decode_marked`], the bytes are first sorted into bit masks ([`Masks`]), so that
/// every tile is found on its own (no step waits on the previous one); each tile is then
/// checked and placed with one [`WALL_KEY`] lookup.
pub(crate) fn decode_wall(b: &[u8], copy_of: &[u8; 256]) -> Option<([Tile; 136], usize)> {
    if !Masks::<1024>::fits(b.len()) {
        return None;
    }
    let list = Masks::<1024>::new(b);
    let filler = TILE_OF[0];
    let mut tiles = [filler; 136];
    let mut used = [0u8; 64];
    let mut n = 0;
    let bad = list.for_each_tile(|k, j, p, marked| {
        // The tile: its suit's row, its digit, its mark.
        let key = usize::from(SUIT_ROW[usize::from(list.letter(k, j))])
            + usize::from(DIGIT_KEY[usize::from(list.at(p))])
            + usize::from(
                MARK_KEY[(usize::from(list.at(p + 2)) | usize::from(!marked) << 8) & 511],
            );
        let e = WALL_KEY[key & 511];
        // Its copy. Every index masked to its table's size: no bound checks, no branch.
        let kind = usize::from(e & 0x3F);
        let u = used[kind];
        let copy = copy_of[(usize::from(e >> 6) + usize::from(u)) & 255];
        used[kind] = u | (1 << (copy & 3));
        if let Some(slot) = tiles.get_mut(n) {
            *slot = TILE_OF[(kind * 4) | usize::from(copy & 3)];
        }
        n += 1;
        e
    });
    // A copy taken twice (or none left, `copy_of` then giving a taken one) adds no bit: the
    // copies are all distinct when there are as many bits as tiles. Counted once here,
    // rather than checked tile by tile.
    let copies: u32 = used
        .chunks_exact(8)
        .map(|c| <[u8; 8]>::try_from(c).map_or(0, |c| u64::from_le_bytes(c).count_ones()))
        .sum();
    (bad & INFO_BAD == 0 && n <= 136 && copies as usize == n).then_some((tiles, n))
}

/// The tile of each id below 256, tile 0 past the last (a wall's tiles picked with one
/// load, no check: [`decode_wall`] refuses a bad tile by its own flags).
static TILE_OF: [Tile; 256] = {
    let Some(first) = Tile::new(0) else {
        panic!("tile 0 exists")
    };
    let mut t = [first; 256];
    let mut id = 0;
    while id < 256 {
        if let Some(tile) = Tile::new(id as u8) {
            t[id] = tile;
        }
        id += 1;
    }
    t
};

/// A [`decode_marked`] code's kind index (below 34), whether it is a five of m, p or s, and
/// its copy: the mark, 0 for a red five, [`NO_MARK`] when the tile names no copy.
pub(crate) fn split_code(code: u16) -> (usize, bool, u8) {
    (
        usize::from(code & 0x3F),
        code & CODE_FIVE != 0,
        (code >> 8) as u8,
    )
}

/// The line that starts `text`: up to its first `\n`, without a `\r` before it.
pub(crate) fn first_line(text: &str) -> &str {
    let line = text.split('\n').next().unwrap_or("");
    line.strip_suffix('\r').unwrap_or(line)
}

/// Where a line's comment starts (`#` outside quotes), if it has one.
pub(crate) fn comment_start(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let mut quoted = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b'#' if !quoted => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

type PResult<'a, O> = IResult<&'a str, O, nom::error::Error<&'a str>>;

/// A digit with its optional copy mark: `5`, `5'2`.
fn digit_mark(i: &str) -> PResult<'_, (char, Option<char>)> {
    (
        satisfy(|c| c.is_ascii_digit()),
        opt(preceded(char('\''), satisfy(|c| c.is_ascii_digit()))),
    )
        .parse(i)
}

fn bad(text: &str, reason: &'static str) -> ErrorKind {
    ErrorKind::BadTile {
        text: shorten(text),
        reason,
    }
}

/// Reads the tiles of a tile-list token (`123m0'1p4z`) in order, calling `f` with each tile
/// and the byte offset of its digit.
pub(crate) fn tiles<E>(
    token: &str,
    mut f: impl FnMut(RawTile, usize) -> Result<(), E>,
) -> Result<(), Result<TokErr, E>> {
    if well_formed(token.as_bytes()) {
        return emit_fast(token.as_bytes(), &mut f).map_err(Err);
    }
    tiles_nom(token, f)
}

/// Whether a tile-list token is well formed (the fast path's precondition; anything else
/// goes to the nom parser, which says what is wrong).
fn well_formed(b: &[u8]) -> bool {
    let n = b.len();
    let mut i = 0;
    if n == 0 {
        return false;
    }
    while i < n {
        let start = i;
        let mut j = i;
        while j < n && b[j].is_ascii_digit() {
            j += 1;
            if j < n && b[j] == b'\'' {
                if j + 1 < n && (b'0'..=b'3').contains(&b[j + 1]) {
                    j += 2;
                } else {
                    return false;
                }
            }
        }
        if j == start || j >= n {
            return false;
        }
        let suit = b[j];
        if !matches!(suit, b'm' | b'p' | b's' | b'z') {
            return false;
        }
        let mut k = start;
        while k < j {
            let d = b[k];
            let mark = (k + 1 < j && b[k + 1] == b'\'').then(|| b[k + 2]);
            let ok = match (suit, d, mark) {
                (b'z', b'1'..=b'7', _) => true,
                (b'z', _, _) => false,
                (_, b'0', Some(_)) => false,
                (_, b'5', Some(b'0')) => false,
                _ => true,
            };
            if !ok {
                return false;
            }
            k += if mark.is_some() { 3 } else { 1 };
        }
        i = j + 1;
    }
    true
}

/// Emits the tiles of a well-formed token.
fn emit_fast<E>(b: &[u8], f: &mut impl FnMut(RawTile, usize) -> Result<(), E>) -> Result<(), E> {
    let mut i = 0;
    while i < b.len() {
        let mut j = i;
        while b[j] != b'm' && b[j] != b'p' && b[j] != b's' && b[j] != b'z' {
            j += 1;
        }
        let suit = Suit::from_letter(char::from(b[j])).unwrap_or(Suit::Jihai);
        let mut k = i;
        while k < j {
            let digit = b[k] - b'0';
            let mark = (k + 1 < j && b[k + 1] == b'\'').then(|| b[k + 2] - b'0');
            let red = digit == 0;
            if let Some(kind) = TileKind::from_suit_number(suit, if red { 5 } else { digit }) {
                f(
                    RawTile {
                        kind,
                        red,
                        copy: mark,
                    },
                    k,
                )?;
            }
            k += if mark.is_some() { 3 } else { 1 };
        }
        i = j + 1;
    }
    Ok(())
}

/// The nom tile-list parser: the reference grammar, and the one that locates errors.
fn tiles_nom<E>(
    token: &str,
    mut f: impl FnMut(RawTile, usize) -> Result<(), E>,
) -> Result<(), Result<TokErr, E>> {
    let mut rest = token;
    if rest.is_empty() {
        return Err(Ok((0, bad(token, "expected tiles such as 123m"))));
    }
    while !rest.is_empty() {
        let group_start = token.len() - rest.len();
        // Find the suit letter that closes the group.
        let mut scan = rest;
        let mut n = 0usize;
        while let Ok((r, _)) = digit_mark(scan) {
            scan = r;
            n += 1;
        }
        let suit_res: PResult<'_, char> = one_of("mpsz")(scan);
        let Ok((after, suit_ch)) = suit_res else {
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
        let suit = Suit::from_letter(suit_ch).unwrap_or(Suit::Jihai);
        let mut g = rest;
        while let Ok((r, (d, mark))) = digit_mark(g) {
            let at = token.len() - g.len();
            g = r;
            let digit = d as u8 - b'0';
            let red = digit == 0;
            if red && !suit.is_numbered() {
                return Err(Ok((
                    at,
                    bad(
                        token,
                        "honours are 1z-7z; 0 (a red five) is only in m, p, s",
                    ),
                )));
            }
            let number = if red { 5 } else { digit };
            let Some(kind) = TileKind::from_suit_number(suit, number) else {
                return Err(Ok((at, bad(token, "honours are 1z-7z"))));
            };
            let copy = match mark {
                None => None,
                Some(_) if red => {
                    return Err(Ok((
                        at,
                        bad(
                            token,
                            "a red five (0) is always copy 0 and takes no copy mark",
                        ),
                    )));
                }
                Some(m) => {
                    let c = m as u8 - b'0';
                    if c > 3 {
                        return Err(Ok((at, bad(token, "copy marks are '0 to '3"))));
                    }
                    if c == 0 && number == 5 && suit.is_numbered() {
                        return Err(Ok((
                            at,
                            bad(token, "copy 0 of a five is the red five: write it 0"),
                        )));
                    }
                    Some(c)
                }
            };
            f(RawTile { kind, red, copy }, at).map_err(Err)?;
        }
        rest = after;
    }
    Ok(())
}

/// Reads a token holding exactly one tile.
pub(crate) fn one_tile(token: &str) -> Result<RawTile, TokErr> {
    if let &[d @ b'0'..=b'9', suit @ (b'm' | b'p' | b's' | b'z')] = token.as_bytes() {
        let suit = Suit::from_letter(char::from(suit)).unwrap_or(Suit::Jihai);
        let red = d == b'0' && suit.is_numbered();
        let number = if red { 5 } else { d - b'0' };
        if let Some(kind) = TileKind::from_suit_number(suit, number) {
            return Ok(RawTile {
                kind,
                red,
                copy: None,
            });
        }
    }
    let mut out = None;
    let mut count = 0;
    tiles::<()>(token, |t, _| {
        count += 1;
        out = Some(t);
        Ok(())
    })
    .map_err(|e| e.unwrap_or((0, bad(token, "expected one tile"))))?;
    match (count, out) {
        (1, Some(t)) => Ok(t),
        _ => Err((0, bad(token, "expected exactly one tile, such as 5p"))),
    }
}

/// A seat letter `A`..`D`.
pub(crate) fn seat(token: &str) -> Option<Seat> {
    match token {
        "A" => Some(Seat::ALL[0]),
        "B" => Some(Seat::ALL[1]),
        "C" => Some(Seat::ALL[2]),
        "D" => Some(Seat::ALL[3]),
        _ => None,
    }
}

/// The letter of a seat.
pub(crate) fn seat_letter(seat: Seat) -> char {
    char::from(b'A' + seat.index() as u8)
}

fn signed_digits(i: &str) -> PResult<'_, &str> {
    recognize((opt(one_of("+-")), digit1)).parse(i)
}

/// A whole-token integer, with an optional sign.
pub(crate) fn int<T: std::str::FromStr + TryFrom<i64>>(token: &str) -> Option<T> {
    // Fast path: up to 18 digits fit an i64; `-0` (refused by unsigned types) and longer
    // numbers take the general path.
    let b = token.as_bytes();
    let (negative, digits) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, b),
    };
    if !digits.is_empty() && digits.len() <= 18 {
        let mut v = 0i64;
        for &c in digits {
            let d = c.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            v = v * 10 + i64::from(d);
        }
        if !(negative && v == 0) {
            return T::try_from(if negative { -v } else { v }).ok();
        }
    }
    int_general(token)
}

/// [`int`] by the standard parser.
fn int_general<T: std::str::FromStr>(token: &str) -> Option<T> {
    // One optional sign, then digits only (what `signed_digits` accepts).
    let unsigned = token.strip_prefix(['+', '-']).unwrap_or(token);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.strip_prefix('+').unwrap_or(token).parse().ok()
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

/// Whether `b` holds a quote, a backslash or a brace (eight bytes at a time: a long seed
/// token is a bare string).
fn has_string_stop(b: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has = |x: u64, c: u8| {
        let y = x ^ (ONES * u64::from(c));
        y.wrapping_sub(ONES) & !y & HIGH != 0
    };
    let mut chunks = b.chunks_exact(8);
    for chunk in &mut chunks {
        let Ok(chunk) = <[u8; 8]>::try_from(chunk) else {
            return true;
        };
        let x = u64::from_le_bytes(chunk);
        if has(x, b'"') || has(x, b'\\') || has(x, b'{') || has(x, b'}') {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .any(|b| matches!(b, b'"' | b'\\' | b'{' | b'}'))
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
    // Fast path: no escape, and the only quote closes the string.
    if let Some(inner) = body.strip_suffix('"')
        && !inner.bytes().any(|b| b == b'"' || b == b'\\')
    {
        return Ok(inner.to_owned());
    }
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
        assert_eq!(collect("5'0m"), Err(0));
        assert_eq!(collect("0'1m"), Err(0));
        assert_eq!(collect("1'4m"), Err(0));
    }

    /// The branch-free decoder reads exactly what the nom grammar reads: every short string
    /// over the notation's tile bytes (and a stray one), and long random ones.
    #[test]
    fn decode_marked_agrees_with_nom() {
        fn check(text: &str) {
            let mut codes = [0u16; 136];
            let fast = decode_marked::<136, 1024>(text.as_bytes(), &mut codes);
            // The wall decoder with copies as written (copy 4 for none): the same kinds, the
            // same refusals (where no tile is listed twice).
            let mut as_marked = [4u8; 256];
            for (i, c) in as_marked.iter_mut().enumerate().take(4 * 32) {
                *c = (i / 32) as u8;
            }
            let by_wall = decode_wall(text.as_bytes(), &as_marked);
            let repeats = fast.is_some_and(|n| {
                let mut ids: Vec<u16> = codes[..n].iter().map(|&c| c & 0x73F).collect();
                ids.sort_unstable();
                ids.windows(2).any(|w| w[0] == w[1])
            });
            let marked_all = fast.is_some_and(|n| codes[..n].iter().all(|&c| c >> 8 < 4));
            if !repeats && (marked_all || fast.is_none()) {
                assert_eq!(
                    by_wall.map(|(t, n)| t[..n]
                        .iter()
                        .map(|t| (t.id() / 4) as usize)
                        .collect::<Vec<_>>()),
                    fast.map(|n| codes[..n].iter().map(|&c| usize::from(c & 0x3F)).collect()),
                    "{text:?}"
                );
            }
            // The decoder holds at most 136 tiles (a wall), and refuses more.
            let slow = collect(text)
                .ok()
                .filter(|v| !v.is_empty() && v.len() <= 136);
            let fast = fast.map(|n| {
                codes[..n]
                    .iter()
                    .map(|&c| {
                        let (kind, _, mark) = split_code(c);
                        (kind, mark)
                    })
                    .collect::<Vec<_>>()
            });
            let slow = slow.map(|v| {
                v.iter()
                    .map(|t| {
                        (
                            t.kind.index(),
                            if t.red { 0 } else { t.copy.unwrap_or(NO_MARK) },
                        )
                    })
                    .collect::<Vec<_>>()
            });
            assert_eq!(fast, slow, "{text:?}");
        }
        const BYTES: &[u8] = b"0159'mpzx";
        let mut text = Vec::new();
        for len in 1..=5u32 {
            for mut i in 0..BYTES.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(BYTES[i % BYTES.len()]);
                    i /= BYTES.len();
                }
                check(std::str::from_utf8(&text).unwrap_or_default());
            }
        }
        // Every ASCII byte where the masks expect a digit, a quote or a suit letter.
        for a in 0u8..0x80 {
            for tail in ["m", "'1m", "1m", "'", ""] {
                for head in ["", "1", "1'", "2m"] {
                    let mut t = head.as_bytes().to_vec();
                    t.push(a);
                    t.extend_from_slice(tail.as_bytes());
                    check(std::str::from_utf8(&t).unwrap_or_default());
                }
            }
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut long_ok = 0;
        for round in 0..3000 {
            // A well-formed list of groups, then (every other round) one byte changed.
            text.clear();
            while text.len() < 300 + (round % 200) {
                let suit = (next() % 4) as u8;
                for _ in 0..1 + next() % 4 {
                    let d = if suit == 3 {
                        1 + next() % 7
                    } else {
                        next() % 10
                    } as u8;
                    text.push(b'0' + d);
                    if d != 0 && next() % 2 == 0 {
                        text.push(b'\'');
                        let five = d == 5 && suit < 3;
                        text.push(
                            b'0' + (next() % if five { 3 } else { 4 }) as u8 + u8::from(five),
                        );
                    }
                }
                text.push(b"mpsz"[usize::from(suit)]);
            }
            if round % 2 == 1 {
                let at = (next() % text.len() as u64) as usize;
                text[at] = b"0123456789'mpsz x#"[(next() % 18) as usize];
            }
            let s = std::str::from_utf8(&text).unwrap_or_default();
            long_ok += usize::from(collect(s).is_ok());
            check(s);
        }
        assert!(long_ok > 1500, "{long_ok}");
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
        assert_eq!(comment_start("a \"#\" # b"), Some(6));
    }

    #[test]
    fn values() {
        assert_eq!(int::<i32>("+5900"), Some(5900));
        assert_eq!(int::<i32>("-3900"), Some(-3900));
        assert_eq!(int::<u32>("x"), None);
        assert_eq!(int::<i32>("+-5"), None);
        assert_eq!(int::<i32>("-"), None);
        assert_eq!(int::<u32>("-5"), None);
        // The fast path agrees with the standard parser on signs, zeros, ranges, lengths.
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
            assert_eq!(
                int::<u8>(t),
                std_ok.then(|| plain.parse().ok()).flatten(),
                "{t}"
            );
            assert_eq!(
                int::<i8>(t),
                std_ok.then(|| plain.parse().ok()).flatten(),
                "{t}"
            );
            assert_eq!(
                int::<u32>(t),
                std_ok.then(|| plain.parse().ok()).flatten(),
                "{t}"
            );
            assert_eq!(
                int::<i32>(t),
                std_ok.then(|| plain.parse().ok()).flatten(),
                "{t}"
            );
            assert_eq!(
                int::<i64>(t),
                std_ok.then(|| plain.parse().ok()).flatten(),
                "{t}"
            );
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
