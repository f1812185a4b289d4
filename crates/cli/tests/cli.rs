//! End-to-end checks of the `haifu` binary: exit codes and output shapes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn haifu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_haifu"))
}

/// Runs `haifu` with these arguments and asserts that it exits 0; returns its stdout.
#[track_caller]
fn stdout_of_success(args: &[&std::ffi::OsStr]) -> Vec<u8> {
    let out = haifu().args(args).output().expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("haifu-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("temp dir");
    }
    std::fs::write(&path, bytes).expect("temp file");
    path
}

#[test]
fn convert_reports_bad_files_with_location_and_goes_on() {
    let bad = temp_file(
        "bad.xml",
        b"<mjloggm ver=\"2.3\">\n<GO type=\"abc\"/>\n</mjloggm>",
    );
    let empty = temp_file("empty.xml", b"");
    let out = haifu()
        .args(["convert", "--to", "json"])
        .arg(&bad)
        .arg(&empty)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "{}:2:5: <GO> attribute `type` is \"abc\"",
            bad.display()
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{}:1:1: the file is empty", empty.display())),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn convert_and_verify_real_logs() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let file = dir.join(&haifu_testkit::manifest(&dir)[0].file);
    let stdout = stdout_of_success(&[
        "convert".as_ref(),
        "--to".as_ref(),
        "json".as_ref(),
        file.as_os_str(),
    ]);
    let text = String::from_utf8(stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1);
    let game: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(game["events"][0]["type"], "round_start");
    assert!(
        game["header"]["players"]
            .as_array()
            .is_some_and(|p| p.len() == 4)
    );

    let out = haifu()
        .args([
            "verify".as_ref(),
            "--format".as_ref(),
            "json".as_ref(),
            dir.as_os_str(),
        ])
        .output()
        .expect("haifu runs");
    assert_eq!(out.status.code(), Some(0));
    let stdout = out.stdout;
    let report: serde_json::Value = serde_json::from_slice(&stdout).expect("one JSON object");
    let summary = &report["summary"];
    assert_eq!(summary["games"], 516);
    assert_eq!(summary["games_conforming"], 516);
    assert_eq!(summary["games_divergent"], 0);
    assert_eq!(summary["unsupported"], 0);
    assert_eq!(summary["errors"], 0);
    assert_eq!(summary["divergences"], 0);
    let games = report["games"].as_array().expect("games");
    assert_eq!(games.len(), 516);
    // The undated games played from 2022 on record final points to a tenth (eight of them:
    // four in ranked lobbies, whose era's rounding turns on it, four in private and gold
    // lobbies, which keep tenths in every era), which only Tenhou's rules from 2022 give:
    // their precision decides the era, and the JSON says so.
    let undated: Vec<&serde_json::Value> = games
        .iter()
        .filter(|g| {
            g["rules_source"]
                .as_str()
                .is_some_and(|s| s.contains("its final points to a tenth"))
        })
        .collect();
    assert_eq!(undated.len(), 8, "{undated:?}");
    for game in undated {
        assert!(
            game["file"].as_str().is_some_and(|f| f.contains("nogid-")),
            "{game}"
        );
    }
}

#[test]
fn verify_exit_codes() {
    let bad = temp_file(
        "truncated.xml",
        b"<mjloggm ver=\"2.3\"><GO type=\"169\"/><INIT seed=\"0,0,0,1,2,3\"",
    );
    let out = haifu().arg("verify").arg(&bad).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    // Said once: in the text report, not again on stderr.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("the file ends early").count(), 1, "{stdout}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("the file ends early"));
    // Beside a report for machines, on stderr.
    let out = haifu()
        .args(["verify", "--format", "json"])
        .arg(&bad)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the file ends early"), "{stderr}");
    let out = haifu()
        .args(["verify", "--format", "xml"])
        .arg(&bad)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "a usage error");
}

#[test]
fn several_reports_come_from_one_run() {
    let (path, _) = changed_example(
        "several-reports.haifu",
        "deltas 0 -8000 +9000 0",
        "deltas 0 -7000 +8000 0",
        "win C ron B",
    );
    let dir = path.parent().expect("a folder").join("several-reports-out");
    std::fs::create_dir_all(&dir).expect("a folder");
    let (json, junit) = (dir.join("report.json"), dir.join("report.xml"));
    let arg = |format: &str, file: &Path| format!("{format}={}", file.display());
    let out = haifu()
        .args(["verify", "--format", "text", "--format"])
        .arg(arg("json", &json))
        .arg("--format")
        .arg(arg("junit", &junit))
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("payment_mismatch"), "{text}");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("the JSON report")).expect("JSON");
    assert_eq!(report["summary"]["games_divergent"], 1);
    let xml = std::fs::read_to_string(&junit).expect("the JUnit report");
    assert!(xml.contains("<failure"), "{xml}");
    // Two reports to standard output, a report over a log read, one file written twice: each
    // a usage error, and nothing verified.
    for args in [
        ["--format", "text", "--format", "json"]
            .map(str::to_owned)
            .to_vec(),
        vec!["--format".to_owned(), arg("json", &path)],
        vec![
            "--format".to_owned(),
            arg("json", &json),
            "--format".to_owned(),
            arg("junit", &json),
        ],
    ] {
        let out = haifu()
            .arg("verify")
            .args(&args)
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
    assert!(
        std::fs::read_to_string(&path)
            .expect("the log")
            .contains("\nhaifu 1\n"),
        "the log read is not overwritten"
    );
}

#[test]
fn unknown_attributes_are_kept_and_noted() {
    let file = temp_file(
        "unknown.xml",
        b"<mjloggm ver=\"2.3\" flavour=\"x\"><GO type=\"169\" lobby=\"0\"/></mjloggm>",
    );
    let out = haifu()
        .args(["convert", "--to", "json"])
        .arg(&file)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1 attribute(s) the reader does not know were kept verbatim (the first: `flavour` on <mjloggm>)"), "{stderr}");
    let game: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(game["unknown"][0]["name"], "flavour");
    assert_eq!(game["unknown"][0]["value"], "x");
}

#[test]
fn verify_junit_reports_a_divergent_game_as_a_failure() {
    let Some(dir) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let entry = haifu_testkit::manifest(&dir)
        .into_iter()
        .find(|e| e.players == 4 && e.notes.contains("wall-verified(base64)"))
        .expect("a game");
    let xml = std::fs::read_to_string(dir.join(&entry.file)).expect("reads");
    // Move one win's recorded value by 100 points (generated here, never committed).
    let agari = xml.find("<AGARI").expect("a win");
    let at = agari + xml[agari..].find(" ten=\"").expect("a win's value") + 6;
    let comma = at + xml[at..].find(',').expect("fu,points");
    let end = comma + 1 + xml[comma + 1..].find(',').expect("points,limit");
    let points: u32 = xml[comma + 1..end].parse().expect("points");
    let bad = format!("{}{}{}", &xml[..comma + 1], points + 100, &xml[end..]);
    let file = temp_file("divergent.xml", bad.as_bytes());
    let out = haifu()
        .args(["verify", "--format", "junit"])
        .arg(&file)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.starts_with("<?xml"), "{text}");
    assert!(text.contains("<failure message=\""), "{text}");
    assert!(text.contains("win_mismatch: win points"), "{text}");
    assert!(text.trim_end().ends_with("</testsuites>"), "{text}");
}

