use arrayvec::ArrayVec;
use haifu_tiles::{BySeat, HanSource, Limit, Meld, Seat, Tile, Wind, Yaku};
use serde::{Deserialize, Serialize};

use crate::Tenths;

/// One thing the log states, in order: a borrowed, `Copy` view into a [`GameLog`]
/// (see [`GameLog::events`]).
///
/// The recorded outcomes ([`Event::Win`], [`Event::RoundDraw`], [`Event::GameEnd`]) are what
/// the log's referee wrote, not what haifu computes.
///
/// Sixteen bytes (a test holds it to that): larger side data is borrowed, so that an event
/// travels in two registers. A larger event is copied through memory at each step, and the
/// copies of its parts written a byte at a time cannot be forwarded to the next wide load (a
/// stall each time on x86-64: issue 23 measured it as the referee's loop taking twice its
/// time).
///
/// [`GameLog`]: crate::GameLog
/// [`GameLog::events`]: crate::GameLog::events
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event<'a> {
    /// A round (kyoku) begins: its setup and starting hands.
    RoundStart(&'a RoundStart),
    /// A seat draws a tile (from the live wall or, after a kan or kita, the dead wall; the log
    /// does not say which).
    DrawTile {
        /// Who draws.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// A seat discards a tile.
    Discard {
        /// Who discards.
        seat: Seat,
        /// The tile.
        tile: Tile,
        /// Whether it is the tile this seat just drew (tsumogiri). Derived by the parser from
        /// the order of events when the format does not state it.
        tsumogiri: bool,
    },
    /// A call: chi, pon, daiminkan, kakan, ankan or kita, with its exact tiles.
    Call {
        /// Who calls.
        seat: Seat,
        /// The meld formed (or, for kakan, the kan it becomes).
        meld: Meld,
    },
    /// A riichi declaration, or the deposit being taken after the declaration tile passed.
    Riichi {
        /// Who declares.
        seat: Seat,
        /// Which of the two stages.
        stage: RiichiStage,
        /// The scores after the deposit, when the log states them (Tenhou `REACH ten`).
        #[serde(skip_serializing_if = "Option::is_none")]
        scores: Option<&'a BySeat<i32>>,
    },
    /// A new dora indicator is revealed (after a kan).
    NewDora {
        /// The indicator.
        indicator: Tile,
    },
    /// A player disconnects.
    Disconnect {
        /// Who.
        seat: Seat,
    },
    /// A player reconnects.
    Reconnect {
        /// Who.
        seat: Seat,
        /// The name the reconnect record carries (a `&String`, one pointer, where a `&str`
        /// is two: see [`Event`]'s size).
        name: &'a String,
    },
    /// A mistake at the table that the referee rules on (a hand-written record's): a hand
    /// found with a wrong number of tiles, or a false declaration of a win. Online logs never
    /// hold one.
    Mistake {
        /// Whose mistake.
        seat: Seat,
        /// Which.
        mistake: Mistake,
        /// What the record says was paid for it, by seat (a false declaration's penalty),
        /// when it says so.
        #[serde(skip_serializing_if = "Option::is_none")]
        deltas: Option<&'a BySeat<i32>>,
    },
    /// The record leaves the rest of the round's moves out (the notation's `...`): what
    /// follows in the round is only what the record states of it (riichi declarations, kan
    /// dora indicators, the outcome), not the moves that led there.
    Elided,
    /// A recorded win (agari). In a multiple ron there is one per winner, in order.
    Win(&'a RecordedWin),
    /// A recorded draw (ryuukyoku), exhaustive or abortive.
    RoundDraw(&'a RecordedDraw),
    /// The end of the game, when the format records it separately from the last outcome
    /// (Tenhou does not: its final result rides on the last win or draw).
    GameEnd(&'a FinalResult),
}

/// A draw or a discard, the moves that make up most of a record, as plain values: what
/// [`GameLog::move_at`] gives a loop over the events, for it to handle these two apart
/// without building an [`Event`] through memory first.
///
/// [`GameLog::move_at`]: crate::GameLog::move_at
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// [`Event::DrawTile`].
    Draw {
        /// Who draws.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// [`Event::Discard`].
    Discard {
        /// Who discards.
        seat: Seat,
        /// The tile.
        tile: Tile,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
    },
}

impl Move {
    /// The move as its event.
    pub fn event(self) -> Event<'static> {
        match self {
            Move::Draw { seat, tile } => Event::DrawTile { seat, tile },
            Move::Discard {
                seat,
                tile,
                tsumogiri,
            } => Event::Discard {
                seat,
                tile,
                tsumogiri,
            },
        }
    }
}

impl Event<'_> {
    /// The seat whose action the event is: the drawer, the discarder, the caller, the
    /// declarer, the winner, the seat that disconnects or errs; `None` for a round's start, a
    /// new dora indicator, an elision, a draw and the game's end.
    pub fn seat(&self) -> Option<Seat> {
        match *self {
            Event::DrawTile { seat, .. }
            | Event::Discard { seat, .. }
            | Event::Call { seat, .. }
            | Event::Riichi { seat, .. }
            | Event::Disconnect { seat, .. }
            | Event::Reconnect { seat, .. }
            | Event::Mistake { seat, .. } => Some(seat),
            Event::Win(win) => Some(win.winner),
            Event::RoundStart(_)
            | Event::NewDora { .. }
            | Event::Elided
            | Event::RoundDraw(_)
            | Event::GameEnd(_) => None,
        }
    }
}

/// A mistake at the table that the referee rules on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mistake {
    /// The seat's hand holds a wrong number of tiles (notation `dead`): under the rules it
    /// becomes a dead hand (the rule point `dead_hand`). The record's tiles are not changed
    /// by it: the moves that follow are the ones recorded.
    DeadHand,
    /// The seat declares a win its hand does not make (notation `false-win`): penalised as
    /// the rule point `false_win` says.
    FalseWin,
}

impl Mistake {
    /// The notation's word for it.
    pub const fn name(self) -> &'static str {
        match self {
            Mistake::DeadHand => "dead",
            Mistake::FalseWin => "false-win",
        }
    }
}

