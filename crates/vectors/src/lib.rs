//! Conformance vectors: the rulings of a real game written as a language-neutral test suite,
//! one self-contained JSON object a line (`docs/VECTORS.md` is the format's description,
//! `schema/vector.schema.json` its JSON Schema).
//!
//! Four kinds, each with a `kind` field:
//!
//! - `decision`: the state at a point where a seat may act, every seat's complete set of
//!   legal actions there (from the rules engine's [`Round::legal_actions`]), each seat's
//!   furiten and waits, and the action the log recorded, which is in its seat's set;
//! - `win`: a winning hand, its context and the engine's full valuation and payments;
//! - `draw`: a drawn round's hands, tenpai, nagashi and payments;
//! - `transition`: the scores before and after a round and what comes next.
//!
//! # Architecture invariant
//!
//! This crate reads a [`GameLog`] (any reader's) and depends on the replayer and the rules
//! engine, never on a reader: every ruling in a vector is the engine's, seen through
//! [`haifu_replay::course_watched`].

use haifu_log::{DrawKind, Event, GameLog, RecordedDraw, RiichiStage};
use haifu_replay::{CourseEnd, Watch, Watched};
use haifu_rules::flow::{Flow, Win, WinValue};
use haifu_rules::{
    Action, FuSource, FuritenReason, Payer, RiichiDeclaration, RiichiState, Round, Situation,
};
use haifu_ruleset::RuleSet;
use haifu_tiles::{BySeat, Meld, MeldKind, Seat, Tile, TileList};
use json::Json;

pub mod check;
mod json;

/// The version of the vector format (`v` in every vector): a change an engine's checker
/// must follow raises it.
pub const VERSION: u32 = 1;

/// Which kinds of vector to write: a set of [`Kind`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kinds(u8);

/// A kind of vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// A decision point.
    Decision = 1,
    /// A win.
    Win = 2,
    /// A drawn round.
    Draw = 4,
    /// The passage from one round to the next.
    Transition = 8,
}

impl Kind {
    /// Every kind, in the order of the format.
    pub const ALL: [Kind; 4] = [Kind::Decision, Kind::Win, Kind::Draw, Kind::Transition];

    /// The name in the `kind` field and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Decision => "decision",
            Kind::Win => "win",
            Kind::Draw => "draw",
            Kind::Transition => "transition",
        }
    }

    /// The kind of a name, if it is one.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl Kinds {
    /// Every kind.
    pub const ALL: Kinds = Kinds(15);
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// This set with `kind` too.
    pub const fn with(self, kind: Kind) -> Kinds {
        Kinds(self.0 | kind as u8)
    }

    /// Whether the set holds `kind`.
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 & kind as u8 != 0
    }
}

/// What to write of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The kinds written.
    pub kinds: Kinds,
    /// Write one decision in this many (the first, the `every + 1`-th, …, counted in each
    /// game): 1 writes them all.
    pub every: u32,
}

/// How many vectors of each kind a game gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decisions written.
    pub decisions: usize,
    /// Wins written.
    pub wins: usize,
    /// Draws written.
    pub draws: usize,
    /// Transitions written.
    pub transitions: usize,
}

impl Counts {
    /// Adds another game's counts.
    pub fn add(&mut self, other: Counts) {
        self.decisions += other.decisions;
        self.wins += other.wins;
        self.draws += other.draws;
        self.transitions += other.transitions;
    }
}

/// Why a game gives no vectors.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VectorError {
    /// The engine cannot follow the game under the rule set (a table of another size).
    #[error("the game is not supported under this rule set: {0}")]
    Unsupported(String),
}

