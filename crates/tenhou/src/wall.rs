//! Tenhou's walls (yama), rebuilt from the seeds its logs publish.
//!
//! # Seeds
//!
//! Tenhou logs carry the random seed of the whole game in one of three forms:
//!
//! | era | where | form | type here |
//! |---|---|---|---|
//! | 2010-03 on | `<SHUFFLE seed="…">` | `mt19937ar-sha512-n288-base64,` + 624 little-endian words in base64 | [`Seed`], [`SeedKind::Base64`] |
//! | 2009-07 to 2009-10 | `<SHUFFLE seed="…">` | `mt19937ar-sha512-n288,` + comma-separated hex words (32 in every known log) | [`Seed`], [`SeedKind::Hex`] |
//! | 2008-09 to 2009-07 | `<INIT shuffle="…">`, one per round | `mt19937ar,` + comma-separated hex words (8 or 32) | [`InitShuffle`] |
//!
//! # The algorithm
//!
//! With a SHUFFLE seed, one MT19937 generator is set up with `init_by_array(seed words)` for
//! the whole game and runs on across rounds. Each round draws 288 words from it, hashes each
//! 128-byte chunk (32 words as little-endian bytes) with SHA-512 and reads the nine digests as
//! 144 little-endian words `rnd`. The wall starts as the tile ids in increasing order (136
//! tiles; in sanma the 108 ids without 4..=31, that is without 2m–8m) and is shuffled
//! front to back: `swap(yama[i], yama[i + rnd[i] % (N - i)])`. The dice are `rnd[135] % 6`
//! and `rnd[136] % 6`.
//!
//! With an INIT `shuffle` key, each round has its own generator, `init_by_array(key words)`,
//! and the same front-to-back swap uses the generator's outputs directly, with no SHA-512:
//! `swap(yama[i], yama[i + genrand() % (N - i)])`. The dice of that era do not follow from the
//! key (neither the next outputs nor any simple function of them give the INIT dice), so
//! [`Wall::dice`] is `None` for such walls.
//!
//! # Index layout
//!
//! Indices are into [`Wall::tiles`], `N` tiles (136, or 108 in sanma), established on every
//! round of the real logs (see the crate's `tests/wall.rs`).
//!
//! - **Deal** from the top: the dealer takes `yama[N-1]` down to `yama[N-4]`, the next seat the
//!   next four, and so on, three times round; then each seat takes one more (dealer first).
//!   That uses 52 tiles (39 in sanma).
//! - **Live wall** after the deal: the `i`-th draw is `yama[N-1-52-i]` (`N-1-39-i` in sanma),
//!   so the first draw, the dealer's 14th tile, is `yama[83]`. The dead wall is always 14
//!   tiles, so after `k` replacement draws (kans, and kita in sanma) the live wall ends at
//!   `yama[14+k]`: `70 - k` live draws (`55 - k` in sanma).
//! - **Dead wall**, `yama[0..14]`: the replacement (rinshan) tiles come first, `R` = 4 of them
//!   (8 in sanma, shared by kans and kita), then the indicators in stacks of two from `yama[R]`.
//!   The stack order differs by era ([`DeadWallLayout`]):
//!
//! | | rinshan draw `k` | dora indicator `n` | ura indicator `n` |
//! |---|---|---|---|
//! | [`DeadWallLayout::Current`] (base64 seeds) | `yama[k ^ 1]`: 1, 0, 3, 2, (5, 4, 7, 6) | `yama[R + 2n + 1]`: 5, 7, 9, 11, 13 | `yama[R + 2n]`: 4, 6, 8, 10, 12 |
//! | [`DeadWallLayout::Early`] (hex seeds, INIT shuffle) | `yama[k]`: 0, 1, 2, 3, (4, …, 7) | `yama[R + 2n]`: 4, 6, 8, 10, 12 | `yama[R + 2n + 1]`: 5, 7, 9, 11, 13 |
//!
//! The numbers listed are for four players; in sanma (`R` = 8) the indicators are 4 places
//! further (the first dora indicator is `yama[9]`, or `yama[8]` early) and the later ones lie
//! past index 13; they are only revealed after enough replacement draws have moved the end of
//! the live wall beyond them.
//!
//! What the real logs confirm (every other position follows the same pattern): with base64
//! seeds, four players, rinshan draws 1–4, dora indicators 1–5 and ura indicators 1–4; sanma,
//! replacement draws 1–5, dora 1–2 and ura 1. In the early layout, four players, rinshan draws
//! 1–2, dora 1–3 and ura 1–3; sanma (one INIT-shuffle game), replacement draws 1–2 and dora 1.
//!
//! Nothing here knows the rules: which draws are rinshan draws, and when a kan reveals its
//! indicator, is for the caller to track.

