//! Move lines: a seat letter and its draws, discards, calls, riichi and the other moves,
//! each parsed by the move grammar, then resolved to a physical tile against the table.

use crate::grammar::{self, LineError};

use super::*;

impl<'t> Reader<'t, '_> {
    /// The moves of a move line, after its seat letter: each token read from the cursor (no
    /// list of the line's tokens is made), its round checked, its syntax read by the move
    /// grammar ([`one_move`]), then its move applied, in order.
    pub(super) fn moves(&mut self, seat: Seat, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let mut any = false;
        while let Some((col, tok)) = cur.next_token() {
            any = true;
            let p = shift(pos, col);
            if !self.table.open && tok != "bye" && tok != "back" {
                self.require_round(tok, p)?;
            }
            let m = one_move(col, tok, cur).map_err(|e| shift(pos, e.col).err(e.kind))?;
            self.apply_move(seat, p, tok, m, pos)?;
        }
        if !any {
            return Err(shift(pos, cur.offset()).err(ErrorKind::EndOfLine {
                expected: "moves after the seat: a draw, a discard, a call, riichi…",
            }));
        }
        Ok(())
    }

    /// Applies one move of `seat`'s line, written `tok` at `p`.
    fn apply_move(
        &mut self,
        seat: Seat,
        p: Pos<'t>,
        tok: &'t str,
        m: Move<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let s = seat.index();
        match m {
            Move::Star => {
                let tile = self.table.last_draw[s].ok_or_else(|| {
                    p.err(ErrorKind::Inconsistent {
                        detail: format!(
                            "`*` discards the tile {} just drew, but {} has not drawn since its last discard or call",
                            lex::seat_letter(seat),
                            lex::seat_letter(seat)
                        ),
                    })
                })?;
                self.discard(seat, tile, true, p);
            }
            Move::Discard(raw, how) => {
                let last = self.table.last_draw[s];
                let avoid = if how == DiscardMark::Either {
                    last
                } else {
                    None
                };
                let tile = self.held_raw(seat, shift(p, 1), raw, avoid)?;
                let tsumogiri = match how {
                    DiscardMark::Tsumogiri => true,
                    DiscardMark::Not => false,
                    DiscardMark::Either => Some(tile) == last,
                };
                self.discard(seat, tile, tsumogiri, p);
            }
            Move::Draw(raw) => self.draw_raw(seat, shift(p, 1), raw)?,
            Move::Tile(raw) => {
                if self.table.need_discard[s] {
                    let last = self.table.last_draw[s];
                    let tile = self.held_raw(seat, p, raw, last)?;
                    self.discard(seat, tile, Some(tile) == last, p);
                } else {
                    self.draw_raw(seat, p, raw)?;
                }
            }
            Move::Generic => {
                let meld = generic_meld(p, tok, self.table.red_fives)?;
                self.call(seat, meld);
            }
            Move::Riichi(scores) => self.log.push_riichi(seat, RiichiStage::Declared, scores),
            Move::Deposit(stated) => {
                let scores = match stated {
                    None => self.table.default_deposit(seat),
                    Some(s) => s,
                };
                self.table.deposit(seat, scores);
                self.log
                    .push_riichi(seat, RiichiStage::DepositTaken, scores);
            }
            Move::Call(kind, (col, m)) => {
                let meld = self.called_meld(seat, kind, shift(pos, col), m)?;
                self.call(seat, meld);
            }
            Move::Kakan((col, m)) => {
                let mp = shift(pos, col);
                let added = self.held(seat, mp, m, None)?;
                let meld = kakan_of(&self.table, seat, added).ok_or_else(|| {
                    mp.err(ErrorKind::Inconsistent {
                        detail: format!(
                            "a kakan of {} needs {}'s pon of {}; write the meld in full as {{kakan …}}",
                            added,
                            lex::seat_letter(seat),
                            added.kind()
                        ),
                    })
                })?;
                self.call(seat, meld);
            }
            Move::Ankan((col, m)) => {
                let mp = shift(pos, col);
                let mut raws: ArrayVec<(usize, RawTile), 4> = ArrayVec::new();
                lex::tiles(m, |raw, at| raws.try_push((at, raw)).map_err(|_| at)).map_err(|e| {
                    match e {
                        Ok((at, k)) => shift(mp, at).err(k),
                        Err(at) => {
                            shift(mp, at).err(expected("one tile (the kind) or the four tiles", m))
                        }
                    }
                })?;
                let meld = match raws.len() {
                    1 => ankan_all(raws[0].1.kind),
                    4 => {
                        let mut local = Taken::default();
                        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
                        for &(at, raw) in &raws {
                            let t = resolve_held_list(&self.table, seat, raw, &local)
                                .ok_or_else(|| not_held(shift(mp, at), seat, raw))?;
                            local.add(t);
                            tiles.push(t);
                        }
                        new_meld(MeldKind::Ankan, &mut tiles, None, None, None)
                    }
                    _ => None,
                }
                .ok_or_else(|| mp.err(expected("one tile (the kind) or the four tiles", m)))?;
                self.call(seat, meld);
            }
            Move::Kita((col, m)) => {
                let mp = shift(pos, col);
                let t = self.held(seat, mp, m, None)?;
                let meld = Meld::new(MeldKind::Kita, &[t], None, None, None)
                    .ok_or_else(|| mp.err(expected("a tile", m)))?;
                self.call(seat, meld);
            }
            Move::Dora((col, t)) => self.new_dora(shift(pos, col), t)?,
            Move::Dead => self.log.push_mistake(seat, Mistake::DeadHand, None),
            Move::FalseWin(deltas) => {
                if let Some(d) = deltas {
                    self.table.pay(d);
                }
                self.log.push_mistake(seat, Mistake::FalseWin, deltas);
            }
            Move::Bye => self.log.push_disconnect(seat),
            Move::Back(name) => {
                let name = name.unwrap_or_else(|| self.log.header.players[seat].name.clone());
                self.log.push_reconnect(seat, name);
            }
        }
        Ok(())
    }

    pub(super) fn held(&self, seat: Seat, p: Pos<'t>, token: &str, avoid: Option<Tile>) -> R<Tile> {
        let raw = lex::one_tile(token).map_err(|(o, k)| shift(p, o).err(k))?;
        self.held_raw(seat, p, raw, avoid)
    }

    pub(super) fn held_raw(
        &self,
        seat: Seat,
        p: Pos<'t>,
        raw: RawTile,
        avoid: Option<Tile>,
    ) -> R<Tile> {
        self.table
            .resolve_held(seat, raw, avoid)
            .ok_or_else(|| not_held(p, seat, raw))
    }

    pub(super) fn draw_raw(&mut self, seat: Seat, p: Pos<'t>, raw: RawTile) -> R<()> {
        let hint = self.table.wall_draw(seat);
        let t = self.enter(p, raw, hint)?;
        self.table.draw(seat, t);
        self.log.push_draw_tile(seat, t);
        Ok(())
    }

    /// `seat` discards `tile`, written at `p`; a tile it does not hold (the referee's to
    /// judge) is noted, for the message of a win whose hand it leaves too big.
    pub(super) fn discard(&mut self, seat: Seat, tile: Tile, tsumogiri: bool, p: Pos<'t>) {
        if !self.table.held_by(seat, tile) {
            self.unheld_discard[seat.index() & 3].get_or_insert((p, tile));
        }
        self.table.discard(seat, tile);
        self.log.push_discard(seat, tile, tsumogiri);
    }

    pub(super) fn call(&mut self, seat: Seat, meld: Meld) {
        self.table.call(seat, meld);
        self.log.push_call(seat, meld);
    }

    /// `3m<A+45m`, `9p<C`: the called tile, its source, and optionally the tiles from hand.
    pub(super) fn called_meld(
        &self,
        seat: Seat,
        kind: MeldKind,
        p: Pos<'t>,
        token: &str,
    ) -> R<Meld> {
        let shape = "the called tile and its source, e.g. 3m<A+45m or 9p<C";
        let (called_text, rest) = token
            .split_once('<')
            .ok_or_else(|| p.err(expected(shape, token)))?;
        let raw = lex::one_tile(called_text).map_err(|(o, k)| shift(p, o).err(k))?;
        let called =
            resolve_called(&self.table, seat, raw).ok_or_else(|| not_held(p, seat, raw))?;
        let sp = shift(p, called_text.len() + 1);
        let (from_text, hand_text) = match rest.split_once('+') {
            Some((f, h)) => (f, Some(h)),
            None => (rest, None),
        };
        let from = seat_at(sp, from_text)?;
        let need = if kind == MeldKind::Daiminkan { 3 } else { 2 };
        let hand: ArrayVec<Tile, 4> = match hand_text {
            None if kind == MeldKind::Chi => {
                return Err(shift(sp, from_text.len()).err(ErrorKind::EndOfLine {
                    expected: "the two tiles from hand after `+`, e.g. 3m<A+45m",
                }));
            }
            None => default_call_hand(&self.table, seat, called.kind(), need).ok_or_else(|| {
                p.err(ErrorKind::Inconsistent {
                    detail: format!(
                        "{} holds fewer than {need} {} for this call; write the tiles from hand after `+`",
                        lex::seat_letter(seat),
                        called.kind()
                    ),
                })
            })?,
            Some(h) => {
                let hp = shift(sp, from_text.len() + 1);
                let mut local = Taken::default();
                let mut v: ArrayVec<Tile, 4> = ArrayVec::new();
                tiles_at(hp, h, |raw, at| {
                    let t = resolve_held_list(&self.table, seat, raw, &local)
                        .ok_or_else(|| not_held(shift(hp, at), seat, raw))?;
                    local.add(t);
                    v.try_push(t).map_err(|_| {
                        shift(hp, at).err(ErrorKind::Inconsistent {
                            detail: format!("a call takes {need} tiles from hand"),
                        })
                    })
                })?;
                if v.len() != need {
                    return Err(hp.err(ErrorKind::Inconsistent {
                        detail: format!("this call takes {need} tiles from hand, not {}", v.len()),
                    }));
                }
                v
            }
        };
        let mut tiles = hand;
        tiles.insert(0, called);
        new_meld(kind, &mut tiles, Some(called), None, Some(from))
            .ok_or_else(|| p.err(expected(shape, token)))
    }
}

