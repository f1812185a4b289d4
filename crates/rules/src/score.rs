//! Scoring a winning hand: [`score`] takes a [`WinningHand`] and a [`RuleSet`] and returns an itemised
//! [`Score`].

use arrayvec::ArrayVec;
use haifu_tiles::{Meld, MeldKind, Players, Tile, TileCounts, TileKind, Wind};

use crate::error::{ScoreError, SituationError};
use crate::flow::{Bonus, Flow, Role, WinMethod};
use crate::hand::{Block, Reading, SetShape, Wait, for_each_reading};
use crate::model::{DoraValue, Floor, Model, OpenPinfu, PinfuFu, Valued};
use crate::yaku::{YakuHan, YakuRules, YakumanCount};
use haifu_ruleset::{
    ClassicLimitHands, ConcealedToitoi, ConcealedTsumoFu, DoubleWindPairFu, DoubleYakuman,
    FishingDouble, IdenticalRuns, Ippatsu, OpenTanyao, RedFives, Renhou, RiichiModel, RinshanFu,
    RuleSet, Ryuuiisou, ThreePlayerTsumo, UraDora, YakuValue, YakulessWin, YakumanStacking,
};
use haifu_tiles::{HanSource, Limit, Yaku};

/// Whether and how the winner declared riichi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiichiDeclaration {
    /// No riichi.
    None,
    /// Riichi.
    Riichi,
    /// Double riichi (riichi on the first discard, no call before).
    DoubleRiichi,
}

impl RiichiDeclaration {
    /// Whether riichi (single or double) was declared.
    pub const fn is_declared(self) -> bool {
        !matches!(self, RiichiDeclaration::None)
    }
}

/// The situational conditions of a win other than riichi, as a small set of flags.
///
/// These are facts about the moment of the win that the hand cannot show: the referee (or a
/// log) knows them. [`score`] checks that they fit together and with the hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Situation(u16);

impl Situation {
    /// No condition.
    pub const NONE: Situation = Situation(0);
    /// Ippatsu: within one go-around of riichi, no call in between.
    pub const IPPATSU: Situation = Situation(1);
    /// Haitei: tsumo on the last tile of the live wall.
    pub const HAITEI: Situation = Situation(1 << 1);
    /// Houtei: ron on the last discard.
    pub const HOUTEI: Situation = Situation(1 << 2);
    /// Rinshan kaihou: tsumo on the replacement tile of a kan.
    pub const RINSHAN: Situation = Situation(1 << 3);
    /// Chankan: ron on a tile added to a kan.
    pub const CHANKAN: Situation = Situation(1 << 4);
    /// Tenhou: the dealer's win on the dealt hand.
    pub const TENHOU: Situation = Situation(1 << 5);
    /// Chiihou: a non-dealer's tsumo on the first draw, no call before.
    pub const CHIIHOU: Situation = Situation(1 << 6);
    /// Renhou: a non-dealer's ron before the first draw, no call before.
    pub const RENHOU: Situation = Situation(1 << 7);
    /// With rinshan: the replacement tile of the second (or later) kan the winner declared in
    /// one turn (the classic "kong on kong").
    pub const KAN_ON_KAN: Situation = Situation(1 << 8);
    /// The dealer's eighth win in a row (the classic paarenchan).
    pub const PAARENCHAN: Situation = Situation(1 << 9);

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Situation) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets of flags.
    #[must_use]
    pub const fn union(self, other: Situation) -> Situation {
        Situation(self.0 | other.0)
    }

    /// Whether no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The situation a yaku only the moves can show gives the scorer (ippatsu, haitei,
    /// rinshan, chankan, the first-turn wins, and the classic limit hands that are such a win
    /// on a given tile); `None` for a yaku the hand shows, or one the game's course gives
    /// (paarenchan). The one table of it: a record that names such a yaku without the moves
    /// (an elided round, a hand case) is scored in this situation.
    pub const fn of_yaku(yaku: Yaku) -> Option<Situation> {
        Some(match yaku {
            Yaku::Ippatsu => Situation::IPPATSU,
            Yaku::Haitei | Yaku::IipinMoyue => Situation::HAITEI,
            Yaku::Houtei => Situation::HOUTEI,
            Yaku::RinshanKaihou | Yaku::UupinKaihou => Situation::RINSHAN,
            Yaku::RenkanKaihou => Situation::RINSHAN.union(Situation::KAN_ON_KAN),
            Yaku::Chankan | Yaku::RyansouChankan => Situation::CHANKAN,
            Yaku::Tenhou => Situation::TENHOU,
            Yaku::Chiihou => Situation::CHIIHOU,
            Yaku::Renhou => Situation::RENHOU,
            _ => return None,
        })
    }
}

impl std::ops::BitOr for Situation {
    type Output = Situation;
    fn bitor(self, rhs: Situation) -> Situation {
        self.union(rhs)
    }
}

impl std::ops::BitOrAssign for Situation {
    fn bitor_assign(&mut self, rhs: Situation) {
        *self = self.union(rhs);
    }
}

/// A winning hand and its situation: everything [`score`] reads.
///
/// Not necessarily legal: [`score`] checks tile counts, melds and the situation flags and
/// reports the first problem as a [`ScoreError`].
#[derive(Clone, Copy, Debug)]
pub struct WinningHand<'a> {
    /// The concealed tiles **without** the winning tile (13, 10, 7, 4 or 1 of them).
    pub concealed: &'a [Tile],
    /// The winning tile (drawn or claimed).
    pub winning_tile: Tile,
    /// The melds, in the order they were called (kakan in the place of its pon).
    pub melds: &'a [Meld],
    /// Tsumo or ron.
    pub method: WinMethod,
    /// The winner's seat wind (East is the dealer).
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// Dora indicators (not the dora themselves).
    pub dora_indicators: &'a [Tile],
    /// Dora counted apart from the indicators, added to those they give (a count given
    /// directly, as other projects' test cases give it; 0 in a game, where every dora comes
    /// from an indicator).
    pub dora_count: u8,
    /// Norths set aside (kita, three players only): each is one han of nukidora, and a dora
    /// again when an indicator points to North.
    pub kita: u8,
    /// Ura dora indicators; only with riichi.
    pub ura_indicators: &'a [Tile],
    /// Riichi.
    pub riichi: RiichiDeclaration,
    /// The other situational conditions.
    pub situation: Situation,
    /// Honba counters on the table.
    pub honba: u32,
    /// Riichi deposit sticks on the table (the winner takes them).
    pub riichi_sticks: u32,
}

/// Where a fu item comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuSource {
    /// The base 20 fu (fuutei).
    Base,
    /// Chiitoitsu's fixed 25 fu.
    Chiitoitsu,
    /// A closed hand won by ron: 10 fu.
    MenzenRon,
    /// A tsumo: 2 fu (not with pinfu).
    Tsumo,
    /// The wait: 2 fu for kanchan, penchan or tanki.
    Wait(Wait),
    /// A value pair: 2 fu per role (dragon, seat wind, round wind), see [`DoubleWindPairFu`].
    Pair(TileKind),
    /// A triplet or kan.
    Set {
        /// The kind.
        kind: TileKind,
        /// A kan rather than a triplet.
        kan: bool,
        /// Concealed (ankou, ankan) rather than open.
        concealed: bool,
    },
    /// An open hand with no fu beyond the base gets 10 more to reach 30.
    OpenPinfu,
}

