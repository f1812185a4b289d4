//! Every real Tenhou game of the shared corpus written as mjai, under the rule set it
//! declares, reads back to its verdict: the same rounds, wins and draws, every one ruled,
//! every payment and transition settled, and no divergence. mjai holds no wall, so the walls
//! the mjlog's seed gives are not checked on the mjai side: that alone differs.

use haifu_log::GameLog;
use haifu_replay::{Status, verify};

#[test]
fn every_tenhou_game_written_as_mjai_reads_back_to_its_verdict() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus lists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml" || e == "mjlog"))
        .collect();
    files.sort();
    let mut games = 0;
    for path in files {
        let bytes = std::fs::read(&path).expect("the log reads");
        let Ok(log) = haifu::read(&path.to_string_lossy(), &bytes) else {
            continue;
        };
        let rules = haifu::declared_rules(&log)
            .expect("a Tenhou game declares its rules")
            .rules;
        let before = verify(&log, &rules);
        let text =
            haifu_mjai::write(&log, &rules).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut back = GameLog::new();
        haifu_mjai::read(text.as_bytes(), &mut back)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let after = verify(&back, &rules);
        let shown = path.display();
        assert_eq!(before.status(), Status::Conforming, "{shown}");
        assert_eq!(
            after.status(),
            Status::Conforming,
            "{shown}: {:#?}",
            after.divergences
        );
        assert_eq!(
            (after.rounds, after.wins, after.draws),
            (before.rounds, before.wins, before.draws),
            "{shown}"
        );
        let (a, b) = (&after.checked, &before.checked);
        assert_eq!(
            (
                a.rounds,
                a.actions,
                a.wins,
                a.draws,
                a.settled,
                a.end_recorded
            ),
            (
                b.rounds,
                b.actions,
                b.wins,
                b.draws,
                b.settled,
                b.end_recorded
            ),
            "{shown}"
        );
        assert_eq!(a.walls, 0, "{shown}");
        games += 1;
    }
    assert!(games >= 500, "{games} games");
}