pub(super) fn not_held(p: Pos<'_>, seat: Seat, raw: RawTile) -> Box<ReadError> {
    p.err(ErrorKind::Inconsistent {
        detail: format!(
            "{} holds no {}{} and no copy of it is left",
            lex::seat_letter(seat),
            if raw.red { 0 } else { raw.kind.number() },
            raw.kind.suit().letter()
        ),
    })
}

/// The generic meld `{KIND TILES called=T added=T from=S}`.
pub(super) fn generic_meld(p: Pos<'_>, token: &str, red_fives: haifu_ruleset::RedFives) -> R<Meld> {
    let shape = "a meld {KIND TILES called=T added=T from=S}";
    let inner = token
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(|| p.err(expected(shape, token)))?;
    let ip = shift(p, 1);
    let mut cur = Cursor::new(inner);
    let (kc, kind_word) = cur
        .next_token()
        .ok_or_else(|| p.err(expected(shape, token)))?;
    let kind = [
        MeldKind::Chi,
        MeldKind::Pon,
        MeldKind::Daiminkan,
        MeldKind::Kakan,
        MeldKind::Ankan,
        MeldKind::Kita,
    ]
    .into_iter()
    .find(|k| k.as_str() == kind_word)
    .ok_or_else(|| {
        shift(ip, kc).err(ErrorKind::UnknownKeyword {
            word: lex::shorten(kind_word),
            expected: "a meld kind: chi, pon, daiminkan, kakan, ankan, kita",
        })
    })?;
    let (tc, tiles_text) = cur
        .next_token()
        .ok_or_else(|| p.err(expected(shape, token)))?;
    let tp = shift(ip, tc);
    let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
    let mut local = Taken::default();
    tiles_at(tp, tiles_text, |raw, at| {
        let t = pick_in(raw, None, |x| !local.has(x), red_fives)
            .ok_or_else(|| shift(tp, at).err(no_copy_left(raw, red_fives)))?;
        local.add(t);
        tiles
            .try_push(t)
            .map_err(|_| shift(tp, at).err(expected("at most four tiles in a meld", tiles_text)))
    })?;
    let (mut called, mut added, mut from) = (None, None, None);
    while let Some((c, kv)) = cur.next_token() {
        let kp = shift(ip, c);
        let (k, v) = lex::key_value(kv)
            .ok_or_else(|| kp.err(expected("called=T, added=T or from=S", kv)))?;
        let vp = shift(kp, k.len() + 1);
        match k {
            "called" | "added" => {
                let raw = lex::one_tile(v).map_err(|(o, e)| shift(vp, o).err(e))?;
                let t = pick_in(raw, tiles.iter().copied(), |_| true, red_fives)
                    .ok_or_else(|| vp.err(expected("a tile", v)))?;
                if k == "called" {
                    called = Some(t);
                } else {
                    added = Some(t);
                }
            }
            "from" => from = Some(seat_at(vp, v)?),
            _ => {
                return Err(kp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(k),
                    expected: "called, added or from",
                }));
            }
        }
    }
    new_meld(kind, &mut tiles, called, added, from).ok_or_else(|| p.err(expected(shape, token)))
}

