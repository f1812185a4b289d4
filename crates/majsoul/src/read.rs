//! The reader: a record's JSON into [`GameLog`] events.

// The input, for locations, and a JSON object with its fields raw: haifu-log's, shared by
// the JSON readers.
use haifu_log::json::{JsonObject as Obj, JsonSource as Ctx};
use std::fmt::Write as _;

use arrayvec::ArrayVec;
use haifu_log::{
    DrawKind, EndRecord, FinalResult, GameLog, Location, ParseError, ParseErrorKind, Player,
    RecordedDraw, RecordedHan, RecordedWin, RiichiStage, RoundStart, SourcePositions, Tenths,
    UnknownAttribute, YakuOrder,
};
use haifu_tiles::{
    BySeat, CopyPool, HanSource, Limit, Meld, MeldKind, Quoted, Seat, Suit, Tile, TileKind, Wind,
    Yaku,
};
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

use crate::FORMAT;
use crate::rules;

/// Reads one Mahjong Soul record into `log`, which is cleared first and whose allocations
/// are reused.
///
/// It considers `head` (`uuid`, `config.category`, `config.mode.mode` and
/// `config.mode.detail_rule`, `accounts[].seat` and `nickname`, `result.players[]`) and the
/// records of every round: `RecordNewRound` (`chang`, `ju`, `ben`, `liqibang`, `scores`,
/// `tiles0`–`tiles3`, `doras`, `paishan` with `sha256` and `salt`), `RecordDealTile`,
/// `RecordDiscardTile` (`is_liqi`, `is_wliqi`, `moqie`), `RecordChiPengGang`,
/// `RecordAnGangAddGang`, `RecordBaBei`, `RecordHule`, `RecordNoTile` and `RecordLiuJu`, with
/// the `liqi` (a riichi deposit taken) and `doras` (the indicators, a new one when longer)
/// they carry. It ignores what the referee does not rule on: the client's hints (`zhenting`,
/// `tingpais`, `operation`), timing, avatars, `left_tile_count`, a round's `md5` (not
/// checked), `point_sum` and `dadian`. A `detail_rule` field it does not know is kept in
/// [`GameLog::unknown`].
///
/// It checks what a reader can: the JSON's syntax and types, tile codes, copies (no fifth,
/// no second red five of a suit), that each discard, call and kan uses tiles the seat holds,
/// that each call answers the last discard, that each win's and each shown hand is the hand
/// the seat holds, and that a whole wall matches its SHA-256 commitment. It never judges
/// whether an action was legal: the referee does.
///
/// The rule set is declared on [`haifu_log::Header::declared`], on the `mahjong-soul`
/// preset: the ranked rooms as the preset (East or South, four or three players), a custom
/// game with its `detail_rule` mapped switch by switch. A switch that has no rule point, set
/// away from the standard game, leaves the rules undeclared
/// ([`haifu_ruleset::Declared::Undeclared`]) rather than guessed.
///
/// # Errors
///
/// A [`ParseError`] located at the line and column in the JSON of the element at fault,
/// naming it (`data.data.actions[12] RecordDiscardTile.tile`) and what was expected.
pub fn read(input: &[u8], log: &mut GameLog) -> Result<(), ParseError> {
    read_noting(input, log, None)
}

/// Like [`read`], and notes where each event was written: `positions.offsets[i]` is the byte
/// offset in `input` of the item event `i` comes from ([`SourcePositions::place`] gives its
/// line and column).
///
/// # Errors
///
/// As [`read`].
pub fn read_with_positions(
    input: &[u8],
    log: &mut GameLog,
    positions: &mut SourcePositions,
) -> Result<(), ParseError> {
    positions.clear();
    read_noting(input, log, Some(&mut positions.offsets))
}

fn read_noting(
    input: &[u8],
    log: &mut GameLog,
    mut offsets: Option<&mut Vec<usize>>,
) -> Result<(), ParseError> {
    log.clear();
    let text = ParseError::text_of(input)?;
    ParseError::json_nesting(text)?;
    let ctx = Ctx { input: text };
    let root: &RawValue = serde_json::from_str(text)
        .map_err(|e| ParseError::from_json(ctx.input, 0, &e, "the record"))?;
    let root = Obj::new(&ctx, root, String::new()).map_err(|_| {
        ParseError::new(
            Location::of_offset(input, 0),
            ParseErrorKind::NotTheFormat {
                format: FORMAT,
                detail: "it is not a JSON object".to_owned(),
            },
        )
    })?;
    let Some(head) = root.obj(&ctx, "head")? else {
        return Err(ParseError::new(
            Location::of_offset(input, 0),
            ParseErrorKind::NotTheFormat {
                format: FORMAT,
                detail: "it has no `head` object".to_owned(),
            },
        ));
    };
    let mut reader = Reader {
        ctx,
        log,
        players: 4,
        red: [true; 3],
        round: None,
        last_outcome: None,
        scores: [0; 4],
    };
    reader.header(&head)?;
    let records = records(&reader.ctx, &root)?;
    // A round's start is pushed once its first action is read: it is placed at its
    // RecordNewRound all the same.
    let mut new_round_at = 0;
    for record in &records {
        reader.record(record)?;
        if let Some(out) = offsets.as_deref_mut() {
            let at = (record.obj.raw.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
            if record.name == "RecordNewRound" {
                new_round_at = at;
            }
            for i in out.len()..reader.log.len() {
                let start = matches!(reader.log.event(i), Some(haifu_log::Event::RoundStart(_)));
                out.push(if start { new_round_at } else { at });
            }
        }
    }
    if let Some(round) = &reader.round
        && !round.ended
    {
        return Err(ParseError::new(
            Location::of_offset(input, input.len()),
            ParseErrorKind::Truncated {
                expected: "the end of the last round (a RecordHule, RecordNoTile or RecordLiuJu)"
                    .to_owned(),
            },
        ));
    }
    if reader.log.round_starts().is_empty() {
        return Err(ParseError::new(
            Location::of_offset(input, input.len()),
            ParseErrorKind::Truncated {
                expected: "a round (RecordNewRound)".to_owned(),
            },
        ));
    }
    reader.final_result(&head)
}

/// What a Mahjong Soul record's objects hold beyond plain JSON: seats and tile codes.
trait RecordFields<'a> {
    /// Field `key` as a seat among `players`.
    fn seat(&self, ctx: &Ctx<'a>, key: &str, players: u8) -> Result<Seat, ParseError>;
    /// Field `key` as a list of tile codes, each with its raw text.
    fn tiles(&self, ctx: &Ctx<'a>, key: &str) -> Result<Vec<(Face, &'a str)>, ParseError>;
    /// Field `key` as a tile code.
    fn tile(&self, ctx: &Ctx<'a>, key: &str) -> Result<Face, ParseError>;
}

impl<'a> RecordFields<'a> for Obj<'a> {
    fn seat(&self, ctx: &Ctx<'a>, key: &str, players: u8) -> Result<Seat, ParseError> {
        let n: i64 = self.req(ctx, key, "a seat number")?;
        u8::try_from(n)
            .ok()
            .filter(|n| *n < players)
            .and_then(Seat::new)
            .ok_or_else(|| self.err(ctx, key, format!("seat {n}: expected 0..{}", players - 1)))
    }

    /// A list of tile codes, each with its raw text.
    fn tiles(&self, ctx: &Ctx<'a>, key: &str) -> Result<Vec<(Face, &'a str)>, ParseError> {
        let Some(raw) = self.raw(key) else {
            return Ok(Vec::new());
        };
        let path = self.path_of(key);
        let items: Vec<&'a RawValue> = ctx.parse(raw, &path)?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let code: &str = ctx.parse(item, &format!("{path}[{i}]"))?;
                face(code).map(|f| (f, item.get())).ok_or_else(|| {
                    ctx.err(
                        item.get(),
                        &format!("{path}[{i}]"),
                        format!("{}: {TILE_CODES}", Quoted(code)),
                    )
                })
            })
            .collect()
    }

    fn tile(&self, ctx: &Ctx<'a>, key: &str) -> Result<Face, ParseError> {
        let code: &str = self.req(ctx, key, "a tile code")?;
        face(code).ok_or_else(|| self.err(ctx, key, format!("{}: {TILE_CODES}", Quoted(code))))
    }
}

const TILE_CODES: &str =
    "expected a tile code: 1m–9m, 1p–9p, 1s–9s (0m, 0p, 0s the red fives) or 1z–7z";

/// One record: its name and its fields.
struct Record<'a> {
    name: &'a str,
    obj: Obj<'a>,
}

