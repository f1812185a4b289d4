//! Conversions never change a verdict: each record `convert` writes gets, when verified, the
//! verdict of the record it came from, but for what the target format cannot hold. Checked
//! here apart from `convert`'s own check, by verifying both files: over the project's haifu
//! records and a few hundred of their mutants, the shared real corpora, and mutants of every
//! shared corpus converted to every target.
//!
//! What each format cannot hold is named in one place, [`haifu::Format::holds`] (weighed by
//! [`haifu::rulings_held`]); this test uses it and restates none of it. A scenario's
//! expectations only the notation holds: every record is weighed without them, as `convert`
//! weighs it.

use std::path::{Path, PathBuf};
use std::process::Command;

use haifu::Format;

fn haifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_haifu"))
}

/// A folder of its own under the system's temporary folder, emptied.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("haifu-roundtrip-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

/// The targets `convert --to` offers that haifu reads back, with the format it reads them as.
/// (`--to json` is the log's own serialisation, which no reader takes: it is checked to be
/// written whole, not verified.)
const READ_BACK: [(&str, Format); 3] = [
    ("haifu", Format::Notation),
    ("tenhou6", Format::Tenhou6),
    ("mjai", Format::Mjai),
];

/// The file extension `convert` gives each target (`--help` names them).
fn extension(to: &str) -> &'static str {
    match to {
        "haifu" => "haifu",
        "tenhou6" => "tenhou6.json",
        "mjai" => "mjai.jsonl",
        "json" => "json",
        _ => unreachable!("no target {to}"),
    }
}

/// What verifying one record gives: its rulings as `format` holds them and the rule set it
/// was weighed under; or why it does not read or declares no rule set.
type Weighed = Result<(Vec<String>, haifu::RuleSet), String>;

/// Verifies the record in `bytes` named `name` as `haifu verify` does (read, at least one
/// round, its declared rule set or, when it declares none, `fallback`), without its
/// expectations, and weighs the verdict as `format` holds it.
fn weigh(name: &str, bytes: &[u8], format: Format, fallback: Option<&haifu::RuleSet>) -> Weighed {
    let mut log = haifu::read(name, bytes).map_err(|e| e.display_in(name))?;
    haifu::require_round(&log).map_err(|e| e.display_in(name))?;
    log.expectations.clear();
    let rules = match (haifu::declared_rules(&log), fallback) {
        (Ok(declared), _) => declared.rules,
        (Err(_), Some(rules)) => *rules,
        (Err(e), None) => return Err(format!("{name}: {e}")),
    };
    Ok((
        haifu::rulings_held(&haifu::verify(&log, &rules), format),
        rules,
    ))
}

/// How one `convert --to TO` run over `sources` went.
#[derive(Default)]
struct Tally {
    /// Records written and verified back with their source's verdict.
    written: usize,
    /// Of those, records whose verdict is not conforming: the cases that matter most.
    divergent: usize,
    /// Records refused with exit 2 and a reason.
    refused: usize,
}

