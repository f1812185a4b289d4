//! Reading the whole real Tenhou corpus into events, against a bare quick-xml pass that only
//! tokenises the same bytes (the floor any XML reader pays). Goal: the reader costs at most
//! 1.5× the bare pass.
//!
//! ```text
//! cargo bench -p haifu-tenhou --bench read
//! ```
//!
//! Every file is loaded into memory first; one iteration reads all of them, so the `item`
//! throughput is games per second.
//!
//! Measured 2026-11-22 (516 games, 7.7 MB; rustc 1.95, bench profile; a 2-vCPU VM,
//! AMD EPYC, shared with other jobs, so the medians of three runs): bare quick-xml 17.0 ms
//! (≈30.3k games/s), reader 17.0 ms (≈30.3k games/s), ratio ≈1.0× (0.97–1.03× across runs
//! and fastest samples). Callgrind, one pass over the corpus in a small driver, corpus
//! loading subtracted: bare 180 M instructions, reader 164 M (0.91×). The reader reads
//! plainly written empty elements with a hand-written scanner and leaves only other markup
//! (declaration, comments, the root, anything unusual or wrong) to quick-xml. Before that
//! the ratio was ≈1.65–1.8× (294 M instructions, 1.63×); before the draw/discard fast path,
//! ≈4.3×.
//!
//! The corpus is read in place from `$HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou`
//! beside the workspace; without it the benches have nothing to read and say so.

use std::sync::OnceLock;

use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};
use haifu_log::GameLog;

fn main() {
    divan::main();
}

/// Every game of the corpus, in manifest order.
fn corpus() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let Some(dir) = haifu_testkit::tenhou_corpus() else {
            return Vec::new();
        };
        haifu_testkit::manifest(&dir)
            .iter()
            .map(|e| std::fs::read(dir.join(&e.file)).expect("corpus file reads"))
            .collect()
    })
}

fn counters<'a, 'b>(bencher: Bencher<'a, 'b>) -> Bencher<'a, 'b> {
    let files = corpus();
    bencher
        .counter(ItemsCount::new(files.len()))
        .counter(BytesCount::new(files.iter().map(Vec::len).sum::<usize>()))
}

/// The reader: every file into one reused `GameLog`, checking that each reads.
#[divan::bench(sample_count = 40, sample_size = 1)]
fn reader(bencher: Bencher<'_, '_>) {
    let files = corpus();
    let mut log = GameLog::new();
    counters(bencher).bench_local(|| {
        let mut events = 0;
        for bytes in files {
            haifu_tenhou::read_into(black_box(bytes), &mut log).expect("corpus file reads");
            events += log.len();
        }
        events
    });
}

/// The floor: quick-xml tokenising the same bytes, counting its events, nothing else.
#[divan::bench(sample_count = 40, sample_size = 1)]
fn bare_quick_xml(bencher: Bencher<'_, '_>) {
    let files = corpus();
    counters(bencher).bench_local(|| {
        let mut events = 0usize;
        for bytes in files {
            let mut reader = quick_xml::Reader::from_reader(black_box(&bytes[..]));
            loop {
                match reader.read_event() {
                    Ok(quick_xml::events::Event::Eof) => break,
                    Ok(_) => events += 1,
                    Err(e) => panic!("corpus file tokenises: {e}"),
                }
            }
        }
        events
    });
}
