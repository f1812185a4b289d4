//! `haifu verify`'s reports: one file's verdict in each format, and the run's summary.

mod github;
mod html;
mod json;
mod junit;
mod markdown;
mod text;

use std::collections::BTreeMap;
use std::io::{self, Write};

use haifu_log::SourcePositions;
use haifu_replay::{Divergence, DivergenceKind, Status, Verdict};
use serde::Serialize;

/// One file `verify` read: its verdict, or why it has none, with what a report says of
/// where it came from.
#[derive(Clone, Debug)]
pub struct FileVerdict {
    /// The file's name as shown to the user.
    pub file: String,
    /// The folder it was found in, as shown: `.` for a file named alone, `-` for standard
    /// input (a JUnit report's test suite).
    pub folder: String,
    /// The game's identity, by which a baseline knows its divergences wherever the file is
    /// named from: the log's game id, else `sha256:` and the hash of the file's bytes; `None`
    /// when neither is known (a conforming game needs none).
    pub game: Option<String>,
    /// The verdict, or the located message (`FILE:LINE:COL: message`) saying why the file
    /// could not be read or checked.
    pub result: Result<Verdict, String>,
    /// How many attributes the reader did not know (kept verbatim in the event stream).
    pub unknown_attributes: usize,
    /// Where the events and expectations of a divergent game were written (empty when none
    /// is known).
    pub positions: SourcePositions,
    /// Where the rule set came from (the log's declaration, or `--rules`).
    pub rules_source: Option<String>,
    /// For each divergence of the verdict, in order, whether the baseline given knows it
    /// (empty without a baseline): known ones are shown as known, and fail no CI report.
    pub known: Vec<bool>,
    /// For the HTML report, a divergent game's referee's sheet: each round's, then the game's
    /// closing lines ([`haifu_replay::render_rounds`]); empty otherwise.
    pub sheets: Vec<String>,
}

/// What a conforming verdict did not cover, as the text and HTML reports say it after the
/// round count: a game that starts mid-game, one whose end is not recorded, rounds whose
/// draws no wall could check (the log states none, nor a seed to rebuild it from), and rounds
/// whose moves the record leaves out.
fn conforming_notes(v: &Verdict) -> Vec<String> {
    let mut notes = Vec::new();
    if !v.checked.start_recorded {
        notes.push("it starts mid-game".to_owned());
    }
    if !v.checked.end_recorded {
        notes.push("the game's end is not recorded".to_owned());
    }
    if v.checked.setups_from_flow {
        notes.push(
            "the log states no round setup, scores, payments or win values: each round's setup is the flow's, and those were not compared"
                .to_owned(),
        );
    }
    match v.checked.walls {
        0 if v.rounds > 0 => notes.push("no wall to check the draws against".to_owned()),
        walls if walls < v.rounds => notes.push(format!(
            "no wall for {} of them to check their draws against",
            v.rounds - walls
        )),
        _ => {}
    }
    // A round whose moves the record leaves out: from there, what it states was checked, not
    // the moves, and what only the moves could show was taken as stated.
    for e in &v.elisions {
        notes.push(format!("{}: {e}", e.round));
    }
    notes
}

/// Where in its file a divergence's event is: the line (haifu text: a failed expectation's
/// `expect` line, or the event's line), with the column of the event's tag or item where the
/// format has one.
fn place_of(positions: &SourcePositions, d: &Divergence) -> Option<(u32, Option<u32>)> {
    if let Some(at) = d.event.and_then(|e| positions.events.get(e)) {
        return Some((at.line, Some(at.column)));
    }
    match d.kind {
        DivergenceKind::ExpectationFailed { expectation, .. } => {
            positions.expectation_lines.get(expectation).copied()
        }
        _ => d.event.and_then(|e| positions.event_lines.get(e).copied()),
    }
    .map(|line| (line, None))
}

impl FileVerdict {
    /// Whether the baseline knows `d`, one of this verdict's divergences.
    fn is_known(&self, d: &Divergence) -> bool {
        let Ok(v) = &self.result else {
            return false;
        };
        // Its index, from its address in the verdict's list.
        let base = v.divergences.as_ptr() as usize;
        let at = (d as *const Divergence as usize).wrapping_sub(base) / size_of::<Divergence>();
        self.known.get(at).copied().unwrap_or(false)
    }