/// One fu item of the breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuItem {
    /// What gives the fu.
    pub source: FuSource,
    /// How many fu.
    pub fu: u8,
}

/// Who pays a payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payer {
    /// The player who dealt in (ron).
    Discarder,
    /// The player with this seat wind (tsumo).
    Seat(Wind),
}

/// One payment to the winner: the hand's value part and the honba part, each already
/// rounded as paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Payment {
    /// Who pays.
    pub payer: Payer,
    /// The hand's value, rounded up to 100.
    pub hand: u32,
    /// The honba bonus.
    pub honba: u32,
}

/// The itemised value of a winning hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The reading the value comes from (Tenhou's choice: the highest value, then the most
    /// han, then the most fu).
    pub reading: Reading,
    /// The wait type of the winning tile in that reading.
    pub wait: Wait,
    /// The yaku with their han, in the order Tenhou records them (learned from the real logs;
    /// value yaku follow their sets: concealed sets in kind order, then the melds in call
    /// order, a double wind giving the round wind first); empty for a yakuman hand.
    pub yaku: ArrayVec<YakuHan, 20>,
    /// The yakuman, in the order Tenhou records them; empty otherwise.
    pub yakuman: ArrayVec<YakumanCount, 8>,
    /// Dora han (0 for a yakuman hand).
    pub dora: u8,
    /// Ura dora han (0 for a yakuman hand).
    pub ura: u8,
    /// Red-five han (0 for a yakuman hand).
    pub aka: u8,
    /// Nukidora han: one per North set aside (kita), three players only (0 for a yakuman
    /// hand). Dora the indicators give to those Norths are in `dora`.
    pub kita: u8,
    /// Buu scoring: the menzen points in `points` (a closed hand: 300 on a ron, 100 from each
    /// payer on a tsumo); 0 under Japanese scoring.
    pub menzen_points: u32,
    /// Buu scoring: the dora points in `points` (100 per dora, from each payer on a tsumo);
    /// 0 under Japanese scoring, where dora are han (`dora`).
    pub dora_points: u32,
    /// Total han: yaku plus dora, ura and red fives (0 for a yakuman hand).
    pub han: u8,
    /// The fu, rounded up to 10 (25 for chiitoitsu), computed for limit and yakuman hands too.
    /// A kokushi has 0 fu, as Tenhou records it.
    pub fu: u8,
    /// The fu items before rounding.
    pub fu_items: ArrayVec<FuItem, 12>,
    /// The limit reached.
    pub limit: Limit,
    /// How many yakuman the hand is worth (by pattern, or 1 for kazoe yakuman); 0 otherwise.
    pub yakuman_count: u8,
    /// Base points (before the dealer/ron multipliers).
    pub base_points: u32,
    /// What each payer pays: one payment on ron, three on tsumo.
    pub payments: ArrayVec<Payment, 3>,
    /// Riichi deposits the winner collects.
    pub riichi_sticks: u32,
    /// The hand's value as Tenhou records it in `AGARI ten=`: on ron what the discarder
    /// pays, on tsumo the sum of the payments; neither includes honba or riichi sticks.
    pub points: u32,
    /// Whether the winner had declared riichi (Tenhou then lists ura dora even at 0).
    pub riichi: RiichiDeclaration,
}

impl Score {
    /// Whether the hand is a counted (kazoe) yakuman: 13 han or more without a yakuman
    /// pattern, valued as one yakuman.
    pub fn is_counted_yakuman(&self) -> bool {
        self.limit == Limit::Yakuman && self.yakuman.is_empty()
    }

    /// Everything the winner receives: the payments with honba, plus the riichi sticks.
    pub fn total_received(&self) -> u32 {
        self.payments.iter().map(|p| p.hand + p.honba).sum::<u32>() + self.riichi_sticks
    }

    /// The yaku list as a log records it, in Tenhou's order: each yaku with its han, then
    /// dora if any, red fives if any, and ura dora whenever riichi was declared (at 0 too).
    /// Nukidora (kita) are counted among the dora as Tenhou records them, or with
    /// `kita_apart` listed last as their own entry, as Mahjong Soul records them.
    /// Empty for a yakuman hand (see [`Score::yakuman`]).
    pub fn recorded_yaku(&self, kita_apart: bool) -> ArrayVec<(HanSource, u8), 24> {
        let mut v = ArrayVec::new();
        if !self.yakuman.is_empty() {
            return v;
        }
        for y in &self.yaku {
            v.push((HanSource::Yaku(y.yaku), y.han));
        }
        let dora = if kita_apart {
            self.dora
        } else {
            self.dora.saturating_add(self.kita)
        };
        if dora > 0 {
            v.push((HanSource::Dora, dora));
        }
        if self.aka > 0 {
            v.push((HanSource::Aka, self.aka));
        }
        if self.riichi.is_declared() {
            v.push((HanSource::Ura, self.ura));
        }
        if kita_apart && self.kita > 0 {
            v.push((HanSource::Kita, self.kita));
        }
        v
    }
}

/// A set of the whole hand, concealed or melded, as scoring sees it.
#[derive(Clone, Copy, Debug)]
struct HandSet {
    first: TileKind,
    /// Run, triplet or kan.
    shape: Shape,
    /// Concealed for fu and ankou purposes (a shanpon triplet completed by ron is not).
    concealed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Run,
    Triplet,
    Kan,
}

/// What every reading shares: parsed from the [`WinningHand`] once.
struct Context<'w, 'a> {
    win: &'w WinningHand<'a>,
    rules: &'w RuleSet,
    /// The rule set's scoring model, asked for everything that differs by model.
    model: Model,
    /// The least the hand is worth (a renhou under [`Renhou::Mangan`]).
    floor: Floor,
    win_kind: TileKind,
    /// Concealed counts including the winning tile.
    counts: TileCounts,
    /// The melds as sets, in call order.
    meld_sets: ArrayVec<HandSet, 4>,
    /// Whether no meld opens the hand (ankan keeps it closed).
    menzen: bool,
    tsumo: bool,
    dealer: bool,
    dora: u8,
    ura: u8,
    aka: u8,
    kita: u8,
    /// The dora in the hand where the model pays them as points; 0 otherwise.
    dora_paid: u8,
    /// Whether the rule set changes the yaku table (compared once, not per candidate).
    own_yaku_table: bool,
    /// Chuuren over the concealed part (independent of the reading), with junsei.
    chuuren: Option<Yaku>,
    /// A rule point the rule set leaves not settled, set when a candidate's value needed it.
    unsettled: std::cell::Cell<Option<&'static str>>,
}

/// How a candidate ranks, highest first (see `Context::key`).
type RankKey = (u32, u32, bool, u8, u8);

