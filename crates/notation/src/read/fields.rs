//! The field lines of a win, a draw and the game's end (`pao`, `yaku`, `dora`, `hand`,
//! `deltas`, `final`, `points`, `shown`…): each parsed by its grammar into a [`Field`], then
//! applied to the block being built; its duplicate checked, then the line's end. Tile lists
//! are kept as their tokens and resolved against the table in order, tile by tile.

use crate::grammar::{
    self, PResult, Token, Tokens, array, end_of_line, int, need, needed, next, rest, seat, seat_of,
    tile,
};

use super::*;

/// A field line as its grammar reads it.
enum Field<'a, 't> {
    /// `pao SEAT`.
    Pao(Seat),
    /// `yaku NAME HAN, …`.
    Yaku(ArrayVec<RecordedHan, 24>),
    /// `yakuman NAME, …`.
    Yakuman(ArrayVec<Yaku, 8>),
    /// `dora`, `ura`, `hand`, `melds`: the tokens, resolved when applied.
    Tokens(&'a [Token<'t>]),
    /// `agari TILE`: the tile as written, and its column.
    Agari(usize, RawTile),
    /// `ba H S`, `ratio A B`.
    Two(u32, u32),
    /// `ratio A B`, as signed numbers.
    Ratio(i32, i32),
    /// `scores`, `deltas`, `final`: four numbers (the line's end checked with them).
    Four(BySeat<i32>),
    /// `chips`: eight numbers.
    Chips(ChipScores),
    /// `chip-awards NAME:N …`.
    ChipAwards(ArrayVec<ChipAward, 16>),
    /// `points P P P P`.
    Points(BySeat<Tenths>),
    /// `final-chips A/B …`.
    FinalChips(BySeat<[Tenths; 2]>),
    /// `shown SEAT [empty | TILES]`: the seat, its column, and the rest of the line.
    Shown(Seat, usize, &'a [Token<'t>]),
}

/// The block a field line belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Block {
    Win,
    Draw,
    End,
}

/// The grammar of the field line that starts with `word` in `block`. Fields that a block
/// does not have are read as `final-chips`, as the reader always has.
fn field<'a, 't: 'a>(
    block: Block,
    word: &str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, Field<'a, 't>> {
    let word = match (block, word) {
        (
            Block::Win,
            w @ ("pao" | "yaku" | "yakuman" | "dora" | "ura" | "hand" | "melds" | "agari"
            | "chip-awards"),
        ) => w,
        (Block::Win | Block::Draw, w @ ("ba" | "scores" | "deltas" | "chips" | "ratio")) => w,
        (Block::Draw, "shown") => "shown",
        (_, "final") => "final",
        (_, "points") => "points",
        _ => "final-chips",
    };
    move |input: Tokens<'a, 't>| match word {
        "pao" => {
            let (rest, s) = seat_of("the liable seat")(input)?;
            Ok((rest, Field::Pao(s)))
        }
        "yaku" => yaku(input),
        "yakuman" => yakuman(input),
        "dora" | "ura" | "hand" | "melds" => {
            let (rest, tokens) = rest(input)?;
            Ok((rest, Field::Tokens(tokens)))
        }
        "agari" => {
            let (rest, (col, raw)) = tile("the winning tile")(input)?;
            Ok((rest, Field::Agari(col, raw)))
        }
        "ba" => {
            let what = if block == Block::Win {
                "honba and sticks, e.g. ba 1 0"
            } else {
                "honba and sticks"
            };
            let (rest, [a, b]) = array(int(what, what))(input)?;
            Ok((rest, Field::Two(a, b)))
        }
        "ratio" => {
            let (rest, [a, b]) = array(int("two numbers", "two numbers"))(input)?;
            Ok((rest, Field::Ratio(a, b)))
        }
        "scores" | "deltas" | "final" => {
            let what = match (word, block) {
                ("scores", Block::Win) => "four scores before the win",
                ("scores", _) => "four scores before the draw",
                ("deltas", _) => "four score changes",
                _ => "four final scores",
            };
            let (rest, v) = header::four_ints(what)(input)?;
            Ok((rest, Field::Four(v)))
        }
        "chips" => {
            let what = "eight numbers: chips before, then changes";
            let (input, v) = array::<_, 8>(int(what, "a chip count"))(input)?;
            let chips = ChipScores {
                before: BySeat::from_array([v[0], v[1], v[2], v[3]]),
                delta: BySeat::from_array([v[4], v[5], v[6], v[7]]),
            };
            Ok((input, Field::Chips(chips)))
        }
        "chip-awards" => chip_awards(input),
        "points" => {
            let (input, v) = array(needed("four placement points", |_, t| {
                lex::tenths(t).ok_or_else(|| expected("placement points such as +58.0", t))
            }))(input)?;
            Ok((input, Field::Points(BySeat::from_array(v))))
        }
        "shown" => {
            let (rest, (col, s)) = need("the seat whose hand is shown")(input)?;
            let s = match seat(s) {
                Ok(s) => s,
                Err(kind) => return grammar::fail(col, kind),
            };
            let (rest, tokens) = grammar::rest(rest)?;
            Ok((rest, Field::Shown(s, col, tokens)))
        }
        _ => {
            let (input, v) = array(needed("four chip pairs a/b", |_, t| {
                let (a, b) = t.split_once('/').ok_or_else(|| expected("a/b", t))?;
                Ok([
                    lex::tenths(a).ok_or_else(|| expected("a number", a))?,
                    lex::tenths(b).ok_or_else(|| expected("a number", b))?,
                ])
            }))(input)?;
            Ok((input, Field::FinalChips(BySeat::from_array(v))))
        }
    }
}

