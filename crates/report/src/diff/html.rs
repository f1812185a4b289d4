//! `haifu diff --format html`: one self-contained page (no script, nothing fetched) with the
//! rule sets, a legend, the summary, the aggregate's tables and its charts as inline SVG, then
//! each changed game with its changed rounds' two sheets side by side, and the games that
//! failed or that B cannot rule to the end.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use haifu_replay::{Aggregate, Change, CourseEnd, RoundLabel};

use super::{FileDiff, round_title};
use crate::count;

/// Text from a file or a log, escaped for the page.
fn esc(text: &str) -> String {
    crate::escape::html(text, false)
}

/// The colours of a gain under B, a loss, and no change.
const GAIN: &str = "#2e7d32";
const LOSS: &str = "#c62828";
const NEUTRAL: &str = "#9e9e9e";

/// The colour of a change: a gain, a loss or none.
fn colour_of(lo: f64, hi: f64) -> &'static str {
    if lo > 0.0 {
        GAIN
    } else if hi < 0.0 {
        LOSS
    } else {
        NEUTRAL
    }
}

/// What the page shows of the games, gathered as they are added.
#[derive(Debug, Default)]
pub(super) struct Gathered {
    /// The games in which something changes, in order.
    changed: Vec<ChangedGame>,
    /// The files that could not be read or given their rule sets, with why.
    failed: Vec<(String, String)>,
    /// The games the engine does not support under a rule set, with why.
    unsupported: Vec<(String, String)>,
    /// The games whose end B cannot rule, with B's end.
    unruled: Vec<(String, String)>,
    /// For A and B, each rule set resolved to, with how many games had it.
    rules: [BTreeMap<String, usize>; 2],
}

/// A changed game as the page shows it.
#[derive(Debug)]
struct ChangedGame {
    file: String,
    rules: [String; 2],
    /// Each change's text, with its round when it has one.
    changes: Vec<(Option<RoundLabel>, String)>,
    /// The rounds whose sheets differ.
    rounds: Vec<ChangedRound>,
}

/// A round whose two sheets differ.
#[derive(Debug)]
struct ChangedRound {
    /// Its label (`E2.0`), or `the game` for the closing lines.
    title: String,
    a: String,
    b: String,
}

impl Gathered {
    /// Keeps what the page shows of one file.
    pub(super) fn add(&mut self, game: &FileDiff) {
        let c = match &game.result {
            Err(message) => {
                self.failed.push((game.file.clone(), message.clone()));
                return;
            }
            Ok(c) => c,
        };
        for (side, name) in self.rules.iter_mut().zip(&c.rules) {
            *side.entry(name.clone()).or_default() += 1;
        }
        let d = &c.diff;
        if let Some(reason) = d.a.unsupported.as_ref().or(d.b.unsupported.as_ref()) {
            self.unsupported.push((game.file.clone(), reason.clone()));
            return;
        }
        if matches!(d.b.end, CourseEnd::Unknown { .. }) {
            self.unruled
                .push((game.file.clone(), haifu_replay::end_text(&d.b.end)));
        }
        if d.changes.is_empty() {
            return;
        }
        let mut rounds = Vec::new();
        if let Some([a, b]) = &c.sheets {
            let n = a.len().max(b.len());
            for i in 0..n {
                let a = a.get(i).map_or("", String::as_str);
                let b = b.get(i).map_or("", String::as_str);
                if a != b {
                    rounds.push(ChangedRound {
                        title: round_title(a, b, i + 1 == n),
                        a: a.to_owned(),
                        b: b.to_owned(),
                    });
                }
            }
        }
        self.changed.push(ChangedGame {
            file: game.file.clone(),
            rules: c.rules.clone(),
            changes: d
                .changes
                .iter()
                .map(|change| {
                    let why = super::text::because(
                        super::event_of(change).and_then(|e| c.explained.get(&e)),
                    );
                    (round_of(change), format!("{change}{why}"))
                })
                .collect(),
            rounds,
        });
    }
}

/// The round of a change that has one.
fn round_of(c: &Change) -> Option<RoundLabel> {
    match c {
        Change::Refused { round, .. }
        | Change::WinValue { round, .. }
        | Change::WinInvalid { round, .. }
        | Change::Payments { round, .. }
        | Change::Scores { round, .. }
        | Change::Flow { round, .. } => Some(*round),
        Change::End { .. } => None,
    }
}

