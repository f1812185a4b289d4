//! `haifu verify`: replay logs and report every divergence.

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;
use haifu_replay::{Divergence, DivergenceKind, Status, Verdict};
use rayon::prelude::*;
use serde::Serialize;

use crate::files::{self, Found};
use crate::output::{self, Progress};

/// Arguments of `haifu verify`.
#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// Log files or directories, or `-` for standard input: Tenhou mjlog XML (plain or
    /// gzipped), tenhou.net/6 JSON, a decoded Mahjong Soul record or haifu text, told apart by
    /// content. Directories are walked
    /// recursively for `.xml`, `.mjlog`, `.json` and `.haifu` files (a `.haifuignore` file in
    /// a directory lists names to skip there and below).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    #[arg(long, default_value = "auto", value_name = "RULES", help = crate::rules::RULES_HELP)]
    rules: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Known divergences (a file `--write-baseline` wrote): they are listed as known and do
    /// not fail the run; only new ones do. Those of the baseline no longer found are listed.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write every divergence found to FILE, as a baseline for `--baseline`.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Also fail (exit 1) on games the engine does not support (three-player games today),
    /// which are otherwise skipped.
    #[arg(long, value_name = "WHAT", value_parser = ["unsupported"])]
    fail_on: Option<String>,
    /// Count a record that stops before the game's end as divergent (by default it conforms,
    /// and says that its end is not recorded).
    #[arg(long)]
    require_end: bool,
    /// Count a record that begins mid-game (a tenhou.net/6 excerpt, a scenario of the last
    /// hands) as divergent (by default it is followed from its first round, and says so).
    #[arg(long)]
    require_start: bool,
    /// Accept paths that hold no log file at all (by default an input error: a mistyped
    /// folder should not pass a CI job).
    #[arg(long)]
    allow_empty: bool,
    /// Worker threads (default and most: one per core). The output is the same at any
    /// number.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Show every divergence of a round that has many of one kind (by default the first
    /// three of each kind and a count), and list on stderr the files of the folders that
    /// were not read, with why.
    #[arg(long, short = 'v')]
    verbose: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    /// One line per game, details for divergent games, then a summary.
    Text,
    /// One JSON object: `{"games": [...], "summary": {...}}`.
    Json,
    /// JUnit XML for CI: a test suite per folder, one test case per game (skipped when
    /// unsupported), failing with its divergences or its read error.
    Junit,
    /// Markdown for a pull request comment or a job summary: the summary, then each game that
    /// does not conform with its divergences.
    Markdown,
    /// GitHub Actions workflow commands: one `::error` annotation per divergence and per
    /// unreadable file (at its line in a haifu text file, its line and column in an mjlog), a
    /// `::notice` per unsupported game.
    Github,
}

/// The result for one file.
struct GameOutcome {
    file: PathBuf,
    result: Result<Verdict, String>,
    /// How many attributes the reader did not know.
    unknown: usize,
    /// For a divergent game read from haifu text: where its events and expectations were
    /// written.
    lines: haifu_notation::SourceLines,
    /// For a divergent game read from mjlog XML: where each event's tag is.
    locations: Vec<haifu_log::Location>,
    /// Where the rule set came from (the log's declaration, or `--rules`).
    rules_source: Option<String>,
}

impl GameOutcome {
    /// The line of the text a divergence concerns, when the game came from haifu text: a
    /// failed expectation's `expect` line, or the line of the event.
    fn line(&self, d: &Divergence) -> Option<u32> {
        self.place(d).map(|(line, _)| line)
    }

    /// Where in its file a divergence's event is: the line (haifu text: a failed
    /// expectation's `expect` line, or the event's line), with the column of the event's
    /// tag for mjlog XML.
    fn place(&self, d: &Divergence) -> Option<(u32, Option<u32>)> {
        if let Some(at) = d.event.and_then(|e| self.locations.get(e)) {
            return Some((at.line, Some(at.column)));
        }
        match d.kind {
            DivergenceKind::ExpectationFailed { expectation, .. } => {
                self.lines.expectations.get(expectation).copied()
            }
            _ => d.event.and_then(|e| self.lines.events.get(e).copied()),
        }
        .map(|line| (line, None))
    }

    /// The place as text for a person: ` (line 12)`, ` (line 1, column 5203)`, or nothing.
    fn place_text(&self, d: &Divergence) -> String {
        match self.place(d) {
            Some((line, Some(column))) => format!(" (line {line}, column {column})"),
            Some((line, None)) => format!(" (line {line})"),
            None => String::new(),
        }
    }
}

