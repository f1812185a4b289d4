//! Round outcomes' payments and the flow of the game between rounds (RULES.md §1.4–1.10).
//!
//! Pure rules, data in, rulings out, with no allocation:
//!
//! - [`FlowRules`]: the rule points as data, with the Tenhou presets [`FlowRules::tenhou`]
//!   and [`FlowRules::tenhou_game`] (which reads the GO type bits, special rooms included).
//! - Payments, itemised ([`Payments`]): [`FlowRules::win_payments`] for one win (honba,
//!   sticks, pao), [`FlowRules::ron_payments`] for the rons on one discard (double ron,
//!   triple ron), [`FlowRules::exhaustive_draw_payments`] for noten payments and nagashi
//!   mangan. The hand's own value comes from the hand evaluator as a [`WinValue`]
//!   ([`WinValue::ron_from_base`] and [`WinValue::tsumo_from_base`] build it from base
//!   points).
//! - Flow: [`FlowRules::first_round`], then [`FlowRules::next_round`] after each round, which
//!   gives the next [`RoundSetup`] (dealer, round, honba, sticks, scores) or the
//!   [`GameEnd`] with its [`FinalStanding`] (leftover sticks, places, placement points).
//!
//! # Choosing Tenhou's rules for a log
//!
//! [`FlowRules::tenhou_game`] takes the GO type bits, the scores of the first round and the
//! [`TenhouEra`], which the log does not state: take it from the date in the game id with
//! [`TenhouEra::from_date`]. An undated log with the per-round `INIT shuffle` is
//! [`TenhouEra::To2009July`]; for another undated log (or a date inside an undated gap) the
//! era is one of several, and a referee can replay under each and keep the one the log agrees
//! with (the eras differ only in tenpai-yame, the final points, and the tonpuusen uma).
//!
//! # How the referee calls it
//!
//! ```
//! use haifu_rules::flow::*;
//! use haifu_tiles::{BySeat, Seat};
//!
//! let rules = FlowRules::tenhou(GameLength::Hanchan, Players::Four).unwrap();
//! let first_dealer = Seat::ALL[0];
//! let round = rules.first_round(first_dealer);
//! // Seat 1 rons seat 0's discard: 30 fu 2 han, base 960.
//! let value = WinValue::ron_from_base(Seat::ALL[0], 960, Role::NonDealer).unwrap();
//! let win = Win { winner: Seat::ALL[1], value, pao: None };
//! let bonus = Bonus { honba: round.honba, sticks: round.sticks };
//! let paid = rules.win_payments(round.dealer, &win, bonus).unwrap();
//! assert_eq!(paid.total().into_array(), [-3900, 3900, 0, 0]);
//! let result = RoundResult {
//!     outcome: RoundOutcome::Win { winners: Seats::of(Seat::ALL[1]) },
//!     riichi_deposits: Seats::EMPTY,
//!     deltas: paid.total(),
//! };
//! let Next::Round(next) = rules.next_round(first_dealer, &round, &result).unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!((next.dealer, next.round_number, next.honba), (Seat::ALL[1], 2, 0));
//! ```

mod payments;
mod placement;
mod progress;
mod rules;
mod seats;
#[cfg(test)]
mod tests;

pub use payments::{Bonus, PaymentError, Payments, Role, RonOutcome, Win, WinValue};
pub use placement::{FinalStanding, PlacementPoints, ranking};
pub use progress::{
    AbortiveDraw, EndReason, FlowError, GameEnd, Next, RoundOutcome, RoundResult, RoundSetup,
};
pub use rules::{
    AbortiveDrawFlow, AgariYame, Busting, Extension, FinalPoints, FlowRules, GameLength,
    HonbaValue, LeftoverSticks, MultipleRon, MultipleRonBonus, NagashiMangan, NotenPayment,
    PaoHonba, Players, PointRounding, Renchan, TenhouEra, TenpaiYame, TieBreak, Uma, Unsupported,
};
pub use seats::Seats;
