//! The grammar of each line kind: one nom parser per kind, over the line's tokens, giving a
//! small syntax value ([`Line`]) that the applier (`apply.rs`) resolves against the table.
//! Nothing here looks at the table or the log: a value here is what the line says.
//!
//! A move line is read move by move ([`one_move`]), each applied before the next is read,
//! so that a move's error comes before any later token's.

use nom::Parser;

use crate::grammar::{
    self, LineError, PResult, Token, array, end_of_line, fail, int, need, needed, next, rest, seat,
    seat_of, string, tile,
};

use super::*;

/// The block a line is read in: the header, the body (a line that starts something), or
/// the block whose lines it continues (a round's setup, a win, a draw, the game's end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ctx {
    Header,
    Body,
    Setup,
    Win,
    Draw,
    End,
}

/// One line other than a move line, as its grammar reads it.
pub(super) enum Line<'t> {
    /// `source FORMAT [VERSION]`.
    Source(String, Option<String>),
    /// `game ID`.
    Game(String),
    /// `rules PRESET|FILE.toml` and its flags and overrides, as tokens.
    Rules(Token<'t>, Cursor<'t>),
    /// `seed SEED`.
    Seed(String),
    /// `seed-ref TEXT`.
    SeedRef(String),
    /// `player SEAT "NAME"` and its key=value tokens.
    Player(Seat, String, Cursor<'t>),
    /// `first-dealer SEAT`.
    FirstDealer(Seat),
    /// `scores S S S S`, in the header or a round's setup.
    Scores(BySeat<i32>),
    /// `chips C C C C`, in a round's setup.
    Chips(BySeat<i32>),
    /// `unknown ELEMENT NAME "VALUE"`, anywhere.
    Unknown(UnknownLine),
    /// `round LABEL …`.
    Round(RoundLine),
    /// `hand SEAT [exact] TILES`: the seat, the tiles' token, whether `exact`.
    Hand(Seat, Token<'t>, bool),
    /// `wall current|early TILES`: whether `current`, and the tiles' token.
    Wall(bool, Token<'t>),
    /// `shuffle SEED`.
    Shuffle(String),
    /// A `dora TILE` line of its own: the indicator, with its column (the rest of the line
    /// checked once it is applied).
    Dora((usize, RawTile)),
    /// `win SEAT ron SEAT|tsumo …`.
    Win(WinHeadLine),
    /// `draw KIND`.
    Draw(DrawKind),
    /// `game-end S S S S`.
    GameEnd(BySeat<i32>),
    /// A field line of a win, a draw or the game's end (the rest of the line checked once it
    /// is applied).
    Field(Field<'t>),
    /// `expect …`.
    Expect(ExpectationKind),
    /// `end`.
    End,
}

/// The grammar of the line that starts with `word`, read in block `ctx` (the state machine
/// in `mod.rs` has decided which block reads it). What the line holds after its value, if
/// anything, is left for the applier to check as the line's end.
pub(super) fn line<'t>(ctx: Ctx, word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    use Line as L;
    match (ctx, word) {
        (_, "unknown") => unknown_line.map(L::Unknown).parse(input),
        (Ctx::Header, "scores") => four_ints("four starting scores")
            .map(L::Scores)
            .parse(input),
        (Ctx::Header, _) => header_line(word, input),
        (Ctx::Setup, "scores") => four_ints("four scores").map(L::Scores).parse(input),
        (Ctx::Setup, "chips") => four_ints("four chip counts").map(L::Chips).parse(input),
        (Ctx::Setup, _) => setup_line(word, input),
        (Ctx::Win | Ctx::Draw | Ctx::End, _) => field(ctx, word).map(L::Field).parse(input),
        (Ctx::Body, "round") => round_line.map(L::Round).parse(input),
        (Ctx::Body, "win") => win_head.map(L::Win).parse(input),
        (Ctx::Body, "draw") => draw_head.map(L::Draw).parse(input),
        (Ctx::Body, "dora") => tile("the new dora indicator").map(L::Dora).parse(input),
        (Ctx::Body, "expect") => expectation.map(L::Expect).parse(input),
        (Ctx::Body, "game-end") => four_ints("four final scores").map(L::GameEnd).parse(input),
        (Ctx::Body, _) => end_of_line.map(|()| L::End).parse(input),
    }
}

/// What a `rules` line names first: every preset, from [`Preset::names`], or a rule file.
pub(super) static PRESETS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "a rules preset: {}; or a rule file FILE.toml (beside the record)",
        Preset::names()
    )
});

