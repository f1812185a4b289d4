//! The applier: each line's syntax value ([`Line`], and a move line's moves) resolved
//! against the table and applied to the log, or to the block being built ([`Pending`]) until
//! the line that completes it. Every check of a line against what came before it (a copy
//! already in play, a tile the seat does not hold, a hand of 14 tiles, a field given twice,
//! a win's han against its yaku) is made here.

use haifu_log::{StackOrder, Wall};
use haifu_ruleset::{Declared, RedFives};

use crate::grammar::Token;
use crate::lex::Cursor;

use super::syntax::{
    CALL_SHAPE, CallArg, DiscardMark, Field, Line, MELD_SHAPE, MeldArg, Move, PRESETS, RoundLine,
    one_move,
};
use super::*;

impl<'t> Reader<'t, '_> {
    /// Applies a line (other than a move line) read at `pos`, its word at `wpos`.
    pub(super) fn apply(&mut self, line: Line<'t>, wpos: Pos<'t>, pos: Pos<'t>) -> R<()> {
        let header = &mut self.log.header;
        match line {
            Line::Source(format, version) => {
                // A record converted from a format that always starts at the game's start
                // keeps that guarantee.
                if matches!(format.as_str(), "tenhou-mjlog" | "majsoul") {
                    header.start_record = haifu_log::StartRecord::Always;
                }
                header.format = format;
                if let Some(v) = version {
                    header.version = Some(v);
                }
            }
            Line::Game(id) => header.game_id = Some(id),
            Line::Rules(preset, items) => self.rules(preset, items, pos)?,
            Line::Seed(seed) => header.seed = Some(seed),
            Line::SeedRef(text) => header.seed_ref = Some(text),
            Line::Player(seat, player) => header.players[seat] = *player,
            Line::FirstDealer(seat) => header.first_dealer = Some(seat),
            Line::Scores(v) if !matches!(self.pending, Pending::Setup(_)) => {
                self.start_scores = Some(v);
            }
            line @ (Line::Scores(_)
            | Line::Chips(_)
            | Line::Hand(..)
            | Line::Wall(..)
            | Line::Shuffle(_)) => {
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                match line {
                    Line::Scores(v) => set_once(&mut s.scores, v, "scores", wpos)?,
                    Line::Chips(v) => set_once(&mut s.chips, v, "chips", wpos)?,
                    Line::Hand(seat, (col, tiles), exact) => {
                        let hand = (shift(pos, col), tiles, exact);
                        set_once(&mut s.hands[seat.index()], hand, "hand", wpos)?;
                    }
                    Line::Wall(current, (col, tiles)) => {
                        let wall = (shift(pos, col), current, tiles);
                        set_once(&mut s.wall, wall, "wall", wpos)?;
                    }
                    Line::Shuffle(seed) => set_once(&mut s.shuffle, seed, "shuffle", wpos)?,
                    _ => {}
                }
            }
            Line::Unknown(mut u) => {
                // In the header, no event; in a block, the event it will be; else the last.
                u.event = match (&self.pending, self.stage) {
                    (_, Stage::Header) => None,
                    (Pending::None, _) => self.log.len().checked_sub(1),
                    _ => Some(self.log.len()),
                };
                self.log.unknown.push(*u);
            }
            Line::Round(r) => self.round(r, pos)?,
            Line::Dora((col, raw)) => self.new_dora(shift(pos, col), raw)?,
            Line::Win(head) => self.pending = Pending::Win(Outcome::new(wpos, head)),
            Line::Elided => {
                if self.table.elided {
                    return Err(wpos.err(ErrorKind::OutOfPlace {
                        what: "...".to_owned(),
                        detail: "a round leaves its moves out once: its moves are already left out",
                    }));
                }
                self.table.elide();
                self.log.push_elided();
            }
            Line::Draw(kind) => self.pending = Pending::Draw(Outcome::new(wpos, kind)),
            Line::GameEnd(scores) => {
                let mut end = Outcome::new(wpos, ());
                end.f.fin = Some((wpos, scores));
                self.pending = Pending::End(end);
            }
            Line::Field(field) => {
                let mut pending = std::mem::replace(&mut self.pending, Pending::None);
                let r = match &mut pending {
                    Pending::Win(w) => self.field(&mut w.f, w.head.winner, field, wpos, pos),
                    Pending::Draw(d) => self.field(&mut d.f, Seat::ALL[0], field, wpos, pos),
                    Pending::End(e) => self.field(&mut e.f, Seat::ALL[0], field, wpos, pos),
                    _ => Ok(()),
                };
                self.pending = pending;
                r?;
            }
            Line::Expect(kind) => {
                self.log.expectations.push(Expectation {
                    event: self.log.len(),
                    kind,
                });
                if let Some(lines) = self.lines.as_deref_mut() {
                    lines.expectations.push(pos.line);
                }
            }
            Line::End => self.stage = Stage::Ended,
        }
        Ok(())
    }

    /// A `rules` line's preset (or rule file), flags and overrides, each checked in order.
    /// A rule file is a path relative to the record, which whoever verifies the record reads
    /// (the reader opens no file): its overrides must name rule points, and their values are
    /// checked when the file's rule set is built.
    fn rules(&mut self, (pcol, name): Token<'t>, items: Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let preset = Preset::from_name(name);
        let rule_file = name.ends_with(".toml") && !name.contains(',');
        if preset.is_none() && !rule_file {
            return Err(shift(pos, pcol).err(lex::unknown(name, PRESETS.as_str())));
        }
        let tenhou = preset == Some(Preset::Tenhou);
        // The rule set the line declares so far, to check each override as it comes (none
        // for a rule file, until it is read).
        let mut declared = preset.map(RuleSet::preset);
        let mut spec = preset.map_or(name, |p| p.name()).to_owned();
        let rules = &mut self.log.header.rules;
        rules.go_type = declared
            .as_ref()
            .map_or(names::TENHOU_DEFAULT, names::go_type_of);
        for (col, tok) in items.tokens() {
            let tp = shift(pos, col);
            if tenhou && names::apply_flag(tok, &mut rules.go_type) {
                continue;
            }
            let Some((key, value)) = lex::key_value(tok) else {
                return Err(tp.err(lex::unknown(tok, if tenhou {
                        "a rules flag (4p 3p hanchan tonpuu aka no-aka kuitan no-kuitan ippan joukyuu tokujou houou fast cpu), a rule point key=value (see `haifu rules show`), or bits=, type=, lobby=, title=, rule=, ranking=, csrule="
                    } else {
                        "a rule point key=value (see `haifu rules show`)"
                    })));
            };
            let vp = shift(tp, key.len() + 1);
            if FIELDS.iter().any(|f| f.name == key) {
                let value = RuleSpec::value_of(value);
                if let Some(declared) = &mut declared {
                    declared
                        .set(key, &value)
                        .map_err(|e| vp.err(ErrorKind::Rule(e.to_string())))?;
                }
                spec.push(',');
                spec.push_str(key);
                spec.push('=');
                spec.push_str(&override_text(&value));
                continue;
            }
            if !tenhou {
                return Err(tp.err(lex::unknown(
                    key,
                    "a rule point key (see `haifu rules show`)",
                )));
            }
            match key {
                "bits" => {
                    let bits = value
                        .strip_prefix("0x")
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .ok_or_else(|| vp.err(expected("hex bits such as 0x100", value)))?;
                    rules.go_type = (rules.go_type & 0xFF) | (bits & !0xFF);
                }
                "type" => {
                    rules.go_type = lex::int(value)
                        .ok_or_else(|| vp.err(expected("the GO type number", value)))?;
                }
                "lobby" => {
                    rules.lobby = Some(
                        lex::int(value).ok_or_else(|| vp.err(expected("a lobby number", value)))?,
                    );
                }
                "title" => rules.title = Some(string_at(vp, value)?),
                "rule" => rules.rule = Some(string_at(vp, value)?),
                "ranking" => rules.ranking = Some(string_at(vp, value)?),
                "csrule" => rules.csrule = Some(string_at(vp, value)?),
                _ => {
                    return Err(tp.err(lex::unknown(key, "a rules key: a rule point (see `haifu rules show`), bits, type, lobby, title, rule, ranking, csrule")));
                }
            }
        }
        // Tenhou's rules come from the GO bits; any other preset, a rule file, and
        // overrides, by name.
        self.log.header.declared = if tenhou && !spec.contains(',') {
            Declared::TenhouFlags { overrides: None }
        } else {
            Declared::by_name(&spec, |written| format!("the rules line ({written})"))
        };
        Ok(())
    }

    /// A `round` line: the round's setup, built until its first move.
    fn round(&mut self, line: RoundLine, pos: Pos<'t>) -> R<()> {
        let Some((dora_col, dora)) = line.dora else {
            return Err(pos.err(ErrorKind::MissingField {
                block: "round",
                field: "dora",
                expected: "the first dora indicator, e.g. `dora 4m` on the round line",
            }));
        };
        let s = Setup {
            at: pos,
            dora: (shift(pos, dora_col), dora),
            round: line,
            scores: None,
            shuffle: None,
            chips: None,
            hands: [None; 4],
            wall: None,
        };
        self.pending = Pending::Setup(Box::new(s));
        Ok(())
    }

    pub(super) fn flush_setup(&mut self, s: Setup<'t>) -> R<()> {
        let first = !self.table.started;
        self.table.follow(&self.log.header);
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
        let wall = seeded.or(stated.map(|w| haifu_log::WallRecord::Known(Box::new(w))));
        let first_dealer = self.log.header.first_dealer.unwrap_or(Seat::ALL[0]);
        let r = &s.round;
        let dealer = r
            .dealer
            .unwrap_or_else(|| first_dealer.after(r.number.wrapping_sub(1) % 4));
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
                    return Err(p.err(lex::inconsistent(
                        "a starting hand holds 13 tiles; this is the 14th",
                    )));
                }
                all_in_deal &= in_deal[k] & (1 << t.copy()) != 0;
                table.enter(t, Some(seat));
                Ok(())
            })?;
            if hand.len() != 13 {
                return Err(tp.err(lex::inconsistent(format!(
                    "a starting hand holds 13 tiles; this one has {}",
                    hand.len()
                ))));
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
            round_wind: s.round.wind,
            round_number: s.round.number,
            honba: s.round.honba,
            sticks: s.round.sticks.unwrap_or(0),
            dice: s.round.dice,
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

    fn new_dora(&mut self, p: Pos<'t>, raw: RawTile) -> R<()> {
        let hint = self.table.wall_dora();
        let t = self.enter(p, raw, hint)?;
        self.table.new_dora(t);
        self.log.push_new_dora(t);
        Ok(())
    }
}

