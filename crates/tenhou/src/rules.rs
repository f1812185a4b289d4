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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    /// Every era, in order.
    pub const ALL: [TenhouEra; 4] = [
        TenhouEra::To2009July,
        TenhouEra::To2010June,
        TenhouEra::To2021,
        TenhouEra::From2022,
    ];
}

/// What a game's date says of its era.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DatedEra {
    /// The date lies inside an era: on or after the first game seen under its rules, and
    /// on or before the last.
    In(TenhouEra),
    /// The date lies between the last game seen under one era and the first seen under the
    /// next: the logs do not show which rules it was played under.
    Between(TenhouEra, TenhouEra),
}

impl TenhouEra {
    /// What the date `year`-`month`-`day` says of a game's era. A boundary stands only where
    /// the logs show it: the last game seen under each era and the first seen under the next
    /// (2009-07-31 and 2009-08-27, 2010-06-01 and 2010-06-08, 2021-07-24 and 2022-06-01)
    /// bound a window inside which the date does not decide ([`DatedEra::Between`]).
    pub fn from_date(year: u16, month: u8, day: u8) -> DatedEra {
        use TenhouEra::{From2022, To2009July, To2010June, To2021};
        let date = (year, month, day);
        if date <= (2009, 7, 31) {
            DatedEra::In(To2009July)
        } else if date < (2009, 8, 27) {
            DatedEra::Between(To2009July, To2010June)
        } else if date <= (2010, 6, 1) {
            DatedEra::In(To2010June)
        } else if date < (2010, 6, 8) {
            DatedEra::Between(To2010June, To2021)
        } else if date <= (2021, 7, 24) {
            DatedEra::In(To2021)
        } else if date < (2022, 6, 1) {
            DatedEra::Between(To2021, From2022)
        } else {
            DatedEra::In(From2022)
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

/// How a log written without a date shows when it was played: the form of its wall seed and
/// whether its GO element names the lobby, each dated by the real logs that have a date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogForm {
    /// A wall shuffled round by round (`INIT shuffle`): dated logs show it up to 2009-07-18,
    /// inside the era until July 2009.
    PerRoundShuffle,
    /// A hex SHUFFLE seed: dated logs show it from 2009-07-31 to 2009-10-07, across the
    /// change of August 2009.
    HexSeed,
    /// A base64 SHUFFLE seed and no GO `lobby`: dated logs show them from 2010-05-04 to
    /// 2010-09-10, across the change of June 2010.
    Base64Seed,
    /// A base64 SHUFFLE seed and a GO `lobby`: dated logs show them from 2010-10-29 on.
    Base64SeedAndLobby,
}

impl LogForm {
    /// The eras a log of this form can be from, earliest and latest.
    const fn eras(self) -> (TenhouEra, TenhouEra) {
        use TenhouEra::{From2022, To2009July, To2010June, To2021};
        match self {
            LogForm::PerRoundShuffle => (To2009July, To2009July),
            LogForm::HexSeed => (To2009July, To2010June),
            LogForm::Base64Seed => (To2010June, To2021),
            LogForm::Base64SeedAndLobby => (To2021, From2022),
        }
    }

    const fn describe(self) -> &'static str {
        match self {
            LogForm::PerRoundShuffle => "the 2008–2009 per-round shuffle",
            LogForm::HexSeed => "its hex wall seed (seen 2009-07-31 to 2009-10-07)",
            LogForm::Base64Seed => {
                "its base64 wall seed without a GO lobby (seen 2010-05-04 to 2010-09-10)"
            }
            LogForm::Base64SeedAndLobby => {
                "its base64 wall seed and GO lobby (seen from 2010-10-29)"
            }
        }
    }
}

/// The evidence that placed a log in its era (or between two), as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EraSource {
    /// The date in the game id.
    GameDate {
        /// Year.
        year: u16,
        /// Month.
        month: u8,
        /// Day.
        day: u8,
    },
    /// No date: the form of the log ([`LogForm`]).
    Form(LogForm),
    /// No date and no form that dates it (no wall seed): the documented default,
    /// [`TenhouEra::To2021`] (June 2010 to mid-2021, the longest of Tenhou's eras), never the
    /// era the log's outcome would agree with.
    Undated,
}

