//! The reader: JSON into [`GameLog`] events, the turns rebuilt from the per-seat arrays.

use std::fmt;

use arrayvec::ArrayVec;
use haifu_log::{
    EndRecord, FinalResult, GameLog, Location, ParseError, ParseErrorKind, Player, RecordedDraw,
    RecordedHan, RecordedWin, RiichiStage, RoundStart, SourcePositions, Tenths, YakuOrder,
};
use haifu_ruleset::{Declared as Declaration, Preset};
use haifu_tiles::{
    BySeat, CopyPool, HanSource, Meld, MeldKind, Quoted, Seat, Suit, Tile, TileKind, Wind,
};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};
use serde_json::value::RawValue;

use crate::names::{self, Declared, Pay, Tenpai};

/// Reads one tenhou.net/6 record (a single JSON object, or one object a line) into `log`,
/// which is cleared first and whose allocations are reused.
///
/// It considers every element the module documentation lists and checks what a reader
/// can: the JSON's syntax and types, tile codes, copies (no fifth), that each discard,
/// call and kan uses tiles the seat holds, that every call answers the discard before it,
/// and that the result matches how the round ended (a tsumo by the seat that drew last, a
/// ron on the last discard or kakan). It never judges whether an action was legal: the
/// referee does. It ignores the viewer's fields (`title`, `dan`, `rate`, `sx`, `lobby`,
/// `ratingc`, `ver`, `connection` and the like).
///
/// # Errors
///
/// A [`ParseError`] located at the line and column in the JSON of the element at fault,
/// naming it (`log[2] seat B's discards, item 7`) and what was expected.
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
    offsets: Option<&mut Vec<usize>>,
) -> Result<(), ParseError> {
    log.clear();
    let text = ParseError::text_of(input)?;
    ParseError::json_nesting(text)?;
    let mut reader = Reader {
        input: text,
        log,
        players: 4,
        red: [true; 3],
        games: 0,
        seats: Default::default(),
        positions: offsets.is_some().then(Vec::new),
        hands: Default::default(),
        last_outcome: None,
    };
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Game<'_>>();
    loop {
        let at = stream.byte_offset();
        match stream.next() {
            None => break,
            Some(Ok(game)) => reader.game(&game, at)?,
            Some(Err(e)) => return Err(ParseError::from_json(text, 0, &e, "the record")),
        }
    }
    let noted = reader.positions.take();
    reader.finish()?;
    if let (Some(out), Some(noted)) = (offsets, noted) {
        *out = noted;
    }
    Ok(())
}

/// A record: the fields the reader uses; the viewer's other fields are ignored.
#[derive(Deserialize)]
struct Game<'a> {
    /// Each round's elements, unread (one pass over the text finds them; each is read once,
    /// typed, where it is used, and located by its slice of the input when it is wrong).
    #[serde(borrow)]
    log: Vec<Vec<&'a RawValue>>,
    #[serde(default)]
    name: Option<Vec<String>>,
    #[serde(default)]
    rate: Option<Vec<f64>>,
    #[serde(default)]
    rule: Option<RuleField>,
    #[serde(default, rename = "ref")]
    reference: Option<String>,
    /// The viewer's title lines (strings, or anything else: a timestamp), kept unread.
    #[serde(default, borrow)]
    title: Option<&'a RawValue>,
    #[serde(default, borrow)]
    sc: Option<&'a RawValue>,
}

/// `rule`: the display name and the red fives.
#[derive(Deserialize)]
struct RuleField {
    #[serde(default)]
    disp: Option<String>,
    /// haifu's own field: the exact rule set as a `--rules` value with every rule point
    /// (what haifu's writer stores; viewers ignore it).
    #[serde(default)]
    haifu: Option<String>,
    /// haifu's own field: `"exporter"` when the yaku lists are in an exporter's order.
    #[serde(default)]
    haifu_yaku_order: Option<String>,
    #[serde(default)]
    aka: Option<u8>,
    #[serde(default)]
    aka51: Option<u8>,
    #[serde(default)]
    aka52: Option<u8>,
    #[serde(default)]
    aka53: Option<u8>,
}

/// One entry of a draw or discard array: a tile code, or a call/riichi/kan string.
#[derive(Clone, Copy, Debug)]
enum Item<'a> {
    Code(u32),
    Text(&'a str),
}

impl<'de: 'a, 'a> Deserialize<'de> for Item<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Item<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a tile code or a call string")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                u32::try_from(v)
                    .map(Item::Code)
                    .map_err(|_| E::custom(format!("{v} is no tile code")))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Err(E::custom(format!("{v} is no tile code")))
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Item::Text(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Err(E::custom(format!(
                    "the string {} has escapes: a call string is plain ASCII",
                    Quoted(v)
                )))
            }
        }
        d.deserialize_any(V)
    }
}

/// A JSON array read into an existing vector.
struct SeqInto<'v, T>(&'v mut Vec<T>);

impl<'de, T: Deserialize<'de>> de::DeserializeSeed<'de> for SeqInto<'_, T> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for SeqInto<'_, T> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array")
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(item) = seq.next_element()? {
            self.0.push(item);
        }
        Ok(())
    }
}

/// Where the reader is, for messages.
#[derive(Clone, Copy)]
struct Place<'a, 'p> {
    /// The element's raw text (a slice of the input).
    raw: &'a str,
    /// Its name.
    path: &'p dyn fmt::Display,
}

struct Reader<'i, 'l> {
    input: &'i str,
    log: &'l mut GameLog,
    players: u8,
    /// Red fives in man, pin, sou.
    red: [bool; 3],
    /// Records read (objects).
    games: usize,
    /// Each seat's draw and discard arrays, kept from round to round for their allocations.
    seats: [SeatArrays<'i>; 4],
    /// When asked for: for each event, the offset of the array item (or element) it comes
    /// from.
    positions: Option<Vec<usize>>,
    /// The hands' tiles, kept likewise.
    hands: [Vec<Tile>; 4],
    /// The last round's result: where it is, and the index of the last win or draw (for the
    /// final result).
    last_outcome: Option<Outcome>,
}

#[derive(Clone, Copy)]
enum Outcome {
    Win(usize),
    Draw(usize),
}

impl<'i> Reader<'i, '_> {
    fn offset(&self, raw: &str) -> usize {
        (raw.as_ptr() as usize).saturating_sub(self.input.as_ptr() as usize)
    }

    fn err(&self, place: Place<'_, '_>, detail: impl Into<String>) -> ParseError {
        element_error(self.input, place, detail.into())
    }

