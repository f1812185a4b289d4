//! The JSON form: `{"games":[…],"summary":{…},"aggregate":{…}}`.

use std::io::{self, Write};

use haifu_replay::{Aggregate, Change};
use serde::Serialize;

use super::{DiffSummary, Explained, FileDiff, event_of};

/// One change in the JSON form.
#[derive(Serialize)]
struct JsonChange {
    kind: &'static str,
    round: Option<String>,
    event: Option<usize>,
    detail: String,
    /// With `--explain`, for a changed win: the rule points that change it alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    explained_by: Option<Vec<&'static str>>,
}

/// One game in the JSON form.
#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unsupported: Option<&'a str>,
    changes: Vec<JsonChange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_a: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_b: Option<String>,
}

/// The aggregate in the JSON form.
#[derive(Serialize)]
struct JsonAggregate<'a> {
    point_changes: Vec<(i64, usize)>,
    wins_made_valid: usize,
    ends_unknown: usize,
    /// `placement[a][b]`: players placed `a + 1` under A and `b + 1` under B.
    placement: [[usize; 4]; 4],
    /// By A's place: the mean shift of placement points (B less A), where both compute them.
    points_shift: [Option<f64>; 4],
    #[serde(skip_serializing_if = "Option::is_none")]
    explained: Option<&'a Explained>,
}

fn json_aggregate<'a>(agg: &Aggregate, explained: Option<&'a Explained>) -> JsonAggregate<'a> {
    JsonAggregate {
        point_changes: agg.point_changes.iter().map(|(d, n)| (*d, *n)).collect(),
        wins_made_valid: agg.wins_made_valid,
        ends_unknown: agg.ends_unknown,
        placement: agg.placement,
        points_shift: agg
            .points_shift
            .map(|(sum, n)| (n > 0).then(|| sum as f64 / n as f64 / 10.0)),
        explained,
    }
}

/// A change's kind as the JSON names it, with its round and event when it has them.
fn kind(c: &Change) -> (&'static str, Option<String>, Option<usize>) {
    match c {
        Change::Refused { round, event, .. } => ("refused", Some(round.to_string()), Some(*event)),
        Change::WinValue { round, event, .. } => {
            ("win_value", Some(round.to_string()), Some(*event))
        }
        Change::WinInvalid { round, event, .. } => {
            ("win_invalid", Some(round.to_string()), Some(*event))
        }
        Change::Payments { round, .. } => ("payments", Some(round.to_string()), None),
        Change::Scores { round, .. } => ("scores", Some(round.to_string()), None),
        Change::Flow { round, .. } => ("flow", Some(round.to_string()), None),
        Change::End { .. } => ("end", None, None),
    }
}

/// One game's object, after a comma unless it is the `first`.
pub(super) fn write_game(
    out: &mut impl Write,
    game: &FileDiff,
    first: &mut bool,
) -> io::Result<()> {
    let json = match &game.result {
        Err(message) => JsonGame {
            file: &game.file,
            error: Some(message),
            unsupported: None,
            changes: Vec::new(),
            end_a: None,
            end_b: None,
        },
        Ok(c) => {
            let d = &c.diff;
            JsonGame {
                file: &game.file,
                error: None,
                unsupported: d.a.unsupported.as_deref().or(d.b.unsupported.as_deref()),
                changes: d
                    .changes
                    .iter()
                    .map(|change| {
                        let (kind, round, event) = kind(change);
                        JsonChange {
                            kind,
                            round,
                            event,
                            detail: change.to_string(),
                            explained_by: event_of(change)
                                .and_then(|e| c.explained.get(&e))
                                .cloned(),
                        }
                    })
                    .collect(),
                end_a: Some(haifu_replay::end_text(&d.a.end)),
                end_b: Some(haifu_replay::end_text(&d.b.end)),
            }
        }
    };
    if !std::mem::take(first) {
        out.write_all(b",")?;
    }
    serde_json::to_writer(&mut *out, &json).map_err(io::Error::from)
}

/// The games' closing, the summary and the aggregate.
pub(super) fn write_summary(
    out: &mut impl Write,
    summary: &DiffSummary,
    agg: &Aggregate,
    explained: Option<&Explained>,
) -> io::Result<()> {
    let agg = json_aggregate(agg, explained);
    serde_json::to_string(summary)
        .and_then(|s| Ok((s, serde_json::to_string(&agg)?)))
        .map_err(io::Error::from)
        .and_then(|(s, agg)| writeln!(out, "],\"summary\":{s},\"aggregate\":{agg}}}"))
}
