//! Tenhou's meld bit field (`N m="…"`), decoded into a [`Meld`].
//!
//! Layout, by the lowest set kind bit (Tenhou's own client order):
//!
//! | test | kind | fields |
//! |---|---|---|
//! | `m & 0x04` | chi | `m >> 10` = `(base run index)·3 + called position`; copies of the three tiles at bits 3–4, 5–6, 7–8 |
//! | `m & 0x08` | pon | `m >> 9` = `kind·3 + called position`; bits 5–6 = the copy *not* in the pon |
//! | `m & 0x10` | kakan | as pon; bits 5–6 = the copy added |
//! | `m & 0x20` | kita (sanma) | `m >> 8` = the North's tile id |
//! | otherwise | daiminkan, or ankan when `m & 3 == 0` | `m >> 8` = the called tile id (any copy for ankan) |
//!
//! `m & 3` is where the called tile came from, counted in turn order from the caller:
//! 1 the next seat (shimocha), 2 across (toimen), 3 the previous seat (kamicha); 0 none.
//! The count is over four seats even in sanma, where seat 3 is empty: there seat 2 calling
//! from seat 0 writes 2, and seat 1 calling from seat 0 writes 3 (checked on every call of
//! the real sanma logs).

use haifu_tiles::{Meld, MeldKind, Seat, Tile, TileKind};

/// Why a meld field does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    /// The field names a tile or run that does not exist.
    #[error("meld bits {0} name no real tile or run")]
    OutOfRange(u32),
    /// A chi, pon, kakan or daiminkan without a source seat (`m & 3 == 0`).
    #[error("meld bits {0} are a called meld without the seat it was called from")]
    NoSource(u32),
    /// A kita whose tile is not a North.
    #[error("meld bits {0} are a kita of a tile that is not a North")]
    KitaNotNorth(u32),
}

