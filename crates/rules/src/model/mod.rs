//! The scoring models, one module each behind one seam: [`Model`].
//!
//! Every model reads a hand the Japanese way: the readings, the wait, the fu items and the
//! yaku found are the scorer's ([`crate::score()`]). What differs by model the scorer asks the
//! rule set's [`Model`], chosen once per hand from
//! [`Scoring`]: where dora count ([`Model::dora`]), seven pairs' fu
//! and han, whether pinfu counts open, the pinfu exceptions to fu, whether all green is a
//! yakuman, the yaku table, base points and limits, and the payments. The CLI's `--han --fu`
//! lookup ([`Model::lookup`]) and the replayer's fallback for a recorded win the engine could
//! not value ([`Model::payout`]) ask it too.
//!
//! - `japanese`: base points fu × 2^(2 + han), the limits from mangan to yakuman, kiriage
//!   mangan ([`hand_base`]), the flow's payments.
//! - `buu`: Buu's yaku table, fu × 2^han capped at 500, menzen and dora points.
//! - `classic`: points doubled, the limit of 500, no dora, no pinfu exceptions.
//!
//! # Architecture invariant
//!
//! Nothing outside this module matches on [`Scoring`]. The models
//! import the flow's payments and the yaku vocabulary; none imports the scorer.

mod buu;
mod classic;
mod japanese;

use arrayvec::ArrayVec;
use haifu_ruleset::{HandRules, RuleSet, Scoring};
use haifu_tiles::Limit;

use crate::flow::{Role, WinMethod};
use crate::hand::Wait;
use crate::yaku::{YakuHan, YakumanCount};

pub use japanese::{hand_base, limit_base};

/// A rule set's scoring model: the one place that knows what differs between Japanese, Buu
/// and classic scoring. [`Model::of`] chooses it from the rule set's
/// [`Scoring`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// Japanese riichi scoring ([`Scoring::Japanese`]).
    Japanese,
    /// Buu mahjong ([`Scoring::Buu`]).
    Buu,
    /// The classic Japanese scoring ([`Scoring::Classic`]).
    Classic,
}

/// Where a model counts the dora of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoraValue {
    /// Each dora is one han (Japanese).
    Han,
    /// Each dora is 100 points, paid after the cap (Buu).
    Points,
    /// Dora are not counted (classic).
    NotCounted,
}

/// How a model turns a hand's base points into payments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payout {
    /// The Japanese factors: 4 × or 6 × base on a ron, 1 × and 2 × base on a tsumo, rounded
    /// up to 100 ([`WinValue::ron_from_base`](crate::flow::WinValue::ron_from_base),
    /// [`Flow::tsumo_value`](crate::flow::Flow::tsumo_value)). A win known only by its
    /// recorded fu, han and limit can be paid from them.
    FromBase,
    /// The model's own payments, with points that fu and han do not show (Buu's menzen and
    /// dora points) or another rounding (classic): a recorded win the engine cannot value is
    /// paid as the record says.
    Own,
}

/// What seven pairs (chiitoitsu) is worth in a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SevenPairs {
    /// Its fixed fu (or basic points).
    pub(crate) fu: u8,
    /// Its han (or doubles).
    pub(crate) han: u8,
}

/// Whether pinfu is a yaku in an open hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum OpenPinfu {
    /// Pinfu counts closed only.
    NotAYaku,
    /// Pinfu counts open too (Buu).
    Yaku,
}

/// Whether the fu know pinfu's exceptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PinfuFu {
    /// A pinfu tsumo has no tsumo fu, and an open hand of 20 fu gets 10 more to reach 30.
    Exceptions,
    /// No exceptions: a self-drawn win always has its 2 points, and an open hand of 20
    /// points stays 20 (classic).
    Plain,
}

/// The least a hand is worth, whatever its han and fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Floor {
    /// No floor.
    None,
    /// A mangan: a renhou under [`Renhou::Mangan`](haifu_ruleset::Renhou::Mangan). Only the
    /// Japanese limits have it.
    Mangan,
}