/// A record's name under the first of `keys` it has: exporters tag records `_type` or
/// `__type` (the platform's own records), and the action layout names them `name`.
fn record_name<'a>(ctx: &Ctx<'a>, obj: &Obj<'a>, keys: &[&str]) -> Result<&'a str, ParseError> {
    let key = keys
        .iter()
        .copied()
        .find(|k| obj.raw(k).is_some())
        .unwrap_or(keys[0]);
    let expected = format!(
        "the record's name under `{}`, such as RecordDealTile",
        keys.join("` or `")
    );
    obj.req(ctx, key, &expected)
}

/// The records of the rounds, in order, from either layout.
/// A record's name as a message's path shows it: whole, or quoted and cut when it is longer
/// than a message quotes.
fn path_name(name: &str) -> String {
    if name.chars().nth(haifu_tiles::QUOTE_WINDOW).is_some() {
        Quoted(name).to_string()
    } else {
        name.to_owned()
    }
}

fn records<'a>(ctx: &Ctx<'a>, root: &Obj<'a>) -> Result<Vec<Record<'a>>, ParseError> {
    let mut out = Vec::new();
    if let Some(list) = root.raw("records") {
        let items: Vec<&'a RawValue> = ctx.parse(list, "records")?;
        for (i, item) in items.iter().enumerate() {
            let obj = Obj::new(ctx, item, format!("records[{i}]"))?;
            let name = record_name(ctx, &obj, &["_type", "__type"])?;
            let obj = Obj {
                path: format!("records[{i}] {}", path_name(name)),
                ..obj
            };
            out.push(Record { name, obj });
        }
        return Ok(out);
    }
    let Some(data) = root.obj(ctx, "data")? else {
        return Err(ctx.err(
            root.raw,
            "the record",
            "neither `records` nor `data`: expected the rounds' records".to_owned(),
        ));
    };
    let Some(inner) = data.obj(ctx, "data")? else {
        return Err(data.err(
            ctx,
            "data",
            "missing: expected the GameDetailRecords object",
        ));
    };
    let (key, wrapped) = if inner.raw("actions").is_some() {
        ("actions", true)
    } else {
        ("records", false)
    };
    let list: Vec<&'a RawValue> = inner.req(ctx, key, "the list of actions or records")?;
    for (i, item) in list.iter().enumerate() {
        let path = format!("data.data.{key}[{i}]");
        let obj = Obj::new(ctx, item, path.clone())?;
        let holder = if wrapped {
            // Actions of type 1 hold a record; the others are user inputs and events.
            let kind: i64 = obj.req(ctx, "type", "the action's type")?;
            if kind != 1 {
                continue;
            }
            match obj.obj(ctx, "result")? {
                Some(r) => r,
                None => {
                    return Err(obj.err(ctx, "result", "missing: expected the action's record"));
                }
            }
        } else {
            obj
        };
        let name = record_name(ctx, &holder, &["name", "_type", "__type"])?;
        let name = name.strip_prefix(".lq.").unwrap_or(name);
        let Some(body) = holder.obj(ctx, "data")? else {
            return Err(holder.err(ctx, "data", "missing: expected the record's fields"));
        };
        let body = Obj {
            path: format!("{path} {}", path_name(name)),
            ..body
        };
        out.push(Record { name, obj: body });
    }
    Ok(out)
}

/// A tile as written: its kind and whether it is written as a red five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Face {
    kind: TileKind,
    red: bool,
}

impl std::fmt::Display for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.red {
            write!(f, "0{}", self.kind.suit().letter())
        } else {
            write!(f, "{}", self.kind)
        }
    }
}

/// `1m`…`9m`, `0m` (red), likewise `p` and `s`, `1z`…`7z`.
fn face(code: &str) -> Option<Face> {
    let b = code.as_bytes();
    let [digit, letter] = b else {
        return None;
    };
    let suit = match letter {
        b'm' => Suit::Manzu,
        b'p' => Suit::Pinzu,
        b's' => Suit::Souzu,
        b'z' => Suit::Jihai,
        _ => return None,
    };
    let n = digit.checked_sub(b'0')?;
    let (number, red) = match (n, suit) {
        (0, Suit::Jihai) => return None,
        (0, _) => (5, true),
        (n, _) => (n, false),
    };
    TileKind::from_suit_number(suit, number).map(|kind| Face { kind, red })
}

fn suit_index(kind: TileKind) -> Option<usize> {
    match kind.suit() {
        Suit::Manzu => Some(0),
        Suit::Pinzu => Some(1),
        Suit::Souzu => Some(2),
        Suit::Jihai => None,
    }
}

/// The copies of each kind taken: [`CopyPool`]'s rule, with the kinds a three-player game
/// does not play refused.
#[derive(Clone)]
struct Pool {
    copies: CopyPool,
    /// The suits (man, pin, sou) with a red five.
    red: [bool; 3],
    /// A three-player game: no 2m–8m.
    sanma: bool,
}

impl Pool {
    fn new(red: [bool; 3], sanma: bool) -> Pool {
        Pool {
            copies: CopyPool::with_red_fives(red),
            red,
            sanma,
        }
    }

    fn is_used(&self, tile: Tile) -> bool {
        self.copies.is_taken(tile)
    }

    fn mark(&mut self, tile: Tile) {
        self.copies.mark(tile);
    }

    /// The copy of `face` by [`CopyPool`]'s rule, skipping those in `reserved`.
    fn take(&mut self, face: Face, reserved: Option<&Pool>) -> Result<Tile, String> {
        let kind = face.kind;
        if self.sanma && kind.suit() == Suit::Manzu && (2..=8).contains(&kind.number()) {
            return Err("2m–8m are not played with three players".to_owned());
        }
        self.copies
            .take_avoiding(kind, face.red, reserved.map(|r| &r.copies))
            .map_err(|e| format!("{e} in the round"))
    }
}

/// A round's stated wall: the wall (its tiles given their copies in wall order, in the one
/// layout of [`haifu_log::Wall`]) and each place's face.
struct StatedWall {
    wall: haifu_log::Wall,
    faces: Vec<Face>,
    /// The copies the wall holds (for a wall after the deal, the dealt tiles take the others).
    pool: Pool,
}

impl StatedWall {
    /// Whether it holds the deal (the whole wall) or starts after it.
    fn whole(&self) -> bool {
        self.wall.deal() == haifu_log::Deal::Stated
    }

    /// The tile and face at `place`.
    fn at(&self, place: usize) -> Option<(Tile, Face)> {
        Some((*self.wall.tiles().get(place)?, *self.faces.get(place)?))
    }

    /// The place of the `j`-th tile a seat `offset` places after the dealer lists in its
    /// starting hand: 13 dealt tiles, and for the dealer the first draw.
    fn deal_place(&self, offset: usize, j: usize) -> Option<usize> {
        match j {
            0..13 => self.wall.deal_place(offset, j),
            _ => self.wall.live_place(0).filter(|_| self.whole()),
        }
    }
}

#[derive(Clone, Copy)]
enum Outcome {
    Win(usize),
    Draw(usize),
}

/// What the table holds during a round.
struct Round {
    dealer: Seat,
    round_wind: Wind,
    honba: u32,
    sticks: u32,
    wall: Option<StatedWall>,
    pool: Pool,
    hands: [Vec<Tile>; 4],
    melds: [ArrayVec<Meld, 4>; 4],
    drawn: [Option<Tile>; 4],
    live: usize,
    rinshan: usize,
    /// The next draw is a replacement draw (after a kan or kita).
    rinshan_next: bool,
    indicators: ArrayVec<Tile, 5>,
    ura: ArrayVec<Tile, 5>,
    last_discard: Option<(Seat, Tile)>,
    /// The last kan's or kita's tile, until the next discard: a ron may rob it.
    robbable: Option<(Seat, Tile)>,
    /// Riichi deposits taken in the round.
    deposits: u32,
    /// Whether the round has its outcome.
    ended: bool,
    /// The round's start and the dealer's 14 dealt tiles, until the round's first record says
    /// which of them is the dealer's first draw.
    pending: Option<(RoundStart, Vec<Tile>)>,
}

impl Round {
    /// The riichi sticks on the table at the round's end: those it started with and those
    /// deposited in it.
    fn sticks_on_table(&self) -> Result<u32, String> {
        self.sticks
            .checked_add(self.deposits)
            .ok_or_else(|| too_big(self.sticks.into(), self.deposits.into()))
    }

    /// Takes a tile entering play from wall place `place` (when the wall states it): the
    /// wall's copy there when the tile is the one there, else the first free copy.
    fn enter(&mut self, face: Face, place: Option<usize>) -> Result<Tile, String> {
        if let (Some(wall), Some(p)) = (&self.wall, place)
            && let Some((tile, f)) = wall.at(p)
            && f == face
            && !self.pool.is_used(tile)
        {
            self.pool.mark(tile);
            return Ok(tile);
        }
        self.pool.take(face, None)
    }

