//! The referee against the real corpus: every game conforms, the four three-player (sanma)
//! games included, and corrupted logs (generated here, never committed) are caught where they
//! were corrupted.

use haifu_log::{Event, GameLog};
use haifu_replay::{DivergenceKind, Shown, Status, WallItem};
use haifu_tiles::Seat;

/// Verifies `log` under the rule set it declares.
fn verify_declared(log: &haifu_log::GameLog) -> haifu_replay::Verdict {
    let declared = haifu::declared_rules(log).expect("the log declares a rule set");
    haifu_replay::verify(log, &declared.rules)
}

#[test]
fn every_real_game_conforms() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut log = GameLog::new();
    let mut problems = Vec::new();
    let (mut conforming, mut sanma) = (0, 0);
    let mut totals = (0, 0, 0);
    let mut engine = haifu_replay::Checked::default();
    let mut settled = 0;
    for entry in haifu_testkit::manifest(&dir) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut log).expect("corpus file parses");
        log.header.game_id = haifu_tenhou::game_id_from_file_name(&entry.file).map(str::to_owned);
        let verdict = verify_declared(&log);
        // Every game has a seed (SHUFFLE, or INIT shuffle before 2009-07): every round's wall
        // is rebuilt and checked, sanma included.
        if verdict.checked.walls != entry.rounds {
            problems.push(format!(
                "{}: {} of {} walls checked",
                entry.file, verdict.checked.walls, entry.rounds
            ));
        }
        totals.0 += verdict.checked.walls;
        totals.1 += verdict.checked.wall_draws;
        totals.2 += verdict.checked.indicators;
        engine.rounds += verdict.checked.rounds;
        engine.actions += verdict.checked.actions;
        engine.wins += verdict.checked.wins;
        engine.draws += verdict.checked.draws;
        settled += usize::from(verdict.checked.settled && verdict.checked.end_recorded);
        match (entry.players, verdict.status()) {
            (4, Status::Conforming) => conforming += 1,
            (3, Status::Conforming) => sanma += 1,
            (_, status) => problems.push(format!(
                "{}: {status:?} {:?}",
                entry.file, verdict.divergences
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every game conforms: an undated one is dated by its form and the precision of its
    // final points (the undated games of 2022 on keep tenths), never by its outcome.
    assert_eq!((conforming, sanma), (512, 4));
    eprintln!(
        "walls {} draws {} indicators {}",
        totals.0, totals.1, totals.2
    );
    assert_eq!(totals.0, 5143, "every round of the corpus");
    eprintln!("engine: {engine:?}");
    // Every round is replayed to its end, sanma's too: every win scored, every draw checked.
    let all = haifu_testkit::manifest(&dir);
    let expected = (
        all.iter().map(|e| e.rounds).sum::<usize>(),
        all.iter().map(|e| e.agari).sum::<usize>(),
        all.iter().map(|e| e.ryuukyoku).sum::<usize>(),
    );
    assert_eq!(
        (engine.rounds, engine.wins, engine.draws),
        expected,
        "{engine:?}"
    );
    assert_eq!(
        settled,
        all.len(),
        "every game has its payments, flow and final result checked"
    );
    assert!(totals.1 > 240_000, "every draw: {}", totals.1);
}

/// Every real game read without its name (renamed, or piped through standard input) has no
/// date: it is dated by its form (its wall seed and GO lobby) and the precision of its final
/// points. It conforms, or its course turns on a rule point the eras its form allows differ on,
/// which the verdict names as not settled: two games whose base64 seed without a lobby dates
/// them to 2010-05..09, across the coming of tenpai-yame in June 2010, end a hand where a
/// dealer's tenpai renchan would have ended the game under the later rules.
#[test]
fn every_real_game_read_without_its_name_conforms_or_names_the_point_it_turns_on() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut log = GameLog::new();
    let (mut conforming, mut not_settled, mut problems) = (0, Vec::new(), Vec::new());
    for entry in haifu_testkit::manifest(&dir) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut log).expect("corpus file parses");
        let verdict = verify_declared(&log);
        let turns_on_tenpai_yame = |d: &haifu_replay::Divergence| {
            let text = d.kind.to_string();
            text.contains("tenpai_yame") && text.contains("not settled")
        };
        match verdict.status() {
            Status::Conforming => conforming += 1,
            _ if verdict.divergences.iter().all(turns_on_tenpai_yame) => {
                not_settled.push(entry.file.clone());
            }
            status => problems.push(format!(
                "{}: {status:?} {:?}",
                entry.file, verdict.divergences
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!((conforming, not_settled.len()), (514, 2), "{not_settled:?}");
}

/// Issue 5: every real game verifies from its haifu text form exactly as from its XML, verdict
/// for verdict (the text written by the notation's writer, read back by its reader).
#[test]
fn every_real_game_verifies_alike_from_text() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let (mut xml_log, mut text_log) = (GameLog::new(), GameLog::new());
    let mut differ = Vec::new();
    let manifest = haifu_testkit::manifest(&dir);
    for entry in &manifest {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut xml_log).expect("corpus file parses");
        let text = haifu_notation::write_with(&xml_log, &mut haifu_tenhou::SeedWalls::new());
        haifu_notation::read_into(&text, &mut text_log).expect("its text reads");
        let (from_xml, from_text) = (verify_declared(&xml_log), verify_declared(&text_log));
        if from_xml != from_text {
            differ.push(format!(
                "{}: XML {:?} / text {:?}",
                entry.file,
                from_xml.status(),
                from_text.status()
            ));
        }
    }
    assert!(manifest.len() >= 500);
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The byte range of the `n`-th occurrence of a tag that starts with `prefix` and is followed
/// by a tile id, e.g. `<T` in `<T52/>`: returns the range of the digits.
fn nth_tile_tag(xml: &[u8], prefix: &[u8], n: usize) -> Option<std::ops::Range<usize>> {
    let mut seen = 0;
    let mut i = 0;
    while let Some(pos) = xml[i..].windows(prefix.len()).position(|w| w == prefix) {
        let start = i + pos + prefix.len();
        let len = xml[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if len > 0 {
            if seen == n {
                return Some(start..start + len);
            }
            seen += 1;
        }
        i = start;
    }
    None
}

/// Reads a changed copy of the corpus file `file` as if saved under the file's own name, so
/// that it declares the same rules (the era comes from the date in the name).
fn read_copy(file: &str, xml: &[u8]) -> GameLog {
    let mut log = haifu_tenhou::read(xml).expect("the changed copy parses");
    log.header.game_id = haifu_tenhou::game_id_from_file_name(file).map(str::to_owned);
    log
}

fn replace(xml: &[u8], range: std::ops::Range<usize>, with: &str) -> Vec<u8> {
    let mut out = xml[..range.start].to_vec();
    out.extend_from_slice(with.as_bytes());
    out.extend_from_slice(&xml[range.end..]);
    out
}

/// A changed draw is a wall mismatch at that draw's round; the rest of the game still checks.
#[test]
fn a_changed_draw_is_caught_at_its_round() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut checked = 0;
    for entry in haifu_testkit::manifest(&dir)
        .iter()
        .filter(|e| e.players == 4 && e.notes.contains("wall-verified(base64)"))
        .take(40)
    {
        let xml = std::fs::read(dir.join(&entry.file)).expect("reads");
        let range = nth_tile_tag(&xml, b"<U", 30).expect("a 31st draw by seat 1");
        let old: u8 = std::str::from_utf8(&xml[range.clone()])
            .unwrap()
            .parse()
            .unwrap();
        let new = (old + 4) % 136; // another kind: never the same physical tile
        let log = read_copy(&entry.file, &replace(&xml, range.clone(), &new.to_string()));
        let verdict = verify_declared(&log);
        assert_eq!(verdict.status(), Status::Divergent, "{}", entry.file);
        let round_of_change = round_at_offset(&log, &xml, range.start);
        let d = &verdict.divergences[0];
        assert!(
            matches!(
                d.kind,
                DivergenceKind::WallMismatch {
                    item: WallItem::LiveDraw(_),
                    ..
                }
            ),
            "{}: {d:?}",
            entry.file
        );
        assert_eq!(
            d.round.map(|r| r.to_string()),
            Some(round_of_change),
            "{}",
            entry.file
        );
        checked += 1;
    }
    assert_eq!(checked, 40);
}

/// A changed new-dora indicator is caught as a dora-indicator mismatch.
#[test]
fn a_changed_dora_indicator_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut checked = 0;
    for entry in haifu_testkit::manifest(&dir).iter().filter(|e| {
        e.players == 4 && e.notes.contains("wall-verified") && e.notes.contains("DORA=")
    }) {
        let xml = std::fs::read(dir.join(&entry.file)).expect("reads");
        let range = nth_tile_tag(&xml, b"<DORA hai=\"", 0).expect("a DORA tag");
        let old: u8 = std::str::from_utf8(&xml[range.clone()])
            .unwrap()
            .parse()
            .unwrap();
        let log = read_copy(
            &entry.file,
            &replace(&xml, range, &((old + 4) % 136).to_string()),
        );
        let verdict = verify_declared(&log);
        assert!(
            verdict.divergences.iter().any(|d| matches!(d.kind, DivergenceKind::WallMismatch { item: WallItem::DoraIndicator(n), .. } if n >= 1)),
            "{}: {:?}",
            entry.file,
            verdict.divergences
        );
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// The label of the round whose INIT precedes byte `offset` of the XML.
fn round_at_offset(log: &GameLog, xml: &[u8], offset: usize) -> String {
    let inits = xml[..offset].windows(5).filter(|w| w == b"<INIT").count();
    let start = log
        .events()
        .filter_map(|e| {
            if let Event::RoundStart(s) = e {
                Some(s)
            } else {
                None
            }
        })
        .nth(inits - 1)
        .unwrap();
    haifu_replay::RoundLabel::of(start).to_string()
}

/// The games of the corpus whose walls and rules are fully checked, with their bytes.
fn four_player_games(dir: &std::path::Path, take: usize) -> Vec<(String, Vec<u8>)> {
    haifu_testkit::manifest(dir)
        .into_iter()
        .filter(|e| e.players == 4 && e.notes.contains("wall-verified(base64)"))
        .take(take)
        .map(|e| {
            let bytes = std::fs::read(dir.join(&e.file)).expect("reads");
            (e.file, bytes)
        })
        .collect()
}

/// The round label and kind of the first divergence.
fn first_divergence(file: &str, xml: &[u8]) -> Option<(String, &'static str, String)> {
    let log = read_copy(file, xml);
    let verdict = verify_declared(&log);
    verdict.divergences.first().map(|d| {
        (
            d.round.map(|r| r.to_string()).unwrap_or_default(),
            d.kind.name(),
            d.kind.to_string(),
        )
    })
}

/// A discard changed to a tile its player does not hold (that round's dora indicator, which
/// no hand holds) is an illegal action at that round.
#[test]
fn a_changed_discard_is_caught_at_its_round() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    for (file, xml) in four_player_games(&dir, 30) {
        let range = nth_tile_tag(&xml, b"<E", 20).expect("a 21st discard by seat 1");
        let init = xml[..range.start]
            .windows(5)
            .rposition(|w| w == b"<INIT")
            .expect("an INIT before");
        let seed = nth_tile_tag(&xml[init..], b"seed=\"", 0).expect("a seed");
        let seed_text = std::str::from_utf8(&xml[init + seed.start..]).unwrap();
        let dora: &str = seed_text
            .split('"')
            .next()
            .unwrap()
            .split(',')
            .nth(5)
            .unwrap();
        let bad = replace(&xml, range.clone(), dora);
        let log = read_copy(&file, &bad);
        let round = round_at_offset(&log, &xml, range.start);
        let found = first_divergence(&file, &bad).expect("caught");
        assert_eq!(
            (found.0.as_str(), found.1),
            (round.as_str(), "illegal_action"),
            "{file}: {}",
            found.2
        );
        assert!(found.2.contains("does not hold"), "{file}: {}", found.2);
    }
}

/// A win's recorded value changed by 100 points is a win mismatch on `points` at that round.
#[test]
fn a_changed_win_value_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    for (file, xml) in four_player_games(&dir, 30) {
        let start = xml.windows(6).position(|w| w == b"<AGARI").expect("a win");
        let ten = nth_tile_tag(&xml[start..], b"ten=\"", 0).expect("ten");
        let after_fu = start + ten.end + 1; // past "fu,"
        let len = xml[after_fu..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let points: u32 = std::str::from_utf8(&xml[after_fu..after_fu + len])
            .unwrap()
            .parse()
            .unwrap();
        let bad = replace(&xml, after_fu..after_fu + len, &(points + 100).to_string());
        let log = read_copy(&file, &bad);
        let round = round_at_offset(&log, &xml, start);
        let found = first_divergence(&file, &bad).expect("caught");
        assert_eq!(
            (found.0.as_str(), found.1),
            (round.as_str(), "win_mismatch"),
            "{file}: {}",
            found.2
        );
        assert!(found.2.starts_with("win points:"), "{file}: {}", found.2);
    }
}

/// An exhaustive draw whose recorded tenpai hands lose one is a draw mismatch on `tenpai`.
#[test]
fn a_changed_tenpai_set_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut checked = 0;
    for (file, xml) in four_player_games(&dir, 200) {
        let Some(start) = xml.windows(14).position(|w| w == b"<RYUUKYOKU ba=") else {
            continue;
        };
        let end = start + xml[start..].iter().position(|b| *b == b'>').unwrap();
        let tag = &xml[start..end];
        if tag.windows(5).any(|w| w == b"type=") {
            continue;
        }
        let Some(hai) = tag
            .windows(4)
            .position(|w| w.starts_with(b"hai") && w[3].is_ascii_digit())
        else {
            continue;
        };
        // Drop the first shown hand: `haiN="…"` plus its leading space.
        let value_end =
            start + hai + tag[hai..].iter().skip(6).position(|b| *b == b'"').unwrap() + 7;
        let bad = [&xml[..start + hai - 1], &xml[value_end..]].concat();
        let log = read_copy(&file, &bad);
        let round = round_at_offset(&log, &xml, start);
        let found = first_divergence(&file, &bad).expect("caught");
        assert_eq!(
            (found.0.as_str(), found.1),
            (round.as_str(), "draw_mismatch"),
            "{file}: {}",
            found.2
        );
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}

/// A win's recorded score change for one seat, moved by 100 points, is a payment mismatch at
/// that round.
#[test]
fn a_changed_score_delta_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    for (file, xml) in four_player_games(&dir, 30) {
        let start = xml.windows(6).position(|w| w == b"<AGARI").expect("a win");
        let sc = nth_tile_tag(&xml[start..], b" sc=\"", 0).expect("sc");
        // The first number after `sc="` is seat 0's score; the second its change.
        let first_end = start + sc.end;
        let delta_start = first_end + 1;
        let len = xml[delta_start..]
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b'-')
            .count();
        let delta: i32 = std::str::from_utf8(&xml[delta_start..delta_start + len])
            .unwrap()
            .parse()
            .unwrap();
        let bad = replace(
            &xml,
            delta_start..delta_start + len,
            &(delta + 1).to_string(),
        );
        let log = read_copy(&file, &bad);
        let round = round_at_offset(&log, &xml, start);
        let found = first_divergence(&file, &bad).expect("caught");
        assert_eq!(
            (found.0.as_str(), found.1),
            (round.as_str(), "payment_mismatch"),
            "{file}: {}",
            found.2
        );
    }
}

