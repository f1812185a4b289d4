//! The classic Japanese scoring model ([`Scoring::Classic`](haifu_ruleset::Scoring::Classic)):
//! basic points doubled once per double, capped at the limit, paid in the Japanese scheme.
//! The hand analysis (readings, waits, points for sets, pairs and waits, the yaku found) is
//! the Japanese one; what differs the seam ([`super::Model`]) answers: no pinfu exceptions to
//! the points, seven pairs as 100 points without a double, no dora, and the values and
//! payments below.
//!
//! The values are those of the project's rules reference (`docs/RULESETS.md`, "classic"):
//! the hand's value is its points × 2^doubles, capped at the limit of 500 (a limit hand is
//! worth the limit); the dealer pays and receives double; a discarder pays for all the
//! losers, so a ron is 4 × the value (6 × to the dealer) and a self-drawn win is paid 2 × by
//! the dealer and 1 × by each other player (2 × by each to the dealer). Nothing is rounded
//! after the points: the value is a whole number already.

use haifu_tiles::Limit;

use super::Paid;

/// The limit: what a hand is worth at most, and what a limit hand is worth.
const CLASSIC_LIMIT: u32 = 500;

/// A hand's value in the classic model and its limit: a limit hand (`yakuman` > 0) is the
/// limit and counts once, whatever else it holds; else `points` × 2^`doubles`, capped at the
/// limit.
pub(super) fn base(yakuman: u8, doubles: u8, points: u8) -> (u32, Limit, u8) {
    if yakuman > 0 {
        return (CLASSIC_LIMIT, Limit::Yakuman, 1);
    }
    let value = u32::from(points)
        .checked_shl(u32::from(doubles))
        .filter(|v| *v >> u32::from(doubles) == u32::from(points))
        .unwrap_or(u32::MAX);
    if value >= CLASSIC_LIMIT {
        (CLASSIC_LIMIT, Limit::Mangan, 0)
    } else {
        (value, Limit::None, 0)
    }
}

/// What a classic hand of value `base` pays: on a ron, what the discarder pays (for all the
/// losers); on a tsumo, what the dealer pays a non-dealer and what each other player pays.
pub(super) fn payments(base: u32, dealer: bool, tsumo: bool) -> Paid {
    let (ron_or_dealer, non_dealer) = match (tsumo, dealer) {
        (false, false) => (4 * base, 0),
        (false, true) => (6 * base, 0),
        (true, false) => (2 * base, base),
        (true, true) => (0, 2 * base),
    };
    Paid {
        ron_or_dealer,
        non_dealer,
        menzen: 0,
        dora: 0,
    }
}

/// What a classic hand of `doubles` doubles and `points` basic points pays: its value and
/// limit, then a non-dealer's ron, the dealer's and each other player's share of its tsumo,
/// a dealer's ron, and each player's share of the dealer's tsumo.
pub(super) fn lookup(doubles: u8, points: u8) -> (u32, Limit, [u32; 5]) {
    let (b, limit, _) = base(0, doubles, points);
    (
        b,
        limit,
        super::payment_table(|dealer, tsumo| payments(b, dealer, tsumo)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked out by hand from the model: 30 points with 2 doubles are 120; a non-dealer's
    /// ron is paid 480 by the discarder (120 for each non-dealer, 240 for the dealer), a
    /// tsumo 240 by the dealer and 120 by each other player; a dealer's ron 720, a dealer's
    /// tsumo 240 from each. 40 points with 4 doubles (640) are the limit: 2000 and 3000.
    #[test]
    fn values_and_payments() {
        assert_eq!(lookup(2, 30), (120, Limit::None, [480, 240, 120, 720, 240]));
        assert_eq!(
            lookup(4, 40),
            (500, Limit::Mangan, [2000, 1000, 500, 3000, 1000])
        );
        assert_eq!(base(1, 0, 20), (500, Limit::Yakuman, 1));
        // No overflow on absurd doubles.
        assert_eq!(base(0, 40, 30).0, CLASSIC_LIMIT);
    }
}
