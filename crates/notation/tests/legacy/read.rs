//! The reader: text in, [`GameLog`] out.

use arrayvec::ArrayVec;
use haifu_log::{
    ChipAward, ChipScores, DrawKind, Expectation, ExpectationKind, FinalResult, GameLog, Location,
    Mistake, NextRound, Player, RecordedDraw, RecordedWin, RiichiStage, RoundStart, Tenths,
    UnknownAttribute, YakuHan,
};
use haifu_ruleset::{FIELDS, Preset, RuleSet, RuleSpec, override_text};
use haifu_tiles::{BySeat, HanSource, Limit, Meld, MeldKind, Seat, Tile, TileKind, Wind, Yaku};

use crate::lex::{self, Cursor, RawTile, expected};
use crate::table::{Table, Taken, WallView, is_five, next_wall, pick_in};
use crate::write::{ankan_all, win_hand};
use crate::{Comment, ErrorKind, ReadError, SourceLines, names};

const HEADER_WORDS: &str = "a header line: source, game, rules, seed, seed-ref, player, first-dealer, scores, unknown; or `round` to start the first round";
const BODY_WORDS: &str =
    "round, a seat letter A-D (a move line), win, draw, dora, expect, game-end, unknown or end";

/// A place in the text: line number, byte column (0-based) and the text from the line's
/// start to the end of the file (the line is cut from it only for an error).
#[derive(Clone, Copy, Debug)]
struct Pos<'t> {
    line: u32,
    col: usize,
    text: &'t str,
}

impl<'t> Pos<'t> {
    /// The line, without its line end.
    fn line_text(self) -> &'t str {
        lex::first_line(self.text)
    }

    fn err(self, kind: ErrorKind) -> ReadError {
        ReadError {
            location: Location {
                line: self.line,
                column: u32::try_from(self.col + 1).unwrap_or(u32::MAX),
            },
            kind,
            line_text: self.line_text().to_owned(),
        }
    }
}

