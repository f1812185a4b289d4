//! The tricky rules, with expectations worked out by hand from the rules (docs/RULESETS.md; and, where the real
//! logs corrected it, from the logs).

use haifu_tiles::{BySeat, Seat, Wind};

use super::*;
use haifu_ruleset::*;
use haifu_tenhou::TenhouEra;

const S0: Seat = Seat::ALL[0];
const S1: Seat = Seat::ALL[1];
const S2: Seat = Seat::ALL[2];
const S3: Seat = Seat::ALL[3];

fn hanchan() -> FlowRules {
    RuleSet::preset(Preset::Tenhou).flow
}

/// Tenhou's flow rules for a game of GO type `go_type` in `era`, starting at `start`.
fn tenhou_game(go_type: u32, era: TenhouEra, start: [i32; 4]) -> FlowRules {
    haifu_tenhou::rules_of(go_type, era, Some(start[0])).flow
}

/// A four-player rule set with the flow rules `flow` (the hand and round rules are Tenhou's:
/// the flow does not read them).
fn four(flow: FlowRules) -> RuleSet {
    RuleSet {
        players: Players::Four,
        flow,
        ..RuleSet::preset(Preset::Tenhou)
    }
}

fn scores(s: [i32; 4]) -> BySeat<i32> {
    BySeat::from_array(s)
}

fn setup(wind: Wind, number: u8, honba: u32, sticks: u32, s: [i32; 4]) -> RoundSetup {
    RoundSetup {
        round_wind: wind,
        round_number: number,
        dealer: S0.after(number - 1),
        honba,
        sticks,
        scores: scores(s),
    }
}

fn win_result(winners: Seats, deltas: [i32; 4]) -> RoundResult {
    RoundResult {
        outcome: RoundOutcome::Win { winners },
        riichi_deposits: Seats::EMPTY,
        deltas: scores(deltas),
        yakuman: Seats::EMPTY,
    }
}

fn draw_result(tenpai: Seats, deltas: [i32; 4]) -> RoundResult {
    RoundResult {
        outcome: RoundOutcome::ExhaustiveDraw { tenpai },
        riichi_deposits: Seats::EMPTY,
        deltas: scores(deltas),
        yakuman: Seats::EMPTY,
    }
}

fn next_round(rules: &FlowRules, round: &RoundSetup, result: &RoundResult) -> RoundSetup {
    match Flow::new(&four(*rules))
        .next_round(S0, round, result)
        .expect("valid")
    {
        Next::Round(r) => r,
        Next::GameOver(end) => panic!("the game ended: {end:?}"),
    }
}

fn game_over(rules: &FlowRules, round: &RoundSetup, result: &RoundResult) -> GameEnd {
    match Flow::new(&four(*rules))
        .next_round(S0, round, result)
        .expect("valid")
    {
        Next::GameOver(end) => end,
        Next::Round(r) => panic!("the game went on: {r:?}"),
    }
}

#[test]
fn hand_values_from_base_points() {
    // 30 fu 4 han: base 1920. Non-dealer tsumo 3900/2000 (7900), dealer 3900 all (11700).
    let ko = WinValue::tsumo_from_base(1920, Role::NonDealer).unwrap();
    assert_eq!(ko.points(Role::NonDealer, Players::Four), 7900);
    let oya = WinValue::tsumo_from_base(1920, Role::Dealer).unwrap();
    assert_eq!(oya.points(Role::Dealer, Players::Four), 11700);
    let ron = WinValue::ron_from_base(S2, 1920, Role::NonDealer).unwrap();
    assert_eq!(ron.points(Role::NonDealer, Players::Four), 7700);
    assert_eq!(
        WinValue::ron_from_base(S2, 1920, Role::Dealer)
            .unwrap()
            .points(Role::Dealer, Players::Four),
        11600
    );
}

#[test]
fn tsumo_pays_honba_per_payer_and_the_sticks() {
    // Non-dealer seat 2 tsumo 1000/2000 with 2 honba and 1 stick, seat 0 dealing.
    let rules = hanchan();
    let win = Win {
        winner: S2,
        value: WinValue::Tsumo {
            dealer_pays: 2000,
            non_dealer_pays: 1000,
        },
        pao: None,
        pao_stacked: false,
        need: None,
    };
    let p = Flow::new(&four(rules))
        .win_payments(
            S0,
            &win,
            Bonus {
                honba: 2,
                sticks: 1,
            },
        )
        .unwrap();
    assert_eq!(p.hand.into_array(), [-2000, -1000, 4000, -1000]);
    assert_eq!(p.honba.into_array(), [-200, -200, 600, -200]);
    assert_eq!(p.sticks.into_array(), [0, 0, 1000, 0]);
    assert_eq!(p.total().into_array(), [-2200, -1200, 5600, -1200]);
}

