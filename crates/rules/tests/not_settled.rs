//! A rule point a rule set leaves not settled is reported only when the hand's value turns
//! on it: over random complete hands, under every four-player preset, each refusal naming a
//! point is checked against the hand valued under each value that settles the point. Two of
//! them must give different values (or one a win and another none); a refusal where every
//! value gives the same is a bug.

use haifu_rules::{RiichiDeclaration, Score, ScoreError, WinMethod, WinSpec, score};
use haifu_ruleset::{FIELDS, Players, Preset, RuleSet};
use haifu_tiles::Wind;
use proptest::prelude::*;

/// A random complete hand: four sets and a pair, each set a run or a triplet, open or not;
/// the winning tile one of the concealed ones; tsumo or ron; riichi when closed; winds and a
/// dora indicator.
#[derive(Clone, Debug)]
struct Hand {
    /// Each set: (a run?, suit 0..4 with 3 the honours, first number 1..=9, open?).
    sets: [(bool, u8, u8, bool); 4],
    /// The pair's kind: suit and number.
    pair: (u8, u8),
    /// Which concealed tile wins, modulo their count.
    winning: usize,
    tsumo: bool,
    riichi: bool,
    seat: u8,
    round: u8,
    /// The dora indicator: suit and number.
    dora: (u8, u8),
}

fn tile((suit, number): (u8, u8)) -> String {
    format!("{number}{}", ['m', 'p', 's', 'z'][usize::from(suit)])
}

/// A kind in range: honours are 1..=7.
fn kind(suit: u8, number: u8) -> (u8, u8) {
    if suit == 3 {
        (suit, 1 + (number - 1) % 7)
    } else {
        (suit, number)
    }
}

fn hands() -> impl Strategy<Value = Hand> {
    let set = (any::<bool>(), 0u8..4, 1u8..=9, prop::bool::weighted(0.3));
    (
        [set.clone(), set.clone(), set.clone(), set],
        // Honour pairs half the time: the wind pairs are where the fu points differ.
        prop_oneof![(0u8..3, 1u8..=9), (Just(3u8), 1u8..=7)],
        0usize..14,
        any::<bool>(),
        any::<bool>(),
        0u8..4,
        0u8..2,
        (0u8..4, 1u8..=9),
    )
        .prop_map(
            |(sets, pair, winning, tsumo, riichi, seat, round, dora)| Hand {
                sets,
                pair,
                winning,
                tsumo,
                riichi,
                seat,
                round,
                dora,
            },
        )
}

/// The hand as a [`WinSpec`], or `None` when it holds a fifth copy of a kind.
fn spec_of(hand: &Hand) -> Option<WinSpec> {
    let mut counts = [[0u8; 10]; 4];
    let mut concealed: Vec<(u8, u8)> = Vec::new();
    let mut melds: Vec<String> = Vec::new();
    for &(run, suit, number, open) in &hand.sets {
        // Honours make no runs; a run starts at 7 at the latest.
        let tiles: Vec<(u8, u8)> = if run && suit < 3 {
            let first = number.min(7);
            (first..first + 3).map(|n| (suit, n)).collect()
        } else {
            vec![kind(suit, number); 3]
        };
        for &(s, n) in &tiles {
            counts[usize::from(s)][usize::from(n)] += 1;
        }
        if open {
            let kind = if run && suit < 3 { "chi" } else { "pon" };
            let text: String = tiles.iter().map(|t| tile(*t)).collect();
            melds.push(format!("{kind}:{text}"));
        } else {
            concealed.extend(tiles);
        }
    }
    let pair = kind(hand.pair.0, hand.pair.1);
    counts[usize::from(pair.0)][usize::from(pair.1)] += 2;
    concealed.extend([pair, pair]);
    if counts.iter().flatten().any(|&c| c > 4) {
        return None;
    }
    let winning = concealed.remove(hand.winning % concealed.len());
    let mut spec = WinSpec::new();
    let text: String = concealed.iter().map(|t| tile(*t)).collect();
    spec.add_concealed(&text).ok()?;
    for meld in &melds {
        spec.add_meld(meld).ok()?;
    }
    spec.set_winning_tile(&tile(winning)).ok()?;
    let dora = kind(hand.dora.0, hand.dora.1);
    // A fifth copy among the indicators is no hand either.
    spec.add_dora_indicators(&tile(dora)).ok()?;
    spec.method = if hand.tsumo {
        WinMethod::Tsumo
    } else {
        WinMethod::Ron
    };
    if hand.riichi && melds.is_empty() {
        spec.riichi = RiichiDeclaration::Riichi;
    }
    spec.seat_wind = Wind::from_index(hand.seat);
    spec.round_wind = Wind::from_index(hand.round);
    Some(spec)
}

/// What a win is worth, as far as a ruling can tell two values apart: the yaku and
/// yakuman, the han, the limit, the fu where no limit caps them, the points and payments.
fn value(s: &Score) -> String {
    let fu = if s.limit == haifu_tiles::Limit::None {
        s.fu
    } else {
        0
    };
    format!(
        "{:?} {:?} {} {:?} {fu} {} {:?}",
        s.yaku, s.yakuman, s.han, s.limit, s.points, s.payments
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn a_point_not_settled_is_reported_only_when_the_value_turns_on_it(hand in hands()) {
        let Some(spec) = spec_of(&hand) else {
            return Ok(());
        };
        let Some(win) = spec.win() else {
            return Ok(());
        };
        for preset in Preset::ALL {
            let rules = RuleSet::preset(preset);
            if rules.players != Players::Four {
                continue;
            }
            let Err(ScoreError::NotSettled { rule }) = score(&rules, &win) else {
                continue;
            };
            let field = FIELDS.iter().find(|f| f.name == rule);
            prop_assert!(field.is_some(), "{rule} is no rule point");
            let mut outcomes = Vec::new();
            for v in field.map(|f| f.settled()).unwrap_or_default() {
                let mut settled = rules;
                prop_assert!(settled.set(rule, &v).is_ok(), "{rule} = {v}");
                outcomes.push(match score(&settled, &win) {
                    Ok(s) => value(&s),
                    Err(ScoreError::NoYaku) => "no yaku".to_owned(),
                    // Another point the value leaves open: the refusal may stand on it.
                    Err(ScoreError::NotSettled { rule: other }) => {
                        format!("{other} not settled under {rule} = {v}")
                    }
                    Err(e) => format!("{e}"),
                });
            }
            prop_assert!(
                outcomes.windows(2).any(|w| w[0] != w[1]),
                "{}: {rule} reported not settled, though every value gives {:?} ({hand:?})",
                preset.name(),
                outcomes.first()
            );
        }
    }
}
