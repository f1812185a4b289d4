//! Outcomes: `win` and `draw` with their field lines, and the game's end.

use crate::grammar::{self, PResult, Tokens, need, needed, next, seat_of};

use super::*;

impl<'t> Reader<'t, '_> {
    pub(super) fn win(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        if !self.table.open && !self.table.after_win {
            self.require_round("win", wpos)?;
        }
        let head = self.win_general(cur, pos)?;
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
            chip_awards: None,
            s: Settled::default(),
        }));
        Ok(())
    }

    /// A `win` line's seats, fu, han, points and limit, after `win`, by its grammar.
    pub(super) fn win_general(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<WinHead<'t>> {
        let (winner, from, fu, han, points, limit) =
            self.parse_rest(cur, pos, |i| grammar::parse_line(i, win_head))?;
        Ok(WinHead {
            winner,
            from,
            fu,
            han: han.map(|(col, n)| (shift(pos, col), n)),
            points,
            limit,
        })
    }

    pub(super) fn flush_win(&mut self, w: WinDraft<'t>) -> R<()> {
        let deltas = w.s.deltas.ok_or_else(|| {
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
                // Too many tiles, because of a discard of a tile the winner did not hold: the
                // mistake is at that discard.
                match self.unheld_discard[w.head.winner.index() & 3] {
                    Some((at, tile)) => at.err(ErrorKind::Inconsistent {
                        detail: format!(
                            "{seat} holds no {kind} to discard, so at its win (line {line}) it holds more than 14 tiles; discard a tile {seat} holds, or write the winning hand on the win's `hand` line",
                            seat = lex::seat_letter(w.head.winner),
                            kind = tile.kind(),
                            line = w.at.line,
                        ),
                    }),
                    None => w.at.err(ErrorKind::Inconsistent {
                        detail: "the winner holds more than 14 tiles; write the winning hand on a `hand` line".to_owned(),
                    }),
                }
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
        let (honba, sticks) = w.s.ba.unwrap_or((t.honba, t.sticks));
        let scores = w.s.scores.unwrap_or(t.scores);
        let final_result = final_result(w.s.fin, w.at, "win")?;
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
            chips: w.s.chips,
            chip_awards: w.chip_awards.unwrap_or_default(),
            ratio: w.s.ratio,
            final_result,
        });
        Ok(())
    }

    pub(super) fn draw(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        self.require_round("draw", wpos)?;
        let kind = self.parse_rest(cur, pos, |i| grammar::parse_line(i, draw_head))?;
        self.pending = Pending::Draw(Box::new(DrawDraft {
            at: wpos,
            kind,
            shown: BySeat::default(),
            s: Settled::default(),
        }));
        Ok(())
    }

    pub(super) fn flush_draw(&mut self, d: DrawDraft<'t>) -> R<()> {
        let deltas = d.s.deltas.ok_or_else(|| {
            d.at.err(ErrorKind::MissingField {
                block: "draw",
                field: "deltas",
                expected: "each seat's score change, e.g. `deltas +1500 -1500 +1500 -1500`",
            })
        })?;
        let (honba, sticks) = d.s.ba.unwrap_or((self.table.honba, self.table.sticks));
        let scores = d.s.scores.unwrap_or(self.table.scores);
        let final_result = final_result(d.s.fin, d.at, "draw")?;
        self.table.settle(scores, deltas, false);
        self.log.push_round_draw(RecordedDraw {
            kind: d.kind,
            honba,
            sticks,
            shown: d.shown,
            tenpai_unrecorded: false,
            scores,
            deltas,
            chips: d.s.chips,
            ratio: d.s.ratio,
            final_result,
        });
        Ok(())
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
    pub(super) yaku: Option<ArrayVec<RecordedHan, 24>>,
    pub(super) yakuman: Option<ArrayVec<Yaku, 8>>,
    pub(super) dora: Option<ArrayVec<Tile, 5>>,
    pub(super) ura: Option<ArrayVec<Tile, 5>>,
    pub(super) hand: Option<ArrayVec<Tile, 14>>,
    pub(super) melds: Option<ArrayVec<Meld, 4>>,
    pub(super) agari: Option<Tile>,
    pub(super) chip_awards: Option<ArrayVec<ChipAward, 16>>,
    pub(super) s: Settled<'t>,
}

/// The lines a win and a draw both have: the settlement and the final result.
#[derive(Default)]
pub(super) struct Settled<'t> {
    pub(super) ba: Option<(u32, u32)>,
    pub(super) scores: Option<BySeat<i32>>,
    pub(super) deltas: Option<BySeat<i32>>,
    pub(super) chips: Option<ChipScores>,
    pub(super) ratio: Option<[i32; 2]>,
    pub(super) fin: FinalDraft<'t>,
}

pub(super) struct DrawDraft<'t> {
    pub(super) at: Pos<'t>,
    pub(super) kind: DrawKind,
    pub(super) shown: BySeat<Option<ArrayVec<Tile, 14>>>,
    pub(super) s: Settled<'t>,
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
    let (rest, winner) = seat_of("the winner's seat A-D")(input)?;
    let (rest, (kc, how)) = need("ron SEAT or tsumo")(rest)?;
    let (rest, from) = match how {
        "tsumo" => (rest, winner),
        "ron" => seat_of("the seat that dealt in")(rest)?,
        _ => return grammar::fail(kc, expected("ron SEAT or tsumo", how)),
    };
    let (rest, (fu, han, points, limit)) = win_values(
        "30fu, 3han, the points (e.g. 3900) or a limit (mangan…yakuman, or no-limit)",
    )(rest)?;
    let limit = limit.unwrap_or(Limit::None);
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

/// Any of `NNfu`, `Nhan` (with its column), the points and a limit, in any order (a later
/// one of a kind replaces an earlier); a token that is none of them is `what`.
pub(super) fn win_values<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, WinValues> {
    move |mut rest: Tokens<'a, 't>| {
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
                return grammar::fail(col, expected(what, t));
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
pub(super) fn draw_kind<'a, 't: 'a>(
    what: &'static str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, DrawKind> {
    needed(what, |_, k| {
        names::draw_kind(k).ok_or_else(|| ErrorKind::UnknownKeyword {
            word: lex::shorten(k),
            expected: names::DRAW_KINDS,
        })
    })
}

/// `draw KIND`.
fn draw_head<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, DrawKind> {
    let (rest, kind) = draw_kind("the kind of draw, e.g. exhaustive")(input)?;
    let (rest, ()) = grammar::end_of_line(rest)?;
    Ok((rest, kind))
}
