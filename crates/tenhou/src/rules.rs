//! The rule set a Tenhou log declares: its GO `type` bits and the era of its date, decoded
//! into a [`RuleSet`]. Nothing else in haifu reads Tenhou's rule bits.

use haifu_log::GameLog;
use haifu_ruleset::Extension;
use haifu_ruleset::{
    FinalPoints, GameLength, HonbaValue, KanDoraTiming, KiriageMangan, OpenTanyao, PointRounding,
    Preset, RedFives, RuleSet, TieBreak, Uma, Yame,
};

/// Tenhou's era, for the rules that changed inside the logs' lifetime. A log does not state
/// it: it follows from the game's date (the first eight digits of its id), see
/// [`TenhouEra::from_date`]. The changes are dated from the real logs, to within the gap
/// between the last game seen under the old rule and the first seen under the new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TenhouEra {
    /// Until July 2009 (seen up to 2009-07-31, and in undated logs with the 2008–2009
    /// per-round shuffle): tonpuusen uma +10/+5/−5/−10 (hanchan +20/+10/−10/−20), points
    /// rounded to thousands, no tenpai-yame.
    To2009July,
    /// August 2009 to early June 2010 (seen 2009-08-27 to 2010-06-01): uma +20/+10/−10/−20
    /// for every length, points rounded to thousands, no tenpai-yame.
    To2010June,
    /// June 2010 to mid-2021 (seen 2010-06-08 to 2021-07-24): as before, with automatic
    /// tenpai-yame.
    To2021,
    /// From mid-2021 (the first game seen is of 2022-06-01; the change is placed right after
    /// the last game seen under the old rule, 2021-07-24): placement points to a tenth, no
    /// rounding.
    From2022,
}

impl TenhouEra {
    /// The era of a game played on `year`-`month`-`day`.
    ///
    /// A change whose exact day the logs do not show is placed at the first day after the
    /// last game seen under the old rule: August 2009 at 2009-08-01, tenpai-yame at
    /// 2010-06-02, the placement points to a tenth at 2021-07-25. A game inside such a gap
    /// (2010-06-02 to 2010-06-07, 2021-07-25 to 2022-05-31) is checked under the later era;
    /// a real game that contradicts that narrows the gap.
    pub fn from_date(year: u16, month: u8, day: u8) -> TenhouEra {
        let date = (year, month, day);
        if date < (2009, 8, 1) {
            TenhouEra::To2009July
        } else if date <= (2010, 6, 1) {
            TenhouEra::To2010June
        } else if date <= (2021, 7, 24) {
            TenhouEra::To2021
        } else {
            TenhouEra::From2022
        }
    }

    /// The era's name as messages write it.
    pub const fn name(self) -> &'static str {
        match self {
            TenhouEra::To2009July => "until July 2009",
            TenhouEra::To2010June => "August 2009 to early June 2010",
            TenhouEra::To2021 => "June 2010 to mid-2021",
            TenhouEra::From2022 => "from mid-2021 (seen from 2022-06-01)",
        }
    }

    const fn rounding(self) -> PointRounding {
        match self {
            TenhouEra::To2009July | TenhouEra::To2010June | TenhouEra::To2021 => {
                PointRounding::TenhouThousands
            }
            TenhouEra::From2022 => PointRounding::Hundreds,
        }
    }

    const fn tenpai_yame(self) -> Yame {
        match self {
            TenhouEra::To2009July | TenhouEra::To2010June => Yame::Never,
            TenhouEra::To2021 | TenhouEra::From2022 => Yame::Automatic { min_score: 30000 },
        }
    }
}

/// How the era of a log was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EraSource {
    /// From the date in the game id.
    GameDate {
        /// Year.
        year: u16,
        /// Month.
        month: u8,
        /// Day.
        day: u8,
    },
    /// The log has no date, but shuffles its wall round by round, as Tenhou's logs did only
    /// in 2008–2009.
    PerRoundShuffle,
    /// The log has no date: the default era, [`TenhouEra::To2021`] (June 2010 to mid-2021,
    /// the longest of Tenhou's eras), never the era the log's outcome would agree with.
    Undated,
}

/// The rule set a Tenhou log declares, with the era it was decoded under and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declared {
    /// The rule set.
    pub rules: RuleSet,
    /// The GO `type` bits read.
    pub go_type: u32,
    /// The era.
    pub era: TenhouEra,
    /// How the era was found.
    pub era_source: EraSource,
}

impl Declared {
    /// One line saying where the rule set came from, for reports: the GO type and the era
    /// with its source.
    pub fn describe(&self) -> String {
        let source = match self.era_source {
            EraSource::GameDate { year, month, day } => {
                format!("the game's date {year:04}-{month:02}-{day:02}")
            }
            EraSource::PerRoundShuffle => "the 2008–2009 per-round shuffle".to_owned(),
            EraSource::Undated => "no date in the log: the default era".to_owned(),
        };
        format!(
            "Tenhou GO type {} (0x{:x}), era {} (from {source})",
            self.go_type,
            self.go_type,
            self.era.name()
        )
    }
}

