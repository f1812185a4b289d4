//! Tenhou's GO `type` bitfield, decoded into typed flags.
//!
//! | bit | meaning when set |
//! |---|---|
//! | 0x001 | against humans (clear: a demo game against computers) |
//! | 0x002 | **no** red fives |
//! | 0x004 | **no** open tanyao (kuitan) |
//! | 0x008 | hanchan (East and South); clear: tonpuusen (East only) |
//! | 0x010 | three players (sanma) |
//! | 0x020, 0x080 | room: neither ippan, 0x080 joukyuu, 0x020 tokujou, both houou |
//! | 0x040 | fast (soku) |
//! | 0x100 and above | not documented; kept as [`GameType::undocumented_bits`] |
//!
//! The decoding says what the bits say and nothing more: what they change in the rules is the
//! rules engine's business.

use std::fmt;

use haifu_tiles::Players;

/// Whether the opponents were people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opponents {
    /// A game against people (bit 0x001 set).
    Humans,
    /// A demo game against computers (bit 0x001 clear).
    Computers,
}

/// Whether the three red fives are in play (aka ari or nashi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aka {
    /// One red five in each numbered suit (aka ari; bit 0x002 clear).
    Used,
    /// No red fives (aka nashi; bit 0x002 set).
    NotUsed,
}

/// Whether an open hand may score tanyao (kuitan ari or nashi).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kuitan {
    /// Kuitan ari (bit 0x004 clear).
    Allowed,
    /// Kuitan nashi (bit 0x004 set).
    Forbidden,
}

/// The length of the game, as the bits give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Length {
    /// East round only (tonpuusen; bit 0x008 clear).
    Tonpuusen,
    /// East and South rounds (hanchan; bit 0x008 set).
    Hanchan,
}

/// The room (lobby level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Room {
    /// 一般, general.
    Ippan,
    /// 上級, advanced (0x080).
    Joukyuu,
    /// 特上, expert (0x020).
    Tokujou,
    /// 鳳凰, phoenix (0x0A0).
    Houou,
}

/// The pace of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speed {
    /// Normal time limits.
    Normal,
    /// Fast (soku, bit 0x040).
    Fast,
}

/// A decoded GO `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameType {
    /// The bitfield as written.
    pub bits: u32,
}

impl GameType {
    /// Wraps the bitfield.
    pub const fn new(bits: u32) -> GameType {
        GameType { bits }
    }

    /// Bit 0x001.
    pub const fn opponents(self) -> Opponents {
        if self.bits & 0x001 != 0 {
            Opponents::Humans
        } else {
            Opponents::Computers
        }
    }

    /// Bit 0x002.
    pub const fn red_fives(self) -> Aka {
        if self.bits & 0x002 != 0 {
            Aka::NotUsed
        } else {
            Aka::Used
        }
    }

    /// Bit 0x004.
    pub const fn open_tanyao(self) -> Kuitan {
        if self.bits & 0x004 != 0 {
            Kuitan::Forbidden
        } else {
            Kuitan::Allowed
        }
    }

    /// Bit 0x008.
    pub const fn length(self) -> Length {
        if self.bits & 0x008 != 0 {
            Length::Hanchan
        } else {
            Length::Tonpuusen
        }
    }

    /// Bit 0x010.
    pub const fn players(self) -> Players {
        if self.bits & 0x010 != 0 {
            Players::Three
        } else {
            Players::Four
        }
    }

    /// Bits 0x020 and 0x080.
    pub const fn room(self) -> Room {
        match (self.bits & 0x020 != 0, self.bits & 0x080 != 0) {
            (false, false) => Room::Ippan,
            (false, true) => Room::Joukyuu,
            (true, false) => Room::Tokujou,
            (true, true) => Room::Houou,
        }
    }

    /// Bit 0x040.
    pub const fn speed(self) -> Speed {
        if self.bits & 0x040 != 0 {
            Speed::Fast
        } else {
            Speed::Normal
        }
    }

    /// The bits at 0x100 and above, which no source documents (seen: 0x100 private lobbies,
    /// 0x200 chip rooms, 0x400 with chips, 0x800 one-hand gold games, 0x1000 hikari).
    pub const fn undocumented_bits(self) -> u32 {
        self.bits & !0xFF
    }
}

impl fmt::Display for GameType {
    /// A short description such as `houou hanchan, red fives, open tanyao (0xa9)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let room = match self.room() {
            Room::Ippan => "ippan",
            Room::Joukyuu => "joukyuu",
            Room::Tokujou => "tokujou",
            Room::Houou => "houou",
        };
        let length = match self.length() {
            Length::Tonpuusen => "tonpuusen",
            Length::Hanchan => "hanchan",
        };
        let players = match self.players() {
            Players::Four => "",
            Players::Three => " sanma",
        };
        let speed = match self.speed() {
            Speed::Normal => "",
            Speed::Fast => " fast",
        };
        let red = match self.red_fives() {
            Aka::Used => "red fives",
            Aka::NotUsed => "no red fives",
        };
        let tanyao = match self.open_tanyao() {
            Kuitan::Allowed => "open tanyao",
            Kuitan::Forbidden => "no open tanyao",
        };
        write!(
            f,
            "{room}{players} {length}{speed}, {red}, {tanyao} ({:#x})",
            self.bits
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_known_types() {
        let houou = GameType::new(0xA9);
        assert_eq!(houou.room(), Room::Houou);
        assert_eq!(houou.length(), Length::Hanchan);
        assert_eq!(houou.red_fives(), Aka::Used);
        assert_eq!(houou.open_tanyao(), Kuitan::Allowed);
        assert_eq!(houou.players(), Players::Four);
        assert_eq!(houou.opponents(), Opponents::Humans);
        assert_eq!(
            houou.to_string(),
            "houou hanchan, red fives, open tanyao (0xa9)"
        );
        let t = GameType::new(0xAB);
        assert_eq!(t.red_fives(), Aka::NotUsed);
        let t = GameType::new(0x07);
        assert_eq!(
            (t.open_tanyao(), t.length(), t.room()),
            (Kuitan::Forbidden, Length::Tonpuusen, Room::Ippan)
        );
        let t = GameType::new(0xB9);
        assert_eq!(t.players(), Players::Three);
        assert_eq!(GameType::new(0x61).speed(), Speed::Fast);
        assert_eq!(GameType::new(0x61).room(), Room::Tokujou);
        assert_eq!(GameType::new(0x89).room(), Room::Joukyuu);
        assert_eq!(GameType::new(0x841).undocumented_bits(), 0x800);
        assert_eq!(GameType::new(0x621).undocumented_bits(), 0x600);
    }
}
