//! The writer: a [`GameLog`] as a tenhou.net/6 record.

use std::fmt::Write as _;

use haifu_log::{DrawKind, Event, GameLog, RecordedWin, RiichiStage, RoundStart, YakuOrder};
use haifu_ruleset::{Declared, Players, RuleSet};
use haifu_tiles::{HanSource, Limit, Meld, MeldKind, Seat, Suit, Tile};
use serde_json::{Value, json};

use crate::names;

/// Why a log cannot be written as a tenhou.net/6 record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// An event outside a round (before the first round starts).
    #[error("event {event} comes before the first round starts")]
    OutsideRound {
        /// The event's index.
        event: usize,
    },
    /// A call the format has no string for (a chi from a seat that is not to the left), or an
    /// event it has no place for (a mistake at the table, a round whose moves are left out).
    #[error("event {event}: {detail}")]
    Unwritable {
        /// The event's index.
        event: usize,
        /// What cannot be written.
        detail: String,
    },
}

/// Writes `log` as one tenhou.net/6 record (a single JSON object, one line) under `rules`,
/// the game's rule set: it decides which fives are red (only those its rule set has: a game
/// without red fives has none written) and how many players sit. The rule set is stored whole
/// in `rule.haifu` (a field of haifu's own, which viewers ignore), so that haifu reads the
/// record back under exactly that rule set.
///
/// It considers the round starts, draws, discards, calls, riichi declarations, kan dora
/// (listed in the round's `dora` array, as the format has no moment for them), wins with
/// their values and yaku, draws with their changes, and the final result (`sc`). `rule.disp`,
/// the name viewers show, is what the log says: a tenhou.net/6 record's own, a Tenhou lobby
/// name from the GO bits, or empty for a rule set no lobby names (never a name the log does
/// not give). It leaves out what the format cannot carry: the wall, seed and dice, which
/// physical copy each tile is (red fives excepted), the riichi deposit scores, disconnects,
/// chip-room chips and the ura indicators of every win but the round's first riichi win.
///
/// # Errors
///
/// A [`WriteError`] for an event before the first round, or a call the format cannot write.
pub fn write(log: &GameLog, rules: &RuleSet) -> Result<String, WriteError> {
    let red = rules.hand.red_fives.suits();
    let three = rules.players == Players::Three;
    let players: u32 = if three { 3 } else { 4 };
    let mut rounds: Vec<Value> = Vec::new();
    let mut round: Option<RoundOut> = None;
    let mut pending_riichi: Option<Seat> = None;
    for (index, event) in log.events().enumerate() {
        if let Event::RoundStart(start) = event {
            if let Some(r) = round.take() {
                rounds.push(r.finish());
            }
            round = Some(RoundOut::new(start, red, players));
            pending_riichi = None;
            continue;
        }
        // Connections and a separate end carry nothing the format holds.
        if matches!(
            event,
            Event::Disconnect { .. } | Event::Reconnect { .. } | Event::GameEnd(_)
        ) {
            continue;
        }
        let Some(r) = round.as_mut() else {
            return Err(WriteError::OutsideRound { event: index });
        };
        // The format has no place for a mistake at the table: such a record is not written
        // rather than written without it.
        if let Event::Mistake { mistake, .. } = event {
            return Err(WriteError::Unwritable {
                event: index,
                detail: format!(
                    "a mistake at the table (`{}`) has no place in tenhou.net/6",
                    mistake.name()
                ),
            });
        }
        // Nor for a round whose moves the record leaves out: its takes and discards would be
        // invented.
        if let Event::Elided = event {
            return Err(WriteError::Unwritable {
                event: index,
                detail: "the record leaves a round's moves out (`...`), and tenhou.net/6 lists every take and discard".to_owned(),
            });
        }
        match event {
            Event::DrawTile { seat, tile } => r.takes[seat.index()].push(r.code(tile)),
            Event::Discard {
                seat,
                tile,
                tsumogiri,
            } => {
                let code = if tsumogiri { 60 } else { tile_code(tile, red) };
                let value = if pending_riichi.take() == Some(seat) {
                    json!(format!("r{code}"))
                } else {
                    json!(code)
                };
                r.discards[seat.index()].push(value);
            }
            Event::Riichi {
                seat,
                stage: RiichiStage::Declared,
                ..
            } => pending_riichi = Some(seat),
            Event::Call { seat, meld } => {
                let text = r
                    .call(seat, &meld)
                    .map_err(|detail| WriteError::Unwritable {
                        event: index,
                        detail,
                    })?;
                let i = seat.index();
                match meld.kind {
                    MeldKind::Chi | MeldKind::Pon => r.takes[i].push(json!(text)),
                    MeldKind::Daiminkan => {
                        r.takes[i].push(json!(text));
                        r.discards[i].push(json!(0));
                    }
                    MeldKind::Kakan | MeldKind::Ankan | MeldKind::Kita => {
                        r.discards[i].push(json!(text));
                    }
                }
            }
            Event::NewDora { indicator } => r.dora.push(tile_code(indicator, red)),
            Event::Win(win) => r.win(win),
            Event::RoundDraw(draw) => {
                let tenpai = draw.shown.iter().filter(|h| h.is_some()).count();
                let word = match draw.kind {
                    DrawKind::Exhaustive if tenpai == players as usize => "全員聴牌",
                    DrawKind::Exhaustive if tenpai == 0 => "全員不聴",
                    DrawKind::Exhaustive => "流局",
                    DrawKind::NagashiMangan => "流し満貫",
                    DrawKind::KyuushuKyuuhai => "九種九牌",
                    DrawKind::SuufonRenda => "四風連打",
                    DrawKind::SuuchaRiichi => "四家立直",
                    DrawKind::Suukaikan => "四槓散了",
                    DrawKind::Sanchahou => "三家和了",
                };
                let mut result = vec![json!(word)];
                if word == "流局" || draw.kind == DrawKind::NagashiMangan {
                    result.push(json!(draw.deltas.as_array()));
                }
                r.result = result;
            }
            Event::RoundStart(_)
            | Event::Riichi { .. }
            | Event::Mistake { .. }
            | Event::Elided
            | Event::Disconnect { .. }
            | Event::Reconnect { .. }
            | Event::GameEnd(_) => {}
        }
    }
    if let Some(r) = round.take() {
        rounds.push(r.finish());
    }
    let names: Vec<&str> = log.header.players.iter().map(|p| p.name.as_str()).collect();
    let mut rule = json!({"disp": disp(log)});
    if red == [true; 3] || red == [false; 3] {
        rule["aka"] = json!(u8::from(red[0]));
    } else {
        for (key, on) in ["aka51", "aka52", "aka53"].into_iter().zip(red) {
            rule[key] = json!(u8::from(on));
        }
    }
    rule["haifu"] = json!(rules.full_spec());
    let mut record = json!({
        "title": ["", ""],
        "name": names,
        "rule": rule,
        "log": rounds,
    });
    if log.header.yaku_order == YakuOrder::Exporter {
        record["rule"]["haifu_yaku_order"] = json!("exporter");
    }
    if let Some(id) = &log.header.game_id {
        record["ref"] = json!(id);
    }
    let final_result = log
        .final_result()
        .or_else(|| log.wins().last().and_then(|w| w.final_result.as_deref()))
        .or_else(|| log.draws().last().and_then(|d| d.final_result.as_deref()));
    if let Some(end) = final_result {
        let mut sc = Vec::with_capacity(8);
        for seat in Seat::ALL {
            sc.push(json!(end.scores[seat]));
            sc.push(json!(f64::from(end.points[seat].0) / 10.0));
        }
        record["sc"] = json!(sc);
    }
    Ok(record.to_string())
}