/// An attribute a reader did not know, as an `unknown` line keeps it.
pub(super) struct UnknownLine {
    pub(super) element: String,
    pub(super) name: String,
    pub(super) value: String,
}

/// The header line that starts with `word` (other than `scores` and `unknown`).
fn header_line<'t>(word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    let (input, line) = match word {
        "source" => {
            let (input, format) = string("the source format, e.g. tenhou-mjlog")(input)?;
            let (input, version) = match next(input)? {
                (input, Some((col, v))) => match lex::string(v) {
                    Ok(v) => (input, Some(v)),
                    Err((o, kind)) => return fail(col + o, kind),
                },
                (input, None) => (input, None),
            };
            (input, Line::Source(format, version))
        }
        "game" => string("the game id").map(Line::Game).parse(input)?,
        "rules" => {
            let (input, preset) = need(PRESETS.as_str())(input)?;
            let (input, items) = rest(input)?;
            (input, Line::Rules(preset, items))
        }
        "seed" => string("the wall seed").map(Line::Seed).parse(input)?,
        "seed-ref" => string("the seed's reference string")
            .map(Line::SeedRef)
            .parse(input)?,
        "player" => {
            let (input, s) = seat_of("a seat A-D")(input)?;
            let (input, name) = string("the player's name, \"quoted\"")(input)?;
            let (input, items) = rest(input)?;
            (input, Line::Player(s, name, items))
        }
        _ => seat_of("a seat A-D").map(Line::FirstDealer).parse(input)?,
    };
    let (input, ()) = end_of_line(input)?;
    Ok((input, line))
}

/// Four integers, one per seat, each said to be `what` when it is missing or not one, then
/// the line's end.
pub(super) fn four_ints<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, BySeat<i32>> {
    move |input: Cursor<'t>| {
        let (input, v) = array(int(what, what))(input)?;
        let (input, ()) = end_of_line(input)?;
        Ok((input, BySeat::from_array(v)))
    }
}

/// `ELEMENT NAME "VALUE"`, the rest of an `unknown` line.
fn unknown_line<'t>(input: Cursor<'t>) -> PResult<'t, UnknownLine> {
    let (input, element) = string("the element the attribute was on")(input)?;
    let (input, name) = string("the attribute's name")(input)?;
    let (input, value) = string("the attribute's value, \"quoted\"")(input)?;
    let (input, ()) = end_of_line(input)?;
    let u = UnknownLine {
        element,
        name,
        value,
    };
    Ok((input, u))
}

/// A `round` line as its grammar reads it.
pub(super) struct RoundLine {
    pub(super) wind: Wind,
    pub(super) number: u8,
    pub(super) honba: u32,
    pub(super) dealer: Option<Seat>,
    pub(super) sticks: Option<u32>,
    pub(super) dice: Option<[u8; 2]>,
    /// The first dora indicator, with its column.
    pub(super) dora: Option<(usize, RawTile)>,
}

