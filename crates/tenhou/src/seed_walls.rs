//! [`SeedWalls`]: Tenhou's walls for a text record, rebuilt from its seed (or each round's
//! INIT shuffle), as the text notation asks for them.

use haifu_log::{WallRecord, WallScope, WallSource};

use crate::wall::{InitShuffle, Seed, WallGenerator};

/// The walls of a record's rounds from its header seed, else each round's INIT shuffle: the
/// [`WallSource`] the mjlog reader and, for Tenhou records, the text notation's reader and
/// writer take. One value per record: it counts the rounds it has been asked for.
///
/// An unreadable seed gives [`WallRecord::Unreadable`] for every round (an unreadable INIT
/// shuffle for its round), saying why.
#[derive(Default)]
pub struct SeedWalls {
    /// The header seed, parsed when a round first needs it: `None` until then.
    seed: Option<Result<Seed, String>>,
    generator: Option<Box<WallGenerator>>,
    /// Rounds the generator has produced.
    made: usize,
    /// Rounds asked for so far.
    rounds: usize,
}

impl SeedWalls {
    /// A source for a new record.
    pub fn new() -> SeedWalls {
        SeedWalls::default()
    }
}

impl WallSource for SeedWalls {
    fn next_wall(
        &mut self,
        seed: Option<&str>,
        shuffle: Option<&str>,
        players: haifu_tiles::Players,
    ) -> Option<WallRecord> {
        let round = self.rounds;
        self.rounds += 1;
        if self.seed.is_none() {
            self.seed = seed.map(|s| Seed::parse(s).map_err(|e| e.to_string()));
        }
        match &self.seed {
            Some(Ok(seed)) => {
                let generator = self
                    .generator
                    .get_or_insert_with(|| Box::new(WallGenerator::new(seed, players)));
                let mut wall = None;
                while self.made <= round {
                    wall = Some(generator.next_round());
                    self.made += 1;
                }
                wall.map(|w| WallRecord::Known(Box::new(w.to_wall())))
            }
            Some(Err(reason)) => Some(WallRecord::Unreadable {
                scope: WallScope::Game,
                reason: reason.clone(),
            }),
            None => shuffle.map(|s| match InitShuffle::parse(s) {
                Ok(key) => WallRecord::Known(Box::new(key.wall(players).to_wall())),
                Err(e) => WallRecord::Unreadable {
                    scope: WallScope::Round,
                    reason: e.to_string(),
                },
            }),
        }
    }
}