/// The value of one candidate (reading × winning block).
struct Candidate {
    reading: Reading,
    wait: Wait,
    yaku: ArrayVec<YakuHan, 20>,
    yakuman: ArrayVec<YakumanCount, 8>,
    yaku_han: u8,
    fu: u8,
    fu_items: ArrayVec<FuItem, 12>,
}

/// Scores a winning hand under `rules`, choosing the reading Tenhou chooses (the highest
/// value, then the most han, then the most fu).
///
/// It considers the tiles, the melds, the winning tile and how it was won, both winds, the
/// indicators, riichi, the situational flags, honba and riichi sticks. It ignores anything a
/// referee decides elsewhere: furiten, whether the situation flags actually happened, pao
/// (liability payments) and who the discarder is.
///
/// It never panics and allocates nothing. An impossible input is a [`ScoreError`] for which
/// [`ScoreError::is_bad_input`] holds; an incomplete hand is [`ScoreError::NotComplete`] and
/// a complete hand without yaku is [`ScoreError::NoYaku`].
///
/// A rule point the rule set leaves not settled is reported ([`ScoreError::NotSettled`]) only
/// when the hand's value turns on it: the hand is valued under each value that settles the
/// point, and when every one gives the same value (yaku, han, fu below the limits, limit,
/// points and payments) that is the hand's value; when none makes it a win, it has no yaku.
pub fn score(rules: &RuleSet, win: &WinningHand<'_>) -> Result<Score, ScoreError> {
    match score_as_set(rules, win) {
        Err(ScoreError::NotSettled { rule }) => score_whatever(rules, win, rule),
        result => result,
    }
}

/// The hand under each value that settles `rule` (which `rules` leaves not settled): the one
/// value they all give, no yaku when none gives a win, else the point reported.
fn score_whatever(
    rules: &RuleSet,
    win: &WinningHand<'_>,
    rule: &'static str,
) -> Result<Score, ScoreError> {
    let unsettled = ScoreError::NotSettled { rule };
    let field = haifu_ruleset::FIELDS.iter().find(|f| f.name == rule);
    let values = field.map(haifu_ruleset::Field::settled).unwrap_or_default();
    if values.is_empty() {
        return Err(unsettled);
    }
    let mut alike: Option<Score> = None;
    let mut no_yaku = 0;
    for value in &values {
        let mut settled = *rules;
        if settled.set(rule, value).is_err() {
            return Err(unsettled);
        }
        match score(&settled, win) {
            Ok(s) => match &alike {
                None => alike = Some(s),
                Some(first) if same_value(first, &s) => {}
                Some(_) => return Err(unsettled),
            },
            Err(ScoreError::NoYaku) => no_yaku += 1,
            Err(_) => return Err(unsettled),
        }
    }
    match alike {
        None if no_yaku == values.len() => Err(ScoreError::NoYaku),
        Some(s) if no_yaku == 0 => Ok(s),
        _ => Err(unsettled),
    }
}

/// Whether two values of one hand are the same win: the yaku and yakuman, han, the limit,
/// the fu where no limit caps them, the points and each payment.
fn same_value(a: &Score, b: &Score) -> bool {
    a.yaku == b.yaku
        && a.yakuman == b.yakuman
        && a.han == b.han
        && a.limit == b.limit
        && (a.limit != Limit::None || a.fu == b.fu)
        && a.points == b.points
        && a.payments == b.payments
}

/// [`score`] under `rules` as they are: a point left not settled that a reading needs is
/// reported as such.
fn score_as_set(rules: &RuleSet, win: &WinningHand<'_>) -> Result<Score, ScoreError> {
    // What the counters pay, checked before any arithmetic.
    Flow::new(rules).check_bonus(Bonus {
        honba: win.honba,
        sticks: win.riichi_sticks,
    })?;
    let ctx = Context::new(rules, win)?;
    let mut best: Option<(Candidate, RankKey)> = None;
    let mut complete = false;
    for_each_reading(&ctx.counts, |reading| {
        complete = true;
        ctx.candidates(reading, &mut |cand| {
            let key = ctx.key(&cand);
            if best.as_ref().is_none_or(|(_, k)| key > *k) {
                best = Some((cand, key));
            }
        });
    });
    if !complete {
        return Err(ScoreError::NotComplete);
    }
    if let Some(rule) = ctx.unsettled.get() {
        return Err(ScoreError::NotSettled { rule });
    }
    let Some((cand, _)) = best else {
        return Err(ScoreError::NoYaku);
    };
    Ok(ctx.finish(cand))
}

fn meld_set(index: usize, meld: &Meld) -> Result<HandSet, ScoreError> {
    let bad = |kind: &'static str| ScoreError::BadMeld {
        index,
        meld: meld.to_string(),
        kind,
    };
    let tiles = meld.tiles();
    let first = meld.base_kind();
    let same = tiles.iter().all(|t| t.kind() == first);
    match meld.kind {
        MeldKind::Chi => {
            let ok = tiles.len() == 3
                && !first.is_honor()
                && first.number() <= 7
                && tiles[1].kind().offset(-1) == Some(first)
                && tiles[2].kind().offset(-2) == Some(first);
            if !ok {
                return Err(bad("chi (three consecutive tiles of one suit)"));
            }
            Ok(HandSet {
                first,
                shape: Shape::Run,
                concealed: false,
            })
        }
        MeldKind::Pon => {
            if tiles.len() != 3 || !same {
                return Err(bad("pon (three tiles of one kind)"));
            }
            Ok(HandSet {
                first,
                shape: Shape::Triplet,
                concealed: false,
            })
        }
        MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan => {
            if tiles.len() != 4 || !same {
                return Err(bad("kan (four tiles of one kind)"));
            }
            Ok(HandSet {
                first,
                shape: Shape::Kan,
                concealed: meld.kind == MeldKind::Ankan,
            })
        }
        MeldKind::Kita => Err(bad(
            "set (kita is sanma's nukidora, which this evaluator does not score)",
        )),
    }
}

