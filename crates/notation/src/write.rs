//! The writer: a [`GameLog`] (with comments) in the canonical text form.

use std::fmt::Write as _;

use haifu_log::{
    Event, Expectation, ExpectationKind, FinalResult, GameLog, NextRound, RecordedDraw,
    RecordedWin, RiichiStage, RoundStart, StackOrder, UnknownAttribute,
};
use haifu_ruleset::RedFives;
use haifu_tiles::{BySeat, Limit, Meld, MeldKind, Seat, Tile};

use crate::Comment;
use crate::lex::{RawTile, seat_letter, write_string};
use crate::names;
use crate::table::{
    Table, Taken, ankan_all, default_call_hand, kakan_of, known, new_meld, next_wall, pick_in,
    plain, resolve_called, resolve_held_list, spell, win_hand,
};

/// Writes `log` with `comments` in the canonical form.
pub(crate) fn write(
    log: &GameLog,
    comments: &[Comment],
    walls: &mut dyn haifu_log::WallSource,
    out: &mut String,
) {
    let mut w = Writer {
        out,
        log,
        comments,
        next_comment: 0,
        next_expect: 0,
        next_unknown: 0,
        table: Table::new(),
        walls,
        line: None,
    };
    w.table.follow(&log.header);
    w.run();
}

/// The move line being written: its seat (or none for a seatless `dora` line) and whether it
/// holds a discard.
#[derive(Clone, Copy)]
struct Line {
    seat: Option<Seat>,
    discarded: bool,
}

struct Writer<'o, 'l> {
    out: &'o mut String,
    log: &'l GameLog,
    comments: &'l [Comment],
    next_comment: usize,
    next_expect: usize,
    next_unknown: usize,
    table: Table,
    /// Where the rounds' walls come from (the log states none).
    walls: &'l mut dyn haifu_log::WallSource,
    line: Option<Line>,
}

impl Writer<'_, '_> {
    fn run(&mut self) {
        // Comments before the first event go at the top.
        self.annotations(0, false);
        self.header();
        for (i, event) in self.log.events().enumerate() {
            if i > 0 {
                self.annotations(i, true);
            }
            self.event(event);
            self.unknowns(Some(i));
        }
        self.end_line();
        let n = self.log.len();
        if n > 0 {
            self.annotations(n, true);
        }
        // Anything left (anchors past the end) is written here too.
        self.annotations(usize::MAX, true);
        self.out.push_str("\nend\n");
    }

    fn end_line(&mut self) {
        if self.line.take().is_some() {
            self.out.push('\n');
        }
    }

    /// The comments and expectations anchored at `at` (before event `at`).
    fn annotations(&mut self, at: usize, expectations: bool) {
        let (comments, log) = (self.comments, self.log);
        while let Some(c) = comments.get(self.next_comment).filter(|c| c.event <= at) {
            self.end_line();
            self.out.push('#');
            self.out.push_str(&c.text);
            self.out.push('\n');
            self.next_comment += 1;
        }
        while expectations
            && let Some(e) = log
                .expectations
                .get(self.next_expect)
                .filter(|e| e.event <= at)
        {
            self.end_line();
            self.expectation(e);
            self.next_expect += 1;
        }
    }

    /// The unknown attributes anchored at `event`, each on its own line.
    fn unknowns(&mut self, event: Option<usize>) {
        while let Some(u) = self.log.unknown.get(self.next_unknown) {
            if u.event != event {
                break;
            }
            self.end_line();
            self.unknown(u, event.is_some());
            self.next_unknown += 1;
        }
    }

    fn unknown(&mut self, u: &UnknownAttribute, indent: bool) {
        if indent {
            self.out.push_str("  ");
        }
        self.out.push_str("unknown ");
        write_string(self.out, &u.element, false);
        self.out.push(' ');
        write_string(self.out, &u.name, false);
        self.out.push(' ');
        write_string(self.out, &u.value, true);
        self.out.push('\n');
    }

