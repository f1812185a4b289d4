//! Outcomes: `win` and `draw` with their field lines, and the game's end.

use crate::grammar::{self, PResult, Tokens, need, needed, next, seat};

use super::*;

impl<'t> Reader<'t, '_> {
    pub(super) fn win(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        if !self.table.open && !self.table.after_win {
            self.require_round("win", wpos)?;
        }
        let head = match quick_win(pos.text.as_bytes(), cur.position()) {
            Some(q) => {
                cur.rewind(q.end);
                WinHead {
                    han: q.han.map(|(col, n)| (shift(pos, col), n)),
                    ..q.head
                }
            }
            None => self.win_general(cur, pos)?,
        };
        self.pending = Pending::Win(Box::new(WinDraft {
            at: wpos,
            head,
            pao: None,
            yaku: None,
            yakuman: None,
            dora: None,
            ura: None,
            hand: None,
            melds: None,
            agari: None,
            ba: None,
            scores: None,
            deltas: None,
            chips: None,
            chip_awards: None,
            ratio: None,
            fin: FinalDraft::default(),
        }));
        Ok(())
    }

    /// A `win` line's seats, fu, han, points and limit, after `win`, by its grammar.
    pub(super) fn win_general(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<WinHead<'t>> {
        let mut buffer = std::mem::take(&mut self.tokens);
        let input = grammar::tokens(cur, &mut buffer);
        let parsed = grammar::parse_line(input, win_head);
        self.tokens = buffer;
        let (winner, from, fu, han, points, limit) =
            parsed.map_err(|e| shift(pos, e.col).err(e.kind))?;
        Ok(WinHead {
            winner,
            from,
            fu,
            han: han.map(|(col, n)| (shift(pos, col), n)),
            points,
            limit,
        })
    }

    pub(super) fn win_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let Pending::Win(mut w) = std::mem::replace(&mut self.pending, Pending::None) else {
            return Ok(());
        };
        let r = self.win_field(&mut w, word, wpos, cur, pos);
        self.pending = Pending::Win(w);
        r?;
        self.finish_line(cur, pos)
    }

    pub(super) fn win_field(
        &mut self,
        w: &mut WinDraft<'t>,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        match word {
            "pao" => {
                let (p, s) = self.need(cur, pos, "the liable seat")?;
                set_once(&mut w.pao, seat_at(p, s)?, "pao", wpos)
            }
            "yaku" => {
                if let Some((v, end)) = quick_yaku(pos.text.as_bytes(), cur.position()) {
                    cur.rewind(end);
                    return set_once(&mut w.yaku, v, "yaku", wpos);
                }
                let mut v = ArrayVec::new();
                while let Some((c, name)) = cur.next_token() {
                    let np = shift(pos, c);
                    let source = names::han_source(name).ok_or_else(|| {
                        np.err(ErrorKind::UnknownKeyword {
                            word: lex::shorten(name),
                            expected: "a yaku name (see NOTATION.md), dora, ura or aka",
                        })
                    })?;
                    let (hp, h) = self.need(cur, pos, "the yaku's han")?;
                    let h = h.strip_suffix(',').unwrap_or(h);
                    let han = lex::int(h).ok_or_else(|| hp.err(expected("the han, e.g. 1", h)))?;
                    v.try_push(YakuHan { source, han })
                        .map_err(|_| np.err(expected("at most 24 yaku", name)))?;
                }
                set_once(&mut w.yaku, v, "yaku", wpos)
            }
            "yakuman" => {
                let mut v = ArrayVec::new();
                while let Some((c, name)) = cur.next_token() {
                    let np = shift(pos, c);
                    let name = name.strip_suffix(',').unwrap_or(name);
                    let yakuman = match names::han_source(name) {
                        Some(HanSource::Yaku(y)) if y.is_yakuman() => y,
                        _ => {
                            return Err(np.err(ErrorKind::UnknownKeyword {
                                word: lex::shorten(name),
                                expected: "a yakuman name (see NOTATION.md)",
                            }));
                        }
                    };
                    v.try_push(yakuman)
                        .map_err(|_| np.err(expected("at most 8 yakuman", name)))?;
                }
                set_once(&mut w.yakuman, v, "yakuman", wpos)
            }
            "dora" => {
                let prefer = self.table.indicators.clone();
                let v = self.stateless_list(cur, pos, |i| prefer.get(i).copied())?;
                set_once(&mut w.dora, v, "dora", wpos)
            }
            "ura" => {
                let table = &self.table;
                let hints: ArrayVec<Option<Tile>, 5> = (0..5).map(|i| table.wall_ura(i)).collect();
                let v = self.stateless_list(cur, pos, |i| hints.get(i).copied().flatten())?;
                set_once(&mut w.ura, v, "ura", wpos)
            }
            "hand" => {
                let prefer = win_hand(&self.table, w.head.winner);
                let v = self.prefer_list(cur, pos, &prefer)?;
                set_once(&mut w.hand, v, "hand", wpos)
            }
            "melds" => {
                let mut v = ArrayVec::new();
                while let Some((c, t)) = cur.next_token() {
                    let mp = shift(pos, c);
                    let m = generic_meld(mp, t, self.table.red_fives)?;
                    v.try_push(m)
                        .map_err(|_| mp.err(expected("at most 4 melds", t)))?;
                }
                set_once(&mut w.melds, v, "melds", wpos)
            }
            "agari" => {
                let (p, t) = self.need(cur, pos, "the winning tile")?;
                let raw = lex::one_tile(t).map_err(|(o, k)| shift(p, o).err(k))?;
                let tile = pick_in(raw, self.table.last_tile, |_| true, self.table.red_fives)
                    .ok_or_else(|| not_held(p, w.head.winner, raw))?;
                set_once(&mut w.agari, tile, "agari", wpos)
            }
            "ba" => {
                let v = self.two_numbers(cur, pos, "honba and sticks, e.g. ba 1 0")?;
                set_once(&mut w.ba, v, "ba", wpos)
            }
            "scores" => {
                let v = self.by_seat(cur, pos, "four scores before the win")?;
                set_once(&mut w.scores, v, "scores", wpos)
            }
            "deltas" => {
                let v = self.by_seat(cur, pos, "four score changes")?;
                set_once(&mut w.deltas, v, "deltas", wpos)
            }
            "chips" => {
                let v = self.chips(cur, pos)?;
                set_once(&mut w.chips, v, "chips", wpos)
            }
            "chip-awards" => {
                let mut v = ArrayVec::new();
                while let Some((c, t)) = cur.next_token() {
                    let ap = shift(pos, c);
                    let (name, n) = t
                        .split_once(':')
                        .ok_or_else(|| ap.err(expected("NAME:CHIPS", t)))?;
                    let source = names::han_source(name)
                        .ok_or_else(|| ap.err(expected("a yaku name", name)))?;
                    let chips = lex::int(n).ok_or_else(|| ap.err(expected("a chip count", n)))?;
                    v.try_push(ChipAward { source, chips })
                        .map_err(|_| ap.err(expected("at most 16 awards", t)))?;
                }
                set_once(&mut w.chip_awards, v, "chip-awards", wpos)
            }
            "ratio" => {
                let (a, b) = self.two_numbers(cur, pos, "two numbers")?;
                set_once(&mut w.ratio, [a, b], "ratio", wpos)
            }
            _ => self.final_field(&mut w.fin, word, wpos, cur, pos),
        }
    }

    pub(super) fn final_field(
        &mut self,
        f: &mut FinalDraft<'t>,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        match word {
            "final" => {
                let v = self.by_seat(cur, pos, "four final scores")?;
                set_once(&mut f.scores, (wpos, v), "final", wpos)
            }
            "points" => {
                let mut v = [Tenths(0); 4];
                for x in &mut v {
                    let (p, t) = self.need(cur, pos, "four placement points")?;
                    *x = lex::tenths(t)
                        .ok_or_else(|| p.err(expected("placement points such as +58.0", t)))?;
                }
                set_once(&mut f.points, (wpos, BySeat::from_array(v)), "points", wpos)
            }
            _ => {
                let mut v = [[Tenths(0); 2]; 4];
                for x in &mut v {
                    let (p, t) = self.need(cur, pos, "four chip pairs a/b")?;
                    let (a, b) = t.split_once('/').ok_or_else(|| p.err(expected("a/b", t)))?;
                    *x = [
                        lex::tenths(a).ok_or_else(|| p.err(expected("a number", a)))?,
                        lex::tenths(b).ok_or_else(|| p.err(expected("a number", b)))?,
                    ];
                }
                set_once(&mut f.chips, BySeat::from_array(v), "final-chips", wpos)
            }
        }
    }

    pub(super) fn chips(&self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<ChipScores> {
        let mut v = [0i32; 8];
        for x in &mut v {
            let (p, t) = self.need(cur, pos, "eight numbers: chips before, then changes")?;
            *x = lex::int(t).ok_or_else(|| p.err(expected("a chip count", t)))?;
        }
        Ok(ChipScores {
            before: BySeat::from_array([v[0], v[1], v[2], v[3]]),
            delta: BySeat::from_array([v[4], v[5], v[6], v[7]]),
        })
    }

    pub(super) fn two_numbers<T: std::str::FromStr + TryFrom<i64>>(
        &self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        what: &'static str,
    ) -> R<(T, T)> {
        let (p, a) = self.need(cur, pos, what)?;
        let a = lex::int(a).ok_or_else(|| p.err(expected(what, a)))?;
        let (p, b) = self.need(cur, pos, what)?;
        let b = lex::int(b).ok_or_else(|| p.err(expected(what, b)))?;
        Ok((a, b))
    }

    /// Tiles resolved statelessly, the `i`-th preferring `hint(i)`.
    pub(super) fn stateless_list<const N: usize>(
        &self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        hint: impl Fn(usize) -> Option<Tile>,
    ) -> R<ArrayVec<Tile, N>> {
        let mut v = ArrayVec::new();
        let mut local = Taken::default();
        while let Some((c, tok)) = cur.next_token() {
            let tp = shift(pos, c);
            lex::tiles(tok, |raw, at| {
                let red_fives = self.table.red_fives;
                let t = pick_in(raw, hint(v.len()), |x| !local.has(x), red_fives)
                    .ok_or_else(|| shift(tp, at).err(no_copy_left(raw, red_fives)))?;
                local.add(t);
                v.try_push(t).map_err(|_| {
                    shift(tp, at).err(ErrorKind::Inconsistent {
                        detail: format!("at most {N} tiles here"),
                    })
                })
            })
            .map_err(|e| match e {
                Ok((at, k)) => shift(tp, at).err(k),
                Err(e) => e,
            })?;
        }
        Ok(v)
    }

    /// Tiles resolved statelessly against a preference list (a hand shown).
    pub(super) fn prefer_list(
        &self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        prefer: &[Tile],
    ) -> R<ArrayVec<Tile, 14>> {
        let mut v = ArrayVec::new();
        let mut local = Taken::default();
        while let Some((c, tok)) = cur.next_token() {
            let tp = shift(pos, c);
            lex::tiles(tok, |raw, at| {
                let red_fives = self.table.red_fives;
                let t = pick_in(raw, prefer.iter().copied(), |x| !local.has(x), red_fives)
                    .ok_or_else(|| shift(tp, at).err(no_copy_left(raw, red_fives)))?;
                local.add(t);
                v.try_push(t).map_err(|_| {
                    shift(tp, at).err(ErrorKind::Inconsistent {
                        detail: "a hand shows at most 14 tiles".to_owned(),
                    })
                })
            })
            .map_err(|e| match e {
                Ok((at, k)) => shift(tp, at).err(k),
                Err(e) => e,
            })?;
        }
        Ok(v)
    }

    pub(super) fn flush_win(&mut self, w: WinDraft<'t>) -> R<()> {
        let deltas = w.deltas.ok_or_else(|| {
            w.at.err(ErrorKind::MissingField {
                block: "win",
                field: "deltas",
                expected: "each seat's score change, e.g. `deltas 0 0 +3900 -3900`",
            })
        })?;
        let yaku = w.yaku.unwrap_or_default();
        if let Some((hp, han)) = w.head.han {
            let sum: u32 = yaku.iter().map(|y| u32::from(y.han)).sum();
            if yaku.is_empty() || sum != han {
                return Err(hp.err(ErrorKind::Inconsistent {
                    detail: format!("{han}han, but the `yaku` line adds up to {sum} han"),
                }));
            }
        }
        let t = &self.table;
        let hand = match w.hand {
            Some(h) => h,
            None => ArrayVec::try_from(&win_hand(t, w.head.winner)[..]).map_err(|_| {
                w.at.err(ErrorKind::Inconsistent {
                    detail: "the winner holds more than 14 tiles; write the winning hand on a `hand` line".to_owned(),
                })
            })?,
        };
        let melds = match w.melds {
            Some(m) => m,
            None => ArrayVec::try_from(&t.win_melds_list(w.head.winner)[..]).map_err(|_| {
                w.at.err(ErrorKind::Inconsistent {
                    detail: "the winner has more than 4 melds; write them on a `melds` line"
                        .to_owned(),
                })
            })?,
        };
        let Some(winning_tile) = w.agari.or(t.last_tile) else {
            return Err(w.at.err(ErrorKind::MissingField {
                block: "win",
                field: "agari",
                expected: "the winning tile (no tile was drawn or discarded before this win)",
            }));
        };
        let dora_indicators = match w.dora {
            Some(d) => d,
            None => ArrayVec::try_from(&t.indicators[..]).map_err(|_| {
                w.at.err(ErrorKind::Inconsistent {
                    detail: "more than 5 dora indicators; write them on a `dora` line".to_owned(),
                })
            })?,
        };
        let (honba, sticks) = w.ba.unwrap_or((t.honba, t.sticks));
        let scores = w.scores.unwrap_or(t.scores);
        let final_result = final_result(w.fin, w.at, "win")?;
        self.table.settle(scores, deltas, true);
        self.log.push_win(RecordedWin {
            winner: w.head.winner,
            from: w.head.from,
            pao: w.pao,
            honba,
            sticks,
            hand,
            melds,
            winning_tile,
            fu: w.head.fu,
            points: w.head.points,
            limit: w.head.limit,
            yaku,
            yakuman: w.yakuman.unwrap_or_default(),
            dora_indicators,
            ura_indicators: w.ura.unwrap_or_default(),
            scores,
            deltas,
            chips: w.chips,
            chip_awards: w.chip_awards.unwrap_or_default(),
            ratio: w.ratio,
            final_result,
        });
        Ok(())
    }

    pub(super) fn draw(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        self.require_round("draw", wpos)?;
        let mut buffer = std::mem::take(&mut self.tokens);
        let input = grammar::tokens(cur, &mut buffer);
        let parsed = grammar::parse_line(input, draw_head);
        self.tokens = buffer;
        let kind = parsed.map_err(|e| shift(pos, e.col).err(e.kind))?;
        self.pending = Pending::Draw(Box::new(DrawDraft {
            at: wpos,
            kind,
            shown: BySeat::default(),
            ba: None,
            scores: None,
            deltas: None,
            chips: None,
            ratio: None,
            fin: FinalDraft::default(),
        }));
        Ok(())
    }

    pub(super) fn draw_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let Pending::Draw(mut d) = std::mem::replace(&mut self.pending, Pending::None) else {
            return Ok(());
        };
        let r = match word {
            "shown" => (|| {
                let (p, s) = self.need(cur, pos, "the seat whose hand is shown")?;
                let seat = seat_at(p, s)?;
                if d.shown[seat].is_some() {
                    return Err(wpos.err(ErrorKind::Duplicate { field: "shown" }));
                }
                let hand = match cur.peek_token() {
                    Some((_, "empty")) => {
                        cur.next_token();
                        ArrayVec::new()
                    }
                    Some(_) => {
                        let prefer = self.table.concealed_list(seat);
                        self.prefer_list(cur, pos, &prefer)?
                    }
                    None => {
                        ArrayVec::try_from(&self.table.concealed_list(seat)[..]).map_err(|_| {
                            p.err(ErrorKind::Inconsistent {
                                detail: "the hand holds more than 14 tiles; write it".to_owned(),
                            })
                        })?
                    }
                };
                d.shown[seat] = Some(hand);
                Ok(())
            })(),
            "ba" => self
                .two_numbers(cur, pos, "honba and sticks")
                .and_then(|v| set_once(&mut d.ba, v, "ba", wpos)),
            "scores" => self
                .by_seat(cur, pos, "four scores before the draw")
                .and_then(|v| set_once(&mut d.scores, v, "scores", wpos)),
            "deltas" => self
                .by_seat(cur, pos, "four score changes")
                .and_then(|v| set_once(&mut d.deltas, v, "deltas", wpos)),
            "chips" => self
                .chips(cur, pos)
                .and_then(|v| set_once(&mut d.chips, v, "chips", wpos)),
            "ratio" => self
                .two_numbers(cur, pos, "two numbers")
                .and_then(|(a, b)| set_once(&mut d.ratio, [a, b], "ratio", wpos)),
            _ => self.final_field(&mut d.fin, word, wpos, cur, pos),
        };
        self.pending = Pending::Draw(d);
        r?;
        self.finish_line(cur, pos)
    }

    pub(super) fn flush_draw(&mut self, d: DrawDraft<'t>) -> R<()> {
        let deltas = d.deltas.ok_or_else(|| {
            d.at.err(ErrorKind::MissingField {
                block: "draw",
                field: "deltas",
                expected: "each seat's score change, e.g. `deltas +1500 -1500 +1500 -1500`",
            })
        })?;
        let (honba, sticks) = d.ba.unwrap_or((self.table.honba, self.table.sticks));
        let scores = d.scores.unwrap_or(self.table.scores);
        let final_result = final_result(d.fin, d.at, "draw")?;
        self.table.settle(scores, deltas, false);
        self.log.push_round_draw(RecordedDraw {
            kind: d.kind,
            honba,
            sticks,
            shown: d.shown,
            tenpai_unrecorded: false,
            scores,
            deltas,
            chips: d.chips,
            ratio: d.ratio,
            final_result,
        });
        Ok(())
    }

    pub(super) fn end_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let Pending::End(mut e) = std::mem::replace(&mut self.pending, Pending::None) else {
            return Ok(());
        };
        let r = self.final_field(&mut e.fin, word, wpos, cur, pos);
        self.pending = Pending::End(e);
        r?;
        self.finish_line(cur, pos)
    }
}