#[test]
fn pao_on_tsumo_the_liable_player_pays_everything() {
    // Non-dealer seat 1 tsumo daisangen (16000/8000/8000 = 32000), seat 3 liable, 1 honba,
    // 1 stick: seat 3 pays 32000 and 300 honba; seat 1 gets 33300 and the stick.
    let rules = hanchan();
    let value = WinValue::tsumo_from_base(8000, Role::NonDealer).unwrap();
    let win = Win {
        winner: S1,
        value,
        pao: Some(S3),
        pao_stacked: false,
        need: None,
    };
    let p = Flow::new(&four(rules))
        .win_payments(
            S0,
            &win,
            Bonus {
                honba: 1,
                sticks: 1,
            },
        )
        .unwrap();
    assert_eq!(p.hand.into_array(), [0; 4]);
    assert_eq!(p.pao.into_array(), [0, 32000, 0, -32000]);
    assert_eq!(p.honba.into_array(), [0, 300, 0, -300]);
    assert_eq!(p.total().into_array(), [0, 33300, 0, -32300]);
}

#[test]
fn pao_on_ron_splits_the_hand_and_the_liable_player_pays_the_honba() {
    // Seat 1 rons seat 3's discard, daisangen (32000), seat 2 liable, 2 honba: seat 3 pays
    // 16000, seat 2 pays 16000 and 600.
    let rules = hanchan();
    let win = Win {
        winner: S1,
        value: WinValue::Ron {
            discarder: S3,
            points: 32000,
        },
        pao: Some(S2),
        pao_stacked: false,
        need: None,
    };
    let p = Flow::new(&four(rules))
        .win_payments(
            S0,
            &win,
            Bonus {
                honba: 2,
                sticks: 0,
            },
        )
        .unwrap();
    assert_eq!(p.hand.into_array(), [0, 16000, 0, -16000]);
    assert_eq!(p.pao.into_array(), [0, 16000, -16000, 0]);
    assert_eq!(p.honba.into_array(), [0, 600, -600, 0]);
    // JPML: the discarder pays the honba.
    let jpml = FlowRules {
        pao_honba: PaoHonba::Discarder,
        ..rules
    };
    let p = Flow::new(&four(jpml))
        .win_payments(
            S0,
            &win,
            Bonus {
                honba: 2,
                sticks: 0,
            },
        )
        .unwrap();
    assert_eq!(p.honba.into_array(), [0, 600, 0, -600]);
    // Dealer daisuushii with stacked tsuuiisou (96000) ronned off the liable player: all his.
    let win = Win {
        winner: S0,
        value: WinValue::Ron {
            discarder: S2,
            points: 96000,
        },
        pao: Some(S2),
        pao_stacked: false,
        need: None,
    };
    let p = Flow::new(&four(rules))
        .win_payments(
            S0,
            &win,
            Bonus {
                honba: 1,
                sticks: 0,
            },
        )
        .unwrap();
    assert_eq!(p.total().into_array(), [96300, 0, -96300, 0]);
}