    /// The line of the text a divergence concerns, when known: a failed expectation's
    /// `expect` line, or the line of the event.
    fn line(&self, d: &Divergence) -> Option<u32> {
        self.place(d).map(|(line, _)| line)
    }

    /// Where in its file a divergence's event is: its line, with a column when the format
    /// has one (see [`SourcePositions`]).
    fn place(&self, d: &Divergence) -> Option<(u32, Option<u32>)> {
        place_of(&self.positions, d)
    }

    /// Why the file has no verdict, split at its place: the line and column the message
    /// names (`FILE:LINE:COL: message`), and the message without the file and the place.
    /// `None` for a file with a verdict.
    fn error(&self) -> Option<(Option<Place>, &str)> {
        let message = self.result.as_ref().err()?;
        let shown = format!("{}:", self.file);
        let what = message.strip_prefix(&shown).unwrap_or(message).trim_start();
        Some(match located(what) {
            Some((place, rest)) => {
                let mut numbers = place.split(':').map(|n| n.parse::<u32>().ok());
                match (numbers.next().flatten(), numbers.next().flatten()) {
                    (Some(line), column) => (Some((line, column)), rest),
                    (None, _) => (None, what),
                }
            }
            None => (None, what),
        })
    }

    /// The place as text for a person: ` (line 12)`, ` (line 1, column 5203)`, or nothing.
    fn place_text(&self, d: &Divergence) -> String {
        match self.place(d) {
            Some((line, Some(column))) => format!(" (line {line}, column {column})"),
            Some((line, None)) => format!(" (line {line})"),
            None => String::new(),
        }
    }
}

/// The reason an unsupported game is not checked: its first divergence's text.
fn unsupported_reason(v: &Verdict) -> String {
    v.divergences
        .first()
        .map(|d| d.kind.to_string())
        .unwrap_or_default()
}

/// A divergence's round as reports name it: its label, or `game` for the whole game.
fn round_label(d: &Divergence) -> String {
    d.round.map_or_else(|| "game".to_owned(), |r| r.to_string())
}

/// The formats [`VerifyReport`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyFormat {
    /// One line per game, details for divergent games, then a summary.
    Text,
    /// One JSON object: `{"games": [...], "summary": {...}}`.
    Json,
    /// JSON Lines: each game's object (as in [`Json`](Self::Json)'s `games`) on a line of its
    /// own, written as soon as it is added, then `{"summary": {...}}` on the last line.
    Jsonl,
    /// JUnit XML for CI: a test suite per folder, one test case per game (skipped when
    /// unsupported), failing with its divergences or its read error. Written whole at the
    /// end, since the report states its counts first.
    Junit,
    /// Markdown for a pull request comment or a job summary: each game that does not
    /// conform with its divergences, then the summary.
    Markdown,
    /// GitHub Actions workflow commands: one `::error` annotation per divergence and per
    /// unreadable file, a `::notice` per unsupported game, then one for the summary.
    Github,
    /// One self-contained HTML page (no script, nothing fetched): the summary and a legend,
    /// every game with its status and rounds, then each divergent round's referee's sheet
    /// ([`FileVerdict::sheets`]) with its divergences marked, and each unreadable file's
    /// located message. Written whole at the end, since the page states its counts first.
    Html,
}

