//! Physical copies for tiles known only by kind: one rule for every reader that needs it.

use thiserror::Error;

use crate::{Suit, Tile, TileKind};

/// The copies a tile known only by its kind may be, in the order they are given: the one
/// rule of which physical copy a tile is, for every reader and writer of the project.
///
/// - a red five (`red`) is copy 0;
/// - a plain five is copy 1, 2, 3, and copy 0 last, only when its suit has no red five
///   (`suit_has_red_five` false);
/// - any other kind is copy 0, 1, 2, 3.
///
/// It considers only the kind; which copies are free is the caller's (the lowest free one in
/// this order is the tile's).
#[inline]
pub const fn copy_order(kind: TileKind, red: bool, suit_has_red_five: bool) -> &'static [u8] {
    ORDERS[order_row(kind, red, suit_has_red_five)]
}

/// The four orders [`copy_order`] gives, in the order [`order_row`] numbers them.
const ORDERS: [&[u8]; 4] = [&[0], &[1, 2, 3], &[1, 2, 3, 0], &[0, 1, 2, 3]];

/// Which of [`ORDERS`] `copy_order(kind, red, suit_has_red_five)` is.
#[inline]
const fn order_row(kind: TileKind, red: bool, suit_has_red_five: bool) -> usize {
    let plain_five = kind.number() == 5 && !matches!(kind.suit(), Suit::Jihai);
    if red {
        0
    } else if plain_five && suit_has_red_five {
        1
    } else if plain_five {
        2
    } else {
        3
    }
}

/// The copies [`copy_order`] gives, as four bits (bit `c` for copy `c`).
#[inline]
pub const fn copy_mask(kind: TileKind, red: bool, suit_has_red_five: bool) -> u8 {
    COPY_MASKS[order_row(kind, red, suit_has_red_five)]
}

/// [`ORDERS`] as bit masks.
const COPY_MASKS: [u8; 4] = {
    let mut t = [0u8; 4];
    let mut row = 0;
    while row < 4 {
        let order = ORDERS[row];
        let mut i = 0;
        while i < order.len() {
            t[row] |= 1 << order[i];
            i += 1;
        }
        row += 1;
    }
    t
};

/// [`first_free_copy`] worked out for every order and every set of taken copies, at
/// `[order_row][used]`: one load where a reader resolves a whole wall.
static FIRST_FREE: [[u8; 16]; 4] = {
    let mut t = [[4u8; 16]; 4];
    let mut row = 0;
    while row < 4 {
        let mut used = 0;
        while used < 16 {
            let order = ORDERS[row];
            let mut i = 0;
            while i < order.len() {
                if used & (1 << order[i]) == 0 {
                    t[row][used] = order[i];
                    break;
                }
                i += 1;
            }
            used += 1;
        }
        row += 1;
    }
    t
};

/// The copy [`copy_order`] gives when the copies in `used` (bit `c` for copy `c`; bits
/// above the fourth ignored) are taken, or 4 when none of its copies is free.
#[inline]
pub fn first_free_copy(kind: TileKind, red: bool, suit_has_red_five: bool, used: u8) -> u8 {
    FIRST_FREE[order_row(kind, red, suit_has_red_five)][usize::from(used & 0xF)]
}

/// Gives physical copies to tiles written by kind (the compact notation, tenhou.net/6 codes,
/// Mahjong Soul's tile names), one round or hand at a time, so that no two tiles share an id:
///
/// - a red five is copy 0 (ids 16, 52, 88);
/// - a plain five takes copies 1, 2, 3, and copy 0 last, only in a suit without a red five;
/// - any other kind takes its lowest free copy.
///
/// Which suits have a red five may be known ([`CopyPool::with_red_fives`]: a red five in a
/// suit without one is refused, and a plain five never takes copy 0 in a suit with one) or
/// not ([`CopyPool::new`]: a red five is always copy 0, a plain five takes copy 0 last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyPool {
    /// Bit `c` of entry `k`: copy `c` of kind `k` is taken.
    used: [u8; 34],
    /// The suits (man, pin, sou) with a red five, when known.
    red: Option<[bool; 3]>,
}

/// Why a tile could not be given a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum CopyError {
    /// All four copies of the kind are taken.
    #[error("a fifth copy of {0}")]
    FifthCopy(TileKind),
    /// The red five of the suit is taken.
    #[error("a second red five of {0}")]
    SecondRedFive(TileKind),
    /// A red five in a suit the rules give none.
    #[error("a red five of {0} where the rules have none in that suit")]
    NoRedFive(TileKind),
}

impl CopyPool {
    /// An empty pool that does not know which suits have a red five.
    pub const fn new() -> CopyPool {
        CopyPool {
            used: [0; 34],
            red: None,
        }
    }

    /// An empty pool for a game whose red fives are in these suits (man, pin, sou).
    pub const fn with_red_fives(suits: [bool; 3]) -> CopyPool {
        CopyPool {
            used: [0; 34],
            red: Some(suits),
        }
    }

