//! The JSON form: `{"games":[…],"summary":{…}}`, one object per game.

use std::io::{self, Write};

use haifu_replay::{Compared, Status};
use serde::Serialize;

use super::{FileVerdict, VerifySummary};
use crate::Specs;

/// One game in the JSON form.
#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    status: &'static str,
    /// For a conforming game: whether the log records the game's end (false for a record
    /// that stops before it).
    #[serde(skip_serializing_if = "Option::is_none")]
    end_recorded: Option<bool>,
    /// For a conforming game: whether the log starts at the game's start (false for an
    /// excerpt, or a scenario of the last hands, followed from its first round).
    #[serde(skip_serializing_if = "Option::is_none")]
    start_recorded: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// The game's own counts, as its log records them (for comparing two forms of a game).
    #[serde(skip_serializing_if = "Option::is_none")]
    rounds: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draws: Option<usize>,
    /// How many of its rounds had a wall (stated, or rebuilt from a seed) that the draws and
    /// indicators were checked against; the others' draws were not checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    walls_checked: Option<usize>,
    /// The rounds whose moves the record leaves out (`...`): from there their moves were not
    /// checked, and what only the moves could show is listed as taken as stated.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    elided: &'a [haifu_replay::Elision],
    /// The rule set the game was checked under, as a `--rules` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'a str>,
    /// Where that rule set came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules_source: Option<&'a str>,
    divergences: Vec<JsonDivergence<'a>>,
    /// Divergences found beyond the first ones kept, counted only.
    #[serde(skip_serializing_if = "is_zero")]
    divergences_left_out: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One divergence in the JSON form.
#[derive(Serialize)]
struct JsonDivergence<'a> {
    round: Option<String>,
    event: Option<usize>,
    /// The seat it is about (`"A"`…`"D"`), when it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<String>,
    /// The line of the file the event comes from (haifu text, mjlog XML).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    /// The column of the event's tag (mjlog XML).
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    kind: &'static str,
    detail: String,
    /// For a kind that compares values: what is compared, the engine's and the log's, typed
    /// (numbers, seats, arrays of tiles: see [`haifu_replay::Shown`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<Compared<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<Compared<'a>>,
    /// Whether the baseline given knows it (written only then).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    known: bool,
}

/// One game's object, after a comma unless it is the `first`.
pub(super) fn write_game(
    out: &mut impl Write,
    game: &FileVerdict,
    first: &mut bool,
    specs: &mut Specs,
) -> io::Result<()> {
    let json = match &game.result {
        Err(message) => JsonGame {
            file: &game.file,
            status: "error",
            end_recorded: None,
            start_recorded: None,
            error: Some(message),
            rounds: None,
            wins: None,
            draws: None,
            walls_checked: None,
            elided: &[],
            rules: None,
            rules_source: None,
            divergences: Vec::new(),
            divergences_left_out: 0,
        },
        Ok(v) => JsonGame {
            file: &game.file,
            status: v.status().as_str(),
            end_recorded: (v.status() == Status::Conforming).then_some(v.checked.end_recorded),
            start_recorded: (v.status() == Status::Conforming).then_some(v.checked.start_recorded),
            error: None,
            rounds: Some(v.rounds),
            wins: Some(v.wins),
            draws: Some(v.draws),
            walls_checked: Some(v.checked.walls),
            elided: &v.elisions,
            rules: v.rules.map(|r| specs.of(r)),
            rules_source: game.rules_source.as_deref(),
            divergences: v
                .divergences
                .iter()
                .map(|d| {
                    let compared = d.kind.compared();
                    JsonDivergence {
                        round: d.round.map(|r| r.to_string()),
                        event: d.event,
                        seat: d.seat.map(|s| s.to_string()),
                        line: game.line(d),
                        column: game.place(d).and_then(|(_, c)| c),
                        kind: d.kind.name(),
                        detail: d.kind.to_string(),
                        field: compared.as_ref().map(|c| c.0.to_string()),
                        engine: compared.as_ref().map(|c| c.1),
                        recorded: compared.as_ref().map(|c| c.2),
                        known: game.is_known(d),
                    }
                })
                .collect(),
            divergences_left_out: v.divergences_left_out,
        },
    };
    if !std::mem::take(first) {
        out.write_all(b",")?;
    }
    serde_json::to_writer(&mut *out, &json).map_err(io::Error::from)
}

/// The games' closing and the summary.
pub(super) fn write_summary(out: &mut impl Write, summary: &VerifySummary) -> io::Result<()> {
    serde_json::to_string(summary)
        .map_err(io::Error::from)
        .and_then(|s| writeln!(out, "],\"summary\":{s}}}"))
}

/// JSON Lines' last line: `{"summary":{…}}`.
pub(super) fn write_summary_line(out: &mut impl Write, summary: &VerifySummary) -> io::Result<()> {
    serde_json::to_string(summary)
        .map_err(io::Error::from)
        .and_then(|s| writeln!(out, "{{\"summary\":{s}}}"))
}