/// The eras a log can be from, by the evidence it carries: a range of consecutive eras, and
/// what showed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EraEvidence {
    /// The earliest era the evidence allows.
    pub earliest: TenhouEra,
    /// The latest era the evidence allows: the rules a log is checked under, with the points
    /// on which the eras in between differ not settled.
    pub latest: TenhouEra,
    /// What dated the log.
    pub source: EraSource,
    /// Whether the precision of the final points narrowed the range: `Some(true)` when a
    /// final point has a non-zero tenth, which only the era from 2022 gives; `Some(false)`
    /// when they are whole, which that era gives only where the earlier rounding gives the
    /// same points; `None` when it did not narrow it.
    pub tenths: Option<bool>,
}

/// The rule set a Tenhou log declares, with the era it was decoded under and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declared {
    /// The rule set.
    pub rules: RuleSet,
    /// The GO `type` bits read.
    pub go_type: u32,
    /// The era (the latest the evidence allows).
    pub era: TenhouEra,
    /// The evidence for it.
    pub evidence: EraEvidence,
}

impl Declared {
    /// One line saying where the rule set came from, for reports: the GO type, the era and
    /// the evidence for it.
    pub fn describe(&self) -> String {
        let e = self.evidence;
        let mut source = match e.source {
            EraSource::GameDate { year, month, day } => {
                format!("from the game's date {year:04}-{month:02}-{day:02}")
            }
            EraSource::Form(form) => format!("no date in the log: from {}", form.describe()),
            EraSource::Undated => "no date in the log: the default era".to_owned(),
        };
        match e.tenths {
            Some(true) => source.push_str(", and its final points to a tenth"),
            Some(false) => source.push_str(", and its whole final points"),
            None => {}
        }
        if e.earliest != e.latest {
            source.push_str(&format!(
                "; the evidence allows any era from ({}) to this one: the rule points on which they differ are not settled",
                e.earliest.name()
            ));
        }
        format!(
            "Tenhou GO type {} (0x{:x}), era {} ({source})",
            self.go_type,
            self.go_type,
            self.era.name()
        )
    }
}

/// The rule set `log` declares: its GO `type` bits under the latest era the evidence allows
/// ([`era_of`]), with the rule points on which the eras it allows differ not settled
/// (reported only when a ruling turns on them).
///
/// The start score is the first round's score of the first seat when the bits give another
/// (a private lobby whose settings the log does not carry): the placement points are then
/// not known.
pub fn declared_rules(log: &GameLog) -> Declared {
    let evidence = era_of(log);
    let go_type = log.header.rules.go_type;
    let first_score = log
        .round_starts()
        .first()
        .map(|r| *r.scores.get(haifu_tiles::Seat::ALL[0]));
    let mut rules = rules_of(go_type, evidence.latest, first_score);
    for era in TenhouEra::ALL {
        if era < evidence.earliest || era >= evidence.latest {
            continue;
        }
        let other = rules_of(go_type, era, first_score);
        if other.flow.final_points != rules.flow.final_points {
            rules.flow.final_points = FinalPoints::NotKnown;
        }
        if other.flow.tenpai_yame != rules.flow.tenpai_yame {
            rules.flow.tenpai_yame = Yame::NotSettled;
        }
    }
    Declared {
        rules,
        go_type,
        era: evidence.latest,
        evidence,
    }
}

