//! Rulings on a win that the flow's rule points decide, each in this one place (above the
//! scorer and the flow, which it joins; neither imports it): the value a
//! scored hand pays ([`WinValue::of_score`]), the base points of a win known only by its
//! recorded fu, han and limit ([`recorded_base`]), which claimant a head bump lets win
//! ([`head_bump_winner`]), whether three rons abort the hand ([`triple_ron_aborts`]), and Buu's
//! bust guard ([`Flow::bust_guard`]).

use std::fmt;

use arrayvec::ArrayVec;
use haifu_ruleset::{BustGuard, HandRules, MultipleRon};
use haifu_tiles::{BySeat, Limit, Players, Seat, Wind};

use crate::flow::{Bonus, Claim, Claims, Flow, Win, WinMethod, WinValue, claims};
use crate::round::{ActionError, WinContext};
use crate::score::{Payer, Score};
use crate::{hand_base, limit_base};

impl WinValue {
    /// What the scored hand `score` pays, won as `context` says: the discarder's payment for a
    /// ron, the dealer's and each other payer's for a tsumo (honba and sticks apart).
    pub fn of_score(score: &Score, context: &WinContext) -> WinValue {
        let paid = |east: bool| {
            score
                .payments
                .iter()
                .find(|p| (p.payer == Payer::Seat(Wind::East)) == east)
                .map_or(0, |p| i32::try_from(p.hand).unwrap_or(i32::MAX))
        };
        match context.method {
            WinMethod::Ron => WinValue::Ron {
                discarder: context.from,
                points: i32::try_from(score.points).unwrap_or(i32::MAX),
            },
            WinMethod::Tsumo => {
                let non_dealer_pays = paid(false);
                let dealer_pays = if context.seat_wind == Wind::East {
                    non_dealer_pays
                } else {
                    paid(true)
                };
                WinValue::Tsumo {
                    dealer_pays,
                    non_dealer_pays,
                }
            }
        }
    }
}

/// The base points of a win known only by what a log records of it: `han` and `fu` under
/// `hand`'s rules when it is under the limits, the limit's base otherwise (a yakuman's times
/// the `yakuman` it counts, at least one). A format that leaves a hand's fu out writes it for
/// an exporter's kiriage mangan only (tenhou.net/6 `切り上げ満貫`): that is 4 han 30 fu, or
/// 3 han 60 fu.
pub fn recorded_base(
    hand: &HandRules,
    han: u8,
    fu: Option<u8>,
    limit: Limit,
    yakuman: usize,
) -> i32 {
    let base = match limit {
        Limit::None => {
            let fu = match fu {
                Some(f) => f,
                None if han >= 4 => 30,
                None => 60,
            };
            u64::from(hand_base(hand, han, fu).0)
        }
        Limit::Yakuman => {
            let times = u64::try_from(yakuman.max(1)).unwrap_or(u64::MAX);
            u64::from(limit_base(Limit::Yakuman)).saturating_mul(times)
        }
        limit => u64::from(limit_base(limit)),
    };
    // Past what a payment can be, the base stays at the limit, which the payments refuse as
    // an overflow.
    i32::try_from(base).unwrap_or(i32::MAX)
}

/// Under a head bump, the one claimant of a discard who wins, and the rule that says so:
/// the claimant nearest the `discarder` in turn order (`head-bump`), the first from the
/// `dealer` (`head-bump-east-first`), or the one who needs the tile for the pair, then a
/// pung, then a chow, the nearest among equals (`head-bump-pair-pung-chow`), as the flow's
/// one ruling on claims decides it. `None` when every claimant may win or only one claims.
pub fn head_bump_winner(
    multiple_ron: MultipleRon,
    players: Players,
    discarder: Seat,
    dealer: Seat,
    claimants: &[Claim],
) -> Option<(Seat, &'static str)> {
    let why = match multiple_ron {
        MultipleRon::HeadBump => {
            "under head bump (multiple_ron = head-bump) only the claimant nearest the discarder wins"
        }
        MultipleRon::HeadBumpEastFirst => {
            "under head bump, East first (multiple_ron = head-bump-east-first), only the claimant first in turn order from the dealer wins"
        }
        MultipleRon::HeadBumpPairPungChow => {
            "under head bump by need (multiple_ron = head-bump-pair-pung-chow), only the claimant who needs the tile for the pair, else a pung, else a chow, wins (the nearest the discarder among equals)"
        }
        MultipleRon::DoubleRonTripleAborts | MultipleRon::AllWin => return None,
    };
    if claimants.len() < 2 {
        return None;
    }
    match claims(multiple_ron, players, discarder, dealer, claimants) {
        Claims::Stand { order, .. } => order.first().map(|first| (*first, why)),
        Claims::Aborted => None,
    }
}