/// Decodes the meld bits `m` of a call by `caller`.
///
/// The seat the tile came from is `caller` plus the offset in `m & 3`, counted over four
/// seats (also in sanma). It checks that the ids exist and that a kita is a North; it does not
/// check that the call was legal.
pub fn decode_meld(m: u32, caller: Seat) -> Result<Meld, MeldError> {
    let from_offset = (m & 3) as u8;
    let from = (from_offset != 0).then(|| caller.after(from_offset));
    let tile = |id: u32| {
        u8::try_from(id)
            .ok()
            .and_then(Tile::new)
            .ok_or(MeldError::OutOfRange(m))
    };
    let bad = || MeldError::OutOfRange(m);
    if m & 0x04 != 0 {
        let t = m >> 10;
        let called_pos = (t % 3) as usize;
        let run = t / 3;
        if run >= 21 {
            return Err(bad());
        }
        let base = (run / 7) * 9 + run % 7;
        let copies = [(m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3];
        let tiles = [
            tile((base) * 4 + copies[0])?,
            tile((base + 1) * 4 + copies[1])?,
            tile((base + 2) * 4 + copies[2])?,
        ];
        let from = from.ok_or(MeldError::NoSource(m))?;
        Meld::new(
            MeldKind::Chi,
            &tiles,
            Some(tiles[called_pos]),
            None,
            Some(from),
        )
        .ok_or_else(bad)
    } else if m & 0x18 != 0 {
        let t = m >> 9;
        let called_pos = (t % 3) as usize;
        let kind = t / 3;
        if kind >= 34 {
            return Err(bad());
        }
        let other = (m >> 5) & 3;
        let mut pon = [Tile::new(0).ok_or_else(bad)?; 3];
        let mut n = 0;
        for copy in 0..4 {
            if copy != other {
                pon[n] = tile(kind * 4 + copy)?;
                n += 1;
            }
        }
        let called = Some(pon[called_pos]);
        let from = from.ok_or(MeldError::NoSource(m))?;
        if m & 0x08 != 0 {
            Meld::new(MeldKind::Pon, &pon, called, None, Some(from)).ok_or_else(bad)
        } else {
            let added = tile(kind * 4 + other)?;
            let all = [pon[0], pon[1], pon[2], added];
            Meld::new(MeldKind::Kakan, &all, called, Some(added), Some(from)).ok_or_else(bad)
        }
    } else if m & 0x20 != 0 {
        let north = tile(m >> 8)?;
        if north.kind() != TileKind::North {
            return Err(MeldError::KitaNotNorth(m));
        }
        Meld::new(MeldKind::Kita, &[north], None, None, None).ok_or_else(bad)
    } else {
        let called = tile(m >> 8)?;
        let kind = u32::from(called.id() / 4);
        let all = [
            tile(kind * 4)?,
            tile(kind * 4 + 1)?,
            tile(kind * 4 + 2)?,
            tile(kind * 4 + 3)?,
        ];
        match from {
            None => Meld::new(MeldKind::Ankan, &all, None, None, None).ok_or_else(bad),
            Some(from) => {
                Meld::new(MeldKind::Daiminkan, &all, Some(called), None, Some(from)).ok_or_else(bad)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u8) -> Seat {
        Seat::new(n).unwrap()
    }

    fn ids(meld: &Meld) -> Vec<u8> {
        meld.tiles().iter().map(|t| t.id()).collect()
    }

    /// Encodes a chi the way Tenhou does, to test decoding against every field value.
    fn encode_chi(run: u32, called_pos: u32, copies: [u32; 3], from: u32) -> u32 {
        ((run * 3 + called_pos) << 10)
            | (copies[2] << 7)
            | (copies[1] << 5)
            | (copies[0] << 3)
            | 0x4
            | from
    }

    fn encode_pon(kind: u32, called_pos: u32, other: u32, from: u32, kakan: bool) -> u32 {
        ((kind * 3 + called_pos) << 9) | (other << 5) | if kakan { 0x10 } else { 0x08 } | from
    }

    #[test]
    fn every_chi() {
        for run in 0..21 {
            for called_pos in 0..3 {
                for c0 in 0..4 {
                    for c1 in 0..4 {
                        for c2 in 0..4 {
                            let m = encode_chi(run, called_pos, [c0, c1, c2], 3);
                            let meld = decode_meld(m, seat(1)).unwrap();
                            let base = (run / 7) * 9 + run % 7;
                            let want = vec![
                                (base * 4 + c0) as u8,
                                ((base + 1) * 4 + c1) as u8,
                                ((base + 2) * 4 + c2) as u8,
                            ];
                            assert_eq!(meld.kind, MeldKind::Chi);
                            assert_eq!(ids(&meld), want);
                            assert_eq!(meld.called.map(Tile::id), Some(want[called_pos as usize]));
                            assert_eq!(meld.from, Some(seat(0)));
                            assert_eq!(
                                meld.base_kind().suit(),
                                TileKind::new(base as u8).unwrap().suit()
                            );
                        }
                    }
                }
            }
        }
        assert_eq!(
            decode_meld(encode_chi(21, 0, [0, 0, 0], 3), seat(1)),
            Err(MeldError::OutOfRange(encode_chi(21, 0, [0, 0, 0], 3)))
        );
        assert!(matches!(
            decode_meld(encode_chi(0, 0, [0, 0, 0], 0), seat(1)),
            Err(MeldError::NoSource(_))
        ));
    }

    #[test]
    fn every_pon_and_kakan() {
        for kind in 0..34 {
            for called_pos in 0..3 {
                for other in 0..4 {
                    for from in 1..4 {
                        let pon =
                            decode_meld(encode_pon(kind, called_pos, other, from, false), seat(2))
                                .unwrap();
                        let want: Vec<u8> = (0..4)
                            .filter(|c| *c != other)
                            .map(|c| (kind * 4 + c) as u8)
                            .collect();
                        assert_eq!(pon.kind, MeldKind::Pon);
                        assert_eq!(ids(&pon), want);
                        assert_eq!(pon.called.map(Tile::id), Some(want[called_pos as usize]));
                        assert_eq!(pon.from, Some(seat(((2 + from) % 4) as u8)));
                        assert_eq!(pon.added, None);
                        let kakan =
                            decode_meld(encode_pon(kind, called_pos, other, from, true), seat(2))
                                .unwrap();
                        assert_eq!(kakan.kind, MeldKind::Kakan);
                        assert_eq!(
                            ids(&kakan),
                            (0..4).map(|c| (kind * 4 + c) as u8).collect::<Vec<_>>()
                        );
                        assert_eq!(kakan.added.map(Tile::id), Some((kind * 4 + other) as u8));
                        assert_eq!(kakan.called, pon.called);
                    }
                }
            }
        }
        let m = encode_pon(34, 0, 0, 1, false);
        assert_eq!(decode_meld(m, seat(0)), Err(MeldError::OutOfRange(m)));
    }

    #[test]
    fn every_kan_and_kita() {
        for id in 0..136u32 {
            for from in 0..4 {
                let m = (id << 8) | from;
                let meld = decode_meld(m, seat(3)).unwrap();
                let kind = id / 4;
                assert_eq!(
                    ids(&meld),
                    (0..4).map(|c| (kind * 4 + c) as u8).collect::<Vec<_>>()
                );
                if from == 0 {
                    assert_eq!(meld.kind, MeldKind::Ankan);
                    assert_eq!((meld.called, meld.from), (None, None));
                } else {
                    assert_eq!(meld.kind, MeldKind::Daiminkan);
                    assert_eq!(meld.called.map(Tile::id), Some(id as u8));
                    assert_eq!(meld.from, Some(seat(((3 + from) % 4) as u8)));
                }
            }
            let kita = decode_meld((id << 8) | 0x20, seat(0));
            if id / 4 == 30 {
                let k = kita.unwrap();
                assert_eq!((k.kind, ids(&k)), (MeldKind::Kita, vec![id as u8]));
            } else {
                assert!(matches!(kita, Err(MeldError::KitaNotNorth(_))));
            }
        }
        assert!(matches!(
            decode_meld(136 << 8, seat(0)),
            Err(MeldError::OutOfRange(_))
        ));
    }

    #[test]
    fn sanma_sources_wrap_over_three_seats() {
        // Seat 0 pons from its previous seat: over three seats that is seat 2.
        let meld = decode_meld(encode_pon(31, 0, 0, 2, false), seat(0)).unwrap();
        assert_eq!(meld.from, Some(seat(2)));
    }
}
