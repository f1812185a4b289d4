//! Japanese riichi scoring ([`Scoring::Japanese`](haifu_ruleset::Scoring::Japanese)): base
//! points fu × 2^(2 + han), the limits from mangan to yakuman (a counted yakuman as
//! [`KazoeYakuman`] says, kiriage mangan as [`KiriageMangan`] says), and the flow's payments
//! from base points.

use haifu_ruleset::{HandRules, KazoeYakuman, KiriageMangan, RuleSet};
use haifu_tiles::{Limit, Seat};

use super::{Floor, Lookup, Paid, Valued};
use crate::flow::{Flow, Role, WinMethod, WinValue};

/// The limit hands: from how many han each applies and its base points.
///
/// A hand whose formula base reaches `mangan_base` is also a mangan. Every rule set has
/// these; they become a rule point when one that differs is supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Limits {
    /// Han from which a hand is a mangan whatever its fu (5).
    mangan_han: u8,
    /// Han from which a hand is a haneman (6).
    haneman_han: u8,
    /// Han from which a hand is a baiman (8).
    baiman_han: u8,
    /// Han from which a hand is a sanbaiman (11).
    sanbaiman_han: u8,
    /// Han from which a hand is a counted (kazoe) yakuman, see [`KazoeYakuman`] (13).
    kazoe_han: u8,
    /// Base points of mangan (2000).
    mangan_base: u32,
    /// Base points of haneman (3000).
    haneman_base: u32,
    /// Base points of baiman (4000).
    baiman_base: u32,
    /// Base points of sanbaiman (6000).
    sanbaiman_base: u32,
    /// Base points of one yakuman (8000).
    yakuman_base: u32,
}

impl Limits {
    /// The usual Japanese limits: 5/6/8/11/13 han, 2000/3000/4000/6000/8000 base points.
    const STANDARD: Limits = Limits {
        mangan_han: 5,
        haneman_han: 6,
        baiman_han: 8,
        sanbaiman_han: 11,
        kazoe_han: 13,
        mangan_base: 2000,
        haneman_base: 3000,
        baiman_base: 4000,
        sanbaiman_base: 6000,
        yakuman_base: 8000,
    };
}

/// The base points of a limit (one yakuman for [`Limit::Yakuman`]); 0 for [`Limit::None`],
/// whose base comes from han and fu ([`hand_base`]).
pub const fn limit_base(limit: Limit) -> u32 {
    let l = &Limits::STANDARD;
    match limit {
        Limit::None => 0,
        Limit::Mangan => l.mangan_base,
        Limit::Haneman => l.haneman_base,
        Limit::Baiman => l.baiman_base,
        Limit::Sanbaiman => l.sanbaiman_base,
        Limit::Yakuman => l.yakuman_base,
    }
}

/// The base points and limit of a hand of `han` han (dora included) and `fu` fu without a
/// yakuman pattern, under `rules`: the limits from their han, counted (kazoe) yakuman as
/// [`KazoeYakuman`] says, else `fu × 2^(2 + han)` with the mangan cap and kiriage mangan.
/// [`limit_base`] gives a limit's base points.
///
/// This is the one place where han and fu become Japanese base points, and where kiriage
/// mangan is decided: [`crate::score()`] values hands with it, and the referee values a
/// recorded win it could not score itself with it.
#[inline]
pub fn hand_base(rules: &HandRules, han: u8, fu: u8) -> (u32, Limit) {
    let l = &Limits::STANDARD;
    if han >= l.kazoe_han {
        match rules.kazoe_yakuman {
            KazoeYakuman::Yakuman => (l.yakuman_base, Limit::Yakuman),
            KazoeYakuman::Sanbaiman => (l.sanbaiman_base, Limit::Sanbaiman),
        }
    } else if han >= l.sanbaiman_han {
        (l.sanbaiman_base, Limit::Sanbaiman)
    } else if han >= l.baiman_han {
        (l.baiman_base, Limit::Baiman)
    } else if han >= l.haneman_han {
        (l.haneman_base, Limit::Haneman)
    } else if han >= l.mangan_han {
        (l.mangan_base, Limit::Mangan)
    } else {
        let base = u32::from(fu) << (2 + u32::from(han));
        // Kiriage: within 1/25 of mangan (1920 of 2000) is paid as mangan.
        let kiriage = rules.kiriage_mangan == KiriageMangan::On && base * 25 >= l.mangan_base * 24;
        if base >= l.mangan_base {
            (l.mangan_base, Limit::Mangan)
        } else if kiriage {
            // A mangan, as it is paid (Tenhou's chip lobbies record it with no limit; its
            // reader reads that as the mangan it is).
            (l.mangan_base, Limit::Mangan)
        } else {
            (base, Limit::None)
        }
    }
}

