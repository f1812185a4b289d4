//! Every recorded four-player win of the real Tenhou corpus scores exactly as Tenhou recorded
//! it: fu, points, limit, the yaku list with han (in Tenhou's order, dora entries included)
//! and the yakuman list; and, where no pao is involved, the winner's score change.

mod common;

use haifu_rules::score;

#[test]
fn every_recorded_win_scores_as_recorded() {
    let Some(dir) = common::tenhou_corpus() else {
        return;
    };
    let (games, wins) = common::all_wins(&dir);
    assert!(games >= 500, "only {games} games in the corpus");
    assert!(wins.len() >= 4000, "only {} four-player wins", wins.len());
    let mut failures = Vec::new();
    for case in &wins {
        let rec = &case.recorded;
        let got = match score(&case.rules, &case.win()) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: no score: {e}", case.label));
                continue;
            }
        };
        let got_yaku: Vec<_> = got.recorded_yaku(false).into_iter().collect();
        let want_yaku: Vec<_> = rec.yaku.iter().map(|y| (y.source, y.han)).collect();
        let got_yakuman: Vec<_> = got.yakuman.iter().map(|y| y.yaku).collect();
        let want_yakuman: Vec<_> = rec.yakuman.to_vec();
        let got_line = (Some(u32::from(got.fu)), i64::from(got.points), got.limit);
        let want_line = (rec.fu, i64::from(rec.points), rec.limit);
        if got_line != want_line || got_yaku != want_yaku || got_yakuman != want_yakuman {
            failures.push(format!(
                "{}: got fu/points/limit {got_line:?} yaku {got_yaku:?} yakuman {got_yakuman:?}, \
                 recorded {want_line:?} yaku {want_yaku:?} yakuman {want_yakuman:?}",
                case.label
            ));
            continue;
        }
        if rec.pao.is_none() {
            let delta = i64::from(*rec.deltas.get(rec.winner));
            if delta != i64::from(got.total_received()) {
                failures.push(format!(
                    "{}: the winner receives {} (payments {:?}, sticks {}), recorded delta {delta}",
                    case.label,
                    got.total_received(),
                    got.payments,
                    got.riichi_sticks
                ));
            }
        }
    }
    eprintln!(
        "{} of {} recorded four-player wins reproduced",
        wins.len() - failures.len(),
        wins.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} wins differ:\n{}",
        failures.len(),
        wins.len(),
        failures.join("\n")
    );
}
