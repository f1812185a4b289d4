//! The reference checker: runs haifu's own engine against conformance vectors, the way an
//! engine author's checker would run theirs.
//!
//! ```sh
//! haifu vectors LOGS... -o suite.jsonl
//! cargo run -p haifu-vectors --example vectors -- suite.jsonl LOGS...          # passes
//! cargo run -p haifu-vectors --example vectors -- --rules open_tanyao=false suite.jsonl LOGS...
//! ```
//!
//! Each log is read (any format haifu reads), its game key taken from its bytes, and the
//! vectors with that key checked under the log's own rule set with the `--rules` overrides
//! applied: every vector the engine rules otherwise is printed, and the exit code is 1. With
//! no vectors file it writes the vectors of the logs itself and checks them (without
//! arguments, the project's scenarios in `corpus/scenarios`).

#![expect(clippy::print_stdout, reason = "an example prints what it found")]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use haifu_ruleset::RuleSpec;
use haifu_vectors::{Kinds, Options};

/// Every file under `path` (or `path` itself).
fn files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(read) = std::fs::read_dir(path) else {
            return;
        };
        let mut entries: Vec<PathBuf> = read.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for e in entries {
            files(&e, out);
        }
    } else {
        out.push(path.to_owned());
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut overrides = String::new();
    if let Some(at) = args.iter().position(|a| a == "--rules") {
        if at + 1 >= args.len() {
            eprintln!("--rules needs KEY=VALUE[,KEY=VALUE…]");
            return ExitCode::from(2);
        }
        overrides = args.remove(at + 1);
        args.remove(at);
    }
    let spec = match RuleSpec::parse(format!("auto,{overrides}").trim_end_matches(',')) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("--rules: {e}");
            return ExitCode::from(2);
        }
    };
    let suite = match args.first() {
        Some(a) if a.ends_with(".jsonl") => Some(args.remove(0)),
        _ => None,
    };
    if args.is_empty() {
        args.push(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/scenarios").to_owned());
    }
    let mut logs = Vec::new();
    for a in &args {
        files(Path::new(a), &mut logs);
    }
    // The suite's lines by game key, each with its line number.
    let text = match &suite {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => String::new(),
    };
    let mut by_game: HashMap<String, Vec<(usize, &str)>> = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        // The key is a fixed field: no need to parse the line here.
        let key = line
            .split("\"game\":\"")
            .nth(1)
            .and_then(|rest| rest.get(..16))
            .unwrap_or("");
        by_game
            .entry(key.to_owned())
            .or_default()
            .push((i + 1, line));
    }
    let (mut games, mut vectors, mut mismatches) = (0, 0, 0);
    for path in logs {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let name = path.display().to_string();
        // Files that are no game log (a README, a rule file) are passed over.
        let Ok(log) = haifu::read(&name, &bytes) else {
            continue;
        };
        let Ok(declared) = haifu::declared_rules(&log) else {
            continue;
        };
        let mut rules = declared.rules;
        if let Err(e) = spec.apply(&mut rules) {
            eprintln!("--rules: {e}");
            return ExitCode::from(2);
        }
        let key = haifu_vectors::game_key(&bytes);
        // Without a suite, the log's own vectors under its own rules.
        let own;
        let lines: Vec<(usize, &str)> = if suite.is_some() {
            by_game.get(&key).cloned().unwrap_or_default()
        } else {
            let mut t = String::new();
            let options = Options {
                kinds: Kinds::ALL,
                every: 1,
            };
            if haifu_vectors::write_game(&log, &declared.rules, &key, options, &mut t).is_err() {
                continue;
            }
            own = t;
            own.lines().enumerate().map(|(i, l)| (i + 1, l)).collect()
        };
        if lines.is_empty() {
            continue;
        }
        games += 1;
        vectors += lines.len();
        match haifu_vectors::check::check_game(&log, &rules, &key, lines.into_iter()) {
            Ok(found) => {
                for m in found.iter().take(3) {
                    println!("{name}: {m}");
                }
                mismatches += found.len();
            }
            Err(e) => {
                println!("{name}: {e}");
                mismatches += 1;
            }
        }
    }
    println!("{games} games, {vectors} vectors checked: {mismatches} rule otherwise");
    if mismatches > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
