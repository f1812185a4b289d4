//! Replays each round through the rules engine and compares every ruling with the log.

use arrayvec::ArrayVec;
use haifu_log::{
    DrawKind, Event, GameLog, Mistake, RecordedDraw, RecordedWin, Refusal, RiichiStage, RoundStart,
    YakuOrder,
};
use haifu_rules::flow::{self, Bonus, Claim, Seats, WinValue};
use haifu_rules::rulings;
use haifu_rules::{
    AbortiveClaim, ActionError, Deal, HanSource, Round, Ruling, Score, ScoreError, SetupError,
    WinContext, Yaku, score,
};
use haifu_ruleset::{MultipleRon, RuleSet};
use haifu_tiles::{BySeat, Seat, Tile};

use crate::settle::{RoundSummary, SummaryOutcome, WinRuling};
use crate::sheet::{RoundSheet, SheetLine, Valuation, WinLine};
use crate::{
    Divergence, DivergenceKind, DrawField, PaymentOf, RoundLabel, Shown, Verdict, WinField,
};

/// Replays every round of a four-player game; returns what it ruled about each round, for
/// the settlement.
///
/// With `sheets`, it also hands each round's referee's sheet to it as the round ends (which
/// allocates; the plain verification does not).
/// When the kan dora indicators a log records are revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DoraTiming {
    /// At the log's own moments, each a ruling checked (`verify`: the log's rule set).
    Recorded,
    /// When the rule set makes each due, the log's moments being its own rule set's timing,
    /// not actions (`diff`: the same game under another rule set, whatever its format).
    Ruled,
}

/// What a caller sees of a replay as it goes: the round before each action, and each win the
/// engine values (the conformance vectors are written from these).
pub trait Watch {
    /// Called before the engine plays event `index` of the log, with the round as it stands
    /// then; not called once the engine stopped following the round (an action it refused).
    fn before(&mut self, round: &Round, event: Event<'_>, index: usize);
    /// Called for each recorded win the engine accepts and values.
    fn win(&mut self, win: &Watched<'_>);
}

/// A win as the engine rules it, for a [`Watch`].
#[derive(Clone, Copy, Debug)]
pub struct Watched<'w> {
    /// The win's event.
    pub index: usize,
    /// The round's dealer.
    pub dealer: Seat,
    /// What the referee knows of the win.
    pub context: &'w WinContext,
    /// The engine's value.
    pub score: &'w Score,
    /// The liable (pao) seat, if any.
    pub pao: Option<Seat>,
    /// The honba and sticks this winner collects.
    pub bonus: Bonus,
}

/// A [`Watch`] that looks at nothing (`verify`).
pub(crate) struct Unwatched;

impl Watch for Unwatched {
    fn before(&mut self, _: &Round, _: Event<'_>, _: usize) {}
    fn win(&mut self, _: &Watched<'_>) {}
}

/// Referees every round of `log` under `rules`, writing the divergences it finds to
/// `verdict`, each round's sheet to `sheets` (when asked) and each round's summary to
/// `rounds` as the round ends, with the verdict (the settlement takes them from there).
pub(crate) fn check<'a>(
    log: &'a GameLog,
    rules: RuleSet,
    timing: DoraTiming,
    verdict: &mut Verdict,
    mut sheets: Option<&mut dyn FnMut(RoundSheet)>,
    watch: &mut (impl Watch + ?Sized),
    rounds: &mut dyn FnMut(RoundSummary<'a>, &mut Verdict),
) {
    let mut round: Option<RoundReplay<'a>> = None;
    let detail = sheets.is_some();
    // A finished round stays in place until the next one overwrites it: the engine's state
    // is large, and only the summary (moved out) and the sheet are handed over.
    let mut finish =
        |sheet: Option<RoundSheet>, summary: RoundSummary<'a>, verdict: &mut Verdict| {
            if let (Some(out), Some(sheet)) = (sheets.as_deref_mut(), sheet) {
                out(sheet);
            }
            rounds(summary, verdict);
        };
    let expectations = crate::expect::of(log);
    let mut next_expectation = 0;
    // By index: the events' iterator is not inlined into a loop this long.
    for index in 0..log.len() {
        // The expectations written before this event.
        while let Some(e) = expectations
            .get(next_expectation)
            .filter(|e| e.event <= index)
        {
            next_expectation += 1;
            if let Some(r) = &mut round {
                r.expectation(e, next_expectation - 1, verdict);
            }
        }
        if let Some(m) = log.move_at(index)
            && let Some(r) = &mut round
            && r.plain_move(m.event(), index, verdict, watch)
        {
            continue;
        }
        let Some(event) = log.event(index) else {
            break;
        };
        if let Event::RoundStart(start) = event {
            // The dealer's wins in a row before this round (an excerpt's earlier ones are not
            // known): the last round's dealer won it and deals again.
            let mut dealer_wins = 0;
            if let Some(r) = &mut round {
                r.summary.expect_next = r.pending.end_round(verdict, r.summary.label);
                let dealer = r.summary.setup.dealer;
                let won = match &r.summary.outcome {
                    Some(crate::settle::SummaryOutcome::Wins(wins)) => {
                        wins.iter().any(|w| w.recorded.winner == dealer)
                    }
                    _ => false,
                };
                if won && dealer == start.dealer {
                    dealer_wins = r.dealer_wins.saturating_add(1);
                }
                let summary = std::mem::replace(&mut r.summary, RoundReplay::summary(start, index));
                finish(r.sheet.take(), summary, verdict);
            }
            let r = match &mut round {
                Some(r) => {
                    r.restart(start, rules, index, verdict);
                    r
                }
                None => round.insert(RoundReplay::start(start, rules, index, verdict)),
            };
            r.yaku_order = log.header.yaku_order;
            r.unrecorded = log.header.unrecorded;
            r.dealer_wins = dealer_wins;
            r.timing = timing;
            if timing == DoraTiming::Ruled {
                // The round's recorded indicators, after any the format lists untimed, are
                // revealed when the rule set makes them due (popped from the end).
                let mut all: ArrayVec<Tile, 4> = r.untimed_dora.iter().rev().copied().collect();
                let recorded = (index + 1..)
                    .map_while(|i| log.event(i).filter(|e| !matches!(e, Event::RoundStart(_))))
                    .filter_map(|e| match e {
                        Event::NewDora { indicator } => Some(indicator),
                        _ => None,
                    });
                for indicator in recorded {
                    let _ = all.try_push(indicator);
                }
                all.reverse();
                r.untimed_dora = all;
            }
            r.sheet = detail.then(|| RoundSheet {
                label: r.summary.label,
                start: index,
                dealer: start.dealer,
                sticks: start.sticks,
                scores: start.scores,
                dora_indicator: start.dora_indicator,
                lines: Vec::new(),
            });
            continue;
        }
        if let Some(r) = &mut round {
            // At the first ron on a tile, the seats the log records ronning it (read ahead),
            // for a head bump to rule by the seats rather than by the log's order.
            if let Event::Win(w) = event
                && !w.is_tsumo()
                && !matches!(
                    index.checked_sub(1).and_then(|i| log.event(i)),
                    Some(Event::Win(_))
                )
            {
                // What each needs the tile for, where the rule set's head bump asks it.
                let by_need = r.rules.flow.multiple_ron == MultipleRon::HeadBumpPairPungChow;
                let need = |seat| {
                    r.round
                        .as_ref()
                        .filter(|_| by_need)
                        .and_then(|round| round.need(seat))
                };
                r.claimants = (index..)
                    .map_while(|i| match log.event(i) {
                        Some(Event::Win(o)) if !o.is_tsumo() && o.from == w.from => Some(Claim {
                            seat: o.winner,
                            need: need(o.winner),
                        }),
                        _ => None,
                    })
                    .collect();
            }
            if let Some(round) = &r.round {
                watch.before(round, event, index);
            }
            r.event(event, index, verdict, watch);
        }
    }
    if let Some(mut r) = round {
        for (i, e) in expectations
            .iter()
            .enumerate()
            .skip(next_expectation.min(expectations.len()))
        {
            r.expectation(e, i, verdict);
        }
        r.summary.expect_next = r.pending.end_round(verdict, r.summary.label);
        finish(r.sheet.take(), r.summary, verdict);
    }
}

/// One round being replayed.
struct RoundReplay<'a> {
    rules: RuleSet,
    /// What the settlement needs, filled as the round goes.
    summary: RoundSummary<'a>,
    /// `None` once the round could not go on (an illegal action): the rest of the round is
    /// not checked against the engine, and the divergence says why.
    round: Option<Round>,
    /// Wins recorded on the current tile so far (double ron).
    wins_on_tile: u8,
    /// The seats the log records winning by ron on the current tile (all of them, read ahead
    /// at the first), for a head bump.
    claimants: ArrayVec<Claim, 3>,
    /// A ron on the current tile was refused: other rons on the same tile are still ruled
    /// (a refused claim leaves the round as it was), then the round stops.
    ron_refused: bool,
    /// The referee's sheet, when asked for.
    sheet: Option<RoundSheet>,
    /// Each seat's discards so far (for the sheet's turn numbers).
    turns: BySeat<u8>,
    /// The engine's value of the win being ruled, for the sheet.
    valuation: Option<Valuation>,
    /// A scenario's expectations waiting for this round's outcome.
    pending: crate::expect::Pending,
    /// The round's kan dora indicators a format lists without their moments (tenhou.net/6),
    /// still to be revealed, in order.
    untimed_dora: ArrayVec<Tile, 4>,
    /// Whose order the log's yaku lists are in.
    yaku_order: YakuOrder,
    /// What the log's format leaves out of a win (not compared).
    unrecorded: haifu_log::Unrecorded,
    /// The dealer's wins in a row before this round (for the eighth, paarenchan).
    dealer_wins: u8,
    /// The engine's last refusal in the round (an action, or a win it could not value): its
    /// event and the ruling.
    refusal: Option<(usize, String)>,
    /// When the log's kan dora indicators are revealed.
    timing: DoraTiming,
    /// Whether the record leaves the rest of the round's moves out (`...`): what it states
    /// after is ruled from the record ([`crate::elided`]), noted in the verdict's last
    /// elision.
    elided: bool,
}

impl<'a> RoundReplay<'a> {
    /// The replay of a game's first round: a blank replay restarted ([`RoundReplay::restart`]
    /// does the work for every round).
    fn start(
        start: &RoundStart,
        rules: RuleSet,
        index: usize,
        verdict: &mut Verdict,
    ) -> RoundReplay<'a> {
        let mut replay = RoundReplay {
            rules,
            summary: Self::summary(start, index),
            round: None,
            wins_on_tile: 0,
            claimants: ArrayVec::new(),
            ron_refused: false,
            sheet: None,
            turns: BySeat::default(),
            valuation: None,
            pending: crate::expect::Pending::default(),
            untimed_dora: ArrayVec::new(),
            yaku_order: YakuOrder::Referee,
            unrecorded: haifu_log::Unrecorded::default(),
            dealer_wins: 0,
            refusal: None,
            timing: DoraTiming::Recorded,
            elided: false,
        };
        replay.restart(start, rules, index, verdict);
        replay
    }

