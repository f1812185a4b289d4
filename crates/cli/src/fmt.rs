//! `haifu fmt`: haifu text files rewritten in the canonical form, comments kept.

use haifu_tenhou::SeedWalls;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::files::{self, Found};
use crate::output;

/// Arguments of `haifu fmt`.
#[derive(Debug, Args)]
pub(crate) struct FmtArgs {
    /// haifu text files to format. Directories are walked for `.haifu` files (other logs in
    /// them are left alone, and so are names a `.haifuignore` lists, as for every command); a
    /// file named here must be haifu text. `-` reads a record from stdin and writes its
    /// canonical form to stdout (for editors).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Change no file: print a unified diff to stdout for each file that is not in the
    /// canonical form, and exit 1 if there is any.
    #[arg(long)]
    check: bool,
}

/// What became of one file.
enum Outcome {
    /// Already canonical.
    Canonical,
    /// Not canonical: rewritten, or (with `--check`) its diff printed.
    Changed,
}

/// Formats each file; a bad file is reported as `FILE:LINE:COL: message` on stderr and the
/// others are still done. Exit 2 if any file could not be read or written, else 1 if `--check`
/// found a file to change, else 0.
pub(crate) fn run(args: &FmtArgs) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut failed, mut changed) = (0usize, 0usize);
    for named in &args.files {
        let result = if named.as_os_str() == "-" {
            format_stdin(args.check, &mut out)
        } else {
            format_path(named, args.check, &mut out)
        };
        match result {
            Ok(tally) => {
                changed += tally.changed;
                failed += tally.failed;
            }
            Err(e) => return output::write_failed(e),
        }
    }
    if let Err(e) = out.flush() {
        return output::write_failed(e);
    }
    Ok(if failed > 0 {
        ExitCode::from(2)
    } else if args.check && changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// How many files were changed (or would be) and how many failed.
#[derive(Default)]
struct Tally {
    changed: usize,
    failed: usize,
}

impl Tally {
    fn of(&mut self, result: Result<Outcome, FmtError>) -> std::io::Result<()> {
        match result {
            Ok(Outcome::Canonical) => {}
            Ok(Outcome::Changed) => self.changed += 1,
            Err(FmtError::Input(msg)) => {
                eprintln!("{msg}");
                self.failed += 1;
            }
            Err(FmtError::Stdout(e)) => return Err(e),
        }
        Ok(())
    }
}

/// A file or a folder named on the command line.
fn format_path(named: &Path, check: bool, out: &mut impl Write) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    for item in files::collect(std::slice::from_ref(&named.to_path_buf())) {
        let path = match item {
            Found::File(p) => p,
            Found::Error(p, e) => {
                eprintln!("{}: {e}", crate::files::shown(&p));
                tally.failed += 1;
                continue;
            }
            Found::Database(p) => {
                eprintln!(
                    "{}: a log database, not haifu text (a `.haifu` file)",
                    crate::files::shown(&p)
                );
                tally.failed += 1;
                continue;
            }
        };
        if path.extension().is_none_or(|e| e != "haifu") {
            if path == named {
                eprintln!(
                    "{}: not haifu text (a `.haifu` file): `haifu convert --to haifu` writes a log in the notation",
                    crate::files::shown(&path)
                );
                tally.failed += 1;
            }
            continue;
        }
        tally.of(format_file(&path, check, out))?;
    }
    Ok(tally)
}

/// `-`: the record on stdin, its canonical form to stdout (with `check`, its diff, if any).
fn format_stdin(check: bool, out: &mut impl Write) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let mut bytes = Vec::new();
    let result = match std::io::stdin().read_to_end(&mut bytes) {
        Err(e) => Err(FmtError::Input(format!("<stdin>: {e}"))),
        Ok(_) => canonical(&bytes, "<stdin>").and_then(|text| match text {
            None if !check => out
                .write_all(&bytes)
                .map(|()| Outcome::Canonical)
                .map_err(FmtError::Stdout),
            None => Ok(Outcome::Canonical),
            Some(text) if check => write_diff(&bytes, &text, "<stdin>", out),
            Some(text) => out
                .write_all(text.as_bytes())
                .map(|()| Outcome::Changed)
                .map_err(FmtError::Stdout),
        }),
    };
    tally.of(result)?;
    Ok(tally)
}

/// Why a file was not formatted.
enum FmtError {
    /// The file could not be read, parsed or written: the message names it.
    Input(String),
    /// Writing the diff to stdout failed.
    Stdout(std::io::Error),
}

/// The canonical text of a record, or `None` when it is canonical already. The canonical
/// text is read back and must give the same game and comments.
fn canonical(bytes: &[u8], shown: &str) -> Result<Option<String>, FmtError> {
    let doc = output::haifu_document(bytes, shown).map_err(FmtError::Input)?;
    let canonical = haifu_notation::write_document_with(&doc, &mut SeedWalls::new());
    if canonical.as_bytes() == bytes {
        return Ok(None);
    }
    match haifu_notation::read_document_with(&canonical, &mut SeedWalls::new()) {
        Ok(again) if again == doc => Ok(Some(canonical)),
        _ => Err(FmtError::Input(format!(
            "{shown}: the canonical form of this record does not read back to the same game; the file is left as it is (a bug in haifu: please report it)"
        ))),
    }
}

/// Prints the unified diff from `bytes` to `canonical`.
fn write_diff(
    bytes: &[u8],
    canonical: &str,
    shown: &str,
    out: &mut impl Write,
) -> Result<Outcome, FmtError> {
    // The bytes read as UTF-8 in `canonical`.
    let old = String::from_utf8_lossy(bytes);
    let diff = similar::TextDiff::from_lines(old.as_ref(), canonical);
    let header = format!("{shown} (canonical)");
    write!(
        out,
        "{}",
        diff.unified_diff().context_radius(2).header(shown, &header)
    )
    .map_err(FmtError::Stdout)?;
    Ok(Outcome::Changed)
}

/// Formats one file: rewrites it (atomically, through a temporary file beside it) or, with
/// `check`, prints its diff.
fn format_file(path: &Path, check: bool, out: &mut impl Write) -> Result<Outcome, FmtError> {
    let shown = crate::files::shown(path);
    let bytes = std::fs::read(path).map_err(|e| FmtError::Input(format!("{shown}: {e}")))?;
    let Some(canonical) = canonical(&bytes, &shown)? else {
        return Ok(Outcome::Canonical);
    };
    if check {
        return write_diff(&bytes, &canonical, &shown, out);
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".fmt-tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, canonical.as_bytes())
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            FmtError::Input(format!("{shown}: cannot write the formatted file: {e}"))
        })?;
    Ok(Outcome::Changed)
}
