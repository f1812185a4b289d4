//! The grammar of each line kind: one nom parser per kind, over the line's tokens, giving a
//! small syntax value ([`Line`]) that the applier (`apply.rs`) resolves against the table.
//! Nothing here looks at the table or the log: a value here is what the line says.
//!
//! A move line is read move by move ([`one_move`]), each applied before the next is read,
//! so that a move's error comes before any later token's.

use nom::Parser;
use nom::combinator::opt;
use nom::sequence::terminated;

use crate::grammar::{
    LineError, PResult, Token, array, each, end_of_line, fail, int, keyword, literal, need, needed,
    next, rest, seat, seat_of, string, tile, within,
};

use super::*;

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
    /// `player SEAT "NAME" KEY=VALUE…`.
    Player(Seat, Box<Player>),
    /// `first-dealer SEAT`.
    FirstDealer(Seat),
    /// `scores S S S S`, in the header or a round's setup.
    Scores(BySeat<i32>),
    /// `chips C C C C`, in a round's setup.
    Chips(BySeat<i32>),
    /// `unknown ELEMENT NAME "VALUE"`, anywhere (its event placed when it is applied).
    Unknown(Box<UnknownAttribute>),
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
    Win(WinHead),
    /// `...`: the rest of the round's moves are left out.
    Elided,
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
/// in `mod.rs` has decided which block reads it). A `dora` line and a field line leave the
/// rest of the line to be checked once they are applied; every other line is read to its end.
pub(super) fn line<'t>(ctx: Block, word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    use Line as L;
    match (ctx, word) {
        (WIN | DRAW | END, w) if w != "unknown" => field(ctx, word).map(L::Field).parse(input),
        (BODY, "dora") => tile("the new dora indicator").map(L::Dora).parse(input),
        _ => terminated(move |i| whole_line(ctx, word, i), end_of_line).parse(input),
    }
}

/// The lines read to their end, by block and first word.
fn whole_line<'t>(ctx: Block, word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    use Line as L;
    match (ctx, word) {
        (_, "unknown") => unknown_line.map(L::Unknown).parse(input),
        (HEAD, "scores") => four_ints("four starting scores")
            .map(L::Scores)
            .parse(input),
        (HEAD, _) => header_line(word, input),
        (SETUP, "scores") => four_ints("four scores").map(L::Scores).parse(input),
        (SETUP, "chips") => four_ints("four chip counts").map(L::Chips).parse(input),
        (SETUP, _) => setup_line(word, input),
        (_, "round") => round_line.map(L::Round).parse(input),
        (_, "win") => win_head.map(L::Win).parse(input),
        (_, "draw") => draw_kind("the kind of draw, e.g. exhaustive")
            .map(L::Draw)
            .parse(input),
        (_, "expect") => expectation.map(L::Expect).parse(input),
        (_, "...") => Ok((input, L::Elided)),
        (_, "game-end") => four_ints("four final scores").map(L::GameEnd).parse(input),
        _ => Ok((input, L::End)),
    }
}

/// The rest of the first line, `haifu 1`: the notation's version, 1.
pub(super) fn format_line<'t>(input: Cursor<'t>) -> PResult<'t, ()> {
    let version = needed("the notation version, 1", |v| match v {
        "1" => Ok(()),
        _ => Err(ErrorKind::Version {
            version: lex::shorten(v),
        }),
    });
    terminated(version, end_of_line).parse(input)
}

/// What a `rules` line names first: every preset, from [`Preset::names`], or a rule file.
pub(super) static PRESETS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "a rules preset: {}; or a rule file FILE.toml (beside the record)",
        Preset::names()
    )
});

/// The header line that starts with `word` (other than `scores` and `unknown`).
fn header_line<'t>(word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    match word {
        "source" => (
            string("the source format, e.g. tenhou-mjlog"),
            opt(string("the source's version")),
        )
            .map(|(format, version)| Line::Source(format, version))
            .parse(input),
        "game" => string("the game id").map(Line::Game).parse(input),
        "rules" => (need(PRESETS.as_str()), rest)
            .map(|(preset, items)| Line::Rules(preset, items))
            .parse(input),
        "seed" => string("the wall seed").map(Line::Seed).parse(input),
        "seed-ref" => string("the seed's reference string")
            .map(Line::SeedRef)
            .parse(input),
        "player" => player_line(input),
        _ => seat_of("a seat A-D").map(Line::FirstDealer).parse(input),
    }
}

