//! Finding the log files a command should read, and reading them within limits.
//!
//! Paths named on the command line are read whatever their extension. Directories are walked
//! recursively in name order (`walkdir`), following symbolic links with loop detection, each
//! file read once however many paths lead to it; there only regular files with a known log
//! extension are read (`.xml`, `.mjlog`, `.haifu`, `.json`, mjai's `.jsonl` and `.mjson`, and gzipped `.xml.gz`, `.mjlog.gz`); anything
//! else that is not a regular file
//! (a FIFO, a device, a socket) is reported and skipped. A directory may hold a
//! `.haifuignore` file: one pattern per line (`#` starts a comment; `*` matches any run of
//! characters), matched against the names of the entries of that directory and of every
//! directory below it; a matching entry is skipped.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The extensions read when walking directories.
pub(crate) const LOG_EXTENSIONS: &[&str] = &["xml", "mjlog", "haifu", "json", "jsonl", "mjson"];

/// A path to read, or a problem finding it.
pub(crate) enum Found {
    /// A file to read.
    File(PathBuf),
    /// A path that could not be listed, does not exist, or is no regular file.
    Error(PathBuf, std::io::Error),
    /// A Phoenix log database named on the command line (a `.db`, `.sqlite` or `.sqlite3`
    /// file, or any file that opens as SQLite): its rows are the games.
    Database(PathBuf),
}

/// Whether a file named on the command line is a log database: its name ends in `.db`,
/// `.sqlite` or `.sqlite3`, or its first bytes are SQLite's.
pub(crate) fn is_database(path: &Path) -> bool {
    let by_name = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "db" | "sqlite" | "sqlite3"));
    by_name || {
        let mut head = [0u8; 16];
        std::fs::File::open(path)
            .and_then(|mut f| f.read_exact(&mut head))
            .is_ok_and(|()| haifu_logdb::is_sqlite(&head))
    }
}

/// The largest file read and the most a gzipped log may decompress to (`--max-size`).
static MAX_SIZE: AtomicU64 = AtomicU64::new(64 << 20);

/// Sets the size limit for this run.
pub(crate) fn set_max_size(bytes: u64) {
    MAX_SIZE.store(bytes, Ordering::Relaxed);
}

/// The size limit for this run.
pub(crate) fn max_size() -> u64 {
    MAX_SIZE.load(Ordering::Relaxed)
}

/// The name standard input's log goes by (`--name`), when given.
static STDIN_NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Sets the name standard input's log goes by for this run.
pub(crate) fn set_stdin_name(name: String) {
    let _ = STDIN_NAME.set(name);
}

/// The name a log read from `path` goes by: its path, or for standard input the `--name`
/// given (else `-`). Its format and a game id in it are read from this name.
pub(crate) fn name_of(path: &Path) -> String {
    match STDIN_NAME.get() {
        Some(name) if is_stdin(path) => name.clone(),
        _ => shown(path),
    }
}

/// Reads `--max-size`: bytes, or a number with a `K`, `M` or `G` suffix (powers of 1024).
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.as_bytes().last() {
        Some(b'K' | b'k') => (&text[..text.len() - 1], 1 << 10),
        Some(b'M' | b'm') => (&text[..text.len() - 1], 1 << 20),
        Some(b'G' | b'g') => (&text[..text.len() - 1], 1 << 30),
        _ => (text, 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("{text:?} is not a size: bytes, or a number with K, M or G"))
}

/// Worker threads for `--jobs`: as asked, but at most one per core (0: rayon's default, one
/// per core).
pub(crate) fn workers(jobs: Option<u16>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    jobs.map_or(0, |j| usize::from(j).min(cores))
}

/// A path as messages show it, without loss: a name that is not UTF-8 has its other bytes
/// escaped as `\xNN` (and a backslash as `\\`), so two names never look the same.
pub(crate) fn shown(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        if let Ok(text) = std::str::from_utf8(bytes) {
            return text.to_owned();
        }
        let mut out = String::new();
        for chunk in bytes.utf8_chunks() {
            out.push_str(&chunk.valid().replace('\\', "\\\\"));
            for b in chunk.invalid() {
                out.push_str(&format!("\\x{b:02X}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    {
        path.display().to_string()
    }
}

/// What a path that is no regular file is.
fn what_kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        } else if t.is_socket() {
            return "a socket";
        } else if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    let _ = meta;
    "not a regular file"
}

fn not_regular(meta: &std::fs::Metadata) -> std::io::Error {
    std::io::Error::other(format!("{}: only regular files are read", what_kind(meta)))
}

/// Whether `path` names standard input (`-`).
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Reads a side file (a rule file, a baseline, a `.haifuignore`) as text, as a log file is
/// read ([`read_file`]: a regular file, at most [`max_size`] bytes): the message says
/// `FILE: …`, or `FILE:LINE:COL: …` at the first byte that is not UTF-8.
pub(crate) fn read_text(path: &Path) -> Result<String, String> {
    let bytes = read_file(path).map_err(|e| format!("{}: {e}", shown(path)))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let location = haifu_log::Location::of_offset(e.as_bytes(), at);
        format!("{}:{location}: the bytes are not UTF-8 text", shown(path))
    })
}

