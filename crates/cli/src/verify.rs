//! `haifu verify`: replay logs and report every divergence.

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;
use haifu_replay::{Divergence, DivergenceKind, Shown, Status, Verdict};
use haifu_report::{
    Baseline, BaselineEntry, FileVerdict, SourcePositions, VerifyFormat, VerifyReport,
    VerifySummary,
};
use rayon::prelude::*;

use crate::files;
use crate::inputs::Game;
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
    /// Output format: text, json, junit, markdown, github or html, to standard output; or
    /// `FORMAT=FILE` to write it to FILE. Give it several times for several reports from one
    /// run (`--format text --format json=report.json --format junit=report.xml`); at most
    /// one goes to standard output.
    #[arg(
        long,
        value_name = "FORMAT[=FILE]",
        default_value = "text",
        value_parser = parse_output,
        action = clap::ArgAction::Append
    )]
    format: Vec<Output>,
    /// Known divergences (a file `--write-baseline` wrote): they are listed as known and do
    /// not fail the run; only new ones do. Those of the baseline no longer found are listed.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write every divergence found to FILE, as a baseline for `--baseline` (a divergence
    /// found n times with one key is listed n times, and covers n). The run then succeeds
    /// unless a file does not read (or `--baseline` finds new divergences).
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    /// Also fail (exit 1) on games the engine does not support (a log under a rule set for
    /// another table size), which are otherwise skipped.
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
    /// Narrow the rows of a log database (see below); give it several times, all must hold.
    #[arg(long = "where", value_name = "KEY=VALUE", help = crate::inputs::WHERE_HELP)]
    narrow: Vec<String>,
    /// The progress bar on stderr (games done, games/s, time left, divergent so far): `auto`
    /// draws it when stderr is a terminal and the CI variable is not set; `always` and
    /// `never` as they say.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = crate::output::ProgressWhen::Auto)]
    progress: crate::output::ProgressWhen,
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
    /// JSON Lines: one game's object a line (as in `json`'s `games`), each written as soon
    /// as it and every game before it are done, then `{"summary": {...}}` on the last line.
    Jsonl,
    /// JUnit XML for CI: a test suite per folder, one test case per game (skipped when
    /// unsupported), failing with its new divergences (those a baseline does not know) or its
    /// read error.
    Junit,
    /// Markdown for a pull request comment or a job summary: each game that does not conform
    /// with its divergences (known ones marked), then the summary.
    Markdown,
    /// GitHub Actions workflow commands: one `::error` annotation per new divergence and per
    /// unreadable file (at its line in a haifu text file, its line and column in an mjlog), a
    /// `::notice` per divergence a baseline knows and per unsupported game.
    Github,
    /// One self-contained HTML page: every game with its status and rounds, each divergent
    /// round's referee's sheet with its divergences marked, and each unreadable file's
    /// located message.
    Html,
}

/// One report of a run: its format, and the file it goes to (standard output if none).
#[derive(Clone, Debug)]
struct Output {
    format: Format,
    file: Option<PathBuf>,
}