/// Converts `sources` (files all in one folder or not, of distinct names) to `to` into a new
/// folder named after `name`, and checks each: a record written gets, verified back, its
/// source's rulings as the target holds them (under the source's rule set where the target
/// declares none); a record not written is refused, the run exits 2, and stderr names it
/// with a reason. With `--to json` each record written must be one JSON object of a header
/// and events.
fn round_trip(sources: &[PathBuf], to: &str, name: &str) -> Tally {
    let out_dir = folder(&format!("{name}-{to}"));
    let out = haifu()
        .args(["convert", "--progress", "never", "--to", to, "--out-dir"])
        .arg(&out_dir)
        .args(sources)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let format = READ_BACK.iter().find(|(t, _)| *t == to).map(|(_, f)| *f);
    let mut tally = Tally::default();
    for source in sources {
        let file_name = source.file_name().expect("a name");
        let written = out_dir.join(file_name).with_extension(extension(to));
        let shown = source.display().to_string();
        let Ok(bytes) = std::fs::read(&written) else {
            // Refused: exit 2, and a line of stderr that names the file and says why.
            assert_eq!(
                out.status.code(),
                Some(2),
                "{name} as {to}: {shown} not written"
            );
            let said = stderr
                .lines()
                .find(|l| l.contains(&*file_name.to_string_lossy()))
                .unwrap_or_else(|| panic!("{name} as {to}: {shown} refused without a word"));
            assert!(
                said.len() > shown.len() + 10,
                "{name} as {to}: {shown} refused with no reason: {said}"
            );
            tally.refused += 1;
            continue;
        };
        let Some(format) = format else {
            let text = std::str::from_utf8(&bytes).expect("UTF-8");
            let game: serde_json::Value = serde_json::from_str(text).expect("one JSON object");
            assert!(
                game["header"].is_object() && game["events"].is_array(),
                "{shown}"
            );
            tally.written += 1;
            continue;
        };
        let written_shown = written.display().to_string();
        let before = match weigh(&shown, &std::fs::read(source).expect("reads"), format, None) {
            Ok(before) => before,
            // A record that declares no rule set is written declaring none (haifu text): it
            // is verified under none either.
            Err(e) => {
                assert!(
                    weigh(&written_shown, &bytes, format, None).is_err(),
                    "{name} as {to}: {shown} is not verified ({e}), its conversion is"
                );
                tally.written += 1;
                continue;
            }
        };
        let after = weigh(&written_shown, &bytes, format, Some(&before.1))
            .unwrap_or_else(|e| panic!("{name} as {to}: written record of {shown}: {e}"));
        assert_eq!(
            before.0, after.0,
            "{name} as {to}: {shown} gets another verdict after conversion"
        );
        tally.written += 1;
        tally.divergent += usize::from(before.0[0] != "conforming");
    }
    assert!(
        matches!(out.status.code(), Some(0 | 2)),
        "{name} as {to}: {out:?}"
    );
    let _ = std::fs::remove_dir_all(&out_dir);
    tally
}

/// The records of a folder (walked), but its README and manifest, in order.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("an entry").into_path())
        .filter(|p| p.is_file())
        .filter(|p| !p.extension().is_some_and(|e| e == "md" || e == "tsv"))
        .collect();
    files.sort();
    files
}

