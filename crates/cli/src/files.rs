//! Finding the log files a command should read.
//!
//! Paths named on the command line are read whatever their extension. Directories are walked
//! recursively in name order, and there only files with a known log extension are read
//! (`.xml`, `.mjlog`, `.haifu`). A directory may hold a `.haifuignore` file: one pattern per line
//! (`#` starts a comment; `*` matches any run of characters), matched against the names of the
//! entries of that directory and of every directory below it; a matching entry is skipped.

use std::path::{Path, PathBuf};

/// The extensions read when walking directories.
pub(crate) const LOG_EXTENSIONS: &[&str] = &["xml", "mjlog", "haifu"];

/// A path to read, or a problem finding it.
pub(crate) enum Found {
    /// A file to read.
    File(PathBuf),
    /// A path that could not be listed or does not exist.
    Error(PathBuf, std::io::Error),
}

/// Expands `paths` into the files to read, in order.
pub(crate) fn collect(paths: &[PathBuf]) -> Vec<Found> {
    let mut out = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut Vec::new(), &mut out),
            Ok(_) => out.push(Found::File(path.clone())),
            Err(e) => out.push(Found::Error(path.clone(), e)),
        }
    }
    out
}

fn walk(dir: &Path, inherited: &mut Vec<String>, out: &mut Vec<Found>) {
    let depth = inherited.len();
    if let Ok(text) = std::fs::read_to_string(dir.join(".haifuignore")) {
        inherited.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(str::to_owned),
        );
    }
    let mut entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect::<Vec<_>>(),
        Err(e) => {
            out.push(Found::Error(dir.to_path_buf(), e));
            inherited.truncate(depth);
            return;
        }
    };
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') || inherited.iter().any(|p| glob_match(p, &name)) {
            continue;
        }
        if path.is_dir() {
            walk(&path, inherited, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| LOG_EXTENSIONS.contains(&e))
        {
            out.push(Found::File(path));
        }
    }
    inherited.truncate(depth);
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
    use super::glob_match;

    #[test]
    fn globs() {
        assert!(glob_match("*", "a.xml"));
        assert!(glob_match("*.xml", "a.xml"));
        assert!(!glob_match("*.xml", "a.mjlog"));
        assert!(glob_match("err", "err"));
        assert!(glob_match("a*b*c", "aXXbYc"));
        assert!(!glob_match("a*b*c", "aXXbY"));
    }
}
