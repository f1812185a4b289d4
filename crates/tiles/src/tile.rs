use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::TileKind;

/// One of the 136 physical tiles, in Tenhou's numbering: `id / 4` is the [`TileKind`] and
/// `id % 4` the copy.
///
/// Ids 16, 52 and 88 (copy 0 of 5m, 5p and 5s) are the red fives when the rule set has red
/// fives; without red fives they are ordinary fives. [`Tile::is_red_five`] only reports the id.
///
/// Serialised as the bare id number, as Tenhou writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// The number of physical tiles.
    pub const COUNT: usize = 136;

    /// The tile with this id, or `None` if `id >= 136`.
    pub const fn new(id: u8) -> Option<Tile> {
        if (id as usize) < Tile::COUNT {
            Some(Tile(id))
        } else {
            None
        }
    }

    /// The tile of `kind` with copy number `copy` (0..4), or `None` if `copy >= 4`.
    #[inline]
    pub const fn from_kind(kind: TileKind, copy: u8) -> Option<Tile> {
        if copy < 4 {
            Some(Tile(kind as u8 * 4 + copy))
        } else {
            None
        }
    }

    /// The red five of a numbered suit's five (`kind` must be 5m, 5p or 5s), else `None`.
    pub const fn red_five(kind: TileKind) -> Option<Tile> {
        match kind {
            TileKind::M5 | TileKind::P5 | TileKind::S5 => Some(Tile(kind as u8 * 4)),
            _ => None,
        }
    }

    /// The id 0..136.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The kind.
    #[inline]
    pub const fn kind(self) -> TileKind {
        match TileKind::new(self.0 / 4) {
            Some(k) => k,
            // Unreachable: the id is below 136 by construction.
            None => TileKind::Chun,
        }
    }

    /// The copy number 0..4.
    pub const fn copy(self) -> u8 {
        self.0 % 4
    }

    /// Whether the id is one of the red-five ids 16, 52 or 88. Whether it actually counts as
    /// red depends on the rule set, which this type does not know.
    pub const fn is_red_five(self) -> bool {
        matches!(self.0, 16 | 52 | 88)
    }
}

impl fmt::Display for Tile {
    /// Prints the kind in the compact notation, with `0` for a red-five id (`0m`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_red_five() {
            write!(f, "0{}", self.kind().suit().letter())
        } else {
            fmt::Display::fmt(&self.kind(), f)
        }
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tile, D::Error> {
        let id = u8::deserialize(deserializer)?;
        Tile::new(id)
            .ok_or_else(|| serde::de::Error::custom(format!("tile id {id} is not below 136")))
    }
}

impl Serialize for TileKind {
    /// Serialised in the compact notation, e.g. `"5m"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TileKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TileKind, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids() {
        assert_eq!(Tile::new(135).map(Tile::kind), Some(TileKind::Chun));
        assert_eq!(Tile::new(136), None);
        let red = Tile::red_five(TileKind::P5).unwrap();
        assert_eq!(red.id(), 52);
        assert!(red.is_red_five());
        assert_eq!(red.to_string(), "0p");
        assert_eq!(Tile::new(53).unwrap().to_string(), "5p");
        assert_eq!(Tile::from_kind(TileKind::East, 3).unwrap().id(), 111);
        assert_eq!(Tile::from_kind(TileKind::East, 4), None);
    }
}
