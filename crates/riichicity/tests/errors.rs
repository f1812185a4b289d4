//! The reader's errors on hand-made records (no real record is used): each located at the
//! element at fault, named by its JSON path.

use haifu_log::{GameLog, ParseError, ParseErrorKind};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The 136 tiles in a fixed order (`1m1m1m1m2m…`, one red five a suit), as
/// `handCardEncode` writes them, and as tile codes.
fn wall() -> (Vec<String>, Vec<i64>) {
    let mut text = Vec::new();
    let mut codes = Vec::new();
    for (letter, suit) in [("p", 0), ("s", 1), ("m", 2)] {
        for n in 1..=9 {
            for copy in 0..4 {
                let red = n == 5 && copy == 0;
                text.push(format!("{}{letter}", if red { 0 } else { n }));
                codes.push(suit * 16 + n + if red { 256 } else { 0 });
            }
        }
    }
    for n in 1..=7 {
        for _ in 0..4 {
            text.push(format!("{n}z"));
            codes.push((n + 2) * 16 + 1);
        }
    }
    (text, codes)
}

/// A four-player ranked game of one hand: the deal from the wall, the dealer's discard of its
/// first draw, and an exhaustive draw, every field consistent.
fn record() -> Value {
    let (text, codes) = wall();
    let encode = text.concat();
    let sha: String = Sha256::digest(encode.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    // Seat k's dealt tiles: blocks of four, then one each, then the dealer's 14th.
    let mut hands: Vec<Vec<i64>> = vec![Vec::new(); 4];
    for j in 0..3 {
        for (k, hand) in hands.iter_mut().enumerate() {
            hand.extend_from_slice(&codes[16 * j + 4 * k..16 * j + 4 * k + 4]);
        }
    }
    for (k, hand) in hands.iter_mut().enumerate() {
        hand.push(codes[48 + k]);
    }
    hands[0].push(codes[52]);
    let users = [11, 12, 13, 14];
    let info: Vec<Value> = users
        .iter()
        .map(|u| json!({"user_id": u, "hand_points": 25000}))
        .collect();
    let mut events = Vec::new();
    for (k, u) in users.iter().enumerate() {
        let deal = json!({
            "hand_cards": hands[k], "dealer_pos": 0, "dices": [3, 4],
            "bao_pai_card": codes[136 - 4 - 1], "quan_feng": 49, "chang_ci": 1,
            "ben_chang_num": 0, "li_zhi_bang_num": 0, "user_info_list": info,
            "hand_cards_sha_256": sha,
        });
        events.push(json!({"eventType": 1, "userId": u, "eventPos": k, "data": deal.to_string()}));
    }
    let draw = json!({"in_card": 0, "is_gang_incard": false});
    events.push(json!({"eventType": 2, "userId": 11, "data": draw.to_string()}));
    let discard =
        json!({"action": 11, "card": codes[52], "move_cards_pos": [14, 13], "is_li_zhi": false});
    events.push(json!({"eventType": 4, "userId": 11, "data": discard.to_string()}));
    let profit: Vec<Value> = users
        .iter()
        .map(|u| json!({"user_id": u, "point_profit": 0, "li_zhi_profit": 0}))
        .collect();
    let end = json!({"end_type": 7, "win_info": [], "user_profit": profit});
    events.push(json!({"eventType": 5, "userId": 0, "data": end.to_string()}));
    let players: Vec<Value> = users
        .iter()
        .enumerate()
        .map(|(k, u)| json!({"userId": u, "position": k, "points": 25000, "nickname": format!("P{k}")}))
        .collect();
    json!({
        "keyValue": "made-by-hand", "playerCount": 4, "round": 2, "initPoints": 25000,
        "gamePlay": 1001, "isGeMu": false, "isKaiLiZhi": false, "isShaoJi": false, "isLuck": false,
        "handRecord": [{
            "changCi": 1, "quanFeng": 49, "benChangNum": 0, "players": players,
            "handCardEncode": encode, "handCardsSHA256": sha, "paiShan": codes[53..].to_vec(),
            "handEventRecord": events,
        }],
    })
}

fn read(doc: &Value) -> Result<GameLog, ParseError> {
    let text = serde_json::to_string_pretty(doc).expect("JSON");
    let mut log = GameLog::new();
    haifu_riichicity::read(text.as_bytes(), &mut log).map(|()| log)
}

/// The path and message of an element error.
fn element(e: &ParseError) -> (&str, &str) {
    match &e.kind {
        ParseErrorKind::Element { path, detail } => (path, detail),
        other => panic!("not an element error: {other:?}"),
    }
}

/// Changes event `i`'s data field `key` to `value`.
fn set_data(doc: &mut Value, i: usize, key: &str, value: Value) {
    let ev = &mut doc["handRecord"][0]["handEventRecord"][i];
    let mut data: Value = serde_json::from_str(ev["data"].as_str().expect("data")).expect("JSON");
    data[key] = value;
    ev["data"] = data.to_string().into();
}

#[test]
fn the_hand_made_record_reads_and_conforms() {
    let log = read(&record()).expect("reads");
    assert_eq!(log.round_starts().len(), 1);
    assert_eq!(log.draws().len(), 1);
    let rules = haifu::declared_rules(&log).expect("a ranked game declares its rules");
    assert!(
        rules.rules.spec().starts_with("riichi-city"),
        "{}",
        rules.source
    );
    let verdict = haifu_replay::verify(&log, &rules.rules);
    assert_eq!(verdict.checked.walls, 1);
    // The one draw (the dealer's first) is the wall's.
    assert_eq!(verdict.checked.wall_draws, 1);
}

#[test]
fn an_api_reply_reads_and_a_failed_one_is_refused() {
    let reply = json!({"code": 0, "data": record(), "message": "ok"});
    read(&reply).expect("reads");
    let failed = json!({"code": 3, "data": {}, "message": "not found"});
    let e = read(&failed).expect_err("a failed reply");
    let (path, detail) = element(&e);
    assert_eq!(path, "code");
    assert!(detail.contains("failure"), "{detail}");
}

#[test]
fn not_a_record_is_not_the_format() {
    let e = read(&json!({"log": []})).expect_err("not a record");
    assert!(matches!(e.kind, ParseErrorKind::NotTheFormat { .. }), "{e}");
}

#[test]
fn a_bad_tile_code_is_located_at_its_event() {
    let mut doc = record();
    set_data(&mut doc, 5, "card", json!(10));
    let e = read(&doc).expect_err("no tile 10");
    let (path, detail) = element(&e);
    assert_eq!(path, "handRecord[0].handEventRecord[5].data");
    assert!(detail.contains("card is 10"), "{detail}");
    // The place is the data string of the sixth event.
    let text = serde_json::to_string_pretty(&doc).expect("JSON");
    let line = text
        .lines()
        .nth(e.location.line as usize - 1)
        .expect("a line");
    assert!(line.contains("\"data\""), "{line}");
}

#[test]
fn a_broken_commitment_is_located_at_the_hash() {
    let mut doc = record();
    doc["handRecord"][0]["handCardsSHA256"] = json!("00");
    let e = read(&doc).expect_err("the hash is not the wall's");
    let (path, detail) = element(&e);
    assert_eq!(path, "handRecord[0].handCardsSHA256");
    assert!(detail.contains("commitment"), "{detail}");
}

#[test]
fn a_deal_that_is_not_the_walls_is_refused() {
    let mut doc = record();
    let mut hand: Vec<i64> = serde_json::from_str::<Value>(
        doc["handRecord"][0]["handEventRecord"][1]["data"]
            .as_str()
            .expect("data"),
    )
    .expect("JSON")["hand_cards"]
        .as_array()
        .expect("tiles")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    hand.swap(0, 12);
    set_data(&mut doc, 1, "hand_cards", json!(hand));
    let e = read(&doc).expect_err("the deal's order is the wall's");
    let (path, detail) = element(&e);
    assert_eq!(path, "handRecord[0].handEventRecord[1].data");
    assert!(detail.contains("committed wall"), "{detail}");
}

#[test]
fn deal_copies_that_disagree_are_refused() {
    let mut doc = record();
    set_data(&mut doc, 2, "ben_chang_num", json!(1));
    let e = read(&doc).expect_err("the copies disagree");
    let (path, detail) = element(&e);
    assert_eq!(path, "handRecord[0].handEventRecord[2].data");
    assert!(detail.contains("disagrees"), "{detail}");
}

#[test]
fn an_unknown_end_type_is_named() {
    let mut doc = record();
    set_data(&mut doc, 6, "end_type", json!(3));
    let e = read(&doc).expect_err("end type 3 is not known");
    let (_, detail) = element(&e);
    assert!(detail.contains("end_type 3"), "{detail}");
}

#[test]
fn a_local_switch_leaves_the_rules_undeclared_naming_it() {
    let mut doc = record();
    doc["isKaiLiZhi"] = json!(true);
    let log = read(&doc).expect("reads");
    let haifu_ruleset::Declared::Undeclared { why, .. } = &log.header.declared else {
        panic!("undeclared: {:?}", log.header.declared);
    };
    assert!(why.contains("open riichi"), "{why}");
}

#[test]
fn a_hand_without_its_end_is_truncated() {
    let mut doc = record();
    doc["handRecord"][0]["handEventRecord"]
        .as_array_mut()
        .expect("events")
        .pop();
    let e = read(&doc).expect_err("no end");
    assert!(matches!(e.kind, ParseErrorKind::Truncated { .. }), "{e}");
}

#[test]
fn a_hand_without_pai_shan_reads_from_its_commitment() {
    let mut doc = record();
    doc["handRecord"][0]
        .as_object_mut()
        .expect("a hand")
        .remove("paiShan");
    let log = read(&doc).expect("reads");
    assert!(log.round_starts()[0].wall.is_some());
}

#[test]
fn an_unnamed_end_after_nine_terminals_offered_is_that_abortive_draw() {
    let mut doc = record();
    set_data(&mut doc, 4, "is_nine_cards", json!(true));
    // The dealer declares instead of discarding: the discard goes, the end is one the records
    // here never show.
    doc["handRecord"][0]["handEventRecord"]
        .as_array_mut()
        .expect("events")
        .remove(5);
    set_data(&mut doc, 5, "end_type", json!(2));
    let log = read(&doc).expect("reads");
    let draw = &log.draws()[0];
    assert_eq!(draw.kind, haifu_log::DrawKind::KyuushuKyuuhai);
    assert!(
        draw.shown.as_array()[0].is_some(),
        "the declarer's hand is shown"
    );
}

/// The record's text with `field` (a JSON value as text) added first in the game object.
fn with_first_field(doc: &Value, field: &str) -> String {
    let text = serde_json::to_string_pretty(doc).expect("JSON");
    let rest = text.strip_prefix('{').expect("an object");
    format!("{{\"x\": {field},{rest}")
}

#[test]
fn deep_nesting_never_overflows_and_is_located_where_a_value_is_read() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut log = GameLog::new();
    // A field the reader does not read is skipped, however deep.
    let text = with_first_field(&record(), &deep);
    haifu_riichicity::read(text.as_bytes(), &mut log).expect("an unread field is skipped");
    // One it reads is refused at its first bracket: no type the reader reads nests.
    let text = serde_json::to_string_pretty(&record())
        .expect("JSON")
        .replacen("\"playerCount\": 4", &format!("\"playerCount\": {deep}"), 1);
    let e = haifu_riichicity::read(text.as_bytes(), &mut log).expect_err("too deep");
    let (path, detail) = element(&e);
    assert_eq!(path, "playerCount");
    assert!(detail.contains("invalid type: sequence"), "{detail}");
}

