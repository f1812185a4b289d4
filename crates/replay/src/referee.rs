//! Replays each round through the rules engine and compares every ruling with the log.

use arrayvec::ArrayVec;
use haifu_log::{DrawKind, Event, GameLog, RecordedDraw, RecordedWin, RiichiStage, RoundStart};
use haifu_rules::{
    AbortiveDraw, ActionError, Round, RoundRules, RoundSetup, Rules, ScoreError, Win, WinContext,
    score,
};
use haifu_tiles::{BySeat, Seat, Tile, TileList};

use crate::{Divergence, DivergenceKind, RoundLabel, Verdict};

/// The rule sets a game is replayed under.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameRules {
    pub(crate) hand: Rules,
    pub(crate) round: RoundRules,
}

/// Replays every round of a four-player game.
pub(crate) fn check(log: &GameLog, rules: GameRules, verdict: &mut Verdict) {
    let mut round: Option<RoundReplay> = None;
    for (index, event) in log.events().enumerate() {
        if let Event::RoundStart(start) = event {
            round = Some(RoundReplay::start(start, rules, index, verdict));
            continue;
        }
        if let Some(r) = &mut round {
            r.event(event, index, verdict);
        }
    }
}

/// One round being replayed.
struct RoundReplay {
    rules: GameRules,
    label: RoundLabel,
    /// `None` once the round could not go on (an illegal action): the rest of the round is
    /// not checked, and the divergence says why.
    round: Option<Round>,
    honba: u32,
    sticks: u32,
    /// Wins recorded on the current tile so far (double ron).
    wins_on_tile: u8,
}

impl RoundReplay {
    fn start(
        start: &RoundStart,
        rules: GameRules,
        index: usize,
        verdict: &mut Verdict,
    ) -> RoundReplay {
        let label = RoundLabel::of(start);
        let setup = RoundSetup {
            round_wind: start.round_wind,
            dealer: start.dealer,
            hands: start.hands.clone(),
            scores: start.scores,
            dora_indicator: start.dora_indicator,
        };
        let round = match Round::from_setup(&setup, rules.round) {
            Ok(r) => {
                verdict.checked.rounds += 1;
                Some(r)
            }
            Err(e) => {
                verdict.push(Divergence {
                    round: Some(label),
                    event: Some(index),
                    kind: DivergenceKind::SetupInvalid {
                        detail: e.to_string(),
                    },
                });
                None
            }
        };
        RoundReplay {
            rules,
            label,
            round,
            honba: start.honba,
            sticks: start.sticks,
            wins_on_tile: 0,
        }
    }

    fn diverge(&self, verdict: &mut Verdict, index: usize, kind: DivergenceKind) {
        verdict.push(Divergence {
            round: Some(self.label),
            event: Some(index),
            kind,
        });
    }

    /// Reports an illegal action and stops checking this round.
    fn illegal(
        &mut self,
        verdict: &mut Verdict,
        index: usize,
        action: String,
        error: &ActionError,
    ) {
        let kind = match error {
            ActionError::Furiten { seat, reason } => DivergenceKind::Furiten {
                seat: *seat,
                reason: format!("{reason:?}"),
            },
            _ => DivergenceKind::IllegalAction {
                action,
                reason: error.to_string(),
            },
        };
        self.diverge(verdict, index, kind);
        self.round = None;
    }

