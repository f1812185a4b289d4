//! Test support shared by haifu's test suites.
//!
//! The real Tenhou logs are never copied into the repository (Tenhou forbids redistribution,
//! and they hold real player names). Tests read them in place: from the directory named by
//! `HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou` beside the workspace. When they are
//! missing, tests fail under `CI=true` and say that they skipped elsewhere.

use std::path::{Path, PathBuf};

/// The real corpus directory, or `None` (after printing that the test skipped) when it is
/// missing outside CI.
///
/// # Panics
///
/// Under `CI=true` when the corpus is missing: CI must check against the real logs.
pub fn tenhou_corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("HAIFU_TENHOU_CORPUS").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/corpus/tenhou"
            ))
        },
        PathBuf::from,
    );
    if dir.join("MANIFEST.tsv").is_file() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").map_or(true, |v| v != "true"),
        "the real Tenhou corpus is missing at {} (set HAIFU_TENHOU_CORPUS); CI needs it",
        dir.display()
    );
    // Written to the process's stderr, past the test harness's capture, so that a run
    // without the corpus says loudly that it skipped the real-log checks.
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "skipped: the real Tenhou corpus is not at {} (set HAIFU_TENHOU_CORPUS)",
        dir.display()
    );
    None
}

/// A folder of the shared real corpus (`tenhou6`, `majsoul`, …): from `HAIFU_SHARED_CORPUS`
/// (the folder holding them), else `../shared/corpus` beside the workspace; `None` (after
/// printing that the test skipped) when it is missing outside CI.
///
/// # Panics
///
/// Under `CI=true` when the folder is missing: CI must check against the real logs.
pub fn shared_corpus(name: &str) -> Option<PathBuf> {
    let root = std::env::var_os("HAIFU_SHARED_CORPUS").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/corpus"
            ))
        },
        PathBuf::from,
    );
    let dir = root.join(name);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var("CI").map_or(true, |v| v != "true"),
        "the real corpus folder is missing at {} (set HAIFU_SHARED_CORPUS); CI needs it",
        dir.display()
    );
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "skipped: the real corpus folder is not at {} (set HAIFU_SHARED_CORPUS)",
        dir.display()
    );
    None
}

/// The workspace's root directory (for the project's own `corpus/` and `snapshots/`).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// One row of the corpus's MANIFEST.tsv.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file name inside the corpus directory.
    pub file: String,
    /// 4, or 3 for sanma.
    pub players: u8,
    /// INIT count.
    pub rounds: usize,
    /// AGARI count.
    pub agari: usize,
    /// RYUUKYOKU count.
    pub ryuukyoku: usize,
    /// The notes column (rule flags, special features).
    pub notes: String,
}

/// The manifest's rows, in file order.
///
/// # Panics
///
/// When the manifest is unreadable or a row is malformed: the corpus is test data, and a
/// broken manifest must stop the test.
pub fn manifest(dir: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv reads");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("column {name}"))
    };
    let (f, p, r, a, y, n) = (
        col("file"),
        col("players"),
        col("rounds"),
        col("agari_count"),
        col("ryuukyoku_count"),
        col("notes"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Entry {
                file: c[f].to_owned(),
                players: c[p].parse().expect("players"),
                rounds: c[r].parse().expect("rounds"),
                agari: c[a].parse().expect("agari_count"),
                ryuukyoku: c[y].parse().expect("ryuukyoku_count"),
                notes: c.get(n).copied().unwrap_or("").to_owned(),
            }
        })
        .collect()
}

/// A small deterministic generator (xorshift64) for the mutation tests, so that a failure
/// names a case that can be replayed. Not for anything that needs good randomness.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
