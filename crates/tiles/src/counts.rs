use std::fmt;

use crate::{Tile, TileKind};

/// How many tiles of each of the 34 kinds: a hand, a river or a wall, seen by kind.
///
/// It ignores which physical copy each tile is (red fives count as fives).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileCounts([u8; 34]);

impl Default for TileCounts {
    fn default() -> TileCounts {
        TileCounts::EMPTY
    }
}

impl TileCounts {
    /// No tiles.
    pub const EMPTY: TileCounts = TileCounts([0; 34]);

    /// From a raw array indexed by kind.
    pub const fn from_array(counts: [u8; 34]) -> TileCounts {
        TileCounts(counts)
    }

    /// Counts these kinds.
    pub fn from_kinds(kinds: impl IntoIterator<Item = TileKind>) -> TileCounts {
        let mut c = TileCounts::EMPTY;
        for k in kinds {
            c.add(k);
        }
        c
    }

    /// Counts these tiles by kind.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Tile>) -> TileCounts {
        TileCounts::from_kinds(tiles.into_iter().map(Tile::kind))
    }

    /// The count of `kind`.
    pub const fn get(&self, kind: TileKind) -> u8 {
        self.0[kind as usize]
    }

    /// Adds one tile of `kind` (saturating at 255).
    pub fn add(&mut self, kind: TileKind) {
        self.0[kind as usize] = self.0[kind as usize].saturating_add(1);
    }

    /// Removes one tile of `kind`; returns `false` (and changes nothing) if there is none.
    pub fn remove(&mut self, kind: TileKind) -> bool {
        let c = &mut self.0[kind as usize];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// The total number of tiles.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// The raw array indexed by kind.
    pub const fn as_array(&self) -> &[u8; 34] {
        &self.0
    }

    /// Each kind present, with its count, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = (TileKind, u8)> + '_ {
        TileKind::ALL
            .iter()
            .zip(self.0.iter())
            .filter(|(_, c)| **c > 0)
            .map(|(k, c)| (*k, *c))
    }
}

impl fmt::Debug for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut kinds = Vec::new();
        for (k, c) in self.iter() {
            kinds.extend(std::iter::repeat_n(k, c.into()));
        }
        write!(f, "TileCounts({})", crate::TileList::from_kinds(&kinds))
    }
}

/// A set of tile kinds as 34 bits: waits, discarded kinds, dora kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TileSet(u64);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);

    /// From raw bits (bit `i` is kind `i`); bits 34 and above are dropped.
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & ((1 << 34) - 1))
    }

    /// The raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: TileKind) -> bool {
        self.0 & (1 << kind as u64) != 0
    }

    /// Adds `kind`.
    pub fn insert(&mut self, kind: TileKind) {
        self.0 |= 1 << kind as u64;
    }

    /// Removes `kind`.
    pub fn remove(&mut self, kind: TileKind) {
        self.0 &= !(1 << kind as u64);
    }

    /// The set with `kind` added.
    #[must_use]
    pub const fn with(self, kind: TileKind) -> TileSet {
        TileSet(self.0 | 1 << kind as u64)
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of kinds in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The union.
    #[must_use]
    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// The intersection.
    #[must_use]
    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    /// The kinds in index order.
    pub fn iter(self) -> impl Iterator<Item = TileKind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            TileKind::new(i as u8)
        })
    }
}

impl FromIterator<TileKind> for TileSet {
    fn from_iter<I: IntoIterator<Item = TileKind>>(iter: I) -> TileSet {
        let mut s = TileSet::EMPTY;
        for k in iter {
            s.insert(k);
        }
        s
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kinds: Vec<TileKind> = self.iter().collect();
        write!(f, "TileSet({})", crate::TileList::from_kinds(&kinds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_sets() {
        let mut c = TileCounts::from_kinds([TileKind::M1, TileKind::M1, TileKind::Chun]);
        assert_eq!(c.get(TileKind::M1), 2);
        assert!(c.remove(TileKind::Chun));
        assert!(!c.remove(TileKind::Chun));
        assert_eq!(c.total(), 2);
        let s: TileSet = [TileKind::P3, TileKind::M1, TileKind::Chun]
            .into_iter()
            .collect();
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![TileKind::M1, TileKind::P3, TileKind::Chun]
        );
        assert_eq!(s.len(), 3);
        assert!(s.contains(TileKind::Chun) && !s.contains(TileKind::Haku));
    }
}