/// How a `*T`, `~T` or `-T` discard marks its tsumogiri.
#[derive(Clone, Copy, PartialEq, Eq)]
enum DiscardMark {
    /// `*T`: tsumogiri.
    Tsumogiri,
    /// `~T`: not tsumogiri.
    Not,
    /// `-T`: tsumogiri when it is the tile just drawn.
    Either,
}

/// One move of a move line, as the move grammar reads it: its syntax checked, its tiles as
/// written (resolved against the table when applied).
enum Move<'t> {
    /// A tile: a draw, or a discard after a draw or a call.
    Tile(RawTile),
    /// `*`: the tile just drawn, discarded.
    Star,
    /// `*T`, `~T`, `-T`.
    Discard(RawTile, DiscardMark),
    /// `+T`.
    Draw(RawTile),
    /// `{KIND …}`, read when applied.
    Generic,
    /// `riichi[=S,S,S,S]`.
    Riichi(Option<BySeat<i32>>),
    /// `deposit[=S,S,S,S|none]`: `None` for the default scores.
    Deposit(Option<Option<BySeat<i32>>>),
    /// `chi|pon|kan CALLED<SEAT[+TILES]`: the kind and the argument's token.
    Call(MeldKind, grammar::Token<'t>),
    /// `kakan TILE`.
    Kakan(grammar::Token<'t>),
    /// `ankan TILES`.
    Ankan(grammar::Token<'t>),
    /// `kita 4z`.
    Kita(grammar::Token<'t>),
    /// `dora TILE`.
    Dora(grammar::Token<'t>),
    /// `dead`.
    Dead,
    /// `false-win[=D,D,D,D]`.
    FalseWin(Option<BySeat<i32>>),
    /// `bye`.
    Bye,
    /// `back ["NAME"]`.
    Back(Option<String>),
}

/// The grammar of one move: the token `tok` at `col`, and for a move word that takes an
/// argument (`pon 3m<A`, `back "NAME"`), the next token of `cur`.
fn one_move<'t>(col: usize, tok: &'t str, cur: &mut Cursor<'t>) -> Result<Move<'t>, LineError> {
    let tile = |at: usize, text: &str, f: fn(RawTile) -> Move<'t>| {
        lex::one_tile(text)
            .map(f)
            .map_err(|(o, kind)| LineError::at(at + o, kind))
    };
    match tok.as_bytes()[0] {
        b'*' if tok.len() == 1 => Ok(Move::Star),
        b'*' => tile(col + 1, &tok[1..], |r| {
            Move::Discard(r, DiscardMark::Tsumogiri)
        }),
        b'~' => tile(col + 1, &tok[1..], |r| Move::Discard(r, DiscardMark::Not)),
        b'-' => tile(col + 1, &tok[1..], |r| {
            Move::Discard(r, DiscardMark::Either)
        }),
        b'+' => tile(col + 1, &tok[1..], Move::Draw),
        b'0'..=b'9' => tile(col, tok, Move::Tile),
        b'{' => Ok(Move::Generic),
        _ => move_word(col, tok, cur),
    }
}

/// A move word (`riichi`, `chi`, `back`…), the token `tok` at `col`, and its argument from
/// `cur` when it takes one.
fn move_word<'t>(col: usize, tok: &'t str, cur: &mut Cursor<'t>) -> Result<Move<'t>, LineError> {
    let (word, value) = match tok {
        "riichi" | "deposit" | "chi" | "pon" | "kan" | "kakan" | "ankan" | "kita" | "dora"
        | "bye" | "back" | "dead" | "false-win" => (tok, None),
        _ => match tok.split_once('=') {
            Some((w, v)) => (w, Some(v)),
            None => (tok, None),
        },
    };
    let vcol = col + word.len() + 1;
    let scores = |v: &str| comma_scores_at(v).map_err(|kind| LineError::at(vcol, kind));
    let mut argument =
        |what: &'static str, f: fn(grammar::Token<'t>) -> Move<'t>| match cur.next_token() {
            Some(t) => Ok(f(t)),
            None => Err(LineError::at(
                cur.offset(),
                ErrorKind::EndOfLine { expected: what },
            )),
        };
    const CALLED: &str = "the called tile and its source, e.g. 3m<A+45m";
    match (word, value) {
        ("riichi", v) => Ok(Move::Riichi(v.map(scores).transpose()?)),
        ("deposit", None) => Ok(Move::Deposit(None)),
        ("deposit", Some("none")) => Ok(Move::Deposit(Some(None))),
        ("deposit", Some(v)) => Ok(Move::Deposit(Some(Some(scores(v)?)))),
        ("chi", None) => argument(CALLED, |t| Move::Call(MeldKind::Chi, t)),
        ("pon", None) => argument(CALLED, |t| Move::Call(MeldKind::Pon, t)),
        ("kan", None) => argument(CALLED, |t| Move::Call(MeldKind::Daiminkan, t)),
        ("kakan", None) => argument("the tile added to the pon", Move::Kakan),
        ("ankan", None) => argument("the kind of the concealed kan, e.g. 9p", Move::Ankan),
        ("kita", None) => argument("the North set aside, 4z", Move::Kita),
        ("dora", None) => argument("the new dora indicator", Move::Dora),
        ("dead", None) => Ok(Move::Dead),
        ("false-win", v) => Ok(Move::FalseWin(v.map(scores).transpose()?)),
        ("bye", None) => Ok(Move::Bye),
        ("back", None) => {
            // The name, if the next token is a quoted string.
            let mut ahead = cur.clone();
            match ahead.next_token() {
                Some((c, t)) if t.starts_with('"') => {
                    *cur = ahead;
                    lex::string(t)
                        .map(|name| Move::Back(Some(name)))
                        .map_err(|(o, kind)| LineError::at(c + o, kind))
                }
                _ => Ok(Move::Back(None)),
            }
        }
        _ => Err(LineError::at(
            col,
            ErrorKind::UnknownKeyword {
                word: lex::shorten(tok),
                expected: "a move: a tile (draw or discard), *, +T, -T, riichi, deposit, chi, pon, kan, kakan, ankan, kita, dora, bye, back, dead, false-win, or {KIND …}",
            },
        )),
    }
}