#[test]
fn double_ron_sticks_and_honba_to_the_winner_nearest_the_discarder() {
    // Seat 2 deals in to seat 3 (3900) and seat 1 (8000), 1 honba, 2 sticks. Seat 3 sits
    // right after seat 2, so it takes 300 and 2000; seat 1 gets its hand only.
    let rules = hanchan();
    let ron = |winner, points| Win {
        winner,
        value: WinValue::Ron {
            discarder: S2,
            points,
        },
        pao: None,
        pao_stacked: false,
        need: None,
    };
    let wins = [ron(S1, 8000), ron(S3, 3900)];
    let out = Flow::new(&four(rules))
        .ron_payments(S0, &wins, 1, 2, Seats::EMPTY)
        .unwrap();
    let winners = out.winners();
    assert_eq!(winners.len(), 2);
    assert_eq!(winners[0].0, S3);
    assert_eq!(winners[0].1.total().into_array(), [0, 0, -4200, 6200]);
    assert_eq!(winners[1].0, S1);
    assert_eq!(winners[1].1.total().into_array(), [0, 8000, -8000, 0]);
    // EMA: the honba to each, the sticks to the nearest.
    let ema = FlowRules {
        multiple_ron_bonus: MultipleRonBonus::HonbaToEachSticksToNearest,
        ..rules
    };
    let out = Flow::new(&four(ema))
        .ron_payments(S0, &wins, 1, 2, Seats::EMPTY)
        .unwrap();
    assert_eq!(out.winners()[1].1.total().into_array(), [0, 8300, -8300, 0]);
    // EMA 2016: the honba to each; seat 1's own stick of this hand back to it, the other
    // stick to the nearest (seat 3: 3900 + 300 + 1000; seat 1: 8000 + 300 + 1000).
    let own_back = FlowRules {
        multiple_ron_bonus: MultipleRonBonus::HonbaToEachOwnStickBack,
        ..rules
    };
    let out = Flow::new(&four(own_back))
        .ron_payments(S0, &wins, 1, 2, Seats::of(S1))
        .unwrap();
    assert_eq!(out.winners()[0].1.total().into_array(), [0, 0, -4200, 5200]);
    assert_eq!(out.winners()[1].1.total().into_array(), [0, 9300, -8300, 0]);
    // Head bump: only the nearest wins.
    let atamahane = FlowRules {
        multiple_ron: MultipleRon::HeadBump,
        ..rules
    };
    let out = Flow::new(&four(atamahane))
        .ron_payments(S0, &wins, 1, 2, Seats::EMPTY)
        .unwrap();
    assert_eq!(out.winners().len(), 1);
    assert_eq!(out.winners()[0].0, S3);
}

#[test]
fn triple_ron_aborts_on_tenhou() {
    let rules = hanchan();
    let ron = |winner| Win {
        winner,
        value: WinValue::Ron {
            discarder: S0,
            points: 1000,
        },
        pao: None,
        pao_stacked: false,
        need: None,
    };
    let wins = [ron(S1), ron(S2), ron(S3)];
    assert_eq!(
        Flow::new(&four(rules)).ron_payments(S0, &wins, 0, 0, Seats::EMPTY),
        Ok(RonOutcome::Aborted)
    );
    let all = FlowRules {
        multiple_ron: MultipleRon::AllWin,
        ..rules
    };
    assert_eq!(
        Flow::new(&four(all))
            .ron_payments(S0, &wins, 0, 0, Seats::EMPTY)
            .unwrap()
            .winners()
            .len(),
        3
    );
}

#[test]
fn payment_errors() {
    let rules = hanchan();
    let ron = |winner, discarder, points, pao| Win {
        winner,
        value: WinValue::Ron { discarder, points },
        pao,
        pao_stacked: false,
        need: None,
    };
    assert_eq!(
        Flow::new(&four(rules)).win_payments(S0, &ron(S1, S1, 1000, None), Bonus::NONE),
        Err(PaymentError::RonFromWinner(S1))
    );
    assert_eq!(
        Flow::new(&four(rules)).win_payments(S0, &ron(S1, S2, 1000, Some(S1)), Bonus::NONE),
        Err(PaymentError::PaoIsWinner(S1))
    );
    assert_eq!(
        Flow::new(&four(rules)).win_payments(S0, &ron(S1, S2, -1000, None), Bonus::NONE),
        Err(PaymentError::NegativeValue(-1000))
    );
    assert_eq!(
        Flow::new(&four(rules)).ron_payments(S0, &[], 0, 0, Seats::EMPTY),
        Err(PaymentError::BadWinners)
    );
    let twice = [ron(S1, S2, 1000, None), ron(S1, S2, 2000, None)];
    assert_eq!(
        Flow::new(&four(rules)).ron_payments(S0, &twice, 0, 0, Seats::EMPTY),
        Err(PaymentError::BadWinners)
    );
    let own = [ron(S1, S2, 1000, None), ron(S2, S2, 1000, None)];
    assert_eq!(
        Flow::new(&four(rules)).ron_payments(S0, &own, 0, 0, Seats::EMPTY),
        Err(PaymentError::RonFromWinner(S2))
    );
    let mixed = [ron(S1, S2, 1000, None), ron(S3, S0, 2000, None)];
    assert_eq!(
        Flow::new(&four(rules)).ron_payments(S0, &mixed, 0, 0, Seats::EMPTY),
        Err(PaymentError::NotOneDiscard)
    );
    assert_eq!(
        Flow::new(&four(rules)).win_payments(
            S0,
            &ron(S1, S2, i32::MAX, None),
            Bonus {
                honba: 1,
                sticks: 0
            }
        ),
        Err(PaymentError::Overflow)
    );
}

