//! Reads Mahjong Soul's own game records (牌譜), decoded from the platform's protobuf into
//! JSON, as haifu's event stream.
//!
//! A record is one JSON object: `head` (the game's uuid, its configuration, the players, the
//! final result) and the rounds' actions, in either of the two layouts decoders write:
//!
//! - `data.data.actions` of a `.lq.GameDetailRecords` (the 2021 layout): each
//!   action `{"type": 1, "result": {"name": ".lq.RecordDealTile", "data": {…}}}`; actions of
//!   other types (user inputs and events, timing) are ignored. `data.data.records` holding
//!   `{"name", "data"}` pairs is read alike.
//! - a top-level `records` list whose entries carry their record name in `_type` or, as the
//!   platform's own records spell it, `__type` (`{"__type": "RecordDealTile", …}`); an
//!   action's `result` may carry it so too.
//!
//! # What the format gives, and what the reader does with it
//!
//! - **Order**: every action in order, with its seat; riichi deposits are stated on the next
//!   action (`liqi`), kan dora on the action that reveals them (`doras`).
//! - **Tiles** as kinds (`1m`, `0m` for a red five, `1z`–`7z` east to red dragon). Each round
//!   states its wall (`paishan`): the reader gives the wall's tiles their copies in wall order
//!   and every tile leaving the wall keeps the copy of its place, so a draw is the wall's tile
//!   exactly when it is the tile at that place ([`haifu_log::RoundStart::wall`] documents the
//!   layout). A tile not where the wall says (a divergence for the replay to report) takes the
//!   first free copy of its kind; a fifth copy, or a second red five, is an error.
//! - **The wall's commitment**: a whole wall's `sha256` is checked (SHA-256 of `paishan` then
//!   `salt`); the older records' `md5` is not (there is no MD5 here).
//! - **Rules**: the room (`mode`), and a custom game's `detail_rule`, are mapped to a rule set,
//!   declared on the header ([`haifu_log::Header::declared`]); see [`read`].
//!
//! Nothing here judges legality: the referee does.

mod read;
mod rules;

pub use read::{read, read_with_positions};

/// The format's name in messages.
pub const FORMAT: &str = "Mahjong Soul record JSON";

/// Whether `input` looks like a Mahjong Soul record: its first non-blank byte opens a JSON
/// object, a `"head"` key appears, and so does a round start (`RecordNewRound`). It looks at
/// the bytes only; [`read`] says what is wrong with a record that looks right.
pub fn looks_like(input: &[u8]) -> bool {
    let start = input.iter().position(|b| !b.is_ascii_whitespace());
    let has = |needle: &[u8]| input.windows(needle.len()).any(|w| w == needle);
    start.is_some_and(|i| input[i] == b'{') && has(b"\"head\"") && has(b"RecordNewRound")
}
