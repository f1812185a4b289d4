//! Reading games from haifu text against reading the same games from Tenhou XML, in one run.
//!
//! `cargo bench -p haifu-notation --bench read`. Each iteration reads every game of the real
//! corpus (converted to text once, before timing) into one reused `GameLog`; the counter
//! gives games per second.

use std::sync::OnceLock;

use divan::Bencher;
use divan::counter::ItemsCount;
use haifu_log::GameLog;

fn main() {
    divan::main();
}

/// The corpus as XML bytes and as haifu text.
fn corpus() -> &'static (Vec<Vec<u8>>, Vec<String>) {
    static CORPUS: OnceLock<(Vec<Vec<u8>>, Vec<String>)> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let Some(dir) = haifu_testkit::tenhou_corpus() else {
            return (Vec::new(), Vec::new());
        };
        let mut xml = Vec::new();
        let mut text = Vec::new();
        for entry in haifu_testkit::manifest(&dir) {
            let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
            let log = haifu_tenhou::read(&bytes).expect("corpus file parses");
            text.push(haifu_notation::write_with(
                &log,
                &mut haifu_tenhou::SeedWalls::new(),
            ));
            xml.push(bytes);
        }
        (xml, text)
    })
}

#[divan::bench(sample_count = 20)]
fn tenhou_xml(bencher: Bencher<'_, '_>) {
    let (xml, _) = corpus();
    let mut log = GameLog::new();
    bencher.counter(ItemsCount::new(xml.len())).bench_local(|| {
        for bytes in xml {
            haifu_tenhou::read_into(divan::black_box(bytes), &mut log).expect("reads");
        }
        log.len()
    });
}

#[divan::bench(sample_count = 20)]
fn haifu_text(bencher: Bencher<'_, '_>) {
    let (_, text) = corpus();
    let mut log = GameLog::new();
    bencher
        .counter(ItemsCount::new(text.len()))
        .bench_local(|| {
            for t in text {
                haifu_notation::read_into(divan::black_box(t), &mut log).expect("reads");
            }
            log.len()
        });
}