    fn header(&mut self) {
        let h = &self.log.header;
        self.out.push_str("haifu 1\n");
        self.out.push_str("source ");
        write_string(self.out, &h.format, false);
        if let Some(v) = &h.version {
            self.out.push(' ');
            write_string(self.out, v, false);
        }
        self.out.push('\n');
        self.string_line("game", h.game_id.as_deref());
        names::write_rules(h, self.out);
        if let Some(lobby) = h.rules.lobby {
            let _ = write!(self.out, " lobby={lobby}");
        }
        for (key, value) in [
            ("title", &h.rules.title),
            ("rule", &h.rules.rule),
            ("ranking", &h.rules.ranking),
            ("csrule", &h.rules.csrule),
        ] {
            if let Some(v) = value {
                let _ = write!(self.out, " {key}=");
                write_string(self.out, v, true);
            }
        }
        self.out.push('\n');
        self.string_line("seed", h.seed.as_deref());
        self.string_line("seed-ref", h.seed_ref.as_deref());
        for seat in Seat::ALL {
            let p = &h.players[seat];
            if *p == haifu_log::Player::default() {
                continue;
            }
            let _ = write!(self.out, "player {} ", seat_letter(seat));
            write_string(self.out, &p.name, true);
            if let Some(d) = p.dan {
                let _ = write!(self.out, " dan={d}");
            }
            if let Some(r) = p.rate {
                let _ = write!(self.out, " rate={r}");
            }
            if let Some(s) = &p.sex {
                self.out.push_str(" sex=");
                write_string(self.out, s, false);
            }
            if let Some(rc) = p.rc {
                let _ = write!(self.out, " rc={rc}");
            }
            if let Some(g) = p.gold {
                let _ = write!(self.out, " gold={g}");
            }
            self.out.push('\n');
        }
        if let Some(d) = h.first_dealer {
            let _ = writeln!(self.out, "first-dealer {}", seat_letter(d));
        }
        if let Some(first) = self.log.round_starts().first() {
            self.seat_line("scores", first.scores, false);
        }
        self.unknowns(None);
    }

    /// A line of `word` and a string value, if there is one.
    fn string_line(&mut self, word: &str, value: Option<&str>) {
        if let Some(v) = value {
            self.out.push_str(word);
            self.out.push(' ');
            write_string(self.out, v, false);
            self.out.push('\n');
        }
    }

    /// A line of `word` and four numbers, one per seat.
    fn seat_line(&mut self, word: &str, v: BySeat<i32>, signed: bool) {
        self.out.push_str(word);
        self.by_seat(v, signed);
        self.out.push('\n');
    }

    /// A win's or a draw's `chips` line: the chips before, then the changes.
    fn chips(&mut self, chips: Option<&haifu_log::ChipScores>) {
        if let Some(c) = chips {
            self.out.push_str("  chips");
            self.by_seat(c.before, false);
            self.by_seat(c.delta, true);
            self.out.push('\n');
        }
    }

    fn by_seat(&mut self, v: BySeat<i32>, signed: bool) {
        for x in v.iter() {
            number(self.out, x, signed && *x > 0);
        }
    }

    /// Starts (or continues) the move line of `seat`.
    fn seat_token(&mut self, seat: Option<Seat>, new_turn: bool) {
        let continue_line = match (self.line, seat) {
            (Some(l), Some(s)) => l.seat == Some(s) && !(new_turn && l.discarded),
            // A `dora` joins a seat's line; a `dora` line holds one indicator.
            (Some(l), None) => l.seat.is_some(),
            (None, _) => false,
        };
        if continue_line {
            self.out.push(' ');
            return;
        }
        self.end_line();
        if let Some(s) = seat {
            self.out.push(seat_letter(s));
            self.out.push(' ');
        }
        self.line = Some(Line {
            seat,
            discarded: false,
        });
    }

