//! Scores one winning hand under a rule set and prints its yaku, fu and payments:
//! `cargo run -p haifu --example score_hand`.

#![expect(clippy::print_stdout, reason = "an example prints what it found")]

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Riichi, tanyao and pinfu, won on a discard by a non-dealer with one dora: 234m 567m
    // 234p 678s and the pair 55p, waiting on 1p or 4p; the indicator 4m makes 5m the dora.
    // 4 han 30 fu: 7700 points.
    let rules = haifu::rules("tenhou")?;
    let mut hand = haifu::WinSpec::new();
    hand.add_concealed("234567m2355p678s")?;
    hand.set_winning_tile("4p")?;
    hand.add_dora_indicators("4m")?;
    hand.method = haifu::WinMethod::Ron;
    hand.seat_wind = haifu::tiles::Wind::South;
    hand.riichi = haifu::RiichiDeclaration::Riichi;
    let win = hand.win().ok_or("the hand is not complete")?;
    let score = haifu::score(&rules, &win)?;
    for y in &score.yaku {
        println!("{:?}: {} han", y.yaku, y.han);
    }
    println!(
        "{} han {} fu, dora {}: {} points",
        score.han,
        score.fu,
        score.dora,
        score.total_received()
    );
    assert_eq!((score.han, score.fu, score.total_received()), (4, 30, 7700));
    Ok(())
}
