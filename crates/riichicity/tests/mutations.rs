//! Real records changed (deterministically, in memory): the reader and the replay never panic
//! on them; the reader refuses a record with a located error, or reads one the referee then
//! rules on.

use haifu_log::GameLog;
use haifu_ruleset::{Preset, RuleSet};

/// A small deterministic generator (64-bit LCG), so that a failure reproduces.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

/// Bytes that keep a mutation near the format: digits, tile letters, JSON punctuation, and
/// the makings of escapes (each event's data is a JSON object written as an escaped string).
const BYTES: &[u8] = b"0123456789mpsz\",:[]{}-tf\\u";

/// Numbers worth putting in an event's data: tile codes of every suit, a red five, codes that
/// are no tile, seats, action and end types, and extremes.
const NUMBERS: &[i64] = &[
    0,
    1,
    5,
    9,
    17,
    25,
    33,
    35,
    41,
    49,
    97,
    113,
    145,
    261,
    293,
    10,
    162,
    2,
    3,
    7,
    8,
    11,
    13,
    -1,
    1 << 40,
    4,
    6,
];

fn files() -> Option<Vec<std::path::PathBuf>> {
    let dir = haifu_testkit::shared_corpus("riichicity")?;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus folder lists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Some(files)
}

/// Reads `bytes`; a record that reads is replayed. Returns whether it read.
fn try_one(bytes: &[u8], log: &mut GameLog, four: &RuleSet, three: &RuleSet) -> bool {
    match haifu_riichicity::read(bytes, log) {
        Ok(()) => {
            let sanma = log.header.rules.go_type & 0x10 != 0;
            let _ = haifu_replay::verify(log, if sanma { three } else { four });
            true
        }
        Err(e) => {
            assert!(e.location.line >= 1 && e.location.column >= 1, "{e}");
            false
        }
    }
}

#[test]
fn mutated_bytes_never_panic() {
    let Some(files) = files() else {
        return;
    };
    let (four, three) = (
        RuleSet::preset(Preset::RiichiCity),
        RuleSet::preset(Preset::RiichiCitySanma),
    );
    let mut rng = Lcg(0x5eed);
    let mut log = GameLog::new();
    let mut tried = 0;
    for path in &files {
        let original = std::fs::read(path).expect("the record reads");
        for _ in 0..6 {
            let mut bytes = original.clone();
            for _ in 0..=rng.next(3) {
                let at = rng.next(bytes.len());
                match rng.next(3) {
                    0 => bytes[at] = BYTES[rng.next(BYTES.len())],
                    1 => {
                        let end = (at + 1 + rng.next(8)).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    _ => bytes.insert(at, BYTES[rng.next(BYTES.len())]),
                }
            }
            try_one(&bytes, &mut log, &four, &three);
            tried += 1;
        }
    }
    assert_eq!(tried, 6 * files.len());
}

/// The game object, inside an API reply or not.
fn game(doc: &mut serde_json::Value) -> &mut serde_json::Value {
    if doc.get("handRecord").is_some() {
        doc
    } else {
        &mut doc["data"]
    }
}

/// The numbers in `value`.
fn count_numbers(value: &serde_json::Value) -> usize {
    match value {
        serde_json::Value::Number(_) => 1,
        serde_json::Value::Array(a) => a.iter().map(count_numbers).sum(),
        serde_json::Value::Object(o) => o.values().map(count_numbers).sum(),
        _ => 0,
    }
}

/// Replaces the number `*k` places on (depth first) in `value` with `to`.
fn replace_number(value: &mut serde_json::Value, k: &mut Option<usize>, to: i64) {
    match value {
        serde_json::Value::Number(_) => match k {
            Some(0) => {
                *value = to.into();
                *k = None;
            }
            Some(n) => *n -= 1,
            None => {}
        },
        serde_json::Value::Array(a) => a.iter_mut().for_each(|v| replace_number(v, k, to)),
        serde_json::Value::Object(o) => o.values_mut().for_each(|v| replace_number(v, k, to)),
        _ => {}
    }
}

#[test]
fn mutated_events_never_panic() {
    let Some(files) = files() else {
        return;
    };
    let (four, three) = (
        RuleSet::preset(Preset::RiichiCity),
        RuleSet::preset(Preset::RiichiCitySanma),
    );
    let mut rng = Lcg(0xc17f);
    let mut log = GameLog::new();
    let (mut read, mut refused) = (0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("the record reads");
        let original: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        for _ in 0..8 {
            let mut doc = original.clone();
            let hands = game(&mut doc)["handRecord"].as_array_mut().expect("hands");
            let hand = rng.next(hands.len());
            let events = hands[hand]["handEventRecord"]
                .as_array_mut()
                .expect("events");
            // Change a number in one event's data, or the event's type, or drop the event.
            let at = rng.next(events.len());
            match rng.next(4) {
                0 => {
                    events.remove(at);
                }
                1 => events[at]["eventType"] = NUMBERS[rng.next(NUMBERS.len())].into(),
                _ => {
                    let text = events[at]["data"].as_str().unwrap_or("{}").to_owned();
                    let mut data: serde_json::Value =
                        serde_json::from_str(&text).unwrap_or_default();
                    let count = count_numbers(&data);
                    if count > 0 {
                        let v = NUMBERS[rng.next(NUMBERS.len())];
                        replace_number(&mut data, &mut Some(rng.next(count)), v);
                    }
                    events[at]["data"] = data.to_string().into();
                }
            }
            let bytes = serde_json::to_vec(&doc).expect("JSON");
            if try_one(&bytes, &mut log, &four, &three) {
                read += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert_eq!(read + refused, 8 * files.len());
    assert!(refused > 0 && read > 0, "read {read}, refused {refused}");
}

/// The same record with some of its escaped quotes (`\"`, inside each event's data string)
/// written as `\u0022` instead: the same JSON, so the same log, event for event.
#[test]
fn escapes_written_otherwise_read_the_same() {
    let Some(files) = files() else {
        return;
    };
    let mut rng = Lcg(0xe5c);
    let (mut log, mut again) = (GameLog::new(), GameLog::new());
    for path in &files {
        let text = std::fs::read_to_string(path).expect("the record reads");
        haifu_riichicity::read(text.as_bytes(), &mut log).expect("the record reads");
        let quotes: Vec<usize> = text.match_indices("\\\"").map(|(at, _)| at).collect();
        assert!(!quotes.is_empty(), "{}: no escaped quote", path.display());
        let mut changed = String::with_capacity(text.len() + 64);
        let mut from = 0;
        for &at in quotes.iter().filter(|_| rng.next(50) == 0) {
            changed.push_str(&text[from..at]);
            changed.push_str("\\u0022");
            from = at + 2;
        }
        changed.push_str(&text[from..]);
        haifu_riichicity::read(changed.as_bytes(), &mut again).expect("the same record");
        assert!(log == again, "{}: another log", path.display());
    }
}