    fn event(&mut self, event: Event<'_>) {
        let reds = self.table.red_fives;
        match event {
            Event::RoundStart(start) => self.round_start(start),
            Event::DrawTile { seat, tile } => {
                let default = self
                    .table
                    .resolve_enter(plain(reds, tile), self.table.wall_draw(seat));
                let s = seat.index();
                let new_turn = !self.table.need_discard[s];
                self.seat_token(Some(seat), new_turn);
                if self.table.need_discard[s] {
                    self.out.push('+');
                }
                write_tiles(self.out, &[spell(reds, tile, default)]);
                self.table.draw(seat, tile);
            }
            Event::Discard {
                seat,
                tile,
                tsumogiri,
            } => {
                self.seat_token(Some(seat), false);
                let s = seat.index();
                let last = self.table.last_draw[s];
                if tsumogiri && last == Some(tile) {
                    self.out.push('*');
                } else if tsumogiri == (last == Some(tile)) {
                    if !self.table.need_discard[s] {
                        self.out.push('-');
                    }
                    let default = self.table.resolve_held(seat, plain(reds, tile), last);
                    write_tiles(self.out, &[spell(reds, tile, default)]);
                } else {
                    self.out.push(if tsumogiri { '*' } else { '~' });
                    let default = self.table.resolve_held(seat, plain(reds, tile), None);
                    write_tiles(self.out, &[spell(reds, tile, default)]);
                }
                if let Some(l) = &mut self.line {
                    l.discarded = true;
                }
                self.table.discard(seat, tile);
            }
            Event::Call { seat, meld } => {
                self.seat_token(Some(seat), false);
                self.call(seat, &meld);
                self.table.call(seat, meld);
            }
            Event::Riichi {
                seat,
                stage,
                scores,
            } => {
                let scores = scores.copied();
                self.seat_token(Some(seat), false);
                match stage {
                    RiichiStage::Declared => {
                        self.out.push_str("riichi");
                        if let Some(s) = scores {
                            self.out.push('=');
                            comma_list(self.out, s);
                        }
                    }
                    RiichiStage::DepositTaken => {
                        self.out.push_str("deposit");
                        if scores != self.table.default_deposit(seat) {
                            match scores {
                                None => self.out.push_str("=none"),
                                Some(s) => {
                                    self.out.push('=');
                                    comma_list(self.out, s);
                                }
                            }
                        }
                        self.table.deposit(seat, scores);
                    }
                }
            }
            Event::NewDora { indicator } => {
                let default = self
                    .table
                    .resolve_enter(plain(reds, indicator), self.table.wall_dora());
                self.seat_token(None, false);
                self.out.push_str("dora ");
                write_tiles(self.out, &[spell(reds, indicator, default)]);
                self.table.new_dora(indicator);
            }
            Event::Disconnect { seat } => {
                self.end_line();
                let _ = writeln!(self.out, "{} bye", seat_letter(seat));
            }
            Event::Reconnect { seat, name } => {
                self.end_line();
                let _ = write!(self.out, "{} back", seat_letter(seat));
                if *name != self.log.header.players[seat].name {
                    self.out.push(' ');
                    write_string(self.out, name, true);
                }
                self.out.push('\n');
            }
            Event::Mistake {
                seat,
                mistake,
                deltas,
            } => {
                self.seat_token(Some(seat), false);
                self.out.push_str(mistake.name());
                if let Some(&d) = deltas {
                    self.out.push('=');
                    comma_list(self.out, d);
                    self.table.pay(d);
                }
            }
            Event::Elided => {
                self.end_line();
                self.out.push_str("...\n");
                self.table.elide();
            }
            Event::Win(w) => self.win(w),
            Event::RoundDraw(d) => self.round_draw(d),
            Event::GameEnd(f) => {
                self.end_line();
                self.seat_line("game-end", f.scores, false);
                self.final_points(f);
            }
        }
    }

