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
    AbortiveDraw, Bonus, Flow, FlowError, GameEnd, Next, PaymentError, Role, RonOutcome,
    RoundOutcome, RoundResult, RoundSetup, Seats, Win, WinMethod, WinValue,
};
use haifu_rules::model::{Model, Payout};
use haifu_rules::rulings;
use haifu_ruleset::{HandRules, RuleSet};
use haifu_tiles::{BySeat, Seat};

use crate::{Divergence, DivergenceKind, FinalPart, PaymentOf, RoundLabel, ScoresAt, Shown};

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
    /// The claims on the tile the round's rons were on, each with what its claimant needs
    /// the tile for where a head bump by need asks it (the payments rank them by it).
    pub(crate) claims: ArrayVec<haifu_rules::flow::Claim, 3>,
    /// The scenario's `expect next` for the round, checked against the engine's flow.
    pub(crate) expect_next: Option<(crate::expect::At, NextRound)>,
    /// The first action the engine refused in the round (an illegal action, a ron while
    /// furiten, an impossible setup): its event and the ruling. The rest of the round is
    /// beyond the rule set.
    pub(crate) refused: Option<(usize, String)>,
}

/// The divergence of a draw the rule set cannot pay.
fn unpaid_draw(e: &haifu_rules::flow::PaymentError, recorded: &RecordedDraw) -> DivergenceKind {
    DivergenceKind::PaymentMismatch {
        what: PaymentOf::Draw,
        computed: Shown::text(format!("no payment: {e}")),
        recorded: Shown::scores(recorded.deltas),
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
///
/// # Errors
///
/// [`PaymentError::Overflow`] when a row with what fishing pays does not fit.
pub(crate) fn with_fishing(
    rules: &Flow<'_>,
    ruleset: &RuleSet,
    declared: Seats,
    paid: &mut [(Seat, BySeat<i32>)],
) -> Result<Seats, PaymentError> {
    let winners: Seats = paid.iter().map(|(s, _)| *s).collect();
    let fishing = winners.iter().fold(declared, Seats::without);
    for (winner, row) in paid {
        let fished = rules
            .fishing_payments(ruleset.round.riichi, Seats::of(*winner), fishing)
            .unwrap_or_default();
        *row = add(row, &fished).ok_or(PaymentError::Overflow)?;
    }
    Ok(winners)
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
    /// Why the engine has no value for the win, when it ruled so at the win (no value and no
    /// refusal: the round stopped before it).
    pub(crate) refusal: Option<String>,
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

/// Whose money a pass over a game carries from round to round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Money {
    /// The log's own numbers, what `verify` compares with the record: each round is played
    /// from the start the log records, the flow is ruled on the payments the log records, and
    /// a win the engine cannot value is paid as the log records it. A slip is then one
    /// divergence, in its round.
    Recorded,
    /// The rule set's own, what `diff` compares: from the rule set's start, every payment the
    /// engine's. A refused action or a win the engine cannot value leaves the money unknown
    /// from that round on.
    Own,
}

/// A round's money under the rule set.
#[derive(Clone, Debug)]
pub(crate) struct Settled {
    /// The outcome, as the flow takes it.
    pub(crate) outcome: RoundOutcome,
    /// What each winner is paid (fishing included), by winner; empty for a draw.
    pub(crate) paid: ArrayVec<(Seat, BySeat<i32>), 3>,
    /// The outcome's score changes under the rule set (deposits and penalties not included).
    pub(crate) deltas: BySeat<i32>,
    /// The false declarations' penalties: the rule set's (under [`Money::Recorded`], the
    /// record's where the rule set has none).
    pub(crate) penalties: BySeat<i32>,
}

/// Why a round's money cannot be settled under the rule set.
#[derive(Clone, Debug)]
pub(crate) enum Unsettled<'a> {
    /// The log leaves the round without an outcome.
    Open,
    /// Under [`Money::Own`]: an action was refused, or a win or a penalty has no value.
    Beyond,
    /// A payment the rule set cannot make, at its event.
    Unpaid {
        event: usize,
        payment: Payment<'a>,
        error: PaymentError,
    },
    /// The rons abort the round.
    Aborted { event: usize, wins: usize },
}

/// Which payment [`Unsettled::Unpaid`] is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Payment<'a> {
    Tsumo,
    Ron,
    Draw(&'a RecordedDraw),
    /// The false declarations' penalties of the round together.
    Penalty,
}

/// What a recorded win pays from the log itself: the fallback, under [`Money::Recorded`],
/// when the engine could not value the hand. Under Japanese scoring, the base points of its
/// recorded fu, han and limit ([`rulings::recorded_base`]); under Buu's and the classic
/// scoring, whose payments are not base points × the Japanese factors (Buu's menzen and dora
/// points cannot be worked back from fu and han), the record's own payments: a ron's
/// recorded points, a tsumo's score changes with the honba taken off.
fn recorded_value(
    flow: &Flow<'_>,
    ruleset: &RuleSet,
    w: &RecordedWin,
    dealer: Seat,
    honba: u32,
) -> WinValue {
    let ron = WinValue::Ron {
        discarder: w.from,
        points: w.points,
    };
    if Model::of(ruleset).payout() == Payout::FromBase {
        let base = recorded_base(w, &ruleset.hand);
        let role = Role::of(w.winner, dealer);
        let value = if w.is_tsumo() {
            flow.tsumo_value(base, role)
        } else {
            WinValue::ron_from_base(w.from, base, role)
        };
        return value.unwrap_or(ron);
    }
    if !w.is_tsumo() {
        return ron;
    }
    let per_honba = flow.honba_each(WinMethod::Tsumo, honba);
    let paid = |s: Seat| {
        (-i64::from(w.deltas[s]))
            .checked_sub(per_honba)
            .and_then(|v| i32::try_from(v).ok())
            .unwrap_or(0)
    };
    let other = ruleset
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

/// The money of one round under the rule set, played from `setup` (its dealer, honba and
/// sticks): the one place a round's payments are worked out, for both passes.
pub(crate) fn settle_round<'a>(
    flow: &Flow<'_>,
    ruleset: &RuleSet,
    round: &RoundSummary<'a>,
    setup: &RoundSetup,
    money: Money,
) -> Result<Settled, Unsettled<'a>> {
    if money == Money::Own && round.refused.is_some() {
        return Err(Unsettled::Beyond);
    }
    let mut penalties = BySeat::from_array([0; 4]);
    for &(event, computed, recorded) in &round.penalties {
        let row = match money {
            Money::Recorded => computed.unwrap_or(recorded),
            Money::Own => computed.ok_or(Unsettled::Beyond)?,
        };
        penalties = add(&penalties, &row).ok_or(Unsettled::Unpaid {
            event,
            payment: Payment::Penalty,
            error: PaymentError::Overflow,
        })?;
    }
    let outcome = round.outcome.as_ref().ok_or(Unsettled::Open)?;
    let sticks = round.sticks_at_outcome(setup);
    let (honba, dealer) = (setup.honba, setup.dealer);
    let zero = BySeat::from_array([0; 4]);
    let unpaid = |event, payment| {
        move |error| Unsettled::Unpaid {
            event,
            payment,
            error,
        }
    };
    let (outcome, paid, deltas) = match outcome {
        SummaryOutcome::Wins(wins) => {
            let inputs: ArrayVec<Win, 3> = wins
                .iter()
                .map(|w| {
                    let value = match (w.value, money) {
                        (Some(value), _) => value,
                        (None, Money::Recorded) => {
                            recorded_value(flow, ruleset, w.recorded, dealer, honba)
                        }
                        (None, Money::Own) => return None,
                    };
                    Some(Win {
                        winner: w.recorded.winner,
                        value,
                        pao: w.pao,
                        pao_stacked: w.pao_stacked,
                        need: round
                            .claims
                            .iter()
                            .find(|c| c.seat == w.recorded.winner && !w.recorded.is_tsumo())
                            .and_then(|c| c.need),
                    })
                })
                .collect::<Option<_>>()
                .ok_or(Unsettled::Beyond)?;
            let event = wins.first().map_or(round.start_index, |w| w.index);
            let payment = if inputs.len() == 1 && wins[0].recorded.is_tsumo() {
                Payment::Tsumo
            } else {
                Payment::Ron
            };
            let mut paid: ArrayVec<(Seat, BySeat<i32>), 3> = if let Payment::Tsumo = payment {
                let row = flow
                    .win_payments(dealer, &inputs[0], Bonus { honba, sticks })
                    .map_err(unpaid(event, payment))?
                    .total();
                [(inputs[0].winner, row)].into_iter().collect()
            } else {
                match flow
                    .ron_payments(dealer, &inputs, honba, sticks, round.deposits)
                    .map_err(unpaid(event, payment))?
                {
                    o @ RonOutcome::Paid { .. } => {
                        o.winners().iter().map(|(s, p)| (*s, p.total())).collect()
                    }
                    RonOutcome::Aborted => {
                        return Err(Unsettled::Aborted {
                            event,
                            wins: wins.len(),
                        });
                    }
                }
            };
            // The winners the rule set pays (a head bump's refused claimants are not).
            let winners = with_fishing(flow, ruleset, round.declared, &mut paid)
                .map_err(unpaid(event, payment))?;
            let deltas = paid
                .iter()
                .try_fold(zero, |acc, (_, row)| add(&acc, row))
                .ok_or(PaymentError::Overflow)
                .map_err(unpaid(event, payment))?;
            (RoundOutcome::Win { winners }, paid, deltas)
        }
        SummaryOutcome::Exhaustive {
            index,
            recorded,
            tenpai,
            nagashi,
        } => {
            let deltas = flow
                .exhaustive_draw_payments(dealer, *tenpai, *nagashi)
                .map_err(unpaid(*index, Payment::Draw(recorded)))?
                .total();
            let outcome = RoundOutcome::ExhaustiveDraw { tenpai: *tenpai };
            (outcome, ArrayVec::new(), deltas)
        }
        SummaryOutcome::Redeal { .. } => (RoundOutcome::Redeal, ArrayVec::new(), zero),
        SummaryOutcome::Abortive {
            index,
            recorded,
            kind,
        } => {
            let deltas = abortive_deltas(flow, *kind, recorded)
                .map_err(unpaid(*index, Payment::Draw(recorded)))?;
            (RoundOutcome::AbortiveDraw(*kind), ArrayVec::new(), deltas)
        }
    };
    Ok(Settled {
        outcome,
        paid,
        deltas,
        penalties,
    })
}

