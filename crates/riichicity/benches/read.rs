//! Reading every Riichi City record of the shared corpus into events, against a bare
//! `serde_json` parse of the same bytes into untyped values (what any JSON consumer pays; a
//! bare parse leaves each event's `data` a string, which the reader parses again).
//! Goal: the reader costs at most 1.5× the bare parse. Method and figures: the README's
//! performance section.
//!
//! Every file is loaded into memory first; one iteration reads all of them. The records are
//! read in place from `$HAIFU_SHARED_CORPUS/riichicity`, else `../shared/corpus/riichicity`
//! beside the workspace; without them the benches have nothing to read and say so.

use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use haifu_log::GameLog;

fn main() {
    divan::main();
}

/// Every record of the corpus folder, in name order.
fn corpus() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
            return Vec::new();
        };
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
    })
}

fn bytes() -> usize {
    corpus().iter().map(Vec::len).sum()
}

/// A bare parse into `serde_json::Value`.
#[divan::bench]
fn bare_serde_json_values(bencher: Bencher<'_, '_>) {
    bencher.counter(BytesCount::new(bytes())).bench(|| {
        for file in corpus() {
            black_box(serde_json::from_slice::<serde_json::Value>(file).ok());
        }
    });
}

/// A bare parse into `serde_json::Value`, each event's `data` string parsed too: the whole
/// of what the record holds.
#[divan::bench]
fn bare_serde_json_values_with_event_data(bencher: Bencher<'_, '_>) {
    bencher.counter(BytesCount::new(bytes())).bench(|| {
        for file in corpus() {
            let Ok(doc) = serde_json::from_slice::<serde_json::Value>(file) else {
                continue;
            };
            let game = doc.get("data").filter(|d| d.is_object()).unwrap_or(&doc);
            for hand in game["handRecord"].as_array().into_iter().flatten() {
                for ev in hand["handEventRecord"].as_array().into_iter().flatten() {
                    let data = ev["data"].as_str().unwrap_or("{}");
                    black_box(serde_json::from_str::<serde_json::Value>(data).ok());
                }
            }
        }
    });
}

/// The reader, into one reused log.
#[divan::bench]
fn reader(bencher: Bencher<'_, '_>) {
    let mut log = GameLog::new();
    bencher.counter(BytesCount::new(bytes())).bench_local(|| {
        for file in corpus() {
            black_box(haifu_riichicity::read(file, &mut log).is_ok());
        }
    });
}
