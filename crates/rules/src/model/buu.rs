//! Buu mahjong's scoring model ([`Scoring::Buu`](haifu_ruleset::Scoring::Buu)): its yaku
//! table, base points and payments. The hand analysis (readings, waits, fu) is the Japanese
//! one; what the yaku are worth, seven pairs' 50 fu, open pinfu, dora as points and how base
//! points become payments differ (the seam, [`super::Model`], asks this module).
//!
//! The values are those of the project's rules reference (`docs/RULESETS.md`, "buu"), from
//! the seed's rules and the resolutions of RULES.md A29–A33: base points fu × 2^han, 5 han or
//! a payment over the cap is the cap (2000 from a non-dealer's discard, 3000 to the dealer),
//! yakuman 8000 / 12000, rounded up to 10; menzen points and 100 per dora after the cap.

use arrayvec::ArrayVec;
use haifu_ruleset::{HandRules, OptionalYaku};
use haifu_tiles::{Limit, Yaku};

use super::Paid;
use crate::hand::Wait;
use crate::yaku::{YakuHan, YakumanCount};

/// The cap of a hand's ron payment in base points: 2000 / 4 = 3000 / 6.
const CAP_BASE: u32 = 500;
/// A yakuman's base points: 8000 / 4 = 12000 / 6.
const YAKUMAN_BASE: u32 = 2000;
/// The han at which a hand is capped whatever its fu.
const CAP_HAN: u8 = 5;

/// What a yaku is worth in Buu's table, closed or open.
enum Value {
    /// Its han.
    Han(u8),
    /// Not a yaku in Buu (or not in this hand's state, open or closed).
    No,
    /// The table does not settle it: the rule point (or value) that is missing.
    NotSettled(&'static str),
}

fn optional(switch: OptionalYaku, han: u8, rule: &'static str) -> Value {
    match switch {
        OptionalYaku::Counted => Value::Han(han),
        OptionalYaku::NotCounted => Value::No,
        OptionalYaku::NotSettled => Value::NotSettled(rule),
    }
}

/// Buu's value of a yaku the Japanese analysis found, `open` for an open hand.
///
/// Menzen tsumo 1 (closed), riichi 1 (a double riichi is a riichi), pinfu 1 (open too), tanyao
/// 1, the value triplets 1, haitei 1, kanchan 1, honitsu 2, toitoi 2, ittsu 2, chanta 2
/// (junchan counts as chanta), sanankou 2, shousangen 2, chinitsu 5, and the optional iipeikou
/// 1, chiitoitsu 1, sanshoku 2 (open 1). Seed 003's chart gives an open value only where it
/// differs (sanshoku, 1 han open; pinfu "can be open"): every other yaku keeps its value open.
/// Ippatsu, chankan, rinshan, houtei, ryanpeikou, sankantsu, sanshoku doukou, honroutou and
/// renhou are not Buu yaku.
fn value(y: Yaku, open: bool, hand: &HandRules) -> Value {
    use Yaku::*;
    let closed_only = |han| if open { Value::No } else { Value::Han(han) };
    match y {
        Riichi | DoubleRiichi | MenzenTsumo => closed_only(1),
        Pinfu | Tanyao | Haitei | Kanchan => Value::Han(1),
        SeatWindEast | SeatWindSouth | SeatWindWest | SeatWindNorth => Value::Han(1),
        RoundWindEast | RoundWindSouth | RoundWindWest | RoundWindNorth => Value::Han(1),
        Haku | Hatsu | Chun => Value::Han(1),
        Honitsu | Ittsu | Chanta | Junchan => Value::Han(2),
        Chinitsu => Value::Han(5),
        Toitoi | Sanankou | Shousangen => Value::Han(2),
        Iipeikou if !open => optional(hand.buu_iipeikou, 1, "buu_iipeikou"),
        Chiitoitsu => optional(hand.buu_chiitoitsu, 1, "buu_chiitoitsu"),
        SanshokuDoujun => optional(hand.buu_sanshoku, if open { 1 } else { 2 }, "buu_sanshoku"),
        _ => Value::No,
    }
}

/// The yaku of a hand in Buu's table, from the yaku (and yakuman) the Japanese analysis
/// found: each revalued, a double riichi made a riichi, junchan made chanta, menzen tsumo
/// dropped beside pinfu (a pinfu tsumo scores pinfu alone), kanchan added for a win on a
/// closed wait. (Whether ryuuiisou is a yakuman, `buu_ryuuiisou`, is decided where the
/// yakuman are found, by [`ryuuiisou`].)
///
/// # Errors
///
/// The rule point that a value depends on and that the rule set leaves not settled.
pub(super) fn yaku(
    japanese: &[YakuHan],
    yakuman: &ArrayVec<YakumanCount, 8>,
    wait: Wait,
    open: bool,
    hand: &HandRules,
) -> Result<ArrayVec<YakuHan, 20>, &'static str> {
    let mut out = ArrayVec::new();
    if !yakuman.is_empty() {
        return Ok(out);
    }
    let pinfu = japanese.iter().any(|y| y.yaku == Yaku::Pinfu);
    let kanchan = (wait == Wait::Kanchan).then_some(Yaku::Kanchan);
    for y in japanese.iter().map(|y| y.yaku).chain(kanchan) {
        if y == Yaku::MenzenTsumo && pinfu {
            continue;
        }
        let named = match y {
            Yaku::DoubleRiichi => Yaku::Riichi,
            Yaku::Junchan => Yaku::Chanta,
            other => other,
        };
        match value(y, open, hand) {
            Value::Han(han) => {
                let _ = out.try_push(YakuHan { yaku: named, han });
            }
            Value::No => {}
            Value::NotSettled(rule) => return Err(rule),
        }
    }
    Ok(out)
}

