//! The hand-made scenario games of `corpus/scenarios/`: rules the real corpus shows rarely or
//! never, written in the haifu notation with their expectations inline (`expect` lines, see
//! `crates/notation/NOTATION.md` and `corpus/scenarios/README.md`).
//!
//! Every `.haifu` file under `corpus/scenarios/` opens with a `# RULES.md §x.y: …` comment and
//! must verify `conforming` by the referee itself, its expectations included, unless it carries
//! one directive comment `# @expect: <kind> <round>` (the kind and round of the first
//! divergence, e.g. `# @expect: draw_mismatch S4.0`) for a verdict the notation cannot state.
//!
//! So that no scenario is silently unchecked, a file must state at least one `expect` line (or
//! a directive), and each of its expectations must be live: made false, the referee must report
//! it (an `expect illegal` taken away, the refused action must come back as a divergence).

use std::path::{Path, PathBuf};

use haifu_log::{DrawKind, ExpectationKind, FuritenKind, GameLog, NextRound};
use haifu_replay::{Status, Verdict};

/// Verifies `log` under the rule set it declares.
fn verify_declared(log: &haifu_log::GameLog) -> haifu_replay::Verdict {
    let declared = haifu::declared_rules(log).expect("the log declares a rule set");
    haifu_replay::verify(log, &declared.rules)
}

/// What a scenario file says its verdict must be.
#[derive(Debug, PartialEq, Eq)]
enum Expect {
    /// No divergence at all, expectations included (the default).
    Conforming,
    /// The first divergence is of this kind (its snake_case name) in this round (e.g. `E1.0`).
    First { kind: String, round: String },
}

impl std::fmt::Display for Expect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expect::Conforming => write!(f, "conforming"),
            Expect::First { kind, round } => write!(f, "{kind} {round}"),
        }
    }
}

const DIRECTIVE: &str = "# @expect:";

/// Reads the file's `# @expect:` directive: `Conforming` when there is none.
fn expectation(text: &str) -> Result<Expect, String> {
    let mut found = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(DIRECTIVE));
    let Some(rest) = found.next() else {
        return Ok(Expect::Conforming);
    };
    if found.next().is_some() {
        return Err("more than one `# @expect:` directive".to_owned());
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        [kind, round] if *kind != "conforming" => {
            round
                .parse::<haifu_replay::RoundLabel>()
                .map_err(|e| format!("bad round in `# @expect:`: {e}"))?;
            Ok(Expect::First {
                kind: (*kind).to_owned(),
                round: (*round).to_owned(),
            })
        }
        _ => Err(format!(
            "`# @expect:` must be `<kind> <round>` (conforming is the default), not {:?}",
            rest.trim()
        )),
    }
}

/// Every `.haifu` file under `dir`, sorted.
fn haifu_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            haifu_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "haifu") {
            out.push(path);
        }
    }
}

fn round_name(d: &haifu_replay::Divergence) -> String {
    d.round.map_or_else(|| "-".to_owned(), |r| r.to_string())
}

fn first(verdict: &Verdict) -> Expect {
    match verdict.divergences.first() {
        None => Expect::Conforming,
        Some(d) => Expect::First {
            kind: d.kind.name().to_owned(),
            round: round_name(d),
        },
    }
}

/// The expectation made false: another furiten reason, another win value, another draw kind,
/// another flow decision; `None` for `illegal`, which is taken away instead.
fn falsified(kind: &ExpectationKind) -> Option<ExpectationKind> {
    let mut kind = kind.clone();
    match &mut kind {
        ExpectationKind::Furiten { reason, .. } => {
            *reason = match reason {
                None => Some(FuritenKind::OwnDiscard),
                Some(_) => None,
            };
        }
        ExpectationKind::Win { points, .. } => *points = Some(points.map_or(1, |p| p + 100)),
        ExpectationKind::Draw { kind } => {
            *kind = if *kind == DrawKind::Exhaustive {
                DrawKind::SuufonRenda
            } else {
                DrawKind::Exhaustive
            };
        }
        ExpectationKind::Next(next) => {
            *next = match next {
                NextRound::GameEnds => NextRound::Round {
                    wind: haifu_tiles::Wind::East,
                    number: 1,
                    honba: 0,
                    dealer: None,
                    sticks: None,
                },
                NextRound::Round { .. } => NextRound::GameEnds,
            };
        }
        ExpectationKind::Illegal { .. } => return None,
    }
    Some(kind)
}