/// The final result lines of a block.
#[derive(Default)]
pub(super) struct FinalDraft<'t> {
    pub(super) scores: Option<(Pos<'t>, BySeat<i32>)>,
    pub(super) points: Option<(Pos<'t>, BySeat<Tenths>)>,
    pub(super) chips: Option<BySeat<[Tenths; 2]>>,
}

pub(super) struct WinDraft<'t> {
    pub(super) at: Pos<'t>,
    /// What the `win` line itself says.
    pub(super) head: WinHead<'t>,
    pub(super) pao: Option<Seat>,
    pub(super) yaku: Option<ArrayVec<YakuHan, 24>>,
    pub(super) yakuman: Option<ArrayVec<Yaku, 8>>,
    pub(super) dora: Option<ArrayVec<Tile, 5>>,
    pub(super) ura: Option<ArrayVec<Tile, 5>>,
    pub(super) hand: Option<ArrayVec<Tile, 14>>,
    pub(super) melds: Option<ArrayVec<Meld, 4>>,
    pub(super) agari: Option<Tile>,
    pub(super) ba: Option<(u32, u32)>,
    pub(super) scores: Option<BySeat<i32>>,
    pub(super) deltas: Option<BySeat<i32>>,
    pub(super) chips: Option<ChipScores>,
    pub(super) chip_awards: Option<ArrayVec<ChipAward, 16>>,
    pub(super) ratio: Option<[i32; 2]>,
    pub(super) fin: FinalDraft<'t>,
}