/// `yaku NAME HAN …` (a comma after a han allowed).
fn yaku<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, Field<'a, 't>> {
    let mut v = ArrayVec::new();
    let mut rest = input;
    while let (after, Some((col, name))) = next(rest)? {
        let Some(source) = names::han_source(name) else {
            return grammar::fail(
                col,
                ErrorKind::UnknownKeyword {
                    word: lex::shorten(name),
                    expected: "a yaku name (see NOTATION.md), dora, ura or aka",
                },
            );
        };
        let (after, han) = needed("the yaku's han", |_, h| {
            let h = h.strip_suffix(',').unwrap_or(h);
            lex::int(h).ok_or_else(|| expected("the han, e.g. 1", h))
        })(after)?;
        rest = after;
        if v.try_push(RecordedHan { source, han }).is_err() {
            return grammar::fail(col, expected("at most 24 yaku", name));
        }
    }
    Ok((rest, Field::Yaku(v)))
}

/// `yakuman NAME, …`.
fn yakuman<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, Field<'a, 't>> {
    let mut v = ArrayVec::new();
    let mut rest = input;
    while let (after, Some((col, name))) = next(rest)? {
        rest = after;
        let name = name.strip_suffix(',').unwrap_or(name);
        let yakuman = match names::han_source(name) {
            Some(HanSource::Yaku(y)) if y.is_yakuman() => y,
            _ => {
                return grammar::fail(
                    col,
                    ErrorKind::UnknownKeyword {
                        word: lex::shorten(name),
                        expected: "a yakuman name (see NOTATION.md)",
                    },
                );
            }
        };
        if v.try_push(yakuman).is_err() {
            return grammar::fail(col, expected("at most 8 yakuman", name));
        }
    }
    Ok((rest, Field::Yakuman(v)))
}

/// `chip-awards NAME:CHIPS …`.
fn chip_awards<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, Field<'a, 't>> {
    let mut v = ArrayVec::new();
    let mut rest = input;
    while let (after, Some((col, t))) = next(rest)? {
        rest = after;
        let award = t
            .split_once(':')
            .ok_or_else(|| expected("NAME:CHIPS", t))
            .and_then(|(name, n)| {
                let source =
                    names::han_source(name).ok_or_else(|| expected("a yaku name", name))?;
                let chips = lex::int(n).ok_or_else(|| expected("a chip count", n))?;
                Ok(ChipAward { source, chips })
            });
        match award {
            Ok(a) => {
                if v.try_push(a).is_err() {
                    return grammar::fail(col, expected("at most 16 awards", t));
                }
            }
            Err(kind) => return grammar::fail(col, kind),
        }
    }
    Ok((rest, Field::ChipAwards(v)))
}