/// The histogram of the changed wins' point changes, as an SVG bar chart: one bar per
/// distinct change, or per range of changes when there are many ([`Aggregate::point_change_groups`]),
/// its height the number of wins.
fn histogram(agg: &Aggregate) -> String {
    let groups = agg.point_change_groups();
    let (w, h, pad) = (760.0_f64, 240.0_f64, 36.0_f64);
    let mut svg = format!(
        "<svg id=\"point-changes\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{}\" role=\"img\" aria-label=\"point changes of the changed wins\">",
        h + 60.0
    );
    if groups.is_empty() {
        svg.push_str("<text x=\"10\" y=\"30\">no win changes value</text></svg>");
        return svg;
    }
    let max = groups.iter().map(|g| g.wins).max().unwrap_or(1).max(1) as f64;
    let n = groups.len() as f64;
    let slot = (w - 2.0 * pad) / n;
    let bar = (slot * 0.8).max(1.0);
    let _ = write!(
        svg,
        "<line x1=\"{pad}\" y1=\"{h}\" x2=\"{}\" y2=\"{h}\" stroke=\"#444\"/>",
        w - pad
    );
    for (i, g) in groups.iter().enumerate() {
        let x = pad + i as f64 * slot + (slot - bar) / 2.0;
        let wins = g.wins;
        let bh = (wins as f64 / max) * (h - 20.0);
        let colour = colour_of(
            g.lo.map_or(f64::MIN, |lo| lo as f64),
            g.hi.map_or(f64::MAX, |hi| hi as f64),
        );
        // No change is no gain: `0`, not `+0`.
        let label = match (g.lo, g.hi) {
            (Some(0), Some(0)) => "0".to_owned(),
            _ => esc(&g.to_string()),
        };
        let _ = write!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{colour}\"><title>{label}: {}</title></rect>",
            h - bh,
            count(wins, "win")
        );
        // Few bars: each labelled flat beneath, with its count above; many: about twelve
        // labels, slanted.
        if groups.len() <= 12 {
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{label}</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{wins}</text>",
                x + bar / 2.0,
                h + 16.0,
                x + bar / 2.0,
                h - bh - 4.0
            );
        } else if i % (groups.len() / 12).max(1) == 0 {
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\" transform=\"rotate(-45 {:.1} {:.1})\">{label}</text>",
                x + bar / 2.0,
                h + 14.0,
                x + bar / 2.0,
                h + 14.0
            );
        }
    }
    let _ = write!(
        svg,
        "<text x=\"4\" y=\"14\" font-size=\"11\">{}</text></svg>",
        count(max as usize, "win")
    );
    svg
}

/// The placement matrix as a table, cells shaded by their share of the row.
fn placement_table(m: &[[usize; 4]; 4]) -> String {
    let mut t = String::from(
        "<table id=\"placements\"><tr><th>A \\ B</th><th>1st</th><th>2nd</th><th>3rd</th><th>4th</th></tr>",
    );
    for (i, row) in m.iter().enumerate() {
        let total = row.iter().sum::<usize>().max(1) as f64;
        let _ = write!(t, "<tr><th>{}</th>", ordinal(i));
        for (j, n) in row.iter().enumerate() {
            let share = *n as f64 / total;
            let shade = if i == j { "46,125,50" } else { "198,40,40" };
            let _ = write!(
                t,
                "<td style=\"background: rgba({shade},{:.2})\">{n}</td>",
                share * 0.6
            );
        }
        t.push_str("</tr>");
    }
    t.push_str("</table>");
    t
}

fn ordinal(i: usize) -> &'static str {
    ["1st", "2nd", "3rd", "4th"].get(i).copied().unwrap_or("?")
}

