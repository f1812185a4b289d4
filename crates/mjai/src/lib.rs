//! Reads and writes mjai logs: the JSON-lines event stream of the mahjong AI ecosystem
//! (gimite's mjai, Mortal, mjai-reviewer, akochan, mjai.app, RiichiEnv, and the converters
//! that turn Tenhou and Mahjong Soul games into training data).
//!
//! A log is one JSON object a line, each an event with a `"type"`: `start_game`,
//! `start_kyoku` (with each seat's hand), `tsumo`, `dahai`, the calls (`chi`, `pon`,
//! `daiminkan`, `kakan`, `ankan`, `nukidora`/`kita`), `dora`, `reach` and `reach_accepted`,
//! the outcomes `hora` and `ryukyoku`, `end_kyoku` and `end_game`. `FORMAT.md` beside this
//! crate describes every event and field, and the dialects the real logs show.
//!
//! # Flow
//!
//! 1. [`read`] takes the lines in order, one at a time: each is parsed on its own and turned
//!    into [`GameLog`] events at once; only the round being read is kept (each seat's tiles,
//!    the last discard, the scores). The action lines (`tsumo`, `dahai`, the calls…), nearly
//!    every line, are read by a direct scan of their few fields; any other line, and any the
//!    scan does not take as it stands, by `serde_json` (borrowing its strings), which says what
//!    is wrong with a bad one.
//! 2. A round's start becomes a [`RoundStart`]; the 2011 dialect's `start_kyoku` (the dealer
//!    and the indicator only) waits for its four `haipai` events.
//! 3. `hora` and `ryukyoku` become [`RecordedWin`] and [`RecordedDraw`], their scores before
//!    worked out from the round's start and the deposits and payments since.
//! 4. [`write()`] turns any [`GameLog`] back into mjai lines (see its docs for the layout).
//!
//! # What the format lacks, and what the reader does about it
//!
//! - **No rules.** A log whose `start_game` `uri` names a Tenhou game id
//!   (`…?log=YYYYMMDDHHgm-TTTT-…`, `TTTT` the type bits in hex) declares that game's type bits
//!   ([`Declared::TenhouFlags`], decoded under the era of the id's date); any other declares
//!   none ([`Declared::Undeclared`], suggesting Tenhou's preset for four players and
//!   Mahjong Soul's three-player preset for three, the platforms whose games are converted
//!   to mjai the most; Tenhou's three-player preset when the `uri` is tenhou.net's).
//! - **No wall, dice or seed**: nothing is checked against a wall.
//! - **No physical tiles**: tiles are kinds, with `r` for a red five. Each tile entering
//!   play gets a copy as [`haifu_tiles::CopyPool`] gives it, and keeps it while it moves.
//! - **No limit name** on a win, **no placement points** at the end: neither is compared
//!   ([`haifu_log::Unrecorded`]).
//! - **No pao (liable seat)**: the payments show it.
//! - **Payments only**, in logs whose `hora` gives no yaku or points (Mortal, mjai.app): the
//!   value is checked through the payments.
//! - **The 2011 dialect** (gimite's own test log) states no round wind, number, honba,
//!   sticks or scores and no win values: it reads (its `end_game` a final result whose scores
//!   are left to the flow), and the referee replays it from the flow's own setups and
//!   payments, checking the dealers and the end it states.
//!
//! # A file of several games
//!
//! A file holds one game. A second `start_game`, or any event after `end_game`, is an error
//! at its line: split such a file into one file a game (as mjai's own tools write them).
//!
//! # Architecture invariants
//!
//! - Syntax only: the reader never judges whether an action was legal.
//! - Nothing read panics: every problem is a [`haifu_log::ParseError`] at its line.
//!
//! [`GameLog`]: haifu_log::GameLog
//! [`RoundStart`]: haifu_log::RoundStart
//! [`RecordedWin`]: haifu_log::RecordedWin
//! [`RecordedDraw`]: haifu_log::RecordedDraw
//! [`Declared::TenhouFlags`]: haifu_ruleset::Declared::TenhouFlags
//! [`Declared::Undeclared`]: haifu_ruleset::Declared::Undeclared

mod line;
mod read;
pub mod tile;
mod write;

pub use read::{read, read_with_positions};
pub use write::{WriteError, write};

/// The format's name in messages.
pub const FORMAT: &str = "mjai JSON lines";

/// Whether `input` looks like an mjai log: its first non-blank line is a JSON object whose
/// `"type"` is `start_game` or `start_kyoku`. It looks at that line only; [`read`] says what
/// is wrong with a log that looks right.
pub fn looks_like(input: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct First<'a> {
        #[serde(rename = "type", borrow)]
        kind: std::borrow::Cow<'a, str>,
    }
    let Some(line) = input
        .split(|b| *b == b'\n')
        .find(|l| l.iter().any(|b| !b.is_ascii_whitespace()))
    else {
        return false;
    };
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    // A cheap look first: another format's record (one long line) is not parsed twice.
    let names_a_start = |word: &[u8]| line.windows(word.len()).any(|w| w == word);
    if !names_a_start(b"start_game") && !names_a_start(b"start_kyoku") {
        return false;
    }
    serde_json::from_slice::<First<'_>>(line)
        .is_ok_and(|f| f.kind == "start_game" || f.kind == "start_kyoku")
}
