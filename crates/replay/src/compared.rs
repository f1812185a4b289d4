//! What a divergence compares, typed: which part of a win, a draw, the scores, a payment or
//! the final result, and the engine's and the log's values (seats, scores, tiles, setups).
//! [`Display`](std::fmt::Display) writes each as messages show it; JSON carries it typed.

use std::fmt;

use arrayvec::ArrayVec;
use haifu_rules::flow::{RoundSetup, Seats};
use haifu_tiles::{BySeat, HanSource, Limit, Seat, Tile, TileList, Yaku};
use serde::Serialize;

/// A value a divergence compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Each seat's score or score change: `25000 26000 24000 25000`. Wide: a score the
    /// engine works out from a record's values is exact even past what a record's score
    /// (an `i32`) can hold, so a message shows the true sum, never a wrapped or clamped one.
    Scores(BySeat<i64>),
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
    /// A win's han, source by source in the order listed: `riichi 1, pinfu 1, dora 2`, or
    /// `none`; with a note on what the list lacks (ura dora without their indicators).
    Yaku {
        /// Each source and its han.
        list: ArrayVec<(HanSource, u8), 24>,
        /// A note after the list.
        note: Option<&'static str>,
    },
    /// Anything else, as text (a yaku list, an engine's reason, what a log leaves out).
    Text(String),
}

impl Shown {
    /// A value given as text.
    pub fn text(text: impl Into<String>) -> Shown {
        Shown::Text(text.into())
    }

    /// Each seat's score or score change, as a record holds them.
    pub fn scores(scores: BySeat<i32>) -> Shown {
        Shown::Scores(scores.map(i64::from))
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
                Shown::scores(s.scores)
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
            Shown::Yaku { list, note } => {
                if list.is_empty() {
                    write!(f, "none")?;
                }
                for (i, (source, han)) in list.iter().enumerate() {
                    let sep = if i > 0 { ", " } else { "" };
                    write!(f, "{sep}{source} {han}")?;
                }
                match note {
                    Some(note) => write!(f, " ({note})"),
                    None => Ok(()),
                }
            }
            Shown::Text(text) => f.write_str(text),
        }
    }
}

/// Typed, as JSON shows it: numbers as numbers, seats as `"B"`, tiles in the compact
/// notation (`"5m"`, a red five `"0m"`), lists as arrays, nothing as `null`:
///
/// | value | JSON |
/// |---|---|
/// | scores | `[25000, 26000, 24000, 25000]` |
/// | placement points | `[7.0, 45.0, -16.0, -36.0]` |
/// | a setup | `{"round_wind": "E", "round_number": 2, "honba": 0, "dealer": "B", "sticks": 0, "scores": […]}` |
/// | a seat, the liable seat | `"B"` (nobody: `null`) |
/// | seats | `["A", "C"]` |
/// | the table | `{"honba": 1, "sticks": 2}` |
/// | a wall's tile | `{"tile": "5m", "id": 17}` (nothing: `null`) |
/// | a face | `"5m"` (nothing: `null`) |
/// | tiles | `["1z", "5m"]` |
/// | a starting hand | `{"seat": "B", "tiles": […]}` |
/// | a winning hand | `{"tiles": […], "winning": "5m"}` |
/// | a count | `30` |
/// | a limit | `"mangan"` |
/// | yakuman | `["kokushi"]` |
/// | a win's han | `[{"yaku": "riichi", "han": 1}, …]` (without the note) |
/// | text | `"…"` |
impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};

        /// A displayed value as a JSON string.
        struct Text<T>(T);
        impl<T: fmt::Display> Serialize for Text<T> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(&self.0)
            }
        }
        match self {
            Shown::Scores(scores) => scores.as_array().serialize(serializer),
            Shown::Tenths(points) => (*points.as_array())
                .map(|p| f64::from(p) / 10.0)
                .serialize(serializer),
            Shown::Setup(setup) => {
                let mut map = serializer.serialize_map(Some(6))?;
                map.serialize_entry("round_wind", &Text(setup.round_wind))?;
                map.serialize_entry("round_number", &setup.round_number)?;
                map.serialize_entry("honba", &setup.honba)?;
                map.serialize_entry("dealer", &Text(setup.dealer))?;
                map.serialize_entry("sticks", &setup.sticks)?;
                map.serialize_entry("scores", setup.scores.as_array())?;
                map.end()
            }
            Shown::Seat(seat) | Shown::Liable(Some(seat)) => Text(seat).serialize(serializer),
            Shown::Liable(None) | Shown::Tile(None) | Shown::Face(None) => {
                serializer.serialize_none()
            }
            Shown::Seats(seats) => serializer.collect_seq(seats.iter().map(|s| s.to_string())),
            Shown::Table { honba, sticks } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("honba", honba)?;
                map.serialize_entry("sticks", sticks)?;
                map.end()
            }
            Shown::Tile(Some(tile)) => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("tile", &Text(tile))?;
                map.serialize_entry("id", &tile.id())?;
                map.end()
            }
            Shown::Face(Some(tile)) => Text(tile).serialize(serializer),
            Shown::Tiles(tiles) => Tiles(tiles).serialize(serializer),
            Shown::Dealt { seat, tiles } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("seat", &Text(seat))?;
                map.serialize_entry("tiles", &Tiles(tiles))?;
                map.end()
            }
            Shown::Hand { tiles, winning } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("tiles", &Tiles(tiles))?;
                map.serialize_entry("winning", &Text(winning))?;
                map.end()
            }
            Shown::Number(n) => serializer.serialize_i64(*n),
            Shown::Limit(limit) => serializer.serialize_str(limit.name()),
            Shown::Yakuman(list) => {
                let mut seq = serializer.serialize_seq(Some(list.len()))?;
                for yaku in list {
                    seq.serialize_element(yaku.name())?;
                }
                seq.end()
            }
            Shown::Yaku { list, .. } => {
                let mut seq = serializer.serialize_seq(Some(list.len()))?;
                for (source, han) in list {
                    seq.serialize_element(&YakuHan(*source, *han))?;
                }
                seq.end()
            }
            Shown::Text(text) => serializer.serialize_str(text),
        }
    }
}

