//! Move lines: a seat letter and its draws, discards, calls, riichi and the other moves,
//! each resolved to a physical tile against the table.

use super::*;

impl<'t> Reader<'t, '_> {
    /// The moves of a move line, after its seat letter; `any` says whether moves were read
    /// before the cursor already.
    pub(super) fn moves(
        &mut self,
        seat: Seat,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        mut any: bool,
    ) -> R<()> {
        loop {
            // The commonest tokens, a lone tile and `*`, skip the general tokenizer.
            if self.table.open {
                let at = cur.offset();
                let (end, read) = quick_moves(&mut self.table, self.log, seat, pos.text, at);
                any |= read;
                cur.rewind(end);
            }
            let Some((col, tok)) = cur.next_token() else {
                break;
            };
            any = true;
            let p = shift(pos, col);
            if tok != "bye" && tok != "back" {
                self.require_round(tok, p)?;
            }
            let s = seat.index();
            let first = tok.as_bytes()[0];
            match first {
                b'*' => {
                    let tile = if tok.len() == 1 {
                        self.table.last_draw[s].ok_or_else(|| {
                            p.err(ErrorKind::Inconsistent {
                                detail: format!(
                                    "`*` discards the tile {} just drew, but {} has not drawn since its last discard or call",
                                    lex::seat_letter(seat),
                                    lex::seat_letter(seat)
                                ),
                            })
                        })?
                    } else {
                        self.held(seat, shift(p, 1), &tok[1..], None)?
                    };
                    self.discard(seat, tile, true);
                }
                b'~' => {
                    let tile = self.held(seat, shift(p, 1), &tok[1..], None)?;
                    self.discard(seat, tile, false);
                }
                b'-' => {
                    let last = self.table.last_draw[s];
                    let tile = self.held(seat, shift(p, 1), &tok[1..], last)?;
                    self.discard(seat, tile, Some(tile) == last);
                }
                b'+' => self.draw_tile(seat, shift(p, 1), &tok[1..])?,
                b'0'..=b'9' => {
                    if self.table.need_discard[s] {
                        let last = self.table.last_draw[s];
                        let tile = self.held(seat, p, tok, last)?;
                        self.discard(seat, tile, Some(tile) == last);
                    } else {
                        self.draw_tile(seat, p, tok)?;
                    }
                }
                b'{' => {
                    let meld = generic_meld(p, tok, self.table.red_fives)?;
                    self.call(seat, meld);
                }
                _ => self.move_word(seat, p, tok, cur, pos)?,
            }
        }
        if !any {
            return Err(shift(pos, cur.offset()).err(ErrorKind::EndOfLine {
                expected: "moves after the seat: a draw, a discard, a call, riichi…",
            }));
        }
        Ok(())
    }

    pub(super) fn move_word(
        &mut self,
        seat: Seat,
        p: Pos<'t>,
        tok: &'t str,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let (word, value) = match tok {
            "riichi" | "deposit" | "chi" | "pon" | "kan" | "kakan" | "ankan" | "kita" | "dora"
            | "bye" | "back" | "dead" | "false-win" => (tok, None),
            _ => match tok.split_once('=') {
                Some((w, v)) => (w, Some(v)),
                None => (tok, None),
            },
        };
        let vp = shift(p, word.len() + 1);
        match (word, value) {
            ("riichi", v) => {
                let scores = match v {
                    None => None,
                    Some(v) => Some(comma_scores(vp, v)?),
                };
                self.log.push_riichi(seat, RiichiStage::Declared, scores);
            }
            ("deposit", v) => {
                let scores = match v {
                    None => self.table.default_deposit(seat),
                    Some("none") => None,
                    Some(v) => Some(comma_scores(vp, v)?),
                };
                self.table.deposit(seat, scores);
                self.log
                    .push_riichi(seat, RiichiStage::DepositTaken, scores);
            }
            ("chi" | "pon" | "kan", None) => {
                let (mp, m) =
                    self.need(cur, pos, "the called tile and its source, e.g. 3m<A+45m")?;
                let kind = match word {
                    "chi" => MeldKind::Chi,
                    "pon" => MeldKind::Pon,
                    _ => MeldKind::Daiminkan,
                };
                let meld = self.called_meld(seat, kind, mp, m)?;
                self.call(seat, meld);
            }
            ("kakan", None) => {
                let (mp, m) = self.need(cur, pos, "the tile added to the pon")?;
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
            ("ankan", None) => {
                let (mp, m) = self.need(cur, pos, "the kind of the concealed kan, e.g. 9p")?;
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
            ("kita", None) => {
                let (mp, m) = self.need(cur, pos, "the North set aside, 4z")?;
                let t = self.held(seat, mp, m, None)?;
                let meld = Meld::new(MeldKind::Kita, &[t], None, None, None)
                    .ok_or_else(|| mp.err(expected("a tile", m)))?;
                self.call(seat, meld);
            }
            ("dora", None) => {
                let (tp, t) = self.need(cur, pos, "the new dora indicator")?;
                self.new_dora(tp, t)?;
            }
            ("dead", None) => self.log.push_mistake(seat, Mistake::DeadHand, None),
            ("false-win", v) => {
                let deltas = match v {
                    None => None,
                    Some(v) => Some(comma_scores(vp, v)?),
                };
                if let Some(d) = deltas {
                    self.table.pay(d);
                }
                self.log.push_mistake(seat, Mistake::FalseWin, deltas);
            }
            ("bye", None) => self.log.push_disconnect(seat),
            ("back", None) => {
                let name = match cur.peek_token() {
                    Some((c, t)) if t.starts_with('"') => {
                        cur.next_token();
                        string_at(shift(pos, c), t)?
                    }
                    _ => self.log.header.players[seat].name.clone(),
                };
                self.log.push_reconnect(seat, name);
            }
            _ => {
                return Err(p.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(tok),
                    expected: "a move: a tile (draw or discard), *, +T, -T, riichi, deposit, chi, pon, kan, kakan, ankan, kita, dora, bye, back, dead, false-win, or {KIND …}",
                }));
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

    pub(super) fn draw_tile(&mut self, seat: Seat, p: Pos<'t>, token: &str) -> R<()> {
        let raw = lex::one_tile(token).map_err(|(o, k)| shift(p, o).err(k))?;
        self.draw_raw(seat, p, raw)
    }

    pub(super) fn draw_raw(&mut self, seat: Seat, p: Pos<'t>, raw: RawTile) -> R<()> {
        let hint = self.table.wall_draw(seat);
        let t = self.enter(p, raw, hint)?;
        self.table.draw(seat, t);
        self.log.push_draw_tile(seat, t);
        Ok(())
    }

    pub(super) fn discard(&mut self, seat: Seat, tile: Tile, tsumogiri: bool) {
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
                lex::tiles(h, |raw, at| {
                    let t = resolve_held_list(&self.table, seat, raw, &local)
                        .ok_or_else(|| not_held(shift(hp, at), seat, raw))?;
                    local.add(t);
                    v.try_push(t).map_err(|_| {
                        shift(hp, at).err(ErrorKind::Inconsistent {
                            detail: format!("a call takes {need} tiles from hand"),
                        })
                    })
                })
                .map_err(|e| match e {
                    Ok((at, k)) => shift(hp, at).err(k),
                    Err(e) => e,
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

pub(super) fn not_held(p: Pos<'_>, seat: Seat, raw: RawTile) -> ReadError {
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
pub(super) fn generic_meld(p: Pos<'_>, token: &str, red_fives: bool) -> R<Meld> {
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
    lex::tiles(tiles_text, |raw, at| {
        let t = pick_in(raw, None, |x| !local.has(x), red_fives)
            .ok_or_else(|| shift(tp, at).err(no_copy_left(raw, red_fives)))?;
        local.add(t);
        tiles
            .try_push(t)
            .map_err(|_| shift(tp, at).err(expected("at most four tiles in a meld", tiles_text)))
    })
    .map_err(|e| match e {
        Ok((at, k)) => shift(tp, at).err(k),
        Err(e) => e,
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