    /// Reads the array at `place` into `out` (cleared first), reusing its allocation.
    fn parse_into<T: Deserialize<'i>>(
        &self,
        place: Place<'i, '_>,
        out: &mut Vec<T>,
    ) -> Result<(), ParseError> {
        out.clear();
        let mut de = serde_json::Deserializer::from_str(place.raw);
        de::DeserializeSeed::deserialize(SeqInto(out), &mut de)
            .and_then(|()| de.end())
            .map_err(|e| {
                ParseError::from_json(
                    self.input,
                    self.offset(place.raw),
                    &e,
                    &place.path.to_string(),
                )
            })
    }

    fn parse<'r, T: Deserialize<'r>>(&self, place: Place<'r, '_>) -> Result<T, ParseError> {
        serde_json::from_str(place.raw).map_err(|e| {
            ParseError::from_json(
                self.input,
                self.offset(place.raw),
                &e,
                &place.path.to_string(),
            )
        })
    }

    fn game(&mut self, game: &Game<'i>, at: usize) -> Result<(), ParseError> {
        self.games += 1;
        if self.games == 1 {
            self.header(game)?;
        } else if game.log.len() != 1 || self.log.round_starts().len() != self.games - 1 {
            // One object a line is one game only when each holds one round.
            let bytes = self.input.as_bytes();
            let start = at
                + bytes[at..]
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
            return Err(ParseError::new(
                Location::of_offset(bytes, start),
                ParseErrorKind::Element {
                    path: "a second record".to_owned(),
                    detail: "a file holds one game: one record, or one record a line each holding one round (convert --to tenhou6 --out-dir writes a file per game)".to_owned(),
                },
            ));
        }
        for (i, elements) in game.log.iter().enumerate() {
            let index = self.log.round_starts().len();
            let path = Name {
                round: i,
                seat: None,
                what: "",
            };
            // The round is placed at its first element (or the record, for an empty one).
            let place = Place {
                raw: elements.first().map_or(&self.input[at..], |e| e.get()),
                path: &path,
            };
            self.round(place, elements, i, index)?;
        }
        if let Some(sc) = game.sc {
            self.final_result(sc)?;
        }
        Ok(())
    }

    fn header(&mut self, game: &Game<'i>) -> Result<(), ParseError> {
        let header = &mut self.log.header;
        header.format = "tenhou6".to_owned();
        header.end_record = EndRecord::Optional;
        // Excerpts of one round are common (review tools cut them from games).
        header.start_record = haifu_log::StartRecord::Optional;
        header.first_dealer = Some(Seat::ALL[0]);
        header.game_id = game
            .reference
            .as_ref()
            .filter(|r| r.chars().any(|c| c.is_ascii_alphanumeric() && c != '0'))
            .cloned();
        if let Some(names) = &game.name {
            for (seat, name) in Seat::ALL.into_iter().zip(names) {
                header.players[seat] = Player {
                    name: name.clone(),
                    rate: game
                        .rate
                        .as_ref()
                        .and_then(|r| r.get(seat.index()).copied()),
                    ..Player::default()
                };
            }
        }
        // Three players when the first round seats none at D: an empty hand and no score.
        let seat_d_empty = game
            .log
            .first()
            .and_then(|r| r.get(13))
            .is_some_and(|hand| hand.get().trim_start_matches('[').trim_start() == "]");
        self.players = if seat_d_empty { 3 } else { 4 };
        let rule = game.rule.as_ref();
        let disp_field = rule.and_then(|r| r.disp.as_deref());
        // A `rule.disp` that names nothing haifu knows (another converter's, or empty) leaves
        // the title lines to name the lobby or room, as viewers show them.
        let titles: Vec<String> = game
            .title
            .and_then(|raw| serde_json::from_str::<Vec<&RawValue>>(raw.get()).ok())
            .unwrap_or_default()
            .iter()
            .filter_map(|raw| serde_json::from_str::<String>(raw.get()).ok())
            .collect();
        let disp = match disp_field.unwrap_or("") {
            d if !matches!(names::declared(d, self.players), Declared::Unknown) => d,
            d => titles
                .iter()
                .map(String::as_str)
                .find(|t| !matches!(names::declared(t, self.players), Declared::Unknown))
                .unwrap_or(d),
        };
        let aka_all = rule.and_then(|r| r.aka);
        let suits = rule.map(|r| [r.aka51, r.aka52, r.aka53]);
        self.red = match (aka_all, suits) {
            (_, Some(s)) if s.iter().any(Option::is_some) => s.map(|a| a.unwrap_or(0) > 0),
            (Some(a), _) => [a > 0; 3],
            _ => [true; 3],
        };
        let header = &mut self.log.header;
        if !disp.is_empty() {
            header.rules.title = Some(disp.to_owned());
        }
        if rule.and_then(|r| r.haifu_yaku_order.as_deref()) == Some("exporter") {
            header.yaku_order = YakuOrder::Exporter;
        }
        // Where a rule set the record names comes from, for reports.
        let title = header.rules.title.clone();
        let source = |written: &str| match &title {
            Some(name) => format!(
                "the name the tenhou.net/6 record gives its rules, {} ({written})",
                Quoted(name)
            ),
            None => format!("the tenhou.net/6 record ({written})"),
        };
        // The preset to suggest when the record names none: among the records seen, a
        // Mahjong Soul three-player room whose name says no length, or a four-player
        // pro-league transcription (JPML's rules).
        let suggest = if self.players == 3 {
            Preset::MahjongSoulSanma
        } else {
            Preset::Jpml2024
        };
        if let Some(spec) = rule.and_then(|r| r.haifu.as_deref()) {
            if let Declared::Tenhou(bits) = names::declared(disp, self.players) {
                header.rules.go_type = bits;
            }
            header.declared = Declaration::by_name(spec, source);
            return Ok(());
        }
        match names::declared(disp, self.players) {
            Declared::Tenhou(bits) => {
                header.rules.go_type = bits;
                header.rules.lobby = None;
                header.declared = Declaration::TenhouFlags { overrides: None };
            }
            Declared::MahjongSoul {
                mut spec,
                length_stated,
            } => {
                header.yaku_order = YakuOrder::Exporter;
                header.declared = if length_stated {
                    // The red fives a room plays with are in the `aka` fields.
                    if self.red == [false; 3] {
                        spec.push_str(",red_fives=false");
                    }
                    Declaration::by_name(&spec, source)
                } else {
                    Declaration::Undeclared {
                        why: format!(
                            "a Mahjong Soul room whose name ({}) says neither East nor South: the game's length is not declared",
                            Quoted(disp)
                        ),
                        suggest,
                    }
                };
            }
            Declared::Haifu(spec) => header.declared = Declaration::by_name(&spec, source),
            // Another converter's record: its yaku lists are in its own order.
            Declared::Named(spec) => {
                header.yaku_order = YakuOrder::Exporter;
                header.declared = Declaration::by_name(&spec, source);
            }
            Declared::Unknown => {
                header.yaku_order = YakuOrder::Exporter;
                header.declared = Declaration::Undeclared {
                    why: match disp_field {
                        None => "a tenhou.net/6 record without rule.disp".to_owned(),
                        Some("") => "a tenhou.net/6 record whose rule.disp is empty".to_owned(),
                        Some(d) => {
                            format!("a tenhou.net/6 record whose rule.disp is {}", Quoted(d))
                        }
                    },
                    suggest,
                };
            }
        }
        if self.players == 3 {
            header.rules.go_type |= 0x10;
        }
        Ok(())
    }

    fn final_result(&mut self, sc: &'i RawValue) -> Result<(), ParseError> {
        let place = Place {
            raw: sc.get(),
            path: &"sc",
        };
        let values: Vec<f64> = self.parse(place)?;
        if values.len() != 8 {
            return Err(self.err(
                place,
                format!(
                    "{} numbers: expected 8, a final score and final points for each seat",
                    values.len()
                ),
            ));
        }
        let mut scores = BySeat::from_array([0; 4]);
        let mut points = BySeat::from_array([Tenths(0); 4]);
        // A score, or points in tenths, beyond what an i32 holds (or not a number) is
        // refused rather than clamped: `as` would turn 1e12 into 2147483647.
        let held = |v: f64| (v.is_finite() && v.abs() < 2_147_483_647.0).then_some(v);
        for seat in Seat::ALL {
            let i = seat.index() * 2;
            let (Some(score), Some(tenths)) = (held(values[i]), held(values[i + 1] * 10.0)) else {
                return Err(self.err(
                    place,
                    format!(
                        "seat {seat}'s final score {} and points {}: expected numbers a score can hold",
                        values[i],
                        values[i + 1]
                    ),
                ));
            };
            scores[seat] = score as i32;
            points[seat] = Tenths(tenths.round() as i32);
        }
        let result = FinalResult {
            scores,
            points,
            chips: None,
        };
        match self.last_outcome {
            Some(Outcome::Win(i)) => self.log.set_final_result(Some(i), None, result),
            Some(Outcome::Draw(i)) => self.log.set_final_result(None, Some(i), result),
            None => {
                return Err(self.err(place, "a final result with no round before it"));
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<(), ParseError> {
        if self.log.round_starts().is_empty() {
            return Err(ParseError::new(
                Location::of_offset(self.input.as_bytes(), self.input.len()),
                ParseErrorKind::Truncated {
                    expected: "a round in `log`".to_owned(),
                },
            ));
        }
        Ok(())
    }

    fn round(
        &mut self,
        place: Place<'i, '_>,
        elements: &[&'i RawValue],
        number: usize,
        index: usize,
    ) -> Result<(), ParseError> {
        if elements.len() != 17 {
            return Err(self.err(
                place,
                format!(
                    "{} elements: expected 17 (round, scores, dora, ura, a hand, draws and discards for each of four seats, the result)",
                    elements.len()
                ),
            ));
        }
        let el = |i: usize, what: &'static str| -> (&'i str, Name) {
            (
                elements[i].get(),
                Name {
                    round: number,
                    seat: None,
                    what,
                },
            )
        };
        let (raw, name) = el(0, "[round, honba, sticks]");
        let (kyoku, honba, sticks): (u8, u32, u32) = self.parse(Place { raw, path: &name })?;
        let n = self.players;
        let dealer_index = kyoku % 4;
        if kyoku >= 16 || dealer_index >= n {
            return Err(self.err(
                Place { raw, path: &name },
                format!("round {kyoku}: expected 0..15, with a dealer among the {n} seats"),
            ));
        }
        let dealer = Seat::ALL[usize::from(dealer_index)];
        let round_wind = Wind::from_index(kyoku / 4);
        let (raw, name) = el(1, "scores");
        let scores: [i32; 4] = self.parse(Place { raw, path: &name })?;
        let mut pool = CopyPool::with_red_fives(self.red);
        let (raw, name) = el(2, "dora indicators");
        let dora_place = Place { raw, path: &name };
        // At most five indicators: a sixth is refused by the array's type.
        let dora: ArrayVec<u32, 5> = self.parse(dora_place)?;
        let (raw, name) = el(3, "ura indicators");
        let ura_place = Place { raw, path: &name };
        let ura: ArrayVec<u32, 5> = self.parse(ura_place)?;
        if dora.is_empty() {
            return Err(self.err(dora_place, "expected 1 to 5 indicators"));
        }
        if ura.len() > 5 {
            return Err(self.err(ura_place, "expected at most 5 indicators"));
        }
        let mut indicators: ArrayVec<Tile, 5> = ArrayVec::new();
        for (i, &code) in dora.iter().enumerate() {
            indicators.push(self.enter(&mut pool, code, dora_place, i)?);
        }
        let mut ura_tiles: ArrayVec<Tile, 5> = ArrayVec::new();
        for (i, &code) in ura.iter().enumerate() {
            ura_tiles.push(self.enter(&mut pool, code, ura_place, i)?);
        }
        let mut seats = std::mem::take(&mut self.seats);
        let names_buf: [[Name; 3]; 4] = Seat::ALL.map(|seat| {
            ["starting hand", "draws", "discards"].map(|what| Name {
                round: number,
                seat: Some(seat),
                what,
            })
        });
        for seat in Seat::ALL {
            let base = 4 + seat.index() * 3;
            seats[seat.index()].raw = [
                elements[base].get(),
                elements[base + 1].get(),
                elements[base + 2].get(),
            ];
        }
        // The hands keep their allocations from round to round.
        let mut table = Table::new(n, std::mem::take(&mut self.hands));
        for seat in Seat::ALL {
            let s = &mut seats[seat.index()];
            let hand_place = Place {
                raw: s.raw[0],
                path: &names_buf[seat.index()][0],
            };
            let hand: ArrayVec<u32, 14> = self.parse(hand_place)?;
            let expected = if seat.index() < usize::from(n) { 13 } else { 0 };
            if hand.len() != expected {
                return Err(self.err(
                    hand_place,
                    format!("{} tiles: expected {expected}", hand.len()),
                ));
            }
            for (i, &code) in hand.iter().enumerate() {
                let tile = self.enter(&mut pool, code, hand_place, i)?;
                table.hands[seat.index()].push(tile);
            }
            self.parse_into(
                Place {
                    raw: s.raw[1],
                    path: &names_buf[seat.index()][1],
                },
                &mut s.takes,
            )?;
            self.parse_into(
                Place {
                    raw: s.raw[2],
                    path: &names_buf[seat.index()][2],
                },
                &mut s.discards,
            )?;
            if seat.index() >= usize::from(n) && !(s.takes.is_empty() && s.discards.is_empty()) {
                return Err(self.err(
                    hand_place,
                    "a seat without a player has no draws or discards",
                ));
            }
        }
        let start_hands = BySeat::new_with(|seat| {
            table.hands[seat.index()]
                .iter()
                .copied()
                .collect::<ArrayVec<Tile, 13>>()
        });
        let start = RoundStart {
            round_wind,
            round_number: kyoku % 4 + 1,
            honba,
            sticks,
            dice: None,
            dora_indicator: indicators[0],
            untimed_dora: indicators[1..].iter().copied().collect(),
            scores: BySeat::from_array(scores),
            dealer,
            hands: start_hands,
            shuffle: None,
            chips: None,
            wall: None,
        };
        self.log.push_round_start(start);
        self.mark(place.raw, None);
        table.scores = scores;
        let turns = Turns {
            seats: &seats,
            names: &names_buf,
        };
        let end = self.play(&mut table, &mut pool, &turns, dealer)?;
        // Every entry is played: one the turns never reach is not part of the round.
        for seat in Seat::ALL {
            let i = seat.index();
            let (takes, discards) = (seats[i].takes.len(), seats[i].discards.len());
            for (left, from, place) in [
                (table.took[i] < takes, table.took[i], turns.take_place(seat)),
                (
                    table.discarded[i] < discards,
                    table.discarded[i],
                    turns.discard_place(seat),
                ),
            ] {
                if left {
                    return Err(self.err(
                        place,
                        format!(
                            "items from {from} on are never played: the round ends before them"
                        ),
                    ));
                }
            }
        }
        let (raw, name) = el(16, "result");
        let result = ResultCtx {
            place: Place { raw, path: &name },
            indicators: &indicators,
            ura: &ura_tiles,
            round_wind,
            dealer,
            honba,
            sticks,
        };
        let outcome = self.result(&mut table, &mut pool, end, &result, index);
        self.mark(raw, None);
        self.seats = seats;
        self.hands = table.hands;
        outcome
    }

    /// Notes that the events pushed since the last note come from item `item` of the array
    /// `raw` (or from `raw` itself), when positions are asked for.
    fn mark(&mut self, raw: &str, item: Option<usize>) {
        let Some(positions) = &mut self.positions else {
            return;
        };
        let base = (raw.as_ptr() as usize).saturating_sub(self.input.as_ptr() as usize);
        let at = base + item.map_or(0, |n| item_offset(raw, n));
        positions.resize(self.log.len(), at);
    }

    /// Whether `tile` is a red five under this record's red fives (copy 0 of a five is a
    /// plain five in a suit without one).
    fn is_red(&self, tile: Tile) -> bool {
        suit_index(tile.kind()).is_some_and(|s| self.red[s])
    }

    /// Takes a copy for a tile entering play (a starting hand, a draw, an indicator).
    fn enter(
        &self,
        pool: &mut CopyPool,
        code: u32,
        place: Place<'_, '_>,
        item: usize,
    ) -> Result<Tile, ParseError> {
        let (kind, red) = code_kind(code).ok_or_else(|| {
            self.err(
                place,
                format!("item {item} is {code}: expected a tile code 11–19, 21–29, 31–39, 41–47 or 51–53"),
            )
        })?;
        pool.take(kind, red).map_err(|why| {
            self.err(
                place,
                format!("item {item} ({}): {why}", code_text(kind, red)),
            )
        })
    }

    /// Plays the round's turns from the per-seat arrays, pushing events; returns how the
    /// turns stopped.
    fn play(
        &mut self,
        table: &mut Table,
        pool: &mut CopyPool,
        turns: &Turns<'_, 'i>,
        dealer: Seat,
    ) -> Result<End, ParseError> {
        let n = table.players;
        let mut seat = dealer;
        let mut must_draw = true;
        loop {
            let i = seat.index();
            if must_draw {
                let Some(&item) = table.next_take(turns, seat) else {
                    return Ok(End::BeforeDraw);
                };
                let place = turns.take_place(seat);
                let at = table.took[i];
                table.took[i] += 1;
                let Item::Code(code) = item else {
                    return Err(self.err(
                        place,
                        format!("item {at} is a call where seat {seat} draws: a call follows the discard it takes"),
                    ));
                };
                if let Some(riichi) = table.riichi_pending.take() {
                    self.log
                        .push_riichi(riichi, RiichiStage::DepositTaken, None);
                    table.deposit(riichi).map_err(|e| self.err(place, e))?;
                }
                let tile = self.enter(pool, code, place, at)?;
                table.hands[i].push(tile);
                table.drawn[i] = Some(tile);
                self.log.push_draw_tile(seat, tile);
                self.mark(place.raw, Some(at));
                must_draw = false;
                continue;
            }
            let Some(&item) = table.next_discard(turns, seat) else {
                return Ok(End::AtDiscard(seat));
            };
            let place = turns.discard_place(seat);
            let at = table.discarded[i];
            table.discarded[i] += 1;
            let input = self.input;
            let bad = |detail: String| element_error(input, place, format!("item {at}: {detail}"));
            let (code, riichi) = match item {
                Item::Code(c) => (c, false),
                Item::Text(t) => match t.strip_prefix('r') {
                    Some(rest) => (
                        rest.parse::<u32>().map_err(|_| {
                            bad(format!("{}: expected r and a tile code", Quoted(t)))
                        })?,
                        true,
                    ),
                    None => {
                        let call = parse_call(t).map_err(bad)?;
                        let tile = self.own_kan(table, seat, &call).map_err(bad)?;
                        self.mark(place.raw, Some(at));
                        // A kan's or kita's tile may be robbed by a ron (chankan).
                        table.robbable = Some((seat, tile));
                        must_draw = true;
                        continue;
                    }
                },
            };
            table.robbable = None;
            if code == 0 {
                return Err(bad(
                    "0 is the place of a discard skipped after a daiminkan, and no daiminkan comes before it".to_owned(),
                ));
            }
            if riichi {
                self.log.push_riichi(seat, RiichiStage::Declared, None);
                table.riichi[i] = true;
            }
            let tile = if code == 60 {
                table.drawn[i].ok_or_else(|| {
                    bad("60 (the drawn tile) where seat has drawn none".to_owned())
                })?
            } else {
                let (kind, red) = code_kind(code).ok_or_else(|| {
                    bad(format!("{code}: expected a tile code, 60 for the drawn tile, or r, a, k or f with a tile"))
                })?;
                table.held(i, kind, red, self.red).ok_or_else(|| {
                    bad(format!(
                        "seat {seat} discards {} and holds none",
                        code_text(kind, red)
                    ))
                })?
            };
            table.remove(i, tile);
            table.drawn[i] = None;
            self.log.push_discard(seat, tile, code == 60);
            self.mark(place.raw, Some(at));
            table.last_discard = Some((seat, tile));
            if riichi {
                table.riichi_pending = Some(seat);
            }
            // A call on this discard is the claimer's next draw entry.
            let mut claim: Option<(Seat, Call, usize)> = None;
            for step in 1..n {
                let t = Seat::ALL[(i + usize::from(step)) % usize::from(n)];
                if let Some(Item::Text(text)) = table.next_take(turns, t).copied()
                    && !text.is_empty()
                {
                    let place = turns.take_place(t);
                    let at = table.took[t.index()];
                    let call =
                        parse_call(text).map_err(|d| self.err(place, format!("item {at}: {d}")))?;
                    if call.source(t, n) == Some(seat)
                        && call.called() == (tile.kind(), tile.is_red_five() && self.is_red(tile))
                    {
                        // A pon or kan takes the discard before a chi: a chi in the other
                        // seat's next entry is then a call on a later discard.
                        match &claim {
                            Some((_, other, _)) if other.marker == 'c' && call.marker != 'c' => {
                                claim = Some((t, call, at));
                            }
                            Some((_, other, _)) if other.marker != 'c' && call.marker == 'c' => {}
                            Some(_) => {
                                return Err(self.err(
                                    place,
                                    format!("item {at}: two seats call seat {seat}'s discard"),
                                ));
                            }
                            None => claim = Some((t, call, at)),
                        }
                    }
                }
            }
            if let Some((t, call, at)) = claim {
                let place = turns.take_place(t);
                if let Some(riichi) = table.riichi_pending.take() {
                    self.log
                        .push_riichi(riichi, RiichiStage::DepositTaken, None);
                    table.deposit(riichi).map_err(|e| self.err(place, e))?;
                }
                table.took[t.index()] += 1;
                self.claim(table, t, seat, tile, &call)
                    .map_err(|d| self.err(place, format!("item {at}: {d}")))?;
                self.mark(place.raw, Some(at));
                seat = t;
                if call.marker == 'm' {
                    // The daiminkan's discard slot holds 0; the replacement draw follows.
                    let d = table.discarded[t.index()];
                    match table.next_discard(turns, t) {
                        Some(Item::Code(0)) => table.discarded[t.index()] += 1,
                        _ => {
                            return Err(self.err(
                                turns.discard_place(t),
                                format!("item {d}: expected 0, the place of the discard a daiminkan skips"),
                            ));
                        }
                    }
                    must_draw = true;
                } else {
                    must_draw = false;
                }
                continue;
            }
            seat = Seat::ALL[(i + 1) % usize::from(n)];
            must_draw = true;
        }
    }

    /// A chi, pon or daiminkan by `seat` on `from`'s discard `tile`.
    fn claim(
        &mut self,
        table: &mut Table,
        seat: Seat,
        from: Seat,
        tile: Tile,
        call: &Call,
    ) -> Result<(), String> {
        let kind = match call.marker {
            'c' => MeldKind::Chi,
            'p' => MeldKind::Pon,
            'm' => MeldKind::Daiminkan,
            m => return Err(format!("{m}… is no call on a discard (expected c, p or m)")),
        };
        let (called_kind, called_red) = call.called();
        if called_kind != tile.kind() || called_red != (tile.is_red_five() && self.is_red(tile)) {
            return Err(format!(
                "the call takes {} but seat {from} discarded {tile}",
                code_text(called_kind, called_red)
            ));
        }
        let i = seat.index();
        let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
        tiles.push(tile);
        for (k, &(kind, red)) in call.tiles.iter().enumerate() {
            if k == call.called_at {
                continue;
            }
            let t = table.held(i, kind, red, self.red).ok_or_else(|| {
                format!(
                    "seat {seat} calls with {} and holds none",
                    code_text(kind, red)
                )
            })?;
            table.remove(i, t);
            tiles.push(t);
        }
        let meld = Meld::new(kind, &tiles, Some(tile), None, Some(from))
            .ok_or_else(|| "a call of no tiles".to_owned())?;
        table.melds[i]
            .try_push(meld)
            .map_err(|_| "a fifth meld".to_owned())?;
        self.log.push_call(seat, meld);
        Ok(())
    }

    /// An ankan, kakan or kita from the discard array; returns the tile a ron could rob
    /// (the kakan's added tile, the kita, one of the ankan's).
    fn own_kan(&mut self, table: &mut Table, seat: Seat, call: &Call) -> Result<Tile, String> {
        let i = seat.index();
        if let Some(riichi) = table.riichi_pending.take() {
            self.log
                .push_riichi(riichi, RiichiStage::DepositTaken, None);
            table.deposit(riichi)?;
        }
        let meld = match call.marker {
            'a' => {
                let mut tiles: ArrayVec<Tile, 4> = ArrayVec::new();
                for &(kind, red) in &call.tiles {
                    let t = table.held(i, kind, red, self.red).ok_or_else(|| {
                        format!(
                            "seat {seat} makes an ankan with {} and holds none",
                            code_text(kind, red)
                        )
                    })?;
                    table.remove(i, t);
                    tiles.push(t);
                }
                Meld::new(MeldKind::Ankan, &tiles, None, None, None)
            }
            'k' => {
                let (kind, red) = call.called();
                let added = table.held(i, kind, red, self.red).ok_or_else(|| {
                    format!(
                        "seat {seat} adds {} to a pon and holds none",
                        code_text(kind, red)
                    )
                })?;
                let k = table.melds[i]
                    .iter()
                    .position(|m| m.kind == MeldKind::Pon && m.base_kind() == kind)
                    .ok_or_else(|| format!("seat {seat} has no pon of {kind} to extend"))?;
                table.remove(i, added);
                let pon = table.melds[i][k];
                let mut tiles: ArrayVec<Tile, 4> = pon.tiles().iter().copied().collect();
                tiles.push(added);
                let meld = Meld::new(MeldKind::Kakan, &tiles, pon.called, Some(added), pon.from)
                    .ok_or_else(|| "a kan of no tiles".to_owned())?;
                table.melds[i][k] = meld;
                Some(meld)
            }
            'f' => {
                let &(kind, red) = call.tiles.first().ok_or("f without a tile")?;
                let t = table.held(i, kind, red, self.red).ok_or_else(|| {
                    format!(
                        "seat {seat} sets aside {} and holds none",
                        code_text(kind, red)
                    )
                })?;
                table.remove(i, t);
                table.kita[i] += 1;
                Meld::new(MeldKind::Kita, &[t], None, None, None)
            }
            m => {
                return Err(format!(
                    "{m}… is a call on a discard, not a kan from the hand"
                ));
            }
        }
        .ok_or_else(|| "a kan of no tiles".to_owned())?;
        if meld.kind == MeldKind::Ankan {
            table.melds[i]
                .try_push(meld)
                .map_err(|_| "a fifth meld".to_owned())?;
        }
        table.drawn[i] = None;
        self.log.push_call(seat, meld);
        Ok(meld.added.unwrap_or(meld.tiles()[0]))
    }

    fn result(
        &mut self,
        table: &mut Table,
        pool: &mut CopyPool,
        end: End,
        ctx: &ResultCtx<'i, '_>,
        _index: usize,
    ) -> Result<(), ParseError> {
        let _ = pool;
        let items: Vec<&'i RawValue> = self.parse(ctx.place)?;
        let Some(first) = items.first() else {
            return Err(self.err(
                ctx.place,
                format!("an empty result: expected {}", names::OUTCOMES),
            ));
        };
        // Owned: a writer may escape it (`"\u548c\u4e86"`, Python's `json.dump`).
        let word: String = self.parse(Place {
            raw: first.get(),
            path: ctx.place.path,
        })?;
        let word = word.as_str();
        let outcome = names::outcome(word).ok_or_else(|| {
            self.err(
                ctx.place,
                format!("{}: expected {}", Quoted(word), names::OUTCOMES),
            )
        })?;
        match outcome {
            None => self.wins(table, end, ctx, &items[1..]),
            Some((kind, tenpai)) => self.draw(table, end, ctx, &items[1..], kind, tenpai),
        }
    }

    fn wins(
        &mut self,
        table: &mut Table,
        end: End,
        ctx: &ResultCtx<'i, '_>,
        items: &[&'i RawValue],
    ) -> Result<(), ParseError> {
        if items.is_empty() || !items.len().is_multiple_of(2) {
            return Err(self.err(
                ctx.place,
                "和了 is followed by pairs of score changes and win details",
            ));
        }
        let mut scores = table.scores;
        let mut sticks_left = sticks_on_table(ctx, table).map_err(|e| self.err(ctx.place, e))?;
        for (w, pair) in items.chunks(2).enumerate() {
            let path = format!("{} win {}", ctx.place.path, w + 1);
            let deltas_place = Place {
                raw: pair[0].get(),
                path: &path,
            };
            let deltas: Vec<i32> = self.parse(deltas_place)?;
            let detail_place = Place {
                raw: pair[1].get(),
                path: &path,
            };
            let detail: Vec<&'i RawValue> = self.parse(detail_place)?;
            if deltas.len() != 4 || detail.len() < 4 {
                return Err(self.err(
                    deltas_place,
                    "a win is four score changes then [winner, from, liable, value, yaku…]",
                ));
            }
            let seat_of = |raw: &'i RawValue| -> Result<Seat, ParseError> {
                let p = Place {
                    raw: raw.get(),
                    path: &path,
                };
                let n: u8 = self.parse(p)?;
                (n < self.players)
                    .then(|| Seat::ALL[usize::from(n)])
                    .ok_or_else(|| {
                        self.err(p, format!("seat {n}: expected 0..{}", self.players - 1))
                    })
            };
            let winner = seat_of(detail[0])?;
            let from = seat_of(detail[1])?;
            let liable = seat_of(detail[2])?;
            let value_text: String = self.parse(Place {
                raw: detail[3].get(),
                path: &path,
            })?;
            let value_text = value_text.as_str();
            let value = names::value(value_text).ok_or_else(|| {
                self.err(
                    detail_place,
                    format!("{}: expected a value such as 30符2飜2000点, 満貫2000-4000点 or 40符1飜700点∀", Quoted(value_text)),
                )
            })?;
            let wi = winner.index();
            let winning_tile = if winner == from {
                match end {
                    End::AtDiscard(s) if s == winner => table.drawn[wi].ok_or_else(|| {
                        self.err(
                            detail_place,
                            format!(
                                "seat {winner} wins by tsumo after a kan with no replacement draw"
                            ),
                        )
                    })?,
                    _ => {
                        return Err(self.err(
                            detail_place,
                            format!("seat {winner} wins by tsumo but the turns stop elsewhere"),
                        ));
                    }
                }
            } else {
                match (table.robbable, table.last_discard) {
                    (Some((s, t)), _) if s == from => t,
                    (None, Some((s, t))) if s == from && matches!(end, End::BeforeDraw) => t,
                    _ => {
                        return Err(self.err(
                            detail_place,
                            format!("seat {winner} wins by ron on seat {from}, whose discard or kakan is not the last action"),
                        ));
                    }
                }
            };
            let mut hand: ArrayVec<Tile, 14> = table.hands[wi].iter().copied().collect();
            if winner != from {
                hand.try_push(winning_tile).map_err(|_| {
                    self.err(
                        detail_place,
                        format!("seat {winner}'s hand holds more than 13 tiles"),
                    )
                })?;
            }
            hand.sort_unstable();
            let n = usize::from(self.players);
            let seat_wind =
                Wind::from_index(u8::try_from((wi + n - ctx.dealer.index()) % n).unwrap_or(0));
            let mut yaku: ArrayVec<RecordedHan, 24> = ArrayVec::new();
            let mut yakuman: ArrayVec<haifu_tiles::Yaku, 8> = ArrayVec::new();
            for raw in &detail[4..] {
                let p = Place {
                    raw: raw.get(),
                    path: &path,
                };
                let text: String = self.parse(p)?;
                let text = text.as_str();
                let (name, han) = yaku_entry(text).ok_or_else(|| {
                    self.err(
                        p,
                        format!(
                            "{}: expected a yaku with its han, such as 立直(1飜) or 国士無双(役満)",
                            Quoted(text)
                        ),
                    )
                })?;
                let source =
                    names::han_source(name, ctx.round_wind, seat_wind).ok_or_else(|| {
                        self.err(p, format!("{} is no yaku haifu knows", Quoted(name)))
                    })?;
                match (han, source) {
                    (YakuValue::Han(h), _) => {
                        let _ = yaku.try_push(RecordedHan { source, han: h });
                    }
                    (YakuValue::Yakuman(times), HanSource::Yaku(y)) => {
                        for _ in 0..times {
                            let _ = yakuman.try_push(y);
                        }
                    }
                    (YakuValue::Yakuman(_), _) => {
                        return Err(self.err(p, format!("{name} counts no yakuman")));
                    }
                }
            }
            // A yakuman's count is in its list; a pattern yakuman lists no han.
            if !yakuman.is_empty() {
                yaku.clear();
            } else if table.riichi[wi] && !yaku.iter().any(|y| y.source == HanSource::Ura) {
                // Tenhou's own export leaves out a riichi win's ura dora when they give no
                // han; every riichi win has them, listed last, as Tenhou records them.
                let _ = yaku.try_push(RecordedHan {
                    source: HanSource::Ura,
                    han: 0,
                });
            }
            let points = match value.pay {
                Pay::One(p) => Some(p),
                Pay::Split(a, b) => a
                    .checked_mul(i32::from(self.players - 2))
                    .and_then(|others| others.checked_add(b)),
                Pay::All(a) => a.checked_mul(i32::from(self.players - 1)),
            }
            .ok_or_else(|| {
                self.err(
                    detail_place,
                    format!(
                        "{}: the payments add up to more than a score can hold",
                        Quoted(value_text)
                    ),
                )
            })?;
            let ura = if table.riichi[wi] {
                ctx.ura.iter().copied().collect()
            } else {
                ArrayVec::new()
            };
            let win = RecordedWin {
                winner,
                from,
                pao: (liable != winner).then_some(liable),
                honba: ctx.honba,
                sticks: sticks_left,
                hand,
                melds: table.melds[wi].clone(),
                winning_tile,
                fu: value.fu,
                points,
                limit: value.limit,
                yaku,
                yakuman,
                dora_indicators: ctx.indicators.iter().copied().collect(),
                ura_indicators: ura,
                scores: BySeat::from_array(scores),
                deltas: BySeat::from_array([deltas[0], deltas[1], deltas[2], deltas[3]]),
                chips: None,
                chip_awards: Vec::new(),
                ratio: None,
                final_result: None,
            };
            for (s, d) in scores.iter_mut().zip(&deltas) {
                *s = s.checked_add(*d).ok_or_else(|| {
                    self.err(
                        deltas_place,
                        "a score and its change add up to more than a score can hold",
                    )
                })?;
            }
            sticks_left = 0;
            self.last_outcome = Some(Outcome::Win(self.log.wins().len()));
            self.log.push_win(win);
        }
        Ok(())
    }

    fn draw(
        &mut self,
        table: &mut Table,
        end: End,
        ctx: &ResultCtx<'i, '_>,
        items: &[&'i RawValue],
        kind: haifu_log::DrawKind,
        tenpai: Tenpai,
    ) -> Result<(), ParseError> {
        use haifu_log::DrawKind as K;
        let deltas: [i32; 4] = match items.first() {
            Some(raw) => self.parse(Place {
                raw: raw.get(),
                path: ctx.place.path,
            })?,
            None => [0; 4],
        };
        // A riichi whose tile passed before four riichi or four winds pays its deposit.
        if matches!(kind, K::SuuchaRiichi | K::SuufonRenda)
            && let Some(riichi) = table.riichi_pending.take()
        {
            self.log
                .push_riichi(riichi, RiichiStage::DepositTaken, None);
            table.deposit(riichi).map_err(|e| self.err(ctx.place, e))?;
        }
        let players = usize::from(self.players);
        let shows = |s: Seat| -> bool {
            s.index() < players
                && match tenpai {
                    Tenpai::FromDeltas => deltas[s.index()] > 0,
                    Tenpai::All => true,
                    Tenpai::None | Tenpai::NotRecorded => false,
                }
        };
        let mut shown: BySeat<Option<ArrayVec<Tile, 14>>> = BySeat::default();
        for seat in Seat::ALL {
            if shows(seat) {
                let mut hand: ArrayVec<Tile, 14> =
                    table.hands[seat.index()].iter().copied().collect();
                hand.sort_unstable();
                shown[seat] = Some(hand);
            }
        }
        if kind == K::KyuushuKyuuhai {
            let End::AtDiscard(seat) = end else {
                return Err(self.err(ctx.place, "九種九牌 where no seat is about to discard"));
            };
            let mut hand: ArrayVec<Tile, 14> = table.hands[seat.index()].iter().copied().collect();
            hand.sort_unstable();
            shown[seat] = Some(hand);
        }
        let draw = RecordedDraw {
            kind,
            honba: ctx.honba,
            sticks: sticks_on_table(ctx, table).map_err(|e| self.err(ctx.place, e))?,
            shown,
            tenpai_unrecorded: kind == K::NagashiMangan
                || (kind == K::Exhaustive && tenpai == Tenpai::NotRecorded),
            scores: BySeat::from_array(table.scores),
            deltas: BySeat::from_array(deltas),
            chips: None,
            ratio: None,
            final_result: None,
        };
        self.last_outcome = Some(Outcome::Draw(self.log.draws().len()));
        self.log.push_round_draw(draw);
        Ok(())
    }
}

/// The name of an element of a round, rendered only for a message: `log[2] seat B's
/// discards`, `log[2] result`.
#[derive(Clone, Copy)]
struct Name {
    round: usize,
    seat: Option<Seat>,
    what: &'static str,
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "log[{}]", self.round)?;
        match self.seat {
            Some(seat) => write!(f, " seat {seat}'s {}", self.what),
            None if self.what.is_empty() => Ok(()),
            None => write!(f, " {}", self.what),
        }
    }
}

/// The per-seat arrays of a round, raw.
#[derive(Default)]
struct SeatArrays<'a> {
    raw: [&'a str; 3],
    takes: Vec<Item<'a>>,
    discards: Vec<Item<'a>>,
}

struct Turns<'s, 'a> {
    seats: &'s [SeatArrays<'a>; 4],
    names: &'s [[Name; 3]; 4],
}

