//! mjai's tile names: `1m`…`9m`, `1p`…, `1s`…, `E S W N` for the winds, `P F C` for the
//! dragons (white, green, red), a red five `5mr`/`5pr`/`5sr`, and `?` for a tile the log
//! does not show.

use haifu_tiles::{Suit, TileKind};

/// A tile as mjai names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Name {
    /// A tile of this kind, red when `red`.
    Known {
        /// The kind.
        kind: TileKind,
        /// Whether it is a red five.
        red: bool,
    },
    /// `?`: a tile the log does not show (another player's, in a player's view).
    Unknown,
}

/// The honours in mjai's order of their letters: `E S W N P F C`.
const HONOURS: [u8; 7] = *b"ESWNPFC";

/// The tile `text` names, or `None` when it names none.
pub fn parse(text: &str) -> Option<Name> {
    let bytes = text.as_bytes();
    match bytes {
        [b'?'] => Some(Name::Unknown),
        [letter] => {
            let at = HONOURS.iter().position(|h| h == letter)?;
            TileKind::new(27 + at as u8).map(|kind| Name::Known { kind, red: false })
        }
        [n @ b'1'..=b'9', suit] | [n @ b'5', suit, b'r'] => {
            let suit = match suit {
                b'm' => Suit::Manzu,
                b'p' => Suit::Pinzu,
                b's' => Suit::Souzu,
                _ => return None,
            };
            let kind = TileKind::from_suit_number(suit, n - b'0')?;
            Some(Name::Known {
                kind,
                red: bytes.len() == 3,
            })
        }
        _ => None,
    }
}

/// mjai's name for a tile of `kind`, red when `red` (only a five is).
pub fn name(kind: TileKind, red: bool) -> &'static str {
    const NAMES: [&str; 34] = [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
        "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
        "P", "F", "C",
    ];
    match (red, kind.suit()) {
        (true, Suit::Manzu) => "5mr",
        (true, Suit::Pinzu) => "5pr",
        (true, Suit::Souzu) => "5sr",
        _ => NAMES[kind.index()],
    }
}

/// What a tile name is expected to be, for messages.
pub const EXPECTED: &str = "a tile such as 1m, 5pr (a red five), E, P (white), F (green), C (red)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back() {
        for i in 0..34 {
            let kind = TileKind::new(i).expect("a kind");
            assert_eq!(
                parse(name(kind, false)),
                Some(Name::Known { kind, red: false })
            );
            if kind.number() == 5 && kind.suit() != Suit::Jihai {
                assert_eq!(
                    parse(name(kind, true)),
                    Some(Name::Known { kind, red: true })
                );
            }
        }
        assert_eq!(parse("?"), Some(Name::Unknown));
        for bad in ["", "0m", "5zr", "4mr", "X", "10m", "5m r"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
