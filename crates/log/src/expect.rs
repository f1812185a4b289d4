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
        reason: Option<FuritenKind>,
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
        /// Why, in the referee's words ([`Refusal`]), compared with its refusal when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refusal: Option<Refusal>,
        /// A short reason, as the scenario's author wrote it (free text, not checked).
        reason: Option<String>,
    },
}

/// Why the referee refuses an action: a short fixed vocabulary that scenarios name in
/// `expect illegal KIND` and the referee compares with its own refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// Not the seat's turn, or an action out of the turn's order.
    NotYourTurn,
    /// A tile the seat does not hold.
    NotHeld,
    /// A tile already in play elsewhere (drawn twice, say).
    TileInPlay,
    /// A draw from an empty wall.
    WallExhausted,
    /// A call or ron on a tile that is not the last discard (or the kan tile a chankan may
    /// rob).
    NotTheLastDiscard,
    /// A chi from a seat other than the one to the left.
    ChiNotFromLeft,
    /// Tiles that do not make the meld named (a chi that is no run, a pon of two kinds).
    BadMeld,
    /// A chi in a game that has none (three players).
    NoChi,
    /// A kita (North set aside) the rules refuse: a four-player game, not a North, not
    /// after a draw, after riichi a North other than the drawn one.
    NoKita,
    /// A discard the kuikae rule refuses right after a call.
    Kuikae,
    /// A kan the rules refuse (a fifth, one after riichi that changes the waits, okurikan).
    NoKan,
    /// A riichi the rules refuse (an open hand, not tenpai, too few points or tiles).
    RiichiRefused,
    /// After riichi, a discard other than the drawn tile.
    RiichiTsumogiri,
    /// A riichi deposit out of place (not due, or missing).
    Deposit,
    /// A kan dora indicator revealed at the wrong moment, or missing.
    DoraTiming,
    /// A win the seat cannot claim (not its tile, not its turn, a ron on a robbed ankan
    /// without kokushi…).
    NoWin,
    /// A complete hand without a yaku.
    NoYaku,
    /// A hand that is not complete.
    NotComplete,
    /// A ron by a furiten seat.
    Furiten,
    /// A win (or a riichi) by a seat whose hand is dead: a wrong number of tiles, a false
    /// declaration.
    DeadHand,
    /// A second ron where only the claimant nearest the discarder wins (head bump).
    HeadBump,
    /// A win that would put a payer below zero, refused by a bust guard (Buu).
    BustGuard,
    /// A draw whose condition does not hold (nine kinds short, the fourth wind differs…).
    NoDraw,
    /// An abortive draw the rule set does not play.
    AbortiveNotPlayed,
    /// An action after the round is over.
    RoundOver,
    /// A ruling that depends on a rule point the rule set leaves not settled.
    NotSettled,
    /// Something the engine does not support yet.
    Unsupported,
}

impl Refusal {
    /// Every refusal.
    pub const ALL: [Refusal; 27] = [
        Refusal::NotYourTurn,
        Refusal::NotHeld,
        Refusal::TileInPlay,
        Refusal::WallExhausted,
        Refusal::NotTheLastDiscard,
        Refusal::ChiNotFromLeft,
        Refusal::BadMeld,
        Refusal::NoChi,
        Refusal::NoKita,
        Refusal::Kuikae,
        Refusal::NoKan,
        Refusal::RiichiRefused,
        Refusal::RiichiTsumogiri,
        Refusal::Deposit,
        Refusal::DoraTiming,
        Refusal::NoWin,
        Refusal::NoYaku,
        Refusal::NotComplete,
        Refusal::Furiten,
        Refusal::DeadHand,
        Refusal::HeadBump,
        Refusal::BustGuard,
        Refusal::NoDraw,
        Refusal::AbortiveNotPlayed,
        Refusal::RoundOver,
        Refusal::NotSettled,
        Refusal::Unsupported,
    ];

    /// The name the notation writes (`not-held`, `chi-not-from-left`…).
    pub const fn name(self) -> &'static str {
        match self {
            Refusal::NotYourTurn => "not-your-turn",
            Refusal::NotHeld => "not-held",
            Refusal::TileInPlay => "tile-in-play",
            Refusal::WallExhausted => "wall-exhausted",
            Refusal::NotTheLastDiscard => "not-the-last-discard",
            Refusal::ChiNotFromLeft => "chi-not-from-left",
            Refusal::BadMeld => "bad-meld",
            Refusal::NoChi => "no-chi",
            Refusal::NoKita => "no-kita",
            Refusal::Kuikae => "kuikae",
            Refusal::NoKan => "no-kan",
            Refusal::RiichiRefused => "riichi-refused",
            Refusal::RiichiTsumogiri => "riichi-tsumogiri",
            Refusal::Deposit => "deposit",
            Refusal::DoraTiming => "dora-timing",
            Refusal::NoWin => "no-win",
            Refusal::NoYaku => "no-yaku",
            Refusal::NotComplete => "not-complete",
            Refusal::Furiten => "furiten",
            Refusal::DeadHand => "dead-hand",
            Refusal::HeadBump => "head-bump",
            Refusal::BustGuard => "bust-guard",
            Refusal::NoDraw => "no-draw",
            Refusal::AbortiveNotPlayed => "abortive-not-played",
            Refusal::RoundOver => "round-over",
            Refusal::NotSettled => "not-settled",
            Refusal::Unsupported => "unsupported",
        }
    }

    /// The refusal a name names.
    pub fn from_name(name: &str) -> Option<Refusal> {
        Refusal::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a seat is furiten, as a scenario names it (the engine's ruling, with its tiles, is
/// haifu-rules' `FuritenReason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FuritenKind {
    /// A winning tile is among the seat's own discards.
    OwnDiscard,
    /// The seat passed a winning tile since its last discard (cleared at its next discard).
    SameTurn,
    /// The seat passed a winning tile after declaring riichi (permanent).
    Riichi,
}

impl FuritenKind {
    /// All reasons.
    pub const ALL: [FuritenKind; 3] = [
        FuritenKind::OwnDiscard,
        FuritenKind::SameTurn,
        FuritenKind::Riichi,
    ];

    /// The snake_case name used in JSON and in the notation.
    pub const fn as_str(self) -> &'static str {
        match self {
            FuritenKind::OwnDiscard => "own_discard",
            FuritenKind::SameTurn => "same_turn",
            FuritenKind::Riichi => "riichi",
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