impl<'w, 'a> Context<'w, 'a> {
    fn new(rules: &'w RuleSet, win: &'w WinningHand<'a>) -> Result<Context<'w, 'a>, ScoreError> {
        if win.melds.len() > 4 {
            return Err(ScoreError::TooManyMelds {
                melds: win.melds.len(),
            });
        }
        let expected = 13 - 3 * win.melds.len();
        if win.concealed.len() != expected {
            return Err(ScoreError::TileCount {
                concealed: win.concealed.len(),
                melds: win.melds.len(),
                expected,
            });
        }
        let mut meld_sets = ArrayVec::new();
        for (i, m) in win.melds.iter().enumerate() {
            meld_sets.push(meld_set(i, m)?);
        }
        let players = rules.players;
        if win.kita > 0 && players == Players::Four {
            return Err(ScoreError::KitaWithFourPlayers { kita: win.kita });
        }
        if players == Players::Three && win.seat_wind == Wind::North {
            return Err(ScoreError::NoNorthSeat);
        }
        if players == Players::Three
            && win.method == WinMethod::Tsumo
            && rules.flow.three_player_tsumo == ThreePlayerTsumo::NotSettled
        {
            return Err(ScoreError::NotSettled {
                rule: "three_player_tsumo",
            });
        }
        // Physical tiles must be distinct, kinds at most four.
        let mut seen = [0u64; 3];
        let mut all = TileCounts::EMPTY;
        let mut aka = 0u8;
        let red = |t: Tile| match rules.hand.red_fives {
            RedFives::OnePerSuit => t.is_red_five(),
            RedFives::PinOnly => t.is_red_five() && t.kind() == TileKind::P5,
            RedFives::None => false,
        };
        let concealed = win.concealed.iter().chain([&win.winning_tile]);
        let meld_tiles = win.melds.iter().flat_map(|m| m.tiles());
        let mut counts = TileCounts::EMPTY;
        for (i, &t) in concealed.chain(meld_tiles).enumerate() {
            let (w, b) = (usize::from(t.id() / 64), t.id() % 64);
            if seen[w] & (1 << b) != 0 {
                return Err(ScoreError::DuplicateTile { tile: t });
            }
            seen[w] |= 1 << b;
            if !players.uses(t.kind()) {
                return Err(ScoreError::NotInPlay { tile: t });
            }
            all.add(t.kind());
            if red(t) {
                aka += 1;
            }
            // The concealed part, winning tile included, before the meld tiles come.
            if i == win.concealed.len() {
                counts = all;
            }
        }
        // The Norths set aside count as tiles of the hand for the limit of four and for dora.
        for _ in 0..win.kita.min(5) {
            all.add(TileKind::North);
        }
        for (kind, count) in all.iter() {
            if count > 4 {
                return Err(ScoreError::TooManyOfKind { kind, count });
            }
        }
        let menzen = win.melds.iter().all(|m| m.kind == MeldKind::Ankan);
        let tsumo = win.method == WinMethod::Tsumo;
        let dealer = win.seat_wind == Wind::East;
        check_situation(win, menzen, tsumo, dealer)?;

        let dora_of = |indicators: &[Tile]| -> u8 {
            indicators
                .iter()
                .map(|i| all.get(players.dora_of(i.kind())))
                .fold(0u8, |a, b| a.saturating_add(b))
        };
        let dora = dora_of(win.dora_indicators).saturating_add(win.dora_count);
        let model = Model::of(rules);
        let (dora, dora_paid) = match model.dora() {
            DoraValue::Han => (dora, 0),
            DoraValue::Points => (0, dora),
            DoraValue::NotCounted => (0, 0),
        };
        let floor =
            if win.situation.contains(Situation::RENHOU) && rules.hand.renhou == Renhou::Mangan {
                Floor::Mangan
            } else {
                Floor::None
            };
        let ura = match (rules.hand.ura_dora, rules.round.riichi) {
            (UraDora::Counted, RiichiModel::Riichi) => dora_of(win.ura_indicators),
            (UraDora::NotCounted, _) | (_, RiichiModel::Fishing) => 0,
        };
        let chuuren = if win.melds.is_empty() {
            chuuren(&counts, win.winning_tile.kind())
        } else {
            None
        };
        Ok(Context {
            win,
            rules,
            model,
            floor,
            win_kind: win.winning_tile.kind(),
            counts,
            meld_sets,
            menzen,
            tsumo,
            dealer,
            dora,
            ura,
            aka,
            kita: win.kita,
            dora_paid,
            own_yaku_table: !rules.hand.yaku_han.is_model(),
            chuuren,
            unsettled: std::cell::Cell::new(None),
        })
    }

    /// Calls `f` with each way the winning tile completes `reading`, with its value; a
    /// candidate without yaku is skipped.
    fn candidates(&self, reading: &Reading, f: &mut impl FnMut(Candidate)) {
        match reading {
            Reading::Standard { pair, sets } => {
                let w = self.win_kind;
                if *pair == w {
                    self.standard(reading, *pair, sets, None, Wait::Tanki, f);
                }
                for (i, b) in sets.iter().enumerate() {
                    // Equal blocks give equal candidates: take the first of each.
                    if sets[..i].contains(b) {
                        continue;
                    }
                    if let Some(wait) = Wait::of_block(*b, w) {
                        self.standard(reading, *pair, sets, Some(i), wait, f);
                    }
                }
            }
            Reading::Chiitoitsu { pairs } => self.chiitoitsu(reading, pairs, f),
            Reading::Kokushi { pair } => self.kokushi(reading, *pair, f),
        }
    }

    fn situational(&self, yaku: &mut ArrayVec<YakuHan, 20>) {
        let s = self.win.situation;
        let mut push = |y: Yaku, han: u8| yaku.push(YakuHan { yaku: y, han });
        // Fishing has no ippatsu; it is a double for its winner where the rule set says so,
        // written as riichi.
        let fishing = self.rules.round.riichi == RiichiModel::Fishing;
        match self.win.riichi {
            RiichiDeclaration::None => {}
            _ if fishing => match self.rules.hand.fishing_double {
                FishingDouble::Counted => push(Yaku::Riichi, 1),
                FishingDouble::NotCounted => {}
                FishingDouble::NotSettled => self.unsettled.set(Some("fishing_double")),
            },
            RiichiDeclaration::Riichi => push(Yaku::Riichi, 1),
            RiichiDeclaration::DoubleRiichi => push(Yaku::DoubleRiichi, 2),
        }
        if s.contains(Situation::IPPATSU) && self.rules.hand.ippatsu == Ippatsu::Counted && !fishing
        {
            push(Yaku::Ippatsu, 1);
        }
        if s.contains(Situation::RENHOU) {
            match self.rules.hand.renhou {
                Renhou::FiveHanCumulative => push(Yaku::Renhou, 5),
                Renhou::NotSettled => self.unsettled.set(Some("renhou")),
                Renhou::None | Renhou::Mangan | Renhou::Yakuman => {}
            }
        }
        if s.contains(Situation::CHANKAN) {
            push(Yaku::Chankan, 1);
        }
        if s.contains(Situation::RINSHAN) {
            push(Yaku::RinshanKaihou, 1);
        }
        if s.contains(Situation::HAITEI) {
            push(Yaku::Haitei, 1);
        }
        if s.contains(Situation::HOUTEI) {
            push(Yaku::Houtei, 1);
        }
        if self.menzen && self.tsumo {
            push(Yaku::MenzenTsumo, 1);
        }
    }