    /// The same as [`RoundReplay::start`] in this round's place: the engine's state is
    /// restarted where it is, not built and moved (it is over a kilobyte).
    fn restart(&mut self, start: &RoundStart, rules: RuleSet, index: usize, verdict: &mut Verdict) {
        let setup = Self::setup(start, rules.players);
        let result = match &mut self.round {
            Some(round) => round.restart(&setup, &rules),
            None => Round::from_setup(&setup, &rules).map(|r| {
                self.round = Some(r);
            }),
        };
        let refused = match result {
            Ok(()) => {
                verdict.checked.rounds += 1;
                None
            }
            Err(e) => {
                self.round = None;
                Some((index, Self::setup_invalid(start, index, verdict, &e)))
            }
        };
        self.rules = rules;
        self.summary = Self::summary(start, index);
        self.summary.refused = refused;
        self.refusal = None;
        self.elided = false;
        self.wins_on_tile = 0;
        self.claimants.clear();
        self.ron_refused = false;
        self.sheet = None;
        self.turns = BySeat::default();
        self.valuation = None;
        self.pending = crate::expect::Pending::default();
        self.untimed_dora.clone_from(&start.untimed_dora);
        self.untimed_dora.reverse();
    }

    /// Reveals the format's untimed kan dora indicators that the rule set makes due by now,
    /// as a log that records the moments would have shown them.
    fn reveal_untimed_dora(&mut self, index: usize, verdict: &mut Verdict) {
        let Some(round) = &mut self.round else { return };
        while round.dora_due()
            && let Some(indicator) = self.untimed_dora.pop()
        {
            let event = Event::NewDora { indicator };
            match round.reveal_dora(indicator) {
                Ok(()) => {
                    verdict.checked.actions += 1;
                    if let Some(sheet) = &mut self.sheet {
                        note(sheet, &mut self.turns, event, round.rulings(), None);
                    }
                }
                Err(e) => return self.illegal(verdict, index, describe(event), &e),
            }
        }
    }

