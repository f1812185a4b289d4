//! [`Rules`]: every rule point that changes what a winning hand is worth, as plain data.

/// Whether the red fives (tile ids 16, 52 and 88) count as one han each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RedFives {
    /// No red fives: ids 16, 52 and 88 are ordinary fives.
    None,
    /// One red five in each numbered suit (ids 16, 52, 88), one han each (aka dora).
    OnePerSuit,
}

/// Whether tanyao (all simples) counts in an open hand (kuitan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpenTanyao {
    /// Tanyao counts open and closed (kuitan ari).
    Allowed,
    /// Tanyao counts only in a closed hand (kuitan nashi).
    Forbidden,
}

/// Whether hands just under mangan are rounded up to it (kiriage mangan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KiriageMangan {
    /// No rounding: 4 han 30 fu and 3 han 60 fu stay at base 1920.
    Off,
    /// Base 1920 (4 han 30 fu, 3 han 60 fu) is paid as mangan. As Tenhou records it, the
    /// hand's [`crate::Limit`] stays `None`: only its base points are rounded up.
    On,
}

/// What 13 or more han without a yakuman pattern is worth (kazoe yakuman).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KazoeYakuman {
    /// 13+ han is one yakuman, never more.
    Yakuman,
    /// 13+ han is capped at sanbaiman.
    Sanbaiman,
}

/// Whether the single-pattern double yakuman (suuankou tanki, junsei chuuren, kokushi 13-wait,
/// daisuushii) count twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleYakuman {
    /// Every yakuman pattern counts once.
    Single,
    /// Suuankou tanki, junsei chuuren, kokushi 13-wait and daisuushii count twice.
    Double,
}

/// Whether several distinct yakuman in one hand add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum YakumanStacking {
    /// Each distinct yakuman adds its value (tenhou and chiihou included).
    Stack,
    /// The hand is worth its single largest yakuman.
    Highest,
}

/// Fu for a pair of a wind that is both the seat and the round wind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleWindPairFu {
    /// 2 fu for each role: 4 fu.
    Four,
    /// 2 fu, as for any value pair.
    Two,
}

/// Whether a win on the replacement tile after a kan (rinshan kaihou) gets the 2 tsumo fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RinshanFu {
    /// Rinshan is a tsumo like any other: +2 fu.
    TsumoFu,
    /// No tsumo fu on a rinshan win.
    NoTsumoFu,
}

/// What a renhou (a ron before the winner's first draw, no call before) is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renhou {
    /// Renhou is not a yaku: the hand scores its other yaku only.
    None,
    /// Renhou is a mangan limit, not added to other yaku (the higher value is taken).
    Mangan,
    /// Renhou is a yakuman.
    Yakuman,
}

/// How base points are computed from han and fu before the limits apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BasePoints {
    /// `fu × 2^(2 + han)` (the two ba-zoro han), the universal Japanese formula.
    FuTimesTwoPowHanPlusTwo,
}

/// The limit hands: from how many han each applies and its base points.
///
/// A hand whose formula base reaches `mangan_base` is also a mangan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Han from which a hand is a mangan whatever its fu (5).
    pub mangan_han: u8,
    /// Han from which a hand is a haneman (6).
    pub haneman_han: u8,
    /// Han from which a hand is a baiman (8).
    pub baiman_han: u8,
    /// Han from which a hand is a sanbaiman (11).
    pub sanbaiman_han: u8,
    /// Han from which a hand is a counted (kazoe) yakuman, see [`KazoeYakuman`] (13).
    pub kazoe_han: u8,
    /// Base points of mangan (2000).
    pub mangan_base: u32,
    /// Base points of haneman (3000).
    pub haneman_base: u32,
    /// Base points of baiman (4000).
    pub baiman_base: u32,
    /// Base points of sanbaiman (6000).
    pub sanbaiman_base: u32,
    /// Base points of one yakuman (8000).
    pub yakuman_base: u32,
}

