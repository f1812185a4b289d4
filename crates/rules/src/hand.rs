//! Hand analysis: the readings of a complete hand, completeness, waits and wait types.
//!
//! Everything here works on [`TileCounts`] of the **concealed** part only (melds are already
//! sets) and allocates nothing per call. [`is_complete`], [`waits`] and [`is_tenpai`] look
//! each numbered suit up in a table of every suit shape (one bit per shape: 5^9 bits,
//! 244 KB), built at compile time by the build script ([`crate::shape_table`]);
//! [`for_each_reading`] walks the counts in place.

use arrayvec::ArrayVec;
use haifu_tiles::{TileCounts, TileKind, TileSet};

use crate::shape_table::{POW5, shape_bit};

/// The shape of a concealed set in a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetShape {
    /// Three consecutive tiles of a numbered suit (shuntsu).
    Run,
    /// Three tiles of one kind (koutsu).
    Triplet,
}

/// One set of a reading: its shape and lowest kind (`first`; for a run, the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Run or triplet.
    pub shape: SetShape,
    /// The lowest kind of the set.
    pub first: TileKind,
}

impl Block {
    /// Whether the set holds a tile of `kind`.
    pub fn contains(self, kind: TileKind) -> bool {
        match self.shape {
            SetShape::Triplet => self.first == kind,
            SetShape::Run => {
                kind.suit() == self.first.suit()
                    && kind.number() >= self.first.number()
                    && kind.number() <= self.first.number() + 2
            }
        }
    }
}

/// One way to read a complete concealed part.
///
/// A standard reading lists only the concealed sets (4 minus the number of melds), in
/// ascending kind order; the melds are the rest of the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Sets and a pair.
    Standard {
        /// The pair (jantou).
        pair: TileKind,
        /// The concealed sets, in ascending order of their first kind.
        sets: ArrayVec<Block, 4>,
    },
    /// Seven distinct pairs (chiitoitsu), in kind order. Four of a kind is never two pairs.
    Chiitoitsu {
        /// The seven pair kinds.
        pairs: [TileKind; 7],
    },
    /// The thirteen orphans, one of them paired (kokushi).
    Kokushi {
        /// The paired terminal or honour.
        pair: TileKind,
    },
}

/// How the winning tile completed its reading (machi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided wait on a run (`23` waiting on 1 or 4). 0 fu.
    Ryanmen,
    /// Closed wait, the middle of a run (`13` waiting on 2). 2 fu.
    Kanchan,
    /// Edge wait (`12` waiting on 3, `89` on 7). 2 fu.
    Penchan,
    /// Single wait on the pair (also every chiitoitsu and single kokushi wait). 2 fu.
    Tanki,
    /// Wait on two pairs, one becoming a triplet. 0 fu (the triplet's fu count).
    Shanpon,
    /// Kokushi's thirteen-sided wait.
    ThirteenSided,
}

impl Wait {
    /// The romaji name: `ryanmen`, `kanchan`, `penchan`, `tanki`, `shanpon`, `13-sided`.
    pub const fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
            Wait::ThirteenSided => "13-sided",
        }
    }

    /// The wait type of `win` as a tile of `block`: `None` if the block does not hold it.
    pub fn of_block(block: Block, win: TileKind) -> Option<Wait> {
        if !block.contains(win) {
            return None;
        }
        Some(match block.shape {
            SetShape::Triplet => Wait::Shanpon,
            SetShape::Run => {
                let start = block.first.number();
                match win.number() - start {
                    1 => Wait::Kanchan,
                    0 if start == 7 => Wait::Penchan,
                    2 if start == 1 => Wait::Penchan,
                    _ => Wait::Ryanmen,
                }
            }
        })
    }
}

/// What a claimant needs a discard for, by the set it completes: the classic rules' order of
/// claims when several players go out on one discard ("'Out' with the same discard", seed
/// 001): the pair first, then a pung, then a chow. Ordered so, first in precedence least.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Need {
    /// The tile completes the pair (a single wait; every seven-pairs wait; thirteen orphans'
    /// thirteen-sided wait, where it pairs).
    Pair,
    /// The tile completes a pung (one of two pairs waiting, shanpon).
    Pung,
    /// The tile completes a chow (a two-sided, closed or edge wait).
    Chow,
    /// The tile completes none of them: thirteen orphans waiting on its one missing kind. The
    /// seed's order names three needs; a claim that has none of them comes after them.
    Other,
}

impl Need {
    /// The romaji-free name used in messages: `pair`, `pung`, `chow`, `other`.
    pub const fn name(self) -> &'static str {
        match self {
            Need::Pair => "pair",
            Need::Pung => "pung",
            Need::Chow => "chow",
            Need::Other => "other",
        }
    }

    /// The first in precedence of what `win` completes in the complete concealed part
    /// `concealed` (the winning tile among its counts), over every reading and every set
    /// holding the tile: a claimant who can read the tile as the pair needs it for the pair.
    /// `None` when `concealed` is not complete or does not hold `win`.
    pub fn of_hand(concealed: &TileCounts, win: TileKind) -> Option<Need> {
        let mut best: Option<Need> = None;
        for_each_reading(concealed, |reading| {
            let need = match reading {
                Reading::Standard { pair, sets } => sets
                    .iter()
                    .filter_map(|b| Wait::of_block(*b, win))
                    .map(|wait| match wait {
                        Wait::Shanpon => Need::Pung,
                        _ => Need::Chow,
                    })
                    .chain((*pair == win).then_some(Need::Pair))
                    .min(),
                Reading::Chiitoitsu { pairs } => pairs.contains(&win).then_some(Need::Pair),
                Reading::Kokushi { pair } if concealed.as_array()[win.index()] > 0 => {
                    Some(match *pair == win {
                        true => Need::Pair,
                        false => Need::Other,
                    })
                }
                Reading::Kokushi { .. } => None,
            };
            if let Some(need) = need {
                best = Some(best.map_or(need, |b| b.min(need)));
            }
        });
        best
    }
}

