//! The real Mahjong Soul records of the shared corpus, read in place: their counts and final
//! scores against MANIFEST.tsv, and each replayed by the referee with every stated draw
//! checked against its round's wall.

use std::path::Path;

use haifu::declared_rules;
use haifu_log::{Event, GameLog};
use haifu_replay::{Status, verify};

/// One MANIFEST.tsv row: the file, its round, win and draw counts, and its notes.
struct Row {
    file: String,
    rounds: usize,
    wins: usize,
    draws: usize,
    rules: String,
    notes: String,
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
    let (file, rounds, wins, draws, rules, notes) = (
        col("file"),
        col("rounds"),
        col("wins"),
        col("draws"),
        col("rules"),
        col("notes"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let num = |i: usize| cells[i].parse::<usize>().expect("a count");
            Row {
                file: cells[file].to_owned(),
                rounds: num(rounds),
                wins: num(wins),
                draws: num(draws),
                rules: cells[rules].to_owned(),
                notes: cells[notes].to_owned(),
            }
        })
        .collect()
}

/// The final scores the notes state: `final=[a, b, c, d]`.
fn final_scores(notes: &str) -> Vec<i32> {
    let start = notes
        .find("final=[")
        .expect("the notes state the final scores")
        + 7;
    let end = start + notes[start..].find(']').expect("a closing bracket");
    notes[start..end]
        .split(',')
        .map(|s| s.trim().parse().expect("a score"))
        .collect()
}

fn read(path: &Path) -> GameLog {
    let bytes = std::fs::read(path).expect("the record reads");
    let mut log = GameLog::new();
    haifu_majsoul::read(&bytes, &mut log).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    log
}

#[test]
fn every_record_reads_with_the_manifest_counts() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    let rows = manifest(&dir);
    assert_eq!(rows.len(), 3, "the corpus holds three records");
    for row in &rows {
        let log = read(&dir.join(&row.file));
        let name = &row.file;
        assert_eq!(log.round_starts().len(), row.rounds, "{name}: rounds");
        assert_eq!(log.wins().len(), row.wins, "{name}: wins");
        assert_eq!(log.draws().len(), row.draws, "{name}: draws");
        let end = log.final_result().expect("a final result");
        assert_eq!(
            end.scores.as_array().to_vec(),
            final_scores(&row.notes),
            "{name}: final scores"
        );
        assert_eq!(log.header.format, "majsoul");
        assert_eq!(
            log.header.game_id.as_deref(),
            Some(name.trim_end_matches(".json"))
        );
        assert!(
            log.round_starts().iter().all(|r| r.wall.is_some()),
            "{name}: every round states its wall"
        );
    }
}

#[test]
fn every_record_conforms_with_every_stated_draw_checked() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    for row in manifest(&dir) {
        let log = read(&dir.join(&row.file));
        let name = &row.file;
        let rules = declared_rules(&log).unwrap_or_else(|e| panic!("{name}: {e}"));
        let verdict = verify(&log, &rules.rules);
        let shown: Vec<String> = verdict
            .divergences
            .iter()
            .map(|d| format!("{d:?}"))
            .collect();
        assert_eq!(
            verdict.status(),
            Status::Conforming,
            "{name} under {}: {shown:#?}",
            rules.rules.spec()
        );
        assert_eq!(verdict.checked.walls, row.rounds, "{name}: walls");
        // A whole wall states every draw; a wall stated from after the deal all but each
        // round's first (the dealer's 14th dealt tile).
        let draws = log
            .events()
            .filter(|e| matches!(e, Event::DrawTile { .. }))
            .count();
        let after_deal = log
            .round_starts()
            .iter()
            .filter(|r| {
                matches!(&r.wall, Some(haifu_log::WallRecord::Known(w)) if w.deal() == haifu_log::Deal::Left)
            })
            .count();
        assert_eq!(
            verdict.checked.wall_draws,
            draws - after_deal,
            "{name}: draws checked"
        );
        assert!(verdict.checked.indicators > 0, "{name}: indicators checked");
    }
}

/// The first round's `paishan` of a record in either layout, to tamper with in memory.
fn first_wall(doc: &mut serde_json::Value) -> &mut serde_json::Map<String, serde_json::Value> {
    let round = if doc.get("records").is_some() {
        doc["records"]
            .as_array_mut()
            .and_then(|r| r.iter_mut().find(|r| r["_type"] == "RecordNewRound"))
    } else {
        doc["data"]["data"]["actions"]
            .as_array_mut()
            .and_then(|a| {
                a.iter_mut()
                    .find(|a| a["result"]["name"] == ".lq.RecordNewRound")
            })
            .map(|a| &mut a["result"]["data"])
    };
    round
        .and_then(serde_json::Value::as_object_mut)
        .expect("a round start")
}