use std::fmt;

use base64::Engine as _;
use haifu_tiles::Tile;

mod hash;
mod mt;

use mt::Mt19937;

/// The MT19937 state size, and so the most seed words `init_by_array` takes as they are.
const MT_WORDS: usize = mt::N;
/// Words drawn from the generator for each round (SHUFFLE seeds).
const SRC_WORDS: usize = hash::BLOCK_WORDS * DIGESTS;
/// Words of `rnd` after hashing (nine SHA-512 digests).
const RND_WORDS: usize = hash::DIGEST_WORDS * DIGESTS;
/// SHA-512 digests per round.
const DIGESTS: usize = 9;
/// Rounds whose generator words are drawn at once, so that their ninth digests can be
/// hashed together ([`WallGenerator`]).
const AHEAD: usize = 4;

/// How many players (haifu-tiles' [`Players`]) decides the wall's size (136 or 108 tiles: the
/// 2m–8m ids 4..=31 are left out in sanma), how many hands are dealt and the dead wall's
/// layout.
pub use haifu_tiles::Players;

/// The number of tiles in the wall: 136 or 108.
const fn wall_len(players: Players) -> usize {
    players.tiles() as usize
}

/// Which of the two SHUFFLE seed forms a [`Seed`] was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeedKind {
    /// `mt19937ar-sha512-n288-base64,…`: 624 words as 2496 little-endian bytes in base64,
    /// written from 2010-03 on. Its walls use [`DeadWallLayout::Current`].
    Base64,
    /// `mt19937ar-sha512-n288,…`: comma-separated hex words, written in 2009. Its walls use
    /// [`DeadWallLayout::Early`].
    Hex,
}

impl SeedKind {
    /// The dead-wall layout of walls from seeds of this kind.
    pub const fn layout(self) -> DeadWallLayout {
        match self {
            SeedKind::Base64 => DeadWallLayout::Current,
            SeedKind::Hex => DeadWallLayout::Early,
        }
    }
}

/// Where the rinshan tiles and the dora and ura indicators lie in the dead wall; Tenhou
/// changed it between the 2009 hex seeds and the 2010 base64 seeds. See the
/// [module documentation](self) for the indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadWallLayout {
    /// Base64 seeds (2010-03 on): the first dora indicator is `yama[5]` (`yama[9]` in sanma),
    /// the first rinshan draw `yama[1]`.
    Current,
    /// Hex seeds and INIT `shuffle` keys (2008–2009): the first dora indicator is `yama[4]`
    /// (`yama[8]` in sanma), the first rinshan draw `yama[0]`.
    Early,
}

/// What is wrong with a seed string. Parsing never panics; it returns one of these.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    /// The string does not start with a scheme this module knows. SHUFFLE seeds start with
    /// `mt19937ar-sha512-n288-base64,` or `mt19937ar-sha512-n288,`; INIT shuffle keys with
    /// `mt19937ar,`.
    #[error("unknown seed scheme in {prefix:?}")]
    UnknownScheme {
        /// The text before the first comma (at most 40 bytes of it).
        prefix: String,
    },
    /// The base64 part is not valid standard base64.
    #[error("the seed is not valid base64: {reason}")]
    InvalidBase64 {
        /// The decoder's explanation.
        reason: String,
    },
    /// The base64 part decodes to the wrong length: it must be 2496 bytes (624 words).
    #[error("the base64 seed decodes to {bytes} bytes, not 2496 (624 words)")]
    Base64Length {
        /// The decoded length, or a lower bound if it was too long to decode.
        bytes: usize,
    },
    /// A hex word is not 1 to 8 hex digits.
    #[error("seed word {index} ({word:?}) is not 1 to 8 hex digits")]
    InvalidHexWord {
        /// The word's position, from 0.
        index: usize,
        /// The word (at most 16 bytes of it).
        word: String,
    },
    /// A hex seed has no words, or more than 624.
    #[error("a hex seed needs 1 to 624 words, this one has {words}")]
    HexWordCount {
        /// How many words it has.
        words: usize,
    },
}

/// A parsed SHUFFLE seed: the key for the game's MT19937 generator.
///
/// Build walls from it with [`WallGenerator`]. The `ref` attribute next to it (always empty)
/// is not part of it.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed {
    kind: SeedKind,
    words: Key,
}

impl Seed {
    /// The prefix of the base64 form.
    pub const BASE64_PREFIX: &'static str = "mt19937ar-sha512-n288-base64,";
    /// The prefix of the hex form.
    pub const HEX_PREFIX: &'static str = "mt19937ar-sha512-n288,";