/// The game key of a log file: the first 8 bytes of the SHA-256 of its bytes, in hex. It
/// joins the vectors of one game and names no player.
pub fn game_key(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Writes the vectors of `log` under `rules` to `out`, one JSON object a line, every one
/// with `game` set to `key` (the caller's: a digest of the file, never a player's name).
///
/// Only what the engine rules is written: a round from the first action the engine refuses
/// on gives no more decisions, and a win it does not value no win vector (under the log's
/// own rules, none of the 516 real Tenhou games has either). The lines come in the order of
/// the game: by event, and at one event in the order decision, win, draw, transition.
///
/// # Errors
///
/// [`VectorError::Unsupported`] when the engine cannot follow the game at all.
pub fn write_game(
    log: &GameLog,
    rules: &RuleSet,
    key: &str,
    options: Options,
    out: &mut String,
) -> Result<Counts, VectorError> {
    let mut writer = Writer::new(log, rules, key, options);
    let course = haifu_replay::course_watched(log, rules, &mut writer);
    if let Some(why) = course.unsupported {
        return Err(VectorError::Unsupported(why));
    }
    let names = writer.names;
    let Writer {
        mut lines,
        mut counts,
        draws,
        ..
    } = writer;
    // The draws' payments and the transitions are the course's: the money of the round.
    for draw in draws {
        let deltas = course.rounds.get(draw.round).and_then(|r| r.deltas);
        lines.push((
            draw.event,
            Kind::Draw,
            draw.write(names, rules, key, deltas),
        ));
        counts.draws += 1;
    }
    if options.kinds.contains(Kind::Transition) {
        let starts: Vec<usize> = log
            .events()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::RoundStart(_)))
            .map(|(i, _)| i)
            .collect();
        let last = course.rounds.len().saturating_sub(1);
        for (i, round) in course.rounds.iter().enumerate() {
            let (Some(setup), Some(deltas), Some(after)) =
                (round.setup, round.deltas, round.scores_after)
            else {
                continue;
            };
            let ended = match (&course.end, i == last) {
                (
                    CourseEnd::Ended {
                        standing, reason, ..
                    },
                    true,
                ) => Some((standing, reason)),
                _ => None,
            };
            if round.next.is_none() && ended.is_none() {
                continue;
            }
            let event = starts.get(i).copied().unwrap_or(0);
            let mut j = Json::new();
            j.open();
            header(
                &mut j,
                "transition",
                key,
                &label(setup.round_wind, setup.round_number, setup.honba),
                event,
            );
            j.key("dealer").str_with(|s| s.push(setup.dealer.letter()));
            j.key("honba").num(setup.honba);
            j.key("sticks").num(setup.sticks);
            j.key("scores_before");
            seat_numbers(&mut j, rules, |s| i64::from(setup.scores[s]));
            j.key("outcome").str(if !round.wins.is_empty() {
                "win"
            } else {
                round.draw.unwrap_or("none")
            });
            j.key("deltas");
            seat_numbers(&mut j, rules, |s| i64::from(deltas[s]));
            j.key("scores_after");
            seat_numbers(&mut j, rules, |s| i64::from(after[s]));
            j.key("next");
            match round.next {
                Some(n) => {
                    j.open();
                    j.key("round")
                        .str(&label(n.round_wind, n.round_number, n.honba));
                    j.key("dealer").str_with(|s| s.push(n.dealer.letter()));
                    j.key("honba").num(n.honba);
                    j.key("sticks").num(n.sticks);
                    j.key("scores");
                    seat_numbers(&mut j, rules, |s| i64::from(n.scores[s]));
                    j.close();
                }
                None => {
                    j.null();
                }
            }
            j.key("end");
            match ended {
                Some((standing, reason)) => {
                    j.open();
                    j.key("reason").str(reason);
                    j.key("scores");
                    seat_numbers(&mut j, rules, |s| i64::from(standing.scores[s]));
                    j.key("places");
                    seat_numbers(&mut j, rules, |s| i64::from(standing.place[s]) + 1);
                    j.key("points");
                    match standing.points {
                        Some(p) => {
                            j.open();
                            for s in seats(rules) {
                                j.key(seat_key(s)).num(p[s]);
                            }
                            j.close();
                        }
                        None => {
                            j.null();
                        }
                    }
                    j.close();
                }
                None => {
                    j.null();
                }
            }
            j.close();
            lines.push((event, Kind::Transition, j.text));
            counts.transitions += 1;
        }
    }
    // In the order of the game (a stable sort: one event's decisions keep their order).
    lines.sort_by_key(|(event, kind, _)| (*event, *kind as u8));
    for (_, _, line) in lines {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(counts)
}