/// `SEAT "NAME"` and any of `dan=N`, `rate=X`, `sex=S`, `rc=N`, `gold=N`: the rest of a
/// `player` line.
fn player_line<'t>(input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    let (mut rest, (seat, name)) = (
        seat_of("a seat A-D"),
        string("the player's name, \"quoted\""),
    )
        .parse(input)?;
    let mut p = Player {
        name,
        ..Player::default()
    };
    while let (after, Some((col, tok))) = next(rest)? {
        rest = after;
        let Some((key, v)) = lex::key_value(tok) else {
            return fail(
                col,
                expected("key=value: dan=, rate=, sex=, rc=, gold=", tok),
            );
        };
        let vc = col + key.len() + 1;
        let bad = |what| nom::Err::Failure(LineError::at(vc, expected(what, v)));
        match key {
            "dan" => p.dan = Some(lex::int(v).ok_or_else(|| bad("a dan number 0-255"))?),
            "rate" => {
                let rate = v.parse::<f64>().ok();
                let finite =
                    rate.filter(|r| r.is_finite() && !v.contains(['e', 'E', 'i', 'n', 'N']));
                p.rate = Some(finite.ok_or_else(|| bad("a rating such as 1850.25"))?);
            }
            "sex" => {
                let sex = lex::string(v);
                p.sex = Some(sex.map_err(|(o, k)| nom::Err::Failure(LineError::at(vc + o, k)))?);
            }
            "rc" => p.rc = Some(lex::int(v).ok_or_else(|| bad("an integer"))?),
            "gold" => p.gold = Some(lex::int(v).ok_or_else(|| bad("an integer"))?),
            _ => {
                return fail(
                    col,
                    lex::unknown(key, "a player key: dan, rate, sex, rc, gold"),
                );
            }
        }
    }
    Ok((rest, Line::Player(seat, Box::new(p))))
}

/// Four integers, one per seat, each said to be `what` when it is missing or not one, then
/// the line's end.
pub(super) fn four_ints<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, BySeat<i32>> {
    move |input: Cursor<'t>| {
        terminated(array(int(what, what)), end_of_line)
            .map(BySeat::from_array)
            .parse(input)
    }
}

