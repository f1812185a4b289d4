use std::borrow::Cow;
use std::fmt;

use haifu_log::RoundStart;
use haifu_tiles::Wind;
use serde::Serialize;

use crate::compared::{Compared, DrawField, FinalPart, PaymentOf, ScoresAt, Shown, WinField};

/// A round's name as players say it: round wind, number and honba, e.g. `E1.0`, `S4.2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundLabel {
    /// The round wind.
    pub wind: Wind,
    /// The number within the wind, 1..=4.
    pub number: u8,
    /// The honba counter.
    pub honba: u32,
}

impl RoundLabel {
    /// The label of a recorded round start.
    pub fn of(start: &RoundStart) -> RoundLabel {
        RoundLabel {
            wind: start.round_wind,
            number: start.round_number,
            honba: start.honba,
        }
    }
}

impl fmt::Display for RoundLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}.{}", self.wind, self.number, self.honba)
    }
}

impl std::str::FromStr for RoundLabel {
    type Err = String;

    /// Reads `E1.0`, `s4.2`; a missing `.honba` means honba 0.
    fn from_str(s: &str) -> Result<RoundLabel, String> {
        let bad =
            || format!("{s:?} is not a round such as E1.0 (wind E/S/W/N, number 1-4, then .honba)");
        let mut chars = s.chars();
        let wind = chars.next().and_then(Wind::from_letter).ok_or_else(bad)?;
        let rest = chars.as_str();
        let (number, honba) = rest.split_once('.').unwrap_or((rest, "0"));
        let number: u8 = number
            .parse()
            .ok()
            .filter(|n| (1..=4).contains(n))
            .ok_or_else(bad)?;
        let honba: u32 = honba.parse().map_err(|_| bad())?;
        Ok(RoundLabel {
            wind,
            number,
            honba,
        })
    }
}

impl Serialize for RoundLabel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Which wall position a wall divergence is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WallItem {
    /// The dice.
    Dice,
    /// A seat's starting hand.
    StartingHand,
    /// The n-th live-wall draw of the round (0-based).
    LiveDraw(usize),
    /// The k-th replacement draw after a kan or kita (0-based).
    RinshanDraw(usize),
    /// The n-th dora indicator (0 is the first).
    DoraIndicator(usize),
    /// The n-th ura indicator.
    UraIndicator(usize),
    /// The end of the live wall: how many live draws an exhaustive draw comes after.
    LiveWallEnd,
}

impl fmt::Display for WallItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WallItem::Dice => write!(f, "dice"),
            WallItem::StartingHand => write!(f, "starting hand"),
            WallItem::LiveDraw(n) => write!(f, "live draw #{}", n + 1),
            WallItem::RinshanDraw(n) => write!(f, "rinshan draw #{}", n + 1),
            WallItem::DoraIndicator(n) => write!(f, "dora indicator #{}", n + 1),
            WallItem::UraIndicator(n) => write!(f, "ura indicator #{}", n + 1),
            WallItem::LiveWallEnd => write!(f, "end of the live wall"),
        }
    }
}