    fn situational_yakuman(&self, yakuman: &mut ArrayVec<YakumanCount, 8>) {
        let s = self.win.situation;
        if self.rules.hand.classic_limit_hands == ClassicLimitHands::Played {
            let w = self.win_kind;
            let mut limit = |yaku| yakuman.push(YakumanCount { yaku, times: 1 });
            if s.contains(Situation::HAITEI) && w == TileKind::P1 {
                limit(Yaku::IipinMoyue);
            }
            if s.contains(Situation::RINSHAN) && w == TileKind::P5 {
                limit(Yaku::UupinKaihou);
            }
            if s.contains(Situation::CHANKAN) && w == TileKind::S2 {
                limit(Yaku::RyansouChankan);
            }
            if s.contains(Situation::RINSHAN) && s.contains(Situation::KAN_ON_KAN) {
                limit(Yaku::RenkanKaihou);
            }
            if s.contains(Situation::PAARENCHAN) {
                limit(Yaku::Paarenchan);
            }
        }
        if s.contains(Situation::TENHOU) {
            yakuman.push(YakumanCount {
                yaku: Yaku::Tenhou,
                times: 1,
            });
        }
        if s.contains(Situation::CHIIHOU) {
            yakuman.push(YakumanCount {
                yaku: Yaku::Chiihou,
                times: 1,
            });
        }
        if s.contains(Situation::RENHOU) && self.rules.hand.renhou == Renhou::Yakuman {
            yakuman.push(YakumanCount {
                yaku: Yaku::Renhou,
                times: 1,
            });
        }
    }

    fn push_yakuman(&self, yakuman: &mut ArrayVec<YakumanCount, 8>, yaku: Yaku) {
        let times = if yaku.is_single_pattern_double()
            && self.rules.hand.double_yakuman == DoubleYakuman::Double
        {
            2
        } else {
            1
        };
        yakuman.push(YakumanCount { yaku, times });
    }

    /// Whether all green is a yakuman here, as the model says (a hand that depends on an
    /// unsettled value is noted).
    fn ryuuiisou_counts(&self) -> bool {
        self.model
            .ryuuiisou(&self.rules.hand)
            .unwrap_or_else(|rule| {
                self.unsettled.set(Some(rule));
                false
            })
    }

    fn pair_fu(&self, pair: TileKind) -> u8 {
        let seat = pair == self.win.seat_wind.tile_kind();
        let round = pair == self.win.round_wind.tile_kind();
        if pair.is_dragon() {
            2
        } else if seat && round {
            match self.rules.hand.double_wind_pair_fu {
                DoubleWindPairFu::Four => 4,
                DoubleWindPairFu::Two => 2,
                DoubleWindPairFu::NotSettled => {
                    self.unsettled.set(Some("double_wind_pair_fu"));
                    4
                }
            }
        } else if seat || round {
            2
        } else {
            0
        }
    }

    fn tsumo_fu(&self) -> bool {
        if self.tsumo
            && self.menzen
            && self.rules.hand.concealed_tsumo_fu == ConcealedTsumoFu::Ignored
        {
            return false;
        }
        if !self.tsumo || !self.win.situation.contains(Situation::RINSHAN) {
            return self.tsumo;
        }
        match self.rules.hand.rinshan_fu {
            RinshanFu::TsumoFu => true,
            RinshanFu::NoTsumoFu => false,
            RinshanFu::NotSettled => {
                self.unsettled.set(Some("rinshan_fu"));
                true
            }
        }
    }

    #[allow(clippy::too_many_lines)]
    fn standard(
        &self,
        reading: &Reading,
        pair: TileKind,
        blocks: &[Block],
        win_block: Option<usize>,
        wait: Wait,
        f: &mut impl FnMut(Candidate),
    ) {
        let mut sets: ArrayVec<HandSet, 4> = ArrayVec::new();
        for (i, b) in blocks.iter().enumerate() {
            sets.push(HandSet {
                first: b.first,
                shape: match b.shape {
                    SetShape::Run => Shape::Run,
                    SetShape::Triplet => Shape::Triplet,
                },
                concealed: !(win_block == Some(i) && !self.tsumo && b.shape == SetShape::Triplet),
            });
        }
        for s in &self.meld_sets {
            if sets.is_full() {
                break;
            }
            sets.push(*s);
        }

        // Shape facts.
        let mut runs: ArrayVec<TileKind, 4> = ArrayVec::new();
        let mut triplets = 0u8;
        let mut kans = 0u8;
        let mut ankou = 0u8;
        let mut suits = 0u8; // bit per suit 0..3 (3 = honours)
        let mut all_simple = !pair.is_yaochuu();
        let mut all_yaochuu_blocks = pair.is_yaochuu();
        let mut all_terminal_or_honor = pair.is_yaochuu();
        let mut all_green = pair.is_green();
        let mut dragon_sets = 0u8;
        let mut wind_sets = 0u8;
        // Bit i: a run starting at kind i / a triplet or kan of kind i.
        let mut run_mask = 0u64;
        let mut triplet_mask = 0u64;
        suits |= 1 << pair.suit() as u8;
        for s in &sets {
            suits |= 1 << s.first.suit() as u8;
            match s.shape {
                Shape::Run => {
                    runs.push(s.first);
                    run_mask |= 1 << s.first.index();
                    let n = s.first.number();
                    if n == 1 || n == 7 {
                        all_simple = false;
                    } else {
                        all_yaochuu_blocks = false;
                    }
                    all_terminal_or_honor = false;
                    if s.first != TileKind::S2 {
                        all_green = false;
                    }
                }
                Shape::Triplet | Shape::Kan => {
                    triplets += 1;
                    triplet_mask |= 1 << s.first.index();
                    if s.shape == Shape::Kan {
                        kans += 1;
                    }
                    if s.concealed {
                        ankou += 1;
                    }
                    if s.first.is_yaochuu() {
                        all_simple = false;
                    } else {
                        all_yaochuu_blocks = false;
                        all_terminal_or_honor = false;
                    }
                    if !s.first.is_green() {
                        all_green = false;
                    }
                    if s.first.is_dragon() {
                        dragon_sets += 1;
                    }
                    if s.first.is_wind() {
                        wind_sets += 1;
                    }
                }
            }
        }
        let honors = suits & 8 != 0;
        let numbered = (suits & 7).count_ones();

        // Fu.
        let mut fu_items: ArrayVec<FuItem, 12> = ArrayVec::new();
        let pair_fu = self.pair_fu(pair);
        let pinfu_shape = runs.len() == 4 && pair_fu == 0 && wait == Wait::Ryanmen;
        let pinfu = pinfu_shape && (self.menzen || self.model.open_pinfu() == OpenPinfu::Yaku);
        let exceptions = self.model.pinfu_fu() == PinfuFu::Exceptions;
        fu_items.push(FuItem {
            source: FuSource::Base,
            fu: 20,
        });
        if self.menzen && !self.tsumo {
            fu_items.push(FuItem {
                source: FuSource::MenzenRon,
                fu: 10,
            });
        }
        if self.tsumo_fu() && !(pinfu && exceptions) {
            fu_items.push(FuItem {
                source: FuSource::Tsumo,
                fu: 2,
            });
        }
        if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
            fu_items.push(FuItem {
                source: FuSource::Wait(wait),
                fu: 2,
            });
        }
        if pair_fu > 0 {
            fu_items.push(FuItem {
                source: FuSource::Pair(pair),
                fu: pair_fu,
            });
        }
        for s in &sets {
            if s.shape == Shape::Run {
                continue;
            }
            let mut fu = 2u8;
            if s.concealed {
                fu *= 2;
            }
            if s.first.is_yaochuu() {
                fu *= 2;
            }
            if s.shape == Shape::Kan {
                fu *= 4;
            }
            fu_items.push(FuItem {
                source: FuSource::Set {
                    kind: s.first,
                    kan: s.shape == Shape::Kan,
                    concealed: s.concealed,
                },
                fu,
            });
        }
        let raw: u32 = fu_items.iter().map(|i| u32::from(i.fu)).sum();
        if raw == 20 && !self.menzen && exceptions {
            fu_items.push(FuItem {
                source: FuSource::OpenPinfu,
                fu: 10,
            });
        }
        let raw: u32 = fu_items.iter().map(|i| u32::from(i.fu)).sum();
        let fu = raw.div_ceil(10) * 10;
        let fu = u8::try_from(fu).unwrap_or(u8::MAX);

