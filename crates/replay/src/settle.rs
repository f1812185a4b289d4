//! Checks the money and the flow of a game: each outcome's payments, the scores between
//! rounds, each next round's setup, the end of the game and the final result.
//!
//! It runs on what the referee ruled for each round ([`RoundSummary`]): the engine's value of
//! each win, its pao ruling, its tenpai and nagashi-mangan seats. Where a round could not be
//! replayed to its end (an illegal action was reported), it falls back on what the log
//! recorded for that round, so that one divergence does not hide the rest of the game.

use arrayvec::ArrayVec;
use haifu_log::{EndRecord, FinalResult, NextRound, RecordedDraw, RecordedWin};
use haifu_rules::flow::{
    AbortiveDraw, Bonus, Flow, Next, Role, RonOutcome, RoundOutcome, RoundResult, RoundSetup,
    Seats, Win, WinMethod, WinValue,
};
use haifu_rules::model::{Model, Payout};
use haifu_rules::rulings;
use haifu_ruleset::{HandRules, RuleSet};
use haifu_tiles::{BySeat, Seat};

use crate::{Divergence, DivergenceKind, RoundLabel};

/// What the referee ruled about one round, for the settlement.
#[derive(Clone)]
pub(crate) struct RoundSummary<'a> {
    pub(crate) label: RoundLabel,
    pub(crate) setup: RoundSetup,
    /// The event index of the round start.
    pub(crate) start_index: usize,
    /// Seats whose riichi deposit was taken.
    pub(crate) deposits: Seats,
    /// Seats that declared riichi (under fishing, the fishing players).
    pub(crate) declared: Seats,
    /// The scores after each deposit as the log states them: (event index, seat, scores).
    pub(crate) deposit_scores: ArrayVec<(usize, Seat, Option<BySeat<i32>>), 4>,
    /// The false declarations' penalties: (event index, the rule set's payments when it has
    /// them, the payments the record states).
    pub(crate) penalties: ArrayVec<(usize, Option<BySeat<i32>>, BySeat<i32>), 4>,
    pub(crate) outcome: Option<SummaryOutcome<'a>>,
    /// The scenario's `expect next` for the round, checked against the engine's flow.
    pub(crate) expect_next: Option<(crate::expect::At, NextRound)>,
}

/// The divergence of a draw the rule set cannot pay.
fn unpaid_draw(e: &haifu_rules::flow::PaymentError, recorded: &RecordedDraw) -> DivergenceKind {
    DivergenceKind::PaymentMismatch {
        what: "score changes of the draw",
        computed: format!("no payment: {e}"),
        recorded: scores_text(&recorded.deltas),
    }
}

/// What an abortive draw pays: a kyuushu kyuuhai its declarer (the seat whose hand the log
/// shows) by the kinds of terminals and honours in it, as the rule set says; nothing else.
pub(crate) fn abortive_deltas(
    rules: &Flow<'_>,
    kind: AbortiveDraw,
    recorded: &RecordedDraw,
) -> Result<BySeat<i32>, haifu_rules::flow::PaymentError> {
    let declarer = Seat::ALL.into_iter().find(|s| recorded.shown[*s].is_some());
    match (kind, declarer) {
        (AbortiveDraw::KyuushuKyuuhai, Some(seat)) => {
            let hand = recorded.shown[seat].as_deref().unwrap_or_default();
            let kinds = hand
                .iter()
                .map(|t| t.kind())
                .filter(|k| k.is_yaochuu())
                .fold(haifu_tiles::TileSet::EMPTY, haifu_tiles::TileSet::with)
                .len();
            rules.kyuushu_payments(seat, u8::try_from(kinds).unwrap_or(u8::MAX))
        }
        _ => Ok(BySeat::from_array([0; 4])),
    }
}

