//! The referee: replays a [`GameLog`] and checks what the log records, producing a
//! [`Verdict`] with typed [`Divergence`]s.
//!
//! # What is checked today
//!
//! - **The wall.** When the log carries a seed (Tenhou `SHUFFLE seed`, or the 2008–2009
//!   per-round `INIT shuffle`), every round's wall is rebuilt, and when a round states its
//!   wall (Mahjong Soul's `paishan`, [`haifu_log::RoundStart::wall`]) that wall is taken; the
//!   log is checked against it: the dice, the first dora indicator, each seat's starting
//!   hand, every live-wall draw in order, every replacement draw after a kan or kita, every
//!   new dora indicator, and the dora and ura indicators each win records, and that an
//!   exhaustive draw comes exactly at the end of the live wall (what a stated wall holds:
//!   Mahjong Soul's older records leave out the deal and the dealer's first draw). This holds
//!   for three-player games too.
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

mod compared;
mod course;
mod diff;
mod elided;
mod expect;
mod referee;
mod settle;
mod sheet;
mod verdict;
mod wall;

use std::borrow::Cow;

use haifu_log::GameLog;
use haifu_rules::flow::Next;
use haifu_ruleset::{Players, RuleSet};
use haifu_tiles::BySeat;
use referee::DoraTiming;

pub use compared::{Compared, DrawField, FinalPart, PaymentOf, ScoresAt, Shown, WinField};
pub use course::{
    Course, CourseEnd, CourseRound, CourseWin, Played, WinRuled, course, course_watched,
};
pub use diff::{
    Aggregate, Change, GameDiff, PointGroup, Side, diff, end_text, explain, single_changes,
    value_text,
};
pub use elided::Elision;
pub use referee::{Watch, Watched};
pub use sheet::{
    GameReplay, RoundSheet, SheetLine, SheetWriter, Valuation, WinLine, render, render_rounds,
};
pub use verdict::{Checked, Divergence, DivergenceKind, RoundLabel, Status, Verdict, WallItem};

/// Replays `log` under `rules` and returns the verdict.
///
/// It considers everything listed in the crate documentation; it never panics on a log the
/// parsers accepted (an inconsistent log is a divergence, not a crash). The rules are the
/// caller's choice (a reader declares the log's own: the `haifu` crate's `declared_rules`);
/// the verdict records them.
pub fn verify(log: &GameLog, rules: &RuleSet) -> Verdict {
    run(log, rules, None)
}

/// Replays `log` like [`verify`] and also writes the referee's sheet of every round (see
/// [`render`]). This allocates per round; [`verify`] does not.
pub fn replay(log: &GameLog, rules: &RuleSet) -> GameReplay {
    let mut rounds = Vec::with_capacity(log.round_starts().len());
    let verdict = run(log, rules, Some(&mut |sheet| rounds.push(sheet)));
    GameReplay {
        verdict,
        rounds,
        red_fives: rules.hand.red_fives,
    }
}

/// Replays `log` like [`replay`], handing each round's sheet to `each` as the round ends
/// instead of keeping them, and returns the verdict (the one [`verify`] gives). With
/// [`SheetWriter`] and the verdict of a first pass, a game's sheet is written as it is
/// replayed, in memory that does not grow with its rounds.
pub fn replay_sheets(log: &GameLog, rules: &RuleSet, each: &mut dyn FnMut(RoundSheet)) -> Verdict {
    run(log, rules, Some(each))
}

