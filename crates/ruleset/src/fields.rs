//! The rule points by name: how each is written in a rule file, in an override and by
//! `haifu rules show`, and read back.

use toml::Value;

use crate::{
    AbortiveDrawFlow, AbortiveRule, Busting, ConcealedToitoi, ConcealedTsumoFu, DeadHand,
    DoubleWindPairFu, DoubleYakuman, Extension, FalseWin, FinalPoints, FishingDouble, GameLength,
    IdenticalRuns, Ippatsu, KanDoraTiming, KazoeYakuman, KiriageMangan, KokushiRobsAnkan, Kuikae,
    LeftoverSticks, MultipleRon, MultipleRonBonus, NagashiMangan, NotenPayment, OpenTanyao,
    PaoHonba, PaoValue, Players, PointRounding, RedFives, Renchan, Renhou, RiichiMinLiveTiles,
    RiichiMinScore, RiichiModel, RinshanFu, RuleError, RuleSet, Ryuuiisou, TenpaiRule, TieBreak,
    Uma, UraDora, YakumanStacking, Yame,
};
use crate::{
    BustGuard, ClassicLimitHands, EndAtScore, FirstDiscards, Furiten, Kita, KitaInterrupts,
    KitaRinshan, KitaRon, KyuushuPayment, OptionalYaku, PaoHands, PaoRon, Scoring,
    ThreePlayerTsumo, YakuTable, YakuValue, YakulessWin, YakumanEnd,
};

/// One rule point of a [`RuleSet`], by the name rule files and overrides use.
#[derive(Clone, Copy)]
pub struct Field {
    /// The key (`kiriage_mangan`).
    pub name: &'static str,
    /// What it decides, and the values it takes.
    pub about: &'static str,
    /// The field's value in `rules`, as TOML.
    pub get: fn(&RuleSet) -> Value,
    /// Whether two rule sets have the same value here (cheaper than comparing
    /// [`get`](Field::get)'s values).
    pub same: fn(&RuleSet, &RuleSet) -> bool,
    set: fn(&mut RuleSet, &Value) -> Result<(), String>,
    /// The values that settle it, when they are a closed list (see [`Field::settled`]).
    settled: fn() -> Vec<Value>,
}

