//! The real tenhou.net/6 records of the shared corpus, read in place (never copied).
//!
//! - every Tenhou record with an mjlog twin in `corpus/tenhou/` gets the same verdict from
//!   both: status, rounds, wins, draws and the checked counts (not the wall checks: the
//!   format has no wall);
//! - the Mahjong Soul and JPML records conform under their own rules, except for the slips
//!   their README names, each shown as exactly that divergence.

use std::path::Path;

use haifu::declared_rules;
use haifu_log::GameLog;
use haifu_replay::{Status, Verdict, verify};
use haifu_ruleset::RuleSpec;

fn read6(path: &Path) -> GameLog {
    let bytes = std::fs::read(path).expect("the corpus file reads");
    let mut log = GameLog::new();
    haifu_tenhou6::read(&bytes, &mut log).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    log
}

fn verdict_text(v: &Verdict) -> String {
    let mut s = format!(
        "{:?} rounds {} wins {} draws {} checked r{} w{} d{} a{}\n",
        v.status(),
        v.rounds,
        v.wins,
        v.draws,
        v.checked.rounds,
        v.checked.wins,
        v.checked.draws,
        v.checked.actions
    );
    for d in &v.divergences {
        s.push_str(&format!(
            "  {:?} {}\n",
            d.round.map(|r| r.to_string()),
            d.kind
        ));
    }
    s
}

/// The Tenhou records of the tenhou.net/6 corpus that have an mjlog twin in `corpus/tenhou/`,
/// in name order: each record's file name, and the two logs read (tenhou.net/6, mjlog).
fn twins(six: &Path, xml: &Path) -> Vec<(String, GameLog, GameLog)> {
    let mut entries: Vec<_> = std::fs::read_dir(six.join("tenhou"))
        .expect("the folder reads")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    entries
        .into_iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            let id = name
                .strip_prefix("tests_py-resources-mjscore-")?
                .strip_suffix(".json")?;
            let twin = xml.join(format!("{id}.xml"));
            twin.is_file().then(|| {
                let xml_log = haifu_tenhou::read(&std::fs::read(&twin).expect("reads"))
                    .expect("the mjlog reads");
                (name, read6(&path), xml_log)
            })
        })
        .collect()
}

#[test]
fn tenhou_records_match_their_mjlog_twins() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let Some(xml) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut compared = 0;
    let mut failures = Vec::new();
    for (name, six_log, xml_log) in twins(&six, &xml) {
        let six_rules = declared_rules(&six_log).unwrap().rules;
        let xml_rules = declared_rules(&xml_log).unwrap().rules;
        let a = verify(&six_log, &six_rules);
        let b = verify(&xml_log, &xml_rules);
        let (ta, tb) = (verdict_text(&a), verdict_text(&b));
        if ta != tb {
            failures.push(format!("{name}:\n tenhou6: {ta} mjlog:   {tb}"));
        }
        compared += 1;
    }
    assert_eq!(compared, 28, "the tests_py records with mjlog twins");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The manifest's rows: file (with its folder), rounds, draws.
fn manifest(dir: &Path) -> Vec<(String, usize, usize)> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv reads");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let rounds = cols.get(7)?.parse().ok()?;
            let draws = cols.get(9)?.parse().ok()?;
            Some((cols[0].to_owned(), rounds, draws))
        })
        .collect()
}

/// How many red-five codes (51, 52, 53) a tenhou.net/6 record's rounds hold: in the dora and
/// ura lists, the hands, draws and discards, and the calls (a letter among two-digit codes).
fn red_fives_written(record: &serde_json::Value) -> usize {
    let red = |code: u64| (51..=53).contains(&code);
    let mut n = 0;
    for round in record["log"].as_array().into_iter().flatten() {
        for list in round.as_array().into_iter().flatten().skip(2).take(14) {
            for item in list.as_array().into_iter().flatten() {
                match item {
                    serde_json::Value::Number(code) => {
                        n += usize::from(code.as_u64().is_some_and(red));
                    }
                    serde_json::Value::String(call) => {
                        let digits: Vec<u64> = call
                            .chars()
                            .filter_map(|c| c.to_digit(10).map(u64::from))
                            .collect();
                        n += digits
                            .chunks(2)
                            .filter(|p| p.len() == 2 && red(p[0] * 10 + p[1]))
                            .count();
                    }
                    _ => {}
                }
            }
        }
    }
    n
}

/// Mahjong Soul's three-player rules for an East game.
fn sanma_tonpuusen() -> haifu_ruleset::RuleSet {
    let mut rules = haifu_ruleset::RuleSet::preset(haifu_ruleset::Preset::MahjongSoulSanma);
    rules
        .set("length", &RuleSpec::value_of("tonpuusen"))
        .expect("length takes tonpuusen");
    rules
}