    fn setup(start: &RoundStart, players: haifu_tiles::Players) -> Deal {
        Deal {
            players,
            round_wind: start.round_wind,
            dealer: start.dealer,
            hands: start.hands.clone(),
            scores: start.scores,
            dora_indicator: start.dora_indicator,
        }
    }

    /// Reports an impossible setup; returns the ruling, as the settlement names it.
    fn setup_invalid(
        start: &RoundStart,
        index: usize,
        verdict: &mut Verdict,
        e: &SetupError,
    ) -> String {
        let kind = DivergenceKind::SetupInvalid {
            detail: e.to_string(),
        };
        let ruling = kind.to_string();
        verdict.push(Divergence {
            round: Some(RoundLabel::of(start)),
            event: Some(index),
            seat: None,
            kind,
        });
        ruling
    }

    /// Notes what the engine refused at event `index` and why: the first of the event is the
    /// ruling on a win there, and a refused action (not an unscorable hand) is the round's
    /// first refusal unless it has one.
    fn note_refusal(&mut self, index: usize, ruling: String, action: bool) {
        if action && self.summary.refused.is_none() {
            self.summary.refused = Some((index, ruling.clone()));
        }
        if self.refusal.as_ref().is_none_or(|(at, _)| *at != index) {
            self.refusal = Some((index, ruling));
        }
    }

