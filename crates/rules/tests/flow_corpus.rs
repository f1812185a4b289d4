//! Every recorded outcome of the real four-player Tenhou games replays through the flow:
//!
//! (a) every win's four deltas, recomputed from the recorded value, winners, pao, honba and
//!     sticks (the per-payer split from the recorded fu, han and limit);
//! (b) every draw's deltas, from the tenpai hands shown and the nagashi achievers (found from
//!     the discards and calls);
//! (c) every next round's setup: dealer, round, honba, sticks and scores;
//! (d) every final result: scores after the leftover sticks, and placement points.
//!
//! The logs are read in place (`HAIFU_TENHOU_CORPUS`, else `../shared/corpus/tenhou` beside
//! the workspace) and never copied.

use std::path::PathBuf;

use haifu_log::{
    DrawKind, Event, FinalResult, GameLog, RecordedDraw, RecordedWin, RiichiStage, RoundStart,
};
use haifu_rules::flow::{
    AbortiveDraw, Bonus, FlowRules, Next, Role, RonOutcome, RoundOutcome, RoundResult, RoundSetup,
    Seats, TenhouEra, Win, WinValue,
};
use haifu_tiles::{BySeat, MeldKind, Seat};

/// The corpus directory, or `None` (after saying so) when it is missing outside CI.
fn tenhou_corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("HAIFU_TENHOU_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/corpus/tenhou"
            ))
        });
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "the real Tenhou corpus is missing at {} (set HAIFU_TENHOU_CORPUS); CI needs it",
            dir.display()
        );
    }
    eprintln!(
        "skipped: the real Tenhou corpus is not at {} (set HAIFU_TENHOU_CORPUS)",
        dir.display()
    );
    None
}

/// What one game's replay checked, or the whole corpus's.
#[derive(Default)]
struct Tally {
    games: usize,
    sanma: usize,
    /// For each undated game, the era it replayed under (by name).
    undated_eras: std::collections::BTreeMap<String, usize>,
    wins: usize,
    draws: usize,
    transitions: usize,
    finals: usize,
    points_not_known: usize,
    mismatches: Vec<String>,
}

impl Tally {
    fn add(&mut self, game: Tally) {
        self.games += game.games;
        self.wins += game.wins;
        self.draws += game.draws;
        self.transitions += game.transitions;
        self.finals += game.finals;
        self.points_not_known += game.points_not_known;
        self.mismatches.extend(game.mismatches);
    }
}

/// The eras a game may belong to: the one of the date in its id (both neighbours inside an
/// undated gap); for an undated log with the 2008–2009 per-round shuffle, the first; else any
/// (the log does not say).
fn eras(log: &GameLog, file: &str) -> Vec<TenhouEra> {
    let number = |range: std::ops::Range<usize>| {
        haifu_tenhou::game_id_from_file_name(file)
            .and_then(|id| id.get(range))
            .and_then(|d| d.parse::<u16>().ok())
    };
    let date = match (number(0..4), number(4..6), number(6..8)) {
        (Some(y), Some(m), Some(d)) => u8::try_from(m)
            .ok()
            .zip(u8::try_from(d).ok())
            .map(|(m, d)| (y, m, d)),
        _ => None,
    };
    match date {
        Some((y, m, d)) => match TenhouEra::from_date(y, m, d) {
            Some(era) => vec![era],
            None if y < 2015 => vec![TenhouEra::To2010June, TenhouEra::To2021],
            None => vec![TenhouEra::To2021, TenhouEra::From2022],
        },
        None if log.round_starts().iter().any(|r| r.shuffle.is_some()) => {
            vec![TenhouEra::To2009July]
        }
        None => vec![
            TenhouEra::To2009July,
            TenhouEra::To2010June,
            TenhouEra::To2021,
            TenhouEra::From2022,
        ],
    }
}

