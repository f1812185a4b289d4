//! The real Riichi City records of the shared corpus, read in place: their counts against
//! MANIFEST.tsv, each replayed by the referee with every draw and indicator checked against
//! its hand's committed wall, and tampered copies (in memory) refused or diverging.
//!
//! No record is named here: rows are told apart by what MANIFEST.tsv says of them (room,
//! start score, counts), never by file name, game id or player.

use std::path::Path;

use haifu::declared_rules;
use haifu_log::{Event, GameLog, ParseErrorKind};
use haifu_replay::{DivergenceKind, Status, verify};
use haifu_ruleset::{RuleSet, RuleSpec, SpecBase};

/// One MANIFEST.tsv row.
struct Row {
    file: String,
    players: usize,
    game_play: u32,
    init_points: i32,
    hands: usize,
    wins: usize,
    draws: usize,
    other_ends: usize,
}

fn manifest(dir: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv reads");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("MANIFEST.tsv has no {name} column"))
    };
    let cols = [
        col("file"),
        col("players"),
        col("game_play"),
        col("init_points"),
        col("hands"),
        col("wins"),
        col("exhaustive_draws"),
        col("other_ends"),
    ];
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let num = |i: usize| cells[cols[i]].parse::<usize>().expect("a count");
            Row {
                file: cells[cols[0]].to_owned(),
                players: num(1),
                game_play: u32::try_from(num(2)).expect("a room type"),
                init_points: i32::try_from(num(3)).expect("a start score"),
                hands: num(4),
                wins: num(5),
                draws: num(6),
                other_ends: num(7),
            }
        })
        .collect()
}

fn read(path: &Path) -> GameLog {
    let bytes = std::fs::read(path).expect("the record reads");
    let mut log = GameLog::new();
    haifu_riichicity::read(&bytes, &mut log).unwrap_or_else(|e| panic!("row {e}"));
    log
}

/// A rule set named as `--rules` names it.
fn named(text: &str) -> RuleSet {
    let spec = RuleSpec::parse(text).expect("a rule set");
    let SpecBase::Preset(preset) = spec.base else {
        panic!("{text}: a preset");
    };
    let mut rules = RuleSet::preset(preset);
    spec.apply(&mut rules).expect("the overrides apply");
    rules
}

/// The tournament games' rules as their own records show them (the record declares none):
/// a 50000 start, 4 han 30 fu and 3 han 60 fu paid as mangan (kiriage), and no agari-yame or
/// tenpai-yame (their all-last dealers win or are tenpai at the top and the game goes on).
const TOURNAMENT: &str =
    "riichi-city-sanma,start_score=50000,kiriage_mangan=true,agari_yame=false,tenpai_yame=false";

/// The rules a row is replayed under: a ranked game's own; a tournament's as its records
/// show; a friend game's the three-player preset at its start score.
fn rules_of(row: &Row, log: &GameLog) -> RuleSet {
    match row.game_play {
        1001 => {
            declared_rules(log)
                .unwrap_or_else(|e| panic!("a ranked game declares its rules: {e}"))
                .rules
        }
        1002 => named(TOURNAMENT),
        _ => named(&format!(
            "riichi-city-sanma,start_score={}",
            row.init_points
        )),
    }
}

#[test]
fn every_record_reads_with_the_manifest_counts() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    let rows = manifest(&dir);
    assert_eq!(rows.len(), 14, "the corpus holds 14 records");
    let (mut hands, mut wins, mut draws) = (0, 0, 0);
    for (i, row) in rows.iter().enumerate() {
        let log = read(&dir.join(&row.file));
        let name = format!("row {}", i + 1);
        assert_eq!(log.round_starts().len(), row.hands, "{name}: hands");
        assert_eq!(log.wins().len(), row.wins, "{name}: wins");
        assert_eq!(log.draws().len(), row.draws, "{name}: draws");
        assert_eq!(log.header.format, "riichicity");
        assert_eq!(
            log.header.game_id.as_deref(),
            Some(row.file.trim_end_matches(".json")),
            "{name}: the game id is the record's keyValue"
        );
        assert_eq!(
            log.header
                .players
                .as_array()
                .iter()
                .filter(|p| !p.name.is_empty())
                .count(),
            row.players,
            "{name}: players"
        );
        assert!(
            log.round_starts().iter().all(|r| r.wall.is_some()),
            "{name}: every hand states its wall"
        );
        // A game dissolved in its hand (end type 8) leaves it open, without a final result;
        // every other game's end is recorded.
        assert_eq!(
            log.final_result().is_none(),
            row.other_ends == 1,
            "{name}: the final result"
        );
        hands += row.hands;
        wins += row.wins;
        draws += row.draws;
    }
    assert_eq!((hands, wins, draws), (99, 85, 10));
}

