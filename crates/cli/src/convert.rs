//! `haifu convert`: logs to JSON Lines or to the haifu notation.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;

use crate::files::{self, Found};
use crate::output::{self, Progress};

/// Arguments of `haifu convert`.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// Log files to convert (Tenhou mjlog XML, plain or gzipped, or haifu text). Directories
    /// are walked for `.xml`, `.mjlog` and `.haifu` files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The output format.
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Target,
}

/// Output formats of `convert`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Target {
    /// JSON Lines: one object per game, `{"header": …, "events": [{"type": …}, …]}`.
    Json,
    /// The haifu text notation (NOTATION.md), one record after another (a `.haifu` input
    /// keeps its comments).
    Haifu,
}

/// Converts each file in order, writing one JSON line per game to stdout. Bad files are
/// reported as `FILE:LINE:COL: message` on stderr and skipped.
pub(crate) fn run(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let found = files::collect(&args.files);
    let progress = Progress::new(found.len() as u64, "converting");
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut log = GameLog::new();
    let mut failed = 0usize;
    for item in found {
        progress.inc();
        let path = match item {
            Found::File(p) => p,
            Found::Error(p, e) => {
                progress.println(format!("{}: {e}", p.display()));
                failed += 1;
                continue;
            }
        };
        if let (Target::Haifu, Some(text)) = (args.to, haifu_source(&path)) {
            // haifu text to haifu text: the canonical form with the comments kept.
            let written = match text {
                Ok(doc) => out.write_all(haifu_notation::write_document(&doc).as_bytes()),
                Err(msg) => {
                    progress.println(msg);
                    failed += 1;
                    continue;
                }
            };
            if let Err(e) = written {
                return output::write_failed(e);
            }
            continue;
        }
        match output::read_log(&path, &mut log) {
            Ok(()) => {
                if let Some(note) = output::unknown_note(&path, &log) {
                    progress.println(note);
                }
                let written = match args.to {
                    Target::Json => serde_json::to_writer(&mut out, &log)
                        .map_err(std::io::Error::from)
                        .and_then(|()| out.write_all(b"\n")),
                    Target::Haifu => out.write_all(haifu_notation::write(&log).as_bytes()),
                };
                if let Err(e) = written {
                    return output::write_failed(e);
                }
            }
            Err(msg) => {
                progress.println(msg);
                failed += 1;
            }
        }
    }
    progress.finish();
    if let Err(e) = out.flush() {
        return output::write_failed(e);
    }
    Ok(if failed > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// For a `.haifu` file, the record with its comments (or the located message of why it does
/// not read); `None` for any other file.
fn haifu_source(path: &std::path::Path) -> Option<Result<haifu_notation::Document, String>> {
    if path.extension().is_none_or(|e| e != "haifu") {
        return None;
    }
    let shown = path.display().to_string();
    Some(
        std::fs::read(path)
            .map_err(|e| format!("{shown}: {e}"))
            .and_then(|bytes| {
                haifu_notation::read_document_bytes(&bytes)
                    .map_err(|e| e.display_in(&shown).to_string())
            }),
    )
}