#[test]
fn conversions_keep_every_verdict_on_the_projects_records_and_their_mutants() {
    // A scenario's expectations are no part of what tenhou.net/6 holds, and an expected
    // refusal hides its divergence: the records are written without their `expect` lines.
    let bare = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.trim_start().starts_with("expect"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let dir = folder("mutants");
    let mut sources = Vec::new();
    for (i, (_, text)) in haifu_testkit::notation_records().into_iter().enumerate() {
        sources.push(dir.join(format!("r{i}.haifu")));
        std::fs::write(sources.last().expect("one"), bare(&text)).expect("writes");
    }
    // Mutants: most no longer read or diverge; those that read must keep their verdict too.
    for (n, _, text) in haifu_testkit::notation_mutants(0x5eed_2026).take(300) {
        sources.push(dir.join(format!("m{n}.haifu")));
        std::fs::write(sources.last().expect("one"), bare(&text)).expect("writes");
    }
    let tally = round_trip(&sources, "tenhou6", "records");
    assert!(
        tally.written >= 100,
        "only {} records written as tenhou.net/6",
        tally.written
    );
}

#[test]
fn conversions_keep_every_verdict_on_the_shared_corpora() {
    for (corpus, to) in [
        ("tenhou6", "tenhou6"),
        ("majsoul", "tenhou6"),
        ("tenhou6-exports", "tenhou6"),
    ] {
        let Some(dir) = haifu_testkit::shared_corpus(corpus) else {
            continue;
        };
        let tally = round_trip(&records(&dir), to, corpus);
        assert!(tally.written > 0, "{corpus}: nothing written as {to}");
    }
    // mjlog to haifu text keeps everything, the wall's seed included: a sample of the
    // Tenhou corpus (its files in order, every 16th), read in place.
    if let Some(dir) = haifu_testkit::shared_corpus("tenhou") {
        let sample: Vec<PathBuf> = records(&dir).into_iter().step_by(16).collect();
        let tally = round_trip(&sample, "haifu", "tenhou");
        assert!(
            tally.written >= 30,
            "only {} Tenhou games written as haifu text",
            tally.written
        );
    }
}

/// Mutants of every shared corpus, each converted to every target `convert --to` offers: a
/// mutant that reads and converts keeps its verdict (but for what the target cannot hold),
/// else it is refused with exit 2 and a reason. The corpora are read in place; the mutants
/// are made in memory and written to a temporary folder only. Deterministic: the seed of
/// each corpus is fixed, and a failure names the mutant (`m<N>`) to replay.
///
/// A mutation keeps the record readable as far as it can, so that verdicts get interesting:
/// in JSON records (tenhou.net/6, Mahjong Soul, Riichi City, mjai lines) it changes a number
/// (a tile, a payment, a score), changes a tile's name, or drops an element of an array (an
/// event, a delta); in mjlog XML it changes a digit of an attribute (a tile, a score, a
/// payment) or drops a tag (an event); in mjai it may drop a line.
#[test]
fn conversions_keep_every_verdict_on_mutants_of_the_shared_corpora() {
    // Mutants per corpus: with four targets, about 2,500 cases in all. The large records
    // (Mahjong Soul's, Riichi City's) take the longest: fewer of them.
    const CORPORA: [(&str, usize); 6] = [
        ("tenhou", 160),
        ("tenhou6", 80),
        ("tenhou6-exports", 80),
        ("majsoul", 4),
        ("riichicity", 16),
        ("mjai", 300),
    ];
    let mut cases = 0;
    let mut totals = Tally::default();
    for (i, (corpus, count)) in CORPORA.into_iter().enumerate() {
        let Some(source) = haifu_testkit::shared_corpus(corpus) else {
            continue;
        };
        let files = records(&source);
        assert!(!files.is_empty(), "{corpus}: no records");
        let dir = folder(&format!("mutants-{corpus}"));
        let mut rng = haifu_testkit::Rng(0x9e37_79b9_7f4a_7c15 ^ ((i as u64 + 1) << 40));
        let mut mutants = Vec::new();
        for n in 0..count {
            // Spread over the corpus: every file in turn, more than once where it is small.
            let file = &files[(n * 7919) % files.len()];
            let bytes = std::fs::read(file).expect("reads the corpus in place");
            let mutant = mutate(&bytes, &mut rng);
            let ext = file
                .extension()
                .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
            let path = dir.join(format!("m{n}{ext}"));
            std::fs::write(&path, mutant).expect("writes");
            mutants.push(path);
        }
        for to in ["haifu", "tenhou6", "mjai", "json"] {
            let clock = std::time::Instant::now();
            let tally = round_trip(&mutants, to, &format!("{corpus}-mutants"));
            eprintln!(
                "{corpus} mutants as {to}: {} written ({} divergent), {} refused, {:.1} s",
                tally.written,
                tally.divergent,
                tally.refused,
                clock.elapsed().as_secs_f64()
            );
            assert!(
                tally.written + tally.refused == mutants.len(),
                "{corpus} as {to}"
            );
            cases += mutants.len();
            totals.written += tally.written;
            totals.divergent += tally.divergent;
            totals.refused += tally.refused;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    if cases > 0 {
        // The property is not checked on nothing: many mutants convert, and many of those
        // are divergent.
        assert!(
            totals.written >= cases / 4 && totals.divergent >= cases / 20,
            "of {cases} cases, {} written ({} divergent), {} refused",
            totals.written,
            totals.divergent,
            totals.refused
        );
    }
}

/// One to three mutations of a record, each as its format allows (see the test above).
fn mutate(bytes: &[u8], rng: &mut haifu_testkit::Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..=rng.below(3) {
        out = match out.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'<') => mutate_xml(&out, rng),
            Some(b'{') => match serde_json::from_slice::<serde_json::Value>(&out) {
                Ok(mut value) => {
                    mutate_json(&mut value, rng);
                    serde_json::to_vec(&value).expect("writes JSON")
                }
                // JSON lines: mjai, or tenhou.net/6 one record a line.
                Err(_) => mutate_lines(&out, rng),
            },
            _ => out,
        };
    }
    out
}

/// Drops a line but the first, or mutates one line's JSON.
fn mutate_lines(bytes: &[u8], rng: &mut haifu_testkit::Rng) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
    let at = 1 + rng.below(lines.len().saturating_sub(1));
    if at >= lines.len() {
        return bytes.to_vec();
    }
    let changed;
    if rng.below(3) == 0 {
        lines.remove(at);
    } else if let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(lines[at]) {
        mutate_json(&mut value, rng);
        changed = serde_json::to_vec(&value).expect("writes JSON");
        lines[at] = &changed;
    }
    lines.join(&b'\n')
}

