//! What another rule set changes in the very same game: the recorded actions replayed under
//! rule sets A and B ([`course`](crate::course())), and every ruling where the two courses
//! differ, in game order.

use std::fmt;

use haifu_log::GameLog;
use haifu_ruleset::RuleSet;
use haifu_tiles::{BySeat, Seat};

use crate::{Course, CourseEnd, Played, RoundLabel, Valuation, WinRuled, course};

/// One side of a diff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The rule set of `--rules`.
    A,
    /// The rule set of `--against`.
    B,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// A ruling that differs between the two rule sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A recorded action one side refuses: the rest of that round is beyond it.
    Refused {
        /// The round.
        round: RoundLabel,
        /// The event.
        event: usize,
        /// The side that refuses it.
        side: Side,
        /// Why.
        reason: String,
    },
    /// A win valid under both, worth something else.
    WinValue {
        /// The round.
        round: RoundLabel,
        /// The event.
        event: usize,
        /// The winner.
        seat: Seat,
        /// Its value under A.
        a: Valuation,
        /// Its value under B.
        b: Valuation,
    },
    /// A win valid under one side only.
    WinInvalid {
        /// The round.
        round: RoundLabel,
        /// The event.
        event: usize,
        /// The winner.
        seat: Seat,
        /// The side under which it is no valid win (or not valued).
        side: Side,
        /// Why.
        reason: String,
    },
    /// The score changes of a round's outcome differ (`None`: not known on that side).
    Payments {
        /// The round.
        round: RoundLabel,
        /// Whether the round ended in a draw.
        draw: bool,
        /// Under A.
        a: Option<BySeat<i32>>,
        /// Under B.
        b: Option<BySeat<i32>>,
    },
    /// The scores after a round differ, each carried forward from its own start, and by
    /// other amounts than after the round before: told at the first round both sides play
    /// (a different start shows there once) and where a round's money moves the difference.
    Scores {
        /// The round.
        round: RoundLabel,
        /// Under A.
        a: Option<BySeat<i32>>,
        /// Under B.
        b: Option<BySeat<i32>>,
    },
    /// The round is another one of the schedule (its honba), or beyond one side's end.
    Flow {
        /// The round as recorded.
        round: RoundLabel,
        /// As A plays it.
        a: Played,
        /// As B plays it.
        b: Played,
    },
    /// The game ends otherwise: after another round, for another reason, or with other
    /// final scores, places or points.
    End {
        /// A's end.
        a: String,
        /// B's end.
        b: String,
        /// Whether the places differ (both ended).
        places_changed: bool,
    },
}

/// The differences of one game under two rule sets, with both courses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDiff {
    /// The changes, in game order.
    pub changes: Vec<Change>,
    /// The course under A.
    pub a: Course,
    /// The course under B.
    pub b: Course,
}

impl GameDiff {
    /// Wins valid under both whose value differs.
    pub fn wins_changed(&self) -> usize {
        self.count(|c| matches!(c, Change::WinValue { .. }))
    }

    /// Wins valid under A and not under B.
    pub fn wins_invalid(&self) -> usize {
        self.count(|c| matches!(c, Change::WinInvalid { side: Side::B, .. }))
    }

    /// Draws whose payments differ.
    pub fn draws_changed(&self) -> usize {
        self.count(|c| matches!(c, Change::Payments { draw: true, .. }))
    }

    /// Whether the final places differ.
    pub fn placements_changed(&self) -> bool {
        self.changes.iter().any(|c| {
            matches!(
                c,
                Change::End {
                    places_changed: true,
                    ..
                }
            )
        })
    }

    fn count(&self, f: impl Fn(&Change) -> bool) -> usize {
        self.changes.iter().filter(|c| f(c)).count()
    }
}

/// The differences of `log` under `a` and `b`.
///
/// The recorded actions are replayed under each. Per round it compares: the actions each
/// refuses, each win's validity and value, the outcome's score changes, the scores after the
/// round (each side carrying its own forward), and where the round stands in each side's
/// schedule; then how each side's game ends. Money that one side cannot know (after a
/// refused action or a win it does not value) is `None` there from that round on.
pub fn diff(log: &GameLog, a: &RuleSet, b: &RuleSet) -> GameDiff {
    let (ca, cb) = (course(log, a), course(log, b));
    GameDiff {
        changes: changes(&ca, &cb),
        a: ca,
        b: cb,
    }
}

