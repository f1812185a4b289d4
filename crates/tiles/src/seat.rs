use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A wind: a round wind (bakaze) or a seat wind (jikaze).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Wind {
    /// East (ton).
    East = 0,
    /// South (nan).
    South = 1,
    /// West (shaa).
    West = 2,
    /// North (pei).
    North = 3,
}

impl Wind {
    /// The four winds in order.
    pub const ALL: [Wind; 4] = [Wind::East, Wind::South, Wind::West, Wind::North];

    /// The wind with this index, taken modulo 4.
    pub const fn from_index(i: u8) -> Wind {
        Wind::ALL[(i % 4) as usize]
    }

    /// The index 0..4.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The wind tile kind (`1z`..`4z`).
    pub const fn tile_kind(self) -> crate::TileKind {
        match self {
            Wind::East => crate::TileKind::East,
            Wind::South => crate::TileKind::South,
            Wind::West => crate::TileKind::West,
            Wind::North => crate::TileKind::North,
        }
    }

    /// The next wind in turn order (North wraps to East).
    pub const fn next(self) -> Wind {
        Wind::from_index(self as u8 + 1)
    }

    /// The letter used by the CLI and the text notation: `E`, `S`, `W` or `N`.
    pub const fn letter(self) -> char {
        match self {
            Wind::East => 'E',
            Wind::South => 'S',
            Wind::West => 'W',
            Wind::North => 'N',
        }
    }

    /// The wind for a letter `E`, `S`, `W`, `N` (either case).
    pub const fn from_letter(c: char) -> Option<Wind> {
        match c {
            'E' | 'e' => Some(Wind::East),
            'S' | 's' => Some(Wind::South),
            'W' | 'w' => Some(Wind::West),
            'N' | 'n' => Some(Wind::North),
            _ => None,
        }
    }
}

impl fmt::Display for Wind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A seat at the table, numbered 0..4 as in the log: seat 0 is the player who was dealer
/// (chiicha) in the first round, and turn order is 0 → 1 → 2 → 3 → 0. Shown (`Display`) as
/// its letter, `A` to `D`; serialised as its number.
///
/// A seat is fixed for the whole game; its wind changes with the dealer ([`Seat::wind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(u8);

impl Seat {
    /// The four seats in turn order.
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat with this number, or `None` if `n >= 4`.
    pub const fn new(n: u8) -> Option<Seat> {
        if n < 4 { Some(Seat(n)) } else { None }
    }

    /// The seat number 0..4.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order (shimocha).
    pub const fn next(self) -> Seat {
        Seat((self.0 + 1) % 4)
    }

    /// The seat `steps` places further in turn order.
    pub const fn after(self, steps: u8) -> Seat {
        Seat((self.0 + steps % 4) % 4)
    }

    /// How many places `other` sits after `self` in turn order: 0 for itself, 1 for shimocha,
    /// 2 for toimen, 3 for kamicha.
    pub const fn distance_to(self, other: Seat) -> u8 {
        (other.0 + 4 - self.0) % 4
    }

    /// This seat's wind when `dealer` is the dealer.
    pub const fn wind(self, dealer: Seat) -> Wind {
        Wind::from_index(dealer.distance_to(self))
    }

    /// The seat's letter, `A` to `D` in turn order (seat `A` is Tenhou's seat 0): how the text
    /// notation and every message name it.
    pub const fn letter(self) -> char {
        (b'A' + self.0 % 4) as char
    }
}

/// A seat is shown by its letter, `A` to `D` (seat `A` is Tenhou's seat 0), as the text
/// notation writes it; the JSON forms keep the number.
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The number of players at the table, and the seat arithmetic that depends on it.
///
/// With four players every seat plays; with three (sanma) seats `A`–`C` play and seat `D`
/// stays empty: turn order goes A → B → C → A, the seat winds are East, South and West, and
/// the North wind is nobody's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Players {
    /// Four players, 136 tiles.
    Four,
    /// Three players (sanma), 108 tiles: 2m–8m are not used.
    Three,
}

/// Seats `A`–`C`.
const THREE_SEATS: [Seat; 3] = [Seat(0), Seat(1), Seat(2)];

