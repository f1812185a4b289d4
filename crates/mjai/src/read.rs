//! The reader: one line at a time, each line one event, into [`GameLog`] events.

use arrayvec::ArrayVec;
use haifu_log::{
    DrawKind, FinalResult, GameLog, Location, ParseError, ParseErrorKind, Player, RecordedDraw,
    RecordedHan, RecordedWin, RiichiStage, RoundStart, SourcePositions, StartRecord, Tenths,
    YakuOrder,
};
use haifu_ruleset::{Declared, Preset};
use haifu_tiles::{
    BySeat, CopyPool, HanSource, Limit, Meld, MeldKind, Quoted, Seat, Tile, TileKind, Wind, Yaku,
};

use crate::line::{Line, TileName, YakuEntry};
use crate::tile::{self, Name};

/// Reads one mjai log (one game: JSON lines, one event a line) into `log`, which is cleared
/// first and whose allocations are reused.
///
/// It reads the lines in order and keeps only the state of the round being read (each
/// seat's tiles, the last discard, the scores), so it never holds more than one line's
/// JSON. It checks what a reader can: the JSON of each line, the fields each event needs and
/// their types, tile names, seats, that each discard and call uses tiles the seat holds, that
/// a call answers the last discard, that a ron takes the last discard, kakan or kita, and
/// that events come in an order a game has (no event before `start_game`, a round's events
/// after its `start_kyoku`, nothing after `end_game`). It never judges whether an action was
/// legal: the referee does.
///
/// # Errors
///
/// A [`ParseError`] at the line and column of the event at fault (the column of the field
/// where the JSON says it), naming the event and what was expected.
pub fn read(input: &[u8], log: &mut GameLog) -> Result<(), ParseError> {
    read_noting(input, log, None)
}

/// Like [`read`], and notes the place of each event: `positions.events[i]` is the line
/// (column 1) of the mjai event that event `i` comes from (a round's start at its
/// `start_kyoku`). A line reader knows its lines, so nothing is left to place.
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
    read_noting(input, log, Some(&mut positions.events))
}

fn read_noting(
    input: &[u8],
    log: &mut GameLog,
    mut locations: Option<&mut Vec<Location>>,
) -> Result<(), ParseError> {
    log.clear();
    let text = ParseError::text_of(input)?;
    let mut reader = Reader::new(log);
    let mut number = 0u32;
    // One line's fields, reused from line to line.
    let mut parsed = Line::default();
    for raw in lines(text) {
        number = number.saturating_add(1);
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        // An event's line starts with its `{`: only another line needs the whitespace test.
        if !line.starts_with('{') && line.trim().is_empty() {
            continue;
        }
        let at = Location {
            line: number,
            column: 1,
        };
        let before = reader.log.len();
        // No nesting check of its own: a line's event nests three levels, and serde_json
        // refuses anything deeper than its recursion limit with an error, never a crash.
        parsed.read(line).map_err(|e| {
            at_line(
                ParseError::from_json(line, 0, &e, &event_name(line)),
                number,
            )
        })?;
        reader
            .event(&parsed)
            .map_err(|detail| ParseError::new(at, element(&parsed.kind, detail)))?;
        if let Some(out) = locations.as_deref_mut() {
            // A round's start waiting for its hands (the 2011 dialect) is placed at its line.
            let start = reader.pending_at.take().unwrap_or(at);
            for i in before..reader.log.len() {
                let is_start = matches!(reader.log.event(i), Some(haifu_log::Event::RoundStart(_)));
                out.push(if is_start { start } else { at });
            }
            if reader.pending.is_some() && reader.pending_at.is_none() {
                reader.pending_at = Some(start);
            }
        }
    }
    reader.finish().map_err(|detail| {
        ParseError::new(
            Location::of_offset(input, input.len()),
            ParseErrorKind::Truncated { expected: detail },
        )
    })
}

/// The pieces of `text` between its `\n`s, as `text.split('\n')` gives them, found with
/// `memchr` (the standard library's search was about a ninth of reading a log's instructions).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        Some(match memchr::memchr(b'\n', text.as_bytes()) {
            Some(end) => {
                rest = Some(&text[end + 1..]);
                &text[..end]
            }
            None => {
                rest = None;
                text
            }
        })
    })
}

/// `e`, found in one line, placed on line `number` of the file.
fn at_line(mut e: ParseError, number: u32) -> ParseError {
    e.location.line = number;
    e
}

/// The event a line names, for messages about its JSON: `the "dahai" event`, or `the event`.
fn event_name(line: &str) -> String {
    #[derive(serde::Deserialize)]
    struct Kind<'a> {
        #[serde(rename = "type", borrow)]
        kind: std::borrow::Cow<'a, str>,
    }
    match serde_json::from_str::<Kind<'_>>(line) {
        Ok(k) => format!("the {} event", Quoted(&k.kind)),
        Err(_) => "the event".to_owned(),
    }
}

fn element(kind: &str, detail: String) -> ParseErrorKind {
    ParseErrorKind::Element {
        path: format!("the {} event", Quoted(kind)),
        detail,
    }
}

/// The events a log may hold, for messages.
const EVENTS: &str = "start_game, start_kyoku, haipai, tsumo, dahai, chi, pon, daiminkan, kakan, ankan, nukidora (or kita), dora, reach, reach_accepted, hora, ryukyoku, end_kyoku or end_game";

type R<T> = Result<T, String>;

/// The outcome recorded last, which a final result belongs to.
#[derive(Clone, Copy)]
enum Outcome {
    Win(usize),
    Draw(usize),
}

/// A round's start waiting for its hands (the 2011 dialect's `haipai` events).
struct Pending {
    start: RoundStart,
    dealt: [bool; 4],
}