/// The mean shift of placement points by A's place, as an SVG bar chart around zero.
fn shift_chart(shift: &[(i64, usize); 4]) -> String {
    let means: Vec<Option<f64>> = shift
        .iter()
        .map(|(sum, n)| (*n > 0).then(|| *sum as f64 / *n as f64 / 10.0))
        .collect();
    let max = means
        .iter()
        .flatten()
        .fold(0.0_f64, |m, v| m.max(v.abs()))
        .max(0.1);
    let (w, h) = (420.0_f64, 180.0_f64);
    let mid = h / 2.0;
    let mut svg = format!(
        "<svg id=\"points-shift\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{}\" role=\"img\" aria-label=\"mean shift of placement points by place\">",
        h + 20.0
    );
    let _ = write!(
        svg,
        "<line x1=\"30\" y1=\"{mid}\" x2=\"{}\" y2=\"{mid}\" stroke=\"#444\"/>",
        w - 10.0
    );
    for (i, m) in means.iter().enumerate() {
        let x = 50.0 + i as f64 * 95.0;
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            x + 25.0,
            h + 14.0,
            ordinal(i)
        );
        let Some(v) = m else { continue };
        let bh = v.abs() / max * (mid - 20.0);
        let y = if *v >= 0.0 { mid - bh } else { mid };
        let colour = colour_of(*v, *v);
        let shown = signed(*v);
        let _ = write!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"50\" height=\"{bh:.1}\" fill=\"{colour}\"><title>{shown}</title></rect><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{shown}</text>",
            x + 25.0,
            if *v >= 0.0 { y - 4.0 } else { y + bh + 14.0 }
        );
    }
    svg.push_str("</svg>");
    svg
}

/// A mean shift as the page writes it: `+1.25`, `-0.50`, and `0.00` for none.
fn signed(v: f64) -> String {
    let text = format!("{v:+.2}");
    match text.as_str() {
        "+0.00" | "-0.00" => "0.00".to_owned(),
        _ => text,
    }
}

/// The style of both pages (`diff`'s and `verify`'s), in the page itself: `table.sheets` is
/// two sheets side by side, `td.a` and `td.b` the lines only one side has; `pre.sheet` is one
/// sheet, its divergences in `<mark>` (every `<pre>` wraps its long lines); `tr.divergent`,
/// `tr.error` and `tr.unsupported` are games by status.
pub(crate) const STYLE: &str = "\
body{font-family:sans-serif;margin:2em;max-width:80em;color:#222}\
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.3em .7em;text-align:right}\
th{background:#f2f2f2}h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.5em}h3{font-size:1em;margin-top:1.5em}\
code{background:#f2f2f2;padding:0 .2em}dt{font-weight:bold;margin-top:.4em}dd{margin-left:1.5em}\
.swatch{display:inline-block;width:1em;height:1em;vertical-align:middle;margin-right:.3em}\
table.sheets{width:100%;table-layout:fixed;font-size:.85em}table.sheets td{text-align:left;white-space:pre-wrap;\
font-family:monospace;border:none;border-right:1px solid #bbb;padding:0 .5em;vertical-align:top}\
table.sheets th{text-align:left}td.a{background:#fde0e0}td.b{background:#e0f2e0}\
table.list td,table.list th{text-align:left;vertical-align:top}mark{background:#ffe08a}\
section{border-top:1px solid #ddd;margin-top:1.5em}pre{white-space:pre-wrap}pre.sheet{font-size:.9em}\
tr.divergent td:nth-child(2),tr.error td:nth-child(2){color:#c62828;font-weight:bold}\
tr.unsupported td:nth-child(2){color:#757575}";

/// The two sheets of a round side by side: a table of aligned lines, A's on the left and B's
/// on the right, a line only one side has (or has otherwise) shaded.
fn side_by_side(a: &str, b: &str) -> String {
    let diff = similar::TextDiff::from_lines(a, b);
    let (old, new) = (diff.old_slices(), diff.new_slices());
    // A line, shaded as `changed` when the other side has it otherwise or not at all; an
    // empty cell across from a line the other side adds.
    let cell = |line: Option<&&str>, changed: &str| match line {
        Some(line) => format!("<td{changed}>{}</td>", esc(line.trim_end_matches('\n'))),
        None => "<td></td>".to_owned(),
    };
    let mut t = String::from("<table class=\"sheets\"><tr><th>A</th><th>B</th></tr>");
    for op in diff.ops() {
        let (tag, ra, rb) = op.as_tag_tuple();
        let (ca, cb) = match tag {
            similar::DiffTag::Equal => ("", ""),
            _ => (" class=\"a\"", " class=\"b\""),
        };
        for k in 0..ra.len().max(rb.len()) {
            let line_a = (k < ra.len()).then(|| &old[ra.start + k]);
            let line_b = (k < rb.len()).then(|| &new[rb.start + k]);
            let _ = write!(t, "<tr>{}{}</tr>", cell(line_a, ca), cell(line_b, cb));
        }
    }
    t.push_str("</table>");
    t
}

