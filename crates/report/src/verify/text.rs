//! The text form: one line per game, the divergences of a divergent one, then a summary.

use std::io::{self, Write};

use haifu_replay::{Divergence, RoundLabel, Status, Verdict};

use super::{FileVerdict, VerifySummary, unsupported_reason};
use crate::count;

/// One file's line, with a divergent game's divergences beneath it.
pub(super) fn write_game(
    out: &mut impl Write,
    game: &FileVerdict,
    verbose: bool,
) -> io::Result<()> {
    let file = crate::escape::controls(&game.file, false);
    match &game.result {
        // The located message, whole (a notation error's caret lines included).
        Err(_) => {
            let (place, what) = game.error().unwrap_or((None, ""));
            let what = crate::escape::controls(what, true);
            // `FILE:LINE:COL: error: …`, as editors and problem matchers read it, when the
            // message has a place.
            match place {
                Some((line, Some(column))) => {
                    writeln!(out, "{file}:{line}:{column}: error: {what}")
                }
                Some((line, None)) => writeln!(out, "{file}:{line}: error: {what}"),
                None => writeln!(out, "{file}: error: {what}"),
            }
        }
        Ok(v) => {
            let status = v.status();
            match status {
                Status::Conforming => {
                    let notes: String = super::conforming_notes(v)
                        .iter()
                        .map(|n| format!("; {n}"))
                        .collect();
                    writeln!(
                        out,
                        "{file}: conforming ({}{notes})",
                        count(v.rounds, "round")
                    )
                }
                Status::Unsupported => {
                    let reason = unsupported_reason(v);
                    writeln!(out, "{file}: unsupported ({reason})")
                }
                Status::Divergent => {
                    writeln!(
                        out,
                        "{file}: divergent ({})",
                        count(v.divergence_count(), "divergence")
                    )?;
                    write_divergences(out, game, &v.divergences, verbose)?;
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
    game: &FileVerdict,
    divergences: &[Divergence],
    verbose: bool,
) -> io::Result<()> {
    const PER_KIND: usize = 3;
    let mut rounds: Vec<(Option<RoundLabel>, Vec<&Divergence>)> = Vec::new();
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
                let place = game.place_text(d);
                writeln!(
                    out,
                    "  {label}{event}{place}: {}: {}{}",
                    d.kind.name(),
                    crate::escape::controls(&d.kind.to_string(), false),
                    if game.is_known(d) { " (known)" } else { "" }
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

/// The summary line, and the divergences by kind when there are any.
pub(super) fn write_summary(
    out: &mut impl Write,
    summary: &VerifySummary,
    verbose: bool,
) -> io::Result<()> {
    writeln!(
        out,
        "{}{}",
        summary.counts(),
        match summary.skipped {
            0 => String::new(),
            n if verbose => format!("; {} skipped", count(n, "file")),
            n => format!("; {} skipped (--verbose lists them)", count(n, "file")),
        }
    )?;
    if summary.divergences_by_kind.is_empty() {
        return Ok(());
    }
    let kinds: Vec<String> = summary
        .divergences_by_kind
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    writeln!(out, "divergences by kind: {}", kinds.join(", "))
}
