//! [`Yaku`]: every Tenhou yaku and yakuman, numbered with Tenhou's ids.

use std::fmt;

/// A yaku or yakuman, with Tenhou's id as its discriminant (`AGARI yaku=`/`yakuman=`).
///
/// Dora, ura dora and red fives (Tenhou ids 52–54) are not yaku; they are counted in
/// [`crate::Score`]'s `dora`, `ura` and `aka` fields. The han of each yaku is given by
/// [`Yaku::han`]; yakuman have no han.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Yaku {
    /// Menzen tsumo: a closed hand won by tsumo. 1 han, closed only.
    MenzenTsumo = 0,
    /// Riichi. 1 han, closed only.
    Riichi = 1,
    /// Ippatsu: a win within one go-around of riichi, no call in between. 1 han.
    Ippatsu = 2,
    /// Chankan: a ron on a tile added to a kan. 1 han.
    Chankan = 3,
    /// Rinshan kaihou: a tsumo on the replacement tile of a kan. 1 han.
    RinshanKaihou = 4,
    /// Haitei: a tsumo on the last tile of the live wall. 1 han.
    Haitei = 5,
    /// Houtei: a ron on the last discard. 1 han.
    Houtei = 6,
    /// Pinfu: closed, four runs, a non-value pair and a two-sided wait. 1 han, closed only.
    Pinfu = 7,
    /// Tanyao: all simples. 1 han; open only under [`crate::OpenTanyao::Allowed`].
    Tanyao = 8,
    /// Iipeikou: two identical runs. 1 han, closed only.
    Iipeikou = 9,
    /// Seat wind East (a triplet of one's own wind). 1 han.
    SeatWindEast = 10,
    /// Seat wind South. 1 han.
    SeatWindSouth = 11,
    /// Seat wind West. 1 han.
    SeatWindWest = 12,
    /// Seat wind North. 1 han.
    SeatWindNorth = 13,
    /// Round wind East. 1 han.
    RoundWindEast = 14,
    /// Round wind South. 1 han.
    RoundWindSouth = 15,
    /// Round wind West. 1 han.
    RoundWindWest = 16,
    /// Round wind North. 1 han.
    RoundWindNorth = 17,
    /// Haku (white dragon) triplet. 1 han.
    Haku = 18,
    /// Hatsu (green dragon) triplet. 1 han.
    Hatsu = 19,
    /// Chun (red dragon) triplet. 1 han.
    Chun = 20,
    /// Double riichi: riichi on the first discard, no call before. 2 han, closed only.
    DoubleRiichi = 21,
    /// Chiitoitsu: seven distinct pairs. 2 han, closed only, 25 fu.
    Chiitoitsu = 22,
    /// Chanta: every set and the pair hold a terminal or honour, with a run. 2 han, open 1.
    Chanta = 23,
    /// Ittsu: 123, 456 and 789 of one suit. 2 han, open 1.
    Ittsu = 24,
    /// Sanshoku doujun: the same run in all three suits. 2 han, open 1.
    SanshokuDoujun = 25,
    /// Sanshoku doukou: the same triplet in all three suits. 2 han.
    SanshokuDoukou = 26,
    /// Sankantsu: three kans. 2 han.
    Sankantsu = 27,
    /// Toitoi: four triplets or kans. 2 han.
    Toitoi = 28,
    /// Sanankou: three concealed triplets. 2 han.
    Sanankou = 29,
    /// Shousangen: two dragon triplets and a dragon pair. 2 han.
    Shousangen = 30,
    /// Honroutou: only terminals and honours. 2 han.
    Honroutou = 31,
    /// Ryanpeikou: two pairs of identical runs. 3 han, closed only.
    Ryanpeikou = 32,
    /// Junchan: every set and the pair hold a terminal, no honour, with a run. 3 han, open 2.
    Junchan = 33,
    /// Honitsu: one numbered suit plus honours. 3 han, open 2.
    Honitsu = 34,
    /// Chinitsu: one numbered suit only. 6 han, open 5.
    Chinitsu = 35,
    /// Renhou: a ron before one's first draw. Its value is [`crate::Renhou`]; never on Tenhou.
    Renhou = 36,
    /// Tenhou: the dealer's win on the dealt hand. Yakuman.
    Tenhou = 37,
    /// Chiihou: a non-dealer's tsumo on the first draw, no call before. Yakuman.
    Chiihou = 38,
    /// Daisangen: three dragon triplets. Yakuman.
    Daisangen = 39,
    /// Suuankou: four concealed triplets. Yakuman.
    Suuankou = 40,
    /// Suuankou tanki: four concealed triplets won on the pair. Yakuman (double where the rules say).
    SuuankouTanki = 41,
    /// Tsuuiisou: only honours. Yakuman.
    Tsuuiisou = 42,
    /// Ryuuiisou: only 2s 3s 4s 6s 8s and hatsu (hatsu optional). Yakuman.
    Ryuuiisou = 43,
    /// Chinroutou: only terminals. Yakuman.
    Chinroutou = 44,
    /// Chuuren (poutou): closed 1112345678999 plus one tile of the suit. Yakuman.
    Chuuren = 45,
    /// Junsei chuuren: chuuren with the nine-sided wait. Yakuman (double where the rules say).
    JunseiChuuren = 46,
    /// Kokushi (musou): the thirteen orphans. Yakuman.
    Kokushi = 47,
    /// Kokushi 13-wait: kokushi with the thirteen-sided wait. Yakuman (double where the rules say).
    Kokushi13Wait = 48,
    /// Daisuushii: four wind triplets. Yakuman (double where the rules say).
    Daisuushii = 49,
    /// Shousuushii: three wind triplets and a wind pair. Yakuman.
    Shousuushii = 50,
    /// Suukantsu: four kans. Yakuman.
    Suukantsu = 51,
}