/// `round LABEL` and any of `dealer SEAT`, `sticks N`, `dice D D`, `dora TILE`, each once, in
/// any order (a key given twice is an error at its second place).
fn round_line<'t>(input: Cursor<'t>) -> PResult<'t, RoundLine> {
    let (mut rest, (wind, number, honba)) = needed("the round label, e.g. E1.0", |_, label| {
        lex::label(label).ok_or_else(|| {
            expected(
                "a round label such as E1.0 (wind E/S/W/N, number 1-4, .honba)",
                label,
            )
        })
    })(input)?;
    let mut line = RoundLine {
        wind,
        number,
        honba,
        dealer: None,
        sticks: None,
        dice: None,
        dora: None,
    };
    let once = |taken: bool, col: usize, field: &'static str| {
        if taken {
            fail(col, ErrorKind::Duplicate { field })
        } else {
            Ok((input, ()))
        }
    };
    while let (after, Some((kc, key))) = next(rest)? {
        rest = after;
        match key {
            "dealer" => {
                let (after, dealer) = seat_of("the dealer's seat A-D")(rest)?;
                once(line.dealer.is_some(), kc, "dealer")?;
                (rest, line.dealer) = (after, Some(dealer));
            }
            "sticks" => {
                let (after, n) = int("the riichi sticks on the table", "a number of sticks")(rest)?;
                once(line.sticks.is_some(), kc, "sticks")?;
                (rest, line.sticks) = (after, Some(n));
            }
            "dice" => {
                let (after, d) = array(needed("two dice", |_, t| {
                    lex::int(t)
                        .filter(|v| (1..=6).contains(v))
                        .ok_or_else(|| expected("a die 1-6", t))
                }))(rest)?;
                once(line.dice.is_some(), kc, "dice")?;
                (rest, line.dice) = (after, Some(d));
            }
            "dora" => {
                let (after, dora) = tile("the first dora indicator")(rest)?;
                once(line.dora.is_some(), kc, "dora")?;
                (rest, line.dora) = (after, Some(dora));
            }
            _ => {
                return fail(
                    kc,
                    ErrorKind::UnknownKeyword {
                        word: lex::shorten(key),
                        expected: "a round key: dealer, sticks, dice, dora",
                    },
                );
            }
        }
    }
    Ok((rest, line))
}

/// The setup line that starts with `word` (`wall`, `shuffle` or `hand`).
fn setup_line<'t>(word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    let (rest, line) = match word {
        "wall" => {
            let (rest, current) =
                needed(
                    "the wall's layout: current or early",
                    |_, layout| match layout {
                        "current" => Ok(true),
                        "early" => Ok(false),
                        _ => Err(ErrorKind::UnknownKeyword {
                            word: lex::shorten(layout),
                            expected: "a wall layout: current or early",
                        }),
                    },
                )(input)?;
            let (rest, tiles) = need("the wall's 136 tiles (108 in sanma)")(rest)?;
            (rest, Line::Wall(current, tiles))
        }
        "shuffle" => string("the round's shuffle seed")
            .map(Line::Shuffle)
            .parse(input)?,
        _ => {
            let (rest, s) = seat_of("a seat A-D")(input)?;
            let (rest, tiles) = need("the seat's 13 starting tiles")(rest)?;
            if tiles.1 == "exact" {
                let (rest, tiles) = need("the seat's 13 starting tiles")(rest)?;
                (rest, Line::Hand(s, tiles, true))
            } else {
                (rest, Line::Hand(s, tiles, false))
            }
        }
    };
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, line))
}

/// How a `*T`, `~T` or `-T` discard marks its tsumogiri.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum DiscardMark {
    /// `*T`: tsumogiri.
    Tsumogiri,
    /// `~T`: not tsumogiri.
    Not,
    /// `-T`: tsumogiri when it is the tile just drawn.
    Either,
}

