//! The Markdown form, for a pull request comment or a job summary.

use std::io::{self, Write};

use haifu_replay::Status;

use super::{FileVerdict, VerifySummary, round_label};
use crate::count;

/// The most divergences listed for one game.
const LISTED: usize = 50;

/// Nothing for a conforming game; a line for an error or an unsupported game; a folded
/// table of divergences for a divergent one.
pub(super) fn write_game(out: &mut impl Write, game: &FileVerdict) -> io::Result<()> {
    // Names, messages and quoted tokens as inert text inside HTML (`<code>`, cells).
    let file = crate::escape::markdown(&game.file);
    let cell = crate::escape::markdown;
    match &game.result {
        Err(message) => writeln!(
            out,
            "- :x: <code>{file}</code>: {}",
            cell(message.lines().next().unwrap_or(""))
        ),
        Ok(v) => match v.status() {
            Status::Conforming => Ok(()),
            Status::Unsupported => {
                writeln!(out, "- :grey_question: <code>{file}</code>: unsupported")
            }
            Status::Divergent => {
                writeln!(
                    out,
                    "<details><summary><code>{file}</code>: {}</summary>\n",
                    count(v.divergence_count(), "divergence")
                )?;
                writeln!(out, "| round | line | kind | detail |\n|---|---|---|---|")?;
                for d in v.divergences.iter().take(LISTED) {
                    writeln!(
                        out,
                        "| {} | {} | `{}`{} | {} |",
                        round_label(d),
                        match game.place(d) {
                            Some((l, Some(c))) => format!("{l}:{c}"),
                            Some((l, None)) => l.to_string(),
                            None => String::new(),
                        },
                        d.kind.name(),
                        if game.is_known(d) { " (known)" } else { "" },
                        cell(&d.kind.to_string())
                    )?;
                }
                let more = v.divergence_count().saturating_sub(LISTED);
                if more > 0 {
                    writeln!(out, "\n… and {more} more.")?;
                }
                writeln!(out, "\n</details>")
            }
        },
    }
}

/// The summary, in bold, after the games.
pub(super) fn write_summary(out: &mut impl Write, summary: &VerifySummary) -> io::Result<()> {
    writeln!(
        out,
        "\n**{}**: {} ({}).",
        count(summary.files, "file"),
        summary.statuses(),
        count(summary.rounds, "round")
    )
}
