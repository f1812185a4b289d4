//! Conversions never change a verdict: each record `convert` writes gets, when verified, the
//! verdict of the record it came from, but for what the target format cannot hold. Checked
//! here apart from `convert`'s own check, by verifying both files: over the project's haifu
//! records, a few hundred of their mutants, and the shared real corpora.
//!
//! What tenhou.net/6 cannot hold: the wall (and so its seed), the scores after each riichi
//! deposit, and a scenario's expectations (the records are weighed without them). The haifu
//! notation holds all of it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

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

/// Each game of `verify PATH --format json`, by its file's name less its extension: its status and divergences
/// (kind, round and text) but those of what `lost` says the target cannot hold.
fn rulings(path: &Path, lost: fn(&serde_json::Value) -> bool) -> BTreeMap<String, Vec<String>> {
    let out = haifu()
        .args(["verify", "--format", "json", "--allow-empty"])
        .arg(path)
        .output()
        .expect("runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut by_stem = BTreeMap::new();
    for game in report["games"].as_array().expect("games") {
        let file = game["file"].as_str().expect("a file");
        // The name without its extension (`convert` writes `NAME.tenhou6.json`).
        let name = Path::new(file)
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let stem = match name
            .strip_suffix(".tenhou6.json")
            .or_else(|| name.strip_suffix(".mjai.jsonl"))
        {
            Some(stem) => stem.to_owned(),
            None => name
                .rsplit_once('.')
                .map_or(name.clone(), |(s, _)| s.to_owned()),
        };
        let mut list = vec![game["status"].to_string()];
        for d in game["divergences"].as_array().expect("divergences") {
            if !lost(d) {
                list.push(format!("{} {} {}", d["kind"], d["round"], d["detail"]));
            }
        }
        // A game divergent only in what the target cannot hold is weighed as conforming, as
        // its conversion is.
        if list.len() == 1 && list[0] == "\"divergent\"" {
            list[0] = "\"conforming\"".to_owned();
        }
        by_stem.insert(stem, list);
    }
    by_stem
}

/// What a tenhou.net/6 record cannot hold.
fn lost_in_tenhou6(d: &serde_json::Value) -> bool {
    matches!(d["kind"].as_str(), Some("wall_mismatch" | "bad_seed"))
        || d["field"] == "scores after the riichi deposit"
}

fn nothing_lost(_: &serde_json::Value) -> bool {
    false
}

/// What mjai lines cannot hold: what tenhou.net/6 cannot, and the limit names, liable seats,
/// placement points and the referee's order of a yaku list, which mjai has no field for.
fn lost_in_mjai(d: &serde_json::Value) -> bool {
    lost_in_tenhou6(d)
        || (d["kind"] == "win_mismatch"
            && matches!(d["field"].as_str(), Some("limit" | "pao" | "yaku order")))
        || (d["kind"] == "final_mismatch" && d["field"] == "final points")
}

/// Converts `input` to `to` into a new folder, then checks that every record written gets
/// its source's verdict; returns how many were written.
fn round_trip(input: &Path, to: &str, name: &str, lost: fn(&serde_json::Value) -> bool) -> usize {
    let out_dir = folder(&format!("{name}-{to}"));
    // Refusals (exit 2) are allowed: a record the target cannot hold is not written.
    let out = haifu()
        .args(["convert", "--to", to, "--out-dir"])
        .arg(&out_dir)
        .arg(input)
        .output()
        .expect("runs");
    assert!(matches!(out.status.code(), Some(0 | 2)), "{out:?}");
    let before = rulings(input, lost);
    let after = rulings(&out_dir, lost);
    for (stem, ruled) in &after {
        let source = before
            .get(stem)
            .unwrap_or_else(|| panic!("{name}: {stem} written from no record verified"));
        assert_eq!(
            source, ruled,
            "{name} as {to}: {stem} gets another verdict than its source"
        );
    }
    after.len()
}

#[test]
fn conversions_keep_every_verdict_on_the_projects_records_and_their_mutants() {
    // A scenario's expectations are no part of what tenhou.net/6 holds, and an expected
    // refusal hides its divergence: the records are weighed without their `expect` lines, as
    // `convert` weighs them.
    let bare = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.trim_start().starts_with("expect"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let dir = folder("mutants");
    for (i, (_, text)) in haifu_testkit::notation_records().into_iter().enumerate() {
        std::fs::write(dir.join(format!("r{i}.haifu")), bare(&text)).expect("writes");
    }
    // Mutants: most no longer read or diverge; those that read must keep their verdict too.
    for (n, _, text) in haifu_testkit::notation_mutants(0x5eed_2026).take(300) {
        std::fs::write(dir.join(format!("m{n}.haifu")), bare(&text)).expect("writes");
    }
    let written = round_trip(&dir, "tenhou6", "records", lost_in_tenhou6);
    assert!(
        written >= 100,
        "only {written} records written as tenhou.net/6"
    );
}

#[test]
fn conversions_keep_every_verdict_on_the_shared_corpora() {
    for (corpus, to, lost) in [
        (
            "tenhou6",
            "tenhou6",
            lost_in_tenhou6 as fn(&serde_json::Value) -> bool,
        ),
        ("majsoul", "tenhou6", lost_in_tenhou6),
        ("tenhou6-exports", "tenhou6", lost_in_tenhou6),
    ] {
        let Some(dir) = haifu_testkit::shared_corpus(corpus) else {
            continue;
        };
        let written = round_trip(&dir, to, corpus, lost);
        assert!(written > 0, "{corpus}: nothing written as {to}");
    }
    // mjlog to haifu text keeps everything, the wall's seed included: a sample of the
    // Tenhou corpus (its files in order, every 16th).
    if let Some(dir) = haifu_testkit::shared_corpus("tenhou") {
        let sample = folder("tenhou-sample");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("reads")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "xml" || e == "mjlog"))
            .collect();
        files.sort();
        for file in files.iter().step_by(16) {
            let name = file.file_name().expect("a name");
            std::fs::copy(file, sample.join(name)).expect("copies");
        }
        let written = round_trip(&sample, "haifu", "tenhou", nothing_lost);
        assert!(
            written >= 30,
            "only {written} Tenhou games written as haifu text"
        );
    }
}

