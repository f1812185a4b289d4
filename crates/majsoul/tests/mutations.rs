//! Real records with bytes changed (deterministically, in memory): the reader and the replay
//! never panic on them; the reader refuses a record or reads one the referee then rules on.

use haifu_log::GameLog;

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

/// Bytes that keep a mutation near the format: digits, tile suits, JSON punctuation.
const BYTES: &[u8] = b"0123456789mpsz\",:[]{}-tf";

#[test]
fn mutated_records_never_panic() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus folder lists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut rng = Lcg(0x5eed);
    let mut log = GameLog::new();
    let (mut read, mut refused) = (0, 0);
    for path in files {
        let original = std::fs::read(&path).expect("the record reads");
        for _ in 0..60 {
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
            match haifu_majsoul::read(&bytes, &mut log) {
                Ok(()) => {
                    read += 1;
                    if let Ok(rules) = haifu::declared_rules(&log) {
                        let _ = haifu_replay::verify(&log, &rules.rules);
                    }
                }
                Err(e) => {
                    refused += 1;
                    assert!(e.location.line >= 1 && e.location.column >= 1, "{e}");
                }
            }
        }
    }
    assert_eq!(read + refused, 180);
}