/// A side as the page names it: the rule set as given (`auto`, `m-league`) and, when it
/// resolved to something else, what it resolved to: the one rule set, or (`in_full`) each
/// with its count of games, or else how many there are.
fn side_name(given: &str, resolved: &BTreeMap<String, usize>, in_full: bool) -> String {
    let given_code = format!("<code>{}</code>", esc(given));
    let mut names = resolved.keys();
    match (names.next(), names.next()) {
        (None, _) => given_code,
        (Some(only), None) if only == given => given_code,
        (Some(only), None) => format!("{given_code}, resolved to <code>{}</code>", esc(only)),
        _ if !in_full => format!(
            "{given_code}, resolved per game to {} (see the <a href=\"#legend\">legend</a>)",
            count(resolved.len(), "rule set")
        ),
        _ => {
            let mut each = format!("{given_code}, resolved per game to:<ul>");
            for (name, n) in resolved {
                let _ = write!(
                    each,
                    "<li><code>{}</code> ({})</li>",
                    esc(name),
                    count(*n, "game")
                );
            }
            each.push_str("</ul>");
            each
        }
    }
}

/// The legend: what A and B, the signs, the colours and the sheets mean.
fn legend(rules: &[String; 2], gathered: &Gathered) -> String {
    let swatch =
        |colour: &str| format!("<span class=\"swatch\" style=\"background:{colour}\"></span>");
    let mut l = String::from("<h2 id=\"legend\">Legend</h2><dl>");
    for (side, (given, names)) in ["A", "B"].iter().zip(rules.iter().zip(&gathered.rules)) {
        let option = if *side == "A" { "--rules" } else { "--against" };
        let _ = write!(
            l,
            "<dt>{side}</dt><dd>the rule set of <code>{option}</code>: {}</dd>",
            side_name(given, names, true)
        );
    }
    let _ = write!(
        l,
        "<dt>point change</dt><dd>B's points less A's: {}a gain under B, {}a loss, {}none (<code>0</code>)</dd>\
<dt>places</dt><dd>a player's place under A as the row, under B as the column: the diagonal (the same place) shaded green, the rest red, by their share of the row</dd>\
<dt>sheets</dt><dd>each changed round's referee's sheets, A's on the left and B's on the right; a line the other side writes otherwise or not at all is shaded: <span class=\"swatch\" style=\"background:#fde0e0\"></span>A's, <span class=\"swatch\" style=\"background:#e0f2e0\"></span>B's; <code>!!</code> marks where the log diverges from that side's ruling</dd></dl>",
        swatch(GAIN),
        swatch(LOSS),
        swatch(NEUTRAL)
    );
    l
}

/// The list of changed games and rounds, each linked to its part of the page.
fn contents(gathered: &Gathered) -> String {
    let mut c = format!(
        "<h2 id=\"changed\">Changed games</h2><p>{} in which something changes; each links to its changes and its changed rounds' sheets.</p><ul id=\"games\">",
        count(gathered.changed.len(), "game")
    );
    for (g, game) in gathered.changed.iter().enumerate() {
        let _ = write!(
            c,
            "<li><a href=\"#g{g}\">{}</a>: {}",
            esc(&game.file),
            count(game.changes.len(), "change")
        );
        if !game.rounds.is_empty() {
            let rounds: Vec<String> = game
                .rounds
                .iter()
                .enumerate()
                .map(|(r, round)| format!("<a href=\"#g{g}-r{r}\">{}</a>", esc(&round.title)))
                .collect();
            let _ = write!(c, " ({})", rounds.join(", "));
        }
        c.push_str("</li>");
    }
    c.push_str("</ul>");
    c
}