impl<'a> Turns<'_, 'a> {
    fn take_place(&self, seat: Seat) -> Place<'a, '_> {
        Place {
            raw: self.seats[seat.index()].raw[1],
            path: &self.names[seat.index()][1],
        }
    }

    fn discard_place(&self, seat: Seat) -> Place<'a, '_> {
        Place {
            raw: self.seats[seat.index()].raw[2],
            path: &self.names[seat.index()][2],
        }
    }
}

struct ResultCtx<'a, 'p> {
    place: Place<'a, 'p>,
    indicators: &'p [Tile],
    ura: &'p [Tile],
    round_wind: Wind,
    dealer: Seat,
    honba: u32,
    sticks: u32,
}

/// The riichi sticks on the table at the round's end: those it started with and those
/// deposited in it.
fn sticks_on_table(ctx: &ResultCtx<'_, '_>, table: &Table) -> Result<u32, String> {
    ctx.sticks.checked_add(table.deposits).ok_or_else(|| {
        format!(
            "{} riichi sticks and {} deposited: more than a count can hold",
            ctx.sticks, table.deposits
        )
    })
}

/// How the turns stopped.
#[derive(Clone, Copy, Debug)]
enum End {
    /// The seat to draw has no draw left (a ron, an exhaustive or an abortive draw).
    BeforeDraw,
    /// The seat to discard has no discard left (a tsumo, kyuushu kyuuhai, a chankan).
    AtDiscard(Seat),
}