    /// A tile of `face` the seat holds: the drawn tile when `drawn_first` and it fits, else
    /// the lowest other copy, else the drawn tile.
    fn held(&self, seat: Seat, face: Face, drawn_first: bool) -> Option<Tile> {
        let i = seat.index();
        let fits = |t: &Tile| t.kind() == face.kind && is_red(t, &self.pool.red) == face.red;
        let drawn = self.drawn[i].filter(fits);
        if drawn_first && drawn.is_some() {
            return drawn;
        }
        self.hands[i]
            .iter()
            .copied()
            .filter(|t| fits(t) && Some(*t) != self.drawn[i])
            .min()
            .or(drawn)
    }

    fn remove(&mut self, seat: Seat, tile: Tile) {
        let i = seat.index();
        if let Some(p) = self.hands[i].iter().position(|t| *t == tile) {
            self.hands[i].swap_remove(p);
        }
        if self.drawn[i] == Some(tile) {
            self.drawn[i] = None;
        }
    }
}

/// Whether `tile` is a red five under these red fives (copy 0 of a five is a plain five in a
/// suit without one).
fn is_red(tile: &Tile, red: &[bool; 3]) -> bool {
    tile.is_red_five() && suit_index(tile.kind()).is_some_and(|s| red[s])
}

fn face_of(tile: Tile, red: &[bool; 3]) -> Face {
    Face {
        kind: tile.kind(),
        red: is_red(&tile, red),
    }
}

struct Reader<'i, 'l> {
    ctx: Ctx<'i>,
    log: &'l mut GameLog,
    players: u8,
    red: [bool; 3],
    round: Option<Round>,
    last_outcome: Option<Outcome>,
    /// The scores as the table goes (riichi deposits taken).
    scores: [i32; 4],
}

