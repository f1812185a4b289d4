//! What a divergence compares, typed: which part of a win, a draw, the scores, a payment or
//! the final result, and the engine's and the log's values (seats, scores, tiles, setups).
//! [`Display`](std::fmt::Display) writes each as messages show it; JSON carries that text.

use std::fmt;

use arrayvec::ArrayVec;
use haifu_rules::flow::{RoundSetup, Seats};
use haifu_tiles::{BySeat, Limit, Seat, Tile, TileList, Yaku};
use serde::Serialize;

/// A value a divergence compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Each seat's score or score change: `25000 26000 24000 25000`.
    Scores(BySeat<i32>),
    /// Each seat's placement points in tenths, shown with one decimal: `7.0 45.0 -16.0 -36.0`.
    Tenths(BySeat<i32>),
    /// A round as the flow sets it up: `E2.0 dealer B sticks 0 scores …`.
    Setup(RoundSetup),
    /// A seat: `seat B`.
    Seat(Seat),
    /// The seat liable for a win (pao), or nobody.
    Liable(Option<Seat>),
    /// Seats (who was tenpai): `seats A, C`, or `none`.
    Seats(Seats),
    /// The honba and the riichi sticks on the table: `1 honba, 2 sticks`.
    Table {
        /// The honba counter.
        honba: u32,
        /// The riichi sticks.
        sticks: u32,
    },
    /// A wall's tile with its id, `5m (id 17)`, or `nothing`.
    Tile(Option<Tile>),
    /// A tile by its face alone (a format that writes kinds), or `nothing`.
    Face(Option<Tile>),
    /// Tiles, in the compact notation: `1z5m` (dora indicators).
    Tiles(ArrayVec<Tile, 14>),
    /// A seat's starting hand: `seat B: 123m…`.
    Dealt {
        /// The seat.
        seat: Seat,
        /// Its tiles, sorted.
        tiles: ArrayVec<Tile, 14>,
    },
    /// A winning hand: its tiles, then the tile it wins on.
    Hand {
        /// The concealed tiles, the winning tile included.
        tiles: ArrayVec<Tile, 14>,
        /// The winning tile.
        winning: Tile,
    },
    /// A count: fu, or points.
    Number(i64),
    /// A limit's name: `mangan`.
    Limit(Limit),
    /// Yakuman by name, or `none`.
    Yakuman(ArrayVec<Yaku, 8>),
    /// Anything else, as text (a yaku list, an engine's reason, what a log leaves out).
    Text(String),
}

impl Shown {
    /// A value given as text.
    pub fn text(text: impl Into<String>) -> Shown {
        Shown::Text(text.into())
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shown::Scores(scores) => {
                for (i, s) in scores.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(f, "{sep}{s}")?;
                }
                Ok(())
            }
            Shown::Tenths(points) => {
                for (i, p) in points.iter().enumerate() {
                    let sep = if i > 0 { " " } else { "" };
                    write!(f, "{sep}{:.1}", f64::from(*p) / 10.0)?;
                }
                Ok(())
            }
            Shown::Setup(s) => write!(
                f,
                "{}{}.{} dealer {} sticks {} scores {}",
                s.round_wind,
                s.round_number,
                s.honba,
                s.dealer,
                s.sticks,
                Shown::Scores(s.scores)
            ),
            Shown::Tile(Some(t)) => write!(f, "{t} (id {})", t.id()),
            Shown::Face(Some(t)) => write!(f, "{t}"),
            Shown::Tile(None) | Shown::Face(None) => write!(f, "nothing"),
            Shown::Seat(seat) => write!(f, "seat {seat}"),
            Shown::Liable(Some(seat)) => write!(f, "seat {seat}"),
            Shown::Liable(None) => write!(f, "nobody"),
            Shown::Seats(seats) if seats.is_empty() => write!(f, "none"),
            Shown::Seats(seats) => {
                write!(f, "seats ")?;
                for (i, s) in seats.iter().enumerate() {
                    let sep = if i > 0 { ", " } else { "" };
                    write!(f, "{sep}{s}")?;
                }
                Ok(())
            }
            Shown::Table { honba, sticks } => write!(f, "{honba} honba, {sticks} sticks"),
            Shown::Tiles(tiles) => write!(f, "{}", TileList::tiles(tiles)),
            Shown::Dealt { seat, tiles } => write!(f, "seat {seat}: {}", TileList::tiles(tiles)),
            Shown::Hand { tiles, winning } => {
                write!(f, "{} winning on {winning}", TileList::tiles(tiles))
            }
            Shown::Number(n) => write!(f, "{n}"),
            Shown::Limit(limit) => write!(f, "{}", limit.name()),
            Shown::Yakuman(list) if list.is_empty() => write!(f, "none"),
            Shown::Yakuman(list) => {
                for (i, y) in list.iter().enumerate() {
                    let sep = if i > 0 { ", " } else { "" };
                    write!(f, "{sep}{}", y.name())?;
                }
                Ok(())
            }
            Shown::Text(text) => f.write_str(text),
        }
    }
}

impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Declares a closed list of names, each with its text (as messages and JSON show it).
macro_rules! names {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident => $text:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)*
        }

        impl $name {
            /// The name as messages and JSON write it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
}

names! {
    /// Which part of a recorded win disagrees with the engine.
    WinField {
        /// The dora indicators the win counts.
        DoraIndicators => "dora indicators",
        /// The winning hand.
        Hand => "hand",
        /// The hand's value: one the engine cannot work out.
        Value => "value",
        /// Who dealt in.
        From => "from",
        /// The seat liable (pao).
        Pao => "pao",
        /// The yaku and their han.
        Yaku => "yaku",
        /// The same yaku, listed in another order.
        YakuOrder => "yaku order",
        /// The yakuman.
        Yakuman => "yakuman",
        /// The fu.
        Fu => "fu",
        /// The points.
        Points => "points",
        /// The limit.
        Limit => "limit",
    }
}

names! {
    /// Which part of a recorded draw disagrees with the engine.
    DrawField {
        /// Who was tenpai.
        Tenpai => "tenpai",
        /// Its kind.
        Kind => "kind",
        /// The dora indicators the round shows.
        DoraIndicators => "dora indicators",
    }
}

names! {
    /// Which scores a log states disagree with the engine's.
    ScoresAt {
        /// After a riichi deposit.
        AfterDeposit => "scores after the riichi deposit",
        /// Before a win.
        BeforeWin => "scores before the win",
        /// Before a draw.
        BeforeDraw => "scores before the draw",
    }
}

names! {
    /// Which payment disagrees with the engine's.
    PaymentOf {
        /// A win's score changes.
        Win => "score changes of the win",
        /// A draw's score changes.
        Draw => "score changes of the draw",
        /// A false declaration's penalty.
        FalseDeclaration => "score changes of the false declaration",
        /// A tsumo the rule set cannot pay.
        Tsumo => "tsumo",
        /// A ron the rule set cannot pay.
        Ron => "ron",
        /// The honba and sticks a win collects.
        Table => "honba and sticks on the table",
        /// A winner the rule set pays nothing.
        Payments => "payments",
    }
}

names! {
    /// Which part of the final result disagrees with the engine's.
    FinalPart {
        /// The final scores.
        Scores => "final scores",
        /// The placement points.
        Points => "final points",
    }
}
