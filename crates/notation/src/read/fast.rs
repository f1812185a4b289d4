//! The one fast path left: runs of plain move lines (draws, discards, `*`, `riichi`,
//! `deposit`, the commonest `pon` and `chi`) read without the line grammar when they are well
//! formed, as the grammar would read them (anything else goes to it). It exists for speed
//! alone: without it reading the Tenhou corpus as text takes 56 ms against 34 ms
//! (`haifu_text_by_grammar` against `haifu_text` in `cargo bench -p haifu-notation --bench
//! read`, 2026-11-26; mjlog 13.4 ms). [`crate::read_by_grammar`] reads without it, and
//! `tests/fast_path_agrees.rs` requires the same result both ways.

use super::*;

/// Reads the commonest move tokens of `seat`'s line, from byte `at` of `text`: a lone tile
/// such as `5m` or `3'1s` (a draw or a discard), `*`, `riichi`, `deposit`, and a `pon` or
/// `chi` in the shapes [`quick_call`] reads, each followed by one blank or the line's end,
/// as long as each is what the general path would read without an error. Returns where it stopped (a line end,
/// or a token for the general path) and whether it read a move. The caller checks that a
/// round is in progress.
#[inline(always)]
pub(super) fn quick_moves(
    table: &mut Table,
    log: &mut GameLog,
    seat: Seat,
    text: &str,
    mut at: usize,
) -> (usize, bool) {
    let b = text.as_bytes();
    let s = seat.index() & 3;
    let mut any = false;
    // Each token with the byte after it: the last line of a text without a newline is left
    // to the general path.
    while let Some(&[c0, c1, c2]) = b.get(at..at + 3) {
        if c0 == b'*' {
            let Some(tile) = table.last_draw[s] else {
                break;
            };
            if c1 != b' ' && c1 != b'\n' {
                break;
            }
            table.discard(seat, tile);
            log.push_discard(seat, tile, true);
            at += 1;
        } else if c1 == b'\'' {
            // A marked tile, `3'1s`: that copy (marks '0 to '3, never on a red five, never '0
            // on a five: what the tile grammar accepts).
            let Some(&[c3, c4]) = b.get(at + 3..at + 5) else {
                break;
            };
            let copy = c2.wrapping_sub(b'0');
            let Some(tile) = quick_code(c0, c3)
                .map(quick_raw)
                .filter(|r| !r.red && copy <= 3 && !(copy == 0 && is_five(r.kind.index())))
                .and_then(|r| Tile::from_kind(r.kind, copy))
            else {
                break;
            };
            if c4 != b' ' && c4 != b'\n' {
                break;
            }
            if table.need_discard[s] {
                let last = table.last_draw[s];
                table.discard(seat, tile);
                log.push_discard(seat, tile, Some(tile) == last);
            } else {
                if !table.unseen(tile) {
                    break;
                }
                table.draw(seat, tile);
                log.push_draw_tile(seat, tile);
            }
            at += 4;
        } else if let Some(q) = quick_code(c0, c1) {
            if c2 != b' ' && c2 != b'\n' {
                break;
            }
            if table.need_discard[s] {
                let last = table.last_draw[s];
                let Some(tile) = table.resolve_held(seat, quick_raw(q), last) else {
                    break;
                };
                table.discard(seat, tile);
                log.push_discard(seat, tile, Some(tile) == last);
            } else {
                let Some(tile) = table
                    .resolve_draw(seat, quick_raw(q))
                    .filter(|&t| table.unseen(t))
                else {
                    break;
                };
                table.draw(seat, tile);
                log.push_draw_tile(seat, tile);
            }
            at += 2;
        } else if let Some(w) = b.get(at..at + 4)
            && (w == b"pon " || w == b"chi ")
        {
            let kind = if c0 == b'p' {
                MeldKind::Pon
            } else {
                MeldKind::Chi
            };
            let Some((meld, len)) = quick_call(table, seat, kind, b.get(at + 4..).unwrap_or(&[]))
            else {
                break;
            };
            table.call(seat, meld);
            log.push_call(seat, meld);
            at += 4 + len;
        } else if let Some(w) = b.get(at..at + 8)
            && w[..6] == *b"riichi"
            && (w[6] == b' ' || w[6] == b'\n')
        {
            log.push_riichi(seat, RiichiStage::Declared, None);
            at += 6;
        } else if let Some(w) = b.get(at..at + 8)
            && w[..7] == *b"deposit"
            && (w[7] == b' ' || w[7] == b'\n')
        {
            let scores = table.default_deposit(seat);
            table.deposit(seat, scores);
            log.push_riichi(seat, RiichiStage::DepositTaken, scores);
            at += 7;
        } else {
            break;
        }
        any = true;
        if b.get(at) != Some(&b' ') {
            break;
        }
        at += 1;
    }
    (at, any)
}

/// The quick kind code (`lex::QUICK_KINDS`) of an unmarked tile written as digit `d` and
/// suit letter `letter`, if it is one.
pub(super) fn quick_code(d: u8, letter: u8) -> Option<u8> {
    let code = usize::from(lex::SUIT_CODE[usize::from(letter)]);
    let q = *lex::QUICK_KINDS.get(code * 10 + usize::from(d.wrapping_sub(b'0')))?;
    (d.is_ascii_digit() && q != lex::NOT_A_TILE).then_some(q)
}