/// The eras `log` can be from, by the evidence it carries, never by whether its outcome
/// agrees with the engine:
///
/// 1. the date in its game id (found anywhere in the id the log or its file name carries),
///    which places it in an era, or between the last game seen under one era and the first
///    seen under the next ([`TenhouEra::from_date`]);
/// 2. without a date, the form of the log ([`LogForm`]: its wall seed and GO lobby), dated by
///    the real logs that have a date;
/// 3. without either, the documented default, June 2010 to mid-2021.
///
/// Where the eras allowed differ only in how final points are rounded (mid-2021 to June
/// 2022), the precision the record writes its final points with decides: a non-zero tenth can
/// only come from the era that keeps tenths.
pub fn era_of(log: &GameLog) -> EraEvidence {
    use TenhouEra::{From2022, To2021};
    let date = log
        .header
        .game_id
        .as_deref()
        .and_then(crate::find_game_id)
        .and_then(|id| {
            let n = |r: std::ops::Range<usize>| id.get(r).and_then(|d| d.parse::<u16>().ok());
            let (year, month, day) = (
                n(0..4)?,
                u8::try_from(n(4..6)?).ok()?,
                u8::try_from(n(6..8)?).ok()?,
            );
            ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some((year, month, day))
        });
    let form = || {
        let seed = log.header.seed.as_deref()?;
        Some(if seed.starts_with(crate::wall::Seed::BASE64_PREFIX) {
            if log.header.rules.lobby.is_some() {
                LogForm::Base64SeedAndLobby
            } else {
                LogForm::Base64Seed
            }
        } else {
            LogForm::HexSeed
        })
    };
    let ((earliest, latest), source) = match date {
        Some((year, month, day)) => (
            match TenhouEra::from_date(year, month, day) {
                DatedEra::In(era) => (era, era),
                DatedEra::Between(before, after) => (before, after),
            },
            EraSource::GameDate { year, month, day },
        ),
        None => match form() {
            Some(form) => (form.eras(), EraSource::Form(form)),
            None if log.round_starts().iter().any(|r| r.shuffle.is_some()) => (
                LogForm::PerRoundShuffle.eras(),
                EraSource::Form(LogForm::PerRoundShuffle),
            ),
            None => ((To2021, To2021), EraSource::Undated),
        },
    };
    let mut evidence = EraEvidence {
        earliest,
        latest,
        source,
        tenths: None,
    };
    // The eras from mid-2021 on and before differ in the rounding of final points alone.
    let tenths = log
        .final_result()
        .map(|f| f.points.iter().any(|p| p.0 % 10 != 0));
    if earliest <= To2021 && latest == From2022 {
        match tenths {
            Some(true) => {
                evidence.earliest = From2022;
                evidence.tenths = Some(true);
            }
            Some(false) => {
                evidence.latest = To2021;
                evidence.tenths = Some(false);
            }
            None => {}
        }
    } else if source == EraSource::Undated && tenths == Some(true) {
        // Undated and without a form that dates it: tenths can only come from 2022 on.
        evidence.earliest = From2022;
        evidence.latest = From2022;
        evidence.tenths = Some(true);
    }
    evidence
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
        use DatedEra::{Between, In};
        use TenhouEra::{From2022, To2009July, To2010June, To2021};
        assert_eq!(TenhouEra::from_date(2009, 7, 31), In(To2009July));
        // Between the last game seen under one era and the first seen under the next, the
        // date does not decide.
        assert_eq!(
            TenhouEra::from_date(2009, 8, 1),
            Between(To2009July, To2010June)
        );
        assert_eq!(TenhouEra::from_date(2009, 8, 27), In(To2010June));
        assert_eq!(TenhouEra::from_date(2010, 6, 1), In(To2010June));
        assert_eq!(
            TenhouEra::from_date(2010, 6, 5),
            Between(To2010June, To2021)
        );
        assert_eq!(TenhouEra::from_date(2010, 6, 8), In(To2021));
        assert_eq!(TenhouEra::from_date(2021, 7, 24), In(To2021));
        assert_eq!(TenhouEra::from_date(2021, 10, 3), Between(To2021, From2022));
        assert_eq!(TenhouEra::from_date(2022, 5, 31), Between(To2021, From2022));
        assert_eq!(TenhouEra::from_date(2022, 6, 1), In(From2022));
    }

    /// A log whose final points are `points` (in tenths), dated by `id`.
    fn ended(id: Option<&str>, points: [i32; 4]) -> GameLog {
        let mut log = GameLog::new();
        log.header.game_id = id.map(str::to_owned);
        log.push_game_end(haifu_log::FinalResult {
            scores: haifu_tiles::BySeat::from_array([25000; 4]),
            points: haifu_tiles::BySeat::from_array(points.map(haifu_log::Tenths)),
            chips: None,
        });
        log
    }

    /// The era a log is checked under, and the earliest its evidence allows.
    fn eras(log: &GameLog) -> (TenhouEra, TenhouEra) {
        let e = era_of(log);
        (e.earliest, e.latest)
    }

    #[test]
    fn the_era_comes_from_the_date_never_from_the_outcome() {
        use TenhouEra::{From2022, To2009July, To2021};
        let mut log = GameLog::new();
        log.header.game_id = Some("2015070411gm-00a9-0000-b8b13fcc".to_owned());
        assert_eq!(
            era_of(&log),
            EraEvidence {
                earliest: To2021,
                latest: To2021,
                source: EraSource::GameDate {
                    year: 2015,
                    month: 7,
                    day: 4
                },
                tenths: None,
            }
        );
        log.header.game_id = Some("2023010100gm-00a9-0000-00000000".to_owned());
        assert_eq!(eras(&log), (From2022, From2022));
        // The id anywhere in what the log carries (a viewer's URL in a tenhou.net/6 `ref`).
        log.header.game_id =
            Some("https://tenhou.net/0/?log=2009073112gm-0061-0000-cad1a977&tw=3".to_owned());
        assert_eq!(eras(&log), (To2009July, To2009July));
        // No date, no seed, no final points: the documented default, whatever the log records.
        log.header.game_id = Some("bug8".to_owned());
        assert_eq!(era_of(&log).source, EraSource::Undated);
        assert_eq!(eras(&log), (To2021, To2021));
        log.header.rules.go_type = 0xA9;
        let declared = declared_rules(&log);
        assert!(
            declared.describe().contains("no date in the log"),
            "{}",
            declared.describe()
        );
    }

    #[test]
    fn an_undated_log_is_dated_by_its_form() {
        use TenhouEra::{From2022, To2009July, To2010June, To2021};
        let mut log = GameLog::new();
        log.header.seed = Some("mt19937ar-sha512-n288,1,2,3".to_owned());
        assert_eq!(eras(&log), (To2009July, To2010June));
        log.header.seed = Some(format!("{}AAAA", crate::wall::Seed::BASE64_PREFIX));
        assert_eq!(eras(&log), (To2010June, To2021));
        log.header.rules.lobby = Some(0);
        assert_eq!(eras(&log), (To2021, From2022));
        // A hanchan's uma is the same in the eras a hex seed allows; a tonpuusen's is not.
        log.header.seed = Some("mt19937ar-sha512-n288,1,2,3".to_owned());
        log.header.rules.go_type = 0xA9;
        assert_ne!(
            declared_rules(&log).rules.flow.final_points,
            FinalPoints::NotKnown
        );
        log.header.rules.go_type = 0xA1;
        assert_eq!(
            declared_rules(&log).rules.flow.final_points,
            FinalPoints::NotKnown
        );
    }

    #[test]
    fn the_final_points_precision_decides_where_the_rounding_alone_differs() {
        use TenhouEra::{From2022, To2021};
        // +46.3, +4.1, -17.6, -32.8 (in tenths): a tenth that is not zero.
        let tenths = [463, 41, -176, -328];
        // +52, +5, -19, -38: whole points.
        let whole = [520, 50, -190, -380];
        let undated = ended(None, tenths);
        assert_eq!(eras(&undated), (From2022, From2022));
        assert_eq!(era_of(&undated).tenths, Some(true));
        // Whole points come from any era: an undated log keeps the default.
        assert_eq!(era_of(&ended(None, whole)).source, EraSource::Undated);
        assert_eq!(eras(&ended(None, whole)), (To2021, To2021));
        // Dated between the last whole-point game (2021-07-24) and the first with tenths
        // (2022-06-01): the precision decides, both ways.
        let october = Some("2021100312gm-00a9-0000-0123abcd");
        assert_eq!(eras(&ended(october, whole)), (To2021, To2021));
        assert_eq!(eras(&ended(october, tenths)), (From2022, From2022));
        // Outside the window the date decides, whatever the points.
        let dated = Some("2015070411gm-00a9-0000-b8b13fcc");
        assert_eq!(eras(&ended(dated, tenths)), (To2021, To2021));
    }

    #[test]
    fn between_eras_the_points_they_differ_on_are_not_settled() {
        // 2010-06-05: tenpai-yame came in between 2010-06-01 and 2010-06-08.
        let mut log = GameLog::new();
        log.header.game_id = Some("2010060512gm-00a9-0000-0123abcd".to_owned());
        log.header.rules.go_type = 0xA9;
        let declared = declared_rules(&log);
        assert_eq!(declared.rules.flow.tenpai_yame, Yame::NotSettled);
        // The uma of a hanchan is the same on both sides.
        assert_ne!(declared.rules.flow.final_points, FinalPoints::NotKnown);
        // 2009-08-10, tonpuusen: its uma changed between 2009-07-31 and 2009-08-27.
        log.header.game_id = Some("2009081012gm-00a1-0000-0123abcd".to_owned());
        log.header.rules.go_type = 0xA1;
        let declared = declared_rules(&log);
        assert_eq!(declared.rules.flow.final_points, FinalPoints::NotKnown);
        assert_eq!(declared.rules.flow.tenpai_yame, Yame::Never);
        assert!(
            declared.describe().contains("not settled"),
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
