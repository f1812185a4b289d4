//! The hand-case files of `corpus/hands/*.txt`: every case scores as written by hand.
//!
//! # Format
//!
//! ```text
//! # a comment (anywhere outside a case's expected block)
//! === a case name
//! @go-type 7                          (optional: Tenhou GO type for the rules; default 169)
//! @rules wrc2015,kiriage_mangan=false (optional: a preset with overrides, as `--rules`)
//! @covers kiriage_mangan               (optional: the rule point the case shows, for the
//!                                      coverage test of `crates/replay/tests/rule_points.rs`)
//! 234567m234p56s11z --win 4s --tsumo --seat S      (the `haifu score` arguments)
//! ---
//! 2 han 20 fu 1500                    (han, fu, Tenhou points, optional limit name)
//! yaku: menzen tsumo 1, pinfu 1       (optional: the yaku with han, dora/ura/aka when > 0;
//!                                      compared as a set: the order is checked by the corpus)
//! wait: ryanmen                       (optional)
//! pay: E 700, W 400, N 400            (optional: each payer's hand part, `+honba` if any;
//!                                      `ron` for the discarder)
//! total: 1500                         (optional: all the winner receives)
//! ```
//!
//! A yakuman case says `yakuman <fu> fu <points>` with a `yakuman: name, name` line (a
//! double counts as `name x2`). A case that must not score says `error: no yaku`,
//! `error: not complete`, `error: bad input` or `error: not settled RULE_POINT`. Failures name the file and line.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use haifu_rules::{RiichiDeclaration, Score, ScoreError, Situation, WinMethod, WinSpec, score};
use haifu_ruleset::{RuleSet, RuleSpec, SpecBase};
use haifu_tenhou::{TenhouEra, rules_of};

struct Case {
    file: String,
    line: usize,
    name: String,
    rules: RuleSet,
    input: String,
    expected: Vec<(usize, String)>,
}

fn hands_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/hands"))
}

fn read_cases(path: &Path, file: &str) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let mut cases = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(name) = line.strip_prefix("===") else {
            return Err(format!(
                "{file}:{}: expected `=== name`, found {line:?}",
                i + 1
            ));
        };
        let mut case = Case {
            file: file.to_owned(),
            line: i + 1,
            name: name.trim().to_owned(),
            rules: rules_of(169, TenhouEra::From2022, None),
            input: String::new(),
            expected: Vec::new(),
        };
        let mut in_expected = false;
        while let Some((j, l)) = lines.peek().copied() {
            let l = l.trim();
            if l.starts_with("===") {
                break;
            }
            lines.next();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            if l == "---" {
                in_expected = true;
            } else if in_expected {
                case.expected.push((j + 1, l.to_owned()));
            } else if let Some(t) = l.strip_prefix("@go-type") {
                let go_type = t
                    .trim()
                    .parse()
                    .map_err(|_| format!("{file}:{}: bad @go-type", j + 1))?;
                case.rules = rules_of(go_type, TenhouEra::From2022, None);
            } else if let Some(t) = l.strip_prefix("@covers") {
                // The rule point this case shows: checked by the rule points' coverage test.
                let field = t.trim();
                if !haifu_ruleset::FIELDS.iter().any(|f| f.name == field) {
                    return Err(format!("{file}:{}: @covers names no rule point", j + 1));
                }
            } else if let Some(t) = l.strip_prefix("@rules") {
                let bad = |e: String| format!("{file}:{}: bad @rules: {e}", j + 1);
                let spec = RuleSpec::parse(t.trim()).map_err(|e| bad(e.to_string()))?;
                let SpecBase::Preset(preset) = spec.base else {
                    return Err(bad("name a preset".to_owned()));
                };
                case.rules = RuleSet::preset(preset);
                spec.apply(&mut case.rules)
                    .map_err(|e| bad(e.to_string()))?;
            } else if case.input.is_empty() {
                case.input = l.to_owned();
            } else {
                return Err(format!("{file}:{}: a second input line", j + 1));
            }
        }
        if case.input.is_empty() || case.expected.is_empty() {
            return Err(format!(
                "{file}:{}: a case needs an input line, `---` and an expected line",
                case.line
            ));
        }
        cases.push(case);
    }
    Ok(cases)
}