/// Each expectation of `log` is live: made false (or, for `illegal`, taken away), the referee
/// reports a divergence where it stands. `Err` lists the dead ones.
fn live(log: &GameLog, verdict: &Verdict) -> Result<(), String> {
    let mut dead = Vec::new();
    for (i, e) in log.expectations.iter().enumerate() {
        let mut changed = log.clone();
        let reported = match falsified(&e.kind) {
            Some(kind) => {
                changed.expectations[i].kind = kind;
                let v = verify_declared(&changed);
                v.divergences
                    .iter()
                    .any(|d| d.event == Some(e.event) && d.kind.name() == "expectation_failed")
                    && v.divergences.len() > verdict.divergences.len()
            }
            None => {
                changed.expectations.remove(i);
                let v = verify_declared(&changed);
                v.divergences
                    .iter()
                    .any(|d| d.event == e.event.checked_sub(1))
            }
        };
        if !reported {
            dead.push(format!("{:?} before event {}", e.kind, e.event));
        }
        // An `illegal` naming its kind must fail when it names another.
        if let ExpectationKind::Illegal {
            refusal: Some(kind),
            reason,
        } = &e.kind
        {
            let other = haifu_log::Refusal::ALL
                .into_iter()
                .find(|r| r != kind)
                .expect("more than one kind");
            let mut changed = log.clone();
            changed.expectations[i].kind = ExpectationKind::Illegal {
                refusal: Some(other),
                reason: reason.clone(),
            };
            let v = verify_declared(&changed);
            if !v
                .divergences
                .iter()
                .any(|d| d.event == Some(e.event) && d.kind.name() == "expectation_failed")
            {
                dead.push(format!("the kind of {:?} before event {}", e.kind, e.event));
            }
        }
    }
    if dead.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "expectations the referee never checks:\n    {}",
            dead.join("\n    ")
        ))
    }
}

/// Checks one scenario; `Err` says what is wrong.
fn check(path: &Path) -> Result<Expect, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if !text.trim_start().starts_with("# RULES.md §") {
        return Err("the file must open with a `# RULES.md §x.y: …` comment".to_owned());
    }
    let expect = expectation(&text)?;
    let log = haifu_notation::read(&text).map_err(|e| format!("does not read: {e}"))?;
    if log.expectations.is_empty() && expect == Expect::Conforming {
        return Err("no `expect` line and no `# @expect:` directive: nothing is stated".to_owned());
    }
    let verdict = verify_declared(&log);
    let got = first(&verdict);
    if got != expect {
        let details: Vec<String> = verdict
            .divergences
            .iter()
            .map(|d| format!("\n    {} #{:?}: {}", round_name(d), d.event, d.kind))
            .collect();
        return Err(format!(
            "expected {expect}, got {got} ({:?}){}",
            verdict.status(),
            details.concat()
        ));
    }
    live(&log, &verdict)?;
    Ok(expect)
}

