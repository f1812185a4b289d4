//! The referee: replays a [`GameLog`] and checks what the log records, producing a
//! [`Verdict`] with typed [`Divergence`]s.
//!
//! # What is checked today
//!
//! - **The wall.** When the log carries a seed (Tenhou `SHUFFLE seed`, or the 2008–2009
//!   per-round `INIT shuffle`), every round's wall is rebuilt and the log is checked against
//!   it: the dice, the first dora indicator, each seat's starting hand, every live-wall draw in
//!   order, every replacement draw after a kan or kita, every new dora indicator, and the
//!   dora and ura indicators each win records, and that an exhaustive draw comes exactly at
//!   the end of the live wall. This holds for three-player games too.
//!
//! The rules engine's rulings (legality, furiten, each win's value, draws, flow) join as the
//! engine grows; a log whose structure the engine does not support yet (three-player games)
//! is reported [`Status::Unsupported`] (after the wall checks, which do apply), never
//! silently passed.
//!
//! # Architecture invariants
//!
//! - This is the only crate that knows both logs and rules.
//! - One divergence never stops the replay: every check runs and every problem is reported
//!   (a `(value, problems)` result, not `Result<value, first problem>`).

mod expect;
mod referee;
mod settle;
mod sheet;
mod verdict;
mod wall;

use haifu_log::GameLog;
use haifu_tenhou::PlayerCount;

pub use sheet::{GameReplay, RoundSheet, SheetLine, Valuation, WinLine, render};
pub use verdict::{Checked, Divergence, DivergenceKind, RoundLabel, Status, Verdict, WallItem};

/// Replays `log` and returns the verdict.
///
/// It considers everything listed in the crate documentation; it never panics on a log the
/// parsers accepted (an inconsistent log is a divergence, not a crash).
pub fn verify(log: &GameLog) -> Verdict {
    run(log, None)
}

/// Replays `log` like [`verify`] and also writes the referee's sheet of every round (see
/// [`render`]). This allocates per round; [`verify`] does not.
pub fn replay(log: &GameLog) -> GameReplay {
    let mut rounds = Vec::with_capacity(log.round_starts().len());
    let verdict = run(log, Some(&mut rounds));
    GameReplay { verdict, rounds }
}

fn run(log: &GameLog, sheets: Option<&mut Vec<RoundSheet>>) -> Verdict {
    let mut verdict = Verdict::new();
    // The log stores each round start, win and draw event once, in these lists: their
    // lengths are the event counts, without a pass over the events.
    verdict.rounds = log.round_starts().len();
    verdict.wins = log.wins().len();
    verdict.draws = log.draws().len();
    let game_type = haifu_tenhou::GameType::new(log.header.rules.go_type);
    wall::check(log, game_type.players(), &mut verdict);
    if game_type.players() == PlayerCount::Four {
        let lobby = haifu_rules::TenhouLobby::from_go_type(log.header.rules.go_type);
        let rules = referee::GameRules {
            hand: haifu_rules::Rules::tenhou(lobby),
            round: haifu_rules::RoundRules::tenhou(lobby),
        };
        let summaries = referee::check(log, rules, &mut verdict, sheets);
        settle(log, &summaries, &mut verdict);
    } else {
        verdict.push(Divergence {
            round: None,
            event: None,
            kind: DivergenceKind::Unsupported {
                reason: "three-player (sanma) games are not supported by the rules engine yet"
                    .to_owned(),
            },
        });
    }
    // In the order of the game: the wall, the referee and the settlement each report in order,
    // one after the other; a divergence of the whole game (no event) comes first. The sort is
    // stable, so those at the same event keep the order they were found in.
    verdict
        .divergences
        .sort_by_key(|d| d.event.map_or(0, |e| e + 1));
    verdict
}

/// Checks the payments and the flow of the game, under each era of Tenhou's rules the game
/// may belong to (see [`settle::eras`]); keeps the first era without divergences, or the
/// first era's divergences when none conforms.
fn settle(log: &GameLog, summaries: &[settle::RoundSummary<'_>], verdict: &mut Verdict) {
    let Some(first) = log.round_starts().first() else {
        return;
    };
    let go_type = log.header.rules.go_type;
    let first_dealer = log.header.first_dealer.unwrap_or(first.dealer);
    // The fallback values of recorded wins round as the lobby's hand rules do.
    let kiriage = haifu_rules::TenhouLobby::from_go_type(go_type).kiriage_mangan;
    let mut first_found: Option<Vec<Divergence>> = None;
    for era in settle::eras(log) {
        let rules = match haifu_rules::flow::FlowRules::tenhou_game(go_type, era, first.scores) {
            Ok(rules) => rules,
            // Every Tenhou game starts with equal scores: unequal ones are a divergence of the
            // first round (the settlement cannot go on without a starting score).
            Err(haifu_rules::flow::Unsupported::UnequalStartScores(scores)) => {
                verdict.push(Divergence {
                    round: Some(RoundLabel::of(first)),
                    event: Some(0),
                    kind: DivergenceKind::FlowMismatch {
                        computed: "every seat starting with the same score".to_owned(),
                        recorded: format!("starting scores {}", settle::scores_text(&scores)),
                    },
                });
                return;
            }
            Err(e) => {
                verdict.push(Divergence {
                    round: None,
                    event: None,
                    kind: DivergenceKind::Unsupported {
                        reason: e.to_string(),
                    },
                });
                return;
            }
        };
        let mut found = Vec::new();
        let cut_off = settle::check(first_dealer, &rules, kiriage, summaries, &mut found);
        if found.is_empty() {
            verdict.checked.settled = true;
            verdict.checked.end_recorded = !cut_off;
            return;
        }
        first_found.get_or_insert(found);
    }
    verdict.divergences.extend(first_found.unwrap_or_default());
}