    fn summary(start: &RoundStart, index: usize) -> RoundSummary<'a> {
        let label = RoundLabel::of(start);
        RoundSummary {
            label,
            setup: flow::RoundSetup {
                round_wind: start.round_wind,
                round_number: start.round_number,
                dealer: start.dealer,
                honba: start.honba,
                sticks: start.sticks,
                scores: start.scores,
            },
            start_index: index,
            deposits: Seats::EMPTY,
            penalties: ArrayVec::new(),
            declared: Seats::EMPTY,
            deposit_scores: ArrayVec::new(),
            outcome: None,
            claims: ArrayVec::new(),
            expect_next: None,
            refused: None,
        }
    }

    fn diverge(&self, verdict: &mut Verdict, index: usize, kind: DivergenceKind) {
        verdict.push(Divergence {
            round: Some(self.summary.label),
            event: Some(index),
            seat: None,
            kind,
        });
    }

    /// Reports an illegal action and stops checking this round against the engine.
    fn illegal(
        &mut self,
        verdict: &mut Verdict,
        index: usize,
        action: String,
        error: &ActionError,
    ) {
        match error {
            ActionError::Furiten { seat, reason } => {
                let reason = reason.to_string();
                let ruling = format!("seat {seat} wins by ron while furiten ({reason})");
                self.note_refusal(index, ruling, true);
                let kind = DivergenceKind::Furiten {
                    seat: *seat,
                    reason,
                };
                self.diverge(verdict, index, kind);
                self.round = None;
            }
            _ => self.refuse(verdict, index, action, error.to_string(), refusal_of(error)),
        }
    }

    /// Under a head bump, the one claimant of the current tile that wins and the rule that
    /// says so (the engine's ruling, [`rulings::head_bump_winner`]).
    fn head_bump_winner(&self, discarder: Seat) -> Option<(Seat, &'static str)> {
        rulings::head_bump_winner(
            self.rules.flow.multiple_ron,
            self.rules.players,
            discarder,
            self.summary.setup.dealer,
            &self.claimants,
        )
    }

    /// Before refusing a ron: the round, kept for other rons on the same tile.
    fn keep_for_rons(&mut self, recorded: &RecordedWin) -> Option<Round> {
        if recorded.is_tsumo() {
            None
        } else {
            self.round.take()
        }
    }

    /// After refusing a ron: other rons on the same tile are still ruled.
    fn restore_for_rons(&mut self, kept: Option<Round>) {
        if kept.is_some() {
            self.round = kept;
            self.ron_refused = true;
        }
    }

    /// Reports `action` as illegal for `reason` and stops checking this round against the
    /// engine.
    fn refuse(
        &mut self,
        verdict: &mut Verdict,
        index: usize,
        action: String,
        reason: String,
        refusal: Refusal,
    ) {
        self.note_refusal(index, format!("{action}: {reason}"), true);
        self.diverge(
            verdict,
            index,
            DivergenceKind::IllegalAction {
                action,
                reason,
                refusal,
            },
        );
        self.round = None;
    }

    /// A scenario's expectation written before event `e.event`, the `index`-th of the log.
    fn expectation(&mut self, e: &haifu_log::Expectation, index: usize, verdict: &mut Verdict) {
        let label = self.summary.label;
        let at = crate::expect::At {
            event: e.event,
            index,
        };
        match &e.kind {
            haifu_log::ExpectationKind::Furiten { seat, reason } => {
                if let Some(round) = &self.round {
                    crate::expect::furiten(
                        verdict,
                        label,
                        at,
                        *seat,
                        *reason,
                        round.furiten(*seat),
                    );
                }
            }
            haifu_log::ExpectationKind::Illegal { refusal, .. } => {
                crate::expect::illegal(verdict, Some(label), at, self.round.is_some(), *refusal);
            }
            _ => self.pending.add(e, index),
        }
    }

    fn event(
        &mut self,
        event: Event<'a>,
        index: usize,
        verdict: &mut Verdict,
        watch: &mut (impl Watch + ?Sized),
    ) {
        // After a refused ron, only further rons on the same tile are ruled.
        if self.ron_refused && !matches!(event, Event::Win(_)) {
            self.ron_refused = false;
            self.round = None;
        }
        if !self.untimed_dora.is_empty() {
            self.reveal_untimed_dora(index, verdict);
        }
        // Under the rule set's own timing, the log's moments are not actions.
        if self.timing == DoraTiming::Ruled && matches!(event, Event::NewDora { .. }) {
            return;
        }
        // What the settlement needs is taken from the log even when the engine has stopped.
        // A false win's penalty as the rule set computes it, for the sheet.
        let mut penalty = None;
        match event {
            Event::Riichi {
                seat,
                stage: RiichiStage::DepositTaken,
                scores,
            } => {
                self.summary.deposits = self.summary.deposits.with(seat);
                let _ = self
                    .summary
                    .deposit_scores
                    .try_push((index, seat, scores.copied()));
            }
            Event::Riichi {
                seat,
                stage: RiichiStage::Declared,
                ..
            } => self.summary.declared = self.summary.declared.with(seat),
            Event::Win(win) => return self.win(win, index, verdict, watch),
            Event::RoundDraw(draw) => return self.draw(draw, index, verdict),
            // From here the moves are left out: the engine cannot follow them.
            Event::Elided => {
                self.elided = true;
                self.round = None;
                if let Some(sheet) = &mut self.sheet {
                    sheet.lines.push(SheetLine::Elided);
                }
                verdict.elisions.push(crate::Elision {
                    round: self.summary.label,
                    event: index,
                    taken_as_stated: Vec::new(),
                });
                return;
            }
            Event::Mistake {
                seat,
                mistake: Mistake::FalseWin,
                deltas,
            } => {
                let (ended, computed) = self.false_win(seat, deltas.copied(), index, verdict);
                // A chombo that deals the hand again ends it here.
                if ended {
                    return;
                }
                penalty = computed;
            }
            _ => {}
        }
        self.act(event, index, verdict, penalty);
    }

    /// A draw or a discard (most of a record's events) while nothing is pending in the round
    /// (no refused ron, no untimed dora to reveal): straight to the engine, past the checks
    /// of [`RoundReplay::event`], which would find nothing to do. `false` for any other event
    /// or state, for [`RoundReplay::event`] to rule.
    fn plain_move(
        &mut self,
        event: Event<'a>,
        index: usize,
        verdict: &mut Verdict,
        watch: &mut (impl Watch + ?Sized),
    ) -> bool {
        if !matches!(event, Event::DrawTile { .. } | Event::Discard { .. })
            || self.ron_refused
            || !self.untimed_dora.is_empty()
        {
            return false;
        }
        let Some(round) = &self.round else {
            return false;
        };
        watch.before(round, event, index);
        self.act(event, index, verdict, None);
        true
    }

    /// The engine's ruling of an action (a draw, a discard, a call, a riichi, a revealed
    /// indicator, a mistake's dead hand), counted, and noted on the sheet; nothing when the
    /// round has stopped or the event is no action.
    #[inline(always)]
    fn act(
        &mut self,
        event: Event<'a>,
        index: usize,
        verdict: &mut Verdict,
        penalty: Option<BySeat<i32>>,
    ) {
        let Some(round) = &mut self.round else { return };
        let result = match event {
            Event::DrawTile { seat, tile } => round.draw(seat, tile),
            Event::Discard { seat, tile, .. } => round.discard(seat, tile),
            Event::Call { seat, meld } => round.call(seat, meld),
            Event::Riichi {
                seat,
                stage: RiichiStage::Declared,
                ..
            } => round.declare_riichi(seat),
            Event::Riichi {
                seat,
                stage: RiichiStage::DepositTaken,
                ..
            } => round.take_riichi_deposit(seat),
            Event::NewDora { indicator } => round.reveal_dora(indicator),
            Event::Mistake { seat, .. } => round.dead_hand(seat),
            _ => return,
        };
        self.wins_on_tile = 0;
        match result {
            Ok(()) => {
                verdict.checked.actions += 1;
                if let Some(sheet) = &mut self.sheet {
                    note(sheet, &mut self.turns, event, round.rulings(), penalty);
                }
            }
            // The action's description is only built for the report.
            Err(e) => self.illegal(verdict, index, describe(event), &e),
        }
    }

    /// Whether a chombo has already ended this hand (to be dealt again); the outcome the log
    /// records after it is then reported as beyond the hand, once, and not settled.
    fn redealt(&mut self, index: usize, verdict: &mut Verdict) -> bool {
        if !matches!(self.summary.outcome, Some(SummaryOutcome::Redeal { .. })) {
            return false;
        }
        if self.round.is_some() {
            self.refuse(
                verdict,
                index,
                "the recorded outcome".to_owned(),
                "the hand ended at the false declaration and is dealt again (false_win = { redeal = … })".to_owned(),
                Refusal::RoundOver,
            );
        }
        true
    }

    /// A false declaration of a win: the rule set's penalty, compared with the one the record
    /// states (none stated: nothing paid), kept for the settlement. Under a chombo that deals
    /// the hand again, the hand ends here. Returns whether it ended, and the penalty computed.
    fn false_win(
        &mut self,
        seat: Seat,
        recorded: Option<BySeat<i32>>,
        index: usize,
        verdict: &mut Verdict,
    ) -> (bool, Option<BySeat<i32>>) {
        let flow = flow::Flow::new(&self.rules);
        let recorded = recorded.unwrap_or(BySeat::from_array([0; 4]));
        let (computed, text) = match flow.false_win_payments(self.summary.setup.dealer, seat) {
            Ok(row) => (Some(row), Shown::scores(row)),
            Err(e) => (None, Shown::text(format!("no payment: {e}"))),
        };
        if computed != Some(recorded) {
            verdict.push(Divergence {
                round: Some(self.summary.label),
                event: Some(index),
                seat: None,
                kind: DivergenceKind::PaymentMismatch {
                    what: PaymentOf::FalseDeclaration,
                    computed: text,
                    recorded: Shown::scores(recorded),
                },
            });
        }
        let _ = self.summary.penalties.try_push((index, computed, recorded));
        if !matches!(
            self.rules.flow.false_win,
            haifu_ruleset::FalseWin::Redeal { .. }
        ) {
            return (false, computed);
        }
        if let Some(round) = &mut self.round {
            round.end();
        }
        if let Some(sheet) = &mut self.sheet {
            sheet.lines.push(SheetLine::Mistake {
                seat,
                mistake: Mistake::FalseWin.name(),
                turn: self.turns[seat],
                deltas: computed,
                then: "the hand is dealt again",
            });
        }
        self.summary.outcome = Some(SummaryOutcome::Redeal { index });
        (true, computed)
    }

    fn win(
        &mut self,
        recorded: &'a RecordedWin,
        index: usize,
        verdict: &mut Verdict,
        watch: &mut (impl Watch + ?Sized),
    ) {
        // A chombo has ended the hand: what the log records after it is beyond the engine.
        if self.redealt(index, verdict) {
            return;
        }
        let (value, pao, pao_stacked, yakuman) =
            match self.rule_win(recorded, index, verdict, watch) {
                Some(ruled) => ruled,
                None => {
                    self.pending
                        .win(verdict, self.summary.label, recorded.winner, None);
                    (
                        None,
                        recorded.pao,
                        recorded.yakuman.len() > 1,
                        recorded.limit == haifu_tiles::Limit::Yakuman,
                    )
                }
            };
        let valuation = self.valuation.take();
        if let Some(sheet) = &mut self.sheet {
            sheet.lines.push(SheetLine::Win(WinLine {
                winner: recorded.winner,
                from: recorded.from,
                computed: valuation.clone(),
                recorded: (recorded.fu, recorded.points, recorded.limit),
                deltas: recorded.deltas,
                pao: recorded.pao,
                hand: recorded.hand.clone(),
                melds: recorded.melds.clone(),
                winning_tile: recorded.winning_tile,
            }));
        }
        // Why the engine has no value for the win: its ruling at the win's event; none there,
        // the round stopped before (an earlier action was refused).
        let refusal = match &self.refusal {
            Some((at, ruling)) if value.is_none() && *at == index => Some(ruling.clone()),
            _ => None,
        };
        if !recorded.is_tsumo() {
            self.summary.claims.clone_from(&self.claimants);
        }
        let ruling = WinRuling {
            index,
            recorded,
            refusal,
            value,
            pao,
            pao_stacked,
            yakuman,
            valuation: valuation.map(Box::new),
        };
        match &mut self.summary.outcome {
            Some(SummaryOutcome::Wins(wins)) => {
                let _ = wins.try_push(ruling);
            }
            outcome => *outcome = Some(SummaryOutcome::Wins([ruling].into_iter().collect())),
        }
    }

    /// The engine's value and pao ruling for a recorded win; `None` when the engine could not
    /// follow the round this far.
    fn rule_win(
        &mut self,
        recorded: &RecordedWin,
        index: usize,
        verdict: &mut Verdict,
        watch: &mut (impl Watch + ?Sized),
    ) -> Option<(Option<WinValue>, Option<Seat>, bool, bool)> {
        // Nothing to rule once the round could not be followed (but after an elision, the
        // win the record states).
        if self.round.is_none() && !self.elided {
            return None;
        }
        let winner = recorded.winner;
        if !recorded.is_tsumo()
            && let Some((allowed, why)) = self.head_bump_winner(recorded.from)
            && allowed != winner
        {
            let kept = self.keep_for_rons(recorded);
            self.refuse(
                verdict,
                index,
                format!("seat {winner} ron"),
                why.to_owned(),
                Refusal::HeadBump,
            );
            self.restore_for_rons(kept);
            return None;
        }
        let context = match (&mut self.round, verdict.elisions.last_mut()) {
            (_, Some(elision)) if self.elided => Ok(crate::elided::win_context(
                recorded,
                &self.rules,
                self.summary.setup.round_wind,
                self.summary.setup.dealer,
                self.summary.declared,
                elision,
            )),
            (Some(round), _) if recorded.is_tsumo() => round.tsumo(winner),
            (Some(round), _) => round.ron(winner),
            (None, _) => return None,
        };
        let mut context = match context {
            Ok(c) => c,
            Err(e) => {
                let action = if recorded.is_tsumo() { "tsumo" } else { "ron" };
                let kept = self.keep_for_rons(recorded);
                self.illegal(verdict, index, format!("seat {winner} {action}"), &e);
                self.restore_for_rons(kept);
                return None;
            }
        };
        // The dealer's eighth win in a row (a classic limit hand where the rules play it).
        if winner == self.summary.setup.dealer && self.dealer_wins >= 7 {
            context.situation |= haifu_rules::Situation::PAARENCHAN;
        }
        if context.from != recorded.from {
            let kind = DivergenceKind::WinMismatch {
                field: WinField::From,
                computed: Shown::Seat(context.from),
                recorded: Shown::Seat(recorded.from),
            };
            self.diverge(verdict, index, kind);
        }
        // What this win collects of the table's honba and sticks: a tsumo all of them; a ron
        // its share among the rons on the tile, as the flow splits it (the winner nearest the
        // discarder first, the log's order).
        let position = usize::from(self.wins_on_tile);
        self.wins_on_tile += 1;
        let table = Bonus {
            honba: self.summary.setup.honba,
            sticks: self.summary.sticks_at_outcome(&self.summary.setup),
        };
        let Bonus { honba, sticks } = if recorded.is_tsumo() {
            table
        } else {
            let standing = self.claimants.iter().map(|c| c.seat).collect::<Seats>();
            let standing = standing.with(winner);
            flow::Flow::new(&self.rules).ron_bonus(
                position,
                winner,
                standing,
                self.summary.deposits,
                table,
            )
        };
        let score = match self.compare_win(&context, recorded, honba, sticks, index, verdict) {
            Ok(score) => score,
            // Not a win at all (no yaku, or not a complete hand): the declaration is illegal.
            Err(e) => {
                let action = if recorded.is_tsumo() { "tsumo" } else { "ron" };
                let kept = self.keep_for_rons(recorded);
                let refusal = match e {
                    ScoreError::NoYaku => Refusal::NoYaku,
                    _ => Refusal::NotComplete,
                };
                self.refuse(
                    verdict,
                    index,
                    format!("seat {winner} {action}"),
                    e.to_string(),
                    refusal,
                );
                self.restore_for_rons(kept);
                None
            }
        };
        self.pending
            .win(verdict, self.summary.label, winner, score.as_ref());
        let score = score?;
        let has = |y: Yaku| score.yakuman.iter().any(|x| x.yaku == y);
        let liable = context.liable;
        let pao = if has(Yaku::Daisangen) {
            liable.dragons
        } else if has(Yaku::Daisuushii) {
            liable.winds
        } else {
            // The classic insurance's fourth sets (the round notes them only under it).
            [
                (Yaku::Tsuuiisou, liable.honours),
                (Yaku::Chinroutou, liable.terminals),
                (Yaku::Ryuuiisou, liable.green),
            ]
            .into_iter()
            .find_map(|(y, seat)| if has(y) { seat } else { None })
        };
        // A format with no field for the liable seat (mjai) shows it in the payments alone.
        if pao != recorded.pao && !self.unrecorded.pao {
            let kind = DivergenceKind::WinMismatch {
                field: WinField::Pao,
                computed: Shown::Liable(pao),
                recorded: Shown::Liable(recorded.pao),
            };
            self.diverge(verdict, index, kind);
        }
        if let Some(why) = self.bust_guard(&score, &context, pao, honba, sticks, recorded) {
            let action = if recorded.is_tsumo() { "tsumo" } else { "ron" };
            let kept = self.keep_for_rons(recorded);
            self.refuse(
                verdict,
                index,
                format!("seat {winner} {action}"),
                why,
                Refusal::BustGuard,
            );
            self.restore_for_rons(kept);
            return None;
        }
        if self.sheet.is_some() {
            self.valuation = Some(valuation(&score));
        }
        watch.win(&Watched {
            index,
            dealer: self.summary.setup.dealer,
            context: &context,
            score: &score,
            pao,
            bonus: Bonus { honba, sticks },
        });
        Some((
            Some(WinValue::of_score(&score, &context)),
            pao,
            score.yakuman.len() > 1,
            score.limit == haifu_tiles::Limit::Yakuman,
        ))
    }

    /// Why the rule set's bust guard refuses this win, if it does (the engine's ruling,
    /// [`Flow::bust_guard`](flow::Flow::bust_guard)).
    fn bust_guard(
        &self,
        score: &Score,
        context: &WinContext,
        pao: Option<Seat>,
        honba: u32,
        sticks: u32,
        recorded: &RecordedWin,
    ) -> Option<String> {
        // After an elision, the scores the record states before the win.
        let scores = match &self.round {
            Some(round) => round.scores(),
            None if self.elided => recorded.scores,
            None => return None,
        };
        let win = flow::Win {
            winner: recorded.winner,
            value: WinValue::of_score(score, context),
            pao,
            pao_stacked: score.yakuman.len() > 1,
            need: None,
        };
        flow::Flow::new(&self.rules)
            .bust_guard(
                self.summary.setup.dealer,
                &win,
                flow::Bonus { honba, sticks },
                &scores,
            )
            .map(|refusal| refusal.to_string())
    }

    /// Scores the win as the engine sees it and compares it with the log, field by field.
    ///
    /// `Err` when the hand is no win at all (not complete, or without a yaku): the caller
    /// reports the declaration as illegal. `Ok(None)` when the engine cannot score it for
    /// another reason, reported here as a value mismatch.
    fn compare_win(
        &mut self,
        context: &WinContext,
        recorded: &RecordedWin,
        honba: u32,
        sticks: u32,
        index: usize,
        verdict: &mut Verdict,
    ) -> Result<Option<Score>, ScoreError> {
        verdict.checked.wins += 1;
        let label = self.summary.label;
        let mut mismatch = |field: WinField, computed: Shown, recorded: Shown| {
            verdict.push(Divergence {
                round: Some(label),
                event: Some(index),
                seat: None,
                kind: DivergenceKind::WinMismatch {
                    field,
                    computed,
                    recorded,
                },
            });
        };
        if context.dora_indicators.as_slice() != recorded.dora_indicators.as_slice() {
            mismatch(
                WinField::DoraIndicators,
                Shown::Tiles(context.dora_indicators.iter().copied().collect()),
                Shown::Tiles(recorded.dora_indicators.iter().copied().collect()),
            );
        }
        let mut concealed: ArrayVec<Tile, 14> = context.concealed.iter().copied().collect();
        concealed.push(context.winning_tile);
        concealed.sort_unstable();
        let mut hand = recorded.hand.clone();
        hand.sort_unstable();
        if concealed != hand || context.winning_tile != recorded.winning_tile {
            mismatch(
                WinField::Hand,
                Shown::Hand {
                    tiles: concealed,
                    winning: context.winning_tile,
                },
                Shown::Hand {
                    tiles: hand,
                    winning: recorded.winning_tile,
                },
            );
        }
        let win = context.hand(&recorded.ura_indicators, honba, sticks);
        let score = match score(&self.rules, &win) {
            Ok(s) => s,
            Err(e @ (ScoreError::NotComplete | ScoreError::NoYaku)) => return Err(e),
            Err(other) => {
                mismatch(
                    WinField::Value,
                    Shown::text(format!("unscorable: {other}")),
                    Shown::text(format!("{} points", recorded.points)),
                );
                self.note_refusal(index, other.to_string(), false);
                return Ok(None);
            }
        };
        // Nukidora as the log lists them: apart (Mahjong Soul) or among the dora (Tenhou).
        // A format that records only a win's payments (mjai as Mortal writes it): the value
        // is checked through them, in the settlement.
        if self.unrecorded.value {
            return Ok(Some(score));
        }
        let kita_apart = recorded.yaku.iter().any(|y| y.source == HanSource::Kita);
        let yaku: ArrayVec<(HanSource, u8), 24> = score.recorded_yaku(kita_apart);
        let same_yaku = yaku.len() == recorded.yaku.len()
            && yaku
                .iter()
                .zip(&recorded.yaku)
                .all(|(a, b)| *a == (b.source, b.han));
        if !same_yaku {
            let recorded_yaku: ArrayVec<(HanSource, u8), 24> =
                recorded.yaku.iter().map(|y| (y.source, y.han)).collect();
            // The same yaku listed in another order is still a divergence (Tenhou's order is
            // part of the record), named apart so that the fix is plain.
            let mut sorted = yaku.clone();
            sorted.sort_unstable();
            let mut recorded_sorted = recorded_yaku.clone();
            recorded_sorted.sort_unstable();
            let same_set = sorted.as_slice() == recorded_sorted.as_slice();
            let field = if same_set {
                WinField::YakuOrder
            } else {
                WinField::Yaku
            };
            // Ura dora listed without the indicators that give them: say so (a hand-written
            // record that leaves out its `ura` line).
            let note = (recorded.ura_indicators.is_empty()
                && recorded_yaku
                    .iter()
                    .any(|&(source, han)| source == HanSource::Ura && han > 0))
            .then_some("it lists ura dora but gives no ura indicators");
            // An exporter's order is no ruling.
            if !(same_set && self.yaku_order == YakuOrder::Exporter) {
                mismatch(
                    field,
                    Shown::Yaku {
                        list: yaku,
                        note: None,
                    },
                    Shown::Yaku {
                        list: recorded_yaku,
                        note,
                    },
                );
            }
        }
        let yakuman: ArrayVec<Yaku, 8> = score.yakuman.iter().map(|y| y.yaku).collect();
        if yakuman.as_slice() != recorded.yakuman.as_slice() {
            mismatch(
                WinField::Yakuman,
                Shown::Yakuman(yakuman),
                Shown::Yakuman(recorded.yakuman.clone()),
            );
        }
        // A format that leaves the fu of a limit hand out (tenhou.net/6) has nothing to
        // compare them with.
        if let Some(fu) = recorded.fu
            && u32::from(score.fu) != fu
        {
            mismatch(
                WinField::Fu,
                Shown::Number(i64::from(score.fu)),
                Shown::Number(i64::from(fu)),
            );
        }
        if i64::from(score.points) != i64::from(recorded.points) && !self.unrecorded.points {
            mismatch(
                WinField::Points,
                Shown::Number(i64::from(score.points)),
                Shown::Number(i64::from(recorded.points)),
            );
        }
        if score.limit != recorded.limit && !self.unrecorded.limit {
            mismatch(
                WinField::Limit,
                Shown::Limit(score.limit),
                Shown::Limit(recorded.limit),
            );
        }
        Ok(Some(score))
    }

    fn draw(&mut self, recorded: &'a RecordedDraw, index: usize, verdict: &mut Verdict) {
        if self.redealt(index, verdict) {
            return;
        }
        // Kan dora indicators a format lists without their moments, which no kan of the
        // round made due by its end: the round shows more indicators than the engine reveals.
        if let Some(round) = &self.round
            && !self.untimed_dora.is_empty()
        {
            let revealed: ArrayVec<Tile, 14> = round.dora_indicators().iter().copied().collect();
            let mut listed = revealed.clone();
            listed.extend(self.untimed_dora.iter().rev().copied());
            self.untimed_dora.clear();
            let kind = DivergenceKind::DrawMismatch {
                field: DrawField::DoraIndicators,
                computed: Shown::Tiles(revealed),
                recorded: Shown::Tiles(listed),
            };
            self.diverge(verdict, index, kind);
        }
        let shown: Seats = Seat::ALL
            .into_iter()
            .filter(|s| recorded.shown[*s].is_some())
            .collect();
        let abortive = match recorded.kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => None,
            DrawKind::KyuushuKyuuhai => Some(flow::AbortiveDraw::KyuushuKyuuhai),
            DrawKind::SuufonRenda => Some(flow::AbortiveDraw::SuufonRenda),
            DrawKind::SuuchaRiichi => Some(flow::AbortiveDraw::SuuchaRiichi),
            DrawKind::Suukaikan => Some(flow::AbortiveDraw::Suukaikan),
            DrawKind::Sanchahou => Some(flow::AbortiveDraw::Sanchahou),
        };
        // The settlement's view, from the log until the engine's rulings replace it below.
        self.summary.outcome = match abortive {
            Some(kind) => Some(SummaryOutcome::Abortive {
                index,
                recorded,
                kind,
            }),
            // Without the engine the nagashi achievers are not known.
            None if recorded.kind == DrawKind::NagashiMangan => None,
            None => Some(SummaryOutcome::Exhaustive {
                index,
                recorded,
                tenpai: shown,
                nagashi: Seats::EMPTY,
            }),
        };
        if self.elided {
            return self.elided_draw(recorded, index, verdict);
        }
        let Some(round) = &mut self.round else {
            self.pending.draw(verdict, self.summary.label, None);
            return;
        };
        let result = match recorded.kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => {
                round.exhaustive_draw().map(|outcome| {
                    let tenpai: Seats = Seat::ALL
                        .into_iter()
                        .filter(|s| outcome.tenpai[*s])
                        .collect();
                    let nagashi: Seats = Seat::ALL
                        .into_iter()
                        .filter(|s| outcome.nagashi[*s])
                        .collect();
                    self.summary.outcome = Some(SummaryOutcome::Exhaustive {
                        index,
                        recorded,
                        tenpai,
                        nagashi,
                    });
                    (tenpai, nagashi)
                })
            }
            DrawKind::KyuushuKyuuhai => match shown.iter().next() {
                Some(seat) => round
                    .check_abortive(AbortiveClaim::KyuushuKyuuhai(seat))
                    .map(|()| (Seats::EMPTY, Seats::EMPTY)),
                None => Err(ActionError::DrawNotApplicable {
                    what: "kyuushu kyuuhai",
                    why: "the log shows no declarer's hand (Tenhou's hai attribute; a shown line in haifu text)",
                }),
            },
            DrawKind::SuufonRenda => round
                .check_abortive(AbortiveClaim::SuufonRenda)
                .map(|()| (Seats::EMPTY, Seats::EMPTY)),
            DrawKind::SuuchaRiichi => round
                .check_abortive(AbortiveClaim::SuuchaRiichi)
                .map(|()| (Seats::EMPTY, Seats::EMPTY)),
            DrawKind::Suukaikan => round
                .check_abortive(AbortiveClaim::Suukaikan)
                .map(|()| (Seats::EMPTY, Seats::EMPTY)),
            // Three rons abort the hand only where a triple ron is not played out.
            DrawKind::Sanchahou => rulings::triple_ron_aborts(self.rules.flow.multiple_ron)
                .and_then(|()| round.check_abortive(AbortiveClaim::Sanchahou))
                .map(|()| (Seats::EMPTY, Seats::EMPTY)),
        };
        match result {
            Ok((tenpai, nagashi)) => {
                verdict.checked.draws += 1;
                // The engine's kind: the recorded abortive kind whose condition it confirmed,
                // or exhaustive / nagashi mangan as it rules the end of the wall.
                let ruled = match abortive {
                    Some(_) => recorded.kind,
                    None if nagashi.is_empty() => DrawKind::Exhaustive,
                    None => DrawKind::NagashiMangan,
                };
                self.pending.draw(verdict, self.summary.label, Some(ruled));
                if let Some(sheet) = &mut self.sheet {
                    sheet.lines.push(SheetLine::Draw {
                        kind: recorded.kind.as_str(),
                        tenpai: tenpai.iter().collect(),
                        shown: Seat::ALL
                            .into_iter()
                            .filter_map(|s| Some((s, recorded.shown[s].clone()?)))
                            .collect(),
                        deltas: recorded.deltas,
                    });
                }
                if abortive.is_none() {
                    if tenpai != shown && !recorded.tenpai_unrecorded {
                        let kind = DivergenceKind::DrawMismatch {
                            field: DrawField::Tenpai,
                            computed: Shown::Seats(tenpai),
                            recorded: Shown::Seats(shown),
                        };
                        self.diverge(verdict, index, kind);
                    }
                    let is_nagashi = !nagashi.is_empty();
                    if is_nagashi != (recorded.kind == DrawKind::NagashiMangan) {
                        let kind = DivergenceKind::DrawMismatch {
                            field: DrawField::Kind,
                            computed: Shown::text(if is_nagashi {
                                "nagashi_mangan"
                            } else {
                                "exhaustive"
                            }),
                            recorded: Shown::text(recorded.kind.as_str()),
                        };
                        self.diverge(verdict, index, kind);
                    }
                }
            }
            Err(e) => {
                self.pending.draw(verdict, self.summary.label, None);
                let action = format!("the {} draw", recorded.kind.as_str());
                self.illegal(verdict, index, action, &e);
            }
        }
    }
}

