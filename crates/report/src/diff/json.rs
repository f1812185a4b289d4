//! The JSON form: `{"games":[…],"summary":{…},"aggregate":{…}}`.

use std::io::{self, Write};

use haifu_replay::{Aggregate, Change, CourseEnd, Played, Side as Which, Valuation};
use haifu_tiles::BySeat;
use serde::Serialize;

use super::{DiffSummary, Explained, FileDiff, event_of};

/// One change in the JSON form: its kind, where it is, the values on each side typed, and a
/// sentence.
#[derive(Serialize)]
struct JsonChange<'a> {
    kind: &'static str,
    round: Option<String>,
    event: Option<usize>,
    /// The winner of a changed or invalid win.
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<String>,
    /// The side that refuses an action, or under which a win is none (`"a"` or `"b"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'static str>,
    /// Why that side refuses it.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    /// The value under A and under B: a win's valuation, score changes or scores (an array
    /// per seat, `null` where not known), the round as each plays it, or each side's end.
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<Side<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<Side<'a>>,
    /// For the end: whether the places differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    places_changed: Option<bool>,
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
    changes: Vec<JsonChange<'a>>,
    /// The rule sets A and B resolved to for this game, as `--rules` values.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'a [String; 2]>,
    /// How the game ends under A and under B (see [`Side::End`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    end_a: Option<Side<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_b: Option<Side<'a>>,
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

/// One side's value of a change, typed.
enum Side<'a> {
    /// A win's value: `{"yaku": [{"yaku", "han"}…], "dora", "ura", "aka", "kita", "fu", "han",
    /// "points", "limit"}`.
    Win(&'a Valuation),
    /// Each seat's score change or score, or `null` where not known.
    Scores(Option<BySeat<i32>>),
    /// The round as the side plays it (`"E2.1"`), `"over"` after its end, or `null` where
    /// not known.
    Played(Played),
    /// The side's end: `{"after": "S4.0", "reason", "scores", "places", "points"}` (each an
    /// array per seat, the empty seat `D` of a three-player game fourth with 0; `points`
    /// `null` where the rules do not know them), `{"goes_on_to": "W1.0"}` when the recorded
    /// rounds run out first, or `{"unknown": WHY}`.
    End(&'a CourseEnd),
}

impl Serialize for Side<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Side::Win(v) => {
                /// One source of han.
                #[derive(Serialize)]
                struct YakuHan<'a> {
                    yaku: &'a str,
                    han: u8,
                }
                let mut map = s.serialize_map(Some(9))?;
                let yaku: Vec<YakuHan<'_>> = v
                    .yaku
                    .iter()
                    .map(|&(yaku, han)| YakuHan { yaku, han })
                    .collect();
                map.serialize_entry("yaku", &yaku)?;
                map.serialize_entry("dora", &v.dora.0)?;
                map.serialize_entry("ura", &v.dora.1)?;
                map.serialize_entry("aka", &v.dora.2)?;
                map.serialize_entry("kita", &v.kita)?;
                map.serialize_entry("fu", &v.fu)?;
                map.serialize_entry("han", &v.han)?;
                map.serialize_entry("points", &v.points)?;
                map.serialize_entry("limit", v.limit)?;
                map.end()
            }
            Side::Scores(Some(scores)) => scores.as_array().serialize(s),
            Side::Scores(None) | Side::Played(Played::Unknown) => s.serialize_none(),
            Side::Played(Played::As(round)) => s.collect_str(round),
            Side::Played(Played::AfterEnd) => s.serialize_str("over"),
            Side::End(CourseEnd::Ended {
                after,
                reason,
                standing,
            }) => {
                let mut map = s.serialize_map(Some(5))?;
                map.serialize_entry("after", &after.to_string())?;
                map.serialize_entry("reason", reason)?;
                map.serialize_entry("scores", standing.scores.as_array())?;
                map.serialize_entry("places", &standing.place.as_array().map(|p| p + 1))?;
                let points = standing
                    .points
                    .map(|p| p.as_array().map(|p| f64::from(p.0) / 10.0));
                map.serialize_entry("points", &points)?;
                map.end()
            }
            Side::End(CourseEnd::GoesOn { next }) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("goes_on_to", &next.to_string())?;
                map.end()
            }
            Side::End(CourseEnd::Unknown { why }) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("unknown", why)?;
                map.end()
            }
        }
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
            rules: None,
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
                        let (seat, side, reason) = match change {
                            Change::Refused { side, reason, .. } => {
                                (None, Some(side_name(*side)), Some(reason.as_str()))
                            }
                            Change::WinInvalid {
                                seat, side, reason, ..
                            } => (
                                Some(seat.to_string()),
                                Some(side_name(*side)),
                                Some(reason.as_str()),
                            ),
                            Change::WinValue { seat, .. } => (Some(seat.to_string()), None, None),
                            _ => (None, None, None),
                        };
                        let (a, b, places_changed) = match change {
                            Change::WinValue { a, b, .. } => {
                                (Some(Side::Win(a)), Some(Side::Win(b)), None)
                            }
                            Change::Payments { a, b, .. } | Change::Scores { a, b, .. } => {
                                (Some(Side::Scores(*a)), Some(Side::Scores(*b)), None)
                            }
                            Change::Flow { a, b, .. } => {
                                (Some(Side::Played(*a)), Some(Side::Played(*b)), None)
                            }
                            Change::End { places_changed, .. } => (
                                Some(Side::End(&d.a.end)),
                                Some(Side::End(&d.b.end)),
                                Some(*places_changed),
                            ),
                            Change::Refused { .. } | Change::WinInvalid { .. } => {
                                (None, None, None)
                            }
                        };
                        JsonChange {
                            kind,
                            round,
                            event,
                            seat,
                            side,
                            reason,
                            a,
                            b,
                            places_changed,
                            detail: change.to_string(),
                            explained_by: event_of(change)
                                .and_then(|e| c.explained.get(&e))
                                .cloned(),
                        }
                    })
                    .collect(),
                rules: Some(&c.rules),
                end_a: Some(Side::End(&d.a.end)),
                end_b: Some(Side::End(&d.b.end)),
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

/// A side as the JSON names it.
fn side_name(side: Which) -> &'static str {
    match side {
        Which::A => "a",
        Which::B => "b",
    }
}