/// One move of a move line, as the move grammar reads it: its syntax checked, its tiles as
/// written (resolved against the table when applied).
pub(super) enum Move<'t> {
    /// A tile: a draw, or a discard after a draw or a call.
    Tile(RawTile),
    /// `*`: the tile just drawn, discarded.
    Star,
    /// `*T`, `~T`, `-T`.
    Discard(RawTile, DiscardMark),
    /// `+T`.
    Draw(RawTile),
    /// `{KIND …}`.
    Meld(MeldArg<'t>),
    /// `riichi[=S,S,S,S]`.
    Riichi(Option<BySeat<i32>>),
    /// `deposit[=S,S,S,S|none]`: `None` for the default scores.
    Deposit(Option<Option<BySeat<i32>>>),
    /// `chi|pon|kan CALLED<SEAT[+TILES]`.
    Call(CallArg<'t>),
    /// `kakan TILE`: the tile added, with its column.
    Kakan(usize, RawTile),
    /// `ankan TILES`: the token, and its one tile (the kind) or four tiles with their offsets.
    Ankan(Token<'t>, ArrayVec<(usize, RawTile), 4>),
    /// `kita 4z`: the token and its tile.
    Kita(Token<'t>, RawTile),
    /// `dora TILE`: the indicator, with its column.
    Dora(usize, RawTile),
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
pub(super) fn one_move<'t>(
    col: usize,
    tok: &'t str,
    cur: &mut Cursor<'t>,
) -> Result<Move<'t>, LineError> {
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
        b'{' => meld_arg(col, tok).map(Move::Meld),
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
    let mut argument = |what: &'static str| match cur.next_token() {
        Some(t) => Ok(t),
        None => Err(LineError::at(
            cur.offset(),
            ErrorKind::EndOfLine { expected: what },
        )),
    };
    let one_tile = |(c, t): Token<'t>| {
        lex::one_tile(t)
            .map(|raw| (c, raw))
            .map_err(|(o, kind)| LineError::at(c + o, kind))
    };
    const CALLED: &str = "the called tile and its source, e.g. 3m<A+45m";
    match (word, value) {
        ("riichi", v) => Ok(Move::Riichi(v.map(scores).transpose()?)),
        ("deposit", None) => Ok(Move::Deposit(None)),
        ("deposit", Some("none")) => Ok(Move::Deposit(Some(None))),
        ("deposit", Some(v)) => Ok(Move::Deposit(Some(Some(scores(v)?)))),
        ("chi", None) => call_arg(MeldKind::Chi, argument(CALLED)?).map(Move::Call),
        ("pon", None) => call_arg(MeldKind::Pon, argument(CALLED)?).map(Move::Call),
        ("kan", None) => call_arg(MeldKind::Daiminkan, argument(CALLED)?).map(Move::Call),
        ("kakan", None) => {
            let (c, raw) = one_tile(argument("the tile added to the pon")?)?;
            Ok(Move::Kakan(c, raw))
        }
        ("ankan", None) => ankan_arg(argument("the kind of the concealed kan, e.g. 9p")?),
        ("kita", None) => {
            let t = argument("the North set aside, 4z")?;
            Ok(Move::Kita(t, one_tile(t)?.1))
        }
        ("dora", None) => {
            let (c, raw) = one_tile(argument("the new dora indicator")?)?;
            Ok(Move::Dora(c, raw))
        }
        ("dead", None) => Ok(Move::Dead),
        ("false-win", v) => Ok(Move::FalseWin(v.map(scores).transpose()?)),
        ("bye", None) => Ok(Move::Bye),
        ("back", None) => {
            // The name, if the next token is a quoted string.
            let mut ahead = *cur;
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

/// The shape of a call's argument, for messages.
pub(super) const CALL_SHAPE: &str = "the called tile and its source, e.g. 3m<A+45m or 9p<C";

/// A call's argument, `3m<A+45m` or `9p<C`: the called tile, the seat it came from, and the
/// tiles from hand as written (their column and text), if given.
pub(super) struct CallArg<'t> {
    /// The argument's column and text.
    pub(super) at: Token<'t>,
    pub(super) kind: MeldKind,
    pub(super) called: RawTile,
    pub(super) from: Seat,
    pub(super) hand: Option<Token<'t>>,
}

/// The argument of a call of `kind` (a chi names its tiles from hand; a pon or a kan may).
fn call_arg(kind: MeldKind, (col, tok): Token<'_>) -> Result<CallArg<'_>, LineError> {
    let (called_text, rest) = tok
        .split_once('<')
        .ok_or_else(|| LineError::at(col, expected(CALL_SHAPE, tok)))?;
    let called = lex::one_tile(called_text).map_err(|(o, k)| LineError::at(col + o, k))?;
    let sc = col + called_text.len() + 1;
    let (from_text, hand) = match rest.split_once('+') {
        Some((f, h)) => (f, Some((sc + f.len() + 1, h))),
        None => (rest, None),
    };
    let from = seat(from_text).map_err(|k| LineError::at(sc, k))?;
    if hand.is_none() && kind == MeldKind::Chi {
        return Err(LineError::at(
            sc + from_text.len(),
            ErrorKind::EndOfLine {
                expected: "the two tiles from hand after `+`, e.g. 3m<A+45m",
            },
        ));
    }
    Ok(CallArg {
        at: (col, tok),
        kind,
        called,
        from,
        hand,
    })
}

/// An ankan's argument: one tile (the kind) or the four tiles.
fn ankan_arg<'t>((col, tok): Token<'t>) -> Result<Move<'t>, LineError> {
    let shape = "one tile (the kind) or the four tiles";
    let mut raws = ArrayVec::new();
    lex::tiles(tok, |raw, at| raws.try_push((at, raw)).map_err(|_| at)).map_err(|e| match e {
        Ok((at, k)) => LineError::at(col + at, k),
        Err(at) => LineError::at(col + at, expected(shape, tok)),
    })?;
    if !matches!(raws.len(), 1 | 4) {
        return Err(LineError::at(col, expected(shape, tok)));
    }
    Ok(Move::Ankan((col, tok), raws))
}

/// A meld in full, `{KIND TILES called=T added=T from=S}`: its tiles as written (their column
/// and text), resolved when applied.
pub(super) struct MeldArg<'t> {
    /// The meld's column and text.
    pub(super) at: Token<'t>,
    pub(super) kind: MeldKind,
    pub(super) tiles: Token<'t>,
    /// `called=T` and `added=T`: the value's column and text, and its tile.
    pub(super) called: Option<(usize, &'t str, RawTile)>,
    pub(super) added: Option<(usize, &'t str, RawTile)>,
    pub(super) from: Option<Seat>,
}

/// The shape of a meld in full, for messages.
pub(super) const MELD_SHAPE: &str = "a meld {KIND TILES called=T added=T from=S}";

/// The meld `{KIND TILES called=T added=T from=S}`, the token `tok` at `col`.
fn meld_arg(col: usize, tok: &str) -> Result<MeldArg<'_>, LineError> {
    let bad = || LineError::at(col, expected(MELD_SHAPE, tok));
    let inner = tok
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(bad)?;
    let mut cur = Cursor::new(inner);
    let (kc, kind_word) = cur.next_token().ok_or_else(bad)?;
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
        let expected = "a meld kind: chi, pon, daiminkan, kakan, ankan, kita";
        let word = lex::shorten(kind_word);
        LineError::at(col + 1 + kc, ErrorKind::UnknownKeyword { word, expected })
    })?;
    let (tc, tiles) = cur.next_token().ok_or_else(bad)?;
    let mut m = MeldArg {
        at: (col, tok),
        kind,
        tiles: (col + 1 + tc, tiles),
        called: None,
        added: None,
        from: None,
    };
    while let Some((c, kv)) = cur.next_token() {
        let kc = col + 1 + c;
        let (k, v) = lex::key_value(kv)
            .ok_or_else(|| LineError::at(kc, expected("called=T, added=T or from=S", kv)))?;
        let vc = kc + k.len() + 1;
        match k {
            "called" | "added" => {
                let raw = lex::one_tile(v).map_err(|(o, e)| LineError::at(vc + o, e))?;
                let slot = if k == "called" {
                    &mut m.called
                } else {
                    &mut m.added
                };
                *slot = Some((vc, v, raw));
            }
            "from" => m.from = Some(seat(v).map_err(|e| LineError::at(vc, e))?),
            _ => {
                let expected = "called, added or from";
                let word = lex::shorten(k);
                return Err(LineError::at(
                    kc,
                    ErrorKind::UnknownKeyword { word, expected },
                ));
            }
        }
    }
    Ok(m)
}