    /// Gives a tile of `kind` (a red five when `red`) its copy, as the type's rule says.
    ///
    /// # Errors
    ///
    /// A [`CopyError`] when no copy is left for it.
    pub fn take(&mut self, kind: TileKind, red: bool) -> Result<Tile, CopyError> {
        self.take_avoiding(kind, red, None)
    }

    /// Like [`CopyPool::take`], also leaving alone the copies `reserved` has taken (a wall's
    /// tiles, say, while the tiles dealt before it are given theirs).
    ///
    /// # Errors
    ///
    /// A [`CopyError`] when no copy is left for it.
    pub fn take_avoiding(
        &mut self,
        kind: TileKind,
        red: bool,
        reserved: Option<&CopyPool>,
    ) -> Result<Tile, CopyError> {
        let k = kind.index();
        let blocked = self.used[k] | reserved.map_or(0, |r| r.used[k]);
        if red && !self.red_allowed(kind) {
            return Err(CopyError::NoRedFive(kind));
        }
        let copy = first_free_copy(kind, red, self.red_five_in_suit(kind), blocked);
        let tile = Tile::from_kind(kind, copy).ok_or(if red {
            CopyError::SecondRedFive(kind)
        } else {
            CopyError::FifthCopy(kind)
        })?;
        self.used[k] |= 1 << copy;
        Ok(tile)
    }

    /// Whether a red five of `kind` may be given: a five, in a suit with one when known.
    fn red_allowed(&self, kind: TileKind) -> bool {
        kind.number() == 5
            && kind.suit() != Suit::Jihai
            && (self.red.is_none() || self.red_five_in_suit(kind))
    }

    /// Whether `kind`'s suit is known to have a red five.
    fn red_five_in_suit(&self, kind: TileKind) -> bool {
        let suit = match kind.suit() {
            Suit::Manzu => 0,
            Suit::Pinzu => 1,
            Suit::Souzu => 2,
            Suit::Jihai => return false,
        };
        self.red.is_some_and(|suits| suits[suit])
    }

    /// Whether `tile`'s copy is taken.
    pub fn is_taken(&self, tile: Tile) -> bool {
        self.used[tile.kind().index()] & (1 << tile.copy()) != 0
    }

    /// Takes `tile`'s copy (a tile whose copy is known).
    pub fn mark(&mut self, tile: Tile) {
        self.used[tile.kind().index()] |= 1 << tile.copy();
    }
}

impl Default for CopyPool {
    fn default() -> CopyPool {
        CopyPool::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule: a red five copy 0; a plain five 1, 2, 3 and 0 only without a red five in
    /// its suit; any other kind 0 to 3; 4 when none is free.
    #[test]
    fn the_copy_rule() {
        assert_eq!(copy_order(TileKind::P5, true, true), &[0]);
        assert_eq!(copy_order(TileKind::P5, false, true), &[1, 2, 3]);
        assert_eq!(copy_order(TileKind::P5, false, false), &[1, 2, 3, 0]);
        assert_eq!(copy_order(TileKind::Chun, false, true), &[0, 1, 2, 3]);
        assert_eq!(first_free_copy(TileKind::M5, false, false, 0b1110), 0);
        assert_eq!(first_free_copy(TileKind::M5, false, true, 0b1110), 4);
        assert_eq!(first_free_copy(TileKind::M1, false, true, 0b0011), 2);
        assert_eq!(first_free_copy(TileKind::S5, true, true, 0b0001), 4);
    }

    #[test]
    fn the_rule() {
        let mut p = CopyPool::with_red_fives([true, true, true]);
        assert_eq!(p.take(TileKind::M5, true).map(Tile::copy), Ok(0));
        assert_eq!(
            p.take(TileKind::M5, true),
            Err(CopyError::SecondRedFive(TileKind::M5))
        );
        for copy in 1..=3 {
            assert_eq!(p.take(TileKind::M5, false).map(Tile::copy), Ok(copy));
        }
        assert_eq!(
            p.take(TileKind::M5, false),
            Err(CopyError::FifthCopy(TileKind::M5))
        );
        let mut p = CopyPool::with_red_fives([false; 3]);
        assert_eq!(
            p.take(TileKind::P5, true),
            Err(CopyError::NoRedFive(TileKind::P5))
        );
        for copy in [1, 2, 3, 0] {
            assert_eq!(p.take(TileKind::P5, false).map(Tile::copy), Ok(copy));
        }
        let mut p = CopyPool::new();
        assert_eq!(p.take(TileKind::S5, true).map(Tile::copy), Ok(0));
        assert_eq!(p.take(TileKind::Chun, false).map(Tile::copy), Ok(0));
        assert_eq!(
            p.take(TileKind::M1, true),
            Err(CopyError::NoRedFive(TileKind::M1))
        );
    }
}