fn run(log: &GameLog, rules: &RuleSet, sheets: Option<&mut dyn FnMut(RoundSheet)>) -> Verdict {
    let mut verdict = Verdict::new();
    verdict.rules = Some(*rules);
    // The log stores each round start, win and draw event once, in these lists: their
    // lengths are the event counts, without a pass over the events.
    verdict.rounds = log.round_starts().len();
    verdict.wins = log.wins().len();
    verdict.draws = log.draws().len();
    wall::check(log, &mut verdict);
    let reason = players_of(log).and_then(|table| table_mismatch(table, rules));
    let log = if reason.is_none() {
        as_played(log, rules, DoraTiming::Recorded)
    } else {
        Cow::Borrowed(log)
    };
    verdict.checked.setups_from_flow = matches!(log, Cow::Owned(_));
    let log = &*log;
    if let Some(reason) = reason {
        verdict.push(Divergence {
            round: None,
            event: None,
            seat: None,
            kind: DivergenceKind::Unsupported { reason },
        });
    } else {
        // Each round is settled as the referee hands it over: the game's rounds are not held.
        let mut settlement = Settlement::of(log, rules);
        referee::check(
            log,
            *rules,
            DoraTiming::Recorded,
            &mut verdict,
            sheets,
            &mut referee::Unwatched,
            &mut |round, verdict| settlement.round(round, verdict),
        );
        settlement.finish(&mut verdict);
    }
    // In the order of the game: the wall, the referee and the settlement each report in order,
    // one after the other; a divergence of the whole game (no event) comes first. The sort is
    // stable, so those at the same event keep the order they were found in.
    verdict
        .divergences
        .sort_by_key(|d| d.event.map_or(0, |e| e + 1));
    for d in &mut verdict.divergences {
        d.seat = match d.kind {
            DivergenceKind::Furiten { seat, .. } => Some(seat),
            _ => d.event.and_then(|e| log.event(e)).and_then(|e| e.seat()),
        };
    }
    verdict
}

/// `log` as `rules` plays it: itself, or where it states no round setup (mjai's 2011
/// dialect), [`with_flow_setups`] under `rules`, its kan dora revealed at `timing` (the
/// caller's own). `verify` and `diff` (each side under its own rule set) replay this; the
/// caller has checked that `rules` is for the log's table.
pub(crate) fn as_played<'a>(
    log: &'a GameLog,
    rules: &RuleSet,
    timing: DoraTiming,
) -> Cow<'a, GameLog> {
    if log.header.unrecorded.round_setup {
        Cow::Owned(with_flow_setups(log, rules, timing))
    } else {
        Cow::Borrowed(log)
    }
}