/// Whether hands of 1920 base points are a mangan (kiriage mangan). The chip rooms (GO bit
/// 0x200) play it: 30 fu 4 han and 60 fu 3 han are recorded as 8000 (12000 for the dealer)
/// with limit 0. That is a hand-value rule, for the hand evaluator; here it only derives the
/// payments from the recorded fu and han.
#[derive(Clone, Copy)]
enum Kiriage {
    Yes,
    No,
}

/// The base points of a recorded win, from its fu, han and limit.
fn base_points(w: &RecordedWin, kiriage: Kiriage) -> i32 {
    match w.limit {
        0 => {
            let han: u32 = w.yaku.iter().map(|y| u32::from(y.han)).sum();
            let base = i32::try_from(w.fu).unwrap_or(0) << (2 + han).min(20);
            match kiriage {
                Kiriage::Yes if base == 1920 => 2000,
                _ => base,
            }
        }
        1 => 2000,
        2 => 3000,
        3 => 4000,
        4 => 6000,
        _ => 8000 * i32::try_from(w.yakuman.len().max(1)).unwrap_or(1),
    }
}

fn setup_of(rs: &RoundStart) -> RoundSetup {
    RoundSetup {
        round_wind: rs.round_wind,
        round_number: rs.round_number,
        dealer: rs.dealer,
        honba: rs.honba,
        sticks: rs.sticks,
        scores: rs.scores,
    }
}

fn label(s: &RoundSetup) -> String {
    format!("{}{}.{}", s.round_wind, s.round_number, s.honba)
}

/// One game's replay state.
struct Replay<'a> {
    file: &'a str,
    rules: FlowRules,
    kiriage: Kiriage,
    first_dealer: Seat,
    /// What the flow says comes next: the first round, or the one after the last outcome.
    expected: Option<Next>,
    setup: RoundSetup,
    /// Scores now: the setup's, minus deposits, plus the outcomes so far.
    current: BySeat<i32>,
    deposits: Seats,
    wins: Vec<&'a RecordedWin>,
    /// Per seat: all discards terminals and honours so far, and none called.
    nagashi_alive: BySeat<bool>,
    tally: &'a mut Tally,
}

impl<'a> Replay<'a> {
    fn mismatch(&mut self, what: String) {
        let msg = format!("{} {}: {what}", self.file, label(&self.setup));
        self.tally.mismatches.push(msg);
    }

    fn round_start(&mut self, rs: &RoundStart) {
        let setup = setup_of(rs);
        match self.expected.take() {
            Some(Next::Round(expected)) => {
                self.tally.transitions += 1;
                if expected != setup {
                    self.mismatch(format!(
                        "next round: computed {expected:?}, recorded {setup:?}"
                    ));
                }
            }
            Some(Next::GameOver(end)) => {
                self.mismatch(format!(
                    "the flow ended the game ({:?}) but the log goes on",
                    end.reason
                ));
            }
            None => self.mismatch("a round start after an unfinished round".to_owned()),
        }
        self.setup = setup;
        self.current = setup.scores;
        self.deposits = Seats::EMPTY;
        self.nagashi_alive = BySeat::from_array([true; 4]);
    }

    fn outcome(
        &mut self,
        outcome: RoundOutcome,
        deltas: BySeat<i32>,
        final_result: Option<&FinalResult>,
    ) {
        let result = RoundResult {
            outcome,
            riichi_deposits: self.deposits,
            deltas,
        };
        let next = match self
            .rules
            .next_round(self.first_dealer, &self.setup, &result)
        {
            Ok(next) => next,
            Err(e) => {
                self.mismatch(format!("flow error {e}"));
                return;
            }
        };
        match (next, final_result) {
            (Next::Round(_), None) => self.expected = Some(next),
            (Next::Round(n), Some(_)) => {
                self.mismatch(format!(
                    "the log ends the game, the flow goes on to {}",
                    label(&n)
                ));
            }
            (Next::GameOver(end), None) => {
                self.mismatch(format!(
                    "the flow ends the game ({:?}), the log goes on",
                    end.reason
                ));
                self.expected = Some(next);
            }
            (Next::GameOver(end), Some(fin)) => {
                self.tally.finals += 1;
                let st = end.standing;
                if st.scores != fin.scores {
                    self.mismatch(format!(
                        "final scores: computed {:?}, recorded {:?} ({:?})",
                        st.scores, fin.scores, end.reason
                    ));
                }
                match st.points {
                    Some(points) => {
                        if points.map(|p| p.0) != fin.points.map(|p| p.0) {
                            self.mismatch(format!(
                                "final points: computed {:?}, recorded {:?}",
                                points.map(|p| p.0),
                                fin.points.map(|p| p.0)
                            ));
                        }
                    }
                    None => self.tally.points_not_known += 1,
                }
                self.expected = None;
            }
        }
    }

