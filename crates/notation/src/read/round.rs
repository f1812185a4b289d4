//! A round's setup: the `round` line, then `scores`, `hand`, `wall`, `shuffle` and `chips`,
//! applied to the table when the first move comes (the hands resolved against the wall).

use crate::grammar::{self, PResult, Tokens, array, int, need, needed, next, seat_of, tile};
use haifu_log::{StackOrder, Wall};
use haifu_ruleset::RedFives;

use super::*;

impl<'t> Reader<'t, '_> {
    pub(super) fn round(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let line = self.parse_rest(cur, pos, |i| grammar::parse_line(i, round_line))?;
        let Some((dora_col, dora)) = line.dora else {
            return Err(pos.err(ErrorKind::MissingField {
                block: "round",
                field: "dora",
                expected: "the first dora indicator, e.g. `dora 4m` on the round line",
            }));
        };
        let s = Setup {
            at: pos,
            wind: line.wind,
            number: line.number,
            honba: line.honba,
            dealer: line.dealer,
            sticks: line.sticks,
            dice: line.dice,
            dora: (shift(pos, dora_col), dora),
            scores: None,
            shuffle: None,
            chips: None,
            hands: [None; 4],
            wall: None,
        };
        self.pending = Pending::Setup(Box::new(s));
        Ok(())
    }

    pub(super) fn setup_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        match word {
            "scores" => {
                let v = self.by_seat(cur, pos, "four scores")?;
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                set_once(&mut s.scores, v, "scores", wpos)
            }
            "chips" => {
                let v = self.by_seat(cur, pos, "four chip counts")?;
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                set_once(&mut s.chips, v, "chips", wpos)
            }
            _ => {
                let line =
                    self.parse_rest(cur, pos, |i| grammar::parse_line(i, setup_field(word)))?;
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                match line {
                    SetupLine::Wall(current, (col, tiles)) => {
                        set_once(&mut s.wall, (shift(pos, col), current, tiles), "wall", wpos)
                    }
                    SetupLine::Shuffle(seed) => set_once(&mut s.shuffle, seed, "shuffle", wpos),
                    SetupLine::Hand(seat, (col, tiles), exact) => {
                        if s.hands[seat.index()].is_some() {
                            return Err(wpos.err(ErrorKind::Duplicate { field: "hand" }));
                        }
                        s.hands[seat.index()] = Some((shift(pos, col), tiles, exact));
                        Ok(())
                    }
                }
            }
        }
    }

    pub(super) fn flush_setup(&mut self, s: Setup<'t>) -> R<()> {
        let first = !self.table.started;
        self.table.red_fives = names::red_fives_of(&self.log.header);
        // The wall a wall line states resolves the copies; the wall the caller's source
        // rebuilds from the seed, when there is one, is what the referee checks the round
        // against (it has the dice), as it is for the log the text was written from.
        let stated = match s.wall {
            Some((tp, current, token)) => {
                Some(wall_line(tp, current, token, self.table.red_fives)?)
            }
            None => None,
        };
        let seeded = next_wall(
            self.walls,
            self.log.header.rules.go_type,
            self.log.header.seed.as_deref(),
            s.shuffle.as_deref(),
        );
        self.table
            .reset(stated.clone().or_else(|| known(seeded.as_ref())));
        self.unheld_discard = [None; 4];
        let wall = seeded.or(stated.map(haifu_log::WallRecord::Known));
        let first_dealer = self.log.header.first_dealer.unwrap_or(Seat::ALL[0]);
        let dealer = s
            .dealer
            .unwrap_or_else(|| first_dealer.after(s.number.wrapping_sub(1) % 4));
        let (dp, raw) = s.dora;
        let hint = self.table.wall_dora();
        let dora = self.enter(dp, raw, hint)?;
        self.table.new_dora(dora);
        let mut hands: BySeat<ArrayVec<Tile, 13>> = BySeat::default();
        for seat in Seat::ALL {
            let Some((tp, token, exact)) = s.hands[seat.index()] else {
                continue;
            };
            let deal = self.table.wall_hand(dealer, seat);
            // The deal's copies of each kind, four bits a kind.
            let mut in_deal = [0u8; 34];
            for &d in deal.iter().flatten() {
                in_deal[d.kind().index()] |= 1 << d.copy();
            }
            let mut all_in_deal = true;
            let mut hand: ArrayVec<Tile, 13> = ArrayVec::new();
            let table = &mut self.table;
            tiles_at(tp, token, |raw, at| {
                let p = shift(tp, at);
                // The lowest copy of the kind that the deal holds, that the tile names and
                // that is still unseen.
                let k = raw.kind.index();
                let free = in_deal[k]
                    & crate::table::named_copies(table.red_fives, raw)
                    & table.unseen_mask(k);
                let hint = Tile::from_kind(raw.kind, free.trailing_zeros() as u8);
                let t = enter_tile(table, p, raw, hint)?;
                if hand.try_push(t).is_err() {
                    return Err(p.err(ErrorKind::Inconsistent {
                        detail: "a starting hand holds 13 tiles; this is the 14th".to_owned(),
                    }));
                }
                all_in_deal &= in_deal[k] & (1 << t.copy()) != 0;
                table.enter(t, Some(seat));
                Ok(())
            })?;
            if hand.len() != 13 {
                return Err(tp.err(ErrorKind::Inconsistent {
                    detail: format!(
                        "a starting hand holds 13 tiles; this one has {}",
                        hand.len()
                    ),
                }));
            }
            // Thirteen tiles, none twice (the table refuses a copy in play), all in the
            // thirteen of the deal: the deal itself, kept in its order.
            if let Some(d) = deal
                && all_in_deal
                && !exact
            {
                hand = ArrayVec::from(d);
            }
            hands[seat] = hand;
        }
        let scores = s.scores.unwrap_or(if first {
            self.start_scores.unwrap_or(BySeat::from_array([25000; 4]))
        } else {
            self.table.scores
        });
        let start = RoundStart {
            round_wind: s.wind,
            round_number: s.number,
            honba: s.honba,
            sticks: s.sticks.unwrap_or(0),
            dice: s.dice,
            dora_indicator: dora,
            untimed_dora: ArrayVec::new(),
            scores,
            dealer,
            hands,
            shuffle: s.shuffle,
            chips: s.chips,
            wall,
        };
        self.table.begin(&start);
        self.log.push_round_start(start);
        Ok(())
    }

    pub(super) fn enter(&mut self, p: Pos<'t>, raw: RawTile, hint: Option<Tile>) -> R<Tile> {
        enter_tile(&self.table, p, raw, hint)
    }

    pub(super) fn new_dora(&mut self, p: Pos<'t>, token: &str) -> R<()> {
        let raw = lex::one_tile(token).map_err(|(o, k)| shift(p, o).err(k))?;
        let hint = self.table.wall_dora();
        let t = self.enter(p, raw, hint)?;
        self.table.new_dora(t);
        self.log.push_new_dora(t);
        Ok(())
    }
}