#[test]
fn the_rules_each_room_declares() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    let mut switches = Vec::new();
    for (i, row) in manifest(&dir).iter().enumerate() {
        let log = read(&dir.join(&row.file));
        let declared = &log.header.declared;
        match row.game_play {
            1001 => {
                let preset = if row.players == 3 {
                    "riichi-city-sanma"
                } else {
                    "riichi-city"
                };
                let haifu_ruleset::Declared::Rules { rules, .. } = declared else {
                    panic!("row {}: {declared:?}", i + 1);
                };
                let spec = rules.spec();
                assert!(spec.starts_with(preset), "row {}: {spec}", i + 1);
            }
            _ => {
                let haifu_ruleset::Declared::Undeclared { why, .. } = declared else {
                    panic!("row {}: {declared:?}", i + 1);
                };
                assert!(why.contains("Riichi City"), "row {}: {why}", i + 1);
                let err = declared_rules(&log).expect_err("undeclared").to_string();
                assert!(
                    err.contains("auto:riichi-city-sanma"),
                    "row {}: {err}",
                    i + 1
                );
                for switch in ["isGeMu", "isKaiLiZhi", "isShaoJi", "isLuck"] {
                    if why.contains(switch) {
                        switches.push(switch);
                    }
                }
            }
        }
    }
    // One friend game plays wareme, one chips: each named as the switch without a rule point.
    switches.sort_unstable();
    assert_eq!(switches, ["isGeMu", "isLuck"]);
}

#[test]
fn every_record_conforms_with_every_draw_checked_against_its_wall() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    let (mut conforming, mut rounds, mut checked_draws) = (0, 0, 0);
    for (i, row) in manifest(&dir).iter().enumerate() {
        let log = read(&dir.join(&row.file));
        let name = format!("row {}", i + 1);
        let verdict = verify(&log, &rules_of(row, &log));
        let shown: Vec<String> = verdict
            .divergences
            .iter()
            .map(|d| format!("{d:?}"))
            .collect();
        assert_eq!(verdict.status(), Status::Conforming, "{name}: {shown:#?}");
        conforming += 1;
        rounds += row.hands;
        assert_eq!(verdict.checked.walls, row.hands, "{name}: walls");
        // A whole wall states every draw, the dealer's first included.
        let draws = log
            .events()
            .filter(|e| matches!(e, Event::DrawTile { .. }))
            .count();
        assert_eq!(verdict.checked.wall_draws, draws, "{name}: draws checked");
        assert!(verdict.checked.indicators > 0, "{name}: indicators checked");
        checked_draws += draws;
    }
    assert_eq!((conforming, rounds), (14, 99));
    assert!(checked_draws > 3000);
}

/// The record's game object, inside an API reply or not.
fn game(doc: &mut serde_json::Value) -> &mut serde_json::Value {
    if doc.get("handRecord").is_some() {
        doc
    } else {
        &mut doc["data"]
    }
}

#[test]
fn a_broken_commitment_is_a_located_error() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    for (i, row) in manifest(&dir).iter().enumerate() {
        let text = std::fs::read_to_string(dir.join(&row.file)).expect("the record reads");
        let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        // Swap two different tiles of the live wall in the committed text of the first hand.
        let hand = &mut game(&mut doc)["handRecord"][0];
        let encode = hand["handCardEncode"].as_str().expect("a wall").to_owned();
        let first = if row.players == 4 { 53 } else { 40 };
        let mut tiles: Vec<&str> = (0..encode.len() / 2)
            .map(|k| &encode[2 * k..2 * k + 2])
            .collect();
        let other = (first + 1..tiles.len())
            .find(|k| tiles[*k] != tiles[first])
            .expect("another tile");
        tiles.swap(first, other);
        hand["handCardEncode"] = tiles.concat().into();
        let tampered = serde_json::to_string_pretty(&doc).expect("JSON");
        let mut log = GameLog::new();
        let err = haifu_riichicity::read(tampered.as_bytes(), &mut log)
            .expect_err("a wall that is not its commitment");
        let ParseErrorKind::Element { path, detail } = &err.kind else {
            panic!("row {}: {err}", i + 1);
        };
        assert!(
            path.ends_with("handRecord[0].handCardsSHA256"),
            "row {}: {path}",
            i + 1
        );
        assert!(detail.contains("commitment"), "{detail}");
    }
}

