//! `haifu fmt`: haifu text files rewritten in the canonical form, comments kept.

use std::io::Write;
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
    /// file named here must be haifu text.
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
    for item in files::collect(&args.files) {
        let path = match item {
            Found::File(p) => p,
            Found::Error(p, e) => {
                eprintln!("{}: {e}", p.display());
                failed += 1;
                continue;
            }
        };
        let named = args.files.contains(&path);
        if path.extension().is_none_or(|e| e != "haifu") {
            if named {
                eprintln!(
                    "{}: not haifu text (a `.haifu` file): `haifu convert --to haifu` writes a log in the notation",
                    path.display()
                );
                failed += 1;
            }
            continue;
        }
        match format_file(&path, args.check, &mut out) {
            Ok(Outcome::Canonical) => {}
            Ok(Outcome::Changed) => changed += 1,
            Err(FmtError::Input(msg)) => {
                eprintln!("{msg}");
                failed += 1;
            }
            Err(FmtError::Stdout(e)) => return output::write_failed(e),
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

/// Why a file was not formatted.
enum FmtError {
    /// The file could not be read, parsed or written: the message names it.
    Input(String),
    /// Writing the diff to stdout failed.
    Stdout(std::io::Error),
}

/// Formats one file: rewrites it (atomically, through a temporary file beside it) or, with
/// `check`, prints its diff. The canonical text is read back and must give the same game and
/// comments before anything is written.
fn format_file(path: &Path, check: bool, out: &mut impl Write) -> Result<Outcome, FmtError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| FmtError::Input(format!("{shown}: {e}")))?;
    let doc = haifu_notation::read_document_bytes(&bytes)
        .map_err(|e| FmtError::Input(e.display_in(&shown).to_string()))?;
    let canonical = haifu_notation::write_document(&doc);
    if canonical.as_bytes() == bytes.as_slice() {
        return Ok(Outcome::Canonical);
    }
    match haifu_notation::read_document(&canonical) {
        Ok(again) if again == doc => {}
        _ => {
            return Err(FmtError::Input(format!(
                "{shown}: the canonical form of this record does not read back to the same game; the file is left as it is (a bug in haifu: please report it)"
            )));
        }
    }
    if check {
        // The bytes read as UTF-8 above.
        let old = String::from_utf8_lossy(&bytes);
        let diff = similar::TextDiff::from_lines(old.as_ref(), canonical.as_str());
        let header = format!("{shown} (canonical)");
        write!(
            out,
            "{}",
            diff.unified_diff()
                .context_radius(2)
                .header(&shown, &header)
        )
        .map_err(FmtError::Stdout)?;
        return Ok(Outcome::Changed);
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
