use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Seat, Tile, TileKind};

/// The kind of a meld (fuuro), or of kita in sanma.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// A run called from the player to the left (kamicha).
    Chi,
    /// A triplet called from any other player.
    Pon,
    /// An open kan called on a discard (daiminkan).
    Daiminkan,
    /// A pon extended to a kan with a tile from the hand (kakan, shouminkan).
    Kakan,
    /// A concealed kan of four tiles from the hand (ankan).
    Ankan,
    /// A North set aside as dora in sanma (kita, nukidora). Not a set of the hand.
    Kita,
}

impl MeldKind {
    /// The snake_case name used in JSON and on the command line.
    pub const fn as_str(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Daiminkan => "daiminkan",
            MeldKind::Kakan => "kakan",
            MeldKind::Ankan => "ankan",
            MeldKind::Kita => "kita",
        }
    }

    /// Whether this is one of the three kans.
    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan
        )
    }

    /// Whether the meld opens the hand: every kind but ankan and kita.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::Ankan | MeldKind::Kita)
    }
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A meld with its exact physical tiles.
///
/// - `tiles` holds every tile of the meld in ascending id order: 3 for chi and pon, 4 for
///   kans, 1 for kita.
/// - `called` is the tile taken from another player's discard (chi, pon, daiminkan, and the
///   original pon tile of a kakan); `None` for ankan and kita.
/// - `added` is the tile a kakan added to its pon; `None` otherwise.
/// - `from` is the seat the called tile came from; `None` for ankan and kita.
///
/// It does not check that the tiles form a legal set; parsers build it from what a log states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    /// The kind.
    pub kind: MeldKind,
    /// The tiles (`len` of them are meaningful; see [`Meld::tiles`]).
    #[serde(with = "tiles_serde")]
    tiles: ([Tile; 4], u8),
    /// The tile called from another player's discard.
    pub called: Option<Tile>,
    /// The tile a kakan added.
    pub added: Option<Tile>,
    /// The seat the called tile came from.
    pub from: Option<Seat>,
}

impl Meld {
    /// Builds a meld from up to four tiles (sorted by id here); `None` if `tiles` is empty or
    /// has more than four.
    pub fn new(
        kind: MeldKind,
        tiles: &[Tile],
        called: Option<Tile>,
        added: Option<Tile>,
        from: Option<Seat>,
    ) -> Option<Meld> {
        if tiles.is_empty() || tiles.len() > 4 {
            return None;
        }
        let mut arr = [tiles[0]; 4];
        arr[..tiles.len()].copy_from_slice(tiles);
        arr[..tiles.len()].sort_unstable();
        // The unused slots repeat the lowest tile, so that equal melds compare equal whatever
        // order their tiles were given in.
        let lowest = arr[0];
        arr[tiles.len()..].fill(lowest);
        Some(Meld {
            kind,
            tiles: (arr, tiles.len() as u8),
            called,
            added,
            from,
        })
    }

    /// The tiles, in ascending id order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles.0[..usize::from(self.tiles.1)]
    }

    /// The kind of the lowest tile (for a chi, the start of the run).
    pub fn base_kind(&self) -> TileKind {
        self.tiles.0[0].kind()
    }
}

mod tiles_serde {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::Tile;

    pub(super) fn serialize<S: Serializer>(
        tiles: &([Tile; 4], u8),
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(&tiles.0[..usize::from(tiles.1)])
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<([Tile; 4], u8), D::Error> {
        let v = Vec::<Tile>::deserialize(d)?;
        if v.is_empty() || v.len() > 4 {
            return Err(serde::de::Error::custom("a meld holds 1 to 4 tiles"));
        }
        let mut sorted = v;
        sorted.sort_unstable();
        let mut arr = [sorted[0]; 4];
        arr[..sorted.len()].copy_from_slice(&sorted);
        Ok((arr, sorted.len() as u8))
    }
}

impl Meld {
    /// The meld as [`Meld`]'s `Display` prints it, with copy 0 of a five printed `0` only in
    /// the suits (m, p, s) that have a red five in the game ([`crate::TileList::with_red_suits`]):
    /// `pon:555p` in a game without red fives, `pon:055p` with them.
    pub fn display_with_red_suits(&self, red_suits: [bool; 3]) -> impl fmt::Display + '_ {
        MeldText {
            meld: self,
            red_suits,
        }
    }
}

/// [`Meld::display_with_red_suits`].
struct MeldText<'a> {
    meld: &'a Meld,
    red_suits: [bool; 3],
}

impl fmt::Display for MeldText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles = crate::TileList::tiles(self.meld.tiles()).with_red_suits(self.red_suits);
        write!(f, "{}:{tiles}", self.meld.kind)
    }
}

impl fmt::Display for Meld {
    /// The kind and the tiles, e.g. `pon:555z` or `chi:340m` (every red-five id as `0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display_with_red_suits([true; 3]).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_red_five_is_shown_only_in_a_suit_that_has_one() {
        // A pon of 5p with copy 0 (ids 52, 53, 54).
        let t: Vec<Tile> = [52u8, 53, 54]
            .iter()
            .map(|&i| Tile::new(i).unwrap())
            .collect();
        let pon = Meld::new(MeldKind::Pon, &t, None, None, None).unwrap();
        assert_eq!(pon.to_string(), "pon:055p");
        assert_eq!(
            pon.display_with_red_suits([true, false, true]).to_string(),
            "pon:555p"
        );
        assert_eq!(
            pon.display_with_red_suits([false, true, false]).to_string(),
            "pon:055p"
        );
    }

    #[test]
    fn equal_melds_compare_equal_whatever_the_order() {
        let t: Vec<Tile> = [9u8, 1, 5].iter().map(|&i| Tile::new(i).unwrap()).collect();
        let mut r = t.clone();
        r.reverse();
        let a = Meld::new(MeldKind::Pon, &t, None, None, None).unwrap();
        let b = Meld::new(MeldKind::Pon, &r, None, None, None).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            a.tiles().iter().map(|t| t.id()).collect::<Vec<_>>(),
            vec![1, 5, 9]
        );
    }
}
