//! Finding the real Tenhou corpus, which is read in place and never copied.

use std::path::PathBuf;

/// The corpus directory: `HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou` beside the
/// workspace. `None` (after saying so) when it is missing outside CI; a panic under `CI=true`.
pub(crate) fn tenhou_corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("HAIFU_TENHOU_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/corpus/tenhou"
            ))
        });
    if dir.join("MANIFEST.tsv").is_file() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "the real Tenhou corpus is missing at {} (set HAIFU_TENHOU_CORPUS); CI needs it",
            dir.display()
        );
    }
    eprintln!(
        "skipped: the real Tenhou corpus is not at {} (set HAIFU_TENHOU_CORPUS)",
        dir.display()
    );
    None
}

/// One MANIFEST.tsv row.
#[allow(dead_code)]
pub(crate) struct Entry {
    pub(crate) file: String,
    pub(crate) players: u8,
    pub(crate) rounds: usize,
    pub(crate) agari: usize,
    pub(crate) ryuukyoku: usize,
    pub(crate) notes: String,
}

/// The manifest's rows.
pub(crate) fn manifest(dir: &std::path::Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv reads");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
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
                agari: c[a].parse().expect("agari"),
                ryuukyoku: c[y].parse().expect("ryuukyoku"),
                notes: c.get(n).copied().unwrap_or("").to_owned(),
            }
        })
        .collect()
}