    /// Parses the SHUFFLE `seed` attribute value, e.g. `mt19937ar-sha512-n288-base64,…`.
    ///
    /// The base64 form must be standard base64 (with `+`, `/` and padding if any) of exactly
    /// 2496 bytes. The hex form takes 1 to 624 comma-separated words of 1 to 8 hex digits
    /// (either case). No surrounding whitespace is allowed.
    pub fn parse(s: &str) -> Result<Seed, SeedError> {
        if let Some(b64) = s.strip_prefix(Seed::BASE64_PREFIX) {
            Ok(Seed {
                kind: SeedKind::Base64,
                words: Key::from_base64(b64)?,
            })
        } else if let Some(hex) = s.strip_prefix(Seed::HEX_PREFIX) {
            Ok(Seed {
                kind: SeedKind::Hex,
                words: Key::from_hex(hex)?,
            })
        } else {
            Err(unknown_scheme(s))
        }
    }

    /// Which form the seed was written in.
    pub const fn kind(&self) -> SeedKind {
        self.kind
    }

    /// The key words given to `init_by_array`.
    pub fn words(&self) -> &[u32] {
        self.words.as_slice()
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Seed")
            .field("kind", &self.kind)
            .field("words", &self.words.len)
            .finish_non_exhaustive()
    }
}

/// A parsed per-round INIT `shuffle` attribute of 2008–2009 logs (`mt19937ar,` + hex words):
/// the key for that one round's wall.
///
/// Those logs have no SHUFFLE seed. The wall follows from the key, the dice do not.
#[derive(Clone, PartialEq, Eq)]
pub struct InitShuffle {
    words: Key,
}

impl InitShuffle {
    /// The prefix of the attribute.
    pub const PREFIX: &'static str = "mt19937ar,";

    /// Parses the INIT `shuffle` attribute value: `mt19937ar,` and 1 to 624 comma-separated
    /// words of 1 to 8 hex digits (8 or 32 words in the known logs).
    pub fn parse(s: &str) -> Result<InitShuffle, SeedError> {
        match s.strip_prefix(InitShuffle::PREFIX) {
            Some(hex) => Ok(InitShuffle {
                words: Key::from_hex(hex)?,
            }),
            None => Err(unknown_scheme(s)),
        }
    }

    /// The key words given to `init_by_array`.
    pub fn words(&self) -> &[u32] {
        self.words.as_slice()
    }

    /// The round's wall: `init_by_array(key)`, then `swap(yama[i], yama[i + genrand() % (N - i)])`
    /// for each `i`. It has [`DeadWallLayout::Early`] and no dice.
    pub fn wall(&self, players: Players) -> Wall {
        let mut r = [0u32; 136];
        Mt19937::new_with_key(self.words()).fill(&mut r);
        let mut yama = initial_yama(players);
        let n = wall_len(players);
        for (i, &r) in r.iter().enumerate().take(n) {
            swap_forward(&mut yama, i, r, n);
        }
        Wall {
            tiles: yama,
            players,
            layout: DeadWallLayout::Early,
            dice: None,
        }
    }
}

impl fmt::Debug for InitShuffle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InitShuffle")
            .field("words", &self.words.len)
            .finish_non_exhaustive()
    }
}

/// The walls of one game, round after round, from its SHUFFLE [`Seed`].
///
/// The generator runs on across rounds, so walls must be taken in the log's order, one per
/// INIT (every round, including renchan and abortive draws). It allocates nothing: the
/// MT19937 state and the generator words of up to four rounds drawn ahead live inline
/// (about 7 KB). Drawing ahead changes nothing in the walls (the generator's words are the
/// same whenever they are drawn); it lets the ninth digests of four rounds be hashed in one
/// batch with the other eight of a round.
#[derive(Clone)]
pub struct WallGenerator {
    mt: Mt19937,
    players: Players,
    layout: DeadWallLayout,
    /// The generator words of the rounds drawn ahead.
    ahead: [[u32; SRC_WORDS]; AHEAD],
    /// Their ninth digests.
    ninth: [[u32; hash::DIGEST_WORDS]; AHEAD],
    /// How many of the rounds drawn ahead have been handed out.
    used: usize,
}

impl WallGenerator {
    /// A generator at the start of the game.
    pub fn new(seed: &Seed, players: Players) -> WallGenerator {
        WallGenerator {
            mt: Mt19937::new_with_key(seed.words()),
            players,
            layout: seed.kind().layout(),
            ahead: [[0; SRC_WORDS]; AHEAD],
            ninth: [[0; hash::DIGEST_WORDS]; AHEAD],
            used: AHEAD,
        }
    }

