//! The names of what a hand's han come from: [`Yaku`] and [`HanSource`], and the [`Limit`]
//! a hand reaches. Vocabulary only: no values, no platform numbers.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A yaku or yakuman, by name: the vocabulary of recorded outcomes and of the engine alike.
///
/// Dora, ura dora and red fives are not yaku: a recorded yaku list names them as
/// [`HanSource`]s. How many han a yaku is worth is the rules engine's business (the rules
/// differ); platforms' numbers for yaku are their log readers' business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Yaku {
    /// Menzen tsumo: a closed hand won by tsumo. 1 han, closed only.
    MenzenTsumo,
    /// Riichi. 1 han, closed only.
    Riichi,
    /// Ippatsu: a win within one go-around of riichi, no call in between. 1 han.
    Ippatsu,
    /// Chankan: a ron on a tile added to a kan. 1 han.
    Chankan,
    /// Rinshan kaihou: a tsumo on the replacement tile of a kan. 1 han.
    RinshanKaihou,
    /// Haitei: a tsumo on the last tile of the live wall. 1 han.
    Haitei,
    /// Houtei: a ron on the last discard. 1 han.
    Houtei,
    /// Pinfu: closed, four runs, a non-value pair and a two-sided wait. 1 han, closed only.
    Pinfu,
    /// Tanyao: all simples. 1 han; open where the rule set allows it.
    Tanyao,
    /// Iipeikou: two identical runs. 1 han, closed only.
    Iipeikou,
    /// Seat wind East (a triplet of one's own wind). 1 han.
    SeatWindEast,
    /// Seat wind South. 1 han.
    SeatWindSouth,
    /// Seat wind West. 1 han.
    SeatWindWest,
    /// Seat wind North. 1 han.
    SeatWindNorth,
    /// Round wind East. 1 han.
    RoundWindEast,
    /// Round wind South. 1 han.
    RoundWindSouth,
    /// Round wind West. 1 han.
    RoundWindWest,
    /// Round wind North. 1 han.
    RoundWindNorth,
    /// Haku (white dragon) triplet. 1 han.
    Haku,
    /// Hatsu (green dragon) triplet. 1 han.
    Hatsu,
    /// Chun (red dragon) triplet. 1 han.
    Chun,
    /// Double riichi: riichi on the first discard, no call before. 2 han, closed only.
    DoubleRiichi,
    /// Chiitoitsu: seven distinct pairs. 2 han, closed only, 25 fu.
    Chiitoitsu,
    /// Chanta: every set and the pair hold a terminal or honour, with a run. 2 han, open 1.
    Chanta,
    /// Ittsu: 123, 456 and 789 of one suit. 2 han, open 1.
    Ittsu,
    /// Sanshoku doujun: the same run in all three suits. 2 han, open 1.
    SanshokuDoujun,
    /// Sanshoku doukou: the same triplet in all three suits. 2 han.
    SanshokuDoukou,
    /// Sankantsu: three kans. 2 han.
    Sankantsu,
    /// Toitoi: four triplets or kans. 2 han.
    Toitoi,
    /// Sanankou: three concealed triplets. 2 han.
    Sanankou,
    /// Shousangen: two dragon triplets and a dragon pair. 2 han.
    Shousangen,
    /// Honroutou: only terminals and honours. 2 han.
    Honroutou,
    /// Ryanpeikou: two pairs of identical runs. 3 han, closed only.
    Ryanpeikou,
    /// Junchan: every set and the pair hold a terminal, no honour, with a run. 3 han, open 2.
    Junchan,
    /// Honitsu: one numbered suit plus honours. 3 han, open 2.
    Honitsu,
    /// Chinitsu: one numbered suit only. 6 han, open 5.
    Chinitsu,
    /// Renhou: a ron before one's first draw. Its value is the rule set's; none on Tenhou.
    Renhou,
    /// Tenhou: the dealer's win on the dealt hand. Yakuman.
    Tenhou,
    /// Chiihou: a non-dealer's tsumo on the first draw, no call before. Yakuman.
    Chiihou,
    /// Daisangen: three dragon triplets. Yakuman.
    Daisangen,
    /// Suuankou: four concealed triplets. Yakuman.
    Suuankou,
    /// Suuankou tanki: four concealed triplets won on the pair. Yakuman (double where the rules say).
    SuuankouTanki,
    /// Tsuuiisou: only honours. Yakuman.
    Tsuuiisou,
    /// Ryuuiisou: only 2s 3s 4s 6s 8s and hatsu (hatsu optional). Yakuman.
    Ryuuiisou,
    /// Chinroutou: only terminals. Yakuman.
    Chinroutou,
    /// Chuuren (poutou): closed 1112345678999 plus one tile of the suit. Yakuman.
    Chuuren,
    /// Junsei chuuren: chuuren with the nine-sided wait. Yakuman (double where the rules say).
    JunseiChuuren,
    /// Kokushi (musou): the thirteen orphans. Yakuman.
    Kokushi,
    /// Kokushi 13-wait: kokushi with the thirteen-sided wait. Yakuman (double where the rules say).
    Kokushi13Wait,
    /// Daisuushii: four wind triplets. Yakuman (double where the rules say).
    Daisuushii,
    /// Shousuushii: three wind triplets and a wind pair. Yakuman.
    Shousuushii,
    /// Suukantsu: four kans. Yakuman.
    Suukantsu,
    /// Kanchan: a win on a closed wait (the middle tile of a run). Buu mahjong's 1-han yaku;
    /// no value in the Japanese rule sets. Listed after Tenhou's: it has no Tenhou id.
    Kanchan,
    /// Iipin moyue ("moon from the bottom of the sea"): haitei on 1p. A classic limit hand.
    IipinMoyue,
    /// Uupin kaihou ("plum blossom on the roof"): rinshan on 5p. A classic limit hand.
    UupinKaihou,
    /// Ryansou chankan ("scratching a carrying pole"): chankan on 2s. A classic limit hand.
    RyansouChankan,
    /// Renkan kaihou ("kong on kong"): rinshan after two or more kans in one turn. A classic
    /// limit hand.
    RenkanKaihou,
    /// Paarenchan: the dealer's eighth win in a row. A classic limit hand.
    Paarenchan,
    /// Isshoku sanjun: three identical runs (same suit, same numbers). The classic rules'
    /// double count (seed 001, "identical sequences"): 2 han when all three are concealed, 1
    /// when one is called; no value in the Japanese rule sets. No Tenhou id.
    IsshokuSanjun,
}

