//! The referee's sheet of every real game, snapshotted under
//! `snapshots/conformance/tenhou/row-NNN.snap`, named by the game's row in the corpus's
//! MANIFEST.tsv (never by a real game id).
//!
//! A sheet holds no player names: round setups, rulings and outcomes only. Review any change
//! with `cargo insta review`; under `CI=true` insta never writes, so an unreviewed change
//! fails. Every failing game is reported, not only the first.

use std::panic::AssertUnwindSafe;

/// Replays `log` under the rule set it declares.
fn replay_declared(log: &haifu_log::GameLog) -> haifu_replay::GameReplay {
    let declared = haifu::declared_rules(log).expect("the log declares a rule set");
    haifu_replay::replay(log, &declared.rules)
}

#[test]
fn every_real_game_has_its_reviewed_sheet() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let snapshots = haifu_testkit::workspace_root().join("snapshots/conformance/tenhou");
    let mut failed = Vec::new();
    let mut names = Vec::new();
    for (row, entry) in (1..).zip(haifu_testkit::manifest(&dir)) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        let mut log = haifu_tenhou::read(&bytes).expect("corpus file parses");
        log.header.game_id = haifu_tenhou::game_id_from_file_name(&entry.file).map(str::to_owned);
        let sheet = haifu_replay::render(&replay_declared(&log), None);
        let name = format!("row-{row:03}");
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(&snapshots);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_description(format!(
            "the referee's sheet of row {row} of ../shared/corpus/tenhou/MANIFEST.tsv"
        ));
        settings.set_omit_expression(true);
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(name.as_str(), sheet));
        }));
        if result.is_err() {
            failed.push(entry.file.clone());
        }
        names.push(format!("{name}.snap"));
    }
    // A snapshot whose game is gone must go too.
    let mut orphans: Vec<String> = std::fs::read_dir(&snapshots)
        .map(|rd| {
            rd.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    orphans.retain(|f| f.ends_with(".snap") && !names.contains(f));
    assert!(orphans.is_empty(), "snapshots without a game: {orphans:?}");
    assert!(
        failed.is_empty(),
        "{} sheets changed (review with cargo insta review): {failed:?}",
        failed.len()
    );
}

/// Each divergence is shown once, under its own round, even where the log labels two rounds
/// alike: the kaze4 scenario's E1.0 block written twice, the first with a payment of 1100
/// where the pinfu ron pays 1000. The sheet shows the payment once, under the first E1.0.
#[test]
fn a_divergence_is_shown_once_under_its_own_round() {
    let text = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/abortive/kaze4.haifu"),
    )
    .expect("reads");
    let start = text.find("round E1.0").expect("E1.0");
    let end = text.find("round E2.0").expect("E2.0");
    let block = &text[start..end];
    let slipped = block.replacen("deltas 0 +1000 -1000 0", "deltas 0 +1100 -1100 0", 1);
    let twice = format!("{}{slipped}{block}{}", &text[..start], &text[end..]);
    let log = haifu_notation::read(&twice).expect("reads");
    let replay = replay_declared(&log);
    let sheet = haifu_replay::render(&replay, None);
    let shown = sheet
        .lines()
        .filter(|l| l.contains("payment_mismatch: score changes of the win"))
        .count();
    assert_eq!(shown, 1, "{sheet}");
    let first = sheet.find("payment_mismatch").expect("shown");
    let second_round = sheet
        .match_indices("E1.0 dealer A")
        .nth(1)
        .expect("two E1.0")
        .0;
    assert!(first < second_round, "{sheet}");
}

/// A sheet shows a red five only where the rules replayed have one: the no-aka scenario with
/// its last round's dora indicator made copy 0 of 5s (`5'0s`) shows it as `5s`; the same
/// record in an aka lobby shows it as `0s`, the red five.
#[test]
fn a_sheet_shows_no_red_five_in_a_game_without_them() {
    let path = haifu_testkit::workspace_root().join("corpus/scenarios/yaku/no-aka-copy-zero.haifu");
    let text = std::fs::read_to_string(path).expect("reads");
    let round = "round S4.0 dealer D sticks 0 dice 3 4 dora 9m";
    assert!(text.contains(round));
    let no_aka = text.replace(round, "round S4.0 dealer D sticks 0 dice 3 4 dora 5'0s");
    let aka = no_aka.replace(
        "rules tenhou 4p hanchan no-aka",
        "rules tenhou 4p hanchan aka",
    );
    assert_ne!(aka, no_aka);
    for (text, shown) in [(&no_aka, "dora indicator 5s"), (&aka, "dora indicator 0s")] {
        let log = haifu_notation::read(text).expect("reads");
        let sheet = haifu_replay::render(&replay_declared(&log), None);
        let s4 = sheet
            .lines()
            .find(|l| l.starts_with("S4.0 "))
            .expect("the sheet has S4.0");
        assert!(s4.ends_with(shown), "{s4}");
    }
}