impl Field {
    /// Every value the point takes that settles it (not `not-settled`), when they are a
    /// closed list (`renhou`: false, "mangan", "five-han", "yakuman"); empty for a point of
    /// numbers or tables. The engine asks what a hand is worth under each where a rule set
    /// leaves the point not settled.
    pub fn settled(&self) -> Vec<Value> {
        (self.settled)()
    }
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// How a rule point's value is written as TOML and read back; `decode` says what it
/// expected when the value is not one of its own.
trait Codec: Sized {
    fn encode(&self) -> Value;
    fn decode(value: &Value) -> Result<Self, String>;
    /// Every value the point takes that settles it (not `not-settled`), when they are a
    /// closed list; empty otherwise (numbers, tables).
    fn settled() -> Vec<Value> {
        Vec::new()
    }
}

/// [`Codec::settled`] of the type of `_value`.
fn settled_like<T: Codec>(_value: &T) -> Vec<Value> {
    T::settled()
}

/// A codec for an enum of unit variants, each written as one TOML literal.
macro_rules! literals {
    ($t:ty { $($variant:path => $lit:expr),+ $(,)? }) => {
        impl Codec for $t {
            fn encode(&self) -> Value {
                match self {
                    $($variant => lit($lit)),+
                }
            }
            fn decode(value: &Value) -> Result<Self, String> {
                $(if *value == lit($lit) {
                    return Ok($variant);
                })+
                Err(one_of(&[$(lit($lit)),+]))
            }
            fn settled() -> Vec<Value> {
                [$(lit($lit)),+]
                    .into_iter()
                    .filter(|v| *v != lit(NOT_SETTLED))
                    .collect()
            }
        }
    };
}

/// A TOML literal: a boolean, a string or an integer.
fn lit(v: impl Into<Value>) -> Value {
    v.into()
}

fn one_of(values: &[Value]) -> String {
    let names: Vec<String> = values.iter().map(inline).collect();
    format!("one of {}", names.join(", "))
}

/// A value in TOML's inline syntax, as a rule file writes it.
pub(crate) fn inline(value: &Value) -> String {
    value.to_string()
}

/// A value as an override writes it: a plain word bare (`head-bump`), anything else in
/// TOML's inline syntax without spaces (`[20,10,-10,-20]`), so that it reads back as one
/// word of a `--rules` value or a notation `rules` line.
pub fn override_text(value: &Value) -> String {
    if let Value::String(s) = value
        && !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && s.parse::<f64>().is_err()
        && !matches!(s.as_str(), "true" | "false" | "inf" | "nan")
    {
        return s.clone();
    }
    let mut out = String::new();
    let mut quoted = false;
    for c in value.to_string().chars() {
        match c {
            '"' => {
                quoted = !quoted;
                out.push(c);
            }
            ' ' if !quoted => {}
            _ => out.push(c),
        }
    }
    out
}

const NOT_SETTLED: &str = "not-settled";

literals!(Players { Players::Four => 4, Players::Three => 3 });
literals!(RedFives {
    RedFives::OnePerSuit => true,
    RedFives::None => false,
    RedFives::PinOnly => "pin-only",
});
literals!(Scoring { Scoring::Japanese => "japanese", Scoring::Buu => "buu", Scoring::Classic => "classic" });
literals!(OptionalYaku {
    OptionalYaku::Counted => true,
    OptionalYaku::NotCounted => false,
    OptionalYaku::NotSettled => NOT_SETTLED,
});
literals!(OpenTanyao { OpenTanyao::Allowed => true, OpenTanyao::Forbidden => false });
literals!(KiriageMangan { KiriageMangan::On => true, KiriageMangan::Off => false });
literals!(KazoeYakuman { KazoeYakuman::Yakuman => "yakuman", KazoeYakuman::Sanbaiman => "sanbaiman" });
literals!(DoubleYakuman { DoubleYakuman::Double => true, DoubleYakuman::Single => false });
literals!(YakumanStacking { YakumanStacking::Stack => "stack", YakumanStacking::Highest => "highest" });
literals!(DoubleWindPairFu {
    DoubleWindPairFu::Four => 4,
    DoubleWindPairFu::Two => 2,
    DoubleWindPairFu::NotSettled => NOT_SETTLED,
});
literals!(ConcealedToitoi {
    ConcealedToitoi::ExtraDouble => true,
    ConcealedToitoi::Plain => false,
});
literals!(IdenticalRuns {
    IdenticalRuns::ClosedHand => "closed-hand",
    IdenticalRuns::ConcealedRuns => "concealed-runs",
});
literals!(ConcealedTsumoFu {
    ConcealedTsumoFu::Counted => "counted",
    ConcealedTsumoFu::Ignored => "ignored",
});
literals!(FishingDouble {
    FishingDouble::Counted => true,
    FishingDouble::NotCounted => false,
    FishingDouble::NotSettled => NOT_SETTLED,
});
literals!(RinshanFu {
    RinshanFu::TsumoFu => "tsumo-fu",
    RinshanFu::NoTsumoFu => "no-tsumo-fu",
    RinshanFu::NotSettled => NOT_SETTLED,
});
literals!(Renhou {
    Renhou::None => false,
    Renhou::Mangan => "mangan",
    Renhou::FiveHanCumulative => "five-han",
    Renhou::Yakuman => "yakuman",
    Renhou::NotSettled => NOT_SETTLED,
});
literals!(Ryuuiisou { Ryuuiisou::HatsuRequired => true, Ryuuiisou::HatsuOptional => false });
literals!(UraDora { UraDora::Counted => true, UraDora::NotCounted => false });
literals!(Ippatsu { Ippatsu::Counted => true, Ippatsu::NotCounted => false });
literals!(Kuikae {
    Kuikae::SameAndSuji => "same-and-suji",
    Kuikae::SameOnly => "same-only",
    Kuikae::Allowed => "allowed",
    Kuikae::NotSettled => "not-settled",
});
literals!(KanDoraTiming {
    KanDoraTiming::AnkanNowOpenAtDiscard => "ankan-now-open-at-discard",
    KanDoraTiming::Immediate => "immediate",
    KanDoraTiming::None => false,
    KanDoraTiming::NotSettled => NOT_SETTLED,
});
literals!(KokushiRobsAnkan {
    KokushiRobsAnkan::Yes => true,
    KokushiRobsAnkan::No => false,
    KokushiRobsAnkan::NotSettled => NOT_SETTLED,
});
literals!(TenpaiRule {
    TenpaiRule::ConcealedFourVoid => "concealed-four-void",
    TenpaiRule::HandAndMeldsFourVoid => "hand-and-melds-four-void",
    TenpaiRule::NotSettled => NOT_SETTLED,
});
literals!(Kita { Kita::Nukidora => "nukidora", Kita::NotPlayed => "not-played" });
literals!(YakulessWin { YakulessWin::Allowed => true, YakulessWin::NeedsAYaku => false });
literals!(ClassicLimitHands {
    ClassicLimitHands::Played => true,
    ClassicLimitHands::NotPlayed => false,
});
literals!(YakumanEnd { YakumanEnd::EndsOthersSink => true, YakumanEnd::GoesOn => false });
literals!(BustGuard {
    BustGuard::UnlessItFloatsTheWinner => "unless-it-floats-the-winner",
    BustGuard::Off => false,
});
literals!(KitaRon {
    KitaRon::Ron => "ron",
    KitaRon::Chankan => "chankan",
    KitaRon::NoRon => "no-ron",
    KitaRon::NotSettled => NOT_SETTLED,
});
literals!(KitaInterrupts {
    KitaInterrupts::IppatsuAndFirstTurn => "ippatsu-and-first-turn",
    KitaInterrupts::Nothing => "nothing",
    KitaInterrupts::NotSettled => NOT_SETTLED,
});
literals!(KitaRinshan {
    KitaRinshan::Rinshan => true,
    KitaRinshan::NotRinshan => false,
    KitaRinshan::NotSettled => NOT_SETTLED,
});
literals!(ThreePlayerTsumo {
    ThreePlayerTsumo::TsumoLoss => "tsumo-loss",
    ThreePlayerTsumo::NorthSplit => "north-split",
    ThreePlayerTsumo::NotSettled => NOT_SETTLED,
});
literals!(Furiten {
    Furiten::Standard => "standard",
    Furiten::None => false,
    Furiten::OneFourSeven => "one-four-seven",
});
literals!(PaoHands {
    PaoHands::BigDragonsAndWinds => "big-dragons-and-winds",
    PaoHands::Classic => "classic",
});
literals!(PaoRon { PaoRon::SplitHalf => "split-half", PaoRon::LiablePaysAll => "liable-pays-all" });
literals!(RiichiModel { RiichiModel::Riichi => "riichi", RiichiModel::Fishing => "fishing" });
literals!(AbortiveRule { AbortiveRule::Abort => true, AbortiveRule::NotPlayed => false });
literals!(FirstDiscards {
    FirstDiscards::Winds => true,
    FirstDiscards::NotPlayed => false,
    FirstDiscards::AnyTile => "any-tile",
});
literals!(GameLength {
    GameLength::Tonpuusen => "tonpuusen",
    GameLength::Hanchan => "hanchan",
    GameLength::FourWinds => "four-winds",
});
literals!(NagashiMangan {
    NagashiMangan::ManganTsumo => true,
    NagashiMangan::NotPlayed => false,
    NagashiMangan::NotSettled => NOT_SETTLED,
});
literals!(MultipleRon {
    MultipleRon::DoubleRonTripleAborts => "double-ron-triple-aborts",
    MultipleRon::HeadBump => "head-bump",
    MultipleRon::HeadBumpEastFirst => "head-bump-east-first",
    MultipleRon::HeadBumpPairPungChow => "head-bump-pair-pung-chow",
    MultipleRon::AllWin => "all-win",
});
literals!(MultipleRonBonus {
    MultipleRonBonus::NearestWinner => "nearest-winner",
    MultipleRonBonus::HonbaToEachSticksToNearest => "honba-to-each-sticks-to-nearest",
    MultipleRonBonus::HonbaToEachOwnStickBack => "honba-to-each-own-stick-back",
});
literals!(PaoValue {
    PaoValue::WholeHand => "whole-hand",
    PaoValue::LiableYakumanOnly => "liable-yakuman-only",
    PaoValue::NotSettled => NOT_SETTLED,
});
literals!(PaoHonba {
    PaoHonba::Liable => "liable",
    PaoHonba::Discarder => "discarder",
    PaoHonba::NotSettled => NOT_SETTLED,
});
literals!(Renchan {
    Renchan::WinOrTenpai => "win-or-tenpai",
    Renchan::WinOnly => "win-only",
    Renchan::WinOrAnyDraw => "win-or-any-draw",
});
literals!(AbortiveDrawFlow {
    AbortiveDrawFlow::Renchan => "renchan",
    AbortiveDrawFlow::DealerRotates => "dealer-rotates",
});
literals!(DeadHand {
    DeadHand::NoWin => "no-win",
    DeadHand::NoWinNoCall => "no-win-no-call",
    DeadHand::NotSettled => NOT_SETTLED,
});
literals!(Busting {
    Busting::BelowZero => "below-zero",
    Busting::Never => false,
    Busting::NotSettled => NOT_SETTLED,
});
literals!(LeftoverSticks {
    LeftoverSticks::ToFirst => "to-first",
    LeftoverSticks::Unclaimed => "unclaimed",
    LeftoverSticks::NotSettled => NOT_SETTLED,
});
literals!(TieBreak {
    TieBreak::SeatOrder => "seat-order",
    TieBreak::Shared => "shared",
    TieBreak::NotSettled => NOT_SETTLED,
});
literals!(PointRounding {
    PointRounding::TenhouThousands => "tenhou-thousands",
    PointRounding::Hundreds => "hundreds",
});

/// The largest amount of points (a score, a payment, a threshold, an uma) a rule point may
/// name, either sign. Real rule sets name at most a few tens of thousands; ten million keeps
/// every sum a game makes of them (four scores, a hand's payments, every stick of a long
/// game) far inside what the engine's 32-bit scores hold.
const MAX_AMOUNT: i32 = 10_000_000;

fn int(value: &Value) -> Option<i32> {
    value
        .as_integer()
        .and_then(|i| i32::try_from(i).ok())
        .filter(|i| (-MAX_AMOUNT..=MAX_AMOUNT).contains(i))
}

impl Codec for i32 {
    fn encode(&self) -> Value {
        Value::Integer(i64::from(*self))
    }
    fn decode(value: &Value) -> Result<Self, String> {
        int(value).ok_or_else(|| format!("an integer from -{MAX_AMOUNT} to {MAX_AMOUNT}"))
    }
}

impl Codec for RiichiMinScore {
    fn encode(&self) -> Value {
        match self {
            RiichiMinScore::AtLeast(points) => points.encode(),
            RiichiMinScore::Any => lit("any"),
            RiichiMinScore::NotSettled => lit(NOT_SETTLED),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        match (int(value), value.as_str()) {
            (Some(points), _) => Ok(RiichiMinScore::AtLeast(points)),
            (_, Some("any")) => Ok(RiichiMinScore::Any),
            (_, Some(NOT_SETTLED)) => Ok(RiichiMinScore::NotSettled),
            _ => Err(format!(
                "a score (such as 1000), \"any\" or \"{NOT_SETTLED}\""
            )),
        }
    }
}

impl Codec for RiichiMinLiveTiles {
    fn encode(&self) -> Value {
        match self {
            RiichiMinLiveTiles::AtLeast(tiles) => Value::Integer(i64::from(*tiles)),
            RiichiMinLiveTiles::NotSettled => lit(NOT_SETTLED),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        if value.as_str() == Some(NOT_SETTLED) {
            return Ok(RiichiMinLiveTiles::NotSettled);
        }
        value
            .as_integer()
            .and_then(|i| u8::try_from(i).ok())
            .filter(|&i| i <= 70)
            .map(RiichiMinLiveTiles::AtLeast)
            .ok_or_else(|| format!("a number of tiles from 0 to 70, or \"{NOT_SETTLED}\""))
    }
}

impl Codec for NotenPayment {
    fn encode(&self) -> Value {
        match self {
            NotenPayment::Split { total } => total.encode(),
            NotenPayment::PerTenpai { each } => {
                let mut t = toml::Table::new();
                t.insert("per_tenpai".to_owned(), each.encode());
                Value::Table(t)
            }
            NotenPayment::NotPaid => lit(false),
            NotenPayment::NotSettled => lit(NOT_SETTLED),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        match (int(value), value.as_bool()) {
            (Some(total), _) if total >= 0 => Ok(NotenPayment::Split { total }),
            (_, Some(false)) => Ok(NotenPayment::NotPaid),
            _ if value.as_str() == Some(NOT_SETTLED) => Ok(NotenPayment::NotSettled),
            _ => match value
                .as_table()
                .filter(|t| t.len() == 1)
                .and_then(|t| t.get("per_tenpai"))
                .and_then(int)
            {
                Some(each) if each >= 0 => Ok(NotenPayment::PerTenpai { each }),
                _ => Err(format!(
                    "the total paid (such as 3000), {{ per_tenpai = 2000 }} (what each tenpai player receives), false, or \"{NOT_SETTLED}\""
                )),
            },
        }
    }
}

impl Codec for Yame {
    fn encode(&self) -> Value {
        match self {
            Yame::Automatic { min_score } => min_score.encode(),
            Yame::Never => lit(false),
            Yame::NotSettled => lit(NOT_SETTLED),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        match (int(value), value.as_bool(), value.as_str()) {
            (Some(min_score), ..) => Ok(Yame::Automatic { min_score }),
            (_, Some(false), _) => Ok(Yame::Never),
            (.., Some(NOT_SETTLED)) => Ok(Yame::NotSettled),
            _ => Err(format!(
                "the score the dealer needs (such as 30000), false, or \"{NOT_SETTLED}\""
            )),
        }
    }
}

impl Codec for FalseWin {
    fn encode(&self) -> Value {
        match self {
            FalseWin::NotSettled => lit(NOT_SETTLED),
            FalseWin::Pays { non_dealer, dealer } => {
                Value::Array(vec![non_dealer.encode(), dealer.encode()])
            }
            FalseWin::Redeal { non_dealer, dealer } => {
                let mut t = toml::Table::new();
                t.insert(
                    "redeal".to_owned(),
                    Value::Array(vec![non_dealer.encode(), dealer.encode()]),
                );
                Value::Table(t)
            }
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        if value.as_str() == Some(NOT_SETTLED) {
            return Ok(FalseWin::NotSettled);
        }
        let pair = |v: &Value| {
            v.as_array()
                .and_then(|a| a.iter().map(int).collect::<Option<Vec<i32>>>())
                .and_then(|v| <[i32; 2]>::try_from(v).ok())
        };
        let redeal = value
            .as_table()
            .filter(|t| t.len() == 1)
            .and_then(|t| t.get("redeal"))
            .and_then(pair)
            .map(|[non_dealer, dealer]| FalseWin::Redeal { non_dealer, dealer });
        redeal
            .or_else(|| pair(value).map(|[non_dealer, dealer]| FalseWin::Pays { non_dealer, dealer }))
            .ok_or_else(|| {
                "\"not-settled\", what a false declarer pays [each non-dealer, the dealer] as the deal goes on (such as [250, 500]), or { redeal = [2000, 4000] } for a chombo that deals the hand again".to_owned()
            })
    }
}

impl Codec for KyuushuPayment {
    fn encode(&self) -> Value {
        match self {
            KyuushuPayment::NotPaid => lit(false),
            KyuushuPayment::ByKinds(row) => Value::Array(row.iter().map(Codec::encode).collect()),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        if value.as_bool() == Some(false) {
            return Ok(KyuushuPayment::NotPaid);
        }
        value
            .as_array()
            .and_then(|a| a.iter().map(int).collect::<Option<Vec<i32>>>())
            .and_then(|v| <[i32; 5]>::try_from(v).ok())
            .map(KyuushuPayment::ByKinds)
            .ok_or_else(|| {
                "false, or what each other player pays for 9 to 13 kinds (such as [50, 70, 100, 150, 200])".to_owned()
            })
    }
}

/// The form a yaku table takes: `{ honitsu = [2, 1], chiitoitsu = [1], ippatsu = false }`.
const YAKU_TABLE: &str = "a table of yaku names (as the notation writes them) to [closed han, open han], [closed han] (closed only) or false (not a yaku), such as { honitsu = [2, 1] }";

impl Codec for YakuTable {
    fn encode(&self) -> Value {
        let mut t = toml::Table::new();
        for (y, v) in haifu_tiles::Yaku::ALL.iter().zip(self.0) {
            let value = match v {
                YakuValue::Model => continue,
                YakuValue::NotAYaku => lit(false),
                YakuValue::Han { closed, open } => Value::Array(
                    std::iter::once(closed)
                        .chain(open)
                        .map(|h| Value::Integer(i64::from(h)))
                        .collect(),
                ),
            };
            t.insert(y.name().to_owned(), value);
        }
        Value::Table(t)
    }
    fn decode(value: &Value) -> Result<Self, String> {
        let t = value.as_table().ok_or_else(|| YAKU_TABLE.to_owned())?;
        let mut table = YakuTable::MODEL;
        for (name, v) in t {
            let i = haifu_tiles::Yaku::from_name(name)
                .filter(|y| !y.is_yakuman())
                .ok_or_else(|| {
                    format!("{YAKU_TABLE} ({name:?} is a yakuman or no yaku of the notation)")
                })? as usize;
            let han = |x: &Value| x.as_integer().and_then(|h| u8::try_from(h).ok());
            table.0[i] = match (v.as_bool(), v.as_array().map(Vec::as_slice)) {
                (Some(false), _) => YakuValue::NotAYaku,
                (_, Some([closed])) => YakuValue::Han {
                    closed: han(closed).ok_or_else(|| YAKU_TABLE.to_owned())?,
                    open: None,
                },
                (_, Some([closed, open])) => YakuValue::Han {
                    closed: han(closed).ok_or_else(|| YAKU_TABLE.to_owned())?,
                    open: Some(han(open).ok_or_else(|| YAKU_TABLE.to_owned())?),
                },
                _ => return Err(YAKU_TABLE.to_owned()),
            };
        }
        Ok(table)
    }
}

impl Codec for EndAtScore {
    fn encode(&self) -> Value {
        match self {
            EndAtScore::AtLeast(score) => score.encode(),
            EndAtScore::Never => lit(false),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        match (int(value), value.as_bool()) {
            (Some(score), _) => Ok(EndAtScore::AtLeast(score)),
            (_, Some(false)) => Ok(EndAtScore::Never),
            _ => Err(
                "the score that ends the game when a player reaches it (such as 4000), or false"
                    .to_owned(),
            ),
        }
    }
}

impl Codec for Extension {
    fn encode(&self) -> Value {
        match self {
            Extension::NextWind { target } => target.encode(),
            Extension::None => lit(false),
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        match (int(value), value.as_bool()) {
            (Some(target), _) => Ok(Extension::NextWind { target }),
            (_, Some(false)) => Ok(Extension::None),
            _ => Err("the score that ends the extension (such as 30000), or false".to_owned()),
        }
    }
}

/// An uma row: four entries, or three for a three-player table (the fourth place, which no
/// one takes, is then 0).
fn uma_row(value: &Value) -> Option<[i32; 4]> {
    let row = value.as_array()?;
    let mut row: Vec<i32> = row.iter().map(int).collect::<Option<_>>()?;
    if row.len() == 3 {
        row.push(0);
    }
    row.try_into().ok()
}

fn uma_value(row: &[i32; 4]) -> Value {
    Value::Array(row.iter().map(Codec::encode).collect())
}

const FINAL_POINTS: &str = "\"not-known\", or a table { return_score = 30000, uma = [20, 10, -10, -20] (three entries with three players), rounding = \"hundreds\" or \"tenhou-thousands\" }, where uma may also be { threshold = 30000, by_floaters = [five rows of four] }, or { sink_float = [10, 5, 3] } (Buu's chips of Maru A, B and C)";

impl Codec for FinalPoints {
    fn encode(&self) -> Value {
        match self {
            FinalPoints::NotKnown => lit("not-known"),
            FinalPoints::SinkFloat { chips } => {
                let mut t = toml::Table::new();
                t.insert(
                    "sink_float".into(),
                    Value::Array(chips.iter().map(Codec::encode).collect()),
                );
                Value::Table(t)
            }
            FinalPoints::Uma {
                return_score,
                uma,
                rounding,
            } => {
                let mut t = toml::Table::new();
                t.insert("return_score".into(), return_score.encode());
                let uma = match uma {
                    Uma::Fixed(row) => uma_value(row),
                    Uma::ByFloaters {
                        threshold,
                        by_count,
                    } => {
                        let mut u = toml::Table::new();
                        u.insert("threshold".into(), threshold.encode());
                        u.insert(
                            "by_floaters".into(),
                            Value::Array(by_count.iter().map(uma_value).collect()),
                        );
                        Value::Table(u)
                    }
                };
                t.insert("uma".into(), uma);
                t.insert("rounding".into(), rounding.encode());
                Value::Table(t)
            }
        }
    }
    fn decode(value: &Value) -> Result<Self, String> {
        if value.as_str() == Some("not-known") {
            return Ok(FinalPoints::NotKnown);
        }
        let bad = || FINAL_POINTS.to_owned();
        let t = value.as_table().ok_or_else(bad)?;
        if let Some(chips) = t.get("sink_float") {
            let row: Vec<i32> = chips
                .as_array()
                .ok_or_else(bad)?
                .iter()
                .map(int)
                .collect::<Option<_>>()
                .ok_or_else(bad)?;
            return match (t.len(), <[i32; 3]>::try_from(row)) {
                (1, Ok(chips)) => Ok(FinalPoints::SinkFloat { chips }),
                _ => Err(bad()),
            };
        }
        if t.keys()
            .any(|k| !["return_score", "uma", "rounding"].contains(&k.as_str()))
        {
            return Err(bad());
        }
        let return_score = t.get("return_score").and_then(int).ok_or_else(bad)?;
        let rounding = PointRounding::decode(t.get("rounding").ok_or_else(bad)?)?;
        let uma = t.get("uma").ok_or_else(bad)?;
        let uma = match uma_row(uma) {
            Some(row) => Uma::Fixed(row),
            None => {
                let u = uma.as_table().ok_or_else(bad)?;
                let threshold = u.get("threshold").and_then(int).ok_or_else(bad)?;
                let rows: Vec<[i32; 4]> = u
                    .get("by_floaters")
                    .and_then(Value::as_array)
                    .ok_or_else(bad)?
                    .iter()
                    .map(uma_row)
                    .collect::<Option<_>>()
                    .ok_or_else(bad)?;
                Uma::ByFloaters {
                    threshold,
                    by_count: rows.try_into().map_err(|_| bad())?,
                }
            }
        };
        Ok(FinalPoints::Uma {
            return_score,
            uma,
            rounding,
        })
    }
}

macro_rules! field {
    ($name:literal, $($path:ident).+, $about:literal) => {
        Field {
            name: $name,
            about: $about,
            get: |r| r.$($path).+.encode(),
            same: |a, b| a.$($path).+ == b.$($path).+,
            set: |r, v| {
                r.$($path).+ = Codec::decode(v)?;
                Ok(())
            },
            settled: || settled_like(&crate::RuleSet::preset(crate::Preset::Tenhou).$($path).+),
        }
    };
}

/// Every rule point of a [`RuleSet`], in the order `haifu rules show` writes them. The
/// `base` preset is not among them: it is what the fields are relative to.
pub static FIELDS: &[Field] = &[
    field!(
        "players",
        players,
        "Players at the table: 4, or 3 (sanma: 108 tiles without 2m-8m, seats A-C, no chi)."
    ),
    // Hand value.
    field!(
        "red_fives",
        hand.red_fives,
        "Red fives, one han each: one in each suit (true), none (false), or only the red 5p (\"pin-only\")."
    ),
    field!(
        "open_tanyao",
        hand.open_tanyao,
        "All simples counts in an open hand (kuitan)."
    ),
    field!(
        "kiriage_mangan",
        hand.kiriage_mangan,
        "4 han 30 fu and 3 han 60 fu are paid as mangan."
    ),
    field!(
        "kazoe_yakuman",
        hand.kazoe_yakuman,
        "What 13 han or more without a yakuman is: \"yakuman\" or capped at \"sanbaiman\"."
    ),
    field!(
        "double_yakuman",
        hand.double_yakuman,
        "suuankou-tanki, junsei-chuuren, kokushi-13 and daisuushii count twice."
    ),
    field!(
        "yakuman_stacking",
        hand.yakuman_stacking,
        "Several yakuman in one hand: \"stack\" (they add up) or \"highest\" (the largest alone)."
    ),
    field!(
        "double_wind_pair_fu",
        hand.double_wind_pair_fu,
        "Fu of a pair of the seat wind that is also the round wind: 4 or 2."
    ),
    field!(
        "rinshan_fu",
        hand.rinshan_fu,
        "Whether a win on a kan's replacement tile gets the 2 tsumo fu: \"tsumo-fu\" or \"no-tsumo-fu\"."
    ),
    field!(
        "renhou",
        hand.renhou,
        "A ron before the winner's first draw, no call before: false (not a yaku), \"mangan\" (a limit, not added to other yaku), \"five-han\" (5 han, added), \"yakuman\"."
    ),
    field!(
        "ryuuiisou_needs_hatsu",
        hand.ryuuiisou,
        "All green (ryuuiisou) needs hatsu among its tiles."
    ),
    field!(
        "ura_dora",
        hand.ura_dora,
        "A riichi win counts the ura dora (and kan ura dora)."
    ),
    field!("ippatsu", hand.ippatsu, "Ippatsu is a yaku."),
    field!(
        "scoring",
        hand.scoring,
        "The scoring model: \"japanese\" (fu x 2^(2+han), dora as han) or \"buu\" (fu x 2^han capped at 2000/3000, menzen and dora points, Buu's yaku table), or \"classic\" (points x 2^doubles capped at the limit of 500, seven pairs 100 points, no dora, the discarder paying for all)."
    ),
    field!(
        "yaku_han",
        hand.yaku_han,
        "The rule set's own yaku values where they differ from the scoring model's: { yaku = [closed han, open han] | [closed han] | false }, such as the classic rules' { honitsu = [2, 2] }."
    ),
    field!(
        "yakuless_win",
        hand.yakuless_win,
        "A complete hand without a yaku may win, valued with its dora and red fives alone (true), or a win needs a yaku (false)."
    ),
    field!(
        "classic_limit_hands",
        hand.classic_limit_hands,
        "The classic limit hands: haitei on 1p (iipin-moyue), rinshan on 5p (uupin-kaihou), chankan on 2s (ryansou-chankan), rinshan after two kans in one turn (renkan-kaihou)."
    ),
    field!(
        "toitoi_concealed_double",
        hand.toitoi_concealed,
        "Toitoi with one or two concealed triplets counts one han more (the classic count: three concealed triplets are sanankou's)."
    ),
    field!(
        "identical_runs",
        hand.identical_runs,
        "When identical runs count: \"closed-hand\" (iipeikou and ryanpeikou in a closed hand only) or \"concealed-runs\" (the classic count: two identical concealed runs are iipeikou in any hand; three identical runs are isshoku-sanjun, 2 han all concealed, 1 with one called)."
    ),
    field!(
        "concealed_tsumo_fu",
        hand.concealed_tsumo_fu,
        "The 2 fu of a self-drawn win in a concealed hand: \"counted\" or \"ignored\" (a classic variant)."
    ),
    field!(
        "fishing_double",
        hand.fishing_double,
        "Under riichi = \"fishing\", a fishing player who wins gets one double, written as riichi (true, false, or \"not-settled\")."
    ),
    field!(
        "buu_iipeikou",
        hand.buu_iipeikou,
        "Buu: iipeikou is a 1-han yaku (true, false, or \"not-settled\")."
    ),
    field!(
        "buu_chiitoitsu",
        hand.buu_chiitoitsu,
        "Buu: chiitoitsu is a 1-han yaku at 50 fu (true, false, or \"not-settled\")."
    ),
    field!(
        "buu_sanshoku",
        hand.buu_sanshoku,
        "Buu: sanshoku is a yaku, 2 han closed and 1 open (true, false, or \"not-settled\")."
    ),
    field!(
        "buu_ryuuiisou",
        hand.buu_ryuuiisou,
        "Buu: ryuuiisou is a yakuman (true, false, or \"not-settled\")."
    ),
    // The round.
    field!(
        "kuikae",
        round.kuikae,
        "Discards refused right after a chi or pon: \"same-and-suji\", \"same-only\" or \"allowed\" (none)."
    ),
    field!(
        "riichi_min_score",
        round.riichi_min_score,
        "The least score that allows riichi: a score, or \"any\"."
    ),
    field!(
        "riichi_min_live_tiles",
        round.riichi_min_live_tiles,
        "The least number of live-wall tiles left that allows riichi."
    ),
    field!(
        "kan_dora",
        round.kan_dora,
        "When a kan's dora indicator is revealed: \"ankan-now-open-at-discard\", \"immediate\", or false (no kan dora)."
    ),
    field!(
        "kokushi_robs_ankan",
        round.kokushi_robs_ankan,
        "Thirteen orphans may rob a concealed kan."
    ),
    field!(
        "tenpai",
        round.tenpai,
        "Tenpai at an exhaustive draw: a wait is void when its four copies are all in the concealed hand (\"concealed-four-void\") or in the hand and melds (\"hand-and-melds-four-void\")."
    ),
    field!(
        "furiten",
        round.furiten,
        "Sacred discards: \"standard\" (the Japanese furiten: own discards, a passed tile until one's next discard, a passed tile after riichi), \"one-four-seven\" (the classic rule by set completion: a discard is refused if every set it could complete could also be completed by one of one's own discards), or false (none)."
    ),
    field!(
        "riichi",
        round.riichi,
        "What a riichi declaration is: \"riichi\" (a deposit and a yaku) or \"fishing\" (the classic declaration: no deposit, no han; each fishing player pays fishing_stake to another player's win)."
    ),
    field!(
        "pao_hands",
        round.pao_hands,
        "Which calls make their feeder liable (pao): \"big-dragons-and-winds\" (the third dragon or fourth wind set, by pon or kan) or \"classic\" (also the fourth set of an all-honours, all-terminals or all-green hand; a kan claim makes no one liable)."
    ),
    field!(
        "kyuushu_kyuuhai",
        round.kyuushu_kyuuhai,
        "Nine kinds of terminals and honours on the first turn may end the round."
    ),
    field!(
        "suufon_renda",
        round.suufon_renda,
        "Four identical wind first discards end the round (true), any four identical first discards do (\"any-tile\"), or none (false)."
    ),
    field!(
        "suucha_riichi",
        round.suucha_riichi,
        "A fourth riichi that stands ends the round."
    ),
    field!(
        "suukaikan",
        round.suukaikan,
        "Four kans by more than one player end the round at the next discard (when false, play goes on and no fifth kan is allowed)."
    ),
    field!(
        "kita",
        round.kita,
        "Three players: \"nukidora\", a North may be set aside after a draw as one dora, with a replacement draw and no new indicator; or \"not-played\"."
    ),
    field!(
        "kita_ron",
        round.kita_ron,
        "A North set aside may be ronned: \"ron\" (not a chankan), \"chankan\", \"no-ron\", or \"not-settled\"."
    ),
    field!(
        "kita_interrupts",
        round.kita_interrupts,
        "What a kita interrupts: \"ippatsu-and-first-turn\" (as a call does), \"nothing\", or \"not-settled\"."
    ),
    field!(
        "kita_rinshan",
        round.kita_rinshan,
        "A tsumo on a kita's replacement tile scores rinshan kaihou (true, false, or \"not-settled\")."
    ),
    field!(
        "dead_hand",
        round.dead_hand,
        "A dead hand (a wrong number of tiles, a false declaration; a hand-written record's `dead` and `false-win`): \"no-win\" (it may not win nor declare riichi, and is noten at a draw; it plays on), \"no-win-no-call\" (nor call), or \"not-settled\"."
    ),
    // Payments and the flow of the game.
    field!(
        "length",
        flow.length,
        "The regular length of the game: \"tonpuusen\" (East round), \"hanchan\" (East and South) or \"four-winds\" (East to North)."
    ),
    field!(
        "start_score",
        flow.start_score,
        "Each player's score at the start."
    ),
    field!(
        "riichi_deposit",
        flow.riichi_deposit,
        "The riichi deposit, one stick."
    ),
    field!(
        "honba_ron",
        flow.honba.ron,
        "What one honba adds to a ron, paid by the discarder."
    ),
    field!(
        "honba_tsumo",
        flow.honba.tsumo_per_payer,
        "What one honba adds to a tsumo, paid by each other player."
    ),
    field!(
        "three_player_tsumo",
        flow.three_player_tsumo,
        "Three players: what a tsumo's two payers pay: \"tsumo-loss\" (as with four players, the North's share lost), \"north-split\" (the North's share split between them), or \"not-settled\"."
    ),
    field!(
        "fishing_stake",
        flow.fishing_stake,
        "Under riichi = \"fishing\": what each fishing player pays another player's win."
    ),
    field!(
        "kyuushu_payment",
        flow.kyuushu_payment,
        "What each other player pays a kyuushu kyuuhai declarer for 9 to 13 kinds (such as [50, 70, 100, 150, 200]), or false."
    ),
    field!(
        "false_win",
        flow.false_win,
        "A false declaration of a win: [a, b], the declarer pays each other non-dealer a and the dealer b (a dealer declarer pays b to each), the deal goes on with the hand dead; { redeal = [a, b] }, the same payment and the hand dealt again (a chombo); or \"not-settled\"."
    ),
    field!(
        "noten_payment",
        flow.noten,
        "Noten payments at an exhaustive draw: the total the noten players pay the tenpai ones; { per_tenpai = n }, what each tenpai player receives from the noten ones; or false."
    ),
    field!(
        "nagashi_mangan",
        flow.nagashi,
        "Nagashi mangan is played (paid as a mangan tsumo, without honba)."
    ),
    field!(
        "multiple_ron",
        flow.multiple_ron,
        "Several rons on one discard: \"double-ron-triple-aborts\", \"head-bump\" (the nearest claimant alone), \"head-bump-east-first\" (the claimant first in turn order from the dealer alone), \"head-bump-pair-pung-chow\" (the claimant who needs the tile for the pair, then for a pung, then for a chow, alone) or \"all-win\"."
    ),
    field!(
        "multiple_ron_bonus",
        flow.multiple_ron_bonus,
        "Who gets the honba and sticks of a multiple ron: \"nearest-winner\", \"honba-to-each-sticks-to-nearest\" or \"honba-to-each-own-stick-back\" (each winner's own stick of the hand back, the rest to the nearest)."
    ),
    field!(
        "pao_value",
        flow.pao_value,
        "What a liable (pao) player pays: \"whole-hand\" or \"liable-yakuman-only\"."
    ),
    field!(
        "pao_honba",
        flow.pao_honba,
        "Who pays the honba of a ron with pao: \"liable\" or \"discarder\"."
    ),
    field!(
        "pao_ron",
        flow.pao_ron,
        "A ron with pao by a third player: \"split-half\" (the liable player pays half, the discarder the rest) or \"liable-pays-all\"."
    ),
    field!(
        "renchan",
        flow.renchan,
        "When the dealer keeps the deal: \"win-or-tenpai\", \"win-only\" or \"win-or-any-draw\"."
    ),
    field!(
        "abortive_draw",
        flow.abortive_draw,
        "The deal after an abortive draw: \"renchan\" or \"dealer-rotates\"."
    ),
    field!(
        "busting",
        flow.busting,
        "The game ends when a score goes \"below-zero\", or false (never)."
    ),
    field!(
        "agari_yame",
        flow.agari_yame,
        "In the last hands, a dealer's win that leaves them first with this score ends the game; false: never."
    ),
    field!(
        "tenpai_yame",
        flow.tenpai_yame,
        "In the last hands, a dealer's tenpai at the draw that leaves them first with this score ends the game; false: never."
    ),
    field!(
        "extension",
        flow.extension,
        "After the last regular hand, play goes on into the next wind until someone has this score; false: no extension."
    ),
    field!(
        "end_at_score",
        flow.end_at_score,
        "The game ends after the round in which a player reaches this score (Buu: 4000); false: no such end."
    ),
    field!(
        "yakuman_ends_game",
        flow.yakuman_ends_game,
        "A yakuman ends the game after its round, every other player sinking (Buu)."
    ),
    field!(
        "bust_guard",
        flow.bust_guard,
        "A win that would put a payer below zero may not be declared unless it lifts the winner to the start score (\"unless-it-floats-the-winner\", Buu), or false."
    ),
    field!(
        "leftover_sticks",
        flow.leftover_sticks,
        "Riichi sticks left on the table at the end: \"to-first\" or \"unclaimed\"."
    ),
    field!(
        "ties",
        flow.ties,
        "Equal final scores: \"seat-order\" (the earlier seat ranks higher) or \"shared\" (the uma of the places shared)."
    ),
    field!(
        "final_points",
        flow.final_points,
        "Final placement points: the return score, the uma by place and the rounding, or \"not-known\"."
    ),
];

/// Sets `key` in `rules` from `value`.
pub(crate) fn set(rules: &mut RuleSet, key: &str, value: &Value) -> Result<(), RuleError> {
    let Some(field) = FIELDS.iter().find(|f| f.name == key) else {
        return Err(RuleError::UnknownKey {
            key: key.to_owned(),
            at: None,
        });
    };
    (field.set)(rules, value).map_err(|expected| {
        // A word close to one the point takes is named.
        let hint = match value {
            Value::String(word) => {
                crate::file::did_you_mean(word, field.settled().iter().filter_map(Value::as_str))
            }
            _ => String::new(),
        };
        RuleError::BadValue {
            key: field.name,
            value: inline(value),
            expected: expected + &hint,
            at: None,
        }
    })
}

/// The whole set as a rule file.
pub(crate) fn to_toml(rules: &RuleSet) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "# {}\nbase = \"{}\"\n",
        rules.base.about(),
        rules.base.name()
    ));
    for f in FIELDS {
        out.push_str(&format!(
            "\n# {}\n{} = {}\n",
            f.about,
            f.name,
            inline(&(f.get)(rules))
        ));
    }
    out
}
