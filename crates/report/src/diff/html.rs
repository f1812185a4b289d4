//! `haifu diff --format html`: one self-contained page (no script, no network) with the
//! summary, the aggregate's tables and its charts as inline SVG.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use haifu_replay::Aggregate;

/// Escapes text for HTML.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
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
        let count = g.wins;
        let bh = (count as f64 / max) * (h - 20.0);
        let colour = if g.lo.is_some_and(|lo| lo >= 0) {
            "#2e7d32"
        } else {
            "#c62828"
        };
        let label = esc(&g.to_string());
        let _ = write!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{colour}\"><title>{label}: {count} wins</title></rect>",
            h - bh
        );
        // Few bars: each labelled flat beneath, with its count above; many: about twelve
        // labels, slanted.
        if groups.len() <= 12 {
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{label}</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{count}</text>",
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
        crate::count(max as usize, "win")
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
        let colour = if *v >= 0.0 { "#2e7d32" } else { "#c62828" };
        let _ = write!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"50\" height=\"{bh:.1}\" fill=\"{colour}\"><title>{v:+.2}</title></rect><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{v:+.2}</text>",
            x + 25.0,
            if *v >= 0.0 { y - 4.0 } else { y + bh + 14.0 }
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The whole page.
pub(super) fn diff_page(
    rules_a: &str,
    rules_b: &str,
    summary: &[(&'static str, usize)],
    agg: &Aggregate,
    explained: Option<&BTreeMap<&'static str, usize>>,
) -> String {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>haifu diff</title><style>\
body{font-family:sans-serif;margin:2em;max-width:60em;color:#222}\
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.3em .7em;text-align:right}\
th{background:#f2f2f2}h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.5em}code{background:#f2f2f2;padding:0 .2em}\
</style></head><body>\n",
    );
    let _ = write!(
        page,
        "<h1>haifu diff</h1><p>A: <code>{}</code> &nbsp; B: <code>{}</code></p>",
        esc(rules_a),
        esc(rules_b)
    );
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
            "<p class=\"none\">No game ends under both rule sets: B cannot rule the end of {} of {} (its money or a rule point it leaves not settled stops it first; the text and JSON forms say where).</p>",
            agg.ends_unknown,
            crate::count(agg.games, "game")
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
    page.push_str("</body></html>\n");
    page
}