/// `a + b` seat by seat, or `None` when a sum does not fit an `i32`: payments and scores
/// come from the record and the rule set, so each sum is checked, and its caller says that
/// it overflows.
pub(crate) fn add(a: &BySeat<i32>, b: &BySeat<i32>) -> Option<BySeat<i32>> {
    let mut sum = *a;
    for s in Seat::ALL {
        sum[s] = a[s].checked_add(b[s])?;
    }
    Some(sum)
}

/// A row of the settlement's running scores moved on by `by`, seat by seat. The running
/// scores are wide (`i64`): no record holds enough rounds to take them past it, so the
/// scores a message shows are the exact sums, also past what a record's score can hold.
fn plus(current: &mut BySeat<i64>, by: &BySeat<i32>) {
    for s in Seat::ALL {
        current[s] += i64::from(by[s]);
    }
}

impl RoundSummary<'_> {
    /// The sticks on the table at the round's outcome, the round played from `setup`: its
    /// own and this round's riichi deposits. The count comes from the record: past `u32::MAX`
    /// it stays there, a bonus the payments refuse as overflowing (a divergence, not a wrap).
    pub(crate) fn sticks_at_outcome(&self, setup: &RoundSetup) -> u32 {
        setup.sticks.saturating_add(u32::from(self.deposits.len()))
    }

    /// The score changes of the round's outcome as the log records them (deposits and
    /// penalties not included); `None` for a round without an outcome.
    ///
    /// # Errors
    ///
    /// [`FlowError::Overflow`] when the wins' changes together do not fit.
    fn recorded_deltas(&self) -> Option<Result<BySeat<i32>, FlowError>> {
        Some(match self.outcome.as_ref()? {
            SummaryOutcome::Wins(wins) => wins
                .iter()
                .try_fold(BySeat::from_array([0; 4]), |acc, w| {
                    add(&acc, &w.recorded.deltas)
                })
                .ok_or(FlowError::Overflow),
            SummaryOutcome::Exhaustive { recorded, .. }
            | SummaryOutcome::Abortive { recorded, .. } => Ok(recorded.deltas),
            SummaryOutcome::Redeal { .. } => Ok(BySeat::from_array([0; 4])),
        })
    }

    /// What ends the round in the record: the final result it states, if the game ends here.
    fn final_result(&self) -> Option<&FinalResult> {
        match self.outcome.as_ref()? {
            SummaryOutcome::Wins(wins) => wins.last()?.recorded.final_result.as_deref(),
            SummaryOutcome::Exhaustive { recorded, .. }
            | SummaryOutcome::Abortive { recorded, .. } => recorded.final_result.as_deref(),
            SummaryOutcome::Redeal { .. } => None,
        }
    }

    /// The event of the round's last outcome (its start when it has none).
    fn last_index(&self) -> usize {
        match &self.outcome {
            Some(SummaryOutcome::Wins(wins)) => wins.last().map_or(self.start_index, |w| w.index),
            Some(
                SummaryOutcome::Exhaustive { index, .. }
                | SummaryOutcome::Abortive { index, .. }
                | SummaryOutcome::Redeal { index },
            ) => *index,
            None => self.start_index,
        }
    }
}