/// The state of the round being read.
struct Round {
    pool: CopyPool,
    /// Each seat's concealed tiles, each with whether the log named it red.
    hands: [Vec<(Tile, bool)>; 4],
    melds: [ArrayVec<Meld, 4>; 4],
    riichi: [bool; 4],
    scores: [i32; 4],
    honba: u32,
    sticks: u32,
    round_wind: Wind,
    dealer: Seat,
    dora: ArrayVec<Tile, 5>,
    /// The seat that drew last and has not yet discarded or called, with its tile.
    drawn: Option<(Seat, Tile)>,
    /// The tile a ron may take: the last discard, kakan or kita, with its seat.
    claimable: Option<(Seat, Tile, bool)>,
    /// Whether the round has an outcome (and so takes no more actions).
    over: bool,
    /// Whether the round has a win (and so takes only further wins of a multiple ron).
    won: bool,
}

struct Reader<'l> {
    log: &'l mut GameLog,
    players: u8,
    red: Option<[bool; 3]>,
    started: bool,
    ended: bool,
    round: Option<Round>,
    pending: Option<Pending>,
    pending_at: Option<Location>,
    last_outcome: Option<Outcome>,
    /// Whether any `hora` gave its value (yaku and points), and whether any gave none.
    valued: bool,
    unvalued: bool,
}

