//! Reading every mjai log of the shared corpus into events, against a bare `serde_json`
//! parse of the same lines into untyped values (what any JSON-lines consumer pays). Goal: the
//! reader costs at most 1.5× the bare parse.
//!
//! Measured 2026-11-28 (the 5 logs, 0.14 MB; a 2-core VM shared with four other sessions,
//! load 2.4–2.8; 100 samples, this bench's binary alternated three times with the one before
//! the direct scan of action lines): bare parse fastest 1.50–2.60 ms; reader fastest
//! 0.58–0.95 ms, before it 1.02–1.75 ms: the reader is ≈ 0.4–0.6× the bare parse (before
//! ≈ 0.7–1.1×). The action lines, nearly every line of a log, are read by a direct scan of
//! their few fields into one reused line, with no `serde_json` and no allocation; the rest
//! by `serde_json`, borrowing its strings.
//!
//! Verifying: the 516 Tenhou games of the corpus written as mjai (28 MB, against 8.6 MB of
//! mjlog), `haifu verify --jobs 1 --rules auto:tenhou` (release), counted by callgrind: 1,378 M
//! instructions, before the scan 2,078 M; the mjlogs 726 M. mjai costs ≈ 1.9× mjlog per game
//! (before ≈ 2.9×), not the "no more": the replay costs the same (300 M; 341 M for
//! the mjlogs, with their walls' check), reading is the rest: 1,055 M for 3.3× the bytes
//! (splitting the lines alone 114 M) against the mjlog reader's 365 M, walls rebuilt included.
//!
//! The logs are read in place from `$HAIFU_SHARED_CORPUS/mjai`, else
//! `../shared/corpus/mjai` beside the workspace, and loaded into memory first; one iteration
//! reads all of them. Without them the benches have nothing to read and say so.

use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use haifu_log::GameLog;

fn main() {
    divan::main();
}

/// Every log of the corpus folder, in name order.
fn corpus() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let Some(dir) = haifu_testkit::shared_corpus("mjai") else {
            return Vec::new();
        };
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl" || e == "mjson"))
            .collect();
        paths.sort();
        paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
    })
}

fn bytes() -> usize {
    corpus().iter().map(Vec::len).sum()
}

/// A bare parse of each line into `serde_json::Value`.
#[divan::bench]
fn bare_serde_json_lines(bencher: Bencher<'_, '_>) {
    bencher.counter(BytesCount::new(bytes())).bench(|| {
        for file in corpus() {
            for line in file.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
                black_box(serde_json::from_slice::<serde_json::Value>(line).ok());
            }
        }
    });
}

/// The reader, into one reused log.
#[divan::bench]
fn mjai_reader(bencher: Bencher<'_, '_>) {
    let mut log = GameLog::new();
    bencher.counter(BytesCount::new(bytes())).bench_local(|| {
        for file in corpus() {
            black_box(haifu_mjai::read(file, &mut log).is_ok());
        }
    });
}