fn jpml() -> haifu_ruleset::RuleSet {
    let spec = RuleSpec::parse("jpml").expect("jpml is a preset");
    let haifu_ruleset::SpecBase::Preset(p) = spec.base else {
        panic!("jpml names a preset")
    };
    haifu_ruleset::RuleSet::preset(p)
}

#[test]
fn other_platforms_conform_under_their_own_rules_but_for_their_known_slips() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let rows = manifest(&six);
    let mut seen = 0;
    for (file, rounds, draws) in &rows {
        let log = read6(&six.join(file));
        assert_eq!(log.round_starts().len(), *rounds, "{file}: rounds");
        assert_eq!(log.draws().len(), *draws, "{file}: draws");
        let name = file.rsplit('/').next().unwrap_or(file);
        let rules = match declared_rules(&log) {
            // The JPML transcriptions' title names JPML's official rules (its rule.disp names
            // the tournament): the `jpml` preset.
            Ok(d) if file.starts_with("pro/") => {
                assert_eq!(d.rules, jpml(), "{file}");
                assert!(
                    d.source.contains("日本プロ麻雀連盟公式ルール"),
                    "{}",
                    d.source
                );
                d.rules
            }
            Ok(d) => d.rules,
            // The three-player room's name (`三金の間赤`) says neither East nor South; the
            // manifest says it is an East game (tonpuusen), and its turns end at East 3.
            Err(e) if name.starts_with("ms3p_") => {
                assert!(e.to_string().contains("neither East nor South"), "{e}");
                let spec = RuleSpec::parse("mahjong-soul-sanma,length=\"tonpuusen\"")
                    .expect("a rule spec");
                let haifu_ruleset::SpecBase::Preset(p) = spec.base else {
                    panic!("a preset")
                };
                let mut rules = haifu_ruleset::RuleSet::preset(p);
                for (key, value) in &spec.overrides {
                    rules.set(key, value).expect("the override applies");
                }
                rules
            }
            Err(e) => panic!("{file}: {e}"),
        };
        let v = verify(&log, &rules);
        let kinds: Vec<(String, &str)> = v
            .divergences
            .iter()
            .map(|d| {
                (
                    d.round.map(|r| r.to_string()).unwrap_or_default(),
                    d.kind.name(),
                )
            })
            .collect();
        if name.starts_with("ms3p_") {
            // Three players, under Mahjong Soul's three-player rules: the double ron on a
            // North set aside, the kita listed apart, tsumo loss, every ruling checked.
            assert_eq!(
                v.status(),
                Status::Conforming,
                "{file}: {}",
                verdict_text(&v)
            );
            assert!(v.checked.wins == 6 && v.checked.settled, "{file}");
        } else if name.starts_with("ms_excerpt_") {
            // One round cut from the middle of a game: followed from where it stands.
            assert_eq!(
                v.status(),
                Status::Conforming,
                "{file}: {}",
                verdict_text(&v)
            );
            assert!(!v.checked.start_recorded && v.checked.wins == 1, "{file}");
        } else if name.starts_with("ms_220602-") {
            // README: one round's changes count a riichi stick that was not paid (a ron on
            // the declaration tile); the next round's start is right.
            assert_eq!(kinds, [("E2.1".to_owned(), "payment_mismatch")], "{file}");
        } else if name == "pro_jpml_39th-judan-final_g3.json" {
            // README: one round's start scores are 1000 off for one seat.
            assert_eq!(kinds, [("E2.0".to_owned(), "flow_mismatch")], "{file}");
        } else {
            assert_eq!(
                v.status(),
                Status::Conforming,
                "{file}: {}",
                verdict_text(&v)
            );
            assert!(v.checked.wins > 0 && v.checked.actions > 100, "{file}");
        }
        seen += 1;
    }
    assert_eq!(seen, 8, "the Mahjong Soul and JPML rows of the manifest");
}

#[test]
fn every_tenhou_record_reads() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let mut n = 0;
    for entry in std::fs::read_dir(six.join("tenhou")).expect("the folder reads") {
        let path = entry.expect("an entry").path();
        let log = read6(&path);
        assert!(!log.round_starts().is_empty(), "{}", path.display());
        n += 1;
    }
    assert_eq!(n, 46);
}

