//! `haifu convert`: logs to JSON Lines or to the haifu notation.

use haifu_tenhou::SeedWalls;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use haifu_log::GameLog;

use crate::files::{self, Found};
use crate::inputs::Game;
use crate::output::{self, Progress};

/// Arguments of `haifu convert`.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// Log files to convert (Tenhou mjlog XML, plain or gzipped, tenhou.net/6 JSON, a decoded
    /// Mahjong Soul record or haifu text, told apart by content), or `-` for standard input. Directories are walked for
    /// `.xml`, `.mjlog`, `.json` and `.haifu` files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The output format.
    #[arg(long, value_enum, value_name = "FORMAT")]
    to: Target,
    /// Write each game to a file of its own in this folder (created if missing), named after
    /// its input with the format's extension (`.haifu`, `.json`), instead of to stdout. Two
    /// inputs of the same name are an error for the second.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// The rule set of each game written as tenhou.net/6 (its red fives, its players and the
    /// `rule.haifu` it carries): `auto`, each log's own, by default; a log that declares none
    /// is not written without one. The haifu text and JSON forms write the log's own
    /// declaration. The values as for `verify --rules`.
    #[arg(long, default_value = "auto", value_name = "RULES")]
    rules: String,
    /// Narrow the rows of a log database; give it several times, all must hold.
    #[arg(long = "where", value_name = "KEY=VALUE", help = crate::inputs::WHERE_HELP)]
    narrow: Vec<String>,
    /// The progress bar on stderr: `auto` draws it when stderr is a terminal and the CI
    /// variable is not set; `always` and `never` as they say.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = crate::output::ProgressWhen::Auto)]
    progress: crate::output::ProgressWhen,
}

/// Output formats of `convert`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Target {
    /// JSON Lines: one object per game, `{"header": …, "events": [{"type": …}, …]}`.
    Json,
    /// The haifu text notation (NOTATION.md), one record after another (a `.haifu` input
    /// keeps its comments). A file reads as one record: for several games, use --out-dir.
    Haifu,
    /// tenhou.net/6 JSON, one record a line, for viewers and other tools; the exact rule set
    /// rides along in `rule.haifu`. It has no wall, dice, seed or physical copies.
    Tenhou6,
    /// mjai JSON lines, one event a line, in the layout of mjai-reviewer's converter (for
    /// Mortal, mjai-reviewer and the engines that speak mjai). It has no wall, dice, seed,
    /// physical copies, limit names or placement points, and no rules.
    Mjai,
}

impl Target {
    /// The file extension of this format.
    const fn extension(self) -> &'static str {
        match self {
            Target::Json => "json",
            Target::Haifu => "haifu",
            Target::Tenhou6 => "tenhou6.json",
            Target::Mjai => "mjai.jsonl",
        }
    }
}