/// Reads a `--format` value: `FORMAT` or `FORMAT=FILE`.
fn parse_output(text: &str) -> Result<Output, String> {
    let (name, file) = match text.split_once('=') {
        Some((name, file)) if !file.is_empty() => (name, Some(PathBuf::from(file))),
        Some(_) => return Err(format!("{text:?}: give a file after `=`, or no `=`")),
        None => (text, None),
    };
    let format = Format::from_str(name, true).map_err(|_| {
        format!(
            "{name:?} is no report format: expected {}, each with =FILE to write it to a file",
            Format::value_variants()
                .iter()
                .filter_map(|f| f.to_possible_value())
                .map(|v| v.get_name().to_owned())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    Ok(Output { format, file })
}

/// The reports of a run, each with its writer: begun, added to and finished together.
struct Reports {
    reports: Vec<(VerifyReport, Box<dyn Write>)>,
}

impl Reports {
    /// Opens each output's file (refusing a symbolic link, which would write elsewhere than
    /// named) or standard output.
    fn open(outputs: &[Output], skipped: usize, verbose: bool) -> anyhow::Result<Reports> {
        let on_stdout = outputs.iter().filter(|o| o.file.is_none()).count();
        if on_stdout > 1 {
            anyhow::bail!(
                "--format: {on_stdout} reports to standard output; give all but one a file (--format json=report.json)"
            );
        }
        let mut reports = Vec::with_capacity(outputs.len());
        for output in outputs {
            let writer: Box<dyn Write> = match &output.file {
                None => Box::new(std::io::BufWriter::new(std::io::stdout())),
                Some(path) => {
                    let shown = files::shown(path);
                    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
                        anyhow::bail!(
                            "--format {}={shown}: a symbolic link; name the file itself",
                            output.format.name()
                        );
                    }
                    let file = std::fs::File::create(path).map_err(|e| {
                        anyhow::anyhow!(
                            "--format {}={shown}: cannot write it: {e}",
                            output.format.name()
                        )
                    })?;
                    Box::new(std::io::BufWriter::new(file))
                }
            };
            let report = VerifyReport::new(output.format.report(), skipped).verbose(verbose);
            reports.push((report, writer));
        }
        Ok(Reports { reports })
    }

    fn begin(&mut self) -> std::io::Result<()> {
        self.reports.iter_mut().try_for_each(|(r, w)| r.begin(w))
    }

    fn add(&mut self, game: &FileVerdict) -> std::io::Result<()> {
        self.reports
            .iter_mut()
            .try_for_each(|(r, w)| r.add(w, game))
    }

    /// Writes out what each report holds so far (after each chunk: a game is written as
    /// soon as it and every game before it are done).
    fn flush(&mut self) -> std::io::Result<()> {
        self.reports.iter_mut().try_for_each(|(_, w)| w.flush())
    }

    fn pass_over_rows(&mut self, rows: haifu_logdb::RowCounts) {
        for (r, _) in &mut self.reports {
            r.pass_over_rows(rows.unprocessed, rows.in_error);
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.reports
            .iter_mut()
            .try_for_each(|(r, w)| r.finish(w).and_then(|()| w.flush()))
    }

    /// The run's totals (every report counts the same games).
    fn summary(&self) -> VerifySummary {
        self.reports
            .first()
            .map(|(r, _)| r.summary().clone())
            .unwrap_or_default()
    }
}

/// Files replayed in parallel per batch; results are printed in file order after each batch,
/// so memory stays flat however many files there are.
const BATCH_PER_THREAD: usize = 32;

impl Format {
    /// The name `--format` takes.
    fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }

    /// The report's format of the same name.
    fn report(self) -> VerifyFormat {
        match self {
            Format::Text => VerifyFormat::Text,
            Format::Json => VerifyFormat::Json,
            Format::Jsonl => VerifyFormat::Jsonl,
            Format::Junit => VerifyFormat::Junit,
            Format::Markdown => VerifyFormat::Markdown,
            Format::Github => VerifyFormat::Github,
            Format::Html => VerifyFormat::Html,
        }
    }
}

pub(crate) fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let choice = crate::rules::RuleChoice::parse(&args.rules)?;
    let (found, skipped) = files::collect_with_skipped(&args.paths);
    // Nothing written may be a file read (a log, the baseline read), nor written twice.
    let written: Vec<(String, &Path)> = args
        .write_baseline
        .iter()
        .map(|p| ("--write-baseline".to_owned(), p.as_path()))
        .chain(args.format.iter().filter_map(|o| {
            let file = o.file.as_deref()?;
            Some((format!("--format {}=", o.format.name()), file))
        }))
        .collect();
    // Every file read; needed only when something is written.
    let read: Vec<files::Identity> = match written.is_empty() {
        true => Vec::new(),
        false => found
            .iter()
            .filter_map(|f| match f {
                files::Found::File(p) | files::Found::Database(p) => Some(p.as_path()),
                files::Found::Error(..) => None,
            })
            .chain(args.baseline.iter().map(PathBuf::as_path))
            // Standard input is no file an output could overwrite.
            .filter(|p| !files::is_stdin(p))
            .map(files::Identity::of)
            .collect(),
    };
    for (i, (flag, target)) in written.iter().enumerate() {
        let sep = if flag.ends_with('=') { "" } else { " " };
        let shown = files::shown(target);
        let identity = files::Identity::of(target);
        if read.contains(&identity) {
            anyhow::bail!(
                "{flag}{sep}{shown}: that file is one of the files read (a log, or the baseline); name another file"
            );
        }
        if written[..i]
            .iter()
            .any(|(_, other)| files::Identity::of(other) == identity)
        {
            anyhow::bail!("{flag}{sep}{shown}: that file is written twice; name another file");
        }
    }
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
    let narrowing = crate::inputs::narrowing(&args.narrow, &found)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(crate::files::workers(args.jobs))
        .build()?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads().max(1);
    let progress = match Progress::shown(args.progress) {
        true => Progress::games(crate::inputs::count(&found, &narrowing), "verifying"),
        false => Progress::hidden(),
    };
    let mut reports = Reports::open(&args.format, skipped.len(), args.verbose)?;
    // The HTML page shows each divergent round's sheet.
    let sheets = args.format.iter().any(|o| matches!(o.format, Format::Html));
    // Read errors are said once: in a text report on standard output, or else on stderr
    // (as FILE:LINE:COL: message).
    let text_on_stdout = args
        .format
        .iter()
        .any(|o| o.file.is_none() && matches!(o.format, Format::Text));
    if args.verbose {
        for s in &skipped {
            eprintln!("{}: skipped: {}", files::shown(&s.path), s.why);
        }
    }
    let known = match &args.baseline {
        Some(path) => Some(read_baseline(path)?),
        None => None,
    };
    let mut found_entries: Vec<BaselineEntry> = Vec::new();
    // How many divergences of each known key were found: a key the baseline lists n times
    // covers n of them, and the n+1-th is new.
    let mut seen_known: std::collections::HashMap<BaselineEntry, usize> =
        std::collections::HashMap::new();
    let mut new_divergences = 0usize;
    if let Err(e) = reports.begin() {
        return output::write_failed(e);
    }
    crate::inputs::catch_interrupt();
    // The games stream in chunks from a reader thread (a database's rows in log-id order),
    // each chunk replayed in parallel and written in order: a bounded window in flight.
    let stream = crate::inputs::Stream::start(found, narrowing, batch);
    while let Some(chunk) = stream.next_chunk() {
        let outcomes: Vec<FileVerdict> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(
                    || (GameLog::new(), SourcePositions::default()),
                    |(log, positions), item| {
                        let mut outcome = process(item, log, positions, &choice, sheets);
                        if args.require_start {
                            require_start(&mut outcome);
                        }
                        if args.require_end {
                            require_end(&mut outcome);
                        }
                        outcome
                    },
                )
                .collect()
        });
        drop(chunk);
        for outcome in outcomes {
            progress.inc();
            let mut outcome = outcome;
            let divergences = outcome.result.as_ref().map_or(0, |v| v.divergences.len());
            let mut known_flags = vec![false; divergences];
            let entries: Vec<(usize, BaselineEntry)> = match &outcome.result {
                Ok(v) => v
                    .divergences
                    .iter()
                    .enumerate()
                    .filter_map(|(i, d)| Some((i, outcome.baseline_entry(d)?)))
                    .collect(),
                Err(_) => Vec::new(),
            };
            for (i, entry) in entries {
                // Counted under the baseline's own entry, which the end compares.
                match known.as_ref().and_then(|b| b.find(&entry)) {
                    Some((stored, n)) if seen_known.get(stored).copied().unwrap_or(0) < n => {
                        *seen_known.entry(stored.clone()).or_insert(0) += 1;
                        known_flags[i] = true;
                    }
                    _ => new_divergences += 1,
                }
                if args.write_baseline.is_some() {
                    found_entries.push(entry);
                }
            }
            if known.is_some() {
                outcome.known = known_flags;
            }
            if let Err(message) = &outcome.result
                && !text_on_stdout
            {
                progress.println(message.clone());
            }
            if let Err(e) = reports.add(&outcome) {
                return output::write_failed(e);
            }
        }
        progress.tally(reports.summary().games_divergent, "divergent");
        if let Err(e) = reports.flush() {
            return output::write_failed(e);
        }
    }
    reports.pass_over_rows(stream.finish());
    if crate::inputs::interrupted() {
        progress.println(format!(
            "haifu: interrupted: the summary counts the {} games reported so far",
            reports.summary().files
        ));
    }
    progress.finish();
    if let Err(e) = reports.finish() {
        return output::write_failed(e);
    }
    if let Some(path) = &args.write_baseline {
        write_baseline(path, &found_entries.into_iter().collect())?;
    }
    if let Some(b) = &known {
        let gone: usize = b
            .counted()
            .map(|(e, n)| n.saturating_sub(seen_known.get(e).copied().unwrap_or(0)))
            .sum();
        let found_again: usize = seen_known.values().sum();
        eprintln!(
            "baseline {}: {} known divergences found again, {} no longer found, {} new",
            crate::files::shown(args.baseline.as_deref().unwrap_or(Path::new(""))),
            found_again,
            gone,
            new_divergences
        );
    }
    let summary = reports.summary();
    let divergent = match (&known, &args.write_baseline) {
        (Some(_), _) => new_divergences > 0,
        // Writing a baseline accepts every divergence it writes.
        (None, Some(_)) => false,
        (None, None) => summary.games_divergent > 0,
    } || (args.fail_on.is_some() && summary.unsupported > 0);
    Ok(if summary.errors > 0 {
        ExitCode::from(2)
    } else if divergent {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Reads the baseline at `path`, with a located message when it is not one.
fn read_baseline(path: &Path) -> anyhow::Result<Baseline> {
    let text = crate::files::read_text(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    Baseline::from_json(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}:{}: not a baseline that --write-baseline wrote: {e}",
            crate::files::shown(path),
            e.line(),
            e.column()
        )
    })
}

