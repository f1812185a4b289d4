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
