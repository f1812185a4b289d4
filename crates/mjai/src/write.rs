//! The writer: a [`GameLog`] as mjai lines, in the layout of mjai-reviewer's converter.

use std::fmt::Write as _;

use haifu_log::{DrawKind, Event, GameLog, RecordedWin, RiichiStage, RoundStart};
use haifu_ruleset::{Players, RuleSet};
use haifu_tiles::{HanSource, Meld, MeldKind, Seat, Suit, Tile};
use serde_json::{Value, json};

use crate::tile;

/// Why a log cannot be written as mjai.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// An event outside a round (before the first round starts).
    #[error("event {event} comes before the first round starts")]
    OutsideRound {
        /// The event's index.
        event: usize,
    },
    /// An event mjai has no line for (a mistake at the table, a round whose moves are left
    /// out), or a log without what every
    /// mjai round states (the 2011 dialect's rounds, which state no setup).
    #[error("event {event}: {detail}")]
    Unwritable {
        /// The event's index.
        event: usize,
        /// What cannot be written.
        detail: String,
    },
}

/// Writes `log` as an mjai log, one event a line, under `rules`, the game's rule set (which
/// fives are red, how many players sit, the riichi deposit).
///
/// The layout is mjai-reviewer's converter (convlog), the converter that turns Tenhou and
/// Mahjong Soul games into the mjai that Mortal trains on and mjai-reviewer reviews, and the
/// producer of the corpus's excerpts: `start_game` with `names`, `kyoku_first` and
/// `aka_flag`; `start_kyoku` with its fields in convlog's order and each hand sorted; `dahai`
/// with `tsumogiri`; calls with `consumed` sorted; a kan's `dora` after its replacement draw
/// (an `ankan`'s at once), where the log does not time it (tenhou.net/6); `hora` with
/// `deltas`, `ura_markers`, `pai`, the yaku with their han in tenhou.net/6's Japanese names
/// (`yakus`, `fan`, `fu`, `hora_points`: the hand's value). Where convlog writes nothing
/// haifu can read back, it writes what gimite's converter writes: `reach_accepted` with
/// `deltas` and `scores`, `ryukyoku` with `reason`, `tenpais` and `deltas`, `nukidora` with
/// `pai` `N` for a three-player game's kita, `end_game` with the final `scores` where the log
/// records the game's end, and a `uri` naming a Tenhou game id where the log has one.
///
/// It leaves out what mjai cannot hold: the wall, seed and dice, which copy each tile is
/// (red fives excepted), the limit names, pao, placement points, disconnections.
///
/// # Errors
///
/// A [`WriteError`] for an event before the first round, or one mjai has no line for.
pub fn write(log: &GameLog, rules: &RuleSet) -> Result<String, WriteError> {
    let mut w = Writer {
        out: String::new(),
        red: rules.hand.red_fives.suits(),
        players: if rules.players == Players::Three {
            3
        } else {
            4
        },
        deposit: rules.flow.riichi_deposit,
        scores: [0; 4],
        untimed: Vec::new(),
        kan_dora_after_draw: None,
        started: false,
    };
    if log.header.unrecorded.round_setup {
        return Err(WriteError::Unwritable {
            event: 0,
            detail: "the log states no round setup (mjai's 2011 dialect)".to_owned(),
        });
    }
    let names: Vec<&str> = Seat::ALL[..w.players]
        .iter()
        .map(|s| log.header.players[*s].name.as_str())
        .collect();
    let mut start = obj(vec![
        ("type", json!("start_game")),
        ("names", json!(names)),
        ("kyoku_first", json!(0)),
        ("aka_flag", json!(w.red.iter().any(|r| *r))),
    ]);
    if let Some(id) = log
        .header
        .game_id
        .as_deref()
        .filter(|id| id.contains("gm-"))
    {
        start.push("uri", json!(format!("http://tenhou.net/0/?log={id}")));
    }
    w.line(&start);
    for (index, event) in log.events().enumerate() {
        if !w.started
            && !matches!(
                event,
                Event::RoundStart(_) | Event::Disconnect { .. } | Event::Reconnect { .. }
            )
        {
            return Err(WriteError::OutsideRound { event: index });
        }
        w.event(event, index)?;
    }
    if w.started {
        w.line(&obj(vec![("type", json!("end_kyoku"))]));
    }
    if let Some(fin) = log.final_result() {
        w.line(&obj(vec![
            ("type", json!("end_game")),
            ("scores", json!(w.row(fin.scores.into_array()))),
        ]));
    }
    Ok(w.out)
}