/// `ELEMENT NAME "VALUE"`, the rest of an `unknown` line.
fn unknown_line<'t>(input: Cursor<'t>) -> PResult<'t, Box<UnknownAttribute>> {
    (
        string("the element the attribute was on"),
        string("the attribute's name"),
        string("the attribute's value, \"quoted\""),
    )
        .map(|(element, name, value)| {
            Box::new(UnknownAttribute {
                event: None,
                element,
                name,
                value,
            })
        })
        .parse(input)
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
/// any order (a key given twice is an error at its second place, once its value is read).
fn round_line<'t>(input: Cursor<'t>) -> PResult<'t, RoundLine> {
    let (mut rest, (wind, number, honba)) = needed("the round label, e.g. E1.0", |label| {
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
    let die = needed("two dice", |t| {
        lex::int(t)
            .filter(|v| (1..=6).contains(v))
            .ok_or_else(|| expected("a die 1-6", t))
    });
    while let (after, Some((kc, key))) = next(rest)? {
        rest = match key {
            "dealer" => once(
                &mut line.dealer,
                (kc, "dealer"),
                seat_of("the dealer's seat A-D"),
                after,
            ),
            "sticks" => once(
                &mut line.sticks,
                (kc, "sticks"),
                int("the riichi sticks on the table", "a number of sticks"),
                after,
            ),
            "dice" => once(&mut line.dice, (kc, "dice"), array(&die), after),
            "dora" => once(
                &mut line.dora,
                (kc, "dora"),
                tile("the first dora indicator"),
                after,
            ),
            _ => fail(
                kc,
                lex::unknown(key, "a round key: dealer, sticks, dice, dora"),
            ),
        }?
        .0;
    }
    Ok((rest, line))
}

/// The value after the key `field` (at `col`) read by `p` into `slot`, which must be empty.
fn once<'t, O>(
    slot: &mut Option<O>,
    (col, field): (usize, &'static str),
    p: impl Fn(Cursor<'t>) -> PResult<'t, O>,
    input: Cursor<'t>,
) -> PResult<'t, ()> {
    let (rest, v) = p(input)?;
    if slot.is_some() {
        return fail(col, ErrorKind::Duplicate { field });
    }
    *slot = Some(v);
    Ok((rest, ()))
}

/// The setup line that starts with `word` (`wall`, `shuffle` or `hand`).
fn setup_line<'t>(word: &str, input: Cursor<'t>) -> PResult<'t, Line<'t>> {
    const TILES: &str = "the seat's 13 starting tiles";
    match word {
        "wall" => (
            keyword(
                "the wall's layout: current or early",
                "a wall layout: current or early",
                |layout| match layout {
                    "current" => Some(true),
                    "early" => Some(false),
                    _ => None,
                },
            ),
            need("the wall's 136 tiles (108 in sanma)"),
        )
            .map(|(current, tiles)| Line::Wall(current, tiles))
            .parse(input),
        "shuffle" => string("the round's shuffle seed")
            .map(Line::Shuffle)
            .parse(input),
        _ => (seat_of("a seat A-D"), opt(literal("exact")), need(TILES))
            .map(|(seat, exact, tiles)| Line::Hand(seat, tiles, exact.is_some()))
            .parse(input),
    }
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
    Kakan((usize, RawTile)),
    /// `ankan TILES`: the token, and its one tile (the kind) or four tiles with their offsets.
    Ankan(Token<'t>, ArrayVec<(usize, RawTile), 4>),
    /// `kita 4z`: the tile, with its column.
    Kita((usize, RawTile)),
    /// `dora TILE`: the indicator, with its column.
    Dora((usize, RawTile)),
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
    // Only `riichi=`, `deposit=` and `false-win=` take a value.
    let (word, value) = ["riichi", "deposit", "false-win"]
        .into_iter()
        .find_map(|w| Some((w, Some(tok.strip_prefix(w)?.strip_prefix('=')?))))
        .unwrap_or((tok, None));
    let vcol = col + word.len() + 1;
    let scores = |v: &str| comma_scores_at(v).map_err(|kind| LineError::at(vcol, kind));
    let fails = |e: nom::Err<LineError>| match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => e,
        nom::Err::Incomplete(_) => LineError::at(col, lex::expected("a move", tok)),
    };
    let mut argument = |p: &dyn Fn(Cursor<'t>) -> PResult<'t, Move<'t>>| {
        let (after, m) = p(*cur).map_err(fails)?;
        *cur = after;
        Ok(m)
    };
    match (word, value) {
        ("riichi", v) => Ok(Move::Riichi(v.map(scores).transpose()?)),
        ("deposit", None) => Ok(Move::Deposit(None)),
        ("deposit", Some("none")) => Ok(Move::Deposit(Some(None))),
        ("deposit", Some(v)) => Ok(Move::Deposit(Some(Some(scores(v)?)))),
        ("chi" | "pon" | "kan", None) => {
            let kind = match word {
                "chi" => MeldKind::Chi,
                "pon" => MeldKind::Pon,
                _ => MeldKind::Daiminkan,
            };
            let called = need("the called tile and its source, e.g. 3m<A+45m");
            argument(&|i| {
                let (rest, t) = called(i)?;
                Ok((
                    rest,
                    Move::Call(call_arg(kind, t).map_err(nom::Err::Failure)?),
                ))
            })
        }
        ("kakan", None) => {
            argument(&|i| tile("the tile added to the pon").map(Move::Kakan).parse(i))
        }
        ("ankan", None) => argument(&|i| {
            let (rest, t) = need("the kind of the concealed kan, e.g. 9p")(i)?;
            Ok((rest, ankan_arg(t).map_err(nom::Err::Failure)?))
        }),
        ("kita", None) => argument(&|i| tile("the North set aside, 4z").map(Move::Kita).parse(i)),
        ("dora", None) => argument(&|i| tile("the new dora indicator").map(Move::Dora).parse(i)),
        ("dead", None) => Ok(Move::Dead),
        ("false-win", v) => Ok(Move::FalseWin(v.map(scores).transpose()?)),
        ("bye", None) => Ok(Move::Bye),
        // The name, if the next token is a quoted string.
        ("back", None) => match cur.first() {
            Some((_, t)) if t.starts_with('"') => {
                let (after, name) = string("a name")(*cur).map_err(fails)?;
                *cur = after;
                Ok(Move::Back(Some(name)))
            }
            _ => Ok(Move::Back(None)),
        },
        _ => Err(LineError::at(
            col,
            lex::unknown(
                tok,
                "a move: a tile (draw or discard), *, +T, -T, riichi, deposit, chi, pon, kan, kakan, ankan, kita, dora, bye, back, dead, false-win, or {KIND …}",
            ),
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
    use MeldKind::*;
    let kind = [Chi, Pon, Daiminkan, Kakan, Ankan, Kita]
        .into_iter()
        .find(|k| k.as_str() == kind_word)
        .ok_or_else(|| {
            let expected = "a meld kind: chi, pon, daiminkan, kakan, ankan, kita";
            LineError::at(col + 1 + kc, lex::unknown(kind_word, expected))
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
        let tile = || lex::one_tile(v).map_err(|(o, e)| LineError::at(vc + o, e));
        match k {
            "called" => m.called = Some((vc, v, tile()?)),
            "added" => m.added = Some((vc, v, tile()?)),
            "from" => m.from = Some(seat(v).map_err(|e| LineError::at(vc, e))?),
            _ => return Err(LineError::at(kc, lex::unknown(k, "called, added or from"))),
        }
    }
    Ok(m)
}

/// What a `win` line says: the winner, the seat that dealt in (the winner for a tsumo),
/// fu, han (with its token's column), points and limit.
pub(super) struct WinHead {
    pub(super) winner: Seat,
    pub(super) from: Seat,
    pub(super) fu: Option<u32>,
    pub(super) han: Option<(usize, u32)>,
    pub(super) points: i32,
    pub(super) limit: Limit,
}

/// `win SEAT ron SEAT|tsumo` and any of `NNfu`, `Nhan`, the points and a limit (a later one
/// of a kind replaces an earlier); the fu may be left out only by a limit hand.
fn win_head<'t>(input: Cursor<'t>) -> PResult<'t, WinHead> {
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
    let missing = match (fu, points) {
        (None, _) if limit == Limit::None => {
            "the fu, e.g. 30fu (only a limit hand may leave them out)"
        }
        (_, None) => "the points, e.g. 3900",
        (_, Some(points)) => {
            let head = WinHead {
                winner,
                from,
                fu,
                han,
                points,
                limit,
            };
            return Ok((rest, head));
        }
    };
    fail(rest.end(), ErrorKind::EndOfLine { expected: missing })
}

/// Any of `NNfu`, `Nhan` (with its column), the points and a limit, in any order (a later
/// one of a kind replaces an earlier); a token that is none of them is `what`.
pub(super) fn win_values<'t>(what: &'static str) -> impl Fn(Cursor<'t>) -> PResult<'t, WinValues> {
    move |input: Cursor<'t>| {
        let mut rest = input;
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
    keyword(what, names::DRAW_KINDS, names::draw_kind)
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
fn field<'t>(ctx: Block, word: &str) -> impl Fn(Cursor<'t>) -> PResult<'t, Field<'t>> {
    move |input: Cursor<'t>| match word {
        "pao" => seat_of("the liable seat").map(Field::Pao).parse(input),
        "yaku" => each("at most 24 yaku", yaku).map(Field::Yaku).parse(input),
        "yakuman" => each("at most 8 yakuman", yakuman)
            .map(Field::Yakuman)
            .parse(input),
        "dora" => rest.map(Field::Dora).parse(input),
        "ura" => rest.map(Field::Ura).parse(input),
        "hand" => rest.map(Field::Hand).parse(input),
        "melds" => each::<_, 4>("at most 4 melds", |i| {
            let (rest, (c, t)) = need("a meld")(i)?;
            Ok((rest, meld_arg(c, t).map_err(nom::Err::Failure)?))
        })
        .map(|v| Field::Melds(v.into_iter().collect()))
        .parse(input),
        "agari" => tile("the winning tile")
            .map(|(col, raw)| Field::Agari(col, raw))
            .parse(input),
        "ba" => {
            let what = if ctx == WIN {
                "honba and sticks, e.g. ba 1 0"
            } else {
                "honba and sticks"
            };
            array(int(what, what))
                .map(|[a, b]| Field::Ba(a, b))
                .parse(input)
        }
        "ratio" => array(int("two numbers", "two numbers"))
            .map(|[a, b]| Field::Ratio(a, b))
            .parse(input),
        "scores" => four_ints(if ctx == WIN {
            "four scores before the win"
        } else {
            "four scores before the draw"
        })
        .map(Field::Scores)
        .parse(input),
        "deltas" => four_ints("four score changes")
            .map(Field::Deltas)
            .parse(input),
        "final" => four_ints("four final scores")
            .map(Field::Final)
            .parse(input),
        "chips" => array::<_, 8>(int(
            "eight numbers: chips before, then changes",
            "a chip count",
        ))
        .map(|v| {
            Field::Chips(ChipScores {
                before: BySeat::from_array([v[0], v[1], v[2], v[3]]),
                delta: BySeat::from_array([v[4], v[5], v[6], v[7]]),
            })
        })
        .parse(input),
        "chip-awards" => each("at most 16 awards", chip_award)
            .map(Field::ChipAwards)
            .parse(input),
        "points" => array(needed("four placement points", |t| {
            lex::tenths(t).ok_or_else(|| expected("placement points such as +58.0", t))
        }))
        .map(|v| Field::Points(BySeat::from_array(v)))
        .parse(input),
        "shown" => {
            let col = input.end();
            (seat_of("the seat whose hand is shown"), rest)
                .map(|(s, tiles)| Field::Shown(s, col, tiles))
                .parse(input)
        }
        _ => array(needed("four chip pairs a/b", |t| {
            let (a, b) = t.split_once('/').ok_or_else(|| expected("a/b", t))?;
            Ok([
                lex::tenths(a).ok_or_else(|| expected("a number", a))?,
                lex::tenths(b).ok_or_else(|| expected("a number", b))?,
            ])
        }))
        .map(|v| Field::FinalChips(BySeat::from_array(v)))
        .parse(input),
    }
}

/// `NAME HAN`, an item of a `yaku` line (a comma after the han allowed).
fn yaku<'t>(input: Cursor<'t>) -> PResult<'t, RecordedHan> {
    (
        keyword(
            "a yaku name",
            "a yaku name (see NOTATION.md), dora, ura or aka",
            HanSource::from_name,
        ),
        needed("the yaku's han", |h| {
            let h = h.strip_suffix(',').unwrap_or(h);
            lex::int(h).ok_or_else(|| expected("the han, e.g. 1", h))
        }),
    )
        .map(|(source, han)| RecordedHan { source, han })
        .parse(input)
}