    fn round_start(&mut self, start: &RoundStart) {
        let reds = self.table.red_fives;
        self.end_line();
        let wall = next_wall(
            self.walls,
            self.log.header.rules.go_type,
            self.log.header.seed.as_deref(),
            start.shuffle.as_deref(),
        );
        self.table.reset(known(wall.as_ref()));
        let t = &mut self.table;
        let _ = write!(
            self.out,
            "\nround {}{}.{} dealer {} sticks {}",
            start.round_wind.letter(),
            start.round_number,
            start.honba,
            seat_letter(start.dealer),
            start.sticks,
        );
        if let Some([a, b]) = start.dice {
            let _ = write!(self.out, " dice {a} {b}");
        }
        self.out.push_str(" dora ");
        let default = t.resolve_enter(plain(reds, start.dora_indicator), t.wall_dora());
        write_tiles(self.out, &[spell(reds, start.dora_indicator, default)]);
        t.new_dora(start.dora_indicator);
        self.out.push('\n');
        self.seat_line("scores", start.scores, false);
        self.string_line("shuffle", start.shuffle.as_deref());
        if let Some(c) = start.chips {
            self.seat_line("chips", c, false);
        }
        for seat in Seat::ALL {
            let hand = &start.hands[seat];
            if hand.is_empty() {
                continue;
            }
            let t = &mut self.table;
            let deal = t.wall_hand(start.dealer, seat);
            let as_dealt = deal.is_some_and(|d| d[..] == hand[..]);
            let mut order: arrayvec::ArrayVec<Tile, 13> = hand.clone();
            if as_dealt {
                order.sort_unstable();
            }
            let mut raws: arrayvec::ArrayVec<RawTile, 13> = arrayvec::ArrayVec::new();
            for &tile in &order {
                let default = t.resolve_enter(
                    plain(reds, tile),
                    deal.iter()
                        .flatten()
                        .copied()
                        .filter(|&d| {
                            crate::table::matches(reds, plain(reds, tile), d) && t.unseen(d)
                        })
                        .min(),
                );
                raws.push(spell(reds, tile, default));
                t.enter(tile, Some(seat));
            }
            let _ = write!(self.out, "hand {} ", seat_letter(seat));
            if deal.is_some() && !as_dealt {
                self.out.push_str("exact ");
            }
            write_tiles(self.out, &raws);
            self.out.push('\n');
        }
        if let Some(w) = &self.table.wall
            && let Some(yama) = w.to_yama()
        {
            self.out.push_str(match w.stacks() {
                StackOrder::Paired => "wall current ",
                StackOrder::Drawn => "wall early ",
            });
            write_tiles(self.out, &spell_list(reds, &yama, &[]));
            self.out.push('\n');
        }
        self.table.begin(start);
    }

    fn call(&mut self, seat: Seat, meld: &Meld) {
        let reds = self.table.red_fives;
        if let Some(text) = compact_call(&self.table, seat, meld) {
            self.out.push_str(&text);
        } else {
            generic_meld(reds, self.out, meld);
        }
    }

    fn win(&mut self, w: &RecordedWin) {
        let reds = self.table.red_fives;
        self.end_line();
        let _ = write!(self.out, "win {}", seat_letter(w.winner));
        if w.is_tsumo() {
            self.out.push_str(" tsumo");
        } else {
            let _ = write!(self.out, " ron {}", seat_letter(w.from));
        }
        if let Some(fu) = w.fu {
            let _ = write!(self.out, " {fu}fu");
        }
        if !w.yaku.is_empty() {
            let han: u32 = w.yaku.iter().map(|y| u32::from(y.han)).sum();
            let _ = write!(self.out, " {han}han");
        }
        let _ = write!(self.out, " {}", w.points);
        if w.limit != Limit::None {
            self.out.push(' ');
            self.out.push_str(w.limit.name());
        }
        self.out.push('\n');
        let t = &self.table;
        if let Some(p) = w.pao {
            let _ = writeln!(self.out, "  pao {}", seat_letter(p));
        }
        if !w.yaku.is_empty() {
            self.out.push_str("  yaku");
            for (i, y) in w.yaku.iter().enumerate() {
                self.out.push_str(if i == 0 { " " } else { ", " });
                self.out.push_str(y.source.name());
                let _ = write!(self.out, " {}", y.han);
            }
            self.out.push('\n');
        }
        if !w.yakuman.is_empty() {
            self.out.push_str("  yakuman");
            for (i, &y) in w.yakuman.iter().enumerate() {
                self.out.push_str(if i == 0 { " " } else { ", " });
                self.out.push_str(y.name());
            }
            self.out.push('\n');
        }
        if w.dora_indicators[..] != t.indicators[..] {
            self.out.push_str("  dora");
            let indicators = t.indicators.clone();
            tile_words(reds, self.out, &w.dora_indicators, |i| {
                indicators.get(i).copied()
            });
            self.out.push('\n');
        }
        if !w.ura_indicators.is_empty() {
            self.out.push_str("  ura");
            tile_words(reds, self.out, &w.ura_indicators, |i| t.wall_ura(i));
            self.out.push('\n');
        }
        let default_hand = win_hand(t, w.winner);
        if w.hand[..] != default_hand[..] {
            self.out.push_str("  hand ");
            write_tiles(self.out, &spell_list(reds, &w.hand, &default_hand));
            self.out.push('\n');
        }
        if w.melds[..] != t.win_melds(w.winner)[..] {
            self.out.push_str("  melds");
            for m in &w.melds {
                self.out.push(' ');
                generic_meld(reds, self.out, m);
            }
            self.out.push('\n');
        }
        if Some(w.winning_tile) != t.last_tile {
            self.out.push_str("  agari ");
            let d = pick_in(plain(reds, w.winning_tile), t.last_tile, |_| true, reds);
            write_tiles(self.out, &[spell(reds, w.winning_tile, d)]);
            self.out.push('\n');
        }
        self.ba(w.honba, w.sticks);
        self.scores_deltas(w.scores, w.deltas);
        self.chips(w.chips.as_deref());
        if !w.chip_awards.is_empty() {
            self.out.push_str("  chip-awards");
            for a in &w.chip_awards {
                self.out.push(' ');
                self.out.push_str(a.source.name());
                let _ = write!(self.out, ":{}", a.chips);
            }
            self.out.push('\n');
        }
        self.ratio(w.ratio);
        if let Some(f) = &w.final_result {
            self.final_result(f);
        }
        self.table.settle(w.scores, w.deltas, true);
    }