/// One changed game: its rule sets where they differ by game, its changes (each linked to
/// its round's sheets), then those sheets side by side.
fn game_section(g: usize, game: &ChangedGame, per_game: [bool; 2]) -> String {
    let mut s = format!("<section id=\"g{g}\"><h3>{}</h3>", esc(&game.file));
    for (side, (name, differs)) in ["A", "B"].iter().zip(game.rules.iter().zip(per_game)) {
        if differs {
            let _ = write!(s, "<p>{side}: <code>{}</code></p>", esc(name));
        }
    }
    s.push_str("<ul>");
    for (round, text) in &game.changes {
        let at = round.and_then(|label| {
            let label = label.to_string();
            game.rounds.iter().position(|r| r.title == label)
        });
        match at {
            Some(r) => {
                let _ = write!(s, "<li><a href=\"#g{g}-r{r}\">{}</a></li>", esc(text));
            }
            None => {
                let _ = write!(s, "<li>{}</li>", esc(text));
            }
        }
    }
    s.push_str("</ul>");
    for (r, round) in game.rounds.iter().enumerate() {
        let _ = write!(
            s,
            "<h4 id=\"g{g}-r{r}\">{}</h4>{}",
            esc(&round.title),
            side_by_side(&round.a, &round.b)
        );
    }
    s.push_str("<p><a href=\"#changed\">back to the list</a></p></section>");
    s
}

/// A list of files, each with what is said of it, under a heading; nothing when empty. With
/// `located`, what is said is a located message, shown whole (its caret lines aligned).
fn files_list(
    id: &str,
    heading: &str,
    intro: &str,
    files: &[(String, String)],
    located: bool,
) -> String {
    if files.is_empty() {
        return String::new();
    }
    let mut l = format!(
        "<h2 id=\"{id}\">{heading}</h2><p>{intro}</p><table class=\"list\"><tr><th>file</th><th>why</th></tr>"
    );
    for (file, why) in files {
        let why = if located {
            format!("<pre>{}</pre>", crate::escape::html(why, true))
        } else {
            esc(why)
        };
        let _ = write!(
            l,
            "<tr><td><code>{}</code></td><td>{why}</td></tr>",
            esc(file)
        );
    }
    l.push_str("</table>");
    l
}

