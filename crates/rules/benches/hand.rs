//! Hand analysis throughput (`cargo bench -p haifu-rules --bench hand`): [`waits`] on the
//! tenpai hand of every recorded four-player win of the real corpus and on 4,000 random
//! 13-tile hands (mostly not tenpai, as most hands a referee sees), and [`is_complete`] on
//! every winning hand. The inputs are built once, outside the timed loop (the shape table is
//! compiled in).
//!
//! On the 2-core dev machine (medians, noisy): `waits` ≈ 40 ns per random hand and ≈ 60–90 ns
//! per tenpai hand (the recursive search it replaced: ≈ 1.1–1.6 µs and ≈ 1.4–2 µs);
//! `is_complete` ≈ 17–25 ns per winning hand (was ≈ 85–120 ns).

#[path = "../tests/common/mod.rs"]
mod common;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use haifu_rules::{is_complete, waits};
use haifu_tiles::{TileCounts, TileKind};

fn main() {
    divan::main();
}

/// The concealed part of each recorded win before its winning tile, and with it.
fn corpus_hands() -> (Vec<TileCounts>, Vec<TileCounts>) {
    let Some(dir) = common::tenhou_corpus() else {
        return (Vec::new(), Vec::new());
    };
    let (_, wins) = common::all_wins(&dir);
    let tenpai: Vec<TileCounts> = wins
        .iter()
        .map(|w| TileCounts::from_tiles(w.concealed.iter().copied()))
        .collect();
    let complete = wins
        .iter()
        .zip(&tenpai)
        .map(|(w, c)| {
            let mut c = *c;
            c.add(w.winning_tile.kind());
            c
        })
        .collect();
    (tenpai, complete)
}

/// `n` random 13-tile hands dealt from a shuffled set of 136 tiles (a fixed xorshift).
fn random_hands(n: usize) -> Vec<TileCounts> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..n)
        .map(|_| {
            let mut wall: Vec<u8> = (0..136).collect();
            for i in (1..wall.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                wall.swap(i, j);
            }
            TileCounts::from_kinds(wall[..13].iter().filter_map(|t| TileKind::new(t / 4)))
        })
        .collect()
}

/// Counts the waits of every hand.
fn bench_waits(bencher: Bencher<'_, '_>, hands: &[TileCounts]) {
    bencher
        .counter(ItemsCount::new(hands.len()))
        .bench_local(|| {
            let mut kinds = 0;
            for h in hands {
                kinds += waits(black_box(h)).len();
            }
            kinds
        });
}

#[divan::bench(sample_count = 50)]
fn waits_tenpai(bencher: Bencher<'_, '_>) {
    bench_waits(bencher, &corpus_hands().0);
}

#[divan::bench(sample_count = 50)]
fn waits_random(bencher: Bencher<'_, '_>) {
    bench_waits(bencher, &random_hands(4000));
}

#[divan::bench(sample_count = 50)]
fn is_complete_winning_hands(bencher: Bencher<'_, '_>) {
    let (_, hands) = corpus_hands();
    bencher
        .counter(ItemsCount::new(hands.len()))
        .bench_local(|| {
            let mut complete = 0;
            for h in &hands {
                complete += usize::from(is_complete(black_box(h)));
            }
            complete
        });
}