/// Reads a whole log file: only a regular file (or standard input, `-`), at most
/// [`max_size`] bytes.
pub(crate) fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    let limit = max_size();
    if is_stdin(path) {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > limit {
            return Err(std::io::Error::other(format!(
                "standard input holds more than {limit} bytes (raise the limit with --max-size)"
            )));
        }
        return Ok(bytes);
    }
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    let too_large = || {
        std::io::Error::other(format!(
            "the file holds more than {limit} bytes (raise the limit with --max-size)"
        ))
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    // Room for the size claimed, so that the file is read in one call, not in growing
    // steps; the size read, not the size claimed, is what counts: a file that grows is
    // still cut at the limit.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).map_or(0, |n| n + 1));
    std::fs::File::open(path)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Whether a file met in a folder is read: a known log extension, or a gzipped log
/// (`.xml.gz`, `.mjlog.gz`; the mjlog reader knows gzip by its magic bytes).
fn is_log_name(path: &Path) -> bool {
    let ext = |p: &Path| {
        p.extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
    };
    match ext(path).as_deref() {
        Some(e) if LOG_EXTENSIONS.contains(&e) => true,
        Some("gz") => {
            let inner = path.file_stem().map(Path::new);
            matches!(inner.and_then(ext).as_deref(), Some("xml" | "mjlog"))
        }
        _ => false,
    }
}

/// A file met in a folder and not read, and why.
#[derive(Debug)]
pub(crate) struct Skipped {
    /// The file (or hidden folder).
    pub(crate) path: PathBuf,
    /// Why it was passed over.
    pub(crate) why: &'static str,
}

/// Expands `paths` into the files to read, in order.
pub(crate) fn collect(paths: &[PathBuf]) -> Vec<Found> {
    collect_with_skipped(paths).0
}

/// Expands `paths` into the files to read, in order, and the entries of their folders that
/// are passed over (hidden, named in a `.haifuignore`, not a log's name, or a file reached
/// twice).
pub(crate) fn collect_with_skipped(paths: &[PathBuf]) -> (Vec<Found>, Vec<Skipped>) {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    let mut seen = HashSet::new();
    for path in paths {
        if is_stdin(path) {
            out.push(Found::File(path.clone()));
            continue;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut seen, &mut out, &mut skipped),
            Ok(meta) if meta.is_file() && is_database(path) => {
                out.push(Found::Database(path.clone()));
            }
            Ok(_) => out.push(Found::File(path.clone())),
            Err(e) => out.push(Found::Error(path.clone(), e)),
        }
    }
    (out, skipped)
}

/// The `.haifuignore` patterns of `dir`, after those inherited from its parents. One that
/// does not read is an error of the walk (pushed to `errors`), and its patterns are none.
fn ignore_patterns(dir: &Path, inherited: &[String], errors: &mut Vec<Found>) -> Vec<String> {
    let mut patterns = inherited.to_vec();
    let file = dir.join(".haifuignore");
    if std::fs::symlink_metadata(&file).is_err() {
        return patterns;
    }
    // Through the one reader of files: a `.haifuignore` that is a link to /dev/zero or a FIFO
    // is refused like any other side file, not read until memory runs out.
    match read_text(&file) {
        Ok(text) => patterns.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_owned),
        ),
        Err(message) => {
            let prefix = format!("{}:", shown(&file));
            let what = message
                .strip_prefix(&prefix)
                .unwrap_or(&message)
                .trim_start();
            errors.push(Found::Error(file, std::io::Error::other(what.to_owned())));
        }
    }
    patterns
}

/// What makes two paths one file: its device and inode where the system has them (one
/// `stat`), else its canonical path; for a file not there yet, its absolute path. The one
/// test of "the same file" for the walk (a file reached twice) and for outputs (never a file
/// read, never written twice).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Identity {
    #[cfg(unix)]
    Inode {
        device: u64,
        inode: u64,
    },
    Path(PathBuf),
}