/// Reads the `haifu score` arguments into a hand; `Err` is a bad-input message.
fn parse_input(input: &str) -> Result<WinSpec, String> {
    let mut spec = WinSpec::new();
    let mut tokens = input.split_whitespace();
    let mut method = None;
    let mut concealed = false;
    while let Some(tok) = tokens.next() {
        let mut value = |name: &str| tokens.next().ok_or_else(|| format!("{name} needs a value"));
        let flag = |s: &mut WinSpec, f: Situation| s.situation |= f;
        match tok {
            "--win" => spec
                .set_winning_tile(value(tok)?)
                .map_err(|e| e.to_string())?,
            "--tsumo" => method = Some(WinMethod::Tsumo),
            "--ron" => method = Some(WinMethod::Ron),
            "--meld" => spec.add_meld(value(tok)?).map_err(|e| e.to_string())?,
            "--seat" => {
                spec.seat_wind =
                    WinSpec::parse_wind("--seat", value(tok)?).map_err(|e| e.to_string())?;
            }
            "--round" => {
                spec.round_wind =
                    WinSpec::parse_wind("--round", value(tok)?).map_err(|e| e.to_string())?;
            }
            "--dora" => spec
                .add_dora_indicators(value(tok)?)
                .map_err(|e| e.to_string())?,
            "--ura" => spec
                .add_ura_indicators(value(tok)?)
                .map_err(|e| e.to_string())?,
            "--riichi" => spec.riichi = RiichiDeclaration::Riichi,
            "--double-riichi" => spec.riichi = RiichiDeclaration::DoubleRiichi,
            "--ippatsu" => flag(&mut spec, Situation::IPPATSU),
            "--haitei" => flag(&mut spec, Situation::HAITEI),
            "--houtei" => flag(&mut spec, Situation::HOUTEI),
            "--rinshan" => flag(&mut spec, Situation::RINSHAN),
            "--kan-on-kan" => flag(&mut spec, Situation::KAN_ON_KAN),
            "--paarenchan" => flag(&mut spec, Situation::PAARENCHAN),
            "--chankan" => flag(&mut spec, Situation::CHANKAN),
            "--tenhou" => flag(&mut spec, Situation::TENHOU),
            "--chiihou" => flag(&mut spec, Situation::CHIIHOU),
            "--renhou" => flag(&mut spec, Situation::RENHOU),
            "--honba" => spec.honba = value(tok)?.parse().map_err(|_| "bad --honba")?,
            "--kita" => spec.kita = value(tok)?.parse().map_err(|_| "bad --kita")?,
            "--sticks" => spec.riichi_sticks = value(tok)?.parse().map_err(|_| "bad --sticks")?,
            "--rules" => {
                let v = value(tok)?;
                if v != "tenhou" {
                    return Err(format!("unknown rules {v:?}"));
                }
            }
            t if !t.starts_with("--") && !concealed => {
                spec.add_concealed(t).map_err(|e| e.to_string())?;
                concealed = true;
            }
            t => return Err(format!("unexpected argument {t:?}")),
        }
    }
    spec.method = method.ok_or("one of --tsumo or --ron is required")?;
    if spec.winning_tile.is_none() {
        return Err("--win is required".to_owned());
    }
    Ok(spec)
}

fn names_of(s: &Score) -> Vec<String> {
    let mut v: Vec<String> = s
        .yaku
        .iter()
        .map(|y| format!("{} {}", y.yaku.name(), y.han))
        .collect();
    for (name, n) in [
        ("dora", s.dora),
        ("ura", s.ura),
        ("aka", s.aka),
        ("kita", s.kita),
    ] {
        if n > 0 {
            v.push(format!("{name} {n}"));
        }
    }
    v.sort();
    v
}

fn list(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text
        .split(',')
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect();
    v.sort();
    v
}

fn describe(s: &Score) -> String {
    let mut out = format!(
        "{} han {} fu {} {} [{}]",
        s.han,
        s.fu,
        s.points,
        s.limit.name(),
        names_of(s).join(", ")
    );
    if !s.yakuman.is_empty() {
        let y: Vec<String> = s.yakuman.iter().map(|y| y.yaku.name().to_owned()).collect();
        let _ = write!(out, " yakuman [{}]", y.join(", "));
    }
    let _ = write!(out, " wait {}", s.wait.name());
    out
}

