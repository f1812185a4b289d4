//! The referee's sheet: per round, the setup, each ruling (calls, riichi, dora reveals,
//! furiten changes with their reasons), and each outcome as the engine computed it next to
//! what the log recorded, with the round's divergences.

use std::fmt::{self, Write as _};

use arrayvec::ArrayVec;
use haifu_rules::FuritenReason;
use haifu_tiles::{BySeat, Meld, Seat, Tile, TileList};

use crate::{Divergence, RoundLabel, Verdict};

/// A replayed game: the verdict and, for each round, its sheet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameReplay {
    /// The verdict, as [`crate::verify`] gives it.
    pub verdict: Verdict,
    /// One sheet per round, in order.
    pub rounds: Vec<RoundSheet>,
    /// Which fives are red under the rules replayed: [`render`] prints copy 0 of a five as
    /// `0` only in a suit that has a red five. (Not in the JSON, whose tiles are ids.)
    #[serde(skip)]
    pub red_fives: haifu_ruleset::RedFives,
}

/// One round's sheet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RoundSheet {
    /// The round.
    pub label: RoundLabel,
    /// The event index of the round's start: the round's divergences are those from it to
    /// the next round's start (a log may label two rounds alike).
    #[serde(skip)]
    pub start: usize,
    /// The dealer.
    pub dealer: Seat,
    /// Riichi sticks on the table at the start.
    pub sticks: u32,
    /// Scores at the start.
    pub scores: BySeat<i32>,
    /// The first dora indicator.
    pub dora_indicator: Tile,
    /// What happened that the referee rules on, in order.
    pub lines: Vec<SheetLine>,
}

/// One line of a round's sheet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SheetLine {
    /// A riichi declaration, at the seat's `turn`-th discard.
    Riichi {
        /// Who.
        seat: Seat,
        /// The seat's discard count at the declaration (1 is its first discard).
        turn: u8,
    },
    /// A call.
    Call {
        /// Who.
        seat: Seat,
        /// The meld.
        meld: Meld,
    },
    /// A new dora indicator.
    Dora {
        /// The indicator.
        indicator: Tile,
    },
    /// A seat's furiten starts (with its reason) or ends (`None`).
    Furiten {
        /// Who.
        seat: Seat,
        /// Why, or `None` when it ends.
        #[serde(serialize_with = "furiten_words")]
        reason: Option<FuritenReason>,
        /// The number of discards the seat had made at the time.
        turn: u8,
    },
    /// A mistake at the table (a hand-written record's `dead` or `false-win`) the referee
    /// accepted, with what the rule set makes the declarer pay.
    Mistake {
        /// Whose.
        seat: Seat,
        /// The notation's word (`dead`, `false-win`).
        mistake: &'static str,
        /// The number of discards the seat had made at the time.
        turn: u8,
        /// The penalty under the rule set, by seat, when it has one.
        deltas: Option<BySeat<i32>>,
        /// What follows: `the hand is dead`, or `the hand is dealt again` (a chombo).
        then: &'static str,
    },
    /// The record leaves the round's moves out from here (`...`): the wall, draws, discards,
    /// calls and furiten after it are not checked, only what the record states at the
    /// round's end (the verdict's elision says what was taken as stated).
    Elided,
    /// A win, as the engine values it, next to the log.
    Win(WinLine),
    /// A draw.
    Draw {
        /// The kind (snake_case name).
        kind: &'static str,
        /// Tenpai seats, for an exhaustive draw.
        tenpai: Vec<Seat>,
        /// The hands the log shows (tenpai hands, a kyuushu kyuuhai declarer's), by seat.
        shown: Vec<(Seat, ArrayVec<Tile, 14>)>,
        /// The recorded score changes.
        deltas: BySeat<i32>,
    },
}

/// A win on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WinLine {
    /// The winner.
    pub winner: Seat,
    /// The discarder, or the winner for a tsumo.
    pub from: Seat,
    /// The engine's value: yaku (name, han), fu, han, points, limit; `None` when the engine
    /// could not value it (the divergence says why).
    pub computed: Option<Valuation>,
    /// The recorded fu (when the format records them), points and limit.
    pub recorded: (Option<u32>, i32, haifu_tiles::Limit),
    /// The recorded score changes.
    pub deltas: BySeat<i32>,
    /// The liable seat (pao), as recorded.
    pub pao: Option<Seat>,
    /// The concealed tiles as recorded, the winning tile among them.
    pub hand: ArrayVec<Tile, 14>,
    /// The open melds and ankans, as recorded.
    pub melds: ArrayVec<Meld, 4>,
    /// The winning tile.
    pub winning_tile: Tile,
}

