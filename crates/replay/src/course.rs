//! A game's course under one rule set: the recorded actions replayed, every ruling the
//! engine's own, and the money and flow carried forward from the rule set's start (not from
//! the scores the log records). Two courses of the same game are what `haifu diff` compares.

use haifu_log::GameLog;
use haifu_rules::flow::{FinalStanding, Next, RoundOutcome, RoundSetup};
use haifu_ruleset::RuleSet;
use haifu_tiles::{BySeat, Seat};

use crate::referee::DoraTiming::{Recorded, Ruled};
use crate::referee::Watch;
use crate::settle::{Expected, Money, Pass, RoundSummary, SummaryOutcome};
use crate::{RoundLabel, Valuation, Verdict};

/// A game's course under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// Each recorded round, in order.
    pub rounds: Vec<CourseRound>,
    /// How the game ends under the rule set.
    pub end: CourseEnd,
    /// Why the course could not be followed at all (a three-player game), if so.
    pub unsupported: Option<String>,
}

/// One recorded round under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseRound {
    /// The round as the log labels it.
    pub label: RoundLabel,
    /// Where the round stands in the rule set's game.
    pub played_as: Played,
    /// The first recorded action the rule set refuses, with its event and why: the rest of
    /// the round is beyond the rule set.
    pub refused: Option<(usize, String)>,
    /// Each recorded win with the engine's value, or why it has none.
    pub wins: Vec<CourseWin>,
    /// The recorded draw's kind, if the round ended in one.
    pub draw: Option<&'static str>,
    /// The score changes of the round's outcome (deposits not included), or `None` when
    /// they cannot be known under the rule set (a refused action, a win without a value, a
    /// rule point not settled, or a game already over).
    pub deltas: Option<BySeat<i32>>,
    /// The scores after the round (deposits included), carried forward from the rule set's
    /// start; `None` once unknown.
    pub scores_after: Option<BySeat<i32>>,
    /// The round as the rule set plays it (its setup: dealer, honba, sticks, scores before),
    /// when known.
    pub setup: Option<RoundSetup>,
    /// The round the rule set plays next, when the game goes on and it is known.
    pub next: Option<RoundSetup>,
}

/// Where a recorded round stands in one rule set's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// The rule set plays it as this round (its honba may differ from the log's).
    As(RoundLabel),
    /// The rule set's game ended before it.
    AfterEnd,
    /// Not known: the money became unknown in an earlier round.
    Unknown,
}

/// A recorded win under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseWin {
    /// The winner.
    pub seat: Seat,
    /// The event of the win.
    pub event: usize,
    /// The engine's ruling on it.
    pub ruling: WinRuled,
}

/// The engine's ruling on a recorded win under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinRuled {
    /// A win, worth this.
    Valued(Valuation),
    /// No win, or one the engine cannot value under the rule set: why.
    Refused(String),
    /// Not ruled: an earlier action of the round was refused, so the rest of the round is
    /// beyond the rule set.
    Beyond,
}

impl WinRuled {
    /// Whether the engine valued the win.
    pub fn is_valued(&self) -> bool {
        matches!(self, WinRuled::Valued(_))
    }
}

/// How a game ends under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CourseEnd {
    /// It ends after this round (the log's label), for this reason, with this standing.
    Ended {
        /// The last round.
        after: RoundLabel,
        /// Why it ends (`the last hand`, `busting`, …).
        reason: String,
        /// The final scores, places and points.
        standing: FinalStanding,
    },
    /// The recorded rounds run out while the game goes on: the rule set would play this
    /// round next.
    GoesOn {
        /// The next round.
        next: RoundLabel,
    },
    /// The end cannot be ruled: the money became unknown (see [`CourseRound::deltas`]), or
    /// the end depends on a rule point the rule set leaves not settled.
    Unknown {
        /// Why.
        why: String,
    },
}

/// The course of `log` under `rules`: its rulings, and its money and flow carried forward.
pub fn course(log: &GameLog, rules: &RuleSet) -> Course {
    course_of(log, rules, Ruled, &mut crate::referee::Unwatched)
}

/// The course of `log` under `rules` as [`course`] gives it, the log's kan-dora moments
/// played as actions (as `verify` plays them), with `watch` shown the round before each
/// action and each win the engine values.
pub fn course_watched(log: &GameLog, rules: &RuleSet, watch: &mut (impl Watch + ?Sized)) -> Course {
    course_of(log, rules, Recorded, watch)
}

