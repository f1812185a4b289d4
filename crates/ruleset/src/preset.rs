//! The presets: the rule sets of the major platforms and leagues, as data.
//!
//! Each value, its source and the points no source settles are listed, preset by preset, in
//! the project's rules reference (`docs/RULESETS.md`); the comments here name only the
//! choices a reader of the code would otherwise wonder about.

use crate::{
    AbortiveDrawFlow, AbortiveRule, Busting, ConcealedToitoi, ConcealedTsumoFu, DoubleWindPairFu,
    DoubleYakuman, Extension, FinalPoints, FishingDouble, FlowRules, GameLength, HandRules,
    HonbaValue, IdenticalRuns, Ippatsu, KanDoraTiming, KazoeYakuman, KiriageMangan,
    KokushiRobsAnkan, Kuikae, LeftoverSticks, MultipleRon, MultipleRonBonus, NagashiMangan,
    NotenPayment, OpenTanyao, PaoHonba, PaoValue, Players, PointRounding, RedFives, Renchan,
    Renhou, RiichiMinLiveTiles, RiichiMinScore, RiichiModel, RinshanFu, RoundRules, RuleSet,
    Ryuuiisou, TenpaiRule, TieBreak, Uma, UraDora, YakumanStacking, Yame,
};
use crate::{
    BustGuard, ClassicLimitHands, DeadHand, EndAtScore, FalseWin, FirstDiscards, Furiten, Kita,
    KitaInterrupts, KitaRinshan, KitaRon, KyuushuPayment, OptionalYaku, PaoHands, PaoRon, Scoring,
    ThreePlayerTsumo, YakuTable, YakuValue, YakulessWin, YakumanEnd,
};
use haifu_tiles::Yaku;

/// A named rule set. Its values are [`RuleSet::preset`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Tenhou's four-player ranked hanchan with red fives and open tanyao, rules as played
    /// since June 2022.
    Tenhou,
    /// Tenhou's four-player ranked tonpuusen (East round only).
    TenhouTonpuu,
    /// Tenhou's hanchan without red fives and without open tanyao (the "nashi-nashi" lobby).
    TenhouNashi,
    /// Tenhou's four-player chip (shuugi) lobby: kiriage mangan, every kan's dora at once,
    /// uma +30/+10/−10/−30; the chips themselves are not settled.
    TenhouChips,
    /// Tenhou's three-player (sanma) ranked hanchan, red fives, open tanyao: kita, tsumo
    /// loss, 35000 start and 40000 return, uma +20/0/−20.
    TenhouSanma,
    /// Tenhou's three-player ranked tonpuusen (East round only).
    TenhouSanmaTonpuu,
    /// Mahjong Soul's four-player ranked hanchan.
    MahjongSoul,
    /// Mahjong Soul's three-player ranked hanchan (its East rooms: `length = "tonpuusen"`).
    MahjongSoulSanma,
    /// Riichi City's four-player ranked hanchan (its East rooms: `length = "tonpuusen"`).
    RiichiCity,
    /// Riichi City's three-player ranked hanchan: kita, tsumo loss.
    RiichiCitySanma,
    /// M-League (Japanese professional team league).
    MLeague,
    /// The Japan Professional Mahjong League's official rules (連盟公式), 2024 edition.
    Jpml2024,
    /// The JPML official rules as listed in 2012–2017, where they differ from 2024: suji
    /// kuikae allowed, the abortive draws played, no yakuman stacking, kokushi robbing an
    /// ankan, all green only with hatsu.
    Jpml2012,
    /// The World Riichi Championship rules, 2015 edition (with the 2014 errata).
    Wrc2015,
    /// The European Mahjong Association's Riichi Competition Rules, 2016 edition.
    Ema2016,
    /// Buu mahjong (ブー麻雀), the seed's rules: base points without ba-zoro, capped at
    /// 2000 / 3000, menzen and dora points, its own yaku table, points in tenths (start 2000),
    /// a four-wind game.
    Buu,
    /// The classic Japanese rules of seed (a): points and doubles capped at a limit of 500,
    /// no riichi (fishing instead), no dora, the dealer paying and receiving double, the
    /// discarder paying for all, the classic limit hands and insurance.
    Classic,
}