#[test]
fn escapes_in_event_data_are_read() {
    let mut doc = record();
    // An unknown field of the deal, written with every kind of escape, a surrogate pair
    // among them: the deal still reads.
    let ev = &mut doc["handRecord"][0]["handEventRecord"][0];
    let data = ev["data"].as_str().expect("data").to_owned();
    let data = data.replacen(
        '{',
        r#"{"note": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83c\udc04","#,
        1,
    );
    ev["data"] = data.into();
    read(&doc).expect("reads");
}

/// Issue 27: a score change no score can hold is an error at its event, never a panic (debug
/// builds check overflow) nor a clamped figure (the reader clamped it before).
#[test]
fn a_change_beyond_what_a_score_can_hold_is_refused() {
    let mut doc = record();
    let profit = |first: i64| -> Value {
        json!([11, 12, 13, 14]
            .iter()
            .map(|u| json!({"user_id": u, "point_profit": if *u == 11 { first } else { 0 }, "li_zhi_profit": 0}))
            .collect::<Vec<_>>())
    };
    set_data(&mut doc, 6, "user_profit", profit(2_147_483_647));
    let e = read(&doc).expect_err("refused");
    let (_, detail) = element(&e);
    assert!(
        detail.contains(
            "25000 and 2147483647: scores, changes or sticks beyond what a figure can hold"
        ),
        "{detail}"
    );
    // The largest change a score of 25000 can take reads as it is.
    set_data(&mut doc, 6, "user_profit", profit(2_147_483_647 - 25_000));
    let log = read(&doc).expect("reads");
    assert_eq!(log.draws()[0].deltas.into_array()[0], 2_147_458_647);
}
