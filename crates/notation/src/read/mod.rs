//! The reader: text in, [`GameLog`] out, in three parts.
//!
//! - This module, the block state machine: each line's first word and the block being built
//!   say which grammar reads it ([`word_blocks`]); what spans several lines (a round's setup,
//!   a win or a draw with its fields, the game's end) waits in [`Pending`] until the next
//!   line that is not one of its own.
//! - `syntax`: one parser per line kind, giving the line's [`syntax::Line`] (move lines
//!   move by move, [`syntax::one_move`]).
//! - `apply`: the one applier, which resolves each tile against the table and builds the
//!   log; every check against what came before is made there.

use arrayvec::ArrayVec;
use haifu_log::{
    ChipAward, ChipScores, DrawKind, Expectation, ExpectationKind, FinalResult, GameLog, Location,
    Mistake, NextRound, Player, RecordedDraw, RecordedHan, RecordedWin, RiichiStage, RoundStart,
    Tenths, UnknownAttribute,
};
use haifu_ruleset::{FIELDS, Preset, RuleSet, RuleSpec, override_text};
use haifu_tiles::{BySeat, HanSource, Limit, Meld, MeldKind, Seat, Tile, Wind, Yaku};

use crate::lex::{self, Cursor, RawTile, expected};
use crate::table::{
    Table, Taken, ankan_all, default_call_hand, kakan_of, known, new_meld, next_wall, pick_in,
    resolve_called, resolve_held_list, win_hand,
};
use crate::{Comment, ErrorKind, ReadError, SourceLines, names};

mod apply;
mod syntax;

use apply::*;
use syntax::WinHead;

const HEADER_WORDS: &str = "a header line: source, game, rules, seed, seed-ref, player, first-dealer, scores, unknown; or `round` to start the first round";
const BODY_WORDS: &str = "round, a seat letter A-D (a move line), `...`, win, draw, dora, expect, game-end, unknown or end";

/// A block a line is read in, as a bit (a line's word may belong to several): the header,
/// the body (a line that starts something), and the blocks whose lines it continues (a
/// round's setup, a win, a draw, the game's end).
type Block = u8;
const HEAD: Block = 1;
const BODY: Block = 2;
const SETUP: Block = 4;
const WIN: Block = 8;
const DRAW: Block = 16;
const END: Block = 32;

/// The blocks a line's word belongs to: the one statement of which block reads which line.
fn word_blocks(word: &str) -> Block {
    match word {
        "source" | "game" | "rules" | "seed" | "seed-ref" | "first-dealer" | "player" => HEAD,
        "scores" => HEAD | SETUP | WIN | DRAW,
        "unknown" => HEAD | BODY | SETUP | WIN | DRAW | END,
        "round" | "win" | "draw" | "expect" | "game-end" | "end" | "..." | "A" | "B" | "C"
        | "D" => BODY,
        "dora" => BODY | WIN,
        "hand" => SETUP | WIN,
        "shuffle" | "wall" => SETUP,
        "chips" => SETUP | WIN | DRAW,
        "pao" | "yaku" | "yakuman" | "ura" | "melds" | "agari" | "chip-awards" => WIN,
        "ba" | "deltas" | "ratio" | "final" => WIN | DRAW,
        "shown" => DRAW,
        "points" | "final-chips" => WIN | DRAW | END,
        _ => 0,
    }
}

/// The header lines a record has at most once, each by its bit in [`Reader::seen`].
const ONCE: [&str; 7] = [
    "source",
    "game",
    "rules",
    "seed",
    "seed-ref",
    "first-dealer",
    "scores",
];

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

    /// The error `kind` here, boxed: the reader's results stay small on the paths where
    /// nothing is wrong.
    #[cold]
    fn err(self, kind: ErrorKind) -> Box<ReadError> {
        Box::new(ReadError {
            location: Location {
                line: self.line,
                column: u32::try_from(self.col + 1).unwrap_or(u32::MAX),
            },
            kind,
            line_text: self.line_text().to_owned(),
        })
    }
}

