//! What the engine knows of each [`Yaku`]: its han, whether some rule sets count it twice, and
//! where Tenhou lists it. The names are vocabulary ([`haifu_tiles::Yaku`]).

use haifu_tiles::Yaku;

/// A yaku and the han it scored in this hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YakuHan {
    /// The yaku.
    pub yaku: Yaku,
    /// Its han.
    pub han: u8,
}

/// A yakuman and how many yakuman it counts as under the rules (1, or 2 for a
/// single-pattern double yakuman under
/// [`DoubleYakuman::Double`](haifu_ruleset::DoubleYakuman::Double)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YakumanCount {
    /// The yakuman.
    pub yaku: Yaku,
    /// How many yakuman it counts as.
    pub times: u8,
}

/// The engine's tables over [`Yaku`].
pub(crate) trait YakuRules: Copy {
    /// The han of this yaku in a closed and in an open hand; `None` where it cannot be had
    /// open. Yakuman, renhou (rule-dependent) and tanyao (open value set by the rule set) are
    /// given as the plain table value; yakuman return 0 han.
    fn han(self) -> (u8, Option<u8>);
    /// Whether this is one of the single-pattern double yakuman of some rule sets
    /// (suuankou tanki, junsei chuuren, kokushi 13-wait, daisuushii).
    fn is_single_pattern_double(self) -> bool;
    /// The position of this yaku in Tenhou's recorded `yaku=` list (smaller comes first).
    ///
    /// Learned from the real logs: riichi, ippatsu, the situational yaku, menzen tsumo, then
    /// the hand's yaku, honitsu/chinitsu near the end. Value yaku are not ordered by this
    /// rank but by the order of their sets (see [`crate::Score::yaku`]).
    fn tenhou_rank(self) -> u8;
}

/// The position of a yakuman among the yakuman of [`Yaku::ALL`] (tenhou first).
fn yakuman_index(y: Yaku) -> u8 {
    let mut i = 0;
    for other in Yaku::ALL {
        if other == y {
            return i;
        }
        if other.is_yakuman() {
            i += 1;
        }
    }
    i
}

impl YakuRules for Yaku {
    fn han(self) -> (u8, Option<u8>) {
        use Yaku::*;
        match self {
            MenzenTsumo | Riichi | Ippatsu | Pinfu | Iipeikou => (1, None),
            Chankan | RinshanKaihou | Haitei | Houtei | Tanyao => (1, Some(1)),
            SeatWindEast | SeatWindSouth | SeatWindWest | SeatWindNorth => (1, Some(1)),
            RoundWindEast | RoundWindSouth | RoundWindWest | RoundWindNorth => (1, Some(1)),
            Haku | Hatsu | Chun => (1, Some(1)),
            DoubleRiichi | Chiitoitsu => (2, None),
            Chanta | Ittsu | SanshokuDoujun => (2, Some(1)),
            SanshokuDoukou | Sankantsu | Toitoi | Sanankou | Shousangen | Honroutou => (2, Some(2)),
            Ryanpeikou => (3, None),
            IsshokuSanjun => (2, Some(1)),
            Junchan | Honitsu => (3, Some(2)),
            Chinitsu => (6, Some(5)),
            Renhou => (0, None),
            _ => (0, None),
        }
    }

    fn is_single_pattern_double(self) -> bool {
        matches!(
            self,
            Yaku::SuuankouTanki | Yaku::JunseiChuuren | Yaku::Kokushi13Wait | Yaku::Daisuushii
        )
    }

    fn tenhou_rank(self) -> u8 {
        use Yaku::*;
        match self {
            Riichi => 0,
            DoubleRiichi => 1,
            Ippatsu => 2,
            Chankan => 3,
            RinshanKaihou => 4,
            Haitei => 5,
            Houtei => 6,
            MenzenTsumo => 7,
            Renhou => 8,
            // Pinfu needs a two-sided wait and Buu's kanchan a closed one: never both.
            Pinfu | Kanchan => 9,
            Chiitoitsu => 10,
            Shousangen => 11,
            // The classic three identical runs stand where Tenhou lists two.
            Iipeikou | IsshokuSanjun => 12,
            Ryanpeikou => 13,
            Ittsu => 14,
            Sanankou => 15,
            SanshokuDoujun => 16,
            Toitoi => 17,
            Sankantsu => 18,
            Tanyao => 19,
            SeatWindEast | SeatWindSouth | SeatWindWest | SeatWindNorth => 20,
            RoundWindEast | RoundWindSouth | RoundWindWest | RoundWindNorth => 20,
            Haku | Hatsu | Chun => 20,
            SanshokuDoukou => 21,
            Junchan => 22,
            Chanta => 23,
            Honroutou => 24,
            Chinitsu => 25,
            Honitsu => 26,
            // The yakuman, in the order of `Yaku::ALL`.
            _ => 27 + yakuman_index(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yakuman_have_no_han_and_their_own_rank() {
        let mut ranks: Vec<u8> = Yaku::ALL
            .iter()
            .filter(|y| y.is_yakuman())
            .map(|y| y.tenhou_rank())
            .collect();
        assert!(
            Yaku::ALL
                .iter()
                .filter(|y| y.is_yakuman())
                .all(|y| y.han() == (0, None))
        );
        ranks.dedup();
        // Tenhou's fifteen and the five classic limit hands.
        assert_eq!(ranks.len(), 20);
        assert_eq!(Yaku::Tenhou.tenhou_rank(), 27);
        assert!(Yaku::Tenhou.is_yakuman() && !Yaku::Renhou.is_yakuman());
    }
}
