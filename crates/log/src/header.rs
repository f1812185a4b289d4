use haifu_ruleset::Declared;
use haifu_tiles::{BySeat, Meld, Seat, Tile};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use crate::{
    Event, Expectation, FinalResult, Mistake, Move, RecordedDraw, RecordedWin, RiichiStage,
    RoundStart,
};

/// A whole game: the header and one ordered list of events.
///
/// Events are stored compactly: the small ones inline, and round starts, wins, draws and
/// names in side tables, so that an event costs a few bytes and reading many files into one
/// reused `GameLog` ([`GameLog::clear`]) allocates nothing per hand or per event. Read the
/// events with [`GameLog::events`]; parsers append them with the `push_*` methods.
///
/// Serialised as `{"header": …, "events": [{"type": …, …}, …]}` (plus `"unknown"` when a
/// parser kept attributes it did not know).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameLog {
    /// Who played, under which flags, from which source.
    pub header: Header,
    /// Attributes the parser did not know, kept verbatim (see [`UnknownAttribute`]).
    pub unknown: Vec<UnknownAttribute>,
    /// Rulings a hand-written scenario expects, in order (see [`Expectation`]); empty for
    /// real logs.
    pub expectations: Vec<Expectation>,
    slots: Vec<Slot>,
    rounds: Vec<RoundStart>,
    wins: Vec<RecordedWin>,
    draws: Vec<RecordedDraw>,
    ends: Vec<FinalResult>,
    names: Vec<String>,
    calls: Vec<(Seat, Meld)>,
    /// Rows by seat: the scores a riichi deposit states, and the payments of a mistake.
    riichi_scores: Vec<BySeat<i32>>,
}

/// The stored form of an event in eight bytes: draws, discards and other small events
/// inline, everything larger as an index into a side table. Draws and discards are most
/// events, so the list stays a third of the size it would be with calls and riichi scores
/// inline (the reader writes it, and the referee reads it twice).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Slot {
    RoundStart(u32),
    /// A draw or a discard, as [`GameLog::move_at`] gives it.
    Move(Move),
    /// An index into `calls`.
    Call(u32),
    Riichi {
        seat: Seat,
        stage: RiichiStage,
        /// An index into `riichi_scores`, or [`NO_SCORES`].
        scores: u32,
    },
    NewDora {
        indicator: Tile,
    },
    Disconnect {
        seat: Seat,
    },
    Reconnect {
        seat: Seat,
        name: u32,
    },
    Mistake {
        seat: Seat,
        mistake: Mistake,
        /// An index into `riichi_scores` (rows of scores by seat), or [`NO_SCORES`].
        deltas: u32,
    },
    Elided,
    Win(u32),
    RoundDraw(u32),
    GameEnd(u32),
}

/// A riichi stage recorded without scores.
const NO_SCORES: u32 = u32::MAX;