/// The table as the turns go.
struct Table {
    players: u8,
    hands: [Vec<Tile>; 4],
    melds: [ArrayVec<Meld, 4>; 4],
    kita: [u8; 4],
    drawn: [Option<Tile>; 4],
    took: [usize; 4],
    discarded: [usize; 4],
    riichi: [bool; 4],
    riichi_pending: Option<Seat>,
    last_discard: Option<(Seat, Tile)>,
    /// The last kan's or kita's tile, until the next discard: a ron may rob it.
    robbable: Option<(Seat, Tile)>,
    scores: [i32; 4],
    deposits: u32,
}

impl Table {
    fn new(players: u8, mut hands: [Vec<Tile>; 4]) -> Table {
        for hand in &mut hands {
            hand.clear();
        }
        Table {
            players,
            hands,
            melds: Default::default(),
            kita: [0; 4],
            drawn: [None; 4],
            took: [0; 4],
            discarded: [0; 4],
            riichi: [false; 4],
            riichi_pending: None,
            last_discard: None,
            robbable: None,
            scores: [0; 4],
            deposits: 0,
        }
    }

    fn next_take<'t, 'a>(&self, turns: &'t Turns<'_, 'a>, seat: Seat) -> Option<&'t Item<'a>> {
        turns.seats[seat.index()].takes.get(self.took[seat.index()])
    }