/// A hand's value in its model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Valued {
    /// Base points (before the dealer and ron factors).
    pub(crate) base: u32,
    /// The limit reached.
    pub(crate) limit: Limit,
    /// How many yakuman the hand is worth (by pattern, or 1 for a counted yakuman).
    pub(crate) yakuman: u8,
    /// When the [`Floor`] raised the hand: the han its yaku is recorded at (a mangan's).
    pub(crate) floor_han: Option<u8>,
}

/// The five payments a value table lists for a hand, as `pay(dealer, tsumo)` gives them: a
/// non-dealer's ron, the dealer's and each other player's share of a non-dealer's tsumo, a
/// dealer's ron, and each player's share of a dealer's tsumo.
pub(super) fn payment_table(pay: impl Fn(bool, bool) -> Paid) -> [u32; 5] {
    let (nd_ron, nd_tsumo) = (pay(false, false), pay(false, true));
    let (d_ron, d_tsumo) = (pay(true, false), pay(true, true));
    [
        nd_ron.ron_or_dealer,
        nd_tsumo.ron_or_dealer,
        nd_tsumo.non_dealer,
        d_ron.ron_or_dealer,
        d_tsumo.non_dealer,
    ]
}

/// What a hand pays, honba and sticks aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Paid {
    /// On a ron, what the discarder pays; on a tsumo, what the dealer pays a non-dealer.
    pub(crate) ron_or_dealer: u32,
    /// On a tsumo, what each non-dealer pays (each payer, to a dealer winner).
    pub(crate) non_dealer: u32,
    /// The menzen points in all (Buu; 0 elsewhere).
    pub(crate) menzen: u32,
    /// The dora points in all (Buu; 0 elsewhere).
    pub(crate) dora: u32,
}

/// What a hand of given han and fu pays under a rule set (`haifu score --han N --fu N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lookup {
    /// Base points (the value, in the classic model).
    pub base: i64,
    /// The limit reached.
    pub limit: Limit,
    /// A non-dealer's ron, the dealer's and each other player's share of a non-dealer's
    /// tsumo, a dealer's ron, and each player's share of the dealer's tsumo (honba and
    /// sticks aside).
    pub payments: [i64; 5],
    /// What the figures leave out, in words, where a real hand adds more.
    pub leaves_out: Option<&'static str>,
}

impl Model {
    /// The scoring model of `rules`.
    #[inline]
    pub const fn of(rules: &RuleSet) -> Model {
        match rules.hand.scoring {
            Scoring::Japanese => Model::Japanese,
            Scoring::Buu => Model::Buu,
            Scoring::Classic => Model::Classic,
        }
    }

    /// Where the model counts dora.
    #[inline]
    pub const fn dora(self) -> DoraValue {
        match self {
            Model::Japanese => DoraValue::Han,
            Model::Buu => DoraValue::Points,
            Model::Classic => DoraValue::NotCounted,
        }
    }

    /// How the model turns base points into payments.
    pub const fn payout(self) -> Payout {
        match self {
            Model::Japanese => Payout::FromBase,
            Model::Buu | Model::Classic => Payout::Own,
        }
    }

    /// What a hand of `han` han and `fu` fu pays under `rules` (this model's), dealer and
    /// non-dealer, ron and tsumo; for Buu without the menzen and dora points a real hand adds
    /// (an open hand without dora), which [`Lookup::leaves_out`] says.
    pub fn lookup(self, rules: &RuleSet, han: u8, fu: u8) -> Lookup {
        let model = |(base, limit, payments): (u32, Limit, [u32; 5]), note| Lookup {
            base: i64::from(base),
            limit,
            payments: payments.map(i64::from),
            leaves_out: Some(note),
        };
        match self {
            Model::Japanese => japanese::lookup(rules, han, fu),
            Model::Buu => model(
                buu::lookup(han, fu),
                "Buu: menzen and dora points not included",
            ),
            Model::Classic => model(
                classic::lookup(han, fu),
                "classic: points x 2^doubles, the limit 500",
            ),
        }
    }

