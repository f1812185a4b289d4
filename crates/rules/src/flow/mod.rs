//! Round outcomes' payments and the flow of the game between rounds, under a rule set's
//! [`FlowRules`] (docs/RULESETS.md lists them), given the whole [`RuleSet`].
//!
//! Pure rules, data in, rulings out, with no allocation. [`Flow`] applies a rule set's
//! [`FlowRules`]:
//!
//! - Payments, itemised ([`Payments`]): [`Flow::win_payments`] for one win (honba, sticks,
//!   pao), [`Flow::ron_payments`] for the rons on one discard (double ron, triple ron),
//!   [`Flow::exhaustive_draw_payments`] for noten payments and nagashi mangan. The hand's own
//!   value comes from the hand evaluator as a [`WinValue`] ([`WinValue::ron_from_base`] and
//!   [`WinValue::tsumo_from_base`] build it from base points).
//! - Flow: [`Flow::first_round`], then [`Flow::next_round`] after each round, which gives the
//!   next [`RoundSetup`] (dealer, round, honba, sticks, scores) or the [`GameEnd`] with its
//!   [`FinalStanding`] (leftover sticks, places, placement points).
//!
//! A rule point the rule set leaves not settled is an error ([`PaymentError::NotSettled`],
//! [`FlowError::NotSettled`]) when, and only when, a game needs it.
//!
//! # How the referee calls it
//!
//! ```
//! use haifu_rules::flow::*;
//! use haifu_ruleset::{Preset, RuleSet};
//! use haifu_tiles::{BySeat, Seat};
//!
//! let tenhou = RuleSet::preset(Preset::Tenhou);
//! let rules = Flow::new(&tenhou);
//! let first_dealer = Seat::ALL[0];
//! let round = rules.first_round(first_dealer);
//! // Seat 1 rons seat 0's discard: 30 fu 2 han, base 960.
//! let value = WinValue::ron_from_base(Seat::ALL[0], 960, Role::NonDealer).unwrap();
//! let win = Win { winner: Seat::ALL[1], value, pao: None, pao_stacked: false, need: None };
//! let bonus = Bonus { honba: round.honba, sticks: round.sticks };
//! let paid = rules.win_payments(round.dealer, &win, bonus).unwrap();
//! assert_eq!(paid.total().into_array(), [-3900, 3900, 0, 0]);
//! let result = RoundResult {
//!     outcome: RoundOutcome::Win { winners: Seats::of(Seat::ALL[1]) },
//!     riichi_deposits: Seats::EMPTY,
//!     deltas: paid.total(),
//!     yakuman: Seats::EMPTY,
//! };
//! let Next::Round(next) = rules.next_round(first_dealer, &round, &result).unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!((next.dealer, next.round_number, next.honba), (Seat::ALL[1], 2, 0));
//! ```

mod payments;
mod placement;
mod progress;
mod seats;
#[cfg(test)]
mod tests;

pub use payments::{
    Bonus, Claim, PaymentError, Payments, Role, RonOutcome, Win, WinMethod, WinValue,
};
pub(crate) use payments::{Claims, claims};
pub use placement::{FinalStanding, PlacementPoints, ranking};
pub use progress::{
    AbortiveDraw, EndReason, FlowError, GameEnd, Next, RoundOutcome, RoundResult, RoundSetup,
};
pub use seats::Seats;

use haifu_ruleset::{FlowRules, RuleSet};
use haifu_tiles::Players;

/// The flow engine: payments and the game's progress under one rule set, whose
/// [`FlowRules`] it reads through `Deref`.
#[derive(Clone, Copy, Debug)]
pub struct Flow<'r> {
    rules: &'r RuleSet,
}

impl<'r> Flow<'r> {
    /// The engine for the rule set `rules`.
    pub const fn new(rules: &'r RuleSet) -> Flow<'r> {
        Flow { rules }
    }

    /// The players at the table.
    pub const fn players(&self) -> Players {
        self.rules.players
    }
}

impl std::ops::Deref for Flow<'_> {
    type Target = FlowRules;

    fn deref(&self) -> &FlowRules {
        &self.rules.flow
    }
}