/// `log`, which states no round setup (mjai's 2011 dialect: each round's dealer and dora
/// indicator only, and no payments), with each round's round wind and number, honba, sticks
/// and scores, and each outcome's payments, the rule set's flow's own: the first round the
/// game's first ([`Flow::first_round`](haifu_rules::flow::Flow::first_round)), each later one
/// what follows from the rounds before it as the engine rules them (the course `diff`
/// follows, [`settle::Money::Own`]). The dealers the log states are kept, for the settlement
/// to check against the flow.
///
/// A round's setup depends only on the rounds before it, but how the engine rules a round
/// (its yaku by the round wind, riichi by the scores) on its own setup: so the log is
/// refereed again until no setup changes, at most once a round (after `n` passes the first
/// `n` rounds' setups are the flow's); a game's log is refereed about twice.
fn with_flow_setups(log: &GameLog, rules: &RuleSet, timing: DoraTiming) -> GameLog {
    let mut filled = log.clone();
    filled.header.unrecorded.scores = true;
    for _ in 0..=log.round_starts().len() {
        let mut scratch = Verdict::new();
        let mut summaries = Vec::with_capacity(filled.round_starts().len());
        referee::check(
            &filled,
            *rules,
            timing,
            &mut scratch,
            None,
            &mut referee::Unwatched,
            &mut |round, _| summaries.push(round),
        );
        let Some(first) = filled.round_starts().first() else {
            break;
        };
        let (first_dealer, _) = game_start(&filled, first, rules.players);
        let pass = settle::Pass::new(rules, first_dealer, false, settle::Money::Own);
        // What the pass plays each round from, and what each outcome pays: by round, win
        // and draw (their places in the log's lists).
        let mut setups = Vec::with_capacity(summaries.len());
        let mut wins = Vec::new();
        let mut draws = Vec::new();
        for (round, step) in pass.over(&summaries) {
            setups.push(step.played);
            // Where the flow ends the game, its final scores, for a log that states the end.
            let end = match &step.next {
                Some(Ok(Next::GameOver(over))) => Some(over.standing.scores),
                _ => None,
            };
            let (Some(setup), Some(Ok(settled))) = (step.played, step.settled) else {
                continue;
            };
            let mut sticks = round.sticks_at_outcome(&setup);
            match &round.outcome {
                Some(settle::SummaryOutcome::Wins(rulings)) => {
                    for w in rulings {
                        let Some(at) = filled
                            .wins()
                            .iter()
                            .position(|x| std::ptr::eq(x, w.recorded))
                        else {
                            continue;
                        };
                        let paid = settled
                            .paid
                            .iter()
                            .find(|(s, _)| *s == w.recorded.winner)
                            .map_or(BySeat::from_array([0; 4]), |(_, row)| *row);
                        wins.push((at, setup, std::mem::take(&mut sticks), paid, end));
                    }
                }
                Some(
                    settle::SummaryOutcome::Exhaustive { recorded, .. }
                    | settle::SummaryOutcome::Abortive { recorded, .. },
                ) => {
                    if let Some(at) = filled
                        .draws()
                        .iter()
                        .position(|x| std::ptr::eq(x, *recorded))
                    {
                        draws.push((at, setup, sticks, settled.deltas, end));
                    }
                }
                _ => {}
            }
        }
        drop(summaries);
        let (starts, recorded_wins, recorded_draws) = filled.outcomes_mut();
        let mut changed = false;
        for (start, setup) in starts.iter_mut().zip(setups) {
            let Some(setup) = setup else { continue };
            let before = (
                start.round_wind,
                start.round_number,
                start.honba,
                start.sticks,
            );
            let after = (
                setup.round_wind,
                setup.round_number,
                setup.honba,
                setup.sticks,
            );
            changed |= before != after || start.scores != setup.scores;
            (
                start.round_wind,
                start.round_number,
                start.honba,
                start.sticks,
            ) = after;
            start.scores = setup.scores;
        }
        for (at, setup, sticks, paid, end) in wins {
            let w = &mut recorded_wins[at];
            (w.honba, w.sticks, w.scores, w.deltas) = (setup.honba, sticks, setup.scores, paid);
            fill_final(&mut w.final_result, end);
        }
        for (at, setup, sticks, deltas, end) in draws {
            let d = &mut recorded_draws[at];
            (d.honba, d.sticks, d.scores, d.deltas) = (setup.honba, sticks, setup.scores, deltas);
            fill_final(&mut d.final_result, end);
        }
        if !changed {
            break;
        }
    }
    filled
}

/// The final scores of a game's end the log states without them: the flow's, where the flow
/// ends the game there (elsewhere the end stays as the log has it, and the settlement says
/// the game goes on).
fn fill_final(result: &mut Option<Box<haifu_log::FinalResult>>, end: Option<BySeat<i32>>) {
    if let (Some(result), Some(scores)) = (result, end) {
        result.scores = scores;
    }
}

/// The players at the table of `log`, as its deal shows them: four when its first round
/// deals seat `D` a hand, three when it deals seats `A`, `B` and `C` hands and `D` none;
/// `None` for a log without a round, or whose deal does not show it (a hand-written record
/// that states no starting hands is not thereby a three-player game).
pub fn players_of(log: &GameLog) -> Option<Players> {
    let first = log.round_starts().first()?;
    let [a, b, c, d] = haifu_tiles::Seat::ALL.map(|s| !first.hands[s].is_empty());
    match (a && b && c, d) {
        (_, true) => Some(Players::Four),
        (true, false) => Some(Players::Three),
        (false, false) => None,
    }
}

/// Why `rules` cannot play a game at a table of `table`, if it cannot: a rule set for
/// another number of players.
pub(crate) fn table_mismatch(table: Players, rules: &RuleSet) -> Option<String> {
    (table != rules.players).then(|| {
        format!(
            "the game has {} players and the rule set is for {} (players = {}): choose a rule set for {} players, such as {}",
            table.count(),
            rules.players.count(),
            rules.players.count(),
            table.count(),
            match table {
                Players::Three => "tenhou-sanma or mahjong-soul-sanma",
                Players::Four => "tenhou",
            }
        )
    })
}