#[test]
fn noten_payments_split_3000() {
    let rules = hanchan();
    let pay = |tenpai: &[Seat]| {
        Flow::new(&four(rules))
            .exhaustive_draw_payments(S0, tenpai.iter().copied().collect(), Seats::EMPTY)
            .unwrap()
            .total()
            .into_array()
    };
    assert_eq!(pay(&[]), [0; 4]);
    assert_eq!(pay(&[S2]), [-1000, -1000, 3000, -1000]);
    assert_eq!(pay(&[S0, S3]), [1500, -1500, -1500, 1500]);
    assert_eq!(pay(&[S0, S1, S3]), [1000, 1000, -3000, 1000]);
    assert_eq!(pay(&Seat::ALL), [0; 4]);
}

#[test]
fn nagashi_mangan_with_a_tenpai_dealer() {
    // Seat 0 deals and is tenpai; seat 2 achieves nagashi. Seat 2 is paid a mangan tsumo
    // (4000 from the dealer, 2000 from the others), no noten payments, no honba, sticks stay;
    // the dealer keeps the deal, one more honba.
    let rules = hanchan();
    let p = Flow::new(&four(rules))
        .exhaustive_draw_payments(S0, Seats::of(S0), Seats::of(S2))
        .unwrap();
    assert_eq!(p.nagashi.into_array(), [-4000, -2000, 8000, -2000]);
    assert_eq!(p.noten.into_array(), [0; 4]);
    let round = setup(Wind::East, 1, 2, 1, [25000; 4]);
    let result = RoundResult {
        outcome: RoundOutcome::ExhaustiveDraw {
            tenpai: Seats::of(S0),
        },
        riichi_deposits: Seats::of(S1),
        deltas: p.total(),
        yakuman: Seats::EMPTY,
    };
    let next = next_round(&rules, &round, &result);
    assert_eq!(next.dealer, S0);
    assert_eq!((next.round_number, next.honba, next.sticks), (1, 3, 2));
    assert_eq!(next.scores.into_array(), [21000, 22000, 33000, 23000]);
    // A dealer achiever is paid 4000 all; two achievers are both paid.
    let p = Flow::new(&four(rules))
        .exhaustive_draw_payments(S0, Seats::EMPTY, Seats::of(S0).with(S3))
        .unwrap();
    assert_eq!(
        p.nagashi.into_array(),
        [12000 - 4000, -4000 - 2000, -4000 - 2000, 8000 - 4000]
    );
    // Without nagashi, achievers are ignored and noten payments are made.
    let none = FlowRules {
        nagashi: NagashiMangan::NotPlayed,
        ..rules
    };
    let p = Flow::new(&four(none))
        .exhaustive_draw_payments(S0, Seats::of(S0), Seats::of(S2))
        .unwrap();
    assert_eq!(p.total().into_array(), [3000, -1000, -1000, -1000]);
}