fn index(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

impl GameLog {
    /// An empty log with a default header, to be filled by a parser.
    pub fn new() -> GameLog {
        GameLog::default()
    }

    /// Empties the log, keeping its allocations.
    pub fn clear(&mut self) {
        self.header = Header::default();
        self.unknown.clear();
        self.expectations.clear();
        self.slots.clear();
        self.rounds.clear();
        self.wins.clear();
        self.draws.clear();
        self.ends.clear();
        self.names.clear();
        self.calls.clear();
        self.riichi_scores.clear();
    }

    /// The number of events.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are no events.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The events in order.
    pub fn events(
        &self,
    ) -> impl ExactSizeIterator<Item = Event<'_>> + DoubleEndedIterator + Clone + '_ {
        self.slots.iter().map(|slot| self.view(*slot))
    }

    /// The event at `index`, if there is one.
    #[inline]
    pub fn event(&self, index: usize) -> Option<Event<'_>> {
        self.slots.get(index).map(|slot| self.view(*slot))
    }

    /// The event at `index` when it is a draw or a discard (see [`Move`]).
    #[inline]
    pub fn move_at(&self, index: usize) -> Option<Move> {
        match *self.slots.get(index)? {
            Slot::Move(m) => Some(m),
            _ => None,
        }
    }

    /// The last event, if any.
    pub fn last(&self) -> Option<Event<'_>> {
        self.slots.last().map(|slot| self.view(*slot))
    }

    /// The round starts in order.
    pub fn round_starts(&self) -> &[RoundStart] {
        &self.rounds
    }

    /// The recorded wins in order.
    pub fn wins(&self) -> &[RecordedWin] {
        &self.wins
    }

    /// The recorded draws in order.
    pub fn draws(&self) -> &[RecordedDraw] {
        &self.draws
    }

    /// The round starts, the wins and the draws, to be completed where the log leaves them
    /// unstated (mjai's 2011 dialect: the replay fills each round's setup and payments from
    /// the flow). The events stay as they are.
    pub fn outcomes_mut(&mut self) -> (&mut [RoundStart], &mut [RecordedWin], &mut [RecordedDraw]) {
        (&mut self.rounds, &mut self.wins, &mut self.draws)
    }

    /// The final result, wherever the log records it (on the last outcome, or as a separate
    /// game end). `None` when the log has none (a game cut off).
    pub fn final_result(&self) -> Option<&FinalResult> {
        self.events().rev().find_map(|e| match e {
            Event::Win(w) => w.final_result.as_deref(),
            Event::RoundDraw(d) => d.final_result.as_deref(),
            Event::GameEnd(f) => Some(f),
            _ => None,
        })
    }

    // Every event is viewed twice a game, in the referee's and the wall check's loops. Draws
    // and discards, nine events in ten, are told apart here, inline, so that a caller's own
    // match on the event knows their variant; the rest are viewed out of line.
    #[inline(always)]
    fn view(&self, slot: Slot) -> Event<'_> {
        match slot {
            Slot::Move(m) => m.event(),
            _ => self.view_rest(slot),
        }
    }

    /// [`GameLog::view`] of the events other than draws and discards.
    #[inline(never)]
    fn view_rest(&self, slot: Slot) -> Event<'_> {
        match slot {
            Slot::RoundStart(i) => Event::RoundStart(&self.rounds[i as usize]),
            Slot::Move(m) => m.event(),
            Slot::Call(i) => {
                let (seat, meld) = self.calls[i as usize];
                Event::Call { seat, meld }
            }
            Slot::Riichi {
                seat,
                stage,
                scores,
            } => Event::Riichi {
                seat,
                stage,
                scores: self.riichi_scores.get(scores as usize),
            },
            Slot::NewDora { indicator } => Event::NewDora { indicator },
            Slot::Disconnect { seat } => Event::Disconnect { seat },
            Slot::Reconnect { seat, name } => Event::Reconnect {
                seat,
                name: &self.names[name as usize],
            },
            Slot::Mistake {
                seat,
                mistake,
                deltas,
            } => Event::Mistake {
                seat,
                mistake,
                deltas: self.riichi_scores.get(deltas as usize),
            },
            Slot::Elided => Event::Elided,
            Slot::Win(i) => Event::Win(&self.wins[i as usize]),
            Slot::RoundDraw(i) => Event::RoundDraw(&self.draws[i as usize]),
            Slot::GameEnd(i) => Event::GameEnd(&self.ends[i as usize]),
        }
    }

    /// Appends a round start.
    pub fn push_round_start(&mut self, start: RoundStart) {
        self.slots.push(Slot::RoundStart(index(self.rounds.len())));
        self.rounds.push(start);
    }

    /// Appends a draw.
    #[inline]
    pub fn push_draw_tile(&mut self, seat: Seat, tile: Tile) {
        self.slots.push(Slot::Move(Move::Draw { seat, tile }));
    }

    /// Appends a discard.
    #[inline]
    pub fn push_discard(&mut self, seat: Seat, tile: Tile, tsumogiri: bool) {
        self.slots.push(Slot::Move(Move::Discard {
            seat,
            tile,
            tsumogiri,
        }));
    }

    /// Appends a call.
    pub fn push_call(&mut self, seat: Seat, meld: Meld) {
        self.slots.push(Slot::Call(index(self.calls.len())));
        self.calls.push((seat, meld));
    }

    /// Stores a row of scores by seat, and gives its index (or [`NO_SCORES`] for none).
    fn score_row(&mut self, row: Option<BySeat<i32>>) -> u32 {
        match row {
            Some(s) => {
                self.riichi_scores.push(s);
                index(self.riichi_scores.len() - 1)
            }
            None => NO_SCORES,
        }
    }

    /// Appends a riichi stage.
    pub fn push_riichi(&mut self, seat: Seat, stage: RiichiStage, scores: Option<BySeat<i32>>) {
        let scores = self.score_row(scores);
        self.slots.push(Slot::Riichi {
            seat,
            stage,
            scores,
        });
    }

    /// Appends a new dora indicator.
    pub fn push_new_dora(&mut self, indicator: Tile) {
        self.slots.push(Slot::NewDora { indicator });
    }

    /// Appends a disconnect.
    pub fn push_disconnect(&mut self, seat: Seat) {
        self.slots.push(Slot::Disconnect { seat });
    }

    /// Appends a reconnect.
    pub fn push_reconnect(&mut self, seat: Seat, name: String) {
        self.slots.push(Slot::Reconnect {
            seat,
            name: index(self.names.len()),
        });
        self.names.push(name);
    }

    /// Appends a mistake at the table, with the payments the record states for it.
    pub fn push_mistake(&mut self, seat: Seat, mistake: Mistake, deltas: Option<BySeat<i32>>) {
        let deltas = self.score_row(deltas);
        self.slots.push(Slot::Mistake {
            seat,
            mistake,
            deltas,
        });
    }

    /// Appends an elision: the rest of the round's moves are left out.
    pub fn push_elided(&mut self) {
        self.slots.push(Slot::Elided);
    }

    /// Appends a recorded win.
    pub fn push_win(&mut self, win: RecordedWin) {
        self.slots.push(Slot::Win(index(self.wins.len())));
        self.wins.push(win);
    }

    /// Appends a recorded draw.
    pub fn push_round_draw(&mut self, draw: RecordedDraw) {
        self.slots.push(Slot::RoundDraw(index(self.draws.len())));
        self.draws.push(draw);
    }

    /// Appends a separately recorded game end.
    pub fn push_game_end(&mut self, end: FinalResult) {
        self.slots.push(Slot::GameEnd(index(self.ends.len())));
        self.ends.push(end);
    }

    /// Gives the `win`-th recorded win (or else the `draw`-th draw) the game's final result,
    /// for a format that states it after its last round (tenhou.net/6 `sc`). Does nothing
    /// when there is no such outcome.
    pub fn set_final_result(&mut self, win: Option<usize>, draw: Option<usize>, end: FinalResult) {
        if let Some(w) = win.and_then(|i| self.wins.get_mut(i)) {
            w.final_result = Some(Box::new(end));
        } else if let Some(d) = draw.and_then(|i| self.draws.get_mut(i)) {
            d.final_result = Some(Box::new(end));
        }
    }
}