/// The stage of a riichi declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiichiStage {
    /// Declared; the declaration tile is about to be discarded (Tenhou `step="1"`).
    Declared,
    /// The declaration tile passed and the 1000-point deposit was taken (Tenhou `step="2"`).
    DepositTaken,
}

/// The setup of a round as the log states it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundStart {
    /// The round wind (bakaze).
    pub round_wind: Wind,
    /// The round number within the wind, 1..=4 (E1 is East, 1).
    pub round_number: u8,
    /// The honba (repeat) counter.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// The two dice as faces 1..=6, when the format records them (tenhou.net/6 JSON does
    /// not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<[u8; 2]>,
    /// The first dora indicator.
    pub dora_indicator: Tile,
    /// The kan dora indicators of the round, in order, when the format lists them without
    /// saying when each was revealed (tenhou.net/6 JSON): the referee reveals each at the
    /// moment the rule set makes it due. Empty for formats that record every reveal as an
    /// [`Event::NewDora`] in its place (Tenhou mjlog, the notation).
    #[serde(default, skip_serializing_if = "ArrayVec::is_empty")]
    pub untimed_dora: ArrayVec<Tile, 4>,
    /// Each seat's score at the start of the round, in points.
    pub scores: BySeat<i32>,
    /// The dealer.
    pub dealer: Seat,
    /// Each seat's 13 starting tiles, in the log's order (empty for a seat with no player).
    pub hands: BySeat<ArrayVec<Tile, 13>>,
    /// The per-round shuffle seed exactly as written, when the log has one (Tenhou 2008–2009
    /// `INIT shuffle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuffle: Option<String>,
    /// Each seat's chips at the start of the round, in chip rooms (Tenhou `INIT chip`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<BySeat<i32>>,
    /// The round's wall, when the log states it (Mahjong Soul's `paishan`, the notation's
    /// `wall` line) or its reader rebuilt it from the log's seed (Tenhou): every reader gives
    /// it in the one layout of [`crate::Wall`], and the referee checks the deal, every draw
    /// the wall states, every replacement draw and every dora and ura indicator against it.
    /// `None` for a log with neither wall nor seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<crate::WallRecord>,
}