/// What a pass expects before a round.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Expected {
    /// This round.
    Round(RoundSetup),
    /// No round: the game is over.
    Over(GameEnd),
    /// Nothing known: the money became unknown, or the record left the last round open.
    Unknown,
}

/// One round of a [`Pass`].
#[derive(Clone, Debug)]
pub(crate) struct Step<'a> {
    /// What the pass expected before the round.
    pub(crate) expected: Expected,
    /// The setup the pass plays the round from: under [`Money::Recorded`] the recorded one;
    /// under [`Money::Own`] the rule set's own, `None` after its end or once unknown.
    pub(crate) played: Option<RoundSetup>,
    /// The round's money, when played.
    pub(crate) settled: Option<Result<Settled, Unsettled<'a>>>,
    /// What follows the round, when it was settled.
    pub(crate) next: Option<Result<Next, FlowError>>,
}

/// One pass over a game's rounds under a rule set, carrying its money and flow forward
/// ([`Money`] says whose): each round settled ([`settle_round`]), and the next round or the
/// end ruled by the flow. `verify` compares the pass with the record; `diff` compares two.
///
/// The pass is given the rounds one at a time, each with the round after it when there is
/// one (a slip is followed by the number the record goes on from), so that a caller need not
/// hold a game's rounds: [`Pass::over`] walks a slice of them.
pub(crate) struct Pass<'r> {
    flow: Flow<'r>,
    ruleset: &'r RuleSet,
    first_dealer: Seat,
    money: Money,
    /// Whether the log is an excerpt: its first round is then played as it stands.
    excerpt: bool,
    /// What the pass expects next; `None` before the first round.
    expected: Option<Expected>,
}