fn course_of(
    log: &GameLog,
    rules: &RuleSet,
    timing: crate::referee::DoraTiming,
    watch: &mut (impl Watch + ?Sized),
) -> Course {
    if let Some(reason) =
        crate::players_of(log).and_then(|table| crate::table_mismatch(table, rules))
    {
        return Course {
            rounds: Vec::new(),
            end: CourseEnd::Unknown {
                why: "the game is not supported".to_owned(),
            },
            unsupported: Some(reason),
        };
    }
    // A log that states no round setup is followed from the flow's, as `verify` does.
    let log = &*crate::as_played(log, rules, timing);
    // The referee with sheets on: its summaries then carry each win's value as shown (the
    // sheets themselves are not kept).
    let mut verdict = Verdict::new();
    let mut summaries = Vec::with_capacity(log.round_starts().len());
    crate::referee::check(
        log,
        *rules,
        timing,
        &mut verdict,
        Some(&mut |_| {}),
        watch,
        &mut |round, _| summaries.push(round),
    );
    let (first_dealer, excerpt) = match log.round_starts().first() {
        Some(first) => crate::game_start(log, first, rules.players),
        None => (Seat::ALL[0], false),
    };
    follow(first_dealer, excerpt, rules, &summaries)
}

fn label_of(setup: &RoundSetup) -> RoundLabel {
    RoundLabel {
        wind: setup.round_wind,
        number: setup.round_number,
        honba: setup.honba,
    }
}

fn follow(
    first_dealer: Seat,
    excerpt: bool,
    ruleset: &RuleSet,
    summaries: &[RoundSummary<'_>],
) -> Course {
    let pass = Pass::new(ruleset, first_dealer, excerpt, Money::Own);
    let mut rounds = Vec::with_capacity(summaries.len());
    let mut end = None;
    // What the pass expects after the last round.
    let mut after = None;
    for (round, step) in pass.over(summaries) {
        let wins: Vec<CourseWin> = match &round.outcome {
            Some(SummaryOutcome::Wins(wins)) => wins
                .iter()
                .map(|w| CourseWin {
                    seat: w.recorded.winner,
                    event: w.index,
                    ruling: match (&w.valuation, w.value, &w.refusal) {
                        (Some(v), Some(_), _) => WinRuled::Valued(v.as_ref().clone()),
                        (_, _, Some(why)) => WinRuled::Refused(why.clone()),
                        _ => WinRuled::Beyond,
                    },
                })
                .collect(),
            _ => Vec::new(),
        };
        let draw = match &round.outcome {
            Some(SummaryOutcome::Exhaustive { recorded, .. })
            | Some(SummaryOutcome::Abortive { recorded, .. }) => Some(recorded.kind.as_str()),
            _ => None,
        };
        let mut course_round = CourseRound {
            label: round.label,
            played_as: match (step.played, step.expected) {
                (Some(setup), _) => Played::As(label_of(&setup)),
                (None, Expected::Over(_)) => Played::AfterEnd,
                (None, _) => Played::Unknown,
            },
            refused: round.refused.clone(),
            wins,
            draw,
            deltas: None,
            scores_after: None,
            setup: step.played,
            next: None,
        };
        after = Some(step.expected);
        if let (Some(setup), Some(settled)) = (step.played, step.settled) {
            let Ok(settled) = settled else {
                // From here on the money, and so the flow, is not known.
                end = Some(CourseEnd::Unknown {
                    why: format!("the money is beyond this rule set from {}", round.label),
                });
                rounds.push(course_round);
                continue;
            };
            let mut scores = Some(setup.scores);
            // A re-dealt hand gives its sticks back.
            if settled.outcome != RoundOutcome::Redeal {
                for seat in round.deposits.iter() {
                    scores = scores.and_then(|mut s| {
                        s[seat] = s[seat].checked_sub(ruleset.flow.riichi_deposit)?;
                        Some(s)
                    });
                }
            }
            // The scores come from the record (an excerpt's first round): a sum past what a
            // score holds is not known (the flow then ends the course on the overflow).
            let deltas = crate::settle::add(&settled.deltas, &settled.penalties);
            course_round.deltas = deltas;
            course_round.scores_after = scores
                .zip(deltas)
                .and_then(|(s, d)| crate::settle::add(&s, &d));
            match step.next {
                Some(Ok(Next::Round(n))) => {
                    course_round.next = Some(n);
                    after = Some(Expected::Round(n));
                }
                Some(Ok(Next::GameOver(over))) => {
                    after = Some(Expected::Over(over));
                    end = Some(CourseEnd::Ended {
                        after: round.label,
                        reason: over.reason.to_string(),
                        standing: over.standing,
                    });
                }
                Some(Err(e)) => {
                    end = Some(CourseEnd::Unknown {
                        why: format!("after {}: {e}", round.label),
                    });
                }
                None => {}
            }
        }
        rounds.push(course_round);
    }
    let end = match (end, after) {
        (Some(e), _) => e,
        (None, Some(Expected::Round(n))) => CourseEnd::GoesOn { next: label_of(&n) },
        (None, _) => CourseEnd::Unknown {
            why: "the game has no rounds".to_owned(),
        },
    };
    Course {
        rounds,
        end,
        unsupported: None,
    }
}
