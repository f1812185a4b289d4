//! The event stream: what a game log says, format-neutral.
//!
//! A [`GameLog`] is a [`Header`] (players, rule flags exactly as written, source) and one
//! ordered list of [`Event`]s: round starts, draws, discards, calls, riichi, new dora
//! indicators, disconnects and reconnects, and the *recorded* outcomes ([`RecordedWin`],
//! [`RecordedDraw`], [`FinalResult`]) exactly as the log states them. A hand-written scenario
//! may also carry [`Expectation`]s: rulings it expects, checked by the referee.
//!
//! # Architecture invariants
//!
//! - This crate knows no log format and no rules engine. Parsers (haifu-tenhou,
//!   haifu-notation, …) produce it, each setting the rules its log declares as data
//!   ([`Header::declared`], a haifu-ruleset value); the replayer consumes it.
//! - Nothing here judges legality: a `GameLog` is "what the log says", not "what happened
//!   legally". Parsers check syntax only.
//! - Nothing a log states is dropped: an attribute a parser does not know is kept as an
//!   [`UnknownAttribute`] and counted.
//! - Every value is serialisable with serde; events are tagged by a snake_case `"type"`.

mod error;
mod event;
mod expect;
mod header;
pub mod json;
mod points;
mod walls;

pub use error::{JSON_NESTING, Location, ParseError, ParseErrorKind, SourcePositions};
pub use event::{
    ChipAward, ChipScores, DrawKind, Event, FinalResult, Mistake, Move, RecordedDraw, RecordedHan,
    RecordedWin, RiichiStage, RoundStart,
};
pub use expect::{Expectation, ExpectationKind, FuritenKind, NextRound, Refusal};
pub use header::{
    EndRecord, GameLog, Header, Player, RuleFlags, StartRecord, UnknownAttribute, Unrecorded,
    YakuOrder,
};
pub use points::Tenths;
pub use walls::{Deal, NoWalls, StackOrder, Wall, WallCopies, WallRecord, WallScope, WallSource};
#[cfg(test)]
mod tests {
    /// Events stay small: the reader writes one per tile drawn or discarded.
    #[test]
    fn events_are_small() {
        assert!(
            size_of::<crate::header::Slot>() <= 8,
            "{}",
            size_of::<crate::header::Slot>()
        );
    }

    /// A log keeps one round start and one outcome a round: what only some rounds have (a
    /// wall, chips, the final result) is boxed, so that a record of many rounds stays small
    /// (issue 27: 240,000 rounds replay in under 200 MB).
    #[test]
    fn rounds_are_small() {
        let sizes = [
            ("RoundStart", size_of::<crate::RoundStart>(), 200),
            ("RecordedWin", size_of::<crate::RecordedWin>(), 272),
            ("RecordedDraw", size_of::<crate::RecordedDraw>(), 168),
        ];
        for (name, size, most) in sizes {
            assert!(size <= most, "{name}: {size} bytes, more than {most}");
        }
    }
}