    /// Seven pairs' fu and han: 25 fu 2 han (Japanese), 50 fu 2 han (Buu), 100 points
    /// without a double of its own (classic: a way out of no double, which meets a
    /// one-double minimum as any yaku does).
    #[inline]
    pub(crate) const fn seven_pairs(self) -> SevenPairs {
        match self {
            Model::Japanese => SevenPairs { fu: 25, han: 2 },
            Model::Buu => SevenPairs { fu: 50, han: 2 },
            Model::Classic => SevenPairs { fu: 100, han: 0 },
        }
    }

    /// Whether pinfu counts in an open hand: in Buu only.
    #[inline]
    pub(crate) const fn open_pinfu(self) -> OpenPinfu {
        match self {
            Model::Buu => OpenPinfu::Yaku,
            Model::Japanese | Model::Classic => OpenPinfu::NotAYaku,
        }
    }

    /// Whether the fu know pinfu's exceptions: all but the classic points do.
    #[inline]
    pub(crate) const fn pinfu_fu(self) -> PinfuFu {
        match self {
            Model::Japanese | Model::Buu => PinfuFu::Exceptions,
            Model::Classic => PinfuFu::Plain,
        }
    }

    /// Whether all green is a yakuman: always under Japanese and classic scoring (a limit
    /// hand there); under Buu's as `buu_ryuuiisou` says.
    ///
    /// # Errors
    ///
    /// The rule point the answer depends on, when the rule set leaves it not settled.
    #[inline]
    pub(crate) fn ryuuiisou(self, hand: &HandRules) -> Result<bool, &'static str> {
        match self {
            Model::Japanese | Model::Classic => Ok(true),
            Model::Buu => buu::ryuuiisou(hand),
        }
    }

    /// The yaku of a hand in the model's table, from the `yaku` (and `yakuman`) the Japanese
    /// analysis found: Buu revalues them (its own table); the other models keep them.
    ///
    /// # Errors
    ///
    /// The rule point a value depends on, when the rule set leaves it not settled.
    #[inline]
    pub(crate) fn revalue(
        self,
        yaku: &mut ArrayVec<YakuHan, 20>,
        yakuman: &ArrayVec<YakumanCount, 8>,
        wait: Wait,
        open: bool,
        hand: &HandRules,
    ) -> Result<(), &'static str> {
        match self {
            Model::Japanese | Model::Classic => Ok(()),
            Model::Buu => {
                *yaku = buu::yaku(yaku, yakuman, wait, open, hand)?;
                Ok(())
            }
        }
    }

    /// The value of a hand worth `yakuman` yakuman (by pattern), or else `han` han (dora
    /// included, as the model counts them) and `fu` fu, raised to `floor` where the model's
    /// limits have one.
    #[inline]
    pub(crate) fn value(
        self,
        hand: &HandRules,
        yakuman: u8,
        han: u8,
        fu: u8,
        floor: Floor,
    ) -> Valued {
        let plain = |(base, limit, yakuman): (u32, Limit, u8)| Valued {
            base,
            limit,
            yakuman,
            floor_han: None,
        };
        match self {
            Model::Japanese => japanese::value(hand, yakuman, han, fu, floor),
            Model::Buu => plain(buu::base(yakuman, han, fu)),
            Model::Classic => plain(classic::base(yakuman, han, fu)),
        }
    }

    /// What a hand of value `valued` pays under `rules`, won by `method` by a winner of
    /// `role`, `menzen` when no meld opens it, with `dora` dora (paid as points where the
    /// model counts them so).
    #[inline]
    pub(crate) fn payments(
        self,
        rules: &RuleSet,
        valued: Valued,
        role: Role,
        method: WinMethod,
        menzen: bool,
        dora: u8,
    ) -> Paid {
        let dealer = role == Role::Dealer;
        let tsumo = method == WinMethod::Tsumo;
        match self {
            Model::Japanese => japanese::payments(rules, valued.base, role, method),
            Model::Buu => buu::payments(valued.base, valued.limit, dealer, tsumo, menzen, dora),
            Model::Classic => classic::payments(valued.base, dealer, tsumo),
        }
    }
}