impl<'l> Reader<'l> {
    fn new(log: &'l mut GameLog) -> Reader<'l> {
        let header = &mut log.header;
        header.format = "mjai".to_owned();
        header.start_record = StartRecord::Optional;
        header.end_record = haifu_log::EndRecord::Optional;
        header.yaku_order = YakuOrder::Exporter;
        header.first_dealer = Some(Seat::ALL[0]);
        // mjai writes no limit name, and no placement points.
        header.unrecorded.limit = true;
        header.unrecorded.final_points = true;
        // Nor a liable seat: the payments show it.
        header.unrecorded.pao = true;
        Reader {
            log,
            players: 4,
            red: None,
            started: false,
            ended: false,
            round: None,
            pending: None,
            pending_at: None,
            last_outcome: None,
            valued: false,
            unvalued: false,
        }
    }

    fn seat(&self, n: Option<u8>, field: &str) -> R<Seat> {
        let n =
            n.ok_or_else(|| format!("no `{field}`: expected a seat 0..{}", self.players - 1))?;
        if n < self.players {
            Ok(Seat::ALL[usize::from(n)])
        } else {
            Err(format!(
                "`{field}` is {n}: expected a seat 0..{} ({} players)",
                self.players - 1,
                self.players
            ))
        }
    }

    fn round(&mut self, kind: &str) -> R<&mut Round> {
        self.flush_pending()?;
        match &mut self.round {
            Some(r) if r.won && kind != "hora" => Err(format!(
                "{kind} after a win: expected another hora (a multiple ron), end_kyoku or start_kyoku"
            )),
            Some(r) if !r.over => Ok(r),
            Some(_) => Err(format!(
                "{kind} after the round's outcome: expected end_kyoku or start_kyoku"
            )),
            None => Err(format!("{kind} before any start_kyoku")),
        }
    }

    fn event(&mut self, line: &Line<'_>) -> R<()> {
        let kind: &str = &line.kind;
        if self.ended {
            return Err(format!(
                "an event after end_game: a file holds one game ({} after it)",
                Quoted(kind)
            ));
        }
        if kind != "haipai" {
            self.flush_pending()?;
        }
        match kind {
            "start_game" => self.start_game(line),
            "start_kyoku" => self.start_kyoku(line),
            "haipai" => self.haipai(line),
            "tsumo" => self.tsumo(line),
            "dahai" => self.dahai(line),
            "chi" | "pon" | "daiminkan" => self.claim(line),
            "kakan" => self.kakan(line),
            "ankan" => self.ankan(line),
            "nukidora" | "kita" => self.kita(line),
            "dora" => self.dora(line),
            "reach" => {
                let seat = self.seat(line.actor, "actor")?;
                self.round(kind)?;
                self.log.push_riichi(seat, RiichiStage::Declared, None);
                Ok(())
            }
            "reach_accepted" => self.reach_accepted(line),
            "hora" => self.hora(line),
            "ryukyoku" => self.ryukyoku(line),
            "end_kyoku" => match &self.round {
                Some(_) => Ok(()),
                None => Err("end_kyoku before any start_kyoku".to_owned()),
            },
            "end_game" => self.end_game(line),
            other => Err(format!("{}: expected {EVENTS}", Quoted(other))),
        }
    }

    fn start_game(&mut self, line: &Line<'_>) -> R<()> {
        if self.started || !self.log.is_empty() || self.round.is_some() {
            return Err(
                "a second start_game: a file holds one game (split a file of several games into one file a game)"
                    .to_owned(),
            );
        }
        self.started = true;
        if let Some(names) = &line.names {
            if !(3..=4).contains(&names.len()) {
                return Err(format!(
                    "{} names: expected 3 or 4, one a seat",
                    names.len()
                ));
            }
            self.players = names.len() as u8;
            for (seat, name) in Seat::ALL.into_iter().zip(names) {
                self.log.header.players[seat] = Player {
                    name: name.clone(),
                    ..Player::default()
                };
            }
        }
        if let Some(first) = line.kyoku_first
            && first != 0
            && first != 4
        {
            return Err(format!(
                "kyoku_first {first}: expected 0 (a game from the East round) or 4 (from the South round)"
            ));
        }
        self.red = line.aka_flag.map(|a| [a; 3]);
        self.declare(line.uri.as_deref());
        Ok(())
    }

    /// The rules the log declares: a Tenhou game's type bits when its `uri` names a Tenhou
    /// game id, else none (mjai states no rules).
    fn declare(&mut self, uri: Option<&str>) {
        let id = uri.and_then(tenhou_id);
        let header = &mut self.log.header;
        if let Some((id, go_type)) = id {
            header.game_id = Some(id.to_owned());
            header.rules.go_type = go_type;
            header.declared = Declared::TenhouFlags { overrides: None };
            return;
        }
        let three = self.players == 3;
        header.declared = Declared::Undeclared {
            why: match uri {
                Some(u) => format!(
                    "an mjai log whose uri ({}) names no Tenhou game id: mjai states no rules",
                    Quoted(u)
                ),
                None => {
                    "an mjai log: mjai states no rules, and this log names no platform (no uri)"
                        .to_owned()
                }
            },
            // Three-player mjai logs in numbers are Mahjong Soul's (converted for training);
            // four-player ones, converted Tenhou games.
            suggest: match (three, uri.is_some_and(|u| u.contains("tenhou.net"))) {
                (true, true) => Preset::TenhouSanma,
                (true, false) => Preset::MahjongSoulSanma,
                (false, _) => Preset::Tenhou,
            },
        };
    }

    fn red_suits(&self) -> CopyPool {
        match self.red {
            Some(red) => CopyPool::with_red_fives(red),
            None => CopyPool::new(),
        }
    }

    fn start_kyoku(&mut self, line: &Line<'_>) -> R<()> {
        if let Some(r) = &self.round
            && !r.over
            && !r.won
        {
            // A round cut off without an outcome is allowed only at the log's end.
            return Err(
                "start_kyoku before the last round's outcome (hora or ryukyoku)".to_owned(),
            );
        }
        let mut pool = self.red_suits();
        let dealer = self.seat(line.oya, "oya")?;
        let indicator = known(line.dora_marker, "dora_marker")?;
        let dora_indicator = take(&mut pool, indicator, "dora_marker")?;
        let legacy = line.tehais.is_none();
        if let Some(tehais) = &line.tehais
            && !self.started
            && (3..=4).contains(&tehais.len())
        {
            self.players = tehais.len() as u8;
        }
        let mut start = RoundStart {
            round_wind: Wind::East,
            round_number: 1,
            honba: line.honba.unwrap_or(0),
            sticks: line.kyotaku.unwrap_or(0),
            dice: None,
            dora_indicator,
            untimed_dora: ArrayVec::new(),
            scores: BySeat::from_array([0; 4]),
            dealer,
            hands: BySeat::default(),
            shuffle: None,
            chips: None,
            wall: None,
        };
        let mut round = Round {
            pool,
            hands: Default::default(),
            melds: Default::default(),
            riichi: [false; 4],
            scores: [0; 4],
            honba: start.honba,
            sticks: start.sticks,
            round_wind: Wind::East,
            dealer,
            dora: [dora_indicator].into_iter().collect(),
            drawn: None,
            claimable: None,
            over: false,
            won: false,
        };
        if legacy {
            // The 2011 dialect: the dealer and the indicator, then a `haipai` a seat.
            self.log.header.unrecorded.round_setup = true;
            self.pending = Some(Pending {
                start,
                dealt: [false; 4],
            });
            self.round = Some(round);
            return Ok(());
        }
        let (wind, _) = known_red(line.bakaze, "bakaze")?;
        start.round_wind = wind.wind().ok_or_else(|| {
            format!(
                "bakaze {}: expected a wind, E S W or N",
                tile::name(wind, false)
            )
        })?;
        round.round_wind = start.round_wind;
        start.round_number = match line.kyoku {
            Some(k @ 1..=4) => k,
            Some(k) => return Err(format!("kyoku {k}: expected 1..4")),
            None => return Err("no `kyoku`: expected the round's number 1..4".to_owned()),
        };
        let (Some(_), Some(_)) = (line.honba, line.kyotaku) else {
            return Err("no `honba` or `kyotaku`: expected the counters".to_owned());
        };
        let scores = line
            .scores
            .as_deref()
            .ok_or("no `scores`: expected each seat's score")?;
        round.scores = self.row(scores, "scores")?;
        start.scores = BySeat::from_array(round.scores);
        let tehais = line.tehais.as_deref().unwrap_or_default();
        if tehais.len() != usize::from(self.players) {
            return Err(format!(
                "{} hands in `tehais`: expected {}, one a seat",
                tehais.len(),
                self.players
            ));
        }
        for (i, hand) in tehais.iter().enumerate() {
            let seat = Seat::ALL[i];
            round.deal(seat, hand, &mut start)?;
        }
        self.log.push_round_start(start);
        self.round = Some(round);
        Ok(())
    }

    fn haipai(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        let (Some(pending), Some(round)) = (&mut self.pending, &mut self.round) else {
            return Err(
                "haipai outside a round's deal: expected it after a start_kyoku without tehais"
                    .to_owned(),
            );
        };
        if std::mem::replace(&mut pending.dealt[seat.index()], true) {
            return Err(format!("a second haipai for seat {}", seat.index()));
        }
        let pais = line.pais.as_deref().ok_or("no `pais`: expected 13 tiles")?;
        round.deal(seat, pais, &mut pending.start)?;
        Ok(())
    }

    fn flush_pending(&mut self) -> R<()> {
        let Some(pending) = self.pending.take() else {
            return Ok(());
        };
        let dealt = pending.dealt.iter().filter(|d| **d).count();
        if dealt != usize::from(self.players) {
            return Err(format!(
                "a round dealt to {dealt} seats: expected a haipai for each of {} seats",
                self.players
            ));
        }
        self.log.push_round_start(pending.start);
        Ok(())
    }

    /// A row of numbers by seat, as many as there are players.
    fn row(&self, values: &[i32], field: &str) -> R<[i32; 4]> {
        if values.len() != usize::from(self.players) {
            return Err(format!(
                "{} numbers in `{field}`: expected {}, one a seat",
                values.len(),
                self.players
            ));
        }
        let mut row = [0; 4];
        row[..values.len()].copy_from_slice(values);
        Ok(row)
    }

    fn tsumo(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        let name = known(line.pai, "pai")?;
        let round = self.round("tsumo")?;
        let tile = take(&mut round.pool, name, "pai")?;
        round.hands[seat.index()].push((tile, is_red(line.pai)));
        round.drawn = Some((seat, tile));
        round.claimable = None;
        self.log.push_draw_tile(seat, tile);
        Ok(())
    }

    fn dahai(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        let (kind, red) = known_red(line.pai, "pai")?;
        let round = self.round("dahai")?;
        let drawn = round.drawn.filter(|(s, _)| *s == seat).map(|(_, t)| t);
        // A discard of the drawn tile is tsumogiri; a log that does not say (the 2011
        // dialect) has it from the order of events.
        let prefer_drawn = line.tsumogiri.unwrap_or(true);
        let tile = round.remove(seat, kind, red, drawn.filter(|_| prefer_drawn))?;
        let tsumogiri = match line.tsumogiri {
            Some(t) => t,
            None => drawn == Some(tile),
        };
        round.drawn = None;
        round.claimable = Some((seat, tile, red));
        self.log.push_discard(seat, tile, tsumogiri);
        Ok(())
    }

    fn claim(&mut self, line: &Line<'_>) -> R<()> {
        let kind_name: &str = &line.kind;
        let seat = self.seat(line.actor, "actor")?;
        let target = self.seat(line.target, "target")?;
        let (kind, red) = known_red(line.pai, "pai")?;
        let consumed = line
            .consumed
            .as_deref()
            .ok_or("no `consumed`: expected the tiles from the hand")?;
        let (meld_kind, count) = match kind_name {
            "chi" => (MeldKind::Chi, 2),
            "pon" => (MeldKind::Pon, 2),
            _ => (MeldKind::Daiminkan, 3),
        };
        if consumed.len() != count {
            return Err(format!(
                "{} tiles in `consumed`: expected {count}",
                consumed.len()
            ));
        }
        let round = self.round(kind_name)?;
        let called = match round.claimable {
            Some((s, t, r)) if s == target && t.kind() == kind && r == red => t,
            _ => {
                return Err(format!(
                    "a call on {} from seat {}, which is not the last discard",
                    tile::name(kind, red),
                    target.index()
                ));
            }
        };
        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
        for c in consumed {
            let (k, r) = known_red(Some(*c), "consumed")?;
            tiles.push(round.remove(seat, k, r, None)?);
        }
        tiles.push(called);
        let meld = Meld::new(meld_kind, &tiles, Some(called), None, Some(target))
            .ok_or("a meld of no tiles")?;
        round.melds[seat.index()]
            .try_push(meld)
            .map_err(|_| "a fifth meld".to_owned())?;
        round.claimable = None;
        round.drawn = None;
        self.log.push_call(seat, meld);
        Ok(())
    }

    fn kakan(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        let (kind, red) = known_red(line.pai, "pai")?;
        let round = self.round("kakan")?;
        let at = round.melds[seat.index()]
            .iter()
            .position(|m| m.kind == MeldKind::Pon && m.base_kind() == kind)
            .ok_or_else(|| format!("a kakan of {} with no pon of it", tile::name(kind, red)))?;
        let added = round.remove(seat, kind, red, None)?;
        let pon = round.melds[seat.index()][at];
        let mut tiles: ArrayVec<Tile, 4> = pon.tiles().iter().copied().collect();
        tiles.push(added);
        let meld = Meld::new(MeldKind::Kakan, &tiles, pon.called, Some(added), pon.from)
            .ok_or("a meld of no tiles")?;
        round.melds[seat.index()][at] = meld;
        round.drawn = None;
        round.claimable = Some((seat, added, red));
        self.log.push_call(seat, meld);
        Ok(())
    }

    fn ankan(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        let consumed = line
            .consumed
            .as_deref()
            .ok_or("no `consumed`: expected the four tiles")?;
        if consumed.len() != 4 {
            return Err(format!(
                "{} tiles in `consumed`: expected 4",
                consumed.len()
            ));
        }
        let round = self.round("ankan")?;
        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
        for c in consumed {
            let (k, r) = known_red(Some(*c), "consumed")?;
            tiles.push(round.remove(seat, k, r, None)?);
        }
        let meld =
            Meld::new(MeldKind::Ankan, &tiles, None, None, None).ok_or("a meld of no tiles")?;
        round.melds[seat.index()]
            .try_push(meld)
            .map_err(|_| "a fifth meld".to_owned())?;
        round.drawn = None;
        round.claimable = None;
        self.log.push_call(seat, meld);
        Ok(())
    }

    fn kita(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        // RiichiEnv's `kita` names no tile: it is North.
        let (kind, red) = match line.pai {
            None => (TileKind::new(30).ok_or("no North")?, false),
            pai => known_red(pai, "pai")?,
        };
        let round = self.round(&line.kind)?;
        let tile = round.remove(seat, kind, red, None)?;
        let meld = Meld::new(MeldKind::Kita, &[tile], None, None, None).ok_or("no tile")?;
        round.drawn = None;
        round.claimable = Some((seat, tile, false));
        self.log.push_call(seat, meld);
        Ok(())
    }

    fn dora(&mut self, line: &Line<'_>) -> R<()> {
        let name = known(line.dora_marker, "dora_marker")?;
        let round = self.round("dora")?;
        let tile = take(&mut round.pool, name, "dora_marker")?;
        round
            .dora
            .try_push(tile)
            .map_err(|_| "a sixth dora indicator".to_owned())?;
        self.log.push_new_dora(tile);
        Ok(())
    }

    fn reach_accepted(&mut self, line: &Line<'_>) -> R<()> {
        let seat = self.seat(line.actor, "actor")?;
        let deltas = line
            .deltas
            .as_deref()
            .map(|d| self.row(d, "deltas"))
            .transpose()?;
        let scores = line
            .scores
            .as_deref()
            .map(|s| self.row(s, "scores"))
            .transpose()?;
        let round = self.round("reach_accepted")?;
        round.riichi[seat.index()] = true;
        round.sticks = round.sticks.checked_add(1).ok_or_else(|| {
            format!(
                "{} riichi sticks and one more: more than a count can hold",
                round.sticks
            )
        })?;
        let unknown = match (deltas, scores) {
            (Some(d), _) => {
                round.scores = seatwise(round.scores, d, i32::checked_add, "scores and deltas")?;
                false
            }
            (None, Some(s)) => {
                round.scores = s;
                false
            }
            // Mortal's logs (and the 2011 dialect) say nothing of the deposit: the scores
            // before each outcome cannot be reckoned, and are not compared.
            (None, None) => true,
        };
        if unknown {
            self.log.header.unrecorded.scores = true;
        }
        self.log.push_riichi(
            seat,
            RiichiStage::DepositTaken,
            scores.map(BySeat::from_array),
        );
        Ok(())
    }

    fn hora(&mut self, line: &Line<'_>) -> R<()> {
        let winner = self.seat(line.actor, "actor")?;
        let from = self.seat(line.target, "target")?;
        let players = self.players;
        let deltas = line
            .deltas
            .as_deref()
            .map(|d| self.row(d, "deltas"))
            .transpose()?;
        let after = line
            .scores
            .as_deref()
            .map(|s| self.row(s, "scores"))
            .transpose()?;
        let list = line.yakus.as_deref().or(line.yaku.as_deref());
        let ura_names = line
            .ura_markers
            .as_deref()
            .or(line.uradora_markers.as_deref())
            .unwrap_or_default();
        let round = self.round("hora")?;
        let w = winner.index();
        let winning_tile = if winner == from {
            match round.drawn {
                Some((s, t)) if s == winner => t,
                _ => return Err(format!("seat {w} wins by tsumo but did not draw last")),
            }
        } else {
            match round.claimable {
                Some((s, t, _)) if s == from => t,
                _ => {
                    return Err(format!(
                        "seat {w} wins by ron on seat {}, whose discard, kakan or kita is not the last action",
                        from.index()
                    ));
                }
            }
        };
        if let Some(pai) = line.pai
            && let Name::Known { kind, .. } = pai.0
            && kind != winning_tile.kind()
        {
            return Err(format!(
                "the winning tile is {} but the last tile is {}",
                tile::name(kind, false),
                tile::name(winning_tile.kind(), false)
            ));
        }
        let mut hand: ArrayVec<Tile, 14> = ArrayVec::new();
        for (t, _) in &round.hands[w] {
            hand.try_push(*t)
                .map_err(|_| format!("seat {w}'s hand holds more than 14 tiles"))?;
        }
        if winner != from {
            hand.try_push(winning_tile)
                .map_err(|_| format!("seat {w}'s hand holds more than 13 tiles"))?;
        }
        hand.sort_unstable();
        let mut ura: ArrayVec<Tile, 5> = ArrayVec::new();
        for name in ura_names {
            let t = take(
                &mut round.pool,
                known(Some(*name), "ura_markers")?,
                "ura_markers",
            )?;
            ura.try_push(t)
                .map_err(|_| "more than 5 ura indicators".to_owned())?;
        }
        let seat_wind = winner.wind(round.dealer);
        let seat_wind = if players == 3 {
            Wind::from_index(((w + 3 - round.dealer.index()) % 3) as u8)
        } else {
            seat_wind
        };
        let (mut yaku, yakuman) = match list {
            Some(list) => yaku_list(list, round.round_wind, seat_wind, &round.melds[w], &hand)?,
            None => (ArrayVec::new(), ArrayVec::new()),
        };
        if yakuman.is_empty()
            && round.riichi[w]
            && list.is_some()
            && !yaku.iter().any(|y| y.source == HanSource::Ura)
        {
            // Ura dora that give no han are left out; Tenhou lists them, last, at 0.
            let _ = yaku.try_push(RecordedHan {
                source: HanSource::Ura,
                han: 0,
            });
        }
        if let (Some(list), Some(total)) = (list, line.fan.or(line.han))
            && yakuman.is_empty()
        {
            let sum = list
                .iter()
                .try_fold(0u32, |sum, e| sum.checked_add(e.1))
                .ok_or("the yaku's han add up to more than a count can hold")?;
            if sum != total {
                return Err(format!(
                    "the yaku sum to {sum} han but the hora says {total}"
                ));
            }
        }
        if let Some(shown) = line.hora_tehais.as_deref() {
            let mut kinds: Vec<(TileKind, bool)> = Vec::with_capacity(shown.len());
            for name in shown {
                kinds.push(known_red(Some(*name), "hora_tehais")?);
            }
            kinds.sort_unstable();
            let mut held: Vec<(TileKind, bool)> = round.hands[w]
                .iter()
                .filter(|(t, _)| winner != from || *t != winning_tile)
                .map(|(t, r)| (t.kind(), *r))
                .collect();
            held.sort_unstable();
            if kinds != held {
                return Err(format!(
                    "hora_tehais differ from the tiles seat {w} holds before its winning tile"
                ));
            }
        }
        let deltas = deltas.unwrap_or([0; 4]);
        let scores = match after {
            Some(after) => seatwise(after, deltas, i32::checked_sub, "scores less deltas")?,
            None => round.scores,
        };
        let win = RecordedWin {
            winner,
            from,
            pao: None,
            honba: round.honba,
            sticks: round.sticks,
            hand,
            melds: round.melds[w].clone(),
            winning_tile,
            fu: line.fu,
            points: line.hora_points.unwrap_or(0),
            limit: Limit::None,
            yaku,
            yakuman,
            dora_indicators: round.dora.clone(),
            ura_indicators: ura,
            scores: BySeat::from_array(scores),
            deltas: BySeat::from_array(deltas),
            chips: None,
            chip_awards: Vec::new(),
            ratio: None,
            final_result: None,
        };
        round.scores = match after {
            Some(after) => after,
            None => seatwise(round.scores, deltas, i32::checked_add, "scores and deltas")?,
        };
        round.won = true;
        // The sticks go to the first winner of a multiple ron.
        round.sticks = 0;
        round.drawn = None;
        let (has_value, has_points) = (list.is_some(), line.hora_points.is_some());
        if has_value && has_points {
            self.valued = true;
        } else {
            self.unvalued = true;
        }
        // convlog's `hora_points` (its hora write `ura_markers`) was seen to count the honba
        // payment in: not the hand's value.
        if line.ura_markers.is_some() {
            self.log.header.unrecorded.points = true;
        }
        self.last_outcome = Some(Outcome::Win(self.log.wins().len()));
        self.log.push_win(win);
        Ok(())
    }

    fn ryukyoku(&mut self, line: &Line<'_>) -> R<()> {
        // Engines' logs (Mortal's) write no reason: a draw declared by the seat that has just
        // drawn is the one draw declared in one's own turn, nine terminals; any other is read
        // as exhaustive, and the referee says so if the wall is not done.
        let reason = match line.reason.as_deref() {
            Some(r) => r,
            None if self.round.as_ref().is_some_and(|r| r.drawn.is_some()) => "kyushukyuhai",
            None => "fanpai",
        };
        let kind = draw_kind(reason).ok_or_else(|| {
            format!(
                "reason {}: expected fanpai, kyushukyuhai, sufonrenta, suchareach, sukaikan, sanchaho or nagashimangan",
                Quoted(reason)
            )
        })?;
        let deltas = line
            .deltas
            .as_deref()
            .map(|d| self.row(d, "deltas"))
            .transpose()?;
        let tenpais = line.tenpais.as_deref();
        if let Some(t) = tenpais
            && t.len() != usize::from(self.players)
        {
            return Err(format!(
                "{} values in `tenpais`: expected {}",
                t.len(),
                self.players
            ));
        }
        let players = usize::from(self.players);
        let round = self.round("ryukyoku")?;
        let mut shown: BySeat<Option<ArrayVec<Tile, 14>>> = BySeat::default();
        let hand_of = |round: &Round, i: usize| -> ArrayVec<Tile, 14> {
            let mut h: ArrayVec<Tile, 14> =
                round.hands[i].iter().map(|(t, _)| *t).take(14).collect();
            h.sort_unstable();
            h
        };
        match kind {
            DrawKind::KyuushuKyuuhai => {
                let Some((seat, _)) = round.drawn else {
                    return Err("kyushukyuhai where no seat has just drawn".to_owned());
                };
                shown[seat] = Some(hand_of(round, seat.index()));
            }
            _ => {
                // The hands of the seats `tenpais` names (an exhaustive draw, a nagashi
                // mangan; abortive draws write none).
                for i in 0..players {
                    if tenpais.is_some_and(|t| t[i]) {
                        shown[Seat::ALL[i]] = Some(hand_of(round, i));
                    }
                }
            }
        }
        let draw = RecordedDraw {
            kind,
            honba: round.honba,
            sticks: round.sticks,
            shown,
            tenpai_unrecorded: tenpais.is_none()
                && matches!(kind, DrawKind::Exhaustive | DrawKind::NagashiMangan),
            scores: BySeat::from_array(round.scores),
            deltas: BySeat::from_array(deltas.unwrap_or([0; 4])),
            chips: None,
            ratio: None,
            final_result: None,
        };
        round.over = true;
        self.last_outcome = Some(Outcome::Draw(self.log.draws().len()));
        self.log.push_round_draw(draw);
        Ok(())
    }

    fn end_game(&mut self, line: &Line<'_>) -> R<()> {
        self.flush_pending()?;
        self.ended = true;
        let scores = match line.scores.as_deref() {
            Some(scores) => self.row(scores, "scores")?,
            // The 2011 dialect states the end, not its scores: the replay takes the flow's
            // (so that where the game ends is still checked).
            None if self.log.header.unrecorded.round_setup && self.last_outcome.is_some() => [0; 4],
            None => return Ok(()),
        };
        let result = FinalResult {
            scores: BySeat::from_array(scores),
            points: BySeat::from_array([Tenths(0); 4]),
            chips: None,
        };
        match self.last_outcome {
            Some(Outcome::Win(i)) => self.log.set_final_result(Some(i), None, result),
            Some(Outcome::Draw(i)) => self.log.set_final_result(None, Some(i), result),
            None => return Err("end_game with scores but no round before it".to_owned()),
        }
        Ok(())
    }

    fn finish(mut self) -> R<()> {
        self.flush_pending()?;
        if self.log.round_starts().is_empty() {
            return Err("a start_kyoku: the log holds no round".to_owned());
        }
        let header = &mut self.log.header;
        // A log whose `hora` give only payments (Mortal, mjai.app): their value is checked
        // through them.
        if self.unvalued {
            header.unrecorded.value = true;
        }
        let _ = self.valued;
        Ok(())
    }
}

impl Round {
    /// Deals `seat` its starting hand.
    fn deal(&mut self, seat: Seat, names: &[TileName], start: &mut RoundStart) -> R<()> {
        if names.len() != 13 {
            return Err(format!(
                "{} tiles in seat {}'s hand: expected 13",
                names.len(),
                seat.index()
            ));
        }
        for name in names {
            let (kind, red) = match name.0 {
                Name::Known { kind, red } => (kind, red),
                Name::Unknown => {
                    return Err(format!(
                        "an unknown tile ? in seat {}'s hand: a player's view of the game, not a whole game's log",
                        seat.index()
                    ));
                }
            };
            let t = self
                .pool
                .take(kind, red)
                .map_err(|e| format!("seat {}'s hand: {e}", seat.index()))?;
            self.hands[seat.index()].push((t, red));
            let _ = start.hands[seat].try_push(t);
        }
        Ok(())
    }

