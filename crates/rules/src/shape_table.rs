//! The shape table of a numbered suit: bit `key` tells whether the suit whose counts (each
//! `0..=4`) read as the base-5 number `key` reads as sets only (its tile count is `0 mod 3`)
//! or as sets and one pair (`2 mod 3`); a count of `1 mod 3` never reads either way, so one
//! bit per key is enough: `5^9` bits, 244 KB.
//!
//! This file is compiled twice: into the build script, which writes the table into the
//! build's output directory (the crate compiles it in, so no process builds it at run
//! time), and into the crate, whose tests build it again and compare. It uses nothing but
//! `std`.
//!
//! Keys of more than 14 tiles (four in five of all) are left clear: no hand has them, and
//! every caller checks the hand's total before it trusts a lookup.

/// `5^j` for the nine numbers of a suit: a suit's counts read as a base-5 number are its
/// key in the shape table.
pub(crate) const POW5: [u32; 9] = [1, 5, 25, 125, 625, 3125, 15_625, 78_125, 390_625];

/// The number of keys of one numbered suit: `5^9`.
const SUIT_KEYS: u32 = 1_953_125;

/// The table's bit for `key` (`false` out of range). Bit `key & 7` of byte `key >> 3`.
#[inline]
pub(crate) fn shape_bit(table: &[u8], key: u32) -> bool {
    table
        .get((key >> 3) as usize)
        .is_some_and(|b| (b >> (key & 7)) & 1 != 0)
}

/// Builds the table in key order. The lowest kind `i` held must belong to a triplet, a run
/// starting at `i` or (for `2 mod 3` tiles) the pair; taking that block away gives a smaller
/// key, already decided.
// The crate itself calls it from its tests only; the build script calls it.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn build() -> Vec<u8> {
    let mut table = vec![0u8; SUIT_KEYS.div_ceil(8) as usize];
    let mut digits = [0u8; 9];
    let mut tiles = 0u32;
    for key in 0..SUIT_KEYS {
        if tiles <= 14 && reads_as_sets(&table, &digits, key, tiles) {
            table[(key >> 3) as usize] |= 1 << (key & 7);
        }
        for d in &mut digits {
            if *d < 4 {
                *d += 1;
                tiles += 1;
                break;
            }
            *d = 0;
            tiles -= 4;
        }
    }
    table
}

/// Whether the suit with these counts (`digits`, its `key`, `tiles` in all) reads as sets,
/// or sets and a pair, given the table's bits for every smaller key.
#[cfg_attr(not(test), allow(dead_code))]
fn reads_as_sets(table: &[u8], digits: &[u8; 9], key: u32, tiles: u32) -> bool {
    let Some(i) = digits.iter().position(|&d| d > 0) else {
        return true;
    };
    let d = digits[i];
    let p = POW5[i];
    let run = i <= 6 && digits[i + 1] > 0 && digits[i + 2] > 0;
    let without_triplet = d >= 3 && shape_bit(table, key - 3 * p);
    let without_run = run && shape_bit(table, key - p - 5 * p - 25 * p);
    match tiles % 3 {
        0 => without_triplet || without_run,
        2 => without_triplet || without_run || (d >= 2 && shape_bit(table, key - 2 * p)),
        _ => false,
    }
}