/// What kind of disagreement, with the computed and the recorded values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DivergenceKind {
    /// The log disagrees with the wall rebuilt from its seed.
    WallMismatch {
        /// Which position.
        item: WallItem,
        /// What the wall holds there, in the compact notation (tiles) or as numbers (dice).
        computed: Shown,
        /// What the log says.
        recorded: Shown,
    },
    /// The wall cannot be rebuilt: the seed is unreadable.
    BadSeed {
        /// Why.
        reason: String,
    },
    /// A round's setup is impossible (a hand of the wrong size, a tile dealt twice).
    SetupInvalid {
        /// Why.
        detail: String,
    },
    /// An action the rules forbid, a win declared on a hand that is not complete or has no
    /// yaku included; the rest of the round is not checked.
    IllegalAction {
        /// The action, as the log has it.
        action: String,
        /// The rule it breaks.
        reason: String,
        /// The kind of refusal, in the vocabulary scenarios name.
        refusal: haifu_log::Refusal,
    },
    /// A ron by a seat the engine holds furiten; the rest of the round is not checked.
    Furiten {
        /// The winner.
        seat: haifu_tiles::Seat,
        /// Why it is furiten.
        reason: String,
    },
    /// A recorded win disagrees with the engine's value of it. (A win the engine finds no win
    /// at all is an [`IllegalAction`](DivergenceKind::IllegalAction).)
    WinMismatch {
        /// Which part of the win.
        field: WinField,
        /// What the engine computed.
        computed: Shown,
        /// What the log records.
        recorded: Shown,
    },
    /// A recorded draw disagrees with the engine (its kind, or who was tenpai).
    DrawMismatch {
        /// Which part of the draw.
        field: DrawField,
        /// What the engine computed.
        computed: Shown,
        /// What the log records.
        recorded: Shown,
    },
    /// Scores the log states disagree with the engine's.
    ScoreMismatch {
        /// Which scores.
        what: ScoresAt,
        /// The engine's, per seat.
        computed: Shown,
        /// The log's, per seat.
        recorded: Shown,
    },
    /// A payment disagrees: a win's or a draw's score changes, or the honba and sticks on the
    /// table.
    PaymentMismatch {
        /// Which payment.
        what: PaymentOf,
        /// The engine's.
        computed: Shown,
        /// The log's.
        recorded: Shown,
    },
    /// The next round (or the end of the game) disagrees with the log.
    FlowMismatch {
        /// What the engine expected.
        computed: Shown,
        /// What the log has.
        recorded: Shown,
    },
    /// The final result disagrees: final scores or placement points.
    FinalMismatch {
        /// Which part.
        what: FinalPart,
        /// The engine's.
        computed: Shown,
        /// The log's.
        recorded: Shown,
    },
    /// A scenario's inline expectation does not hold.
    ExpectationFailed {
        /// Which expectation: its index in [`GameLog::expectations`](haifu_log::GameLog).
        expectation: usize,
        /// What the scenario expects.
        expected: String,
        /// What the referee found.
        found: String,
    },
    /// Something the engine does not support yet; the rest is not checked.
    Unsupported {
        /// What.
        reason: String,
    },
    /// The engine panicked on this game (a bug in haifu, reported rather than crashing a batch).
    EnginePanic {
        /// The panic message.
        message: String,
    },
}

impl DivergenceKind {
    /// For a kind that compares values: what is compared, the engine's value and the log's
    /// (an expectation's: what the scenario expects and what the referee finds; a wall's:
    /// the position, the wall's tile and the log's; an illegal action's: the kind of refusal,
    /// the rule it breaks and the action), as text.
    pub fn compared(&self) -> Option<(Cow<'_, str>, Compared<'_>, Compared<'_>)> {
        let shown = |field: Cow<'static, str>, engine, log| {
            Some((field, Compared::Value(engine), Compared::Value(log)))
        };
        let named = |s: &'static str| Cow::Borrowed(s);
        match self {
            DivergenceKind::WallMismatch {
                item,
                computed,
                recorded,
            } => shown(Cow::Owned(item.to_string()), computed, recorded),
            DivergenceKind::IllegalAction {
                action,
                reason,
                refusal,
            } => Some((
                named(refusal.name()),
                Compared::Text(reason),
                Compared::Text(action),
            )),
            DivergenceKind::WinMismatch {
                field,
                computed,
                recorded,
            } => shown(named(field.as_str()), computed, recorded),
            DivergenceKind::DrawMismatch {
                field,
                computed,
                recorded,
            } => shown(named(field.as_str()), computed, recorded),
            DivergenceKind::ScoreMismatch {
                what,
                computed,
                recorded,
            } => shown(named(what.as_str()), computed, recorded),
            DivergenceKind::PaymentMismatch {
                what,
                computed,
                recorded,
            } => shown(named(what.as_str()), computed, recorded),
            DivergenceKind::FinalMismatch {
                what,
                computed,
                recorded,
            } => shown(named(what.as_str()), computed, recorded),
            DivergenceKind::FlowMismatch { computed, recorded } => {
                shown(named("next"), computed, recorded)
            }
            DivergenceKind::ExpectationFailed {
                expected, found, ..
            } => Some((
                named("expectation"),
                Compared::Text(found),
                Compared::Text(expected),
            )),
            _ => None,
        }
    }
}

impl DivergenceKind {
    /// The snake_case name of the kind, as in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            DivergenceKind::WallMismatch { .. } => "wall_mismatch",
            DivergenceKind::BadSeed { .. } => "bad_seed",
            DivergenceKind::SetupInvalid { .. } => "setup_invalid",
            DivergenceKind::IllegalAction { .. } => "illegal_action",
            DivergenceKind::Furiten { .. } => "furiten",
            DivergenceKind::WinMismatch { .. } => "win_mismatch",
            DivergenceKind::DrawMismatch { .. } => "draw_mismatch",
            DivergenceKind::ScoreMismatch { .. } => "score_mismatch",
            DivergenceKind::PaymentMismatch { .. } => "payment_mismatch",
            DivergenceKind::FlowMismatch { .. } => "flow_mismatch",
            DivergenceKind::FinalMismatch { .. } => "final_mismatch",
            DivergenceKind::ExpectationFailed { .. } => "expectation_failed",
            DivergenceKind::Unsupported { .. } => "unsupported",
            DivergenceKind::EnginePanic { .. } => "engine_panic",
        }
    }
}

