//! The vocabulary of haifu: small `Copy` types shared by every other crate.
//!
//! # Overview
//!
//! - [`TileKind`]: one of the 34 kinds (`1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `1z`..`7z`).
//! - [`Tile`]: one of the 136 physical tiles, in Tenhou's numbering (`id / 4` is the kind).
//!   Ids 16, 52 and 88 are the red fives when a rule set uses them.
//! - [`Suit`], [`Wind`], [`Seat`] and [`BySeat`], a value for each of the four seats.
//! - [`TileCounts`] (a 34-slot histogram) and [`TileSet`] (a 34-bit set, for waits).
//! - [`Meld`] and [`MeldKind`]: chi, pon, daiminkan, kakan, ankan and kita.
//! - The compact notation `123m406p789s1234567z` ([`parse_tiles`], [`TileList`]).
//! - [`Quoted`]: input quoted in a message, cut to a window of [`QUOTE_WINDOW`] characters.
//!
//! # Architecture invariant
//!
//! This crate knows nothing about rules or log formats. It depends on no other haifu crate.

mod copies;
mod counts;
mod kind;
mod meld;
mod notation;
mod quote;
mod seat;
mod tile;
mod yaku;

pub use copies::{CopyError, CopyPool, copy_mask, copy_order, first_free_copy};
pub use counts::{TileCounts, TileSet};
pub use kind::{Suit, TileKind};
pub use meld::{Meld, MeldKind};
pub use notation::{NotationError, TileList, parse_kinds, parse_tiles};
pub use quote::{QUOTE_WINDOW, Quoted};
pub use seat::{BySeat, Players, Seat, Wind};
pub use tile::Tile;
pub use yaku::{HanSource, Limit, Yaku};
