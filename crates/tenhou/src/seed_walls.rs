//! [`SeedWalls`]: Tenhou's walls for a text record, rebuilt from its seed (or each round's
//! INIT shuffle), as the text notation asks for them.

use haifu_log::{RoundWall, WallSource};

use crate::wall::{DeadWallLayout, InitShuffle, Seed, Wall, WallGenerator};

/// The walls of a record's rounds from its header seed, else each round's INIT shuffle: the
/// [`WallSource`] the text notation's reader and writer take for Tenhou records. One value
/// per record: it counts the rounds it has been asked for.
///
/// An unreadable seed gives no walls (the notation then resolves copies without them).
#[derive(Default)]
pub struct SeedWalls {
    /// The header seed, parsed when a round first needs it: `None` until then.
    seed: Option<Option<Seed>>,
    generator: Option<Box<WallGenerator>>,
    /// Rounds the generator has produced.
    made: usize,
    /// Rounds asked for (or skipped) so far.
    rounds: usize,
}

impl SeedWalls {
    /// A source for a new record.
    pub fn new() -> SeedWalls {
        SeedWalls::default()
    }
}

fn round_wall(wall: &Wall) -> RoundWall {
    RoundWall {
        tiles: wall.tiles().to_vec(),
        current_layout: wall.layout() == DeadWallLayout::Current,
    }
}

impl WallSource for SeedWalls {
    fn next_wall(
        &mut self,
        seed: Option<&str>,
        shuffle: Option<&str>,
        players: haifu_tiles::Players,
    ) -> Option<RoundWall> {
        let round = self.rounds;
        self.rounds += 1;
        let seed = self
            .seed
            .get_or_insert_with(|| seed.and_then(|s| Seed::parse(s).ok()));
        match seed {
            Some(seed) => {
                let generator = self
                    .generator
                    .get_or_insert_with(|| Box::new(WallGenerator::new(seed, players)));
                let mut wall = None;
                while self.made <= round {
                    wall = Some(generator.next_round());
                    self.made += 1;
                }
                wall.map(|w| round_wall(&w))
            }
            None => shuffle
                .and_then(|s| InitShuffle::parse(s).ok())
                .map(|k| round_wall(&k.wall(players))),
        }
    }

    fn skip(&mut self) {
        self.rounds += 1;
    }
}
