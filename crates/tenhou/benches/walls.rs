//! Rebuilding every wall of the real corpus from its seed: the seed's decoding,
//! `init_by_array`, and per round 288 MT19937 words, nine SHA-512 digests and the shuffle.
//!
//! Run: `cargo bench -p haifu-tenhou --bench walls`. The seeds are read from the corpus
//! (`HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou`) before timing; each iteration
//! rebuilds as many walls per game as the game has rounds. Throughput is in rounds.
//!
//! `straightforward` is the baseline in the same run: the same algorithm written plainly
//! with the `sha2` and `rand_mt` crates (one digest and one generator word at a time), as
//! haifu did before its own four-lane hash and block generator. It also checks that both
//! give the same walls.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use haifu_tenhou::wall::{Players, Seed, WallGenerator};
use sha2::{Digest, Sha512};

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
                == haifu_tiles::Players::Four;
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

/// The plain algorithm: `init_by_array`, then per round 288 words, nine SHA-512 digests and
/// the front-to-back swap. Returns the first tile id of the wall.
fn straightforward_round(mt: &mut rand_mt::Mt) -> u8 {
    let mut src = [0u8; 288 * 4];
    for chunk in src.chunks_exact_mut(4) {
        chunk.copy_from_slice(&mt.next_u32().to_le_bytes());
    }
    let mut rnd = [0u32; 144];
    for (words, block) in rnd.chunks_exact_mut(16).zip(src.chunks_exact(128)) {
        let digest = Sha512::digest(block);
        for (w, b) in words.iter_mut().zip(digest.chunks_exact(4)) {
            *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        }
    }
    let mut yama: [u8; 136] = std::array::from_fn(|i| i as u8);
    for (i, &r) in rnd.iter().enumerate().take(136) {
        let j = i + r as usize % (136 - i);
        yama.swap(i, j);
    }
    yama[0]
}

#[divan::bench(sample_count = 40)]
fn straightforward(bencher: Bencher<'_, '_>) {
    let seeds = seeds();
    let rounds: usize = seeds.iter().map(|s| s.1).sum();
    // The two agree on every wall's first tile (the tests check whole walls).
    for (text, rounds) in &seeds {
        let seed = Seed::parse(text).expect("corpus seeds parse");
        let mut ours = WallGenerator::new(&seed, Players::Four);
        let mut plain = rand_mt::Mt::new_with_key(seed.words().iter().copied());
        for _ in 0..*rounds {
            assert_eq!(
                ours.next_round().tiles()[0].id(),
                straightforward_round(&mut plain)
            );
        }
    }
    bencher.counter(ItemsCount::new(rounds)).bench_local(|| {
        let mut acc = 0u8;
        for (text, rounds) in &seeds {
            let seed = Seed::parse(black_box(text)).expect("corpus seeds parse");
            let mut mt = rand_mt::Mt::new_with_key(seed.words().iter().copied());
            for _ in 0..*rounds {
                acc ^= straightforward_round(&mut mt);
            }
        }
        acc
    });
}