impl Serialize for GameLog {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Events<'a>(&'a GameLog);
        impl Serialize for Events<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.events())
            }
        }
        let fields =
            2 + usize::from(!self.unknown.is_empty()) + usize::from(!self.expectations.is_empty());
        let mut s = serializer.serialize_struct("GameLog", fields)?;
        s.serialize_field("header", &self.header)?;
        s.serialize_field("events", &Events(self))?;
        if !self.unknown.is_empty() {
            s.serialize_field("unknown", &self.unknown)?;
        }
        if !self.expectations.is_empty() {
            s.serialize_field("expectations", &self.expectations)?;
        }
        s.end()
    }
}

/// Whether a format states the game's end (its final result) whenever the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndRecord {
    /// Always (Tenhou mjlog's `owari`, the notation's `end`): a last round without one says
    /// the game goes on.
    #[default]
    Always,
    /// Only when the record has it (tenhou.net/6 `sc` is optional): a log whose last round
    /// ends the game without one does not record the end.
    Optional,
}

impl EndRecord {
    /// Whether this is [`EndRecord::Always`] (for serialisation).
    pub fn is_always(&self) -> bool {
        *self == EndRecord::Always
    }
}

/// Whether a format's record always starts at the game's start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartRecord {
    /// Always (Tenhou mjlog, Mahjong Soul records): a first round other than the game's
    /// first, with other scores than the start, is a divergence.
    #[default]
    Always,
    /// The record may begin at any round, its setup stating the scores, honba, sticks and
    /// dealer there (an excerpt, a scenario of the last hands): the game is followed from
    /// that round, and its start is not recorded.
    Optional,
}

impl StartRecord {
    /// Whether this is [`StartRecord::Always`] (for serialisation).
    pub fn is_always(&self) -> bool {
        *self == StartRecord::Always
    }
}

/// Whether the order of a win's yaku list is the referee's own (Tenhou writes its yaku in a
/// fixed order, part of the record) or an exporter's (Mahjong Soul exports and hand
/// transcriptions list them as they please).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum YakuOrder {
    /// The referee's order: a list in another order is a divergence.
    #[default]
    Referee,
    /// An exporter's: only the yaku and their han are compared.
    Exporter,
}

impl YakuOrder {
    /// Whether this is [`YakuOrder::Referee`] (for serialisation).
    pub fn is_referee(&self) -> bool {
        *self == YakuOrder::Referee
    }
}