/// Writes `baseline` to `path`.
fn write_baseline(path: &Path, baseline: &Baseline) -> anyhow::Result<()> {
    let mut text = Vec::new();
    baseline.write_json(&mut text)?;
    std::fs::write(path, text).map_err(|e| {
        anyhow::anyhow!(
            "{}: cannot write the baseline: {e}",
            crate::files::shown(path)
        )
    })
}

/// The JUnit suite a game belongs to: its folder as given (`.` for a file named alone, `-`
/// for standard input).
fn folder_of(file: &Path) -> String {
    if crate::files::is_stdin(file) {
        return "-".to_owned();
    }
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => crate::files::shown(p),
        _ => ".".to_owned(),
    }
}

/// Reads and verifies one game (a file, or a database row); with `sheets`, a divergent
/// game's referee's sheet is rendered too (for the HTML page).
fn process(
    item: &Game,
    log: &mut GameLog,
    positions: &mut SourcePositions,
    choice: &crate::rules::RuleChoice,
    sheets: bool,
) -> FileVerdict {
    let file = item.shown();
    // A game from a database is in the database's JUnit suite.
    let folder = match item {
        Game::Row { db, .. } => crate::files::shown(db),
        Game::Failed { db, .. } => crate::files::shown(db),
        Game::File(_) => folder_of(item.path()),
    };
    let mut source = None;
    let mut rendered = Vec::new();
    // One reading of the bytes gives the game and where each of its events was written
    // (standard input too); only a divergent game keeps its positions.
    let name = item.name();
    let bytes = item.read_located(log, positions);
    let result = bytes.as_ref().map_err(Clone::clone).and_then(|_| {
        haifu::require_round(log).map_err(|e| e.display_in(&name))?;
        let (rules, from) = choice
            .for_log(log, item.path())
            .map_err(|e| format!("{file}: {e}"))?;
        source = Some(from);
        let verdict =
            std::panic::catch_unwind(AssertUnwindSafe(|| haifu_replay::verify(log, &rules)))
                .unwrap_or_else(|panic| Verdict::panicked(panic_message(&*panic)));
        if sheets && verdict.status() == Status::Divergent {
            rendered = std::panic::catch_unwind(AssertUnwindSafe(|| {
                haifu_replay::render_rounds(&haifu_replay::replay(log, &rules))
            }))
            .unwrap_or_default();
        }
        Ok(verdict)
    });
    let divergent = matches!(&result, Ok(v) if v.status() == Status::Divergent);
    let positions = if divergent && let Ok(bytes) = &bytes {
        positions.place(bytes);
        positions.clone()
    } else {
        SourcePositions::default()
    };
    // The game's identity, for a baseline (only a divergent game's is needed).
    let game = match &result {
        Ok(v) if v.status() == Status::Divergent => Some(game_identity(log)),
        _ => None,
    };
    FileVerdict {
        file,
        folder,
        game,
        result,
        unknown_attributes: log.unknown.len(),
        positions,
        rules_source: source,
        known: Vec::new(),
        sheets: rendered,
    }
}