impl fmt::Display for DivergenceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DivergenceKind::WallMismatch {
                item,
                computed,
                recorded,
            } => {
                write!(f, "{item}: the wall has {computed}, the log has {recorded}")
            }
            DivergenceKind::BadSeed { reason } => {
                write!(f, "the wall seed is unreadable: {reason}")
            }
            DivergenceKind::SetupInvalid { detail } => {
                write!(f, "impossible round setup: {detail}")
            }
            DivergenceKind::IllegalAction { action, reason, .. } => {
                write!(
                    f,
                    "{action}: {reason} (the rest of the round is not checked)"
                )
            }
            DivergenceKind::Furiten { seat, reason } => write!(
                f,
                "seat {seat} wins by ron while furiten ({reason}); the rest of the round is not checked"
            ),
            DivergenceKind::WinMismatch {
                field,
                computed,
                recorded,
            } => {
                write!(
                    f,
                    "win {field}: the engine has {computed}, the log has {recorded}"
                )
            }
            DivergenceKind::DrawMismatch {
                field,
                computed,
                recorded,
            } => {
                write!(
                    f,
                    "draw {field}: the engine has {computed}, the log has {recorded}"
                )
            }
            DivergenceKind::ScoreMismatch {
                what,
                computed,
                recorded,
            } => {
                write!(
                    f,
                    "{what}: the engine has {computed}, the log has {recorded}"
                )
            }
            DivergenceKind::PaymentMismatch {
                what,
                computed,
                recorded,
            } => {
                write!(
                    f,
                    "{what}: the engine has {computed}, the log has {recorded}"
                )
            }
            DivergenceKind::FlowMismatch { computed, recorded } => {
                write!(f, "next: the engine has {computed}, the log has {recorded}")
            }
            DivergenceKind::FinalMismatch {
                what,
                computed,
                recorded,
            } => {
                write!(
                    f,
                    "{what}: the engine has {computed}, the log has {recorded}"
                )
            }
            DivergenceKind::ExpectationFailed {
                expected, found, ..
            } => {
                write!(
                    f,
                    "the scenario expects {expected}, the referee finds {found}"
                )
            }
            DivergenceKind::Unsupported { reason } => write!(f, "{reason}"),
            DivergenceKind::EnginePanic { message } => write!(f, "the engine panicked: {message}"),
        }
    }
}

/// One disagreement between the engine and the log, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// The round, when it is about one.
    pub round: Option<RoundLabel>,
    /// The index of the event in the log it is about, when there is one.
    pub event: Option<usize>,
    /// The seat it is about, when it is about one: the furiten seat, else the seat whose
    /// action its event is (the drawer, the discarder, the caller, the winner).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<haifu_tiles::Seat>,
    /// What.
    pub kind: DivergenceKind,
}

impl fmt::Display for Divergence {
    /// `ROUND: what` (`E1.0: …`), or what alone for a divergence of the whole game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.round {
            Some(round) => write!(f, "{round}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// The overall result for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every check agrees with the log.
    Conforming,
    /// At least one divergence.
    Divergent,
    /// The game uses something the engine does not support (and nothing else diverged).
    Unsupported,
}

impl Status {
    /// The snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Conforming => "conforming",
            Status::Divergent => "divergent",
            Status::Unsupported => "unsupported",
        }
    }
}

/// How much of a game was checked, so a report can say what "conforming" covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Checked {
    /// Rounds whose wall was rebuilt from a seed and checked.
    pub walls: usize,
    /// Draws (live and rinshan) checked against a wall.
    pub wall_draws: usize,
    /// Dora and ura indicators checked against a wall (each occurrence in the log).
    pub indicators: usize,
    /// Rounds replayed through the rules engine from their setup.
    pub rounds: usize,
    /// Actions (draws, discards, calls, riichi, dora reveals) the engine accepted.
    pub actions: usize,
    /// Wins the engine scored and compared with the log.
    pub wins: usize,
    /// Outcome draws (exhaustive and abortive) whose condition the engine checked.
    pub draws: usize,
    /// Whether every payment and transition (and the final result, when recorded) were
    /// checked and agree.
    pub settled: bool,
    /// Whether the log records the game's end. A log that stops while the game goes on (cut
    /// off, or a scenario that ends early) is not divergent for that: its end is unknown.
    pub end_recorded: bool,
    /// Whether the log starts at the game's start. A format that may begin at any round (an
    /// excerpt, a scenario of the last hands) is followed from its first round instead.
    pub start_recorded: bool,
    /// Whether each round's setup (round wind and number, honba, sticks, scores) and each
    /// outcome's payments are the flow's own, not the log's: the log states none of them
    /// (mjai's 2011 dialect), so they were not compared; the dealers it states were.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub setups_from_flow: bool,
}

