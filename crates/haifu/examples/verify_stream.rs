//! Verifies a game your own engine played, given as haifu's event stream rather than a file:
//! `cargo run -p haifu --example verify_stream`.
//!
//! The engine here is a stand-in: it deals East 1 of a Tenhou hanchan, and the dealer's first
//! draw completes the hand, a heavenly hand (tenhou): a dealer's yakuman tsumo, 16000 from each
//! of the three others. An engine would push every event of every round the same way.

#![expect(clippy::print_stdout, reason = "an example prints what it found")]

use haifu::log::{GameLog, RecordedWin, RoundStart};
use haifu::tiles::{BySeat, Limit, Seat, Wind, Yaku, parse_tiles};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Every physical tile of the round once: the four hands, the dealer's draw, the dora
    // indicator (a plain five takes copies 1 to 3 before the red copy 0).
    let tiles = parse_tiles(concat!(
        "123m456m789m123p5p", // A, the dealer
        "1112223334445s",     // B
        "666777888999s1z",    // C
        "1112223334445z",     // D: 1z × 3 (C holds the fourth)
        "5p",                 // A's first draw
        "9s",                 // the dora indicator
    ))?;
    let (hands, rest) = tiles.split_at(52);
    let [draw, indicator] = [rest[0], rest[1]];
    let mut dealt: BySeat<arrayvec::ArrayVec<_, 13>> = BySeat::default();
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        dealt[seat] = hands[13 * i..13 * (i + 1)].iter().copied().collect();
    }
    let a = Seat::ALL[0];

    let mut log = GameLog::new();
    log.header.format = "my-engine".to_owned();
    log.push_round_start(RoundStart {
        round_wind: Wind::East,
        round_number: 1,
        honba: 0,
        sticks: 0,
        dice: None,
        dora_indicator: indicator,
        untimed_dora: Default::default(),
        scores: BySeat::from_array([25000; 4]),
        dealer: a,
        hands: dealt.clone(),
        shuffle: None,
        chips: None,
        wall: None,
    });
    log.push_draw_tile(a, draw);
    let mut hand: arrayvec::ArrayVec<_, 14> = dealt[a].iter().copied().collect();
    hand.push(draw);
    log.push_win(RecordedWin {
        winner: a,
        from: a,
        pao: None,
        honba: 0,
        sticks: 0,
        hand,
        melds: Default::default(),
        winning_tile: draw,
        fu: None,
        points: 48000,
        limit: Limit::Yakuman,
        yaku: Default::default(),
        yakuman: [Yaku::Tenhou].into_iter().collect(),
        dora_indicators: [indicator].into_iter().collect(),
        ura_indicators: Default::default(),
        scores: BySeat::from_array([25000; 4]),
        deltas: BySeat::from_array([48000, -16000, -16000, -16000]),
        chips: None,
        chip_awards: Default::default(),
        ratio: None,
        final_result: None,
    });

    let rules = haifu::rules("tenhou")?;
    let verdict = haifu::verify(&log, &rules);
    println!(
        "{:?}: {} round, {} win",
        verdict.status(),
        verdict.rounds,
        verdict.wins
    );
    for d in &verdict.divergences {
        println!("  {d}");
    }
    assert_eq!(verdict.status(), haifu::Status::Conforming);
    Ok(())
}
