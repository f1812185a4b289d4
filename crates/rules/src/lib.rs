//! The rules engine of haifu, driven by a [`RuleSet`](haifu_ruleset::RuleSet) it is given.
//!
//! # Overview
//!
//! - Hand analysis on concealed [`TileCounts`](haifu_tiles::TileCounts), allocation-free per
//!   call: [`for_each_reading`] (four sets and a pair, seven pairs, thirteen orphans),
//!   [`is_complete`], [`waits`] and [`is_tenpai`] (table lookups; the 244 KB table of suit
//!   shapes is built by the build script and compiled in), and the [`Wait`] type of a
//!   winning tile.
//! - [`score()`]: a [`WinningHand`] (hand, melds, winning tile, winds, indicators, riichi and
//!   [`Situation`] flags, honba, sticks) under a rule set gives an itemised [`Score`]: each
//!   [`Yaku`] with its han, each [`FuItem`], dora/ura/red counts, the [`Limit`], each
//!   [`Payment`] and the value Tenhou records.
//! - [`Round`]: a round as a state machine for the referee: legality of every action,
//!   furiten with its reason, kan-dora timing, and the situation of each win and draw.
//! - [`model`]: the scoring models (Japanese, Buu, classic), one module each behind one seam
//!   ([`model::Model`]) that the scorer asks for everything that differs by model.
//! - [`flow`]: payments for a round's outcome and the flow between rounds: renchan, honba,
//!   sticks, game end, final scores and placement points.
//! - [`WinSpec`]: an owned hand read from the short text of `haifu score`
//!   (`234067m678p1s`, `pon:555z`), with errors that point at the bad character.
//!
//! # Architecture invariant
//!
//! This crate depends on `haifu-tiles` and `haifu-ruleset` only: it knows no log format and
//! chooses no rules. Nothing in it panics on odd input; problems are typed errors
//! ([`ScoreError`]). A rule point a rule set leaves not settled is an error
//! ([`ScoreError::NotSettled`], [`ActionError::NotSettled`], and the flow's) only when a
//! ruling depends on it.

mod error;
pub mod flow;
mod hand;
pub mod model;
mod round;
pub mod rulings;
mod score;
mod shape_table;
mod spec;
mod yaku;

pub use error::{ScoreError, SituationError};
pub use flow::WinMethod;
pub use haifu_tiles::{HanSource, Limit, Yaku};
pub use hand::{
    Block, Need, Reading, SetShape, Wait, for_each_reading, is_complete, is_tenpai, waits,
};
pub use model::{hand_base, limit_base};
pub use round::{
    AbortiveClaim, Action, ActionError, Deal, ExhaustiveDraw, FuritenReason, Liability,
    RiichiState, Round, Ruling, SetupError, WinContext,
};
pub use score::{
    FuItem, FuSource, Payer, Payment, RiichiDeclaration, Score, Situation, WinningHand, score,
};
pub use spec::{SpecError, WinSpec};
pub use yaku::{YakuHan, YakumanCount};
