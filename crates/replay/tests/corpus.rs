//! The referee against the real corpus: every four-player game conforms, sanma is reported
//! unsupported, and corrupted logs (generated here, never committed) are caught where they
//! were corrupted.

use haifu_log::{Event, GameLog};
use haifu_replay::{DivergenceKind, Status, WallItem};

#[test]
fn every_real_game_conforms() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut log = GameLog::new();
    let mut problems = Vec::new();
    let (mut conforming, mut unsupported) = (0, 0);
    let mut totals = (0, 0, 0);
    for entry in haifu_testkit::manifest(&dir) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut log).expect("corpus file parses");
        let verdict = haifu_replay::verify(&log);
        // Every game has a seed (SHUFFLE, or INIT shuffle before 2009-07): every round's wall
        // is rebuilt and checked, sanma included.
        if verdict.checked.walls != entry.rounds {
            problems.push(format!(
                "{}: {} of {} walls checked",
                entry.file, verdict.checked.walls, entry.rounds
            ));
        }
        totals.0 += verdict.checked.walls;
        totals.1 += verdict.checked.draws;
        totals.2 += verdict.checked.indicators;
        match (entry.players, verdict.status()) {
            (4, Status::Conforming) => conforming += 1,
            (3, Status::Unsupported) => unsupported += 1,
            (_, status) => problems.push(format!(
                "{}: {status:?} {:?}",
                entry.file, verdict.divergences
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!((conforming, unsupported), (512, 4));
    eprintln!(
        "walls {} draws {} indicators {}",
        totals.0, totals.1, totals.2
    );
    assert_eq!(totals.0, 5143, "every round of the corpus");
    assert!(totals.1 > 240_000, "every draw: {}", totals.1);
}

/// The byte range of the `n`-th occurrence of a tag that starts with `prefix` and is followed
/// by a tile id, e.g. `<T` in `<T52/>`: returns the range of the digits.
fn nth_tile_tag(xml: &[u8], prefix: &[u8], n: usize) -> Option<std::ops::Range<usize>> {
    let mut seen = 0;
    let mut i = 0;
    while let Some(pos) = xml[i..].windows(prefix.len()).position(|w| w == prefix) {
        let start = i + pos + prefix.len();
        let len = xml[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if len > 0 {
            if seen == n {
                return Some(start..start + len);
            }
            seen += 1;
        }
        i = start;
    }
    None
}

fn replace(xml: &[u8], range: std::ops::Range<usize>, with: &str) -> Vec<u8> {
    let mut out = xml[..range.start].to_vec();
    out.extend_from_slice(with.as_bytes());
    out.extend_from_slice(&xml[range.end..]);
    out
}

/// A changed draw is a wall mismatch at that draw's round; the rest of the game still checks.
#[test]
fn a_changed_draw_is_caught_at_its_round() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut checked = 0;
    for entry in haifu_testkit::manifest(&dir)
        .iter()
        .filter(|e| e.players == 4 && e.notes.contains("wall-verified(base64)"))
        .take(40)
    {
        let xml = std::fs::read(dir.join(&entry.file)).expect("reads");
        let range = nth_tile_tag(&xml, b"<U", 30).expect("a 31st draw by seat 1");
        let old: u8 = std::str::from_utf8(&xml[range.clone()])
            .unwrap()
            .parse()
            .unwrap();
        let new = (old + 4) % 136; // another kind: never the same physical tile
        let log = haifu_tenhou::read(&replace(&xml, range.clone(), &new.to_string()))
            .expect("still parses");
        let verdict = haifu_replay::verify(&log);
        assert_eq!(verdict.status(), Status::Divergent, "{}", entry.file);
        let round_of_change = round_at_offset(&log, &xml, range.start);
        let d = &verdict.divergences[0];
        assert!(
            matches!(
                d.kind,
                DivergenceKind::WallMismatch {
                    item: WallItem::LiveDraw(_),
                    ..
                }
            ),
            "{}: {d:?}",
            entry.file
        );
        assert_eq!(
            d.round.map(|r| r.to_string()),
            Some(round_of_change),
            "{}",
            entry.file
        );
        checked += 1;
    }
    assert_eq!(checked, 40);
}

/// A changed new-dora indicator is caught as a dora-indicator mismatch.
#[test]
fn a_changed_dora_indicator_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut checked = 0;
    for entry in haifu_testkit::manifest(&dir).iter().filter(|e| {
        e.players == 4 && e.notes.contains("wall-verified") && e.notes.contains("DORA=")
    }) {
        let xml = std::fs::read(dir.join(&entry.file)).expect("reads");
        let range = nth_tile_tag(&xml, b"<DORA hai=\"", 0).expect("a DORA tag");
        let old: u8 = std::str::from_utf8(&xml[range.clone()])
            .unwrap()
            .parse()
            .unwrap();
        let log = haifu_tenhou::read(&replace(&xml, range, &((old + 4) % 136).to_string()))
            .expect("parses");
        let verdict = haifu_replay::verify(&log);
        assert!(
            verdict.divergences.iter().any(|d| matches!(d.kind, DivergenceKind::WallMismatch { item: WallItem::DoraIndicator(n), .. } if n >= 1)),
            "{}: {:?}",
            entry.file,
            verdict.divergences
        );
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// The label of the round whose INIT precedes byte `offset` of the XML.
fn round_at_offset(log: &GameLog, xml: &[u8], offset: usize) -> String {
    let inits = xml[..offset].windows(5).filter(|w| w == b"<INIT").count();
    let start = log
        .events()
        .filter_map(|e| {
            if let Event::RoundStart(s) = e {
                Some(s)
            } else {
                None
            }
        })
        .nth(inits - 1)
        .unwrap();
    haifu_replay::RoundLabel::of(start).to_string()
}
