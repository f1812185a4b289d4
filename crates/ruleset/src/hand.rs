//! [`HandRules`]: every rule point that changes what a winning hand is worth.

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
    /// hand's limit stays "no-limit": only its base points are rounded up.
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
    /// No source settles it for this rule set: a hand with such a pair cannot be valued.
    NotSettled,
}

/// Whether a win on the replacement tile after a kan (rinshan kaihou) gets the 2 tsumo fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RinshanFu {
    /// Rinshan is a tsumo like any other: +2 fu.
    TsumoFu,
    /// No tsumo fu on a rinshan win.
    NoTsumoFu,
    /// No source settles it for this rule set: a rinshan win cannot be valued.
    NotSettled,
}

/// What a renhou (a ron before the winner's first draw, no call before) is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renhou {
    /// Renhou is not a yaku: the hand scores its other yaku only.
    None,
    /// Renhou is a mangan limit, not added to other yaku (the higher value is taken).
    Mangan,
    /// Renhou is a yaku of 5 han, added to the hand's other yaku (WRC 2015).
    FiveHanCumulative,
    /// Renhou is a yakuman.
    Yakuman,
    /// No source settles it for this rule set: a renhou cannot be valued.
    NotSettled,
}

/// Whether the ura dora (the indicators under the dora indicators) count for a riichi win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UraDora {
    /// A riichi win counts one han per ura dora (and kan ura dora).
    Counted,
    /// No ura dora (JPML official rules).
    NotCounted,
}

/// Whether ippatsu (a win within one uninterrupted go-around after riichi) is a yaku.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ippatsu {
    /// Ippatsu is one han.
    Counted,
    /// No ippatsu (JPML official rules).
    NotCounted,
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

/// Every rule point that changes the value of a winning hand, as data.
///
/// There is no `Default`: take a preset's ([`crate::RuleSet::preset`]) and change fields.
/// Payments around the hand (honba, riichi sticks) are [`crate::FlowRules`]'; when a kan's
/// dora indicator is revealed is [`crate::RoundRules::kan_dora`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandRules {
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
    /// Ura dora.
    pub ura_dora: UraDora,
    /// Ippatsu.
    pub ippatsu: Ippatsu,
    /// The base-points formula.
    pub base_points: BasePoints,
    /// The limit hands.
    pub limits: Limits,
}