impl Preset {
    /// Every preset, in the order `haifu rules list` shows them.
    pub const ALL: [Preset; 17] = [
        Preset::Tenhou,
        Preset::TenhouTonpuu,
        Preset::TenhouNashi,
        Preset::TenhouChips,
        Preset::TenhouSanma,
        Preset::TenhouSanmaTonpuu,
        Preset::MahjongSoul,
        Preset::MahjongSoulSanma,
        Preset::RiichiCity,
        Preset::RiichiCitySanma,
        Preset::MLeague,
        Preset::Jpml2024,
        Preset::Jpml2012,
        Preset::Wrc2015,
        Preset::Ema2016,
        Preset::Buu,
        Preset::Classic,
    ];

    /// The preset's name, as `--rules`, rule files and the notation write it.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Tenhou => "tenhou",
            Preset::TenhouTonpuu => "tenhou-tonpuu",
            Preset::TenhouNashi => "tenhou-nashi",
            Preset::TenhouChips => "tenhou-chips",
            Preset::TenhouSanma => "tenhou-sanma",
            Preset::TenhouSanmaTonpuu => "tenhou-sanma-tonpuu",
            Preset::MahjongSoul => "mahjong-soul",
            Preset::MahjongSoulSanma => "mahjong-soul-sanma",
            Preset::RiichiCity => "riichi-city",
            Preset::RiichiCitySanma => "riichi-city-sanma",
            Preset::MLeague => "m-league",
            Preset::Jpml2024 => "jpml2024",
            Preset::Jpml2012 => "jpml2012",
            Preset::Wrc2015 => "wrc2015",
            Preset::Ema2016 => "ema2016",
            Preset::Buu => "buu",
            Preset::Classic => "classic",
        }
    }

    /// One line saying what the preset is, for `haifu rules list`.
    pub const fn about(self) -> &'static str {
        match self {
            Preset::Tenhou => {
                "Tenhou, four-player ranked hanchan, red fives and open tanyao (rules since June 2022)"
            }
            Preset::TenhouTonpuu => "Tenhou, four-player ranked tonpuusen (East round only)",
            Preset::TenhouNashi => "Tenhou hanchan without red fives and without open tanyao",
            Preset::TenhouChips => {
                "Tenhou chip (shuugi) lobby: kiriage mangan, kan dora at once, uma 30/10 (chips not settled)"
            }
            Preset::TenhouSanma => {
                "Tenhou, three-player ranked hanchan: kita, tsumo loss, 35000 start, uma 20/0/-20"
            }
            Preset::TenhouSanmaTonpuu => "Tenhou, three-player ranked tonpuusen (East round only)",
            Preset::MahjongSoulSanma => {
                "Mahjong Soul, three-player ranked hanchan: kita, tsumo loss, double yakuman (final points not computed)"
            }
            Preset::MahjongSoul => {
                "Mahjong Soul, four-player ranked hanchan (double yakuman, triple ron; final points not computed)"
            }
            Preset::RiichiCity => {
                "Riichi City, four-player ranked hanchan: kan dora at once (final points not computed)"
            }
            Preset::RiichiCitySanma => {
                "Riichi City, three-player ranked hanchan: kita, tsumo loss, 2000 noten to each tenpai (final points not computed)"
            }
            Preset::MLeague => {
                "M-League: no abortive draws, head bump, kiriage, no busting, uma 30/10 with oka"
            }
            Preset::Jpml2024 => {
                "JPML official rules, 2024: no red fives, ippatsu, ura or kan dora; no abortive draws"
            }
            Preset::Jpml2012 => {
                "JPML official rules as listed 2012-2017: suji kuikae, abortive draws, no yakuman stacking"
            }
            Preset::Wrc2015 => {
                "World Riichi Championship, 2015 rule book: kiriage, no red fives, no yakuman stacking"
            }
            Preset::Ema2016 => {
                "European Mahjong Association Riichi Competition Rules, 2016: every ron wins, no red fives"
            }
            Preset::Buu => {
                "Buu mahjong: fu x 2^han capped at 2000/3000, menzen and dora points, start 2000, four winds"
            }
            Preset::Classic => {
                "Classic Japanese rules: points x 2^doubles to a limit of 500, fishing, no dora, the discarder pays for all"
            }
        }
    }

    /// The short names of the current editions: `jpml` is `jpml2024`, `wrc` is `wrc2015`,
    /// `ema` is `ema2016`.
    pub const SHORT: [(&'static str, Preset); 3] = [
        ("jpml", Preset::Jpml2024),
        ("wrc", Preset::Wrc2015),
        ("ema", Preset::Ema2016),
    ];

    /// The preset named `name`, or by a short name for the current edition
    /// ([`Preset::SHORT`]).
    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::SHORT
            .into_iter()
            .find(|(short, _)| *short == name)
            .map(|(_, p)| p)
            .or_else(|| Preset::ALL.into_iter().find(|p| p.name() == name))
    }

    /// Every preset's name for messages, from [`Preset::ALL`] and [`Preset::SHORT`]:
    /// `tenhou, tenhou-tonpuu, …, classic (jpml, wrc, ema: the current editions)`.
    pub fn names() -> String {
        let all: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        let short: Vec<&str> = Preset::SHORT.iter().map(|(s, _)| *s).collect();
        format!(
            "{} ({}: the current editions)",
            all.join(", "),
            short.join(", ")
        )
    }
}

