//! Malformed records, written here by hand: each error names the element at fault and points
//! at it.

use haifu_log::{Event, GameLog, Location, ParseError, ParseErrorKind};

/// A record in the `records` layout: a four-player South game whose first round starts with
/// the given hands (seat 0 deals), then `rest` (records, comma-separated).
fn record(hands: [&str; 4], rest: &str) -> String {
    format!(
        r#"{{
  "head": {{
    "uuid": "000000-test",
    "config": {{"category": 1, "mode": {{"mode": 2, "detail_rule": {{}}}}}},
    "accounts": [{{"seat": 0, "nickname": "A"}}, {{"seat": 1, "nickname": "B"}}]
  }},
  "records": [
    {{"_type": "RecordNewRound", "chang": 0, "ju": 0, "ben": 0, "liqibang": 0,
      "scores": [25000, 25000, 25000, 25000],
      "tiles0": {}, "tiles1": {}, "tiles2": {}, "tiles3": {},
      "doras": ["1z"]}}{}{}
  ]
}}"#,
        hands[0],
        hands[1],
        hands[2],
        hands[3],
        if rest.is_empty() { "" } else { ",\n    " },
        rest
    )
}

const HANDS: [&str; 4] = [
    r#"["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p","5p"]"#,
    r#"["1s","2s","3s","4s","5s","6s","7s","8s","9s","6p","7p","8p","9p"]"#,
    r#"["1m","2m","3m","4m","5m","6m","7m","8m","9m","2z","3z","4z","5z"]"#,
    r#"["1s","2s","3s","4s","5s","6s","7s","8s","9s","6z","7z","1p","2p"]"#,
];

fn read(text: &str) -> Result<GameLog, ParseError> {
    let mut log = GameLog::new();
    haifu_majsoul::read(text.as_bytes(), &mut log).map(|()| log)
}

/// The location of the `n`-th (from 0) occurrence of `needle` in `text`.
fn at(text: &str, needle: &str, n: usize) -> Location {
    let offset = text
        .match_indices(needle)
        .nth(n)
        .unwrap_or_else(|| panic!("{needle:?} occurs {} times", n + 1))
        .0;
    Location::of_offset(text.as_bytes(), offset)
}

fn element(e: &ParseError) -> (&str, &str) {
    match &e.kind {
        ParseErrorKind::Element { path, detail } => (path, detail),
        other => panic!("expected an element error, got {other:?}"),
    }
}

#[test]
fn a_complete_round_reads() {
    let text = record(
        HANDS,
        r#"{"_type": "RecordDiscardTile", "seat": 0, "tile": "5p", "moqie": true, "is_liqi": false},
    {"_type": "RecordDealTile", "seat": 1, "tile": "1z"},
    {"_type": "RecordLiuJu", "type": 1, "seat": 1}"#,
    );
    let log = read(&text).unwrap();
    let kinds: Vec<&str> = log
        .events()
        .map(|e| match e {
            Event::RoundStart(_) => "start",
            Event::DrawTile { .. } => "draw",
            Event::Discard { .. } => "discard",
            Event::RoundDraw(_) => "abortive",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["start", "draw", "discard", "draw", "abortive"]);
    assert_eq!(log.header.players[haifu_tiles::Seat::ALL[1]].name, "B");
    assert_eq!(log.header.declared.spec().as_deref(), Some("mahjong-soul"));
    // The dealer's tsumogiri discard says which of its 14 tiles it drew.
    let Some(Event::DrawTile { tile, .. }) = log.event(1) else {
        panic!("the dealer's first draw")
    };
    assert_eq!(tile.to_string(), "5p");
}

#[test]
fn a_json_syntax_error_points_at_the_byte() {
    let text = "{\n  \"head\": {,}\n}";
    let e = read(text).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::Syntax { .. }), "{e}");
    assert_eq!(e.location, at(text, ",", 0));
}

#[test]
fn a_record_cut_short_is_truncated() {
    let text = record(HANDS, "");
    let cut = &text[..text.len() / 2];
    let e = read(cut).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::Truncated { .. }), "{e}");
    // A round with no outcome is a record cut short too.
    let e = read(&text).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::Truncated { .. }), "{e}");
    assert!(matches!(
        read("  ").unwrap_err().kind,
        ParseErrorKind::Empty
    ));
}

