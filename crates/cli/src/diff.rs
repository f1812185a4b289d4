//! `haifu diff`: what another rule set changes in the very same games.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;
use haifu_replay::{Aggregate, Change, GameDiff};
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
    /// Also print, for each game that changes, the two referee's sheets as a unified diff
    /// (text format).
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
}

/// Output formats of `diff`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// Per game, each change in game order, then a summary.
    Text,
    /// One JSON object: `{"games": [...], "summary": {...}}`.
    Json,
    /// One self-contained HTML page: the summary, the aggregate's tables and its charts.
    Html,
}

/// The diff of one file, or why it has none.
struct Outcome {
    file: PathBuf,
    result: Result<Compared, String>,
}

/// One game compared: the diff, the rule points that explain each changed win (by event;
/// with `--explain`), and the two sheets' unified diff (with `--sheets`).
struct Compared {
    diff: GameDiff,
    explained: BTreeMap<usize, Vec<&'static str>>,
    sheets: Option<String>,
}

/// What `--explain` found over all games: the changed wins each rule point changes alone,
/// and those no single one does.
#[derive(Default, Serialize)]
struct Explained {
    by_rule_point: BTreeMap<&'static str, usize>,
    only_together: usize,
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
    /// With `--explain`, for a changed win: the rule points that change it alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    explained_by: Option<Vec<&'static str>>,
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

/// The aggregate as JSON.
#[derive(Serialize)]
struct JsonAggregate<'a> {
    point_changes: Vec<(i64, usize)>,
    wins_made_valid: usize,
    ends_unknown: usize,
    /// `placement[a][b]`: players placed `a + 1` under A and `b + 1` under B.
    placement: [[usize; 4]; 4],
    /// By A's place: the mean shift of placement points (B less A), where both compute them.
    points_shift: [Option<f64>; 4],
    #[serde(skip_serializing_if = "Option::is_none")]
    explained: Option<&'a Explained>,
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

pub(crate) fn run(args: &DiffArgs) -> anyhow::Result<ExitCode> {
    let a = RuleChoice::parse(&args.rules)?;
    let b = RuleChoice::parse(&args.against)?;
    let plan = Plan {
        a: &a,
        b: &b,
        explain: args.explain,
        sheets: args.sheets && matches!(args.format, Format::Text),
    };
    let found = files::collect(&args.paths);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(crate::files::workers(args.jobs))
        .build()?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads().max(1);
    let progress = Progress::new(found.len() as u64, "comparing");
    let stdout = std::io::stdout();
    let colour = stdout.is_terminal();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    let mut aggregate = Aggregate::default();
    let mut explained = Explained::default();
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
                .map_init(GameLog::new, |log, item| compare(item, log, &plan))
                .collect()
        });
        for outcome in outcomes {
            progress.inc();
            tally(&mut summary, &mut aggregate, &mut explained, &outcome);
            if let Err(message) = &outcome.result {
                progress.println(message.clone());
            }
            let written = match args.format {
                Format::Text => write_text(&mut out, &outcome, colour),
                Format::Json => write_json(&mut out, &outcome, &mut first),
                Format::Html => Ok(()),
            };
            if let Err(e) = written {
                return output::write_failed(e);
            }
        }
    }
    progress.finish();
    let explained = args.explain.then_some(&explained);
    let written = match args.format {
        Format::Text => write_summary(&mut out, &summary, &aggregate, explained),
        Format::Json => {
            let agg = json_aggregate(&aggregate, explained);
            serde_json::to_string(&summary)
                .and_then(|s| Ok((s, serde_json::to_string(&agg)?)))
                .map_err(std::io::Error::from)
                .and_then(|(s, agg)| writeln!(out, "],\"summary\":{s},\"aggregate\":{agg}}}"))
        }
        Format::Html => {
            let page = crate::html::diff_page(
                &args.rules,
                &args.against,
                &summary_rows(&summary),
                &aggregate,
                explained.map(|e| &e.by_rule_point),
            );
            out.write_all(page.as_bytes())
        }
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

fn compare(item: &Found, log: &mut GameLog, plan: &Plan<'_>) -> Outcome {
    let (file, result) = match item {
        Found::Error(path, e) => (
            path.clone(),
            Err(format!("{}: {e}", crate::files::shown(path))),
        ),
        Found::File(path) => {
            let result = output::read_log(path, log).and_then(|()| {
                let in_file = |e: String| format!("{}: {e}", crate::files::shown(path));
                let (ra, _) = plan.a.for_log(log).map_err(in_file)?;
                let (rb, _) = plan.b.for_log(log).map_err(in_file)?;
                let diff = haifu_replay::diff(log, &ra, &rb);
                let explained = if plan.explain {
                    let singles = haifu_replay::single_changes(&ra, &rb);
                    haifu_replay::explain(log, &ra, &diff, &singles)
                } else {
                    BTreeMap::new()
                };
                let sheets = (plan.sheets && !diff.changes.is_empty()).then(|| {
                    let sheet_a = haifu_replay::render(&haifu_replay::replay(log, &ra), None);
                    let sheet_b = haifu_replay::render(&haifu_replay::replay(log, &rb), None);
                    similar::TextDiff::from_lines(&sheet_a, &sheet_b)
                        .unified_diff()
                        .context_radius(2)
                        .header("A", "B")
                        .to_string()
                });
                Ok(Compared {
                    diff,
                    explained,
                    sheets,
                })
            });
            (path.clone(), result)
        }
    };
    Outcome { file, result }
}

fn tally(
    summary: &mut Summary,
    aggregate: &mut Aggregate,
    explained: &mut Explained,
    outcome: &Outcome,
) {
    summary.files += 1;
    match &outcome.result {
        Err(_) => summary.errors += 1,
        Ok(c) if c.diff.a.unsupported.is_some() || c.diff.b.unsupported.is_some() => {
            summary.unsupported += 1;
        }
        Ok(c) => {
            let d = &c.diff;
            summary.games += 1;
            summary.games_changed += usize::from(!d.changes.is_empty());
            summary.wins_changed += d.wins_changed();
            summary.wins_invalid += d.wins_invalid();
            summary.draws_changed += d.draws_changed();
            summary.placements_changed += usize::from(d.placements_changed());
            aggregate.add(d);
            for fields in c.explained.values() {
                if fields.is_empty() {
                    explained.only_together += 1;
                }
                for f in fields {
                    *explained.by_rule_point.entry(f).or_default() += 1;
                }
            }
        }
    }
}

/// A changed win's explanation, as the text output writes it after the change.
fn because(fields: Option<&Vec<&'static str>>) -> String {
    match fields {
        None => String::new(),
        Some(f) if f.is_empty() => " [no single rule point: several together]".to_owned(),
        Some(f) => format!(" [{}]", f.join(", ")),
    }
}

fn event_of(c: &Change) -> Option<usize> {
    match c {
        Change::WinValue { event, .. } | Change::WinInvalid { event, .. } => Some(*event),
        _ => None,
    }
}

fn write_text(out: &mut impl Write, outcome: &Outcome, colour: bool) -> std::io::Result<()> {
    let file = crate::files::shown(&outcome.file);
    match &outcome.result {
        Err(message) => {
            let first = message.lines().next().unwrap_or("");
            writeln!(out, "{file}: error: {first}")
        }
        Ok(c) => {
            let d = &c.diff;
            if let Some(reason) = d.a.unsupported.as_ref().or(d.b.unsupported.as_ref()) {
                return writeln!(out, "{file}: unsupported ({reason})");
            }
            if d.changes.is_empty() {
                return writeln!(out, "{file}: no change");
            }
            writeln!(out, "{file}: {} changes", d.changes.len())?;
            for change in &d.changes {
                let why = because(event_of(change).and_then(|e| c.explained.get(&e)));
                writeln!(out, "  {change}{why}")?;
            }
            if let Some(sheets) = &c.sheets {
                for line in sheets.lines() {
                    let paint = match line.as_bytes().first() {
                        _ if !colour => None,
                        Some(b'+') if !line.starts_with("+++") => Some("32"),
                        Some(b'-') if !line.starts_with("---") => Some("31"),
                        Some(b'@') => Some("36"),
                        _ => None,
                    };
                    match paint {
                        Some(code) => writeln!(out, "\x1b[{code}m{line}\x1b[0m")?,
                        None => writeln!(out, "{line}")?,
                    }
                }
            }
            Ok(())
        }
    }
}

/// The summary's counts as rows (label, value), for the text and HTML forms.
fn summary_rows(s: &Summary) -> Vec<(&'static str, usize)> {
    vec![
        ("files", s.files),
        ("games compared", s.games),
        ("games changed", s.games_changed),
        (
            "wins changed (valid under both, worth otherwise)",
            s.wins_changed,
        ),
        ("wins invalid under B", s.wins_invalid),
        ("draws whose payments changed", s.draws_changed),
        ("games whose final places changed", s.placements_changed),
        ("unsupported", s.unsupported),
        ("errors", s.errors),
    ]
}

fn write_summary(
    out: &mut impl Write,
    s: &Summary,
    agg: &Aggregate,
    explained: Option<&Explained>,
) -> std::io::Result<()> {
    use haifu_report::count;
    writeln!(
        out,
        "{}, {}: {} changed ({} changed, {} invalid, {} changed, {} changed), {} unsupported, {}",
        count(s.files, "file"),
        count(s.games, "game"),
        s.games_changed,
        count(s.wins_changed, "win"),
        count(s.wins_invalid, "win"),
        count(s.draws_changed, "draw"),
        count(s.placements_changed, "placement"),
        s.unsupported,
        count(s.errors, "error"),
    )?;
    if agg.games < 2 {
        return Ok(());
    }
    if !agg.point_changes.is_empty() {
        let v: Vec<String> = agg
            .point_change_groups()
            .iter()
            .map(|g| format!("{g} x{}", g.wins))
            .collect();
        let grouped = if agg.point_changes.len() > v.len() {
            format!(
                ", in ranges ({} distinct changes; the JSON lists each)",
                agg.point_changes.len()
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "point changes of the changed wins (B less A){grouped}: {}",
            v.join(", ")
        )?;
    }
    if agg.wins_made_valid > 0 {
        writeln!(out, "wins valid under B only: {}", agg.wins_made_valid)?;
    }
    if agg.ends_unknown > 0 {
        writeln!(out, "games whose end B cannot rule: {}", agg.ends_unknown)?;
    }
    writeln!(
        out,
        "places, A (rows) to B (columns), games that end under both:"
    )?;
    for (i, row) in agg.placement.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|n| format!("{n:>6}")).collect();
        writeln!(out, "  {}: {}", i + 1, cells.join(""))?;
    }
    let shifts: Vec<String> = agg
        .points_shift
        .iter()
        .enumerate()
        .map(|(i, (sum, n))| match n {
            0 => format!("{}: -", i + 1),
            _ => format!("{}: {:+.2}", i + 1, *sum as f64 / *n as f64 / 10.0),
        })
        .collect();
    writeln!(
        out,
        "mean shift of placement points by A's place (B less A): {}",
        shifts.join(", ")
    )?;
    if let Some(e) = explained {
        let v: Vec<String> = e
            .by_rule_point
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        writeln!(
            out,
            "changed wins each rule point changes alone: {}; by none alone: {}",
            if v.is_empty() {
                "none".to_owned()
            } else {
                v.join(", ")
            },
            e.only_together
        )?;
    }
    Ok(())
}

