//! Property tests: the tile notation round-trips.

use haifu_tiles::{Tile, TileKind, TileList, parse_kinds, parse_tiles};
use proptest::prelude::*;

/// A list of distinct physical tiles in random order (at most four of a kind by construction).
fn tile_lists() -> impl Strategy<Value = Vec<Tile>> {
    proptest::sample::subsequence((0u8..136).collect::<Vec<_>>(), 0..40)
        .prop_shuffle()
        .prop_map(|ids| ids.into_iter().filter_map(Tile::new).collect())
}

proptest! {
    /// Printing then reading gives back the same kinds and red fives in the same order, and
    /// printing again gives the same text.
    #[test]
    fn print_then_parse(tiles in tile_lists()) {
        let text = TileList::tiles(&tiles).to_string();
        let back = parse_tiles(&text).unwrap();
        prop_assert_eq!(back.len(), tiles.len());
        for (a, b) in tiles.iter().zip(&back) {
            prop_assert_eq!(a.kind(), b.kind());
            prop_assert_eq!(a.is_red_five(), b.is_red_five());
        }
        prop_assert_eq!(TileList::tiles(&back).to_string(), text);
    }

    /// Any digit order within a group reads as the same multiset of kinds.
    #[test]
    fn digit_order_is_free(mut kinds in proptest::collection::vec(0u8..27, 0..14)) {
        kinds.sort_unstable();
        let kinds: Vec<TileKind> = kinds.into_iter().filter_map(TileKind::new).collect();
        let canonical = TileList::from_kinds(&kinds).to_string();
        let mut reversed = kinds.clone();
        reversed.reverse();
        reversed.sort_by_key(|k| k.suit());
        let mut back = parse_kinds(&TileList::from_kinds(&reversed).to_string()).unwrap();
        back.sort_unstable();
        prop_assert_eq!(TileList::from_kinds(&back).to_string(), canonical);
    }

    /// Arbitrary text never panics the reader.
    #[test]
    fn never_panics(s in "\\PC{0,24}") {
        let _ = parse_tiles(&s);
        let _ = parse_kinds(&s);
    }
}