/// Changes a number or a tile's name somewhere in `value`, or drops an element of an array:
/// walks down at random, choosing among the children.
fn mutate_json(value: &mut serde_json::Value, rng: &mut haifu_testkit::Rng) {
    use serde_json::Value;
    match value {
        Value::Array(items) if !items.is_empty() => {
            if rng.below(6) == 0 {
                items.remove(rng.below(items.len()));
            } else {
                let i = rng.below(items.len());
                mutate_json(&mut items[i], rng);
            }
        }
        Value::Object(map) if !map.is_empty() => {
            let i = rng.below(map.len());
            mutate_json(map.values_mut().nth(i).expect("a value"), rng);
        }
        Value::Number(n) => {
            let old = n.as_i64().unwrap_or(0);
            let new = match rng.below(6) {
                0 => old + 1,
                1 => old - 1,
                2 => old + 100,
                3 => old - 1000,
                4 => 11 + rng.below(37) as i64,
                _ => 0,
            };
            *value = Value::from(new);
        }
        Value::String(s) if s.len() == 2 && s.as_bytes()[0].is_ascii_digit() => {
            // A tile's name (`5m`, `0p`): another number of the same suit.
            let suit = s.as_bytes()[1] as char;
            *s = format!("{}{suit}", rng.below(10));
        }
        _ => {}
    }
}

/// Changes one to three digits of one tag's attributes, or drops one self-closing tag.
fn mutate_xml(bytes: &[u8], rng: &mut haifu_testkit::Rng) -> Vec<u8> {
    let tags: Vec<usize> = bytes
        .iter()
        .enumerate()
        .filter(|(i, b)| **b == b'<' && bytes.get(i + 1).is_some_and(u8::is_ascii_uppercase))
        .map(|(i, _)| i)
        .collect();
    if tags.is_empty() {
        return bytes.to_vec();
    }
    let start = tags[rng.below(tags.len())];
    let Some(len) = bytes[start..].iter().position(|b| *b == b'>') else {
        return bytes.to_vec();
    };
    let end = start + len + 1;
    let mut out = bytes.to_vec();
    if rng.below(3) == 0 && bytes[end - 2] == b'/' {
        out.drain(start..end);
        return out;
    }
    let digits: Vec<usize> = (start..end)
        .filter(|i| bytes[*i].is_ascii_digit())
        .collect();
    for _ in 0..=rng.below(3) {
        if let Some(&at) = digits.get(rng.below(digits.len())) {
            out[at] = b"0123456789"[rng.below(10)];
        }
    }
    out
}