/// One source of han as JSON: `{"yaku": "riichi", "han": 1}`.
struct YakuHan(HanSource, u8);

impl Serialize for YakuHan {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("yaku", &self.0.to_string())?;
        map.serialize_entry("han", &self.1)?;
        map.end()
    }
}

/// Tiles as a JSON array of their compact names.
struct Tiles<'a>(&'a [Tile]);

impl Serialize for Tiles<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(ToString::to_string))
    }
}

/// One side of what a divergence compares: a typed value, or text (an illegal action as the
/// log has it, the rule it breaks, an expectation). [`Display`](fmt::Display) writes it as
/// messages do; JSON writes a value typed ([`Shown`]'s form) and text as a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compared<'a> {
    /// A typed value.
    Value(&'a Shown),
    /// Text.
    Text(&'a str),
}

impl fmt::Display for Compared<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Compared::Value(shown) => shown.fmt(f),
            Compared::Text(text) => f.write_str(text),
        }
    }
}

impl Serialize for Compared<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Compared::Value(shown) => shown.serialize(serializer),
            Compared::Text(text) => serializer.serialize_str(text),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn by_seat(values: [i32; 4]) -> BySeat<i32> {
        BySeat::new_with(|s| values[s.index()])
    }

    fn json(shown: &Shown) -> String {
        serde_json::to_string(shown).expect("serialises")
    }

    #[test]
    fn values_are_typed_in_json_and_written_as_text_in_messages() {
        let scores = Shown::scores(by_seat([25000, 26000, 24000, 25000]));
        assert_eq!(json(&scores), "[25000,26000,24000,25000]");
        assert_eq!(scores.to_string(), "25000 26000 24000 25000");
        assert_eq!(
            json(&Shown::Tenths(by_seat([70, 450, -160, -360]))),
            "[7.0,45.0,-16.0,-36.0]"
        );
        // Tile 16 is the red five of characters, 17 a plain one.
        let red = Tile::new(16).expect("a tile");
        let plain = Tile::new(17).expect("a tile");
        assert_eq!(json(&Shown::Tile(Some(plain))), r#"{"tile":"5m","id":17}"#);
        assert_eq!(json(&Shown::Tile(None)), "null");
        assert_eq!(
            json(&Shown::Tiles([red, plain].into_iter().collect())),
            r#"["0m","5m"]"#
        );
        assert_eq!(json(&Shown::Seat(Seat::ALL[1])), r#""B""#);
        assert_eq!(json(&Shown::Number(40)), "40");
        let yaku = Shown::Yaku {
            list: [(HanSource::Aka, 1), (HanSource::Ura, 0)]
                .into_iter()
                .collect(),
            note: Some("a note"),
        };
        assert_eq!(
            json(&yaku),
            r#"[{"yaku":"aka","han":1},{"yaku":"ura","han":0}]"#
        );
        assert_eq!(yaku.to_string(), "aka 1, ura 0 (a note)");
    }
}