/// Every real Tenhou game written as tenhou.net/6 and read back gets the verdict of its
/// mjlog: status, rounds, wins, draws and each divergence (the wall checks aside).
#[test]
fn every_tenhou_game_written_as_tenhou6_reads_back_to_the_same_verdict() {
    let Some(xml) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut failures = Vec::new();
    let mut games = 0;
    let mut six_log = GameLog::new();
    for entry in haifu_testkit::manifest(&xml) {
        let bytes = std::fs::read(xml.join(&entry.file)).expect("the corpus file reads");
        let mut xml_log = haifu_tenhou::read(&bytes).expect("the mjlog reads");
        xml_log.header.game_id =
            haifu_tenhou::game_id_from_file_name(&entry.file).map(str::to_owned);
        let rules = declared_rules(&xml_log).expect("Tenhou rules").rules;
        let text = haifu_tenhou6::write(&xml_log, &rules).expect("the game writes");
        if let Err(e) = haifu_tenhou6::read(text.as_bytes(), &mut six_log) {
            failures.push(format!(
                "{}: the written record does not read: {e}",
                entry.file
            ));
            continue;
        }
        let six_rules = declared_rules(&six_log).expect("Tenhou rules").rules;
        let (a, b) = (verify(&xml_log, &rules), verify(&six_log, &six_rules));
        let (ta, tb) = (verdict_text(&a), verdict_text(&b));
        if ta != tb {
            failures.push(format!("{}:\n mjlog:   {ta} tenhou6: {tb}", entry.file));
        }
        games += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {games}:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(games, 516);
}

/// Every tenhou.net/6 record of the corpus written again by haifu reads back to the same
/// verdict (under its own rules, or JPML's for the transcriptions that declare none).
#[test]
fn every_tenhou6_record_written_again_reads_back_to_the_same_verdict() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let mut n = 0;
    for sub in ["tenhou", "majsoul", "pro"] {
        for entry in std::fs::read_dir(six.join(sub)).expect("the folder reads") {
            let path = entry.expect("an entry").path();
            let log = read6(&path);
            // The three-player room whose name says no length: its manifest's East game.
            let rules = declared_rules(&log).map_or_else(|_| sanma_tonpuusen(), |d| d.rules);
            let text = haifu_tenhou6::write(&log, &rules).expect("the record writes");
            let mut back = GameLog::new();
            haifu_tenhou6::read(text.as_bytes(), &mut back)
                .unwrap_or_else(|e| panic!("{}: written again: {e}", path.display()));
            let again = declared_rules(&back)
                .expect("the rule set rides along")
                .rules;
            assert_eq!(again, rules, "{}", path.display());
            // No red five where the game has none.
            let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            if rules.hand.red_fives == haifu_ruleset::RedFives::None {
                assert_eq!(json["rule"]["aka"], 0, "{}", path.display());
                assert_eq!(red_fives_written(&json), 0, "{}", path.display());
            }
            assert_eq!(
                verdict_text(&verify(&log, &rules)),
                verdict_text(&verify(&back, &again)),
                "{}",
                path.display()
            );
            n += 1;
        }
    }
    assert_eq!(n, 54);
}

/// The one-round excerpts of Tenhou games (review tools cut them from games) are followed
/// from where they stand: every one of them conforms, its start not recorded.
#[test]
fn excerpts_that_start_mid_game_conform() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let mut excerpts = 0;
    for entry in std::fs::read_dir(six.join("tenhou")).expect("the folder reads") {
        let path = entry.expect("an entry").path();
        let log = read6(&path);
        let rules = declared_rules(&log).expect("Tenhou rules").rules;
        let v = verify(&log, &rules);
        if v.checked.settled && !v.checked.start_recorded {
            assert_eq!(v.status(), Status::Conforming, "{}", path.display());
            excerpts += 1;
        }
    }
    assert_eq!(excerpts, 10, "the t6-samples excerpts that start mid-game");
}

/// Where `rule.disp` names nothing haifu knows (another converter wrote its own, or none), the
/// title lines that name the lobby declare the rules: every Tenhou sample of the corpus, its
/// lobby moved from `rule.disp` into the title, declares the same rule set.
#[test]
fn the_title_declares_what_a_foreign_disp_does_not() {
    let Some(dir) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let mut moved = 0;
    for entry in std::fs::read_dir(dir.join("tenhou"))
        .expect("lists")
        .flatten()
    {
        let path = entry.path();
        let text = std::fs::read_to_string(&path).expect("reads");
        let Ok(mut json) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let Some(lobby) = json["rule"]["disp"].as_str().map(str::to_owned) else {
            continue;
        };
        if lobby.is_empty() {
            continue;
        }
        // The lobby into the title's first line, a converter's note into disp.
        json["rule"]["disp"] = "converted by another tool".into();
        json["title"] = serde_json::json!([lobby, ""]);
        let again = json.to_string();
        let mut original = haifu_log::GameLog::new();
        let mut moved_log = haifu_log::GameLog::new();
        haifu_tenhou6::read(text.as_bytes(), &mut original).expect("reads");
        haifu_tenhou6::read(again.as_bytes(), &mut moved_log)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            declared_rules(&moved_log).map(|d| d.rules),
            declared_rules(&original).map(|d| d.rules),
            "{}",
            path.display()
        );
        moved += 1;
    }
    assert!(moved >= 5, "{moved} samples");
}

