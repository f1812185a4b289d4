//! Real tenhou.net/6 records, mutated: every mutant is read and, when it reads, verified;
//! nothing panics. The records are read in place; the mutations are made in memory.

use haifu::declared_rules;
use haifu_log::GameLog;
use haifu_replay::verify;

use haifu_testkit::Rng;

/// One mutation: a digit changed, a byte deleted, a slice duplicated, a bracket or quote
/// inserted, or the text cut.
fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let at = rng.below(out.len());
    match rng.below(6) {
        0 => {
            // A digit elsewhere: tile codes, scores, seats.
            if let Some(p) = (at..out.len()).find(|&i| out[i].is_ascii_digit()) {
                out[p] = b'0' + (rng.below(10) as u8);
            }
        }
        1 => {
            out.remove(at);
        }
        2 => {
            let len = rng.below(40).min(out.len() - at);
            let piece = out[at..at + len].to_vec();
            let to = rng.below(out.len());
            out.splice(to..to, piece);
        }
        3 => {
            let c = [b'[', b']', b'"', b',', b'{', b'}', b'-', b'9'][rng.below(8)];
            out.insert(at, c);
        }
        4 => out.truncate(at),
        _ => {
            // A call or riichi string's letter changed.
            if let Some(p) = (at..out.len())
                .find(|&i| matches!(out[i], b'c' | b'p' | b'm' | b'k' | b'a' | b'r' | b'f'))
            {
                out[p] = [b'c', b'p', b'm', b'k', b'a', b'r', b'f'][rng.below(7)];
            }
        }
    }
    out
}

#[test]
fn mutated_real_records_never_panic() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let mut files = Vec::new();
    for sub in ["tenhou", "majsoul", "pro"] {
        for entry in std::fs::read_dir(six.join(sub)).expect("the folder reads") {
            files.push(std::fs::read(entry.expect("an entry").path()).expect("reads"));
        }
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut log = GameLog::new();
    let (mut read, mut refused) = (0, 0);
    for round in 0..40 {
        for file in &files {
            let mut mutant = mutate(file, &mut rng);
            if round % 4 == 3 {
                mutant = mutate(&mutant, &mut rng);
            }
            match haifu_tenhou6::read(&mutant, &mut log) {
                Ok(()) => {
                    read += 1;
                    if let Ok(d) = declared_rules(&log) {
                        let _ = verify(&log, &d.rules);
                    }
                }
                Err(e) => {
                    refused += 1;
                    // Every refusal is located.
                    assert!(e.location.line >= 1, "{e}");
                }
            }
        }
    }
    assert_eq!(read + refused, 40 * files.len());
    assert!(refused > 0 && read > 0, "read {read}, refused {refused}");
}
