//! The HTML form: one self-contained page (no script, nothing fetched) with the summary, a
//! legend, every game in a table, then each divergent game's divergences and the referee's
//! sheet of each divergent round with its divergences marked, and each unreadable file's
//! located message.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use haifu_replay::{Status, Verdict};

use super::{FileVerdict, VerifySummary, round_label, unsupported_reason};
use crate::count;

/// Text from a file or a log, escaped for the page (`newlines` kept in a `<pre>`).
fn esc(text: &str, newlines: bool) -> String {
    crate::escape::html(text, newlines)
}

/// The page's parts, written as the games are added: the games' table rows and the sections
/// of the games that have more to show.
#[derive(Debug, Default)]
pub(super) struct Page {
    /// The games added, each a row of the table.
    rows: String,
    /// The divergent games and unreadable files, each a section.
    sections: String,
    /// How many games have been added (each game's anchor is `f` and its number).
    games: usize,
}

impl Page {
    /// Adds one file's row, and its section when it diverges or does not read.
    pub(super) fn add(&mut self, game: &FileVerdict) {
        let n = self.games;
        self.games += 1;
        let file = esc(&game.file, false);
        let (status, rounds, section) = match &game.result {
            Err(message) => (
                "error",
                String::new(),
                Some(error_section(n, game, message)),
            ),
            Ok(v) => match v.status() {
                Status::Conforming => ("conforming", v.rounds.to_string(), None),
                Status::Unsupported => ("unsupported", String::new(), None),
                Status::Divergent => (
                    "divergent",
                    v.rounds.to_string(),
                    Some(divergent_section(n, game, v)),
                ),
            },
        };
        let shown = if section.is_some() {
            format!("<a href=\"#f{n}\"><code>{file}</code></a>")
        } else {
            format!("<code>{file}</code>")
        };
        let detail = match &game.result {
            Err(_) => "could not be read or checked".to_owned(),
            Ok(v) => match v.status() {
                Status::Conforming => super::conforming_notes(v).join("; "),
                Status::Unsupported => esc(&unsupported_reason(v), false),
                Status::Divergent => count(v.divergence_count(), "divergence"),
            },
        };
        let _ = write!(
            self.rows,
            "<tr class=\"{status}\"><td>{shown}</td><td>{status}</td><td>{rounds}</td><td>{detail}</td></tr>"
        );
        if let Some(section) = section {
            self.sections.push_str(&section);
        }
    }

    /// The whole page, with the run's summary.
    pub(super) fn finish(&self, summary: &VerifySummary) -> String {
        let mut page = format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>haifu verify</title><style>{}</style></head><body>\n<h1>haifu verify</h1>",
            crate::diff::PAGE_STYLE
        );
        let _ = write!(
            page,
            "<p id=\"summary\">{}{}.</p>",
            summary.counts(),
            match summary.skipped {
                0 => String::new(),
                n => format!("; {} skipped", count(n, "file")),
            }
        );
        if !summary.divergences_by_kind.is_empty() {
            let kinds: Vec<String> = summary
                .divergences_by_kind
                .iter()
                .map(|(k, n)| format!("<code>{k}</code> {n}"))
                .collect();
            let _ = write!(page, "<p>Divergences by kind: {}.</p>", kinds.join(", "));
        }
        page.push_str(LEGEND);
        let _ = write!(
            page,
            "<h2 id=\"games\">Games</h2><table class=\"list\"><tr><th>file</th><th>status</th><th>rounds</th><th>detail</th></tr>{}</table>",
            self.rows
        );
        page.push_str(&self.sections);
        page.push_str("</body></html>\n");
        page
    }
}

/// What the statuses, the links and the marks mean.
const LEGEND: &str = "<h2 id=\"legend\">Legend</h2><dl>\
<dt>conforming</dt><dd>every ruling of the log agrees with the engine's under its rule set</dd>\
<dt>divergent</dt><dd>at least one ruling differs: the file links to its divergences and to the referee's sheet of each round that has one</dd>\
<dt>unsupported</dt><dd>the engine does not support the game under its rule set: it is not checked</dd>\
<dt>error</dt><dd>the file could not be read or checked: it links to the message, at its line and column where it has one</dd>\
<dt>rounds</dt><dd>the rounds checked</dd>\
<dt><mark>!!</mark></dt><dd>in a sheet, a line where the log diverges from the engine's ruling (the engine's ruling first, the recorded one after <code>|</code>)</dd>\
<dt>known</dt><dd>a divergence the baseline given lists</dd></dl>";

