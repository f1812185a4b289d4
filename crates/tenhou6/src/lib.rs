//! Reads and writes tenhou.net/6 JSON game records: the form the tenhou.net/6 viewer reads,
//! which Mahjong Soul exporters, pro-league transcriptions and many tools write.
//!
//! A record is one JSON object (`{"title": …, "name": […], "rule": {"disp": …}, "log":
//! [round, …], "sc": […]}`), or one such object a line, each with a one-round `log` (the
//! form some test suites keep). Each round is an array of 17 elements: `[round, honba,
//! sticks]`, the start scores, the dora indicators, the ura indicators, then for each of
//! the four seats its starting hand, its draws (tiles and the calls it made) and its
//! discards (tiles, `60` for the drawn tile, `r` riichi, `a` ankan, `k` kakan, `f` kita),
//! and last the result (`和了` with each win's changes and value, or a draw word).
//!
//! # What the format lacks, and what the reader does about it
//!
//! - **No order of events**: draws and discards are kept per seat. The reader rebuilds the
//!   order by playing the turns: a discard is followed by the call another seat's next draw
//!   entry makes on it, else by the next seat's draw.
//! - **No physical tiles**: tiles are kinds (`11`–`47`, `51`–`53` for red fives). Each tile
//!   entering play gets a copy deterministically (a red five copy 0; a plain five the first
//!   free of copies 1, 2, 3, then 0 where the suit has no red five; any other tile the
//!   first free copy), and keeps it while it moves. A fifth copy is an error.
//! - **No wall, no dice, no seed**: nothing is checked against a wall.
//! - **No moment for kan dora**: the round's later indicators are given to the referee in
//!   [`RoundStart::untimed_dora`], which reveals each when the rule set makes it due.
//! - **No fu for limit hands**: [`RecordedWin::fu`] is `None` there.
//! - **No riichi deposit scores**: a riichi's deposit is taken when its tile passes (the
//!   next draw or call, or a four-riichi or four-winds draw).
//!
//! # Rules
//!
//! `rule.disp` names a Tenhou lobby (`鳳南喰赤`: GO type bits in [`RuleFlags::go_type`],
//! declared as [`Declared::TenhouFlags`]), a Mahjong Soul room (`玉の間南`,
//! `Gold Room South`: the `mahjong-soul` preset, [`Declared::Rules`]) or JPML's rules;
//! anything else (a tournament's title) leaves the rule set to the user
//! ([`Declared::Undeclared`]). The declaration is set on [`Header::declared`].
//!
//! [`RoundStart::untimed_dora`]: haifu_log::RoundStart::untimed_dora
//! [`RecordedWin::fu`]: haifu_log::RecordedWin::fu
//! [`RuleFlags::go_type`]: haifu_log::RuleFlags::go_type
//! [`Declared::TenhouFlags`]: haifu_ruleset::Declared::TenhouFlags
//! [`Declared::Rules`]: haifu_ruleset::Declared::Rules
//! [`Declared::Undeclared`]: haifu_ruleset::Declared::Undeclared
//! [`Header::declared`]: haifu_log::Header::declared

mod names;
mod read;
mod write;

pub use names::{han_source, han_source_name};
pub use read::{read, read_with_positions};
pub use write::{WriteError, write};

/// The format's name in messages.
pub const FORMAT: &str = "tenhou.net/6 JSON";

/// Whether `input` looks like a tenhou.net/6 record: its first non-blank byte opens a JSON
/// object and a `"log"` key appears. It looks at the bytes only; [`read`] says what is
/// wrong with a record that looks right.
pub fn looks_like(input: &[u8]) -> bool {
    let start = input.iter().position(|b| !b.is_ascii_whitespace());
    start.is_some_and(|i| input[i] == b'{') && input.windows(5).any(|w| w == b"\"log\"")
}