/// Adds to each winner's row of `paid` (winner, payments) what the fishing players of the
/// round pay that winner (under fishing; a winner is not a fishing player), and returns the
/// winners.
pub(crate) fn with_fishing(
    rules: &Flow<'_>,
    ruleset: &RuleSet,
    declared: Seats,
    paid: &mut [(Seat, BySeat<i32>)],
) -> Seats {
    let winners: Seats = paid.iter().map(|(s, _)| *s).collect();
    let fishing = winners.iter().fold(declared, Seats::without);
    for (winner, row) in paid {
        let fished = rules
            .fishing_payments(ruleset.round.riichi, Seats::of(*winner), fishing)
            .unwrap_or_default();
        *row = BySeat::new_with(|s| row[s].saturating_add(fished[s]));
    }
    winners
}

impl RoundSummary<'_> {
    /// The seats that won this round with a yakuman.
    pub(crate) fn yakuman_winners(&self) -> Seats {
        match &self.outcome {
            Some(SummaryOutcome::Wins(wins)) => wins
                .iter()
                .filter(|w| w.yakuman)
                .map(|w| w.recorded.winner)
                .collect(),
            _ => Seats::EMPTY,
        }
    }
}

/// A round's outcome with the engine's rulings.
#[derive(Clone)]
pub(crate) enum SummaryOutcome<'a> {
    /// One or more wins on the same tile, in log order, each with the event index, the engine's
    /// value (or `None` when it could not score it) and its pao ruling.
    Wins(ArrayVec<WinRuling<'a>, 3>),
    /// An exhaustive draw (nagashi mangan included).
    Exhaustive {
        index: usize,
        recorded: &'a RecordedDraw,
        tenpai: Seats,
        nagashi: Seats,
    },
    /// An abortive draw.
    Abortive {
        index: usize,
        recorded: &'a RecordedDraw,
        kind: AbortiveDraw,
    },
    /// A false declaration that deals the hand again (`false_win = { redeal = … }`), at its
    /// event.
    Redeal { index: usize },
}

/// One win with the engine's rulings.
#[derive(Clone)]
pub(crate) struct WinRuling<'a> {
    pub(crate) index: usize,
    pub(crate) recorded: &'a RecordedWin,
    /// The engine's value; `None` falls back on the recorded fu, han and limit.
    pub(crate) value: Option<WinValue>,
    /// The engine's pao ruling (or the recorded one on fallback).
    pub(crate) pao: Option<Seat>,
    /// Whether other yakuman are stacked with the liable one.
    pub(crate) pao_stacked: bool,
    /// Whether the win is a yakuman (the engine's value, or the log's on fallback).
    pub(crate) yakuman: bool,
    /// The engine's value as the sheet shows it, when sheets are written.
    pub(crate) valuation: Option<Box<crate::Valuation>>,
}

/// What a recorded win pays under Buu scoring, from the log itself (the fallback when the
/// engine could not value the hand: Buu's menzen and dora points cannot be worked back from
/// fu and han): a ron's recorded points; a tsumo's payments as the score changes show them,
/// the honba taken off.
fn recorded_payments(w: &RecordedWin, dealer: Seat, rules: &RuleSet, honba: u32) -> WinValue {
    if !w.is_tsumo() {
        return WinValue::Ron {
            discarder: w.from,
            points: w.points,
        };
    }
    let per_honba = Flow::new(rules).honba_each(WinMethod::Tsumo, honba);
    let paid = |s: Seat| i32::try_from(-i64::from(w.deltas[s]) - per_honba).unwrap_or(0);
    let other = rules
        .players
        .seats()
        .iter()
        .copied()
        .find(|s| *s != w.winner && *s != dealer)
        .unwrap_or(dealer);
    WinValue::Tsumo {
        dealer_pays: paid(dealer),
        non_dealer_pays: paid(other),
    }
}

