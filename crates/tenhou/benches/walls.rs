//! Rebuilding every wall of the real corpus from its seed: the seed's decoding,
//! `init_by_array`, and per round 288 MT19937 words, nine SHA-512 digests and the shuffle.
//!
//! Run: `cargo bench -p haifu-tenhou --bench walls`. The seeds are read from the corpus
//! (`HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou`) before timing; each iteration
//! rebuilds as many walls per game as the game has rounds. Throughput is in rounds.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use haifu_tenhou::wall::{Players, Seed, WallGenerator};

fn main() {
    divan::main();
}

/// Each SHUFFLE-seeded four-player game's seed text and round count.
fn seeds() -> Vec<(String, usize)> {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return Vec::new();
    };
    haifu_testkit::manifest(&dir)
        .iter()
        .filter_map(|e| {
            let bytes = std::fs::read(dir.join(&e.file)).expect("corpus file reads");
            let log = haifu_tenhou::read(&bytes).expect("corpus file parses");
            let four = haifu_tenhou::GameType::new(log.header.rules.go_type).players()
                == haifu_tenhou::PlayerCount::Four;
            let seed = log.header.seed.clone()?;
            four.then(|| (seed, log.round_starts().len()))
        })
        .collect()
}

#[divan::bench(sample_count = 40)]
fn rebuild(bencher: Bencher<'_, '_>) {
    let seeds = seeds();
    let rounds: usize = seeds.iter().map(|s| s.1).sum();
    bencher.counter(ItemsCount::new(rounds)).bench_local(|| {
        let mut acc = 0u32;
        for (text, rounds) in &seeds {
            let seed = Seed::parse(black_box(text)).expect("corpus seeds parse");
            let mut generator = WallGenerator::new(&seed, Players::Four);
            for _ in 0..*rounds {
                acc ^= u32::from(generator.next_round().tiles()[0].id());
            }
        }
        acc
    });
}