#[test]
fn renchan_honba_and_sticks_between_rounds() {
    let rules = hanchan();
    let round = setup(Wind::East, 2, 1, 1, [25000; 4]);
    // The dealer (seat 1) wins: renchan, honba + 1, the sticks taken.
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S1), [-1300, 2300, 0, 0]),
    );
    assert_eq!(
        (next.dealer, next.round_number, next.honba, next.sticks),
        (S1, 2, 2, 0)
    );
    // A non-dealer wins: the deal passes, honba back to 0.
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S3), [0, -1300, 0, 2300]),
    );
    assert_eq!((next.dealer, next.round_number, next.honba), (S2, 3, 0));
    // The dealer noten at a draw: the deal passes, honba + 1, sticks stay with the deposits.
    let result = RoundResult {
        riichi_deposits: Seats::of(S0),
        ..draw_result(Seats::of(S0), [3000, -1000, -1000, -1000])
    };
    let next = next_round(&rules, &round, &result);
    assert_eq!((next.dealer, next.honba, next.sticks), (S2, 2, 2));
    assert_eq!(next.scores.into_array(), [27000, 24000, 24000, 24000]);
    // An abortive draw: renchan, honba + 1.
    let result = RoundResult {
        outcome: RoundOutcome::AbortiveDraw(AbortiveDraw::KyuushuKyuuhai),
        riichi_deposits: Seats::EMPTY,
        deltas: scores([0; 4]),
        yakuman: Seats::EMPTY,
    };
    let next = next_round(&rules, &round, &result);
    assert_eq!(
        (next.dealer, next.round_number, next.honba, next.sticks),
        (S1, 2, 2, 1)
    );
    // East 4 passes to South 1.
    let round = setup(Wind::East, 4, 0, 0, [25000; 4]);
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S0), [1000, 0, 0, -1000]),
    );
    assert_eq!(
        (next.round_wind, next.round_number, next.dealer),
        (Wind::South, 1, S0)
    );
}

#[test]
fn busting_below_zero_ends_the_game_exactly_zero_plays_on() {
    let rules = hanchan();
    let round = setup(Wind::East, 1, 0, 0, [25000, 25000, 25000, 25000]);
    // Seat 2 drops to exactly 0: play goes on.
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 25000, -25000, 0]),
    );
    assert_eq!(next.scores.into_array(), [25000, 50000, 0, 25000]);
    // Seat 2 drops to −100: the game ends at once, in East 1.
    let end = game_over(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 25100, -25100, 0]),
    );
    assert_eq!(end.reason, EndReason::Busting(Seats::of(S2)));
    assert_eq!(
        end.standing.scores.into_array(),
        [25000, 50100, -100, 25000]
    );
    // No busting: play goes on below zero.
    let wrc = FlowRules {
        busting: Busting::Never,
        ..rules
    };
    next_round(
        &wrc,
        &round,
        &win_result(Seats::of(S1), [0, 25100, -25100, 0]),
    );
}

#[test]
fn agari_yame_in_the_last_hand() {
    let rules = hanchan();
    // South 4, seat 3 deals. It wins and is first with 30000 or more: the game ends.
    let round = setup(Wind::South, 4, 0, 0, [26000, 24000, 20000, 30000]);
    let end = game_over(
        &rules,
        &round,
        &win_result(Seats::of(S3), [-2000, 0, 0, 2000]),
    );
    assert_eq!(end.reason, EndReason::AgariYame);
    // It wins but is not first: it plays on, even with someone at 30000.
    let round = setup(Wind::South, 4, 0, 0, [36000, 24000, 20000, 20000]);
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S3), [-2000, 0, 0, 2000]),
    );
    assert_eq!(
        (next.round_wind, next.round_number, next.honba, next.dealer),
        (Wind::South, 4, 1, S3)
    );
    // It wins and is first below 30000: it plays on.
    let round = setup(Wind::South, 4, 0, 0, [26000, 24000, 24000, 26000]);
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S3), [-1000, 0, 0, 1000]),
    );
    assert_eq!(next.honba, 1);
    // Without agari-yame the dealer always plays on.
    let no_yame = FlowRules {
        agari_yame: Yame::Never,
        ..rules
    };
    let round = setup(Wind::South, 4, 0, 0, [26000, 24000, 20000, 30000]);
    next_round(
        &no_yame,
        &round,
        &win_result(Seats::of(S3), [-2000, 0, 0, 2000]),
    );
    // A non-dealer win leaving the top at 30000 ends the game.
    let end = game_over(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 6000, 0, -6000]),
    );
    assert_eq!(end.reason, EndReason::LastHand);
}

#[test]
fn tenpai_yame_depends_on_the_era() {
    // South 4, seat 3 deals and is alone tenpai, first with 33000.
    let round = setup(Wind::South, 4, 0, 0, [26000, 21000, 23000, 30000]);
    let result = draw_result(Seats::of(S3), [-1000, -1000, -1000, 3000]);
    let today = hanchan();
    assert_eq!(
        game_over(&today, &round, &result).reason,
        EndReason::TenpaiYame
    );
    let y2010 = tenhou_game(0xA9, TenhouEra::To2010June, [25000; 4]);
    let next = next_round(&y2010, &round, &result);
    assert_eq!((next.round_number, next.honba, next.dealer), (4, 1, S3));
    // Dealer noten: the deal passes and the top of 31000 ends the game.
    let round = setup(Wind::South, 4, 0, 0, [28000, 21000, 23000, 28000]);
    let result = draw_result(Seats::of(S0), [3000, -1000, -1000, -1000]);
    assert_eq!(
        game_over(&y2010, &round, &result).reason,
        EndReason::LastHand
    );
}

