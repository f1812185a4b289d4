use haifu_tiles::{Limit, Seat, Wind};
use serde::{Deserialize, Serialize};

use crate::DrawKind;

/// A ruling a hand-written scenario expects, stated inline in the log (the haifu notation's
/// `expect` lines). Real logs have none.
///
/// It is not an event: nothing happens at the table. It sits between two events, and the
/// referee checks it like a recorded outcome, reporting a failed expectation as a divergence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expectation {
    /// The number of events before it: it holds after event `event - 1` and before event
    /// `event` (0 means before the first event).
    pub event: usize,
    /// What is expected.
    pub kind: ExpectationKind,
}

/// What a scenario expects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ExpectationKind {
    /// At this point, `seat` is furiten for `reason`, or not furiten at all (`None`).
    Furiten {
        /// The seat.
        seat: Seat,
        /// Why it is furiten; `None` means it is not furiten.
        reason: Option<FuritenReason>,
    },
    /// The next win by `seat` (in this round) has this value. Fields left `None` are not
    /// checked.
    Win {
        /// The winner.
        seat: Seat,
        /// Fu.
        fu: Option<u32>,
        /// Han, dora included (not checked for yakuman).
        han: Option<u32>,
        /// The hand's value without honba and sticks, as [`RecordedWin::points`].
        ///
        /// [`RecordedWin::points`]: crate::RecordedWin::points
        points: Option<i32>,
        /// The limit, as [`RecordedWin::limit`].
        ///
        /// [`RecordedWin::limit`]: crate::RecordedWin::limit
        limit: Option<Limit>,
    },
    /// The round ends in a draw of this kind.
    Draw {
        /// The kind.
        kind: DrawKind,
    },
    /// The flow decision after this round: the next round's label (and, when given, dealer
    /// and sticks), or the end of the game.
    Next(NextRound),
    /// The event just before is illegal under the rules (e.g. kuikae, a fifth kan).
    Illegal {
        /// A short reason, as the scenario's author wrote it (free text, not checked).
        reason: Option<String>,
    },
}

/// Why a seat is furiten.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FuritenReason {
    /// A winning tile is among the seat's own discards.
    OwnDiscard,
    /// The seat passed a winning tile since its last discard (cleared at its next discard).
    SameTurn,
    /// The seat passed a winning tile after declaring riichi (permanent).
    Riichi,
}

impl FuritenReason {
    /// All reasons.
    pub const ALL: [FuritenReason; 3] = [
        FuritenReason::OwnDiscard,
        FuritenReason::SameTurn,
        FuritenReason::Riichi,
    ];

    /// The snake_case name used in JSON and in the notation.
    pub const fn as_str(self) -> &'static str {
        match self {
            FuritenReason::OwnDiscard => "own_discard",
            FuritenReason::SameTurn => "same_turn",
            FuritenReason::Riichi => "riichi",
        }
    }
}

/// The flow decision a scenario expects after a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "next", rename_all = "snake_case")]
pub enum NextRound {
    /// The game goes on with this round.
    Round {
        /// The round wind.
        wind: Wind,
        /// The round number within the wind.
        number: u8,
        /// The honba counter.
        honba: u32,
        /// The dealer, when the scenario states it.
        dealer: Option<Seat>,
        /// The riichi sticks carried over, when the scenario states them.
        sticks: Option<u32>,
    },
    /// The game ends after this round.
    GameEnds,
}