impl Players {
    /// The number of tiles in play: 136, or 108 without 2m–8m.
    pub const fn tiles(self) -> u8 {
        match self {
            Players::Four => 136,
            Players::Three => 108,
        }
    }

    /// Whether `kind` is in play: every kind with four players; not 2m–8m in sanma.
    pub const fn uses(self, kind: crate::TileKind) -> bool {
        match self {
            Players::Four => true,
            Players::Three => {
                let i = kind as u8;
                !(i >= 1 && i <= 7)
            }
        }
    }

    /// The dora `indicator` points to: the next kind in its suit or group, as
    /// [`TileKind::dora_from_indicator`](crate::TileKind::dora_from_indicator) gives it, except
    /// that in sanma 1m and 9m are each other's dora (2m–8m are not in play).
    pub const fn dora_of(self, indicator: crate::TileKind) -> crate::TileKind {
        match (self, indicator) {
            (Players::Three, crate::TileKind::M1) => crate::TileKind::M9,
            _ => indicator.dora_from_indicator(),
        }
    }

    /// How many players: 4 or 3.
    pub const fn count(self) -> u8 {
        match self {
            Players::Four => 4,
            Players::Three => 3,
        }
    }

    /// The seats that play, in turn order from seat `A`.
    pub const fn seats(self) -> &'static [Seat] {
        match self {
            Players::Four => &Seat::ALL,
            Players::Three => &THREE_SEATS,
        }
    }

    /// Whether `seat` plays (seat `D` does not in sanma).
    pub const fn plays(self, seat: Seat) -> bool {
        seat.0 < self.count()
    }

    /// The seat after `seat` in turn order (its shimocha).
    pub const fn next(self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.count())
    }

    /// The seat `steps` places after `seat` in turn order.
    pub const fn after(self, seat: Seat, steps: u8) -> Seat {
        let n = self.count();
        Seat((seat.0 % n + steps % n) % n)
    }

    /// How many places `to` sits after `from` in turn order: 0 for itself, 1 for the
    /// shimocha, and `count - 1` for the kamicha (the player to the left).
    pub const fn distance(self, from: Seat, to: Seat) -> u8 {
        let n = self.count();
        (to.0 % n + n - from.0 % n) % n
    }

    /// `seat`'s wind when `dealer` deals: East for the dealer, then South, West (and North
    /// with four players) in turn order.
    pub const fn seat_wind(self, seat: Seat, dealer: Seat) -> Wind {
        Wind::from_index(self.distance(dealer, seat))
    }
}

/// One value for each of the four seats, indexed by [`Seat`].
///
/// Serialised as a four-element array in seat order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>([T; 4]);

impl<T> BySeat<T> {
    /// From an array in seat order.
    pub const fn from_array(values: [T; 4]) -> BySeat<T> {
        BySeat(values)
    }

    /// Builds each seat's value with `f`.
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat([f(Seat(0)), f(Seat(1)), f(Seat(2)), f(Seat(3))])
    }

    /// The value of `seat`.
    pub fn get(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }

    /// The value of `seat`, mutably.
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }

    /// Maps each value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// The values in seat order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// Each seat with its value, in seat order.
    pub fn iter_seats(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }

    /// The values as an array in seat order.
    pub fn as_array(&self) -> &[T; 4] {
        &self.0
    }

    /// The values as an array in seat order.
    pub fn into_array(self) -> [T; 4] {
        self.0
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        self.get(seat)
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        self.get_mut(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_and_winds() {
        let s = |n| Seat::new(n).unwrap();
        assert_eq!(s(3).next(), s(0));
        assert_eq!(s(1).distance_to(s(0)), 3);
        assert_eq!(s(0).wind(s(1)), Wind::North);
        assert_eq!(s(1).wind(s(1)), Wind::East);
        assert_eq!(s(2).after(3), s(1));
        let mut b = BySeat::new_with(|seat| seat.index() * 10);
        b[s(2)] += 1;
        assert_eq!(b.into_array(), [0, 10, 21, 30]);
    }
}