/// What a `win` line says, as its grammar reads it: the winner, the seat that dealt in, the
/// fu, the han with its token's column, the points and the limit.
pub(super) type WinHeadLine = (Seat, Seat, Option<u32>, Option<(usize, u32)>, i32, Limit);

/// `win SEAT ron SEAT|tsumo` and any of `NNfu`, `Nhan`, the points and a limit (a later one
/// of a kind replaces an earlier); the fu may be left out only by a limit hand.
fn win_head<'t>(input: Cursor<'t>) -> PResult<'t, WinHeadLine> {
    let (rest, winner) = seat_of("the winner's seat A-D")(input)?;
    let (rest, (kc, how)) = need("ron SEAT or tsumo")(rest)?;
    let (rest, from) = match how {
        "tsumo" => (rest, winner),
        "ron" => seat_of("the seat that dealt in")(rest)?,
        _ => return fail(kc, expected("ron SEAT or tsumo", how)),
    };
    let (rest, (fu, han, points, limit)) = win_values(
        "30fu, 3han, the points (e.g. 3900) or a limit (mangan…yakuman, or no-limit)",
    )(rest)?;
    let limit = limit.unwrap_or(Limit::None);
    // A limit hand may leave its fu out (a record converted from a format without them); a
    // hand under the limits needs them to be valued.
    if fu.is_none() && limit == Limit::None {
        return fail(
            rest.end(),
            ErrorKind::EndOfLine {
                expected: "the fu, e.g. 30fu (only a limit hand may leave them out)",
            },
        );
    }
    let Some(points) = points else {
        return fail(
            rest.end(),
            ErrorKind::EndOfLine {
                expected: "the points, e.g. 3900",
            },
        );
    };
    Ok((rest, (winner, from, fu, han, points, limit)))
}