pub(super) struct DrawDraft<'t> {
    pub(super) at: Pos<'t>,
    pub(super) kind: DrawKind,
    pub(super) shown: BySeat<Option<ArrayVec<Tile, 14>>>,
    pub(super) ba: Option<(u32, u32)>,
    pub(super) scores: Option<BySeat<i32>>,
    pub(super) deltas: Option<BySeat<i32>>,
    pub(super) chips: Option<ChipScores>,
    pub(super) ratio: Option<[i32; 2]>,
    pub(super) fin: FinalDraft<'t>,
}

pub(super) struct EndDraft<'t> {
    pub(super) at: Pos<'t>,
    pub(super) fin: FinalDraft<'t>,
}

/// What a `win` line says: the winner, the seat that dealt in (the winner for a tsumo),
/// fu, han (with its token's place), points and limit code.
pub(super) struct WinHead<'t> {
    pub(super) winner: Seat,
    pub(super) from: Seat,
    pub(super) fu: Option<u32>,
    pub(super) han: Option<(Pos<'t>, u32)>,
    pub(super) points: i32,
    pub(super) limit: Limit,
}

pub(super) fn final_result(
    f: FinalDraft<'_>,
    at: Pos<'_>,
    block: &'static str,
) -> R<Option<FinalResult>> {
    match (f.scores, f.points) {
        (None, None) => {
            if f.chips.is_some() {
                return Err(at.err(ErrorKind::MissingField {
                    block,
                    field: "final",
                    expected: "the final scores, before `final-chips`",
                }));
            }
            Ok(None)
        }
        (Some((_, scores)), Some((_, points))) => Ok(Some(FinalResult {
            scores,
            points,
            chips: f.chips,
        })),
        (Some((p, _)), None) => Err(p.err(ErrorKind::MissingField {
            block: "final result",
            field: "points",
            expected: "four placement points, e.g. `points +45.0 +5.0 -15.0 -35.0`",
        })),
        (None, Some((p, _))) => Err(p.err(ErrorKind::MissingField {
            block: "final result",
            field: "final",
            expected: "the four final scores before `points`",
        })),
    }
}

