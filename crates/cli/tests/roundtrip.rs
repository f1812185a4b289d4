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
        let stem = match name.strip_suffix(".tenhou6.json") {
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