impl<'i> Reader<'i, '_> {
    /// The input, copied out so that `self` stays free to borrow mutably.
    fn ctx(&self) -> Ctx<'i> {
        self.ctx
    }

    fn header(&mut self, head: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let header = &mut self.log.header;
        header.format = "majsoul".to_owned();
        header.yaku_order = YakuOrder::Exporter;
        header.first_dealer = Some(Seat::ALL[0]);
        header.game_id = head.opt::<String>(ctx, "uuid")?;
        header.end_record = if head.raw("result").is_some() {
            EndRecord::Always
        } else {
            EndRecord::Optional
        };
        let Some(config) = head.obj(ctx, "config")? else {
            return Err(head.err(ctx, "config", "missing: expected the game's configuration"));
        };
        let category: Option<i64> = config.opt(ctx, "category")?;
        let Some(mode) = config.obj(ctx, "mode")? else {
            return Err(config.err(ctx, "mode", "missing: expected the game's mode"));
        };
        let mode_number: i64 = mode.req(ctx, "mode", "the mode number")?;
        let mut detail: Vec<(&str, serde_json::Value)> = Vec::new();
        let detail_obj = mode.obj(ctx, "detail_rule")?;
        if let Some(d) = &detail_obj {
            for (key, raw) in &d.fields {
                let value: serde_json::Value = ctx.parse(raw, &d.path_of(key))?;
                detail.push((key, value));
            }
        }
        let declared = rules::declared(mode_number, &detail, category).map_err(|bad| {
            match (&detail_obj, bad.key.as_str()) {
                (_, "mode") => mode.err(ctx, "mode", bad.expected),
                (Some(d), key) => d.err(ctx, key, bad.expected),
                (None, key) => mode.err(ctx, key, bad.expected),
            }
        })?;
        self.players = declared.players;
        self.red = declared.red;
        header.declared = declared.declared;
        if declared.players == 3 {
            // Tenhou's sanma bit: the replay reads the player count from it.
            header.rules.go_type |= 0x10;
        }
        for (name, value) in declared.unknown {
            self.log.unknown.push(UnknownAttribute {
                event: None,
                element: "head.config.mode.detail_rule".to_owned(),
                name,
                value,
            });
        }
        if let Some(raw) = head.raw("accounts") {
            let list: Vec<&'i RawValue> = ctx.parse(raw, "head.accounts")?;
            for (i, item) in list.iter().enumerate() {
                let account = Obj::new(ctx, item, format!("head.accounts[{i}]"))?;
                let seat: i64 = account.opt(ctx, "seat")?.unwrap_or(0);
                let seat = u8::try_from(seat)
                    .ok()
                    .filter(|s| *s < self.players)
                    .and_then(Seat::new)
                    .ok_or_else(|| {
                        account.err(
                            ctx,
                            "seat",
                            format!("seat {seat}: expected 0..{}", self.players - 1),
                        )
                    })?;
                let name: String = account.opt(ctx, "nickname")?.unwrap_or_default();
                self.log.header.players[seat] = Player {
                    name,
                    ..Player::default()
                };
            }
        }
        Ok(())
    }

    fn final_result(&mut self, head: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let Some(result) = head.obj(ctx, "result")? else {
            return Ok(());
        };
        let list: Vec<&'i RawValue> =
            result.req(ctx, "players", "each seat's final score and points")?;
        let mut scores = BySeat::from_array([0; 4]);
        let mut points = BySeat::from_array([Tenths(0); 4]);
        let mut seen = 0u8;
        for (i, item) in list.iter().enumerate() {
            let p = Obj::new(ctx, item, format!("head.result.players[{i}]"))?;
            let seat = p.seat(ctx, "seat", self.players)?;
            let score: i32 = p.req(ctx, "part_point_1", "the final score")?;
            let total: i64 = p.req(ctx, "total_point", "the final points in thousandths")?;
            if total % 100 != 0 {
                return Err(p.err(
                    ctx,
                    "total_point",
                    format!("{total}: expected thousandths of a point in whole tenths (a multiple of 100)"),
                ));
            }
            let tenths = i32::try_from(total / 100)
                .map_err(|_| p.err(ctx, "total_point", format!("{total}: out of range")))?;
            scores[seat] = score;
            points[seat] = Tenths(tenths);
            seen |= 1 << seat.index();
        }
        if seen.count_ones() != u32::from(self.players) {
            return Err(ctx.err(
                result.raw,
                "head.result.players",
                format!(
                    "results for {} seats: expected one for each of the {} seats",
                    seen.count_ones(),
                    self.players
                ),
            ));
        }
        let end = FinalResult {
            scores,
            points,
            chips: None,
        };
        match self.last_outcome {
            Some(Outcome::Win(i)) => self.log.set_final_result(Some(i), None, end),
            Some(Outcome::Draw(i)) => self.log.set_final_result(None, Some(i), end),
            None => {}
        }
        Ok(())
    }

    fn record(&mut self, record: &Record<'i>) -> Result<(), ParseError> {
        let obj = &record.obj;
        if record.name == "RecordNewRound" {
            return self.new_round(obj);
        }
        const KNOWN: &str = "RecordNewRound, RecordDealTile, RecordDiscardTile, RecordChiPengGang, RecordAnGangAddGang, RecordBaBei, RecordHule, RecordNoTile or RecordLiuJu";
        if !matches!(
            record.name,
            "RecordDealTile"
                | "RecordDiscardTile"
                | "RecordChiPengGang"
                | "RecordAnGangAddGang"
                | "RecordBaBei"
                | "RecordHule"
                | "RecordNoTile"
                | "RecordLiuJu"
        ) {
            return Err(self.ctx.err(
                obj.raw,
                &obj.path,
                format!("unknown record {}: expected {KNOWN}", record.name),
            ));
        }
        let in_round = self.round.as_ref().is_some_and(|r| !r.ended);
        if !in_round {
            return Err(self.ctx.err(
                obj.raw,
                &obj.path,
                "out of place: it comes outside a round (expected a RecordNewRound first)"
                    .to_owned(),
            ));
        }
        if self.round.as_ref().is_some_and(|r| r.pending.is_some()) {
            let hint = self.first_draw_hint(record);
            self.flush(hint);
        }
        if record.name != "RecordHule" {
            self.deposit(obj)?;
        }
        match record.name {
            "RecordDealTile" => self.deal_tile(obj),
            "RecordDiscardTile" => self.discard(obj),
            "RecordChiPengGang" => self.chi_peng_gang(obj),
            "RecordAnGangAddGang" => self.an_gang_add_gang(obj),
            "RecordBaBei" => self.ba_bei(obj),
            "RecordHule" => self.hule(obj),
            "RecordNoTile" => self.no_tile(obj),
            _ => self.liu_ju(obj),
        }
    }

    fn new_round(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        if let Some(r) = &self.round
            && !r.ended
        {
            return Err(ctx.err(
                obj.raw,
                &obj.path,
                "out of place: the round before has no outcome".to_owned(),
            ));
        }
        let n = self.players;
        let chang: u8 = obj.req(ctx, "chang", "the round wind, 0 (East) to 3 (North)")?;
        let ju: u8 = obj.req(ctx, "ju", "the round number from 0")?;
        if chang > 3 {
            return Err(obj.err(
                ctx,
                "chang",
                format!("{chang}: expected 0 (East) to 3 (North)"),
            ));
        }
        if ju >= n {
            return Err(obj.err(ctx, "ju", format!("{ju}: expected 0..{}", n - 1)));
        }
        let honba: u32 = obj.req(ctx, "ben", "the honba counter")?;
        let sticks: u32 = obj.opt(ctx, "liqibang")?.unwrap_or(0);
        let score_list: Vec<i32> = obj.req(ctx, "scores", "each seat's score")?;
        if score_list.len() != usize::from(n) {
            return Err(obj.err(
                ctx,
                "scores",
                format!(
                    "{} scores: expected {n}, one for each seat",
                    score_list.len()
                ),
            ));
        }
        let mut scores = [0; 4];
        scores[..score_list.len()].copy_from_slice(&score_list);
        let dealer = Seat::ALL[usize::from(ju)];
        // The wall, its copies given in wall order.
        let wall = match obj.raw("paishan") {
            Some(raw) => {
                let text: &str = ctx.parse(raw, &obj.path_of("paishan"))?;
                Some(self.wall(obj, raw, text)?)
            }
            None => None,
        };
        // A wall after the deal leaves the dealt tiles the copies it does not hold.
        let reserved = wall.as_ref().filter(|w| !w.whole()).map(|w| w.pool.clone());
        let mut round = Round {
            dealer,
            round_wind: Wind::from_index(chang),
            honba,
            sticks,
            wall,
            pool: Pool::new(self.red, n == 3),
            hands: Default::default(),
            melds: Default::default(),
            drawn: [None; 4],
            live: 0,
            rinshan: 0,
            rinshan_next: false,
            indicators: ArrayVec::new(),
            ura: ArrayVec::new(),
            last_discard: None,
            robbable: None,
            deposits: 0,
            ended: false,
            pending: None,
        };
        // The deal: each seat's listed tiles, the dealer's 14th its first draw.
        let mut dealer_dealt = Vec::new();
        let mut hands: BySeat<ArrayVec<Tile, 13>> = BySeat::default();
        for seat in Seat::ALL {
            let key = ["tiles0", "tiles1", "tiles2", "tiles3"][seat.index()];
            let listed = obj.tiles(ctx, key)?;
            let expected = if seat.index() >= usize::from(n) {
                0
            } else if seat == dealer {
                14
            } else {
                13
            };
            if listed.len() != expected {
                return Err(obj.err(
                    ctx,
                    key,
                    format!("{} tiles: expected {expected}", listed.len()),
                ));
            }
            if expected == 0 {
                continue;
            }
            let offset = (seat.index() + usize::from(n) - dealer.index()) % usize::from(n);
            let tiles =
                deal(&mut round, reserved.as_ref(), offset, &listed).map_err(|(i, why)| {
                    ctx.err(
                        listed[i].1,
                        &format!("{}[{i}]", obj.path_of(key)),
                        format!("{}: {why}", listed[i].0),
                    )
                })?;
            if seat == dealer {
                dealer_dealt = tiles;
            } else {
                round.hands[seat.index()] = tiles.clone();
                hands[seat] = tiles.into_iter().collect();
            }
        }
        let doras = obj.tiles(ctx, "doras")?;
        let [(dora_face, dora_raw)] = doras.as_slice() else {
            return Err(obj.err(
                ctx,
                "doras",
                format!(
                    "{} indicators: expected the one dora indicator a round starts with",
                    doras.len()
                ),
            ));
        };
        let place = round.wall.as_ref().and_then(|w| w.wall.dora_place(0));
        let dora = round.enter(*dora_face, place).map_err(|why| {
            ctx.err(
                dora_raw,
                &format!("{}[0]", obj.path_of("doras")),
                format!("{dora_face}: {why}"),
            )
        })?;
        round.indicators.push(dora);
        let start = RoundStart {
            round_wind: Wind::from_index(chang),
            round_number: ju + 1,
            honba,
            sticks,
            dice: None,
            dora_indicator: dora,
            untimed_dora: ArrayVec::new(),
            scores: BySeat::from_array(scores),
            dealer,
            hands,
            shuffle: None,
            chips: None,
            wall: round
                .wall
                .as_ref()
                .map(|w| haifu_log::WallRecord::Known(Box::new(w.wall.clone()))),
        };
        round.pending = Some((start, dealer_dealt));
        round.live = 1;
        self.scores = scores;
        self.round = Some(round);
        Ok(())
    }

    /// What the round's first record says the dealer's first draw is: the tile a tsumogiri
    /// discard, a tsumogiri kita or a tsumo shows.
    fn first_draw_hint(&self, record: &Record<'i>) -> Option<Face> {
        let ctx = &self.ctx();
        let obj = &record.obj;
        match record.name {
            "RecordDiscardTile" if obj.opt::<bool>(ctx, "moqie").ok().flatten() == Some(true) => {
                obj.tile(ctx, "tile").ok()
            }
            "RecordBaBei" if obj.opt::<bool>(ctx, "moqie").ok().flatten() == Some(true) => {
                face("4z")
            }
            "RecordHule" => {
                let list: Vec<&'i RawValue> = obj.opt(ctx, "hules").ok().flatten()?;
                let h = Obj::new(ctx, list.first()?, String::new()).ok()?;
                (h.opt::<bool>(ctx, "zimo").ok().flatten() == Some(true))
                    .then(|| h.tile(ctx, "hu_tile").ok())
                    .flatten()
            }
            _ => None,
        }
    }

    /// Pushes the round's start and the dealer's first draw: the tile dealt at its place in a
    /// whole wall; else one the round's first record shows (`hint`); else the last listed.
    fn flush(&mut self, hint: Option<Face>) {
        let Some(round) = self.round.as_mut() else {
            return;
        };
        let Some((mut start, mut dealt)) = round.pending.take() else {
            return;
        };
        let red = round.pool.red;
        let mut at = dealt.len().saturating_sub(1);
        let placed = round
            .wall
            .as_ref()
            .filter(|w| w.whole())
            .and_then(|w| w.at(w.wall.live_place(0)?))
            .map(|(t, _)| t);
        if let Some(i) = placed.and_then(|t| dealt.iter().position(|h| *h == t)) {
            at = i;
        } else if let Some(i) =
            hint.and_then(|f| dealt.iter().rposition(|t| face_of(*t, &red) == f))
        {
            at = i;
        }
        let dealer = start.dealer;
        let drawn = (at < dealt.len()).then(|| dealt.remove(at));
        start.hands[dealer] = dealt.iter().copied().collect();
        round.hands[dealer.index()] = dealt;
        self.log.push_round_start(start);
        if let Some(t) = drawn {
            round.hands[dealer.index()].push(t);
            round.drawn[dealer.index()] = Some(t);
            self.log.push_draw_tile(dealer, t);
        }
    }

    /// Reads and checks a round's `paishan`.
    fn wall(&self, obj: &Obj<'i>, raw: &'i RawValue, text: &str) -> Result<StatedWall, ParseError> {
        let ctx = &self.ctx();
        let path = obj.path_of("paishan");
        let n = usize::from(self.players);
        let whole_len = if n == 4 { 136 } else { 108 };
        let after_deal = whole_len - (13 * n + 1);
        if !text.len().is_multiple_of(2) || !text.is_ascii() {
            return Err(ctx.err(
                raw.get(),
                &path,
                "expected tile codes two characters each, such as 1m5p0s7z".to_owned(),
            ));
        }
        let count = text.len() / 2;
        if count != whole_len && count != after_deal {
            return Err(ctx.err(
                raw.get(),
                &path,
                format!("{count} tiles: expected {whole_len} (the whole wall) or {after_deal} (the wall after the deal)"),
            ));
        }
        let mut pool = Pool::new(self.red, n == 3);
        let mut tiles = Vec::with_capacity(count);
        let mut faces = Vec::with_capacity(count);
        for i in 0..count {
            let code = &text[2 * i..2 * i + 2];
            let f = face(code).ok_or_else(|| {
                ctx.err(
                    raw.get(),
                    &path,
                    format!("tile {i} is {}: {TILE_CODES}", Quoted(code)),
                )
            })?;
            let t = pool
                .take(f, None)
                .map_err(|why| ctx.err(raw.get(), &path, format!("tile {i} ({f}): {why}")))?;
            tiles.push(t);
            faces.push(f);
        }
        // The commitment of a whole wall: SHA-256 of the wall's text then the salt.
        if let (Some(hash), Some(salt)) = (
            obj.opt::<&str>(ctx, "sha256")?,
            obj.opt::<&str>(ctx, "salt")?,
        ) {
            let mut h = Sha256::new();
            h.update(text.as_bytes());
            h.update(salt.as_bytes());
            let digest = h.finalize();
            let mut hex = String::with_capacity(64);
            for b in digest {
                let _ = write!(hex, "{b:02x}");
            }
            if !hex.eq_ignore_ascii_case(hash) {
                return Err(obj.err(
                    ctx,
                    "sha256",
                    format!("the wall does not match its commitment: SHA-256 of paishan and salt is {hex}"),
                ));
            }
        }
        let wall = haifu_log::Wall::in_draw_order(
            &tiles,
            haifu_log::StackOrder::Drawn,
            haifu_log::WallCopies::ByKind,
        )
        .map_err(|why| ctx.err(raw.get(), "paishan", why))?;
        Ok(StatedWall { wall, faces, pool })
    }

    /// Takes a riichi deposit the record states (`liqi`), before its action.
    fn deposit(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let Some(liqi) = self.ctx_obj(obj, "liqi")? else {
            return Ok(());
        };
        let ctx = &self.ctx();
        let seat = liqi.seat(ctx, "seat", self.players)?;
        let score: Option<i32> = liqi.opt(ctx, "score")?;
        let failed: bool = liqi.opt(ctx, "failed")?.unwrap_or(false);
        if failed {
            return Ok(());
        }
        if let Some(round) = self.round.as_mut() {
            round.deposits += 1;
        }
        let mut scores = self.scores;
        let held = scores[seat.index()];
        scores[seat.index()] = match score {
            Some(score) => score,
            None => held.checked_sub(1000).ok_or_else(|| {
                liqi.err(
                    ctx,
                    "seat",
                    format!("seat {seat}'s score {held} cannot pay a riichi deposit: out of range"),
                )
            })?,
        };
        self.scores = scores;
        self.log.push_riichi(
            seat,
            RiichiStage::DepositTaken,
            Some(BySeat::from_array(scores)),
        );
        Ok(())
    }

    fn ctx_obj(&self, obj: &Obj<'i>, key: &str) -> Result<Option<Obj<'i>>, ParseError> {
        obj.obj(&self.ctx, key)
    }

    /// Pushes the dora indicators `doras` lists beyond those revealed.
    fn new_doras(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let listed = obj.tiles(ctx, "doras")?;
        let path = obj.path_of("doras");
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let red = round.pool.red;
        for (n, (f, raw)) in listed.iter().enumerate() {
            if let Some(&t) = round.indicators.get(n) {
                if face_of(t, &red) != *f {
                    return Err(ctx.err(
                        raw,
                        &format!("{path}[{n}]"),
                        format!("{f}: dora indicator {} is {}", n + 1, face_of(t, &red)),
                    ));
                }
                continue;
            }
            if n >= 5 {
                return Err(ctx.err(
                    raw,
                    &format!("{path}[{n}]"),
                    "a sixth dora indicator: expected at most five".to_owned(),
                ));
            }
            let place = round.wall.as_ref().and_then(|w| w.wall.dora_place(n));
            let t = round
                .enter(*f, place)
                .map_err(|why| ctx.err(raw, &format!("{path}[{n}]"), format!("{f}: {why}")))?;
            round.indicators.push(t);
            self.log.push_new_dora(t);
        }
        Ok(())
    }

    fn deal_tile(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let seat = obj.seat(ctx, "seat", self.players)?;
        let f = obj.tile(ctx, "tile")?;
        // An indicator revealed with a replacement draw (a concealed kan) comes before it.
        self.new_doras(obj)?;
        let ctx = &self.ctx();
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let place = if round.rinshan_next {
            let p = round
                .wall
                .as_ref()
                .and_then(|w| w.wall.rinshan_place(round.rinshan));
            round.rinshan += 1;
            round.rinshan_next = false;
            p
        } else {
            let p = round
                .wall
                .as_ref()
                .and_then(|w| w.wall.live_place(round.live));
            round.live += 1;
            p
        };
        let tile = round
            .enter(f, place)
            .map_err(|why| obj.err(ctx, "tile", format!("{f}: {why}")))?;
        round.hands[seat.index()].push(tile);
        round.drawn[seat.index()] = Some(tile);
        self.log.push_draw_tile(seat, tile);
        Ok(())
    }

    fn discard(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let seat = obj.seat(ctx, "seat", self.players)?;
        let f = obj.tile(ctx, "tile")?;
        let riichi = obj.opt::<bool>(ctx, "is_liqi")?.unwrap_or(false)
            || obj.opt::<bool>(ctx, "is_wliqi")?.unwrap_or(false);
        let moqie: bool = obj.opt(ctx, "moqie")?.unwrap_or(false);
        // An open kan's indicator, revealed as its player discards, comes before the discard.
        self.new_doras(obj)?;
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let tile = if moqie {
            round.drawn[seat.index()]
                .filter(|t| face_of(*t, &round.pool.red) == f)
                .ok_or_else(|| {
                    obj.err(
                        ctx,
                        "tile",
                        format!(
                            "{f} is discarded as the drawn tile (moqie) but seat {seat} drew no {f}"
                        ),
                    )
                })?
        } else {
            round.held(seat, f, false).ok_or_else(|| {
                obj.err(
                    ctx,
                    "tile",
                    format!("seat {seat} discards {f} and holds none"),
                )
            })?
        };
        round.remove(seat, tile);
        round.drawn[seat.index()] = None;
        round.robbable = None;
        round.last_discard = Some((seat, tile));
        if riichi {
            self.log.push_riichi(seat, RiichiStage::Declared, None);
        }
        self.log.push_discard(seat, tile, moqie);
        Ok(())
    }

    fn chi_peng_gang(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let seat = obj.seat(ctx, "seat", self.players)?;
        let kind: i64 = obj.req(ctx, "type", "0 (chi), 1 (pon) or 2 (open kan)")?;
        let (meld_kind, count) = match kind {
            0 => (MeldKind::Chi, 3),
            1 => (MeldKind::Pon, 3),
            2 => (MeldKind::Daiminkan, 4),
            _ => {
                return Err(obj.err(
                    ctx,
                    "type",
                    format!("{kind}: expected 0 (chi), 1 (pon) or 2 (open kan)"),
                ));
            }
        };
        let tiles = obj.tiles(ctx, "tiles")?;
        let froms: Vec<i64> = obj.req(ctx, "froms", "the seat each tile comes from")?;
        if tiles.len() != count || froms.len() != count {
            return Err(obj.err(
                ctx,
                "tiles",
                format!(
                    "{} tiles and {} froms: expected {count} of each",
                    tiles.len(),
                    froms.len()
                ),
            ));
        }
        let called_at = froms
            .iter()
            .position(|f| *f != seat.index() as i64)
            .ok_or_else(|| {
                obj.err(
                    ctx,
                    "froms",
                    "no tile from another seat: expected the called tile's seat",
                )
            })?;
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let Some((from, called)) = round
            .last_discard
            .filter(|(s, _)| i64::from(s.index() as u8) == froms[called_at])
        else {
            return Err(obj.err(
                ctx,
                "froms",
                format!("seat {} did not make the last discard", froms[called_at]),
            ));
        };
        let red = round.pool.red;
        if face_of(called, &red) != tiles[called_at].0 {
            return Err(obj.err(
                ctx,
                "tiles",
                format!(
                    "the call takes {} but seat {from} discarded {}",
                    tiles[called_at].0,
                    face_of(called, &red)
                ),
            ));
        }
        let mut meld_tiles: ArrayVec<Tile, 4> = ArrayVec::new();
        meld_tiles.push(called);
        for (i, (f, raw)) in tiles.iter().enumerate() {
            if i == called_at {
                continue;
            }
            let t = round.held(seat, *f, false).ok_or_else(|| {
                ctx.err(
                    raw,
                    &format!("{}[{i}]", obj.path_of("tiles")),
                    format!("seat {seat} calls with {f} and holds none"),
                )
            })?;
            round.remove(seat, t);
            meld_tiles.push(t);
        }
        let meld = Meld::new(meld_kind, &meld_tiles, Some(called), None, Some(from))
            .ok_or_else(|| obj.err(ctx, "tiles", "a call of no tiles"))?;
        round.melds[seat.index()]
            .try_push(meld)
            .map_err(|_| obj.err(ctx, "tiles", format!("a fifth meld for seat {seat}")))?;
        round.last_discard = None;
        round.drawn = [None; 4];
        if meld_kind == MeldKind::Daiminkan {
            round.rinshan_next = true;
        }
        self.log.push_call(seat, meld);
        self.new_doras(obj)
    }

    fn an_gang_add_gang(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let seat = obj.seat(ctx, "seat", self.players)?;
        let kind: i64 = obj.req(ctx, "type", "2 (added kan) or 3 (concealed kan)")?;
        let f = obj.tile(ctx, "tiles")?;
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let i = seat.index();
        let (meld, robbed) = match kind {
            3 => {
                let tiles: ArrayVec<Tile, 4> = round.hands[i]
                    .iter()
                    .copied()
                    .filter(|t| t.kind() == f.kind)
                    .take(4)
                    .collect();
                if tiles.len() != 4 {
                    return Err(obj.err(
                        ctx,
                        "tiles",
                        format!(
                            "seat {seat} makes a concealed kan of {} and holds {}",
                            f.kind,
                            tiles.len()
                        ),
                    ));
                }
                for t in &tiles {
                    round.remove(seat, *t);
                }
                let meld = Meld::new(MeldKind::Ankan, &tiles, None, None, None)
                    .ok_or_else(|| obj.err(ctx, "tiles", "a kan of no tiles"))?;
                round.melds[i]
                    .try_push(meld)
                    .map_err(|_| obj.err(ctx, "tiles", format!("a fifth meld for seat {seat}")))?;
                (meld, tiles[0])
            }
            2 => {
                let added = round
                    .held(seat, f, true)
                    .or_else(|| round.hands[i].iter().copied().find(|t| t.kind() == f.kind))
                    .ok_or_else(|| {
                        obj.err(
                            ctx,
                            "tiles",
                            format!("seat {seat} adds {f} to a pon and holds none"),
                        )
                    })?;
                let k = round.melds[i]
                    .iter()
                    .position(|m| m.kind == MeldKind::Pon && m.base_kind() == f.kind)
                    .ok_or_else(|| {
                        obj.err(
                            ctx,
                            "tiles",
                            format!("seat {seat} has no pon of {} to extend", f.kind),
                        )
                    })?;
                round.remove(seat, added);
                let pon = round.melds[i][k];
                let mut tiles: ArrayVec<Tile, 4> = pon.tiles().iter().copied().collect();
                tiles.push(added);
                let meld = Meld::new(MeldKind::Kakan, &tiles, pon.called, Some(added), pon.from)
                    .ok_or_else(|| obj.err(ctx, "tiles", "a kan of no tiles"))?;
                round.melds[i][k] = meld;
                (meld, added)
            }
            _ => {
                return Err(obj.err(
                    ctx,
                    "type",
                    format!("{kind}: expected 2 (added kan) or 3 (concealed kan)"),
                ));
            }
        };
        round.drawn[i] = None;
        round.robbable = Some((seat, robbed));
        round.rinshan_next = true;
        self.log.push_call(seat, meld);
        self.new_doras(obj)
    }

    fn ba_bei(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let seat = obj.seat(ctx, "seat", self.players)?;
        let moqie: bool = obj.opt(ctx, "moqie")?.unwrap_or(false);
        let north = Face {
            kind: Wind::North.tile_kind(),
            red: false,
        };
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let t = round.held(seat, north, moqie).ok_or_else(|| {
            ctx.err(
                obj.raw,
                &obj.path,
                format!("seat {seat} sets aside a north and holds none"),
            )
        })?;
        round.remove(seat, t);
        round.drawn[seat.index()] = None;
        round.robbable = Some((seat, t));
        round.rinshan_next = true;
        let meld = Meld::new(MeldKind::Kita, &[t], None, None, None)
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "a kita of no tile".to_owned()))?;
        self.log.push_call(seat, meld);
        self.new_doras(obj)
    }

    fn hule(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let list: Vec<&'i RawValue> = obj.req(ctx, "hules", "the wins")?;
        if list.is_empty() {
            return Err(obj.err(ctx, "hules", "no win: expected at least one"));
        }
        let old: Vec<i32> = obj.req(ctx, "old_scores", "each seat's score before")?;
        let delta: Vec<i32> = obj.req(ctx, "delta_scores", "each seat's change")?;
        let n = usize::from(self.players);
        if old.len() != n || delta.len() != n {
            return Err(obj.err(
                ctx,
                "delta_scores",
                format!(
                    "{} scores and {} changes: expected {n} of each",
                    old.len(),
                    delta.len()
                ),
            ));
        }
        let top_pao: i64 = obj.opt(ctx, "baopai")?.unwrap_or(0);
        let mut before = [0; 4];
        before[..n].copy_from_slice(&old);
        let mut total = [0; 4];
        total[..n].copy_from_slice(&delta);
        let mut wins: Vec<RecordedWin> = Vec::with_capacity(list.len());
        for (w, raw) in list.iter().enumerate() {
            let h = Obj::new(ctx, raw, format!("{}.hules[{w}]", obj.path))?;
            let win = self.one_win(&h, top_pao)?;
            wins.push(win);
        }
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        // The record states the changes of all its wins together: each later win gets its own
        // value, the first the rest (with the honba and sticks, which go to the nearest winner).
        let mut shares: Vec<[i32; 4]> = vec![[0; 4]; wins.len()];
        // Scores, changes and sticks come from the record: a sum no figure can hold is
        // refused, never clamped.
        let big = |a: i64, b: i64| ctx.err(obj.raw, &obj.path, too_big(a, b));
        let add = |a: i32, b: i32| a.checked_add(b).ok_or_else(|| big(a.into(), b.into()));
        let sub = |a: i32, b: i32| a.checked_sub(b).ok_or_else(|| big(a.into(), -i64::from(b)));
        for (k, win) in wins.iter().enumerate().skip(1) {
            let s = &mut shares[k];
            s[win.winner.index()] = add(s[win.winner.index()], win.points)?;
            s[win.from.index()] = sub(s[win.from.index()], win.points)?;
        }
        let mut first = total;
        for s in shares.iter().skip(1) {
            for (f, d) in first.iter_mut().zip(s) {
                *f = sub(*f, *d)?;
            }
        }
        shares[0] = first;
        let mut scores = before;
        let mut sticks = round
            .sticks_on_table()
            .map_err(|e| ctx.err(obj.raw, &obj.path, e))?;
        for (k, mut win) in wins.into_iter().enumerate() {
            win.honba = round.honba;
            win.sticks = sticks;
            sticks = 0;
            win.scores = BySeat::from_array(scores);
            win.deltas = BySeat::from_array(shares[k]);
            for (s, d) in scores.iter_mut().zip(&shares[k]) {
                *s = add(*s, *d)?;
            }
            self.last_outcome = Some(Outcome::Win(self.log.wins().len()));
            self.log.push_win(win);
        }
        round.ended = true;
        Ok(())
    }

    /// One win of a `RecordHule`, without its honba, sticks, scores and changes.
    fn one_win(&mut self, h: &Obj<'i>, top_pao: i64) -> Result<RecordedWin, ParseError> {
        let ctx = &self.ctx();
        let n = self.players;
        let winner = h.seat(ctx, "seat", n)?;
        let zimo: bool = h.req(ctx, "zimo", "whether the win is a tsumo")?;
        let hu = h.tile(ctx, "hu_tile")?;
        let listed = h.tiles(ctx, "hand")?;
        let fu: u32 = h.req(ctx, "fu", "the fu")?;
        let yiman: bool = h.opt(ctx, "yiman")?.unwrap_or(false);
        let title: i64 = h.opt(ctx, "title_id")?.unwrap_or(0);
        let limit = match title {
            0 => Limit::None,
            1 => Limit::Mangan,
            2 => Limit::Haneman,
            3 => Limit::Baiman,
            4 => Limit::Sanbaiman,
            5..=11 => Limit::Yakuman,
            _ => {
                return Err(h.err(ctx, "title_id", format!("{title}: expected 0 (no limit), 1 to 4 (mangan to sanbaiman), 5 to 10 (yakuman) or 11 (counted yakuman)")));
            }
        };
        let pao_seat: i64 = match h.opt::<i64>(ctx, "baopai")? {
            Some(p) if p != 0 => p,
            _ => top_pao,
        };
        let pao = match pao_seat {
            0 => None,
            p => Some(
                p.checked_sub(1)
                    .and_then(|s| u8::try_from(s).ok())
                    .filter(|s| *s < n)
                    .and_then(Seat::new)
                    .ok_or_else(|| {
                        h.err(
                            ctx,
                            "baopai",
                            format!("{p}: expected 0 (none) or the liable seat plus one"),
                        )
                    })?,
            ),
        };
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(h.raw, &h.path, "outside a round".to_owned()))?;
        let red = round.pool.red;
        let wi = winner.index();
        let (from, winning_tile) = if zimo {
            let t = round.drawn[wi]
                .filter(|t| face_of(*t, &red) == hu)
                .ok_or_else(|| {
                    h.err(
                        ctx,
                        "hu_tile",
                        format!("seat {winner} wins by tsumo on {hu} but did not just draw it"),
                    )
                })?;
            (winner, t)
        } else {
            match (round.robbable, round.last_discard) {
                (Some((s, t)), _) if s != winner && face_of(t, &red) == hu => (s, t),
                (None, Some((s, t))) if s != winner && face_of(t, &red) == hu => (s, t),
                _ => {
                    return Err(h.err(ctx, "hu_tile", format!("seat {winner} wins by ron on {hu}, which is not the last discard or kan tile")));
                }
            }
        };
        let mut hand: ArrayVec<Tile, 14> = round.hands[wi].iter().copied().collect();
        if !zimo {
            hand.try_push(winning_tile).map_err(|_| {
                h.err(
                    ctx,
                    "hand",
                    format!("seat {winner} holds more than 13 tiles"),
                )
            })?;
        }
        hand.sort_unstable();
        // The hand the record shows is the one the seat holds.
        let mut shown: Vec<Face> = listed.iter().map(|(f, _)| *f).collect();
        shown.push(hu);
        if !same_faces(&hand, shown, &red) {
            return Err(h.err(
                ctx,
                "hand",
                format!("seat {winner}'s hand and winning tile are not the tiles it holds"),
            ));
        }
        let round_wind = round.round_wind;
        let seat_wind = Wind::from_index(
            u8::try_from((wi + usize::from(n) - round.dealer.index()) % usize::from(n))
                .unwrap_or(0),
        );
        let fans: Vec<&'i RawValue> = h.req(ctx, "fans", "the yaku and their han")?;
        let mut yaku: ArrayVec<RecordedHan, 24> = ArrayVec::new();
        let mut yakuman: ArrayVec<Yaku, 8> = ArrayVec::new();
        for (k, raw) in fans.iter().enumerate() {
            let fan = Obj::new(ctx, raw, format!("{}.fans[{k}]", h.path))?;
            let id: u32 = fan.req(ctx, "id", "the yaku's id")?;
            let val: u32 = fan.req(ctx, "val", "its han (or yakuman count)")?;
            let source = han_source(id, round_wind, seat_wind)
                .ok_or_else(|| fan.err(ctx, "id", format!("{id} is no yaku haifu knows")))?;
            if yiman {
                let HanSource::Yaku(y) = source else {
                    return Err(fan.err(ctx, "id", format!("{id} counts no yakuman")));
                };
                yakuman
                    .try_push(y)
                    .map_err(|_| fan.err(ctx, "id", "more than eight yakuman"))?;
            } else {
                let han = u8::try_from(val)
                    .map_err(|_| fan.err(ctx, "val", format!("{val}: expected a han count")))?;
                yaku.try_push(RecordedHan { source, han })
                    .map_err(|_| fan.err(ctx, "id", "more than 24 yaku"))?;
            }
        }
        let point_of = |key: &str| -> Result<i32, ParseError> {
            h.opt::<i32>(ctx, key).map(|p| p.unwrap_or(0))
        };
        let points = if zimo {
            let xian = point_of("point_zimo_xian")?;
            let points = if winner == round.dealer {
                xian.checked_mul(i32::from(n) - 1)
            } else {
                let qin = point_of("point_zimo_qin")?;
                xian.checked_mul(i32::from(n) - 2)
                    .and_then(|others| others.checked_add(qin))
            };
            points.ok_or_else(|| {
                h.err(
                    ctx,
                    "point_zimo_xian",
                    format!("{xian}: the payments add up to more than a score can hold"),
                )
            })?
        } else {
            point_of("point_rong")?
        };
        let dora_indicators = self.indicators(h, "doras", false)?;
        let riichi: bool = h.opt(ctx, "liqi")?.unwrap_or(false);
        let ura_indicators = if riichi {
            self.indicators(h, "li_doras", true)?
        } else {
            ArrayVec::new()
        };
        let round = self
            .round
            .as_ref()
            .ok_or_else(|| ctx.err(h.raw, &h.path, "outside a round".to_owned()))?;
        Ok(RecordedWin {
            winner,
            from,
            pao,
            honba: 0,
            sticks: 0,
            hand,
            melds: round.melds[wi].clone(),
            winning_tile,
            fu: Some(fu),
            points,
            limit,
            yaku,
            yakuman,
            dora_indicators,
            ura_indicators,
            scores: BySeat::from_array([0; 4]),
            deltas: BySeat::from_array([0; 4]),
            chips: None,
            chip_awards: Vec::new(),
            ratio: None,
            final_result: None,
        })
    }

    /// A win's dora (or ura) indicators: those revealed (or turned over) in the round, each
    /// entering play from its wall place the first time.
    fn indicators(
        &mut self,
        h: &Obj<'i>,
        key: &str,
        ura: bool,
    ) -> Result<ArrayVec<Tile, 5>, ParseError> {
        let ctx = &self.ctx();
        let listed = h.tiles(ctx, key)?;
        let path = h.path_of(key);
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(h.raw, &h.path, "outside a round".to_owned()))?;
        let red = round.pool.red;
        let mut out = ArrayVec::new();
        for (k, (f, raw)) in listed.iter().enumerate() {
            if k >= 5 {
                return Err(ctx.err(
                    raw,
                    &format!("{path}[{k}]"),
                    "a sixth indicator: expected at most five".to_owned(),
                ));
            }
            let known = if ura {
                round.ura.get(k)
            } else {
                round.indicators.get(k)
            };
            let t = match known {
                Some(&t) if face_of(t, &red) == *f => t,
                Some(&t) => {
                    return Err(ctx.err(
                        raw,
                        &format!("{path}[{k}]"),
                        format!(
                            "{f}: indicator {} of the round is {}",
                            k + 1,
                            face_of(t, &red)
                        ),
                    ));
                }
                None => {
                    let place = round.wall.as_ref().and_then(|w| {
                        if ura {
                            w.wall.ura_place(k)
                        } else {
                            w.wall.dora_place(k)
                        }
                    });
                    let t = round.enter(*f, place).map_err(|why| {
                        ctx.err(raw, &format!("{path}[{k}]"), format!("{f}: {why}"))
                    })?;
                    if ura {
                        round.ura.push(t);
                    } else {
                        round.indicators.push(t);
                    }
                    t
                }
            };
            out.push(t);
        }
        Ok(out)
    }

    fn no_tile(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let n = usize::from(self.players);
        let nagashi: bool = obj.opt(ctx, "liujumanguan")?.unwrap_or(false);
        let players: Vec<&'i RawValue> = obj.req(ctx, "players", "each seat's tenpai")?;
        if players.len() != n {
            return Err(obj.err(
                ctx,
                "players",
                format!("{} seats: expected {n}", players.len()),
            ));
        }
        let score_list: Vec<&'i RawValue> = obj.req(ctx, "scores", "the score changes")?;
        let mut before: Option<[i32; 4]> = None;
        let mut deltas = [0i32; 4];
        for (k, raw) in score_list.iter().enumerate() {
            let s = Obj::new(ctx, raw, format!("{}.scores[{k}]", obj.path))?;
            let old: Vec<i32> = s.req(ctx, "old_scores", "each seat's score before")?;
            let delta: Vec<i32> = s.opt(ctx, "delta_scores")?.unwrap_or_else(|| vec![0; n]);
            if old.len() != n || delta.len() != n {
                return Err(s.err(
                    ctx,
                    "old_scores",
                    format!(
                        "{} scores and {} changes: expected {n} of each",
                        old.len(),
                        delta.len()
                    ),
                ));
            }
            if before.is_none() {
                let mut b = [0; 4];
                b[..n].copy_from_slice(&old);
                before = Some(b);
            }
            for (d, x) in deltas.iter_mut().zip(&delta) {
                *d = d.checked_add(*x).ok_or_else(|| {
                    ctx.err(obj.raw, &obj.path, too_big((*d).into(), (*x).into()))
                })?;
            }
        }
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let red = round.pool.red;
        let mut shown: BySeat<Option<ArrayVec<Tile, 14>>> = BySeat::default();
        for (k, raw) in players.iter().enumerate() {
            let p = Obj::new(ctx, raw, format!("{}.players[{k}]", obj.path))?;
            let tenpai: bool = p.opt(ctx, "tingpai")?.unwrap_or(false);
            if !tenpai {
                continue;
            }
            let mut hand: ArrayVec<Tile, 14> = round.hands[k].iter().copied().collect();
            hand.sort_unstable();
            let listed = p.tiles(ctx, "hand")?;
            if !listed.is_empty()
                && !same_faces(&hand, listed.iter().map(|(f, _)| *f).collect(), &red)
            {
                return Err(p.err(
                    ctx,
                    "hand",
                    format!(
                        "seat {} shows a hand that is not the one it holds",
                        Seat::ALL[k]
                    ),
                ));
            }
            shown[Seat::ALL[k]] = Some(hand);
        }
        let draw = RecordedDraw {
            kind: if nagashi {
                DrawKind::NagashiMangan
            } else {
                DrawKind::Exhaustive
            },
            honba: round.honba,
            sticks: round
                .sticks_on_table()
                .map_err(|e| ctx.err(obj.raw, &obj.path, e))?,
            shown,
            tenpai_unrecorded: false,
            scores: BySeat::from_array(before.unwrap_or(self.scores)),
            deltas: BySeat::from_array(deltas),
            chips: None,
            ratio: None,
            final_result: None,
        };
        round.ended = true;
        self.last_outcome = Some(Outcome::Draw(self.log.draws().len()));
        self.log.push_round_draw(draw);
        Ok(())
    }

    fn liu_ju(&mut self, obj: &Obj<'i>) -> Result<(), ParseError> {
        let ctx = &self.ctx();
        let kind: i64 = obj.req(ctx, "type", "the kind of abortive draw, 1 to 5")?;
        let kind = match kind {
            1 => DrawKind::KyuushuKyuuhai,
            2 => DrawKind::SuufonRenda,
            3 => DrawKind::Suukaikan,
            4 => DrawKind::SuuchaRiichi,
            5 => DrawKind::Sanchahou,
            _ => {
                return Err(obj.err(ctx, "type", format!("{kind}: expected 1 (nine terminals), 2 (four winds), 3 (four kans), 4 (four riichi) or 5 (triple ron)")));
            }
        };
        let mut shown: BySeat<Option<ArrayVec<Tile, 14>>> = BySeat::default();
        if kind == DrawKind::KyuushuKyuuhai {
            let seat = obj.seat(ctx, "seat", self.players)?;
            let round = self
                .round
                .as_ref()
                .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
            let mut hand: ArrayVec<Tile, 14> = round.hands[seat.index()].iter().copied().collect();
            hand.sort_unstable();
            shown[seat] = Some(hand);
        }
        let scores = self.scores;
        let round = self
            .round
            .as_mut()
            .ok_or_else(|| ctx.err(obj.raw, &obj.path, "outside a round".to_owned()))?;
        let draw = RecordedDraw {
            kind,
            honba: round.honba,
            sticks: round
                .sticks_on_table()
                .map_err(|e| ctx.err(obj.raw, &obj.path, e))?,
            shown,
            tenpai_unrecorded: false,
            scores: BySeat::from_array(scores),
            deltas: BySeat::from_array([0; 4]),
            chips: None,
            ratio: None,
            final_result: None,
        };
        round.ended = true;
        self.last_outcome = Some(Outcome::Draw(self.log.draws().len()));
        self.log.push_round_draw(draw);
        Ok(())
    }
}

