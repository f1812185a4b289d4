//! Reads Riichi City's game records (牌譜), as the platform's API returns them, as haifu's
//! event stream, with each hand's wall as stated and its hash commitment checked.
//!
//! FORMAT.md beside this crate describes the format as worked out from real records; in
//! short:
//!
//! - **The file** is a game object (`keyValue`, `playerCount`, `round`, `initPoints`,
//!   `gamePlay`, the local switches, `handRecord`), or the API's reply `{code, data,
//!   message}` holding one in `data` (`code` 0).
//! - **Each hand** (`handRecord[i]`) gives `changCi` (the hand's number in its wind, from
//!   1), `quanFeng` (the round wind's tile code), `benChangNum` (honba), `players` (user id,
//!   `position` at the table, `points` at the start; haifu's seats count from the first
//!   dealer's position), `handCardEncode` (the whole wall in draw order as text,
//!   `1m`…`0s`…`7z`), `handCardsSHA256` (its SHA-256), `paiShan` (the same wall after the
//!   deal, as tile codes) and `handEventRecord`, the events, each with its `eventType`,
//!   `userId` and `data` (a JSON object written as a string).
//! - **Tile codes** are `suit << 4 | number`: suit 0 pinzu, 1 souzu, 2 manzu, 3–6 the winds
//!   east to north, 7–9 white, green and red dragon (number 1); 256 more for a red five.
//! - **Events**: 1 the deal (one copy per player, merged here and checked to agree), 2 a
//!   draw (`is_gang_incard` for a replacement draw; `in_card` 0 when a seat's turn brings no
//!   tile), 3 call options (ignored), 4 an action (chi 2–4, pon 5, open kan 6, ron 7,
//!   concealed kan 8, added kan 9, tsumo 10, discard 11 with `is_li_zhi`, kita 13), 5 the
//!   hand's end (`end_type` 0 ron, 1 tsumo, 7 exhaustive draw, 8 the game dissolved), 6 the
//!   game's end, 7 the kan dora indicators so far, 8 a riichi accepted (its deposit taken),
//!   11 tenpai hints (ignored).
//!
//! # What the reader checks
//!
//! - The JSON's syntax and types, every tile code, copies (no fifth, no second red five).
//! - **The wall**: `handCardEncode` is the whole wall in the one layout of
//!   [`haifu_log::Wall`] (the deal in blocks of four from the dealer, then one each, the
//!   dealer's first draw, the live wall; replacement draws and indicators from the end, in
//!   the order they leave it). Its SHA-256 must be `handCardsSHA256` (and each deal copy's
//!   `hand_cards_sha_256`), `paiShan` must be its tiles after the deal, and each seat's dealt
//!   tiles must be the wall's, in the order dealt. A commitment that does not hold is a read
//!   error located at the field: the record is then not what the platform committed to, and
//!   nothing after it can be checked against the wall. Every draw, replacement draw, dora,
//!   kan dora and ura indicator then goes to the referee with its wall place, and the referee
//!   checks it.
//! - That discards, calls and kans use tiles the seat holds, calls answer the last discard,
//!   and each win's and each tenpai hand shown is the hand the seat holds.
//!
//! It never judges whether an action was legal: the referee does.
//!
//! # Rules
//!
//! A ranked game (`gamePlay` 1001) declares the `riichi-city` or `riichi-city-sanma` preset;
//! a tournament or friend game leaves its rules undeclared (the record does not say them),
//! and so does any local switch haifu has no rule point for (wareme, open riichi, yakitori,
//! chips), named. The decision is one function (`rules::declared`).
//!
//! # Architecture invariants
//!
//! - Syntax only: depends on haifu-log and haifu-ruleset (data), never on the rules engine.
//! - Nothing read from a file panics: bad input is a located [`haifu_log::ParseError`].

mod read;
mod rules;

pub use read::{read, read_with_positions};

/// The format's name in messages.
pub const FORMAT: &str = "Riichi City game record JSON";

/// Whether `input` looks like a Riichi City record: its first non-blank byte opens a JSON
/// object, and `"handRecord"` and `"handEventRecord"` appear. It looks at the bytes only;
/// [`read`] says what is wrong with a record that looks right.
pub fn looks_like(input: &[u8]) -> bool {
    let start = input.iter().position(|b| !b.is_ascii_whitespace());
    let has = |needle: &[u8]| input.windows(needle.len()).any(|w| w == needle);
    start.is_some_and(|i| input[i] == b'{') && has(b"\"handRecord\"") && has(b"\"handEventRecord\"")
}
