//! A scenario's inline expectations are checked like recorded outcomes. Here they are attached
//! to real games (read in place) programmatically: what the log records is the truth, so a
//! true expectation must pass and a false one must be reported.

use haifu_log::{Event, Expectation, ExpectationKind, FuritenKind, GameLog, NextRound};
use haifu_replay::Status;

/// Verifies `log` under the rule set it declares.
fn verify_declared(log: &haifu_log::GameLog) -> haifu_replay::Verdict {
    let declared = haifu::declared_rules(log).expect("the log declares a rule set");
    haifu_replay::verify(log, &declared.rules)
}

fn first_game() -> Option<GameLog> {
    let dir = haifu_testkit::tenhou_corpus()?;
    let entry = haifu_testkit::manifest(&dir)
        .into_iter()
        .find(|e| e.players == 4 && e.notes.contains("wall-verified(base64)"))?;
    let bytes = std::fs::read(dir.join(&entry.file)).expect("reads");
    Some(haifu_tenhou::read(&bytes).expect("parses"))
}

/// The index of the first win and the win.
fn first_win(log: &GameLog) -> (usize, haifu_log::RecordedWin) {
    log.events()
        .enumerate()
        .find_map(|(i, e)| {
            if let Event::Win(w) = e {
                Some((i, w.clone()))
            } else {
                None
            }
        })
        .expect("a win")
}

fn verdict_with(mut log: GameLog, e: Vec<Expectation>) -> haifu_replay::Verdict {
    log.expectations = e;
    verify_declared(&log)
}

#[test]
fn a_true_win_expectation_passes_and_a_false_one_fails() {
    let Some(log) = first_game() else { return };
    let (at, win) = first_win(&log);
    let expect = |points: i32| Expectation {
        event: at,
        kind: ExpectationKind::Win {
            seat: win.winner,
            fu: win.fu,
            han: None,
            points: Some(points),
            limit: Some(win.limit),
        },
    };
    assert_eq!(
        verdict_with(log.clone(), vec![expect(win.points)]).status(),
        Status::Conforming
    );
    let v = verdict_with(log, vec![expect(win.points + 100)]);
    assert_eq!(v.divergences.len(), 1, "{:?}", v.divergences);
    assert_eq!(v.divergences[0].kind.name(), "expectation_failed");
}

#[test]
fn next_round_and_furiten_expectations() {
    let Some(log) = first_game() else { return };
    let starts: Vec<(usize, haifu_log::RoundStart)> = log
        .events()
        .enumerate()
        .filter_map(|(i, e)| {
            if let Event::RoundStart(s) = e {
                Some((i, s.clone()))
            } else {
                None
            }
        })
        .collect();
    let (second_at, second) = starts[1].clone();
    let next = |number: u8| Expectation {
        event: second_at,
        kind: ExpectationKind::Next(NextRound::Round {
            wind: second.round_wind,
            number,
            honba: second.honba,
            dealer: Some(second.dealer),
            sticks: Some(second.sticks),
        }),
    };
    assert_eq!(
        verdict_with(log.clone(), vec![next(second.round_number)]).status(),
        Status::Conforming
    );
    assert_eq!(
        verdict_with(log.clone(), vec![next(second.round_number % 4 + 1)]).status(),
        Status::Divergent
    );
    // Before the first draw nobody has discarded: nobody is furiten.
    let nobody = |reason| Expectation {
        event: starts[0].0 + 1,
        kind: ExpectationKind::Furiten {
            seat: second.dealer,
            reason,
        },
    };
    assert_eq!(
        verdict_with(log.clone(), vec![nobody(None)]).status(),
        Status::Conforming
    );
    assert_eq!(
        verdict_with(log, vec![nobody(Some(FuritenKind::OwnDiscard))]).status(),
        Status::Divergent
    );
}

#[test]
fn an_expected_illegal_action_is_not_a_divergence_and_a_legal_one_fails_it() {
    let Some(log) = first_game() else { return };
    // The first draw is legal: expecting it to be illegal fails.
    let first_draw = log
        .events()
        .position(|e| matches!(e, Event::DrawTile { .. }))
        .expect("a draw");
    let illegal = |event| Expectation {
        event,
        kind: ExpectationKind::Illegal {
            refusal: None,
            reason: None,
        },
    };
    let v = verdict_with(log.clone(), vec![illegal(first_draw + 1)]);
    assert_eq!(
        v.divergences
            .iter()
            .map(|d| d.kind.name())
            .collect::<Vec<_>>(),
        vec!["expectation_failed"]
    );
    // Two draws in a row by the dealer is illegal: expected, it is not a divergence.
    let mut broken = GameLog::new();
    broken.header = log.header.clone();
    for (i, e) in log.events().enumerate() {
        match e {
            Event::RoundStart(s) => broken.push_round_start(s.clone()),
            Event::DrawTile { seat, tile } => broken.push_draw_tile(seat, tile),
            _ => break,
        }
        if i == first_draw {
            break;
        }
    }
    let Some(Event::DrawTile { seat, .. }) = broken.last() else {
        panic!("a draw")
    };
    let spare = haifu_tiles::Tile::new(135).expect("a tile");
    broken.push_draw_tile(seat, spare);
    let at = broken.len();
    let v = verdict_with(broken.clone(), vec![illegal(at)]);
    assert!(
        v.divergences
            .iter()
            .all(|d| d.kind.name() != "illegal_action"),
        "{:?}",
        v.divergences
    );
    let v = verdict_with(broken, vec![]);
    assert!(
        v.divergences
            .iter()
            .any(|d| d.kind.name() == "illegal_action"),
        "{:?}",
        v.divergences
    );
}