/// Whether `tiles` and `faces` are the same tiles as written, in any order.
fn same_faces(tiles: &[Tile], mut faces: Vec<Face>, red: &[bool; 3]) -> bool {
    if tiles.len() != faces.len() {
        return false;
    }
    for t in tiles {
        let f = face_of(*t, red);
        match faces.iter().position(|x| *x == f) {
            Some(p) => {
                faces.swap_remove(p);
            }
            None => return false,
        }
    }
    true
}

/// Deals one seat's listed tiles: each takes the copy of its place in a whole wall (by its
/// listed position, else any place of this seat's deal holding it), else the first free copy
/// (outside `reserved`, the copies a wall after the deal holds). Returns the tiles in listed
/// order, or the listed index at fault and why.
fn deal(
    round: &mut Round,
    reserved: Option<&Pool>,
    offset: usize,
    listed: &[(Face, &str)],
) -> Result<Vec<Tile>, (usize, String)> {
    let mut out: Vec<Option<Tile>> = vec![None; listed.len()];
    if let Some(wall) = &round.wall
        && wall.whole()
    {
        let places: Vec<usize> = (0..listed.len())
            .filter_map(|j| wall.deal_place(offset, j))
            .collect();
        // First the listed order, then any place of this seat's deal with the same tile.
        for pass in 0..2 {
            for (j, (f, _)) in listed.iter().enumerate() {
                if out[j].is_some() {
                    continue;
                }
                let candidates: Vec<usize> = if pass == 0 {
                    places.get(j).copied().into_iter().collect()
                } else {
                    places.clone()
                };
                for p in candidates {
                    if let Some((t, wf)) = wall.at(p)
                        && wf == *f
                        && !round.pool.is_used(t)
                    {
                        round.pool.mark(t);
                        out[j] = Some(t);
                        break;
                    }
                }
            }
        }
    }
    let mut tiles = Vec::with_capacity(listed.len());
    for (j, (f, _)) in listed.iter().enumerate() {
        let t = match out[j] {
            Some(t) => t,
            None => round.pool.take(*f, reserved).map_err(|why| (j, why))?,
        };
        tiles.push(t);
    }
    Ok(tiles)
}