impl<'r> Pass<'r> {
    /// A pass from the game's start (an excerpt from its first round as it stands).
    pub(crate) fn new(
        ruleset: &'r RuleSet,
        first_dealer: Seat,
        excerpt: bool,
        money: Money,
    ) -> Pass<'r> {
        Pass {
            flow: Flow::new(ruleset),
            ruleset,
            first_dealer,
            money,
            excerpt,
            expected: None,
        }
    }

    /// The pass over `rounds`, each with its step.
    pub(crate) fn over<'s, 'a>(
        mut self,
        rounds: &'s [RoundSummary<'a>],
    ) -> impl Iterator<Item = (&'s RoundSummary<'a>, Step<'a>)> + use<'s, 'a, 'r> {
        rounds
            .iter()
            .enumerate()
            .map(move |(k, round)| (round, self.step(round, rounds.get(k + 1))))
    }

    /// The next round after `round` played from `setup`, its outcome `settled`, its score
    /// changes `deltas` (penalties included).
    fn next_of(
        &self,
        round: &RoundSummary<'_>,
        setup: &RoundSetup,
        settled: &Settled,
        deltas: BySeat<i32>,
    ) -> Result<Next, FlowError> {
        let result = RoundResult {
            outcome: settled.outcome,
            riichi_deposits: round.deposits,
            deltas,
            yakuman: round.yakuman_winners(),
        };
        self.flow.next_round(self.first_dealer, setup, &result)
    }

    /// Under [`Money::Recorded`], what follows `round`: ruled on the scores and payments the
    /// log records. After a slip (a start that is not the one expected, or payments that are
    /// not the rule set's) the log may go on from either number; the pass follows the one
    /// the record goes on from (the next round's start, or the final scores), the log's own
    /// first, so that one slip is one divergence.
    fn recorded_next(
        &self,
        round: &RoundSummary<'_>,
        following: Option<&RoundSummary<'_>>,
        expected: Expected,
        settled: &Settled,
    ) -> Result<Next, FlowError> {
        let recorded = round.recorded_deltas().unwrap_or(Ok(settled.deltas))?;
        let own = settled.deltas;
        let mut starts: ArrayVec<RoundSetup, 2> = [round.setup].into_iter().collect();
        if let Expected::Round(e) = expected
            && e != round.setup
        {
            starts.push(e);
        }
        let mut changes: ArrayVec<BySeat<i32>, 2> = [recorded].into_iter().collect();
        if own != recorded {
            changes.push(own);
        }
        let penalties = settled.penalties;
        let next_of = |start: &RoundSetup, change: &BySeat<i32>| {
            let deltas = add(change, &penalties).ok_or(FlowError::Overflow)?;
            self.next_of(round, start, settled, deltas)
        };
        let primary = next_of(&round.setup, &recorded);
        if starts.len() == 1 && changes.len() == 1 {
            return primary;
        }
        let shown = |next: &Result<Next, FlowError>| match (next, following) {
            (Ok(Next::Round(n)), Some(following)) => *n == following.setup,
            (Ok(Next::GameOver(end)), None) => round
                .final_result()
                .is_some_and(|fin| fin.scores == end.standing.scores),
            _ => false,
        };
        if shown(&primary) {
            return primary;
        }
        for change in &changes {
            for start in &starts {
                let next = next_of(start, change);
                if shown(&next) {
                    return next;
                }
            }
        }
        primary
    }

    /// The step of `round`, the next of the game's rounds; `following` is the round after
    /// it, if the log has one.
    pub(crate) fn step<'a>(
        &mut self,
        round: &RoundSummary<'a>,
        following: Option<&RoundSummary<'a>>,
    ) -> Step<'a> {
        let expected = match self.expected.replace(Expected::Unknown) {
            Some(expected) => expected,
            None if self.excerpt => Expected::Round(round.setup),
            None => Expected::Round(self.flow.first_round(self.first_dealer)),
        };
        let played = match (self.money, expected) {
            (Money::Recorded, _) => Some(round.setup),
            (Money::Own, Expected::Round(setup)) => Some(setup),
            (Money::Own, Expected::Over(end)) => {
                self.expected = Some(Expected::Over(end));
                None
            }
            (Money::Own, Expected::Unknown) => None,
        };
        let Some(setup) = played else {
            return Step {
                expected,
                played,
                settled: None,
                next: None,
            };
        };
        let settled = settle_round(&self.flow, self.ruleset, round, &setup, self.money);
        let next = settled.as_ref().ok().map(|s| match self.money {
            Money::Recorded => self.recorded_next(round, following, expected, s),
            Money::Own => add(&s.deltas, &s.penalties)
                .ok_or(FlowError::Overflow)
                .and_then(|deltas| self.next_of(round, &setup, s, deltas)),
        });
        match &next {
            Some(Ok(Next::Round(n))) => self.expected = Some(Expected::Round(*n)),
            Some(Ok(Next::GameOver(end))) => self.expected = Some(Expected::Over(*end)),
            _ => {}
        }
        Step {
            expected,
            played,
            settled: Some(settled),
            next,
        }
    }
}