/// What changes from course `ca` to course `cb` of the same game.
fn changes(ca: &Course, cb: &Course) -> Vec<Change> {
    let mut changes = Vec::new();
    // B's scores less A's after the last round both played (none before the first).
    let mut last_offset: Option<BySeat<i64>> = None;
    for (ra, rb) in ca.rounds.iter().zip(&cb.rounds) {
        let round = ra.label;
        let known = ra.played_as != Played::Unknown && rb.played_as != Played::Unknown;
        if known && ra.played_as != rb.played_as {
            changes.push(Change::Flow {
                round,
                a: ra.played_as,
                b: rb.played_as,
            });
        }
        for (side, r, other) in [(Side::A, ra, rb), (Side::B, rb, ra)] {
            if let Some((event, reason)) = &r.refused
                && other.refused.as_ref().map(|o| o.0) != Some(*event)
            {
                changes.push(Change::Refused {
                    round,
                    event: *event,
                    side,
                    reason: reason.clone(),
                });
            }
        }
        for (wa, wb) in ra.wins.iter().zip(&rb.wins) {
            // A win beyond one side (after an action it refused) is told by that refusal.
            match (&wa.ruling, &wb.ruling) {
                (WinRuled::Valued(va), WinRuled::Valued(vb)) if va != vb => {
                    changes.push(Change::WinValue {
                        round,
                        event: wa.event,
                        seat: wa.seat,
                        a: va.clone(),
                        b: vb.clone(),
                    });
                }
                (WinRuled::Valued(_), WinRuled::Refused(why))
                | (WinRuled::Refused(why), WinRuled::Valued(_)) => {
                    changes.push(Change::WinInvalid {
                        round,
                        event: wa.event,
                        seat: wa.seat,
                        side: if wa.ruling.is_valued() {
                            Side::B
                        } else {
                            Side::A
                        },
                        reason: why.clone(),
                    });
                }
                _ => {}
            }
        }
        // A round beyond one side's end has its own change (above); no money to compare.
        let both_play = matches!((ra.played_as, rb.played_as), (Played::As(_), Played::As(_)));
        if both_play && ra.deltas != rb.deltas {
            changes.push(Change::Payments {
                round,
                draw: ra.draw.is_some(),
                a: ra.deltas,
                b: rb.deltas,
            });
        }
        // The scores after a round are told where the two sides' difference is new: at the
        // first round both play (a different start shows there once), then only where a
        // round's money moves it, not again at every round after.
        if both_play {
            let offset = ra
                .scores_after
                .zip(rb.scores_after)
                .map(|(a, b)| BySeat::new_with(|s| i64::from(b[s]) - i64::from(a[s])));
            let moved = offset.is_none() || offset != last_offset;
            if ra.scores_after != rb.scores_after && moved {
                changes.push(Change::Scores {
                    round,
                    a: ra.scores_after,
                    b: rb.scores_after,
                });
            }
            last_offset = offset;
        }
    }
    let (ea, eb) = (end_text(&ca.end), end_text(&cb.end));
    if ends_differ(&ca.end, &cb.end) {
        let places_changed = match (&ca.end, &cb.end) {
            (CourseEnd::Ended { standing: sa, .. }, CourseEnd::Ended { standing: sb, .. }) => {
                sa.place != sb.place
            }
            _ => false,
        };
        changes.push(Change::End {
            a: ea,
            b: eb,
            places_changed,
        });
    }
    changes
}

