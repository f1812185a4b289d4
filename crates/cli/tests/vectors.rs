//! `haifu vectors` on the project's corpus: the same bytes at any `--jobs`, `--kinds` and
//! `--every` keep what they say, and a bad kind is a usage error.

use std::process::Command;

fn vectors(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_haifu"))
        .current_dir(haifu_testkit::workspace_root())
        .arg("vectors")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

fn count(text: &str, kind: &str) -> usize {
    let needle = format!("\"kind\":\"{kind}\"");
    text.lines().filter(|l| l.contains(&needle)).count()
}

#[test]
fn the_output_is_the_same_at_any_number_of_jobs() {
    let (code, one) = vectors(&["corpus/scenarios", "--jobs", "1"]);
    assert_eq!(code, Some(0));
    for jobs in ["2", "3", "8"] {
        let (code, many) = vectors(&["corpus/scenarios", "--jobs", jobs]);
        assert_eq!(code, Some(0));
        assert!(
            one == many,
            "--jobs {jobs} writes other bytes than --jobs 1"
        );
    }
    assert!(count(&one, "decision") > 1000);
}

#[test]
fn kinds_and_every_select() {
    let (_, all) = vectors(&["corpus/scenarios"]);
    let (code, wins) = vectors(&["corpus/scenarios", "--kinds", "win,draw"]);
    assert_eq!(code, Some(0));
    assert_eq!(count(&wins, "decision") + count(&wins, "transition"), 0);
    assert_eq!(count(&wins, "win"), count(&all, "win"));
    assert_eq!(count(&wins, "draw"), count(&all, "draw"));
    // One decision in ten, counted in each game: at most a tenth of them plus one a game.
    let (code, tenth) = vectors(&["corpus/scenarios", "--kinds", "decision", "--every", "10"]);
    assert_eq!(code, Some(0));
    let (d, d10) = (count(&all, "decision"), count(&tenth, "decision"));
    assert!(d10 * 10 >= d && d10 <= d / 10 + 110, "{d10} of {d}");
    // Every sampled line is one of the full suite's.
    assert!(tenth.lines().all(|l| all.contains(l)));
    let (code, _) = vectors(&["corpus/scenarios", "--kinds", "decisions"]);
    assert_eq!(code, Some(2));
}