/// A hand's base points in Buu and its limit: `yakuman` yakuman at 2000 each; else fu ×
/// 2^han, which 5 han or more, or a base of 500 or more, caps at 500 (a mangan: 2000 / 3000).
pub(super) fn base(yakuman: u8, han: u8, fu: u8) -> (u32, Limit, u8) {
    if yakuman > 0 {
        return (YAKUMAN_BASE * u32::from(yakuman), Limit::Yakuman, yakuman);
    }
    if han >= CAP_HAN {
        return (CAP_BASE, Limit::Mangan, 0);
    }
    let base = u32::from(fu) << han;
    if base >= CAP_BASE {
        (CAP_BASE, Limit::Mangan, 0)
    } else {
        (base, Limit::None, 0)
    }
}

/// Whether all green is a yakuman in Buu, as `buu_ryuuiisou` says.
///
/// # Errors
///
/// `buu_ryuuiisou`, when the rule set leaves it not settled.
pub(super) fn ryuuiisou(hand: &HandRules) -> Result<bool, &'static str> {
    match hand.buu_ryuuiisou {
        OptionalYaku::Counted => Ok(true),
        OptionalYaku::NotCounted => Ok(false),
        OptionalYaku::NotSettled => Err("buu_ryuuiisou"),
    }
}

/// Rounds up to a multiple of 10.
const fn ceil_10(points: u32) -> u32 {
    points.div_ceil(10) * 10
}

/// The payments of a Buu hand of `base` points (as [`base`] gives them): the ron value,
/// 4 × base or 6 × base to the dealer, rounded up to 10 (the cap and yakuman exact), split
/// 1 : 1 : 2 on a tsumo (2 : 2 : 2 to the dealer) and each share rounded up to 10; then the
/// menzen points (300 on a ron, 100 from each payer) and 100 per dora (from each payer on a
/// tsumo) added after the cap.
pub(super) fn payments(
    base: u32,
    limit: Limit,
    dealer: bool,
    tsumo: bool,
    menzen: bool,
    dora: u8,
) -> Paid {
    let factor = if dealer { 6 } else { 4 };
    // Beyond `Limit::None`, `base` gave the cap or the yakuman's base: both are paid exact.
    let total = match limit {
        Limit::None => ceil_10(base * factor),
        _ => base * factor,
    };
    let dora = u32::from(dora) * 100;
    if tsumo {
        let (to_dealer, each) = if dealer {
            (0, ceil_10(total.div_ceil(3)))
        } else {
            (ceil_10(total.div_ceil(2)), ceil_10(total.div_ceil(4)))
        };
        let menzen_each = if menzen { 100 } else { 0 };
        Paid {
            ron_or_dealer: if dealer {
                0
            } else {
                to_dealer + menzen_each + dora
            },
            non_dealer: each + menzen_each + dora,
            menzen: menzen_each * 3,
            dora: dora * 3,
        }
    } else {
        let menzen = if menzen { 300 } else { 0 };
        Paid {
            ron_or_dealer: total + menzen + dora,
            non_dealer: 0,
            menzen,
            dora,
        }
    }
}

/// What a Buu hand of `han` han and `fu` fu pays, menzen and dora points aside (an open hand
/// without dora): its base points and limit, then a non-dealer's ron, the dealer's and each
/// other player's share of its tsumo, a dealer's ron, and each player's share of the dealer's
/// tsumo.
pub(super) fn lookup(han: u8, fu: u8) -> (u32, Limit, [u32; 5]) {
    let (b, limit, _) = base(0, han, fu);
    let table = super::payment_table(|dealer, tsumo| payments(b, limit, dealer, tsumo, false, 0));
    (b, limit, table)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seed 003's own figures: a 30 fu 1 han ron is 240 from a non-dealer's discard and 360
    /// to the dealer; a closed seven pairs ron (50 fu 1 han) 400 plus 300 menzen points.
    #[test]
    fn the_seed_tables() {
        let (b, l, _) = base(0, 1, 30);
        assert_eq!((b, l), (60, Limit::None));
        let nd = payments(b, l, false, false, false, 0);
        assert_eq!(nd.ron_or_dealer, 240);
        let d = payments(b, l, true, false, false, 0);
        assert_eq!(d.ron_or_dealer, 360);
        let (b, l, _) = base(0, 1, 50);
        let chiitoi = payments(b, l, false, false, true, 0);
        assert_eq!((chiitoi.ron_or_dealer, chiitoi.menzen), (700, 300));
        // The lookup: 240 ron, 120 + 60 + 60 tsumo; 360 ron, 120 all to the dealer.
        assert_eq!(lookup(1, 30), (60, Limit::None, [240, 120, 60, 360, 120]));
        // 5 han is the cap whatever the fu.
        assert_eq!(lookup(5, 20).2, [2000, 1000, 500, 3000, 1000]);
    }
}