/// The settlement of a game under its rule set, checked against the record as the referee
/// hands over the rounds: a round is settled once the round after it is known (a slip is
/// followed by the number the record goes on from), the last at [`Check::finish`]. It holds
/// at most [`Check::HELD`] rounds, settled together (a game of fewer rounds is settled after
/// the referee's pass, as one loop: interleaving the two by round costs a fifth more
/// instruction-cache misses), so a game's memory does not grow with its rounds.
pub(crate) struct Check<'r, 'a> {
    pass: Pass<'r>,
    deposit: i32,
    /// Whether the log records the scores before each outcome (else they are not compared).
    scores_before: bool,
    /// Whether the log records the final placement points (else they are not compared).
    final_points: bool,
    end_record: EndRecord,
    /// The rounds handed over and not yet settled, in order.
    held: Vec<RoundSummary<'a>>,
    /// Whether a round is left open (no outcome): the record stops there.
    open: bool,
    /// Whether the game goes on after the last round, as the pass rules it.
    goes_on: bool,
    /// Whether the settlement stopped (a round it cannot settle, or a flow it cannot rule).
    stopped: bool,
    /// The divergences the settlement found.
    found: usize,
}

impl<'r, 'a> Check<'r, 'a> {
    /// The settlement of a game from its start under `ruleset` (an excerpt from its first
    /// round as it stands).
    pub(crate) fn new(
        ruleset: &'r RuleSet,
        first_dealer: Seat,
        excerpt: bool,
        end_record: EndRecord,
        unrecorded: haifu_log::Unrecorded,
    ) -> Check<'r, 'a> {
        Check {
            pass: Pass::new(ruleset, first_dealer, excerpt, Money::Recorded),
            deposit: ruleset.flow.riichi_deposit,
            // What the log leaves out is not compared: the scores before each outcome, the
            // final placement points.
            scores_before: !unrecorded.scores,
            final_points: !unrecorded.final_points,
            end_record,
            held: Vec::new(),
            open: false,
            goes_on: true,
            stopped: false,
            found: 0,
        }
    }