/// The tiles of the tile-list token `token` at `p`, each given to `f` with its offset in the
/// token; a syntax error is placed within the token.
fn tiles_at(p: Pos<'_>, token: &str, f: impl FnMut(RawTile, usize) -> R<()>) -> R<()> {
    lex::tiles(token, f).map_err(|e| match e {
        Ok((at, k)) => shift(p, at).err(k),
        Err(e) => e,
    })
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
    Win(Box<Outcome<'t, WinHead>>),
    Draw(Box<Outcome<'t, DrawKind>>),
    End(Box<Outcome<'t, ()>>),
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
    /// The header lines seen of those a record has at most once, by their place in [`ONCE`].
    seen: u32,
    /// Per seat, its first discard this round of a tile it did not hold (a win whose default
    /// hand that leaves too big is reported there).
    unheld_discard: [Option<(Pos<'t>, Tile)>; 4],
    /// The last line with content: its number and where it starts in the text. (Not a
    /// `Pos`: copying one per line stalled on the store of the `Pos` just built.)
    last_content: (u32, usize),
}

type R<T> = Result<T, Box<ReadError>>;

impl<'t, 'l> Reader<'t, 'l> {
    pub(crate) fn new(
        text: &'t str,
        log: &'l mut GameLog,
        comments: Option<&'l mut Vec<Comment>>,
        walls: &'l mut dyn haifu_log::WallSource,
    ) -> Reader<'t, 'l> {
        Reader {
            // A byte-order mark (as some editors save UTF-8) is not part of the first line.
            text: text.strip_prefix('\u{feff}').unwrap_or(text),
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
            unheld_discard: [None; 4],
            last_content: (0, 0),
        }
    }

    pub(crate) fn run(mut self) -> R<()> {
        let text = self.text;
        let mut line_no = 0u32;
        let mut start = 0;
        while start <= text.len() {
            line_no = line_no.saturating_add(1);
            let rest = text.get(start..).unwrap_or("");
            let pos = Pos {
                line: line_no,
                col: 0,
                text: rest,
            };
            // Comments are found by the tokenizer (`#` outside quotes ends a line); their text
            // is only taken when the caller keeps comments.
            let mut cur = Cursor::new(rest);
            if self.comments.is_some()
                && let Some(comment) = cur.comment()
            {
                self.waiting_comments.push(comment);
            }
            if let Some((col, word)) = cur.next_token() {
                self.last_content = (line_no, start);
                self.line(col, word, &mut cur, pos)?;
                self.note_lines(line_no);
            }
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
                text,
            }
            .err(ErrorKind::Empty)),
            _ => {
                // At the end of the last line with content.
                let (line, start) = self.last_content;
                let text = text.get(start..).unwrap_or("");
                let col = lex::first_line(text).trim_end().len();
                let expected = self.truncated();
                Err(Pos { line, col, text }.err(ErrorKind::Truncated { expected }))
            }
        }
    }

    /// What a record that ends before `end` still lacks, by what is being built.
    fn truncated(&self) -> &'static str {
        match &self.pending {
            Pending::Win(w) if w.f.deltas.is_none() => {
                "the rest of this win (its `deltas` line) and `end`"
            }
            Pending::Draw(d) if d.f.deltas.is_none() => {
                "the rest of this draw (its `deltas` line) and `end`"
            }
            Pending::Setup(_) => "the rest of this round and `end`",
            Pending::None | Pending::End(_) if self.table.open => {
                "the rest of this round (more moves or an outcome) and `end`"
            }
            _ => "more rounds or `end`, the last line of a record",
        }
    }

    /// Asks for the line of each event (see [`Reader::note_lines`]).
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
                syntax::format_line(*cur).map_err(|e| line_error(pos, e))?;
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
                let blocks = word_blocks(word);
                if blocks & (HEAD | BODY) == 0 {
                    return Err(wpos.err(lex::unknown(word, HEADER_WORDS)));
                } else if blocks & HEAD == 0 {
                    self.stage = Stage::Body;
                    return self.body_line(word, wpos, cur, pos);
                }
                if let Some(i) = ONCE.iter().position(|&w| w == word) {
                    if self.seen & (1 << i) != 0 {
                        return Err(wpos.err(ErrorKind::Duplicate { field: ONCE[i] }));
                    }
                    self.seen |= 1 << i;
                }
                self.read_line(HEAD, word, wpos, cur, pos)?;
                self.place_comments();
                Ok(())
            }
            Stage::Body => self.body_line(word, wpos, cur, pos),
        }
    }

    /// A line of the body: a move line, a line of the block being built, or a line that
    /// completes it and starts something.
    fn body_line(
        &mut self,
        word: &'t str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        // A move line, most of a record, before any look-up.
        if let &[c @ b'A'..=b'D'] = word.as_bytes() {
            self.flush()?;
            self.place_comments();
            return self.moves(Seat::ALL[usize::from(c - b'A')], cur, pos);
        }
        let blocks = word_blocks(word);
        // Continuation lines of what is pending.
        let ctx = match &self.pending {
            Pending::None => 0,
            Pending::Setup(_) => SETUP,
            Pending::Win(_) => WIN,
            Pending::Draw(_) => DRAW,
            Pending::End(_) => END,
        };
        if blocks & ctx != 0 {
            self.place_comments();
            return self.read_line(ctx, word, wpos, cur, pos);
        }
        self.flush()?;
        self.place_comments();
        if blocks & BODY == 0 {
            let out_of_place = |detail| {
                wpos.err(ErrorKind::OutOfPlace {
                    what: word.to_owned(),
                    detail,
                })
            };
            return Err(if blocks & (HEAD | SETUP) == HEAD {
                out_of_place("header lines come before the first round")
            } else if blocks & SETUP != 0 {
                out_of_place("round setup lines follow a `round` line, before the first move")
            } else if blocks != 0 {
                out_of_place("outcome lines follow their `win`, `draw` or `game-end` line")
            } else {
                wpos.err(lex::unknown(word, BODY_WORDS))
            });
        }
        // The lines that need a round (a `win` may follow another, a double ron).
        match word {
            "win" if !self.table.open && !self.table.after_win => self.require_round(word, wpos)?,
            "draw" | "dora" | "..." => self.require_round(word, wpos)?,
            "expect" if !self.table.started => {
                return Err(wpos.err(ErrorKind::OutOfPlace {
                    what: "expect".to_owned(),
                    detail: "expectations are stated inside the game, after a `round` line",
                }));
            }
            _ => {}
        }
        self.read_line(BODY, word, wpos, cur, pos)
    }

    /// Reads the rest of the line from `cur` by the grammar of `word` in block `ctx`, applies
    /// it, then checks the line's end.
    fn read_line(
        &mut self,
        ctx: Block,
        word: &str,
        wpos: Pos<'t>,
        cur: &mut Cursor<'t>,
        pos: Pos<'t>,
    ) -> R<()> {
        let (rest, line) = syntax::line(ctx, word, *cur).map_err(|e| line_error(pos, e))?;
        self.apply(line, wpos, pos)?;
        *cur = rest;
        crate::grammar::end_of_line(rest).map_err(|e| line_error(pos, e))?;
        Ok(())
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

    /// Completes what is pending. Its events belong to its block's first line (a round's
    /// setup, an outcome).
    fn flush(&mut self) -> R<()> {
        let head = match &self.pending {
            Pending::None => return Ok(()),
            Pending::Setup(s) => s.at.line,
            Pending::Win(w) => w.at.line,
            Pending::Draw(d) => d.at.line,
            Pending::End(e) => e.at.line,
        };
        let flushed = match std::mem::replace(&mut self.pending, Pending::None) {
            Pending::None => Ok(()),
            Pending::Setup(s) => self.flush_setup(*s),
            Pending::Win(w) => self.flush_win(*w),
            Pending::Draw(d) => self.flush_draw(*d),
            Pending::End(e) => {
                let fin = final_result(&e.f, e.at, "game-end")?.ok_or_else(|| {
                    e.at.err(ErrorKind::MissingField {
                        block: "game-end",
                        field: "points",
                        expected: "four placement points",
                    })
                })?;
                self.log.push_game_end(fin);
                Ok(())
            }
        };
        self.note_lines(head);
        flushed
    }
}