/// The engine's value of a win, for the sheet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Valuation {
    /// Yaku names (romaji) with their han; yakuman with 13 per yakuman.
    pub yaku: Vec<(&'static str, u8)>,
    /// Dora, ura and red-five han.
    pub dora: (u8, u8, u8),
    /// Nukidora han: the Norths set aside (kita), three players only.
    pub kita: u8,
    /// Fu.
    pub fu: u8,
    /// Han (0 for yakuman).
    pub han: u8,
    /// Points as Tenhou records them.
    pub points: u32,
    /// The limit's name as the notation writes it (`no-limit`, `mangan` … `yakuman`).
    pub limit: &'static str,
}

fn seat_scores(s: &BySeat<i32>) -> String {
    let v: Vec<String> = s.iter().map(|x| format!("{x:+}")).collect();
    v.join(" ")
}

impl fmt::Display for FuritenText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => write!(f, "furiten ends"),
            Some(reason) => write!(f, "furiten: {reason}"),
        }
    }
}

struct FuritenText(Option<FuritenReason>);

/// A furiten reason in JSON: its words (`passed 6s this turn`), or null when furiten ends.
fn furiten_words<S: serde::Serializer>(
    reason: &Option<FuritenReason>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match reason {
        Some(r) => s.collect_str(r),
        None => s.serialize_none(),
    }
}

/// Renders a replay as the referee's sheet; with `round`, only that round.
///
/// The format is stable (it is what the snapshots hold): one header line per round, one
/// indented line per ruling, each outcome as `computed | recorded`, and the round's
/// divergences marked `!!`. It holds no player names.
pub fn render(replay: &GameReplay, round: Option<RoundLabel>) -> String {
    render_with_rounds(replay, round).0
}

/// The sheet of each round, in order, as [`render`] writes it (its divergences included),
/// then the game's closing lines as the last item: what `diff --sheets` compares round by
/// round.
pub fn render_rounds(replay: &GameReplay) -> Vec<String> {
    let (text, spans) = render_with_rounds(replay, None);
    let mut out: Vec<String> = spans.iter().map(|r| text[r.clone()].to_owned()).collect();
    out.push(text[spans.last().map_or(0, |r| r.end)..].to_owned());
    out
}

/// [`render`], with where in the text each round's sheet is.
fn render_with_rounds(
    replay: &GameReplay,
    round: Option<RoundLabel>,
) -> (String, Vec<std::ops::Range<usize>>) {
    let mut out = String::new();
    let mut spans = Vec::with_capacity(replay.rounds.len());
    let mut writer = SheetWriter::new(&replay.verdict, replay.red_fives, round);
    // Each round's divergences are those of its events, up to the next round's start.
    let ends = replay
        .rounds
        .iter()
        .skip(1)
        .map(|r| r.start)
        .chain([usize::MAX]);
    for (sheet, end) in replay.rounds.iter().zip(ends) {
        let begin = out.len();
        if writer.write_round(sheet, end, &mut out) {
            spans.push(begin..out.len());
        }
    }
    writer.write_closing(&mut out);
    (out, spans)
}

/// Writes the referee's sheet of a game round by round, as its rounds are replayed, with
/// each round's divergences under it: what [`render`] gives at once, without holding the
/// game's sheets or its text. It walks the verdict's divergences once, in event order, so a
/// game's sheet takes time linear in its rounds and divergences.
///
/// The verdict is the game's whole verdict ([`crate::verify`] of the same log under the same
/// rules), known before the first round is written: the settlement's divergences are found
/// after the last round.
#[derive(Debug)]
pub struct SheetWriter<'v> {
    verdict: &'v Verdict,
    red: [bool; 3],
    round: Option<RoundLabel>,
    /// The first of the verdict's divergences not yet passed over.
    next: usize,
    /// The last round given, written when the next one (where its events end) comes.
    held: Option<RoundSheet>,
    /// The labels under which the divergences of a round with no event were shown.
    labels: Vec<RoundLabel>,
}