/// An entry of a recorded yaku list: a yaku, or dora, ura dora or red fives, with its han.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RecordedHan {
    /// What the han come from.
    pub source: HanSource,
    /// The han it is worth (0 for ura with no ura dora).
    pub han: u8,
}

/// A chip award in a chip room: what earned it and the chips (Tenhou `AGARI chip`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChipAward {
    /// The yaku (or dora, ura, red five) that earned it.
    pub source: HanSource,
    /// The chips.
    pub chips: i32,
}

/// Chip totals and changes in a chip room (the second half of Tenhou's 16-number `sc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChipScores {
    /// Each seat's chips before.
    pub before: BySeat<i32>,
    /// Each seat's change.
    pub delta: BySeat<i32>,
}

/// A win exactly as recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedWin {
    /// Who won.
    pub winner: Seat,
    /// Who dealt in; equal to `winner` for a tsumo.
    pub from: Seat,
    /// The seat liable (pao), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pao: Option<Seat>,
    /// The honba counter as recorded with the win.
    pub honba: u32,
    /// Riichi sticks on the table as recorded with the win.
    pub sticks: u32,
    /// The concealed tiles, including the winning tile, in the log's order.
    pub hand: ArrayVec<Tile, 14>,
    /// The open melds and ankans, in the log's order.
    pub melds: ArrayVec<Meld, 4>,
    /// The winning tile.
    pub winning_tile: Tile,
    /// Fu as recorded: Tenhou records them for every hand, limit hands included; `None`
    /// where the format leaves them out (tenhou.net/6 JSON writes none for a limit hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fu: Option<u32>,
    /// The hand's value as recorded, without honba and sticks: for a ron what the discarder
    /// pays, for a tsumo the sum of the payments.
    pub points: i32,
    /// The limit as recorded.
    pub limit: Limit,
    /// The yaku with their han, in the log's order (empty for a yakuman win).
    pub yaku: ArrayVec<RecordedHan, 24>,
    /// The yakuman, in the log's order (empty unless a yakuman).
    pub yakuman: ArrayVec<Yaku, 8>,
    /// The dora indicators.
    pub dora_indicators: ArrayVec<Tile, 5>,
    /// The ura-dora indicators (only with riichi).
    pub ura_indicators: ArrayVec<Tile, 5>,
    /// Each seat's score before this win, in points.
    pub scores: BySeat<i32>,
    /// Each seat's change from this win, in points (honba, sticks and pao included).
    pub deltas: BySeat<i32>,
    /// Chip totals and changes, in chip rooms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Box<ChipScores>>,
    /// Chip awards by yaku, in chip rooms.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chip_awards: Vec<ChipAward>,
    /// Tenhou's `ratio` pair as written (special rooms; meaning not documented).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<[i32; 2]>,
    /// The final result, if the game ends with this win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_result: Option<Box<FinalResult>>,
}

impl RecordedWin {
    /// Whether the win is a tsumo (self-draw).
    pub fn is_tsumo(&self) -> bool {
        self.winner == self.from
    }
}

/// The kind of a recorded draw. Tenhou's `RYUUKYOKU type` names are given for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawKind {
    /// Exhaustive draw (ryuukyoku) at the end of the wall (no `type`).
    Exhaustive,
    /// Kyuushu kyuuhai, nine different terminals and honours (`yao9`).
    KyuushuKyuuhai,
    /// Suufon renda, four identical wind discards (`kaze4`).
    SuufonRenda,
    /// Suucha riichi, four riichi (`reach4`).
    SuuchaRiichi,
    /// Suukaikan, four kans by several players (`kan4`).
    Suukaikan,
    /// Sanchahou, triple ron (`ron3`).
    Sanchahou,
    /// Nagashi mangan (`nm`).
    NagashiMangan,
}