fn set_once<T>(slot: &mut Option<T>, v: T, field: &'static str, at: Pos<'_>) -> R<()> {
    if slot.is_some() {
        return Err(at.err(ErrorKind::Duplicate { field }));
    }
    *slot = Some(v);
    Ok(())
}

/// A grammar error of the line at `pos`, located.
fn line_error(pos: Pos<'_>, e: nom::Err<crate::grammar::LineError>) -> Box<ReadError> {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => shift(pos, e.col).err(e.kind),
        nom::Err::Incomplete(_) => pos.err(ErrorKind::EndOfLine {
            expected: "more of the line",
        }),
    }
}

fn string_at(p: Pos<'_>, token: &str) -> R<String> {
    lex::string(token).map_err(|(o, k)| shift(p, o).err(k))
}

/// Four scores written `a,b,c,d`.
fn comma_scores_at(v: &str) -> Result<BySeat<i32>, ErrorKind> {
    let mut out = [0i32; 4];
    let mut parts = v.split(',');
    for o in &mut out {
        let part = parts.next().unwrap_or("");
        *o = lex::int(part).ok_or_else(|| expected("four scores a,b,c,d", v))?;
    }
    if parts.next().is_some() {
        return Err(expected("four scores a,b,c,d", v));
    }
    Ok(BySeat::from_array(out))
}