    fn event(&mut self, event: Event<'_>, index: usize, verdict: &mut Verdict) {
        let Some(round) = &mut self.round else { return };
        let (action, result) = match event {
            Event::DrawTile { seat, tile } => {
                (format!("seat {seat} draws {tile}"), round.draw(seat, tile))
            }
            Event::Discard { seat, tile, .. } => (
                format!("seat {seat} discards {tile}"),
                round.discard(seat, tile),
            ),
            Event::Call { seat, meld } => {
                (format!("seat {seat} calls {meld}"), round.call(seat, meld))
            }
            Event::Riichi {
                seat,
                stage: RiichiStage::Declared,
                ..
            } => (
                format!("seat {seat} declares riichi"),
                round.declare_riichi(seat),
            ),
            Event::Riichi {
                seat,
                stage: RiichiStage::DepositTaken,
                scores,
            } => {
                let result = round.take_riichi_deposit(seat);
                if result.is_ok() {
                    self.sticks += 1;
                    if let Some(recorded) = scores
                        && recorded != round.scores()
                    {
                        let computed = round.scores();
                        self.diverge(
                            verdict,
                            index,
                            DivergenceKind::ScoreMismatch {
                                what: "scores after the riichi deposit",
                                computed: scores_text(&computed),
                                recorded: scores_text(&recorded),
                            },
                        );
                    }
                }
                (format!("seat {seat}'s riichi deposit"), result)
            }
            Event::NewDora { indicator } => (
                format!("new dora indicator {indicator}"),
                round.reveal_dora(indicator),
            ),
            Event::Win(win) => {
                self.win(win, index, verdict);
                return;
            }
            Event::RoundDraw(draw) => {
                self.draw(draw, index, verdict);
                return;
            }
            Event::RoundStart(_)
            | Event::Disconnect { .. }
            | Event::Reconnect { .. }
            | Event::GameEnd(_) => return,
        };
        self.wins_on_tile = 0;
        match result {
            Ok(()) => verdict.checked.actions += 1,
            Err(e) => self.illegal(verdict, index, action, &e),
        }
    }

    fn win(&mut self, recorded: &RecordedWin, index: usize, verdict: &mut Verdict) {
        let Some(round) = &mut self.round else { return };
        let winner = recorded.winner;
        let context = if recorded.is_tsumo() {
            round.tsumo(winner)
        } else {
            round.ron(winner)
        };
        let context = match context {
            Ok(c) => c,
            Err(e) => {
                let action = if recorded.is_tsumo() { "tsumo" } else { "ron" };
                self.illegal(verdict, index, format!("seat {winner} {action}"), &e);
                return;
            }
        };
        if context.from != recorded.from {
            self.diverge(
                verdict,
                index,
                DivergenceKind::WinMismatch {
                    field: "from",
                    computed: format!("seat {}", context.from),
                    recorded: format!("seat {}", recorded.from),
                },
            );
        }
        // In a double ron only the winner nearest the discarder collects honba and sticks.
        let first = self.wins_on_tile == 0;
        self.wins_on_tile += 1;
        let (honba, sticks) = if first {
            (self.honba, self.sticks)
        } else {
            (0, 0)
        };
        self.compare_win(&context, recorded, honba, sticks, index, verdict);
    }

