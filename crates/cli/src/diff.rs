//! `haifu diff`: what another rule set changes in the very same games.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;
use haifu_report::{ComparedGame, DiffFormat, DiffReport, FileDiff, Specs};
use rayon::prelude::*;

use crate::files;
use crate::inputs::Game;
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
    /// Also print, for each game that changes, the two referee's sheets as a unified diff
    /// (text format; the HTML page always shows each changed round's two sheets side by
    /// side).
    #[arg(long)]
    sheets: bool,
    /// Tell which rule point causes each changed win: B's differing rule points are tried one
    /// at a time on A (slower: one more replay per differing rule point).
    #[arg(long)]
    explain: bool,
    /// Worker threads (default and most: one per core). The output is the same at any
    /// number.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Narrow the rows of a log database; give it several times, all must hold.
    #[arg(long = "where", value_name = "KEY=VALUE", help = crate::inputs::WHERE_HELP)]
    narrow: Vec<String>,
    /// The progress bar on stderr: `auto` draws it when stderr is a terminal and the CI
    /// variable is not set; `always` and `never` as they say.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = crate::output::ProgressWhen::Auto)]
    progress: crate::output::ProgressWhen,
}

/// Output formats of `diff`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// Per game, each change in game order, then a summary.
    Text,
    /// One JSON object: `{"games": [...], "summary": {...}}`.
    Json,
    /// One self-contained HTML page: the rule sets, a legend, the summary, the aggregate's
    /// tables and charts, each changed game with its changed rounds' two sheets side by side,
    /// and the files that failed and the games B cannot rule to the end.
    Html,
}

/// Files compared in parallel per batch, written in file order after each batch.
const BATCH_PER_THREAD: usize = 16;

/// Everything the run needs to compare one file.
struct Plan<'p> {
    a: &'p RuleChoice,
    b: &'p RuleChoice,
    explain: bool,
    sheets: bool,
}

impl Format {
    /// The report's format of the same name.
    fn report(self) -> DiffFormat {
        match self {
            Format::Text => DiffFormat::Text,
            Format::Json => DiffFormat::Json,
            Format::Html => DiffFormat::Html,
        }
    }
}

pub(crate) fn run(args: &DiffArgs) -> anyhow::Result<ExitCode> {
    let a = RuleChoice::parse(&args.rules)?;
    let b = RuleChoice::parse(&args.against)?;
    let plan = Plan {
        a: &a,
        b: &b,
        explain: args.explain,
        sheets: match args.format {
            Format::Text => args.sheets,
            Format::Json => false,
            Format::Html => true,
        },
    };
    let found = files::collect(&args.paths);
    let narrowing = crate::inputs::narrowing(&args.narrow, &found)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(crate::files::workers(args.jobs))
        .build()?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads().max(1);
    let progress = match Progress::shown(args.progress) {
        true => Progress::games(crate::inputs::count(&found, &narrowing), "comparing"),
        false => Progress::hidden(),
    };
    let stdout = std::io::stdout();
    let colour = stdout.is_terminal();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut report = DiffReport::new(args.format.report(), &args.rules, &args.against)
        .colour(colour)
        .explain(args.explain);
    if let Err(e) = report.begin(&mut out) {
        return output::write_failed(e);
    }
    crate::inputs::catch_interrupt();
    let stream = crate::inputs::Stream::start(found, narrowing, batch);
    while let Some(chunk) = stream.next_chunk() {
        let outcomes: Vec<FileDiff> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(
                    || (GameLog::new(), Specs::default()),
                    |(log, specs), item| compare(item, log, specs, &plan),
                )
                .collect()
        });
        for outcome in outcomes {
            progress.inc();
            if let Err(message) = &outcome.result {
                progress.println(message.clone());
            }
            if let Err(e) = report.add(&mut out, &outcome) {
                return output::write_failed(e);
            }
        }
        progress.tally(report.summary().games_changed, "changed");
    }
    if let Some(note) = output::rows_passed_over(stream.finish()) {
        progress.println(note);
    }
    if crate::inputs::interrupted() {
        progress
            .println("haifu: interrupted: the summary counts the games reported so far".to_owned());
    }
    progress.finish();
    if let Err(e) = report.finish(&mut out).and_then(|()| out.flush()) {
        return output::write_failed(e);
    }
    let summary = report.summary();
    Ok(if summary.errors > 0 {
        ExitCode::from(2)
    } else if summary.games_changed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads one game (a file, or a database row) and compares it under the two rule sets.
fn compare(item: &Game, log: &mut GameLog, specs: &mut Specs, plan: &Plan<'_>) -> FileDiff {
    let file = item.shown();
    let result = item.read_into(log).and_then(|_| {
        let in_file = |e: String| format!("{file}: {e}");
        let (ra, _) = plan.a.for_log(log, item.path()).map_err(in_file)?;
        let (rb, _) = plan.b.for_log(log, item.path()).map_err(in_file)?;
        let diff = haifu_replay::diff(log, &ra, &rb);
        let explained = if plan.explain {
            let singles = haifu_replay::single_changes(&ra, &rb);
            haifu_replay::explain(log, &diff, &singles)
        } else {
            BTreeMap::new()
        };
        let sheets = (plan.sheets && !diff.changes.is_empty()).then(|| {
            let sheet_a = haifu_replay::render_rounds(&haifu_replay::replay(log, &ra));
            let sheet_b = haifu_replay::render_rounds(&haifu_replay::replay(log, &rb));
            [sheet_a, sheet_b]
        });
        Ok(ComparedGame {
            diff,
            explained,
            sheets,
            rules: [specs.of(ra).to_owned(), specs.of(rb).to_owned()],
        })
    });
    FileDiff { file, result }
}