/// The era of `log` and how it was found: the date in its game id, else the per-round
/// shuffle of 2008–2009 logs, else the documented default ([`EraSource::Undated`]).
pub fn era_of(log: &GameLog) -> (TenhouEra, EraSource) {
    let date = log.header.game_id.as_deref().and_then(|id| {
        let n = |r: std::ops::Range<usize>| id.get(r).and_then(|d| d.parse::<u16>().ok());
        let (year, month, day) = (
            n(0..4)?,
            u8::try_from(n(4..6)?).ok()?,
            u8::try_from(n(6..8)?).ok()?,
        );
        ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some((year, month, day))
    });
    match date {
        Some((year, month, day)) => (
            TenhouEra::from_date(year, month, day),
            EraSource::GameDate { year, month, day },
        ),
        None if log.round_starts().iter().any(|r| r.shuffle.is_some()) => {
            (TenhouEra::To2009July, EraSource::PerRoundShuffle)
        }
        None => (TenhouEra::To2021, EraSource::Undated),
    }
}

/// The rule set `log` declares: its GO `type` bits under the era of its date ([`era_of`]).
///
/// The start score is the first round's score of the first seat when the bits give another
/// (a private lobby whose settings the log does not carry): the placement points are then
/// not known.
pub fn declared_rules(log: &GameLog) -> Declared {
    let (era, era_source) = era_of(log);
    let go_type = log.header.rules.go_type;
    let first_score = log
        .round_starts()
        .first()
        .map(|r| *r.scores.get(haifu_tiles::Seat::ALL[0]));
    Declared {
        rules: rules_of(go_type, era, first_score),
        go_type,
        era,
        era_source,
    }
}