/// `rule.disp` for the log, what it says and nothing more: the name a tenhou.net/6 record
/// gave its rules, a Tenhou lobby's name from the GO bits where the rules are Tenhou's, else
/// empty (the rule set itself rides in `rule.haifu`).
fn disp(log: &GameLog) -> String {
    let rules = &log.header.rules;
    if log.header.format == "tenhou6" {
        return rules.title.clone().unwrap_or_default();
    }
    match &log.header.declared {
        Declared::TenhouFlags { overrides: None } => names::lobby_name(rules.go_type),
        _ => String::new(),
    }
}

/// One round being written.
struct RoundOut {
    head: [u32; 3],
    scores: [i32; 4],
    dora: Vec<u32>,
    ura: Option<Vec<u32>>,
    hands: [Vec<u32>; 4],
    players: u32,
    takes: [Vec<Value>; 4],
    discards: [Vec<Value>; 4],
    result: Vec<Value>,
    dealer: Seat,
    /// Whether the five of each suit (man, pin, sou) has a red copy.
    red: [bool; 3],
}

impl RoundOut {
    fn new(start: &RoundStart, red: [bool; 3], players: u32) -> RoundOut {
        let code = |t: Tile| tile_code(t, red);
        let mut dora = vec![code(start.dora_indicator)];
        dora.extend(start.untimed_dora.iter().map(|t| code(*t)));
        RoundOut {
            head: [
                u32::from(start.round_wind as u8) * 4 + u32::from(start.round_number) - 1,
                start.honba,
                start.sticks,
            ],
            scores: *start.scores.as_array(),
            dora,
            ura: None,
            hands: Seat::ALL.map(|s| start.hands[s].iter().map(|t| code(*t)).collect()),
            takes: Default::default(),
            discards: Default::default(),
            result: Vec::new(),
            dealer: start.dealer,
            red,
            players,
        }
    }