impl Yaku {
    /// Every yaku in id order.
    pub const ALL: [Yaku; 52] = {
        let mut all = [Yaku::MenzenTsumo; 52];
        let mut i = 0;
        while i < 52 {
            all[i] = match Yaku::from_id(i as u8) {
                Some(y) => y,
                None => Yaku::MenzenTsumo,
            };
            i += 1;
        }
        all
    };

    /// Tenhou's id.
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The yaku with this Tenhou id (0..=51), or `None` (52–54 are dora counts, not yaku).
    pub const fn from_id(id: u8) -> Option<Yaku> {
        use Yaku::*;
        const TABLE: [Yaku; 52] = [
            MenzenTsumo,
            Riichi,
            Ippatsu,
            Chankan,
            RinshanKaihou,
            Haitei,
            Houtei,
            Pinfu,
            Tanyao,
            Iipeikou,
            SeatWindEast,
            SeatWindSouth,
            SeatWindWest,
            SeatWindNorth,
            RoundWindEast,
            RoundWindSouth,
            RoundWindWest,
            RoundWindNorth,
            Haku,
            Hatsu,
            Chun,
            DoubleRiichi,
            Chiitoitsu,
            Chanta,
            Ittsu,
            SanshokuDoujun,
            SanshokuDoukou,
            Sankantsu,
            Toitoi,
            Sanankou,
            Shousangen,
            Honroutou,
            Ryanpeikou,
            Junchan,
            Honitsu,
            Chinitsu,
            Renhou,
            Tenhou,
            Chiihou,
            Daisangen,
            Suuankou,
            SuuankouTanki,
            Tsuuiisou,
            Ryuuiisou,
            Chinroutou,
            Chuuren,
            JunseiChuuren,
            Kokushi,
            Kokushi13Wait,
            Daisuushii,
            Shousuushii,
            Suukantsu,
        ];
        if (id as usize) < TABLE.len() {
            Some(TABLE[id as usize])
        } else {
            None
        }
    }

    /// Whether this is a yakuman (ids 37–51).
    pub const fn is_yakuman(self) -> bool {
        self as u8 >= 37
    }

