//! A round's wall as data: [`Wall`], the one wall layout every reader fills, the notation's
//! table resolves copies against and the referee checks a log against; [`WallRecord`], what a
//! round says of its wall; and [`WallSource`], where a text record's walls come from when it
//! states none.

use arrayvec::ArrayVec;
use haifu_tiles::{BySeat, Players, Seat, Tile};
use serde::{Deserialize, Serialize};

/// The number of tiles in the dead wall, in every layout.
const DEAD_WALL: usize = 14;

/// How a wall's tiles compare with the log's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WallCopies {
    /// Each tile is the physical copy the log names (a wall rebuilt from Tenhou's seed): a
    /// draw matches when it is that very tile.
    Exact,
    /// The format writes kinds only, and the reader gave the wall's tiles their copies: a draw
    /// matches when it is the same kind and, for a five, equally red.
    ByKind,
}

/// The order of the two tiles of each stack of the dead wall, in draw order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StackOrder {
    /// The dead wall in the order its tiles leave it (Mahjong Soul; Tenhou's hex seeds and
    /// INIT `shuffle` keys of 2008–2009, its "early" layout): counted from the end `E`,
    /// replacement draw `k` is place `E - 1 - k`, dora indicator `n` place `E - R - 1 - 2n`
    /// and its ura indicator `E - R - 2 - 2n`.
    Drawn,
    /// Each stack's two tiles the other way round (Tenhou's base64 seeds, 2010 on, its
    /// "current" layout): replacement draw `k` is place `E - 1 - (k xor 1)`, dora indicator
    /// `n` place `E - R - 2 - 2n` and its ura indicator `E - R - 1 - 2n`.
    Paired,
}

/// Whether a wall states the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deal {
    /// The whole wall: the deal and the dealer's first draw are in it.
    Stated,
    /// The wall after the deal (Mahjong Soul's older records): it states neither the deal
    /// nor the dealer's first draw.
    Left,
}

/// One round's wall, in draw order: where every tile that enters play comes from.
///
/// For `N` = 136 tiles (108 with three players) and `D` = the tiles dealt before the dealer's
/// first discard, 53 (40): 13 to each seat and the dealer's first draw.
///
/// - **The deal** is taken from the front in blocks of four, dealer first: the seat `k`
///   places after the dealer takes `tiles[16j + 4k .. 16j + 4k + 4]` for `j` = 0, 1, 2
///   (`12j + 4k` with three players), then `tiles[48 + k]` (`36 + k`). The dealer's first
///   draw is `tiles[52]` (`tiles[39]`), and live draw `i` (from 0, the dealer's first draw
///   counted as 0) is `tiles[D - 1 + i]`.
/// - **The dead wall** is counted from the end `E`: `R` = 4 replacement draws (after a kan, or
///   kita; 8 with three players), then the indicator stacks, their places as the
///   [`StackOrder`] says. The dead wall stays 14 tiles, so the live wall ends one tile sooner
///   for every replacement draw: 70 − `k` live draws after `k` of them (55 − `k`), the
///   dealer's first draw included. (With three players, indicators 3 and 4 lie past the 14
///   tiles, where the live wall has already ended by the time a kan reveals them.)
/// - **A wall stated after the deal** ([`Deal::Left`], `N - D` tiles: 83 or 68) is the same
///   wall without its first `D` tiles: live draw `i` for `i ≥ 1` is `tiles[i - 1]`.
///
/// Mahjong Soul states its walls in this order; Tenhou's `yama` is the same wall reversed
/// ([`Wall::from_yama`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wall {
    /// Held inline (no allocation per round): at most 136 tiles.
    tiles: ArrayVec<Tile, 136>,
    deal: Deal,
    copies: WallCopies,
    stacks: StackOrder,
    /// The two dice as faces 1..=6, when the wall's source gives them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dice: Option<[u8; 2]>,
}