#[test]
fn a_draw_that_is_not_the_walls_tile_is_a_wall_mismatch() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    for row in manifest(&dir) {
        let text = std::fs::read_to_string(dir.join(&row.file)).expect("the record reads");
        let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let round = first_wall(&mut doc);
        // Swap the wall's places of live draws 1 and 2 (two tiles of different kinds), and
        // drop the commitment the swap breaks.
        let paishan = round["paishan"].as_str().expect("a wall").to_owned();
        let whole = paishan.len() == 272;
        let first = if whole { 53 } else { 0 };
        let mut tiles: Vec<&str> = (0..paishan.len() / 2)
            .map(|i| &paishan[2 * i..2 * i + 2])
            .collect();
        assert_ne!(
            tiles[first],
            tiles[first + 1],
            "{}: pick two different tiles",
            row.file
        );
        tiles.swap(first, first + 1);
        round.insert("paishan".to_owned(), tiles.concat().into());
        round.remove("sha256");
        let tampered = serde_json::to_string(&doc).expect("JSON");
        let mut log = GameLog::new();
        haifu_majsoul::read(tampered.as_bytes(), &mut log).expect("the tampered record reads");
        let verdict = verify(&log, &declared_rules(&log).expect("rules").rules);
        assert_eq!(verdict.status(), Status::Divergent, "{}", row.file);
        let walls: Vec<String> = verdict
            .divergences
            .iter()
            .filter_map(|d| match &d.kind {
                haifu_replay::DivergenceKind::WallMismatch { item, .. } => Some(item.to_string()),
                _ => None,
            })
            .take(2)
            .collect();
        assert_eq!(walls, ["live draw #2", "live draw #3"], "{}", row.file);
    }
}

/// The number after `word` in `text` (`init 25000`), if any.
fn number_after(text: &str, word: &str) -> Option<i32> {
    let start = text.find(word)? + word.len();
    let digits: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

#[test]
fn the_declared_rules_are_those_the_manifest_names() {
    use haifu_ruleset::{
        AbortiveRule, DoubleYakuman, FinalPoints, KazoeYakuman, KiriageMangan, MultipleRon,
        NagashiMangan, Preset, RedFives, RuleSet, Uma,
    };
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    for row in manifest(&dir) {
        let log = read(&dir.join(&row.file));
        let rules = declared_rules(&log).expect("rules").rules;
        let (name, said) = (&row.file, row.rules.as_str());
        if said.contains("ranked") {
            // The ranked South rooms play the preset as it is.
            assert!(said.contains("南"), "{name}: {said}");
            assert_eq!(rules, RuleSet::preset(Preset::MahjongSoul), "{name}");
            continue;
        }
        if said.contains("aka 3") || said.contains("aka3") {
            assert_eq!(rules.hand.red_fives, RedFives::OnePerSuit, "{name}");
        }
        if let Some(init) = number_after(said, "init ") {
            assert_eq!(rules.flow.start_score, init, "{name}");
        }
        if said.contains("kiriage") {
            assert_eq!(rules.hand.kiriage_mangan, KiriageMangan::On, "{name}");
        }
        if said.contains("atamahane") {
            assert_eq!(rules.flow.multiple_ron, MultipleRon::HeadBump, "{name}");
        }
        if said.contains("no-abortive-draws") {
            let round = &rules.round;
            for rule in [round.kyuushu_kyuuhai, round.suucha_riichi, round.suukaikan] {
                assert_eq!(rule, AbortiveRule::NotPlayed, "{name}");
            }
            assert_eq!(
                round.suufon_renda,
                haifu_ruleset::FirstDiscards::NotPlayed,
                "{name}"
            );
        }
        if said.contains("no-nagashi") {
            assert_eq!(rules.flow.nagashi, NagashiMangan::NotPlayed, "{name}");
        }
        if said.contains("no-double-yakuman") {
            assert_eq!(rules.hand.double_yakuman, DoubleYakuman::Single, "{name}");
        }
        if said.contains("no-kazoe") {
            assert_eq!(rules.hand.kazoe_yakuman, KazoeYakuman::Sanbaiman, "{name}");
        }
        if let Some(second) = number_after(said, "uma ") {
            // `uma 5/-15/-35 (2nd/3rd/4th)`: first place takes what the others give.
            let rest = &said[said.find("uma ").expect("uma") + 4..];
            let places: Vec<i32> = rest
                .split([' ', ','])
                .next()
                .expect("the uma")
                .split('/')
                .map(|p| p.parse().expect("a number"))
                .collect();
            assert_eq!(places.first(), Some(&second));
            let [b, c, d] = places[..] else {
                panic!("{name}: three places' uma in {said}")
            };
            let FinalPoints::Uma { uma, .. } = rules.flow.final_points else {
                panic!("{name}: no placement points")
            };
            assert_eq!(uma, Uma::Fixed([-(b + c + d), b, c, d]), "{name}");
        }
    }
}

/// The walls state kinds, and the reader gives copies: a changed dealt tile is one
/// divergence, the starting hand, and the draws of that kind after it are not reported for
/// the copies the reader had to give differently.
#[test]
fn a_changed_dealt_tile_is_one_divergence() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    let mut checked = 0;
    for row in manifest(&dir) {
        let name = &row.file;
        let text = std::fs::read_to_string(dir.join(name)).expect("reads");
        // A tile of the first round's deal changed to another kind: the first (hand by hand,
        // tile by tile) whose change the record can still be read with (a tile discarded or
        // called later cannot be changed alone).
        let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let whole = first_wall(&mut doc.clone())["paishan"]
            .as_str()
            .is_some_and(|w| w.len() == 272);
        let change = |hand: usize, i: usize| {
            let mut doc = doc.clone();
            let tiles = first_wall(&mut doc)[&format!("tiles{hand}")].as_array_mut()?;
            let tile = tiles.get_mut(i)?;
            *tile = if *tile == "9m" { "9p" } else { "9m" }.into();
            let mut log = GameLog::new();
            let read = haifu_majsoul::read(serde_json::to_string(&doc).ok()?.as_bytes(), &mut log);
            Some(read.map(|()| log))
        };
        if !whole {
            // The older records state the wall left after the deal: with the deal, every
            // kind's four copies, so a changed dealt tile is a fifth copy.
            let error = change(0, 0)
                .expect("a first hand")
                .expect_err("a fifth copy");
            assert!(
                error.to_string().contains("a fifth copy"),
                "{name}: {error}"
            );
            continue;
        }
        let read = (0..4)
            .flat_map(|hand| (0..14).map(move |i| (hand, i)))
            .filter_map(|(hand, i)| change(hand, i))
            .find(Result::is_ok)
            .unwrap_or_else(|| panic!("{name}: no dealt tile can be changed alone"));
        let log = read.expect("reads");
        let rules = haifu::declared_rules(&log).expect("declared").rules;
        let verdict = haifu_replay::verify(&log, &rules);
        let kinds: Vec<String> = verdict
            .divergences
            .iter()
            .map(|d| d.kind.to_string())
            .collect();
        assert_eq!(kinds.len(), 1, "{name}: {kinds:?}");
        assert!(kinds[0].starts_with("starting hand:"), "{name}: {kinds:?}");
        checked += 1;
    }
    assert!(checked >= 2, "{checked} records with a whole wall");
}