fn shift(p: Pos<'_>, by: usize) -> Pos<'_> {
    Pos {
        col: p.col + by,
        ..p
    }
}

/// What is being built over several lines.
enum Pending<'t> {
    None,
    Setup(Box<Setup<'t>>),
    Win(Box<WinDraft<'t>>),
    Draw(Box<DrawDraft<'t>>),
    End(Box<EndDraft<'t>>),
}

struct Setup<'t> {
    at: Pos<'t>,
    wind: Wind,
    number: u8,
    honba: u32,
    dealer: Option<Seat>,
    sticks: Option<u32>,
    dice: Option<[u8; 2]>,
    dora: Option<(Pos<'t>, RawTile)>,
    scores: Option<BySeat<i32>>,
    shuffle: Option<String>,
    chips: Option<BySeat<i32>>,
    hands: [Option<(Pos<'t>, &'t str, bool)>; 4],
    wall: Option<(Pos<'t>, bool, &'t str)>,
}

/// The final result lines of a block.
#[derive(Default)]
struct FinalDraft<'t> {
    scores: Option<(Pos<'t>, BySeat<i32>)>,
    points: Option<(Pos<'t>, BySeat<Tenths>)>,
    chips: Option<BySeat<[Tenths; 2]>>,
}

struct WinDraft<'t> {
    at: Pos<'t>,
    /// What the `win` line itself says.
    head: WinHead<'t>,
    pao: Option<Seat>,
    yaku: Option<ArrayVec<YakuHan, 24>>,
    yakuman: Option<ArrayVec<Yaku, 8>>,
    dora: Option<ArrayVec<Tile, 5>>,
    ura: Option<ArrayVec<Tile, 5>>,
    hand: Option<ArrayVec<Tile, 14>>,
    melds: Option<ArrayVec<Meld, 4>>,
    agari: Option<Tile>,
    ba: Option<(u32, u32)>,
    scores: Option<BySeat<i32>>,
    deltas: Option<BySeat<i32>>,
    chips: Option<ChipScores>,
    chip_awards: Option<ArrayVec<ChipAward, 16>>,
    ratio: Option<[i32; 2]>,
    fin: FinalDraft<'t>,
}

struct DrawDraft<'t> {
    at: Pos<'t>,
    kind: DrawKind,
    shown: BySeat<Option<ArrayVec<Tile, 14>>>,
    ba: Option<(u32, u32)>,
    scores: Option<BySeat<i32>>,
    deltas: Option<BySeat<i32>>,
    chips: Option<ChipScores>,
    ratio: Option<[i32; 2]>,
    fin: FinalDraft<'t>,
}

struct EndDraft<'t> {
    at: Pos<'t>,
    fin: FinalDraft<'t>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Start,
    Header,
    Body,
    Ended,
}

pub(crate) struct Reader<'t, 'l> {
    text: &'t str,
    log: &'l mut GameLog,
    comments: Option<&'l mut Vec<Comment>>,
    /// When asked for: the line (1-based) each event and each expectation was written on.
    lines: Option<&'l mut SourceLines>,
    waiting_comments: Vec<&'t str>,
    table: Table,
    /// Where the rounds without a `wall` line get theirs.
    walls: &'l mut dyn haifu_log::WallSource,
    start_scores: Option<BySeat<i32>>,
    pending: Pending<'t>,
    stage: Stage,
    seen: u32,
    /// The last line with content: its number and where it starts in the text. (Not a
    /// `Pos`: copying one per line stalled on the store of the `Pos` just built.)
    last_content: (u32, usize),
}

type R<T> = Result<T, ReadError>;

impl<'t, 'l> Reader<'t, 'l> {
    pub(crate) fn new(
        text: &'t str,
        log: &'l mut GameLog,
        comments: Option<&'l mut Vec<Comment>>,
        walls: &'l mut dyn haifu_log::WallSource,
    ) -> Reader<'t, 'l> {
        Reader {
            text,
            log,
            comments,
            lines: None,
            waiting_comments: Vec::new(),
            table: Table::new(),
            walls,
            start_scores: None,
            pending: Pending::None,
            stage: Stage::Start,
            seen: 0,
            last_content: (0, 0),
        }
    }

    pub(crate) fn run(mut self) -> R<()> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut line_no = 0u32;
        let mut start = 0;
        // Whether a move line goes straight to `quick_moves` (see `quick_ok`); moves never
        // change what it depends on, so it is computed again only after other lines.
        let mut quick = false;
        while start <= text.len() {
            line_no = line_no.saturating_add(1);
            if quick && let Some(&[c @ b'A'..=b'D', b' ']) = bytes.get(start..start + 2) {
                // Move lines (`A 2p 9s`) in a round with nothing pending: straight to their
                // moves, as `line` would send them, as many as are read whole.
                let seat = Seat::ALL[usize::from(c - b'A')];
                let run = quick_lines(&mut self.table, self.log, text, start);
                if run.lines > 0 {
                    line_no = line_no.saturating_add(run.lines - 1);
                    self.last_content = (line_no, run.last);
                    start = run.next;
                    if run.stop.is_none() {
                        continue;
                    }
                    line_no = line_no.saturating_add(1);
                }
                // A move line left partly read (or not at all) for the general path.
                let (seat, end, read) = run.stop.unwrap_or((seat, start + 2, false));
                self.last_content = (line_no, start);
                let rest = text.get(start..).unwrap_or("");
                let pos = Pos {
                    line: line_no,
                    col: 0,
                    text: rest,
                };
                let mut cur = Cursor::new(rest);
                cur.rewind(end - start);
                if !read || !cur.at_end() {
                    self.moves(seat, &mut cur, pos, read)?;
                }
                let Some(next) = cur.next_line() else {
                    break;
                };
                start += next;
                continue;
            }
            let rest = text.get(start..).unwrap_or("");
            let pos = Pos {
                line: line_no,
                col: 0,
                text: rest,
            };
            // A plain `hand` line of a round's setup, straight to its place, as `line` would
            // put it there (no comments are kept then, so none waits to be placed).
            if self.comments.is_none()
                && let Pending::Setup(setup) = &mut self.pending
                && rest.as_bytes().starts_with(b"hand ")
            {
                let mut cur = Cursor::new(rest);
                cur.rewind(4);
                if let Some((seat, a, e)) = cur.quick_hand()
                    && rest.as_bytes().get(e) == Some(&b'\n')
                    && let Some(tiles) = rest.get(a..e)
                    && let Some(slot @ None) = setup.hands.get_mut(seat)
                {
                    *slot = Some((shift(pos, a), tiles, false));
                    self.last_content = (line_no, start);
                    start += e + 1;
                    continue;
                }
            }
            // Comments are found by the tokenizer (`#` outside quotes ends a line); their text
            // is only taken when the caller keeps comments.
            if self.comments.is_some() {
                let line = pos.line_text();
                if let Some(c) = lex::comment_start(line) {
                    self.waiting_comments.push(&line[c + 1..]);
                }
            }
            let mut cur = Cursor::new(rest);
            if let Some((col, word)) = cur.first_token() {
                self.last_content = (line_no, start);
                self.line(col, word, &mut cur, pos)?;
                self.note_lines(line_no);
            }
            quick = self.quick_ok();
            let Some(next) = cur.next_line() else {
                break;
            };
            start += next;
        }
        match self.stage {
            Stage::Ended => Ok(()),
            Stage::Start => Err(Pos {
                line: 1,
                col: 0,
                text: text.split('\n').next().unwrap_or(""),
            }
            .err(ErrorKind::Empty)),
            _ => Err({
                let (line, start) = self.last_content;
                let at = Pos {
                    line,
                    col: 0,
                    text: text.get(start..).unwrap_or(""),
                };
                Pos {
                    col: at.line_text().trim_end().len(),
                    ..at
                }
            }
            .err(ErrorKind::Truncated {
                expected: match &self.pending {
                    Pending::Win(w) if w.deltas.is_none() => {
                        "the rest of this win (its `deltas` line) and `end`"
                    }
                    Pending::Draw(d) if d.deltas.is_none() => {
                        "the rest of this draw (its `deltas` line) and `end`"
                    }
                    Pending::Win(_) | Pending::Draw(_) => {
                        "more rounds or `end`, the last line of a record"
                    }
                    Pending::Setup(_) => "the rest of this round and `end`",
                    _ if self.table.open => {
                        "the rest of this round (more moves or an outcome) and `end`"
                    }
                    _ => "more rounds or `end`, the last line of a record",
                },
            })),
        }
    }

    /// Whether `line` would only read the moves of a move line (`A …`): in the body, in a
    /// round, with nothing pending, and no comments kept (a kept comment must be placed).
    fn quick_ok(&self) -> bool {
        self.stage == Stage::Body
            && self.table.open
            && matches!(self.pending, Pending::None)
            && self.comments.is_none()
            && self.lines.is_none()
            && self.waiting_comments.is_empty()
    }

    /// Asks for the line of each event (see [`Reader::note_lines`]). The move fast path is
    /// then not taken, so every line is read on its own.
    pub(crate) fn with_lines(mut self, lines: &'l mut SourceLines) -> Reader<'t, 'l> {
        lines.events.clear();
        lines.expectations.clear();
        self.lines = Some(lines);
        self
    }

    /// Gives every event not yet placed the line `line`.
    fn note_lines(&mut self, line: u32) {
        if let Some(lines) = self.lines.as_deref_mut() {
            let events = &mut lines.events;
            events.resize(self.log.len().max(events.len()), line);
        }
    }

    /// Gives the waiting comments their place: before event `at`.
    #[inline]
    fn place_comments(&mut self) {
        if !self.waiting_comments.is_empty() {
            self.place_waiting_comments();
        }
    }

    /// [`Reader::place_comments`] when there are comments waiting.
    #[inline(never)]
    fn place_waiting_comments(&mut self) {
        let at = self.log.len();
        if let Some(sink) = &mut self.comments {
            for c in self.waiting_comments.drain(..) {
                sink.push(Comment {
                    event: at,
                    text: c.to_owned(),
                });
            }
        }
    }

    /// A line with content, whose first token `word` (at `col`) has been read.
    fn line(&mut self, col: usize, word: &'t str, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let wpos = shift(pos, col);
        match self.stage {
            Stage::Start => {
                let content = pos.line_text();
                self.place_comments();
                if word != "haifu" {
                    return Err(wpos.err(ErrorKind::NoFormatLine {
                        found: lex::shorten(content.trim()),
                    }));
                }
                let (vcol, version) = cur.next_token().ok_or_else(|| {
                    shift(pos, content.len()).err(ErrorKind::EndOfLine {
                        expected: "the notation version, 1",
                    })
                })?;
                if version != "1" {
                    return Err(shift(pos, vcol).err(ErrorKind::Version {
                        version: lex::shorten(version),
                    }));
                }
                self.finish_line(cur, pos)?;
                self.log.header.format = "haifu".to_owned();
                // A record may begin at any round (NOTATION.md, "Starting anywhere").
                self.log.header.start_record = haifu_log::StartRecord::Optional;
                // A record without a `rules` line is played under `rules tenhou`.
                self.log.header.rules.go_type = names::TENHOU_DEFAULT;
                self.stage = Stage::Header;
                Ok(())
            }
            Stage::Ended => Err(wpos.err(ErrorKind::OutOfPlace {
                what: lex::shorten(word),
                detail: if word == "haifu" {
                    "a file holds one record, and this one ended with `end` (`haifu convert --out-dir` writes one file per game)"
                } else {
                    "nothing but comments may follow `end`"
                },
            })),
            Stage::Header => {
                if self.header_line(word, wpos, cur, pos)? {
                    self.place_comments();
                    return Ok(());
                }
                self.stage = Stage::Body;
                self.body_line(word, wpos, cur, pos)
            }
            Stage::Body => self.body_line(word, wpos, cur, pos),
        }
    }

    /// Checks that nothing is left on the line.
    fn finish_line(&self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        match cur.next_token() {
            None => Ok(()),
            Some((col, t)) => Err(shift(pos, col).err(ErrorKind::Expected {
                expected: "the end of the line",
                found: lex::shorten(t),
            })),
        }
    }

    fn need(
        &self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        what: &'static str,
    ) -> R<(Pos<'t>, &'t str)> {
        match cur.next_token() {
            Some((col, t)) => Ok((shift(pos, col), t)),
            None => Err(shift(pos, cur.offset()).err(ErrorKind::EndOfLine { expected: what })),
        }
    }

    fn once(&mut self, bit: u32, field: &'static str, at: Pos<'t>) -> R<()> {
        if self.seen & bit != 0 {
            return Err(at.err(ErrorKind::Duplicate { field }));
        }
        self.seen |= bit;
        Ok(())
    }

    // ---- header ----

    /// Reads a header line; `false` if the word starts the body.
    fn header_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<bool> {
        match word {
            "source" => {
                self.once(1, "source", wpos)?;
                let (p, f) = self.need(cur, pos, "the source format, e.g. tenhou-mjlog")?;
                self.log.header.format = string_at(p, f)?;
                // A record converted from a format that always starts at the game's start
                // keeps that guarantee.
                if matches!(self.log.header.format.as_str(), "tenhou-mjlog" | "majsoul") {
                    self.log.header.start_record = haifu_log::StartRecord::Always;
                }
                if let Some((c, v)) = cur.next_token() {
                    self.log.header.version = Some(string_at(shift(pos, c), v)?);
                }
            }
            "game" => {
                self.once(2, "game", wpos)?;
                let (p, g) = self.need(cur, pos, "the game id")?;
                self.log.header.game_id = Some(string_at(p, g)?);
            }
            "rules" => {
                self.once(4, "rules", wpos)?;
                self.rules(cur, pos)?;
            }
            "seed" => {
                self.once(8, "seed", wpos)?;
                self.log.header.seed = Some(match cur.quick_string() {
                    Some((start, end)) => pos.text[start..end].to_owned(),
                    None => {
                        let (p, s) = self.need(cur, pos, "the wall seed")?;
                        string_at(p, s)?
                    }
                });
            }
            "seed-ref" => {
                self.once(16, "seed-ref", wpos)?;
                let (p, s) = self.need(cur, pos, "the seed's reference string")?;
                self.log.header.seed_ref = Some(string_at(p, s)?);
            }
            "player" => self.player(cur, pos)?,
            "first-dealer" => {
                self.once(32, "first-dealer", wpos)?;
                let (p, s) = self.need(cur, pos, "a seat A-D")?;
                self.log.header.first_dealer = Some(seat_at(p, s)?);
            }
            "scores" => {
                self.once(64, "scores", wpos)?;
                self.start_scores = Some(self.by_seat(cur, pos, "four starting scores")?);
            }
            "unknown" => {
                self.unknown(cur, pos, None)?;
                return Ok(true);
            }
            "round" | "end" | "game-end" | "A" | "B" | "C" | "D" | "win" | "draw" | "dora"
            | "expect" => return Ok(false),
            _ => {
                return Err(wpos.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(word),
                    expected: HEADER_WORDS,
                }));
            }
        }
        self.finish_line(cur, pos)?;
        Ok(true)
    }

    fn rules(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        const PRESETS: &str = "a rules preset: tenhou, tenhou-tonpuu, tenhou-nashi, tenhou-chips, mahjong-soul, m-league, jpml2024, jpml2012, wrc2015, ema2016 (jpml, wrc, ema)";
        let (p, name) = self.need(cur, pos, PRESETS)?;
        let Some(preset) = Preset::from_name(name) else {
            return Err(p.err(ErrorKind::UnknownKeyword {
                word: lex::shorten(name),
                expected: PRESETS,
            }));
        };
        let tenhou = preset == Preset::Tenhou;
        // The rule set the line declares so far, to check each override as it comes.
        let mut declared = RuleSet::preset(preset);
        let mut spec = preset.name().to_owned();
        let rules = &mut self.log.header.rules;
        rules.go_type = names::go_type_of(&declared);
        while let Some((col, tok)) = cur.next_token() {
            let tp = shift(pos, col);
            if tenhou && names::apply_flag(tok, &mut rules.go_type) {
                continue;
            }
            let Some((key, value)) = lex::key_value(tok) else {
                return Err(tp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(tok),
                    expected: if tenhou {
                        "a rules flag (4p 3p hanchan tonpuu aka no-aka kuitan no-kuitan ippan joukyuu tokujou houou fast cpu), a rule point key=value (see `haifu rules show`), or bits=, type=, lobby=, title=, rule=, ranking=, csrule="
                    } else {
                        "a rule point key=value (see `haifu rules show`)"
                    },
                }));
            };
            let vp = shift(tp, key.len() + 1);
            if FIELDS.iter().any(|f| f.name == key) {
                let value = RuleSpec::value_of(value);
                declared
                    .set(key, &value)
                    .map_err(|e| vp.err(ErrorKind::Rule(e.to_string())))?;
                spec.push(',');
                spec.push_str(key);
                spec.push('=');
                spec.push_str(&override_text(&value));
                continue;
            }
            if !tenhou {
                return Err(tp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(key),
                    expected: "a rule point key (see `haifu rules show`)",
                }));
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
                    return Err(tp.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(key),
                        expected: "a rules key: a rule point (see `haifu rules show`), bits, type, lobby, title, rule, ranking, csrule",
                    }));
                }
            }
        }
        // Tenhou's rules come from the GO bits; any other preset, and overrides, by name.
        rules.spec = (!tenhou || spec.contains(',')).then_some(spec);
        Ok(())
    }

    fn player(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let (p, s) = self.need(cur, pos, "a seat A-D")?;
        let seat = seat_at(p, s)?;
        let (np, name) = self.need(cur, pos, "the player's name, \"quoted\"")?;
        let mut player = Player {
            name: string_at(np, name)?,
            ..Player::default()
        };
        while let Some((col, tok)) = cur.next_token() {
            let tp = shift(pos, col);
            let Some((key, value)) = lex::key_value(tok) else {
                return Err(tp.err(expected("key=value: dan=, rate=, sex=, rc=, gold=", tok)));
            };
            let vp = shift(tp, key.len() + 1);
            match key {
                "dan" => {
                    player.dan = Some(
                        lex::int(value)
                            .ok_or_else(|| vp.err(expected("a dan number 0-255", value)))?,
                    );
                }
                "rate" => {
                    player.rate = Some(
                        value
                            .parse::<f64>()
                            .ok()
                            .filter(|r| r.is_finite() && !value.contains(['e', 'E', 'i', 'n', 'N']))
                            .ok_or_else(|| vp.err(expected("a rating such as 1850.25", value)))?,
                    );
                }
                "sex" => player.sex = Some(string_at(vp, value)?),
                "rc" => {
                    player.rc =
                        Some(lex::int(value).ok_or_else(|| vp.err(expected("an integer", value)))?);
                }
                "gold" => {
                    player.gold =
                        Some(lex::int(value).ok_or_else(|| vp.err(expected("an integer", value)))?);
                }
                _ => {
                    return Err(tp.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(key),
                        expected: "a player key: dan, rate, sex, rc, gold",
                    }));
                }
            }
        }
        self.log.header.players[seat] = player;
        Ok(())
    }

    fn unknown(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>, event: Option<usize>) -> R<()> {
        let (p, element) = self.need(cur, pos, "the element the attribute was on")?;
        let element = string_at(p, element)?;
        let (p, name) = self.need(cur, pos, "the attribute's name")?;
        let name = string_at(p, name)?;
        let (p, value) = self.need(cur, pos, "the attribute's value, \"quoted\"")?;
        let value = string_at(p, value)?;
        self.finish_line(cur, pos)?;
        self.log.unknown.push(UnknownAttribute {
            event,
            element,
            name,
            value,
        });
        Ok(())
    }

    fn by_seat<T: std::str::FromStr + TryFrom<i64> + Copy>(
        &self,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
        what: &'static str,
    ) -> R<BySeat<T>> {
        let saved = cur.position();
        if let Some([a, b, c, d]) = cur.quick_ints::<4>() {
            if let (Ok(a), Ok(b), Ok(c), Ok(d)) = (
                T::try_from(a),
                T::try_from(b),
                T::try_from(c),
                T::try_from(d),
            ) {
                return Ok(BySeat::from_array([a, b, c, d]));
            }
            cur.rewind(saved);
        }
        let mut v: ArrayVec<T, 4> = ArrayVec::new();
        for _ in 0..4 {
            let (p, t) = self.need(cur, pos, what)?;
            v.push(lex::int(t).ok_or_else(|| p.err(expected(what, t)))?);
        }
        self.finish_line(cur, pos)?;
        let arr: [T; 4] = v.into_inner().map_err(|_| pos.err(expected(what, "")))?;
        Ok(BySeat::from_array(arr))
    }

    // ---- body ----

    fn pending_index(&self) -> usize {
        self.log.len()
    }

    fn body_line(
        &mut self,
        word: &'t str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        // Continuation lines of what is pending.
        let continued = match &self.pending {
            Pending::None => false,
            Pending::Setup(_) => {
                matches!(
                    word,
                    "scores" | "hand" | "shuffle" | "chips" | "wall" | "unknown"
                )
            }
            Pending::Win(_) => matches!(
                word,
                "pao"
                    | "yaku"
                    | "yakuman"
                    | "dora"
                    | "ura"
                    | "hand"
                    | "melds"
                    | "agari"
                    | "ba"
                    | "scores"
                    | "deltas"
                    | "chips"
                    | "chip-awards"
                    | "ratio"
                    | "final"
                    | "points"
                    | "final-chips"
                    | "unknown"
            ),
            Pending::Draw(_) => matches!(
                word,
                "shown"
                    | "ba"
                    | "scores"
                    | "deltas"
                    | "chips"
                    | "ratio"
                    | "final"
                    | "points"
                    | "final-chips"
                    | "unknown"
            ),
            Pending::End(_) => matches!(word, "points" | "final-chips" | "unknown"),
        };
        if continued {
            self.place_comments();
            if word == "unknown" {
                let index = self.pending_index();
                return self.unknown(cur, pos, Some(index));
            }
            return match &self.pending {
                Pending::Setup(_) => self.setup_line(word, wpos, cur, pos),
                Pending::Win(_) => self.win_line(word, wpos, cur, pos),
                Pending::Draw(_) => self.draw_line(word, wpos, cur, pos),
                _ => self.end_line(word, wpos, cur, pos),
            };
        }
        self.flush()?;
        self.place_comments();
        match word {
            "round" => self.round(cur, pos),
            "A" | "B" | "C" | "D" => {
                let seat = seat_at(wpos, word)?;
                self.moves(seat, cur, pos, false)
            }
            "win" => self.win(wpos, cur, pos),
            "draw" => self.draw(wpos, cur, pos),
            "dora" => {
                self.require_round("dora", wpos)?;
                let (p, t) = self.need(cur, pos, "the new dora indicator")?;
                self.new_dora(p, t)?;
                self.finish_line(cur, pos)
            }
            "expect" => self.expect(wpos, cur, pos),
            "game-end" => {
                let scores = self.by_seat(cur, pos, "four final scores")?;
                self.pending = Pending::End(Box::new(EndDraft {
                    at: wpos,
                    fin: FinalDraft {
                        scores: Some((wpos, scores)),
                        ..FinalDraft::default()
                    },
                }));
                Ok(())
            }
            "unknown" => {
                let event = self.log.len().checked_sub(1);
                self.unknown(cur, pos, event)
            }
            "end" => {
                self.finish_line(cur, pos)?;
                self.stage = Stage::Ended;
                Ok(())
            }
            "source" | "game" | "rules" | "seed" | "seed-ref" | "player" | "first-dealer" => {
                Err(wpos.err(ErrorKind::OutOfPlace {
                    what: word.to_owned(),
                    detail: "header lines come before the first round",
                }))
            }
            "scores" | "hand" | "shuffle" | "chips" => Err(wpos.err(ErrorKind::OutOfPlace {
                what: word.to_owned(),
                detail: "round setup lines follow a `round` line, before the first move",
            })),
            "pao" | "yaku" | "yakuman" | "ura" | "melds" | "agari" | "ba" | "deltas"
            | "chip-awards" | "ratio" | "final" | "points" | "final-chips" | "shown" => Err(wpos
                .err(ErrorKind::OutOfPlace {
                    what: word.to_owned(),
                    detail: "outcome lines follow their `win`, `draw` or `game-end` line",
                })),
            _ => Err(wpos.err(ErrorKind::UnknownKeyword {
                word: lex::shorten(word),
                expected: BODY_WORDS,
            })),
        }
    }

    fn require_round(&self, what: &str, at: Pos<'t>) -> R<()> {
        if self.table.open {
            return Ok(());
        }
        Err(at.err(ErrorKind::OutOfPlace {
            what: lex::shorten(what),
            detail: if self.table.started {
                "the round has ended; start the next one with a `round` line"
            } else {
                "no round has started; start one with a `round` line"
            },
        }))
    }

    /// Completes what is pending.
    fn flush(&mut self) -> R<()> {
        // The events of a block (a round's setup, an outcome) belong to its first line (only
        // looked at when the lines are asked for).
        let head = match &self.pending {
            _ if self.lines.is_none() => None,
            Pending::None => None,
            Pending::Setup(s) => Some(s.at.line),
            Pending::Win(w) => Some(w.at.line),
            Pending::Draw(d) => Some(d.at.line),
            Pending::End(e) => Some(e.at.line),
        };
        let flushed = self.flush_pending();
        if let Some(line) = head {
            self.note_lines(line);
        }
        flushed
    }

    fn flush_pending(&mut self) -> R<()> {
        match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::None => Ok(()),
            Pending::Setup(s) => self.flush_setup(*s),
            Pending::Win(w) => self.flush_win(*w),
            Pending::Draw(d) => self.flush_draw(*d),
            Pending::End(e) => {
                let fin = final_result(e.fin, e.at, "game-end")?.ok_or_else(|| {
                    e.at.err(ErrorKind::MissingField {
                        block: "game-end",
                        field: "points",
                        expected: "four placement points",
                    })
                })?;
                self.log.push_game_end(fin);
                Ok(())
            }
        }
    }

    // ---- rounds ----

    fn round(&mut self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        if let Some(q) = cur.quick_round() {
            self.pending = Pending::Setup(Box::new(Setup {
                at: pos,
                wind: q.wind,
                number: q.number,
                honba: q.honba,
                dealer: q.dealer,
                sticks: q.sticks,
                dice: q.dice,
                dora: Some((shift(pos, q.dora_at), q.dora)),
                scores: None,
                shuffle: None,
                chips: None,
                hands: [None; 4],
                wall: None,
            }));
            return Ok(());
        }
        let (lp, label) = self.need(cur, pos, "the round label, e.g. E1.0")?;
        let (wind, number, honba) = lex::label(label).ok_or_else(|| {
            lp.err(expected(
                "a round label such as E1.0 (wind E/S/W/N, number 1-4, .honba)",
                label,
            ))
        })?;
        let mut s = Setup {
            at: pos,
            wind,
            number,
            honba,
            dealer: None,
            sticks: None,
            dice: None,
            dora: None,
            scores: None,
            shuffle: None,
            chips: None,
            hands: [None; 4],
            wall: None,
        };
        while let Some((col, key)) = cur.next_token() {
            let kp = shift(pos, col);
            match key {
                "dealer" => {
                    let (p, t) = self.need(cur, pos, "the dealer's seat A-D")?;
                    set_once(&mut s.dealer, seat_at(p, t)?, "dealer", kp)?;
                }
                "sticks" => {
                    let (p, t) = self.need(cur, pos, "the riichi sticks on the table")?;
                    let n = lex::int(t).ok_or_else(|| p.err(expected("a number of sticks", t)))?;
                    set_once(&mut s.sticks, n, "sticks", kp)?;
                }
                "dice" => {
                    let mut d = [0u8; 2];
                    for v in &mut d {
                        let (p, t) = self.need(cur, pos, "two dice")?;
                        *v = lex::int(t)
                            .filter(|v| (1..=6).contains(v))
                            .ok_or_else(|| p.err(expected("a die 1-6", t)))?;
                    }
                    set_once(&mut s.dice, d, "dice", kp)?;
                }
                "dora" => {
                    let (p, t) = self.need(cur, pos, "the first dora indicator")?;
                    let raw = lex::one_tile(t).map_err(|(o, k)| shift(p, o).err(k))?;
                    set_once(&mut s.dora, (p, raw), "dora", kp)?;
                }
                _ => {
                    return Err(kp.err(ErrorKind::UnknownKeyword {
                        word: lex::shorten(key),
                        expected: "a round key: dealer, sticks, dice, dora",
                    }));
                }
            }
        }
        if s.dora.is_none() {
            return Err(pos.err(ErrorKind::MissingField {
                block: "round",
                field: "dora",
                expected: "the first dora indicator, e.g. `dora 4m` on the round line",
            }));
        }
        self.pending = Pending::Setup(Box::new(s));
        Ok(())
    }

    fn setup_line(
        &mut self,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let Pending::Setup(s) = &self.pending else {
            return Ok(());
        };
        let _ = s;
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
            "wall" => {
                let (lp, layout) = self.need(cur, pos, "the wall's layout: current or early")?;
                let current = match layout {
                    "current" => true,
                    "early" => false,
                    _ => {
                        return Err(lp.err(ErrorKind::UnknownKeyword {
                            word: lex::shorten(layout),
                            expected: "a wall layout: current or early",
                        }));
                    }
                };
                let (tp, tiles) = self.need(cur, pos, "the wall's 136 tiles (108 in sanma)")?;
                self.finish_line(cur, pos)?;
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                set_once(&mut s.wall, (tp, current, tiles), "wall", wpos)
            }
            "shuffle" => {
                let v = match cur.quick_string() {
                    Some((start, end)) => pos.text[start..end].to_owned(),
                    None => {
                        let (p, t) = self.need(cur, pos, "the round's shuffle seed")?;
                        string_at(p, t)?
                    }
                };
                self.finish_line(cur, pos)?;
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                set_once(&mut s.shuffle, v, "shuffle", wpos)
            }
            _ => {
                if let Some((seat, start, end)) = cur.quick_hand()
                    && let Some(tiles) = pos.text.get(start..end)
                {
                    let Pending::Setup(s) = &mut self.pending else {
                        return Ok(());
                    };
                    if s.hands[seat].is_some() {
                        return Err(wpos.err(ErrorKind::Duplicate { field: "hand" }));
                    }
                    s.hands[seat] = Some((shift(pos, start), tiles, false));
                    return Ok(());
                }
                let (p, t) = self.need(cur, pos, "a seat A-D")?;
                let seat = seat_at(p, t)?;
                let (mut tp, mut tiles) = self.need(cur, pos, "the seat's 13 starting tiles")?;
                let exact = tiles == "exact";
                if exact {
                    (tp, tiles) = self.need(cur, pos, "the seat's 13 starting tiles")?;
                }
                self.finish_line(cur, pos)?;
                let Pending::Setup(s) = &mut self.pending else {
                    return Ok(());
                };
                if s.hands[seat.index()].is_some() {
                    return Err(wpos.err(ErrorKind::Duplicate { field: "hand" }));
                }
                s.hands[seat.index()] = Some((tp, tiles, exact));
                Ok(())
            }
        }
    }

    fn flush_setup(&mut self, s: Setup<'t>) -> R<()> {
        let first = !self.table.started;
        // Tenhou's GO bit 0x002: no red fives.
        self.table.red_fives = self.log.header.rules.go_type & 0x002 == 0;
        let wall = match s.wall {
            Some((tp, current, token)) => {
                self.walls.skip();
                Some(wall_line(tp, current, token, self.table.red_fives)?)
            }
            None => next_wall(
                self.walls,
                self.log.header.rules.go_type,
                self.log.header.seed.as_deref(),
                s.shuffle.as_deref(),
            ),
        };
        self.table.reset(wall);
        let first_dealer = self.log.header.first_dealer.unwrap_or(Seat::ALL[0]);
        let dealer = s
            .dealer
            .unwrap_or_else(|| first_dealer.after(s.number.wrapping_sub(1) % 4));
        let Some((dp, raw)) = s.dora else {
            return Err(s.at.err(ErrorKind::MissingField {
                block: "round",
                field: "dora",
                expected: "the first dora indicator",
            }));
        };
        let hint = self.table.wall_dora();
        let dora = self.enter(dp, raw, hint)?;
        self.table.new_dora(dora);
        let mut hands: BySeat<ArrayVec<Tile, 13>> = BySeat::default();
        for seat in Seat::ALL {
            let Some((tp, token, exact)) = s.hands[seat.index()] else {
                continue;
            };
            let deal = self.table.wall_hand(dealer, seat);
            let mut in_deal = Taken::default();
            for &d in deal.iter().flatten() {
                in_deal.add(d);
            }
            if let Some(d) = deal
                && !exact
                && deal_spelled(&in_deal, token.as_bytes())
                && d.iter().all(|&t| self.table.unseen(t))
            {
                // The hand is written as the deal's tiles in order, none in play: each tile
                // resolves to the deal's copy (what `hand_fast` finds, tile by tile).
                for &t in &d {
                    self.table.enter(t, Some(seat));
                }
                hands[seat] = ArrayVec::from(d);
                continue;
            }
            if let Some((fast, all_in_deal)) = hand_fast(&self.table, token.as_bytes(), &in_deal) {
                for &t in &fast {
                    self.table.enter(t, Some(seat));
                }
                hands[seat] = match deal {
                    // 13 distinct tiles, all in the 13 of the deal: the same set.
                    Some(d) if all_in_deal && !exact => ArrayVec::from(d),
                    _ => fast,
                };
                continue;
            }
            let mut hand: ArrayVec<Tile, 13> = ArrayVec::new();
            let table = &mut self.table;
            let res = lex::tiles(token, |raw, at| {
                let p = shift(tp, at);
                // The lowest copy of the kind that the deal holds and is still unseen.
                let hint = (0..4)
                    .filter_map(|c| Tile::from_kind(raw.kind, c))
                    .find(|&d| in_deal.has(d) && crate::table::matches(raw, d) && table.unseen(d));
                let t = enter_tile(table, p, raw, hint)?;
                if hand.try_push(t).is_err() {
                    return Err(p.err(ErrorKind::Inconsistent {
                        detail: "a starting hand holds 13 tiles; this is the 14th".to_owned(),
                    }));
                }
                table.enter(t, Some(seat));
                Ok(())
            });
            match res {
                Ok(()) => {}
                Err(Ok((at, kind))) => return Err(shift(tp, at).err(kind)),
                Err(Err(e)) => return Err(e),
            }
            if hand.len() != 13 {
                return Err(tp.err(ErrorKind::Inconsistent {
                    detail: format!(
                        "a starting hand holds 13 tiles; this one has {}",
                        hand.len()
                    ),
                }));
            }
            if let Some(d) = deal
                && !exact
            {
                let mut a = hand.clone();
                let mut b = d;
                a.sort_unstable();
                b.sort_unstable();
                if a[..] == b[..] {
                    hand = ArrayVec::from(d);
                }
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
            wall: None,
        };
        self.table.begin(&start);
        self.log.push_round_start(start);
        Ok(())
    }

    fn enter(&mut self, p: Pos<'t>, raw: RawTile, hint: Option<Tile>) -> R<Tile> {
        enter_tile(&self.table, p, raw, hint)
    }

    fn new_dora(&mut self, p: Pos<'t>, token: &str) -> R<()> {
        let raw = lex::one_tile(token).map_err(|(o, k)| shift(p, o).err(k))?;
        let hint = self.table.wall_dora();
        let t = self.enter(p, raw, hint)?;
        self.table.new_dora(t);
        self.log.push_new_dora(t);
        Ok(())
    }

    // ---- moves ----

    /// The moves of a move line, after its seat letter; `any` says whether moves were read
    /// before the cursor already.
    fn moves(&mut self, seat: Seat, cur: &mut Cursor<'t>, pos: Pos<'t>, mut any: bool) -> R<()> {
        loop {
            // The commonest tokens, a lone tile and `*`, skip the general tokenizer.
            if self.table.open {
                let at = cur.offset();
                let (end, read) = quick_moves(&mut self.table, self.log, seat, pos.text, at);
                any |= read;
                cur.rewind(end);
            }
            let Some((col, tok)) = cur.next_token() else {
                break;
            };
            any = true;
            let p = shift(pos, col);
            if tok != "bye" && tok != "back" {
                self.require_round(tok, p)?;
            }
            let s = seat.index();
            let first = tok.as_bytes()[0];
            match first {
                b'*' => {
                    let tile = if tok.len() == 1 {
                        self.table.last_draw[s].ok_or_else(|| {
                            p.err(ErrorKind::Inconsistent {
                                detail: format!(
                                    "`*` discards the tile {} just drew, but {} has not drawn since its last discard or call",
                                    lex::seat_letter(seat),
                                    lex::seat_letter(seat)
                                ),
                            })
                        })?
                    } else {
                        self.held(seat, shift(p, 1), &tok[1..], None)?
                    };
                    self.discard(seat, tile, true);
                }
                b'~' => {
                    let tile = self.held(seat, shift(p, 1), &tok[1..], None)?;
                    self.discard(seat, tile, false);
                }
                b'-' => {
                    let last = self.table.last_draw[s];
                    let tile = self.held(seat, shift(p, 1), &tok[1..], last)?;
                    self.discard(seat, tile, Some(tile) == last);
                }
                b'+' => self.draw_tile(seat, shift(p, 1), &tok[1..])?,
                b'0'..=b'9' => {
                    if self.table.need_discard[s] {
                        let last = self.table.last_draw[s];
                        let tile = self.held(seat, p, tok, last)?;
                        self.discard(seat, tile, Some(tile) == last);
                    } else {
                        self.draw_tile(seat, p, tok)?;
                    }
                }
                b'{' => {
                    let meld = generic_meld(p, tok, self.table.red_fives)?;
                    self.call(seat, meld);
                }
                _ => self.move_word(seat, p, tok, cur, pos)?,
            }
        }
        if !any {
            return Err(shift(pos, cur.offset()).err(ErrorKind::EndOfLine {
                expected: "moves after the seat: a draw, a discard, a call, riichi…",
            }));
        }
        Ok(())
    }

    fn move_word(
        &mut self,
        seat: Seat,
        p: Pos<'t>,
        tok: &'t str,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let (word, value) = match tok {
            "riichi" | "deposit" | "chi" | "pon" | "kan" | "kakan" | "ankan" | "kita" | "dora"
            | "bye" | "back" | "dead" | "false-win" => (tok, None),
            _ => match tok.split_once('=') {
                Some((w, v)) => (w, Some(v)),
                None => (tok, None),
            },
        };
        let vp = shift(p, word.len() + 1);
        match (word, value) {
            ("riichi", v) => {
                let scores = match v {
                    None => None,
                    Some(v) => Some(comma_scores(vp, v)?),
                };
                self.log.push_riichi(seat, RiichiStage::Declared, scores);
            }
            ("deposit", v) => {
                let scores = match v {
                    None => self.table.default_deposit(seat),
                    Some("none") => None,
                    Some(v) => Some(comma_scores(vp, v)?),
                };
                self.table.deposit(seat, scores);
                self.log
                    .push_riichi(seat, RiichiStage::DepositTaken, scores);
            }
            ("chi" | "pon" | "kan", None) => {
                let (mp, m) =
                    self.need(cur, pos, "the called tile and its source, e.g. 3m<A+45m")?;
                let kind = match word {
                    "chi" => MeldKind::Chi,
                    "pon" => MeldKind::Pon,
                    _ => MeldKind::Daiminkan,
                };
                let meld = self.called_meld(seat, kind, mp, m)?;
                self.call(seat, meld);
            }
            ("kakan", None) => {
                let (mp, m) = self.need(cur, pos, "the tile added to the pon")?;
                let added = self.held(seat, mp, m, None)?;
                let meld = kakan_of(&self.table, seat, added).ok_or_else(|| {
                    mp.err(ErrorKind::Inconsistent {
                        detail: format!(
                            "a kakan of {} needs {}'s pon of {}; write the meld in full as {{kakan …}}",
                            added,
                            lex::seat_letter(seat),
                            added.kind()
                        ),
                    })
                })?;
                self.call(seat, meld);
            }
            ("ankan", None) => {
                let (mp, m) = self.need(cur, pos, "the kind of the concealed kan, e.g. 9p")?;
                let mut raws: ArrayVec<(usize, RawTile), 4> = ArrayVec::new();
                lex::tiles(m, |raw, at| raws.try_push((at, raw)).map_err(|_| at)).map_err(|e| {
                    match e {
                        Ok((at, k)) => shift(mp, at).err(k),
                        Err(at) => {
                            shift(mp, at).err(expected("one tile (the kind) or the four tiles", m))
                        }
                    }
                })?;
                let meld = match raws.len() {
                    1 => ankan_all(raws[0].1.kind),
                    4 => {
                        let mut local = Taken::default();
                        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
                        for &(at, raw) in &raws {
                            let t = resolve_held_list(&self.table, seat, raw, &local)
                                .ok_or_else(|| not_held(shift(mp, at), seat, raw))?;
                            local.add(t);
                            tiles.push(t);
                        }
                        new_meld(MeldKind::Ankan, &mut tiles, None, None, None)
                    }
                    _ => None,
                }
                .ok_or_else(|| mp.err(expected("one tile (the kind) or the four tiles", m)))?;
                self.call(seat, meld);
            }
            ("kita", None) => {
                let (mp, m) = self.need(cur, pos, "the North set aside, 4z")?;
                let t = self.held(seat, mp, m, None)?;
                let meld = Meld::new(MeldKind::Kita, &[t], None, None, None)
                    .ok_or_else(|| mp.err(expected("a tile", m)))?;
                self.call(seat, meld);
            }
            ("dora", None) => {
                let (tp, t) = self.need(cur, pos, "the new dora indicator")?;
                self.new_dora(tp, t)?;
            }
            ("dead", None) => self.log.push_mistake(seat, Mistake::DeadHand, None),
            ("false-win", v) => {
                let deltas = match v {
                    None => None,
                    Some(v) => Some(comma_scores(vp, v)?),
                };
                if let Some(d) = deltas {
                    self.table.pay(d);
                }
                self.log.push_mistake(seat, Mistake::FalseWin, deltas);
            }
            ("bye", None) => self.log.push_disconnect(seat),
            ("back", None) => {
                let name = match cur.peek_token() {
                    Some((c, t)) if t.starts_with('"') => {
                        cur.next_token();
                        string_at(shift(pos, c), t)?
                    }
                    _ => self.log.header.players[seat].name.clone(),
                };
                self.log.push_reconnect(seat, name);
            }
            _ => {
                return Err(p.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(tok),
                    expected: "a move: a tile (draw or discard), *, +T, -T, riichi, deposit, chi, pon, kan, kakan, ankan, kita, dora, bye, back, dead, false-win, or {KIND …}",
                }));
            }
        }
        Ok(())
    }

    fn held(&self, seat: Seat, p: Pos<'t>, token: &str, avoid: Option<Tile>) -> R<Tile> {
        let raw = lex::one_tile(token).map_err(|(o, k)| shift(p, o).err(k))?;
        self.held_raw(seat, p, raw, avoid)
    }

    fn held_raw(&self, seat: Seat, p: Pos<'t>, raw: RawTile, avoid: Option<Tile>) -> R<Tile> {
        self.table
            .resolve_held(seat, raw, avoid)
            .ok_or_else(|| not_held(p, seat, raw))
    }

    fn draw_tile(&mut self, seat: Seat, p: Pos<'t>, token: &str) -> R<()> {
        let raw = lex::one_tile(token).map_err(|(o, k)| shift(p, o).err(k))?;
        self.draw_raw(seat, p, raw)
    }

    fn draw_raw(&mut self, seat: Seat, p: Pos<'t>, raw: RawTile) -> R<()> {
        let hint = self.table.wall_draw(seat);
        let t = self.enter(p, raw, hint)?;
        self.table.draw(seat, t);
        self.log.push_draw_tile(seat, t);
        Ok(())
    }

    fn discard(&mut self, seat: Seat, tile: Tile, tsumogiri: bool) {
        self.table.discard(seat, tile);
        self.log.push_discard(seat, tile, tsumogiri);
    }

    fn call(&mut self, seat: Seat, meld: Meld) {
        self.table.call(seat, meld);
        self.log.push_call(seat, meld);
    }

    /// `3m<A+45m`, `9p<C`: the called tile, its source, and optionally the tiles from hand.
    fn called_meld(&self, seat: Seat, kind: MeldKind, p: Pos<'t>, token: &str) -> R<Meld> {
        let shape = "the called tile and its source, e.g. 3m<A+45m or 9p<C";
        let (called_text, rest) = token
            .split_once('<')
            .ok_or_else(|| p.err(expected(shape, token)))?;
        let raw = lex::one_tile(called_text).map_err(|(o, k)| shift(p, o).err(k))?;
        let called =
            resolve_called(&self.table, seat, raw).ok_or_else(|| not_held(p, seat, raw))?;
        let sp = shift(p, called_text.len() + 1);
        let (from_text, hand_text) = match rest.split_once('+') {
            Some((f, h)) => (f, Some(h)),
            None => (rest, None),
        };
        let from = seat_at(sp, from_text)?;
        let need = if kind == MeldKind::Daiminkan { 3 } else { 2 };
        let hand: ArrayVec<Tile, 4> = match hand_text {
            None if kind == MeldKind::Chi => {
                return Err(shift(sp, from_text.len()).err(ErrorKind::EndOfLine {
                    expected: "the two tiles from hand after `+`, e.g. 3m<A+45m",
                }));
            }
            None => default_call_hand(&self.table, seat, called.kind(), need).ok_or_else(|| {
                p.err(ErrorKind::Inconsistent {
                    detail: format!(
                        "{} holds fewer than {need} {} for this call; write the tiles from hand after `+`",
                        lex::seat_letter(seat),
                        called.kind()
                    ),
                })
            })?,
            Some(h) => {
                let hp = shift(sp, from_text.len() + 1);
                let mut local = Taken::default();
                let mut v: ArrayVec<Tile, 4> = ArrayVec::new();
                lex::tiles(h, |raw, at| {
                    let t = resolve_held_list(&self.table, seat, raw, &local)
                        .ok_or_else(|| not_held(shift(hp, at), seat, raw))?;
                    local.add(t);
                    v.try_push(t).map_err(|_| {
                        shift(hp, at).err(ErrorKind::Inconsistent {
                            detail: format!("a call takes {need} tiles from hand"),
                        })
                    })
                })
                .map_err(|e| match e {
                    Ok((at, k)) => shift(hp, at).err(k),
                    Err(e) => e,
                })?;
                if v.len() != need {
                    return Err(hp.err(ErrorKind::Inconsistent {
                        detail: format!("this call takes {need} tiles from hand, not {}", v.len()),
                    }));
                }
                v
            }
        };
        let mut tiles = hand;
        tiles.insert(0, called);
        new_meld(kind, &mut tiles, Some(called), None, Some(from))
            .ok_or_else(|| p.err(expected(shape, token)))
    }

    // ---- outcomes ----

    fn win(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
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

    /// A `win` line's seats, fu, han, points and limit, after `win`, token by token.
    fn win_general(&self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<WinHead<'t>> {
        let (p, w) = self.need(cur, pos, "the winner's seat A-D")?;
        let winner = seat_at(p, w)?;
        let (kp, how) = self.need(cur, pos, "ron SEAT or tsumo")?;
        let from = match how {
            "tsumo" => winner,
            "ron" => {
                let (p, s) = self.need(cur, pos, "the seat that dealt in")?;
                seat_at(p, s)?
            }
            _ => return Err(kp.err(expected("ron SEAT or tsumo", how))),
        };
        let (mut fu, mut han, mut points, mut limit) = (None, None, None, Limit::None);
        while let Some((col, t)) = cur.next_token() {
            let tp = shift(pos, col);
            if let Some(n) = t.strip_suffix("fu").and_then(lex::int) {
                fu = Some(n);
            } else if let Some(n) = t.strip_suffix("han").and_then(lex::int::<u32>) {
                han = Some((tp, n));
            } else if let Some(n) = lex::int(t) {
                points = Some(n);
            } else if let Some(l) = names::limit(t) {
                limit = l;
            } else if t == "no-limit" {
                // Said outright, as `expect win` says it: the default.
                limit = Limit::None;
            } else {
                return Err(tp.err(expected(
                    "30fu, 3han, the points (e.g. 3900) or a limit (mangan…yakuman, or no-limit)",
                    t,
                )));
            }
        }
        let end = shift(pos, cur.offset());
        // A limit hand may leave its fu out (a record converted from a format without
        // them); a hand under the limits needs them to be valued.
        if fu.is_none() && limit == Limit::None {
            return Err(end.err(ErrorKind::EndOfLine {
                expected: "the fu, e.g. 30fu (only a limit hand may leave them out)",
            }));
        }
        let points = points.ok_or_else(|| {
            end.err(ErrorKind::EndOfLine {
                expected: "the points, e.g. 3900",
            })
        })?;
        Ok(WinHead {
            winner,
            from,
            fu,
            han,
            points,
            limit,
        })
    }

    fn win_line(&mut self, word: &str, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let Pending::Win(mut w) = std::mem::replace(&mut self.pending, Pending::None) else {
            return Ok(());
        };
        let r = self.win_field(&mut w, word, wpos, cur, pos);
        self.pending = Pending::Win(w);
        r?;
        self.finish_line(cur, pos)
    }

    fn win_field(
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

    fn final_field(
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

    fn chips(&self, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<ChipScores> {
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

    fn two_numbers<T: std::str::FromStr + TryFrom<i64>>(
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
    fn stateless_list<const N: usize>(
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
    fn prefer_list(
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

    fn flush_win(&mut self, w: WinDraft<'t>) -> R<()> {
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

    fn draw(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        self.require_round("draw", wpos)?;
        let (kp, k) = self.need(cur, pos, "the kind of draw, e.g. exhaustive")?;
        let kind = names::draw_kind(k).ok_or_else(|| {
            kp.err(ErrorKind::UnknownKeyword {
                word: lex::shorten(k),
                expected: "a draw kind: exhaustive, kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukaikan, sanchahou, nagashi_mangan",
            })
        })?;
        self.finish_line(cur, pos)?;
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

    fn draw_line(
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

    fn flush_draw(&mut self, d: DrawDraft<'t>) -> R<()> {
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

    fn end_line(&mut self, word: &str, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
        let Pending::End(mut e) = std::mem::replace(&mut self.pending, Pending::None) else {
            return Ok(());
        };
        let r = self.final_field(&mut e.fin, word, wpos, cur, pos);
        self.pending = Pending::End(e);
        r?;
        self.finish_line(cur, pos)
    }

    // ---- expectations ----

    fn expect(&mut self, wpos: Pos<'t>, cur: &mut Cursor<'t>, pos: Pos<'t>) -> R<()> {
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

/// The wall of a `wall` line: every physical tile once, in `yama` order. Unmarked tiles take
/// the lowest copy not yet in the line.
fn wall_line(p: Pos<'_>, current: bool, token: &str, red_fives: bool) -> R<WallView> {
    if let Some(w) = wall_fast(token.as_bytes(), current, red_fives) {
        return Ok(w);
    }
    let mut tiles: ArrayVec<Tile, 136> = ArrayVec::new();
    let mut used = [0u8; 34];
    lex::tiles(token, |raw, at| {
        let at = shift(p, at);
        let k = raw.kind.index();
        let copy = match crate::table::marked(raw) {
            Some(t) => t.copy(),
            None => crate::table::candidates(raw.kind, raw.red, red_fives)
                .iter()
                .copied()
                .find(|&c| used[k] & (1 << c) == 0)
                .ok_or_else(|| at.err(no_copy_left(raw, red_fives)))?,
        };
        if used[k] & (1 << copy) != 0 {
            return Err(at.err(ErrorKind::CopyInPlay {
                tile: raw.kind.to_string(),
                copy,
            }));
        }
        used[k] |= 1 << copy;
        let t = Tile::from_kind(raw.kind, copy).ok_or_else(|| at.err(expected("a tile", token)))?;
        tiles
            .try_push(t)
            .map_err(|_| at.err(expected("a wall of 136 tiles (108 in sanma)", token)))
    })
    .map_err(|e| match e {
        Ok((at, k)) => shift(p, at).err(k),
        Err(e) => e,
    })?;
    WallView::new(&tiles, current).ok_or_else(|| {
        p.err(ErrorKind::Inconsistent {
            detail: format!(
                "a wall holds 136 tiles (108 in sanma); this one has {}",
                tiles.len()
            ),
        })
    })
}

/// Whether `token` spells the tiles of `deal` in id order without copy marks (`0` for a
/// copy-0 five), as the writer spells a hand that is its deal: then every tile of it
/// resolves to the deal's copy of its kind, in order.
fn deal_spelled(deal: &Taken, token: &[u8]) -> bool {
    // The bytes each tile id is spelled with: its digit, and its suit letter.
    const SPELL: [[u8; 2]; 136] = {
        let mut t = [[0u8; 2]; 136];
        let mut id = 0;
        while id < 136 {
            let kind = id / 4;
            t[id][0] = if kind < 27 && kind % 9 == 4 && id % 4 == 0 {
                b'0'
            } else {
                b'1' + (kind % 9) as u8
            };
            t[id][1] = b"mpsz"[kind / 9];
            id += 1;
        }
        t
    };
    // The spelling is written out without a branch on where a suit ends (in a hand, a coin
    // toss): each tile's suit letter is written after its digit and kept only when the next
    // tile's suit differs; then the bytes are compared at once.
    let mut spelled = [0u8; 64];
    let mut at = 0usize;
    let mut suit = 0u8;
    for (w, &word) in deal.words().iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let id = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(&[digit, letter]) = SPELL.get(id) else {
                return false;
            };
            // The previous tile's letter stays when this tile starts another suit.
            at += usize::from(suit != letter && suit != 0);
            spelled[at & 63] = digit;
            spelled[(at + 1) & 63] = letter;
            at += 1;
            suit = letter;
        }
    }
    suit != 0 && spelled.get(..at + 1) == Some(token)
}

/// A well-formed starting hand of 13 tiles in one pass, each tile resolved as the general
/// path resolves it (the lowest unseen copy the deal holds, else the marked copy or the first
/// free candidate), and whether every tile is in the deal. `None` (the table untouched) sends
/// the hand to the general path, which says what is wrong.
fn hand_fast(table: &Table, b: &[u8], in_deal: &Taken) -> Option<(ArrayVec<Tile, 13>, bool)> {
    let mut codes = [0u16; 13];
    if lex::decode_marked::<13, 64>(b, &mut codes)? != 13 {
        return None;
    }
    let mut hand: ArrayVec<Tile, 13> = ArrayVec::new();
    let mut local = [0u8; 64];
    let mut all_in_deal = true;
    for code in codes {
        let (kind, five, mark) = lex::split_code(code);
        let free = table.unseen_mask(kind) & !local[kind];
        let copy = if mark != lex::NO_MARK {
            mark
        } else {
            // The hint: the lowest unseen copy in the deal that the tile names.
            let names = if five { 0b1110 } else { 0b1111 };
            let hint = in_deal.kind_mask(kind) & names & free;
            if hint != 0 {
                hint.trailing_zeros() as u8
            } else {
                // The first free candidate: 1, 2, 3, then 0 for a five (not in a game with
                // red fives: row 2).
                let row = usize::from(five) * (1 + usize::from(table.red_fives));
                FREE_COPY[row][usize::from(!free & 0xF)]
            }
        };
        if copy > 3 || free & (1 << copy) == 0 {
            return None;
        }
        local[kind] |= 1 << copy;
        all_in_deal &= in_deal.kind_mask(kind) & (1 << copy) != 0;
        hand.push(Tile::new(u8::try_from(kind).ok()? * 4 + copy)?);
    }
    Some((hand, all_in_deal))
}

/// The copy an unmarked tile takes when the copies in `used` (four bits) are taken: the
/// lowest free one, or for a five (`FREE_COPY[1]`) 1, 2, 3 and then 0, or for a five in a game
/// with red fives (`FREE_COPY[2]`) 1, 2, 3 only (copy 0 is the red five, written `0`); 4
/// when none is free.
static FREE_COPY: [[u8; 16]; 3] = {
    let mut t = [[4u8; 16]; 3];
    let mut used = 0;
    while used < 16 {
        let free = !used & 0xF;
        if free != 0 {
            t[0][used] = free.trailing_zeros() as u8;
            t[1][used] = if free & 0xE != 0 {
                (free & 0xE).trailing_zeros() as u8
            } else {
                0
            };
            t[2][used] = if free & 0xE != 0 {
                (free & 0xE).trailing_zeros() as u8
            } else {
                4
            };
        }
        used += 1;
    }
    t
};

/// The copy a wall tile takes, at `mark * 32 + five * 16 + used`: its mark (0 for a red five)
/// when it has one, else as [`FREE_COPY`] says (row 1 for a five, or row `five_row`). One
/// load rather than a branch on whether the tile is marked, which in a wall is a coin toss.
const fn wall_copy(five_row: usize) -> [u8; 256] {
    let mut t = [4u8; 256];
    let mut i = 0;
    while i < 5 * 32 {
        let mark = i / 32;
        t[i] = if mark < 4 {
            mark as u8
        } else if (i / 16) % 2 == 1 {
            FREE_COPY[five_row][i % 16]
        } else {
            FREE_COPY[0][i % 16]
        };
        i += 1;
    }
    t
}

/// [`wall_copy`] for a game without red fives.
static WALL_COPY: [u8; 256] = wall_copy(1);

/// [`wall_copy`] for a game with red fives: an unmarked plain five is never copy 0 (a wall
/// that would need it goes to the checking parser, which says so).
static WALL_COPY_RED_FIVES: [u8; 256] = wall_copy(2);

/// A well-formed wall line in one pass, without a branch on the tiles; `None` sends it to
/// the checking parser.
///
/// (A decoder that steps from tile to tile runs fewer instructions still, but each step
/// waits on the bytes the previous one loaded: it measured slower than finding the tiles
/// with bit masks, as [`lex::decode_wall`] does.)
fn wall_fast(b: &[u8], current: bool, red_fives: bool) -> Option<WallView> {
    let copy_of = if red_fives {
        &WALL_COPY_RED_FIVES
    } else {
        &WALL_COPY
    };
    let (tiles, n) = lex::decode_wall(b, copy_of)?;
    WallView::new(&tiles[..n], current)
}

/// Reads the commonest move tokens of `seat`'s line, from byte `at` of `text`: a lone tile
/// such as `5m` or `3'1s` (a draw or a discard), `*`, `riichi`, `deposit`, and a `pon` or
/// `chi` in the shapes [`quick_call`] reads, each followed by one blank or the line's end,
/// as long as each is what the general path would read without an error. Returns where it stopped (a line end,
/// or a token for the general path) and whether it read a move. The caller checks that a
/// round is in progress.
#[inline(always)]
fn quick_moves(
    table: &mut Table,
    log: &mut GameLog,
    seat: Seat,
    text: &str,
    mut at: usize,
) -> (usize, bool) {
    let b = text.as_bytes();
    let s = seat.index() & 3;
    let mut any = false;
    // Each token with the byte after it: the last line of a text without a newline is left
    // to the general path.
    while let Some(&[c0, c1, c2]) = b.get(at..at + 3) {
        if c0 == b'*' {
            let Some(tile) = table.last_draw[s] else {
                break;
            };
            if c1 != b' ' && c1 != b'\n' {
                break;
            }
            table.discard(seat, tile);
            log.push_discard(seat, tile, true);
            at += 1;
        } else if c1 == b'\'' {
            // A marked tile, `3'1s`: that copy (never a red five, nor a plain five's copy 0).
            let Some(&[c3, c4]) = b.get(at + 3..at + 5) else {
                break;
            };
            let d = c0.wrapping_sub(b'0');
            let code = lex::SUIT_CODE[usize::from(c3)];
            let Some(&q) = lex::QUICK_KINDS.get(usize::from(code) * 10 + usize::from(d)) else {
                break;
            };
            let copy = c2.wrapping_sub(b'0');
            let five = q != lex::NOT_A_TILE && is_five(usize::from(q & !lex::RED));
            if d > 9
                || q == lex::NOT_A_TILE
                || q & lex::RED != 0
                || copy > 3
                || (five && copy == 0)
                || (c4 != b' ' && c4 != b'\n')
            {
                break;
            }
            let Some(tile) = Tile::new(q * 4 + copy) else {
                break;
            };
            if table.need_discard[s] {
                let last = table.last_draw[s];
                table.discard(seat, tile);
                log.push_discard(seat, tile, Some(tile) == last);
            } else {
                if !table.quick_draw_marked(seat, tile) {
                    break;
                }
                log.push_draw_tile(seat, tile);
            }
            at += 4;
        } else if c0.is_ascii_digit() {
            let d = c0 - b'0';
            let code = lex::SUIT_CODE[usize::from(c1)];
            let Some(&q) = lex::QUICK_KINDS.get(usize::from(code) * 10 + usize::from(d)) else {
                break;
            };
            if q == lex::NOT_A_TILE || (c2 != b' ' && c2 != b'\n') {
                break;
            }
            if table.need_discard[s] {
                let kind = usize::from(q & !lex::RED);
                let red = q & lex::RED != 0;
                let last = table.last_draw[s];
                let Some(tile) = table.quick_held(seat, kind, red, last) else {
                    break;
                };
                table.discard(seat, tile);
                log.push_discard(seat, tile, Some(tile) == last);
            } else {
                let Some(tile) = table.quick_draw(seat, q) else {
                    break;
                };
                log.push_draw_tile(seat, tile);
            }
            at += 2;
        } else if let Some(w) = b.get(at..at + 4)
            && (w == b"pon " || w == b"chi ")
        {
            let kind = if c0 == b'p' {
                MeldKind::Pon
            } else {
                MeldKind::Chi
            };
            let Some((meld, len)) = quick_call(table, seat, kind, b.get(at + 4..).unwrap_or(&[]))
            else {
                break;
            };
            table.call(seat, meld);
            log.push_call(seat, meld);
            at += 4 + len;
        } else if let Some(w) = b.get(at..at + 8)
            && w[..6] == *b"riichi"
            && (w[6] == b' ' || w[6] == b'\n')
        {
            log.push_riichi(seat, RiichiStage::Declared, None);
            at += 6;
        } else if let Some(w) = b.get(at..at + 8)
            && w[..7] == *b"deposit"
            && (w[7] == b' ' || w[7] == b'\n')
        {
            let scores = table.default_deposit(seat);
            table.deposit(seat, scores);
            log.push_riichi(seat, RiichiStage::DepositTaken, scores);
            at += 7;
        } else {
            break;
        }
        any = true;
        if b.get(at) != Some(&b' ') {
            break;
        }
        at += 1;
    }
    (at, any)
}

/// The quick kind code (`lex::QUICK_KINDS`) of an unmarked tile written as digit `d` and
/// suit letter `letter`, if it is one.
fn quick_code(d: u8, letter: u8) -> Option<u8> {
    let code = usize::from(lex::SUIT_CODE[usize::from(letter)]);
    let q = *lex::QUICK_KINDS.get(code * 10 + usize::from(d.wrapping_sub(b'0')))?;
    (d.is_ascii_digit() && q != lex::NOT_A_TILE).then_some(q)
}

/// A `yaku` line's list from byte `at` of its line (`b`, the text from the line's start) in
/// its plain shape, ` NAME HAN, NAME HAN` (one blank before each token, names of lowercase
/// letters, digits and `-`, one or two digits of han, each maybe followed by a comma), up to
/// the line's `\n`: the yaku and where the line ends. `None` for anything else (the
/// general path then reads it, or says what is wrong).
fn quick_yaku(b: &[u8], mut at: usize) -> Option<(ArrayVec<YakuHan, 24>, usize)> {
    let mut v = ArrayVec::new();
    loop {
        match b.get(at) {
            Some(b'\n') => return Some((v, at)),
            Some(b' ') => at += 1,
            _ => return None,
        }
        let name_start = at;
        while let Some(&c) = b.get(at)
            && (c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        {
            at += 1;
        }
        let name = std::str::from_utf8(b.get(name_start..at)?).ok()?;
        let source = names::han_source(name)?;
        if b.get(at) != Some(&b' ') {
            return None;
        }
        at += 1;
        let han = match b.get(at..at + 2)? {
            [d @ b'0'..=b'9', e @ b'0'..=b'9'] => {
                at += 2;
                (d - b'0') * 10 + (e - b'0')
            }
            [d @ b'0'..=b'9', _] => {
                at += 1;
                d - b'0'
            }
            _ => return None,
        };
        if b.get(at) == Some(&b',') {
            at += 1;
        }
        v.try_push(YakuHan { source, han }).ok()?;
    }
}

/// The refusal kinds an `expect illegal` may name, for messages.
const REFUSALS: &str = "a refusal kind (not-your-turn, not-held, tile-in-play, wall-exhausted, not-the-last-discard, chi-not-from-left, bad-meld, kuikae, no-kan, riichi-refused, riichi-tsumogiri, deposit, dora-timing, no-win, no-yaku, not-complete, furiten, head-bump, no-draw, abortive-not-played, round-over, not-settled, unsupported) or a quoted reason";

/// What a `win` line says: the winner, the seat that dealt in (the winner for a tsumo),
/// fu, han (with its token's place), points and limit code.
struct WinHead<'t> {
    winner: Seat,
    from: Seat,
    fu: Option<u32>,
    han: Option<(Pos<'t>, u32)>,
    points: i32,
    limit: Limit,
}

/// A `win` line read by [`quick_win`]: its head (without the han's place), the han and its
/// token's offset in the line, and where the line ends (its `\n`).
struct QuickWin {
    head: WinHead<'static>,
    han: Option<(usize, u32)>,
    end: usize,
}

/// The rest of a `win` line from byte `at` of its line (`b`, the text from the line's
/// start) in its plain shape, ` A ron B 30fu 2han 2000 mangan` or ` A tsumo …` (one blank
/// before each token, plain digits of at most nine, a limit by name), up to the line's
/// `\n`, read as the general path reads it (a later token of a kind overrides an earlier
/// one). `None` for anything else (the general path then reads it, or says what is wrong).
fn quick_win(b: &[u8], at: usize) -> Option<QuickWin> {
    let seat = |c: u8| match c {
        b'A'..=b'D' => Some(Seat::ALL[usize::from(c - b'A')]),
        _ => None,
    };
    let (winner, from, mut at) = match b.get(at..at + 8)? {
        [b' ', w, b' ', b'r', b'o', b'n', b' ', f] => (seat(*w)?, seat(*f)?, at + 8),
        [b' ', w, b' ', b't', b's', b'u', b'm', b'o'] => (seat(*w)?, seat(*w)?, at + 8),
        _ => return None,
    };
    let (mut fu, mut han, mut points, mut limit) = (None, None, None, Limit::None);
    loop {
        match b.get(at) {
            Some(b'\n') => break,
            Some(b' ') => at += 1,
            _ => return None,
        }
        let start = at;
        let mut value = 0u32;
        while let Some(&c) = b.get(at)
            && c.is_ascii_digit()
        {
            if at - start >= 9 {
                return None;
            }
            value = value * 10 + u32::from(c - b'0');
            at += 1;
        }
        let digits = at - start;
        let word_start = at;
        while let Some(&c) = b.get(at)
            && c.is_ascii_lowercase()
        {
            at += 1;
        }
        match (digits, b.get(word_start..at)?) {
            (1.., b"fu") => fu = Some(value),
            (1.., b"han") => han = Some((start, value)),
            (1.., b"") => points = Some(i32::try_from(value).ok()?),
            (0, word) => limit = names::limit(std::str::from_utf8(word).ok()?)?,
            _ => return None,
        }
    }
    Some(QuickWin {
        head: WinHead {
            winner,
            from,
            fu: if fu.is_none() && limit == Limit::None {
                return None;
            } else {
                fu
            },
            han: None,
            points: points?,
            limit,
        },
        han,
        end: at,
    })
}

/// What [`quick_lines`] read.
struct QuickLines {
    /// Move lines read whole, the start of the last of them, and where the next line starts.
    lines: u32,
    last: usize,
    next: usize,
    /// For a move line at `next` that [`quick_moves`] left unfinished: its seat, where it
    /// stopped and whether it read a move; `None` when the line at `next` is no move line.
    stop: Option<(Seat, usize, bool)>,
}

/// Reads the move lines that start at byte `start` of `text`, one after another, as long as
/// [`quick_moves`] reads each whole: the round's run of plain turns in one loop, without a
/// return to the line dispatch for each line. The caller has checked that the first line
/// is a move line and that its moves may go to [`quick_moves`] (moves never change that).
#[inline(never)]
fn quick_lines(table: &mut Table, log: &mut GameLog, text: &str, mut start: usize) -> QuickLines {
    let b = text.as_bytes();
    let (mut lines, mut last) = (0u32, start);
    while let Some(&[c @ b'A'..=b'D', b' ']) = b.get(start..start + 2) {
        let seat = Seat::ALL[usize::from(c - b'A')];
        // The commonest line, a draw and a discard (`A 5m 9s`, `A 5m *`), read at fixed
        // places; as `quick_moves` reads it, which takes anything else.
        if let Some(&[d1, l1, b' ', x, y, z]) = b.get(start + 2..start + 8)
            && !table.need_discard[seat.index() & 3]
            && let Some(q1) = quick_code(d1, l1)
        {
            let turn = if x == b'*' && y == b'\n' {
                Some(7)
            } else if z == b'\n' {
                quick_code(x, y).map(|_| 8)
            } else {
                None
            };
            if let Some(len) = turn
                && let Some(drawn) = table.quick_draw(seat, q1)
            {
                log.push_draw_tile(seat, drawn);
                let discard = if len == 7 {
                    Some(drawn)
                } else {
                    quick_code(x, y).and_then(|q2| {
                        let kind = usize::from(q2 & !lex::RED);
                        table.quick_held(seat, kind, q2 & lex::RED != 0, Some(drawn))
                    })
                };
                let Some(tile) = discard else {
                    // Drawn; the discard is the general path's.
                    return QuickLines {
                        lines,
                        last,
                        next: start,
                        stop: Some((seat, start + 5, true)),
                    };
                };
                table.discard(seat, tile);
                log.push_discard(seat, tile, tile == drawn);
                lines = lines.saturating_add(1);
                last = start;
                start += len;
                continue;
            }
        }
        let (end, read) = quick_moves(table, log, seat, text, start + 2);
        if !read || b.get(end) != Some(&b'\n') {
            return QuickLines {
                lines,
                last,
                next: start,
                stop: Some((seat, end, read)),
            };
        }
        lines = lines.saturating_add(1);
        last = start;
        start = end + 1;
    }
    QuickLines {
        lines,
        last,
        next: start,
        stop: None,
    }
}

/// The called tile, source and tiles from hand of a `pon` or `chi` (`kind`) in their
/// commonest shapes, `5z<A` (the tiles from hand by default) or `4m<D+23m`, without copy
/// marks and followed by one blank or the line's end: the meld the general path reads and
/// the token's length. `None` for anything else (the general path then reads it, or says
/// what is wrong).
fn quick_call(table: &Table, seat: Seat, kind: MeldKind, b: &[u8]) -> Option<(Meld, usize)> {
    let raw = |d: u8, letter: u8| -> Option<RawTile> {
        let suit = usize::from(lex::SUIT_CODE[usize::from(letter)]);
        let q = *lex::QUICK_KINDS.get(suit * 10 + usize::from(d.wrapping_sub(b'0')))?;
        (d.is_ascii_digit() && q != lex::NOT_A_TILE).then(|| RawTile {
            kind: TileKind::ALL[usize::from(q & !lex::RED)],
            red: q & lex::RED != 0,
            copy: None,
        })
    };
    let &[d, letter, b'<', from @ b'A'..=b'D', next, ..] = b else {
        return None;
    };
    let called = resolve_called(table, seat, raw(d, letter)?)?;
    let from = Seat::ALL[usize::from(from - b'A')];
    let (hand, len) = match next {
        b' ' | b'\n' if kind == MeldKind::Pon => {
            (default_call_hand(table, seat, called.kind(), 2)?, 4)
        }
        b'+' => {
            let &[d1, d2, letter, b' ' | b'\n'] = b.get(5..9)? else {
                return None;
            };
            let mut local = Taken::default();
            let mut hand: ArrayVec<Tile, 4> = ArrayVec::new();
            for d in [d1, d2] {
                let t = resolve_held_list(table, seat, raw(d, letter)?, &local)?;
                local.add(t);
                hand.push(t);
            }
            (hand, 8)
        }
        _ => return None,
    };
    let mut tiles = hand;
    tiles.insert(0, called);
    Some((
        new_meld(kind, &mut tiles, Some(called), None, Some(from))?,
        len,
    ))
}

fn set_once<T>(slot: &mut Option<T>, v: T, field: &'static str, at: Pos<'_>) -> R<()> {
    if slot.is_some() {
        return Err(at.err(ErrorKind::Duplicate { field }));
    }
    *slot = Some(v);
    Ok(())
}

fn string_at(p: Pos<'_>, token: &str) -> R<String> {
    lex::string(token).map_err(|(o, k)| shift(p, o).err(k))
}

fn seat_at(p: Pos<'_>, token: &str) -> R<Seat> {
    lex::seat(token).ok_or_else(|| p.err(expected("a seat letter A, B, C or D", token)))
}

fn comma_scores(p: Pos<'_>, v: &str) -> R<BySeat<i32>> {
    let mut out = [0i32; 4];
    let mut parts = v.split(',');
    for o in &mut out {
        let part = parts.next().unwrap_or("");
        *o = lex::int(part).ok_or_else(|| p.err(expected("four scores a,b,c,d", v)))?;
    }
    if parts.next().is_some() {
        return Err(p.err(expected("four scores a,b,c,d", v)));
    }
    Ok(BySeat::from_array(out))
}

fn not_held(p: Pos<'_>, seat: Seat, raw: RawTile) -> ReadError {
    p.err(ErrorKind::Inconsistent {
        detail: format!(
            "{} holds no {}{} and no copy of it is left",
            lex::seat_letter(seat),
            if raw.red { 0 } else { raw.kind.number() },
            raw.kind.suit().letter()
        ),
    })
}

/// A tile entering play, refusing a copy already in play.
fn enter_tile(table: &Table, p: Pos<'_>, raw: RawTile, hint: Option<Tile>) -> R<Tile> {
    // Fast path, as `resolve_enter` would choose: an unmarked tile that is the hint.
    if let Some(h) = hint
        && raw.copy.is_none()
        && !raw.red
        && crate::table::matches(raw, h)
        && table.unseen(h)
    {
        return Ok(h);
    }
    match table.resolve_enter(raw, hint) {
        Some(t) if table.unseen(t) => Ok(t),
        Some(t) => Err(p.err(ErrorKind::CopyInPlay {
            tile: t.kind().to_string(),
            copy: t.copy(),
        })),
        None => Err(p.err(no_copy_left(raw, table.red_fives))),
    }
}

/// Why no copy is left for an unmarked tile: a fifth copy, or, for a plain five in a game
/// with red fives, no plain copy (the one left, if any, is the red five, written `0`).
fn no_copy_left(raw: RawTile, red_fives: bool) -> ErrorKind {
    if red_fives && !raw.red && crate::table::is_five(raw.kind.index()) {
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

fn final_result(f: FinalDraft<'_>, at: Pos<'_>, block: &'static str) -> R<Option<FinalResult>> {
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

/// The tile a call takes: the last discard if it is the one written.
pub(crate) fn resolve_called(t: &Table, seat: Seat, raw: RawTile) -> Option<Tile> {
    pick_in(raw, t.last_discard, |x| !t.held_by(seat, x), t.red_fives)
}

/// The tiles a pon or kan takes from hand by default: the lowest `n` of `kind` held.
pub(crate) fn default_call_hand(
    t: &Table,
    seat: Seat,
    kind: TileKind,
    n: usize,
) -> Option<ArrayVec<Tile, 4>> {
    let v: ArrayVec<Tile, 4> = t.held_of(seat, kind).take(n).collect();
    (v.len() == n).then_some(v)
}

/// A tile of a list taken from `seat`'s hand, not already taken in `local`.
pub(crate) fn resolve_held_list(
    t: &Table,
    seat: Seat,
    raw: RawTile,
    local: &Taken,
) -> Option<Tile> {
    pick_in(
        raw,
        None,
        |x| t.held_by(seat, x) && !local.has(x),
        t.red_fives,
    )
    .or_else(|| pick_in(raw, None, |x| t.unseen(x) && !local.has(x), t.red_fives))
}

/// The kakan `seat` makes by adding `added` to its pon of that kind.
pub(crate) fn kakan_of(t: &Table, seat: Seat, added: Tile) -> Option<Meld> {
    let pon = t.melds[seat.index()]
        .iter()
        .find(|m| m.kind == MeldKind::Pon && m.base_kind() == added.kind())?;
    let mut tiles: ArrayVec<Tile, 4> = pon.tiles().iter().copied().collect();
    tiles.try_push(added).ok()?;
    new_meld(
        MeldKind::Kakan,
        &mut tiles,
        pon.called,
        Some(added),
        pon.from,
    )
}

/// The generic meld `{KIND TILES called=T added=T from=S}`.
fn generic_meld(p: Pos<'_>, token: &str, red_fives: bool) -> R<Meld> {
    let shape = "a meld {KIND TILES called=T added=T from=S}";
    let inner = token
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(|| p.err(expected(shape, token)))?;
    let ip = shift(p, 1);
    let mut cur = Cursor::new(inner);
    let (kc, kind_word) = cur
        .next_token()
        .ok_or_else(|| p.err(expected(shape, token)))?;
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
        shift(ip, kc).err(ErrorKind::UnknownKeyword {
            word: lex::shorten(kind_word),
            expected: "a meld kind: chi, pon, daiminkan, kakan, ankan, kita",
        })
    })?;
    let (tc, tiles_text) = cur
        .next_token()
        .ok_or_else(|| p.err(expected(shape, token)))?;
    let tp = shift(ip, tc);
    let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
    let mut local = Taken::default();
    lex::tiles(tiles_text, |raw, at| {
        let t = pick_in(raw, None, |x| !local.has(x), red_fives)
            .ok_or_else(|| shift(tp, at).err(no_copy_left(raw, red_fives)))?;
        local.add(t);
        tiles
            .try_push(t)
            .map_err(|_| shift(tp, at).err(expected("at most four tiles in a meld", tiles_text)))
    })
    .map_err(|e| match e {
        Ok((at, k)) => shift(tp, at).err(k),
        Err(e) => e,
    })?;
    let (mut called, mut added, mut from) = (None, None, None);
    while let Some((c, kv)) = cur.next_token() {
        let kp = shift(ip, c);
        let (k, v) = lex::key_value(kv)
            .ok_or_else(|| kp.err(expected("called=T, added=T or from=S", kv)))?;
        let vp = shift(kp, k.len() + 1);
        match k {
            "called" | "added" => {
                let raw = lex::one_tile(v).map_err(|(o, e)| shift(vp, o).err(e))?;
                let t = pick_in(raw, tiles.iter().copied(), |_| true, red_fives)
                    .ok_or_else(|| vp.err(expected("a tile", v)))?;
                if k == "called" {
                    called = Some(t);
                } else {
                    added = Some(t);
                }
            }
            "from" => from = Some(seat_at(vp, v)?),
            _ => {
                return Err(kp.err(ErrorKind::UnknownKeyword {
                    word: lex::shorten(k),
                    expected: "called, added or from",
                }));
            }
        }
    }
    new_meld(kind, &mut tiles, called, added, from).ok_or_else(|| p.err(expected(shape, token)))
}

/// A meld from its tiles, sorted first: `Meld` pads its unused slot with the first tile it
/// is given, and its equality sees the padding, so every parser must give the tiles in id
/// order (as the Tenhou reader does) for equal melds to compare equal.
pub(crate) fn new_meld(
    kind: MeldKind,
    tiles: &mut [Tile],
    called: Option<Tile>,
    added: Option<Tile>,
    from: Option<Seat>,
) -> Option<Meld> {
    tiles.sort_unstable();
    Meld::new(kind, tiles, called, added, from)
}