/// A round's label, `E1.0`.
fn label(wind: haifu_tiles::Wind, number: u8, honba: u32) -> String {
    format!("{}{}.{}", wind.letter(), number, honba)
}

/// The fields every vector starts with.
fn header(j: &mut Json, kind: &str, key: &str, round: &str, event: usize) {
    j.key("v").num(VERSION);
    j.key("kind").str(kind);
    j.key("game").str(key);
    j.key("round").str(round);
    j.key("event").num(event);
}

/// The seats at the table.
fn seats(rules: &RuleSet) -> impl Iterator<Item = Seat> + '_ {
    Seat::ALL.into_iter().filter(|s| rules.players.plays(*s))
}

/// A seat's letter as a key.
fn seat_key(s: Seat) -> &'static str {
    ["A", "B", "C", "D"][s.index()]
}

/// An object with one number per seat at the table.
fn seat_numbers(j: &mut Json, rules: &RuleSet, f: impl Fn(Seat) -> i64) {
    j.open();
    for s in seats(rules) {
        j.key(seat_key(s)).num(f(s));
    }
    j.close();
}

/// Names tiles and actions as the notation does, red fives as `0` only where the rules have
/// them.
#[derive(Clone, Copy, Debug)]
struct Names {
    red: [bool; 3],
}

impl Names {
    fn is_red(self, t: Tile) -> bool {
        t.is_red_five()
            && self
                .red
                .get(t.kind().suit() as usize)
                .copied()
                .unwrap_or(false)
    }

    fn push_tile(self, out: &mut String, t: Tile) {
        if self.is_red(t) {
            out.push('0');
            out.push(t.kind().suit().letter());
        } else {
            let _ = std::fmt::Write::write_fmt(out, format_args!("{}", t.kind()));
        }
    }

    fn tile(self, t: Tile) -> String {
        let mut s = String::with_capacity(2);
        self.push_tile(&mut s, t);
        s
    }

    fn tiles(self, tiles: &[Tile]) -> String {
        TileList::tiles(tiles).with_red_suits(self.red).to_string()
    }

    fn tile_list(self, j: &mut Json, tiles: &[Tile]) {
        j.open_list();
        for t in tiles {
            j.str_with(|s| self.push_tile(s, *t));
        }
        j.close_list();
    }

    /// The hand tiles of a meld other than `called`, sorted, in the notation's compact form.
    fn rest(self, meld: &Meld, called: Tile) -> String {
        let mut rest: Vec<Tile> = meld.tiles().to_vec();
        if let Some(i) = rest.iter().position(|t| *t == called) {
            rest.remove(i);
        }
        rest.sort_unstable();
        self.tiles(&rest)
    }

    fn meld(self, meld: &Meld) -> String {
        let from = meld.from.map_or('?', Seat::letter);
        let called = meld.called.unwrap_or(meld.tiles()[0]);
        match meld.kind {
            MeldKind::Chi | MeldKind::Pon => format!(
                "{} {}<{}+{}",
                meld.kind.as_str(),
                self.tile(called),
                from,
                self.rest(meld, called)
            ),
            MeldKind::Daiminkan => format!("kan {}<{}", self.tile(called), from),
            MeldKind::Kakan => format!("kakan {}", self.tile(meld.added.unwrap_or(called))),
            MeldKind::Ankan => format!("ankan {}", meld.base_kind()),
            MeldKind::Kita => "kita 4z".to_owned(),
        }
    }

    fn action(self, action: &Action) -> String {
        match action {
            Action::Discard(t) => format!("discard {}", self.tile(*t)),
            Action::Riichi(t) => format!("riichi {}", self.tile(*t)),
            Action::Tsumo => "tsumo".to_owned(),
            Action::Call(m) => self.meld(m),
            Action::NineTerminals => "nine-terminals".to_owned(),
            Action::Ron => "ron".to_owned(),
            Action::Pass => "pass".to_owned(),
        }
    }
}