    /// The next round's wall and dice.
    pub fn next_round(&mut self) -> Wall {
        if self.used == AHEAD {
            for src in &mut self.ahead {
                self.mt.fill(src);
            }
            self.ninth = hash::digests4(self.ahead.each_ref().map(|src| block(src, 8)));
            self.used = 0;
        }
        let src = &self.ahead[self.used];
        let mut rnd = [0u32; RND_WORDS];
        let digests = hash::digests8([
            [block(src, 0), block(src, 1), block(src, 2), block(src, 3)],
            [block(src, 4), block(src, 5), block(src, 6), block(src, 7)],
        ]);
        for (o, d) in rnd
            .chunks_exact_mut(hash::DIGEST_WORDS)
            .zip(digests.iter().flatten())
        {
            o.copy_from_slice(d);
        }
        rnd[8 * hash::DIGEST_WORDS..].copy_from_slice(&self.ninth[self.used]);
        self.used += 1;
        let n = wall_len(self.players);
        let mut yama = initial_yama(self.players);
        for (i, &r) in rnd.iter().enumerate().take(n) {
            swap_forward(&mut yama, i, r, n);
        }
        Wall {
            tiles: yama,
            players: self.players,
            layout: self.layout,
            dice: Some([die(rnd[135]), die(rnd[136])]),
        }
    }
}

/// The `k`-th 32-word block of a round's generator words.
fn block(src: &[u32; SRC_WORDS], k: usize) -> &[u32; hash::BLOCK_WORDS] {
    let words: &[u32] = &src[k * hash::BLOCK_WORDS..][..hash::BLOCK_WORDS];
    // The slice is BLOCK_WORDS long by construction.
    words.try_into().unwrap_or(&[0; hash::BLOCK_WORDS])
}

impl Iterator for WallGenerator {
    type Item = Wall;

    /// The same as [`WallGenerator::next_round`]; never ends.
    fn next(&mut self) -> Option<Wall> {
        Some(self.next_round())
    }
}

impl fmt::Debug for WallGenerator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WallGenerator")
            .field("players", &self.players)
            .field("layout", &self.layout)
            .finish_non_exhaustive()
    }
}

/// One round's shuffled wall: Tenhou's `yama` array, with its dice when the seed gives them.
///
/// It is a plain value (no allocation). It knows the deal, the live wall, the rinshan tiles and
/// the indicators by position only; it ignores the rules (how many kans happened, whether ura
/// dora count, red fives).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wall {
    /// The first `wall_len(players)` entries are the yama; the rest are unused.
    tiles: [Tile; 136],
    players: Players,
    layout: DeadWallLayout,
    dice: Option<[u8; 2]>,
}

