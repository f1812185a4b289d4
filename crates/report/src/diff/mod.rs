//! `haifu diff`'s reports: what another rule set changes in each game, and over them all.

mod html;
mod json;
mod text;

use std::collections::BTreeMap;
use std::io::{self, Write};

use haifu_replay::{Aggregate, Change, GameDiff};
use serde::Serialize;

/// The style both HTML pages share.
pub(crate) use html::STYLE as PAGE_STYLE;

/// One file `diff` read: the game compared under the two rule sets, or why it was not.
#[derive(Clone, Debug)]
pub struct FileDiff {
    /// The file's name as shown to the user.
    pub file: String,
    /// The game compared, or the located message saying why the file could not be read or
    /// given its rule sets.
    pub result: Result<ComparedGame, String>,
}

/// One game replayed under rule sets A and B.
#[derive(Clone, Debug)]
pub struct ComparedGame {
    /// What differs.
    pub diff: GameDiff,
    /// With `--explain`: for each changed win (by its event), the rule points of B that
    /// change it when set alone on A (none: only several together do).
    pub explained: BTreeMap<usize, Vec<&'static str>>,
    /// When something changes and a report shows them (`--sheets`, the HTML page): the two
    /// referee's sheets, A's then B's, each as its rounds' sheets and the game's closing lines
    /// ([`haifu_replay::render_rounds`]).
    pub sheets: Option<[Vec<String>; 2]>,
    /// The rule sets A and B resolved to for this game, each as a `--rules` value that reads
    /// back to it (`tenhou,kiriage_mangan=true`, as haifu-ruleset's `RuleSet::spec` writes it).
    pub rules: [String; 2],
}

/// The formats [`DiffReport`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffFormat {
    /// Per game, each change in game order, then a summary and the aggregate.
    Text,
    /// One JSON object: `{"games": [...], "summary": {...}, "aggregate": {...}}`.
    Json,
    /// One self-contained HTML page (no script, nothing fetched): the rule sets, a legend,
    /// the summary, the aggregate's tables and charts, then each changed game with its changes
    /// and its changed rounds' two sheets side by side, and the files that failed and the
    /// games B cannot rule to the end.
    Html,
}

/// The totals of a `diff` run; the `summary` object of its JSON form.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DiffSummary {
    /// Files read or tried.
    pub files: usize,
    /// Games compared (supported under both rule sets).
    pub games: usize,
    /// Games in which something changes.
    pub games_changed: usize,
    /// Wins valid under both rule sets and worth otherwise under B.
    pub wins_changed: usize,
    /// Wins invalid under B.
    pub wins_invalid: usize,
    /// Draws whose payments change.
    pub draws_changed: usize,
    /// Games whose final places change.
    pub placements_changed: usize,
    /// Games the engine does not support under one rule set or both.
    pub unsupported: usize,
    /// Files that could not be read or given their rule sets.
    pub errors: usize,
}

impl DiffSummary {
    /// The counts as rows (label, value), for the text and HTML forms.
    fn rows(&self) -> Vec<(&'static str, usize)> {
        vec![
            ("files", self.files),
            ("games compared", self.games),
            ("games changed", self.games_changed),
            (
                "wins changed (valid under both, worth otherwise)",
                self.wins_changed,
            ),
            ("wins invalid under B", self.wins_invalid),
            ("draws whose payments changed", self.draws_changed),
            ("games whose final places changed", self.placements_changed),
            ("unsupported", self.unsupported),
            ("errors", self.errors),
        ]
    }
}

/// What `--explain` found over all games: the changed wins each rule point changes alone,
/// and those no single one does.
#[derive(Debug, Default, Serialize)]
struct Explained {
    by_rule_point: BTreeMap<&'static str, usize>,
    only_together: usize,
}

/// A `diff` report being written: [`begin`](Self::begin), then [`add`](Self::add) each
/// file's diff in the order to show them, then [`finish`](Self::finish). It totals the run
/// as it goes ([`summary`](Self::summary)), with the aggregate of the games compared.
#[derive(Debug)]
pub struct DiffReport {
    format: DiffFormat,
    /// Rule sets A and B as the user named them (the HTML page's heading).
    rules: [String; 2],
    colour: bool,
    explain: bool,
    summary: DiffSummary,
    aggregate: Aggregate,
    explained: Explained,
    /// HTML: what the page shows of the games added so far.
    page: html::Gathered,
    /// JSON: no game written yet (the next one needs no comma).
    first: bool,
}

impl DiffReport {
    /// A report in `format` of rule set `rules_a` (A) against `rules_b` (B), each as the
    /// user named it.
    pub fn new(format: DiffFormat, rules_a: &str, rules_b: &str) -> DiffReport {
        DiffReport {
            format,
            rules: [rules_a.to_owned(), rules_b.to_owned()],
            colour: false,
            explain: false,
            summary: DiffSummary::default(),
            aggregate: Aggregate::default(),
            explained: Explained::default(),
            page: html::Gathered::default(),
            first: true,
        }
    }