/// A round's setup being built: its `round` line, the place of its first dora indicator,
/// and its setup lines.
pub(super) struct Setup<'t> {
    pub(super) at: Pos<'t>,
    pub(super) round: RoundLine,
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
        p.err(lex::inconsistent(format!(
            "a wall holds 136 tiles (108 in sanma); this one has {}",
            tiles.len()
        )))
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
            if self.table.elided
                && !matches!(m, Move::Riichi(_) | Move::Deposit(_) | Move::Dora(..))
            {
                return Err(p.err(ErrorKind::OutOfPlace {
                    what: lex::shorten(tok),
                    detail: "after `...` a round states only who declared riichi (`C riichi deposit`), the kan dora revealed (`dora TILE`) and its outcome",
                }));
            }
            self.apply_move(seat, p, m, pos)?;
        }
        if !any {
            return Err(shift(pos, cur.offset()).err(ErrorKind::EndOfLine {
                expected: "moves after the seat: a draw, a discard, a call, riichi…",
            }));
        }
        Ok(())
    }

    /// Applies one move of `seat`'s line, written at `p` in the line at `pos`.
    fn apply_move(&mut self, seat: Seat, p: Pos<'t>, m: Move<'t>, pos: Pos<'t>) -> R<()> {
        let s = seat.index();
        match m {
            Move::Star => {
                let tile = self.table.last_draw[s].ok_or_else(|| {
                    p.err(lex::inconsistent(format!(
                            "`*` discards the tile {} just drew, but {} has not drawn since its last discard or call",
                            lex::seat_letter(seat),
                            lex::seat_letter(seat)
                        )))
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
            Move::Meld(m) => {
                let meld = self.meld(&m, pos)?;
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
            Move::Call(c) => {
                let meld = self.called_meld(seat, &c, pos)?;
                self.call(seat, meld);
            }
            Move::Kakan((col, raw)) => {
                let mp = shift(pos, col);
                let added = self.held_raw(seat, mp, raw, None)?;
                let meld = kakan_of(&self.table, seat, added).ok_or_else(|| {
                    mp.err(lex::inconsistent(format!(
                        "a kakan of {} needs {}'s pon of {}; write the meld in full as {{kakan …}}",
                        added,
                        lex::seat_letter(seat),
                        added.kind()
                    )))
                })?;
                self.call(seat, meld);
            }
            Move::Ankan((col, m), raws) => {
                let mp = shift(pos, col);
                let meld = if let [(_, raw)] = raws[..] {
                    ankan_all(raw.kind)
                } else {
                    let mut local = Taken::default();
                    let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
                    for &(at, raw) in &raws {
                        let t = resolve_held_list(&self.table, seat, raw, &local)
                            .ok_or_else(|| shift(mp, at).err(not_held(seat, raw)))?;
                        local.add(t);
                        tiles.push(t);
                    }
                    new_meld(MeldKind::Ankan, &mut tiles, None, None, None)
                }
                .ok_or_else(|| mp.err(expected("one tile (the kind) or the four tiles", m)))?;
                self.call(seat, meld);
            }
            Move::Kita((col, raw)) => {
                let mp = shift(pos, col);
                let t = self.held_raw(seat, mp, raw, None)?;
                let meld = Meld::new(MeldKind::Kita, &[t], None, None, None)
                    .ok_or_else(|| mp.err(expected("a tile", &t.kind().to_string())))?;
                self.call(seat, meld);
            }
            Move::Dora((col, raw)) => self.new_dora(shift(pos, col), raw)?,
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

    pub(super) fn held_raw(
        &self,
        seat: Seat,
        p: Pos<'t>,
        raw: RawTile,
        avoid: Option<Tile>,
    ) -> R<Tile> {
        self.table
            .resolve_held(seat, raw, avoid)
            .ok_or_else(|| p.err(not_held(seat, raw)))
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

    /// The meld of a call by `seat`: the called tile, from the last discard; the tiles from
    /// hand as written, else the lowest copies `seat` holds.
    fn called_meld(&self, seat: Seat, c: &CallArg<'t>, pos: Pos<'t>) -> R<Meld> {
        let p = shift(pos, c.at.0);
        let called = resolve_called(&self.table, seat, c.called)
            .ok_or_else(|| p.err(not_held(seat, c.called)))?;
        let need = if c.kind == MeldKind::Daiminkan { 3 } else { 2 };
        let mut tiles: ArrayVec<Tile, 4> = match c.hand {
            None => default_call_hand(&self.table, seat, called.kind(), need).ok_or_else(|| {
                p.err(lex::inconsistent(format!(
                        "{} holds fewer than {need} {} for this call; write the tiles from hand after `+`",
                        lex::seat_letter(seat),
                        called.kind()
                    )))
            })?,
            Some((hc, h)) => {
                let hp = shift(pos, hc);
                let v: ArrayVec<Tile, 4> = tile_list(
                    Cursor::new(h),
                    hp,
                    |raw, _, local| resolve_held_list(&self.table, seat, raw, local),
                    |raw| not_held(seat, raw),
                    || lex::inconsistent(format!("a call takes {need} tiles from hand")),
                )?;
                if v.len() != need {
                    return Err(hp.err(lex::inconsistent(format!("this call takes {need} tiles from hand, not {}", v.len()))));
                }
                v
            }
        };
        tiles.insert(0, called);
        new_meld(c.kind, &mut tiles, Some(called), None, Some(c.from))
            .ok_or_else(|| p.err(expected(CALL_SHAPE, c.at.1)))
    }

    /// A meld written in full, its tiles resolved statelessly (no copy twice).
    fn meld(&self, m: &MeldArg<'t>, pos: Pos<'t>) -> R<Meld> {
        let red_fives = self.table.red_fives;
        let tp = shift(pos, m.tiles.0);
        let mut tiles: ArrayVec<Tile, 4> = self.resolved_list(
            Cursor::new(m.tiles.1),
            tp,
            |_| None,
            || expected("at most four tiles in a meld", m.tiles.1),
        )?;
        let pick = |given: Option<(usize, &str, RawTile)>| match given {
            None => Ok(None),
            Some((c, v, raw)) => pick_in(raw, tiles.iter().copied(), |_| true, red_fives)
                .map(Some)
                .ok_or_else(|| shift(pos, c).err(expected("a tile", v))),
        };
        let (called, added) = (pick(m.called)?, pick(m.added)?);
        new_meld(m.kind, &mut tiles, called, added, m.from)
            .ok_or_else(|| shift(pos, m.at.0).err(expected(MELD_SHAPE, m.at.1)))
    }
}

/// A tile `seat` gives from its hand that it does not hold, with no copy left.
pub(super) fn not_held(seat: Seat, raw: RawTile) -> ErrorKind {
    lex::inconsistent(format!(
        "{} holds no {}{} and no copy of it is left",
        lex::seat_letter(seat),
        if raw.red { 0 } else { raw.kind.number() },
        raw.kind.suit().letter()
    ))
}

impl<'t> Reader<'t, '_> {
    pub(super) fn flush_win(&mut self, w: Outcome<'t, WinHead>) -> R<()> {
        if self.table.elided {
            elided_win_is_whole(&w)?;
        }
        // (Checked where it was: the fields are taken below.)
        let final_result = final_result(&w.f, w.at, "win");
        let deltas = w.f.deltas.ok_or_else(|| {
            w.at.err(ErrorKind::MissingField {
                block: "win",
                field: "deltas",
                expected: "each seat's score change, e.g. `deltas 0 0 +3900 -3900`",
            })
        })?;
        let yaku = w.f.yaku.unwrap_or_default();
        if let Some((col, han)) = w.head.han {
            let hp = Pos { col, ..w.at };
            let sum: u32 = yaku.iter().map(|y| u32::from(y.han)).sum();
            if yaku.is_empty() || sum != han {
                return Err(hp.err(lex::inconsistent(format!(
                    "{han}han, but the `yaku` line adds up to {sum} han"
                ))));
            }
        }
        let t = &self.table;
        let hand = match w.f.hand {
            Some(h) => h,
            None => ArrayVec::try_from(&win_hand(t, w.head.winner)[..]).map_err(|_| {
                // Too many tiles, because of a discard of a tile the winner did not hold: the
                // mistake is at that discard.
                match self.unheld_discard[w.head.winner.index() & 3] {
                    Some((at, tile)) => at.err(lex::inconsistent(format!(
                            "{seat} holds no {kind} to discard, so at its win (line {line}) it holds more than 14 tiles; discard a tile {seat} holds, or write the winning hand on the win's `hand` line",
                            seat = lex::seat_letter(w.head.winner),
                            kind = tile.kind(),
                            line = w.at.line,
                        ))),
                    None => w.at.err(lex::inconsistent("the winner holds more than 14 tiles; write the winning hand on a `hand` line")),
                }
            })?,
        };
        let melds = match w.f.melds {
            Some(m) => m,
            None => ArrayVec::try_from(&t.win_melds(w.head.winner)[..]).map_err(|_| {
                w.at.err(lex::inconsistent(
                    "the winner has more than 4 melds; write them on a `melds` line",
                ))
            })?,
        };
        let Some(winning_tile) = w.f.agari.or(t.last_tile) else {
            return Err(w.at.err(ErrorKind::MissingField {
                block: "win",
                field: "agari",
                expected: "the winning tile (no tile was drawn or discarded before this win)",
            }));
        };
        let dora_indicators = match w.f.dora {
            Some(d) => d,
            None => ArrayVec::try_from(&t.indicators[..]).map_err(|_| {
                w.at.err(lex::inconsistent(
                    "more than 5 dora indicators; write them on a `dora` line",
                ))
            })?,
        };
        let (honba, sticks) = w.f.ba.unwrap_or((t.honba, t.sticks));
        let scores = w.f.scores.unwrap_or(t.scores);
        let final_result = final_result?;
        self.table.settle(scores, deltas, true);
        self.log.push_win(RecordedWin {
            winner: w.head.winner,
            from: w.head.from,
            pao: w.f.pao,
            honba,
            sticks,
            hand,
            melds,
            winning_tile,
            fu: w.head.fu,
            points: w.head.points,
            limit: w.head.limit,
            yaku,
            yakuman: w.f.yakuman.unwrap_or_default(),
            dora_indicators,
            ura_indicators: w.f.ura.unwrap_or_default(),
            scores,
            deltas,
            chips: w.f.chips.map(Box::new),
            chip_awards: w.f.chip_awards.unwrap_or_default().to_vec(),
            ratio: w.f.ratio,
            final_result: final_result.map(Box::new),
        });
        Ok(())
    }

    pub(super) fn flush_draw(&mut self, d: Outcome<'t, DrawKind>) -> R<()> {
        let deltas = d.f.deltas.ok_or_else(|| {
            d.at.err(ErrorKind::MissingField {
                block: "draw",
                field: "deltas",
                expected: "each seat's score change, e.g. `deltas +1500 -1500 +1500 -1500`",
            })
        })?;
        let (honba, sticks) = d.f.ba.unwrap_or((self.table.honba, self.table.sticks));
        let scores = d.f.scores.unwrap_or(self.table.scores);
        let final_result = final_result(&d.f, d.at, "draw")?;
        self.table.settle(scores, deltas, false);
        self.log.push_round_draw(RecordedDraw {
            kind: d.head,
            honba,
            sticks,
            shown: d.f.shown,
            tenpai_unrecorded: false,
            scores,
            deltas,
            chips: d.f.chips.map(Box::new),
            ratio: d.f.ratio,
            final_result: final_result.map(Box::new),
        });
        Ok(())
    }
}

/// After `...` the table knows no hand, so a win states the winner's whole hand: its
/// concealed tiles with the winning tile (`hand`), its melds (`melds`, none if left out) and
/// the winning tile (`agari`), making 14 tiles with each kan counted as three.
fn elided_win_is_whole(w: &Outcome<'_, WinHead>) -> R<()> {
    let missing = |field, expected| {
        w.at.err(ErrorKind::MissingField {
            block: "win",
            field,
            expected,
        })
    };
    let hand = w.f.hand.as_ref().ok_or_else(|| {
        missing(
            "hand",
            "after `...`, the winner's concealed tiles with the winning tile",
        )
    })?;
    if w.f.agari.is_none() {
        return Err(missing("agari", "after `...`, the winning tile"));
    }
    let sets =
        w.f.melds
            .as_ref()
            .map_or(0, |m| m.iter().filter(|m| m.kind != MeldKind::Kita).count());
    let tiles = hand.len() + 3 * sets;
    if tiles != 14 {
        return Err(w.at.err(lex::inconsistent(format!(
            "after `...` a win states the whole hand, but its {} concealed tiles and {sets} melds make {tiles} tiles, not 14",
            hand.len()
        ))));
    }
    Ok(())
}

/// An outcome block being built: where its first line is, what that line says (`head`: a
/// [`WinHead`], a [`DrawKind`], nothing for `game-end`), and its field lines.
pub(super) struct Outcome<'t, H> {
    pub(super) at: Pos<'t>,
    pub(super) head: H,
    pub(super) f: Fields<'t>,
}

impl<'t, H> Outcome<'t, H> {
    /// A block whose first line, at `at`, says `head`.
    pub(super) fn new(at: Pos<'t>, head: H) -> Box<Outcome<'t, H>> {
        Box::new(Outcome {
            at,
            head,
            f: Fields::default(),
        })
    }
}

/// The field lines of a win, a draw or the game's end, each given at most once (the block
/// state machine lets each block have only its own).
#[derive(Default)]
pub(super) struct Fields<'t> {
    pub(super) pao: Option<Seat>,
    pub(super) yaku: Option<ArrayVec<RecordedHan, 24>>,
    pub(super) yakuman: Option<ArrayVec<Yaku, 8>>,
    pub(super) dora: Option<ArrayVec<Tile, 5>>,
    pub(super) ura: Option<ArrayVec<Tile, 5>>,
    pub(super) hand: Option<ArrayVec<Tile, 14>>,
    pub(super) melds: Option<ArrayVec<Meld, 4>>,
    pub(super) agari: Option<Tile>,
    pub(super) chip_awards: Option<ArrayVec<ChipAward, 16>>,
    pub(super) shown: BySeat<Option<ArrayVec<Tile, 14>>>,
    pub(super) ba: Option<(u32, u32)>,
    pub(super) scores: Option<BySeat<i32>>,
    pub(super) deltas: Option<BySeat<i32>>,
    pub(super) chips: Option<ChipScores>,
    pub(super) ratio: Option<[i32; 2]>,
    /// The final result: `final` and `points` with their lines' places, `final-chips`.
    pub(super) fin: Option<(Pos<'t>, BySeat<i32>)>,
    pub(super) points: Option<(Pos<'t>, BySeat<Tenths>)>,
    pub(super) final_chips: Option<BySeat<[Tenths; 2]>>,
}

pub(super) fn final_result(
    f: &Fields<'_>,
    at: Pos<'_>,
    block: &'static str,
) -> R<Option<FinalResult>> {
    match (f.fin, f.points) {
        (None, None) => {
            if f.final_chips.is_some() {
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
            chips: f.final_chips,
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

impl<'t> Reader<'t, '_> {
    /// A field line of an outcome block, into its `f`; `winner` for a win's tiles.
    fn field(
        &self,
        f: &mut Fields<'t>,
        winner: Seat,
        field: Field<'t>,
        wpos: Pos<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        match field {
            Field::Pao(s) => set_once(&mut f.pao, s, "pao", wpos),
            Field::Yaku(v) => set_once(&mut f.yaku, v, "yaku", wpos),
            Field::Yakuman(v) => set_once(&mut f.yakuman, v, "yakuman", wpos),
            Field::Dora(tokens) => {
                let prefer = self.table.indicators.clone();
                let v = self.resolved_list(tokens, pos, |i| prefer.get(i).copied(), at_most_5)?;
                set_once(&mut f.dora, v, "dora", wpos)
            }
            Field::Ura(tokens) => {
                let table = &self.table;
                let v = self.resolved_list(tokens, pos, |i| table.wall_ura(i), at_most_5)?;
                set_once(&mut f.ura, v, "ura", wpos)
            }
            Field::Hand(tokens) => {
                let prefer = win_hand(&self.table, winner);
                let v = self.resolved_list(tokens, pos, |_| prefer.iter().copied(), at_most_14)?;
                set_once(&mut f.hand, v, "hand", wpos)
            }
            Field::Melds(melds) => {
                let mut v = ArrayVec::new();
                for m in melds.iter().take(4) {
                    v.push(self.meld(m, pos)?);
                }
                set_once(&mut f.melds, v, "melds", wpos)
            }
            Field::Agari(col, raw) => {
                let p = shift(pos, col);
                let tile = pick_in(raw, self.table.last_tile, |_| true, self.table.red_fives)
                    .ok_or_else(|| p.err(not_held(winner, raw)))?;
                set_once(&mut f.agari, tile, "agari", wpos)
            }
            Field::ChipAwards(v) => set_once(&mut f.chip_awards, v, "chip-awards", wpos),
            Field::Shown(seat, col, tokens) => {
                let hand = match tokens.first() {
                    Some((_, "empty")) => {
                        // Whatever follows `empty` is the line's end to check.
                        if let Some((c, t)) = tokens.tokens().nth(1) {
                            return Err(shift(pos, c).err(expected("the end of the line", t)));
                        }
                        ArrayVec::new()
                    }
                    Some(_) => {
                        let prefer = self.table.concealed_list(seat);
                        self.resolved_list(tokens, pos, |_| prefer.iter().copied(), at_most_14)?
                    }
                    None if self.table.elided => {
                        return Err(shift(pos, col).err(lex::inconsistent(format!(
                            "after `...` the hands are not known: write {}'s shown tiles in full (or `empty`)",
                            lex::seat_letter(seat)
                        ))));
                    }
                    None => {
                        ArrayVec::try_from(&self.table.concealed_list(seat)[..]).map_err(|_| {
                            shift(pos, col).err(lex::inconsistent(
                                "the hand holds more than 14 tiles; write it",
                            ))
                        })?
                    }
                };
                set_once(&mut f.shown[seat], hand, "shown", wpos)
            }
            Field::Ba(a, b) => set_once(&mut f.ba, (a, b), "ba", wpos),
            Field::Ratio(a, b) => set_once(&mut f.ratio, [a, b], "ratio", wpos),
            Field::Scores(v) => set_once(&mut f.scores, v, "scores", wpos),
            Field::Deltas(v) => set_once(&mut f.deltas, v, "deltas", wpos),
            Field::Chips(v) => set_once(&mut f.chips, v, "chips", wpos),
            Field::Final(v) => set_once(&mut f.fin, (wpos, v), "final", wpos),
            Field::Points(v) => set_once(&mut f.points, (wpos, v), "points", wpos),
            Field::FinalChips(v) => set_once(&mut f.final_chips, v, "final-chips", wpos),
        }
    }

    /// Tiles resolved statelessly (no copy twice), the `i`-th preferring the tiles of
    /// `prefer(i)`; more than `N` is `too_many`.
    fn resolved_list<const N: usize, P: IntoIterator<Item = Tile>>(
        &self,
        tokens: Cursor<'t>,
        pos: Pos<'t>,
        prefer: impl Fn(usize) -> P,
        too_many: impl Fn() -> ErrorKind,
    ) -> R<ArrayVec<Tile, N>> {
        let reds = self.table.red_fives;
        tile_list(
            tokens,
            pos,
            |raw, i, local| pick_in(raw, prefer(i), |x| !local.has(x), reds),
            |raw| no_copy_left(raw, reds),
            too_many,
        )
    }
}

/// The tiles of list tokens (one token, or the rest of a line), the `i`-th resolved by
/// `pick(raw, i, local)` against the tiles before it (`local`: no copy twice); each error at
/// its tile: `missing(raw)` where `pick` finds none, `too_many` past `N`.
fn tile_list<'t, const N: usize>(
    tokens: Cursor<'t>,
    pos: Pos<'t>,
    pick: impl Fn(RawTile, usize, &Taken) -> Option<Tile>,
    missing: impl Fn(RawTile) -> ErrorKind,
    too_many: impl Fn() -> ErrorKind,
) -> R<ArrayVec<Tile, N>> {
    let mut v = ArrayVec::new();
    let mut local = Taken::default();
    for (c, tok) in tokens.tokens() {
        let tp = shift(pos, c);
        tiles_at(tp, tok, |raw, at| {
            let t = pick(raw, v.len(), &local).ok_or_else(|| shift(tp, at).err(missing(raw)))?;
            local.add(t);
            v.try_push(t).map_err(|_| shift(tp, at).err(too_many()))
        })?;
    }
    Ok(v)
}

/// Too many dora or ura indicators.
fn at_most_5() -> ErrorKind {
    lex::inconsistent("at most 5 tiles here")
}

/// Too many tiles in a hand.
fn at_most_14() -> ErrorKind {
    lex::inconsistent("a hand shows at most 14 tiles")
}
