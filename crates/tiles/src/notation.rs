//! The compact tile notation: `123m406p789s1234567z`.
//!
//! Digits are followed by their suit letter (`m`, `p`, `s`, `z`). `0` is a red five in a
//! numbered suit. Honours are `1z`..`7z`: East, South, West, North, haku, hatsu, chun. Digits
//! within one suit group may come in any order; spaces between groups are allowed.

use std::fmt;

use thiserror::Error;

use crate::{Suit, Tile, TileKind};

/// Why a tile string could not be read. Every variant carries the byte offset (`at`) of the
/// offending character in the input, so a caller can point at it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotationError {
    /// A character that is neither a digit, a suit letter nor a space.
    #[error(
        "unexpected character {found:?} at offset {at}: expected a digit 0-9 or a suit letter m, p, s, z"
    )]
    UnexpectedChar {
        /// Byte offset.
        at: usize,
        /// The character found.
        found: char,
    },
    /// Digits at the end with no suit letter after them.
    #[error("digits at offset {at} have no suit letter after them (m, p, s or z)")]
    MissingSuit {
        /// Byte offset of the first such digit.
        at: usize,
    },
    /// A suit letter with no digits before it.
    #[error("suit letter {suit:?} at offset {at} has no digits before it")]
    EmptyGroup {
        /// Byte offset.
        at: usize,
        /// The letter.
        suit: char,
    },
    /// A digit that is not a tile of its suit (`0z`, `8z`, `9z`).
    #[error(
        "{digit}{suit} at offset {at} is not a tile: honours are 1z-7z, and 0 (red five) exists only in m, p, s"
    )]
    BadNumber {
        /// Byte offset of the digit.
        at: usize,
        /// The digit.
        digit: char,
        /// The suit letter.
        suit: char,
    },
    /// More than four tiles of one kind, or more than one red five of a suit.
    #[error(
        "a fifth copy of {kind} at offset {at}: there are only four of each tile (one of them the red five)"
    )]
    FifthCopy {
        /// Byte offset of the digit.
        at: usize,
        /// The kind.
        kind: TileKind,
    },
    /// A second red five of a suit (`00m`): each suit has one.
    #[error("a second red {kind} at offset {at}: a suit has one red five")]
    SecondRedFive {
        /// Byte offset of the digit.
        at: usize,
        /// The kind (a five).
        kind: TileKind,
    },
    /// A single tile was expected.
    #[error("{input:?} is not exactly one tile")]
    NotOneTile {
        /// The input.
        input: String,
    },
}

impl NotationError {
    /// The byte offset the error points at, when it points at one.
    pub fn offset(&self) -> Option<usize> {
        match self {
            NotationError::UnexpectedChar { at, .. }
            | NotationError::MissingSuit { at }
            | NotationError::EmptyGroup { at, .. }
            | NotationError::BadNumber { at, .. }
            | NotationError::FifthCopy { at, .. }
            | NotationError::SecondRedFive { at, .. } => Some(*at),
            NotationError::NotOneTile { .. } => None,
        }
    }
}

/// Walks the notation and calls `f(kind, is_red, digit_offset)` for each tile in order.
fn scan(
    s: &str,
    mut f: impl FnMut(TileKind, bool, usize) -> Result<(), NotationError>,
) -> Result<(), NotationError> {
    let bytes = s.as_bytes();
    let mut group_start: Option<usize> = None;
    for (i, ch) in s.char_indices() {
        match ch {
            '0'..='9' => {
                group_start.get_or_insert(i);
            }
            'm' | 'p' | 's' | 'z' => {
                let Some(start) = group_start.take() else {
                    return Err(NotationError::EmptyGroup { at: i, suit: ch });
                };
                let suit = Suit::from_letter(ch).unwrap_or(Suit::Jihai);
                for (j, &d) in bytes[start..i].iter().enumerate() {
                    let at = start + j;
                    let digit = d - b'0';
                    let (number, red) = if digit == 0 && suit.is_numbered() {
                        (5, true)
                    } else {
                        (digit, false)
                    };
                    let kind = TileKind::from_suit_number(suit, number).ok_or(
                        NotationError::BadNumber {
                            at,
                            digit: char::from(d),
                            suit: ch,
                        },
                    )?;
                    f(kind, red, at)?;
                }
            }
            ' ' | '\t' if group_start.is_none() => {}
            _ => return Err(NotationError::UnexpectedChar { at: i, found: ch }),
        }
    }
    match group_start {
        Some(at) => Err(NotationError::MissingSuit { at }),
        None => Ok(()),
    }
}

/// Reads tile kinds from the notation. A red five (`0`) reads as a five; counts are not
/// limited (a wait list may name any kind).
pub fn parse_kinds(s: &str) -> Result<Vec<TileKind>, NotationError> {
    let mut out = Vec::with_capacity(s.len());
    scan(s, |kind, _, _| {
        out.push(kind);
        Ok(())
    })?;
    Ok(out)
}

