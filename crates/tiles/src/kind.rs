use std::fmt;
use std::str::FromStr;

use crate::notation::NotationError;

/// The four suits of the tile set, with honours counted as a suit (`z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Characters, `m`.
    Manzu = 0,
    /// Dots (circles), `p`.
    Pinzu = 1,
    /// Bamboo, `s`.
    Souzu = 2,
    /// Honours (winds and dragons), `z`.
    Jihai = 3,
}

impl Suit {
    /// All four suits, in notation order `m`, `p`, `s`, `z`.
    pub const ALL: [Suit; 4] = [Suit::Manzu, Suit::Pinzu, Suit::Souzu, Suit::Jihai];

    /// The suit letter of the compact notation: `m`, `p`, `s` or `z`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Manzu => 'm',
            Suit::Pinzu => 'p',
            Suit::Souzu => 's',
            Suit::Jihai => 'z',
        }
    }

    /// The suit for a notation letter, if it is one of `m`, `p`, `s`, `z`.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Manzu),
            'p' => Some(Suit::Pinzu),
            's' => Some(Suit::Souzu),
            'z' => Some(Suit::Jihai),
            _ => None,
        }
    }

    /// Whether this is one of the three numbered suits (not honours).
    pub const fn is_numbered(self) -> bool {
        !matches!(self, Suit::Jihai)
    }
}

/// One of the 34 tile kinds, numbered as Tenhou does: `1m`..`9m` are 0..9, `1p`..`9p` 9..18,
/// `1s`..`9s` 18..27, then East, South, West, North, haku (white), hatsu (green), chun (red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum TileKind {
    M1 = 0,
    M2,
    M3,
    M4,
    M5,
    M6,
    M7,
    M8,
    M9,
    P1,
    P2,
    P3,
    P4,
    P5,
    P6,
    P7,
    P8,
    P9,
    S1,
    S2,
    S3,
    S4,
    S5,
    S6,
    S7,
    S8,
    S9,
    /// East wind, `1z`.
    East,
    /// South wind, `2z`.
    South,
    /// West wind, `3z`.
    West,
    /// North wind, `4z`.
    North,
    /// White dragon, `5z`.
    Haku,
    /// Green dragon, `6z`.
    Hatsu,
    /// Red dragon, `7z`.
    Chun,
}

impl TileKind {
    /// The number of kinds.
    pub const COUNT: usize = 34;

    /// All 34 kinds in index order.
    pub const ALL: [TileKind; 34] = {
        let mut all = [TileKind::M1; 34];
        let mut i = 0;
        while i < 34 {
            all[i] = match TileKind::new(i as u8) {
                Some(k) => k,
                None => TileKind::M1,
            };
            i += 1;
        }
        all
    };

    /// The kind with this index (0..34), or `None` past the end.
    #[inline]
    pub const fn new(index: u8) -> Option<TileKind> {
        use TileKind::*;
        // A match, not a table: the compiler sees that each arm is its own index and turns
        // the conversion into a range check, with no load.
        Some(match index {
            0 => M1,
            1 => M2,
            2 => M3,
            3 => M4,
            4 => M5,
            5 => M6,
            6 => M7,
            7 => M8,
            8 => M9,
            9 => P1,
            10 => P2,
            11 => P3,
            12 => P4,
            13 => P5,
            14 => P6,
            15 => P7,
            16 => P8,
            17 => P9,
            18 => S1,
            19 => S2,
            20 => S3,
            21 => S4,
            22 => S5,
            23 => S6,
            24 => S7,
            25 => S8,
            26 => S9,
            27 => East,
            28 => South,
            29 => West,
            30 => North,
            31 => Haku,
            32 => Hatsu,
            33 => Chun,
            _ => return None,
        })
    }

    /// The kind of a suit and number: 1..=9 for numbered suits, 1..=7 for honours
    /// (East, South, West, North, haku, hatsu, chun). `None` when out of range.
    #[inline]
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<TileKind> {
        let max = if suit.is_numbered() { 9 } else { 7 };
        if number == 0 || number > max {
            return None;
        }
        TileKind::new(suit as u8 * 9 + number - 1)
    }