/// Swaps places `a` and `b` of the first hand's wall (both after the deal) in
/// `handCardEncode` and `paiShan` alike, and commits to the new wall: its SHA-256 in the hand
/// and in each deal copy. With `paishan_too` false, `paiShan` is left as it was.
fn swap_and_recommit(
    doc: &mut serde_json::Value,
    players: usize,
    a: usize,
    b: usize,
    paishan_too: bool,
) {
    use sha2::{Digest, Sha256};
    let dealt = 13 * players + 1;
    let hand = &mut game(doc)["handRecord"][0];
    let encode = hand["handCardEncode"].as_str().expect("a wall").to_owned();
    let mut tiles: Vec<&str> = (0..encode.len() / 2)
        .map(|k| &encode[2 * k..2 * k + 2])
        .collect();
    assert_ne!(tiles[a], tiles[b], "two different tiles");
    tiles.swap(a, b);
    let changed = tiles.concat();
    let hex: String = Sha256::digest(changed.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect();
    hand["handCardEncode"] = changed.into();
    hand["handCardsSHA256"] = hex.clone().into();
    if paishan_too {
        let paishan = hand["paiShan"].as_array_mut().expect("paiShan");
        paishan.swap(a - dealt, b - dealt);
    }
    for ev in hand["handEventRecord"].as_array_mut().expect("events") {
        if ev["eventType"] == 1 {
            let data = ev["data"].as_str().expect("data").to_owned();
            let mut d: serde_json::Value = serde_json::from_str(&data).expect("JSON");
            d["hand_cards_sha_256"] = hex.clone().into();
            ev["data"] = d.to_string().into();
        }
    }
}

/// Two live places after the dealer's first draw holding different tiles.
fn two_places(doc: &mut serde_json::Value, players: usize) -> (usize, usize) {
    let first = 13 * players + 1;
    let hand = &game(doc)["handRecord"][0];
    let encode = hand["handCardEncode"].as_str().expect("a wall");
    let b = (first + 1..first + 20)
        .find(|k| encode[2 * k..2 * k + 2] != encode[2 * first..2 * first + 2])
        .expect("another tile");
    (first, b)
}

#[test]
fn a_wall_and_commitment_changed_together_still_disagree_with_paishan() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    for row in manifest(&dir) {
        let text = std::fs::read_to_string(dir.join(&row.file)).expect("the record reads");
        let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let (a, b) = two_places(&mut doc, row.players);
        swap_and_recommit(&mut doc, row.players, a, b, false);
        let tampered = serde_json::to_string(&doc).expect("JSON");
        let mut log = GameLog::new();
        let err = haifu_riichicity::read(tampered.as_bytes(), &mut log)
            .expect_err("paiShan is not the committed wall");
        assert!(err.to_string().contains("paiShan"), "{err}");
    }
}

#[test]
fn a_draw_that_is_not_the_walls_tile_is_a_wall_mismatch() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    // Each record: two live places of the first hand's wall swapped, the commitment and
    // paiShan following, so that the record reads, and the replay says the draws are not the
    // wall's.
    for (i, row) in manifest(&dir).iter().enumerate() {
        let text = std::fs::read_to_string(dir.join(&row.file)).expect("the record reads");
        let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let (a, b) = two_places(&mut doc, row.players);
        swap_and_recommit(&mut doc, row.players, a, b, true);
        let tampered = serde_json::to_string(&doc).expect("JSON");
        let mut log = GameLog::new();
        haifu_riichicity::read(tampered.as_bytes(), &mut log)
            .unwrap_or_else(|e| panic!("row {}: {e}", i + 1));
        let verdict = verify(&log, &rules_of(row, &log));
        assert!(
            verdict
                .divergences
                .iter()
                .any(|d| matches!(d.kind, DivergenceKind::WallMismatch { .. })),
            "row {}: {:#?}",
            i + 1,
            verdict.divergences
        );
    }
}

#[test]
fn the_ranked_records_written_as_tenhou6_read_back_to_the_same_verdict() {
    let Some(dir) = haifu_testkit::shared_corpus("riichicity") else {
        return;
    };
    let mut written = 0;
    for (i, row) in manifest(&dir).iter().enumerate() {
        if row.game_play != 1001 {
            continue;
        }
        let log = read(&dir.join(&row.file));
        let rules = rules_of(row, &log);
        let text =
            haifu_tenhou6::write(&log, &rules).unwrap_or_else(|e| panic!("row {}: {e}", i + 1));
        let mut back = GameLog::new();
        haifu_tenhou6::read(text.as_bytes(), &mut back)
            .unwrap_or_else(|e| panic!("row {}: {e}", i + 1));
        let again = declared_rules(&back).expect("the written record names its rules");
        let verdict = verify(&back, &again.rules);
        assert_eq!(verdict.status(), Status::Conforming, "row {}", i + 1);
        assert_eq!(back.round_starts().len(), row.hands);
        assert_eq!(back.wins().len(), row.wins);
        written += 1;
    }
    assert_eq!(written, 3);
}