    /// With `colour`, the text form paints the sheets' diff lines (for a terminal).
    pub fn colour(mut self, colour: bool) -> DiffReport {
        self.colour = colour;
        self
    }

    /// With `explain`, the summary says which rule points change the wins (the games'
    /// [`ComparedGame::explained`]).
    pub fn explain(mut self, explain: bool) -> DiffReport {
        self.explain = explain;
        self
    }

    /// Writes what comes before the first game (JSON's opening).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn begin(&mut self, out: &mut impl Write) -> io::Result<()> {
        match self.format {
            DiffFormat::Json => out.write_all(b"{\"games\":["),
            DiffFormat::Text | DiffFormat::Html => Ok(()),
        }
    }

    /// Counts one file in and writes it (HTML keeps what its page shows of it for
    /// [`finish`](Self::finish)).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn add(&mut self, out: &mut impl Write, game: &FileDiff) -> io::Result<()> {
        self.tally(game);
        match self.format {
            DiffFormat::Text => text::write_game(out, game, self.colour),
            DiffFormat::Json => json::write_game(out, game, &mut self.first),
            DiffFormat::Html => {
                self.page.add(game);
                Ok(())
            }
        }
    }

    /// The totals of the files added so far.
    pub fn summary(&self) -> &DiffSummary {
        &self.summary
    }

    /// Writes the summary and the aggregate (for HTML, the whole page).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        let explained = self.explain.then_some(&self.explained);
        match self.format {
            DiffFormat::Text => text::write_summary(out, &self.summary, &self.aggregate, explained),
            DiffFormat::Json => json::write_summary(out, &self.summary, &self.aggregate, explained),
            DiffFormat::Html => {
                let page = html::diff_page(
                    &self.rules,
                    &self.summary.rows(),
                    &self.aggregate,
                    explained.map(|e| &e.by_rule_point),
                    &self.page,
                );
                out.write_all(page.as_bytes())
            }
        }
    }

    /// Counts one file in: the summary, the aggregate and the explanations.
    fn tally(&mut self, game: &FileDiff) {
        let summary = &mut self.summary;
        summary.files += 1;
        match &game.result {
            Err(_) => summary.errors += 1,
            Ok(c) if c.diff.a.unsupported.is_some() || c.diff.b.unsupported.is_some() => {
                summary.unsupported += 1;
            }
            Ok(c) => {
                let d = &c.diff;
                summary.games += 1;
                summary.games_changed += usize::from(!d.changes.is_empty());
                summary.wins_changed += d.wins_changed();
                summary.wins_invalid += d.wins_invalid();
                summary.draws_changed += d.draws_changed();
                summary.placements_changed += usize::from(d.placements_changed());
                self.aggregate.add(d);
                for fields in c.explained.values() {
                    if fields.is_empty() {
                        self.explained.only_together += 1;
                    }
                    for f in fields {
                        *self.explained.by_rule_point.entry(f).or_default() += 1;
                    }
                }
            }
        }
    }
}

/// The event of a change that has one: a changed or invalid win's.
fn event_of(c: &Change) -> Option<usize> {
    match c {
        Change::WinValue { event, .. } | Change::WinInvalid { event, .. } => Some(*event),
        _ => None,
    }
}

/// Two referee's sheets, A's and B's, each as its rounds' sheets and the game's closing
/// lines ([`haifu_replay::render_rounds`]), as a unified diff of each round that differs,
/// headed `A E2.0` and `B E2.0` (`the game` for the closing lines), with two lines of context.
pub fn sheets_diff(rounds_a: &[String], rounds_b: &[String]) -> String {
    // Round by round, so the work is linear in the rounds: only the rounds that differ are
    // compared line by line.
    let mut out = String::new();
    let n = rounds_a.len().max(rounds_b.len());
    for i in 0..n {
        let a = rounds_a.get(i).map_or("", String::as_str);
        let b = rounds_b.get(i).map_or("", String::as_str);
        if a == b {
            continue;
        }
        let title = round_title(a, b, i + 1 == n);
        out.push_str(
            &similar::TextDiff::from_lines(a, b)
                .unified_diff()
                .context_radius(2)
                .header(&format!("A {title}"), &format!("B {title}"))
                .to_string(),
        );
    }
    out
}

/// The title of a round's two sheets, `a` and `b` (one may be empty): its label (`E2.0`),
/// from the first line of its sheet, or `the game` for the game's closing lines (`last`).
fn round_title(a: &str, b: &str, last: bool) -> String {
    if last {
        return "the game".to_owned();
    }
    let header = if a.is_empty() { b } else { a }
        .lines()
        .next()
        .unwrap_or("");
    header.split(" dealer").next().unwrap_or("").to_owned()
}