/// Tenhou's rules for the GO `type` bits `go_type` in `era`. What each bit changes was worked
/// out from the real logs (the project's rules reference, `docs/RULESETS.md`, lists them):
///
/// - 0x002: no red fives; 0x004: no open tanyao; 0x008 clear: tonpuusen; 0x010: sanma.
/// - the era: the rounding of the final points, tenpai-yame, the tonpuusen uma before
///   August 2009.
/// - 0x200 (chip rooms): kiriage mangan, every kan's dora at once, uma +30/+10/−10/−30.
/// - 0x400 (with 0x200): honba 1500 on a ron, 500 per payer on a tsumo.
/// - 0x800 (gold rooms): start and return 1000, no uma, points to a tenth.
/// - 0x100 (private lobby with a rule string): start and return 30000, uma +15/+5/−5/−15,
///   no rounding, ties sharing the uma.
///
/// `first_score`, when given and different from the start score these give, replaces it,
/// and the final points become [`FinalPoints::NotKnown`]. Other bits (room, speed, against
/// the computer) do not change the rules.
pub fn rules_of(go_type: u32, era: TenhouEra, first_score: Option<i32>) -> RuleSet {
    let bit = |b: u32| go_type & b != 0;
    let three = bit(0x010);
    let mut r = if three {
        RuleSet::preset(Preset::TenhouSanma)
    } else {
        RuleSet::preset(Preset::Tenhou)
    };
    if !bit(0x008) {
        r.flow.length = GameLength::Tonpuusen;
    }
    if bit(0x002) {
        r.hand.red_fives = RedFives::None;
    }
    if bit(0x004) {
        r.hand.open_tanyao = OpenTanyao::Forbidden;
    }
    let (return_score, uma) = match (three, era, r.flow.length) {
        (false, TenhouEra::To2009July, GameLength::Tonpuusen) => (30000, Some([10, 5, -5, -10])),
        (false, _, _) => (30000, Some([20, 10, -10, -20])),
        // The three sanma hanchan of 2009, 2014 and 2018 all pay +20/0/-20 over 40000; no
        // sanma tonpuusen log tells its uma.
        (true, _, GameLength::Hanchan) => (40000, Some([20, 0, -20, 0])),
        // No Tenhou log is four winds long (its bits cannot say so).
        (true, _, GameLength::Tonpuusen | GameLength::FourWinds) => (40000, None),
    };
    r.flow.final_points = match uma {
        Some(uma) => FinalPoints::Uma {
            return_score,
            uma: Uma::Fixed(uma),
            rounding: era.rounding(),
        },
        None => FinalPoints::NotKnown,
    };
    r.flow.tenpai_yame = match era.tenpai_yame() {
        // Sanma's top must reach its return score, 40000, as for agari-yame.
        Yame::Automatic { .. } if three => Yame::Automatic { min_score: 40000 },
        yame => yame,
    };
    if bit(0x200) {
        r.hand.kiriage_mangan = KiriageMangan::On;
        r.round.kan_dora = KanDoraTiming::Immediate;
        r.flow.final_points = if three {
            // No sanma chip-room log tells its uma.
            FinalPoints::NotKnown
        } else {
            FinalPoints::Uma {
                return_score: 30000,
                uma: Uma::Fixed([30, 10, -10, -30]),
                rounding: era.rounding(),
            }
        };
    }
    if bit(0x400) {
        r.flow.honba = HonbaValue {
            ron: 1500,
            tsumo_per_payer: 500,
        };
    }
    if bit(0x800) {
        r.flow.start_score = 1000;
        r.flow.agari_yame = Yame::Automatic { min_score: 1000 };
        r.flow.extension = Extension::NextWind { target: 1000 };
        r.flow.final_points = FinalPoints::Uma {
            return_score: 1000,
            uma: Uma::Fixed([0; 4]),
            rounding: PointRounding::Hundreds,
        };
    } else if bit(0x100) && !three {
        r.flow.start_score = 30000;
        r.flow.ties = TieBreak::Shared;
        r.flow.final_points = FinalPoints::Uma {
            return_score: 30000,
            uma: Uma::Fixed([15, 5, -5, -15]),
            rounding: PointRounding::Hundreds,
        };
    } else if bit(0x100) {
        // A three-player private lobby: no log tells its settings.
        r.flow.final_points = FinalPoints::NotKnown;
    }
    if let Some(start) = first_score
        && start != r.flow.start_score
    {
        r.flow.start_score = start;
        r.flow.final_points = FinalPoints::NotKnown;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use haifu_ruleset::{Busting, FinalPoints, Players};

    #[test]
    fn eras_from_dates() {
        assert_eq!(TenhouEra::from_date(2009, 7, 31), TenhouEra::To2009July);
        assert_eq!(TenhouEra::from_date(2009, 8, 27), TenhouEra::To2010June);
        assert_eq!(TenhouEra::from_date(2010, 6, 1), TenhouEra::To2010June);
        // Inside the gaps, the later era.
        assert_eq!(TenhouEra::from_date(2010, 6, 5), TenhouEra::To2021);
        assert_eq!(TenhouEra::from_date(2010, 6, 8), TenhouEra::To2021);
        assert_eq!(TenhouEra::from_date(2021, 7, 24), TenhouEra::To2021);
        assert_eq!(TenhouEra::from_date(2022, 1, 1), TenhouEra::From2022);
        assert_eq!(TenhouEra::from_date(2022, 6, 1), TenhouEra::From2022);
    }

    #[test]
    fn the_era_comes_from_the_date_never_from_the_outcome() {
        let mut log = GameLog::new();
        log.header.game_id = Some("2015070411gm-00a9-0000-b8b13fcc".to_owned());
        assert_eq!(
            era_of(&log),
            (
                TenhouEra::To2021,
                EraSource::GameDate {
                    year: 2015,
                    month: 7,
                    day: 4
                }
            )
        );
        log.header.game_id = Some("2023010100gm-00a9-0000-00000000".to_owned());
        assert_eq!(era_of(&log).0, TenhouEra::From2022);
        // No date: the documented default, whatever the log records.
        log.header.game_id = Some("bug8".to_owned());
        assert_eq!(era_of(&log), (TenhouEra::To2021, EraSource::Undated));
        log.header.game_id = None;
        assert_eq!(era_of(&log), (TenhouEra::To2021, EraSource::Undated));
        log.header.rules.go_type = 0xA9;
        let declared = declared_rules(&log);
        assert!(
            declared.describe().contains("no date in the log"),
            "{}",
            declared.describe()
        );
    }

    #[test]
    fn go_type_bits() {
        trait With {
            fn with_base(self, base: Preset) -> RuleSet;
        }
        impl With for RuleSet {
            fn with_base(mut self, base: Preset) -> RuleSet {
                self.base = base;
                self
            }
        }
        let ranked = rules_of(0xA9, TenhouEra::From2022, Some(25000));
        assert_eq!(ranked, RuleSet::preset(Preset::Tenhou));
        assert_eq!(
            rules_of(0xA1, TenhouEra::From2022, None),
            RuleSet::preset(Preset::TenhouTonpuu).with_base(Preset::Tenhou)
        );
        let nashi = rules_of(0xAF, TenhouEra::From2022, None);
        assert_eq!(nashi.hand.red_fives, RedFives::None);
        assert_eq!(nashi.hand.open_tanyao, OpenTanyao::Forbidden);
        assert_eq!(
            rules_of(0xB9, TenhouEra::From2022, None).players,
            Players::Three
        );
        let chips = rules_of(0x229, TenhouEra::From2022, None);
        assert_eq!(
            chips,
            RuleSet::preset(Preset::TenhouChips).with_base(Preset::Tenhou)
        );
        let big_honba = rules_of(0x621, TenhouEra::To2021, None);
        assert_eq!(big_honba.flow.honba.ron, 1500);
        assert_eq!(big_honba.flow.honba.tsumo_per_payer, 500);
        let gold = rules_of(0x841, TenhouEra::To2021, Some(1000));
        assert_eq!(gold.flow.start_score, 1000);
        assert_eq!(gold.flow.busting, Busting::BelowZero);
        // A private lobby whose start differs from the bits': that start, points not known.
        let private = rules_of(0x9, TenhouEra::To2021, Some(35000));
        assert_eq!(private.flow.start_score, 35000);
        assert_eq!(private.flow.final_points, FinalPoints::NotKnown);
    }
}