impl Wall {
    /// The wall of `tiles` in draw order, whose length says its layout: 136 or 83 tiles for
    /// four players (the whole wall, or what follows the deal), 108 or 68 for three.
    ///
    /// # Errors
    ///
    /// A sentence saying which lengths are expected, for another length.
    pub fn in_draw_order(
        tiles: &[Tile],
        stacks: StackOrder,
        copies: WallCopies,
    ) -> Result<Wall, String> {
        let deal = match tiles.len() {
            136 | 108 => Deal::Stated,
            83 | 68 => Deal::Left,
            n => {
                return Err(format!(
                    "the round states a wall of {n} tiles: expected 136 (or 83 after the deal) for four players, 108 (or 68) for three"
                ));
            }
        };
        Ok(Wall {
            tiles: tiles.iter().copied().collect(),
            deal,
            copies,
            stacks,
            dice: None,
        })
    }

    /// The wall of Tenhou's `yama` array (136 tiles, 108 with three players): the same wall
    /// reversed, its tiles taken from the end (the deal, then the live draws) and its
    /// replacement tiles and indicators lying at the start. `dice` are faces 1..=6. The tiles
    /// are the physical copies ([`WallCopies::Exact`]).
    ///
    /// # Errors
    ///
    /// A sentence saying which lengths are expected, for another length.
    pub fn from_yama(
        yama: &[Tile],
        stacks: StackOrder,
        dice: Option<[u8; 2]>,
    ) -> Result<Wall, String> {
        if yama.len() != 136 && yama.len() != 108 {
            return Err(format!(
                "a wall in yama order has 136 tiles (108 for three players), not {}",
                yama.len()
            ));
        }
        // Reversed as copied (a loop the compiler vectorises), then cut to its length.
        let mut reversed = [yama[0]; 136];
        for (to, &from) in reversed.iter_mut().zip(yama.iter().rev()) {
            *to = from;
        }
        let mut tiles = ArrayVec::from(reversed);
        tiles.truncate(yama.len());
        Ok(Wall {
            tiles,
            deal: Deal::Stated,
            copies: WallCopies::Exact,
            stacks,
            dice,
        })
    }

    /// The wall in Tenhou's `yama` order ([`Wall::from_yama`]); `None` for a wall that does
    /// not state the deal.
    pub fn to_yama(&self) -> Option<Vec<Tile>> {
        if self.deal != Deal::Stated {
            return None;
        }
        Some(self.tiles.iter().rev().copied().collect())
    }

    /// The order of the dead wall's stacks.
    pub fn stacks(&self) -> StackOrder {
        self.stacks
    }

    /// The tiles in draw order.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The number of players the wall is for, as its length says.
    #[inline]
    pub fn players(&self) -> Players {
        match self.tiles.len() {
            108 | 68 => Players::Three,
            _ => Players::Four,
        }
    }

    /// Whether the wall states the deal.
    pub fn deal(&self) -> Deal {
        self.deal
    }

    /// How the wall's tiles compare with the log's.
    pub fn copies(&self) -> WallCopies {
        self.copies
    }