/// Reads physical tiles from the notation, in the order written, assigning copies by
/// [`crate::CopyPool`]'s rule (not knowing which suits have red fives):
///
/// - `0` is the red five (copy 0 of that five: ids 16, 52, 88);
/// - any other tile takes the lowest free copy, and a plain five takes copies 1, 2, 3 before
///   copy 0, so that a plain five never becomes the red id while a plain copy is free.
///
/// A fifth copy of a kind, or a second red five of a suit, is an error.
pub fn parse_tiles(s: &str) -> Result<Vec<Tile>, NotationError> {
    let mut pool = crate::CopyPool::new();
    let mut reds = [false; 34]; // a red five was written
    let mut out = Vec::with_capacity(s.len());
    scan(s, |kind, red, at| {
        if red && std::mem::replace(&mut reds[kind.index()], true) {
            return Err(NotationError::SecondRedFive { at, kind });
        }
        let tile = pool
            .take(kind, red)
            .map_err(|_| NotationError::FifthCopy { at, kind })?;
        out.push(tile);
        Ok(())
    })?;
    Ok(out)
}

/// Prints a list of tiles or kinds in the compact notation, keeping the given order and
/// closing a suit group each time the suit changes: `[1m, 2m, 3p, 4m]` prints `12m3p4m`.
/// Physical tiles print red-five ids as `0` (in a game whose rules make only some suits'
/// fives red, see [`TileList::with_red_suits`]). Sort first for the canonical form.
#[derive(Clone, Copy, Debug)]
pub struct TileList<'a> {
    items: Items<'a>,
    /// Which numbered suits (m, p, s) print copy 0 of their five as `0`.
    red_suits: [bool; 3],
}

#[derive(Clone, Copy, Debug)]
enum Items<'a> {
    Tiles(&'a [Tile]),
    Kinds(&'a [TileKind]),
}

impl<'a> TileList<'a> {
    /// Displays physical tiles, every red-five id as `0`.
    pub fn tiles(tiles: &'a [Tile]) -> TileList<'a> {
        TileList {
            items: Items::Tiles(tiles),
            red_suits: [true; 3],
        }
    }

    /// Displays kinds.
    pub fn from_kinds(kinds: &'a [TileKind]) -> TileList<'a> {
        TileList {
            items: Items::Kinds(kinds),
            red_suits: [true; 3],
        }
    }

    /// The same list, printing copy 0 of a five as `0` only in the suits (m, p, s) that
    /// have a red five in the game (a rule set's `RedFives`): elsewhere it is a plain `5`.
    pub fn with_red_suits(self, red_suits: [bool; 3]) -> TileList<'a> {
        TileList { red_suits, ..self }
    }
}

impl fmt::Display for TileList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = match self.items {
            Items::Tiles(t) => t.len(),
            Items::Kinds(k) => k.len(),
        };
        let item = |i: usize| match self.items {
            Items::Tiles(t) => {
                let red = t[i].is_red_five()
                    && self
                        .red_suits
                        .get(t[i].kind().suit() as usize)
                        .is_some_and(|&r| r);
                (t[i].kind(), red)
            }
            Items::Kinds(k) => (k[i], false),
        };
        for i in 0..n {
            let (kind, red) = item(i);
            let digit = if red { 0 } else { kind.number() };
            write!(f, "{digit}")?;
            if i + 1 == n || item(i + 1).0.suit() != kind.suit() {
                write!(f, "{}", kind.suit().letter())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_groups_and_reds() {
        let t = parse_tiles("406p").unwrap();
        assert_eq!(
            t.iter().map(|t| t.id()).collect::<Vec<_>>(),
            vec![48, 52, 56]
        );
        assert_eq!(TileList::tiles(&t).to_string(), "406p");
        let t = parse_tiles("55550m").unwrap_err();
        assert_eq!(
            t,
            NotationError::FifthCopy {
                at: 4,
                kind: TileKind::M5
            }
        );
        let t = parse_tiles("5555m").unwrap();
        assert_eq!(
            t.iter().map(|t| t.id()).collect::<Vec<_>>(),
            vec![17, 18, 19, 16]
        );
        assert_eq!(
            parse_kinds("1234567z").unwrap().last(),
            Some(&TileKind::Chun)
        );
        assert_eq!(parse_tiles("").unwrap(), vec![]);
        assert_eq!(parse_tiles("123m 456p").unwrap().len(), 6);
    }

    #[test]
    fn located_errors() {
        assert_eq!(
            parse_tiles("12x"),
            Err(NotationError::UnexpectedChar { at: 2, found: 'x' })
        );
        assert_eq!(
            parse_tiles("123m45"),
            Err(NotationError::MissingSuit { at: 4 })
        );
        assert_eq!(
            parse_tiles("m"),
            Err(NotationError::EmptyGroup { at: 0, suit: 'm' })
        );
        assert_eq!(
            parse_tiles("18z"),
            Err(NotationError::BadNumber {
                at: 1,
                digit: '8',
                suit: 'z'
            })
        );
        assert_eq!(
            parse_tiles("0z"),
            Err(NotationError::BadNumber {
                at: 0,
                digit: '0',
                suit: 'z'
            })
        );
        assert_eq!(
            parse_tiles("00m"),
            Err(NotationError::SecondRedFive {
                at: 1,
                kind: TileKind::M5
            })
        );
        assert_eq!(parse_tiles("11111z").unwrap_err().offset(), Some(4));
    }

    #[test]
    fn prints_in_given_order() {
        let k = parse_kinds("12m3p4m").unwrap();
        assert_eq!(TileList::from_kinds(&k).to_string(), "12m3p4m");
        let k = parse_kinds("321m").unwrap();
        assert_eq!(TileList::from_kinds(&k).to_string(), "321m");
    }
}