impl<'a> RoundReplay<'a> {
    /// A draw after an elision: an exhaustive draw's tenpai from the hands shown; whether
    /// its condition held (the wall's end, an abortive draw's), as stated.
    fn elided_draw(&mut self, recorded: &'a RecordedDraw, index: usize, verdict: &mut Verdict) {
        if let Some(elision) = verdict.elisions.last_mut() {
            elision.take(crate::elided::draw_taken(recorded.kind));
        }
        self.pending
            .draw(verdict, self.summary.label, Some(recorded.kind));
        if let Some(SummaryOutcome::Exhaustive { tenpai, .. }) = &mut self.summary.outcome {
            let shown = *tenpai;
            let (computed, taken) = crate::elided::tenpai(recorded, self.rules.round.tenpai);
            if let Some(elision) = verdict.elisions.last_mut().filter(|_| taken) {
                elision.take(crate::elided::TENPAI_TAKEN);
            }
            *tenpai = computed;
            if *tenpai != shown {
                let kind = DivergenceKind::DrawMismatch {
                    field: DrawField::Tenpai,
                    computed: Shown::Seats(*tenpai),
                    recorded: Shown::Seats(shown),
                };
                self.diverge(verdict, index, kind);
            }
        }
    }
}

/// An action as the log has it, for a divergence.
fn describe(event: Event<'_>) -> String {
    match event {
        Event::DrawTile { seat, tile } => format!("seat {seat} draws {tile}"),
        Event::Discard { seat, tile, .. } => format!("seat {seat} discards {tile}"),
        Event::Call { seat, meld } => format!("seat {seat} calls {meld}"),
        Event::Riichi {
            seat,
            stage: RiichiStage::Declared,
            ..
        } => format!("seat {seat} declares riichi"),
        Event::Riichi {
            seat,
            stage: RiichiStage::DepositTaken,
            ..
        } => format!("seat {seat}'s riichi deposit"),
        Event::NewDora { indicator } => format!("new dora indicator {indicator}"),
        Event::Mistake { seat, mistake, .. } => format!("seat {seat}'s {}", mistake.name()),
        _ => "an event".to_owned(),
    }
}