impl std::fmt::Display for Preset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The usual Japanese fu and han scoring with kiriage and kazoe as given, every other hand
/// rule the common one.
const fn japanese(
    red_fives: RedFives,
    kiriage_mangan: KiriageMangan,
    kazoe_yakuman: KazoeYakuman,
    yakuman_stacking: YakumanStacking,
) -> HandRules {
    HandRules {
        red_fives,
        open_tanyao: OpenTanyao::Allowed,
        kiriage_mangan,
        kazoe_yakuman,
        double_yakuman: DoubleYakuman::Single,
        yakuman_stacking,
        double_wind_pair_fu: DoubleWindPairFu::Four,
        rinshan_fu: RinshanFu::TsumoFu,
        renhou: Renhou::None,
        ryuuiisou: Ryuuiisou::HatsuOptional,
        ura_dora: UraDora::Counted,
        ippatsu: Ippatsu::Counted,
        scoring: Scoring::Japanese,
        // Buu's optional yaku: no Japanese rule set plays Buu's table.
        buu_iipeikou: OptionalYaku::NotSettled,
        buu_chiitoitsu: OptionalYaku::NotSettled,
        buu_sanshoku: OptionalYaku::NotSettled,
        buu_ryuuiisou: OptionalYaku::NotSettled,
        classic_limit_hands: ClassicLimitHands::NotPlayed,
        yakuless_win: YakulessWin::NeedsAYaku,
        yaku_han: YakuTable::MODEL,
        toitoi_concealed: ConcealedToitoi::Plain,
        identical_runs: IdenticalRuns::ClosedHand,
        concealed_tsumo_fu: ConcealedTsumoFu::Counted,
        // No Japanese rule set plays fishing.
        fishing_double: FishingDouble::NotSettled,
    }
}

const TENHOU_ROUND: RoundRules = RoundRules {
    kuikae: Kuikae::SameAndSuji,
    riichi_min_score: RiichiMinScore::AtLeast(1000),
    riichi_min_live_tiles: RiichiMinLiveTiles::AtLeast(4),
    kan_dora: KanDoraTiming::AnkanNowOpenAtDiscard,
    kokushi_robs_ankan: KokushiRobsAnkan::No,
    tenpai: TenpaiRule::ConcealedFourVoid,
    furiten: Furiten::Standard,
    riichi: RiichiModel::Riichi,
    pao_hands: PaoHands::BigDragonsAndWinds,
    kyuushu_kyuuhai: AbortiveRule::Abort,
    suufon_renda: FirstDiscards::Winds,
    suucha_riichi: AbortiveRule::Abort,
    suukaikan: AbortiveRule::Abort,
    kita: Kita::NotPlayed,
    // Kita is a three-player rule: the four-player presets play none, and their sources say
    // nothing of what one would do.
    kita_ron: KitaRon::NotSettled,
    kita_interrupts: KitaInterrupts::NotSettled,
    kita_rinshan: KitaRinshan::NotSettled,
    // Mistakes at the table: online play has none, and the sources of the other presets say
    // nothing this project holds.
    dead_hand: DeadHand::NotSettled,
};