fn furiten(j: &mut Json, names: Names, reason: Option<FuritenReason>) {
    let (why, tile) = match reason {
        None => {
            j.null();
            return;
        }
        Some(FuritenReason::OwnDiscard { kind }) => ("own-discard", kind.to_string()),
        Some(FuritenReason::PassedThisTurn { tile }) => ("passed-this-turn", names.tile(tile)),
        Some(FuritenReason::PassedAfterRiichi { tile }) => {
            ("passed-after-riichi", names.tile(tile))
        }
    };
    j.open();
    j.key("reason").str(why);
    j.key("tile").str(&tile);
    j.close();
}

/// A fu item's name.
fn fu_name(source: FuSource) -> String {
    match source {
        FuSource::Base => "base".to_owned(),
        FuSource::Chiitoitsu => "chiitoitsu".to_owned(),
        FuSource::MenzenRon => "menzen-ron".to_owned(),
        FuSource::Tsumo => "tsumo".to_owned(),
        FuSource::Wait(w) => format!("wait {}", format!("{w:?}").to_lowercase()),
        FuSource::Pair(k) => format!("pair {k}"),
        FuSource::Set {
            kind,
            kan,
            concealed,
        } => format!(
            "{} {} {kind}",
            if concealed { "concealed" } else { "open" },
            if kan { "kan" } else { "triplet" }
        ),
        FuSource::OpenPinfu => "open-pinfu".to_owned(),
    }
}

const SITUATIONS: [(Situation, &str); 9] = [
    (Situation::IPPATSU, "ippatsu"),
    (Situation::HAITEI, "haitei"),
    (Situation::HOUTEI, "houtei"),
    (Situation::RINSHAN, "rinshan"),
    (Situation::CHANKAN, "chankan"),
    (Situation::TENHOU, "tenhou"),
    (Situation::CHIIHOU, "chiihou"),
    (Situation::RENHOU, "renhou"),
    (Situation::PAARENCHAN, "paarenchan"),
];

/// A drawn round as the engine rules it, waiting for the course's payments.
struct PendingDraw {
    event: usize,
    round: usize,
    label: String,
    kind: &'static str,
    shown: BySeat<Option<String>>,
    tenpai: Vec<Seat>,
    nagashi: Vec<Seat>,
}

impl PendingDraw {
    fn write(
        &self,
        _names: Names,
        rules: &RuleSet,
        key: &str,
        deltas: Option<BySeat<i32>>,
    ) -> String {
        let mut j = Json::new();
        j.open();
        header(&mut j, "draw", key, &self.label, self.event);
        j.key("draw").str(self.kind);
        j.key("hands").open();
        for s in seats(rules) {
            j.key(seat_key(s));
            match &self.shown[s] {
                Some(h) => j.str(h),
                None => j.null(),
            };
        }
        j.close();
        for (name, list) in [("tenpai", &self.tenpai), ("nagashi", &self.nagashi)] {
            j.key(name).open_list();
            for s in list {
                j.str(seat_key(*s));
            }
            j.close_list();
        }
        j.key("payments");
        match deltas {
            Some(d) => seat_numbers(&mut j, rules, |s| i64::from(d[s])),
            None => {
                j.null();
            }
        }
        j.close();
        j.text
    }
}

/// The watcher that writes a game's vectors as the replay goes.
struct Writer<'l> {
    log: &'l GameLog,
    rules: RuleSet,
    names: Names,
    key: &'l str,
    options: Options,
    /// The vectors written, with their event and kind (for the order of the game).
    lines: Vec<(usize, Kind, String)>,
    counts: Counts,
    draws: Vec<PendingDraw>,
    /// Round starts so far (the current round is `round - 1`).
    round: usize,
    /// The current round's label, honba and sticks at its start.
    label: String,
    sticks: u32,
    honba: u32,
    /// Where to look for the next round's start.
    next_start: usize,
    /// Each seat's river index of its riichi declaration tile.
    riichi_at: BySeat<Option<usize>>,
    /// The claim window open now was already looked at.
    window_done: bool,
    /// Decisions met so far in the game (for `every`).
    decisions: u32,
}

