//! `haifu score` end to end: exit codes, the JSON shape and located input errors.

use std::process::{Command, Output};

fn haifu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_haifu"))
        .arg("score")
        .args(args)
        .output()
        .expect("haifu runs")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

#[test]
fn the_issue_example_scores_haku_and_a_red_five() {
    let out = haifu(&[
        "234067m678p1s",
        "--meld",
        "pon:555z",
        "--win",
        "1s",
        "--ron",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["han"], 2);
    assert_eq!(v["fu"], 30);
    // Dealer (seat E by default) 2 han 30 fu ron.
    assert_eq!(v["points"], 2900);
    assert_eq!(v["limit"], "none");
    assert_eq!(v["yakuman"], 0);
    assert_eq!(
        v["yaku"],
        serde_json::json!([{"name": "haku", "han": 1}, {"name": "aka", "han": 1}])
    );
    assert_eq!(v["payments"][0]["payer"], "discarder");
    assert_eq!(v["payments"][0]["hand"], 2900);
}

#[test]
fn text_sheet_for_a_tsumo_with_honba_and_sticks() {
    let out = haifu(&[
        "123m456p13789s99m",
        "--win",
        "2s",
        "--tsumo",
        "--riichi",
        "--seat",
        "S",
        "--honba",
        "1",
        "--sticks",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("2 han 30 fu: 2000 points"), "{text}");
    assert!(text.contains("winner receives 4300"), "{text}");
}

#[test]
fn yakuman_json_counts_yakuman() {
    let out = haifu(&[
        "19m19p19s1234567z",
        "--win",
        "1m",
        "--tsumo",
        "--seat",
        "S",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["limit"], "yakuman");
    assert_eq!(v["yakuman"], 1);
    assert_eq!(v["points"], 32000);
    assert_eq!(v["yaku"][0]["name"], "kokushi 13-wait");
}

#[test]
fn no_yaku_and_incomplete_exit_1_with_the_reason() {
    let out = haifu(&["123m456p13789s99m", "--win", "2s", "--ron", "--seat", "S"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no yaku"));
    let out = haifu(&[
        "123m456p13789s99m",
        "--win",
        "3s",
        "--ron",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["reason"], "not complete");
}

#[test]
fn bad_input_exits_2_pointing_at_the_token() {
    let out = haifu(&[
        "123m456p13789s99m",
        "--win",
        "2s",
        "--ron",
        "--meld",
        "chi:135m",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("chi:135m\n      ^"), "{err}");
    let out = haifu(&["1111m456p789s99s5z", "--win", "1m", "--ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fifth"));
    let out = haifu(&["123m", "--win", "1m", "--ron"]);
    assert_eq!(out.status.code(), Some(2));
    let out = haifu(&["123m456p13789s99m", "--win", "2s"]);
    assert_eq!(out.status.code(), Some(2), "neither --tsumo nor --ron");
    let out = haifu(&["123m456p13789s99m", "--win", "2s", "--ron", "--ippatsu"]);
    assert_eq!(out.status.code(), Some(2));
}
