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
    assert_eq!(v["limit"], "no-limit");
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
    assert_eq!(v["yaku"][0]["name"], "kokushi-13");
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

/// Runs `haifu score` and returns its JSON.
fn score_json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = haifu(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(&out)
}

#[test]
fn the_rule_set_decides_the_value() {
    // Riichi, pinfu, tanyao, dora 1: 4 han 30 fu ron by a non-dealer, 30 x 2^6 x 4 = 7680.
    let hand = [
        "234m55567p23678s",
        "--win",
        "4s",
        "--ron",
        "--riichi",
        "--dora",
        "3m",
        "--seat",
        "S",
    ];
    assert_eq!(score_json(&hand)["points"], 7700);
    let mut wrc = hand.to_vec();
    wrc.extend(["--rules", "wrc"]);
    // Kiriage mangan.
    assert_eq!(score_json(&wrc)["points"], 8000);
    let mut club = hand.to_vec();
    club.extend(["--rules", "tenhou,kiriage_mangan=true"]);
    assert_eq!(score_json(&club)["points"], 8000);

    // Suuankou tanki by ron, non-dealer: a double yakuman on Mahjong Soul.
    let tanki = ["111m333p555s777s9m", "--win", "9m", "--ron", "--seat", "S"];
    assert_eq!(score_json(&tanki)["points"], 32000);
    let mut soul = tanki.to_vec();
    soul.extend(["--rules", "mahjong-soul"]);
    let v = score_json(&soul);
    assert_eq!(v["points"], 64000);
    assert_eq!(v["yakuman"], 2);
    assert_eq!(v["counted_yakuman"], false);
}

#[test]
fn a_counted_yakuman_says_so_and_a_real_one_wins_a_tie() {
    // Riichi, menzen tsumo, chinitsu 6, dora 6: 14 han, counted as a yakuman.
    let v = score_json(&[
        "1112455567999p",
        "--win",
        "3p",
        "--tsumo",
        "--riichi",
        "--dora",
        "48p",
        "--seat",
        "S",
    ]);
    assert_eq!(
        (v["points"].clone(), v["counted_yakuman"].clone()),
        (32000.into(), true.into())
    );
    // Suuankou tanki, or 13 han as runs (riichi, iipeikou, chinitsu, five dora): the yakuman.
    let v = score_json(&[
        "1112223335559m",
        "--win",
        "9m",
        "--ron",
        "--riichi",
        "--dora",
        "48m",
        "--seat",
        "S",
    ]);
    assert_eq!(v["counted_yakuman"], false);
    assert_eq!(v["yaku"][0]["name"], "suuankou-tanki");
}

