//! [`HandRules`]: every rule point that changes what a winning hand is worth.

/// Whether the red fives (tile ids 16, 52 and 88) count as one han each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RedFives {
    /// No red fives: ids 16, 52 and 88 are ordinary fives.
    None,
    /// One red five in each numbered suit (ids 16, 52, 88), one han each (aka dora).
    OnePerSuit,
    /// One red 5p (id 52), one han; the red 5m and 5s are ordinary fives (Buu mahjong).
    PinOnly,
}

impl RedFives {
    /// Which numbered suits (m, p, s, in that order) have a red five: copy 0 of their five
    /// (ids 16, 52, 88) is then the red five; in the others it is a plain five.
    pub const fn suits(self) -> [bool; 3] {
        match self {
            RedFives::None => [false; 3],
            RedFives::OnePerSuit => [true; 3],
            RedFives::PinOnly => [false, true, false],
        }
    }
}

/// How a hand's value is counted: the scoring model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Japanese riichi scoring: base points fu × 2^(2 + han) (two han of ba-zoro), the limits
    /// from mangan to yakuman, dora as han.
    Japanese,
    /// Buu mahjong (ブー麻雀): base points fu × 2^han (no ba-zoro); a ron is 4 × base from a
    /// non-dealer's discard and 6 × base to the dealer, rounded up to 10 and capped at
    /// 2000 / 3000 (5 han or more is that cap), yakuman 8000 / 12000; a tsumo splits that
    /// total 1 : 1 : 2 (2 : 2 : 2 to the dealer); then, after the cap, menzen points (a closed
    /// hand: 300 on a ron, 100 from each payer on a tsumo) and 100 points per dora (from the
    /// discarder, or from each payer on a tsumo). Dora are points, not han; Buu's own yaku
    /// table (the `buu_*` rule points for its optional yaku).
    Buu,
    /// The classic Japanese scoring (RULES.md §3 seed (a), A15, A16s): basic points (20 for
    /// going out, 10 for a concealed hand won on a discard, 2 for a self-drawn win, the
    /// Japanese points for sets, pairs and waits, with no pinfu exceptions, rounded up to
    /// 10; seven pairs 100) doubled once per double, capped at the limit of 500, which is
    /// also what a limit hand (yakuman) is worth; no dora. The dealer pays and receives
    /// double and a discarder pays for all: a ron is 4 × the value (6 × to the dealer), a
    /// self-drawn win is paid 2 × by the dealer and 1 × by each other player (2 × each to
    /// the dealer). The doubles are the Japanese yaku's han, as the rule set's `yaku_han`
    /// changes them.
    Classic,
}

/// Whether an optional yaku of a rule set's table is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionalYaku {
    /// It is a yaku.
    Counted,
    /// It is not.
    NotCounted,
    /// No source settles it for this rule set: a hand that would have it cannot be valued.
    NotSettled,
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

/// Whether all green (ryuuiisou) needs hatsu among its tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ryuuiisou {
    /// Any hand of 2s, 3s, 4s, 6s, 8s and hatsu only is all green, hatsu or not.
    HatsuOptional,
    /// All green needs hatsu (JPML until 2017).
    HatsuRequired,
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

/// Every rule point that changes the value of a winning hand, as data.
///
/// There is no `Default`: take a preset's ([`crate::RuleSet::preset`]) and change fields.
/// Every rule set here scores `fu × 2^(2 + han)` with the usual limits (mangan from 5 han,
/// haneman 6, baiman 8, sanbaiman 11, yakuman 13): they are the engine's, not rule points.
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
    /// Whether all green needs hatsu.
    pub ryuuiisou: Ryuuiisou,
    /// Ura dora.
    pub ura_dora: UraDora,
    /// Ippatsu.
    pub ippatsu: Ippatsu,
    /// The scoring model.
    pub scoring: Scoring,
    /// Buu: iipeikou (1 han, closed).
    pub buu_iipeikou: OptionalYaku,
    /// Buu: chiitoitsu (1 han, always 50 fu).
    pub buu_chiitoitsu: OptionalYaku,
    /// Buu: sanshoku (2 han, open 1).
    pub buu_sanshoku: OptionalYaku,
    /// Buu: ryuuiisou (a yakuman).
    pub buu_ryuuiisou: OptionalYaku,
    /// The classic rules' special limit hands.
    pub classic_limit_hands: ClassicLimitHands,
    /// Whether a complete hand needs a yaku to win.
    pub yakuless_win: YakulessWin,
    /// The rule set's own values of yaku, where they differ from the scoring model's table.
    pub yaku_han: YakuTable,
    /// Whether toitoi with one or two concealed triplets counts one han more.
    pub toitoi_concealed: ConcealedToitoi,
    /// When identical runs count.
    pub identical_runs: IdenticalRuns,
    /// Whether a concealed hand's self-drawn win gets its 2 fu.
    pub concealed_tsumo_fu: ConcealedTsumoFu,
    /// Whether fishing is a double for its winner.
    pub fishing_double: FishingDouble,
}

