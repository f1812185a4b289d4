//! A game's course under one rule set: the recorded actions replayed, every ruling the
//! engine's own, and the money and flow carried forward from the rule set's start (not from
//! the scores the log records). Two courses of the same game are what `haifu diff` compares.

use arrayvec::ArrayVec;
use haifu_log::GameLog;
use haifu_rules::flow::{
    Bonus, FinalStanding, Flow, Next, RonOutcome, RoundOutcome, RoundResult, RoundSetup, Win,
};
use haifu_ruleset::RuleSet;
use haifu_tiles::{BySeat, Seat};

use crate::settle::{RoundSummary, SummaryOutcome};
use crate::{DivergenceKind, RoundLabel, Valuation, Verdict};

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
    // The referee with sheets on: its summaries then carry each win's value as shown.
    let mut verdict = Verdict::new();
    let mut sheets = Vec::new();
    let summaries = crate::referee::check(log, *rules, &mut verdict, Some(&mut sheets));
    let (first_dealer, excerpt) = match log.round_starts().first() {
        Some(first) => crate::game_start(log, first, rules.players),
        None => (Seat::ALL[0], false),
    };
    follow(first_dealer, excerpt, rules, &summaries, &verdict)
}

fn label_of(setup: &RoundSetup) -> RoundLabel {
    RoundLabel {
        wind: setup.round_wind,
        number: setup.round_number,
        honba: setup.honba,
    }
}

/// The first refused action of a round, from the verdict.
fn refused_in(verdict: &Verdict, label: RoundLabel) -> Option<(usize, String)> {
    verdict.divergences.iter().find_map(|d| {
        let refused = matches!(
            d.kind,
            DivergenceKind::IllegalAction { .. }
                | DivergenceKind::Furiten { .. }
                | DivergenceKind::SetupInvalid { .. }
        );
        (refused && d.round == Some(label)).then(|| (d.event.unwrap_or(0), ruling_text(&d.kind)))
    })
}

/// What the engine refused and why, without the verdict's note on the rest of the round.
fn ruling_text(kind: &DivergenceKind) -> String {
    match kind {
        DivergenceKind::IllegalAction { action, reason, .. } => format!("{action}: {reason}"),
        DivergenceKind::Furiten { seat, reason } => {
            format!("seat {seat} wins by ron while furiten ({reason})")
        }
        DivergenceKind::WinMismatch {
            field: "value",
            computed,
            ..
        } => computed
            .strip_prefix("unscorable: ")
            .unwrap_or(computed)
            .to_owned(),
        other => other.to_string(),
    }
}