const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// `0xFF` at each simple (2 to 8 of a numbered suit), `0` at each terminal, each honour and
/// the padding, as the five words of [`CountWords`].
const NOT_YAOCHUU: [u64; 5] = {
    let mut bytes = [0xFFu8; 40];
    let mut i = 0;
    while i < YAOCHUU.len() {
        bytes[YAOCHUU[i]] = 0;
        i += 1;
    }
    let mut i = 34;
    while i < 40 {
        bytes[i] = 0;
        i += 1;
    }
    let mut words = [0u64; 5];
    let mut w = 0;
    while w < 5 {
        let mut b = 0;
        while b < 8 {
            words[w] |= (bytes[w * 8 + b] as u64) << (8 * b);
            b += 1;
        }
        w += 1;
    }
    words
};

/// The 34 counts as five little-endian words, a byte each (the last six bytes zero), for
/// questions about all kinds at once: eight byte compares per word instead of a loop over
/// the kinds.
#[derive(Clone, Copy)]
struct CountWords([u64; 5]);

/// `0x01` in every byte.
const LANES: u64 = 0x0101_0101_0101_0101;

impl CountWords {
    fn new(c: &[u8; 34]) -> CountWords {
        let mut bytes = [0u8; 40];
        bytes[..34].copy_from_slice(c);
        let mut words = [0u64; 5];
        for (w, b) in words.iter_mut().zip(bytes.chunks_exact(8)) {
            *w = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
        CountWords(words)
    }

    /// Whether some count is above `n` (`n` below `0x80`). A byte `b` below `0x80` is above
    /// `n` when `b + 0x7F - n` reaches the top bit (no carry leaves the byte); a byte with
    /// the top bit already set is above `n` too, whatever its carry does to the next byte.
    fn any_above(self, n: u8) -> bool {
        let add = u64::from(0x7F - n) * LANES;
        self.0
            .iter()
            .fold(0, |any, &x| any | (x.wrapping_add(add) | x))
            & (0x80 * LANES)
            != 0
    }

    /// The top bit of each byte equal to `v`, word by word, when every count is at most
    /// `0x7F` (a zero byte of `x ^ v` is one that adding `0x7F` leaves below the top bit).
    fn equal(self, v: u8) -> [u64; 5] {
        self.0
            .map(|x| !((x ^ (u64::from(v) * LANES)) + 0x7F * LANES) & (0x80 * LANES))
    }

    /// Whether some simple is held.
    fn any_simple(self) -> bool {
        self.0
            .iter()
            .zip(NOT_YAOCHUU)
            .fold(0, |any, (&x, mask)| any | (x & mask))
            != 0
    }
}

/// Calls `f` with each concealed set list that splits `c` exactly into `need` sets.
fn sets_rec<F: FnMut(&[Block])>(
    c: &mut [u8; 34],
    start: usize,
    need: u8,
    stack: &mut ArrayVec<Block, 4>,
    f: &mut F,
) {
    let mut i = start;
    while i < 34 && c[i] == 0 {
        i += 1;
    }
    if i == 34 {
        if need == 0 {
            f(stack);
        }
        return;
    }
    if need == 0 {
        return;
    }
    let Some(first) = TileKind::new(i as u8) else {
        return;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        stack.push(Block {
            shape: SetShape::Triplet,
            first,
        });
        sets_rec(c, i, need - 1, stack, f);
        stack.pop();
        c[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        stack.push(Block {
            shape: SetShape::Run,
            first,
        });
        sets_rec(c, i, need - 1, stack, f);
        stack.pop();
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

/// Whether `c` splits into sets only (any number of them).
fn all_sets(c: &mut [u8; 34], start: usize) -> bool {
    let mut i = start;
    while i < 34 && c[i] == 0 {
        i += 1;
    }
    if i == 34 {
        return true;
    }
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = all_sets(c, i);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = all_sets(c, i);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        return ok;
    }
    false
}

/// The suit (0..4) whose tile count is 2 modulo 3, if the counts can hold one pair and sets:
/// every other suit must be 0 modulo 3.
fn pair_suit(c: &[u8; 34]) -> Option<usize> {
    let mut pair = None;
    for s in 0..4 {
        let end = if s == 3 { 34 } else { s * 9 + 9 };
        let n: u32 = c[s * 9..end].iter().map(|&x| u32::from(x)).sum();
        match n % 3 {
            0 => {}
            2 if pair.is_none() => pair = Some(s),
            _ => return None,
        }
    }
    pair
}

/// Calls `f` with every reading of a complete concealed part: four sets and a pair (minus the
/// melds, inferred from the tile count `3n + 2`), seven pairs and thirteen orphans (14 tiles
/// only). Readings that differ only in the order of equal sets are given once.
///
/// It considers only the shape: no yaku, no winning tile, and counts above 4 are read as
/// they are. A count that is not `3n + 2` gives no reading.
pub fn for_each_reading(concealed: &TileCounts, mut f: impl FnMut(&Reading)) {
    let mut c = *concealed.as_array();
    let total = concealed.total();
    if total % 3 != 2 || total > 14 {
        return;
    }
    let need = ((total - 2) / 3) as u8;
    if let Some(s) = pair_suit(&c) {
        let end = if s == 3 { 34 } else { s * 9 + 9 };
        let mut stack = ArrayVec::new();
        for p in s * 9..end {
            if c[p] < 2 {
                continue;
            }
            let Some(pair) = TileKind::new(p as u8) else {
                continue;
            };
            c[p] -= 2;
            sets_rec(&mut c, 0, need, &mut stack, &mut |sets: &[Block]| {
                let mut v = ArrayVec::new();
                v.extend(sets.iter().copied());
                f(&Reading::Standard { pair, sets: v });
            });
            c[p] += 2;
        }
    }
    if total == 14 {
        if let Some(pairs) = chiitoitsu_pairs(&c) {
            f(&Reading::Chiitoitsu { pairs });
        }
        if let Some(pair) = kokushi_pair(&c) {
            f(&Reading::Kokushi { pair });
        }
    }
}

fn chiitoitsu_pairs(c: &[u8; 34]) -> Option<[TileKind; 7]> {
    let mut pairs = [TileKind::M1; 7];
    let mut n = 0;
    for (i, &x) in c.iter().enumerate() {
        match x {
            0 => {}
            2 if n < 7 => {
                pairs[n] = TileKind::new(i as u8)?;
                n += 1;
            }
            _ => return None,
        }
    }
    (n == 7).then_some(pairs)
}

fn kokushi_pair(c: &[u8; 34]) -> Option<TileKind> {
    let mut pair = None;
    let mut n = 0u32;
    for &i in &YAOCHUU {
        match c[i] {
            1 => {}
            2 if pair.is_none() => pair = TileKind::new(i as u8),
            _ => return None,
        }
        n += u32::from(c[i]);
    }
    (n == 14).then_some(pair).flatten()
}

/// The shape table ([`crate::shape_table`]): built by the build script, compiled in, so no
/// process pays for building it. 244 KB, one bit per suit key.
static SHAPE_TABLE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shape_table.bin"));

fn shape_table() -> &'static [u8] {
    SHAPE_TABLE
}

/// The eight counts from kind `at` as a little-endian `u64`, a byte each (0 past the end).
fn word(c: &[u8; 34], at: usize) -> u64 {
    c.get(at..at + 8)
        .and_then(|w| <[u8; 8]>::try_from(w).ok())
        .map_or(0, u64::from_le_bytes)
}

/// The shape table key and the tile count of the numbered suit whose 1 is kind `first`
/// (each count at most four): eight counts at once in a `u64`, combined in pairs, then
/// quadruples, then all eight in base 5; a multiplication sums their bytes.
fn suit_key(c: &[u8; 34], first: usize) -> (u32, u32) {
    let x = word(c, first);
    let nine = c.get(first + 8).copied().unwrap_or(0);
    let tiles = (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32 + u32::from(nine);
    let x = (x & 0x00FF_00FF_00FF_00FF) + ((x >> 8) & 0x00FF_00FF_00FF_00FF) * 5;
    let x = (x & 0x0000_FFFF_0000_FFFF) + ((x >> 16) & 0x0000_FFFF_0000_FFFF) * 25;
    let key = (x & 0xFFFF_FFFF) + (x >> 32) * 625;
    (key as u32 + u32::from(nine) * POW5[8], tiles)
}

/// How many honour kinds hold one tile and two tiles, and whether any holds four: honours
/// read as triplets and at most one pair when none holds one or four and at most one two.
#[derive(Clone, Copy)]
struct Honours {
    ones: u8,
    twos: u8,
    fours: bool,
}

impl Honours {
    /// The shape and tile count of the seven honour counts (each at most four), all at once
    /// in a `u64`, a byte each: a byte equal to `v` is a zero byte of `x ^ v`, and a zero
    /// byte (at most 7 here) is one whose top bit adding `0x7F` leaves clear.
    fn new(c: &[u8; 34]) -> (Honours, u32) {
        const LANES: u64 = 0x0001_0101_0101_0101;
        // Kinds 26..34: shifting out the 9s leaves the honours.
        let x = word(c, 26) >> 8;
        let zero_bytes = |t: u64| !(t + 0x7F * LANES) & (0x80 * LANES);
        let honours = Honours {
            ones: zero_bytes(x ^ LANES).count_ones() as u8,
            twos: zero_bytes(x ^ (2 * LANES)).count_ones() as u8,
            fours: x & (4 * LANES) != 0,
        };
        let tiles = (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32;
        (honours, tiles)
    }

    /// Whether the honours read as triplets and at most one pair.
    const fn read(self) -> bool {
        self.ones == 0 && !self.fours && self.twos <= 1
    }

    /// Whether they read so after one more tile of a kind held `n` times: a single becomes
    /// the pair, or a pair a triplet.
    const fn read_with_one_more(self, n: u8) -> bool {
        !self.fours
            && match n {
                1 => self.ones == 1 && self.twos == 0,
                2 => self.ones == 0 && self.twos <= 2,
                _ => false,
            }
    }
}

/// A concealed part of at most four of each kind, suit by suit: what the table needs.
struct Suits {
    /// The shape table key of each numbered suit.
    keys: [u32; 3],
    /// The honours' shape.
    honours: Honours,
    /// Each suit's tile count modulo 3 (honours last).
    rem: [u8; 4],
    /// Bit `s` set when suit `s` reads as sets only (`rem` 0) or as sets and a pair
    /// (`rem` 2).
    reads: u8,
    /// Bit `s` set when suit `s` reads and holds the pair (`rem` 2).
    pairs: u8,
    /// The number of tiles.
    tiles: u32,
}

impl Suits {
    /// `None` if some kind has more than four tiles (the table has no key for it).
    #[inline(always)]
    fn new(c: &[u8; 34], words: CountWords, table: &[u8]) -> Option<Suits> {
        if words.any_above(4) {
            return None;
        }
        let suit = |s: usize| suit_key(c, s * 9);
        let (m, p, s) = (suit(0), suit(1), suit(2));
        let (honours, z) = Honours::new(c);
        let rem = [m.1, p.1, s.1, z].map(|t| (t % 3) as u8);
        let reads = u8::from(shape_bit(table, m.0))
            | u8::from(shape_bit(table, p.0)) << 1
            | u8::from(shape_bit(table, s.0)) << 2
            | u8::from(honours.read()) << 3;
        let with_pair = rem
            .iter()
            .enumerate()
            .fold(0u8, |bits, (s, &r)| bits | u8::from(r == 2) << s);
        Some(Suits {
            keys: [m.0, p.0, s.0],
            honours,
            rem,
            reads,
            pairs: reads & with_pair,
            tiles: m.1 + p.1 + s.1 + z,
        })
    }

    /// Whether every suit reads and exactly one holds the pair: sets and a pair.
    fn standard(&self) -> bool {
        self.reads == 0xF && self.pairs.count_ones() == 1
    }

    /// The kinds that make the part read as sets and a pair, as [`TileSet`] bits, leaving
    /// out kinds already held four times. Only the suit of the added kind changes, so the
    /// other suits must read already, and one suit in all must end up holding the pair.
    fn standard_waits(&self, c: &[u8; 34], table: &[u8]) -> u64 {
        let unread = 0xF & !self.reads;
        // The added tile's suit is the one suit that does not read yet, or any if all do.
        let candidates = match unread.count_ones() {
            0 => 0xF,
            1 => unread,
            _ => return 0,
        };
        let mut bits = 0u64;
        for t in 0..4 {
            if candidates & (1 << t) == 0 {
                continue;
            }
            let rem = (self.rem[t] + 1) % 3;
            let pairs_elsewhere = (self.pairs & !(1 << t)).count_ones();
            if rem == 1 || pairs_elsewhere + u32::from(rem == 2) != 1 {
                continue;
            }
            if t < 3 {
                for (j, &p) in POW5.iter().enumerate() {
                    let i = t * 9 + j;
                    if c[i] < 4 && shape_bit(table, self.keys[t] + p) {
                        bits |= 1 << i;
                    }
                }
            } else {
                for (i, &n) in c.iter().enumerate().skip(27) {
                    if self.honours.read_with_one_more(n) {
                        bits |= 1 << i;
                    }
                }
            }
        }
        bits
    }
}

/// [`is_complete`] by search, for counts the table has no key for (more than four of a kind).
fn is_complete_search(c: &[u8; 34], total: u32) -> bool {
    sets_and_pair_search(c)
        || (total == 14 && (chiitoitsu_pairs(c).is_some() || kokushi_pair(c).is_some()))
}

/// Whether the counts read as sets and one pair (any number of sets), by search.
fn sets_and_pair_search(c: &[u8; 34]) -> bool {
    let mut c = *c;
    if let Some(s) = pair_suit(&c) {
        let end = if s == 3 { 34 } else { s * 9 + 9 };
        for p in s * 9..end {
            if c[p] < 2 {
                continue;
            }
            c[p] -= 2;
            let ok = all_sets(&mut c, 0);
            c[p] += 2;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Whether the concealed part is complete: `3n + 2` tiles that read as sets and a pair, or
/// (with 14 tiles) as seven distinct pairs or the thirteen orphans. Shape only: yaku and
/// furiten are not considered.
///
/// Each numbered suit is looked up in a table of every suit shape (244 KB, built at compile
/// time); the honours, seven pairs and thirteen orphans are checked
/// directly. A count above four of a kind (never a real hand) falls back to a search.
pub fn is_complete(concealed: &TileCounts) -> bool {
    let c = concealed.as_array();
    let Some(suits) = Suits::new(c, CountWords::new(c), shape_table()) else {
        let total = concealed.total();
        return total % 3 == 2 && total <= 14 && is_complete_search(c, total);
    };
    let total = suits.tiles;
    if total % 3 != 2 || total > 14 {
        return false;
    }
    suits.standard()
        || (total == 14 && (chiitoitsu_pairs(c).is_some() || kokushi_pair(c).is_some()))
}

/// The seven-pairs wait of 13 tiles: six pairs and a single, the single's kind.
fn chiitoitsu_wait(c: CountWords) -> u64 {
    // Most hands fail on the count of singles or a triplet, found with byte compares.
    let singles = c.equal(1);
    if singles.iter().map(|w| w.count_ones()).sum::<u32>() != 1 || c.any_above(2) {
        return 0;
    }
    // One single, every other count 0 or 2: the single's kind is its byte's index.
    singles
        .iter()
        .enumerate()
        .find(|(_, w)| **w != 0)
        .map_or(0, |(i, w)| 1 << (i * 8 + w.trailing_zeros() as usize / 8))
}

/// The thirteen-orphans waits of 13 tiles: all thirteen if each is held once, else the one
/// missing if another is paired.
fn kokushi_waits(c: &[u8; 34], words: CountWords) -> u64 {
    // Most hands hold a simple.
    if words.any_simple() {
        return 0;
    }
    let mut missing = None;
    let mut paired = false;
    let mut n = 0u32;
    for &i in &YAOCHUU {
        match c[i] {
            0 if missing.is_none() => missing = Some(i),
            1 => {}
            2 if !paired => paired = true,
            _ => return 0,
        }
        n += u32::from(c[i]);
    }
    if n != 13 {
        return 0;
    }
    match (missing, paired) {
        (None, false) => YAOCHUU.iter().fold(0, |bits, &i| bits | 1 << i),
        (Some(i), true) => 1 << i,
        _ => 0,
    }
}

/// The kinds that would complete a concealed part of `3n + 1` tiles (its waits, machi).
///
/// It considers the shape only (sets and a pair, seven pairs, thirteen orphans) and leaves
/// out a kind of which the concealed part already holds all four (such a wait cannot be
/// drawn; Tenhou then does not count the hand as tenpai). It ignores furiten, yaku and the
/// tiles visible elsewhere. Any other tile count gives the empty set.
///
/// Adding a kind changes only its suit, so each candidate costs one lookup of that suit's
/// new key in the table [`is_complete`] uses (built at compile time); seven pairs and
/// thirteen orphans are read off the counts directly. A count above four of a kind (never a
/// real hand) falls back to a search.
pub fn waits(concealed: &TileCounts) -> TileSet {
    let c = concealed.as_array();
    let table = shape_table();
    let words = CountWords::new(c);
    let Some(suits) = Suits::new(c, words, table) else {
        return waits_search(concealed);
    };
    let total = suits.tiles;
    if total % 3 != 1 || total > 13 {
        return TileSet::EMPTY;
    }
    let mut bits = suits.standard_waits(c, table);
    if total == 13 {
        bits |= chiitoitsu_wait(words) | kokushi_waits(c, words);
    }
    TileSet::from_bits(bits)
}

/// What [`waits`] first asks of a concealed part, kept up to date tile by tile: each
/// numbered suit's table key, and tallies of the counts (see [`Tally`]).
///
/// [`ConcealedShape::may_wait`] answers from these alone whether [`waits`] can be non-empty,
/// so that a hand far from tenpai (most hands, most turns) costs three table lookups, not a
/// pass over the counts. It never decides the waits themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ConcealedShape {
    /// The shape table key of each numbered suit (valid while no kind is above four).
    keys: [u32; 3],
    /// The tallies, a byte each at [`Tally`]'s positions. Each stays within `0..=136`, so
    /// adding or taking one byte's worth never carries into the next.
    tallies: u64,
}

/// The byte positions of [`ConcealedShape`]'s tallies.
#[derive(Clone, Copy)]
#[repr(u8)]
enum Tally {
    /// Kinds held exactly once.
    Singles,
    /// Kinds held three times or more.
    OverTwo,
    /// Kinds held more than four times (never in a real hand; [`waits`] then searches).
    OverFour,
    /// Honour kinds held exactly once.
    HonourOnes,
    /// Honour kinds held exactly twice.
    HonourTwos,
    /// Honour kinds held four times or more.
    HonourFours,
    /// Simple tiles held (2 to 8 of a numbered suit).
    Simples,
    /// Tiles held.
    Tiles,
}

impl Tally {
    /// `n` in this tally's byte.
    const fn bits(self, n: u8) -> u64 {
        (n as u64) << (8 * self as u32)
    }
}

/// The kind tallies a count of `n` belongs to, a byte of 1 each, the honours' included (each
/// kind's own mask, [`KIND_TALLIES`], picks its tallies). The tile and simple counts are
/// not here: they grow with every tile, not by membership.
const fn membership(n: u8) -> u64 {
    Tally::Singles.bits((n == 1) as u8)
        | Tally::OverTwo.bits((n > 2) as u8)
        | Tally::OverFour.bits((n > 4) as u8)
        | Tally::HonourOnes.bits((n == 1) as u8)
        | Tally::HonourTwos.bits((n == 2) as u8)
        | Tally::HonourFours.bits((n >= 4) as u8)
}

/// For a count going up from `low` (index, capped at 7): the tallies it joins (with one more
/// tile, and one more simple where the kind's mask keeps it), and the tallies it leaves.
/// Going down from `low + 1` to `low` swaps the two.
const STEPS: [(u64, u64); 8] = {
    let mut t = [(0u64, 0u64); 8];
    let mut low = 0;
    while low < 8 {
        let (from, to) = (membership(low as u8), membership(low as u8 + 1));
        let joins = Tally::Tiles.bits(1) | Tally::Simples.bits(1) | (to & !from);
        t[low] = (joins, from & !to);
        low += 1;
    }
    t
};

/// The tallies each kind takes part in: all kinds the first three and the tile count,
/// honours their own three, simples the simples.
const KIND_TALLIES: [u64; 34] = {
    let mut t = [0u64; 34];
    let all = Tally::Singles.bits(0xFF)
        | Tally::OverTwo.bits(0xFF)
        | Tally::OverFour.bits(0xFF)
        | Tally::Tiles.bits(0xFF);
    let mut i = 0;
    while i < 34 {
        t[i] = all;
        if i >= 27 {
            t[i] |= Tally::HonourOnes.bits(0xFF)
                | Tally::HonourTwos.bits(0xFF)
                | Tally::HonourFours.bits(0xFF);
        } else if i % 9 != 0 && i % 9 != 8 {
            t[i] |= Tally::Simples.bits(0xFF);
        }
        i += 1;
    }
    t
};

impl ConcealedShape {
    /// The shape of no tiles.
    pub(crate) const EMPTY: ConcealedShape = ConcealedShape {
        keys: [0; 3],
        tallies: 0,
    };

    /// The shape of these counts.
    pub(crate) fn new(counts: &TileCounts) -> ConcealedShape {
        let mut shape = ConcealedShape::EMPTY;
        for (i, &n) in counts.as_array().iter().enumerate() {
            if let Some(key) = shape.keys.get_mut(i / 9) {
                *key = key.wrapping_add(u32::from(n).wrapping_mul(POW5[i % 9]));
            }
            let held = membership(n) | Tally::Tiles.bits(n) | Tally::Simples.bits(n);
            shape.tallies = shape.tallies.wrapping_add(held & KIND_TALLIES[i]);
        }
        shape
    }

    /// One more tile of `kind`, of which `before` were held.
    #[inline(always)]
    pub(crate) fn add(&mut self, kind: TileKind, before: u8) {
        let i = kind.index();
        let ((joins, leaves), mask) = (STEPS[usize::from(before.min(7))], KIND_TALLIES[i]);
        self.tallies = self
            .tallies
            .wrapping_add(joins & mask)
            .wrapping_sub(leaves & mask);
        if let Some(key) = self.keys.get_mut(i / 9) {
            *key = key.wrapping_add(POW5[i % 9]);
        }
    }

    /// One tile fewer of `kind`, of which `before` (at least one) were held.
    #[inline(always)]
    pub(crate) fn remove(&mut self, kind: TileKind, before: u8) {
        let i = kind.index();
        let low = usize::from(before.wrapping_sub(1).min(7));
        let ((joins, leaves), mask) = (STEPS[low], KIND_TALLIES[i]);
        self.tallies = self
            .tallies
            .wrapping_sub(joins & mask)
            .wrapping_add(leaves & mask);
        if let Some(key) = self.keys.get_mut(i / 9) {
            *key = key.wrapping_sub(POW5[i % 9]);
        }
    }

    /// A tally's value.
    const fn tally(&self, t: Tally) -> u8 {
        (self.tallies >> (8 * t as u32)) as u8
    }

    /// Whether [`waits`] of the counts this shape was kept for can be non-empty. `false`
    /// means surely empty; `true` means [`waits`] must be asked.
    pub(crate) fn may_wait(&self) -> bool {
        if self.tally(Tally::OverFour) > 0 {
            return true;
        }
        let total = self.tally(Tally::Tiles);
        if total % 3 != 1 || total > 13 {
            return false;
        }
        let table = shape_table();
        let honours = Honours {
            ones: self.tally(Tally::HonourOnes),
            twos: self.tally(Tally::HonourTwos),
            fours: self.tally(Tally::HonourFours) > 0,
        };
        let unread = u8::from(!shape_bit(table, self.keys[0]))
            + u8::from(!shape_bit(table, self.keys[1]))
            + u8::from(!shape_bit(table, self.keys[2]))
            + u8::from(!honours.read());
        unread <= 1
            || (total == 13
                && ((self.tally(Tally::Singles) == 1 && self.tally(Tally::OverTwo) == 0)
                    || self.tally(Tally::Simples) == 0))
    }
}

/// [`waits`] by search, for counts the table has no key for (more than four of a kind).
fn waits_search(concealed: &TileCounts) -> TileSet {
    let mut set = TileSet::EMPTY;
    let total = concealed.total();
    if total % 3 != 1 || total > 13 {
        return set;
    }
    let mut c = *concealed;
    for k in TileKind::ALL {
        if c.get(k) >= 4 {
            continue;
        }
        c.add(k);
        if is_complete_search(c.as_array(), total + 1) {
            set.insert(k);
        }
        c.remove(k);
    }
    set
}

/// Whether a concealed part of `3n + 1` tiles waits on at least one kind ([`waits`]).
pub fn is_tenpai(concealed: &TileCounts) -> bool {
    !waits(concealed).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use haifu_tiles::parse_kinds;
    use proptest::prelude::*;

    fn counts(s: &str) -> TileCounts {
        TileCounts::from_kinds(parse_kinds(s).unwrap())
    }

    fn readings(s: &str) -> Vec<Reading> {
        let mut v = Vec::new();
        for_each_reading(&counts(s), |r| v.push(r.clone()));
        v
    }

    /// What the winning tile completes, worked out by hand for each hand (the 14 tiles, the
    /// winning tile among them, then the tile).
    #[test]
    fn a_claim_needs_the_tile_for_its_first_set_in_precedence() {
        let need = |hand: &str, win: &str| {
            let win = parse_kinds(win).unwrap()[0];
            Need::of_hand(&counts(hand), win)
        };
        // 34s waits on 2s or 5s: the 5s completes the chow 345s.
        assert_eq!(need("234m567p345678s88p", "5s"), Some(Need::Chow));
        // A single wait on 5s: the pair.
        assert_eq!(need("234567m345678p55s", "5s"), Some(Need::Pair));
        // 11p and 55s waiting: the 5s completes the pung 555s.
        assert_eq!(need("123456789m11p555s", "5s"), Some(Need::Pung));
        // 1233m + 3m: 123m and the pair 33m, and the 3m can be either: the pair first.
        assert_eq!(need("12333m456p789p111s", "3m"), Some(Need::Pair));
        // 2333m + 4m: 234m with the pair 33m; 2333m + 2m: the pair 22m and the pung 333m.
        assert_eq!(need("23334m456p789p111s", "4m"), Some(Need::Chow));
        assert_eq!(need("22333m456p789p111s", "2m"), Some(Need::Pair));
        // Seven pairs: every wait is on a pair.
        assert_eq!(need("1133m5577p99s1122z", "2z"), Some(Need::Pair));
        // Thirteen orphans: the thirteen-sided wait pairs its tile; the single wait on the
        // missing kind completes no set.
        assert_eq!(need("119m19p19s1234567z", "1m"), Some(Need::Pair));
        assert_eq!(need("119m19p19s1234567z", "7z"), Some(Need::Other));
        // Not a complete hand, or one without the tile.
        assert_eq!(need("123456789m11p556s", "5s"), None);
        assert_eq!(need("234567m345678p55s", "1m"), None);
    }

    #[test]
    fn several_readings() {
        // 111222333m 44p 789s: three triplets or three runs.
        assert_eq!(readings("111222333m44p789s").len(), 2);
        // Ryanpeikou shape is also seven pairs.
        let r = readings("223344m556677p99s");
        assert_eq!(r.len(), 2);
        assert!(r.iter().any(|r| matches!(r, Reading::Chiitoitsu { .. })));
        assert_eq!(readings("19m19p19s12345677z").len(), 1);
        assert!(readings("19m19p19s1234567z5m").is_empty());
        assert!(readings("1112345678999m").is_empty());
        // With two melds: 8 tiles.
        assert_eq!(readings("123m456p77s").len(), 1);
    }

    #[test]
    fn waits_and_completeness() {
        let w = |s: &str| {
            let k: Vec<TileKind> = waits(&counts(s)).iter().collect();
            haifu_tiles::TileList::from_kinds(&k).to_string()
        };
        assert_eq!(w("1112345678999m"), "123456789m");
        assert_eq!(w("19m19p19s1234567z"), "19m19p19s1234567z");
        assert_eq!(w("23m"), "");
        assert_eq!(w("2m"), "2m");
        assert_eq!(w("1111m"), "");
        assert_eq!(w("1112m"), "23m");
        assert_eq!(w("123456789m1234z"), "");
        assert!(is_complete(&counts("22m")));
        assert!(!is_tenpai(&counts("1111m")));
    }

    #[test]
    fn wait_types() {
        let run = |s| Block {
            shape: SetShape::Run,
            first: s,
        };
        assert_eq!(
            Wait::of_block(run(TileKind::M1), TileKind::M3),
            Some(Wait::Penchan)
        );
        assert_eq!(
            Wait::of_block(run(TileKind::M7), TileKind::M7),
            Some(Wait::Penchan)
        );
        assert_eq!(
            Wait::of_block(run(TileKind::M7), TileKind::M9),
            Some(Wait::Ryanmen)
        );
        assert_eq!(
            Wait::of_block(run(TileKind::M2), TileKind::M3),
            Some(Wait::Kanchan)
        );
        assert_eq!(Wait::of_block(run(TileKind::M2), TileKind::P3), None);
    }

    /// The implementations before the table: a recursive search per candidate kind. The
    /// property tests hold the table-driven functions to exactly these results.
    mod reference {
        use haifu_tiles::{TileCounts, TileKind, TileSet};

        const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

        // The recursive search is the production fallback too (for counts over four), so
        // the reference uses it as it is; seven pairs and kokushi are checked independently.
        pub(super) use super::super::{all_sets, sets_and_pair_search as standard};

        fn chiitoitsu(c: &[u8; 34]) -> bool {
            let mut n = 0;
            for &x in c {
                match x {
                    0 => {}
                    2 if n < 7 => n += 1,
                    _ => return false,
                }
            }
            n == 7
        }

        fn kokushi(c: &[u8; 34]) -> bool {
            let mut pair = false;
            let mut n = 0u32;
            for &i in &YAOCHUU {
                match c[i] {
                    1 => {}
                    2 if !pair => pair = true,
                    _ => return false,
                }
                n += u32::from(c[i]);
            }
            n == 14 && pair
        }

        pub(super) fn is_complete(concealed: &TileCounts) -> bool {
            let c = concealed.as_array();
            let total = concealed.total();
            if total % 3 != 2 || total > 14 {
                return false;
            }
            standard(c) || (total == 14 && (chiitoitsu(c) || kokushi(c)))
        }

        pub(super) fn waits(concealed: &TileCounts) -> TileSet {
            let mut set = TileSet::EMPTY;
            let total = concealed.total();
            if total % 3 != 1 || total > 13 {
                return set;
            }
            let mut c = *concealed;
            for k in TileKind::ALL {
                if c.get(k) >= 4 {
                    continue;
                }
                c.add(k);
                if is_complete(&c) {
                    set.insert(k);
                }
                c.remove(k);
            }
            set
        }
    }

    /// Every check on one hand and its neighbours: waits, tenpai and completeness equal the
    /// reference for the hand, for the hand plus each kind and for the hand minus each kind.
    fn check_against_reference(c: &TileCounts) -> Result<(), TestCaseError> {
        prop_assert_eq!(waits(c), reference::waits(c), "waits of {:?}", c);
        prop_assert!(
            ConcealedShape::new(c).may_wait() || reference::waits(c).is_empty(),
            "may_wait refused {:?}",
            c
        );
        prop_assert_eq!(
            is_tenpai(c),
            !reference::waits(c).is_empty(),
            "tenpai {:?}",
            c
        );
        prop_assert_eq!(
            is_complete(c),
            reference::is_complete(c),
            "complete {:?}",
            c
        );
        for k in TileKind::ALL {
            let mut plus = *c;
            plus.add(k);
            prop_assert_eq!(
                is_complete(&plus),
                reference::is_complete(&plus),
                "{:?}",
                plus
            );
            prop_assert_eq!(waits(&plus), reference::waits(&plus), "{:?}", plus);
            let mut minus = *c;
            if minus.remove(k) {
                prop_assert_eq!(waits(&minus), reference::waits(&minus), "{:?}", minus);
                prop_assert_eq!(
                    is_complete(&minus),
                    reference::is_complete(&minus),
                    "{:?}",
                    minus
                );
            }
        }
        Ok(())
    }

    const SIZES: [usize; 10] = [1, 4, 7, 10, 13, 2, 5, 8, 11, 14];

    /// Kinds drawn without replacement from the 136 tiles whose kinds pass `keep`.
    fn drawn(keep: fn(u8) -> bool) -> impl Strategy<Value = TileCounts> {
        let tiles: Vec<u8> = (0..136u8).filter(|t| keep(t / 4)).collect();
        proptest::sample::select(SIZES.to_vec()).prop_flat_map(move |n| {
            proptest::sample::subsequence(tiles.clone(), n.min(tiles.len())).prop_map(|ts| {
                TileCounts::from_kinds(ts.iter().filter_map(|t| TileKind::new(t / 4)))
            })
        })
    }

    /// Adds `k` if it stays at most four of a kind.
    fn add_capped(c: &mut TileCounts, i: u8) -> bool {
        match TileKind::new(i) {
            Some(k) if c.get(k) < 4 => {
                c.add(k);
                true
            }
            _ => false,
        }
    }

    /// A complete-ish hand: 0..=4 sets and a pair from kinds `lo..hi` (sets that would make
    /// five of a kind are skipped), then up to two tiles taken away and one added.
    fn built(lo: u8, hi: u8) -> impl Strategy<Value = TileCounts> {
        (
            lo..hi,
            proptest::collection::vec((any::<bool>(), lo..hi), 0..=4),
            proptest::collection::vec(lo..hi, 0..=2),
            proptest::option::of(lo..hi),
        )
            .prop_map(|(pair, sets, take, add)| {
                let mut c = TileCounts::EMPTY;
                add_capped(&mut c, pair);
                add_capped(&mut c, pair);
                for (run, k) in sets {
                    let k = usize::from(k);
                    if run && k < 27 && k % 9 <= 6 {
                        let a = c.as_array();
                        if a[k] < 4 && a[k + 1] < 4 && a[k + 2] < 4 {
                            for i in k..k + 3 {
                                add_capped(&mut c, i as u8);
                            }
                        }
                    } else if c.as_array()[k] <= 1 {
                        for _ in 0..3 {
                            add_capped(&mut c, k as u8);
                        }
                    }
                }
                for t in take {
                    if let Some(k) = TileKind::new(t) {
                        // Take the nearest held kind at or above `t`, else any.
                        let held = TileKind::ALL[k.index()..]
                            .iter()
                            .chain(TileKind::ALL.iter())
                            .find(|k| c.get(**k) > 0)
                            .copied();
                        if let Some(h) = held {
                            c.remove(h);
                        }
                    }
                }
                if let Some(a) = add {
                    add_capped(&mut c, a);
                }
                c
            })
    }

    /// Seven-pairs-like: up to seven pairs from `lo..hi` (repeats make four of a kind), one
    /// tile away, maybe one extra tile.
    fn pairs_like(lo: u8, hi: u8) -> impl Strategy<Value = TileCounts> {
        (
            proptest::collection::vec(lo..hi, 1..=7),
            any::<prop::sample::Index>(),
            proptest::option::of(0..34u8),
        )
            .prop_map(|(pairs, away, extra)| {
                let mut c = TileCounts::EMPTY;
                for p in pairs {
                    add_capped(&mut c, p);
                    add_capped(&mut c, p);
                }
                let held: Vec<TileKind> = c.iter().map(|(k, _)| k).collect();
                if !held.is_empty() {
                    c.remove(held[away.index(held.len())]);
                }
                if let Some(e) = extra {
                    add_capped(&mut c, e);
                }
                c
            })
    }

    /// Kokushi-like: the thirteen orphans plus one, with up to two of them replaced by any
    /// kind and one taken away.
    fn kokushi_like() -> impl Strategy<Value = TileCounts> {
        (
            proptest::sample::select(YAOCHUU.to_vec()),
            proptest::collection::vec((0..13usize, 0..34u8), 0..=2),
            0..14usize,
        )
            .prop_map(|(extra, swaps, away)| {
                let mut kinds: Vec<u8> = YAOCHUU.iter().map(|&i| i as u8).collect();
                kinds.push(extra as u8);
                for (i, k) in swaps {
                    kinds[i] = k;
                }
                kinds.remove(away);
                let mut c = TileCounts::EMPTY;
                for k in kinds {
                    add_capped(&mut c, k);
                }
                c
            })
    }

    /// Any counts up to eight of a kind (not real hands; the functions must still agree and
    /// not panic), at most 14 tiles.
    fn wild() -> impl Strategy<Value = TileCounts> {
        proptest::collection::vec((0..34u8, 1..=8u8), 0..=5).prop_map(|v| {
            let mut c = [0u8; 34];
            let mut total = 0;
            for (k, n) in v {
                let n = n.min(14 - total);
                c[usize::from(k)] = c[usize::from(k)].saturating_add(n);
                total += n;
            }
            TileCounts::from_array(c)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        #[test]
        fn random_hands_match_reference(c in drawn(|_| true)) {
            check_against_reference(&c)?;
        }

        #[test]
        fn single_suit_hands_match_reference(
            c in prop_oneof![drawn(|k| k < 9), drawn(|k| (18..27).contains(&k)), drawn(|k| k >= 27)]
        ) {
            check_against_reference(&c)?;
        }

        #[test]
        fn two_suit_hands_match_reference(c in drawn(|k| !(9..27).contains(&k))) {
            check_against_reference(&c)?;
        }

        #[test]
        fn built_hands_match_reference(
            c in prop_oneof![built(0, 34), built(0, 9), built(9, 18), built(18, 34), built(27, 34)]
        ) {
            check_against_reference(&c)?;
        }

        #[test]
        fn pairs_like_hands_match_reference(
            c in prop_oneof![pairs_like(0, 34), pairs_like(0, 9), pairs_like(24, 34)]
        ) {
            check_against_reference(&c)?;
        }

        #[test]
        fn kokushi_like_hands_match_reference(c in kokushi_like()) {
            check_against_reference(&c)?;
        }

        #[test]
        fn wild_counts_match_reference(c in wild()) {
            check_against_reference(&c)?;
        }

        #[test]
        fn concealed_shape_is_kept_tile_by_tile(
            steps in proptest::collection::vec((0..34u8, any::<bool>()), 0..60)
        ) {
            // Adds and removals in any order, up to six of a kind: the kept shape is always
            // the shape of the counts, and never refuses counts that wait.
            let mut c = TileCounts::EMPTY;
            let mut shape = ConcealedShape::new(&c);
            for (k, add) in steps {
                let kind = TileKind::new(k).unwrap();
                let before = c.get(kind);
                if add && before < 6 {
                    shape.add(kind, before);
                    c.add(kind);
                } else if !add && before > 0 {
                    shape.remove(kind, before);
                    c.remove(kind);
                }
                prop_assert_eq!(shape, ConcealedShape::new(&c), "{:?}", c);
                prop_assert!(shape.may_wait() || waits(&c).is_empty(), "{:?}", c);
            }
        }
    }

    #[test]
    fn concealed_shape_lets_every_kind_of_wait_through() {
        // Sets and a pair waiting in one suit, two pairs (shanpon), seven pairs, the
        // thirteen orphans both ways, and a hand of two melds.
        for hand in [
            "123456789m1234p",
            "123m456p789s11z22z",
            "1122m3344p5566s7z",
            "19m19p19s1234567z",
            "19m19p19s1234566z",
            "2345p",
        ] {
            let c = counts(hand);
            assert!(!waits(&c).is_empty(), "{hand}");
            assert!(ConcealedShape::new(&c).may_wait(), "{hand}");
        }
        // Two suits short of sets and no seven-pairs or orphans shape: surely no wait.
        for hand in ["1357m1357p135s11z", "147m258p369s1234z"] {
            let c = counts(hand);
            assert!(waits(&c).is_empty(), "{hand}");
            assert!(!ConcealedShape::new(&c).may_wait(), "{hand}");
        }
    }

    /// The counts of `n` kinds starting at `first` for every vector of `n` counts in `0..=4`
    /// with at most 14 tiles, with its base-5 key.
    fn every_suit_shape(first: usize, n: u32, mut f: impl FnMut(u32, &TileCounts)) {
        for key in 0..5u32.pow(n) {
            let mut c = [0u8; 34];
            let mut k = key;
            for i in 0..n as usize {
                c[first + i] = (k % 5) as u8;
                k /= 5;
            }
            let c = TileCounts::from_array(c);
            if c.total() <= 14 {
                f(key, &c);
            }
        }
    }

    #[test]
    fn the_compiled_table_is_the_table_built_now() {
        assert!(shape_table() == crate::shape_table::build().as_slice());
    }

    #[test]
    fn table_matches_search_for_every_suit_shape() {
        let table = shape_table();
        let mut checked = 0;
        every_suit_shape(0, 9, |key, c| {
            let mut a = *c.as_array();
            let expected = match c.total() % 3 {
                0 => reference::all_sets(&mut a, 0),
                2 => reference::standard(&a),
                _ => false,
            };
            assert_eq!(shape_bit(table, key), expected, "{c:?}");
            checked += 1;
        });
        assert_eq!(checked, 405_350);
    }

    #[test]
    fn every_one_suit_hand_matches_reference() {
        for (first, n) in [(0, 9), (27, 7)] {
            every_suit_shape(first, n, |_, c| match c.total() % 3 {
                1 => assert_eq!(waits(c), reference::waits(c), "{c:?}"),
                2 => assert_eq!(is_complete(c), reference::is_complete(c), "{c:?}"),
                _ => assert!(!is_complete(c) && waits(c).is_empty(), "{c:?}"),
            });
        }
    }
}