impl Yaku {
    /// Every yaku, in the order yaku are listed (the order of this enum).
    pub const ALL: [Yaku; 59] = {
        use Yaku::*;
        [
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
            Kanchan,
            IipinMoyue,
            UupinKaihou,
            RyansouChankan,
            RenkanKaihou,
            Paarenchan,
            IsshokuSanjun,
        ]
    };

    /// Whether this is a yakuman (tenhou to suukantsu, and the classic limit hands).
    pub const fn is_yakuman(self) -> bool {
        use Yaku::*;
        matches!(
            self,
            IipinMoyue
                | Paarenchan
                | UupinKaihou
                | RyansouChankan
                | RenkanKaihou
                | Tenhou
                | Chiihou
                | Daisangen
                | Suuankou
                | SuuankouTanki
                | Tsuuiisou
                | Ryuuiisou
                | Chinroutou
                | Chuuren
                | JunseiChuuren
                | Kokushi
                | Kokushi13Wait
                | Daisuushii
                | Shousuushii
                | Suukantsu
        )
    }

    /// The name, as the notation writes it and every message, sheet and JSON form shows it
    /// (`"menzen-tsumo"`, `"seat-east"`, `"sanshoku"`).
    pub const fn name(self) -> &'static str {
        use Yaku::*;
        match self {
            MenzenTsumo => "menzen-tsumo",
            Riichi => "riichi",
            Ippatsu => "ippatsu",
            Chankan => "chankan",
            RinshanKaihou => "rinshan",
            Haitei => "haitei",
            Houtei => "houtei",
            Pinfu => "pinfu",
            Tanyao => "tanyao",
            Iipeikou => "iipeikou",
            SeatWindEast => "seat-east",
            SeatWindSouth => "seat-south",
            SeatWindWest => "seat-west",
            SeatWindNorth => "seat-north",
            RoundWindEast => "round-east",
            RoundWindSouth => "round-south",
            RoundWindWest => "round-west",
            RoundWindNorth => "round-north",
            Haku => "haku",
            Hatsu => "hatsu",
            Chun => "chun",
            DoubleRiichi => "double-riichi",
            Chiitoitsu => "chiitoitsu",
            Chanta => "chanta",
            Ittsu => "ittsu",
            SanshokuDoujun => "sanshoku",
            SanshokuDoukou => "sanshoku-doukou",
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
            SuuankouTanki => "suuankou-tanki",
            Tsuuiisou => "tsuuiisou",
            Ryuuiisou => "ryuuiisou",
            Chinroutou => "chinroutou",
            Chuuren => "chuuren",
            JunseiChuuren => "junsei-chuuren",
            Kokushi => "kokushi",
            Kokushi13Wait => "kokushi-13",
            Daisuushii => "daisuushii",
            Shousuushii => "shousuushii",
            Suukantsu => "suukantsu",
            Kanchan => "kanchan",
            IsshokuSanjun => "isshoku-sanjun",
            IipinMoyue => "iipin-moyue",
            UupinKaihou => "uupin-kaihou",
            RyansouChankan => "ryansou-chankan",
            RenkanKaihou => "renkan-kaihou",
            Paarenchan => "paarenchan",
        }
    }

    /// The yaku with this romaji name (as [`Yaku::name`] prints it), if any.
    pub fn from_name(name: &str) -> Option<Yaku> {
        Yaku::ALL.into_iter().find(|y| y.name() == name)
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Yaku> for &'static str {
    fn from(y: Yaku) -> &'static str {
        y.name()
    }
}