    fn code(&self, tile: Tile) -> Value {
        json!(tile_code(tile, self.red))
    }

    /// The call string of `meld` by `seat`.
    fn call(&self, seat: Seat, meld: &Meld) -> Result<String, String> {
        let code = |t: Tile| tile_code(t, self.red).to_string();
        let others = |skip: &[Option<Tile>]| -> Vec<String> {
            let mut rest: Vec<Tile> = meld.tiles().to_vec();
            for t in skip.iter().flatten() {
                if let Some(p) = rest.iter().position(|x| x == t) {
                    rest.remove(p);
                }
            }
            rest.into_iter().map(code).collect()
        };
        // Where the marker stands: the seat called from, seen at a four-seat table.
        let offset = meld.from.map(|from| (from.index() + 4 - seat.index()) % 4);
        Ok(match meld.kind {
            MeldKind::Chi => {
                let called = meld.called.ok_or("a chi without its called tile")?;
                format!("c{}{}", code(called), others(&[Some(called)]).concat())
            }
            MeldKind::Pon | MeldKind::Daiminkan => {
                let called = meld.called.ok_or("a call without its called tile")?;
                let marker = if meld.kind == MeldKind::Pon { 'p' } else { 'm' };
                let rest = others(&[Some(called)]);
                let at = match offset {
                    Some(3) => 0,
                    Some(2) => 1,
                    Some(1) => rest.len(),
                    _ => return Err(format!("a {} called from no other seat", meld.kind)),
                };
                let mut s = String::new();
                for (i, t) in rest.iter().enumerate() {
                    if i == at {
                        let _ = write!(s, "{marker}{}", code(called));
                    }
                    s.push_str(t);
                }
                if at == rest.len() {
                    let _ = write!(s, "{marker}{}", code(called));
                }
                s
            }
            MeldKind::Kakan => {
                let called = meld.called.ok_or("a kakan without its pon's called tile")?;
                let added = meld.added.ok_or("a kakan without its added tile")?;
                let rest = others(&[Some(called), Some(added)]);
                let at = match offset {
                    Some(3) => 0,
                    Some(2) => 1,
                    Some(1) => rest.len(),
                    _ => return Err("a kakan whose pon came from no other seat".to_owned()),
                };
                let mut s = String::new();
                for (i, t) in rest.iter().enumerate() {
                    if i == at {
                        let _ = write!(s, "k{}{}", code(added), code(called));
                    }
                    s.push_str(t);
                }
                if at == rest.len() {
                    let _ = write!(s, "k{}{}", code(added), code(called));
                }
                s
            }
            MeldKind::Ankan => {
                let tiles: Vec<String> = meld.tiles().iter().map(|t| code(*t)).collect();
                format!("{}{}{}a{}", tiles[0], tiles[1], tiles[2], tiles[3])
            }
            MeldKind::Kita => format!("f{}", code(meld.tiles()[0])),
        })
    }

