//! `haifu replay`: the referee's sheet of one game.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use haifu_log::GameLog;
use haifu_replay::{RoundLabel, Status};

use crate::output;

/// Arguments of `haifu replay`.
#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// The game log (Tenhou mjlog XML, plain or gzipped, or haifu text).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Only this round, as wind, number and honba: `E1.0`, `S4.2` (`.honba` may be left out
    /// for honba 0).
    #[arg(long, value_name = "ROUND")]
    round: Option<RoundLabel>,
}

/// Prints the sheet; the exit code follows the verdict (0 conforming or unsupported, 1
/// divergent, 2 unreadable).
pub(crate) fn run(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let mut log = GameLog::new();
    if let Err(message) = output::read_log(&args.file, &mut log) {
        eprintln!("{message}");
        return Ok(ExitCode::from(2));
    }
    let replay = haifu_replay::replay(&log);
    if let Some(round) = args.round
        && !replay.rounds.iter().any(|r| r.label == round)
    {
        let known: Vec<String> = replay.rounds.iter().map(|r| r.label.to_string()).collect();
        eprintln!(
            "{}: no round {round} in this game (its rounds: {})",
            args.file.display(),
            known.join(" ")
        );
        return Ok(ExitCode::from(2));
    }
    let text = haifu_replay::render(&replay, args.round);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        return output::write_failed(e);
    }
    Ok(match replay.verdict.status() {
        Status::Conforming | Status::Unsupported => ExitCode::SUCCESS,
        Status::Divergent => ExitCode::from(1),
    })
}