/// Converts each file in order, writing each game to stdout (or, with `--out-dir`, to a file
/// of its own). Bad files are reported as `FILE:LINE:COL: message` on stderr and skipped.
pub(crate) fn run(args: &ConvertArgs) -> anyhow::Result<ExitCode> {
    let choice = crate::rules::RuleChoice::parse(&args.rules)?;
    let found = files::collect(&args.files);
    let narrowing = crate::inputs::narrowing(&args.narrow, &found)?;
    let progress = match Progress::shown(args.progress) {
        true => Progress::games(crate::inputs::count(&found, &narrowing), "converting"),
        false => Progress::hidden(),
    };
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow::anyhow!(
                "{}: cannot create the folder: {e}",
                crate::files::shown(dir)
            )
        })?;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut log = GameLog::new();
    let mut written_to = std::collections::HashSet::new();
    let mut failed = 0usize;
    crate::inputs::catch_interrupt();
    let stream = crate::inputs::Stream::start(found, narrowing, CHUNK);
    while let Some(chunk) = stream.next_chunk() {
        for item in &chunk {
            progress.inc();
            if let Some(code) = convert_item(
                item,
                args,
                &choice,
                &mut log,
                &mut written_to,
                &mut out,
                &progress,
                &mut failed,
            )? {
                return Ok(code);
            }
        }
        if let Err(e) = out.flush() {
            return output::write_failed(e);
        }
    }
    if let Some(note) = output::rows_passed_over(stream.finish()) {
        progress.println(note);
    }
    if crate::inputs::interrupted() {
        progress.println("haifu: interrupted".to_owned());
        failed += 1;
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

/// Games read ahead of the one being converted, at most.
const CHUNK: usize = 64;

/// Converts one game and writes it (to `out`, or a file of its own in `--out-dir`); a game
/// that cannot be converted or written is said on stderr and counted in `failed`. `Some`
/// exit code when writing to standard output failed.
#[allow(clippy::too_many_arguments)]
fn convert_item(
    item: &Game,
    args: &ConvertArgs,
    choice: &crate::rules::RuleChoice,
    log: &mut GameLog,
    written_to: &mut std::collections::HashSet<PathBuf>,
    out: &mut impl Write,
    progress: &Progress,
    failed: &mut usize,
) -> anyhow::Result<Option<ExitCode>> {
    let shown = item.shown();
    let converted = match convert_one(item, args.to, choice, log) {
        Ok((bytes, note)) => {
            if let Some(note) = note {
                progress.println(note);
            }
            bytes
        }
        Err(msg) => {
            progress.println(msg);
            *failed += 1;
            return Ok(None);
        }
    };
    let Some(dir) = &args.out_dir else {
        if let Err(e) = out.write_all(&converted) {
            return output::write_failed(e).map(Some);
        }
        return Ok(None);
    };
    let target = match item {
        // A database's game is named by its log id, which must be a plain file name.
        Game::Row { id, .. } => {
            if id.is_empty() || id.starts_with('.') || id.contains(['/', '\\', '\0']) {
                progress.println(format!(
                    "{shown}: not written: its log id is no file name to write in --out-dir"
                ));
                *failed += 1;
                return Ok(None);
            }
            dir.join(format!("{id}.{}", args.to.extension()))
        }
        _ => {
            let path = item.path();
            let name = path.file_name().map(Path::new).unwrap_or(path);
            dir.join(name).with_extension(args.to.extension())
        }
    };
    if !written_to.insert(target.clone()) {
        progress.println(format!(
            "{shown}: not written: {} already holds the game of an earlier file of this run",
            crate::files::shown(&target)
        ));
        *failed += 1;
        return Ok(None);
    }
    // Never through a link already in the folder: it may point anywhere.
    if std::fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink()) {
        progress.println(format!(
            "{}: not written: it is a symbolic link, and convert writes only plain files in --out-dir",
            crate::files::shown(&target)
        ));
        *failed += 1;
        return Ok(None);
    }
    if let Err(e) = std::fs::write(&target, &converted) {
        progress.println(format!(
            "{}: cannot write it: {e}",
            crate::files::shown(&target)
        ));
        *failed += 1;
    }
    Ok(None)
}

/// The converted form of one file, with a note for stderr when its log held attributes the
/// reader does not know; or the located message of why it does not read.
fn convert_one(
    item: &Game,
    to: Target,
    choice: &crate::rules::RuleChoice,
    log: &mut GameLog,
) -> Result<(Vec<u8>, Option<String>), String> {
    let path = item.path();
    let shown = item.shown();
    let source = match item {
        Game::File(Found::File(p)) => haifu_source(p),
        _ => None,
    };
    if let (Target::Haifu, Some(doc)) = (to, source) {
        // haifu text to haifu text: the canonical form with the comments kept.
        return Ok((
            haifu_notation::write_document_with(&doc?, &mut SeedWalls::new()).into_bytes(),
            None,
        ));
    }
    item.read_into(log)?;
    let bytes = match to {
        Target::Json => {
            let mut line = serde_json::to_vec(&*log)
                .map_err(|e| format!("{}: cannot write it as JSON: {e}", shown))?;
            line.push(b'\n');
            line
        }
        Target::Tenhou6 => tenhou6(&shown, path, log, choice)?,
        Target::Mjai => mjai(&shown, path, log, choice)?,
        Target::Haifu => {
            if let Some(what) = unsayable(log) {
                return Err(format!(
                    "{}: cannot be written as haifu text: the notation cannot say {what}",
                    shown
                ));
            }
            let text = haifu_notation::write_with(log, &mut SeedWalls::new());
            // The text must read back to the same game; where the notation cannot say what
            // the log holds (a divergent log: a tile in play twice, say), say so instead of
            // writing text that fails later.
            match haifu_notation::read_with(&text, &mut SeedWalls::new()) {
                Ok(back) if back == *log => {}
                Ok(_) => {
                    return Err(format!(
                        "{}: cannot be written as haifu text: the text would read back as another game (the log is likely divergent: `haifu verify` says where)",
                        shown
                    ));
                }
                Err(e) => {
                    return Err(format!(
                        "{}: cannot be written as haifu text: the text written would not read back (at {e}); `haifu verify` says where the log diverges",
                        shown
                    ));
                }
            }
            text.into_bytes()
        }
    };
    Ok((bytes, output::unknown_note(&shown, log)))
}