impl<'t> Reader<'t, '_> {
    /// A field line of the win, draw or game end being built: parsed, applied, then the
    /// line's end.
    pub(super) fn field_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let block = match &self.pending {
            Pending::Win(_) => Block::Win,
            Pending::Draw(_) => Block::Draw,
            Pending::End(_) => Block::End,
            _ => return Ok(()),
        };
        self.with_tokens(cur, |r, input| {
            let (f, rest) = line_parse(pos, input, |i| {
                let (rest, f) = field(block, word)(i)?;
                Ok((rest, (f, rest)))
            })?;
            r.apply_field(block, word, f, wpos, pos)?;
            line_parse(pos, rest, end_of_line)
        })
    }

    /// Applies a field to the block being built: its tiles resolved, its duplicate checked.
    fn apply_field(
        &mut self,
        block: Block,
        word: &str,
        f: Field<'_, 't>,
        wpos: Pos<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let mut pending = std::mem::replace(&mut self.pending, Pending::None);
        let r = match (&mut pending, f) {
            (Pending::Win(w), f) => self.win_field(w, word, f, wpos, pos),
            (Pending::Draw(d), f) => self.draw_field(d, word, f, wpos, pos),
            (Pending::End(e), f) => final_field(&mut e.fin, f, wpos),
            _ => Ok(()),
        };
        debug_assert!(matches!(
            (&pending, block),
            (Pending::Win(_), Block::Win)
                | (Pending::Draw(_), Block::Draw)
                | (Pending::End(_), Block::End)
        ));
        self.pending = pending;
        r
    }

    fn win_field(
        &self,
        w: &mut WinDraft<'t>,
        word: &str,
        f: Field<'_, 't>,
        wpos: Pos<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        match f {
            Field::Pao(s) => set_once(&mut w.pao, s, "pao", wpos),
            Field::Yaku(v) => set_once(&mut w.yaku, v, "yaku", wpos),
            Field::Yakuman(v) => set_once(&mut w.yakuman, v, "yakuman", wpos),
            Field::Tokens(tokens) => match word {
                "dora" => {
                    let prefer = self.table.indicators.clone();
                    let v = self.stateless_list(tokens, pos, |i| prefer.get(i).copied())?;
                    set_once(&mut w.dora, v, "dora", wpos)
                }
                "ura" => {
                    let table = &self.table;
                    let hints: ArrayVec<Option<Tile>, 5> =
                        (0..5).map(|i| table.wall_ura(i)).collect();
                    let v =
                        self.stateless_list(tokens, pos, |i| hints.get(i).copied().flatten())?;
                    set_once(&mut w.ura, v, "ura", wpos)
                }
                "hand" => {
                    let prefer = win_hand(&self.table, w.head.winner);
                    let v = self.prefer_list(tokens, pos, &prefer)?;
                    set_once(&mut w.hand, v, "hand", wpos)
                }
                _ => {
                    let mut v = ArrayVec::new();
                    for &(c, t) in tokens {
                        let mp = shift(pos, c);
                        let m = generic_meld(mp, t, self.table.red_fives)?;
                        v.try_push(m)
                            .map_err(|_| mp.err(expected("at most 4 melds", t)))?;
                    }
                    set_once(&mut w.melds, v, "melds", wpos)
                }
            },
            Field::Agari(col, raw) => {
                let p = shift(pos, col);
                let tile = pick_in(raw, self.table.last_tile, |_| true, self.table.red_fives)
                    .ok_or_else(|| not_held(p, w.head.winner, raw))?;
                set_once(&mut w.agari, tile, "agari", wpos)
            }
            Field::ChipAwards(v) => set_once(&mut w.chip_awards, v, "chip-awards", wpos),
            f => settled_field(&mut w.s, word, f, wpos),
        }
    }

    fn draw_field(
        &self,
        d: &mut DrawDraft<'t>,
        word: &str,
        f: Field<'_, 't>,
        wpos: Pos<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        match f {
            Field::Shown(seat, col, tokens) => {
                if d.shown[seat].is_some() {
                    return Err(wpos.err(ErrorKind::Duplicate { field: "shown" }));
                }
                let hand = match tokens.first() {
                    Some(&(_, "empty")) => {
                        // Whatever follows `empty` is the line's end to check.
                        if let Some(&(c, t)) = tokens.get(1) {
                            return Err(shift(pos, c).err(expected("the end of the line", t)));
                        }
                        ArrayVec::new()
                    }
                    Some(_) => {
                        let prefer = self.table.concealed_list(seat);
                        self.prefer_list(tokens, pos, &prefer)?
                    }
                    None => {
                        ArrayVec::try_from(&self.table.concealed_list(seat)[..]).map_err(|_| {
                            shift(pos, col).err(ErrorKind::Inconsistent {
                                detail: "the hand holds more than 14 tiles; write it".to_owned(),
                            })
                        })?
                    }
                };
                d.shown[seat] = Some(hand);
                Ok(())
            }
            f => settled_field(&mut d.s, word, f, wpos),
        }
    }

    /// Tiles resolved statelessly, the `i`-th preferring the tiles of `prefer(i)`; more
    /// than `N` is `too_many`.
    fn resolved_list<const N: usize, P: IntoIterator<Item = Tile>>(
        &self,
        tokens: &[Token<'t>],
        pos: Pos<'t>,
        prefer: impl Fn(usize) -> P,
        too_many: impl Fn() -> String,
    ) -> R<ArrayVec<Tile, N>> {
        let mut v = ArrayVec::new();
        let mut local = Taken::default();
        let red_fives = self.table.red_fives;
        for &(c, tok) in tokens {
            let tp = shift(pos, c);
            tiles_at(tp, tok, |raw, at| {
                let t = pick_in(raw, prefer(v.len()), |x| !local.has(x), red_fives)
                    .ok_or_else(|| shift(tp, at).err(no_copy_left(raw, red_fives)))?;
                local.add(t);
                v.try_push(t)
                    .map_err(|_| shift(tp, at).err(ErrorKind::Inconsistent { detail: too_many() }))
            })?;
        }
        Ok(v)
    }

    /// Tiles resolved statelessly, the `i`-th preferring `hint(i)`.
    fn stateless_list<const N: usize>(
        &self,
        tokens: &[Token<'t>],
        pos: Pos<'t>,
        hint: impl Fn(usize) -> Option<Tile>,
    ) -> R<ArrayVec<Tile, N>> {
        self.resolved_list(tokens, pos, hint, || format!("at most {N} tiles here"))
    }

    /// Tiles resolved statelessly against a preference list (a hand shown).
    fn prefer_list(
        &self,
        tokens: &[Token<'t>],
        pos: Pos<'t>,
        prefer: &[Tile],
    ) -> R<ArrayVec<Tile, 14>> {
        self.resolved_list(
            tokens,
            pos,
            |_| prefer.iter().copied(),
            || "a hand shows at most 14 tiles".to_owned(),
        )
    }
}

/// A field a win and a draw both have.
fn settled_field<'t>(s: &mut Settled<'t>, word: &str, f: Field<'_, 't>, wpos: Pos<'t>) -> R<()> {
    match f {
        Field::Two(a, b) => set_once(&mut s.ba, (a, b), "ba", wpos),
        Field::Ratio(a, b) => set_once(&mut s.ratio, [a, b], "ratio", wpos),
        Field::Four(v) if word == "scores" => set_once(&mut s.scores, v, "scores", wpos),
        Field::Four(v) if word == "deltas" => set_once(&mut s.deltas, v, "deltas", wpos),
        Field::Chips(v) => set_once(&mut s.chips, v, "chips", wpos),
        f => final_field(&mut s.fin, f, wpos),
    }
}

/// A final-result field: `final`, `points`, `final-chips`.
fn final_field<'t>(f: &mut FinalDraft<'t>, field: Field<'_, 't>, wpos: Pos<'t>) -> R<()> {
    match field {
        Field::Four(v) => set_once(&mut f.scores, (wpos, v), "final", wpos),
        Field::Points(v) => set_once(&mut f.points, (wpos, v), "points", wpos),
        Field::FinalChips(v) => set_once(&mut f.chips, v, "final-chips", wpos),
        _ => Ok(()),
    }
}