#[test]
fn an_object_without_head_is_not_the_format() {
    let e = read(r#"{"log": []}"#).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::NotTheFormat { .. }), "{e}");
}

#[test]
fn a_bad_tile_code_names_the_record_and_field() {
    let text = record(
        HANDS,
        r#"{"_type": "RecordDiscardTile", "seat": 0, "tile": "8z", "moqie": false}"#,
    );
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[1] RecordDiscardTile.tile");
    assert!(
        detail.starts_with("\"8z\": expected a tile code"),
        "{detail}"
    );
    assert_eq!(e.location, at(&text, "\"8z\"", 0));
}

#[test]
fn a_fifth_copy_is_located_at_the_tile() {
    let mut hands = HANDS;
    hands[1] = r#"["1m","1m","1m","2s","3s","4s","5s","6s","7s","8s","9s","6p","7p"]"#;
    let text = record(hands, "");
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[0] RecordNewRound.tiles2[0]");
    assert_eq!(detail, "1m: a fifth copy of 1m in the round");
    // Seats 0 and 1 hold four 1m: the fifth "1m" of the text is seat 2's.
    assert_eq!(e.location, at(&text, "\"1m\"", 4));
}

#[test]
fn a_second_red_five_is_located_at_the_tile() {
    let mut hands = HANDS;
    hands[1] = r#"["0s","0s","2s","3s","4s","6s","7s","8s","9s","6p","7p","8p","9p"]"#;
    let text = record(hands, "");
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[0] RecordNewRound.tiles1[1]");
    assert_eq!(detail, "0s: a second red five of 5s in the round");
    assert_eq!(e.location, at(&text, "\"0s\"", 1));
}

#[test]
fn a_discard_of_a_tile_not_held_is_refused() {
    let text = record(
        HANDS,
        r#"{"_type": "RecordDiscardTile", "seat": 0, "tile": "9s", "moqie": false}"#,
    );
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[1] RecordDiscardTile.tile");
    assert_eq!(detail, "seat A discards 9s and holds none");
    assert_eq!(e.location, at(&text, "\"9s\"", 2));
}

#[test]
fn an_unknown_mode_is_named() {
    let text = record(HANDS, "").replace(r#""mode": 2"#, r#""mode": 3"#);
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "head.config.mode.mode");
    assert!(detail.starts_with("3: expected 1 or 2"), "{detail}");
    assert_eq!(e.location, at(&text, "3, \"detail_rule\"", 0));
}

#[test]
fn an_action_before_any_round_is_out_of_place() {
    let text = r#"{"head": {"config": {"mode": {"mode": 2}}},
 "records": [{"_type": "RecordDealTile", "seat": 1, "tile": "1z"}]}"#;
    let e = read(text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[0] RecordDealTile");
    assert!(detail.starts_with("out of place"), "{detail}");
    assert_eq!(e.location, at(text, "{\"_type\"", 0));
}

#[test]
fn the_actions_layout_names_its_elements() {
    let text = r#"{"head": {"config": {"mode": {"mode": 2}}},
 "data": {"name": ".lq.GameDetailRecords", "data": {"version": 1, "actions": [
  {"passed": 1, "type": 3, "user_event": {"seat": 1, "type": 1}},
  {"passed": 2, "type": 1, "result": {"name": ".lq.RecordNewRound", "data": {"chang": 0, "ju": 0, "ben": 0,
   "scores": [25000, 25000, 25000, 25000], "doras": ["1z"],
   "tiles0": ["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p","5p"],
   "tiles1": ["1s","2s","3s","4s","5s","6s","7s","8s","9s","6p","7p","8p","9p"],
   "tiles2": ["1m","2m","3m","4m","5m","6m","7m","8m","9m","2z","3z","4z","5z"],
   "tiles3": ["1s","2s","3s","4s","5s","6s","7s","8s","9s","6z","7z","1p","2p"]}}},
  {"passed": 3, "type": 1, "result": {"name": ".lq.RecordDiscardTile", "data": {"seat": 4, "tile": "1m"}}}
 ]}}}"#;
    let e = read(text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "data.data.actions[2] RecordDiscardTile.seat");
    assert_eq!(detail, "seat 4: expected 0..3");
    assert_eq!(e.location, at(text, "4, \"tile\"", 0));
}

#[test]
fn a_wall_that_breaks_its_commitment_is_refused() {
    // A whole wall in plain order: every tile once, red fives in place of a five each.
    let mut wall = String::new();
    for suit in ["m", "p", "s"] {
        for n in 1..=9 {
            for copy in 0..4 {
                let digit = if n == 5 && copy == 0 { 0 } else { n };
                wall.push_str(&format!("{digit}{suit}"));
            }
        }
    }
    for n in 1..=7 {
        for _ in 0..4 {
            wall.push_str(&format!("{n}z"));
        }
    }
    let text = record(HANDS, "").replace(
        r#""doras": ["1z"]"#,
        &format!(
            r#""doras": ["1z"], "paishan": "{wall}", "salt": "x", "sha256": "{}""#,
            "0".repeat(64)
        ),
    );
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[0] RecordNewRound.sha256");
    assert!(
        detail.starts_with("the wall does not match its commitment"),
        "{detail}"
    );
    assert_eq!(e.location, at(&text, &format!("\"{}\"", "0".repeat(64)), 0));
}

