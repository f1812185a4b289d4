//! Where a round's wall comes from when a record states none: [`WallSource`]. The text
//! notation resolves tile copies against a round's wall; a record that gives no `wall` line
//! gets it from the caller's source (Tenhou's generator rebuilds it from the seed), or goes
//! without.

use haifu_tiles::{Players, Tile};

/// One round's wall in Tenhou's `yama` order: 136 tiles (108 with three players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundWall {
    /// The tiles.
    pub tiles: Vec<Tile>,
    /// Whether the dead wall has Tenhou's current layout (base64 seeds) rather than the early
    /// one (2008–2009).
    pub current_layout: bool,
}

/// A source of the walls of a record's rounds, called once per round start, in order.
///
/// It considers the record's seed, a round's own shuffle string and the number of players;
/// how a wall is made from them is the source's business (haifu-tenhou's `SeedWalls` runs
/// Tenhou's generator).
pub trait WallSource {
    /// The next round's wall: from the record's `seed`, else from the round's `shuffle`;
    /// `None` when the source cannot make one.
    fn next_wall(
        &mut self,
        seed: Option<&str>,
        shuffle: Option<&str>,
        players: Players,
    ) -> Option<RoundWall>;

    /// A round whose wall the record states itself: counted, so that the next call gives the
    /// round after it.
    fn skip(&mut self);
}

/// No walls: a record's copies are resolved against the `wall` lines it states, and
/// otherwise by the lowest free copy.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoWalls;

impl WallSource for NoWalls {
    fn next_wall(&mut self, _: Option<&str>, _: Option<&str>, _: Players) -> Option<RoundWall> {
        None
    }

    fn skip(&mut self) {}
}