pub(super) struct Setup<'t> {
    pub(super) at: Pos<'t>,
    pub(super) wind: Wind,
    pub(super) number: u8,
    pub(super) honba: u32,
    pub(super) dealer: Option<Seat>,
    pub(super) sticks: Option<u32>,
    pub(super) dice: Option<[u8; 2]>,
    pub(super) dora: (Pos<'t>, RawTile),
    pub(super) scores: Option<BySeat<i32>>,
    pub(super) shuffle: Option<String>,
    pub(super) chips: Option<BySeat<i32>>,
    pub(super) hands: [Option<(Pos<'t>, &'t str, bool)>; 4],
    pub(super) wall: Option<(Pos<'t>, bool, &'t str)>,
}

/// The wall of a `wall` line: every physical tile once, in `yama` order. Unmarked tiles take
/// the lowest copy not yet in the line.
pub(super) fn wall_line(p: Pos<'_>, current: bool, token: &str, reds: RedFives) -> R<Wall> {
    let mut tiles: ArrayVec<Tile, 136> = ArrayVec::new();
    let mut used = [0u8; 34];
    tiles_at(p, token, |raw, at| {
        let k = raw.kind.index();
        // A marked tile (a red five is copy 0) is its copy; an unmarked one the project's
        // copy rule gives (4 when no copy is left).
        let copy = match (raw.red, raw.copy) {
            (true, _) => 0,
            (false, Some(c)) => c,
            (false, None) => haifu_tiles::first_free_copy(
                raw.kind,
                false,
                crate::table::has_red(reds, raw.kind),
                used[k],
            ),
        };
        let bit = 1u8.checked_shl(u32::from(copy)).unwrap_or(0);
        let in_use = used[k] & bit != 0;
        match Tile::from_kind(raw.kind, copy) {
            Some(t) if !in_use && !tiles.is_full() => {
                used[k] |= bit;
                tiles.push(t);
                Ok(())
            }
            _ => Err(wall_error(shift(p, at), raw, copy, in_use, reds, token)),
        }
    })?;
    let stacks = if current {
        StackOrder::Paired
    } else {
        StackOrder::Drawn
    };
    Wall::from_yama(&tiles, stacks, None).map_err(|_| {
        p.err(ErrorKind::Inconsistent {
            detail: format!(
                "a wall holds 136 tiles (108 in sanma); this one has {}",
                tiles.len()
            ),
        })
    })
}