/// The opening example of NOTATION.md, a hand-written record that is not in canonical form.
fn spec_example() -> &'static str {
    let spec = include_str!("../../notation/NOTATION.md");
    let start = spec.find("```text\n# A hand-written").expect("the example") + 8;
    let end = start + spec[start..].find("```").expect("its end");
    &spec[start..end]
}

#[test]
fn fmt_checks_rewrites_and_keeps_comments() {
    let original = spec_example();
    let path = temp_file("fmt-example.haifu", original.as_bytes());
    let broken = temp_file("fmt-broken.haifu", b"haifu 1\nround E9.0 dora 1m\n");
    let xml = temp_file("fmt-not-text.xml", b"<mjloggm ver=\"2.3\"></mjloggm>");

    // --check: a diff on stdout, exit 1, the file untouched.
    let out = haifu()
        .args(["fmt", "--check"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let diff = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        diff.starts_with(&format!("--- {}\n", path.display())),
        "{diff}"
    );
    assert!(diff.contains("\n+source haifu\n"), "{diff}");
    assert_eq!(std::fs::read_to_string(&path).expect("reads"), original);

    // Rewriting: the broken file and the XML are reported (exit 2), the good one is still done.
    let out = haifu()
        .arg("fmt")
        .arg(&broken)
        .arg(&path)
        .arg(&xml)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{}:2:7: expected a round label", broken.display())),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{}: not haifu text", xml.display())),
        "{stderr}"
    );
    let formatted = std::fs::read_to_string(&path).expect("reads");
    assert_ne!(formatted, original);
    assert!(formatted.starts_with("# A hand-written scenario: C declares riichi"));
    assert_eq!(
        haifu_notation::read(&formatted).expect("reads"),
        haifu_notation::read(original).expect("reads"),
        "formatting changed the game"
    );

    // Now canonical: --check passes, and `convert --to haifu` of it gives it back.
    let out = haifu()
        .args(["fmt", "--check"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout.is_empty());
    let converted = stdout_of_success(&[
        "convert".as_ref(),
        "--to".as_ref(),
        "haifu".as_ref(),
        path.as_os_str(),
    ]);
    assert_eq!(String::from_utf8(converted).expect("UTF-8"), formatted);
}

#[test]
fn convert_out_dir_writes_one_file_per_game() {
    let first = temp_file("out-dir-a/game.haifu", spec_example().as_bytes());
    let second = temp_file("out-dir-b/game.haifu", spec_example().as_bytes());
    let out_dir = first
        .parent()
        .and_then(|p| p.parent())
        .expect("the temp folder")
        .join("converted");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = haifu()
        .args(["convert", "--to", "json", "--out-dir"])
        .arg(&out_dir)
        .arg(&first)
        .arg(&second)
        .output()
        .expect("runs");
    // The second input has the same name: reported, not written over the first.
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("already holds the game of an earlier file"),
        "{stderr}"
    );
    let json = std::fs::read_to_string(out_dir.join("game.json")).expect("written");
    let game: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(game["events"][0]["type"], "round_start");

    // As haifu text, the one file reads back to the same game.
    let out = haifu()
        .args(["convert", "--to", "haifu", "--out-dir"])
        .arg(&out_dir)
        .arg(&first)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = std::fs::read_to_string(out_dir.join("game.haifu")).expect("written");
    assert_eq!(
        haifu_notation::read(&text).expect("reads"),
        haifu_notation::read(spec_example()).expect("reads")
    );
}

/// The spec example with `from` replaced by `to`, written to a file; and the 1-based line of
/// the file that starts with `marker`.
fn changed_example(name: &str, from: &str, to: &str, marker: &str) -> (PathBuf, usize) {
    let example = spec_example();
    let changed = example.replace(from, to);
    assert_ne!(changed, example);
    let line = changed
        .lines()
        .position(|l| l.starts_with(marker))
        .expect("the marked line")
        + 1;
    (temp_file(name, changed.as_bytes()), line)
}