/// What a format leaves out that the referee would otherwise compare: each part marked here is
/// not recorded by the log, so its value in the events is no statement, and the referee
/// neither compares it nor counts it as a divergence. The verdict still rules on everything
/// else (a win's value through its payments, for one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unrecorded {
    /// A win's limit name (mjai's converters write han, fu and points but no limit):
    /// [`crate::RecordedWin::limit`] is not compared.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub limit: bool,
    /// A win's points as the hand's value: the log writes a number that is not it (mjai's
    /// convlog `hora_points`, seen to include the honba payment): [`crate::RecordedWin::points`]
    /// is not compared, the payments are.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub points: bool,
    /// A win's value: its yaku and han, yakuman, fu and points (mjai as Mortal and mjai.app
    /// write it, `hora` with payments only). The win's value is then checked through its
    /// payments alone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub value: bool,
    /// A win's liable seat (pao) ([`crate::RecordedWin::pao`]): the format has no field for
    /// it (mjai); the payments still show it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pao: bool,
    /// The scores before each win and draw ([`crate::RecordedWin::scores`],
    /// [`crate::RecordedDraw::scores`]): the log states neither them nor the riichi deposits'
    /// amounts (mjai as Mortal writes it: `reach_accepted` with no numbers), so its reader
    /// cannot reckon them. Payments and the flow are still checked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub scores: bool,
    /// The final placement points ([`crate::FinalResult::points`]): the final scores are
    /// compared, the points are not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub final_points: bool,
    /// The rounds' setup: round wind and number, honba, sticks and scores (mjai's 2011
    /// dialect states only the dealer and the dora indicator). The referee replays such a log
    /// from the flow's own setups and payments, and checks the dealers it states against them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub round_setup: bool,
}

impl Unrecorded {
    /// Whether the log records everything (for serialisation).
    pub fn is_nothing(&self) -> bool {
        *self == Unrecorded::default()
    }
}

/// The header of a game. What it holds is what the log states; nothing is inferred from it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The source format, e.g. `"tenhou-mjlog"`.
    pub format: String,
    /// Whether the format always starts at the game's start.
    #[serde(default, skip_serializing_if = "StartRecord::is_always")]
    pub start_record: StartRecord,
    /// Whether the format always states the game's end.
    #[serde(default, skip_serializing_if = "EndRecord::is_always")]
    pub end_record: EndRecord,
    /// Whose order a win's yaku list is in.
    #[serde(default, skip_serializing_if = "YakuOrder::is_referee")]
    pub yaku_order: YakuOrder,
    /// What the format leaves out that the referee would otherwise compare.
    #[serde(default, skip_serializing_if = "Unrecorded::is_nothing")]
    pub unrecorded: Unrecorded,
    /// The format's version as written (`mjloggm ver`), if any.
    pub version: Option<String>,
    /// The game id, when the file name (or the log) carries one, e.g.
    /// `2015070411gm-00a9-0000-b8b13fcc`.
    pub game_id: Option<String>,
    /// The rule flags exactly as written.
    pub rules: RuleFlags,
    /// The rules the log declares, as its reader decoded them ([`Declared`]): what
    /// `--rules auto` checks the game under.
    #[serde(skip_deserializing)]
    pub declared: Declared,
    /// The four seats' players; in a three-player game seat 3 is present with an empty name.
    pub players: BySeat<Player>,
    /// The seat that dealt the first round (Tenhou `TAIKYOKU oya`).
    pub first_dealer: Option<haifu_tiles::Seat>,
    /// The wall seed exactly as written (Tenhou `SHUFFLE seed`), when the log has one.
    pub seed: Option<String>,
    /// The seed's reference field (Tenhou `SHUFFLE ref`, always empty in real logs).
    pub seed_ref: Option<String>,
}

/// The rule flags of a game, exactly as written. They are not interpreted here: the Tenhou
/// reader decodes them ([`Declared::TenhouFlags`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleFlags {
    /// Tenhou's GO `type` bitfield (e.g. 169 = 0xA9).
    pub go_type: u32,
    /// Tenhou's lobby number (GO `lobby`); absent before about 2010-09.
    pub lobby: Option<u32>,
    /// Private-lobby title (GO `title`), from 2023-era logs; a tenhou.net/6 record's
    /// `rule.disp` as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Private-lobby rule string (GO `rule`), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Private-lobby ranking string (GO `ranking`), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranking: Option<String>,
    /// Private-lobby custom rule string (GO `csrule`), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csrule: Option<String>,
}

/// A player as the log introduces them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// The name, decoded (Tenhou percent-encodes it as UTF-8).
    pub name: String,
    /// Tenhou dan index (0 = 新人 … 20 = 天鳳), when given.
    pub dan: Option<u8>,
    /// Rating, when given (integer in 2008–2010 logs, two decimals later).
    pub rate: Option<f64>,
    /// Sex code as written (`M`, `F`, `C` for a computer).
    pub sex: Option<String>,
    /// Chip-room value `rc` as written (meaning not documented).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rc: Option<i64>,
    /// Gold-room balance `gold` as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gold: Option<i64>,
}

/// An attribute the parser does not know, kept verbatim with where it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnknownAttribute {
    /// The index of the event it belongs to, or `None` for the header.
    pub event: Option<usize>,
    /// The element (or keyword) it was on.
    pub element: String,
    /// The attribute's name.
    pub name: String,
    /// The attribute's value, unescaped.
    pub value: String,
}