/// A round that ends in a draw and lists a second dora indicator though no kan was made: the
/// indicator no kan makes due is one divergence of that round (`draw dora indicators`), not
/// passed over. Each Tenhou record's first such round (no call or kan string in it) gets a
/// second indicator of a kind the round shows least, written in memory.
#[test]
fn an_indicator_no_kan_makes_due_is_reported_in_a_drawn_round() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(six.join("tenhou"))
        .expect("the folder reads")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).expect("reads");
        // A record of one round a line is left out.
        let Ok(mut record) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let rounds = record["log"].as_array().cloned().unwrap_or_default();
        let Some(at) = rounds.iter().position(|round| {
            let items = round.as_array().cloned().unwrap_or_default();
            let drawn = items
                .last()
                .and_then(|r| r[0].as_str())
                .is_some_and(|word| word != "和了");
            // No call, kan or kita string in the takes and discards (a riichi's `r` is one).
            let calls = items.iter().skip(4).take(12).any(|list| {
                list.as_array().into_iter().flatten().any(|item| {
                    item.as_str()
                        .is_some_and(|s| s.chars().any(|c| "cpmkaf".contains(c)))
                })
            });
            drawn && !calls && items[2].as_array().is_some_and(|d| d.len() == 1)
        }) else {
            continue;
        };
        // The plain tile kind the round shows least (codes 11..47, fives as 15/25/35).
        let mut seen = std::collections::BTreeMap::<u64, usize>::new();
        for list in rounds[at].as_array().into_iter().flatten().skip(2).take(14) {
            for item in list.as_array().into_iter().flatten() {
                if let Some(code) = item.as_u64() {
                    let code = match code {
                        51..=53 => (code - 50) * 10 + 5,
                        c => c,
                    };
                    *seen.entry(code).or_default() += 1;
                }
            }
        }
        let extra = (11..=47u64)
            .filter(|c| c % 10 != 0 && !(*c > 40 && c % 10 > 7))
            .min_by_key(|c| seen.get(c).copied().unwrap_or(0))
            .expect("a kind");
        record["log"][at][2]
            .as_array_mut()
            .expect("the dora list")
            .push(extra.into());
        let mut log = GameLog::new();
        haifu_tenhou6::read(record.to_string().as_bytes(), &mut log)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let rules = declared_rules(&log).expect("Tenhou rules").rules;
        let v = verify(&log, &rules);
        let kinds: Vec<String> = v
            .divergences
            .iter()
            .map(|d| format!("{} {}", d.kind.name(), d.kind))
            .collect();
        assert_eq!(kinds.len(), 1, "{}: {kinds:?}", path.display());
        assert!(
            kinds[0].starts_with("draw_mismatch draw dora indicators: the engine has "),
            "{}: {kinds:?}",
            path.display()
        );
        checked += 1;
    }
    assert!(
        checked >= 3,
        "{checked} records with a drawn round without calls"
    );
}

/// A change as a string, without the event indices (the formats number their events apart:
/// mjlog records deposits and kan dora as events of their own).
fn change_text(change: &haifu_replay::Change) -> String {
    let text = format!("{change:?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("event: ") {
        out.push_str(&rest[..at]);
        rest = rest[at + "event: ".len()..].trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

/// The same game diffs identically from mjlog and from tenhou.net/6, against every preset:
/// the log's kan dora moments are its own rule set's timing, and under B the engine reveals
/// each indicator when B makes it due, whatever the format records.
#[test]
fn mjlog_and_tenhou6_twins_diff_identically_against_every_preset() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let Some(xml) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let mut compared = 0;
    let mut failures = Vec::new();
    for (name, six_log, xml_log) in twins(&six, &xml) {
        let six_rules = declared_rules(&six_log).unwrap().rules;
        let xml_rules = declared_rules(&xml_log).unwrap().rules;
        for preset in haifu_ruleset::Preset::ALL {
            let b = haifu_ruleset::RuleSet::preset(preset);
            let from_six: Vec<String> = haifu_replay::diff(&six_log, &six_rules, &b)
                .changes
                .iter()
                .map(change_text)
                .collect();
            let from_xml: Vec<String> = haifu_replay::diff(&xml_log, &xml_rules, &b)
                .changes
                .iter()
                .map(change_text)
                .collect();
            if from_six != from_xml {
                failures.push(format!(
                    "{name} against {}:\n tenhou6: {from_six:?}\n mjlog:   {from_xml:?}",
                    preset.name()
                ));
            }
            compared += 1;
        }
    }
    assert!(compared >= 28 * 10, "{compared} pairs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