/// A JSON object whose fields keep the order they are given in (the producers' order).
struct Obj(Vec<(&'static str, Value)>);

fn obj(fields: Vec<(&'static str, Value)>) -> Obj {
    Obj(fields)
}

impl Obj {
    fn push(&mut self, key: &'static str, value: Value) {
        self.0.push((key, value));
    }
}

impl std::fmt::Display for Obj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("{")?;
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}:{v}", Value::from(*k))?;
        }
        f.write_str("}")
    }
}

struct Writer {
    out: String,
    red: [bool; 3],
    players: usize,
    deposit: i32,
    scores: [i32; 4],
    /// The round's kan dora indicators the log lists untimed, still to be written.
    untimed: Vec<Tile>,
    /// The seat whose replacement draw reveals the next untimed kan dora.
    kan_dora_after_draw: Option<Seat>,
    started: bool,
}

impl Writer {
    fn line(&mut self, value: &Obj) {
        let _ = writeln!(self.out, "{value}");
    }

    fn name(&self, t: Tile) -> &'static str {
        tile::name(t.kind(), self.is_red(t))
    }

    fn is_red(&self, t: Tile) -> bool {
        let suit = match t.kind().suit() {
            Suit::Manzu => 0,
            Suit::Pinzu => 1,
            Suit::Souzu => 2,
            Suit::Jihai => return false,
        };
        t.is_red_five() && self.red[suit]
    }

    /// Tiles in mjai's sorted order: by kind, a red five after the plain ones.
    fn sorted(&self, tiles: &[Tile]) -> Vec<&'static str> {
        let mut keyed: Vec<(usize, bool, Tile)> = tiles
            .iter()
            .map(|t| (t.kind().index(), self.is_red(*t), *t))
            .collect();
        keyed.sort_unstable_by_key(|(k, r, _)| (*k, *r));
        keyed.into_iter().map(|(_, _, t)| self.name(t)).collect()
    }

    fn row(&self, values: [i32; 4]) -> Vec<i32> {
        values[..self.players].to_vec()
    }

    fn start(&mut self, s: &RoundStart) {
        if self.started {
            self.line(&obj(vec![("type", json!("end_kyoku"))]));
        }
        self.started = true;
        self.scores = s.scores.into_array();
        self.untimed = s.untimed_dora.iter().rev().copied().collect();
        self.kan_dora_after_draw = None;
        let tehais: Vec<Vec<&str>> = Seat::ALL[..self.players]
            .iter()
            .map(|seat| self.sorted(&s.hands[*seat]))
            .collect();
        let v = obj(vec![
            ("type", json!("start_kyoku")),
            ("bakaze", json!(tile::name(s.round_wind.tile_kind(), false))),
            ("dora_marker", json!(self.name(s.dora_indicator))),
            ("kyoku", json!(s.round_number)),
            ("honba", json!(s.honba)),
            ("kyotaku", json!(s.sticks)),
            ("oya", json!(s.dealer.index())),
            ("scores", json!(self.row(self.scores))),
            ("tehais", json!(tehais)),
        ]);
        self.line(&v);
    }

    fn untimed_dora(&mut self) {
        if let Some(t) = self.untimed.pop() {
            let v = obj(vec![
                ("type", json!("dora")),
                ("dora_marker", json!(self.name(t))),
            ]);
            self.line(&v);
        }
    }

    fn event(&mut self, event: Event<'_>, index: usize) -> Result<(), WriteError> {
        match event {
            Event::RoundStart(s) => self.start(s),
            Event::DrawTile { seat, tile } => {
                let v = obj(vec![
                    ("type", json!("tsumo")),
                    ("actor", json!(seat.index())),
                    ("pai", json!(self.name(tile))),
                ]);
                self.line(&v);
                if self.kan_dora_after_draw.take() == Some(seat) {
                    self.untimed_dora();
                }
            }
            Event::Discard {
                seat,
                tile,
                tsumogiri,
            } => {
                let v = obj(vec![
                    ("type", json!("dahai")),
                    ("actor", json!(seat.index())),
                    ("pai", json!(self.name(tile))),
                    ("tsumogiri", json!(tsumogiri)),
                ]);
                self.line(&v);
            }
            Event::Call { seat, meld } => self.call(seat, &meld),
            Event::Riichi {
                seat,
                stage,
                scores,
            } => match stage {
                RiichiStage::Declared => self.line(&obj(vec![
                    ("type", json!("reach")),
                    ("actor", json!(seat.index())),
                ])),
                RiichiStage::DepositTaken => {
                    let mut deltas = [0; 4];
                    deltas[seat.index()] = self
                        .deposit
                        .checked_neg()
                        .ok_or_else(|| out_of_range(index, "a riichi deposit", self.deposit, 0))?;
                    let after = match scores {
                        Some(s) => s.into_array(),
                        None => seatwise(self.scores, deltas, i32::checked_add, index)?,
                    };
                    let deltas = seatwise(after, self.scores, i32::checked_sub, index)?;
                    self.scores = after;
                    let v = obj(vec![
                        ("type", json!("reach_accepted")),
                        ("actor", json!(seat.index())),
                        ("deltas", json!(self.row(deltas))),
                        ("scores", json!(self.row(after))),
                    ]);
                    self.line(&v);
                }
            },
            Event::NewDora { indicator } => {
                let v = obj(vec![
                    ("type", json!("dora")),
                    ("dora_marker", json!(self.name(indicator))),
                ]);
                self.line(&v);
            }
            Event::Disconnect { .. } | Event::Reconnect { .. } => {}
            Event::Mistake { .. } => {
                return Err(WriteError::Unwritable {
                    event: index,
                    detail: "mjai has no event for a mistake at the table".to_owned(),
                });
            }
            Event::Elided => {
                return Err(WriteError::Unwritable {
                    event: index,
                    detail: "the record leaves a round's moves out (`...`), and mjai states every move: it is not written rather than given moves nobody made".to_owned(),
                });
            }
            Event::Win(win) => self.win(win, index)?,
            Event::RoundDraw(d) => {
                let reason = match d.kind {
                    DrawKind::Exhaustive => "fanpai",
                    DrawKind::KyuushuKyuuhai => "kyushukyuhai",
                    DrawKind::SuufonRenda => "sufonrenta",
                    DrawKind::SuuchaRiichi => "suchareach",
                    DrawKind::Suukaikan => "sukaikan",
                    DrawKind::Sanchahou => "sanchaho",
                    DrawKind::NagashiMangan => "nagashimangan",
                };
                let tenpais: Vec<bool> = Seat::ALL[..self.players]
                    .iter()
                    .map(|s| d.shown[*s].is_some())
                    .collect();
                let deltas = d.deltas.into_array();
                let mut v = obj(vec![
                    ("type", json!("ryukyoku")),
                    ("reason", json!(reason)),
                    ("deltas", json!(self.row(deltas))),
                ]);
                if matches!(d.kind, DrawKind::Exhaustive | DrawKind::NagashiMangan)
                    && !d.tenpai_unrecorded
                {
                    v.push("tenpais", json!(tenpais));
                }
                self.scores = seatwise(self.scores, deltas, i32::checked_add, index)?;
                self.line(&v);
            }
            Event::GameEnd(_) => {}
        }
        Ok(())
    }

    fn call(&mut self, seat: Seat, meld: &Meld) {
        let actor = seat.index();
        let v = match meld.kind {
            MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan => {
                let called = meld.called.unwrap_or(meld.tiles()[0]);
                let consumed: Vec<Tile> = meld
                    .tiles()
                    .iter()
                    .copied()
                    .filter(|t| *t != called)
                    .collect();
                if meld.kind == MeldKind::Daiminkan {
                    self.kan_dora_after_draw = Some(seat);
                }
                obj(vec![
                    ("type", json!(meld.kind.as_str())),
                    ("actor", json!(actor)),
                    ("target", json!(meld.from.map_or(actor, Seat::index))),
                    ("pai", json!(self.name(called))),
                    ("consumed", json!(self.sorted(&consumed))),
                ])
            }
            MeldKind::Kakan => {
                let added = meld.added.unwrap_or(meld.tiles()[0]);
                let consumed: Vec<Tile> = meld
                    .tiles()
                    .iter()
                    .copied()
                    .filter(|t| *t != added)
                    .collect();
                self.kan_dora_after_draw = Some(seat);
                obj(vec![
                    ("type", json!("kakan")),
                    ("actor", json!(actor)),
                    ("pai", json!(self.name(added))),
                    ("consumed", json!(self.sorted(&consumed))),
                ])
            }
            MeldKind::Ankan => {
                let v = obj(vec![
                    ("type", json!("ankan")),
                    ("actor", json!(actor)),
                    ("consumed", json!(self.sorted(meld.tiles()))),
                ]);
                self.line(&v);
                self.untimed_dora();
                return;
            }
            MeldKind::Kita => obj(vec![
                ("type", json!("nukidora")),
                ("actor", json!(actor)),
                ("pai", json!(self.name(meld.tiles()[0]))),
                ("consumed", json!([])),
            ]),
        };
        self.line(&v);
    }

    fn win(&mut self, win: &RecordedWin, index: usize) -> Result<(), WriteError> {
        let ura: Vec<&str> = win.ura_indicators.iter().map(|t| self.name(*t)).collect();
        let mut yakus: Vec<Value> = win
            .yaku
            .iter()
            .filter(|y| !(y.source == HanSource::Ura && y.han == 0))
            .map(|y| json!([haifu_tenhou6::han_source_name(y.source), y.han]))
            .collect();
        yakus.extend(
            win.yakuman
                .iter()
                .map(|y| json!([haifu_tenhou6::han_source_name(HanSource::Yaku(*y)), 13])),
        );
        let fan: u32 =
            win.yaku.iter().map(|y| u32::from(y.han)).sum::<u32>() + 13 * win.yakuman.len() as u32;
        let deltas = win.deltas.into_array();
        let mut v = obj(vec![
            ("type", json!("hora")),
            ("actor", json!(win.winner.index())),
            ("target", json!(win.from.index())),
            ("deltas", json!(self.row(deltas))),
            ("ura_markers", json!(ura)),
            ("pai", json!(self.name(win.winning_tile))),
            ("yakus", json!(yakus)),
            ("fan", json!(fan)),
        ]);
        if let Some(fu) = win.fu {
            v.push("fu", json!(fu));
        }
        v.push("hora_points", json!(win.points));
        self.scores = seatwise(self.scores, deltas, i32::checked_add, index)?;
        self.line(&v);
        Ok(())
    }
}

/// `op` on `a` and `b` seat by seat (a score and its change), or an error for the event whose
/// figures no score can hold.
fn seatwise(
    a: [i32; 4],
    b: [i32; 4],
    op: fn(i32, i32) -> Option<i32>,
    event: usize,
) -> Result<[i32; 4], WriteError> {
    let mut out = [0; 4];
    for (i, o) in out.iter_mut().enumerate() {
        *o = op(a[i], b[i]).ok_or_else(|| out_of_range(event, "a score", a[i], b[i]))?;
    }
    Ok(out)
}

fn out_of_range(event: usize, what: &str, value: i32, change: i32) -> WriteError {
    WriteError::Unwritable {
        event,
        detail: format!("{what} of {value} changed by {change}: more than a score can hold"),
    }
}