/// A few hundred mutants of the shared real corpora, each converted to every target: a
/// mutant that reads and converts keeps its verdict (but for what the target cannot hold),
/// else it is refused (exit 2). The mutants are made in memory and written to a temporary
/// folder only: the corpora are read in place.
///
/// A mutation changes one to three ASCII digits (a score, a tile, a delta, a count, a han), so
/// most mutants still read and many diverge: the cases that matter.
#[test]
fn conversions_keep_every_verdict_on_mutants_of_the_shared_corpora() {
    const MUTANTS_PER_CORPUS: usize = 60;
    let mut seen = 0;
    let mut written = 0;
    for corpus in ["tenhou", "tenhou6", "majsoul", "riichicity", "mjai"] {
        let Some(source) = haifu_testkit::shared_corpus(corpus) else {
            continue;
        };
        let mut files: Vec<PathBuf> = std::fs::read_dir(&source)
            .expect("reads")
            .map(|e| e.expect("an entry").path())
            .filter(|p| !p.extension().is_some_and(|e| e == "md" || e == "tsv"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{corpus}: no records");
        let dir = folder(&format!("mutants-{corpus}"));
        let mut rng = haifu_testkit::Rng(0x9e37_79b9_2705_u64 ^ ((corpus.len() as u64) << 32));
        for n in 0..MUTANTS_PER_CORPUS {
            // Spread over the corpus: every file in turn, more than once where it is small.
            let file = &files[(n * 7919) % files.len()];
            let mut bytes = std::fs::read(file).expect("reads the corpus in place");
            let digits: Vec<usize> = bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| b.is_ascii_digit())
                .map(|(i, _)| i)
                .collect();
            if digits.is_empty() {
                continue;
            }
            for _ in 0..=rng.below(3) {
                let at = digits[rng.below(digits.len())];
                bytes[at] = b"0123456789"[rng.below(10)];
            }
            let ext = file
                .extension()
                .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
            std::fs::write(dir.join(format!("m{n}{ext}")), bytes).expect("writes");
            seen += 1;
        }
        for (to, lost) in [
            ("haifu", nothing_lost as fn(&serde_json::Value) -> bool),
            ("tenhou6", lost_in_tenhou6),
            ("mjai", lost_in_mjai),
        ] {
            written += round_trip(&dir, to, &format!("{corpus}-mutants"), lost);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    if seen > 0 {
        // Some mutants of every corpus convert: the property is not checked on nothing.
        assert!(
            written >= seen / 2,
            "only {written} conversions of {seen} mutants"
        );
    }
}