impl Wall {
    /// The whole `yama` array in Tenhou's order, 136 tiles (108 in sanma). Tiles are taken
    /// from the end (deal, then live draws) and replacement tiles and indicators from the
    /// start; see the [module documentation](self).
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..wall_len(self.players)]
    }

    /// The number of players the wall was built for.
    pub const fn players(&self) -> Players {
        self.players
    }

    /// The dead wall's layout.
    pub const fn layout(&self) -> DeadWallLayout {
        self.layout
    }

    /// The two dice as 0-based values 0..6 (one less than the pips), as in fields 4 and 5 of
    /// the INIT `seed` attribute. `None` for walls from an INIT `shuffle` key, whose dice are
    /// not derived from it.
    pub const fn dice(&self) -> Option<(u8, u8)> {
        match self.dice {
            Some([a, b]) => Some((a, b)),
            None => None,
        }
    }

    /// The wall as haifu's data ([`haifu_log::Wall`], in draw order): every reader's one
    /// layout, which the referee checks a log against. The dice are faces 1..=6.
    pub fn to_wall(&self) -> haifu_log::Wall {
        let stacks = match self.layout {
            DeadWallLayout::Current => haifu_log::StackOrder::Paired,
            DeadWallLayout::Early => haifu_log::StackOrder::Drawn,
        };
        let dice = self.dice.map(|[a, b]| [a + 1, b + 1]);
        match haifu_log::Wall::from_yama(self.tiles(), stacks, dice) {
            Ok(wall) => wall,
            // A yama has 136 or 108 tiles by construction.
            Err(reason) => unreachable!("{reason}"),
        }
    }
}

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Wall")
            .field("players", &self.players)
            .field("layout", &self.layout)
            .field("dice", &self.dice)
            .field(
                "tiles",
                &self.tiles().iter().map(|t| t.id()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// Seed words, up to the MT19937 state size, kept inline.
#[derive(Clone, PartialEq, Eq)]
struct Key {
    words: [u32; MT_WORDS],
    len: usize,
}

impl Key {
    fn as_slice(&self) -> &[u32] {
        &self.words[..self.len]
    }

    fn from_base64(b64: &str) -> Result<Key, SeedError> {
        const BYTES: usize = MT_WORDS * 4;
        if let Some(words) = words_from_plain_base64(b64.as_bytes()) {
            return Ok(Key {
                words,
                len: MT_WORDS,
            });
        }
        // Room for a few bytes more, so that "too long" is told apart from "invalid".
        let mut buf = [0u8; BYTES + 3];
        let bytes = base64::engine::general_purpose::STANDARD
            .decode_slice(b64, &mut buf)
            .map_err(|e| match e {
                base64::DecodeSliceError::OutputSliceTooSmall => {
                    SeedError::Base64Length { bytes: BYTES + 4 }
                }
                base64::DecodeSliceError::DecodeError(e) => SeedError::InvalidBase64 {
                    reason: e.to_string(),
                },
            })?;
        if bytes != BYTES {
            return Err(SeedError::Base64Length { bytes });
        }
        let mut words = [0u32; MT_WORDS];
        for (word, b) in words.iter_mut().zip(buf.chunks_exact(4)) {
            *word = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
        Ok(Key {
            words,
            len: MT_WORDS,
        })
    }

    fn from_hex(hex: &str) -> Result<Key, SeedError> {
        let mut words = [0u32; MT_WORDS];
        let mut len = 0;
        for (index, word) in hex.split(',').enumerate() {
            if index >= MT_WORDS {
                return Err(SeedError::HexWordCount {
                    words: hex.split(',').count(),
                });
            }
            if word.is_empty() || word.len() > 8 || !word.bytes().all(|b| b.is_ascii_hexdigit()) {
                if hex.is_empty() {
                    return Err(SeedError::HexWordCount { words: 0 });
                }
                return Err(SeedError::InvalidHexWord {
                    index,
                    word: truncate(word, 16),
                });
            }
            // Cannot fail: 1 to 8 hex digits.
            words[index] = u32::from_str_radix(word, 16).unwrap_or_default();
            len += 1;
        }
        Ok(Key { words, len })
    }
}

/// For each byte, its value as a base64 character (standard alphabet) in each place of a
/// group of four characters: shifted 18, 12, 6 and 0 bits up, making 24 bits. A byte outside
/// the alphabet has bit 31 set.
const BASE64_PLACED: [[u32; 256]; 4] = {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut placed = [[1 << 31; 256]; 4];
    let mut place = 0;
    while place < 4 {
        let mut i = 0;
        while i < alphabet.len() {
            placed[place][alphabet[i] as usize] = (i as u32) << (18 - 6 * place);
            i += 1;
        }
        place += 1;
    }
    placed
};

/// The key words of every real base64 seed: exactly the base64 of `MT_WORDS * 4` bytes
/// (which needs no padding), read with a table, sixteen characters to three words. `None`
/// for anything else, which the `base64` crate then decodes, and words the error of: from
/// valid input it reads the same words, in about twice the instructions.
fn words_from_plain_base64(b64: &[u8]) -> Option<[u32; MT_WORDS]> {
    let (blocks, rest) = b64.as_chunks::<16>();
    if blocks.len() * 3 != MT_WORDS || !rest.is_empty() {
        return None;
    }
    let mut words = [0u32; MT_WORDS];
    // Bit 31 is set by any character outside the alphabet.
    let mut invalid = 0u32;
    for (block, out) in blocks.iter().zip(words.as_chunks_mut::<3>().0) {
        // Four groups of 24 bits: twelve bytes, in order, from the top.
        let group = |g: usize| {
            BASE64_PLACED[0][usize::from(block[g])]
                | BASE64_PLACED[1][usize::from(block[g + 1])]
                | BASE64_PLACED[2][usize::from(block[g + 2])]
                | BASE64_PLACED[3][usize::from(block[g + 3])]
        };
        let (n0, n1, n2, n3) = (group(0), group(4), group(8), group(12));
        invalid |= n0 | n1 | n2 | n3;
        // Each word is four of the bytes, little-endian.
        out[0] = (n0 << 8 | n1 >> 16).swap_bytes();
        out[1] = (n1 << 16 | n2 >> 8).swap_bytes();
        out[2] = (n2 << 24 | n3).swap_bytes();
    }
    (invalid >> 31 == 0).then_some(words)
}

fn unknown_scheme(s: &str) -> SeedError {
    let prefix = s.split(',').next().unwrap_or_default();
    SeedError::UnknownScheme {
        prefix: truncate(prefix, 40),
    }
}

/// At most `max` bytes of `s`, cut at a character boundary.
fn truncate(s: &str, max: usize) -> String {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_owned()
}

/// The unshuffled wall: ids in increasing order, without 4..=31 in sanma. Entries past
/// `wall_len(players)` are filler.
fn initial_yama(players: Players) -> [Tile; 136] {
    match players {
        Players::Four => INITIAL_YAMA[0],
        Players::Three => INITIAL_YAMA[1],
    }
}

/// [`initial_yama`] for four players and for three, built at compile time.
const INITIAL_YAMA: [[Tile; 136]; 2] = {
    let mut yama = [[FILLER; 136]; 2];
    let mut id = 0u8;
    let mut three = 0;
    while id < 136 {
        yama[0][id as usize] = tile(id);
        if id < 4 || id >= 32 {
            yama[1][three] = tile(id);
            three += 1;
        }
        id += 1;
    }
    yama
};

/// Tile `id`, below 136.
const fn tile(id: u8) -> Tile {
    match Tile::new(id) {
        Some(t) => t,
        None => panic!("tile ids below 136 exist"),
    }
}

/// Tile 0, as filler and as the never-taken fallback of `Tile::new` on ids below 136.
const FILLER: Tile = match Tile::new(0) {
    Some(t) => t,
    None => panic!("tile 0 exists"),
};

/// One Fisher–Yates step, front to back.
fn swap_forward(yama: &mut [Tile; 136], i: usize, r: u32, n: usize) {
    let j = i + fastmod(r, n - i);
    yama.swap(i, j);
}

/// `r % d` for `d` in `1..=136`, by Lemire's multiply-only remainder with a precomputed
/// magic per divisor (exact for every 32-bit `r`): one round's 136 divisions were most of
/// the shuffle's time. Divisors outside the table fall back to `%`.
fn fastmod(r: u32, d: usize) -> usize {
    /// `u64::MAX / d + 1` (wrapping) for each `d` (index 0 unused).
    const MAGIC: [u64; 137] = {
        let mut m = [0u64; 137];
        let mut d = 1;
        while d < 137 {
            // For `d = 1` it wraps to 0, which gives the right remainder, 0.
            m[d] = (u64::MAX / d as u64).wrapping_add(1);
            d += 1;
        }
        m
    };
    match MAGIC.get(d) {
        Some(&m) if d > 0 => {
            let low = m.wrapping_mul(u64::from(r));
            // The high word of a 64 x 64-bit product, below `d`.
            ((u128::from(low) * d as u128) >> 64) as usize
        }
        _ => r as usize % d.max(1),
    }
}

fn die(r: u32) -> u8 {
    // Below 6, so it fits.
    (r % 6) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64_seed(words: &[u32; MT_WORDS]) -> String {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        format!(
            "{}{}",
            Seed::BASE64_PREFIX,
            base64::engine::general_purpose::STANDARD.encode(bytes)
        )
    }

    #[test]
    fn parse_base64_roundtrip() {
        let mut words = [0u32; MT_WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            *w = (i as u32).wrapping_mul(0x9E37_79B9);
        }
        let seed = Seed::parse(&b64_seed(&words)).unwrap();
        assert_eq!(seed.kind(), SeedKind::Base64);
        assert_eq!(seed.words(), &words[..]);
    }

    #[test]
    fn parse_hex() {
        let seed = Seed::parse("mt19937ar-sha512-n288,0000ABCD,ffffffff,1").unwrap();
        assert_eq!(seed.kind(), SeedKind::Hex);
        assert_eq!(seed.words(), &[0xABCD, 0xFFFF_FFFF, 1]);
        let key = InitShuffle::parse("mt19937ar,DEADBEEF,00000001").unwrap();
        assert_eq!(key.words(), &[0xDEAD_BEEF, 1]);
    }

    #[test]
    fn parse_errors() {
        assert!(matches!(
            Seed::parse("mt19937ar,0000"),
            Err(SeedError::UnknownScheme { .. })
        ));
        assert!(matches!(
            Seed::parse(""),
            Err(SeedError::UnknownScheme { .. })
        ));
        assert!(matches!(
            InitShuffle::parse("mt19937ar-sha512-n288,00"),
            Err(SeedError::UnknownScheme { .. })
        ));
        assert!(matches!(
            Seed::parse("mt19937ar-sha512-n288-base64,!!!!"),
            Err(SeedError::InvalidBase64 { .. })
        ));
        assert_eq!(
            Seed::parse("mt19937ar-sha512-n288-base64,AAAA"),
            Err(SeedError::Base64Length { bytes: 3 })
        );
        assert_eq!(
            Seed::parse("mt19937ar-sha512-n288-base64,"),
            Err(SeedError::Base64Length { bytes: 0 })
        );
        let long = format!("{}{}", Seed::BASE64_PREFIX, "A".repeat(4000));
        assert!(matches!(
            Seed::parse(&long),
            Err(SeedError::Base64Length { .. })
        ));
        assert_eq!(
            Seed::parse("mt19937ar-sha512-n288,"),
            Err(SeedError::HexWordCount { words: 0 })
        );
        assert!(matches!(
            Seed::parse("mt19937ar-sha512-n288,12,+1"),
            Err(SeedError::InvalidHexWord { index: 1, .. })
        ));
        assert!(matches!(
            Seed::parse("mt19937ar-sha512-n288,123456789"),
            Err(SeedError::InvalidHexWord { index: 0, .. })
        ));
        assert!(matches!(
            Seed::parse("mt19937ar-sha512-n288,1,,2"),
            Err(SeedError::InvalidHexWord { index: 1, .. })
        ));
        let many = format!("{}{}", Seed::HEX_PREFIX, vec!["0"; 625].join(","));
        assert_eq!(
            Seed::parse(&many),
            Err(SeedError::HexWordCount { words: 625 })
        );
        // Multi-byte text is cut safely in error messages.
        assert!(matches!(
            Seed::parse(&"é".repeat(50)),
            Err(SeedError::UnknownScheme { .. })
        ));
    }

    /// A wall whose yama holds the ids 0.. in order, to check positions.
    fn identity_wall(players: Players, layout: DeadWallLayout) -> Wall {
        let mut tiles = [FILLER; 136];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = Tile::new(i as u8).unwrap();
        }
        Wall {
            tiles,
            players,
            layout,
            dice: None,
        }
    }

    /// The yama's places as haifu's wall data gives them.
    fn data(players: Players, layout: DeadWallLayout) -> haifu_log::Wall {
        identity_wall(players, layout).to_wall()
    }

    fn ids(tiles: impl IntoIterator<Item = Option<Tile>>) -> Vec<Option<u8>> {
        tiles.into_iter().map(|t| t.map(Tile::id)).collect()
    }

    #[test]
    fn dead_wall_positions() {
        let w = data(Players::Four, DeadWallLayout::Current);
        let s = |v: &[u8]| v.iter().map(|&x| Some(x)).collect::<Vec<_>>();
        assert_eq!(
            ids((0..5).map(|n| w.dora_indicator(n))),
            s(&[5, 7, 9, 11, 13])
        );
        assert_eq!(
            ids((0..5).map(|n| w.ura_indicator(n))),
            s(&[4, 6, 8, 10, 12])
        );
        assert_eq!(ids((0..4).map(|k| w.rinshan_draw(k))), s(&[1, 0, 3, 2]));
        assert_eq!(w.rinshan_draw(4), None);
        assert_eq!(w.dora_indicator(5), None);
        assert_eq!(w.live_draw(0).flatten().map(Tile::id), Some(83));
        assert_eq!(w.live_draw(69).flatten().map(Tile::id), Some(14));
        assert_eq!(w.live_draw(70), Some(None));
        assert_eq!(w.live_draw_count(2), 68);

        let w = data(Players::Four, DeadWallLayout::Early);
        assert_eq!(
            ids((0..5).map(|n| w.dora_indicator(n))),
            s(&[4, 6, 8, 10, 12])
        );
        assert_eq!(
            ids((0..5).map(|n| w.ura_indicator(n))),
            s(&[5, 7, 9, 11, 13])
        );
        assert_eq!(ids((0..4).map(|k| w.rinshan_draw(k))), s(&[0, 1, 2, 3]));

        let w = data(Players::Three, DeadWallLayout::Current);
        assert_eq!(
            ids((0..5).map(|n| w.dora_indicator(n))),
            s(&[9, 11, 13, 15, 17])
        );
        assert_eq!(
            ids((0..5).map(|n| w.ura_indicator(n))),
            s(&[8, 10, 12, 14, 16])
        );
        assert_eq!(
            ids((0..8).map(|k| w.rinshan_draw(k))),
            s(&[1, 0, 3, 2, 5, 4, 7, 6])
        );
        assert_eq!(w.rinshan_draw(8), None);
        assert_eq!(w.live_draw(0).flatten().map(Tile::id), Some(68));
        assert_eq!(w.live_draw(54).flatten().map(Tile::id), Some(14));
        assert_eq!(w.live_draw(55), Some(None));
        assert_eq!(w.tiles().len(), 108);
    }

    #[test]
    fn haipai_positions() {
        let w = data(Players::Four, DeadWallLayout::Current);
        let seat = |n| haifu_tiles::Seat::new(n).unwrap();
        let hands = w.haipai(seat(1)).unwrap();
        let dealer = hands[seat(1)].unwrap().map(Tile::id);
        assert_eq!(
            dealer,
            [
                135, 134, 133, 132, 119, 118, 117, 116, 103, 102, 101, 100, 87
            ]
        );
        let last = hands[seat(0)].unwrap().map(Tile::id);
        assert_eq!(
            last,
            [123, 122, 121, 120, 107, 106, 105, 104, 91, 90, 89, 88, 84]
        );

        let w = data(Players::Three, DeadWallLayout::Current);
        let hands = w.haipai(seat(2)).unwrap();
        assert!(hands[seat(3)].is_none());
        let dealer = hands[seat(2)].unwrap().map(Tile::id);
        assert_eq!(
            dealer,
            [107, 106, 105, 104, 95, 94, 93, 92, 83, 82, 81, 80, 71]
        );
        let third = hands[seat(1)].unwrap().map(Tile::id);
        assert_eq!(third, [99, 98, 97, 96, 87, 86, 85, 84, 75, 74, 73, 72, 69]);
        assert!(w.haipai(seat(3)).unwrap().iter().all(Option::is_none));
    }

    fn is_permutation(w: &Wall) -> bool {
        let mut seen = [false; 136];
        for t in w.tiles() {
            if std::mem::replace(&mut seen[usize::from(t.id())], true) {
                return false;
            }
        }
        match w.players() {
            Players::Four => seen.iter().all(|&s| s),
            Players::Three => seen
                .iter()
                .enumerate()
                .all(|(id, &s)| s != (4..32).contains(&id)),
        }
    }

    #[test]
    fn fastmod_is_the_remainder_at_the_edges() {
        for d in 1..=136usize {
            for r in [
                0,
                1,
                d as u32 - 1,
                d as u32,
                d as u32 + 1,
                u32::MAX - 1,
                u32::MAX,
            ] {
                assert_eq!(fastmod(r, d), r as usize % d, "{r} % {d}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn fastmod_is_the_remainder(r in proptest::num::u32::ANY, d in 1..=136usize) {
            proptest::prop_assert_eq!(fastmod(r, d), r as usize % d);
        }

        /// The table decoder reads what the `base64` crate reads, and gives way to it on
        /// any character outside the alphabet (or padding) anywhere.
        #[test]
        fn plain_base64_is_the_crates(words in proptest::collection::vec(proptest::num::u32::ANY, MT_WORDS), at in 0..3328usize, bad in proptest::sample::select(b"=-_ .\n\xff".to_vec())) {
            let words: [u32; MT_WORDS] = words.try_into().unwrap();
            let seed = b64_seed(&words);
            let b64 = &seed.as_bytes()[Seed::BASE64_PREFIX.len()..];
            proptest::prop_assert_eq!(words_from_plain_base64(b64), Some(words));
            let mut corrupt = b64.to_vec();
            corrupt[at] = bad;
            proptest::prop_assert_eq!(words_from_plain_base64(&corrupt), None);
            proptest::prop_assert_eq!(words_from_plain_base64(&b64[..b64.len() - 4]), None);
        }

        #[test]
        fn walls_are_permutations(words in proptest::collection::vec(proptest::num::u32::ANY, 1..40), three: bool) {
            let players = if three { Players::Three } else { Players::Four };
            let hex: Vec<String> = words.iter().map(|w| format!("{w:08X}")).collect();
            let seed = Seed::parse(&format!("{}{}", Seed::HEX_PREFIX, hex.join(","))).unwrap();
            let mut generator = WallGenerator::new(&seed, players);
            for _ in 0..3 {
                let w = generator.next_round();
                proptest::prop_assert!(is_permutation(&w));
                let (a, b) = w.dice().unwrap();
                proptest::prop_assert!(a < 6 && b < 6);
            }
            let key = InitShuffle::parse(&format!("{}{}", InitShuffle::PREFIX, hex.join(","))).unwrap();
            let w = key.wall(players);
            proptest::prop_assert!(is_permutation(&w));
            proptest::prop_assert_eq!(w.dice(), None);
        }

        #[test]
        fn parse_never_panics(s in ".{0,80}") {
            let _ = Seed::parse(&s);
            let _ = InitShuffle::parse(&s);
            let _ = Seed::parse(&format!("{}{s}", Seed::BASE64_PREFIX));
            let _ = Seed::parse(&format!("{}{s}", Seed::HEX_PREFIX));
        }
    }

    #[test]
    fn generator_continues_across_rounds() {
        let seed = Seed::parse("mt19937ar-sha512-n288,1,2,3").unwrap();
        let mut a = WallGenerator::new(&seed, Players::Four);
        let first = a.next_round();
        let second = a.next_round();
        assert_ne!(first, second);
        let mut b = WallGenerator::new(&seed, Players::Four);
        assert_eq!(b.nth(1), Some(second));
    }
}