impl Limits {
    /// The usual Japanese limits: 5/6/8/11/13 han, 2000/3000/4000/6000/8000 base points.
    pub const STANDARD: Limits = Limits {
        mangan_han: 5,
        haneman_han: 6,
        baiman_han: 8,
        sanbaiman_han: 11,
        kazoe_han: 13,
        mangan_base: 2000,
        haneman_base: 3000,
        baiman_base: 4000,
        sanbaiman_base: 6000,
        yakuman_base: 8000,
    };
}

/// Every rule point that changes the value of a winning hand (RULES.md §2.2), as data.
///
/// There is no `Default`: name a preset such as [`Rules::tenhou`] and override fields with
/// struct-update syntax, e.g. `Rules { kiriage_mangan: KiriageMangan::On, ..Rules::tenhou(lobby) }`.
///
/// It holds only what the hand evaluator needs; rule points about the flow of a game (abortive
/// draws, furiten, pao, settlement) are not here yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Red fives.
    pub red_fives: RedFives,
    /// Open tanyao (kuitan).
    pub open_tanyao: OpenTanyao,
    /// Kiriage mangan.
    pub kiriage_mangan: KiriageMangan,
    /// The value of 13+ han (kazoe yakuman).
    pub kazoe_yakuman: KazoeYakuman,
    /// Single-pattern double yakuman.
    pub double_yakuman: DoubleYakuman,
    /// Yakuman stacking.
    pub yakuman_stacking: YakumanStacking,
    /// Fu of a double-wind pair.
    pub double_wind_pair_fu: DoubleWindPairFu,
    /// Tsumo fu on a rinshan win.
    pub rinshan_fu: RinshanFu,
    /// Renhou.
    pub renhou: Renhou,
    /// The base-points formula.
    pub base_points: BasePoints,
    /// The limit hands.
    pub limits: Limits,
    /// Points paid per honba counter on a win (300, split 100 per payer on tsumo).
    pub honba_points: u32,
    /// Points of one riichi deposit stick (1000).
    pub riichi_stick_points: u32,
}

/// The rule flags of a Tenhou lobby that change a hand's value, decoded from the mjlog
/// `<GO type=…>` bitfield.
///
/// Bits 0x02 (no red fives), 0x04 (no open tanyao), 0x200 (chip lobby, which rounds up to
/// mangan) and 0x400 (honba value) matter to a win's value; the others (room, speed, hanchan,
/// sanma) are ignored here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TenhouLobby {
    /// Red fives: [`RedFives::OnePerSuit`] unless bit 0x02 is set.
    pub red_fives: RedFives,
    /// Open tanyao: [`OpenTanyao::Allowed`] unless bit 0x04 is set.
    pub open_tanyao: OpenTanyao,
    /// Kiriage mangan: [`KiriageMangan::On`] when bit 0x200 (a chip, shuugi, lobby) is set.
    ///
    /// RULES.md §1.2 says Tenhou has no kiriage; that holds for the ranked lobbies, but both
    /// 4 han 30 fu wins of the corpus's chip lobbies (GO types 0x229 and 0x621) are paid as
    /// mangan (12000 dealer tsumo, 8000 non-dealer tsumo). The log wins.
    pub kiriage_mangan: KiriageMangan,
    /// Points per honba on a win: 300, or 1500 when bit 0x400 is set.
    ///
    /// Bit 0x400 is undocumented; its one game in the corpus (GO type 0x621) pays a one-honba
    /// ron as hand + 1500, so the honba is read as five times the usual value there.
    pub honba_points: u32,
    /// When a kan's new dora indicator is revealed: an open kan's at its player's discard,
    /// except in chip lobbies (bit 0x200), where every kan's is revealed at once.
    ///
    /// RULES.md §1.7 gives the ranked lobbies' timing, which every ranked kan of the corpus
    /// follows. The corpus's one open kan in a chip lobby (a kakan, GO type 0x229) has its
    /// `DORA` right after the kan, before the replacement draw, with no earlier kan pending.
    /// One observation: the log wins, but this rests on it alone.
    pub kan_dora: crate::KanDoraTiming,
}