    fn compare_win(
        &self,
        context: &WinContext,
        recorded: &RecordedWin,
        honba: u32,
        sticks: u32,
        index: usize,
        verdict: &mut Verdict,
    ) {
        verdict.checked.wins += 1;
        let mut mismatch = |field: &'static str, computed: String, recorded: String| {
            verdict.push(Divergence {
                round: Some(self.label),
                event: Some(index),
                kind: DivergenceKind::WinMismatch {
                    field,
                    computed,
                    recorded,
                },
            });
        };
        if context.dora_indicators.as_slice() != recorded.dora_indicators.as_slice() {
            mismatch(
                "dora indicators",
                TileList::tiles(&context.dora_indicators).to_string(),
                TileList::tiles(&recorded.dora_indicators).to_string(),
            );
        }
        let mut concealed: ArrayVec<Tile, 14> = context.concealed.iter().copied().collect();
        concealed.push(context.winning_tile);
        concealed.sort_unstable();
        let mut hand = recorded.hand.clone();
        hand.sort_unstable();
        if concealed != hand || context.winning_tile != recorded.winning_tile {
            mismatch(
                "hand",
                format!(
                    "{} winning on {}",
                    TileList::tiles(&concealed),
                    context.winning_tile
                ),
                format!(
                    "{} winning on {}",
                    TileList::tiles(&hand),
                    recorded.winning_tile
                ),
            );
        }
        let win = Win {
            concealed: &context.concealed,
            winning_tile: context.winning_tile,
            melds: &context.melds,
            method: context.method,
            seat_wind: context.seat_wind,
            round_wind: context.round_wind,
            dora_indicators: &context.dora_indicators,
            ura_indicators: &recorded.ura_indicators,
            riichi: context.riichi,
            situation: context.situation,
            honba,
            riichi_sticks: sticks,
        };
        let score = match score(&self.rules.hand, &win) {
            Ok(s) => s,
            Err(e) => {
                let computed = match e {
                    ScoreError::NotComplete => "not a complete hand".to_owned(),
                    ScoreError::NoYaku => "no yaku".to_owned(),
                    other => format!("unscorable: {other}"),
                };
                mismatch("value", computed, format!("{} points", recorded.points));
                return;
            }
        };
        let yaku: Vec<(u8, u8)> = score.tenhou_yaku_list().into_iter().collect();
        let recorded_yaku: Vec<(u8, u8)> = recorded.yaku.iter().map(|y| (y.id, y.han)).collect();
        if yaku != recorded_yaku {
            mismatch("yaku", format!("{yaku:?}"), format!("{recorded_yaku:?}"));
        }
        let yakuman: Vec<u8> = score.yakuman.iter().map(|y| y.yaku.id()).collect();
        if yakuman != recorded.yakuman.as_slice() {
            mismatch(
                "yakuman",
                format!("{yakuman:?}"),
                format!("{:?}", recorded.yakuman),
            );
        }
        if u32::from(score.fu) != recorded.fu {
            mismatch("fu", score.fu.to_string(), recorded.fu.to_string());
        }
        if i64::from(score.points) != i64::from(recorded.points) {
            mismatch(
                "points",
                score.points.to_string(),
                recorded.points.to_string(),
            );
        }
        if score.limit.tenhou_code() != recorded.limit {
            mismatch(
                "limit",
                score.limit.name().to_owned(),
                recorded.limit.to_string(),
            );
        }
    }

    fn draw(&mut self, recorded: &RecordedDraw, index: usize, verdict: &mut Verdict) {
        let Some(round) = &mut self.round else { return };
        let shown = |s: Seat| recorded.shown[s].is_some();
        let result = match recorded.kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => match round.exhaustive_draw() {
                Ok(outcome) => {
                    let tenpai = BySeat::new_with(shown);
                    if outcome.tenpai != tenpai {
                        self.diverge(
                            verdict,
                            index,
                            DivergenceKind::DrawMismatch {
                                field: "tenpai",
                                computed: seats_text(&outcome.tenpai),
                                recorded: seats_text(&tenpai),
                            },
                        );
                    }
                    let nagashi = outcome.nagashi.iter().any(|n| *n);
                    if nagashi != (recorded.kind == DrawKind::NagashiMangan) {
                        self.diverge(
                            verdict,
                            index,
                            DivergenceKind::DrawMismatch {
                                field: "kind",
                                computed: if nagashi {
                                    "nagashi_mangan"
                                } else {
                                    "exhaustive"
                                }
                                .to_owned(),
                                recorded: recorded.kind.as_str().to_owned(),
                            },
                        );
                    }
                    Ok(())
                }
                Err(e) => Err(e),
            },
            DrawKind::KyuushuKyuuhai => match Seat::ALL.into_iter().find(|s| shown(*s)) {
                Some(seat) => round.check_abortive(AbortiveDraw::KyuushuKyuuhai(seat)),
                None => Err(ActionError::DrawNotApplicable {
                    what: "kyuushu kyuuhai",
                    why: "the log shows no declarer's hand",
                }),
            },
            DrawKind::SuufonRenda => round.check_abortive(AbortiveDraw::SuufonRenda),
            DrawKind::SuuchaRiichi => round.check_abortive(AbortiveDraw::SuuchaRiichi),
            DrawKind::Suukaikan => round.check_abortive(AbortiveDraw::Suukaikan),
            DrawKind::Sanchahou => round.check_abortive(AbortiveDraw::Sanchahou),
        };
        match result {
            Ok(()) => verdict.checked.draws += 1,
            Err(e) => {
                let action = format!("the {} draw", recorded.kind.as_str());
                self.illegal(verdict, index, action, &e);
            }
        }
    }
}

fn scores_text(scores: &BySeat<i32>) -> String {
    let s: Vec<String> = scores.iter().map(i32::to_string).collect();
    s.join(" ")
}

fn seats_text(seats: &BySeat<bool>) -> String {
    let s: Vec<String> = seats
        .iter_seats()
        .filter(|(_, b)| **b)
        .map(|(s, _)| s.to_string())
        .collect();
    if s.is_empty() {
        "none".to_owned()
    } else {
        format!("seats {}", s.join(", "))
    }
}
