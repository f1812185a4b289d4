use std::fmt;

use haifu_tiles::Seat;

/// A set of seats, e.g. the seats tenpai at an exhaustive draw or the winners of a multiple
/// ron. A 4-bit mask: `Copy`, no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seats(u8);

impl Seats {
    /// No seat.
    pub const EMPTY: Seats = Seats(0);
    /// All four seats.
    pub const ALL: Seats = Seats(0b1111);

    /// The set holding only `seat`.
    pub const fn of(seat: Seat) -> Seats {
        Seats(1 << seat.index())
    }

    /// This set with `seat` added.
    #[must_use]
    pub const fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | 1 << seat.index())
    }

    /// This set with `seat` removed.
    #[must_use]
    pub const fn without(self, seat: Seat) -> Seats {
        Seats(self.0 & !(1 << seat.index()))
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & 1 << seat.index() != 0
    }

    /// How many seats the set holds.
    pub const fn len(self) -> u8 {
        // At most four bits are set, so the count fits in a u8.
        self.0.count_ones() as u8
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

impl FromIterator<Seat> for Seats {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Seats {
        iter.into_iter().fold(Seats::EMPTY, Seats::with)
    }
}

impl fmt::Debug for Seats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.index()))
            .finish()
    }
}