    /// Takes a tile of `kind` (red when `red`) out of `seat`'s hand: `prefer` when it is one,
    /// else the last such tile.
    fn remove(&mut self, seat: Seat, kind: TileKind, red: bool, prefer: Option<Tile>) -> R<Tile> {
        let hand = &mut self.hands[seat.index()];
        let matches = |(t, r): &(Tile, bool)| t.kind() == kind && *r == red;
        let at = prefer
            .and_then(|p| hand.iter().position(|e| e.0 == p && matches(e)))
            .or_else(|| hand.iter().rposition(matches))
            .ok_or_else(|| {
                format!(
                    "seat {} does not hold {}",
                    seat.index(),
                    tile::name(kind, red)
                )
            })?;
        Ok(hand.remove(at).0)
    }
}

/// A tile the field must name, not `?`.
fn known(name: Option<TileName>, field: &str) -> R<Name> {
    match name {
        Some(TileName(n @ Name::Known { .. })) => Ok(n),
        Some(TileName(Name::Unknown)) => Err(format!(
            "`{field}` is ?: the log must show this tile (a player's view is not a game's log)"
        )),
        None => Err(format!("no `{field}`: expected {}", tile::EXPECTED)),
    }
}

fn known_red(name: Option<TileName>, field: &str) -> R<(TileKind, bool)> {
    match known(name, field)? {
        Name::Known { kind, red } => Ok((kind, red)),
        Name::Unknown => Err(format!("`{field}` is ?")),
    }
}

fn is_red(name: Option<TileName>) -> bool {
    matches!(name, Some(TileName(Name::Known { red: true, .. })))
}

/// Gives a named tile its copy.
fn take(pool: &mut CopyPool, name: Name, field: &str) -> R<Tile> {
    match name {
        Name::Known { kind, red } => pool.take(kind, red).map_err(|e| format!("`{field}`: {e}")),
        Name::Unknown => Err(format!("`{field}` is ?")),
    }
}

/// A draw's reason as mjai's producers spell it (and Tenhou's words, which some keep).
fn draw_kind(reason: &str) -> Option<DrawKind> {
    Some(match reason {
        "fanpai" | "exhaustive_draw" | "ryukyoku" => DrawKind::Exhaustive,
        "kyushukyuhai" | "kyushu_kyuhai" | "yao9" => DrawKind::KyuushuKyuuhai,
        "sufonrenta" | "kaze4" => DrawKind::SuufonRenda,
        "suchareach" | "reach4" => DrawKind::SuuchaRiichi,
        "sukaikan" | "suchakantsu" | "kan4" => DrawKind::Suukaikan,
        "sanchaho" | "ron3" => DrawKind::Sanchahou,
        "nagashimangan" | "nm" => DrawKind::NagashiMangan,
        _ => return None,
    })
}

/// A Tenhou game id in a `uri` (`…?log=YYYYMMDDHHgm-TTTT-LLLL-HASH&tw=0`, `TTTT` the type bits in hex) and the GO
/// type bits its second part writes.
fn tenhou_id(uri: &str) -> Option<(&str, u32)> {
    let start = uri.find("log=")? + 4;
    let id = uri[start..].split('&').next()?;
    let mut parts = id.split('-');
    let (head, bits) = (parts.next()?, parts.next()?);
    if !head.ends_with("gm") || head.len() != 12 || bits.len() != 4 {
        return None;
    }
    let bits = u32::from_str_radix(bits, 16).ok()?;
    Some((id, bits))
}

/// mjai's English yaku names (gimite's, which its converters and engines keep): the names
/// that do not say which wind or dragon are resolved by the seat's and round's winds, and
/// `sangenpai` by the dragon sets of the hand, in the order white, green, red.
fn english(name: &str, round: Wind, seat: Wind) -> Option<Result<HanSource, Generic>> {
    use Yaku as Y;
    let yaku = match name {
        "menzenchin_tsumoho" => Y::MenzenTsumo,
        "reach" | "riichi" => Y::Riichi,
        "ippatsu" => Y::Ippatsu,
        "chankan" => Y::Chankan,
        "rinshankaiho" => Y::RinshanKaihou,
        "haiteiraoyue" => Y::Haitei,
        "hoteiraoyui" => Y::Houtei,
        "pinfu" => Y::Pinfu,
        "tanyaochu" => Y::Tanyao,
        "ipeko" => Y::Iipeikou,
        "jikaze" => wind_yaku(seat, false),
        "bakaze" => wind_yaku(round, true),
        // Another converter's spellings (Tenhou's yaku ids one by one).
        "jikaze_ton" => Y::SeatWindEast,
        "jikaze_nan" => Y::SeatWindSouth,
        "jikaze_sha" => Y::SeatWindWest,
        "jikaze_pei" => Y::SeatWindNorth,
        "bakaze_ton" => Y::RoundWindEast,
        "bakaze_nan" => Y::RoundWindSouth,
        "bakaze_sha" => Y::RoundWindWest,
        "bakaze_pei" => Y::RoundWindNorth,
        "yakuhai_haku" => Y::Haku,
        "yakuhai_hatsu" => Y::Hatsu,
        "yakuhai_chun" => Y::Chun,
        "daburu_riichi" => Y::DoubleRiichi,
        "suanko_tanki" => Y::SuuankouTanki,
        "churenpoton_9" => Y::JunseiChuuren,
        "kokushimuso_13" => Y::Kokushi13Wait,
        "sangenpai" => return Some(Err(Generic::Dragon)),
        "double_reach" => Y::DoubleRiichi,
        "chitoitsu" => Y::Chiitoitsu,
        "honchantaiyao" => Y::Chanta,
        "ikkitsukan" => Y::Ittsu,
        "sanshokudojun" => Y::SanshokuDoujun,
        "sanshokudoko" => Y::SanshokuDoukou,
        "sankantsu" => Y::Sankantsu,
        "toitoiho" => Y::Toitoi,
        "sananko" => Y::Sanankou,
        "shosangen" => Y::Shousangen,
        "honroto" => Y::Honroutou,
        "ryanpeko" => Y::Ryanpeikou,
        "junchantaiyao" => Y::Junchan,
        "honiso" => Y::Honitsu,
        "chiniso" => Y::Chinitsu,
        "renho" => Y::Renhou,
        "tenho" => Y::Tenhou,
        "chiho" => Y::Chiihou,
        "daisangen" => Y::Daisangen,
        "suanko" => Y::Suuankou,
        "tsuiso" => Y::Tsuuiisou,
        "ryuiso" => Y::Ryuuiisou,
        "chinroto" => Y::Chinroutou,
        "churenpoton" => Y::Chuuren,
        "kokushimuso" => Y::Kokushi,
        "daisushi" => Y::Daisuushii,
        "shosushi" => Y::Shousuushii,
        "sukantsu" => Y::Suukantsu,
        "dora" => return Some(Ok(HanSource::Dora)),
        "uradora" => return Some(Ok(HanSource::Ura)),
        "akadora" => return Some(Ok(HanSource::Aka)),
        "nukidora" | "kita" => return Some(Ok(HanSource::Kita)),
        _ => return None,
    };
    Some(Ok(HanSource::Yaku(yaku)))
}

/// A name that does not say which yaku it is.
enum Generic {
    Dragon,
}

fn wind_yaku(wind: Wind, round: bool) -> Yaku {
    match (wind, round) {
        (Wind::East, false) => Yaku::SeatWindEast,
        (Wind::South, false) => Yaku::SeatWindSouth,
        (Wind::West, false) => Yaku::SeatWindWest,
        (Wind::North, false) => Yaku::SeatWindNorth,
        (Wind::East, true) => Yaku::RoundWindEast,
        (Wind::South, true) => Yaku::RoundWindSouth,
        (Wind::West, true) => Yaku::RoundWindWest,
        (Wind::North, true) => Yaku::RoundWindNorth,
    }
}

type YakuLists = (ArrayVec<RecordedHan, 24>, ArrayVec<Yaku, 8>);

/// A `yakus`/`yaku` list: `[name, han]` pairs, English (gimite's) or Japanese (the
/// tenhou.net/6 names convlog carries over).
fn yaku_list(
    list: &[YakuEntry<'_>],
    round: Wind,
    seat: Wind,
    melds: &[Meld],
    hand: &[Tile],
) -> R<YakuLists> {
    let mut yaku: ArrayVec<RecordedHan, 24> = ArrayVec::new();
    let mut yakuman: ArrayVec<Yaku, 8> = ArrayVec::new();
    // The dragon sets of the hand, white, green, red: what `sangenpai` entries name, in turn.
    let mut dragons = (31..34).filter_map(TileKind::new).filter(|d| {
        melds
            .iter()
            .any(|m| m.base_kind() == *d && m.kind != MeldKind::Kita)
            || hand.iter().filter(|t| t.kind() == *d).count() >= 3
    });
    for YakuEntry(name, han) in list {
        let han = u8::try_from(*han).map_err(|_| format!("{} han for {}", han, Quoted(name)))?;
        let source = match english(name, round, seat) {
            Some(Ok(s)) => s,
            Some(Err(Generic::Dragon)) => {
                // A converter may sum the dragons into one entry (`["sangenpai", 2]`).
                for _ in 0..han.max(1) {
                    let d = dragons
                        .next()
                        .unwrap_or(TileKind::new(31).ok_or("no white")?);
                    let y = match d.index() {
                        31 => Yaku::Haku,
                        32 => Yaku::Hatsu,
                        _ => Yaku::Chun,
                    };
                    let _ = yaku.try_push(RecordedHan {
                        source: HanSource::Yaku(y),
                        han: 1,
                    });
                }
                continue;
            }
            None => haifu_tenhou6::han_source(name, round, seat)
                .ok_or_else(|| format!("{} is no yaku haifu knows", Quoted(name)))?,
        };
        match source {
            HanSource::Yaku(y) if y.is_yakuman() => {
                for _ in 0..(han / 13).max(1) {
                    let _ = yakuman.try_push(y);
                }
            }
            _ => {
                let _ = yaku.try_push(RecordedHan { source, han });
            }
        }
    }
    if !yakuman.is_empty() {
        yaku.clear();
    }
    Ok((yaku, yakuman))
}

/// `op` on `a` and `b` seat by seat (a score and its change), or an error saying which seat's
/// `what` is more than a score can hold.
fn seatwise(a: [i32; 4], b: [i32; 4], op: fn(i32, i32) -> Option<i32>, what: &str) -> R<[i32; 4]> {
    let mut out = [0; 4];
    for (i, o) in out.iter_mut().enumerate() {
        *o = op(a[i], b[i]).ok_or_else(|| {
            format!(
                "seat {i}: {what} ({} and {}) are more than a score can hold",
                a[i], b[i]
            )
        })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::lines;

    /// The pieces are `split('\n')`'s, the empty ones (a final newline, blank lines) too.
    #[test]
    fn lines_are_the_pieces_between_newlines() {
        for text in ["", "\n", "a", "a\n", "a\nb", "\n\na\r\n\nb\n", "{}\n{}\r\n"] {
            let ours: Vec<&str> = lines(text).collect();
            let split: Vec<&str> = text.split('\n').collect();
            assert_eq!(ours, split, "{text:?}");
        }
    }
}