/// Why a wall line's tile `raw`, resolved to `copy` (4 when none was left), cannot be the
/// wall's next tile: no copy left, its copy already `in_use`, or a 137th tile.
#[cold]
fn wall_error(
    at: Pos<'_>,
    raw: RawTile,
    copy: u8,
    in_use: bool,
    reds: RedFives,
    token: &str,
) -> Box<ReadError> {
    if copy > 3 {
        at.err(no_copy_left(raw, reds))
    } else if in_use {
        at.err(ErrorKind::CopyInPlay {
            tile: raw.kind.to_string(),
            copy,
        })
    } else {
        at.err(expected("a wall of 136 tiles (108 in sanma)", token))
    }
}

/// A tile entering play, refusing a copy already in play.
pub(super) fn enter_tile(table: &Table, p: Pos<'_>, raw: RawTile, hint: Option<Tile>) -> R<Tile> {
    match table.resolve_enter(raw, hint) {
        Some(t) if table.unseen(t) => Ok(t),
        Some(t) => Err(p.err(ErrorKind::CopyInPlay {
            tile: t.kind().to_string(),
            copy: t.copy(),
        })),
        None => Err(p.err(no_copy_left(raw, table.red_fives))),
    }
}

/// Why no copy is left for an unmarked tile: a fifth copy, or, for a plain five of a suit
/// with a red five, no plain copy (the one left, if any, is the red five, written `0`).
pub(super) fn no_copy_left(raw: RawTile, reds: RedFives) -> ErrorKind {
    if !raw.red && crate::table::is_five(raw.kind.index()) && crate::table::has_red(reds, raw.kind)
    {
        return ErrorKind::NoPlainFive {
            kind: raw.kind.to_string(),
            suit: raw.kind.suit().letter(),
        };
    }
    ErrorKind::FifthCopy {
        kind: if raw.red {
            format!("0{}", raw.kind.suit().letter())
        } else {
            raw.kind.to_string()
        },
    }
}

/// A `round` line as its grammar reads it.
struct RoundLine {
    wind: Wind,
    number: u8,
    honba: u32,
    dealer: Option<Seat>,
    sticks: Option<u32>,
    dice: Option<[u8; 2]>,
    /// The first dora indicator, with its column.
    dora: Option<(usize, RawTile)>,
}

/// `round LABEL` and any of `dealer SEAT`, `sticks N`, `dice D D`, `dora TILE`, each once, in
/// any order (a key given twice is an error at its second place).
fn round_line<'a, 't: 'a>(input: Tokens<'a, 't>) -> PResult<'a, 't, RoundLine> {
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
            grammar::fail(col, ErrorKind::Duplicate { field })
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
                return grammar::fail(
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

/// A setup line other than `scores` and `chips`, as its grammar reads it.
enum SetupLine<'t> {
    /// `wall current|early TILES`: the layout, and the tiles' token.
    Wall(bool, grammar::Token<'t>),
    /// `shuffle SEED`.
    Shuffle(String),
    /// `hand SEAT [exact] TILES`.
    Hand(Seat, grammar::Token<'t>, bool),
}

/// The grammar of the setup line that starts with `word` (`wall`, `shuffle`, or `hand`).
fn setup_field<'a, 't: 'a>(
    word: &str,
) -> impl Fn(Tokens<'a, 't>) -> PResult<'a, 't, SetupLine<'t>> {
    let wall = word == "wall";
    let shuffle = word == "shuffle";
    move |input: Tokens<'a, 't>| {
        let (rest, line) = if wall {
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
            (rest, SetupLine::Wall(current, tiles))
        } else if shuffle {
            let (rest, seed) = grammar::string("the round's shuffle seed")(input)?;
            (rest, SetupLine::Shuffle(seed))
        } else {
            let (rest, s) = seat_of("a seat A-D")(input)?;
            let (rest, tiles) = need("the seat's 13 starting tiles")(rest)?;
            if tiles.1 == "exact" {
                let (rest, tiles) = need("the seat's 13 starting tiles")(rest)?;
                (rest, SetupLine::Hand(s, tiles, true))
            } else {
                (rest, SetupLine::Hand(s, tiles, false))
            }
        };
        let (rest, ()) = grammar::end_of_line(rest)?;
        Ok((rest, line))
    }
}