    /// The two dice as faces 1..=6, when the wall's source gives them.
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.dice
    }

    #[inline]
    fn seats(&self) -> usize {
        match self.players() {
            Players::Four => 4,
            Players::Three => 3,
        }
    }

    /// The tiles dealt before the dealer's first discard: 13 a seat and the dealer's first
    /// draw.
    #[inline]
    fn dealt(&self) -> usize {
        13 * self.seats() + 1
    }

    /// The replacement tiles at the end of the dead wall: 4, or 8 with three players.
    pub fn rinshan_len(&self) -> usize {
        rinshan_len(self.players())
    }

    /// The place `back` places from the end (0 is the last).
    fn back(&self, back: usize) -> Option<usize> {
        self.tiles.len().checked_sub(back + 1)
    }

    /// The place of dora indicator `n` (0 is the one shown at the start, 1..=4 those kans
    /// reveal); `None` for `n >= 5`.
    pub fn dora_place(&self, n: usize) -> Option<usize> {
        let lower = usize::from(self.stacks == StackOrder::Paired);
        (n < 5)
            .then(|| self.back(self.rinshan_len() + 2 * n + lower))
            .flatten()
    }

    /// The place of ura indicator `n`, under dora indicator `n`; `None` for `n >= 5`.
    pub fn ura_place(&self, n: usize) -> Option<usize> {
        let upper = usize::from(self.stacks == StackOrder::Drawn);
        (n < 5)
            .then(|| self.back(self.rinshan_len() + 2 * n + upper))
            .flatten()
    }

    /// The place of replacement draw `k` of the round, from 0, counting draws after kans and
    /// kita alike; `None` past the last: `k >= 4`, or `k >= 8` with three players.
    pub fn rinshan_place(&self, k: usize) -> Option<usize> {
        let k_th = match self.stacks {
            StackOrder::Drawn => k,
            StackOrder::Paired => k ^ 1,
        };
        (k < self.rinshan_len()).then(|| self.back(k_th)).flatten()
    }

    /// The place of live draw `i` (0 is the dealer's first draw), however far the live wall
    /// runs; `None` when the wall does not state it (the dealer's first draw, in a wall stated
    /// after the deal).
    #[inline]
    pub fn live_place(&self, i: usize) -> Option<usize> {
        match self.deal {
            Deal::Stated => Some(self.dealt() - 1 + i),
            Deal::Left => i.checked_sub(1),
        }
    }

    /// The place of the `j`-th tile (0..13) dealt to the seat `offset` places after the
    /// dealer; `None` when the wall does not state the deal.
    pub fn deal_place(&self, offset: usize, j: usize) -> Option<usize> {
        if self.deal != Deal::Stated || j >= 13 {
            return None;
        }
        let n = self.seats();
        Some(if j < 12 {
            (j / 4) * 4 * n + offset * 4 + j % 4
        } else {
            12 * n + offset
        })
    }

    #[inline]
    fn at(&self, place: Option<usize>) -> Option<Tile> {
        self.tiles.get(place?).copied()
    }

    /// Dora indicator `n`: 0 is the one shown at the start, 1..=4 those kans reveal. `None`
    /// for `n >= 5`.
    pub fn dora_indicator(&self, n: usize) -> Option<Tile> {
        self.at(self.dora_place(n))
    }

    /// Ura indicator `n`, under dora indicator `n`. `None` for `n >= 5`.
    pub fn ura_indicator(&self, n: usize) -> Option<Tile> {
        self.at(self.ura_place(n))
    }

    /// Replacement draw `k` of the round, from 0, counting draws after kans and kita alike.
    /// `None` past the last: `k >= 4`, or `k >= 8` with three players.
    pub fn rinshan_draw(&self, k: usize) -> Option<Tile> {
        self.at(self.rinshan_place(k))
    }

    /// How many live draws the round has after `replacements` replacement draws: 70 minus
    /// them (55 with three players), the dealer's first draw included. Saturates at 0.
    #[inline]
    pub fn live_draw_count(&self, replacements: usize) -> usize {
        (usize::from(self.players().tiles()) - self.dealt() + 1 - DEAD_WALL)
            .saturating_sub(replacements)
    }

    /// Live draw `i` (0 is the dealer's first draw): `None` when the wall does not state it
    /// (the dealer's first draw, in a wall stated after the deal), else the tile there
    /// (`None` inside past the end of the live wall with no replacement draws).
    #[inline]
    pub fn live_draw(&self, i: usize) -> Option<Option<Tile>> {
        if i >= self.live_draw_count(0) {
            return Some(None);
        }
        let (first, tiles) = self.live_wall();
        Some(tiles.get(i.checked_sub(first)?).copied())
    }

    /// The live wall as the wall states it, in draw order, with no replacement draws: the
    /// number of the live draw it starts at (0, or 1 for a wall stated after the deal, which
    /// does not state the dealer's first draw), and its tiles, live draw `i` being
    /// `tiles[i - first]`. Read once a round, it spares the wall check the places of each
    /// draw.
    pub fn live_wall(&self) -> (usize, &[Tile]) {
        let first = usize::from(self.deal == Deal::Left);
        let Some(start) = self.live_place(first) else {
            return (first, &[]);
        };
        let end = (start + self.live_draw_count(0) - first).min(self.tiles.len());
        (first, self.tiles.get(start..end).unwrap_or_default())
    }

    /// Each seat's 13 starting tiles in dealing order (blocks of four, dealer first, then one
    /// each), when the wall states the deal. Seats that do not play get `None` (seat 3 with
    /// three players); a dealer who cannot deal (seat 3 with three players) leaves every seat
    /// `None`.
    pub fn haipai(&self, dealer: Seat) -> Option<BySeat<Option<[Tile; 13]>>> {
        if self.deal != Deal::Stated {
            return None;
        }
        let n = self.seats();
        let mut hands = BySeat::from_array([None; 4]);
        if dealer.index() >= n {
            return Some(hands);
        }
        for offset in 0..n {
            let mut hand = [self.tiles[0]; 13];
            for (j, slot) in hand.iter_mut().enumerate() {
                *slot = self.at(self.deal_place(offset, j)).unwrap_or(*slot);
            }
            hands[Seat::ALL[(dealer.index() + offset) % n]] = Some(hand);
        }
        Some(hands)
    }
}