    /// The most rounds held before they are settled.
    pub(crate) const HELD: usize = 32;

    /// The game's next round. Once [`Check::HELD`] rounds are held, all but the last are
    /// settled, their divergences written to `out`.
    pub(crate) fn round(&mut self, round: RoundSummary<'a>, out: &mut crate::Verdict) {
        self.held.push(round);
        if self.held.len() == Check::HELD {
            self.settle_held(Check::HELD - 1, out);
        }
    }

    /// Settles the first `count` rounds held (each with the round after it) and lets them go.
    fn settle_held(&mut self, count: usize, out: &mut crate::Verdict) {
        let mut held = std::mem::take(&mut self.held);
        for k in 0..count.min(held.len()) {
            self.settle(&held[k], held.get(k + 1), out);
        }
        held.drain(..count.min(held.len()));
        self.held = held;
    }

    /// Settles the rounds still held; returns whether the log stops before the game's end (no
    /// final result where the flow goes on) and how many divergences the settlement found.
    pub(crate) fn finish(mut self, out: &mut crate::Verdict) -> (bool, usize) {
        self.settle_held(self.held.len(), out);
        // A log that stops while the game goes on (cut off, or a scenario fragment) does not
        // record the end: nothing to compare, and not a divergence (the verdict says the end
        // was not recorded).
        let cut_off = !self.stopped && (self.open || self.goes_on);
        (cut_off, self.found)
    }

    /// Settles `round`, `following` the round after it, if any.
    fn settle(
        &mut self,
        round: &RoundSummary<'a>,
        following: Option<&RoundSummary<'a>>,
        out: &mut crate::Verdict,
    ) {
        if self.stopped {
            return;
        }
        let before = out.divergence_count();
        self.settle_counted(round, following, out);
        self.found += out.divergence_count() - before;
    }