    fn win(&mut self, win: &RecordedWin) {
        if self.result.is_empty() {
            self.result.push(json!("和了"));
        }
        if self.ura.is_none() && !win.ura_indicators.is_empty() {
            self.ura = Some(
                win.ura_indicators
                    .iter()
                    .map(|t| tile_code(*t, self.red))
                    .collect(),
            );
        }
        let players = self.players;
        let mut detail = vec![
            json!(win.winner.index()),
            json!(win.from.index()),
            json!(win.pao.unwrap_or(win.winner).index()),
            json!(value_text(win, self.dealer, players)),
        ];
        for y in &win.yaku {
            detail.push(json!(format!(
                "{}({}飜)",
                names::han_source_name(y.source),
                y.han
            )));
        }
        for y in &win.yakuman {
            detail.push(json!(format!(
                "{}(役満)",
                names::han_source_name(HanSource::Yaku(*y))
            )));
        }
        self.result.push(json!(win.deltas.as_array()));
        self.result.push(Value::Array(detail));
    }

    fn finish(self) -> Value {
        let mut out = vec![
            json!(self.head),
            json!(self.scores),
            json!(self.dora),
            json!(self.ura.unwrap_or_default()),
        ];
        let [h0, h1, h2, h3] = self.hands;
        let [t0, t1, t2, t3] = self.takes;
        let [d0, d1, d2, d3] = self.discards;
        for (h, (t, d)) in [h0, h1, h2, h3]
            .into_iter()
            .zip([t0, t1, t2, t3].into_iter().zip([d0, d1, d2, d3]))
        {
            out.push(json!(h));
            out.push(Value::Array(t));
            out.push(Value::Array(d));
        }
        out.push(Value::Array(self.result));
        Value::Array(out)
    }
}

/// A tile's code: 11–19, 21–29, 31–39, 41–47, and 51–53 for a red five in a game with them.
fn tile_code(tile: Tile, red: [bool; 3]) -> u32 {
    let kind = tile.kind();
    let red_code = match kind.suit() {
        Suit::Manzu => red[0].then_some(51),
        Suit::Pinzu => red[1].then_some(52),
        Suit::Souzu => red[2].then_some(53),
        Suit::Jihai => None,
    };
    if tile.is_red_five()
        && let Some(code) = red_code
    {
        return code;
    }
    let suit = match kind.suit() {
        Suit::Manzu => 10,
        Suit::Pinzu => 20,
        Suit::Souzu => 30,
        Suit::Jihai => 40,
    };
    suit + u32::from(kind.number())
}

/// A win's value string: `30符2飜2000点`, `満貫2000-4000点`, `40符1飜700点∀`.
fn value_text(win: &RecordedWin, dealer: Seat, players: u32) -> String {
    let han: u32 = win.yaku.iter().map(|y| u32::from(y.han)).sum();
    let head = match (win.limit, win.fu) {
        (Limit::None, fu) => format!("{}符{han}飜", fu.unwrap_or(0)),
        (Limit::Mangan, _) => "満貫".to_owned(),
        (Limit::Haneman, _) => "跳満".to_owned(),
        (Limit::Baiman, _) => "倍満".to_owned(),
        (Limit::Sanbaiman, _) => "三倍満".to_owned(),
        (Limit::Yakuman, _) => "役満".to_owned(),
    };
    let p = win.points;
    let pay = if !win.is_tsumo() {
        format!("{p}点")
    } else if win.winner == dealer {
        format!("{}点∀", p / (players as i32 - 1))
    } else {
        // Non-dealers pay a, the dealer b, with b twice a rounded up to the hundred.
        let (a, b) = if players == 4 {
            if p % 400 == 0 {
                (p / 4, p / 2)
            } else {
                ((p + 100) / 4, (p + 100) / 2 - 100)
            }
        } else if p % 300 == 0 {
            (p / 3, 2 * p / 3)
        } else {
            ((p + 100) / 3, 2 * (p + 100) / 3 - 100)
        };
        format!("{a}-{b}点")
    };
    format!("{head}{pay}")
}
