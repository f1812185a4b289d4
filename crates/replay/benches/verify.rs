//! Whole-corpus verification, single-threaded, against a bare quick-xml pass that only
//! tokenises the same bytes (the floor any XML-based checker pays), and the same games
//! verified from their haifu text form (converted once, before timing).
//!
//! Run: `cargo bench -p haifu-replay --bench verify`. It reads the real corpus in place
//! (`HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou`); throughput is in games.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use haifu_log::GameLog;

/// Verifies `log` under the rule set it declares.
fn verify_declared(log: &haifu_log::GameLog) -> haifu_replay::Verdict {
    let declared = haifu::declared_rules(log).expect("the log declares a rule set");
    haifu_replay::verify(log, &declared.rules)
}

fn main() {
    divan::main();
}

fn corpus() -> Vec<Vec<u8>> {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return Vec::new();
    };
    haifu_testkit::manifest(&dir)
        .iter()
        .map(|e| std::fs::read(dir.join(&e.file)).expect("corpus file reads"))
        .collect()
}

/// Tokenises every file with quick-xml, touching nothing but the events.
#[divan::bench]
fn tokenise_only(bencher: Bencher<'_, '_>) {
    let files = corpus();
    bencher
        .counter(ItemsCount::new(files.len()))
        .bench_local(|| {
            let mut events = 0usize;
            for bytes in &files {
                let mut reader = quick_xml::Reader::from_reader(bytes.as_slice());
                loop {
                    match reader.read_event() {
                        Ok(quick_xml::events::Event::Eof) | Err(_) => break,
                        Ok(e) => {
                            black_box(&e);
                            events += 1;
                        }
                    }
                }
            }
            events
        });
}

/// Reads every file into the event stream (one reused `GameLog`).
#[divan::bench]
fn read(bencher: Bencher<'_, '_>) {
    let files = corpus();
    let mut log = GameLog::new();
    bencher
        .counter(ItemsCount::new(files.len()))
        .bench_local(|| {
            for bytes in &files {
                haifu_tenhou::read_into(bytes, &mut log).expect("corpus file reads");
                black_box(log.len());
            }
        });
}

/// Reads and verifies every file: what `haifu verify --jobs 1` does per game.
#[divan::bench]
fn read_and_verify(bencher: Bencher<'_, '_>) {
    verify_each(bencher, &corpus(), |bytes, log| {
        haifu_tenhou::read_into(bytes, log).expect("corpus file reads");
    });
}

/// Reads and verifies every game from its haifu text form: what `haifu verify --jobs 1` does
/// for a corpus kept as `.haifu` files. The texts are written from the XML before timing.
#[divan::bench]
fn read_and_verify_text(bencher: Bencher<'_, '_>) {
    let texts: Vec<String> = corpus()
        .iter()
        .map(|bytes| {
            let log = haifu_tenhou::read(bytes).expect("corpus file reads");
            haifu_notation::write_with(&log, &mut haifu_tenhou::SeedWalls::new())
        })
        .collect();
    verify_each(bencher, &texts, |text, log| {
        haifu_notation::read_into(text, log).expect("corpus text reads");
    });
}

/// Times reading each of `games` with `read` into one reused `GameLog` and verifying it; the
/// counter is in games.
fn verify_each<T>(bencher: Bencher<'_, '_>, games: &[T], read: impl Fn(&T, &mut GameLog)) {
    let mut log = GameLog::new();
    bencher
        .counter(ItemsCount::new(games.len()))
        .bench_local(|| {
            let mut divergences = 0;
            for game in games {
                read(game, &mut log);
                divergences += verify_declared(&log).divergences.len();
            }
            divergences
        });
}

/// Reads every file and compares its course under its own rules with WRC 2015's: what
/// `haifu diff --jobs 1 --against wrc` does per game (against `read_and_verify`).
#[divan::bench]
fn read_and_diff(bencher: Bencher<'_, '_>) {
    let files = corpus();
    let wrc = haifu_ruleset::RuleSet::preset(haifu_ruleset::Preset::Wrc2015);
    let mut log = GameLog::new();
    bencher
        .counter(ItemsCount::new(files.len()))
        .bench_local(|| {
            let mut changes = 0;
            for bytes in &files {
                haifu_tenhou::read_into(bytes, &mut log).expect("corpus file reads");
                let own = haifu::declared_rules(&log).expect("declares").rules;
                changes += haifu_replay::diff(&log, &own, &wrc).changes.len();
            }
            changes
        });
}