/// Writes an accepted action and the rulings it caused on the sheet.
fn note(
    sheet: &mut RoundSheet,
    turns: &mut BySeat<u8>,
    event: Event<'_>,
    rulings: &[Ruling],
    penalty: Option<BySeat<i32>>,
) {
    match event {
        Event::Discard { seat, .. } => turns[seat] = turns[seat].saturating_add(1),
        Event::Riichi {
            seat,
            stage: RiichiStage::Declared,
            ..
        } => {
            sheet.lines.push(SheetLine::Riichi {
                seat,
                turn: turns[seat].saturating_add(1),
            });
        }
        Event::Call { seat, meld } => sheet.lines.push(SheetLine::Call { seat, meld }),
        Event::NewDora { indicator } => sheet.lines.push(SheetLine::Dora { indicator }),
        Event::Mistake { seat, mistake, .. } => sheet.lines.push(SheetLine::Mistake {
            seat,
            mistake: mistake.name(),
            turn: turns[seat],
            deltas: penalty,
            then: "the hand is dead",
        }),
        _ => {}
    }
    for ruling in rulings {
        let line = match *ruling {
            Ruling::FuritenStarts { seat, reason } => SheetLine::Furiten {
                seat,
                reason: Some(reason),
                turn: turns[seat],
            },
            Ruling::FuritenEnds { seat } => SheetLine::Furiten {
                seat,
                reason: None,
                turn: turns[seat],
            },
        };
        sheet.lines.push(line);
    }
}