/// The base points of a recorded win, from its fu, han and limit (the fallback when the
/// engine could not value the hand; the engine's ruling, [`rulings::recorded_base`]).
fn recorded_base(w: &RecordedWin, hand: &HandRules) -> i32 {
    let han: u32 = w.yaku.iter().map(|y| u32::from(y.han)).sum();
    let han = u8::try_from(han).unwrap_or(u8::MAX);
    let fu = w.fu.map(|f| u8::try_from(f).unwrap_or(u8::MAX));
    rulings::recorded_base(hand, han, fu, w.limit, w.yakuman.len())
}

/// Checks the settlement of a game under `rules`, writing its divergences to `out`; returns
/// whether the log stops before the game's end (no final result where the flow goes on).
pub(crate) fn check(
    first_dealer: Seat,
    ruleset: &RuleSet,
    rounds: &[RoundSummary<'_>],
    excerpt: bool,
    end_record: EndRecord,
    out: &mut crate::Verdict,
) -> bool {
    let rules = Flow::new(ruleset);
    // An excerpt is followed from its first round as it stands.
    let first = match (excerpt, rounds.first()) {
        (true, Some(r)) => r.setup,
        _ => rules.first_round(first_dealer),
    };
    let mut expected = Some(Next::Round(first));
    // Whether a round is left open (no outcome): the record stops there.
    let mut open = false;
    // The engine's scores at the start of the next round, once it has settled one.
    let mut chain: Option<BySeat<i32>> = None;
    for (number, round) in rounds.iter().enumerate() {
        let last = number + 1 == rounds.len();
        let at = |index: usize| (Some(round.label), Some(index));
        let mut push = |(round, event): (Option<RoundLabel>, Option<usize>), kind| {
            out.push(Divergence { round, event, kind });
        };
        match expected.take() {
            Some(Next::Round(next)) if next == round.setup => {}
            Some(Next::Round(next)) => push(
                at(round.start_index),
                DivergenceKind::FlowMismatch {
                    computed: setup_text(&next),
                    recorded: setup_text(&round.setup),
                },
            ),
            Some(Next::GameOver(end)) => push(
                at(round.start_index),
                DivergenceKind::FlowMismatch {
                    computed: format!("the game is over ({})", end.reason),
                    recorded: format!("a round {}", setup_text(&round.setup)),
                },
            ),
            None => {}
        }
        let mut current = round.setup.scores;
        // A false declaration's penalty is paid when it is declared (the rule set's, or where
        // it has none, the record's), in event order with the deposits: the penalties are
        // kept in event order, so a cursor walks them.
        let mut penalties = BySeat::from_array([0; 4]);
        let mut paid = 0;
        let mut pay_penalties = |current: &mut BySeat<i32>, upto: usize| {
            while let Some(&(at, computed, recorded)) = round.penalties.get(paid)
                && at < upto
            {
                paid += 1;
                let row = computed.unwrap_or(recorded);
                for s in Seat::ALL {
                    current[s] += row[s];
                    penalties[s] += row[s];
                }
            }
        };
        for &(index, seat, recorded) in &round.deposit_scores {
            pay_penalties(&mut current, index);
            current[seat] -= rules.riichi_deposit;
            if let Some(recorded) = recorded
                && recorded != current
            {
                push(
                    at(index),
                    DivergenceKind::ScoreMismatch {
                        what: "scores after the riichi deposit",
                        computed: scores_text(&current),
                        recorded: scores_text(&recorded),
                    },
                );
            }
        }
        pay_penalties(&mut current, usize::MAX);
        let Some(outcome) = &round.outcome else {
            // A round the log leaves open: the record stops here, so the game's end is not
            // recorded, and no flow decision can be weighed.
            open = true;
            if let Some((at_e, expected_next)) = round.expect_next {
                push(
                    at(at_e.event),
                    crate::expect::next_failed(
                        at_e,
                        expected_next,
                        "the round has no outcome".to_owned(),
                    ),
                );
            }
            continue;
        };
        let sticks = round.setup.sticks + u32::from(round.deposits.len());
        let honba = round.setup.honba;
        let dealer = round.setup.dealer;
        let (flow_outcome, deltas, final_result, last_index) = match outcome {
            SummaryOutcome::Wins(wins) => {
                let inputs: ArrayVec<Win, 3> = wins
                    .iter()
                    .map(|w| {
                        let role = Role::of(w.recorded.winner, dealer);
                        let value = w.value.unwrap_or_else(|| {
                            // Buu's and the classic payments are not base points ×
                            // the Japanese factors: the record's own payments stand.
                            if Model::of(ruleset).payout() == Payout::Own {
                                return recorded_payments(w.recorded, dealer, ruleset, honba);
                            }
                            let base = recorded_base(w.recorded, &ruleset.hand);
                            let v = if w.recorded.is_tsumo() {
                                rules.tsumo_value(base, role)
                            } else {
                                WinValue::ron_from_base(w.recorded.from, base, role)
                            };
                            v.unwrap_or(WinValue::Ron {
                                discarder: w.recorded.from,
                                points: w.recorded.points,
                            })
                        });
                        Win {
                            winner: w.recorded.winner,
                            value,
                            pao: w.pao,
                            pao_stacked: w.pao_stacked,
                        }
                    })
                    .collect();
                let mut paid: ArrayVec<(Seat, BySeat<i32>), 3> =
                    if inputs.len() == 1 && wins[0].recorded.is_tsumo() {
                        match rules.win_payments(dealer, &inputs[0], Bonus { honba, sticks }) {
                            Ok(p) => [(inputs[0].winner, p.total())].into_iter().collect(),
                            Err(e) => {
                                push(
                                    at(wins[0].index),
                                    DivergenceKind::PaymentMismatch {
                                        what: "tsumo",
                                        computed: e.to_string(),
                                        recorded: String::new(),
                                    },
                                );
                                return false;
                            }
                        }
                    } else {
                        match rules.ron_payments(dealer, &inputs, honba, sticks, round.deposits) {
                            Ok(o @ RonOutcome::Paid { .. }) => {
                                o.winners().iter().map(|(s, p)| (*s, p.total())).collect()
                            }
                            Ok(RonOutcome::Aborted) => {
                                push(
                                    at(wins[0].index),
                                    DivergenceKind::FlowMismatch {
                                        computed: "the rons abort the round".to_owned(),
                                        recorded: format!("{} wins", wins.len()),
                                    },
                                );
                                return false;
                            }
                            Err(e) => {
                                push(
                                    at(wins[0].index),
                                    DivergenceKind::PaymentMismatch {
                                        what: "ron",
                                        computed: e.to_string(),
                                        recorded: String::new(),
                                    },
                                );
                                return false;
                            }
                        }
                    };
                // The winners the rule set pays (a head bump's refused claimants are not).
                let winners = with_fishing(&rules, ruleset, round.declared, &mut paid);
                let mut total = BySeat::from_array([0; 4]);
                for (i, w) in wins.iter().enumerate() {
                    let r = w.recorded;
                    if r.scores != current {
                        push(
                            at(w.index),
                            DivergenceKind::ScoreMismatch {
                                what: "scores before the win",
                                computed: scores_text(&current),
                                recorded: scores_text(&r.scores),
                            },
                        );
                    }
                    let recorded_sticks = if i == 0 { sticks } else { 0 };
                    if (r.honba, r.sticks) != (honba, recorded_sticks) {
                        push(
                            at(w.index),
                            DivergenceKind::PaymentMismatch {
                                what: "honba and sticks on the table",
                                computed: format!("{honba} honba, {recorded_sticks} sticks"),
                                recorded: format!("{} honba, {} sticks", r.honba, r.sticks),
                            },
                        );
                    }
                    match paid.iter().find(|(s, _)| *s == r.winner) {
                        Some((_, d)) if *d != r.deltas => push(
                            at(w.index),
                            DivergenceKind::PaymentMismatch {
                                what: "score changes of the win",
                                computed: scores_text(d),
                                recorded: scores_text(&r.deltas),
                            },
                        ),
                        Some(_) => {}
                        None => push(
                            at(w.index),
                            DivergenceKind::PaymentMismatch {
                                what: "payments",
                                computed: "no payment to this winner".to_owned(),
                                recorded: scores_text(&r.deltas),
                            },
                        ),
                    }
                    for s in Seat::ALL {
                        current[s] += r.deltas[s];
                        total[s] += r.deltas[s];
                    }
                }
                let last = wins.last().map(|w| w.recorded);
                let paid_total = paid
                    .iter()
                    .fold(BySeat::from_array([0; 4]), |mut acc, (_, d)| {
                        for s in Seat::ALL {
                            acc[s] += d[s];
                        }
                        acc
                    });
                let _ = total;
                (
                    RoundOutcome::Win { winners },
                    paid_total,
                    last.and_then(|w| w.final_result.as_ref()),
                    wins.last().map_or(round.start_index, |w| w.index),
                )
            }
            SummaryOutcome::Exhaustive {
                index,
                recorded,
                tenpai,
                nagashi,
            } => {
                let deltas = match rules.exhaustive_draw_payments(dealer, *tenpai, *nagashi) {
                    Ok(p) => p.total(),
                    Err(e) => {
                        push(at(*index), unpaid_draw(&e, recorded));
                        return false;
                    }
                };
                draw_common(&mut push, at(*index), &mut current, recorded, &deltas);
                (
                    RoundOutcome::ExhaustiveDraw { tenpai: *tenpai },
                    deltas,
                    recorded.final_result.as_ref(),
                    *index,
                )
            }
            // The hand is dealt again: its sticks go back to their owners, and the penalty
            // (added below) is all that changes the scores.
            SummaryOutcome::Redeal { index } => {
                for seat in round.deposits.iter() {
                    current[seat] += rules.riichi_deposit;
                }
                (
                    RoundOutcome::Redeal,
                    BySeat::from_array([0; 4]),
                    None,
                    *index,
                )
            }
            SummaryOutcome::Abortive {
                index,
                recorded,
                kind,
            } => {
                let deltas = match abortive_deltas(&rules, *kind, recorded) {
                    Ok(row) => row,
                    Err(e) => {
                        push(at(*index), unpaid_draw(&e, recorded));
                        return false;
                    }
                };
                draw_common(&mut push, at(*index), &mut current, recorded, &deltas);
                (
                    RoundOutcome::AbortiveDraw(*kind),
                    deltas,
                    recorded.final_result.as_ref(),
                    *index,
                )
            }
        };
        let deltas = BySeat::new_with(|s| deltas[s] + penalties[s]);
        let result = RoundResult {
            outcome: flow_outcome,
            riichi_deposits: round.deposits,
            deltas,
            yakuman: round.yakuman_winners(),
        };
        // The next round follows from the engine's own scores, carried from the game's start:
        // a log whose start scores slip in one round (a transcriber's error) shows the slip
        // there once, and the rounds after it, right again, agree.
        let mut setup = round.setup;
        if let Some(scores) = chain {
            setup.scores = scores;
        }
        let next = match rules.next_round(first_dealer, &setup, &result) {
            Ok(next) => next,
            Err(e) => {
                push(
                    at(last_index),
                    DivergenceKind::FlowMismatch {
                        computed: e.to_string(),
                        recorded: String::new(),
                    },
                );
                return false;
            }
        };
        if let Some((at_e, expected_next)) = round.expect_next {
            let engine = match &next {
                Next::Round(n) => Some((
                    RoundLabel {
                        wind: n.round_wind,
                        number: n.round_number,
                        honba: n.honba,
                    },
                    n.dealer,
                    n.sticks,
                )),
                Next::GameOver(_) => None,
            };
            if let Some(kind) = crate::expect::next_failure(at_e, expected_next, engine) {
                push(at(at_e.event), kind);
            }
        }
        match (next, final_result) {
            (Next::Round(n), None) => {
                chain = Some(n.scores);
                expected = Some(next);
            }
            (Next::Round(n), Some(_)) => push(
                at(last_index),
                DivergenceKind::FlowMismatch {
                    computed: format!("the game goes on to {}", setup_text(&n)),
                    recorded: "the game ends".to_owned(),
                },
            ),
            // A format whose final result is optional, ending where the game ends.
            (Next::GameOver(_), None) if last && end_record == EndRecord::Optional => {
                open = true;
                expected = None;
            }
            (Next::GameOver(end), None) => {
                // The log plays on where the engine ends the game: the rounds after it are
                // followed from the log's own scores.
                chain = None;
                push(
                    at(last_index),
                    DivergenceKind::FlowMismatch {
                        computed: format!("the game ends ({})", end.reason),
                        recorded: "the game goes on".to_owned(),
                    },
                );
                expected = None;
            }
            (Next::GameOver(end), Some(fin)) => {
                check_final(&mut push, at(last_index), &end.standing, fin);
                expected = None;
            }
        }
    }
    // A log that stops while the game goes on (cut off, or a scenario fragment) does not
    // record the end: nothing to compare, and not a divergence (the verdict says the end was
    // not recorded).
    open || matches!(expected, Some(Next::Round(_)))
}

type Push<'p> = dyn FnMut((Option<RoundLabel>, Option<usize>), DivergenceKind) + 'p;

fn draw_common(
    push: &mut Push<'_>,
    at: (Option<RoundLabel>, Option<usize>),
    current: &mut BySeat<i32>,
    recorded: &RecordedDraw,
    deltas: &BySeat<i32>,
) {
    if recorded.scores != *current {
        push(
            at,
            DivergenceKind::ScoreMismatch {
                what: "scores before the draw",
                computed: scores_text(current),
                recorded: scores_text(&recorded.scores),
            },
        );
    }
    if *deltas != recorded.deltas {
        push(
            at,
            DivergenceKind::PaymentMismatch {
                what: "score changes of the draw",
                computed: scores_text(deltas),
                recorded: scores_text(&recorded.deltas),
            },
        );
    }
    for s in Seat::ALL {
        current[s] += recorded.deltas[s];
    }
}

fn check_final(
    push: &mut Push<'_>,
    at: (Option<RoundLabel>, Option<usize>),
    standing: &haifu_rules::flow::FinalStanding,
    fin: &FinalResult,
) {
    if standing.scores != fin.scores {
        push(
            at,
            DivergenceKind::FinalMismatch {
                what: "final scores",
                computed: scores_text(&standing.scores),
                recorded: scores_text(&fin.scores),
            },
        );
    }
    if let Some(points) = standing.points
        && points.map(|p| p.0) != fin.points.map(|p| p.0)
    {
        let text = |p: [i32; 4]| p.map(|t| format!("{:.1}", f64::from(t) / 10.0)).join(" ");
        push(
            at,
            DivergenceKind::FinalMismatch {
                what: "final points",
                computed: text(points.map(|p| p.0).into_array()),
                recorded: text(fin.points.map(|p| p.0).into_array()),
            },
        );
    }
}

fn setup_text(s: &RoundSetup) -> String {
    format!(
        "{}{}.{} dealer {} sticks {} scores {}",
        s.round_wind,
        s.round_number,
        s.honba,
        s.dealer,
        s.sticks,
        scores_text(&s.scores)
    )
}

pub(crate) fn scores_text(scores: &BySeat<i32>) -> String {
    let s: Vec<String> = scores.iter().map(i32::to_string).collect();
    s.join(" ")
}