/// The replacement tiles of a dead wall: 4, or 8 with three players.
const fn rinshan_len(players: Players) -> usize {
    match players {
        Players::Four => 4,
        Players::Three => 8,
    }
}

/// What a round says of its wall, when it says anything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WallRecord {
    /// The wall, stated by the log or rebuilt from its seed (boxed: a round start that has
    /// none stays small).
    Known(Box<Wall>),
    /// The log gives a wall, or a seed, that does not make one.
    Unreadable {
        /// Whether the game's seed is at fault (every round then), or only this round's.
        scope: WallScope,
        /// What is wrong, as a sentence.
        reason: String,
    },
}

/// Which walls an unreadable seed or wall takes away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WallScope {
    /// The game's seed: no round's wall can be made.
    Game,
    /// This round's own shuffle key or stated wall.
    Round,
}

/// A source of the walls of a text record's rounds, called once per round start, in order.
///
/// It considers the record's seed, a round's own shuffle string and the number of players;
/// how a wall is made from them is the source's business (haifu-tenhou's `SeedWalls` runs
/// Tenhou's generator).
pub trait WallSource {
    /// The next round's wall: from the record's `seed`, else from the round's `shuffle`;
    /// `None` when there is neither.
    fn next_wall(
        &mut self,
        seed: Option<&str>,
        shuffle: Option<&str>,
        players: Players,
    ) -> Option<WallRecord>;
}

/// No walls: a record's copies are resolved against the `wall` lines it states, and
/// otherwise by the lowest free copy.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoWalls;

impl WallSource for NoWalls {
    fn next_wall(&mut self, _: Option<&str>, _: Option<&str>, _: Players) -> Option<WallRecord> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yama(n: usize) -> Vec<Tile> {
        (0..n)
            .filter_map(|i| Tile::new(u8::try_from(i).ok()?))
            .collect()
    }

    /// Tenhou's `yama` (its module's indices: replacement draw `k` at `yama[k ^ 1]` and dora
    /// indicator `n` at `yama[R + 2n + 1]` in the current layout, `yama[k]` and
    /// `yama[R + 2n]` in the early one) and the draw order name the same tiles at every place,
    /// both layouts, both table sizes; and it writes back unchanged.
    #[test]
    fn yama_places() {
        for (n, r) in [(136usize, 4usize), (108, 8)] {
            let y = yama(n);
            let seats = if n == 136 { 4 } else { 3 };
            for layout in [StackOrder::Paired, StackOrder::Drawn] {
                let w = Wall::from_yama(&y, layout, None).unwrap_or_else(|e| panic!("{e}"));
                let upper = usize::from(layout == StackOrder::Paired);
                for k in 0..r {
                    let at = if upper == 1 { k ^ 1 } else { k };
                    assert_eq!(w.rinshan_draw(k), Some(y[at]));
                }
                for d in 0..5 {
                    assert_eq!(w.dora_indicator(d), Some(y[r + 2 * d + upper]));
                    assert_eq!(w.ura_indicator(d), Some(y[r + 2 * d + 1 - upper]));
                }
                let dealt = 13 * seats;
                for i in 0..w.live_draw_count(0) {
                    assert_eq!(w.live_draw(i), Some(Some(y[n - 1 - dealt - i])));
                }
                let hands = w.haipai(Seat::ALL[1]).unwrap_or_else(|| panic!("a deal"));
                // The dealer's first tile is the top of the yama.
                assert_eq!(hands[Seat::ALL[1]].map(|h| h[0]), Some(y[n - 1]));
                assert_eq!(w.to_yama(), Some(y.clone()));
            }
        }
    }
}