/// The engine's value of a win, for the sheet.
fn valuation(score: &Score) -> Valuation {
    let mut yaku: Vec<(&'static str, u8)> =
        score.yaku.iter().map(|y| (y.yaku.name(), y.han)).collect();
    yaku.extend(score.yakuman.iter().map(|y| (y.yaku.name(), 13 * y.times)));
    Valuation {
        yaku,
        dora: (score.dora, score.ura, score.aka),
        kita: score.kita,
        fu: score.fu,
        han: score.han,
        points: score.points,
        limit: score.limit.name(),
    }
}

/// The kind of an engine's refusal, in the vocabulary scenarios name.
fn refusal_of(error: &ActionError) -> Refusal {
    match error {
        ActionError::RoundOver => Refusal::RoundOver,
        ActionError::NotSettled { .. } => Refusal::NotSettled,
        ActionError::AbortiveNotPlayed { .. } => Refusal::AbortiveNotPlayed,
        ActionError::NotYourTurn { .. } | ActionError::OutOfTurn { .. } => Refusal::NotYourTurn,
        ActionError::TileInPlay { .. } => Refusal::TileInPlay,
        ActionError::TileNotInHand { .. } => Refusal::NotHeld,
        ActionError::WallExhausted => Refusal::WallExhausted,
        ActionError::NotTheLastDiscard { .. } => Refusal::NotTheLastDiscard,
        ActionError::ChiNotFromLeft { .. } => Refusal::ChiNotFromLeft,
        ActionError::NoChi { .. } => Refusal::NoChi,
        ActionError::NoKita { .. } => Refusal::NoKita,
        ActionError::BadMeld { .. } => Refusal::BadMeld,
        ActionError::Kuikae { .. } => Refusal::Kuikae,
        ActionError::NoKan { .. } => Refusal::NoKan,
        ActionError::RiichiNotAllowed { .. } => Refusal::RiichiRefused,
        ActionError::RiichiMustTsumogiri { .. } => Refusal::RiichiTsumogiri,
        ActionError::DepositNotDue { .. } | ActionError::DepositMissing { .. } => Refusal::Deposit,
        ActionError::DoraNotDue | ActionError::DoraNotYetDue | ActionError::DoraMissing => {
            Refusal::DoraTiming
        }
        ActionError::NoWin { .. } => Refusal::NoWin,
        ActionError::Furiten { .. } => Refusal::Furiten,
        ActionError::DeadHand { .. } => Refusal::DeadHand,
        ActionError::DrawNotApplicable { .. } => Refusal::NoDraw,
        ActionError::Unsupported(_) => Refusal::Unsupported,
    }
}