/// A Mahjong Soul yaku id (`fans[].id`) to what it names; ids 10 and 11 (the seat's and the
/// round's wind) resolve by the winds. `None` for an id of a special mode or local yaku.
fn han_source(id: u32, round_wind: Wind, seat_wind: Wind) -> Option<HanSource> {
    let yaku = match id {
        1 => Yaku::MenzenTsumo,
        2 => Yaku::Riichi,
        3 => Yaku::Chankan,
        4 => Yaku::RinshanKaihou,
        5 => Yaku::Haitei,
        6 => Yaku::Houtei,
        7 => Yaku::Haku,
        8 => Yaku::Hatsu,
        9 => Yaku::Chun,
        10 => match seat_wind {
            Wind::East => Yaku::SeatWindEast,
            Wind::South => Yaku::SeatWindSouth,
            Wind::West => Yaku::SeatWindWest,
            Wind::North => Yaku::SeatWindNorth,
        },
        11 => match round_wind {
            Wind::East => Yaku::RoundWindEast,
            Wind::South => Yaku::RoundWindSouth,
            Wind::West => Yaku::RoundWindWest,
            Wind::North => Yaku::RoundWindNorth,
        },
        12 => Yaku::Tanyao,
        13 => Yaku::Iipeikou,
        14 => Yaku::Pinfu,
        15 => Yaku::Chanta,
        16 => Yaku::Ittsu,
        17 => Yaku::SanshokuDoujun,
        18 => Yaku::DoubleRiichi,
        19 => Yaku::SanshokuDoukou,
        20 => Yaku::Sankantsu,
        21 => Yaku::Toitoi,
        22 => Yaku::Sanankou,
        23 => Yaku::Shousangen,
        24 => Yaku::Honroutou,
        25 => Yaku::Chiitoitsu,
        26 => Yaku::Junchan,
        27 => Yaku::Honitsu,
        28 => Yaku::Ryanpeikou,
        29 => Yaku::Chinitsu,
        30 => Yaku::Ippatsu,
        31 => return Some(HanSource::Dora),
        32 => return Some(HanSource::Aka),
        33 => return Some(HanSource::Ura),
        34 => return Some(HanSource::Kita),
        35 => Yaku::Tenhou,
        36 => Yaku::Chiihou,
        37 => Yaku::Daisangen,
        38 => Yaku::Suuankou,
        39 => Yaku::Tsuuiisou,
        40 => Yaku::Ryuuiisou,
        41 => Yaku::Chinroutou,
        42 => Yaku::Kokushi,
        43 => Yaku::Shousuushii,
        44 => Yaku::Suukantsu,
        45 => Yaku::Chuuren,
        47 => Yaku::JunseiChuuren,
        48 => Yaku::SuuankouTanki,
        49 => Yaku::Kokushi13Wait,
        50 => Yaku::Daisuushii,
        _ => return None,
    };
    Some(HanSource::Yaku(yaku))
}

/// What an error says of two figures from the record whose sum no figure can hold.
fn too_big(a: i64, b: i64) -> String {
    format!("{a} and {b}: scores, changes or sticks beyond what a figure can hold")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_codes_read() {
        assert_eq!(
            face("0m").map(|f| (f.kind.to_string(), f.red)),
            Some(("5m".to_owned(), true))
        );
        assert_eq!(face("7z").map(|f| f.red), Some(false));
        for bad in ["0z", "8z", "5x", "m5", "", "10m"] {
            assert!(face(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn copies_follow_the_rules() {
        let mut pool = Pool::new([true; 3], false);
        let red = face("0p").unwrap();
        let five = face("5p").unwrap();
        assert_eq!(pool.take(red, None).unwrap().copy(), 0);
        assert!(pool.take(red, None).is_err());
        for copy in 1..=3 {
            assert_eq!(pool.take(five, None).unwrap().copy(), copy);
        }
        assert!(pool.take(five, None).is_err());
        let mut plain = Pool::new([false; 3], false);
        for copy in [1, 2, 3, 0] {
            assert_eq!(plain.take(five, None).unwrap().copy(), copy);
        }
        assert!(plain.take(red, None).is_err());
    }
}