/// Any of `NNfu`, `Nhan` (with its column), the points and a limit, in any order (a later
/// one of a kind replaces an earlier); a token that is none of them is `what`.
pub(super) fn win_values<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, WinValues> {
    move |mut rest: Cursor<'t>| {
        let (mut fu, mut han, mut points, mut limit) = (None, None, None, None);
        while let (after, Some((col, t))) = next(rest)? {
            rest = after;
            if let Some(n) = t.strip_suffix("fu").and_then(lex::int) {
                fu = Some(n);
            } else if let Some(n) = t.strip_suffix("han").and_then(lex::int::<u32>) {
                han = Some((col, n));
            } else if let Some(n) = lex::int(t) {
                points = Some(n);
            } else if let Some(l) = names::limit(t) {
                limit = Some(l);
            } else if t == "no-limit" {
                // Said outright, as `expect win` says it: the default.
                limit = Some(Limit::None);
            } else {
                return fail(col, expected(what, t));
            }
        }
        Ok((rest, (fu, han, points, limit)))
    }
}

/// The fu, the han with its column, the points and the limit of a `win` line or an `expect
/// win` line.
pub(super) type WinValues = (
    Option<u32>,
    Option<(usize, u32)>,
    Option<i32>,
    Option<Limit>,
);

/// A draw's kind; `what` when the line ends.
pub(super) fn draw_kind<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, DrawKind> {
    needed(what, |_, k| {
        names::draw_kind(k).ok_or_else(|| ErrorKind::UnknownKeyword {
            word: lex::shorten(k),
            expected: names::DRAW_KINDS,
        })
    })
}