/// Each event is placed at the record (action) it comes from, a round's start at its
/// RecordNewRound: every place is the opening of a JSON object.
#[test]
fn every_event_is_placed_at_its_record() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    for row in manifest(&dir) {
        let name = &row.file;
        let text = std::fs::read_to_string(dir.join(name)).expect("reads");
        let mut log = GameLog::new();
        let mut positions = haifu_log::SourcePositions::default();
        haifu_majsoul::read_with_positions(text.as_bytes(), &mut log, &mut positions)
            .expect("reads");
        positions.place(text.as_bytes());
        let at = positions.events;
        assert_eq!(at.len(), log.len());
        let lines: Vec<&str> = text.lines().collect();
        for (i, place) in at.iter().enumerate() {
            let line = lines[place.line as usize - 1];
            let rest = &line[place.column as usize - 1..];
            assert!(
                rest.starts_with('{'),
                "{name}: event {i} at {place}: {line}"
            );
        }
    }
}

/// Exporters tag each record `_type`; the platform's own records spell it `__type`, and an
/// action's record may carry its name so instead of `name`. Every record of the corpus, its
/// tags rewritten to `__type`, reads to the same game and the same verdict.
#[test]
fn both_tag_spellings_read_alike() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    let mut rewritten = 0;
    for row in manifest(&dir) {
        let path = dir.join(&row.file);
        let text = std::fs::read_to_string(&path).expect("reads");
        let again = if text.contains("\"_type\"") {
            text.replace("\"_type\"", "\"__type\"")
        } else {
            text.replace("\"name\": \".lq.", "\"__type\": \".lq.")
                .replace("\"name\":\".lq.", "\"__type\":\".lq.")
        };
        assert_ne!(again, text, "{}: nothing to rewrite", row.file);
        rewritten += 1;
        let original = read(&path);
        let mut log = GameLog::new();
        haifu_majsoul::read(again.as_bytes(), &mut log)
            .unwrap_or_else(|e| panic!("{} with __type: {e}", row.file));
        assert_eq!(log, original, "{}", row.file);
        let rules = declared_rules(&log).expect("rules").rules;
        assert_eq!(
            verify(&log, &rules),
            verify(&original, &rules),
            "{}",
            row.file
        );
    }
    assert!(rewritten >= 3, "{rewritten} records");
}