/// The totals of a `verify` run; the `summary` object of its JSON form.
#[derive(Clone, Debug, Default, Serialize)]
pub struct VerifySummary {
    /// Files read or tried.
    pub files: usize,
    /// Games replayed (each file read holds one).
    pub games: usize,
    /// Rounds checked (an unsupported game's are not counted).
    pub rounds: usize,
    /// Wins checked.
    pub wins: usize,
    /// Draws checked.
    pub draws: usize,
    /// Games that conform.
    pub games_conforming: usize,
    /// Games that diverge.
    pub games_divergent: usize,
    /// Divergences found (a note that a game is unsupported is none).
    pub divergences: usize,
    /// Files that could not be read or checked.
    pub errors: usize,
    /// Games the engine does not support.
    pub unsupported: usize,
    /// Entries of the folders not read (hidden, ignored, not a log's name, met twice).
    pub skipped: usize,
    /// The divergences kept, by kind (those counted beyond a game's first thousand are in
    /// `divergences` only).
    pub divergences_by_kind: BTreeMap<&'static str, usize>,
    /// Attributes the reader did not know, kept verbatim (a format change worth a look).
    pub unknown_attributes: usize,
    /// Rows of the log databases read that the downloader has not downloaded yet
    /// (`is_processed = 0`): passed over, not games (written only when some were).
    #[serde(skip_serializing_if = "is_zero")]
    pub rows_unprocessed: u64,
    /// Rows of the log databases read that the downloader marked in error (`was_error = 1`):
    /// passed over, not games (written only when some were).
    #[serde(skip_serializing_if = "is_zero")]
    pub rows_in_error: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl VerifySummary {
    /// The run in one line, as every report opens its summary: files, games, rounds (wins,
    /// draws), then each status's count.
    fn counts(&self) -> String {
        format!(
            "{}, {}, {} ({}, {}): {}{}",
            crate::count(self.files, "file"),
            crate::count(self.games, "game"),
            crate::count(self.rounds, "round"),
            crate::count(self.wins, "win"),
            crate::count(self.draws, "draw"),
            self.statuses(),
            self.rows_passed_over()
        )
    }

    /// The database rows passed over, as the summary line ends with them when there are any:
    /// `; 12 database rows passed over (10 not downloaded, 2 marked in error)`.
    fn rows_passed_over(&self) -> String {
        match self.rows_unprocessed + self.rows_in_error {
            0 => String::new(),
            n => format!(
                "; {n} database row{} passed over ({} not downloaded, {} marked in error)",
                if n == 1 { "" } else { "s" },
                self.rows_unprocessed,
                self.rows_in_error
            ),
        }
    }

    /// The games by status and the divergences, as every report's summary says them:
    /// `508 conforming, 4 divergent, 0 unsupported, 0 errors; 4 divergences`.
    fn statuses(&self) -> String {
        format!(
            "{} conforming, {} divergent, {} unsupported, {}; {}",
            self.games_conforming,
            self.games_divergent,
            self.unsupported,
            crate::count(self.errors, "error"),
            crate::count(self.divergences, "divergence")
        )
    }

    /// Counts one file in.
    fn add(&mut self, game: &FileVerdict) {
        self.files += 1;
        self.unknown_attributes += game.unknown_attributes;
        match &game.result {
            Err(_) => self.errors += 1,
            Ok(v) => {
                self.games += 1;
                // The rounds, wins and draws of a game the engine does not support are not
                // checked: they are not counted as if they were.
                if v.status() != Status::Unsupported {
                    self.rounds += v.rounds;
                    self.wins += v.wins;
                    self.draws += v.draws;
                }
                match v.status() {
                    Status::Conforming => self.games_conforming += 1,
                    Status::Divergent => {
                        self.games_divergent += 1;
                        // A note that a game is unsupported is not a divergence.
                        let notes = v
                            .divergences
                            .iter()
                            .filter(|d| matches!(d.kind, DivergenceKind::Unsupported { .. }))
                            .count();
                        self.divergences += v.divergence_count() - notes;
                        for d in &v.divergences {
                            if !matches!(d.kind, DivergenceKind::Unsupported { .. }) {
                                *self.divergences_by_kind.entry(d.kind.name()).or_default() += 1;
                            }
                        }
                    }
                    Status::Unsupported => self.unsupported += 1,
                }
            }
        }
    }
}

/// A `verify` report being written: [`begin`](Self::begin), then [`add`](Self::add) each
/// file's verdict in the order to show them, then [`finish`](Self::finish). It totals the
/// run as it goes ([`summary`](Self::summary)).
#[derive(Debug)]
pub struct VerifyReport {
    format: VerifyFormat,
    verbose: bool,
    summary: VerifySummary,
    /// JSON: no game written yet (the next one needs no comma).
    first: bool,
    /// The JSON forms' last rule set written.
    specs: crate::Specs,
    /// JUnit: one suite per folder, in the order first met.
    suites: Vec<quick_junit::TestSuite>,
    /// HTML: the page's parts written so far.
    page: html::Page,
}

impl VerifyReport {
    /// A report in `format`, of a run that passed over `skipped` entries of the folders it
    /// walked (not logs, or ignored).
    pub fn new(format: VerifyFormat, skipped: usize) -> VerifyReport {
        VerifyReport {
            format,
            verbose: false,
            summary: VerifySummary {
                skipped,
                ..VerifySummary::default()
            },
            first: true,
            specs: crate::Specs::default(),
            suites: Vec::new(),
            page: html::Page::default(),
        }
    }