/// A starting hand listed in another order still conforms; one with a tile changed (to the
/// round's dora indicator, which no hand holds) is a starting-hand wall mismatch.
#[test]
fn a_changed_starting_hand_is_caught() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut checked = 0;
    for (file, xml) in four_player_games(&dir, 20) {
        let init = xml.windows(5).position(|w| w == b"<INIT").expect("an INIT");
        let attr = |name: &[u8]| {
            let at = init + xml[init..].windows(name.len()).position(|w| w == name)? + name.len();
            let len = xml[at..].iter().position(|&b| b == b'"')?;
            Some(at..at + len)
        };
        let hand = attr(b" hai1=\"").expect("an INIT hai1");
        let seed = attr(b" seed=\"").expect("an INIT seed");
        let text = |r: &std::ops::Range<usize>| std::str::from_utf8(&xml[r.clone()]).unwrap();
        let mut tiles: Vec<&str> = text(&hand).split(',').collect();
        let dora = text(&seed).rsplit(',').next().unwrap();

        tiles.reverse();
        let reversed = replace(&xml, hand.clone(), &tiles.join(","));
        assert_eq!(first_divergence(&file, &reversed), None, "{file}");

        tiles[0] = dora;
        let log = read_copy(&file, &replace(&xml, hand, &tiles.join(",")));
        let verdict = verify_declared(&log);
        assert!(
            verdict.divergences.iter().any(|d| matches!(
                &d.kind,
                DivergenceKind::WallMismatch {
                    item: WallItem::StartingHand,
                    computed: Shown::Dealt { seat: b1, .. },
                    recorded: Shown::Dealt { seat: b2, .. },
                } if *b1 == Seat::ALL[1] && *b2 == Seat::ALL[1]
            )),
            "{file}: {:?}",
            verdict.divergences
        );
        checked += 1;
    }
    assert_eq!(checked, 20);
}
