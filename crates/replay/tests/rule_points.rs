//! Every rule point of a rule set changes a ruling: each is shown by a hand case
//! (`corpus/hands/*.txt`, `@covers`) or here, by a scenario of `corpus/scenarios/` replayed
//! with the rule point changed, where the referee must rule otherwise than the record (which
//! follows Tenhou's rules). The expected rulings are worked out by hand from the scenario's
//! own comment; the coverage test fails when a rule point has no case.
//!
//! Each preset is also replayed on scenarios where it differs from Tenhou.

use std::collections::BTreeSet;

use haifu_replay::Verdict;
use haifu_ruleset::FIELDS;

/// A scenario replayed with one rule point changed, and what the referee must say.
struct Case {
    /// The rule point.
    field: &'static str,
    /// The scenario, under `corpus/scenarios/`, without `.haifu`.
    scenario: &'static str,
    /// The override added to its `rules tenhou` line.
    set: &'static str,
    /// A divergence the referee must report: its kind and a part of its text.
    kind: &'static str,
    text: &'static str,
}

const CASES: &[Case] = &[
    Case {
        field: "players",
        scenario: "kans/kokushi-no-ankan-rob",
        set: "players=3 final_points=\"not-known\"",
        kind: "unsupported",
        text: "the game has 4 players and the rule set is for 3",
    },
    // Three players: the North set aside and ronned, refused where kita is not played.
    // Paarenchan: the referee counts the dealer's wins in a row.
    Case {
        field: "classic_limit_hands",
        scenario: "classic/paarenchan",
        set: "classic_limit_hands=false",
        kind: "win_mismatch",
        text: "the engine has pinfu 1",
    },
    // The classic insurance: the fourth honour set's feeder pays the whole hand.
    Case {
        field: "pao_hands",
        scenario: "classic/insurance-fourth-honour-set",
        set: "pao_hands=\"big-dragons-and-winds\"",
        kind: "win_mismatch",
        text: "the engine has nobody",
    },
    Case {
        field: "pao_ron",
        scenario: "classic/insurance-fourth-honour-set",
        set: "pao_ron=\"split-half\"",
        kind: "payment_mismatch",
        text: "the engine has 48000 -24000 -24000 0",
    },
    // The classic fishing: no deposit, the stake paid to another player's win.
    Case {
        field: "riichi",
        scenario: "classic/fishing",
        set: "riichi=\"riichi\"",
        kind: "illegal_action",
        text: "its deposit was not taken",
    },
    Case {
        field: "fishing_stake",
        scenario: "classic/fishing",
        set: "fishing_stake=200",
        kind: "payment_mismatch",
        text: "the engine has -200 -1300 1500 0",
    },
    // The classic 1-4-7 rule: the ron on 4s stands as 4-56; the Japanese furiten refuses it.
    Case {
        field: "furiten",
        scenario: "classic/one-four-seven",
        set: "furiten=\"standard\"",
        kind: "furiten",
        text: "own discard 1s",
    },
    // No sacred discards (a classic variant): the furiten ron stands.
    Case {
        field: "furiten",
        scenario: "furiten/own-discard-ron-bad",
        set: "furiten=false",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    // No sacred discards: C's own 6p no longer keeps it from the 3p, so three players can
    // win on it and the triple-ron abort the scenario expects refused stands.
    Case {
        field: "furiten",
        scenario: "abortive/ron3-one-furiten-bad",
        set: "furiten=false",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    // The classic rules' paid nine orphans.
    Case {
        field: "kyuushu_payment",
        scenario: "abortive/kyuushu-paid",
        set: "kyuushu_payment=false",
        kind: "payment_mismatch",
        text: "the engine has 0 0 0 0",
    },
    // The classic rules' identical first discards: any tile, not only a wind.
    Case {
        field: "suufon_renda",
        scenario: "abortive/first-discards-any-tile",
        set: "suufon_renda=true",
        kind: "illegal_action",
        text: "not the same wind",
    },
    // Buu's flow: the end at 4000, a yakuman's end with everyone else sinking, the bust guard,
    // the chips of sinking and floating.
    Case {
        field: "end_at_score",
        scenario: "buu/maru-a-at-4000",
        set: "end_at_score=false",
        kind: "flow_mismatch",
        text: "the game goes on to E1.1",
    },
    Case {
        field: "yakuman_ends_game",
        scenario: "buu/yakuman-ends-the-game",
        set: "yakuman_ends_game=false",
        kind: "final_mismatch",
        text: "the engine has 3.0 -3.0 0.0 0.0",
    },
    Case {
        field: "bust_guard",
        scenario: "buu/bust-guard-bad",
        set: "bust_guard=false",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    Case {
        field: "final_points",
        scenario: "buu/maru-a-at-4000",
        set: "final_points={sink_float=[20,5,3]}",
        kind: "final_mismatch",
        text: "the engine has 60.0 -20.0 -20.0 -20.0",
    },
    Case {
        field: "final_points",
        scenario: "buu/maru-b",
        set: "final_points={sink_float=[10,7,3]}",
        kind: "final_mismatch",
        text: "the engine has 0.0 14.0 -7.0 -7.0",
    },
    Case {
        field: "kita",
        scenario: "sanma/kita-ron",
        set: "kita=\"not-played\"",
        kind: "illegal_action",
        text: "cannot set a North aside",
    },
    Case {
        field: "kita_ron",
        scenario: "sanma/kita-ron",
        set: "kita_ron=\"no-ron\"",
        kind: "illegal_action",
        text: "no discard is open to claim",
    },
    Case {
        field: "kita_ron",
        scenario: "sanma/kita-ron",
        set: "kita_ron=\"chankan\"",
        kind: "win_mismatch",
        text: "chankan 1, ittsu 2",
    },
    Case {
        field: "kita_interrupts",
        scenario: "sanma/kita-breaks-ippatsu",
        set: "kita_interrupts=\"nothing\"",
        kind: "win_mismatch",
        text: "ippatsu 1",
    },
    Case {
        field: "kita_rinshan",
        scenario: "sanma/kita-rinshan",
        set: "kita_rinshan=false",
        kind: "win_mismatch",
        text: "the engine has 5900",
    },
    Case {
        field: "three_player_tsumo",
        scenario: "sanma/kita-breaks-ippatsu",
        set: "three_player_tsumo=\"north-split\"",
        kind: "payment_mismatch",
        text: "13000 -6000 -6000",
    },
    Case {
        field: "noten_payment",
        scenario: "sanma/noten-and-the-end",
        set: "noten_payment=\"not-settled\"",
        kind: "payment_mismatch",
        text: "depends on noten_payment",
    },
    // The classic draw payments read as a pool of 600 (docs/RULESETS.md, A14): two waiting,
    // each of the two others pays each of them 150 (the seed's 150), 300 apiece (wikidot's).
    Case {
        field: "noten_payment",
        scenario: "exhaustive/noten-splits",
        set: "noten_payment=600",
        kind: "payment_mismatch",
        text: "the engine has 300 -300 -300 300",
    },
    // Each of the two tenpai players receives 1000, the two noten players paying 1000 each
    // (Riichi City's three-player form, per tenpai player).
    Case {
        field: "noten_payment",
        scenario: "exhaustive/noten-splits",
        set: "noten_payment={per_tenpai=1000}",
        kind: "payment_mismatch",
        text: "the engine has 1000 -1000 -1000 1000",
    },
    Case {
        field: "noten_payment",
        scenario: "sanma/noten-and-the-end",
        set: "noten_payment=3000",
        kind: "payment_mismatch",
        text: "the engine has 3000 -1500 -1500",
    },
    // The same tile discarded right after its pon is legal without kuikae.
    Case {
        field: "kuikae",
        scenario: "illegal/kuikae-same-tile",
        set: "kuikae=allowed",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    // Only the called kind is refused: the suji discard after the chi is legal.
    Case {
        field: "kuikae",
        scenario: "illegal/kuikae-suji",
        set: "kuikae=same-only",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    // Mistakes at the table: a rule set that does not say what a dead hand is, or what a
    // false declaration costs, says so where the record has one.
    Case {
        field: "dead_hand",
        scenario: "classic/dead-hand-bad",
        set: "dead_hand=\"not-settled\"",
        kind: "illegal_action",
        text: "the ruling depends on dead_hand, which this rule set leaves not settled",
    },
    // A dead hand that may call: the pon stands.
    Case {
        field: "dead_hand",
        scenario: "mistakes/dead-hand-no-call-bad",
        set: "dead_hand=no-win",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    Case {
        field: "false_win",
        scenario: "classic/false-win",
        set: "false_win=\"not-settled\"",
        kind: "payment_mismatch",
        text: "no payment: the payment depends on false_win",
    },
    // A chombo that deals the hand again: with { redeal = … } the classic false win ends E1
    // and the referee expects E1 once more, not the ron the record goes on with.
    Case {
        field: "false_win",
        scenario: "classic/false-win",
        set: "false_win={redeal=[250,500]}",
        kind: "illegal_action",
        text: "the round is over",
    },
    // The dealer's share is the larger one: with [250, 1000], B pays A 1000.
    Case {
        field: "false_win",
        scenario: "classic/false-win",
        set: "false_win=[250,1000]",
        kind: "payment_mismatch",
        text: "the engine has 1000 -1500 250 250",
    },
    // A rule set that does not settle kuikae says so at the suji discard.
    Case {
        field: "kuikae",
        scenario: "illegal/kuikae-suji",
        set: "kuikae=\"not-settled\"",
        kind: "expectation_failed",
        text: "the ruling depends on kuikae, which this rule set leaves not settled",
    },
    // Seat B at 0 points may declare riichi when any score allows it.
    Case {
        field: "riichi_min_score",
        scenario: "illegal/riichi-below-1000",
        set: "riichi_min_score=any",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    // The riichi with exactly 4 live tiles left is refused when 5 are needed.
    Case {
        field: "riichi_min_live_tiles",
        scenario: "riichi/four-live-tiles-left",
        set: "riichi_min_live_tiles=5",
        kind: "illegal_action",
        text: "4 live tiles are left, fewer than 5",
    },
    // Every kan's indicator at once: the daiminkan's is due before its rinshan draw.
    Case {
        field: "kan_dora",
        scenario: "kans/dora-daiminkan-rinshan",
        set: "kan_dora=immediate",
        kind: "illegal_action",
        text: "seat A draws 9s: a kan's new dora indicator is due",
    },
    // No kan dora: the indicator revealed after the ankan is refused.
    Case {
        field: "kan_dora",
        scenario: "kans/dora-ankan-rinshan",
        set: "kan_dora=false",
        kind: "illegal_action",
        text: "no kan has one due",
    },
    // Kokushi may rob the ankan: the ron the record marks illegal is accepted.
    Case {
        field: "kokushi_robs_ankan",
        scenario: "kans/kokushi-robs-ankan-bad",
        set: "kokushi_robs_ankan=true",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    // Not settled: the ankan a kokushi seat could rob cannot be ruled.
    Case {
        field: "kokushi_robs_ankan",
        scenario: "kans/kokushi-no-ankan-rob",
        set: "kokushi_robs_ankan=not-settled",
        kind: "illegal_action",
        text: "depends on kokushi_robs_ankan",
    },
    // The dealer's wait has its fourth copy in its own pon: noten when melds count, so
    // nobody is tenpai and nothing is paid (the record: +3000 to the dealer).
    Case {
        field: "tenpai",
        scenario: "exhaustive/wait-fourth-copy-in-meld",
        set: "tenpai=hand-and-melds-four-void",
        kind: "payment_mismatch",
        text: "the engine has 0 0 0 0, the log has -1000 -1000 -1000 3000",
    },
    Case {
        field: "kyuushu_kyuuhai",
        scenario: "pao/daisangen-ron",
        set: "kyuushu_kyuuhai=false",
        kind: "illegal_action",
        text: "kyuushu kyuuhai is not an abortive draw under this rule set",
    },
    Case {
        field: "suufon_renda",
        scenario: "abortive/kaze4",
        set: "suufon_renda=false",
        kind: "illegal_action",
        text: "suufon renda is not an abortive draw under this rule set",
    },
    Case {
        field: "suucha_riichi",
        scenario: "abortive/reach4",
        set: "suucha_riichi=false",
        kind: "illegal_action",
        text: "suucha riichi is not an abortive draw under this rule set",
    },
    Case {
        field: "suukaikan",
        scenario: "abortive/kan4-two-players",
        set: "suukaikan=false",
        kind: "illegal_action",
        text: "suukaikan is not an abortive draw under this rule set",
    },
    // In a tonpuusen E4.0 is the last hand: seat B's win leaves the top at 32000, the end.
    Case {
        field: "length",
        scenario: "abortive/kaze4",
        set: "length=tonpuusen",
        kind: "flow_mismatch",
        text: "the engine has the game ends",
    },
    Case {
        field: "start_score",
        scenario: "abortive/kaze4",
        set: "start_score=30000",
        kind: "flow_mismatch",
        text: "every seat starting with 30000",
    },
    // The record's deposits take what its rules line says (2000 each here), so the deposits
    // agree; the four sticks the suucha riichi left are then worth 8000 to S4.1's winner B:
    // D's 1300 + 1 honba of 300 = 1600, and B 1600 + 8000 = 9600 (the log: 1600 + 4000).
    Case {
        field: "riichi_deposit",
        scenario: "abortive/reach4",
        set: "riichi_deposit=2000",
        kind: "payment_mismatch",
        text: "the engine has 0 9600 0 -1600",
    },
    // Buu's riichi takes no stick: with a 1000 deposit, D's 900 falls to -100 and A's ron of
    // 780 would put it at -880, which the bust guard refuses the floating A.
    Case {
        field: "riichi_deposit",
        scenario: "buu/riichi-without-a-stick",
        set: "riichi_deposit=1000",
        kind: "illegal_action",
        text: "would put seat D (-880) below zero",
    },
    // S4.1: 1300 + 1 honba of 1500 = 2800.
    Case {
        field: "honba_ron",
        scenario: "abortive/kaze4",
        set: "honba_ron=1500",
        kind: "payment_mismatch",
        text: "the engine has 0 2800 0 -2800",
    },
    // S4.1: the liable seat C pays daisuushii 32000 and 3 x 500 honba = 33500.
    Case {
        field: "honba_tsumo",
        scenario: "pao/daisuushii-tsumo",
        set: "honba_tsumo=500",
        kind: "payment_mismatch",
        text: "the engine has 33500 0 -33500 0",
    },
    Case {
        field: "noten_payment",
        scenario: "exhaustive/noten-splits",
        set: "noten_payment=false",
        kind: "payment_mismatch",
        text: "the engine has 0 0 0 0",
    },
    // Without nagashi, only the dealer is tenpai: +3000, the others -1000 each.
    Case {
        field: "nagashi_mangan",
        scenario: "nagashi/nagashi-dealer-noten",
        set: "nagashi_mangan=false",
        kind: "payment_mismatch",
        text: "the engine has 3000 -1000 -1000 -1000",
    },
    Case {
        field: "nagashi_mangan",
        scenario: "nagashi/nagashi-dealer-noten",
        set: "nagashi_mangan=not-settled",
        kind: "payment_mismatch",
        text: "depends on nagashi_mangan",
    },
    Case {
        field: "multiple_ron",
        scenario: "multiple-ron/double-ron-dealer-renchan",
        set: "multiple_ron=head-bump",
        kind: "illegal_action",
        text: "only the claimant nearest the discarder wins",
    },
    // The head bump's winner, B, is not the dealer: the deal does not stay with the dealer
    // D, whose ron is refused. The flow is ruled on the scores the log records (A paying
    // both rons: 26800 27300 24000 21900), where nobody has 30000 after the all-last: the
    // game goes on to West 1, dealt by A.
    Case {
        field: "multiple_ron",
        scenario: "multiple-ron/double-ron-dealer-renchan",
        set: "multiple_ron=head-bump",
        kind: "flow_mismatch",
        text: "the engine has W1.0 dealer A sticks 0 scores 26800 27300 24000 21900",
    },
    // East first: A discards, B (next in turn) and the dealer D ron; the dealer wins alone,
    // so B's ron, written first, is the one refused.
    Case {
        field: "multiple_ron",
        scenario: "multiple-ron/double-ron-dealer-renchan",
        set: "multiple_ron=head-bump-east-first",
        kind: "illegal_action",
        text: "seat B ron: under head bump, East first",
    },
    // By need: B (34s, the chow 345s) and the dealer D (46s, the chow 456s) both need A's 5s
    // for a chow; among equal needs the nearest, B, wins, and the dealer's ron is refused.
    Case {
        field: "multiple_ron",
        scenario: "multiple-ron/double-ron-dealer-renchan",
        set: "multiple_ron=head-bump-pair-pung-chow",
        kind: "illegal_action",
        text: "seat D ron: under head bump by need",
    },
    Case {
        field: "multiple_ron",
        scenario: "abortive/ron3",
        set: "multiple_ron=all-win",
        kind: "illegal_action",
        text: "sanchahou is not an abortive draw under this rule set",
    },
    // S4.1: the second winner is paid its 1 honba too: 2000 + 300.
    Case {
        field: "multiple_ron_bonus",
        scenario: "multiple-ron/double-ron-sticks-honba",
        set: "multiple_ron_bonus=honba-to-each-sticks-to-nearest",
        kind: "payment_mismatch",
        text: "the engine has 0 2300 0 -2300",
    },
    Case {
        field: "pao_value",
        scenario: "pao/daisangen-tsuuiisou-ron",
        set: "pao_value=liable-yakuman-only",
        kind: "payment_mismatch",
        text: "not supported yet",
    },
    Case {
        field: "pao_value",
        scenario: "pao/daisangen-ron",
        set: "pao_value=not-settled",
        kind: "payment_mismatch",
        text: "depends on pao_value",
    },
    // S4.1: the discarder B pays the honba: B -16300, the liable C -16000.
    Case {
        field: "pao_honba",
        scenario: "pao/daisangen-ron",
        set: "pao_honba=discarder",
        kind: "payment_mismatch",
        text: "the engine has 32300 -16300 -16000 0",
    },
    // The dealer's tenpai keeps the deal only by a win: S4 passes and the game ends.
    Case {
        field: "renchan",
        scenario: "exhaustive/wait-fourth-copy-in-meld",
        set: "renchan=win-only",
        kind: "flow_mismatch",
        text: "the engine has the game ends",
    },
    // The deal passes after the suufon renda in S4.0, the last hand: top 32000, the end.
    Case {
        field: "abortive_draw",
        scenario: "abortive/kaze4",
        set: "abortive_draw=dealer-rotates",
        kind: "flow_mismatch",
        text: "the engine has the game ends",
    },
    Case {
        field: "busting",
        scenario: "flow/bust-below-zero",
        set: "busting=false",
        kind: "flow_mismatch",
        text: "the engine has the game goes on to S1.0",
    },
    Case {
        field: "agari_yame",
        scenario: "flow/agari-yame",
        set: "agari_yame=false",
        kind: "flow_mismatch",
        text: "the engine has the game goes on to S4.1",
    },
    Case {
        field: "tenpai_yame",
        scenario: "flow/tenpai-yame",
        set: "tenpai_yame=false",
        kind: "flow_mismatch",
        text: "the engine has the game goes on to S4.1",
    },
    Case {
        field: "extension",
        scenario: "flow/west-extension",
        set: "extension=false",
        kind: "flow_mismatch",
        text: "the engine has the game ends",
    },
    // The stick on the table at the end is lost: first place keeps 34500.
    Case {
        field: "leftover_sticks",
        scenario: "flow/leftover-sticks-to-top",
        set: "leftover_sticks=unclaimed",
        kind: "final_mismatch",
        text: "the engine has 25500 22500 16500 34500",
    },
    // A and C tie at 34000 and share the first two places' 40 + 10: each 4 + 25 = 29.
    Case {
        field: "ties",
        scenario: "flow/bust-exactly-zero",
        set: "ties=shared",
        kind: "final_mismatch",
        text: "the engine has 29.0 -51.0 29.0 -7.0",
    },
    // Uma 30/10: -2 + 10, -6 - 10, -14 - 30, first place the rest: +52.
    Case {
        field: "final_points",
        scenario: "abortive/kaze4",
        set: "final_points={return_score=30000,uma=[30,10,-10,-30],rounding=\"tenhou-thousands\"}",
        kind: "final_mismatch",
        text: "the engine has 52.0 8.0 -16.0 -44.0",
    },
];

/// A preset replayed on a Tenhou scenario, and a ruling where it differs from Tenhou.
struct PresetCase {
    preset: &'static str,
    scenario: &'static str,
    kind: &'static str,
    text: &'static str,
}

const PRESET_CASES: &[PresetCase] = &[
    // The three-player presets on a four-player game, and Mahjong Soul's on a kita.
    PresetCase {
        preset: "tenhou-sanma",
        scenario: "kans/kokushi-no-ankan-rob",
        kind: "unsupported",
        text: "the game has 4 players and the rule set is for 3",
    },
    PresetCase {
        preset: "tenhou-sanma-tonpuu",
        scenario: "kans/kokushi-no-ankan-rob",
        kind: "unsupported",
        text: "the game has 4 players and the rule set is for 3",
    },
    PresetCase {
        preset: "tenhou-tonpuu",
        scenario: "abortive/kaze4",
        kind: "flow_mismatch",
        text: "the engine has the game ends",
    },
    PresetCase {
        preset: "tenhou-chips",
        scenario: "kans/dora-daiminkan-rinshan",
        kind: "illegal_action",
        text: "a kan's new dora indicator is due",
    },
    PresetCase {
        preset: "mahjong-soul",
        scenario: "abortive/ron3",
        kind: "illegal_action",
        text: "multiple_ron = all-win",
    },
    PresetCase {
        preset: "mahjong-soul",
        scenario: "kans/kokushi-robs-ankan-bad",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    PresetCase {
        preset: "m-league",
        scenario: "abortive/kaze4",
        kind: "illegal_action",
        text: "suufon renda is not an abortive draw",
    },
    // E2.0's seat A wins before its first draw: a renhou M-League leaves unsettled.
    PresetCase {
        preset: "m-league",
        scenario: "abortive/kaze4",
        kind: "win_mismatch",
        text: "depends on renhou",
    },
    PresetCase {
        preset: "wrc2015",
        scenario: "multiple-ron/double-ron-dealer-renchan",
        kind: "illegal_action",
        text: "only the claimant nearest the discarder wins",
    },
    // E2.0: renhou 5 + chun 1 + dora 3 = 9 han, baiman 16000 (the record: 8000).
    PresetCase {
        preset: "wrc2015",
        scenario: "abortive/reach4",
        kind: "win_mismatch",
        text: "win points: the engine has 16000, the log has 8000",
    },
    PresetCase {
        preset: "wrc2015",
        scenario: "abortive/reach4",
        kind: "flow_mismatch",
        text: "every seat starting with 30000",
    },
    PresetCase {
        preset: "ema2016",
        scenario: "abortive/reach4",
        kind: "illegal_action",
        text: "suucha riichi is not an abortive draw",
    },
    PresetCase {
        preset: "jpml2024",
        scenario: "kans/dora-ankan-rinshan",
        kind: "illegal_action",
        text: "no kan has one due",
    },
    // The classic rules: the dealer's all-honours ron is a limit hand, the limit of 500
    // paid 6 x by the liable feeder: 3000, where the Japanese yakuman is 48000.
    PresetCase {
        preset: "classic",
        scenario: "classic/insurance-fourth-honour-set",
        kind: "win_mismatch",
        text: "win points: the engine has 3000, the log has 48000",
    },
    // The older JPML rules allow suji kuikae and play the abortive draws.
    PresetCase {
        preset: "jpml2012",
        scenario: "illegal/kuikae-suji",
        kind: "expectation_failed",
        text: "the engine accepts it",
    },
    PresetCase {
        preset: "jpml2024",
        scenario: "abortive/kaze4",
        kind: "illegal_action",
        text: "suufon renda is not an abortive draw",
    },
];

fn scenario_text(name: &str) -> String {
    let path = haifu_testkit::workspace_root().join(format!("corpus/scenarios/{name}.haifu"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replays `text` under the rule set its `rules` line declares.
fn verify(text: &str) -> Verdict {
    let log = haifu_notation::read(text).expect("the scenario reads");
    let declared = haifu::declared_rules(&log).expect("its rules line reads");
    haifu_replay::verify(&log, &declared.rules)
}

/// The scenario with `change` applied to its `rules tenhou …` line.
fn with_rules(name: &str, change: impl Fn(&str) -> String) -> String {
    scenario_text(name)
        .lines()
        .map(|l| {
            if l.starts_with("rules ") {
                change(l)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `rules` line with `set` (`key=value`) in place of the key's own override, or after
/// the line's overrides when it has none (a rule point is set once on a line).
fn overridden(line: &str, set: &str) -> String {
    let key = set.split('=').next().unwrap_or(set);
    let mut replaced = false;
    let words: Vec<&str> = line
        .split(' ')
        .map(|w| {
            if w.split('=').next() == Some(key) && w.contains('=') {
                replaced = true;
                set
            } else {
                w
            }
        })
        .collect();
    if replaced {
        words.join(" ")
    } else {
        format!("{line} {set}")
    }
}

fn find(verdict: &Verdict, kind: &str, text: &str) -> bool {
    verdict
        .divergences
        .iter()
        .any(|d| d.kind.name() == kind && d.kind.to_string().contains(text))
}

fn listing(verdict: &Verdict) -> String {
    verdict
        .divergences
        .iter()
        .map(|d| format!("  {}: {}", d.kind.name(), d.kind))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_rule_point_changes_a_ruling() {
    let mut failures = Vec::new();
    for case in CASES {
        assert!(
            FIELDS.iter().any(|f| f.name == case.field),
            "{}: no such rule point",
            case.field
        );
        let original = verify(&scenario_text(case.scenario));
        assert!(
            original.divergences.is_empty(),
            "{} conforms as written:\n{}",
            case.scenario,
            listing(&original)
        );
        let changed = verify(&with_rules(case.scenario, |l| overridden(l, case.set)));
        if !find(&changed, case.kind, case.text) {
            failures.push(format!(
                "{} with {}: expected a {} divergence with `{}`, the referee says:\n{}",
                case.scenario,
                case.set,
                case.kind,
                case.text,
                listing(&changed)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_preset_rules_otherwise_than_tenhou() {
    let mut failures = Vec::new();
    for case in PRESET_CASES {
        let changed = verify(&with_rules(case.scenario, |_| {
            format!("rules {}", case.preset)
        }));
        if !find(&changed, case.kind, case.text) {
            failures.push(format!(
                "{} under {}: expected a {} divergence with `{}`, the referee says:\n{}",
                case.scenario,
                case.preset,
                case.kind,
                case.text,
                listing(&changed)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The rule points the hand cases show (`@covers` lines of `corpus/hands/*.txt`).
fn covered_by_hand_cases() -> BTreeSet<String> {
    let dir = haifu_testkit::workspace_root().join("corpus/hands");
    let mut covered = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("corpus/hands reads") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a hand case file reads");
        for line in text.lines() {
            if let Some(field) = line.trim().strip_prefix("@covers") {
                covered.insert(field.trim().to_owned());
            }
        }
    }
    covered
}

#[test]
fn every_rule_point_has_a_case() {
    let mut covered = covered_by_hand_cases();
    covered.extend(CASES.iter().map(|c| c.field.to_owned()));
    let missing: Vec<&str> = FIELDS
        .iter()
        .map(|f| f.name)
        .filter(|name| !covered.contains(*name))
        .collect();
    assert!(
        missing.is_empty(),
        "rule points without a hand case (`@covers` in corpus/hands) or a scenario case here: {}",
        missing.join(", ")
    );
}

#[test]
fn every_preset_has_cases() {
    for preset in haifu_ruleset::Preset::ALL {
        if preset == haifu_ruleset::Preset::Tenhou {
            continue;
        }
        let hands = haifu_testkit::workspace_root().join("corpus/hands/rule-points.txt");
        let hand_cases = std::fs::read_to_string(hands).expect("reads");
        let by_name = |line: &str| {
            line.strip_prefix("@rules ")
                .and_then(|r| r.split(',').next())
                .and_then(haifu_ruleset::Preset::from_name)
                == Some(preset)
        };
        let in_hands = hand_cases.lines().any(by_name);
        let in_scenarios = PRESET_CASES.iter().any(|c| c.preset == preset.name());
        assert!(
            in_hands || in_scenarios,
            "{preset}: no hand case (@rules) and no scenario case"
        );
    }
}