        // Yakuman.
        let mut yakuman: ArrayVec<YakumanCount, 8> = ArrayVec::new();
        self.situational_yakuman(&mut yakuman);
        if let Some(c) = self.chuuren {
            self.push_yakuman(&mut yakuman, c);
        }
        if wind_sets == 4 {
            self.push_yakuman(&mut yakuman, Yaku::Daisuushii);
        } else if wind_sets == 3 && pair.is_wind() {
            self.push_yakuman(&mut yakuman, Yaku::Shousuushii);
        }
        if dragon_sets == 3 {
            self.push_yakuman(&mut yakuman, Yaku::Daisangen);
        }
        if ankou == 4 {
            if wait == Wait::Tanki {
                self.push_yakuman(&mut yakuman, Yaku::SuuankouTanki);
            } else {
                self.push_yakuman(&mut yakuman, Yaku::Suuankou);
            }
        }
        if kans == 4 {
            self.push_yakuman(&mut yakuman, Yaku::Suukantsu);
        }
        if numbered == 0 {
            self.push_yakuman(&mut yakuman, Yaku::Tsuuiisou);
        }
        // All green's only honour is hatsu: with honours in it, hatsu is there.
        if all_green
            && (honors || self.rules.hand.ryuuiisou == Ryuuiisou::HatsuOptional)
            && self.ryuuiisou_counts()
        {
            self.push_yakuman(&mut yakuman, Yaku::Ryuuiisou);
        }
        if all_terminal_or_honor && !honors {
            self.push_yakuman(&mut yakuman, Yaku::Chinroutou);
        }