    fn ba(&mut self, honba: u32, sticks: u32) {
        if (honba, sticks) != (self.table.honba, self.table.sticks) {
            let _ = writeln!(self.out, "  ba {honba} {sticks}");
        }
    }

    fn scores_deltas(&mut self, scores: BySeat<i32>, deltas: BySeat<i32>) {
        if scores != self.table.scores {
            self.seat_line("  scores", scores, false);
        }
        self.seat_line("  deltas", deltas, true);
    }

    fn ratio(&mut self, ratio: Option<[i32; 2]>) {
        if let Some([a, b]) = ratio {
            let _ = writeln!(self.out, "  ratio {a} {b}");
        }
    }

    /// The `final` line (scores) and the placement points of a game's last outcome.
    fn final_result(&mut self, f: &FinalResult) {
        self.seat_line("  final", f.scores, false);
        self.final_points(f);
    }

    fn final_points(&mut self, f: &FinalResult) {
        self.out.push_str("  points");
        for p in f.points.iter() {
            number(self.out, p, p.0 > 0);
        }
        self.out.push('\n');
        if let Some(c) = &f.chips {
            self.out.push_str("  final-chips");
            for [a, b] in c.iter() {
                let _ = write!(self.out, " {a}/{b}");
            }
            self.out.push('\n');
        }
    }

    fn round_draw(&mut self, d: &RecordedDraw) {
        let reds = self.table.red_fives;
        self.end_line();
        let _ = writeln!(self.out, "draw {}", d.kind.as_str());
        for seat in Seat::ALL {
            let Some(hand) = &d.shown[seat] else {
                continue;
            };
            let default = self.table.concealed_list(seat);
            let _ = write!(self.out, "  shown {}", seat_letter(seat));
            if hand.is_empty() {
                self.out.push_str(" empty");
            } else if hand[..] != default[..] {
                self.out.push(' ');
                write_tiles(self.out, &spell_list(reds, hand, &default));
            }
            self.out.push('\n');
        }
        self.ba(d.honba, d.sticks);
        self.scores_deltas(d.scores, d.deltas);
        self.chips(d.chips.as_deref());
        self.ratio(d.ratio);
        if let Some(f) = &d.final_result {
            self.final_result(f);
        }
        self.table.settle(d.scores, d.deltas, false);
    }