#[test]
fn an_abortive_draw_never_ends_the_game() {
    let rules = hanchan();
    let round = setup(Wind::South, 4, 0, 0, [40000, 24000, 20000, 16000]);
    let result = RoundResult {
        outcome: RoundOutcome::AbortiveDraw(AbortiveDraw::SuufonRenda),
        riichi_deposits: Seats::EMPTY,
        deltas: scores([0; 4]),
        yakuman: Seats::EMPTY,
    };
    let next = next_round(&rules, &round, &result);
    assert_eq!(
        (next.round_wind, next.round_number, next.honba),
        (Wind::South, 4, 1)
    );
}

#[test]
fn west_extension_and_the_hard_stop() {
    let rules = hanchan();
    // South 4, nobody reaches 30000: West 1, seat 0 deals.
    let round = setup(Wind::South, 4, 0, 0, [29900, 25100, 25000, 20000]);
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 1000, 0, -1000]),
    );
    assert_eq!(
        (next.round_wind, next.round_number, next.dealer, next.honba),
        (Wind::West, 1, S0, 0)
    );
    // West 1: a non-dealer reaches 30000: the game ends.
    let round = setup(Wind::West, 1, 0, 0, [29900, 26100, 25000, 19000]);
    let end = game_over(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 4000, 0, -4000]),
    );
    assert_eq!(end.reason, EndReason::LastHand);
    // West 1: still nobody at 30000: West 2.
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 1000, 0, -1000]),
    );
    assert_eq!((next.round_wind, next.round_number), (Wind::West, 2));
    // West 4: the hard stop, whatever the scores.
    let round = setup(Wind::West, 4, 0, 0, [25000, 26000, 27000, 22000]);
    let end = game_over(
        &rules,
        &round,
        &win_result(Seats::of(S1), [0, 1000, 0, -1000]),
    );
    assert_eq!(end.reason, EndReason::HardStop);
    // West 4: the dealer (seat 3) wins and is first below 30000: play goes on (as a real
    // West 4 game did).
    let round = setup(Wind::West, 4, 1, 0, [22100, 23700, 26000, 28200]);
    let next = next_round(
        &rules,
        &round,
        &win_result(Seats::of(S3), [0, 0, -1000, 1000]),
    );
    assert_eq!(
        (next.round_wind, next.round_number, next.honba),
        (Wind::West, 4, 2)
    );
    // Tonpuusen: East 4 without 30000 goes to South 1; the hard stop is South 4.
    let tonpuu = RuleSet::preset(Preset::TenhouTonpuu).flow;
    let round = setup(Wind::East, 4, 0, 0, [25000, 26000, 27000, 22000]);
    let next = next_round(
        &tonpuu,
        &round,
        &win_result(Seats::of(S1), [0, 1000, 0, -1000]),
    );
    assert_eq!((next.round_wind, next.round_number), (Wind::South, 1));
    let round = setup(Wind::South, 4, 0, 0, [25000, 26000, 27000, 22000]);
    let end = game_over(
        &tonpuu,
        &round,
        &win_result(Seats::of(S1), [0, 1000, 0, -1000]),
    );
    assert_eq!(end.reason, EndReason::HardStop);
    // Without extension the game ends after South 4 whatever the scores.
    let short = FlowRules {
        extension: Extension::None,
        ..rules
    };
    let round = setup(Wind::South, 4, 0, 0, [25000, 26000, 27000, 22000]);
    let end = game_over(
        &short,
        &round,
        &win_result(Seats::of(S1), [0, 1000, 0, -1000]),
    );
    assert_eq!(end.reason, EndReason::HardStop);
}

