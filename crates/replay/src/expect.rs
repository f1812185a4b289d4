//! Checks the expectations a hand-written scenario states inline (the notation's `expect`
//! lines, carried in [`GameLog::expectations`]) against the referee's rulings.
//!
//! - `furiten` is checked against the round engine at that point;
//! - `win` against the engine's value of the seat's next win in the round;
//! - `draw` against the engine's ruling of the round's draw (its kind, nagashi included);
//! - `next` against the engine's own flow decision after the round (the next round's label,
//!   dealer and sticks, or the end of the game), in the settlement, whatever round the log
//!   records next (whose agreement with that decision the settlement checks apart);
//! - `illegal` against the engine's ruling on the action just before: an expected illegal
//!   action is not a divergence, an action the engine accepts is.

use haifu_log::{DrawKind, Expectation, ExpectationKind, FuritenKind, GameLog, NextRound, Refusal};
use haifu_rules::{FuritenReason as Ruled, Score};
use haifu_tiles::{Limit, Seat};

use crate::{Divergence, DivergenceKind, RoundLabel, Verdict};

/// The log's name for the engine's furiten ruling.
pub(crate) fn reason_of(ruled: Option<Ruled>) -> Option<FuritenKind> {
    ruled.map(|r| match r {
        Ruled::OwnDiscard { .. } => FuritenKind::OwnDiscard,
        Ruled::PassedThisTurn { .. } => FuritenKind::SameTurn,
        Ruled::PassedAfterRiichi { .. } => FuritenKind::Riichi,
    })
}

fn furiten_text(r: Option<FuritenKind>) -> String {
    r.map_or_else(
        || "not furiten".to_owned(),
        |r| format!("furiten ({})", r.as_str()),
    )
}

/// Where an expectation stands: the index of the event it comes before, and its own index in
/// [`GameLog::expectations`].
#[derive(Clone, Copy)]
pub(crate) struct At {
    /// The event it comes before.
    pub(crate) event: usize,
    /// Its index among the log's expectations.
    pub(crate) index: usize,
}

/// A `win` expectation: where it was written, and the values it names.
struct WinExpectation {
    at: At,
    seat: Seat,
    fu: Option<u32>,
    han: Option<u32>,
    points: Option<i32>,
    limit: Option<Limit>,
}

/// Expectations waiting for the round's win, draw or end.
#[derive(Default)]
pub(crate) struct Pending {
    wins: Vec<WinExpectation>,
    draw: Option<(At, DrawKind)>,
    next: Option<(At, NextRound)>,
}

pub(crate) fn failed(
    verdict: &mut Verdict,
    round: Option<RoundLabel>,
    at: At,
    expected: String,
    found: String,
) {
    verdict.push(Divergence {
        round,
        event: Some(at.event),
        seat: None,
        kind: DivergenceKind::ExpectationFailed {
            expectation: at.index,
            expected,
            found,
        },
    });
}

impl Pending {
    /// Takes an expectation that waits for something later in the round (`index`: its index
    /// among the log's expectations).
    pub(crate) fn add(&mut self, e: &Expectation, index: usize) {
        let at = At {
            event: e.event,
            index,
        };
        match &e.kind {
            ExpectationKind::Win {
                seat,
                fu,
                han,
                points,
                limit,
            } => self.wins.push(WinExpectation {
                at,
                seat: *seat,
                fu: *fu,
                han: *han,
                points: *points,
                limit: *limit,
            }),
            ExpectationKind::Draw { kind } => self.draw = Some((at, *kind)),
            ExpectationKind::Next(next) => self.next = Some((at, *next)),
            ExpectationKind::Furiten { .. } | ExpectationKind::Illegal { .. } => {}
        }
    }

    /// A win the engine valued (`score`), or could not value (`None`).
    pub(crate) fn win(
        &mut self,
        verdict: &mut Verdict,
        label: RoundLabel,
        winner: Seat,
        score: Option<&Score>,
    ) {
        let Some(i) = self.wins.iter().position(|w| w.seat == winner) else {
            return;
        };
        let WinExpectation {
            at,
            fu,
            han,
            points,
            limit,
            ..
        } = self.wins.remove(i);
        let expected = format!(
            "a win by seat {winner}{}{}{}{}",
            fu.map_or_else(String::new, |f| format!(" {f} fu")),
            han.map_or_else(String::new, |h| format!(" {h} han")),
            points.map_or_else(String::new, |p| format!(" {p} points")),
            limit.map_or_else(String::new, |l| format!(" {}", l.name())),
        );
        // A win the engine did not value already has its divergence: its round stopped at an
        // illegal action, or the win itself was refused as one. The expectation cannot be
        // weighed then, and is dropped (NOTATION.md: such `expect win` lines are not checked).
        let Some(s) = score else {
            return;
        };
        let yakuman = s.limit == Limit::Yakuman;
        let ok = fu.is_none_or(|f| f == u32::from(s.fu))
            && (yakuman || han.is_none_or(|h| h == u32::from(s.han)))
            && points.is_none_or(|p| i64::from(p) == i64::from(s.points))
            && limit.is_none_or(|l| l == s.limit);
        if !ok {
            let found = format!(
                "{} fu {} han {} points {}",
                s.fu,
                s.han,
                s.points,
                s.limit.name()
            );
            failed(verdict, Some(label), at, expected, found);
        }
    }

