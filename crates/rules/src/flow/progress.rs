use haifu_tiles::{BySeat, Seat, Wind};

use haifu_ruleset::{AbortiveDrawFlow, Busting, EndAtScore, Extension, Renchan, YakumanEnd, Yame};

use super::{FinalStanding, Flow, Seats, ranking};

/// The setup of a round, as far as the flow is concerned: which hand it is, who deals, the
/// counters and the scores. Public fields, not necessarily legal: [`Flow::next_round`]
/// checks what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundSetup {
    /// The round wind (bakaze).
    pub round_wind: Wind,
    /// The hand within the wind round, 1..=4 (1..=3 with three players; East 1 is the first
    /// hand).
    pub round_number: u8,
    /// The dealer (oya).
    pub dealer: Seat,
    /// The honba (repeat) counter.
    pub honba: u32,
    /// Riichi sticks on the table from earlier rounds.
    pub sticks: u32,
    /// Each seat's score at the start of the round.
    pub scores: BySeat<i32>,
}

/// An abortive draw (tochuu ryuukyoku).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortiveDraw {
    /// Kyuushu kyuuhai: nine different terminals and honours declared.
    KyuushuKyuuhai,
    /// Suufon renda: four identical wind discards in the first go-around.
    SuufonRenda,
    /// Suucha riichi: a fourth riichi stood.
    SuuchaRiichi,
    /// Suukaikan: a fourth kan by several players.
    Suukaikan,
    /// Sanchahou: triple ron, where it aborts.
    Sanchahou,
}

/// How a round ended, as far as the flow is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundOutcome {
    /// One or more players won (the winners of a multiple ron together).
    Win {
        /// Who won.
        winners: Seats,
    },
    /// The wall ran out (including a nagashi mangan draw).
    ExhaustiveDraw {
        /// Who was tenpai.
        tenpai: Seats,
    },
    /// The round was aborted.
    AbortiveDraw(AbortiveDraw),
    /// A false declaration under `false_win = { redeal = … }`: the hand is dealt again.
    Redeal,
}

/// A round's result: its outcome, the riichi deposits taken during it, and its payments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundResult {
    /// How it ended.
    pub outcome: RoundOutcome,
    /// The seats whose riichi deposit was taken during the round (a declaration tile that was
    /// ronned takes none).
    pub riichi_deposits: Seats,
    /// Each seat's change from the outcome's payments (all wins together, or the draw), as
    /// [`Payments::total`](crate::flow::Payments::total) gives it; deposits not included.
    pub deltas: BySeat<i32>,
    /// The winners whose win is a yakuman (see [`YakumanEnd`]).
    pub yakuman: Seats,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// These seats went below zero (tobi).
    Busting(Seats),
    /// The dealer won the last hand and was first (agari-yame).
    AgariYame,
    /// The dealer was tenpai at the exhaustive draw of the last hand and was first
    /// (tenpai-yame).
    TenpaiYame,
    /// In the last regular hand or an extension hand, the dealer gave up the deal with the
    /// top score at the extension's target.
    LastHand,
    /// The dealer gave up the deal in the last hand the schedule allows: the extension's 4th
    /// hand (Tenhou's West 4 or South 4), or the last regular hand without extension.
    HardStop,
    /// These seats reached the score that ends the game ([`EndAtScore`]).
    ScoreReached(Seats),
    /// These seats won a yakuman, which ends the game ([`YakumanEnd`]).
    Yakuman(Seats),
}

impl std::fmt::Display for EndReason {
    /// As messages write it: `busting: seat B below zero`, `agari-yame`, `tenpai-yame`, `the last
    /// hand`, `the hard stop`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndReason::Busting(seats) => {
                let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                write!(f, "busting: seat {} below zero", names.join(", seat "))
            }
            EndReason::AgariYame => f.write_str("agari-yame"),
            EndReason::TenpaiYame => f.write_str("tenpai-yame"),
            EndReason::LastHand => f.write_str("the last hand"),
            EndReason::HardStop => f.write_str("the hard stop"),
            EndReason::ScoreReached(seats) => {
                let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                write!(f, "seat {} reached the end score", names.join(", seat "))
            }
            EndReason::Yakuman(seats) => {
                let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                write!(f, "a yakuman by seat {}", names.join(", seat "))
            }
        }
    }
}

/// What comes after a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// Another round, with this setup.
    Round(RoundSetup),
    /// The game is over.
    GameOver(GameEnd),
}

/// The end of a game: why, and the final standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// Why it ended.
    pub reason: EndReason,
    /// Scores, places and placement points.
    pub standing: FinalStanding,
}