    fn next_discard<'t, 'a>(&self, turns: &'t Turns<'_, 'a>, seat: Seat) -> Option<&'t Item<'a>> {
        turns.seats[seat.index()]
            .discards
            .get(self.discarded[seat.index()])
    }

    /// Takes the riichi deposit from `seat`'s score; a score a deposit would carry below
    /// what a score can hold is refused (it came from the record's scores).
    fn deposit(&mut self, seat: Seat) -> Result<(), String> {
        let score = &mut self.scores[seat.index()];
        *score = score.checked_sub(1000).ok_or_else(|| {
            format!("seat {seat}'s score {score} cannot pay a riichi deposit: out of range")
        })?;
        self.deposits += 1;
        Ok(())
    }

    /// A tile of `kind` the seat holds, red or not as asked: the drawn tile first when it
    /// matches, else the first in the hand's order.
    fn held(&self, seat: usize, kind: TileKind, red: bool, reds: [bool; 3]) -> Option<Tile> {
        let red_suit = kind.number() == 5 && suit_index(kind).is_some_and(|s| reds[s]);
        // The ids of a kind are 4k..4k+3; in a suit with a red five, copy 0 is the red one.
        let first = kind as u8 * 4;
        let fits =
            |t: &Tile| t.id().wrapping_sub(first) < 4 && (!red_suit || (t.id() == first) == red);
        if let Some(d) = self.drawn[seat].filter(fits) {
            return Some(d);
        }
        self.hands[seat].iter().copied().find(fits)
    }