        // Yaku.
        let mut yaku: ArrayVec<YakuHan, 20> = ArrayVec::new();
        if yakuman.is_empty() {
            self.situational(&mut yaku);
            let open = !self.menzen;
            let mut push = |y: Yaku| {
                let (closed, opened) = y.han();
                let han = if open { opened } else { Some(closed) };
                if let Some(han) = han {
                    yaku.push(YakuHan { yaku: y, han });
                }
            };
            if pinfu {
                push(Yaku::Pinfu);
            }
            if all_simple && (self.menzen || self.rules.hand.open_tanyao == OpenTanyao::Allowed) {
                push(Yaku::Tanyao);
            }
            // Identical runs the classic count values outside a closed hand, pushed last.
            let mut runs_counted = None;
            match self.rules.hand.identical_runs {
                IdenticalRuns::ClosedHand if self.menzen => match peikou(&runs) {
                    1 => push(Yaku::Iipeikou),
                    2 => push(Yaku::Ryanpeikou),
                    _ => {}
                },
                IdenticalRuns::ClosedHand => {}
                IdenticalRuns::ConcealedRuns if self.menzen && peikou(&runs) == 2 => {
                    push(Yaku::Ryanpeikou);
                }
                IdenticalRuns::ConcealedRuns => runs_counted = identical_runs(&sets),
            }
            // Value triplets: concealed sets in kind order, then melds in call order.
            for s in &sets {
                if s.shape == Shape::Run || !s.first.is_honor() {
                    continue;
                }
                let k = s.first;
                if let Some(wind) = k.wind() {
                    if wind == self.win.round_wind {
                        push(round_wind_yaku(wind));
                    }
                    if wind == self.win.seat_wind {
                        push(seat_wind_yaku(wind));
                    }
                } else {
                    push(match k {
                        TileKind::Haku => Yaku::Haku,
                        TileKind::Hatsu => Yaku::Hatsu,
                        _ => Yaku::Chun,
                    });
                }
            }
            if all_yaochuu_blocks && !runs.is_empty() {
                push(if honors { Yaku::Chanta } else { Yaku::Junchan });
            }
            // Runs 123, 456 and 789 of one suit: bits 0, 3 and 6 of that suit.
            if (0..3).any(|suit| (run_mask >> (9 * suit)) & 0b100_1001 == 0b100_1001) {
                push(Yaku::Ittsu);
            }
            if run_mask & (run_mask >> 9) & (run_mask >> 18) & 0x1ff != 0 {
                push(Yaku::SanshokuDoujun);
            }
            if triplet_mask & (triplet_mask >> 9) & (triplet_mask >> 18) & 0x1ff != 0 {
                push(Yaku::SanshokuDoukou);
            }
            if kans == 3 {
                push(Yaku::Sankantsu);
            }
            if triplets == 4 {
                push(Yaku::Toitoi);
            }
            if ankou == 3 {
                push(Yaku::Sanankou);
            }
            if dragon_sets == 2 && pair.is_dragon() {
                push(Yaku::Shousangen);
            }
            if all_terminal_or_honor {
                push(Yaku::Honroutou);
            }
            if numbered == 1 {
                push(if honors {
                    Yaku::Honitsu
                } else {
                    Yaku::Chinitsu
                });
            }
            yaku.extend(runs_counted);
        }
        // Toitoi's extra double with one or two concealed triplets, over the table's value.
        let extra = (triplets == 4
            && (1..=2).contains(&ankou)
            && self.rules.hand.toitoi_concealed == ConcealedToitoi::ExtraDouble)
            .then_some(Yaku::Toitoi);
        self.emit(reading, wait, yaku, yakuman, fu, fu_items, extra, f);
    }

    fn chiitoitsu(&self, reading: &Reading, pairs: &[TileKind; 7], f: &mut impl FnMut(Candidate)) {
        let mut suits = 0u8;
        let mut all_simple = true;
        let mut all_yaochuu = true;
        for p in pairs {
            suits |= 1 << p.suit() as u8;
            if p.is_yaochuu() {
                all_simple = false;
            } else {
                all_yaochuu = false;
            }
        }
        let honors = suits & 8 != 0;
        let numbered = (suits & 7).count_ones();
        let value = self.model.seven_pairs();
        let mut fu_items = ArrayVec::new();
        fu_items.push(FuItem {
            source: FuSource::Chiitoitsu,
            fu: value.fu,
        });
        let mut yakuman = ArrayVec::new();
        self.situational_yakuman(&mut yakuman);
        if numbered == 0 {
            self.push_yakuman(&mut yakuman, Yaku::Tsuuiisou);
        }
        let mut yaku: ArrayVec<YakuHan, 20> = ArrayVec::new();
        if yakuman.is_empty() {
            self.situational(&mut yaku);
            yaku.push(YakuHan {
                yaku: Yaku::Chiitoitsu,
                han: value.han,
            });
            if all_simple {
                yaku.push(YakuHan {
                    yaku: Yaku::Tanyao,
                    han: 1,
                });
            }
            if all_yaochuu {
                yaku.push(YakuHan {
                    yaku: Yaku::Honroutou,
                    han: 2,
                });
            }
            if numbered == 1 {
                yaku.push(if honors {
                    YakuHan {
                        yaku: Yaku::Honitsu,
                        han: 3,
                    }
                } else {
                    YakuHan {
                        yaku: Yaku::Chinitsu,
                        han: 6,
                    }
                });
            }
        }
        self.emit(
            reading,
            Wait::Tanki,
            yaku,
            yakuman,
            value.fu,
            fu_items,
            None,
            f,
        );
    }

    fn kokushi(&self, reading: &Reading, pair: TileKind, f: &mut impl FnMut(Candidate)) {
        let mut yakuman = ArrayVec::new();
        self.situational_yakuman(&mut yakuman);
        let thirteen = pair == self.win_kind;
        self.push_yakuman(
            &mut yakuman,
            if thirteen {
                Yaku::Kokushi13Wait
            } else {
                Yaku::Kokushi
            },
        );
        let wait = if thirteen {
            Wait::ThirteenSided
        } else {
            Wait::Tanki
        };
        self.emit(
            reading,
            wait,
            ArrayVec::new(),
            yakuman,
            0,
            ArrayVec::new(),
            None,
            f,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn emit(
        &self,
        reading: &Reading,
        wait: Wait,
        mut yaku: ArrayVec<YakuHan, 20>,
        mut yakuman: ArrayVec<YakumanCount, 8>,
        fu: u8,
        fu_items: ArrayVec<FuItem, 12>,
        extra: Option<Yaku>,
        f: &mut impl FnMut(Candidate),
    ) {
        let revalued =
            self.model
                .revalue(&mut yaku, &yakuman, wait, !self.menzen, &self.rules.hand);
        if let Err(rule) = revalued {
            self.unsettled.set(Some(rule));
            return;
        }
        // The rule set's own yaku values (the classic double counts), over the model's.
        let table = &self.rules.hand.yaku_han;
        if self.own_yaku_table {
            let open = !self.menzen;
            yaku.retain(|y| match table.get(y.yaku) {
                YakuValue::Model => true,
                YakuValue::NotAYaku => false,
                YakuValue::Han { closed, open: han } => match (open, han) {
                    (false, _) => {
                        y.han = closed;
                        true
                    }
                    (true, Some(h)) => {
                        y.han = h;
                        true
                    }
                    (true, None) => false,
                },
            });
        }
        if let Some(y) = yaku.iter_mut().find(|y| Some(y.yaku) == extra) {
            y.han += 1;
        }
        if yakuman.is_empty()
            && yaku.is_empty()
            && self.rules.hand.yakuless_win == YakulessWin::NeedsAYaku
        {
            return;
        }
        if !yakuman.is_empty() {
            yaku.clear();
            sort_by_key(&mut yakuman, |y| yakuman_rank(y.yaku));
            if self.rules.hand.yakuman_stacking == YakumanStacking::Highest {
                let mut top = 0;
                for (i, y) in yakuman.iter().enumerate() {
                    if y.times > yakuman[top].times {
                        top = i;
                    }
                }
                let keep = yakuman[top];
                yakuman.clear();
                yakuman.push(keep);
            }
        } else {
            sort_by_key(&mut yaku, |y| y.yaku.tenhou_rank());
        }
        let yaku_han = yaku.iter().fold(0u8, |a, y| a.saturating_add(y.han));
        f(Candidate {
            reading: reading.clone(),
            wait,
            yaku,
            yakuman,
            yaku_han,
            fu,
            fu_items,
        });
    }

    fn total_han(&self, c: &Candidate) -> u8 {
        c.yaku_han
            .saturating_add(self.dora)
            .saturating_add(self.ura)
            .saturating_add(self.aka)
            .saturating_add(self.kita)
    }

    /// The value of a candidate in the model.
    fn value(&self, c: &Candidate) -> Valued {
        let yakuman = c.yakuman.iter().map(|y| y.times).sum();
        self.model.value(
            &self.rules.hand,
            yakuman,
            self.total_han(c),
            c.fu,
            self.floor,
        )
    }

    /// How candidates rank: the most yakuman, the highest base points, then a real yakuman
    /// before a counted (kazoe) one of equal value, then the most han and the most fu.
    fn key(&self, c: &Candidate) -> RankKey {
        let value = self.value(c);
        (
            u32::from(value.yakuman),
            value.base,
            !c.yakuman.is_empty(),
            self.total_han(c),
            c.fu,
        )
    }

    fn finish(&self, c: Candidate) -> Score {
        let value = self.value(&c);
        let is_yakuman = !c.yakuman.is_empty();
        let role = if self.dealer {
            Role::Dealer
        } else {
            Role::NonDealer
        };
        let method = self.win.method;
        let paid =
            self.model
                .payments(self.rules, value, role, method, self.menzen, self.dora_paid);
        // The counters were checked to fit before scoring.
        let flow = Flow::new(self.rules);
        let unsigned = |points: i64| u32::try_from(points.unsigned_abs()).unwrap_or(u32::MAX / 4);
        let honba = unsigned(flow.honba_each(method, self.win.honba));
        let mut payments = ArrayVec::new();
        let players = self.rules.players;
        match method {
            WinMethod::Tsumo => {
                let mut wind = self.win.seat_wind;
                for _ in 1..players.count() {
                    // The next seat wind at this table (West is followed by East with three).
                    wind = Wind::from_index((wind as u8 + 1) % players.count());
                    let hand = if wind == Wind::East && !self.dealer {
                        paid.ron_or_dealer
                    } else {
                        paid.non_dealer
                    };
                    payments.push(Payment {
                        payer: Payer::Seat(wind),
                        hand,
                        honba,
                    });
                }
            }
            WinMethod::Ron => payments.push(Payment {
                payer: Payer::Discarder,
                hand: paid.ron_or_dealer,
                honba,
            }),
        }
        let points = payments.iter().map(|p: &Payment| p.hand).sum();
        let mut yaku = c.yaku;
        // Renhou as a mangan limit stands for the hand's yaku when it is worth more.
        if let Some(han) = value.floor_han {
            yaku.clear();
            yaku.push(YakuHan {
                yaku: Yaku::Renhou,
                han,
            });
        }
        let (dora, ura, aka, kita) = if is_yakuman {
            (0, 0, 0, 0)
        } else {
            (self.dora, self.ura, self.aka, self.kita)
        };
        let han = if is_yakuman {
            0
        } else {
            yaku.iter()
                .fold(0u8, |a, y| a.saturating_add(y.han))
                .saturating_add(dora)
                .saturating_add(ura)
                .saturating_add(aka)
                .saturating_add(kita)
        };
        Score {
            reading: c.reading,
            wait: c.wait,
            yaku,
            yakuman: c.yakuman,
            dora,
            ura,
            aka,
            kita,
            menzen_points: paid.menzen,
            dora_points: paid.dora,
            han,
            fu: c.fu,
            fu_items: c.fu_items,
            limit: value.limit,
            yakuman_count: value.yakuman,
            base_points: value.base,
            payments,
            riichi_sticks: unsigned(flow.sticks_value(self.win.riichi_sticks)),
            points,
            riichi: self.win.riichi,
        }
    }
}

fn check_situation(
    win: &WinningHand<'_>,
    menzen: bool,
    tsumo: bool,
    dealer: bool,
) -> Result<(), ScoreError> {
    use SituationError as E;
    let s = win.situation;
    let fail = |e| Err(ScoreError::Situation(e));
    let riichi = win.riichi.is_declared();
    if riichi && !menzen {
        return fail(E::RiichiOpen);
    }
    if s.contains(Situation::IPPATSU) && !riichi {
        return fail(E::IppatsuWithoutRiichi);
    }
    if s.contains(Situation::HAITEI) && !tsumo {
        return fail(E::HaiteiRon);
    }
    if s.contains(Situation::HOUTEI) && tsumo {
        return fail(E::HouteiTsumo);
    }
    if s.contains(Situation::RINSHAN) {
        if !tsumo || (!win.melds.iter().any(|m| m.kind.is_kan()) && win.kita == 0) {
            return fail(E::Rinshan);
        }
        if s.contains(Situation::HAITEI) {
            return fail(E::RinshanHaitei);
        }
    }
    if s.contains(Situation::KAN_ON_KAN) && !s.contains(Situation::RINSHAN) {
        return fail(E::Rinshan);
    }
    if s.contains(Situation::PAARENCHAN) && !dealer {
        return fail(E::Paarenchan);
    }
    if s.contains(Situation::CHANKAN) && tsumo {
        return fail(E::ChankanTsumo);
    }
    if s.contains(Situation::CHANKAN) && s.contains(Situation::HOUTEI) {
        return fail(E::ChankanHoutei);
    }
    if !win.ura_indicators.is_empty() && !riichi {
        return fail(E::UraWithoutRiichi);
    }
    let first_turn = [Situation::TENHOU, Situation::CHIIHOU, Situation::RENHOU];
    let n_first = first_turn.iter().filter(|f| s.contains(**f)).count();
    if n_first > 0 {
        let others =
            Situation(s.0 & !(Situation::TENHOU.0 | Situation::CHIIHOU.0 | Situation::RENHOU.0));
        if n_first > 1 || riichi || !others.is_empty() {
            return fail(E::FirstTurnConflict);
        }
        if s.contains(Situation::TENHOU) && !(dealer && tsumo && win.melds.is_empty()) {
            return fail(E::Tenhou);
        }
        if s.contains(Situation::CHIIHOU) && (dealer || !tsumo || !win.melds.is_empty()) {
            return fail(E::Chiihou);
        }
        if s.contains(Situation::RENHOU) && (dealer || tsumo || !win.melds.is_empty()) {
            return fail(E::Renhou);
        }
    }
    Ok(())
}

/// Chuuren over a closed 14-tile concealed part: `Some(JunseiChuuren)` when the 13 tiles
/// before the winning tile are exactly 1112345678999.
fn chuuren(counts: &TileCounts, win: TileKind) -> Option<Yaku> {
    if counts.total() != 14 || win.is_honor() {
        return None;
    }
    let start = win.index() / 9 * 9;
    let c = counts.as_array();
    let suit = &c[start..start + 9];
    if suit.iter().map(|&x| u32::from(x)).sum::<u32>() != 14 {
        return None;
    }
    const BASE: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if suit.iter().zip(BASE).any(|(&x, b)| x < b) {
        return None;
    }
    let extra = suit.iter().zip(BASE).position(|(&x, b)| x > b)?;
    Some(if extra + start == win.index() {
        Yaku::JunseiChuuren
    } else {
        Yaku::Chuuren
    })
}

fn round_wind_yaku(w: Wind) -> Yaku {
    match w {
        Wind::East => Yaku::RoundWindEast,
        Wind::South => Yaku::RoundWindSouth,
        Wind::West => Yaku::RoundWindWest,
        Wind::North => Yaku::RoundWindNorth,
    }
}

fn seat_wind_yaku(w: Wind) -> Yaku {
    match w {
        Wind::East => Yaku::SeatWindEast,
        Wind::South => Yaku::SeatWindSouth,
        Wind::West => Yaku::SeatWindWest,
        Wind::North => Yaku::SeatWindNorth,
    }
}

/// The number of disjoint pairs of identical runs (0, 1 or 2).
/// The classic count of identical runs ([`IdenticalRuns::ConcealedRuns`]): three identical
/// runs are isshoku sanjun, 2 han when all three are concealed and 1 when one is called;
/// else two identical concealed runs are iipeikou, 1 han, in any hand.
fn identical_runs(sets: &[HandSet]) -> Option<YakuHan> {
    let mut best = None;
    for s in sets.iter().filter(|s| s.shape == Shape::Run) {
        let same = sets
            .iter()
            .filter(|o| o.shape == Shape::Run && o.first == s.first);
        let (all, concealed) = same.fold((0, 0), |(a, c), o| (a + 1, c + u8::from(o.concealed)));
        let found = if all >= 3 {
            YakuHan {
                yaku: Yaku::IsshokuSanjun,
                han: if concealed >= 3 { 2 } else { 1 },
            }
        } else if concealed >= 2 {
            YakuHan {
                yaku: Yaku::Iipeikou,
                han: 1,
            }
        } else {
            continue;
        };
        if best.is_none_or(|b: YakuHan| b.han < found.han) {
            best = Some(found);
        }
    }
    best
}

fn peikou(runs: &[TileKind]) -> u8 {
    let mut r: ArrayVec<TileKind, 4> = runs.iter().copied().collect();
    sort_by_key(&mut r, |k| *k as u8);
    let mut n = 0;
    let mut i = 0;
    while i + 1 < r.len() {
        if r[i] == r[i + 1] {
            n += 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    n
}

/// The order of yakuman in Tenhou's `yakuman=` list, as seen in the real logs (daisuushii
/// before suuankou tanki before tsuuiisou; daisangen before tsuuiisou).
fn yakuman_rank(y: Yaku) -> u8 {
    use Yaku::*;
    match y {
        Tenhou => 0,
        Chiihou => 1,
        Renhou => 2,
        Kokushi | Kokushi13Wait => 3,
        Chuuren | JunseiChuuren => 4,
        Daisuushii | Shousuushii => 5,
        Daisangen => 6,
        Suuankou | SuuankouTanki => 7,
        Suukantsu => 8,
        Tsuuiisou => 9,
        Ryuuiisou => 10,
        Chinroutou => 11,
        _ => 12,
    }
}

/// A stable insertion sort: the lists are at most a few dozen items and must not allocate.
fn sort_by_key<T: Copy, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}