    /// The han of this yaku in a closed and in an open hand; `None` where it cannot be had
    /// open. Yakuman, renhou (rule-dependent) and tanyao (open value set by
    /// [`crate::OpenTanyao`]) are given as the plain table value; yakuman return 0 han.
    pub const fn han(self) -> (u8, Option<u8>) {
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
            Junchan | Honitsu => (3, Some(2)),
            Chinitsu => (6, Some(5)),
            Renhou => (0, None),
            _ => (0, None),
        }
    }

    /// The romaji name, in lower case (`"menzen tsumo"`, `"seat wind east"`).
    pub const fn name(self) -> &'static str {
        use Yaku::*;
        match self {
            MenzenTsumo => "menzen tsumo",
            Riichi => "riichi",
            Ippatsu => "ippatsu",
            Chankan => "chankan",
            RinshanKaihou => "rinshan kaihou",
            Haitei => "haitei",
            Houtei => "houtei",
            Pinfu => "pinfu",
            Tanyao => "tanyao",
            Iipeikou => "iipeikou",
            SeatWindEast => "seat wind east",
            SeatWindSouth => "seat wind south",
            SeatWindWest => "seat wind west",
            SeatWindNorth => "seat wind north",
            RoundWindEast => "round wind east",
            RoundWindSouth => "round wind south",
            RoundWindWest => "round wind west",
            RoundWindNorth => "round wind north",
            Haku => "haku",
            Hatsu => "hatsu",
            Chun => "chun",
            DoubleRiichi => "double riichi",
            Chiitoitsu => "chiitoitsu",
            Chanta => "chanta",
            Ittsu => "ittsu",
            SanshokuDoujun => "sanshoku doujun",
            SanshokuDoukou => "sanshoku doukou",
            Sankantsu => "sankantsu",
            Toitoi => "toitoi",
            Sanankou => "sanankou",
            Shousangen => "shousangen",
            Honroutou => "honroutou",
            Ryanpeikou => "ryanpeikou",
            Junchan => "junchan",
            Honitsu => "honitsu",
            Chinitsu => "chinitsu",
            Renhou => "renhou",
            Tenhou => "tenhou",
            Chiihou => "chiihou",
            Daisangen => "daisangen",
            Suuankou => "suuankou",
            SuuankouTanki => "suuankou tanki",
            Tsuuiisou => "tsuuiisou",
            Ryuuiisou => "ryuuiisou",
            Chinroutou => "chinroutou",
            Chuuren => "chuuren",
            JunseiChuuren => "junsei chuuren",
            Kokushi => "kokushi",
            Kokushi13Wait => "kokushi 13-wait",
            Daisuushii => "daisuushii",
            Shousuushii => "shousuushii",
            Suukantsu => "suukantsu",
        }
    }

    /// The yaku with this romaji name (as [`Yaku::name`] prints it), if any.
    pub fn from_name(name: &str) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|y| y.name() == name)
    }

    /// Whether this is one of the single-pattern double yakuman of some rule sets
    /// (suuankou tanki, junsei chuuren, kokushi 13-wait, daisuushii).
    pub const fn is_single_pattern_double(self) -> bool {
        matches!(
            self,
            Yaku::SuuankouTanki | Yaku::JunseiChuuren | Yaku::Kokushi13Wait | Yaku::Daisuushii
        )
    }

    /// The position of this yaku in Tenhou's recorded `yaku=` list (smaller comes first).
    ///
    /// Learned from the real logs: riichi, ippatsu, the situational yaku, menzen tsumo, then
    /// the hand's yaku, honitsu/chinitsu near the end. Value yaku (ids 10–20) are not ordered
    /// by this rank but by the order of their sets (see [`crate::Score::yaku`]).
    pub(crate) const fn tenhou_rank(self) -> u8 {
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
            Pinfu => 9,
            Chiitoitsu => 10,
            Shousangen => 11,
            Iipeikou => 12,
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
            _ => 27 + (self as u8 - 37),
        }
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for (i, y) in Yaku::ALL.iter().enumerate() {
            assert_eq!(y.id() as usize, i);
            assert_eq!(Yaku::from_name(y.name()), Some(*y));
        }
        assert_eq!(Yaku::from_id(52), None);
        assert!(Yaku::Tenhou.is_yakuman() && !Yaku::Renhou.is_yakuman());
    }
}