/// Tenhou's three-player round: kita as nukidora (docs/RULESETS.md gives what the real logs
/// settle and what they leave open).
/// The three-player flow Tenhou's and Mahjong Soul's rooms share (docs/RULESETS.md gives
/// each value's source): 35000 to start, honba 200 (100 from each payer of a tsumo), tsumo
/// loss, noten payments of 2000, and 40000 to end the all-last or the extension.
const fn sanma_flow(base: FlowRules) -> FlowRules {
    FlowRules {
        start_score: 35000,
        honba: HonbaValue {
            ron: 200,
            tsumo_per_payer: 100,
        },
        three_player_tsumo: ThreePlayerTsumo::TsumoLoss,
        noten: NotenPayment::Split { total: 2000 },
        agari_yame: Yame::Automatic { min_score: 40000 },
        extension: Extension::NextWind { target: 40000 },
        ..base
    }
}

const TENHOU_SANMA_ROUND: RoundRules = RoundRules {
    // No fourth first discard and no fourth riichi with three players.
    suufon_renda: FirstDiscards::NotPlayed,
    suucha_riichi: AbortiveRule::NotPlayed,
    // Four live tiles give every other player one more draw with four players; no source
    // says what three players need.
    riichi_min_live_tiles: RiichiMinLiveTiles::NotSettled,
    kita: Kita::Nukidora,
    kita_ron: KitaRon::Ron,
    kita_interrupts: KitaInterrupts::IppatsuAndFirstTurn,
    kita_rinshan: KitaRinshan::Rinshan,
    ..TENHOU_ROUND
};

/// Mahjong Soul's three-player round: Tenhou's, with Mahjong Soul's own points.
const MAHJONG_SOUL_SANMA_ROUND: RoundRules = RoundRules {
    kokushi_robs_ankan: KokushiRobsAnkan::Yes,
    tenpai: TenpaiRule::NotSettled,
    ..TENHOU_SANMA_ROUND
};

/// Tenhou's round rules with no kan dora and riichi allowed without a draw left (JPML).
const TENHOU_ROUND_WITHOUT_KAN_DORA: RoundRules = RoundRules {
    riichi_min_score: RiichiMinScore::NotSettled,
    riichi_min_live_tiles: RiichiMinLiveTiles::AtLeast(0),
    kan_dora: KanDoraTiming::None,
    ..TENHOU_ROUND
};

/// The competition rule sets' common round: no abortive draw at all.
const NO_ABORTIVE: RoundRules = RoundRules {
    kyuushu_kyuuhai: AbortiveRule::NotPlayed,
    suufon_renda: FirstDiscards::NotPlayed,
    suucha_riichi: AbortiveRule::NotPlayed,
    suukaikan: AbortiveRule::NotPlayed,
    ..TENHOU_ROUND
};

const HONBA_300: HonbaValue = HonbaValue {
    ron: 300,
    tsumo_per_payer: 100,
};

const TENHOU_FLOW: FlowRules = FlowRules {
    length: GameLength::Hanchan,
    start_score: 25000,
    riichi_deposit: 1000,
    honba: HONBA_300,
    // A three-player rule: the four-player presets' sources say nothing of it.
    three_player_tsumo: ThreePlayerTsumo::NotSettled,
    noten: NotenPayment::Split { total: 3000 },
    kyuushu_payment: KyuushuPayment::NotPaid,
    false_win: FalseWin::NotSettled,
    // The classic fishing's stake (RULES.md A8); no riichi model here fishes.
    fishing_stake: 100,
    nagashi: NagashiMangan::ManganTsumo,
    multiple_ron: MultipleRon::DoubleRonTripleAborts,
    multiple_ron_bonus: MultipleRonBonus::NearestWinner,
    pao_value: PaoValue::WholeHand,
    pao_honba: PaoHonba::Liable,
    pao_ron: PaoRon::SplitHalf,
    renchan: Renchan::WinOrTenpai,
    abortive_draw: AbortiveDrawFlow::Renchan,
    busting: Busting::BelowZero,
    agari_yame: Yame::Automatic { min_score: 30000 },
    tenpai_yame: Yame::Automatic { min_score: 30000 },
    extension: Extension::NextWind { target: 30000 },
    end_at_score: EndAtScore::Never,
    yakuman_ends_game: YakumanEnd::GoesOn,
    bust_guard: BustGuard::Off,
    leftover_sticks: LeftoverSticks::ToFirst,
    ties: TieBreak::SeatOrder,
    final_points: FinalPoints::Uma {
        return_score: 30000,
        uma: Uma::Fixed([20, 10, -10, -20]),
        rounding: PointRounding::Hundreds,
    },
};