impl TryFrom<String> for Yaku {
    type Error = String;
    fn try_from(name: String) -> Result<Yaku, String> {
        Yaku::from_name(&name).ok_or_else(|| format!("no yaku is called {name:?}"))
    }
}

/// What an entry of a recorded yaku list counts: a yaku, or the dora, ura dora or red fives
/// a win's han include.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum HanSource {
    /// A yaku.
    Yaku(Yaku),
    /// Dora: one han per dora in the hand.
    Dora,
    /// Ura dora (riichi wins).
    Ura,
    /// Red fives (aka dora).
    Aka,
    /// North tiles set aside in three-player games (kita, nukidora), listed apart by
    /// Mahjong Soul (`抜きドラ`).
    Kita,
}

impl HanSource {
    /// The name: the yaku's, or `dora`, `ura`, `aka`, `kita`.
    pub const fn name(self) -> &'static str {
        match self {
            HanSource::Yaku(y) => y.name(),
            HanSource::Dora => "dora",
            HanSource::Ura => "ura",
            HanSource::Aka => "aka",
            HanSource::Kita => "kita",
        }
    }

    /// The source with this name (as [`HanSource::name`] prints it), if any.
    pub fn from_name(name: &str) -> Option<HanSource> {
        match name {
            "dora" => Some(HanSource::Dora),
            "ura" => Some(HanSource::Ura),
            "aka" => Some(HanSource::Aka),
            "kita" => Some(HanSource::Kita),
            _ => Yaku::from_name(name).map(HanSource::Yaku),
        }
    }
}

impl fmt::Display for HanSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<HanSource> for &'static str {
    fn from(s: HanSource) -> &'static str {
        s.name()
    }
}

impl TryFrom<String> for HanSource {
    type Error = String;
    fn try_from(name: String) -> Result<HanSource, String> {
        HanSource::from_name(&name).ok_or_else(|| format!("no yaku is called {name:?}"))
    }
}

/// The limit a hand reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// No limit: base points from han and fu.
    #[serde(rename = "no-limit")]
    None,
    /// Mangan.
    Mangan,
    /// Haneman.
    Haneman,
    /// Baiman.
    Baiman,
    /// Sanbaiman.
    Sanbaiman,
    /// Yakuman, by pattern or by counting han (kazoe).
    Yakuman,
}

impl Limit {
    /// Every limit, lowest first.
    pub const ALL: [Limit; 6] = [
        Limit::None,
        Limit::Mangan,
        Limit::Haneman,
        Limit::Baiman,
        Limit::Sanbaiman,
        Limit::Yakuman,
    ];

    /// The name, as the notation writes it: `no-limit`, `mangan`, `haneman`, `baiman`,
    /// `sanbaiman`, `yakuman`.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::None => "no-limit",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_the_yaku_in_the_order_of_the_enum() {
        for (i, y) in Yaku::ALL.iter().enumerate() {
            assert_eq!(*y as usize, i, "{y:?}");
        }
    }

    #[test]
    fn names_read_back() {
        for y in Yaku::ALL {
            assert_eq!(Yaku::from_name(y.name()), Some(y));
            assert_eq!(HanSource::from_name(y.name()), Some(HanSource::Yaku(y)));
        }
        // Tenhou's fifteen and the five classic limit hands.
        assert_eq!(Yaku::ALL.iter().filter(|y| y.is_yakuman()).count(), 20);
        for s in [
            HanSource::Dora,
            HanSource::Ura,
            HanSource::Aka,
            HanSource::Kita,
        ] {
            assert_eq!(HanSource::from_name(s.name()), Some(s));
        }
        assert_eq!(HanSource::from_name("yaku60"), None);
    }
}