/// `NAME`, an item of a `yakuman` line (a comma after it allowed).
fn yakuman<'t>(input: Cursor<'t>) -> PResult<'t, Yaku> {
    needed("a yakuman name", |name| {
        let name = name.strip_suffix(',').unwrap_or(name);
        match HanSource::from_name(name) {
            Some(HanSource::Yaku(y)) if y.is_yakuman() => Ok(y),
            _ => Err(lex::unknown(name, "a yakuman name (see NOTATION.md)")),
        }
    })(input)
}

/// `NAME:CHIPS`, an item of a `chip-awards` line.
fn chip_award<'t>(input: Cursor<'t>) -> PResult<'t, ChipAward> {
    needed("an award", |t| {
        let (name, n) = t.split_once(':').ok_or_else(|| expected("NAME:CHIPS", t))?;
        let source = HanSource::from_name(name).ok_or_else(|| expected("a yaku name", name))?;
        let chips = lex::int(n).ok_or_else(|| expected("a chip count", n))?;
        Ok(ChipAward { source, chips })
    })(input)
}

/// `expect` KIND …: `furiten SEAT REASON`, `win SEAT [NNfu] [Nhan] [POINTS] [LIMIT]`,
/// `draw KIND`, `next LABEL|end [dealer SEAT] [sticks N]`, `illegal [REFUSAL] ["REASON"]`.
fn expectation<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    const KINDS: &str = "furiten, win, draw, next or illegal";
    let (rest, what) = keyword(
        "what is expected: furiten, win, draw, next or illegal",
        KINDS,
        |w| {
            ["furiten", "win", "draw", "next", "illegal"]
                .into_iter()
                .find(|&k| k == w)
        },
    )(input)?;
    match what {
        "furiten" => furiten(rest),
        "win" => win(rest),
        "draw" => draw_kind("the kind of draw")
            .map(|kind| ExpectationKind::Draw { kind })
            .parse(rest),
        "next" => next_round(rest),
        _ => illegal(rest),
    }
}