fn json_aggregate<'a>(agg: &Aggregate, explained: Option<&'a Explained>) -> JsonAggregate<'a> {
    JsonAggregate {
        point_changes: agg.point_changes.iter().map(|(d, n)| (*d, *n)).collect(),
        wins_made_valid: agg.wins_made_valid,
        ends_unknown: agg.ends_unknown,
        placement: agg.placement,
        points_shift: agg
            .points_shift
            .map(|(sum, n)| (n > 0).then(|| sum as f64 / n as f64 / 10.0)),
        explained,
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
            file: crate::files::shown(&outcome.file),
            error: Some(message),
            unsupported: None,
            changes: Vec::new(),
            end_a: None,
            end_b: None,
        },
        Ok(c) => {
            let d = &c.diff;
            JsonGame {
                file: crate::files::shown(&outcome.file),
                error: None,
                unsupported: d.a.unsupported.as_deref().or(d.b.unsupported.as_deref()),
                changes: d
                    .changes
                    .iter()
                    .map(|change| {
                        let (kind, round, event) = kind(change);
                        JsonChange {
                            kind,
                            round,
                            event,
                            detail: change.to_string(),
                            explained_by: event_of(change)
                                .and_then(|e| c.explained.get(&e))
                                .cloned(),
                        }
                    })
                    .collect(),
                end_a: Some(haifu_replay::end_text(&d.a.end)),
                end_b: Some(haifu_replay::end_text(&d.b.end)),
            }
        }
    };
    if !std::mem::take(first) {
        out.write_all(b",")?;
    }
    serde_json::to_writer(&mut *out, &game).map_err(std::io::Error::from)
}