    fn flush_wins(&mut self) {
        if self.wins.is_empty() {
            return;
        }
        let wins = std::mem::take(&mut self.wins);
        self.tally.wins += wins.len();
        let dealer = self.setup.dealer;
        let sticks = self.setup.sticks + u32::from(self.deposits.len());
        let honba = self.setup.honba;
        let mut inputs = Vec::new();
        for w in &wins {
            let role = Role::of(w.winner, dealer);
            let base = base_points(w, self.kiriage);
            let value = if w.is_tsumo() {
                WinValue::tsumo_from_base(base, role)
            } else {
                WinValue::ron_from_base(w.from, base, role)
            };
            let value = match value {
                Ok(v) => v,
                Err(e) => {
                    self.mismatch(format!("win of seat {}: {e}", w.winner));
                    return;
                }
            };
            if value.points(role) != i64::from(w.points) {
                self.mismatch(format!(
                    "win of seat {}: value from fu/han/limit {}, recorded {}",
                    w.winner,
                    value.points(role),
                    w.points
                ));
            }
            inputs.push(Win {
                winner: w.winner,
                value,
                pao: w.pao,
            });
        }
        let paid: Vec<(Seat, haifu_rules::flow::Payments)> =
            if wins.len() == 1 && wins[0].is_tsumo() {
                match self
                    .rules
                    .win_payments(dealer, &inputs[0], Bonus { honba, sticks })
                {
                    Ok(p) => vec![(wins[0].winner, p)],
                    Err(e) => return self.mismatch(format!("tsumo: {e}")),
                }
            } else {
                match self.rules.ron_payments(dealer, &inputs, honba, sticks) {
                    Ok(outcome @ RonOutcome::Paid { .. }) => outcome.winners().to_vec(),
                    Ok(RonOutcome::Aborted) => {
                        return self.mismatch("the flow aborts a recorded ron".to_owned());
                    }
                    Err(e) => return self.mismatch(format!("ron: {e}")),
                }
            };
        let mut winners = Seats::EMPTY;
        let mut final_result = None;
        for (i, w) in wins.iter().enumerate() {
            winners = winners.with(w.winner);
            if w.scores != self.current {
                let current = self.current;
                self.mismatch(format!(
                    "scores before the win of seat {}: computed {current:?}, recorded {:?}",
                    w.winner, w.scores
                ));
            }
            // The nearest winner (recorded first) collects the sticks; the honba is recorded on both.
            let recorded_sticks = if i == 0 { sticks } else { 0 };
            if (w.honba, w.sticks) != (honba, recorded_sticks) {
                self.mismatch(format!(
                    "ba of seat {}: computed {honba},{recorded_sticks}, recorded {},{}",
                    w.winner, w.honba, w.sticks
                ));
            }
            match paid.iter().find(|(s, _)| *s == w.winner) {
                Some((_, p)) => {
                    if p.total() != w.deltas {
                        self.mismatch(format!(
                            "deltas of the win of seat {}: computed {:?} ({p:?}), recorded {:?}",
                            w.winner,
                            p.total(),
                            w.deltas
                        ));
                    }
                    if i < paid.len() && paid[i].0 != w.winner {
                        self.mismatch(format!(
                            "winner order: computed {:?}",
                            paid.iter().map(|p| p.0).collect::<Vec<_>>()
                        ));
                    }
                }
                None => self.mismatch(format!(
                    "seat {} wins in the log but not in the flow",
                    w.winner
                )),
            }
            for s in Seat::ALL {
                self.current[s] += w.deltas[s];
            }
            final_result = final_result.or(w.final_result.as_ref());
        }
        // Check the flow on the computed deltas (equal to the recorded ones when the above passed).
        let computed = paid
            .iter()
            .fold(BySeat::from_array([0; 4]), |mut acc, (_, p)| {
                for s in Seat::ALL {
                    acc[s] += p.total()[s];
                }
                acc
            });
        self.outcome(RoundOutcome::Win { winners }, computed, final_result);
    }