/// Checks one case; `Err` holds the failure lines.
fn check(case: &Case) -> Result<(), Vec<String>> {
    let at = |line: usize| format!("{}:{line}: {}", case.file, case.name);
    let rules = case.rules;
    // Bad argument syntax is bad input, like an impossible hand.
    let outcome: Result<Score, Option<ScoreError>> = match parse_input(&case.input) {
        Ok(spec) => match spec.win() {
            Some(win) => score(&rules, &win).map_err(Some),
            None => Err(None),
        },
        Err(_) => Err(None),
    };
    let mut fails = Vec::new();
    let (first_line, first) = &case.expected[0];
    if let Some(kind) = first.strip_prefix("error:") {
        let want = kind.trim();
        let got = match &outcome {
            Ok(s) => format!("a score: {}", describe(s)),
            Err(Some(ScoreError::NoYaku)) => "no yaku".to_owned(),
            Err(Some(ScoreError::NotComplete)) => "not complete".to_owned(),
            Err(Some(ScoreError::NotSettled { rule })) => format!("not settled {rule}"),
            Err(_) => "bad input".to_owned(),
        };
        if got != want {
            fails.push(format!(
                "{}: expected error {want:?}, got {got}",
                at(*first_line)
            ));
        }
        return if fails.is_empty() { Ok(()) } else { Err(fails) };
    }
    let s = match outcome {
        Ok(s) => s,
        Err(e) => {
            let why = e.map_or_else(|| "bad input".to_owned(), |e| e.to_string());
            return Err(vec![format!("{}: no score: {why}", at(*first_line))]);
        }
    };
    let words: Vec<&str> = first.split_whitespace().collect();
    let got_first = if s.yakuman.is_empty() {
        let mut g = format!("{} han {} fu {}", s.han, s.fu, s.points);
        if s.limit != haifu_rules::Limit::None {
            let _ = write!(g, " {}", s.limit.name());
        }
        g
    } else {
        format!("yakuman {} fu {}", s.fu, s.points)
    };
    if words.join(" ") != got_first {
        fails.push(format!(
            "{}: expected `{first}`, got `{got_first}` ({})",
            at(*first_line),
            describe(&s)
        ));
    }
    for (line, l) in &case.expected[1..] {
        let Some((key, rest)) = l.split_once(':') else {
            fails.push(format!("{}: unreadable expected line {l:?}", at(*line)));
            continue;
        };
        let rest = rest.trim();
        let (want, got) = match key {
            "yaku" => (list(rest), names_of(&s)),
            "yakuman" => (
                list(rest),
                list(
                    &s.yakuman
                        .iter()
                        .map(|y| {
                            if y.times > 1 {
                                format!("{} x{}", y.yaku.name(), y.times)
                            } else {
                                y.yaku.name().to_owned()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(","),
                ),
            ),
            "wait" => (vec![rest.to_owned()], vec![s.wait.name().to_owned()]),
            "pay" => {
                let got: Vec<String> = s
                    .payments
                    .iter()
                    .map(|p| {
                        let who = match p.payer {
                            haifu_rules::Payer::Discarder => "ron".to_owned(),
                            haifu_rules::Payer::Seat(w) => w.letter().to_string(),
                        };
                        if p.honba > 0 {
                            format!("{who} {}+{}", p.hand, p.honba)
                        } else {
                            format!("{who} {}", p.hand)
                        }
                    })
                    .collect();
                (list(rest), list(&got.join(",")))
            }
            "total" => (vec![rest.to_owned()], vec![s.total_received().to_string()]),
            _ => {
                fails.push(format!("{}: unknown expected key {key:?}", at(*line)));
                continue;
            }
        };
        if want != got {
            fails.push(format!(
                "{}: {key}: expected {want:?}, got {got:?}",
                at(*line)
            ));
        }
    }
    if fails.is_empty() { Ok(()) } else { Err(fails) }
}

#[test]
fn every_hand_case_scores_as_written() {
    let dir = hands_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no hand-case files in {}", dir.display());
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &files {
        let file = format!(
            "corpus/hands/{}",
            path.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default()
        );
        match read_cases(path, &file) {
            Ok(cases) => {
                for case in &cases {
                    count += 1;
                    if let Err(f) = check(case) {
                        failures.extend(f);
                    }
                }
            }
            Err(e) => failures.push(e),
        }
    }
    eprintln!("{count} hand cases in {} files", files.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