#[test]
fn every_scenario_has_its_expected_verdict() {
    let root = haifu_testkit::workspace_root().join("corpus/scenarios");
    let mut files = Vec::new();
    haifu_files(&root, &mut files);
    assert!(
        files.len() >= 40,
        "only {} scenario files under {}",
        files.len(),
        root.display()
    );
    let mut problems = Vec::new();
    let mut conforming = 0;
    for path in &files {
        let name = path.strip_prefix(&root).unwrap_or(path).display();
        match check(path) {
            Ok(Expect::Conforming) => conforming += 1,
            Ok(Expect::First { .. }) => {}
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Both sides are exercised: files stated wholly inline and files with a directive.
    assert!(conforming > 0 && conforming < files.len(), "{conforming}");
}

/// Checks `text` as a scenario file of its own.
fn check_text(name: &str, text: &str) -> Result<Expect, String> {
    let dir = std::env::temp_dir().join(format!("haifu-scenarios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    let got = check(&path);
    let _ = std::fs::remove_file(&path);
    got
}

fn scenario(name: &str) -> String {
    let path = haifu_testkit::workspace_root()
        .join("corpus/scenarios")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn files_without_live_expectations_fail() {
    let text = scenario("furiten/same-turn-cleared.haifu");
    assert_eq!(check_text("ok.haifu", &text), Ok(Expect::Conforming));
    // A false expectation is a divergence.
    let wrong = text.replacen("expect furiten C none", "expect furiten C same_turn", 1);
    assert_ne!(wrong, text);
    assert!(check_text("wrong.haifu", &wrong).is_err());
    // Every `expect` line deleted: nothing is stated any more.
    let none: String = text
        .lines()
        .filter(|l| !l.starts_with("expect "))
        .map(|l| format!("{l}\n"))
        .collect();
    let got = check_text("none.haifu", &none);
    assert!(
        got.as_ref().is_err_and(|e| e.contains("no `expect` line")),
        "{got:?}"
    );
    // Without the opening RULES.md comment.
    let bare = text.replacen("# RULES.md", "# RULES", 1);
    assert!(check_text("bare.haifu", &bare).is_err());
    // An expectation the referee never reaches (after an illegal action, the round is not
    // checked any more) is dead.
    let text = scenario("illegal/discard-not-held.haifu");
    assert_eq!(check_text("ok.haifu", &text), Ok(Expect::Conforming));
    let illegal = "expect illegal not-held \"A holds no 5s\"\n";
    let dead = text.replacen(illegal, &format!("{illegal}expect furiten C none\n"), 1);
    assert_ne!(dead, text);
    let got = check_text("dead.haifu", &dead);
    assert!(
        got.as_ref().is_err_and(|e| e.contains("never checks")),
        "{got:?}"
    );
}

#[test]
fn directives_are_read_strictly() {
    assert_eq!(expectation("haifu 1\nend\n"), Ok(Expect::Conforming));
    assert_eq!(
        expectation("# x\n# @expect:  draw_mismatch   S4.0\nhaifu 1\n"),
        Ok(Expect::First {
            kind: "draw_mismatch".to_owned(),
            round: "S4.0".to_owned()
        })
    );
    assert!(expectation("# @expect: conforming").is_err());
    assert!(expectation("# @expect: furiten S4.0\n# @expect: furiten S4.0").is_err());
    assert!(expectation("# @expect: furiten").is_err());
    assert!(expectation("# @expect: furiten X9.0").is_err());
    // A conforming game's verdict: the status agrees with an empty divergence list.
    assert_eq!(Verdict::new().status(), Status::Conforming);
}

/// Asserts that the first divergence the referee finds in `text` is of `kind` and its message
/// says `says`.
#[track_caller]
fn assert_first_divergence(text: &str, kind: &str, says: &str) {
    let (found, message) = first_divergence(text).expect("a divergence");
    assert_eq!(found, kind, "{message}");
    assert!(message.contains(says), "{message}");
}

/// The first divergence the referee finds in `text`, as `(kind, message)`.
fn first_divergence(text: &str) -> Option<(String, String)> {
    let log = haifu_notation::read(text).expect("the scenario reads");
    let verdict = verify_declared(&log);
    verdict
        .divergences
        .first()
        .map(|d| (d.kind.name().to_owned(), d.kind.to_string()))
}

#[test]
fn a_win_the_engine_finds_no_win_is_an_illegal_action() {
    // Without its `expect illegal`, the yakuless ron (open tanyao without kuitan) is reported
    // as the illegal declaration it is, not as a value mismatch.
    let text = scenario("illegal/open-tanyao-no-kuitan-bad.haifu").replace(
        "expect illegal no-yaku \"open tanyao is no yaku without kuitan\"\n",
        "",
    );
    assert_first_divergence(
        &text,
        "illegal_action",
        "seat C ron: the hand is complete but has no yaku",
    );
}

#[test]
fn yaku_in_another_order_are_named_apart() {
    let text = scenario("kans/ankan-after-riichi-breaks-ippatsu.haifu");
    let reordered = text.replacen(
        "yaku riichi 1, rinshan 1, menzen-tsumo 1, ura 0",
        "yaku menzen-tsumo 1, riichi 1, rinshan 1, ura 0",
        1,
    );
    assert_ne!(reordered, text);
    assert_first_divergence(
        &reordered,
        "win_mismatch",
        "win yaku order: the engine has riichi 1, rinshan 1, menzen-tsumo 1, ura 0, \
         the log has menzen-tsumo 1, riichi 1, rinshan 1, ura 0",
    );
    // Another yaku altogether is a plain yaku mismatch.
    let other = text.replacen("rinshan 1, menzen-tsumo 1", "haitei 1, menzen-tsumo 1", 1);
    let (_, message) = first_divergence(&other).expect("a divergence");
    assert!(message.contains("win yaku: the engine has"), "{message}");
}

#[test]
fn expect_next_is_weighed_against_the_rules_not_the_next_round_line() {
    // All-last-dealer-not-top: the dealer wins S4.0 but is not top, so the rules give S4.1
    // with the same dealer. A log whose next round line says otherwise gets a flow mismatch,
    // and the expectation, which holds, is not reported.
    let text = scenario("flow/all-last-dealer-not-top.haifu");
    assert!(text.contains("expect next S4.1 dealer D sticks 0\n"));
    let wrong_round = text.replacen(
        "round S4.1 dealer D sticks 0",
        "round S4.1 dealer A sticks 0",
        1,
    );
    assert_ne!(wrong_round, text);
    let log = haifu_notation::read(&wrong_round).expect("reads");
    let verdict = verify_declared(&log);
    let kinds: Vec<&str> = verdict.divergences.iter().map(|d| d.kind.name()).collect();
    assert!(
        kinds.contains(&"flow_mismatch"),
        "{:?}",
        verdict.divergences
    );
    assert!(
        !kinds.contains(&"expectation_failed"),
        "{:?}",
        verdict.divergences
    );

    // A record that stops after S4.0: the expectation is still weighed, and holds.
    let cut = format!("{}end\n", &text[..text.find("round S4.1").expect("S4.1")]);
    let verdict = verify_declared(&haifu_notation::read(&cut).expect("reads"));
    assert_eq!(
        verdict.status(),
        Status::Conforming,
        "{:?}",
        verdict.divergences
    );
    assert!(!verdict.checked.end_recorded);

    // A false one names what the rules give.
    let false_next = cut.replacen("expect next S4.1 dealer D", "expect next S4.1 dealer A", 1);
    assert_first_divergence(
        &false_next,
        "expectation_failed",
        "the referee finds next round S4.1 dealer D sticks 0",
    );
}

#[test]
fn an_open_kan_indicator_shown_early_says_when_it_is_due() {
    let text = scenario("kans/dora-daiminkan-early-bad.haifu");
    let line = text
        .lines()
        .find(|l| l.starts_with("expect illegal"))
        .expect("its expectation");
    let bare = text.replacen(&format!("{line}\n"), "", 1);
    assert_first_divergence(
        &bare,
        "illegal_action",
        "too early: an open kan's indicator comes when its player discards",
    );
}

/// A record that begins at the all-last is followed from there: its start is not recorded,
/// its end is.
#[test]
fn a_record_may_start_at_the_all_last() {
    let log = haifu_notation::read(&scenario("flow/all-last-alone.haifu")).expect("reads");
    let verdict = verify_declared(&log);
    assert_eq!(
        verdict.status(),
        Status::Conforming,
        "{:?}",
        verdict.divergences
    );
    assert!(!verdict.checked.start_recorded);
    assert!(verdict.checked.end_recorded);
    // The same round in a format that always starts at the game's start is a divergence.
    let mut strict = log.clone();
    strict.header.start_record = haifu_log::StartRecord::Always;
    let verdict = verify_declared(&strict);
    assert_eq!(verdict.status(), Status::Divergent);
}

/// `expect illegal KIND` holds only when the referee refuses the action for that kind: the
/// same move expected illegal for another reason fails (a scenario cannot pass for the wrong
/// reason).
#[test]
fn expect_illegal_with_the_wrong_kind_fails() {
    let text = scenario("illegal/discard-not-held.haifu");
    assert!(
        text.contains("expect illegal not-held "),
        "the scenario names its kind"
    );
    let log = haifu_notation::read(&text).expect("reads");
    assert_eq!(verify_declared(&log).status(), Status::Conforming);
    let wrong = text.replace("expect illegal not-held ", "expect illegal kuikae ");
    assert_first_divergence(
        &wrong,
        "expectation_failed",
        "the action before to be illegal: kuikae, the referee finds not-held:",
    );
}

/// A record that states no starting hands does not show how many players sat down: it is not
/// taken for a three-player game (whose deal leaves seat D without a hand), so the four-player
/// rule set it declares is not refused for the table's size.
#[test]
fn a_record_without_hands_is_not_a_three_player_game() {
    let text: String = scenario("flow/agari-yame.haifu")
        .lines()
        .filter(|l| !l.starts_with("hand "))
        .map(|l| format!("{l}\n"))
        .collect();
    let log = haifu_notation::read(&text).expect("the record reads without its hands");
    assert_eq!(haifu_replay::players_of(&log), None);
    let verdict = verify_declared(&log);
    for d in &verdict.divergences {
        let message = d.kind.to_string();
        assert!(!message.contains("3 players"), "{message}");
    }
}