impl TenhouLobby {
    /// The usual ranked lobby: red fives and open tanyao (aka ari, kuitan ari).
    pub const ARIARI: TenhouLobby = TenhouLobby {
        red_fives: RedFives::OnePerSuit,
        open_tanyao: OpenTanyao::Allowed,
        kiriage_mangan: KiriageMangan::Off,
        honba_points: 300,
        kan_dora: crate::KanDoraTiming::AnkanNowOpenAtDiscard,
    };

    /// Decodes the GO `type` bitfield: bit 0x02 set means no red fives, bit 0x04 set means no
    /// open tanyao, bit 0x200 (chip lobby) means kiriage mangan and immediate kan dora, bit
    /// 0x400 a 1500-point honba.
    /// Every other bit is ignored.
    pub const fn from_go_type(go_type: u32) -> TenhouLobby {
        TenhouLobby {
            red_fives: if go_type & 0x02 != 0 {
                RedFives::None
            } else {
                RedFives::OnePerSuit
            },
            open_tanyao: if go_type & 0x04 != 0 {
                OpenTanyao::Forbidden
            } else {
                OpenTanyao::Allowed
            },
            kiriage_mangan: if go_type & 0x200 != 0 {
                KiriageMangan::On
            } else {
                KiriageMangan::Off
            },
            honba_points: if go_type & 0x400 != 0 { 1500 } else { 300 },
            kan_dora: if go_type & 0x200 != 0 {
                crate::KanDoraTiming::Immediate
            } else {
                crate::KanDoraTiming::AnkanNowOpenAtDiscard
            },
        }
    }
}

impl Rules {
    /// Tenhou's four-player rules (RULES.md §1) for a lobby's red-five and open-tanyao flags.
    ///
    /// # Scope
    ///
    /// Follows tenhou.net/man as gathered in RULES.md §1.2–1.3 and checked against real mjlogs:
    /// no kiriage mangan (except in chip lobbies, see [`TenhouLobby::kiriage_mangan`]), kazoe yakuman at 13 han (1× only), every yakuman pattern counts once
    /// (suuankou tanki, junsei chuuren, kokushi 13-wait keep their own ids), distinct yakuman
    /// stack, a double-wind pair is 4 fu, a rinshan win gets the tsumo fu, no renhou.
    pub const fn tenhou(lobby: TenhouLobby) -> Rules {
        Rules {
            red_fives: lobby.red_fives,
            open_tanyao: lobby.open_tanyao,
            kiriage_mangan: lobby.kiriage_mangan,
            kazoe_yakuman: KazoeYakuman::Yakuman,
            double_yakuman: DoubleYakuman::Single,
            yakuman_stacking: YakumanStacking::Stack,
            double_wind_pair_fu: DoubleWindPairFu::Four,
            rinshan_fu: RinshanFu::TsumoFu,
            renhou: Renhou::None,
            base_points: BasePoints::FuTimesTwoPowHanPlusTwo,
            limits: Limits::STANDARD,
            honba_points: lobby.honba_points,
            riichi_stick_points: 1000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_type_bits() {
        assert_eq!(TenhouLobby::from_go_type(169), TenhouLobby::ARIARI);
        let l = TenhouLobby::from_go_type(0x07);
        assert_eq!(l.red_fives, RedFives::None);
        assert_eq!(l.open_tanyao, OpenTanyao::Forbidden);
        assert_eq!(
            Rules::tenhou(TenhouLobby::from_go_type(171)).red_fives,
            RedFives::None
        );
        assert_eq!(
            TenhouLobby::from_go_type(0x229).kiriage_mangan,
            KiriageMangan::On
        );
    }
}