impl<'v> SheetWriter<'v> {
    /// A writer of the sheet of the game whose verdict is `verdict`, replayed with
    /// `red_fives`; with `round`, of that round only (and without the game's closing lines).
    pub fn new(
        verdict: &'v Verdict,
        red_fives: haifu_ruleset::RedFives,
        round: Option<RoundLabel>,
    ) -> SheetWriter<'v> {
        SheetWriter {
            verdict,
            red: red_fives.suits(),
            round,
            next: 0,
            held: None,
            labels: Vec::new(),
        }
    }

    /// Takes the game's next round's sheet and writes the one before it into `out`: a
    /// round's divergences are those up to the next round's start.
    pub fn push(&mut self, sheet: RoundSheet, out: &mut String) {
        if let Some(held) = self.held.take() {
            self.write_round(&held, sheet.start, out);
        }
        self.held = Some(sheet);
    }

    /// Writes the last round's sheet and the game's closing lines into `out`.
    pub fn finish(mut self, out: &mut String) {
        if let Some(held) = self.held.take() {
            self.write_round(&held, usize::MAX, out);
        }
        self.write_closing(out);
    }

    /// Writes `sheet`, whose round's events end before event `end`, with its divergences,
    /// unless another round is asked for; says whether it wrote it.
    fn write_round(&mut self, sheet: &RoundSheet, end: usize, out: &mut String) -> bool {
        let divergences = &self.verdict.divergences;
        // A divergence of a round with no event (none yet is one) is shown under the first
        // round of its label; they come first, the verdict being in event order.
        let unplaced = divergences
            .iter()
            .take_while(|d| d.event.is_none())
            .filter(|d| d.round == Some(sheet.label));
        let first_of_label =
            unplaced.clone().next().is_some() && !self.labels.contains(&sheet.label);
        if first_of_label {
            self.labels.push(sheet.label);
        }
        if self.next == 0 {
            self.next = divergences
                .iter()
                .position(|d| d.event.is_some())
                .unwrap_or(divergences.len());
        }
        // Those before this round's start were another round's.
        while divergences
            .get(self.next)
            .is_some_and(|d| d.event.is_some_and(|e| e < sheet.start))
        {
            self.next += 1;
        }
        let from = self.next;
        while divergences
            .get(self.next)
            .is_some_and(|d| d.event.is_some_and(|e| e < end))
        {
            self.next += 1;
        }
        if self.round.is_some_and(|l| l != sheet.label) {
            return false;
        }
        let elision = self
            .verdict
            .elisions
            .iter()
            .find(|e| e.round == sheet.label && (sheet.start..end).contains(&e.event));
        write_sheet(sheet, self.red, elision, out);
        let own = divergences[from..self.next]
            .iter()
            .filter(|d| d.round == Some(sheet.label));
        for d in unplaced.filter(|_| first_of_label).chain(own) {
            let _ = writeln!(out, "  !! {}", divergence_text(d));
        }
        true
    }

    /// Writes the game's closing lines (its divergences of no round, and its status) into
    /// `out`, unless one round is asked for.
    fn write_closing(&self, out: &mut String) {
        if self.round.is_some() {
            return;
        }
        let verdict = self.verdict;
        for d in verdict.divergences.iter().filter(|d| d.round.is_none()) {
            let _ = writeln!(out, "!! {}", divergence_text(d));
        }
        let _ = match verdict.status() {
            crate::Status::Unsupported => writeln!(out, "unsupported"),
            status => writeln!(
                out,
                "{}: {} {}{}",
                status.as_str(),
                verdict.divergences.len(),
                if verdict.divergences.len() == 1 {
                    "divergence"
                } else {
                    "divergences"
                },
                if verdict.checked.settled && !verdict.checked.end_recorded {
                    " (the log does not record the game's end)"
                } else {
                    ""
                }
            ),
        };
    }
}