    fn expectation(&mut self, e: &Expectation) {
        self.out.push_str("expect ");
        match &e.kind {
            ExpectationKind::Furiten { seat, reason } => {
                let _ = write!(
                    self.out,
                    "furiten {} {}",
                    seat_letter(*seat),
                    reason.map_or("none", |r| r.as_str())
                );
            }
            ExpectationKind::Win {
                seat,
                fu,
                han,
                points,
                limit,
            } => {
                let _ = write!(self.out, "win {}", seat_letter(*seat));
                if let Some(f) = fu {
                    let _ = write!(self.out, " {f}fu");
                }
                if let Some(h) = han {
                    let _ = write!(self.out, " {h}han");
                }
                if let Some(p) = points {
                    let _ = write!(self.out, " {p}");
                }
                if let Some(l) = limit {
                    self.out.push(' ');
                    self.out.push_str(l.name());
                }
            }
            ExpectationKind::Draw { kind } => {
                let _ = write!(self.out, "draw {}", kind.as_str());
            }
            ExpectationKind::Next(NextRound::GameEnds) => self.out.push_str("next end"),
            ExpectationKind::Next(NextRound::Round {
                wind,
                number,
                honba,
                dealer,
                sticks,
            }) => {
                let _ = write!(self.out, "next {}{number}.{honba}", wind.letter());
                if let Some(d) = dealer {
                    let _ = write!(self.out, " dealer {}", seat_letter(*d));
                }
                if let Some(s) = sticks {
                    let _ = write!(self.out, " sticks {s}");
                }
            }
            ExpectationKind::Illegal { refusal, reason } => {
                self.out.push_str("illegal");
                if let Some(k) = refusal {
                    self.out.push(' ');
                    self.out.push_str(k.name());
                }
                if let Some(r) = reason {
                    self.out.push(' ');
                    write_string(self.out, r, false);
                }
            }
        }
        self.out.push('\n');
    }
}

/// Tiles spelled in their order, the `i`-th against the copy the reader's list rule gives
/// its plain form: `default(plain, i, local)`, with the tiles before it in `local` (the
/// writer's side of the reader's `tile_list`).
fn spell_each(
    reds: RedFives,
    tiles: &[Tile],
    default: impl Fn(RawTile, usize, &Taken) -> Option<Tile>,
) -> Vec<RawTile> {
    let mut local = Taken::default();
    let mut out = Vec::with_capacity(tiles.len());
    for (i, &t) in tiles.iter().enumerate() {
        out.push(spell(reds, t, default(plain(reds, t), i, &local)));
        local.add(t);
    }
    out
}

/// A list spelled against the first unused tile of `prefer` each names (the reader's
/// stateless list rule).
pub(crate) fn spell_list(reds: RedFives, tiles: &[Tile], prefer: &[Tile]) -> Vec<RawTile> {
    spell_each(reds, tiles, |raw, _, local| {
        pick_in(raw, prefer.iter().copied(), |x| !local.has(x), reds)
    })
}

/// Tiles `seat` gives from its hand as a list (a call's tiles from hand, an ankan's four).
fn spell_held(t: &Table, seat: Seat, tiles: &[Tile]) -> Vec<RawTile> {
    spell_each(t.red_fives, tiles, |raw, _, local| {
        resolve_held_list(t, seat, raw, local)
    })
}

/// Writes ` T T T`: indicators, the `i`-th spelled against `hint(i)`.
fn tile_words(
    reds: RedFives,
    out: &mut String,
    tiles: &[Tile],
    hint: impl Fn(usize) -> Option<Tile>,
) {
    let spelled = spell_each(reds, tiles, |raw, i, local| {
        pick_in(raw, hint(i), |x| !local.has(x), reds)
    });
    for raw in spelled {
        out.push(' ');
        write_tiles(out, &[raw]);
    }
}