    fn remove(&mut self, seat: usize, tile: Tile) {
        if let Some(p) = self.hands[seat].iter().position(|t| *t == tile) {
            self.hands[seat].swap_remove(p);
        }
        if self.drawn[seat] == Some(tile) {
            self.drawn[seat] = None;
        }
    }
}

fn suit_index(kind: TileKind) -> Option<usize> {
    match kind.suit() {
        Suit::Manzu => Some(0),
        Suit::Pinzu => Some(1),
        Suit::Souzu => Some(2),
        Suit::Jihai => None,
    }
}

/// The byte offset of item `n` in the JSON array `raw` (of numbers and plain strings), or of
/// the array's end when it has fewer items.
fn item_offset(raw: &str, n: usize) -> usize {
    let bytes = raw.as_bytes();
    let mut i = bytes.iter().position(|b| *b == b'[').map_or(0, |p| p + 1);
    let mut item = 0;
    loop {
        while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        if item == n || bytes.get(i).is_none_or(|b| *b == b']') {
            return i;
        }
        // Skip the item: a string to its closing quote, anything else to the next comma.
        if bytes[i] == b'"' {
            i += 1;
            while let Some(&b) = bytes.get(i) {
                i += if b == b'\\' { 2 } else { 1 };
                if b == b'"' {
                    break;
                }
            }
        }
        while bytes.get(i).is_some_and(|b| *b != b',' && *b != b']') {
            i += 1;
        }
        if bytes.get(i) == Some(&b',') {
            i += 1;
        }
        item += 1;
    }
}

