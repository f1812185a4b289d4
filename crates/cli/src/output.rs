//! What every command shares: reading a log file with a located message, the progress bar,
//! and exit on a closed pipe.

use haifu_tenhou::SeedWalls;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use haifu_log::GameLog;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Reads the log at `path` into `log`, setting the game id from the file name. On failure,
/// the message is `FILE:LINE:COL: message` (or `FILE: message` when there is no position).
pub(crate) fn read_log(path: &Path, log: &mut GameLog) -> Result<(), String> {
    // Every file starts from a clean state, whatever the last file on this worker left.
    log.clear();
    let shown = crate::files::name_of(path);
    let bytes = crate::files::read_file(path).map_err(|e| format!("{shown}: {e}"))?;
    haifu::read_into(&shown, &bytes, log, crate::files::max_size())
        .map_err(|e| e.display_in(&shown))
}

/// The haifu record in `bytes` with its comments, or its located message (`shown` names the
/// file in it).
pub(crate) fn haifu_document(
    bytes: &[u8],
    shown: &str,
) -> Result<haifu_notation::Document, String> {
    haifu_notation::read_document_bytes_with(bytes, &mut SeedWalls::new())
        .map_err(|e| e.display_in(shown).to_string())
}

/// A note for stderr when a log held attributes its reader does not know (kept verbatim in
/// the event stream, never dropped): `FILE: note: …`. `None` when there were none.
pub(crate) fn unknown_note(shown: &str, log: &GameLog) -> Option<String> {
    let first = log.unknown.first()?;
    Some(format!(
        "{}: note: {} attribute(s) the reader does not know were kept verbatim (the first: `{}` on <{}>)",
        shown,
        log.unknown.len(),
        first.name,
        first.element
    ))
}

/// When to draw the progress bar (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ProgressWhen {
    /// On a terminal's stderr, outside CI (the CI variable unset).
    Auto,
    /// Always, even into a pipe or a CI log.
    Always,
    /// Never.
    Never,
}

/// A progress bar on stderr, drawn only when stderr is a terminal and the run is long enough
/// to need one.
pub(crate) struct Progress(ProgressBar);

impl Progress {
    /// Whether a bar is drawn when `when`: `auto` on a terminal's stderr outside CI.
    pub(crate) fn shown(when: ProgressWhen) -> bool {
        match when {
            ProgressWhen::Always => true,
            ProgressWhen::Never => false,
            ProgressWhen::Auto => {
                std::io::stderr().is_terminal()
                    && std::env::var_os("CI").is_none_or(|v| v.is_empty())
            }
        }
    }

    /// A bar drawn on stderr for `len` games: done, games/s, time left, and the divergent
    /// games so far ([`divergent`](Self::divergent)).
    pub(crate) fn games(len: u64, verb: &str) -> Progress {
        // On a terminal the bar redraws in place; elsewhere (`--progress always` into a pipe
        // or a CI log) it is written as a line a second.
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::term_like(Box::new(LinesOnStderr::default()))
        };
        let bar = ProgressBar::with_draw_target(Some(len), target);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} {bar:30} {human_pos}/{human_len} games, {per_sec} [{elapsed_precise}, {eta} left]",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(format!("{verb}:"));
        Progress(bar)
    }

    /// No bar.
    pub(crate) fn hidden() -> Progress {
        Progress(ProgressBar::hidden())
    }

    /// Shows how many games are `what` so far (divergent, changed).
    pub(crate) fn tally(&self, games: usize, what: &str) {
        if !self.0.is_hidden() {
            let message = self.0.message();
            let verb = message.split(':').next().unwrap_or("");
            self.0.set_message(format!("{verb}: {games} {what}"));
        }
    }

    /// One more file done.
    pub(crate) fn inc(&self) {
        self.0.inc(1);
    }

    /// Prints a line on stderr above the bar.
    pub(crate) fn println(&self, line: String) {
        if self.0.is_hidden() {
            eprintln!("{line}");
        } else {
            self.0.println(line);
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// A progress bar's drawing as plain lines on stderr, at most one every ten seconds, for a
/// stderr that is no terminal.
#[derive(Debug, Default)]
struct LinesOnStderr {
    /// When the last line was written.
    last: std::sync::Mutex<Option<std::time::Instant>>,
}

impl LinesOnStderr {
    /// Writes `line` unless one was written less than ten seconds ago.
    fn line(&self, line: &str) -> std::io::Result<()> {
        use std::io::Write as _;
        let now = std::time::Instant::now();
        let Ok(mut last) = self.last.lock() else {
            return Ok(());
        };
        if last.is_some_and(|t| now.duration_since(t).as_secs() < 10) || line.trim().is_empty() {
            return Ok(());
        }
        *last = Some(now);
        writeln!(std::io::stderr(), "{line}")
    }
}

impl indicatif::TermLike for LinesOnStderr {
    fn width(&self) -> u16 {
        100
    }

    fn move_cursor_up(&self, _n: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _n: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _n: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _n: usize) -> std::io::Result<()> {
        Ok(())
    }

    fn write_line(&self, line: &str) -> std::io::Result<()> {
        self.line(line)
    }

    fn write_str(&self, text: &str) -> std::io::Result<()> {
        self.line(text)
    }

    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }

    fn flush(&self) -> std::io::Result<()> {
        use std::io::Write as _;
        std::io::stderr().flush()
    }
}

/// The exit for a failed write to stdout: quiet success on a closed pipe (`| head`), an
/// error otherwise.
pub(crate) fn write_failed(e: std::io::Error) -> anyhow::Result<ExitCode> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(ExitCode::SUCCESS)
    } else {
        Err(anyhow::Error::new(e).context("writing to stdout"))
    }
}

/// What a run says on stderr of the database rows it passed over, if any.
pub(crate) fn rows_passed_over(rows: haifu_logdb::RowCounts) -> Option<String> {
    let n = rows.unprocessed + rows.in_error;
    (n > 0).then(|| {
        format!(
            "haifu: {n} database row{} passed over ({} not downloaded, {} marked in error)",
            if n == 1 { "" } else { "s" },
            rows.unprocessed,
            rows.in_error
        )
    })
}