/// A competition's fixed-length game: no busting, no agari-yame or tenpai-yame, no
/// extension, start and return `start`, the uma given, to a tenth of a point.
const fn competition_flow(start: i32, uma: [i32; 4]) -> FlowRules {
    FlowRules {
        start_score: start,
        multiple_ron: MultipleRon::HeadBump,
        busting: Busting::Never,
        agari_yame: Yame::Never,
        tenpai_yame: Yame::Never,
        extension: Extension::None,
        final_points: FinalPoints::Uma {
            return_score: start,
            uma: Uma::Fixed(uma),
            rounding: PointRounding::Hundreds,
        },
        ..TENHOU_FLOW
    }
}

/// Two doubles, closed or open: the seed's double counts (RULES.md A15).
const CLASSIC_TWO: YakuValue = YakuValue::Han {
    closed: 2,
    open: Some(2),
};

/// One double, closed or open (seed 001's "Miscellaneous Rules").
const CLASSIC_ONE: YakuValue = YakuValue::Han {
    closed: 1,
    open: Some(1),
};

/// The values of each preset (see `docs/RULESETS.md` for each one's sources).
pub(crate) const fn rules(preset: Preset) -> RuleSet {
    let tenhou = RuleSet {
        base: Preset::Tenhou,
        players: Players::Four,
        hand: japanese(
            RedFives::OnePerSuit,
            KiriageMangan::Off,
            KazoeYakuman::Yakuman,
            YakumanStacking::Stack,
        ),
        round: TENHOU_ROUND,
        flow: TENHOU_FLOW,
    };
    // Tenhou's three-player game, as its real logs show it (docs/RULESETS.md).
    let tenhou_sanma = RuleSet {
        base: Preset::TenhouSanma,
        players: Players::Three,
        round: TENHOU_SANMA_ROUND,
        flow: FlowRules {
            tenpai_yame: Yame::Automatic { min_score: 40000 },
            final_points: FinalPoints::Uma {
                return_score: 40000,
                uma: Uma::Fixed([20, 0, -20, 0]),
                rounding: PointRounding::Hundreds,
            },
            ..sanma_flow(TENHOU_FLOW)
        },
        ..tenhou
    };
    match preset {
        Preset::Tenhou => tenhou,
        Preset::TenhouSanma => tenhou_sanma,
        Preset::TenhouSanmaTonpuu => RuleSet {
            base: preset,
            flow: FlowRules {
                length: GameLength::Tonpuusen,
                ..tenhou_sanma.flow
            },
            ..tenhou_sanma
        },
        Preset::MahjongSoulSanma => {
            let four = rules(Preset::MahjongSoul);
            RuleSet {
                base: preset,
                players: Players::Three,
                hand: four.hand,
                round: MAHJONG_SOUL_SANMA_ROUND,
                flow: FlowRules {
                    tenpai_yame: Yame::NotSettled,
                    ..sanma_flow(four.flow)
                },
            }
        }
        Preset::RiichiCity => {
            // Riichi City's ranked rooms (docs/RULESETS.md gives each value's source): Mahjong
            // Soul's four-player rules where the records and the platform agree, every kan's
            // dora revealed at once.
            let soul = rules(Preset::MahjongSoul);
            RuleSet {
                base: preset,
                hand: HandRules {
                    rinshan_fu: RinshanFu::NoTsumoFu,
                    ..soul.hand
                },
                round: RoundRules {
                    kan_dora: KanDoraTiming::Immediate,
                    ..soul.round
                },
                ..soul
            }
        }
        Preset::RiichiCitySanma => {
            let soul = rules(Preset::MahjongSoulSanma);
            RuleSet {
                base: preset,
                hand: HandRules {
                    rinshan_fu: RinshanFu::NoTsumoFu,
                    ..soul.hand
                },
                round: RoundRules {
                    kan_dora: KanDoraTiming::Immediate,
                    ..soul.round
                },
                flow: FlowRules {
                    noten: NotenPayment::PerTenpai { each: 2000 },
                    ..soul.flow
                },
                ..soul
            }
        }
        Preset::TenhouTonpuu => RuleSet {
            base: preset,
            flow: FlowRules {
                length: GameLength::Tonpuusen,
                ..tenhou.flow
            },
            ..tenhou
        },
        Preset::TenhouNashi => RuleSet {
            base: preset,
            hand: HandRules {
                red_fives: RedFives::None,
                open_tanyao: OpenTanyao::Forbidden,
                ..tenhou.hand
            },
            ..tenhou
        },
        Preset::TenhouChips => RuleSet {
            base: preset,
            hand: HandRules {
                kiriage_mangan: KiriageMangan::On,
                ..tenhou.hand
            },
            round: RoundRules {
                kan_dora: KanDoraTiming::Immediate,
                ..tenhou.round
            },
            flow: FlowRules {
                final_points: FinalPoints::Uma {
                    return_score: 30000,
                    uma: Uma::Fixed([30, 10, -10, -30]),
                    rounding: PointRounding::Hundreds,
                },
                ..tenhou.flow
            },
            ..tenhou
        },
        Preset::MahjongSoul => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                double_yakuman: DoubleYakuman::Double,
                double_wind_pair_fu: DoubleWindPairFu::NotSettled,
                rinshan_fu: RinshanFu::NotSettled,
                ..tenhou.hand
            },
            round: RoundRules {
                kokushi_robs_ankan: KokushiRobsAnkan::Yes,
                tenpai: TenpaiRule::NotSettled,
                ..TENHOU_ROUND
            },
            flow: FlowRules {
                multiple_ron: MultipleRon::AllWin,
                pao_value: PaoValue::LiableYakumanOnly,
                leftover_sticks: LeftoverSticks::NotSettled,
                ties: TieBreak::NotSettled,
                // Rank points depend on the room and are not table settlement.
                final_points: FinalPoints::NotKnown,
                ..TENHOU_FLOW
            },
        },
        Preset::MLeague => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                double_wind_pair_fu: DoubleWindPairFu::NotSettled,
                rinshan_fu: RinshanFu::NotSettled,
                renhou: Renhou::NotSettled,
                ..japanese(
                    RedFives::OnePerSuit,
                    KiriageMangan::On,
                    KazoeYakuman::Sanbaiman,
                    YakumanStacking::Stack,
                )
            },
            round: RoundRules {
                riichi_min_score: RiichiMinScore::Any,
                riichi_min_live_tiles: RiichiMinLiveTiles::AtLeast(0),
                kan_dora: KanDoraTiming::Immediate,
                tenpai: TenpaiRule::NotSettled,
                ..NO_ABORTIVE
            },
            flow: FlowRules {
                nagashi: NagashiMangan::NotSettled,
                pao_value: PaoValue::NotSettled,
                pao_honba: PaoHonba::NotSettled,
                leftover_sticks: LeftoverSticks::NotSettled,
                ties: TieBreak::Shared,
                final_points: FinalPoints::Uma {
                    return_score: 30000,
                    uma: Uma::Fixed([30, 10, -10, -30]),
                    rounding: PointRounding::Hundreds,
                },
                ..competition_flow(25000, [30, 10, -10, -30])
            },
        },
        Preset::Jpml2024 => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                double_wind_pair_fu: DoubleWindPairFu::Two,
                renhou: Renhou::Mangan,
                ura_dora: UraDora::NotCounted,
                ippatsu: Ippatsu::NotCounted,
                ..japanese(
                    RedFives::None,
                    KiriageMangan::Off,
                    KazoeYakuman::Sanbaiman,
                    YakumanStacking::Stack,
                )
            },
            round: RoundRules {
                riichi_min_score: RiichiMinScore::NotSettled,
                riichi_min_live_tiles: RiichiMinLiveTiles::AtLeast(0),
                kan_dora: KanDoraTiming::None,
                ..NO_ABORTIVE
            },
            flow: FlowRules {
                nagashi: NagashiMangan::NotSettled,
                pao_value: PaoValue::NotSettled,
                pao_honba: PaoHonba::Discarder,
                busting: Busting::NotSettled,
                leftover_sticks: LeftoverSticks::Unclaimed,
                ties: TieBreak::NotSettled,
                // The float-dependent placement points are not sourced in full.
                final_points: FinalPoints::NotKnown,
                ..competition_flow(30000, [0; 4])
            },
        },
        Preset::Jpml2012 => {
            let jpml = rules(Preset::Jpml2024);
            RuleSet {
                base: preset,
                hand: HandRules {
                    yakuman_stacking: YakumanStacking::Highest,
                    ryuuiisou: Ryuuiisou::HatsuRequired,
                    ..jpml.hand
                },
                round: RoundRules {
                    kuikae: Kuikae::SameOnly,
                    kokushi_robs_ankan: KokushiRobsAnkan::Yes,
                    ..TENHOU_ROUND_WITHOUT_KAN_DORA
                },
                ..jpml
            }
        }
        Preset::Wrc2015 => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                double_wind_pair_fu: DoubleWindPairFu::Two,
                rinshan_fu: RinshanFu::NotSettled,
                renhou: Renhou::FiveHanCumulative,
                ..japanese(
                    RedFives::None,
                    KiriageMangan::On,
                    KazoeYakuman::Sanbaiman,
                    YakumanStacking::Highest,
                )
            },
            round: RoundRules {
                riichi_min_score: RiichiMinScore::NotSettled,
                riichi_min_live_tiles: RiichiMinLiveTiles::NotSettled,
                kan_dora: KanDoraTiming::NotSettled,
                kokushi_robs_ankan: KokushiRobsAnkan::NotSettled,
                ..NO_ABORTIVE
            },
            flow: FlowRules {
                nagashi: NagashiMangan::NotPlayed,
                pao_honba: PaoHonba::NotSettled,
                leftover_sticks: LeftoverSticks::Unclaimed,
                ties: TieBreak::Shared,
                ..competition_flow(30000, [15, 5, -5, -15])
            },
        },
        Preset::Buu => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                scoring: Scoring::Buu,
                open_tanyao: OpenTanyao::Allowed,
                double_wind_pair_fu: DoubleWindPairFu::NotSettled,
                rinshan_fu: RinshanFu::NotSettled,
                ura_dora: UraDora::NotCounted,
                ippatsu: Ippatsu::NotCounted,
                double_yakuman: DoubleYakuman::Single,
                // Seed 003: "the following optional Yaku are the most often employed".
                buu_iipeikou: OptionalYaku::Counted,
                buu_chiitoitsu: OptionalYaku::Counted,
                buu_sanshoku: OptionalYaku::Counted,
                buu_ryuuiisou: OptionalYaku::Counted,
                ..japanese(
                    RedFives::PinOnly,
                    KiriageMangan::Off,
                    KazoeYakuman::Yakuman,
                    YakumanStacking::Highest,
                )
            },
            round: RoundRules {
                // Riichi without a stick: no score needed to declare it.
                riichi_min_score: RiichiMinScore::Any,
                riichi_min_live_tiles: RiichiMinLiveTiles::NotSettled,
                kan_dora: KanDoraTiming::NotSettled,
                kokushi_robs_ankan: KokushiRobsAnkan::NotSettled,
                tenpai: TenpaiRule::NotSettled,
                ..NO_ABORTIVE
            },
            flow: FlowRules {
                length: GameLength::FourWinds,
                start_score: 2000,
                riichi_deposit: 0,
                noten: NotenPayment::NotSettled,
                nagashi: NagashiMangan::NotSettled,
                pao_value: PaoValue::NotSettled,
                pao_honba: PaoHonba::NotSettled,
                busting: Busting::BelowZero,
                agari_yame: Yame::NotSettled,
                tenpai_yame: Yame::NotSettled,
                extension: Extension::None,
                end_at_score: EndAtScore::AtLeast(4000),
                yakuman_ends_game: YakumanEnd::EndsOthersSink,
                bust_guard: BustGuard::UnlessItFloatsTheWinner,
                ties: TieBreak::NotSettled,
                final_points: FinalPoints::SinkFloat { chips: [10, 5, 3] },
                ..TENHOU_FLOW
            },
        },
        Preset::Classic => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                scoring: Scoring::Classic,
                double_wind_pair_fu: DoubleWindPairFu::Two,
                renhou: Renhou::NotSettled,
                ryuuiisou: Ryuuiisou::HatsuRequired,
                ura_dora: UraDora::NotCounted,
                ippatsu: Ippatsu::NotCounted,
                classic_limit_hands: ClassicLimitHands::Played,
                // The double counts seed 001's "Miscellaneous Rules" give (RULES.md A15; each
                // line cited in docs/RULESETS.md, "classic"); every other yaku keeps its
                // Japanese han.
                yaku_han: YakuTable::MODEL
                    .with(Yaku::Sanankou, CLASSIC_TWO)
                    .with(Yaku::Honitsu, CLASSIC_TWO)
                    .with(Yaku::Shousangen, CLASSIC_TWO)
                    .with(Yaku::Toitoi, CLASSIC_ONE)
                    .with(Yaku::Sankantsu, CLASSIC_ONE)
                    .with(Yaku::SanshokuDoujun, CLASSIC_ONE)
                    .with(Yaku::SanshokuDoukou, CLASSIC_ONE)
                    .with(
                        Yaku::Ittsu,
                        YakuValue::Han {
                            closed: 2,
                            open: Some(1),
                        },
                    ),
                toitoi_concealed: ConcealedToitoi::ExtraDouble,
                identical_runs: IdenticalRuns::ConcealedRuns,
                // "May be ignored": a variant, not the preset's.
                concealed_tsumo_fu: ConcealedTsumoFu::Counted,
                fishing_double: FishingDouble::Counted,
                ..japanese(
                    RedFives::None,
                    KiriageMangan::Off,
                    KazoeYakuman::Yakuman,
                    YakumanStacking::Highest,
                )
            },
            round: RoundRules {
                kuikae: Kuikae::NotSettled,
                // Fishing takes no deposit: no score is needed to declare it.
                riichi_min_score: RiichiMinScore::Any,
                riichi_min_live_tiles: RiichiMinLiveTiles::NotSettled,
                kan_dora: KanDoraTiming::None,
                kokushi_robs_ankan: KokushiRobsAnkan::NotSettled,
                tenpai: TenpaiRule::NotSettled,
                furiten: Furiten::Standard,
                riichi: RiichiModel::Fishing,
                pao_hands: PaoHands::Classic,
                kyuushu_kyuuhai: AbortiveRule::Abort,
                suufon_renda: FirstDiscards::AnyTile,
                suucha_riichi: AbortiveRule::NotPlayed,
                suukaikan: AbortiveRule::Abort,
                dead_hand: DeadHand::NoWin,
                ..TENHOU_ROUND
            },
            flow: FlowRules {
                length: GameLength::FourWinds,
                start_score: 2000,
                false_win: FalseWin::Pays {
                    non_dealer: 250,
                    dealer: 500,
                },
                riichi_deposit: 0,
                honba: HonbaValue {
                    ron: 0,
                    tsumo_per_payer: 0,
                },
                // The seed's 200/150/200 read as a pool of 600 (docs/RULESETS.md, A14).
                noten: NotenPayment::Split { total: 600 },
                kyuushu_payment: KyuushuPayment::NotPaid,
                fishing_stake: 100,
                nagashi: NagashiMangan::NotSettled,
                multiple_ron: MultipleRon::HeadBump,
                pao_value: PaoValue::WholeHand,
                pao_ron: PaoRon::LiablePaysAll,
                renchan: Renchan::WinOnly,
                abortive_draw: AbortiveDrawFlow::DealerRotates,
                busting: Busting::NotSettled,
                agari_yame: Yame::NotSettled,
                tenpai_yame: Yame::NotSettled,
                extension: Extension::None,
                leftover_sticks: LeftoverSticks::NotSettled,
                ties: TieBreak::NotSettled,
                final_points: FinalPoints::NotKnown,
                ..TENHOU_FLOW
            },
        },
        Preset::Ema2016 => RuleSet {
            base: preset,
            players: Players::Four,
            hand: HandRules {
                double_wind_pair_fu: DoubleWindPairFu::Two,
                rinshan_fu: RinshanFu::NotSettled,
                renhou: Renhou::Mangan,
                ..japanese(
                    RedFives::None,
                    KiriageMangan::Off,
                    KazoeYakuman::Sanbaiman,
                    YakumanStacking::Highest,
                )
            },
            round: RoundRules {
                riichi_min_score: RiichiMinScore::NotSettled,
                riichi_min_live_tiles: RiichiMinLiveTiles::AtLeast(1),
                kan_dora: KanDoraTiming::Immediate,
                kokushi_robs_ankan: KokushiRobsAnkan::NotSettled,
                tenpai: TenpaiRule::HandAndMeldsFourVoid,
                ..NO_ABORTIVE
            },
            flow: FlowRules {
                nagashi: NagashiMangan::NotPlayed,
                multiple_ron: MultipleRon::AllWin,
                multiple_ron_bonus: MultipleRonBonus::HonbaToEachOwnStickBack,
                pao_honba: PaoHonba::Discarder,
                agari_yame: Yame::NotSettled,
                tenpai_yame: Yame::NotSettled,
                ties: TieBreak::NotSettled,
                ..competition_flow(30000, [15, 5, -5, -15])
            },
        },
    }
}
