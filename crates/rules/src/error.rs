//! [`ScoreError`]: why a hand could not be scored.

use haifu_tiles::{Tile, TileKind};
use thiserror::Error;

/// Why [`crate::score()`] gave no score.
///
/// [`ScoreError::is_bad_input`] separates input that does not describe a possible hand from
/// a possible hand that simply is not a win ([`ScoreError::NotComplete`],
/// [`ScoreError::NoYaku`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScoreError {
    /// The concealed tiles, the winning tile and the melds do not add up to a 14-tile hand
    /// (each kan counting as three).
    #[error(
        "the hand has {concealed} concealed tiles, the winning tile and {melds} melds: expected {expected} concealed tiles with that many melds"
    )]
    TileCount {
        /// Concealed tiles given, without the winning tile.
        concealed: usize,
        /// Melds given.
        melds: usize,
        /// Concealed tiles expected for that many melds.
        expected: usize,
    },
    /// More than four melds.
    #[error("{melds} melds: a hand has at most four")]
    TooManyMelds {
        /// Melds given.
        melds: usize,
    },
    /// The same physical tile appears twice in the hand and melds.
    #[error("tile {tile} (id {}) appears twice", tile.id())]
    DuplicateTile {
        /// The tile.
        tile: Tile,
    },
    /// More than four tiles of a kind in the hand and melds.
    #[error("{count} tiles of {kind}: there are only four")]
    TooManyOfKind {
        /// The kind.
        kind: TileKind,
        /// How many.
        count: u8,
    },
    /// A meld whose tiles do not form its kind of set, or a kita (a sanma rule this
    /// evaluator does not score).
    #[error("meld {index} ({meld}) is not a valid {kind}")]
    BadMeld {
        /// Position in the meld list, from 0.
        index: usize,
        /// The meld as written (`pon:555z`).
        meld: String,
        /// The meld kind expected.
        kind: &'static str,
    },
    /// Norths set aside (kita) in a four-player game, which has none.
    #[error("{kita} kita: only three-player games set Norths aside")]
    KitaWithFourPlayers {
        /// The kita given.
        kita: u8,
    },
    /// A winner sitting North in a three-player game, where no one does.
    #[error("no one sits North with three players: the seat winds are E, S and W")]
    NoNorthSeat,
    /// A tile that is not in play: 2m–8m in a three-player game.
    #[error("tile {tile} is not in play with three players (2m-8m are removed)")]
    NotInPlay {
        /// The tile.
        tile: Tile,
    },
    /// Situational conditions that cannot hold together or with this hand.
    #[error("{0}")]
    Situation(SituationError),
    /// Honba or riichi sticks whose payment, at the rule set's value, no score can hold
    /// (beyond 2^31 points).
    #[error("{count} {what} at {value} points each is more than any score can hold")]
    OutOfRange {
        /// `honba` or `riichi sticks`.
        what: &'static str,
        /// How many.
        count: u32,
        /// What one is worth.
        value: i32,
    },
    /// The hand's value depends on a rule point the rule set leaves not settled (no source
    /// settles it for that rule set).
    #[error("the hand's value depends on {rule}, which this rule set leaves not settled")]
    NotSettled {
        /// The rule point, by its rule-file name (`double_wind_pair_fu`).
        rule: &'static str,
    },
    /// The hand is not complete: no reading as sets and a pair, seven pairs or thirteen orphans.
    #[error(
        "the hand is not complete: it reads neither as four sets and a pair, seven pairs nor thirteen orphans"
    )]
    NotComplete,
    /// The hand is complete but has no yaku (dora do not count as yaku).
    #[error("the hand is complete but has no yaku (dora alone do not make a win)")]
    NoYaku,
}

impl ScoreError {
    /// Whether the input does not describe a possible winning situation (as opposed to a
    /// possible hand that is not a win: [`ScoreError::NotComplete`], [`ScoreError::NoYaku`]).
    pub fn is_bad_input(&self) -> bool {
        !matches!(
            self,
            ScoreError::NotComplete | ScoreError::NoYaku | ScoreError::NotSettled { .. }
        )
    }
}

/// A situational condition that contradicts another, the win method or the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum SituationError {
    /// Riichi or double riichi with an open meld.
    #[error("riichi needs a closed hand, but the hand has an open meld")]
    RiichiOpen,
    /// Ippatsu without riichi.
    #[error("ippatsu needs riichi or double riichi")]
    IppatsuWithoutRiichi,
    /// Haitei on a ron.
    #[error("haitei is a tsumo on the last tile; a ron on the last discard is houtei")]
    HaiteiRon,
    /// Houtei on a tsumo.
    #[error("houtei is a ron on the last discard; a tsumo on the last tile is haitei")]
    HouteiTsumo,
    /// Rinshan on a ron, or without a kan (or a kita, with three players).
    #[error(
        "rinshan kaihou is a tsumo on a kan's (or kita's) replacement tile and needs a kan meld (or a kita)"
    )]
    Rinshan,
    /// Rinshan together with haitei.
    #[error("a replacement tile is never the last tile of the live wall: rinshan excludes haitei")]
    RinshanHaitei,
    /// Chankan and houtei together: a kan's added tile is not a discard, and no kan can be
    /// declared once the live wall is empty.
    #[error(
        "chankan robs a kan's added tile and houtei is a ron on the last discard: a win cannot be both"
    )]
    ChankanHoutei,
    /// Chankan on a tsumo.
    #[error("chankan is a ron on a tile added to a kan")]
    ChankanTsumo,
    /// Tenhou other than a closed dealer tsumo.
    #[error("tenhou is the dealer's tsumo on the dealt hand: seat wind East, tsumo, no meld")]
    Tenhou,
    /// Chiihou other than a closed non-dealer tsumo.
    #[error("chiihou is a non-dealer's tsumo on the first draw: not East, tsumo, no meld")]
    Chiihou,
    /// Renhou other than a closed non-dealer ron.
    #[error("renhou is a non-dealer's ron before the first draw: not East, ron, no meld")]
    Renhou,
    /// Paarenchan for a winner who is not the dealer.
    #[error("paarenchan is the dealer's eighth win in a row: seat wind East")]
    Paarenchan,
    /// Ura dora indicators without riichi.
    #[error("ura dora are revealed only for riichi")]
    UraWithoutRiichi,
    /// Tenhou, chiihou or renhou together with riichi or another turn-bound condition.
    #[error("tenhou, chiihou and renhou happen before any riichi, kan or last tile")]
    FirstTurnConflict,
}
