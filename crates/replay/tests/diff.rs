//! `diff` over the real corpus: a rule set against itself changes nothing, and a one-point
//! change changes exactly the wins the logs themselves say it should (counted from the
//! recorded values, not from haifu's output), and then only the money and flow that follow.

use std::collections::BTreeSet;

use haifu_log::{GameLog, RecordedWin};
use haifu_replay::{Change, Side};
use haifu_ruleset::RuleSpec;
use haifu_tiles::{HanSource, Limit, MeldKind, Yaku};

/// Every four-player game of the corpus, read with its game id (its era).
fn games() -> Vec<(String, GameLog)> {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return Vec::new();
    };
    haifu_testkit::manifest(&dir)
        .into_iter()
        .filter(|e| e.players == 4)
        .map(|e| {
            let bytes = std::fs::read(dir.join(&e.file)).expect("reads");
            let mut log = haifu_tenhou::read(&bytes).expect("parses");
            log.header.game_id = haifu_tenhou::game_id_from_file_name(&e.file).map(str::to_owned);
            (e.file, log)
        })
        .collect()
}

/// The log's own rule set with `overrides` (`kiriage_mangan=true`).
fn against(log: &GameLog, overrides: &str) -> haifu_ruleset::RuleSet {
    let mut rules = haifu::declared_rules(log).expect("declares").rules;
    RuleSpec::parse(&format!("auto,{overrides}"))
        .expect("parses")
        .apply(&mut rules)
        .expect("applies");
    rules
}

fn wins(log: &GameLog) -> impl Iterator<Item = (usize, &RecordedWin)> {
    log.events().enumerate().filter_map(|(i, e)| match e {
        haifu_log::Event::Win(w) => Some((i, w)),
        _ => None,
    })
}

#[test]
fn a_rule_set_against_itself_changes_nothing() {
    for (file, log) in games() {
        let own = haifu::declared_rules(&log).expect("declares").rules;
        let d = haifu_replay::diff(&log, &own, &own);
        assert!(d.changes.is_empty(), "{file}: {:?}", d.changes);
    }
}

#[test]
fn kiriage_changes_exactly_the_wins_recorded_at_base_1920() {
    let (mut expected_total, mut changed_total) = (0, 0);
    for (file, log) in games() {
        // From the record: no limit, fu x 2^(2 + han) = 1920, outside the chip rooms (GO bit
        // 0x200), which already round it up.
        let chips = log.header.rules.go_type & 0x200 != 0;
        let expected: BTreeSet<usize> = wins(&log)
            .filter(|(_, w)| {
                let han: u32 = w.yaku.iter().map(|y| u32::from(y.han)).sum();
                !chips && w.limit == Limit::None && w.fu.is_some_and(|fu| fu << (2 + han) == 1920)
            })
            .map(|(i, _)| i)
            .collect();
        let own = haifu::declared_rules(&log).expect("declares").rules;
        let d = haifu_replay::diff(&log, &own, &against(&log, "kiriage_mangan=true"));
        let mut changed = BTreeSet::new();
        for c in &d.changes {
            match c {
                Change::WinValue { event, a, b, .. } => {
                    assert_eq!(
                        (a.fu, a.han, a.limit, b.fu, b.han),
                        (b.fu, b.han, a.limit, a.fu, a.han),
                        "{file}: only the points may change"
                    );
                    assert!(b.points > a.points, "{file}: kiriage pays more");
                    changed.insert(*event);
                }
                Change::Payments { .. }
                | Change::Scores { .. }
                | Change::Flow { .. }
                | Change::End { .. } => {}
                other => panic!("{file}: {other}"),
            }
        }
        assert_eq!(changed, expected, "{file}");
        expected_total += expected.len();
        changed_total += changed.len();
    }
    assert_eq!(changed_total, expected_total);
    if expected_total > 0 {
        eprintln!("kiriage: {expected_total} wins of base 1920 changed");
    }
}

