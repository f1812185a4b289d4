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

/// The first file of `dir`, in name order, whose name ends in `.EXT` (a test that needs one
/// real file of a corpus).
///
/// # Panics
///
/// When the folder does not list or holds no such file: the test's corpus is not what it
/// expects.
pub fn first_file(dir: &Path, ext: &str) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the folder lists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files.into_iter().next().expect("a file of that kind")
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

/// The haifu text records the repository holds, by path: the parse corpus's good records
/// and every scenario (the texts the notation's mutation tests start from).
pub fn notation_records() -> Vec<(String, String)> {
    let root = workspace_root();
    let mut out = Vec::new();
    let mut dirs = vec![
        root.join("corpus/parse/haifu/ok"),
        root.join("corpus/scenarios"),
    ];
    while let Some(dir) = dirs.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .expect("reads the folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "haifu") {
                let text = std::fs::read_to_string(&path).expect("reads");
                out.push((path.display().to_string(), text));
            }
        }
    }
    out
}

/// The bytes and words mutations insert: the notation's own, so that many mutants get far.
const INSERTS: &[&str] = &[
    "'",
    "0",
    "1",
    "5",
    "9",
    "m",
    "p",
    "s",
    "z",
    " ",
    "\n",
    "*",
    "+",
    "-",
    "~",
    "<",
    "=",
    ",",
    "\"",
    "#",
    "{",
    "}",
    "A",
    "D",
    "E",
    "riichi",
    "deposit",
    "chi",
    "pon",
    "kan",
    "kakan",
    "ankan",
    "kita",
    "dora",
    "bye",
    "back",
    "dead",
    "false-win",
    "win",
    "draw",
    "deltas",
    "yaku",
    "expect",
    "round",
    "hand",
    "scores",
    "end",
    "30fu",
    "2han",
    "mangan",
    "é",
];

/// One mutation of a haifu text record `text`: a deleted run, an inserted token, a duplicated or deleted line,
/// or two tokens swapped.
pub fn mutate_notation(text: &str, rng: &mut Rng) -> String {
    let mut t = text.to_owned();
    let char_at = |t: &str, at: usize| {
        let mut at = at.min(t.len());
        while !t.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    match rng.below(5) {
        0 => {
            let at = char_at(&t, rng.below(t.len()));
            let end = char_at(&t, at + 1 + rng.below(6));
            t.replace_range(at..end, "");
        }
        1 => {
            let at = char_at(&t, rng.below(t.len()));
            t.insert_str(at, INSERTS[rng.below(INSERTS.len())]);
        }
        2 => {
            let lines: Vec<&str> = t.split('\n').collect();
            let i = rng.below(lines.len());
            let mut v = lines.clone();
            if rng.below(2) == 0 {
                v.insert(i, lines[i]);
            } else {
                v.remove(i);
            }
            t = v.join("\n");
        }
        3 => {
            let at = char_at(&t, rng.below(t.len()));
            let replacement = INSERTS[rng.below(INSERTS.len())];
            let end = char_at(&t, at + 1);
            t.replace_range(at..end, replacement);
        }
        _ => {
            let words: Vec<&str> = t.split(' ').collect();
            if words.len() > 2 {
                let (i, j) = (rng.below(words.len()), rng.below(words.len()));
                let mut v = words.clone();
                v.swap(i, j);
                t = v.join(" ");
            }
        }
    }
    t
}

/// Mutated haifu text records for the notation's comparison tests: as many as
/// `HAIFU_MUTANTS` says (100,000 by default), each from the next of [`notation_records`] in
/// turn with one to three [`mutate_notation`] steps, drawn from `seed`. Each comes as its
/// case number, the path of the record it came from, and its text.
pub fn notation_mutants(seed: u64) -> impl Iterator<Item = (usize, String, String)> {
    let count: usize = std::env::var("HAIFU_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let records = notation_records();
    let mut rng = Rng(seed);
    (0..count).map(move |case| {
        let (name, base) = &records[case % records.len()];
        let mut text = mutate_notation(base, &mut rng);
        for _ in 0..rng.below(3) {
            text = mutate_notation(&text, &mut rng);
        }
        (case, name.clone(), text)
    })
}