impl<'l> Writer<'l> {
    fn new(log: &'l GameLog, rules: &RuleSet, key: &'l str, options: Options) -> Writer<'l> {
        Writer {
            log,
            rules: *rules,
            names: Names {
                red: rules.hand.red_fives.suits(),
            },
            key,
            options,
            lines: Vec::new(),
            counts: Counts::default(),
            draws: Vec::new(),
            round: 0,
            label: String::new(),
            sticks: 0,
            honba: 0,
            next_start: 0,
            riichi_at: BySeat::default(),
            window_done: true,
            decisions: 0,
        }
    }

    /// Brings the round's bookkeeping up to `index`.
    fn follow_rounds(&mut self, index: usize) {
        while self.next_start <= index {
            let found = (self.next_start..)
                .map_while(|i| self.log.event(i).map(|e| (i, e)))
                .find_map(|(i, e)| match e {
                    Event::RoundStart(s) => Some((i, s)),
                    _ => None,
                });
            let Some((at, start)) = found else {
                self.next_start = usize::MAX;
                return;
            };
            if at > index {
                self.next_start = at;
                return;
            }
            self.round += 1;
            self.label = label(start.round_wind, start.round_number, start.honba);
            self.honba = start.honba;
            self.sticks = start.sticks;
            self.riichi_at = BySeat::default();
            self.window_done = true;
            self.next_start = at + 1;
        }
    }

    /// Whether the next decision is written (`--every`), counting it.
    fn sampled(&mut self) -> bool {
        self.decisions += 1;
        self.options.kinds.contains(Kind::Decision)
            && (self.decisions - 1).is_multiple_of(self.options.every.max(1))
    }

    fn state(&self, j: &mut Json, round: &Round, moment: &str) {
        let names = self.names;
        let rules = self.rules;
        let dealer = round.dealer();
        j.open();
        j.key("moment").str(moment);
        j.key("players").num(rules.players.count());
        j.key("round_wind")
            .str_with(|s| s.push(round.round_wind().letter()));
        j.key("dealer").str_with(|s| s.push(dealer.letter()));
        j.key("honba").num(self.honba);
        j.key("sticks")
            .num(self.sticks + u32::from(round.riichi_deposits()));
        j.key("dora_indicators");
        names.tile_list(j, round.dora_indicators());
        j.key("tiles_left").num(round.live_tiles_left());
        j.key("kans").num(round.kans());
        j.key("first_go_around").bool(round.first_go_around());
        j.key("open");
        match round.open_tile() {
            Some((from, t)) => {
                j.open();
                j.key("from").str_with(|s| s.push(from.letter()));
                j.key("tile").str_with(|s| names.push_tile(s, t));
                j.close();
            }
            None => {
                j.null();
            }
        }
        j.key("seats").open_list();
        for s in seats(&rules) {
            let (riichi, double) = round.riichi_state(s);
            j.open();
            j.key("seat").str(seat_key(s));
            j.key("wind")
                .str_with(|x| x.push(rules.players.seat_wind(s, dealer).letter()));
            j.key("score").num(round.scores()[s]);
            j.key("hand").str(&names.tiles(&round.concealed(s)));
            j.key("drawn");
            match round.drawn(s) {
                Some(t) => j.str_with(|x| names.push_tile(x, t)),
                None => j.null(),
            };
            j.key("melds").open_list();
            for m in round.melds(s) {
                j.str(&names.meld(m));
            }
            j.close_list();
            j.key("kita").num(round.kita_tiles(s).len());
            j.key("river").open_list();
            for (i, (t, called)) in round.river(s).iter().enumerate() {
                let riichi_tile = self.riichi_at[s] == Some(i);
                j.str_with(|x| {
                    names.push_tile(x, *t);
                    if riichi_tile {
                        x.push('^');
                    }
                    if *called {
                        x.push('<');
                    }
                });
            }
            j.close_list();
            j.key("riichi").str(match riichi {
                RiichiState::None => "none",
                RiichiState::Declared => "declared",
                RiichiState::Standing => "standing",
            });
            j.key("double_riichi").bool(double);
            j.key("ippatsu").bool(round.ippatsu(s));
            j.key("kuikae").open_list();
            for k in round.kuikae_kinds(s).iter() {
                j.str(&k.to_string());
            }
            j.close_list();
            j.close();
        }
        j.close_list();
        j.close();
    }

    /// Writes a decision: `legal` every seat with a choice and its actions, `recorded` the
    /// recorded action of one seat, `responses` every such seat's recorded action at a
    /// claim window.
    fn decision(
        &mut self,
        round: &Round,
        index: usize,
        moment: &str,
        legal: &[(Seat, Vec<Action>)],
        recorded: &(Seat, String),
        responses: Option<&[(Seat, String)]>,
    ) {
        let names = self.names;
        let rules = self.rules;
        let mut j = Json::new();
        j.open();
        header(&mut j, "decision", self.key, &self.label, index);
        j.key("state");
        self.state(&mut j, round, moment);
        j.key("legal").open();
        for (s, actions) in legal {
            j.key(seat_key(*s)).open_list();
            for a in actions {
                j.str(&names.action(a));
            }
            j.close_list();
        }
        j.close();
        j.key("furiten").open();
        for s in seats(&rules) {
            j.key(seat_key(s));
            furiten(&mut j, names, round.furiten(s));
        }
        j.close();
        j.key("waits").open();
        for s in seats(&rules) {
            let w = round.waits(s);
            if !w.is_empty() {
                j.key(seat_key(s)).open_list();
                for k in w.iter() {
                    j.str(&k.to_string());
                }
                j.close_list();
            }
        }
        j.close();
        j.key("recorded").open();
        j.key("seat").str(seat_key(recorded.0));
        j.key("action").str(&recorded.1);
        j.close();
        if let Some(responses) = responses {
            j.key("responses").open();
            for (s, a) in responses {
                j.key(seat_key(*s)).str(a);
            }
            j.close();
        }
        j.close();
        self.lines.push((index, Kind::Decision, j.text));
        self.counts.decisions += 1;
    }

    fn turn(&mut self, round: &Round, index: usize, seat: Seat, recorded: String) {
        if !self.sampled() {
            return;
        }
        let legal = [(seat, round.legal_actions(seat))];
        self.decision(round, index, "turn", &legal, &(seat, recorded), None);
    }

    /// A claim window at `index`, if one is open and not looked at yet.
    fn window(&mut self, round: &Round, index: usize, event: Event<'_>) {
        if self.window_done || !self.options.kinds.contains(Kind::Decision) {
            return;
        }
        self.window_done = true;
        let Some((from, _)) = round.open_tile() else {
            return;
        };
        let players = self.rules.players;
        let mut legal = Vec::new();
        let mut seat = players.next(from);
        while seat != from {
            let actions = round.legal_actions(seat);
            if !actions.is_empty() {
                legal.push((seat, actions));
            }
            seat = players.next(seat);
        }
        // What each seat did: the caller its call, every ron winner on the tile ron (read
        // ahead), the others let it pass.
        let mut taken: Vec<(Seat, String)> = Vec::new();
        match event {
            Event::Call { seat, meld } => taken.push((seat, self.names.meld(&meld))),
            Event::Win(w) if !w.is_tsumo() => {
                for e in (index..).map_while(|i| self.log.event(i)) {
                    match e {
                        Event::Win(o) if !o.is_tsumo() && o.from == w.from => {
                            taken.push((o.winner, "ron".to_owned()));
                        }
                        _ => break,
                    }
                }
            }
            _ => {}
        }
        if legal.is_empty() && taken.is_empty() {
            return;
        }
        if !self.sampled() {
            return;
        }
        let responses: Vec<(Seat, String)> = legal
            .iter()
            .map(|(s, _)| {
                let did = taken
                    .iter()
                    .find(|(t, _)| t == s)
                    .map_or_else(|| "pass".to_owned(), |(_, a)| a.clone());
                (*s, did)
            })
            .collect();
        let recorded = taken
            .first()
            .cloned()
            .or_else(|| responses.first().cloned());
        let Some(recorded) = recorded else { return };
        self.decision(round, index, "claim", &legal, &recorded, Some(&responses));
    }

    fn draw_vector(&mut self, round: &Round, index: usize, d: &RecordedDraw) {
        let names = self.names;
        let rules = self.rules;
        let ruled = match d.kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => round.clone().exhaustive_draw().ok(),
            _ => None,
        };
        let kind = match (d.kind, ruled) {
            (DrawKind::Exhaustive | DrawKind::NagashiMangan, Some(r)) => {
                if r.nagashi.iter().any(|n| *n) {
                    "nagashi_mangan"
                } else {
                    "exhaustive"
                }
            }
            (k, _) => k.as_str(),
        };
        let which =
            |f: &dyn Fn(Seat) -> bool| -> Vec<Seat> { seats(&rules).filter(|s| f(*s)).collect() };
        self.draws.push(PendingDraw {
            event: index,
            round: self.round.saturating_sub(1),
            label: self.label.clone(),
            kind,
            shown: BySeat::new_with(|s| d.shown[s].as_ref().map(|h| names.tiles(h))),
            tenpai: ruled.map_or_else(Vec::new, |r| which(&|s| r.tenpai[s])),
            nagashi: ruled.map_or_else(Vec::new, |r| which(&|s| r.nagashi[s])),
        });
    }
}