/// Whether three rons on one discard abort the hand (sanchahou): only where a triple ron is
/// not played out otherwise.
///
/// # Errors
///
/// [`ActionError::AbortiveNotPlayed`] naming the rule under which the rons are played out
/// (a head bump, or every claimant winning).
pub fn triple_ron_aborts(multiple_ron: MultipleRon) -> Result<(), ActionError> {
    // Three claimants on a discard of a four-player table: the precedence of claims decides.
    let [discarder, a, b, c] = Seat::ALL;
    let three = [a, b, c].map(|seat| Claim { seat, need: None });
    if let Claims::Aborted = claims(multiple_ron, Players::Four, discarder, discarder, &three) {
        return Ok(());
    }
    Err(ActionError::AbortiveNotPlayed {
        what: "sanchahou",
        rule: match multiple_ron {
            MultipleRon::HeadBumpEastFirst => {
                "multiple_ron = head-bump-east-first: the claimant first from the dealer wins"
            }
            MultipleRon::HeadBumpPairPungChow => {
                "multiple_ron = head-bump-pair-pung-chow: the claimant who needs the tile for the pair, else a pung, else a chow, wins"
            }
            MultipleRon::AllWin => "multiple_ron = all-win: every claimant wins",
            // (Three claims under double-ron-triple-aborts abort: returned above.)
            MultipleRon::HeadBump | MultipleRon::DoubleRonTripleAborts => {
                "multiple_ron = head-bump: the nearest claimant wins"
            }
        },
    })
}

/// The bust guard's refusal of a win: the payers it would put below zero, with their scores
/// after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BustRefusal {
    /// Each seat the win would put below zero, and its score after the win (exact: wide, as
    /// the scores before it and the payments come from a record).
    pub busted: ArrayVec<(Seat, i64), 3>,
}

impl fmt::Display for BustRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the win would put ")?;
        for (i, (seat, after)) in self.busted.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "seat {seat} ({after})")?;
        }
        f.write_str(" below zero without lifting the winner from sinking to floating (bust_guard)")
    }
}

impl Flow<'_> {
    /// Whether the rule set's bust guard refuses `win` (Buu, seed (c)): a payer would go
    /// below zero, and the win does not lift the winner from below the start score to it or
    /// above. `scores` are the scores before the win, `dealer` the round's dealer. `None`
    /// when the guard lets the win stand, is off, or the payments cannot be worked out (the
    /// payment's own ruling reports that).
    pub fn bust_guard(
        &self,
        dealer: Seat,
        win: &Win,
        bonus: Bonus,
        scores: &BySeat<i32>,
    ) -> Option<BustRefusal> {
        if self.bust_guard == BustGuard::Off {
            return None;
        }
        let paid = self.win_payments(dealer, win, bonus).ok()?.total();
        let after = |s: Seat| i64::from(scores[s]) + i64::from(paid[s]);
        let busted: ArrayVec<(Seat, i64), 3> = self
            .players()
            .seats()
            .iter()
            .filter(|s| **s != win.winner && after(**s) < 0)
            .map(|s| (*s, after(*s)))
            .collect();
        let lifts = scores[win.winner] < self.start_score
            && after(win.winner) >= i64::from(self.start_score);
        (!busted.is_empty() && !lifts).then_some(BustRefusal { busted })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Need;

    /// A discards; B (next in turn) and C claim. Under the head bump by need the claimant who
    /// needs the tile for the pair wins over one who needs it for a chow, wherever they sit;
    /// equal needs go to the nearest; an unknown need comes last.
    #[test]
    fn a_head_bump_by_need_ranks_the_pair_first() {
        let [a, b, c, _] = Seat::ALL;
        let winner = |[near, far]: [Option<Need>; 2]| {
            let claims = [
                Claim {
                    seat: b,
                    need: near,
                },
                Claim { seat: c, need: far },
            ];
            head_bump_winner(
                MultipleRon::HeadBumpPairPungChow,
                Players::Four,
                a,
                a,
                &claims,
            )
            .map(|(seat, _)| seat)
        };
        assert_eq!(winner([Some(Need::Chow), Some(Need::Pair)]), Some(c));
        assert_eq!(winner([Some(Need::Pung), Some(Need::Chow)]), Some(b));
        assert_eq!(winner([Some(Need::Chow), Some(Need::Pung)]), Some(c));
        assert_eq!(winner([Some(Need::Pair), Some(Need::Pair)]), Some(b));
        assert_eq!(winner([None, Some(Need::Other)]), Some(c));
        // The plain head bump takes the nearest whatever the needs.
        let claims = [
            Claim {
                seat: b,
                need: Some(Need::Chow),
            },
            Claim {
                seat: c,
                need: Some(Need::Pair),
            },
        ];
        assert_eq!(
            head_bump_winner(MultipleRon::HeadBump, Players::Four, a, a, &claims)
                .map(|(seat, _)| seat),
            Some(b)
        );
    }

    /// Tenhou's rule aborts a triple ron; a head bump or every claimant winning plays it out.
    #[test]
    fn a_triple_ron_aborts_only_where_three_claims_abort() {
        assert_eq!(
            triple_ron_aborts(MultipleRon::DoubleRonTripleAborts),
            Ok(())
        );
        for played_out in [
            MultipleRon::HeadBump,
            MultipleRon::HeadBumpEastFirst,
            MultipleRon::HeadBumpPairPungChow,
            MultipleRon::AllWin,
        ] {
            assert!(
                matches!(
                    triple_ron_aborts(played_out),
                    Err(ActionError::AbortiveNotPlayed {
                        what: "sanchahou",
                        ..
                    })
                ),
                "{played_out:?}"
            );
        }
    }
}