/// A hand's value: `yakuman` yakuman at 8000 base points each; else its han and fu as
/// [`hand_base`] gives them, raised to a mangan by [`Floor::Mangan`].
#[inline]
pub(super) fn value(hand: &HandRules, yakuman: u8, han: u8, fu: u8, floor: Floor) -> Valued {
    let l = &Limits::STANDARD;
    if yakuman > 0 {
        return Valued {
            base: l.yakuman_base * u32::from(yakuman),
            limit: Limit::Yakuman,
            yakuman,
            floor_han: None,
        };
    }
    let (base, limit) = hand_base(hand, han, fu);
    if floor == Floor::Mangan && base < l.mangan_base {
        return Valued {
            base: l.mangan_base,
            limit: Limit::Mangan,
            yakuman: 0,
            floor_han: Some(l.mangan_han),
        };
    }
    Valued {
        base,
        limit,
        yakuman: u8::from(limit == Limit::Yakuman),
        floor_han: None,
    }
}

/// What a hand of `base` points pays under `rules`: the flow's payments from base points
/// ([`WinValue::ron_from_base`], [`Flow::tsumo_value`]); a base beyond any real hand pays the
/// largest payment that fits.
#[inline]
pub(super) fn payments(rules: &RuleSet, base: u32, role: Role, method: WinMethod) -> Paid {
    let base = i32::try_from(base).unwrap_or(i32::MAX);
    let paid = |p: i32| p.unsigned_abs();
    let beyond = u32::MAX / 4;
    let (ron_or_dealer, non_dealer) = match method {
        WinMethod::Tsumo => match Flow::new(rules).tsumo_value(base, role) {
            Ok(WinValue::Tsumo {
                dealer_pays,
                non_dealer_pays,
            }) => (paid(dealer_pays), paid(non_dealer_pays)),
            _ => (beyond, beyond),
        },
        // The discarder's seat does not change what it pays: any seat stands for it.
        WinMethod::Ron => match WinValue::ron_from_base(Seat::ALL[0], base, role) {
            Ok(WinValue::Ron { points, .. }) => (paid(points), 0),
            _ => (beyond, 0),
        },
    };
    Paid {
        ron_or_dealer,
        non_dealer,
        menzen: 0,
        dora: 0,
    }
}

/// What a hand of `han` han and `fu` fu pays under `rules`, as [`super::Model::lookup`]
/// gives it; a payment that does not fit is 0.
pub(super) fn lookup(rules: &RuleSet, han: u8, fu: u8) -> Lookup {
    let (base, limit) = hand_base(&rules.hand, han, fu);
    let base = i32::try_from(base).unwrap_or(i32::MAX);
    let ron = |role| match WinValue::ron_from_base(Seat::ALL[0], base, role) {
        Ok(WinValue::Ron { points, .. }) => points,
        _ => 0,
    };
    let flow = Flow::new(rules);
    let tsumo = |role| match flow.tsumo_value(base, role) {
        Ok(WinValue::Tsumo {
            dealer_pays,
            non_dealer_pays,
        }) => (dealer_pays, non_dealer_pays),
        _ => (0, 0),
    };
    let (nd_dealer, nd_other) = tsumo(Role::NonDealer);
    let (_, d_each) = tsumo(Role::Dealer);
    Lookup {
        base: i64::from(base),
        limit,
        payments: [
            ron(Role::NonDealer),
            nd_dealer,
            nd_other,
            ron(Role::Dealer),
            d_each,
        ]
        .map(i64::from),
        leaves_out: None,
    }
}
