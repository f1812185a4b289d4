//! [`RoundRules`]: what is legal while a round is played, and how a round may end early.

/// What a round's rules decide beyond a hand's value: legality, furiten, kan dora, tenpai
/// and the abortive draws. Plain data with enums; no `Default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundRules {
    /// Which discards a player may not make right after a chi or pon.
    pub kuikae: Kuikae,
    /// The least score that allows riichi (Tenhou: 1000).
    pub riichi_min_score: RiichiMinScore,
    /// The least number of live-wall tiles left that allows riichi (Tenhou: 4).
    pub riichi_min_live_tiles: RiichiMinLiveTiles,
    /// When a new kan-dora indicator is revealed.
    pub kan_dora: KanDoraTiming,
    /// Whether thirteen orphans may rob an ankan.
    pub kokushi_robs_ankan: KokushiRobsAnkan,
    /// What counts as tenpai at an exhaustive draw.
    pub tenpai: TenpaiRule,
    /// Sacred discards: when a player may not ron (furiten).
    pub furiten: Furiten,
    /// What a riichi declaration is: the Japanese riichi, or the classic fishing.
    pub riichi: RiichiModel,
    /// Which calls make their feeder liable (pao).
    pub pao_hands: PaoHands,
    /// Nine different terminals and honours on the first turn (kyuushu kyuuhai).
    pub kyuushu_kyuuhai: AbortiveRule,
    /// The same wind (or any same tile) as all four first discards (suufon renda).
    pub suufon_renda: FirstDiscards,
    /// Four players in riichi (suucha riichi).
    pub suucha_riichi: AbortiveRule,
    /// Four kans by more than one player (suukaikan); when not played, no fifth kan is allowed.
    pub suukaikan: AbortiveRule,
    /// Whether a North may be set aside (kita, sanma's nukidora).
    pub kita: Kita,
    /// Whether another player may ron a North set aside, and as what.
    pub kita_ron: KitaRon,
    /// What a kita interrupts: ippatsu and the first go-around, or nothing.
    pub kita_interrupts: KitaInterrupts,
    /// Whether a win on a kita's replacement tile is rinshan kaihou.
    pub kita_rinshan: KitaRinshan,
    /// What a dead hand may not do (after a wrong number of tiles or a false declaration).
    pub dead_hand: DeadHand,
}

/// A dead hand (a hand found with a wrong number of tiles, or whose player falsely declared a
/// win, as a hand-written record notes it): what its player may still do for the rest of the
/// deal. Online play has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadHand {
    /// It may not win, by ron or tsumo, nor declare riichi (or fishing); it draws, discards
    /// and calls as before, and is noten at an exhaustive draw (no nagashi mangan either).
    NoWin,
    /// As [`DeadHand::NoWin`], and it may not call either: no chi, pon or kan of any kind
    /// (the older EMA Riichi Competition Rules 3.4.7).
    NoWinNoCall,
    /// The rule set does not say: a dead hand is reported as not settled.
    NotSettled,
}

/// Kita (北抜き): whether a player may set a North aside as a dora and draw a replacement
/// tile. A three-player rule point; with four players there is no kita.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kita {
    /// A North may be set aside after a draw: it counts as one dora (nukidora), and the
    /// player draws a replacement tile from the dead wall; no new dora indicator.
    Nukidora,
    /// No kita: a North is a tile like any other (every four-player rule set).
    NotPlayed,
}

/// Whether another player may ron a North just set aside (kita).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KitaRon {
    /// A player waiting on North may ron it; the win is not a chankan.
    Ron,
    /// A player waiting on North may ron it, and the win scores chankan.
    Chankan,
    /// The North cannot be ronned (and letting it pass makes no one furiten).
    NoRon,
    /// No source settles it for this rule set: a kita while another player waits on North
    /// cannot be ruled.
    NotSettled,
}

/// What a kita interrupts, as a call would.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KitaInterrupts {
    /// Every player's ippatsu and the first go-around (double riichi, tenhou, chiihou,
    /// renhou, kyuushu kyuuhai), as a call does.
    IppatsuAndFirstTurn,
    /// Nothing: ippatsu and the first go-around go on.
    Nothing,
    /// No source settles it for this rule set: a kita while an ippatsu or the first go-around
    /// is still alive cannot be ruled.
    NotSettled,
}

/// Whether a win on the replacement tile drawn after a kita scores rinshan kaihou.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KitaRinshan {
    /// It does, as after a kan.
    Rinshan,
    /// It does not: the tile is only a draw.
    NotRinshan,
    /// No source settles it for this rule set: a tsumo on a kita's replacement cannot be
    /// scored.
    NotSettled,
}

