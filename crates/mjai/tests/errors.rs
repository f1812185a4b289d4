//! Malformed logs: each refused with a located error naming the event and what was expected;
//! none panics.

use haifu_log::GameLog;

const START: &str = r#"{"type":"start_game","names":["a","b","c","d"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","1p","2p","3p","4p"],["E","E","E","S","S","S","W","W","W","N","N","N","P"],["P","P","P","F","F","F","F","C","C","C","C","5p","5pr"]]}
"#;

fn error(text: &str) -> String {
    let mut log = GameLog::new();
    match haifu_mjai::read(text.as_bytes(), &mut log) {
        Ok(()) => panic!("read: {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_well_formed_round_reads() {
    let text = format!(
        "{START}{}\n{}\n{}\n",
        r#"{"type":"tsumo","actor":0,"pai":"5m"}"#,
        r#"{"type":"dahai","actor":0,"pai":"5m","tsumogiri":true}"#,
        r#"{"type":"ryukyoku","reason":"fanpai","tenpais":[false,false,false,false],"deltas":[0,0,0,0],"scores":[25000,25000,25000,25000]}"#
    );
    let mut log = GameLog::new();
    haifu_mjai::read(text.as_bytes(), &mut log).expect("reads");
    assert_eq!(log.round_starts().len(), 1);
    assert_eq!(log.draws().len(), 1);
    let mut positions = haifu_log::SourcePositions::default();
    haifu_mjai::read_with_positions(text.as_bytes(), &mut log, &mut positions).expect("reads");
    let lines: Vec<u32> = positions.events.iter().map(|l| l.line).collect();
    assert_eq!(lines, [2, 3, 4, 5]);
}

#[test]
fn errors_are_located_and_say_what_was_expected() {
    let cases: [(&str, &str); 11] = [
        ("{\"type\":\"start_game\"\n", "1:21:"),
        (
            "{\"type\":\"start_game\",\"names\":[\"a\",\"b\"]}\n",
            "1:1: the \"start_game\" event: 2 names: expected 3 or 4",
        ),
        (
            "{\"type\":\"start_game\"}\n{\"type\":\"bogus\"}\n",
            "2:1: the \"bogus\" event: \"bogus\": expected start_game",
        ),
        (
            "{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}\n",
            "2:1: the \"tsumo\" event: tsumo before any start_kyoku",
        ),
        (
            &format!("{START}{{\"type\":\"dahai\",\"actor\":1,\"pai\":\"E\"}}\n"),
            "3:1: the \"dahai\" event: seat 1 does not hold E",
        ),
        (
            &format!("{START}{{\"type\":\"tsumo\",\"actor\":5,\"pai\":\"E\"}}\n"),
            "3:1: the \"tsumo\" event: `actor` is 5: expected a seat 0..3",
        ),
        (
            &format!("{START}{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"0m\"}}\n"),
            "3:",
        ),
        (
            &format!("{START}{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}}\n"),
            "3:1: the \"tsumo\" event: `pai` is ?",
        ),
        (
            &format!("{START}{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"F\"}}\n"),
            "3:1: the \"tsumo\" event: `pai`: a fifth copy of",
        ),
        (
            &format!("{START}{{\"type\":\"end_game\"}}\n{{\"type\":\"start_game\"}}\n"),
            "4:1: the \"start_game\" event: an event after end_game: a file holds one game",
        ),
        (
            &format!(
                "{START}{{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"1m\",\"consumed\":[\"1m\",\"1m\"]}}\n"
            ),
            "which is not the last discard",
        ),
    ];
    for (text, want) in cases {
        let got = error(text);
        assert!(
            got.contains(want),
            "{text:?}\n  got:  {got}\n  want: {want}"
        );
    }
}

#[test]
fn a_second_game_in_one_file_is_refused() {
    let text = format!("{START}{{\"type\":\"start_game\"}}\n");
    assert!(
        error(&text)
            .contains("3:1: the \"start_game\" event: a second start_game: a file holds one game")
    );
}

#[test]
fn nothing_panics_on_cut_or_changed_bytes() {
    let text = format!(
        "{START}{}\n{}\n",
        r#"{"type":"tsumo","actor":0,"pai":"5m"}"#,
        r#"{"type":"hora","actor":0,"target":0,"pai":"5m","deltas":[8000,-4000,-2000,-2000]}"#
    );
    let bytes = text.as_bytes();
    let mut log = GameLog::new();
    for cut in 0..bytes.len() {
        let _ = haifu_mjai::read(&bytes[..cut], &mut log);
    }
    for at in 0..bytes.len() {
        for b in [b'"', b'{', b'9', b'x', b'\n', 0xff] {
            let mut changed = bytes.to_vec();
            changed[at] = b;
            let _ = haifu_mjai::read(&changed, &mut log);
        }
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // In a field the reader reads: refused at its line. In one it ignores: skipped without
    // recursion (serde_json skips a value iteratively).
    for field in ["names", "x"] {
        let deep = format!(
            "{{\"type\":\"start_game\",\"{field}\":{}{}}}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let e = error(&deep);
        assert!(e.starts_with(if field == "x" { "2:" } else { "1:" }), "{e}");
    }
}

/// Issue 27: scores, deltas, sticks and han from the log whose sums no figure can hold are
/// located errors, never a panic (debug builds check overflow) nor a wrapped figure.
#[test]
fn figures_beyond_what_a_score_can_hold_are_refused() {
    let tsumo = r#"{"type":"tsumo","actor":0,"pai":"5m"}"#;
    let max_scores = START.replace(
        "[25000,25000,25000,25000]",
        "[2147483647,25000,25000,25000]",
    );
    let cases = [
        (
            format!(
                "{max_scores}{tsumo}\n{}\n",
                r#"{"type":"hora","actor":0,"target":0,"pai":"5m","deltas":[8000,-4000,-2000,-2000]}"#
            ),
            "4:1: the \"hora\" event: seat 0: scores and deltas (2147483647 and 8000) are more than a score can hold",
        ),
        (
            format!(
                "{START}{tsumo}\n{}\n",
                r#"{"type":"hora","actor":0,"target":0,"pai":"5m","deltas":[8000,-4000,-2000,-2000],"scores":[-2147483648,21000,23000,23000]}"#
            ),
            "4:1: the \"hora\" event: seat 0: scores less deltas (-2147483648 and 8000) are more than a score can hold",
        ),
        (
            format!(
                "{}{tsumo}\n{}\n{}\n",
                START.replace("\"kyotaku\":0", "\"kyotaku\":4294967295"),
                r#"{"type":"reach","actor":0}"#,
                r#"{"type":"dahai","actor":0,"pai":"5m","tsumogiri":true}"#,
            ) + r#"{"type":"reach_accepted","actor":0}"#
                + "\n",
            "6:1: the \"reach_accepted\" event: 4294967295 riichi sticks and one more: more than a count can hold",
        ),
        (
            format!(
                "{max_scores}{tsumo}\n{}\n{}\n",
                r#"{"type":"reach","actor":0}"#,
                r#"{"type":"dahai","actor":0,"pai":"5m","tsumogiri":true}"#,
            ) + r#"{"type":"reach_accepted","actor":0,"deltas":[0,0,0,2147483647],"scores":[2147482647,25000,25000,25000]}"#
                + "\n",
            "6:1: the \"reach_accepted\" event: seat 3: scores and deltas (25000 and 2147483647) are more than a score can hold",
        ),
    ];
    for (text, want) in cases {
        let e = error(&text);
        assert!(e.starts_with(want), "{e}\n wanted {want}");
    }
}

/// Issue 27: han at the limits of their type. A yaku's han is a count up to 255: 256 is a
/// located error; two yaku at 255 sum to 510 (not wrapped at 254), refused for disagreeing
/// with the hora's total. Never a panic (debug builds check overflow).
#[test]
fn han_at_the_limits_of_their_type_are_refused() {
    let hora = |yakus: &str| {
        format!(
            "{START}{}\n{}{yakus}{}\n",
            r#"{"type":"tsumo","actor":0,"pai":"5m"}"#,
            r#"{"type":"hora","actor":0,"target":0,"pai":"5m","deltas":[8000,-4000,-2000,-2000],"yakus":"#,
            r#","fan":1}"#
        )
    };
    let e = error(&hora(r#"[["menzenchin_tsumoho",256]]"#));
    assert!(
        e.starts_with("4:1: the \"hora\" event: 256 han for \"menzenchin_tsumoho\""),
        "{e}"
    );
    let e = error(&hora(r#"[["menzenchin_tsumoho",255],["riichi",255]]"#));
    assert!(
        e.starts_with("4:1: the \"hora\" event: the yaku sum to 510 han but the hora says 1"),
        "{e}"
    );
}