/// The referee's verdict on one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Rounds replayed.
    pub rounds: usize,
    /// Recorded wins.
    pub wins: usize,
    /// Recorded draws.
    pub draws: usize,
    /// What was checked.
    pub checked: Checked,
    /// The divergences, in game order: at most [`Verdict::KEPT`] of them (the first found),
    /// so that memory stays flat whatever a log holds.
    pub divergences: Vec<Divergence>,
    /// Divergences found beyond [`Verdict::KEPT`]: counted, not kept.
    pub divergences_left_out: usize,
    /// The rounds whose moves the record leaves out from some point (`...`), each with what
    /// the referee took as stated there rather than checked; empty for a record of every move.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub elisions: Vec<crate::Elision>,
    /// The rule set the game was checked under (`None` when it was not replayed). JSON
    /// writes it as a `--rules` value that reads back to it (`tenhou,length=tonpuusen`).
    #[serde(serialize_with = "rules_spec")]
    pub rules: Option<haifu_ruleset::RuleSet>,
}

fn rules_spec<S: serde::Serializer>(
    rules: &Option<haifu_ruleset::RuleSet>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match rules {
        Some(r) => s.serialize_str(&r.spec()),
        None => s.serialize_none(),
    }
}

impl Verdict {
    /// An empty verdict.
    pub fn new() -> Verdict {
        Verdict::default()
    }

    /// The most divergences a verdict keeps; the others are counted in
    /// [`Verdict::divergences_left_out`].
    pub const KEPT: usize = 1000;

    /// Records a divergence (or counts it, beyond [`Verdict::KEPT`]).
    pub fn push(&mut self, divergence: Divergence) {
        if self.divergences.len() < Verdict::KEPT {
            self.divergences.push(divergence);
        } else {
            self.divergences_left_out += 1;
        }
    }

    /// How many divergences were found, kept or not.
    pub fn divergence_count(&self) -> usize {
        self.divergences.len() + self.divergences_left_out
    }

    /// The overall status: divergent if anything other than "unsupported" diverged.
    pub fn status(&self) -> Status {
        if self
            .divergences
            .iter()
            .any(|d| !matches!(d.kind, DivergenceKind::Unsupported { .. }))
        {
            Status::Divergent
        } else if self.divergences.is_empty() {
            Status::Conforming
        } else {
            Status::Unsupported
        }
    }

    /// A verdict for a game whose replay panicked.
    pub fn panicked(message: String) -> Verdict {
        let mut v = Verdict::new();
        v.push(Divergence {
            round: None,
            event: None,
            seat: None,
            kind: DivergenceKind::EnginePanic { message },
        });
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_labels() {
        let l: RoundLabel = "S4.2".parse().unwrap();
        assert_eq!(
            l,
            RoundLabel {
                wind: Wind::South,
                number: 4,
                honba: 2
            }
        );
        assert_eq!(l.to_string(), "S4.2");
        assert_eq!("e1".parse::<RoundLabel>().unwrap().to_string(), "E1.0");
        assert!("E5.0".parse::<RoundLabel>().is_err());
        assert!("X1.0".parse::<RoundLabel>().is_err());
    }
}

#[cfg(test)]
mod cap_tests {
    use super::*;

    #[test]
    fn a_verdict_keeps_the_first_divergences_and_counts_the_rest() {
        let mut v = Verdict::new();
        for e in 0..Verdict::KEPT + 5 {
            v.push(Divergence {
                round: None,
                event: Some(e),
                seat: None,
                kind: DivergenceKind::Unsupported {
                    reason: String::new(),
                },
            });
        }
        assert_eq!(v.divergences.len(), Verdict::KEPT);
        assert_eq!(v.divergences_left_out, 5);
        assert_eq!(v.divergence_count(), Verdict::KEPT + 5);
        assert_eq!(
            v.divergences.last().and_then(|d| d.event),
            Some(Verdict::KEPT - 1)
        );
    }
}