impl DrawKind {
    /// All kinds.
    pub const ALL: [DrawKind; 7] = [
        DrawKind::Exhaustive,
        DrawKind::KyuushuKyuuhai,
        DrawKind::SuufonRenda,
        DrawKind::SuuchaRiichi,
        DrawKind::Suukaikan,
        DrawKind::Sanchahou,
        DrawKind::NagashiMangan,
    ];

    /// Tenhou's `type` string, or `None` for an exhaustive draw (which has none).
    pub const fn tenhou_name(self) -> Option<&'static str> {
        match self {
            DrawKind::Exhaustive => None,
            DrawKind::KyuushuKyuuhai => Some("yao9"),
            DrawKind::SuufonRenda => Some("kaze4"),
            DrawKind::SuuchaRiichi => Some("reach4"),
            DrawKind::Suukaikan => Some("kan4"),
            DrawKind::Sanchahou => Some("ron3"),
            DrawKind::NagashiMangan => Some("nm"),
        }
    }

    /// The kind for Tenhou's `type` string.
    pub fn from_tenhou_name(s: &str) -> Option<DrawKind> {
        DrawKind::ALL
            .into_iter()
            .find(|k| k.tenhou_name() == Some(s))
    }

    /// The snake_case name used in JSON and reports.
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawKind::Exhaustive => "exhaustive",
            DrawKind::KyuushuKyuuhai => "kyuushu_kyuuhai",
            DrawKind::SuufonRenda => "suufon_renda",
            DrawKind::SuuchaRiichi => "suucha_riichi",
            DrawKind::Suukaikan => "suukaikan",
            DrawKind::Sanchahou => "sanchahou",
            DrawKind::NagashiMangan => "nagashi_mangan",
        }
    }
}

/// A draw exactly as recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedDraw {
    /// The kind.
    pub kind: DrawKind,
    /// The honba counter as recorded.
    pub honba: u32,
    /// Riichi sticks on the table as recorded.
    pub sticks: u32,
    /// The hands shown: tenpai hands at an exhaustive draw, the declarer's hand for
    /// kyuushu kyuuhai; `None` for a seat that showed nothing.
    pub shown: BySeat<Option<ArrayVec<Tile, 14>>>,
    /// Whether the record leaves out who was tenpai (a tenhou.net/6 nagashi mangan): `shown`
    /// then says nothing about tenpai, and no tenpai is compared.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tenpai_unrecorded: bool,
    /// Each seat's score before, in points.
    pub scores: BySeat<i32>,
    /// Each seat's change, in points.
    pub deltas: BySeat<i32>,
    /// Chip totals and changes, in chip rooms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Box<ChipScores>>,
    /// Tenhou's `ratio` pair as written (special rooms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<[i32; 2]>,
    /// The final result, if the game ends with this draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_result: Option<Box<FinalResult>>,
}

/// The final result of a game, as recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Each seat's final score in points, after leftover sticks.
    pub scores: BySeat<i32>,
    /// Each seat's final placement points (uma and oka applied).
    pub points: BySeat<Tenths>,
    /// Chip-room totals as written (the second half of a 16-number `owari`): per seat, a chip
    /// count and a second number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<BySeat<[Tenths; 2]>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_two_words() {
        assert_eq!(std::mem::size_of::<Event<'_>>(), 16);
        assert_eq!(std::mem::size_of::<Option<Event<'_>>>(), 16);
        // A stored event stays eight bytes with a move held whole.
        assert_eq!(std::mem::size_of::<crate::header::Slot>(), 8);
    }
}