/// Whether two ends differ: in when or why the game ends, its final scores or places, or its
/// placement points where both rule sets compute them (a rule set that leaves them unknown,
/// such as Mahjong Soul's, is no change by itself).
fn ends_differ(a: &CourseEnd, b: &CourseEnd) -> bool {
    match (a, b) {
        (
            CourseEnd::Ended {
                after: aa,
                reason: ra,
                standing: sa,
            },
            CourseEnd::Ended {
                after: ab,
                reason: rb,
                standing: sb,
            },
        ) => {
            let points_differ = matches!((sa.points, sb.points), (Some(pa), Some(pb)) if pa != pb);
            (aa, ra, sa.scores, sa.place) != (ab, rb, sb.scores, sb.place) || points_differ
        }
        _ => a != b,
    }
}

/// A course's end as one line: when, why, and the final scores, places and points.
pub fn end_text(end: &CourseEnd) -> String {
    match end {
        CourseEnd::Ended {
            after,
            reason,
            standing,
        } => {
            let places: Vec<String> = standing
                .players
                .seats()
                .iter()
                .map(|s| (standing.place[*s] + 1).to_string())
                .collect();
            let points = standing.points.map_or_else(
                || "points not known".to_owned(),
                |p| {
                    let v: Vec<String> = p.iter().map(ToString::to_string).collect();
                    format!("points {}", v.join(" "))
                },
            );
            format!(
                "ends after {after} ({reason}): scores {}, places {}, {points}",
                crate::Shown::scores(standing.scores),
                places.join(" ")
            )
        }
        CourseEnd::GoesOn { next } => format!("goes on to {next} after the recorded rounds"),
        CourseEnd::Unknown { why } => format!("not known ({why})"),
    }
}

/// A win's value as one line: `riichi 1, pinfu 1, dora 1 | 30 fu 3 han 3900 no-limit`.
pub fn value_text(v: &Valuation) -> String {
    let mut yaku: Vec<String> = v.yaku.iter().map(|(n, h)| format!("{n} {h}")).collect();
    for (name, n) in [
        ("dora", v.dora.0),
        ("ura", v.dora.1),
        ("aka", v.dora.2),
        ("kita", v.kita),
    ] {
        if n > 0 {
            yaku.push(format!("{name} {n}"));
        }
    }
    format!(
        "{} | {} fu {} han {} {}",
        yaku.join(", "),
        v.fu,
        v.han,
        v.points,
        v.limit
    )
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |s: &Option<BySeat<i32>>| {
            s.as_ref().map_or_else(
                || "not known".to_owned(),
                |s| crate::Shown::scores(*s).to_string(),
            )
        };
        let label = |p: &Played| match p {
            Played::As(l) => l.to_string(),
            Played::AfterEnd => "over".to_owned(),
            Played::Unknown => "not known".to_owned(),
        };
        match self {
            Change::Refused {
                round,
                event,
                side,
                reason,
            } => write!(
                f,
                "{round} event {event}: {side} refuses it: {reason}; the rest of the round is beyond {side}"
            ),
            Change::WinValue {
                round,
                event,
                seat,
                a,
                b,
            } => write!(
                f,
                "{round} event {event}: win of seat {seat}: A {}; B {}",
                value_text(a),
                value_text(b)
            ),
            Change::WinInvalid {
                round,
                event,
                seat,
                side,
                reason,
            } => write!(
                f,
                "{round} event {event}: win of seat {seat} is no valid win under {side}: {reason}"
            ),
            Change::Payments { round, draw, a, b } => write!(
                f,
                "{round}: score changes of the {}: A {}; B {}",
                if *draw { "draw" } else { "win" },
                opt(a),
                opt(b)
            ),
            Change::Scores { round, a, b } => {
                write!(f, "{round}: scores after: A {}; B {}", opt(a), opt(b))
            }
            Change::Flow { round, a, b } => {
                write!(f, "{round}: played as A {}; B {}", label(a), label(b))
            }
            Change::End { a, b, .. } => write!(f, "the game: A {a}; B {b}"),
        }
    }
}