/// A four-triplet hand (toitoi) with one or two concealed triplets: the classic double count
/// (seed 001, "concealed triplets in a four-triplet hand": two doubles with one or two, three
/// with three, where the basic rules give one and two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConcealedToitoi {
    /// Toitoi has its table value whatever its triplets.
    Plain,
    /// Toitoi with one or two concealed triplets counts one han more (three concealed
    /// triplets are sanankou's).
    ExtraDouble,
}

/// When identical runs count (iipeikou, and the classic three identical runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdenticalRuns {
    /// The Japanese count: two identical runs in a closed hand are iipeikou, two pairs of
    /// them ryanpeikou; an open hand has neither, and three identical runs are iipeikou.
    ClosedHand,
    /// The classic count (seed 001, "identical sequences"): two identical concealed runs are
    /// iipeikou in any hand; three identical runs are isshoku sanjun, two doubles when all
    /// three are concealed and one when one is called. A run completed by the winning
    /// discard counts as concealed (only a call shows a run).
    ConcealedRuns,
}

/// Whether a self-drawn win in a concealed hand gets the 2 fu of a self-drawn win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConcealedTsumoFu {
    /// It does (the Japanese count's pinfu exception aside).
    Counted,
    /// It does not: the classic variant "the two points for drawing the winning tile from
    /// the wall may be ignored" when the hand is completely concealed (seed 001).
    Ignored,
}

/// Whether a fishing declaration (`riichi = "fishing"`) is a double for its winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FishingDouble {
    /// A fishing player who wins gets one double (seed 001: "if the player wins the deal, he
    /// gets one extra double"), written as the riichi yaku.
    Counted,
    /// Fishing is worth nothing to its winner.
    NotCounted,
    /// No source settles it for this rule set: a fishing win cannot be valued.
    NotSettled,
}

/// A yaku's value where a rule set changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum YakuValue {
    /// The scoring model's own value.
    Model,
    /// This many han in a closed hand, and in an open one (`None`: closed only).
    Han {
        /// Han in a closed hand.
        closed: u8,
        /// Han in an open hand, if it counts open.
        open: Option<u8>,
    },
    /// Not a yaku under this rule set.
    NotAYaku,
}

/// A rule set's changes to the yaku table (RULES.md A15: the classic rules' double counts),
/// one entry per yaku of the vocabulary ([`haifu_tiles::Yaku::ALL`]); every entry is
/// [`YakuValue::Model`] unless set. Applies to yaku with han, not to yakuman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YakuTable(pub [YakuValue; haifu_tiles::Yaku::ALL.len()]);

impl YakuTable {
    /// No change: every yaku at the model's value.
    pub const MODEL: YakuTable = YakuTable([YakuValue::Model; haifu_tiles::Yaku::ALL.len()]);

    /// This table with `yaku` at `value` (for presets, in const context: [`haifu_tiles::Yaku::ALL`]
    /// lists the yaku in the order of the enum, so a yaku's discriminant is its index).
    pub const fn with(mut self, yaku: haifu_tiles::Yaku, value: YakuValue) -> YakuTable {
        self.0[yaku as usize] = value;
        self
    }

    /// Whether every entry is [`YakuValue::Model`] (the same as `== YakuTable::MODEL`). The
    /// scorer asks this of every win: comparing the table with [`YakuTable::MODEL`] by the
    /// derived `==` compares each entry's fields, several times the cost of this look at
    /// each entry's variant.
    pub fn is_model(&self) -> bool {
        self.0.iter().all(|v| matches!(v, YakuValue::Model))
    }

    /// The entry of `yaku` (indexed by its discriminant, as in [`YakuTable::with`]).
    pub fn get(&self, yaku: haifu_tiles::Yaku) -> YakuValue {
        self.0[yaku as usize]
    }
}

/// Whether a complete hand without a yaku may win (dora alone never make a yaku).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum YakulessWin {
    /// A win needs at least one yaku (one double: the Japanese rule sets, the classic rules'
    /// one-double minimum, RULES.md A11).
    NeedsAYaku,
    /// Any complete hand may win, valued with its dora and red fives alone (Buu as riichi.wiki
    /// gives it: "no minimum han", RULES.md A29).
    Allowed,
}

/// Whether the classic rules' special limit hands are played (RULES.md A16s): each is a limit
/// (a yakuman here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassicLimitHands {
    /// Moon from the bottom of the sea (haitei on 1p, `iipin-moyue`), plum blossom on the
    /// roof (rinshan on 5p, `uupin-kaihou`), scratching a carrying pole (chankan on 2s,
    /// `ryansou-chankan`) and kong on kong (rinshan after two or more kans in one turn,
    /// `renkan-kaihou`) are limit hands.
    Played,
    /// They are not: those wins are valued as any other.
    NotPlayed,
}
