//! GitHub Actions workflow commands: annotations on the files.

use std::io::{self, Write};

use haifu_replay::Status;

use super::{FileVerdict, VerifySummary, round_label};
use crate::count;

/// A GitHub workflow command's message or property, escaped as GitHub reads them.
fn escape(text: &str, property: bool) -> String {
    // Control characters but line breaks as `\xNN` first: a line break is GitHub's to encode.
    let text = crate::escape::controls(text, true);
    let mut out = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    if property {
        out = out.replace(':', "%3A").replace(',', "%2C");
    }
    out
}

/// One annotation per divergence (at its line and column when known), per error and per
/// unsupported game.
pub(super) fn write_game(out: &mut impl Write, game: &FileVerdict) -> io::Result<()> {
    let file = escape(&game.file, true);
    match &game.result {
        Err(_) => {
            let (place, what) = game.error().unwrap_or((None, ""));
            let line = match place {
                Some((l, Some(c))) => format!(",line={l},col={c}"),
                Some((l, None)) => format!(",line={l}"),
                None => String::new(),
            };
            writeln!(
                out,
                "::error file={file}{line},title=unreadable::{}",
                escape(what.lines().next().unwrap_or(""), false)
            )
        }
        Ok(v) => match v.status() {
            Status::Conforming => Ok(()),
            Status::Unsupported => {
                writeln!(out, "::notice file={file},title=unsupported::not checked")
            }
            Status::Divergent => {
                for d in &v.divergences {
                    let line = match game.place(d) {
                        Some((l, Some(c))) => format!(",line={l},col={c}"),
                        Some((l, None)) => format!(",line={l}"),
                        None => String::new(),
                    };
                    // A divergence the baseline knows is a notice, not an error.
                    let (level, known) = if game.is_known(d) {
                        ("notice", "known ")
                    } else {
                        ("error", "")
                    };
                    writeln!(
                        out,
                        "::{level} file={file}{line},title={known}{}::{}",
                        escape(d.kind.name(), true),
                        escape(&format!("{}: {}", round_label(d), d.kind), false)
                    )?;
                }
                Ok(())
            }
        },
    }
}

/// The summary as a notice.
pub(super) fn write_summary(out: &mut impl Write, summary: &VerifySummary) -> io::Result<()> {
    writeln!(
        out,
        "::notice title=haifu verify::{}: {}",
        count(summary.files, "file"),
        summary.statuses()
    )
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn properties_escape_colons_and_commas_and_messages_do_not() {
        assert_eq!(escape("a:b,c%\n", true), "a%3Ab%2Cc%25%0A");
        // A carriage return is no line break of the message: shown, not sent.
        assert_eq!(escape("a:b,c%\r\n", false), "a:b,c%25\\x0D%0A");
        assert_eq!(escape("a\u{1b}[8m", false), "a\\x1B[8m");
    }
}