#[test]
fn final_points_rounded_to_thousands_until_2021() {
    let rules = tenhou_game(0xA9, TenhouEra::To2021, [25000; 4]);
    // A 2008 game: 38700, 29000, 23600, 8700 → 48, 9, −16, −41 (first = −Σ others).
    let st = Flow::new(&four(rules))
        .final_standing(scores([38700, 29000, 23600, 8700]), 0, S0)
        .unwrap();
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [480, 90, -160, -410]
    );
    // Scores are rounded half away from zero: 35500 → 36 (+6 + 10), 24500 → 25 (−5 − 10),
    // −500 → −1 (−31 − 20).
    let st = Flow::new(&four(rules))
        .final_standing(scores([65500, 35500, 24500, -500]), 0, S0)
        .unwrap();
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [-(160 - 150 - 510), 160, -150, -510]
    );
}

#[test]
fn final_points_to_a_tenth_from_2022() {
    let rules = hanchan();
    let st = Flow::new(&four(rules))
        .final_standing(scores([38700, 29000, 23600, 8700]), 0, S0)
        .unwrap();
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [487, 90, -164, -413]
    );
    assert_eq!(st.points.unwrap()[S2].to_string(), "-16.4");
}

#[test]
fn leftover_sticks_to_first_and_ties_by_seat_order() {
    let rules = tenhou_game(0xA9, TenhouEra::To2021, [25000; 4]);
    // Seats 1 and 2 tie at 30000: seat 1 sits earlier from the first dealer, so it is first
    // and takes the 2 sticks.
    let st = Flow::new(&four(rules))
        .final_standing(scores([18000, 30000, 30000, 20000]), 2, S0)
        .unwrap();
    assert_eq!(st.order, [S1, S2, S3, S0]);
    assert_eq!(st.place.into_array(), [3, 0, 1, 2]);
    assert_eq!(st.scores.into_array(), [18000, 32000, 30000, 20000]);
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [-320, 420, 100, -200]
    );
    // With seat 2 as first dealer, seat 2 ranks before seat 1.
    let st = Flow::new(&four(rules))
        .final_standing(scores([18000, 30000, 30000, 20000]), 0, S2)
        .unwrap();
    assert_eq!(st.order, [S2, S1, S3, S0]);
    // Unclaimed sticks are lost.
    let lost = FlowRules {
        leftover_sticks: LeftoverSticks::Unclaimed,
        ..rules
    };
    let st = Flow::new(&four(lost))
        .final_standing(scores([18000, 30000, 30000, 20000]), 2, S0)
        .unwrap();
    assert_eq!(st.scores.into_array(), [18000, 30000, 30000, 20000]);
}

#[test]
fn private_lobby_shares_the_uma_of_tied_places() {
    // GO 0x101: 30000 start and return, uma 15/5/−5/−15, no rounding, ties share: a real
    // game ended 29300, 30700, 29300, 30700 → −10.7, 10.7, −10.7, 10.7.
    let rules = tenhou_game(0x101, TenhouEra::From2022, [30000; 4]);
    let st = Flow::new(&four(rules))
        .final_standing(scores([29300, 30700, 29300, 30700]), 0, S0)
        .unwrap();
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [-107, 107, -107, 107]
    );
}

#[test]
fn special_rooms_from_the_go_type_bits() {
    let era = TenhouEra::To2021;
    // Gold (0x841): start 1000, points = (score − 1000) / 1000 to a tenth, no uma.
    let gold = tenhou_game(0x841, era, [1000; 4]);
    assert_eq!(gold.start_score, 1000);
    let st = Flow::new(&four(gold))
        .final_standing(scores([-300, 2300, 1000, 1000]), 0, S0)
        .unwrap();
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [-13, 13, 0, 0]
    );
    // Chips (0x200): uma 30/10/−10/−30; with 0x400 honba 1500.
    let chips = tenhou_game(0x621, era, [25000; 4]);
    assert_eq!(chips.honba.ron, 1500);
    let st = Flow::new(&four(chips))
        .final_standing(scores([19400, 18400, 30300, 31900]), 0, S0)
        .unwrap();
    assert_eq!(
        st.points.unwrap().map(|p| p.0).into_array(),
        [-210, -420, 100, 530]
    );
    // A start score the bits do not explain: the placement rules are not known.
    let private = tenhou_game(0x9, era, [30000; 4]);
    assert_eq!(private.final_points, FinalPoints::NotKnown);
    assert_eq!(private.start_score, 30000);
    let st = Flow::new(&four(private))
        .final_standing(scores([19400, -700, 67400, 33900]), 0, S0)
        .unwrap();
    assert_eq!(st.points, None);
    assert_eq!(st.order, [S2, S3, S0, S1]);
}