    fn draw(&mut self, d: &RecordedDraw) {
        self.tally.draws += 1;
        if d.scores != self.current {
            let current = self.current;
            self.mismatch(format!(
                "scores before the draw: computed {current:?}, recorded {:?}",
                d.scores
            ));
        }
        let sticks = self.setup.sticks + u32::from(self.deposits.len());
        if (d.honba, d.sticks) != (self.setup.honba, sticks) {
            self.mismatch(format!(
                "draw ba: computed {},{sticks}, recorded {},{}",
                self.setup.honba, d.honba, d.sticks
            ));
        }
        let abortive = match d.kind {
            DrawKind::Exhaustive | DrawKind::NagashiMangan => None,
            DrawKind::KyuushuKyuuhai => Some(AbortiveDraw::KyuushuKyuuhai),
            DrawKind::SuufonRenda => Some(AbortiveDraw::SuufonRenda),
            DrawKind::SuuchaRiichi => Some(AbortiveDraw::SuuchaRiichi),
            DrawKind::Suukaikan => Some(AbortiveDraw::Suukaikan),
            DrawKind::Sanchahou => Some(AbortiveDraw::Sanchahou),
        };
        let (outcome, deltas) = match abortive {
            Some(kind) => (RoundOutcome::AbortiveDraw(kind), BySeat::from_array([0; 4])),
            None => {
                let tenpai: Seats = Seat::ALL
                    .into_iter()
                    .filter(|s| d.shown[*s].is_some())
                    .collect();
                let nagashi: Seats = Seat::ALL
                    .into_iter()
                    .filter(|s| self.nagashi_alive[*s])
                    .collect();
                if nagashi.is_empty() == (d.kind == DrawKind::NagashiMangan) {
                    self.mismatch(format!(
                        "nagashi achievers {nagashi:?} at a {:?} draw",
                        d.kind
                    ));
                }
                match self
                    .rules
                    .exhaustive_draw_payments(self.setup.dealer, tenpai, nagashi)
                {
                    Ok(p) => (RoundOutcome::ExhaustiveDraw { tenpai }, p.total()),
                    Err(e) => return self.mismatch(format!("draw: {e}")),
                }
            }
        };
        if deltas != d.deltas {
            self.mismatch(format!(
                "draw deltas ({:?}): computed {deltas:?}, recorded {:?}",
                d.kind, d.deltas
            ));
        }
        for s in Seat::ALL {
            self.current[s] += d.deltas[s];
        }
        self.outcome(outcome, deltas, d.final_result.as_ref());
    }
}

/// Replays a game under each era it may belong to, and keeps the first era that replays
/// without a mismatch (or the first era's mismatches when none does).
fn replay_game(log: &GameLog, file: &str, tally: &mut Tally) {
    let candidates = eras(log, file);
    let several = candidates.len() > 1;
    let mut first = None;
    for era in candidates {
        let mut game = Tally::default();
        replay_game_in(log, file, era, &mut game);
        if game.mismatches.is_empty() {
            if several {
                *tally.undated_eras.entry(format!("{era:?}")).or_default() += 1;
            }
            tally.add(game);
            return;
        }
        first.get_or_insert(game);
    }
    if let Some(game) = first {
        tally.add(game);
    }
}