/// What a rule designer reads over a corpus: how many games and wins change and by how much,
/// how the final places move, and how the placement points shift by place.
///
/// It grows with the number of distinct point changes (a few hundred at most), not with the
/// number of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aggregate {
    /// Games compared (supported by both rule sets).
    pub games: usize,
    /// Games with at least one change.
    pub games_changed: usize,
    /// Wins valid under both whose value differs.
    pub wins_changed: usize,
    /// Wins valid under A and not under B.
    pub wins_invalid: usize,
    /// Wins valid under B and not under A.
    pub wins_made_valid: usize,
    /// Draws whose payments differ.
    pub draws_changed: usize,
    /// Games whose final places differ.
    pub placements_changed: usize,
    /// Games whose end B cannot rule (its money became unknown, or a rule point it leaves
    /// not settled).
    pub ends_unknown: usize,
    /// Each changed win's point change (B's points less A's), with how many wins had it.
    pub point_changes: std::collections::BTreeMap<i64, usize>,
    /// Games where both rule sets end: `placement[a][b]` counts the players placed `a + 1`
    /// under A and `b + 1` under B.
    pub placement: [[usize; 4]; 4],
    /// By A's place, the sum of (B's placement points less A's), in tenths of a point, and
    /// how many players it sums (where both rule sets compute points).
    pub points_shift: [(i64, usize); 4],
}

/// A range of point changes and how many changed wins fall in it (see
/// [`Aggregate::point_change_groups`]); `lo` and `hi` are inclusive, `None` for no bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointGroup {
    /// The lowest change in the range, if it has a lower bound.
    pub lo: Option<i64>,
    /// The highest change in the range, if it has an upper bound.
    pub hi: Option<i64>,
    /// The changed wins in the range.
    pub wins: usize,
}

impl std::fmt::Display for PointGroup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.lo, self.hi) {
            (Some(lo), Some(hi)) if lo == hi => write!(f, "{lo:+}"),
            (Some(lo), Some(hi)) => write!(f, "{lo:+}..{hi:+}"),
            (None, Some(hi)) => write!(f, "<= {hi:+}"),
            (Some(lo), None) => write!(f, ">= {lo:+}"),
            (None, None) => f.write_str("any"),
        }
    }
}

/// The bounds of the groups of point changes when there are too many distinct changes to
/// list: each group starts at one of these (and the lowest has no lower bound).
const GROUP_STARTS: [i64; 12] = [
    -29_999, -9_999, -2_999, -999, -299, 0, 1, 300, 1_000, 3_000, 10_000, 30_000,
];

/// The most distinct changes listed one by one.
const MOST_LISTED: usize = 24;

impl Aggregate {
    /// The point changes of the changed wins as a reader can take them in: each distinct
    /// change on its own when there are at most 24 of them, else grouped in ranges that grow
    /// tenfold (about ±300, ±1000, ±3000, ±10000, ±30000; no change at all on its own), only
    /// the ranges that hold a win. In order from the largest loss to the largest gain.
    pub fn point_change_groups(&self) -> Vec<PointGroup> {
        if self.point_changes.len() <= MOST_LISTED {
            return self
                .point_changes
                .iter()
                .map(|(d, n)| PointGroup {
                    lo: Some(*d),
                    hi: Some(*d),
                    wins: *n,
                })
                .collect();
        }
        let mut groups: Vec<PointGroup> = std::iter::once(None)
            .chain(GROUP_STARTS.iter().map(|s| Some(*s)))
            .zip(
                GROUP_STARTS
                    .iter()
                    .map(|s| Some(s - 1))
                    .chain(std::iter::once(None)),
            )
            .map(|(lo, hi)| PointGroup { lo, hi, wins: 0 })
            .collect();
        for (d, n) in &self.point_changes {
            if let Some(g) = groups
                .iter_mut()
                .find(|g| g.lo.is_none_or(|lo| *d >= lo) && g.hi.is_none_or(|hi| *d <= hi))
            {
                g.wins += n;
            }
        }
        groups.retain(|g| g.wins > 0);
        groups
    }

