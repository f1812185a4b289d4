//! Expectations (`expect …`), the lines scenarios state for the referee to check: the grammar
//! of the line (a small syntax tree, the [`ExpectationKind`]), then its place in the log.

use crate::grammar::{self, PResult, Tokens, end_of_line, fail, need, needed, next, seat, seat_of};

use super::*;

impl<'t> Reader<'t, '_> {
    pub(super) fn expect(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        if !self.table.started {
            return Err(wpos.err(ErrorKind::OutOfPlace {
                what: "expect".to_owned(),
                detail: "expectations are stated inside the game, after a `round` line",
            }));
        }
        let kind = self.parse_rest(cur, pos, |i| grammar::parse_line(i, expectation))?;
        self.log.expectations.push(Expectation {
            event: self.log.len(),
            kind,
        });
        if let Some(lines) = self.lines.as_deref_mut() {
            lines.expectations.push(pos.line);
        }
        Ok(())
    }
}

/// `expect` KIND …: `furiten SEAT REASON`, `win SEAT [NNfu] [Nhan] [POINTS] [LIMIT]`,
/// `draw KIND`, `next LABEL|end [dealer SEAT] [sticks N]`, `illegal [REFUSAL] ["REASON"]`.
fn expectation<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ExpectationKind> {
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
fn furiten<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ExpectationKind> {
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
fn win<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ExpectationKind> {
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
fn draw<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ExpectationKind> {
    let (rest, kind) = draw_kind("the kind of draw")(input)?;
    Ok((rest, ExpectationKind::Draw { kind }))
}

/// `next end`, or `next LABEL` with `dealer SEAT` and `sticks N` pairs (each pair's value is
/// read before its key is judged).
fn next_round<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ExpectationKind> {
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
fn illegal<'a, 't>(input: Tokens<'a, 't>) -> PResult<'a, 't, ExpectationKind> {
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