/// The compact form of a call, if it reproduces `meld` exactly.
fn compact_call(t: &Table, seat: Seat, meld: &Meld) -> Option<String> {
    let reds = t.red_fives;
    let mut out = String::new();
    match meld.kind {
        MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan => {
            let called = meld.called?;
            let from = meld.from?;
            if meld.added.is_some() {
                return None;
            }
            let mut hand: arrayvec::ArrayVec<Tile, 4> = meld.tiles().iter().copied().collect();
            let pos = hand.iter().position(|&x| x == called)?;
            hand.remove(pos);
            out.push_str(match meld.kind {
                MeldKind::Chi => "chi ",
                MeldKind::Pon => "pon ",
                _ => "kan ",
            });
            let d = resolve_called(t, seat, plain(reds, called));
            write_tiles(&mut out, &[spell(reds, called, d)]);
            out.push('<');
            out.push(seat_letter(from));
            let short = default_call_hand(t, seat, called.kind(), hand.len());
            if meld.kind == MeldKind::Chi || short.as_deref() != Some(&hand[..]) {
                out.push('+');
                write_tiles(&mut out, &spell_held(t, seat, &hand));
            }
            let mut all: arrayvec::ArrayVec<Tile, 4> = meld.tiles().iter().copied().collect();
            let rebuilt = new_meld(meld.kind, &mut all, Some(called), None, Some(from))?;
            (rebuilt == *meld).then_some(out)
        }
        MeldKind::Kakan => {
            let added = meld.added?;
            let d = t.resolve_held(seat, plain(reds, added), None);
            out.push_str("kakan ");
            write_tiles(&mut out, &[spell(reds, added, d)]);
            let rebuilt = kakan_of(t, seat, added)?;
            (rebuilt == *meld).then_some(out)
        }
        MeldKind::Ankan => {
            out.push_str("ankan ");
            let kind = meld.base_kind();
            let short = ankan_all(kind)?;
            if short == *meld {
                write_tiles(
                    &mut out,
                    &[RawTile {
                        kind,
                        red: false,
                        copy: None,
                    }],
                );
                return Some(out);
            }
            if meld.tiles().len() != 4 || meld.called.is_some() || meld.added.is_some() {
                return None;
            }
            write_tiles(&mut out, &spell_held(t, seat, meld.tiles()));
            (meld.from.is_none()).then_some(out)
        }
        MeldKind::Kita => {
            let [k] = meld.tiles() else {
                return None;
            };
            if meld.called.is_some() || meld.added.is_some() || meld.from.is_some() {
                return None;
            }
            let d = t.resolve_held(seat, plain(reds, *k), None);
            out.push_str("kita ");
            write_tiles(&mut out, &[spell(reds, *k, d)]);
            Some(out)
        }
    }
}

/// The generic meld form `{KIND TILES called=T added=T from=S}`.
fn generic_meld(reds: RedFives, out: &mut String, m: &Meld) {
    out.push('{');
    out.push_str(m.kind.as_str());
    out.push(' ');
    write_tiles(out, &spell_list(reds, m.tiles(), &[]));
    for (key, tile) in [("called", m.called), ("added", m.added)] {
        if let Some(c) = tile {
            let d = pick_in(plain(reds, c), m.tiles().iter().copied(), |_| true, reds);
            let _ = write!(out, " {key}=");
            write_tiles(out, &[spell(reds, c, d)]);
        }
    }
    if let Some(f) = m.from {
        let _ = write!(out, " from={}", seat_letter(f));
    }
    out.push('}');
}

/// Writes ` x`, or ` +x` when `plus`.
fn number(out: &mut String, x: impl std::fmt::Display, plus: bool) {
    let _ = write!(out, " {}{x}", if plus { "+" } else { "" });
}

fn comma_list(out: &mut String, v: BySeat<i32>) {
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{x}");
    }
}

/// Writes tiles in the compact notation with copy marks: `12'3m0p`.
pub(crate) fn write_tiles(out: &mut String, tiles: &[RawTile]) {
    for (i, t) in tiles.iter().enumerate() {
        let digit = if t.red { 0 } else { t.kind.number() };
        out.push(char::from(b'0' + digit));
        if let Some(c) = t.copy {
            out.push('\'');
            out.push(char::from(b'0' + c));
        }
        if tiles
            .get(i + 1)
            .is_none_or(|n| n.kind.suit() != t.kind.suit())
        {
            out.push(t.kind.suit().letter());
        }
    }
}
