//! Tenhou's numbers for yaku and limits (`AGARI yaku=`, `yakuman=`, `chip=`, `ten=`), mapped
//! to haifu's names. Nothing outside the Tenhou reader sees these numbers.

use haifu_tiles::{HanSource, Limit, Yaku};

/// The yaku with Tenhou ids 0–51 are the first 52 of [`Yaku::ALL`], in that order (checked
/// by the tests at known ids); 52 is dora, 53 ura dora, 54 red fives. Buu's kanchan, last in
/// the list, has no Tenhou id.
pub fn han_source(id: u8) -> Option<HanSource> {
    match id {
        52 => Some(HanSource::Dora),
        53 => Some(HanSource::Ura),
        54 => Some(HanSource::Aka),
        0..52 => Yaku::ALL.get(usize::from(id)).copied().map(HanSource::Yaku),
        _ => None,
    }
}

/// Tenhou's id of a yaku list entry: the inverse of [`han_source`]. Kita, which Tenhou
/// counts among the dora, has no id of its own: it gets dora's.
pub fn han_source_id(source: HanSource) -> u8 {
    match source {
        HanSource::Kita => 52,
        HanSource::Dora => 52,
        // Buu's kanchan and the classic limit hands and double counts have no Tenhou id: no Tenhou log lists
        // them.
        HanSource::Yaku(
            Yaku::Kanchan
            | Yaku::IipinMoyue
            | Yaku::UupinKaihou
            | Yaku::RyansouChankan
            | Yaku::RenkanKaihou
            | Yaku::Paarenchan
            | Yaku::IsshokuSanjun,
        ) => u8::MAX,
        HanSource::Ura => 53,
        HanSource::Aka => 54,
        HanSource::Yaku(y) => Yaku::ALL
            .iter()
            .position(|other| *other == y)
            .and_then(|i| u8::try_from(i).ok())
            .unwrap_or(u8::MAX),
    }
}

/// The limit of Tenhou's code in `AGARI ten=` (0 none … 5 yakuman).
pub fn limit(code: u8) -> Option<Limit> {
    Limit::ALL.get(usize::from(code)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenhou_ids_at_known_points() {
        for (id, yaku) in [
            (0, Yaku::MenzenTsumo),
            (1, Yaku::Riichi),
            (7, Yaku::Pinfu),
            (8, Yaku::Tanyao),
            (10, Yaku::SeatWindEast),
            (14, Yaku::RoundWindEast),
            (18, Yaku::Haku),
            (20, Yaku::Chun),
            (22, Yaku::Chiitoitsu),
            (35, Yaku::Chinitsu),
            (36, Yaku::Renhou),
            (37, Yaku::Tenhou),
            (39, Yaku::Daisangen),
            (41, Yaku::SuuankouTanki),
            (47, Yaku::Kokushi),
            (48, Yaku::Kokushi13Wait),
            (51, Yaku::Suukantsu),
        ] {
            assert_eq!(han_source(id), Some(HanSource::Yaku(yaku)), "{id}");
            assert_eq!(han_source_id(HanSource::Yaku(yaku)), id);
        }
        assert_eq!(han_source(53), Some(HanSource::Ura));
        assert_eq!(han_source(55), None);
        for id in 0..=54 {
            assert_eq!(han_source(id).map(han_source_id), Some(id));
        }
        assert_eq!(limit(0), Some(Limit::None));
        assert_eq!(limit(5), Some(Limit::Yakuman));
        assert_eq!(limit(6), None);
    }
}