    /// The round ended in a draw, which the engine ruled to be of `ruled` kind (`None` when
    /// it refused the draw; the divergence then says why).
    pub(crate) fn draw(
        &mut self,
        verdict: &mut Verdict,
        label: RoundLabel,
        ruled: Option<DrawKind>,
    ) {
        if let Some((at, expected)) = self.draw.take()
            && Some(expected) != ruled
        {
            let found = ruled.map_or_else(
                || "a draw the engine refuses (its illegal_action says why)".to_owned(),
                |k| format!("a {} draw", k.as_str()),
            );
            failed(
                verdict,
                Some(label),
                at,
                format!("a {} draw", expected.as_str()),
                found,
            );
        }
    }

    /// The round is over: what it still waited for did not happen. Returns the round's `next`
    /// expectation, which the settlement checks against the engine's own flow decision
    /// ([`next_failure`]).
    pub(crate) fn end_round(
        &mut self,
        verdict: &mut Verdict,
        label: RoundLabel,
    ) -> Option<(At, NextRound)> {
        for WinExpectation { at, seat, .. } in self.wins.drain(..) {
            failed(
                verdict,
                Some(label),
                at,
                format!("a win by seat {seat}"),
                "no such win in the round".to_owned(),
            );
        }
        if let Some((at, kind)) = self.draw.take() {
            failed(
                verdict,
                Some(label),
                at,
                format!("a {} draw", kind.as_str()),
                "no draw".to_owned(),
            );
        }
        self.next.take()
    }
}

/// A `next` expectation against the engine's flow decision after the round: the next round's
/// label, dealer and sticks, or `None` when the rules end the game there. `None` when it
/// holds; else the divergence to report.
pub(crate) fn next_failure(
    at: At,
    expected: NextRound,
    engine: Option<(RoundLabel, Seat, u32)>,
) -> Option<DivergenceKind> {
    let ok = match (next_round(expected), engine) {
        (None, None) => true,
        (Some((label, dealer, sticks)), Some((l, d, s))) => {
            label == l && dealer.is_none_or(|x| x == d) && sticks.is_none_or(|x| x == s)
        }
        _ => false,
    };
    if ok {
        return None;
    }
    Some(next_failed(
        at,
        expected,
        engine.map_or_else(
            || "the game ends".to_owned(),
            |(l, d, s)| format!("next round {l} dealer {d} sticks {s}"),
        ),
    ))
}

/// The divergence of a `next` expectation that does not hold: the referee `found` otherwise.
pub(crate) fn next_failed(at: At, expected: NextRound, found: String) -> DivergenceKind {
    DivergenceKind::ExpectationFailed {
        expectation: at.index,
        expected: next_text(expected),
        found,
    }
}

/// The round a `next` expectation names, with the dealer and sticks it states; `None` for the
/// end of the game.
fn next_round(expected: NextRound) -> Option<(RoundLabel, Option<Seat>, Option<u32>)> {
    match expected {
        NextRound::GameEnds => None,
        NextRound::Round {
            wind,
            number,
            honba,
            dealer,
            sticks,
        } => Some((
            RoundLabel {
                wind,
                number,
                honba,
            },
            dealer,
            sticks,
        )),
    }
}

/// A `next` expectation as the messages write it.
fn next_text(expected: NextRound) -> String {
    match next_round(expected) {
        None => "the game ends".to_owned(),
        Some((label, dealer, sticks)) => {
            let dealer = dealer.map(|d| format!(" dealer {d}")).unwrap_or_default();
            let sticks = sticks.map(|s| format!(" sticks {s}")).unwrap_or_default();
            format!("next round {label}{dealer}{sticks}")
        }
    }
}

/// An `illegal` expectation at `at`: the action just before must have been refused. The
/// refusal is then expected (it is removed from the divergences); an accepted action is a
/// failed expectation. `checking`: whether the engine still replays the round (after an
/// earlier refusal it does not, and nothing can be refused).
pub(crate) fn illegal(
    verdict: &mut Verdict,
    label: Option<RoundLabel>,
    at: At,
    checking: bool,
    expected: Option<Refusal>,
) {
    let refused = verdict.divergences.iter().rposition(|d| {
        d.event == at.event.checked_sub(1)
            && matches!(
                d.kind,
                DivergenceKind::IllegalAction { .. } | DivergenceKind::Furiten { .. }
            )
    });
    match refused {
        Some(i) => {
            let found = verdict.divergences.remove(i);
            // With a refusal kind named, the refusal must be of that kind.
            let kind = match &found.kind {
                DivergenceKind::IllegalAction { refusal, .. } => *refusal,
                _ => Refusal::Furiten,
            };
            if let Some(want) = expected
                && want != kind
            {
                failed(
                    verdict,
                    label,
                    at,
                    format!("the action before to be illegal: {want}"),
                    format!("{kind}: {}", found.kind),
                );
            }
        }
        None => {
            let before = at.event.checked_sub(1).map_or_else(
                || "the action before".to_owned(),
                |e| format!("the action before (event {e})"),
            );
            let found = if checking {
                "the engine accepts it"
            } else {
                "nothing refused: the round is no longer checked after an earlier illegal action"
            };
            failed(
                verdict,
                label,
                at,
                format!("{before} to be illegal"),
                found.to_owned(),
            );
        }
    }
}

/// A `furiten` expectation, checked against the engine's ruling now.
pub(crate) fn furiten(
    verdict: &mut Verdict,
    label: RoundLabel,
    at: At,
    seat: Seat,
    expected: Option<FuritenKind>,
    ruled: Option<Ruled>,
) {
    let ruled = reason_of(ruled);
    if ruled != expected {
        failed(
            verdict,
            Some(label),
            at,
            format!("seat {seat} {}", furiten_text(expected)),
            furiten_text(ruled),
        );
    }
}

/// The expectations of `log`, which must be in event order.
pub(crate) fn of(log: &GameLog) -> &[Expectation] {
    &log.expectations
}