#[test]
fn rule_set_mistakes_and_impossible_situations_exit_2() {
    let hand = ["234m55567p23678s", "--win", "4s", "--ron"];
    for (extra, says) in [
        (vec!["--rules", "wrc2019"], "wrc2019: not a preset (tenhou,"),
        (vec!["--rules", "auto"], "a hand has no log"),
        (
            vec!["--rules", "tenhou,kiriage=true"],
            "no rule point is called \"kiriage\"",
        ),
        (
            vec!["--rules", "tenhou,multiple_ron=two"],
            "multiple_ron cannot be \"two\"",
        ),
        (vec!["--houtei", "--chankan"], "a win cannot be both"),
    ] {
        let mut args = hand.to_vec();
        args.extend(extra);
        let out = haifu(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let out = haifu(&["234m00567p23678s", "--win", "4s", "--ron"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a suit has one red five"), "{stderr}");
    // A hand whose value needs a rule point the rule set leaves open.
    let out = haifu(&[
        "234m55567p23678s",
        "--win",
        "4s",
        "--ron",
        "--renhou",
        "--seat",
        "S",
        "--rules",
        "m-league",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("renhou, which this rule set leaves not settled"),
        "{stderr}"
    );
}

#[test]
fn han_and_fu_look_up_the_payments() {
    // 3 han 30 fu: base 30 x 2^5 = 960; non-dealer ron 3840 -> 3900, tsumo 1000/2000; dealer
    // ron 5760 -> 5800, tsumo 1920 -> 2000 all.
    let v = {
        let out = haifu(&["--han", "3", "--fu", "30", "--format", "json"]);
        assert_eq!(out.status.code(), Some(0));
        json(&out)
    };
    assert_eq!(v["base_points"], 960);
    assert_eq!(v["non_dealer"]["ron"], 3900);
    assert_eq!(v["non_dealer"]["tsumo"]["dealer_pays"], 2000);
    assert_eq!(v["non_dealer"]["tsumo"]["others_pay"], 1000);
    assert_eq!(v["dealer"]["ron"], 5800);
    assert_eq!(v["dealer"]["tsumo"]["each_pays"], 2000);
    // Kiriage under WRC: 4 han 30 fu is a mangan's 8000.
    let out = haifu(&[
        "--han", "4", "--fu", "30", "--rules", "wrc", "--format", "json",
    ]);
    assert_eq!(json(&out)["non_dealer"]["ron"], 8000);
}

#[test]
fn a_hand_with_its_winning_tile_and_dora_as_a_count() {
    // Riichi, pinfu, tanyao, dora 1: 4 han 30 fu, a non-dealer's ron, 7700 (as above), the
    // hand written with its winning tile among its fourteen.
    let with_win = [
        "234m55567p234678s",
        "--win",
        "4s",
        "--ron",
        "--riichi",
        "--dora",
        "3m",
        "--seat",
        "S",
    ];
    assert_eq!(score_json(&with_win)["points"], 7700);
    // The dora as a count: one (the 4m the 3m indicator gives).
    let counted = [
        "234m55567p23678s",
        "--win",
        "4s",
        "--ron",
        "--riichi",
        "--dora-count",
        "1",
        "--seat",
        "S",
    ];
    let v = score_json(&counted);
    assert_eq!(
        (v["han"].clone(), v["points"].clone()),
        (4.into(), 7700.into())
    );
    // A count beside an indicator adds to it: 5 han, mangan.
    let both = [
        "234m55567p23678s",
        "--win",
        "4s",
        "--ron",
        "--riichi",
        "--dora",
        "3m",
        "--dora-count",
        "1",
        "--seat",
        "S",
    ];
    assert_eq!(score_json(&both)["points"], 8000);
    // A winning tile the fourteen do not hold is bad input.
    let out = haifu(&["234m55567p234678s", "--win", "9s", "--ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the hand has no such tile to win on"));
}

#[test]
fn three_player_hands_take_a_three_player_rule_set() {
    // 111m 999p 567s 11p 99s tsumo on 9s: menzen-tsumo 1 + sanankou 2 + two kita 2 = 5 han, a
    // mangan: the dealer pays 4000, West 2000, and no North pays (tsumo loss).
    let hand = [
        "111m999p567s11p99s",
        "--win",
        "9s",
        "--tsumo",
        "--seat",
        "S",
        "--kita",
        "2",
        "--rules",
        "tenhou-sanma",
    ];
    let v = score_json(&hand);
    assert_eq!((v["han"].as_u64(), v["kita"].as_u64()), (Some(5), Some(2)));
    assert_eq!(v["points"], 6000);
    let paid: Vec<(String, u64)> = v["payments"]
        .as_array()
        .expect("payments")
        .iter()
        .map(|p| {
            (
                p["payer"].as_str().unwrap_or_default().to_owned(),
                p["hand"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(paid, [("W".to_owned(), 2000), ("E".to_owned(), 4000)]);
    // A four-player rule set sets no North aside; a three-player one has no 2m-8m.
    let four: Vec<&str> = hand[..8].to_vec();
    assert_eq!(haifu(&four).status.code(), Some(2));
    let out = haifu(&[
        "234m456p789s123s1z",
        "--win",
        "1z",
        "--ron",
        "--rules",
        "tenhou-sanma",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn buu_counts_menzen_and_dora_points() {
    // Seed 003: a closed seven pairs ron is 50 fu 1 han, 100 x 4 = 400, plus 300 menzen
    // points; a 6z indicator makes the 7z pair two dora: 200 points more, no han.
    let hand = [
        "11m22p33s44z55z66z7z",
        "--win",
        "7z",
        "--ron",
        "--seat",
        "S",
        "--rules",
        "buu,buu_chiitoitsu=true",
    ];
    let v = score_json(&hand);
    assert_eq!(
        (
            v["points"].as_u64(),
            v["menzen_points"].as_u64(),
            v["han"].as_u64()
        ),
        (Some(700), Some(300), Some(1))
    );
    let mut dora = hand.to_vec();
    dora.extend(["--dora", "6z"]);
    let v = score_json(&dora);
    assert_eq!(
        (
            v["points"].as_u64(),
            v["dora_points"].as_u64(),
            v["han"].as_u64()
        ),
        (Some(900), Some(200), Some(1))
    );
}

#[test]
fn a_buu_lookup_uses_buus_own_base_points() {
    // Seed 003: 30 fu 1 han is 60 base points, 240 on a non-dealer's ron, 360 on the dealer's.
    let v = score_json(&["--han", "1", "--fu", "30", "--rules", "buu"]);
    assert_eq!(
        (
            v["base_points"].as_u64(),
            v["non_dealer"]["ron"].as_u64(),
            v["dealer"]["ron"].as_u64()
        ),
        (Some(60), Some(240), Some(360))
    );
}

#[test]
fn a_three_player_lookup_counts_two_payers_under_every_model() {
    // Classic, 1 double 30 points: 60. At three players a non-dealer's tsumo is paid by the
    // dealer (2 x 60) and the one other player (60): 180; the dealer's by two players at
    // 2 x 60 each: 240 (at four players 240 and 360).
    let v = score_json(&["--han", "1", "--fu", "30", "--rules", "classic,players=3"]);
    assert_eq!(v["non_dealer"]["tsumo"]["total"], 180);
    assert_eq!(v["dealer"]["tsumo"]["total"], 240);
    let v = score_json(&["--han", "1", "--fu", "30", "--rules", "classic"]);
    assert_eq!(v["non_dealer"]["tsumo"]["total"], 240);
    assert_eq!(v["dealer"]["tsumo"]["total"], 360);
}

/// `haifu score` of a non-dealer's tanyao and pinfu won on a discard (234m 567m 234p 678s and
/// the pair 55p, waiting on 1p or 4p: 2 han 30 fu), with `extra` flags.
fn tanyao_pinfu(extra: &[&str]) -> Output {
    let mut args = vec!["234567m2355p678s", "--win", "4p", "--ron", "--seat", "S"];
    args.extend_from_slice(extra);
    haifu(&args)
}

/// Issue 25: flags a rule set has no use for are refused with the reason, never ignored in
/// silence (the hand: tanyao and pinfu, 2 han 30 fu, won by a non-dealer on a discard).
#[test]
fn flags_the_rule_set_cannot_use_are_refused() {
    for (extra, why) in [
        ("--rules jpml --riichi --ippatsu", "counts no ippatsu"),
        (
            "--rules jpml --riichi --ura 1m --dora 2m",
            "counts no ura dora",
        ),
        ("--rules classic --dora 1m", "has no dora"),
        ("--rules jpml --dora 1m2m", "reveals no kan dora"),
        ("--riichi --ura 1m2m --dora 3m", "one for one"),
        ("--ura 1m --dora 3m", "only on a riichi win"),
    ] {
        let out = tanyao_pinfu(&extra.split(' ').collect::<Vec<_>>());
        assert_eq!(out.status.code(), Some(2), "{extra}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(why), "{extra}: {stderr}");
    }
    // What the rule set uses is scored as before: riichi, pinfu, tanyao, and one ura dora
    // (the ura indicator 1p makes 2p the ura dora, held once; the dora 1s is not held):
    // 4 han 30 fu, 7700 from the discarder.
    let out = tanyao_pinfu(&["--riichi", "--dora", "9s", "--ura", "1p"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("4 han 30 fu: 7700 points"));
}

/// Issue 27: counters or rule values whose payment no score can hold are bad input, never a
/// wrapped number ("12000 + 4294966996", "riichi sticks 704").
#[test]
fn payments_beyond_any_score_are_refused() {
    for extra in [
        &["--honba", "4294967295"][..],
        &["--sticks", "4294968"][..],
        // The largest honba value a rule point takes (ten million), 300 times: 3e9.
        &["--honba", "300", "--rules", "tenhou,honba_ron=10000000"][..],
    ] {
        let out = tanyao_pinfu(extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("more than any score can hold"),
            "{extra:?}: {stderr}"
        );
    }
    // A rule value beyond what a rule point takes is refused as it is read.
    let out = tanyao_pinfu(&["--rules", "tenhou,honba_ron=2000000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "honba_ron cannot be 2000000000: expected an integer from -10000000 to 10000000"
    ));
}