#[test]
fn odd_input_is_an_error_not_a_panic() {
    let rules = hanchan();
    let round = RoundSetup {
        round_number: 0,
        ..Flow::new(&four(rules)).first_round(S0)
    };
    let result = win_result(Seats::of(S1), [0; 4]);
    assert_eq!(
        Flow::new(&four(rules)).next_round(S0, &round, &result),
        Err(FlowError::RoundNumber(0))
    );
    let round = RoundSetup {
        scores: scores([i32::MAX; 4]),
        ..Flow::new(&four(rules)).first_round(S0)
    };
    let result = win_result(Seats::of(S1), [0, 1, 0, 0]);
    assert_eq!(
        Flow::new(&four(rules)).next_round(S0, &round, &result),
        Err(FlowError::Overflow)
    );
}

/// Rule values and record values at their types' limits: each sum that no payment or
/// score can hold is an overflow error (worked out by hand below), never a wrap or a panic.
#[test]
fn values_at_their_limits_are_overflow_errors() {
    // Noten payments of `i32::MIN` split: three tenpai receive i32::MIN / 3 each, and the one
    // noten player would pay -i32::MIN, which no `i32` holds.
    let flow = FlowRules {
        noten: NotenPayment::Split { total: i32::MIN },
        ..hanchan()
    };
    let three = Seats::of(S0).with(S1).with(S2);
    assert_eq!(
        Flow::new(&four(flow)).exhaustive_draw_payments(S0, three, Seats::EMPTY),
        Err(PaymentError::Overflow)
    );
    // Maru A of `i32::MAX` chips: the one floating player, A, takes 3 x i32::MAX x 10 tenths.
    let flow = FlowRules {
        start_score: 2000,
        final_points: FinalPoints::SinkFloat {
            chips: [i32::MAX, 5, 3],
        },
        leftover_sticks: LeftoverSticks::ToFirst,
        ..hanchan()
    };
    assert_eq!(
        Flow::new(&four(flow)).final_standing(scores([5000, 1000, 1000, 1000]), 0, S0),
        Err(FlowError::Overflow)
    );
    // A tsumo honba of i32::MIN, u32::MAX times, from three payers: |i32::MIN x u32::MAX| x 3
    // is past an `i64`; the counter is out of range, not a wrapped sum that might pass.
    let flow = FlowRules {
        honba: HonbaValue {
            ron: 300,
            tsumo_per_payer: i32::MIN,
        },
        ..hanchan()
    };
    assert!(matches!(
        Flow::new(&four(flow)).check_bonus(Bonus {
            honba: u32::MAX,
            sticks: 0
        }),
        Err(crate::ScoreError::OutOfRange { what: "honba", .. })
    ));
    // Every stick a count can hold, to the nearest winner of a double ron whose own deposit
    // is among them while it is not among the winners paid: the count stays at its limit.
    let flow = FlowRules {
        multiple_ron_bonus: MultipleRonBonus::HonbaToEachOwnStickBack,
        ..hanchan()
    };
    let table = Bonus {
        honba: 0,
        sticks: u32::MAX,
    };
    let bonus = Flow::new(&four(flow)).ron_bonus(0, S1, Seats::EMPTY, Seats::of(S1), table);
    assert_eq!(bonus.sticks, u32::MAX);
    // A recorded yakuman count past what any base can be: the base stays at `i32::MAX`, which
    // every payment then refuses as an overflow.
    let hand = RuleSet::preset(Preset::Tenhou).hand;
    let base = crate::rulings::recorded_base(&hand, 13, None, crate::Limit::Yakuman, usize::MAX);
    assert_eq!(base, i32::MAX);
    assert_eq!(
        WinValue::ron_from_base(S1, base, Role::NonDealer),
        Err(PaymentError::Overflow)
    );
}

#[test]
fn seat_sets() {
    let set: Seats = [S3, S1].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert!(set.contains(S1) && !set.contains(S2));
    assert_eq!(set.iter().collect::<Vec<_>>(), [S1, S3]);
    assert_eq!(set.without(S1), Seats::of(S3));
    assert_eq!(Seats::ALL.len(), 4);
    assert!(Seats::EMPTY.is_empty());
    assert_eq!(format!("{set:?}"), "{1, 3}");
}