    /// The index 0..34.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self as u8 / 9 {
            0 => Suit::Manzu,
            1 => Suit::Pinzu,
            2 => Suit::Souzu,
            _ => Suit::Jihai,
        }
    }

    /// The number within the suit: 1..=9, or 1..=7 for honours in notation order.
    pub const fn number(self) -> u8 {
        self as u8 % 9 + 1
    }

    /// Whether this is an honour (wind or dragon).
    pub const fn is_honor(self) -> bool {
        self as u8 >= 27
    }

    /// Whether this is a wind.
    pub const fn is_wind(self) -> bool {
        matches!(
            self,
            TileKind::East | TileKind::South | TileKind::West | TileKind::North
        )
    }

    /// Whether this is a dragon.
    pub const fn is_dragon(self) -> bool {
        matches!(self, TileKind::Haku | TileKind::Hatsu | TileKind::Chun)
    }

    /// Whether this is a 1 or a 9 of a numbered suit.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && matches!(self.number(), 1 | 9)
    }

    /// Whether this is a terminal or an honour (yaochuuhai).
    pub const fn is_yaochuu(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// Whether this is a simple, 2..=8 of a numbered suit (chunchanpai).
    pub const fn is_simple(self) -> bool {
        !self.is_yaochuu()
    }

    /// Whether this is a tile of ryuuiisou: 2s, 3s, 4s, 6s, 8s or hatsu.
    pub const fn is_green(self) -> bool {
        matches!(
            self,
            TileKind::S2
                | TileKind::S3
                | TileKind::S4
                | TileKind::S6
                | TileKind::S8
                | TileKind::Hatsu
        )
    }

    /// The wind, if this is a wind tile.
    pub const fn wind(self) -> Option<crate::Wind> {
        match self {
            TileKind::East => Some(crate::Wind::East),
            TileKind::South => Some(crate::Wind::South),
            TileKind::West => Some(crate::Wind::West),
            TileKind::North => Some(crate::Wind::North),
            _ => None,
        }
    }

    /// The dora this kind indicates under the standard four-player cycle: the next number in
    /// the suit (9 wraps to 1), winds E→S→W→N→E, dragons haku→hatsu→chun→haku.
    ///
    /// Sanma's manzu cycle (1m↔9m) is a rule matter and is not handled here.
    pub const fn dora_from_indicator(self) -> TileKind {
        let i = self as u8;
        let next = match self.suit() {
            Suit::Jihai if i < 31 => 27 + (i - 27 + 1) % 4,
            Suit::Jihai => 31 + (i - 31 + 1) % 3,
            _ => i / 9 * 9 + (i % 9 + 1) % 9,
        };
        match TileKind::new(next) {
            Some(k) => k,
            None => self,
        }
    }

    /// The kind `delta` steps further in the same numbered suit, or `None` when that leaves
    /// the suit or this is an honour.
    pub const fn offset(self, delta: i8) -> Option<TileKind> {
        if self.is_honor() {
            return None;
        }
        let n = self.number() as i8 + delta;
        if n < 1 || n > 9 {
            return None;
        }
        TileKind::new((self as u8 / 9) * 9 + (n as u8) - 1)
    }
}

impl fmt::Display for TileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

impl FromStr for TileKind {
    type Err = NotationError;

    /// Parses one kind such as `5m` or `7z`. A red five `0m` reads as `5m`.
    fn from_str(s: &str) -> Result<TileKind, NotationError> {
        let kinds = crate::parse_kinds(s)?;
        match kinds.as_slice() {
            [k] => Ok(*k),
            _ => Err(NotationError::NotOneTile {
                input: s.to_owned(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_is_the_index_and_refuses_the_rest() {
        for i in 0..=u8::MAX {
            match TileKind::new(i) {
                Some(k) => assert_eq!(k.index(), usize::from(i)),
                None => assert!(i >= 34, "{i}"),
            }
        }
    }

    #[test]
    fn indices_and_suits() {
        for (i, k) in TileKind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
            assert_eq!(TileKind::from_suit_number(k.suit(), k.number()), Some(*k));
        }
        assert_eq!(TileKind::Chun.number(), 7);
        assert_eq!(TileKind::from_suit_number(Suit::Jihai, 8), None);
        assert_eq!(TileKind::from_suit_number(Suit::Manzu, 0), None);
    }

    #[test]
    fn dora_cycle() {
        assert_eq!(TileKind::M9.dora_from_indicator(), TileKind::M1);
        assert_eq!(TileKind::P4.dora_from_indicator(), TileKind::P5);
        assert_eq!(TileKind::North.dora_from_indicator(), TileKind::East);
        assert_eq!(TileKind::West.dora_from_indicator(), TileKind::North);
        assert_eq!(TileKind::Chun.dora_from_indicator(), TileKind::Haku);
        assert_eq!(TileKind::Haku.dora_from_indicator(), TileKind::Hatsu);
    }

    #[test]
    fn categories() {
        assert!(TileKind::M1.is_terminal() && TileKind::S9.is_yaochuu());
        assert!(TileKind::East.is_honor() && !TileKind::East.is_terminal());
        assert!(TileKind::P5.is_simple());
        assert!(TileKind::Hatsu.is_green() && !TileKind::S5.is_green());
        assert_eq!(TileKind::S8.offset(1), Some(TileKind::S9));
        assert_eq!(TileKind::S9.offset(1), None);
        assert_eq!(TileKind::East.offset(1), None);
    }
}