    /// Adds one game's diff.
    pub fn add(&mut self, d: &GameDiff) {
        if d.a.unsupported.is_some() || d.b.unsupported.is_some() {
            return;
        }
        self.games += 1;
        self.games_changed += usize::from(!d.changes.is_empty());
        self.wins_changed += d.wins_changed();
        self.wins_invalid += d.wins_invalid();
        self.wins_made_valid += d.count(|c| matches!(c, Change::WinInvalid { side: Side::A, .. }));
        self.draws_changed += d.draws_changed();
        self.placements_changed += usize::from(d.placements_changed());
        self.ends_unknown += usize::from(matches!(d.b.end, CourseEnd::Unknown { .. }));
        for c in &d.changes {
            if let Change::WinValue { a, b, .. } = c {
                *self
                    .point_changes
                    .entry(i64::from(b.points) - i64::from(a.points))
                    .or_default() += 1;
            }
        }
        if let (CourseEnd::Ended { standing: sa, .. }, CourseEnd::Ended { standing: sb, .. }) =
            (&d.a.end, &d.b.end)
        {
            for &s in sa.players.seats() {
                let (pa, pb) = (usize::from(sa.place[s]), usize::from(sb.place[s]));
                if pa < 4 && pb < 4 {
                    self.placement[pa][pb] += 1;
                    if let (Some(a), Some(b)) = (sa.points, sb.points) {
                        let shift = &mut self.points_shift[pa];
                        shift.0 += i64::from(b[s].0) - i64::from(a[s].0);
                        shift.1 += 1;
                    }
                }
            }
        }
    }
}

/// The rule points where `b` differs from `a`, each with `a` changed in that point alone to
/// `b`'s value: what `--explain` replays to tell which rule point causes which change.
pub fn single_changes(a: &RuleSet, b: &RuleSet) -> Vec<(&'static str, RuleSet)> {
    haifu_ruleset::FIELDS
        .iter()
        .filter_map(|f| {
            let to = (f.get)(b);
            if (f.get)(a) == to {
                return None;
            }
            let mut one = *a;
            one.set(f.name, &to).ok()?;
            Some((f.name, one))
        })
        .collect()
}

/// For each win `diff` finds changed (valid under both and worth otherwise, or valid under
/// one only), by its event: the rule points whose change alone (see [`single_changes`])
/// changes that win too. An empty list: no single rule point does; it takes several together.
/// A's course is the one `d` holds: only each single change's course is worked out.
pub fn explain(
    log: &GameLog,
    d: &GameDiff,
    singles: &[(&'static str, RuleSet)],
) -> std::collections::BTreeMap<usize, Vec<&'static str>> {
    let win_event = |c: &Change| match c {
        Change::WinValue { event, .. } | Change::WinInvalid { event, .. } => Some(*event),
        _ => None,
    };
    let mut out: std::collections::BTreeMap<usize, Vec<&'static str>> = d
        .changes
        .iter()
        .filter_map(win_event)
        .map(|e| (e, Vec::new()))
        .collect();
    if out.is_empty() {
        return out;
    }
    for (name, one) in singles {
        for c in changes(&d.a, &course(log, one)).iter() {
            if let Some(e) = win_event(c)
                && let Some(fields) = out.get_mut(&e)
            {
                fields.push(name);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At most 24 distinct changes are listed one by one; more are put in ranges, each change
    /// in the one range that holds it (the bounds inclusive), only ranges that hold wins. (The
    /// 30 changes +100..+3000 replace the single +1000: 2, 7, 20 and 1 of them by range.)
    #[test]
    fn point_changes_are_grouped_when_many() {
        let mut agg = Aggregate::default();
        agg.point_changes.insert(-300, 2);
        agg.point_changes.insert(1000, 1);
        let few = agg.point_change_groups();
        assert_eq!(few.len(), 2);
        assert_eq!(few[0].to_string(), "-300");
        for d in 1..=30 {
            agg.point_changes.insert(d * 100, 1);
        }
        agg.point_changes.insert(-45_000, 3);
        agg.point_changes.insert(0, 4);
        let groups = agg.point_change_groups();
        let shown: Vec<String> = groups.iter().map(|g| format!("{g} x{}", g.wins)).collect();
        assert_eq!(
            shown,
            [
                "<= -30000 x3",
                "-999..-300 x2",
                "+0 x4",
                "+1..+299 x2",
                "+300..+999 x7",
                "+1000..+2999 x20",
                "+3000..+9999 x1"
            ]
        );
    }
}
