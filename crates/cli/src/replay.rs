//! `haifu replay`: the referee's sheet of each game.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use haifu_log::GameLog;
use haifu_replay::{RoundLabel, SheetWriter, Status, Verdict};
use haifu_ruleset::RuleSet;

use crate::files::{self, Found};
use crate::output;

/// Arguments of `haifu replay`.
#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// Game logs (Tenhou mjlog XML, plain or gzipped, tenhou.net/6 JSON, a decoded Mahjong
    /// Soul record or haifu text, told apart by content), or directories, walked for `.xml`,
    /// `.mjlog`, `.json` and `.haifu` files as by `verify`. With more than one game, each
    /// sheet is headed by a `== FILE` line.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Only this round, as wind, number and honba: `E1.0`, `S4.2` (`.honba` may be left out
    /// for honba 0). Among several games, only those that have it are shown.
    #[arg(long, value_name = "ROUND")]
    round: Option<RoundLabel>,
    #[arg(long, default_value = "auto", value_name = "RULES", help = crate::rules::RULES_HELP)]
    rules: String,
    /// Output format: the sheet as text, or JSON Lines (one object per game: its file, its
    /// verdict and its rounds, each with its typed lines).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Output formats of `replay`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Format {
    /// The referee's sheet.
    Text,
    /// One JSON object per game, a line each.
    Json,
}

/// Prints the sheets in file order; the exit code follows the verdicts (2 if a file is
/// unreadable, or the one game, or every game, lacks the round asked for; else 1 if a game
/// diverges; else 0: conforming or unsupported). A bad file is reported on stderr and the
/// others are still printed. Among several games, `--round` shows the games that have it.
pub(crate) fn run(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let choice = crate::rules::RuleChoice::parse(&args.rules)?;
    let found = files::collect(&args.paths);
    let headed = found.len() > 1;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut log = GameLog::new();
    let (mut failed, mut divergent, mut shown) = (false, false, 0usize);
    for item in found {
        let path = match item {
            Found::File(p) => p,
            Found::Error(p, e) => {
                eprintln!("{}: {e}", crate::files::shown(&p));
                failed = true;
                continue;
            }
            Found::Database(p) => {
                eprintln!(
                    "{}: a log database: replay reads one game a file (`haifu convert FILE.db --to json --out-dir DIR` writes its games as files)",
                    crate::files::shown(&p)
                );
                failed = true;
                continue;
            }
        };
        if let Err(message) = output::read_log(&path, &mut log) {
            eprintln!("{message}");
            failed = true;
            continue;
        }
        let rules = match choice.for_log(&log, &path) {
            Ok((rules, _)) => rules,
            Err(e) => {
                eprintln!("{}: {e}", crate::files::shown(&path));
                failed = true;
                continue;
            }
        };
        // Two passes, so that no game's sheets are held: the first gives the verdict (a
        // round is settled up to 32 rounds after its sheet is written) and, when one round is
        // asked for, the rounds' labels; the second writes each round's sheet as its round is
        // replayed.
        let mut labels: Vec<RoundLabel> = Vec::new();
        let verdict = match args.round {
            None => haifu_replay::verify(&log, &rules),
            Some(_) => haifu_replay::replay_sheets(&log, &rules, &mut |sheet| {
                labels.push(sheet.label);
            }),
        };
        if let Some(round) = args.round
            && !labels.contains(&round)
        {
            // Among several games, those without the round are passed over.
            if !headed {
                let known: Vec<String> = labels.iter().map(RoundLabel::to_string).collect();
                eprintln!(
                    "{}: no round {round} in this game (its rounds: {})",
                    crate::files::shown(&path),
                    known.join(" ")
                );
                failed = true;
            }
            continue;
        }
        shown += 1;
        divergent |= verdict.status() == Status::Divergent;
        if let Err(e) = write_game(&mut out, args, &path, headed, &log, &rules, &verdict) {
            return output::write_failed(e);
        }
    }
    if let Err(e) = out.flush() {
        return output::write_failed(e);
    }
    if let Some(round) = args.round
        && headed
        && shown == 0
    {
        eprintln!("haifu replay: no game has a round {round}");
        failed = true;
    }
    Ok(if failed {
        ExitCode::from(2)
    } else if divergent {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes one game's sheet (text) or object (JSON) to `out`, round by round as the game is
/// replayed again: the text of one round at a time is held, never the game's.
fn write_game(
    out: &mut impl Write,
    args: &ReplayArgs,
    path: &Path,
    headed: bool,
    log: &GameLog,
    rules: &RuleSet,
    verdict: &Verdict,
) -> std::io::Result<()> {
    let mut text = String::new();
    let mut failed: std::io::Result<()> = Ok(());
    // Writes what `text` holds, unless a write failed before.
    let mut flush = |text: &mut String, out: &mut dyn Write| {
        if failed.is_ok() {
            failed = out.write_all(text.as_bytes());
        }
        text.clear();
    };
    match args.format {
        Format::Text => {
            if headed {
                text = format!("== {}\n", crate::files::shown(path));
            }
            let mut writer = SheetWriter::new(verdict, rules.hand.red_fives, args.round);
            haifu_replay::replay_sheets(log, rules, &mut |sheet| {
                writer.push(sheet, &mut text);
                flush(&mut text, out);
            });
            writer.finish(&mut text);
        }
        Format::Json => {
            // The object `serde_json` writes for {file, verdict, status, rounds}: its keys in
            // order, the rounds written one by one.
            text = format!(
                "{{\"file\":{},\"rounds\":[",
                serde_json::Value::from(crate::files::shown(path))
            );
            let mut first = true;
            haifu_replay::replay_sheets(log, rules, &mut |sheet| {
                if args.round.is_none_or(|want| sheet.label == want) {
                    if !std::mem::take(&mut first) {
                        text.push(',');
                    }
                    // Through a `Value`, whose objects' keys are sorted, as in the game's
                    // object. A sheet is plain data: it always serialises.
                    if let Ok(json) = serde_json::to_value(&sheet) {
                        text.push_str(&json.to_string());
                    }
                }
                flush(&mut text, out);
            });
            text.push_str(&format!(
                "],\"status\":{},\"verdict\":{}}}\n",
                serde_json::Value::from(verdict.status().as_str()),
                serde_json::to_value(verdict).unwrap_or_default()
            ));
        }
    }
    flush(&mut text, out);
    failed
}
