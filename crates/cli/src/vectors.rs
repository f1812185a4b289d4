//! `haifu vectors`: the rulings of games as conformance vectors (JSON Lines).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use haifu_log::GameLog;
use haifu_vectors::{Counts, Kind, Kinds, Options};
use rayon::prelude::*;

use crate::files::{self, Found};
use crate::output::Progress;
use crate::rules::RuleChoice;

/// Arguments of `haifu vectors`.
#[derive(Debug, Args)]
pub(crate) struct VectorsArgs {
    /// Log files or directories, as `verify` reads them.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The rule set (default: each log's own). A preset, a rule file or `auto`, with overrides.
    #[arg(long, default_value = "auto", value_name = "RULES")]
    rules: String,
    /// The kinds written, comma-separated: decision, win, draw, transition (default: all).
    #[arg(long, value_delimiter = ',', value_name = "KIND")]
    kinds: Vec<String>,
    /// Write one decision in N (the first, the N+1-th, …, counted in each game).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    every: u32,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
    /// Worker threads (default and most: one per core). The output is the same, byte for
    /// byte, at any number.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

/// Files read in parallel per batch, written in file order after each batch.
const BATCH_PER_THREAD: usize = 16;

pub(crate) fn run(args: &VectorsArgs) -> anyhow::Result<ExitCode> {
    let choice = RuleChoice::parse(&args.rules)?;
    let mut kinds = if args.kinds.is_empty() {
        Kinds::ALL
    } else {
        Kinds::NONE
    };
    for name in &args.kinds {
        let Some(kind) = Kind::from_name(name.trim()) else {
            anyhow::bail!(
                "--kinds: `{name}` is not a kind of vector: expected decision, win, draw or transition"
            );
        };
        kinds = kinds.with(kind);
    }
    let options = Options {
        kinds,
        every: args.every,
    };
    let found = files::collect(&args.paths);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(files::workers(args.jobs))
        .build()?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads().max(1);
    let progress = match Progress::shown(crate::output::ProgressWhen::Auto) {
        true => Progress::games(found.len() as u64, "writing vectors"),
        false => Progress::hidden(),
    };
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let mut errors = 0usize;
    let mut total = Counts::default();
    for chunk in found.chunks(batch) {
        let results: Vec<Result<(String, Counts), String>> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(GameLog::new, |log, item| one(item, log, &choice, options))
                .collect()
        });
        for result in results {
            progress.inc();
            match result {
                Ok((text, counts)) => {
                    total.add(counts);
                    out.write_all(text.as_bytes())?;
                }
                Err(message) => {
                    errors += 1;
                    progress.println(message);
                }
            }
        }
    }
    out.flush()?;
    progress.finish();
    eprintln!(
        "haifu: {} decisions, {} wins, {} draws, {} transitions from {} files",
        total.decisions,
        total.wins,
        total.draws,
        total.transitions,
        found.len()
    );
    Ok(if errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// The vectors of one file found, or its located message.
fn one(
    item: &Found,
    log: &mut GameLog,
    choice: &RuleChoice,
    options: Options,
) -> Result<(String, Counts), String> {
    let path = match item {
        Found::Error(path, e) => return Err(format!("{}: {e}", files::shown(path))),
        Found::File(path) => path,
        Found::Database(path) => {
            return Err(format!(
                "{}: a log database: vectors reads one game a file (`haifu convert FILE.db --to json --out-dir DIR` writes its games as files)",
                files::shown(path)
            ));
        }
    };
    crate::output::read_log(path, log)?;
    let in_file = |e: String| format!("{}: {e}", files::shown(path));
    let (rules, _) = choice.for_log(log, path).map_err(in_file)?;
    // The game key: a digest of the file's bytes, which names no player.
    let bytes = files::read_file(path).map_err(|e| in_file(e.to_string()))?;
    let key = haifu_vectors::game_key(&bytes);
    let mut text = String::new();
    let counts = haifu_vectors::write_game(log, &rules, &key, options, &mut text)
        .map_err(|e| in_file(e.to_string()))?;
    Ok((text, counts))
}