/// `furiten SEAT own_discard|same_turn|riichi|none`.
fn furiten<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    (
        seat_of("the seat"),
        keyword(
            "own_discard, same_turn, riichi or none",
            "a furiten reason: own_discard, same_turn, riichi, or none",
            names::furiten_reason,
        ),
    )
        .map(|(seat, reason)| ExpectationKind::Furiten { seat, reason })
        .parse(input)
}

/// `win SEAT` and any of `NNfu`, `Nhan`, the points and a limit, in any order (a later one
/// of a kind replaces an earlier).
fn win<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    (
        seat_of("the winner's seat"),
        win_values("30fu, 3han, points such as 3900, or a limit"),
    )
        .map(|(seat, (fu, han, points, limit))| ExpectationKind::Win {
            seat,
            fu,
            han: han.map(|(_, n)| n),
            points,
            limit,
        })
        .parse(input)
}

/// `next end`, or `next LABEL` with `dealer SEAT` and `sticks N` pairs (each pair's value is
/// read before its key is judged).
fn next_round<'t>(input: Cursor<'t>) -> PResult<'t, ExpectationKind> {
    let (mut rest, label) = needed("the next round's label (e.g. E2.0) or `end`", |l| {
        if l == "end" {
            return Ok(None);
        }
        lex::label(l)
            .map(Some)
            .ok_or_else(|| expected("a round label such as E2.0, or end", l))
    })(input)?;
    let Some((wind, number, honba)) = label else {
        return Ok((rest, ExpectationKind::Next(NextRound::GameEnds)));
    };
    let (mut dealer, mut sticks) = (None, None);
    while let (after, Some((kc, k))) = next(rest)? {
        need("a value")(after)?;
        rest = match k {
            "dealer" => seat_of("a value").map(|s| dealer = Some(s)).parse(after),
            "sticks" => int("a value", "a number")
                .map(|n| sticks = Some(n))
                .parse(after),
            _ => fail(kc, lex::unknown(k, "dealer or sticks")),
        }?
        .0;
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
    let refusal = |i: Cursor<'t>| match i.first() {
        Some((_, t)) if !t.starts_with('"') => {
            keyword("a refusal kind", REFUSALS, haifu_log::Refusal::from_name)(i)
        }
        _ => Err(nom::Err::Error(LineError::at(
            i.end(),
            lex::expected(REFUSALS, ""),
        ))),
    };
    (opt(refusal), opt(within("a quoted reason", lex::string)))
        .map(|(refusal, reason)| ExpectationKind::Illegal { refusal, reason })
        .parse(input)
}

/// The refusal kinds an `expect illegal` may name, for messages.
pub(super) const REFUSALS: &str = "a refusal kind (not-your-turn, not-held, tile-in-play, wall-exhausted, not-the-last-discard, chi-not-from-left, bad-meld, kuikae, no-kan, riichi-refused, riichi-tsumogiri, deposit, dora-timing, no-win, no-yaku, not-complete, furiten, head-bump, no-draw, abortive-not-played, round-over, not-settled, unsupported) or a quoted reason";
