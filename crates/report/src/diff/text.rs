//! The text form: per game, each change in game order; then the summary and the aggregate.

use std::io::{self, Write};

use haifu_replay::Aggregate;

use super::{DiffSummary, Explained, FileDiff, event_of};
use crate::count;

/// A changed win's explanation, as the text form writes it after the change.
pub(super) fn because(fields: Option<&Vec<&'static str>>) -> String {
    match fields {
        None => String::new(),
        Some(f) if f.is_empty() => " [no single rule point: several together]".to_owned(),
        Some(f) => format!(" [{}]", f.join(", ")),
    }
}

/// One file's line, its changes beneath it, then its sheets' diff (painted with `colour`).
pub(super) fn write_game(out: &mut impl Write, game: &FileDiff, colour: bool) -> io::Result<()> {
    let file = &game.file;
    match &game.result {
        Err(message) => {
            let first = message.lines().next().unwrap_or("");
            writeln!(out, "{file}: error: {first}")
        }
        Ok(c) => {
            let d = &c.diff;
            if let Some(reason) = d.a.unsupported.as_ref().or(d.b.unsupported.as_ref()) {
                return writeln!(out, "{file}: unsupported ({reason})");
            }
            if d.changes.is_empty() {
                return writeln!(out, "{file}: no change");
            }
            writeln!(out, "{file}: {}", count(d.changes.len(), "change"))?;
            for change in &d.changes {
                let why = because(event_of(change).and_then(|e| c.explained.get(&e)));
                writeln!(out, "  {change}{why}")?;
            }
            if let Some([a, b]) = &c.sheets {
                for line in super::sheets_diff(a, b).lines() {
                    let paint = match line.as_bytes().first() {
                        _ if !colour => None,
                        Some(b'+') if !line.starts_with("+++") => Some("32"),
                        Some(b'-') if !line.starts_with("---") => Some("31"),
                        Some(b'@') => Some("36"),
                        _ => None,
                    };
                    match paint {
                        Some(code) => writeln!(out, "\x1b[{code}m{line}\x1b[0m")?,
                        None => writeln!(out, "{line}")?,
                    }
                }
            }
            Ok(())
        }
    }
}

/// The summary line, then (over two games or more) the aggregate and the explanations.
pub(super) fn write_summary(
    out: &mut impl Write,
    s: &DiffSummary,
    agg: &Aggregate,
    explained: Option<&Explained>,
) -> io::Result<()> {
    writeln!(
        out,
        "{}, {}: {} changed ({} changed, {} invalid, {} changed, {} changed), {} unsupported, {}",
        count(s.files, "file"),
        count(s.games, "game"),
        s.games_changed,
        count(s.wins_changed, "win"),
        count(s.wins_invalid, "win"),
        count(s.draws_changed, "draw"),
        count(s.placements_changed, "placement"),
        s.unsupported,
        count(s.errors, "error"),
    )?;
    if agg.games < 2 {
        return Ok(());
    }
    if !agg.point_changes.is_empty() {
        let v: Vec<String> = agg
            .point_change_groups()
            .iter()
            .map(|g| format!("{g} x{}", g.wins))
            .collect();
        let grouped = if agg.point_changes.len() > v.len() {
            format!(
                ", in ranges ({} distinct changes; the JSON lists each)",
                agg.point_changes.len()
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "point changes of the changed wins (B less A){grouped}: {}",
            v.join(", ")
        )?;
    }
    if agg.wins_made_valid > 0 {
        writeln!(out, "wins valid under B only: {}", agg.wins_made_valid)?;
    }
    if agg.ends_unknown > 0 {
        writeln!(out, "games whose end B cannot rule: {}", agg.ends_unknown)?;
    }
    writeln!(
        out,
        "places, A (rows) to B (columns), games that end under both:"
    )?;
    for (i, row) in agg.placement.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(|n| format!("{n:>6}")).collect();
        writeln!(out, "  {}: {}", i + 1, cells.join(""))?;
    }
    let shifts: Vec<String> = agg
        .points_shift
        .iter()
        .enumerate()
        .map(|(i, (sum, n))| match n {
            0 => format!("{}: -", i + 1),
            _ => format!("{}: {:+.2}", i + 1, *sum as f64 / *n as f64 / 10.0),
        })
        .collect();
    writeln!(
        out,
        "mean shift of placement points by A's place (B less A): {}",
        shifts.join(", ")
    )?;
    if let Some(e) = explained {
        let v: Vec<String> = e
            .by_rule_point
            .iter()
            .map(|(f, n)| format!("{f} {n}"))
            .collect();
        writeln!(
            out,
            "changed wins each rule point changes alone: {}; by none alone: {}",
            if v.is_empty() {
                "none".to_owned()
            } else {
                v.join(", ")
            },
            e.only_together
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::because;

    #[test]
    fn a_changed_win_says_which_rule_points_change_it() {
        assert_eq!(because(None), "");
        assert_eq!(
            because(Some(&Vec::new())),
            " [no single rule point: several together]"
        );
        assert_eq!(
            because(Some(&vec!["kiriage_mangan", "open_tanyao"])),
            " [kiriage_mangan, open_tanyao]"
        );
    }
}