/// The unmarked tile of quick kind code `q` (`lex::QUICK_KINDS`).
fn quick_raw(q: u8) -> RawTile {
    RawTile {
        kind: TileKind::ALL[usize::from(q & !lex::RED) % 34],
        red: q & lex::RED != 0,
        copy: None,
    }
}

/// What [`quick_lines`] read.
pub(super) struct QuickLines {
    /// Move lines read whole, the start of the last of them, and where the next line starts.
    pub(super) lines: u32,
    pub(super) last: usize,
    pub(super) next: usize,
    /// For a move line at `next` that [`quick_moves`] left unfinished: its seat, where it
    /// stopped and whether it read a move; `None` when the line at `next` is no move line.
    pub(super) stop: Option<(Seat, usize, bool)>,
}

/// Reads the move lines that start at byte `start` of `text`, one after another, as long as
/// [`quick_moves`] reads each whole: the round's run of plain turns in one loop, without a
/// return to the line dispatch for each line. The caller has checked that the first line
/// is a move line and that its moves may go to [`quick_moves`] (moves never change that).
#[inline(never)]
pub(super) fn quick_lines(
    table: &mut Table,
    log: &mut GameLog,
    text: &str,
    mut start: usize,
) -> QuickLines {
    let b = text.as_bytes();
    let (mut lines, mut last) = (0u32, start);
    while let Some(&[c @ b'A'..=b'D', b' ']) = b.get(start..start + 2) {
        let seat = Seat::ALL[usize::from(c - b'A')];
        // The commonest line, a draw and a discard (`A 5m 9s`, `A 5m *`), read at fixed
        // places; as `quick_moves` reads it, which takes anything else.
        if let Some(&[d1, l1, b' ', x, y, z]) = b.get(start + 2..start + 8)
            && !table.need_discard[seat.index() & 3]
            && let Some(q1) = quick_code(d1, l1)
        {
            let q2 = quick_code(x, y);
            let turn = if x == b'*' && y == b'\n' {
                Some(7)
            } else if z == b'\n' {
                q2.map(|_| 8)
            } else {
                None
            };
            if let Some(len) = turn
                && let Some(drawn) = table
                    .resolve_draw(seat, quick_raw(q1))
                    .filter(|&t| table.unseen(t))
            {
                table.draw(seat, drawn);
                log.push_draw_tile(seat, drawn);
                let discard = if len == 7 {
                    Some(drawn)
                } else {
                    q2.and_then(|q2| table.resolve_held(seat, quick_raw(q2), Some(drawn)))
                };
                let Some(tile) = discard else {
                    // Drawn; the discard is the general path's.
                    return QuickLines {
                        lines,
                        last,
                        next: start,
                        stop: Some((seat, start + 5, true)),
                    };
                };
                table.discard(seat, tile);
                log.push_discard(seat, tile, tile == drawn);
                lines = lines.saturating_add(1);
                last = start;
                start += len;
                continue;
            }
        }
        let (end, read) = quick_moves(table, log, seat, text, start + 2);
        if !read || b.get(end) != Some(&b'\n') {
            return QuickLines {
                lines,
                last,
                next: start,
                stop: Some((seat, end, read)),
            };
        }
        lines = lines.saturating_add(1);
        last = start;
        start = end + 1;
    }
    QuickLines {
        lines,
        last,
        next: start,
        stop: None,
    }
}

/// The called tile, source and tiles from hand of a `pon` or `chi` (`kind`) in their
/// commonest shapes, `5z<A` (the tiles from hand by default) or `4m<D+23m`, without copy
/// marks and followed by one blank or the line's end: the meld the general path reads and
/// the token's length. `None` for anything else (the general path then reads it, or says
/// what is wrong).
pub(super) fn quick_call(
    table: &Table,
    seat: Seat,
    kind: MeldKind,
    b: &[u8],
) -> Option<(Meld, usize)> {
    let raw = |d: u8, letter: u8| quick_code(d, letter).map(quick_raw);
    let &[d, letter, b'<', from @ b'A'..=b'D', next, ..] = b else {
        return None;
    };
    let called = resolve_called(table, seat, raw(d, letter)?)?;
    let from = Seat::ALL[usize::from(from - b'A')];
    let (hand, len) = match next {
        b' ' | b'\n' if kind == MeldKind::Pon => {
            (default_call_hand(table, seat, called.kind(), 2)?, 4)
        }
        b'+' => {
            let &[d1, d2, letter, b' ' | b'\n'] = b.get(5..9)? else {
                return None;
            };
            let mut local = Taken::default();
            let mut hand: ArrayVec<Tile, 4> = ArrayVec::new();
            for d in [d1, d2] {
                let t = resolve_held_list(table, seat, raw(d, letter)?, &local)?;
                local.add(t);
                hand.push(t);
            }
            (hand, 8)
        }
        _ => return None,
    };
    let mut tiles = hand;
    tiles.insert(0, called);
    Some((
        new_meld(kind, &mut tiles, Some(called), None, Some(from))?,
        len,
    ))
}