/// The whole page.
pub(super) fn diff_page(
    rules: &[String; 2],
    summary: &[(&'static str, usize)],
    agg: &Aggregate,
    explained: Option<&BTreeMap<&'static str, usize>>,
    gathered: &Gathered,
) -> String {
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>haifu diff</title><style>{STYLE}</style></head><body>\n"
    );
    let _ = write!(
        page,
        "<h1>haifu diff</h1><p>A: {}<br>B: {}</p>",
        side_name(&rules[0], &gathered.rules[0], false),
        side_name(&rules[1], &gathered.rules[1], false)
    );
    page.push_str("<p><a href=\"#legend\">Legend</a> · <a href=\"#summary\">Summary</a> · <a href=\"#changed\">Changed games</a>");
    for (id, heading, list) in [
        ("failed", "Files that failed", &gathered.failed),
        (
            "unruled",
            "Games B cannot rule to the end",
            &gathered.unruled,
        ),
        ("unsupported", "Unsupported games", &gathered.unsupported),
    ] {
        if !list.is_empty() {
            let _ = write!(page, " · <a href=\"#{id}\">{heading}</a>");
        }
    }
    page.push_str("</p>");
    page.push_str(&legend(rules, gathered));
    page.push_str("<h2>Summary</h2><table id=\"summary\">");
    for (label, n) in summary {
        let _ = write!(page, "<tr><th>{}</th><td>{n}</td></tr>", esc(label));
    }
    let _ = write!(
        page,
        "<tr><th>wins valid under B and not under A</th><td>{}</td></tr><tr><th>games whose end B cannot rule</th><td>{}</td></tr>",
        agg.wins_made_valid, agg.ends_unknown
    );
    page.push_str("</table>");
    page.push_str(
        "<h2>Point changes of the changed wins</h2><p>Each bar is one change of a win's value (B's points less A's), or a range of changes when there are more than 24 distinct ones (ranges growing tenfold: 300, 1000, 3000, 10000, 30000), in order from the largest loss to the largest gain, not to scale; its height is the number of wins that changed by it. Hover a bar for its figures; the JSON form lists every change.</p>",
    );
    page.push_str(&histogram(agg));
    page.push_str(
        "<h2>Final places</h2><p>Players placed as the row under A and as the column under B, in the games both rule sets end.</p>",
    );
    let ended_under_both: usize = agg.placement.iter().flatten().sum();
    if ended_under_both == 0 {
        let _ = write!(
            page,
            "<p class=\"none\">No game ends under both rule sets: B cannot rule the end of {} of {} (its money or a rule point it leaves not settled stops it first; see <a href=\"#unruled\">the games B cannot rule to the end</a>).</p>",
            agg.ends_unknown,
            count(agg.games, "game")
        );
    }
    page.push_str(&placement_table(&agg.placement));
    page.push_str(
        "<h2>Placement points by place under A</h2><p>The mean change of each player's placement points (B less A), where both rule sets compute them.</p>",
    );
    if agg.points_shift.iter().all(|(_, n)| *n == 0) {
        page.push_str(
            "<p class=\"none\">No player has placement points under both rule sets (a rule set without final points, such as one whose <code>final_points</code> is <code>\"not-known\"</code>, or no game that both end).</p>",
        );
    }
    page.push_str(&shift_chart(&agg.points_shift));
    if let Some(explained) = explained {
        page.push_str(
            "<h2>Which rule point changes the wins</h2><p>The changed wins each rule point of B changes when it alone is set on A.</p><table id=\"explained\"><tr><th>rule point</th><th>wins</th></tr>",
        );
        for (field, n) in explained {
            let _ = write!(page, "<tr><th>{}</th><td>{n}</td></tr>", esc(field));
        }
        page.push_str("</table>");
    }
    page.push_str(&contents(gathered));
    let per_game = [gathered.rules[0].len() > 1, gathered.rules[1].len() > 1];
    for (g, game) in gathered.changed.iter().enumerate() {
        page.push_str(&game_section(g, game, per_game));
    }
    page.push_str(&files_list(
        "failed",
        "Files that failed",
        "These files could not be read or given their rule sets; nothing of them is counted above.",
        &gathered.failed,
        true,
    ));
    page.push_str(&files_list(
        "unruled",
        "Games B cannot rule to the end",
        "B's money became unknown in these games (a refused action, a win it does not value) or a rule point it leaves not settled stops it: their places under B are not known.",
        &gathered.unruled,
        false,
    ));
    page.push_str(&files_list(
        "unsupported",
        "Unsupported games",
        "The engine does not support these games under one rule set or both; they are not compared.",
        &gathered.unsupported,
        false,
    ));
    page.push_str("</body></html>\n");
    page
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_change_is_drawn_neutral_not_as_a_gain() {
        let mut agg = Aggregate::default();
        agg.point_changes.extend([(-500, 1), (0, 2), (1000, 1)]);
        let svg = histogram(&agg);
        for (label, colour, wins) in [
            ("-500", LOSS, "1 win"),
            ("0", NEUTRAL, "2 wins"),
            ("+1000", GAIN, "1 win"),
        ] {
            assert!(
                svg.contains(&format!("fill=\"{colour}\"><title>{label}: {wins}</title>")),
                "{label}: {svg}"
            );
        }
        assert!(!svg.contains("+0"), "{svg}");
        // A mean shift of nothing is neither sign.
        let chart = shift_chart(&[(0, 3), (25, 2), (-25, 2), (0, 0)]);
        assert!(
            chart.contains(&format!("fill=\"{NEUTRAL}\"><title>0.00</title>")),
            "{chart}"
        );
        assert!(
            chart.contains(&format!("fill=\"{GAIN}\"><title>+1.25</title>")),
            "{chart}"
        );
        assert!(
            chart.contains(&format!("fill=\"{LOSS}\"><title>-1.25</title>")),
            "{chart}"
        );
    }

    #[test]
    fn two_sheets_side_by_side_align_their_lines() {
        let table = side_by_side(
            "E1.0\n  same\n  only A\n",
            "E1.0\n  same\n  only B\n  more B\n",
        );
        assert_eq!(
            table,
            "<table class=\"sheets\"><tr><th>A</th><th>B</th></tr>\
<tr><td>E1.0</td><td>E1.0</td></tr>\
<tr><td>  same</td><td>  same</td></tr>\
<tr><td class=\"a\">  only A</td><td class=\"b\">  only B</td></tr>\
<tr><td></td><td class=\"b\">  more B</td></tr></table>"
        );
    }
}
