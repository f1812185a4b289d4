//! Every real Tenhou log reads completely, and its counts match MANIFEST.tsv.

use haifu_log::{Event, GameLog};
use haifu_tiles::MeldKind;

#[test]
fn every_real_log_reads_with_manifest_counts() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let entries = haifu_testkit::manifest(&dir);
    assert!(
        entries.len() >= 500,
        "the manifest lists {} games",
        entries.len()
    );
    let mut log = GameLog::new();
    let mut failures = Vec::new();
    let mut unknown = 0;
    for entry in &entries {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        if let Err(e) = haifu_tenhou::read_into(&bytes, &mut log) {
            failures.push(format!("{}:{e}", entry.file));
            continue;
        }
        let count = |f: fn(&Event<'_>) -> bool| log.events().filter(|e| f(e)).count();
        let rounds = count(|e| matches!(e, Event::RoundStart(_)));
        let wins = count(|e| matches!(e, Event::Win(_)));
        let draws = count(|e| matches!(e, Event::RoundDraw(_)));
        if (rounds, wins, draws) != (entry.rounds, entry.agari, entry.ryuukyoku) {
            failures.push(format!(
                "{}: rounds/wins/draws {rounds}/{wins}/{draws}, manifest {}/{}/{}",
                entry.file, entry.rounds, entry.agari, entry.ryuukyoku
            ));
        }
        let finals = log
            .events()
            .filter(|e| match e {
                Event::Win(w) => w.final_result.is_some(),
                Event::RoundDraw(d) => d.final_result.is_some(),
                _ => false,
            })
            .count();
        if finals != 1 {
            failures.push(format!(
                "{}: {finals} final results, expected exactly one",
                entry.file
            ));
        }
        unknown += log.unknown.len();
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
    assert_eq!(
        unknown, 0,
        "the corpus has no attribute the reader does not know"
    );
}

/// Every call's called tile is the discard just before it, from the seat the meld names —
/// which checks the meld decoding (and the sanma seat arithmetic) against real play.
#[test]
fn calls_take_the_previous_discard() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut log = GameLog::new();
    let mut checked = 0;
    for entry in haifu_testkit::manifest(&dir) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut log).expect("reads");
        let mut last_discard = None;
        for ev in log.events() {
            match ev {
                Event::Discard { seat, tile, .. } => last_discard = Some((seat, tile)),
                Event::Call { seat, meld } => {
                    if matches!(
                        meld.kind,
                        MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan
                    ) {
                        let (from, tile) = last_discard.expect("a call follows a discard");
                        assert_eq!(
                            meld.from,
                            Some(from),
                            "{}: {meld} by seat {seat}, from {from}, players {}",
                            entry.file,
                            entry.players
                        );
                        assert_eq!(
                            meld.called,
                            Some(tile),
                            "{}: {meld} by seat {seat}",
                            entry.file
                        );
                        assert_ne!(from, seat);
                        checked += 1;
                    }
                    last_discard = None;
                }
                Event::DrawTile { .. } => last_discard = None,
                _ => {}
            }
        }
    }
    assert!(checked > 5000, "checked {checked} calls");
}