/// A round setup or result the flow cannot go on from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum FlowError {
    /// A hand number outside 1..=4 (1..=3 with three players).
    #[error("round number {0} is not in 1..=4 (1..=3 with three players)")]
    RoundNumber(u8),
    /// A number too large to keep.
    #[error("a score or counter overflows")]
    Overflow,
    /// The game's course depends on a rule point the rule set leaves not settled.
    #[error("the game's course depends on {0}, which this rule set leaves not settled")]
    NotSettled(&'static str),
}

/// Where a hand stands in the game's schedule.
enum Stage {
    /// Before the last regular hand.
    Regular,
    /// The last regular hand, or an extension hand before the hard stop.
    AllLast,
    /// The last hand that can be played.
    HardStop,
}

impl Flow<'_> {
    /// The first round: East 1, `first_dealer` dealing, no honba or sticks, every player at
    /// the start score (the empty seat of a three-player game at 0).
    pub fn first_round(&self, first_dealer: Seat) -> RoundSetup {
        let players = self.players();
        RoundSetup {
            round_wind: Wind::East,
            round_number: 1,
            dealer: first_dealer,
            honba: 0,
            sticks: 0,
            scores: BySeat::new_with(|s| {
                if players.plays(s) {
                    self.start_score
                } else {
                    0
                }
            }),
        }
    }

    fn stage(&self, wind: Wind, number: u8) -> Stage {
        let last = self.length.last_wind();
        let hand = (wind.index(), number);
        let hands = self.players().count();
        let last_regular = (last.index(), hands);
        let hard_stop = match self.extension {
            Extension::None => last_regular,
            Extension::NextWind { .. } => (last.index() + 1, hands),
        };
        if hand >= hard_stop {
            Stage::HardStop
        } else if hand >= last_regular {
            Stage::AllLast
        } else {
            Stage::Regular
        }
    }

    /// What follows a round: the next round's setup, or the end of the game with its final
    /// standing. It applies, in this order:
    ///
    /// 1. the scores: before, minus the riichi deposits taken, plus the deltas; the sticks:
    ///    none after a win, else the old ones plus the deposits;
    /// 2. busting ([`Busting`]): a score below zero ends the game at once;
    /// 3. an abortive draw never ends the game: the honba goes up, and [`AbortiveDrawFlow`]
    ///    decides the deal;
    /// 4. renchan ([`Renchan`]); in the last regular hand and after, agari-yame
    ///    (`agari_yame`) and tenpai-yame (`tenpai_yame`) when the dealer keeps the deal,
    ///    else the target and the hard stop ([`Extension`]).
    ///
    /// It considers only the setup and the result; that the deltas are the right payments is
    /// [`Flow::win_payments`]'s and [`Flow::exhaustive_draw_payments`]'s business.
    /// `first_dealer` orders equal scores.
    ///
    /// # Errors
    ///
    /// [`FlowError::RoundNumber`] for a hand number outside 1..=4, [`FlowError::Overflow`]
    /// when a score or counter does not fit.
    pub fn next_round(
        &self,
        first_dealer: Seat,
        setup: &RoundSetup,
        result: &RoundResult,
    ) -> Result<Next, FlowError> {
        if !(1..=self.players().count()).contains(&setup.round_number) {
            return Err(FlowError::RoundNumber(setup.round_number));
        }
        let dealer = setup.dealer;
        // A chombo's re-deal: the same hand again, its riichi sticks returned (only the
        // penalty changes the scores), no end considered (the hand was not played).
        if result.outcome == RoundOutcome::Redeal {
            let mut scores = setup.scores;
            for &s in self.players().seats() {
                scores[s] = scores[s]
                    .checked_add(result.deltas[s])
                    .ok_or(FlowError::Overflow)?;
            }
            return Ok(Next::Round(RoundSetup { scores, ..*setup }));
        }
        let mut scores = setup.scores;
        for &s in self.players().seats() {
            let deposit = if result.riichi_deposits.contains(s) {
                i64::from(self.riichi_deposit)
            } else {
                0
            };
            let after = i64::from(scores[s]) - deposit + i64::from(result.deltas[s]);
            scores[s] = i32::try_from(after).map_err(|_| FlowError::Overflow)?;
        }
        let sticks = match result.outcome {
            RoundOutcome::Win { .. } => 0,
            _ => setup
                .sticks
                .checked_add(u32::from(result.riichi_deposits.len()))
                .ok_or(FlowError::Overflow)?,
        };
        let end_sinking = |reason, sinking| -> Result<Next, FlowError> {
            Ok(Next::GameOver(GameEnd {
                reason,
                standing: self.final_standing_sinking(scores, sticks, first_dealer, sinking)?,
            }))
        };
        let end = |reason| end_sinking(reason, Seats::EMPTY);
        // A yakuman that ends the game makes every other player sink, busted or not.
        if !result.yakuman.is_empty() && self.yakuman_ends_game == YakumanEnd::EndsOthersSink {
            let mut others: Seats = self.players().seats().iter().copied().collect();
            for s in result.yakuman.iter() {
                others = others.without(s);
            }
            return end_sinking(EndReason::Yakuman(result.yakuman), others);
        }
        let busted: Seats = self
            .players()
            .seats()
            .iter()
            .copied()
            .filter(|s| scores[*s] < 0)
            .collect();
        if !busted.is_empty() {
            match self.busting {
                Busting::BelowZero => return end(EndReason::Busting(busted)),
                Busting::Never => {}
                Busting::NotSettled => return Err(FlowError::NotSettled("busting")),
            }
        }
        let seated: Seats = self.players().seats().iter().copied().collect();
        if let EndAtScore::AtLeast(target) = self.end_at_score {
            let reached: Seats = seated.iter().filter(|s| scores[*s] >= target).collect();
            if !reached.is_empty() {
                return end(EndReason::ScoreReached(reached));
            }
        }
        // Whether the dealer keeps the deal, and whether by a win or a tenpai (the two ways
        // agari-yame can stop the game).
        let (renchan, yame) = match result.outcome {
            RoundOutcome::Win { winners } => {
                let won = winners.contains(dealer);
                let yame = match self.agari_yame {
                    Yame::Automatic { min_score } => Some((EndReason::AgariYame, min_score)),
                    Yame::Never => None,
                    Yame::NotSettled => {
                        if won
                            && !matches!(
                                self.stage(setup.round_wind, setup.round_number),
                                Stage::Regular
                            )
                        {
                            return Err(FlowError::NotSettled("agari_yame"));
                        }
                        None
                    }
                };
                (won, yame.filter(|_| won))
            }
            RoundOutcome::ExhaustiveDraw { tenpai } => {
                let tenpai = tenpai.contains(dealer);
                let keeps = match self.renchan {
                    Renchan::WinOrTenpai => tenpai,
                    Renchan::WinOnly => false,
                    Renchan::WinOrAnyDraw => true,
                };
                let yame = match self.tenpai_yame {
                    Yame::Automatic { min_score } => Some((EndReason::TenpaiYame, min_score)),
                    Yame::Never => None,
                    Yame::NotSettled => {
                        if keeps
                            && tenpai
                            && !matches!(
                                self.stage(setup.round_wind, setup.round_number),
                                Stage::Regular
                            )
                        {
                            return Err(FlowError::NotSettled("tenpai_yame"));
                        }
                        None
                    }
                };
                (keeps, yame.filter(|_| keeps && tenpai))
            }
            // A deal that passes on after an abortive draw ends the game in the last hands as
            // any other would; one that stays is a renchan, which no yame rule stops.
            RoundOutcome::AbortiveDraw(_) => match self.abortive_draw {
                AbortiveDrawFlow::Renchan => (true, None),
                AbortiveDrawFlow::DealerRotates => (false, None),
            },
            // Handled above: a re-deal keeps the dealer, and nothing stops the game.
            RoundOutcome::Redeal => (true, None),
        };
        let order = ranking(scores, first_dealer, self.players());
        let top = scores[order[0]];
        let dealer_first = order[0] == dealer;
        let stage = self.stage(setup.round_wind, setup.round_number);
        let hard_stop = matches!(stage, Stage::HardStop);
        if !matches!(stage, Stage::Regular) {
            if renchan {
                if let Some((reason, min_score)) = yame
                    && dealer_first
                    && top >= min_score
                {
                    return end(reason);
                }
            } else {
                let reached = match self.extension {
                    Extension::None => true,
                    Extension::NextWind { target } => top >= target,
                };
                if hard_stop {
                    return end(EndReason::HardStop);
                }
                if reached {
                    return end(EndReason::LastHand);
                }
            }
        }
        let drawn = !matches!(result.outcome, RoundOutcome::Win { .. });
        self.advance(setup, scores, sticks, renchan, drawn)
    }

    /// The next round's setup: the same dealer with one more honba on a renchan; else the next
    /// dealer, with one more honba after a draw and none after a win.
    fn advance(
        &self,
        setup: &RoundSetup,
        scores: BySeat<i32>,
        sticks: u32,
        renchan: bool,
        drawn: bool,
    ) -> Result<Next, FlowError> {
        let more = setup.honba.checked_add(1).ok_or(FlowError::Overflow)?;
        if renchan {
            return Ok(Next::Round(RoundSetup {
                honba: more,
                sticks,
                scores,
                ..*setup
            }));
        }
        let (round_wind, round_number) = if setup.round_number >= self.players().count() {
            (setup.round_wind.next(), 1)
        } else {
            (setup.round_wind, setup.round_number + 1)
        };
        Ok(Next::Round(RoundSetup {
            round_wind,
            round_number,
            dealer: self.players().next(setup.dealer),
            honba: if drawn { more } else { 0 },
            sticks,
            scores,
        }))
    }
}
