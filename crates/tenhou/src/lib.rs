//! Reads Tenhou's mjlog XML into haifu's event stream ([`haifu_log::GameLog`]).
//!
//! # Overview
//!
//! - [`read`] / [`read_into`]: bytes (UTF-8 XML, or a gzipped `.mjlog`) to a `GameLog`, or a
//!   located [`haifu_log::ParseError`].
//! - [`decode_meld`]: the `N m="…"` bit field.
//! - [`GameType`]: the GO `type` bitfield as typed flags.
//! - [`game_id_from_file_name`]: the game id, which the XML itself does not carry.
//! - [`wall`]: each round's wall rebuilt from the seed (`SHUFFLE seed`, or the 2008–2009
//!   per-round `INIT shuffle`), for the referee to check every draw and indicator against.
//!
//! # Flow
//!
//! The reader walks the elements in order and appends one event per element:
//! 1. header elements: `SHUFFLE` (seed), `GO` (rule flags), the first `UN` (players),
//!    `TAIKYOKU` (first dealer);
//! 2. per round: `INIT` → `round_start`; `T/U/V/W<id>` → `draw_tile`; `D/E/F/G<id>` →
//!    `discard`; `N` → `call`; `REACH` → `riichi`; `DORA` → `new_dora`;
//! 3. `AGARI` → `win` (twice in a double ron), `RYUUKYOKU` → `round_draw`; the last one
//!    carries `owari`, the final result;
//! 4. anywhere: `BYE` → `disconnect`, a later `UN` → `reconnect`.
//!
//! # Architecture invariants
//!
//! - Syntax only: the reader never judges legality. That is the replayer's job, and it is
//!   what lets one Tenhou log be replayed under another rule set.
//! - Bad input never panics: it is a located error naming the element and attribute.
//! - No quick-xml type appears in a public signature.
//! - This crate does not depend on the rules engine.

mod flags;
pub mod ids;
mod meld;
mod reader;
mod rules;
mod seed_walls;
pub mod wall;

pub use flags::{Aka, GameType, Kuitan, Length, Opponents, Room, Speed};
pub use meld::{MeldError, decode_meld};
pub use reader::{
    DEFAULT_DECOMPRESSED_LIMIT, find_game_id, game_id_from_file_name, read, read_into,
    read_into_limited, read_into_with_positions,
};
pub use rules::{
    DatedEra, Declared, EraEvidence, EraSource, LogForm, TenhouEra, declared_rules, era_of,
    rules_of,
};
pub use seed_walls::SeedWalls;
