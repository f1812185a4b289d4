//! Scoring throughput: every recorded four-player win of the real Tenhou corpus, scored one
//! after another on one thread (`cargo bench -p haifu-rules --bench score`).
//!
//! The inputs are built once, outside the timed loop; the loop runs only [`haifu_rules::score`]
//! and checks each result's points against the log, so nothing can be optimised away.

#[path = "../tests/common/mod.rs"]
mod common;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use haifu_rules::score;

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 20)]
fn score_corpus_wins(bencher: Bencher<'_, '_>) {
    let Some(dir) = common::tenhou_corpus() else {
        return;
    };
    let (_, wins) = common::all_wins(&dir);
    bencher
        .counter(ItemsCount::new(wins.len()))
        .bench_local(|| {
            for case in &wins {
                let got = score(&case.rules, black_box(&case.win()));
                let points = got.map_or(0, |s| i64::from(s.points));
                assert_eq!(points, i64::from(case.recorded.points), "{}", case.label);
            }
        });
}
