//! Reports: what `haifu verify` and `haifu diff` print, made from the referee's verdicts and
//! diffs.
//!
//! The principal types:
//!
//! - [`FileVerdict`]: one file `verify` read, its [`Verdict`](haifu_replay::Verdict) or the
//!   located message saying why it has none, with the [`SourcePositions`] of its events.
//! - [`VerifyReport`]: renders a run of file verdicts in one [`VerifyFormat`] (text, JSON,
//!   JUnit XML, Markdown, GitHub annotations, an HTML page with each divergent round's sheet),
//!   game by game as they come, and totals them in a [`VerifySummary`].
//! - [`FileDiff`]: one file `diff` read, its [`ComparedGame`] (the game's
//!   [`GameDiff`](haifu_replay::GameDiff) under rule sets A and B, with the rule points that
//!   explain each changed win, the rule sets each side resolved to, and the two referee's
//!   sheets round by round, which [`sheets_diff`] compares) or why it has none.
//! - [`DiffReport`]: renders a run of file diffs in one [`DiffFormat`] (text, JSON, an HTML
//!   page with inline SVG charts and the changed rounds' sheets side by side), totals them in
//!   a [`DiffSummary`] and gathers the
//!   [`Aggregate`](haifu_replay::Aggregate) of the games compared.
//! - [`Baseline`]: the known divergences `--write-baseline` writes and `--baseline` reads,
//!   each a [`BaselineEntry`].
//!
//! The JSON forms are this crate's own serialisable report types, kept apart from the
//! engine's and the replayer's types: a field renamed there does not change a report.
//!
//! # Architecture invariants
//!
//! - No reader: no reader crate (haifu-tenhou, haifu-tenhou6, haifu-majsoul, haifu-notation)
//!   is among this crate's dependencies; it takes its verdicts and diffs from haifu-replay
//!   and its vocabulary from haifu-log. What a reader knows of a file (its name as shown,
//!   where each event was written) comes in as plain data ([`SourcePositions`]).
//! - No I/O beyond writing into the [`std::io::Write`] it is given, or building the
//!   `String` it returns: it opens no file, reads nothing, and never prints on its own.
//! - No clap and no anyhow: where it can fail, the error is typed ([`BaselineError`], or the
//!   [`std::io::Error`] of the writer it was given).
//! - Every output is byte-for-byte what the command has always printed; a change to one is a
//!   change of the report's format, made on purpose.

mod baseline;
mod diff;
mod escape;
mod specs;
mod verify;

pub use baseline::{Baseline, BaselineEntry, BaselineError};
pub use diff::{ComparedGame, DiffFormat, DiffReport, DiffSummary, FileDiff, sheets_diff};
pub use haifu_log::SourcePositions;
pub use specs::Specs;
pub use verify::{FileVerdict, VerifyFormat, VerifyReport, VerifySummary};

/// `n word` with the word in the plural unless `n` is 1: `1 draw`, `2 draws`.
pub fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn count_is_plural_unless_one() {
        assert_eq!(count(0, "game"), "0 games");
        assert_eq!(count(1, "game"), "1 game");
        assert_eq!(count(2, "rule point"), "2 rule points");
    }
}