/// `haifu verify FILE` with these extra arguments, expected to exit 1: its stdout.
fn verify_divergent(path: &PathBuf, extra: &[&str]) -> String {
    let out = haifu()
        .arg("verify")
        .args(extra)
        .arg(path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn verify_names_the_line_of_a_divergence_in_haifu_text() {
    let (path, win_line) = changed_example(
        "line-numbers.haifu",
        "deltas 0 -8000 +9000 0",
        "deltas 0 -7000 +8000 0",
        "win C ron B",
    );
    let stdout = verify_divergent(&path, &[]);
    assert!(
        stdout.contains(&format!("(line {win_line}): payment_mismatch")),
        "{stdout}"
    );
    let json = verify_divergent(&path, &["--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let divergence = &report["games"][0]["divergences"][0];
    assert_eq!(divergence["line"], serde_json::json!(win_line));
    // Typed: the seat it is about (the winner), and the payments as numbers per seat.
    assert_eq!(divergence["seat"], "C");
    assert_eq!(divergence["engine"], serde_json::json!([0, -8000, 9000, 0]));
    assert_eq!(
        divergence["recorded"],
        serde_json::json!([0, -7000, 8000, 0])
    );

    // A failed expectation names its own `expect` line.
    let (path, expect_line) = changed_example(
        "line-numbers-expect.haifu",
        "expect furiten C none",
        "expect furiten C riichi",
        "expect furiten C riichi",
    );
    let stdout = verify_divergent(&path, &[]);
    assert!(
        stdout.contains(&format!("(line {expect_line}): expectation_failed")),
        "{stdout}"
    );
}

#[test]
fn replay_reads_a_folder_of_haifu_files() {
    let example = spec_example();
    let good = temp_file("replay-folder/a-good.haifu", example.as_bytes());
    let wrong = example.replace("deltas 0 -8000 +9000 0", "deltas 0 -7000 +8000 0");
    let bad = temp_file("replay-folder/b-wrong.haifu", wrong.as_bytes());
    let folder = good.parent().expect("the folder").to_path_buf();
    let out = haifu().arg("replay").arg(&folder).output().expect("runs");
    // One game diverges: exit 1; both sheets, each under its heading, in name order.
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let first = stdout
        .find(&format!("== {}\n", good.display()))
        .expect("the first heading");
    let second = stdout
        .find(&format!("== {}\n", bad.display()))
        .expect("the second heading");
    assert!(first < second, "{stdout}");
    assert!(stdout[second..].contains("!!"), "{stdout}");
    assert!(!stdout[first..second].contains("!!"), "{stdout}");

    // A round no game has is an error.
    let out = haifu()
        .args(["replay", "--round", "S4.0"])
        .arg(&folder)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

/// A divergent game read from standard input keeps the places of its divergences: the bytes
/// are read once, and the second reading for places reads them from memory.
#[test]
fn standard_input_keeps_places() {
    use std::io::Write as _;
    let kaze4 = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/abortive/kaze4.haifu"),
    )
    .expect("reads");
    let changed = kaze4.replacen("deltas 0 +1000 -1000 0", "deltas 0 +1100 -1100 0", 1);
    let line = 1 + kaze4
        .lines()
        .position(|l| l.contains("deltas 0 +1000 -1000 0"))
        .expect("a deltas line");
    let mut child = haifu()
        .args(["verify", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(changed.as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    // The win's line: its outcome block starts a line or two before its deltas.
    assert!(text.contains("(line "), "{text}");
    let at: usize = text
        .split("(line ")
        .nth(1)
        .and_then(|t| t.split(')').next())
        .and_then(|n| n.parse().ok())
        .expect("a line number");
    assert!(
        at <= line && line - at <= 3,
        "line {at} for deltas at {line}: {text}"
    );
}

#[test]
fn fmt_reads_stdin_and_writes_stdout() {
    use std::io::Write as _;
    let mut child = haifu()
        .args(["fmt", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(spec_example().as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let formatted = String::from_utf8(out.stdout).expect("UTF-8");
    let doc = haifu_notation::read_document(spec_example()).expect("reads");
    assert_eq!(formatted, haifu_notation::write_document(&doc));
}

#[test]
fn verify_says_when_a_record_stops_before_the_game_ends() {
    let path = temp_file("one-round.haifu", spec_example().as_bytes());
    let out = haifu().arg("verify").arg(&path).output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        stdout.contains(
            "conforming (1 round; the game's end is not recorded; no wall to check the draws against)"
        ),
        "{stdout}"
    );
    let out = haifu()
        .args(["verify", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["games"][0]["end_recorded"], serde_json::json!(false));

    // A file that does not read: its message on stderr, and its first line in the report.
    let bad = temp_file("bad-tile.haifu", b"haifu 1\nround E1.0 dora 8z\n");
    let out = haifu().arg("verify").arg(&bad).output().expect("runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        stdout.contains(&format!(
            "{}:2:17: error: bad tile `8z`: honours are 1z-7z",
            bad.display()
        )),
        "{stdout}"
    );
    // GitHub annotations and JUnit keep the place too.
    let report = |format: &str| {
        let out = haifu()
            .args(["verify", "--format", format])
            .arg(&bad)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let github = report("github");
    assert!(
        github.contains(",line=2,col=17,title=unreadable::bad tile `8z`: honours are 1z-7z"),
        "{github}"
    );
    let junit = report("junit");
    assert!(junit.contains(":2:17: bad tile `8z`"), "{junit}");
}

#[test]
fn rules_list_and_show_read_back() {
    let list =
        String::from_utf8(stdout_of_success(&["rules".as_ref(), "list".as_ref()])).expect("UTF-8");
    // One line a preset, in the order of Preset::ALL: the name, then what it is.
    let lines: Vec<(&str, &str)> = list
        .lines()
        .map(|l| l.split_once(' ').map_or((l, ""), |(n, a)| (n, a.trim())))
        .collect();
    let want: Vec<(&str, &str)> = haifu_ruleset::Preset::ALL
        .iter()
        .map(|p| (p.name(), p.about()))
        .collect();
    assert_eq!(lines, want, "{list}");
    for preset in [
        "tenhou",
        "mahjong-soul",
        "wrc,red_fives=true",
        "tenhou-sanma",
        "mahjong-soul-sanma,length=\"tonpuusen\"",
    ] {
        let shown = stdout_of_success(&["rules".as_ref(), "show".as_ref(), preset.as_ref()]);
        let file = temp_file(&format!("{}.toml", preset.replace(',', "_")), &shown);
        // The file reads back to the same set: shown again, the same text, apart from the
        // first line saying what was named (a preset with changes, or the file).
        let again = stdout_of_success(&["rules".as_ref(), "show".as_ref(), file.as_os_str()]);
        let set = |text: &[u8]| {
            let text = String::from_utf8_lossy(text).into_owned();
            let at = text.find("\nbase = ").expect("a base line");
            let start = text[..at].rfind("# ").expect("the base's comment");
            text[start..].to_owned()
        };
        assert_eq!(set(&again), set(&shown), "{preset}");
        let first = String::from_utf8_lossy(&again)
            .lines()
            .next()
            .map(str::to_owned);
        assert!(
            first
                .as_deref()
                .is_some_and(|l| l.starts_with(&format!("# {}: the ", file.display()))),
            "{preset}: {first:?}"
        );
    }
    // A rule file is described before the whole set: its base, what it changes, and a
    // warning where a changed start leaves the base's thresholds.
    let club = temp_file(
        "club-start.toml",
        b"base = \"tenhou\"\nstart_score = 30000\nkiriage_mangan = true\n",
    );
    let shown = String::from_utf8(stdout_of_success(&[
        "rules".as_ref(),
        "show".as_ref(),
        club.as_os_str(),
    ]))
    .expect("UTF-8");
    let mut lines = shown.lines();
    assert_eq!(
        lines.next(),
        Some(
            format!(
                "# {}: the tenhou preset with 2 changes: kiriage_mangan = true, start_score = 30000",
                club.display()
            )
            .as_str()
        )
    );
    assert!(
        lines.next().is_some_and(|l| l.starts_with(
            "# warning: start_score = 30000 where tenhou starts at 25000, but agari_yame = 30000"
        )),
        "{shown}"
    );
}

/// `haifu rules diff`: the same set exits 0; WRC against Tenhou differs in kiriage (which
/// WRC 2015 plays, RULESETS.md) among others, exit 1; the JSON lists each point once.
#[test]
fn rules_diff_lists_the_points_that_differ() {
    let same = haifu()
        .args(["rules", "diff", "tenhou", "tenhou,kiriage_mangan=false"])
        .output()
        .expect("runs");
    assert_eq!(same.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&same.stdout),
        "tenhou and tenhou,kiriage_mangan=false are the same rule set\n"
    );
    let differ = haifu()
        .args(["rules", "diff", "tenhou", "wrc"])
        .output()
        .expect("runs");
    assert_eq!(differ.status.code(), Some(1));
    let text = String::from_utf8_lossy(&differ.stdout);
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["kiriage_mangan", "false", "|", "true"]),
        "{text}"
    );
    let json = haifu()
        .args([
            "rules",
            "diff",
            "tenhou",
            "tenhou,kiriage_mangan=true,red_fives=false",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    assert_eq!(json.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let points: Vec<&str> = v["differences"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|d| d["point"].as_str())
        .collect();
    assert_eq!(points, ["red_fives", "kiriage_mangan"]);
    assert_eq!(v["differences"][1]["b"], "true");
}

#[test]
fn rule_file_mistakes_exit_2_with_their_place() {
    let file = temp_file(
        "club.toml",
        b"base = \"tenhou\"\nkiriage_mangan = \"yes\"\n",
    );
    for args in [
        vec!["rules".as_ref(), "show".as_ref(), file.as_os_str()],
        vec![
            "score".as_ref(),
            "234m55567p23678s".as_ref(),
            "--win".as_ref(),
            "4s".as_ref(),
            "--ron".as_ref(),
            "--rules".as_ref(),
            file.as_os_str(),
        ],
        vec![
            "verify".as_ref(),
            "--rules".as_ref(),
            file.as_os_str(),
            "corpus/scenarios/abortive/kaze4.haifu".as_ref(),
        ],
    ] {
        let out = haifu()
            .current_dir(haifu_testkit::workspace_root())
            .args(&args)
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "{}:2:18: kiriage_mangan cannot be \"yes\": expected one of true, false",
                file.display()
            )),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn verify_and_replay_take_the_rule_set_they_are_given() {
    let root = haifu_testkit::workspace_root();
    let scenario = root.join("corpus/scenarios/abortive/reach4.haifu");
    let run = |args: &[&str]| haifu().args(args).arg(&scenario).output().expect("runs");
    assert_eq!(run(&["verify"]).status.code(), Some(0));
    // Without four-riichi draws the recorded draw is refused.
    let out = run(&[
        "verify",
        "--rules",
        "auto,suucha_riichi=false",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let game = &report["games"][0];
    // The scenario has no date: Tenhou's default era, whose final points round to thousands.
    assert_eq!(
        game["rules"],
        "tenhou,suucha_riichi=false,final_points={return_score=30000,rounding=\"tenhou-thousands\",uma=[20,10,-10,-20]}"
    );
    assert!(
        game["rules_source"]
            .as_str()
            .is_some_and(|s| s.contains("no date"))
    );
    assert!(
        game["divergences"]
            .as_array()
            .is_some_and(|d| d.iter().any(|d| d["detail"]
                .as_str()
                .is_some_and(|t| t.contains("suucha riichi is not an abortive draw")))),
        "{game}"
    );
    // A preset replaces the log's own rules: WRC starts at 30000.
    let out = run(&["replay", "--rules", "wrc"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("every seat starting with 30000"));
}

#[test]
fn diff_compares_two_rule_sets_on_the_same_game() {
    let scenario = haifu_testkit::workspace_root().join("corpus/scenarios/abortive/kaze4.haifu");
    let run = |against: &str, json: bool| {
        let mut cmd = haifu();
        cmd.args(["diff", "--against", against]).arg(&scenario);
        if json {
            cmd.args(["--format", "json"]);
        }
        cmd.output().expect("runs")
    };
    let same = run("auto", false);
    assert_eq!(same.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&same.stdout).contains(": no change"));
    // S4.1's ron pays 1300 + 1500 for its one honba under the override.
    let out = run("auto,honba_ron=1500", true);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let changes = report["games"][0]["changes"].as_array().expect("changes");
    assert!(changes.iter().any(|c| {
        c["kind"] == "payments"
            && c["round"] == "S4.1"
            && c["detail"]
                .as_str()
                .is_some_and(|d| d.contains("A 0 1600 0 -1600; B 0 2800 0 -2800"))
    }));
    // Typed: the score changes per seat on each side, the rule sets each side resolved to,
    // and each side's end.
    let payments = changes
        .iter()
        .find(|c| c["kind"] == "payments" && c["round"] == "S4.1")
        .expect("the payments change");
    assert_eq!(payments["a"], serde_json::json!([0, 1600, 0, -1600]));
    assert_eq!(payments["b"], serde_json::json!([0, 2800, 0, -2800]));
    let rules = &report["games"][0]["rules"];
    assert!(
        rules[1]
            .as_str()
            .is_some_and(|b| b.contains("honba_ron=1500")),
        "{rules}"
    );
    assert!(report["games"][0]["end_a"].is_object(), "{report}");
    assert_eq!(report["summary"]["games_changed"], 1);
    // Without suufon renda the recorded draw is refused under B.
    let out = run("auto,suufon_renda=false", false);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("B refuses it: the suufon_renda draw"),
        "{text}"
    );
}

#[test]
fn diff_aggregates_a_folder_and_draws_it_as_a_page() {
    let dir = haifu_testkit::workspace_root().join("corpus/scenarios");
    let out = haifu()
        .args(["diff", "--against", "auto,kiriage_mangan=true", "--explain"])
        .arg(&dir)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("places, A (rows) to B (columns)"), "{text}");
    assert!(
        text.contains("changed wins each rule point changes alone: kiriage_mangan 1;"),
        "{text}"
    );
    // The folder, a game that changes under a hostile name, and a file that does not read.
    let changed = std::fs::read(dir.join("yaku/double-riichi.haifu")).expect("reads");
    let changed = temp_file(&format!("diff-page/{HOSTILE}.haifu"), &changed);
    let unreadable = temp_file(&format!("diff-page/{HOSTILE}-bad.haifu"), b"not a log\n");
    let page = haifu()
        .args([
            "diff",
            "--against",
            "auto,kiriage_mangan=true",
            "--format",
            "html",
        ])
        .arg(&dir)
        .arg(&changed)
        .arg(&unreadable)
        .output()
        .expect("runs");
    let page = String::from_utf8(page.stdout).expect("UTF-8");
    assert!(page.starts_with("<!DOCTYPE html>"));
    for part in [
        "<table id=\"summary\">",
        "<svg id=\"point-changes\"",
        "<table id=\"placements\">",
        "<svg id=\"points-shift\"",
        "</html>",
        // A and B named with what they resolved to, and the legend.
        "A: <code>auto</code>, resolved per game to",
        "B: <code>auto,kiriage_mangan=true</code>, resolved per game to",
        "<h2 id=\"legend\">Legend</h2>",
        "<li><code>buu,kiriage_mangan=true</code> (6 games)</li>",
        "none (<code>0</code>)",
        // The changed games, each linked to its section and its rounds' sheets side by side.
        "<h2 id=\"changed\">Changed games</h2><p>2 games in which something changes",
        "<ul id=\"games\"><li><a href=\"#g0\">",
        "yaku/double-riichi.haifu</a>: 4 changes (<a href=\"#g0-r0\">S4.0</a>, <a href=\"#g0-r1\">the game</a>)</li>",
        "<li><a href=\"#g1\">",
        "<section id=\"g0\">",
        "<h4 id=\"g0-r0\">S4.0</h4><table class=\"sheets\"><tr><th>A</th><th>B</th></tr>",
        "<td class=\"a\">  win seat C tsumo: double-riichi 2, menzen-tsumo 1, tanyao 1, ura 0 | 30 fu 4 han 7900 no-limit</td>",
        "<td class=\"b\">  win seat C tsumo: double-riichi 2, menzen-tsumo 1, tanyao 1, ura 0 | 30 fu 4 han 8000 mangan</td>",
        // The file that failed and the games B cannot rule to the end, named.
        "<h2 id=\"failed\">Files that failed</h2>",
        "<h2 id=\"unruled\">Games B cannot rule to the end</h2>",
    ] {
        assert!(page.contains(part), "{part}");
    }
    assert!(!page.contains("1 changes") && !page.contains("1 wins"));
    assert_self_contained(&page);
}

/// A file name that would run a script, end an attribute and start a reference, were it not
/// escaped.
const HOSTILE: &str = "<script>alert('x')</script>\"&amp;";

/// An HTML page is static and self-contained: no script, nothing fetched, every link to a
/// place in the page itself; and the hostile file name it was given shows as text.
#[track_caller]
fn assert_self_contained(page: &str) {
    assert!(!page.contains("<script") && !page.contains("src="));
    let links = page.matches("href=").count();
    assert!(links > 0);
    assert_eq!(
        page.matches("href=\"#").count(),
        links,
        "a link out of the page"
    );
    assert!(
        page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&amp;amp;"),
        "the hostile name, escaped"
    );
    // Every anchor linked to is in the page.
    for link in page.split("href=\"#").skip(1) {
        let id = &link[..link.find('"').expect("a closing quote")];
        assert!(page.contains(&format!("id=\"{id}\"")), "#{id}");
    }
}

#[test]
fn verify_draws_every_game_and_each_divergent_rounds_sheet_as_a_page() {
    let conforming =
        haifu_testkit::workspace_root().join("corpus/scenarios/yaku/double-riichi.haifu");
    let (divergent, _) = changed_example(
        &format!("verify-page/{HOSTILE}.haifu"),
        "deltas 0 -8000 +9000 0",
        "deltas 0 -7000 +8000 0",
        "win C ron B",
    );
    let unreadable = temp_file(&format!("verify-page/{HOSTILE}-bad.haifu"), b"not a log\n");
    let out = haifu()
        .args(["verify", "--format", "html"])
        .arg(&conforming)
        .arg(&divergent)
        .arg(&unreadable)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "an unreadable file");
    let page = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    for part in [
        "<p id=\"summary\">3 files, 2 games,",
        "1 conforming, 1 divergent, 0 unsupported, 1 error; 1 divergence",
        "<h2 id=\"legend\">Legend</h2>",
        "<h2 id=\"games\">Games</h2>",
        // Every game, with its status and rounds; those with more to show linked.
        "<tr class=\"conforming\"><td><code>",
        "<tr class=\"divergent\"><td><a href=\"#f1\"><code>",
        "<tr class=\"error\"><td><a href=\"#f2\"><code>",
        "</code></a></td><td>divergent</td><td>1</td><td>1 divergence</td></tr>",
        // The divergent round's sheet, its divergence marked.
        "<section id=\"f1\">",
        "<td><a href=\"#f1-r0\">E1.0</a></td>",
        "<h4 id=\"f1-r0\">E1.0</h4><pre class=\"sheet\">E1.0 dealer",
        "<mark>  !! payment_mismatch: ",
        // The unreadable file's located message.
        "<section id=\"f2\">",
        ": error at line 1, column 1</h3><pre>",
    ] {
        assert!(page.contains(part), "{part}\n{page}");
    }
    assert!(!page.contains("1 divergences") && !page.contains("1 rounds"));
    assert_self_contained(&page);
}

#[test]
fn a_baseline_gates_on_new_divergences_only() {
    let dir = std::env::temp_dir().join(format!("haifu-baseline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let kaze4 = std::fs::read_to_string(
        haifu_testkit::workspace_root().join("corpus/scenarios/abortive/kaze4.haifu"),
    )
    .expect("reads");
    let changed = |delta: &str| {
        kaze4.replacen(
            "deltas 0 +1000 -1000 0",
            &format!("deltas 0 +{delta} -{delta} 0"),
            1,
        )
    };
    std::fs::write(dir.join("a.haifu"), changed("1100")).expect("writes");
    let baseline = dir.join("baseline.json");
    let run = |extra: &[&std::ffi::OsStr]| {
        haifu()
            .arg("verify")
            .args(extra)
            .arg(dir.join("a.haifu"))
            .output()
            .expect("runs")
    };
    // Writing a baseline accepts what it writes: the run succeeds.
    assert_eq!(
        run(&["--write-baseline".as_ref(), baseline.as_os_str()])
            .status
            .code(),
        Some(0)
    );
    // Known divergences do not fail the run; a new one does.
    assert_eq!(
        run(&["--baseline".as_ref(), baseline.as_os_str()])
            .status
            .code(),
        Some(0)
    );
    // The same game named otherwise (through `.`, or relative to another folder) is the same
    // game: the baseline knows it by its identity, not by the path as typed.
    for (cwd, named) in [
        (std::env::temp_dir(), dir.join(".").join("a.haifu")),
        (dir.clone(), std::path::PathBuf::from("a.haifu")),
    ] {
        let out = haifu()
            .current_dir(&cwd)
            .arg("verify")
            .arg("--baseline")
            .arg(&baseline)
            .arg(&named)
            .output()
            .expect("runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            named.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Nor any CI report: GitHub notices, not errors; JUnit passes; JSON flags them known.
    let with = |format: &str| {
        let out = run(&[
            "--baseline".as_ref(),
            baseline.as_os_str(),
            "--format".as_ref(),
            format.as_ref(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{format}");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let github = with("github");
    assert!(!github.contains("::error"), "{github}");
    assert!(
        github.contains("::notice file=") && github.contains("title=known "),
        "{github}"
    );
    let junit = quick_junit::Report::deserialize_from_str(&with("junit")).expect("reads back");
    assert_eq!((junit.tests, junit.failures), (1, 0));
    let json: serde_json::Value = serde_json::from_str(&with("json")).expect("JSON");
    let divergences = json["games"][0]["divergences"]
        .as_array()
        .expect("divergences");
    assert!(!divergences.is_empty() && divergences.iter().all(|d| d["known"] == true));
    assert!(with("markdown").contains(" (known)"));
    assert!(with("text").contains(" (known)"));
    // The same divergence with another value is still the known one.
    std::fs::write(dir.join("a.haifu"), changed("1200")).expect("writes");
    assert_eq!(
        run(&["--baseline".as_ref(), baseline.as_os_str()])
            .status
            .code(),
        Some(0)
    );
    // A second game tampered with: exactly its divergence is new.
    std::fs::write(dir.join("b.haifu"), changed("1300")).expect("writes");
    let out = haifu()
        .args(["verify", "--baseline"])
        .arg(&baseline)
        .arg(dir.join("a.haifu"))
        .arg(dir.join("b.haifu"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("1 known divergences found again, 0 no longer found, 1 new"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // GitHub annotations name the file and the line; Markdown folds the divergences.
    let out = run(&["--format".as_ref(), "github".as_ref()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l.starts_with("::error file=")
            && l.contains(",line=")
            && l.contains("title=payment_mismatch::E1.0: ")),
        "{text}"
    );
    let out = run(&["--format".as_ref(), "markdown".as_ref()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("## haifu verify"), "{text}");
    assert!(
        text.contains("<details><summary>") && text.contains("| E1.0 |"),
        "{text}"
    );
}

#[test]
fn replay_writes_json_lines() {
    let scenario =
        haifu_testkit::workspace_root().join("corpus/scenarios/furiten/same-turn-cleared.haifu");
    let out = haifu()
        .args(["replay", "--format", "json", "--round", "S4.0"])
        .arg(&scenario)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1);
    let game: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(game["status"], "conforming");
    let lines = game["rounds"][0]["lines"].as_array().expect("lines");
    assert!(
        lines
            .iter()
            .any(|l| l["type"] == "furiten" && l["reason"] == "passed 1m this turn")
    );
    assert!(
        lines
            .iter()
            .any(|l| l["type"] == "win" && l["computed"]["points"] == 1300)
    );
}

#[test]
fn verify_reads_tenhou6_records_by_their_content() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    // The JPML transcriptions' rule.disp names the tournament, their title JPML's official
    // rules: `auto` takes the title. Two conform and the third shows its transcriber's slip.
    let pro = six.join("pro");
    let out = haifu().arg("verify").arg(&pro).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("2 conforming, 1 divergent"), "{text}");
    // Placed at the round's first element in the JSON.
    assert!(
        text.contains("E2.0 event 105 (line 1, column ") && text.contains("): flow_mismatch"),
        "{text}"
    );
}

#[test]
fn an_input_in_no_known_format_names_the_formats_read() {
    let path = temp_file("notes.txt", b"12 34 56\n");
    let out = haifu().arg("verify").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("not a game record haifu reads: expected Tenhou mjlog XML")
            && text.contains("tenhou.net/6 JSON"),
        "{text}"
    );
    let path = temp_file("other.json", b"{\"head\": {}}\n");
    let out = haifu().arg("verify").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn convert_to_tenhou6_and_verify_from_standard_input() {
    let Some(six) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let g3 = six.join("pro/pro_jpml_39th-judan-final_g3.json");
    let converted = stdout_of_success(&[
        "convert".as_ref(),
        g3.as_os_str(),
        "--to".as_ref(),
        "tenhou6".as_ref(),
    ]);
    let mut child = haifu()
        .args(["verify", "-", "--rules", "jpml"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&converted).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    // The transcriber's slip, and nothing else, as from the original.
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("-: divergent (1 divergence)"), "{text}");
    // Placed in the record read from standard input too (its one line, at the round's item).
    assert!(
        text.contains("E2.0 event 105 (line 1, column ") && text.contains("): flow_mismatch"),
        "{text}"
    );
    // The notation cannot say what such a record leaves open: convert says so, exit 2.
    let out = haifu()
        .arg("convert")
        .arg(&g3)
        .args(["--to", "haifu"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the notation cannot say"));
}

/// The JUnit report read back with the crate that wrote it: a suite per folder, a test case
/// per game, a failure per divergent game, the counts CI servers read on each suite.
#[test]
fn the_junit_report_reads_back_with_its_counts() {
    let root = haifu_testkit::workspace_root().join("corpus/scenarios/abortive");
    let kaze4 = std::fs::read_to_string(root.join("kaze4.haifu")).expect("reads");
    let dir = std::env::temp_dir().join(format!("haifu-junit-{}", std::process::id()));
    for sub in ["a", "b"] {
        std::fs::create_dir_all(dir.join(sub)).expect("folder");
    }
    std::fs::write(dir.join("a/kaze4.haifu"), &kaze4).expect("writes");
    std::fs::write(dir.join("b/kaze4.haifu"), &kaze4).expect("writes");
    // The same game with one win's points moved: divergent.
    let moved = kaze4.replacen("30fu 1han 1000", "30fu 1han 1100", 1);
    assert_ne!(moved, kaze4, "the scenario has the win this test moves");
    std::fs::write(dir.join("b/moved.haifu"), moved).expect("writes");
    let out = haifu()
        .args(["verify", "--format", "junit"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let xml = String::from_utf8(out.stdout).expect("UTF-8");
    let report = quick_junit::Report::deserialize_from_str(&xml).expect("reads back");
    assert_eq!((report.tests, report.failures, report.errors), (3, 1, 0));
    let suites: Vec<(String, usize, usize)> = report
        .test_suites
        .iter()
        .map(|s| (s.name.to_string(), s.tests, s.failures))
        .collect();
    let shown = dir.display().to_string();
    assert_eq!(
        suites,
        [(format!("{shown}/a"), 1, 0), (format!("{shown}/b"), 2, 1)]
    );
    assert_eq!(report.test_suites[1].test_cases.len(), 2);
}

/// What a CI shows, snapshotted: the GitHub annotations and the Markdown job summary of a
/// folder with a conforming game and a divergent one (paths relative to the folder run in).
#[test]
fn github_annotations_and_markdown_summary() {
    let root = haifu_testkit::workspace_root().join("corpus/scenarios/abortive");
    let kaze4 = std::fs::read_to_string(root.join("kaze4.haifu")).expect("reads");
    let dir = std::env::temp_dir().join(format!("haifu-ci-shapes-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("games")).expect("folder");
    std::fs::write(dir.join("games/kaze4.haifu"), &kaze4).expect("writes");
    let moved = kaze4.replacen("30fu 1han 1000", "30fu 1han 1100", 1);
    std::fs::write(dir.join("games/moved.haifu"), moved).expect("writes");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(haifu_testkit::workspace_root().join("snapshots/cli"));
    settings.set_prepend_module_to_snapshot(false);
    for format in ["github", "markdown"] {
        let out = haifu()
            .current_dir(&dir)
            .args(["verify", "--format", format, "games"])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1));
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        settings.bind(|| insta::assert_snapshot!(format!("verify-{format}"), text));
    }
}

#[test]
fn mahjong_soul_records_verify_and_convert_to_tenhou6() {
    let Some(dir) = haifu_testkit::shared_corpus("majsoul") else {
        return;
    };
    let out = haifu().arg("verify").arg(&dir).output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("3 files, 3 games, 35 rounds"), "{text}");
    assert!(text.contains("3 conforming, 0 divergent"), "{text}");
    // Written as tenhou.net/6 (no wall there) and read back: still conforming.
    let out_dir = std::env::temp_dir().join(format!("haifu-ms6-{}", std::process::id()));
    let status = haifu()
        .arg("convert")
        .arg(&dir)
        .args(["--to", "tenhou6", "--out-dir"])
        .arg(&out_dir)
        .status()
        .expect("runs");
    assert!(status.success());
    let out = haifu().arg("verify").arg(&out_dir).output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("3 conforming"), "{text}");
}

#[test]
fn a_record_that_begins_mid_game_says_so_and_require_start_fails_it() {
    let file = haifu_testkit::workspace_root().join("corpus/scenarios/flow/all-last-alone.haifu");
    let out = haifu().arg("verify").arg(&file).output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "conforming (1 round; it starts mid-game; no wall to check the draws against)"
        ),
        "{text}"
    );
    let out = haifu()
        .args(["verify", "--require-start"])
        .arg(&file)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
}

/// `convert --to tenhou6` writes only what the log or the rule set says: a JPML record (no
/// red fives) comes out without a red five and with its own rule name; a record that declares
/// no rule set is not written (exit 2) unless `--rules` names one.
#[test]
fn convert_never_invents_red_fives_nor_a_rule_set() {
    let Some(dir) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let game = dir.join("pro/pro_jpml_39th-judan-final_g1.json");
    let out = haifu()
        .args(["convert", "--to", "tenhou6"])
        .arg(&game)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(record["rule"]["aka"], 0);
    assert_eq!(record["rule"]["disp"], "日本プロ麻雀連盟公式ルール");
    let fives: Vec<u64> = record["log"][0][4]
        .as_array()
        .expect("a hand")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .filter(|code| (51..=53).contains(code))
        .collect();
    assert_eq!(fives, Vec::<u64>::new());
    let text = std::fs::read_to_string(&game).expect("the record reads");
    let mut untitled: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    untitled["title"] = serde_json::json!(["", ""]);
    let path = temp_file("convert-untitled.json", untitled.to_string().as_bytes());
    let out = haifu()
        .args(["convert", "--to", "tenhou6"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot be written as tenhou.net/6 JSON") && err.contains("--rules"),
        "{err}"
    );
    let out = haifu()
        .args(["convert", "--to", "tenhou6", "--rules", "auto:jpml2012"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // The viewer's name is the record's own.
    assert_eq!(record["rule"]["disp"], untitled["rule"]["disp"]);
    assert!(
        record["rule"]["haifu"]
            .as_str()
            .is_some_and(|spec| spec.starts_with("jpml2012,")),
        "{record}"
    );
}

/// A conversion never changes a verdict: a paid nine-terminals draw (whose payments
/// tenhou.net/6 cannot carry) and a classic fishing declaration (which it would write as a
/// riichi) are refused, exit 2, saying what would change.
#[test]
fn convert_refuses_what_would_change_a_verdict() {
    for (scenario, change) in [
        (
            "abortive/kyuushu-paid",
            "it would diverge where the log does not: S4.0: score changes of the draw",
        ),
        (
            "classic/fishing",
            "it would diverge where the log does not: E1.0: seat A's riichi deposit",
        ),
    ] {
        let path =
            haifu_testkit::workspace_root().join(format!("corpus/scenarios/{scenario}.haifu"));
        let out = haifu()
            .args(["convert", "--to", "tenhou6"])
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{scenario}");
        assert!(out.stdout.is_empty(), "{scenario}: nothing written");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("would get another verdict than the log") && err.contains(change),
            "{scenario}: {err}"
        );
    }
}

/// A record that declares no rule set (a JPML transcription whose `rule.disp` is the
/// tournament's title, its title lines taken away) is refused under `auto` with a suggestion
/// that parses, and read under `auto:PRESET`, which keeps each log's own rules where it
/// declares them.
#[test]
fn auto_with_a_fallback_reads_a_record_that_declares_no_rules() {
    let Some(dir) = haifu_testkit::shared_corpus("tenhou6") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("pro/pro_jpml_39th-judan-final_g1.json"))
        .expect("the record reads");
    let mut record: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    record["title"] = serde_json::json!(["", ""]);
    let game = temp_file("untitled.json", record.to_string().as_bytes());
    let out = haifu().arg("verify").arg(&game).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("--rules auto:jpml2024"), "{text}");
    let out = haifu()
        .args([
            "verify".as_ref(),
            "--rules".as_ref(),
            "auto:jpml2024".as_ref(),
            game.as_os_str(),
        ])
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // A Tenhou log declares its own: the fallback is not used.
    let Some(tenhou) = haifu_testkit::tenhou_corpus() else {
        return;
    };
    let log = tenhou.join("2009082713gm-00e1-0000-8820f355.xml");
    let out = haifu()
        .args([
            "verify".as_ref(),
            "--format".as_ref(),
            "json".as_ref(),
            "--rules".as_ref(),
            "auto:jpml".as_ref(),
            log.as_os_str(),
        ])
        .output()
        .expect("runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let source = report["games"][0]["rules_source"].as_str().unwrap_or("");
    assert!(source.starts_with("Tenhou GO type"), "{source}");
}

/// Issue 27: a baseline key that occurs once covers one divergence. A double ron with one
/// payment wrong is recorded; when both go wrong (the same file, round, kind and field), the
/// second is new and fails the run.
#[test]
fn a_baseline_key_covers_as_many_divergences_as_it_lists() {
    let scenario = haifu_testkit::workspace_root()
        .join("corpus/scenarios/multiple-ron/double-ron-dealer-renchan.haifu");
    let text = std::fs::read_to_string(scenario).expect("reads");
    let one = text.replacen("  deltas -1300 +1300 0 0", "  deltas -1400 +1400 0 0", 1);
    let both = one.replacen("  deltas -3900 0 0 +3900", "  deltas -4000 0 0 +4000", 1);
    assert!(
        one != text && both != one,
        "the scenario has the double ron this test moves"
    );
    let game = temp_file("double-ron/game.haifu", one.as_bytes());
    let baseline = game.with_file_name("baseline.json");
    let verify = |extra: &[&std::ffi::OsStr]| {
        haifu()
            .arg("verify")
            .args(extra)
            .arg(&game)
            .output()
            .expect("runs")
    };
    let out = verify(&["--write-baseline".as_ref(), baseline.as_os_str()]);
    assert_eq!(out.status.code(), Some(0));
    let out = verify(&["--baseline".as_ref(), baseline.as_os_str()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(&game, both).expect("writes");
    let out = verify(&["--baseline".as_ref(), baseline.as_os_str()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("0 no longer found, 1 new"), "{stderr}");
}

/// A record's `rules club.toml` is the rule file beside the record, with the rules line's
/// overrides after it: reach4 (a four-riichi draw) under a club file without four-riichi
/// draws has its draw refused; the line's `suucha_riichi=true` gives it back; a missing file is
/// an error that names it.
#[test]
fn a_records_rule_file_is_read_beside_it() {
    let scenario = haifu_testkit::workspace_root().join("corpus/scenarios/abortive/reach4.haifu");
    let text = std::fs::read_to_string(scenario).expect("reads");
    let rules_line = text
        .lines()
        .find(|l| l.starts_with("rules "))
        .expect("a rules line");
    let club = temp_file(
        "club/club.toml",
        b"base = \"tenhou\"\nsuucha_riichi = false\n",
    );
    let kinds = |record: &str| {
        let path = temp_file("club/reach4.haifu", record.as_bytes());
        let out = haifu()
            .args(["verify", "--format", "json"])
            .arg(&path)
            .output()
            .expect("runs");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let game = &v["games"][0];
        let kinds: Vec<String> = game["divergences"]
            .as_array()
            .map(|d| d.iter().map(|d| d["kind"].to_string()).collect())
            .unwrap_or_default();
        (kinds, game["rules_source"].to_string(), out.status.code())
    };
    let (refused, source, _) = kinds(&text.replace(rules_line, "rules club.toml"));
    assert!(
        refused.iter().any(|k| k.contains("illegal_action")),
        "{refused:?}"
    );
    assert!(source.contains("club.toml"), "{source}");
    let (allowed, _, _) = kinds(&text.replace(rules_line, "rules club.toml suucha_riichi=true"));
    assert!(
        !allowed.iter().any(|k| k.contains("illegal_action")),
        "{allowed:?}"
    );
    std::fs::remove_file(&club).expect("removes");
    let (_, _, code) = kinds(&text.replace(rules_line, "rules club.toml"));
    assert_eq!(code, Some(2));
    // A club whose riichi takes no deposit: the record's deposit lines state no scores, and
    // the text is read (with Tenhou's 1000) before the file is found, so the record is refused
    // with the override to add; with it on the line, the deposits take nothing (the record's
    // own scores then differ from the engine's at the next round, as written for Tenhou).
    let club = temp_file("club/club.toml", b"base = \"tenhou\"\nriichi_deposit = 0\n");
    let path = temp_file(
        "club/reach4.haifu",
        text.replace(rules_line, "rules club.toml").as_bytes(),
    );
    let out = haifu().arg("verify").arg(&path).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("rules club.toml: the rule file sets riichi_deposit=0")
            && said.contains("(rules club.toml riichi_deposit=0)"),
        "{said}"
    );
    let (stated, _, code) = kinds(&text.replace(rules_line, "rules club.toml riichi_deposit=0"));
    assert_eq!(code, Some(1), "{stated:?}");
    std::fs::remove_file(&club).expect("removes");
}

/// A conforming verdict says when no wall checked the draws: an mjai log states none, while a
/// Tenhou log's walls come from its seed. The JSON counts the rounds whose wall was checked.
#[test]
fn a_verdict_says_when_no_wall_checked_the_draws() {
    let (Some(tenhou), Some(mjai)) = (
        haifu_testkit::shared_corpus("tenhou"),
        haifu_testkit::shared_corpus("mjai"),
    ) else {
        return;
    };
    let game = |file: &std::path::Path, rules: &str| {
        let out = haifu()
            .args(["verify", "--format", "json", "--rules", rules])
            .arg(file)
            .output()
            .expect("runs");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        json["games"][0].clone()
    };
    let seeded = game(&haifu_testkit::first_file(&tenhou, "xml"), "auto");
    assert_eq!(seeded["status"], "conforming");
    assert_eq!(seeded["walls_checked"], seeded["rounds"]);
    let stated_none = game(
        &haifu_testkit::first_file(&mjai, "mjson"),
        "auto:tenhou-sanma",
    );
    assert_eq!(stated_none["status"], "conforming");
    assert_eq!(stated_none["walls_checked"], 0);
    let text = haifu()
        .args(["verify", "--rules", "auto:tenhou-sanma"])
        .arg(haifu_testkit::first_file(&mjai, "mjson"))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("; no wall to check the draws against)"),
        "{text}"
    );
}

/// A round whose moves the record leaves out (`...`) shows it on the replay sheet where the
/// record does, with what the referee took as stated: in `elided/ippatsu-as-stated` the moves
/// are left out right after the deal, and the win lists ippatsu, which only the moves show.
#[test]
fn a_sheet_shows_where_the_moves_are_left_out() {
    let record =
        haifu_testkit::workspace_root().join("corpus/scenarios/elided/ippatsu-as-stated.haifu");
    let out = haifu().arg("replay").arg(&record).output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let sheet = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = sheet.lines().collect();
    assert!(lines[0].starts_with("E1.0 dealer A"), "{sheet}");
    assert_eq!(
        lines[1], "  moves left out (`...`), not checked, and taken as stated: ippatsu",
        "{sheet}"
    );
    assert!(
        lines[2].starts_with("  win seat C ron from seat B: riichi 1, ippatsu 1"),
        "{sheet}"
    );
}

/// After `...` a record states no melds, so a tenpai rule that voids a wait whose fourth copy
/// is in a meld cannot be weighed for a hand with melds: its tenpai is taken as shown, and the
/// verdict says so. `elided/exhaustive` with D's hand shown as 10 tiles (234p 345s 89s 11z,
/// waiting on 7s, so one meld): noted under `tenpai=hand-and-melds-four-void`, not under
/// Tenhou's rule, where melds never void a wait.
#[test]
fn an_elided_draws_tenpai_with_melds_is_taken_as_shown() {
    let record = haifu_testkit::workspace_root().join("corpus/scenarios/elided/exhaustive.haifu");
    let text = std::fs::read_to_string(record).expect("reads");
    let melded = text.replace("  shown D 234m234p34589s11z\n", "  shown D 234p34589s11z\n");
    assert_ne!(melded, text);
    let note = "the tenpai of a hand with melds (the melds are not stated)";
    for (line, noted) in [("", false), (" tenpai=hand-and-melds-four-void", true)] {
        let record = melded.replace("lobby=0\n", &format!("lobby=0{line}\n"));
        let path = temp_file("elided-melds/exhaustive.haifu", record.as_bytes());
        let out = haifu().arg("verify").arg(&path).output().expect("runs");
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{said}");
        assert_eq!(said.contains(note), noted, "{line}: {said}");
    }
}
