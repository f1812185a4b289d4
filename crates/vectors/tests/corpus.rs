//! The vectors of the real Tenhou games under each game's own rules: every vector holds to
//! the schema, every recorded action is in its seat's legal set (and every response of a
//! claim window in its seat's), every win's and draw's payments are the log's, and there is
//! one win vector per recorded win, one draw vector per recorded draw and one transition per
//! round.

use haifu_log::{Event, GameLog};
use haifu_tiles::{BySeat, Seat};
use haifu_vectors::{Kinds, Options};

fn schema() -> (boon::Schemas, boon::SchemaIndex) {
    let path = haifu_testkit::workspace_root().join("crates/vectors/schema/vector.schema.json");
    let text = std::fs::read_to_string(&path).expect("the schema reads");
    let value: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    let url = value["$id"].as_str().expect("an $id").to_owned();
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.add_resource(&url, value).expect("added");
    let index = compiler
        .compile(&url, &mut schemas)
        .unwrap_or_else(|e| panic!("the schema compiles: {e}"));
    (schemas, index)
}

/// Whether `action` is in `seat`'s legal list of the decision `v`.
fn in_legal(v: &serde_json::Value, seat: &str, action: &str) -> bool {
    v["legal"][seat]
        .as_array()
        .is_some_and(|l| l.iter().any(|a| a.as_str() == Some(action)))
}

/// Whether the per-seat object `value` holds `deltas` for every seat that plays.
fn same_payments(value: &serde_json::Value, deltas: BySeat<i32>, players: usize) -> bool {
    Seat::ALL
        .into_iter()
        .take(players)
        .all(|s| value[s.letter().to_string()].as_i64() == Some(i64::from(deltas[s])))
}

/// What one half of the games gave: decisions, claim windows, wins, draws, transitions,
/// and the problems found.
type Tally = ([usize; 5], Vec<String>);

/// Checks every `step`-th game of the manifest from `first`.
fn check_games(
    dir: &std::path::Path,
    entries: &[haifu_testkit::Entry],
    first: usize,
    step: usize,
    schema: &(boon::Schemas, boon::SchemaIndex),
) -> Tally {
    let (schemas, index) = (&schema.0, schema.1);
    let mut log = GameLog::new();
    let mut problems = Vec::new();
    let (mut decisions, mut claims, mut wins, mut draws, mut transitions) = (0, 0, 0, 0, 0);
    let options = Options {
        kinds: Kinds::ALL,
        every: 1,
    };
    for entry in entries.iter().skip(first).step_by(step) {
        let bytes = std::fs::read(dir.join(&entry.file)).expect("corpus file reads");
        haifu_tenhou::read_into(&bytes, &mut log).expect("corpus file parses");
        log.header.game_id = haifu_tenhou::game_id_from_file_name(&entry.file).map(str::to_owned);
        let rules = haifu::declared_rules(&log).expect("declared").rules;
        let players = rules.players.count() as usize;
        let mut text = String::new();
        haifu_vectors::write_game(&log, &rules, "0123456789abcdef", options, &mut text)
            .expect("vectors");
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("a vector is JSON");
            if let Err(e) = schemas.validate(&v, index) {
                problems.push(format!("{}: schema: {e}", entry.file));
                continue;
            }
            let event = v["event"].as_u64().expect("event") as usize;
            match v["kind"].as_str() {
                Some("decision") => {
                    decisions += 1;
                    let seat = v["recorded"]["seat"].as_str().expect("seat");
                    let action = v["recorded"]["action"].as_str().expect("action");
                    if !in_legal(&v, seat, action) {
                        problems.push(format!(
                            "{} event {event}: recorded {seat} {action} is not in {}",
                            entry.file, v["legal"]
                        ));
                    }
                    if let Some(responses) = v["responses"].as_object() {
                        claims += 1;
                        for (s, a) in responses {
                            if !in_legal(&v, s, a.as_str().unwrap_or("")) {
                                problems.push(format!(
                                    "{} event {event}: response {s} {a} is not in {}",
                                    entry.file, v["legal"]
                                ));
                            }
                        }
                    }
                }
                Some("win") => {
                    wins += 1;
                    match log.event(event) {
                        Some(Event::Win(w)) if same_payments(&v["payments"], w.deltas, players) => {
                        }
                        _ => problems.push(format!(
                            "{} event {event}: win payments {} are not the log's",
                            entry.file, v["payments"]
                        )),
                    }
                }
                Some("draw") => {
                    draws += 1;
                    match log.event(event) {
                        Some(Event::RoundDraw(d))
                            if same_payments(&v["payments"], d.deltas, players) => {}
                        _ => problems.push(format!(
                            "{} event {event}: draw payments {} are not the log's",
                            entry.file, v["payments"]
                        )),
                    }
                }
                Some("transition") => transitions += 1,
                other => problems.push(format!("{}: kind {other:?}", entry.file)),
            }
        }
        if problems.len() > 20 {
            break;
        }
    }
    ([decisions, claims, wins, draws, transitions], problems)
}

#[test]
fn every_vector_of_the_real_games_holds() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let schema = schema();
    let entries = haifu_testkit::manifest(&dir);
    // Two halves at once: the test's time is the schema's validation of 300,000 vectors.
    let halves: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|first| {
                let (dir, entries, schema) = (&dir, &entries, &schema);
                scope.spawn(move || check_games(dir, entries, first, 2, schema))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a half runs"))
            .collect()
    });
    let mut counts = [0; 5];
    let mut problems = Vec::new();
    for (c, p) in halves {
        for (total, n) in counts.iter_mut().zip(c) {
            *total += n;
        }
        problems.extend(p);
    }
    let [decisions, claims, wins, draws, transitions] = counts;
    let recorded_wins: usize = entries.iter().map(|e| e.agari).sum();
    let recorded_draws: usize = entries.iter().map(|e| e.ryuukyoku).sum();
    let rounds: usize = entries.iter().map(|e| e.rounds).sum();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // One vector per recorded win and draw, one transition per round (the manifest's counts).
    assert_eq!(
        (wins, draws, transitions),
        (recorded_wins, recorded_draws, rounds)
    );
    assert!(decisions > 40 * rounds, "{decisions} decisions");
    eprintln!(
        "{decisions} decisions ({claims} claim windows), {wins} wins, {draws} draws, {transitions} transitions: all hold"
    );
}