/// One round's sheet without its divergences, and where its moves are left out, the
/// verdict's `elision` of it.
fn write_sheet(
    sheet: &RoundSheet,
    red: [bool; 3],
    elision: Option<&crate::Elision>,
    out: &mut String,
) {
    let _ = writeln!(
        out,
        "{} dealer {} sticks {} scores {} dora indicator {}",
        sheet.label,
        sheet.dealer,
        sheet.sticks,
        sheet
            .scores
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        Faces(&[sheet.dora_indicator], red)
    );
    for line in &sheet.lines {
        let _ = match line {
            SheetLine::Riichi { seat, turn } => {
                writeln!(out, "  seat {seat} riichi at discard {turn}")
            }
            SheetLine::Call { seat, meld } => {
                let from = meld
                    .from
                    .map_or_else(String::new, |s| format!(" from seat {s}"));
                writeln!(
                    out,
                    "  seat {seat} {}:{}{from}",
                    meld.kind,
                    Faces(meld.tiles(), red)
                )
            }
            SheetLine::Dora { indicator } => {
                writeln!(out, "  new dora indicator {}", Faces(&[*indicator], red))
            }
            SheetLine::Mistake {
                seat,
                mistake,
                turn,
                deltas,
                then,
            } => {
                let paid = deltas.map_or(String::new(), |d| {
                    format!(", paying {}", crate::Shown::scores(d))
                });
                writeln!(
                    out,
                    "  seat {seat} {mistake}: {then} (after discard {turn}){paid}"
                )
            }
            SheetLine::Furiten { seat, reason, turn } => {
                writeln!(
                    out,
                    "  seat {seat} {} (after discard {turn})",
                    FuritenText(*reason)
                )
            }
            SheetLine::Elided => match elision {
                Some(e) => writeln!(out, "  {e}"),
                None => writeln!(out, "  {}", crate::elided::LEFT_OUT),
            },
            SheetLine::Win(w) => render_win(out, w, red),
            SheetLine::Draw {
                kind,
                tenpai,
                shown,
                deltas,
            } => {
                let tenpai: Vec<String> = tenpai.iter().map(Seat::to_string).collect();
                let tenpai = if tenpai.is_empty() {
                    "none".to_owned()
                } else {
                    tenpai.join(",")
                };
                let _ = writeln!(
                    out,
                    "  draw {kind}, tenpai {tenpai} | deltas {}",
                    seat_scores(deltas)
                );
                shown.iter().try_for_each(|(seat, hand)| {
                    writeln!(out, "    seat {seat} shows {}", Faces(hand, red))
                })
            }
        };
    }
}

fn divergence_text(d: &Divergence) -> String {
    format!("{}: {}", d.kind.name(), d.kind)
}

/// Tiles as the notation writes them under a rule set's red fives: copy 0 of a five is `0`
/// only in a suit (m, p, s) whose five has a red copy ([`TileList::with_red_suits`]).
struct Faces<'a>(&'a [Tile], [bool; 3]);

impl fmt::Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", TileList::tiles(self.0).with_red_suits(self.1))
    }
}

fn render_win(out: &mut String, w: &WinLine, red: [bool; 3]) -> fmt::Result {
    let how = if w.winner == w.from {
        "tsumo".to_owned()
    } else {
        format!("ron from seat {}", w.from)
    };
    let pao = w.pao.map_or_else(String::new, |s| format!(" pao seat {s}"));
    match &w.computed {
        Some(v) => {
            let yaku: Vec<String> = v.yaku.iter().map(|(n, h)| format!("{n} {h}")).collect();
            // As Tenhou lists them (and a record writes them): dora and aka when the hand has
            // some, ura on every riichi win; none beside yakuman.
            let (dora, ura, aka) = v.dora;
            let riichi = v
                .yaku
                .iter()
                .any(|(n, _)| *n == "riichi" || *n == "double-riichi");
            let mut extra = String::new();
            if v.limit != "yakuman" {
                for (name, count, shown) in [
                    ("dora", dora, dora > 0),
                    ("aka", aka, aka > 0),
                    ("ura", ura, riichi),
                    ("kita", v.kita, v.kita > 0),
                ] {
                    if shown {
                        extra.push_str(&format!(", {name} {count}"));
                    }
                }
            }
            writeln!(
                out,
                "  win seat {} {how}{pao}: {}{extra} | {} fu {} han {} {}",
                w.winner,
                yaku.join(", "),
                v.fu,
                v.han,
                v.points,
                v.limit
            )?;
        }
        None => writeln!(out, "  win seat {} {how}{pao}: not valued", w.winner)?,
    }
    // The hand as the log shows it: the concealed tiles without the winning tile, the melds,
    // then the tile it wins on.
    let mut concealed = w.hand.clone();
    if let Some(at) = concealed.iter().position(|t| *t == w.winning_tile) {
        concealed.remove(at);
    }
    write!(out, "    hand {}", Faces(&concealed, red))?;
    for meld in &w.melds {
        write!(out, " {}:{}", meld.kind, Faces(meld.tiles(), red))?;
    }
    writeln!(out, " winning on {}", Faces(&[w.winning_tile], red))?;
    let limit = w.recorded.2.name();
    match w.recorded.0 {
        Some(fu) => write!(out, "    recorded {fu} fu ")?,
        None => write!(out, "    recorded ")?,
    }
    writeln!(
        out,
        "{} {limit} | deltas {}",
        w.recorded.1,
        seat_scores(&w.deltas)
    )
}