/// Which calls make the player who fed them liable (pao) for the hand they complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaoHands {
    /// The Japanese rule: the pon or kan of the third dragon set (daisangen) or the fourth
    /// wind set (daisuushii).
    BigDragonsAndWinds,
    /// The classic insurance (RULES.md A10): those two, and the fourth set of an all-honours,
    /// all-terminals or all-green hand (tsuuiisou, chinroutou, ryuuiisou); claiming the tile
    /// for a kan makes no one liable.
    Classic,
}

/// What a riichi declaration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiichiModel {
    /// The Japanese riichi: a 1000-point deposit taken once the declaration tile passes, one
    /// han (two for a double riichi), ippatsu and ura dora where the rules count them.
    Riichi,
    /// The classic "fishing" (RULES.md A8): a declaration of a ready hand with no deposit and
    /// no ippatsu, one double to its winner where `fishing_double` says so (seed 001); when
    /// another player wins, each fishing player pays that winner `fishing_stake`.
    Fishing,
}

/// Sacred discards (furiten): when a player may not ron a tile that completes its hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Furiten {
    /// The Japanese rule: not while one's own discards hold a winning tile, nor after letting
    /// a winning tile pass until one's next discard, nor for the rest of the round after
    /// letting one pass in riichi.
    Standard,
    /// No sacred discards: any ron on a completing tile stands (a classic variant).
    None,
    /// The classic 1-4-7 rule in its set-completion reading (RULES.md A9, after 4windsmj):
    /// a discard may not be ronned if, in every way the hand reads, the set it completes
    /// could also be completed by one of the player's own discards (with 23456s and 1s
    /// discarded, 1s is refused, 4s stands only as 4-56, 7s stands). Only one's own
    /// discards are sacred: letting a tile pass makes no one furiten.
    OneFourSeven,
}

/// Identical first discards (suufon renda): which four identical first discards end the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstDiscards {
    /// Four identical wind discards in an uninterrupted first go-around end the round.
    Winds,
    /// Any four identical first discards end it (the classic rules' variant, RULES.md A5).
    AnyTile,
    /// There is no such draw: play goes on.
    NotPlayed,
}

/// Whether an abortive draw is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbortiveRule {
    /// The condition ends the round as an abortive draw (kyuushu kyuuhai when declared).
    Abort,
    /// There is no such draw: play goes on.
    NotPlayed,
}

/// The least score that allows a riichi declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiichiMinScore {
    /// At least this many points (Tenhou: 1000, the deposit).
    AtLeast(i32),
    /// Any score, below the deposit or below zero too (M-League).
    Any,
    /// No source settles it for this rule set: a riichi below 1000 points cannot be ruled.
    NotSettled,
}

/// How many live-wall tiles must be left for a riichi declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiichiMinLiveTiles {
    /// At least this many (Tenhou: 4, one more draw for each player; 0: riichi on the last
    /// discard too).
    AtLeast(u8),
    /// No source settles it for this rule set: a riichi with fewer than four live tiles left
    /// cannot be ruled.
    NotSettled,
}

/// Kuikae (swap-calling): which discards are forbidden right after a chi or pon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kuikae {
    /// Neither the called kind nor, for a chi on an end of the run, the kind at the other end.
    SameAndSuji,
    /// Only the called kind.
    SameOnly,
    /// Any discard is allowed.
    Allowed,
    /// The rule set does not say: a discard that the widest rule (same and suji) would
    /// refuse is reported as not settled.
    NotSettled,
}

/// When a kan's new dora indicator is revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KanDoraTiming {
    /// Ankan at once; daiminkan and kakan when the kan player discards (Tenhou).
    AnkanNowOpenAtDiscard,
    /// Every kan at once.
    Immediate,
    /// No kan dora: a kan reveals no indicator (JPML official rules).
    None,
    /// No source settles it for this rule set: a kan cannot be ruled.
    NotSettled,
}

/// Whether kokushi musou may rob an ankan (chankan on a concealed kan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KokushiRobsAnkan {
    /// It may not (Tenhou).
    No,
    /// It may.
    Yes,
    /// No source settles it for this rule set: such a ron cannot be ruled.
    NotSettled,
}

/// What counts as tenpai at an exhaustive draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TenpaiRule {
    /// Any waiting shape, but a wait is void when all four of its copies are in the player's
    /// own concealed hand (Tenhou; melds do not count).
    ConcealedFourVoid,
    /// Any waiting shape, but a wait is void when all four of its copies are in the player's
    /// hand, its melds included (EMA).
    HandAndMeldsFourVoid,
    /// No source settles it for this rule set: a draw where the two readings above differ
    /// cannot be ruled.
    NotSettled,
}