/// A tile code's kind and whether it is a red five: 11–19 man, 21–29 pin, 31–39 sou,
/// 41–47 the honours (east, south, west, north, white, green, red), 51–53 red fives.
pub(crate) fn code_kind(code: u32) -> Option<(TileKind, bool)> {
    CODES.get(code as usize).copied().flatten()
}

/// [`code_kind`] for every code below 54, worked out once.
static CODES: [Option<(TileKind, bool)>; 54] = {
    let mut table = [None; 54];
    let mut code = 0;
    while code < 54 {
        table[code] = code_kind_of(code as u32);
        code += 1;
    }
    table
};

const fn code_kind_of(code: u32) -> Option<(TileKind, bool)> {
    let (suit, number, red) = match code {
        11..=19 => (Suit::Manzu, code - 10, false),
        21..=29 => (Suit::Pinzu, code - 20, false),
        31..=39 => (Suit::Souzu, code - 30, false),
        41..=47 => (Suit::Jihai, code - 40, false),
        51 => (Suit::Manzu, 5, true),
        52 => (Suit::Pinzu, 5, true),
        53 => (Suit::Souzu, 5, true),
        _ => return None,
    };
    match TileKind::from_suit_number(suit, number as u8) {
        Some(k) => Some((k, red)),
        None => None,
    }
}