/// An unreadable file's section: its located message, whole.
fn error_section(n: usize, game: &FileVerdict, message: &str) -> String {
    let place = match game.error() {
        Some((Some((line, Some(column))), _)) => format!(" at line {line}, column {column}"),
        Some((Some((line, None)), _)) => format!(" at line {line}"),
        _ => String::new(),
    };
    format!(
        "<section id=\"f{n}\"><h3><code>{}</code>: error{place}</h3><pre>{}</pre><p><a href=\"#games\">back to the games</a></p></section>",
        esc(&game.file, false),
        esc(message, true)
    )
}

/// A divergent game's section: its rule set's source, its divergences (each linked to its
/// round's sheet), then the sheet of each divergent round, its divergences marked.
fn divergent_section(n: usize, game: &FileVerdict, v: &Verdict) -> String {
    let mut s = format!(
        "<section id=\"f{n}\"><h3><code>{}</code>: {}</h3>",
        esc(&game.file, false),
        count(v.divergence_count(), "divergence")
    );
    match (v.rules.map(|r| r.spec()), &game.rules_source) {
        (Some(spec), Some(source)) => {
            let _ = write!(
                s,
                "<p>Rule set: <code>{}</code>, from {}.</p>",
                esc(&spec, false),
                esc(source, false)
            );
        }
        (Some(spec), None) => {
            let _ = write!(s, "<p>Rule set: <code>{}</code>.</p>", esc(&spec, false));
        }
        (None, _) => {}
    }
    // The sheets shown: those of the rounds that diverge, and the closing lines when the game
    // as a whole does.
    let divergent: BTreeSet<String> = v.divergences.iter().map(round_label).collect();
    let shown: Vec<(String, &String)> = game
        .sheets
        .iter()
        .enumerate()
        .map(|(i, sheet)| (sheet_label(sheet, i + 1 == game.sheets.len()), sheet))
        .filter(|(label, sheet)| divergent.contains(label) && !sheet.is_empty())
        .collect();
    let anchor = |label: &str| {
        shown
            .iter()
            .position(|(l, _)| l == label)
            .map(|r| format!("f{n}-r{r}"))
    };
    s.push_str("<table class=\"list\"><tr><th>round</th><th>place</th><th>kind</th><th>divergence</th></tr>");
    for d in &v.divergences {
        let label = round_label(d);
        let round = match anchor(&label) {
            Some(id) => format!("<a href=\"#{id}\">{label}</a>"),
            None => label,
        };
        let place = match game.place(d) {
            Some((line, Some(column))) => format!("{line}:{column}"),
            Some((line, None)) => line.to_string(),
            None => String::new(),
        };
        let known = if game.is_known(d) { " (known)" } else { "" };
        let _ = write!(
            s,
            "<tr><td>{round}</td><td>{place}</td><td><code>{}</code>{known}</td><td>{}</td></tr>",
            d.kind.name(),
            esc(&d.kind.to_string(), false)
        );
    }
    s.push_str("</table>");
    if v.divergences_left_out > 0 {
        let _ = write!(
            s,
            "<p>… and {} more, counted but not kept (a verdict keeps the first {} found).</p>",
            count(v.divergences_left_out, "divergence"),
            Verdict::KEPT
        );
    }
    for (r, (label, sheet)) in shown.iter().enumerate() {
        let _ = write!(s, "<h4 id=\"f{n}-r{r}\">{label}</h4><pre class=\"sheet\">");
        for line in sheet.lines() {
            let line = esc(line, false);
            if line.trim_start().starts_with("!!") {
                let _ = writeln!(s, "<mark>{line}</mark>");
            } else {
                let _ = writeln!(s, "{line}");
            }
        }
        s.push_str("</pre>");
    }
    s.push_str("<p><a href=\"#games\">back to the games</a></p></section>");
    s
}

/// The round a sheet is of, as [`round_label`] names it: the first word of its first line
/// (`E2.0`), or `game` for the game's closing lines (`last`).
fn sheet_label(sheet: &str, last: bool) -> String {
    if last {
        return "game".to_owned();
    }
    sheet.split(' ').next().unwrap_or("").to_owned()
}
