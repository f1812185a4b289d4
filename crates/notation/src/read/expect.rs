//! Expectations (`expect …`), the lines scenarios state for the referee to check.

use super::*;

impl<'t> Reader<'t, '_> {
    pub(super) fn expect(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        if !self.table.started {
            return Err(wpos.err(ErrorKind::OutOfPlace {
                what: "expect".to_owned(),
                detail: "expectations are stated inside the game, after a `round` line",
            }));
        }
        let (kp, what) = self.need(
            cur,
            pos,
            "what is expected: furiten, win, draw, next or illegal",
        )?;
        let kind = match what {
            "furiten" => {
                let (p, s) = self.need(cur, pos, "the seat")?;
                let seat = seat_at(p, s)?;
                let (rp, r) = self.need(cur, pos, "own_discard, same_turn, riichi or none")?;
                let reason = names::furiten_reason(r).ok_or_else(|| {
                    rp.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(r),
                        expected: "a furiten reason: own_discard, same_turn, riichi, or none",
                    })
                })?;
                ExpectationKind::Furiten { seat, reason }
            }
            "win" => {
                let (p, s) = self.need(cur, pos, "the winner's seat")?;
                let seat = seat_at(p, s)?;
                let (mut fu, mut han, mut points, mut limit) = (None, None, None, None);
                while let Some((c, t)) = cur.next_token() {
                    let tp = shift(pos, c);
                    if let Some(n) = t.strip_suffix("fu").and_then(lex::int) {
                        fu = Some(n);
                    } else if let Some(n) = t.strip_suffix("han").and_then(lex::int) {
                        han = Some(n);
                    } else if let Some(n) = lex::int(t) {
                        points = Some(n);
                    } else if let Some(l) = names::limit(t) {
                        limit = Some(l);
                    } else if t == "no-limit" {
                        limit = Some(Limit::None);
                    } else {
                        return Err(
                            tp.err(expected("30fu, 3han, points such as 3900, or a limit", t))
                        );
                    }
                }
                ExpectationKind::Win {
                    seat,
                    fu,
                    han,
                    points,
                    limit,
                }
            }
            "draw" => {
                let (p, k) = self.need(cur, pos, "the kind of draw")?;
                let kind = names::draw_kind(k).ok_or_else(|| {
                    p.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(k),
                        expected: "a draw kind: exhaustive, kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukaikan, sanchahou, nagashi_mangan",
                    })
                })?;
                ExpectationKind::Draw { kind }
            }
            "next" => {
                let (p, l) = self.need(cur, pos, "the next round's label (e.g. E2.0) or `end`")?;
                if l == "end" {
                    ExpectationKind::Next(NextRound::GameEnds)
                } else {
                    let (wind, number, honba) = lex::label(l)
                        .ok_or_else(|| p.err(expected("a round label such as E2.0, or end", l)))?;
                    let (mut dealer, mut sticks) = (None, None);
                    while let Some((c, k)) = cur.next_token() {
                        let (vp, v) = self.need(cur, pos, "a value")?;
                        match k {
                            "dealer" => dealer = Some(seat_at(vp, v)?),
                            "sticks" => {
                                sticks = Some(
                                    lex::int(v).ok_or_else(|| vp.err(expected("a number", v)))?,
                                );
                            }
                            _ => {
                                return Err(shift(pos, c).err(ErrorKind::UnknownKeyword {
                                    word: lex::shorten(k),
                                    expected: "dealer or sticks",
                                }));
                            }
                        }
                    }
                    ExpectationKind::Next(NextRound::Round {
                        wind,
                        number,
                        honba,
                        dealer,
                        sticks,
                    })
                }
            }
            "illegal" => {
                // An optional refusal kind, then an optional quoted reason.
                let mut token = cur.next_token();
                let refusal = match token {
                    Some((c, t)) if !t.starts_with('"') => {
                        let r = haifu_log::Refusal::from_name(t).ok_or_else(|| {
                            shift(pos, c).err(ErrorKind::UnknownKeyword {
                                word: lex::shorten(t),
                                expected: REFUSALS,
                            })
                        })?;
                        token = cur.next_token();
                        Some(r)
                    }
                    _ => None,
                };
                let reason = match token {
                    Some((c, t)) => Some(string_at(shift(pos, c), t)?),
                    None => None,
                };
                ExpectationKind::Illegal { refusal, reason }
            }
            _ => {
                return Err(kp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(what),
                    expected: "furiten, win, draw, next or illegal",
                }));
            }
        };
        self.finish_line(cur, pos)?;
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

/// The refusal kinds an `expect illegal` may name, for messages.
pub(super) const REFUSALS: &str = "a refusal kind (not-your-turn, not-held, tile-in-play, wall-exhausted, not-the-last-discard, chi-not-from-left, bad-meld, kuikae, no-kan, riichi-refused, riichi-tsumogiri, deposit, dora-timing, no-win, no-yaku, not-complete, furiten, head-bump, no-draw, abortive-not-played, round-over, not-settled, unsupported) or a quoted reason";