impl Identity {
    /// The identity of the file at `path`.
    pub(crate) fn of(path: &Path) -> Identity {
        #[cfg(unix)]
        if let Ok(meta) = std::fs::metadata(path) {
            use std::os::unix::fs::MetadataExt as _;
            return Identity::Inode {
                device: meta.dev(),
                inode: meta.ino(),
            };
        }
        let path = std::fs::canonicalize(path)
            .or_else(|_| std::path::absolute(path))
            .unwrap_or_else(|_| path.to_path_buf());
        Identity::Path(path)
    }
}

fn walk(
    root: &Path,
    seen: &mut HashSet<Identity>,
    out: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
) {
    // Filled by the entry filter and by the loop over what it lets through.
    let passed_over = std::cell::RefCell::new(std::mem::take(skipped));
    // Each directory's patterns (its own and its parents'), filled as the walk enters it.
    let mut patterns: HashMap<PathBuf, Vec<String>> = HashMap::new();
    // The `.haifuignore` files that do not read.
    let unreadable = std::cell::RefCell::new(Vec::new());
    patterns.insert(
        root.to_path_buf(),
        ignore_patterns(root, &[], &mut unreadable.borrow_mut()),
    );
    let walker = walkdir::WalkDir::new(root)
        .follow_links(true)
        // In file name order. walkdir sorts only the entries of one directory, whose paths
        // are that directory's path joined with each name: comparing whole paths as strings
        // orders them as their names do, without finding each name again in each comparison
        // as `sort_by_file_name` does (0.7 % of a whole run's instructions, 516 files).
        .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()))
        .into_iter()
        .filter_entry(|e| {
            if e.depth() == 0 {
                return true;
            }
            let name = e.file_name().to_string_lossy();
            let parent = e.path().parent().and_then(|p| patterns.get(p));
            let ignored = parent.is_some_and(|ps| ps.iter().any(|p| glob_match(p, &name)));
            if name.starts_with('.') || ignored {
                // `.haifuignore` itself is the walk's own file, not a skipped log.
                if name != ".haifuignore" {
                    passed_over.borrow_mut().push(Skipped {
                        path: e.path().to_path_buf(),
                        why: if ignored {
                            "named in a .haifuignore"
                        } else {
                            "hidden"
                        },
                    });
                }
                return false;
            }
            if e.file_type().is_dir() {
                let inherited = parent.cloned().unwrap_or_default();
                patterns.insert(
                    e.path().to_path_buf(),
                    ignore_patterns(e.path(), &inherited, &mut unreadable.borrow_mut()),
                );
            }
            true
        });
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                // A symbolic link back to an ancestor is a loop: its files are reached
                // through the ancestor already, so it is passed over.
                if e.loop_ancestor().is_some() {
                    continue;
                }
                let path = e.path().map(Path::to_path_buf).unwrap_or_default();
                out.push(Found::Error(path, std::io::Error::other(e.to_string())));
                continue;
            }
        };
        let path = entry.path();
        if entry.file_type().is_dir() {
            continue;
        }
        if !is_log_name(path) {
            passed_over.borrow_mut().push(Skipped {
                path: path.to_path_buf(),
                why: "not a log's name (.xml, .mjlog, .json, .jsonl, .mjson, .haifu, .xml.gz, .mjlog.gz)",
            });
            continue;
        }
        if !entry.file_type().is_file() {
            if let Ok(meta) = entry.metadata() {
                out.push(Found::Error(path.to_path_buf(), not_regular(&meta)));
            }
            continue;
        }
        // Reached by two paths (a link to a file or folder met elsewhere): read once.
        if seen.insert(Identity::of(path)) {
            out.push(Found::File(path.to_path_buf()));
        } else {
            passed_over.borrow_mut().push(Skipped {
                path: path.to_path_buf(),
                why: "the same file as one read through another path",
            });
        }
    }
    out.extend(unreadable.into_inner());
    *skipped = passed_over.into_inner();
}

/// Whether `name` matches `pattern`, where `*` matches any run of characters.
fn glob_match(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut pi, mut ni) = (0, 0);
    let (mut star, mut mark) = (None, 0);
    while ni < n.len() {
        if pi < p.len() && p[pi] != '*' && p[pi] == n[ni] {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ni;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ni = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::{glob_match, parse_size};

    #[test]
    fn globs() {
        assert!(glob_match("*", "a.xml"));
        assert!(glob_match("*.xml", "a.xml"));
        assert!(!glob_match("*.xml", "a.mjlog"));
        assert!(glob_match("err", "err"));
        assert!(glob_match("a*b*c", "aXXbYc"));
        assert!(!glob_match("a*b*c", "aXXbY"));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("100"), Ok(100));
        assert_eq!(parse_size("2K"), Ok(2048));
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert!(parse_size("0").is_err());
        assert!(parse_size("M").is_err());
        assert!(parse_size("-1").is_err());
    }
}