/// A game's identity, the same wherever its file is named from and whatever a transcriber
/// corrects in its payments: the log's game id, else `sha256:` and the hash (in hex) of what
/// makes the game that game: its seed, its players' names, and each round's label, dealer and
/// starting hands.
fn game_identity(log: &GameLog) -> String {
    use sha2::Digest as _;
    use std::fmt::Write as _;
    if let Some(id) = &log.header.game_id {
        return id.clone();
    }
    let mut hash = sha2::Sha256::new();
    hash.update(log.header.seed.as_deref().unwrap_or("").as_bytes());
    for player in log.header.players.iter() {
        hash.update(player.name.as_bytes());
        hash.update([0]);
    }
    for start in log.round_starts() {
        let mut text = format!(
            "{}{}.{} {} ",
            start.round_wind, start.round_number, start.honba, start.dealer
        );
        for hand in start.hands.iter() {
            let _ = write!(text, "{}|", haifu_tiles::TileList::tiles(hand));
        }
        hash.update(text.as_bytes());
    }
    let mut out = String::from("sha256:");
    for byte in hash.finalize() {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// Under `--require-end`: a conforming record that stops before the game's end diverges.
fn require_end(outcome: &mut FileVerdict) {
    if let Ok(v) = &mut outcome.result
        && v.status() == Status::Conforming
        && !v.checked.end_recorded
    {
        v.push(Divergence {
            round: None,
            event: None,
            seat: None,
            kind: DivergenceKind::FlowMismatch {
                computed: Shown::text("the game's end, which --require-end asks for"),
                recorded: Shown::text("a record that stops before the game ends"),
            },
        });
    }
}

/// Under `--require-start`: a conforming record that begins mid-game diverges.
fn require_start(outcome: &mut FileVerdict) {
    if let Ok(v) = &mut outcome.result
        && v.status() == Status::Conforming
        && !v.checked.start_recorded
    {
        v.push(Divergence {
            round: None,
            event: None,
            seat: None,
            kind: DivergenceKind::FlowMismatch {
                computed: Shown::text("the game's start, which --require-start asks for"),
                recorded: Shown::text("a record that begins mid-game"),
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