/// `draw KIND`.
fn draw_head<'t>(input: Cursor<'t>) -> PResult<'t, DrawKind> {
    let (rest, kind) = draw_kind("the kind of draw, e.g. exhaustive")(input)?;
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, kind))
}
/// A field line of a win, a draw or the game's end, as its grammar reads it.
pub(super) enum Field<'t> {
    /// `pao SEAT`.
    Pao(Seat),
    /// `yaku NAME HAN, …`.
    Yaku(ArrayVec<RecordedHan, 24>),
    /// `yakuman NAME, …`.
    Yakuman(ArrayVec<Yaku, 8>),
    /// `dora TILE…`: the tokens, resolved when applied (so `ura`, `hand` and `melds`).
    Dora(Cursor<'t>),
    /// `ura TILE…`.
    Ura(Cursor<'t>),
    /// `hand TILES`.
    Hand(Cursor<'t>),
    /// `melds {…}…`.
    Melds(Vec<MeldArg<'t>>),
    /// `agari TILE`: the tile as written, and its column.
    Agari(usize, RawTile),
    /// `ba HONBA STICKS`.
    Ba(u32, u32),
    /// `ratio A B`.
    Ratio(i32, i32),
    /// `scores S S S S` (the line's end checked with them; so `deltas` and `final`).
    Scores(BySeat<i32>),
    /// `deltas D D D D`.
    Deltas(BySeat<i32>),
    /// `final S S S S`.
    Final(BySeat<i32>),
    /// `chips`: eight numbers.
    Chips(ChipScores),
    /// `chip-awards NAME:N …`.
    ChipAwards(ArrayVec<ChipAward, 16>),
    /// `points P P P P`.
    Points(BySeat<Tenths>),
    /// `final-chips A/B …`.
    FinalChips(BySeat<[Tenths; 2]>),
    /// `shown SEAT [empty | TILES]`: the seat, its column, and the rest of the line.
    Shown(Seat, usize, Cursor<'t>),
}

/// The grammar of the field line that starts with `word` in block `ctx` (a word of that
/// block: the state machine has checked it).
fn field<'t>(ctx: Ctx, word: &str) -> impl Fn(Cursor<'t>) -> PResult<'t, Field<'t>> {
    move |input: Cursor<'t>| match word {
        "pao" => seat_of("the liable seat").map(Field::Pao).parse(input),
        "yaku" => yaku(input),
        "yakuman" => yakuman(input),
        "dora" => rest.map(Field::Dora).parse(input),
        "ura" => rest.map(Field::Ura).parse(input),
        "hand" => rest.map(Field::Hand).parse(input),
        "melds" => {
            let (rest, tokens) = rest(input)?;
            let mut v = Vec::new();
            for (c, t) in tokens.tokens() {
                v.push(meld_arg(c, t).map_err(nom::Err::Failure)?);
                if v.len() > 4 {
                    return fail(c, expected("at most 4 melds", t));
                }
            }
            Ok((rest, Field::Melds(v)))
        }
        "agari" => {
            let (rest, (col, raw)) = tile("the winning tile")(input)?;
            Ok((rest, Field::Agari(col, raw)))
        }
        "ba" => {
            let what = if ctx == Ctx::Win {
                "honba and sticks, e.g. ba 1 0"
            } else {
                "honba and sticks"
            };
            let (rest, [a, b]) = array(int(what, what))(input)?;
            Ok((rest, Field::Ba(a, b)))
        }
        "ratio" => {
            let (rest, [a, b]) = array(int("two numbers", "two numbers"))(input)?;
            Ok((rest, Field::Ratio(a, b)))
        }
        "scores" if ctx == Ctx::Win => four_ints("four scores before the win")
            .map(Field::Scores)
            .parse(input),
        "scores" => four_ints("four scores before the draw")
            .map(Field::Scores)
            .parse(input),
        "deltas" => four_ints("four score changes")
            .map(Field::Deltas)
            .parse(input),
        "final" => four_ints("four final scores")
            .map(Field::Final)
            .parse(input),
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
                Err(kind) => return fail(col, kind),
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
fn yaku<'t>(input: Cursor<'t>) -> PResult<'t, Field<'t>> {
    let mut v = ArrayVec::new();
    let mut rest = input;
    while let (after, Some((col, name))) = next(rest)? {
        let Some(source) = names::han_source(name) else {
            return fail(
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
            return fail(col, expected("at most 24 yaku", name));
        }
    }
    Ok((rest, Field::Yaku(v)))
}

/// `yakuman NAME, …`.
fn yakuman<'t>(input: Cursor<'t>) -> PResult<'t, Field<'t>> {
    let mut v = ArrayVec::new();
    let mut rest = input;
    while let (after, Some((col, name))) = next(rest)? {
        rest = after;
        let name = name.strip_suffix(',').unwrap_or(name);
        let yakuman = match names::han_source(name) {
            Some(HanSource::Yaku(y)) if y.is_yakuman() => y,
            _ => {
                return fail(
                    col,
                    ErrorKind::UnknownKeyword {
                        word: lex::shorten(name),
                        expected: "a yakuman name (see NOTATION.md)",
                    },
                );
            }
        };
        if v.try_push(yakuman).is_err() {
            return fail(col, expected("at most 8 yakuman", name));
        }
    }
    Ok((rest, Field::Yakuman(v)))
}

/// `chip-awards NAME:CHIPS …`.
fn chip_awards<'t>(input: Cursor<'t>) -> PResult<'t, Field<'t>> {
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
                    return fail(col, expected("at most 16 awards", t));
                }
            }
            Err(kind) => return fail(col, kind),
        }
    }
    Ok((rest, Field::ChipAwards(v)))
}
/// `expect` KIND …: `furiten SEAT REASON`, `win SEAT [NNfu] [Nhan] [POINTS] [LIMIT]`,
/// `draw KIND`, `next LABEL|end [dealer SEAT] [sticks N]`, `illegal [REFUSAL] ["REASON"]`.
fn expectation<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (rest, (col, what)) = need("what is expected: furiten, win, draw, next or illegal")(input)?;
    let (rest, kind) = match what {
        "furiten" => furiten(rest)?,
        "win" => win(rest)?,
        "draw" => draw(rest)?,
        "next" => next_round(rest)?,
        "illegal" => illegal(rest)?,
        _ => {
            return fail(
                col,
                ErrorKind::UnknownKeyword {
                    word: lex::shorten(what),
                    expected: "furiten, win, draw, next or illegal",
                },
            );
        }
    };
    let (rest, ()) = end_of_line(rest)?;
    Ok((rest, kind))
}

