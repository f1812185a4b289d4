//! `haifu diff`: what another rule set changes in the very same games.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;
use haifu_replay::{Change, GameDiff};
use rayon::prelude::*;
use serde::Serialize;

use crate::files::{self, Found};
use crate::output::{self, Progress};
use crate::rules::RuleChoice;

/// Arguments of `haifu diff`.
#[derive(Debug, Args)]
pub(crate) struct DiffArgs {
    /// Log files or directories, as `verify` reads them.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Rule set A (default: each log's own). A preset, a rule file or `auto`, with overrides.
    #[arg(long, default_value = "auto", value_name = "RULES")]
    rules: String,
    /// Rule set B, compared with A: a preset, a rule file or `auto`, with overrides
    /// (`auto,kiriage_mangan=true`).
    #[arg(long, value_name = "RULES")]
    against: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
}

/// Output formats of `diff`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// Per game, each change in game order, then a summary.
    Text,
    /// One JSON object: `{"games": [...], "summary": {...}}`.
    Json,
}

/// The diff of one file, or why it has none.
struct Outcome {
    file: PathBuf,
    result: Result<GameDiff, String>,
}

#[derive(Default, Serialize)]
struct Summary {
    files: usize,
    games: usize,
    games_changed: usize,
    wins_changed: usize,
    wins_invalid: usize,
    draws_changed: usize,
    placements_changed: usize,
    unsupported: usize,
    errors: usize,
}

#[derive(Serialize)]
struct JsonChange {
    kind: &'static str,
    round: Option<String>,
    event: Option<usize>,
    detail: String,
}

#[derive(Serialize)]
struct JsonGame<'a> {
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unsupported: Option<&'a str>,
    changes: Vec<JsonChange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_a: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_b: Option<String>,
}

/// Files compared in parallel per batch, written in file order after each batch.
const BATCH_PER_THREAD: usize = 16;

pub(crate) fn run(args: &DiffArgs) -> anyhow::Result<ExitCode> {
    let a = RuleChoice::parse(&args.rules)?;
    let b = RuleChoice::parse(&args.against)?;
    let found = files::collect(&args.paths);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .build()?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads().max(1);
    let progress = Progress::new(found.len() as u64, "comparing");
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    let mut first = true;
    if let Format::Json = args.format
        && let Err(e) = out.write_all(b"{\"games\":[")
    {
        return output::write_failed(e);
    }
    for chunk in found.chunks(batch) {
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(GameLog::new, |log, item| compare(item, log, &a, &b))
                .collect()
        });
        for outcome in outcomes {
            progress.inc();
            tally(&mut summary, &outcome);
            if let Err(message) = &outcome.result {
                progress.println(message.clone());
            }
            let written = match args.format {
                Format::Text => write_text(&mut out, &outcome),
                Format::Json => write_json(&mut out, &outcome, &mut first),
            };
            if let Err(e) = written {
                return output::write_failed(e);
            }
        }
    }
    progress.finish();
    let written = match args.format {
        Format::Text => writeln!(
            out,
            "{} files, {} games: {} changed ({} wins changed, {} wins invalid, {} draws changed, {} placements changed), {} unsupported, {} errors",
            summary.files,
            summary.games,
            summary.games_changed,
            summary.wins_changed,
            summary.wins_invalid,
            summary.draws_changed,
            summary.placements_changed,
            summary.unsupported,
            summary.errors
        ),
        Format::Json => serde_json::to_string(&summary)
            .map_err(std::io::Error::from)
            .and_then(|s| writeln!(out, "],\"summary\":{s}}}")),
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return output::write_failed(e);
    }
    Ok(if summary.errors > 0 {
        ExitCode::from(2)
    } else if summary.games_changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn compare(item: &Found, log: &mut GameLog, a: &RuleChoice, b: &RuleChoice) -> Outcome {
    let (file, result) = match item {
        Found::Error(path, e) => (path.clone(), Err(format!("{}: {e}", path.display()))),
        Found::File(path) => {
            let result = output::read_log(path, log).and_then(|()| {
                let in_file = |e: String| format!("{}: {e}", path.display());
                let (ra, _) = a.for_log(log).map_err(in_file)?;
                let (rb, _) = b.for_log(log).map_err(in_file)?;
                Ok(haifu_replay::diff(log, &ra, &rb))
            });
            (path.clone(), result)
        }
    };
    Outcome { file, result }
}

fn tally(summary: &mut Summary, outcome: &Outcome) {
    summary.files += 1;
    match &outcome.result {
        Err(_) => summary.errors += 1,
        Ok(d) if d.a.unsupported.is_some() || d.b.unsupported.is_some() => {
            summary.unsupported += 1;
        }
        Ok(d) => {
            summary.games += 1;
            summary.games_changed += usize::from(!d.changes.is_empty());
            summary.wins_changed += d.wins_changed();
            summary.wins_invalid += d.wins_invalid();
            summary.draws_changed += d.draws_changed();
            summary.placements_changed += usize::from(d.placements_changed());
        }
    }
}

fn write_text(out: &mut impl Write, outcome: &Outcome) -> std::io::Result<()> {
    let file = outcome.file.display();
    match &outcome.result {
        Err(message) => {
            let first = message.lines().next().unwrap_or("");
            writeln!(out, "{file}: error: {first}")
        }
        Ok(d) => {
            if let Some(reason) = d.a.unsupported.as_ref().or(d.b.unsupported.as_ref()) {
                return writeln!(out, "{file}: unsupported ({reason})");
            }
            if d.changes.is_empty() {
                return writeln!(out, "{file}: no change");
            }
            writeln!(out, "{file}: {} changes", d.changes.len())?;
            for c in &d.changes {
                writeln!(out, "  {c}")?;
            }
            Ok(())
        }
    }
}

fn kind(c: &Change) -> (&'static str, Option<String>, Option<usize>) {
    match c {
        Change::Refused { round, event, .. } => ("refused", Some(round.to_string()), Some(*event)),
        Change::WinValue { round, event, .. } => {
            ("win_value", Some(round.to_string()), Some(*event))
        }
        Change::WinInvalid { round, event, .. } => {
            ("win_invalid", Some(round.to_string()), Some(*event))
        }
        Change::Payments { round, .. } => ("payments", Some(round.to_string()), None),
        Change::Scores { round, .. } => ("scores", Some(round.to_string()), None),
        Change::Flow { round, .. } => ("flow", Some(round.to_string()), None),
        Change::End { .. } => ("end", None, None),
    }
}

fn write_json(out: &mut impl Write, outcome: &Outcome, first: &mut bool) -> std::io::Result<()> {
    let game = match &outcome.result {
        Err(message) => JsonGame {
            file: outcome.file.display().to_string(),
            error: Some(message),
            unsupported: None,
            changes: Vec::new(),
            end_a: None,
            end_b: None,
        },
        Ok(d) => JsonGame {
            file: outcome.file.display().to_string(),
            error: None,
            unsupported: d.a.unsupported.as_deref().or(d.b.unsupported.as_deref()),
            changes: d
                .changes
                .iter()
                .map(|c| {
                    let (kind, round, event) = kind(c);
                    JsonChange {
                        kind,
                        round,
                        event,
                        detail: c.to_string(),
                    }
                })
                .collect(),
            end_a: Some(haifu_replay::end_text(&d.a.end)),
            end_b: Some(haifu_replay::end_text(&d.b.end)),
        },
    };
    if !std::mem::take(first) {
        out.write_all(b",")?;
    }
    serde_json::to_writer(&mut *out, &game).map_err(std::io::Error::from)
}