/// A tile code for messages: the notation's spelling (`5m`, `0m` for the red five).
fn code_text(kind: TileKind, red: bool) -> String {
    if red {
        format!("0{}", kind.suit().letter())
    } else {
        kind.to_string()
    }
}

/// A call string (`c121314`, `p464646`, `26m262626`, `42k424242`, `121212a12`, `f44`):
/// its marker, its tiles, and where the marker stands.
struct Call {
    marker: char,
    /// The tiles, in the string's order.
    tiles: ArrayVec<(TileKind, bool), 4>,
    /// The index of the tile right after the marker: the called (or, for kakan, added) tile.
    called_at: usize,
}

impl Call {
    /// The tile after the marker.
    fn called(&self) -> (TileKind, bool) {
        self.tiles[self.called_at.min(self.tiles.len() - 1)]
    }

    /// The seat a chi, pon or daiminkan takes from: the marker's place among the tiles says
    /// where that seat sits at a four-seat table (first: to the left; second: across; last:
    /// to the right), in three-player games too, where the empty seat keeps its place.
    fn source(&self, seat: Seat, players: u8) -> Option<Seat> {
        let offset = match (self.marker, self.called_at) {
            ('c', _) if players == 4 => 3,
            ('c', _) => return None,
            ('p' | 'm', 0) => 3,
            ('p' | 'm', 1) => 2,
            ('p' | 'm', k) if k + 1 == self.tiles.len() => 1,
            _ => return None,
        };
        let from = Seat::ALL[(seat.index() + offset) % 4];
        (from.index() < usize::from(players)).then_some(from)
    }
}

fn parse_call(text: &str) -> Result<Call, String> {
    let bad = || {
        format!(
            "{}: expected a call such as c121314, p464646, 26m262626, 42k424242, 121212a12 or f44",
            Quoted(text)
        )
    };
    let mut marker = None;
    let mut tiles = ArrayVec::new();
    let mut called_at = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_lowercase() {
            if marker.is_some() {
                return Err(bad());
            }
            marker = Some(char::from(b));
            called_at = tiles.len();
            i += 1;
            continue;
        }
        let two = text.get(i..i + 2).ok_or_else(bad)?;
        let code: u32 = two.parse().map_err(|_| bad())?;
        let kind = code_kind(code).ok_or_else(bad)?;
        tiles.try_push(kind).map_err(|_| bad())?;
        i += 2;
    }
    let marker = marker.ok_or_else(bad)?;
    let expected = match marker {
        'c' | 'p' => 3,
        'm' | 'a' => 4,
        'k' => 4,
        'f' => 1,
        _ => return Err(bad()),
    };
    if tiles.len() != expected || called_at >= tiles.len() {
        return Err(bad());
    }
    Ok(Call {
        marker,
        tiles,
        called_at,
    })
}

/// The han of a yaku entry.
enum YakuValue {
    Han(u8),
    /// `(役満)`, or `(2倍役満)` for a double.
    Yakuman(u8),
}

/// `立直(1飜)` → ("立直", 1 han); `国士無双(役満)` → yakuman.
fn yaku_entry(text: &str) -> Option<(&str, YakuValue)> {
    let (name, rest) = text.split_once('(')?;
    let inner = rest.strip_suffix(')')?;
    if inner == "役満" {
        return Some((name, YakuValue::Yakuman(1)));
    }
    if let Some(times) = inner.strip_suffix("倍役満") {
        return Some((name, YakuValue::Yakuman(times.parse().ok()?)));
    }
    let han = inner.strip_suffix('飜')?.parse().ok()?;
    Some((name, YakuValue::Han(han)))
}

/// An error about the element at `place`.
fn element_error(input: &str, place: Place<'_, '_>, detail: String) -> ParseError {
    let offset = (place.raw.as_ptr() as usize).saturating_sub(input.as_ptr() as usize);
    ParseError::new(
        Location::of_offset(input.as_bytes(), offset),
        ParseErrorKind::Element {
            path: place.path.to_string(),
            detail,
        },
    )
}