/// Where `log`'s game starts: its first dealer (stated, else the first round's dealer moved
/// back by the round's number), and whether the log is an excerpt — a record that may begin
/// at any round ([`haifu_log::StartRecord::Optional`]) and does, to be followed from its
/// first round as it stands. A first round at E1.0, without honba or sticks, dealt by the
/// first dealer, every seat at one score, is the game's start (whether that score is the
/// rule set's is the settlement's to check).
pub(crate) fn game_start(
    log: &GameLog,
    first: &haifu_log::RoundStart,
    players: Players,
) -> (haifu_tiles::Seat, bool) {
    let one_score = players
        .seats()
        .iter()
        .all(|s| first.scores[*s] == first.scores[haifu_tiles::Seat::ALL[0]]);
    let excerpt = log.header.start_record == haifu_log::StartRecord::Optional
        && !(first.round_wind == haifu_tiles::Wind::East
            && first.round_number == 1
            && first.honba == 0
            && first.sticks == 0
            && log.header.first_dealer.is_none_or(|d| d == first.dealer)
            && one_score);
    let first_dealer = log.header.first_dealer.unwrap_or_else(|| {
        let n = players.count();
        let back = first.round_number.saturating_sub(1) % n;
        players.after(first.dealer, n - back)
    });
    (first_dealer, excerpt)
}

/// The settlement `verify` checks a game's payments and flow with ([`settle::Check`]).
enum Settlement<'r, 'a> {
    /// A log without rounds: nothing to settle.
    Nothing,
    /// The seats do not all start with the rule set's score: a divergence of the first round
    /// (said when the game is done, after the referee's), and the settlement cannot go on.
    Refused(Divergence),
    /// The game's settlement; `excerpt` when the log starts after the game's start.
    Check {
        check: Box<settle::Check<'r, 'a>>,
        excerpt: bool,
    },
}

impl<'r, 'a> Settlement<'r, 'a> {
    /// The settlement of `log` under `rules`.
    fn of(log: &GameLog, rules: &'r RuleSet) -> Settlement<'r, 'a> {
        let Some(first) = log.round_starts().first() else {
            return Settlement::Nothing;
        };
        let (first_dealer, excerpt) = game_start(log, first, rules.players);
        // Every seat starts with the rule set's score: other starting scores are a divergence
        // of the first round (the settlement cannot go on without them).
        let seated = rules.players.seats();
        if !excerpt
            && seated
                .iter()
                .any(|s| first.scores[*s] != rules.flow.start_score)
        {
            return Settlement::Refused(Divergence {
                round: Some(RoundLabel::of(first)),
                event: Some(0),
                seat: None,
                kind: DivergenceKind::FlowMismatch {
                    computed: Shown::text(format!(
                        "every seat starting with {}",
                        rules.flow.start_score
                    )),
                    recorded: Shown::text(format!(
                        "starting scores {}",
                        Shown::scores(first.scores)
                    )),
                },
            });
        }
        Settlement::Check {
            check: Box::new(settle::Check::new(
                rules,
                first_dealer,
                excerpt,
                log.header.end_record,
                log.header.unrecorded,
            )),
            excerpt,
        }
    }

    /// The game's next round, as the referee hands it over.
    fn round(&mut self, round: settle::RoundSummary<'a>, verdict: &mut Verdict) {
        if let Settlement::Check { check, .. } = self {
            check.round(round, verdict);
        }
    }

    /// Settles the last round and notes in `verdict` what the settlement checked.
    fn finish(self, verdict: &mut Verdict) {
        match self {
            Settlement::Nothing => {}
            Settlement::Refused(divergence) => verdict.push(divergence),
            Settlement::Check { check, excerpt } => {
                let (cut_off, found) = check.finish(verdict);
                if found == 0 {
                    verdict.checked.settled = true;
                    verdict.checked.end_recorded = !cut_off;
                    verdict.checked.start_recorded = !excerpt;
                }
            }
        }
    }
}