    fn settle_counted(
        &mut self,
        round: &RoundSummary<'a>,
        following: Option<&RoundSummary<'a>>,
        out: &mut crate::Verdict,
    ) {
        let step = self.pass.step(round, following);
        let last = following.is_none();
        let at = |index: usize| (Some(round.label), Some(index));
        let mut push = |(round, event): (Option<RoundLabel>, Option<usize>), kind| {
            out.push(Divergence {
                round,
                event,
                seat: None,
                kind,
            });
        };
        if let Expected::Round(next) = step.expected
            && next != round.setup
        {
            push(
                at(round.start_index),
                DivergenceKind::FlowMismatch {
                    computed: Shown::Setup(next),
                    recorded: Shown::Setup(round.setup),
                },
            );
        }
        let mut current = round.setup.scores.map(i64::from);
        // A false declaration's penalty is paid when it is declared (the rule set's, or where
        // it has none, the record's), in event order with the deposits: the penalties are
        // kept in event order, so a cursor walks them.
        let mut paid = 0;
        let mut pay_penalties = |current: &mut BySeat<i64>, upto: usize| {
            while let Some(&(at, computed, recorded)) = round.penalties.get(paid)
                && at < upto
            {
                paid += 1;
                plus(current, &computed.unwrap_or(recorded));
            }
        };
        for &(index, seat, recorded) in &round.deposit_scores {
            pay_penalties(&mut current, index);
            current[seat] -= i64::from(self.deposit);
            if let Some(recorded) = recorded
                && recorded.map(i64::from) != current
            {
                push(
                    at(index),
                    DivergenceKind::ScoreMismatch {
                        what: ScoresAt::AfterDeposit,
                        computed: Shown::Scores(current),
                        recorded: Shown::scores(recorded),
                    },
                );
            }
        }
        pay_penalties(&mut current, usize::MAX);
        let settled = match step.settled {
            Some(Ok(settled)) => settled,
            Some(Err(Unsettled::Open)) | None => {
                // A round the log leaves open: the record stops here, so the game's end is
                // not recorded, and no flow decision can be weighed.
                self.open = true;
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
                return;
            }
            Some(Err(e)) => {
                push_unsettled(&mut push, round.label, &e);
                self.stopped = true;
                return;
            }
        };
        compare_outcome(
            &mut push,
            round,
            &settled,
            &mut current,
            self.deposit,
            self.scores_before,
        );
        let last_index = round.last_index();
        let next = match step.next {
            Some(Ok(next)) => next,
            Some(Err(e)) => {
                // What the record does instead: the round it goes on to, or its end.
                let recorded = match (following, round.final_result()) {
                    (Some(f), _) => Shown::Setup(f.setup),
                    (None, Some(_)) => Shown::text("the game ends"),
                    (None, None) => Shown::text("the record stops"),
                };
                push(
                    at(last_index),
                    DivergenceKind::FlowMismatch {
                        computed: Shown::text(format!("no next round ({e})")),
                        recorded,
                    },
                );
                self.stopped = true;
                return;
            }
            None => {
                self.stopped = true;
                return;
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
        self.goes_on = matches!(next, Next::Round(_));
        match (next, round.final_result()) {
            (Next::Round(_), None) => {}
            (Next::Round(n), Some(_)) => push(
                at(last_index),
                DivergenceKind::FlowMismatch {
                    computed: Shown::text(format!("the game goes on to {}", Shown::Setup(n))),
                    recorded: Shown::text("the game ends"),
                },
            ),
            // A format whose final result is optional, ending where the game ends.
            (Next::GameOver(_), None) if last && self.end_record == EndRecord::Optional => {
                self.open = true;
            }
            (Next::GameOver(end), None) => push(
                at(last_index),
                DivergenceKind::FlowMismatch {
                    computed: Shown::text(format!("the game ends ({})", end.reason)),
                    recorded: Shown::text("the game goes on"),
                },
            ),
            (Next::GameOver(end), Some(fin)) => {
                check_final(
                    &mut push,
                    at(last_index),
                    &end.standing,
                    fin,
                    self.final_points,
                );
            }
        }
    }
}

/// The divergence of a round the rule set cannot settle.
fn push_unsettled(push: &mut Push<'_>, label: RoundLabel, e: &Unsettled<'_>) {
    let (event, kind) = match e {
        Unsettled::Open | Unsettled::Beyond => return,
        Unsettled::Unpaid {
            event,
            payment: Payment::Draw(recorded),
            error,
        } => (*event, unpaid_draw(error, recorded)),
        Unsettled::Unpaid {
            event,
            payment,
            error,
        } => (
            *event,
            DivergenceKind::PaymentMismatch {
                what: match payment {
                    Payment::Tsumo => PaymentOf::Tsumo,
                    Payment::Penalty => PaymentOf::FalseDeclaration,
                    _ => PaymentOf::Ron,
                },
                computed: Shown::text(error.to_string()),
                recorded: Shown::text(""),
            },
        ),
        Unsettled::Aborted { event, wins } => (
            *event,
            DivergenceKind::FlowMismatch {
                computed: Shown::text("the rons abort the round"),
                recorded: Shown::text(format!("{wins} wins")),
            },
        ),
    };
    push((Some(label), Some(event)), kind);
}

/// Compares a round's outcome with the record: the scores before it, the honba and sticks
/// with each win, and each payment. `current` is the round's scores before the outcome,
/// moved on by what the record pays.
fn compare_outcome(
    push: &mut Push<'_>,
    round: &RoundSummary<'_>,
    settled: &Settled,
    current: &mut BySeat<i64>,
    deposit: i32,
    scores_before: bool,
) {
    let at = |index: usize| (Some(round.label), Some(index));
    let sticks = round.sticks_at_outcome(&round.setup);
    let honba = round.setup.honba;
    match round.outcome.as_ref() {
        Some(SummaryOutcome::Wins(wins)) => {
            for (i, w) in wins.iter().enumerate() {
                let r = w.recorded;
                // A log that states no scores before its outcomes has none to compare.
                if r.scores.map(i64::from) != *current && scores_before {
                    push(
                        at(w.index),
                        DivergenceKind::ScoreMismatch {
                            what: ScoresAt::BeforeWin,
                            computed: Shown::Scores(*current),
                            recorded: Shown::scores(r.scores),
                        },
                    );
                }
                let recorded_sticks = if i == 0 { sticks } else { 0 };
                if (r.honba, r.sticks) != (honba, recorded_sticks) {
                    push(
                        at(w.index),
                        DivergenceKind::PaymentMismatch {
                            what: PaymentOf::Table,
                            computed: Shown::Table {
                                honba,
                                sticks: recorded_sticks,
                            },
                            recorded: Shown::Table {
                                honba: r.honba,
                                sticks: r.sticks,
                            },
                        },
                    );
                }
                match settled.paid.iter().find(|(s, _)| *s == r.winner) {
                    Some((_, d)) if *d != r.deltas => push(
                        at(w.index),
                        DivergenceKind::PaymentMismatch {
                            what: PaymentOf::Win,
                            computed: Shown::scores(*d),
                            recorded: Shown::scores(r.deltas),
                        },
                    ),
                    Some(_) => {}
                    // A claim the referee refused at its event (a head bump's farther
                    // claimant) is paid nothing: the refusal already says so, once.
                    None if w.refusal.is_some() => {}
                    None => push(
                        at(w.index),
                        DivergenceKind::PaymentMismatch {
                            what: PaymentOf::Payments,
                            computed: Shown::text("no payment to this winner"),
                            recorded: Shown::scores(r.deltas),
                        },
                    ),
                }
                plus(current, &r.deltas);
            }
        }
        Some(
            SummaryOutcome::Exhaustive {
                index, recorded, ..
            }
            | SummaryOutcome::Abortive {
                index, recorded, ..
            },
        ) => draw_common(
            push,
            at(*index),
            current,
            recorded,
            &settled.deltas,
            scores_before,
        ),
        // The hand is dealt again: its sticks go back to their owners.
        Some(SummaryOutcome::Redeal { .. }) => {
            for seat in round.deposits.iter() {
                current[seat] += i64::from(deposit);
            }
        }
        None => {}
    }
}

type Push<'p> = dyn FnMut((Option<RoundLabel>, Option<usize>), DivergenceKind) + 'p;

fn draw_common(
    push: &mut Push<'_>,
    at: (Option<RoundLabel>, Option<usize>),
    current: &mut BySeat<i64>,
    recorded: &RecordedDraw,
    deltas: &BySeat<i32>,
    scores_before: bool,
) {
    if recorded.scores.map(i64::from) != *current && scores_before {
        push(
            at,
            DivergenceKind::ScoreMismatch {
                what: ScoresAt::BeforeDraw,
                computed: Shown::Scores(*current),
                recorded: Shown::scores(recorded.scores),
            },
        );
    }
    if *deltas != recorded.deltas {
        push(
            at,
            DivergenceKind::PaymentMismatch {
                what: PaymentOf::Draw,
                computed: Shown::scores(*deltas),
                recorded: Shown::scores(recorded.deltas),
            },
        );
    }
    plus(current, &recorded.deltas);
}

fn check_final(
    push: &mut Push<'_>,
    at: (Option<RoundLabel>, Option<usize>),
    standing: &haifu_rules::flow::FinalStanding,
    fin: &FinalResult,
    final_points: bool,
) {
    if standing.scores != fin.scores {
        push(
            at,
            DivergenceKind::FinalMismatch {
                what: FinalPart::Scores,
                computed: Shown::scores(standing.scores),
                recorded: Shown::scores(fin.scores),
            },
        );
    }
    // A format that records no placement points (mjai's `end_game`) has none to compare.
    if let Some(points) = standing.points.filter(|_| final_points)
        && points.map(|p| p.0) != fin.points.map(|p| p.0)
    {
        push(
            at,
            DivergenceKind::FinalMismatch {
                what: FinalPart::Points,
                computed: Shown::Tenths(points.map(|p| p.0)),
                recorded: Shown::Tenths(fin.points.map(|p| p.0)),
            },
        );
    }
}