#[derive(Default, Serialize)]
struct Summary {
    files: usize,
    games: usize,
    rounds: usize,
    wins: usize,
    draws: usize,
    games_conforming: usize,
    games_divergent: usize,
    divergences: usize,
    errors: usize,
    unsupported: usize,
    /// Entries of the folders not read (hidden, ignored, not a log's name, met twice).
    skipped: usize,
    /// The divergences kept, by kind (those counted beyond a game's first thousand are in
    /// `divergences` only).
    divergences_by_kind: std::collections::BTreeMap<&'static str, usize>,
    /// Attributes the reader did not know, kept verbatim (a format change worth a look).
    unknown_attributes: usize,
}

#[derive(Serialize)]
struct JsonGame<'a> {
    file: String,
    status: &'static str,
    /// For a conforming game: whether the log records the game's end (false for a record
    /// that stops before it).
    #[serde(skip_serializing_if = "Option::is_none")]
    end_recorded: Option<bool>,
    /// For a conforming game: whether the log starts at the game's start (false for an
    /// excerpt, or a scenario of the last hands, followed from its first round).
    #[serde(skip_serializing_if = "Option::is_none")]
    start_recorded: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// The game's own counts, as its log records them (for comparing two forms of a game).
    #[serde(skip_serializing_if = "Option::is_none")]
    rounds: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draws: Option<usize>,
    /// The rule set the game was checked under, as a `--rules` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    /// Where that rule set came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules_source: Option<&'a str>,
    divergences: Vec<JsonDivergence>,
    /// Divergences found beyond the first ones kept, counted only.
    #[serde(skip_serializing_if = "is_zero")]
    divergences_left_out: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct JsonDivergence {
    round: Option<String>,
    event: Option<usize>,
    /// The line of the file the event comes from (haifu text, mjlog XML).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    /// The column of the event's tag (mjlog XML).
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    kind: &'static str,
    detail: String,
    /// For a kind that compares values: what is compared, the engine's and the log's.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<String>,
}

/// Files replayed in parallel per batch; results are printed in file order after each batch,
/// so memory stays flat however many files there are.
const BATCH_PER_THREAD: usize = 32;

pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let choice = crate::rules::RuleChoice::parse(&args.rules)?;
    let (found, skipped) = files::collect_with_skipped(&args.paths);
    if found.is_empty() && !args.allow_empty {
        anyhow::bail!(
            "no log file in {}: nothing to verify (--allow-empty accepts that)",
            args.paths
                .iter()
                .map(|p| files::shown(p))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(crate::files::workers(args.jobs))
        .build()?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads().max(1);
    let progress = Progress::new(found.len() as u64, "verifying");
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut summary = Summary {
        skipped: skipped.len(),
        ..Summary::default()
    };
    if args.verbose {
        for s in &skipped {
            eprintln!("{}: skipped: {}", files::shown(&s.path), s.why);
        }
    }
    let mut first = true;
    let opening: &[u8] = match args.format {
        Format::Text => b"",
        Format::Json => b"{\"games\":[",
        Format::Junit => b"",
        Format::Markdown => b"## haifu verify\n\n",
        Format::Github => b"",
    };
    let known = match &args.baseline {
        Some(path) => Some(Baseline::read(path)?),
        None => None,
    };
    let mut found_entries: Vec<BaselineEntry> = Vec::new();
    // JUnit is written whole at the end: the report states its counts first. One suite per
    // folder, in the order first met.
    let mut suites: Vec<quick_junit::TestSuite> = Vec::new();
    let mut seen_known = std::collections::HashSet::new();
    let mut new_divergences = 0usize;
    if let Err(e) = out.write_all(opening) {
        return output::write_failed(e);
    }
    for chunk in found.chunks(batch) {
        let outcomes: Vec<GameOutcome> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(GameLog::new, |log, item| {
                    let mut outcome = process(item, log, &choice);
                    if args.require_start {
                        require_start(&mut outcome);
                    }
                    if args.require_end {
                        require_end(&mut outcome);
                    }
                    outcome
                })
                .collect()
        });
        for outcome in outcomes {
            progress.inc();
            tally(&mut summary, &outcome);
            for entry in baseline_entries(&outcome) {
                match &known {
                    Some(b) if b.entries.contains(&entry) => {
                        seen_known.insert(entry.clone());
                    }
                    _ => new_divergences += 1,
                }
                if args.write_baseline.is_some() {
                    found_entries.push(entry);
                }
            }
            // Read errors are said once: in the text report, or on stderr beside a report
            // made for machines (as FILE:LINE:COL: message).
            if let Err(message) = &outcome.result
                && !matches!(args.format, Format::Text)
            {
                progress.println(message.clone());
            }
            let written = match args.format {
                Format::Text => write_text(&mut out, &outcome, args.verbose),
                Format::Json => write_json(&mut out, &outcome, &mut first),
                Format::Junit => {
                    let folder = junit_suite_name(&outcome.file);
                    let suite = match suites.iter().position(|s| s.name.as_str() == folder) {
                        Some(i) => &mut suites[i],
                        None => {
                            suites.push(quick_junit::TestSuite::new(folder));
                            let last = suites.len() - 1;
                            &mut suites[last]
                        }
                    };
                    suite.add_test_case(junit_case(&outcome));
                    Ok(())
                }
                Format::Markdown => write_markdown(&mut out, &outcome),
                Format::Github => write_github(&mut out, &outcome),
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
            "{}, {}, {} ({}, {}): {} conforming, {} divergent, {} unsupported, {}; {}{}",
            output::count(summary.files, "file"),
            output::count(summary.games, "game"),
            output::count(summary.rounds, "round"),
            output::count(summary.wins, "win"),
            output::count(summary.draws, "draw"),
            summary.games_conforming,
            summary.games_divergent,
            summary.unsupported,
            output::count(summary.errors, "error"),
            output::count(summary.divergences, "divergence"),
            match summary.skipped {
                0 => String::new(),
                n if args.verbose => format!("; {} skipped", output::count(n, "file")),
                n => format!(
                    "; {} skipped (--verbose lists them)",
                    output::count(n, "file")
                ),
            }
        )
        .and_then(|()| {
            if summary.divergences_by_kind.is_empty() {
                return Ok(());
            }
            let kinds: Vec<String> = summary
                .divergences_by_kind
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            writeln!(out, "divergences by kind: {}", kinds.join(", "))
        }),
        Format::Json => serde_json::to_string(&summary)
            .map_err(std::io::Error::from)
            .and_then(|s| writeln!(out, "],\"summary\":{s}}}")),
        Format::Junit => {
            let mut report = quick_junit::Report::new("haifu verify");
            report.add_test_suites(std::mem::take(&mut suites));
            report
                .serialize(&mut out)
                .map_err(|e| std::io::Error::other(e.to_string()))
        }
        Format::Markdown => writeln!(
            out,
            "\n**{}**: {} conforming, {} divergent, {} unsupported, {}; {} ({}).",
            output::count(summary.files, "file"),
            summary.games_conforming,
            summary.games_divergent,
            summary.unsupported,
            output::count(summary.errors, "error"),
            output::count(summary.divergences, "divergence"),
            output::count(summary.rounds, "round")
        ),
        Format::Github => writeln!(
            out,
            "::notice title=haifu verify::{}: {} conforming, {} divergent, {} unsupported, {}; {}",
            output::count(summary.files, "file"),
            summary.games_conforming,
            summary.games_divergent,
            summary.unsupported,
            output::count(summary.errors, "error"),
            output::count(summary.divergences, "divergence")
        ),
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return output::write_failed(e);
    }
    if let Some(path) = &args.write_baseline {
        Baseline {
            entries: found_entries.into_iter().collect(),
        }
        .write(path)?;
    }
    if let Some(b) = &known {
        let gone = b
            .entries
            .iter()
            .filter(|e| !seen_known.contains(*e))
            .count();
        eprintln!(
            "baseline {}: {} known divergences found again, {} no longer found, {} new",
            crate::files::shown(args.baseline.as_deref().unwrap_or(Path::new(""))),
            seen_known.len(),
            gone,
            new_divergences
        );
    }
    let divergent = match known {
        Some(_) => new_divergences > 0,
        None => summary.games_divergent > 0,
    } || (args.fail_on.is_some() && summary.unsupported > 0);
    Ok(if summary.errors > 0 {
        ExitCode::from(2)
    } else if divergent {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn process(item: &Found, log: &mut GameLog, choice: &crate::rules::RuleChoice) -> GameOutcome {
    match item {
        Found::Error(path, e) => GameOutcome {
            file: path.clone(),
            result: Err(format!("{}: {e}", crate::files::shown(path))),
            unknown: 0,
            lines: haifu_notation::SourceLines::default(),
            locations: Vec::new(),
            rules_source: None,
        },
        Found::File(path) => {
            let mut source = None;
            let result =
                output::read_log(path, log).and_then(|()| {
                    let (rules, from) = choice
                        .for_log(log)
                        .map_err(|e| format!("{}: {e}", crate::files::shown(path)))?;
                    source = Some(from);
                    Ok(std::panic::catch_unwind(AssertUnwindSafe(|| {
                        haifu_replay::verify(log, &rules)
                    }))
                    .unwrap_or_else(|panic| Verdict::panicked(panic_message(&*panic))))
                });
            // Divergences in a hand-written record are worth a line number: read it again,
            // line by line (only then, so a conforming corpus pays nothing).
            let lines = match &result {
                Ok(v)
                    if v.status() == Status::Divergent
                        && path.extension().is_some_and(|e| e == "haifu") =>
                {
                    std::fs::read(path)
                        .ok()
                        .and_then(|b| String::from_utf8(b).ok())
                        .and_then(|t| haifu_notation::source_lines(&t).ok())
                        .unwrap_or_default()
                }
                _ => haifu_notation::SourceLines::default(),
            };
            // Likewise, the place of each event of a divergent mjlog (its tag) or tenhou.net/6
            // record (its array item).
            let mut locations = Vec::new();
            if let Ok(v) = &result
                && v.status() == Status::Divergent
                && let Ok(bytes) = crate::files::read_file(path)
            {
                let mut again = GameLog::new();
                let read = match output::Format::of(path, &bytes) {
                    output::Format::Mjlog => haifu_tenhou::read_into_with_locations(
                        &bytes,
                        &mut again,
                        crate::files::max_size(),
                        &mut locations,
                    ),
                    output::Format::Tenhou6 => {
                        haifu_tenhou6::read_with_locations(&bytes, &mut again, &mut locations)
                    }
                    output::Format::Majsoul => {
                        haifu_majsoul::read_with_locations(&bytes, &mut again, &mut locations)
                    }
                    _ => Ok(()),
                };
                if read.is_err() {
                    locations.clear();
                }
            }
            GameOutcome {
                file: path.clone(),
                result,
                unknown: log.unknown.len(),
                lines,
                locations,
                rules_source: source,
            }
        }
    }
}

/// Under `--require-end`: a conforming record that stops before the game's end diverges.
fn require_end(outcome: &mut GameOutcome) {
    if let Ok(v) = &mut outcome.result
        && v.status() == Status::Conforming
        && !v.checked.end_recorded
    {
        v.push(Divergence {
            round: None,
            event: None,
            kind: DivergenceKind::FlowMismatch {
                computed: "the game's end, which --require-end asks for".to_owned(),
                recorded: "a record that stops before the game ends".to_owned(),
            },
        });
    }
}

/// Under `--require-start`: a conforming record that begins mid-game diverges.
fn require_start(outcome: &mut GameOutcome) {
    if let Ok(v) = &mut outcome.result
        && v.status() == Status::Conforming
        && !v.checked.start_recorded
    {
        v.push(Divergence {
            round: None,
            event: None,
            kind: DivergenceKind::FlowMismatch {
                computed: "the game's start, which --require-start asks for".to_owned(),
                recorded: "a record that begins mid-game".to_owned(),
            },
        });
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

fn tally(summary: &mut Summary, outcome: &GameOutcome) {
    summary.files += 1;
    summary.unknown_attributes += outcome.unknown;
    match &outcome.result {
        Err(_) => summary.errors += 1,
        Ok(v) => {
            summary.games += 1;
            // The rounds, wins and draws of a game the engine does not support are not
            // checked: they are not counted as if they were.
            if v.status() != Status::Unsupported {
                summary.rounds += v.rounds;
                summary.wins += v.wins;
                summary.draws += v.draws;
            }
            match v.status() {
                Status::Conforming => summary.games_conforming += 1,
                Status::Divergent => {
                    summary.games_divergent += 1;
                    // A note that a game is unsupported is not a divergence.
                    let notes = v
                        .divergences
                        .iter()
                        .filter(|d| matches!(d.kind, DivergenceKind::Unsupported { .. }))
                        .count();
                    summary.divergences += v.divergence_count() - notes;
                    for d in &v.divergences {
                        if !matches!(d.kind, DivergenceKind::Unsupported { .. }) {
                            *summary
                                .divergences_by_kind
                                .entry(d.kind.name())
                                .or_default() += 1;
                        }
                    }
                }
                Status::Unsupported => summary.unsupported += 1,
            }
        }
    }
}

fn write_text(out: &mut impl Write, outcome: &GameOutcome, verbose: bool) -> std::io::Result<()> {
    let file = crate::files::shown(&outcome.file);
    match &outcome.result {
        // The located message, whole (a notation error's caret lines included).
        Err(message) => {
            let shown = format!("{file}:");
            let what = message.strip_prefix(&shown).unwrap_or(message).trim_start();
            writeln!(out, "{file}: error: {what}")
        }
        Ok(v) => {
            let status = v.status();
            match status {
                Status::Conforming => {
                    let start = if v.checked.start_recorded {
                        ""
                    } else {
                        "; it starts mid-game"
                    };
                    let end = if v.checked.end_recorded {
                        ""
                    } else {
                        "; the game's end is not recorded"
                    };
                    writeln!(
                        out,
                        "{file}: conforming ({}{start}{end})",
                        output::count(v.rounds, "round")
                    )
                }
                Status::Unsupported => {
                    let reason = v
                        .divergences
                        .first()
                        .map(|d| d.kind.to_string())
                        .unwrap_or_default();
                    writeln!(out, "{file}: unsupported ({reason})")
                }
                Status::Divergent => {
                    writeln!(
                        out,
                        "{file}: divergent ({})",
                        output::count(v.divergence_count(), "divergence")
                    )?;
                    write_divergences(out, outcome, &v.divergences, verbose)?;
                    if v.divergences_left_out > 0 {
                        writeln!(
                            out,
                            "  … and {} more divergences, counted but not kept (a verdict keeps the first {} found)",
                            v.divergences_left_out,
                            Verdict::KEPT
                        )?;
                    }
                    Ok(())
                }
            }
        }
    }
}

/// A divergent game's divergences, round by round in the order first met. A flood (a
/// corrupted seed makes every draw of a round diverge) shows the first three of each
/// kind in a round and a count of the rest, unless `verbose`.
fn write_divergences(
    out: &mut impl Write,
    outcome: &GameOutcome,
    divergences: &[Divergence],
    verbose: bool,
) -> std::io::Result<()> {
    const PER_KIND: usize = 3;
    let mut rounds: Vec<(Option<haifu_replay::RoundLabel>, Vec<&Divergence>)> = Vec::new();
    for d in divergences {
        match rounds.iter_mut().find(|(r, _)| *r == d.round) {
            Some((_, list)) => list.push(d),
            None => rounds.push((d.round, vec![d])),
        }
    }
    for (round, list) in &rounds {
        let label = round.map_or_else(|| "game".to_owned(), |r| r.to_string());
        let mut kinds: Vec<(&str, usize)> = Vec::new();
        for d in list {
            let seen = match kinds.iter_mut().find(|(k, _)| *k == d.kind.name()) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    kinds.push((d.kind.name(), 1));
                    1
                }
            };
            if verbose || seen <= PER_KIND {
                let event = d.event.map_or_else(String::new, |e| format!(" event {e}"));
                let place = outcome.place_text(d);
                writeln!(
                    out,
                    "  {label}{event}{place}: {}: {}",
                    d.kind.name(),
                    d.kind
                )?;
            }
        }
        if !verbose {
            for (kind, n) in kinds.iter().filter(|(_, n)| *n > PER_KIND) {
                writeln!(
                    out,
                    "  {label}: … {} more {kind} in this round (--verbose shows each)",
                    n - PER_KIND
                )?;
            }
        }
    }
    Ok(())
}

fn write_json(
    out: &mut impl Write,
    outcome: &GameOutcome,
    first: &mut bool,
) -> std::io::Result<()> {
    let game = match &outcome.result {
        Err(message) => JsonGame {
            file: crate::files::shown(&outcome.file),
            status: "error",
            end_recorded: None,
            start_recorded: None,
            error: Some(message),
            rounds: None,
            wins: None,
            draws: None,
            rules: None,
            rules_source: None,
            divergences: Vec::new(),
            divergences_left_out: 0,
        },
        Ok(v) => JsonGame {
            file: crate::files::shown(&outcome.file),
            status: v.status().as_str(),
            end_recorded: (v.status() == Status::Conforming).then_some(v.checked.end_recorded),
            start_recorded: (v.status() == Status::Conforming).then_some(v.checked.start_recorded),
            error: None,
            rounds: Some(v.rounds),
            wins: Some(v.wins),
            draws: Some(v.draws),
            rules: v.rules.map(|r| r.spec()),
            rules_source: outcome.rules_source.as_deref(),
            divergences: v
                .divergences
                .iter()
                .map(|d| {
                    let compared = d.kind.compared();
                    JsonDivergence {
                        round: d.round.map(|r| r.to_string()),
                        event: d.event,
                        line: outcome.line(d),
                        column: outcome.place(d).and_then(|(_, c)| c),
                        kind: d.kind.name(),
                        detail: d.kind.to_string(),
                        field: compared.as_ref().map(|c| c.0.to_string()),
                        engine: compared.as_ref().map(|c| c.1.to_owned()),
                        recorded: compared.as_ref().map(|c| c.2.to_owned()),
                    }
                })
                .collect(),
            divergences_left_out: v.divergences_left_out,
        },
    };
    if !std::mem::take(first) {
        out.write_all(b",")?;
    }
    serde_json::to_writer(&mut *out, &game).map_err(std::io::Error::from)
}

/// One JUnit test case: named by the file; failed with the divergences, errored with the read
/// error, skipped when unsupported.
/// One game as a JUnit test case: passed when it conforms, skipped when unsupported, failed
/// with its divergences, or in error when unreadable.
/// The JUnit suite a game belongs to: its folder as given (`.` for a file named alone, `-`
/// for standard input).
fn junit_suite_name(file: &Path) -> String {
    if crate::files::is_stdin(file) {
        return "-".to_owned();
    }
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => crate::files::shown(p),
        _ => ".".to_owned(),
    }
}

fn junit_case(outcome: &GameOutcome) -> quick_junit::TestCase {
    use quick_junit::{NonSuccessKind, TestCase, TestCaseStatus};
    let file = crate::files::shown(&outcome.file);
    let status = match &outcome.result {
        Err(message) => {
            let mut st = TestCaseStatus::non_success(NonSuccessKind::Error);
            st.set_message("unreadable or malformed")
                .set_description(message.as_str());
            st
        }
        Ok(v) => match v.status() {
            Status::Conforming => TestCaseStatus::success(),
            Status::Unsupported => {
                let reason = v
                    .divergences
                    .first()
                    .map(|d| d.kind.to_string())
                    .unwrap_or_default();
                let mut st = TestCaseStatus::skipped();
                st.set_message(reason);
                st
            }
            Status::Divergent => {
                let lines: Vec<String> = v
                    .divergences
                    .iter()
                    .map(|d| {
                        let round = d.round.map_or_else(|| "game".to_owned(), |r| r.to_string());
                        let line = outcome
                            .line(d)
                            .map_or_else(String::new, |l| format!(" (line {l})"));
                        format!("{round}{line}: {}: {}", d.kind.name(), d.kind)
                    })
                    .collect();
                let mut st = TestCaseStatus::non_success(NonSuccessKind::Failure);
                st.set_message(output::count(v.divergence_count(), "divergence"))
                    .set_description(lines.join("\n"));
                st
            }
        },
    };
    let mut case = TestCase::new(file, status);
    case.set_classname("haifu.verify");
    case
}

/// A divergence as a baseline knows it: matched by the file, the round, the kind and what
/// is compared (not by the event index, which moves when a log is edited, nor by the values,
/// which a fix elsewhere may move), or by its text when it compares no values.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
struct BaselineEntry {
    file: String,
    round: Option<String>,
    kind: String,
    #[serde(default)]
    field: Option<String>,
    detail: String,
}

impl BaselineEntry {
    /// The file, round and kind, then what is compared, or the text for a kind that
    /// compares no values (two wall mismatches of a round are two entries).
    fn key(&self) -> (&str, Option<&str>, &str, &str) {
        (
            &self.file,
            self.round.as_deref(),
            &self.kind,
            self.field.as_deref().unwrap_or(&self.detail),
        )
    }
}

impl PartialEq for BaselineEntry {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for BaselineEntry {}

impl std::hash::Hash for BaselineEntry {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for BaselineEntry {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BaselineEntry {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// Known divergences, as `--write-baseline` writes them.
#[derive(Serialize, serde::Deserialize)]
struct Baseline {
    entries: std::collections::BTreeSet<BaselineEntry>,
}

impl Baseline {
    fn read(path: &Path) -> anyhow::Result<Baseline> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", crate::files::shown(path)))?;
        serde_json::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{}:{}:{}: not a baseline that --write-baseline wrote: {e}",
                crate::files::shown(path),
                e.line(),
                e.column()
            )
        })
    }

    fn write(&self, path: &Path) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(path, text + "\n").map_err(|e| {
            anyhow::anyhow!(
                "{}: cannot write the baseline: {e}",
                crate::files::shown(path)
            )
        })
    }
}

/// The divergences of one file as baseline entries (the game's unsupported note is none).
fn baseline_entries(outcome: &GameOutcome) -> Vec<BaselineEntry> {
    let Ok(v) = &outcome.result else {
        return Vec::new();
    };
    v.divergences
        .iter()
        .filter(|d| !matches!(d.kind, DivergenceKind::Unsupported { .. }))
        .map(|d| BaselineEntry {
            file: crate::files::shown(&outcome.file),
            round: d.round.map(|r| r.to_string()),
            kind: d.kind.name().to_owned(),
            field: d.kind.compared().map(|c| c.0.into_owned()),
            detail: d.kind.to_string(),
        })
        .collect()
}

/// Markdown: nothing for a conforming game; a line for an error or an unsupported game; a
/// folded list of divergences for a divergent one.
fn write_markdown(out: &mut impl Write, outcome: &GameOutcome) -> std::io::Result<()> {
    let file = crate::files::shown(&outcome.file).replace('`', "'");
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    match &outcome.result {
        Err(message) => writeln!(
            out,
            "- :x: `{file}`: {}",
            cell(message.lines().next().unwrap_or(""))
        ),
        Ok(v) => match v.status() {
            Status::Conforming => Ok(()),
            Status::Unsupported => writeln!(out, "- :grey_question: `{file}`: unsupported"),
            Status::Divergent => {
                writeln!(
                    out,
                    "<details><summary><code>{file}</code>: {}</summary>\n",
                    output::count(v.divergence_count(), "divergence")
                )?;
                writeln!(out, "| round | line | kind | detail |\n|---|---|---|---|")?;
                for d in v.divergences.iter().take(50) {
                    writeln!(
                        out,
                        "| {} | {} | `{}` | {} |",
                        d.round.map_or_else(|| "game".to_owned(), |r| r.to_string()),
                        match outcome.place(d) {
                            Some((l, Some(c))) => format!("{l}:{c}"),
                            Some((l, None)) => l.to_string(),
                            None => String::new(),
                        },
                        d.kind.name(),
                        cell(&d.kind.to_string())
                    )?;
                }
                let more = v.divergence_count().saturating_sub(50);
                if more > 0 {
                    writeln!(out, "\n… and {more} more.")?;
                }
                writeln!(out, "\n</details>")
            }
        },
    }
}

/// A GitHub workflow command's message or property, escaped as GitHub reads them.
fn github_escape(text: &str, property: bool) -> String {
    let mut out = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

/// GitHub annotations: one per divergence (at its line in a haifu text file), per error and
/// per unsupported game.
fn write_github(out: &mut impl Write, outcome: &GameOutcome) -> std::io::Result<()> {
    let file = github_escape(&crate::files::shown(&outcome.file), true);
    match &outcome.result {
        Err(message) => writeln!(
            out,
            "::error file={file},title=unreadable::{}",
            github_escape(message.lines().next().unwrap_or(""), false)
        ),
        Ok(v) => match v.status() {
            Status::Conforming => Ok(()),
            Status::Unsupported => {
                writeln!(out, "::notice file={file},title=unsupported::not checked")
            }
            Status::Divergent => {
                for d in &v.divergences {
                    let line = match outcome.place(d) {
                        Some((l, Some(c))) => format!(",line={l},col={c}"),
                        Some((l, None)) => format!(",line={l}"),
                        None => String::new(),
                    };
                    let round = d.round.map_or_else(|| "game".to_owned(), |r| r.to_string());
                    writeln!(
                        out,
                        "::error file={file}{line},title={}::{}",
                        github_escape(d.kind.name(), true),
                        github_escape(&format!("{round}: {}", d.kind), false)
                    )?;
                }
                Ok(())
            }
        },
    }
}