fn replay_game_in(log: &GameLog, file: &str, era: TenhouEra, tally: &mut Tally) {
    let Some(first) = log.round_starts().first() else {
        tally.mismatches.push(format!("{file}: no round"));
        return;
    };
    let first_dealer = log.header.first_dealer.unwrap_or(Seat::ALL[0]);
    let go_type = log.header.rules.go_type;
    let rules = match FlowRules::tenhou_game(go_type, era, first.scores) {
        Ok(r) => r,
        Err(e) => {
            tally.mismatches.push(format!("{file}: {e}"));
            return;
        }
    };
    let kiriage = if go_type & 0x200 != 0 {
        Kiriage::Yes
    } else {
        Kiriage::No
    };
    tally.games += 1;
    let setup = rules.first_round(first_dealer);
    let mut replay = Replay {
        file,
        rules,
        kiriage,
        first_dealer,
        expected: Some(Next::Round(setup)),
        setup,
        current: setup.scores,
        deposits: Seats::EMPTY,
        wins: Vec::new(),
        nagashi_alive: BySeat::from_array([true; 4]),
        tally,
    };
    for ev in log.events() {
        if !matches!(ev, Event::Win(_)) {
            replay.flush_wins();
        }
        match ev {
            Event::RoundStart(rs) => replay.round_start(rs),
            Event::Riichi {
                seat,
                stage: RiichiStage::DepositTaken,
                scores,
            } => {
                replay.deposits = replay.deposits.with(seat);
                replay.current[seat] -= replay.rules.riichi_deposit;
                let current = replay.current;
                if let Some(scores) = scores
                    && scores != current
                {
                    replay.mismatch(format!(
                        "scores after the deposit of seat {seat}: computed {current:?}, recorded {scores:?}"
                    ));
                }
            }
            Event::Discard { seat, tile, .. } if !tile.kind().is_yaochuu() => {
                replay.nagashi_alive[seat] = false;
            }
            Event::Call { meld, .. } => {
                if let (MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan, Some(from)) =
                    (meld.kind, meld.from)
                {
                    replay.nagashi_alive[from] = false;
                }
            }
            Event::Win(w) => replay.wins.push(w),
            Event::RoundDraw(d) => replay.draw(d),
            _ => {}
        }
    }
    replay.flush_wins();
    if replay.expected.is_some() {
        replay.mismatch("the log has no final result where the flow expects one".to_owned());
    }
}

#[test]
fn every_recorded_outcome_transition_and_final_result_matches() {
    let Some(dir) = tenhou_corpus() else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus directory reads")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    let mut tally = Tally::default();
    let mut log = GameLog::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("a corpus file reads");
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_owned();
        if let Err(e) = haifu_tenhou::read_into(&bytes, &mut log) {
            tally.mismatches.push(format!("{file}: unreadable: {e}"));
            continue;
        }
        if log.header.rules.go_type & 0x010 != 0 {
            tally.sanma += 1;
            continue;
        }
        replay_game(&log, &file, &mut tally);
    }
    eprintln!(
        "flow corpus: {} four-player games ({} sanma skipped; undated games by the era they replay under: {:?}), {} wins, {} draws, {} transitions, {} final results ({} with placement rules not known), {} mismatches",
        tally.games,
        tally.sanma,
        tally.undated_eras,
        tally.wins,
        tally.draws,
        tally.transitions,
        tally.finals,
        tally.points_not_known,
        tally.mismatches.len()
    );
    assert!(tally.games >= 500, "only {} four-player games", tally.games);
    assert!(
        tally.mismatches.is_empty(),
        "{} mismatches:\n{}",
        tally.mismatches.len(),
        tally.mismatches.join("\n")
    );
}