/// What `log` holds that the notation cannot say (a tenhou.net/6 record's), if anything.
fn unsayable(log: &GameLog) -> Option<&'static str> {
    if log
        .round_starts()
        .iter()
        .any(|r| !r.untimed_dora.is_empty())
    {
        Some("kan dora indicators listed without their moments (tenhou.net/6)")
    } else if log.header.end_record == haifu_log::EndRecord::Optional {
        Some("that the record may leave the game's end out (tenhou.net/6 without `sc`)")
    } else if log.header.yaku_order == haifu_log::YakuOrder::Exporter {
        Some("that the yaku lists are in an exporter's order, not the referee's")
    } else {
        None
    }
}

/// `log` as a tenhou.net/6 line under the rule set `choice` gives it (by default the one it
/// declares), refused when it has none or when the record would not read back with the same
/// rounds, wins and draws.
fn tenhou6(
    shown: &str,
    path: &Path,
    log: &GameLog,
    choice: &crate::rules::RuleChoice,
) -> Result<Vec<u8>, String> {
    let unwritable =
        |e: &dyn std::fmt::Display| format!("{shown}: cannot be written as tenhou.net/6 JSON: {e}");
    let (rules, _) = choice.for_log(log, path).map_err(|e| unwritable(&e))?;
    let mut text = haifu_tenhou6::write(log, &rules).map_err(|e| unwritable(&e))?;
    let mut back = GameLog::new();
    let read = haifu_tenhou6::read(text.as_bytes(), &mut back);
    held(
        log,
        &back,
        read,
        &rules,
        haifu::Format::Tenhou6,
        "the record",
    )
    .map_err(|e| unwritable(&e))?;
    text.push('\n');
    Ok(text.into_bytes())
}

/// `log` as mjai lines under the rule set `choice` gives it (by default the one it declares),
/// refused when it has none, or when the lines would not read back to the same rounds, wins
/// and draws and the same verdict but for what mjai cannot hold.
fn mjai(
    shown: &str,
    path: &Path,
    log: &GameLog,
    choice: &crate::rules::RuleChoice,
) -> Result<Vec<u8>, String> {
    let unwritable = |e: &dyn std::fmt::Display| format!("{shown}: cannot be written as mjai: {e}");
    let (rules, _) = choice.for_log(log, path).map_err(|e| unwritable(&e))?;
    let text = haifu_mjai::write(log, &rules).map_err(|e| unwritable(&e))?;
    let mut back = GameLog::new();
    let read = haifu_mjai::read(text.as_bytes(), &mut back);
    held(log, &back, read, &rules, haifu::Format::Mjai, "the lines").map_err(|e| unwritable(&e))?;
    Ok(text.into_bytes())
}

/// Whether what was written for `log` holds it: read back (`read`, into `back`) as the same
/// rounds, wins and draws, with every ruling `format` holds ([`haifu::rulings_held`]) the
/// same under `rules`. A scenario's expectations no format but the notation holds: the log is
/// weighed without them. Else what `written` ("the record", "the lines") would do instead.
fn held(
    log: &GameLog,
    back: &GameLog,
    read: Result<(), haifu_log::ParseError>,
    rules: &haifu_ruleset::RuleSet,
    format: haifu::Format,
    written: &str,
) -> Result<(), String> {
    match read {
        Ok(())
            if back.round_starts().len() == log.round_starts().len()
                && back.wins().len() == log.wins().len()
                && back.draws().len() == log.draws().len() => {}
        Ok(()) => return Err(format!("{written} would read back as another game")),
        Err(e) => {
            return Err(format!(
                "{written} written would not read back (at {e}); `haifu verify` says where the log diverges"
            ));
        }
    }
    let before = if log.expectations.is_empty() {
        haifu::rulings_held(&haifu_replay::verify(log, rules), format)
    } else {
        let mut bare = log.clone();
        bare.expectations.clear();
        haifu::rulings_held(&haifu_replay::verify(&bare, rules), format)
    };
    let after = haifu::rulings_held(&haifu_replay::verify(back, rules), format);
    if before == after {
        return Ok(());
    }
    let gained = after.iter().skip(1).find(|d| !before.contains(d));
    let lost = before.iter().skip(1).find(|d| !after.contains(d));
    let why = match (gained, lost) {
        (Some(d), _) => format!("it would diverge where the log does not: {d}"),
        (None, Some(d)) => format!("it would not show the log's divergence {d}"),
        (None, None) => "its divergences would come in another order".to_owned(),
    };
    Err(format!(
        "{written} would get another verdict than the log ({why})"
    ))
}

/// For a `.haifu` file, the record with its comments (or the located message of why it does
/// not read); `None` for any other file.
fn haifu_source(path: &Path) -> Option<Result<haifu_notation::Document, String>> {
    if path.extension().is_none_or(|e| e != "haifu") {
        return None;
    }
    let shown = crate::files::shown(path);
    Some(
        std::fs::read(path)
            .map_err(|e| format!("{shown}: {e}"))
            .and_then(|bytes| output::haifu_document(&bytes, &shown)),
    )
}