/// `furiten SEAT own_discard|same_turn|riichi|none`.
fn furiten<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (rest, seat) = seat_of("the seat")(input)?;
    let (rest, reason) = needed("own_discard, same_turn, riichi or none", |_, r| {
        names::furiten_reason(r).ok_or_else(|| ErrorKind::UnknownKeyword {
            word: lex::shorten(r),
            expected: "a furiten reason: own_discard, same_turn, riichi, or none",
        })
    })(rest)?;
    Ok((rest, ExpectationKind::Furiten { seat, reason }))
}

/// `win SEAT` and any of `NNfu`, `Nhan`, the points and a limit, in any order (a later one
/// of a kind replaces an earlier).
fn win<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (rest, seat) = seat_of("the winner's seat")(input)?;
    let (rest, (fu, han, points, limit)) =
        win_values("30fu, 3han, points such as 3900, or a limit")(rest)?;
    let kind = ExpectationKind::Win {
        seat,
        fu,
        han: han.map(|(_, n)| n),
        points,
        limit,
    };
    Ok((rest, kind))
}

/// `draw KIND`.
fn draw<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (rest, kind) = draw_kind("the kind of draw")(input)?;
    Ok((rest, ExpectationKind::Draw { kind }))
}

/// `next end`, or `next LABEL` with `dealer SEAT` and `sticks N` pairs (each pair's value is
/// read before its key is judged).
fn next_round<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (mut rest, (col, l)) = need("the next round's label (e.g. E2.0) or `end`")(input)?;
    if l == "end" {
        return Ok((rest, ExpectationKind::Next(NextRound::GameEnds)));
    }
    let Some((wind, number, honba)) = lex::label(l) else {
        return fail(col, expected("a round label such as E2.0, or end", l));
    };
    let (mut dealer, mut sticks) = (None, None);
    while let (after, Some((kc, k))) = next(rest)? {
        let (after, (vc, v)) = need("a value")(after)?;
        rest = after;
        match k {
            "dealer" => match seat(v) {
                Ok(s) => dealer = Some(s),
                Err(kind) => return fail(vc, kind),
            },
            "sticks" => match lex::int(v) {
                Some(n) => sticks = Some(n),
                None => return fail(vc, expected("a number", v)),
            },
            _ => {
                return fail(
                    kc,
                    ErrorKind::UnknownKeyword {
                        word: lex::shorten(k),
                        expected: "dealer or sticks",
                    },
                );
            }
        }
    }
    let kind = ExpectationKind::Next(NextRound::Round {
        wind,
        number,
        honba,
        dealer,
        sticks,
    });
    Ok((rest, kind))
}

/// `illegal`, then an optional refusal kind, then an optional quoted reason.
fn illegal<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (mut rest, mut token) = next(input)?;
    let refusal = match token {
        Some((col, t)) if !t.starts_with('"') => {
            let Some(r) = haifu_log::Refusal::from_name(t) else {
                return fail(
                    col,
                    ErrorKind::UnknownKeyword {
                        word: lex::shorten(t),
                        expected: REFUSALS,
                    },
                );
            };
            (rest, token) = next(rest)?;
            Some(r)
        }
        _ => None,
    };
    let reason = match token {
        Some((col, t)) => match lex::string(t) {
            Ok(s) => Some(s),
            Err((o, kind)) => return fail(col + o, kind),
        },
        None => None,
    };
    Ok((rest, ExpectationKind::Illegal { refusal, reason }))
}

/// The refusal kinds an `expect illegal` may name, for messages.
pub(super) const REFUSALS: &str = "a refusal kind (not-your-turn, not-held, tile-in-play, wall-exhausted, not-the-last-discard, chi-not-from-left, bad-meld, kuikae, no-kan, riichi-refused, riichi-tsumogiri, deposit, dora-timing, no-win, no-yaku, not-complete, furiten, head-bump, no-draw, abortive-not-played, round-over, not-settled, unsupported) or a quoted reason";