    /// With `verbose`, the text form shows every divergence of a round that has many of one
    /// kind (by default the first three of each kind and a count), and its summary does not
    /// point at `--verbose` for the skipped files.
    pub fn verbose(mut self, verbose: bool) -> VerifyReport {
        self.verbose = verbose;
        self
    }

    /// Writes what comes before the first game (JSON's opening, Markdown's heading).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn begin(&mut self, out: &mut impl Write) -> io::Result<()> {
        let opening: &[u8] = match self.format {
            VerifyFormat::Text
            | VerifyFormat::Junit
            | VerifyFormat::Github
            | VerifyFormat::Html => b"",
            VerifyFormat::Json => b"{\"games\":[",
            VerifyFormat::Jsonl => b"",
            VerifyFormat::Markdown => b"## haifu verify\n\n",
        };
        out.write_all(opening)
    }

    /// Counts one file in and writes it (JUnit and HTML keep it for
    /// [`finish`](Self::finish)).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn add(&mut self, out: &mut impl Write, game: &FileVerdict) -> io::Result<()> {
        self.summary.add(game);
        match self.format {
            VerifyFormat::Text => text::write_game(out, game, self.verbose),
            VerifyFormat::Json => json::write_game(out, game, &mut self.first, &mut self.specs),
            VerifyFormat::Jsonl => {
                json::write_game(out, game, &mut true, &mut self.specs)?;
                out.write_all(b"\n")
            }
            VerifyFormat::Junit => {
                junit::add_case(&mut self.suites, game);
                Ok(())
            }
            VerifyFormat::Markdown => markdown::write_game(out, game),
            VerifyFormat::Github => github::write_game(out, game),
            VerifyFormat::Html => {
                self.page.add(game);
                Ok(())
            }
        }
    }

    /// Counts the rows of a log database passed over: `unprocessed` not downloaded yet,
    /// `in_error` marked in error by the downloader.
    pub fn pass_over_rows(&mut self, unprocessed: u64, in_error: u64) {
        self.summary.rows_unprocessed += unprocessed;
        self.summary.rows_in_error += in_error;
    }

    /// The totals of the files added so far.
    pub fn summary(&self) -> &VerifySummary {
        &self.summary
    }

    /// Writes the summary (and, for JUnit and HTML, the whole report).
    ///
    /// # Errors
    ///
    /// The writer's error.
    pub fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        let summary = &self.summary;
        match self.format {
            VerifyFormat::Text => text::write_summary(out, summary, self.verbose),
            VerifyFormat::Json => json::write_summary(out, summary),
            VerifyFormat::Jsonl => json::write_summary_line(out, summary),
            VerifyFormat::Junit => junit::write_report(out, std::mem::take(&mut self.suites)),
            VerifyFormat::Markdown => markdown::write_summary(out, summary),
            VerifyFormat::Github => github::write_summary(out, summary),
            VerifyFormat::Html => out.write_all(self.page.finish(summary).as_bytes()),
        }
    }
}

/// A place in a file: its line, and its column where the format has one.
type Place = (u32, Option<u32>);

/// A message's leading `LINE:COL: ` (or `LINE: `) and the rest, when it starts with one.
fn located(message: &str) -> Option<(&str, &str)> {
    let (place, rest) = message.split_once(": ")?;
    let mut count = 0;
    for n in place.split(':') {
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        count += 1;
    }
    (count <= 2).then_some((place, rest))
}