#[test]
fn a_wall_of_the_wrong_length_is_refused() {
    let text = record(HANDS, "").replace(
        r#""doras": ["1z"]"#,
        r#""doras": ["1z"], "paishan": "1m2m3m""#,
    );
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[0] RecordNewRound.paishan");
    assert!(detail.starts_with("3 tiles: expected 136"), "{detail}");
    assert_eq!(e.location, at(&text, "\"1m2m3m\"", 0));
}

#[test]
fn a_three_player_record_reads_with_three_seats() {
    let text = r#"{"head": {"uuid": "x", "config": {"category": 1, "mode": {"mode": 12}}},
 "records": [
  {"_type": "RecordNewRound", "chang": 0, "ju": 2, "ben": 0, "liqibang": 0,
   "scores": [35000, 35000, 35000], "doras": ["1z"],
   "tiles0": ["1p","2p","3p","4p","5p","6p","7p","8p","9p","1s","2s","3s","4s"],
   "tiles1": ["1p","2p","3p","4p","5p","6p","7p","8p","9p","5s","6s","7s","8s"],
   "tiles2": ["1m","9m","1s","2s","3s","4s","5s","6s","7s","8s","9s","2z","3z","4z"],
   "tiles3": []},
  {"_type": "RecordBaBei", "seat": 2, "moqie": true},
  {"_type": "RecordDealTile", "seat": 2, "tile": "9s"},
  {"_type": "RecordLiuJu", "type": 1, "seat": 2}
 ]}"#;
    let log = read(text).unwrap();
    assert_eq!(log.header.rules.go_type & 0x10, 0x10);
    let spec = log.header.declared.spec().unwrap();
    assert_eq!(spec, "mahjong-soul-sanma", "{spec}");
    let start = &log.round_starts()[0];
    assert_eq!(start.dealer, haifu_tiles::Seat::ALL[2]);
    assert!(start.hands[haifu_tiles::Seat::ALL[3]].is_empty());
    // The dealer sets aside the north it drew (its 14th tile), and draws a replacement.
    assert!(log.events().any(|e| matches!(
        e,
        Event::Call { meld, .. } if meld.kind == haifu_tiles::MeldKind::Kita
    )));
    // 2m is not played with three players.
    let e = read(&text.replace(r#""tiles0": ["1p""#, r#""tiles0": ["2m""#)).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[0] RecordNewRound.tiles0[0]");
    assert_eq!(detail, "2m: 2m–8m are not played with three players");
}

#[test]
fn a_value_of_the_wrong_type_is_located_in_it() {
    let text = record(
        HANDS,
        r#"{"_type": "RecordDiscardTile", "seat": "zero", "tile": "5p", "moqie": true}"#,
    );
    let e = read(&text).unwrap_err();
    let (path, detail) = element(&e);
    assert_eq!(path, "records[1] RecordDiscardTile.seat");
    assert!(
        detail.starts_with("invalid type: string \"zero\""),
        "{detail}"
    );
    let value = at(&text, "\"zero\"", 0);
    assert_eq!(e.location.line, value.line);
    assert!(
        (value.column..value.column + 6).contains(&e.location.column),
        "{} is not inside the value at {value}",
        e.location
    );
}

/// Issue 27: figures from the record whose sums no score can hold are errors at the element,
/// never a panic (debug builds check overflow) nor a clamped figure.
#[test]
fn figures_beyond_what_a_score_can_hold_are_refused() {
    // The dealer's tsumo on the tiles it was dealt (5p last), as the record has it.
    let hule = |xian: &str, old: &str, delta: &str| {
        record(
            HANDS,
            &format!(
                r#"{{"_type": "RecordHule", "hules": [{{"seat": 0, "zimo": true, "hu_tile": "5p",
                  "hand": ["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],
                  "fu": 30, "fans": [{{"id": 1, "val": 1}}], "point_zimo_xian": {xian}}}],
                  "old_scores": {old}, "delta_scores": {delta}}}"#
            ),
        )
    };
    let four = "[25000, 25000, 25000, 25000]";
    for (text, want) in [
        (
            hule("2147483647", four, "[3000, -1000, -1000, -1000]"),
            "2147483647: the payments add up to more than a score can hold",
        ),
        (
            hule(
                "1000",
                "[2147483647, 25000, 25000, 25000]",
                "[3000, -1000, -1000, -1000]",
            ),
            "2147483647 and 3000: scores, changes or sticks beyond what a figure can hold",
        ),
    ] {
        let e = read(&text).expect_err("refused").to_string();
        assert!(e.contains(want), "{e}");
    }
    // Within range the same record reads, and the figures are the record's.
    let log = read(&hule("1000", four, "[3000, -1000, -1000, -1000]")).expect("reads");
    assert_eq!(log.wins()[0].points, 3000);
}