impl Watch for Writer<'_> {
    fn before(&mut self, round: &Round, event: Event<'_>, index: usize) {
        self.follow_rounds(index);
        match event {
            Event::Discard { seat, tile, .. } => {
                let declared = matches!(
                    index.checked_sub(1).and_then(|i| self.log.event(i)),
                    Some(Event::Riichi {
                        stage: RiichiStage::Declared,
                        ..
                    })
                );
                if declared {
                    self.riichi_at[seat] = Some(round.river(seat).len());
                } else {
                    let text = format!("discard {}", self.names.tile(tile));
                    self.turn(round, index, seat, text);
                }
                self.window_done = false;
            }
            Event::Riichi {
                seat,
                stage: RiichiStage::Declared,
                ..
            } => {
                let tile = (index + 1..)
                    .map_while(|i| self.log.event(i))
                    .find_map(|e| match e {
                        Event::Discard { seat: s, tile, .. } if s == seat => Some(tile),
                        _ => None,
                    });
                if let Some(tile) = tile {
                    let text = format!("riichi {}", self.names.tile(tile));
                    self.turn(round, index, seat, text);
                }
            }
            Event::Call { seat, meld }
                if matches!(
                    meld.kind,
                    MeldKind::Ankan | MeldKind::Kakan | MeldKind::Kita
                ) =>
            {
                let text = self.names.meld(&meld);
                self.turn(round, index, seat, text);
                self.window_done = false;
            }
            Event::Call { .. } | Event::DrawTile { .. } => self.window(round, index, event),
            Event::Win(w) if w.is_tsumo() => {
                self.turn(round, index, w.winner, "tsumo".to_owned());
            }
            Event::Win(_) => self.window(round, index, event),
            Event::RoundDraw(d) => {
                if d.kind == DrawKind::KyuushuKyuuhai {
                    if let Some(seat) = Seat::ALL.into_iter().find(|s| d.shown[*s].is_some()) {
                        self.turn(round, index, seat, "nine-terminals".to_owned());
                    }
                } else {
                    self.window(round, index, event);
                }
                if self.options.kinds.contains(Kind::Draw) {
                    self.draw_vector(round, index, d);
                }
            }
            _ => {}
        }
    }

    fn win(&mut self, w: &Watched<'_>) {
        if !self.options.kinds.contains(Kind::Win) {
            return;
        }
        let names = self.names;
        let rules = self.rules;
        let ctx = w.context;
        let score = w.score;
        let win = Win {
            winner: ctx.winner,
            value: WinValue::of_score(score, ctx),
            pao: w.pao,
            pao_stacked: score.yakuman.len() > 1,
            need: None,
        };
        let payments = Flow::new(&rules).win_payments(w.dealer, &win, w.bonus).ok();
        let mut j = Json::new();
        j.open();
        header(&mut j, "win", self.key, &self.label, w.index);
        j.key("players").num(rules.players.count());
        j.key("winner").str(seat_key(ctx.winner));
        j.key("from").str(seat_key(ctx.from));
        j.key("method").str(if ctx.from == ctx.winner {
            "tsumo"
        } else {
            "ron"
        });
        j.key("hand").str(&names.tiles(&ctx.concealed));
        j.key("winning_tile")
            .str_with(|s| names.push_tile(s, ctx.winning_tile));
        j.key("melds").open_list();
        for m in &ctx.melds {
            j.str(&names.meld(m));
        }
        j.close_list();
        j.key("kita").num(ctx.kita);
        j.key("seat_wind")
            .str_with(|s| s.push(ctx.seat_wind.letter()));
        j.key("round_wind")
            .str_with(|s| s.push(ctx.round_wind.letter()));
        j.key("dora_indicators");
        names.tile_list(&mut j, &ctx.dora_indicators);
        j.key("ura_indicators");
        match self.log.event(w.index) {
            Some(Event::Win(r)) => names.tile_list(&mut j, &r.ura_indicators),
            _ => names.tile_list(&mut j, &[]),
        }
        j.key("riichi").str(match ctx.riichi {
            RiichiDeclaration::None => "none",
            RiichiDeclaration::Riichi => "riichi",
            RiichiDeclaration::DoubleRiichi => "double-riichi",
        });
        j.key("situation").open_list();
        for (s, name) in SITUATIONS {
            if ctx.situation.contains(s) {
                j.str(name);
            }
        }
        j.close_list();
        j.key("honba").num(w.bonus.honba);
        j.key("sticks").num(w.bonus.sticks);
        j.key("value").open();
        j.key("yaku").open_list();
        for y in &score.yaku {
            j.open();
            j.key("name").str(y.yaku.name());
            j.key("han").num(y.han);
            j.close();
        }
        j.close_list();
        j.key("yakuman").open_list();
        for y in &score.yakuman {
            j.open();
            j.key("name").str(y.yaku.name());
            j.key("count").num(y.times);
            j.close();
        }
        j.close_list();
        j.key("dora").num(score.dora);
        j.key("ura").num(score.ura);
        j.key("aka").num(score.aka);
        j.key("kita").num(score.kita);
        j.key("han").num(score.han);
        j.key("fu").num(score.fu);
        j.key("fu_items").open_list();
        for f in &score.fu_items {
            j.open();
            j.key("source").str(&fu_name(f.source));
            j.key("fu").num(f.fu);
            j.close();
        }
        j.close_list();
        j.key("limit").str(score.limit.name());
        j.key("points").num(score.points);
        j.key("hand_payments").open_list();
        for p in &score.payments {
            j.open();
            j.key("payer");
            match p.payer {
                Payer::Discarder => j.str("discarder"),
                Payer::Seat(wind) => j.str_with(|s| s.push(wind.letter())),
            };
            j.key("hand").num(p.hand);
            j.key("honba").num(p.honba);
            j.close();
        }
        j.close_list();
        j.close();
        j.key("pao");
        match w.pao {
            Some(s) => j.str(seat_key(s)),
            None => j.null(),
        };
        j.key("payments");
        match payments {
            Some(p) => {
                let total = p.total();
                seat_numbers(&mut j, &rules, |s| i64::from(total[s]));
            }
            None => {
                j.null();
            }
        }
        j.close();
        self.lines.push((w.index, Kind::Win, j.text));
        self.counts.wins += 1;
    }
}