#[test]
fn no_open_tanyao_invalidates_exactly_the_open_wins_with_tanyao_alone() {
    let mut total = 0;
    for (file, log) in games() {
        // From the record: an open meld, and tanyao the only yaku (dora, ura and red fives
        // are no yaku).
        let expected: BTreeSet<usize> = wins(&log)
            .filter(|(_, w)| {
                let open = w.melds.iter().any(|m| m.kind != MeldKind::Ankan);
                let yaku: Vec<HanSource> = w
                    .yaku
                    .iter()
                    .map(|y| y.source)
                    .filter(|s| matches!(s, HanSource::Yaku(_)))
                    .collect();
                open && yaku == [HanSource::Yaku(Yaku::Tanyao)]
            })
            .map(|(i, _)| i)
            .collect();
        let own = haifu::declared_rules(&log).expect("declares").rules;
        let d = haifu_replay::diff(&log, &own, &against(&log, "open_tanyao=false"));
        let invalid: BTreeSet<usize> = d
            .changes
            .iter()
            .filter_map(|c| match c {
                Change::WinInvalid {
                    event,
                    side: Side::B,
                    ..
                } => Some(*event),
                _ => None,
            })
            .collect();
        assert_eq!(invalid, expected, "{file}");
        total += expected.len();
    }
    if total > 0 {
        eprintln!("open tanyao off: {total} wins invalid");
    }
}

/// The diffs of a few real games under other presets, snapshotted under `snapshots/diff/`
/// (no player names: rounds, rulings and scores only). Each was read before it was accepted:
/// the WRC game loses its red fives (one han less on each such win), starts at 30000 and ends
/// by the hard stop of a game without extension, with WRC's uma and no oka; in the Mahjong
/// Soul games a suuankou tanki is a double yakuman, 64000, which changes who is first.
/// Under `classic`, a kokushi on a discard is the limit, 500, paid 4 × by the discarder
/// (2000 from a 2000 start: the discarder at 0 is not below zero and the game goes on where
/// Tenhou's busting ended it); in a whole game every riichi deposit is refused (fishing has
/// none), so the money is not known from the first such round, and the wins without riichi
/// are worth points × 2^doubles (an open hatsu hand of 30 points: 60, a ron of 240).
#[test]
fn diffs_of_real_games_under_other_presets() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    for (file, preset) in [
        ("2015041416gm-0029-0000-5e89a32a.xml", "wrc2015"),
        ("2010112211gm-00a9-0000-56a320b2.xml", "mahjong-soul"),
        ("2018120719gm-00a9-0000-f41035fe.xml", "mahjong-soul"),
        ("2009100718gm-00e1-0000-470654d3.xml", "classic"),
        ("2015041416gm-0029-0000-5e89a32a.xml", "classic"),
    ] {
        let bytes = std::fs::read(dir.join(file)).expect("reads");
        let mut log = haifu_tenhou::read(&bytes).expect("parses");
        log.header.game_id = haifu_tenhou::game_id_from_file_name(file).map(str::to_owned);
        let own = haifu::declared_rules(&log).expect("declares").rules;
        let other = haifu_ruleset::RuleSet::preset(
            haifu_ruleset::Preset::from_name(preset).expect("a preset"),
        );
        let d = haifu_replay::diff(&log, &own, &other);
        let text: String = d.changes.iter().map(|c| format!("{c}\n")).collect();
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(haifu_testkit::workspace_root().join("snapshots/diff"));
        settings.set_prepend_module_to_snapshot(false);
        // Named by the game's manifest row, never by a real game id.
        let row = 1 + haifu_testkit::manifest(&dir)
            .iter()
            .position(|e| e.file == file)
            .expect("the game is in the manifest");
        settings.set_description(format!(
            "haifu diff (row {row} of ../shared/corpus/tenhou/MANIFEST.tsv) --against {preset}"
        ));
        settings.set_omit_expression(true);
        let name = format!("row-{row:03}-{preset}");
        settings.bind(|| insta::assert_snapshot!(name.as_str(), text));
    }
}