fn follow(
    first_dealer: Seat,
    excerpt: bool,
    ruleset: &RuleSet,
    summaries: &[RoundSummary<'_>],
    verdict: &Verdict,
) -> Course {
    /// Where the rule set's game stands before a round.
    enum State {
        Next(RoundSetup),
        Over,
        Unknown,
    }
    let flow = Flow::new(ruleset);
    // An excerpt is followed from its first round as it stands.
    let mut state = State::Next(match (excerpt, summaries.first()) {
        (true, Some(first)) => first.setup,
        _ => flow.first_round(first_dealer),
    });
    let mut rounds = Vec::with_capacity(summaries.len());
    let mut end = None;
    for round in summaries {
        let refused = refused_in(verdict, round.label);
        let wins: Vec<CourseWin> = match &round.outcome {
            Some(SummaryOutcome::Wins(wins)) => wins
                .iter()
                .map(|w| CourseWin {
                    seat: w.recorded.winner,
                    event: w.index,
                    ruling: match (&w.valuation, w.value) {
                        (Some(v), Some(_)) => WinRuled::Valued(v.as_ref().clone()),
                        _ => win_refusal(verdict, w.index),
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
            played_as: Played::Unknown,
            refused,
            wins,
            draw,
            deltas: None,
            scores_after: None,
        };
        let setup = match std::mem::replace(&mut state, State::Unknown) {
            State::Next(setup) => setup,
            State::Over => {
                course_round.played_as = Played::AfterEnd;
                state = State::Over;
                rounds.push(course_round);
                continue;
            }
            State::Unknown => {
                rounds.push(course_round);
                continue;
            }
        };
        course_round.played_as = Played::As(label_of(&setup));
        let valued = course_round.refused.is_none()
            && course_round.wins.iter().all(|w| w.ruling.is_valued());
        // A false declaration's penalty under this rule set, paid within the round.
        let penalties = round
            .penalties
            .iter()
            .try_fold(BySeat::from_array([0; 4]), |acc, p| {
                p.1.map(|row| BySeat::new_with(|s| acc[s] + row[s]))
            });
        let Some(((outcome, deltas), penalties)) = valued
            .then(|| outcome_of(&flow, ruleset, round, &setup))
            .flatten()
            .zip(penalties)
        else {
            // From here on the money, and so the flow, is not known.
            end = Some(CourseEnd::Unknown {
                why: format!("the money is beyond this rule set from {}", round.label),
            });
            rounds.push(course_round);
            continue;
        };
        let mut scores = setup.scores;
        // A re-dealt hand gives its sticks back.
        if outcome != RoundOutcome::Redeal {
            for seat in round.deposits.iter() {
                scores[seat] -= ruleset.flow.riichi_deposit;
            }
        }
        let deltas = BySeat::new_with(|s| deltas[s] + penalties[s]);
        for s in Seat::ALL {
            scores[s] += deltas[s];
        }
        course_round.deltas = Some(deltas);
        course_round.scores_after = Some(scores);
        rounds.push(course_round);
        let result = RoundResult {
            outcome,
            riichi_deposits: round.deposits,
            deltas,
            yakuman: round.yakuman_winners(),
        };
        match flow.next_round(first_dealer, &setup, &result) {
            Ok(Next::Round(n)) => state = State::Next(n),
            Ok(Next::GameOver(over)) => {
                state = State::Over;
                end = Some(CourseEnd::Ended {
                    after: round.label,
                    reason: end_reason(over.reason),
                    standing: over.standing,
                });
            }
            Err(e) => {
                end = Some(CourseEnd::Unknown {
                    why: format!("after {}: {e}", round.label),
                });
            }
        }
    }
    let end = match (end, state) {
        (Some(e), _) => e,
        (None, State::Next(n)) => CourseEnd::GoesOn { next: label_of(&n) },
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

/// Why a recorded win has no value: its divergence's text, or that the round stopped before.
fn win_refusal(verdict: &Verdict, event: usize) -> WinRuled {
    verdict
        .divergences
        .iter()
        .find(|d| {
            d.event == Some(event)
                && matches!(
                    d.kind,
                    DivergenceKind::IllegalAction { .. }
                        | DivergenceKind::Furiten { .. }
                        | DivergenceKind::WinMismatch { field: "value", .. }
                )
        })
        .map_or(WinRuled::Beyond, |d| {
            WinRuled::Refused(ruling_text(&d.kind))
        })
}

fn end_reason(reason: haifu_rules::flow::EndReason) -> String {
    reason.to_string()
}

/// The flow outcome and score changes of a round under the rule set, from `setup` (the rule
/// set's own honba and sticks); `None` when they cannot be ruled.
fn outcome_of(
    flow: &Flow<'_>,
    ruleset: &RuleSet,
    round: &RoundSummary<'_>,
    setup: &RoundSetup,
) -> Option<(RoundOutcome, BySeat<i32>)> {
    let sticks = setup.sticks + u32::from(round.deposits.len());
    let (honba, dealer) = (setup.honba, setup.dealer);
    match round.outcome.as_ref()? {
        SummaryOutcome::Wins(wins) => {
            let inputs: ArrayVec<Win, 3> = wins
                .iter()
                .map(|w| {
                    Some(Win {
                        winner: w.recorded.winner,
                        value: w.value?,
                        pao: w.pao,
                        pao_stacked: w.pao_stacked,
                    })
                })
                .collect::<Option<_>>()?;
            let mut paid: Vec<(Seat, BySeat<i32>)> = Vec::new();
            if inputs.len() == 1 && wins[0].recorded.is_tsumo() {
                let row = flow
                    .win_payments(dealer, &inputs[0], Bonus { honba, sticks })
                    .ok()?
                    .total();
                paid.push((inputs[0].winner, row));
            } else {
                match flow
                    .ron_payments(dealer, &inputs, honba, sticks, round.deposits)
                    .ok()?
                {
                    o @ RonOutcome::Paid { .. } => {
                        paid.extend(o.winners().iter().map(|(s, p)| (*s, p.total())));
                    }
                    RonOutcome::Aborted => return None,
                }
            }
            let winners = crate::settle::with_fishing(flow, ruleset, round.declared, &mut paid);
            let mut total = BySeat::from_array([0; 4]);
            for (_, row) in paid {
                for s in Seat::ALL {
                    total[s] += row[s];
                }
            }
            Some((RoundOutcome::Win { winners }, total))
        }
        SummaryOutcome::Exhaustive {
            tenpai, nagashi, ..
        } => {
            let paid = flow
                .exhaustive_draw_payments(dealer, *tenpai, *nagashi)
                .ok()?;
            Some((
                RoundOutcome::ExhaustiveDraw { tenpai: *tenpai },
                paid.total(),
            ))
        }
        SummaryOutcome::Redeal { .. } => Some((RoundOutcome::Redeal, BySeat::from_array([0; 4]))),
        SummaryOutcome::Abortive { kind, recorded, .. } => Some((
            RoundOutcome::AbortiveDraw(*kind),
            crate::settle::abortive_deltas(flow, *kind, recorded).ok()?,
        )),
    }
}