/// What a `win` line says, as its grammar reads it: the winner, the seat that dealt in, the
/// fu, the han with its token's column, the points and the limit.
type WinHeadLine = (Seat, Seat, Option<u32>, Option<(usize, u32)>, i32, Limit);

/// `win SEAT ron SEAT|tsumo` and any of `NNfu`, `Nhan`, the points and a limit (a later one
/// of a kind replaces an earlier); the fu may be left out only by a limit hand.
fn win_head<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, WinHeadLine> {
    let (rest, winner) = needed("the winner's seat A-D", |_, t| seat(t))(input)?;
    let (rest, (kc, how)) = need("ron SEAT or tsumo")(rest)?;
    let (mut rest, from) = match how {
        "tsumo" => (rest, winner),
        "ron" => needed("the seat that dealt in", |_, t| seat(t))(rest)?,
        _ => return grammar::fail(kc, expected("ron SEAT or tsumo", how)),
    };
    let (mut fu, mut han, mut points, mut limit) = (None, None, None, Limit::None);
    while let (after, Some((col, t))) = next(rest)? {
        rest = after;
        if let Some(n) = t.strip_suffix("fu").and_then(lex::int) {
            fu = Some(n);
        } else if let Some(n) = t.strip_suffix("han").and_then(lex::int::<u32>) {
            han = Some((col, n));
        } else if let Some(n) = lex::int(t) {
            points = Some(n);
        } else if let Some(l) = names::limit(t) {
            limit = l;
        } else if t == "no-limit" {
            // Said outright, as `expect win` says it: the default.
            limit = Limit::None;
        } else {
            return grammar::fail(
                col,
                expected(
                    "30fu, 3han, the points (e.g. 3900) or a limit (mangan…yakuman, or no-limit)",
                    t,
                ),
            );
        }
    }
    // A limit hand may leave its fu out (a record converted from a format without them); a
    // hand under the limits needs them to be valued.
    if fu.is_none() && limit == Limit::None {
        return grammar::fail(
            rest.end(),
            ErrorKind::EndOfLine {
                expected: "the fu, e.g. 30fu (only a limit hand may leave them out)",
            },
        );
    }
    let Some(points) = points else {
        return grammar::fail(
            rest.end(),
            ErrorKind::EndOfLine {
                expected: "the points, e.g. 3900",
            },
        );
    };
    Ok((rest, (winner, from, fu, han, points, limit)))
}

/// `draw KIND`.
fn draw_head<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, DrawKind> {
    let (rest, kind) = needed("the kind of draw, e.g. exhaustive", |_, k| {
        names::draw_kind(k).ok_or_else(|| ErrorKind::UnknownKeyword {
            word: lex::shorten(k),
            expected: "a draw kind: exhaustive, kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukaikan, sanchahou, nagashi_mangan",
        })
    })(input)?;
    let (rest, ()) = grammar::end_of_line(rest)?;
    Ok((rest, kind))
}
